"""The human-technique grader: the reasoning a person needs to solve a riddle.

Glossary
--------
technique
    One kind of reasoning step (:data:`TECHNIQUES`, easiest first).
grade
    The smallest level of techniques (1-4) with which the riddle is solved; it maps onto the
    game's levels (:data:`LEVEL_NAMES`).
candidates
    For each cell, the bitset of the cards it may still hold (bit ``v``: card ``v``).

>>> from officers import Square
>>> grade_start(Square("ASKHQDJC/QCJDAHKS/JHQSKCAD/KD3")).name
'Easy'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final

from officers.core.errors import UnsupportedError
from officers.euler.bitboard import ALL_CARDS_SET, PEERS, RANK_CARDS, SUIT_CARDS
from officers.euler.cards import Card
from officers.euler.puzzles.base import CELLS, N, order4_diagonals
from officers.euler.rules import DIAGONAL_RULES, STANDARD_RULES, Rules
from officers.euler.solve import count_completions
from officers.euler.square import EMPTY, Square, describe_cell

__all__ = [
    "GUESS",
    "HIGHEST_GRADE",
    "LEVEL_NAMES",
    "LINE",
    "SINGLE_CARD",
    "SINGLE_CELL",
    "TECHNIQUES",
    "TRAP",
    "Grade",
    "Reasoner",
    "Step",
    "grade_start",
]

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
       trap (:func:`officers.euler.analysis.check_euler`) is ruled out. With the
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
    order4_diagonals(rules)
    number = count_completions(square, rules)
    if number != 1:
        raise UnsupportedError(
            f"cannot grade {square.notation()!r}: it has {number} completions "
            f"({rules.describe()}); only a start with exactly one completion has a grade"
        )
    for level in (1, 2, 3):
        solver = Reasoner(rules, level, 0)
        if solver.solve(square):
            return solver.grade(level, 0)
    for depth in range(1, max_depth + 1):
        solver = Reasoner(rules, 3, depth)
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
    peers = PEERS[diagonals]
    if quarters:
        peers = tuple(
            tuple(sorted({o for unit in units if cell in unit for o in unit if o != cell}))
            for cell in range(CELLS)
        )
    clash_free = tuple(
        sum(1 << w for w in range(CELLS) if w >> 2 != v >> 2 and w & 3 != v & 3)
        for v in range(CELLS)
    )
    return tuple(units), peers, clash_free, RANK_CARDS, SUIT_CARDS


class Reasoner:
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
        cand = [ALL_CARDS_SET] * CELLS
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
        """Euler's trap (:func:`officers.euler.analysis.check_euler`): the placed cards must not
        break the pairing, and a card whose placement would break it is ruled out."""
        from officers.euler.analysis import check_euler

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
