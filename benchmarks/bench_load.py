"""The service under load (issue #26, "Under load: admission control"): many clients asking for
searches that run into the time limit, while a few ask for cheap answers.

    python -m benchmarks.bench_load [--clients 48] [--time-limit 2] [--duration 20]
        [--peer /tmp/officers-0.2.0] [--only ours|peer] [--rounds 1] [--jitter 0]
        [--server-option=--max-searches=1 ...]

It starts a real ``officers serve`` on a free port of 127.0.0.1 and runs, at once:

- ``--clients`` slow clients, each on its own connection, in a loop: a search that takes longer
  than the limit or close to it (``/v1/count`` of order-7 squares, the server run with
  ``--max-order 7``); refused with ``Retry-After`` (503 ``busy``, 429) a client sleeps that
  long (plus a random part of ``--jitter`` seconds) and asks again, otherwise it asks again at
  once; the clients are made and connected before the clock starts;
- ``--cheap`` cheap clients in a process of their own (so that the slow clients' loop does not
  delay their clocks), each one request every ``--interval`` seconds, in turn ``GET
  /v1/health`` and ``POST /v1/hint`` (order 4).

Every client sends its own ``X-Forwarded-For`` (believed from 127.0.0.1, which the server is
told is its proxy: ``FORWARDED_ALLOW_IPS``), so the service's rate limit sees many clients, as
it would in public, rather than one address. The loops start nothing new after ``--duration``
seconds and wait at most ``--client-timeout`` seconds for the answers still on the way.

With ``--peer DIR`` the same load runs against another checkout (the previous release:
``git worktree add /tmp/officers-0.2.0 090c34b``, and ``python tools/build_extension.py`` in
it so that it has its compiled search like the release's wheel) in the same run, its server
started with DIR first on ``PYTHONPATH``; before 0.3 an order-6 completion was what searched
(``--peer-op complete --peer-square Aa5/6/6/6/6/6``), and there was no ``--max-order``. With
``--rounds`` above 1 the two alternate, the order turned each round (benchmarks/README.md).

It prints, per run, the latencies (p50, p99, max) of the cheap requests and of each outcome of
the slow ones (served, out of time, refused busy, rate-limited, connection dropped, other) as
the clients saw them, and the same requests as the server's log times them (from the
application's start on a request to its answer: what is left is uvicorn, the kernel and the
clients); the CPU the server's own process spent (its search children apart) and the slow
clients' process, and how late that process's event loop woke a sleeping task (a stalled
client makes its answers look late); and whether the aims are met: cheap p99 at most 20 ms,
and no slow request answered later than its limit + 0.5 s. The machine is shared: the load
average is printed before and after each run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

import httpx

from benchmarks.harness import load_average

ROOT = Path(__file__).resolve().parent.parent

HINT = {"game": "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1", "player": 1}
"""A cheap request: a hint at order 4 (the completion index answers it)."""

SQUARES: tuple[str, ...] = (
    "AaBbCcDdEeFfGg/BcDeAf4/7/7/7/7/7",  # counted in about 1.2 s on an idle core
    "AaBbCcDdEeFfGg/BcDe5/7/7/7/7/7",  # about 22 s
    "Aa6/7/7/7/7/7/7",  # over 30 s
)
"""The slow requests' squares (order 7), taken in turn: one answered near the limit of 2 s,
two far beyond it."""

PEER_SQUARES: tuple[str, ...] = ("Aa5/6/6/6/6/6",)
"""The previous release's slow request: an order-6 completion (searched for over 10 s)."""

MARGIN = 0.5
"""Seconds a slow answer may come after its limit."""

CHEAP_AIM = 0.020
"""Seconds: the aim for the cheap requests' p99."""


@dataclass(frozen=True)
class Server:
    """What to run: a checkout (its directory goes first on ``PYTHONPATH``), the server's
    options, and the slow requests to send it."""

    name: str
    checkout: Path
    options: tuple[str, ...]
    op: str
    squares: tuple[str, ...]


@dataclass
class Run:
    """What one run saw: the cheap requests ``(path, status, seconds)``; the slow ones by
    outcome, their seconds; the server process's CPU seconds and the wall seconds."""

    server: Server
    load_before: str
    load_after: str = ""
    cheap: list[tuple[str, int, float]] = field(default_factory=list)
    slow: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cpu: float | None = None
    wall: float = 0.0
    version: str = ""
    logged: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    client_cpu: float = 0.0
    client_lag: list[float] = field(default_factory=list)


def quantile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of ``values`` (not empty).

    >>> quantile([3.0, 1.0, 2.0], 0.5), quantile([float(i) for i in range(100)], 0.99)
    (2.0, 99.0)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _cpu_seconds(pid: int) -> float | None:
    """User + system seconds the process ``pid`` spent itself (not its children); Linux only."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _address(group: int, index: int) -> str:
    return f"10.{group}.{index // 256}.{index % 256}"


def _outcome(response: httpx.Response) -> str:
    """The outcome of a slow request: ``served``, ``timeout``, ``busy``, ``rate-limited``, or
    ``HTTP status code``."""
    if response.status_code == 200:
        return "served"
    try:
        code = response.json().get("code", "")
    except ValueError:
        code = ""
    if (response.status_code, code) in ((503, "timeout"), (503, "busy"), (429, "rate-limited")):
        return str(code)
    return f"HTTP {response.status_code} {code}".strip()


async def _slow_client(
    index: int,
    client: httpx.AsyncClient,
    server: Server,
    end: float,
    slow: dict[str, list[float]],
    jitter: float,
    most: int = 100_000,
) -> None:
    spread = random.Random(index)
    for turn in range(most):
        if time.monotonic() >= end:
            return
        square = server.squares[(index + turn) % len(server.squares)]
        start = time.perf_counter()
        try:
            response = await client.post(f"/v1/{server.op}", json={"square": square})
        except httpx.TimeoutException:
            slow["no answer (client timeout)"].append(time.perf_counter() - start)
            continue
        except httpx.HTTPError as error:
            slow[f"dropped ({type(error).__name__})"].append(time.perf_counter() - start)
            await asyncio.sleep(min(1.0, max(0.0, end - time.monotonic())))
            continue
        slow[_outcome(response)].append(time.perf_counter() - start)
        retry = response.headers.get("retry-after")
        if retry is not None and retry.isdigit():
            pause = float(retry) + spread.uniform(0.0, jitter)
            await asyncio.sleep(min(pause, max(0.0, end - time.monotonic())))


async def _slow_clients(
    url: str,
    pid: int,
    server: Server,
    start: float,
    end: float,
    args: argparse.Namespace,
    result: Run,
) -> None:
    """The slow clients: each its own client and connection, made and opened before ``start``
    (making an httpx client takes milliseconds of CPU: 48 of them would stall the loop), then
    their loops until ``end`` and the answers still on the way; the wall time, and the CPU
    this process and the server's (``pid``) spent meanwhile go into ``result``."""
    async with contextlib.AsyncExitStack() as stack:
        clients = [
            await stack.enter_async_context(
                httpx.AsyncClient(
                    base_url=url,
                    timeout=args.client_timeout,
                    headers={"X-Forwarded-For": _address(0, index)},
                )
            )
            for index in range(args.clients)
        ]
        await asyncio.gather(*(client.get("/v1/health") for client in clients))
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        used = resource.getrusage(resource.RUSAGE_SELF)
        server_before = _cpu_seconds(pid)
        began = time.perf_counter()
        await asyncio.gather(
            _lag(end, result.client_lag),
            *(
                _slow_client(index, client, server, end, result.slow, args.jitter)
                for index, client in enumerate(clients)
            ),
        )
        result.wall = time.perf_counter() - began
        server_after = _cpu_seconds(pid)
        after = resource.getrusage(resource.RUSAGE_SELF)
        result.client_cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
        if server_before is not None and server_after is not None:
            result.cpu = server_after - server_before


async def _lag(end: float, found: list[float], step: float = 0.01) -> None:
    """How late this event loop wakes a task that sleeps ``step`` seconds (what the clients'
    own clocks may add to the latencies they report), until ``end``."""
    while time.monotonic() < end:
        start = time.monotonic()
        await asyncio.sleep(step)
        found.append(max(0.0, time.monotonic() - start - step))


async def _cheap_client(
    index: int,
    url: str,
    start: float,
    end: float,
    interval: float,
    client_timeout: float,
    found: list[tuple[str, int, float]],
) -> None:
    headers = {"X-Forwarded-For": _address(1, index)}
    async with httpx.AsyncClient(base_url=url, timeout=client_timeout, headers=headers) as client:
        await client.get("/v1/health")  # the connection opened before the clock starts
        tick = start + interval * index / 4
        turn = index
        while tick < end:
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            path = "/v1/health" if turn % 2 == 0 else "/v1/hint"
            began = time.perf_counter()
            try:
                if path == "/v1/health":
                    response = await client.get(path)
                else:
                    response = await client.post(path, json=HINT)
                status = response.status_code
            except httpx.HTTPError:
                status = 0
            found.append((path, status, time.perf_counter() - began))
            turn += 1
            tick = max(tick + interval, time.monotonic())


def _cheap_process(
    url: str,
    clients: int,
    start: float,
    end: float,
    interval: float,
    client_timeout: float,
    sender: Connection,
) -> None:
    """The cheap clients, in a process of their own; their samples go back through ``sender``
    (``time.monotonic`` is the same clock in every process of the machine)."""
    found: list[tuple[str, int, float]] = []

    async def main() -> None:
        await asyncio.gather(
            *(
                _cheap_client(i, url, start, end, interval, client_timeout, found)
                for i in range(clients)
            )
        )

    asyncio.run(main())
    sender.send(found)
    sender.close()


def _start(server: Server, port: int, log: Path) -> subprocess.Popen[bytes]:
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(server.checkout), *filter(None, [environment.get("PYTHONPATH")])]
    )
    environment["FORWARDED_ALLOW_IPS"] = "127.0.0.1"  # the clients' X-Forwarded-For believed
    command = [sys.executable, "-m", "officers", "serve", "--port", str(port), *server.options]
    with log.open("wb") as out:
        return subprocess.Popen(
            command,
            cwd=server.checkout,  # ``-m`` puts the directory first: this checkout's officers
            env=environment,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def _commit(checkout: Path) -> str:
    """The checkout's commit (short), and ``+`` when its files differ from it."""
    try:
        head = subprocess.run(
            ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "-C", str(checkout), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+" if changed else "")


def _wait_ready(url: str, process: subprocess.Popen[bytes], log: Path) -> str:
    """The version the server reports once it answers (30 s at most)."""
    deadline = time.monotonic() + 30
    with httpx.Client(base_url=url, timeout=5) as client:
        while True:
            try:
                health = client.get("/v1/health")
                client.post("/v1/hint", json=HINT).raise_for_status()
                version: str = health.json().get("officers", "?")
                return version
            except httpx.HTTPError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(
                        f"the server did not start:\n{log.read_text(errors='replace')[-2000:]}"
                    ) from None
                time.sleep(0.2)


LOG_LINE = re.compile(r"officers\.serve (GET|POST) (\S+) (\d{3}) ([\d.]+)ms$")
"""A request in the server's log (officers.serve.app.LogRequests): method, path, status, ms."""


def _read_log(log: Path, logged: dict[str, list[float]], quick: float) -> None:
    """The seconds the server's log gives each request, by ``method path status``; a 503
    within ``quick`` seconds apart from a later one."""
    with contextlib.suppress(OSError):
        for line in log.read_text(errors="replace").splitlines():
            found = LOG_LINE.search(line)
            if found is not None:
                method, path, status, ms = found.groups()
                seconds = float(ms) / 1000
                if status == "503":  # a refusal is at once, running out of time is not
                    status += " at once (busy)" if seconds < quick else " later (timeout)"
                logged[f"{method} {path} {status}"].append(seconds)


def run(server: Server, args: argparse.Namespace) -> Run:
    """One run of the load against a fresh server."""
    port = _port()
    url = f"http://127.0.0.1:{port}"
    result = Run(server, load_average())
    with tempfile.TemporaryDirectory() as directory:
        log = Path(directory) / "server.log"
        process = _start(server, port, log)
        try:
            result.version = _wait_ready(url, process, log)
            receiver, sender = multiprocessing.Pipe(duplex=False)
            start = time.monotonic() + 3.0  # the cheap process's interpreter starts meanwhile
            end = start + args.duration
            cheap = multiprocessing.get_context("spawn").Process(
                target=_cheap_process,
                args=(url, args.cheap, start, end, args.interval, args.client_timeout, sender),
                daemon=True,
            )
            cheap.start()
            sender.close()
            asyncio.run(_slow_clients(url, process.pid, server, start, end, args, result))
            if receiver.poll(args.client_timeout + 30):
                result.cheap = receiver.recv()
            cheap.join(timeout=30)
            if cheap.is_alive():
                cheap.kill()
                cheap.join()
        finally:
            _stop(process)
            _read_log(log, result.logged, args.time_limit / 2)
    result.load_after = load_average()
    return result


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _row(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"| {name} | 0 | | | |"
    cells = [_ms(quantile(values, 0.5)), _ms(quantile(values, 0.99)), _ms(max(values))]
    return f"| {name} | {len(values)} | " + " | ".join(cells) + " |"


def report(result: Run, args: argparse.Namespace) -> tuple[bool, bool]:
    """Print one run's table; whether each aim is met (cheap p99, slow answers in time)."""
    server = result.server
    print(
        f"\n## {server.name}: officers {result.version}, {args.clients} slow clients "
        f"({server.op}), limit {args.time_limit:g} s, {args.duration:g} s\n"
    )
    print(
        f"- server: `officers serve {' '.join(server.options)}` from {server.checkout} "
        f"(commit {_commit(server.checkout)})"
    )
    print(f"- load before: {result.load_before}; after: {result.load_after}")
    print(f"- slow squares, in turn: {', '.join(server.squares)}")
    print(
        "- a refused slow client sleeps Retry-After"
        + (f" plus up to {args.jitter:g} s at random\n" if args.jitter else ", no more\n")
    )
    print("| requests | n | p50 | p99 | max |")
    print("|---|---|---|---|---|")
    cheap_ok = [seconds for _, status, seconds in result.cheap if status == 200]
    for path in ("/v1/health", "/v1/hint"):
        times = [s for p, status, s in result.cheap if p == path and status == 200]
        print(_row(f"cheap `{path}`", times))
    print(_row("**cheap, all**", cheap_ok))
    failed: dict[str, list[float]] = defaultdict(list)
    for path, status, seconds in result.cheap:
        if status != 200:
            failed[f"cheap `{path}`: {status or 'dropped'}"].append(seconds)
    for name, times in sorted(failed.items()):
        print(_row(name, times))
    order = ["served", "timeout", "busy", "rate-limited"]
    names = {
        "served": "slow: served (200)",
        "timeout": "slow: out of time (503 timeout)",
        "busy": "slow: refused busy (503 busy)",
        "rate-limited": "slow: rate-limited (429)",
    }
    for outcome in order + sorted(set(result.slow) - set(order)):
        if outcome in result.slow or outcome in order:
            print(_row(names.get(outcome, f"slow: {outcome}"), result.slow.get(outcome, [])))
    if result.logged:
        print(
            "\nThe same requests in the server's log, with the clients' warm-up requests (from the application's start on the "
            "request to its last byte handed to uvicorn):\n"
        )
        print("| request, status | n | p50 | p99 | max |")
        print("|---|---|---|---|---|")
        for name in sorted(result.logged):
            print(_row(f"`{name}`", result.logged[name]))
    answered = result.slow.get("served", []) + result.slow.get("timeout", [])
    late = [s for s in answered if s > args.time_limit + MARGIN]
    unanswered = sum(len(v) for k, v in result.slow.items() if k.startswith(("dropped", "no ")))
    if result.cpu is not None:
        share = result.cpu / result.wall if result.wall else 0.0
        print(
            f"\nThe server's own process (its search children apart) spent {result.cpu:.1f} s "
            f"of CPU in {result.wall:.1f} s ({share:.0%} of one core); the slow clients' "
            f"process {result.client_cpu:.1f} s, and its event loop woke a task late by "
            f"{_ms(quantile(result.client_lag or [0.0], 0.5))} (p50), "
            f"{_ms(quantile(result.client_lag or [0.0], 0.99))} (p99), "
            f"{_ms(max(result.client_lag, default=0.0))} (max)."
        )
    p99 = quantile(cheap_ok, 0.99) if cheap_ok else float("inf")
    cheap_met = p99 <= CHEAP_AIM and len(cheap_ok) == len(result.cheap) > 0
    slow_met = not late and unanswered == 0
    print(
        f"\n- aim, cheap p99 ≤ {CHEAP_AIM * 1000:g} ms: **{'met' if cheap_met else 'not met'}** "
        f"(p99 {_ms(p99)}, {len(result.cheap) - len(cheap_ok)} not answered 200)"
    )
    print(
        f"- aim, no slow request answered after limit + {MARGIN:g} s "
        f"({args.time_limit + MARGIN:g} s): **{'met' if slow_met else 'not met'}** "
        f"({len(late)} of {len(answered)} served or out of time were later, the latest "
        f"{_ms(max(answered, default=0.0))}; {unanswered} got no answer)"
    )
    return cheap_met, slow_met


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=48, help="slow clients (default 48)")
    parser.add_argument("--cheap", type=int, default=4, help="cheap clients (default 4)")
    parser.add_argument(
        "--interval",
        type=float,
        default=0.1,
        help="seconds between a cheap client's requests (default 0.1: under the rate limit)",
    )
    parser.add_argument(
        "--time-limit", type=float, default=2.0, help="the server's --time-limit (default 2)"
    )
    parser.add_argument(
        "--duration", type=float, default=20.0, help="seconds of load per run (default 20)"
    )
    parser.add_argument(
        "--client-timeout",
        type=float,
        default=60.0,
        help="seconds a client waits for an answer (default 60)",
    )
    parser.add_argument(
        "--jitter",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="a slow client refused sleeps Retry-After plus a random part of this (default 0)",
    )
    parser.add_argument("--rounds", type=int, default=1, help="runs of each server (default 1)")
    parser.add_argument(
        "--peer", type=Path, default=None, help="a checkout of the previous release to compare"
    )
    parser.add_argument(
        "--only", choices=("ours", "peer"), default=None, help="run one server only"
    )
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        metavar="OPTION",
        help="one more option for this checkout's server (e.g. --server-option=--rate=0)",
    )
    parser.add_argument("--square", action="append", default=None, help="a slow square (ours)")
    parser.add_argument("--op", default="count", help="the slow operation (ours; default count)")
    parser.add_argument("--peer-square", action="append", default=None, help="the peer's")
    parser.add_argument("--peer-op", default="complete", help="the peer's (default complete)")
    args = parser.parse_args(argv)
    if args.clients < 0 or args.cheap < 1 or args.duration <= 0 or args.rounds < 1:
        parser.error("--clients ≥ 0, --cheap ≥ 1, --duration > 0 and --rounds ≥ 1")
    limit = ["--time-limit", f"{args.time_limit:g}"]
    servers: list[Server] = []
    if args.peer is not None and args.only != "ours":
        peer = Server(
            "before (peer)",
            args.peer.resolve(),
            tuple(limit),
            args.peer_op,
            tuple(args.peer_square or PEER_SQUARES),
        )
        servers.append(peer)
    if args.only != "peer":
        ours = Server(
            "after (this checkout)",
            ROOT,
            (*limit, "--max-order", "7", *args.server_option),
            args.op,
            tuple(args.square or SQUARES),
        )
        servers.append(ours)
    if not servers:
        parser.error("--only peer needs --peer DIR")
    print(f"# The service under load ({os.cpu_count()} cores; {load_average()})")
    summary = []
    for r in range(args.rounds):
        shift = r % len(servers)
        for server in servers[shift:] + servers[:shift]:
            result = run(server, args)
            summary.append((r + 1, result, *report(result, args)))
    print("\n## Summary\n")
    print(
        "| round | server | cheap p99 | cheap max | slow served/out of time max | busy | dropped | aims |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r, result, cheap_met, slow_met in summary:
        cheap = [s for _, status, s in result.cheap if status == 200]
        answered = result.slow.get("served", []) + result.slow.get("timeout", [])
        dropped = sum(len(v) for k, v in result.slow.items() if k.startswith(("dropped", "no ")))
        aims = (
            ("cheap met" if cheap_met else "cheap NOT met")
            + ", "
            + ("slow met" if slow_met else "slow NOT met")
        )
        cells = [
            str(r),
            f"{result.server.name} ({result.version})",
            _ms(quantile(cheap, 0.99)) if cheap else "-",
            _ms(max(cheap, default=0.0)),
            _ms(max(answered, default=0.0)),
            str(len(result.slow.get("busy", []))),
            str(dropped),
            aims,
        ]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        main()
