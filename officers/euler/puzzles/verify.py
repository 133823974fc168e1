"""Verify a start: its completions, the completion when it is unique, whether it is minimal.

Importing this module (and :mod:`officers.euler.puzzles`) builds nothing: the index is built on the
first question that needs it.

>>> report = verify_start(OZANAM_START)
>>> report.completions, report.minimal
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from officers.euler.cards import Card
from officers.euler.rules import Rules, rules_for
from officers.euler.solve import Method, completions, count_completions
from officers.euler.square import EMPTY, Square, describe_cell

__all__ = ["OZANAM_DIAGONAL_START", "OZANAM_START", "StartReport", "verify_start"]

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

    Parameters
    ----------
    square : Square
        The start.
    rules : Rules or None
        The rule set (default: rows and columns, at the square's order).
    method : {"index", "backtrack", "cpsat"} or None
        Passed to :func:`officers.count_completions` (default: the index at order 4).
    time_limit : float or None
        Seconds for each count.

    Returns
    -------
    StartReport
        The number of completions, the completion when it is unique, whether the start is
        minimal and which of its cards are redundant.

    Raises
    ------
    SolverTimeoutError
        When a count runs out of time.

    Examples
    --------
    >>> from officers import Rules
    >>> report = verify_start(OZANAM_DIAGONAL_START, Rules(diagonals=True))
    >>> report.unique, report.minimal, report.completion
    (True, True, Square('ADJCKHQS/QHKSJDAC/JSAHQCKD/KCQDASJH'))
    >>> verify_start(OZANAM_START, Rules(diagonals=True)).completions
    0
    """
    rules = rules_for(square, rules)
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
