"""Facts about the solvers that mutation testing showed no other test pinned down."""

from __future__ import annotations

import itertools

import pytest

from officers import Rules, SolverTimeoutError, Square
from officers.solve import BACKENDS, backtrack, chosen_method, completions, is_completable
from officers.solve.index import CompletionIndex
from officers.solve.verify import is_finished


@pytest.mark.parametrize(("diagonals", "count"), [(False, 6912), (True, 1152)])
def test_the_index_is_built_on_first_use(
    monkeypatch: pytest.MonkeyPatch, diagonals: bool, count: int
) -> None:
    # A process that has not built the index yet: of() builds it, and keeps it.
    monkeypatch.setattr(CompletionIndex, "_cache", {})
    index = CompletionIndex.of(diagonals)
    assert len(index) == count
    assert index.rules == Rules(diagonals=diagonals)
    assert CompletionIndex.of(diagonals) is index
    assert CompletionIndex.get(Rules(diagonals=diagonals)) is index


def test_is_completable_at_order_4_by_the_index() -> None:
    assert is_completable(Square("AC3/1JS2/1AH1QD/4")) is True
    assert is_completable(Square("AS1KS1/4/4/4")) is False  # breaks the rule
    assert is_completable(Square("AS3/4/3QS/1JH2")) is False  # keeps it, but is dead
    assert is_completable(Square("AS3/4/4/4"), Rules(diagonals=True)) is True


def test_empty_squares_by_the_census_and_the_constructions() -> None:
    # Graeco-latin squares exist at every order but 2 and 6 (Euler, Tarry; Bose, Shrikhande, Parker).
    assert [is_completable(Square.empty(n)) for n in range(1, 11)] == [
        n not in (2, 6) for n in range(1, 11)
    ]


def test_the_backends_by_name() -> None:
    assert repr(BACKENDS) == "BACKENDS"
    assert chosen_method(Square.empty(5), question="completions") == "construction"
    assert chosen_method(Square.empty(4), question="completions") == "index"


def test_completions_of_the_empty_square_start_with_the_construction_and_never_repeat() -> None:
    from officers.solve.construct import graeco_latin_square

    first = list(itertools.islice(completions(Square.empty(5)), 4))
    assert first[0] == graeco_latin_square(5)
    assert len(set(first)) == 4
    assert all(is_finished(square) for square in first)


@pytest.mark.parametrize(
    ("order", "shown"),
    [(9, "'9/9/9/9/9/9/9/9/9'"), (27, "a square of order 27 with 0 cells filled")],
)
def test_the_backtracker_says_what_it_knew_when_time_ran_out(order: int, shown: str) -> None:
    with pytest.raises(SolverTimeoutError) as caught:
        backtrack.is_completable(Square.empty(order), Rules(order=order), time_limit=0.001)
    assert str(caught.value) == (
        f"unknown: the backtracker ran out of time after 0.001 s on {shown} (rows and columns): "
        "no completion found yet"
    )


def test_the_stream_says_what_it_knew_when_time_ran_out() -> None:
    with pytest.raises(SolverTimeoutError) as caught:
        next(backtrack.cover_completions(Square.empty(9), Rules(order=9), time_limit=0.001))
    prefix = "unknown: the backtracker ran out of time after 0.001 s on '9/9/9/9/9/9/9/9/9' "
    assert str(caught.value) in (
        prefix + "(rows and columns): 0 completions yielded so far",
        prefix + "(rows and columns): before the search began",
    )
