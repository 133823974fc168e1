"""``officers puzzle verify | census | new``: answers, JSON, exit codes, one line for bad input."""

from __future__ import annotations

import json

import pytest

from officers import Rules, Square, count_completions
from officers.euler.puzzles import census, start_classes
from officers.euler.symmetry import canonical_form
from tests.helpers import assert_valid, run_cli

OZANAM = "AC3/1JS2/1AH1QD/4"
OZANAM_DIAGONAL = "ADJC2/4/JS3/KC3"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return run_cli(capsys, "puzzle", *argv)


def test_verify_a_riddle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", OZANAM)
    assert code == 0 and not err
    assert out.splitlines()[0] == "A♣ ·· ·· ··"
    assert "exactly one completion, and every card is needed (rows and columns)" in out
    assert "completion: ACKDQSJH/QHJSADKC/KSAHJCQD/JDQCKHAS" in out
    assert "grade 1 (Easy)" in out


def test_verify_not_a_riddle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", OZANAM_DIAGONAL)
    assert code == 1 and "2 completions" in out and "grade" not in out
    code, out, _ = run(capsys, "verify", OZANAM, "--diagonals")
    assert code == 1 and "no completion" in out


def test_verify_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", OZANAM_DIAGONAL, "--diagonals", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["completions"] == 1 and data["unique"] and data["minimal"]
    assert data["rules"] == {"order": 4, "diagonals": True}
    completion = Square(data["completion"])
    assert count_completions(Square(OZANAM_DIAGONAL), Rules(diagonals=True)) == 1
    assert Rules(diagonals=True).is_finished(completion)
    assert data["grade"]["level"] in (1, 2) and len(data["grade"]["steps"]) == 12
    assert data["kind"] == "start-report" and data["start"] == Square(OZANAM_DIAGONAL).notation()
    puzzle = canonical_form(Square(OZANAM_DIAGONAL), Rules(diagonals=True), "puzzle")
    assert (
        canonical_form(Square(data["classes"]["puzzle"]), Rules(diagonals=True), "puzzle") == puzzle
    )
    assert_valid(data)
    code, out, _ = run(capsys, "verify", "ACKD2/1JS2/1AH1QD/4", "--json")
    data = json.loads(out)
    assert code == 0 and not data["minimal"]
    assert [r["card"] for r in data["redundant"]] == ["KD", "AH"]


@pytest.mark.parametrize("diagonals", [False, True])
def test_census_json(capsys: pytest.CaptureFixture[str], diagonals: bool) -> None:
    argv = ["census", "--json"] + (["--diagonals"] if diagonals else [])
    code, out, _ = run(capsys, *argv)
    data = json.loads(out)
    rules = Rules(diagonals=diagonals)
    assert code == 0
    assert data == {
        "version": 2,
        "kind": "census",
        **census(rules).to_dict(),
        "classes": {
            kind: {
                "count": len(start_classes(rules, kind=kind)),
                "burnside": len(start_classes(rules, kind=kind)),
                "group_order": order,
                "classes": [c.to_dict() for c in start_classes(rules, kind=kind)],
            }
            for kind, order in (("lines", 36864 if diagonals else 1327104), ("puzzle", 1327104))
        },
    }
    assert_valid(data)


def test_census_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "census", "--classes")
    assert code == 0
    row = census(Rules()).row(4)
    assert f"| 4 | {row.unique} | {row.sub_squares} |" in out
    assert "The smallest riddle has 4 cards" in out
    assert f"fall into {len(start_classes(Rules()))} symmetry classes" in out
    for item in start_classes(Rules()):
        assert item.representative.notation() in out


def test_new_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "new", "--seed", "17", "--json")
    second = run(capsys, "new", "--seed", "17", "--json")
    assert first == second and first[0] == 0
    data = json.loads(first[1])
    assert data["seed"] == 17 and data["cards"] == 4
    assert_valid(data)
    start = Square(data["start"])
    assert count_completions(start) == 1
    solution = Square(data["completion"])
    assert Rules().is_finished(solution)
    assert all(solution.values[c] == v for c, v in enumerate(start.values) if v != -1)


def test_new_text_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "new", "--cards", "5", "--seed", "Euler", "--minimal", "--difficulty", "normal",
        "--diagonals", "--solution",
    )  # fmt: skip
    # No minimal riddle with the diagonals has 5 cards: refused as bad input.
    assert code == 2
    code, out, err = run(
        capsys, "new", "--cards", "5", "--seed", "Euler", "--minimal", "--difficulty", "normal",
        "--solution",
    )  # fmt: skip
    assert code == 0 and not err
    lines = out.splitlines()
    start = Square(lines[5])
    assert start.placed_count() == 5 and count_completions(start) == 1
    assert "5 cards, minimal, rows and columns; grade 2 (Normal)" in out
    assert "seed: 'Euler'" in out
    solution = Square(lines[-1].removeprefix("solution: "))
    assert Rules().is_finished(solution)


def test_new_without_seed_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "--json")
    data = json.loads(out)
    again = run(capsys, "new", "--json", "--seed", str(data["seed"]))
    assert code == 0 and json.loads(again[1]) == data


@pytest.mark.parametrize(
    ("argv", "code", "quoted"),
    [
        (["verify", "AC3/1JS/4/4"], 2, "'AC3/1JS/4/4'"),
        (["verify"], 2, "--file PATH"),
        ([], 2, "ACTION"),
        (["frobnicate"], 2, "'frobnicate'"),
        (["new", "--cards", "3"], 2, "at least 4 cards"),
        (["new", "--cards", "x"], 2, "'x'"),
        (["new", "--difficulty", "expert"], 2, "grade 4"),
        (["new", "--difficulty", "lots"], 2, "'lots'"),
        (["new", "--cards", "15", "--difficulty", "2", "--seed", "1"], 1, "15-card riddle"),
    ],
)
def test_bad_requests(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: int, quoted: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == code and not out
    assert len(err.strip().splitlines()) == 1 and quoted in err
    assert "Traceback" not in err


def test_new_count_json_lines_and_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: pytest.TempPathFactory
) -> None:
    import xml.etree.ElementTree as ET
    from pathlib import Path

    sheet = Path(str(tmp_path)) / "riddles.svg"
    argv = ["new", "--count", "4", "--cards", "6", "--seed", "9", "--json", "--sheet", str(sheet)]
    code, out, err = run(capsys, *argv)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["number"] for r in rows] == [1, 2, 3, 4]
    assert all(r["kind"] == "riddle" and r["version"] == 2 for r in rows)
    for row in rows:
        assert_valid(row)
    forms = {canonical_form(Square(r["start"]), Rules(), "puzzle") for r in rows}
    assert len(forms) == 4 and "riddles.svg" in err
    root = ET.parse(sheet).getroot()
    assert len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='card']")) == 4 * 6 + 4 * 16
    assert run(capsys, *argv) == (code, out, err)  # reproducible from the seed
    html = Path(str(tmp_path)) / "riddles.html"
    code, out, _ = run(capsys, "new", "--count", "2", "--seed", "9", "--sheet", str(html))
    assert code == 0 and len(out.splitlines()) == 2 and "<!DOCTYPE html>" in html.read_text()
    code, _, err = run(capsys, "new", "--count", "2", "--sheet", str(sheet) + ".pdf")
    assert code == 2 and ".pdf" in err
    code, _, err = run(capsys, "new", "--count", "9", "--cards", "4", "--seed", "1")
    assert code == 1 and "found only 4 pairwise different" in err


def test_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", OZANAM_DIAGONAL, "--diagonals")
    assert code == 0 and "solving path:" in out and "rating: " in out
    assert "class (same puzzle): " in out and "class (same picture up to the square's moves)" in out
    assert out.count("(only card for the cell)") == 12
    code, out, _ = run(capsys, "verify", OZANAM, "--explain", "--json")
    data = json.loads(out)
    assert code == 0 and data["kind"] == "start-report" and len(data["path"]) == 12
    code, out, _ = run(capsys, "report", OZANAM_DIAGONAL)
    assert code == 1 and "2 completions" in out


def test_verify_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["verify", OZANAM, "--file", "x.txt"],
        ["verify", "-", "-"],
        ["verify", OZANAM, OZANAM, "--json", "--csv"],
        ["verify", "--file", "/nonexistent/starts.txt"],
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and not out and len(err.strip().splitlines()) == 1, argv


def test_verify_progress_and_explain(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "starts.csv"
    path.write_text(f"name,square,rules\na,{OZANAM},\nb,{OZANAM_DIAGONAL},expert\n", "utf-8")
    code, out, err = run(capsys, "verify", "--file", str(path), "--progress", "--explain")
    assert code == 0 and "verifying" in err  # the bar, on standard error
    assert out.count("solving path:") == 2 and "2 starts: 2 riddles" in out


def test_reports_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.euler.puzzles.report import start_report
    from officers.euler.words import languages

    report = start_report(Square("ACKD2/1JS2/1AH1QD/4"))
    for lang in languages():  # every language tells every step, in its own words
        texts = [step.text(lang) for step in report.path]
        assert len(set(texts)) == len(texts) and all(texts)
    german = report.text("de")
    assert "Lösungsweg:" in german and "kann wegfallen" in german and "Karo-König" in german
    assert report.path[0].text("de") != report.path[0].text("en")
    assert report.verdict("en").startswith(report.verification.reason())
    code, out, _ = run(capsys, "report", "ACKD2/1JS2/1AH1QD/4", "--lang", "de")
    assert code == 0 and out.strip() == german
    code, out, _ = run(capsys, "verify", "ACKD2/1JS2/1AH1QD/4", "--lang", "both", "--json")
    data = json.loads(out)
    assert set(data["text"]) == {"en", "de"} and set(data["path"][0]["text"]) == {"en", "de"}
    assert_valid(data)
    code, out, _ = run(
        capsys, "verify", "AC3/1JS2/1AH1QD/4", "4/4/4/4", "--explain", "--lang", "de"
    )
    assert code == 1 and "Vervollständigungen: kein Rätsel" in out
    code, _, err = run(capsys, "report", "AC3/1JS2/1AH1QD/4", "--lang", "fr")
    assert code == 2 and "invalid choice" in err
