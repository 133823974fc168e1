"""The completion index (order 4): every finished square, and bitsets over them.

Glossary
--------
finished squares
    The 6912 squares (1152 with the diagonals) that keep the rule and are full, numbered
    ``0 .. N-1`` in lexicographic order of their cell values (cell 0 first, each cell's card
    ``4 * rank + suit``; A♠ < A♥ < A♦ < A♣ < K♠ < ...).
bitset
    A Python int whose bit ``k`` stands for finished square ``k``.
table
    For each ``(cell, card)`` (key ``16 * cell + card``) the bitset of the finished squares that
    hold that card on that cell.
mask
    The AND of the tables of a partial square's placed cards: the bitset of its completions.

A partial square is completable iff its mask is not zero, and its number of completions is the
mask's popcount. The index is built once per process and rule set, on first use (about 30 ms).

How the finished squares are computed. Relabelling the ranks (24 ways) and, independently, the
suits (24 ways) maps finished squares to finished squares, with or without the diagonals, and
acts freely: the first row of a finished square holds every rank once and every suit once, so
exactly one relabelling pair turns it into ``A♠ K♥ Q♦ J♣``. A small search finds the finished
squares with that first row (12; 2 with the diagonals); the 576 relabellings of each give all
``576 * 12 = 6912`` (``576 * 2 = 1152``), which are then sorted.

>>> from officers import Rules, Square
>>> index = CompletionIndex.get(Rules())
>>> len(index), len(CompletionIndex.get(Rules(diagonals=True)))
(6912, 1152)
>>> index.count(Square("AC3/1JS2/1AH1QD/4"))
1
"""

from __future__ import annotations

import itertools
import threading
import time
import tracemalloc
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, Final

from officers.errors import UnsupportedError
from officers.rules import Rules
from officers.square import EMPTY, Square

__all__ = ["CompletionIndex", "IndexStats"]

N: Final = 4
CELLS: Final = 16
FIRST_ROW: Final = (0, 5, 10, 15)  # A♠ K♥ Q♦ J♣


@dataclass(frozen=True)
class IndexStats:
    """How long the index took to build and how much memory its bitsets and squares hold."""

    squares: int
    build_seconds: float
    table_bytes: int
    total_bytes: int


class CompletionIndex:
    """Bitsets over all finished squares of order 4 under one rule set.

    Use :meth:`get` to obtain the (shared, lazily built) index of a rule set.
    """

    _cache: ClassVar[dict[bool, CompletionIndex]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, rules: Rules) -> None:
        if rules.order != N:
            raise UnsupportedError(
                f"the completion index exists for order 4 only, not for {rules!r}: "
                "use method='backtrack' or method='cpsat'"
            )
        start = time.perf_counter()
        self.rules = rules
        self.values: tuple[tuple[int, ...], ...] = _finished_values(rules.diagonals)
        self.full: int = (1 << len(self.values)) - 1
        self.table: tuple[int, ...] = _tables(self.values)
        self.build_seconds = time.perf_counter() - start
        self._squares: tuple[Square, ...] | None = None

    @classmethod
    def get(cls, rules: Rules) -> CompletionIndex:
        """The index of the rule set, built on first use and kept for the process."""
        index = cls._cache.get(rules.diagonals) if rules.order == N else None
        if index is None:
            with cls._lock:
                index = cls._cache.get(rules.diagonals)
                if index is None:
                    index = cls(rules)
                    cls._cache[rules.diagonals] = index
        return index

    def __len__(self) -> int:
        return len(self.values)

    @property
    def squares(self) -> tuple[Square, ...]:
        """The finished squares, in index order."""
        if self._squares is None:
            make = Square._make
            self._squares = tuple(make(N, values) for values in self.values)
        return self._squares

    # --- queries ---------------------------------------------------------------------------

    def mask(self, square: Square) -> int:
        """The bitset of the finished squares that extend the square."""
        table = self.table
        mask = self.full
        for key, value in enumerate(square.values):
            if value != EMPTY:
                mask &= table[key * CELLS + value]
                if not mask:
                    return 0
        return mask

    def is_completable(self, square: Square) -> bool:
        """Whether some finished square extends the square."""
        return self.mask(square) != 0

    def count(self, square: Square) -> int:
        """The number of finished squares that extend the square."""
        return self.mask(square).bit_count()

    def completions(self, square: Square) -> Iterator[Square]:
        """The finished squares that extend the square, in index (lexicographic) order."""
        return self.members(self.mask(square))

    def members(self, mask: int) -> Iterator[Square]:
        """The finished squares of a bitset, in index order."""
        squares = self.squares
        while mask:
            low = mask & -mask
            yield squares[low.bit_length() - 1]
            mask ^= low

    def safe_placements(self, square: Square) -> dict[tuple[int, int], int]:
        """Every ``(cell, card)`` whose placement keeps the square completable, with the number
        of completions it leaves; in cell, then card order."""
        mask = self.mask(square)
        if not mask:
            return {}
        empty = [cell for cell, value in enumerate(square.values) if value == EMPTY]
        counts: dict[tuple[int, int], int] = {}
        if mask.bit_count() <= 64:
            # Few completions: read the placements off the completions themselves.
            values = self.values
            while mask:
                low = mask & -mask
                finished = values[low.bit_length() - 1]
                mask ^= low
                for cell in empty:
                    key = (cell, finished[cell])
                    counts[key] = counts.get(key, 0) + 1
            return dict(sorted(counts.items()))
        table = self.table
        used = set(square.values)
        free = [value for value in range(CELLS) if value not in used]
        for cell in empty:
            base = cell * CELLS
            for value in free:
                left = (mask & table[base + value]).bit_count()
                if left:
                    counts[(cell, value)] = left
        return counts

    def stats(self) -> IndexStats:
        """Build time and memory of this index (the memory is measured by rebuilding it)."""
        tracemalloc.start()
        try:
            before = tracemalloc.take_snapshot()
            values = _finished_values(self.rules.diagonals, cache=False)
            tables = _tables(values)
            after = tracemalloc.take_snapshot()
        finally:
            tracemalloc.stop()
        total = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
        table_bytes = sum(t.__sizeof__() for t in tables) + tables.__sizeof__()
        return IndexStats(len(values), self.build_seconds, table_bytes, max(total, table_bytes))


# --- building ----------------------------------------------------------------------------------

_VALUES_CACHE: dict[bool, tuple[tuple[int, ...], ...]] = {}


def _finished_values(diagonals: bool, *, cache: bool = True) -> tuple[tuple[int, ...], ...]:
    """Every finished square of order 4 as a tuple of 16 values, sorted."""
    if cache and diagonals in _VALUES_CACHE:
        return _VALUES_CACHE[diagonals]
    reduced = _reduced_squares(diagonals)
    found = []
    for ranks in itertools.permutations(range(N)):
        for suits in itertools.permutations(range(N)):
            relabel = [N * ranks[v >> 2] + suits[v & 3] for v in range(CELLS)]
            get = relabel.__getitem__
            found.extend(tuple(map(get, square)) for square in reduced)
    found.sort()
    result = tuple(found)
    if cache:
        _VALUES_CACHE[diagonals] = result
    return result


def _reduced_squares(diagonals: bool) -> list[tuple[int, ...]]:
    """The finished squares whose first row is A♠ K♥ Q♦ J♣, by a plain depth-first search."""
    lines = Rules(order=N, diagonals=diagonals).lines
    through = [[line.cells for line in lines if cell in line.cells] for cell in range(CELLS)]
    grid = list(FIRST_ROW) + [EMPTY] * (CELLS - N)
    found: list[tuple[int, ...]] = []

    def allowed(cell: int, value: int) -> bool:
        if value in grid:
            return False
        for line in through[cell]:
            for other in line:
                placed = grid[other]
                if placed != EMPTY and (placed >> 2 == value >> 2 or placed & 3 == value & 3):
                    return False
        return True

    def search(cell: int) -> None:
        if cell == CELLS:
            found.append(tuple(grid))
            return
        for value in range(CELLS):
            if allowed(cell, value):
                grid[cell] = value
                search(cell + 1)
                grid[cell] = EMPTY

    search(N)
    return found


def _tables(values: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """For each key ``16 * cell + card`` the bitset of the squares with that card there."""
    size = (len(values) + 7) // 8
    rows = [bytearray(size) for _ in range(CELLS * CELLS)]
    keys = range(0, CELLS * CELLS, CELLS)
    for k, square in enumerate(values):
        byte, bit = k >> 3, 1 << (k & 7)
        for base, value in zip(keys, square, strict=True):
            rows[base + value][byte] |= bit
    return tuple(int.from_bytes(row, "little") for row in rows)
