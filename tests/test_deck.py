"""The 52-card deck: the fixed int convention, every spelling reads back, bad ones say why."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.errors import NotationError
from officers.eightoff.deck import (
    ALL_PLAYING_CARDS,
    PlayingCard,
    Rank,
    Suit,
    card_of,
    read_card_run,
)

RANK_TEXT = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
SUIT_TEXT = "CDHS"


def test_the_int_convention_is_thirteen_times_suit_plus_rank_less_one() -> None:
    assert len(ALL_PLAYING_CARDS) == 52
    for suit in range(4):
        for rank in range(1, 14):
            card = PlayingCard(13 * suit + rank - 1)
            assert card.rank == rank and card.suit == suit
            assert card.notation() == RANK_TEXT.get(rank, str(rank)) + SUIT_TEXT[suit]
            assert card.is_red() == (suit in (1, 2))
            assert PlayingCard.from_parts(rank, suit) is card
    assert PlayingCard.ACE_OF_CLUBS == 0 and PlayingCard.KING_OF_SPADES == 51
    assert PlayingCard.TEN_OF_DIAMONDS == 22 and PlayingCard.ACE_OF_HEARTS == 26
    assert [str(s) for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.name_de() for s in Suit] == ["Kreuz", "Karo", "Herz", "Pik"]
    assert Rank.JACK.name_de() == "Bube" and Rank.KING.name_de() == "König"


def spellings(card: PlayingCard) -> list[str]:
    rank, suit = card.notation()[0], card.notation()[1]
    short_rank = "10" if card.rank == 10 else rank
    german = {11: "B", 12: "D"}.get(card.rank, rank)
    return [
        card.notation(),
        card.notation().lower(),
        rank + suit.lower(),
        short_rank + suit,
        str(card),
        short_rank + card.suit.symbol() + "\ufe0f",
        german + card.suit.symbol(),
        f"  {card.notation()} ",
        card.name_en(),
        card.name_en().lower(),
        card.name_de(),
        card.name_de().replace("-", " "),
    ]


@given(st.sampled_from(ALL_PLAYING_CARDS), st.data())
def test_every_spelling_reads_back(card: PlayingCard, data: st.DataObject) -> None:
    assert PlayingCard.parse(data.draw(st.sampled_from(spellings(card)))) is card


@given(st.lists(st.sampled_from(ALL_PLAYING_CARDS), max_size=20), st.booleans())
def test_runs_of_cards_read_back(cards: list[PlayingCard], tens: bool) -> None:
    text = "".join(
        ("10" + c.notation()[1]) if tens and c.rank == 10 else c.notation() for c in cards
    )
    assert read_card_run(text) == tuple(cards)
    assert read_card_run(text.lower()) == tuple(cards)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("1S", "unknown rank '1'"),
        ("11S", "unknown rank '11'"),
        ("TX", "unknown suit 'X'"),
        ("", "it is empty"),
        # a name that mixes the languages is refused as Euler's Officers refuses one
        ("Ten of Karo", r"mixes German and English \(write 'Ten of Diamonds' or 'Karo-Zehn'\)"),
        ("Zehn of Diamonds", "mixes German and English"),
        ("Ten of Swords", "unknown suit 'Swords'"),
        ("Elf of Spades", r"unknown rank 'Elf' \(expected Ace to King, German Ass to König\)"),
        ("x" * 200, "too long"),
    ],
)
def test_bad_cards_say_why(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why) as caught:
        PlayingCard.parse(text)
    assert len(str(caught.value)) < 200


def test_bad_runs_quote_the_text() -> None:
    with pytest.raises(NotationError, match=r"'JDXX'.*'XX' at 3"):
        read_card_run("JDXX")
    with pytest.raises(NotationError, match="'1' at 1"):
        read_card_run("1")
    with pytest.raises(NotationError):
        read_card_run(None)


def test_card_of_checks_its_int() -> None:
    assert card_of(51) is PlayingCard.KING_OF_SPADES
    for bad in (-1, 52):
        with pytest.raises(ValueError, match="0-51"):
            card_of(bad)
    with pytest.raises(TypeError):
        card_of(True)
