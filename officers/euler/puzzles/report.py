"""The report of one start: what a puzzle editor wants to know before printing it.

Glossary
--------
solving path
    The placements of the grader (:func:`~officers.euler.puzzles.grade_start`) in order, each with
    its technique and the reason in words: the lines through the cell and what they already
    hold.
rating
    The hardest technique the path needs and how many of its steps need it, with the grade.
class
    The riddle's representative under each kind of symmetry (:data:`officers.euler.symmetry.KINDS`):
    ``"lines"`` (the same picture up to the square's moves) and ``"puzzle"`` (the same
    puzzle).

The reasons are facts (:class:`StepReason`) told in each language of :mod:`officers.euler.words`
(``text("de")``: German).

>>> from officers.euler.puzzles import OZANAM_START
>>> report = start_report(OZANAM_START)
>>> report.verification.minimal, report.rating
(True, 'only card for the cell × 12 (grade 1, Easy)')
>>> print(report.path[0])
1. K♦ on row 1, column 2 (only card for the cell): row 1 holds A♣; column 2 holds J♠, A♥; of the 12 cards still free only K♦ fits
>>> print(report.path[0].text("de"))
1. Karo-König auf Zeile 1, Spalte 2 (einzige Karte für das Feld): Zeile 1 enthält Kreuz-Ass; Spalte 2 enthält Pik-Bube und Herz-Ass; von den 12 noch freien Karten passt nur Karo-König
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, cast

from officers.euler.cards import Card
from officers.euler.puzzles.base import CELLS, order4_diagonals
from officers.euler.puzzles.batch import SCHEMA_VERSION
from officers.euler.puzzles.classes import riddle_classes
from officers.euler.puzzles.grade import (
    LEVEL_NAMES,
    SINGLE_CARD,
    SINGLE_CELL,
    TECHNIQUES,
    Grade,
    Step,
    grade_start,
)
from officers.euler.puzzles.verify import StartReport, verify_start
from officers.euler.rules import STANDARD_RULES, Line, Rules
from officers.euler.square import EMPTY, Square, describe_cell
from officers.euler.words import Language, read_lang, speaker

__all__ = ["PathStep", "Report", "StepReason", "start_report"]


class PuzzleWords(Protocol):
    """The sentences about starts that each module of :mod:`officers.euler.words` has."""

    LABELS: Mapping[str, str]

    def start_verdict(self, fact: StartReport) -> str: ...

    def grade(self, fact: Grade) -> str: ...

    def path_step(self, fact: StepReason) -> str: ...

    def path_step_line(self, number: int, fact: StepReason) -> str: ...


def words(lang: Language) -> PuzzleWords:
    """The sentences about starts in ``lang`` (:func:`officers.euler.words.speaker`)."""
    return cast("PuzzleWords", speaker(lang))


@dataclass(frozen=True)
class StepReason:
    """Why a step of the solving path is forced, as facts: the ``technique``, the ``cell`` and
    the ``card``; for the only card of a cell, the lines through it with the cards they hold
    (``held``), how many cards are still ``free`` and which of them ``fits``; for the only
    cell of a card, how many ``empty`` cells there are besides and how many of them are
    ``blocked`` (share a line with its rank or suit)."""

    technique: str
    cell: int
    card: Card
    held: tuple[tuple[Line, tuple[Card, ...]], ...] = ()
    free: int = 0
    fits: tuple[Card, ...] = ()
    empty: int = 0
    blocked: int = 0

    def text(self, lang: Language = "en") -> str:
        """The reason in words."""
        return words(lang).path_step(self)


@dataclass(frozen=True)
class PathStep:
    """One step of the solving path: the grader's :class:`~officers.euler.puzzles.grade.Step` and
    why it is forced (:class:`StepReason`)."""

    number: int
    step: Step
    why: StepReason

    @property
    def reason(self) -> str:
        """The reason in English."""
        return self.why.text("en")

    def text(self, lang: Language = "en") -> str:
        """``1. K♦ on row 1, column 2 (only card for the cell): ...`` in ``lang``."""
        return words(lang).path_step_line(self.number, self.why)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form (the reason under ``text``, by language: ``lang`` as in
        :func:`officers.euler.words.read_lang`)."""
        return {
            "step": self.number,
            "cell": self.step.cell,
            "where": describe_cell(self.step.cell),
            "card": self.step.card.notation(),
            "technique": self.step.technique,
            "text": {code: self.why.text(code) for code in read_lang(lang)},
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

    def text(self, lang: Language = "en") -> str:
        """The report as a few paragraphs in ``lang``."""
        told = words(lang)
        labels = told.LABELS
        verification = self.verification
        lines = [str(verification.start), "", self.verdict(lang)]
        if verification.completion is not None:
            lines.append(f"{labels['completion']}: {verification.completion.notation()}")
        if self.grade is not None:
            lines.append(told.grade(self.grade))
            lines += [f"{labels['rating']}: {self.rating_text(lang)}", "", f"{labels['path']}:"]
            lines += [f"  {step.text(lang)}" for step in self.path]
        for kind, square in self.classes.items():
            if square is not None:
                lines.append(f"{labels['class']} ({labels[kind]}): {square.notation()}")
        return "\n".join(lines)

    def verdict(self, lang: Language = "en") -> str:
        """What the start is, with its rule set, in ``lang``: ``exactly one completion, and
        every card is needed (rows and columns)``."""
        verification = self.verification
        rules = _rules_name(verification.rules, lang)
        return f"{words(lang).start_verdict(verification)} ({rules})"

    def rating_text(self, lang: Language = "en") -> str | None:
        """:attr:`rating` in ``lang``."""
        if lang == "en" or self.grade is None or not self.path:
            return self.rating
        from officers.euler.words import de

        hardest = max(TECHNIQUES.index(s.step.technique) for s in self.path)
        times = sum(TECHNIQUES.index(s.step.technique) == hardest for s in self.path)
        technique = de.TECHNIQUE.get(TECHNIQUES[hardest], TECHNIQUES[hardest])
        level = self.grade.level
        return f"{technique} × {times} (Stufe {level}, {de.LEVEL.get(level, self.grade.name)})"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form: a ``"start-report"`` document (docs/json.md): the start and its
        completion as notations, the cards not needed (``redundant``, cell and card), the
        verdict's sentence under ``text``, the grade, the rating, the solving path and the
        classes.

        >>> from officers.euler.puzzles import OZANAM_START
        >>> data = start_report(OZANAM_START).to_dict()
        >>> data["kind"], data["start"], data["completions"], data["path"][0]["card"]
        ('start-report', 'AC3/1JS2/1AH1QD/4', 1, 'KD')
        """
        verification = self.verification
        start = verification.start
        langs = read_lang(lang)
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
            "text": {code: words(code).start_verdict(verification) for code in langs},
            "grade": None if self.grade is None else self.grade.to_dict(),
            "rating": self.rating,
            "path": [step.to_dict(lang) for step in self.path],
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
        PathStep(number, step, why)
        for number, (step, why) in enumerate(_reasons(square, rules, grade.steps), 1)
    )
    classes: dict[str, Square | None] = {
        kind: riddle_classes(rules, kind).representative(square) for kind in ("lines", "puzzle")
    }
    return Report(verification, grade, path, classes)


def _rules_name(rules: Rules, lang: Language) -> str:
    if lang == "de":
        from officers.euler.words import de

        return de.rules_name(rules)
    return rules.describe()


def _reasons(
    square: Square, rules: Rules, steps: tuple[Step, ...]
) -> list[tuple[Step, StepReason]]:
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


def _reason(values: list[int], rules: Rules, step: Step) -> StepReason:
    card = int(step.card)
    if step.technique == SINGLE_CARD:
        held = []
        for line in rules.lines_through(step.cell):
            cards = tuple(Card(values[c]) for c in line.cells if values[c] != EMPTY)
            if cards:
                held.append((line, cards))
        free = [v for v in range(CELLS) if v not in values]
        fits = tuple(Card(v) for v in free if not _clashes(values, rules, step.cell, v))
        return StepReason(step.technique, step.cell, step.card, tuple(held), len(free), fits)
    if step.technique == SINGLE_CELL:
        empty = [c for c in range(CELLS) if values[c] == EMPTY and c != step.cell]
        blocked = sum(_clashes(values, rules, cell, card) for cell in empty)
        return StepReason(step.technique, step.cell, step.card, empty=len(empty), blocked=blocked)
    return StepReason(step.technique, step.cell, step.card)
