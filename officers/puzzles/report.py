"""The report of one start: what a puzzle editor wants to know before printing it.

Glossary
--------
solving path
    The placements of the grader (:func:`~officers.puzzles.grade_start`) in order, each with
    its technique and the reason in words: the lines through the cell and what they already
    hold.
rating
    The hardest technique the path needs and how many of its steps need it, with the grade.
class
    The riddle's representative under each kind of symmetry (:data:`officers.symmetry.KINDS`):
    ``"lines"`` (the same picture up to the square's moves) and ``"puzzle"`` (the same
    puzzle).

The reasons are in English only (:mod:`officers.words` has no sentences for the grader's
steps yet).

>>> from officers.puzzles import OZANAM_START
>>> report = start_report(OZANAM_START)
>>> report.verification.minimal, report.rating
(True, 'only card for the cell × 12 (grade 1, Easy)')
>>> print(report.path[0])
1. K♦ on row 1, column 2 (only card for the cell): row 1 holds A♣; column 2 holds J♠, A♥; of the 12 cards still free only K♦ fits
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from officers.cards import Card
from officers.puzzles.base import CELLS, order4_diagonals
from officers.puzzles.batch import SCHEMA_VERSION
from officers.puzzles.classes import riddle_classes
from officers.puzzles.grade import (
    GUESS,
    LEVEL_NAMES,
    SINGLE_CARD,
    SINGLE_CELL,
    TECHNIQUES,
    Grade,
    Step,
    grade_start,
)
from officers.puzzles.verify import StartReport, verify_start
from officers.rules import STANDARD_RULES, Rules
from officers.square import EMPTY, Square, describe_cell

__all__ = ["PathStep", "Report", "start_report"]


@dataclass(frozen=True)
class PathStep:
    """One step of the solving path: the grader's :class:`~officers.puzzles.grade.Step` and
    its reason in words."""

    number: int
    step: Step
    reason: str

    def __str__(self) -> str:
        return f"{self.number}. {self.step}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "step": self.number,
            "cell": self.step.cell,
            "where": describe_cell(self.step.cell),
            "card": self.step.card.notation(),
            "technique": self.step.technique,
            "text": {"en": self.reason},
        }


@dataclass(frozen=True)
class Report:
    """Everything about one start (see :func:`start_report`)."""

    verification: StartReport
    grade: Grade | None
    path: tuple[PathStep, ...]
    classes: dict[str, Square | None]

    @property
    def rating(self) -> str | None:
        """The hardest technique of the path, how many steps need it, and the grade."""
        if self.grade is None or not self.path:
            return None
        hardest = max(TECHNIQUES.index(s.step.technique) for s in self.path)
        times = sum(TECHNIQUES.index(s.step.technique) == hardest for s in self.path)
        return (
            f"{TECHNIQUES[hardest]} × {times} (grade {self.grade.level}, "
            f"{LEVEL_NAMES[self.grade.level]})"
        )

    def text(self) -> str:
        """The report as a few paragraphs of English."""
        start = self.verification.start
        lines = [str(start), "", f"{self.verification.reason()} ({self.verification.rules.describe()})"]
        if self.verification.completion is not None:
            lines.append(f"completion: {self.verification.completion.notation()}")
        if self.grade is not None:
            lines += [str(self.grade), f"rating: {self.rating}", "", "solving path:"]
            lines += [f"  {step}" for step in self.path]
        for kind, square in self.classes.items():
            if square is not None:
                from officers.symmetry import KINDS

                lines.append(f"class ({KINDS[kind]}): {square.notation()}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: a ``"start-report"`` document (docs/json.md): the start and its
        completion as notations, the cards not needed (``redundant``, cell and card), the
        verdict's sentence under ``text``, the grade, the rating, the solving path and the
        classes.

        >>> from officers.puzzles import OZANAM_START
        >>> data = start_report(OZANAM_START).to_dict()
        >>> data["kind"], data["start"], data["completions"], data["path"][0]["card"]
        ('start-report', 'AC3/1JS2/1AH1QD/4', 1, 'KD')
        """
        verification = self.verification
        start = verification.start
        return {
            "version": SCHEMA_VERSION,
            "kind": "start-report",
            "start": start.notation(),
            "rules": verification.rules.to_dict(),
            "completions": verification.completions,
            "unique": verification.unique,
            "minimal": verification.minimal,
            "completion": None
            if verification.completion is None
            else verification.completion.notation(),
            "redundant": [
                {"cell": cell, "card": Card(start.values[cell]).notation()}
                for cell in verification.redundant
            ],
            "text": {"en": verification.reason()},
            "grade": None if self.grade is None else self.grade.to_dict(),
            "rating": self.rating,
            "path": [step.to_dict() for step in self.path],
            "classes": {
                kind: None if square is None else square.notation()
                for kind, square in self.classes.items()
            },
        }


def start_report(square: Square, rules: Rules | None = None) -> Report:
    """The report of one start: its completions, which cards are needed, its grade, the
    solving path with a reason for each step, its rating, and its class under both kinds of
    symmetry (for a riddle; ``None`` otherwise).

    >>> from officers import Rules
    >>> report = start_report(Square("ADJC2/4/JS3/KC3"), Rules(diagonals=True))
    >>> report.classes["puzzle"], report.grade.name
    (Square('AS1QDJC/QC3/4/4'), 'Easy')
    """
    rules = STANDARD_RULES if rules is None else rules
    order4_diagonals(rules)
    verification = verify_start(square, rules)
    if not verification.unique:
        return Report(verification, None, (), {"lines": None, "puzzle": None})
    grade = grade_start(square, rules)
    path = tuple(
        PathStep(number, step, reason)
        for number, (step, reason) in enumerate(_reasons(square, rules, grade.steps), 1)
    )
    classes: dict[str, Square | None] = {
        kind: riddle_classes(rules, kind).representative(square) for kind in ("lines", "puzzle")
    }
    return Report(verification, grade, path, classes)


def _reasons(square: Square, rules: Rules, steps: tuple[Step, ...]) -> list[tuple[Step, str]]:
    """Each step with its reason, replayed on the square as it stands before the step."""
    values = list(square.values)
    out = []
    for step in steps:
        out.append((step, _reason(values, rules, step)))
        values[step.cell] = int(step.card)
    return out


def _clashes(values: list[int], rules: Rules, cell: int, card: int) -> bool:
    """Whether a line through the cell holds a card of the card's rank or suit."""
    return any(
        values[o] != EMPTY and (values[o] >> 2 == card >> 2 or values[o] & 3 == card & 3)
        for line in rules.lines_through(cell)
        for o in line.cells
    )


def _reason(values: list[int], rules: Rules, step: Step) -> str:
    card = int(step.card)
    if step.technique == SINGLE_CARD:
        held = []
        for line in rules.lines_through(step.cell):
            cards = [str(Card(values[c])) for c in line.cells if values[c] != EMPTY]
            if cards:
                held.append(f"{line.name} holds {', '.join(cards)}")
        where = "; ".join(held) if held else "no line through it holds a card yet"
        free = [v for v in range(CELLS) if v not in values]
        fits = [v for v in free if not _clashes(values, rules, step.cell, v)]
        if len(fits) == 1:
            if len(free) == 1:
                return f"{where}; {step.card} is the last card"
            return f"{where}; of the {len(free)} cards still free only {step.card} fits"
        others = ", ".join(str(Card(v)) for v in fits if v != card)
        return (
            f"{where}; of the cards that fit ({step.card}, {others}) the others are ruled out "
            "here because a rank or suit has its only place elsewhere in a line"
        )
    if step.technique == SINGLE_CELL:
        empty = [c for c in range(CELLS) if values[c] == EMPTY and c != step.cell]
        blocked = sum(_clashes(values, rules, cell, card) for cell in empty)
        rank, suit = step.card.rank.name_en(), step.card.suit.name_en().lower()
        reason = f"{step.card} fits no other empty cell: "
        if blocked == len(empty):
            return reason + f"each shares a line with a {rank} or a card of {suit}"
        return reason + (
            f"{blocked} of the other {len(empty)} share a line with a {rank} or a card of "
            f"{suit}, the rest must take a rank or suit that has its only place there"
        )
    if step.technique == GUESS:
        return "every other card tried here leads to a contradiction"
    return f"the only place left in its line for {step.card}"  # pragma: no cover - no such path
