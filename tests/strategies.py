"""Hypothesis strategies for squares, shared by the test modules.

>>> from hypothesis import find
>>> find(partial_squares(order=3), lambda s: s.placed_count() == 2).placed_count()
2
"""

from __future__ import annotations

from hypothesis import strategies as st

from officers import Rules, Square, finished_squares

__all__ = ["finished_parts", "partial_squares"]


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
    finished = draw(st.sampled_from(finished_squares(Rules(diagonals=draw(st.booleans())))))
    keep = draw(st.sets(st.integers(0, 15)))
    grid = [value if cell in keep else -1 for cell, value in enumerate(finished.values)]
    if draw(st.booleans()) and -1 in grid:
        cell = draw(st.sampled_from([c for c, v in enumerate(grid) if v == -1]))
        grid[cell] = draw(st.sampled_from([v for v in range(16) if v not in grid]))
    return Square.from_values(grid)
