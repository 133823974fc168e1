"""Sets of k mutually orthogonal Latin squares of small order, up to equivalence.

A set of ``k`` MOLS of order ``n`` is an orthogonal array ``OA(k + 2, n)``: ``n * n`` points
(the cells), each with ``k + 2`` coordinates (its row, its column and its symbol in each square),
any two coordinates of a point fixing it. Two sets are *equivalent* (paratopic) when one becomes
the other by renaming the values of each coordinate and permuting the ``k + 2`` coordinates: the
rows, the columns and the squares may trade places. A class is the isomorphism class of the net
(or transversal design) of the array; for ``k = 1`` it is a species, and for ``k = n - 1`` an
affine plane.

How the classes are found, level by level: every class of ``k + 1`` MOLS holds a class of ``k``
(drop a square), so the classes of ``k + 1`` are the common orthogonal mates of one set of each
class of ``k``, told apart by a canonical labelling. A common mate is a partition of the points
into ``n`` sets that meet every value of every coordinate once (common transversals): exact
cover over the transversals of the first square that are transversals of every other. The
canonical labelling is nauty's (through ``pynauty``, an optional dependency): the array as a
coloured graph of points, values (a vertex per coordinate and value) and coordinates, whose
automorphisms are the array's, its values first coloured by an invariant (:func:`_graph`). The
array read in that labelling, in standard form, is the class's canonical set, which tells the
classes apart; the group's generators spare the labelling of mates its group maps to each other,
and its order gives each class's number of labelled sets.

A check that costs nothing extra (:func:`mols_classes` raises where it fails): the labelled sets
of ``k + 1`` MOLS are the labelled sets of ``k`` times their number of common mates (each mate
with its ``n!`` namings) -- so the classes' sizes, each ``|G| / |Aut|``, add up to what the
level below predicts; and where the species come with mates, their mates listed must be the
mates counted, and nauty's group of each the autoparatopisms the listing counted. (Level 1's
sizes add up to the number of Latin squares: the tests hold them to OEIS A002860.)

Level 1 gives each species by its species form (:func:`officers.latin.canonical.species_form`,
the listing's); the levels above by their canonical sets, read in nauty's labelling. Those are
canonical for one version of nauty (``pynauty`` ships its own): compare sets put in form by the
same version.

>>> census = mols_classes(4)
>>> [(level.k, len(level.classes), level.sets) for level in census.levels]
[(1, 2, 576), (2, 1, 6912), (3, 1, 165888)]
>>> census.levels[2].classes[0].automorphisms  # the affine plane of order 4: its collineations
5760

References: J. Egan and I. M. Wanless, "Enumeration of MOLS of small order", Math. Comp. 85
(2016) 799-824; B. D. McKay and A. Piperno, "Practical graph isomorphism, II", J. Symbolic
Comput. 60 (2014) 94-112 (nauty).
"""

from __future__ import annotations

import concurrent.futures
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Final, TypeVar

from officers.core.errors import (
    InvalidArgumentError,
    SolverTimeoutError,
    UnsupportedError,
    check_time_limit,
    excerpt,
)
from officers.latin.canonical import permutation_cycles
from officers.latin.cover import exact_covers
from officers.latin.squares import LatinSquare

if TYPE_CHECKING:
    from officers.latin.listing import Census
    from officers.latin.orthogonal import MateTable

__all__ = [
    "MAX_MOLS_CLASS_ORDER",
    "MAX_MOLS_FORM_ORDER",
    "MAX_UP_TO",
    "MolsCensus",
    "MolsClass",
    "MolsLevel",
    "classify_mols",
    "mols_automorphisms",
    "mols_classes",
    "mols_form",
]

MAX_MOLS_CLASS_ORDER: Final = 8
"""The largest order :func:`mols_classes` takes: its species come from the listing of
:func:`officers.latin.listing.enumerate_classes` (order 8: about 20 minutes on 2 processes, or a
census given)."""

MAX_MOLS_FORM_ORDER: Final = 16
"""The largest order :func:`mols_form` and :func:`mols_automorphisms` take: nauty labels a
complete set of order 16 (an affine plane: 801 vertices) in 0.06 s and a random square of order
16 in 0.02 s, but its search cannot be stopped, so larger arrays are refused rather than
risked."""

INVARIANT_WORK: Final = 1_000_000
"""The most steps the values' invariants may take (``(k + 2)**3 n**3`` or so; about 0.6 s):
past it, as for 12 MOLS of order 13 or 15 of order 16, nauty starts from the plain colours. Such
sets are the large ones, where the structure gives nauty its way at once (the affine plane of
order 16: 0.06 s); a random square of order 8 needs the invariants (2 ms, against 130 ms)."""

MAX_UP_TO: Final = 64
"""The most squares :func:`mols_classes` is asked for (``up_to``): no order to 8 has more than 7
MOLS but order 1, whose one cell makes a set of any size (one class each)."""

Point = tuple[int, ...]

_In = TypeVar("_In")
_Out = TypeVar("_Out")


@dataclass(frozen=True)
class MolsClass:
    """One class of sets of ``k`` MOLS: ``squares``, its canonical set (the same for every set of
    the class; for ``k = 1`` the species form), ``automorphisms``, the order of its group (the renamings and permutations of the
    ``k + 2`` coordinates that keep the set), ``size``, the number of ordered ``k``-tuples of
    MOLS in the class (``n!**(k + 2) * (k + 2)! / automorphisms``), and ``mates``, its common
    orthogonal mates (each once up to renaming its symbols): a class with none is *maximal*."""

    squares: tuple[LatinSquare, ...]
    automorphisms: int
    size: int
    mates: int


@dataclass(frozen=True)
class MolsLevel:
    """The classes of ``k`` MOLS, by canonical set; ``sets``, the ordered ``k``-tuples of MOLS of
    the order (the classes' sizes summed); ``maximal``, the classes with no common mate."""

    k: int
    classes: tuple[MolsClass, ...]
    sets: int
    maximal: int


@dataclass(frozen=True)
class MolsCensus:
    """The classes of ``k`` MOLS of one ``order`` for every ``k`` from 1 (the species) to the
    largest that exists (or ``up_to``), with the time taken."""

    order: int
    levels: tuple[MolsLevel, ...]
    seconds: float


def _nauty() -> ModuleType:
    try:
        import pynauty  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - the test extra installs it
        raise UnsupportedError(
            "sets of MOLS up to equivalence need nauty through pynauty: "
            "pip install 'officers[nauty]'"
        ) from None
    module: ModuleType = pynauty
    return module


def _line_invariants(points: Sequence[Point], n: int) -> list[tuple[int, ...]]:
    """An invariant of each value ``v`` of each coordinate ``j`` (at ``j * n + v``) that no
    renaming or permutation of the coordinates changes: for every other value ``w`` of ``j`` and
    ordered pair of other coordinates ``a``, ``b``, the cycle lengths of the permutation of the
    values of ``a`` that goes from the point of ``v`` with a value of ``a`` to its value of
    ``b``, and on to the point of ``w`` with that value of ``b`` (for a Latin square, the cycles
    of two rows), all counted. Given to nauty as the first colouring, it spares its search the
    splitting that the graph alone, regular in every colour, cannot start."""
    width = len(points[0])
    # index[j, v, a, x]: the point with value v of coordinate j and value x of coordinate a
    index: dict[tuple[int, int, int, int], int] = {}
    for p, point in enumerate(points):
        for j in range(width):
            for a in range(width):
                if a != j:
                    index[j, point[j], a, point[a]] = p
    out = []
    for j in range(width):
        others = [a for a in range(width) if a != j]
        for v in range(n):
            counts: dict[tuple[int, ...], int] = {}
            for w in range(n):
                if w == v:
                    continue
                for a in others:
                    for b in others:
                        if a == b:
                            continue
                        step = [
                            points[index[j, w, b, points[index[j, v, a, x]][b]]][a]
                            for x in range(n)
                        ]
                        key = tuple(sorted(len(cycle) for cycle in permutation_cycles(step)))
                        counts[key] = counts.get(key, 0) + 1
            out.append(tuple(x for key in sorted(counts) for x in (*key, 0, counts[key])))
    return out


def _graph(points: Sequence[Point], n: int) -> object:
    """The orthogonal array as nauty's coloured graph: its points, then a vertex for each value
    of each coordinate (``n * n + j * n + v``), then one for each coordinate. The values are
    coloured by :func:`_line_invariants` (in the order of the invariants, so that equivalent
    arrays have the same coloured graphs), the coordinates by the invariants of their values,
    where the invariants cost at most :data:`INVARIANT_WORK`."""
    nauty = _nauty()
    width = len(points[0])
    lines = len(points)
    heads = lines + width * n
    adjacency: dict[int, list[int]] = {
        p: [lines + j * n + v for j, v in enumerate(point)] for p, point in enumerate(points)
    }
    for j in range(width):
        for v in range(n):
            adjacency[lines + j * n + v] = [heads + j]
    work = width * n * (n - 1) * (width - 1) * (width - 2) * n
    if n > 2 and work <= INVARIANT_WORK:
        invariants = _line_invariants(points, n)
    else:  # a choice made by k and n alone, so the forms of one k and n stay comparable
        invariants = [()] * (width * n)
    values: dict[tuple[int, ...], set[int]] = {}
    for i, invariant in enumerate(invariants):
        values.setdefault(invariant, set()).add(lines + i)
    heads_by: dict[tuple[tuple[int, ...], ...], set[int]] = {}
    for j in range(width):
        key = tuple(sorted(invariants[j * n : (j + 1) * n]))
        heads_by.setdefault(key, set()).add(heads + j)
    colours = [
        set(range(lines)),
        *(values[key] for key in sorted(values)),
        *(heads_by[key] for key in sorted(heads_by)),
    ]
    return nauty.Graph(heads + width, adjacency_dict=adjacency, vertex_coloring=colours)


def _canonical(graph: object, points: Sequence[Point], n: int) -> tuple[LatinSquare, ...]:
    """The squares of the array relabelled by nauty's canonical labelling of its graph: the
    same for every equivalent array, so they tell the classes apart."""
    width = len(points[0])
    lines = len(points)
    heads = lines + width * n
    order = _nauty().canon_label(graph)  # order[i]: the vertex put at place i
    place = [0] * len(order)
    for i, vertex in enumerate(order):
        place[vertex] = i
    # the coordinates by their places, each coordinate's values by theirs
    columns = sorted(range(width), key=lambda j: place[heads + j])
    names = []
    for j in columns:
        name = [0] * n
        for new, v in enumerate(sorted(range(n), key=lambda v: place[lines + j * n + v])):
            name[v] = new
        names.append(name)
    grids = [[[0] * n for _ in range(n)] for _ in range(width - 2)]
    for point in points:
        r = names[0][point[columns[0]]]
        c = names[1][point[columns[1]]]
        for i in range(2, width):
            grids[i - 2][r][c] = names[i][point[columns[i]]]
    return _standard(grids)


def _standard(grids: list[list[list[int]]]) -> tuple[LatinSquare, ...]:
    """The set renamed in standard form: the first square reduced (first row and column
    ``0, 1, ..., n-1``), every other's first row ``0, 1, ..., n-1``. A function of the set alone,
    so a canonical set stays canonical."""
    first = grids[0]
    n = len(first)
    columns = [0] * n  # the column that comes to place first[0][c] is c
    for c in range(n):
        columns[first[0][c]] = c
    rows = [0] * n
    for r in range(n):
        rows[first[r][columns[0]]] = r
    out = []
    for grid in grids:
        name = [0] * n
        for c in range(n):
            name[grid[rows[0]][columns[c]]] = c
        out.append(tuple(tuple(name[grid[r][c]] for c in columns) for r in rows))
    return tuple(out)


def _group(graph: object, count: int, width: int) -> tuple[list[list[int]], int]:
    """Generators of the array's group as permutations of its ``count`` points, and its order
    (of ``width`` coordinates). nauty gives the order as a float times a power of ten, exact
    below 2**53: every array of order 2 .. 16 stays far below (the affine plane of order 16:
    62,668,800). At order 1, whose one point any number of coordinates may share, the group
    permutes the coordinates freely: ``width!``, counted exactly."""
    generators, size1, size2, _, _ = _nauty().autgrp(graph)
    order = math.factorial(width) if count == 1 else round(size1 * 10**size2)
    return [list(g[:count]) for g in generators], order


def _points(squares: Sequence[LatinSquare]) -> list[Point]:
    n = len(squares[0])
    return [(r, c, *(s[r][c] for s in squares)) for r in range(n) for c in range(n)]


def _common_mates(
    squares: Sequence[LatinSquare], deadline: float | None
) -> tuple[list[int], list[list[int]]]:
    """The common transversals of ``squares`` (as bitsets of cells ``n * row + column``) and
    every partition of the cells into them (each a list of the bitsets)."""
    from officers.latin.complete import common_transversals

    n = len(squares[0])
    options = list(common_transversals(squares, math.inf if deadline is None else deadline))
    return options, list(exact_covers(options, (1 << n * n) - 1, deadline=deadline))


def _mate(partition: Sequence[int], n: int) -> LatinSquare:
    grid = [[0] * n for _ in range(n)]
    for symbol, bits in enumerate(partition):
        for cell in range(n * n):
            if bits >> cell & 1:
                grid[cell // n][cell % n] = symbol
    return tuple(tuple(row) for row in grid)


def _check_species(table: MateTable, found: list[_Found]) -> None:
    """The species with mates, listed (``found``), against the mates and groups counted."""
    for s, f in zip([s for s in table.species if s.mates], found, strict=True):
        if len(f.partitions) != s.mates or f.automorphisms != s.symmetries:
            raise AssertionError(  # pragma: no cover - the two counts disagree
                f"species {excerpt(s.form)}: {len(f.partitions)} mates listed, "
                f"{s.mates} counted; group {f.automorphisms}, {s.symmetries} counted"
            )


def _check_source(source: object, up_to: object) -> int | Census:
    """``source`` (an order or a census) and ``up_to``, checked."""
    from officers.latin.listing import Census

    if up_to is not None and (
        isinstance(up_to, bool) or not isinstance(up_to, int) or not 1 <= up_to <= MAX_UP_TO
    ):
        raise InvalidArgumentError(
            f"up_to must be a whole number of squares, 1 to {MAX_UP_TO}, not {excerpt(up_to)}"
        )
    if isinstance(source, Census):
        return source
    if isinstance(source, bool) or not isinstance(source, int):
        raise InvalidArgumentError(f"the order must be an integer, not {excerpt(source)}")
    if not 1 <= source <= MAX_MOLS_CLASS_ORDER:
        raise UnsupportedError(
            f"sets of MOLS up to equivalence are classified for orders 1 to "
            f"{MAX_MOLS_CLASS_ORDER}, not {excerpt(source)}"
        )
    return source


def _orbits(
    options: Sequence[int], partitions: list[list[int]], generators: list[list[int]]
) -> list[list[int]]:
    """One partition of each orbit of the group (``generators``, permutations of the points)
    on ``partitions`` (lists of ``options``, bitsets of points): equivalent sets of MOLS need
    one canonical labelling, not one each."""
    index = {bits: i for i, bits in enumerate(options)}
    images = []
    for g in generators:
        image = []
        for option in options:
            out = 0
            bits = option
            while bits:
                low = bits & -bits
                out |= 1 << g[low.bit_length() - 1]
                bits ^= low
            image.append(index[out])
        images.append(image)
    keys = [tuple(sorted(index[b] for b in part)) for part in partitions]
    where = {key: i for i, key in enumerate(keys)}
    seen = [False] * len(keys)
    representatives = []
    for i, key in enumerate(keys):
        if seen[i]:
            continue
        seen[i] = True
        representatives.append(partitions[i])
        stack = [key]
        while stack:
            current = stack.pop()
            for image in images:
                j = where[tuple(sorted(image[t] for t in current))]
                if not seen[j]:
                    seen[j] = True
                    stack.append(keys[j])
    return representatives


@dataclass
class _Found:
    """A class of the level being built: its canonical squares, group and common mates."""

    squares: tuple[LatinSquare, ...]
    automorphisms: int
    generators: list[list[int]]
    options: list[int]
    partitions: list[list[int]]


def _found(squares: tuple[LatinSquare, ...], deadline: float | None) -> _Found:
    n = len(squares[0])
    generators, order = _group(_graph(_points(squares), n), n * n, len(squares) + 2)
    options, partitions = _common_mates(squares, deadline)
    return _Found(squares, order, generators, options, partitions)


def _founds(chunk: list[tuple[LatinSquare, ...]], deadline: float | None) -> list[_Found]:
    """Each set of ``chunk`` with its group and common mates (run in a worker)."""
    return [_found(squares, deadline) for squares in chunk]


def _children(chunk: list[_Found], deadline: float | None) -> list[tuple[LatinSquare, ...]]:
    """The canonical sets made by adding to each set of ``chunk`` one common mate of each orbit
    of its group (run in a worker)."""
    made = set()
    for parent in chunk:
        n = len(parent.squares[0])
        for partition in _orbits(parent.options, parent.partitions, parent.generators):
            if deadline is not None and time.monotonic() > deadline:
                raise SolverTimeoutError("classifying the sets of MOLS ran out of time")
            grown = (*parent.squares, _mate(partition, n))
            points = _points(grown)
            made.add(_canonical(_graph(points, n), points, n))
    return list(made)


def _mapped(
    pool: concurrent.futures.ProcessPoolExecutor | None,
    work: Callable[[list[_In], float | None], list[_Out]],
    items: Sequence[_In],
    deadline: float | None,
    left: Callable[[], object],
    desc: str | None,
) -> list[_Out]:
    """``work`` over ``items`` in chunks, on ``pool`` when there is one, the results in the
    order of the items; a progress bar named ``desc`` when it is given."""
    left()
    size = max(1, min(200, len(items) // 64 or 1))
    chunks = [list(items[i : i + size]) for i in range(0, len(items), size)]
    bar = None
    if desc is not None:
        from tqdm import tqdm

        bar = tqdm(total=len(items), desc=desc, unit=" sets", leave=False)
    out: list[list[_Out]] = [[] for _ in chunks]
    try:
        if pool is None:
            for i, chunk in enumerate(chunks):
                left()
                out[i] = work(chunk, deadline)
                if bar is not None:
                    bar.update(len(chunk))
        else:
            futures = {pool.submit(work, chunk, deadline): i for i, chunk in enumerate(chunks)}
            for future in concurrent.futures.as_completed(futures):
                i = futures[future]
                out[i] = future.result()
                if bar is not None:
                    bar.update(len(chunks[i]))
    finally:
        if bar is not None:
            bar.close()
    left()
    return [x for part in out for x in part]


def _level(k: int, found: list[_Found], below: MolsLevel) -> MolsLevel:
    """The level of ``k`` MOLS made of the classes ``found``, checked against the level
    ``below``: its sets times their common mates times ``n!`` must be the sets found."""
    n = len(found[0].squares[0])
    factorial = math.factorial(n)
    group = factorial ** (k + 2) * math.factorial(k + 2)
    classes = tuple(
        MolsClass(f.squares, f.automorphisms, group // f.automorphisms, len(f.partitions))
        for f in found
    )
    level = MolsLevel(
        k, classes, sum(c.size for c in classes), sum(1 for c in classes if not c.mates)
    )
    expected = sum(c.size * c.mates for c in below.classes) * factorial
    if level.sets != expected:  # pragma: no cover - a wrong labelling
        raise AssertionError(
            f"order {n}, {k} MOLS: the classes hold {level.sets} sets, "
            f"the level below makes {expected}"
        )
    return level


def mols_classes(
    source: int | Census,
    *,
    up_to: int | None = None,
    jobs: int = 1,
    time_limit: float | None = None,
    progress: bool = False,
    on_level: Callable[[MolsLevel], object] | None = None,
) -> MolsCensus:
    """Every set of ``k`` mutually orthogonal Latin squares of one order up to equivalence, for
    ``k = 1`` (the species) up to the largest ``k`` that exists (``n - 1`` at most; ``1`` at
    order 1, whose one square is its own mate), or ``up_to`` (see the module).

    ``source`` is the order (1 .. :data:`MAX_MOLS_CLASS_ORDER`; its species are listed first,
    order 8 in about 20 minutes) or the :class:`~officers.latin.listing.Census` of it; the
    listing, the species' mates and every level run on ``jobs`` processes (``progress``: a bar
    for each step on standard error). Past ``time_limit`` seconds it raises
    :class:`~officers.SolverTimeoutError`; without ``pynauty``
    :class:`~officers.UnsupportedError`. ``on_level`` is called with each level when it is done.

    >>> census = mols_classes(5)
    >>> [(level.k, len(level.classes), level.maximal) for level in census.levels]
    [(1, 2, 1), (2, 1, 0), (3, 1, 0), (4, 1, 1)]
    """
    from officers.latin.listing import enumerate_classes, species_mate_table

    checked = _check_source(source, up_to)
    seconds = check_time_limit(time_limit)
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    _nauty()

    def left() -> float | None:
        if deadline is None:
            return None
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise SolverTimeoutError(
                f"the sets of MOLS of order {census.order} were not classified within {seconds} s"
            )
        return remaining

    census = (
        enumerate_classes(checked, jobs=jobs, time_limit=seconds, progress=progress)
        if isinstance(checked, int)
        else checked
    )
    n = census.order
    # no more than n - 1 MOLS of order n >= 2 exist; the one cell of order 1 is its own mate
    last = up_to if up_to is not None else max(n - 1, 1)
    table = species_mate_table(census, jobs=jobs, time_limit=left(), progress=progress)
    # level 1, the species: every one with its mates counted, and listed where it has some
    level = MolsLevel(
        1,
        tuple(MolsClass((s.form,), s.symmetries, s.size, s.mates) for s in table.species),
        table.squares,
        sum(1 for s in table.species if not s.mates),
    )
    firsts: list[tuple[LatinSquare, ...]] = [(s.form,) for s in table.species if s.mates]
    pool = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        current = _mapped(
            pool,
            _founds,
            firsts,
            deadline,
            left,
            f"order {n}, 1 MOLS" if progress else None,
        )
        _check_species(table, current)
        levels = [level]
        if on_level is not None:
            on_level(level)
        k = 1
        while k < last and current:
            k += 1
            bar = f"order {n}, {k} MOLS" if progress else None
            made = sorted(set(_mapped(pool, _children, current, deadline, left, bar)))
            current = _mapped(pool, _founds, made, deadline, left, bar and bar + ", mates")
            level = _level(k, current, levels[-1])
            levels.append(level)
            if on_level is not None:
                on_level(level)
            current = [f for f in current if f.partitions]
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return MolsCensus(n, tuple(levels), time.monotonic() - started)


def _checked_set(squares: object) -> tuple[LatinSquare, ...]:
    from officers.latin.complete import checked_mols

    first = squares[0] if isinstance(squares, Sequence) and squares else None
    if isinstance(first, Sequence) and len(first) > MAX_MOLS_FORM_ORDER:  # before reading it all
        raise UnsupportedError(
            f"sets of MOLS are put in canonical form to order {MAX_MOLS_FORM_ORDER}, "
            f"not {len(first)}"
        )
    given = checked_mols(squares, "to classify")
    if len(given[0]) > MAX_MOLS_FORM_ORDER:
        raise UnsupportedError(
            f"sets of MOLS are put in canonical form to order {MAX_MOLS_FORM_ORDER}, "
            f"not {len(given[0])}"
        )
    return given


def classify_mols(
    squares: Sequence[Sequence[Sequence[int]]],
) -> tuple[tuple[LatinSquare, ...], int]:
    """:func:`mols_form` and :func:`mols_automorphisms` of a set at once (one graph, one
    labelling).

    >>> from officers.latin.mutually_orthogonal import mols
    >>> form, group = classify_mols(mols(2, 3))
    >>> form, group
    ((((0, 1, 2), (1, 2, 0), (2, 0, 1)), ((0, 1, 2), (2, 0, 1), (1, 2, 0))), 432)
    """
    given = _checked_set(squares)
    n = len(given[0])
    points = _points(given)
    graph = _graph(points, n)
    return _canonical(graph, points, n), _group(graph, n * n, len(given) + 2)[1]


def mols_form(squares: Sequence[Sequence[Sequence[int]]]) -> tuple[LatinSquare, ...]:
    """The canonical form of a set of mutually orthogonal Latin squares (order 1 ..
    :data:`MAX_MOLS_FORM_ORDER`): the same squares for every equivalent set, where the rows, the
    columns and the squares may trade places and each is renamed (see the module). Bad input
    raises the errors of :func:`officers.latin.complete.complete_mols`, quoting it.

    >>> from officers.latin.mutually_orthogonal import mols
    >>> mols_form(mols(2, 4)) == mols_form(mols(3, 4)[1:])
    True
    """
    given = _checked_set(squares)
    points = _points(given)
    return _canonical(_graph(points, len(given[0])), points, len(given[0]))


def mols_automorphisms(squares: Sequence[Sequence[Sequence[int]]]) -> int:
    """The order of the group of a set of mutually orthogonal Latin squares: the renamings of
    the rows, columns and each square's symbols, with the permutations of these ``k + 2`` roles,
    that keep the set. The complete set of a field of order ``q`` is the affine plane
    AG(2, q): ``q**2 * |GL(2, q)|`` times the field's automorphisms.

    >>> from officers.latin.mutually_orthogonal import mols
    >>> mols_automorphisms(mols(7, 8))
    677376
    """
    given = _checked_set(squares)
    return _group(_graph(_points(given), len(given[0])), len(given[0]) ** 2, len(given) + 2)[1]
