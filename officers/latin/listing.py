"""Every isotopy class and species of Latin squares of an order, generated row by row by
canonical augmentation, on several processes, with a time limit and a resumable state file.

Glossary
--------
rectangle
    ``k`` rows of a Latin square of order ``n`` (``k <= n``): no symbol twice in a row or a
    column. Isotopy permutes its rows, its columns and its symbols.
form
    The canonical form of a rectangle under isotopy, as :func:`officers.latin.canonical.isotopy_form`
    makes it for a square (the same square for a square): the ordered pairs of rows whose
    permutation has the fewest cycle layouts, each laid out in every way, the rows in the order
    of their first symbol, the least rectangle so made.
level
    The classes of rectangles with ``k`` rows. Level 1 is one class, the last level the squares.
parent
    The canonical parent of a rectangle (or square) with ``k'`` rows is the class of the first
    ``k`` rows of its form. A child made from a parent by adding rows is kept when its canonical
    parent is that parent, and once among that parent's children: every class comes exactly
    once, from one parent, and the parents are worked on independently (McKay 1998, "canonical
    augmentation"; here the weak form, which compares the canonical parent's form).

The species are the isotopy classes whose form is the least of the forms of their six
conjugates (:func:`officers.latin.canonical.species_form`): one isotopy class per species,
kept without a list of the others.

>>> census = enumerate_classes(4)
>>> [c.symmetries for c in census.isotopy], [c.symmetries for c in census.species]
([96, 32], [576, 192])
>>> [(level.rows, level.classes) for level in census.levels]
[(1, 1), (2, 2), (4, 2)]

References: B. D. McKay, "Isomorph-free exhaustive generation", J. Algorithms 26 (1998)
306-324; B. D. McKay, A. Meynert and W. Myrvold, "Small Latin squares, quasigroups and loops",
J. Combin. Des. 15 (2007) 98-119.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from officers.core.errors import (
    InvalidArgumentError,
    SolverTimeoutError,
    UnsupportedError,
    check_time_limit,
    excerpt,
)
from officers.latin import classes_accel
from officers.latin.canonical import (
    CONJUGATES,
    LatinClass,
    column_layouts,
    conjugate,
    cycle_layouts,
    least_form,
    permutation_cycles,
)
from officers.latin.squares import LatinSquare

if TYPE_CHECKING:
    from officers.latin.orthogonal import MateTable

__all__ = [
    "MAX_ENUMERATE_ORDER",
    "STATE_VERSION",
    "Census",
    "Level",
    "default_plan",
    "compiled_status",
    "enumerate_classes",
    "species_mate_table",
    "rectangle_form",
]

MAX_ENUMERATE_ORDER: Final = 8
"""The largest order :func:`enumerate_classes` accepts: order 8's 1,676,267 isotopy classes and
283,657 species take about 20 minutes on 2 processes with the compiled part (docs/mathematics.md);
order 9's 115,618,721,533 classes would take years."""

STATE_VERSION: Final = 1
"""The version of the state file's format (a JSON line per finished parent)."""

Rectangle = tuple[tuple[int, ...], ...]


def compiled_status() -> str:
    """``"compiled"`` when the compiled part (:mod:`officers.latin.classes_accel`) is used,
    else ``"pure Python: "`` and the reason.

    >>> compiled_status() == "compiled" or compiled_status().startswith("pure Python: ")
    True
    """
    return classes_accel.status()


def _module(compiled: bool) -> ModuleType | None:
    return classes_accel.module() if compiled else None


def _form(rect: Rectangle, n: int) -> tuple[Rectangle, int]:
    """The form of a rectangle of order ``n`` and its number of autotopisms."""
    k = len(rect)
    if k == 1:
        return (tuple(range(n)),), math.factorial(n)
    where = [[0] * n for _ in range(k)]
    for r, row in enumerate(rect):
        for c, s in enumerate(row):
            where[r][s] = c
    cycles: dict[tuple[int, int], list[list[int]]] = {}
    keys: dict[tuple[int, int], tuple[int, ...]] = {}
    for a in range(k):
        wa = where[a]
        for b in range(k):
            if a != b:
                found = permutation_cycles([wa[s] for s in rect[b]])
                lengths = [len(x) for x in found]
                cycles[a, b] = found
                keys[a, b] = (cycle_layouts(lengths), *lengths)
    least = min(keys.values())
    pairs = [pair for pair, key in keys.items() if key == least]
    if len(pairs) > 1:
        profile = {
            r: tuple(sorted(keys[r, x] for x in range(k) if x != r))
            for r in {p for q in pairs for p in q}
        }
        ranked = {(a, b): (profile[a], profile[b]) for a, b in pairs}
        best_rank = min(ranked.values())
        pairs = [pair for pair, rank in ranked.items() if rank == best_rank]

    def made() -> Iterator[Rectangle]:
        for a, b in pairs:
            row_a = rect[a]
            for columns in column_layouts(cycles[a, b]):
                label = [0] * n
                for j, c in enumerate(columns):
                    label[row_a[c]] = j
                yield tuple(
                    sorted(
                        (tuple([label[old[c]] for c in columns]) for old in rect),
                        key=lambda row: row[0],
                    )
                )

    return least_form(made())


def rectangle_form(rows: Sequence[Sequence[int]]) -> Rectangle:
    """The canonical form under isotopy of a Latin rectangle (``k`` rows of a Latin square of
    order ``n``, ``1 <= k <= n <= 10``); for a square it is
    :func:`officers.latin.canonical.isotopy_form`. Raises
    :class:`~officers.InvalidArgumentError` quoting ``rows`` when they make no rectangle.

    >>> rectangle_form([[2, 0, 1], [1, 2, 0]])
    ((0, 1, 2), (1, 2, 0))
    >>> rectangle_form([[0, 1], [0, 1]])
    Traceback (most recent call last):
    ...
    officers.InvalidArgumentError: not a Latin rectangle [[0, 1], [0, 1]]: column 0 holds 0 twice
    """
    rect = _check_rectangle(rows)
    return _form(rect, len(rect[0]))[0]


def _check_rectangle(rows: object) -> Rectangle:
    bad = f"not a Latin rectangle {excerpt(rows)}"
    if not isinstance(rows, Sequence) or isinstance(rows, str | bytes) or not rows:
        raise InvalidArgumentError(f"{bad}: give a non-empty list of rows")
    table = []
    for row in rows:
        if not isinstance(row, Sequence) or isinstance(row, str | bytes):
            raise InvalidArgumentError(f"{bad}: a row is not a list of symbols")
        if not all(isinstance(s, int) and not isinstance(s, bool) for s in row):
            raise InvalidArgumentError(f"{bad}: a symbol is not an int")
        table.append(tuple(row))
    n = len(table[0])
    if not 1 <= n <= 10 or len(table) > n:
        raise InvalidArgumentError(f"{bad}: 1 to n rows of n symbols, n at most 10")
    for row in table:
        if sorted(row) != list(range(n)):
            raise InvalidArgumentError(f"{bad}: a row is not a permutation of 0..{n - 1}")
    for c in range(n):
        column = [row[c] for row in table]
        for s in column:
            if column.count(s) > 1:
                raise InvalidArgumentError(f"{bad}: column {c} holds {s} twice")
    return tuple(table)


@dataclass(frozen=True)
class Level:
    """What one level of the generation found: ``rows`` of the rectangles, the ``parents`` it
    grew from, the ``candidates`` tried (children before the parent test), the ``classes`` kept,
    and the CPU ``seconds`` spent on it, summed over the processes."""

    rows: int
    parents: int
    candidates: int
    classes: int
    seconds: float


@dataclass(frozen=True)
class Census:
    """The isotopy classes and species of one ``order``, by form (sorted), with the levels."""

    order: int
    isotopy: list[LatinClass]
    species: list[LatinClass]
    levels: list[Level]


def default_plan(n: int) -> tuple[int, ...]:
    """The numbers of rows of the levels kept, the last the square: one row at a time to half
    the rows, then all the rest at once (the levels past half the rows are the largest: order
    8's 5-row level has some 4,700,000 classes, its 6-row level some 29,000,000, against
    93,561 at 4 rows; a 4-row parent has about 1,300 completions to try).

    >>> default_plan(8), default_plan(7), default_plan(2)
    ((1, 2, 3, 4, 8), (1, 2, 3, 7), (1, 2))
    """
    return (*range(1, n // 2 + 1), n) if n > 1 else (1,)


def _children(parent: Rectangle, n: int, rows: int) -> Iterator[Rectangle]:
    """Every way to add ``rows - len(parent)`` rows to ``parent``, the added rows in the order
    of their first symbol (as a set)."""
    k = len(parent)
    used = [set(row[c] for row in parent) for c in range(n)]
    grid: list[list[int]] = [list(row) for row in parent]
    # to a square, the first column decides the order of the added rows: the i-th added row
    # starts with the i-th least symbol left in column 0
    starts = sorted(set(range(n)) - used[0]) if rows == n else []

    def rows_from(least: int) -> Iterator[list[int]]:
        row = [0] * n
        in_row = [False] * n

        def fill(c: int) -> Iterator[list[int]]:
            if c == n:
                yield list(row)
                return
            for s in range(n):
                if in_row[s] or s in used[c] or (c == 0 and s < least):
                    continue
                row[c] = s
                in_row[s] = True
                yield from fill(c + 1)
                in_row[s] = False

        if starts:
            s0 = starts[len(grid) - k]
            row[0] = s0
            in_row[s0] = True
            yield from fill(1)
        else:
            yield from fill(0)

    def extend(least: int) -> Iterator[Rectangle]:
        if len(grid) == rows:
            yield tuple(tuple(row) for row in grid)
            return
        for new in rows_from(least):
            grid.append(new)
            for c, s in enumerate(new):
                used[c].add(s)
            yield from extend(new[0] + 1)
            grid.pop()
            for c, s in enumerate(new):
                used[c].discard(s)

    yield from extend(0)


def _encode(rect: Rectangle) -> str:
    return "".join(str(s) for row in rect for s in row)


def _decode(text: str, n: int) -> Rectangle:
    cells = [int(ch) for ch in text]
    return tuple(tuple(cells[i : i + n]) for i in range(0, len(cells), n))


def _key(row_a: Sequence[int], where_b: Sequence[int]) -> tuple[int, ...]:
    """The key of a pair of rows (the same both ways round): the number of layouts of the
    cycles of the permutation that takes one to the other, then the cycle lengths."""
    lengths = [len(cycle) for cycle in permutation_cycles([where_b[s] for s in row_a])]
    return (cycle_layouts(lengths), *lengths)


def _least_key(rect: Rectangle, n: int) -> tuple[int, ...]:
    """The least key of a pair of rows of ``rect`` (at least 2 rows)."""
    wheres = [_where(row, n) for row in rect]
    return min(_key(rect[a], wheres[b]) for a in range(len(rect)) for b in range(a + 1, len(rect)))


def _where(row: Sequence[int], n: int) -> list[int]:
    where = [0] * n
    for c, s in enumerate(row):
        where[s] = c
    return where


def _below(child: Rectangle, n: int, k: int, least: tuple[int, ...]) -> bool:
    """Whether a pair of rows with an added row (from ``k`` on) has a key below ``least``, the
    parent's least key: then the child's canonical parent, whose first two rows are a pair
    of the least key, is not isotopic to the parent (whose pairs all have keys >= ``least``),
    and the child is left out before its form is made."""
    for x in range(k, len(child)):
        where_x = _where(child[x], n)
        for y in range(x):
            if _key(child[y], where_x) < least:
                return True
    return False


def _grow(
    parent_text: str, n: int, k: int, rows: int, deadline: float | None, compiled: bool = True
) -> tuple[list[str], int, float]:
    """The children of one parent kept (encoded; squares as ``form,autotopisms,autoparatopisms``
    with 0 autoparatopisms when the class does not stand for its species), the candidates
    tried, and the CPU seconds."""
    start = time.process_time()
    parent = _decode(parent_text, n)
    kept: dict[Rectangle, int] = {}
    tried = 0
    module = _module(compiled)
    if deadline is not None and time.monotonic() >= deadline:  # a parent waiting in a queue
        raise SolverTimeoutError(f"the classes of order {n} ran out of time at level {rows}")
    if module is not None:
        found, tried = module.children(_pack(parent), n, rows)
        kept = {_unpack(cells, n): hits for cells, hits in found}

        def form_of(rect: Rectangle) -> tuple[Rectangle, int]:
            cells, hits = module.form(_pack(rect), n)
            return _unpack(cells, n), hits
    else:
        kept, tried = _kept(parent, n, k, rows, deadline)

        def form_of(rect: Rectangle) -> tuple[Rectangle, int]:
            return _form(rect, n)

    out = []
    for form in sorted(kept):
        if rows < n:
            out.append(_encode(form))
            continue
        forms = [form_of(conjugate(form, places)) for places in CONJUGATES]
        species = min(f for f, _ in forms) == form
        same = sum(1 for f, _ in forms if f == form)
        out.append(f"{_encode(form)},{kept[form]},{kept[form] * same if species else 0}")
    return out, tried, time.process_time() - start


def _pack(rect: Rectangle) -> bytes:
    return bytes(s for row in rect for s in row)


def _unpack(cells: bytes, n: int) -> Rectangle:
    return tuple(tuple(cells[i : i + n]) for i in range(0, len(cells), n))


def _kept(
    parent: Rectangle, n: int, k: int, rows: int, deadline: float | None
) -> tuple[dict[Rectangle, int], int]:
    """The children of ``parent`` kept, with their autotopisms, and the candidates tried."""
    kept: dict[Rectangle, int] = {}
    tried = 0
    least = _least_key(parent, n) if k >= 2 else None
    for child in _children(parent, n, rows):
        tried += 1
        if deadline is not None and tried % 256 == 0 and time.monotonic() >= deadline:
            raise SolverTimeoutError(f"the classes of order {n} ran out of time at level {rows}")
        if least is not None and _below(child, n, k, least):
            continue
        form, symmetries = _form(child, n)
        if form in kept:
            continue
        if _form(form[:k], n)[0] != parent:
            continue
        kept[form] = symmetries
    return kept, tried


def _check_order(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ENUMERATE_ORDER:
        raise UnsupportedError(
            f"the classes of Latin squares are generated for orders 1-{MAX_ENUMERATE_ORDER}, "
            f"got {excerpt(n)}"
        )
    return n


def _check_jobs(jobs: object) -> int:
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f"jobs is a number of processes, got {excerpt(jobs)}")
    if jobs < 1:
        raise InvalidArgumentError(f"jobs is a number of processes >= 1, got {excerpt(jobs)}")
    return jobs


def _read_state(
    path: Path, n: int, plan: tuple[int, ...]
) -> dict[int, dict[int, tuple[list[str], int, float]]]:
    """The finished parents of each level in a state file: ``{rows: {parent: (children,
    candidates, seconds)}}``. A last line cut short (a run stopped while writing) is left out.
    A file made with another plan is refused: its parents are other rectangles (a header
    without a plan is of the default plan)."""
    done: dict[int, dict[int, tuple[list[str], int, float]]] = {}
    if not path.exists():
        return done
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    if not lines:
        return done
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    expected = {"order": n, "version": STATE_VERSION}
    if not isinstance(header, dict) or {k: header.get(k) for k in expected} != expected:
        # checked before anything is written: a file that is not a state file stays as it was
        raise InvalidArgumentError(
            f"the state file {excerpt(str(path))} is not one of order {n} "
            f"(version {STATE_VERSION}): it starts {excerpt(lines[0])}"
        )
    made = header.get("plan", list(default_plan(n)))
    if made != list(plan):
        raise InvalidArgumentError(
            f"the state file {excerpt(str(path))} was made with the plan {excerpt(made)}, "
            f"not {list(plan)}: its parents are other rectangles"
        )
    if not text.endswith("\n"):  # a line cut short: cut it off before going on
        text = text[: text.rfind("\n") + 1]
        path.write_text(text, encoding="utf-8")
        lines = text.splitlines()
    for line in lines[1:]:
        try:
            item = json.loads(line)
            rows, parent = int(item["rows"]), int(item["parent"])
            entry = ([str(x) for x in item["children"]], int(item["tried"]), float(item["cpu"]))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue
        done.setdefault(rows, {})[parent] = entry
    return done


def enumerate_classes(
    n: int,
    *,
    jobs: int = 1,
    time_limit: float | None = None,
    state: str | os.PathLike[str] | None = None,
    progress: bool = False,
    plan: Sequence[int] | None = None,
    on_level: Callable[[Level], object] | None = None,
    compiled: bool = True,
) -> Census:
    """Every isotopy class and every species of Latin squares of order ``n`` (1 ..
    :data:`MAX_ENUMERATE_ORDER`), by canonical augmentation row by row (see the module).

    ``jobs`` processes share the parents of each level; ``time_limit`` (seconds) raises
    :class:`~officers.SolverTimeoutError` when it runs out, after the finished parents are in
    ``state``; ``state`` is a file (JSON lines) that a later call with the same ``n`` goes on
    from; ``progress`` draws a progress bar per level on standard error; ``plan`` the numbers of
    rows of the levels (:func:`default_plan`); ``on_level`` is called with each finished level;
    ``compiled=False`` keeps to pure Python even where the compiled part is installed (the same
    classes, slower).

    >>> census = enumerate_classes(5)
    >>> len(census.isotopy), len(census.species), sum(c.size for c in census.isotopy)
    (2, 2, 161280)
    """
    n = _check_order(n)
    jobs = _check_jobs(jobs)
    seconds = check_time_limit(time_limit)
    deadline = None if seconds is None else time.monotonic() + seconds
    levels_rows = _check_plan(plan, n)
    path = None if state is None else Path(state)
    done = {} if path is None else _read_state(path, n, levels_rows)
    if path is not None and (not path.exists() or not path.stat().st_size):
        header = {"order": n, "version": STATE_VERSION, "plan": list(levels_rows)}
        path.write_text(json.dumps(header) + "\n", "utf-8")
    current = [_encode(_form(((tuple(range(n))),), n)[0])]
    levels = [Level(1, 0, 0, 1, 0.0)]
    pool = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        for k, rows in itertools.pairwise(levels_rows):
            finished = done.get(rows, {})
            results = dict(finished)
            todo = [i for i in range(len(current)) if i not in finished]
            bar = _bar(progress, len(current), len(finished), f"order {n}, {rows} rows")
            try:
                for index, result in _run(pool, current, todo, n, k, rows, deadline, compiled):
                    results[index] = result
                    if path is not None:
                        with path.open("a", encoding="utf-8") as out:
                            line = {"rows": rows, "parent": index, "children": result[0]}
                            line |= {"tried": result[1], "cpu": round(result[2], 4)}
                            out.write(json.dumps(line, separators=(",", ":")) + "\n")
                    if bar is not None:
                        bar.update(1)
            finally:
                if bar is not None:
                    bar.close()
            nxt = [child for i in range(len(current)) for child in results[i][0]]
            level = Level(
                rows,
                len(current),
                sum(results[i][1] for i in range(len(current))),
                len(nxt),
                sum(results[i][2] for i in range(len(current))),
            )
            levels.append(level)
            if on_level is not None:
                on_level(level)
            current = nxt
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return _census(n, ["0,1,6"] if n == 1 else current, levels)


def _bar(progress: bool, total: int, initial: int, desc: str) -> Any:
    """A progress bar on standard error (tqdm), or None."""
    if not progress:
        return None
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, desc=desc, unit=" parents", leave=False)


def _check_plan(plan: Sequence[int] | None, n: int) -> tuple[int, ...]:
    levels_rows = tuple(default_plan(n) if plan is None else plan)
    if (
        not levels_rows
        or levels_rows[0] != 1
        or levels_rows[-1] != n
        or any(b <= a for a, b in itertools.pairwise(levels_rows))
    ):
        raise InvalidArgumentError(
            f"a plan is increasing numbers of rows from 1 to {n}, got {excerpt(plan)}"
        )
    return levels_rows


def _census(n: int, squares: list[str], levels: list[Level]) -> Census:
    """The census from the squares found (``form,autotopisms,autoparatopisms``)."""
    cube = math.factorial(n) ** 3
    isotopy, species = [], []
    for item in squares:
        text, atp, apt = item.split(",")
        form = _decode(text, n)
        isotopy.append(LatinClass(form, int(atp), cube // int(atp)))
        if int(apt):
            species.append(LatinClass(form, int(apt), 6 * cube // int(apt)))
    isotopy.sort(key=lambda c: c.form)
    species.sort(key=lambda c: c.form)
    return Census(n, isotopy, species, levels)


def _run(
    pool: concurrent.futures.ProcessPoolExecutor | None,
    current: list[str],
    todo: list[int],
    n: int,
    k: int,
    rows: int,
    deadline: float | None,
    compiled: bool,
) -> Iterator[tuple[int, tuple[list[str], int, float]]]:
    """The results of the parents ``todo``, as they finish."""
    if pool is None:
        for index in todo:
            if deadline is not None and time.monotonic() >= deadline:
                raise SolverTimeoutError(
                    f"the classes of order {n} ran out of time at level {rows} "
                    f"({len(current)} parents)"
                )
            yield index, _grow(current[index], n, k, rows, deadline, compiled)
        return
    futures = {pool.submit(_grow, current[i], n, k, rows, deadline, compiled): i for i in todo}
    for future in concurrent.futures.as_completed(futures):
        if deadline is not None and time.monotonic() >= deadline:
            raise SolverTimeoutError(
                f"the classes of order {n} ran out of time at level {rows} ({len(current)} parents)"
            )
        yield futures[future], future.result()


def _mates_of(
    chunk: list[tuple[int, LatinSquare]], deadline: float | None
) -> list[tuple[int, int, int]]:
    """``(index, transversals, mates)`` of each square of ``chunk`` (run in a worker)."""
    from officers.latin.orthogonal import count_mates

    out = []
    for index, form in chunk:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise SolverTimeoutError("counting the mates of the species ran out of time")
        count = count_mates(form, time_limit=left)
        out.append((index, count.transversals, count.mates))
    return out


def species_mate_table(
    census: Census,
    *,
    jobs: int = 1,
    time_limit: float | None = None,
    progress: bool = False,
) -> MateTable:
    """The transversals and orthogonal mates of a square of every species of ``census``
    (:func:`officers.latin.orthogonal.count_mates`, compiled where installed), summed over the
    Latin squares of its order as :func:`officers.latin.orthogonal.mate_table` does: order 8's
    283,657 species on ``jobs`` processes. ``time_limit`` (seconds) raises
    :class:`~officers.SolverTimeoutError`.

    >>> table = species_mate_table(enumerate_classes(5))
    >>> table.squares, table.with_mate, table.share
    (161280, 17280, Fraction(3, 28))
    """
    from officers.latin.orthogonal import MateTable, SpeciesMates

    jobs = _check_jobs(jobs)
    seconds = check_time_limit(time_limit)
    deadline = None if seconds is None else time.monotonic() + seconds
    items = [(i, c.form) for i, c in enumerate(census.species)]
    chunks = [items[i : i + 500] for i in range(0, len(items), 500)]
    found: dict[int, tuple[int, int]] = {}
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(items), desc=f"mates, order {census.order}", unit=" species")
    try:
        if jobs > 1:
            with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
                futures = [pool.submit(_mates_of, chunk, deadline) for chunk in chunks]
                for future in concurrent.futures.as_completed(futures):
                    done = future.result()
                    found.update((i, (t, m)) for i, t, m in done)
                    if bar is not None:
                        bar.update(len(done))
        else:
            for chunk in chunks:
                done = _mates_of(chunk, deadline)
                found.update((i, (t, m)) for i, t, m in done)
                if bar is not None:
                    bar.update(len(done))
    finally:
        if bar is not None:
            bar.close()
    rows = tuple(
        SpeciesMates(c.form, c.symmetries, c.size, *found[i]) for i, c in enumerate(census.species)
    )
    return MateTable(
        census.order,
        rows,
        sum(s.size for s in rows),
        sum(s.size for s in rows if s.mates),
        sum(s.size * s.mates for s in rows),
    )
