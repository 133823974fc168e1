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
officers.errors.SolverTimeoutError: no answer within 0.2 s
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from officers.errors import SolverTimeoutError

if TYPE_CHECKING:  # multiprocessing loads on first use: a hint at order 4 never needs it
    from multiprocessing.connection import Connection

__all__ = ["bounded"]

_T = TypeVar("_T")


def _child(connection: Connection, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        connection.send((True, function(*args)))
    except BaseException as error:  # the parent raises it again
        connection.send((False, error))
    finally:
        connection.close()


def bounded(function: Callable[..., _T], args: tuple[Any, ...], time_limit: float) -> _T:
    """``function(*args)`` computed in a child process, given at most ``time_limit`` seconds;
    an exception it raises is raised here."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, function, args), daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(time_limit):
            raise SolverTimeoutError(f"no answer within {time_limit} s")
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
