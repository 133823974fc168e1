"""Latin squares: reading and checking one, the cyclic square, listing and counting them all.

Glossary
--------
Latin square
    A tuple of ``n`` rows, each a tuple of the ints ``0 .. n-1`` once, and each column holding
    every int once too (:data:`LatinSquare`). :func:`latin_square` reads any sequence of rows and
    checks it.
cell
    The place ``(row, column)``, or the int ``n * row + column`` where a set of cells is a bitset.
reduced
    First row and first column ``0, 1, ..., n-1``. Every Latin square is a reduced one with its
    columns, then its rows other than the first, permuted.

>>> cyclic_square(3)
((0, 1, 2), (1, 2, 0), (2, 0, 1))
>>> latin_square([[1, 0], [0, 1]])
((1, 0), (0, 1))
>>> count_latin_squares(4), count_latin_squares(4, reduced=True)
(576, 4)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeAlias

from officers.core.errors import NotLatinSquareError, UnsupportedError, excerpt

__all__ = [
    "LatinSquare",
    "count_latin_squares",
    "cyclic_square",
    "latin_square",
    "latin_squares",
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
    grid = [[-1] * n for _ in range(n)]  # -1: not filled yet
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

    Counts the reduced squares by listing them to order 5, from order 6 by classes of Latin
    rectangles (:func:`officers.latin.count.count_latin`, to order 9; order 8 takes about a
    minute); every Latin square is one reduced square with its columns permuted (``n!`` ways)
    and then its rows other than the first (``(n-1)!``).

    >>> [count_latin_squares(n) for n in range(1, 5)], count_latin_squares(5, reduced=True)
    ([1, 2, 12, 576], 56)
    >>> count_latin_squares(6, reduced=True)
    9408
    """
    if isinstance(n, int) and not isinstance(n, bool) and n >= 6:
        from officers.latin.count import count_latin  # loaded when it is needed

        counted = count_latin(n)
        return counted.reduced if reduced else counted.squares
    number = sum(1 for _ in latin_squares(n, reduced=True))
    if reduced:
        return number
    factor = 1
    for k in range(2, n + 1):
        factor *= k * (k - 1)
    return number * factor
