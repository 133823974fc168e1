"""The 16 officers: ranks, suits and cards.

Glossary
--------
rank
    Ace, King, Queen or Jack: a :class:`Rank`, an int 0-3 in that order.
suit
    Spades, Hearts, Diamonds or Clubs: a :class:`Suit`, an int 0-3 in that order.
card
    One of the 16 officers: a :class:`Card`, an int ``4 * rank + suit`` (0-15) with a name.

Cards are read from ``AS``, ``as``, ``A♠``, German ``D♦`` (Dame = Queen) and ``B♣``
(Bube = Jack), or from their full names; they print as ``A♠`` and write as ``AS``. The reading
and the writing are those of every game's cards (:mod:`officers.core.cards`), for the deck of
the 16 court cards in this order (:data:`DECK`); a numbered card is refused: only the court
cards play.

>>> from officers import Card, ACE_OF_SPADES
>>> Card.parse("as") is ACE_OF_SPADES
True
>>> card = Card.parse("D♦")
>>> print(card, card.notation(), card.name_en(), card.name_de(), sep=" | ")
Q♦ | QD | Queen of Diamonds | Karo-Dame
>>> card.rank, card.suit
(Rank.QUEEN, Suit.DIAMONDS)
>>> Card.from_parts(Rank.JACK, Suit.CLUBS)
Card.JACK_OF_CLUBS
"""

from __future__ import annotations

import enum
import re
from typing import Final

from officers.core import cards as french
from officers.core.cards import Spelling
from officers.core.errors import NotationError, excerpt

__all__ = [
    "ALL_CARDS",
    "DECK",
    "Card",
    "Rank",
    "Suit",
    "Spelling",
    "read_card",
    "read_cards",
    "ACE_OF_SPADES", "ACE_OF_HEARTS", "ACE_OF_DIAMONDS", "ACE_OF_CLUBS",
    "KING_OF_SPADES", "KING_OF_HEARTS", "KING_OF_DIAMONDS", "KING_OF_CLUBS",
    "QUEEN_OF_SPADES", "QUEEN_OF_HEARTS", "QUEEN_OF_DIAMONDS", "QUEEN_OF_CLUBS",
    "JACK_OF_SPADES", "JACK_OF_HEARTS", "JACK_OF_DIAMONDS", "JACK_OF_CLUBS",
]  # fmt: skip

_FRENCH_RANKS: Final = (french.Rank.ACE, french.Rank.KING, french.Rank.QUEEN, french.Rank.JACK)
_FRENCH_SUITS: Final = (
    french.Suit.SPADES,
    french.Suit.HEARTS,
    french.Suit.DIAMONDS,
    french.Suit.CLUBS,
)
_RANK_LETTERS: Final = tuple(rank.letter() for rank in _FRENCH_RANKS)
_RANK_NAMES_EN: Final = tuple(rank.name_en() for rank in _FRENCH_RANKS)
_RANK_NAMES_DE: Final = tuple(rank.name_de() for rank in _FRENCH_RANKS)
_SUIT_LETTERS: Final = tuple(suit.letter() for suit in _FRENCH_SUITS)
_SUIT_SYMBOLS: Final = tuple(suit.symbol() for suit in _FRENCH_SUITS)
_SUIT_NAMES_EN: Final = tuple(suit.name_en() for suit in _FRENCH_SUITS)
_SUIT_NAMES_DE: Final = tuple(suit.name_de() for suit in _FRENCH_SUITS)


class Rank(enum.IntEnum):
    """The rank of an officer: Ace, King, Queen, Jack (0-3)."""

    ACE = 0
    KING = 1
    QUEEN = 2
    JACK = 3

    def letter(self) -> str:
        """The English letter: ``A K Q J``."""
        return _RANK_LETTERS[self]

    def name_en(self) -> str:
        """``Ace``, ``King``, ``Queen`` or ``Jack``."""
        return _RANK_NAMES_EN[self]

    def name_de(self) -> str:
        """``Ass``, ``König``, ``Dame`` or ``Bube``."""
        return _RANK_NAMES_DE[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.letter()


class Suit(enum.IntEnum):
    """The suit of an officer: Spades, Hearts, Diamonds, Clubs (0-3)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    def letter(self) -> str:
        """The ASCII letter: ``S H D C``."""
        return _SUIT_LETTERS[self]

    def symbol(self) -> str:
        """The Unicode symbol: ``♠ ♥ ♦ ♣``."""
        return _SUIT_SYMBOLS[self]

    def name_en(self) -> str:
        """``Spades``, ``Hearts``, ``Diamonds`` or ``Clubs``."""
        return _SUIT_NAMES_EN[self]

    def name_de(self) -> str:
        """``Pik``, ``Herz``, ``Karo`` or ``Kreuz``."""
        return _SUIT_NAMES_DE[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.symbol()


class Card(enum.IntEnum):
    """One of the 16 officers; the int value is ``4 * rank + suit``."""

    ACE_OF_SPADES = 0
    ACE_OF_HEARTS = 1
    ACE_OF_DIAMONDS = 2
    ACE_OF_CLUBS = 3
    KING_OF_SPADES = 4
    KING_OF_HEARTS = 5
    KING_OF_DIAMONDS = 6
    KING_OF_CLUBS = 7
    QUEEN_OF_SPADES = 8
    QUEEN_OF_HEARTS = 9
    QUEEN_OF_DIAMONDS = 10
    QUEEN_OF_CLUBS = 11
    JACK_OF_SPADES = 12
    JACK_OF_HEARTS = 13
    JACK_OF_DIAMONDS = 14
    JACK_OF_CLUBS = 15

    @classmethod
    def from_parts(cls, rank: int, suit: int) -> Card:
        """The card of a rank and a suit (each a :class:`Rank`/:class:`Suit` or an int 0-3)."""
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (rank, suit)):
            raise TypeError(f"rank and suit are ints 0-3, got rank={rank!r:.40}, suit={suit!r:.40}")
        if not (0 <= rank < 4 and 0 <= suit < 4):
            raise ValueError(f"rank and suit must be 0-3, got rank={rank!r:.40}, suit={suit!r:.40}")
        return ALL_CARDS[4 * rank + suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``AS``, ``as``, ``A♠``, ``D♦``, ``B♣``, ``Ace of Spades``, ``Pik-Ass``.

        Raises :class:`~officers.NotationError` (a ``ValueError``) quoting the text.

        >>> Card.parse("B♣"), Card.parse("Queen of Hearts"), Card.parse("Kreuz-König")
        (Card.JACK_OF_CLUBS, Card.QUEEN_OF_HEARTS, Card.KING_OF_CLUBS)
        """
        return DECK.read(text)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS[self >> 2]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[self & 3]

    def notation(self) -> str:
        """The ASCII notation: ``AS``, ``QD``, ..."""
        return _NOTATION[self]

    def name_en(self) -> str:
        """The English name: ``Ace of Spades``."""
        return _NAME_EN[self]

    def name_de(self) -> str:
        """The German name: ``Pik-Ass``."""
        return _NAME_DE[self]

    def __str__(self) -> str:
        return _FACE[self]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card.{self.name}"


ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card)
"""The 16 cards in index order: A♠ A♥ A♦ A♣ K♠ ... J♣."""

ACE_OF_SPADES: Final = Card.ACE_OF_SPADES
ACE_OF_HEARTS: Final = Card.ACE_OF_HEARTS
ACE_OF_DIAMONDS: Final = Card.ACE_OF_DIAMONDS
ACE_OF_CLUBS: Final = Card.ACE_OF_CLUBS
KING_OF_SPADES: Final = Card.KING_OF_SPADES
KING_OF_HEARTS: Final = Card.KING_OF_HEARTS
KING_OF_DIAMONDS: Final = Card.KING_OF_DIAMONDS
KING_OF_CLUBS: Final = Card.KING_OF_CLUBS
QUEEN_OF_SPADES: Final = Card.QUEEN_OF_SPADES
QUEEN_OF_HEARTS: Final = Card.QUEEN_OF_HEARTS
QUEEN_OF_DIAMONDS: Final = Card.QUEEN_OF_DIAMONDS
QUEEN_OF_CLUBS: Final = Card.QUEEN_OF_CLUBS
JACK_OF_SPADES: Final = Card.JACK_OF_SPADES
JACK_OF_HEARTS: Final = Card.JACK_OF_HEARTS
JACK_OF_DIAMONDS: Final = Card.JACK_OF_DIAMONDS
JACK_OF_CLUBS: Final = Card.JACK_OF_CLUBS

DECK: Final = french.Deck(
    "Euler's Officers",
    _FRENCH_RANKS,
    _FRENCH_SUITS,
    ALL_CARDS,
    by="rank",
    absent="only the court cards play",
)
"""The 16 officers as a deck of French cards: the one reader and printer of
:mod:`officers.core.cards`, with the names and the outlined suits, the German ``D`` and ``B``."""

_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)
_NOTATION: Final = DECK.notation
_FACE: Final = DECK.face
_NAME_EN: Final = DECK.names["en"]
_NAME_DE: Final = DECK.names["de"]
_VARIATION_SELECTORS: Final = str.maketrans("", "", "\ufe0e\ufe0f")
"""Emoji (U+FE0F) and text (U+FE0E) presentation selectors, which phones send after ``♠``."""

# --- reading -------------------------------------------------------------------------------


def read_card(text: object) -> tuple[Card, Spelling]:
    """Read a card and say which language its spelling belongs to ("en", "de" or "" for both).

    >>> read_card("D♦"), read_card("Q♦"), read_card("A♦")
    ((Card.QUEEN_OF_DIAMONDS, 'de'), (Card.QUEEN_OF_DIAMONDS, 'en'), (Card.ACE_OF_DIAMONDS, ''))
    """
    return DECK.read_spelling(text)


_CARD_SEPARATORS: Final = re.compile(r"[\s,;]+")


def read_cards(text: object) -> tuple[Card, ...]:
    """Read cards, in the order given: separated by spaces, commas or semicolons (``"KD QS AS"``,
    ``"K♦, Q♠"``), or run together as the game notation writes a hand (``"KDQSAS"``,
    ``"K♦Q♠A♠"``), or both. A part that is not one card is read as cards of two characters each.
    Nothing is refused for coming twice (the callers know whether it may).

    >>> read_cards("KDQSAS") == read_cards("KD QS AS") == read_cards("K♦, Q♠; A♠")
    True
    >>> read_cards("AS kh,B♣D♦")
    (Card.ACE_OF_SPADES, Card.KING_OF_HEARTS, Card.JACK_OF_CLUBS, Card.QUEEN_OF_DIAMONDS)
    >>> read_cards("KDQSAX")
    Traceback (most recent call last):
      ...
    officers.NotationError: cannot read card 'AX' in 'KDQSAX': unknown suit 'X' (expected suits S H D C or ♠ ♥ ♦ ♣)
    """
    if not isinstance(text, str):
        raise NotationError(
            f"cannot read cards {excerpt(text)}: expected a string such as 'AS KH' or 'ASKH'"
        )
    cards: list[Card] = []
    for part in _CARD_SEPARATORS.split(text.strip().translate(_VARIATION_SELECTORS)):
        if len(part) <= 3:
            if part:
                cards.append(DECK.read(part))
            continue
        try:
            cards.append(DECK.read(part))  # a name without spaces: Pik-Ass
            continue
        except NotationError:
            if len(part) % 2:
                raise NotationError(
                    f"cannot read cards {excerpt(part)}: expected cards of two characters "
                    "(such as 'AS' or 'A♠'), separated by spaces or commas or run together"
                ) from None
        for i in range(0, len(part), 2):
            cards.append(_read_in_run(part[i : i + 2], part))
    return tuple(cards)


def _read_in_run(pair: str, run: str) -> Card:
    """One card of two characters out of a run of cards, or an error that quotes both."""
    try:
        return DECK.read(pair)
    except NotationError as error:
        why = str(error).removeprefix(f"cannot read card {excerpt(pair)}: ")
        raise NotationError(f"cannot read card {excerpt(pair)} in {excerpt(run)}: {why}") from None
