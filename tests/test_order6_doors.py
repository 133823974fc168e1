"""Orders 6 and 2 through every door: no graeco-latin square of these orders exists (at 6 by the
census of Euler's 36 officers), so no square of them has a completion, with or without the
diagonals; every question of the facade, the command line and the contract says so at once,
and they agree with each other and with a search wherever a search can answer."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import (
    Rules,
    Square,
    completions,
    count_completions,
    count_finished_squares,
    finished_squares,
    is_completable,
    safe_placements,
)
from officers.contract import Limits, handle
from officers.euler.solve import NO_SQUARE_ORDERS, Question, census_of, chosen_method
from officers.latin import why_none
from tests.helpers import assert_valid
from tests.helpers import run_cli as run

QUICK = 1.0
"""A time limit far below the default: the answers here need no search."""

SIX = [Rules(order=6), Rules(order=6, diagonals=True)]
SIX_IDS = ["rows-columns", "diagonals"]

NAMED = {
    "empty": Square.empty(6),
    "one given": Square.from_values([7] + [-1] * 35, 6),  # Bb, the pair (1, 1), in the corner
    "first row": Square.from_values([0, 7, 14, 21, 28, 35] + [-1] * 30, 6),
    "six given": Square.from_values(
        [{0: 0, 3: 13, 7: 8, 14: 22, 23: 31, 30: 33}.get(cell, -1) for cell in range(36)], 6
    ),
}


@st.composite
def dealt(draw: st.DrawFn, rules: Rules, most: int = 14) -> Square:
    """Up to ``most`` cards dealt onto random cells, each kept only if the rules allow it there:
    legal partial squares of the rules' order, of no particular finished square."""
    square = Square.empty(rules.order)
    size = rules.order**2
    deal = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))
    for cell, value in draw(st.lists(deal, max_size=most)):
        if rules.illegal(square, cell, value) is None:
            square = square.place(cell, value)
    return square


class _Refusing:
    """A backend that fails the test when asked anything: the answer needed a search."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, question: str) -> Any:
        raise AssertionError(f"the {self.name} backend was asked {question}: a search ran")


@contextlib.contextmanager
def no_search() -> Iterator[None]:
    """While the block runs, the backtracker and CP-SAT refuse to answer."""
    import officers.euler.solve.backtrack
    import officers.euler.solve.cpsat

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(officers.euler.solve.backtrack, "BACKTRACK", _Refusing("backtrack"))
        patch.setattr(officers.euler.solve.cpsat, "CPSAT", _Refusing("cpsat"))
        yield


def every_answer(square: Square, rules: Rules) -> dict[str, object]:
    """Each question of the facade about the square, under a short time limit."""
    return {
        "is_completable": is_completable(square, rules, time_limit=QUICK),
        "count": count_completions(square, rules, time_limit=QUICK),
        "completions": list(completions(square, rules, time_limit=QUICK)),
        "safe_placements": safe_placements(square, rules, time_limit=QUICK),
    }


NONE: dict[str, object] = {
    "is_completable": False,
    "count": 0,
    "completions": [],
    "safe_placements": {},
}
"""What every question answers about a square with no completion."""


# --- the proof, and the orders it covers -----------------------------------------------------


def test_the_orders_without_a_square_are_those_of_the_census_and_the_constructions() -> None:
    for n in range(1, 7):
        census = census_of(n)
        assert (n in NO_SQUARE_ORDERS) == (census.with_mates == 0) == (why_none(n) is not None)
        assert (census.orthogonal_pairs() == 0) == (n in NO_SQUARE_ORDERS)
    assert all(why_none(n) is None for n in range(7, 257))  # test_construct builds each one


# --- the facade at order 6 -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", SIX, ids=SIX_IDS)
@pytest.mark.parametrize("name", NAMED)
def test_every_question_answers_none_without_a_search(name: str, rules: Rules) -> None:
    square = NAMED[name]
    assert not rules.conflicts(square)  # a legal partial square: "none" is the proof's answer
    with no_search():
        assert every_answer(square, rules) == NONE
        questions: tuple[Question, ...] = get_args(Question)
        for question in questions:
            assert chosen_method(square, rules, question=question) == "census"


@settings(max_examples=40, deadline=None)
@given(data=st.data(), diagonals=st.booleans())
def test_a_random_legal_square_of_order_6_answers_none_without_a_search(
    data: st.DataObject, diagonals: bool
) -> None:
    rules = Rules(order=6, diagonals=diagonals)
    square = data.draw(dealt(rules))
    with no_search():
        assert every_answer(square, rules) == NONE


@settings(max_examples=8, deadline=None)
@given(data=st.data(), diagonals=st.booleans())
def test_the_answer_agrees_with_the_search_by_exact_cover(
    data: st.DataObject, diagonals: bool
) -> None:
    """With a given card the exact cover (with the symmetries of the givens) counts every
    completion of order 6 in seconds: it finds none, as the proof says."""
    rules = Rules(order=6, diagonals=diagonals)
    square = data.draw(dealt(rules).filter(lambda square: square.placed_count() > 0))
    searched = count_completions(square, rules, method="backtrack", time_limit=120)
    assert searched == count_completions(square, rules, time_limit=QUICK)
    assert (searched > 0) == is_completable(square, rules, time_limit=QUICK)


@pytest.mark.parametrize("rules", SIX, ids=SIX_IDS)
@pytest.mark.parametrize("name", ["one given", "first row"])
def test_the_named_squares_agree_with_the_search(name: str, rules: Rules) -> None:
    square = NAMED[name]
    assert count_completions(square, rules, method="backtrack", time_limit=120) == 0
    assert count_completions(square, rules, time_limit=QUICK) == 0


@pytest.mark.parametrize("rules", SIX, ids=SIX_IDS)
def test_the_finished_squares_of_order_6(rules: Rules) -> None:
    with no_search():
        assert finished_squares(rules, time_limit=QUICK) == []
        assert count_finished_squares(rules, time_limit=QUICK) == 0
    assert census_of(6).orthogonal_pairs() == 0  # the census itself, counted again


def test_a_square_breaking_the_rules_has_none_either() -> None:
    broken = Square.from_values([0, 1] + [-1] * 34, 6)  # two A's in row 1
    assert Rules(order=6).conflicts(broken)
    with no_search():
        for rules in SIX:
            assert every_answer(broken, rules) == NONE


def test_an_explicit_method_is_obeyed() -> None:
    """A method asked for searches (the tests compare the methods so); without one, none does."""
    square = NAMED["one given"]
    assert chosen_method(square, method="backtrack") == "backtrack"
    assert count_completions(square, method="backtrack") == 0
    with no_search(), pytest.raises(AssertionError, match="a search ran"):
        count_completions(square, method="backtrack")
    with no_search(), pytest.raises(AssertionError, match="a search ran"):
        is_completable(square, Rules(order=6, diagonals=True), method="cpsat")
    with no_search():
        assert count_completions(square) == 0


# --- order 2 -------------------------------------------------------------------------------------


def _order2_squares() -> list[Square]:
    """Every partial square of order 2 (distinct values on distinct cells): 209 of them."""
    import itertools

    found = []
    for k in range(5):
        for cells in itertools.combinations(range(4), k):
            for values in itertools.permutations(range(4), k):
                grid = [-1] * 4
                for cell, value in zip(cells, values, strict=True):
                    grid[cell] = value
                found.append(Square.from_values(grid, 2))
    return found


@pytest.mark.parametrize("diagonals", [False, True])
def test_every_square_of_order_2_answers_none_as_the_search_does(diagonals: bool) -> None:
    rules = Rules(order=2, diagonals=diagonals)
    squares = _order2_squares()
    assert len(squares) == 209
    for square in squares:
        searched = {
            "is_completable": is_completable(square, rules, method="backtrack"),
            "count": count_completions(square, rules, method="backtrack"),
            "completions": list(completions(square, rules, method="backtrack")),
            "safe_placements": safe_placements(square, rules, method="backtrack"),
        }
        with no_search():
            assert every_answer(square, rules) == searched == NONE, square
    with no_search():
        assert finished_squares(rules) == [] and count_finished_squares(rules) == 0


# --- the command line and the contract -----------------------------------------------------------

TEXTS = ["6/6/6/6/6/6", "Bb5/6/6/6/6/6", "AaBbCcDdEeFf/6/6/6/6/6"]


@pytest.mark.parametrize("diagonals", [[], ["--diagonals"]], ids=["rows-columns", "diagonals"])
@pytest.mark.parametrize("text", TEXTS)
def test_count_and_complete_agree_at_once(
    capsys: pytest.CaptureFixture[str], text: str, diagonals: list[str]
) -> None:
    limit = ["--time-limit", str(QUICK)]
    count_code, count_out, _ = run(capsys, "count", text, "--order", "6", *diagonals, *limit)
    code, out, _ = run(capsys, "complete", text, "--order", "6", *diagonals, *limit)
    assert count_code == code == 1  # "no": no completion
    assert count_out.strip() == "0"
    assert out.startswith("no completion: no graeco-latin square of order 6 exists")
    if diagonals:
        assert "none with the diagonals either" in out

    json_count_code, json_count, _ = run(
        capsys, "count", text, "--order", "6", "--json", *diagonals, *limit
    )
    json_code, json_complete, _ = run(
        capsys, "complete", text, "--order", "6", "--json", *diagonals, *limit
    )
    counted, completed = json.loads(json_count), json.loads(json_complete)
    assert json_count_code == json_code == 1
    assert counted["completions"] == 0 and completed["completion"] is None
    assert counted["method"] == completed["method"] == "census"
    assert "Euler's 36 officers" in completed["text"]["en"]
    assert_valid(counted)
    assert_valid(completed)


def test_complete_all_and_enumerate_list_nothing_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    limit = ["--time-limit", str(QUICK)]
    code, out, _ = run(capsys, "complete", "Bb5/6/6/6/6/6", "--order", "6", "--all", *limit)
    assert code == 1 and out.startswith("no completion")
    for diagonals in ([], ["--diagonals"]):
        code, out, _ = run(capsys, "enumerate", "--order", "6", "--count-only", *diagonals, *limit)
        assert (code, out.strip()) == (0, "0")
        code, out, _ = run(capsys, "enumerate", "--order", "6", "--json", *diagonals, *limit)
        lines = [json.loads(line) for line in out.splitlines()]
        assert code == 0 and [line["kind"] for line in lines] == ["enumeration"]
        assert (lines[0]["count"], lines[0]["complete"], lines[0]["method"]) == (0, True, "census")
        assert_valid(lines[0])


def test_complete_order_2_with_a_given_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "complete", "Ab1/2", "--order", "2")
    assert code == 1 and "no graeco-latin square of order 2 exists" in out


@pytest.mark.parametrize("diagonals", [False, True])
@pytest.mark.parametrize("text", TEXTS)
def test_the_contract_answers_at_once(text: str, diagonals: bool) -> None:
    limits = Limits(time_limit=QUICK)
    counted = handle({"op": "count", "square": text, "diagonals": diagonals}, limits)
    completed = handle({"op": "complete", "square": text, "diagonals": diagonals}, limits)
    assert (counted["kind"], counted["completions"]) == ("count", 0)
    assert (completed["kind"], completed["completion"]) == ("completion", None)
