"""The rule of the square: lines, placements and conflicts, against simple definitions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers import (
    DIAGONAL_RULES,
    STANDARD_RULES,
    Card,
    IllegalPlacementError,
    NotationError,
    Rules,
    Square,
    UnsupportedError,
)
from tests.strategies import finished_parts, partial_squares

BOTH = [STANDARD_RULES, DIAGONAL_RULES]


def simple_is_valid(square: Square, rules: Rules) -> bool:
    n = rules.order
    for line in rules.lines:
        values = [square.values[c] for c in line.cells if square.values[c] != -1]
        if len({v // n for v in values}) < len(values) or len({v % n for v in values}) < len(
            values
        ):
            return False
    return True


def test_lines() -> None:
    assert [line.name for line in STANDARD_RULES.lines][:5] == [
        "row 1", "row 2", "row 3", "row 4", "column 1"
    ]  # fmt: skip
    assert [line.cells for line in DIAGONAL_RULES.lines[-2:]] == [(0, 5, 10, 15), (3, 6, 9, 12)]
    for rules in BOTH:
        for cell in range(16):
            through = rules.lines_through(cell)
            assert all(cell in line.cells for line in through)
            assert len(through) == sum(cell in line.cells for line in rules.lines)
    assert len(Rules(order=6, diagonals=True).lines) == 14


@pytest.mark.parametrize("rules", BOTH, ids=["rows-columns", "diagonals"])
@given(square=st.one_of(partial_squares(), finished_parts()), data=st.data())
def test_placement_matches_the_definition(
    rules: Rules, square: Square, data: st.DataObject
) -> None:
    cell = data.draw(st.integers(0, 15))
    card = Card(data.draw(st.integers(0, 15)))
    legal = rules.is_legal(square, cell, card)
    if not square.is_empty(cell) or card in square:
        assert not legal
    elif simple_is_valid(square, rules):
        assert legal == simple_is_valid(square.place(cell, card), rules)
    if legal:
        assert rules.place(square, cell, card) == square.place(cell, card)
    else:
        reason = rules.why_illegal(square, cell, card)
        assert reason
        with pytest.raises(IllegalPlacementError) as info:
            rules.place(square, cell, card)
        assert reason in str(info.value) and str(card) in str(info.value)


@pytest.mark.parametrize("rules", BOTH, ids=["rows-columns", "diagonals"])
@given(square=partial_squares())
def test_conflicts_match_the_definition(rules: Rules, square: Square) -> None:
    conflicts = rules.conflicts(square)
    assert rules.is_valid(square) == (not conflicts) == simple_is_valid(square, rules)
    for conflict in conflicts:
        assert len(conflict.cells) >= 2
        assert set(conflict.cells) <= set(conflict.line.cells)
        n = rules.order
        symbols = {(square.values[c] // n if conflict.attribute == "rank" else square.values[c] % n)
                   for c in conflict.cells}  # fmt: skip
        assert symbols == {conflict.symbol}


@given(square=partial_squares())
def test_legal_placements_are_the_legal_pairs(square: Square) -> None:
    for rules in BOTH:
        expected = [
            (cell, value)
            for cell in range(16)
            for value in range(16)
            if rules.is_legal(square, cell, value)
        ]
        assert rules.legal_placements(square) == expected


def test_reasons() -> None:
    start = Square("AC3/1JS2/1AH1QD/4")
    rules = STANDARD_RULES
    assert rules.why_illegal(start, 0, Card.KING_OF_HEARTS) == "the cell is taken by A♣"
    assert rules.why_illegal(start, 1, Card.JACK_OF_SPADES) == (
        "it is already in the square (row 2, column 2)"
    )
    assert rules.why_illegal(start, 7, Card.KING_OF_DIAMONDS) == (
        "a ♦ already stands in column 4 (Q♦ at row 3, column 4)"
    )
    assert rules.why_illegal(start, 6, Card.JACK_OF_HEARTS) == (
        "a Jack already stands in row 2 (J♠ at row 2, column 2)"
    )
    assert rules.why_illegal(start, 15, Card.KING_OF_SPADES) is None
    assert DIAGONAL_RULES.why_illegal(start, 15, Card.KING_OF_CLUBS) == (
        "a ♣ already stands in the main diagonal (A♣ at row 1, column 1)"
    )
    illegal = DIAGONAL_RULES.illegal(start, 15, Card.KING_OF_CLUBS)
    assert illegal is not None and (illegal.reason, illegal.where, illegal.held) == ("suit", 0, 3)
    assert illegal.text("de") == (
        "ein Kreuz steht schon in der Hauptdiagonale (Kreuz-Ass auf Zeile 1, Spalte 1)"
    )
    assert rules.illegal(start, 0, Card.KING_OF_HEARTS).text("de") == (  # type: ignore[union-attr]
        "auf dem Feld liegt schon Kreuz-Ass"
    )
    with pytest.raises(IllegalPlacementError, match="no cell 16"):
        rules.why_illegal(start, 16, Card.KING_OF_HEARTS)


def test_finished() -> None:
    # A finished square that keeps the diagonals too.
    finished = Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH")
    assert STANDARD_RULES.is_finished(finished)
    assert DIAGONAL_RULES.is_finished(finished)
    assert not STANDARD_RULES.is_finished(finished.remove(0))


def test_rules_reject_bad_arguments() -> None:
    with pytest.raises(NotationError, match="order"):
        Rules(order=0)
    with pytest.raises(NotationError, match="diagonals"):
        Rules(diagonals="yes")  # type: ignore[arg-type]
    with pytest.raises(UnsupportedError, match="order 5 cannot judge a square of order 4"):
        Rules(order=5).conflicts(Square())
    assert Rules() == STANDARD_RULES and hash(Rules(diagonals=True)) == hash(DIAGONAL_RULES)
