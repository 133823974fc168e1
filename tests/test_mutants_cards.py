"""Facts about reading cards that mutation testing showed no other test pinned down.

Each test names what it holds: the whole error message for each kind of bad card (a message is
part of the interface: frontends show it as it is), the bounds of :meth:`Card.from_parts`, the
length limit of a card text, and which letters count as which.
"""

from __future__ import annotations

import re

import pytest

from officers import Card, NotationError
from officers.euler.cards import read_card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            17,
            "cannot read card 17: expected a string such as 'AS' or 'A♠'",
        ),
        (
            "x" * 41,
            f"cannot read card {'x' * 41!r}: too long for a card "
            "(expected e.g. 'AS', 'A♠' or 'Ace of Spades')",
        ),
        # A three-character text that starts with a digit is a numbered card...
        ("10S", "cannot read card '10S': only the court cards play (ranks A K Q J, German D B)"),
        ("1AS", "cannot read card '1AS': only the court cards play (ranks A K Q J, German D B)"),
        # ... any other is read as a name, and is none.
        (
            "XAS",
            "cannot read card 'XAS': expected two characters such as 'AS' or 'A♠', "
            "or a name such as 'Ace of Spades' or 'Pik-Ass'",
        ),
        (
            "A1S",
            "cannot read card 'A1S': expected two characters such as 'AS' or 'A♠', "
            "or a name such as 'Ace of Spades' or 'Pik-Ass'",
        ),
        ("AX", "cannot read card 'AX': unknown suit 'X' (expected suits S H D C or ♠ ♥ ♦ ♣)"),
        (
            "10 of Spades",
            "cannot read card '10 of Spades': only the court cards play (Ace, King, Queen, Jack)",
        ),
        (
            "Ace of Swords",
            "cannot read card 'Ace of Swords': unknown suit 'Swords' "
            "(expected Spades Hearts Diamonds Clubs, German Pik Herz Karo Kreuz)",
        ),
    ],
)
def test_every_kind_of_bad_card_has_its_message(text: object, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        read_card(text)
    assert str(caught.value) == message


def test_a_card_text_may_be_forty_characters_long() -> None:
    # "Ace of Spades" with spaces to spare: 40 characters are read, 41 are refused.
    forty = "Ace" + " " * 28 + "of Spades"
    assert len(forty) == 40
    assert Card.parse(forty) is Card.ACE_OF_SPADES
    assert Card.parse(f" {forty} ") is Card.ACE_OF_SPADES  # outer spaces are stripped first
    with pytest.raises(NotationError, match="too long for a card"):
        Card.parse("Ace " + " " * 28 + "of Spades")


def test_only_ascii_letters_change_case() -> None:
    # "ſ".upper() is "S" and "K" (Kelvin) .lower() is "k": neither is a suit or a rank letter.
    with pytest.raises(NotationError, match=re.escape("unknown suit 'ſ'")):
        Card.parse("Aſ")
    with pytest.raises(NotationError, match="unknown rank"):
        Card.parse("\u212aS")


@pytest.mark.parametrize("king", ["König", "KÖNIG", "könig", "KöNIG", "Koenig"])
def test_the_german_king_in_any_case(king: str) -> None:
    assert Card.parse(f"Pik-{king}") is Card.KING_OF_SPADES
    assert Card.parse(f"KREUZ {king}") is Card.KING_OF_CLUBS


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (3, 3), (0, 3), (3, 0), (2, 1)])
def test_from_parts_inside_the_bounds(rank: int, suit: int) -> None:
    card = Card.from_parts(rank, suit)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize(("rank", "suit"), [(4, 0), (0, 4), (-1, 0), (0, -1), (4, 4), (5, 1)])
def test_from_parts_outside_the_bounds(rank: int, suit: int) -> None:
    with pytest.raises(ValueError) as caught:
        Card.from_parts(rank, suit)
    assert str(caught.value) == f"rank and suit must be 0-3, got rank={rank}, suit={suit}"


@pytest.mark.parametrize(("rank", "suit"), [(True, 0), (0, False), (1.0, 0), (0, 2.0), ("1", 0)])
def test_from_parts_takes_ints_only(rank: object, suit: object) -> None:
    with pytest.raises(TypeError) as caught:
        Card.from_parts(rank, suit)  # type: ignore[arg-type]
    assert str(caught.value) == f"rank and suit are ints 0-3, got rank={rank!r}, suit={suit!r}"
