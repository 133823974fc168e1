"""Uniform random Latin squares: the Markov chain of Jacobson and Matthews (1996).

Glossary
--------
incidence cube
    A Latin square of order ``n`` as the ``n x n x n`` array ``M`` of 0s and 1s with
    ``M[r][c][s] = 1`` when cell ``(r, c)`` holds symbol ``s``: every line of the cube (``r`` and
    ``c`` fixed, or ``r`` and ``s``, or ``c`` and ``s``) sums to 1 and holds a single 1.
proper, improper
    A *proper* square is a Latin square. An *improper* one is a cube of entries ``-1, 0, 1``
    whose lines all sum to 1, with exactly one entry ``-1``: its cell holds two symbols with
    ``+1`` and a third with ``-1``, its row and its column each hold that third symbol twice.
move
    Choose a cell ``(x, y, z)`` of the cube: in a proper square any entry 0 (uniformly among the
    ``n**2 * (n - 1)``), in an improper one the ``-1``. The lines through it meet the 1s at
    ``(x1, y, z)``, ``(x, y1, z)``, ``(x, y, z1)`` (in an improper square each line holds two,
    and one of each two is taken at random). Add 1 at ``(x, y, z)``, ``(x1, y1, z)``,
    ``(x1, y, z1)``, ``(x, y1, z1)`` and subtract 1 at ``(x1, y, z)``, ``(x, y1, z)``,
    ``(x, y, z1)``, ``(x1, y1, z1)``: the lines keep their sums, and the result is proper, or
    improper with its ``-1`` at ``(x1, y1, z1)``.
step
    In this module, one step of the chain watched on the proper squares only: from a proper
    square, the moves up to the next proper square (one move when the four cells touched form
    a 2 x 2 subsquare, otherwise one into an improper square and a few more out of it).

Why uniform: every move can be undone by exactly one choice of the square it reached, so the
chain is a random walk on an undirected graph (with multiple edges), and such a walk spends its
time at each vertex in proportion to its number of edges. Every proper square has
``n**2 * (n - 1)`` (its entries 0), every improper one has 8: on the proper squares the
stationary distribution is uniform. Jacobson and Matthews proved the graph connected; a move
into an improper square followed by its undoing returns to the same proper square in one step
(from order 3 on, every order has squares with such moves), so the chain watched on the proper
squares is aperiodic too and converges to the uniform distribution on the Latin squares of
order ``n``. Counting steps between proper squares (and not moves) matters: stopping at the
first proper square after a fixed number of moves favours the squares that are left by longer
excursions through improper ones (see docs/mathematics.md).

>>> square = random_latin_square(6, seed=2024)
>>> square[0]
(3, 5, 2, 0, 4, 1)
>>> from officers.latin.squares import latin_square
>>> latin_square(square) == square
True
>>> [draw[0] for draw in random_latin_squares(4, 3, seed=1)]
[(0, 2, 1, 3), (3, 1, 2, 0), (0, 3, 1, 2)]
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from officers.core.errors import InvalidArgumentError, UnsupportedError, excerpt
from officers.latin.squares import LatinSquare

__all__ = [
    "MAX_RANDOM_ORDER",
    "default_steps",
    "random_latin_square",
    "random_latin_squares",
]

MAX_RANDOM_ORDER: Final = 256
"""The largest order drawn at random, as for the orthogonal pairs (``n * n`` = 65,536 cells).

The memory is small (three tables of ``n * n`` ints, about 1.5 MB at order 256); the bound is
the time: the default :func:`default_steps` take about 20 s at order 256 and grow as ``n**3``
(about 20 minutes at order 1024)."""

Seed = int | random.Random | None
"""A seed: ``None`` (a fresh, unrepeatable draw), an int ``>= 0`` (the same square on every
machine and Python version) or a :class:`random.Random` to draw from (its stream goes on)."""


def default_steps(n: int) -> int:
    """The number of steps taken from the cyclic square when none is given: ``n**2``.

    No bound on the mixing time of the chain is proved; Jacobson and Matthews, and the
    implementations that followed them, run it for about ``n**3`` moves. A step here (from a
    proper square to the next) is about ``n`` moves, measured (3 at order 4, 10 at order 10,
    100 at order 100: an improper square turns proper when the cell it moves to holds the
    symbol it removes, about one chance in ``n``), so ``n**2`` steps are about ``n**3``
    moves. The chi-squared test of the tests finds no departure from uniform at order 4
    after 8 steps; the default 16 is twice that.

    >>> default_steps(4), default_steps(10)
    (16, 100)
    """
    return n * n


def _rng(seed: object) -> random.Random:
    """The generator a seed names, or :class:`TypeError` / :class:`InvalidArgumentError`."""
    if seed is None:
        return random.Random()
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"the seed is an int >= 0, a random.Random or None, got {excerpt(seed)}")
    if seed < 0:
        raise InvalidArgumentError(f"the seed is an int >= 0, got {excerpt(seed)}")
    return random.Random(seed)


def _count(value: object, what: str) -> int:
    """A whole number >= 0 named ``what``, or :class:`TypeError` / :class:`InvalidArgumentError`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} is a whole number >= 0, got {excerpt(value)}")
    if value < 0:
        raise InvalidArgumentError(f"{what} is a whole number >= 0, got {excerpt(value)}")
    return value


def _order(n: object) -> int:
    """An order from 1 to :data:`MAX_RANDOM_ORDER`, or :class:`UnsupportedError`."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"the order of a Latin square is a whole number >= 1, got {excerpt(n)}")
    if n < 1:
        raise UnsupportedError(f"the order of a Latin square is a whole number >= 1, got {n}")
    if n > MAX_RANDOM_ORDER:
        raise UnsupportedError(
            f"random Latin squares are drawn up to order {MAX_RANDOM_ORDER} "
            f"(about n**3 moves of the chain), not {n}"
        )
    return n


class _Chain:
    """The Jacobson-Matthews chain on the Latin squares of order ``n``, started at the cyclic
    square and always stopped at a proper one.

    ``sym[x*n + y]`` is the symbol of cell ``(x, y)``, ``col[x*n + z]`` the column where row
    ``x`` holds ``z``, ``row[y*n + z]`` the row where column ``y`` holds ``z``. While the chain
    is improper (inside :meth:`advance` only), the three lines through the ``-1`` hold two 1s:
    those are kept in local variables, and the three table entries of those lines are stale.
    """

    __slots__ = ("col", "moves", "n", "rng", "row", "sym")

    def __init__(self, n: int, rng: random.Random) -> None:
        self.n = n
        self.rng = rng
        self.sym = [(x + y) % n for x in range(n) for y in range(n)]
        self.col = [(z - x) % n for x in range(n) for z in range(n)]
        self.row = [(z - y) % n for y in range(n) for z in range(n)]
        self.moves = 0  # the moves made so far (a step is one or more)

    def square(self) -> LatinSquare:
        n, sym = self.n, self.sym
        return tuple(tuple(sym[x * n : x * n + n]) for x in range(n))

    def advance(self, steps: int) -> None:
        """Take ``steps`` steps: each from a proper square to the next proper one."""
        n = self.n
        draw = self.rng.random  # only random() is the same on every Python version
        if n <= 2:
            # Order 1 has one square. Order 2 has no improper square and every move swaps its
            # two squares, so the chain would alternate: there a step swaps them with
            # probability 1/2 (a lazy chain), which is uniform after one step.
            if n == 2:
                for _ in range(steps):
                    if draw() < 0.5:
                        self.sym = [self.sym[1], self.sym[0], self.sym[3], self.sym[2]]
                self.col = [self.sym[0], self.sym[1], self.sym[2], self.sym[3]]
                self.row = [self.sym[0], self.sym[2], self.sym[1], self.sym[3]]
            return
        sym, col, row = self.sym, self.col, self.row
        zero_entries = n * n * (n - 1)
        moves = 0
        for _ in range(steps):
            # A proper square: an entry 0 of the cube, uniformly: a cell and another symbol.
            choice = int(draw() * zero_entries)
            cell, z = divmod(choice, n - 1)
            x, y = divmod(cell, n)
            z1 = sym[cell]
            if z >= z1:
                z += 1
            y1 = col[x * n + z]
            x1 = row[y * n + z]
            sym[cell] = z  # the cell (x, y) holds z: the +1 at (x, y, z), -1 at (x, y, z1)
            col[x * n + z] = y
            row[y * n + z] = x
            while True:
                moves += 1
                # Cells (x, y1) and (x1, y) give up z for z1.
                sym[x * n + y1] = z1
                col[x * n + z1] = y1
                other_row = row[y1 * n + z1]  # where column y1 held z1
                row[y1 * n + z1] = x
                sym[x1 * n + y] = z1
                row[y * n + z1] = x1
                other_column = col[x1 * n + z1]  # where row x1 held z1
                col[x1 * n + z1] = y
                # Cell (x1, y1) gains z and loses z1.
                held = sym[x1 * n + y1]
                col[x1 * n + z] = y1
                row[y1 * n + z] = x1
                if held == z1:  # a 2 x 2 subsquare: proper again
                    sym[x1 * n + y1] = z
                    break
                # Improper: the -1 at (x1, y1, z1). Cell (x1, y1) holds held and z; row x1
                # holds z1 at columns y and other_column; column y1 at rows x and other_row.
                # The next move starts there, taking one of each two at random.
                bits = int(draw() * 8)
                if bits & 1:
                    new_z1, keep = held, z
                else:
                    new_z1, keep = z, held
                if bits & 2:
                    new_y1, other_y = y, other_column
                else:
                    new_y1, other_y = other_column, y
                if bits & 4:
                    new_x1, other_x = x, other_row
                else:
                    new_x1, other_x = other_row, x
                x, y, z = x1, y1, z1
                sym[x * n + y] = keep  # the cell (x, y) keeps one symbol: 0 at (x, y, z)
                col[x * n + z] = other_y  # row x holds z at other_y only
                row[y * n + z] = other_x  # column y holds z at other_x only
                x1, y1, z1 = new_x1, new_y1, new_z1
        self.moves += moves


def random_latin_square(n: int, *, seed: Seed = None, steps: int | None = None) -> LatinSquare:
    """A Latin square of order ``n`` drawn at random, uniformly in the limit of many steps.

    The chain of Jacobson and Matthews runs ``steps`` steps (default :func:`default_steps`:
    ``n**2``) from the cyclic square ``(r + c) % n``; a step goes from a proper square to the
    next proper one (see the module's glossary), so the square returned is always a Latin
    square. The same ``seed`` (an int ``>= 0``) gives the same square on every machine and
    Python version: the chain draws only :meth:`random.Random.random`. A
    :class:`random.Random` seed is drawn from and left advanced; ``None`` draws afresh.

    Cost: about ``n`` moves a step, each a few table writes (about a microsecond in CPython).
    With the default steps (``n**2``, about ``n**3`` moves), measured on one core: 0.5 ms at
    order 10, 0.11 s at 50, 0.9 s at 100, 22 s at 256. Orders 1 to
    :data:`MAX_RANDOM_ORDER`; another raises :class:`~officers.UnsupportedError`, a seed or
    steps that is not a whole number ``>= 0`` :class:`~officers.InvalidArgumentError` (or
    :class:`TypeError` for another type).

    To randomise a Latin-square design, draw one square and give row ``r`` the ``r``-th block,
    column ``c`` the ``c``-th period and symbol ``s`` the ``s``-th treatment: every square being
    equally likely, so is every assignment the design allows.

    >>> random_latin_square(4, seed=7)
    ((0, 3, 2, 1), (3, 0, 1, 2), (1, 2, 0, 3), (2, 1, 3, 0))
    >>> random_latin_square(3, seed=7, steps=0)  # no step: the cyclic square
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    >>> random_latin_square(0)
    Traceback (most recent call last):
    ...
    officers.UnsupportedError: the order of a Latin square is a whole number >= 1, got 0
    >>> random_latin_square(5, seed=-1)
    Traceback (most recent call last):
    ...
    officers.InvalidArgumentError: the seed is an int >= 0, got -1
    """
    order = _order(n)
    rng = _rng(seed)
    count = default_steps(order) if steps is None else _count(steps, "steps")
    chain = _Chain(order, rng)
    chain.advance(count)
    return chain.square()


def random_latin_squares(
    n: int, count: int, *, seed: Seed = None, steps: int | None = None, every: int | None = None
) -> Iterator[LatinSquare]:
    """``count`` Latin squares of order ``n`` from one run of the chain: the first after
    ``steps`` steps from the cyclic square (default ``n**2``), each next ``every`` steps after
    the one before (default: as many as ``steps``).

    With the defaults each square is as far from the one before as the first is from the
    cyclic square, so they are as good as squares drawn with :func:`random_latin_square` and
    as many seeds, and one ``seed`` reproduces the whole sequence. A smaller ``every`` thins the
    chain less: cheaper, but successive squares are then correlated. The arguments are checked
    when the iterator is made, not at the first square.

    >>> squares = list(random_latin_squares(3, 4, seed=11))
    >>> len(squares), len(set(squares)) <= 4
    (4, True)
    >>> random_latin_squares(3, -1)
    Traceback (most recent call last):
    ...
    officers.InvalidArgumentError: count is a whole number >= 0, got -1
    """
    order = _order(n)
    number = _count(count, "count")
    rng = _rng(seed)
    first = default_steps(order) if steps is None else _count(steps, "steps")
    between = first if every is None else _count(every, "every")
    return _draws(_Chain(order, rng), number, first, between)


def _draws(chain: _Chain, count: int, first: int, between: int) -> Iterator[LatinSquare]:
    for index in range(count):
        chain.advance(first if index == 0 else between)
        yield chain.square()
