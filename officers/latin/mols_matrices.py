"""The difference matrices and quasi-difference matrices that the sources print, behind
:mod:`officers.latin.mutually_orthogonal`, each with its source.

A matrix is given by its group (the orders of its cyclic factors, ``Z_a1 x ... x Z_ar``; an
element is the tuple of its coordinates, or an int when the group is cyclic) and its columns,
each a tuple of ``k`` elements (``None`` a blank of a quasi-difference matrix). The columns are
developed from the base columns the Handbook of Combinatorial Designs (C. J. Colbourn and J. H.
Dinitz, eds., 2nd ed., 2007, §III.3) prints, by the rules it prints with them (multipliers,
cyclic shifts, added elements); the same data is in SageMath's designs database
(``database.py``), from which the ones shared by J. R. Abel are taken.

>>> orders, columns = dm_21_6()
>>> orders, len(columns), columns[1]
((21,), 21, (8, 9, 11, 14, 18, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from officers.latin.mols_abel_cheng import ABEL_CHENG, bits, f2_powers

__all__ = ["DIFFERENCE_MATRICES", "QUASI_DIFFERENCE_MATRICES", "Matrix"]

Element = int | tuple[int, ...] | None
Column = tuple[Element, ...]
Matrix = tuple[tuple[int, ...], list[Column]]


def _shift(column: tuple[Element, ...], by: int) -> tuple[Element, ...]:
    """The column rotated right by ``by`` places (``c[-by:] + c[:-by]``)."""
    by %= len(column)
    return column[len(column) - by :] + column[: len(column) - by] if by else column


def _cyclic(n: int, columns: list[tuple[Element, ...]]) -> Matrix:
    return (n,), [tuple(None if x is None else int(x) % n for x in c) for c in columns]  # type: ignore[arg-type]


def dm_21_6() -> Matrix:
    """A (Z_21, 6; 1) difference matrix: Handbook III.3.50."""
    base = [(8, 17, 20, 2), (9, 16, 4, 15), (11, 5, 10, 6), (14, 1, 3, 13), (18, 19, 12, 7)]
    columns: list[tuple[Element, ...]] = [(0,) * 6]
    for r in zip(*base, strict=True):
        for i in range(5):
            columns.append((*(r[(j + i) % 5] for j in range(5)), 0))
    return _cyclic(21, columns)


def dm_24_8() -> Matrix:
    """A (Z_2 x Z_2 x Z_6, 8; 1) difference matrix: Handbook III.3.52 (an entry ``abcd`` is
    ``(c, d, x)`` with ``x`` the element of Z_6 that is ``b`` modulo 2 and ``a`` modulo 3)."""
    text = (
        "0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 "
        "0000 0010 0100 0110 1000 1010 1100 1110 2000 2010 2100 2110 "
        "0000 0011 1001 2110 0111 2011 2111 1000 0100 1100 1101 2010 "
        "0000 1010 1011 2000 1101 2110 0001 0101 2100 2001 0111 1100 "
        "0000 0001 2010 1111 2111 2100 1101 0011 1010 2101 1000 0110 "
        "0000 1000 2001 1011 0100 1100 0110 2101 2111 0010 1111 2011 "
        "0000 1001 0111 2100 2000 0010 1110 2011 1100 1011 0101 2111 "
        "0000 1011 2101 0100 2110 1001 2000 0110 0101 1111 2011 1010 "
    )
    z6 = {(x % 2, x % 3): x for x in range(6)}
    words = text.split()
    values = [(int(w[2]), int(w[3]), z6[int(w[1]), int(w[0])]) for w in words]
    rows = [values[i * 12 : (i + 1) * 12] for i in range(8)]
    added = [(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0), (0, 0, 3), (0, 1, 3), (1, 0, 3), (1, 1, 3)]
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        columns.append(column)
        columns.append(
            tuple(
                ((a + x) % 2, (b + y) % 2, (c + z) % 6)
                for (a, b, c), (x, y, z) in zip(column, added, strict=True)
            )
        )
    return (2, 2, 6), columns


def dm_28_6() -> Matrix:
    """A (Z_2 x Z_2 x Z_7, 6; 1) difference matrix: Handbook III.3.54 (an entry ``(x, y)`` is
    ``(x // 2, x % 2, y)``, ``x`` an element of GF(4) written 0, 1, z = 2, z + 1 = 3)."""
    z = 2
    base = [
        [(0, 0), (z + 1, 6), (1, 1), (1, 1), (1, 3), (1, 4), (0, 0), (1, 4), (z, 5)],
        [(z, 2), (0, 0), (1, 5), (z, 1), (z, 2), (z, 6), (z + 1, 3), (0, 0), (z, 1)],
        [
            (z, 3),
            (z + 1, 4),
            (0, 0),
            (z + 1, 5),
            (z + 1, 2),
            (z + 1, 4),
            (z + 1, 2),
            (1, 6),
            (0, 0),
        ],
        [(0, 5), (z, 6), (0, 5), (0, 6), (z, 3), (0, 0), (0, 4), (1, 5), (z + 1, 4)],
        [(0, 3), (0, 3), (z + 1, 5), (0, 0), (0, 5), (z + 1, 6), (1, 1), (0, 1), (z, 3)],
        [(1, 3), (0, 6), (0, 6), (1, 5), (0, 0), (0, 3), (z + 1, 6), (z, 2), (0, 2)],
    ]
    values = [[(x // 2, x % 2, y) for x, y in row] for row in base]
    columns: list[tuple[Element, ...]] = [((0, 0, 0),) * 6]
    for a, b, c, d, e, f in zip(*values, strict=True):
        columns += [(a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d)]
    return (2, 2, 7), columns


def dm_33_6() -> Matrix:
    """A (Z_33, 6; 1) difference matrix: Handbook III.3.56."""
    base = [
        [0, 0, 0, 0, 0, 0],
        [15, 11, 22, 4, 17, 8],
        [19, 7, 14, 32, 22, 18],
        [22, 19, 8, 24, 21, 6],
        [9, 12, 15, 7, 26, 14],
        [14, 28, 23, 2, 19, 3],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 6, (1, 4, 16, 31, 25, 22), (7, 28, 13, 19, 10, 0)]
    for r in zip(*base, strict=True):
        a, b, c, d, e, f = r
        for _ in range(5):
            columns.append((a, b, c, d, e, f))
            a, b, c, d, e, f = 4 * e, 4 * a, 4 * b, 4 * c, 4 * d, 4 * f
    return _cyclic(33, columns)


def dm_35_6() -> Matrix:
    """A (Z_35, 6; 1) difference matrix: Handbook III.3.58 (printed whole, less its row of
    zeros)."""
    text = """
    0 15 30 10 25 1 16 31 11 26 2 17 32 12 6 3 18 33 27 21 4 19 13 7 22 5 34 28 8 23 20 14 29 9 24
    0 22 16 3 4 9 10 32 26 13 18 5 27 14 15 20 7 1 23 31 29 2 24 11 19 17 25 12 6 28 33 34 21 8 30
    0 29 2 31 18 10 32 26 34 28 27 21 15 9 17 30 3 4 5 20 12 6 14 22 16 8 23 24 25 33 11 19 13 7 1
    0 8 9 17 11 25 19 27 28 1 15 23 31 4 26 12 6 14 29 16 2 3 18 33 34 20 7 22 30 24 10 32 5 13 21
    0 1 23 24 32 33 6 7 29 30 10 11 12 13 28 8 9 31 4 5 27 14 15 16 3 25 26 34 21 22 2 17 18 19 20
    """
    rows = [[int(x) for x in line.split()] for line in text.strip().splitlines()]
    rows.append([0] * 35)
    return _cyclic(35, list(zip(*rows, strict=True)))


def dm_36_9() -> Matrix:
    """A (Z_2 x Z_2 x Z_3 x Z_3, 9; 1) difference matrix: Handbook III.3.59."""
    text = """
    0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000
    0000 0100 1000 1100 0001 0101 1001 1101 0002 0102 1002 1102
    0000 1112 0021 0012 0120 0102 1111 0111 1110 1022 1001 1010
    0000 0010 1010 0100 1100 1020 1000 0120 1120 0020 1110 0110
    0000 0120 0010 1110 1020 1010 0100 0020 0110 1100 1120 1000
    0000 0110 0120 1120 1102 0012 1122 1002 1001 1011 0021 0111
    0000 1010 1101 1012 1022 0021 0101 0100 1122 0110 0012 1121
    0000 1100 0110 1021 0102 1022 0022 1110 1011 0121 1111 0002
    0000 1000 1110 0112 1121 0111 0011 1020 0122 1102 1022 0001
    """
    rows = [
        [tuple(int(ch) for ch in w) for w in line.split()] for line in text.strip().splitlines()
    ]
    shifts = [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (1, 1), (2, 2), (1, 2), (2, 1)]
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        for y in range(3):
            columns.append(
                tuple(
                    (a, b, (c + s * y) % 3, (d + t * y) % 3)
                    for (a, b, c, d), (s, t) in zip(column, shifts, strict=True)
                )
            )
    return (2, 2, 3, 3), columns


def dm_39_6() -> Matrix:
    """A (Z_39, 6; 1) difference matrix: Handbook III.3.61."""
    base = [
        [0, 0, 0, 0, 0, 0],
        [4, 23, 13, 5, 12, 11],
        [25, 11, 22, 34, 23, 6],
        [13, 4, 20, 17, 15, 29],
        [27, 21, 8, 16, 19, 26],
        [16, 19, 34, 38, 26, 21],
    ]
    columns: list[tuple[Element, ...]] = [
        (0,) * 6,
        (1, 16, 22, 17, 38, 23),
        (-1, -16, -22, -17, -38, -23),
    ]
    for r in zip(*base, strict=True):
        a, b, c, d, e, f = r
        for _ in range(3):
            columns.append((a, b, c, d, e, f))
            columns.append((-a, -b, -c, -d, -e, -f))
            a, b, c, d, e, f = (16 * x for x in (c, a, b, f, d, e))
    return _cyclic(39, columns)


def dm_44_6() -> Matrix:
    """A (Z_2 x Z_2 x Z_11, 6; 1) difference matrix: Handbook III.3.64."""
    base = [
        [(0, 0, 0)] * 8,
        [(1, 1, 4), (0, 1, 4), (1, 1, 7), (1, 0, 6), (1, 1, 9), (0, 1, 2), (0, 1, 5), (0, 1, 1)],
        [(1, 0, 6), (0, 1, 3), (1, 0, 0), (0, 1, 9), (1, 1, 1), (0, 1, 4), (1, 1, 9), (1, 0, 9)],
        [(1, 1, 6), (1, 1, 9), (0, 1, 2), (1, 1, 0), (0, 1, 0), (1, 1, 5), (0, 0, 4), (0, 0, 9)],
        [(1, 0, 9), (0, 0, 2), (0, 0, 1), (1, 0, 2), (0, 0, 7), (1, 1, 6), (1, 1, 0), (1, 0, 7)],
        [(1, 0, 1), (1, 0, 6), (1, 1, 3), (0, 1, 5), (0, 0, 5), (0, 1, 3), (0, 1, 0), (1, 1, 0)],
    ]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*base, strict=True):
        column = list(r)
        for _ in range(5):
            columns.append(tuple(column))
            order = [4, 0, 1, 2, 3, 5]
            column = [(column[i][0], column[i][1], 5 * column[i][2] % 11) for i in order]
    for x, y, z in [(0, 0, 0), (1, 0, 1), (1, 1, 2), (0, 0, 8)]:
        columns.append((*((x, y, m * z % 11) for m in (1, 5, 3, 4, 9)), (0, 0, 0)))
    return (2, 2, 11), columns


def dm_45_7() -> Matrix:
    """A (Z_5 x Z_3 x Z_3, 7; 1) difference matrix: Handbook III.3.65, with the correction
    J. R. Abel gave SageMath."""
    base = [
        [(0, 0, 0), (2, 2, 1), (3, 1, 1), (4, 1, 2), (4, 0, 1), (0, 1, 1), (0, 2, 1), (3, 2, 2)],
        [(0, 0, 0), (1, 2, 1), (4, 2, 2), (1, 2, 0), (4, 1, 0), (3, 1, 1), (3, 0, 0), (2, 1, 2)],
        [(0, 0, 0), (4, 1, 1), (2, 2, 1), (3, 2, 0), (1, 2, 0), (2, 1, 0), (1, 0, 0), (3, 2, 1)],
        [(0, 0, 0), (0, 1, 0), (2, 1, 1), (4, 0, 0), (0, 0, 2), (4, 2, 2), (3, 2, 2), (1, 2, 2)],
        [(0, 0, 0), (3, 1, 2), (2, 1, 0), (0, 2, 2), (4, 2, 1), (0, 2, 1), (2, 0, 1), (1, 1, 2)],
        [(0, 0, 0), (2, 1, 1), (1, 2, 2), (3, 0, 1), (2, 0, 1), (1, 0, 0), (4, 2, 1), (1, 1, 0)],
        [(0, 0, 0)] * 8,
    ]
    rows = [list(row) for row in base]
    for i in range(6):
        rows[i].extend(base[5 - i][1:8])
    rows[6].extend(base[6][1:8])
    adds = [(0, 1), (2, 0), (1, 2), (2, 1), (1, 0), (0, 2), (0, 0)]  # times i, to (y, z)
    columns: list[tuple[Element, ...]] = []
    for r in zip(*rows, strict=True):
        for i in range(3):
            columns.append(
                tuple(
                    (x, (y + s * i) % 3, (z + t * i) % 3)
                    for (x, y, z), (s, t) in zip(r, adds, strict=True)
                )
            )
    return (5, 3, 3), columns


def dm_51_6() -> Matrix:
    """A (Z_51, 6; 1) difference matrix: Handbook III.3.69."""
    base = [
        [5, 33, 29, 30, 1],
        [8, 3, 47, 10, 13],
        [14, 27, 6, 12, 28],
        [9, 16, 44, 49, 11],
        [34, 32, 36, 26, 20],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 6]
    for r in zip(*base, strict=True):
        for i in range(5):
            column = r[5 - i :] + r[: 5 - i]  # rotated right i places
            columns.append((*column, 0))
            columns.append((*(-x for x in column), 0))
    return _cyclic(51, columns)


def qdm_19_6() -> Matrix:
    """A (19, 6; 1, 1; 1) quasi-difference matrix over Z_19: Handbook III.3.49."""
    base = [
        [None, 7, 13, 1, 16, 9, 2],
        [0, 1, 15, 7, 17, 6, 14],
        [0, 11, 10, 11, 5, 4, 3],
        [7, None, 13, 16, 1, 2, 9],
        [1, 0, 15, 17, 7, 14, 6],
        [11, 0, 10, 5, 11, 3, 4],
    ]
    columns: list[tuple[Element, ...]] = []
    for a, b, c, d, e, f in zip(*base, strict=True):
        columns += [(a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d)]
    return _cyclic(19, columns)


def qdm_21_5() -> Matrix:
    """A (21, 5; 1, 1; 1) quasi-difference matrix over Z_21: Handbook III.3.51."""
    base = [
        [1, 13, 18, 3, 16, 19, None],
        [16, 19, 1, 13, 18, 3, 0],
        [18, 3, 16, 19, 1, 13, 0],
        [6, 15, 6, 15, 6, 15, 0],
        [12, 9, 19, 16, 5, 2, 0],
    ]
    columns: list[tuple[Element, ...]] = [(0, 7, 14, None, 0), (0, 14, 7, 0, None)]
    for a, b, c, d, e in zip(*base, strict=True):
        assert b is not None and c is not None and d is not None and e is not None
        columns.append((a, b, c, d, e))
        columns.append((16 * c, None if a is None else 16 * a, 16 * b, 16 * d + 7, 16 * e + 14))
        columns.append((4 * b, 4 * c, None if a is None else 4 * a, 4 * d + 14, 4 * e + 7))
    return _cyclic(21, columns)


def qdm_21_6() -> Matrix:
    """A (21, 6; 1, 1; 5) quasi-difference matrix over Z_21: Handbook III.3.53."""
    base = [
        [None] * 5,
        [0] * 5,
        [1, 6, 7, 8, 14],
        [3, 11, 20, 18, 10],
        [6, 10, 14, 1, 5],
        [4, 19, 5, 12, 2],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 6]
    for r in zip(*base, strict=True):
        columns += [r[i:] + r[:i] for i in range(6)]
    return _cyclic(21, columns)


def qdm_25_6() -> Matrix:
    """A (25, 6; 1, 1; 5) quasi-difference matrix over Z_5 x Z_5: Handbook III.3.55."""
    base: list[list[tuple[int, int] | None]] = [
        [(0, 0), None, (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
        [(0, 0), (0, 0), None, (0, 4), (0, 2), (0, 3), (0, 1)],
        [(0, 0), (3, 1), (3, 0), None, (4, 0), (1, 0), (2, 0)],
        [(0, 0), (3, 0), (0, 2), (1, 2), None, (0, 1), (0, 3)],
        [(0, 0), (3, 3), (1, 2), (4, 2), (2, 0), None, (0, 4)],
        [(0, 0), (4, 2), (2, 4), (0, 3), (2, 3), (3, 2), None],
    ]
    adds = [(1, 1), (2, 1), (1, 0), (4, 0), (3, 4), (4, 4)]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*base, strict=True):
        for i in range(5):
            columns.append(
                tuple(
                    None if x is None else ((x[0] + s * i) % 5, (x[1] + t * i) % 5)
                    for x, (s, t) in zip(r, adds, strict=True)
                )
            )
    return (5, 5), columns


def qdm_33_6() -> Matrix:
    """A (33, 6; 1, 1; 1) quasi-difference matrix over Z_33: Handbook III.3.57."""
    base: list[list[int | None]] = [
        [None, 0, 0, 0, 0, 0],
        [30, 17, 10, 25, 23, 8],
        [22, 4, 32, 29, 28, 22],
        [25, 10, 20, 15, 21, 16],
        [0, 12, 15, 16, 32, 23],
        [6, 11, 18, 14, 9, 20],
    ]
    columns: list[tuple[Element, ...]] = [
        (0, 0, 0, 0, 0, 0),
        (1, 4, 16, 31, 25, 11),
        (3, 12, 15, 27, 9, 11),
        (10, 7, 28, 13, 19, 0),
        (5, 20, 14, 23, 26, None),
    ]

    def times4(x: int | None) -> int | None:
        return None if x is None else 4 * x

    for r in zip(*base, strict=True):
        a, b, c, d, e, f = r
        for _ in range(5):
            columns.append((a, b, c, d, e, f))
            a, b, c, d, e, f = (times4(x) for x in (e, a, b, c, d, f))
    return _cyclic(33, columns)


def qdm_37_6() -> Matrix:
    """A (37, 6; 1, 1; 1) quasi-difference matrix over Z_37: Handbook III.3.60."""
    base = [
        [None, 10, 1, 2, 6, 3, 22, 5, 7, 9, 14, 18, 28],
        [0, 1, 10, 20, 23, 30, 35, 13, 33, 16, 29, 32, 21],
        [0, 26, 26, 15, 8, 4, 17, 19, 34, 12, 31, 24, 25],
        [10, None, 10, 6, 2, 22, 3, 7, 5, 14, 9, 28, 18],
        [1, 0, 26, 23, 20, 35, 30, 33, 13, 29, 16, 21, 32],
        [26, 0, 1, 8, 15, 17, 4, 34, 19, 31, 12, 25, 24],
    ]
    columns: list[tuple[Element, ...]] = []
    for a, b, c, d, e, f in zip(*base, strict=True):
        columns += [(a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d)]
    return _cyclic(37, columns)


def _shifted_qdm(n: int, base: list[list[int | None]]) -> Matrix:
    """The columns of ``base`` and all their cyclic shifts (as many as the column is long)."""
    columns: list[tuple[Element, ...]] = []
    for r in zip(*base, strict=True):
        columns += [_shift(r, i) for i in range(len(r))]
    return _cyclic(n, columns)


def qdm_35_7() -> Matrix:
    """A (35, 7; 1, 1; 7) quasi-difference matrix over Z_35: Handbook III.3.63."""
    return _shifted_qdm(
        35,
        [
            [None] * 7,
            [0] * 7,
            [18, -18, 11, -11, 5, -5, 4],
            [26, -26, 10, -10, 30, -30, 23],
            [20, -20, 3, -3, 33, -33, 23],
            [5, -5, 25, -25, 24, -24, 4],
            [17, -17, 4, -4, 22, -22, 0],
        ],
    )


def qdm_45_7() -> Matrix:
    """A (45, 7; 1, 1; 9) quasi-difference matrix over Z_45: Handbook III.3.71."""
    return _shifted_qdm(
        45,
        [
            [None] * 9,
            [0] * 9,
            [1, 27, 16, 7, -1, -27, -16, -7, 3],
            [24, 40, 1, 35, -24, -40, -1, -35, 7],
            [10, 30, 22, 44, -10, -30, -22, -44, 7],
            [5, 18, 14, 33, -5, -18, -14, -33, 3],
            [30, 16, 33, 27, -30, -16, -33, -27, 0],
        ],
    )


def qdm_54_7() -> Matrix:
    """A (54, 7; 1, 1; 8) quasi-difference matrix over Z_54: Handbook III.3.74."""
    return _shifted_qdm(
        54,
        [
            [0, None, None, None, 0, None, None, None, None, None],
            [17, 0, 0, 0, -17, 0, 0, 0, 1, 11],
            [29, 28, 35, 23, -29, -28, -35, -23, 3, 19],
            [36, 50, 5, 33, -36, -50, -5, -33, 7, 33],
            [31, 2, 43, 30, -31, -2, -43, -30, 34, 33],
            [16, 47, 44, 51, -16, -47, -44, -51, 30, 19],
            [41, 11, 1, 17, -41, -11, -1, -17, 28, 11],
        ],
    )


def qdm_57_9(idempotent_oa_9_9: list[tuple[int, ...]]) -> Matrix:
    """A (57, 9; 1, 1; 8) quasi-difference matrix over Z_57, from J. R. Abel (as SageMath's
    designs database gives it): the base block ``{1, 6, 7, 9, 19, 38, 42, 49}`` of a cyclic
    (57, 8, 1) design and a point at infinity stand in for the symbols of an idempotent
    ``OA(9, 9)`` without its constant rows."""
    block: list[int | None] = [None, 1, 6, 7, 9, 19, 38, 42, 49]
    columns: list[tuple[Element, ...]] = [
        tuple(block[x] for x in row) for row in idempotent_oa_9_9 if any(x != row[0] for x in row)
    ]
    columns.append((0,) * 9)
    return _cyclic(57, columns)


def dm_48_9() -> Matrix:
    """A (Z_3 x GF(16), 9; 1) difference matrix: Handbook III.3.67 (``(a, b)`` is ``(a, w**b)``
    with ``w**4 = w + 1``)."""
    text = """
    0,4 2,2 2,2 0,13 0,4 2,13 0,1 0,7 1,7 2,2 0,6 2,9
    2,7 0,9 2,7 2,3 0,3 0,9 1,12 0,6 0,12 2,14 2,7 0,11
    2,12 2,12 0,14 0,14 2,8 0,8 0,2 1,2 0,11 0,1 2,4 2,12
    1,3 0,2 0,10 0,14 0,9 1,3 0,12 2,13 2,1 2,9 2,0 1,7
    0,0 1,8 0,7 1,8 0,4 0,14 2,6 0,2 2,3 1,12 2,14 2,5
    0,12 0,5 1,13 0,4 1,13 0,9 2,8 2,11 0,7 2,10 1,2 2,4
    1,12 2,0 1,14 0,6 1,9 0,14 1,4 0,5 1,8 1,3 2,1 1,1
    1,4 1,2 2,5 0,4 0,11 1,14 1,13 1,9 0,10 1,6 1,8 2,6
    2,10 1,9 1,7 1,4 0,9 0,1 0,0 1,3 1,14 2,11 1,11 1,13
    """
    powers, order = f2_powers(4, 0b0011)
    rows = [
        [tuple(int(v) for v in pair.split(",")) for pair in line.split()]
        for line in text.strip().splitlines()
    ]
    exponents = [12, 2, 7, 0, 5, 10, 3, 8, 13]
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        entries = [(a, powers[b % order]) for a, b in column]
        columns.append(tuple((a, *bits(f, 4)) for a, f in entries))
        for u in (0, 1, 4):
            columns.append(
                tuple(
                    (a, *bits(f ^ powers[(x + u) % order], 4))
                    for (a, f), x in zip(entries, exponents, strict=True)
                )
            )
    return (3, 2, 2, 2, 2), columns


_Step = Callable[[list[tuple[int, int]]], list[tuple[int, int]]]


def dm_52_6() -> Matrix:
    """A (GF(4) x Z_13, 6; 1) difference matrix: Handbook III.3.70 (GF(4) = {0, 1, z, z**2},
    ``z**2 = z + 1``, written 0, 1, 2, 3 and added as bit vectors)."""
    z, zz = 2, 3
    base = [
        [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
        [(zz, 10), (0, 7), (1, 10), (z, 10), (zz, 3)],
        [(z, 10), (zz, 2), (1, 11), (z, 2), (zz, 7)],
        [(z, 8), (zz, 12), (0, 10), (zz, 11), (zz, 6)],
        [(1, 2), (0, 2), (zz, 8), (z, 3), (z, 7)],
        [(1, 6), (z, 12), (0, 7), (zz, 6), (z, 2)],
    ]
    extra = [
        [(1, 1), (zz, 11)],
        [(z, 3), (1, 7)],
        [(zz, 9), (z, 8)],
        [(1, 4), (zz, 3)],
        [(z, 12), (1, 9)],
        [(zz, 10), (z, 1)],
    ]

    def times_z(x: int) -> int:  # (a + b z) z = b + (a + b) z
        a, b = x & 1, x >> 1
        return b | ((a ^ b) << 1)

    def t1(r: list[tuple[int, int]]) -> list[tuple[int, int]]:
        order = [2, 0, 1, 5, 3, 4]
        return [(times_z(r[i][0]), 3 * r[i][1] % 13) for i in order]

    def t2(r: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [r[i] for i in (2, 0, 1, 4, 5, 3)]

    def repeat(f: _Step, times: int, r: list[tuple[int, int]]) -> list[tuple[int, int]]:
        for _ in range(times):
            r = f(r)
        return r

    found: list[list[tuple[int, int]]] = [[(0, 0)] * 6]
    for column in zip(*base, strict=True):
        for c1 in (1, 2, 3):
            for c2 in (1, 2, 3):
                found.append(repeat(t2, c2, repeat(t1, c1, list(column))))
    for column in zip(*extra, strict=True):
        for c2 in (1, 2, 3):
            found.append(repeat(t2, c2, list(column)))
    columns: list[tuple[Element, ...]] = [tuple((x & 1, x >> 1, y) for x, y in r) for r in found]
    return (2, 2, 13), columns


def dm_55_7() -> Matrix:
    """A (Z_55, 7; 1) difference matrix: Handbook III.3.72."""
    base = [
        [1, 7, 14, 19, 28, 33, 40, 46, 50],
        [2, 13, 25, 38, 52, 12, 20, 32, 45],
        [39, 6, 8, 26, 24, 51, 11, 34, 37],
        [54, 48, 41, 36, 27, 22, 15, 9, 5],
        [53, 42, 30, 17, 3, 43, 35, 23, 10],
        [16, 49, 47, 29, 31, 4, 44, 21, 18],
    ]
    columns: list[tuple[Element, ...]] = [(0,) * 7]
    for r in zip(*base, strict=True):
        columns += [(*_shift(r, c), 0) for c in range(6)]
    return _cyclic(55, columns)


def dm_56_8() -> Matrix:
    """A (GF(8) x Z_7, 8; 1) difference matrix: Handbook III.3.73 (``w**3 = w + 1``; an entry
    ``(i, y)`` is ``(w**i, y)``, ``(None, y)`` is ``(0, y)``, and the last row is ``(1, 0)``)."""
    powers, _ = f2_powers(3, 0b011)
    rows: list[list[tuple[int, int]]] = []
    second = [
        [0, 0, 0, 0, 0, 0, 0, 0],
        [1, 6, 1, 1, 6, 1, 6, 6],
        [4, 3, 4, 4, 3, 4, 3, 3],
        [2, 5, 2, 2, 5, 2, 5, 5],
        [2, 5, 2, 2, 5, 2, 5, 5],
        [4, 3, 4, 4, 3, 4, 3, 3],
        [1, 6, 1, 1, 6, 1, 6, 6],
    ]
    for i in range(7):  # row i: (0, y0), (w**i, y1), (w**(i+1), y2), ..., (w**(i+6), y7)
        rows.append(
            [(0, second[i][0])] + [(powers[(i + j) % 7], second[i][j + 1]) for j in range(7)]
        )
    rows.append([(1, 0)] * 8)
    columns: list[tuple[Element, ...]] = []
    for column in zip(*rows, strict=True):
        r = list(column)
        for _ in range(7):
            columns.append(tuple((*bits(x, 3), y) for x, y in r))
            order = [6, 0, 1, 2, 3, 4, 5, 7]
            r = [(_times_w(r[i][0], powers), r[i][1]) for i in order]
    return (2, 2, 2, 7), columns


def _times_w(x: int, powers: list[int]) -> int:
    """``w * x`` in the field whose powers of ``w`` are ``powers``."""
    if x == 0:
        return 0
    return powers[(powers.index(x) + 1) % len(powers)]


def dm_57_8(idempotent_oa_8_8: list[tuple[int, ...]]) -> Matrix:
    """A (Z_57, 8; 1) difference matrix from J. R. Abel (as SageMath's designs database gives
    it): the base block ``{1, 6, 7, 9, 19, 38, 42, 49}`` of a cyclic (57, 8, 1) design stands in
    for the symbols of an idempotent ``OA(8, 8)`` without its constant rows."""
    block = (1, 6, 7, 9, 19, 38, 42, 49)
    columns: list[tuple[Element, ...]] = [
        tuple(block[x] for x in row) for row in idempotent_oa_8_8 if any(x != row[0] for x in row)
    ]
    columns.append((0,) * 8)
    return _cyclic(57, columns)


def dm_60_6() -> Matrix:
    """A (Z_2 x Z_30, 6; 1) difference matrix: R. J. R. Abel, "Existence of five MOLS of orders
    18 and 60", J. Combin. Des. 23 (2015) 135-139."""
    base = [
        [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)],
        [(1, 10), (1, 6), (0, 17), (0, 7), (1, 5), (0, 9), (0, 3), (1, 13), (1, 17), (0, 13)],
        [(1, 22), (1, 1), (1, 8), (0, 9), (1, 21), (1, 29), (1, 0), (0, 2), (0, 12), (1, 15)],
        [(1, 24), (1, 1), (0, 14), (0, 0), (0, 16), (0, 18), (0, 8), (0, 28), (0, 17), (0, 7)],
        [(0, 17), (0, 7), (0, 20), (0, 1), (1, 4), (0, 26), (0, 19), (0, 28), (1, 21), (0, 6)],
        [(1, 14), (1, 9), (0, 10), (0, 27), (1, 20), (0, 11), (0, 13), (1, 12), (0, 28), (1, 18)],
    ]

    def neg(x: tuple[int, int], plus: int = 0) -> tuple[int, int]:
        return ((-x[0] + plus) % 2, -x[1] % 30)

    columns: list[tuple[Element, ...]] = []
    for a, b, c, d, e, f in zip(*base, strict=True):
        columns += [(a, b, c, d, e, f), (c, a, b, e, f, d), (b, c, a, f, d, e)]
        columns.append((neg(d), neg(e), neg(f), neg(a, 1), neg(b, 1), neg(c, 1)))
        columns.append((neg(e), neg(f), neg(d), neg(c, 1), neg(a, 1), neg(b, 1)))
        columns.append((neg(f), neg(d), neg(e), neg(b, 1), neg(c, 1), neg(a, 1)))
    return (2, 30), columns


def dm_75_8() -> Matrix:
    """A (Z_3 x Z_5 x Z_5, 8; 1) difference matrix: Handbook III.3.75."""
    base = [
        [(2, 0, 0), (0, 0, 0), (0, 0, 0), (1, 0, 0), (0, 0, 0), (1, 0, 0), (1, 0, 0), (0, 0, 0)],
        [(0, 2, 3), (1, 4, 4), (1, 1, 3), (1, 0, 4), (2, 4, 3), (0, 0, 3), (1, 4, 4), (0, 0, 0)],
        [(1, 3, 2), (2, 1, 1), (1, 4, 0), (0, 3, 0), (1, 0, 4), (2, 4, 1), (0, 1, 2), (0, 0, 0)],
        [(0, 2, 4), (1, 3, 1), (2, 0, 2), (0, 0, 1), (2, 4, 0), (1, 2, 2), (0, 0, 0), (0, 0, 0)],
        [(1, 1, 2), (2, 2, 3), (0, 3, 1), (1, 4, 2), (2, 1, 0), (1, 4, 3), (2, 4, 4), (0, 0, 0)],
        [(0, 1, 4), (0, 4, 4), (2, 4, 1), (1, 3, 0), (1, 3, 1), (2, 0, 0), (2, 4, 0), (0, 0, 0)],
        [(0, 4, 4), (2, 0, 1), (2, 3, 3), (2, 3, 2), (0, 0, 2), (2, 1, 2), (1, 4, 2), (0, 0, 0)],
        [(2, 4, 2), (2, 4, 1), (2, 3, 1), (1, 2, 2), (1, 3, 0), (0, 0, 2), (2, 4, 2), (0, 0, 0)],
    ]
    rows = [row + base[7 - i][:7] for i, row in enumerate(base)]
    adds = [(0, 1), (1, 0), (1, 2), (2, 2), (3, 3), (4, 3), (4, 0), (0, 4)]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*rows, strict=True):
        for x in range(5):
            columns.append(
                tuple(
                    (a, (b + s * x) % 5, (c + t * x) % 5)
                    for (a, b, c), (s, t) in zip(r, adds, strict=True)
                )
            )
    return (3, 5, 5), columns


def oa_7_18_columns() -> Matrix:
    """The 36 columns over Z_2 x Z_3 x Z_3 behind R. J. R. Abel's ``OA(7, 18)`` (five MOLS of
    order 18: J. Combin. Des. 23 (2015) 135-139), as SageMath's designs database gives them
    (``OA_7_18``); developed over the subgroup ``{0} x Z_3 x Z_3`` only, they give the 324 rows
    of an ``OA(7, 18)``."""
    text = """
    000 100 100 000 100 100 100 000 000 000 100 000
    000 020 100 100 000 120 110 110 010 020 010 120
    000 100 022 102 112 001 101 120 121 001 020 002
    000 002 100 002 102 122 010 111 110 121 021 001
    000 021 000 100 020 112 100 021 112 102 102 012
    000 000 011 010 100 010 110 122 011 121 120 111
    000 100 002 022 011 121 020 122 100 010 112 112
    """
    rows = [[tuple(int(c) for c in w) for w in line.split()] for line in text.strip().splitlines()]
    adds = [(0, 0), (0, 1), (1, 0), (2, 1), (2, 2), (1, 2), (0, 2)]
    columns: list[tuple[Element, ...]] = []
    for r in zip(*rows, strict=True):
        for y in range(3):
            columns.append(
                tuple(
                    (a, (b + s * y) % 3, (c + t * y) % 3)
                    for (a, b, c), (s, t) in zip(r, adds, strict=True)
                )
            )
    return (2, 3, 3), columns


def dm_273_17(idempotent_oa_17_17: list[tuple[int, ...]]) -> Matrix:
    """A (Z_273, 17; 1) difference matrix from J. R. Abel (as SageMath's designs database gives
    it): the (273, 17, 1) difference set ``{1, 2, 4, 8, 16, 32, 64, 91, 117, 128, 137, 182,
    195, 205, 234, 239, 256}`` stands in for the symbols of an idempotent ``OA(17, 17)``
    without its constant rows."""
    block = (1, 2, 4, 8, 16, 32, 64, 91, 117, 128, 137, 182, 195, 205, 234, 239, 256)
    columns: list[tuple[Element, ...]] = [
        tuple(block[x] for x in row) for row in idempotent_oa_17_17 if any(x != row[0] for x in row)
    ]
    columns.append((0,) * 17)
    return _cyclic(273, columns)


DIFFERENCE_MATRICES: Final[dict[int, tuple[int, Callable[[], Matrix], str]]] = {
    21: (6, dm_21_6, "Handbook III.3.50"),
    24: (8, dm_24_8, "Handbook III.3.52"),
    28: (6, dm_28_6, "Handbook III.3.54"),
    33: (6, dm_33_6, "Handbook III.3.56"),
    35: (6, dm_35_6, "Handbook III.3.58"),
    36: (9, dm_36_9, "Handbook III.3.59"),
    39: (6, dm_39_6, "Handbook III.3.61"),
    44: (6, dm_44_6, "Handbook III.3.64"),
    45: (7, dm_45_7, "Handbook III.3.65"),
    48: (9, dm_48_9, "Handbook III.3.67"),
    51: (6, dm_51_6, "Handbook III.3.69"),
    52: (6, dm_52_6, "Handbook III.3.70"),
    55: (7, dm_55_7, "Handbook III.3.72"),
    56: (8, dm_56_8, "Handbook III.3.73"),
    60: (6, dm_60_6, "Abel 2015, J. Combin. Des. 23, 135-139"),
    75: (8, dm_75_8, "Handbook III.3.75"),
    **ABEL_CHENG,
}
"""``n: (k, matrix, source)``: a ``(G, k; 1)`` difference matrix over a group of order ``n``,
so an ``OA(k + 1, n)`` (with :data:`officers.latin.mols_abel_cheng.ABEL_CHENG`). The (57, 8; 1) one, which needs an ``OA(8, 8)``, is :func:`dm_57_8`."""

QUASI_DIFFERENCE_MATRICES: Final[dict[int, tuple[int, int, Callable[[], Matrix], str]]] = {
    20: (6, 1, qdm_19_6, "Handbook III.3.49"),
    22: (5, 1, qdm_21_5, "Handbook III.3.51"),
    26: (6, 5, qdm_21_6, "Handbook III.3.53"),
    30: (6, 5, qdm_25_6, "Handbook III.3.55"),
    34: (6, 1, qdm_33_6, "Handbook III.3.57"),
    38: (6, 1, qdm_37_6, "Handbook III.3.60"),
    42: (7, 7, qdm_35_7, "Handbook III.3.63"),
    54: (7, 9, qdm_45_7, "Handbook III.3.71"),
    62: (7, 8, qdm_54_7, "Handbook III.3.74"),
}
"""``n + u: (k, u, matrix, source)``: an ``(n, k; 1, 1; u)`` quasi-difference matrix, so an
``OA(k, n + u)``. The (57, 9; 1, 1; 8) one, which needs an ``OA(9, 9)``, is
:func:`qdm_57_9`."""
