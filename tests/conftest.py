"""Shared Hypothesis strategies and settings."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from officers import Square

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


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
