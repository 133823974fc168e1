"""The unique starts in classes under the symmetries of the square, two ways: the orbits, and
Burnside's lemma.

>>> from officers import Rules
>>> len(start_classes(Rules(diagonals=True)))
42
"""

from __future__ import annotations

import bisect
import functools
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from officers.core.errors import UnsupportedError
from officers.euler.puzzles.base import CELLS, RELABELLINGS, N, check_k, order4_diagonals
from officers.euler.puzzles.counting import census, census_data, subset_masks
from officers.euler.rules import DIAGONAL_RULES, STANDARD_RULES, Rules
from officers.euler.solve.index import CompletionIndex
from officers.euler.square import EMPTY, Square

if TYPE_CHECKING:
    from officers.euler.symmetry import Kind

__all__ = [
    "RiddleClasses",
    "StartClass",
    "count_classes_burnside",
    "riddle_classes",
    "start_classes",
]


@dataclass(frozen=True)
class StartClass:
    """A class of unique starts that are images of each other under the symmetries.

    ``representative`` is the canonical form (the smallest image) of every start in the class;
    ``size`` the number of starts in the class; ``stabilizer`` the number of symmetries that map
    each of them onto itself (``size * stabilizer`` is the order of the group).
    """

    representative: Square
    size: int
    stabilizer: int

    def __str__(self) -> str:
        return (
            f"{self.representative.notation()}: {self.size} starts, "
            f"each kept by {self.stabilizer} symmetr{'y' if self.stabilizer == 1 else 'ies'}"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "representative": self.representative.notation(),
            "size": self.size,
            "stabilizer": self.stabilizer,
        }


def start_classes(
    rules: Rules | None = None, k: int | None = None, kind: Kind = "lines"
) -> tuple[StartClass, ...]:
    """The unique ``k``-card starts (default: the smallest) grouped into symmetry classes,
    largest class first; ``kind`` chooses the symmetries (:data:`officers.euler.symmetry.KINDS`):
    ``"lines"``, the same picture up to the square's moves, or ``"puzzle"``, the same puzzle.

    The renamings of ranks and suits move every unique start (a renaming that kept it would
    keep its only completion, and none keeps a finished square), so a start is known by a
    representative finished square and a set of cells; the other symmetries (cell parts and the
    rank-suit exchange) act on these pairs, and their orbits are the classes.

    >>> classes = start_classes(Rules(diagonals=True))
    >>> len(classes), sum(c.size for c in classes) == census(Rules(diagonals=True)).row(4).unique
    (42, True)
    >>> print(start_classes(Rules())[0])
    ASKH2/QD3/2AC1/4: 663552 starts, each kept by 2 symmetries
    >>> len(start_classes(Rules(diagonals=True), kind="puzzle"))
    3
    """
    from officers.euler.symmetry import symmetry_group

    rules = STANDARD_RULES if rules is None else rules
    data = census_data(order4_diagonals(rules))
    k = census(rules).smallest if k is None else check_k(k)
    group = symmetry_group(rules, kind)
    index = CompletionIndex.get(rules)
    level, _ = subset_masks()
    where = {number: i for i, number in enumerate(data.representatives)}
    moves = []  # per generator: (representative -> representative, byte tables for the cells)
    exchange = tuple(4 * (v & 3) + (v >> 2) for v in range(CELLS))
    identity = tuple(range(CELLS))
    generators = [(g.cells, identity) for g in group.generators if g.cards == identity]
    generators.append((identity, exchange))
    for cells, cards in generators:
        images = []
        for number in data.representatives:
            image = [EMPTY] * CELLS
            for cell, value in enumerate(index.values[number]):
                image[cells[cell]] = cards[value]
            images.append(where[_representative_number(index, image)])
        low = [_map_cells(cells, subset) for subset in range(256)]
        high = [_map_cells(cells, subset << 8) for subset in range(256)]
        moves.append((images, low, high))
    seen: set[tuple[int, int]] = set()
    classes: list[StartClass] = []
    for i, sets in enumerate(data.unique_sets):
        for subset in _members(sets & level[k]):
            if (i, subset) in seen:
                continue
            orbit = [(i, subset)]
            seen.add((i, subset))
            for j, t in orbit:  # grows while it is read
                for images, low, high in moves:
                    moved = (images[j], low[t & 255] | high[t >> 8])
                    if moved not in seen:
                        seen.add(moved)
                        orbit.append(moved)
            values = index.values[data.representatives[i]]
            start = Square._make(
                N, tuple(v if subset >> c & 1 else EMPTY for c, v in enumerate(values))
            )
            size = len(orbit) * RELABELLINGS
            classes.append(StartClass(group.canonical(start), size, group.order // size))
    classes.sort(key=lambda c: (-c.size, _key(c.representative)))
    return tuple(classes)


def count_classes_burnside(
    rules: Rules | None = None, k: int | None = None, kind: Kind = "lines"
) -> int:
    """The number of classes of unique ``k``-card starts by Burnside's lemma: the average, over
    all symmetries ``g``, of the number of unique starts that ``g`` maps onto themselves.

    A symmetry that keeps a unique start keeps its only completion, so the sum runs over the
    finished squares ``S`` and the symmetries ``g`` keeping ``S``, counting the unique sets of
    cells of ``S`` that ``g``'s cell part maps onto themselves; the renamings (which keep every
    cell) make the sum 576 times that over the representatives.

    >>> count_classes_burnside(Rules(diagonals=True)) == len(start_classes(Rules(diagonals=True)))
    True
    >>> count_classes_burnside(Rules(diagonals=True), kind="puzzle")
    3
    """
    from fractions import Fraction

    from officers.euler.symmetry import symmetry_group

    rules = STANDARD_RULES if rules is None else rules
    data = census_data(order4_diagonals(rules))
    k = census(rules).smallest if k is None else check_k(k)
    group = symmetry_group(rules, kind)
    index = CompletionIndex.get(rules)
    fixed = 0
    for number, sets in zip(data.representatives, data.unique_sets, strict=True):
        values = index.values[number]
        for cells in group.cell_permutations:
            cycles = _cycles(cells)
            for swap in (False, True):
                if _card_part_exists(values, cells, swap):
                    fixed += sum(sets >> subset & 1 for subset in _unions_of_cycles(cycles, k))
    total = Fraction(RELABELLINGS * fixed, group.order)
    if total.denominator != 1:  # pragma: no cover - a failed self-check
        raise AssertionError(f"Burnside's count is not whole: {total}")
    return int(total)


class RiddleClasses:
    """The class of a riddle in microseconds: for many riddles at once (use
    :func:`riddle_classes`).

    A riddle is its only completion ``S`` and its set of cells ``T``. The group moves the
    finished squares in orbits; each orbit has a *root* (its first square in index order), and
    for each finished square one symmetry is kept that takes it to its root. The riddle's
    *class key* is the root of ``S`` with the smallest image of ``T`` (as a 16-bit set) under
    that symmetry followed by each symmetry that keeps the root. Two riddles are equivalent
    exactly when their keys are equal, and the *representative* (the root's cards on the key's
    cells) is a riddle of the class, the same for every riddle in it.

    >>> from officers import Rules, Square, symmetry_group
    >>> classes = riddle_classes(Rules(), "lines")
    >>> first = Square("AC3/1JS2/1AH1QD/4")
    >>> second = symmetry_group(Rules()).generators[1].apply(first)
    >>> classes.key(first) == classes.key(second), classes.representative(first)
    (True, Square('ASKH2/2JS1/QC3/4'))
    """

    def __init__(self, rules: Rules, kind: Kind = "puzzle") -> None:
        from officers.euler.symmetry import symmetry_group

        self.rules = rules
        self.kind: Kind = kind
        self.index = index = CompletionIndex.get(rules)
        group = symmetry_group(rules, kind)
        number = {values: i for i, values in enumerate(index.values)}
        roots = [-1] * len(index)
        to_root: list[tuple[int, ...]] = [()] * len(index)
        identity = tuple(range(CELLS))
        # the image of a square under g has on cell g.cells[c] the card g.cards[values[c]]
        moves = [(g, itemgetter(*map(g.cells.index, identity))) for g in group.generators]
        for first in range(len(index)):
            if roots[first] != -1:
                continue
            roots[first] = first
            from_root = {first: identity}  # cells of the root -> cells of the square
            queue = [first]
            for x in queue:  # grows while it is read
                values = index.values[x]
                for g, gather in moves:
                    y = number[itemgetter(*gather(values))(g.cards)]  # g's image of square x
                    if roots[y] == -1:
                        roots[y] = first
                        from_root[y] = itemgetter(*from_root[x])(g.cells)
                        queue.append(y)
            for y, cells in from_root.items():
                inverse = [0] * CELLS
                for cell, moved in enumerate(cells):
                    inverse[moved] = cell
                to_root[y] = tuple(inverse)
        self.roots = tuple(roots)
        self._to_root = tuple(to_root)
        self._cards = frozenset(group.card_permutations)
        self._cell_parts = group.cell_permutations
        self._smallest: dict[int, array[int]] = {}

    def _smallest_images(self, root: int) -> array[int]:
        """For every set of cells, its smallest image under the symmetries that keep the root
        (built on first use: the orbits of the 65536 sets under a few generators)."""
        table = self._smallest.get(root)
        if table is not None:
            return table
        values = self.index.values[root]
        keeping = []
        for cells in self._cell_parts:
            card_part = [0] * CELLS
            for cell, value in enumerate(values):
                card_part[value] = values[cells[cell]]
            if tuple(card_part) in self._cards:
                keeping.append(cells)
        generators: list[tuple[int, ...]] = []
        reached = {tuple(range(CELLS))}
        for cells in keeping:
            if cells not in reached:
                generators.append(cells)
                reached = set(_closure(generators))
        maps = [
            ([_map_cells(g, subset) for subset in range(256)],
             [_map_cells(g, subset << 8) for subset in range(256)])
            for g in generators
        ]  # fmt: skip
        table = array("H", bytes(2 * (1 << CELLS)))
        done = bytearray(1 << CELLS)
        for first in range(1 << CELLS):
            if done[first]:
                continue
            done[first] = 1
            orbit = [first]
            for subset in orbit:  # grows while it is read; the first is the smallest
                a, b = subset & 255, subset >> 8
                for low, high in maps:
                    image = low[a] | high[b]
                    if not done[image]:
                        done[image] = 1
                        orbit.append(image)
            for subset in orbit:
                table[subset] = first
        self._smallest[root] = table
        return table

    def key_of(self, number: int, cells: int) -> tuple[int, int]:
        """The class key of the riddle made of finished square ``number`` (in the index) on the
        set of cells ``cells`` (bit ``c`` for cell ``c``)."""
        root = self.roots[number]
        moved = 0
        to_root = self._to_root[number]
        while cells:
            low = cells & -cells
            moved |= 1 << to_root[low.bit_length() - 1]
            cells ^= low
        return root, self._smallest_images(root)[moved]

    def key(self, start: Square) -> tuple[int, int]:
        """The class key of a riddle; raises :class:`~officers.UnsupportedError` unless the
        start has exactly one completion."""
        mask = self.index.mask(start)
        if mask.bit_count() != 1:
            raise UnsupportedError(
                f"only a riddle has a class here: {start.notation()!r} has "
                f"{mask.bit_count()} completions ({self.rules.describe()})"
            )
        cells = sum(1 << c for c, v in enumerate(start.values) if v != EMPTY)
        return self.key_of(mask.bit_length() - 1, cells)

    def square(self, key: tuple[int, int]) -> Square:
        """The representative of the class with this key."""
        root, cells = key
        values = self.index.values[root]
        return Square._make(N, tuple(v if cells >> c & 1 else EMPTY for c, v in enumerate(values)))

    def representative(self, start: Square) -> Square:
        """The representative of a riddle's class (see the class doc)."""
        return self.square(self.key(start))


@functools.cache
def _riddle_classes(diagonals: bool, kind: Kind) -> RiddleClasses:
    from officers.euler.symmetry import symmetry_group

    rules = DIAGONAL_RULES if diagonals else STANDARD_RULES
    lines = symmetry_group(rules)
    if kind == "puzzle" and symmetry_group(rules, kind).generators == lines.generators:
        shared = object.__new__(RiddleClasses)  # the same group: the same orbits and keys
        shared.__dict__.update(vars(_riddle_classes(diagonals, "lines")), kind=kind)
        return shared
    return RiddleClasses(rules, kind)


def riddle_classes(rules: Rules | None = None, kind: Kind = "puzzle") -> RiddleClasses:
    """The (shared, built once) :class:`RiddleClasses` of a rule set and a kind of symmetry."""
    rules = STANDARD_RULES if rules is None else rules
    return _riddle_classes(order4_diagonals(rules), kind)


def _representative_number(index: CompletionIndex, values: list[int]) -> int:
    """The index number of the representative of a finished square (given by its values)."""
    ranks = [0] * N
    suits = [0] * N
    for i in range(N):
        ranks[values[i] >> 2] = i
        suits[values[i] & 3] = i
    renamed = tuple(N * ranks[v >> 2] + suits[v & 3] for v in values)
    return _number_of(index, renamed)


def _number_of(index: CompletionIndex, values: tuple[int, ...]) -> int:
    """The index number of a finished square (bisection: the index is sorted)."""
    number = bisect.bisect_left(index.values, values)
    if number == len(index.values) or index.values[number] != values:  # pragma: no cover
        raise AssertionError(f"not a finished square: {values}")
    return number


def _closure(generators: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Every product of permutations of the cells (breadth first from the identity)."""
    identity = tuple(range(CELLS))
    seen = {identity}
    frontier = [identity]
    while frontier:
        new = []
        for element in frontier:
            for g in generators:
                product = tuple(g[i] for i in element)
                if product not in seen:
                    seen.add(product)
                    new.append(product)
        frontier = new
    return sorted(seen)


def _map_cells(cells: tuple[int, ...], subset: int) -> int:
    image = 0
    for cell in range(CELLS):
        if subset >> cell & 1:
            image |= 1 << cells[cell]
    return image


def _members(bits: int) -> Iterator[int]:
    """The positions of the set bits of an int, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _cycles(permutation: tuple[int, ...]) -> list[int]:
    """The cycles of a permutation of the cells, as sets of cells."""
    seen = 0
    cycles = []
    for start in range(len(permutation)):
        if seen >> start & 1:
            continue
        cycle = 0
        cell = start
        while not cycle >> cell & 1:
            cycle |= 1 << cell
            cell = permutation[cell]
        seen |= cycle
        cycles.append(cycle)
    return cycles


def _unions_of_cycles(cycles: list[int], k: int) -> Iterator[int]:
    """Every union of cycles with ``k`` cells in all."""

    def walk(i: int, chosen: int, size: int) -> Iterator[int]:
        if size == k:
            yield chosen
            return
        for j in range(i, len(cycles)):
            grown = size + cycles[j].bit_count()
            if grown <= k:
                yield from walk(j + 1, chosen | cycles[j], grown)

    return walk(0, 0, 0)


def _card_part_exists(values: tuple[int, ...], cells: tuple[int, ...], swap: bool) -> bool:
    """Whether some renaming (after the exchange if ``swap``) completes the cell part to a
    symmetry that maps the finished square onto itself."""
    ranks = [-1] * N
    suits = [-1] * N
    for cell, value in enumerate(values):
        target = values[cells[cell]]
        rank, suit = (value & 3, value >> 2) if swap else (value >> 2, value & 3)
        if ranks[rank] == -1:
            ranks[rank] = target >> 2
        elif ranks[rank] != target >> 2:
            return False
        if suits[suit] == -1:
            suits[suit] = target & 3
        elif suits[suit] != target & 3:
            return False
    return True


def _key(square: Square) -> tuple[int, ...]:
    return tuple(CELLS if v == EMPTY else v for v in square.values)
