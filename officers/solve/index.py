"""The completion index: the public order-4 engine of officers, every finished square and
bitsets over them.

Everything at order 4 that must be exact and fast (the facade :mod:`officers.solve` by default,
the analysis, the hints, the starts, the bots) asks this index. Its public attributes
(:attr:`CompletionIndex.values`, :attr:`~CompletionIndex.table`, :attr:`~CompletionIndex.full`)
and methods are its interface; callers index :attr:`~CompletionIndex.table` with
:func:`officers.bitboard.key` (or use :meth:`~CompletionIndex.having`), never by hand.

Glossary
--------
finished squares
    The 6912 squares (1152 with the diagonals) that keep the rule and are full, numbered
    ``0 .. N-1`` in lexicographic order of their cell values (cell 0 first, each cell's card
    ``4 * rank + suit``; A♠ < A♥ < A♦ < A♣ < K♠ < ...).
bitset
    A Python int whose bit ``k`` stands for finished square ``k``.
table
    For each ``(cell, card)`` (at :func:`~officers.bitboard.key` ``(cell, card)``) the bitset of
    the finished squares that hold that card on that cell.
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
>>> index.table[key(0, 0)] == index.having(0, 0), index.having(0, 0).bit_count()  # A♠ top left
(True, 432)
"""

from __future__ import annotations

import itertools
import threading
import time
import tracemalloc
from collections.abc import Iterator
from dataclasses import dataclass
from operator import itemgetter
from typing import ClassVar, Final

from officers.bitboard import CELLS, key
from officers.errors import UnsupportedError
from officers.rules import Rules
from officers.solve.base import Solver
from officers.square import EMPTY, Square

__all__ = ["INDEX", "CompletionIndex", "IndexSolver", "IndexStats"]

N: Final = 4
FIRST_ROW: Final = (0, 5, 10, 15)  # A♠ K♥ Q♦ J♣


@dataclass(frozen=True)
class IndexStats:
    """How long the index took to build and how much memory its bitsets and squares hold."""

    squares: int
    build_seconds: float
    table_bytes: int
    total_bytes: int


class CompletionIndex:
    """Bitsets over all finished squares of order 4 under one rule set: the order-4 engine.

    Use :meth:`get` to obtain the (shared, lazily built) index of a rule set. Its public
    attributes, read-only by convention:

    ``rules``
        The rule set (order 4).
    ``values``
        The finished squares as tuples of 16 card values, sorted: finished square ``k`` is
        ``values[k]``.
    ``table``
        ``table[key(cell, card)]`` (:func:`officers.bitboard.key`): the bitset of the finished
        squares with the card on the cell; see :meth:`having`.
    ``full``
        The bitset of every finished square, ``(1 << len(index)) - 1``: the mask of the empty
        square.
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

    def having(self, cell: int, card: int) -> int:
        """The bitset of the finished squares with the card on the cell:
        ``table[key(cell, card)]``."""
        return self.table[key(cell, card)]

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
        for cell, value in enumerate(square.values):
            if value != EMPTY:
                mask &= table[key(cell, value)]
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
                    pair = (cell, finished[cell])
                    counts[pair] = counts.get(pair, 0) + 1
            return dict(sorted(counts.items()))
        table = self.table
        used = set(square.values)
        free = [value for value in range(CELLS) if value not in used]
        for cell in empty:
            base = key(cell, 0)
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
    permutations = list(itertools.permutations(range(N)))
    # A relabelling as a lookup table from old card to new card: ranks only, or suits only.
    rank_maps = [tuple(N * ranks[v >> 2] + (v & 3) for v in range(CELLS)) for ranks in permutations]
    suit_maps = [tuple((v & 12) + suits[v & 3] for v in range(CELLS)) for suits in permutations]
    found: list[tuple[int, ...]] = []
    extend = found.extend
    for square in _reduced_squares(diagonals):
        read = itemgetter(*square)  # read(table) = the square relabelled by the table
        for suit_map in suit_maps:
            extend(map(itemgetter(*read(suit_map)), rank_maps))
    found.sort()
    result = tuple(found)
    if cache:
        _VALUES_CACHE[diagonals] = result
    return result


def _reduced_squares(diagonals: bool) -> list[tuple[int, ...]]:
    """The finished squares whose first row is A♠ K♥ Q♦ J♣, by a depth-first search in cell
    order that keeps, for every line, the bitmasks of the ranks and of the suits it holds.

    Without the diagonals, permuting rows 2-4 keeps the lines and the first row, and acts freely
    (the first column's cards differ), so the search asks for the first column's ranks to grow
    down rows 2-4 and then applies the 6 permutations of those rows.
    """
    lines = Rules(order=N, diagonals=diagonals).lines
    through = [[i for i, line in enumerate(lines) if cell in line.cells] for cell in range(CELLS)]
    rank_masks = [0] * len(lines)
    suit_masks = [0] * len(lines)
    grid = [EMPTY] * CELLS
    found: list[tuple[int, ...]] = []
    sort_rows = not diagonals

    def put(cell: int, value: int) -> None:
        grid[cell] = value
        for i in through[cell]:
            rank_masks[i] ^= 1 << (value >> 2)
            suit_masks[i] ^= 1 << (value & 3)

    def search(cell: int, used: int) -> None:
        if cell == CELLS:
            found.append(tuple(grid))
            return
        ranks = suits = 0
        for i in through[cell]:
            ranks |= rank_masks[i]
            suits |= suit_masks[i]
        if sort_rows and cell in (2 * N, 3 * N):
            ranks |= (2 << (grid[cell - N] >> 2)) - 1  # no rank below the one above
        for rank in range(N):
            if ranks >> rank & 1:
                continue
            for suit in range(N):
                value = N * rank + suit
                if suits >> suit & 1 or used >> value & 1:
                    continue
                put(cell, value)
                search(cell + 1, used | 1 << value)
                put(cell, value)  # the XOR takes it back out
        grid[cell] = EMPTY

    used = 0
    for cell, value in enumerate(FIRST_ROW):
        put(cell, value)
        used |= 1 << value
    search(N, used)
    if sort_rows:
        found = [
            square[:N] + tuple(square[N * r + c] for r in order for c in range(N))
            for square in found
            for order in itertools.permutations((1, 2, 3))
        ]
    return found


def _tables(values: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """For each :func:`~officers.bitboard.key` the bitset of the squares with that placement."""
    size = (len(values) + 7) // 8
    rows = [bytearray(size) for _ in range(key(CELLS, 0))]
    keys = [key(cell, 0) for cell in range(CELLS)]
    for k, square in enumerate(values):
        byte, bit = k >> 3, 1 << (k & 7)
        for base, value in zip(keys, square, strict=True):
            rows[base + value][byte] |= bit
    return tuple(int.from_bytes(row, "little") for row in rows)


class IndexSolver:
    """The index backend of :mod:`officers.solve` (a :class:`~officers.solve.base.Solver`):
    order 4 only; it has no time limit."""

    name = "index"

    def is_completable(
        self, square: Square, rules: Rules, *, time_limit: float | None = None
    ) -> bool:
        """See :meth:`CompletionIndex.is_completable`."""
        return CompletionIndex.get(rules).is_completable(square)

    def count(self, square: Square, rules: Rules, *, time_limit: float | None = None) -> int:
        """See :meth:`CompletionIndex.count`."""
        return CompletionIndex.get(rules).count(square)

    def completions(
        self, square: Square, rules: Rules, *, time_limit: float | None = None
    ) -> Iterator[Square]:
        """See :meth:`CompletionIndex.completions`."""
        return CompletionIndex.get(rules).completions(square)

    def safe_placements(
        self, square: Square, rules: Rules, *, time_limit: float | None = None
    ) -> dict[tuple[int, int], int]:
        """See :meth:`CompletionIndex.safe_placements`."""
        return CompletionIndex.get(rules).safe_placements(square)

    def __repr__(self) -> str:
        return "INDEX"


INDEX: Final[Solver] = IndexSolver()
"""The index backend."""
