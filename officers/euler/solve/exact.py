"""Counting and finding completions as an exact cover on bitsets, with the symmetries the givens
leave: the engine behind the backtracker's counts at orders 5 and up.

Glossary
--------
option
    A cell holding a value: the int ``N * cell + value`` (``N = n * n``). A set of options is an
    int used as a bitset; ``alive`` is the set of options still possible.
constraint
    Something every finished square does exactly once: a cell is filled; a value (a pair of
    symbols) is placed; a line holds a first symbol; a line holds a second symbol. ``masks[c]``
    is the set of options that do constraint ``c``. There are ``6 N`` of them (``6 N + 4 n``
    with the diagonals), and a finished square is a set of options doing each exactly once.
open
    A constraint no chosen option does yet.
branch
    The search picks the open constraint with the fewest live options (a cell, a row and a
    first symbol, a row and a second symbol, a column and either, or a pair: whichever has
    fewest, as dancing links does) and tries each of them. None: dead. One: forced.
free symbols, free lines
    First symbols (second symbols) in no given cell; rows (columns) without a given cell. Their
    permutations map completions to completions: see :class:`Symmetry`.

Two implementations run this search: the Python one below, and the same search compiled
(``officers/euler/solve/_cover.c``: the same propagation, branching and symmetry classes on arrays of
64-bit words; 5-17 µs a node at order 7 against 60-120 µs), used when the package was built with
it (see the README, Installation). Both list the completions in the same order; the tests hold
them to the same counts and listings. The compiled search lets other threads run while it
searches (it takes Python's lock back only to call ``check`` and to hand over a completion), so
searches in several threads run side by side.

>>> from officers import Rules, Square
>>> start = Square.from_values([0] + [-1] * 24, 5)
>>> count_completions(start, Rules(order=5))
248832
"""

from __future__ import annotations

import dataclasses
import functools
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType

from officers.core.errors import UnsupportedError
from officers.euler.rules import Rules
from officers.euler.square import EMPTY, Square

__all__ = ["Check", "completions", "count_completions"]


Check = Callable[[], None]
"""Called at every node of the Python search (every 32 nodes of the compiled one); it raises to
stop the search (a time limit), and the exception comes back as it was raised."""


@dataclass(frozen=True, slots=True)
class _Matrix:
    """The exact-cover matrix of an order and a rule set, as bitsets."""

    order: int
    masks: tuple[int, ...]  # masks[c]: the options doing constraint c
    covers: tuple[tuple[int, ...], ...]  # covers[o]: the constraints option o does


@functools.lru_cache(maxsize=4)
def _matrix(order: int, diagonals: bool) -> _Matrix:
    """The constraints: cells, values, then for each line its first and its second symbols.

    >>> m = _matrix(3, False)
    >>> len(m.masks), len(m.covers), m.covers[0]
    (54, 81, (0, 9, 18, 21, 36, 39))
    """
    n, size = order, order * order
    lines = [line.cells for line in Rules(order=n, diagonals=diagonals).lines]
    through: list[list[int]] = [[] for _ in range(size)]
    for index, line in enumerate(lines):
        for cell in line:
            through[cell].append(index)
    covers: list[tuple[int, ...]] = []
    for cell in range(size):
        for value in range(size):
            a, b = divmod(value, n)
            doing = [cell, size + value]
            doing += [2 * size + 2 * n * index + a for index in through[cell]]
            doing += [2 * size + 2 * n * index + n + b for index in through[cell]]
            covers.append(tuple(sorted(doing)))
    masks = [0] * (2 * size + 2 * n * len(lines))
    for option, done in enumerate(covers):
        for c in done:
            masks[c] |= 1 << option
    return _Matrix(order=n, masks=tuple(masks), covers=tuple(covers))


# --- search ------------------------------------------------------------------------------------


def _start(square: Square, rules: Rules) -> tuple[int, list[int]] | None:
    """The live options and the open constraints once the givens are placed; ``None`` if two
    givens clash."""
    m = _matrix(rules.order, rules.diagonals)
    size = rules.order**2
    alive = (1 << (size * size)) - 1
    covered: set[int] = set()
    for cell, value in enumerate(square.values):
        if value == EMPTY:
            continue
        option = size * cell + value
        if not alive >> option & 1:
            return None
        for c in m.covers[option]:
            alive &= ~m.masks[c]
        covered.update(m.covers[option])
    return alive, [c for c in range(len(m.masks)) if c not in covered]


@dataclass(frozen=True, slots=True)
class _Problem:
    """The matrix of one partial square, cut down to its live options and open constraints and
    numbered afresh (so the bitsets are short)."""

    order: int
    options: tuple[int, ...]  # options[o]: the option N * cell + value that o stands for
    masks: tuple[int, ...]  # masks[c]: the live options doing open constraint c, and c's sentinel
    conflict: tuple[int, ...]  # conflict[o]: the options that o rules out (o included) and the
    # sentinels of the constraints o does
    marks: tuple[int, ...]  # marks[o]: o's row, column, first and second symbol, as a bitset
    option_bits: int  # every option (the bits below the sentinels)
    all_touched: int  # every row, column and symbol: no symmetry left
    touched: int  # the rows, columns and symbols no symmetry moves, in the bits of ``marks``


MAX_ORDER = 14
"""The largest order the exact cover takes: its matrix has ``n**4`` options and its conflict
bitsets ``n**8`` bits (order 14: 38,416 options and about 180 MB when no cell is given; order
16 would take half a gigabyte, order 27 35 GB), so past it the search would exhaust memory
before it began."""


@dataclass(frozen=True, slots=True)
class _Numbering:
    """The live options and open constraints of one partial square, numbered afresh: what both
    searches start from (the Python one makes its bitsets of it, :func:`_problem`; the compiled
    one, :mod:`officers.euler.solve._cover`, its arrays of words)."""

    order: int
    options: tuple[int, ...]  # options[o]: the option N * cell + value that o stands for
    does: tuple[tuple[int, ...], ...]  # does[o]: the open constraints o does, numbered afresh
    constraints: int  # how many constraints are open
    marks: tuple[int, ...]  # marks[o]: o's row, column, first and second symbol, as a bitset
    touched: int  # the rows, columns and symbols no symmetry moves, in the bits of ``marks``


def _numbering(square: Square, rules: Rules, check: Check) -> _Numbering | None:
    """The numbering of the square's problem, or ``None`` if two givens clash; ``check`` is
    called as it is built (it may raise to stop it).

    >>> _numbering(Square.empty(17), Rules(order=17), _never)
    Traceback (most recent call last):
      ...
    officers.UnsupportedError: the exact cover takes squares up to order 14, not 17 (its matrix grows as the order to the fourth power): use CP-SAT, or a construction for an empty square
    """
    if rules.order > MAX_ORDER:
        raise UnsupportedError(
            f"the exact cover takes squares up to order {MAX_ORDER}, not {rules.order} (its "
            "matrix grows as the order to the fourth power): use CP-SAT, or a construction for "
            "an empty square"
        )
    check()
    started = _start(square, rules)
    if started is None:
        return None
    alive, open_ = started
    m, n, size = _matrix(rules.order, rules.diagonals), rules.order, rules.order**2
    options = [o for o in range(size * size) if alive >> o & 1]
    number = {c: i for i, c in enumerate(open_)}
    does = []
    marks = []
    for k, option in enumerate(options):
        if not k & 1023:
            check()
        does.append(tuple(number[c] for c in m.covers[option]))
        cell, value = divmod(option, size)
        marks.append(_marks(n, *divmod(cell, n), *divmod(value, n)))
    touched = (1 << 2 * n) - 1 if rules.diagonals else 0  # the diagonals pin rows and columns
    for cell, value in enumerate(square.values):
        if value != EMPTY:
            touched |= _marks(n, *divmod(cell, n), *divmod(value, n))
    return _Numbering(n, tuple(options), tuple(does), len(open_), tuple(marks), touched)


def _problem(numbering: _Numbering, check: Check) -> _Problem:
    """The bitsets of the Python search; ``check`` is called as they are built."""
    base = len(numbering.options)
    masks = [1 << base + c for c in range(numbering.constraints)]  # each with its sentinel bit
    for k, does in enumerate(numbering.does):
        if not k & 1023:
            check()
        for c in does:
            masks[c] |= 1 << k
    conflict = []
    for k, does in enumerate(numbering.does):
        if not k & 1023:
            check()
        ruled = 0
        for c in does:
            ruled |= masks[c]
        conflict.append(ruled)
    n = numbering.order
    return _Problem(
        n,
        numbering.options,
        tuple(masks),
        tuple(conflict),
        numbering.marks,
        (1 << base) - 1,
        (1 << 4 * n) - 1,
        numbering.touched,
    )


def _marks(n: int, row: int, column: int, a: int, b: int) -> int:
    return 1 << row | 1 << n + column | 1 << 2 * n + a | 1 << 3 * n + b


def _settle(
    alive: int, touched: int, open_: list[int], p: _Problem
) -> tuple[int, int, int, int, int]:
    """Propagate: place forced options, and drop the options that conflict with both options of
    a constraint that has two (or three), until neither applies. Returns ``alive``,
    ``touched``, the constraint to branch on (0: none open, a finished square), ``alive & it``'s
    bit count (1: dead) and the options placed.

    The bits above the options are the open constraints' sentinels: ``alive & masks[c]`` has
    no bit once ``c`` is done, its sentinel alone when ``c`` is dead, two bits when forced.
    """
    conflict, marks, options = p.conflict, p.marks, p.option_bits
    changed, placed = True, 0
    while changed:
        changed = False
        best, fewest = 0, 1 << 30
        for mask in open_:
            x = alive & mask
            k = x.bit_count()
            if k > 4:
                if k < fewest:
                    best, fewest = mask, k
            elif k == 4:  # three options
                x &= options
                low = x & -x
                x ^= low
                mid = x & -x
                common = conflict[low.bit_length() - 1] & conflict[mid.bit_length() - 1]
                common &= conflict[(x ^ mid).bit_length() - 1] & alive & options & ~(x | low)
                if common:
                    alive &= ~common
                    changed = True
                elif fewest > 4:
                    best, fewest = mask, 4
            elif k == 3:  # two options: one will be placed, what both rule out goes
                x &= options
                low = x & -x
                common = conflict[low.bit_length() - 1] & conflict[(x ^ low).bit_length() - 1]
                common &= alive & options & ~x
                if common:
                    alive &= ~common
                    changed = True
                elif fewest > 3:
                    best, fewest = mask, 3
            elif k == 2:  # forced
                low = x & -x
                placed |= low
                option = low.bit_length() - 1
                alive &= ~conflict[option]
                touched |= marks[option]
                changed = True
            elif k:
                return alive, touched, mask, 1, placed  # dead
    return alive, touched, best, fewest, placed


def _classes(x: int, touched: int, marks: tuple[int, ...]) -> dict[int, list[int]]:
    """The options of ``x`` (a constraint's live options and its sentinel) by class of
    symmetric options: ``{key: [an option, how many]}``."""
    classes: dict[int, list[int]] = {}
    x ^= 1 << x.bit_length() - 1  # the sentinel
    while x:
        low = x & -x
        x ^= low
        option = low.bit_length() - 1
        key = touched & marks[option]
        if key in classes:
            classes[key][1] += 1
        else:
            classes[key] = [option, 1]
    return classes


def _fewest_classes(alive: int, touched: int, open_: list[int], p: _Problem) -> int:
    """The open constraint with the fewest classes of symmetric options (then fewest options,
    then first in ``open_``).

    A class holds options that differ only in untouched coordinates, so it has at most ``most``
    options (the two largest numbers of untouched rows, columns, first or second symbols,
    multiplied) and a constraint with ``k`` options at least ``k / most`` classes: the
    constraints are looked at by fewest options first, until none can have fewer classes.
    """
    n = p.order
    free = sorted(max(1, n - (touched >> n * kind & (1 << n) - 1).bit_count()) for kind in range(4))
    most = free[2] * free[3]
    sized = sorted((x.bit_count() - 1, i) for i, x in enumerate(map(alive.__and__, open_)))
    best, fewest = 0, (1 << 30, 0)
    for k, i in sized:
        if k < 1:
            continue
        if -(-k // most) >= fewest[0]:
            break  # every constraint left has at least as many classes and more options
        mask = open_[i]
        size = (len(_classes(alive & mask, touched, p.marks)), k)
        if size < fewest:
            best, fewest = mask, size
    return best


def _count(p: _Problem, check: Check) -> int:
    """The number of exact covers, counting one option per class of symmetric options."""
    conflict, marks = p.conflict, p.marks
    all_touched = (1 << 4 * p.order) - 1
    stack = [((1 << len(p.options) + len(p.masks)) - 1, list(p.masks), p.touched, 1)]
    found = 0
    while stack:
        check()
        alive, open_, touched, weight = stack.pop()
        alive, touched, best, fewest, _ = _settle(alive, touched, open_, p)
        if fewest == 1:
            continue  # dead
        if not best:
            found += weight
            continue
        open_ = [mask for mask in open_ if alive & mask]
        if touched != all_touched:
            best = _fewest_classes(alive, touched, open_, p)
        for option, times in _classes(alive & best, touched, marks).values():
            stack.append(
                (alive & ~conflict[option], open_, touched | marks[option], weight * times)
            )
    return found


def _covers(p: _Problem, check: Check) -> Iterator[int]:
    """Every exact cover, as the set of options it chooses, depth first."""
    conflict = p.conflict
    touched = (1 << 4 * p.order) - 1  # no symmetry: every cover
    stack = [((1 << len(p.options) + len(p.masks)) - 1, list(p.masks), 0)]
    while stack:
        check()
        alive, open_, chosen = stack.pop()
        alive, _, best, fewest, placed = _settle(alive, touched, open_, p)
        chosen |= placed
        if fewest == 1:
            continue  # dead
        if not best:
            yield chosen
            continue
        open_ = [mask for mask in open_ if alive & mask]
        x = alive & best & p.option_bits
        children = []
        while x:
            low = x & -x
            x ^= low
            children.append((alive & ~conflict[low.bit_length() - 1], open_, chosen | low))
        stack.extend(reversed(children))


def _never() -> None:
    """A check that never stops the search."""


def _members(cover: int) -> Iterator[int]:
    """The options of a bitset, lowest first."""
    while cover:
        low = cover & -cover
        cover ^= low
        yield low.bit_length() - 1


def count_completions(
    square: Square, rules: Rules, *, symmetry: bool = True, check: Check = _never
) -> int:
    """The number of finished squares extending the square (of the rules' order).

    With ``symmetry`` each branch tries one option per class of options that a permutation of
    the untouched rows, columns, first or second symbols maps onto each other, and counts it as
    many times as its class has options (see the module's docstring for why that is exact).
    ``check`` is called as the search goes (see :data:`Check`); it may raise to stop it.

    >>> from officers import Rules, Square
    >>> start = Square("AS3/4/4/4")
    >>> count_completions(start, Rules()), count_completions(start, Rules(), symmetry=False)
    (432, 432)
    """
    numbering = _numbering(square, rules, check)
    if numbering is None:
        return 0
    if not symmetry:
        numbering = dataclasses.replace(numbering, touched=(1 << 4 * numbering.order) - 1)
    compiled = _compiled()
    if compiled is not None:
        return _count_compiled(compiled, numbering, check)
    return _count(_problem(numbering, check), check)


def _compiled() -> ModuleType | None:
    """The compiled search, when it is there and not switched off (see README, Installation)."""
    from officers.euler.solve import accel

    return accel.module()


def _matrix_arguments(numbering: _Numbering) -> tuple[int, int, int, bytes, bytes, bytes]:
    """The numbering as the compiled search takes it: the order, the numbers of options and
    constraints, where each option's constraints start in the list of all of them, that list,
    and the options' marks (arrays of C ints and 64-bit words)."""
    starts = array("i", [0])
    items = array("i")
    for does in numbering.does:
        items.extend(does)
        starts.append(len(items))
    return (
        numbering.order,
        len(numbering.options),
        numbering.constraints,
        starts.tobytes(),
        items.tobytes(),
        array("Q", numbering.marks).tobytes(),
    )


def _count_compiled(compiled: ModuleType, numbering: _Numbering, check: Check) -> int:
    """:func:`_count` by the compiled search, from the same numbering."""
    count: int = compiled.count(*_matrix_arguments(numbering), numbering.touched, check)
    return count


def _covers_compiled(
    compiled: ModuleType, numbering: _Numbering, check: Check
) -> Iterator[list[int]]:
    """:func:`_covers` by the compiled search (in the same order), each cover as the numbers of
    its options; asked for one cover, then for more and more at a time (up to 256)."""
    search = compiled.covers(*_matrix_arguments(numbering), check)
    room = 1
    while True:
        found: list[list[int]] = compiled.more(search, room)
        yield from found
        if len(found) < room:
            return
        room = min(2 * room, 256)


def _placed(numbering: _Numbering, square: Square, chosen: Iterable[int]) -> Square:
    """The square with the chosen options placed."""
    size = numbering.order**2
    grid = list(square.values)
    for number in chosen:
        cell, value = divmod(numbering.options[number], size)
        grid[cell] = value
    return Square.from_values(grid, numbering.order)


def completions(square: Square, rules: Rules, *, check: Check = _never) -> Iterator[Square]:
    """Every finished square extending the square (of the rules' order), depth first.

    >>> from officers import Rules, Square
    >>> [s.notation() for s in completions(Square("ASKHQDJC/QCJDAHKS/4/4"), Rules())]
    ['ASKHQDJC/QCJDAHKS/KDACJSQH/JHQSKCAD', 'ASKHQDJC/QCJDAHKS/JHQSKCAD/KDACJSQH']
    """
    numbering = _numbering(square, rules, check)
    if numbering is None:
        return
    compiled = _compiled()
    if compiled is not None:
        for chosen in _covers_compiled(compiled, numbering, check):
            yield _placed(numbering, square, chosen)
        return
    p = _problem(numbering, check)
    for cover in _covers(p, check):
        yield _placed(numbering, square, _members(cover))
