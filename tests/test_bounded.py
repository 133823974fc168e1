"""Searches under a wall-clock limit (officers.contract.bounded): the answer, an exception raised
again, the time limit and the cancel kept, whichever way the child starts; a process with
threads never forks (its children come from the search server), a process with one thread
forks its own, so a plain script needs no main guard; a threaded script without one is told
why its search cannot start."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from officers.contract.bounded import CancelledError, bounded, start, threads
from officers.core.errors import SolverTimeoutError

ROOT = Path(__file__).resolve().parent.parent


def _script(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "script.py"
    script.write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def test_a_process_with_threads_keeps_the_limit_and_the_cancel_and_never_forks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stop = threading.Event()
    beside = threading.Thread(target=stop.wait, daemon=True)  # a worker, as in the service
    beside.start()
    start()  # the search server, as the doors start it at boot

    def fork() -> int:
        raise AssertionError("a process with threads forked")

    monkeypatch.setattr(os, "fork", fork)
    try:
        assert threads() > 1
        assert bounded(sum, ([1, 2, 3],), 30.0) == 6
        with pytest.raises(ValueError, match="invalid literal"):
            bounded(int, ("six",), 30.0)  # raised in the child, raised again here
        with pytest.raises(SolverTimeoutError, match=r"no answer within 0\.3 s"):
            bounded(time.sleep, (30,), 0.3)  # the child would answer None after 30 s
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        with pytest.raises(CancelledError):
            bounded(time.sleep, (30,), 60.0, cancel)
    finally:
        stop.set()
        beside.join()


def test_a_script_with_one_thread_forks_its_search_and_needs_no_main_guard(
    tmp_path: Path,
) -> None:
    done = _script(
        tmp_path,
        "import os\n"
        "from officers.contract import handle\n"
        "from officers.contract.bounded import threads\n"
        "forks = []\n"
        "fork = os.fork\n"
        "os.fork = lambda: forks.append(1) or fork()\n"
        "print(threads(), handle({'op': 'count', 'square': '5/5/5/5/5'})['completions'], "
        "len(forks))\n",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "6220800", "1"]  # one thread: forked at once


def test_a_threaded_script_searching_without_a_main_guard_is_told_why(tmp_path: Path) -> None:
    done = _script(
        tmp_path,
        "import threading\n"
        "threading.Thread(target=threading.Event().wait, daemon=True).start()\n"
        "from officers.contract import handle\n"
        "print(handle({'op': 'count', 'square': '5/5/5/5/5'})['message'])\n",
    )
    assert done.returncode == 0, done.stderr
    assert "if __name__ == '__main__'" in done.stdout
    guarded = _script(
        tmp_path,
        "import threading\n"
        "from officers.contract import handle\n"
        "if __name__ == '__main__':\n"
        "    threading.Thread(target=threading.Event().wait, daemon=True).start()\n"
        "    print(handle({'op': 'count', 'square': '5/5/5/5/5'})['completions'])\n",
    )
    assert guarded.returncode == 0, guarded.stderr
    assert guarded.stdout.split() == ["6220800"]
