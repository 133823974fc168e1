"""Which construction gives the most mutually orthogonal Latin squares of each order: the
choice behind :func:`~officers.latin.mutually_orthogonal.plan` and
:func:`~officers.latin.mutually_orthogonal.mols`, which build what it chooses.

:func:`best` tries, for an order ``n``, every construction of
:mod:`officers.latin.mutually_orthogonal` (its docstring names them with their sources) with
the arrays of smaller orders it needs, each as wide as this module says it can be built
(:func:`most_columns`, recursively), and keeps the widest orthogonal array ``OA(k, n)``;
:func:`describe` says the construction in words. Nothing is built here.

>>> best(10)
(4, ('pair', (10,)))
>>> most_columns(189), describe(best(189)[1], 189)
(10, "Brouwer's separable design: 9 Baer subplanes of PG(2, 16)")
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final

from officers.latin import mols_data, mols_matrices
from officers.latin.construct import prime_power

__all__ = ["Recipe", "best", "describe", "most_columns", "with_disjoint"]


Recipe = tuple[str, tuple[int, ...]]
"""A construction and its parameters: ``("field", (q,))``, ``("product", (a, b))``,
``("wilson", (m, t, u1, ...))``, ``("data", (n,))``, ``("pair", (n,))``, ``("trivial", (n,))``."""


@functools.cache
def best(n: int) -> tuple[int, Recipe]:
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
        ok = min(_k(8), _k(9), with_disjoint(8, 3)) >= 9
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


def most_columns(n: int) -> int:
    """The largest ``k`` of an ``OA(k, n)`` the constructions here give (:func:`best`).

    >>> most_columns(10), most_columns(9)
    (4, 10)
    """
    return best(n)[0]


_k = most_columns


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


def with_disjoint(m: int, j: int) -> int:
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
                block = max(with_disjoint(m, r), with_disjoint(m, r + 1))
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
        k = min(q - 3, _k(q - 2), _k(m + 1), with_disjoint(m, 3), with_disjoint(m, 4))
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


def describe(recipe: Recipe, n: int) -> str:
    """The construction ``recipe`` of order ``n`` in words, with its source.

    >>> describe(best(12)[1], 12)
    '5 MOLS of order 12 (B. D. McKay)'
    >>> describe(best(20)[1], 20)
    'quasi-difference matrix (19, 6; 1, 1; 1) (Handbook III.3.49)'
    """
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
    return _describe_given(kind, args, n)


def _describe_given(kind: str, args: tuple[int, ...], n: int) -> str:
    """:func:`describe` of the sets and arrays given as data, the pair and one square."""
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
