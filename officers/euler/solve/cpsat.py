"""Exact answers from OR-tools CP-SAT, for any order, with or without the diagonals.

CP-SAT is a third, independent method next to the index and the backtracker: a general solver
that knows nothing about squares beyond the model below. It takes a time limit; when the limit
runs out before the answer is known it raises :class:`~officers.SolverTimeoutError`
("unknown") instead of guessing or hanging. ``ortools`` is imported only when a function here is
called (it takes about half a second), never when this module is imported.

The model
---------
An exact-cover model over Boolean variables: one variable ``x[cell, value]`` for every empty
cell and every value not yet placed that the rules still allow there (no line through the cell
holds its first or its second symbol), and *exactly one* chosen variable in each group:

- each empty cell holds one value;
- each value not yet placed goes on one cell;
- each line gets each first symbol it misses once, and each second symbol it misses once.

A line has ``n`` cells and must hold ``n`` distinct first symbols, so "exactly one" (not "at most
one") is right for every group, diagonals included.

Why this model, measured on the empty order-4 square (one worker, 2 shared cores, seconds):

=============================================  ==========  ===========
model and search                               6912 (all)  1152 (diag)
=============================================  ==========  ===========
Boolean exact cover, CP-SAT's search              0.97         0.07
integers, ``all_different`` (values, symbols)     1.15         0.11
Boolean exact cover, fixed search                 0.25         0.05
=============================================  ==========  ===========

Enumeration (:func:`count`, :func:`completions`) therefore uses the Boolean model with a fixed
search: fill the cells in row-major order, each with its allowed values in increasing order
(CP-SAT still learns clauses from every dead end). It is also 5 times faster than CP-SAT's own
search when counting the 54,432 completions of two cards at order 5.

Deciding (:func:`is_completable`) uses the same Boolean model with CP-SAT's own search and one
worker. On the order-4 squares of ``benchmarks/workloads.py`` that are not plainly dead (102 of
200) a query takes 2.0 ms with it (building the model in Python, about a third, and solving)
against 10.7 ms with the integer model; CP-SAT's fixed cost, about 1 ms a solve, dominates.
A fixed search decides as fast at order 4 but 5 times slower on the empty order-7 square; two
workers only add overhead at these sizes. (The integer model decides the empty order-7 square
faster, 0.8 s against 1.4 s, but the game is order 4.) Neither model finds a finished square of
order 8, 9 or 10 from the empty square within 20 s; the diagonal squares of order 5 (57,600)
take 46 s to count.

>>> from officers import Rules, Square
>>> start = Square("AC3/1JS2/1AH1QD/4")
>>> is_completable(start, Rules()), count(start, Rules()), count(start, Rules(diagonals=True))
(True, 1, 0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, NamedTuple

from officers.core.errors import (
    NotationError,
    SolverTimeoutError,
    UnsupportedError,
    check_time_limit,
    excerpt,
)
from officers.euler.rules import Rules
from officers.euler.solve.base import DEFAULT_TIME_LIMIT, Solver, safe_placements_by_counting
from officers.euler.square import EMPTY, Square

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = [
    "CPSAT",
    "DEFAULT_TIME_LIMIT",
    "MAX_VARIABLES",
    "CpSatSolver",
    "completions",
    "count",
    "is_completable",
]


_MAX_NOTATION_ORDER = 26

MAX_VARIABLES: Final = 1_000_000
"""The most Boolean variables a model may have (about 1.3 KB of memory each, built at about
100,000 a second): an order-31 empty square has 923,521, the empty order 32 is refused."""

_BUILD_RATE: Final = 200_000
"""Variables a second that building a model can never beat: a model whose bound needs more
than the time limit allows is refused at once."""


class _OutOfTimeError(Exception):
    """Building the model ran past the deadline."""


class _Problem(NamedTuple):  # not a data class: dataclasses costs a command line 7 ms
    """The exact-cover problem of completing a square, before any solver sees it.

    ``options[i]`` is the ``(cell, value)`` of Boolean variable ``i``, cell by cell and, within a
    cell, value by value; each of ``groups`` lists variables of which exactly one is chosen.
    """

    square: Square
    options: tuple[tuple[int, int], ...]
    groups: tuple[tuple[int, ...], ...]
    deadline: float = math.inf  # on time.monotonic(): when building and solving must stop


def _problem(square: Square, rules: Rules, deadline: float = math.inf) -> _Problem | None:
    """The problem of completing the square, or ``None`` when it plainly has no completion.

    Plainly: the square breaks the rules, or some empty cell, missing value or missing symbol of
    a line has no option left.

    >>> from officers import Rules, Square
    >>> problem = _problem(Square.empty(1), Rules(order=1))
    >>> problem.options, problem.groups  # cell, value, row (a, b), column (a, b)
    (((0, 0),), ((0,), (0,), (0,), (0,), (0,), (0,)))
    >>> len(_problem(Square(), Rules()).options), len(_problem(Square(), Rules()).groups)
    (256, 96)
    >>> _problem(Square("AS1AH1/4/4/4"), Rules()) is None  # two Aces in row 1
    True
    """
    n = rules.order
    values = square.values
    if rules.conflicts(square):
        return None
    used = {value for value in values if value != EMPTY}
    free = [value for value in range(n * n) if value not in used]
    options: list[tuple[int, int]] = []
    by_cell: dict[int, list[int]] = {}
    by_value: dict[int, list[int]] = {value: [] for value in free}
    for cell in square.empty_cells():
        if time.monotonic() > deadline:
            raise _OutOfTimeError
        taken_a: set[int] = set()
        taken_b: set[int] = set()
        for line in rules.lines_through(cell):
            for other in line.cells:
                value = values[other]
                if value != EMPTY:
                    taken_a.add(value // n)
                    taken_b.add(value % n)
        mine = by_cell[cell] = []
        for value in free:
            if value // n not in taken_a and value % n not in taken_b:
                mine.append(len(options))
                by_value[value].append(len(options))
                options.append((cell, value))
    groups: list[tuple[int, ...]] = [tuple(group) for group in by_cell.values()]
    groups += [tuple(group) for group in by_value.values()]
    for line in rules.lines:
        if time.monotonic() > deadline:
            raise _OutOfTimeError
        placed = [values[cell] for cell in line.cells if values[cell] != EMPTY]
        placed_a = {value // n for value in placed}
        placed_b = {value % n for value in placed}
        on_line = [i for cell in line.cells if cell in by_cell for i in by_cell[cell]]
        for symbol in range(n):
            if symbol not in placed_a:
                groups.append(tuple(i for i in on_line if options[i][1] // n == symbol))
            if symbol not in placed_b:
                groups.append(tuple(i for i in on_line if options[i][1] % n == symbol))
    if not all(groups):
        return None
    return _Problem(square, tuple(options), tuple(groups), deadline)


def _start(square: Square, rules: Rules, time_limit: float | None) -> _Problem | None:
    """Check the arguments and build the problem, within the time limit.

    The size of the model is bounded before anything is built: at most the empty cells times the
    values not yet placed. Above :data:`MAX_VARIABLES` it raises
    :class:`~officers.UnsupportedError`; when even a fast build could not finish within the
    time limit it raises :class:`~officers.SolverTimeoutError` at once.
    """
    if not isinstance(square, Square):
        raise NotationError(f"expected a Square, got {excerpt(square)}")
    if not isinstance(rules, Rules):
        raise NotationError(f"expected Rules, got {excerpt(rules)}")
    rules.check_square(square)
    seconds = check_time_limit(time_limit)
    empty = len(square.values) - square.placed_count()
    bound = empty * empty
    if bound > MAX_VARIABLES:
        raise UnsupportedError(
            f"CP-SAT would need up to {bound:,} variables for {_shown(square)} "
            f"(at most {MAX_VARIABLES:,}): fill more cells or use another method"
        )
    if seconds is not None and bound > _BUILD_RATE * seconds:
        raise SolverTimeoutError(
            _timeout(
                square,
                rules,
                seconds,
                f"before building its model: up to {bound:,} variables take longer to build",
            )
        )
    deadline = math.inf if seconds is None else time.monotonic() + seconds
    try:
        return _problem(square, rules, deadline)
    except _OutOfTimeError:
        raise SolverTimeoutError(
            _timeout(square, rules, seconds, "while building its model")
        ) from None


def _model(problem: _Problem) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The CP-SAT model of the problem and its Boolean variables (one per option).

    Raises :class:`_OutOfTimeError` when the problem's deadline passes while building.
    """
    from ortools.sat.python import cp_model

    deadline = problem.deadline
    model = cp_model.CpModel()
    x = []
    for i, (cell, value) in enumerate(problem.options):
        if not i % 4096 and time.monotonic() > deadline:
            raise _OutOfTimeError
        x.append(model.new_bool_var(f"x_{cell}_{value}"))
    for k, group in enumerate(problem.groups):
        if not k % 256 and time.monotonic() > deadline:
            raise _OutOfTimeError
        model.add_exactly_one(x[i] for i in group)
    return model, x


def _built(
    problem: _Problem, rules: Rules, time_limit: float | None
) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """:func:`_model`, or the :class:`~officers.SolverTimeoutError` of running out of time."""
    try:
        return _model(problem)
    except _OutOfTimeError:
        raise SolverTimeoutError(
            _timeout(problem.square, rules, time_limit, "while building its model")
        ) from None


def _solver(time_limit: float | None, deadline: float = math.inf) -> cp_model.CpSolver:
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if time_limit is not None:
        left = min(float(time_limit), deadline - time.monotonic())
        solver.parameters.max_time_in_seconds = max(left, 0.001)
    return solver


def _shown(square: Square) -> str:
    if square.order <= _MAX_NOTATION_ORDER:
        return excerpt(square.notation(), 60)
    return f"a square of order {square.order} with {square.placed_count()} cells filled"


def _timeout(square: Square, rules: Rules, time_limit: float | None, doing: str) -> str:
    return (
        f"unknown: CP-SAT ran out of time after {time_limit:g} s on {_shown(square)} "
        f"({rules.describe()}) {doing}"
    )


def _enumerate(
    problem: _Problem,
    rules: Rules,
    time_limit: float | None,
    limit: int | None,
    *,
    keep: bool,
) -> tuple[int, list[tuple[int, ...]]]:
    """Enumerate the completions: how many (at most ``limit``) and, if ``keep``, their values."""
    from ortools.sat.python import cp_model

    model, x = _built(problem, rules, time_limit)
    model.add_decision_strategy(x, cp_model.CHOOSE_FIRST, cp_model.SELECT_MAX_VALUE)
    solver = _solver(time_limit, problem.deadline)
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.search_branching = cp_model.FIXED_SEARCH

    start = list(problem.square.values)
    per_cell: dict[int, list[tuple[int, int]]] = {}
    for var, (cell, value) in zip(x, problem.options, strict=True):
        per_cell.setdefault(cell, []).append((var.index, value))
    cells = list(per_cell.items())

    class Collector(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found = 0
            self.stopped = False
            self.kept: list[tuple[int, ...]] = []

        def on_solution_callback(self) -> None:
            if self.stopped:
                return
            self.found += 1
            if keep:
                is_true = self.SolutionBooleanValue
                grid = start[:]
                for cell, choices in cells:
                    for index, value in choices:
                        if is_true(index):
                            grid[cell] = value
                            break
                self.kept.append(tuple(grid))
            if limit is not None and self.found >= limit:
                self.stopped = True
                self.StopSearch()

    collector = Collector()
    status = solver.solve(model, collector)
    if collector.stopped or status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        return collector.found, collector.kept
    if status == cp_model.MODEL_INVALID:  # pragma: no cover - a bug here, not in the input
        raise RuntimeError(f"CP-SAT rejected the model: {model.validate()}")
    doing = f"while counting ({collector.found} completions found so far)"
    raise SolverTimeoutError(_timeout(problem.square, rules, time_limit, doing))


def is_completable(
    square: Square, rules: Rules, *, time_limit: float | None = DEFAULT_TIME_LIMIT
) -> bool:
    """Whether some finished square extends the square; CP-SAT stops at the first it finds.

    A square that breaks the rules is not completable; a finished square is. ``time_limit`` is in
    seconds (``None``: no limit); out of time it raises :class:`~officers.SolverTimeoutError`.
    Squares and rules of different orders raise :class:`~officers.NotationError`.

    >>> from officers import Rules, Square
    >>> start = Square("AC3/1JS2/1AH1QD/4")
    >>> is_completable(start, Rules()), is_completable(start, Rules(diagonals=True))
    (True, False)
    >>> is_completable(Square.empty(5), Rules(order=5, diagonals=True))
    True
    """
    problem = _start(square, rules, time_limit)
    if problem is None:
        return False
    if not problem.options:  # a finished square
        return True
    from ortools.sat.python import cp_model

    model, _ = _built(problem, rules, time_limit)
    solver = _solver(time_limit, problem.deadline)
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return True
    if status == cp_model.INFEASIBLE:
        return False
    if status == cp_model.MODEL_INVALID:  # pragma: no cover - a bug here, not in the input
        raise RuntimeError(f"CP-SAT rejected the model: {model.validate()}")
    raise SolverTimeoutError(_timeout(square, rules, time_limit, "while deciding"))


def count(
    square: Square,
    rules: Rules,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    limit: int | None = None,
) -> int:
    """The number of finished squares that extend the square, or ``limit`` if there are at least
    that many (the search stops there; a ``limit`` of 0 or less gives 0).

    CP-SAT enumerates every completion with one worker. ``time_limit`` is in seconds (``None``: no
    limit); when the enumeration has not finished in time (and has not reached ``limit``) it
    raises :class:`~officers.SolverTimeoutError`.

    >>> from officers import Rules, Square
    >>> count(Square(), Rules()), count(Square(), Rules(diagonals=True)), count(Square(), Rules(), limit=5)
    (6912, 1152, 5)
    >>> count(Square("AS1KS1/4/4/4"), Rules())  # two Spades in row 1
    0
    >>> count(Square.empty(5), Rules(order=5), time_limit=0.01)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    officers.SolverTimeoutError: unknown: CP-SAT ran out of time after 0.01 s on '5/5/5/5/5' (rows and columns) while ...
    """
    problem = _start(square, rules, time_limit)
    if limit is not None and limit <= 0:
        return 0
    if problem is None:
        return 0
    if not problem.options:
        return 1
    found, _ = _enumerate(problem, rules, time_limit, limit, keep=False)
    return found


def completions(
    square: Square, rules: Rules, *, time_limit: float | None = DEFAULT_TIME_LIMIT
) -> Iterator[Square]:
    """Every finished square that extends the square, in lexicographic order of their values.

    CP-SAT enumerates them all at once (so any error comes from this call, not from the first
    ``next()``); they are then sorted by ``square.values`` and yielded one at a time. A square
    that breaks the rules yields nothing; a finished square yields itself. Out of time it raises
    :class:`~officers.SolverTimeoutError`.

    >>> from officers import Rules, Square
    >>> for finished in completions(Square("AS KH QD JC / QC JD AH KS / 4 / 4"), Rules()):
    ...     print(finished.notation())
    ASKHQDJC/QCJDAHKS/KDACJSQH/JHQSKCAD
    ASKHQDJC/QCJDAHKS/JHQSKCAD/KDACJSQH
    """
    problem = _start(square, rules, time_limit)
    if problem is None:
        return iter(())
    if not problem.options:
        return iter((square,))
    _, kept = _enumerate(problem, rules, time_limit, None, keep=True)
    kept.sort()
    return iter([Square.from_values(values, square.order) for values in kept])


class CpSatSolver:
    """The CP-SAT backend of :mod:`officers.euler.solve` (a :class:`~officers.euler.solve.base.Solver`)."""

    name = "cpsat"

    def is_completable(
        self, square: Square, rules: Rules, *, time_limit: float | None = DEFAULT_TIME_LIMIT
    ) -> bool:
        """See :func:`is_completable`."""
        return is_completable(square, rules, time_limit=time_limit)

    def count(
        self, square: Square, rules: Rules, *, time_limit: float | None = DEFAULT_TIME_LIMIT
    ) -> int:
        """See :func:`count`."""
        return count(square, rules, time_limit=time_limit)

    def completions(
        self, square: Square, rules: Rules, *, time_limit: float | None = DEFAULT_TIME_LIMIT
    ) -> Iterator[Square]:
        """See :func:`completions`."""
        return completions(square, rules, time_limit=time_limit)

    def safe_placements(
        self, square: Square, rules: Rules, *, time_limit: float | None = DEFAULT_TIME_LIMIT
    ) -> dict[tuple[int, int], int]:
        """One count per legal placement."""
        return safe_placements_by_counting(self, square, rules, time_limit=time_limit)

    def __repr__(self) -> str:
        return "CPSAT"


CPSAT: Final[Solver] = CpSatSolver()
"""The CP-SAT backend."""
