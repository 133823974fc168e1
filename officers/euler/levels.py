"""Levels, variants and the deal: how a game is set up.

Glossary
--------
level
    A :class:`Level`: its name, its take-back tokens, the diagonal rule and the clock. The four
    of the rules are :data:`EASY`, :data:`NORMAL`, :data:`HARD` and :data:`EXPERT`.
token
    A take-back token. A level starts with some (Easy 3, Normal 1, Hard 0, Expert 0).
variant
    A :class:`Variant`: open hands, keep-free coins, Ozanam's riddle start (Solo is one player).
deal
    The cards not in the start, shuffled from a seed and dealt one at a time (:func:`deal`).

>>> Level.from_json(EXPERT.to_json()) == EXPERT
True
>>> Variant.from_dict(Variant(coins=True).to_dict())
Variant(open_hands=False, coins=True, ozanam=False)
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from officers.core.errors import InvalidGameError, NotationError, excerpt, read_json
from officers.euler.cards import ALL_CARDS, Card
from officers.euler.puzzles import OZANAM_DIAGONAL_START, OZANAM_START
from officers.euler.rules import Rules
from officers.euler.square import Square

__all__ = [
    "EASY",
    "EXPERT",
    "HARD",
    "LEVELS",
    "MAX_PLAYERS",
    "NORMAL",
    "OZANAM_STARTS",
    "Level",
    "Variant",
    "check_players",
    "deal",
    "start_square",
]

MAX_PLAYERS: Final = 4
"""The most players a game has (1 is Solo)."""

_LEVEL_DIAGONALS: Final[dict[str, bool]] = {
    "easy": False,
    "normal": False,
    "hard": False,
    "expert": True,
    # Rules rather than levels, for custom games:
    "rows": False,
    "diagonals": True,
}


@dataclass(frozen=True)
class Level:
    """A difficulty level: its name, its take-back tokens, the diagonal rule and the clock.

    The four levels of the rules are :data:`EASY`, :data:`NORMAL`, :data:`HARD` and
    :data:`EXPERT`. Tokens and the clock (seconds a turn, ``None`` for none) are configurable
    with :meth:`replace`; the name fixes whether the diagonals are lines. Two more names stand
    for the bare rules of a custom game: ``rows`` (rows and columns) and ``diagonals``.

    >>> Level.get("expert")
    Level(name='expert', tokens=0, diagonals=True, clock=30.0)
    >>> Level.get("Normal").replace(tokens=2).rules
    Rules(order=4, diagonals=False)
    """

    name: str
    tokens: int
    diagonals: bool
    clock: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name not in _LEVEL_DIAGONALS:
            raise InvalidGameError(
                f"unknown level {excerpt(self.name)}: expected one of {', '.join(_LEVEL_DIAGONALS)}"
            )
        if _LEVEL_DIAGONALS[self.name] != self.diagonals:
            raise InvalidGameError(
                f"level {excerpt(self.name)} {'has' if _LEVEL_DIAGONALS[self.name] else 'has no'} "
                f"diagonal rule, got diagonals={excerpt(self.diagonals)}"
            )
        if not isinstance(self.tokens, int) or isinstance(self.tokens, bool) or self.tokens < 0:
            raise InvalidGameError(
                f"tokens must be a whole number >= 0, got {excerpt(self.tokens)}"
            )
        if self.clock is not None and (
            isinstance(self.clock, bool)
            or not isinstance(self.clock, (int, float))
            or not self.clock > 0
        ):
            raise InvalidGameError(
                f"the clock must be seconds > 0 or None, got {excerpt(self.clock)}"
            )
        if self.clock is not None:
            object.__setattr__(self, "clock", float(self.clock))

    @classmethod
    def get(cls, name: str | Level) -> Level:
        """The level of a name (any case): ``easy``, ``normal``, ``hard``, ``expert``,
        ``rows`` or ``diagonals``; a :class:`Level` is returned as it is.

        >>> Level.get("HARD").tokens
        0
        """
        if isinstance(name, Level):
            return name
        if not isinstance(name, str):
            raise InvalidGameError(
                f"not a level: {excerpt(name)} (expected a name such as 'normal')"
            )
        key = name.strip().lower()
        for level in LEVELS:
            if level.name == key:
                return level
        if key in _LEVEL_DIAGONALS:
            return cls(key, 0, _LEVEL_DIAGONALS[key])
        raise NotationError(
            f"cannot read level {excerpt(name)}: expected one of {', '.join(_LEVEL_DIAGONALS)}"
        )

    def replace(self, **changes: Any) -> Level:
        """A copy with some fields changed: ``EXPERT.replace(clock=20)``."""
        return dataclasses.replace(self, **changes)

    @property
    def rules(self) -> Rules:
        """The rule of the square on this level."""
        return Rules(diagonals=self.diagonals)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``name``, ``tokens``, ``diagonals`` and ``clock`` (seconds or null).

        >>> NORMAL.to_dict()
        {'name': 'normal', 'tokens': 1, 'diagonals': False, 'clock': None}
        """
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Level:
        """Read the JSON form of :meth:`to_dict`; ``diagonals`` follows from the name, and a
        missing ``tokens`` or ``clock`` is the named level's."""
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise NotationError(
                f"cannot read level {excerpt(data)}: expected an object with a 'name'"
            )
        base = cls.get(data["name"])
        try:
            level = base.replace(
                tokens=data.get("tokens", base.tokens), clock=data.get("clock", base.clock)
            )
        except InvalidGameError as error:
            raise NotationError(f"cannot read level {excerpt(data)}: {error}") from None
        if data.get("diagonals", level.diagonals) != level.diagonals:
            raise NotationError(
                f"cannot read level {excerpt(data)}: level {excerpt(level.name)} "
                f"{'has' if level.diagonals else 'has no'} diagonal rule"
            )
        return level

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict` (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Level:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "level"))

    def __str__(self) -> str:
        return self.name


EASY: Final = Level("easy", 3, False)
NORMAL: Final = Level("normal", 1, False)
HARD: Final = Level("hard", 0, False)
EXPERT: Final = Level("expert", 0, True, 30.0)
LEVELS: Final[tuple[Level, ...]] = (EASY, NORMAL, HARD, EXPERT)
"""The four levels of the rules, easiest first."""

OZANAM_STARTS: Final[Mapping[bool, Square]] = {False: OZANAM_START, True: OZANAM_DIAGONAL_START}
"""The rules' two puzzle starts (Ozanam's riddles), by whether the diagonals are lines."""


@dataclass(frozen=True)
class Variant:
    """The optional variants of the rules (Solo is simply one player).

    ``open_hands``: every player sees every hand. ``coins``: each player has a keep-free coin.
    ``ozanam``: the game starts from the rules' puzzle start of its rule set (four locked cards;
    the other twelve are dealt).

    >>> Variant(coins=True)
    Variant(open_hands=False, coins=True, ozanam=False)
    """

    open_hands: bool = False
    coins: bool = False
    ozanam: bool = False

    def __post_init__(self) -> None:
        for name, value in dataclasses.asdict(self).items():
            if not isinstance(value, bool):
                raise InvalidGameError(
                    f"the variant's {name} is true or false, got {excerpt(value)}"
                )

    def to_dict(self) -> dict[str, bool]:
        """The JSON form: ``open_hands``, ``coins`` and ``ozanam``, each true or false."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Variant:
        """Read the JSON form of :meth:`to_dict` (a missing key is false)."""
        names = {field.name for field in dataclasses.fields(cls)}
        if not isinstance(data, Mapping) or set(data) - names:
            raise NotationError(
                f"cannot read variant {excerpt(data)}: expected an object with some of "
                f"{', '.join(sorted(names))}"
            )
        try:
            return cls(**data)
        except InvalidGameError as error:
            raise NotationError(f"cannot read variant {excerpt(data)}: {error}") from None

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict` (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Variant:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "variant"))


def start_square(start: Square | str | None, variant: Variant, diagonals: bool) -> Square:
    """The square a game starts from: ``start`` (a square or its notation), else Ozanam's riddle
    of the rules (with or without the diagonals) when the variant asks for it, else the empty
    square. :class:`~officers.InvalidGameError` when both a start and the riddle are given.

    >>> start_square(None, Variant(ozanam=True), diagonals=False) == OZANAM_START
    True
    """
    if start is not None and variant.ozanam:
        raise InvalidGameError("give either a start square or the Ozanam variant, not both")
    if isinstance(start, str):
        return Square(start)
    if start is not None and not isinstance(start, Square):
        raise TypeError(
            f"a start is a Square, its notation or None, got {excerpt(start)} "
            f"(a {type(start).__name__})"
        )
    if variant.ozanam:
        return OZANAM_STARTS[diagonals]
    return Square() if start is None else start


# --- the deal --------------------------------------------------------------------------------


def deal(players: int, seed: int, *, start: Square | None = None) -> tuple[tuple[Card, ...], ...]:
    """Deal the cards not in ``start`` (all 16 by default) to the players, from a seed.

    The cards are put in card order, shuffled by Fisher-Yates driven only by
    ``random.Random(seed).random()`` (whose sequence Python guarantees for a seed), and dealt one
    at a time from player 1 on: 2 players get 8/8, 3 players 6/5/5, 4 players 4 each, one player
    all. The same seed gives the same deal on every machine and Python version. Each hand comes
    back in card order.

    >>> [len(hand) for hand in deal(3, seed=1)]
    [6, 5, 5]
    >>> " ".join(card.notation() for card in deal(2, seed=7)[0])
    'AS AD AC KS QD QC JD JC'
    """
    check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidGameError(f"a deal's seed is a whole number >= 0, got {excerpt(seed)}")
    cards = [card for card in ALL_CARDS if start is None or card not in start]
    rng = random.Random(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k, card in enumerate(cards):
        hands[k % players].append(card)
    return tuple(tuple(sorted(hand)) for hand in hands)


def check_players(players: object) -> None:
    """Raise :class:`~officers.InvalidGameError` unless ``players`` is 1-4."""
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= MAX_PLAYERS:
        raise InvalidGameError(f"a game has 1-4 players (1 is Solo), got {excerpt(players)}")


def __getattr__(name: str) -> object:
    """``new_game``, which 0.3 kept here, lives in :mod:`officers.euler.game` (the game stands
    on the levels, not the levels on the game); the old name warns and goes in 0.5."""
    if name == "new_game":
        from officers.core.deprecated import renamed
        from officers.euler import game

        renamed("officers.euler.levels.new_game", "officers.euler.game.new_game", stacklevel=3)
        return game.new_game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
