"""Other people's solvers on officers' questions, for the benchmarks to compare against.

Each *enumerator* takes the rules and returns every finished square of the rules' order as a
sorted list of value tuples (``square.values``); each *decider* takes a square and the rules and
says whether the square can be finished. The models are those of the test oracles
(the package ``oracles`` beside ``officers``) and of :mod:`officers.solve.cpsat`:

- ``exact_cover`` (Knuth's dancing links in C) on the exact-cover matrix;
- OR-tools CP-SAT on the Boolean exact-cover model of :mod:`officers.solve.cpsat`;
- python-constraint (``python-constraint2``): backtracking with forward checking.

:func:`table` prints timings next to a baseline, so that other benchmarks can put officers' own
solvers in the same table::

    from benchmarks.peers import ENUMERATORS, best_of, table
    rows = [(name, best_of(lambda: run(rules))) for name, run in ENUMERATORS.items()]
    print(table(rows, baseline="exact_cover DLX"))
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import oracles
from officers import Rules, Square
from officers.solve import cpsat

__all__ = [
    "DECIDERS",
    "ENUMERATORS",
    "best_of",
    "constraint_finished",
    "constraint_is_completable",
    "cpsat_finished",
    "cpsat_is_completable",
    "dlx_count_finished",
    "dlx_finished",
    "dlx_is_completable",
    "format_seconds",
    "table",
]

Values = tuple[int, ...]


# --- enumerators -------------------------------------------------------------------------------


def dlx_finished(rules: Rules) -> list[Values]:
    """Every finished square by dancing links (``exact_cover``), as sorted value tuples."""
    empty = Square.empty(rules.order)
    built = oracles.dlx_matrix(empty, rules)
    assert built is not None  # an empty square is neither full nor against the rules
    matrix, options = built
    found = []
    for cover in oracles.dlx_cover_rows(matrix):
        grid = [0] * (rules.order * rules.order)
        for row in cover:
            cell, value = options[row]
            grid[cell] = value
        found.append(tuple(grid))
    found.sort()
    return found


def dlx_count_finished(rules: Rules) -> int:
    """How many finished squares, by dancing links, without listing them."""
    return oracles.dlx_count(Square.empty(rules.order), rules)


def cpsat_finished(rules: Rules) -> list[Values]:
    """Every finished square by CP-SAT enumeration of the model of :mod:`officers.solve.cpsat`
    (one worker, its fixed search), as sorted value tuples."""
    problem = cpsat._problem(Square.empty(rules.order), rules)
    if problem is None:
        return []
    _, found = cpsat._enumerate(problem, rules, None, None, keep=True)
    found.sort()
    return found


def cpsat_count_finished(rules: Rules) -> int:
    """How many finished squares, by CP-SAT enumeration, without reading the solutions."""
    return cpsat.count(Square.empty(rules.order), rules, time_limit=None)


def constraint_finished(rules: Rules) -> list[Values]:
    """Every finished square by python-constraint, as sorted value tuples."""
    size = rules.order * rules.order
    problem = oracles.constraint_problem(Square.empty(rules.order), rules)
    found = [tuple(solution[cell] for cell in range(size)) for solution in problem.getSolutions()]
    found.sort()
    return found


ENUMERATORS: dict[str, Callable[[Rules], list[Values]]] = {
    "exact_cover DLX": dlx_finished,
    "CP-SAT (officers.solve.cpsat model)": cpsat_finished,
    "python-constraint": constraint_finished,
}
"""The peers that list every finished square, by the name the tables give them."""


# --- deciders ----------------------------------------------------------------------------------


def cpsat_is_completable(square: Square, rules: Rules) -> bool:
    """:func:`officers.solve.cpsat.is_completable`, without a time limit."""
    return cpsat.is_completable(square, rules, time_limit=None)


def constraint_is_completable(square: Square, rules: Rules) -> bool:
    """python-constraint's first solution, if any (its search stops there)."""
    problem: Any = oracles.constraint_problem(square, rules)
    if problem is None:  # breaks the rules, or full
        return bool(oracles.constraint_solutions(square, rules))
    return problem.getSolution() is not None


def dlx_is_completable(square: Square, rules: Rules) -> bool:
    """``exact_cover.get_exact_cover`` (the first cover) on the square's matrix."""
    import exact_cover  # type: ignore[import-untyped]
    from exact_cover.error import NoSolution  # type: ignore[import-untyped]

    built = oracles.dlx_matrix(square, rules)
    if built is None:
        return bool(oracles.dlx_solutions(square, rules))
    matrix, _ = built
    if matrix.shape[0] == 0 or not matrix.any(axis=0).all():
        return False
    try:
        exact_cover.get_exact_cover(matrix)
    except NoSolution:
        return False
    return True


DECIDERS: dict[str, Callable[[Square, Rules], bool]] = {
    "exact_cover DLX": dlx_is_completable,
    "CP-SAT (officers.solve.cpsat)": cpsat_is_completable,
    "python-constraint": constraint_is_completable,
}
"""The peers that decide whether a square can be finished."""


# --- timing and tables -------------------------------------------------------------------------


def best_of(run: Callable[[], object], repeat: int = 3, slow: float = 5.0) -> float:
    """The best wall time of ``repeat`` runs, in seconds; a first run slower than ``slow``
    seconds is not repeated."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
        if best > slow:
            break
    return best


def format_seconds(seconds: float) -> str:
    """A duration with a unit that keeps 3 or 4 significant digits: ``1.23 s``, ``45.6 ms``.

    >>> format_seconds(2.5), format_seconds(0.0123), format_seconds(4.5e-6)
    ('2.50 s', '12.3 ms', '4.50 µs')
    """
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale or unit == "µs":
            value = seconds / scale
            digits = 2 if value < 10 else 1 if value < 100 else 0
            return f"{value:.{digits}f} {unit}"
    raise AssertionError  # pragma: no cover


def table(rows: list[tuple[str, float]], baseline: str) -> str:
    """A Markdown table of timings, each also as a multiple of the ``baseline`` row's time.

    >>> print(table([("a", 0.5), ("b", 0.005)], baseline="b"))
    | solver | time | vs b |
    |---|---:|---:|
    | a | 500 ms | 100× |
    | b | 5.00 ms | 1.00× |
    """
    base = dict(rows)[baseline]
    lines = [f"| solver | time | vs {baseline} |", "|---|---:|---:|"]
    for name, seconds in rows:
        ratio = seconds / base
        shown = (
            f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.1f}×" if ratio < 100 else f"{ratio:.0f}×"
        )
        lines.append(f"| {name} | {format_seconds(seconds)} | {shown} |")
    return "\n".join(lines)
