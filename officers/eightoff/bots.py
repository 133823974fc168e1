"""Bots for Eight Off and its family: programs that play from the position alone.

A bot is given what the player sees (:meth:`EightOffGame.view
<officers.eightoff.game.EightOffGame.view>`: the whole position, every card face up) and a
random generator, and chooses a legal :class:`~officers.eightoff.moves.Move`; every random choice
comes from that generator (through :mod:`officers.core.draw`), so a seed reproduces its games.
Each is an :class:`officers.core.simulation.Bot`, the shape of every game's bots.

- ``random``: a legal move drawn uniformly;
- ``greedy``: a card to its foundation when one may go (the first in the order of
  :func:`~officers.eightoff.rules.legal_moves`), else a legal move drawn uniformly;
- ``solver``: the exact solver's win (:func:`~officers.eightoff.solve.solve_position`): it solves
  the position it is given, then follows that win move by move, solving again only when the
  position is not on it; where the solver finds no win (none exists, or the search stopped at its
  bound) it plays as ``greedy``. It wins every deal the solver wins within the same bound.

A patience game has no end of its own while moves are left: a random player may move a card to a
cell and back again for ever. A simulation stops such a game after a number of moves
(:func:`officers.games.simulate.simulate`'s ``max_moves``) and counts it as not won.

>>> import random
>>> from officers.eightoff.game import EightOffGame
>>> game = EightOffGame.deal(1)
>>> bot = get_bot("solver")
>>> while game.current_player is not None:
...     _ = game.push(bot.choose(game.view(0), random.Random(1)))
>>> game.is_won(), len(game.moves)
(True, 81)
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Final

from officers.core.draw import pick
from officers.core.errors import NotationError, excerpt
from officers.core.simulation import BotTable
from officers.eightoff.hints import solver_move
from officers.eightoff.moves import FOUNDATION, Move
from officers.eightoff.position import Position
from officers.eightoff.rules import legal_moves, play
from officers.eightoff.solve import solve_position

__all__ = ["BOTS", "TABLE", "Bot", "GreedyBot", "RandomBot", "SolverBot", "get_bot"]


class Bot(ABC):
    """A player that is a program: given the position (the player's view), a legal move.

    Subclasses set :attr:`name` and implement :meth:`choose`; every random choice is drawn from
    ``rng``, so that a seed reproduces a bot's games."""

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, view: Position, rng: random.Random) -> Move:
        """A legal move in ``view`` (a position with a legal move left)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """A legal move drawn uniformly at random."""

    name: ClassVar[str] = "random"

    def choose(self, view: Position, rng: random.Random) -> Move:
        return pick(rng, legal_moves(view))


class GreedyBot(Bot):
    """A card to its foundation when one may go, else a legal move drawn uniformly."""

    name: ClassVar[str] = "greedy"

    def choose(self, view: Position, rng: random.Random) -> Move:
        moves = legal_moves(view)
        home = next((move for move in moves if move.target is FOUNDATION), None)
        return home if home is not None else pick(rng, moves)


@dataclass(frozen=True)
class SolverBot(Bot):
    """The exact solver's win (see the module): each search stores at most ``max_states``
    positions and takes at most ``time_limit`` seconds (``None``, the default: no limit, so
    that its games depend on the deal alone, not on the machine's speed)."""

    max_states: int = 1_000_000
    time_limit: float | None = None
    name: ClassVar[str] = "solver"
    _local: threading.local = field(
        default_factory=threading.local, init=False, compare=False, repr=False
    )

    def choose(self, view: Position, rng: random.Random) -> Move:
        plan = self._plan()
        move = plan.get(view)
        if move is None:
            move = self._solve(view, plan)
        return move if move is not None else GreedyBot().choose(view, rng)

    def _plan(self) -> dict[Position, Move]:
        """The win this thread follows: each of its positions with the move to play there
        (one a thread, so that games played at once in threads never mix their plans)."""
        plan: dict[Position, Move] = self._local.__dict__.setdefault("plan", {})
        return plan

    def _solve(self, position: Position, plan: dict[Position, Move]) -> Move | None:
        """Solve ``position`` and make its win the plan; the first move, or ``None`` when there
        is no win to follow. A game follows its plan from its start to its end, so its moves
        depend on its deal alone."""
        plan.clear()
        solution = solve_position(position, time_limit=self.time_limit, max_states=self.max_states)
        at = position
        for step in solution.moves:
            move = plan[at] = solver_move(step)
            at = play(at, move)
        return plan.get(position)

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its plans (a worker starts with none)."""
        return {"max_states": self.max_states, "time_limit": self.time_limit}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in {**state, "_local": threading.local()}.items():
            object.__setattr__(self, name, value)


BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "solver": SolverBot,
}
"""The bots by name."""

TABLE: Final = BotTable(BOTS)
"""The bots as the registry names them (:attr:`officers.games.Registered.bots`), each given
the position (:meth:`~officers.eightoff.game.EightOffGame.view`)."""


def get_bot(name: str | Bot) -> Bot:
    """A bot by name (``random``, ``greedy``, ``solver``); a :class:`Bot` is returned as it is.

    >>> get_bot("solver")
    SolverBot(max_states=1000000, time_limit=None)
    >>> get_bot("clever")
    Traceback (most recent call last):
      ...
    officers.NotationError: unknown Eight Off bot 'clever': expected one of random, greedy, solver
    """
    if isinstance(name, Bot):
        return name
    try:
        return BOTS[str(name).strip().lower()]()
    except KeyError:
        raise NotationError(
            f"unknown Eight Off bot {excerpt(name)}: expected one of {', '.join(BOTS)}"
        ) from None
