"""Orthogonal arrays: the plain check, and the constructions that need no other array (finite
fields, MacNeish's product, difference and quasi-difference matrices, V(m, t) vectors), for
:mod:`officers.latin.mutually_orthogonal`.

An ``OA(k, n)`` is ``n * n`` rows of ``k`` symbols ``0 .. n-1`` in which any two columns hold
every pair of symbols once; ``k`` MOLS of order ``n`` are an ``OA(k + 2, n)`` (the row, the
column, then each square's symbol: :func:`squares_of`).

>>> rows = field_oa(4)
>>> len(rows), len(rows[0]), is_orthogonal_array(rows, 5, 4)
(16, 5, True)
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from officers.core.errors import InvalidArgumentError, excerpt
from officers.latin.construct import prime_power
from officers.latin.squares import LatinSquare

__all__ = [
    "OA",
    "AbelianGroup",
    "checked_squares",
    "field_oa",
    "field_tables",
    "is_orthogonal_array",
    "oa_from_difference_matrix",
    "oa_from_quasi_difference_matrix",
    "orthogonal_array_of",
    "product_oa",
    "quasi_difference_matrix_of_vector",
    "squares_of",
]

OA = list[tuple[int, ...]]
"""An orthogonal array: ``n * n`` rows of ``k`` symbols ``0 .. n-1``."""


# --- the check ----------------------------------------------------------------------------------


def is_orthogonal_array(rows: Sequence[Sequence[int]], k: int, n: int) -> bool:
    """Whether ``rows`` are an ``OA(k, n)``: ``n * n`` rows of ``k`` ints in ``0 .. n-1``, every
    two columns holding every pair of symbols exactly once.

    The check knows nothing of how the rows were made. It reads the definition column pair by
    column pair, in three steps:

    1. columns 0 and 1 hold ``n * n`` different pairs ``(r, c)``: the rows are the cells of an
       ``n x n`` grid, and every other column ``b`` is a square ``L_b`` (``L_b[r][c]`` the
       symbol of the row of the cell ``(r, c)``);
    2. each ``L_b`` is Latin (column ``b`` against columns 0 and 1: each row and each column of
       the square holds ``n`` different symbols);
    3. each two squares ``L`` and ``M`` are orthogonal: the cells where ``L`` holds a symbol
       ``s`` are one a row, ``(r, L_r^-1(s))``, and ``M`` must hold ``n`` different symbols in
       them, so the square ``C[r][s] = M[r][L_r^-1(s)]`` must have ``n`` different symbols in
       each column.

    Every step is a bulk operation of Python's own types (sets of small ints, ``zip``,
    ``operator.itemgetter``, and for ``n <= 256`` ``bytes.translate``), never a Python loop
    over the cells: every set of the table to 599 is checked within seconds.

    >>> is_orthogonal_array([(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)], 3, 2)
    True
    >>> is_orthogonal_array([(0, 0), (0, 1), (1, 0), (1, 0)], 2, 2)
    False
    """
    return checked_squares(rows, k, n) is not None


def checked_squares(
    rows: Sequence[Sequence[int]], k: int, n: int
) -> tuple[LatinSquare, ...] | None:
    """The ``k - 2`` squares of ``rows`` (as :func:`squares_of` reads them) when they are an
    ``OA(k, n)``, else ``None``: :func:`is_orthogonal_array`'s check, which reads the squares
    on its way, so the squares returned are the ones checked.

    >>> checked_squares([(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)], 3, 2)
    (((0, 1), (1, 0)),)
    >>> checked_squares([(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 1)], 3, 2) is None
    True
    """
    size = n * n
    if len(rows) != size or n < 1:
        return None
    if any(len(row) != k for row in rows):
        return None
    columns = _columns(rows, n)
    if columns is None:
        return None
    if k < 2:  # no two columns
        return ()
    # 1. the grid: columns 0 and 1 hold every pair once
    scale = [x * n for x in range(n)]
    codes = list(map(operator.add, map(scale.__getitem__, columns[0]), columns[1]))
    if len(set(codes)) != size:
        return None
    cells = _grid_order(codes)
    squares = [_square(cells(column), n) for column in columns[2:]]
    # 2. each square Latin
    for square in squares:
        if not _distinct_lines(square, n) or not _distinct_lines(
            list(zip(*square, strict=True)), n
        ):
            return None
    # 3. each two squares orthogonal
    if not _orthogonal(squares, n):
        return None
    return tuple(map(tuple, squares))


def _columns(rows: Sequence[Sequence[int]], n: int) -> list[list[int]] | None:
    """The columns of ``rows``, each symbol replaced by the one int object of its value (so the
    bulk steps read a few objects), or ``None`` when a symbol is not an int in ``0 .. n-1``."""
    symbols = {x: x for x in range(n)}
    try:
        return [list(map(symbols.__getitem__, column)) for column in zip(*rows, strict=True)]
    except (KeyError, TypeError):  # not a symbol; TypeError: not hashable
        return None


def _grid_order(codes: list[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """For a permutation ``codes`` of ``0 .. n*n - 1``, the function that reorders a column so
    that its ``i``-th entry is that of the row whose code is ``i``."""
    if len(codes) == 1:
        return lambda column: (column[0],)
    where = dict(zip(codes, range(len(codes)), strict=True))
    return operator.itemgetter(*operator.itemgetter(*range(len(codes)))(where))


def _square(cells: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """The ``n`` rows of a square given cell by cell, row after row."""
    return [cells[i : i + n] for i in range(0, n * n, n)]


def _distinct_lines(lines: Sequence[Sequence[int]], n: int) -> bool:
    """Whether each line holds ``n`` different symbols."""
    return set(map(len, map(set, lines))) == {n}


_GAP: Final = 255
"""The byte that stands for no symbol in step 3 (a digit is below it)."""


_PREFIXES: Final = tuple(bytes(range(m)) for m in range(257))
"""``0, 1, ..., m-1`` as ``bytes``, for each ``m`` up to 256."""


def _orthogonal(squares: list[list[tuple[int, ...]]], n: int) -> bool:
    """Step 3, with ``bytes``: each two Latin squares orthogonal.

    A symbol ``x`` is written as its class ``x // 255`` and its digit ``x % 255`` (up to three
    classes below order 766; to order 256 one class, the symbol itself, and no gaps); a row of
    a square, class by class, as the bytes of its digits with :data:`_GAP` for the symbols of
    other classes. For squares ``L`` and ``M``, row ``r`` and classes ``g`` and ``a``,
    ``bytes.maketrans`` from ``L_r``'s class ``g`` to ``M_r``'s class ``a`` sends the digit of
    each symbol ``s`` of class ``g`` to the digit of ``M_r[L_r^-1(s)] = C[r][s]`` when that is
    of class ``a``, else to the gap: row ``r`` of ``C``, class by class (each table 256 bytes).
    ``C``'s column ``s`` holds ``n`` different symbols when, class by class, its digits (the
    column less its gaps) are different: translated by the table that sends each digit to its
    last place (``bytes.maketrans``), they read ``0, 1, 2, ...``."""
    classes = 1 if n <= 256 else -(-n // _GAP)  # one class needs no gap: up to 256 symbols
    width = n if classes == 1 else _GAP
    split = [[x % width if x // width == a else _GAP for x in range(n)] for a in range(classes)]
    sources: list[list[bytes]] = []  # L_r's class g, for r, for g
    targets: list[list[list[bytes]]] = []  # for a: M_r's class a, for r, for g
    for square in squares:
        flat = tuple(itertools.chain.from_iterable(square))
        planes = [
            bytes(flat) if classes == 1 else bytes(map(part.__getitem__, flat)) for part in split
        ]
        by_class = [[plane[r : r + n] for r in range(0, n * n, n)] for plane in planes]
        sources.append([by_class[g][r] for r in range(n) for g in range(classes)])
        targets.append(
            [[row for row in by_class[a] for _ in range(classes)] for a in range(classes)]
        )
    stride = 256 * classes  # a row of C: a table of 256 for each class
    columns = [
        slice(g * 256 + d, None, stride)
        for g in range(classes)
        for d in range(min(width, n - g * width))
    ]
    nothing, gap = itertools.repeat(None), itertools.repeat(bytes([_GAP]))
    for first, source in enumerate(sources):
        for target in targets[first + 1 :]:
            for by_a in target:
                block = b"".join(map(bytes.maketrans, source, by_a))
                digits = list(map(block.__getitem__, columns))
                if classes > 1:
                    digits = list(map(bytes.translate, digits, nothing, gap))
                if not _distinct_bytes(digits):
                    return False
    return True


def _distinct_bytes(lines: list[bytes]) -> bool:
    """Whether each line holds different bytes (each at most 256 long): translated by the table
    that sends each byte to its last place in the line, it reads ``0, 1, 2, ...``."""
    expected = list(map(_PREFIXES.__getitem__, map(len, lines)))
    last = map(bytes.maketrans, lines, expected)
    return b"".join(map(bytes.translate, lines, last)) == b"".join(expected)


def squares_of(rows: OA, n: int) -> tuple[LatinSquare, ...]:
    """The ``k - 2`` MOLS of an ``OA(k, n)``: square ``i`` holds ``row[2 + i]`` in the cell
    ``(row[0], row[1])``.

    >>> squares_of([(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)], 2)
    (((0, 1), (1, 0)),)
    """
    if not rows:
        return ()
    columns = list(zip(*rows, strict=True))
    cells = _grid_order([r * n + c for r, c in zip(columns[0], columns[1], strict=True)])
    return tuple(tuple(_square(cells(column), n)) for column in columns[2:])


def orthogonal_array_of(squares: Sequence[LatinSquare]) -> OA:
    """The ``OA(k + 2, n)`` of ``k`` squares of order ``n``: ``(r, c, L1[r][c], ...)``.

    >>> orthogonal_array_of([((0, 1), (1, 0))])
    [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)]
    """
    n = len(squares[0])
    return [(r, c, *(s[r][c] for s in squares)) for r in range(n) for c in range(n)]


# --- the constructions --------------------------------------------------------------------------


@functools.cache
def field_tables(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The addition and multiplication tables of GF(``q``), elements ``0 .. q-1`` (the digits
    base ``p`` of an element are its coefficients; the modulus the first irreducible one).
    Products are read from the powers of a generator of the multiplicative group (the least
    element whose powers are all the others), each power one polynomial product.

    >>> add, times = field_tables(4)
    >>> add[2][3], times[2][3], times[3][3]
    (1, 1, 2)
    """
    power = prime_power(q)
    if power is None:
        raise InvalidArgumentError(f"GF(q) is a field only for a prime power q, not {excerpt(q)}")
    p, e = power
    digits = [[x // p**i % p for i in range(e)] for x in range(q)]
    modulus = next(digits[c] + [1] for c in range(q) if _irreducible(digits[c], p))

    def times(x: int, y: int) -> int:
        product = [0] * (2 * e)
        for i, a in enumerate(digits[x]):
            for j, b in enumerate(digits[y]):
                product[i + j] = (product[i + j] + a * b) % p
        for top in range(2 * e - 1, e - 1, -1):
            c = product[top]
            if c:
                for i, m in enumerate(modulus):
                    product[top - e + i] = (product[top - e + i] - c * m) % p
        return sum(d * p**i for i, d in enumerate(product[:e]))

    for generator in range(1, q):
        powers = [1]
        while len(powers) < q - 1:
            following = times(powers[-1], generator)
            if following == 1:
                break
            powers.append(following)
        if len(powers) == q - 1:
            break
    log = [0] * q
    for i, x in enumerate(powers):
        log[x] = i
    twice = powers + powers
    mul = (
        (0,) * q,
        *((0, *(twice[log[x] + log[y]] for y in range(1, q))) for x in range(1, q)),
    )
    return _additions(p, e), mul


@functools.cache
def _additions(p: int, e: int) -> tuple[tuple[int, ...], ...]:
    """The addition table of ``e`` digits base ``p`` without carries (GF(p**e)'s): an
    element's lowest digit ``x % p`` and the rest ``x // p``, added apart."""
    if e == 1:
        return tuple((*range(x, p), *range(x)) for x in range(p))
    rest = _additions(p, e - 1)
    low = _additions(p, 1)
    q = p**e
    return tuple(
        tuple(low[x % p][y % p] + p * rest[x // p][y // p] for y in range(q)) for x in range(q)
    )


def _irreducible(low: list[int], p: int) -> bool:
    """Whether the monic ``x**e + low`` has no root-free factorisation: no monic divisor of
    degree 1 .. e // 2 over GF(p)."""
    e = len(low)
    f = [*low, 1]
    for d in range(1, e // 2 + 1):
        for code in range(p**d):
            divisor = [code // p**i % p for i in range(d)] + [1]
            rest = list(f)
            for top in range(len(rest) - 1, d - 1, -1):
                c = rest[top]
                if c:
                    for i, x in enumerate(divisor):
                        rest[top - d + i] = (rest[top - d + i] - c * x) % p
            if not any(rest[:d]):
                return False
    return True


def field_oa(q: int, k: int | None = None) -> OA:
    """The ``OA(k, q)`` (``k <= q + 1``, all ``q + 1`` columns by default) of the affine plane
    over GF(``q``), ``q`` a prime power (Bose 1938; Handbook §III.3): the row ``(i, j)`` is
    ``(i, j, j + x*i for each x != 0 of GF(q))``.

    >>> field_oa(3)
    [(0, 0, 0, 0), (0, 1, 1, 1), (0, 2, 2, 2), (1, 0, 1, 2), (1, 1, 2, 0), (1, 2, 0, 1), (2, 0, 2, 1), (2, 1, 0, 2), (2, 2, 1, 0)]
    """
    add, mul = field_tables(q)
    width = q + 1 if k is None else k
    # column by column: for x, the row i holds add[x*i] along j (addition commutes)
    rows = itertools.chain.from_iterable(itertools.repeat(i, q) for i in range(q))
    columns = tuple(range(q)) * q
    squares = [
        itertools.chain.from_iterable(map(add.__getitem__, mul[x])) for x in range(1, width - 1)
    ]
    return list(zip(rows, columns, *squares, strict=True))


def product_oa(first: OA, second: OA, n2: int) -> OA:
    """MacNeish's product (1922; Handbook §III.3): an ``OA(k, n1)`` and an ``OA(k, n2)`` give
    the ``OA(k, n1 * n2)`` whose rows pair theirs, symbol ``a * n2 + b``.

    >>> len(product_oa(field_oa(3), field_oa(4, 4), 4))
    144
    """
    k = min(len(first[0]), len(second[0]))
    below = list(zip(*second, strict=True))  # the second array's columns

    def column(x: int) -> Iterator[int]:
        """Column ``x``: each symbol ``a`` of the first array's, ``a * n2 +`` the second's."""
        return itertools.chain.from_iterable(
            map(operator.add, itertools.repeat(a[x] * n2), below[x]) for a in first
        )

    return list(zip(*map(column, range(k)), strict=True))


@dataclass(frozen=True, slots=True)
class AbelianGroup:
    """An abelian group ``Z_a1 x ... x Z_ar`` with its elements numbered in mixed radix (the
    last factor's digit lowest).

    >>> group = AbelianGroup((2, 3))
    >>> group.size, group.number((1, 2)), group.digits(5), group.add_table()[5][1]
    (6, 5, [1, 2], 3)
    """

    orders: tuple[int, ...]

    @property
    def size(self) -> int:
        size = 1
        for a in self.orders:
            size *= a
        return size

    def add_table(self) -> list[list[int]]:
        n = self.size
        digits = [self.digits(x) for x in range(n)]
        return [
            [
                self.number(
                    [(a + b) % m for a, b, m in zip(digits[x], digits[y], self.orders, strict=True)]
                )
                for y in range(n)
            ]
            for x in range(n)
        ]

    def digits(self, x: int) -> list[int]:
        out = []
        for a in reversed(self.orders):
            out.append(x % a)
            x //= a
        return out[::-1]

    def number(self, ds: Sequence[int]) -> int:
        x = 0
        for d, a in zip(ds, self.orders, strict=True):
            x = x * a + d % a
        return x


def oa_from_difference_matrix(columns: Sequence[Sequence[int]], add: Sequence[Sequence[int]]) -> OA:
    """The ``OA(k + 1, n)`` of a ``(G, k; 1)`` difference matrix (Handbook §VI.17): ``n``
    columns of ``k`` elements of a group ``G`` of order ``n`` (``add`` its table) such that, for
    any two of the ``k`` places, the differences down the columns hold every element once. Its
    ``n * n`` rows are ``(column[0] + g, ..., column[k-1] + g, c)`` for each column ``c`` and
    element ``g``: the last place numbers the parallel class.

    >>> z3 = [[(a + b) % 3 for b in range(3)] for a in range(3)]
    >>> rows = oa_from_difference_matrix([(0, 0, 0), (0, 1, 2), (0, 2, 1)], z3)
    >>> is_orthogonal_array(rows, 4, 3)
    True
    """
    n = len(add)
    return [(*(add[x][g] for x in column), c) for c, column in enumerate(columns) for g in range(n)]


def oa_from_quasi_difference_matrix(
    columns: Sequence[Sequence[int | None]], add: Sequence[Sequence[int]], filler: OA
) -> OA:
    """The ``OA(k, n + u)`` of an ``(n, k; 1, 1; u)`` quasi-difference matrix (Handbook
    §III.3, Colbourn and Kreher): ``n - 1 + 2u + 1`` columns of ``k`` elements of a group of
    order ``n`` (``add`` its table) or blanks (``None``), each place blank in ``u`` columns and
    each column blank at most once, and for any two places the differences down the columns
    where both are filled hold every element but 0 once and 0 once. Each column is developed
    over the group; the ``x``-th blank of a place becomes the point ``n + x`` (the same for
    every ``g``); ``filler``, an ``OA(k, u)``, covers the new points among themselves.

    >>> z3 = [[(a + b) % 3 for b in range(3)] for a in range(3)]
    >>> is_orthogonal_array(oa_from_quasi_difference_matrix([(0, 0, 0), (0, 1, 2), (0, 2, 1)], z3, []), 3, 3)
    True
    """
    n = len(add)
    k = len(columns[0])
    seen = [0] * k
    rows: OA = []
    for column in columns:
        points = []
        for place, value in enumerate(column):
            if value is None:
                points.append(n + seen[place])
                seen[place] += 1
            else:
                points.append(-1 - value)
        rows.extend(tuple(add[-1 - x][g] if x < 0 else x for x in points) for g in range(n))
    rows.extend(tuple(n + x for x in row[:k]) for row in filler)
    return rows


def _primitive_root(q: int) -> int:
    """The least generator of the multiplicative group of Z_q, ``q`` a prime."""
    factors = [p for p in range(2, q) if (q - 1) % p == 0 and all(p % d for d in range(2, p))]
    return next(g for g in range(2, q) if all(pow(g, (q - 1) // p, q) != 1 for p in factors))


def quasi_difference_matrix_of_vector(
    m: int, t: int, vector: Sequence[int]
) -> list[tuple[int | None, ...]]:
    """The ``(mt + 1, m + 2; 1, 1; t)`` quasi-difference matrix of a ``V(m, t)`` vector
    (Handbook §III.3), over Z_q for the prime ``q = mt + 1``: the column ``(blank, a_1, ...,
    a_{m+1})`` times each ``t``-th root of unity (the powers of ``w**m``, ``w`` a primitive
    root), each in its ``m + 2`` cyclic shifts, and a column of zeros.

    >>> len(quasi_difference_matrix_of_vector(3, 2, (0, 1, 3, 6)))
    11
    """
    q = m * t + 1
    root = pow(_primitive_root(q), m, q)
    columns: list[tuple[int | None, ...]] = []
    for i in range(t):
        factor = pow(root, i, q)
        column: tuple[int | None, ...] = (None, *(a * factor % q for a in vector))
        for by in range(m + 2):
            columns.append(
                column[len(column) - by :] + column[: len(column) - by] if by else column
            )
    columns.append((0,) * (m + 2))
    return columns
