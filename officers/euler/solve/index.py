"""The completion index: the public order-4 engine of officers, every finished square and
bitsets over them.

Everything at order 4 that must be exact and fast (the facade :mod:`officers.euler.solve` by default,
the analysis, the hints, the starts, the bots) asks this index. Its public attributes
(:attr:`CompletionIndex.values`, :attr:`~CompletionIndex.table`, :attr:`~CompletionIndex.full`)
and methods are its interface; callers index :attr:`~CompletionIndex.table` with
:func:`officers.euler.bitboard.key` (or use :meth:`~CompletionIndex.having`), never by hand.

Glossary
--------
finished squares
    The 6912 squares (1152 with the diagonals) that keep the rule and are full, numbered
    ``0 .. N-1`` in lexicographic order of their cell values (cell 0 first, each cell's card
    ``4 * rank + suit``; A♠ < A♥ < A♦ < A♣ < K♠ < ...).
bitset
    A Python int whose bit ``k`` stands for finished square ``k``.
table
    For each ``(cell, card)`` (at :func:`~officers.euler.bitboard.key` ``(cell, card)``) the bitset of
    the finished squares that hold that card on that cell.
mask
    The AND of the tables of a partial square's placed cards: the bitset of its completions.

A partial square is completable iff its mask is not zero, and its number of completions is the
mask's popcount. The index is loaded once per process and rule set, on first use, from a packed
file shipped in the package (``officers/euler/data/finished-4*.bin``: the squares at 4 bits a cell and
the compressed bitsets; about a millisecond for the 6912 squares, a few tenths more for the
bitsets, which are read only when a query needs them). Each square holds its 16 cells as a bytes
object until its values are first read, and :attr:`CompletionIndex.values` is made on first use
too: a tuple of 16 ints takes three times the memory and twice the time to make. Without the
file, or if it does not check out, the index computes both (about 15 ms); the tests hold the
file to the computation.

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

import _thread  # its lock, without the import of threading (a command line pays for each)
import functools
import gc
import itertools
import os
import struct
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from operator import itemgetter
from typing import ClassVar, Final, TypeVar

from officers.core.errors import UnsupportedError
from officers.euler.bitboard import CELLS, key
from officers.euler.rules import DIAGONAL_RULES, STANDARD_RULES, Rules, Value
from officers.euler.solve.base import Solver
from officers.euler.square import EMPTY, Square

__all__ = [
    "INDEX",
    "CompletionIndex",
    "IndexSolver",
    "IndexStats",
    "compute_tables",
    "compute_values",
    "pack",
    "packed_path",
]

N: Final = 4
FIRST_ROW: Final = (0, 5, 10, 15)  # A♠ K♥ Q♦ J♣
_A = TypeVar("_A")
_T = TypeVar("_T")


class IndexStats(Value):
    """How long the index took to build and how much memory its bitsets and squares hold.

    A :class:`~officers.euler.rules.Value`, as the other result types of Euler's Officers:
    compared, hashed, shown, pickled and copied by its fields, as a frozen data class would be,
    without the 7 ms that importing :mod:`dataclasses` would cost every command line that asks
    the index.

    >>> IndexStats(1152, 0.5, 36864, 50000)
    IndexStats(squares=1152, build_seconds=0.5, table_bytes=36864, total_bytes=50000)
    """

    __slots__ = _fields = __match_args__ = (
        "squares",
        "build_seconds",
        "table_bytes",
        "total_bytes",
    )
    squares: int
    build_seconds: float
    table_bytes: int
    total_bytes: int

    def __init__(
        self, squares: int, build_seconds: float, table_bytes: int, total_bytes: int
    ) -> None:
        self._set(
            squares=squares,
            build_seconds=build_seconds,
            table_bytes=table_bytes,
            total_bytes=total_bytes,
        )


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
        ``table[key(cell, card)]`` (:func:`officers.euler.bitboard.key`): the bitset of the finished
        squares with the card on the cell; see :meth:`having`.
    ``full``
        The bitset of every finished square, ``(1 << len(index)) - 1``: the mask of the empty
        square.

    ``full`` is there from the start; ``values`` and ``table`` are made from the packed file
    (or computed) on first use, so that listing the finished squares pays for neither.
    """

    _cache: ClassVar[dict[bool, CompletionIndex]] = {}
    _lock: ClassVar[_thread.LockType] = _thread.allocate_lock()

    def __init__(self, rules: Rules) -> None:
        if rules.order != N:
            raise UnsupportedError(
                f"the completion index exists for order 4 only, not for {rules!r}: "
                "use method='backtrack' or method='cpsat'"
            )
        start = time.perf_counter()
        self.rules = rules
        packed = _load(rules.diagonals)
        if packed is None:
            self.values = compute_values(rules.diagonals)
            self._cells: bytes | None = None
            self._packed_tables: bytes | None = None
            count = len(self.values)
        else:
            self._cells, self._packed_tables = packed
            count = len(self._cells) // CELLS
        self._count = count
        self.full: int = (1 << count) - 1
        self.build_seconds = time.perf_counter() - start
        self._squares: tuple[Square, ...] | None = None
        self._by_cell: tuple[tuple[int, ...], ...] | None = None

    @functools.cached_property
    def values(self) -> tuple[tuple[int, ...], ...]:
        """The finished squares as tuples of 16 card values, in index order (made from the
        packed file on first use)."""
        cells = self._cells
        assert cells is not None  # set in __init__ when the file was not read
        return _without_gc(_unpack_values, cells)

    @functools.cached_property
    def table(self) -> tuple[int, ...]:
        """``table[key(cell, card)]``: the bitset of the finished squares with the card on the
        cell (read from the packed file, or computed, on first use)."""
        tables = self._packed_tables
        if tables is None or (found := _unpack_tables(tables, self._count)) is None:
            found = compute_tables(self.values)
        self._packed_tables = None
        return found

    def _tables_by_cell(self) -> tuple[tuple[int, ...], ...]:
        """The table cut by cell: ``by_cell[cell][card] == table[key(cell, card)]``."""
        if self._by_cell is None:
            table = self.table
            self._by_cell = tuple(table[key(cell, 0) : key(cell + 1, 0)] for cell in range(CELLS))
        return self._by_cell

    @classmethod
    def get(cls, rules: Rules) -> CompletionIndex:
        """The index of the rule set, built on first use and kept for the process."""
        if rules.order != N:
            return cls(rules)  # refused, with the reason
        index = cls._cache.get(rules.diagonals)
        if index is None:
            with cls._lock:
                index = cls._cache.get(rules.diagonals)
                if index is None:
                    index = cls(rules)
                    cls._cache[rules.diagonals] = index
        return index

    @classmethod
    def of(cls, diagonals: bool) -> CompletionIndex:
        """The index of order 4 with or without the diagonals: :meth:`get` in short."""
        index = cls._cache.get(diagonals)
        if index is None:
            index = cls.get(DIAGONAL_RULES if diagonals else STANDARD_RULES)
        return index

    def __len__(self) -> int:
        return self._count

    def having(self, cell: int, card: int) -> int:
        """The bitset of the finished squares with the card on the cell:
        ``table[key(cell, card)]``."""
        return self.table[key(cell, card)]

    @property
    def squares(self) -> tuple[Square, ...]:
        """The finished squares, in index order."""
        if self._squares is None:
            rows = self.values if self._cells is None else _rows(self._cells)
            self._squares = _without_gc(_make_squares, rows)
        return self._squares

    # --- queries ---------------------------------------------------------------------------

    def mask(self, square: Square) -> int:
        """The bitset of the finished squares that extend the square."""
        mask = self.full
        # zip stops at the shorter: the square has 16 cells (order 4, checked by the callers)
        for row, value in zip(self._by_cell or self._tables_by_cell(), square.values):  # noqa: B905
            if value >= 0:  # not EMPTY (-1): the faster test, this loop is the whole query
                mask &= row[value]
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
        import tracemalloc  # only here: it costs a few milliseconds to import

        tracemalloc.start()
        try:
            before = tracemalloc.take_snapshot()
            values = compute_values(self.rules.diagonals, cache=False)
            tables = compute_tables(values)
            after = tracemalloc.take_snapshot()
        finally:
            tracemalloc.stop()
        total = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
        table_bytes = sum(t.__sizeof__() for t in tables) + tables.__sizeof__()
        return IndexStats(len(values), self.build_seconds, table_bytes, max(total, table_bytes))


# --- building ----------------------------------------------------------------------------------


def _make_squares(rows: Iterable[tuple[int, ...] | bytes]) -> tuple[Square, ...]:
    return tuple(Square._make_all(N, rows))


def _without_gc(function: Callable[[_A], _T], argument: _A) -> _T:
    """``function(argument)`` with the cyclic garbage collector paused, and what it made put
    straight into the oldest generation.

    The thousands of tuples and squares made here hold only numbers and cannot form cycles. With
    the collector running they would start several collections over everything the process holds
    (which doubles the time of a first call); merely paused, they would all be scanned by the
    first young collection after it (about 1 ms at 6912 squares). ``gc.freeze()`` then
    ``gc.unfreeze()`` moves every tracked object into the oldest generation without scanning any:
    they are looked at by the next full collection, like everything else that lives long.
    (Skipped when the program has frozen objects itself: ``unfreeze`` would release them.)"""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return function(argument)
    finally:
        if not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()


# --- the packed file ---------------------------------------------------------------------------
#
# officers/euler/data/finished-4.bin (rows and columns) and finished-4-diagonals.bin: a header
# (struct HEADER: magic, format version, number of squares, the lengths of the two parts, the
# Adler-32 of the first), then the squares' cells at 4 bits each, then one zlib stream of the
# bitsets, table[0], table[1], ... each in ceil(N / 8) bytes, little endian. The cells: the
# squares in index order, a byte a cell, make a string of 16 N bytes; byte i of the file's part
# holds byte i of its first half in its high 4 bits and byte i of its second half in its low 4
# bits, so that two translations and one concatenation read it back (not compressed: that saves
# a fifth of a millisecond on the first call). The Adler-32 guards the squares and zlib's
# checksum the bitsets; a file that does not check out is ignored.

HEADER: Final = struct.Struct("<4sBxHIII")
MAGIC: Final = b"OFF4"
FORMAT: Final = 2
EXPECTED: Final = {False: 6912, True: 1152}
_HIGH: Final = bytes(byte >> 4 for byte in range(256))
_LOW: Final = bytes(byte & 15 for byte in range(256))
_ROW: Final = struct.Struct(f"{CELLS}B")  # a square's 16 cells, a byte each
_ROW_BYTES: Final = struct.Struct(f"{CELLS}s")  # the same, as one bytes object
_FIRST: Final = itemgetter(0)


def packed_path(diagonals: bool) -> str:
    """Where the packed file of the rule set lives (inside the package, ``officers/data``)."""
    name = "finished-4-diagonals.bin" if diagonals else "finished-4.bin"
    return os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", name)


def pack(diagonals: bool) -> bytes:
    """The packed file of the rule set, computed from nothing. Write it again with
    ``open(packed_path(d), "wb").write(pack(d))`` for ``d`` in ``(False, True)``.

    >>> data = pack(True)
    >>> HEADER.unpack_from(data)[:4]  # magic, format, squares, bytes of the squares
    (b'OFF4', 2, 1152, 9216)
    """
    values = compute_values(diagonals, cache=False)
    cells = bytes(itertools.chain.from_iterable(values))
    half = len(cells) // 2  # N is even
    nibbles = bytes(high << 4 | low for high, low in zip(cells[:half], cells[half:], strict=True))
    size = (len(values) + 7) // 8
    tables = b"".join(bitset.to_bytes(size, "little") for bitset in compute_tables(values))
    tables_z = zlib.compress(tables, 9)
    header = HEADER.pack(
        MAGIC, FORMAT, len(values), len(nibbles), len(tables_z), zlib.adler32(nibbles)
    )
    return header + nibbles + tables_z


def _load(diagonals: bool) -> tuple[bytes, bytes] | None:
    """The finished squares' cells (a byte each, square after square) and the (compressed)
    bitsets from the packed file, or ``None``."""
    try:
        with open(packed_path(diagonals), "rb") as file:
            data = file.read()
        magic, version, count, squares_size, tables_size, check = HEADER.unpack_from(data)
    except (OSError, struct.error):
        return None
    start, end = HEADER.size, HEADER.size + squares_size
    nibbles = data[start:end]
    if (
        (magic, version, count) != (MAGIC, FORMAT, EXPECTED[diagonals])
        or squares_size != 8 * count
        or len(data) != end + tables_size
        or zlib.adler32(nibbles) != check
    ):
        return None
    return nibbles.translate(_HIGH) + nibbles.translate(_LOW), data[end:]


def _unpack_values(cells: bytes) -> tuple[tuple[int, ...], ...]:
    """The squares' cells, a byte each, as tuples of 16 values."""
    return tuple(_ROW.iter_unpack(cells))


def _rows(cells: bytes) -> Iterator[bytes]:
    """The squares' cells, a byte each, cut into one bytes object of 16 per square: what the
    index's :class:`~officers.Square` objects hold until their values are read (a tuple of 16
    ints takes three times the memory, and twice the time, to make)."""
    return map(_FIRST, _ROW_BYTES.iter_unpack(cells))


def _unpack_tables(compressed: bytes, count: int) -> tuple[int, ...] | None:
    """The bitsets from their zlib stream, or ``None`` when it does not check out."""
    try:
        raw = zlib.decompress(compressed)
    except zlib.error:
        return None
    size = (count + 7) // 8
    if len(raw) != size * key(CELLS, 0):
        return None
    return tuple(
        int.from_bytes(raw[start : start + size], "little") for start in range(0, len(raw), size)
    )


_VALUES_CACHE: dict[bool, tuple[tuple[int, ...], ...]] = {}


def compute_values(diagonals: bool, *, cache: bool = True) -> tuple[tuple[int, ...], ...]:
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


def compute_tables(values: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """For each :func:`~officers.euler.bitboard.key` the bitset of the squares with that placement."""
    size = (len(values) + 7) // 8
    rows = [bytearray(size) for _ in range(key(CELLS, 0))]
    keys = [key(cell, 0) for cell in range(CELLS)]
    for k, square in enumerate(values):
        byte, bit = k >> 3, 1 << (k & 7)
        for base, value in zip(keys, square, strict=True):
            rows[base + value][byte] |= bit
    return tuple(int.from_bytes(row, "little") for row in rows)


class IndexSolver:
    """The index backend of :mod:`officers.euler.solve` (a :class:`~officers.euler.solve.base.Solver`):
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
