"""Exact answers about squares, behind one interface.

Three independent methods answer the same questions, and the tests hold them to it:

``"index"``
    Order 4 only (the default there): bitsets over all finished squares, built once per process
    (:mod:`officers.euler.solve.index`). About a microsecond a query.
``"backtrack"``
    Any order (the default elsewhere): a hand-written search with propagation
    (:mod:`officers.euler.solve.backtrack`).
``"cpsat"``
    Any order: OR-tools CP-SAT (:mod:`officers.euler.solve.cpsat`), with a time limit; out of time it
    raises :class:`~officers.SolverTimeoutError` ("unknown") instead of hanging.

Every function takes the square, then optionally the ``rules`` (default: rows and columns at the
square's order) and the ``method``. A square that breaks the rules has no completion. Each method
is a backend that implements the protocol :class:`~officers.euler.solve.base.Solver`; the functions
check their arguments and dispatch through :data:`BACKENDS`.

Without a ``method`` the functions pick the fastest sound route for the question, in one place
that every question goes through:

1. At orders 2 and 6 (:data:`NO_SQUARE_ORDERS`) no graeco-latin square exists (at order 6 by
   the census of :func:`~officers.latin.order6.prove_order_6`, Euler's 36 officers). Every
   finished square under rows and columns is graeco-latin, and under the diagonals too (they
   only add lines), so *no* square of these orders has a completion, whatever its givens and
   whatever the rules: :func:`is_completable` says ``False``, :func:`count_completions` 0,
   :func:`completions`, :func:`safe_placements` and :func:`finished_squares` nothing, at once
   (``chosen_method`` ``"census"``). A square that breaks the rules has none either.
2. The empty square of order ``n`` without diagonals (the question "how many graeco-latin
   squares, is there one, show me one") is answered by the mathematics, not by a search:

   - :func:`count_completions`, ``n <= 6``: the census of the reduced Latin squares and their
     mates (:func:`~officers.latin.order6.mate_census`);
   - :func:`is_completable`: ``n <= 6`` by the census, above by the constructions (every order
     but 2 and 6 has a square, :mod:`officers.latin.construct`);
   - :func:`completions`, ``n != 4``: :func:`~officers.euler.solve.construct.graeco_latin_square`
     first, then the backtracker's squares; at order 4 the index lists them all in
     lexicographic order in microseconds.

3. Anything else goes to the index at order 4 and to the backtracker elsewhere.

:func:`chosen_method` names the choice. An explicit ``method`` is always obeyed, at orders 2
and 6 too: it asks that method to search (to compare the methods, as the tests do, or to time
one), and its answer is the same "none", found by search, under its time limit.

>>> from officers import Square, Rules, count_completions, is_completable, completions
>>> start = Square("AC3/1JS2/1AH1QD/4")
>>> is_completable(start), count_completions(start), count_completions(start, Rules(diagonals=True))
(True, 1, 0)
>>> count_completions(start, method="backtrack"), count_completions(start, method="cpsat")
(1, 1)
>>> next(completions(start))
Square('ACKDQSJH/QHJSADKC/KSAHJCQD/JDQCKHAS')
>>> len(finished_squares()), len(finished_squares(Rules(diagonals=True)))
(6912, 1152)
>>> len(finished_squares(Rules(order=3)))
72
>>> count_completions(Square.empty(6)), is_completable(Square.empty(10))
(0, True)
>>> one_given = Square.from_values([7] + [-1] * 35, 6)
>>> is_completable(one_given), next(completions(one_given, Rules(6, diagonals=True)), None)
(False, None)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Final, Literal, get_args

from officers.core.errors import NotationError, UnsupportedError, check_time_limit
from officers.euler.rules import STANDARD_RULES, Rules, rules_for
from officers.euler.solve.base import DEFAULT_TIME_LIMIT, Solver
from officers.euler.solve.index import CompletionIndex
from officers.euler.square import Square

if TYPE_CHECKING:
    from officers.latin import MateCensus

__all__ = [
    "BACKENDS",
    "METHODS",
    "Method",
    "NO_SQUARE_ORDERS",
    "Solver",
    "census_of",
    "chosen_method",
    "completions",
    "count_completions",
    "count_finished_squares",
    "finished_squares",
    "is_completable",
    "safe_placements",
]

Method = Literal["index", "backtrack", "cpsat"]
METHODS: tuple[Method, ...] = get_args(Method)


class _Backends(Mapping[Method, Solver]):
    """The backends by method name, each module imported on first use (a command that asks the
    index never loads the backtracker or CP-SAT)."""

    _where: Final = {
        "index": ("officers.euler.solve.index", "INDEX"),
        "backtrack": ("officers.euler.solve.backtrack", "BACKTRACK"),
        "cpsat": ("officers.euler.solve.cpsat", "CPSAT"),
    }

    def __getitem__(self, method: Method) -> Solver:
        module, name = self._where[method]
        backend: Solver = getattr(import_module(module), name)
        return backend

    def __iter__(self) -> Iterator[Method]:
        return iter(METHODS)

    def __len__(self) -> int:
        return len(METHODS)

    def __repr__(self) -> str:
        return "BACKENDS"


BACKENDS: Final[Mapping[Method, Solver]] = _Backends()
"""The backends by method name: each answers the :class:`~officers.euler.solve.base.Solver` questions.

>>> dict(BACKENDS)
{'index': INDEX, 'backtrack': BACKTRACK, 'cpsat': CPSAT}
"""


CENSUS_ORDERS: Final = 6
"""The highest order whose empty square is counted by the census of its reduced Latin squares."""

NO_SQUARE_ORDERS: Final = frozenset({2, 6})
"""The orders with no graeco-latin square, so no finished square under any rules: 2 (neither
Latin square of order 2 has a transversal) and 6 (Euler's 36 officers,
:func:`~officers.latin.order6.prove_order_6`). Every other order has one
(:func:`~officers.euler.solve.construct.graeco_latin_square`). The tests hold this set to the census
of every order up to 6 and to :func:`~officers.latin.construct.why_none`."""


@functools.cache
def census_of(order: int) -> MateCensus:
    """The census of the reduced Latin squares of ``order`` (at most 7) and their mates, taken
    once per process.

    >>> census_of(6).orthogonal_pairs(), census_of(5).orthogonal_pairs()
    (0, 6220800)
    """
    from officers.latin.order6 import mate_census

    return mate_census(order)


Question = Literal["count", "is_completable", "completions", "safe_placements"]


class _NoSquare:
    """The answer at an order with no graeco-latin square (:data:`NO_SQUARE_ORDERS`): no
    square of the order has a completion, under rows and columns or with the diagonals (a
    diagonal square is a graeco-latin square with two more lines), whatever its givens. Known
    by the census, so every question is answered at once, without a search."""

    name = "census"

    def is_completable(self, square: Square, rules: Rules, *, time_limit: float | None) -> bool:
        return False

    def count(self, square: Square, rules: Rules, *, time_limit: float | None) -> int:
        return 0

    def completions(
        self, square: Square, rules: Rules, *, time_limit: float | None
    ) -> Iterator[Square]:
        return iter(())

    def safe_placements(
        self, square: Square, rules: Rules, *, time_limit: float | None
    ) -> dict[tuple[int, int], int]:
        return {}

    def __repr__(self) -> str:
        return "NO_SQUARE"


_NO_SQUARE: Final = _NoSquare()


class _EmptySquare:
    """The empty square under rows and columns (method unchosen): the census and the
    constructions answer what they can (see the module's docstring), ``default`` the rest."""

    def __init__(self, default: Solver) -> None:
        self.default = default
        self.name = default.name

    def method_for(self, question: Question, order: int) -> str:
        """The method that answers the question at the order (for :func:`chosen_method`)."""
        if question == "count" and order <= CENSUS_ORDERS:
            return "census"
        if question == "is_completable":
            return "census" if order <= CENSUS_ORDERS else "construction"
        if question == "completions" and order != 4:
            return "construction"
        return self.name

    def is_completable(self, square: Square, rules: Rules, *, time_limit: float | None) -> bool:
        if rules.order <= CENSUS_ORDERS:
            return census_of(rules.order).with_mates > 0
        from officers.latin.construct import why_none

        return why_none(rules.order) is None  # the constructions: every order but 2 and 6

    def count(self, square: Square, rules: Rules, *, time_limit: float | None) -> int:
        if rules.order <= CENSUS_ORDERS:
            return census_of(rules.order).orthogonal_pairs()
        return self.default.count(square, rules, time_limit=time_limit)

    def completions(
        self, square: Square, rules: Rules, *, time_limit: float | None
    ) -> Iterator[Square]:
        if rules.order == 4:
            return self.default.completions(square, rules, time_limit=time_limit)
        return _constructed_first(square, rules, self.default, time_limit)

    def safe_placements(
        self, square: Square, rules: Rules, *, time_limit: float | None
    ) -> dict[tuple[int, int], int]:
        return self.default.safe_placements(square, rules, time_limit=time_limit)


@functools.cache
def _empty_square(method: Method) -> _EmptySquare:
    return _EmptySquare(BACKENDS[method])


def _route(square: Square, rules: Rules | None, method: Method | None) -> tuple[Rules, Solver]:
    """Check the arguments; return the rules and what answers a question about the square: the
    backend asked for, else the fastest sound route (the module's docstring lists them)."""
    if rules is None and isinstance(square, Square):
        rules = _plain_rules(square.order)
    else:
        rules = rules_for(square, rules)
    rules.check_square(square)
    chosen = _method(rules, method)
    if method is None:
        if rules.order in NO_SQUARE_ORDERS:
            return rules, _NO_SQUARE
        if not rules.diagonals and square.placed_count() == 0:
            return rules, _empty_square(chosen)
    return rules, BACKENDS[chosen]


def chosen_method(
    square: Square,
    rules: Rules | None = None,
    method: Method | None = None,
    question: Question = "count",
) -> str:
    """The method that answers the ``question`` about the square: one of :data:`METHODS`, or
    ``"census"`` or ``"construction"`` (see the module's docstring).

    >>> chosen_method(Square.empty(6)), chosen_method(Square.empty(30), question="completions")
    ('census', 'construction')
    >>> chosen_method(Square("AS3/4/4/4")), chosen_method(Square.empty(5), Rules(5, True))
    ('index', 'backtrack')
    >>> chosen_method(Square.from_values([7] + [-1] * 35, 6), question="completions")
    'census'
    """
    rules, route = _route(square, rules, method)
    if isinstance(route, _EmptySquare):
        return route.method_for(question, rules.order)
    return route.name


@functools.cache
def _plain_rules(order: int) -> Rules:
    """The rules of a square given none: rows and columns at its order, one object per order."""
    return STANDARD_RULES if order == 4 else Rules(order=order)


def _index_for(
    square: Square, rules: Rules | None, method: Method | None
) -> CompletionIndex | None:
    """The index, when it answers the question about this square at once: order 4, the default
    method, arguments of the expected types; else ``None`` (the general path decides)."""
    # the attribute and the cache read directly: this test is a tenth of a query's time
    if method is None and square.__class__ is Square and square._order == 4:
        if rules is None:
            return _BUILT.get(False) or CompletionIndex.of(False)
        if rules.__class__ is Rules and rules.order == 4:
            return _BUILT.get(rules.diagonals) or CompletionIndex.of(rules.diagonals)
    return None


_BUILT = CompletionIndex._cache
"""The order-4 indexes built so far, by ``diagonals``."""


def _method(rules: Rules, method: Method | None) -> Method:
    if method is None:
        return "index" if rules.order == 4 else "backtrack"
    if method not in METHODS:
        raise NotationError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    if method == "index" and rules.order != 4:
        raise UnsupportedError(
            f"the index exists for order 4 only, not order {rules.order}: "
            "use method='backtrack' or method='cpsat'"
        )
    return method


def is_completable(
    square: Square,
    rules: Rules | None = None,
    *,
    method: Method | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> bool:
    """Whether some finished square extends the square.

    ``time_limit`` (seconds, default 10; ``None`` for none) bounds a search; out of time it
    raises :class:`~officers.SolverTimeoutError`: the answer is unknown.

    >>> from officers import Square
    >>> is_completable(Square("AC3/1JS2/1AH1QD/4")), is_completable(Square("AS1KS1/4/4/4"))
    (True, False)
    """
    if time_limit is not DEFAULT_TIME_LIMIT:  # the index answers at once, but checks it too
        check_time_limit(time_limit)
    index = _index_for(square, rules, method)
    if index is not None:
        mask = index.mask(square)
        if mask is not index.full:  # else the square is empty: the census answers (below)
            return mask != 0
    rules, route = _route(square, rules, method)
    return route.is_completable(square, rules, time_limit=time_limit)


def count_completions(
    square: Square,
    rules: Rules | None = None,
    *,
    method: Method | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> int:
    """The number of finished squares that extend the square.

    With ``"backtrack"`` the empty square is counted by the relabelling symmetry
    (docs/mathematics.md).

    >>> from officers import Square, Rules
    >>> count_completions(Square()), count_completions(Square("AS3/4/4/4"), Rules(diagonals=True))
    (6912, 72)
    """
    if time_limit is not DEFAULT_TIME_LIMIT:  # the index answers at once, but checks it too
        check_time_limit(time_limit)
    index = _index_for(square, rules, method)
    if index is not None:
        mask = index.mask(square)
        if mask is not index.full:  # else the square is empty: the census answers (below)
            return mask.bit_count()
    rules, route = _route(square, rules, method)
    return route.count(square, rules, time_limit=time_limit)


def completions(
    square: Square,
    rules: Rules | None = None,
    *,
    method: Method | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Iterator[Square]:
    """The finished squares that extend the square, one at a time.

    ``"index"`` and ``"cpsat"`` yield them in lexicographic order of their values (the order of
    :func:`finished_squares`); ``"backtrack"`` yields them lazily in its search order.

    >>> from officers import Square
    >>> len(list(completions(Square("AS KH QD JC / QC JD AH KS / 4 / 4"))))
    2
    """
    if time_limit is not DEFAULT_TIME_LIMIT:
        check_time_limit(time_limit)
    rules, route = _route(square, rules, method)
    return route.completions(square, rules, time_limit=time_limit)


def _constructed_first(
    square: Square, rules: Rules, backend: Solver, time_limit: float | None
) -> Iterator[Square]:
    """The constructed square of the order, then the backend's others (none for 2 and 6)."""
    from officers.euler.solve.construct import graeco_latin_square
    from officers.latin.construct import why_none

    if why_none(rules.order) is not None:
        return
    first = graeco_latin_square(rules.order, time_limit=time_limit)
    yield first
    for found in backend.completions(square, rules, time_limit=time_limit):
        if found != first:
            yield found


def safe_placements(
    square: Square,
    rules: Rules | None = None,
    *,
    method: Method | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> dict[tuple[int, int], int]:
    """Every ``(cell, card)`` whose placement keeps the square completable, with the number of
    completions each leaves, in cell then card order. Empty when the square is dead.

    >>> from officers import Square, Card
    >>> safe = safe_placements(Square("AC3/1JS2/1AH1QD/4"))
    >>> len(safe), safe[(1, Card.KING_OF_DIAMONDS)]
    (12, 1)
    """
    if time_limit is not DEFAULT_TIME_LIMIT:  # the index answers at once, but checks it too
        check_time_limit(time_limit)
    index = _index_for(square, rules, method)
    if index is not None:
        return index.safe_placements(square)
    rules, route = _route(square, rules, method)
    return route.safe_placements(square, rules, time_limit=time_limit)


def finished_squares(
    rules: Rules | None = None,
    *,
    method: Method | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> list[Square]:
    """Every finished square of the rules' order, in lexicographic order of their values.

    The order compares the cells' values (``n * a + b``; at order 4 the card ``4 * rank + suit``,
    A♠ < A♥ < A♦ < A♣ < K♠ < ...) cell by cell, row-major: the first square starts ``A♠ K♥ Q♦ J♣``.

    >>> squares = finished_squares()
    >>> squares[0]
    Square('ASKHQDJC/KDACJSQH/QCJDAHKS/JHQSKCAD')
    """
    if time_limit is not DEFAULT_TIME_LIMIT:
        check_time_limit(time_limit)
    rules = STANDARD_RULES if rules is None else rules
    if _method(rules, method) == "index":
        return list(CompletionIndex.get(rules).squares)
    return sorted(
        completions(Square.empty(rules.order), rules, method=method, time_limit=time_limit),
        key=lambda square: square.values,
    )


def count_finished_squares(
    rules: Rules | None = None,
    *,
    method: Method | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> int:
    """The number of finished squares of the rules' order, without listing them.

    With ``"backtrack"`` it counts the squares whose first row is ``(0, 0), (1, 1), ...`` and
    multiplies by ``(n!)²`` (see docs/mathematics.md).

    >>> count_finished_squares(Rules(order=3)), count_finished_squares(Rules(diagonals=True))
    (72, 1152)
    >>> count_finished_squares(Rules(order=6, diagonals=True)), finished_squares(Rules(order=2))
    (0, [])
    """
    rules = STANDARD_RULES if rules is None else rules
    if _method(rules, method) == "index":
        method = "index"  # the index holds every square of order 4: its count is at hand
    return count_completions(Square.empty(rules.order), rules, method=method, time_limit=time_limit)
