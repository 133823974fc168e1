"""The compiled decision search of Eight Off and its family, where it is installed.

officers ships an optional C module, ``officers.eightoff._search``
(``officers/eightoff/_search.c``), that a wheel built with a C compiler holds and that a
development checkout compiles with ``python tools/build_extension.py``. It is the best-first
search of :func:`officers.eightoff.solve_search.best_first` with its default priority, compiled:
the same moves tried in the same order, the same reductions, the same priority and order of
the frontier, so that it expands the same positions in the same order and finds the same win,
in a table of about 100 bytes a position instead of some 270. Without it, or with
``OFFICERS_PURE_PYTHON=1``, :func:`officers.eightoff.solve.solve` runs the Python search: the
module changes how fast an answer comes, never the answer. The search for the fewest moves (A*)
is Python either way.

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
from types import ModuleType
from typing import TYPE_CHECKING, Final

from officers.core.compiled import PARTS, PURE_PYTHON, load
from officers.core.deprecated import renamed
from officers.eightoff.solve_search import Game, Node, Outcome, key_of

if TYPE_CHECKING:
    from threading import Event

__all__ = [
    "ABI",
    "PURE_PYTHON",
    "SEQUENCES",
    "best_first",
    "search_module",
    "search_status",
    "module",
    "status",
]

NAME: Final = "officers.eightoff._search"

ABI: Final = PARTS[NAME]
"""The interface version of ``officers.eightoff._search`` this code is written against (kept in
:data:`officers.core.compiled.PARTS`)."""

SEQUENCES: Final = {"cells": 0, "freecell": 1, "one": 2}
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
) -> Outcome | None:
    """:func:`~officers.eightoff.solve_search.best_first` (its default priority) from the
    settled node ``start``, compiled; ``None`` where the module is not there. ``deadline`` is a
    time of :func:`time.monotonic`; the search runs without the GIL and, every 1024 positions
    expanded, asks ``cancel`` whether it is set.

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
    seconds = -1.0 if deadline is None else max(deadline - time.monotonic(), 1e-9)
    status, moves, states, reason = module.search(
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
    return Outcome(status, [(card, count, target) for card, count, target in moves], states, reason)
