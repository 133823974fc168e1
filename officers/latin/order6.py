"""Euler's 36 officers, proved impossible: every reduced Latin square of order 6, none with a mate.

A graeco-latin square of order ``n`` is a Latin square (its first layer) with an orthogonal mate
(its second). Renaming the symbols of the first layer, and permuting the rows and the columns of
the whole square, keep it graeco-latin, and they turn any Latin square into a *reduced* one
(first row and first column ``0, 1, ..., n-1``). So a graeco-latin square of order 6 exists if
and only if some reduced Latin square of order 6 has an orthogonal mate: :func:`mate_census`
generates all 9408 of them, lists the transversals of each, and searches for ``n`` disjoint
ones (docs/mathematics.md tells the story and the argument).

Glossary
--------
census
    What :func:`mate_census` learns about the reduced Latin squares of one order: how many, how
    many transversals each (the distribution), how many have a mate, how many mates in all.
mate
    An orthogonal mate up to renaming its symbols: a partition of the cells into ``n`` disjoint
    transversals.

>>> census = prove_order_6()
>>> census.squares, census.with_mates, census.orthogonal_pairs()
(9408, 0, 0)
>>> census.transversal_counts
((0, 2100), (8, 7020), (24, 108), (32, 180))
>>> mate_census(5).orthogonal_pairs()
6220800
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from officers.core.errors import SolverTimeoutError, UnsupportedError
from officers.latin.cover import exact_covers

__all__ = ["MateCensus", "mate_census", "prove_order_6"]


@dataclass(frozen=True)
class MateCensus:
    """The reduced Latin squares of one order, their transversals and their orthogonal mates.

    Attributes
    ----------
    order
        ``n``.
    squares
        How many reduced Latin squares were examined (OEIS A000315: 1, 1, 1, 4, 56, 9408).
    transversal_counts
        Pairs ``(t, k)``: ``k`` of the squares have exactly ``t`` transversals.
    covered
        How many squares have every cell on some transversal (the others cannot have a mate).
    with_mates
        How many squares have an orthogonal mate.
    mates
        How many mates in all (up to renaming their symbols), summed over the squares.
    seconds
        How long the census took.
    """

    order: int
    squares: int
    transversal_counts: tuple[tuple[int, int], ...]
    covered: int
    with_mates: int
    mates: int
    seconds: float

    def orthogonal_pairs(self) -> int:
        """The number of ordered pairs of orthogonal Latin squares of this order.

        Each of the ``n! (n-1)!`` row and column permutations that keep the first row where it
        is, applied to a reduced square, gives another Latin square with as many mates; every
        Latin square arises once so; and each mate names its symbols in ``n!`` ways.
        """
        n = self.order
        return self.mates * math.factorial(n) ** 2 * math.factorial(n - 1)

    def summary(self) -> str:
        """The census in a few lines of text.

        >>> print(mate_census(3).summary())
        order 3: 1 reduced Latin square examined
        transversals: 3 in 1 square
        every cell on some transversal: 1 square
        with an orthogonal mate: 1 square (1 mate up to renaming symbols)
        ordered pairs of orthogonal Latin squares: 72
        """
        n = self.order
        lines = [f"order {n}: {_plural(self.squares, 'reduced Latin square')} examined"]
        lines.append(
            "transversals: "
            + ", ".join(f"{t} in {_plural(k, 'square')}" for t, k in self.transversal_counts)
        )
        lines.append(f"every cell on some transversal: {_plural(self.covered, 'square')}")
        lines.append(
            f"with an orthogonal mate: {_plural(self.with_mates, 'square')} "
            f"({_plural(self.mates, 'mate')} up to renaming symbols)"
        )
        lines.append(f"ordered pairs of orthogonal Latin squares: {self.orthogonal_pairs()}")
        if self.with_mates == 0:
            lines.append(f"so no graeco-latin square of order {n} exists")
        return "\n".join(lines)

    def summary_with_time(self) -> str:
        """:meth:`summary` and the time taken (not stable, so not doctested)."""
        return f"{self.summary()}\ntime: {self.seconds:.2f} s"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def _step(states: dict[int, int], row: Sequence[int], n: int) -> dict[int, int]:
    """Extend partial transversals by one row.

    ``states`` maps ``columns | symbols << n`` (the bitsets of the columns and the symbols that
    partial transversals use) to how many partial transversals use exactly those.
    """
    following: dict[int, int] = {}
    get = following.get
    uses = [1 << c | 1 << (n + row[c]) for c in range(n)]
    for state, ways in states.items():
        for used in uses:
            if not state & used:
                key = state | used
                following[key] = get(key, 0) + ways
    return following


def _join(grid: list[list[int]], top: dict[int, int], first: int, n: int) -> tuple[int, int]:
    """The number of transversals, and the cells of the rows from ``first`` on that they reach.

    Partial transversals of the rows from ``first`` on are joined to those counted in ``top``.
    """
    full = (1 << 2 * n) - 1
    total = 0
    reach = 0
    uses = [
        [(1 << c | 1 << (n + row[c]), 1 << (n * r + c)) for c in range(n)]
        for r, row in enumerate(grid)
    ]

    def extend(r: int, state: int, cells: int) -> None:
        nonlocal total, reach
        if r == n:
            ways = top.get(full ^ state, 0)
            if ways:
                total += ways
                reach |= cells
            return
        for used, cell in uses[r]:
            if not state & used:
                extend(r + 1, state | used, cells | cell)

    extend(first, 0, 0)
    return total, reach


def _cell_sets(grid: list[list[int]], n: int) -> list[int]:
    """Every transversal of the Latin square, as the bitset of its cells."""
    found: list[int] = []
    uses = [
        [(1 << c | 1 << (n + row[c]), 1 << (n * r + c)) for c in range(n)]
        for r, row in enumerate(grid)
    ]

    def extend(r: int, state: int, cells: int) -> None:
        if r == n:
            found.append(cells)
            return
        for used, cell in uses[r]:
            if not state & used:
                extend(r + 1, state | used, cells | cell)

    extend(0, 0, 0)
    return found


def _reduced_squares(
    grid: list[list[int]], split: int, on_row: Callable[[int], None], on_square: Callable[[], None]
) -> None:
    """Fill ``grid`` (first row and column in place) with every reduced Latin square, row by row.

    ``on_row(r)`` is called when rows ``0 .. r-1`` are complete (for ``2 <= r <= split``), and
    ``on_square()`` on each full square.
    """
    n = len(grid)
    full = (1 << n) - 1
    row_free = [0] + [full & ~(1 << r) for r in range(1, n)]
    column_free = [0] + [full & ~(1 << c) for c in range(1, n)]
    cells = [(r, c) for r in range(1, n) for c in range(1, n)]

    def fill(k: int) -> None:
        if k == len(cells):
            on_square()
            return
        r, c = cells[k]
        if c == 1 and 2 <= r <= split:
            on_row(r)
        free = row_free[r] & column_free[c]
        while free:
            bit = free & -free
            free ^= bit
            grid[r][c] = bit.bit_length() - 1
            row_free[r] ^= bit
            column_free[c] ^= bit
            fill(k + 1)
            row_free[r] ^= bit
            column_free[c] ^= bit

    fill(0)


def mate_census(n: int, *, time_limit: float | None = None) -> MateCensus:
    """Examine every reduced Latin square of order ``n``: its transversals and its mates.

    The squares are generated row by row; the partial transversals of all but the last two
    rows are listed once for all the squares that share those rows, and joined to those of
    the last two rows. A square whose transversals cover every cell goes to the exact cover
    search for ``n`` disjoint ones. Meant for ``n <= 6`` (order 7 has 16,942,080 reduced
    squares). Out of time (``time_limit`` seconds) it raises :class:`~officers.SolverTimeoutError`.

    >>> mate_census(4).transversal_counts, mate_census(4).mates
    (((0, 3), (8, 1)), 2)
    """
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 7:
        raise UnsupportedError(f"the census covers orders 1-7, got {n!r}")
    start = time.monotonic()
    deadline = None if time_limit is None else start + time_limit
    split = max(n - 2, 1)
    universe = (1 << n * n) - 1
    last_rows = universe ^ ((1 << n * split) - 1)
    distribution: dict[int, int] = {}
    tally = {"squares": 0, "covered": 0, "with_mates": 0, "mates": 0}
    levels: list[dict[int, int]] = [{0: 1}, _step({0: 1}, range(n), n)] + [{}] * n
    grid = [[r if c == 0 else c if r == 0 else -1 for c in range(n)] for r in range(n)]

    def on_row(r: int) -> None:
        levels[r] = _step(levels[r - 1], grid[r - 1], n)
        if deadline is not None and time.monotonic() > deadline:
            raise SolverTimeoutError(
                f"the census of order {n} ran out of time after {time_limit} s: "
                f"{tally['squares']} reduced squares examined, "
                f"{tally['with_mates']} with a mate so far"
            )

    def on_square() -> None:
        total, reach = _join(grid, levels[split], split, n)
        tally["squares"] += 1
        distribution[total] = distribution.get(total, 0) + 1
        if total < n or reach != last_rows:
            return  # too few transversals, or a cell of the last rows on none
        found = _cell_sets(grid, n)
        reach = 0
        for cells in found:
            reach |= cells
        if reach != universe:
            return
        tally["covered"] += 1
        mates = sum(1 for _ in exact_covers(found, universe, deadline=deadline))
        tally["mates"] += mates
        tally["with_mates"] += mates > 0

    _reduced_squares(grid, split, on_row, on_square)
    return MateCensus(
        order=n,
        squares=tally["squares"],
        transversal_counts=tuple(sorted(distribution.items())),
        covered=tally["covered"],
        with_mates=tally["with_mates"],
        mates=tally["mates"],
        seconds=time.monotonic() - start,
    )


def prove_order_6(*, time_limit: float | None = None) -> MateCensus:
    """The proof that no graeco-latin square of order 6 exists: :func:`mate_census` at order 6.

    >>> prove_order_6().with_mates
    0
    """
    return mate_census(6, time_limit=time_limit)
