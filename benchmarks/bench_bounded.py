"""What one search under a wall-clock limit costs beyond the search (issue #39): a call of
:func:`officers.contract.bounded.bounded` in a process with other threads running, as in the
engine and the service.

    python -m benchmarks.bench_bounded [--rounds 20] [--against DIR] [--http]

The cases, each ``--rounds`` times, interleaved (:mod:`benchmarks.harness`):

- ``sum``: ``bounded(sum, ([1, 2, 3],), 5.0)``, the cost of the way there and back alone;
- ``count 5``: ``count`` of the empty square of order 5 (6,220,800 completions, a few
  milliseconds of the compiled search) through the contract (:func:`officers.contract.handle`),
  as the engine and the service answer it;
- ``complete 5``: ``complete`` of a square of order 5 with four officers placed;
- ``timeout``: ``bounded(time.sleep, (10,), 0.1)``, the time until the answer
  (:class:`~officers.SolverTimeoutError`) past a 0.1 s limit.

The first call of a process is timed apart (``first``): in a process with threads it starts the
search server. Each checkout runs in processes of its own, with four idle threads beside the
calls (a service's thread pool: ``threads`` 5, where the searches come from the search server
since 0.4) and with none (``threads`` 1: a script, which forks its searches itself); ``--against DIR`` measures
another checkout's ``officers`` (an earlier commit, its compiled modules built in place) in
the same run, a fresh process of each in turn every :data:`PASS` rounds (``first``: the median
of their first calls).

``--http`` measures through the service instead: a real ``officers serve`` of each checkout on
a free port of 127.0.0.1 (its start-up done), ``count 5`` and ``complete 5`` posted to each in
turn, the checkouts' order alternating round by round; with ``--against``, the ratio of each
round's two times (this checkout's over the other's), paired.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, Final

ROOT = Path(__file__).resolve().parent.parent

CASES = ("sum", "count 5", "complete 5", "timeout")

PASS = 5
"""The rounds one process measures before the other checkout's takes its turn."""


def _case(name: str) -> None:
    from officers.contract import Limits, handle
    from officers.contract.bounded import bounded
    from officers.core.errors import SolverTimeoutError

    limits = Limits(time_limit=20.0, max_order=6)
    if name == "sum":
        assert bounded(sum, ([1, 2, 3],), 5.0) == 6
    elif name == "count 5":
        answer = handle({"op": "count", "square": "5/5/5/5/5"}, limits)
        assert answer["completions"] == 6220800, answer
    elif name == "complete 5":
        answer = handle({"op": "complete", "square": "AaBbCcDd1/5/5/5/5"}, limits)
        assert answer["completion"] is not None, answer
    else:
        try:
            bounded(time.sleep, (10,), 0.1)
        except SolverTimeoutError:
            return
        raise AssertionError("no timeout")


def child(rounds: int, beside: int) -> None:
    """Measure in this process (the checkout on ``sys.path``), with ``beside`` idle threads,
    and print the samples as JSON."""
    stop = threading.Event()
    for _ in range(beside):  # a service's idle thread pool
        threading.Thread(target=stop.wait, daemon=True).start()
    start = time.perf_counter()
    _case("sum")
    first = time.perf_counter() - start
    samples: dict[str, list[float]] = {name: [] for name in CASES}
    for round_ in range(rounds):
        for name in CASES[round_ % len(CASES) :] + CASES[: round_ % len(CASES)]:
            start = time.perf_counter()
            _case(name)
            samples[name].append(time.perf_counter() - start)
    stop.set()
    print(json.dumps({"first": first, **samples}))


def _run(checkout: Path, rounds: int, beside: int) -> dict[str, Any]:
    code = (
        "import sys; from benchmarks.bench_bounded import child; "
        "child(int(sys.argv[1]), int(sys.argv[2]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(rounds), str(beside)],
        env={**os.environ, "PYTHONPATH": f"{checkout}{os.pathsep}{ROOT}"},
        cwd="/",
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: dict[str, Any] = json.loads(out.splitlines()[-1])
    return found


HTTP_CASES: Final = {
    "count 5": ("count", {"square": "5/5/5/5/5"}),
    "complete 5": ("complete", {"square": "AaBbCcDd1/5/5/5/5"}),
}


def _served(checkout: Path, folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A real ``officers serve`` of ``checkout`` on a free port, once it answers."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "officers", "serve", "--port", str(port), "--rate", "0",
         "--rooms-db", str(folder / f"rooms-{port}.db")],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(checkout)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/v1/health", timeout=2):
                return process, url
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _post(url: str, op: str, body: dict[str, Any]) -> None:
    request = urllib.request.Request(
        f"{url}/v1/{op}", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        assert json.loads(response.read())["kind"] != "error"


def http(checkouts: list[Path], rounds: int) -> None:
    """The cases through each checkout's service, interleaved; the table, and the ratios."""
    from benchmarks.harness import format_ratio, format_seconds, load_average, ratio, spread

    load = load_average()
    with tempfile.TemporaryDirectory(prefix="officers-bench-") as folder:
        servers = [_served(checkout, Path(folder)) for checkout in checkouts]
        try:
            time.sleep(2)  # the start-up's warm-up (the search server, the aids) is done
            samples: dict[str, list[float]] = {}
            for round_ in range(rounds):
                order = range(len(checkouts)) if round_ % 2 else reversed(range(len(checkouts)))
                for index in order:
                    for name, (op, body) in HTTP_CASES.items():
                        began = time.perf_counter()
                        _post(servers[index][1], op, body)
                        key = f"{name} #{index}"
                        samples.setdefault(key, []).append(time.perf_counter() - began)
        finally:
            for process, _ in servers:
                process.terminate()
                process.wait()
    print(f"through HTTP; {load}; {rounds} rounds; median [q1–q3], max\n")
    print("| case | " + " | ".join(str(checkout) for checkout in checkouts) + " | paired |")
    print("|---|" + "---:|" * (len(checkouts) + 1))
    for name in HTTP_CASES:
        cells = []
        for index in range(len(checkouts)):
            figure = spread(samples[f"{name} #{index}"])
            cells.append(
                f"{format_seconds(figure.median)} [{format_seconds(figure.q1)}–"
                f"{format_seconds(figure.q3)}], {format_seconds(figure.high)}"
            )
        paired = ""
        if len(checkouts) > 1:
            figure = ratio(samples, f"{name} #0", f"{name} #1")
            paired = (
                f"{format_ratio(figure.median)} [{format_ratio(figure.q1)}–"
                f"{format_ratio(figure.q3)}]"
            )
        print(f"| {name} | " + " | ".join(cells) + f" | {paired} |")


def main(argv: list[str] | None = None) -> None:
    from benchmarks.harness import format_seconds, load_average, spread

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--against", type=Path, help="another checkout to measure beside this")
    parser.add_argument("--http", action="store_true", help="through a real officers serve")
    args = parser.parse_args(argv)
    checkouts = [ROOT] + ([args.against.resolve()] if args.against else [])
    if args.http:
        http(checkouts, args.rounds)
        return
    load = load_average()
    results: dict[tuple[Path, int], dict[str, Any]] = {}
    for start in range(0, args.rounds, PASS):  # the checkouts in turn, PASS rounds at a time
        for checkout in checkouts:
            for beside in (4, 0):
                found = _run(checkout, min(PASS, args.rounds - start), beside)
                kept = results.setdefault(
                    (checkout, beside), {"first": [], **{name: [] for name in CASES}}
                )
                for name, figures in found.items():
                    kept[name] += figures if isinstance(figures, list) else [figures]
    print(f"{load}; {args.rounds} rounds; median [q1–q3], max\n")
    print("| checkout | threads | first | " + " | ".join(CASES) + " |")
    print("|---|---:|---:|" + "---:|" * len(CASES))
    for (checkout, beside), found in results.items():
        cells = [format_seconds(spread(found["first"]).median)]
        for name in CASES:
            figure = spread(found[name])
            cells.append(
                f"{format_seconds(figure.median)} [{format_seconds(figure.q1)}–"
                f"{format_seconds(figure.q3)}], {format_seconds(figure.high)}"
            )
        print(f"| {checkout} | {1 + beside} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
