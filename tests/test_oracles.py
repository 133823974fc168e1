"""The two oracles of the tests (python-constraint and dancing links) hold to the known counts
and to each other."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import EMPTY, Rules, Square
from oracles import (
    constraint_count,
    constraint_solutions,
    dlx_count,
    dlx_solutions,
    lines,
)
from tests.helpers import once_per_input
from tests.strategies import partial_squares

KNOWN = [
    (1, False, 1),
    (1, True, 1),
    (2, False, 0),
    (2, True, 0),
    (3, False, 72),
    (3, True, 0),
    (4, False, 6912),
    (4, True, 1152),
]


def is_finished(square: Square, rules: Rules) -> bool:
    n = square.order
    values = square.values
    if sorted(values) != list(range(n * n)):
        return False
    return all(
        len({values[cell] // n for cell in line}) == n
        and len({values[cell] % n for cell in line}) == n
        for line in lines(n, rules.diagonals)
    )


def test_lines_match_the_rules() -> None:
    for order in range(1, 7):
        for diagonals in (False, True):
            rules = Rules(order=order, diagonals=diagonals)
            assert lines(order, diagonals) == [line.cells for line in rules.lines]


@pytest.mark.parametrize(("order", "diagonals", "expected"), KNOWN)
def test_dlx_known_counts(order: int, diagonals: bool, expected: int) -> None:
    rules = Rules(order=order, diagonals=diagonals)
    assert dlx_count(Square.empty(order), rules) == expected
    found = dlx_solutions(Square.empty(order), rules)
    assert len(found) == expected
    assert len(set(found)) == expected
    assert all(is_finished(square, rules) for square in found)


@pytest.mark.parametrize(("order", "diagonals", "expected"), KNOWN)
def test_constraint_known_counts(order: int, diagonals: bool, expected: int) -> None:
    # The empty order-4 square takes python-constraint about 2.5 s (0.5 s with diagonals).
    rules = Rules(order=order, diagonals=diagonals)
    assert constraint_count(Square.empty(order), rules) == expected


def test_constraint_solutions_equal_dlx_solutions_on_the_empty_square() -> None:
    rules = Rules(diagonals=True)
    assert constraint_solutions(Square(), rules) == dlx_solutions(Square(), rules)


def test_dlx_order_5_with_diagonals() -> None:
    # 57,600 = 4 * (5!)^2; CP-SAT agrees (officers.euler.solve.cpsat.count, 46 s).
    assert dlx_count(Square.empty(5), Rules(order=5, diagonals=True)) == 57_600


def test_a_cover_that_uses_every_row() -> None:
    # One empty cell: the exact-cover matrix has one row, and the only cover uses it. The
    # exact_cover package's own get_all_solutions would return the cover without its row.
    finished = dlx_solutions(Square(), Rules())[100]
    square = finished.remove(6)
    for rules in (Rules(), Rules(diagonals=True)):
        expected = [finished] if is_finished(finished, rules) else []
        assert dlx_solutions(square, rules) == expected
        assert constraint_solutions(square, rules) == expected
        assert dlx_count(square, rules) == constraint_count(square, rules) == len(expected)


def test_squares_that_break_the_rules() -> None:
    for text in ("AS1KS1/4/4/4", "AS3/AH3/4/4", "4/4/4/AS2AH"):
        square = Square(text)
        for diagonals in (False, True):
            rules = Rules(diagonals=diagonals)
            assert dlx_count(square, rules) == constraint_count(square, rules) == 0
            assert dlx_solutions(square, rules) == constraint_solutions(square, rules) == []
    broken_full = Square.from_values(list(range(16)), 4)
    assert dlx_count(broken_full, Rules()) == constraint_count(broken_full, Rules()) == 0


def test_full_squares() -> None:
    finished = dlx_solutions(Square(), Rules(diagonals=True))[0]
    for rules in (Rules(), Rules(diagonals=True)):
        assert dlx_count(finished, rules) == constraint_count(finished, rules) == 1
        assert dlx_solutions(finished, rules) == constraint_solutions(finished, rules) == [finished]


@settings(max_examples=60)
@given(partial_squares(order=4), st.booleans())
@once_per_input
def test_the_oracles_agree(square: Square, diagonals: bool) -> None:
    rules = Rules(diagonals=diagonals)
    by_dlx = dlx_solutions(square, rules)
    assert constraint_solutions(square, rules) == by_dlx
    assert dlx_count(square, rules) == len(by_dlx)
    for finished in by_dlx:
        assert is_finished(finished, rules)
        assert all(v in (EMPTY, w) for v, w in zip(square.values, finished.values, strict=True))


@settings(max_examples=30)
@given(partial_squares(order=3), st.booleans())
def test_the_oracles_agree_at_order_3(square: Square, diagonals: bool) -> None:
    rules = Rules(order=3, diagonals=diagonals)
    assert constraint_count(square, rules) == dlx_count(square, rules)
