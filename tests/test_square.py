"""Squares: notation and JSON round trips, placing and removing, bad input."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers import (
    EMPTY,
    Card,
    IllegalPlacementError,
    NotationError,
    Square,
    cell_name,
    describe_cell,
    parse_cell,
)
from tests.strategies import partial_squares

OZANAM = "AC3/1JS2/1AH1QD/4"


@given(partial_squares())
def test_notation_round_trip(square: Square) -> None:
    text = square.notation()
    assert Square(text) == square
    assert Square(text).notation() == text
    assert eval(repr(square), {"Square": Square}) == square


@given(partial_squares())
def test_json_round_trip(square: Square) -> None:
    assert Square.from_json(square.to_json()) == square
    assert Square.from_json(square.to_dict()) == square
    data = json.loads(square.to_json())
    assert Square.from_json({"cells": data["cells"]}) == square
    assert Square.from_json({"notation": data["notation"]}) == square


@given(partial_squares(), st.data())
def test_other_spellings_read_the_same(square: Square, data: st.DataObject) -> None:
    # Unicode suits, lowercase, dots for empty cells, spaces: the same square.
    rows = []
    for row in range(4):
        cells = []
        for cell in range(4 * row, 4 * row + 4):
            card = square[cell]
            if card is None:
                cells.append(".")
            else:
                cells.append(data.draw(st.sampled_from([str(card), card.notation().lower()])))
        rows.append(" ".join(cells))
    assert Square(" / ".join(rows)) == square


@pytest.mark.parametrize("order", [1, 2, 3, 5, 6, 10, 12])
def test_other_orders_round_trip(order: int) -> None:
    @given(partial_squares(order))
    def check(square: Square) -> None:
        assert Square.parse(square.notation(), order=order) == square
        assert Square.from_json(square.to_json()) == square
        assert eval(repr(square), {"Square": Square}) == square

    check()


def test_large_order_uses_json() -> None:
    square = Square.empty(27).place(0, (26, 1))
    with pytest.raises(NotationError, match="use to_json"):
        square.notation()
    assert Square.from_json(square.to_json()) == square
    assert eval(repr(square), {"Square": Square}) == square


def test_reading_a_cell() -> None:
    square = Square(OZANAM)
    assert square[0] is Card.ACE_OF_CLUBS
    assert square[1] is None
    assert square.pair_at(11) == (2, 2)  # Queen, Diamonds
    assert square.values[5] == Card.JACK_OF_SPADES and square.values[6] == EMPTY
    assert square.placed() == [
        (0, Card.ACE_OF_CLUBS),
        (5, Card.JACK_OF_SPADES),
        (9, Card.ACE_OF_HEARTS),
        (11, Card.QUEEN_OF_DIAMONDS),
    ]
    assert len(square.empty_cells()) == 12 and len(square.unplaced()) == 12
    assert Card.ACE_OF_CLUBS in square and Card.ACE_OF_SPADES not in square
    assert square.cell_of(Card.ACE_OF_HEARTS) == 9
    assert not square.is_full() and len(square) == 16


@given(partial_squares(), st.data())
def test_place_and_remove(square: Square, data: st.DataObject) -> None:
    if square.empty_cells():
        cell = data.draw(st.sampled_from(square.empty_cells()))
        card = data.draw(st.sampled_from(square.unplaced()))
        bigger = square.place(cell, card)
        assert bigger[cell] is card and bigger.placed_count() == square.placed_count() + 1
        assert bigger.remove(cell) == square
        assert hash(bigger.remove(cell)) == hash(square)
        assert square[cell] is None  # the original is unchanged
    for cell, card in square.placed():
        smaller = square.remove(cell)
        assert smaller.place(cell, card) == square
        with pytest.raises(IllegalPlacementError, match="taken"):
            square.place(cell, square.unplaced()[0] if square.unplaced() else card)


def test_place_errors() -> None:
    square = Square(OZANAM)
    with pytest.raises(IllegalPlacementError, match=r"already in the square \(row 1, column 1\)"):
        square.place(1, Card.ACE_OF_CLUBS)
    with pytest.raises(IllegalPlacementError, match="the cell is taken by A♣"):
        square.place(0, Card.KING_OF_CLUBS)
    with pytest.raises(IllegalPlacementError, match="the cell is empty"):
        square.remove(1)
    with pytest.raises(IllegalPlacementError, match="no cell 16"):
        square.place(16, Card.KING_OF_CLUBS)
    with pytest.raises(IllegalPlacementError, match="not a card"):
        square.place(1, 16)
    with pytest.raises(TypeError):
        square.values[0] = 3  # type: ignore[index]


def test_picture() -> None:
    square = Square(OZANAM)
    assert str(square).splitlines()[2] == "·· A♥ ·· Q♦"
    assert square.picture(ascii=True).splitlines()[0] == "AC .. .. .."


def test_pickle() -> None:
    square = Square(OZANAM)
    assert pickle.loads(pickle.dumps(square)) == square


def test_cells() -> None:
    assert [parse_cell(cell_name(cell)) for cell in range(16)] == list(range(16))
    assert describe_cell(9) == "row 3, column 2"
    assert parse_cell("r6c6", order=6) == 35
    for bad in ["r5c1", "r0c1", "x", "", "16", -1, None]:
        with pytest.raises(NotationError) as info:
            parse_cell(bad)  # type: ignore[arg-type]
        assert repr(bad) in str(info.value)


# Bad input: the right exception, with the input quoted and the reason given.
BAD_SQUARES = [
    ("AC3/1JS2/4", "it has 3 rows, expected 4"),
    ("AC3/1JS2/4/4/4", "it has 5 rows, expected 4"),
    ("AC3/1JS/4/4", "row 2 has 2 cells, expected 4"),
    ("AC4/4/4/4", "row 1 has 5 cells, expected 4"),
    ("ACKSQHJDAH/4/4/4", "row 1 has 5 cells, expected 4"),
    ("AX3/4/4/4", "'AX' at row 1, column 1 is not a card: unknown suit 'X'"),
    ("1XS2/4/4/4", "'XS' at row 1, column 2 is not a card: unknown rank 'X'"),
    ("10S3/4/4/4", "run of 10 empty cells"),
    ("2S3/4/4/4", "'S3' at row 1, column 3 is not a card"),
    ("AS3/AS3/4/4", "A♠ stands twice (row 1, column 1 and row 2, column 1)"),
    ("as3/4/A♠3/4", "A♠ stands twice"),
    ("", "it is empty"),
    ("   ", "it is empty"),
    ("AS3/4/4/4#", "unexpected character '#' in row 4"),
    ("AS3/4/4/4!", "unexpected character '!' in row 4"),
    ("AS3/4;/4/4", "unexpected character ';' in row 2"),
    ("AS3/4/4/4A", "ends in the middle of a cell ('A')"),
    ("AS0/4/4/4", "a run of 0"),
    ("QS3/1BH2/4/4", "mixes German ('BH') and English ('QS')"),
    ("DS3/1JH2/4/4", "mixes German ('DS') and English ('JH')"),
    ("xs3/4/4/4", "unknown rank 'X'"),
]


@pytest.mark.parametrize(("text", "message"), BAD_SQUARES)
def test_bad_squares(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Square(text)
    assert repr(text) in str(info.value), str(info.value)
    assert message in str(info.value), str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 42, ["AC3", "4", "4", "4"]])
def test_non_string_squares(value: object) -> None:
    with pytest.raises(NotationError, match="expected a string"):
        Square.parse(value)  # type: ignore[arg-type]


def test_lowercase_and_german_are_read() -> None:
    assert Square("ac3/1js2/1ah1qd/4") == Square(OZANAM)
    assert Square("DD3/1BS2/4/4") == Square("QD3/1JS2/4/4")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{", "cannot read square JSON '{'"),
        ("[]", "expected an object"),
        ("{}", "expected 'cells' or 'notation'"),
        ('{"cells": [null]}', "'cells' must be a list of 16"),
        ('{"cells": ["XX"' + ", null" * 15 + "]}", "cell 0"),
        ('{"cells": [[0, 4]' + ", null" * 15 + "]}", "holds [0, 4]"),
        ('{"cells": ["AS", "AS"' + ", null" * 14 + "]}", "stands twice"),
        (
            '{"notation": "AS3/4/4/4", "cells": ["KS"' + ", null" * 15 + "]}",
            "'notation' and 'cells' disagree",
        ),
        ('{"order": 0, "notation": "4/4/4/4"}', "order of a square"),
    ],
)
def test_bad_json(data: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Square.from_json(data)
    assert message in str(info.value)
    assert data[:20] in str(info.value)


def test_other_order_notation_errors() -> None:
    with pytest.raises(NotationError, match="not a cell of order 3"):
        Square.parse("Ad2/3/3", order=3)
    with pytest.raises(NotationError, match="order of a square"):
        Square.empty(0)
