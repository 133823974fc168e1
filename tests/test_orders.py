"""Counting and completing at orders 5 to 7: the exact-cover engine against the C dancing links,
against its own count without symmetry and against the cell-by-cell backtracker.

The partial squares are cells of a finished square relabelled at random (rows, columns, first
and second symbols permuted), so they have completions; order 6, which has none, gets partial
squares built from two Latin squares that are not orthogonal.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import oracles
from officers import Rules, SolverTimeoutError, Square
from officers.euler.solve import backtrack, cpsat, exact
from officers.euler.solve.backtrack import BACKTRACK, cover_completions, cover_count
from officers.euler.solve.construct import graeco_latin_square
from officers.euler.solve.verify import is_finished
from tests.strategies import finished_parts

FAST = settings(max_examples=12, deadline=None)


@st.composite
def sparse_parts(draw: st.DrawFn, order: int, fewest: int, most: int) -> Square:
    """``fewest`` to ``most`` cells of a relabelled finished square of the order."""
    n = order
    finished = graeco_latin_square(n).values
    rows, columns = draw(st.permutations(range(n))), draw(st.permutations(range(n)))
    firsts, seconds = draw(st.permutations(range(n))), draw(st.permutations(range(n)))
    grid = [-1] * (n * n)
    for r in range(n):
        for c in range(n):
            a, b = divmod(finished[n * r + c], n)
            grid[n * rows[r] + columns[c]] = n * firsts[a] + seconds[b]
    keep = draw(st.sets(st.integers(0, n * n - 1), min_size=fewest, max_size=most))
    return Square.from_values([v if cell in keep else -1 for cell, v in enumerate(grid)], n)


@st.composite
def order6_parts(draw: st.DrawFn) -> Square:
    """Cells of two cyclic Latin squares of order 6 (each value kept once): legal partial squares
    of order 6, which no finished square extends."""
    shift = draw(st.sampled_from([1, 5]))
    keep = draw(st.sets(st.integers(0, 35), min_size=18, max_size=30))
    grid, seen = [-1] * 36, set()
    for cell in sorted(keep):
        r, c = divmod(cell, 6)
        value = 6 * ((r + c) % 6) + (r + shift * c + r * r) % 6
        if value not in seen and not _clash(grid, cell, value):
            grid[cell] = value
            seen.add(value)
    return Square.from_values(grid, 6)


def _clash(grid: list[int], cell: int, value: int) -> bool:
    r, c = divmod(cell, 6)
    line = [grid[6 * r + k] for k in range(6)] + [grid[6 * k + c] for k in range(6)]
    return any(v >= 0 and (v // 6 == value // 6 or v % 6 == value % 6) for v in line)


def counts(square: Square, rules: Rules) -> tuple[int, int, int]:
    """The engine's count with and without symmetry, and the C dancing links'."""
    return (
        exact.count_completions(square, rules),
        exact.count_completions(square, rules, symmetry=False),
        oracles.dlx_count(square, rules),
    )


@st.composite
def dealt_parts(draw: st.DrawFn, order: int, tries: int) -> Square:
    """Cards dealt one by one onto random cells, each kept only if it keeps the rules: legal
    partial squares from no particular square, some with no completion."""
    rules, square = Rules(order=order), Square.empty(order)
    deal = st.tuples(st.integers(0, order**2 - 1), st.integers(0, order**2 - 1))
    for cell, value in draw(st.lists(deal, min_size=tries, max_size=tries)):
        if rules.illegal(square, cell, value) is None:
            square = square.place(cell, value)
    return square


@FAST
@given(sparse_parts(5, 4, 12))
def test_order5_counts_agree(square: Square) -> None:
    rules = Rules(order=5)
    ours, plain, dlx = counts(square, rules)
    assert ours == plain == dlx == cpsat.count(square, rules, time_limit=60) > 0
    if square.placed_count() >= 8:
        assert backtrack.count(square, rules) == ours


@FAST
@given(sparse_parts(7, 16, 24))
def test_order7_counts_agree(square: Square) -> None:
    rules = Rules(order=7)
    ours, plain, dlx = counts(square, rules)
    assert ours == plain == dlx == backtrack.count(square, rules) > 0
    assert cpsat.count(square, rules, time_limit=60) == ours


@FAST
@given(st.one_of(dealt_parts(5, 14), dealt_parts(7, 40)))
def test_dealt_counts_agree(square: Square) -> None:
    """Random legal starts, many with no completion: the count with symmetry, without, the C
    dancing links and CP-SAT."""
    assume(square.placed_count() >= (6 if square.order == 5 else 16))
    rules = Rules(order=square.order)
    ours, plain, dlx = counts(square, rules)
    assert ours == plain == dlx == cpsat.count(square, rules, time_limit=60)


@FAST
@given(order6_parts())
def test_order6_has_no_completion(square: Square) -> None:
    rules = Rules(order=6)
    assert counts(square, rules) == (0, 0, 0)
    assert not BACKTRACK.is_completable(square, rules)


@settings(max_examples=30, deadline=None)
@given(finished_parts())
def test_order4_with_diagonals_symmetry_equals_plain(square: Square) -> None:
    for rules in (Rules(), Rules(diagonals=True)):
        ours = exact.count_completions(square, rules)
        assert ours == exact.count_completions(square, rules, symmetry=False)
        assert ours == backtrack.count(square, rules)


def test_free_lines_and_symbols_multiply_exactly() -> None:
    # one given: every other row, column and symbol is free (4! each way at order 5)
    start = Square.from_values([6] + [-1] * 24, 5)
    assert exact.count_completions(start, Rules(order=5)) == 6_220_800 // 25
    # a row of givens at order 5 with a free symbol of each kind, and free rows
    row = Square.from_values([0, 6, 12, 18] + [-1] * 21, 5)
    assert counts(row, Rules(order=5))[0] == oracles.dlx_count(row, Rules(order=5))


@FAST
@given(sparse_parts(7, 20, 26))
def test_every_square_returned_is_verified(square: Square) -> None:
    rules = Rules(order=7)
    found = list(cover_completions(square, rules))
    assert len(found) == len(set(found)) == cover_count(square, rules)
    for finished in found:
        assert is_finished(finished)
        assert all(v == w for v, w in zip(square.values, finished.values, strict=True) if v >= 0)


def test_time_limits_hold() -> None:
    sparse = Square.from_values([0] + [-1] * 63, 8)
    with pytest.raises(SolverTimeoutError, match=r"after 0\.2 s"):
        cover_count(sparse, Rules(order=8), time_limit=0.2)
    with pytest.raises(SolverTimeoutError, match=r"after 0\.2 s"):
        list(cover_completions(sparse, Rules(order=8), time_limit=0.2))
    with pytest.raises(SolverTimeoutError, match=r"after 0\.2 s"):
        BACKTRACK.count(sparse, Rules(order=8), time_limit=0.2)


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(sparse_parts(7, 13, 15))
def test_sparse_order7_counts_agree_with_dancing_links(square: Square) -> None:
    rules = Rules(order=7)
    assert exact.count_completions(square, rules) == oracles.dlx_count(square, rules)
