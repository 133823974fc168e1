"""The 32 cards of the Skat deck, the game choices, trumps and the order of a trick.

Glossary
--------
card
    An int ``0 .. 31`` in Skat order: ``8 * suit + rank``, suits Kreuz ♣ (``C``, 0), Pik ♠
    (``S``, 1), Herz ♥ (``H``, 2), Karo ♦ (``D``, 3); ranks A 10 K Q J 9 8 7 (0 .. 7). So card
    0 is the Ace of clubs and card 4 the Jack of clubs (Kreuz-Bube).
notation
    Rank then suit: ``AC``, ``TH`` (10 is written ``T``), ``JD``. Reading also takes ``10H``,
    the German ranks ``B`` (Bube, Jack) and ``D`` (Dame, Queen) — ``K`` is König either way —,
    the suit symbols ``♣ ♠ ♥ ♦`` and lower case: ``10♥``, ``bh`` and ``DD`` (Dame of Karo). The
    reading and the writing are those of every game's cards (:mod:`officers.core.cards`), for
    the Skat deck in Skat order (:data:`DECK`).
game
    Vorhand's choice: ``C S H D`` (a suit game: that suit is trump) or ``G`` (Grand: only the
    Jacks are trump).
lane
    The suit a card follows as in the rules: 4 (trump) for every Jack and every card of the
    trump suit, else its printed suit (0 .. 3). A Jack never follows its printed suit.
power
    A card's height within its lane: the higher wins. Jacks 20 - suit (J♣ > J♠ > J♥ > J♦),
    then A 10 K Q 9 8 7 (8, 7, 6, 5, 3, 2, 1).

>>> JC, parse_card("10♥"), card_notation(parse_card("dd"))
(4, 17, 'QD')
>>> card_name(JC, "de"), card_name(parse_card("9H"), "de"), card_name(JC, "en")
('Kreuz-Bube', 'Herz-Neun', 'jack of clubs')
>>> sum(POINTS), card_face(parse_card("TS"))
(120, '10♠')
>>> [card_notation(c) for c in trumps("H")]
['JC', 'JS', 'JH', 'JD', 'AH', 'TH', 'KH', 'QH', '9H', '8H', '7H']
>>> beats(parse_card("7H"), parse_card("AC"), "H"), beats(parse_card("AD"), parse_card("7C"), "G")
(True, False)
"""

from __future__ import annotations

from typing import Final, Literal, get_args

from officers.core import cards as french
from officers.core.errors import InvalidGameError, NotationError, excerpt

__all__ = [
    "CARDS",
    "DECK",
    "GAMES",
    "JACKS",
    "JC",
    "LANES",
    "POINTS",
    "POWERS",
    "RANKS",
    "SUITS",
    "TOTAL_POINTS",
    "TRUMP",
    "GameType",
    "beats",
    "card",
    "card_face",
    "card_name",
    "card_notation",
    "check_card",
    "check_game",
    "game_name",
    "lane",
    "parse_card",
    "parse_game",
    "points",
    "power",
    "rank_of",
    "suit_of",
    "trumps",
]

GameType = Literal["C", "S", "H", "D", "G"]
"""A game choice: a trump suit (``C S H D``) or Grand (``G``)."""

GAMES: Final[tuple[GameType, ...]] = get_args(GameType)
"""The five game choices, in the order of the rules page: Kreuz, Pik, Herz, Karo, Grand."""

SUITS: Final = "CSHD"
"""The suit letters in Skat order."""

RANKS: Final = "ATKQJ987"
"""The rank letters in Skat order (``T`` is the 10)."""

CARDS: Final = tuple(range(32))
"""Every card, in Skat order."""

JC: Final = 4
"""The Jack of clubs (Kreuz-Bube), the highest trump."""

JACKS: Final = (4, 12, 20, 28)
"""The four Jacks, highest first: J♣ J♠ J♥ J♦."""

TRUMP: Final = 4
"""The lane of trumps (:func:`lane`)."""

_RANK_POINTS: Final = (11, 10, 4, 3, 2, 0, 0, 0)
_RANK_POWER: Final = (8, 7, 6, 5, 0, 3, 2, 1)
POINTS: Final = tuple(_RANK_POINTS[c % 8] for c in CARDS)
"""The points (Augen) of each card: A 11, 10 10, K 4, Q 3, J 2, others 0."""

TOTAL_POINTS: Final = 120
"""The points of the whole deck."""

_FRENCH_SUITS: Final = (
    french.Suit.CLUBS,
    french.Suit.SPADES,
    french.Suit.HEARTS,
    french.Suit.DIAMONDS,
)
_FRENCH_RANKS: Final = (
    french.Rank.ACE, french.Rank.TEN, french.Rank.KING, french.Rank.QUEEN,
    french.Rank.JACK, french.Rank.NINE, french.Rank.EIGHT, french.Rank.SEVEN,
)  # fmt: skip
DECK: Final = french.Deck(
    "Offiziersskat",
    _FRENCH_RANKS,
    _FRENCH_SUITS,
    CARDS,
    by="suit",
    names=False,
    loose=False,
    example=(french.Rank.TEN, french.Suit.HEARTS),
    absent="only the cards from 7 up play",
)
"""The 32 cards as a deck of French cards: the one reader and printer of
:mod:`officers.core.cards`, reading the short forms only (no names, no outlined suits), with
the German ``D`` and ``B``. (Before 0.4 it upper-cased the text as Python does, so it read the
long s ``ſ`` as an ``S``; like the other games' readers it now refuses it.)"""

_NOTATION: Final = DECK.notation
_FACES: Final = DECK.face
_EN_NAMES: Final = tuple(name.lower() for name in DECK.names["en"])
_DE_NAMES: Final = DECK.names["de"]
_EN_SUITS: Final = tuple(suit.name_en().lower() for suit in _FRENCH_SUITS)
_DE_SUITS: Final = tuple(suit.name_de() for suit in _FRENCH_SUITS)
_GAME_WORDS: Final[dict[str, GameType]] = {
    "C": "C", "S": "S", "H": "H", "D": "D", "G": "G",
    "♣": "C", "♠": "S", "♥": "H", "♦": "D",
    "CLUBS": "C", "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "GRAND": "G",
    "KREUZ": "C", "PIK": "S", "HERZ": "H", "KARO": "D",
}  # fmt: skip


def card(suit: int, rank: int) -> int:
    """The card of a suit (0 .. 3, ``C S H D``) and a rank (0 .. 7, ``A T K Q J 9 8 7``).

    >>> card(2, 3) == parse_card("QH")
    True
    """
    return 8 * suit + rank


def suit_of(card: int) -> int:
    """The printed suit of a card, 0 .. 3 (``C S H D``)."""
    return card // 8


def rank_of(card: int) -> int:
    """The rank of a card, 0 .. 7 (``A T K Q J 9 8 7``)."""
    return card % 8


def points(card: int) -> int:
    """The points of a card (:data:`POINTS`)."""
    return POINTS[card]


def check_card(value: object) -> int:
    """A card, checked: an int 0 .. 31 (a ``bool`` is no card).

    >>> check_card(32)
    Traceback (most recent call last):
      ...
    officers.InvalidGameError: a Skat card is an int 0 .. 31, got 32
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 32:
        raise InvalidGameError(f"a Skat card is an int 0 .. 31, got {excerpt(value)}")
    return value


def card_notation(card: int) -> str:
    """The card's notation: rank then suit, ``QH``, ``TS`` (see the module)."""
    return _NOTATION[card]


def card_face(card: int) -> str:
    """The card as people write it: ``Q♥``, ``10♠``."""
    return _FACES[card]


def card_name(card: int, lang: str = "en") -> str:
    """The card's name: ``queen of hearts`` (``"en"``), ``Herz-Dame`` (``"de"``)."""
    return _DE_NAMES[card] if lang == "de" else _EN_NAMES[card]


def parse_card(text: str) -> int:
    """Read a card (see the module's notation); raise :class:`~officers.NotationError`.

    >>> parse_card("10D") == parse_card("TD") == parse_card("t♦")
    True
    >>> parse_card("1H")
    Traceback (most recent call last):
      ...
    officers.NotationError: cannot read card '1H': unknown rank '1' (expected ranks A T or 10 K Q J 9 8 7, German D B)
    """
    return DECK.read(text)


def check_game(value: object) -> GameType:
    """A game choice, checked: one of :data:`GAMES`."""
    if value not in GAMES:
        raise InvalidGameError(f"a game is one of C S H D G, got {excerpt(value)}")
    return value


def parse_game(text: str) -> GameType:
    """Read a game choice: ``C S H D G``, a suit symbol, or the English or German word
    (``hearts``, ``Herz``, ``Grand``).

    >>> parse_game("herz"), parse_game("♣"), parse_game("Grand")
    ('H', 'C', 'G')
    """
    game = _GAME_WORDS.get(text.strip().upper()) if isinstance(text, str) else None
    if game is None:
        raise NotationError(
            f"cannot read game {excerpt(text)}: expected C, S, H, D (the trump suit) or G (Grand)"
        )
    return game


def game_name(game: GameType, lang: str = "en") -> str:
    """The game's name: ``hearts`` / ``Herz``, ``Grand``."""
    index = "CSHDG".index(game)
    if index == 4:
        return "Grand"
    return _DE_SUITS[index] if lang == "de" else _EN_SUITS[index]


def lane(card: int, game: GameType) -> int:
    """The suit ``card`` follows in ``game``: :data:`TRUMP` (4) or its printed suit.

    >>> lane(JC, "G"), lane(parse_card("AC"), "G"), lane(parse_card("AC"), "C")
    (4, 0, 4)
    """
    if card % 8 == 4 or (game != "G" and card // 8 == SUITS.index(game)):
        return TRUMP
    return card // 8


def power(card: int) -> int:
    """The card's height within its lane (see the module): the higher beats the lower."""
    return 20 - card // 8 if card % 8 == 4 else _RANK_POWER[card % 8]


LANES: Final[dict[GameType, tuple[int, ...]]] = {g: tuple(lane(c, g) for c in CARDS) for g in GAMES}
"""Each card's :func:`lane` in each game, by card."""

POWERS: Final = tuple(power(c) for c in CARDS)
"""Each card's :func:`power`, by card."""


def beats(second: int, first: int, game: GameType) -> bool:
    """Whether ``second``, played to a trick that ``first`` led, wins it in ``game``."""
    lead, follow = lane(first, game), lane(second, game)
    if follow == lead:
        return power(second) > power(first)
    return follow == TRUMP


def trumps(game: GameType) -> tuple[int, ...]:
    """The trumps of ``game``, highest first."""
    return tuple(sorted((c for c in CARDS if lane(c, game) == TRUMP), key=power, reverse=True))
