"""The command line: answers, JSON, exit codes, and one clear line for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.helpers import assert_valid
from tests.helpers import run_cli as run

OZANAM = "AC3/1JS2/1AH1QD/4"


def test_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", OZANAM)
    assert code == 0 and not err
    assert out.splitlines()[0] == "A♣ ·· ·· ··"
    assert "keeps the rule of the square (rows and columns)" in out


def test_show_broken(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "AS1AH1/4/4/4", "--ascii")
    assert code == 1
    assert out.splitlines()[0] == "AS .. AH .."
    assert "row 1 holds two Aces" in out


def test_show_diagonals_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "AS3/1KS2/4/4", "--diagonals", "--json")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False
    assert data["rules"] == {"order": 4, "diagonals": True}
    assert data["conflicts"][0]["line"] == "the main diagonal"
    assert data["square"] == "AS3/1KS2/4/4" and data["kind"] == "square"
    assert_valid(data)


def test_show_other_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "AaBbCc/BcCaAb/3", "--order", "3")
    assert code == 0 and out.splitlines()[1] == "Bc Ca Ab"


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["show", "AC3/1JS/4/4"], "'AC3/1JS/4/4'"),
        (["show", "ZZ3/4/4/4"], "'ZZ'"),
        (["show", ""], "''"),
        (["show"], "SQUARE"),
        (["show", OZANAM, "--order", "0"], "0"),
        (["show", OZANAM, "--order", "x"], "'x'"),
        (["frobnicate"], "'frobnicate'"),
        ([], "COMMAND"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1, err
    assert quoted in err and "Traceback" not in err


def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "officers", "show", "AC3/1JS/4/4"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "officers: cannot read square 'AC3/1JS/4/4': row 2 has 2 cells, expected 4"
    )


# --- any order: the census, the constructions, the proof of order 6 ------------------------------


def test_count_the_empty_square_of_order_6_is_zero_by_the_proof(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "count", "6/6/6/6/6/6", "--order", "6", "--json")
    data = json.loads(out)
    assert code == 1
    assert (data["kind"], data["completions"], data["method"]) == ("count", 0, "census")
    assert_valid(data)


def test_complete_order_2_says_none_exists_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "complete", "2/2", "--order", "2")
    assert code == 1
    assert "no graeco-latin square of order 2 exists" in out and "transversal" in out


def test_complete_order_6_json_gives_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "complete", "6/6/6/6/6/6", "--order", "6", "--json")
    data = json.loads(out)
    assert code == 1 and data["completion"] is None
    assert "Euler's 36 officers" in data["text"]["en"]
    assert_valid(data)


@pytest.mark.parametrize("n", [7, 10, 26])
def test_complete_the_empty_square_by_construction(
    capsys: pytest.CaptureFixture[str], n: int
) -> None:
    from officers import Square
    from officers.euler.solve.verify import is_finished

    code, out, _ = run(capsys, "complete", "/".join([str(n)] * n), "--order", str(n), "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "construction"
    square = Square.parse(data["completion"], order=n)
    assert square.order == n and is_finished(square)
    assert_valid(data)


def test_complete_an_empty_json_square_of_order_38(capsys: pytest.CaptureFixture[str]) -> None:
    from officers import Square
    from officers.euler.solve.verify import is_finished

    empty = json.dumps({"order": 38, "cells": [None] * 38 * 38})
    code, out, _ = run(capsys, "complete", empty, "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "construction"
    square = Square.from_json(json.dumps(data["completion"]))
    assert square.order == 38 and is_finished(square)
    assert_valid(data)


def test_a_large_square_not_in_json_is_refused_with_the_json_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = json.dumps([[-1] * 30] * 30)
    code, _, err = run(capsys, "count", rows, "--order", "30")
    assert code == 2 and err.count("\n") == 1
    assert "cannot read square '[[-1, -1" in err and '{"order": 30, "cells": [...]}' in err
    assert "Square.from_json" not in err


def test_complete_with_diagonals_still_searches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "complete", "5/5/5/5/5", "--order", "5", "--diagonals", "--json")
    data = json.loads(out)
    assert code == 0 and data["method"] == "backtrack"


def test_prove_order_6(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prove-order-6")
    assert code == 0
    assert "9408 reduced Latin squares examined" in out
    assert "with an orthogonal mate: 0 squares" in out and "time:" in out


def test_euler36_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "euler36", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["version"], data["kind"], data["holds"]) == (2, "order-6-proof", True)
    assert_valid(data)
    assert data["squares"] == sum(row["squares"] for row in data["transversals"]) == 9408
    assert data["with_mates"] == data["orthogonal_pairs"] == 0
