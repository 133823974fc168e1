"""The compiled chance search's moves at the top split between threads, all on one memo.

A long exact search of the chance game (:mod:`officers.skat.chance`) spends most of its time
below the top state's moves, each searched on its own: each move's value for a tip
(:func:`~officers.skat.chance.move_values`); for the top state's value, the best move's value
(the states after it, one for each card that may turn up, each valued exactly) and the
refutation of every other move (each shown no better than the best so far). Those searches can
run at once, each in a thread of its own, as long as they share what they find: a refutation
lives on the positions the best move's search left in the memo, and a thread with a memo of its
own would search them again. So every thread's search is one
:class:`~officers.skat.accel.CompiledChance` on one memo
(:meth:`~officers.skat.accel.CompiledChance.share`: the memo at its largest, each bucket read
and written under a lock), and each takes the next job left when it is free. The compiled
search runs without Python's lock, so the threads run on as many cores.

*Sound*: every value a search stores is a true bound whoever stored it, whatever the others
do, and a bucket is read and written whole under its lock. With a best so far, a move is
searched in the window above it (for Vorhand; below it for Hinterhand): fail-soft, the answer
is the move's value where it is better, a bound no better than that best otherwise, so the
best of the answers is the value, whichever thread found which. A search that stops (out of
time, an exception, a signal's in the calling thread) halts the others
(:meth:`~officers.skat.accel.CompiledChance.halt`).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from officers.core.lifetime import cpus
from officers.skat.accel import CompiledChance
from officers.skat.moves import Move
from officers.skat.public import Public
from officers.skat.search import check_threads
from officers.skat.solve import sampled_wins

__all__ = [
    "FULL",
    "ORDER_SAMPLES",
    "SPLIT_AFTER",
    "Split",
    "by_sampled_wins",
    "split",
    "threads_of",
]

SPLIT_AFTER: Final = 0.25
"""Seconds the compiled search of a state runs as one search before its moves at the top are
ordered by sampled wins and split between the threads allowed (one thread: taken in turn): a
search that ends sooner would gain less than the sampling, the threads and their memo of 64 MiB
cost."""

ORDER_SAMPLES: Final = 32
"""The completions :func:`by_sampled_wins` solves."""

FULL: Final = 1 << 62
"""Above every value: a window up to it is open above."""

Where = tuple[bytes, int, int, int, int, tuple[int, int]]
"""A state as :meth:`~officers.skat.accel.CompiledChance.value` reads it: the face-up cards,
the hidden piles, the unseen cards, the leader, the card led and the points."""


def threads_of(threads: int | None) -> int:
    """``threads`` checked (1 .. 8), or by default two where the process may use two CPUs."""
    return min(2, cpus()) if threads is None else check_threads(threads)


@dataclass(frozen=True, slots=True)
class Split:
    """What :func:`split` found: each job's answer in the order given (``None`` where a search
    ran out of time), and the states and leaves the other threads' searches valued."""

    values: list[int] | None
    nodes: int
    leaves: int


def split(
    search: CompiledChance,
    jobs: Sequence[tuple[Where, int]],
    *,
    threads: int,
    deadline: float | None,
    best: int | None = None,
    maximise: bool = True,
) -> Split:
    """The value of each job, a state and the slot played from it (-1: the state's own value),
    times the state's scale, by ``threads`` searches on ``search``'s memo (``search`` itself in
    the calling thread). With ``best`` ``None`` each job's exact value (the full window); else
    the jobs are the moves of one state and only the best matters: each move in the window
    beyond the best so far (``best``, or a better one found since), for Vorhand
    (``maximise``) or Hinterhand, so that the best answer is the state's value."""
    helpers = [search.share() for _ in range(threads - 1)]
    lock = threading.Lock()
    queue = list(range(len(jobs)))
    found: dict[int, int] = {}
    stopped: list[bool] = []
    errors: list[BaseException] = []

    def window() -> tuple[int, int]:
        if best is None:
            return (-1, FULL)
        known = [best, *found.values()]
        return (max(known), FULL) if maximise else (-1, min(known))

    def work(mine: CompiledChance) -> None:
        while True:
            with lock:
                if not queue or stopped or errors:
                    return
                job = queue.pop(0)
                bounds = window()
            where, slot = jobs[job]
            value = mine.value(*where, slot, bounds, deadline)
            if value is None:  # out of time, or halted: the others stop too
                with lock:
                    stopped.append(True)
                mine.halt()
                return
            with lock:
                found[job] = value

    def helper(mine: CompiledChance) -> None:
        try:
            work(mine)
        except BaseException as error:  # re-raised in the calling thread
            with lock:
                errors.append(error)
            mine.halt()

    started = [threading.Thread(target=helper, args=(h,), daemon=True) for h in helpers]
    for thread in started:
        thread.start()
    try:
        work(search)
    except BaseException:  # a signal's exception: the other searches stop with this one
        with lock:
            stopped.append(True)
        search.halt()
        raise
    finally:
        for thread in started:  # a search that stopped has halted the others
            thread.join()
    if errors:
        raise errors[0]
    nodes = leaves = 0
    for h in helpers:
        n, leaf, _ = h.stats()
        nodes, leaves = nodes + n, leaves + leaf
    values = None if stopped else [found[job] for job in range(len(jobs))]
    return Split(values, nodes, leaves)


def by_sampled_wins(
    public: Public, moves: Mapping[int, Move], *, deadline: float | None
) -> list[int]:
    """The slots of ``moves`` (each slot's move), those that win double dummy in the most of
    :data:`ORDER_SAMPLES` completions of ``public`` first for the player to move (the fewest
    for Hinterhand); ties in the order given. The completions are drawn from the view alone
    (:meth:`~officers.skat.public.Public.seed`). An order only: the first move split searches
    first should be the best, or the others are refuted against a worse one. Past
    ``deadline`` (:func:`time.perf_counter`), :class:`~officers.SolverTimeoutError`."""
    rng = random.Random(public.seed())
    positions = [public.sample(rng) for _ in range(ORDER_SAMPLES)]
    until = None if deadline is None else time.monotonic() + (deadline - time.perf_counter())
    won = sampled_wins(list(moves.values()), positions, deadline=until)
    counts = {slot: won[move] for slot, move in moves.items()}
    sign = -1 if public.to_move == 0 else 1
    return sorted(moves, key=lambda slot: sign * counts[slot])
