"""What a request may spend: the door's :class:`Limits` and one request's :class:`Budget`.

A request's budget is a search's budget (:class:`officers.core.budget.Budget`: a deadline, a
cancel event) with the door's search slots beside it, so a door hands it to a game's aid as it
is.

>>> budget = Budget()
>>> budget.time_left(2.0)
2.0
>>> with budget.slot():
...     pass
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from officers.contract.requests import BadRequestError
from officers.core import budget as core
from officers.core.errors import SolverTimeoutError

if TYPE_CHECKING:
    import threading

__all__ = ["DEFAULT_LIMITS", "Budget", "Limits"]


@dataclass(frozen=True)
class Limits:
    """What a request may ask for: ``time_limit`` seconds for each solver call, squares of
    order up to ``max_order``, ``max_batch`` starts in one ``verify``, and ``max_states``
    positions stored by each patience search (about 270 bytes each: the default bounds a
    search at some 270 MB)."""

    time_limit: float = 2.0
    max_order: int = 6
    max_batch: int = 64
    max_states: int = 1_000_000


DEFAULT_LIMITS: Final = Limits()


@dataclass(frozen=True)
class Budget(core.Budget):
    """What one request may spend beyond its :class:`Limits`, as the door that took it says:
    searches end by ``deadline`` (:func:`time.monotonic`; the time a request waited before it
    ran counts against its limit), or at once when ``cancel`` is set (both as in
    :class:`officers.core.budget.Budget`, which this is); a search runs only when ``searches``
    (a semaphore of the door's search slots) has a slot free, else the request is refused at
    once as ``busy``."""

    searches: threading.Semaphore | None = None

    def time_left(self, time_limit: float) -> float:
        """The seconds a search may take now: ``time_limit``, or less when the deadline is
        nearer; raise :class:`~officers.SolverTimeoutError` when none is left."""
        if self.deadline is None:
            return time_limit
        left = min(time_limit, self.deadline - time.monotonic())
        if left <= 0:
            raise SolverTimeoutError("the request waited out its time before it could run")
        return left

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one of the door's search slots while the block runs (refused as ``busy`` at
        once when every slot is taken)."""
        searches = self.searches
        if searches is not None and not searches.acquire(blocking=False):
            raise BadRequestError(
                "busy", "every search slot of this service is taken: ask again in a moment"
            )
        try:
            yield
        finally:
            if searches is not None:
                searches.release()
