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

Counting is faster than listing. Every mate holds one transversal through cell ``(0, 0)``:
:func:`count_mates` counts the completions of one transversal in each orbit of the symmetries
that fix the cell, weighted by the orbit's size: the autotopisms (:func:`cell_stabiliser`; the
cyclic group of order 9 has 6 that fix a cell, the elementary abelian group of order 9 has 48)
and the isotopisms onto the transpose. A square with no such symmetry is searched whole,
branching first on the cell with the fewest transversals. The completions are counted by the
compiled module ``officers.latin._mates`` (``officers/latin/_mates.c``: forward checking on the cells, the
transversals as 128-bit sets) where it is installed, else by the exact cover search in Python;
``OFFICERS_PURE_PYTHON=1`` keeps the compiled module out (:func:`mates_status` says which runs).
Both give the same counts; the module changes how fast they come.

How mates are counted
    A *mate* here is a partition of the cells into ``n`` disjoint transversals: an orthogonal
    mate up to renaming its symbols, or, the same, a mate whose first row reads
    ``0, 1, ..., n-1`` (a *normalised* mate). So :mod:`officers.latin.order6` counts them, and
    so does OEIS A091261 for the cyclic squares of odd order (1, 3, 635, 2049219 at orders 3, 5,
    7, 9: the tests reproduce them). Each partition is ``n!`` orthogonal mates as Latin squares
    (its symbols named in every order): ``as_squares=True`` counts those. Egan and Wanless
    counted the mates of every species to order 9 ("Enumeration of MOLS of small order", Math.
    Comp. 85 (2016) 799-824).

:func:`species_mates` counts the transversals and the mates of every species of order ``n <=
7`` (listed by :func:`officers.latin.listing.enumerate_classes`), and :func:`mate_table` sums
them over the Latin squares, each species weighted by its number of squares: how many of the
Latin squares of order ``n`` have a mate, and how many mates a square has on average.

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

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Final

from officers.core.errors import (
    NotLatinSquareError,
    SolverTimeoutError,
    UnsupportedError,
    check_time_limit,
    excerpt,
)
from officers.latin import accel
from officers.latin.cover import exact_covers
from officers.latin.squares import LatinSquare, latin_square

__all__ = [
    "MATES_ABI",
    "MAX_MATE_ORDER",
    "MateCount",
    "MateTable",
    "SpeciesMates",
    "are_orthogonal",
    "cell_stabiliser",
    "count_mates",
    "count_orthogonal_mates",
    "count_transversals",
    "has_orthogonal_mate",
    "mate_table",
    "mates_module",
    "mates_status",
    "orthogonal_array",
    "orthogonal_mates",
    "species_mates",
    "transversals",
]

MATES_MODULE: Final = accel.NAME

MATES_ABI: Final = accel.ABI
"""The interface version of the compiled module ``officers.latin._mates`` that this code is
written against (its C constant ``ABI``; :mod:`officers.latin.accel`): a module built from
another version is not used."""

MAX_MATE_ORDER: Final = 11
"""The largest order whose mates the compiled module counts (its cells in 128 bits); larger
squares are counted in Python."""

COMPILED_TRANSVERSAL_ORDER: Final = 32
"""The largest order whose transversals the compiled module counts."""


def mates_module() -> ModuleType | None:
    """The compiled module ``officers.latin._mates``, or None where it is not installed, does
    not load, was built for another :data:`MATES_ABI`, or ``OFFICERS_PURE_PYTHON=1`` is set.

    >>> found = mates_module()
    >>> found is None or found.ABI == MATES_ABI
    True
    """
    return accel.module()


def mates_status() -> str:
    """``"compiled"`` when :func:`mates_module` gives the module, else ``"pure Python: ..."``
    and the reason, in one line.

    >>> mates_status() == "compiled" or mates_status().startswith("pure Python: ")
    True
    """
    return accel.status()


def _deadline(time_limit: float | None) -> float | None:
    limit = check_time_limit(time_limit)
    return None if limit is None else time.monotonic() + limit


def _check(deadline: float | None, what: str, time_limit: float | None) -> Callable[[int], None]:
    """The check the compiled module calls now and then with the count so far: raises
    :class:`~officers.SolverTimeoutError` past the deadline, quoting that count."""

    def check(found: int) -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise SolverTimeoutError(
                f"counting {what} ran out of time after {time_limit} s: "
                f"at least {found} found so far"
            )

    return check


def _cells(square: LatinSquare) -> bytes:
    return bytes(value for row in square for value in row)


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


def _half_counts(square: LatinSquare, rows: range, deadline: float | None) -> dict[int, int]:
    """For the partial transversals of the given rows: how many use each (columns, symbols)."""
    n = len(square)
    states = {0: 1}
    for r in rows:
        if deadline is not None and time.monotonic() > deadline:
            raise SolverTimeoutError("counting transversals ran out of time")
        row = square[r]
        following: dict[int, int] = {}
        for state, ways in states.items():
            for c in range(n):
                if not state >> c & 1 and not state >> (n + row[c]) & 1:
                    key = state | 1 << c | 1 << (n + row[c])
                    following[key] = following.get(key, 0) + ways
        states = following
    return states


def _count_transversals_python(square: LatinSquare, deadline: float | None) -> int:
    n = len(square)
    top = _half_counts(square, range(n // 2), deadline)
    bottom = _half_counts(square, range(n // 2, n), deadline)
    full = (1 << 2 * n) - 1
    return sum(ways * bottom.get(full ^ state, 0) for state, ways in top.items())


def count_transversals(latin: Sequence[Sequence[int]], *, time_limit: float | None = None) -> int:
    """The number of transversals.

    Compiled (depth first, row by row, on bitsets) to order 32 where
    ``officers.latin._mates`` is installed; else, and above, by meeting in the middle in Python
    (no listing): the top half of the rows and the bottom half are counted apart, by the set of
    columns and symbols that their partial transversals use, and two halves join when their
    sets are complementary. Out of time (``time_limit`` seconds) it raises
    :class:`~officers.SolverTimeoutError`.

    >>> from officers.latin.squares import cyclic_square
    >>> [count_transversals(cyclic_square(n)) for n in (1, 3, 4, 5, 7)]
    [1, 3, 0, 15, 133]
    """
    square = latin_square(latin)
    n = len(square)
    deadline = _deadline(time_limit)
    compiled = mates_module()
    if compiled is not None and n <= COMPILED_TRANSVERSAL_ORDER:
        check = _check(deadline, "transversals", time_limit)
        return int(compiled.count_transversals(_cells(square), n, check))
    try:
        return _count_transversals_python(square, deadline)
    except SolverTimeoutError:
        raise SolverTimeoutError(
            f"counting transversals ran out of time after {time_limit} s"
        ) from None


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


# --- symmetry: the autotopisms that fix a cell -------------------------------------------------

Autotopism = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""An isotopy ``(rows, columns, symbols)`` of permutations: cell ``(r, c)`` goes to
``(rows[r], columns[c])`` and its symbol ``s`` to ``symbols[s]``."""

STABILISER_NODES: Final = 20_000
"""The most branches :func:`cell_stabiliser` tries before it gives up on the symmetry (and
answers the identity alone): never reached by a square of order 11 or less that we know of."""


def _propagate(
    source: LatinSquare,
    target: LatinSquare,
    where: list[list[int]],
    rows_of: list[list[int]],
    maps: list[list[int]],
) -> bool:
    """Fill in what the known images force (two of a cell's row, column and symbol images fix
    the third: ``target[rows[r]][columns[c]] == symbols[source[r][c]]``); False on a
    contradiction. ``maps`` is rows, columns, symbols and their inverses; ``where`` and
    ``rows_of`` index ``target``."""
    n = len(source)
    alpha, beta, gamma, alpha_, beta_, gamma_ = maps
    changed = True
    while changed:
        changed = False
        for r in range(n):
            row = source[r]
            for c in range(n):
                a, b, s = alpha[r], beta[c], row[c]
                g = gamma[s]
                if a >= 0 and b >= 0:
                    image = target[a][b]
                    if g >= 0:
                        if g != image:
                            return False
                        continue
                    if gamma_[image] >= 0:
                        return False
                    gamma[s], gamma_[image] = image, s
                    changed = True
                elif a >= 0 and g >= 0:
                    column = where[a][g]
                    if beta_[column] >= 0:
                        return False
                    beta[c], beta_[column] = column, c
                    changed = True
                elif b >= 0 and g >= 0:
                    image_row = rows_of[b][g]
                    if alpha_[image_row] >= 0:
                        return False
                    alpha[r], alpha_[image_row] = image_row, r
                    changed = True
    return True


def _isotopisms(
    source: LatinSquare, target: LatinSquare, rows: tuple[int, int], columns: tuple[int, int]
) -> list[Autotopism] | None:
    """Every isotopism from ``source`` to ``target`` that maps row ``rows[0]`` to ``rows[1]``
    and column ``columns[0]`` to ``columns[1]``; None past :data:`STABILISER_NODES` branches."""
    n = len(source)
    where = [[0] * n for _ in range(n)]  # where[r][s]: the column of s in row r of target
    rows_of = [[0] * n for _ in range(n)]  # rows_of[c][s]: the row of s in column c of target
    for r, row in enumerate(target):
        for c, value in enumerate(row):
            where[r][value] = c
            rows_of[c][value] = r
    start = [[-1] * n for _ in range(6)]
    start[0][rows[0]], start[3][rows[1]] = rows[1], rows[0]
    start[1][columns[0]], start[4][columns[1]] = columns[1], columns[0]
    found: list[Autotopism] = []
    nodes = 0

    def search(maps: list[list[int]]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > STABILISER_NODES:
            return False
        if not _propagate(source, target, where, rows_of, maps):
            return True
        beta = maps[1]
        if -1 not in beta:
            alpha, gamma = maps[0], maps[2]
            if -1 not in alpha and -1 not in gamma:
                found.append((tuple(alpha), tuple(beta), tuple(gamma)))
            return True
        column = beta.index(-1)
        for image in range(n):
            if maps[4][image] < 0:
                following = [list(m) for m in maps]
                following[1][column], following[4][image] = image, column
                if not search(following):
                    return False
        return True

    return found if search(start) else None


def cell_stabiliser(
    latin: Sequence[Sequence[int]], cell: tuple[int, int] = (0, 0)
) -> list[Autotopism]:
    """Every autotopism of the square that maps the cell ``(row, column)`` to itself.

    An autotopism that fixes row ``r`` is known once its columns are (the symbols from row
    ``r``, the rows from any column), so the columns are chosen one at a time, and each choice
    is propagated through the cells until it contradicts itself or fixes everything. For a
    group's table this is the group's automorphisms; a square without symmetry answers the
    identity after a few branches. Past :data:`STABILISER_NODES` branches it answers the
    identity alone (a correct, if useless, subgroup).

    >>> from officers.latin.squares import cyclic_square
    >>> len(cell_stabiliser(cyclic_square(9))), len(cell_stabiliser(cyclic_square(7)))
    (6, 6)
    """
    square = latin_square(latin)
    n = len(square)
    r0, c0 = cell
    if not (0 <= r0 < n and 0 <= c0 < n):
        raise UnsupportedError(f"no cell {excerpt(cell)} in a square of order {n}")
    found = _isotopisms(square, square, (r0, r0), (c0, c0))
    if found is None:
        identity = tuple(range(n))
        return [(identity, identity, identity)]
    return found


def _cell_symmetries(square: LatinSquare) -> list[Callable[[tuple[int, ...]], tuple[int, ...]]]:
    """The maps of the transversals through cell ``(0, 0)`` that the square's symmetries fixing
    the cell give: its autotopisms (:func:`cell_stabiliser`), and the isotopisms onto its
    transpose, which map a cell ``(r, c)`` to ``(columns[c], rows[r])``."""
    n = len(square)
    transpose = tuple(zip(*square, strict=True))
    maps: list[Callable[[tuple[int, ...]], tuple[int, ...]]] = []

    def straight(alpha: tuple[int, ...], beta: tuple[int, ...]) -> Callable[..., tuple[int, ...]]:
        def image(t: tuple[int, ...]) -> tuple[int, ...]:
            moved = [0] * n
            for r, c in enumerate(t):
                moved[alpha[r]] = beta[c]
            return tuple(moved)

        return image

    def turned(alpha: tuple[int, ...], beta: tuple[int, ...]) -> Callable[..., tuple[int, ...]]:
        def image(t: tuple[int, ...]) -> tuple[int, ...]:
            moved = [0] * n
            for r, c in enumerate(t):
                moved[beta[c]] = alpha[r]
            return tuple(moved)

        return image

    for alpha, beta, _ in cell_stabiliser(square, (0, 0)):
        maps.append(straight(alpha, beta))
    for alpha, beta, _ in _isotopisms(square, transpose, (0, 0), (0, 0)) or []:
        maps.append(turned(alpha, beta))
    return maps


def _through_cell(square: LatinSquare, r0: int, c0: int) -> Iterator[tuple[int, ...]]:
    """Every transversal through the cell ``(r0, c0)``, in lexicographic order."""
    n = len(square)
    bits = [[1 << v for v in row] for row in square]
    columns: list[int] = [0] * n
    columns[r0] = c0

    def extend(row: int, used_columns: int, used_symbols: int) -> Iterator[tuple[int, ...]]:
        if row == r0:
            row += 1
        if row >= n:
            yield tuple(columns)
            return
        here = bits[row]
        for c in range(n):
            if not used_columns >> c & 1 and not used_symbols & here[c]:
                columns[row] = c
                yield from extend(row + 1, used_columns | 1 << c, used_symbols | here[c])

    yield from extend(0, 1 << c0, bits[r0][c0])


def _orbits(
    square: LatinSquare, maps: list[Callable[[tuple[int, ...]], tuple[int, ...]]]
) -> tuple[list[tuple[int, ...]], list[int]]:
    """The transversals through cell ``(0, 0)``, one of each orbit of ``maps`` (a group of
    symmetries fixing the cell), and the orbits' sizes."""
    seen: set[tuple[int, ...]] = set()
    firsts: list[tuple[int, ...]] = []
    weights: list[int] = []
    for t in _through_cell(square, 0, 0):
        if t in seen:
            continue
        orbit = {t} | {image(t) for image in maps}
        seen |= orbit
        firsts.append(t)
        weights.append(len(orbit))
    return firsts, weights


@dataclass(frozen=True)
class MateCount:
    """The transversals and the orthogonal mates of one Latin square (:func:`count_mates`).

    ``mates`` counts the partitions of the cells into ``n`` disjoint transversals (the mates
    up to renaming their symbols, or with their first row ``0, 1, ..., n-1``); ``squares`` the
    mates as Latin squares, ``n!`` times as many. ``firsts`` is the number of transversals
    whose completions were counted (one an orbit of the symmetry through one cell), ``method``
    ``"compiled"`` or ``"python"``.
    """

    order: int
    transversals: int
    mates: int
    firsts: int
    method: str
    seconds: float

    @property
    def squares(self) -> int:
        """The orthogonal mates as Latin squares: ``n!`` for each partition."""
        return self.mates * math.factorial(self.order)


def _completions_python(
    square: LatinSquare, firsts: list[tuple[int, ...]], deadline: float | None
) -> list[int]:
    n = len(square)
    universe = (1 << n * n) - 1
    options = [_cells_of(t) for t in transversals(square)]
    counts = []
    for t in firsts:
        cells = _cells_of(t)
        rest = [option for option in options if not option & cells]
        counts.append(sum(1 for _ in exact_covers(rest, universe ^ cells, deadline=deadline)))
    return counts


def count_mates(
    latin: Sequence[Sequence[int]],
    *,
    time_limit: float | None = None,
    symmetry: bool = True,
    compiled: bool | None = None,
) -> MateCount:
    """Count the transversals and the orthogonal mates of a Latin square.

    Where autotopisms fix cell ``(0, 0)`` (:func:`cell_stabiliser`), the transversals through
    it are taken one per orbit of them (``symmetry=False``: the whole square is searched), and
    the partitions holding each are counted (compiled where ``officers.latin._mates`` is installed and ``n <=``
    :data:`MAX_MATE_ORDER`; ``compiled=False`` forces Python, ``True`` requires the module).
    Out of time (``time_limit`` seconds) it raises :class:`~officers.SolverTimeoutError`.

    >>> from officers.latin.squares import cyclic_square
    >>> count = count_mates(cyclic_square(7))
    >>> count.transversals, count.mates, count.squares
    (133, 635, 3200400)
    """
    square = latin_square(latin)
    n = len(square)
    start = time.monotonic()
    deadline = _deadline(time_limit)
    module = mates_module() if compiled is not False else None
    if compiled and (module is None or n > MAX_MATE_ORDER):
        raise UnsupportedError(
            f"the compiled count of mates is not available here ({mates_status()}; "
            f"orders to {MAX_MATE_ORDER}), got order {n}"
        )
    if module is not None and n > MAX_MATE_ORDER:
        module = None
    what = f"the orthogonal mates of {excerpt(square)}"
    check = _check(deadline, what, time_limit)
    group = _cell_symmetries(square) if symmetry and n >= 4 else []
    if module is not None:
        if len(group) <= 1:
            mates, listed = module.count_mates(_cells(square), n, check, 0)
            return MateCount(n, listed, mates, 0, "compiled", time.monotonic() - start)
        firsts, weights = _orbits(square, group)
        check(0)
        flat = bytes(c for t in firsts for c in t)
        counts, listed = module.count_mates(_cells(square), n, check, 0, flat)
        method = "compiled"
    else:
        try:
            if len(group) <= 1:
                _, partitions = _partitions(
                    square, None if deadline is None else deadline - time.monotonic()
                )
                found = sum(1 for _ in partitions)
                listed = sum(1 for _ in transversals(square))
                return MateCount(n, listed, found, 0, "python", time.monotonic() - start)
            firsts, weights = _orbits(square, group)
            counts = _completions_python(square, firsts, deadline)
            listed = sum(1 for _ in transversals(square))
            method = "python"
        except SolverTimeoutError:
            raise SolverTimeoutError(
                f"counting {what} ran out of time after {time_limit} s"
            ) from None
    mates = sum(w * c for w, c in zip(weights, counts, strict=True))
    return MateCount(n, listed, mates, len(firsts), method, time.monotonic() - start)


def count_orthogonal_mates(
    latin: Sequence[Sequence[int]], *, time_limit: float | None = None, as_squares: bool = False
) -> int:
    """The number of orthogonal mates up to renaming their symbols (partitions into
    transversals, or mates whose first row reads ``0, 1, ..., n-1``), as OEIS A091261 counts them.

    ``as_squares=True`` counts the mates as Latin squares, ``n!`` times as many. Out of time
    it raises :class:`~officers.SolverTimeoutError` (:func:`count_mates` says more).

    >>> from officers.latin.squares import cyclic_square
    >>> count_orthogonal_mates(cyclic_square(5)), count_orthogonal_mates(cyclic_square(6))
    (3, 0)
    >>> count_orthogonal_mates(cyclic_square(5), as_squares=True)
    360
    """
    count = count_mates(latin, time_limit=time_limit)
    return count.squares if as_squares else count.mates


def has_orthogonal_mate(latin: Sequence[Sequence[int]], *, time_limit: float | None = None) -> bool:
    """Whether the Latin square has an orthogonal mate (``n`` disjoint transversals).

    >>> from officers.latin.squares import cyclic_square
    >>> has_orthogonal_mate(cyclic_square(7)), has_orthogonal_mate(cyclic_square(8))
    (True, False)
    """
    square = latin_square(latin)
    n = len(square)
    module = mates_module()
    if module is not None and n <= MAX_MATE_ORDER:
        deadline = _deadline(time_limit)
        found, _ = module.count_mates(
            _cells(square), n, _check(deadline, "orthogonal mates", time_limit), 1
        )
        return bool(found)
    return next(orthogonal_mates(square, time_limit=time_limit), None) is not None


# --- every species -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SpeciesMates:
    """One species of Latin squares of order ``n`` (:func:`species_mates`): its canonical form
    (:func:`~officers.latin.canonical.species_form`), the order of its autoparatopism group,
    its number of Latin squares (``6 n!**3 / symmetries``), and the transversals and mates
    (partitions, as :func:`count_orthogonal_mates`) of each of its squares: both are the same
    for every square of a species."""

    form: LatinSquare
    symmetries: int
    size: int
    transversals: int
    mates: int


def species_mates(
    n: int,
    *,
    time_limit: float | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> list[SpeciesMates]:
    """The transversals and the orthogonal mates of every species of order ``n`` (1 ..
    :data:`~officers.latin.canonical.MAX_CLASSIFY_ORDER`), in the order of
    :func:`~officers.latin.canonical.species`; ``progress(done, species)`` after each.

    >>> [(s.size, s.transversals, s.mates) for s in species_mates(4)]
    [(144, 8, 2), (432, 0, 0)]
    """
    # the species by the listing (officers.latin.listing: compiled where installed, some 0.4 s
    # for order 7, where canonical.species, from every reduced first pair of rows, takes 40 s)
    from officers.latin.canonical import MAX_CLASSIFY_ORDER
    from officers.latin.listing import enumerate_classes

    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_CLASSIFY_ORDER:
        raise UnsupportedError(
            f"the mates of every species are counted here for orders 1-{MAX_CLASSIFY_ORDER}, "
            f"got {excerpt(n)} (order 8: officers.latin.listing.species_mate_table)"
        )
    deadline = _deadline(time_limit)
    classes = enumerate_classes(n, time_limit=time_limit).species
    found = []
    for done, item in enumerate(classes, 1):
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise SolverTimeoutError(
                f"counting the mates of the species of order {n} ran out of time after "
                f"{time_limit} s: {done - 1} of {len(classes)} species counted"
            )
        count = count_mates(item.form, time_limit=left)
        found.append(
            SpeciesMates(item.form, item.symmetries, item.size, count.transversals, count.mates)
        )
        if progress is not None:
            progress(done, len(classes))
    return found


@dataclass(frozen=True)
class MateTable:
    """The mates of the Latin squares of one order, summed over its species (:func:`mate_table`).

    ``squares`` is the number of Latin squares of order ``n`` (the species' sizes summed),
    ``with_mate`` how many of them have an orthogonal mate, ``bachelors`` the species without
    one; ``mates`` the mates of all the squares summed (partitions; ``n!`` times as many as
    Latin squares). ``share`` and ``mean_mates`` are exact fractions."""

    order: int
    species: tuple[SpeciesMates, ...]
    squares: int
    with_mate: int
    mates: int

    @property
    def bachelors(self) -> int:
        """The number of species whose squares have no orthogonal mate."""
        return sum(1 for s in self.species if s.mates == 0)

    @property
    def share(self) -> Fraction:
        """The share of the Latin squares of order ``n`` that have an orthogonal mate."""
        return Fraction(self.with_mate, self.squares)

    @property
    def mean_mates(self) -> Fraction:
        """The expected number of mates (partitions) of a Latin square drawn uniformly."""
        return Fraction(self.mates, self.squares)

    @property
    def transversal_counts(self) -> tuple[int, ...]:
        """The numbers of transversals that a Latin square of order ``n`` can have, in order."""
        return tuple(sorted({s.transversals for s in self.species}))


def mate_table(
    n: int,
    *,
    time_limit: float | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> MateTable:
    """Every species of order ``n`` with its transversals and mates (:func:`species_mates`),
    and their sums over the Latin squares of order ``n``, each species weighted by its size.

    >>> table = mate_table(5)
    >>> table.squares, table.with_mate, table.share, table.bachelors
    (161280, 17280, Fraction(3, 28), 1)
    """
    rows = species_mates(n, time_limit=time_limit, progress=progress)
    return MateTable(
        n,
        tuple(rows),
        sum(s.size for s in rows),
        sum(s.size for s in rows if s.mates),
        sum(s.size * s.mates for s in rows),
    )
