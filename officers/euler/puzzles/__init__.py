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

The modules: :mod:`~officers.euler.puzzles.verify` (one start), :mod:`~officers.euler.puzzles.batch`
(many starts at once), :mod:`~officers.euler.puzzles.counting`
(the census), :mod:`~officers.euler.puzzles.classes` (classes under the symmetries),
:mod:`~officers.euler.puzzles.grade` (the human-technique grader) and
:mod:`~officers.euler.puzzles.generate` (new riddles). Importing the package builds no index.

>>> from officers import Rules
>>> from officers.euler.puzzles import OZANAM_START, verify_start, census, new_start
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

from typing import TYPE_CHECKING, Any

from officers.core.errors import RiddleNotFoundError
from officers.euler.puzzles.verify import (
    OZANAM_DIAGONAL_START,
    OZANAM_START,
    StartReport,
    verify_start,
)

if TYPE_CHECKING:
    from officers.euler.puzzles.batch import BatchResult, BatchSummary, verify_batch
    from officers.euler.puzzles.classes import (
        RiddleClasses,
        StartClass,
        count_classes_burnside,
        riddle_classes,
        start_classes,
    )
    from officers.euler.puzzles.counting import Census, CensusRow, census
    from officers.euler.puzzles.generate import Riddle, new_start
    from officers.euler.puzzles.grade import (
        HIGHEST_GRADE,
        LEVEL_NAMES,
        TECHNIQUES,
        Grade,
        Step,
        grade_start,
    )

# The other modules load on first use of one of their names, so that the game (which takes the
# Ozanam starts from here) does not load the census, the classes and the generator.
_LAZY: dict[str, str] = {
    **dict.fromkeys(("BatchResult", "BatchSummary", "verify_batch"), "batch"),
    **dict.fromkeys(
        (
            "RiddleClasses",
            "StartClass",
            "count_classes_burnside",
            "riddle_classes",
            "start_classes",
        ),
        "classes",
    ),
    **dict.fromkeys(("Census", "CensusRow", "census"), "counting"),
    **dict.fromkeys(("Riddle", "new_start"), "generate"),
    **dict.fromkeys(
        ("HIGHEST_GRADE", "LEVEL_NAMES", "TECHNIQUES", "Grade", "Step", "grade_start"), "grade"
    ),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "HIGHEST_GRADE",
    "LEVEL_NAMES",
    "OZANAM_DIAGONAL_START",
    "OZANAM_START",
    "TECHNIQUES",
    "BatchResult",
    "BatchSummary",
    "Census",
    "CensusRow",
    "Grade",
    "Riddle",
    "RiddleClasses",
    "RiddleNotFoundError",
    "StartClass",
    "StartReport",
    "Step",
    "census",
    "count_classes_burnside",
    "grade_start",
    "new_start",
    "riddle_classes",
    "start_classes",
    "verify_batch",
    "verify_start",
]
