"""The methods agree: the index, the backtracker, CP-SAT and the python-constraint / exact-cover
oracles give the same answers on the same squares, and the known counts hold."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracles
from officers import (
    Rules,
    Square,
    UnsupportedError,
    completions,
    count_completions,
    count_finished_squares,
    finished_squares,
    is_completable,
    safe_placements,
)
from officers.core.errors import NotationError
from officers.euler.solve.verify import is_finished
from officers.euler.symmetry import symmetry_group
from tests.helpers import BOTH, IDS, once_per_input
from tests.strategies import finished_parts, partial_squares

GOLDEN = json.loads((Path(__file__).parent / "golden" / "counts.json").read_text())["counts"]


def small_squares() -> list[Square]:
    """Every order-4 partial square with one or two cards: 256 + 28,800."""
    squares = [Square().place(cell, card) for cell in range(16) for card in range(16)]
    for first, second in itertools.combinations(range(16), 2):
        for a, b in itertools.permutations(range(16), 2):
            squares.append(Square().place(first, a).place(second, b))
    return squares


@pytest.mark.parametrize("entry", GOLDEN, ids=lambda e: f"n{e['order']}-d{int(e['diagonals'])}")
def test_golden_counts_by_two_methods(entry: dict[str, int]) -> None:
    rules = Rules(order=entry["order"], diagonals=bool(entry["diagonals"]))
    by_backtrack = count_finished_squares(rules, method="backtrack")
    assert by_backtrack == entry["count"]
    if rules.order == 4:
        assert count_finished_squares(rules, method="index") == entry["count"]
        assert len(finished_squares(rules)) == entry["count"]
    if rules.order <= 3:
        # Plain search, no symmetry: the second method at small orders.
        plain = sum(1 for _ in completions(Square.empty(rules.order), rules, method="backtrack"))
        assert plain == entry["count"]
    if rules.order == 5:
        # Second method at order 5: the (5!)^2 relabellings of one first row each contribute
        # the same number; count one first row with a plain search and with the first row
        # (0,0) (1,1) ... (4,4) fixed by hand.
        first_row = Square.from_values([6 * i for i in range(5)] + [-1] * 20, 5)
        assert count_completions(first_row, rules, method="backtrack") * 14400 == entry["count"]


@pytest.mark.slow
@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_every_one_and_two_card_square(rules: Rules) -> None:
    """Exhaustive: the index and the backtracker agree on all 29,056 squares of 1-2 cards, each
    one searched (the default run checks the backtracker on one square of each class, below)."""
    for square in small_squares():
        by_index = count_completions(square, rules, method="index")
        assert count_completions(square, rules, method="backtrack") == by_index, square
        assert is_completable(square, rules, method="backtrack") == (by_index > 0), square


@pytest.fixture(scope="module")
def small_classes() -> list[list[Square]]:
    """The 1-2 card squares grouped into classes by the symmetries that keep the diagonals (a
    subgroup of those that keep only rows and columns, so valid for both rule sets)."""
    group = symmetry_group(Rules(diagonals=True))
    classes: dict[Square, list[Square]] = {}
    for square in small_squares():
        classes.setdefault(group.canonical(square), []).append(square)
    return list(classes.values())


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_every_small_square_by_every_method(
    rules: Rules, small_classes: list[list[Square]]
) -> None:
    """All five methods on all 29,056 squares of 1-2 cards, through symmetry: the true count is
    the same across a class (a symmetry maps the completions of one square one-to-one onto those
    of the other); the index is checked on every square, and the backtracker, CP-SAT,
    python-constraint and exact cover on one square of each class."""
    assert sum(len(members) for members in small_classes) == 29056
    for members in small_classes:
        counts = {count_completions(square, rules) for square in members}
        assert len(counts) == 1, members[0]
        (expected,) = counts
        first = members[0]
        assert count_completions(first, rules, method="backtrack") == expected
        assert is_completable(first, rules, method="backtrack") == (expected > 0)
        assert count_completions(first, rules, method="cpsat", time_limit=None) == expected
        assert oracles.constraint_count(first, rules) == expected
        assert oracles.dlx_count(first, rules) == expected


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
@settings(max_examples=100)
@given(square=st.one_of(partial_squares(), finished_parts()))
@once_per_input
def test_index_and_backtracker_agree(rules: Rules, square: Square) -> None:
    by_index = list(completions(square, rules, method="index"))
    by_backtrack = list(completions(square, rules, method="backtrack"))
    assert sorted(by_backtrack, key=lambda s: s.values) == by_index
    assert count_completions(square, rules, method="backtrack") == len(by_index)
    assert is_completable(square, rules, method="backtrack") == bool(by_index)
    for completion in by_index:
        assert is_finished(completion, diagonals=rules.diagonals)
        assert all(v in (-1, w) for v, w in zip(square.values, completion.values, strict=True))


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_safe_placements_agree(rules: Rules) -> None:
    rng = random.Random(7)
    finished = finished_squares(rules)
    for _ in range(30):
        values = list(finished[rng.randrange(len(finished))].values)
        for cell in rng.sample(range(16), rng.randint(8, 14)):
            values[cell] = -1
        square = Square.from_values(values)
        assert safe_placements(square, rules, method="backtrack") == safe_placements(square, rules)


def test_facade_errors() -> None:
    with pytest.raises(UnsupportedError, match="order 4 only"):
        count_completions(Square.empty(5), method="index")
    with pytest.raises(NotationError, match="unknown method 'dlx'"):
        count_completions(Square(), method="dlx")  # type: ignore[arg-type]
    with pytest.raises(UnsupportedError, match="order 5 cannot judge a square of order 4"):
        is_completable(Square(), Rules(order=5))
    with pytest.raises(NotationError, match="expected a Square"):
        is_completable("AC3/1JS2/1AH1QD/4")  # type: ignore[arg-type]


def test_every_backend_is_a_solver_and_the_facade_dispatches_to_it() -> None:
    from officers.euler.solve import BACKENDS, METHODS, Solver, count_completions

    assert tuple(BACKENDS) == METHODS
    square = Square("AS KH QD JC / QC JD AH KS / 4 / 4")
    for method, backend in BACKENDS.items():
        assert isinstance(backend, Solver)
        assert backend.name == method
        rules = Rules()
        found = sorted(s.values for s in backend.completions(square, rules, time_limit=None))
        assert len(found) == backend.count(square, rules, time_limit=None) == 2
        assert backend.is_completable(square, rules, time_limit=None)
        assert count_completions(square, method=method) == 2
        safe = backend.safe_placements(square, rules, time_limit=None)
        assert sum(safe.values()) == 2 * 8  # each completion counted once per empty cell
