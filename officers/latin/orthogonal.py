"""Orthogonal Latin squares: transversals, orthogonal mates (the Euler–Parker method) and the
orthogonal array of a set of mutually orthogonal squares.

Glossary
--------
orthogonal
    Two Latin squares ``L`` and ``M`` of one order are orthogonal when the pairs
    ``(L[r][c], M[r][c])`` are all different: every pair of symbols stands in exactly one cell.
transversal
    ``n`` cells, one in each row and each column, holding ``n`` different symbols. Written as
    the tuple of its columns, row by row: ``t[row]`` is the column of its cell in that row.
orthogonal mate
    A Latin square ``M`` orthogonal to ``L``. The cells where ``M`` holds one symbol form a
    transversal of ``L``, so a mate *is* a partition of the cells into ``n`` disjoint
    transversals. Renaming the symbols of a mate gives the same partition;
    :func:`orthogonal_mates` yields each partition once, named so that the mate's first row
    reads ``0, 1, ..., n-1``.
orthogonal array
    ``k`` mutually orthogonal Latin squares of order ``n`` written as ``n * n`` points
    ``(row, column, L1[r][c], ..., Lk[r][c])``: any two coordinates of a point fix the others
    (:func:`orthogonal_array`).

The method is Euler's and Parker's (Knuth, TAOCP 7.2.2.1): list the transversals, then find the
exact covers of the ``n * n`` cells by ``n`` of them (:func:`~officers.latin.cover.exact_covers`:
Algorithm X on bitsets, branching on the cell with the fewest transversals left).

>>> from officers.latin.squares import cyclic_square
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

from officers.core.errors import NotLatinSquareError, SolverTimeoutError, excerpt
from officers.latin.cover import exact_covers
from officers.latin.squares import LatinSquare, latin_square

__all__ = [
    "are_orthogonal",
    "count_orthogonal_mates",
    "count_transversals",
    "has_orthogonal_mate",
    "orthogonal_array",
    "orthogonal_mates",
    "transversals",
]


def are_orthogonal(first: LatinSquare, second: LatinSquare) -> bool:
    """Whether two Latin squares of one order hold every pair of symbols once, cell by cell.

    >>> from officers.latin.squares import cyclic_square
    >>> are_orthogonal(cyclic_square(3), cyclic_square(3))
    False
    """
    n = len(first)
    pairs = {(first[r][c], second[r][c]) for r in range(n) for c in range(n)}
    return len(second) == n and len(pairs) == n * n


def orthogonal_array(*squares: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The points ``(row, column, L1[row][column], L2[row][column], ...)`` of the squares, cell
    by cell, row by row: for ``k`` mutually orthogonal Latin squares of order ``n``, the
    ``n * n`` rows of an orthogonal array with ``k + 2`` columns (any two coordinates of a point
    fix the others).

    The squares are not checked to be Latin or orthogonal (:func:`are_orthogonal` does that),
    only to be ``n`` rows of ``n`` entries each; else it raises
    :class:`~officers.NotLatinSquareError`.

    >>> orthogonal_array(((0, 1), (1, 0)))
    [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)]
    >>> from officers.latin.construct import orthogonal_pair
    >>> orthogonal_array(*orthogonal_pair(3))[:4]
    [(0, 0, 0, 0), (0, 1, 1, 1), (0, 2, 2, 2), (1, 0, 1, 2)]
    """
    n = len(squares[0]) if squares else 0
    if not squares or any(len(s) != n or any(len(row) != n for row in s) for s in squares):
        raise NotLatinSquareError(
            f"no orthogonal array of {excerpt(squares)}: expected squares of n rows of n entries"
        )
    return [
        (r, c, *values)
        for r in range(n)
        for c, values in enumerate(zip(*[square[r] for square in squares], strict=True))
    ]


# --- transversals --------------------------------------------------------------------------------


def transversals(latin: Sequence[Sequence[int]]) -> Iterator[tuple[int, ...]]:
    """Every transversal, as the tuple of its columns row by row, in lexicographic order.

    >>> from officers.latin.squares import cyclic_square
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

    >>> from officers.latin.squares import cyclic_square
    >>> [count_transversals(cyclic_square(n)) for n in (1, 3, 4, 5, 7)]
    [1, 3, 0, 15, 133]
    """
    square = latin_square(latin)
    n = len(square)
    top = _half_counts(square, range(n // 2))
    bottom = _half_counts(square, range(n // 2, n))
    full = (1 << 2 * n) - 1
    return sum(ways * bottom.get(full ^ state, 0) for state, ways in top.items())


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

    >>> from officers.latin.squares import cyclic_square
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

    >>> from officers.latin.squares import cyclic_square
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

    >>> from officers.latin.squares import cyclic_square
    >>> has_orthogonal_mate(cyclic_square(7)), has_orthogonal_mate(cyclic_square(8))
    (True, False)
    """
    return next(orthogonal_mates(latin, time_limit=time_limit), None) is not None
