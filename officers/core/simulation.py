"""What the simulations of every game share: the runner that plays many games of bots, a seed
for each deal, Wilson's interval for a win rate, local worker processes that die with their
parent, and a progress bar.

The runner knows no game. A game in progress is anything with the few members of
:class:`officers.games.State` that playing needs (:class:`Playable`); a bot is anything that
chooses a move from its player's view (:class:`Bot`); a :class:`Lineup` says how a deal is dealt
and which bot sits in each seat, and :func:`play_lineups` plays deals ``0 .. deals-1`` of a seed
with every lineup, in this process, in local worker processes or on any
:class:`concurrent.futures.Executor`, and adds up what the games gave (:class:`Tally`). Each
game's simulation (:mod:`officers.euler.simulate`, :mod:`officers.skat.simulate`,
:mod:`officers.games.simulate` for every game by name) is this runner with the game's own
figures (:class:`Watch`).

Glossary
--------
deal number
    ``0 .. deals-1``: the games of a simulation. Deal ``k`` is dealt from :func:`deal_seed`
    ``(seed, k)`` and its bots draw from ``random.Random(bot_seed(seed, k))``, so every game is
    the same whichever process plays it: the numbers depend on the seed, never on the jobs or
    the executor.
seat
    A player's place at the table, ``0 .. players-1``; a lineup puts one bot in each.
seating
    One way of putting a lineup's bots in the seats; :func:`seatings` gives every rotation, so
    that two bots play each deal once from each seat.
return
    What a finished game gives each seat (:meth:`officers.games.State.returns`): 1.0 for a win.

>>> import random
>>> class Coin:  # a game of one move: heads wins
...     current_player = 0
...     won = False
...     def view(self, player=None): return "a coin"
...     def push(self, move): self.won, self.current_player = move == "heads", None
...     def returns(self): return (1.0 if self.won else 0.0,)
>>> class Tosser:
...     name = "tosser"
...     def choose(self, view, rng): return "heads" if rng.random() < 0.5 else "tails"
>>> [tally] = play_lineups([Lineup(lambda number: Coin(), (Tosser(),))], deals=100, seed=1, jobs=1)
>>> tally.games, tally.wins(0), tally.moves
(100, 55, 100)
>>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
True
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import os
import random
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, runtime_checkable

from officers.core.errors import NotationError, excerpt
from officers.core.lifetime import cpus, start_worker

if TYPE_CHECKING:  # loaded where workers run: it brings logging and traceback along
    import concurrent.futures

__all__ = [
    "CHUNK_SECONDS",
    "IN_FLIGHT",
    "TERMINATED",
    "Bot",
    "BotTable",
    "Lineup",
    "Playable",
    "Tally",
    "Watch",
    "WinRate",
    "bot_seed",
    "check_deals",
    "deal_seed",
    "jobs_for",
    "play_lineups",
    "play_out",
    "progress_bar",
    "run_chunks",
    "seatings",
    "wilson_interval",
    "worker_pool",
]

_Z95: Final = 1.959963984540054
_T = TypeVar("_T")
_R = TypeVar("_R")


def _derive(kind: str, seed: int, number: int) -> int:
    import hashlib

    digest = hashlib.sha256(f"officers:{kind}:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def deal_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` of a simulation with ``seed`` (SHA-256, the same everywhere).

    >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
    True
    """
    return _derive("deal", seed, number)


def bot_seed(seed: int, number: int) -> int:
    """The seed of the bots' random choices in deal ``number`` of a simulation with ``seed``."""
    return _derive("bot", seed, number)


def wilson_interval(wins: int, games: int, z: float = _Z95) -> tuple[float, float]:
    """Wilson's score interval for a win rate (95 % by default).

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


class WinRate:
    """The win rate of a result with ``wins`` out of :attr:`played` games, and its 95 % Wilson
    interval: written once for every game's results (a result names what it counts as played:
    deals, games)."""

    __slots__ = ()

    wins: int

    @property
    def played(self) -> int:
        """The games the wins are counted out of."""
        raise NotImplementedError

    @property
    def win_rate(self) -> float:
        """Wins per game played (0.0 for none)."""
        return self.wins / self.played if self.played else 0.0

    @property
    def low(self) -> float:
        """The lower end of the 95 % Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.played)[0]

    @property
    def high(self) -> float:
        """The upper end of the 95 % Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.played)[1]


@contextlib.contextmanager
def progress_bar(
    total: int, enabled: bool, what: str = "simulating"
) -> Iterator[Callable[[int], object]]:
    """A progress bar of ``total`` games on standard error when ``enabled`` (``what`` its
    label); yields the function that advances it by a number of games. tqdm draws it (imported
    only when a bar is shown), and the bar leaves no trace when it closes."""
    if not enabled or total <= 0:
        yield lambda games: None
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=what, unit=" games", leave=False, file=sys.stderr) as bar:
        yield bar.update


@contextlib.contextmanager
def worker_pool(jobs: int | None) -> Iterator[concurrent.futures.Executor | None]:
    """Local worker processes for ``jobs`` (at most one a CPU; ``None`` for one job: play in
    this process), shut down on the way out (the chunks not started cancelled). Each worker dies
    with this process (:func:`officers.core.lifetime.start_worker`); while they play, SIGTERM shuts
    them down first (see :func:`officers.euler.simulate.run_tasks`)."""
    import concurrent.futures

    workers = jobs_for(jobs)
    if workers == 1:
        yield None
        return
    pool = concurrent.futures.ProcessPoolExecutor(
        workers, initializer=start_worker, initargs=(os.getpid(),)
    )
    try:
        with _terminate_cleanly():
            yield pool
    finally:
        pool.shutdown(cancel_futures=True)


IN_FLIGHT: Final = 2
"""Chunks of games submitted a worker at most at a time: the next are submitted as results come
in, so memory stays flat however many deals are asked for, and an interrupt stops within a
chunk."""


def jobs_for(jobs: int | None) -> int:
    """The local processes to start: ``jobs``, at most one a CPU (see :func:`cpus`)."""
    if jobs is None:
        return cpus()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise NotationError(f"jobs must be a whole number >= 1, got {excerpt(jobs)}")
    return min(jobs, cpus())


TERMINATED: Final = 128 + signal.SIGTERM
"""The exit status (:class:`SystemExit`) of a simulation stopped by SIGTERM, as a shell reports a
process ended by SIGTERM: 143."""


@contextlib.contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """While local workers play: the first SIGTERM raises ``SystemExit(TERMINATED)`` here, so that
    the pool is shut down on the way out (the chunks not started cancelled, the running ones let
    finish, the workers joined) before the process ends; a second SIGTERM ends the process at
    once (its workers die with it: :func:`officers.core.lifetime.die_with_parent`). Only in the main
    thread, and only where SIGTERM has no handler yet (a program's own handler is left alone)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return

    def stop(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise SystemExit(TERMINATED)

    signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


# --- bots and games, as the runner sees them -----------------------------------------------------


@runtime_checkable
class Bot(Protocol):
    """A player that is a program: given what its player may know (the view the game gives,
    :meth:`officers.games.State.view`) and a random generator, it chooses a legal move of that
    player. It reads nothing else, and draws every random choice from ``rng``, so that a seed
    reproduces its games.

    Every game's bots are bots in this sense: Euler's Officers' (:class:`officers.euler.bots.Bot`,
    reading a :class:`~officers.euler.view.PlayerView`), Eight Off's
    (:class:`officers.eightoff.bots.Bot`, reading the position) and Offiziersskat's
    (:class:`officers.skat.bots.SkatBot`, reading the view both players share). Each game's
    bots are registered by name (:func:`officers.games.simulate.bots`)."""

    @property
    def name(self) -> str:
        """The bot's name (in tables and documents)."""
        ...

    def choose(self, view: Any, rng: random.Random) -> Any:
        """The move of the player whose view this is (the player to move)."""
        ...


class Playable(Protocol):
    """A game in progress as the runner plays it: the members of
    :class:`officers.games.State` that playing needs (every game's state has them)."""

    @property
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` when the game is over."""
        ...

    def view(self, player: int | None = None) -> Any:
        """What ``player`` may know."""
        ...

    def push(self, move: Any) -> Any:
        """Play ``move`` and answer it as played."""
        ...

    def returns(self) -> tuple[float, ...]:
        """Each seat's return: 1.0 for a win, 0.0 for a loss (0.0 before the end)."""
        ...


class Watch(Protocol):
    """A game's own figures of one game (Euler's Officers' fatal cards and take-backs,
    Offiziersskat's points): told each move before and after it is played, and asked at the end
    for its counts, which the runner adds up over the games (:attr:`Tally.figures`)."""

    def before(self, state: Any, move: Any) -> None:
        """``move`` is about to be played on ``state``."""
        ...

    def after(self, state: Any, move: Any) -> None:
        """``move`` (as played) has been played; ``state`` is the state after it."""
        ...

    def end(self, state: Any) -> Mapping[str, int]:
        """The counts of the finished (or stopped) game ``state``."""
        ...


@dataclass(frozen=True)
class BotTable:
    """A game's bots as the registry names them (:attr:`officers.games.Registered.bots`):
    ``bots``, by name, each a function that makes the bot; ``view``, what a bot is given of a
    state (a function of the state and the seat) when the game gives its bots the player's
    view in a form of its own, else ``None``: the state's :meth:`~Playable.view`.

    Offiziersskat's bots read what both players see as a :class:`~officers.skat.public.Public`,
    made straight from the game (:func:`officers.skat.bots.public_view`): the same knowledge as
    the game's :class:`~officers.skat.game.View`, without the tricks' history the view also
    carries, which a bot does not read."""

    bots: Mapping[str, Callable[[], Bot]]
    view: Callable[[Any, int], Any] | None = None


def play_out(
    state: Playable,
    bots: Sequence[Bot],
    rng: random.Random,
    *,
    watch: Watch | None = None,
    max_moves: int | None = None,
    view: Callable[[Any, int], Any] | None = None,
) -> int:
    """Play ``state`` to its end, the bot of each seat choosing from that seat's view (the
    state's :meth:`~Playable.view`, or ``view(state, seat)`` when given: see
    :class:`BotTable`), every random choice drawn from ``rng``; ``watch`` (when given) sees
    every move. Stops after ``max_moves`` moves when the game has not ended by then (a patience
    game's bot may walk in circles). Answers the number of moves played."""
    choose = [bot.choose for bot in bots]
    push = state.push
    seen: Callable[[int], Any] = state.view if view is None else functools.partial(view, state)
    played = 0
    if watch is None:
        while (player := state.current_player) is not None and played != max_moves:
            push(choose[player](seen(player), rng))
            played += 1
        return played
    before, after = watch.before, watch.after
    while (player := state.current_player) is not None and played != max_moves:
        move = choose[player](seen(player), rng)
        before(state, move)
        after(state, push(move))
        played += 1
    return played


def seatings(bots: Sequence[_T]) -> list[tuple[_T, ...]]:
    """Every rotation of ``bots`` round the table, each once: two bots play each deal once from
    each seat, and a lineup of one bot (or of equal bots) is its own only rotation.

    >>> seatings(["a", "b"]), seatings(["a", "a"]), seatings(["a", "b", "c"])[1]
    ([('a', 'b'), ('b', 'a')], [('a', 'a')], ('b', 'c', 'a'))
    """
    found: list[tuple[_T, ...]] = []
    for shift in range(len(bots)):
        seating = (*bots[shift:], *bots[:shift])
        if seating not in found:
            found.append(seating)
    return found


# --- many games ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lineup:
    """One table of a simulation: ``deal`` makes the state of a deal from its seed (a function
    that pickles, for other processes: a module's function, a class method, a
    :func:`functools.partial` of one), ``bots`` has one bot a seat, ``figures`` (optional)
    makes the game's :class:`Watch` of a dealt state, ``max_moves`` stops a game that has not
    ended after that many moves (counted :attr:`~Tally.unfinished`), and ``view`` is what a bot
    is given of the state (:class:`BotTable`; ``None``: the state's view)."""

    deal: Callable[[int], Playable]
    bots: tuple[Bot, ...]
    figures: Callable[[Any], Watch] | None = None
    max_moves: int | None = None
    view: Callable[[Any, int], Any] | None = None


@dataclass
class Tally:
    """What the games of one lineup gave: ``games``; ``returns``, how many games gave each
    tuple of returns (one a seat); ``moves`` played in all; ``unfinished``, the games stopped
    at the lineup's ``max_moves``; ``figures``, the game's own counts added up. Tallies add
    (:meth:`add`), so chunks of games played anywhere make the same tally."""

    games: int = 0
    returns: Counter[tuple[float, ...]] = field(default_factory=Counter)
    moves: int = 0
    unfinished: int = 0
    figures: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        """Add ``other``'s games to these."""
        self.games += other.games
        self.returns.update(other.returns)
        self.moves += other.moves
        self.unfinished += other.unfinished
        self.figures.update(other.figures)

    def wins(self, seat: int) -> int:
        """The games that seat ``seat`` won (a return of 1.0)."""
        return sum(n for returns, n in self.returns.items() if returns[seat] >= 1.0)


def _play_chunk(lineup: Lineup, seed: int, start: int, stop: int) -> Tally:
    """Play deals ``start .. stop-1`` of ``lineup`` (run in a worker)."""
    tally = Tally()
    bots, figures, max_moves, view = lineup.bots, lineup.figures, lineup.max_moves, lineup.view
    for number in range(start, stop):
        state = lineup.deal(deal_seed(seed, number))
        watch = None if figures is None else figures(state)
        rng = random.Random(bot_seed(seed, number))
        tally.moves += play_out(state, bots, rng, watch=watch, max_moves=max_moves, view=view)
        tally.games += 1
        tally.returns[tuple(state.returns())] += 1
        tally.unfinished += state.current_player is not None
        if watch is not None:
            tally.figures.update(watch.end(state))
    return tally


def check_deals(deals: object, seed: object) -> None:
    """Refuse a number of deals or a seed that is not a whole number >= 0
    (:class:`~officers.NotationError`, quoting it).

    >>> check_deals(-1, 0)
    Traceback (most recent call last):
      ...
    officers.NotationError: deals must be a whole number >= 0, got -1
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise NotationError(f"deals must be a whole number >= 0, got {excerpt(deals)}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise NotationError(f"the seed must be a whole number >= 0, got {excerpt(seed)}")


CHUNK_SECONDS: Final = 0.5
"""About how long a chunk of games takes in a worker, at most, when no step is given: the
chunks grow or shrink to it as they come back, so that an interrupt stops within a chunk,
whether a game takes a millisecond (Euler's Officers) or half a second (a patience game's random
player), and a worker is not kept busy with the submitting."""


class _Steps:
    """The chunks ``(task, start, stop)`` of every task's deals, in order: ``step`` deals
    each, or, when ``learning``, as many as take about :data:`CHUNK_SECONDS` by the chunks done
    so far (at most ``most``). Which deals make a chunk changes no number."""

    def __init__(self, tasks: int, deals: int, step: int, most: int, learning: bool) -> None:
        self.tasks, self.deals, self.step, self.most = tasks, deals, step, most
        self.learning = learning
        self.task = self.start = 0

    def __iter__(self) -> Iterator[tuple[int, int, int]]:
        return self

    def __next__(self) -> tuple[int, int, int]:
        while self.task < self.tasks and self.start >= self.deals:
            self.task, self.start = self.task + 1, 0
        if self.task >= self.tasks:
            raise StopIteration
        stop = min(self.deals, self.start + self.step)
        chunk = (self.task, self.start, stop)
        self.start = stop
        return chunk

    def learn(self, games: int, seconds: float) -> None:
        """A chunk of ``games`` took a worker ``seconds``."""
        if self.learning and games and seconds > 0:
            self.step = max(1, min(self.most, int(CHUNK_SECONDS * games / seconds)))


def _timed(
    work: Callable[[_T, int, int, int], _R], task: _T, seed: int, start: int, stop: int
) -> tuple[_R, float]:
    """``work``'s result for a chunk, and the seconds it took (run in a worker)."""
    began = time.perf_counter()
    return work(task, seed, start, stop), time.perf_counter() - began


def _run_in(
    pool: concurrent.futures.Executor,
    work: Callable[[_T, int, int, int], _R],
    tasks: Sequence[_T],
    chunks: _Steps,
    seed: int,
    collect: Callable[[int, int, _R], object],
    advance: Callable[[int], object],
    width: int,
) -> None:
    """Run the chunks in ``pool`` (``width`` workers), at most :data:`IN_FLIGHT` a worker
    submitted at a time, collecting each result as it comes in."""
    import concurrent.futures

    pending: dict[concurrent.futures.Future[tuple[_R, float]], tuple[int, int, int]] = {}
    try:
        while True:
            for i, start, stop in itertools.islice(chunks, IN_FLIGHT * width - len(pending)):
                future = pool.submit(_timed, work, tasks[i], seed, start, stop)
                pending[future] = (i, start, stop)
            if not pending:
                return
            done, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                i, start, stop = pending.pop(future)
                result, seconds = future.result()
                collect(i, start, result)
                advance(stop - start)
                chunks.learn(stop - start, seconds)
    finally:
        for future in pending:
            future.cancel()


def run_chunks(
    work: Callable[[_T, int, int, int], _R],
    tasks: Sequence[_T],
    deals: int,
    seed: int,
    collect: Callable[[int, int, _R], object],
    *,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
    step: int | None = None,
    what: str = "simulating",
) -> None:
    """Run ``work(task, seed, start, stop)`` on every chunk of deals ``0 .. deals-1`` of every
    task, and ``collect(i, start, result)`` each result (of ``tasks[i]``, deals from
    ``start``) as it comes in, in the order the chunks end: what ``collect`` builds must not
    depend on that order. ``work`` must pickle (a module's function) to run elsewhere.

    ``executor``: any :class:`concurrent.futures.Executor` (a Dask cluster's
    ``client.get_executor()`` runs the chunks across machines); it is not shut down. Otherwise
    ``jobs`` local processes (default and most: one a CPU, :func:`~officers.core.lifetime.cpus`;
    ``jobs=1`` works in this process). Chunks (``step`` deals each, by default as many as keep
    every worker busy, each lasting about :data:`CHUNK_SECONDS` at most) are submitted a few at a
    time (:data:`IN_FLIGHT` a worker), so memory does not grow with ``deals``. ``progress``: a progress bar of the games on standard error
    (default: when standard error is a terminal), labelled ``what``.

    No local process outlives this one: each dies with it, even when it is killed
    (:func:`officers.core.lifetime.start_worker`). While they work, SIGTERM (where no handler
    is set, in the main thread) shuts them down and then raises ``SystemExit(TERMINATED)``, as
    Ctrl-C raises :class:`KeyboardInterrupt`.
    """
    check_deals(deals, seed)
    if step is not None and (isinstance(step, bool) or not isinstance(step, int) or step < 1):
        raise NotationError(f"step must be a whole number >= 1, got {excerpt(step)}")
    workers = jobs_for(jobs)
    shown = sys.stderr.isatty() if progress is None else progress
    with progress_bar(deals * len(tasks), shown, what) as advance:
        if executor is None and workers == 1:
            size = step or max(1, min(100, deals))
            for i, start, stop in _Steps(len(tasks), deals, size, size, learning=False):
                collect(i, start, work(tasks[i], seed, start, stop))
                advance(stop - start)
            return
        width = cpus() if executor is not None else workers
        most = max(1, min(250, math.ceil(deals * len(tasks) / (4 * width))))
        chunks = _Steps(len(tasks), deals, step or min(most, 8), step or most, step is None)
        if executor is not None:
            _run_in(executor, work, tasks, chunks, seed, collect, advance, width)
            return
        with worker_pool(workers) as pool:
            assert pool is not None
            _run_in(pool, work, tasks, chunks, seed, collect, advance, width)


def play_lineups(
    lineups: Sequence[Lineup],
    deals: int,
    seed: int = 0,
    *,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
    step: int | None = None,
) -> list[Tally]:
    """Play deals ``0 .. deals-1`` of ``seed`` with every lineup (the same deals for each:
    common random numbers); one :class:`Tally` a lineup, in order. The same tallies whatever
    ``jobs``, ``executor`` or ``step`` (see :func:`run_chunks`, which runs them).

    >>> import functools
    >>> from officers.core.deals import shuffled
    >>> class Pile:  # a patience of one card, won when it is the ace (card 0)
    ...     def __init__(self, number): self.card, self.current_player = shuffled(number, 4)[0], 0
    ...     def view(self, player=None): return self.card
    ...     def push(self, move): self.current_player = None
    ...     def returns(self): return (1.0 if self.card == 0 else 0.0,)
    >>> class Turner:
    ...     name = "turner"
    ...     def choose(self, view, rng): return "turn"
    >>> [tally] = play_lineups([Lineup(Pile, (Turner(),))], deals=400, seed=3, jobs=1)
    >>> tally.games, 0.2 < tally.wins(0) / tally.games < 0.3, tally.returns.keys() == {(0.0,), (1.0,)}
    (400, True, True)
    """
    lineups = list(lineups)
    tallies = [Tally() for _ in lineups]

    def collect(i: int, start: int, tally: Tally) -> None:
        tallies[i].add(tally)

    run_chunks(
        _play_chunk,
        lineups,
        deals,
        seed,
        collect,
        jobs=jobs,
        executor=executor,
        progress=progress,
        step=step,
    )
    return tallies
