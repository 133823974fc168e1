"""What one search may spend: a :class:`Budget`, a deadline and a way to stop it at once.

Every game's aid (Euler's Officers' hint, Eight Off's hint, the Offiziersskat tip) takes one,
as ``aid(view, budget=...)``, and answers by its deadline with the best it has: exact, or an
estimate (an *unknown*) that says so. The doors hand their request's budget on as it is
(:class:`officers.contract.Budget` is one, with the door's search slots beside it); a program
makes one with :meth:`Budget.after`.

>>> budget = Budget.after(2.0)
>>> 1.9 < budget.left() <= 2.0, budget.over()
(True, False)
>>> Budget().left() is None, Budget(deadline=0.0).over()
(True, True)
>>> import threading
>>> stop = threading.Event()
>>> cancellable = Budget(cancel=stop)
>>> stop.set()
>>> cancellable.cancelled(), cancellable.over()
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Self

from officers.core.errors import InvalidArgumentError, excerpt

if TYPE_CHECKING:
    import threading

__all__ = ["Budget", "budget_of"]


@dataclass(frozen=True)
class Budget:
    """A search's time and its stop: it ends by ``deadline`` (a :func:`time.monotonic` time;
    ``None``: no bound), or at once when ``cancel`` (a :class:`threading.Event`) is set.

    A frozen value: the narrower budget of a part of a search is a new one
    (:meth:`within`)."""

    deadline: float | None = None
    cancel: threading.Event | None = None

    def __post_init__(self) -> None:
        deadline = self.deadline
        if deadline is not None and (
            isinstance(deadline, bool)
            or not isinstance(deadline, (int, float))
            or math.isnan(deadline)
        ):
            raise InvalidArgumentError(
                f"a deadline is a time of time.monotonic() or None, got {excerpt(deadline)}"
            )
        if self.cancel is not None and not callable(getattr(self.cancel, "is_set", None)):
            raise InvalidArgumentError(
                f"cancel is a threading.Event or None, got {excerpt(self.cancel)}"
            )

    @classmethod
    def after(cls, seconds: float | None, cancel: threading.Event | None = None) -> Budget:
        """The budget that ends ``seconds`` from now (``None``: no bound), stopped by
        ``cancel``.

        >>> Budget.after(None).deadline is None
        True
        """
        return cls(None if seconds is None else time.monotonic() + seconds, cancel)

    def left(self) -> float | None:
        """The seconds left before the deadline, never below 0 (``None``: no deadline)."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.monotonic())

    def cancelled(self) -> bool:
        """Whether the search was told to stop."""
        return self.cancel is not None and self.cancel.is_set()

    def over(self) -> bool:
        """Whether nothing more may be searched: cancelled, or the deadline reached."""
        return self.cancelled() or (self.deadline is not None and time.monotonic() >= self.deadline)

    def within(self, seconds: float | None) -> Self:
        """This budget ending ``seconds`` from now at the latest (``None``: as it is), with the
        same stop (and whatever else a door's budget holds): the budget of one part of a
        search.

        >>> Budget.after(1.0).within(5.0).left() <= 1.0
        True
        >>> 0.4 < Budget().within(0.5).left() <= 0.5
        True
        """
        if seconds is None:
            return self
        end = time.monotonic() + seconds
        return replace(self, deadline=end if self.deadline is None else min(self.deadline, end))


def budget_of(
    budget: Budget | None,
    seconds: float | None = None,
    cancel: threading.Event | None = None,
) -> Budget:
    """The budget of a call that takes ``budget`` beside the older arguments of a time limit
    (``seconds`` from now, already checked) and ``cancel``: the earlier of the two deadlines,
    and the one stop given (both ``budget.cancel`` and ``cancel``: :class:`InvalidArgumentError`).

    >>> budget_of(None, 2.0).left() <= 2.0, budget_of(Budget.after(1.0), 2.0).left() <= 1.0
    (True, True)
    >>> import threading
    >>> stop = threading.Event()
    >>> budget_of(Budget(), None, stop).cancel is stop
    True
    """
    if budget is None:
        return Budget.after(seconds, cancel)
    if not isinstance(budget, Budget):
        raise TypeError(f"budget is an officers.core.budget.Budget, got {excerpt(budget)}")
    if cancel is not None:
        if budget.cancel is not None and budget.cancel is not cancel:
            raise InvalidArgumentError("give one way to stop: cancel, or the budget's cancel")
        budget = replace(budget, cancel=cancel)
    return budget.within(seconds)
