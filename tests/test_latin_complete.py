"""Completing k - 1 mutually orthogonal Latin squares to k (officers.latin.complete_mols) and
the command ``officers latin mols-complete``."""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import (
    InvalidArgumentError,
    NotationError,
    NotLatinSquareError,
    SolverTimeoutError,
)
from officers.latin import complete_mols, cyclic_square, is_orthogonal_array, mols
from officers.latin.construct import orthogonal_pair
from officers.latin.orthogonal import has_orthogonal_mate, orthogonal_mates
from officers.latin.random import random_latin_square

METHODS = ("exact", "cpsat")
Square = Sequence[Sequence[int]]


def is_mols_set(squares: Sequence[Square]) -> bool:
    """An independent check: the squares, with rows and columns, make an orthogonal array."""
    n = len(squares[0])
    rows = [(r, c, *(square[r][c] for square in squares)) for r in range(n) for c in range(n)]
    return is_orthogonal_array(rows, len(squares) + 2, n)


def pairwise_orthogonal(squares: Sequence[Square]) -> bool:
    """A second check, from the definition: every two squares hold every pair of symbols once."""
    n = len(squares[0])
    return all(
        len({(a[r][c], b[r][c]) for r in range(n) for c in range(n)}) == n * n
        for a, b in itertools.combinations(squares, 2)
    )


def check_completion(given_squares: Sequence[Square], square: Square | None) -> None:
    assert square is not None
    n = len(square)
    assert tuple(square[0]) == tuple(range(n))  # named so its first row reads 0 .. n-1
    assert is_mols_set([*given_squares, square])
    assert pairwise_orthogonal([*given_squares, square])


# --- real facts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", [3, 5, 7])
def test_the_fields_n_minus_2_squares_complete_to_a_full_set(n: int, method: str) -> None:
    given_squares = mols(n - 2, n)
    square = complete_mols(given_squares, method=method, time_limit=120)
    check_completion(given_squares, square)
    # a full set of n - 1 MOLS has no completion (at most n - 1 exist)
    assert complete_mols([*given_squares, square], method=method) is None  # type: ignore[list-item]
    assert complete_mols(mols(n - 1, n), method=method) is None


@pytest.mark.parametrize("method", METHODS)
def test_two_squares_of_gf4_complete_to_three(method: str) -> None:
    given_squares = mols(2, 4)
    square = complete_mols(given_squares, method=method, time_limit=120)
    check_completion(given_squares, square)


@pytest.mark.parametrize("method", METHODS)
def test_the_cyclic_group_of_order_4_has_no_mate(method: str) -> None:
    z4 = cyclic_square(4)  # the table of Z4: no transversal at all
    assert complete_mols([z4], method=method, time_limit=120) is None
    assert not has_orthogonal_mate(z4)


@pytest.mark.parametrize("method", METHODS)
def test_a_square_of_order_2_and_the_square_of_order_1(method: str) -> None:
    assert complete_mols([[[0, 1], [1, 0]]], method=method) is None  # n - 1 = 1 given
    assert complete_mols([[[0]], [[0]]], method=method) == ((0,),)


@pytest.mark.parametrize("method", METHODS)
def test_no_square_of_order_6_has_a_mate(method: str) -> None:
    for seed in range(1, 4):  # Tarry 1900: no graeco-latin square of order 6
        assert complete_mols([random_latin_square(6, seed=seed)], method=method) is None


def test_a_square_of_order_10_without_a_mate() -> None:
    square = random_latin_square(10, seed=0)
    assert complete_mols([square], time_limit=600) is None
    assert not has_orthogonal_mate(square)


def test_a_square_of_order_10_has_a_mate_found_and_a_tiny_time_limit_runs_out() -> None:
    first = orthogonal_pair(10)[0]
    square = complete_mols([first], time_limit=600)
    check_completion([first], square)
    for method in METHODS:
        with pytest.raises(SolverTimeoutError, match="ran out of time"):
            complete_mols([first], method=method, time_limit=1e-9)


def test_the_exact_method_finds_the_mates_first_partition() -> None:
    # with one square, the exact method is the pairs' search: the same first mate
    for n in (3, 5, 7):
        square = cyclic_square(n)
        assert complete_mols([square]) == next(orthogonal_mates(square))


# --- the two methods agree -----------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(n=st.integers(3, 5), seed=st.integers(0, 10**6), pick=st.integers(0, 1000))
def test_both_methods_agree(n: int, seed: int, pick: int) -> None:
    first = random_latin_square(n, seed=seed)
    answers = [complete_mols([first], method=method, time_limit=120) for method in METHODS]
    assert (answers[0] is None) == (answers[1] is None) == (not has_orthogonal_mate(first))
    if answers[0] is None:
        return
    for answer in answers:
        check_completion([first], answer)
    mates = list(orthogonal_mates(first))
    second = mates[pick % len(mates)]
    answers = [complete_mols([first, second], method=method, time_limit=120) for method in METHODS]
    assert (answers[0] is None) == (answers[1] is None)
    for answer in answers:
        if answer is not None:
            check_completion([first, second], answer)


# --- bad input -----------------------------------------------------------------------------------


def test_bad_input_is_refused_quoting_it() -> None:
    z5 = cyclic_square(5)
    with pytest.raises(InvalidArgumentError, match=r"squares 1 and 2 are not orthogonal"):
        complete_mols([z5, z5])
    first, second, _ = mols(3, 5)
    with pytest.raises(InvalidArgumentError, match=r"squares 2 and 3 are not orthogonal"):
        complete_mols([first, second, second])
    with pytest.raises(InvalidArgumentError, match=r"of one order .*orders are \[5, 3\]"):
        complete_mols([z5, cyclic_square(3)])
    with pytest.raises(NotLatinSquareError, match=r"not a Latin square \(\(0, 1\), \(1, 1\)\)"):
        complete_mols([((0, 1), (1, 1))])
    with pytest.raises(InvalidArgumentError, match=r"a single square\? put it in a list"):
        complete_mols(z5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"at least one Latin square .*\[\]"):
        complete_mols([])
    with pytest.raises(TypeError, match=r"expected a list of Latin squares.*'012/120/201'"):
        complete_mols("012/120/201")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"'exact' or 'cpsat', got 'dlx'"):
        complete_mols([z5], method="dlx")
    with pytest.raises(InvalidArgumentError, match="time limit"):
        complete_mols([z5], time_limit=0)
    big = [[[(r + c) % 60 for c in range(60)] for r in range(60)]] * 2
    with pytest.raises(InvalidArgumentError) as caught:
        complete_mols(big)
    assert "..." in str(caught.value) and len(str(caught.value)) < 300  # a bounded excerpt


# --- the command ---------------------------------------------------------------------------------


def run_latin(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``officers latin ...`` through its group's parser alone."""
    from officers.cli.common import Parser
    from officers.cli.latin import add_commands

    top = Parser(prog="officers")
    add_commands(top.add_subparsers(dest="command", parser_class=Parser))
    args = top.parse_args(["latin", *argv])
    code = args.run(args)
    out, err = capsys.readouterr()
    return int(code), out, err


def read_text_set(out: str) -> list[list[list[int]]]:
    lines = [line for line in out.splitlines() if not line.startswith("#")]
    blocks = "\n".join(lines).strip().split("\n\n")
    return [[[int(x) for x in line.split()] for line in block.splitlines()] for block in blocks]


@pytest.mark.parametrize("method", METHODS)
def test_the_command_completes_what_mols_prints(
    method: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_latin(["mols", "2", "5"], capsys)
    assert code == 0
    path = tmp_path / "two.txt"
    path.write_text(out)
    code, out, _ = run_latin(["mols-complete", str(path), "--method", method], capsys)
    squares = read_text_set(out)
    assert code == 0 and out.startswith("# 3 MOLS of order 5") and len(squares) == 3
    assert squares[:2] == [[list(row) for row in s] for s in mols(2, 5)]
    assert is_mols_set(squares)
    path.write_text(out)  # its output reads back: complete once more, to the full set
    code, out, _ = run_latin(["mols-complete", f"@{path}", "--method", method], capsys)
    assert code == 0 and len(read_text_set(out)) == 4 and is_mols_set(read_text_set(out))
    path.write_text(out)
    code, out, err = run_latin(["mols-complete", str(path), "--method", method], capsys)
    assert code == 1 and out == "" and "at most n - 1 = 4" in err


def test_the_command_in_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_latin(["mols", "1", "4", "--json"], capsys)
    path = tmp_path / "one.json"
    path.write_text(out)
    code, out, _ = run_latin(["mols-complete", str(path), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["kind"] == "latin-mols-completion" and data["found"] is True
    assert (data["k"], data["n"]) == (2, 4) and is_mols_set(data["squares"])
    assert data["squares"][-1] == data["square"]
    path.write_text(json.dumps([[list(row) for row in cyclic_square(4)]]))
    code, out, err = run_latin(["mols-complete", str(path), "--json", "--method", "cpsat"], capsys)
    data = json.loads(out)
    assert code == 1 and data["found"] is False and data["square"] is None
    assert "orthogonal to the given square: the cpsat search was exhaustive" in err


def test_the_command_exit_statuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from officers.cli import main

    path = tmp_path / "bad.txt"
    path.write_text("0 1\n1 1\n")
    assert main(["latin", "mols-complete", str(path)]) == 2
    assert "not a Latin square [[0, 1], [1, 1]]" in capsys.readouterr().err
    path.write_text("0 1 2\n1 2 0\n2 0 1\n\n0 1 2\n1 2 0\n2 0 1\n")
    assert main(["latin", "mols-complete", str(path)]) == 2
    assert "squares 1 and 2 are not orthogonal" in capsys.readouterr().err
    path.write_text("0 1\n1 z\n")
    with pytest.raises(NotationError, match=r"'z' in line 2 is not a number"):
        run_latin(["mols-complete", str(path)], capsys)
    first = orthogonal_pair(10)[0]
    path.write_text("\n".join(" ".join(map(str, row)) for row in first))
    for method in METHODS:
        argv = ["mols-complete", str(path), "--method", method, "--time-limit", "1e-9", "--json"]
        code, out, err = run_latin(argv, capsys)
        assert code == 3 and json.loads(out)["code"] == "timeout" and "ran out of time" in err
