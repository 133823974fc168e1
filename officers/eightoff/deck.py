"""The 52-card French deck: ranks, suits and playing cards, shared by the card games of officers.

Glossary
--------
rank
    Ace (low) to King (high): a :class:`~officers.core.cards.Rank`, an int 1-13 (Ace = 1,
    Jack = 11, Queen = 12, King = 13). ``Rank`` and ``Suit`` here are the French ones of
    :mod:`officers.core.cards`, the very same classes.
suit
    Clubs, Diamonds, Hearts or Spades: a :class:`~officers.core.cards.Suit`, an int 0-3 in that
    order (♣ ♦ ♥ ♠). Diamonds and Hearts are red, Clubs and Spades black.
playing card
    One of the 52 cards: a :class:`PlayingCard`, an int ``13 * suit + (rank - 1)`` (0-51)
    with a name: 0 is the Ace of Clubs, 12 the King of Clubs, 51 the King of Spades.

Cards are read from ``TD``, ``Td``, ``10D``, ``10♦``, German ``B♣`` (Bube = Jack) and ``D♥``
(Dame = Queen), or their full names in English or German; they print as ``10♦`` and write as
``TD`` (T for ten, as fc-solve and PySol write). The reading and the writing are those of every
game's cards (:mod:`officers.core.cards`), for the whole deck in this order (:data:`DECK`). The
32 cards of Offiziersskat are a subset of this deck.

>>> card = PlayingCard.parse("10♦")
>>> print(card, card.notation(), card.name_en(), card.name_de(), sep=" | ")
10♦ | TD | Ten of Diamonds | Karo-Zehn
>>> int(card), card.rank, card.suit, card.is_red()
(22, Rank.TEN, Suit.DIAMONDS, True)
>>> PlayingCard.parse("Td") is PlayingCard.parse("Ten of Diamonds") is PlayingCard.TEN_OF_DIAMONDS
True
>>> read_card_run("JDKD10H2s")
(PlayingCard.JACK_OF_DIAMONDS, PlayingCard.KING_OF_DIAMONDS, PlayingCard.TEN_OF_HEARTS, PlayingCard.TWO_OF_SPADES)
"""

from __future__ import annotations

import enum
from typing import Final

from officers.core import cards as french
from officers.core.cards import Rank, Suit
from officers.core.errors import NotationError, excerpt

__all__ = [
    "ALL_PLAYING_CARDS",
    "CARDS_IN_DECK",
    "DECK",
    "PlayingCard",
    "Rank",
    "Suit",
    "card_of",
    "read_card",
    "read_card_run",
]

CARDS_IN_DECK: Final = 52
"""The cards of the French deck."""

_FRENCH_RANKS: Final = tuple(french.Rank)
_FRENCH_SUITS: Final = tuple(french.Suit)


class PlayingCard(enum.IntEnum):
    """One of the 52 cards; the int value is ``13 * suit + (rank - 1)``."""

    ACE_OF_CLUBS = 0
    TWO_OF_CLUBS = 1
    THREE_OF_CLUBS = 2
    FOUR_OF_CLUBS = 3
    FIVE_OF_CLUBS = 4
    SIX_OF_CLUBS = 5
    SEVEN_OF_CLUBS = 6
    EIGHT_OF_CLUBS = 7
    NINE_OF_CLUBS = 8
    TEN_OF_CLUBS = 9
    JACK_OF_CLUBS = 10
    QUEEN_OF_CLUBS = 11
    KING_OF_CLUBS = 12
    ACE_OF_DIAMONDS = 13
    TWO_OF_DIAMONDS = 14
    THREE_OF_DIAMONDS = 15
    FOUR_OF_DIAMONDS = 16
    FIVE_OF_DIAMONDS = 17
    SIX_OF_DIAMONDS = 18
    SEVEN_OF_DIAMONDS = 19
    EIGHT_OF_DIAMONDS = 20
    NINE_OF_DIAMONDS = 21
    TEN_OF_DIAMONDS = 22
    JACK_OF_DIAMONDS = 23
    QUEEN_OF_DIAMONDS = 24
    KING_OF_DIAMONDS = 25
    ACE_OF_HEARTS = 26
    TWO_OF_HEARTS = 27
    THREE_OF_HEARTS = 28
    FOUR_OF_HEARTS = 29
    FIVE_OF_HEARTS = 30
    SIX_OF_HEARTS = 31
    SEVEN_OF_HEARTS = 32
    EIGHT_OF_HEARTS = 33
    NINE_OF_HEARTS = 34
    TEN_OF_HEARTS = 35
    JACK_OF_HEARTS = 36
    QUEEN_OF_HEARTS = 37
    KING_OF_HEARTS = 38
    ACE_OF_SPADES = 39
    TWO_OF_SPADES = 40
    THREE_OF_SPADES = 41
    FOUR_OF_SPADES = 42
    FIVE_OF_SPADES = 43
    SIX_OF_SPADES = 44
    SEVEN_OF_SPADES = 45
    EIGHT_OF_SPADES = 46
    NINE_OF_SPADES = 47
    TEN_OF_SPADES = 48
    JACK_OF_SPADES = 49
    QUEEN_OF_SPADES = 50
    KING_OF_SPADES = 51

    @classmethod
    def from_parts(cls, rank: int, suit: int) -> PlayingCard:
        """The card of a rank (1-13) and a suit (0-3), each a :class:`Rank`/:class:`Suit` or int.

        >>> PlayingCard.from_parts(Rank.QUEEN, Suit.HEARTS)
        PlayingCard.QUEEN_OF_HEARTS
        """
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (rank, suit)):
            raise TypeError(f"rank and suit are ints, got rank={rank!r:.40}, suit={suit!r:.40}")
        if not (1 <= rank <= 13 and 0 <= suit < 4):
            raise ValueError(f"rank is 1-13 and suit 0-3, got rank={rank!r:.40}, suit={suit!r:.40}")
        return _BY_INDEX[13 * suit + rank - 1]

    @classmethod
    def parse(cls, text: str) -> PlayingCard:
        """Read a card: ``TD``, ``Td``, ``10D``, ``10♦``, ``B♣``, ``Ten of Diamonds``, ``Karo-Zehn``.

        Raises :class:`~officers.NotationError` (a ``ValueError``) quoting the text.

        >>> PlayingCard.parse("as"), PlayingCard.parse("D♥"), PlayingCard.parse("Kreuz-König")
        (PlayingCard.ACE_OF_SPADES, PlayingCard.QUEEN_OF_HEARTS, PlayingCard.KING_OF_CLUBS)
        >>> PlayingCard.parse("1S")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read card '1S': unknown rank '1' (expected ranks A 2-9 T or 10 J Q K, German B D)
        """
        return DECK.read(text)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANKS[self % 13]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[self // 13]

    def is_red(self) -> bool:
        """Diamonds and Hearts are red."""
        return 13 <= self < 39

    def notation(self) -> str:
        """The ASCII notation: ``AC``, ``TD``, ``KS`` (T for ten)."""
        return _NOTATION[self]

    def name_en(self) -> str:
        """The English name: ``Ten of Diamonds``."""
        return _NAME_EN[self]

    def name_de(self) -> str:
        """The German name: ``Karo-Zehn``."""
        return _NAME_DE[self]

    def __str__(self) -> str:
        return _FACE[self]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"PlayingCard.{self.name}"


ALL_PLAYING_CARDS: Final[tuple[PlayingCard, ...]] = tuple(PlayingCard)
"""The 52 cards in index order: A♣ 2♣ … K♣ A♦ … K♠."""

_BY_INDEX: Final = ALL_PLAYING_CARDS
_RANKS: Final = tuple(Rank)
_SUITS: Final = tuple(Suit)


def card_of(value: object) -> PlayingCard:
    """The playing card of an int 0-51 (or a :class:`PlayingCard`), checked.

    >>> card_of(22)
    PlayingCard.TEN_OF_DIAMONDS
    >>> card_of(52)
    Traceback (most recent call last):
      ...
    ValueError: a playing card is an int 0-51, got 52
    """
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < CARDS_IN_DECK:
        return _BY_INDEX[value]
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"a playing card is an int 0-51, got {excerpt(value)}")
    raise ValueError(f"a playing card is an int 0-51, got {excerpt(value)}")


DECK: Final = french.Deck(
    "Eight Off",
    _FRENCH_RANKS,
    _FRENCH_SUITS,
    ALL_PLAYING_CARDS,
    by="suit",
    example=(french.Rank.TEN, french.Suit.DIAMONDS),
)
"""The 52 cards as a deck of French cards: the one reader and printer of
:mod:`officers.core.cards`, with the names and the outlined suits, the German ``B`` and ``D``."""

_NOTATION: Final = DECK.notation
_FACE: Final = DECK.face
_NAME_EN: Final = DECK.names["en"]
_NAME_DE: Final = DECK.names["de"]
_VARIATION_SELECTORS: Final = str.maketrans("", "", "\ufe0e\ufe0f")
"""Emoji (U+FE0F) and text (U+FE0E) presentation selectors, which phones send after ``♠``."""

# --- reading -------------------------------------------------------------------------------


def read_card(text: object) -> PlayingCard:
    """Read one card (see :meth:`PlayingCard.parse`).

    >>> read_card(" 10h "), read_card("Queen of Spades")
    (PlayingCard.TEN_OF_HEARTS, PlayingCard.QUEEN_OF_SPADES)
    """
    return DECK.read(text)


def read_card_run(text: object) -> tuple[PlayingCard, ...]:
    """Cards run together, as the notations write a column (``JDKDTH``): each card is a rank
    (``A 2-9 T J Q K``, or ``10``; German ``B D``) followed by a suit (``C D H S`` or
    ``♣ ♦ ♥ ♠``); case does not matter. The empty text is no cards.

    >>> read_card_run("10♦Js")
    (PlayingCard.TEN_OF_DIAMONDS, PlayingCard.JACK_OF_SPADES)
    >>> read_card_run("JDK")
    Traceback (most recent call last):
      ...
    officers.NotationError: cannot read cards 'JDK': 'K' at 3 is no card (expected a rank and a suit, such as 'TD')
    """
    if not isinstance(text, str):
        raise NotationError(f"cannot read cards {excerpt(text)}: expected a string")
    cards: list[PlayingCard] = []
    i, run = 0, text.translate(_VARIATION_SELECTORS)
    while i < len(run):
        width = 3 if run.startswith("10", i) else 2
        piece = run[i : i + width]
        if len(piece) < width:
            raise NotationError(
                f"cannot read cards {excerpt(text)}: {piece!r} at {i + 1} is no card "
                "(expected a rank and a suit, such as 'TD')"
            )
        try:
            cards.append(DECK.read_short(piece))
        except NotationError as error:
            why = str(error).removeprefix(f"cannot read card {excerpt(piece)}: ")
            raise NotationError(
                f"cannot read cards {excerpt(text)}: {piece!r} at {i + 1}: {why}"
            ) from None
        i += width
    return tuple(cards)
