"""The command line writes the JSON contract: every ``--json`` output is a document with
``version`` and ``kind``, valid against the schema of its kind, with squares as notations and
players 1-based; the batch of ``officers puzzle verify`` and the ``verify`` op give the same
results; ``enumerate --json`` streams; searches stop at their time limit saying what they knew."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import pytest

from officers import GameState, Rules, Square, count_completions
from officers.cli import main
from officers.cli.common import ExitCode
from officers.contract import KINDS, handle
from officers.euler.analysis import JSON_VERSION
from officers.euler.puzzles.batch import SCHEMA_VERSION
from tests.helpers import assert_valid, run_cli

GAME = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"


def documents(out: str) -> list[dict[str, Any]]:
    """Every line of the output as a document, each checked against its schema."""
    found = [json.loads(line) for line in out.splitlines() if line.strip()]
    for data in found:
        assert data["version"] == JSON_VERSION and data["kind"] in KINDS
        assert_valid(data)
    return found


COMMANDS: list[tuple[list[str], list[str], int]] = [
    (["show", "AC3/1JS2/1AH1QD/4", "--json"], ["square"], 0),
    (["show", "AS1AH1/4/4/4", "--diagonals", "--json"], ["square"], 1),
    (["show", "AaBbCc/BcCaAb/3", "--order", "3", "--json"], ["square"], 0),
    (["count", "AS3/4/4/4", "--diagonals", "--json"], ["count"], 0),
    (["count", "Aa4/5/5/5/5", "--order", "5", "--json"], ["count"], 0),
    (["complete", "AC3/1JS2/1AH1QD/4", "--json"], ["completion"], 0),
    (["complete", "AS1KS1/4/4/4", "--json"], ["completion"], 1),
    (["complete", "ASKHQDJC/QCJDAHKS/4/4", "--all", "--json"], ["completions"], 0),
    (["enumerate", "--count-only", "--diagonals", "--json"], ["count"], 0),
    (["enumerate", "--order", "3", "--json"], ["finished"] * 72 + ["enumeration"], 0),
    (["puzzle", "verify", "AC3/1JS2/1AH1QD/4", "--json"], ["start-report"], 0),
    (["puzzle", "report", "ADJC2/4/JS3/KC3", "--json"], ["start-report"], 1),
    (["puzzle", "verify", "AC3/1JS2/1AH1QD/4", "4/4/4/4", "--json", "--explain"],
     ["verify-result"] * 2, 1),
    (["puzzle", "new", "--seed", "5", "--json"], ["riddle"], 0),
    (["puzzle", "new", "--seed", "5", "--count", "2", "--json"], ["riddle"] * 2, 0),
    (["deal", "--seed", "3", "--players", "3", "--json"], ["game"], 0),
    (["state", GAME, "AS@r1c1", "--json"], ["game"], 0),
    (["state", GAME, "--viewer", "2", "--json"], ["player-view"], 0),
    (["simulate", "--deals", "2", "--jobs", "1", "--no-progress", "--json"], ["simulation"], 0),
    (["explain", "AS1KS1/4/4/4", "--json"], ["explanation"], 1),
    (["hint", GAME, "--player", "2", "--json"], ["hint"], 0),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "kinds", "status"), COMMANDS, ids=lambda v: str(v)[:40])
def test_every_json_output_is_a_valid_contract_document(
    capsys: pytest.CaptureFixture[str], argv: list[str], kinds: list[str], status: int
) -> None:
    code, out, _ = run_cli(capsys, *argv)
    assert code == status
    assert [data["kind"] for data in documents(out)] == kinds


def test_squares_are_notations_and_players_one_based(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_cli(capsys, "complete", "AC3/1JS2/1AH1QD/4", "--json")
    (data,) = documents(out)
    completion = Square(data["completion"])
    assert data["square"] == "AC3/1JS2/1AH1QD/4" and Rules().is_finished(completion)
    _, out, _ = run_cli(capsys, "puzzle", "new", "--seed", "5", "--json")
    (riddle,) = documents(out)
    assert "solution" not in riddle and count_completions(Square(riddle["start"])) == 1
    state = GameState.parse(GAME)
    state.push(state.parse_move("AS@r1c1"))
    _, out, _ = run_cli(capsys, "state", GAME, "AS@r1c1", "--json")
    (game,) = documents(out)
    assert game["to_move"] == state.turn + 1 == 2 and game["game"] == state.notation()


def test_enumerate_json_counts_what_it_lists(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_cli(capsys, "enumerate", "--order", "3", "--json")
    *squares, end = documents(out)
    assert [s["number"] for s in squares] == list(range(1, 73))
    assert len({s["square"] for s in squares}) == 72 == end["count"]
    assert end["complete"] is True and end["rules"] == {"order": 3, "diagonals": False}
    assert all(Rules(order=3).is_finished(Square.parse(s["square"], order=3)) for s in squares)


def test_enumerate_json_streams_the_first_square_at_once() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "officers", "enumerate", "--order", "5", "--json",
         "--time-limit", "none"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        first = json.loads(process.stdout.readline())
        assert first["kind"] == "finished" and first["number"] == 1
        assert process.poll() is None  # the search goes on: nothing was buffered
    finally:
        process.kill()
        process.wait()


def test_a_search_out_of_time_says_what_it_knew(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        capsys,
        "enumerate",
        "--order",
        "6",
        "--method",
        "backtrack",
        "--json",
        "--time-limit",
        "0.3",
    )
    *squares, end = documents(out)
    assert code == ExitCode.TIMEOUT and end["kind"] == "enumeration"
    assert end["complete"] is False and end["count"] == len(squares)
    assert f"{len(squares)} finished squares listed" in err
    start = time.monotonic()
    argv = ["count", "Aa6/7/7/7/7/7/7", "--order", "7", "--time-limit", "0.5", "--json"]
    code, out, err = run_cli(capsys, *argv)
    assert time.monotonic() - start < 10
    (error,) = documents(out)
    assert code == ExitCode.TIMEOUT and error["code"] == "timeout" and error["answer"] == "unknown"
    assert "ran out of time" in err


def test_the_default_time_limit_is_documented(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.euler.solve.cpsat import DEFAULT_TIME_LIMIT

    for command in ("count", "complete", "enumerate"):
        assert main([command, "--help"]) == ExitCode.OK
        out = capsys.readouterr().out
        assert f"default {DEFAULT_TIME_LIMIT:g}; 'none' for no limit" in " ".join(out.split())
    code, _, err = run_cli(capsys, "count", "AS3/4/4/4", "--time-limit", "0")
    assert code == ExitCode.BAD_INPUT and "'none'" in err


def test_the_verify_op_and_the_cli_give_the_same_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    starts = ["AC3/1JS2/1AH1QD/4", "ADJC2/4/JS3/KC3 expert", "AC3/1JS/4/4", "4/4/4/4",
              "ASKH2/2JS1/QC3/4"]  # fmt: skip
    _, out, _ = run_cli(capsys, "puzzle", "verify", *starts, "--json")
    lines = documents(out)
    answer = handle({"op": "verify", "starts": starts})
    assert_valid(answer)
    assert answer["results"] == lines
    unreadable = answer["results"][2]
    assert unreadable["square"] is None and "'AC3/1JS/4/4'" in unreadable["error"]["message"]
    assert unreadable["error"]["text"] == "AC3/1JS/4/4"
    assert answer["results"][4]["duplicate_of"] == 1
    assert answer["summary"]["exit_status"] == 2 and answer["summary"]["errors"] == 1
    objects = handle({"op": "verify", "starts": [{"square": "ADJC2/4/JS3/KC3", "diagonals": True,
                                                  "name": "b"}, 17, ""]})  # fmt: skip
    assert_valid(objects)
    first, number, blank = objects["results"]
    assert first["unique"] and first["fields"] == {"name": "b"}
    assert number["error"] is not None and blank["error"] is not None  # in place, not dropped


def test_the_batch_writes_the_contract_version() -> None:
    assert SCHEMA_VERSION == JSON_VERSION


def test_schema_prints_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    for kind in KINDS:
        code, out, _ = run_cli(capsys, "schema", kind)
        printed = json.loads(out)
        body = printed["$defs"][printed["$ref"].split("/")[-1]] if "$ref" in printed else printed
        assert code == 0 and body["properties"]["kind"] == {"const": kind}


def test_verify_rules_json_is_a_rules_check(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["verify-rules", "--deals", "1", "--games", "1", "--jobs", "1", "--json"]
    code, out, _ = run_cli(capsys, *argv)
    (data,) = documents(out)
    assert data["kind"] == "rules-check"
    assert code == (ExitCode.OK if not data["failed"] else ExitCode.NO)


def test_lang_choices_are_the_languages_officers_has() -> None:
    from officers.cli import parser
    from officers.euler.words import languages

    def lang_choices(*path: str) -> tuple[str, ...]:
        node: Any = parser()
        for name in path:
            sub = next(a for a in node._actions if a.__class__.__name__ == "_SubParsersAction")
            node = sub.choices[name]
        (action,) = [a for a in node._actions if a.dest == "lang"]
        return tuple(action.choices)

    for path in (("hint",), ("explain",), ("puzzle", "report"), ("puzzle", "verify")):
        assert lang_choices(*path) == (*languages(), "both"), path


def test_progress_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run_cli(capsys, "enumerate", "--order", "3")
    assert code == 0 and err == ""  # not a terminal: no bar
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run_cli(capsys, "enumerate", "--order", "3")
    assert code == 0 and "listing" in err and len(out.splitlines()) == 72
    code, out, err = run_cli(capsys, "count", "Aa4/5/5/5/5", "--order", "5")
    assert code == 0 and "counting" in err and "limit 10 s" in err
    code, out, err = run_cli(capsys, "count", "AS3/4/4/4")
    assert err == ""  # order 4: the index answers at once, no bar
