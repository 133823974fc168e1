"""Many games of Offiziersskat between bots, in parallel and reproducibly: Vorhand's win rate
for each pair of bots, by game choice, with 95 % intervals; and how often Vorhand wins with best
play.

The games are played by the runner every game shares (:func:`officers.core.simulation.play_lineups`):
deal ``k`` of a simulation with ``seed`` is numbered deal
:func:`~officers.core.simulation.deal_seed` ``(seed, k)`` and the bots of that game draw from
:func:`~officers.core.simulation.bot_seed` ``(seed, k)``: every game is the same whichever process
plays it, so the numbers depend on the seed alone, never on the jobs or the executor. The games
run in local worker processes or on any :class:`concurrent.futures.Executor` (a Dask cluster's
``client.get_executor()``). What this module adds is Offiziersskat's own figures
(:class:`Figures`: Vorhand's points, the games chosen and won). Each pair keeps its seats;
:func:`officers.games.simulate.simulate` swaps them on every deal.

>>> result = simulate_pair("greedy", "random", deals=6, seed=1, jobs=1)
>>> result.deals, 0 <= result.wins <= 6, result.low <= result.win_rate <= result.high
(6, True, True)
>>> sum(n for _, n, _ in result.by_game)
6
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING, Any, TypeVar

from officers.core.errors import InvalidArgumentError, SolverTimeoutError, excerpt
from officers.core.simulation import (
    Lineup,
    Tally,
    WinRate,
    bot_seed,
    check_deals,
    deal_seed,
    play_lineups,
    play_out,
    run_chunks,
    wilson_interval,
)
from officers.skat.bots import SkatBot, get_bot, public_view
from officers.skat.cards import GAMES, GameType
from officers.skat.chance import estimate, exact_value
from officers.skat.game import SkatGame
from officers.skat.moves import Move
from officers.skat.position import Deal, Position
from officers.skat.public import Public
from officers.skat.rules import play
from officers.skat.solve import wins

if TYPE_CHECKING:
    import concurrent.futures

__all__ = [
    "BestPlay",
    "Duel",
    "Figures",
    "PairResult",
    "PlayedChance",
    "best_play",
    "deal_of",
    "duel",
    "play_deal",
    "played_chance",
    "results_table",
    "simulate_pair",
    "simulate_pairs",
]


_T = TypeVar("_T")
_R = TypeVar("_R")


def deal_of(seed: int, number: int) -> Deal:
    """Deal ``number`` of a simulation with ``seed``."""
    return Deal.numbered(deal_seed(seed, number))


def play_deal(
    vorhand: str | SkatBot, hinterhand: str | SkatBot, deal: Deal, rng: random.Random
) -> SkatGame:
    """Play a deal to the end, Vorhand's bot choosing the game; the final game."""
    game = SkatGame(deal)
    play_out(game, (get_bot(vorhand), get_bot(hinterhand)), rng, view=public_view)
    return game


class Figures:
    """Offiziersskat's own figures of one game (an :class:`officers.core.simulation.Watch`):
    Vorhand's ``points``, and ``game G`` and ``won G`` (1 or 0) for the game ``G`` chosen
    (``?`` when none was)."""

    __slots__ = ()

    def __init__(self, game: SkatGame | None = None) -> None:
        pass

    def before(self, game: SkatGame, move: Move) -> None:
        """Nothing: the figures are read at the end."""

    def after(self, game: SkatGame, move: Move) -> None:
        """Nothing: the figures are read at the end."""

    def end(self, game: SkatGame) -> dict[str, int]:
        """Vorhand's points, the game chosen and whether she won it."""
        chosen = game.game or "?"
        return {
            "points": game.points[0],
            f"game {chosen}": 1,
            f"won {chosen}": int(game.points[0] >= 61),
        }


def _lineup(vorhand: str | SkatBot, hinterhand: str | SkatBot) -> Lineup:
    bots = (get_bot(vorhand), get_bot(hinterhand))
    return Lineup(SkatGame.deal, bots, Figures, view=public_view)


@dataclass(frozen=True)
class PairResult(WinRate):
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
    def played(self) -> int:
        """The deals played (:class:`~officers.core.simulation.WinRate`)."""
        return self.deals

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


def _result(pair: tuple[str | SkatBot, str | SkatBot], seed: int, tally: Tally) -> PairResult:
    figures = tally.figures
    by_game = tuple(
        (g, figures[f"game {g}"], figures[f"won {g}"])
        for g in (*GAMES, "?")
        if figures[f"game {g}"]
    )
    return PairResult(
        _name(pair[0]), _name(pair[1]), tally.games, seed, tally.wins(0), figures["points"], by_game
    )


def simulate_pairs(
    pairs: Iterable[tuple[str | SkatBot, str | SkatBot]],
    deals: int,
    seed: int = 0,
    *,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    step: int = 10,
    progress: bool | None = None,
) -> list[PairResult]:
    """Each pair ``(Vorhand's bot, Hinterhand's bot)`` plays deals ``0 .. deals-1`` of ``seed``
    (the same deals for every pair); one result a pair, in order. The same whatever ``jobs``
    (local processes; ``1``: here), ``executor`` or ``step`` (the deals of a chunk);
    ``progress``: a progress bar on standard error (default: when it is a terminal)."""
    check_deals(deals, seed)
    pairs = list(pairs)
    lineups = [_lineup(a, b) for a, b in pairs]  # an unknown name raises here
    tallies = play_lineups(
        lineups, deals, seed, jobs=jobs, executor=executor, progress=progress, step=max(1, step)
    )
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


# --- two bots, each deal twice with the seats swapped -------------------------------------


def _duel_chunk(
    pair: tuple[str | SkatBot, str | SkatBot], seed: int, start: int, stop: int
) -> list[tuple[int, int]]:
    """For each deal: Vorhand's points with the first bot as Vorhand, then with the second."""
    first, second = pair
    found = []
    for number in range(start, stop):
        deal = deal_of(seed, number)
        one = play_deal(first, second, deal, random.Random(bot_seed(seed, 2 * number)))
        two = play_deal(second, first, deal, random.Random(bot_seed(seed, 2 * number + 1)))
        found.append((one.points[0], two.points[0]))
    return found


def _mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval (normal, the sample's standard deviation)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = NormalDist().inv_cdf(0.975) * sd / math.sqrt(n)
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class Duel:
    """Two bots on the same deals, each deal played twice with the seats swapped.

    ``games``: for each deal, Vorhand's points with ``first`` as Vorhand and with ``second``
    as Vorhand. A game is won by Vorhand with 61 points or more, else by Hinterhand; a bot's
    points in a game are Vorhand's points or the rest of 120. The margins are ``first``'s
    advantage, paired by deal (each deal's two games against the same cards): ``win_margin``,
    the games it won less the games ``second`` won, over all games (from -1 to 1), and
    ``point_margin``, its points less ``second``'s, a game; each with its 95 % interval (normal,
    over the deals)."""

    first: str
    second: str
    seed: int
    games: tuple[tuple[int, int], ...]

    @property
    def deals(self) -> int:
        """The deals played (each twice)."""
        return len(self.games)

    def _wins(self) -> list[int]:
        # the first bot's wins on each deal, less the second's, per game: (-2 .. 2) / 2
        return [(a >= 61) + (b < 61) - (a < 61) - (b >= 61) for a, b in self.games]

    @property
    def wins(self) -> tuple[int, int]:
        """The games each bot won (of ``2 * deals``)."""
        first = sum((a >= 61) + (b < 61) for a, b in self.games)
        return first, 2 * self.deals - first

    @property
    def win_margin(self) -> tuple[float, float, float]:
        """``first``'s wins less ``second``'s, a game, with its 95 % interval."""
        return _mean_interval([w / 2 for w in self._wins()])

    @property
    def point_margin(self) -> tuple[float, float, float]:
        """``first``'s points less ``second``'s, a game, with its 95 % interval."""
        return _mean_interval([float(a - b) for a, b in self.games])

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        win, win_low, win_high = self.win_margin
        points, points_low, points_high = self.point_margin
        return {
            "first": self.first,
            "second": self.second,
            "deals": self.deals,
            "games": 2 * self.deals,
            "seed": self.seed,
            "wins": list(self.wins),
            "win_margin": win,
            "win_margin_95": [win_low, win_high],
            "point_margin": points,
            "point_margin_95": [points_low, points_high],
        }

    def text(self) -> str:
        """The result in a few lines."""
        win, win_low, win_high = self.win_margin
        points, points_low, points_high = self.point_margin
        first, second = self.wins
        return (
            f"{self.first} against {self.second}: {self.deals} deals, each twice, the seats "
            f"swapped\n"
            f"games won: {first} to {second}; margin {100 * win:+.1f} % of the games "
            f"(95 %: {100 * win_low:+.1f} .. {100 * win_high:+.1f})\n"
            f"points: margin {points:+.2f} a game (95 %: {points_low:+.2f} .. {points_high:+.2f})"
        )


def duel(
    first: str | SkatBot,
    second: str | SkatBot,
    deals: int = 100,
    seed: int = 0,
    *,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    step: int = 2,
    progress: bool | None = None,
) -> Duel:
    """Deals ``0 .. deals-1`` of ``seed``, each played twice, ``first`` as Vorhand and then
    ``second`` (see :class:`Duel`). The same whatever ``jobs`` or ``executor`` (as
    :func:`simulate_pairs`), for bots that do not look at the clock.

    >>> result = duel("greedy", "random", deals=4, seed=1, jobs=1)
    >>> result.deals, sum(result.wins)
    (4, 8)
    >>> margin, low, high = result.win_margin
    >>> -1 <= low <= margin <= high
    True
    """
    check_deals(deals, seed)
    pair = (get_bot(first), get_bot(second))
    games = _rows(_duel_chunk, pair, deals, seed, jobs, executor, progress, step, "playing")
    return Duel(_name(first), _name(second), seed, tuple(games))


def _rows(
    work: Callable[[_T, int, int, int], list[_R]],
    task: _T,
    deals: int,
    seed: int,
    jobs: int | None,
    executor: concurrent.futures.Executor | None,
    progress: bool | None,
    step: int,
    what: str,
) -> list[_R]:
    """``work``'s rows for deals ``0 .. deals-1`` of ``seed``, in the deals' order, however
    the chunks run (:func:`~officers.core.simulation.run_chunks`)."""
    chunks: dict[int, list[_R]] = {}
    run_chunks(
        work,
        [task],
        deals,
        seed,
        lambda i, start, found: chunks.__setitem__(start, found),
        jobs=jobs,
        executor=executor,
        progress=progress,
        step=max(1, step),
        what=what,
    )
    return [row for start in sorted(chunks) for row in chunks[start]]


# --- best play ------------------------------------------------------------------------------


def _best_chunk(
    samples: int, seed: int, start: int, stop: int
) -> list[tuple[tuple[bool, ...], tuple[float, ...]]]:
    """For each deal: whether Vorhand wins each game double dummy, and (with ``samples``) the
    estimated chance of each game."""
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
    progress: bool | None = None,
) -> BestPlay:
    """How often Vorhand wins with best play and the best game (see :class:`BestPlay`).

    >>> result = best_play(1, seed=3, jobs=1)
    >>> 0 <= result.double_dummy <= 1, result.estimate is None
    (True, True)
    """
    rows = _rows(_best_chunk, samples, deals, seed, jobs, executor, progress, step, "solving")
    double_dummy = sum(any(won) for won, _ in rows)
    by_game = tuple((g, sum(won[i] for won, _ in rows)) for i, g in enumerate(GAMES))
    if not samples:
        return BestPlay(deals, seed, double_dummy, by_game, 0, None)
    best = [max(range(5), key=lambda i: chances[i]) for _, chances in rows]
    mean = sum(max(chances) for _, chances in rows) / len(rows) if rows else 0.0
    best_games = tuple((g, best.count(i)) for i, g in enumerate(GAMES))
    return BestPlay(deals, seed, double_dummy, by_game, samples, mean, best_games)


# --- the game as played ---------------------------------------------------------------------


def _played_chunk(
    task: tuple[str, int, float], seed: int, start: int, stop: int
) -> list[tuple[bool, str, int, Fraction | None]]:
    """For each deal, played by one bot in both seats (Vorhand choosing the game from what she
    sees): whether Vorhand won, the game, and at the first trick's start with at most ``anchor``
    cards face down whose exact value is found within ``limit`` seconds, how many were face
    down and Vorhand's exact win probability there (0 and ``None`` when no such start)."""
    bot, anchor, limit = task
    found: list[tuple[bool, str, int, Fraction | None]] = []
    for number in range(start, stop):
        rng = random.Random(bot_seed(seed, number))
        game = SkatGame(deal_of(seed, number))
        bots = (get_bot(bot), get_bot(bot))
        hidden, value = 0, None
        while not game.is_over():
            public = public_view(game, 0)
            face_down = sum(sum(side) for side in public.hidden)
            at_start = public.game is not None and not public.trick
            if value is None and at_start and face_down <= anchor:
                with contextlib.suppress(SolverTimeoutError):
                    value = exact_value(public, "win", time_limit=limit)
                    hidden = face_down
            player = game.position.to_move
            assert player is not None
            game.push(bots[player].choose(public_view(game, player), rng))
        outcome = game.outcome()
        assert outcome is not None and game.position.game is not None
        found.append((outcome.winner == 0, game.position.game, hidden, value))
    return found


def _clamped(interval: tuple[float, float, float], least: float) -> tuple[float, float, float]:
    """A mean and its normal interval, the interval cut to ``least .. 1`` (a probability, or a
    difference of two)."""
    mean, low, high = interval
    return (mean, max(low, least), min(high, 1.0))


@dataclass(frozen=True)
class PlayedChance:
    """How often Vorhand wins the game as played: ``bot`` in both seats, Vorhand choosing the
    game from the face-up cards only, over ``deals`` deals of ``seed``.

    ``games``: for each deal, whether Vorhand won, the game chosen, and the *anchor*: at the
    first start of a trick with at most ``anchor`` cards face down whose exact value was found
    within ``anchor_limit`` seconds, how many cards were face down and Vorhand's exact win
    probability from there under best play of both (:func:`officers.skat.chance.exact_value`),
    or ``(0, None)``. The anchors replace the bots' play of the rest by best play: their mean,
    over the deals that have one, is an estimate of the game whose last tricks are exact, and
    its difference from the games the bots won from the same positions (paired by deal) is
    what their play of the rest gave away or gained."""

    bot: str
    seed: int
    anchor: int
    anchor_limit: float
    games: tuple[tuple[bool, str, int, Fraction | None], ...]

    @property
    def deals(self) -> int:
        """The deals played."""
        return len(self.games)

    @property
    def wins(self) -> int:
        """The deals Vorhand won."""
        return sum(won for won, _, _, _ in self.games)

    def _anchored(self) -> list[tuple[bool, str, int, Fraction]]:
        return [(w, g, h, v) for w, g, h, v in self.games if v is not None]

    def summary(self) -> str:
        """Two sentences for people: the share Vorhand won, and the anchors' exact values."""
        data = self.to_dict()
        low, high = data["confidence_95"]
        anchored = data["anchored"]
        first = (
            f"As played by {self.bot} against itself, Vorhand wins {self.wins} of {self.deals} "
            f"deals ({data['share']:.1%}, 95 %: {low:.1%} .. {high:.1%})"
        )
        if not anchored["deals"]:
            return first + f"; no deal reached {self.anchor} cards face down with an exact value"
        e_low, e_high = anchored["exact_confidence_95"]
        d_low, d_high = anchored["won_less_exact_confidence_95"]
        return (
            f"{first}. At the first trick with at most {self.anchor} cards face down "
            f"({anchored['deals']} deals), her exact chance under best play averages "
            f"{anchored['exact_mean']:.1%} ({e_low:.1%} .. {e_high:.1%}); the bots won "
            f"{anchored['bots_won']} of those deals, {anchored['won_less_exact']:+.1%} "
            f"({d_low:+.1%} .. {d_high:+.1%}) against it"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``wins`` and their ``share`` with its 95 % interval, the games chosen
        and won (``by_game``), and the ``anchored`` deals: how many, by cards face down, the
        mean exact win probability with its interval, the share the bots won from there, and
        their paired difference (won less exact) with its interval."""
        anchored = self._anchored()
        exact = _clamped(_mean_interval([float(v) for _, _, _, v in anchored]), 0.0)
        given = _clamped(_mean_interval([w - float(v) for w, _, _, v in anchored]), -1.0)
        chosen = {g: sum(1 for _, c, _, _ in self.games if c == g) for g in GAMES}
        won = {g: sum(w for w, c, _, _ in self.games if c == g) for g in GAMES}
        face_down = sorted({h for _, _, h, _ in anchored})
        return {
            "bot": self.bot,
            "seed": self.seed,
            "deals": self.deals,
            "wins": self.wins,
            "share": self.wins / self.deals if self.deals else 0.0,
            "confidence_95": list(wilson_interval(self.wins, self.deals)),
            "by_game": {g: {"chosen": chosen[g], "won": won[g]} for g in GAMES if chosen[g]},
            "anchored": {
                "anchor": self.anchor,
                "time_limit": self.anchor_limit,
                "deals": len(anchored),
                "by_face_down": {
                    str(h): sum(1 for _, _, k, _ in anchored if k == h) for h in face_down
                },
                "exact_mean": exact[0],
                "exact_confidence_95": [exact[1], exact[2]],
                "bots_won": sum(w for w, _, _, _ in anchored),
                "won_less_exact": given[0],
                "won_less_exact_confidence_95": [given[1], given[2]],
            },
        }


def played_chance(
    deals: int,
    seed: int = 0,
    *,
    bot: str = "strongest",
    anchor: int = 6,
    anchor_limit: float = 10.0,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    step: int = 5,
    progress: bool | None = None,
) -> PlayedChance:
    """How often Vorhand wins the game as played by ``bot`` against itself, anchored by exact
    values (see :class:`PlayedChance`). The same numbers whatever ``jobs`` or ``executor``,
    but for bots with a time budget a move (the levels: their moves depend on the machine's
    speed and load).

    >>> result = played_chance(2, seed=3, bot="greedy", anchor=4, jobs=1)
    >>> result.deals, 0 <= result.wins <= 2, all(v is None or 0 <= v <= 1 for *_, v in result.games)
    (2, True, True)
    """
    check_deals(deals, seed)
    if isinstance(anchor, bool) or not isinstance(anchor, int) or not 0 <= anchor <= 16:
        raise InvalidArgumentError(f"the anchor is 0 .. 16 cards face down, got {excerpt(anchor)}")
    get_bot(bot)  # an unknown bot is refused before any game
    task = (bot, anchor, anchor_limit)
    rows = _rows(_played_chunk, task, deals, seed, jobs, executor, progress, step, "playing")
    return PlayedChance(bot, seed, anchor, anchor_limit, tuple(rows))
