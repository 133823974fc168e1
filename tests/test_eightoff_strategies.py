"""Hypothesis strategies for Eight Off positions, shared by the tests of officers.eightoff: random
deals of every preset, played on by random legal moves (so every position is reachable)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from officers.eightoff.position import Position
from officers.eightoff.rules import legal_moves, play
from officers.eightoff.variant import PRESETS, Variant

__all__ = ["positions", "variants"]

variants = st.sampled_from(list(PRESETS.values())) | st.builds(
    lambda base, cells: base.replace(cells=max(cells, base.deal.cells), name="custom"),
    st.sampled_from(list(PRESETS.values())),
    st.integers(0, 8),
)


@st.composite
def positions(draw: st.DrawFn, max_moves: int = 80, variant: Variant | None = None) -> Position:
    """A position reached by up to ``max_moves`` random legal moves from a random deal. Moves to
    the foundation are preferred half of the time, so that late positions come up too."""
    chosen = draw(variants) if variant is None else variant
    position = Position.numbered(draw(st.integers(0, 2**64 - 1)), chosen)
    for _ in range(draw(st.integers(0, max_moves))):
        moves = legal_moves(position)
        if not moves:
            break
        home = [m for m in moves if m.target.kind == "foundation"]
        pool = home if home and draw(st.booleans()) else moves
        position = play(position, pool[draw(st.integers(0, len(pool) - 1))])
    return position


@given(positions())
def test_positions_hold_the_deck(position: Position) -> None:
    assert position.cards_left() == sum(len(c) for c in position.columns) + sum(
        c is not None for c in position.cells
    )
