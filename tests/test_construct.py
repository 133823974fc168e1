"""A graeco-latin square of every order but 2 and 6, each checked by the independent verifier."""

from __future__ import annotations

import time

import pytest

from officers.errors import UnsupportedError
from officers.solve.construct import graeco_latin_square, orthogonal_pair, prime_power
from officers.solve.latin import are_orthogonal, latin_square
from officers.solve.verify import is_finished

ORDERS = [n for n in range(1, 31) if n not in (2, 6)]


@pytest.mark.parametrize("n", ORDERS)
def test_every_order_has_a_finished_square(n: int) -> None:
    start = time.perf_counter()
    square = graeco_latin_square(n)
    assert time.perf_counter() - start < 5  # under a second when the machine is quiet
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
