"""The classes of Latin squares counted by Burnside's lemma, not listed.

A group ``G`` acting on the Latin squares of order ``n`` has ``(1/|G|) sum over g of Fix(g)``
orbits, where ``Fix(g)`` is the number of squares ``g`` maps to themselves (Burnside's lemma);
``Fix`` is the same on a conjugacy class, so the sum runs over the classes, each counted as
often as it has elements. Three groups:

isotopy (:func:`count_classes` ``kind="isotopy"``)
    ``S_n^3`` (rows, columns, symbols). A class is a triple of cycle types ``(l, m, k)`` with
    ``n!/z_l * n!/z_m * n!/z_k`` elements (``z_l``: the order of the centraliser of a permutation
    of type ``l``), so the count is ``sum Fix(l, m, k) / (z_l z_m z_k)``. ``Fix`` is the same
    for the six orders of ``l, m, k`` (a conjugate square has the permuted autotopism).
species (``kind="species"``)
    ``S_n wr S_3``: an isotopy followed by one of the six permutations of the places of a
    triple (row, column, symbol). With a transposition of two places (three of them, conjugate)
    the class is known by the cycle types ``l`` of the product of the two permutations the places
    trade and ``m`` of the third; with a 3-cycle (two, conjugate) by the cycle type ``l`` of the
    product of all three. So ``species = (isotopy + 3 sum T(l, m) / (z_l z_m) + 2 sum R(l) /
    z_l) / 6``, where ``T(l, m)`` counts the squares with ``L(c, s(r)) = t(L(r, c))`` (``s`` of
    type ``l``, ``t`` of type ``m``) and ``R(l)`` those holding ``(s, r, p(c))`` with every
    ``(r, c, s)`` (``p`` of type ``l``).
isomorphism (``kind="isomorphism"``)
    ``S_n`` acting on all three at once (quasigroups up to isomorphism): ``sum Fix(l, l, l) /
    z_l``.

``Fix`` of the identity is the number of Latin squares (:func:`officers.latin.count.count_latin`).
Every other ``Fix`` is counted by filling the square block by block (for an autotopism, the rows
of one cycle of its row permutation: the first row of the cycle fixes the others), each cell's
symbol placing its whole orbit of triples at once, and merging, between two blocks, the partial
squares that cover the same pairs (row, column), (row, symbol), (column, symbol): how many ways
the rest can be filled depends on nothing else. The compiled module
``officers.latin._autotopism`` does this for orders up to 8 (:mod:`officers.latin.autotopism_accel`);
without it, the same count runs in pure Python.

>>> [count_classes(n) for n in range(1, 7)]
[1, 1, 1, 2, 2, 22]
>>> [count_classes(n, "species") for n in range(1, 7)]
[1, 1, 1, 2, 2, 12]
>>> [count_classes(n, "isomorphism") for n in range(1, 6)]
[1, 1, 5, 35, 1411]

References: B. D. McKay, A. Meynert and W. Myrvold, "Small Latin squares, quasigroups and
loops", J. Combin. Des. 15 (2007) 98-119; D. S. Stones, P. Vojtěchovský and I. M. Wanless,
"Cycle structure of autotopisms of quasigroups and Latin squares", J. Combin. Des. 20 (2012)
227-263; OEIS A040082, A003090, A057991.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias

from officers.core.errors import (
    SolverTimeoutError,
    UnsupportedError,
    check_time_limit,
    excerpt,
)

__all__ = [
    "KINDS",
    "MAX_BURNSIDE_ORDER",
    "BurnsideTerm",
    "Element",
    "burnside_terms",
    "count_classes",
    "count_fixed",
    "cycle_types",
]

Kind: TypeAlias = Literal["isotopy", "species", "isomorphism"]
CycleType: TypeAlias = tuple[int, ...]
"""A cycle type: the lengths of a permutation's cycles, longest first."""

KINDS: Final = ("isotopy", "species", "isomorphism")
"""The classes :func:`count_classes` counts."""

MAX_BURNSIDE_ORDER: Final = 8
"""The largest order :func:`count_classes` takes (the squares of order 9 do not fit the
64-bit sets of pairs)."""


@dataclass(frozen=True)
class Element:
    """A paratopism as :func:`count_fixed` counts its fixed squares: ``image``, the image of
    every triple (``r n^2 + c n + s``); ``blocks``, the cells (``r n + c``) in the order they
    are filled, block by block; ``rows``, for each block, the set (a mask) of rows that may be
    put in any order after it, each with the column of its number, without changing how many
    ways the rest can be filled; ``split`` > 0: the blocks before it and from it on are
    counted apart and matched (the orbits of the cells of each side stay on it); ``mirror``: a
    permutation of the rows that the element commutes with and that swaps the two sides (then
    only the first is counted), or ``[]``."""

    image: list[int]
    blocks: list[list[int]]
    rows: list[int]
    split: int = 0
    mirror: list[int] = field(default_factory=list)


def cycle_types(n: int) -> list[CycleType]:
    """The cycle types of the permutations of ``n`` points, longest cycles first.

    >>> cycle_types(4)
    [(4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)]
    """

    def parts(left: int, most: int) -> Iterator[CycleType]:
        if left == 0:
            yield ()
        for part in range(min(left, most), 0, -1):
            for rest in parts(left - part, part):
                yield (part, *rest)

    return list(parts(n, n))


def centraliser(lengths: CycleType) -> int:
    """``z``: the order of the centraliser of a permutation of this cycle type (``n! / z`` of
    them). ``centraliser((2, 2))`` is 8."""
    z = 1
    for length, times in Counter(lengths).items():
        z *= length**times * math.factorial(times)
    return z


def _permutation(lengths: CycleType) -> list[int]:
    """A permutation of this cycle type: its cycles on consecutive points."""
    image: list[int] = []
    for length in lengths:
        start = len(image)
        image.extend(start + (k + 1) % length for k in range(length))
    return image


def _cycles(lengths: CycleType) -> list[list[int]]:
    """The cycles of :func:`_permutation`, as lists of points."""
    cycles, start = [], 0
    for length in lengths:
        cycles.append(list(range(start, start + length)))
        start += length
    return cycles


def _autotopism(lengths: Sequence[CycleType]) -> Element:
    """``(a, b, c)`` of the three types: the row permutation is the type of fewest cycles (the
    fewest blocks: one a row cycle, its first row fixes the others)."""
    rows, columns, symbols = sorted(lengths, key=len)
    n = sum(rows)
    a, b, c = _permutation(rows), _permutation(columns), _permutation(symbols)
    image = [a[r] * n * n + b[k] * n + c[s] for r in range(n) for k in range(n) for s in range(n)]
    cycles = _cycles(rows)
    split = 0
    mirror: list[int] = []
    if len(cycles) >= 3:  # meet in the middle: half of the cells on each side
        if all(times % 2 == 0 for times in Counter(rows).values()):
            # two alike sides, one of each pair of cycles on each: count one, mirror the other
            one, other = cycles[0::2], cycles[1::2]
            cycles, split, mirror = one + other, len(one), list(range(n))
            for a, b in zip(one, other, strict=True):
                for x, y in zip(a, b, strict=True):
                    mirror[x], mirror[y] = y, x
        else:
            while sum(map(len, cycles[: split + 1])) <= n // 2:
                split += 1
    blocks = [[r * n + k for r in cycle for k in range(n)] for cycle in cycles]
    return Element(image, blocks, [0] * len(blocks), split, mirror)


def _transposition(lengths: CycleType, symbols: CycleType) -> Element:
    """``(r, c, s) -> (c, p(r), q(s))``, ``p`` of the type ``lengths``, ``q`` of ``symbols``:
    the blocks are the rows and the columns of one cycle of ``p``."""
    n = len(_permutation(lengths))
    p, q = _permutation(lengths), _permutation(symbols)
    image = [k * n * n + p[r] * n + q[s] for r in range(n) for k in range(n) for s in range(n)]
    cycles = _cycles(lengths)
    fixed = [cycle[0] for cycle in cycles if len(cycle) == 1]
    # the fixed points of p not filled yet are interchangeable (with their columns)
    rows = [sum(1 << r for r in fixed if [r] not in cycles[: b + 1]) for b in range(len(cycles))]
    return Element(image, _crosses(n, cycles), rows)


def _rotation(lengths: CycleType) -> Element:
    """``(r, c, s) -> (s, r, p(c))``, ``p`` of the type ``lengths``: the blocks are the rows
    and the columns of one cycle of ``p`` (its rows fix its columns and its symbols)."""
    n = sum(lengths)
    p = _permutation(lengths)
    image = [s * n * n + r * n + p[k] for r in range(n) for k in range(n) for s in range(n)]
    return Element(image, _crosses(n, _cycles(lengths)), [0] * len(lengths))


def _crosses(n: int, cycles: list[list[int]]) -> list[list[int]]:
    """For each cycle, the cells of its rows and its columns not in an earlier block."""
    done: set[int] = set()
    blocks = []
    for cycle in cycles:
        block = [
            r * n + k
            for r in range(n)
            for k in range(n)
            if (r in cycle or k in cycle) and r * n + k not in done
        ]
        done.update(block)
        blocks.append(block)
    return blocks


def _orbit_choices(n: int, image: Sequence[int]) -> list[list[tuple[int, int, int]]]:
    """For each cell, the orbits of its triples that share no pair: as three sets of pairs."""
    choices: list[list[tuple[int, int, int]]] = [[] for _ in range(n * n)]
    for t in range(n**3):
        rc = rs = cs = size = 0
        u = t
        while True:
            r, k, s = u // (n * n), u // n % n, u % n
            rc |= 1 << (r * n + k)
            rs |= 1 << (r * n + s)
            cs |= 1 << (k * n + s)
            size += 1
            u = image[u]
            if u == t:
                break
        if rc.bit_count() == rs.bit_count() == cs.bit_count() == size:
            choices[t // n].append((rc, rs, cs))
    return choices


def _count_python(
    n: int, image: Sequence[int], blocks: Sequence[Sequence[int]], over: Callable[[], None]
) -> int:
    """:func:`count_fixed` in pure Python: the same blocks, the same merging."""
    choices = _orbit_choices(n, image)
    now: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for block in blocks:
        after: dict[tuple[int, int, int], int] = {}
        for start, ways in now.items():
            over()
            stack = [(0, start)]
            while stack:
                i, (rc, rs, cs) = stack.pop()
                while i < len(block) and rc >> block[i] & 1:
                    i += 1
                if i == len(block):
                    key = (rc, rs, cs)
                    after[key] = after.get(key, 0) + ways
                    continue
                for orc, ors, ocs in choices[block[i]]:
                    if not (orc & rc or ors & rs or ocs & cs):
                        stack.append((i + 1, (rc | orc, rs | ors, cs | ocs)))
        now = after
    return sum(now.values())


def count_fixed(
    n: int, element: Element, *, deadline: float | None = None, compiled: bool = True
) -> int:
    """The number of Latin squares of order ``n`` that ``element`` maps to themselves.
    ``deadline``: a :func:`time.monotonic` time after which :class:`~officers.SolverTimeoutError`
    is raised. ``compiled=False`` counts in pure Python (block by block, without the element's
    ``rows`` and ``split``, which change only how fast the count goes).

    The transpose (``(r, c, s) -> (c, r, s)``) fixes the symmetric squares: 6 of the 12 of
    order 3.

    >>> transpose = [c * 9 + r * 3 + s for r in range(3) for c in range(3) for s in range(3)]
    >>> count_fixed(3, Element(transpose, [[0, 1, 2, 3, 6], [4, 5, 7], [8]], [0, 0, 0]))
    6
    """
    from officers.latin import autotopism_accel

    def over(*_: object) -> None:
        if deadline is not None and time.monotonic() >= deadline:
            raise SolverTimeoutError(
                f"the count of the Latin squares of order {n} a paratopism fixes ran out of time"
            )

    module = autotopism_accel.module() if compiled else None
    if module is None or n > module.MAX_ORDER:
        return _count_python(n, element.image, element.blocks, over)
    found, _ = module.count_fixed(
        n, element.image, element.blocks, element.rows, element.split, element.mirror, over
    )
    return int(found)


@dataclass(frozen=True)
class BurnsideTerm:
    """One conjugacy class (or several with the same ``Fix``) of a Burnside sum.

    ``kind``: ``"isotopy"`` (``types`` the cycle types of the rows, columns and symbols
    permutations, in any order: all their orders are summed in ``elements``), ``"transposition"``
    (``types``: of the product of the two traded places' permutations and of the third) or
    ``"rotation"`` (``types``: of the product of the three); ``fixed``: the squares each element
    fixes; ``elements``: the group elements counted.
    """

    kind: str
    types: tuple[CycleType, ...]
    fixed: int
    elements: int


def _check_order(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_BURNSIDE_ORDER:
        raise UnsupportedError(
            f"the classes of Latin squares are counted for orders 1-{MAX_BURNSIDE_ORDER}, "
            f"got {excerpt(n)}"
        )
    return n


def _check_kind(kind: object) -> Kind:
    if kind not in KINDS:
        raise UnsupportedError(
            f"the kind of class is one of {', '.join(KINDS)}, got {excerpt(kind)}"
        )
    return kind


def _jobs(n: int, kind: Kind) -> list[tuple[str, tuple[CycleType, ...], int, Element | None]]:
    """Each term of the sum: its kind, its types, its elements, and the element to count
    (``None``: the identity)."""
    factorial = math.factorial(n)
    types = cycle_types(n)
    identity = tuple([1] * n)
    jobs: list[tuple[str, tuple[CycleType, ...], int, Element | None]] = []
    if kind == "isomorphism":
        for lengths in types:
            element = None if lengths == identity else _autotopism((lengths,) * 3)
            jobs.append(("isotopy", (lengths,) * 3, factorial // centraliser(lengths), element))
        return jobs
    for triple in itertools.combinations_with_replacement(types, 3):
        orders = len(set(itertools.permutations(triple)))
        elements = orders * math.prod(factorial // centraliser(t) for t in triple)
        element = None if triple == (identity,) * 3 else _autotopism(triple)
        jobs.append(("isotopy", triple, elements, element))
    if kind == "species":
        for product, third in itertools.product(types, repeat=2):
            elements = 3 * factorial * (factorial // centraliser(product))
            elements *= factorial // centraliser(third)
            jobs.append(
                ("transposition", (product, third), elements, _transposition(product, third))
            )
        for product in types:
            elements = 2 * factorial**2 * (factorial // centraliser(product))
            jobs.append(("rotation", (product,), elements, _rotation(product)))
    return jobs


_FIXED: dict[tuple[str, tuple[CycleType, ...], bool], int] = {}
"""The fixed squares counted so far in this process, by the kind and the cycle types of the
term (which give the order) and whether counted compiled: a species count after an isotopy
count counts only the terms it adds."""

_SQUARES: dict[int, int] = {}
"""The Latin squares of each order counted so far in this process."""


def _squares(n: int, deadline: float | None, kind: str, jobs: int) -> int:
    """The number of Latin squares of order ``n`` (:func:`~officers.latin.count.count_latin`
    on ``jobs`` processes), once a process."""
    if n not in _SQUARES:
        from officers.latin.count import count_latin

        left = None if deadline is None else max(deadline - time.monotonic(), 1e-6)
        try:
            _SQUARES[n] = count_latin(n, jobs=jobs if n >= 8 else 1, time_limit=left).squares
        except SolverTimeoutError:
            raise SolverTimeoutError(
                f"the {kind} classes of order {n} ran out of time counting the Latin squares"
            ) from None
    return _SQUARES[n]


def _order(n: int, kind: Kind) -> int:
    factorial = math.factorial(n)
    return {"isotopy": factorial**3, "species": 6 * factorial**3, "isomorphism": factorial}[kind]


def burnside_terms(
    n: int,
    kind: str = "isotopy",
    *,
    time_limit: float | None = None,
    jobs: int = 1,
    compiled: bool = True,
) -> list[BurnsideTerm]:
    """Every term of the Burnside sum of :func:`count_classes` (the same arguments), the
    identity's (the number of Latin squares) first.

    >>> [(t.types, t.fixed) for t in burnside_terms(3, "isomorphism")]
    [(((1, 1, 1), (1, 1, 1), (1, 1, 1)), 12), (((3,), (3,), (3,)), 3), (((2, 1), (2, 1), (2, 1)), 4)]
    """
    n = _check_order(n)
    checked = _check_kind(kind)
    seconds = check_time_limit(time_limit)
    deadline = None if seconds is None else time.monotonic() + seconds
    plan = _jobs(n, checked)

    def run(index: int) -> int:
        element = plan[index][3]
        if deadline is not None and time.monotonic() >= deadline:
            raise SolverTimeoutError(
                f"the {checked} classes of order {n} ran out of time with terms left to count"
            )
        if element is None:
            return _squares(n, deadline, checked, jobs)
        key = (plan[index][0], plan[index][1], compiled)
        if key not in _FIXED:
            _FIXED[key] = count_fixed(n, element, deadline=deadline, compiled=compiled)
        return _FIXED[key]

    order = sorted(range(len(plan)), key=lambda i: plan[i][3] is not None)  # the identity first
    if jobs > 1:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            fixed = dict(zip(order, pool.map(run, order), strict=True))
    else:
        fixed = {i: run(i) for i in order}
    return [BurnsideTerm(plan[i][0], plan[i][1], fixed[i], plan[i][2]) for i in order]


def count_classes(
    n: int,
    kind: str = "isotopy",
    *,
    time_limit: float | None = None,
    jobs: int = 1,
    compiled: bool = True,
) -> int:
    """The number of classes of Latin squares of order ``n`` (1 .. :data:`MAX_BURNSIDE_ORDER`):
    ``kind`` ``"isotopy"`` (OEIS A040082), ``"species"`` (main classes, A003090) or
    ``"isomorphism"`` (quasigroups up to isomorphism, A057991), by Burnside's lemma (see the
    module).

    ``time_limit``: seconds, after which :class:`~officers.SolverTimeoutError` is raised.
    ``jobs``: threads counting the terms side by side (the compiled count lets go of Python's
    lock), and the processes of the count of Latin squares of order 8. ``compiled=False``: the pure-Python count, even where the compiled one is installed.

    >>> count_classes(6), count_classes(6, "species"), count_classes(6, "isomorphism")
    (22, 12, 1130531)
    >>> count_classes(9)
    Traceback (most recent call last):
    ...
    officers.UnsupportedError: the classes of Latin squares are counted for orders 1-8, got 9
    """
    terms = burnside_terms(n, kind, time_limit=time_limit, jobs=jobs, compiled=compiled)
    total, rest = divmod(sum(t.fixed * t.elements for t in terms), _order(n, _check_kind(kind)))
    if rest:  # pragma: no cover - a wrong count of fixed squares
        raise ArithmeticError(
            f"Burnside's sum of order {n} is no whole number: {total} + {rest}/|G|"
        )
    return total
