"""Latin squares up to relabelling: canonical forms, autotopisms, isotopy classes and species.

Glossary
--------
isotopy
    Permuting the rows, the columns and the symbols of a Latin square, each by its own
    permutation; an *autotopism* is an isotopy that maps the square to itself.
isomorphism
    An isotopy with the same permutation for all three (the square read as the table of a
    quasigroup, renamed); an *automorphism* maps the square to itself.
paratopy
    An isotopy followed by a *conjugate*: the square's triples ``(row, column, symbol)`` with
    their three places permuted (6 ways; the transpose is one). A class under paratopy is a
    *species* (or main class); an *autoparatopism* maps the square to itself.

A canonical form is one square of the class, the same for every square of the class: two
squares are isotopic exactly when their :func:`isotopy_form` is the same.

How the isotopy form is found: any two rows ``a`` and ``b`` make a permutation of the columns
(column ``c`` goes to the column where row ``a`` holds what row ``b`` holds in ``c``) whose
cycle lengths no isotopy changes. The pairs of rows whose cycles are the fewest ways to lay
out (then by the shortest lengths, then by the other pairs of the two rows) are tried, each
laid out in every way: the cycles one after the other, the shortest first, each from each of its
columns; the columns so numbered and row ``a`` read as ``0, 1, ..., n-1`` fix the symbols, and
the rows are put in the order of their first symbol. The least square so made is the form, and
how many layouts give it is the number of autotopisms (each layout is one isotopy, and two give
the same square exactly when they differ by an autotopism). The species form is the least of
the isotopy forms of the six conjugates. The isomorphism form labels the elements from the
shortest sequences that generate the square as a quasigroup (labelled first, then every
product in a fixed order), the least table over all of them.

>>> from officers.latin.squares import cyclic_square
>>> isotopy_form(cyclic_square(4))
((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))
>>> autotopisms(cyclic_square(4)), autoparatopisms(cyclic_square(4))
(32, 192)
>>> [count_isotopy_classes(n) for n in range(1, 7)], [count_species(n) for n in range(1, 7)]
([1, 1, 1, 2, 2, 22], [1, 1, 1, 2, 2, 12])

References: B. D. McKay, A. Meynert and W. Myrvold, "Small Latin squares, quasigroups and
loops", J. Combin. Des. 15 (2007) 98-119; OEIS A040082 (isotopy classes), A003090 (species),
A057991 (quasigroups up to isomorphism).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from officers.core.errors import UnsupportedError, excerpt
from officers.latin.squares import LatinSquare, latin_square

__all__ = [
    "ISOTOPY_CLASSES",
    "MAX_CLASSIFY_ORDER",
    "MAX_RELABELLINGS",
    "QUASIGROUPS",
    "SPECIES",
    "LatinClass",
    "Classification",
    "autoparatopisms",
    "automorphisms",
    "autotopisms",
    "classify",
    "column_layouts",
    "conjugate",
    "cycle_layouts",
    "count_isotopy_classes",
    "count_species",
    "isomorphism_form",
    "isotopy_classes",
    "isotopy_form",
    "least_form",
    "permutation_cycles",
    "species",
    "species_form",
]

ISOTOPY_CLASSES: Final = (1, 1, 1, 2, 2, 22, 564, 1676267, 115618721533)
"""The published numbers of isotopy classes of Latin squares of orders 1 .. 9 (OEIS A040082;
McKay, Meynert and Myrvold 2007 to order 10)."""

SPECIES: Final = (1, 1, 1, 2, 2, 12, 147, 283657, 19270853541)
"""The published numbers of species (main classes) of Latin squares of orders 1 .. 9 (OEIS
A003090)."""

QUASIGROUPS: Final = (1, 1, 5, 35, 1411, 1130531, 12198455835, 2697818331680661)
"""The published numbers of quasigroups up to isomorphism (Latin squares up to isomorphism) of
orders 1 .. 8 (OEIS A057991; McKay, Meynert and Myrvold 2007)."""

MAX_CLASSIFY_ORDER: Final = 7
"""The largest order whose classes :func:`isotopy_classes` and :func:`species` list (order 7:
564 isotopy classes in about a minute; order 8's 1,676,267 are out of reach here, and
:func:`count_isotopy_classes` and :func:`count_species` count them by Burnside's lemma)."""

MAX_RELABELLINGS: Final = 30_000_000
"""The most work a canonical form may take, counted as the cells of the relabellings it tries
(about 3 s here): a square whose group is larger (the elementary abelian group of order 16
would take some 600,000,000,000) is refused with :class:`~officers.UnsupportedError` rather
than searched for hours. Every square of order 15 or less stays well within it (the group of
order 8, 2 ** 3, the largest there: 1,400,000)."""


def _within(work: int, square: LatinSquare) -> None:
    """Raise :class:`~officers.UnsupportedError` when ``work`` passes
    :data:`MAX_RELABELLINGS`."""
    if work > MAX_RELABELLINGS:
        raise UnsupportedError(
            f"the canonical form of {excerpt(square)} would try {work:,} cells of relabellings "
            f"(its group is large): more than the {MAX_RELABELLINGS:,} searched here"
        )


CONJUGATES: Final = ((0, 1, 2), (1, 0, 2), (0, 2, 1), (2, 1, 0), (1, 2, 0), (2, 0, 1))
"""The six orders of the places of a square's triples (row, column, symbol): the identity,
the transpose, and the other four conjugates (parastrophes)."""


def conjugate(square: LatinSquare, places: Sequence[int]) -> LatinSquare:
    """The conjugate of ``square`` whose triple ``(x0, x1, x2)`` is the square's triple
    ``(row, column, symbol)`` with ``x_i`` its place ``places[i]``: ``(1, 0, 2)`` is the
    transpose, ``(0, 2, 1)`` swaps columns and symbols.

    >>> conjugate(((0, 1, 2), (2, 0, 1), (1, 2, 0)), (0, 2, 1))
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    n = len(square)
    rows = [[0] * n for _ in range(n)]
    for r, row in enumerate(square):
        for c, s in enumerate(row):
            triple = (r, c, s)
            rows[triple[places[0]]][triple[places[1]]] = triple[places[2]]
    return tuple(tuple(row) for row in rows)


def permutation_cycles(permutation: Sequence[int]) -> list[list[int]]:
    """The cycles of a permutation, each from its least point, shortest first."""
    seen = [False] * len(permutation)
    cycles = []
    for start in range(len(permutation)):
        if seen[start]:
            continue
        cycle = []
        point = start
        while not seen[point]:
            seen[point] = True
            cycle.append(point)
            point = permutation[point]
        cycles.append(cycle)
    cycles.sort(key=len)
    return cycles


def cycle_layouts(lengths: Sequence[int]) -> int:
    """In how many ways cycles of these lengths can be laid out one after the other, the
    shortest first: each group of equal lengths in any order, each cycle from any point."""
    ways = 1
    for length, group in itertools.groupby(lengths):
        m = len(list(group))
        ways *= math.factorial(m) * length**m
    return ways


def column_layouts(cycles: Sequence[Sequence[int]]) -> Iterator[list[int]]:
    """Every way to lay out ``cycles`` (as :func:`permutation_cycles` gives them, shortest
    first) one after the other: the cycles of each length in every order, each from each of its
    places; :func:`cycle_layouts` of their lengths in all.

    >>> list(column_layouts([[0], [1, 2]]))
    [[0, 1, 2], [0, 2, 1]]
    """
    options = []
    for _, grouped in itertools.groupby(cycles, key=len):
        group = list(grouped)
        length = len(group[0])
        options.append(
            [
                [
                    cycle[(k + shift) % length]
                    for cycle, shift in zip(order, shifts, strict=True)
                    for k in range(length)
                ]
                for order in itertools.permutations(group)
                for shifts in itertools.product(range(length), repeat=len(group))
            ]
        )
    for parts in itertools.product(*options):
        yield [c for part in parts for c in part]


def _pair_key(square: LatinSquare, where: list[list[int]], a: int, b: int) -> tuple[int, ...]:
    """What no isotopy changes about rows ``a`` and ``b``: the number of layouts of their
    permutation's cycles, then the cycle lengths."""
    row_b = square[b]
    where_a = where[a]
    permutation = [where_a[s] for s in row_b]
    lengths = [len(cycle) for cycle in permutation_cycles(permutation)]
    return (cycle_layouts(lengths), *lengths)


def _best_pairs(square: LatinSquare) -> list[tuple[int, int]]:
    """The ordered pairs of distinct rows that every isotopy form starts from: the least by
    their key, then the keys of all pairs of each of the two rows."""
    n = len(square)
    where = [[0] * n for _ in range(n)]
    for r, row in enumerate(square):
        for c, s in enumerate(row):
            where[r][s] = c
    keys = {(a, b): _pair_key(square, where, a, b) for a in range(n) for b in range(n) if a != b}
    least = min(keys.values())
    pairs = [pair for pair, key in keys.items() if key == least]
    if len(pairs) == 1:
        return pairs
    profile = {
        r: tuple(sorted(keys[r, x] for x in range(n) if x != r))
        for r in {p for q in pairs for p in q}
    }
    ranked = {(a, b): (profile[a], profile[b]) for a, b in pairs}
    best = min(ranked.values())
    return [pair for pair, rank in ranked.items() if rank == best]


def _cycle_groups(
    where: list[list[int]], square: LatinSquare, a: int, b: int
) -> list[list[list[int]]]:
    """The cycles of the permutation that takes row ``a`` to row ``b`` (``where[r][s]``: the
    column of symbol ``s`` in row ``r``), grouped by length."""
    cycles = permutation_cycles([where[a][s] for s in square[b]])
    return [list(group) for _, group in itertools.groupby(cycles, key=len)]


def _isotopy(square: LatinSquare) -> tuple[LatinSquare, int]:
    """The isotopy form and the number of autotopisms of a checked square."""
    n = len(square)
    if n == 1:
        return square, 1
    where = [[0] * n for _ in range(n)]
    for r, row in enumerate(square):
        for c, s in enumerate(row):
            where[r][s] = c
    pairs = _best_pairs(square)
    work = 0
    for a, b in pairs:
        groups = _cycle_groups(where, square, a, b)
        work += n * n * math.prod(math.factorial(len(g)) * len(g[0]) ** len(g) for g in groups)
    _within(work, square)
    return least_form(_isotopes(square, where, pairs))


def _isotopes(
    square: LatinSquare, where: list[list[int]], pairs: list[tuple[int, int]]
) -> Iterator[LatinSquare]:
    """The reduced squares isotopic to ``square`` that :func:`_isotopy` compares: for each pair
    of rows of ``pairs`` (the first made row 0, the other row 1), each relabelling that keeps
    the second's cycles in order."""
    n = len(square)
    for a, b in pairs:
        row_a = square[a]
        for columns in column_layouts(permutation_cycles([where[a][s] for s in square[b]])):
            label = [0] * n  # new symbol of each old symbol
            for j, c in enumerate(columns):
                label[row_a[c]] = j
            rows: list[tuple[int, ...]] = [()] * n
            for old in square:
                rows[label[old[columns[0]]]] = tuple(label[old[c]] for c in columns)
            yield tuple(rows)


def least_form(forms: Iterable[LatinSquare]) -> tuple[LatinSquare, int]:
    """The least of ``forms`` and how many times it comes (the order of the group that fixes
    it, when the forms are its images one for each relabelling considered)."""
    best: LatinSquare | None = None
    hits = 0
    for form in forms:
        if best is None or form < best:
            best, hits = form, 1
        elif form == best:
            hits += 1
    assert best is not None
    return best, hits


def isotopy_form(square: Sequence[Sequence[int]]) -> LatinSquare:
    """The canonical form of ``square`` under isotopy: a reduced square, the same for every
    square isotopic to it (see the module). Raises :class:`~officers.NotLatinSquareError`
    when it is not a Latin square.

    >>> isotopy_form([[1, 0, 2], [0, 2, 1], [2, 1, 0]])
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    >>> isotopy_form([[0, 1], [0, 1]])
    Traceback (most recent call last):
    ...
    officers.NotLatinSquareError: not a Latin square [[0, 1], [0, 1]]: column 1 holds 0 twice
    """
    return _isotopy(latin_square(square))[0]


def autotopisms(square: Sequence[Sequence[int]]) -> int:
    """The order of the autotopism group of ``square``: the isotopies that map it to itself.

    The cyclic group of order ``n`` has ``n * n * phi(n)`` (its autotopisms are ``n**2`` times
    its automorphisms).

    >>> from officers.latin.squares import cyclic_square
    >>> autotopisms(cyclic_square(5)), autotopisms(cyclic_square(7))
    (100, 294)
    """
    return _isotopy(latin_square(square))[1]


def _species(square: LatinSquare) -> tuple[LatinSquare, int, int]:
    """The species form, the autoparatopisms and the autotopisms of a checked square."""
    forms = [_isotopy(conjugate(square, places)) for places in CONJUGATES]
    least = min(form for form, _ in forms)
    same = sum(1 for form, _ in forms if form == forms[0][0])
    return least, forms[0][1] * same, forms[0][1]


def species_form(square: Sequence[Sequence[int]]) -> LatinSquare:
    """The canonical form of ``square`` under paratopy (its species, or main class): the
    least isotopy form of its six conjugates.

    >>> species_form([[0, 1, 2], [2, 0, 1], [1, 2, 0]])
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    return _species(latin_square(square))[0]


def autoparatopisms(square: Sequence[Sequence[int]]) -> int:
    """The order of the autoparatopism group of ``square``: the autotopisms times the number of
    conjugates isotopic to it.

    >>> from officers.latin.squares import cyclic_square
    >>> autoparatopisms(cyclic_square(3)), autoparatopisms(cyclic_square(5))
    (108, 600)
    """
    return _species(latin_square(square))[1]


def _generated(square: LatinSquare, seeds: Sequence[int]) -> list[int]:
    """The elements of the quasigroup generated by ``seeds``, in the order they are labelled:
    the seeds, then each new product of two labelled elements, the pairs in a fixed order."""
    order = list(seeds)
    labelled = set(order)
    k = 0
    while k < len(order):
        x = order[k]
        for i in range(k + 1):
            y = order[i]
            for p in (square[y][x], square[x][y]) if i < k else (square[x][x],):
                if p not in labelled:
                    labelled.add(p)
                    order.append(p)
        k += 1
    return order


def _isomorphism(square: LatinSquare) -> tuple[LatinSquare, int]:
    """The isomorphism form and the number of automorphisms of a checked square."""
    n = len(square)
    elements = range(n)
    for size in range(1, n + 1):
        _within(math.perm(n, size) * n * n, square)
        seeds = [
            s for s in itertools.permutations(elements, size) if len(_generated(square, s)) == n
        ]
        if seeds:
            break

    def relabelled(seed: tuple[int, ...]) -> LatinSquare:
        order = _generated(square, seed)
        label = [0] * n
        for j, x in enumerate(order):
            label[x] = j
        return tuple(tuple(label[square[x][y]] for y in order) for x in order)

    return least_form(relabelled(seed) for seed in seeds)


def isomorphism_form(square: Sequence[Sequence[int]]) -> LatinSquare:
    """The canonical form of ``square`` under isomorphism (one permutation of the rows, the
    columns and the symbols alike: the square as the table of a quasigroup, renamed).

    >>> from officers.latin.squares import cyclic_square
    >>> isomorphism_form([[1, 0], [0, 1]]) == isomorphism_form([[0, 1], [1, 0]])
    True
    >>> steiner = [[(-x - y) % 3 for y in range(3)] for x in range(3)]  # x * x = x
    >>> isomorphism_form(steiner) == isomorphism_form(cyclic_square(3))
    False
    """
    return _isomorphism(latin_square(square))[0]


def automorphisms(square: Sequence[Sequence[int]]) -> int:
    """The order of the automorphism group of ``square`` as a quasigroup.

    >>> from officers.latin.squares import cyclic_square
    >>> automorphisms(cyclic_square(8)), automorphisms(cyclic_square(7))
    (4, 6)
    """
    return _isomorphism(latin_square(square))[1]


@dataclass(frozen=True)
class Classification:
    """What :func:`classify` finds of one Latin square: its canonical forms under isotopy,
    paratopy (species) and isomorphism, and the orders of its autotopism, autoparatopism and
    automorphism groups."""

    order: int
    isotopy_form: LatinSquare
    species_form: LatinSquare
    isomorphism_form: LatinSquare
    autotopisms: int
    autoparatopisms: int
    automorphisms: int

    @property
    def isotopy_class_size(self) -> int:
        """The number of Latin squares isotopic to it: ``n!**3 / autotopisms``."""
        return math.factorial(self.order) ** 3 // self.autotopisms

    @property
    def species_size(self) -> int:
        """The number of Latin squares of its species: ``6 n!**3 / autoparatopisms``."""
        return 6 * math.factorial(self.order) ** 3 // self.autoparatopisms


def classify(square: Sequence[Sequence[int]]) -> Classification:
    """Every canonical form and group order of ``square`` at once.

    >>> from officers.latin.squares import cyclic_square
    >>> c = classify(cyclic_square(4))
    >>> c.autotopisms, c.autoparatopisms, c.automorphisms, c.isotopy_class_size
    (32, 192, 2, 432)
    """
    checked = latin_square(square)
    species_form_, autoparatopisms_, autotopisms_ = _species(checked)
    isotopy_form_ = _isotopy(checked)[0]
    isomorphism_form_, automorphisms_ = _isomorphism(checked)
    return Classification(
        len(checked),
        isotopy_form_,
        species_form_,
        isomorphism_form_,
        autotopisms_,
        autoparatopisms_,
        automorphisms_,
    )


@dataclass(frozen=True, order=True)
class LatinClass:
    """One class of Latin squares (an isotopy class or a species): its canonical ``form`` and
    the order of the group that maps the form to itself (``symmetries``: its autotopisms, or
    autoparatopisms for a species); ``size`` is the number of Latin squares in the class,
    ``n!**3`` (``6 n!**3`` for a species) divided by ``symmetries``."""

    form: LatinSquare
    symmetries: int
    size: int


def _check_order(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_CLASSIFY_ORDER:
        raise UnsupportedError(
            f"the classes of Latin squares are listed for orders 1-{MAX_CLASSIFY_ORDER}, "
            f"got {excerpt(n)}"
        )
    return n


def _cycle_types(n: int) -> list[tuple[int, ...]]:
    """The cycle lengths of the permutations without a fixed point of ``n`` points, in the
    order of :func:`_pair_key`."""

    def parts(left: int, least: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
        for part in range(least, left + 1):
            for rest in parts(left - part, part):
                yield (part, *rest)

    return sorted(parts(n, 2), key=lambda lengths: (cycle_layouts(lengths), *lengths))


def _second_row(lengths: Sequence[int]) -> tuple[int, ...]:
    """Row 1 of every isotopy form whose first pair of rows has these cycle lengths."""
    row: list[int] = []
    for length in lengths:
        start = len(row)
        row.extend(start + (k + 1) % length for k in range(length))
    return tuple(row)


def _starts(n: int, lengths: tuple[int, ...]) -> Iterator[LatinSquare]:
    """The reduced squares whose rows 0 and 1 are those of an isotopy form with these first
    cycle lengths, and whose pairs of rows have no key less than theirs (the others are not
    isotopy forms of that kind): a superset of those forms."""
    bound = (cycle_layouts(lengths), *lengths)
    full = (1 << n) - 1
    grid = [list(range(n)), list(_second_row(lengths))] + [[r] + [0] * (n - 1) for r in range(2, n)]
    where = [[0] * n for _ in range(n)]
    for r in range(2):
        for c, s in enumerate(grid[r]):
            where[r][s] = c
    column_free = [full] * n
    for c in range(n):
        for r in range(n if c == 0 else 2):
            column_free[c] &= ~(1 << grid[r][c])
    row_free = [full & ~(1 << r) for r in range(n)]

    def fill(r: int, c: int) -> Iterator[LatinSquare]:
        if c == n:
            row = grid[r]
            for s_, c_ in ((s, k) for k, s in enumerate(row)):
                where[r][s_] = c_
            square = tuple(tuple(g) for g in grid[: r + 1])
            if any(_pair_key(square, where, x, r) < bound for x in range(r)):
                return
            if r == n - 1:
                yield tuple(tuple(g) for g in grid)
                return
            yield from fill(r + 1, 1)
            return
        free = row_free[r] & column_free[c]
        while free:
            bit = free & -free
            free ^= bit
            grid[r][c] = bit.bit_length() - 1
            row_free[r] ^= bit
            column_free[c] ^= bit
            yield from fill(r, c + 1)
            row_free[r] ^= bit
            column_free[c] ^= bit

    if n <= 2:
        yield tuple(tuple(g) for g in grid[:n])
        return
    yield from fill(2, 1)


def isotopy_classes(
    n: int, *, progress: Callable[[int, int], object] | None = None
) -> list[LatinClass]:
    """Every isotopy class of Latin squares of order ``n`` (1 .. :data:`MAX_CLASSIFY_ORDER`),
    by its isotopy form, in the order of the forms.

    Lists, for each kind of first pair of rows, the reduced squares that start like an isotopy
    form of that kind, and keeps their forms; ``progress(done, kinds)`` after each kind.

    >>> [c.symmetries for c in isotopy_classes(4)]
    [96, 32]
    >>> sum(c.size for c in isotopy_classes(5))  # every Latin square of order 5
    161280
    """
    n = _check_order(n)
    if n == 1:
        return [LatinClass(((0,),), 1, 1)]
    found: dict[LatinSquare, int] = {}
    kinds = _cycle_types(n)
    for done, lengths in enumerate(kinds, 1):
        for square in _starts(n, lengths):
            form, symmetries = _isotopy(square)
            found[form] = symmetries
        if progress is not None:
            progress(done, len(kinds))
    cube = math.factorial(n) ** 3
    return [LatinClass(form, found[form], cube // found[form]) for form in sorted(found)]


def species(n: int) -> list[LatinClass]:
    """Every species (main class) of Latin squares of order ``n`` (1 ..
    :data:`MAX_CLASSIFY_ORDER`), by its species form: the isotopy classes merged by conjugacy.

    >>> [(c.symmetries, c.size) for c in species(4)]
    [(576, 144), (192, 432)]
    """
    found: dict[LatinSquare, int] = {}
    for item in isotopy_classes(n):
        form, symmetries, _ = _species(item.form)
        found[form] = symmetries
    sextuple = 6 * math.factorial(n) ** 3
    return [LatinClass(form, found[form], sextuple // found[form]) for form in sorted(found)]


def count_isotopy_classes(n: int, *, time_limit: float | None = None) -> int:
    """The number of isotopy classes of order ``n``: to :data:`MAX_CLASSIFY_ORDER` by listing
    them (:func:`isotopy_classes`), order 8 by Burnside's lemma
    (:func:`officers.latin.burnside.count_classes`, minutes; ``time_limit`` in seconds, then
    :class:`~officers.SolverTimeoutError`).

    >>> count_isotopy_classes(6)
    22
    """
    if _counted(n):
        from officers.latin.burnside import count_classes

        return count_classes(n, "isotopy", time_limit=time_limit, jobs=2)
    return len(isotopy_classes(n))


def _counted(n: object) -> bool:
    """Whether the classes of order ``n`` are counted by Burnside's lemma, not listed."""
    from officers.latin.burnside import MAX_BURNSIDE_ORDER

    return (
        isinstance(n, int)
        and not isinstance(n, bool)
        and MAX_CLASSIFY_ORDER < n <= MAX_BURNSIDE_ORDER
    )


def count_species(n: int, *, time_limit: float | None = None) -> int:
    """The number of species of order ``n``: to :data:`MAX_CLASSIFY_ORDER` by listing them
    (:func:`species`), order 8 by Burnside's lemma (as :func:`count_isotopy_classes`).

    >>> count_species(6)
    12
    """
    if _counted(n):
        from officers.latin.burnside import count_classes

        return count_classes(n, "species", time_limit=time_limit, jobs=2)
    return len(species(n))
