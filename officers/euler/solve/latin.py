"""Latin squares, their transversals and their orthogonal mates (the Euler–Parker method).

Glossary
--------
Latin square
    A tuple of ``n`` rows, each a tuple of the ints ``0 .. n-1`` once, and each column holding
    every int once too. :func:`latin_square` reads any sequence of rows and checks it.
cell
    An int ``n * row + column``, as in :class:`~officers.Square`.
transversal
    ``n`` cells, one in each row and each column, holding ``n`` different symbols. Written as
    the tuple of its columns, row by row: ``t[row]`` is the column of its cell in that row.
orthogonal mate
    A Latin square ``M`` such that the pairs ``(L[r][c], M[r][c])`` are all different. The cells
    where ``M`` holds one symbol form a transversal of ``L``, so a mate *is* a partition of the
    cells into ``n`` disjoint transversals. Renaming the symbols of a mate gives the same
    partition; :func:`orthogonal_mates` yields each partition once, named so that the mate's
    first row reads ``0, 1, ..., n-1``.
layers
    A full graeco-latin :class:`~officers.Square` of order ``n`` holds ``n * a + b``: its first
    layer is the Latin square of the ``a``'s, its second that of the ``b``'s (:func:`layers`).

The method is Euler's and Parker's (Knuth, TAOCP 7.2.2.1): list the transversals, then find the
exact covers of the ``n * n`` cells by ``n`` of them (Algorithm X on bitsets, branching on the
cell with the fewest transversals left).

>>> cyclic = cyclic_square(5)
>>> count_transversals(cyclic), count_orthogonal_mates(cyclic)
(15, 3)
>>> mate = next(orthogonal_mates(cyclic))
>>> mate[0], are_orthogonal(cyclic, mate)
((0, 1, 2, 3, 4), True)
>>> has_orthogonal_mate(cyclic_square(4))
False
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from typing import TypeAlias

from officers.core.errors import NotLatinSquareError, SolverTimeoutError, UnsupportedError, excerpt
from officers.euler.square import EMPTY, Square

__all__ = [
    "LatinSquare",
    "are_orthogonal",
    "count_latin_squares",
    "count_orthogonal_mates",
    "count_transversals",
    "cyclic_square",
    "exact_covers",
    "graeco_latin",
    "has_orthogonal_mate",
    "latin_square",
    "latin_squares",
    "layers",
    "orthogonal_mates",
    "transversals",
]

LatinSquare: TypeAlias = tuple[tuple[int, ...], ...]
"""A Latin square: ``n`` rows of the symbols ``0 .. n-1``."""


def latin_square(rows: Sequence[Sequence[int]]) -> LatinSquare:
    """Read and check a Latin square given as a sequence of rows of the ints ``0 .. n-1``.

    Raises :class:`~officers.NotLatinSquareError` (a ``ValueError``) quoting the input when it
    is not a Latin square.

    >>> latin_square([[0, 1], [1, 0]])
    ((0, 1), (1, 0))
    >>> latin_square([[0, 1], [0, 1]])
    Traceback (most recent call last):
    ...
    officers.NotLatinSquareError: not a Latin square [[0, 1], [0, 1]]: column 1 holds 0 twice
    """
    try:
        square = tuple(tuple(row) for row in rows)
    except TypeError:
        raise NotLatinSquareError(
            f"not a Latin square {excerpt(rows)}: expected a sequence of rows of ints"
        ) from None
    n = len(square)
    if n == 0:
        raise NotLatinSquareError(f"not a Latin square {excerpt(rows)}: it has no rows")
    symbols = set(range(n))
    for r, row in enumerate(square):
        if len(row) != n:
            raise NotLatinSquareError(
                f"not a Latin square {excerpt(rows)}: row {r + 1} has {len(row)} entries, "
                f"expected {n}"
            )
        for value in row:
            if not isinstance(value, int) or isinstance(value, bool) or value not in symbols:
                raise NotLatinSquareError(
                    f"not a Latin square {excerpt(rows)}: {value!r} in row {r + 1} is not "
                    f"one of 0-{n - 1}"
                )
        if len(set(row)) != n:
            twice = next(v for v in row if row.count(v) > 1)
            raise NotLatinSquareError(
                f"not a Latin square {excerpt(rows)}: row {r + 1} holds {twice} twice"
            )
    for c in range(n):
        column = [row[c] for row in square]
        if len(set(column)) != n:
            twice = next(v for v in column if column.count(v) > 1)
            raise NotLatinSquareError(
                f"not a Latin square {excerpt(rows)}: column {c + 1} holds {twice} twice"
            )
    return tuple(tuple(int(v) for v in row) for row in square)


def cyclic_square(n: int) -> LatinSquare:
    """The addition table of the integers modulo ``n``: ``L[r][c] = (r + c) % n``.

    >>> cyclic_square(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    return tuple(tuple((r + c) % n for c in range(n)) for r in range(n))


def layers(square: Square) -> tuple[LatinSquare, LatinSquare]:
    """The two Latin squares of a full square: its first symbols and its second symbols.

    Raises :class:`~officers.NotLatinSquareError` when the square is not full or a layer is not
    Latin.

    >>> from officers import Square
    >>> layers(Square("AS3/4/4/4"))
    Traceback (most recent call last):
    ...
    officers.NotLatinSquareError: cannot take the layers of Square('AS3/4/4/4'): it is not full
    >>> first, second = layers(Square("Aa Bb / Bb Aa", order=2))
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read square 'Aa Bb / Bb Aa': Bb stands twice (row 1, column 2 and row 2, column 1)
    >>> first, second = layers(Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH"))
    >>> first[0], second[0]
    ((0, 1, 2, 3), (0, 1, 2, 3))
    """
    n = square.order
    if not square.is_full():
        raise NotLatinSquareError(f"cannot take the layers of {excerpt(square)}: it is not full")
    values = square.values
    first = [[values[n * r + c] // n for c in range(n)] for r in range(n)]
    second = [[values[n * r + c] % n for c in range(n)] for r in range(n)]
    return latin_square(first), latin_square(second)


def graeco_latin(first: Sequence[Sequence[int]], second: Sequence[Sequence[int]]) -> Square:
    """The square holding ``n * first[r][c] + second[r][c]``: full when the two are orthogonal.

    Raises :class:`~officers.NotLatinSquareError` when they are not orthogonal Latin squares.

    >>> graeco_latin(cyclic_square(3), ((0, 1, 2), (2, 0, 1), (1, 2, 0)))
    Square.parse('AaBbCc/BcCaAb/CbAcBa', order=3)
    """
    a, b = latin_square(first), latin_square(second)
    n = len(a)
    if len(b) != n or not are_orthogonal(a, b):
        raise NotLatinSquareError(
            f"cannot pair {excerpt(first)} with {excerpt(second)}: they are not orthogonal "
            "Latin squares of one order"
        )
    return Square._make(n, tuple(n * a[r][c] + b[r][c] for r in range(n) for c in range(n)))


def are_orthogonal(first: LatinSquare, second: LatinSquare) -> bool:
    """Whether two Latin squares of one order hold every pair of symbols once, cell by cell.

    >>> are_orthogonal(cyclic_square(3), cyclic_square(3))
    False
    """
    n = len(first)
    pairs = {(first[r][c], second[r][c]) for r in range(n) for c in range(n)}
    return len(second) == n and len(pairs) == n * n


# --- transversals --------------------------------------------------------------------------------


def transversals(latin: Sequence[Sequence[int]]) -> Iterator[tuple[int, ...]]:
    """Every transversal, as the tuple of its columns row by row, in lexicographic order.

    >>> list(transversals(cyclic_square(3)))
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    """
    square = latin_square(latin)
    n = len(square)
    bits = [[1 << v for v in row] for row in square]
    columns: list[int] = [0] * n

    def extend(row: int, used_columns: int, used_symbols: int) -> Iterator[tuple[int, ...]]:
        if row == n:
            yield tuple(columns)
            return
        here = bits[row]
        for c in range(n):
            if not used_columns >> c & 1 and not used_symbols & here[c]:
                columns[row] = c
                yield from extend(row + 1, used_columns | 1 << c, used_symbols | here[c])

    yield from extend(0, 0, 0)


def _half_counts(square: LatinSquare, rows: range) -> dict[int, int]:
    """For the partial transversals of the given rows: how many use each (columns, symbols)."""
    n = len(square)
    states = {0: 1}
    for r in rows:
        row = square[r]
        following: dict[int, int] = {}
        for state, ways in states.items():
            for c in range(n):
                if not state >> c & 1 and not state >> (n + row[c]) & 1:
                    key = state | 1 << c | 1 << (n + row[c])
                    following[key] = following.get(key, 0) + ways
        states = following
    return states


def count_transversals(latin: Sequence[Sequence[int]]) -> int:
    """The number of transversals, counted by meeting in the middle (no listing).

    The top half of the rows and the bottom half are counted apart, by the set of columns and
    symbols that their partial transversals use; two halves join when their sets are
    complementary.

    >>> [count_transversals(cyclic_square(n)) for n in (1, 3, 4, 5, 7)]
    [1, 3, 0, 15, 133]
    """
    square = latin_square(latin)
    n = len(square)
    top = _half_counts(square, range(n // 2))
    bottom = _half_counts(square, range(n // 2, n))
    full = (1 << 2 * n) - 1
    return sum(ways * bottom.get(full ^ state, 0) for state, ways in top.items())


# --- exact cover ---------------------------------------------------------------------------------


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


def _cells_of(transversal: tuple[int, ...]) -> int:
    n = len(transversal)
    bits = 0
    for row, column in enumerate(transversal):
        bits |= 1 << (n * row + column)
    return bits


def _mate(partition: list[int], n: int) -> LatinSquare:
    """The mate whose symbol ``k`` fills the transversal through cell ``(0, k)``."""
    grid = [[0] * n for _ in range(n)]
    for option in partition:
        symbol = (option & ((1 << n) - 1)).bit_length() - 1
        for cell in range(n * n):
            if option >> cell & 1:
                grid[cell // n][cell % n] = symbol
    return tuple(tuple(row) for row in grid)


def _partitions(
    latin: Sequence[Sequence[int]], time_limit: float | None
) -> tuple[int, Iterator[list[int]]]:
    square = latin_square(latin)
    n = len(square)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    options = [_cells_of(t) for t in transversals(square)]
    return n, exact_covers(options, (1 << n * n) - 1, deadline=deadline)


def orthogonal_mates(
    latin: Sequence[Sequence[int]], *, time_limit: float | None = None
) -> Iterator[LatinSquare]:
    """Every orthogonal mate, once up to renaming its symbols (first row ``0, 1, ..., n-1``).

    Out of time (``time_limit`` seconds) it raises :class:`~officers.SolverTimeoutError`.

    >>> list(orthogonal_mates(cyclic_square(3)))
    [((0, 1, 2), (2, 0, 1), (1, 2, 0))]
    """
    n, partitions = _partitions(latin, time_limit)
    for partition in partitions:
        yield _mate(partition, n)


def count_orthogonal_mates(
    latin: Sequence[Sequence[int]], *, time_limit: float | None = None
) -> int:
    """The number of orthogonal mates up to renaming their symbols (partitions into transversals).

    Multiply by ``n!`` for the mates as Latin squares. Out of time it raises
    :class:`~officers.SolverTimeoutError` quoting the count so far.

    >>> count_orthogonal_mates(cyclic_square(5)), count_orthogonal_mates(cyclic_square(6))
    (3, 0)
    """
    _, partitions = _partitions(latin, time_limit)
    found = 0
    try:
        for _ in partitions:
            found += 1
    except SolverTimeoutError:
        raise SolverTimeoutError(
            f"counting orthogonal mates ran out of time after {time_limit} s: "
            f"at least {found} found so far"
        ) from None
    return found


def has_orthogonal_mate(latin: Sequence[Sequence[int]], *, time_limit: float | None = None) -> bool:
    """Whether the Latin square has an orthogonal mate (``n`` disjoint transversals).

    >>> has_orthogonal_mate(cyclic_square(7)), has_orthogonal_mate(cyclic_square(8))
    (True, False)
    """
    return next(orthogonal_mates(latin, time_limit=time_limit), None) is not None


# --- Latin squares -------------------------------------------------------------------------------


def latin_squares(n: int, *, reduced: bool = False) -> Iterator[LatinSquare]:
    """Every Latin square of order ``n`` (only the reduced ones: first row and column in order).

    Fills the cells row by row with bitsets of the symbols each row and column still lacks.

    >>> list(latin_squares(2))
    [((0, 1), (1, 0)), ((1, 0), (0, 1))]
    >>> sum(1 for _ in latin_squares(4, reduced=True))
    4
    """
    if n < 1:
        raise UnsupportedError(f"the order of a Latin square is a whole number >= 1, got {n!r}")
    full = (1 << n) - 1
    grid = [[EMPTY] * n for _ in range(n)]
    row_free = [full] * n
    column_free = [full] * n
    if reduced:
        for i in range(n):
            grid[0][i] = grid[i][0] = i
            row_free[0] = 0
            column_free[0] = 0
            row_free[i] &= ~(1 << i)
            column_free[i] &= ~(1 << i)
    cells = [(r, c) for r in range(n) for c in range(n) if not (reduced and (r == 0 or c == 0))]

    def fill(k: int) -> Iterator[LatinSquare]:
        if k == len(cells):
            yield tuple(tuple(row) for row in grid)
            return
        r, c = cells[k]
        free = row_free[r] & column_free[c]
        while free:
            bit = free & -free
            free ^= bit
            grid[r][c] = bit.bit_length() - 1
            row_free[r] ^= bit
            column_free[c] ^= bit
            yield from fill(k + 1)
            row_free[r] ^= bit
            column_free[c] ^= bit

    yield from fill(0)


def count_latin_squares(n: int, *, reduced: bool = False) -> int:
    """The number of Latin squares of order ``n`` (OEIS A002860), or reduced ones (A000315).

    Counts the reduced squares by listing them; every Latin square is one reduced square with
    its columns permuted (``n!`` ways) and then its rows other than the first (``(n-1)!``).

    >>> [count_latin_squares(n) for n in range(1, 5)], count_latin_squares(5, reduced=True)
    ([1, 2, 12, 576], 56)
    """
    number = sum(1 for _ in latin_squares(n, reduced=True))
    if reduced:
        return number
    factor = 1
    for k in range(2, n + 1):
        factor *= k * (k - 1)
    return number * factor
