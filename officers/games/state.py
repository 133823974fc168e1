"""The one shape of a game in progress: the :class:`State` protocol, and what a game is
(:class:`GameInfo`).

Every game of officers (Euler's Officers' :class:`~officers.euler.game.GameState`, Eight Off's
:class:`~officers.eightoff.game.EightOffGame`, Offiziersskat's
:class:`~officers.skat.game.SkatGame`) is a :class:`State`, as OpenSpiel's games share its
``State``: whose turn it is, the legal moves, a move played and taken back, a copy, the end
and each player's return, the chance of what is still hidden, the view of one player, and the
notation in and out. A door, a bot or a simulation written against :class:`State` plays every
game; what differs between games is the move, the view and the words, each the game's own
type.

Glossary
--------
player
    An int ``0 .. players-1`` (the contract and the pages number them from 1).
move
    The game's own move type (each has ``notation()`` and ``parse``); every method that takes
    a move takes its notation too.
view
    What one player may know of the state, as a value (``==``, ``to_dict()``): everything a
    hint, a tip or a bot may read. Two states that differ only in what that player cannot see
    have equal views (:meth:`State.resample` makes such a state).
return
    What a finished game gives each player: 1.0 to a player who won, 0.0 to one who lost (the
    players of Euler's Officers win or lose together; Offiziersskat's winner is the one with 61
    points or more, Eight Off's only player wins by clearing the board). 0.0 for everyone while
    the game goes on.
chance outcome
    A card that the next turn-up may show, with its probability as the players know it: each
    card that nobody has seen is equally likely. Only Offiziersskat turns cards up.

>>> from officers.games import GAMES
>>> for game in GAMES.values():
...     state = game.deal(7)
...     print(game.name, state.players, state.current_player, len(state.legal_moves()) > 0)
officers 2 0 True
eightoff 1 0 True
skat 2 0 True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:  # for the annotations alone: fractions loads decimal, which takes time
    import random
    from fractions import Fraction

__all__ = ["GameInfo", "Information", "State", "StateT", "Value"]

Information = Literal["perfect", "hidden"]
"""Whether every player sees the whole state (``perfect``) or some cards are hidden from some
player (``hidden``)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, as the doors and the tests need to know it before they play.

    ``players``: the numbers of players it may have (a range); ``information``: ``perfect`` or
    ``hidden``; ``chance``: whether cards nobody has seen turn up during play (beyond the
    deal); ``take_backs``: whether taking a move back is part of the rules (a player's
    action), not only an undo; ``clock``: whether its rooms may keep a turn clock; ``record``:
    whether its notation keeps the moves played, so that a state read from it can take them
    back (Euler's Officers' notation is the state of now: its take-backs are moves).

    >>> GameInfo(range(1, 5), "hidden", chance=False, take_backs=True).to_dict()["players"]
    [1, 4]
    """

    players: range
    information: Information
    chance: bool = False
    take_backs: bool = False
    clock: bool = True
    record: bool = True

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``players`` as ``[fewest, most]``, the rest as they are."""
        return {
            "players": [self.players[0], self.players[-1]],
            "information": self.information,
            "chance": self.chance,
            "take_backs": self.take_backs,
            "clock": self.clock,
            "record": self.record,
        }


class Value(Protocol):
    """A move, a view or an outcome as the doors read it: its JSON form."""

    def to_dict(self) -> dict[str, Any]: ...


StateT = TypeVar("StateT", bound="State")


@runtime_checkable
class State(Protocol):
    """A game in progress, of any game. Mutable: :meth:`push` plays a move and :meth:`pop`
    takes it back exactly; :meth:`clone` is an independent copy."""

    @property
    def players(self) -> int:
        """The number of players of this game."""
        ...

    @property
    def current_player(self) -> int | None:
        """The player to move, or ``None`` when the game is over."""
        ...

    @property
    def moves(self) -> Sequence[Any]:
        """The moves played so far that :meth:`pop` can take back, oldest first."""
        ...

    def legal_moves(self) -> Sequence[Any]:
        """Every move the player to move may play now (none when the game is over)."""
        ...

    def refusal(self, move: Any) -> Any | None:
        """Why ``move`` (a move or its notation) may not be played now, as a fact that tells
        itself in words (``text(lang)``) and names its rule (``kind``), or ``None``. Text that
        is no move of the game at all is refused too, as ``unreadable``."""
        ...

    def push(self, move: Any) -> Any:
        """Play ``move`` (a move or its notation) and answer the move as played; an illegal
        move raises :class:`~officers.IllegalMoveError` and changes nothing."""
        ...

    def pop(self) -> Any:
        """Take the last move back, exactly, and answer it (:class:`IndexError` at the start)."""
        ...

    def clone(self: StateT) -> StateT:
        """An independent copy: what is played on one never changes the other."""
        ...

    def is_over(self) -> bool:
        """Whether the game has ended."""
        ...

    def outcome(self) -> Value | None:
        """How the game ended (the game's own outcome), or ``None`` while it goes on."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Each player's return: 1.0 for a win and 0.0 for a loss at the end, 0.0 before."""
        ...

    def chance_outcomes(self) -> Mapping[Any, Fraction]:
        """The cards the next turn-up may show, each with its probability as the players know
        it; empty when nothing is hidden or nothing more will turn up."""
        ...

    def view(self, player: int | None = None) -> Value:
        """What ``player`` (default: the player to move) may know of the state."""
        ...

    def resample(self: StateT, player: int, rng: random.Random) -> StateT:
        """A state that ``player`` cannot tell from this one (an equal :meth:`view`, the same
        moves), with everything that player cannot see dealt again at random: each such deal
        equally likely. A state with nothing hidden from ``player`` answers a copy."""
        ...

    def notation(self) -> str:
        """The state as one line of the game's notation (:meth:`parse` reads it)."""
        ...

    @classmethod
    def parse(cls: type[StateT], text: str) -> StateT:
        """The state of a line of the game's notation; text that is none raises
        :class:`~officers.NotationError` quoting it."""
        ...
