"""Counting the Latin squares of an order by classes of Latin rectangles, not one by one.

The first ``k`` rows of a Latin square of order ``n`` are a ``k x n`` Latin rectangle; which
symbols each column holds makes a ``k``-regular bipartite graph ``G`` between the columns and
the symbols (its *column graph*, an ``n x n`` matrix of 0s and 1s with ``k`` ones in every row
and column). The next row is a perfect matching of the graph's complement, and how many ways a
rectangle can be finished depends on ``G`` alone: so the rectangles can be counted by their
column graphs, and the graphs by their classes under permutations of the columns and of the
symbols, which change no count. This is the way of McKay and Rogoyski (1995) and McKay and
Wanless (2005), run row by row:

- ``N_1``: one class, the rectangle of one row (its first row fixed: every count below is
  divided by ``n!``);
- ``N_(k+1)(H) = sum over classes G of N_k(G) x`` the number of perfect matchings ``M`` of the
  complement of a representative of ``G`` with ``G + M`` in class ``H``;
- a rectangle of ``n - 3`` rows is finished in ``R(complement)`` ways, the number of ordered
  decompositions of the 3-regular complement into perfect matchings, ``R(K) = sum over the
  perfect matchings M of K of 2 ** cycles(K - M)`` (a 2-regular graph of ``c`` cycles splits
  into two matchings in ``2 ** c`` ordered ways).

The classes are told apart by a canonical form of the column graph (:func:`canonical_graph`,
an individualisation-refinement search with automorphism pruning, the sides of the graph kept
apart); past ``n / 2`` rows the sparser complement is the one put in canonical form, and a
2-regular graph is known by its cycle lengths. Order 8 has 1, 7, 51, 194 and 51 classes of
rectangles of 1 .. 5 rows, and its count takes about a minute of one core.

The work of a level is cut into units (a representative and the column of its first row's
next symbol), run on worker processes (``jobs``); a ``state`` file the caller names keeps every
finished level and unit, written after each, so that a count stopped by its time limit, an
interrupt or a crash goes on where it stopped when called again with the same file.

>>> count_latin(5).reduced, count_latin(5).squares
(56, 161280)
>>> [count_latin(n).reduced for n in range(1, 7)]
[1, 1, 1, 4, 56, 9408]

References: B. D. McKay and E. Rogoyski, "Latin squares of order 10", Electron. J. Combin. 2
(1995) N3; B. D. McKay and I. M. Wanless, "On the number of Latin squares", Ann. Comb. 9 (2005)
335-344; OEIS A000315 (reduced squares) and A002860 (all squares).
"""

from __future__ import annotations

import concurrent.futures
import json
import math
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, TypeAlias

from officers.core.errors import (
    InvalidArgumentError,
    SolverTimeoutError,
    UnsupportedError,
    excerpt,
)

__all__ = [
    "MAX_COUNT_ORDER",
    "REDUCED_LATIN_SQUARES",
    "CountProgress",
    "LatinCount",
    "canonical_graph",
    "count_latin",
]

MAX_COUNT_ORDER: Final = 9
"""The largest order :func:`count_latin` takes (order 9 is hours: give it a state file)."""

REDUCED_LATIN_SQUARES: Final = (1, 1, 1, 4, 56, 9408, 16942080, 535281401856, 377597570964258816)
"""The published numbers of reduced Latin squares of orders 1 .. 9 (OEIS A000315; order 9:
Bammel and Rothstein 1975)."""

Graph: TypeAlias = tuple[int, ...]
"""A bipartite graph between ``n`` columns and ``n`` symbols: for each column, the bitset of
its symbols."""

Key: TypeAlias = tuple[int, ...]
"""A class of column graphs: the canonical form of the sparser of the graph and its complement
(a 2-regular one: its sorted cycle lengths)."""


@dataclass(frozen=True)
class LatinCount:
    """The Latin squares of one order, counted by :func:`count_latin`.

    ``squares``: all Latin squares (OEIS A002860); ``reduced``: those with first row and first
    column in order (A000315), ``squares / (n! (n-1)!)``; ``classes``: how many classes of
    Latin rectangles of 1, 2, ... rows the count went through (the rest were finished in one
    step).
    """

    order: int
    squares: int
    reduced: int
    classes: tuple[int, ...]


@dataclass(frozen=True)
class CountProgress:
    """Where a count stands, as handed to its ``progress`` callback after every unit of work:
    ``rows`` of the rectangles being extended by one (of ``last`` in all), and ``done`` of
    ``units`` units of that level finished."""

    rows: int
    last: int
    done: int
    units: int


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _cycle_type(graph: Graph) -> Key:
    """The sorted half-lengths of the cycles of a 2-regular bipartite graph."""
    n = len(graph)
    symbol_columns = [0] * n
    for column, symbols in enumerate(graph):
        for symbol in _bits(symbols):
            symbol_columns[symbol] |= 1 << column
    seen = 0
    lengths = []
    for start in range(n):
        if seen >> start & 1:
            continue
        length = 0
        column, came_from = start, -1
        while not seen >> column & 1:
            seen |= 1 << column
            length += 1
            symbol = next(s for s in _bits(graph[column]) if s != came_from)
            came_from = symbol
            column = next(c for c in _bits(symbol_columns[symbol]) if c != column)
        lengths.append(length)
    return tuple(sorted(lengths))


def _count_cycles(graph: list[int], symbol_columns: list[int]) -> int:
    """The number of cycles of a 2-regular bipartite graph (columns' and symbols' bitsets)."""
    seen = 0
    cycles = 0
    n = len(graph)
    for start in range(n):
        if seen >> start & 1:
            continue
        cycles += 1
        column = start
        symbols = graph[start]
        symbol = (symbols & -symbols).bit_length() - 1
        while True:
            seen |= 1 << column
            column = (symbol_columns[symbol] & ~(1 << column)).bit_length() - 1
            if column == start:
                break
            symbol = (graph[column] & ~(1 << symbol)).bit_length() - 1
    return cycles


def _refine(
    graph: Graph, columns_of: Graph, row_cells: list[int], column_cells: list[int]
) -> tuple[list[int], list[int]]:
    """The coarsest equitable refinement of the ordered partitions of the two sides (cells as
    bitsets), each cell split by the numbers of neighbours in every cell of the other side,
    the parts in the order of those numbers: a refinement that no relabelling changes."""
    while True:
        cells: list[int] = []
        for cell in column_cells:
            if cell & (cell - 1) == 0:
                cells.append(cell)
                continue
            parts: dict[tuple[int, ...], int] = {}
            for v in _bits(cell):
                neighbours = columns_of[v]
                signature = tuple((neighbours & other).bit_count() for other in row_cells)
                parts[signature] = parts.get(signature, 0) | 1 << v
            if len(parts) > 1:
                cells.extend(parts[s] for s in sorted(parts))
            else:
                cells.append(cell)
        column_cells = cells
        cells = []
        split = False
        for cell in row_cells:
            if cell & (cell - 1) == 0:
                cells.append(cell)
                continue
            parts = {}
            for v in _bits(cell):
                neighbours = graph[v]
                signature = tuple((neighbours & other).bit_count() for other in column_cells)
                parts[signature] = parts.get(signature, 0) | 1 << v
            if len(parts) > 1:
                split = True
                cells.extend(parts[s] for s in sorted(parts))
            else:
                cells.append(cell)
        row_cells = cells
        if not split:  # the columns were just split by these rows: equitable
            return row_cells, column_cells


def canonical_graph(graph: Graph) -> Graph:
    """The canonical form of a bipartite graph under permutations of each side alone.

    ``graph[i]`` is the bitset of the right-hand vertices joined to left-hand vertex ``i``
    (both sides ``0 .. len(graph)-1``); two graphs have the same form exactly when one is the
    other with its left-hand vertices and its right-hand vertices renumbered. The form is the
    least (as a tuple) of the relabelled graphs at the leaves of an individualisation-
    refinement search: left-hand vertices are individualised one at a time, twins (the same
    neighbours) once, and a vertex that an automorphism found so far (fixing those already
    individualised) maps to one tried is not tried again.

    >>> canonical_graph((0b011, 0b110, 0b101)) == canonical_graph((0b101, 0b011, 0b110))
    True
    >>> canonical_graph((0b11, 0b11, 0b00)) == canonical_graph((0b01, 0b01, 0b01))
    False
    """
    n = len(graph)
    columns_of = [0] * n
    for row, symbols in enumerate(graph):
        for symbol in _bits(symbols):
            columns_of[symbol] |= 1 << row
    right: Graph = tuple(columns_of)
    full = (1 << n) - 1
    best: list[Graph | None] = [None]
    seen: dict[Graph, tuple[int, ...]] = {}
    automorphisms: list[tuple[int, ...]] = []

    def leaf(row_cells: list[int], column_cells: list[int]) -> None:
        position = [0] * n
        at = 0
        for cell in column_cells:
            for v in _bits(cell):
                position[v] = at
                at += 1
        order = [v for cell in row_cells for v in _bits(cell)]
        form = tuple(sum(1 << position[s] for s in _bits(graph[v])) for v in order)
        earlier = seen.get(form)
        if earlier is None:
            seen[form] = tuple(order)
            if best[0] is None or form < best[0]:
                best[0] = form
            return
        image = [0] * n
        for a, b in zip(earlier, order, strict=True):
            image[a] = b
        automorphisms.append(tuple(image))

    def search(row_cells: list[int], column_cells: list[int], fixed: list[int]) -> None:
        row_cells, column_cells = _refine(graph, right, row_cells, column_cells)
        target = -1
        for index, cell in enumerate(row_cells):
            if cell & (cell - 1) and len({graph[v] for v in _bits(cell)}) > 1:
                target = index
                break
        if target < 0:
            leaf(row_cells, column_cells)
            return
        cell = row_cells[target]
        tried: list[int] = []
        masks: set[int] = set()
        for v in _bits(cell):
            if graph[v] in masks:
                continue  # a twin of one tried: the same subtree
            if tried and _same_orbit(v, tried, fixed, automorphisms, n):
                continue
            masks.add(graph[v])
            tried.append(v)
            cells = [*row_cells[:target], 1 << v, cell ^ 1 << v, *row_cells[target + 1 :]]
            search(cells, column_cells, [*fixed, v])

    search([full], [full], [])
    assert best[0] is not None
    return best[0]


def _same_orbit(
    v: int, tried: list[int], fixed: list[int], automorphisms: list[tuple[int, ...]], n: int
) -> bool:
    """Whether ``v`` is in the orbit of one of ``tried`` under the automorphisms found that fix
    every vertex of ``fixed``."""
    usable = [g for g in automorphisms if all(g[f] == f for f in fixed)]
    if not usable:
        return False
    orbit = {v}
    frontier = [v]
    while frontier:
        u = frontier.pop()
        for g in usable:
            w = g[u]
            if w not in orbit:
                orbit.add(w)
                frontier.append(w)
    return any(t in orbit for t in tried)


def _complement(graph: Graph) -> Graph:
    full = (1 << len(graph)) - 1
    return tuple(full ^ symbols for symbols in graph)


def _key(graph: Graph, rows: int) -> Key:
    """The class of a column graph of ``rows`` rows (see :data:`Key`)."""
    n = len(graph)
    sparse = graph if 2 * rows <= n else _complement(graph)
    degree = min(rows, n - rows)
    if degree <= 1:
        return ()
    if degree == 2:
        return _cycle_type(sparse)
    return canonical_graph(sparse)


def _matchings(free: Graph, start: int = 0, used: int = 0) -> Iterator[list[int]]:
    """The perfect matchings of a bipartite graph (``free[i]``: the bitset of vertex ``i``'s
    neighbours) that match vertices ``start ..`` into the vertices not in ``used``, as the
    list of their partners (one list, changed in place: copy what is kept)."""
    n = len(free)
    chosen = [0] * n

    def extend(i: int, used: int) -> Iterator[list[int]]:
        if i == n:
            yield chosen
            return
        options = free[i] & ~used
        while options:
            low = options & -options
            options ^= low
            chosen[i] = low
            yield from extend(i + 1, used | low)

    return extend(start, used)


def _completions(graph: Graph) -> int:
    """The number of ways to finish a Latin rectangle with column graph ``graph`` when at most
    three rows are missing: the ordered decompositions of the complement into perfect
    matchings."""
    n = len(graph)
    left = _complement(graph)
    degree = left[0].bit_count() if n else 0
    if degree <= 1:
        return 1
    if degree == 2:
        return 1 << len(_cycle_type(left))
    if degree != 3:
        raise AssertionError(f"{degree} rows are left to finish: at most 3")
    total = 0
    rest = list(left)
    columns_of = [0] * n
    for column, symbols in enumerate(left):
        for symbol in _bits(symbols):
            columns_of[symbol] |= 1 << column
    for matching in _matchings(left):
        for column, low in enumerate(matching):
            rest[column] = left[column] ^ low
            columns_of[low.bit_length() - 1] ^= 1 << column
        total += 1 << _count_cycles(rest, columns_of)
        for column, low in enumerate(matching):
            columns_of[low.bit_length() - 1] ^= 1 << column
    return total


def _extend(graph: Graph, rows: int, first: int) -> dict[Key, tuple[int, Graph]]:
    """One unit of work: the rectangles of ``rows + 1`` rows from one of ``rows`` rows (column
    graph ``graph``) whose new row puts symbol ``first`` in column 0, by class: the number of
    them and one column graph of the class."""
    free = _complement(graph)
    found: dict[Key, tuple[int, Graph]] = {}
    for matching in _matchings(free, 1, 1 << first):
        matching[0] = 1 << first
        new = tuple(symbols | low for symbols, low in zip(graph, matching, strict=True))
        key = _key(new, rows + 1)
        had = found.get(key)
        found[key] = (1, new) if had is None else (had[0] + 1, min(had[1], new))
    return found


def _unit(task: tuple[Graph, int, int]) -> dict[Key, tuple[int, Graph]] | int:
    """A unit of work by its task (run in a worker): ``(graph, rows, first)`` extends by a row;
    ``first == -1`` finishes the rectangle."""
    graph, rows, first = task
    if first < 0:
        return _completions(graph)
    return _extend(graph, rows, first)


_STATE_FORMAT: Final = "officers-latin-count/1"


def _check_order(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_COUNT_ORDER:
        raise UnsupportedError(
            f"Latin squares are counted for orders 1-{MAX_COUNT_ORDER}, got {excerpt(n)}"
        )
    return n


@dataclass
class _State:
    """Where a count stands: the classes of rectangles of ``rows`` rows (key, representative,
    number), the units of the next step finished, and what they found so far."""

    order: int
    rows: int
    classes: dict[Key, tuple[int, Graph]]
    done: set[int]
    found: dict[Key, tuple[int, Graph]]
    total: int
    history: list[int]

    @classmethod
    def start(cls, n: int) -> _State:
        identity = tuple(1 << c for c in range(n))
        return cls(n, 1, {(): (1, identity)}, set(), {}, 0, [1])

    def dump(self) -> dict[str, object]:
        return {
            "format": _STATE_FORMAT,
            "order": self.order,
            "rows": self.rows,
            "classes": [[list(k), list(g), c] for k, (c, g) in sorted(self.classes.items())],
            "done": sorted(self.done),
            "found": [[list(k), list(g), c] for k, (c, g) in sorted(self.found.items())],
            "total": self.total,
            "history": self.history,
        }

    @classmethod
    def load(cls, path: str, n: int) -> _State:
        try:
            with open(path, encoding="utf-8") as file:
                data = json.load(file)
            if data.get("format") != _STATE_FORMAT:
                raise ValueError(f"not a state of {_STATE_FORMAT}")

            def classes(rows: list[list[object]]) -> dict[Key, tuple[int, Graph]]:
                return {
                    tuple(map(int, k)): (int(c), tuple(map(int, g)))  # type: ignore[call-overload]
                    for k, g, c in rows
                }

            state = cls(
                int(data["order"]),
                int(data["rows"]),
                classes(data["classes"]),
                set(map(int, data["done"])),
                classes(data["found"]),
                int(data["total"]),
                [int(h) for h in data["history"]],
            )
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise InvalidArgumentError(
                f"cannot resume the count from {excerpt(path)}: {excerpt(str(error))}"
            ) from None
        if state.order != n:
            raise InvalidArgumentError(
                f"the state file {excerpt(path)} counts order {state.order}, not {n}"
            )
        return state

    def save(self, path: str) -> None:
        temporary = f"{path}.tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(self.dump(), file)
        os.replace(temporary, path)


def _tasks(state: _State, last: int) -> list[tuple[Graph, int, int]]:
    """The units of the next step, in an order that depends on the classes alone."""
    tasks: list[tuple[Graph, int, int]] = []
    for _number, graph in (state.classes[key] for key in sorted(state.classes)):
        if state.rows == last:
            tasks.append((graph, state.rows, -1))
        else:
            full = (1 << state.order) - 1
            tasks.extend((graph, state.rows, s) for s in _bits(full ^ graph[0]))
    return tasks


def count_latin(
    n: int,
    *,
    jobs: int | None = 1,
    time_limit: float | None = None,
    progress: Callable[[CountProgress], object] | None = None,
    state: str | os.PathLike[str] | None = None,
    executor: concurrent.futures.Executor | None = None,
) -> LatinCount:
    """The Latin squares of order ``n`` (1 .. :data:`MAX_COUNT_ORDER`), counted by classes of
    Latin rectangles (see the module); order 8's 535,281,401,856 reduced squares in minutes.

    ``jobs``: worker processes (``None``: one a CPU; 1: this process). ``time_limit``: seconds,
    after which :class:`~officers.SolverTimeoutError` is raised (the work done is kept in the
    state file, if one is named). ``progress`` is called with a :class:`CountProgress` after
    every unit of work. ``state``: a file that keeps the count's progress, read first when it
    exists (a count stopped goes on where it stopped) and left with the finished count.
    ``executor``: any :class:`concurrent.futures.Executor` to run the units on instead of
    ``jobs`` (a Dask cluster's ``client.get_executor()`` spreads them over its machines; it is
    not shut down). The count is the same whatever runs the units.

    >>> count_latin(4)
    LatinCount(order=4, squares=576, reduced=4, classes=(1,))
    >>> count_latin(0)
    Traceback (most recent call last):
    ...
    officers.UnsupportedError: Latin squares are counted for orders 1-9, got 0
    """
    n = _check_order(n)
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit >= 0
    ):
        raise InvalidArgumentError(
            f"a time limit is a number of seconds >= 0 or None, got {excerpt(time_limit)}"
        )
    deadline = None if time_limit is None else time.monotonic() + time_limit
    path = None if state is None else os.fspath(state)
    current = _State.load(path, n) if path is not None and os.path.exists(path) else None
    if current is None:
        current = _State.start(n)
    last = max(1, n - 3)
    try:
        while True:
            _step(current, last, jobs, deadline, progress, path, executor)
            if current.rows == last and current.done:
                break
            current.rows += 1
            current.classes, current.found, current.done = current.found, {}, set()
            current.history.append(len(current.classes))
            if path is not None:
                current.save(path)
    finally:
        if path is not None:
            current.save(path)
    fixed = current.total  # the squares with first row 0 .. n-1
    reduced = fixed // math.factorial(n - 1)
    return LatinCount(n, fixed * math.factorial(n), reduced, tuple(current.history))


def _step(
    state: _State,
    last: int,
    jobs: int | None,
    deadline: float | None,
    progress: Callable[[CountProgress], object] | None,
    path: str | None,
    executor: concurrent.futures.Executor | None = None,
) -> None:
    """Run the units of the next step not done yet, recording each in ``state``: on
    ``executor`` when given, else on ``jobs`` local workers (or in this process)."""
    from officers.core.simulation import worker_pool

    tasks = _tasks(state, last)
    saved = time.monotonic()

    def record(index: int, result: dict[Key, tuple[int, Graph]] | int) -> None:
        nonlocal saved
        multiplier = state.classes[_key(tasks[index][0], state.rows)][0]
        if isinstance(result, int):
            state.total += multiplier * result
        else:
            for key, (number, graph) in result.items():
                had = state.found.get(key)
                state.found[key] = (
                    (multiplier * number, graph)
                    if had is None
                    else (had[0] + multiplier * number, min(had[1], graph))
                )
        state.done.add(index)
        if progress is not None:
            progress(CountProgress(state.rows, last, len(state.done), len(tasks)))
        if path is not None and time.monotonic() - saved >= 1.0:
            state.save(path)
            saved = time.monotonic()

    def over() -> None:
        if deadline is not None and time.monotonic() >= deadline:
            raise SolverTimeoutError(
                f"the count of Latin squares of order {state.order} ran out of time with "
                f"{len(state.done)} of {len(tasks)} units of rectangles of {state.rows} rows done"
                + ("" if path is None else f" (kept in {excerpt(path)})")
            )

    waiting = [i for i in range(len(tasks)) if i not in state.done]
    if executor is not None:
        _run_on(executor, tasks, waiting, record, over, deadline)
        return
    with worker_pool(jobs) as pool:
        if pool is None:
            for index in waiting:
                over()
                record(index, _unit(tasks[index]))
            return
        _run_on(pool, tasks, waiting, record, over, deadline)


def _run_on(
    pool: concurrent.futures.Executor,
    tasks: list[tuple[Graph, int, int]],
    waiting: list[int],
    record: Callable[[int, dict[Key, tuple[int, Graph]] | int], None],
    over: Callable[[], None],
    deadline: float | None,
) -> None:
    """Run the units ``waiting`` of ``tasks`` on ``pool``, recording each as it comes in. Out
    of time, what is pending is left to its pool: the local one cancels it as it shuts down; a
    cluster's is not cancelled here, as Dask keys a task by its function and arguments, and
    cancelling one would cancel the same unit when the count is resumed."""
    futures = {pool.submit(_unit, tasks[index]): index for index in waiting}
    pending = set(futures)
    while pending:
        over()
        timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
        finished, pending = concurrent.futures.wait(
            pending, timeout=timeout, return_when=concurrent.futures.FIRST_COMPLETED
        )
        for future in finished:
            record(futures[future], future.result())
