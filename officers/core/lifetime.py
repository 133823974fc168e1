"""No process that officers starts outlives the process that started it.

officers starts other processes in two places: the worker pool of :mod:`officers.euler.simulate` (and
of :mod:`officers.euler.verify_rules`), and the child that runs one search under a time limit
(:mod:`officers.contract.bounded`, for the engine and the service), forked by a search server
(:mod:`multiprocessing`'s ``forkserver``) so that the threaded engine and service never fork
themselves. A parent that ends normally
shuts them down; a parent that is killed (SIGKILL from a timeout or the out-of-memory killer, or
a SIGTERM it does not handle) cannot, and its children, handed to PID 1, stayed: idle pool
workers wait for work for ever, a search runs to its end. So every child calls
:func:`die_with_parent` first thing (a pool worker through :func:`start_worker`, its
``initializer``), and ends when its parent does:

- On Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` (through ctypes): the kernel kills the child
  the moment its parent dies, even in the middle of a search in C that holds the GIL. Then the
  child checks that its parent is still the one that started it: if the parent died before the
  ``prctl`` took effect, the child has already been handed to another process, and it exits at
  once.
- Elsewhere (macOS, Windows), and on Linux where ``prctl`` cannot be called, a daemon thread
  watches the parent and ends the child with :func:`os._exit` when the parent is gone: on macOS
  ``os.getppid()`` changes when the parent dies (looked at every :data:`POLL` seconds); on
  Windows the thread waits on a handle of the parent process. The thread needs the GIL, so a
  search in C that holds it ends when it lets go.

The caveat of ``PR_SET_PDEATHSIG``: the signal comes when the *thread* that started the child
ends, not its process. So the thread that starts a child must outlive it, and in officers it
does. :class:`concurrent.futures.ProcessPoolExecutor` (CPython 3.11 to 3.13, and since) starts its
workers in ``submit()``, in the thread that submits: all of them at the first ``submit`` with
the ``fork`` start method, one a ``submit`` as needed with ``spawn`` and ``forkserver``; its
management thread starts a worker only to replace one that ended after ``max_tasks_per_child``
tasks, which officers never sets. :func:`officers.euler.simulate.run_tasks` submits from the thread
that called it and returns only after shutting the pool down (which joins the workers);
:func:`officers.contract.bounded.bounded` has its child forked by the search server's one
thread, which lives as long as the server, and joins the child before it returns.

With the ``forkserver`` start method (the default on Linux from Python 3.14, and the search
server's) a child's parent is the fork server, not the process that asked for it: the fork
server ends when the process that started it does, so the kernel's signal follows; and the
child watches the process that asked for it (``parent``) with the thread as well.

>>> import concurrent.futures, os
>>> with concurrent.futures.ProcessPoolExecutor(
...     1, initializer=start_worker, initargs=(os.getpid(),)
... ) as pool:
...     pool.submit(os.getppid).result() == os.getpid()
True
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from typing import Final

__all__ = ["ORPHANED", "POLL", "cpus", "die_with_parent", "start_worker"]

POLL: Final = 0.5
"""How often (seconds) the watching thread looks whether the parent is still there."""

ORPHANED: Final = 128 + 9
"""The exit status of a child that ended because its parent was gone (what a shell reports for
a process killed by SIGKILL, as the kernel ends it on Linux)."""

_PR_SET_PDEATHSIG: Final = 1
"""``PR_SET_PDEATHSIG`` of ``<linux/prctl.h>``."""


def cpus() -> int:
    """The number of CPUs this process may run on (how many processes officers starts at most
    to work at once)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def die_with_parent(parent: int | None = None) -> None:
    """End this process when the process ``parent`` ends (see the module's text for how).

    ``parent``: the process id of the process that started this one, recorded there *before*
    it started this one (``os.getpid()`` in the parent), so that a parent that died in between
    is noticed. Default: in a child of :mod:`multiprocessing`, the parent's id as
    multiprocessing recorded it before the start; otherwise ``os.getppid()`` now (then a parent
    that died before this call goes unnoticed). If ``parent`` is gone already, this process
    exits at once with status :data:`ORPHANED`.
    """
    if parent is None:
        parent = _started_by()
    if sys.platform == "win32":
        _watch_handle(parent)
        return
    before = os.getppid()
    if before != parent and not _exists(parent):
        os._exit(ORPHANED)  # handed to another process: the parent is gone
    guarded = _kill_with_parent()
    if os.getppid() != before:
        os._exit(ORPHANED)  # the parent died before the kernel was told
    if not guarded or before != parent:
        _start(_watch_pid, parent, before == parent)


def start_worker(parent: int) -> None:
    """What a worker of an officers process pool runs first, as the pool's ``initializer`` with
    ``initargs=(os.getpid(),)``: it dies with the pool's process (:func:`die_with_parent`),
    leaves an interrupt (Ctrl-C) to that process, and ends on SIGTERM whatever handler it
    inherited."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _started_by() -> int:
    """The id of the process that started this one: multiprocessing's record in a child of
    multiprocessing (taken in the parent before the start), else the parent's id now."""
    if "multiprocessing" in sys.modules:  # never imported here for nothing
        import multiprocessing

        recorded = multiprocessing.parent_process()
        if recorded is not None and recorded.pid is not None:
            return recorded.pid
    return os.getppid()


def _kill_with_parent() -> bool:
    """Ask Linux to kill this process with SIGKILL when its parent (the parent's thread that
    started it) ends; False off Linux, or where the C library or the kernel cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        done: int = libc.prctl(
            ctypes.c_int(_PR_SET_PDEATHSIG),
            ctypes.c_ulong(signal.SIGKILL),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
        )
    except (OSError, AttributeError):  # no C library to load, or no prctl in it
        return False
    return done == 0


def _exists(pid: int) -> bool:
    """Whether a process ``pid`` runs (POSIX). On Linux a process that has ended but is not
    reaped yet (a zombie) does not count; elsewhere it does until it is reaped. A new process
    that took a reused id would count."""
    if sys.platform.startswith("linux"):
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                state = stat.read().rpartition(b")")[2].split()[:1]
        except OSError:  # no such process, or no /proc: os.kill tells
            pass
        else:
            return state not in ([b"Z"], [b"X"])
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # there, but another user's
        return True
    return True


def _start(target: Callable[..., object], *args: object) -> None:
    """Run ``target(*args)`` in a daemon thread (one that does not keep the process alive)."""
    import threading  # only here: reading cpus() starts no thread machinery

    threading.Thread(target=target, args=args, name="officers-parent-watch", daemon=True).start()


def _watch_pid(parent: int, direct: bool) -> None:
    """Exit when the parent is gone: for a direct child, when ``os.getppid()`` is no longer
    ``parent`` (the child was handed to another process); otherwise when ``parent`` no longer
    exists."""
    while os.getppid() == parent if direct else _exists(parent):
        time.sleep(POLL)
    os._exit(ORPHANED)


def _watch_handle(parent: int) -> None:
    """Windows: open a handle on the parent process now (exit at once if it is gone), and wait
    on it in a daemon thread (Windows never hands a child to another parent, so ``getppid`` cannot
    tell)."""
    if sys.platform == "win32":
        import _winapi

        try:
            handle = _winapi.OpenProcess(_winapi.SYNCHRONIZE, False, parent)
        except OSError:
            os._exit(ORPHANED)

        def wait() -> None:
            _winapi.WaitForSingleObject(handle, _winapi.INFINITE)
            os._exit(ORPHANED)

        _start(wait)
