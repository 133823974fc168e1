"""Bots for Offiziersskat: programs that play from the public view alone.

A bot sees what both players see: the view the game gives (:meth:`SkatGame.view
<officers.skat.game.SkatGame.view>`, a :class:`~officers.skat.game.View`, as every game's
bots read :meth:`officers.games.State.view`) or the same as a
:class:`~officers.skat.public.Public` (the tips' reading of it); :func:`public_of` turns either
into a :class:`~officers.skat.public.Public`. It draws every random choice from the ``rng`` it is
given, so a seed reproduces its games, and plays both parts of the game: as Vorhand it chooses
the game too.

- ``random``: a legal move drawn uniformly (the game too);
- ``greedy``: the simple order of :func:`~officers.skat.tips.greedy_move` (most trumps; win a
  trick cheaply, else throw the cheapest card; lead what cannot be beaten);
- ``montecarlo``: draws consistent positions, solves each move double dummy in each (does
  Vorhand still win?) and plays the move that does best for its side in the most of them
  (ties: the greedy order, or with ``ties="learnt"`` the learnt order of
  :mod:`~officers.skat.prior`), within ``budget`` seconds a move; when not even one position
  is solved in time, every move is tied; the game it chooses so too, but ties the greedy order
  leaves are drawn from ``rng``, no suit favoured by its place in the list
  (:func:`choose_game`);
- ``exact``: the exact chance game (:func:`~officers.skat.chance.move_values`) when at most
  ``exact_hidden`` cards lie face down and the search ends within ``budget``, else as
  ``montecarlo``.

>>> import random
>>> from officers.skat import SkatGame
>>> game = SkatGame.deal(1)
>>> bots = [get_bot("greedy"), get_bot("random")]
>>> rng = random.Random(1)
>>> while (player := game.current_player) is not None:
...     game.push(bots[player].choose(game.view(player), rng)) and None
>>> sum(game.points)
120
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, cast, get_args

from officers.core.errors import (
    InvalidArgumentError,
    InvalidGameError,
    NotationError,
    SolverTimeoutError,
    excerpt,
)
from officers.core.simulation import BotTable
from officers.skat.cards import GAMES, TRUMP, GameType, lane
from officers.skat.chance import move_values
from officers.skat.game import SkatGame, View
from officers.skat.moves import Move
from officers.skat.prior import prior_move
from officers.skat.public import Public
from officers.skat.sampled import SAMPLES, WIDTH, sampled_values
from officers.skat.tips import greedy_move, public_legal_moves, sampled_wins

__all__ = [
    "BOTS",
    "ExactBot",
    "ExpectimaxBot",
    "GreedyBot",
    "LEVELS",
    "MonteCarloBot",
    "RandomBot",
    "TABLE",
    "SkatBot",
    "choose_game",
    "get_bot",
    "public_of",
    "public_view",
]


def public_of(view: View | Public) -> Public:
    """What both players see, as a :class:`~officers.skat.public.Public`: the game's
    :class:`~officers.skat.game.View` read, a :class:`~officers.skat.public.Public` as it is.

    >>> from officers.skat import SkatGame
    >>> game = SkatGame.deal(1)
    >>> public_of(game.view()) == Public.of(game) == public_of(Public.of(game))
    True
    """
    return view if isinstance(view, Public) else Public.of(view)


def public_view(game: SkatGame, player: int) -> Public:
    """What ``player`` sees of ``game``, as the bots read it: the
    :class:`~officers.skat.public.Public` of the game, equal to :func:`public_of` of its
    :meth:`~officers.skat.game.SkatGame.view` (both players see the same), made without the
    tricks' history that the view also carries (a bot's turn costs less).

    >>> game = SkatGame.deal(4)
    >>> public_view(game, 1) == public_of(game.view(1))
    True
    """
    return Public.of(game)


class SkatBot(ABC):
    """A player that is a program (an :class:`officers.core.simulation.Bot`): given what both
    players see with it to move (the game's :class:`~officers.skat.game.View` or a
    :class:`~officers.skat.public.Public`: :func:`public_of` reads both), a legal move."""

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, public: View | Public, rng: random.Random) -> Move:
        """The move of the player to move (the game choice, before it is made)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(SkatBot):
    """A legal move drawn uniformly at random (the game choice too)."""

    name: ClassVar[str] = "random"

    def choose(self, public: View | Public, rng: random.Random) -> Move:
        moves = public_legal_moves(public_of(public))
        return moves[rng.randrange(len(moves))]


class GreedyBot(SkatBot):
    """The simple order of :func:`~officers.skat.tips.greedy_move` (no search)."""

    name: ClassVar[str] = "greedy"

    def choose(self, public: View | Public, rng: random.Random) -> Move:
        return greedy_move(public_of(public))


Ties = Literal["order", "learnt"]
"""How Monte Carlo chooses among the moves that win in equally many sampled deals: ``order``,
the simple order's move (:func:`~officers.skat.tips.greedy_move`) where it is one of them;
``learnt``, the learnt order's (:func:`~officers.skat.prior.prior_move`)."""


def check_ties(ties: str) -> Ties:
    """``ties`` if it is one of :data:`Ties`, else :class:`~officers.InvalidArgumentError`."""
    if ties not in get_args(Ties):
        raise InvalidArgumentError(
            f"unknown ties {excerpt(ties)}: expected {' or '.join(get_args(Ties))}"
        )
    return cast(Ties, ties)


@dataclass(frozen=True)
class MonteCarloBot(SkatBot):
    """Monte Carlo over the consistent positions (see the module): at most ``samples``
    positions, within ``budget`` seconds a move, its ties broken as ``ties`` says. With
    ``budget=None`` it always solves ``samples`` positions: its games then depend on the seed
    alone, not on the machine's speed."""

    samples: int = 20
    budget: float | None = 0.5
    ties: Ties = "order"
    name: ClassVar[str] = "montecarlo"

    def __post_init__(self) -> None:
        check_ties(self.ties)

    def choose(self, public: View | Public, rng: random.Random) -> Move:
        public = public_of(public)
        moves = public_legal_moves(public)
        if len(moves) == 1:
            return moves[0]
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        counts = dict.fromkeys(moves, 0)
        solved = 0
        while solved < self.samples:
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            try:
                found = sampled_wins(moves, [public.sample(rng)], time_limit=left)
            except SolverTimeoutError:
                break
            for move, won in found.items():
                counts[move] += won
            solved += 1
        if public.game is None:
            return choose_game(public, counts, rng)
        sign = 1 if public.to_move == 0 else -1
        most = max(sign * counts[m] for m in moves)
        tied = [m for m in moves if sign * counts[m] == most]  # all of them with no sample
        if len(tied) > 1 and self.ties == "learnt":
            return prior_move(public, tied)
        order = greedy_move(public)
        return order if order in tied else tied[0]

    def __repr__(self) -> str:
        ties = "" if self.ties == "order" else f", ties={self.ties!r}"
        return f"MonteCarloBot(samples={self.samples}, budget={self.budget}{ties})"


def choose_game(public: View | Public, counts: Mapping[Move, int], rng: random.Random) -> Move:
    """Vorhand's game by the sampled deals she wins with each (``counts``, every game's on the
    same deals), ties broken without favouring a suit by its place in the list: among the games
    that win the most, the simple order's game where it is one of them (Grand when it would
    choose Grand, else the suits with the most of Vorhand's face-up trumps: the simple order
    itself takes the first of those), and among what is still tied, one drawn from ``rng`` (a
    seed still reproduces the game). The four suits are alike by the rules (exchange the cards of
    two suits, the Jacks excepted, and their two games, and the rules are the same), so on a deal
    whose face-up cards are alike in two suits the bot chooses each of the two as often.

    >>> from officers.skat import SkatGame
    >>> public = Public.of(SkatGame.deal(2))  # two face-up cards of each suit, no Jack
    >>> tied = dict.fromkeys(public_legal_moves(public), 3)
    >>> sorted({choose_game(public, tied, random.Random(seed)).game for seed in range(40)})
    ['C', 'D', 'H', 'S']
    >>> choose_game(public, {**tied, Move.choose("H"): 4}, random.Random(0))
    Move.parse('H')
    """
    public = public_of(public)
    if public.game is not None:
        raise InvalidGameError("the game is chosen already")
    moves = public_legal_moves(public)
    most = max(counts.get(m, 0) for m in moves)
    tied = [m for m in moves if counts.get(m, 0) == most]
    if len(tied) > 1:
        order = greedy_move(public)
        liked: set[GameType | None] = (
            {order.game} if order.game == "G" else {*_greedy_suits(public)}
        )
        tied = [m for m in tied if m.game in liked] or tied
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


def _greedy_suits(public: Public) -> set[GameType]:
    """The suits with the most of Vorhand's face-up trumps (the simple order's suit games)."""
    up = [c for c in public.up[0] if c is not None]
    count = {g: len([c for c in up if lane(c, g) == TRUMP]) for g in GAMES[:4]}
    return {g for g in GAMES[:4] if count[g] == max(count.values())}


@dataclass(frozen=True)
class ExactBot(SkatBot):
    """The exact chance game with at most ``exact_hidden`` cards face down, when it ends within
    ``budget`` seconds; else Monte Carlo (:class:`MonteCarloBot`, its ties broken as ``ties``
    says) in the same budget."""

    exact_hidden: int = 4
    samples: int = 20
    budget: float = 0.5
    ties: Ties = "order"
    name: ClassVar[str] = "exact"

    def __post_init__(self) -> None:
        check_ties(self.ties)

    def choose(self, public: View | Public, rng: random.Random) -> Move:
        public = public_of(public)
        if public.game is not None and public.hidden_count() <= self.exact_hidden:
            start = time.perf_counter()
            try:
                values = move_values(public, "win", time_limit=self.budget)
            except SolverTimeoutError:
                left = self.budget - (time.perf_counter() - start)
                return MonteCarloBot(self.samples, max(left, 0.01), self.ties).choose(public, rng)
            order = greedy_move(public)
            sign = 1 if public.to_move == 0 else -1
            return max(values, key=lambda m: (sign * values[m], m == order))
        return MonteCarloBot(self.samples, self.budget, self.ties).choose(public, rng)

    def __repr__(self) -> str:
        ties = "" if self.ties == "order" else f", ties={self.ties!r}"
        return (
            f"ExactBot(exact_hidden={self.exact_hidden}, samples={self.samples}, "
            f"budget={self.budget}{ties})"
        )


@dataclass(frozen=True)
class ExpectimaxBot(SkatBot):
    """The chance game itself where the time allows, Monte Carlo where it does not.

    A move first gets Monte Carlo's answer (:class:`MonteCarloBot`) in ``share`` of the
    ``budget`` seconds; the rest goes to the sampled search of the chance game
    (:func:`~officers.skat.sampled.sampled_values`: expectiminimax over the turn-ups to a floor
    deepened while the time lasts, each leaf ``samples`` completions solved double dummy, exact
    where it gets to the end), for Vorhand's win, when at most ``most_hidden`` cards lie face
    down. The move is the search's best (ties: the greedy order) when at least its first depth
    finished, else Monte Carlo's. The game is chosen as :class:`MonteCarloBot` chooses it, in
    the whole budget. With ``budget=None`` Monte Carlo solves 20 deals and the search goes
    ``depth`` turn-ups deep (2 when ``None``): its games then depend on the seed alone."""

    width: int = WIDTH
    samples: int = SAMPLES
    budget: float | None = 0.5
    depth: int | None = None
    most_hidden: int = 10
    share: float = 0.3
    name: ClassVar[str] = "expectimax"

    def choose(self, public: View | Public, rng: random.Random) -> Move:
        public = public_of(public)
        moves = public_legal_moves(public)
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        searched = public.game is not None and public.hidden_count() <= self.most_hidden
        first = None if self.budget is None else self.budget * (self.share if searched else 1.0)
        plain = MonteCarloBot(20 if first is None else 10**6, first).choose(public, rng)
        if not searched:
            return plain
        left = None if self.budget is None else self.budget - (time.perf_counter() - start)
        if left is not None and left <= 0:
            return plain
        found = sampled_values(
            public,
            "win",
            time_limit=left,
            width=self.width,
            samples=self.samples,
            seed=rng.getrandbits(64),
            depth=2 if self.budget is None and self.depth is None else self.depth,
        )
        if not found.values:
            return plain
        order = greedy_move(public)
        sign = 1 if public.to_move == 0 else -1
        return max(found.values, key=lambda m: (sign * found.values[m], m == order))

    def __repr__(self) -> str:
        return (
            f"ExpectimaxBot(width={self.width}, samples={self.samples}, budget={self.budget}, "
            f"depth={self.depth}, most_hidden={self.most_hidden}, share={self.share})"
        )


BOTS: Final[dict[str, Callable[[], SkatBot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "montecarlo": MonteCarloBot,
    "exact": ExactBot,
    "expectimax": ExpectimaxBot,
}
"""The bots by name."""

LEVELS: Final[dict[str, Callable[[], SkatBot]]] = {
    "beginner": RandomBot,
    "club": GreedyBot,
    "strong": lambda: MonteCarloBot(samples=4, budget=0.5, ties="learnt"),
    "strongest": lambda: ExactBot(exact_hidden=5, samples=20, budget=0.5, ties="learnt"),
}
"""The levels a player may choose to play against, weakest first, each a bot: ``beginner``
plays any legal card, ``club`` the simple order of a club player (:class:`GreedyBot`),
``strong`` Monte Carlo over 4 sampled deals, ``strongest`` over 20 and the exact chance game
once at most 5 cards lie face down (:class:`ExactBot`); both within half a second a move, their
ties broken by the learnt order (:mod:`~officers.skat.prior`). Their win rates against each
other are in docs/skat.md; :func:`get_bot` takes a level's name as a bot's."""

TABLE: Final = BotTable(BOTS, public_view)
"""The bots as the registry names them (:attr:`officers.games.Registered.bots`), each given
the :func:`public_view` of its turn."""


def get_bot(name: str | SkatBot) -> SkatBot:
    """A bot by name (``random``, ``greedy``, ``montecarlo``, ``exact``, ``expectimax``) or by
    level (:data:`LEVELS`); a bot is returned as it is.

    >>> get_bot("greedy")
    GreedyBot()
    >>> get_bot("strongest")
    ExactBot(exact_hidden=5, samples=20, budget=0.5, ties='learnt')
    """
    if isinstance(name, SkatBot):
        return name
    key = str(name).strip().lower()
    make = BOTS.get(key) or LEVELS.get(key)
    if make is None:
        raise NotationError(
            f"unknown Skat bot {excerpt(name)}: expected one of {', '.join([*BOTS, *LEVELS])}"
        )
    return make()
