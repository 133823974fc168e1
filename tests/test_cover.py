"""The compiled exact cover (:mod:`officers.euler.solve._cover`) against the Python search of
:mod:`officers.euler.solve.exact`: the same counts, with and without the symmetries of the givens, the
same refusals, and a check that stops it.

The module is optional (a build without a compiler has none): these tests skip without it, and
tests/test_extension.py makes sure that CI's installed package has it."""

from __future__ import annotations

import dataclasses
import itertools
import os
from array import array
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import oracles
from officers import Rules, Square
from officers.core.errors import SolverTimeoutError
from officers.euler.solve import exact
from officers.euler.solve.backtrack import cover_count
from officers.euler.solve.verify import is_finished

COMPILED = exact._compiled()
pytestmark = pytest.mark.skipif(  # where the module is required (CI), its absence fails
    COMPILED is None and os.environ.get("OFFICERS_REQUIRE_EXTENSION") != "1",
    reason="officers.euler.solve._cover is not built",
)


def module() -> ModuleType:
    assert COMPILED is not None
    return COMPILED


@st.composite
def legal_parts(draw: st.DrawFn, most: int = 6) -> tuple[Square, Rules]:
    """A rule set of order 1-``most`` and cards dealt onto it, each kept only if it keeps the
    rules."""
    order = draw(st.integers(1, most))
    rules = Rules(order=order, diagonals=draw(st.booleans()))
    square = Square.empty(order)
    deal = st.tuples(st.integers(0, order**2 - 1), st.integers(0, order**2 - 1))
    tries = st.lists(deal, min_size=12 if order == 6 else 0, max_size=3 * order)
    for cell, value in draw(tries):  # (order 6 with few givens: a second a count in Python)
        if rules.illegal(square, cell, value) is None:
            square = square.place(cell, value)
    return square, rules


def both(square: Square, rules: Rules, symmetry: bool = True) -> tuple[int, int]:
    """The count of the compiled search and of the Python one, from the same numbering."""
    numbering = exact._numbering(square, rules, exact._never)
    if numbering is None:
        return 0, 0
    if not symmetry:
        numbering = dataclasses.replace(numbering, touched=(1 << 4 * rules.order) - 1)
    compiled = exact._count_compiled(module(), numbering, exact._never)
    return compiled, exact._count(exact._problem(numbering, exact._never), exact._never)


@settings(max_examples=60, deadline=None)
@given(legal_parts())
def test_the_compiled_count_is_the_python_count(case: tuple[Square, Rules]) -> None:
    square, rules = case
    compiled, python = both(square, rules)
    assert compiled == python
    if square.order < 6 and square.placed_count() >= square.order:
        assert both(square, rules, symmetry=False) == (python, python)


@pytest.mark.parametrize(
    ("order", "diagonals", "expected"),
    [(3, False, 72), (4, False, 6912), (4, True, 1152), (5, False, 6_220_800), (5, True, 57_600)],
)
def test_every_square_of_small_orders(order: int, diagonals: bool, expected: int) -> None:
    rules = Rules(order=order, diagonals=diagonals)
    assert exact.count_completions(Square.empty(order), rules) == expected
    assert both(Square.empty(order), rules)[0] == expected


@pytest.mark.parametrize("seed", range(4))
def test_sparse_order7_against_dancing_links(seed: int) -> None:
    from benchmarks.bench_orders import sparse_square

    square, rules = sparse_square(7, 11, seed), Rules(order=7)
    assert exact.count_completions(square, rules) == oracles.dlx_count(square, rules) > 0


def test_the_check_stops_the_search() -> None:
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) > 3:
            raise KeyError("stop")  # any exception comes back as it was raised

    square, rules = Square.from_values([0] + [-1] * 48, 7), Rules(order=7)
    with pytest.raises(KeyError, match="stop"):
        exact.count_completions(square, rules, check=check)
    with pytest.raises(SolverTimeoutError, match=r"after 0\.1 s"):
        cover_count(square, rules, time_limit=0.1)


def test_bad_arguments_are_refused() -> None:
    numbering = exact._numbering(
        Square.from_values([0] + [-1] * 8, 3), Rules(order=3), exact._never
    )
    assert numbering is not None
    good = (
        numbering.order,
        len(numbering.options),
        numbering.constraints,
        bytes(4 * (len(numbering.options) + 1)),
        b"",
        bytes(8 * len(numbering.options)),
        0,
        exact._never,
    )
    assert module().count(*good) >= 0  # no constraint done by any option: a harmless matrix
    for at, bad, error in [
        (0, 0, ValueError),  # order
        (0, 16, ValueError),
        (1, -1, ValueError),
        (3, b"\0", ValueError),  # starts of the wrong length
        (3, "starts", TypeError),
        (4, b"\1\0\0\0", ValueError),  # items that do not match the starts
        (5, bytes(7), ValueError),  # marks
        (7, 5, TypeError),  # check
    ]:
        args = list(good)
        args[at] = bad
        with pytest.raises(error):
            module().count(*args)
    starts = array("i", [0] + [1] * len(numbering.options)).tobytes()  # option 0 does one
    args = list(good)
    args[3], args[4] = starts, array("i", [numbering.constraints]).tobytes()
    with pytest.raises(ValueError, match="not a constraint"):
        module().count(*args)


def python_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(exact, "_compiled", lambda: None)


@settings(max_examples=40, deadline=None)
@given(legal_parts(most=5))  # order 6 has nothing to list, and the counts try it
def test_the_compiled_listing_is_the_python_listing(case: tuple[Square, Rules]) -> None:
    """The same completions in the same order (the first 300), each verified."""
    square, rules = case
    compiled = list(itertools.islice(exact.completions(square, rules), 300))
    with pytest.MonkeyPatch.context() as patch:
        python_only(patch)
        assert list(itertools.islice(exact.completions(square, rules), 300)) == compiled
    for finished in compiled:
        assert is_finished(finished, diagonals=rules.diagonals)
        assert all(v in (-1, w) for v, w in zip(square.values, finished.values, strict=True))


def test_a_listing_runs_in_batches_and_stops_when_asked() -> None:
    rules = Rules(order=5, diagonals=True)
    everything = list(exact.completions(Square.empty(5), rules))
    assert len(everything) == len(set(everything)) == 57_600
    numbering = exact._numbering(Square.empty(5), rules, exact._never)
    assert numbering is not None
    search = module().covers(*exact._matrix_arguments(numbering), exact._never)
    first = module().more(search, 1) + module().more(search, 1000)
    assert [exact._placed(numbering, Square.empty(5), c) for c in first] == everything[:1001]
    del search  # freed half way

    def again() -> None:
        module().more(search, 1)  # from inside the search's own check

    search = module().covers(*exact._matrix_arguments(numbering), again)
    with pytest.raises(ValueError, match="already running"):
        module().more(search, 10_000)
    assert module().more(search, 5) == []  # a search stopped by an error is over
    with pytest.raises(ValueError, match="room"):
        module().more(search, 0)
    with pytest.raises(TypeError):
        module().more("search", 1)
