"""The backtracker against known counts and against a brute-force search written from the rules.

Nothing here uses the backtracker's tables or :class:`~officers.Rules` lines: the lines, the
finished check and the brute force are written out from their definition.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import Rules, Square, UnsupportedError
from officers.euler.solve.backtrack import (
    _projector,
    completions,
    count,
    count_finished,
    is_completable,
)
from tests.strategies import partial_squares

EMPTY = -1
RULE_SETS = [False, True]
RULE_IDS = ["rows-columns", "diagonals"]

# --- independent helpers -------------------------------------------------------------------------


def simple_lines(n: int, diagonals: bool) -> list[list[int]]:
    """The rows, the columns and (with diagonals) the two main diagonals, as lists of cells."""
    lines = [[n * row + column for column in range(n)] for row in range(n)]
    lines += [[n * row + column for row in range(n)] for column in range(n)]
    if diagonals:
        lines.append([n * i + i for i in range(n)])
        lines.append([n * i + (n - 1 - i) for i in range(n)])
    return lines


def breaks_rules(values: tuple[int, ...] | list[int], n: int, diagonals: bool) -> bool:
    """Whether some line holds two filled cells with the same first or second symbol."""
    for line in simple_lines(n, diagonals):
        filled = [values[cell] for cell in line if values[cell] != EMPTY]
        if len({v // n for v in filled}) < len(filled) or len({v % n for v in filled}) < len(
            filled
        ):
            return True
    return False


def is_finished(values: tuple[int, ...], n: int, diagonals: bool) -> bool:
    """Every pair once, and every line holds every first symbol and every second symbol."""
    if sorted(values) != list(range(n * n)):
        return False
    symbols = set(range(n))
    return all(
        {values[cell] // n for cell in line} == symbols
        and {values[cell] % n for cell in line} == symbols
        for line in simple_lines(n, diagonals)
    )


def brute_completions(
    values: tuple[int, ...], n: int, diagonals: bool
) -> Iterator[tuple[int, ...]]:
    """Every completion: fill the empty cells row-major with each unused value that fits."""
    if breaks_rules(values, n, diagonals):
        return
    lines = simple_lines(n, diagonals)
    others = [
        sorted({other for line in lines if cell in line for other in line} - {cell})
        for cell in range(n * n)
    ]
    grid = list(values)
    empty = [cell for cell, value in enumerate(grid) if value == EMPTY]
    unused = sorted(set(range(n * n)) - set(grid))

    def fill(i: int) -> Iterator[tuple[int, ...]]:
        if i == len(empty):
            yield tuple(grid)
            return
        cell = empty[i]
        for value in unused:
            if value in grid:
                continue
            if all(
                grid[o] == EMPTY or (grid[o] // n != value // n and grid[o] % n != value % n)
                for o in others[cell]
            ):
                grid[cell] = value
                yield from fill(i + 1)
                grid[cell] = EMPTY

    yield from fill(0)


def base_square(n: int) -> list[int]:
    """A finished square of order 3, 4 or a prime n >= 5 (with the diagonals from order 4).

    For a prime n >= 5, ``a = 2i + j`` and ``b = 3i + j`` (mod n) at row i, column j: every
    row, column and diagonal meets each symbol once, and the pairs are all distinct.
    """
    if n == 3:
        pairs = [((i + j) % 3, (2 * i + j) % 3) for i in range(3) for j in range(3)]
    elif n == 4:
        return list(Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH").values)
    else:
        pairs = [((2 * i + j) % n, (3 * i + j) % n) for i in range(n) for j in range(n)]
    return [n * a + b for a, b in pairs]


@st.composite
def holed_squares(draw: st.DrawFn, n: int, diagonals: bool, max_holes: int) -> Square:
    """A finished square, relabelled and perhaps transposed, with some cells emptied."""
    values = base_square(n)
    relabel_a = draw(st.permutations(range(n)))
    relabel_b = draw(st.permutations(range(n)))
    values = [n * relabel_a[v // n] + relabel_b[v % n] for v in values]
    if draw(st.booleans()):
        values = [values[n * (cell % n) + cell // n] for cell in range(n * n)]
    assert is_finished(tuple(values), n, diagonals)
    holes = draw(st.permutations(range(n * n)))[: draw(st.integers(0, max_holes))]
    for cell in holes:
        values[cell] = EMPTY
    return Square.from_values(values, n)


def check_against_brute_force(square: Square, diagonals: bool) -> None:
    n = square.order
    rules = Rules(order=n, diagonals=diagonals)
    expected = set(brute_completions(square.values, n, diagonals))
    found = [finished.values for finished in completions(square, rules)]
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert count(square, rules) == len(expected)
    assert is_completable(square, rules) == bool(expected)


# --- the helpers themselves ----------------------------------------------------------------------


def test_brute_force_knows_the_small_counts() -> None:
    for n, expected in [(1, 1), (2, 0), (3, 72)]:
        assert sum(1 for _ in brute_completions((EMPTY,) * (n * n), n, False)) == expected


@pytest.mark.parametrize("n", [3, 4, 5, 7, 17])
def test_base_squares_are_finished(n: int) -> None:
    assert is_finished(tuple(base_square(n)), n, n > 3)
    broken = base_square(n)
    broken[0], broken[1] = broken[1], broken[0]
    assert not is_finished(tuple(broken), n, False)


@pytest.mark.parametrize("n", [1, 2, 4, 5, 6, 17])
@settings(max_examples=20)
@given(data=st.data())
def test_projections(n: int, data: st.DataObject) -> None:
    """The first and second symbols of sets of values, from tables (up to order 16) or not."""
    cand = data.draw(st.lists(st.sets(st.integers(0, n * n - 1)), max_size=5))
    proj_a, proj_b = _projector(n)([sum(1 << v for v in values) for values in cand])
    assert proj_a == [sum(1 << a for a in {v // n for v in values}) for values in cand]
    assert proj_b == [sum(1 << b for b in {v % n for v in values}) for values in cand]


# --- known counts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "diagonals", "expected"),
    [(1, False, 1), (2, False, 0), (3, False, 72), (4, False, 6912), (4, True, 1152)],
)
def test_known_counts(order: int, diagonals: bool, expected: int) -> None:
    rules = Rules(order=order, diagonals=diagonals)
    assert count_finished(rules) == expected
    assert count(Square.empty(order), rules) == expected
    assert sum(1 for _ in completions(Square.empty(order), rules)) == expected


def test_order_5() -> None:
    assert count_finished(Rules(order=5)) == 6_220_800 == math.factorial(5) ** 2 * 432


@pytest.mark.parametrize("order", [1, 2, 3, 4])
@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
def test_symmetry_argument(order: int, diagonals: bool) -> None:
    rules = Rules(order=order, diagonals=diagonals)
    assert count_finished(rules) == count(Square.empty(order), rules)


@functools.cache
def finished_count(order: int, diagonals: bool) -> int:
    return count_finished(Rules(order=order, diagonals=diagonals))


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@settings(max_examples=10)
@given(data=st.data())
def test_every_first_row_has_as_many_completions(diagonals: bool, data: st.DataObject) -> None:
    """At order 5 the full count without the symmetry takes seconds (with the diagonals) or
    minutes: check instead that any first row of distinct symbols has the same share."""
    n = 5
    rules = Rules(order=n, diagonals=diagonals)
    firsts = data.draw(st.permutations(range(n)))
    seconds = data.draw(st.permutations(range(n)))
    first_row = [n * a + b for a, b in zip(firsts, seconds, strict=True)]
    square = Square.from_values(first_row + [EMPTY] * (n * n - n), n)
    assert count(square, rules) * math.factorial(n) ** 2 == finished_count(n, diagonals)


# --- properties ----------------------------------------------------------------------------------


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@given(square=partial_squares(order=4).filter(lambda square: square.placed_count() >= 2))
def test_solutions_extend_and_are_finished(diagonals: bool, square: Square) -> None:
    rules = Rules(diagonals=diagonals)
    found = list(completions(square, rules))
    for finished in found:
        assert finished.order == 4
        assert is_finished(finished.values, 4, diagonals)
        assert all(v in (EMPTY, w) for v, w in zip(square.values, finished.values, strict=True))
    assert len(set(found)) == len(found) == count(square, rules)
    assert is_completable(square, rules) == bool(found)
    assert [s.values for s in completions(square, rules)] == [s.values for s in found]
    if breaks_rules(square.values, 4, diagonals):
        assert found == []


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@given(
    square=partial_squares(order=4).filter(lambda square: square.placed_count() >= 2),
    limit=st.integers(0, 40),
)
def test_limit(diagonals: bool, square: Square, limit: int) -> None:
    rules = Rules(diagonals=diagonals)
    total = count(square, rules)
    assert count(square, rules, limit=limit) == min(limit, total)
    assert count(square, rules, limit=None) == total


@pytest.mark.parametrize("limit", [0, 1, 2, 1151, 1152, 1153])
def test_limit_on_the_empty_square(limit: int) -> None:
    assert count(Square.empty(4), Rules(diagonals=True), limit=limit) == min(limit, 1152)


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@given(square=partial_squares(order=4, max_cards=6))
def test_a_square_that_breaks_the_rules_has_no_completion(diagonals: bool, square: Square) -> None:
    rules = Rules(diagonals=diagonals)
    if not breaks_rules(square.values, 4, diagonals):
        return
    assert count(square, rules) == 0
    assert not is_completable(square, rules)
    assert list(completions(square, rules)) == []


@pytest.mark.parametrize(("n", "diagonals"), [(3, False), (4, False), (4, True), (5, True)])
@given(data=st.data())
def test_a_finished_square_has_itself(n: int, diagonals: bool, data: st.DataObject) -> None:
    square = data.draw(holed_squares(n, diagonals, max_holes=0))
    rules = Rules(order=n, diagonals=diagonals)
    assert count(square, rules) == 1
    assert is_completable(square, rules)
    assert list(completions(square, rules)) == [square]


@pytest.mark.parametrize("n", [4, 5])
def test_the_anti_diagonal_counts(n: int) -> None:
    """Two cells of the anti-diagonal only (no common row, column or main diagonal) with the
    same first symbol: fine without the diagonals, dead with them."""
    values = [EMPTY] * (n * n)
    values[n - 1], values[2 * n - 2] = n * 0 + 0, n * 0 + 1  # r1c{n}, r2c{n-1}
    square = Square.from_values(values, n)
    assert breaks_rules(values, n, True) and not breaks_rules(values, n, False)
    assert is_completable(square, Rules(order=n))
    assert count(square, Rules(order=n, diagonals=True)) == 0
    assert not is_completable(square, Rules(order=n, diagonals=True))


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@settings(max_examples=5)
@given(data=st.data())
def test_order_5_solutions_are_finished(diagonals: bool, data: st.DataObject) -> None:
    n = 5
    rules = Rules(order=n, diagonals=diagonals)
    firsts = data.draw(st.permutations(range(n)))
    seconds = data.draw(st.permutations(range(n)))
    values = [n * a + b for a, b in zip(firsts, seconds, strict=True)] + [EMPTY] * (n * n - n)
    square = Square.from_values(values, n)
    found = [finished.values for finished in completions(square, rules)]
    assert found
    assert len(set(found)) == len(found) == count(square, rules)
    for finished in found:
        assert is_finished(finished, n, diagonals)
        assert finished[:n] == square.values[:n]


def test_a_full_square_that_breaks_the_rules() -> None:
    values = base_square(4)
    values[0], values[1] = values[1], values[0]
    square = Square.from_values(values, 4)
    assert count(square, Rules()) == 0
    assert not is_completable(square, Rules())


# --- against the brute force ---------------------------------------------------------------------


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@given(square=partial_squares(order=3))
def test_order_3_random(diagonals: bool, square: Square) -> None:
    check_against_brute_force(square, diagonals)


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@given(square=partial_squares(order=4).filter(lambda square: square.placed_count() >= 8))
def test_order_4_random(diagonals: bool, square: Square) -> None:
    check_against_brute_force(square, diagonals)


@pytest.mark.parametrize(
    ("n", "diagonals", "max_holes"),
    [
        (3, False, 9),
        (4, False, 12),
        (4, True, 14),
        (5, False, 12),
        (5, True, 14),
        (7, False, 12),
        (7, True, 16),
    ],
)
@settings(max_examples=50)
@given(data=st.data())
def test_holed_squares(n: int, diagonals: bool, max_holes: int, data: st.DataObject) -> None:
    square = data.draw(holed_squares(n, diagonals, max_holes))
    check_against_brute_force(square, diagonals)


@settings(max_examples=10)
@given(data=st.data())
def test_holed_squares_past_the_tables(data: st.DataObject) -> None:
    """Order 17: the projections are computed without tables."""
    square = data.draw(holed_squares(17, True, 8))
    check_against_brute_force(square, True)


@pytest.mark.parametrize("diagonals", RULE_SETS, ids=RULE_IDS)
@given(square=partial_squares(order=5, max_cards=25))
def test_order_5_random(diagonals: bool, square: Square) -> None:
    """Random order-5 squares mostly break the rules early; the brute force settles them fast."""
    if square.placed_count() < 12 and not breaks_rules(square.values, 5, diagonals):
        return
    check_against_brute_force(square, diagonals)


# --- errors --------------------------------------------------------------------------------------


def test_mismatched_order() -> None:
    square, rules = Square.empty(3), Rules(order=4)
    with pytest.raises(UnsupportedError, match=r"order 4.*order 3"):
        completions(square, rules)  # at once, before the first next()
    with pytest.raises(UnsupportedError, match=r"order 4.*order 3"):
        count(square, rules)
    with pytest.raises(UnsupportedError, match=r"order 4.*order 3"):
        is_completable(square, rules)
    with pytest.raises(UnsupportedError, match=r"order 3.*order 5"):
        count(Square.empty(5), Rules(order=3, diagonals=True))
