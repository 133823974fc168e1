"""Solver calls under a wall-clock limit, whatever the backend.

At order 4 the completion index answers every question in well under a millisecond, so the
contract calls it directly. At other orders the search can take any time; :func:`bounded` runs
it in a child process and ends that process when the time is up (the answer is then unknown:
:class:`~officers.SolverTimeoutError`), so no worker ever hangs on one request.

>>> bounded(sum, ([1, 2, 3],), 5.0)
6
>>> import time
>>> bounded(time.sleep, (10,), 0.2)
Traceback (most recent call last):
  ...
officers.SolverTimeoutError: no answer within 0.2 s
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from officers.core.errors import OfficersError, SolverTimeoutError

if TYPE_CHECKING:  # multiprocessing loads on first use: a hint at order 4 never needs it
    import threading
    from multiprocessing.connection import Connection

__all__ = ["CancelledError", "bounded"]

NICE: Final = 10
"""How much lower a search child runs than its parent (:func:`os.nice`): the engine's or the
service's own thread answers cheap requests first while searches run."""

POLL: Final = 0.05
"""How often (seconds) a waiting :func:`bounded` looks whether it was cancelled."""


class CancelledError(OfficersError):
    """The search was cancelled before it knew the answer (the engine's ``cancel`` or ``quit``)."""


_T = TypeVar("_T")


def _child(
    connection: Connection, parent: int, function: Callable[..., Any], args: tuple[Any, ...]
) -> None:
    from officers.core.lifetime import die_with_parent

    die_with_parent(parent)  # ended with the engine or the service, even killed by SIGKILL
    with contextlib.suppress(OSError):  # the search gives way to the process that answers
        os.nice(NICE)
    try:
        connection.send((True, function(*args)))
    except BaseException as error:  # the parent raises it again
        connection.send((False, error))
    finally:
        connection.close()


def bounded(
    function: Callable[..., _T],
    args: tuple[Any, ...],
    time_limit: float,
    cancel: threading.Event | None = None,
) -> _T:
    """``function(*args)`` computed in a child process, given at most ``time_limit`` seconds
    (:class:`~officers.SolverTimeoutError` after them) and ended at once when ``cancel`` is set
    (:class:`CancelledError`); an exception it raises is raised here."""
    import multiprocessing

    if cancel is not None and cancel.is_set():
        raise CancelledError("the search was cancelled")
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(
        target=_child, args=(sender, os.getpid(), function, args), daemon=True
    )
    deadline = time.monotonic() + time_limit  # starting the child counts too
    process.start()
    sender.close()
    try:
        while not receiver.poll(min(POLL, max(0.0, deadline - time.monotonic()))):
            if cancel is not None and cancel.is_set():
                raise CancelledError("the search was cancelled")
            if time.monotonic() >= deadline:
                raise SolverTimeoutError(f"no answer within {time_limit:g} s")
        ok, value = receiver.recv()
    except EOFError as error:
        raise SolverTimeoutError("the solver stopped without an answer") from error
    finally:
        receiver.close()
        if process.is_alive():
            process.kill()
        process.join()
    if not ok:
        raise value
    result: _T = value
    return result
