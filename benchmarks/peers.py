"""Other people's solvers on officers' questions, run as fairly as we know how.

Each *enumerator* takes the rules and returns every finished square of order 4 as a sorted list
of value tuples (``square.values``; officers returns :class:`~officers.Square` objects, a little
more work). The models are those of the test oracles (the package ``oracles`` beside
``officers``) and of :mod:`officers.euler.solve.cpsat`:

- ``exact_cover`` (Knuth's dancing links in C) on the exact-cover matrix: **one** C search that
  lists the covers into a buffer (given the number of squares as its size, which a peer that did
  not know it would first have to count: a second search), decoded with numpy;
- OR-tools CP-SAT enumerating the Boolean exact-cover model of :mod:`officers.euler.solve.cpsat`;
- python-constraint (``python-constraint2``): backtracking with forward checking.

officers lists the finished squares through a symmetry (row 1 fixed to ``A♠ K♥ Q♦ J♣``, then
the 576 relabellings of ranks and suits), so every enumerator also has a *same symmetry* form
(:func:`with_symmetry`): the peer lists the squares with that first row, numpy applies the 576
relabellings and sorts.

Each *decider* says whether a partial square can be finished, in two timed steps: ``build``
(the model, in Python) and ``solve`` (the peer's search), so that a table can tell them apart.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

import oracles
from officers import Rules, Square
from officers.euler.solve import cpsat

__all__ = [
    "DECIDERS",
    "ENUMERATORS",
    "FIRST_ROW",
    "Decider",
    "constraint_squares",
    "cpsat_squares",
    "dlx_squares",
    "relabel_all",
    "with_symmetry",
]

Values = tuple[int, ...]
FIRST_ROW = "ASKHQDJC/4/4/4"
"""The first row that officers fixes: A♠ K♥ Q♦ J♣."""

_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int8)


def _relabellings() -> Any:
    cards = np.arange(16)
    ranks, suits = cards >> 2, cards & 3
    rank_maps = _PERMUTATIONS[:, ranks]  # (24, 16): new rank of each card
    suit_maps = _PERMUTATIONS[:, suits]
    return (4 * rank_maps[:, None, :] + suit_maps[None, :, :]).reshape(576, 16)


RELABEL = _relabellings()
"""``RELABEL[k, v]``: card ``v`` after relabelling ``k`` of ranks and suits (576 of them)."""


def _sorted_tuples(grid: Any) -> list[Values]:
    """The rows of an integer array as tuples, sorted lexicographically."""
    order = np.lexsort(grid.T[::-1])
    return list(map(tuple, grid[order].tolist()))


def relabel_all(reduced: Any) -> list[Values]:
    """Every relabelling of some squares (an ``(m, 16)`` array), sorted: ``576 * m`` tuples."""
    grid = RELABEL[:, reduced].reshape(-1, 16)
    return _sorted_tuples(grid)


# --- enumerators -------------------------------------------------------------------------------


def _dlx_grid(square: Square, rules: Rules, bound: int) -> Any:
    """The completions of the square as an ``(m, 16)`` array, by one dancing-links search."""
    from exact_cover_impl import get_all_solutions  # type: ignore[import-not-found]

    built = oracles.dlx_matrix(square, rules)
    assert built is not None
    matrix, options = built
    raw = get_all_solutions(np.ascontiguousarray(matrix, dtype=bool), bound)
    raw = raw[raw[:, 0] >= 0]
    given = [(cell, value) for cell, value in enumerate(square.values) if value >= 0]
    rows = np.array(options, dtype=np.int64).reshape(-1, 2)
    picks = raw[:, : 16 - len(given)]
    grid = np.empty((len(raw), 16), dtype=np.int64)
    for cell, value in given:
        grid[:, cell] = value
    np.put_along_axis(grid, rows[picks, 0], rows[picks, 1], axis=1)
    return grid


_COUNTS = {False: 6912, True: 1152}


def dlx_squares(rules: Rules) -> list[Values]:
    """Every finished square by one dancing-links search, decoded with numpy, sorted."""
    return _sorted_tuples(_dlx_grid(Square(), rules, _COUNTS[rules.diagonals]))


def cpsat_squares(rules: Rules, square: Square | None = None) -> list[Values]:
    """Every completion of the square (default: every finished square) by CP-SAT enumeration
    of the model of :mod:`officers.euler.solve.cpsat` (one worker, its fixed search), sorted."""
    problem = cpsat._problem(Square() if square is None else square, rules)
    assert problem is not None
    _, found = cpsat._enumerate(problem, rules, None, None, keep=True)
    found.sort()
    return found


def constraint_squares(rules: Rules, square: Square | None = None) -> list[Values]:
    """Every completion of the square (default: every finished square) by python-constraint."""
    square = Square() if square is None else square
    problem = oracles.constraint_problem(square, rules)
    given = square.values
    found = [
        tuple(solution.get(cell, given[cell]) for cell in range(16))
        for solution in problem.getSolutions()
    ]
    found.sort()
    return found


def with_symmetry(name: str) -> Callable[[Rules], list[Values]]:
    """The enumerator ``name`` with officers' symmetry: the squares with the first row
    :data:`FIRST_ROW`, then their 576 relabellings (numpy), sorted."""
    first = Square(FIRST_ROW)

    def reduced(rules: Rules) -> Any:
        if name == "exact_cover DLX":
            return _dlx_grid(first, rules, 64)
        run = cpsat_squares if name.startswith("CP-SAT") else constraint_squares
        return np.array(run(rules, first), dtype=np.int64)

    return lambda rules: relabel_all(reduced(rules))


ENUMERATORS: dict[str, Callable[[Rules], list[Values]]] = {
    "exact_cover DLX": dlx_squares,
    "CP-SAT": cpsat_squares,
    "python-constraint": constraint_squares,
}
"""The peers that list every finished square, by the name the tables give them."""


# --- deciders ----------------------------------------------------------------------------------


class Decider:
    """A peer that decides completability in two steps: ``build`` the model from the square
    (``None``: the square plainly has no completion, or is full) and ``solve`` it."""

    def __init__(
        self,
        build: Callable[[Square, Rules], Any],
        solve: Callable[[Any], bool],
        plain: Callable[[Square, Rules], bool],
    ) -> None:
        self.build, self.solve, self.plain = build, solve, plain

    def __call__(self, square: Square, rules: Rules) -> bool:
        model = self.build(square, rules)
        return self.plain(square, rules) if model is None else self.solve(model)


def _plain(square: Square, rules: Rules) -> bool:
    """The answer when a peer builds no model: a finished square is completable, else not."""
    return rules.is_finished(square)


def _dlx_build(square: Square, rules: Rules) -> Any:
    built = oracles.dlx_matrix(square, rules)
    if built is None:
        return None
    matrix = np.ascontiguousarray(built[0], dtype=bool)
    if matrix.shape[0] == 0 or not matrix.any(axis=0).all():
        return False  # some column cannot be covered
    return matrix


def _dlx_solve(matrix: Any) -> bool:
    import exact_cover  # type: ignore[import-untyped]
    from exact_cover.error import NoSolution  # type: ignore[import-untyped]

    if matrix is False:
        return False
    try:
        exact_cover.get_exact_cover(matrix)
    except NoSolution:
        return False
    return True


def _cpsat_build(square: Square, rules: Rules) -> Any:
    problem = cpsat._problem(square, rules)
    if problem is None:
        return False  # breaks the rules, or an option set is empty
    if not problem.options:
        return None  # full
    model, _ = cpsat._model(problem)
    return model


def _cpsat_solve(model: Any) -> bool:
    from ortools.sat.python import cp_model

    if model is False:
        return False
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def _constraint_build(square: Square, rules: Rules) -> Any:
    return oracles.constraint_problem(square, rules)


def _constraint_solve(problem: Any) -> bool:
    return problem.getSolution() is not None


DECIDERS: dict[str, Decider] = {
    "exact_cover DLX": Decider(_dlx_build, _dlx_solve, _plain),
    "CP-SAT": Decider(_cpsat_build, _cpsat_solve, _plain),
    "python-constraint": Decider(_constraint_build, _constraint_solve, _plain),
}
"""The peers that decide whether a square can be finished."""
