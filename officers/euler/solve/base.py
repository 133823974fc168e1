"""The one interface of the solvers: what every backend answers, under the same names.

Glossary
--------
backend
    One way of answering: the completion index (order 4), the backtracker, CP-SAT. Each module
    of :mod:`officers.euler.solve` has one backend object that implements :class:`Solver`.
completion
    A finished square that extends the square (keeps every card where it is).
safe placement
    A ``(cell, value)`` that the rules allow and after which the square is still completable.

The facade (:mod:`officers.euler.solve`) checks the arguments, then dispatches to a backend through
a table ``{method name: backend}``; a backend may assume that the square and the rules have the
same order. An operation a backend cannot do raises :class:`~officers.UnsupportedError`.

>>> from officers import Rules, Square
>>> from officers.euler.solve.backtrack import BACKTRACK
>>> isinstance(BACKTRACK, Solver), BACKTRACK.count(Square("AC3/1JS2/1AH1QD/4"), Rules())
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, runtime_checkable

from officers.euler.rules import Rules
from officers.euler.square import Square

__all__ = ["DEFAULT_TIME_LIMIT", "Solver", "safe_placements_by_counting"]

DEFAULT_TIME_LIMIT: float = 10.0
"""Seconds a search with a time limit (CP-SAT's functions, the command line's searches) may
run by default before it gives up with a ``SolverTimeoutError``."""


@runtime_checkable
class Solver(Protocol):
    """What a backend answers about a square under a rule set of the same order.

    ``time_limit`` (seconds, ``None`` for none) bounds a backend that may run long (CP-SAT);
    out of time it raises :class:`~officers.SolverTimeoutError`. The others ignore it (and
    default it).
    """

    name: str
    """The method name the facade knows the backend by (``"index"``, ...)."""

    def is_completable(self, square: Square, rules: Rules, *, time_limit: float | None) -> bool:
        """Whether some finished square extends the square."""
        ...

    def count(self, square: Square, rules: Rules, *, time_limit: float | None) -> int:
        """The number of finished squares that extend the square."""
        ...

    def completions(
        self, square: Square, rules: Rules, *, time_limit: float | None
    ) -> Iterator[Square]:
        """The finished squares that extend the square, one at a time."""
        ...

    def safe_placements(
        self, square: Square, rules: Rules, *, time_limit: float | None
    ) -> dict[tuple[int, int], int]:
        """Every ``(cell, value)`` whose placement keeps the square completable, with the number
        of completions each leaves, in cell then value order."""
        ...


def safe_placements_by_counting(
    solver: Solver, square: Square, rules: Rules, *, time_limit: float | None = None
) -> dict[tuple[int, int], int]:
    """:meth:`Solver.safe_placements` for a backend that counts: one count per legal placement,
    all of them within the one ``time_limit`` (:class:`~officers.SolverTimeoutError` once it is
    spent, whatever count is running then).

    >>> from officers import Rules, Square
    >>> from officers.euler.solve.backtrack import BACKTRACK
    >>> len(safe_placements_by_counting(BACKTRACK, Square("AC3/1JS2/1AH1QD/4"), Rules()))
    12
    """
    import time

    from officers.core.errors import SolverTimeoutError

    deadline = None if time_limit is None else time.monotonic() + time_limit
    result: dict[tuple[int, int], int] = {}
    for cell, value in rules.legal_placements(square):
        left_time = None if deadline is None else deadline - time.monotonic()
        if left_time is not None and left_time <= 0:
            raise SolverTimeoutError(f"the safe placements took more than {time_limit:g} s")
        left = solver.count(square.place(cell, value), rules, time_limit=left_time)
        if left:
            result[(cell, value)] = left
    return result
