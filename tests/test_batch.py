"""Batch verification: every line's result agrees with verify_start, in every format; nothing is
dropped or reordered; the formats round-trip; the command line streams and sets its exit status."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import Rules, Square
from officers.euler.puzzles import BatchSummary, verify_batch, verify_start
from officers.euler.puzzles.classes import riddle_classes
from officers.euler.solve.index import CompletionIndex
from officers.euler.symmetry import Symmetry, symmetry_group
from tests.helpers import assert_valid, run_cli
from tests.strategies import finished_parts

ROOT = Path(__file__).resolve().parent.parent
UNREADABLE = ["AC3/1JS/4/4", "garbage", "AS AS 2/4/4/4", "ZZ3/4/4/4 expert", "AC3/4/4/4 fancy"]


def mixed_starts(seed: int, count: int) -> list[tuple[Square, bool] | str]:
    """Good riddles, starts with several or no completions, illegal starts and unreadable text."""
    rng = random.Random(seed)
    out: list[tuple[Square, bool] | str] = []
    for _ in range(count):
        diagonals = rng.random() < 0.4
        index = CompletionIndex.get(Rules(diagonals=diagonals))
        values = list(index.values[rng.randrange(len(index))])
        keep = set(rng.sample(range(16), rng.randrange(2, 12)))
        grid = [v if c in keep else -1 for c, v in enumerate(values)]
        what = rng.random()
        if what < 0.15:
            out.append(rng.choice(UNREADABLE))
            continue
        if what < 0.3:  # one more card anywhere: often illegal or with no completion
            free = [c for c, v in enumerate(grid) if v == -1]
            grid[rng.choice(free)] = rng.choice([v for v in range(16) if v not in grid])
        out.append((Square.from_values(grid), diagonals))
    return out


def as_plain(item: tuple[Square, bool] | str) -> str:
    if isinstance(item, str):
        return item
    square, diagonals = item
    return square.notation() + (" diagonals" if diagonals else "")


def as_json(item: tuple[Square, bool] | str, number: int) -> str:
    if isinstance(item, str):
        return "{not json: " + item
    square, diagonals = item
    return json.dumps({"square": square.notation(), "diagonals": diagonals, "id": number})


def as_csv(items: list[tuple[Square, bool] | str]) -> list[str]:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "square", "rules"])
    for number, item in enumerate(items):
        if isinstance(item, str):
            writer.writerow([number, item, "expert"])
        else:
            writer.writerow([number, item[0].notation(), "expert" if item[1] else "standard"])
    return buffer.getvalue().splitlines()


def check_against_verify_start(items: list[tuple[Square, bool] | str], lines: list[str]) -> None:
    results = list(verify_batch(lines))
    assert len(results) == len(items)
    assert [r.line for r in results] == sorted(r.line for r in results)
    seen: dict[tuple[bool, Square], int] = {}
    for item, result in zip(items, results, strict=True):
        if isinstance(item, str):
            assert result.error is not None and result.completions is None
            assert not result.unique and not result.minimal
            continue
        square, diagonals = item
        rules = Rules(diagonals=diagonals)
        expected = verify_start(square, rules)
        assert result.error is None
        assert (result.square, result.rules) == (square, rules)
        assert result.completions == expected.completions
        assert result.unique == expected.unique and result.minimal == expected.minimal
        assert result.redundant == expected.redundant
        assert result.completion == expected.completion
        if result.unique:
            group = symmetry_group(rules, "puzzle")
            assert result.canonical is not None
            canonical = group.canonical(square)
            assert canonical == group.canonical(result.canonical)
            first = seen.setdefault((diagonals, canonical), result.line)
            assert result.duplicate_of == (None if first == result.line else first)
        else:
            assert result.canonical is None and result.duplicate_of is None


@pytest.mark.parametrize("seed", [1, 2])
def test_plain_lines_agree_with_verify_start(seed: int) -> None:
    items = mixed_starts(seed, 60)
    check_against_verify_start(items, [as_plain(item) for item in items])


@pytest.mark.parametrize("seed", [3, 4])
def test_json_lines_agree_with_verify_start(seed: int) -> None:
    items = mixed_starts(seed, 60)
    lines = [as_json(item, n) for n, item in enumerate(items)]
    check_against_verify_start(items, lines)
    fields = [r.fields for r in verify_batch(lines) if r.error is None]
    assert fields == [{"id": n} for n, item in enumerate(items) if not isinstance(item, str)]


@pytest.mark.parametrize("seed", [5, 6])
def test_csv_agrees_with_verify_start(seed: int) -> None:
    items = mixed_starts(seed, 60)
    check_against_verify_start(items, as_csv(items))


def test_line_numbers_count_skipped_lines() -> None:
    lines = ["# riddles", "", "AC3/1JS2/1AH1QD/4", "   ", "x", "ADJC2/4/JS3/KC3 expert"]
    assert [(r.line, r.error is None) for r in verify_batch(lines)] == [
        (3, True), (5, False), (6, True),
    ]  # fmt: skip


def test_the_same_start_twice_is_a_duplicate_under_both_kinds() -> None:
    start = Square("AC3/1JS2/1AH1QD/4")
    moved = symmetry_group(Rules()).generators[2].apply(start)
    for kind in ("puzzle", "lines"):
        results = list(verify_batch([start.notation(), moved.notation()], kind=kind))
        assert results[1].duplicate_of == 1


def test_hidden_symmetry_makes_duplicates_only_as_the_same_puzzle() -> None:
    rules = Rules(diagonals=True)
    start = Square("ADJC2/4/JS3/KC3")
    lines_group = set(symmetry_group(rules).cell_permutations)
    hidden = next(
        p for p in symmetry_group(rules, "puzzle").cell_permutations if p not in lines_group
    )
    twin = Symmetry(hidden, tuple(range(16))).apply(start)
    text = [start.notation() + " expert", twin.notation() + " expert"]
    assert [r.duplicate_of for r in verify_batch(text, kind="puzzle")] == [None, 1]
    assert [r.duplicate_of for r in verify_batch(text, kind="lines")] == [None, None]
    assert verify_start(twin, rules).unique


@settings(max_examples=60, deadline=None)
@given(
    square=finished_parts(),
    diagonals=st.booleans(),
    fields=st.dictionaries(
        st.text("abcdefghij_", min_size=1, max_size=8).filter(
            lambda k: k not in ("square", "start", "diagonals", "rules")
        ),
        st.one_of(
            st.integers(),
            st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=10),
            st.booleans(),
            st.none(),
        ),
        max_size=3,
    ),
)
def test_formats_round_trip(square: Square, diagonals: bool, fields: dict[str, Any]) -> None:
    rules = Rules(diagonals=diagonals)
    plain = square.notation() + (" expert" if diagonals else " standard")
    record = json.dumps({"square": square.notation(), "diagonals": diagonals, **fields})
    buffer = io.StringIO()
    text_fields = {k: "" if v is None else str(v) for k, v in fields.items()}
    writer = csv.DictWriter(buffer, ["square", "diagonals", *text_fields], lineterminator="\n")
    writer.writeheader()
    writer.writerow({"square": square.notation(), "diagonals": diagonals, **text_fields})
    (a,) = verify_batch([plain])
    (b,) = verify_batch([record])
    (c,) = verify_batch(buffer.getvalue().split("\n"), format="csv")
    for result in (a, b, c):
        assert result.square == square and result.rules == rules
    assert b.fields == fields and c.fields == text_fields
    # The JSON output carries it all back.
    out = json.loads(json.dumps(b.to_dict()))
    assert out["version"] == 2 and out["kind"] == "verify-result"
    assert_valid(out)
    assert Square(out["square"]) == square and out["fields"] == fields
    assert out["completions"] == verify_start(square, rules).completions


def test_summary_and_exit_status() -> None:
    cases = [
        (["AC3/1JS2/1AH1QD/4"], 0),
        (["AC3/1JS2/1AH1QD/4", "4/4/4/4"], 1),
        (["AC3/1JS2/1AH1QD/4", "4/4/4/4", "nonsense"], 2),
    ]
    for lines, status in cases:
        summary = BatchSummary()
        for result in verify_batch(lines):
            summary.add(result)
        assert summary.exit_status == status
        assert summary.starts == len(lines)


# --- the command line ----------------------------------------------------------------------------


def test_cli_json_lines_one_per_start(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    items = mixed_starts(8, 40)
    path = tmp_path / "starts.txt"
    path.write_text("\n".join(as_plain(i) for i in items) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "puzzle", "verify", "--file", str(path), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["line"] for row in rows] == list(range(1, len(items) + 1))
    assert all(row["kind"] == "verify-result" and row["version"] == 2 for row in rows)
    for row in rows:
        assert_valid(row)
    assert code == 2 and "unreadable" in err
    for item, row in zip(items, rows, strict=True):
        assert (row["error"] is not None) == isinstance(item, str)
        if row["error"] is not None:
            assert row["error"]["text"].strip("'") in as_plain(item)


def test_cli_csv_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["puzzle", "verify", "AC3/1JS2/1AH1QD/4", "ADJC2/4/JS3/KC3"]
    code, out, err = run_cli(capsys, *argv, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 1 and [r["completions"] for r in rows] == ["1", "2"]
    assert "2 starts: 1 riddle" in err
    code, out, _ = run_cli(capsys, *argv, "--diagonals")
    assert code == 1 and "no completion" in out and "riddle, minimal" in out
    assert out.rstrip().endswith("1 not a riddle, 0 unreadable")


def test_cli_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("AC3/1JS2/1AH1QD/4\nADJC2/4/JS3/KC3 expert\n"))
    code, out, _ = run_cli(capsys, "puzzle", "verify", "-", "--json")
    assert code == 0 and len(out.splitlines()) == 2


def test_cli_streams_through_a_pipe() -> None:
    """The first result comes out before the last line goes in."""
    process = subprocess.Popen(
        [sys.executable, "-m", "officers", "puzzle", "verify", "-", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("AC3/1JS2/1AH1QD/4\n")
    process.stdin.flush()
    first = json.loads(process.stdout.readline())  # would block if the output waited
    assert first["line"] == 1 and first["unique"]
    process.stdin.write("ADJC2/4/JS3/KC3\n")
    process.stdin.close()
    second = json.loads(process.stdout.readline())
    assert second["line"] == 2 and second["completions"] == 2
    assert process.wait(timeout=60) == 1


def test_riddle_class_keys_count_the_classes() -> None:
    """The keys of RiddleClasses split the 4-card riddles into as many classes as the orbits."""
    from officers.euler.puzzles import start_classes
    from officers.euler.puzzles.counting import census_data, subset_masks

    for diagonals in (False, True):
        rules = Rules(diagonals=diagonals)
        index = CompletionIndex.get(rules)
        data = census_data(diagonals)
        level, _ = subset_masks()
        for kind in ("lines", "puzzle"):
            classes = riddle_classes(rules, kind)
            keys = set()
            for number, sets in zip(data.representatives, data.unique_sets, strict=True):
                bits = sets & level[4]
                while bits:
                    low = bits & -bits
                    keys.add(classes.key_of(number, low.bit_length() - 1))
                    bits ^= low
            assert len(keys) == len(start_classes(rules, 4, kind)), (diagonals, kind)
            assert len(index) > 0


def test_equal_groups_share_their_riddle_classes() -> None:
    """Without the diagonals the two kinds of symmetry are one group: the puzzle classes are
    the lines' orbits, not walked again, and give the keys a new walk gives."""
    from officers.euler.puzzles.classes import RiddleClasses

    shared, lines = riddle_classes(Rules(), "puzzle"), riddle_classes(Rules(), "lines")
    assert shared.kind == "puzzle" and lines.kind == "lines" and shared.roots is lines.roots
    walked = RiddleClasses(Rules(), "puzzle")
    assert walked.roots == shared.roots
    for number, cells in [(0, 0b1011), (17, 0x0F0F), (6911, 0xFFFF), (3000, 0b1000_0100_0010_0001)]:
        assert shared.key_of(number, cells) == walked.key_of(number, cells)
    diagonal = riddle_classes(Rules(diagonals=True), "puzzle")  # a larger group: walked apart
    assert diagonal.roots is not riddle_classes(Rules(diagonals=True), "lines").roots
