"""The layout of Offiziersskat and a position of the game, each with its one-line notation.

Glossary
--------
player
    0 is Vorhand (she chooses the game and leads the first trick), 1 is Hinterhand.
pile
    One of a player's 8 piles, numbered 1 .. 8 for people (0 .. 7 in code): a tuple of cards
    from the bottom up. As dealt it holds two, ``(under, top)``: the under card face down, the
    top card face up. When the top card is played the under card turns face up (a pile of one);
    then the pile empties. The face-down cards are seen by neither player.
deal
    A :class:`Deal`: both players' 8 piles as dealt.
position
    A :class:`Position`: the piles now, the game (``None`` before Vorhand chooses), who leads the
    trick on the table and its card (if one is played), and each player's points and tricks.

Deal notation: Vorhand's 8 piles, ``|``, Hinterhand's 8 piles; a pile is ``under/top`` in the
card notation of :mod:`officers.skat.cards`::

    9H/AS 7C/TD ... | ...          (16 piles, 8 on each side of the bar)

``deal 17`` reads as numbered deal 17. Numbered deal N takes the cards ``0 .. 31`` in the order
of :func:`officers.core.deals.shuffled` ``(N, 32)`` (SplitMix64 and Fisher–Yates, written down
there) and lays them out: the first 8 are Vorhand's under cards (piles 1 .. 8), the next 8 her
top cards, then Hinterhand's 8 under cards and his 8 top cards. Deal N is the same on every
machine.

Position notation: four fields separated by ``;``: the game (``C S H D G``, or ``-`` before the
choice); the piles as in a deal, a pile of one written as its card alone and an empty pile as
``-``; who leads the trick on the table (``V`` or ``H``) and the card led, if one is; the points
and the tricks taken, Vorhand's first: ``61:59 9:7``.

>>> deal = Deal.numbered(1)
>>> deal.notation()
'TD/TS 9S/8S KC/QD JS/8H AD/JD 7D/8C JH/QS 9H/QC | KH/AS QH/TH KD/8D JC/9C AH/7S 7C/AC KS/7H 9D/TC'
>>> Deal.parse(deal.notation()) == deal == Deal.parse("deal 1")
True
>>> start = Position.start(deal)
>>> start.notation()[:12], start.phase, start.to_move
('- ; TD/TS 9S', 'choose', 0)
>>> Position.parse(start.notation()) == start
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias

from officers.core.deals import check_deal_number, shuffled
from officers.core.deprecated import renamed
from officers.core.errors import InvalidGameError, NotationError, excerpt, read_json
from officers.skat.cards import (
    POINTS,
    GameType,
    card_notation,
    check_card,
    check_game,
    parse_card,
)

__all__ = [
    "PILES",
    "PLAYERS",
    "Deal",
    "Phase",
    "Pile",
    "Position",
    "pile_text",
    "player_letter",
]

Pile: TypeAlias = tuple[int, ...]
"""A pile's cards from the bottom up: ``(under, top)``, ``(card,)`` or ``()``."""

Phase = Literal["choose", "play", "over"]
"""``choose``: Vorhand is to choose the game; ``play``: cards are played; ``over``: 16 tricks
are done."""

PILES: Final = 8
"""Piles per player."""

PLAYERS: Final = ("V", "H")
"""The players' letters: Vorhand, Hinterhand."""

Layout: TypeAlias = tuple[tuple[Pile, ...], tuple[Pile, ...]]


def player_letter(player: int) -> str:
    """``V`` for Vorhand (0), ``H`` for Hinterhand (1)."""
    return PLAYERS[player]


def pile_text(pile: Pile) -> str:
    """A pile in the notation: ``9H/AS``, ``AS`` or ``-``."""
    return "/".join(card_notation(c) for c in pile) or "-"


def _read_pile(token: str, full: bool) -> Pile:
    parts = token.split("/") if token != "-" else []
    if len(parts) > 2 or (full and len(parts) != 2):
        raise NotationError(
            f"cannot read pile {excerpt(token)}: expected 'under/top'"
            + ("" if full else ", a card alone or '-'")
        )
    return tuple(parse_card(part) for part in parts)


def _read_piles(text: str, full: bool) -> Layout:
    sides = text.split("|")
    if len(sides) != 2:
        raise NotationError(
            f"cannot read piles {excerpt(text)}: expected Vorhand's 8 piles, '|', Hinterhand's 8"
        )
    piles = []
    for side in sides:
        tokens = side.split()
        if len(tokens) != PILES:
            raise NotationError(
                f"cannot read piles {excerpt(side.strip())}: expected 8 piles, got {len(tokens)}"
            )
        piles.append(tuple(_read_pile(token, full) for token in tokens))
    return piles[0], piles[1]


def _layout_text(piles: Layout) -> str:
    return " | ".join(" ".join(pile_text(p) for p in side) for side in piles)


def _check_layout(value: object, full: bool) -> Layout:
    what = "2 lists of 8 piles of 2 cards" if full else "2 lists of 8 piles of 0 .. 2 cards"
    try:
        sides = tuple(tuple(tuple(pile) for pile in side) for side in value)  # type: ignore[attr-defined]
    except TypeError:
        raise InvalidGameError(f"a layout is {what}, got {excerpt(value)}") from None
    if len(sides) != 2 or any(len(side) != PILES for side in sides):
        raise InvalidGameError(f"a layout is {what}, got {excerpt(value)}")
    for side in sides:
        for pile in side:
            if len(pile) > 2 or (full and len(pile) != 2):
                raise InvalidGameError(f"a layout is {what}, got {excerpt(value)}")
            for c in pile:
                check_card(c)
    return sides[0], sides[1]


def _check_distinct(cards: Iterable[int], what: str) -> None:
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise InvalidGameError(f"{what} holds {card_notation(c)} twice")
        seen.add(c)


@dataclass(frozen=True, slots=True)
class Deal:
    """Both players' 8 piles as dealt, each ``(under, top)``; ``number`` is the deal number it
    was dealt from (or ``None``; it does not take part in ``==``)."""

    piles: Layout
    number: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        piles = _check_layout(self.piles, full=True)
        _check_distinct((c for side in piles for pile in side for c in pile), "the deal")
        object.__setattr__(self, "piles", piles)

    @classmethod
    def numbered(cls, number: int) -> Deal:
        """Numbered deal ``number`` (see the module)."""
        order = shuffled(check_deal_number(number), 32)
        sides = tuple(
            tuple((order[16 * p + i], order[16 * p + 8 + i]) for i in range(PILES))
            for p in range(2)
        )
        return cls((sides[0], sides[1]), number)

    def notation(self) -> str:
        """The deal notation (see the module)."""
        return _layout_text(self.piles)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read the deal notation, or ``deal N`` for numbered deal N.

        >>> Deal.parse("deal x")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read deal 'deal x': expected 'deal N' with N a deal number
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read deal {excerpt(text)}: expected a string")
        if len(text) > 400:
            raise NotationError(f"cannot read deal {excerpt(text)}: longer than 400 characters")
        words = text.split()
        if words and words[0].lower() == "deal":
            if len(words) != 2 or not words[1].isdigit():
                raise NotationError(
                    f"cannot read deal {excerpt(text)}: expected 'deal N' with N a deal number"
                )
            try:
                return cls.numbered(int(words[1]))
            except InvalidGameError as error:
                raise NotationError(f"cannot read deal {excerpt(text)}: {error}") from None
        try:
            return cls(_read_piles(text, full=True))
        except (NotationError, InvalidGameError) as error:
            raise NotationError(f"cannot read deal {excerpt(text)}: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``notation`` and ``number`` (or null)."""
        return {"notation": self.notation(), "number": self.number}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> Deal:
        """Read :meth:`to_dict` (or the notation alone)."""
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("notation"), str):
            raise NotationError(f"cannot read deal {excerpt(data)}: expected 'notation'")
        deal = cls.parse(data["notation"])
        number = data.get("number")
        if number is not None:
            if Deal.numbered(check_deal_number(number)) != deal:
                raise NotationError(f"cannot read deal {excerpt(data)}: it is not deal {number}")
            deal = cls(deal.piles, number)
        return deal

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Deal.parse({self.notation()!r})"


@dataclass(frozen=True, slots=True)
class Position:
    """A position: the piles now, the game (``None`` before the choice), ``leader`` (who leads
    the trick on the table), ``trick`` (its card, if one is played), ``points`` and ``tricks``
    taken (Vorhand's first). Checked when made: every card once, the points and tricks agree
    with the cards gone.
    """

    piles: Layout
    game: GameType | None = None
    leader: int = 0
    trick: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        piles = _check_layout(self.piles, full=False)
        object.__setattr__(self, "piles", piles)
        if self.game is not None:
            check_game(self.game)
        if self.leader not in (0, 1) or isinstance(self.leader, bool):
            raise InvalidGameError(f"the leader is 0 or 1, got {excerpt(self.leader)}")
        trick = tuple(check_card(c) for c in self.trick)
        object.__setattr__(self, "trick", trick)
        _check_distinct([*self.on_table(), *trick], "the position")
        self._check_count()

    def _check_count(self) -> None:
        if len(self.trick) > 1:
            raise InvalidGameError("a trick on the table holds one card: the second ends it")
        for name, pair in (("points", self.points), ("tricks", self.tricks)):
            if len(pair) != 2 or any(
                isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in pair
            ):
                raise InvalidGameError(f"{name} are 2 ints >= 0, got {excerpt(pair)}")
        gone = set(range(32)) - set(self.on_table()) - set(self.trick)
        if self.game is None and (gone or self.trick):
            raise InvalidGameError("no card is played before the game is chosen")
        if len(gone) % 2 or sum(self.tricks) != len(gone) // 2:
            raise InvalidGameError(
                f"{len(gone)} cards are gone, which is not {sum(self.tricks)} tricks"
            )
        if sum(self.points) != sum(POINTS[c] for c in gone):
            raise InvalidGameError(
                f"the points {self.points[0]}:{self.points[1]} do not add up to those of "
                f"the cards gone ({sum(POINTS[c] for c in gone)})"
            )
        if any(t == 0 and p for t, p in zip(self.tricks, self.points, strict=True)):
            raise InvalidGameError("a player without a trick has no points")
        counts = [sum(len(pile) for pile in side) for side in self.piles]
        if self.trick:
            counts[self.leader] += 1
        if counts[0] != counts[1]:
            raise InvalidGameError(
                f"the players hold {counts[0]} and {counts[1]} cards: a trick takes one of each"
            )

    @classmethod
    def start(cls, deal: Deal) -> Position:
        """The position of a deal before the game is chosen."""
        if not isinstance(deal, Deal):
            raise TypeError(f"expected a Deal, got {excerpt(deal)}")
        return cls(deal.piles)

    # --- what the position says ----------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """``choose``, ``play`` or ``over`` (:data:`Phase`)."""
        if self.game is None:
            return "choose"
        return "play" if self.trick or any(any(side) for side in self.piles) else "over"

    @property
    def to_move(self) -> int | None:
        """The player to move (0 Vorhand, 1 Hinterhand), ``None`` when the game is over."""
        phase = self.phase
        if phase == "over":
            return None
        return self.leader if not self.trick else 1 - self.leader

    def face_up(self, player: int) -> tuple[tuple[int, int], ...]:
        """``(pile, card)`` for each face-up card of ``player`` (piles 0-based)."""
        return tuple((i, pile[-1]) for i, pile in enumerate(self.piles[player]) if pile)

    def hidden(self, player: int) -> tuple[int, ...]:
        """The piles (0-based) of ``player`` that still hide a face-down card."""
        return tuple(i for i, pile in enumerate(self.piles[player]) if len(pile) == 2)

    def on_table(self) -> tuple[int, ...]:
        """Every card still in a pile (face up or down)."""
        return tuple(c for side in self.piles for pile in side for c in pile)

    def gone(self) -> frozenset[int]:
        """The cards played in finished tricks."""
        return frozenset(range(32)) - set(self.on_table()) - set(self.trick)

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish (the one on the table counts).

        >>> Position.start(Deal.numbered(1)).tricks_left
        16

        A method until 0.4: ``position.tricks_left()`` still answers, with a
        :class:`DeprecationWarning`, until 0.5."""
        return _TricksLeft(16 - sum(self.tricks))

    def where(self, card: int) -> tuple[int, int, int] | None:
        """``(player, pile, depth)`` of a card in a pile (depth 0 = face up), or ``None``."""
        for player, side in enumerate(self.piles):
            for i, pile in enumerate(side):
                if card in pile:
                    return player, i, len(pile) - 1 - pile.index(card)
        return None

    # --- notation ------------------------------------------------------------------------

    def notation(self) -> str:
        """The position notation (see the module)."""
        trick = " ".join([player_letter(self.leader), *map(card_notation, self.trick)])
        score = f"{self.points[0]}:{self.points[1]} {self.tricks[0]}:{self.tricks[1]}"
        return " ; ".join([self.game or "-", _layout_text(self.piles), trick, score])

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read the position notation (see the module).

        >>> Position.parse("G ; x")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read position 'G ; x': expected 4 fields separated by ';' (game ; piles ; trick ; points and tricks)
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read position {excerpt(text)}: expected a string")
        if len(text) > 400:
            raise NotationError(f"cannot read position {excerpt(text)}: longer than 400 characters")
        fields = text.split(";")
        if len(fields) != 4:
            raise NotationError(
                f"cannot read position {excerpt(text)}: expected 4 fields separated by ';' "
                "(game ; piles ; trick ; points and tricks)"
            )
        try:
            return _read_position(*fields)
        except (NotationError, InvalidGameError, ValueError) as error:
            raise NotationError(f"cannot read position {excerpt(text)}: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``notation``, with ``phase`` and ``to_move`` for readers."""
        return {"notation": self.notation(), "phase": self.phase, "to_move": self.to_move}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> Position:
        """Read :meth:`to_dict` (or the notation alone)."""
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("notation"), str):
            raise NotationError(f"cannot read position {excerpt(data)}: expected 'notation'")
        return cls.parse(data["notation"])

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Position:
        """Read :meth:`to_json`."""
        return cls.from_dict(read_json(text, "position"))

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Position.parse({self.notation()!r})"


class _TricksLeft(int):
    """:attr:`Position.tricks_left`: an int that may still be called as the method of 0.3 was,
    with a warning."""

    __slots__ = ()

    def __call__(self) -> int:
        renamed("Position.tricks_left()", "Position.tricks_left (a property)", what="call")
        return int(self)

    def __reduce__(self) -> tuple[type[int], tuple[int]]:
        return int, (int(self),)  # pickled as the plain int it is


def _pair(text: str) -> tuple[int, int]:
    left, sep, right = text.partition(":")
    if not sep or not left.isdigit() or not right.isdigit():
        raise NotationError(f"expected two numbers 'a:b', got {excerpt(text)}")
    return int(left), int(right)


def _read_position(game: str, piles: str, trick: str, score: str) -> Position:
    game_word = game.strip()
    chosen = None if game_word == "-" else check_game(game_word.upper())
    words = trick.split()
    if not 1 <= len(words) <= 2 or words[0].upper() not in PLAYERS:
        raise NotationError(f"the trick is 'V' or 'H' and the card led, got {excerpt(trick)}")
    numbers = score.split()
    if len(numbers) != 2:
        raise NotationError(f"expected the points and the tricks '0:0 0:0', got {excerpt(score)}")
    return Position(
        _read_piles(piles, full=False),
        chosen,
        PLAYERS.index(words[0].upper()),
        tuple(parse_card(w) for w in words[1:]),
        _pair(numbers[0]),
        _pair(numbers[1]),
    )
