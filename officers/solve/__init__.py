"""Exact answers about squares, behind one interface.

Three independent methods answer the same questions, and the tests hold them to it:

``"index"``
    Order 4 only (the default there): bitsets over all finished squares, built once per process
    (:mod:`officers.solve.index`). About a microsecond a query.
``"backtrack"``
    Any order (the default elsewhere): a hand-written search with propagation
    (:mod:`officers.solve.backtrack`).
``"cpsat"``
    Any order: OR-tools CP-SAT (:mod:`officers.solve.cpsat`), with a time limit; out of time it
    raises :class:`~officers.SolverTimeoutError` ("unknown") instead of hanging.

Every function takes the square, then optionally the ``rules`` (default: rows and columns at the
square's order) and the ``method``. A square that breaks the rules has no completion. Each method
is a backend that implements the protocol :class:`~officers.solve.base.Solver`; the functions
check their arguments and dispatch through :data:`BACKENDS`.

Without a ``method`` the functions pick the fastest sound one for the question. The empty square
of order ``n`` without diagonals (the question "how many graeco-latin squares, is there one,
show me one") is answered by the mathematics, not by a search:

- :func:`count_completions`, ``n <= 6``: the census of the reduced Latin squares and their mates
  (:func:`~officers.solve.order6.mate_census`, under a second at order 6, 0 by the proof);
- :func:`is_completable`: ``n <= 6`` by the census, above by the constructions (every order
  but 2 and 6 has a square, :mod:`officers.solve.construct`);
- :func:`completions`, ``n != 4``: :func:`~officers.solve.construct.graeco_latin_square` first,
  then the backtracker's squares (none for 2 and 6); at order 4 the index lists them all in
  lexicographic order in microseconds.

Anything else goes to the index at order 4 and to the backtracker elsewhere;
:func:`chosen_method` names the choice. An explicit ``method`` is always obeyed.

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
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Final, Literal, get_args

from officers.errors import NotationError, UnsupportedError, check_time_limit
from officers.rules import STANDARD_RULES, Rules, rules_for
from officers.solve.base import DEFAULT_TIME_LIMIT, Solver
from officers.solve.index import CompletionIndex
from officers.square import Square

if TYPE_CHECKING:
    from officers.solve.order6 import MateCensus

__all__ = [
    "BACKENDS",
    "METHODS",
    "Method",
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
        "index": ("officers.solve.index", "INDEX"),
        "backtrack": ("officers.solve.backtrack", "BACKTRACK"),
        "cpsat": ("officers.solve.cpsat", "CPSAT"),
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
"""The backends by method name: each answers the :class:`~officers.solve.base.Solver` questions.

>>> dict(BACKENDS)
{'index': INDEX, 'backtrack': BACKTRACK, 'cpsat': CPSAT}
"""


CENSUS_ORDERS: Final = 6
"""The highest order whose empty square is counted by the census of its reduced Latin squares."""


@functools.cache
def census_of(order: int) -> MateCensus:
    """The census of the reduced Latin squares of ``order`` (at most 7) and their mates, taken
    once per process.

    >>> census_of(6).orthogonal_pairs(), census_of(5).orthogonal_pairs()
    (0, 6220800)
    """
    from officers.solve.order6 import mate_census

    return mate_census(order)


def _plain_empty(square: Square, rules: Rules, method: Method | None) -> bool:
    """Whether the question is about the empty square under rows and columns, method unchosen."""
    return method is None and not rules.diagonals and square.placed_count() == 0


def chosen_method(
    square: Square,
    rules: Rules | None = None,
    method: Method | None = None,
    question: Literal["count", "is_completable", "completions"] = "count",
) -> str:
    """The method that answers the ``question`` about the square: one of :data:`METHODS`, or
    ``"census"`` or ``"construction"`` for the empty square (see the module's docstring).

    >>> chosen_method(Square.empty(6)), chosen_method(Square.empty(30), question="completions")
    ('census', 'construction')
    >>> chosen_method(Square("AS3/4/4/4")), chosen_method(Square.empty(5), Rules(5, True))
    ('index', 'backtrack')
    """
    rules = rules_for(square, rules)
    if _plain_empty(square, rules, method):
        n = rules.order
        if question == "count" and n <= CENSUS_ORDERS:
            return "census"
        if question == "is_completable":
            return "census" if n <= CENSUS_ORDERS else "construction"
        if question == "completions" and n != 4:
            return "construction"
    return _method(rules, method)


def _setup(square: Square, rules: Rules | None, method: Method | None) -> tuple[Rules, Solver]:
    if rules is None and isinstance(square, Square):
        rules = _plain_rules(square.order)
    else:
        rules = rules_for(square, rules)
    rules.check_square(square)
    return rules, BACKENDS[_method(rules, method)]


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

    ``time_limit`` (seconds, default 10; ``None`` for none) applies to ``"cpsat"``; out of time
    it raises :class:`~officers.SolverTimeoutError`: the answer is unknown.

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
    rules, backend = _setup(square, rules, method)
    if _plain_empty(square, rules, method):
        if rules.order <= CENSUS_ORDERS:
            return census_of(rules.order).with_mates > 0
        from officers.solve.construct import why_none

        return why_none(rules.order) is None  # the constructions: every order but 2 and 6
    return backend.is_completable(square, rules, time_limit=time_limit)


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
    rules, backend = _setup(square, rules, method)
    if _plain_empty(square, rules, method) and rules.order <= CENSUS_ORDERS:
        return census_of(rules.order).orthogonal_pairs()
    return backend.count(square, rules, time_limit=time_limit)


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
    rules, backend = _setup(square, rules, method)
    if _plain_empty(square, rules, method) and rules.order != 4:
        return _constructed_first(square, rules, backend, time_limit)
    return backend.completions(square, rules, time_limit=time_limit)


def _constructed_first(
    square: Square, rules: Rules, backend: Solver, time_limit: float | None
) -> Iterator[Square]:
    """The constructed square of the order, then the backend's others (none for 2 and 6)."""
    from officers.solve.construct import graeco_latin_square, why_none

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
    rules, backend = _setup(square, rules, method)
    return backend.safe_placements(square, rules, time_limit=time_limit)


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
    method = _method(rules, method)
    if method == "index":
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
    """
    rules = STANDARD_RULES if rules is None else rules
    return count_completions(
        Square.empty(rules.order), rules, method=_method(rules, method), time_limit=time_limit
    )
