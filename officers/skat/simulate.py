"""Many games of Offiziersskat between bots, in parallel and reproducibly: Vorhand's win rate
for each pair of bots, by game choice, with 95 % intervals; and how often Vorhand wins with best
play.

Deal ``k`` of a simulation with ``seed`` is numbered deal :func:`officers.euler.simulate.deal_seed`
``(seed, k)`` and the bots of that game draw from :func:`officers.euler.simulate.bot_seed`
``(seed, k)``: every game is the same whichever process plays it, so the numbers depend on the
seed alone, never on the jobs or the executor. The games run in local worker processes
(:func:`officers.euler.simulate.worker_pool`) or on any :class:`concurrent.futures.Executor` (a Dask
cluster's ``client.get_executor()``).

>>> result = simulate_pair("greedy", "random", deals=6, seed=1, jobs=1)
>>> result.deals, 0 <= result.wins <= 6, result.low <= result.win_rate <= result.high
(6, True, True)
>>> sum(n for _, n, _ in result.by_game)
6
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from officers.core.errors import NotationError, excerpt
from officers.core.simulation import bot_seed, deal_seed, wilson_interval, worker_pool
from officers.skat.bots import SkatBot, get_bot
from officers.skat.cards import GAMES, GameType
from officers.skat.chance import estimate
from officers.skat.game import SkatGame
from officers.skat.moves import Move
from officers.skat.position import Deal, Position
from officers.skat.rules import play
from officers.skat.solve import wins

if TYPE_CHECKING:
    import concurrent.futures

__all__ = [
    "BestPlay",
    "PairResult",
    "best_play",
    "deal_of",
    "play_deal",
    "results_table",
    "simulate_pair",
    "simulate_pairs",
]

_T = TypeVar("_T")


def deal_of(seed: int, number: int) -> Deal:
    """Deal ``number`` of a simulation with ``seed``."""
    return Deal.numbered(deal_seed(seed, number))


def play_deal(
    vorhand: str | SkatBot, hinterhand: str | SkatBot, deal: Deal, rng: random.Random
) -> SkatGame:
    """Play a deal to the end, Vorhand's bot choosing the game; the final game."""
    from officers.skat.public import Public

    bots = (get_bot(vorhand), get_bot(hinterhand))
    game = SkatGame(deal)
    while game.phase != "over":
        player = game.current_player
        assert player is not None
        game.push(bots[player].choose(Public.of(game), rng))
    return game


@dataclass
class _Tally:
    wins: int = 0
    deals: int = 0
    points: int = 0
    games: Counter[str] = field(default_factory=Counter)
    won: Counter[str] = field(default_factory=Counter)

    def add(self, other: _Tally) -> None:
        self.wins += other.wins
        self.deals += other.deals
        self.points += other.points
        self.games.update(other.games)
        self.won.update(other.won)


def _run_pair(
    vorhand: str | SkatBot, hinterhand: str | SkatBot, seed: int, start: int, stop: int
) -> _Tally:
    """Deals ``start .. stop-1`` of one pair (run in a worker)."""
    tally = _Tally()
    for number in range(start, stop):
        game = play_deal(
            vorhand, hinterhand, deal_of(seed, number), random.Random(bot_seed(seed, number))
        )
        chosen = game.game or "?"
        won = game.points[0] >= 61
        tally.deals += 1
        tally.wins += won
        tally.points += game.points[0]
        tally.games[chosen] += 1
        tally.won[chosen] += won
    return tally


@dataclass(frozen=True)
class PairResult:
    """Vorhand's results for one pair of bots: ``wins`` of ``deals``, her mean points, and
    ``by_game``: ``(game, deals, wins)`` for each game her bot chose."""

    vorhand: str
    hinterhand: str
    deals: int
    seed: int
    wins: int
    points: int
    by_game: tuple[tuple[str, int, int], ...]

    @property
    def win_rate(self) -> float:
        """Vorhand's wins per deal."""
        return self.wins / self.deals if self.deals else 0.0

    @property
    def low(self) -> float:
        """The lower end of the 95 % Wilson interval."""
        return wilson_interval(self.wins, self.deals)[0]

    @property
    def high(self) -> float:
        """The upper end of the 95 % Wilson interval."""
        return wilson_interval(self.wins, self.deals)[1]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "vorhand": self.vorhand,
            "hinterhand": self.hinterhand,
            "deals": self.deals,
            "seed": self.seed,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "confidence_95": [self.low, self.high],
            "mean_points": self.points / self.deals if self.deals else 0.0,
            "by_game": [
                {"game": g, "deals": n, "wins": w, "confidence_95": list(wilson_interval(w, n))}
                for g, n, w in self.by_game
            ],
        }


def _name(bot: str | SkatBot) -> str:
    return get_bot(bot).name if isinstance(bot, str) else repr(bot)


def _result(pair: tuple[str | SkatBot, str | SkatBot], seed: int, tally: _Tally) -> PairResult:
    by_game = tuple((g, tally.games[g], tally.won[g]) for g in (*GAMES, "?") if tally.games[g])
    return PairResult(
        _name(pair[0]), _name(pair[1]), tally.deals, seed, tally.wins, tally.points, by_game
    )


def _run(
    calls: Sequence[tuple[Callable[..., _T], tuple[Any, ...]]],
    jobs: int | None,
    executor: concurrent.futures.Executor | None,
) -> list[_T]:
    """Run each ``(function, arguments)`` in ``executor``, in local workers, or here (one job);
    the results in order."""
    if executor is not None:
        futures = [executor.submit(f, *args) for f, args in calls]
        return [future.result() for future in futures]
    with worker_pool(jobs) as pool:
        if pool is None:
            return [f(*args) for f, args in calls]
        futures = [pool.submit(f, *args) for f, args in calls]
        return [future.result() for future in futures]


def _check(deals: int, seed: int) -> None:
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise NotationError(f"deals must be a whole number >= 0, got {excerpt(deals)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise NotationError(f"the seed must be a whole number >= 0, got {excerpt(seed)}")


def _chunks(deals: int, step: int) -> list[tuple[int, int]]:
    return [(start, min(deals, start + step)) for start in range(0, deals, step)]


def simulate_pairs(
    pairs: Iterable[tuple[str | SkatBot, str | SkatBot]],
    deals: int,
    seed: int = 0,
    *,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    step: int = 10,
) -> list[PairResult]:
    """Each pair ``(Vorhand's bot, Hinterhand's bot)`` plays deals ``0 .. deals-1`` of ``seed``
    (the same deals for every pair); one result a pair, in order. The same whatever ``jobs``
    (local processes; ``1``: here) or ``executor``."""
    _check(deals, seed)
    pairs = list(pairs)
    for a, b in pairs:
        get_bot(a), get_bot(b)  # an unknown name raises here
    calls = [
        (i, start, stop) for i in range(len(pairs)) for start, stop in _chunks(deals, max(1, step))
    ]
    found = _run(
        [(_run_pair, (*pairs[i], seed, start, stop)) for i, start, stop in calls], jobs, executor
    )
    tallies = [_Tally() for _ in pairs]
    for (i, _, _), tally in zip(calls, found, strict=True):
        tallies[i].add(tally)
    return [_result(pair, seed, tally) for pair, tally in zip(pairs, tallies, strict=True)]


def simulate_pair(
    vorhand: str | SkatBot,
    hinterhand: str | SkatBot,
    deals: int = 100,
    seed: int = 0,
    *,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
) -> PairResult:
    """One pair of bots (see :func:`simulate_pairs`)."""
    return simulate_pairs([(vorhand, hinterhand)], deals, seed, jobs=jobs, executor=executor)[0]


def results_table(results: Sequence[PairResult], *, markdown: bool = False) -> str:
    """The results as a table: Vorhand's bot, Hinterhand's bot, deals, Vorhand's wins, win rate
    and 95 % interval, mean points, and the games chosen (``game wins/deals``)."""
    header = [
        "Vorhand",
        "Hinterhand",
        "deals",
        "wins",
        "win rate",
        "95 % interval",
        "points",
        "games",
    ]
    rows = [
        [
            r.vorhand,
            r.hinterhand,
            str(r.deals),
            str(r.wins),
            f"{100 * r.win_rate:.1f} %",
            f"{100 * r.low:.1f} – {100 * r.high:.1f} %",
            f"{r.points / r.deals:.1f}" if r.deals else "-",
            " ".join(f"{g} {w}/{n}" for g, n, w in r.by_game),
        ]
        for r in results
    ]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        return "\n".join([*lines, *("| " + " | ".join(row) + " |" for row in rows)])
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
        for row in [header, *rows]
    )


# --- best play ------------------------------------------------------------------------------


def _best_chunk(
    seed: int, start: int, stop: int, samples: int
) -> list[tuple[tuple[bool, ...], tuple[float, ...]]]:
    """For each deal: whether Vorhand wins each game double dummy, and (with ``samples``) the
    estimated chance of each game."""
    from officers.skat.public import Public

    found = []
    for number in range(start, stop):
        position = Position.start(deal_of(seed, number))
        won = tuple(wins(play(position, Move.choose(g))) for g in GAMES)
        chances: tuple[float, ...] = ()
        if samples:
            public = Public.of(position)
            chances = tuple(
                float(estimate(Public(g, public.up, public.hidden), "win", samples=samples).value)
                for g in GAMES
            )
        found.append((won, chances))
    return found


@dataclass(frozen=True)
class BestPlay:
    """How often Vorhand wins with best play, over ``deals`` deals of ``seed``.

    ``double_dummy``: the deals she wins double dummy with the best game (every card known to
    both players from the start, the game chosen knowing them); ``by_game``: the deals she wins
    double dummy with each game. ``estimate``: with ``samples``, the mean over the deals of the
    best game's estimated chance in the chance game (Monte Carlo over the face-down cards, each
    sample solved double dummy: an estimate, not exact), or ``None``."""

    deals: int
    seed: int
    double_dummy: int
    by_game: tuple[tuple[GameType, int], ...]
    samples: int
    estimate: float | None
    best_games: tuple[tuple[GameType, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "deals": self.deals,
            "seed": self.seed,
            "double_dummy": {
                "wins": self.double_dummy,
                "share": self.double_dummy / self.deals if self.deals else 0.0,
                "confidence_95": list(wilson_interval(self.double_dummy, self.deals)),
                "by_game": dict(self.by_game),
            },
            "estimate": None
            if self.estimate is None
            else {
                "exact": False,
                "method": "estimate",
                "samples": self.samples,
                "mean_best_chance": self.estimate,
                "best_games": dict(self.best_games),
            },
        }


def best_play(
    deals: int,
    seed: int = 0,
    *,
    samples: int = 0,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    step: int = 5,
) -> BestPlay:
    """How often Vorhand wins with best play and the best game (see :class:`BestPlay`).

    >>> result = best_play(1, seed=3, jobs=1)
    >>> 0 <= result.double_dummy <= 1, result.estimate is None
    (True, True)
    """
    _check(deals, seed)
    chunks = _chunks(deals, max(1, step))
    found = _run([(_best_chunk, (seed, a, b, samples)) for a, b in chunks], jobs, executor)
    rows = [row for chunk in found for row in chunk]
    double_dummy = sum(any(won) for won, _ in rows)
    by_game = tuple((g, sum(won[i] for won, _ in rows)) for i, g in enumerate(GAMES))
    if not samples:
        return BestPlay(deals, seed, double_dummy, by_game, 0, None)
    best = [max(range(5), key=lambda i: chances[i]) for _, chances in rows]
    mean = sum(max(chances) for _, chances in rows) / len(rows) if rows else 0.0
    best_games = tuple((g, best.count(i)) for i, g in enumerate(GAMES))
    return BestPlay(deals, seed, double_dummy, by_game, samples, mean, best_games)
