"""Graeco-latin squares as :class:`~officers.Square` objects: the two Latin squares of a full
square, the square of two orthogonal ones, the constructed square of every order, and a
construction renamed to fit the givens of a square.

A full graeco-latin :class:`~officers.Square` of order ``n`` holds ``n * a + b`` in each cell: its
first layer is the Latin square of the ``a``'s, its second that of the ``b``'s
(:func:`layers`), and :func:`graeco_latin` puts two orthogonal Latin squares back together.
The mathematics of any order, with no square of cards in it, is :mod:`officers.latin`: here
:func:`graeco_latin_square` turns its :func:`~officers.latin.orthogonal_pair` into a square, and
:func:`relabelled_completion` renames it to fit the givens of a square.

>>> square = graeco_latin_square(10)
>>> from officers.euler.solve.verify import is_finished
>>> square.order, is_finished(square)
(10, True)
>>> graeco_latin_square(6)
Traceback (most recent call last):
...
officers.UnsupportedError: no graeco-latin square of order 6 exists (Euler's 36 officers; Tarry 1900): every Latin square of order 6 lacks an orthogonal mate
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence

from officers.core.errors import NotLatinSquareError, excerpt
from officers.euler.square import EMPTY, Square
from officers.latin.construct import orthogonal_pair, why_none
from officers.latin.orthogonal import are_orthogonal, orthogonal_array
from officers.latin.squares import LatinSquare, latin_square

__all__ = [
    "graeco_latin",
    "graeco_latin_square",
    "layers",
    "relabelled_completion",
]


def layers(square: Square) -> tuple[LatinSquare, LatinSquare]:
    """The two Latin squares of a full square: its first symbols and its second symbols.

    Raises :class:`~officers.NotLatinSquareError` when the square is not full or a layer is not
    Latin.

    >>> from officers import Square
    >>> layers(Square("AS3/4/4/4"))
    Traceback (most recent call last):
    ...
    officers.NotLatinSquareError: cannot take the layers of Square('AS3/4/4/4'): it is not full
    >>> first, second = layers(Square("Aa Bb / Bb Aa", order=2))
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read square 'Aa Bb / Bb Aa': Bb stands twice (row 1, column 2 and row 2, column 1)
    >>> first, second = layers(Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH"))
    >>> first[0], second[0]
    ((0, 1, 2, 3), (0, 1, 2, 3))
    """
    n = square.order
    if not square.is_full():
        raise NotLatinSquareError(f"cannot take the layers of {excerpt(square)}: it is not full")
    values = square.values
    first = [[values[n * r + c] // n for c in range(n)] for r in range(n)]
    second = [[values[n * r + c] % n for c in range(n)] for r in range(n)]
    return latin_square(first), latin_square(second)


def graeco_latin(first: Sequence[Sequence[int]], second: Sequence[Sequence[int]]) -> Square:
    """The square holding ``n * first[r][c] + second[r][c]``: full when the two are orthogonal.

    Raises :class:`~officers.NotLatinSquareError` when they are not orthogonal Latin squares.

    >>> graeco_latin(((0, 1, 2), (1, 2, 0), (2, 0, 1)), ((0, 1, 2), (2, 0, 1), (1, 2, 0)))
    Square.parse('AaBbCc/BcCaAb/CbAcBa', order=3)
    """
    a, b = latin_square(first), latin_square(second)
    n = len(a)
    if len(b) != n or not are_orthogonal(a, b):
        raise NotLatinSquareError(
            f"cannot pair {excerpt(first)} with {excerpt(second)}: they are not orthogonal "
            "Latin squares of one order"
        )
    return Square._make(n, tuple(n * a[r][c] + b[r][c] for r in range(n) for c in range(n)))


def graeco_latin_square(n: int, *, time_limit: float | None = None) -> Square:
    """A finished square of order ``n`` (rows and columns only): every order but 2 and 6.

    Raises :class:`~officers.UnsupportedError` for 2 and 6, saying why none exists.

    >>> print(graeco_latin_square(3))
    Aa Bb Cc
    Bc Ca Ab
    Cb Ac Ba
    """
    first, second = orthogonal_pair(n, time_limit=time_limit)
    return graeco_latin(first, second)


# --- a sparse start: rename a constructed square to fit it --------------------------------------

RELABEL_BUDGET = 1000
"""Steps the renaming search first gives each of the 24 conjugates (then 10 and 100 times
as many, within the time limit)."""

Point = tuple[int, ...]
"""A cell of a finished square read as a point (row, column, first symbol, second symbol): the
square is an orthogonal array, any two coordinates of a point fix the other two
(:func:`~officers.latin.orthogonal_array`)."""


class _OutOfStepsError(Exception):
    """The renaming search spent its budget."""


def _rename(
    givens: list[Point], points: list[Point], n: int, budget: int, deadline: float | None
) -> list[list[int]] | None:
    """Four injective maps (rows, columns, first, second symbols: ``-1`` where unset) taking
    every given point onto a point of ``points``, or ``None``; raises
    :class:`_OutOfStepsError` after ``budget`` steps or at the ``deadline``."""
    through: list[list[list[Point]]] = [[[] for _ in range(n)] for _ in range(4)]
    for point in points:
        for k in range(4):
            through[k][point[k]].append(point)
    maps = [[-1] * n for _ in range(4)]
    used = [[False] * n for _ in range(4)]
    steps = [budget]

    def fits(given: Point, point: Point) -> list[int] | None:
        """The coordinates this match sets, or ``None`` if it clashes."""
        new = []
        for k in range(4):
            image = maps[k][given[k]]
            if image == -1:
                if used[k][point[k]]:
                    return None
                new.append(k)
            elif image != point[k]:
                return None
        return new

    def search(left: list[Point]) -> bool:
        if not left:
            return True
        steps[0] -= 1
        if steps[0] < 0 or (deadline is not None and time.monotonic() > deadline):
            raise _OutOfStepsError
        # the given with most coordinates already mapped: fewest candidate points
        given = max(left, key=lambda g: sum(maps[k][g[k]] != -1 for k in range(4)))
        known = [k for k in range(4) if maps[k][given[k]] != -1]
        rest = [g for g in left if g is not given]
        candidates = points if not known else through[known[0]][maps[known[0]][given[known[0]]]]
        for point in candidates:
            new = fits(given, point)
            if new is None:
                continue
            for k in new:
                maps[k][given[k]], used[k][point[k]] = point[k], True
            if search(rest):
                return True
            for k in new:
                maps[k][given[k]], used[k][point[k]] = -1, False
        return False

    return maps if search(list(givens)) else None


def relabelled_completion(
    square: Square, *, budget: int = RELABEL_BUDGET, time_limit: float | None = None
) -> Square | None:
    """A finished square (rows and columns only) that extends ``square``, found by renaming the
    rows, columns, first and second symbols of the constructed square of its order or of one of
    its 24 conjugates (the same orthogonal array with its four coordinates permuted); ``None``
    when no renaming fits within ``100 * budget`` steps per conjugate (and ``time_limit``
    seconds in all); then a search must answer.

    It answers at once when the givens come from a square isotopic to a construction (or to a
    conjugate of one). Other givens often fit no renaming: the squares built on a group (every
    order but 2 mod 4) satisfy the quadrangle criterion, which a few random givens already
    break; the cyclic construction with three points at infinity (order 10, 14, ...) has less
    structure and fits most random starts with n + 2 givens. A failure proves nothing.

    >>> start = Square.from_values([0, 12] + [-1] * 98, 10)
    >>> found = relabelled_completion(start)
    >>> from officers.euler.solve.verify import is_finished
    >>> found is not None and is_finished(found) and found.values[:2] == (0, 12)
    True
    """
    n = square.order
    if why_none(n) is not None:
        return None
    deadline = None if time_limit is None else time.monotonic() + time_limit
    base = orthogonal_array(*orthogonal_pair(n))
    given: list[Point] = [
        (cell // n, cell % n, *divmod(value, n))
        for cell, value in enumerate(square.values)
        if value != EMPTY
    ]
    open_ = list(itertools.permutations(range(4)))  # conjugates not yet ruled out
    for steps in (budget, 10 * budget, 100 * budget):  # each round gives each conjugate more
        for order in list(open_):
            if deadline is not None and time.monotonic() > deadline:
                return None
            moved: list[Point] = [
                (g[order[0]], g[order[1]], g[order[2]], g[order[3]]) for g in given
            ]
            try:
                maps = _rename(moved, base, n, steps, deadline)
            except _OutOfStepsError:
                continue
            if maps is None:
                open_.remove(order)  # no renaming of this conjugate fits
                continue
            found = _finish(maps, base, order, n)
            if all(v == EMPTY or found[cell] == v for cell, v in enumerate(square.values)):
                return Square.from_values(found, n)
    return None


def _finish(maps: list[list[int]], base: list[Point], order: tuple[int, ...], n: int) -> list[int]:
    """The values of the renamed conjugate: unset names get the unused images in order."""
    inverse = []
    for k in range(4):
        spare = iter(sorted(set(range(n)) - set(maps[k])))
        full = [image if image != -1 else next(spare) for image in maps[k]]
        back = [0] * n
        for x, image in enumerate(full):
            back[image] = x
        inverse.append(back)
    values = [-1] * (n * n)
    for point in base:
        moved = [inverse[k][point[k]] for k in range(4)]  # coordinates in the conjugate's order
        original = [0] * 4
        for position, k in enumerate(order):
            original[k] = moved[position]
        row, column, a, b = original
        values[n * row + column] = n * a + b
    return values
