"""The census of unique starts: how many ``k``-card starts have exactly one completion.

>>> from officers import Rules
>>> census(Rules()).smallest
4
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from officers.euler.bitboard import key
from officers.euler.puzzles.base import CELLS, FIRST_ROW, RELABELLINGS, SUBSETS, N, order4_diagonals
from officers.euler.rules import DIAGONAL_RULES, STANDARD_RULES, Rules
from officers.euler.solve.index import CompletionIndex

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "Census",
    "CensusData",
    "CensusRow",
    "census",
    "census_data",
    "subset_masks",
    "unique_sets",
]


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
    data = census_data(order4_diagonals(rules))
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
class CensusData:
    """The census of the representatives (to be multiplied by 576): what :func:`census`,
    :func:`~officers.euler.puzzles.classes.start_classes` and
    :func:`~officers.euler.puzzles.classes.count_classes_burnside` read."""

    diagonals: bool
    finished: int
    representatives: tuple[int, ...]  # their numbers in the index
    unique_sets: tuple[int, ...]  # per representative: bit T set iff S on T is unique
    unique: tuple[int, ...]  # per k
    minimal: tuple[int, ...]  # per k
    histogram: tuple[dict[int, int], ...] = field(repr=False)  # per k: completions -> count


@functools.cache
def subset_masks() -> tuple[tuple[int, ...], tuple[int, ...]]:
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
    _, without = subset_masks()
    for cell in range(CELLS):
        sets |= (sets & without[cell]) << (1 << cell)
    return sets


def _minimal_sets(unique: int) -> int:
    """The sets in ``unique`` (closed upwards) none of whose one-smaller subsets is in it."""
    _, without = subset_masks()
    bigger = 0
    for cell in range(CELLS):
        bigger |= (unique & without[cell]) << (1 << cell)
    return unique & ~bigger


def unique_sets(index: CompletionIndex, square: int) -> tuple[int, list[dict[int, int]]]:
    """For finished square number ``square``: the int whose bit ``T`` says that the square's
    cards on the cells ``T`` have exactly one completion, and per ``k`` the histogram
    ``completions -> number of non-unique sets T``."""
    values = index.values[square]
    keys = [key(cell, values[cell]) for cell in range(CELLS)]
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
def census_data(diagonals: bool) -> CensusData:
    """The census of the representatives of a rule set, computed once per process."""
    index = CompletionIndex.get(DIAGONAL_RULES if diagonals else STANDARD_RULES)
    level, _ = subset_masks()
    representatives = tuple(
        number for number, values in enumerate(index.values) if values[:N] == FIRST_ROW
    )
    unique = [0] * (CELLS + 1)
    minimal = [0] * (CELLS + 1)
    histogram: list[dict[int, int]] = [{} for _ in range(CELLS + 1)]
    per_representative: list[int] = []
    for number in representatives:
        sets, counts = unique_sets(index, number)
        per_representative.append(sets)
        least = _minimal_sets(sets)
        for k in range(CELLS + 1):
            unique[k] += (sets & level[k]).bit_count()
            minimal[k] += (least & level[k]).bit_count()
            for found, count in counts[k].items():
                histogram[k][found] = histogram[k].get(found, 0) + count
    return CensusData(
        diagonals,
        len(index),
        representatives,
        tuple(per_representative),
        tuple(unique),
        tuple(minimal),
        tuple(histogram),
    )
