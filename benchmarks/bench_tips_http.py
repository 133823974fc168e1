"""Offiziersskat's tips over HTTP, as the page asks for them (issue #38): a real ``officers
serve`` at its defaults (the 2 s limit, the rate limit) on a free port of 127.0.0.1, and
``--tips`` tips (``POST /v1/skat/tip``) on fresh deals at random points of play, one after the
other, from one keep-alive client.

    python -m benchmarks.bench_tips_http [--tips 200] [--busy 2] [--seed 1] [--first 3]
        [--checkout DIR] [--aid tip|value|eightoff-hint]

- **the tips**: each a fresh numbered deal (at random) played at random to a random point: the
  game choice (no move yet) or a card after 1 to 30 moves, sent as the public view alone;
  printed: the errors (any answer but 200, with their codes), p50, p90, p99 and the most
  milliseconds as the client saw them, the share exact / estimate, the estimates' samples
  (median, and how many had none), the choice's tips apart;
- ``--busy N``: N processes that only burn CPU (``python -c 'while True: pass'``) run beside the
  server all along, as other work on a shared machine does;
- ``--first R``: R fresh servers, each asked the same tip (a card early in deal 1, an estimate
  with every sample done) once as its first request and then 5 times more: the first tip's
  milliseconds beside the median of the later ones, paired by server (the cost of what a fresh
  service has not warmed yet).

``--checkout DIR`` serves another checkout's officers (an earlier commit, to compare; its
compiled modules built in place). ``--aid`` asks another aid the same way: ``value``
(``skat/value`` of the same views) or ``eightoff-hint`` (``eightoff/hint``, "still winnable?",
of fresh Eight Off deals played at random for 0 to 30 moves); the table's *exact* and
*estimate* are then the answers' ``method`` or ``status``. The client paces itself at 15
requests a second at most (the default rate limit is 20), so no answer is ``rate-limited``. The aim (issue #38): with two busy processes on 2 cores, 0 errors,
p50 <= 150 ms, p99 within the limit.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from benchmarks.harness import load_average

LOG_LINE = re.compile(r"officers\.serve POST /v1/(\S+) (\d{3}) ([\d.]+)ms$")
"""A request in the server's log (officers.serve.app.LogRequests): op, status, milliseconds."""

AIDS = {"tip": "skat/tip", "value": "skat/value", "eightoff-hint": "eightoff/hint"}
"""The aids ``--aid`` may ask, by their ops."""

PACE = 1 / 15
"""The least seconds between two requests' starts (under the default rate limit)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def server_times(folder: Path, op: str = "skat/tip") -> list[float]:
    """The ``op``'s milliseconds as the servers' logs time them (arrival to answer sent)."""
    found = []
    for log in folder.glob("serve-*.log"):
        for line in log.read_text("utf-8", "replace").splitlines():
            match = LOG_LINE.search(line)
            if match and match[1] == op:
                found.append(float(match[3]))
    return found


@contextlib.contextmanager
def serving(folder: Path, options: list[str], checkout: Path | None = None) -> Iterator[str]:
    """A fresh ``officers serve`` (its defaults, ``options`` beside them), ready: its URL;
    ``checkout``: that directory's officers instead of the installed one."""
    port = free_port()
    command = [sys.executable, "-m", "officers", "serve", "--port", str(port)]
    command += ["--rooms-db", str(folder / f"rooms-{port}.db"), *options]
    environment = dict(os.environ)
    if checkout is not None:  # ``-m`` puts the working directory first
        environment["PYTHONPATH"] = str(checkout)
    with (folder / f"serve-{port}.log").open("wb") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, cwd=checkout, env=environment
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/v1/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def busy(count: int) -> Iterator[None]:
    """``count`` processes burning CPU while the block runs."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


def boards(count: int, seed: int) -> list[tuple[int, dict[str, Any]]]:
    """``count`` Eight Off games of fresh deals played at random: (moves made, request)."""
    from officers.eightoff import EightOffGame

    rng = random.Random(seed)
    found = []
    for _ in range(count):
        game = EightOffGame.deal(rng.randrange(1, 2**31))
        moves = 0
        for _ in range(rng.randrange(0, 31)):
            legal = game.legal_moves()
            if not legal:
                break
            game.push(rng.choice(legal))
            moves += 1
        found.append((moves, {"game": game.notation()}))
    return found


def views(count: int, seed: int) -> list[tuple[int, str]]:
    """``count`` public views of fresh deals at random points of play: (moves made, notation)."""
    from officers.skat import SkatGame
    from officers.skat.public import Public

    rng = random.Random(seed)
    found = []
    for _ in range(count):
        game = SkatGame.deal(rng.randrange(1, 2**63))
        moves = rng.randrange(0, 31)
        for _ in range(moves):
            game.push(rng.choice(game.legal_moves()))
        found.append((moves, Public.of(game).notation()))
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def ask(
    client: httpx.Client, url: str, public: str | dict[str, Any], op: str = "skat/tip"
) -> tuple[float, int, dict[str, Any]]:
    body = {"public": public} if isinstance(public, str) else public
    start = time.perf_counter()
    response = client.post(f"{url}/v1/{op}", json=body)
    took = (time.perf_counter() - start) * 1000
    return took, response.status_code, response.json()


def run_tips(
    url: str, tips: list[tuple[int, str]] | list[tuple[int, dict[str, Any]]], op: str = "skat/tip"
) -> list[tuple[int, float, int, dict[str, Any]]]:
    found = []
    with httpx.Client(timeout=30) as client:
        last = 0.0
        for moves, public in tips:
            time.sleep(max(0.0, last + PACE - time.perf_counter()))
            last = time.perf_counter()
            took, status, document = ask(client, url, public, op)
            found.append((moves, took, status, document))
    return found


def report(found: list[tuple[int, float, int, dict[str, Any]]], logged: list[float]) -> None:
    times = [took for _, took, _, _ in found]
    errors = [(status, doc.get("code")) for _, _, status, doc in found if status != 200]
    answered = [doc for _, _, status, doc in found if status == 200]
    exact = sum(_method(doc) in ("exact", "winnable", "lost", "won") for doc in answered)
    estimates = [
        doc.get("samples", 0) for doc in answered if _method(doc) in ("estimate", "unknown")
    ]
    choice = [took for moves, took, _, _ in found if moves == 0]
    print(
        "| tips | errors | p50 | p90 | p99 | max | exact | estimate | samples (median) | 0 samples |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {len(found)} | {len(errors)} | {statistics.median(times):.0f} ms "
        f"| {percentile(times, 0.9):.0f} ms | {percentile(times, 0.99):.0f} ms "
        f"| {max(times):.0f} ms | {exact} | {len(estimates)} "
        f"| {statistics.median(estimates) if estimates else '-'} "
        f"| {sum(1 for s in estimates if s == 0)} |"
    )
    if logged:
        print(
            f"\nthe server's log: p50 {statistics.median(logged):.0f} ms, "
            f"p99 {percentile(logged, 0.99):.0f} ms, max {max(logged):.0f} ms ({len(logged)} tips)"
        )
    slowest = sorted(found, key=lambda row: -row[1])[:5]
    print(
        "\nslowest: "
        + "; ".join(
            f"{took:.0f} ms (after {moves} moves, {_method(doc)}, {doc.get('samples')} samples)"
            for moves, took, _, doc in slowest
        )
    )
    if errors:
        print(f"\nerrors: {errors}")
    if choice:
        print(
            f"\nthe game choice ({len(choice)} tips): median {statistics.median(choice):.0f} ms, "
            f"max {max(choice):.0f} ms"
        )


def _method(document: dict[str, Any]) -> Any:
    """An answer's ``method`` (a tip, a value) or ``status`` (Eight Off's hint)."""
    return document.get("method", document.get("status"))


def first_tips(folder: Path, rounds: int, checkout: Path | None = None) -> None:
    from officers.skat import SkatGame
    from officers.skat.public import Public

    game = SkatGame.deal(1)
    for move in ("G", *[None] * 6):
        game.push(move if move is not None else game.legal_moves()[0])
    public = Public.of(game).notation()
    print("\n| server | first tip | later tips (median of 5) | first / later |")
    print("|---|---|---|---|")
    for round_ in range(rounds):
        with serving(folder, [], checkout) as url, httpx.Client(timeout=30) as client:
            first, _, document = ask(client, url, public)
            later = []
            for _ in range(5):
                time.sleep(PACE)
                later.append(ask(client, url, public)[0])
            median = statistics.median(later)
            print(
                f"| {round_ + 1} | {first:.0f} ms ({document.get('samples')} samples) "
                f"| {median:.0f} ms | {first / median:.2f}× |"
            )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tips", type=int, default=200)
    parser.add_argument("--busy", type=int, default=0, help="CPU-burning processes beside it")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="fresh servers for the first tip")
    parser.add_argument("--aid", choices=sorted(AIDS), default="tip", help="the aid asked")
    parser.add_argument(
        "--checkout", type=Path, default=None, help="serve this checkout's officers (to compare)"
    )
    args = parser.parse_args(argv)
    served = f"officers serve from {args.checkout}" if args.checkout else "officers serve"
    print(
        f"{served} (defaults), {AIDS[args.aid]}, {args.busy} busy processes beside it; {load_average()}\n"
    )
    with tempfile.TemporaryDirectory(prefix="officers-tips-") as name, busy(args.busy):
        folder = Path(name)
        if args.tips:
            op = AIDS[args.aid]
            asked = boards(args.tips, args.seed) if args.aid == "eightoff-hint" else None
            tips = views(args.tips, args.seed)
            with serving(folder, [], args.checkout) as url:
                found = run_tips(url, asked or tips, op)
            report(found, server_times(folder, op))
        if args.first:
            first_tips(folder, args.first, args.checkout)
    print(f"\n{load_average()}; pid {os.getpid()}")


if __name__ == "__main__":
    main()
