"""Recursive constructions of orthogonal arrays from designs of projective planes, behind
:mod:`officers.latin.mutually_orthogonal`.

Each function takes ``oa(k, n)``, the builder of the smaller arrays it needs (the plan's), and
returns an ``OA(k, n)`` unchecked (:func:`officers.latin.mutually_orthogonal.mols` checks what
it returns):

Brouwer's separable designs (:func:`separable_oa`)
    A. E. Brouwer, "A series of separable designs with application to pairwise orthogonal
    Latin squares", European J. Combin. 1 (1980) 39-41: the plane ``PG(2, q^2)`` is the union
    of ``q^2 - q + 1`` Baer subplanes (the classes of a Singer cycle's points modulo
    ``q^2 - q + 1``), and every line meets one of them in ``q + 1`` points and each other in
    one. The points of ``t`` subplanes, with the lines cut to them, are a design with blocks
    of sizes ``t`` (``q^2 - q + 1 - t`` parallel classes) and ``q + t`` (a symmetric design),
    which with ``x`` more points gives an ``OA(k, t(q^2 + q + 1) + x)``.
C. J. Colbourn, J. H. Dinitz and M. Wojtas's Lemma 4.1 (:func:`thwart_master`)
    "Thwarts in transversal designs", Des. Codes Cryptogr. 5 (1995) 189-197: for a prime
    power ``q = 0, 1 (mod 3)``, the plane ``PG(2, q)`` holds an affine plane of order 3 (the
    nine inflection points of the cubic ``x^3 + y^3 + z^3``, or for ``q = 3^e`` the plane over
    GF(3)); less one of its points it is a transversal design whose four groups through that
    point, cut to ``q - 2`` points, meet every block in 1, 3 or 4 points: the master of
    Wilson's construction for an ``OA(k, qm + 4(q - 2))``.
R. J. R. Abel's truncated transversal design with a point added (:func:`truncated_td_design`)
    An ``OA(g, q)`` less ``r`` points of one block, with a point added to every group: a
    pairwise balanced design on ``gq - r + 1`` points (J. R. Abel's construction of 8, 10 and
    12 MOLS of orders 520, 522 and 524, as SageMath's designs database describes it).

>>> len(singer_difference_set(4)), sorted(singer_difference_set(2))
(5, [0, 1, 5])
"""

from __future__ import annotations

from collections.abc import Callable

from officers.core.errors import InvalidArgumentError, excerpt
from officers.latin.arrays import OA, field_tables
from officers.latin.construct import prime_power

__all__ = [
    "baer_design",
    "resolved_idempotent",
    "separable_oa",
    "singer_difference_set",
    "thwart_master",
    "truncated_td_design",
]

Builder = Callable[[int, int], OA]
"""``oa(k, n)``: an ``OA(k, n)`` (the plan's builder)."""


def resolved_idempotent(wider: OA, k: int) -> list[list[tuple[int, ...]]]:
    """The ``n - 1`` parallel classes of an idempotent ``OA(k, n)`` less its rows ``(x, ...,
    x)``, from an ``OA(k + 1, n)``: its rows are classes by their last symbol; those of the
    class of 0 (disjoint) are renamed, column by column, to ``(i, ..., i)`` and left out.

    >>> from officers.latin.arrays import field_oa
    >>> [len(c) for c in resolved_idempotent(field_oa(4, 4), 3)]
    [4, 4, 4]
    """
    chosen = [row for row in wider if row[k] == 0]
    names = [{row[x]: i for i, row in enumerate(chosen)} for x in range(k)]
    classes: dict[int, list[tuple[int, ...]]] = {}
    for row in wider:
        if row[k]:
            classes.setdefault(row[k], []).append(tuple(names[x][row[x]] for x in range(k)))
    return [classes[v] for v in sorted(classes)]


# --- Brouwer's separable designs -----------------------------------------------------------------


def singer_difference_set(order: int) -> list[int]:
    """A planar difference set modulo ``order^2 + order + 1`` (J. Singer 1938), ``order`` a
    prime power: the ``i`` for which ``x^i`` lies in the span of ``1`` and ``x`` in
    ``GF(order)[x] / f``, ``f`` the first cubic for which ``x`` has order ``order^2 + order +
    1`` modulo the scalars. Checked: every nonzero difference once.

    >>> singer_difference_set(3)
    [0, 1, 5, 11]
    """
    if prime_power(order) is None:
        raise InvalidArgumentError(f"a Singer difference set needs a prime power, not {order}")
    add, mul = field_tables(order)
    neg = [add[x].index(0) for x in range(order)]
    size = order * order + order + 1
    for code in range(order**2, order**3):  # f = x^3 + a x^2 + b x + c, c != 0
        a, b, c = code % order, code // order % order, code // order**2
        na, nb, nc = neg[a], neg[b], neg[c]
        power = (1, 0, 0)
        found = [0]
        scalar_at = 0
        for i in range(1, size + 1):
            c0, c1, c2 = power  # times x: x^3 = -a x^2 - b x - c
            power = (mul[nc][c2], add[c0][mul[nb][c2]], add[c1][mul[na][c2]])
            if power[1] == 0 and power[2] == 0:
                scalar_at = i
                break
            if power[2] == 0:
                found.append(i)
        if scalar_at != size or len(found) != order + 1:
            continue
        differences = {(u - v) % size for u in found for v in found if u != v}
        if len(differences) == size - 1:
            return found
    raise AssertionError(f"no Singer cycle found over GF({order})")  # pragma: no cover


def baer_design(q: int, t: int) -> tuple[list[list[list[int]]], list[list[int]], int]:
    """The design of :func:`separable_oa` on the points of ``t`` Baer subplanes of
    ``PG(2, q^2)``, numbered ``0 .. t(q^2 + q + 1) - 1``: the ``q^2 - q + 1 - t`` parallel
    classes of blocks of size ``t`` (each block listing its point of subplane ``0, 1, ...``),
    the ``t(q^2 + q + 1)`` blocks of size ``q + t`` (the rows of an array whose every column
    holds every point once), and the number of points.

    >>> classes, rows, points = baer_design(2, 2)
    >>> points, len(classes), len(rows), sorted(len(b) for b in rows)[:2]
    (14, 1, 14, [4, 4])
    """
    m = q * q - q + 1
    if not 1 <= t < m:
        raise InvalidArgumentError(f"t is from 1 to q^2 - q, got {excerpt(t)} for q = {q}")
    plane = singer_difference_set(q * q)
    size = len(plane) ** 2 - len(plane) + 1
    by_class: dict[int, list[int]] = {}
    for d in plane:
        by_class.setdefault(d % m, []).append(d)
    if sorted(len(v) for v in by_class.values()) != [1] * (m - 1) + [q + 1]:
        raise AssertionError(
            "the Singer cycle's classes are not Baer subplanes"
        )  # pragma: no cover
    big_class = next(c for c, v in by_class.items() if len(v) == q + 1)
    big = by_class[big_class]
    one = {c: v[0] for c, v in by_class.items() if c != big_class}
    label = {x: i for i, x in enumerate(x for x in range(size) if x % m < t)}

    def point_in(j: int, shift: int) -> int:  # the line's point in subplane j (not its own)
        return label[(one[(j - shift) % m] + shift) % size]

    classes: list[list[list[int]]] = [[] for _ in range(m - t)]
    rows: list[list[int]] = []
    for shift in range(size):
        own = (big_class + shift) % m  # the subplane the line meets in q + 1 points
        if own >= t:
            classes[own - t].append([point_in(j, shift) for j in range(t)])
        else:  # column r >= q + 1 holds the point of subplane own + r - q modulo t
            rows.append(
                [label[(d + shift) % size] for d in big]
                + [point_in((own + r) % t, shift) for r in range(1, t)]
            )
    return classes, rows, len(label)


def separable_oa(k: int, t: int, q: int, x: int, oa: Builder, *, wide: bool = False) -> OA:
    """An ``OA(k, t(q^2 + q + 1) + x)`` from :func:`baer_design` (Brouwer 1980).

    With ``x = 0`` a resolvable ``OA(k - 1, n)``, its classes the products of the classes of
    blocks of size ``t`` with those of a resolvable idempotent ``OA(k - 1, t)`` (from an
    ``OA(k, t)``), one for each row of an idempotent ``OA(k - 1, q + t)`` (from an ``OA(k, q +
    t)``) read across the blocks of size ``q + t``, and the rows ``(x, ..., x)``; the class is
    the last column. Otherwise the ``x`` new points: with ``wide``, the first ``q + t`` each
    take a class of a resolvable idempotent ``OA(k, q + t + 1)`` read across the blocks of size
    ``q + t`` with that point added (else those blocks carry an idempotent ``OA(k, q + t)``);
    the rest each join every block of one class of blocks of size ``t``; an ``OA(k, x)`` on the
    new points. A block of size ``s`` carries an idempotent ``OA(k, s)`` less its rows ``(x,
    ..., x)``, but where it is the only class of its kind a whole ``OA(k, s)`` (less the row of
    the new point), which then covers its points' own pairs.

    >>> from officers.latin.arrays import field_oa, is_orthogonal_array
    >>> rows = separable_oa(3, 2, 2, 0, lambda k, n: field_oa(n, k))
    >>> is_orthogonal_array(rows, 3, 14)
    True
    """
    small_classes, big_rows, points = baer_design(q, t)
    n = points + x
    if x == 0:
        pieces = resolved_idempotent(oa(k, t), k - 1)
        wide_rows = [row for c in resolved_idempotent(oa(k, q + t), k - 1) for row in c]
        parallel: list[list[tuple[int, ...]]] = [
            [tuple(block[c] for c in row) for block in blocks for row in piece]
            for blocks in small_classes
            for piece in pieces
        ]
        parallel += [[tuple(b[c] for c in row) for b in big_rows] for row in wide_rows]
        parallel.append([(v,) * (k - 1) for v in range(n)])
        if len(parallel) != n:
            raise AssertionError(
                "the separable design's classes do not count n"
            )  # pragma: no cover
        return [(*row, i) for i, rows in enumerate(parallel) for row in rows]
    spread = q + t if wide else 0
    joined = x - spread  # classes of blocks of size t that a new point joins
    if not 0 <= joined <= len(small_classes):
        raise InvalidArgumentError(
            f"x = {excerpt(x)} does not fit the separable design of t = {t}, q = {q}"
        )
    rest = len(small_classes) - joined
    if joined == 1 and rest == 1:
        raise InvalidArgumentError("a single joined class and a single other class overlap")
    out: OA = []
    if wide:
        for i, piece in enumerate(resolved_idempotent(oa(k + 1, q + t + 1), k)):
            new = points + i
            out.extend(tuple([*b, new][c] for c in row) for b in big_rows for row in piece)
    else:
        idempotent = [row for c in resolved_idempotent(oa(k + 1, q + t), k) for row in c]
        out.extend(tuple(b[c] for c in row) for b in big_rows for row in idempotent)
    if joined == 1:  # a whole OA(k, t + 1) less the row at the new point
        whole = oa(k, t + 1)
        swaps = [{whole[0][c]: t, t: whole[0][c]} for c in range(k)]
        joined_piece = [tuple(swaps[c].get(row[c], row[c]) for c in range(k)) for row in whole[1:]]
    elif joined:
        joined_piece = [row for c in resolved_idempotent(oa(k + 1, t + 1), k) for row in c]
    if rest == 1:
        rest_piece = oa(k, t)
    elif rest:
        rest_piece = [row for c in resolved_idempotent(oa(k + 1, t), k) for row in c]
    for number, blocks in enumerate(small_classes):
        if number < joined:
            new = points + spread + number
            out.extend(
                tuple([*block, new][c] for c in row) for block in blocks for row in joined_piece
            )
        else:
            out.extend(tuple(block[c] for c in row) for block in blocks for row in rest_piece)
    out.extend(tuple(points + v for v in row) for row in oa(k, x))
    if joined != 1 and rest != 1:
        out.extend((v,) * k for v in range(points))
    return out


# --- Colbourn, Dinitz and Wojtas's thwarts -------------------------------------------------------


def thwart_master(q: int, width: int) -> OA:
    """An ``OA(width, q)`` (``width <= q + 1``, ``q = 0, 1 (mod 3)`` a prime power) whose last
    four columns, cut to the symbols below ``q - 2``, keep 1, 3 or 4 symbols of every row
    (Colbourn, Dinitz and Wojtas 1995, Lemma 4.1): the lines of ``PG(2, q)`` less a point
    ``p`` of an affine plane of order 3 inside it, the groups the lines through ``p`` (the
    four lines of that plane through ``p`` last, its two other points on each the symbols
    ``q - 2`` and ``q - 1``).

    >>> rows = thwart_master(7, 6)
    >>> sorted({sum(v < 5 for v in row[2:]) for row in rows})
    [1, 3, 4]
    """
    if prime_power(q) is None or q % 3 == 2 or not 4 <= width <= q + 1:
        raise InvalidArgumentError(
            f"Lemma 4.1 needs a prime power q = 0, 1 (mod 3) and 4 <= width <= q + 1: "
            f"got q = {excerpt(q)}, width = {excerpt(width)}"
        )
    add, mul = field_tables(q)
    neg = [add[v].index(0) for v in range(q)]
    inverse = [0] + [mul[v].index(1) for v in range(1, q)]

    def normal(v: tuple[int, int, int]) -> tuple[int, int, int]:
        lead = next(c for c in v if c)
        return (mul[v[0]][inverse[lead]], mul[v[1]][inverse[lead]], mul[v[2]][inverse[lead]])

    points = [(1, a, b) for a in range(q) for b in range(q)] + [(0, 1, b) for b in range(q)]
    points.append((0, 0, 1))
    if q % 3 == 0:  # the plane over GF(3) inside: x, y in {0, 1, 2}, z = 1
        two = add[1][1]
        affine = [normal((a, b, 1)) for a in (0, 1, two) for b in (0, 1, two)]
    else:  # the nine inflection points of x^3 + y^3 + z^3: a cube root w of 1, w != 1
        generator = next(
            g for g in range(2, q) if len({_power(mul, g, i) for i in range(q)}) == q - 1
        )
        roots = [1, _power(mul, generator, (q - 1) // 3), _power(mul, generator, 2 * (q - 1) // 3)]
        affine = []
        for w in roots:
            affine += [normal((0, 1, neg[w])), normal((1, 0, neg[w])), normal((1, neg[w], 0))]

    def on(line: tuple[int, int, int], point: tuple[int, int, int]) -> bool:
        return add[add[mul[line[0]][point[0]]][mul[line[1]][point[1]]]][mul[line[2]][point[2]]] == 0

    lines = [[pt for pt in points if on(line, pt)] for line in points]  # lines: same normal form
    nine = set(affine)
    if len(nine) != 9 or any(len(nine.intersection(line)) == 2 for line in lines):
        raise AssertionError(
            "the nine points are not an affine plane of order 3"
        )  # pragma: no cover
    p = affine[0]
    through = [line for line in lines if p in line]
    through.sort(key=lambda line: len(nine.intersection(line)))  # the four of the nine last
    groups = through[q + 1 - width :]
    symbol: dict[tuple[int, int, int], tuple[int, int]] = {}
    for column, line in enumerate(groups):
        others = sorted((pt for pt in line if pt != p), key=lambda pt: pt in nine)
        for s, pt in enumerate(others):
            symbol[pt] = (column, s)
    out: OA = []
    for line in lines:
        if p in line:
            continue
        row = [0] * width
        for pt in line:
            if pt in symbol:
                column, s = symbol[pt]
                row[column] = s
        out.append(tuple(row))
    return out


def _power(mul: tuple[tuple[int, ...], ...], g: int, e: int) -> int:
    value = 1
    for _ in range(e):
        value = mul[value][g]
    return value


# --- Abel's truncated transversal design with a point added --------------------------------------


def truncated_td_design(master: OA, q: int, r: int) -> tuple[list[list[int]], list[int]]:
    """The pairwise balanced design of an ``OA(g, q)`` (``master``, ``g`` its width) less the
    points of its first row in the last ``r`` columns, a new point added to every group:
    ``gq - r + 1`` points, blocks of sizes ``g`` and ``g - 1`` (the rows), ``q + 1`` and ``q``
    (the groups with the new point), and the first row cut to ``g - r`` points, returned apart
    (it carries a whole ``OA(k, g - r)``). Points: column ``c``'s symbol ``s`` is ``c*q + s``
    less those removed before it, the new point last.

    >>> from officers.latin.arrays import field_oa
    >>> blocks, whole = truncated_td_design(field_oa(3, 3), 3, 1)
    >>> whole, sorted(len(b) for b in blocks)
    ([0, 3], [2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4])
    """
    g = len(master[0])
    lead = master[0]
    gone = {c * q + lead[c] for c in range(g - r, g)}
    new = g * q
    rename = {v: i for i, v in enumerate(v for v in range(g * q + 1) if v not in gone)}
    blocks = [
        [rename[c * q + row[c]] for c in range(g) if c * q + row[c] not in gone]
        for row in master[1:]
    ]
    blocks += [
        [rename[v] for v in range(c * q, c * q + q) if v not in gone] + [rename[new]]
        for c in range(g)
    ]
    whole = [rename[c * q + lead[c]] for c in range(g - r)]
    return blocks, whole
