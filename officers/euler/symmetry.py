"""The symmetries of the square: which rearrangements keep a rule set, and canonical forms.

Glossary
--------
symmetry
    A pair ``(cells, cards)`` of permutations: the card on cell ``c`` moves to cell ``cells[c]``
    and becomes card ``cards[v]``. It keeps a rule set when it maps every finished square to a
    finished square (then it also maps starts to starts with the same number of completions).
cell part
    The permutation of the 16 cells: rows and columns permuted, perhaps transposed. Without the
    diagonals every row permutation and every column permutation keeps the lines
    (``4! * 4! * 2 = 1152``). With the diagonals only 32 do: the row permutation ``s`` must keep
    the pairs {row 1, row 4} and {row 2, row 3} (8 such), the column permutation is ``s`` itself
    or ``s`` followed by a left-right mirror, and the transposition may follow.
card part
    The permutation of the 16 cards: ranks renamed (``4!``), suits renamed (``4!``), and perhaps
    ranks exchanged with suits (the card of rank ``r`` and suit ``s`` becomes the card of rank
    ``s`` and suit ``r``): ``1152`` in all, with or without the diagonals.
group
    Every cell part with every card part: ``1152 * 1152 = 1327104`` symmetries without the
    diagonals, ``32 * 1152 = 36864`` with them. As permutations of the 256 pairs
    ``(cell, card)`` (at :func:`officers.euler.bitboard.key` ``(cell, card)``) they form a group of that order.
kind
    Which symmetries count (:data:`KINDS`): ``"lines"``, the group above, "same picture up to
    the square's moves"; ``"puzzle"``, every symmetry of the *set* of finished squares, "same
    puzzle", computed by :func:`automorphisms` (1327104 with or without the diagonals: with
    them, 1152 cell permutations keep the set, though only 32 keep the lines).
canonical form
    Of a partial square: the smallest of its images under the group, comparing the cells in
    order (cell 0 first) and counting an empty cell as larger than every card, so that the cards
    gather at the top left with the smallest cards first. Two partial squares are equivalent
    (one is an image of the other) exactly when their canonical forms are equal.

The groups' parts are read from a packed file shipped in the package
(``officers/euler/data/symmetry-4.bin``, written by :func:`pack_groups`: every cell part and card part
of each rule set and kind, about 3 ms to read), so that a process does not search for the
automorphisms again (a quarter of a second). Without the file, or if it does not check out, they
are computed (:func:`group_parts`); the tests hold the file to the computation.

>>> from officers import Rules, Square
>>> from officers.euler.symmetry import symmetry_group
>>> group = symmetry_group(Rules())
>>> group.order, symmetry_group(Rules(diagonals=True)).order
(1327104, 36864)
>>> start = Square("AC3/1JS2/1AH1QD/4")
>>> group.canonical(start)
Square('ASKH2/QD3/2AC1/4')
>>> group.canonical(start) == group.canonical(group.generators[0].apply(start))
True
>>> group.orbit_size(start)
663552
"""

from __future__ import annotations

import functools
import os
import struct
import zlib
from collections.abc import Iterable, Iterator
from math import factorial
from typing import Final, Literal

from officers.core.errors import UnsupportedError
from officers.euler.bitboard import CELLS, key
from officers.euler.rules import Rules, Value
from officers.euler.square import EMPTY, Square

__all__ = [
    "KINDS",
    "Automorphisms",
    "Kind",
    "Symmetry",
    "SymmetryGroup",
    "automorphisms",
    "canonical_form",
    "graph_automorphisms",
    "group_parts",
    "pack_groups",
    "symmetry_group",
]

N: Final = 4
_IDENTITY: Final = tuple(range(CELLS))
_EMPTY_KEY: Final = CELLS  # an empty cell compares after every card in the canonical order

Permutation = tuple[int, ...]

Kind = Literal["lines", "puzzle"]
"""Which symmetries count: ``"lines"`` or ``"puzzle"`` (see :data:`KINDS`)."""

KINDS: Final[dict[str, str]] = {
    "lines": "same picture up to the square's moves",
    "puzzle": "same puzzle",
}
"""The two classifications and their names.

``"lines"``: the symmetries that keep the lines of the rule set (rows, columns, and the
diagonals on Expert) with the renamings and the rank-suit exchange: two starts are the same
picture up to the square's moves. ``"puzzle"``: every rearrangement of cells and cards that
maps the set of finished squares onto itself (:func:`automorphisms`): two starts are the same
puzzle, with the same number of completions, the same completions up to the rearrangement, and
the same cards needed. Without the diagonals the two groups are equal; with them the second is 6
times larger."""


class Symmetry(Value):
    """One symmetry: the card on cell ``c`` moves to ``cells[c]`` and becomes ``cards[v]``.

    >>> from officers import Square
    >>> transpose = Symmetry(tuple(4 * (c % 4) + c // 4 for c in range(16)), tuple(range(16)))
    >>> transpose.apply(Square("ASKH2/4/4/4"))
    Square('AS3/KH3/4/4')
    """

    __slots__ = _fields = __match_args__ = ("cells", "cards", "name")
    cells: Permutation
    cards: Permutation
    name: str

    def __init__(self, cells: Permutation, cards: Permutation, name: str = "") -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "cells", cells)
        put(self, "cards", cards)
        put(self, "name", name)

    def apply(self, square: Square) -> Square:
        """The image of a square (order 4)."""
        _check_order(square)
        out = [EMPTY] * CELLS
        cells, cards = self.cells, self.cards
        for cell, value in enumerate(square.values):
            if value != EMPTY:
                out[cells[cell]] = cards[value]
        return Square._make(N, tuple(out))

    def pairs(self) -> Permutation:
        """The symmetry as a permutation of the 256 pairs ``(cell, card)``, at
        :func:`officers.euler.bitboard.key` ``(cell, card)``.

        >>> Symmetry(tuple(range(16)), tuple(range(16))).pairs() == tuple(range(256))
        True
        """
        return tuple(
            key(self.cells[cell], self.cards[card])
            for cell in range(CELLS)
            for card in range(CELLS)
        )

    def compose(self, other: Symmetry) -> Symmetry:
        """The symmetry ``self`` after ``other``: ``(self.compose(other)).apply(x) ==
        self.apply(other.apply(x))``."""
        return Symmetry(
            tuple(self.cells[c] for c in other.cells), tuple(self.cards[v] for v in other.cards)
        )

    def inverse(self) -> Symmetry:
        """The symmetry that undoes this one."""
        return Symmetry(_inverse(self.cells), _inverse(self.cards))

    def __str__(self) -> str:
        return self.name or "a symmetry"


class SymmetryGroup:
    """The symmetries of the square that keep a rule set (order 4). Use :func:`symmetry_group`.

    The group is generated from its named :attr:`generators` (row and column permutations,
    the transposition, renamings of ranks and suits, the exchange of ranks with suits); its
    elements are every cell part (:attr:`cell_permutations`) with every card part
    (:attr:`card_permutations`).
    """

    def __init__(self, rules: Rules, kind: Kind = "lines") -> None:
        if rules.order != N:
            raise UnsupportedError(
                f"symmetries are implemented for order 4 only, not for {rules!r}"
            )
        if kind not in KINDS:
            raise UnsupportedError(f"the kinds of symmetry are {list(KINDS)}, not {kind!r}")
        self.rules = rules
        self.kind: Kind = kind
        added, cells, cards = _shipped_parts(rules.diagonals, kind)
        lines = _generators(rules.diagonals)
        cell_generators = [g for g in lines if g.cards == _IDENTITY]
        cell_generators += [Symmetry(p, _IDENTITY, _describe_cells(p)) for p in added]
        self.generators: tuple[Symmetry, ...] = (
            *cell_generators,
            *(g for g in lines if g.cards != _IDENTITY),
        )
        self.cell_permutations: tuple[Permutation, ...] = cells
        self.card_permutations: tuple[Permutation, ...] = cards
        # The cell parts, each with both choices of the rank-suit exchange; the renamings of
        # ranks and suits are handled in closed form (see canonical and stabilizer_order).
        exchanged = tuple(4 * (v & 3) + (v >> 2) for v in range(CELLS))
        self._cell_exchange: tuple[tuple[Permutation, bool], ...] = tuple(
            (cells, swap) for cells in self.cell_permutations for swap in (False, True)
        )
        self._exchanged = exchanged

    @property
    def order(self) -> int:
        """The number of symmetries."""
        return len(self.cell_permutations) * len(self.card_permutations)

    def __len__(self) -> int:
        return self.order

    def __iter__(self) -> Iterator[Symmetry]:
        """Every symmetry (cell part major); more than a million without the diagonals."""
        for cells in self.cell_permutations:
            for cards in self.card_permutations:
                yield Symmetry(cells, cards)

    def __repr__(self) -> str:
        if self.kind == "lines":
            return f"symmetry_group({self.rules!r})"
        return f"symmetry_group({self.rules!r}, {self.kind!r})"

    @property
    def name(self) -> str:
        """The classification's name: "same picture up to the square's moves" or "same puzzle"."""
        return KINDS[self.kind]

    def canonical(self, square: Square) -> Square:
        """The canonical form of a partial square: its smallest image (see the module doc).

        For each cell part and each choice of the exchange, the smallest renaming of ranks and
        suits names them in the order they first appear, cell by cell; the smallest of these
        images is the smallest image of all.

        >>> from officers import Rules, Square
        >>> symmetry_group(Rules()).canonical(Square("4/4/4/3JC"))
        Square('AS3/4/4/4')
        """
        _check_order(square)
        values = square.values
        placed = [(cell, value) for cell, value in enumerate(values) if value != EMPTY]
        best: list[int] | None = None
        exchanged = self._exchanged
        for cells, swap in self._cell_exchange:
            image = [_EMPTY_KEY] * CELLS
            for cell, value in placed:
                image[cells[cell]] = exchanged[value] if swap else value
            _rename_in_order(image)
            if best is None or image < best:
                best = image
        assert best is not None
        return Square._make(N, tuple(EMPTY if v == _EMPTY_KEY else v for v in best))

    def stabilizer_order(self, square: Square) -> int:
        """The number of symmetries that map the partial square onto itself.

        >>> from officers import Rules, Square
        >>> symmetry_group(Rules()).stabilizer_order(Square())
        1327104
        """
        _check_order(square)
        placed = [(cell, value) for cell, value in enumerate(square.values) if value != EMPTY]
        support = {cell for cell, _ in placed}
        at = square.values
        total = 0
        for cells, swap in self._cell_exchange:
            if any(cells[cell] not in support for cell in support):
                continue
            # The card part must send each placed card to the card now on its image cell.
            ranks: dict[int, int] = {}
            suits: dict[int, int] = {}
            ok = True
            for cell, value in placed:
                target = at[cells[cell]]
                rank, suit = (value & 3, value >> 2) if swap else (value >> 2, value & 3)
                if ranks.setdefault(rank, target >> 2) != target >> 2:
                    ok = False
                    break
                if suits.setdefault(suit, target & 3) != target & 3:
                    ok = False
                    break
            if not ok:
                continue
            if len(set(ranks.values())) != len(ranks) or len(set(suits.values())) != len(suits):
                continue
            total += factorial(N - len(ranks)) * factorial(N - len(suits))
        return total

    def orbit_size(self, square: Square) -> int:
        """The number of distinct images of the partial square (orbit-stabilizer theorem)."""
        return self.order // self.stabilizer_order(square)

    def equivalent(self, first: Square, second: Square) -> bool:
        """Whether one partial square is an image of the other."""
        return self.canonical(first) == self.canonical(second)


@functools.cache
def _group(diagonals: bool, kind: Kind) -> SymmetryGroup:
    return SymmetryGroup(Rules(diagonals=diagonals), kind)


def symmetry_group(rules: Rules | None = None, kind: Kind = "lines") -> SymmetryGroup:
    """The symmetry group of a rule set (order 4), built once per process.

    ``kind="lines"`` (the default): the symmetries that keep the lines, "same picture up to the
    square's moves"; ``kind="puzzle"``: every symmetry of the set of finished squares, "same
    puzzle" (:func:`automorphisms`).

    >>> from officers import Rules
    >>> group = symmetry_group(Rules(diagonals=True))
    >>> len(group.cell_permutations), len(group.card_permutations)
    (32, 1152)
    >>> [g.name for g in group.generators][:3]
    ['swap rows 1 and 4, and columns 1 and 4', 'swap rows 1 and 2 and rows 3 and 4, and the same columns', 'mirror left to right']
    """
    rules = Rules() if rules is None else rules
    if rules.order != N:
        raise UnsupportedError(f"symmetries are implemented for order 4 only, not for {rules!r}")
    if kind not in KINDS:
        raise UnsupportedError(f"the kinds of symmetry are {list(KINDS)}, not {kind!r}")
    return _group(rules.diagonals, kind)


def canonical_form(square: Square, rules: Rules | None = None, kind: Kind = "lines") -> Square:
    """The canonical form of a partial square under the symmetries of the rule set (``kind``:
    see :data:`KINDS`).

    >>> from officers import Rules, Square
    >>> canonical_form(Square("AC3/1JS2/1AH1QD/4"))
    Square('ASKH2/QD3/2AC1/4')
    >>> canonical_form(Square("ADJC2/4/JS3/KC3"), Rules(diagonals=True), "puzzle")
    Square('ASKHQD1/2AH1/4/4')
    """
    return symmetry_group(rules, kind).canonical(square)


# --- building ----------------------------------------------------------------------------------


def _check_order(square: Square) -> None:
    if square.order != N:
        raise UnsupportedError(
            f"symmetries are implemented for order 4 only, not at order {square.order}"
        )


def _inverse(permutation: Permutation) -> Permutation:
    result = [0] * len(permutation)
    for i, j in enumerate(permutation):
        result[j] = i
    return tuple(result)


def _rename_in_order(image: list[int]) -> None:
    """Rename ranks and suits in the order they first appear (in place; empties stay)."""
    ranks = [-1] * N
    suits = [-1] * N
    next_rank = next_suit = 0
    for i, value in enumerate(image):
        if value == _EMPTY_KEY:
            continue
        rank, suit = value >> 2, value & 3
        if ranks[rank] < 0:
            ranks[rank] = next_rank
            next_rank += 1
        if suits[suit] < 0:
            suits[suit] = next_suit
            next_suit += 1
        image[i] = 4 * ranks[rank] + suits[suit]


def _cell_map(rows: Iterable[int], columns: Iterable[int], transpose: bool = False) -> Permutation:
    """Row ``r`` goes to ``rows[r]``, column ``c`` to ``columns[c]``, then perhaps transpose."""
    rows, columns = tuple(rows), tuple(columns)
    result = []
    for cell in range(CELLS):
        r, c = rows[cell // N], columns[cell % N]
        result.append(N * c + r if transpose else N * r + c)
    return tuple(result)


def _card_map(ranks: Iterable[int], suits: Iterable[int], exchange: bool = False) -> Permutation:
    """Rank ``r`` becomes ``ranks[r]``, suit ``s`` becomes ``suits[s]``, then perhaps exchange."""
    ranks, suits = tuple(ranks), tuple(suits)
    result = []
    for card in range(CELLS):
        r, s = ranks[card >> 2], suits[card & 3]
        result.append(N * s + r if exchange else N * r + s)
    return tuple(result)


_SAME: Final = (0, 1, 2, 3)


def _generators(diagonals: bool) -> tuple[Symmetry, ...]:
    """Named generators of the group of a rule set."""
    cells: list[tuple[Permutation, str]]
    if diagonals:
        cells = [
            (_cell_map((3, 1, 2, 0), (3, 1, 2, 0)), "swap rows 1 and 4, and columns 1 and 4"),
            (
                _cell_map((1, 0, 3, 2), (1, 0, 3, 2)),
                "swap rows 1 and 2 and rows 3 and 4, and the same columns",
            ),
            (_cell_map(_SAME, (3, 2, 1, 0)), "mirror left to right"),
        ]
    else:
        cells = [
            (_cell_map((1, 0, 2, 3), _SAME), "swap rows 1 and 2"),
            (_cell_map((1, 2, 3, 0), _SAME), "move each row down one (the last to the top)"),
            (_cell_map(_SAME, (1, 0, 2, 3)), "swap columns 1 and 2"),
            (_cell_map(_SAME, (1, 2, 3, 0)), "move each column right one (the last to the left)"),
        ]
    cells.append((_cell_map(_SAME, _SAME, transpose=True), "transpose (rows become columns)"))
    cards = [
        (_card_map((1, 0, 2, 3), _SAME), "rename Aces as Kings and Kings as Aces"),
        (_card_map((1, 2, 3, 0), _SAME), "rename ranks A→K→Q→J→A"),
        (_card_map(_SAME, (1, 0, 2, 3)), "rename ♠ as ♥ and ♥ as ♠"),
        (_card_map(_SAME, (1, 2, 3, 0)), "rename suits ♠→♥→♦→♣→♠"),
        (_card_map(_SAME, _SAME, exchange=True), "exchange ranks with suits (A↔♠, K↔♥, Q↔♦, J↔♣)"),
    ]
    return tuple(Symmetry(p, _IDENTITY, name) for p, name in cells) + tuple(
        Symmetry(_IDENTITY, p, name) for p, name in cards
    )


def _closure(generators: list[Permutation]) -> tuple[Permutation, ...]:
    """Every product of the generators (breadth first from the identity), sorted."""
    seen = {_IDENTITY}
    frontier = [_IDENTITY]
    while frontier:
        new: list[Permutation] = []
        for element in frontier:
            for generator in generators:
                product = tuple(generator[i] for i in element)
                if product not in seen:
                    seen.add(product)
                    new.append(product)
        frontier = new
    return tuple(sorted(seen))


# --- the automorphisms of the set of finished squares -------------------------------------------


class Automorphisms(Value):
    """The symmetries of the set of finished squares of a rule set, found by a search
    (:func:`automorphisms`): every pair ``(cells, cards)`` that maps each finished square to a
    finished square.

    ``cell_candidates`` and ``card_candidates`` count the automorphisms of the two weighted
    graphs that bound the search; ``cell_permutations`` and ``card_permutations`` are the cell
    and card parts of the symmetries found, and every cell part goes with every card part, so
    :attr:`order` is the product of their numbers.
    """

    __slots__ = _fields = __match_args__ = (
        "rules",
        "cell_candidates",
        "card_candidates",
        "cell_permutations",
        "card_permutations",
    )
    rules: Rules
    cell_candidates: int
    card_candidates: int
    cell_permutations: tuple[Permutation, ...]
    card_permutations: tuple[Permutation, ...]

    def __init__(
        self,
        rules: Rules,
        cell_candidates: int,
        card_candidates: int,
        cell_permutations: tuple[Permutation, ...],
        card_permutations: tuple[Permutation, ...],
    ) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "rules", rules)
        put(self, "cell_candidates", cell_candidates)
        put(self, "card_candidates", card_candidates)
        put(self, "cell_permutations", cell_permutations)
        put(self, "card_permutations", card_permutations)

    @property
    def order(self) -> int:
        """The number of symmetries of the set of finished squares."""
        return len(self.cell_permutations) * len(self.card_permutations)


def automorphisms(rules: Rules | None = None) -> Automorphisms:
    """The automorphism group of the set of finished squares (order 4), computed, not assumed.

    The search, and why it finds every symmetry:

    1. A symmetry ``(cells, cards)`` maps the finished squares with card ``v`` on cell ``c`` and
       ``w`` on ``d`` onto those with ``cards[v]`` on ``cells[c]`` and ``cards[w]`` on
       ``cells[d]``. So it keeps the *cell weight* of a pair of cells (how many pairs of cards
       they hold together in some finished square) and the *card weight* of a pair of cards
       (on how many pairs of cells they stand together): its cell part is an automorphism of
       the weighted graph on the cells, its card part one of the graph on the cards
       (:func:`graph_automorphisms`, 1152 each, with or without the diagonals).
    2. The renamings of ranks and of suits (576) are checked on every finished square (their
       generators; a map of a finite set into itself that is one-to-one is onto). Every
       finished square is a renaming of one whose first row is A♠ K♥ Q♦ J♣ (12; 2 with the
       diagonals), and every candidate normalises the renamings (checked), so a candidate
       maps all finished squares onto finished squares as soon as it maps those few.
    3. So every pair (cell candidate, card candidate up to renamings) is tried on the few.

    >>> from officers import Rules
    >>> standard, diagonal = automorphisms(Rules()), automorphisms(Rules(diagonals=True))
    >>> standard.order, len(standard.cell_permutations), len(standard.card_permutations)
    (1327104, 1152, 1152)
    >>> diagonal.order, len(diagonal.cell_permutations), diagonal.cell_candidates
    (1327104, 1152, 1152)
    """
    rules = Rules() if rules is None else rules
    if rules.order != N:
        raise UnsupportedError(f"symmetries are implemented for order 4 only, not for {rules!r}")
    return _automorphisms(rules.diagonals)


@functools.cache
def _automorphisms(diagonals: bool) -> Automorphisms:
    from officers.euler.solve.index import CompletionIndex

    rules = Rules(diagonals=diagonals)
    index = CompletionIndex.get(rules)
    finished = set(index.values)
    table = index.table
    together = [
        [[bool(table[key(c, v)] & table[key(d, w)]) for w in range(CELLS)] for v in range(CELLS)]
        if c != d
        else None
        for c in range(CELLS)
        for d in range(CELLS)
    ]
    cell_weight = [
        [sum(map(sum, together[CELLS * c + d] or ())) for d in range(CELLS)] for c in range(CELLS)
    ]
    card_weight = [
        [
            sum(row[v][w] for row in together if row is not None) if v != w else 0
            for w in range(CELLS)
        ]
        for v in range(CELLS)
    ]
    cell_candidates = graph_automorphisms(cell_weight)
    card_candidates = graph_automorphisms(card_weight)
    renaming_generators = [g.cards for g in _generators(diagonals) if g.cards != _IDENTITY][:4]
    for cards in renaming_generators:
        if any(tuple(cards[v] for v in values) not in finished for values in finished):
            raise AssertionError("a renaming breaks a finished square")  # pragma: no cover
    renamings = set(_closure(renaming_generators))
    for cards in card_candidates:
        conjugated = (_compose(_compose(cards, g), _inverse(cards)) for g in renaming_generators)
        if not all(c in renamings for c in conjugated):  # pragma: no cover
            raise AssertionError("a card candidate does not normalise the renamings")
    cosets: list[Permutation] = []
    covered: set[Permutation] = set()
    for cards in card_candidates:
        if cards not in covered:
            cosets.append(cards)
            covered.update(_compose(cards, r) for r in renamings)
    reduced = [values for values in index.values if values[:N] == (0, 5, 10, 15)]
    found = [
        (cells, cards)
        for cells in cell_candidates
        for cards in cosets
        if all(_image(cells, cards, values) in finished for values in reduced)
    ]
    cell_parts = sorted({cells for cells, _ in found})
    card_cosets = sorted({cards for _, cards in found})
    if len(found) != len(cell_parts) * len(card_cosets):  # pragma: no cover
        raise AssertionError("the symmetries are not every cell part with every card part")
    card_parts = sorted({_compose(cards, r) for cards in card_cosets for r in renamings})
    return Automorphisms(
        rules, len(cell_candidates), len(card_candidates), tuple(cell_parts), tuple(card_parts)
    )


def graph_automorphisms(weight: list[list[int]]) -> list[Permutation]:
    """Every permutation ``p`` of the vertices of a weighted complete graph (a symmetric matrix)
    with ``weight[p[a]][p[b]] == weight[a][b]`` for all ``a, b``, in lexicographic order.

    A depth-first search: the images of vertices ``0, 1, ...`` in turn, each checked against
    the images chosen before it.

    >>> path = [[0, 1, 0], [1, 0, 1], [0, 1, 0]]  # a - b - c
    >>> graph_automorphisms(path)
    [(0, 1, 2), (2, 1, 0)]
    """
    size = len(weight)
    found: list[Permutation] = []
    image = [0] * size
    used = [False] * size

    def extend(vertex: int) -> None:
        if vertex == size:
            found.append(tuple(image))
            return
        row = weight[vertex]
        for target in range(size):
            if used[target]:
                continue
            target_row = weight[target]
            if target_row[target] != row[vertex] or any(
                target_row[image[before]] != row[before] for before in range(vertex)
            ):
                continue
            image[vertex] = target
            used[target] = True
            extend(vertex + 1)
            used[target] = False

    extend(0)
    return found


def _compose(first: Permutation, second: Permutation) -> Permutation:
    """``first`` after ``second``."""
    return tuple(first[i] for i in second)


def _image(cells: Permutation, cards: Permutation, values: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * CELLS
    for cell, value in enumerate(values):
        out[cells[cell]] = cards[value]
    return tuple(out)


def group_parts(
    diagonals: bool, kind: Kind
) -> tuple[tuple[Permutation, ...], tuple[Permutation, ...], tuple[Permutation, ...]]:
    """The parts of the group of a kind, computed from nothing: the cell parts added to the
    generators of the lines' group (none for ``"lines"``; for ``"puzzle"``, cell parts of
    :func:`automorphisms` added in order until they generate all of them), and every cell part
    and every card part of the group, sorted.

    >>> added, cells, cards = group_parts(True, "lines")
    >>> added, len(cells), len(cards)
    ((), 32, 1152)
    """
    lines = _generators(diagonals)
    generators = [g.cells for g in lines if g.cards == _IDENTITY]
    card_generators = [g.cards for g in lines if g.cards != _IDENTITY]
    added: list[Permutation] = []
    reached = set(_closure(generators))
    if kind == "puzzle":
        found = _automorphisms(diagonals)
        for permutation in found.cell_permutations:
            if permutation not in reached:
                added.append(permutation)
                reached = set(_closure(generators + added))
        if set(_closure(card_generators)) != set(found.card_permutations):  # pragma: no cover
            raise AssertionError(
                "the card parts of the symmetries are not the renamings or exchange"
            )
    return tuple(added), tuple(sorted(reached)), _closure(card_generators)


# --- the packed file ---------------------------------------------------------------------------
#
# officers/euler/data/symmetry-4.bin: what group_parts computes for each rule set and kind, so that a
# process does not search for the automorphisms again (a quarter of a second). A header (struct
# GROUPS_HEADER: magic, format version, number of lists, the Adler-32 of the rest), then one zlib
# stream: the lists of SHIPPED in turn, each a 2-byte count and its permutations, 16 bytes each
# (all little endian). A file that does not check out (missing, cut short, another magic or
# version, a wrong Adler-32 or zlib stream, counts that do not add up to the stream's length, a
# byte that is no cell or card) is ignored: the parts are computed. The tests hold the file to
# the computation.

GROUPS_HEADER: Final = struct.Struct("<4sBxHI")
GROUPS_MAGIC: Final = b"OFS4"
GROUPS_FORMAT: Final = 1
SHIPPED: Final[tuple[tuple[bool, Kind], ...]] = (
    (False, "lines"),
    (False, "puzzle"),
    (True, "lines"),
    (True, "puzzle"),
)
"""The rule sets (``diagonals``) and kinds in the packed file, in its order."""
_COUNT: Final = struct.Struct("<H")
_PERMUTATION: Final = struct.Struct(f"{CELLS}B")
_CELL_BYTES: Final = bytes(range(CELLS))  # the bytes a permutation may hold


def groups_path() -> str:
    """Where the packed parts of the groups live (inside the package, ``officers/data``)."""
    return os.path.join(os.path.dirname(__file__), "data", "symmetry-4.bin")


def pack_groups() -> bytes:
    """The packed file of the groups' parts, computed from nothing. Write it again with
    ``open(groups_path(), "wb").write(pack_groups())``."""
    lists: list[tuple[Permutation, ...]] = []
    for diagonals, kind in SHIPPED:
        lists += group_parts(diagonals, kind)
    body = b"".join(
        _COUNT.pack(len(permutations)) + b"".join(map(bytes, permutations))
        for permutations in lists
    )
    packed = zlib.compress(body, 9)
    return (
        GROUPS_HEADER.pack(GROUPS_MAGIC, GROUPS_FORMAT, len(lists), zlib.adler32(packed)) + packed
    )


@functools.cache
def _shipped(path: str) -> dict[tuple[bool, str], tuple[tuple[Permutation, ...], ...]] | None:
    """The parts of every group from the packed file, or ``None`` when it does not check out."""
    try:
        with open(path, "rb") as file:
            data = file.read()
        magic, version, count, check = GROUPS_HEADER.unpack_from(data)
        packed = data[GROUPS_HEADER.size :]
        if (magic, version, count) != (GROUPS_MAGIC, GROUPS_FORMAT, 3 * len(SHIPPED)):
            return None
        if zlib.adler32(packed) != check:
            return None
        body = zlib.decompress(packed)
        lists: list[tuple[Permutation, ...]] = []
        at = 0
        for _ in range(count):
            (size,) = _COUNT.unpack_from(body, at)
            at += _COUNT.size
            chunk = body[at : at + CELLS * size]
            if len(chunk) != CELLS * size or chunk.translate(None, _CELL_BYTES):
                return None  # cut short, or a number that is no cell or card
            lists.append(tuple(_PERMUTATION.iter_unpack(chunk)))
            at += CELLS * size
    except (OSError, struct.error, zlib.error):
        return None
    if at != len(body):
        return None
    return {case: tuple(lists[3 * i : 3 * i + 3]) for i, case in enumerate(SHIPPED)}


def _shipped_parts(
    diagonals: bool, kind: Kind
) -> tuple[tuple[Permutation, ...], tuple[Permutation, ...], tuple[Permutation, ...]]:
    """:func:`group_parts`, read from the packed file when it checks out."""
    shipped = _shipped(groups_path())
    if shipped is None:
        return group_parts(diagonals, kind)
    added, cells, cards = shipped[(diagonals, kind)]
    return added, cells, cards


def _describe_cells(cells: Permutation) -> str:
    """A cell permutation in words: where the rows and columns go, when it moves lines to
    lines, else the cells' images."""
    rows = [{cells[N * r + c] // N for c in range(N)} for r in range(N)]
    columns = [{cells[N * r + c] % N for r in range(N)} for c in range(N)]
    if all(len(r) == 1 for r in rows) and all(len(c) == 1 for c in columns):
        row_images = " ".join(str(min(r) + 1) for r in rows)
        column_images = " ".join(str(min(c) + 1) for c in columns)
        return f"rows 1 2 3 4 to rows {row_images}, columns 1 2 3 4 to columns {column_images}"
    return "cells 0-15 to cells " + " ".join(map(str, cells))
