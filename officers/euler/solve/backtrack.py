"""A hand-written backtracker for graeco-latin squares of any order, with or without diagonals.

Glossary
--------
order, size
    ``n`` and ``N = n * n``: the square has ``N`` cells and ``N`` values.
cell
    An int ``n * row + column``, 0 .. N-1.
value
    An int ``n * a + b`` for the pair of symbols ``(a, b)``: ``a`` is its first symbol (the rank
    at order 4), ``b`` its second (the suit).
bit
    ``1 << value``. Sets of values are ints used as bitsets (bit ``v`` set: value ``v`` is in).
candidates
    ``cand[cell]``: the bitset of the values the cell may still hold. The state of the search is
    the list ``cand`` plus the list of the cells not yet settled.
line
    A row, a column, or (with diagonals) one of the two main diagonals: ``n`` cells that must
    hold every first symbol once and every second symbol once.
peers
    The other cells of the lines through a cell.
settle
    Accept a cell's single candidate: remove its value from every other cell, and every value
    sharing its first or its second symbol from its peers.
dead
    A state with no completion: a cell, or a value, or a symbol of a line, with no place left.
projection
    The first symbols (``proj_a``) or the second symbols (``proj_b``) of a set of values, as an
    ``n``-bit set.

Propagation, applied until nothing changes:

1. a cell with one candidate left is settled (none left: dead);
2. a first (second) symbol with only one possible cell left in a line restricts that cell to
   the values with that symbol (no cell left: dead);
3. a value with exactly one possible cell left goes there (no cell left: dead).

Then the search branches on the unsettled cell with the fewest candidates, copying the state.

>>> from officers import Rules, Square
>>> count(Square("AC3/1JS2/1AH1QD/4"), Rules())
1
>>> count_finished(Rules(order=3)), count_finished(Rules(diagonals=True))
(72, 1152)
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from officers.core.errors import (
    NotationError,
    SolverTimeoutError,
    UnsupportedError,
    check_time_limit,
    excerpt,
)
from officers.euler.rules import Rules
from officers.euler.solve import exact
from officers.euler.solve.base import Solver, safe_placements_by_counting
from officers.euler.square import EMPTY, MAX_TEXT_ORDER, Square

__all__ = [
    "BACKTRACK",
    "MAX_BACKTRACK_ORDER",
    "BacktrackSolver",
    "completions",
    "count",
    "count_finished",
    "cover_completions",
    "cover_count",
    "is_completable",
]

MAX_BACKTRACK_ORDER: Final = 64
"""The largest order the backtracker takes: its tables hold ``2 * n**4`` bits (4 MB at 64)."""

_TABLE_BITS = 16
"""Projections of sets of values are looked up in tables over at most this many bits."""

Projector = Callable[[list[int]], tuple[list[int], list[int]]]
State = tuple[list[int], list[int]]
"""``(cand, free)``: the candidates of every cell, and the cells not yet settled."""


@dataclass(frozen=True, slots=True)
class _Tables:
    """Everything about an order and a rule set that the search looks up."""

    order: int
    size: int
    full: int  # every value: (1 << N) - 1
    lines: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]  # peers[cell]
    keep_peer: tuple[int, ...]  # keep_peer[v]: the values sharing no symbol with v
    keep_other: tuple[int, ...]  # keep_other[v]: every value but v
    a_values: tuple[int, ...]  # a_values[a]: the values with first symbol a
    b_values: tuple[int, ...]  # b_values[b]: the values with second symbol b
    project: Projector  # cand -> (proj_a of each cell, proj_b of each cell)


@functools.lru_cache(maxsize=8)
def _tables(order: int, diagonals: bool) -> _Tables:
    n, size = order, order * order
    rules = Rules(order=order, diagonals=diagonals)
    lines = tuple(line.cells for line in rules.lines)
    peers = tuple(
        tuple(sorted({p for line in rules.lines_through(cell) for p in line.cells} - {cell}))
        for cell in range(size)
    )
    full = (1 << size) - 1
    a_values = tuple(sum(1 << (n * a + b) for b in range(n)) for a in range(n))
    b_values = tuple(sum(1 << (n * a + b) for a in range(n)) for b in range(n))
    return _Tables(
        order=n,
        size=size,
        full=full,
        lines=lines,
        peers=peers,
        keep_peer=tuple(full & ~(a_values[v // n] | b_values[v % n]) for v in range(size)),
        keep_other=tuple(full & ~(1 << v) for v in range(size)),
        a_values=a_values,
        b_values=b_values,
        project=_projector(n),
    )


def _projector(n: int) -> Projector:
    """The projections of every cell's candidates, by table look-up.

    A set of values splits into ``n`` chunks of ``n`` bits, chunk ``a`` holding the values with
    first symbol ``a``. Tables cover ``group`` chunks at a time (one table at order 4, two at
    order 5); past order 16 each chunk is tested in turn.

    >>> project = _projector(2)
    >>> project([0b0001, 0b0110, 0b1000])  # {(0,0)}, {(0,1),(1,0)}, {(1,1)}
    ([1, 3, 2], [1, 3, 2])
    """
    low = (1 << n) - 1
    if n > _TABLE_BITS:
        shifts = tuple(range(0, n * n, n))

        def project_direct(cand: list[int]) -> tuple[list[int], list[int]]:
            proj_a, proj_b = [], []
            for x in cand:
                pa = pb = 0
                for a, shift in enumerate(shifts):
                    chunk = (x >> shift) & low
                    if chunk:
                        pa |= 1 << a
                        pb |= chunk
                proj_a.append(pa)
                proj_b.append(pb)
            return proj_a, proj_b

        return project_direct
    group = _TABLE_BITS // n
    chunks = -(-n // group)  # ceiling
    width = min(group, n) * n
    a_table, b_table = [0] * (1 << width), [0] * (1 << width)
    for bits in range(1, 1 << width):
        rest = bits & (bits - 1)
        value = (bits ^ rest).bit_length() - 1
        a_table[bits] = a_table[rest] | 1 << (value // n)
        b_table[bits] = b_table[rest] | 1 << (value % n)
    if chunks == 1:

        def project_one(cand: list[int]) -> tuple[list[int], list[int]]:
            return [a_table[x] for x in cand], [b_table[x] for x in cand]

        return project_one
    mask = (1 << width) - 1
    shifts = tuple(range(0, n * n, width))

    def project_many(cand: list[int]) -> tuple[list[int], list[int]]:
        proj_a, proj_b = [], []
        for x in cand:
            pa = pb = 0
            for k, shift in enumerate(shifts):
                chunk = (x >> shift) & mask
                pa |= a_table[chunk] << (k * group)
                pb |= b_table[chunk]
            proj_a.append(pa)
            proj_b.append(pb & low)
        return proj_a, proj_b

    return project_many


# --- propagation -------------------------------------------------------------------------------


def _propagate(
    cand: list[int], free: list[int], t: _Tables, clock: _Clock | None = None
) -> list[int] | None:
    """Apply the three rules until nothing changes; ``cand`` changes in place.

    Returns the cells still unsettled (empty: a finished square), or ``None`` if the state is
    dead.

    >>> t = _tables(2, False)  # order 2 has no finished square
    >>> _propagate([0b0001, 0b1111, 0b1111, 0b1111], [0, 1, 2, 3], t) is None
    True
    >>> t = _tables(3, False)
    >>> cand = [1 << v for v in (0, 4, 8, 5, 6, 1, 7, 2)] + [0b111111111]
    >>> _propagate(cand, list(range(9)), t), cand[8] == 1 << 3  # the last cell: the last value
    ([], True)
    """
    peers, keep_peer, keep_other = t.peers, t.keep_peer, t.keep_other
    while True:
        if clock is not None and time.monotonic() > clock.deadline:
            raise _OutOfTimeError
        # Rule 1: settle the cells with one candidate.
        settled = False
        rest = []
        for cell in free:
            x = cand[cell]
            if x & (x - 1):
                rest.append(cell)
                continue
            if not x:
                return None
            value = x.bit_length() - 1
            keep = keep_other[value]
            for other in free:
                cand[other] &= keep
            keep = keep_peer[value]
            for other in peers[cell]:
                cand[other] &= keep
            cand[cell] = x
            settled = True
        free = rest
        if settled:
            continue
        if not free:
            return free
        # Rule 3: each value not yet placed needs a cell; one cell left takes it.
        once = twice = 0
        for cell in free:
            x = cand[cell]
            twice |= once & x
            once |= x
        if once.bit_count() < len(free):
            return None
        unique = once & ~twice
        if unique:
            for cell in free:
                x = cand[cell]
                bit = x & unique
                if bit:
                    if bit & (bit - 1):
                        return None  # the only cell left for two values
                    cand[cell] = bit
            continue
        # Rule 2: each symbol not yet placed in a line needs a cell of the line.
        if _lines(cand, t):
            continue
        return free


def _lines(cand: list[int], t: _Tables) -> bool | None:
    """Rule 2 on every line: ``True`` if a cell was restricted, else ``False``; ``None``: dead.

    Called when every cell with one candidate is settled, so those are exactly the settled ones;
    it returns as soon as a cell is left with one candidate, to keep that true.
    """
    proj_a, proj_b = t.project(cand)
    a_values, b_values = t.a_values, t.b_values
    changed = False
    for line in t.lines:
        once_a = twice_a = once_b = twice_b = 0
        unsettled = 0
        for cell in line:
            x = cand[cell]
            if x & (x - 1):
                unsettled += 1
                pa, pb = proj_a[cell], proj_b[cell]
                twice_a |= once_a & pa
                once_a |= pa
                twice_b |= once_b & pb
                once_b |= pb
        if not unsettled:
            continue
        if once_a.bit_count() < unsettled or once_b.bit_count() < unsettled:
            return None
        unique_a, unique_b = once_a & ~twice_a, once_b & ~twice_b
        if not unique_a | unique_b:
            continue
        for cell in line:
            x = cand[cell]
            if not x & (x - 1):
                continue
            y = x
            bit = proj_a[cell] & unique_a
            if bit:
                if bit & (bit - 1):
                    return None  # the only cell left for two first symbols
                y &= a_values[bit.bit_length() - 1]
            bit = proj_b[cell] & unique_b
            if bit:
                if bit & (bit - 1):
                    return None
                y &= b_values[bit.bit_length() - 1]
            if y != x:
                cand[cell] = y
                if not y & (y - 1):
                    return True  # a new single candidate (or none): settle it first
                changed = True
    return changed


# --- search ------------------------------------------------------------------------------------


class _OutOfTimeError(Exception):
    """The search's time ran out; the public functions say what they knew by then."""


class _Clock:
    """When the search must stop: a ``deadline`` on :func:`time.monotonic`, which moves on
    while the caller holds a square that :func:`completions` yielded (that time is not the
    search's)."""

    __slots__ = ("deadline", "paused")

    def __init__(self, time_limit: float | None) -> None:
        self.deadline = math.inf if time_limit is None else time.monotonic() + time_limit
        self.paused = 0.0

    def check(self) -> None:
        if time.monotonic() > self.deadline:
            raise _OutOfTimeError

    def pause(self) -> None:
        self.paused = time.monotonic()

    def resume(self) -> None:
        self.deadline += time.monotonic() - self.paused


def _start(square: Square, rules: Rules, clock: _Clock) -> tuple[State | None, _Tables]:
    """The state of a square before propagation, or ``None`` if it breaks the rules."""
    if not isinstance(square, Square):
        raise NotationError(f"expected a Square, got {excerpt(square)}")
    if not isinstance(rules, Rules):
        raise NotationError(f"expected Rules, got {excerpt(rules)}")
    rules.check_square(square)
    if rules.order > MAX_BACKTRACK_ORDER:
        raise UnsupportedError(
            f"the backtracker searches squares up to order {MAX_BACKTRACK_ORDER}, "
            f"not {rules.order}: use method='cpsat'"
        )
    t = _tables(rules.order, rules.diagonals)
    cand = [t.full] * t.size
    free = list(range(t.size))
    given = [(cell, value) for cell, value in enumerate(square.values) if value != EMPTY]
    for cell, value in given:
        clock.check()
        if not cand[cell] >> value & 1:
            return None, t
        for other in free:
            cand[other] &= t.keep_other[value]
        for other in t.peers[cell]:
            cand[other] &= t.keep_peer[value]
        cand[cell] = 1 << value
    filled = {cell for cell, _ in given}
    return (cand, [cell for cell in free if cell not in filled]), t


def _search(state: State | None, t: _Tables, clock: _Clock) -> Iterator[list[int]]:
    """Every finished ``cand`` (each cell one bit) below the state, depth first.

    Raises :class:`_OutOfTimeError` when the clock runs out: it is checked at every node and in
    every round of propagation, so a search stops within a round of its deadline.
    """
    if state is None:
        return
    stack = [state]
    while stack:
        clock.check()
        cand, free = stack.pop()
        rest = _propagate(cand, free, t, clock)
        if rest is None:
            continue
        if not rest:
            clock.pause()
            yield cand
            clock.resume()
            continue
        best, fewest = rest[0], t.size + 1
        for cell in rest:
            k = cand[cell].bit_count()
            if k < fewest:
                best, fewest = cell, k
                if k == 2:
                    break
        x = cand[best]
        children = []
        while x:
            bit = x & -x
            x ^= bit
            child = cand[:]
            child[best] = bit
            children.append((child, rest))
        stack.extend(reversed(children))


def _square(cand: list[int], order: int) -> Square:
    return Square.from_values([x.bit_length() - 1 for x in cand], order)


def _timeout(square: Square, rules: Rules, time_limit: float | None, knowing: str) -> str:
    shown = (
        excerpt(square.notation(), 60)
        if square.order <= MAX_TEXT_ORDER
        else f"a square of order {square.order} with {square.placed_count()} cells filled"
    )
    return (
        f"unknown: the backtracker ran out of time after {time_limit:g} s on {shown} "
        f"({rules.describe()}): {knowing}"
    )


# --- the public functions ----------------------------------------------------------------------


def completions(
    square: Square, rules: Rules, *, time_limit: float | None = None
) -> Iterator[Square]:
    """Every finished square that extends the square, one at a time.

    The order is that of the depth-first search: after propagation it fills the unsettled cell
    with the fewest candidates (the first such cell in row-major order, or the first with two),
    trying its values in increasing order. It is fixed for a given square and rules, but it is
    not the lexicographic order. A square that breaks the rules yields nothing; a finished square
    yields itself. A square and rules of different orders raise
    :class:`~officers.NotationError` at once, not at the first ``next()``.

    ``time_limit`` (seconds, ``None`` for none) bounds the time spent searching, not the time
    the caller holds a square; when it runs out, the next ``next()`` raises
    :class:`~officers.SolverTimeoutError` saying how many squares came before.

    >>> from officers import Rules, Square
    >>> for finished in completions(Square("AS KH QD JC / QC JD AH KS / 4 / 4"), Rules()):
    ...     print(finished.notation())
    ASKHQDJC/QCJDAHKS/KDACJSQH/JHQSKCAD
    ASKHQDJC/QCJDAHKS/JHQSKCAD/KDACJSQH
    """
    seconds = check_time_limit(time_limit)
    clock = _Clock(seconds)
    try:
        state, t = _start(square, rules, clock)  # checks the arguments now, not at next()
    except _OutOfTimeError:
        raise SolverTimeoutError(
            _timeout(square, rules, seconds, "before the search began")
        ) from None
    return _stream(square, rules, seconds, _search(state, t, clock), t.order)


def _stream(
    square: Square, rules: Rules, seconds: float | None, found: Iterator[list[int]], order: int
) -> Iterator[Square]:
    done = 0
    try:
        for cand in found:
            yield _square(cand, order)
            done += 1
    except _OutOfTimeError:
        knowing = f"{done} completion{'s' * (done != 1)} yielded so far"
        raise SolverTimeoutError(_timeout(square, rules, seconds, knowing)) from None


def count(
    square: Square, rules: Rules, *, limit: int | None = None, time_limit: float | None = None
) -> int:
    """The number of finished squares that extend the square, or ``limit`` if there are at least
    that many (the search stops there).

    Out of time (``time_limit`` seconds; ``None`` for none) it raises
    :class:`~officers.SolverTimeoutError` saying how many it had found: at least that many.

    >>> from officers import Rules, Square
    >>> start = Square("AS3/4/4/4")
    >>> count(start, Rules()), count(start, Rules(diagonals=True)), count(start, Rules(), limit=10)
    (432, 72, 10)
    >>> count(Square("AS1KS1/4/4/4"), Rules())  # breaks the rules
    0
    >>> count(Square.empty(6), Rules(order=6), time_limit=0.5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    officers.SolverTimeoutError: unknown: the backtracker ran out of time after 0.5 s on '6/6/6/6/6/6' (rows and columns): at least 0 completions found
    """
    seconds = check_time_limit(time_limit)
    clock = _Clock(seconds)
    found = 0
    try:
        state, t = _start(square, rules, clock)
        if limit is not None and limit <= 0:
            return 0
        for _ in _search(state, t, clock):
            found += 1
            if found == limit:
                break
    except _OutOfTimeError:
        knowing = f"at least {found} completion{'s' * (found != 1)} found"
        raise SolverTimeoutError(_timeout(square, rules, seconds, knowing)) from None
    return found


def is_completable(square: Square, rules: Rules, *, time_limit: float | None = None) -> bool:
    """Whether some finished square extends the square: the search stops at the first.

    Out of time (``time_limit`` seconds; ``None`` for none) it raises
    :class:`~officers.SolverTimeoutError`.

    >>> from officers import Rules, Square
    >>> is_completable(Square("AC3/1JS2/1AH1QD/4"), Rules())
    True
    >>> is_completable(Square("AC3/1JS2/1AH1QD/4"), Rules(diagonals=True))
    False
    """
    seconds = check_time_limit(time_limit)
    clock = _Clock(seconds)
    try:
        state, t = _start(square, rules, clock)
        return next(_search(state, t, clock), None) is not None
    except _OutOfTimeError:
        knowing = "no completion found yet"
        raise SolverTimeoutError(_timeout(square, rules, seconds, knowing)) from None


def count_finished(rules: Rules, *, time_limit: float | None = None) -> int:
    """The number of finished squares of the rules' order, counted with the help of symmetry.

    Relabelling the first symbols (``n!`` ways) and, independently, the second symbols (``n!``
    ways) maps finished squares to finished squares, with or without the diagonals, since it
    keeps the lines. It acts freely: a finished square's first row holds every first symbol once
    and every second symbol once, so exactly one relabelling pair turns that row into
    ``(0, 0), (1, 1), ..., (n-1, n-1)``. Each orbit therefore has ``(n!)²`` squares and exactly
    one of them has that first row, so the number of finished squares is ``(n!)²`` times the
    number of finished squares with that first row (at order 1, ``1 * 1``).

    >>> count_finished(Rules(order=1)), count_finished(Rules(order=2)), count_finished(Rules())
    (1, 0, 6912)
    """
    if not isinstance(rules, Rules):
        raise NotationError(f"expected Rules, got {excerpt(rules)}")
    n = rules.order
    first_row = [n * i + i for i in range(n)]
    square = Square.from_values(first_row + [EMPTY] * (n * n - n), n)
    orbit = math.factorial(n) ** 2
    seconds = check_time_limit(time_limit)
    clock = _Clock(seconds)
    found = 0
    try:
        state, t = _start(square, rules, clock)
        for _ in _search(state, t, clock):
            found += 1
    except _OutOfTimeError:
        knowing = f"at least {found * orbit} completions found (by symmetry, {found} × {n}!²)"
        empty = Square.empty(n)
        raise SolverTimeoutError(_timeout(empty, rules, seconds, knowing)) from None
    return orbit * found


# --- by exact cover ----------------------------------------------------------------------------


def cover_count(square: Square, rules: Rules, *, time_limit: float | None = None) -> int:
    """The number of finished squares that extend the square, by exact cover with the
    symmetries of the givens (:func:`officers.euler.solve.exact.count_completions`): the same number
    as :func:`count`, found much faster on sparse squares of order 5 and up.

    Out of time (``time_limit`` seconds; ``None`` for none) it raises
    :class:`~officers.SolverTimeoutError`.

    >>> from officers import Rules, Square
    >>> start = Square("AS3/4/4/4")
    >>> cover_count(start, Rules()), cover_count(start, Rules(diagonals=True))
    (432, 72)
    """
    seconds = check_time_limit(time_limit)
    clock = _Clock(seconds)
    try:
        state, _ = _start(square, rules, clock)  # checks the arguments
        if state is None:
            return 0
        return exact.count_completions(square, rules, check=clock.check)
    except _OutOfTimeError:
        knowing = "the count by exact cover was not finished"
        raise SolverTimeoutError(_timeout(square, rules, seconds, knowing)) from None


def cover_completions(
    square: Square, rules: Rules, *, time_limit: float | None = None
) -> Iterator[Square]:
    """Every finished square that extends the square, by exact cover
    (:func:`officers.euler.solve.exact.completions`), one at a time, in the order of its depth-first
    search; ``time_limit`` as in :func:`completions`.

    >>> from officers import Rules, Square
    >>> len(list(cover_completions(Square("AS3/4/4/4"), Rules(diagonals=True))))
    72
    """
    seconds = check_time_limit(time_limit)
    clock = _Clock(seconds)
    try:
        state, _ = _start(square, rules, clock)  # checks the arguments now, not at next()
    except _OutOfTimeError:
        raise SolverTimeoutError(
            _timeout(square, rules, seconds, "before the search began")
        ) from None
    found = iter(()) if state is None else exact.completions(square, rules, check=clock.check)
    given = square.placed_count() > 0  # the empty square is the constructions' (the facade's)
    if state is not None and rules.order >= RELABEL_ORDER and not rules.diagonals and given:
        found = _relabelled_first(square, found, seconds)
    return _cover_stream(square, rules, seconds, found, clock)


RELABEL_ORDER = 8
"""From this order on, a square with givens is first sought by renaming a constructed one
(:func:`~officers.euler.solve.construct.relabelled_completion`), the search after."""

RELABEL_SECONDS = 1.0
"""At most this long (or the time limit, if shorter) for the renaming."""


def _relabelled_first(
    square: Square, found: Iterator[Square], seconds: float | None
) -> Iterator[Square]:
    """The relabelled construction, if one fits the givens, then the search's squares without
    it."""
    from officers.euler.solve.construct import relabelled_completion

    limit = RELABEL_SECONDS if seconds is None else min(RELABEL_SECONDS, seconds / 2)
    first = relabelled_completion(square, time_limit=limit)
    if first is not None:
        yield first
    for other in found:
        if other != first:
            yield other


def _cover_stream(
    square: Square, rules: Rules, seconds: float | None, found: Iterator[Square], clock: _Clock
) -> Iterator[Square]:
    done = 0
    try:
        for finished in found:
            clock.pause()
            yield finished
            clock.resume()
            done += 1
    except _OutOfTimeError:
        knowing = f"{done} completion{'s' * (done != 1)} yielded so far"
        raise SolverTimeoutError(_timeout(square, rules, seconds, knowing)) from None


class BacktrackSolver:
    """The backtracking backend of :mod:`officers.euler.solve` (a
    :class:`~officers.euler.solve.base.Solver`); every method honours ``time_limit``.

    It counts and lists by exact cover (:func:`cover_count`, :func:`cover_completions`), which
    branches on whichever constraint has fewest options and uses the givens' symmetries; the
    cell-by-cell search stays in :func:`count` and :func:`completions`, so the tests can hold
    one against the other.
    """

    name = "backtrack"

    def is_completable(
        self, square: Square, rules: Rules, *, time_limit: float | None = None
    ) -> bool:
        """Whether :func:`cover_completions` finds one."""
        found = cover_completions(square, rules, time_limit=time_limit)
        return next(found, None) is not None

    def count(self, square: Square, rules: Rules, *, time_limit: float | None = None) -> int:
        """See :func:`cover_count`; the empty square is counted by :func:`count_finished`."""
        if (
            isinstance(square, Square)
            and isinstance(rules, Rules)
            and square.placed_count() == 0
            and rules.order == square.order
        ):
            return count_finished(rules, time_limit=time_limit)
        return cover_count(square, rules, time_limit=time_limit)

    def completions(
        self, square: Square, rules: Rules, *, time_limit: float | None = None
    ) -> Iterator[Square]:
        """See :func:`cover_completions`."""
        return cover_completions(square, rules, time_limit=time_limit)

    def safe_placements(
        self, square: Square, rules: Rules, *, time_limit: float | None = None
    ) -> dict[tuple[int, int], int]:
        """One count per legal placement."""
        return safe_placements_by_counting(self, square, rules, time_limit=time_limit)

    def __repr__(self) -> str:
        return "BACKTRACK"


BACKTRACK: Final[Solver] = BacktrackSolver()
"""The backtracking backend."""
