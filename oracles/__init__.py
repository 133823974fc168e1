"""Two more solvers, independent of officers' own, for the tests and the benchmarks only.

This package sits beside ``officers/`` in the repository and is not part of the wheel: run the
tests and the benchmarks from the repository root (``python -m pytest``,
``python -m benchmarks.bench_engine``), where ``import oracles`` finds it.

- :func:`constraint_count` / :func:`constraint_solutions`: python-constraint (the maintained
  ``python-constraint2`` distribution, imported as ``constraint``): a backtracking search with
  forward checking over one variable per empty cell.
- :func:`dlx_count` / :func:`dlx_solutions`: the ``exact_cover`` package (Knuth's dancing links
  in C) on the exact-cover matrix of the square.

Neither uses :class:`officers.Rules` beyond its ``order`` and ``diagonals``: the lines and the
check of the given cards are written again here, so that a bug in the rules cannot hide in both.
Both answer 0 for a square that breaks the rules and 1 for a finished square.

>>> from officers import Rules, Square
>>> constraint_count(Square.empty(3), Rules(order=3)), dlx_count(Square.empty(3), Rules(order=3))
(72, 72)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from officers import EMPTY, Rules, Square

__all__ = [
    "constraint_count",
    "constraint_problem",
    "constraint_solutions",
    "dlx_count",
    "dlx_cover_rows",
    "dlx_matrix",
    "dlx_solutions",
    "lines",
]


def lines(order: int, diagonals: bool) -> list[tuple[int, ...]]:
    """The cells of every line: rows, columns and, with diagonals, the two main diagonals.

    >>> lines(2, True)
    [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
    """
    n = order
    result = [tuple(n * r + c for c in range(n)) for r in range(n)]
    result += [tuple(n * r + c for r in range(n)) for c in range(n)]
    if diagonals:
        result.append(tuple(n * i + i for i in range(n)))
        result.append(tuple(n * i + (n - 1 - i) for i in range(n)))
    return result


def _breaks_rules(values: Sequence[int], order: int, all_lines: list[tuple[int, ...]]) -> bool:
    """Whether two given cards on one line share a first or a second symbol."""
    for line in all_lines:
        given = [values[cell] for cell in line if values[cell] != EMPTY]
        if len({v // order for v in given}) < len(given):
            return True
        if len({v % order for v in given}) < len(given):
            return True
    return False


def _lines_to_search(square: Square, rules: Rules) -> list[tuple[int, ...]] | None:
    """The lines of the square, or ``None`` when there is nothing to search: the square breaks
    the rules or is full."""
    assert rules.order == square.order
    all_lines = lines(square.order, rules.diagonals)
    if _breaks_rules(square.values, square.order, all_lines) or EMPTY not in square.values:
        return None
    return all_lines


def _unsearched(square: Square, rules: Rules) -> list[Square]:
    """The completions of a square with nothing to search: none when it breaks the rules, else
    (it is full) the square itself."""
    broken = _breaks_rules(square.values, square.order, lines(square.order, rules.diagonals))
    return [] if broken else [square]


def _filled(square: Square, placements: Iterable[tuple[int, int]]) -> Square:
    """The square with each ``(cell, value)`` of ``placements`` placed."""
    grid = list(square.values)
    for cell, value in placements:
        grid[cell] = value
    return Square.from_values(grid, square.order)


# --- python-constraint -------------------------------------------------------------------------


def constraint_problem(square: Square, rules: Rules) -> Any:
    """The python-constraint problem, or ``None`` if the square breaks the rules or is full."""
    import constraint  # type: ignore[import-untyped]

    all_lines = _lines_to_search(square, rules)
    if all_lines is None:
        return None
    n = square.order
    values = square.values

    class DistinctSymbols(constraint.Constraint):  # type: ignore[misc]
        """The cells of one line hold distinct first and distinct second symbols, the given
        cards of the line included; forward checking hides the values that would clash."""

        def __init__(self, given: list[int]) -> None:
            self.given = given

        def __call__(
            self,
            variables: Sequence[int],
            domains: dict[int, Any],
            assignments: dict[int, int],
            forwardcheck: bool = False,
        ) -> bool:
            seen_a: set[int] = set()
            seen_b: set[int] = set()
            for value in [*self.given, *(assignments[v] for v in variables if v in assignments)]:
                a, b = divmod(value, n)
                if a in seen_a or b in seen_b:
                    return False
                seen_a.add(a)
                seen_b.add(b)
            if forwardcheck:
                for variable in variables:
                    if variable in assignments:
                        continue
                    domain = domains[variable]
                    for value in domain[:]:
                        if value // n in seen_a or value % n in seen_b:
                            domain.hideValue(value)
                    if not domain:
                        return False
            return True

    problem = constraint.Problem()
    empty = [cell for cell, value in enumerate(values) if value == EMPTY]
    placed = set(values)
    problem.addVariables(empty, [v for v in range(n * n) if v not in placed])
    problem.addConstraint(constraint.AllDifferentConstraint(), empty)
    for line in all_lines:
        variables = [cell for cell in line if values[cell] == EMPTY]
        if variables:
            given = [values[cell] for cell in line if values[cell] != EMPTY]
            problem.addConstraint(DistinctSymbols(given), variables)
    return problem


def constraint_solutions(square: Square, rules: Rules) -> list[Square]:
    """Every completion of the square by python-constraint, sorted by values.

    >>> from officers import Rules, Square
    >>> [s.notation() for s in constraint_solutions(Square("ASKHQDJC/QCJDAHKS/KDACJSQH/4"), Rules())]
    ['ASKHQDJC/QCJDAHKS/KDACJSQH/JHQSKCAD']
    """
    problem = constraint_problem(square, rules)
    if problem is None:
        return _unsearched(square, rules)
    result = [_filled(square, solution.items()) for solution in problem.getSolutions()]
    return sorted(result, key=lambda s: s.values)


def constraint_count(square: Square, rules: Rules) -> int:
    """The number of completions of the square, by python-constraint.

    >>> from officers import Rules, Square
    >>> constraint_count(Square("AS3/4/4/4"), Rules(diagonals=True)), constraint_count(Square("AS1KS1/4/4/4"), Rules())
    (72, 0)
    """
    problem = constraint_problem(square, rules)
    if problem is None:
        return len(constraint_solutions(square, rules))
    return sum(1 for _ in problem.getSolutionIter())


# --- exact_cover (dancing links) ---------------------------------------------------------------


def dlx_matrix(square: Square, rules: Rules) -> tuple[Any, list[tuple[int, int]]] | None:
    """The exact-cover matrix and the ``(cell, value)`` of each of its rows, or ``None`` when the
    square breaks the rules or is full.

    Columns: each empty cell; each value not placed; each (line, first symbol) and (line, second
    symbol) the line misses. Rows: each value not placed on each empty cell where no given card
    of a line through the cell shares a symbol with it; a row covers its cell, its value, and its
    two symbols on each line through the cell. Every line has ``n`` cells that need ``n`` distinct
    symbols of each kind, so every column is covered exactly once by every finished square (the
    diagonal columns too, since only the cells of a diagonal cover them): all columns are primary.
    """
    import numpy as np

    all_lines = _lines_to_search(square, rules)
    if all_lines is None:
        return None
    n = square.order
    values = square.values
    columns: dict[tuple[Any, ...], int] = {}
    empty = [cell for cell, value in enumerate(values) if value == EMPTY]
    free = [v for v in range(n * n) if v not in set(values)]
    for cell in empty:
        columns["cell", cell] = len(columns)
    for value in free:
        columns["value", value] = len(columns)
    for index, line in enumerate(all_lines):
        given = [values[cell] for cell in line if values[cell] != EMPTY]
        for symbol in range(n):
            if symbol not in {v // n for v in given}:
                columns["a", index, symbol] = len(columns)
            if symbol not in {v % n for v in given}:
                columns["b", index, symbol] = len(columns)
    rows: list[list[int]] = []
    options: list[tuple[int, int]] = []
    for cell in empty:
        through = [index for index, line in enumerate(all_lines) if cell in line]
        for value in free:
            a, b = divmod(value, n)
            wanted: list[tuple[Any, ...]] = [("cell", cell), ("value", value)]
            wanted += [("a", index, a) for index in through] + [
                ("b", index, b) for index in through
            ]
            if all(key in columns for key in wanted):  # else a given card already has a or b
                rows.append([columns[key] for key in wanted])
                options.append((cell, value))
    matrix = np.zeros((len(rows), len(columns)), dtype=bool)
    for i, row in enumerate(rows):
        matrix[i, row] = True
    return matrix, options


def _dlx_count_covers(matrix: Any) -> int:
    """The number of exact covers of the matrix (0 when some column has no row)."""
    import exact_cover  # type: ignore[import-untyped]

    if matrix.shape[0] == 0 or not matrix.any(axis=0).all():
        return 0
    return int(exact_cover.get_solution_count(matrix))


def dlx_cover_rows(matrix: Any) -> list[list[int]]:
    """Every exact cover, as lists of row indices.

    ``exact_cover.get_all_solutions`` (1.5) drops the rows of a cover that uses every row of the
    matrix (its padding trim returns ``()`` when no ``-1`` pads the row), so this calls the same C
    function and trims the ``-1`` padding itself.
    """
    import numpy as np
    from exact_cover_impl import get_all_solutions  # type: ignore[import-not-found]

    total = _dlx_count_covers(matrix)
    if total == 0:
        return []
    raw = get_all_solutions(np.ascontiguousarray(matrix, dtype=bool), total)
    return [[int(i) for i in row if i >= 0] for row in raw]


def dlx_solutions(square: Square, rules: Rules) -> list[Square]:
    """Every completion of the square by dancing links, sorted by values.

    >>> from officers import Rules, Square
    >>> len(dlx_solutions(Square(), Rules(diagonals=True))), dlx_solutions(Square("Aa1/2", order=2), Rules(order=2))
    (1152, [])
    """
    built = dlx_matrix(square, rules)
    if built is None:
        return _unsearched(square, rules)
    matrix, options = built
    result = [_filled(square, [options[row] for row in cover]) for cover in dlx_cover_rows(matrix)]
    return sorted(result, key=lambda s: s.values)


def dlx_count(square: Square, rules: Rules) -> int:
    """The number of completions of the square, by dancing links.

    >>> from officers import Rules, Square
    >>> dlx_count(Square(), Rules()), dlx_count(Square("AS3/4/4/4"), Rules(diagonals=True))
    (6912, 72)
    """
    built = dlx_matrix(square, rules)
    if built is None:
        return len(dlx_solutions(square, rules))
    matrix, _ = built
    return _dlx_count_covers(matrix)
