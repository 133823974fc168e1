"""k mutually orthogonal Latin squares of order n: every set checked here by a plain checker of
this file's own, the numbers built against published facts, and the refusals."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

import numpy as np
import pytest

from officers.core.errors import InvalidArgumentError, UnsupportedError
from officers.latin import mols_data, mols_matrices
from officers.latin.arrays import (
    field_oa,
    is_orthogonal_array,
    orthogonal_array_of,
    product_oa,
    quasi_difference_matrix_of_vector,
    squares_of,
)
from officers.latin.construct import prime_power
from officers.latin.mutually_orthogonal import (
    MAX_MOLS_ORDER,
    largest_known,
    mols,
    mols_table,
    oa_from_pbd,
    plan,
    why_no_mols,
    wilson_oa,
)
from tests.helpers import assert_valid, is_oa

Square = Sequence[Sequence[int]]


def are_mols(squares: Sequence[Square], n: int) -> bool:
    """The definition, checked plainly: each square has ``n`` rows of ``n`` ints, every row and
    every column holds ``0 .. n-1`` once, and every two squares hold every pair of symbols once
    in their cells (counted with numpy)."""
    if any(len(square) != n or any(len(row) != n for row in square) for square in squares):
        return False
    if any(not isinstance(x, int) or not 0 <= x < n for s in squares for row in s for x in row):
        return False
    cube = np.array(squares, dtype=np.int64).reshape(len(squares), n, n)
    every = np.arange(n)
    if not all(
        (np.sort(cube, axis=axis) == every.reshape(shape)).all()
        for axis, shape in ((2, (1, 1, n)), (1, (1, n, 1)))
    ):
        return False
    flat = cube.reshape(len(squares), n * n)
    return all(
        int(np.count_nonzero(np.bincount(flat[a] * n + flat[b], minlength=n * n))) == n * n
        for a, b in itertools.combinations(range(len(squares)), 2)
    )


# Published numbers of MOLS known (Handbook of Combinatorial Designs, 2nd ed., Table 3.87, with
# Todorov 2012 for 14 and Abel 2015 for 18 and 60), typed here apart from the data module.
PUBLISHED = {
    10: 2, 12: 5, 14: 4, 15: 4, 18: 5, 20: 4, 21: 5, 22: 3, 24: 7, 26: 4, 28: 5, 30: 4,
    33: 5, 34: 4, 35: 5, 36: 8, 38: 4, 39: 5, 40: 7, 42: 5, 44: 5, 45: 6, 46: 4, 48: 8,
    50: 6, 51: 5, 52: 5, 54: 5, 55: 6, 56: 7, 57: 7, 58: 5, 60: 5, 62: 5, 63: 6, 65: 7,
    66: 5, 68: 5, 69: 6, 70: 6, 72: 7, 74: 5, 75: 7, 76: 6, 77: 6, 78: 6, 80: 9, 82: 8,
    84: 6, 85: 6, 86: 6, 87: 6, 88: 7, 90: 6, 91: 7, 92: 6, 93: 6, 94: 6, 95: 6, 96: 7,
    98: 6, 99: 8, 100: 8,
}  # fmt: skip


def test_the_published_numbers_typed_here_agree_with_the_data_module() -> None:
    assert all(mols_data.lower_bound(n) == k for n, k in PUBLISHED.items())


@pytest.mark.parametrize("n", range(2, 101))
def test_every_order_to_100_builds_as_many_as_the_published_table(n: int) -> None:
    expected = n - 1 if prime_power(n) else PUBLISHED.get(n, mols_data.lower_bound(n))
    if n == 6:
        expected = 1
    assert largest_known(n) == expected == mols_data.lower_bound(n)


FAST = [n for n in range(2, 101) if not prime_power(n) or n < 50]


@pytest.mark.parametrize("n", FAST)
def test_each_set_to_100_is_mutually_orthogonal(n: int) -> None:
    k = largest_known(n)
    squares = mols(k, n)
    assert len(squares) == k
    assert are_mols(squares, n)


@pytest.mark.slow
@pytest.mark.parametrize("n", [n for n in range(50, 101) if prime_power(n)])
def test_each_large_field_set_to_100_is_mutually_orthogonal(n: int) -> None:
    squares = mols(n - 1, n)
    assert len(squares) == n - 1
    assert are_mols(squares, n)


@pytest.mark.parametrize("n", [53, 59, 64])
def test_a_large_field_set_in_part(n: int) -> None:
    squares = mols(n - 1, n)
    assert are_mols([squares[0], squares[n // 2], squares[-1]], n)
    assert len(set(squares)) == n - 1


@pytest.mark.parametrize(("k", "n"), [(1, 5), (2, 10), (3, 12), (4, 20), (2, 97), (5, 90)])
def test_fewer_squares_than_the_most_are_a_set_too(k: int, n: int) -> None:
    squares = mols(k, n)
    assert len(squares) == k
    assert are_mols(squares, n)


def test_the_table_to_100_equals_the_published_one() -> None:
    entries = mols_table(100)
    assert [e.n for e in entries] == list(range(2, 101))
    assert all(e.built == e.table and e.shortfall == 0 for e in entries)
    assert {e.n: e.built for e in entries if e.n in PUBLISHED} == PUBLISHED


def test_no_order_builds_more_than_the_published_table() -> None:
    # more would mean a new result, or a mistake in the data: the sets are checked, so the
    # table would be out of date
    for entry in mols_table(MAX_MOLS_ORDER - 1):
        assert entry.built <= entry.table, entry


def test_order_one_takes_any_number_of_copies() -> None:
    assert mols(5, 1) == (((0,),),) * 5
    with pytest.raises(InvalidArgumentError, match="unbounded"):
        plan(1)


@pytest.mark.parametrize(
    ("k", "n", "words"),
    [
        (2, 2, "at most n - 1 = 1"),
        (4, 4, "at most n - 1 = 3"),
        (11, 11, "at most n - 1 = 10"),
        (2, 6, "order 6"),
        (5, 6, "Tarry 1900"),
        (3, 10, "no 3 mutually orthogonal Latin squares of order 10 are known"),
        (6, 12, "it builds 5; the published table knows 5"),
    ],
)
def test_refusals_say_why(k: int, n: int, words: str) -> None:
    with pytest.raises(UnsupportedError, match=words):
        mols(k, n)


def test_a_theorem_says_none_exist_only_where_one_does() -> None:
    assert why_no_mols(2, 10) is None
    assert why_no_mols(1, 6) is None
    assert why_no_mols(2, 6) is not None
    assert why_no_mols(1, 2) is None and why_no_mols(2, 2) is not None


@pytest.mark.parametrize(
    ("k", "n", "error", "quoted"),
    [
        (0, 5, InvalidArgumentError, "got 0"),
        (2, 0, InvalidArgumentError, "got 0"),
        (-3, 5, InvalidArgumentError, "got -3"),
        ("3", 5, TypeError, "got '3'"),
        (2, 5.0, TypeError, "got 5.0"),
        (True, 5, TypeError, "got True"),
        (2, 600, UnsupportedError, "not 600"),
        (2, 10**40, UnsupportedError, "not 1000000000000000000000000000000000000000"),
    ],
)
def test_bad_input_is_refused_and_quoted(k: object, n: object, error: type, quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        mols(k, n)  # type: ignore[arg-type]


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27])
def test_the_field_plane_is_a_complete_set(q: int) -> None:
    rows = field_oa(q)
    assert is_oa(rows, q + 1, q)
    assert are_mols(squares_of(rows, q), q)


def test_macneish_product() -> None:
    rows = product_oa(field_oa(3, 4), field_oa(4, 4), 4)
    assert is_oa(rows, 4, 12)


def test_wilson_with_one_and_two_truncated_columns() -> None:
    # 5*7 + 3 from an OA(6, 7) truncated to 3 points: OA(5, 38) needs OA(5, 5), OA(5, 6)...
    # not at 6; 7*7 + 5: an OA(5, 7), OA(5, 8), OA(5, 5) and a master OA(6, 7)
    rows = wilson_oa(5, 7, field_oa(7, 6), 7, [5])
    assert is_oa(rows, 5, 54)
    rows = wilson_oa(4, 7, field_oa(7, 6), 7, [3, 4])
    assert is_oa(rows, 4, 56)


def test_a_pairwise_balanced_design_gives_an_array() -> None:
    fano = [[0, 1, 2], [0, 3, 4], [0, 5, 6], [1, 3, 5], [1, 4, 6], [2, 3, 6], [2, 4, 5]]
    assert is_oa(oa_from_pbd(3, 7, fano), 3, 7)


@pytest.mark.parametrize(
    ("m", "t"), sorted(key for key in mols_data.V_VECTORS if (key[0] + 1) * key[1] + 1 < 140)
)
def test_each_printed_vector_gives_its_quasi_difference_matrix(m: int, t: int) -> None:
    q = m * t + 1
    columns = quasi_difference_matrix_of_vector(m, t, mols_data.V_VECTORS[m, t][0])
    assert len(columns) == q - 1 + 2 * t + 1
    for a, b in itertools.combinations(range(m + 2), 2):
        differences = []
        for column in columns:
            x, y = column[a], column[b]
            if x is not None and y is not None:
                differences.append((x - y) % q)
        assert sorted(differences) == list(range(q)), (a, b)


@pytest.mark.parametrize(
    "n",
    [
        n if n < 250 else pytest.param(n, marks=pytest.mark.slow)
        for n in sorted(mols_matrices.DIFFERENCE_MATRICES)
    ],
)
def test_each_printed_difference_matrix_builds_its_set(n: int) -> None:
    k = mols_matrices.DIFFERENCE_MATRICES[n][0] - 1  # k rows: an OA(k + 1, n), k - 1 squares
    if largest_known(n) < k:  # pragma: no cover - the table is built from them
        pytest.fail(f"the difference matrix of order {n} is not used")
    assert are_mols(mols(k, n), n)


def test_the_squares_and_the_array_are_the_same_set() -> None:
    squares = mols(4, 15)
    rows = orthogonal_array_of(squares)
    assert is_oa(rows, 6, 15) and is_orthogonal_array(rows, 6, 15)
    assert squares_of(rows, 15) == squares


def test_the_fast_check_agrees_with_the_plain_one_on_broken_arrays() -> None:
    rows = field_oa(5)
    broken = [*rows[:-1], (rows[-1][0], rows[-1][1], *rows[0][2:])]
    assert is_oa(rows, 6, 5) and is_orthogonal_array(rows, 6, 5)
    assert not is_oa(broken, 6, 5) and not is_orthogonal_array(broken, 6, 5)
    swapped = [(r[0], r[1], r[3], r[2], r[4], r[5]) for r in rows]
    assert is_orthogonal_array(swapped, 6, 5)
    short = rows[:-1]
    assert not is_oa(short, 6, 5) and not is_orthogonal_array(short, 6, 5)
    out_of_range = [*rows[:-1], (*rows[-1][:5], 5)]
    assert not is_orthogonal_array(out_of_range, 6, 5)


def test_the_plan_names_its_source() -> None:
    for n, words in [
        (12, "McKay"),
        (14, "Todorov"),
        (18, "Abel 2015"),
        (20, "Handbook III.3.49"),
        (40, "Abel and Cheng"),
        (82, "V(8, 9)"),
        (90, "construction 3.5"),
        (91, "construction 3.3"),
        (302, "construction 3.4"),
        (158, "q - x"),
        (66, "oval"),
        (97, "GF(97)"),
        (63, "MacNeish"),
    ]:
        assert words in plan(n)[1], (n, plan(n))


# --- the commands (officers/cli/mols.py), run through a parser of their own -------------------


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from officers.cli.common import Parser
    from officers.cli.mols import add_commands

    parser = Parser(prog="officers latin")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code = int(args.run(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_mols_command_prints_a_checked_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["mols", "3", "12"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("# 3 MOLS of order 12")
    blocks = "\n".join(lines[1:]).split("\n\n")
    squares = [[[int(x) for x in line.split()] for line in block.splitlines()] for block in blocks]
    assert len(squares) == 3 and are_mols(squares, 12)


def test_the_mols_command_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, _ = _run(["mols", "4", "14", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["kind"] == "latin-mols" and (data["k"], data["n"]) == (4, 14)
    assert_valid(data)
    assert are_mols(data["squares"], 14)


def test_the_mols_command_refuses_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, err = _run(["mols", "2", "6"], capsys)
    assert code == 1 and out == "" and "Tarry 1900" in err
    code, out, err = _run(["mols", "3", "10", "--json"], capsys)
    data = json.loads(out)
    assert code == 1 and data["found"] is False and "known" in err and "known" in data["reason"]
    assert_valid(data)


def test_the_table_command(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, _ = _run(["mols-table", "--to", "30"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == "# 0 orders below the published table"
    assert lines[11].split()[:4] == ["12", "5", "5", "0"]
    code, out, _ = _run(["mols-table", "--to", "20", "--json"], capsys)
    rows = json.loads(out)["rows"]
    assert [row["n"] for row in rows] == list(range(2, 21))
    assert all(row["difference"] == 0 for row in rows)


@pytest.mark.parametrize(
    ("n", "k"),
    [(112, 13), (120, 7), (135, 7), (158, 7), (185, 9), (205, 8), (254, 9), (302, 7), (406, 7)],
)
def test_some_sets_above_100_from_printed_designs(n: int, k: int) -> None:
    assert largest_known(n) == k == mols_data.lower_bound(n)
    assert are_mols(mols(k, n), n)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "k"), [(273, 16), (560, 15)])
def test_large_sets_above_100_from_printed_designs(n: int, k: int) -> None:
    assert largest_known(n) == k == mols_data.lower_bound(n)
    assert are_mols(mols(k, n), n)


@pytest.mark.slow
def test_each_construction_above_100_builds_and_checks_its_smallest_order() -> None:
    """The smallest order from 101 to 599 (not a prime power) of each construction the plan
    uses there, built and checked (mols checks the orthogonal array before it returns; here its
    count and shape). Every order to 599, some 600 sets of up to 10 s each, is the benchmark's
    and ``officers latin mols-table --to 599 --verify``'s, too long for the tests."""
    smallest: dict[str, int] = {}
    for n in range(101, MAX_MOLS_ORDER):
        if not prime_power(n) and n not in (273, 560):  # those two: the test above
            smallest.setdefault(re.sub(r"\d+", "#", plan(n)[1]), n)
    assert len(smallest) >= 10
    for n in smallest.values():
        k = largest_known(n)
        squares = mols(k, n)
        assert len(squares) == k and all(len(square) == n for square in squares)
        assert k <= mols_data.lower_bound(n)


def test_a_set_too_large_to_hold_is_refused_with_the_limit() -> None:
    from officers.latin.mutually_orthogonal import MAX_CELLS

    with pytest.raises(UnsupportedError, match="ask for at most"):
        mols(196, 197)
    assert 196 * 197 * 197 > MAX_CELLS >= 168 * 169 * 169
    assert are_mols(mols(3, 197), 197)
