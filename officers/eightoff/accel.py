"""The compiled decision search of Eight Off and its family, where it is installed.

officers ships an optional C module, ``officers.eightoff._search``
(``officers/eightoff/_search.c``), that a wheel built with a C compiler holds and that a
development checkout compiles with ``python tools/build_extension.py``. It is the best-first
search of :func:`officers.eightoff.solve_search.best_first` with its default priority, compiled:
the same moves tried in the same order, the same reductions, the same priority and order of
the frontier, so that it expands the same positions in the same order and finds the same win,
in a table of about 100 bytes a position instead of some 270.
:func:`officers.eightoff.solve.solve` runs it as a portfolio of scans over one store, each
with its own order (:data:`SCANS`, :func:`portfolio`, :func:`best_first`'s ``scans``): the
same verdicts, found sooner, often with another win. The module also turns a win's moves by card into moves by place
(:func:`by_place`), and does the whole of :func:`~officers.eightoff.solve.solve`'s decision in
one call (:func:`decide`: the search, the win by place, its replay by the module's own rules
check, :func:`check`, and its notation); it reads plain board texts (:func:`read_board`).
Without it, or with ``OFFICERS_PURE_PYTHON=1``,
:func:`~officers.eightoff.solve.solve` runs the Python search: the module changes how fast an
answer comes and which win, never the verdict. The search for the fewest moves is compiled too
(:func:`astar`): the A* of :func:`officers.eightoff.solve_search.astar`, the same bound, moves
and order of the frontier, so its wins have the same number of moves as the Python search's.

Glossary:

ABI
    The version of the module's interface, the constant ``ABI`` in the C file. A module built
    from another version of the C file than this Python code expects is not used.
``OFFICERS_PURE_PYTHON=1``
    The environment variable that turns the compiled modules off (read once, at the first
    call), as for :mod:`officers.skat.accel`.

>>> found = module()
>>> found is None or found.ABI == ABI
True
>>> status() == "compiled" or status().startswith("pure Python: ")
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Final

from officers.core.compiled import PARTS, PURE_PYTHON, load
from officers.core.deprecated import renamed
from officers.eightoff.solve_search import CardMove, Game, Node, Outcome, key_of

if TYPE_CHECKING:
    from threading import Event

__all__ = [
    "ABI",
    "PLACES",
    "PORTFOLIOS",
    "PURE_PYTHON",
    "QUOTA",
    "SCANS",
    "SEQUENCES",
    "astar",
    "best_first",
    "by_place",
    "check",
    "decide",
    "read_board",
    "search_module",
    "search_status",
    "module",
    "portfolio",
    "status",
]

NAME: Final = "officers.eightoff._search"

ABI: Final = PARTS[NAME]
"""The interface version of ``officers.eightoff._search`` this code is written against (kept in
:data:`officers.core.compiled.PARTS`)."""

SCANS: Final = (
    "best first",
    "depth first",
    "greedy",
    "depth first, onto cards, to an empty column, to a cell",
    "depth first, onto cards, to a cell, to an empty column",
    "depth first in the order of the moves",
)
"""The scans of the compiled search, by their numbers: 0 best_first()'s own (the depth plus
:meth:`~officers.eightoff.solve_search.Game.greedy`), 1 depth first (the deepest position first,
among equals the lowest greedy score), 2 the greedy score alone; 3 and 4 depth first as 1, but
making a position's moves a group at a time, the next group only once the positions the last
one made are all searched (3: the moves to a foundation or onto a card first, then those to an
empty column, then those to a cell; 4: onto cards, to a cell, to an empty column); 5 depth
first taking a position's moves in the order they are made (:meth:`Game._options
<officers.eightoff.solve_search.Game>`'s), not by their scores."""

PORTFOLIOS: Final = {
    ("suit", "kings"): (0, 1, 2, 3, 4),
    ("alternate", "kings"): (0, 1, 2, 3, 4),
    ("suit", "any"): (1, 2, 0),
    ("alternate", "any"): (1, 3, 2, 0, 5, 4),
}
"""The scans :func:`officers.eightoff.solve.solve` runs, in the order of their turns, by the
building rule and what fills an empty column (:func:`portfolio`): chosen on the first 1,000
deals of Eight Off and FreeCell (Microsoft's) and the first 500 of Seahaven Towers and Baker's
Game by the positions stored and the time, checked on FreeCell's next 1,000
(``benchmarks/bench_eightoff.py``). Each begins with the scan that began before (best first
where only a King fills an empty column, depth first where any card does), so a deal decided
within its first turn is searched as before."""


def _scans(
    module: ModuleType, scans: int | tuple[int, ...], first: int
) -> tuple[int | tuple[int, ...], int]:
    """``scans`` and ``first`` for ``module``: a build from before the portfolios of
    :data:`PORTFOLIOS` (no constant ``SCANS``) takes a number of scans only, so a tuple runs
    there as its three first scans, 0 .. 2, taken from the tuple's first (1 where that is
    another)."""
    if isinstance(scans, int) or hasattr(module, "SCANS"):
        return scans, first
    start = scans[first % len(scans)]
    return 3, start if start < 3 else 1


def portfolio(building: str, empty: str) -> tuple[int, ...]:
    """The scans of :data:`PORTFOLIOS` for a building rule (``"suit"`` or anything else: the
    other colour) and what fills an empty column (``"kings"``, or anything else: any card).

    >>> [SCANS[scan] for scan in portfolio("alternate", "any")][:2]
    ['depth first', 'depth first, onto cards, to an empty column, to a cell']
    """
    return PORTFOLIOS[
        ("suit" if building == "suit" else "alternate", "kings" if empty == "kings" else "any")
    ]


QUOTA: Final = 1024
"""The expansions of a scan's turn in a portfolio."""

SEQUENCES: Final = {"cells": 0, "freecell": 1, "one": 2}

PLACES: Final = (
    *(("column", index) for index in range(16)),
    *(("cell", index) for index in range(8)),
    *(("foundation", suit) for suit in range(4)),
)
"""The places of the module's ``by_place`` by their numbers: columns 0 .. 15, cells 16 .. 23,
foundations 24 .. 27."""
"""The C module's numbers of the rules on the length of a run (``Params.sequence``)."""


def _load() -> tuple[ModuleType | None, str]:
    return load(NAME, ABI)


def module() -> ModuleType | None:
    """The compiled module ``officers.eightoff._search``, or None where it is not installed,
    does not load, was built for another :data:`ABI`, or ``OFFICERS_PURE_PYTHON=1`` is set.
    Imported at the first call, once."""
    return _load()[0]


def status() -> str:
    """``"compiled"`` when :func:`module` gives the module, else ``"pure Python: ..."``
    and the reason, in one line."""
    return _load()[1]


def search_module() -> ModuleType | None:
    """Deprecated since 0.4: :func:`module` (warns with a :class:`DeprecationWarning`)."""
    renamed("officers.eightoff.accel.search_module()", "officers.eightoff.accel.module()")
    return module()


def search_status() -> str:
    """Deprecated since 0.4: :func:`status` (warns with a :class:`DeprecationWarning`)."""
    renamed("officers.eightoff.accel.search_status()", "officers.eightoff.accel.status()")
    return status()


def best_first(
    game: Game,
    start: Node,
    *,
    deadline: float | None,
    max_states: int,
    cancel: Event | None = None,
    module: ModuleType | None = None,
    scans: int | tuple[int, ...] = 1,
    first: int = 0,
    quota: int = QUOTA,
) -> Outcome | None:
    """:func:`~officers.eightoff.solve_search.best_first` (its default priority) from the
    settled node ``start``, compiled; ``None`` where the module is not there. ``deadline`` is a
    time of :func:`time.monotonic`; the search runs without the GIL and, every 1024 positions
    expanded, asks ``cancel`` whether it is set.

    With ``scans`` 2 to 6 (the scans 0 .. scans - 1 of :data:`SCANS`) or a tuple of distinct
    scans it is a portfolio: the scans share one store of positions and take turns of
    ``quota`` expansions, ``first`` (an index into them) first, each from its own frontier: the
    positions it made itself, and at its first turn every position stored and not expanded yet.
    A position expanded by one scan is passed over by the others. The verdict is the same:
    every position stored and not expanded is on some frontier, and the search answers
    "unsolvable" only once every position stored has been expanded, so every position reachable
    was; the win found, and how soon, differ.

    >>> from officers.eightoff.solve_search import best_first as python_best_first
    >>> game = Game(2, 0, "suit", "kings", "cells")
    >>> start = ((b"\\x31\\x33", b"\\x32"), b"", (13, 13, 13, 10))  # J K / Q of spades
    >>> found = best_first(game, start, deadline=None, max_states=100)
    >>> found is None or found == python_best_first(game, start, deadline=None, max_states=100)
    True
    """
    module = module or _load()[0]
    if module is None:
        return None
    found = module.search(
        *_arguments(game, start, deadline, max_states, cancel), *_scans(module, scans, first), quota
    )
    return _outcome(found)


def astar(
    game: Game,
    start: Node,
    *,
    deadline: float | None,
    max_states: int,
    cancel: Event | None = None,
    module: ModuleType | None = None,
) -> Outcome | None:
    """:func:`~officers.eightoff.solve_search.astar` from the settled node ``start``, compiled:
    the fewest moves (each card settling plays counts one), ``None`` where the module is not
    there. The same bound (:meth:`~officers.eightoff.solve_search.Game.lower_bound`), the same
    moves tried in the same order and the frontier taken in the same order (the lowest moves
    plus bound first, then the deepest, then the first pushed): it expands the positions the
    Python search expands and finds the same win. ``deadline``, ``max_states`` and ``cancel``
    end it as they end :func:`best_first` ("unknown" and the reason); a position stored takes
    some 110 bytes (its key, its record, a slot of the table, an entry of the frontier).

    >>> from officers.eightoff.solve_search import astar as python_astar
    >>> game = Game(2, 1, "suit", "kings", "cells")
    >>> start = ((b"\x31\x33", b"\x32"), b"", (13, 13, 13, 10))  # J K / Q of spades
    >>> found = astar(game, start, deadline=None, max_states=100)
    >>> found is None or found == python_astar(game, start, deadline=None, max_states=100)
    True
    """
    module = module or _load()[0]
    if module is None:
        return None
    return _outcome(module.astar(*_arguments(game, start, deadline, max_states, cancel)))


def _arguments(
    game: Game, start: Node, deadline: float | None, max_states: int, cancel: Event | None
) -> tuple[object, ...]:
    """The arguments that the compiled searches (``search`` and ``astar``) share, in order: the
    start's key, the game's rules, the seconds left (-1: no limit), the state budget and the
    cancel callable."""
    seconds = -1.0 if deadline is None else max(deadline - time.monotonic(), 1e-9)
    return (
        key_of(start[0], start[1]),
        game.columns,
        game.cells,
        game.building == "suit",
        game.kings_only,
        SEQUENCES[game.sequence],
        seconds,
        max_states,
        None if cancel is None else cancel.is_set,
    )


def _outcome(found: tuple[str, list[tuple[int, int, int]], int, str | None]) -> Outcome:
    """A compiled search's answer as an :class:`Outcome`."""
    status, moves, states, reason = found
    return Outcome(status, [(card, count, target) for card, count, target in moves], states, reason)


def by_place(
    game: Game,
    position: tuple[Sequence[Sequence[int]], Sequence[int | None], Sequence[int]],
    card_moves: Sequence[CardMove],
    *,
    module: ModuleType | None = None,
) -> list[tuple[tuple[str, int], tuple[str, int], int]] | None:
    """:func:`officers.eightoff.solve.moves_by_place`, compiled: the same moves by place, in
    the same order; ``None`` where the module is not there.

    >>> game = Game(1, 1, "suit", "kings", "cells")
    >>> found = by_place(game, (((51, 50),), (None,), (13, 13, 13, 11)), [])
    >>> found is None or found == [(("column", 0), ("foundation", 3), 1)] * 2
    True
    """
    module = module or _load()[0]
    if module is None:
        return None
    columns, cells, foundations = position
    moves: list[tuple[tuple[str, int], tuple[str, int], int]] = module.by_place(
        [bytes(column) for column in columns],
        [-1 if card is None else card for card in cells],
        foundations,
        game.building == "suit",
        card_moves,
        PLACES,
    )
    return moves


Decision = tuple[str, list[tuple[tuple[str, int], tuple[str, int], int]], int, str | None, str, int]
"""What :func:`decide` answers: the status, the moves by place, the states stored, the reason
(``None`` unless "unknown"), the moves' notation and the index of the first move the compiled
replay refused (-1: none, the usual answer; the number of moves: they end short of a win)."""


def decide(
    rules: tuple[bool, bool, str],
    position: tuple[Sequence[Sequence[int]], Sequence[int | None], Sequence[int]],
    *,
    deadline: float | None,
    max_states: int,
    cancel: Event | None = None,
    scans: int | tuple[int, ...] = 3,
    first: int = 0,
    quota: int = QUOTA,
    module: ModuleType | None = None,
) -> Decision | None:
    """:func:`best_first` from a checked position itself (its columns, cells and foundations
    in their own order, not settled) under ``rules`` (same-suit building, Kings alone fill an
    empty column, the ``sequence`` rule of :data:`SEQUENCES`), its win turned into moves by place (:func:`by_place`),
    replayed by the rules alone and written in the standard notation, all in one call of the
    module: ``None`` where the module is not there (or is too old to have it).

    The replay is the module's own (``check``), written apart from its search and from its
    moves by place, with the rules of :func:`officers.eightoff.solve.replay`: each move's
    source holds the cards, a run is a run and no longer than the variant lets one move carry,
    the target takes it; and the last move leaves every card on its foundation.

    >>> found = decide((True, True, "cells"), (((51, 50),), (None,), (13, 13, 13, 11)), deadline=None,
    ...                max_states=100)
    >>> found is None or found == ("solvable", [(("column", 0), ("foundation", 3), 1)] * 2,
    ...                            1, None, "1h 1h", -1)
    True
    """
    module = module or _load()[0]
    function = getattr(module, "decide", None)
    if module is None or function is None:
        return None
    seconds = -1.0 if deadline is None else max(deadline - time.monotonic(), 1e-9)
    scans, first = _scans(module, scans, first)
    found: Decision = function(
        position[0],
        position[1],
        position[2],
        rules[0],
        rules[1],
        SEQUENCES[rules[2]],
        seconds,
        max_states,
        None if cancel is None else cancel.is_set,
        scans,
        first,
        quota,
        PLACES,
    )
    return found


def check(
    game: Game,
    position: tuple[Sequence[Sequence[int]], Sequence[int | None], Sequence[int]],
    moves: Sequence[tuple[tuple[str, int], tuple[str, int], int]],
    *,
    module: ModuleType | None = None,
) -> tuple[int, str | None] | None:
    """The compiled replay of :func:`decide` on moves by place from a position: the index of
    the first move the rules refuse (the number of moves when they end short of a win, -1 when
    they win) and, for a win, its notation; ``None`` where the module is not there.

    >>> game = Game(1, 1, "suit", "kings", "cells")
    >>> win = [(("column", 0), ("foundation", 3), 1)] * 2
    >>> found = check(game, (((51, 50),), (None,), (13, 13, 13, 11)), win)
    >>> found is None or found == (-1, "1h 1h")
    True
    >>> found = check(game, (((51, 50),), (None,), (13, 13, 13, 11)), win[:1] + [(("cell", 0), ("foundation", 3), 1)])
    >>> found is None or found == (1, None)
    True
    """
    module = module or _load()[0]
    function = getattr(module, "check", None)
    if function is None:
        return None
    checked: tuple[int, str | None] = function(
        position[0],
        position[1],
        position[2],
        game.building == "suit",
        game.kings_only,
        SEQUENCES[game.sequence],
        moves,
        PLACES,
    )
    return checked


def read_board(
    text: str, columns: int, cells: int, *, module: ModuleType | None = None
) -> tuple[tuple[tuple[int, ...], ...], tuple[int | None, ...], tuple[int, int, int, int]] | None:
    """A board text in its plain form (lines ``: cards``, at most one ``Foundations:`` and one
    ``Freecells:`` line, ASCII cards such as ``TD``, ``10d`` or ``1s``) read by the module as a
    position of ``columns`` columns and ``cells`` cells whose every card is in exactly one
    place: its columns, cells and foundations. ``None`` for any other text, and where the
    module is not there: :func:`officers.eightoff.notation.read_board` then reads it in
    Python, and says what is wrong.

    >>> found = read_board("Foundations: H-K C-K D-K S-J\\n: KS QS\\n", 1, 1)
    >>> found is None or found == (((51, 50),), (None,), (13, 13, 13, 11))
    True
    >>> read_board("Foundations: H-K C-K D-K S-J\\n: KS KS\\n", 1, 1) is None
    True
    """
    module = module or _load()[0]
    function = getattr(module, "board", None)
    if function is None:
        return None
    found: (
        tuple[tuple[tuple[int, ...], ...], tuple[int | None, ...], tuple[int, int, int, int]] | None
    ) = function(text, columns, cells)
    return found
