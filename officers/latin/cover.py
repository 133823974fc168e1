"""Exact covers of a set by disjoint subsets, all of them: Knuth's Algorithm X on bitsets.

The search under the orthogonal mates of a Latin square (:mod:`officers.latin.orthogonal`: the
cells covered by disjoint transversals) and under the census of order 6
(:mod:`officers.latin.order6`). Sets are ints: bit ``i`` set when item ``i`` belongs.

>>> [sorted(cover) for cover in exact_covers([0b0011, 0b1100, 0b0110, 0b1001], 0b1111)]
[[3, 12], [6, 9]]
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

from officers.core.errors import SolverTimeoutError

__all__ = ["exact_covers"]


def exact_covers(
    options: Sequence[int], universe: int, *, deadline: float | None = None
) -> Iterator[list[int]]:
    """Every way to cover the bits of ``universe`` by disjoint ``options`` (bitsets), once each.

    Algorithm X: branch on the uncovered bit that the fewest remaining options hold, try each
    of them, keep the options disjoint from it. ``deadline`` is a ``time.monotonic()`` value;
    past it the search raises :class:`~officers.SolverTimeoutError`.

    >>> sorted(sorted(cover) for cover in exact_covers([0b011, 0b100, 0b110, 0b001], 0b111))
    [[1, 6], [3, 4]]
    """
    items = [bit for bit in range(universe.bit_length()) if universe >> bit & 1]
    # holders[item]: the set of the indices of the options holding the item, as an int
    holders = dict.fromkeys(items, 0)
    for index, option in enumerate(options):
        for item in items:
            if option >> item & 1:
                holders[item] |= 1 << index
    clashes = [0] * len(options)  # the options that share an item with each option
    for index, option in enumerate(options):
        for item in items:
            if option >> item & 1:
                clashes[index] |= holders[item]
    chosen: list[int] = []

    def search(alive: int, covered: int) -> Iterator[list[int]]:
        if covered == universe:
            yield list(chosen)
            return
        if deadline is not None and time.monotonic() > deadline:
            raise SolverTimeoutError("the exact cover search ran out of time")
        best, fewest = 0, -1
        for item in items:
            if not covered >> item & 1:
                here = holders[item] & alive
                size = here.bit_count()
                if fewest < 0 or size < fewest:
                    best, fewest = here, size
                    if size <= 1:
                        break
        while best:
            low = best & -best
            best ^= low
            index = low.bit_length() - 1
            chosen.append(options[index])
            yield from search(alive & ~clashes[index], covered | options[index])
            chosen.pop()

    yield from search((1 << len(options)) - 1, 0)
