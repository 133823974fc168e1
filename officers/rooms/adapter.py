"""What a game brings to the rooms: the :class:`Adapter` protocol and the :class:`Played` move.

A room holds a game on the server and shows each seat only what that seat may see. The room
knows nothing of any game's rules: it reaches a game through its adapter, named in the
registry of games (:attr:`officers.games.Registered.rooms`) and imported on first use. The
adapter decides everything the game decides: how many seats its options allow, how a deal is
made (from a random generator the server draws from :mod:`secrets`), which moves are legal,
and above all what each seat may see (:meth:`Adapter.view`): its own hand but no other seat's,
the public layout, never a face-down card, never the seed of a deal in progress. A game in
which nobody sees some cards (Offiziersskat's face-down piles) says so in its views alone.

A state is whatever the adapter keeps (a :class:`~officers.euler.game.GameState`, an
:class:`~officers.eightoff.game.EightOffGame`, ...); the room only stores its text
(:meth:`Adapter.dump`, :meth:`Adapter.load`) and hands it back.

Seats are numbered from 0 here, as players are in the library; the JSON the rooms write
numbers them from 1, as the contract numbers players.

>>> played = Played("AS@r1c1", {"move": "AS@r1c1"}, {1: {"drew": "KH"}})
>>> played.seen_by(0), played.seen_by(1), played.seen_by(None)
({'move': 'AS@r1c1'}, {'move': 'AS@r1c1', 'drew': 'KH'}, {'move': 'AS@r1c1'})
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from officers.core.errors import (
    IllegalMoveError,
    InvalidGameError,
    NotationError,
    SolverTimeoutError,
    UnsupportedError,
    excerpt,
)
from officers.games import GAMES, State

if TYPE_CHECKING:
    from officers.contract.limits import Budget, Limits

__all__ = [
    "Adapter",
    "Clocked",
    "HintLevels",
    "Hints",
    "Played",
    "Refusals",
    "StateAdapter",
    "Told",
    "adapter",
    "clock_of",
    "room_games",
    "searching",
    "told",
]


@dataclass(frozen=True)
class Played:
    """A move as the room records it: ``move`` (its notation, as the game writes it), what
    every seat and spectator may see of it (``public``), and what only one seat may see
    beyond that (``private``: seat → fields, such as the card a player drew)."""

    move: str
    public: Mapping[str, Any]
    private: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) sees of the move."""
        return {**self.public, **(self.private.get(seat, {}) if seat is not None else {})}


@runtime_checkable
class Adapter(Protocol):
    """A game as the rooms play it. Every method that reads a move or options raises the
    library's error (an :class:`~officers.OfficersError`, a ``ValueError``) with a
    message quoting the bad input; none of them sees a client's request as anything but
    values."""

    name: str
    """The game's name in the registry (``officers``, ``eightoff``)."""

    bots: tuple[str, ...]
    """The bots that may take a seat (none: every seat is a person's)."""

    def seats(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The numbers of seats these options allow (and raise if the options are no options
        of the game)."""
        ...

    def options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options as the room keeps them: checked, with their defaults filled in."""
        ...

    def new(self, options: Mapping[str, Any], seats: int, rng: random.Random) -> Any:
        """A new deal for ``seats`` seats; every random choice from ``rng`` (the server's, drawn
        from :mod:`secrets`, never a client's)."""
        ...

    def dump(self, state: Any) -> str:
        """The whole state as text (the server's: hands, seed, history)."""
        ...

    def load(self, text: str) -> Any:
        """The state of :meth:`dump`'s text; ``dump(load(text)) == text``."""
        ...

    def to_move(self, state: Any) -> int | None:
        """The seat to move, or ``None`` when the game is over."""
        ...

    def play(self, state: Any, seat: int, move: str) -> Played:
        """Play ``move`` (its text) for ``seat``, held to the game's rules; a refused move
        raises and leaves the state as it was."""
        ...

    def take_back(self, state: Any, seat: int) -> Played:
        """Take back the last move for ``seat`` where the game's rules undo moves (else raise
        :class:`~officers.UnsupportedError`: a game without take-backs, or one whose
        take-backs are moves of the game, played as any move)."""
        ...

    def view(self, state: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, as JSON: its own hand, the public layout, whose turn,
        the outcome; never another seat's hidden cards, never the seed while the game runs."""
        ...

    def public(self, state: Any) -> dict[str, Any]:
        """What a spectator may see now: the view of no seat."""
        ...

    def outcome(self, state: Any) -> dict[str, Any] | None:
        """How the game ended (JSON), or ``None`` while it goes on."""
        ...

    def bot_move(self, state: Any, seat: int, bot: str, rng: random.Random) -> str:
        """The move ``bot`` plays for ``seat``, chosen from that seat's view alone."""
        ...


@runtime_checkable
class Hints(Protocol):
    """An adapter that gives a seat the game's hint (optional: a room of a game without it
    answers ``bad-input``).

    The way of a hint: the seat's view of the state (what that seat may know), the game's aid
    called on it with the request's ``budget`` (as the contract's operation calls it:
    :func:`officers.contract.skat.tip_within`, ...), the structured answer written as the
    contract's document in ``lang``. No notation is written and read again, and no document
    is turned back into an error."""

    def hint(
        self, state: Any, seat: int, lang: str, limits: Limits, budget: Budget
    ) -> dict[str, Any]:
        """The game's hint document for ``seat`` in ``lang``, made from what that seat may
        know alone (its view, never the state's hidden cards), searching within ``limits`` and
        ``budget`` (the door's search slots and deadline). A hint the game cannot give now
        raises :class:`~officers.rooms.errors.RoomError` with the contract's code (``busy``
        when no search slot is free: :func:`searching`)."""
        ...


@runtime_checkable
class HintLevels(Protocol):
    """An adapter whose hint tells more or less by a level (Eight Off's: whether the game can
    still be won, a nudge, the next move, the whole plan): ``hint_levels``, the least first,
    and the hint of the level asked for. A room of a game without levels refuses a level
    (``bad-input``)."""

    hint_levels: tuple[str, ...]

    def hint(
        self,
        state: Any,
        seat: int,
        lang: str,
        limits: Limits,
        budget: Budget,
        level: str | None = None,
    ) -> dict[str, Any]:
        """As :meth:`Hints.hint`, telling what ``level`` tells (``None``: the game's default
        level); a level the game does not have raises :class:`ValueError` quoting it."""
        ...


@contextmanager
def searching() -> Iterator[None]:
    """While an aid searches for a room: a search the door refuses or ends
    (:class:`~officers.contract.requests.BadRequestError` such as ``busy``, a timeout, the
    engine's cancel) raised as the :class:`~officers.rooms.errors.RoomError` of the same code.

    >>> from officers.contract.requests import BadRequestError
    >>> with searching():
    ...     raise BadRequestError("busy", "every search slot of this service is taken")
    Traceback (most recent call last):
      ...
    officers.rooms.errors.RoomError: busy: every search slot of this service is taken
    """
    from officers.contract.bounded import CancelledError
    from officers.contract.requests import BadRequestError
    from officers.rooms.errors import RoomError

    try:
        yield
    except BadRequestError as error:
        raise RoomError(error.code, error.message) from None
    except SolverTimeoutError as error:
        raise RoomError("timeout", f"the search ran out of time: {error}") from None
    except CancelledError as error:
        raise RoomError("cancelled", str(error)) from None


@runtime_checkable
class Refusals(Protocol):
    """An adapter that tells why its game refuses a move, by rule and in a language
    (optional: without it, a refused move is told in the English of the error only)."""

    def refusal(self, state: Any, move: str, lang: str) -> tuple[str, str] | None:
        """The rule that refuses ``move`` in ``state`` (a short code, such as
        ``must-follow``) and its sentence in ``lang``, or ``None`` when no rule of the game
        names the refusal."""
        ...


@runtime_checkable
class Clocked(Protocol):
    """An adapter whose game may keep a clock: a turn not played within so many seconds loses
    the game (optional: a game without it has no clock, as Eight Off and Offiziersskat have
    none in their rules). The room keeps the deadline of each turn of a person's seat and, at
    the deadline, plays :meth:`time_out` for the seat to move."""

    def clock(self, options: Mapping[str, Any]) -> float | None:
        """The seconds a turn with these options (checked), or ``None`` for no clock."""
        ...

    def time_out(self, state: Any, seat: int) -> Played:
        """``seat``, the seat to move, ran out of time: the game ends as its rules say (the
        state changed, the move recorded as any other)."""
        ...


def clock_of(game: Adapter, options: Mapping[str, Any]) -> float | None:
    """The seconds a turn of ``game`` with ``options``, or ``None`` for no clock.

    >>> clock_of(adapter("officers"), {"level": "expert"}), clock_of(adapter("skat"), {})
    (30.0, None)
    """
    return game.clock(options) if isinstance(game, Clocked) else None


class StateAdapter:
    """What every game's adapter does alike, written once over the game-state protocol
    (:class:`officers.games.State`): whose turn it is, a move held to the rules and to the
    seat's turn, a take-back where the game has them, a refusal by rule and language, the
    outcome, the legal moves, the views of a seat and of a spectator. A game's adapter adds
    what is its own: its options and seats, its deal, how it keeps the state (:meth:`dump`,
    :meth:`load`), what a seat may see (:meth:`document`) and its bots and hints.

    Where a game's rules differ, it says so in the hooks below, never the base by the game's
    name: ``title`` names the game in refusals; ``max_move`` is the longest move notation it
    reads; ``seat_names`` the players' names in the game, if it has them (Vorhand,
    Hinterhand); ``illegal`` the error of a move refused before the rules read it;
    ``rules_end`` whether the rules themselves refuse a move after the end;
    ``take_back_move`` where a take-back is a move of the game (:meth:`take_back`); and
    :meth:`read_move`, what no seat may send."""

    name: str
    title: str
    bots: tuple[str, ...] = ()
    max_move: int = 32
    seat_names: tuple[str, ...] = ()
    illegal: type[IllegalMoveError] = IllegalMoveError
    """The error of a move refused before the rules read it (out of turn, after the end): the
    kind the game's rules refuse a move with (Euler's Officers':
    :class:`~officers.IllegalPlacementError`)."""
    rules_end: bool = False
    """Whether the rules refuse a move sent after the end themselves, saying how the game
    ended (Euler's Officers' refusal ``over``, in every language of its words); else the
    adapter says the game is over."""
    take_back_move: str | None = None
    """Where the game's take-backs are moves of it, not undos (Euler's Officers': a card taken
    back spends a token), the move a seat plays instead, as :meth:`take_back` names it."""

    def to_move(self, state: State) -> int | None:
        """The seat to move (:attr:`~officers.games.State.current_player`)."""
        return state.current_player

    def _check_turn(self, state: State, seat: int, move: object) -> None:
        if not isinstance(move, str) or len(move) > self.max_move:
            raise NotationError(f"cannot read move {excerpt(move)}: expected a move's notation")
        turn = state.current_player
        if turn is None:
            if self.rules_end:
                return
            raise self.illegal(f"cannot play {excerpt(move)}: the game is over")
        if turn != seat:
            named = f" ({self.seat_names[turn]})" if self.seat_names else ""
            raise self.illegal(f"it is seat {turn + 1}'s turn{named}, not seat {seat + 1}'s")

    def read_move(self, move: str) -> Any:
        """``move`` (text of a move's length) as the state is to play it, refusing what no
        seat may send. The base answers the text (:meth:`State.push` reads it); a game with
        a move that is no seat's reads it here and refuses that one."""
        return move

    def announce(self, played: str, seat: int) -> dict[str, Any]:
        """What everyone sees of a move ``seat`` played: its notation (a game of several seats
        says whose it was, from 1)."""
        return {"move": played} if len(self.seat_names) < 2 else {"move": played, "seat": seat + 1}

    def play(self, state: State, seat: int, move: str) -> Played:
        """Play ``move`` (its notation) for ``seat``, on its turn, held to the game's rules; a
        refused move raises (:class:`~officers.IllegalMoveError`, quoting it) and changes
        nothing."""
        self._check_turn(state, seat, move)
        played = state.push(self.read_move(move)).notation()
        return Played(played, self.announce(played, seat))

    def take_back(self, state: State, seat: int) -> Played:
        """Take the last move back, where the game's rules have take-backs (also after the
        end: a lost patience may go on). Where a take-back is a move of the game
        (``take_back_move``), nothing is undone: the seat plays that move."""
        info = GAMES[self.name].info
        if info is None or not info.take_backs:
            raise UnsupportedError(f"{self.title} has no take-backs: a move played stays played")
        if self.take_back_move is not None:
            raise UnsupportedError(
                f"in {self.title} a take-back is a move of the game: play {self.take_back_move}"
            )
        if not state.moves:
            raise IllegalMoveError("no move to take back: the game is at its start")
        undone = state.pop().notation()
        return Played(undone, {"move": undone, "undone": True})

    def refusal(self, state: State, move: str, lang: str) -> tuple[str, str] | None:
        """The rule refusing ``move`` and its sentence in ``lang`` (:meth:`State.refusal`)."""
        return told(state.refusal(move), lang)

    def outcome(self, state: State) -> dict[str, Any] | None:
        """How the game ended, as the game writes it, or ``None`` while it goes on."""
        outcome = state.outcome()
        return None if outcome is None else outcome.to_dict()

    def legal(self, state: State, seat: int | None) -> list[str]:
        """The moves ``seat`` may play now (none when it is not that seat's turn)."""
        if seat is None or state.current_player != seat:
            return []
        return [move.notation() for move in state.legal_moves()]

    def document(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may see now, as JSON: each game's own."""
        raise NotImplementedError(f"{type(self).__name__} writes no view")

    def view(self, state: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now (:meth:`document`)."""
        return self.document(state, seat)

    def public(self, state: Any) -> dict[str, Any]:
        """What a spectator may see now: the :meth:`document` of no seat."""
        return self.document(state, None)


class Told(Protocol):
    """A game's refusal of a move (each game's ``Refusal``): the rule and its sentence."""

    @property
    def kind(self) -> str:
        """The rule, a short code such as ``must-follow``."""
        ...

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``."""
        ...


def told(refused: Told | None, lang: str) -> tuple[str, str] | None:
    """A game's refusal as :meth:`Refusals.refusal` answers it: the rule and its sentence in
    ``lang`` (German for ``de``, English for any other), or ``None`` for no refusal."""
    if refused is None:
        return None
    return refused.kind, refused.text("de" if lang == "de" else "en")


def room_games() -> tuple[str, ...]:
    """The registered games that have a room adapter.

    >>> room_games()
    ('officers', 'eightoff', 'skat')
    """
    return tuple(game.name for game in GAMES.values() if game.rooms is not None)


@cache
def adapter(game: str) -> Adapter:
    """The room adapter of the registered game ``game`` (imported on first use).

    >>> adapter("eightoff").name
    'eightoff'
    >>> adapter("chess")
    Traceback (most recent call last):
      ...
    officers.InvalidGameError: no game 'chess' is played in rooms: expected one of officers, eightoff, skat
    """
    registered = GAMES.get(game) if isinstance(game, str) else None
    if registered is None or registered.rooms is None:
        raise InvalidGameError(
            f"no game {excerpt(game)} is played in rooms: expected one of {', '.join(room_games())}"
        )
    module, _, name = registered.rooms.partition(":")
    found: Adapter = getattr(importlib.import_module(module), name)
    return found
