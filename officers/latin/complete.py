"""Completing a partial set of mutually orthogonal Latin squares: given ``k - 1`` MOLS of order
``n``, a ``k``-th square orthogonal to every one of them, or a proof that there is none.

Why a ``k``-th square is a partition into common transversals
-------------------------------------------------------------
A square ``M`` is orthogonal to ``L`` when every pair ``(L[r][c], M[r][c])`` stands in one cell:
the ``n`` cells where ``M`` holds a symbol ``s`` hold ``n`` different symbols of ``L``, one in
each row and each column (``M`` is Latin), so they are a *transversal* of ``L``; and the ``n``
symbols of ``M`` part the ``n * n`` cells into ``n`` disjoint transversals. Conversely ``n``
disjoint transversals, each given a symbol of its own, make a Latin square orthogonal to ``L``.
For ``M`` to be orthogonal to every given square, each of its symbol classes must be a
transversal of every given square at once: a *common transversal* (a transversal of the first
square that is also one of the others). So the ``k``-th squares are exactly the partitions of the
cells into ``n`` disjoint common transversals, and the exact method finds them as the pairs'
search does (:mod:`officers.latin.orthogonal`): list the common transversals, then an exact
cover of the cells by ``n`` of them (:func:`~officers.latin.cover.exact_covers`). When the cover
search ends without one, none exists: the search was exhaustive.

The CP-SAT method asks OR-tools for the same square directly: an integer ``0 .. n-1`` per cell,
its rows and columns all different, and for every given square and each of its symbols ``s`` the
cells holding ``s`` all different in the new square (so the pairs are all different). CP-SAT
proves infeasibility too, for small orders.

Both methods name the symbols of the square they find so that its first row reads
``0, 1, ..., n-1`` (renaming a square's symbols keeps it orthogonal to the others), as
:func:`~officers.latin.orthogonal.orthogonal_mates` does. Both honour ``time_limit``: out of time
they raise :class:`~officers.SolverTimeoutError` (the answer is unknown), never hang.

>>> from officers.latin.mutually_orthogonal import mols
>>> given = mols(2, 4)
>>> third = complete_mols(given)
>>> third[0], all(are_orthogonal(third, square) for square in given)
((0, 1, 2, 3), True)
>>> complete_mols([((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))]) is None
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Final

from officers.core.errors import (
    InvalidArgumentError,
    SolverTimeoutError,
    UnsupportedError,
    check_time_limit,
    excerpt,
)
from officers.latin.arrays import is_orthogonal_array
from officers.latin.cover import exact_covers
from officers.latin.orthogonal import are_orthogonal
from officers.latin.squares import LatinSquare, latin_square

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = [
    "MAX_COMMON_TRANSVERSALS",
    "METHODS",
    "checked_mols",
    "common_transversals",
    "complete_mols",
]

METHODS: Final = ("exact", "cpsat")
"""The methods of :func:`complete_mols`."""

MAX_COMMON_TRANSVERSALS: Final = 100_000
"""The most common transversals the exact method lists before it refuses (the exact cover's
set-up then takes seconds and cannot stop early): more raise :class:`~officers.UnsupportedError`
pointing to ``method="cpsat"``. A single square of order 10 has at most 5,504 transversals."""

_CHECK_EVERY: Final = 4096  # nodes of the transversal search between two looks at the clock


def complete_mols(
    squares: Sequence[Sequence[Sequence[int]]],
    *,
    time_limit: float | None = None,
    method: str = "exact",
) -> LatinSquare | None:
    """A Latin square orthogonal to every one of ``squares`` (``k - 1 >= 1`` mutually orthogonal
    Latin squares of one order ``n``), its first row ``0, 1, ..., n-1``; ``None`` when there is
    none (proved: the search was exhaustive).

    ``method`` is ``"exact"`` (common transversals and an exact cover) or ``"cpsat"`` (OR-tools
    CP-SAT); see the module for both. Out of time (``time_limit`` seconds, ``None`` for no
    limit) it raises :class:`~officers.SolverTimeoutError`.

    When ``n - 1`` squares are given (``n >= 2``) it returns ``None`` without a search: at most
    ``n - 1`` mutually orthogonal Latin squares of order ``n`` exist (Bose 1938). At order 1 the
    answer is the square ``((0,),)``, orthogonal to itself.

    Bad input raises the library's errors, quoting it: a square that is not Latin
    :class:`~officers.NotLatinSquareError`; no squares, a single square not put in a list,
    squares of different orders or two given squares that are not orthogonal
    :class:`~officers.InvalidArgumentError`; ``squares`` that is not a sequence (or is text)
    :class:`TypeError`.

    >>> from officers.latin.mutually_orthogonal import mols
    >>> complete_mols(mols(3, 5), method="cpsat")
    ((0, 1, 2, 3, 4), (4, 0, 1, 2, 3), (3, 4, 0, 1, 2), (2, 3, 4, 0, 1), (1, 2, 3, 4, 0))
    >>> complete_mols(mols(4, 5)) is None
    True
    >>> complete_mols([[[0, 1], [1, 0]], [[0, 1], [1, 0]]])
    Traceback (most recent call last):
    ...
    officers.InvalidArgumentError: not mutually orthogonal Latin squares [[[0, 1], [1, 0]], [[0, 1], [1, 0]]]: squares 1 and 2 are not orthogonal
    """
    given = checked_mols(squares)
    seconds = check_time_limit(time_limit)
    if method not in METHODS:
        raise InvalidArgumentError(f"the method is 'exact' or 'cpsat', got {excerpt(method)}")
    n = len(given[0])
    if n == 1:
        return ((0,),)
    if len(given) >= n - 1:
        return None
    deadline = math.inf if seconds is None else time.monotonic() + seconds
    if method == "exact":
        return _exact(given, deadline, seconds)
    return _cpsat(given, deadline, seconds)


def checked_mols(squares: object, purpose: str = "to complete") -> tuple[LatinSquare, ...]:
    """The given squares, checked to be mutually orthogonal Latin squares of one order
    (``purpose`` says what for in the message of an empty list)."""
    if not isinstance(squares, Sequence) or isinstance(squares, str | bytes):
        raise TypeError(
            f"expected a list of Latin squares (each a list of rows of ints), got "
            f"{excerpt(squares)} (a {type(squares).__name__})"
        )
    if not squares:
        raise InvalidArgumentError(
            f"expected at least one Latin square {purpose}, got {excerpt(squares)}"
        )
    first = squares[0]
    if isinstance(first, Sequence) and first and isinstance(first[0], int):
        raise InvalidArgumentError(
            f"expected a list of Latin squares, got {excerpt(squares)}: a single square? "
            "put it in a list"
        )
    given = tuple(latin_square(square) for square in squares)
    orders = [len(square) for square in given]
    if len(set(orders)) > 1:
        raise InvalidArgumentError(
            f"not Latin squares of one order {excerpt(squares)}: their orders are "
            f"{excerpt(orders, 40)}"
        )
    n = orders[0]
    rows = [(r, c, *(square[r][c] for square in given)) for r in range(n) for c in range(n)]
    if len(given) > 1 and not is_orthogonal_array(rows, len(given) + 2, n):
        # the check of the whole set (bitsets) is quick; the pair to name is found afterwards
        i, j = next(
            (i, j)
            for i in range(len(given))
            for j in range(i + 1, len(given))
            if not are_orthogonal(given[i], given[j])
        )
        raise InvalidArgumentError(
            f"not mutually orthogonal Latin squares {excerpt(squares)}: squares "
            f"{i + 1} and {j + 1} are not orthogonal"
        )
    return given


def _out_of_time(seconds: float | None, what: str) -> SolverTimeoutError:
    return SolverTimeoutError(f"completing the set ran out of time after {seconds} s {what}")


# --- the exact method -----------------------------------------------------------------------------


def common_transversals(
    squares: Sequence[LatinSquare], deadline: float = math.inf
) -> Iterator[int]:
    """The transversals common to every square, each as the bitset of its cells (bit
    ``n * row + column``), in lexicographic order of their columns row by row.

    A cell's mask holds its column and its symbol in each square, each on bits of their own; a
    transversal takes one cell a row whose masks never meet.

    >>> from officers.latin.squares import cyclic_square
    >>> [bin(t) for t in common_transversals([cyclic_square(3)])]
    ['0b100010001', '0b1100010', '0b10001100']
    >>> sum(1 for _ in common_transversals([cyclic_square(5)]))
    15
    >>> from officers.latin.mutually_orthogonal import mols
    >>> sum(1 for _ in common_transversals(mols(2, 5))), sum(1 for _ in common_transversals(mols(3, 7)))
    (10, 21)
    """
    n = len(squares[0])
    masks = [
        [
            1 << c | sum(1 << (n * (i + 1) + square[r][c]) for i, square in enumerate(squares))
            for c in range(n)
        ]
        for r in range(n)
    ]
    cells = [[1 << (n * r + c) for c in range(n)] for r in range(n)]
    nodes = 0

    def extend(row: int, used: int, chosen: int) -> Iterator[int]:
        nonlocal nodes
        nodes += 1
        if nodes % _CHECK_EVERY == 0 and time.monotonic() > deadline:
            raise SolverTimeoutError("the transversal search ran out of time")
        if row == n:
            yield chosen
            return
        here, bits = masks[row], cells[row]
        for c in range(n):
            if not used & here[c]:
                yield from extend(row + 1, used | here[c], chosen | bits[c])

    yield from extend(0, 0, 0)


def _exact(
    given: tuple[LatinSquare, ...], deadline: float, seconds: float | None
) -> LatinSquare | None:
    n = len(given[0])
    options: list[int] = []
    try:
        if time.monotonic() > deadline:
            raise SolverTimeoutError
        for transversal in common_transversals(given, deadline):
            options.append(transversal)
            if len(options) > MAX_COMMON_TRANSVERSALS:
                raise UnsupportedError(
                    f"the {len(given)} squares of order {n} have more than "
                    f"{MAX_COMMON_TRANSVERSALS:,} common transversals: too many for the exact "
                    "method; use method='cpsat'"
                )
        if time.monotonic() > deadline:
            raise SolverTimeoutError
    except SolverTimeoutError:
        raise _out_of_time(
            seconds, f"listing the common transversals ({len(options):,} so far)"
        ) from None
    covers = exact_covers(options, (1 << n * n) - 1, deadline=deadline)
    try:
        partition = next(covers, None)
    except SolverTimeoutError:
        raise _out_of_time(
            seconds, f"in the exact cover of the cells by {len(options):,} common transversals"
        ) from None
    if partition is None:
        return None
    grid = [[0] * n for _ in range(n)]
    for option in partition:
        symbol = (option & ((1 << n) - 1)).bit_length() - 1  # its cell in row 0 names it
        for cell in range(n * n):
            if option >> cell & 1:
                grid[cell // n][cell % n] = symbol
    return tuple(tuple(row) for row in grid)


# --- the CP-SAT method ----------------------------------------------------------------------------


def _cpsat(
    given: tuple[LatinSquare, ...], deadline: float, seconds: float | None
) -> LatinSquare | None:
    from ortools.sat.python import cp_model

    n = len(given[0])
    model = cp_model.CpModel()
    x = [[model.new_int_var(0, n - 1, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for c in range(n):  # the first row reads 0 .. n-1: any square renamed so
        model.add(x[0][c] == c)
    for r in range(n):
        model.add_all_different(x[r])
    for c in range(n):
        model.add_all_different([x[r][c] for r in range(n)])
    for square in given:
        if time.monotonic() > deadline:
            raise _out_of_time(seconds, "while building the CP-SAT model")
        holding: list[list[cp_model.IntVar]] = [[] for _ in range(n)]
        for r in range(n):
            for c in range(n):
                holding[square[r][c]].append(x[r][c])
        for cells in holding:  # the cells of one symbol: a transversal of the new square
            model.add_all_different(cells)
    left = deadline - time.monotonic()
    if left <= 0:
        raise _out_of_time(seconds, "while building the CP-SAT model")
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if seconds is not None:
        solver.parameters.max_time_in_seconds = left
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return tuple(tuple(int(solver.value(x[r][c])) for c in range(n)) for r in range(n))
    if status == cp_model.INFEASIBLE:
        return None
    if status == cp_model.MODEL_INVALID:  # pragma: no cover - a bug here, not in the input
        raise RuntimeError(f"CP-SAT refused the model: {model.validate()}")
    raise _out_of_time(seconds, "before CP-SAT knew the answer")
