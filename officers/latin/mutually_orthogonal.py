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
from collections.abc import Iterable, Sequence
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
from officers.latin.construct import orthogonal_pair, prime_power
from officers.latin.squares import LatinSquare

__all__ = [
    "MAX_CELLS",
    "MAX_MOLS_ORDER",
    "OA",
    "MolsEntry",
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
"""The most symbols ``k * n * n`` that :func:`mols` builds and checks at once: every set of the
table to 599 but the whole sets of the prime powers above 193 (the 22 MOLS of order 575 hold
7,273,750; the 192 of order 193 hold 7,151,808); fewer squares of those orders are built."""

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
    kept = others[:s] if _with_disjoint(m, r) >= k else [lead[-1], *others[: s - 1]]
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
            if j > 2 and _k(m + j) > k:  # a parallel class of an OA(k + 1, m + j)
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


# --- the plan: which construction gives the most squares ----------------------------------------

Recipe = tuple[str, tuple[int, ...]]
"""A construction and its parameters: ``("field", (q,))``, ``("product", (a, b))``,
``("wilson", (m, t, u1, ...))``, ``("data", (n,))``, ``("pair", (n,))``, ``("trivial", (n,))``."""


@functools.cache
def _best(n: int) -> tuple[int, Recipe]:
    """The largest ``k`` of an ``OA(k, n)`` the constructions here give, and how."""
    if n == 1:
        return 10**9, ("trivial", (1,))
    found: list[tuple[int, Recipe]] = [(3, ("trivial", (n,)))]  # a Latin square: OA(3, n)
    if prime_power(n):
        return n + 1, ("field", (n,))
    if n not in (2, 6):
        found.append((4, ("pair", (n,))))
    data = mols_data.DIRECT.get(n)
    if data is not None:
        found.append((data[0], ("data", (n,))))
    dm = mols_matrices.DIFFERENCE_MATRICES.get(n)
    if dm is not None:
        found.append((dm[0] + 1, ("dm", (n,))))
    qdm = mols_matrices.QUASI_DIFFERENCE_MATRICES.get(n)
    if qdm is not None:
        k, u = qdm[0], qdm[1]
        found.append((min(k, _k(u)), ("qdm", (n,))))
    if n == 65:  # the (57, 9; 1, 1; 8) quasi-difference matrix
        found.append((min(9, _k(8)), ("qdm57", (65,))))
    if n == 57:  # the (57, 8; 1) difference matrix
        found.append((9 if _k(8) >= 9 else 0, ("dm57", (57,))))
    if n == 273:  # the (273, 17; 1) difference matrix
        found.append((18 if _k(17) >= 18 else 0, ("dm273", (273,))))
    if n == 18:  # Abel's OA(7, 18)
        found.append((7, ("abel18", (18,))))
    if n == 135:  # Abel's OA(9, 135): Wilson's construction about a Fano subplane
        ok = min(_k(8), _k(9), _with_disjoint(8, 3)) >= 9
        found.append((9 if ok else 0, ("fano135", (135,))))
    if n == 120:  # Abel's OA(9, 120) from a resolvable design
        found.append((9 if _k(8) >= 9 else 0, ("rbibd120", (120,))))
    if n == 560:  # Colbourn's thwarts: GF(32) with three columns truncated to GF(16)
        found.append((17 if _k(16) >= 17 and _k(19) >= 17 else 0, ("thwart560", (560,))))
    if n in mols_data.SPECIAL_PLANES:
        found.append((mols_data.SPECIAL_PLANES[n][0], ("plane", (n,))))
    pbd = mols_data.PBD_CONSTRUCTIONS.get(n)
    if pbd is not None:
        found.append((pbd[0], ("pbd", (n,))))
    for m, t in _VECTORS_BY_ORDER.get(n, ()):
        found.append((min(m + 2, _k(t)), ("vector", (m, t))))
    for a in range(2, int(n**0.5) + 1):
        if n % a == 0:
            found.append((min(_k(a), _k(n // a)), ("product", (a, n // a))))
    found.extend(_wilson_options(n))
    found.extend(_construction_3_3_options(n))
    found.extend(_construction_3_5_options(n))
    found.extend(_construction_3_4_options(n))
    found.extend(_q_x_options(n))
    found.extend(_separable_options(n))
    found.extend(_thwart_options(n))
    found.extend(_truncated_td_options(n))
    return max(found, key=lambda option: option[0])


_VECTORS_BY_ORDER: Final[dict[int, list[tuple[int, int]]]] = {}
for _m, _t in mols_data.V_VECTORS:
    _VECTORS_BY_ORDER.setdefault((_m + 1) * _t + 1, []).append((_m, _t))


def _k(n: int) -> int:
    return _best(n)[0]


def _wilson_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """Wilson's construction with one or two truncated columns, ``n = m*t + u1 (+ u2)``."""
    for t in range(2, n):
        kt = _k(t)
        if kt < 5:  # the result would be at most an OA(4, n): no better than a pair
            continue
        for m in range(2, n // t + 1):
            rest = n - m * t
            if rest < 0:
                break
            if rest > 2 * t:
                continue
            base = min(_k(m), _k(m + 1))
            if base < 5:
                continue
            if rest <= t:  # one truncated column
                k = min(kt - 1, base, _k(rest) if rest > 1 else 10**9)
                yield k, ("wilson", (m, t, rest))
            for u1 in range(max(1, rest - t), min(t, rest - 1) + 1):  # two truncated columns
                u2 = rest - u1
                if u2 < 1 or u2 > u1:
                    continue
                k = min(
                    kt - 2,
                    base,
                    _k(m + 2),
                    _k(u1) if u1 > 1 else 10**9,
                    _k(u2) if u2 > 1 else 10**9,
                )
                yield k, ("wilson", (m, t, u1, u2))


def _construction_3_3_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """Construction 3.3 of Abel and Cavenagh (J. Combin. Des. 15 (2007) 255-261): ``n = m*t +
    i`` from an ``OA(k + i, t)``, ``OA(k, m)``, ``OA(k, m + 1)`` and ``OA(k, m + i)``."""
    for t in range(5, n):
        kt = _k(t)
        for m in range(3, n // t + 1):
            i = n - m * t
            if i < 2 or i >= t or kt - i < 5:
                continue
            # the block of the i points carries a whole OA(k, m + i) (no disjoint rows)
            k = min(kt - i, _k(m), _k(m + 1), _k(m + i))
            if k >= 5:
                yield k, ("wilson1", (m, t, i))


def _construction_3_5_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """Construction 3.5 of Abel and Cavenagh (2007): Wilson's construction with three truncated
    columns of sizes ``r <= s`` and ``u``, ``n = m*q + r + s + u``, the kept points placed so
    that every block of the master ``OA(k + 3, q)`` keeps one (so no ``OA(k, m)`` is needed,
    only ``OA(k, m + 1)``, ``OA(k, m + 2)`` and ``OA(k, m + 3)``); it works when
    ``(q - r - 1)(q - s) < u``."""

    def ok(x: int) -> int:
        return 10**9 if x <= 1 else _k(x)

    for q in range(8, n // 2 + 1):
        kq = _k(q)
        if kq < 8 or not prime_power(q):
            continue
        for m in range(max(2, (n - 3 * q) // q), n // q + 1):
            i = n - m * q
            if not 0 < i < 3 * q:
                continue
            base = min(kq - 3, _k(m + 1), _k(m + 2), _k(m + 3))
            if base < 5:
                continue
            for a in range(1, q):  # s = q - a
                b = max(a - 1, 0)  # r = q - 1 - b <= s
                while a * b < q:
                    r, s = q - 1 - b, q - a
                    u = i - r - s
                    if a * b < u < q and r >= 0:
                        k = min(base, ok(r), ok(s), ok(u))
                        if k >= 5:
                            yield k, ("wilson3", (m, q, r, s, u))
                    b += 1


def _with_disjoint(m: int, j: int) -> int:
    """The ``k`` of an ``OA(k, m + j)`` with ``j`` disjoint rows known here: a parallel class of
    an ``OA(k + 1, m + j)``, or a search when ``j`` is at most half the symbols."""
    return _k(m + j) - (j > 2 and 2 * j > m + j)


def _construction_3_4_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """Construction 3.4 of Abel and Cavenagh (2007): ``n = m*q + r + s`` from an
    ``OA(k + r + 1, q)`` with ``r`` columns cut to the points of one block and one column cut
    to ``s`` points, that block keeping ``r`` (or ``r + 1``) of them; ``OA(k, m)``,
    ``OA(k, m + 1)``, ``OA(k, m + 2)``, ``OA(k, s)`` and ``OA(k, m + r)`` (or ``m + r + 1``)."""
    for q in range(5, n):
        kq = _k(q)
        if kq < 7:
            continue
        for m in range(3, n // q + 1):
            i = n - m * q
            base = min(_k(m), _k(m + 1), _k(m + 2))
            if i < 3 or base < 5:
                continue
            for s in range(1, min(i, q)):
                r = i - s
                if r < 1:
                    continue
                block = max(_with_disjoint(m, r), _with_disjoint(m, r + 1))
                k = min(kq - r - 1, base, _k(s) if s > 1 else base, block)
                if k >= 5:
                    yield k, ("wilson34", (m, q, r, s))


def _q_x_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """The ``q - x`` construction (Greig 1999; J. R. Abel's design): ``n = (q - 1)(q - x) +
    x + 2`` from the affine plane of order ``q`` less some points, with idempotent
    ``OA(k, q - x - 1)``, ``OA(k, q - x + 1)``, ``OA(k, q)`` and an ``OA(k, x + 2)``."""
    for q in range(4, n):
        if not prime_power(q) or q * q - q + 2 - n <= 0:
            continue
        x, rest = divmod(q * q - q + 2 - n, q - 2)
        if rest or not 0 < x < q - 1:
            continue
        k = min(_k(q - x - 1) - 1, _k(q - x + 1) - 1, _k(q) - 1, _k(x + 2))
        if k >= 5:
            yield k, ("qx", (q, x))


def _separable_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """Brouwer's separable designs (:func:`~officers.latin.mols_recursive.separable_oa`): ``n =
    t(q^2 + q + 1) + x`` from ``t`` Baer subplanes of ``PG(2, q^2)`` and ``x`` new points."""
    for q in range(2, n):
        size = q * q + q + 1
        if size > n:
            break
        if not prime_power(q):
            continue
        classes = q * q - q + 1
        for t in range(1, min(classes - 1, n // size) + 1):
            x = n - t * size
            if x == 0:
                k = min(_k(t), _k(q + t))
                if k >= 5:
                    yield k, ("separable", (t, q, 0, 0))
                continue
            for wide in (0, 1):
                joined = x - (q + t) * wide
                rest = classes - t - joined
                if joined < 0 or rest < 0 or joined == rest == 1:
                    continue
                parts = [_k(q + t + wide) - 1, _k(x)]
                if joined:
                    parts.append(_k(t + 1) - (joined > 1))
                if rest:
                    parts.append(_k(t) - (rest > 1))
                k = min(parts)
                if k >= 5:
                    yield k, ("separable", (t, q, x, wide))


def _thwart_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """Lemma 4.1 of Colbourn, Dinitz and Wojtas (:func:`~officers.latin.mols_recursive.
    thwart_master`): ``n = qm + 4(q - 2)``, ``q = 0, 1 (mod 3)``, from ``OA(k, m + 1)``,
    ``OA(k, m + 3)`` and ``OA(k, m + 4)`` with 3 and 4 disjoint rows, and ``OA(k, q - 2)``."""
    for q in range(4, n):
        m, rest = divmod(n - 4 * (q - 2), q)
        if m < 2:
            break
        if rest or q % 3 == 2 or not prime_power(q):
            continue
        k = min(q - 3, _k(q - 2), _k(m + 1), _with_disjoint(m, 3), _with_disjoint(m, 4))
        if k >= 5:
            yield k, ("thwart41", (q, m))


def _truncated_td_options(n: int) -> Iterable[tuple[int, Recipe]]:
    """J. R. Abel's design (:func:`~officers.latin.mols_recursive.truncated_td_design`): ``n =
    gq - r + 1`` from an ``OA(g, q)`` less ``r`` points of a block and a point added to the
    groups, with idempotent ``OA(k, s)`` for ``s = g, g - 1, q, q + 1`` and an ``OA(k, g - r)``."""
    for q in range(3, n):
        top = min(_k(q), q + 1)
        for g in range(max(3, -(-(n - 1) // q)), top + 1):
            r = g * q + 1 - n
            if r > g - 2:
                break
            parts = [_k(g) - 1, _k(q + 1) - 1, _k(g - r)]
            if r:
                parts += [_k(g - 1) - 1, _k(q) - 1]
            k = min(parts)
            if k >= 5:
                yield k, ("tdpoint", (q, g, r))


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
    k, recipe = _best(n)
    return k - 2, _describe(recipe, n)


def _describe(recipe: Recipe, n: int) -> str:
    kind, args = recipe
    if kind == "field":
        return f"finite field GF({n})"
    if kind == "product":
        return f"MacNeish's product {args[0]} x {args[1]}"
    if kind == "wilson":
        m, t, *us = args
        plus = " + ".join(str(u) for u in us)
        return f"Wilson's construction {m}*{t} + {plus} (master OA({_k(t)}, {t}) truncated)"
    if kind == "wilson34":
        m, q, r, s = args
        return (
            f"Abel and Cavenagh's construction 3.4: {m}*{q} + {r} + {s} "
            f"(master OA({_k(q)}, {q}), {r} points in one block)"
        )
    if kind == "qx":
        q, x = args
        return f"the q - x construction (Greig): q = {q}, x = {x}, from the plane of order {q}"
    if kind == "wilson3":
        m, q, r, s, u = args
        return (
            f"Abel and Cavenagh's construction 3.5: {m}*{q} + {r} + {s} + {u} "
            f"(master OA({_k(q)}, {q}), every block keeping a point)"
        )
    if kind == "wilson1":
        m, t, i = args
        return (
            f"Abel and Cavenagh's construction 3.3: {m}*{t} + {i}, the {i} points in one block "
            f"of the master OA({_k(t)}, {t})"
        )
    if kind == "separable":
        t, q, x, _ = args
        more = f" and {x} more point{'s' * (x > 1)}" if x else ""
        return f"Brouwer's separable design: {t} Baer subplanes of PG(2, {q * q}){more}"
    if kind == "thwart41":
        q, m = args
        return (
            f"Colbourn, Dinitz and Wojtas's Lemma 4.1: {q}*{m} + 4*{q - 2} (PG(2, {q}) less a "
            "point of an affine plane of order 3)"
        )
    if kind == "tdpoint":
        q, g, r = args
        return (
            f"J. R. Abel's design: OA({g}, {q}) less {r} points of a block, a point added "
            "to the groups"
        )
    if kind == "data":
        return mols_data.DIRECT[n][2]
    if kind == "dm":
        k, _, source = mols_matrices.DIFFERENCE_MATRICES[n]
        return f"difference matrix ({n}, {k}; 1) ({source})"
    if kind == "qdm":
        k, u, _, source = mols_matrices.QUASI_DIFFERENCE_MATRICES[n]
        return f"quasi-difference matrix ({n - u}, {k}; 1, 1; {u}) ({source})"
    if kind == "qdm57":
        return "quasi-difference matrix (57, 9; 1, 1; 8) (J. R. Abel)"
    if kind == "dm57":
        return "difference matrix (57, 8; 1) (J. R. Abel)"
    if kind == "dm273":
        return "difference matrix (273, 17; 1) (J. R. Abel)"
    if kind == "abel18":
        return "OA(7, 18) (Abel 2015, J. Combin. Des. 23, 135-139)"
    if kind == "fano135":
        return "Wilson's construction 8*16 + 7 about a Fano subplane of PG(2, 16) (J. R. Abel)"
    if kind == "rbibd120":
        return "OA(9, 120) from a resolvable (120, 8, 1) design (Seiden; J. R. Abel)"
    if kind == "thwart560":
        return (
            "Wilson's construction 16*32 + 16 + 16 + 16, truncated to GF(16) in GF(32) (Colbourn)"
        )
    if kind == "plane":
        v = mols_data.SPECIAL_PLANES[n][1]
        return f"OA(8, {n}) from the cyclic plane on {v} points (J. R. Abel)"
    if kind == "pbd":
        return f"pairwise balanced design: {mols_data.PBD_CONSTRUCTIONS[n][2]}"
    if kind == "vector":
        m, t = args
        return f"V({m}, {t}) vector ({mols_data.V_VECTORS[m, t][1]})"
    if kind == "pair":
        return "orthogonal pair (officers.latin.construct)"
    return "one Latin square" if n > 1 else "the square of order 1"


@functools.lru_cache(maxsize=64)
def _oa_cached(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(_build(k, n))


def _oa(k: int, n: int) -> OA:
    """An ``OA(k, n)`` (``k <= _k(n)``), built by the plan, not yet checked."""
    return list(_oa_cached(k, n))


def _build(k: int, n: int) -> OA:
    if n == 1:
        return [(0,) * k]
    best, (kind, args) = _best(n)
    if k > best:
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
        m, t = _best(n)[1][1]
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
    k, n = _check_args(k, n)
    reason = why_no_mols(k, n)
    if reason is not None:
        raise UnsupportedError(reason)
    if n == 1:
        return (((0,),),) * k
    built = largest_known(n)
    if k > built:
        table = mols_data.lower_bound(n)
        raise UnsupportedError(
            f"no {k} mutually orthogonal Latin squares of order {n} are known to this library "
            f"(it builds {built}; the published table knows {table})"
        )
    if k * n * n > MAX_CELLS:
        raise UnsupportedError(
            f"{k} squares of order {n} hold {k * n * n:,} symbols, more than the "
            f"{MAX_CELLS:,} built at once here: ask for at most {MAX_CELLS // (n * n)}"
        )
    squares = checked_squares(_oa(k + 2, n), k + 2, n)
    if squares is None:  # pragma: no cover - a construction's bug
        raise AssertionError(f"the construction of {k} MOLS of order {n} failed its check")
    return squares


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
