"""Mutually orthogonal Latin squares (MOLS): ``k`` of order ``n``, as many as the table knows.

``k`` Latin squares of order ``n`` are *mutually orthogonal* when every two of them are
orthogonal. There are at most ``n - 1`` of them (for ``n >= 2``), ``n - 1`` exactly when a
projective plane of order ``n`` exists, and how many exist is unknown for most orders; the
Handbook of Combinatorial Designs (Colbourn and Dinitz, 2nd ed., 2007, §III.3, Table 3.87)
lists the largest number known for every order below 10,000 (:mod:`officers.latin.mols_data`).

Everything here is an *orthogonal array* ``OA(k, n)``: ``n * n`` rows of ``k`` symbols
``0 .. n-1`` in which any two columns hold every pair of symbols once. ``k`` MOLS are an
``OA(k + 2, n)`` (the row, the column, then each square's symbol: :func:`squares_of`), so
``mols(k, n)`` builds an ``OA(k + 2, n)``. The constructions, with their sources:

finite field (Bose 1938; Handbook §III.3)
    For a prime power ``q``, the ``OA(q + 1, q)`` of the lines of the affine plane over GF(q):
    ``(i, j, x*i + j for each x != 0)``, so ``q - 1`` MOLS (:func:`field_oa`).
product (MacNeish 1922; Handbook §III.3)
    An ``OA(k, a)`` and an ``OA(k, b)`` give an ``OA(k, a*b)`` (:func:`product_oa`).
difference matrix (Handbook §VI.17; data of §III.3)
    A ``(G, k; 1)`` difference matrix over a group ``G`` of order ``n`` gives an
    ``OA(k + 1, n)`` (:func:`oa_from_difference_matrix`).
quasi-difference matrix (Handbook §III.3)
    An ``(n, k; 1, 1; u)`` quasi-difference matrix gives an ``OA(k, n + u)``
    (:func:`oa_from_quasi_difference_matrix`); a ``V(m, t)`` vector gives an
    ``(mt + 1, m + 2; 1, 0; t)`` one (Handbook §III.3), so ``m`` MOLS of order ``(m + 1)t + 1``.
Wilson's construction (Wilson 1974; Handbook §III.3)
    An ``OA(k + s, t)`` whose last ``s`` columns are truncated to ``u_1 .. u_s`` symbols, an
    ``OA(k, m + j)`` with ``j`` disjoint rows for each ``j <= s``, and an ``OA(k, u_i)`` give an
    ``OA(k, m*t + u_1 + ... + u_s)`` (:func:`wilson_oa`); with one or two truncated columns,
    and as Abel and Cavenagh's constructions 3.3, 3.4 and 3.5 (J. Combin. Des. 15 (2007)
    255-261): ``i`` columns cut to one point each, all in one block, which carries a whole
    ``OA(k, m + i)`` (3.3; with one more column cut to ``s`` points: 3.4), or three cut
    columns that every block meets; and the master of C. J. Colbourn, J. H. Dinitz and M.
    Wojtas's Lemma 4.1 (Des. Codes Cryptogr. 5 (1995) 189-197), four columns that every block
    meets in 1, 3 or 4 kept points (:func:`~officers.latin.mols_recursive.thwart_master`).
pairwise balanced designs (Handbook §III.3)
    A design whose block sizes have idempotent arrays gives an ``OA(k, n)``
    (:func:`oa_from_pbd`): planes less an oval's points (J. R. Abel), Greig's designs
    (J. Combin. Des. 7 (1999) 341-374), the ``q - x`` construction from the affine plane
    of order ``q``, and J. R. Abel's transversal design less points of a block with a point
    added (:func:`~officers.latin.mols_recursive.truncated_td_design`).
Brouwer's separable designs (European J. Combin. 1 (1980) 39-41)
    Baer subplanes of ``PG(2, q^2)`` and ``x`` more points give an ``OA(k, t(q^2 + q + 1) +
    x)`` (:func:`~officers.latin.mols_recursive.separable_oa`).
direct constructions of small orders
    Sets printed by their finders (:mod:`officers.latin.mols_data`: 5 MOLS of order 12, 4 of 14
    and 15, ...), and the pair of every order but 2 and 6
    (:func:`~officers.latin.construct.orthogonal_pair`).

:func:`mols` picks, for ``n``, the construction that gives the most squares (:func:`plan`),
builds the orthogonal array, and checks that every two columns hold every pair of symbols once
(:func:`is_orthogonal_array`, a check that knows nothing of the construction) before it returns
the squares. docs/mols.md has the table against the published one.

>>> squares = mols(3, 4)
>>> len(squares), squares[0][1]
(3, (1, 0, 3, 2))
>>> len(mols(5, 12)), largest_known(12), largest_known(10)
(5, 5, 2)
>>> mols(2, 6)
Traceback (most recent call last):
...
officers.UnsupportedError: no 2 mutually orthogonal Latin squares of order 6 exist (Euler's 36 officers; Tarry 1900): no Latin square of order 6 has an orthogonal mate
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from officers.core.errors import InvalidArgumentError, UnsupportedError, excerpt
from officers.latin import mols_data, mols_matrices, mols_recursive
from officers.latin.arrays import (
    OA,
    AbelianGroup,
    checked_squares,
    field_oa,
    is_orthogonal_array,
    oa_from_difference_matrix,
    oa_from_quasi_difference_matrix,
    orthogonal_array_of,
    product_oa,
    quasi_difference_matrix_of_vector,
    squares_of,
)
from officers.latin.construct import orthogonal_pair
from officers.latin.mols_plan import best, describe, most_columns, with_disjoint
from officers.latin.squares import LatinSquare

__all__ = [
    "MAX_CELLS",
    "MAX_MOLS_ORDER",
    "OA",
    "MolsEntry",
    "checked_request",
    "field_oa",
    "is_orthogonal_array",
    "largest_known",
    "mols",
    "mols_table",
    "oa_from_difference_matrix",
    "oa_from_pbd",
    "oa_from_quasi_difference_matrix",
    "orthogonal_array_of",
    "plan",
    "product_oa",
    "squares_of",
    "why_no_mols",
    "wilson_oa",
]

MAX_CELLS: Final = 7_500_000
"""The most symbols ``k * n * n`` that :func:`mols` builds as tuples and checks exactly at once:
every set of the table to 599 but the whole sets of the prime powers above 193 (the 22 MOLS of
order 575 hold 7,273,750; the 192 of order 193 hold 7,151,808). Those are built as one array by
:func:`officers.latin.mols_whole.mols_array`."""

MAX_MOLS_ORDER: Final = 600
"""The largest order :func:`mols` builds and :func:`mols_table` lists, less one (``n < 600``,
as far as the published table goes here)."""


def _group_matrix(
    matrix: mols_matrices.Matrix,
) -> tuple[list[list[int]], list[tuple[int | None, ...]]]:
    """The addition table and the columns, elements numbered, of a printed matrix."""
    orders, columns = matrix
    group = AbelianGroup(orders)
    numbered = [
        tuple(
            None if x is None else (x % group.size if isinstance(x, int) else group.number(x))
            for x in column
        )
        for column in columns
    ]
    return group.add_table(), numbered


def oa_from_pbd(
    k: int, n: int, blocks: Sequence[Sequence[int]], full: Sequence[Sequence[int]] = ()
) -> OA:
    """The ``OA(k, n)`` of a pairwise balanced design on ``0 .. n-1`` (every two points in
    exactly one block) whose block sizes ``s`` all have an idempotent ``OA(k, s)`` (Handbook
    III.3: an ``OA(k, s) - s.OA(k, 1)`` on each block, and the rows ``(x, ..., x)``). The
    blocks ``full``, disjoint, carry a whole ``OA(k, s)`` (idempotent or not) instead, which
    covers their points' own pairs: their points get no row ``(x, ..., x)``.

    >>> blocks = [[0, 1, 2], [0, 3, 4], [0, 5, 6], [1, 3, 5], [1, 4, 6], [2, 3, 6], [2, 4, 5]]
    >>> is_orthogonal_array(oa_from_pbd(3, 7, blocks), 3, 7)
    True
    """
    pieces: dict[int, OA] = {}
    rows: OA = []
    for block in blocks:
        s = len(block)
        if s not in pieces:
            pieces[s] = [row for row in _idempotent(k, s) if any(x != row[0] for x in row)]
        rows.extend(tuple(block[x] for x in row) for row in pieces[s])
    covered: set[int] = set()
    for block in full:
        rows.extend(tuple(block[x] for x in row) for row in _oa(k, len(block)))
        covered.update(block)
    rows.extend((x,) * k for x in range(n) if x not in covered)
    return rows


def _abel_plane_oa(n: int) -> OA:
    """J. R. Abel's ``OA(8, 69)`` or ``OA(8, 76)`` (:data:`mols_data.SPECIAL_PLANES`)."""
    k, v, base, removed, doubled = mols_data.SPECIAL_PLANES[n]
    gone = set(removed) | (set(base) if n == 76 else set())
    blocks = []
    for shift in range(v):
        block = [(x + shift) % v for x in base if (x + shift) % v not in gone]
        if block:
            blocks.append(block)
    sevens = [b for b in blocks if len(b) == 7]
    others = [b for b in blocks if len(b) != 7]
    seven = field_oa(7, k)  # holds the row (0, ..., 0)
    rows: OA = []
    pieces: dict[int, OA] = {}
    for block in others:
        s = len(block)
        if s not in pieces:
            pieces[s] = [row for row in _idempotent(k, s) if any(x != row[0] for x in row)]
        rows.extend(tuple(block[x] for x in row) for row in pieces[s])
    first_time: set[int] = set()
    if n == 69:  # the doubled points: each once in the first three blocks of size 7
        for block in sevens[:3]:
            rows.extend(tuple(block[x] for x in row) for row in seven)
            first_time.update(block)
        for block in sevens[3:]:
            lead = next(x for x in block if x in doubled)
            led = [lead] + [x for x in block if x != lead]
            rows.extend(tuple(led[x] for x in row) for row in seven if any(row))
            first_time.update(led)
    else:  # each block of size 7 leads with its own doubled point
        for point, block in zip(doubled, sevens, strict=True):
            led = [point] + [x for x in block if x != point]
            rows.extend(tuple(led[x] for x in row) for row in seven if any(row))
            first_time.update(led)
    points = [x for x in range(v) if x not in gone]
    rows.extend((x,) * k for x in points if x not in first_time)
    rename = {x: i for i, x in enumerate(points)}
    return [tuple(rename[x] for x in row) for row in rows]


def _construction_3_4_master(k: int, m: int, q: int, r: int, s: int) -> OA:
    """The master ``OA(k + r + 1, q)`` of construction 3.4, relabelled: in each of the ``r``
    columns after the first ``k`` the symbol of the first row becomes 0 (the one point kept);
    the last column keeps ``s`` symbols, the first row's among them only when no
    ``OA(k, m + r)`` with ``r`` disjoint rows is known."""
    master = _oa(k + r + 1, q)
    lead = master[0]
    others = [x for x in range(q) if x != lead[-1]]
    kept = others[:s] if with_disjoint(m, r) >= k else [lead[-1], *others[: s - 1]]
    last = kept + [x for x in range(q) if x not in set(kept)]
    names = [0] * q
    for name, x in enumerate(last):
        names[x] = name
    swaps = [{lead[k + j]: 0, 0: lead[k + j]} for j in range(r)]
    return [
        row[:k] + tuple(swaps[j].get(row[k + j], row[k + j]) for j in range(r)) + (names[row[-1]],)
        for row in master
    ]


def _resolvable_oa_120() -> OA:
    """J. R. Abel's ``OA(9, 120)``: on each block of each class ``i`` of the resolvable
    (120, 8, 1) design, the rows of an ``OA(9, 8)`` whose last symbol is not 0 (the others
    are its constant rows), that last symbol ``s`` becoming ``7*i + s``; then the rows
    ``(x, ..., x, 0)``."""
    wider = _oa(9, 8)  # its rows with last symbol 0 are disjoint in the other columns
    chosen = [row for row in wider if row[8] == 0]
    names = [{row[x]: i for i, row in enumerate(chosen)} for x in range(8)]
    eight = [(*(names[x][row[x]] for x in range(8)), row[8]) for row in wider]
    rows: OA = []
    for i, parallel in enumerate(mols_data.resolvable_120_8()):
        for block in parallel:
            rows.extend((*(block[x] for x in row[:8]), 7 * i + row[8]) for row in eight if row[8])
    rows.extend((*(x,) * 8, 0) for x in range(120))
    return rows


def _q_x_design(q: int, x: int) -> tuple[list[list[int]], list[int]]:
    """The design of the ``q - x`` construction, as J. R. Abel describes it: the affine plane of
    order ``q`` as a ``q x q`` array (its groups the columns, the rows a parallel class) less the
    points of the first ``x`` columns off the first row and the first row's points in the other
    columns; a point ``p1`` added to the rows, ``p2`` to the first row and the columns of
    ``q - 1`` points. Returns its blocks and its one block of ``x + 2`` points (which carries a
    whole array), points numbered ``0 ..``."""
    plane = [row for row in _idempotent(q, q) if any(v != row[0] for v in row)]
    p1, p2 = q * q, q * q + 1
    blocks = [[i * q + v for i, v in enumerate(row)] for row in plane]
    blocks += [[i * q + j for i in range(q)] + [p1] for j in range(1, q)]
    blocks.append([i * q for i in range(q)] + [p1, p2])
    blocks += [[*range(i * q, (i + 1) * q), p2] for i in range(x, q)]
    gone = {i * q + j for i in range(x) for j in range(1, q)} | {i * q for i in range(x, q)}
    rename = {v: i for i, v in enumerate(v for v in range(q * q + 2) if v not in gone)}
    design = [[rename[v] for v in b if v not in gone] for b in blocks]
    design = [b for b in design if len(b) > 1]
    full = next(b for b in design if len(b) == x + 2)
    return [b for b in design if b is not full], full


def _three_truncated_master(k: int, q: int, r: int, s: int, u: int) -> OA:
    """The master ``OA(k + 3, q)`` of construction 3.5, its last three columns relabelled so
    that the kept symbols (below ``r``, ``s`` and ``u``) meet every row: ``q - s`` rows through
    symbol 0 of the last column use the deleted symbols of the column before; the kept ones of
    column ``k`` avoid theirs too; the last column keeps the symbols of the rows deleted in both
    other columns."""
    master = _oa(k + 3, q)
    through = [row for row in master if row[k + 2] == 0][: q - s]
    first_kept = [x for x in range(q) if x not in {row[k] for row in through}][:r]
    second_kept = [x for x in range(q) if x not in {row[k + 1] for row in through}][:s]
    first, second = set(first_kept), set(second_kept)
    third_kept = sorted(
        {row[k + 2] for row in master if row[k] not in first and row[k + 1] not in second}
    )
    if len(third_kept) > u:
        raise UnsupportedError(f"construction 3.5 does not fit OA({k + 3}, {q}) with {r}, {s}, {u}")
    third_kept += [x for x in range(q) if x not in third_kept][: u - len(third_kept)]

    def relabel(kept: list[int]) -> list[int]:
        order = kept + [x for x in range(q) if x not in set(kept)]
        names = [0] * q
        for name, x in enumerate(order):
            names[x] = name
        return names

    names = [relabel(first_kept), relabel(second_kept), relabel(third_kept)]
    return [row[:k] + tuple(names[j][row[k + j]] for j in range(3)) for row in master]


def _disjoint_rows(rows: OA, count: int) -> list[int] | None:
    """The indices of ``count`` rows that share no symbol in any column: taken greedily, in the
    rows' order and then in up to 200 shuffled orders (seeded, so the same every run)."""
    if count == 0:
        return []
    width = len(rows[0])
    generator = random.Random(len(rows) * 1009 + count)
    order = list(range(len(rows)))
    for _ in range(201):
        chosen: list[int] = []
        used = [set[int]() for _ in range(width)]
        for index in order:
            row = rows[index]
            if all(row[x] not in used[x] for x in range(width)):
                chosen.append(index)
                if len(chosen) == count:
                    return chosen
                for x in range(width):
                    used[x].add(row[x])
        generator.shuffle(order)
    return None


def wilson_oa(
    k: int, m: int, master: OA, t: int, truncated: Sequence[int], *, whole_first: bool = False
) -> OA:
    """Wilson's construction (Wilson 1974; Handbook §III.3, the TD form with truncated groups).

    ``master`` is an ``OA(k + s, t)`` (``s = len(truncated)``); in its column ``k + i`` only
    the symbols below ``truncated[i]`` are kept. Each master row becomes a copy of an
    ``OA(k, m + j)`` (``j`` its kept truncated symbols) less ``j`` disjoint rows: in column
    ``x`` its symbols become ``b*m .. b*m + m - 1`` (``b`` the master's symbol there) and the
    ``j`` disjoint rows' symbols the kept points of the truncated columns; an ``OA(k, u_i)``
    covers each truncated column's points. The result is an ``OA(k, m*t + sum(truncated))``.

    With ``whole_first`` (Abel and Cavenagh's construction 3.3: every truncated column keeps
    one point, all of them in the master's first row) the first row becomes a whole
    ``OA(k, m + s)``, which covers the kept points' pairs among themselves, and the truncated
    columns get no array of their own: no disjoint rows are needed there, and every other row
    keeps at most one point (two rows share at most one symbol).
    """
    s = len(truncated)
    if whole_first and (any(u != 1 for u in truncated) or any(x != 0 for x in master[0][k:])):
        raise InvalidArgumentError(
            "a whole first row needs truncated columns of one point each, all in that row: "
            f"got {excerpt(list(truncated))} and the row {excerpt(master[0])}"
        )
    offsets = [m * t + sum(truncated[:i]) for i in range(s)]
    total = m * t + sum(truncated)
    pieces: dict[int, tuple[OA, list[int]]] = {}
    out: OA = []
    for number, row in enumerate(master):
        kept = [i for i in range(s) if row[k + i] < truncated[i]]
        j = len(kept)
        if whole_first and number == 0:  # symbol m + i: the point of truncated column i
            out.extend(
                tuple(row[x] * m + p[x] if p[x] < m else offsets[p[x] - m] for x in range(k))
                for p in _oa(k, m + s)
            )
            continue
        if j not in pieces:
            if j > 2 and most_columns(m + j) > k:  # a parallel class of an OA(k + 1, m + j)
                wider = _oa(k + 1, m + j)
                piece = [row[:k] for row in wider]
                disjoint: list[int] | None = [i for i, row in enumerate(wider) if row[k] == 0][:j]
            else:
                piece = _oa(k, m + j)
                disjoint = _disjoint_rows(piece, j)
            if disjoint is None:
                raise UnsupportedError(f"no {j} disjoint rows in the OA({k}, {m + j}) built")
            pieces[j] = (piece, disjoint)
        piece, disjoint = pieces[j]
        # in column x, symbol v of the piece -> a point of the result
        names: list[dict[int, int]] = []
        for x in range(k):
            special = {
                piece[d][x]: offsets[i] + row[k + i] for d, i in zip(disjoint, kept, strict=True)
            }
            ordinary = [v for v in range(m + j) if v not in special]
            name = {v: row[x] * m + rank for rank, v in enumerate(ordinary)}
            name.update(special)
            names.append(name)
        skip = set(disjoint)
        for index, p in enumerate(piece):
            if index not in skip:
                out.append(tuple(names[x][p[x]] for x in range(k)))
    for i, u in enumerate(truncated):
        if u and not whole_first:
            out.extend(tuple(offsets[i] + v for v in p) for p in _oa(k, u))
    assert len(out) == total * total
    return out


# --- the plan: which construction gives the most squares (officers.latin.mols_plan) ---------


def plan(n: int) -> tuple[int, str]:
    """The number of MOLS of order ``n`` this library builds and the construction, in words.

    >>> plan(12)
    (5, '5 MOLS of order 12 (B. D. McKay)')
    >>> plan(9)
    (8, 'finite field GF(9)')
    """
    _check_args(1, n)
    if n == 1:
        raise InvalidArgumentError(
            "at order 1 any number of squares are mutually orthogonal (the one square (0,) "
            "with itself): the number is unbounded"
        )
    k, recipe = best(n)
    return k - 2, describe(recipe, n)


@functools.lru_cache(maxsize=64)
def _oa_cached(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(_build(k, n))


def _oa(k: int, n: int) -> OA:
    """An ``OA(k, n)`` (``k <= most_columns(n)``), built by the plan, not yet checked."""
    return list(_oa_cached(k, n))


def _build(k: int, n: int) -> OA:
    if n == 1:
        return [(0,) * k]
    widest, (kind, args) = best(n)
    if k > widest:
        raise UnsupportedError(f"no OA({k}, {n}) is known to this library")
    if kind == "field":
        return field_oa(n, k)
    if kind == "product":
        a, b = args
        return product_oa(_oa(k, a), _oa(k, b), b)
    if kind == "wilson":
        m, t, *us = args
        return wilson_oa(k, m, _oa(k + len(us), t), t, us)
    if kind == "wilson34":
        m, q, r, s = args
        return wilson_oa(k, m, _construction_3_4_master(k, m, q, r, s), q, [1] * r + [s])
    if kind == "qx":
        q, x = args
        design, whole = _q_x_design(q, x)
        return oa_from_pbd(k, n, design, [whole])
    if kind == "wilson3":
        m, q, r, s, u = args
        return wilson_oa(k, m, _three_truncated_master(k, q, r, s, u), q, [r, s, u])
    if kind == "wilson1":
        m, t, i = args
        master = _oa(k + i, t)
        lead = master[0]  # its truncated symbols become 0: the kept points lie in this row
        swaps = [{lead[k + j]: 0, 0: lead[k + j]} for j in range(i)]
        master = [
            row[:k] + tuple(swaps[j].get(row[k + j], row[k + j]) for j in range(i))
            for row in master
        ]
        return wilson_oa(k, m, master, t, [1] * i, whole_first=True)
    if kind == "separable":
        t, q, x, wide = args
        return mols_recursive.separable_oa(k, t, q, x, _oa, wide=bool(wide))
    if kind == "thwart41":
        q, m = args
        master = mols_recursive.thwart_master(q, k + 4)
        return wilson_oa(k, m, master, q, [q - 2] * 4)
    if kind == "tdpoint":
        q, g, r = args
        design, whole = mols_recursive.truncated_td_design(_oa(g, q), q, r)
        return oa_from_pbd(k, n, design, [whole])
    if kind == "data":
        return [row[:k] for row in mols_data.DIRECT[n][1]()]
    if kind == "pair":
        return [row[:k] for row in orthogonal_array_of(orthogonal_pair(n))]
    if kind in _PRINTED:
        return _build_printed(kind, k, n)
    if kind == "plane":
        return [row[:k] for row in _abel_plane_oa(n)]
    if kind == "rbibd120":
        return [row[:k] for row in _resolvable_oa_120()]
    if kind == "fano135":
        master = [row[:k] + row[9:] for row in mols_data.fano_master_135()]
        return wilson_oa(k, 8, master, 16, [1] * 7)
    if kind == "thwart560":
        # master: 17 lines j + x*i (x = 2 .. 18) of the plane over GF(32), then i + j, j and i,
        # each kept on the 16 elements of degree < 4 (an additive subgroup): a row keeps 0, 1
        # or 3 of those points, never 2
        plane = field_oa(32, 20)
        master = [(*row[3:20], row[2], row[1], row[0]) for row in plane]
        return wilson_oa(k, 16, [row[:k] + row[17:] for row in master], 32, [16, 16, 16])
    if kind == "pbd":
        width, blocks, _ = mols_data.PBD_CONSTRUCTIONS[n]
        ordinary, full = blocks()
        return [row[:k] for row in oa_from_pbd(width, n, ordinary, full)]
    # one Latin square, the cyclic one: OA(3, n)
    return [(i, j, (i + j) % n)[:k] for i in range(n) for j in range(n)]


_PRINTED: Final = frozenset({"dm", "qdm", "qdm57", "dm57", "dm273", "abel18", "vector"})
"""The constructions from printed matrices and vectors (:func:`_build_printed`)."""


def _build_printed(kind: str, k: int, n: int) -> OA:
    """An ``OA(k, n)`` from a printed difference or quasi-difference matrix or vector."""
    if kind == "dm":
        add, columns = _group_matrix(mols_matrices.DIFFERENCE_MATRICES[n][1]())
        return [row[:k] for row in oa_from_difference_matrix(_filled(columns), add)]
    if kind == "qdm":
        _, u, matrix, _ = mols_matrices.QUASI_DIFFERENCE_MATRICES[n]
        add, columns = _group_matrix(matrix())
        filler = _oa(k, u) if u > 1 else [(0,) * k]
        cut = [column[:k] for column in columns]
        return oa_from_quasi_difference_matrix(cut, add, filler)
    if kind == "qdm57":
        add, columns = _group_matrix(mols_matrices.qdm_57_9(_idempotent(9, 9)))
        return [row[:k] for row in oa_from_quasi_difference_matrix(columns, add, _oa(9, 8))]
    if kind == "dm57":
        add, columns = _group_matrix(mols_matrices.dm_57_8(_idempotent(8, 8)))
        return [row[:k] for row in oa_from_difference_matrix(_filled(columns), add)]
    if kind == "dm273":
        add, columns = _group_matrix(mols_matrices.dm_273_17(_idempotent(17, 17)))
        return [row[:k] for row in oa_from_difference_matrix(_filled(columns), add)]
    if kind == "abel18":
        add, columns = _group_matrix(mols_matrices.oa_7_18_columns())
        subgroup = range(9)  # {0} x Z_3 x Z_3: the first 9 elements in mixed radix
        return [
            tuple(add[x][g] for x in column[:k]) for column in _filled(columns) for g in subgroup
        ]
    if kind == "vector":
        m, t = best(n)[1][1]
        q = m * t + 1
        add = [[(a + b) % q for b in range(q)] for a in range(q)]
        columns = quasi_difference_matrix_of_vector(m, t, mols_data.V_VECTORS[m, t][0])
        cut = [column[:k] for column in columns]
        return oa_from_quasi_difference_matrix(cut, add, _oa(k, t) if t > 1 else [(0,) * k])
    raise AssertionError(kind)  # pragma: no cover - _PRINTED names every kind above


def _filled(columns: list[tuple[int | None, ...]]) -> list[tuple[int, ...]]:
    """Columns with no blank (those of a difference matrix), as ints."""
    return [tuple(0 if x is None else x for x in column) for column in columns]


def _idempotent(k: int, n: int) -> OA:
    """An idempotent ``OA(k, n)`` (the rows ``(x, ..., x)`` among its rows): an ``OA(k + 1, n)``
    whose rows with last symbol 0 (disjoint) are renamed, column by column, to them."""
    rows = _oa(k + 1, n)
    chosen = [row for row in rows if row[k] == 0]
    names = [{row[x]: i for i, row in enumerate(chosen)} for x in range(k)]
    return [tuple(names[x][row[x]] for x in range(k)) for row in rows]


# --- the public functions -----------------------------------------------------------------------


def why_no_mols(k: int, n: int) -> str | None:
    """Why a theorem says no ``k`` MOLS of order ``n`` exist, or ``None`` when none says so:
    ``k >= n`` for ``n >= 2`` (at most ``n - 1``), order 2 (only one Latin square up to
    renaming has a mate... none has) and order 6 for ``k >= 2`` (Tarry 1900).

    >>> why_no_mols(4, 4)
    'at most n - 1 = 3 mutually orthogonal Latin squares of order 4 exist (Bose 1938): 4 asked'
    >>> why_no_mols(2, 10) is None
    True
    """
    if n >= 2 and k >= n:
        return (
            f"at most n - 1 = {n - 1} mutually orthogonal Latin squares of order {n} exist "
            f"(Bose 1938): {k} asked"
        )
    if n == 6 and k >= 2:
        return (
            f"no {k} mutually orthogonal Latin squares of order 6 exist (Euler's 36 officers; "
            "Tarry 1900): no Latin square of order 6 has an orthogonal mate"
        )
    return None


def largest_known(n: int) -> int:
    """How many MOLS of order ``n`` (``2 <= n < 600``) :func:`mols` builds (at order 1 any
    number: :func:`plan` says so).

    >>> [largest_known(n) for n in (2, 3, 6, 10, 12, 14, 15)]
    [1, 2, 1, 2, 5, 4, 4]
    """
    return plan(n)[0]


def _check_args(k: object, n: object) -> tuple[int, int]:
    """``k`` and ``n`` checked: ints (else :class:`TypeError`, as for every argument of the
    Python API), at least 1 (else :class:`~officers.InvalidArgumentError`), ``n`` below
    :data:`MAX_MOLS_ORDER` (else :class:`~officers.UnsupportedError`); each message quotes."""
    for name, value in (("number of squares k", k), ("order n", n)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"the {name} is an int, got {excerpt(value)}")
        if value < 1:
            raise InvalidArgumentError(f"the {name} is at least 1, got {excerpt(value)}")
    assert isinstance(k, int) and isinstance(n, int)
    if n >= MAX_MOLS_ORDER:
        raise UnsupportedError(
            f"MOLS are built up to order {MAX_MOLS_ORDER - 1} here, not {excerpt(n)}"
        )
    return k, n


def mols(k: int, n: int) -> tuple[LatinSquare, ...]:
    """``k`` mutually orthogonal Latin squares of order ``n`` (``n < 600``), checked.

    The construction is :func:`plan`'s; the orthogonal array is checked by
    :func:`is_orthogonal_array` (:func:`~officers.latin.arrays.checked_squares`, which returns
    the squares it checked) before the squares are returned. Raises
    :class:`~officers.UnsupportedError` when no set is known to this library (saying so, and
    where a theorem says none exists, why: :func:`why_no_mols`), and
    :class:`~officers.InvalidArgumentError` for ``k`` or ``n`` below 1 (:class:`TypeError` for
    one that is not an int).

    >>> first, second = mols(2, 10)
    >>> first[0], second[0]
    ((7, 8, 9, 6, 1, 3, 5, 0, 2, 4), (1, 0, 6, 5, 9, 7, 8, 2, 3, 4))
    >>> mols(3, 10)
    Traceback (most recent call last):
    ...
    officers.UnsupportedError: no 3 mutually orthogonal Latin squares of order 10 are known to this library (it builds 2; the published table knows 2)
    """
    k, n = checked_request(k, n)
    if k * n * n > MAX_CELLS:
        raise UnsupportedError(
            f"{k} squares of order {n} hold {k * n * n:,} symbols, more than the "
            f"{MAX_CELLS:,} built at once as tuples here: ask for at most "
            f"{MAX_CELLS // (n * n)}, or for the whole set as an array (mols_array, or the command "
            "line's --npy)"
        )
    if n == 1:
        return (((0,),),) * k
    squares = checked_squares(_oa(k + 2, n), k + 2, n)
    if squares is None:  # pragma: no cover - a construction's bug
        raise AssertionError(f"the construction of {k} MOLS of order {n} failed its check")
    return squares


def checked_request(k: int, n: int) -> tuple[int, int]:
    """``k`` and ``n`` of a request for ``k`` MOLS of order ``n``, checked as :func:`mols`
    checks them before it builds anything: :class:`TypeError` for one that is not an int,
    :class:`~officers.InvalidArgumentError` below 1, :class:`~officers.UnsupportedError` from
    order 600, where a theorem says no set exists (:func:`why_no_mols`), or where no set is
    known to this library (each message says which, and how many the library and the table
    know).

    >>> checked_request(10, 11)
    (10, 11)
    """
    k, n = _check_args(k, n)
    reason = why_no_mols(k, n)
    if reason is not None:
        raise UnsupportedError(reason)
    built = k if n == 1 else largest_known(n)
    if k > built:
        table = mols_data.lower_bound(n)
        raise UnsupportedError(
            f"no {k} mutually orthogonal Latin squares of order {n} are known to this library "
            f"(it builds {built}; the published table knows {table})"
        )
    return k, n


@dataclass(frozen=True, slots=True)
class MolsEntry:
    """A line of :func:`mols_table`: ``built`` MOLS of order ``n`` by ``construction``;
    ``table`` the published lower bound (:func:`officers.latin.mols_data.lower_bound`)."""

    n: int
    built: int
    table: int
    construction: str

    @property
    def shortfall(self) -> int:
        """How many squares fewer than the table (0 when equal)."""
        return max(0, self.table - self.built)


def mols_table(to: int = 100, *, start: int = 2) -> list[MolsEntry]:
    """For every order ``start <= n <= to`` (``to < 600``), the MOLS this library builds against
    the published table, and the construction.

    >>> [(e.n, e.built, e.table) for e in mols_table(12, start=10)]
    [(10, 2, 2), (11, 10, 10), (12, 5, 5)]
    """
    _check_args(1, to)
    _check_args(1, start)
    out = []
    for n in range(start, to + 1):
        built, how = plan(n)
        out.append(MolsEntry(n, built, mols_data.lower_bound(n), how))
    return out
