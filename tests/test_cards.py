"""Cards: every spelling reads back to the same card; bad spellings say why."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import officers
from officers import ALL_CARDS, Card, NotationError, Rank, Suit

GERMAN_RANK = {Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "D", Rank.JACK: "B"}


def spellings(card: Card) -> list[str]:
    rank, suit = card.rank.letter(), card.suit.letter()
    german = GERMAN_RANK[card.rank]
    return [
        card.notation(),
        card.notation().lower(),
        str(card),
        rank.lower() + suit.lower(),
        german + suit,
        german + card.suit.symbol(),
        german.lower() + card.suit.symbol(),
        f" {card.notation()} ",
        card.name_en(),
        card.name_en().upper(),
        card.name_de(),
        card.name_de().replace("-", " "),
        card.name_de().lower(),
    ]


def test_sixteen_distinct_cards_in_index_order() -> None:
    assert len(ALL_CARDS) == 16
    assert [int(card) for card in ALL_CARDS] == list(range(16))
    assert len({(card.rank, card.suit) for card in ALL_CARDS}) == 16
    for card in ALL_CARDS:
        assert card == 4 * card.rank + card.suit
        assert Card.from_parts(card.rank, card.suit) is card
        assert getattr(officers, card.name) is card


@given(st.sampled_from(ALL_CARDS), st.data())
def test_every_spelling_round_trips(card: Card, data: st.DataObject) -> None:
    spelling = data.draw(st.sampled_from(spellings(card)))
    assert Card.parse(spelling) is card


@pytest.mark.parametrize("card", ALL_CARDS)
def test_writing_forms(card: Card) -> None:
    assert str(card) == card.rank.letter() + card.suit.symbol()
    assert Card.parse(card.notation()) is card
    assert Card.parse(str(card)) is card
    assert Card.parse(card.name_en()) is card
    assert Card.parse(card.name_de()) is card
    assert eval(repr(card), {"Card": Card}) is card
    assert f"{card:>4}" == f"  {card}"


def test_names() -> None:
    assert str(officers.ACE_OF_SPADES) == "A♠"
    assert officers.ACE_OF_SPADES.notation() == "AS"
    assert officers.ACE_OF_SPADES.name_en() == "Ace of Spades"
    assert officers.ACE_OF_SPADES.name_de() == "Pik-Ass"
    assert Card.parse("Q♦").name_de() == "Karo-Dame"
    assert Card.parse("B♣").name_de() == "Kreuz-Bube"
    assert Card.parse("K♥").name_de() == "Herz-König"
    assert Card.parse("Herz Koenig") is officers.KING_OF_HEARTS
    assert Suit.HEARTS.symbol() == "♥" and Rank.QUEEN.name_de() == "Dame"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10S", "only the court cards play"),
        ("2H", "only the court cards play"),
        ("TS", "only the court cards play"),
        ("XS", "unknown rank 'X'"),
        ("AX", "unknown suit 'X'"),
        ("A", "expected two characters"),
        ("ASS", "expected two characters"),
        ("", "it is empty"),
        ("   ", "it is empty"),
        ("Ass of Spades", "mixes German and English"),
        ("Pik-Queen", "mixes German and English"),
        ("Ten of Spades", "unknown rank 'Ten'"),
        ("Ace of Swords", "unknown suit 'Swords'"),
    ],
)
def test_bad_cards_quote_the_input(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_mixed_names_suggest_the_card_meant() -> None:
    with pytest.raises(NotationError, match="write 'Ace of Spades' or 'Pik-Ass'"):
        Card.parse("Ass of Spades")
    with pytest.raises(NotationError, match="write 'Jack of Hearts' or 'Herz-Bube'"):
        Card.parse("Herz-Jack")


@pytest.mark.parametrize("value", [None, 3, b"AS", ["AS"]])
def test_non_strings_are_notation_errors(value: object) -> None:
    with pytest.raises(NotationError, match="expected a string"):
        Card.parse(value)  # type: ignore[arg-type]
