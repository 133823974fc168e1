"""Many games of bots, in parallel and reproducibly: win rates, take-backs and why games are lost.

The games are played by the runner every game shares (:func:`officers.core.simulation.play_lineups`,
in local worker processes or on any :class:`concurrent.futures.Executor`); what this module adds
is Euler's Officers' own figures: the take-backs and the reasons of the losses (:class:`Figures`).

Glossary
--------
deal number
    ``0 .. deals-1``: the games of a simulation. Deal ``k`` is dealt from a seed derived from
    ``(seed, k)`` alone, and the bots of that game draw from a second seed derived the same way,
    so every game is the same whichever process plays it: the numbers depend on the seed, never
    on the number of jobs or on the executor.
fatal card
    The last placement that turned a square that could still be finished into a dead one (the
    exact index decides). A lost game is put down to its fatal card: one that passed the
    designers' four checks (a dead end the checks missed) or one that failed them.
dead placement, wasted take-back
    In a lost game: a placement on a square the bot's own checks (the designers' four) had
    already called dead, and a take-back on a dead square that left it dead (a token spent for
    nothing). They tell what a team did after its dead end.
Wilson interval
    The 95 % confidence interval of a win rate (Wilson's score interval: good near 0 and 1).

>>> result = simulate("designers", "normal", players=2, deals=20, seed=1, jobs=1)
>>> result.deals, 0 <= result.wins <= 20, result.low <= result.win_rate <= result.high
(20, True, True)
>>> simulate("exact", "hard", players=3, deals=20, seed=1, jobs=1).wins
20
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from officers.core.errors import NotationError, excerpt
from officers.core.lifetime import cpus
from officers.core.simulation import (  # IN_FLIGHT, jobs_for: where 0.3 had them
    IN_FLIGHT,
    TERMINATED,
    Lineup,
    Tally,
    WinRate,
    bot_seed,
    deal_seed,
    jobs_for,
    play_lineups,
    play_out,
    progress_bar,
    wilson_interval,
    worker_pool,
)
from officers.euler.bots import Bot, get_bot, passes_checks
from officers.euler.game import GameState, Level, Variant, new_game

if TYPE_CHECKING:
    import concurrent.futures

__all__ = [
    "IN_FLIGHT",
    "LOSS_FAILED",
    "LOSS_MISSED",
    "TERMINATED",
    "Figures",
    "SimulationResult",
    "Task",
    "bot_seed",
    "cpus",
    "deal_seed",
    "jobs_for",
    "play_game",
    "progress_bar",
    "results_json",
    "results_table",
    "run_tasks",
    "simulate",
    "wilson_interval",
    "worker_pool",
]

LOSS_MISSED: Final = "stuck after a dead end the checks missed"
"""Loss reason: the fatal card passed the designers' four checks."""
LOSS_FAILED: Final = "stuck after a card that failed the checks"
"""Loss reason: the fatal card failed the designers' four checks (for the designers' bot: no
placement passed them)."""

# --- one game -------------------------------------------------------------------------------------


def play_game(
    bot: str | Bot | Sequence[str | Bot] = "designers",
    level: Level | str = "normal",
    players: int = 2,
    seed: int = 0,
    *,
    number: int = 0,
    tokens: int | None = None,
    variant: Variant | None = None,
) -> GameState:
    """Play deal ``number`` of a simulation with ``seed`` to the end and return the final state
    (its :meth:`~officers.euler.game.GameState.record` replays it). ``bot`` is one bot for every
    player, or one per player.

    >>> game = play_game("exact", "expert", players=2, seed=3)
    >>> print(game.outcome()), game.take_backs()
    won: all 16 cards are in the square
    (None, 0)
    """
    state = new_game(level, players, deal_seed(seed, number), tokens=tokens, variant=variant)
    play_out(state, _team(bot, players), random.Random(bot_seed(seed, number)))
    return state


def _team(bot: str | Bot | Sequence[str | Bot], players: int) -> tuple[Bot, ...]:
    if isinstance(bot, (str, Bot)):
        return (get_bot(bot),) * players
    team = tuple(get_bot(one) for one in bot)
    if len(team) != players:
        raise NotationError(f"{len(team)} bots for {players} players")
    return team


class Figures:
    """Euler's Officers' own figures of one game (an :class:`officers.core.simulation.Watch`):
    the take-backs used and the turns played; in a lost game, its reason (for a player stuck,
    whether the fatal card passed the designers' four checks), the placements on squares whose
    checks had already failed and the take-backs on a dead square that left it dead (the exact
    index decides what is dead)."""

    __slots__ = ("alive", "dead_placements", "fatal", "fatal_passed", "index", "wasted")

    def __init__(self, state: GameState) -> None:
        from officers.euler.solve.index import CompletionIndex

        self.index = CompletionIndex.get(state.rules)
        self.alive = self.index.is_completable(state.square)
        self.fatal = self.fatal_passed = False
        self.dead_placements = self.wasted = 0

    def before(self, state: GameState, move: Any) -> None:
        """Count a placement on a square the checks call dead (the square can no longer be
        finished: the checks never fail on a square that can)."""
        if move.kind == "place" and not self.alive and not passes_checks(state.square, state.rules):
            self.dead_placements += 1

    def after(self, state: GameState, move: Any) -> None:
        """Find the fatal card, and the take-backs that left the square dead."""
        if move.kind == "place":
            now = self.index.is_completable(state.square)
            if self.alive and not now:
                self.fatal = True
                self.fatal_passed = passes_checks(state.square, state.rules)
            self.alive = now
        elif move.kind == "take":
            revived = self.alive or self.index.is_completable(state.square)
            self.wasted += not revived
            self.alive = revived

    def end(self, state: GameState) -> dict[str, int]:
        """The counts of the game: ``take_backs``, ``turns``, ``take_back_games N`` (1 for the
        number of take-backs it used) and, when it is lost, ``loss REASON``,
        ``dead_placements`` and ``wasted_take_backs``."""
        used = state.take_backs()
        counts = {"take_backs": used, "turns": len(state.history), f"take_back_games {used}": 1}
        outcome = state.outcome()
        if outcome is None or outcome.won:
            return counts
        reason: str
        if outcome.reason != "stuck":
            reason = outcome.reason
        elif not self.fatal:
            reason = "stuck"
        else:
            reason = LOSS_MISSED if self.fatal_passed else LOSS_FAILED
        counts.update(
            {
                f"loss {reason}": 1,
                "dead_placements": self.dead_placements,
                "wasted_take_backs": self.wasted,
            }
        )
        return counts


# --- many games -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One simulation to run: a bot (a name, or a :class:`~officers.euler.bots.Bot` that pickles, for
    other processes), a level, players, tokens and a variant."""

    bot: str | Bot
    level: Level
    players: int
    tokens: int
    variant: Variant = field(default_factory=Variant)

    @classmethod
    def make(
        cls,
        bot: str | Bot = "designers",
        level: Level | str = "normal",
        players: int = 2,
        tokens: int | None = None,
        variant: Variant | None = None,
    ) -> Task:
        """A task from names; ``tokens`` defaults to the level's."""
        chosen = Level.get(level)
        name = get_bot(bot).name if isinstance(bot, str) else get_bot(bot)
        if not isinstance(players, int) or not 1 <= players <= 4:
            raise NotationError(f"a game has 1-4 players, got {excerpt(players)}")
        return cls(
            name,
            chosen,
            players,
            chosen.tokens if tokens is None else tokens,
            Variant() if variant is None else variant,
        )

    def lineup(self) -> Lineup:
        """The task as the runner plays it: the deal of its level, players, tokens and variant,
        its bot in every seat, and Euler's Officers' :class:`Figures`."""
        deal = functools.partial(
            new_game, self.level, self.players, tokens=self.tokens, variant=self.variant
        )
        return Lineup(deal, (get_bot(self.bot),) * self.players, Figures)


@dataclass(frozen=True)
class SimulationResult(WinRate):
    """What a simulation found: wins out of deals, the Wilson interval, take-backs used, and the
    reasons of the losses. Two runs with the same task, deals and seed give equal results.

    ``take_back_games`` maps the number of take-backs a game used to how many games used that
    many; ``losses`` maps each reason of loss to its number of games. In the lost games,
    ``dead_placements`` counts the placements on squares the bot's own checks had already called
    dead, and ``wasted_take_backs`` the tokens spent on take-backs that left the square dead
    (the exact index decides).
    """

    bot: str
    level: str
    diagonals: bool
    players: int
    tokens: int
    deals: int
    seed: int
    wins: int
    take_backs: int
    turns: int
    take_back_games: tuple[tuple[int, int], ...]
    losses: tuple[tuple[str, int], ...]
    variant: Variant = field(default_factory=Variant)
    dead_placements: int = 0
    wasted_take_backs: int = 0

    @property
    def played(self) -> int:
        """The deals played (:class:`~officers.core.simulation.WinRate`)."""
        return self.deals

    @property
    def take_backs_per_game(self) -> float:
        """The mean number of take-backs a game."""
        return self.take_backs / self.deals if self.deals else 0.0

    @property
    def lost(self) -> int:
        """The games lost."""
        return self.deals - self.wins

    @property
    def dead_placements_per_loss(self) -> float:
        """Placements on squares the checks called dead, per lost game."""
        return self.dead_placements / self.lost if self.lost else 0.0

    @property
    def wasted_take_backs_per_loss(self) -> float:
        """Take-backs that left the square dead, per lost game."""
        return self.wasted_take_backs / self.lost if self.lost else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see docs/game.md)."""
        return {
            "bot": self.bot,
            "level": self.level,
            "diagonals": self.diagonals,
            "players": self.players,
            "tokens": self.tokens,
            "variant": {
                "open_hands": self.variant.open_hands,
                "coins": self.variant.coins,
                "ozanam": self.variant.ozanam,
            },
            "deals": self.deals,
            "seed": self.seed,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "confidence_95": [self.low, self.high],
            "take_backs": self.take_backs,
            "take_backs_per_game": self.take_backs_per_game,
            "take_back_games": {str(k): v for k, v in self.take_back_games},
            "turns": self.turns,
            "losses": dict(self.losses),
            "lost_games": {
                "dead_placements": self.dead_placements,
                "wasted_take_backs": self.wasted_take_backs,
            },
        }

    def table(self) -> str:
        """A small table of this result (see :func:`results_table`)."""
        return results_table([self])


def _prefixed(figures: Mapping[str, int], prefix: str) -> dict[str, int]:
    return {
        key.removeprefix(prefix): n for key, n in figures.items() if key.startswith(prefix) and n
    }


def _result(task: Task, deals: int, seed: int, tally: Tally) -> SimulationResult:
    figures = tally.figures
    losses = _prefixed(figures, "loss ")
    take_back_games = {int(k): n for k, n in _prefixed(figures, "take_back_games ").items()}
    return SimulationResult(
        bot=get_bot(task.bot).name,
        level=task.level.name,
        diagonals=task.level.diagonals,
        players=task.players,
        tokens=task.tokens,
        deals=deals,
        seed=seed,
        wins=tally.wins(0) if task.players else 0,
        take_backs=figures["take_backs"],
        turns=figures["turns"],
        take_back_games=tuple(sorted(take_back_games.items())),
        losses=tuple(sorted(losses.items(), key=lambda item: (-item[1], item[0]))),
        variant=task.variant,
        dead_placements=figures["dead_placements"],
        wasted_take_backs=figures["wasted_take_backs"],
    )


def run_tasks(
    tasks: Iterable[Task],
    deals: int,
    seed: int = 0,
    *,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> list[SimulationResult]:
    """Run several simulations with the same deals (common random numbers: every task plays
    deals ``0 .. deals-1`` of the seed), in parallel; one result a task, in task order.

    ``executor``: any :class:`concurrent.futures.Executor` (a Dask cluster's
    ``client.get_executor()`` runs the games across machines); it is not shut down. Otherwise
    ``jobs`` local processes (default and most: one a CPU, :func:`cpus`; ``jobs=1`` runs in this
    process). The results are the same whatever the jobs or the executor. Chunks of games are
    submitted a few at a time (:data:`~officers.core.simulation.IN_FLIGHT` a worker) and added
    up as they come in, so the memory does not grow with ``deals``. ``progress``: a progress bar
    on standard error (default: when standard error is a terminal).

    No local process outlives this one: each dies with it, even when it is killed
    (:func:`officers.core.lifetime.start_worker`). While they play, SIGTERM (where no handler is set,
    in the main thread) shuts them down and then raises ``SystemExit(TERMINATED)``, as Ctrl-C
    raises :class:`KeyboardInterrupt` (:func:`officers.core.simulation.run_chunks`).

    >>> easy, hard = run_tasks([Task.make("designers", "easy"), Task.make("designers", "hard")],
    ...                        deals=10, seed=2, jobs=1)
    >>> (easy.level, easy.tokens), (hard.level, hard.tokens)
    (('easy', 3), ('hard', 0))
    """
    tasks = list(tasks)
    tallies = play_lineups(
        [task.lineup() for task in tasks],
        deals,
        seed,
        jobs=jobs,
        executor=executor,
        progress=progress,
    )
    return [_result(task, deals, seed, tally) for task, tally in zip(tasks, tallies, strict=True)]


def simulate(
    bot: str | Bot = "designers",
    level: Level | str = "normal",
    players: int = 2,
    deals: int = 1000,
    seed: int = 0,
    *,
    tokens: int | None = None,
    variant: Variant | None = None,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> SimulationResult:
    """Play ``deals`` games of a team of bots and count: the win rate with its 95 % confidence
    interval, the take-backs used, and the reasons of the losses.

    ``bot`` is a name (``designers``, ``neighbour``, ``exact``, ``hinted``, ``random``) or a
    :class:`~officers.euler.bots.Bot` (it must pickle to run in other processes);
    ``tokens`` overrides the level's take-back tokens. Reproducible: the same arguments give the
    same result whatever ``jobs`` (local processes, default every core) or ``executor`` (any
    :class:`concurrent.futures.Executor`, such as a Dask cluster's); see :func:`run_tasks`.
    :func:`officers.games.simulate.simulate` plays every game alike (``simulate("officers",
    "designers")``: the win rate without this module's figures).

    >>> a = simulate("neighbour", "expert", players=4, deals=12, seed=9, jobs=1)
    >>> b = simulate("neighbour", "expert", players=4, deals=12, seed=9, jobs=2)
    >>> a == b
    True
    """
    task = Task.make(bot, level, players, tokens, variant)
    return run_tasks([task], deals, seed, jobs=jobs, executor=executor, progress=progress)[0]


# --- tables ---------------------------------------------------------------------------------------


def _percent(x: float) -> str:
    return f"{100 * x:.1f} %"


def results_table(results: Sequence[SimulationResult], *, markdown: bool = False) -> str:
    """The results as a table, one row a result: bot, level, players, tokens, deals, wins, the
    win rate with its 95 % interval, take-backs a game, the losses by reason, and in a lost game
    (on average) the placements on squares the bot's checks called dead and the take-backs that
    left the square dead ("on dead / wasted").

    >>> print(results_table([simulate("exact", "normal", players=2, deals=5, seed=0, jobs=1)]))
    bot    level   players  tokens  deals  wins  win rate  95 % interval   take-backs/game  losses: missed / failed / other  a lost game: on dead / wasted
    exact  normal        2       1      5     5  100.0 %   56.6 – 100.0 %             0.00  0 / 0 / 0                        0.0 / 0.0
    """
    header = [
        "bot",
        "level",
        "players",
        "tokens",
        "deals",
        "wins",
        "win rate",
        "95 % interval",
        "take-backs/game",
        "losses: missed / failed / other",
        "a lost game: on dead / wasted",
    ]
    rows = []
    for result in results:
        losses = dict(result.losses)
        missed = losses.pop(LOSS_MISSED, 0)
        failed = losses.pop(LOSS_FAILED, 0)
        other = sum(losses.values())
        rows.append(
            [
                result.bot,
                result.level,
                str(result.players),
                str(result.tokens),
                str(result.deals),
                str(result.wins),
                _percent(result.win_rate),
                f"{100 * result.low:.1f} – {100 * result.high:.1f} %",
                f"{result.take_backs_per_game:.2f}",
                f"{missed} / {failed} / {other}",
                f"{result.dead_placements_per_loss:.1f} / {result.wasted_take_backs_per_loss:.1f}",
            ]
        )
    right = {2, 3, 4, 5, 8}
    if markdown:
        lines = ["| " + " | ".join(header) + " |"]
        lines.append(
            "|" + "|".join("---:" if i in right else "---" for i in range(len(header))) + "|"
        )
        lines.extend("| " + " | ".join(row) + " |" for row in rows)
        return "\n".join(lines)
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    out = []
    for row in [header, *rows]:
        cells = [
            cell.rjust(widths[i]) if i in right and row is not header else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)


def results_json(results: Sequence[SimulationResult]) -> str:
    """The results as a JSON text: ``{"results": [...]}``."""
    return json.dumps({"results": [result.to_dict() for result in results]}, ensure_ascii=False)
