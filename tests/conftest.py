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


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line with ``argv``: its exit status, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
