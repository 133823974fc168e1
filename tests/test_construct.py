"""A graeco-latin square of every order but 2 and 6, each checked by the independent verifier."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import Rules, Square
from officers.errors import UnsupportedError
from officers.solve.backtrack import cover_completions
from officers.solve.construct import (
    graeco_latin_square,
    orthogonal_pair,
    prime_power,
    relabelled_completion,
)
from officers.solve.latin import are_orthogonal, latin_square
from officers.solve.verify import is_finished
from officers.square import EMPTY

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


def test_the_search_is_deterministic() -> None:
    assert graeco_latin_square(22) == graeco_latin_square(22)


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
