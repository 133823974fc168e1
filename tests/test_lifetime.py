"""No process that officers starts outlives the process that started it (:mod:`officers.core.lifetime`).

Each test starts a parent in a session of its own, finds the parent's children through /proc,
ends the parent (SIGKILL, as a timeout or the out-of-memory killer does; or SIGTERM) and waits,
with a deadline, until the children are gone. A child that has ended but is not reaped yet (a
zombie: PID 1 may never reap it) counts as gone. Linux only: the tests read /proc.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

import pytest

from officers.core.lifetime import ORPHANED, POLL
from officers.euler.simulate import TERMINATED, cpus

linux = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not Path("/proc/self/stat").exists(),
    reason="reads /proc and relies on PR_SET_PDEATHSIG (Linux)",
)
pytestmark = linux

Process = tuple[int, int]
"""A process: its id and its start time (so that a reused id is not taken for it)."""


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state first), or None."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def _alive(process: Process) -> bool:
    """Whether the process still runs (a zombie does not)."""
    fields = _stat(process[0])
    return fields is not None and int(fields[19]) == process[1] and fields[0] not in {"Z", "X"}


def _descendants(root: int) -> list[Process]:
    """The running processes below ``root`` (children, their children, ...)."""
    parents: dict[int, list[Process]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) and fields[0] != "Z":
            parents.setdefault(int(fields[1]), []).append((int(entry.name), int(fields[19])))
    found: list[Process] = []
    todo = [root]
    while todo:
        below = parents.get(todo.pop(), [])
        found += below
        todo += [pid for pid, _ in below]
    return found


def _busy(process: Process) -> bool:
    """Whether the process has used the CPU (a working pool worker, not an idle helper)."""
    fields = _stat(process[0])
    return fields is not None and int(fields[11]) + int(fields[12]) > 0


def _wait_for(condition: Callable[[], object], seconds: float, what: str) -> float:
    """Wait until ``condition()`` holds; fail after ``seconds``; return the seconds waited."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < seconds, f"{what} within {seconds} s"
        time.sleep(0.01)
    return time.monotonic() - start


def _gone(processes: list[Process]) -> Callable[[], bool]:
    return lambda: not any(_alive(process) for process in processes)


@contextlib.contextmanager
def _session(
    argv: list[str], stdout: int | IO[bytes] | None = None, stderr: int | IO[bytes] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """``argv`` started in a new session; on the way out everything left in its process group
    is killed (what a test leaves behind, never what the test is about)."""
    process = subprocess.Popen(argv, start_new_session=True, stdout=stdout, stderr=stderr)
    try:
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


# --- die_with_parent, in a child of a plain Python parent ----------------------------------------

PARENT = """
import ctypes, multiprocessing, os, sys, threading, time
import officers.core.lifetime as lifetime

def pdeathsig():  # prctl(PR_GET_PDEATHSIG): the signal the kernel sends when the parent dies
    found = ctypes.c_int(-1)
    ctypes.CDLL(None).prctl(2, ctypes.byref(found), 0, 0, 0)
    return found.value

def child(parent, mode):
    if mode == "late":  # the parent dies before the child asks to die with it
        while os.getppid() == parent:
            time.sleep(0.01)
    if mode == "watch":  # the thread that macOS and Windows use, not the kernel
        lifetime._kill_with_parent = lambda: False
    lifetime.die_with_parent(None if mode == "multiprocessing" else parent)
    said = b"survived" if mode == "late" else b"ready"
    os.write(1, b"%s %d %d\\n" % (said, pdeathsig(), threading.active_count()))
    time.sleep(60)

if __name__ == "__main__":
    mode = sys.argv[1]
    parent = os.getpid()  # recorded before the fork
    if mode == "search":  # officers.contract.bounded, called from a process with threads
        from officers.contract.bounded import bounded
        search = (exec, (sys.argv[2], {}), 120.0)  # exec: the child imports nothing of this
        threading.Thread(target=bounded, args=search, daemon=True).start()
        time.sleep(60)
    if mode == "multiprocessing":  # as officers.contract.bounded does in a process of one thread
        process = multiprocessing.get_context("fork").Process(
            target=child, args=(parent, mode), daemon=True)
        process.start()
        pid = process.pid
    else:
        pid = os.fork()
        if pid == 0:
            child(parent, mode)
            os._exit(0)
    os.write(1, b"%d\\n" % pid)
    time.sleep(60)
"""


SEARCH = """
import ctypes, os, threading, time
found = ctypes.c_int(-1)
ctypes.CDLL(None).prctl(2, ctypes.byref(found), 0, 0, 0)
os.write(1, b"%d\\n" % os.getpid())
os.write(1, b"ready %d %d\\n" % (found.value, threading.active_count()))
time.sleep(60)
"""
"""What the search child of the ``search`` mode runs: it says its id, its death signal and its
threads, then waits."""


def _read_lines(fd: int, count: int, seconds: float) -> list[bytes]:
    """``count`` lines from the pipe ``fd``, within ``seconds``."""
    data = b""
    deadline = time.monotonic() + seconds
    while data.count(b"\n") < count:
        left = deadline - time.monotonic()
        assert left > 0 and select.select([fd], [], [], left)[0], f"{count} lines: {data!r}"
        chunk = os.read(fd, 4096)
        assert chunk, f"the pipe closed after {data!r}"
        data += chunk
    return data.splitlines()


def _read_to_end(fd: int, seconds: float) -> bytes:
    data = b""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0 and select.select([fd], [], [], left)[0]:
        chunk = os.read(fd, 4096)
        if not chunk:
            return data
        data += chunk
    raise AssertionError(f"the pipe is still open after {seconds} s: {data!r}")


@pytest.mark.parametrize(
    ("mode", "signal_and_threads"),
    [
        ("fork", b"ready 9 1"),  # the kernel kills it: no thread needed
        ("multiprocessing", b"ready 9 1"),
        ("watch", b"ready 0 2"),  # without the kernel's help: the watching thread
        # a search of officers.contract.bounded: a child of the search server, which ends with
        # the parent (the kernel's signal), watched by its thread as well
        ("search", b"ready 9 2"),
    ],
)
def test_a_child_dies_with_its_killed_parent(mode: str, signal_and_threads: bytes) -> None:
    argv = [sys.executable, "-c", PARENT, mode, SEARCH]
    with _session(argv, stdout=subprocess.PIPE) as parent:
        assert parent.stdout is not None
        lines = _read_lines(parent.stdout.fileno(), 2, 30)
        assert signal_and_threads in lines
        child = next(p for p in _descendants(parent.pid) if str(p[0]).encode() in lines)
        parent.kill()
        _wait_for(_gone([child]), 1 + 4 * POLL, f"{mode}: the child ended")


def test_a_child_whose_parent_is_already_gone_exits_at_once() -> None:
    with _session([sys.executable, "-c", PARENT, "late"], stdout=subprocess.PIPE) as parent:
        assert parent.stdout is not None
        (line,) = _read_lines(parent.stdout.fileno(), 1, 30)
        child = next(p for p in _descendants(parent.pid) if p[0] == int(line))
        parent.kill()
        _wait_for(_gone([child]), 2, "the orphaned child ended")
        assert _read_to_end(parent.stdout.fileno(), 5) == b""  # it never said "survived"


def test_a_child_exits_with_orphaned_when_its_parent_is_gone() -> None:
    finished = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, check=True
    )
    code = f"from officers.core.lifetime import die_with_parent; die_with_parent({int(finished.stdout)})"
    child = subprocess.run(
        [sys.executable, "-c", code + "; print('survived')"],
        capture_output=True,
        check=False,
        timeout=30,
    )
    assert (child.returncode, child.stdout, child.stderr) == (ORPHANED, b"", b"")


# --- officers simulate ---------------------------------------------------------------------------

two_cpus = pytest.mark.skipif(cpus() < 2, reason="--jobs 2 needs two CPUs (one plays in-process)")
SIMULATE = [
    sys.executable,
    "-m",
    "officers",
    "simulate",
    "--deals",
    "1000000000",
    "--jobs",
    "2",
    "--no-progress",
]


def _workers(parent: subprocess.Popen[bytes]) -> list[Process]:
    """The processes below ``parent`` once two of them play games."""
    _wait_for(lambda: sum(map(_busy, _descendants(parent.pid))) >= 2, 30, "two working workers")
    return _descendants(parent.pid)


@two_cpus
def test_simulate_workers_die_with_a_killed_parent() -> None:
    for attempt in range(3):  # the workers used to stay 2 times in 4
        with _session(SIMULATE, stdout=subprocess.DEVNULL) as parent:
            workers = _workers(parent)
            parent.kill()
            parent.wait()
            _wait_for(_gone(workers), 3, f"attempt {attempt}: the workers ended")


@two_cpus
def test_simulate_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    errors = tmp_path / "stderr"
    with (
        errors.open("wb") as stderr,
        _session(SIMULATE, stdout=subprocess.PIPE, stderr=stderr) as parent,
    ):
        workers = _workers(parent)
        parent.terminate()
        out, _ = parent.communicate(timeout=20)
        assert parent.returncode == TERMINATED == 143
        assert not out
        _wait_for(_gone(workers), 1, "the workers ended")
    assert "Traceback" not in errors.read_text()
