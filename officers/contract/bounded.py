"""Solver calls under a wall-clock limit, whatever the backend, in a child process that no
threaded process forks.

At order 4 the completion index answers every question in well under a millisecond, so the
contract calls it directly. At other orders (and for Offiziersskat's double-dummy solution) the
search can take any time; :func:`bounded` runs it in a child process and ends that process when
the time is up (the answer is then unknown: :class:`~officers.SolverTimeoutError`), or at once
when the request is cancelled (:class:`CancelledError`), so no worker ever hangs on one request.

A process that runs threads must not fork: the child gets a copy of every lock as it was at
that moment, and a lock some other thread held stays held in the child for ever (Python 3.12
warns of exactly this). The engine (its reading thread) and the service (its workers) run
threads, so their children come from a **search server**: :mod:`multiprocessing`'s
``forkserver``, a small process started from nothing (a fresh interpreter, with officers'
searches loaded: :data:`PRELOAD`) that runs one thread and forks one child for each search.
:func:`start` starts it at boot (the service in its warm-up, the engine in a thread beside its
first lines); otherwise the first search of a process with threads starts it, before its time
limit begins. A child of the server imports the program's main module again, as every child of
:mod:`multiprocessing` that is not forked does: a script that starts threads and searches keeps
its work under ``if __name__ == "__main__":``. A process with one thread (a script, the command
line) forks its search child itself, at once, as officers always did. Where there is no
``forkserver`` (Windows), each child is a fresh interpreter (``spawn``): some tenths of a second
more a call.

A child dies with the process that asked for it (:func:`officers.core.lifetime.die_with_parent`:
a child of the server watches that process, and the server ends when it does), runs at a lower
priority (:data:`NICE`), and calls itself ``officers-search`` (Linux: ``ps -o comm``). A child
killed from outside ends its request with :class:`~officers.SolverTimeoutError` ("stopped
without an answer"); the caller goes on.

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
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from officers.core.errors import OfficersError, SolverTimeoutError

if TYPE_CHECKING:  # multiprocessing loads on first use: a hint at order 4 never needs it
    from multiprocessing.connection import Connection
    from multiprocessing.context import BaseContext

__all__ = [
    "NAME",
    "NICE",
    "POLL",
    "PRELOAD",
    "CancelledError",
    "bounded",
    "start",
    "start_soon",
    "threads",
]

NICE: Final = 10
"""How much lower a search child runs than its parent (:func:`os.nice`): the engine's or the
service's own thread answers cheap requests first while searches run."""

POLL: Final = 0.05
"""How often (seconds) a waiting :func:`bounded` looks whether it was cancelled."""

PRELOAD: Final = ("officers.contract.squares", "officers.contract.skat", "officers.cli")
"""The modules the search server loads once, before it forks any child: every search
:func:`bounded` runs for the doors (Euler's Officers' backends, Offiziersskat's solver), and
the command line, which the ``officers`` command's script imports again in each child."""

NAME: Final = "officers-search"
"""What a search child calls itself (its process name on Linux, at most 15 bytes)."""

STARTING: Final = "officers-start"
"""What the search server's first child calls itself: it starts the server and searches
nothing (so that ``ps`` and the tests tell it from a search)."""


class CancelledError(OfficersError):
    """The search was cancelled before it knew the answer (the engine's ``cancel`` or ``quit``)."""


_T = TypeVar("_T")

_STARTING = threading.Lock()
_STARTED = threading.Event()


def threads() -> int:
    """The threads this process runs now: the kernel's count on Linux (threads started by C
    libraries too), Python's elsewhere.

    >>> threads() >= 1
    True
    """
    try:
        with open("/proc/self/stat", "rb") as stat:
            return int(stat.read().rpartition(b")")[2].split()[17])  # num_threads
    except (OSError, ValueError, IndexError):
        return threading.active_count()


def _context(threaded: bool) -> BaseContext:
    """How a search child starts: forked here when this process runs one thread (``threaded``
    false), else from the search server, told to load :data:`PRELOAD` (``spawn`` where there is
    no ``forkserver``)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if not threaded and "fork" in methods:
        return multiprocessing.get_context("fork")
    if "forkserver" not in methods:
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))
    return context


def start() -> None:
    """Start the search server, with :data:`PRELOAD` loaded, and wait until it has forked a
    first child (once a process; at once after that). A program that searches while other
    threads run (the engine, the service) calls it before it takes requests, so that no
    request waits for the server; :func:`bounded` calls it otherwise, before its limit
    begins."""
    if _STARTED.is_set():
        return
    with _STARTING:
        if _STARTED.is_set():
            return
        try:
            # the server's start and imports, once; its first child is no search, and says so
            _run(int, (), 60.0, None, _context(True), STARTING)
        except SolverTimeoutError as error:
            raise SolverTimeoutError(
                "the search server could not start a search (a program that starts threads "
                "and searches keeps its work under if __name__ == '__main__':, as the "
                "children of the search server import its main module again)"
            ) from error
        _STARTED.set()


def start_soon() -> threading.Thread | None:
    """:func:`start` in a thread of its own (returned; ``None`` when the server was started
    already): the engine's first lines are answered meanwhile, and its first search waits for
    the server only as long as it still starts."""
    if _STARTED.is_set():
        return None
    thread = threading.Thread(target=_start_quietly, name="officers-search-server", daemon=True)
    thread.start()
    return thread


def _start_quietly() -> None:
    """:func:`start` in the background: a start that fails (the process ends meanwhile, the
    server cannot start) prints nothing; the next search starts the server again and says why
    if it still cannot."""
    with contextlib.suppress(Exception):
        start()


def _child(
    connection: Connection,
    parent: int,
    function: Callable[..., Any],
    args: tuple[Any, ...],
    comm: str = NAME,
) -> None:
    from officers.core.lifetime import die_with_parent

    die_with_parent(parent)  # ended with the engine or the service, even killed by SIGKILL
    with contextlib.suppress(OSError):  # the search gives way to the process that answers
        os.nice(NICE)
    with contextlib.suppress(OSError), open("/proc/self/comm", "w") as process_name:
        process_name.write(comm)  # Linux: ps and top show what the process is
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
    """``function(*args)`` computed in a child process (of the search server when this process
    runs threads, see the module), given at most ``time_limit`` seconds
    (:class:`~officers.SolverTimeoutError` after them) and ended at once when ``cancel`` is set
    (:class:`CancelledError`); an exception it raises is raised here. ``function``, ``args``
    and the answer travel between the processes pickled."""
    if cancel is not None and cancel.is_set():
        raise CancelledError("the search was cancelled")
    threaded = threads() > 1
    if threaded:
        start()
    return _run(function, args, time_limit, cancel, _context(threaded))


def _run(
    function: Callable[..., _T],
    args: tuple[Any, ...],
    time_limit: float,
    cancel: threading.Event | None,
    context: BaseContext,
    comm: str = NAME,
) -> _T:
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(  # type: ignore[attr-defined]
        target=_child, args=(sender, os.getpid(), function, args, comm), name=comm, daemon=True
    )
    deadline = time.monotonic() + time_limit  # starting the child counts too
    try:
        process.start()
    finally:
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
