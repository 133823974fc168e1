"""A graeco-latin square of every order but 2 and 6, each checked by the independent verifier."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import Rules, Square
from officers.core.errors import NotLatinSquareError, UnsupportedError
from officers.euler.solve.backtrack import cover_completions
from officers.euler.solve.construct import graeco_latin_square, relabelled_completion
from officers.euler.solve.verify import is_finished
from officers.euler.square import EMPTY, MAX_ORDER
from officers.latin import (
    are_orthogonal,
    cyclic_square,
    latin_square,
    orthogonal_array,
    orthogonal_pair,
    prime_power,
)
from officers.latin import construct as latin_construct
from officers.latin.construct import _wilson_pair, _wilson_split

ORDERS = [n for n in range(1, 31) if n not in (2, 6)]


@pytest.mark.parametrize("n", ORDERS)
def test_every_order_has_a_finished_square(n: int) -> None:
    square = graeco_latin_square(n)  # its time: benchmarks/bench_orders.py
    assert square.order == n
    assert is_finished(square)


@pytest.mark.parametrize("n", [3, 4, 8, 9, 10, 12, 14, 25, 27])
def test_the_pair_is_two_orthogonal_latin_squares(n: int) -> None:
    first, second = orthogonal_pair(n)
    assert latin_square(first) == first and latin_square(second) == second
    assert are_orthogonal(first, second)


# Orders 2 modulo 4 without a product (n = 2p and 18): Wilson's construction, no search.
TWICE_ODD = [
    n for n in range(18, MAX_ORDER + 1, 4) if not any(n % b == 0 for b in range(3, n // 10 + 1, 2))
]


@pytest.mark.parametrize("n", TWICE_ODD)
def test_every_order_2_modulo_4_without_a_product_has_a_finished_square(n: int) -> None:
    square = graeco_latin_square(n)
    assert square.order == n and is_finished(square)


@pytest.mark.slow
@pytest.mark.parametrize("n", [n for n in range(31, MAX_ORDER + 1) if n not in TWICE_ODD])
def test_every_other_order_up_to_the_largest_has_a_finished_square(n: int) -> None:
    square = graeco_latin_square(n)  # fields and products
    assert square.order == n and is_finished(square)


def test_every_order_2_modulo_4_from_18_has_a_product_or_wilsons_split() -> None:
    # else it would be left to the search, which is only known to be fast at 10 and 14
    assert all(_wilson_split(n) is not None for n in TWICE_ODD)
    assert _wilson_split(10) is None and _wilson_split(14) is None


@pytest.mark.parametrize("n", [n for n in range(15, 60) if _wilson_split(n) is not None][::3])
def test_wilsons_construction_holds_where_other_constructions_answer(n: int) -> None:
    # its pieces at orders that a field or a product also builds: another check of the rule
    m, t, u = _wilson_split(n) or (0, 0, 0)
    assert n == m * t + u and 0 <= u <= t
    first, second = _wilson_pair(m, t, u, None)
    assert latin_square(first) == first and latin_square(second) == second
    assert are_orthogonal(first, second)


def test_orders_above_the_largest_are_refused_at_once() -> None:
    with pytest.raises(UnsupportedError, match=f"up to order {MAX_ORDER} .* not 1000000"):
        orthogonal_pair(10**6)
    with pytest.raises(UnsupportedError, match=f"not {MAX_ORDER + 1}"):
        graeco_latin_square(MAX_ORDER + 1)


def test_the_constructions_reach_every_order_of_a_square() -> None:
    # graeco_latin_square builds a square of every order but 2 and 6 up to the largest, and
    # refuses above it through orthogonal_pair (the test above)
    assert latin_construct.MAX_ORDER == MAX_ORDER


@pytest.mark.parametrize("n", [1, 3, 4, 5, 10, 12, 18])
def test_the_orthogonal_array_of_a_pair_fixes_each_point_by_any_two_coordinates(n: int) -> None:
    first, second = orthogonal_pair(n)
    points = orthogonal_array(first, second)
    assert [(r, c) for r, c, _, _ in points] == [(r, c) for r in range(n) for c in range(n)]
    assert all(first[r][c] == a and second[r][c] == b for r, c, a, b in points)
    for i, j in itertools.combinations(range(4), 2):
        assert len({(point[i], point[j]) for point in points}) == n * n


def test_the_orthogonal_array_of_one_square_is_the_square() -> None:
    square = cyclic_square(4)
    assert [a for _, _, a in orthogonal_array(square)] == [v for row in square for v in row]


@pytest.mark.parametrize(
    "squares", [(), (cyclic_square(3), cyclic_square(4)), (((0, 1), (1,)),), (((0, 1),),)]
)
def test_the_orthogonal_array_refuses_squares_of_no_one_order(
    squares: tuple[tuple[tuple[int, ...], ...], ...],
) -> None:
    with pytest.raises(NotLatinSquareError, match=r"no orthogonal array of .*: expected squares"):
        orthogonal_array(*squares)


def test_the_search_is_deterministic() -> None:
    assert graeco_latin_square(14) == graeco_latin_square(14)


@pytest.mark.parametrize("n", [2, 6])
def test_orders_2_and_6_have_none(n: int) -> None:
    with pytest.raises(UnsupportedError, match=f"no graeco-latin square of order {n} exists"):
        graeco_latin_square(n)


@pytest.mark.parametrize("n", [0, -3, 2.5, True])
def test_bad_orders(n: object) -> None:
    with pytest.raises(UnsupportedError, match="whole number"):
        graeco_latin_square(n)  # type: ignore[arg-type]


def test_prime_powers() -> None:
    powers = [n for n in range(1, 33) if prime_power(n)]
    assert powers == [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32]


@st.composite
def relabelled_starts(draw: st.DrawFn) -> Square:
    """A few cells of a conjugate of the constructed square, relabelled at random: a start
    that some renaming of the construction fits."""
    n = draw(st.sampled_from([3, 5, 7, 8, 9, 10, 12]))
    values = graeco_latin_square(n).values
    coordinates = draw(st.permutations(range(4)))
    names = [draw(st.permutations(range(n))) for _ in range(4)]
    grid = [EMPTY] * (n * n)
    for cell, value in enumerate(values):
        point = (*divmod(cell, n), *divmod(value, n))
        r, c, a, b = (names[k][point[coordinates[k]]] for k in range(4))
        grid[n * r + c] = n * a + b
    cells = draw(st.sets(st.integers(0, n * n - 1), max_size=2 * n))
    return Square.from_values([v if i in cells else EMPTY for i, v in enumerate(grid)], n)


@settings(max_examples=25, deadline=None)
@given(relabelled_starts())
def test_relabelled_completion_fits_starts_taken_from_a_construction(start: Square) -> None:
    found = relabelled_completion(start, budget=10_000)
    assert found is not None and is_finished(found)
    assert all(v == EMPTY or found.values[i] == v for i, v in enumerate(start.values))


def test_relabelled_completion_answers_none_when_nothing_fits() -> None:
    # two cards clash in a row: no square extends it, so no renaming fits
    clash = Square.from_values([0, 1] + [EMPTY] * 47, 7)
    assert relabelled_completion(clash) is None
    assert relabelled_completion(Square.empty(6)) is None  # no square of order 6


def test_the_backtracker_finds_sparse_order_10_starts_by_renaming() -> None:
    start = Square.from_values([0, 12, EMPTY, 35] + [EMPTY] * 96, 10)
    found = next(cover_completions(start, Rules(order=10), time_limit=5))
    assert is_finished(found) and found.values[:2] == (0, 12) and found.values[3] == 35
