"""The game: the state of a game in progress, its turns, its notation, and views of it.

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
    A :class:`~officers.euler.moves.Move`: ``place`` a card of the hand on an empty cell, ``take`` a
    card back into the hand, or one of the two events that end the game, ``concede`` and
    ``timeout``.
slip
    A placement that breaks the rule of the square. :meth:`GameState.push` refuses it with
    :class:`~officers.IllegalPlacementError` and leaves the state unchanged: it costs nothing.
refusal
    Why a move may not be played now, as a fact (:meth:`GameState.refusal`, a
    :class:`~officers.euler.moves.Refusal`) told in English and German; the
    :class:`~officers.IllegalPlacementError` of a refused move carries it as ``refusal``.
locked cell
    A cell of the start in Ozanam's riddles (or any given start): its card cannot be taken back.
coin
    The keep-free coin of a player (variant): on an empty cell ("please leave this place for
    me") or off the square. A card placed on a coin's cell sends the coin back to its owner.

Levels, variants and the deal live in :mod:`officers.euler.levels`, moves and outcomes in
:mod:`officers.euler.moves`, the notation reader in :mod:`officers.euler.game_notation` and the player's view
in :mod:`officers.euler.view`; this module re-exports the names a user expects here. Game records sit
above the game, in :mod:`officers.euler.record` (``GameRecord.from_game(state)``).

>>> from officers.euler.game import new_game, Move
>>> game = new_game("normal", players=2, seed=7)
>>> game.notation()
'4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1'
>>> game.push(Move.parse("AS@r1c1"))
Move.parse('AS@r1c1')
>>> game.push(Move.parse("AH@r1c2"))
Traceback (most recent call last):
...
officers.IllegalPlacementError: slip: cannot place A♥ on row 1, column 2: an Ace already stands in row 1 (A♠ at row 1, column 1); it goes back into player 2's hand at no cost
>>> game.push(Move.parse("KH@r2c2"))
Move.parse('KH@r2c2')
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

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from officers.core.draw import shuffle
from officers.core.errors import (
    IllegalPlacementError,
    InvalidGameError,
    NotationError,
    excerpt,
    read_json,
)
from officers.euler.bitboard import BYTE_CARDS, can_place, card_set, cards_in, fits, legal_pairs
from officers.euler.cards import ALL_CARDS, Card
from officers.euler.game_notation import (
    END_EVENTS,
    GameFields,
    check_fields,
    check_position,
    fields_from_dict,
    read_fields,
    view_from_notation,
)
from officers.euler.levels import (
    EASY,
    EXPERT,
    HARD,
    LEVELS,
    NORMAL,
    OZANAM_STARTS,
    Level,
    Variant,
    check_players,
    deal,
    start_square,
)
from officers.euler.moves import (
    COIN_OFF,
    Move,
    MoveKind,
    Outcome,
    Refusal,
    RefusalKind,
    Termination,
    player_name,
)
from officers.euler.rules import Rules
from officers.euler.square import EMPTY, Square, cell_name
from officers.euler.view import PlayerView

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "COIN_OFF",
    "EASY",
    "EXPERT",
    "HARD",
    "LEVELS",
    "NORMAL",
    "OZANAM_STARTS",
    "GameState",
    "Level",
    "Move",
    "MoveKind",
    "Outcome",
    "PlayerView",
    "Refusal",
    "Termination",
    "Variant",
    "deal",
    "new_game",
    "player_name",
    "view_from_notation",
]


def _with(square: Square, cell: int, value: int) -> Square:
    """The square with the value on the cell (:data:`EMPTY`: the cell emptied), built without
    checks: for a move that :meth:`GameState.push` has checked."""
    values = list(square.values)
    values[cell] = value
    return Square._make(4, tuple(values))


_BYTE_HANDS = tuple(tuple(tuple(ALL_CARDS[c] for c in cards) for cards in t) for t in BYTE_CARDS)


def _hand(mask: int) -> tuple[Card, ...]:
    """The cards of a card set, as cards (:data:`~officers.euler.bitboard.BYTE_CARDS`, as cards)."""
    return _BYTE_HANDS[0][mask & 0xFF] + _BYTE_HANDS[1][mask >> 8]


def _refused(refusal: Refusal) -> IllegalPlacementError:
    """The error that refuses a move: the refusal's English sentence, and the refusal."""
    return IllegalPlacementError(refusal.text("en"), refusal=refusal)


class _Snapshot(NamedTuple):
    """One position, as pushed on the undo stack (a named tuple: one is made every move)."""

    square: Square
    hands: tuple[int, ...]  # card sets
    tokens: int
    turn: int
    coins: tuple[int, ...] | None
    number: int
    end: str | None


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
        "_locked_cells",
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
    _locked_cells: tuple[int, ...]  # the locked cells, sorted
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
            raise InvalidGameError(f"a game is played on a square of order 4, got {square!r}")
        check_players(len(hands))
        self._players = len(hands)
        self._square = square
        self._hands = tuple(card_set(hand) for hand in hands)
        self._tokens = self._level.tokens if tokens is None else tokens
        self._turn = turn
        self._locked = frozenset(locked)
        self._locked_cells = tuple(sorted(self._locked))
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
        check_position(
            self._square,
            self._hands,
            rules=self._rules,
            tokens=self._tokens,
            turn=self._turn,
            locked=self._locked,
            coins=self._coins,
            number=self._number,
            end=self._end,
        )

    # --- reading the state ------------------------------------------------------------------

    @property
    def level(self) -> Level:
        """The level (its tokens are the starting tokens; see :attr:`tokens` for those left)."""
        return self._level

    @level.setter
    def level(self, level: Level) -> None:
        """Change the level's starting tokens or clock (a record's ``Tokens`` and ``Clock``);
        its name, and so the rule of the square, stays.

        >>> state = new_game("expert", 2, seed=1)
        >>> state.level = state.level.replace(clock=12.5)
        >>> state.level.clock
        12.5
        """
        if not isinstance(level, Level) or level.name != self._level.name:
            raise InvalidGameError(
                f"a game of level {self._level.name!r} cannot become {level!r}: "
                "only its tokens and clock may change"
            )
        self._level = level

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
    def current_player(self) -> int | None:
        """The player to move (0-based), or ``None`` when the game is over (the name every
        game's state shares, :class:`officers.games.State`; :attr:`turn` stays the turn even
        after the end)."""
        return None if self.is_over() else self._turn

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, oldest first (the same as :attr:`history`)."""
        return tuple(self._history)

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

    @seed.setter
    def seed(self, seed: int | None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise InvalidGameError(f"a deal's seed is a whole number >= 0, got {excerpt(seed)}")
        self._seed = seed

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves pushed so far (take-backs name their card)."""
        return tuple(self._history)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's hand, in card order."""
        return _hand(self._hands[player])

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, in player order."""
        return tuple(_hand(hand) for hand in self._hands)

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
        pairs = legal_pairs(values, self._hands[self._turn], self._diagonals)
        moves = [Move("place", cell, ALL_CARDS[card]) for cell, card in pairs]
        if self._tokens > 0:
            moves.extend(
                Move("take", cell, Card(value))
                for cell, value in enumerate(values)
                if value != EMPTY and cell not in self._locked
            )
        return moves

    def legal_placements(self) -> list[tuple[int, Card]]:
        """The player to move's legal placements as ``(cell, card)``, cell then card order."""
        pairs = legal_pairs(self._square.values, self._hands[self._turn], self._diagonals)
        return [(cell, ALL_CARDS[card]) for cell, card in pairs]

    def is_stuck(self) -> bool:
        """Whether the player to move can place no card (and must take back)."""
        return (
            not self.is_over_by_event()
            and not self._square.is_full()
            and not can_place(self._square.values, self._hands[self._turn], self._diagonals)
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

    def refusal(self, move: Move | str) -> Refusal | None:
        """Why the move (or the move text) may not be pushed now, as a fact told in any
        language (a :class:`~officers.euler.moves.Refusal`), or ``None`` if it may.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> refusal = state.refusal("xr1c2")
        >>> refusal.kind, refusal.cell, refusal.text("en") == state.why_illegal(Move.parse("xr1c2"))
        ('no-token', 1, True)
        >>> refusal.text("de")
        'Von Zeile 1, Spalte 2 kann nichts zurückgenommen werden: keine Rücknahme-Münze ist übrig.'
        >>> state.refusal("QS r1c3").kind, state.refusal("QS@r1c3") is None
        ('unreadable', True)
        """
        if isinstance(move, str):
            try:
                read = Move.parse(move)
            except NotationError:
                return Refusal("unreadable", written=move)
        else:
            read = move
        try:
            self._resolve(read)
        except IllegalPlacementError as error:
            refusal: Refusal = error.refusal  # every refusal of _resolve carries its fact
            assert refusal is not None
            return refusal
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
        """The move as it will be recorded, or IllegalPlacementError saying why not (its
        ``refusal`` the same as a fact)."""
        if not isinstance(move, Move):
            raise _refused(Refusal("not-a-move", written=repr(move)))
        turn = self._turn
        outcome = self.outcome()
        if outcome is not None:
            raise _refused(Refusal("over", move, player=turn, outcome=outcome))
        if move.kind in ("concede", "timeout"):
            return move
        assert move.cell is not None
        values = self._square.values
        if move.kind == "place":
            assert move.card is not None
            card, cell = move.card, move.cell
            if not self._hands[turn] >> card & 1:
                raise _refused(Refusal("not-in-hand", move, card, cell, turn))
            if not fits(values, cell, card, self._diagonals):
                illegal = self._rules.illegal(self._square, cell, card)
                if illegal is not None:
                    kind: RefusalKind = "cell-taken" if illegal.reason == "taken" else "slip"
                    held = None if values[cell] == EMPTY else Card(values[cell])
                    raise _refused(Refusal(kind, move, card, cell, turn, held, illegal=illegal))
            after_cell_empty = False
        else:
            value, cell = values[move.cell], move.cell
            if self._tokens <= 0:
                raise _refused(Refusal("no-token", move, move.card, cell, turn))
            if value == EMPTY:
                raise _refused(Refusal("empty-cell", move, move.card, cell, turn))
            if cell in self._locked:
                raise _refused(Refusal("locked", move, Card(value), cell, turn))
            if move.card is not None and move.card != value:
                raise _refused(Refusal("wrong-card", move, move.card, cell, turn, Card(value)))
            move = Move("take", cell, Card(value), move.coin)
            after_cell_empty = True
        if move.coin is not None:
            self._check_coin(move, after_cell_empty)
        return move

    def _check_coin(self, move: Move, after_cell_empty: bool) -> None:
        """Raise unless the move's coin action may be played (``after_cell_empty``: the move
        empties its cell)."""
        assert move.coin is not None
        turn = self._turn
        if self._coins is None:
            raise _refused(Refusal("no-coins", move, move.card, move.cell, turn))
        if move.coin != COIN_OFF:
            target_empty = self._square.values[move.coin] == EMPTY and move.coin != move.cell
            if move.coin == move.cell and after_cell_empty:
                target_empty = True
            if not target_empty:
                raise _refused(Refusal("coin-cell-taken", move, move.card, move.coin, turn))
            for player, coin in enumerate(self._coins):
                if coin == move.coin and player != turn:
                    raise _refused(
                        Refusal("coin-of-other", move, move.card, move.coin, turn, owner=player)
                    )

    def push(self, move: Move | str) -> Move:
        """Play a move (a :class:`Move` or its notation) of the player to move, and answer it
        as recorded. An illegal move (a slip, a card not in the hand, a take-back without a
        token, a move after the end, ...) raises :class:`~officers.IllegalPlacementError` and
        leaves the state unchanged.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> state.push("JH@r1c4")
        Move.parse('JH@r1c4')
        >>> state.notation()
        'AC2JH/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 KDKC/QS - - 14'
        """
        move = self._resolve(Move.parse(move) if isinstance(move, str) else move)
        self._stack.append(self._snapshot())
        self._history.append(move)
        self._apply(move)
        return move

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
            self._square = _with(self._square, move.cell, move.card)
            hands[self._turn] &= ~(1 << move.card)
        else:
            self._square = _with(self._square, move.cell, EMPTY)
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
        return _Snapshot(
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
        self._square = snapshot.square
        self._hands = snapshot.hands
        self._tokens = snapshot.tokens
        self._turn = snapshot.turn
        self._coins = snapshot.coins
        self._number = snapshot.number
        self._end = snapshot.end

    def clone(self) -> GameState:
        """An independent copy, with the same history (so :meth:`pop` works on it too)."""
        copy = GameState.__new__(GameState)
        for name in GameState.__slots__:
            setattr(copy, name, getattr(self, name))
        copy._stack = list(self._stack)
        copy._history = list(self._history)
        return copy

    def resample(self, player: int, rng: random.Random) -> GameState:
        """A state that ``player`` cannot tell from this one (an equal :meth:`view`), with the
        cards the other players hold dealt among them again at random, each hand as large as
        before: each such deal equally likely (:class:`officers.games.State`). With open hands
        nothing is hidden and the answer is a copy.

        The answer starts from now, without the moves before (:meth:`pop` has nothing to take
        back): a card taken back went into a hand after everyone saw it, so the hands of the
        past cannot be dealt again apart from those of now.

        >>> import random
        >>> state = new_game("normal", players=3, seed=4)
        >>> other = state.resample(0, random.Random(1))
        >>> other.view(0) == state.view(0), other.hands == state.hands
        (True, False)
        """
        own = self.view(player).hand  # checks the player
        copy = self.clone()
        copy._stack, copy._history, copy._seed = [], [], None
        if self._open:
            return copy
        others = [p for p in range(self._players) if p != player]
        cards = [card for p in others for card in _hand(self._hands[p])]
        shuffle(rng, cards)
        hands = list(self._hands)
        start = 0
        for p in others:
            size = self._hands[p].bit_count()
            hands[p] = card_set(cards[start : start + size])
            start += size
        copy._hands = tuple(hands)
        copy._cached = False
        assert copy.view(player).hand == own
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
                False, END_EVENTS[self._end], self._turn if self._end == "timeout" else None
            )
        if self._square.is_full():
            return Outcome(True, "finished")
        if can_place(self._square.values, self._hands[self._turn], self._diagonals):
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

    def returns(self) -> tuple[float, ...]:
        """Each player's return (:class:`officers.games.State`): the players win or lose
        together, so 1.0 each for a finished square, 0.0 each for a loss or while the game goes
        on."""
        outcome = self.outcome()
        return (1.0 if outcome is not None and outcome.won else 0.0,) * self._players

    def chance_outcomes(self) -> dict[Any, Fraction]:
        """Empty: after the deal no card turns up by chance (:class:`officers.games.State`)."""
        return {}

    # --- views -----------------------------------------------------------------------------------

    def view(self, player: int | None = None) -> PlayerView:
        """What one player may know (default: the player to move), as a
        :class:`~officers.euler.view.PlayerView`: the square, the rules, the own hand, the cards the
        others hold together, tokens left and locked cells.

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> state.view(0).hand, state.view(0).others == state.hand(1)
        ((Card.KING_OF_DIAMONDS, Card.KING_OF_CLUBS), True)
        """
        player = self._turn if player is None else player
        if not (isinstance(player, int) and 0 <= player < self._players):
            raise InvalidGameError(f"there is no player {player!r} in a game of {self._players}")
        own = self._hands[player]
        others = 0
        for hand in self._hands:
            others |= hand
        others &= ~own
        # The state is consistent by construction, so the view is built without checking it
        # again (the checks cost more than the rest of a bot's turn).
        return PlayerView._make(
            self._square,
            self._rules,
            _hand(own),
            _hand(others),
            self._tokens,
            self._locked_cells,
        )

    # --- notation ------------------------------------------------------------------------------

    @classmethod
    def deal(cls, number: int, level: Level | str = "normal", players: int = 2) -> GameState:
        """Numbered deal ``number`` (the seed of :func:`new_game`): the same game on every
        machine, as every game's registry deals it (:meth:`officers.games.Registered.deal`).

        >>> GameState.deal(7).hands == new_game("normal", 2, seed=7).hands
        True
        """
        return new_game(level, players, seed=number)

    @classmethod
    def parse(cls, text: str) -> GameState:
        """Read the game notation (every hand known); see docs/game.md for the grammar.

        >>> GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 ?2/QSJH - - 13")
        Traceback (most recent call last):
        ...
        officers.NotationError: cannot read game 'AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 ?2/QSJH - - 13': player 1's hand is unknown ('?2'): this is a player's view (read it with view_from_notation)
        """
        fields = read_fields(text)
        if any(hand is None for hand in fields.hands):
            unknown = next(i for i, hand in enumerate(fields.hands) if hand is None)
            raise NotationError(
                f"cannot read game {excerpt(text)}: {player_name(unknown)}'s hand is unknown "
                f"({fields.hand_texts[unknown]!r}): this is a player's view (read it with "
                "view_from_notation)"
            )
        return cls._from_fields(fields, excerpt(text))

    @classmethod
    def _from_fields(cls, fields: GameFields, quoted: str) -> GameState:
        """The state of the fields read from ``quoted`` (a game notation or its JSON form),
        checked by :func:`~officers.euler.game_notation.check_fields` as a player's view is."""
        hands = check_fields(fields, quoted)
        return cls(
            fields.square,
            [cards_in(hand) for hand in hands],
            level=fields.level,
            tokens=fields.tokens,
            turn=fields.turn,
            locked=fields.locked,
            coins=fields.coins,
            open_hands=fields.open_hands,
            number=fields.number,
            end=fields.end,
        )

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
                hands.append("".join(card.notation() for card in _hand(hand)) or "-")
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
            "hands": [[card.notation() for card in _hand(hand)] for hand in self._hands],
            "locked": sorted(self._locked),
            "coins": None
            if self._coins is None
            else [None if c == COIN_OFF else c for c in self._coins],
            "open_hands": self._open,
            "end": self._end,
            "outcome": None if outcome is None else outcome.to_dict(),
            "legal_moves": [move.notation() for move in self.legal_moves()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Read the JSON form of :meth:`to_dict`: the position from ``square``, ``level``,
        ``hands``, ``turn``, ``tokens``, ``locked``, ``coins``, ``open_hands``, ``number`` and
        ``end``; ``notation``, when given, must agree (the rest is derived and not read).

        >>> state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13")
        >>> GameState.from_dict(state.to_dict()) == state
        True
        """
        state = cls._from_fields(fields_from_dict(data), excerpt(data))
        if data.get("notation", state.notation()) != state.notation():
            raise NotationError(
                f"cannot read game {excerpt(data)}: its notation does not match its parts"
            )
        return state

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict` (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "game"))

    # --- Python protocol -------------------------------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (self._level.name, self._players, self._locked, self._open, self._snapshot())

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
            shown = " ".join(str(card) for card in _hand(hand)) or "(no cards)"
            coin = ""
            if self._coins is not None and self._coins[player] != COIN_OFF:
                coin = f"  [coin on {cell_name(self._coins[player])}]"
            lines.append(f"{player_name(player)}: {shown}{coin}")
        if self._locked:
            lines.append("locked: " + ", ".join(cell_name(cell) for cell in sorted(self._locked)))
        return "\n".join(lines)


def new_game(
    level: Level | str = "normal",
    players: int = 2,
    seed: int | None = None,
    *,
    tokens: int | None = None,
    variant: Variant | None = None,
    start: Square | str | None = None,
) -> GameState:
    """A new game: the level, 1-4 players, and a deal from ``seed``.

    Parameters
    ----------
    level : Level or str
        The level or its name: ``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``.
    players : int
        1 to 4, dealt as the rules say.
    seed : int or None
        The same seed gives the same deal; by default a fresh one (kept in ``GameState.seed``).
    tokens : int or None
        Overrides the level's take-back tokens.
    variant : Variant or None
        Open hands, keep-free coins, Ozanam's riddle start.
    start : Square or str or None
        Any other start square; its cards are locked.

    Returns
    -------
    GameState
        The game before its first move; player 1 (``turn == 0``) begins.

    Raises
    ------
    InvalidGameError
        Bad players or tokens, or both ``start`` and the Ozanam variant.
    NotationError
        A ``start`` text that cannot be read.

    Examples
    --------
    >>> game = new_game("expert", players=3, seed=5, variant=Variant(ozanam=True))
    >>> game.square, [len(hand) for hand in game.hands], sorted(game.locked)
    (Square('ADJC2/4/JS3/KC3'), [4, 4, 4], [0, 1, 8, 12])
    """
    chosen = Level.get(level)
    if tokens is not None:
        chosen = chosen.replace(tokens=tokens)
    variant = Variant() if variant is None else variant
    if not isinstance(variant, Variant):
        raise TypeError(
            f"a variant is a Variant or None, got {excerpt(variant)} (a {type(variant).__name__})"
        )
    check_players(players)
    start = start_square(start, variant, chosen.diagonals)
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
