"""What the simulations of every game share: a seed for each deal, Wilson's interval for a win
rate, local worker processes that die with their parent, and a progress bar.

>>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
True
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Final

from officers.core.errors import NotationError, excerpt
from officers.core.lifetime import cpus, start_worker

__all__ = [
    "IN_FLIGHT",
    "TERMINATED",
    "bot_seed",
    "deal_seed",
    "jobs_for",
    "progress_bar",
    "wilson_interval",
    "worker_pool",
]

_Z95: Final = 1.959963984540054


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
