"""The rules engine: legal moves against a simple enumeration written here from the rules' words,
every refusal a fact with an English and a German sentence, and moves that keep the deck whole."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.errors import IllegalMoveError
from officers.eightoff.moves import FOUNDATION, REFUSALS, Move, Place, cell, column
from officers.eightoff.position import Position
from officers.eightoff.rules import legal_moves, play, refusal, resolve
from officers.eightoff.variant import EIGHT_OFF, FREECELL, Variant

from .test_eightoff_strategies import positions

# --- a second reading of the rules, as simple as it can be -----------------------------------


def rank(card: int) -> int:
    return card % 13 + 1


def red(card: int) -> bool:
    return card // 13 in (1, 2)


def goes_on(lower: int, upper: int, variant: Variant) -> bool:
    if rank(lower) + 1 != rank(upper):
        return False
    if variant.building == "suit":
        return lower // 13 == upper // 13
    return red(lower) != red(upper)


def simply_legal(position: Position, source: Place, target: Place, count: int) -> bool:
    variant = position.variant
    if source == target:
        return False
    if source.kind == "cell":
        held = position.cells[source.index]
        cards = [] if held is None else [held]
    else:
        cards = list(position.columns[source.index])
    if not 1 <= count <= len(cards):
        return False
    if count > 1 and (source.kind == "cell" or target.kind != "column"):
        return False
    moving = cards[-count:]
    if not all(goes_on(b, a, variant) for a, b in itertools.pairwise(moving)):
        return False
    head = moving[0]
    if target.kind == "foundation":
        return position.foundations[head // 13] == rank(head) - 1
    if target.kind == "cell":
        return position.cells[target.index] is None
    below = position.columns[target.index]
    if below and not goes_on(head, below[-1], variant):
        return False
    if not below and variant.empty == "kings" and rank(head) != 13:
        return False
    free = position.cells.count(None)
    empty = sum(1 for c in position.columns if not c) - (0 if below else 1)
    most = {"one": 1, "cells": 1 + free, "freecell": (1 + free) * 2**empty}[variant.sequence]
    return count <= most


def every_place(position: Position) -> list[Place]:
    return (
        [column(i) for i in range(len(position.columns))]
        + [cell(i) for i in range(len(position.cells))]
        + [FOUNDATION]
    )


@given(positions())
def test_legal_moves_are_the_simple_enumeration(position: Position) -> None:
    expected = {
        (source, target, count)
        for source in every_place(position)
        if source != FOUNDATION
        for target in every_place(position)
        for count in range(1, 14)
        if simply_legal(position, source, target, count)
    }
    moves = legal_moves(position)
    assert len(moves) == len(set(moves))
    assert {(m.source, m.target, m.count) for m in moves} == expected


@given(positions(), st.data())
def test_every_move_is_legal_or_refused_with_a_fact(
    position: Position, data: st.DataObject
) -> None:
    places = [*every_place(position), column(9), cell(7)]
    source = data.draw(st.sampled_from([p for p in places if p != FOUNDATION]))
    move = Move(
        source, data.draw(st.sampled_from(places)), data.draw(st.none() | st.integers(1, 14))
    )
    fact = refusal(position, move)
    resolved = resolve(position, move)
    if fact is None:
        assert resolved in legal_moves(position)
        after = play(position, move)
        assert after.cards_left() == position.cards_left() - (move.target == FOUNDATION)
        return
    assert fact.kind in REFUSALS and fact.move == resolved
    english, german = fact.text("en"), fact.text("de")
    assert english.startswith(f"cannot play {resolved.notation()}: ")
    assert german.startswith(f"Nicht erlaubt ({resolved.notation()}): ") and german != english
    with pytest.raises(IllegalMoveError) as caught:
        play(position, move)
    assert caught.value.refusal == fact and str(caught.value) == english
    assert resolved not in legal_moves(position)


# --- each refusal, from a position built for it -------------------------------------------------

# Eight Off with a few cards played: column 1 ends 8♣ 7♣ 6♣ (a run), column 2 is empty,
# column 6 is 10♦ J♦ (no run), cells a c d g hold 2♦ 2♠ 3♠ 9♥.
BUILT = Position.parse(
    "eight-off KDQD8C7C6C/-/KHQHJH/KSQSJS9S8S7S6S5S4S/KCQCJCTC/TDJD/TH9C5C4C3C/TS9D8D7D6D5D4D3D "
    "2D-2S3S--9H- C2D1H8S1"
)


@pytest.mark.parametrize(
    ("move", "kind", "english", "german"),
    [
        ("92", "no-such-column", "has no column 9 (it has 8 columns)", "hat keine Spalte 9"),
        (Move(cell(0), cell(0)), "same-place", "to another place", "anderen Platz"),
        ("b3", "empty-source", "cell b holds no card", "keine Karte"),
        ("23", "empty-source", "column 2 holds no card", "keine Karte"),
        (Move(column(0), cell(3), 2), "single-card", "a cell holds one card", "nur eine Karte"),
        (Move(column(0), FOUNDATION, 2), "single-card", "one at a time", "auf einmal"),
        ("61v3", "too-few-cards", "column 6 holds 2 cards, not 3", "hat 2 Karten, nicht 3"),
        (
            "62v2",
            "not-a-run",
            "J♦ is not built on 10♦",
            "Karo-Bube liegt nicht passend auf Karo-Zehn",
        ),
        ("1a", "cell-taken", "cell a already holds 2♦", "liegt schon Karo-Zwei"),
        ("1h", "not-next", "6♣ is not next on its foundation, which holds 2 cards", "Kreuz-Sechs"),
        (
            "14",
            "no-fit",
            "6♣ does not go on 4♠: a card goes on the next higher card of its own suit (7♣)",
            "Kreuz-Sieben",
        ),
        (
            "12",
            "kings-only",
            "only a King fills an empty column (column 2), not 6♣",
            "nur ein König",
        ),
        ("78v5", "not-a-run", "the 5 cards at the bottom", "keine Folge"),
    ],
)
def test_each_refusal_names_its_rule(
    move: str | Move, kind: str, english: str, german: str
) -> None:
    move = Move.parse(move) if isinstance(move, str) else move
    fact = refusal(BUILT, move)
    assert fact is not None and fact.kind == kind
    assert english in fact.text("en") and german in fact.text("de")


def test_too_many_cards_and_the_capacity() -> None:
    # 4 empty cells: Eight Off carries 1 + 4 cards, not the 6 of 8♣ … 3♣ onto 9♣
    run = Position.parse(
        "eight-off KDQD9C/-/KHQHJH/KSQSJS9S8S7S6S5S4S/KCQCJCTC/TDJD/TH8C7C6C5C4C3C/TS9D8D7D6D5D4D3D "
        "2D-2S3S--9H- C2D1H8S1"
    )
    fact = refusal(run, Move.parse("71"))
    assert fact is not None and fact.kind == "too-many" and (fact.count, fact.limit) == (6, 5)
    assert "at most 5 cards now, not 6" in fact.text("en")
    assert "höchstens 5 Karten" in fact.text("de")
    relaxed = Position(
        run.columns,
        run.cells,
        run.foundations,
        EIGHT_OFF.replace(empty="any", sequence="freecell", name="x"),
    )
    assert refusal(relaxed, Move.parse("71")) is None  # (1 + 4) * 2 ** 1 = 10 >= 6


def test_a_king_goes_on_no_card_and_freecell_builds_in_colours() -> None:
    start = Position.numbered(4, FREECELL)
    for move in legal_moves(start):
        if move.target.kind == "column" and start.columns[move.target.index]:
            head = (
                start.columns[move.source.index][-move.count]
                if move.source.kind == "column"
                else start.cells[move.source.index]
            )
            assert head is not None
            assert red(head) != red(start.columns[move.target.index][-1])


@given(positions(max_moves=30))
def test_resolve_finds_the_run_that_fits(position: Position) -> None:
    for move in legal_moves(position):
        if (
            move.source.kind == "column"
            and move.target.kind == "column"
            and position.columns[move.target.index]
        ):
            assert resolve(position, Move(move.source, move.target, None)) == move
        assert Move.parse(move.notation(position)) in (move, Move(move.source, move.target, None))
        assert resolve(position, Move.parse(move.notation(position))) == move


@given(positions())
def test_safe_moves_are_the_solvers_safe_cards(position: Position) -> None:
    """The moves a page may play by itself are exactly the foundation moves of cards the
    solver settles at once (its own table of which cards may go on which, written apart)."""
    from officers.eightoff.rules import safe_moves
    from officers.eightoff.solve import game_of

    game = game_of(position.variant)
    up = [m for m in legal_moves(position) if m.target == FOUNDATION]
    expected = []
    for move in up:
        source = move.source
        card = (
            position.columns[source.index][-1]
            if source.kind == "column"
            else position.cells[source.index]
        )
        if game.safe(card, position.foundations):  # type: ignore[arg-type]
            expected.append(move)
    assert safe_moves(position) == expected
