"""Positions: numbered deals laid out as documented, the notation and JSON round-trip for every
reachable position, and texts that break the deck are refused with the card named."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.errors import InvalidGameError, NotationError, excerpt
from officers.eightoff.deck import PlayingCard
from officers.eightoff.position import Position, lay_out
from officers.eightoff.variant import EIGHT_OFF, FREECELL, PRESETS, SEAHAVEN_TOWERS

from .test_deals import reference_shuffle
from .test_eightoff_strategies import positions


def reference_layout(cards: list[int], columns: int, cells: int, in_cells: int) -> tuple:
    """Deal as a person deals: card k goes to column k mod columns until the cards left are
    those for the cells (all the presets' columns differ in height by at most one)."""
    table: list[list[int]] = [[] for _ in range(columns)]
    on_table = len(cards) - in_cells
    for k in range(on_table):
        table[k % columns].append(cards[k])
    dealt = cards[on_table:] + [None] * (cells - in_cells)
    return tuple(map(tuple, table)), tuple(dealt)


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("number", [0, 1, 617, 2**64 - 1])
def test_numbered_deals_are_the_documented_shuffle_laid_out(name: str, number: int) -> None:
    variant = PRESETS[name]
    position = Position.numbered(number, variant)
    columns, cells = reference_layout(
        reference_shuffle(number, 52), variant.columns, variant.cells, variant.deal.cells
    )
    assert position.columns == columns and position.cells == cells
    assert position.foundations == (0, 0, 0, 0)
    assert tuple(map(len, position.columns)) == variant.deal.columns


@given(positions())
def test_the_notation_round_trips(position: Position) -> None:
    text = position.notation()
    assert Position.parse(text) == position
    assert Position.parse("  " + text.lower().replace(" ", "   ") + " ") == position
    assert Position.parse(text.replace("T", "10")) == position
    assert eval(repr(position), {"Position": Position}) == position
    assert hash(Position.parse(text)) == hash(position)


@given(positions())
def test_json_round_trips(position: Position) -> None:
    data = json.loads(position.to_json())
    assert Position.from_dict(data) == position
    assert Position.from_json(position.to_json()) == position
    assert Position.from_dict({"notation": data["notation"]}) == position
    del data["notation"]
    assert Position.from_dict(data) == position


def test_json_fields_and_notation_must_agree() -> None:
    data = Position.numbered(1).to_dict()
    data["notation"] = Position.numbered(2).notation()
    with pytest.raises(NotationError, match="does not match"):
        Position.from_dict(data)


def test_the_picture_shows_every_card() -> None:
    position = Position.numbered(5, SEAHAVEN_TOWERS)
    picture = str(position)
    for column in position.columns:
        for card in column:
            assert str(PlayingCard(card)) in picture
    assert picture.splitlines()[0].startswith("seahaven-towers")


def test_every_card_in_one_place() -> None:
    start = Position.numbered(3, FREECELL)
    twice = (start.columns[0] + (start.columns[1][0],), *start.columns[1:])
    with pytest.raises(InvalidGameError, match="in two places"):
        Position(twice, start.cells, start.foundations, FREECELL)
    short = (start.columns[0][:-1], *start.columns[1:])
    missing = PlayingCard(start.columns[0][-1])
    with pytest.raises(InvalidGameError, match=f"{missing} is missing"):
        Position(short, start.cells, start.foundations, FREECELL)
    # a foundation counts its cards: the Ace of Clubs both played and in a column
    with pytest.raises(InvalidGameError, match="A♣ is in two places"):
        Position(start.columns, start.cells, (1, 0, 0, 0), FREECELL)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("eight-off", "expected 4 fields"),
        ("nine-off a b c", "no such preset"),
        ("eight-off AC/- - C0D0H0S0", "expected 8 columns"),
        ("freecell -/-/-/-/-/-/-/- --- C13D13H13S13", "expected 4 cells"),
        ("freecell -/-/-/-/-/-/-/- ---- C13D13H13S14", "foundations"),
        ("freecell -/-/-/-/-/-/-/- ---- C13D13H13", "foundations"),
        ("freecell -/-/-/-/-/-/-/- ---- C13D13H13S12", "K♠ is missing"),
        ("freecell -/-/-/-/-/-/-/XX ---- C13D13H13S13", "'XX' at 1"),
        ("freecell[cells=0] -/-/-/-/-/-/-/- ---- C13D13H13S13", "no cells"),
    ],
)
def test_bad_texts_are_quoted(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why) as caught:
        Position.parse(text)
    assert str(caught.value).startswith(f"cannot read position {excerpt(text)}: ")


def test_a_won_position_reads() -> None:
    won = Position.parse("freecell[cells=0] -/-/-/-/-/-/-/- - C13D13H13S13")
    assert won.is_won() and won.cards_left() == 0 and won.cells == ()


@given(st.permutations(range(52)))
def test_lay_out_deals_every_card(cards: list[int]) -> None:
    position = lay_out(cards, EIGHT_OFF)
    assert sorted(
        [c for col in position.columns for c in col] + [c for c in position.cells if c is not None]
    ) == list(range(52))
