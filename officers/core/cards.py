"""The French-suited playing card, once: ranks and suits with their letters, symbols and names in
English and German, one reader of a card's text and one printer, for the deck a game plays.

Each game keeps its own cards: Euler's Officers the 16 court cards (``4 * rank + suit``), Eight
Off the 52 (``13 * suit + rank - 1``), Offiziersskat the 32 of the Skat deck (``8 * suit +
rank``), each an int of its own dense numbering that its searches index by. What they share is
here: a :class:`Deck` is built once per game, at import, from the ranks and suits it plays in its
own order, and holds every look-up in tuples and dicts, so that neither reading nor printing
builds anything per card.

Glossary
--------
rank
    A French rank, Ace (1) to King (13): a :class:`Rank`. Written ``A 2 … 9 T J Q K`` (``T``
    for ten; printed ``10``), German ``B`` (Bube) for the Jack and ``D`` (Dame) for the Queen.
suit
    Clubs, Diamonds, Hearts or Spades: a :class:`Suit` (0-3 in that order), written
    ``C D H S`` or ``♣ ♦ ♥ ♠`` (also the outlined ``♧ ♢ ♡ ♤`` where a deck reads them).
short form
    Rank then suit: ``AS``, ``TD``, ``10♦``, ``D♥``. The rank comes first and the suit last, so
    ``D`` is the Dame (Queen) in front and Diamonds at the end: ``DD`` is the Queen of
    Diamonds in every game. Case does not matter (ASCII letters only: ``ſ`` is no ``S``, the
    Kelvin sign no ``K``).
name
    ``Ten of Diamonds`` in English, ``Karo-Zehn`` (or ``Karo Zehn``, ``Karo-Koenig``) in
    German, any case, where a deck reads names. A name that mixes the languages is an error.
spelling
    Which language a text's rank belongs to: ``"en"`` (``Q``, ``J``, an English name), ``"de"``
    (``D``, ``B``, a German name) or ``""`` for both (``A``, ``K``, the numbers).

The printer writes each card of a deck in four styles (:data:`STYLES`): its ``notation``
(``TD``, ASCII, T for ten), its ``face`` (``10♦``), its ``ascii`` face (``10D``) and its
``name`` in English or German.

>>> deck = Deck("aces and tens", (Rank.ACE, Rank.TEN), (Suit.HEARTS, Suit.SPADES), by="rank",
...             absent="only Aces and Tens play")
>>> deck.cards, deck.read("th"), deck.read("10♠"), deck.read("A♤"), deck.read("Pik-Zehn")
((0, 1, 2, 3), 2, 3, 1, 3)
>>> [deck.write(card, style) for card in (0, 3) for style in STYLES]
['AH', 'A♥', 'AH', 'Ace of Hearts', 'TS', '10♠', '10S', 'Ten of Spades']
>>> deck.write(3, "name", "de"), deck.french(3)
('Pik-Zehn', (Rank.TEN, Suit.SPADES))
>>> deck.read("9H")
Traceback (most recent call last):
  ...
officers.NotationError: cannot read card '9H': only Aces and Tens play (ranks A T or 10)
>>> deck.read("Pik-Dame")
Traceback (most recent call last):
  ...
officers.NotationError: cannot read card 'Pik-Dame': unknown rank 'Dame' (expected Ace Ten, German Ass Zehn)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from typing import Final, Generic, Literal, TypeVar, cast, get_args

from officers.core.errors import NotationError, UnsupportedError, excerpt

__all__ = [
    "LANGUAGES",
    "STYLES",
    "Deck",
    "Rank",
    "Spelling",
    "Style",
    "Suit",
]

_RANK_LETTERS: Final = "A23456789TJQK"
_RANK_SHORTS: Final[tuple[str, ...]] = (*_RANK_LETTERS[:9], "10", *_RANK_LETTERS[10:])
_RANK_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": (
        "Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
        "Eight", "Nine", "Ten", "Jack", "Queen", "King",
    ),
    "de": (
        "Ass", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben",
        "Acht", "Neun", "Zehn", "Bube", "Dame", "König",
    ),
}  # fmt: skip
_SUIT_LETTERS: Final = "CDHS"
_SUIT_SYMBOLS: Final = "♣♦♥♠"
_SUIT_OUTLINES: Final = "♧♢♡♤"
_SUIT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("Clubs", "Diamonds", "Hearts", "Spades"),
    "de": ("Kreuz", "Karo", "Herz", "Pik"),
}

LANGUAGES: Final = ("de", "en")
"""The languages a card is named in."""

Spelling = str
"""Which language a card's text belongs to: ``"en"``, ``"de"``, or ``""`` for both."""

Style = Literal["notation", "face", "ascii", "name"]
"""How a card is written: ``TD``, ``10♦``, ``10D`` or ``Ten of Diamonds`` / ``Karo-Zehn``."""

STYLES: Final[tuple[Style, ...]] = get_args(Style)
"""The styles of :meth:`Deck.write`, in that order."""


class Rank(enum.IntEnum):
    """A French rank: Ace = 1 (low) to King = 13 (high)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    def letter(self) -> str:
        """The letter of the notation: ``A 2 3 4 5 6 7 8 9 T J Q K``."""
        return _RANK_LETTERS[self - 1]

    def short(self) -> str:
        """The rank as people print it: ``A 2 … 9 10 J Q K``."""
        return _RANK_SHORTS[self - 1]

    def german_letter(self) -> str:
        """The letter German readers use: ``B`` (Bube) for the Jack, ``D`` (Dame) for the Queen,
        else :meth:`letter`."""
        return {11: "B", 12: "D"}.get(self, _RANK_LETTERS[self - 1])

    def name_en(self) -> str:
        """``Ace``, ``Two``, … ``King``."""
        return _RANK_NAMES["en"][self - 1]

    def name_de(self) -> str:
        """``Ass``, ``Zwei``, … ``Bube``, ``Dame``, ``König``."""
        return _RANK_NAMES["de"][self - 1]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.short()


class Suit(enum.IntEnum):
    """A French suit: Clubs, Diamonds, Hearts, Spades (0-3)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def letter(self) -> str:
        """The ASCII letter: ``C D H S``."""
        return _SUIT_LETTERS[self]

    def symbol(self) -> str:
        """The Unicode symbol: ``♣ ♦ ♥ ♠``."""
        return _SUIT_SYMBOLS[self]

    def outline(self) -> str:
        """The outlined symbol, read as the symbol: ``♧ ♢ ♡ ♤``."""
        return _SUIT_OUTLINES[self]

    def is_red(self) -> bool:
        """Diamonds and Hearts are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def name_en(self) -> str:
        """``Clubs``, ``Diamonds``, ``Hearts`` or ``Spades``."""
        return _SUIT_NAMES["en"][self]

    def name_de(self) -> str:
        """``Kreuz``, ``Karo``, ``Herz`` or ``Pik``."""
        return _SUIT_NAMES["de"][self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.symbol()


_NAME_FOLDS: Final = "ÖöÜü"
"""The letters beyond ASCII in a rank's or suit's name (``König``, ``Fünf``)."""
_ENGLISH_NAME: Final = re.compile(r"(\w+)\s+of\s+(\w+)", re.IGNORECASE | re.ASCII)
_GERMAN_NAME: Final = re.compile(
    rf"([\w{_NAME_FOLDS}]+)\s*-\s*([\w{_NAME_FOLDS}]+)|([\w{_NAME_FOLDS}]+)\s+([\w{_NAME_FOLDS}]+)",
    re.ASCII,
)
_NAME_SPELLINGS: Final[dict[str, str]] = {"König": "koenig", "Fünf": "fuenf"}
"""German names also read without the umlaut."""
_MAX_LENGTH: Final = 40
"""The longest card text read: ``Queen of Diamonds`` has 17 characters."""
_VARIATION_SELECTORS: Final = str.maketrans("", "", "\ufe0e\ufe0f")
"""Emoji (U+FE0F) and text (U+FE0E) presentation selectors, which phones send after ``♠``."""
_FRENCH_RANK_TEXTS: Final = frozenset([*_RANK_LETTERS, "10", "B", "D"])
_DIGITS: Final = frozenset("0123456789")
"""The ASCII digits: a text of three characters is a short form when it begins with one."""

C = TypeVar("C", bound=int)


def _ascii_upper(text: str) -> str:
    """Upper case for ASCII letters only: ``"ſ".upper()`` is ``"S"``, but ``ſ`` is no suit."""
    return "".join(char.upper() if char.isascii() else char for char in text)


def _fold(word: str) -> str:
    """Lower case for ASCII letters and the umlauts of the names only, so that no other letter
    reads as one."""
    return "".join(char.lower() if char.isascii() or char in _NAME_FOLDS else char for char in word)


def _ranks_phrase(ranks: Sequence[Rank], german: bool) -> str:
    """``ranks A 2-9 T or 10 J Q K, German B D``: the deck's order, a run of numbers shortened."""
    words: list[str] = []
    i = 0
    while i < len(ranks):
        j = i
        while j + 1 < len(ranks) and ranks[j] >= 2 and ranks[j + 1] == ranks[j] + 1 < 10:
            j += 1
        if j - i >= 2:
            words.append(f"{ranks[i].letter()}-{ranks[j].letter()}")
            i = j + 1
            continue
        words.append("T or 10" if ranks[i] == Rank.TEN else ranks[i].letter())
        i += 1
    germans = [rank.german_letter() for rank in ranks if rank.german_letter() != rank.letter()]
    tail = f", German {' '.join(germans)}" if german and germans else ""
    return f"ranks {' '.join(words)}{tail}"


def _names_phrase(names: Mapping[str, Sequence[str]]) -> str:
    """``Ace King Queen Jack, German Ass König Dame Bube`` (``Ace to King, ...`` for more than
    eight)."""

    def one(words: Sequence[str]) -> str:
        return " ".join(words) if len(words) <= 8 else f"{words[0]} to {words[-1]}"

    return f"{one(names['en'])}, German {one(names['de'])}"


def _card_texts(pairs: Sequence[tuple[Rank, Suit]]) -> tuple[tuple[str, ...], ...]:
    """Each card's notation, face, ASCII face, English and German name (read by int, not by
    the enums' methods: a deck is built at import)."""
    texts: list[tuple[str, str, str, str, str]] = []
    for rank, suit in pairs:
        r, s = int(rank) - 1, int(suit)
        letter, short, suit_letter = _RANK_LETTERS[r], _RANK_SHORTS[r], _SUIT_LETTERS[s]
        texts.append((
            letter + suit_letter,
            short + _SUIT_SYMBOLS[s],
            short + suit_letter,
            f"{_RANK_NAMES['en'][r]} of {_SUIT_NAMES['en'][s]}",
            f"{_SUIT_NAMES['de'][s]}-{_RANK_NAMES['de'][r]}",
        ))  # fmt: skip
    return tuple(zip(*texts, strict=True))


def _rank_texts(ranks: Sequence[Rank], german: bool) -> dict[str, tuple[int, Spelling]]:
    """Each rank text of a short form (upper case) -> the rank's index and its spelling."""
    texts: dict[str, tuple[int, Spelling]] = {}
    for r, rank in enumerate(ranks):
        texts[rank.letter()] = (r, "en" if rank.german_letter() != rank.letter() else "")
        if rank == Rank.TEN:
            texts["10"] = (r, "")
        if german and rank.german_letter() != rank.letter():
            texts[rank.german_letter()] = (r, "de")
    return texts


def _suit_chars(suits: Sequence[Suit], loose: bool) -> dict[str, int]:
    """Each suit character of a short form (upper case) -> the suit's index."""
    chars: dict[str, int] = {}
    for s, suit in enumerate(suits):
        chars[suit.letter()] = chars[suit.symbol()] = s
        if loose:
            chars[suit.outline()] = s
    return chars


def _name_words(
    ranks: Sequence[Rank], suits: Sequence[Suit]
) -> tuple[dict[str, tuple[int, Spelling]], dict[str, tuple[int, Spelling]]]:
    """Each rank's and each suit's name, folded (:func:`_fold`) -> its index and language."""
    rank_words: dict[str, tuple[int, Spelling]] = {}
    suit_words: dict[str, tuple[int, Spelling]] = {}
    for lang in LANGUAGES:
        for r, rank in enumerate(ranks):
            word = _RANK_NAMES[lang][rank - 1]
            rank_words[word.casefold()] = (r, lang)
            if word in _NAME_SPELLINGS:
                rank_words[_NAME_SPELLINGS[word]] = (r, lang)
        for s, suit in enumerate(suits):
            suit_words[_SUIT_NAMES[lang][suit].casefold()] = (s, lang)
    return rank_words, suit_words


class Deck(Generic[C]):
    """The cards a game plays: which French ranks and suits, in the game's order, and how its
    cards are numbered, with every spelling it reads and every way it writes a card.

    ``ranks`` and ``suits`` are the game's orders: its rank ``r`` is ``ranks[r]``, its suit
    ``s`` is ``suits[s]``. A card is ``len(suits) * r + s`` when ``by="rank"``, else
    ``len(ranks) * s + r``; ``cards`` are the values that stand for them (the game's IntEnum
    members; ints by default). The reader of the deck takes:

    - ``names``: the full names (``Ten of Diamonds``, ``Karo-Zehn``), or the short form only;
    - ``loose``: the outlined suits ``♧ ♢ ♡ ♤`` and the presentation selectors phones send
      after a suit (``A♠️``), or only ``♣ ♦ ♥ ♠``;
    - ``german``: the German rank letters ``B`` (Bube) and ``D`` (Dame);

    and raises :class:`~officers.NotationError` for anything else: ``cannot read card
    '<excerpt>': <why> (<what it expected>)``. ``example`` is the card the messages show,
    ``absent`` what they say of a French rank the deck has not (``only the court cards play``).

    Its tables, each a tuple by card, made once: ``notation`` (``TD``), ``face`` (``10♦``),
    ``ascii`` (``10D``), ``names["en"]`` and ``names["de"]`` (``Ten of Diamonds``,
    ``Karo-Zehn``), ``rank_of`` and ``suit_of`` (the French :class:`Rank` and :class:`Suit`).

    >>> deck = Deck("court", (Rank.ACE, Rank.KING), (Suit.SPADES, Suit.HEARTS), by="rank",
    ...             absent="only the court cards play")
    >>> deck.read("KH"), deck.index(Rank.KING, Suit.SPADES), deck.french(3)
    (3, 2, (Rank.KING, Suit.HEARTS))
    >>> deck.read("TH")
    Traceback (most recent call last):
      ...
    officers.NotationError: cannot read card 'TH': only the court cards play (ranks A K)
    """

    def __init__(
        self,
        name: str,
        ranks: Sequence[Rank],
        suits: Sequence[Suit],
        cards: Sequence[C] | None = None,
        *,
        by: Literal["rank", "suit"],
        names: bool = True,
        loose: bool = True,
        german: bool = True,
        example: tuple[Rank, Suit] | None = None,
        absent: str | None = None,
    ) -> None:
        self.name: Final = name
        self.ranks: Final = tuple(Rank(rank) for rank in ranks)
        self.suits: Final = tuple(Suit(suit) for suit in suits)
        if len(set(self.ranks)) != len(self.ranks) or len(set(self.suits)) != len(self.suits):
            raise ValueError(f"deck {name!r}: a rank or a suit comes twice")
        size = len(self.ranks) * len(self.suits)
        values = tuple(cast("Sequence[C]", range(size)) if cards is None else cards)
        if [int(card) for card in values] != list(range(size)):
            raise ValueError(f"deck {name!r}: the cards are the ints 0-{size - 1} in order")
        if len(self.ranks) < 13 and absent is None:
            raise ValueError(f"deck {name!r}: say what a missing rank is (absent=...)")
        self.cards: Final = values
        """Every card, in the deck's order: its ``cards[i]`` is card ``i``."""
        pairs = [self._parts(i, by) for i in range(size)]
        self.rank_of: Final = tuple(rank for rank, _ in pairs)
        """The French rank of each card."""
        self.suit_of: Final = tuple(suit for _, suit in pairs)
        """The French suit of each card."""
        self._index: Final = {pair: i for i, pair in enumerate(pairs)}
        self.notation, self.face, self.ascii, english, german_names = _card_texts(pairs)
        self.names: Final = {"en": english, "de": german_names}
        """Each card's name by language: ``Ten of Diamonds``, ``Karo-Zehn``."""
        self._by: Final = by
        self.reads_names: Final = names
        """Whether the reader takes names (``Ten of Diamonds``) as well as short forms."""
        self._loose = loose
        self._court_only = not any(Rank.TWO <= rank <= Rank.TEN for rank in self.ranks)
        self._absent = absent
        self._rank_texts: Final = _rank_texts(self.ranks, german)
        self._suit_chars: Final = _suit_chars(self.suits, loose)
        suit_cases = [  # (the case of ASCII letters only)
            (cases, s)
            for char, s in self._suit_chars.items()
            for cases in [(char, char.lower()) if char.isascii() and char.isalpha() else (char,)]
        ]
        self._short: Final[dict[str, tuple[C, Spelling]]] = {
            rank_case + suit_case: (values[self._number(r, s, by)], spelling)
            for rank_text, (r, spelling) in self._rank_texts.items()
            for rank_case in {rank_text, rank_text.lower()}
            for cases, s in suit_cases
            for suit_case in cases
        }
        """Every short form, in either case -> its card and the language of its spelling."""
        self._short_card: Final = {text: card for text, (card, _) in self._short.items()}
        self._rank_names, self._suit_names = _name_words(self.ranks, self.suits)
        self._messages(example or (self.ranks[0], self.suits[0]), german)

    def _messages(self, example: tuple[Rank, Suit], german: bool) -> None:
        """What the messages of errors show: an example card, the ranks and suits expected."""
        shown = self._index[example]
        self._short_example = f"{self.notation[shown]!r} or {self.face[shown]!r}"
        self._name_example = f"{self.names['en'][shown]!r} or {self.names['de'][shown]!r}"
        self._long_example = (
            f"{self.notation[shown]!r}, {self.face[shown]!r} or {self.names['en'][shown]!r}"
            if self.reads_names
            else self._short_example
        )
        self._two = "two characters" if self._court_only else "a card"
        self._expected_ranks = _ranks_phrase(self.ranks, german)
        letters = " ".join(suit.letter() for suit in self.suits)
        symbols = " ".join(suit.symbol() for suit in self.suits)
        self._expected_suits = f"suits {letters} or {symbols}"
        self._expected_rank_names = _names_phrase(
            {lang: [_RANK_NAMES[lang][rank - 1] for rank in self.ranks] for lang in LANGUAGES}
        )
        self._expected_suit_names = _names_phrase(
            {lang: [_SUIT_NAMES[lang][suit] for suit in self.suits] for lang in LANGUAGES}
        )

    def _parts(self, i: int, by: str) -> tuple[Rank, Suit]:
        if by == "rank":
            r, s = divmod(i, len(self.suits))
        else:
            s, r = divmod(i, len(self.ranks))
        return self.ranks[r], self.suits[s]

    def _number(self, r: int, s: int, by: str) -> int:
        return len(self.suits) * r + s if by == "rank" else len(self.ranks) * s + r

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"

    # --- cards and their parts -----------------------------------------------------------------

    def index(self, rank: Rank, suit: Suit) -> int:
        """The number of the card of a French rank and suit; ``KeyError`` if the deck has none.

        >>> Deck("all", tuple(Rank), tuple(Suit), by="suit").index(Rank.TEN, Suit.DIAMONDS)
        22
        """
        return self._index[rank, suit]

    def french(self, card: int) -> tuple[Rank, Suit]:
        """The French rank and suit of a card of the deck."""
        return self.rank_of[card], self.suit_of[card]

    # --- writing -------------------------------------------------------------------------------

    def write(self, card: int, style: Style = "notation", lang: str = "en") -> str:
        """A card written in a style (:data:`STYLES`); a name in ``lang`` (``"en"``, ``"de"``).

        >>> deck = Deck("all", tuple(Rank), tuple(Suit), by="suit")
        >>> [deck.write(22, style) for style in STYLES], deck.write(22, "name", "de")
        (['TD', '10♦', '10D', 'Ten of Diamonds'], 'Karo-Zehn')
        """
        if style == "notation":
            return self.notation[card]
        if style == "face":
            return self.face[card]
        if style == "ascii":
            return self.ascii[card]
        if style == "name":
            names = self.names.get(lang)
            if names is None:
                raise UnsupportedError(
                    f"no card names in language {excerpt(lang)}: expected one of "
                    f"{', '.join(LANGUAGES)}"
                )
            return names[card]
        raise ValueError(f"a style is one of {', '.join(STYLES)}, got {excerpt(style)}")

    # --- reading -------------------------------------------------------------------------------

    def read(self, text: object) -> C:
        """The card a text spells (see the module); :class:`~officers.NotationError` if none.

        >>> deck = Deck("all", tuple(Rank), tuple(Suit), by="suit")
        >>> deck.read("td"), deck.read(" 10♦ "), deck.read("Karo Zehn"), deck.read("ten OF diamonds")
        (22, 22, 22, 22)
        """
        if isinstance(text, str):
            card = self._short_card.get(text)
            if card is not None:
                return card
            stripped = text.strip()
            if self._loose:
                stripped = stripped.translate(_VARIATION_SELECTORS)
            card = self._short_card.get(stripped)
            if card is not None:
                return card
        return self._read(text)[0]

    def read_spelling(self, text: object) -> tuple[C, Spelling]:
        """The card a text spells and the language of its spelling (see the module).

        >>> deck = Deck("all", tuple(Rank), tuple(Suit), by="suit")
        >>> deck.read_spelling("D♥"), deck.read_spelling("QH"), deck.read_spelling("AH")
        ((37, 'de'), (37, 'en'), (26, ''))
        """
        if isinstance(text, str):
            hit = self._short.get(text)
            if hit is not None:
                return hit
        return self._read(text)

    def read_short(self, text: str) -> C:
        """The card of a short form exactly as given (not stripped): a rank and a suit, as a run
        of cards is cut into (``TD``, ``10♦``).

        >>> Deck("all", tuple(Rank), tuple(Suit), by="suit").read_short(" D")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read card ' D': unknown rank ' ' (expected ranks A 2-9 T or 10 J Q K, German B D)
        """
        card = self._short_card.get(text)
        if card is not None:
            return card
        return self._read_short(text, text)[0]

    def _read(self, text: object) -> tuple[C, Spelling]:
        if not isinstance(text, str):
            raise NotationError(
                f"cannot read card {excerpt(text)}: expected a string such as {self._short_example}"
            )
        stripped = text.strip()
        if self._loose:
            stripped = stripped.translate(_VARIATION_SELECTORS)
        if not stripped:
            raise NotationError(
                f"cannot read card {excerpt(text)}: it is empty (expected e.g. {self._short_example})"
            )
        if len(stripped) > _MAX_LENGTH:
            raise NotationError(
                f"cannot read card {excerpt(text)}: too long for a card "
                f"(expected e.g. {self._long_example})"
            )
        if len(stripped) == 2 or (len(stripped) == 3 and stripped[0] in _DIGITS):
            return self._read_short(text, stripped)
        if not self.reads_names:
            raise NotationError(
                f"cannot read card {excerpt(text)}: expected {self._two} "
                f"such as {self._short_example}"
            )
        return self._read_name(text, stripped)

    def _read_short(self, text: str, stripped: str) -> tuple[C, Spelling]:
        hit = self._short.get(stripped)
        if hit is not None:
            return hit
        rank_text, suit_char = _ascii_upper(stripped[:-1]), _ascii_upper(stripped[-1:])
        if rank_text not in self._rank_texts:
            if rank_text in _FRENCH_RANK_TEXTS or (self._court_only and rank_text[:1] in _DIGITS):
                why = f"{self._absent} ({self._expected_ranks})"
            else:
                why = f"unknown rank {rank_text!r} (expected {self._expected_ranks})"
        else:
            why = f"unknown suit {suit_char!r} (expected {self._expected_suits})"
        raise NotationError(f"cannot read card {excerpt(text)}: {why}")

    def _read_name(self, text: str, stripped: str) -> tuple[C, Spelling]:
        english = _ENGLISH_NAME.fullmatch(stripped)
        german = None if english else _GERMAN_NAME.fullmatch(stripped)
        if english:
            rank_word, suit_word, style = english.group(1), english.group(2), "en"
        elif german:
            suit_word = german.group(1) or german.group(3)
            rank_word = german.group(2) or german.group(4)
            style = "de"
        else:
            raise NotationError(
                f"cannot read card {excerpt(text)}: expected {self._two} such as "
                f"{self._short_example}, or a name such as {self._name_example}"
            )
        rank = self._rank_names.get(_fold(rank_word))
        suit = self._suit_names.get(_fold(suit_word))
        if rank is None:
            if self._court_only and rank_word.isascii() and rank_word.isdigit():
                named = ", ".join(_RANK_NAMES["en"][r - 1] for r in self.ranks)
                why = f"{self._absent} ({named})"
            else:
                why = f"unknown rank {rank_word!r} (expected {self._expected_rank_names})"
            raise NotationError(f"cannot read card {excerpt(text)}: {why}")
        if suit is None:
            raise NotationError(
                f"cannot read card {excerpt(text)}: unknown suit {suit_word!r} "
                f"(expected {self._expected_suit_names})"
            )
        number = self._number(rank[0], suit[0], self._by)
        if not (rank[1] == suit[1] == style):
            raise NotationError(
                f"cannot read card {excerpt(text)}: it mixes German and English "
                f"(write {self.names['en'][number]!r} or {self.names['de'][number]!r})"
            )
        return self.cards[number], style
