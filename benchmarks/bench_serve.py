"""Hint latency for frontends, in one run: the in-process call, the engine protocol (one
long-lived ``officers engine``), HTTP on loopback (``officers serve`` with 1 and 2 workers, a
keep-alive client), and one ``officers hint`` process per call.

    python -m benchmarks.bench_serve [--seconds 3] [--game officers|eightoff] [--deals 200]

With ``--game eightoff`` the request is Eight Off's hint (``eightoff/hint``: is the game still
winnable, and its next move: a whole search of the position) on the start positions of the
first ``--deals`` winnable numbered deals, one after the other round and round, so that no
answer is the last one's again.

Each loop stops by itself after its time (or its count) is up; figures go to docs/serve.md.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import httpx

from officers import GameState, hint

GAME = "AS3/1KH2/4/4 normal 1 1 ADACKSQDQCJDJC/AHKDKCQSQHJSJH - - 3"
REQUEST = {"game": GAME, "player": 1}


def eightoff_requests(deals: int) -> list[dict[str, object]]:
    """The hint requests of the first ``deals`` winnable Eight Off deals' start positions."""
    from officers.eightoff import EightOffGame
    from officers.eightoff.hints import is_winnable

    found: list[dict[str, object]] = []
    number = 0
    while len(found) < deals:
        number += 1
        game = EightOffGame.deal(number)
        if is_winnable(game):
            found.append({"game": game.notation()})
    return found


class Rotation:
    """The requests, one after the other, round and round."""

    def __init__(self, requests: list[dict[str, object]]) -> None:
        self.requests = requests
        self.next = 0

    def __call__(self) -> dict[str, object]:
        request = self.requests[self.next % len(self.requests)]
        self.next += 1
        return request


def measure(call: Callable[[], object], seconds: float, most: int = 100_000) -> list[float]:
    """Milliseconds of each call, for ``seconds`` (at most ``most`` calls)."""
    for _ in range(5):
        call()
    times: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and len(times) < most:
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    rate = 1000 / statistics.fmean(times)
    print(
        f"{name:<28} p50 {statistics.median(times):8.3f} ms  p99 {p99:8.3f} ms  {rate:9.0f} /s  (n={len(times)})"
    )


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def http(
    workers: int, seconds: float, op: str = "hint", requests: Callable[[], object] = lambda: REQUEST
) -> list[float]:
    port = _port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "officers",
            "serve",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--rate",
            "0",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=url) as client:
            deadline = time.monotonic() + 30
            while True:
                try:
                    client.get("/v1/health")
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            return measure(
                lambda: client.post(f"/v1/{op}", json=requests()).raise_for_status(), seconds
            )
    finally:
        server.terminate()
        server.wait(timeout=30)


def engine(
    seconds: float, op: str = "hint", requests: Callable[[], dict[str, object]] = lambda: REQUEST
) -> list[float]:
    process = subprocess.Popen(
        [sys.executable, "-m", "officers", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert process.stdin is not None and process.stdout is not None

    def call() -> None:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps({"op": op, **requests()}) + "\n")
        process.stdin.flush()
        process.stdout.readline()

    try:
        return measure(call, seconds)
    finally:
        process.stdin.close()
        process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per loop")
    parser.add_argument("--game", choices=("officers", "eightoff"), default="officers")
    parser.add_argument("--deals", type=int, default=200, help="Eight Off deals to rotate")
    args = parser.parse_args()
    if args.game == "eightoff":
        eightoff(args.seconds, args.deals)
        return
    state = GameState.parse(GAME)
    report("in process (to_dict)", measure(lambda: hint(state.view(0)).to_dict(), args.seconds))
    report("engine protocol", engine(args.seconds))
    report("HTTP, 1 worker", http(1, args.seconds))
    report("HTTP, 2 workers", http(2, args.seconds))
    cli = [sys.executable, "-m", "officers", "hint", GAME, "--player", "1", "--json"]
    report(
        "CLI, one process a call",
        measure(
            lambda: subprocess.run(cli, check=True, capture_output=True), args.seconds, most=15
        ),
    )


def eightoff(seconds: float, deals: int) -> None:
    from officers.contract import handle

    requests = eightoff_requests(deals)
    print(f"Eight Off hints on the start positions of {len(requests)} winnable deals")
    rotation = Rotation(requests)
    report(
        "in process (handle)",
        measure(lambda: handle({"op": "eightoff/hint", **rotation()}), seconds),
    )
    report("engine protocol", engine(seconds, "eightoff/hint", Rotation(requests)))
    report("HTTP, 1 worker", http(1, seconds, "eightoff/hint", Rotation(requests)))
    report("HTTP, 2 workers", http(2, seconds, "eightoff/hint", Rotation(requests)))


if __name__ == "__main__":
    main()
