"""The census of a variant: how many of its numbered deals can be won, with a 95 % interval.

:func:`census` solves deals ``first .. last`` of a variant with the exact solver
(:func:`~officers.eightoff.solve.solve_position`) and counts three verdicts apart:
*solvable*, *unsolvable* (proved) and *unknown* (the time limit or the bound on the states
ran out first). An unknown deal is never counted as a win or as a loss: the share of winnable
deals is given among the decided deals, with Wilson's 95 % interval, and beside it the shares
if every unknown deal were lost or won (the bounds the unknowns leave open).

Each deal's verdict depends only on its number, the variant and the limits, so the census is
the same whatever runs it: this process (``jobs=1``), local processes (``jobs=N``, default
every CPU: :func:`officers.euler.simulate.worker_pool`) or any :class:`concurrent.futures.Executor`
(a Dask cluster's ``client.get_executor()``). The deals go out in chunks of consecutive
numbers, and the verdicts come back merged in deal order. A time limit is wall-clock time: a
deal decided close to it may come out unknown on a slower or busier machine. ``max_states``
is exact: with ``time_limit=None`` the census is the same on every machine.

>>> result = census("eight-off", range(2340, 2344), time_limit=None, max_states=20_000, jobs=1)
>>> result.counts, result.unsolvable_deals
((3, 1, 0), (2342,))
>>> low, high = result.interval
>>> round(result.share, 2), round(low, 3), round(high, 3)
(0.75, 0.301, 0.954)
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from officers.core.errors import InvalidArgumentError, check_time_limit, excerpt
from officers.core.lifetime import cpus
from officers.core.simulation import IN_FLIGHT, progress_bar, wilson_interval, worker_pool
from officers.eightoff.game import EightOffGame
from officers.eightoff.position import Position
from officers.eightoff.solve import solve_position
from officers.eightoff.variant import Variant

__all__ = [
    "STATUSES",
    "Census",
    "Timing",
    "census",
    "deal_numbers",
    "solve_deals",
]

STATUSES: Final = ("solvable", "unsolvable", "unknown")
"""The verdicts, in the order of :attr:`Census.counts`."""

CHUNK: Final = 50
"""The most deals in one chunk sent to a worker."""

Verdicts = list[tuple[int, float]]
"""One ``(status index, seconds)`` a deal, in deal order."""


def deal_numbers(deals: range | int) -> range:
    """The deal numbers of a census: a ``range``, or a count ``N`` for deals ``1 .. N``.

    >>> deal_numbers(3), deal_numbers(range(10, 20))
    (range(1, 4), range(10, 20))
    """
    if isinstance(deals, range):
        if deals.step != 1 or (len(deals) and deals.start < 0):
            raise InvalidArgumentError(f"the deals are consecutive numbers >= 0, got {deals!r}")
        return deals
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise InvalidArgumentError(f"the deals are a range or a count >= 0, got {excerpt(deals)}")
    return range(1, deals + 1)


def solve_deals(
    variant: Variant,
    numbers: range,
    microsoft: bool,
    time_limit: float | None,
    max_states: int,
) -> Verdicts:
    """Solve the deals ``numbers`` of ``variant`` (Microsoft's numbering with ``microsoft``):
    one ``(status index, seconds)`` a deal, in order. Run in a worker.

    >>> from officers.eightoff import BAKERS_GAME
    >>> [STATUSES[status] for status, _ in solve_deals(BAKERS_GAME, range(1, 3), False, 10.0, 10**6)]
    ['solvable', 'unsolvable']
    """
    verdicts: Verdicts = []
    for number in numbers:
        if microsoft:
            position = EightOffGame.microsoft(number, variant).position
        else:
            position = Position.numbered(number, variant)
        solution = solve_position(position, time_limit=time_limit, max_states=max_states)
        verdicts.append((STATUSES.index(solution.status), solution.seconds))
    return verdicts


@dataclass(frozen=True)
class Timing:
    """The solver's seconds a deal (median, 99th percentile, most, sum) and the wall-clock
    seconds of the whole census."""

    median: float = 0.0
    p99: float = 0.0
    most: float = 0.0
    total: float = 0.0
    wall: float = 0.0

    @classmethod
    def of(cls, seconds: list[float], wall: float) -> Timing:
        """The timing of the seconds of each deal.

        >>> Timing.of([0.1, 0.3, 0.2], 0.5).median
        0.2
        """
        if not seconds:
            return cls(wall=wall)
        ordered = sorted(seconds)
        p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
        return cls(statistics.median(ordered), p99, ordered[-1], math.fsum(ordered), wall)


@dataclass(frozen=True)
class Census:
    """What a census found: the deals' numbers, the limits, the counts of the three verdicts,
    the numbers of the unsolvable and of the unknown deals, and (compared by no ``==``: it is
    a measurement) the timing. Two censuses of the same deals, variant and limits are equal
    whatever ran them (with ``time_limit=None``, on any machine)."""

    variant: str
    microsoft: bool
    first: int
    last: int
    time_limit: float | None
    max_states: int
    solvable: int
    unsolvable: int
    unknown: int
    unsolvable_deals: tuple[int, ...]
    unknown_deals: tuple[int, ...]
    timing: Timing = field(default_factory=Timing, compare=False)

    @property
    def deals(self) -> int:
        """The deals counted."""
        return self.solvable + self.unsolvable + self.unknown

    @property
    def counts(self) -> tuple[int, int, int]:
        """``(solvable, unsolvable, unknown)``."""
        return (self.solvable, self.unsolvable, self.unknown)

    @property
    def decided(self) -> int:
        """The deals solved or proved unsolvable."""
        return self.solvable + self.unsolvable

    @property
    def share(self) -> float:
        """The share of winnable deals among the decided ones (0 when none is decided)."""
        return self.solvable / self.decided if self.decided else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson's 95 % interval of :attr:`share` (among the decided deals)."""
        return wilson_interval(self.solvable, self.decided)

    @property
    def if_unknown_lost(self) -> float:
        """The share of winnable deals among all if every unknown deal were lost."""
        return self.solvable / self.deals if self.deals else 0.0

    @property
    def if_unknown_won(self) -> float:
        """The share of winnable deals among all if every unknown deal were won."""
        return (self.solvable + self.unknown) / self.deals if self.deals else 0.0

    @property
    def widest(self) -> tuple[float, float]:
        """The 95 % interval whatever the unknown deals are: the low end of Wilson's interval
        with every unknown lost, the high end with every unknown won."""
        return (
            wilson_interval(self.solvable, self.deals)[0],
            wilson_interval(self.solvable + self.unknown, self.deals)[1],
        )

    @property
    def deals_per_second(self) -> float:
        """Deals counted per wall-clock second."""
        return self.deals / self.timing.wall if self.timing.wall > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``kind`` ``"eightoff-census"``; see docs/eightoff.md)."""
        timing = self.timing
        return {
            "kind": "eightoff-census",
            "variant": self.variant,
            "microsoft": self.microsoft,
            "first": self.first,
            "last": self.last,
            "deals": self.deals,
            "time_limit": self.time_limit,
            "max_states": self.max_states,
            "solvable": self.solvable,
            "unsolvable": self.unsolvable,
            "unknown": self.unknown,
            "share": self.share,
            "confidence_95": list(self.interval),
            "if_unknown_lost": self.if_unknown_lost,
            "if_unknown_won": self.if_unknown_won,
            "widest_95": list(self.widest),
            "unsolvable_deals": list(self.unsolvable_deals),
            "unknown_deals": list(self.unknown_deals),
            "seconds": {
                "median": timing.median,
                "p99": timing.p99,
                "max": timing.most,
                "total": timing.total,
                "wall": timing.wall,
            },
            "deals_per_second": self.deals_per_second,
        }

    def text(self) -> str:
        """The census in a few lines of English."""
        low, high = self.interval
        wide_low, wide_high = self.widest
        timing = self.timing
        numbering = "Microsoft's deals" if self.microsoft else "deals"
        lines = [
            f"{self.variant}, {numbering} {self.first}-{self.last}: {self.deals:,} deals",
            f"solvable {self.solvable:,}, unsolvable {self.unsolvable:,}, unknown {self.unknown:,}",
            f"winnable: {100 * self.share:.2f} % of the decided deals "
            f"(95 % interval {100 * low:.2f} - {100 * high:.2f} %)",
            f"with the unknown deals lost / won: {100 * self.if_unknown_lost:.2f} % / "
            f"{100 * self.if_unknown_won:.2f} % (95 %: {100 * wide_low:.2f} - "
            f"{100 * wide_high:.2f} %)",
            "unsolvable deals: " + (" ".join(map(str, self.unsolvable_deals)) or "none"),
            "unknown deals: " + (" ".join(map(str, self.unknown_deals)) or "none"),
            f"seconds a deal: median {timing.median:.3f}, p99 {timing.p99:.3f}, "
            f"max {timing.most:.3f}; {timing.wall:.1f} s in all, "
            f"{self.deals_per_second:.1f} deals/s",
        ]
        return "\n".join(lines)


def census(
    variant: Variant | str,
    deals: range | int = 1000,
    *,
    microsoft: bool = False,
    time_limit: float | None = 10.0,
    max_states: int = 5_000_000,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> Census:
    """Solve the numbered deals ``deals`` (a ``range``, or a count ``N`` for ``1 .. N``) of
    ``variant`` (a :class:`~officers.eightoff.variant.Variant`, a preset's name or a variant
    notation), Microsoft's numbering with ``microsoft``, and count the verdicts.

    ``time_limit`` (seconds, ``None`` for no bound) and ``max_states`` bound each deal's
    search; past either the deal is unknown. ``executor``: any
    :class:`concurrent.futures.Executor` (not shut down); otherwise ``jobs`` local processes
    (default and most: one a CPU; ``jobs=1`` solves in this process). ``progress``: a
    progress bar on standard error (default: when it is a terminal).
    """
    chosen = variant if isinstance(variant, Variant) else Variant.parse(variant)
    numbers = deal_numbers(deals)
    if microsoft and len(numbers) and numbers.start < 1:
        raise InvalidArgumentError(f"Microsoft's deals start at 1, got {numbers!r}")
    limit = check_time_limit(time_limit)
    if isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1:
        raise InvalidArgumentError(f"max_states is an int >= 1, got {excerpt(max_states)}")

    def work(chunk: range) -> tuple[Callable[..., Verdicts], tuple[Any, ...]]:
        return solve_deals, (chosen, chunk, microsoft, limit, max_states)

    shown = sys.stderr.isatty() if progress is None else progress
    started = time.monotonic()
    with progress_bar(len(numbers), shown, "census") as advance:
        if executor is not None:
            verdicts = run_chunks(executor, numbers, work, advance, width=cpus())
        else:
            with worker_pool(jobs) as pool:
                if pool is None:
                    verdicts = []
                    for chunk in chunks(numbers, CHUNK):
                        verdicts += solve_deals(*work(chunk)[1])
                        advance(len(chunk))
                else:
                    width = cpus() if jobs is None else min(jobs, cpus())
                    verdicts = run_chunks(pool, numbers, work, advance, width=width)
    return tally(chosen, numbers, microsoft, limit, max_states, verdicts, started)


def chunks(numbers: range, step: int) -> Iterator[range]:
    """The consecutive chunks of ``numbers``, ``step`` deals each (the last may be shorter).

    >>> list(chunks(range(1, 6), 2))
    [range(1, 3), range(3, 5), range(5, 6)]
    """
    for start in range(0, len(numbers), step):
        yield numbers[start : start + step]


def run_chunks(
    pool: concurrent.futures.Executor,
    numbers: range,
    work: Callable[[range], tuple[Callable[..., Verdicts], tuple[Any, ...]]],
    advance: Callable[[int], object],
    *,
    width: int,
) -> Verdicts:
    """Solve the chunks of ``numbers`` in ``pool`` (``width`` workers), at most
    :data:`~officers.euler.simulate.IN_FLIGHT` a worker submitted at a time; the verdicts merged in
    deal order."""
    step = max(1, min(CHUNK, math.ceil(len(numbers) / (4 * width))))
    todo = enumerate(chunks(numbers, step))
    pending: dict[concurrent.futures.Future[Verdicts], tuple[int, int]] = {}
    done_chunks: dict[int, Verdicts] = {}
    try:
        while True:
            for index, chunk in itertools.islice(todo, IN_FLIGHT * width - len(pending)):
                function, arguments = work(chunk)
                pending[pool.submit(function, *arguments)] = (index, len(chunk))
            if not pending:
                break
            done, _ = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                index, size = pending.pop(future)
                done_chunks[index] = future.result()
                advance(size)
    finally:
        for future in pending:
            future.cancel()
    return [verdict for index in sorted(done_chunks) for verdict in done_chunks[index]]


def tally(
    variant: Variant,
    numbers: range,
    microsoft: bool,
    time_limit: float | None,
    max_states: int,
    verdicts: Verdicts,
    started: float,
) -> Census:
    """The census of the verdicts of ``numbers``, in deal order."""
    wall = time.monotonic() - started
    counts = [0, 0, 0]
    lists: tuple[list[int], list[int], list[int]] = ([], [], [])
    for number, (status, _) in zip(numbers, verdicts, strict=True):
        counts[status] += 1
        if status:  # the solvable deals are only counted: the designers want the others' numbers
            lists[status].append(number)
    return Census(
        variant=variant.notation(),
        microsoft=microsoft,
        first=numbers.start,
        last=numbers.stop - 1,
        time_limit=time_limit,
        max_states=max_states,
        solvable=counts[0],
        unsolvable=counts[1],
        unknown=counts[2],
        unsolvable_deals=tuple(lists[1]),
        unknown_deals=tuple(lists[2]),
        timing=Timing.of([seconds for _, seconds in verdicts], wall),
    )
