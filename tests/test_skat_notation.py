"""Offiziersskat's notations: moves, deals, positions and records read what they write, accept
the documented variants, and refuse bad text with a bounded excerpt of it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidGameError, NotationError
from officers.skat import (
    Deal,
    Move,
    Position,
    SkatGame,
    card_face,
    card_name,
    card_notation,
    parse_card,
    parse_game,
)
from officers.skat.words import languages, outcome_text, refusal_text


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("QH@3", "QH@3"),
        (" dh @ 3 ", "QH@3"),
        ("10♥@1", "TH@1"),
        ("BC@8", "JC@8"),
        ("qh", "QH"),
        ("Herz", "H"),
        ("grand", "G"),
        ("♣", "C"),
        ("d", "D"),
    ],
)
def test_moves_read_the_documented_variants(text: str, notation: str) -> None:
    move = Move.parse(text)
    assert move.notation() == notation
    assert Move.parse(move.notation()) == move
    assert Move.from_dict(json.loads(json.dumps(move.to_dict()))) == move


@pytest.mark.parametrize("text", ["", "QH@0", "QH@9", "QX@1", "Q", "QH@1@2", "x" * 1000])
def test_bad_moves_are_refused_with_an_excerpt(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Move.parse(text)
    assert len(str(info.value)) < 250


def test_a_move_is_a_game_or_a_card() -> None:
    with pytest.raises(InvalidGameError):
        Move()
    with pytest.raises(InvalidGameError):
        Move(game="G", card=4)
    with pytest.raises(InvalidGameError):
        Move(card=4, pile=8)
    with pytest.raises(NotationError):
        Move.from_dict({"notation": "QH@3", "pile": 4})


def test_every_card_has_its_names() -> None:
    seen = set()
    for card in range(32):
        assert parse_card(card_notation(card)) == card
        assert parse_card(card_face(card)) == card
        seen.add(card_name(card, "de"))
        seen.add(card_name(card, "en"))
    assert len(seen) == 64
    assert card_name(parse_card("AS"), "de") == "Pik-Ass"
    assert card_name(parse_card("7D"), "en") == "seven of diamonds"
    assert parse_game("Karo") == "D"


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 33), st.randoms(use_true_random=False))
def test_positions_and_records_round_trip(number: int, moves: int, rng: object) -> None:
    game = SkatGame.deal(number)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(rng.choice(legal))  # type: ignore[attr-defined]
    position = game.position
    assert Position.parse(position.notation()) == position
    assert Position.from_dict(position.to_dict()) == position
    record = SkatGame.parse(game.notation())
    assert record.moves == game.moves and record.position == position
    assert record.deal_of == Deal.numbered(number)
    restored = SkatGame.from_dict(json.loads(game.to_json()))
    assert restored.notation() == game.notation()
    # a game that starts from a position writes it, then its moves
    later = SkatGame(position)
    legal = later.legal_moves()
    if legal:
        later.push(legal[0])
        assert SkatGame.parse(later.notation()).position == later.position


@pytest.mark.parametrize(
    "text",
    [
        "",
        ";;;;;;",
        "deal 1 ; H QQ@1",
        "deal 1 ; H TS@1 TS@1",
        "deal 99999999999999999999999",
        "G ; " + "AS/KS " * 8 + "| " + "7C/8C " * 8 + "; V ; 0:0 0:0",
        "deal 1 ; " + "H " * 2000,
    ],
)
def test_bad_records_are_refused_with_an_excerpt(text: str) -> None:
    with pytest.raises(NotationError) as info:
        SkatGame.parse(text)
    assert len(str(info.value)) < 400


def test_json_that_disagrees_is_refused() -> None:
    game = SkatGame.parse("deal 1 ; H 8H@4")
    data = game.to_dict()
    data["position"] = SkatGame.deal(1).position.notation()
    with pytest.raises(NotationError):
        SkatGame.from_dict(data)
    with pytest.raises(NotationError):
        Deal.from_dict({"notation": Deal.numbered(1).notation(), "number": 2})
    with pytest.raises(NotationError):
        SkatGame.from_json("[")


def test_words_speak_english_and_german_only() -> None:
    from officers.core.errors import UnsupportedError
    from officers.skat import Outcome

    assert languages() == ("de", "en")
    game = SkatGame.parse("deal 1 ; H 8H@4")
    fact = game.refusal("AS")
    assert fact is not None
    with pytest.raises(UnsupportedError):
        refusal_text(fact, "fr")
    assert outcome_text(Outcome((61, 59)), "en") == "Vorhand wins with 61:59 points"
    assert fact.to_dict()["text_de"].startswith("Nicht erlaubt")
