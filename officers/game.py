"""The game: levels, variants, the deal, turns, moves, tokens, the outcome, notation and records.

Glossary
--------
player
    An int ``0 .. players-1`` in turn order (clockwise); people see ``player 1`` (Anna, who
    begins, is player 1). With one player the game is the Solo variant.
hand
    The cards a player holds, in card order.
token
    A take-back token. A level starts with some (Easy 3, Normal 1, Hard 0, Expert 0); a
    take-back spends one.
turn
    One move of the player to move: a placement or a take-back. A player with an empty hand is
    skipped (the engine moves on by itself). The *turn number* counts turns from 1.
move
    A :class:`Move`: ``place`` a card of the hand on an empty cell, ``take`` a card back into the
    hand, or one of the two events that end the game, ``concede`` and ``timeout``.
slip
    A placement that breaks the rule of the square. :meth:`GameState.push` refuses it with
    :class:`~officers.IllegalPlacementError` and leaves the state unchanged: it costs nothing.
locked cell
    A cell of the start in Ozanam's riddles (or any given start): its card cannot be taken back.
coin
    The keep-free coin of a player (variant): on an empty cell ("please leave this place for
    me") or off the square. A card placed on a coin's cell sends the coin back to its owner.

>>> from officers.game import new_game, Move
>>> game = new_game("normal", players=2, seed=7)
>>> game.notation()
'4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1'
>>> game.push(Move.parse("AS@r1c1"))
>>> game.push(Move.parse("AH@r1c2"))
Traceback (most recent call last):
...
officers.errors.IllegalPlacementError: slip: cannot place A♥ on row 1, column 2: an Ace already stands in row 1 (A♠ at row 1, column 1); it goes back into player 2's hand at no cost
>>> game.push(Move.parse("KH@r2c2"))
>>> print(game)
A♠ ·· ·· ··
·· K♥ ·· ··
·· ·· ·· ··
·· ·· ·· ··
normal · 1 token left · turn 3 · player 1 to move
player 1: A♦ A♣ K♠ Q♦ Q♣ J♦ J♣
player 2: A♥ K♦ K♣ Q♠ Q♥ J♠ J♥
>>> game.pop()
Move.parse('KH@r2c2')
>>> game.outcome() is None
True
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

from officers.cards import ALL_CARDS, Card
from officers.errors import IllegalPlacementError, NotationError
from officers.rules import Rules
from officers.square import EMPTY, Square, cell_name, describe_cell, parse_cell

if TYPE_CHECKING:
    from officers.hints import PlayerView

__all__ = [
    "COIN_OFF",
    "EASY",
    "EXPERT",
    "HARD",
    "LEVELS",
    "NORMAL",
    "OZANAM_STARTS",
    "GameRecord",
    "GameState",
    "Level",
    "Move",
    "MoveKind",
    "Outcome",
    "Termination",
    "Variant",
    "deal",
    "new_game",
    "player_name",
]

MoveKind = Literal["place", "take", "concede", "timeout"]
Termination = Literal["finished", "stuck", "conceded", "out of time"]

COIN_OFF: Final = -1
"""A coin action: take one's keep-free coin off the square."""

_CELLS: Final = 16
_FULL: Final = (1 << _CELLS) - 1
_MAX_PLAYERS: Final = 4


def player_name(player: int) -> str:
    """How people see a player: ``player 1`` for player 0.

    >>> player_name(0)
    'player 1'
    """
    return f"player {player + 1}"


# --- levels and variants ---------------------------------------------------------------------

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
        if self.name not in _LEVEL_DIAGONALS:
            raise NotationError(
                f"unknown level {self.name!r}: expected one of {', '.join(_LEVEL_DIAGONALS)}"
            )
        if _LEVEL_DIAGONALS[self.name] != self.diagonals:
            raise NotationError(
                f"level {self.name!r} {'has' if _LEVEL_DIAGONALS[self.name] else 'has no'} "
                f"diagonal rule, got diagonals={self.diagonals!r}"
            )
        if not isinstance(self.tokens, int) or isinstance(self.tokens, bool) or self.tokens < 0:
            raise NotationError(f"tokens must be a whole number >= 0, got {self.tokens!r}")
        if self.clock is not None and (
            isinstance(self.clock, bool)
            or not isinstance(self.clock, (int, float))
            or not self.clock > 0
        ):
            raise NotationError(f"the clock must be seconds > 0 or None, got {self.clock!r}")
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
            raise NotationError(f"cannot read level {name!r}: expected a name such as 'normal'")
        key = name.strip().lower()
        for level in LEVELS:
            if level.name == key:
                return level
        if key in _LEVEL_DIAGONALS:
            return cls(key, 0, _LEVEL_DIAGONALS[key])
        raise NotationError(
            f"cannot read level {name!r}: expected one of {', '.join(_LEVEL_DIAGONALS)}"
        )

    def replace(self, **changes: Any) -> Level:
        """A copy with some fields changed: ``EXPERT.replace(clock=20)``."""
        return dataclasses.replace(self, **changes)

    @property
    def rules(self) -> Rules:
        """The rule of the square on this level."""
        return Rules(diagonals=self.diagonals)

    def __str__(self) -> str:
        return self.name


EASY: Final = Level("easy", 3, False)
NORMAL: Final = Level("normal", 1, False)
HARD: Final = Level("hard", 0, False)
EXPERT: Final = Level("expert", 0, True, 30.0)
LEVELS: Final[tuple[Level, ...]] = (EASY, NORMAL, HARD, EXPERT)
"""The four levels of the rules, easiest first."""

OZANAM_STARTS: Final[Mapping[bool, Square]] = {
    False: Square("AC3/1JS2/1AH1QD/4"),
    True: Square("ADJC2/4/JS3/KC3"),
}
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
    _check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise NotationError(f"a deal's seed is a whole number >= 0, got {seed!r}")
    cards = [card for card in ALL_CARDS if start is None or card not in start]
    rng = random.Random(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for k, card in enumerate(cards):
        hands[k % players].append(card)
    return tuple(tuple(sorted(hand)) for hand in hands)


def _check_players(players: object) -> None:
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not 1 <= players <= _MAX_PLAYERS
    ):
        raise NotationError(f"a game has 1-4 players (1 is Solo), got {players!r}")


# --- moves -----------------------------------------------------------------------------------

_MOVE: Final = re.compile(
    r"\s*(?:(?P<take>x)\s*(?:(?P<tcard>\S\S)\s*@)?\s*(?P<tcell>r\d+c\d+|\d+)"
    r"|(?P<card>\S\S)\s*@\s*(?P<cell>r\d+c\d+|\d+)"
    r"|(?P<event>concede|timeout))"
    r"\s*(?:\+\s*(?P<coin>r\d+c\d+|\d+|off))?\s*",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Move:
    """A move: place a card, take one back, or an event that ends the game.

    Build one with :meth:`place`, :meth:`take_back`, :meth:`concede`, :meth:`timeout` or read
    it with :meth:`parse`. ``coin`` is the keep-free coin action at the end of the turn (variant):
    ``None`` leaves the coin where it is, a cell puts it there, :data:`COIN_OFF` lifts it.

    Move notation: ``AS@r1c1`` places A♠ on row 1, column 1; ``xr1c1`` takes back the card on
    row 1, column 1 (``xAS@r1c1`` names the card too, and must name the right one);
    ``concede``; ``timeout`` (the player to move ran out of time). A coin action follows as
    ``+r2c3`` or ``+off``.

    >>> Move.parse("A♠@r1c1"), Move.parse("x KH @ r2c2 + r1c4").notation()
    (Move.parse('AS@r1c1'), 'xKH@r2c2+r1c4')
    >>> Move.place(0, Card.ACE_OF_SPADES) == Move.parse("as@0")
    True
    >>> print(Move.parse("xKH@r2c2"))
    xK♥@r2c2
    """

    kind: MoveKind
    cell: int | None = None
    card: Card | None = None
    coin: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("place", "take", "concede", "timeout"):
            raise NotationError(f"unknown kind of move {self.kind!r}")
        if self.kind in ("place", "take"):
            if not _is_cell(self.cell):
                raise NotationError(f"a {self.kind} move needs a cell 0-15, got {self.cell!r}")
            if self.kind == "place" and self.card is None:
                raise NotationError("a place move needs a card")
        elif self.cell is not None or self.card is not None or self.coin is not None:
            raise NotationError(f"a {self.kind} move has no cell, card or coin")
        if self.card is not None and not isinstance(self.card, Card):
            if (
                isinstance(self.card, int)
                and not isinstance(self.card, bool)
                and 0 <= self.card < 16
            ):
                object.__setattr__(self, "card", Card(self.card))
            else:
                raise NotationError(f"not a card: {self.card!r}")
        if self.coin is not None and self.coin != COIN_OFF and not _is_cell(self.coin):
            raise NotationError(
                f"a coin goes on a cell 0-15 or off ({COIN_OFF}), got {self.coin!r}"
            )

    @classmethod
    def place(cls, cell: int, card: int, coin: int | None = None) -> Move:
        """Place ``card`` on ``cell``."""
        return cls("place", cell, _as_card(card), coin)

    @classmethod
    def take_back(cls, cell: int, card: int | None = None, coin: int | None = None) -> Move:
        """Take back the card on ``cell`` (``card`` optionally names it)."""
        return cls("take", cell, None if card is None else _as_card(card), coin)

    @classmethod
    def concede(cls) -> Move:
        """The team agrees the square is dead and stops: a loss."""
        return cls("concede")

    @classmethod
    def timeout(cls) -> Move:
        """The player to move ran out of time (the frontend's clock): a loss."""
        return cls("timeout")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the move notation (see the class documentation).

        >>> Move.parse("QD@r3c4+off")
        Move.parse('QD@r3c4+off')
        >>> Move.parse("QD r3c4")
        Traceback (most recent call last):
        ...
        officers.errors.NotationError: cannot read move 'QD r3c4': expected a placement such as 'AS@r1c1', a take-back such as 'xr1c1', 'concede' or 'timeout'
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read move {text!r}: expected a string such as 'AS@r1c1'")
        match = _MOVE.fullmatch(text)
        if not match:
            raise NotationError(
                f"cannot read move {text!r}: expected a placement such as 'AS@r1c1', "
                "a take-back such as 'xr1c1', 'concede' or 'timeout'"
            )
        try:
            coin_text = match.group("coin")
            coin = None
            if coin_text is not None:
                coin = COIN_OFF if coin_text.lower() == "off" else parse_cell(coin_text)
            if match.group("event"):
                event: MoveKind = (
                    "concede" if match.group("event").lower() == "concede" else "timeout"
                )
                if coin is not None:
                    raise NotationError("an event carries no coin action")
                return cls(event)
            if match.group("take"):
                tcard = match.group("tcard")
                return cls(
                    "take",
                    parse_cell(match.group("tcell")),
                    None if tcard is None else Card.parse(tcard),
                    coin,
                )
            return cls(
                "place", parse_cell(match.group("cell")), Card.parse(match.group("card")), coin
            )
        except NotationError as error:
            raise NotationError(f"cannot read move {text!r}: {error}") from None

    def notation(self, *, symbols: bool = False) -> str:
        """The move notation in ASCII (``symbols=True``: suits as ``♠ ♥ ♦ ♣``)."""
        if self.kind in ("concede", "timeout"):
            return self.kind
        assert self.cell is not None
        card = "" if self.card is None else (str(self.card) if symbols else self.card.notation())
        cell = cell_name(self.cell)
        text = (
            f"{card}@{cell}"
            if self.kind == "place"
            else (f"x{card}@{cell}" if card else f"x{cell}")
        )
        if self.coin is not None:
            text += "+off" if self.coin == COIN_OFF else f"+{cell_name(self.coin)}"
        return text

    def describe(self) -> str:
        """The move as a sentence: ``place A♠ on row 1, column 1``."""
        if self.kind == "concede":
            return "concede (the team agrees the square is dead)"
        if self.kind == "timeout":
            return "run out of time"
        assert self.cell is not None
        where = describe_cell(self.cell)
        if self.kind == "place":
            text = f"place {self.card} on {where}"
        else:
            text = f"take back {'the card' if self.card is None else self.card} from {where}"
        if self.coin == COIN_OFF:
            text += ", then lift the coin"
        elif self.coin is not None:
            text += f", then put the coin on {describe_cell(self.coin)}"
        return text

    def __str__(self) -> str:
        return self.notation(symbols=True)

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"


def _as_card(value: int) -> Card:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _CELLS:
        return Card(value)
    raise NotationError(f"not a card: {value!r} (expected a Card or 0-15)")


def _is_cell(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _CELLS


# --- the outcome -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: won or lost, why, and which player it concerns.

    ``reason`` is ``finished`` (a win: all 16 cards are in the square), ``stuck`` (the player
    to move can place no card and cannot take back), ``conceded`` or ``out of time``.
    ``player`` is the player who was stuck or out of time, else ``None``.

    >>> print(Outcome(False, "stuck", 1))
    lost: player 2 is stuck and cannot take back
    """

    won: bool
    reason: Termination
    player: int | None = None

    def __str__(self) -> str:
        if self.won:
            return "won: all 16 cards are in the square"
        if self.reason == "stuck":
            who = "a player" if self.player is None else player_name(self.player)
            return f"lost: {who} is stuck and cannot take back"
        if self.reason == "conceded":
            return "lost: the team conceded"
        who = "a player" if self.player is None else player_name(self.player)
        return f"lost: {who} ran out of time"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``won``, ``reason``, ``player`` (0-based or null) and ``text``."""
        return {"won": self.won, "reason": self.reason, "player": self.player, "text": str(self)}


# --- fast tables -------------------------------------------------------------------------------


def _peers(diagonals: bool) -> tuple[tuple[int, ...], ...]:
    rules = Rules(diagonals=diagonals)
    return tuple(
        tuple(sorted({c for line in rules.lines_through(cell) for c in line.cells} - {cell}))
        for cell in range(_CELLS)
    )


_PEERS: Final = {False: _peers(False), True: _peers(True)}


def _legal_pairs(values: Sequence[int], hand: int, diagonals: bool) -> list[tuple[int, int]]:
    """Every (cell, card) with the card in the hand bitset that the rules allow, cell order."""
    result: list[tuple[int, int]] = []
    if not hand:
        return result
    cards = [card for card in range(_CELLS) if hand >> card & 1]
    for cell, peers in enumerate(_PEERS[diagonals]):
        if values[cell] != EMPTY:
            continue
        ranks = suits = 0
        for peer in peers:
            value = values[peer]
            if value != EMPTY:
                ranks |= 1 << (value >> 2)
                suits |= 1 << (value & 3)
        for card in cards:
            if not (ranks >> (card >> 2) & 1 or suits >> (card & 3) & 1):
                result.append((cell, card))
    return result


def _can_place(values: Sequence[int], hand: int, diagonals: bool) -> bool:
    if not hand:
        return False
    cards = [card for card in range(_CELLS) if hand >> card & 1]
    for cell, peers in enumerate(_PEERS[diagonals]):
        if values[cell] != EMPTY:
            continue
        ranks = suits = 0
        for peer in peers:
            value = values[peer]
            if value != EMPTY:
                ranks |= 1 << (value >> 2)
                suits |= 1 << (value & 3)
        for card in cards:
            if not (ranks >> (card >> 2) & 1 or suits >> (card & 3) & 1):
                return True
    return False


def _fits(values: Sequence[int], cell: int, card: int, diagonals: bool) -> bool:
    """Whether the card may go on the cell (the cell is empty, the card not placed, no line
    through the cell holds its rank or suit)."""
    if values[cell] != EMPTY or card in values:
        return False
    rank = card >> 2
    suit = card & 3
    for peer in _PEERS[diagonals][cell]:
        value = values[peer]
        if value != EMPTY and (value >> 2 == rank or value & 3 == suit):
            return False
    return True


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return mask


@functools.cache
def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(card for card in ALL_CARDS if mask >> card & 1)


# Whether officers.hints.PlayerView has exactly the fields GameState.view() fills in.
_VIEW_FIELDS: dict[type, bool] = {}


# --- the state ---------------------------------------------------------------------------------

# One state, as pushed on the undo stack: square, hands (bitsets), tokens left, player to move,
# coins (or None), turn number, end event (or None).
_Snapshot = tuple[Square, tuple[int, ...], int, int, "tuple[int, ...] | None", int, "str | None"]

_END_EVENTS: Final[dict[str, Termination]] = {"conceded": "conceded", "timeout": "out of time"}


class GameState:
    """A game in progress: the square, the hands, the tokens, whose turn it is, and history.

    Make one with :func:`new_game` (a fresh deal) or :meth:`parse` (the game notation). The
    state is mutable: :meth:`push` plays a move (refusing illegal ones and leaving the state
    unchanged), :meth:`pop` undoes the last one exactly; :meth:`clone` is an independent copy.
    :meth:`legal_moves`, :meth:`outcome` and :meth:`view` are all a bot or a frontend needs.

    Game notation (one line, fields separated by single spaces; see docs/game.md)::

        square level tokens turn hands locked coins number [end]

    >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
    >>> state.turn, state.hand(1), state.tokens
    (1, (Card.QUEEN_OF_SPADES, Card.JACK_OF_HEARTS), 0)
    """

    __slots__ = (
        "_cached",
        "_coins",
        "_diagonals",
        "_end",
        "_hands",
        "_history",
        "_level",
        "_locked",
        "_number",
        "_open",
        "_players",
        "_rules",
        "_seed",
        "_square",
        "_stack",
        "_tokens",
        "_turn",
    )

    _level: Level
    _rules: Rules
    _diagonals: bool
    _players: int
    _locked: frozenset[int]
    _open: bool
    _seed: int | None
    _square: Square
    _hands: tuple[int, ...]
    _tokens: int
    _turn: int
    _coins: tuple[int, ...] | None
    _number: int
    _end: str | None
    _stack: list[_Snapshot]
    _history: list[Move]
    _cached: Outcome | bool | None  # False: not computed yet

    def __init__(
        self,
        square: Square,
        hands: Sequence[Iterable[int]],
        *,
        level: Level | str = "normal",
        tokens: int | None = None,
        turn: int = 0,
        locked: Iterable[int] = (),
        coins: Sequence[int | None] | None = None,
        open_hands: bool = False,
        number: int = 1,
        end: str | None = None,
        seed: int | None = None,
    ) -> None:
        """Build a state from its parts (checked like the notation); most callers want
        :func:`new_game` or :meth:`parse`. ``coins`` is one cell (or ``None``) a player, or
        ``None`` when the keep-free coin variant is not played."""
        self._level = Level.get(level)
        self._rules = self._level.rules
        self._diagonals = self._level.diagonals
        if not isinstance(square, Square) or square.order != 4:
            raise NotationError(f"a game is played on a square of order 4, got {square!r}")
        _check_players(len(hands))
        self._players = len(hands)
        self._square = square
        self._hands = tuple(_mask(hand) for hand in hands)
        self._tokens = self._level.tokens if tokens is None else tokens
        self._turn = turn
        self._locked = frozenset(locked)
        self._coins = None if coins is None else tuple(COIN_OFF if c is None else c for c in coins)
        self._open = bool(open_hands)
        self._number = number
        self._end = end
        self._seed = seed
        self._stack = []
        self._history = []
        self._cached = False
        self._check()

    def _check(self) -> None:
        """Raise unless the parts make a state of the game."""
        where = "the game state"
        if isinstance(self._tokens, bool) or not isinstance(self._tokens, int) or self._tokens < 0:
            raise NotationError(
                f"{where}: tokens left must be a whole number >= 0, got {self._tokens!r}"
            )
        if isinstance(self._number, bool) or not isinstance(self._number, int) or self._number < 1:
            raise NotationError(f"{where}: the turn number must be >= 1, got {self._number!r}")
        if not (isinstance(self._turn, int) and 0 <= self._turn < self._players):
            raise NotationError(
                f"{where}: the player to move must be 1-{self._players}, got {self._turn + 1!r}"
            )
        seen = _mask(v for v in self._square.values if v != EMPTY)
        for player, hand in enumerate(self._hands):
            if hand & seen:
                card = _cards(hand & seen)[0]
                raise NotationError(
                    f"{where}: {card} is both in {player_name(player)}'s hand and elsewhere"
                )
            seen |= hand
        if seen != _FULL:
            missing = ", ".join(str(card) for card in _cards(_FULL & ~seen))
            raise NotationError(
                f"{where}: {missing} {'is' if ',' not in missing else 'are'} neither in the square nor in a hand"
            )
        for cell in self._locked:
            if not _is_cell(cell):
                raise NotationError(f"{where}: locked cell {cell!r} is not a cell 0-15")
            if self._square.values[cell] == EMPTY:
                raise NotationError(f"{where}: locked cell {cell_name(cell)} is empty")
        conflicts = self._rules.conflicts(self._square)
        if conflicts:
            raise IllegalPlacementError(
                f"{where}: the square breaks the rule of the square: {conflicts[0]}"
            )
        if self._coins is not None:
            if len(self._coins) != self._players:
                raise NotationError(
                    f"{where}: {len(self._coins)} coins for {self._players} players"
                )
            for player, coin in enumerate(self._coins):
                if coin == COIN_OFF:
                    continue
                if not _is_cell(coin):
                    raise NotationError(
                        f"{where}: {player_name(player)}'s coin {coin!r} is not a cell"
                    )
                if self._square.values[coin] != EMPTY:
                    raise NotationError(
                        f"{where}: {player_name(player)}'s coin lies on {cell_name(coin)}, which is not empty"
                    )
            placed = [c for c in self._coins if c != COIN_OFF]
            if len(set(placed)) != len(placed):
                raise NotationError(f"{where}: two coins lie on one cell")
        if self._end is not None and self._end not in _END_EVENTS:
            raise NotationError(f"{where}: unknown end {self._end!r}: expected conceded or timeout")
        if self._end is not None and self._square.is_full():
            raise NotationError(f"{where}: a finished square cannot end by {self._end}")
        if any(self._hands) and not self._hands[self._turn]:
            raise NotationError(
                f"{where}: {player_name(self._turn)} is to move but has no cards (would be skipped)"
            )

    # --- reading the state ------------------------------------------------------------------

    @property
    def level(self) -> Level:
        """The level (its tokens are the starting tokens; see :attr:`tokens` for those left)."""
        return self._level

    @property
    def rules(self) -> Rules:
        """The rule of the square of this game."""
        return self._rules

    @property
    def players(self) -> int:
        """The number of players, 1-4."""
        return self._players

    @property
    def square(self) -> Square:
        """The square as it lies now."""
        return self._square

    @property
    def tokens(self) -> int:
        """The take-back tokens left."""
        return self._tokens

    @property
    def turn(self) -> int:
        """The player to move (0-based)."""
        return self._turn

    @property
    def number(self) -> int:
        """The number of the turn to play, from 1 (skips do not count, events do not either)."""
        return self._number

    @property
    def locked(self) -> frozenset[int]:
        """The locked cells: their cards cannot be taken back."""
        return self._locked

    @property
    def open_hands(self) -> bool:
        """Whether the Open hands variant is played."""
        return self._open

    @property
    def coins(self) -> tuple[int | None, ...] | None:
        """Each player's keep-free coin (a cell or ``None`` when off the square), or ``None``
        when the variant is not played."""
        if self._coins is None:
            return None
        return tuple(None if c == COIN_OFF else c for c in self._coins)

    @property
    def seed(self) -> int | None:
        """The seed of the deal, when the game was dealt by :func:`new_game`."""
        return self._seed

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves pushed so far (take-backs name their card)."""
        return tuple(self._history)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's hand, in card order."""
        return _cards(self._hands[player])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, in player order."""
        return tuple(_cards(hand) for hand in self._hands)

    def take_backs(self) -> int:
        """How many take-backs were played since the start of the history."""
        return sum(1 for move in self._history if move.kind == "take")

    # --- moves ---------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to move: placements (cell, then card order), then
        take-backs (when a token is left). Empty when the game is over. Coin actions and the
        events ``concede`` and ``timeout`` are not listed, but :meth:`push` accepts them.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> [move.notation() for move in state.legal_moves()]
        ['QS@r1c3', 'JH@r1c4']
        """
        if self.outcome() is not None:
            return []
        values = self._square.values
        moves = [
            Move("place", cell, Card(card))
            for cell, card in _legal_pairs(values, self._hands[self._turn], self._diagonals)
        ]
        if self._tokens > 0:
            moves.extend(
                Move("take", cell, Card(value))
                for cell, value in enumerate(values)
                if value != EMPTY and cell not in self._locked
            )
        return moves

    def legal_placements(self) -> list[tuple[int, Card]]:
        """The player to move's legal placements as ``(cell, card)``, cell then card order."""
        return [
            (cell, Card(card))
            for cell, card in _legal_pairs(
                self._square.values, self._hands[self._turn], self._diagonals
            )
        ]

    def is_stuck(self) -> bool:
        """Whether the player to move can place no card (and must take back)."""
        return (
            not self.is_over_by_event()
            and not self._square.is_full()
            and not _can_place(self._square.values, self._hands[self._turn], self._diagonals)
        )

    def is_over_by_event(self) -> bool:
        """Whether the game ended by ``concede`` or ``timeout``."""
        return self._end is not None

    def why_illegal(self, move: Move) -> str | None:
        """Why the move may not be pushed now, as one sentence, or ``None`` if it may."""
        try:
            self._resolve(move)
        except IllegalPlacementError as error:
            return str(error)
        return None

    def is_legal(self, move: Move) -> bool:
        """Whether :meth:`push` would accept the move."""
        return self.why_illegal(move) is None

    def parse_move(self, text: str) -> Move:
        """Read a move and check it against this state; take-backs get their card named.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS normal 1 1 KDKC/QSJH - - 13")
        >>> state.parse_move("xr2c2")
        Move.parse('xJS@r2c2')
        """
        return self._resolve(Move.parse(text))

    def _resolve(self, move: Move) -> Move:
        """The move as it will be recorded, or IllegalPlacementError saying why not."""
        if not isinstance(move, Move):
            raise IllegalPlacementError(
                f"expected a Move, got {move!r} (read text with Move.parse)"
            )
        outcome = self.outcome()
        if outcome is not None:
            raise IllegalPlacementError(
                f"cannot play {move.notation()}: the game is over ({outcome})"
            )
        who = player_name(self._turn)
        if move.kind in ("concede", "timeout"):
            return move
        assert move.cell is not None
        values = self._square.values
        if move.kind == "place":
            assert move.card is not None
            if not self._hands[self._turn] >> move.card & 1:
                raise IllegalPlacementError(
                    f"cannot place {move.card} on {describe_cell(move.cell)}: "
                    f"it is not in {who}'s hand"
                )
            reason = None
            if not _fits(values, move.cell, move.card, self._diagonals):
                reason = self._rules.why_illegal(self._square, move.cell, move.card)
            if reason is not None:
                raise IllegalPlacementError(
                    f"slip: cannot place {move.card} on {describe_cell(move.cell)}: {reason}; "
                    f"it goes back into {who}'s hand at no cost"
                )
            after_cell_empty = False
        else:
            value = values[move.cell]
            where = describe_cell(move.cell)
            if self._tokens <= 0:
                raise IllegalPlacementError(
                    f"cannot take back from {where}: no take-back token is left"
                )
            if value == EMPTY:
                raise IllegalPlacementError(f"cannot take back from {where}: the cell is empty")
            if move.cell in self._locked:
                raise IllegalPlacementError(
                    f"cannot take back {Card(value)} from {where}: it is a locked start card"
                )
            if move.card is not None and move.card != value:
                raise IllegalPlacementError(
                    f"cannot take back {move.card} from {where}: the cell holds {Card(value)}"
                )
            move = Move("take", move.cell, Card(value), move.coin)
            after_cell_empty = True
        if move.coin is not None:
            if self._coins is None:
                raise IllegalPlacementError(
                    f"cannot move a coin: this game is played without keep-free coins ({move.notation()})"
                )
            if move.coin != COIN_OFF:
                target_empty = values[move.coin] == EMPTY and move.coin != move.cell
                if move.coin == move.cell and after_cell_empty:
                    target_empty = True
                if not target_empty:
                    raise IllegalPlacementError(
                        f"cannot put the coin on {describe_cell(move.coin)}: the cell is not empty"
                    )
                for player, coin in enumerate(self._coins):
                    if coin == move.coin and player != self._turn:
                        raise IllegalPlacementError(
                            f"cannot put the coin on {describe_cell(move.coin)}: "
                            f"{player_name(player)}'s coin lies there"
                        )
        return move

    def push(self, move: Move) -> None:
        """Play a move of the player to move. An illegal move (a slip, a card not in the hand,
        a take-back without a token, a move after the end, ...) raises
        :class:`~officers.IllegalPlacementError` and leaves the state unchanged.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> state.push(Move.parse("JH@r1c4"))
        >>> state.notation()
        'AC2JH/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 KDKC/QS - - 14'
        """
        move = self._resolve(move)
        self._stack.append(self._snapshot())
        self._history.append(move)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        self._cached = False
        if move.kind == "concede":
            self._end = "conceded"
            return
        if move.kind == "timeout":
            self._end = "timeout"
            return
        assert move.cell is not None and move.card is not None
        hands = list(self._hands)
        if move.kind == "place":
            self._square = self._square.place(move.cell, move.card)
            hands[self._turn] &= ~(1 << move.card)
        else:
            self._square = self._square.remove(move.cell)
            hands[self._turn] |= 1 << move.card
            self._tokens -= 1
        self._hands = tuple(hands)
        if self._coins is not None:
            coins = [
                COIN_OFF if c == move.cell and move.kind == "place" else c for c in self._coins
            ]
            if move.coin is not None:
                coins[self._turn] = move.coin
            self._coins = tuple(coins)
        self._number += 1
        for step in range(1, self._players + 1):
            player = (self._turn + step) % self._players
            if hands[player]:
                self._turn = player
                break

    def pop(self) -> Move:
        """Undo the last move exactly and return it; ``IndexError`` when there is none."""
        if not self._stack:
            raise IndexError("pop from a game state with no moves")
        self._restore(self._stack.pop())
        return self._history.pop()

    def peek(self) -> Move | None:
        """The last move pushed, or ``None``."""
        return self._history[-1] if self._history else None

    def _snapshot(self) -> _Snapshot:
        return (
            self._square,
            self._hands,
            self._tokens,
            self._turn,
            self._coins,
            self._number,
            self._end,
        )

    def _restore(self, snapshot: _Snapshot) -> None:
        self._cached = False
        (
            self._square,
            self._hands,
            self._tokens,
            self._turn,
            self._coins,
            self._number,
            self._end,
        ) = snapshot

    def clone(self) -> GameState:
        """An independent copy, with the same history (so :meth:`pop` works on it too)."""
        copy = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(copy, name, getattr(self, name))
        copy._stack = list(self._stack)
        copy._history = list(self._history)
        return copy

    def root(self) -> GameState:
        """The state before the first move of the history (a new object without history)."""
        copy = self.clone()
        if self._stack:
            copy._restore(self._stack[0])
        copy._stack = []
        copy._history = []
        return copy

    # --- the outcome ---------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        Won when all 16 cards are in the square. Lost when the team conceded, when the player
        to move ran out of time, or when the player to move is stuck (no card of the hand may go
        on any empty cell) and cannot take back (no token left, or only locked cards placed).

        >>> GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13").outcome() is None
        True
        >>> print(GameState.parse("JDKHQC1/KC1JSAD/QSACKDJH/AHQD1KS hard 0 2 QH/ASJC - - 14").outcome())
        lost: player 2 is stuck and cannot take back
        """
        if self._cached is False:
            self._cached = self._outcome()
        assert self._cached is not True
        return self._cached

    def _outcome(self) -> Outcome | None:
        if self._end is not None:
            return Outcome(
                False, _END_EVENTS[self._end], self._turn if self._end == "timeout" else None
            )
        if self._square.is_full():
            return Outcome(True, "finished")
        if _can_place(self._square.values, self._hands[self._turn], self._diagonals):
            return None
        if self._tokens > 0 and any(
            value != EMPTY and cell not in self._locked
            for cell, value in enumerate(self._square.values)
        ):
            return None
        return Outcome(False, "stuck", self._turn)

    def is_over(self) -> bool:
        """Whether the game has ended (see :meth:`outcome`)."""
        return self.outcome() is not None

    # --- views -----------------------------------------------------------------------------------

    def view(self, player: int | None = None) -> PlayerView:
        """What one player may know (default: the player to move), as an
        :class:`officers.hints.PlayerView`: the square, the rules, the own hand, the cards the
        others hold together, tokens left and locked cells."""
        from officers.hints import PlayerView

        player = self._turn if player is None else player
        if not (isinstance(player, int) and 0 <= player < self._players):
            raise NotationError(f"there is no player {player!r} in a game of {self._players}")
        own = self._hands[player]
        others = 0
        for hand in self._hands:
            others |= hand
        others &= ~own
        values: dict[str, object] = {
            "square": self._square,
            "rules": self._rules,
            "hand": _cards(own),
            "others": _cards(others),
            "tokens": self._tokens,
            "locked": tuple(sorted(self._locked)),
        }
        if _VIEW_FIELDS.get(PlayerView) is None:
            names = {item.name for item in dataclasses.fields(PlayerView)}
            _VIEW_FIELDS[PlayerView] = names == set(values)
        if not _VIEW_FIELDS[PlayerView]:
            return PlayerView(**values)  # type: ignore[arg-type]
        # The state is consistent by construction, so the view is built without checking it
        # again (the checks cost more than the rest of a bot's turn).
        view = object.__new__(PlayerView)
        for name, value in values.items():
            object.__setattr__(view, name, value)
        return view

    # --- notation ------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> GameState:
        """Read the game notation (every hand known); see docs/game.md for the grammar.

        >>> GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 ?2/QSJH - - 13")
        Traceback (most recent call last):
        ...
        officers.errors.NotationError: cannot read game 'AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 ?2/QSJH - - 13': player 1's hand is unknown ('?2'): this is a player's view (read it with view_from_notation)
        """
        fields = _read_fields(text)
        if any(hand is None for hand in fields.hands):
            unknown = next(i for i, hand in enumerate(fields.hands) if hand is None)
            raise NotationError(
                f"cannot read game {text!r}: {player_name(unknown)}'s hand is unknown "
                f"({fields.hand_texts[unknown]!r}): this is a player's view (read it with "
                "view_from_notation)"
            )
        try:
            return cls(
                fields.square,
                [hand or () for hand in fields.hands],
                level=fields.level,
                tokens=fields.tokens,
                turn=fields.turn,
                locked=fields.locked,
                coins=fields.coins,
                open_hands=fields.open_hands,
                number=fields.number,
                end=fields.end,
            )
        except (NotationError, IllegalPlacementError) as error:
            message = str(error).replace("the game state: ", "")
            raise type(error)(f"cannot read game {text!r}: {message}") from None

    def notation(self, viewer: int | None = None) -> str:
        """The one-line game notation. With ``viewer``, the other players' hands are written as
        ``?n`` (n unknown cards), unless the hands are open.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> state.notation(viewer=1)
        'AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 ?2/QSJH - - 13'
        """
        level = self._level.name + ("+open" if self._open else "")
        hands = []
        for player, hand in enumerate(self._hands):
            if viewer is not None and player != viewer and not self._open:
                hands.append(f"?{hand.bit_count()}")
            else:
                hands.append("".join(card.notation() for card in _cards(hand)) or "-")
        locked = ",".join(cell_name(cell) for cell in sorted(self._locked)) or "-"
        if self._coins is None:
            coins = "-"
        else:
            coins = "/".join("." if c == COIN_OFF else cell_name(c) for c in self._coins)
        parts = [
            self._square.notation(),
            level,
            str(self._tokens),
            str(self._turn + 1),
            "/".join(hands),
            locked,
            coins,
            str(self._number),
        ]
        if self._end is not None:
            parts.append(self._end)
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description for frontends (see docs/game.md)."""
        outcome = self.outcome()
        return {
            "notation": self.notation(),
            "square": self._square.to_dict(),
            "rules": self._rules.to_dict(),
            "level": self._level.name,
            "players": self._players,
            "turn": self._turn,
            "number": self._number,
            "tokens": self._tokens,
            "hands": [[card.notation() for card in _cards(hand)] for hand in self._hands],
            "locked": sorted(self._locked),
            "coins": None
            if self._coins is None
            else [None if c == COIN_OFF else c for c in self._coins],
            "open_hands": self._open,
            "outcome": None if outcome is None else outcome.to_dict(),
            "legal_moves": [move.notation() for move in self.legal_moves()],
        }

    # --- records ---------------------------------------------------------------------------------

    def record(self, headers: Mapping[str, str] | None = None) -> GameRecord:
        """The game record: the start (its notation), the moves, and headers.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> state.push(Move.parse("JH@r1c4"))
        >>> print(state.record())
        [Game "Euler's Officers"]
        [Level "hard"]
        [Players "2"]
        [Tokens "0"]
        [Setup "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"]
        [Result "*"]
        <BLANKLINE>
        13. JH@r1c4 *
        """
        root = self.root()
        result = _result_text(self.outcome())
        fields: dict[str, str] = {"Game": "Euler's Officers", "Level": self._level.name}
        fields["Players"] = str(self._players)
        fields["Tokens"] = str(self._level.tokens)
        clock = self._level.clock
        if clock != Level.get(self._level.name).clock:
            fields["Clock"] = "none" if clock is None else f"{clock:g}"
        variants = [
            name
            for name, on in (
                ("open hands", self._open),
                ("keep-free coins", self._coins is not None),
            )
            if on
        ]
        if self._locked:
            variants.append("locked start")
        if variants:
            fields["Variants"] = ", ".join(variants)
        if self._seed is not None:
            fields["Seed"] = str(self._seed)
        fields["Setup"] = root.notation()
        fields["Result"] = result
        if headers:
            fields.update(headers)
        return GameRecord(tuple(fields.items()), tuple(self._history), root._number)

    # --- Python protocol -------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (self._level.name, self._players, self._locked, self._open, *self._snapshot())

    def __eq__(self, other: object) -> bool:
        """States are equal when their positions are: the level's name, the players, the square,
        the hands, tokens left, whose turn, coins, locked cells, turn number and end, not their
        histories or the level's starting tokens and clock."""
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        raise TypeError("a GameState is mutable and cannot be hashed; hash its notation()")

    def __repr__(self) -> str:
        return f"GameState.parse({self.notation()!r})"

    def __str__(self) -> str:
        lines = [self._square.picture()]
        outcome = self.outcome()
        info = [self._level.name + (" (open hands)" if self._open else "")]
        info.append(f"{self._tokens} token{'s' if self._tokens != 1 else ''} left")
        info.append(f"turn {self._number}")
        info.append(str(outcome) if outcome is not None else f"{player_name(self._turn)} to move")
        lines.append(" · ".join(info))
        for player, hand in enumerate(self._hands):
            shown = " ".join(str(card) for card in _cards(hand)) or "(no cards)"
            coin = ""
            if self._coins is not None and self._coins[player] != COIN_OFF:
                coin = f"  [coin on {cell_name(self._coins[player])}]"
            lines.append(f"{player_name(player)}: {shown}{coin}")
        if self._locked:
            lines.append("locked: " + ", ".join(cell_name(cell) for cell in sorted(self._locked)))
        return "\n".join(lines)


# --- starting a game -------------------------------------------------------------------------


def new_game(
    level: Level | str = "normal",
    players: int = 2,
    seed: int | None = None,
    *,
    tokens: int | None = None,
    variant: Variant | None = None,
    start: Square | str | None = None,
) -> GameState:
    """A new game: the level (a name or a :class:`Level`), 1-4 players, and a deal from ``seed``.

    ``tokens`` overrides the level's take-back tokens. ``variant`` chooses open hands,
    keep-free coins and Ozanam's riddle start; ``start`` gives any other start square (its cards
    are locked). Without a seed a fresh one is drawn (and kept in :attr:`GameState.seed`).

    >>> game = new_game("expert", players=3, seed=5, variant=Variant(ozanam=True))
    >>> game.square, [len(hand) for hand in game.hands], sorted(game.locked)
    (Square('ADJC2/4/JS3/KC3'), [4, 4, 4], [0, 1, 8, 12])
    """
    chosen = Level.get(level)
    if tokens is not None:
        chosen = chosen.replace(tokens=tokens)
    variant = Variant() if variant is None else variant
    _check_players(players)
    if start is not None and variant.ozanam:
        raise NotationError("give either a start square or the Ozanam variant, not both")
    if isinstance(start, str):
        start = Square(start)
    if variant.ozanam:
        start = OZANAM_STARTS[chosen.diagonals]
    if start is None:
        start = Square()
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    hands = deal(players, seed, start=start)
    locked = [cell for cell, value in enumerate(start.values) if value != EMPTY]
    return GameState(
        start,
        hands,
        level=chosen,
        tokens=chosen.tokens,
        locked=locked,
        coins=[None] * players if variant.coins else None,
        open_hands=variant.open_hands,
        seed=seed,
    )


# --- reading the notation --------------------------------------------------------------------


@dataclass(frozen=True)
class _Fields:
    square: Square
    level: Level
    open_hands: bool
    tokens: int
    turn: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_texts: tuple[str, ...]
    counts: tuple[int, ...]
    locked: tuple[int, ...]
    coins: tuple[int | None, ...] | None
    number: int
    end: str | None


_NUMBER: Final = re.compile(r"\d+")
_FIELDS: Final = "square level tokens turn hands locked coins number [end]"


def _read_fields(text: object) -> _Fields:
    if not isinstance(text, str):
        raise NotationError(f"cannot read game {text!r}: expected a string ({_FIELDS})")
    parts = text.split()
    if len(parts) not in (8, 9):
        raise NotationError(
            f"cannot read game {text!r}: expected 8 or 9 fields separated by spaces "
            f"({_FIELDS}), got {len(parts)}"
        )

    def fail(message: str) -> NotationError:
        return NotationError(f"cannot read game {text!r}: {message}")

    (
        square_text,
        level_text,
        tokens_text,
        turn_text,
        hands_text,
        locked_text,
        coins_text,
        number_text,
    ) = parts[:8]
    try:
        square = Square(square_text)
    except NotationError as error:
        raise fail(str(error)) from None
    level_name, *options = level_text.split("+")
    if level_name.lower() not in _LEVEL_DIAGONALS:
        raise fail(f"unknown level {level_name!r} (expected one of {', '.join(_LEVEL_DIAGONALS)})")
    level = Level.get(level_name)
    for option in options:
        if option.lower() != "open":
            raise fail(f"unknown variant {option!r} in the level field (expected '+open')")
    if not _NUMBER.fullmatch(tokens_text):
        raise fail(f"tokens left {tokens_text!r} is not a whole number")
    hand_texts = tuple(hands_text.split("/"))
    players = len(hand_texts)
    if not 1 <= players <= _MAX_PLAYERS:
        raise fail(f"{players} hands, expected 1-4 separated by '/'")
    if not _NUMBER.fullmatch(turn_text) or not 1 <= int(turn_text) <= players:
        raise fail(f"the player to move {turn_text!r} is not 1-{players}")
    hands: list[tuple[Card, ...] | None] = []
    counts: list[int] = []
    for player, hand_text in enumerate(hand_texts):
        if hand_text == "-":
            hands.append(())
            counts.append(0)
        elif hand_text.startswith("?"):
            if not _NUMBER.fullmatch(hand_text[1:]) or int(hand_text[1:]) > _CELLS:
                raise fail(f"{player_name(player)}'s hand {hand_text!r}: expected '?' and a count")
            hands.append(None)
            counts.append(int(hand_text[1:]))
        else:
            if len(hand_text) % 2:
                raise fail(
                    f"{player_name(player)}'s hand {hand_text!r} is not a list of two-character cards"
                )
            cards = []
            for i in range(0, len(hand_text), 2):
                try:
                    cards.append(Card.parse(hand_text[i : i + 2]))
                except NotationError as error:
                    raise fail(f"{player_name(player)}'s hand: {error}") from None
            if len(set(cards)) != len(cards):
                raise fail(f"{player_name(player)}'s hand {hand_text!r} holds a card twice")
            hands.append(tuple(sorted(cards)))
            counts.append(len(cards))
    locked: list[int] = []
    if locked_text != "-":
        for item in locked_text.split(","):
            try:
                locked.append(parse_cell(item))
            except NotationError as error:
                raise fail(f"locked cells: {error}") from None
        if len(set(locked)) != len(locked):
            raise fail("a locked cell is named twice")
    coins: list[int | None] | None = None
    if coins_text != "-":
        coins = []
        coin_texts = coins_text.split("/")
        if len(coin_texts) != players:
            raise fail(
                f"{len(coin_texts)} coins for {players} players (use '.' for a coin off the square)"
            )
        for item in coin_texts:
            if item == ".":
                coins.append(None)
                continue
            try:
                coins.append(parse_cell(item))
            except NotationError as error:
                raise fail(f"coins: {error}") from None
    if not _NUMBER.fullmatch(number_text) or int(number_text) < 1:
        raise fail(f"the turn number {number_text!r} is not a whole number >= 1")
    end = parts[8] if len(parts) == 9 else None
    if end is not None and end not in _END_EVENTS:
        raise fail(f"unknown end {end!r}: expected 'conceded' or 'timeout'")
    return _Fields(
        square,
        level,
        bool(options),
        int(tokens_text),
        int(turn_text) - 1,
        tuple(hands),
        hand_texts,
        tuple(counts),
        tuple(locked),
        None if coins is None else tuple(coins),
        int(number_text),
        end,
    )


def view_from_notation(text: str, player: int | None = None) -> PlayerView:
    """Read a player's view from the game notation, where other hands may be unknown (``?n``).

    ``player`` (0-based) is whose view it is; by default the only player whose hand is given.

    >>> view = view_from_notation("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 ?2/QSJH - - 13")
    >>> view.hand, view.others
    ((Card.QUEEN_OF_SPADES, Card.JACK_OF_HEARTS), (Card.KING_OF_DIAMONDS, Card.KING_OF_CLUBS))
    """
    from officers.hints import PlayerView

    fields = _read_fields(text)
    known = [i for i, hand in enumerate(fields.hands) if hand is not None]
    if player is None:
        if len(known) != 1:
            raise NotationError(
                f"cannot read view {text!r}: {len(known)} hands are known; say whose view it is"
            )
        player = known[0]
    if not 0 <= player < len(fields.hands) or fields.hands[player] is None:
        raise NotationError(f"cannot read view {text!r}: {player_name(player)}'s hand is not given")
    own = fields.hands[player]
    assert own is not None
    used = set(fields.square.values) | set(own)
    others = tuple(card for card in ALL_CARDS if card not in used)
    if sum(fields.counts) - len(own) != len(others):
        raise NotationError(
            f"cannot read view {text!r}: the other hands hold {sum(fields.counts) - len(own)} "
            f"cards, but {len(others)} are neither in the square nor in the own hand"
        )
    conflicts = fields.level.rules.conflicts(fields.square)
    if conflicts:
        raise IllegalPlacementError(
            f"cannot read view {text!r}: the square breaks the rule: {conflicts[0]}"
        )
    return PlayerView(
        square=fields.square,
        rules=fields.level.rules,
        hand=own,
        others=others,
        tokens=fields.tokens,
        locked=tuple(sorted(fields.locked)),
    )


# --- game records ------------------------------------------------------------------------------

_HEADER: Final = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_MOVE_NUMBER: Final = re.compile(r"(\d+)\.")
_RESULTS: Final = ("won", "lost", "*")


def _result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return "*"
    return "won" if outcome.won else f"lost ({outcome.reason})"


@dataclass(frozen=True)
class GameRecord:
    """A game record, like a chess PGN: headers, then the moves; it replays to the game.

    The ``Setup`` header holds the game notation of the start, so the record does not depend on
    how the cards were dealt. The movetext numbers each turn (``13. JH@r1c4``) and ends with the
    result: ``won``, ``lost`` or ``*`` (still going on).

    >>> record = GameRecord.parse('''
    ... [Setup "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"]
    ... 13. JH@r1c4 14. KD@r1c2 *
    ... ''')
    >>> record.replay().notation()
    'ACKD1JH/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KC/QS - - 15'
    """

    headers: tuple[tuple[str, str], ...]
    moves: tuple[Move, ...]
    first_number: int = 1

    @property
    def header(self) -> dict[str, str]:
        """The headers as a dict."""
        return dict(self.headers)

    @property
    def setup(self) -> str:
        """The game notation of the start."""
        try:
            return self.header["Setup"]
        except KeyError:
            raise NotationError("the game record has no Setup header") from None

    def replay(self) -> GameState:
        """The state at the end of the record (with the record's moves as its history).

        The ``Tokens`` and ``Clock`` headers (``none`` for no clock) configure the level; without
        them the level's defaults apply. ``Seed`` is kept. The ``Result`` header, if any, must
        agree with how the moves end.
        """
        header = self.header
        state = GameState.parse(self.setup)
        changes: dict[str, Any] = {}
        tokens = header.get("Tokens")
        if tokens is not None:
            if not tokens.isdigit():
                raise NotationError(f"cannot read game record: Tokens {tokens!r} is not a number")
            changes["tokens"] = int(tokens)
        clock = header.get("Clock")
        if clock is not None:
            try:
                changes["clock"] = None if clock.lower() == "none" else float(clock)
            except ValueError:
                raise NotationError(
                    f"cannot read game record: Clock {clock!r} is not seconds or 'none'"
                ) from None
        if changes:
            state._level = state._level.replace(**changes)
        seed = header.get("Seed")
        if seed is not None and seed.isdigit():
            state._seed = int(seed)
        for index, move in enumerate(self.moves):
            try:
                state.push(move)
            except IllegalPlacementError as error:
                raise IllegalPlacementError(
                    f"game record: move {index + 1} ({move.notation()}) cannot be played: {error}"
                ) from None
        result = header.get("Result")
        if result is not None:
            actual = _result_text(state.outcome())
            if result.split(" ")[0] != actual.split(" ")[0]:
                raise NotationError(
                    f"game record: the Result header says {result!r}, but the moves end {actual!r}"
                )
        return state

    def text(self) -> str:
        """The record as text (what ``str()`` gives)."""
        lines = [f'[{key} "{_escape(value)}"]' for key, value in self.headers]
        result = self.header.get("Result", "*").split(" ")[0]
        tokens: list[str] = []
        number = self.first_number
        for move in self.moves:
            if move.kind in ("concede", "timeout"):
                tokens.append(move.notation())
            else:
                tokens.append(f"{number}. {move.notation()}")
                number += 1
        tokens.append(result)
        body = []
        line = ""
        for token in tokens:
            if line and len(line) + 1 + len(token) > 79:
                body.append(line)
                line = token
            else:
                line = f"{line} {token}" if line else token
        body.append(line)
        return "\n".join(lines) + "\n\n" + "\n".join(body)

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read a game record: ``[Key "value"]`` header lines, then the movetext (move
        numbers ``N.`` are optional; ``{...}`` comments are skipped)."""
        if not isinstance(text, str):
            raise NotationError(f"cannot read game record {text!r}: expected text")
        headers: list[tuple[str, str]] = []
        rest = text.strip()
        while rest.startswith("["):
            match = _HEADER.match(rest)
            if not match:
                line = rest.splitlines()[0]
                raise NotationError(
                    f'cannot read game record: bad header line {line!r} (expected [Key "value"])'
                )
            headers.append((match.group(1), _unescape(match.group(2))))
            rest = rest[match.end() :].lstrip()
        if not any(key == "Setup" for key, _ in headers):
            raise NotationError("cannot read game record: it has no Setup header (the start)")
        rest = re.sub(r"\{[^}]*\}", " ", rest)
        moves: list[Move] = []
        for token in rest.split():
            if _MOVE_NUMBER.fullmatch(token) or token in _RESULTS:
                continue
            moves.append(Move.parse(token))
        number = _read_fields(dict(headers)["Setup"]).number
        return cls(tuple(headers), tuple(moves), number)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)
