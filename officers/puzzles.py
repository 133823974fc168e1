"""Puzzle starts ("Ozanam's riddles"): uniqueness, the census, classes, new riddles and grades.

Glossary
--------
start
    A partial square laid out before the game. A *riddle* is a start with exactly one
    completion.
completion
    A finished square that extends the start (keeps every card of it where it is).
unique
    Having exactly one completion.
minimal
    Unique, and no card can be left out: removing any one card of the start leaves more than
    one completion. A unique start that is not minimal has *redundant* cards.
k
    The number of cards of a start (``k``-card start).
sub-square
    The cards of a finished square on a set of cells. Every completable start is a sub-square
    of each of its completions, so a unique ``k``-card start is a sub-square of exactly one
    finished square: the census counts it there, once.
relabelling
    Renaming the ranks and the suits (``4! * 4! = 576`` ways). It maps finished squares to
    finished squares, keeps every cell, and moves every finished square (its first row holds
    four different ranks and suits), so the finished squares fall into classes of 576, each
    with one *representative* whose first row is A♠ K♥ Q♦ J♣ (12 representatives, 2 with the
    diagonals).
grade
    The reasoning a person needs to solve a riddle (1-4, see :func:`grade_start`), which maps
    onto the game's levels Easy, Normal, Hard and Expert.

>>> from officers import Rules
>>> from officers.puzzles import OZANAM_START, verify_start, census, new_start
>>> report = verify_start(OZANAM_START)
>>> report.completions, report.minimal
(1, True)
>>> census(Rules()).smallest
4
>>> riddle = new_start(k=6, seed=2024)
>>> riddle.start.placed_count(), verify_start(riddle.start).unique
(6, True)
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from officers.cards import Card
from officers.errors import NotationError, OfficersError, UnsupportedError
from officers.rules import DIAGONAL_RULES, STANDARD_RULES, Rules, _rules_for
from officers.solve import Method, completions, count_completions
from officers.square import EMPTY, Square, describe_cell

if TYPE_CHECKING:  # imported where used, to keep ``import officers`` fast
    import random
    from fractions import Fraction

__all__ = [
    "HIGHEST_GRADE",
    "LEVEL_NAMES",
    "OZANAM_DIAGONAL_START",
    "OZANAM_START",
    "TECHNIQUES",
    "Census",
    "CensusRow",
    "Grade",
    "Riddle",
    "RiddleNotFoundError",
    "StartClass",
    "StartReport",
    "Step",
    "census",
    "count_classes_burnside",
    "grade_start",
    "new_start",
    "start_classes",
    "verify_start",
]

N: Final = 4
CELLS: Final = 16
SUBSETS: Final = 1 << CELLS
RELABELLINGS: Final = 576  # 4! * 4!: renamings of the ranks and of the suits
FIRST_ROW: Final = (0, 5, 10, 15)  # A♠ K♥ Q♦ J♣, the first row of every representative

OZANAM_START: Final = Square("AC3/1JS2/1AH1QD/4")
"""The rules' riddle without the diagonals: A♣ row 1 column 1, J♠ row 2 column 2, A♥ row 3
column 2, Q♦ row 3 column 4."""

OZANAM_DIAGONAL_START: Final = Square("ADJC2/4/JS3/KC3")
"""The rules' riddle with the diagonals: A♦ and J♣ in row 1 columns 1 and 2, J♠ row 3
column 1, K♣ row 4 column 1."""


# --- verify ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StartReport:
    """What :func:`verify_start` found out about a start.

    ``completion`` is the completion when it is unique (else ``None``); ``redundant`` lists the
    cells whose card could be left out with the start staying unique (empty unless the start is
    unique but not minimal).
    """

    start: Square
    rules: Rules
    completions: int
    completion: Square | None
    minimal: bool
    redundant: tuple[int, ...]

    @property
    def unique(self) -> bool:
        """Whether the start has exactly one completion (it is a riddle)."""
        return self.completions == 1

    def reason(self) -> str:
        """One sentence saying what the start is, and why it is not a minimal riddle.

        >>> print(verify_start(Square("ACKD2/1JS2/1AH1QD/4")).reason())
        exactly one completion, but not minimal: any one of K♦ at row 1, column 2; A♥ at row 3, column 2 can be left out and the completion stays unique
        """
        if self.completions == 0:
            conflicts = self.rules.conflicts(self.start)
            if conflicts:
                return f"no completion: it breaks the rule of the square: {conflicts[0]}"
            return "no completion: the start cannot be finished"
        if self.completions > 1:
            return f"{self.completions} completions: not a riddle, it needs more cards"
        if self.minimal:
            return "exactly one completion, and every card is needed"
        cards = [
            f"{Card(self.start.values[cell])} at {describe_cell(cell)}" for cell in self.redundant
        ]
        which = cards[0] if len(cards) == 1 else "any one of " + "; ".join(cards)
        return (
            f"exactly one completion, but not minimal: {which} can be left out "
            "and the completion stays unique"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "start": self.start.to_dict(),
            "rules": self.rules.to_dict(),
            "completions": self.completions,
            "unique": self.unique,
            "completion": None if self.completion is None else self.completion.notation(),
            "minimal": self.minimal,
            "redundant": [
                {"cell": cell, "card": Card(self.start.values[cell]).notation()}
                for cell in self.redundant
            ],
            "reason": self.reason(),
        }


def verify_start(
    square: Square,
    rules: Rules | None = None,
    *,
    method: Method | None = None,
    time_limit: float | None = None,
) -> StartReport:
    """Count a start's completions, give the completion when it is unique, and say whether the
    start is minimal (removing any one card breaks uniqueness), and if not, which cards are
    redundant.

    ``method`` and ``time_limit`` go to :func:`officers.count_completions` (default: the index
    at order 4).

    >>> from officers import Rules
    >>> report = verify_start(OZANAM_DIAGONAL_START, Rules(diagonals=True))
    >>> report.unique, report.minimal, report.completion
    (True, True, Square('ADJCKHQS/QHKSJDAC/JSAHQCKD/KCQDASJH'))
    >>> verify_start(OZANAM_START, Rules(diagonals=True)).completions
    0
    """
    rules = _rules_for(square, rules)
    number = count_completions(square, rules, method=method, time_limit=time_limit)
    if number != 1:
        return StartReport(square, rules, number, None, False, ())
    completion = next(completions(square, rules, method=method, time_limit=time_limit))
    redundant = tuple(
        cell
        for cell, value in enumerate(square.values)
        if value != EMPTY
        and count_completions(square.remove(cell), rules, method=method, time_limit=time_limit) == 1
    )
    return StartReport(square, rules, 1, completion, not redundant, redundant)


# --- the census --------------------------------------------------------------------------------


@dataclass(frozen=True)
class CensusRow:
    """The census of the ``k``-card starts of a rule set.

    ``unique``: the starts with exactly one completion; ``sub_squares``: the distinct ``k``-card
    sub-squares of finished squares (the starts with at least one completion); ``minimal``: the
    unique starts that are minimal.
    """

    k: int
    unique: int
    sub_squares: int
    minimal: int

    @property
    def share(self) -> Fraction:
        """The share of unique starts among the ``k``-card sub-squares."""
        from fractions import Fraction

        return Fraction(self.unique, self.sub_squares)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the share as a float)."""
        return {
            "k": self.k,
            "unique": self.unique,
            "sub_squares": self.sub_squares,
            "share": float(self.share),
            "minimal": self.minimal,
        }


@dataclass(frozen=True)
class Census:
    """How many ``k``-card starts of a rule set are unique, for every ``k`` (0-16).

    The count is exhaustive: every unique start is a sub-square of its completion, and the
    census looks at every set of cells of every finished square.
    """

    rules: Rules
    finished: int
    rows: tuple[CensusRow, ...]

    @property
    def smallest(self) -> int:
        """The fewest cards of a unique start (no start with fewer cards is unique)."""
        return next(row.k for row in self.rows if row.unique)

    @property
    def largest_minimal(self) -> int:
        """The most cards of a minimal unique start."""
        return max(row.k for row in self.rows if row.minimal)

    def row(self, k: int) -> CensusRow:
        """The row of the ``k``-card starts."""
        return self.rows[k]

    def table(self) -> str:
        """The census as a Markdown table (the rows from 1 card up to the first full share).

        >>> print(census(Rules(diagonals=True)).table().splitlines()[5])
        | 4 | 1161216 | 1615488 | 71.880 % | 1161216 |
        """
        lines = [
            "| cards | unique starts | sub-squares | share | minimal |",
            "|------:|--------------:|------------:|------:|--------:|",
        ]
        for row in self.rows[1:]:
            lines.append(
                f"| {row.k} | {row.unique} | {row.sub_squares} | "
                f"{float(row.share) * 100:.3f} % | {row.minimal} |"
            )
            if row.unique == row.sub_squares and row.minimal == 0:
                break
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "rules": self.rules.to_dict(),
            "finished": self.finished,
            "smallest": self.smallest,
            "largest_minimal": self.largest_minimal,
            "rows": [row.to_dict() for row in self.rows],
        }


def census(rules: Rules | None = None) -> Census:
    """The census of unique starts of a rule set (order 4), for every number of cards.

    For each representative finished square ``S`` (one per class of 576 relabellings, which
    keep every cell and every count), a depth-first walk over the sets of cells ``T`` in
    increasing order ANDs the index bitsets of ``S``'s cards on ``T``: the popcount is the number
    of completions of ``S`` restricted to ``T``. Once it is 1, every larger set on the walk is
    unique too and is counted with a binomial coefficient. The distinct sub-squares are counted
    by weighting each pair ``(S, T)`` with one over its number of completions.

    >>> c = census(Rules())
    >>> c.smallest, c.row(3).unique, c.row(4).unique, c.row(4).sub_squares
    (4, 0, 2322432, 7156224)
    """
    from fractions import Fraction

    rules = STANDARD_RULES if rules is None else rules
    data = _census_data(_diagonals(rules))
    rows = []
    for k in range(CELLS + 1):
        sub = Fraction(RELABELLINGS * data.unique[k])
        for number, count in data.histogram[k].items():
            sub += Fraction(RELABELLINGS * count, number)
        if sub.denominator != 1:  # pragma: no cover - a failed self-check
            raise AssertionError(f"the census of {k}-card starts is not whole: {sub}")
        rows.append(
            CensusRow(
                k,
                RELABELLINGS * data.unique[k],
                int(sub),
                RELABELLINGS * data.minimal[k],
            )
        )
    return Census(rules, data.finished, tuple(rows))


@dataclass(frozen=True)
class _CensusData:
    """The census of the representatives (to be multiplied by 576)."""

    diagonals: bool
    finished: int
    representatives: tuple[int, ...]  # their numbers in the index
    unique_sets: tuple[int, ...]  # per representative: bit T set iff S on T is unique
    unique: tuple[int, ...]  # per k
    minimal: tuple[int, ...]  # per k
    histogram: tuple[dict[int, int], ...] = field(repr=False)  # per k: completions -> count


@functools.cache
def _subset_masks() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(level, without)``: bit ``T`` of ``level[k]`` is set iff ``|T| == k``; bit ``T`` of
    ``without[c]`` iff cell ``c`` is not in ``T`` (ints of 65536 bits over the sets of cells)."""
    # Over the sets of the first n cells: level[k] for n + 1 is level[k] | level[k - 1] << 2**n.
    level = [1] + [0] * CELLS
    for n in range(CELLS):
        shift = 1 << n
        level = [level[0]] + [level[k] | level[k - 1] << shift for k in range(1, CELLS + 1)]
    # Cell c is missing from T in runs of 2**c sets, every 2**(c + 1) sets.
    everything = (1 << SUBSETS) - 1
    without = tuple(
        ((1 << (1 << cell)) - 1) * (everything // ((1 << (2 << cell)) - 1)) for cell in range(CELLS)
    )
    return tuple(level), without


def _up_closure(sets: int) -> int:
    """Every superset of a set in ``sets`` (ints over the sets of cells)."""
    _, without = _subset_masks()
    for cell in range(CELLS):
        sets |= (sets & without[cell]) << (1 << cell)
    return sets


def _minimal_sets(unique: int) -> int:
    """The sets in ``unique`` (closed upwards) none of whose one-smaller subsets is in it."""
    _, without = _subset_masks()
    bigger = 0
    for cell in range(CELLS):
        bigger |= (unique & without[cell]) << (1 << cell)
    return unique & ~bigger


def _unique_sets(index: Any, square: int) -> tuple[int, list[dict[int, int]]]:
    """For finished square number ``square``: the int whose bit ``T`` says that the square's
    cards on the cells ``T`` have exactly one completion, and per ``k`` the histogram
    ``completions -> number of non-unique sets T``."""
    values = index.values[square]
    keys = [CELLS * cell + values[cell] for cell in range(CELLS)]
    table = index.table
    histogram: list[dict[int, int]] = [{} for _ in range(CELLS + 1)]
    roots = 0
    stack = [(index.full, 0, 0, 0)]  # mask, next cell, set of cells, size
    while stack:
        mask, start, cells, size = stack.pop()
        count = mask.bit_count()
        if count == 1:
            roots |= 1 << cells
            continue
        counts = histogram[size]
        counts[count] = counts.get(count, 0) + 1
        for cell in range(start, CELLS):
            stack.append((mask & table[keys[cell]], cell + 1, cells | 1 << cell, size + 1))
    return _up_closure(roots), histogram


@functools.cache
def _census_data(diagonals: bool) -> _CensusData:
    from officers.solve.index import CompletionIndex

    index = CompletionIndex.get(DIAGONAL_RULES if diagonals else STANDARD_RULES)
    level, _ = _subset_masks()
    representatives = tuple(
        number for number, values in enumerate(index.values) if values[:N] == FIRST_ROW
    )
    unique = [0] * (CELLS + 1)
    minimal = [0] * (CELLS + 1)
    histogram: list[dict[int, int]] = [{} for _ in range(CELLS + 1)]
    unique_sets = []
    for number in representatives:
        sets, counts = _unique_sets(index, number)
        unique_sets.append(sets)
        least = _minimal_sets(sets)
        for k in range(CELLS + 1):
            unique[k] += (sets & level[k]).bit_count()
            minimal[k] += (least & level[k]).bit_count()
            for found, count in counts[k].items():
                histogram[k][found] = histogram[k].get(found, 0) + count
    return _CensusData(
        diagonals,
        len(index),
        representatives,
        tuple(unique_sets),
        tuple(unique),
        tuple(minimal),
        tuple(histogram),
    )


# --- classes under the symmetries --------------------------------------------------------------


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


def start_classes(rules: Rules | None = None, k: int | None = None) -> tuple[StartClass, ...]:
    """The unique ``k``-card starts (default: the smallest) grouped into symmetry classes,
    largest class first.

    The renamings of ranks and suits move every unique start (a renaming that kept it would
    keep its only completion, and none keeps a finished square), so a start is known by a
    representative finished square and a set of cells; the other symmetries (cell parts and the
    rank-suit exchange) act on these pairs, and their orbits are the classes.

    >>> classes = start_classes(Rules(diagonals=True))
    >>> len(classes), sum(c.size for c in classes) == census(Rules(diagonals=True)).row(4).unique
    (42, True)
    >>> print(start_classes(Rules())[0])
    ASKH2/QD3/2AC1/4: 663552 starts, each kept by 2 symmetries
    """
    from officers.symmetry import symmetry_group

    rules = STANDARD_RULES if rules is None else rules
    data = _census_data(_diagonals(rules))
    k = census(rules).smallest if k is None else _check_k(k)
    group = symmetry_group(rules)
    from officers.solve.index import CompletionIndex

    index = CompletionIndex.get(rules)
    level, _ = _subset_masks()
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


def count_classes_burnside(rules: Rules | None = None, k: int | None = None) -> int:
    """The number of classes of unique ``k``-card starts by Burnside's lemma: the average, over
    all symmetries ``g``, of the number of unique starts that ``g`` maps onto themselves.

    A symmetry that keeps a unique start keeps its only completion, so the sum runs over the
    finished squares ``S`` and the symmetries ``g`` keeping ``S``, counting the unique sets of
    cells of ``S`` that ``g``'s cell part maps onto themselves; the renamings (which keep every
    cell) make the sum 576 times that over the representatives.

    >>> count_classes_burnside(Rules(diagonals=True)) == len(start_classes(Rules(diagonals=True)))
    True
    """
    from fractions import Fraction

    from officers.solve.index import CompletionIndex
    from officers.symmetry import symmetry_group

    rules = STANDARD_RULES if rules is None else rules
    data = _census_data(_diagonals(rules))
    k = census(rules).smallest if k is None else _check_k(k)
    group = symmetry_group(rules)
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


def _representative_number(index: Any, values: list[int]) -> int:
    """The index number of the representative of a finished square (given by its values)."""
    ranks = [0] * N
    suits = [0] * N
    for i in range(N):
        ranks[values[i] >> 2] = i
        suits[values[i] & 3] = i
    renamed = tuple(N * ranks[v >> 2] + suits[v & 3] for v in values)
    return _number_of(index, renamed)


def _number_of(index: Any, values: tuple[int, ...]) -> int:
    """The index number of a finished square (bisection: the index is sorted)."""
    number = bisect.bisect_left(index.values, values)
    if number == len(index.values) or index.values[number] != values:  # pragma: no cover
        raise AssertionError(f"not a finished square: {values}")
    return number


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


# --- grading -----------------------------------------------------------------------------------

LEVEL_NAMES: Final = {1: "Easy", 2: "Normal", 3: "Hard", 4: "Expert"}
"""The game level each grade maps onto."""

HIGHEST_GRADE: Final = 2
"""The highest grade any riddle of order 4 has, with or without the diagonals.

Every riddle contains a minimal one (leave out cards while it stays unique), minimal riddles
have 4 or 5 cards (the census), every one of them has grade 1 or 2 (the tests grade them all),
and more cards never raise the grade: the reasoning only gains from them. So Euler's trap and
guessing are never needed to solve a riddle; they matter in play, where squares go dead."""

SINGLE_CARD: Final = "only card for the cell"
SINGLE_CELL: Final = "only cell for the card"
LINE: Final = "only place in a line"
TRAP: Final = "Euler's trap"
GUESS: Final = "guess"
TECHNIQUES: Final = (SINGLE_CARD, SINGLE_CELL, LINE, TRAP, GUESS)
"""The reasoning steps of the grader, easiest first (see :func:`grade_start`)."""


@dataclass(frozen=True)
class Step:
    """One placement of the grader's solution path and the reasoning that found it."""

    cell: int
    card: Card
    technique: str

    def __str__(self) -> str:
        return f"{self.card} on {describe_cell(self.cell)} ({self.technique})"


@dataclass(frozen=True)
class Grade:
    """How hard a riddle is: the reasoning a person needs (see :func:`grade_start`).

    ``level`` 1-4; ``depth`` how many guesses must be held in mind at once (0 below level 4);
    ``steps`` the placements of the solution path in order; ``uses`` how often each technique
    was applied (placements and eliminations).
    """

    level: int
    depth: int
    steps: tuple[Step, ...]
    uses: tuple[tuple[str, int], ...]

    @property
    def name(self) -> str:
        """The game level it maps onto: Easy, Normal, Hard or Expert."""
        return LEVEL_NAMES[self.level]

    def __str__(self) -> str:
        if self.level == 4:
            nested = "one guess at a time" if self.depth == 1 else f"{self.depth} nested guesses"
            return f"grade 4 ({self.name}): needs guessing, {nested}"
        what = {
            1: "only cells with one card",
            2: "also cards with one cell, ranks and suits with one place in a line",
            3: "also Euler's trap",
        }
        return f"grade {self.level} ({self.name}): {what[self.level]}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "level": self.level,
            "name": self.name,
            "depth": self.depth,
            "uses": dict(self.uses),
            "steps": [
                {"cell": s.cell, "card": s.card.notation(), "technique": s.technique}
                for s in self.steps
            ],
        }


def grade_start(square: Square, rules: Rules | None = None, *, max_depth: int = 12) -> Grade:
    """Grade a riddle by the reasoning a person needs to solve it.

    1. (Easy) Only *"this cell can take one card"*: a cell whose lines leave it one card not
       yet placed.
    2. (Normal) Also *"this card has one cell left"* and *"this rank (suit) has one place left in
       this line"* (which fixes the rank or suit of that cell).
    3. (Hard) Also Euler's trap: in every finished square, two rows carry their ranks paired by
       swaps (if rank X stands above rank Y in one column, Y stands above X in another), and
       so do their suits, and so do two columns; a card whose placement would fall into that
       trap (:func:`officers.analysis.check_euler`) is ruled out. With the
       diagonals also the quarters: each 2 × 2 corner block of a finished square holds every
       rank and suit once, so it counts as a line.
    4. (Expert) Guessing: try a card, reason on with grade 3 until a contradiction rules the card
       out (or the square is solved). ``depth`` is how many guesses are nested.

    The grade is the smallest with which the riddle is solved, and maps onto the game's levels
    (:data:`LEVEL_NAMES`). Every riddle of order 4 turns out to have grade 1 or 2
    (:data:`HIGHEST_GRADE`): grades 3 and 4 complete the scale, but no riddle needs them.
    Raises :class:`~officers.UnsupportedError` unless the start has exactly one completion.

    >>> grade = grade_start(Square("ASKHQDJC/QCJDAHKS/JHQSKCAD/KD3"))
    >>> grade.level, grade.name, [str(step) for step in grade.steps]
    (1, 'Easy', ['A♣ on row 4, column 2 (only card for the cell)', 'J♠ on row 4, column 3 (only card for the cell)', 'Q♥ on row 4, column 4 (only card for the cell)'])
    >>> str(grade_start(Square("1KH1JC/KD3/QC3/4")))
    'grade 2 (Normal): also cards with one cell, ranks and suits with one place in a line'
    """
    rules = STANDARD_RULES if rules is None else rules
    _diagonals(rules)
    number = count_completions(square, rules)
    if number != 1:
        raise UnsupportedError(
            f"cannot grade {square.notation()!r}: it has {number} completions "
            f"({rules.describe()}); only a start with exactly one completion has a grade"
        )
    for level in (1, 2, 3):
        solver = _Reasoner(rules, level, 0)
        if solver.solve(square):
            return solver.grade(level, 0)
    for depth in range(1, max_depth + 1):
        solver = _Reasoner(rules, 3, depth)
        if solver.solve(square):
            return solver.grade(4, depth)
    raise UnsupportedError(  # pragma: no cover - a unique start is solved by deep enough guesses
        f"cannot grade {square.notation()!r} with at most {max_depth} nested guesses"
    )


class _ContradictionError(Exception):
    """The assumptions so far leave no completion."""


@functools.cache
def _tables(diagonals: bool, quarters: bool) -> tuple[Any, ...]:
    """``(units, peers, clash_free, rank_cards, suit_cards)`` of a rule set: the lines (and the
    quarters), the cells sharing a unit with each cell, the cards sharing neither rank nor suit
    with each card, and the cards of each rank and of each suit (bitsets)."""
    rules = DIAGONAL_RULES if diagonals else STANDARD_RULES
    units = [line.cells for line in rules.lines]
    if quarters:
        units += [
            tuple(N * (r0 + r) + c0 + c for r in range(2) for c in range(2))
            for r0 in (0, 2)
            for c0 in (0, 2)
        ]
    peers = tuple(
        tuple(sorted({o for unit in units if cell in unit for o in unit if o != cell}))
        for cell in range(CELLS)
    )
    clash_free = tuple(
        sum(1 << w for w in range(CELLS) if w >> 2 != v >> 2 and w & 3 != v & 3)
        for v in range(CELLS)
    )
    rank_cards = tuple(sum(1 << (N * r + s) for s in range(N)) for r in range(N))
    suit_cards = tuple(sum(1 << (N * r + s) for r in range(N)) for s in range(N))
    return tuple(units), peers, clash_free, rank_cards, suit_cards


class _Reasoner:
    """A person's reasoning on candidates: the techniques up to a level, and nested guesses."""

    def __init__(self, rules: Rules, level: int, depth: int) -> None:
        self.rules = rules
        self.level = level
        self.depth = depth
        quarters = rules.diagonals and level >= 3
        (
            self.units,
            self.peers,
            self.clash_free,
            self.rank_cards,
            self.suit_cards,
        ) = _tables(rules.diagonals, quarters)
        self.steps: list[Step] = []
        self.uses: dict[str, int] = {}

    def grade(self, level: int, depth: int) -> Grade:
        uses = tuple((t, self.uses[t]) for t in TECHNIQUES if t in self.uses)
        return Grade(level, depth, tuple(self.steps), uses)

    def solve(self, square: Square) -> bool:
        """Whether the reasoning solves the start (meant for starts with one completion)."""
        state = self.propagate(square)
        return state is not None and EMPTY not in state[0]

    def propagate(self, square: Square) -> tuple[list[int], list[int]] | None:
        """Reason as far as the techniques go: ``(placed, candidates)`` (a bitset of cards per
        cell), or ``None`` when the square turns out to have no completion. Without guesses
        (depth 0) it never rules out a card that some completion has on that cell."""
        placed = [EMPTY] * CELLS
        cand = [(1 << CELLS) - 1] * CELLS
        try:
            for cell, value in enumerate(square.values):
                if value != EMPTY:
                    self._place(placed, cand, cell, value)
            self._reason(placed, cand, self.depth, record=True)
        except _ContradictionError:
            return None
        return placed, cand

    def _place(self, placed: list[int], cand: list[int], cell: int, value: int) -> None:
        if not cand[cell] >> value & 1:
            raise _ContradictionError
        placed[cell] = value
        cand[cell] = 1 << value
        drop = ~(1 << value)
        for other in range(CELLS):
            if other != cell:
                cand[other] &= drop
        keep = self.clash_free[value]
        for peer in self.peers[cell]:
            cand[peer] &= keep

    def _note(self, technique: str, record: bool) -> None:
        if record:
            self.uses[technique] = self.uses.get(technique, 0) + 1

    def _reason(self, placed: list[int], cand: list[int], depth: int, *, record: bool) -> bool:
        """Apply the easiest technique that makes progress, again and again. True when solved,
        False when stuck; raises :class:`_ContradictionError` when the assumptions fail."""
        while True:
            if EMPTY not in placed:
                return True
            if self._singles(placed, cand, record):
                continue
            if self.level >= 2 and self._hidden(placed, cand, record):
                continue
            if self.level >= 3 and self._trap(placed, cand, record):
                continue
            if depth and self._guess(placed, cand, depth, record):
                continue
            return False

    def _singles(self, placed: list[int], cand: list[int], record: bool) -> bool:
        for cell in range(CELLS):
            if placed[cell] != EMPTY:
                continue
            bits = cand[cell]
            if not bits:
                raise _ContradictionError
            if bits & (bits - 1) == 0:
                value = bits.bit_length() - 1
                self._place(placed, cand, cell, value)
                self._note(SINGLE_CARD, record)
                if record:
                    self.steps.append(Step(cell, Card(value), SINGLE_CARD))
                return True
        return False

    def _hidden(self, placed: list[int], cand: list[int], record: bool) -> bool:
        free = [cell for cell in range(CELLS) if placed[cell] == EMPTY]
        for value in range(CELLS):
            if value in placed:
                continue
            cells = [cell for cell in free if cand[cell] >> value & 1]
            if not cells:
                raise _ContradictionError
            if len(cells) == 1:
                self._place(placed, cand, cells[0], value)
                self._note(SINGLE_CELL, record)
                if record:
                    self.steps.append(Step(cells[0], Card(value), SINGLE_CELL))
                return True
        progress = False
        for unit in self.units:
            have = [placed[c] for c in unit if placed[c] != EMPTY]
            open_cells = [c for c in unit if placed[c] == EMPTY]
            for symbols, shift in ((self.rank_cards, 2), (self.suit_cards, 0)):
                for symbol, cards in enumerate(symbols):
                    if any((v >> shift) & 3 == symbol for v in have):
                        continue
                    places = [c for c in open_cells if cand[c] & cards]
                    if not places:
                        raise _ContradictionError
                    if len(places) == 1 and cand[places[0]] & ~cards:
                        cand[places[0]] &= cards
                        self._note(LINE, record)
                        progress = True
        return progress

    def _trap(self, placed: list[int], cand: list[int], record: bool) -> bool:
        """Euler's trap (:func:`officers.analysis.check_euler`): the placed cards must not
        break the pairing, and a card whose placement would break it is ruled out."""
        from officers.analysis import check_euler

        rules = self.rules
        if check_euler(Square._make(N, tuple(placed)), rules):
            raise _ContradictionError
        progress = False
        for cell in range(CELLS):
            if placed[cell] != EMPTY:
                continue
            bits = cand[cell]
            while bits:
                low = bits & -bits
                bits ^= low
                placed[cell] = low.bit_length() - 1
                broken = check_euler(Square._make(N, tuple(placed)), rules)
                placed[cell] = EMPTY
                if broken:
                    cand[cell] &= ~low
                    self._note(TRAP, record)
                    progress = True
        return progress

    def _guess(self, placed: list[int], cand: list[int], depth: int, record: bool) -> bool:
        """Try each candidate of each open cell (fewest candidates first) and reason on with one
        guess less; rule out those that fail. True when something was learnt."""
        order = sorted(
            (cand[cell].bit_count(), cell) for cell in range(CELLS) if placed[cell] == EMPTY
        )
        for _, cell in order:
            bits = cand[cell]
            while bits:
                low = bits & -bits
                bits ^= low
                value = low.bit_length() - 1
                trial_placed, trial_cand = list(placed), list(cand)
                try:
                    self._place(trial_placed, trial_cand, cell, value)
                    solved = self._reason(trial_placed, trial_cand, depth - 1, record=False)
                except _ContradictionError:
                    cand[cell] &= ~low
                    self._note(GUESS, record)
                    return True
                if solved:
                    self._note(GUESS, record)
                    for other in range(CELLS):
                        if placed[other] == EMPTY:
                            self._place(placed, cand, other, trial_placed[other])
                            if record:
                                self.steps.append(Step(other, Card(trial_placed[other]), GUESS))
                    return True
        return False


# --- new riddles -------------------------------------------------------------------------------


class RiddleNotFoundError(OfficersError):
    """:func:`new_start` tried as often as it was allowed and found no riddle as asked."""


@dataclass(frozen=True)
class Riddle:
    """A generated riddle: the start, its only completion, its grade, and the seed that makes it
    again (``new_start(..., seed=riddle.seed)`` with the same other arguments)."""

    start: Square
    solution: Square
    rules: Rules
    seed: int | str
    minimal: bool
    grade: Grade

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "start": self.start.to_dict(),
            "solution": self.solution.notation(),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "cards": self.start.placed_count(),
            "minimal": self.minimal,
            "grade": self.grade.to_dict(),
        }


def new_start(
    k: int | None = None,
    rules: Rules | None = None,
    *,
    seed: int | str | None = None,
    minimal: bool = False,
    difficulty: int | str | None = None,
    max_tries: int = 2000,
) -> Riddle:
    """A random riddle: a ``k``-card start with exactly one completion.

    ``k`` defaults to the smallest number of cards a riddle can have (4). ``minimal=True`` asks
    for a minimal riddle (no card can be left out); ``difficulty`` for a grade (1-4, or the
    level names ``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``; see :func:`grade_start`).

    The same ``seed`` (an int or a str) gives the same riddle on every machine and Python
    version: the generator draws only ``random.Random(seed).getrandbits(...)`` (the Mersenne
    Twister, whose output for a given seed Python keeps fixed) and turns the bits into choices
    with its own code, never iterating a set or depending on hash seeds. Without a seed it makes
    one up and records it in :attr:`Riddle.seed`.

    Each try picks a finished square and a random set of ``k`` cells of it (uniformly), and keeps
    it if it is unique (minimal, of the difficulty asked): so every riddle asked for is equally
    likely. After ``max_tries`` tries it raises :class:`RiddleNotFoundError`. Raises :class:`~officers.UnsupportedError` when no such
    riddle exists at all (fewer cards than the census allows, a minimal riddle with more
    cards than any, or a grade above :data:`HIGHEST_GRADE`).

    >>> riddle = new_start(k=5, seed="Euler", minimal=True)
    >>> riddle.start == new_start(k=5, seed="Euler", minimal=True).start
    True
    >>> riddle.minimal, verify_start(riddle.start).minimal
    (True, True)
    """
    rules = STANDARD_RULES if rules is None else rules
    diagonals = _diagonals(rules)
    table = census(rules)
    k = table.smallest if k is None else _check_k(k)
    wanted = None if difficulty is None else _difficulty(difficulty)
    if table.row(k).unique == 0:
        raise UnsupportedError(
            f"no {k}-card start has exactly one completion ({rules.describe()}): "
            f"a riddle needs at least {table.smallest} cards (the census)"
        )
    if minimal and table.row(k).minimal == 0:
        raise UnsupportedError(
            f"no {k}-card riddle is minimal ({rules.describe()}): minimal riddles have "
            f"{table.smallest}-{table.largest_minimal} cards (the census)"
        )
    if wanted is not None and wanted > HIGHEST_GRADE:
        raise UnsupportedError(
            f"no riddle has grade {wanted} ({LEVEL_NAMES[wanted]}): every riddle is solved with "
            f"grade {HIGHEST_GRADE} reasoning or less (see officers.puzzles.HIGHEST_GRADE)"
        )
    import random

    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    elif not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise NotationError(f"a seed is an int or a str, got {seed!r}")
    from officers.solve.index import CompletionIndex

    index = CompletionIndex.get(DIAGONAL_RULES if diagonals else STANDARD_RULES)
    rng = random.Random(seed)
    for _ in range(max_tries):
        values = index.values[_below(rng, len(index))]
        cells = _shuffled(rng, CELLS)[:k]
        start = Square._make(N, tuple(values[c] if c in cells else EMPTY for c in range(CELLS)))
        if index.count(start) != 1:
            continue
        is_minimal = all(index.count(start.remove(c)) > 1 for c in cells)
        if minimal and not is_minimal:
            continue
        grade = grade_start(start, rules)
        if wanted is not None and grade.level != wanted:
            continue
        solution = Square._make(N, values)
        return Riddle(start, solution, rules, seed, is_minimal, grade)
    wish = "" if wanted is None else f" of grade {wanted} ({LEVEL_NAMES[wanted]})"
    raise RiddleNotFoundError(
        f"found no {'minimal ' if minimal else ''}{k}-card riddle{wish} in {max_tries} tries "
        f"(seed {seed!r}, {rules.describe()}); try another number of cards"
    )


def _below(rng: random.Random, n: int) -> int:
    """A uniform int in ``0 .. n-1`` from ``rng.getrandbits`` only (rejection sampling)."""
    bits = n.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < n:
            return value


def _shuffled(rng: random.Random, n: int) -> list[int]:
    """``0 .. n-1`` in a random order (Fisher-Yates, drawing with :func:`_below`)."""
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def _difficulty(difficulty: int | str) -> int:
    if isinstance(difficulty, str):
        text = difficulty.strip().casefold()
        for level, name in LEVEL_NAMES.items():
            if text in (name.casefold(), str(level)):
                return level
    elif (
        isinstance(difficulty, int)
        and not isinstance(difficulty, bool)
        and difficulty in LEVEL_NAMES
    ):
        return difficulty
    raise NotationError(
        f"cannot read difficulty {difficulty!r}: expected 1-4 or easy, normal, hard, expert"
    )


def _check_k(k: object) -> int:
    if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= CELLS:
        raise NotationError(f"the number of cards of a start is 0-16, got {k!r}")
    return k


def _diagonals(rules: Rules) -> bool:
    if not isinstance(rules, Rules):
        raise NotationError(f"expected Rules, got {rules!r}")
    if rules.order != N:
        raise UnsupportedError(f"puzzle starts are implemented for order 4 only, not for {rules!r}")
    return rules.diagonals
