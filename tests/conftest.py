"""Shared Hypothesis strategies and settings, and the two rule sets of the game."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from officers import Rules, Square
from officers.cli import main

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The game's two rule sets, and their ids for pytest.mark.parametrize.
BOTH = [Rules(), Rules(diagonals=True)]
IDS = ["rows-columns", "diagonals"]


@st.composite
def partial_squares(draw: st.DrawFn, order: int = 4, max_cards: int | None = None) -> Square:
    """Any partial square of the order (legal or not): distinct values on distinct cells."""
    size = order * order
    k = draw(st.integers(0, size if max_cards is None else min(max_cards, size)))
    cells = draw(st.permutations(range(size)))[:k]
    values = draw(st.permutations(range(size)))[:k]
    grid = [-1] * size
    for cell, value in zip(cells, values, strict=True):
        grid[cell] = value
    return Square.from_values(grid, order)


@st.composite
def finished_parts(draw: st.DrawFn) -> Square:
    """Some cells of a finished order-4 square (with or without the diagonals), and sometimes one
    more card anywhere: legal squares of every density, with one, a few or no completions (which
    :func:`partial_squares` rarely gives: its dense squares nearly always break the rules)."""
    from officers import finished_squares

    finished = draw(st.sampled_from(finished_squares(Rules(diagonals=draw(st.booleans())))))
    keep = draw(st.sets(st.integers(0, 15)))
    grid = [value if cell in keep else -1 for cell, value in enumerate(finished.values)]
    if draw(st.booleans()) and -1 in grid:
        cell = draw(st.sampled_from([c for c, v in enumerate(grid) if v == -1]))
        grid[cell] = draw(st.sampled_from([v for v in range(16) if v not in grid]))
    return Square.from_values(grid)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line with ``argv``: its exit status, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
