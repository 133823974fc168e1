"""The compiled double-dummy search of Offiziersskat, and its chance game's search, where they
are installed.

officers ships a second optional C module, ``officers.skat._dd`` (``officers/skat/_dd.c``), that
a wheel built with a C compiler holds and that a development checkout compiles with
``python tools/build_extension.py``. Without it :mod:`officers.skat.search` runs the same search
in pure Python: the module changes how fast an answer comes, never the answer. :func:`module`
is the one way in; nothing imports the module before it is asked for.

Glossary:

ABI
    The version of the module's interface, the constant ``ABI`` in the C file. A module built
    from another version of the C file than this Python code expects is not used.
``OFFICERS_PURE_PYTHON=1``
    The environment variable that turns the compiled modules off (read once, at the first
    call), as for :mod:`officers.euler.solve.accel`.

>>> found = module()
>>> found is None or found.ABI == ABI
True
>>> status() == "compiled" or status().startswith("pure Python: ")
True
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import Final

from officers.core.compiled import PARTS, PURE_PYTHON, load
from officers.core.deprecated import renamed

__all__ = [
    "ABI",
    "PURE_PYTHON",
    "TABLE_BITS",
    "CompiledChance",
    "CompiledSearch",
    "dd_module",
    "dd_status",
    "module",
    "status",
    "table_bits",
]

NAME: Final = "officers.skat._dd"

ABI: Final = PARTS[NAME]
"""The interface version of ``officers.skat._dd`` this code is written against (kept in
:data:`officers.core.compiled.PARTS`)."""


def _load() -> tuple[ModuleType | None, str]:
    return load(NAME, ABI)


def module() -> ModuleType | None:
    """The compiled module ``officers.skat._dd``, or None where it is not installed, does not
    load, was built for another :data:`ABI`, or ``OFFICERS_PURE_PYTHON=1`` is set. Imported at
    the first call, once."""
    return _load()[0]


def status() -> str:
    """``"compiled"`` when :func:`module` gives the module, else ``"pure Python: ..."`` and
    the reason, in one line."""
    return _load()[1]


def dd_module() -> ModuleType | None:
    """Deprecated since 0.4: :func:`module` (warns with a :class:`DeprecationWarning`)."""
    renamed("officers.skat.accel.dd_module()", "officers.skat.accel.module()")
    return module()


def dd_status() -> str:
    """Deprecated since 0.4: :func:`status` (warns with a :class:`DeprecationWarning`)."""
    renamed("officers.skat.accel.dd_status()", "officers.skat.accel.status()")
    return status()


TABLE_BITS: Final = 22
"""The compiled table of a whole deal: ``2 ** 22`` entries of 8 bytes, 32 MiB (a position with
fewer tricks left gets a smaller one, :func:`table_bits`)."""


def table_bits(cards: int) -> int:
    """The size (a power of 2) of the compiled table for a search of ``cards`` cards in play:
    ``2 ** 22`` entries from 11 tricks up, 4 times fewer a trick less, at least ``2 ** 12``.

    >>> table_bits(32), table_bits(24), table_bits(20), table_bits(4)
    (22, 22, 20, 12)
    """
    return max(12, min(TABLE_BITS, cards))


class CompiledSearch:
    """One board's compiled search and its table (kept between calls, as the Python search's):
    built from each slot's lane, power and points and the slots holding a card."""

    __slots__ = ("module", "state")

    def __init__(
        self,
        module: ModuleType,
        slots: tuple[list[int], list[int], list[int]],
        present: int,
        bits: int,
    ) -> None:
        lanes, powers, points = (bytes([v if v > 0 else 0 for v in row]) for row in slots)
        self.module = module
        self.state = module.search(lanes, powers, points, present, bits)

    def value(
        self, mask: int, leader: int, led: int, alpha: int, beta: int, deadline: float | None
    ) -> int | None:
        """The leader's value (fail-soft in ``alpha, beta``; ``led`` the slot on the table or
        -1), or ``None`` when the clock (``time.perf_counter``) passes ``deadline``."""
        seconds = 0.0
        if deadline is not None:
            seconds = deadline - time.perf_counter()
            if seconds <= 0:
                return None
        found: int | None = self.module.value(self.state, mask, leader, led, alpha, beta, seconds)
        return found

    def exact(
        self, mask: int, leader: int, led: int, deadline: float | None, threads: int
    ) -> int | None:
        """The leader's exact value (``led`` as for :meth:`value`), by zero-window tests that
        ``threads`` searches (1 .. 8, each in a thread of its own) run at once on the one table,
        or ``None`` when the clock passes ``deadline``."""
        seconds = 0.0
        if deadline is not None:
            seconds = deadline - time.perf_counter()
            if seconds <= 0:
                return None
        found: int | None = self.module.exact(self.state, mask, leader, led, seconds, threads)
        return found

    def best(self, mask: int, leader: int) -> int:
        """The slot of the best lead the table holds for a position, or -1."""
        slot: int = self.module.best(self.state, mask, leader)
        return slot

    def stats(self) -> tuple[int, int, int]:
        """Tricks searched in all, table entries in use, and the table's bytes."""
        nodes, used, size = self.module.stats(self.state)
        return int(nodes), int(used), int(size)


class CompiledChance:
    """The compiled search of the chance game (:mod:`officers.skat.chance`) in one game, for
    one objective, with its memo (kept between calls): built from each card's lane, power and
    points in that game."""

    __slots__ = ("module", "state")

    def __init__(
        self, module: ModuleType, cards: tuple[bytes, bytes, bytes], objective: int
    ) -> None:
        self.module = module
        self.state = module.chance(*cards, objective)

    def value(
        self,
        up: bytes,
        hid: int,
        unseen: int,
        leader: int,
        lead: int,
        points: tuple[int, int],
        slot: int,
        window: tuple[int, int],
        deadline: float | None,
    ) -> int | None:
        """A public state's value times ``u!`` (``u`` its unseen cards), fail-soft in
        ``window``; with ``slot`` >= 0 the value of playing from that pile. ``up``: each of the
        16 piles' face-up card or 255. ``None`` when the clock (``time.perf_counter``) passes
        ``deadline``."""
        seconds = 0.0
        if deadline is not None:
            seconds = deadline - time.perf_counter()
            if seconds <= 0:
                return None
        found: int | None = self.module.chance_value(
            self.state, up, hid, unseen, leader, lead, *points, slot, *window, seconds
        )
        return found

    def share(self) -> CompiledChance:
        """A second search on this one's memo, to run in another thread at the same time (the
        memo then at its largest, 64 MiB, each bucket read and written under a lock): what one
        finds the other reads; :meth:`halt` stops them all. Not for sampling."""
        shared = CompiledChance.__new__(CompiledChance)
        shared.module = self.module
        shared.state = self.module.chance_share(self.state)
        return shared

    def halt(self) -> None:
        """Stop the searches on the memo this one shares (running ones within 256 states, one
        started later at once; answering ``None``), until it is shared again."""
        self.module.chance_halt(self.state)

    def sampling(self, width: int, floor: int, samples: int, salt: int) -> None:
        """Sample the chance game from now on, and forget the memo (all 0: exact again):
        below the top call a turn-up of more than ``width`` cards is valued by ``width`` of
        them, drawn; a state with 2 .. ``floor`` cards face down by ``samples`` completions,
        drawn, each solved double dummy; each draw a function of the state and ``salt``
        (:mod:`officers.skat.sampled`)."""
        self.module.chance_sampling(self.state, width, floor, samples, salt)

    def stats(self) -> tuple[int, int, int]:
        """States valued in all, leaves solved double dummy, and memo entries in use."""
        nodes, leaves, used = self.module.chance_stats(self.state)
        return int(nodes), int(leaves), int(used)
