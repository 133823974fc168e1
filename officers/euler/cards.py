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
(Bube = Jack), or from their full names; they print as ``A♠`` and write as ``AS``.

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

from officers.core.errors import NotationError, excerpt

__all__ = [
    "ALL_CARDS",
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

_RANK_LETTERS: Final = "AKQJ"
_RANK_NAMES_EN: Final = ("Ace", "King", "Queen", "Jack")
_RANK_NAMES_DE: Final = ("Ass", "König", "Dame", "Bube")
_SUIT_LETTERS: Final = "SHDC"
_SUIT_SYMBOLS: Final = "♠♥♦♣"
_SUIT_NAMES_EN: Final = ("Spades", "Hearts", "Diamonds", "Clubs")
_SUIT_NAMES_DE: Final = ("Pik", "Herz", "Karo", "Kreuz")

# Which language a spelling belongs to: "en", "de", or "" for both (A, K, suits).
Spelling = str


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
        return cls(4 * rank + suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: ``AS``, ``as``, ``A♠``, ``D♦``, ``B♣``, ``Ace of Spades``, ``Pik-Ass``.

        Raises :class:`~officers.NotationError` (a ``ValueError``) quoting the text.

        >>> Card.parse("B♣"), Card.parse("Queen of Hearts"), Card.parse("Kreuz-König")
        (Card.JACK_OF_CLUBS, Card.QUEEN_OF_HEARTS, Card.KING_OF_CLUBS)
        """
        return read_card(text)[0]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self >> 2)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self & 3)

    def notation(self) -> str:
        """The ASCII notation: ``AS``, ``QD``, ..."""
        return _RANK_LETTERS[self >> 2] + _SUIT_LETTERS[self & 3]

    def name_en(self) -> str:
        """The English name: ``Ace of Spades``."""
        return f"{_RANK_NAMES_EN[self >> 2]} of {_SUIT_NAMES_EN[self & 3]}"

    def name_de(self) -> str:
        """The German name: ``Pik-Ass``."""
        return f"{_SUIT_NAMES_DE[self & 3]}-{_RANK_NAMES_DE[self >> 2]}"

    def __str__(self) -> str:
        return _RANK_LETTERS[self >> 2] + _SUIT_SYMBOLS[self & 3]

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

# --- reading -------------------------------------------------------------------------------

# rank letter (upper case) -> (rank, language)
_RANK_BY_LETTER: Final[dict[str, tuple[int, Spelling]]] = {
    "A": (0, ""), "K": (1, ""), "Q": (2, "en"), "J": (3, "en"), "D": (2, "de"), "B": (3, "de"),
}  # fmt: skip
_SUIT_BY_CHAR: Final[dict[str, int]] = {
    **{letter: i for i, letter in enumerate(_SUIT_LETTERS)},
    **{symbol: i for i, symbol in enumerate(_SUIT_SYMBOLS)},
    **{symbol: i for i, symbol in enumerate("♤♡♢♧")},  # the outlined symbols, too
}
_RANK_BY_NAME: Final[dict[str, tuple[int, Spelling]]] = {
    **{name.casefold(): (i, "en") for i, name in enumerate(_RANK_NAMES_EN)},
    **{name.casefold(): (i, "de") for i, name in enumerate(_RANK_NAMES_DE)},
    "koenig": (1, "de"),
}
_SUIT_BY_NAME: Final[dict[str, tuple[int, Spelling]]] = {
    **{name.casefold(): (i, "en") for i, name in enumerate(_SUIT_NAMES_EN)},
    **{name.casefold(): (i, "de") for i, name in enumerate(_SUIT_NAMES_DE)},
}
_EXPECTED_RANK: Final = "ranks A K Q J, German D B"
_EXPECTED_SUIT: Final = "suits S H D C or ♠ ♥ ♦ ♣"
_ENGLISH_NAME: Final = re.compile(r"(\w+)\s+of\s+(\w+)", re.IGNORECASE | re.ASCII)
_GERMAN_NAME: Final = re.compile(r"([\wÖö]+)\s*-\s*([\wÖö]+)|([\wÖö]+)\s+([\wÖö]+)", re.ASCII)
_MAX_NAME_LENGTH: Final = 40
"""The longest card text read: ``Queen of Diamonds`` has 17 characters."""
_VARIATION_SELECTORS: Final = str.maketrans("", "", "\ufe0e\ufe0f")
"""Emoji (U+FE0F) and text (U+FE0E) presentation selectors, which phones send after ``♠``."""


def read_card(text: object) -> tuple[Card, Spelling]:
    """Read a card and say which language its spelling belongs to ("en", "de" or "" for both).

    >>> read_card("D♦"), read_card("Q♦"), read_card("A♦")
    ((Card.QUEEN_OF_DIAMONDS, 'de'), (Card.QUEEN_OF_DIAMONDS, 'en'), (Card.ACE_OF_DIAMONDS, ''))
    """
    if not isinstance(text, str):
        raise NotationError(
            f"cannot read card {excerpt(text)}: expected a string such as 'AS' or 'A♠'"
        )
    stripped = text.strip().translate(_VARIATION_SELECTORS)
    if not stripped:
        raise NotationError(
            f"cannot read card {excerpt(text)}: it is empty (expected e.g. 'AS' or 'A♠')"
        )
    if len(stripped) > _MAX_NAME_LENGTH:
        raise NotationError(
            f"cannot read card {excerpt(text)}: too long for a card "
            "(expected e.g. 'AS', 'A♠' or 'Ace of Spades')"
        )
    if len(stripped) == 2 or (len(stripped) == 3 and stripped[0] in "0123456789"):
        return _parse_short(text, stripped)
    return _parse_name(text, stripped)


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
                cards.append(read_card(part)[0])
            continue
        try:
            cards.append(read_card(part)[0])  # a name without spaces: Pik-Ass
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
        return read_card(pair)[0]
    except NotationError as error:
        why = str(error).removeprefix(f"cannot read card {excerpt(pair)}: ")
        raise NotationError(f"cannot read card {excerpt(pair)} in {excerpt(run)}: {why}") from None


def _ascii_upper(text: str) -> str:
    """Upper case for ASCII letters only: ``"ſ".upper()`` is ``"S"``, but ``ſ`` is no suit."""
    return "".join(char.upper() if char.isascii() else char for char in text)


def _fold(word: str) -> str:
    """Lower case for ASCII letters (and ``Ö``) only, so that no other letter reads as one."""
    return "".join(char.lower() if char.isascii() or char in "Öö" else char for char in word)


def _parse_short(text: str, stripped: str) -> tuple[Card, Spelling]:
    rank_char, suit_char = _ascii_upper(stripped[:-1]), _ascii_upper(stripped[-1])
    if rank_char not in _RANK_BY_LETTER:
        if rank_char[0] in "0123456789T":
            why = f"only the court cards play ({_EXPECTED_RANK})"
        else:
            why = f"unknown rank {rank_char!r} (expected {_EXPECTED_RANK})"
        raise NotationError(f"cannot read card {excerpt(text)}: {why}")
    if suit_char not in _SUIT_BY_CHAR:
        raise NotationError(
            f"cannot read card {excerpt(text)}: unknown suit {stripped[-1]!r} (expected {_EXPECTED_SUIT})"
        )
    rank, language = _RANK_BY_LETTER[rank_char]
    return Card(4 * rank + _SUIT_BY_CHAR[suit_char]), language


def _parse_name(text: str, stripped: str) -> tuple[Card, Spelling]:
    english = _ENGLISH_NAME.fullmatch(stripped)
    if english:
        rank_word, suit_word = english.group(1), english.group(2)
        style = "en"
    else:
        german = _GERMAN_NAME.fullmatch(stripped)
        if not german:
            raise NotationError(
                f"cannot read card {excerpt(text)}: expected two characters such as 'AS' or 'A♠', "
                "or a name such as 'Ace of Spades' or 'Pik-Ass'"
            )
        suit_word = german.group(1) or german.group(3)
        rank_word = german.group(2) or german.group(4)
        style = "de"
    rank_entry = _RANK_BY_NAME.get(_fold(rank_word))
    suit_entry = _SUIT_BY_NAME.get(_fold(suit_word))
    if rank_entry is None:
        if rank_word.isascii() and rank_word.isdigit():
            why = "only the court cards play (Ace, King, Queen, Jack)"
        else:
            why = f"unknown rank {rank_word!r} (expected Ace King Queen Jack, German Ass König Dame Bube)"
        raise NotationError(f"cannot read card {excerpt(text)}: {why}")
    if suit_entry is None:
        raise NotationError(
            f"cannot read card {excerpt(text)}: unknown suit {suit_word!r} "
            "(expected Spades Hearts Diamonds Clubs, German Pik Herz Karo Kreuz)"
        )
    if not (rank_entry[1] == suit_entry[1] == style):
        meant = Card(4 * rank_entry[0] + suit_entry[0])
        raise NotationError(
            f"cannot read card {excerpt(text)}: it mixes German and English "
            f"(write {meant.name_en()!r} or {meant.name_de()!r})"
        )
    return Card(4 * rank_entry[0] + suit_entry[0]), style
