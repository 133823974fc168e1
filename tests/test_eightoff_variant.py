"""The family as parameters: the presets are fc-solve's games, notations and JSON round-trip."""

from __future__ import annotations

import pytest
from hypothesis import given

from officers.core.errors import InvalidGameError, NotationError
from officers.eightoff.variant import (
    EIGHT_OFF,
    FREECELL,
    PRESETS,
    SEAHAVEN_TOWERS,
    Deal,
    Variant,
)

from .test_eightoff_strategies import variants

# fc-solve's scripts/gen-presets.pl and its calc_max_sequence_move, written out by hand:
# (columns, cells, building, empty columns, sequence) of each game.
FC_SOLVE = {
    "eight_off": (8, 8, "suit", "kings", "cells"),
    "freecell": (8, 4, "alternate", "any", "freecell"),
    "bakers_game": (8, 4, "suit", "any", "freecell"),
    "seahaven_towers": (10, 4, "suit", "kings", "cells"),
}


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_are_what_fc_solve_plays(name: str) -> None:
    variant = PRESETS[name]
    args = variant.fc_solve_args()
    assert args is not None and args[0] == "-g"
    columns, cells, building, empty, sequence = FC_SOLVE[args[1]]
    if "--freecells-num" in args:
        cells = int(args[args.index("--freecells-num") + 1])
    assert (variant.columns, variant.cells) == (columns, cells)
    assert (variant.building, variant.empty, variant.sequence) == (building, empty, sequence)
    assert sum(variant.deal.columns) + variant.deal.cells == 52


def test_the_presets_deals() -> None:
    assert EIGHT_OFF.deal == ((6,) * 8, 4)
    assert PRESETS["eight-off-uneven"].deal == ((7, 7, 7, 7, 6, 6, 6, 6), 0)
    assert FREECELL.deal == ((7, 7, 7, 7, 6, 6, 6, 6), 0) and FREECELL.cells == 4
    assert SEAHAVEN_TOWERS.deal == ((5,) * 10, 2) and SEAHAVEN_TOWERS.cells == 4
    assert PRESETS["relaxed-eight-off"].fc_solve_args() == (
        "-g", "bakers_game", "--freecells-num", "8",
    )  # fmt: skip


@given(variants)
def test_notation_and_json_round_trip(variant: Variant) -> None:
    assert Variant.parse(variant.notation()) == variant
    assert Variant.from_dict(variant.to_dict()) == variant
    assert eval(repr(variant), {"Variant": Variant}) == variant


def test_capacity_follows_the_sequence_rule() -> None:
    for cells in range(5):
        for columns in range(3):
            assert EIGHT_OFF.capacity(cells, columns, False) == 1 + cells
            assert FREECELL.capacity(cells, columns, False) == (1 + cells) * 2**columns
            if columns:
                assert FREECELL.capacity(cells, columns, True) == (1 + cells) * 2 ** (columns - 1)
            assert EIGHT_OFF.replace(sequence="one").capacity(cells, columns, False) == 1


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"cells": 9}, "0-8 cells"),
        ({"columns": 0}, "1-10 columns"),
        ({"building": "colour"}, "building"),
        ({"empty": "queens"}, "empty"),
        ({"deal": Deal((6,) * 8, 5)}, "lays out 53"),
        ({"deal": Deal((6,) * 7, 4)}, "has 7 columns"),
        ({"cells": 3}, "puts 4 cards in the cells"),
        ({"name": "Eight Off"}, "name"),
    ],
)
def test_bad_variants_say_why(changes: dict[str, object], why: str) -> None:
    with pytest.raises(InvalidGameError, match=why):
        EIGHT_OFF.replace(**changes)


@pytest.mark.parametrize(
    "text",
    ["nine-off", "eight-off[cells]", "eight-off[cells=x]", "eight-off[deal=7]", "eight-off["],
)
def test_bad_variant_texts_are_quoted(text: str) -> None:
    with pytest.raises(NotationError, match="cannot read variant"):
        Variant.parse(text)
