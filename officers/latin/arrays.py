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
from collections.abc import Sequence
from dataclasses import dataclass

from officers.latin.construct import prime_power
from officers.latin.squares import LatinSquare

__all__ = [
    "OA",
    "AbelianGroup",
    "field_oa",
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

    The check knows nothing of how the rows were made. It reads the definition this way: for
    every column ``a`` and symbol ``s``, exactly ``n`` rows hold ``s`` in column ``a``, and in
    every other column those rows hold ``n`` different symbols (so each pair ``(s, x)`` once).
    A row is a bitset with bit ``b*n + row[b]`` for each column ``b`` (of a block of columns,
    to bound the memory); the ``n`` rows of a symbol have ``n`` different symbols in every
    column ``b != a`` exactly when the union of their bitsets has one bit for column ``a``
    and ``n`` for each other column.

    >>> is_orthogonal_array([(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)], 3, 2)
    True
    >>> is_orthogonal_array([(0, 0), (0, 1), (1, 0), (1, 0)], 2, 2)
    False
    """
    if len(rows) != n * n:
        return False
    if any(len(row) != k or any(not 0 <= x < n for x in row) for row in rows):
        return False
    # the bitsets of a block of columns at a time, at most about 2**29 bits in all
    block = max(1, min(k, (1 << 29) // (n * n * n)))
    for first in range(0, k, block):
        if not _block_holds(rows, k, n, range(first, min(k, first + block))):
            return False
    return True


def _block_holds(rows: Sequence[Sequence[int]], k: int, n: int, columns: range) -> bool:
    """Whether, for every column ``a`` and symbol, the rows holding that symbol in column ``a``
    hold ``n`` different symbols in each column of ``columns`` other than ``a``."""
    size = (len(columns) * n + 7) // 8
    offsets = [(b, (b - columns.start) * n) for b in columns]
    bits: list[int] = []
    for row in rows:
        buffer = bytearray(size)
        for b, offset in offsets:
            place = offset + row[b]
            buffer[place >> 3] |= 1 << (place & 7)
        bits.append(int.from_bytes(buffer, "little"))
    for a in range(k):
        expected = (len(columns) - 1) * n + 1 if a in columns else len(columns) * n
        groups: list[list[int]] = [[] for _ in range(n)]
        for row, word in zip(rows, bits, strict=True):
            groups[row[a]].append(word)
        for group in groups:
            if len(group) != n:
                return False
            union = 0
            for member in group:
                union |= member
            if union.bit_count() != expected:
                return False
    return True


def squares_of(rows: OA, n: int) -> tuple[LatinSquare, ...]:
    """The ``k - 2`` MOLS of an ``OA(k, n)``: square ``i`` holds ``row[2 + i]`` in the cell
    ``(row[0], row[1])``.

    >>> squares_of([(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)], 2)
    (((0, 1), (1, 0)),)
    """
    k = len(rows[0]) if rows else 2
    cells = [[[0] * n for _ in range(n)] for _ in range(k - 2)]
    for row in rows:
        r, c = row[0], row[1]
        for i in range(k - 2):
            cells[i][r][c] = row[2 + i]
    return tuple(tuple(tuple(line) for line in square) for square in cells)


def orthogonal_array_of(squares: Sequence[LatinSquare]) -> OA:
    """The ``OA(k + 2, n)`` of ``k`` squares of order ``n``: ``(r, c, L1[r][c], ...)``.

    >>> orthogonal_array_of([((0, 1), (1, 0))])
    [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)]
    """
    n = len(squares[0])
    return [(r, c, *(s[r][c] for s in squares)) for r in range(n) for c in range(n)]


# --- the constructions --------------------------------------------------------------------------


@functools.cache
def _field(q: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The addition and multiplication tables of GF(``q``), elements ``0 .. q-1`` (the digits
    base ``p`` of an element are its coefficients; the modulus the first irreducible one)."""
    p, e = prime_power(q) or (q, 1)
    digits = [[x // p**i % p for i in range(e)] for x in range(q)]

    def number(ds: Sequence[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    add = tuple(
        tuple(
            number([(a + b) % p for a, b in zip(digits[x], digits[y], strict=True)])
            for y in range(q)
        )
        for x in range(q)
    )
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
        return number(product[:e])

    mul = tuple(tuple(times(x, y) for y in range(q)) for x in range(q))
    return add, mul


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
    add, mul = _field(q)
    width = q + 1 if k is None else k
    return [
        (i, j, *(add[j][mul[x][i]] for x in range(1, width - 1)))
        for i in range(q)
        for j in range(q)
    ]


def product_oa(first: OA, second: OA, n2: int) -> OA:
    """MacNeish's product (1922; Handbook §III.3): an ``OA(k, n1)`` and an ``OA(k, n2)`` give
    the ``OA(k, n1 * n2)`` whose rows pair theirs, symbol ``a * n2 + b``.

    >>> len(product_oa(field_oa(3), field_oa(4, 4), 4))
    144
    """
    k = min(len(first[0]), len(second[0]))
    return [tuple(a[x] * n2 + b[x] for x in range(k)) for a in first for b in second]


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
