"""Rooms under load (docs/rooms.md, "Speed and memory"): many rooms of Euler's Officers playing
at once on one worker, each move timed until the other seat's live connection delivers it.

    python -m benchmarks.bench_rooms [--rooms 500] [--rate 125] [--duration 30]
        [--via both|post|live] [--processes 2] [--kill] [--server-option=--OPTION=VALUE ...]

It starts a real ``officers serve`` (one worker, uvicorn as ``officers serve`` runs it) on a
free port of 127.0.0.1 with a fresh SQLite rooms file in a temporary directory, and:

1. opens ``--rooms`` rooms of Euler's Officers with two human seats (``POST /v1/rooms``, then
   ``/join``: the round starts), each room from its own client address (``X-Forwarded-For``,
   believed from 127.0.0.1 as from a proxy, ``FORWARDED_ALLOW_IPS``), so the service's rate
   limit stays on as in public;
   the worker's memory (RSS) and the pages the rooms database uses are read before and
   after: their growth over the idle rooms, per room;
2. opens each seat's live WebSocket (two a room), in ``--processes`` client processes that
   split the rooms between them; the growth of the worker's memory per connection;
3. plays ``--rate`` moves a second in all for ``--duration`` seconds: the rooms take turns, so
   each room moves every ``rooms / rate`` seconds; the seat to move plays a random legal move
   (a rematch when the round is over), in turn by ``POST /v1/rooms/ROOM/move`` and by a
   ``move`` message on its own live connection (``--via``). For every move it records the time
   from sending it to the *other* seat's connection delivering the event, and for a ``POST`` the
   time to its answer. A room whose last move is not yet delivered waits for its next turn;
4. checks that every connection got every event once, in order (each ``room-update`` goes on
   from the last ``seq`` it had, with no gap and nothing twice), and, after the load, that each
   room's stored events (``GET .../events``) hold every move that was acknowledged (a ``POST``
   answered 200, or a live move whose event came back to its sender), at its place, once.

With ``--kill`` the server is killed with SIGKILL halfway through the load and started again on
the same file and port; the clients reconnect with the last ``seq`` they have (as the page
does) and play on, and the same checks run across the restart: nothing acknowledged is lost,
nothing is delivered twice.

The clients measure their own event loop's lateness (a task sleeping 10 ms, woken late), so
that a busy client is not mistaken for a slow server. The machine is shared: the load average
is printed before and after, with the CPU seconds of the worker and of the clients.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx

from benchmarks.harness import load_average

ROOT = Path(__file__).resolve().parent.parent
AIM = 0.050
"""Seconds: the aim for a move's p99 until the other seat's connection delivers it."""
LAG_STEP = 0.010
"""Seconds the clients' lag probe sleeps."""
LOGGED_MOVE = re.compile(r"officers\.serve POST /v1/rooms/\S+/move 200 ([\d.]+)ms$")
"""A move answered, in the server's log (officers.serve.app.LogRequests): its milliseconds."""


@dataclass(frozen=True)
class Room:
    """One room of the load: its id, each seat's token, and the client address it uses."""

    id: str
    tokens: tuple[str, str]
    address: str


@dataclass
class Samples:
    """What one client process saw."""

    delivered: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    answered: list[float] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    gaps: int = 0
    repeats: int = 0
    updates: int = 0
    reconnects: int = 0
    lag: list[float] = field(default_factory=list)
    cpu: float = 0.0
    checked_rooms: int = 0
    acknowledged: int = 0
    missing: list[str] = field(default_factory=list)


def quantile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of ``values`` (not empty).

    >>> quantile([3.0, 1.0, 2.0], 0.5), quantile([float(i) for i in range(100)], 0.99)
    (2.0, 99.0)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def address(index: int) -> str:
    """The client address of room ``index``.

    >>> address(0), address(300)
    ('10.9.0.0', '10.9.1.44')
    """
    return f"10.9.{index // 256}.{index % 256}"


# --- the server --------------------------------------------------------------------------------


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _proc(pid: int) -> tuple[float, int]:
    """The CPU seconds (user + system) and the resident memory (bytes) of process ``pid``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0, 0
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return cpu, int(fields[21]) * os.sysconf("SC_PAGE_SIZE")


def _db_size(path: Path) -> int:
    """The bytes of the rooms database in use (its pages less the free ones, the write-ahead
    log's newer pages counted in place of the file's), read by a connection of its own."""
    import sqlite3

    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        pages, free, size = (
            db.execute(f"PRAGMA {name}").fetchone()[0]
            for name in ("page_count", "freelist_count", "page_size")
        )
    finally:
        db.close()
    return int((pages - free) * size)


@dataclass
class Server:
    """A running ``officers serve``: its process, port, rooms file and log."""

    port: int
    db: Path
    log: Path
    options: tuple[str, ...]
    checkout: Path = ROOT
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        environment = dict(os.environ)
        environment["FORWARDED_ALLOW_IPS"] = "127.0.0.1"  # the clients' X-Forwarded-For believed
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(self.checkout), *filter(None, [environment.get("PYTHONPATH")])]
        )
        command = [
            sys.executable,
            "-m",
            "officers",
            "serve",
            "--port",
            str(self.port),
            "--rooms-db",
            str(self.db),
            *self.options,
        ]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, cwd=self.checkout, env=environment, stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(self.url + "/v1/health", timeout=5).raise_for_status()
                return
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(
                        "the server did not start:\n" + self.log.read_text(errors="replace")[-2000:]
                    ) from None
                time.sleep(0.1)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


async def _open_rooms(url: str, count: int) -> list[Room]:
    """``count`` rooms of Euler's Officers with two human seats, both taken (8 at a time)."""
    gate = asyncio.Semaphore(8)
    limits = httpx.Limits(max_connections=8)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as client:

        async def one(index: int) -> Room:
            headers = {"X-Forwarded-For": address(index)}
            async with gate:
                made = await client.post(
                    "/v1/rooms",
                    json={"game": "officers", "seats": ["human", "human"]},
                    headers=headers,
                )
                made.raise_for_status()
                room = made.json()
                joined = await client.post(
                    f"/v1/rooms/{room['room']}/join",
                    json={"invite": room["invite"]},
                    headers=headers,
                )
                joined.raise_for_status()
            return Room(room["room"], (room["token"], joined.json()["token"]), address(index))

        return list(await asyncio.gather(*(one(index) for index in range(count))))


# --- the clients -------------------------------------------------------------------------------


@dataclass
class _Table:
    """A room as one client process plays it: each seat's last state and seq, the move on
    its way (its event's seq, sender seat, move, when sent, how), and the moves acknowledged."""

    room: Room
    states: list[dict[str, Any] | None] = field(default_factory=lambda: [None, None])
    seqs: list[int] = field(default_factory=lambda: [0, 0])
    pending: tuple[int, int, str, float, str] | None = None
    acknowledged: dict[int, tuple[int, str]] = field(default_factory=dict)
    live: dict[int, tuple[int, str]] = field(default_factory=dict)
    sockets: list[Any] = field(default_factory=lambda: [None, None])
    ready: list[asyncio.Event] = field(default_factory=lambda: [asyncio.Event(), asyncio.Event()])


class _Clients:
    """The rooms of one client process: their live connections, their moves, what they saw."""

    def __init__(self, url: str, rooms: Sequence[Room], via: str, seed: int) -> None:
        self.url = url
        self.ws = "ws" + url.removeprefix("http")
        self.tables = [_Table(room) for room in rooms]
        self.via = via
        self.rng = random.Random(seed)
        self.samples = Samples()
        self.turns = 0
        self.stopping = False
        self.http: httpx.AsyncClient | None = None

    async def connect(self, table: _Table, seat: int) -> None:
        """Open (or open again) the seat's live connection and say hello with its last seq."""
        from websockets.asyncio.client import connect

        delay = 0.05
        while not self.stopping:
            try:
                sock = await connect(
                    f"{self.ws}/v1/rooms/{table.room.id}/live",
                    additional_headers={"X-Forwarded-For": table.room.address},
                    open_timeout=30,
                    max_size=2**22,
                    compression=None,
                )
                hello = {
                    "type": "hello",
                    "token": table.room.tokens[seat],
                    "after": table.seqs[seat],
                }
                await sock.send(json.dumps(hello))
                table.sockets[seat] = sock
                return
            except Exception as error:  # the server is restarting
                if not _retryable(error):
                    raise
                await asyncio.sleep(delay)
                delay = min(1.0, delay * 2)

    async def read(self, table: _Table, seat: int) -> None:
        """The seat's connection until the end: each update checked and applied."""
        from websockets.exceptions import ConnectionClosed

        while not self.stopping:
            sock = table.sockets[seat]
            try:
                async for text in sock:
                    self.received(table, seat, json.loads(text), time.perf_counter())
            except ConnectionClosed:
                pass
            if self.stopping:
                return
            self.samples.reconnects += 1
            await self.connect(table, seat)

    def received(self, table: _Table, seat: int, data: dict[str, Any], now: float) -> None:
        if data.get("kind") == "error":
            self.samples.outcomes[f"error {data.get('code')}"] += 1
            if table.pending is not None and table.pending[4] == "live":
                table.pending = None
            return
        if data.get("kind") != "room-update":
            return
        self.samples.updates += 1
        last = table.seqs[seat]
        for event in data["events"]:
            if event["seq"] <= last:
                self.samples.repeats += 1
            elif event["seq"] > last + 1:
                self.samples.gaps += 1
            last = max(last, event["seq"])
            sent = (
                table.live.pop(event["seq"], None)
                if seat == table.live.get(event["seq"], (-1,))[0]
                else None
            )
            if sent is not None and event.get("move") == sent[1]:
                table.acknowledged[event["seq"]] = sent
            pending = table.pending
            if pending is not None and event["seq"] == pending[0] and seat != pending[1]:
                self.samples.delivered[pending[4]].append(now - pending[3])
                table.pending = None
        table.seqs[seat] = max(last, data["seq"])
        if data.get("state") is not None:
            table.states[seat] = data["state"]
        table.ready[seat].set()

    async def turn(self, table: _Table) -> None:
        """One move (or rematch) in the room, by the seat whose turn it is."""
        if table.pending is not None:
            if time.perf_counter() - table.pending[3] < 10:
                self.samples.outcomes["skipped: last move on its way"] += 1
                return
            self.samples.outcomes["never delivered (10 s)"] += 1
            table.pending = None
        state = table.states[0]
        if state is None or table.seqs[0] != table.seqs[1] or state["seq"] != table.seqs[0]:
            self.samples.outcomes["skipped: seats not yet at the same seq"] += 1
            return
        seq = state["seq"]
        if state["status"] == "over":
            await self.post(table, 0, "rematch", {"seq": seq}, seq + 1, "rematch")
            return
        mover = state["view"]["to_move"] - 1
        view = (table.states[mover] or {}).get("view") or {}
        legal = view.get("legal_moves") or []
        moves = [move for move in legal if not move.startswith("x")] or legal  # x: a take-back
        if not moves:
            self.samples.outcomes["skipped: no legal move"] += 1
            return
        move = self.rng.choice(moves)
        self.turns += 1
        how = self.via if self.via != "both" else ("post", "live")[self.turns % 2]
        if how == "post":
            await self.post(table, mover, "move", {"move": move, "seq": seq}, seq + 1, move)
        else:
            table.pending = (seq + 1, mover, move, time.perf_counter(), "live")
            table.live[seq + 1] = (mover, move)
            message = {"type": "move", "move": move, "seq": seq, "id": self.turns}
            try:
                await table.sockets[mover].send(json.dumps(message))
            except Exception:  # the connection dropped (the server killed): it reconnects
                self.samples.outcomes["live: not sent (connection down)"] += 1
                table.pending = None

    async def post(
        self, table: _Table, seat: int, path: str, body: dict[str, Any], target: int, move: str
    ) -> None:
        assert self.http is not None
        headers = {
            "Authorization": f"Bearer {table.room.tokens[seat]}",
            "X-Forwarded-For": table.room.address,
        }
        how = "post" if path == "move" else "rematch"
        table.pending = (target, seat, move, time.perf_counter(), how)
        sent = time.perf_counter()
        try:
            answer = await self.http.post(
                f"/v1/rooms/{table.room.id}/{path}", json=body, headers=headers
            )
        except httpx.HTTPError as error:
            self.samples.outcomes[f"{how}: no answer ({type(error).__name__})"] += 1
            table.pending = None
            return
        if how == "post":
            self.samples.answered.append(time.perf_counter() - sent)
        self.samples.outcomes[f"{how}: {answer.status_code}"] += 1
        if answer.status_code == 200 and how == "post":
            table.acknowledged[target] = (seat, move)
        elif answer.status_code != 200 and table.pending is not None and table.pending[0] == target:
            table.pending = None

    async def lag(self, end: float) -> None:
        while time.monotonic() < end:
            start = time.monotonic()
            await asyncio.sleep(LAG_STEP)
            self.samples.lag.append(max(0.0, time.monotonic() - start - LAG_STEP))

    async def verify(self) -> None:
        """Each room's stored events against what this process saw and had acknowledged."""
        assert self.http is not None
        for table in self.tables:
            events: list[dict[str, Any]] = []
            while True:
                answer = await self.http.get(
                    f"/v1/rooms/{table.room.id}/events",
                    params={"after": len(events)},
                    headers={
                        "Authorization": f"Bearer {table.room.tokens[0]}",
                        "X-Forwarded-For": table.room.address,
                    },
                )
                answer.raise_for_status()
                page = answer.json()
                events += page["events"]
                if not page["more"]:
                    break
            self.samples.checked_rooms += 1
            seqs = [event["seq"] for event in events]
            if seqs != list(range(1, len(seqs) + 1)):
                self.samples.missing.append(f"{table.room.id}: stored seqs not 1..{len(seqs)}")
            for target, (seat, move) in table.acknowledged.items():
                self.samples.acknowledged += 1
                found = events[target - 1] if target <= len(events) else {}
                if found.get("type") != "moved" or found.get("move") != move:
                    self.samples.missing.append(f"{table.room.id} seq {target}: {move} lost")
                elif found.get("seat") != seat + 1:
                    self.samples.missing.append(f"{table.room.id} seq {target}: wrong seat")
            if table.seqs != [len(events), len(events)]:
                self.samples.missing.append(
                    f"{table.room.id}: connections at {table.seqs}, stored {len(events)}"
                )


def _retryable(error: BaseException) -> bool:
    """Whether a failed connection is worth opening again (the server is away or restarting)."""
    from websockets.exceptions import InvalidHandshake, InvalidStatus

    if isinstance(error, InvalidStatus):
        return error.response.status_code >= 500
    return isinstance(error, (OSError, TimeoutError, InvalidHandshake, EOFError))


async def _client_main(
    url: str, rooms: Sequence[Room], args: dict[str, Any], pipe: Connection
) -> Samples:
    clients = _Clients(url, rooms, args["via"], args["seed"])
    gate = asyncio.Semaphore(32)
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as http:
        clients.http = http

        async def connect(table: _Table, seat: int) -> None:
            async with gate:
                await clients.connect(table, seat)

        await asyncio.gather(*(connect(t, s) for t in clients.tables for s in (0, 1)))
        readers = [asyncio.create_task(clients.read(t, s)) for t in clients.tables for s in (0, 1)]
        await asyncio.gather(*(t.ready[s].wait() for t in clients.tables for s in (0, 1)))
        await http.get("/v1/health")
        pipe.send("connected")
        start: float = await asyncio.to_thread(pipe.recv)
        end = start + args["duration"]
        used = os.times()
        lag = asyncio.create_task(clients.lag(end))
        interval = args["processes"] / args["rate"]
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        turns: set[asyncio.Task[None]] = set()
        tick, index = start, args["offset"]
        while tick < end:
            table = clients.tables[index % len(clients.tables)]
            task = asyncio.create_task(clients.turn(table))
            turns.add(task)
            task.add_done_callback(turns.discard)
            index += 1
            tick += interval
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
        await lag
        await asyncio.sleep(2.0)  # the last moves are delivered
        if turns:
            await asyncio.wait(turns, timeout=30)
        done = os.times()
        clients.samples.cpu = done.user + done.system - used.user - used.system
        pipe.send("played")
        await asyncio.to_thread(pipe.recv)  # the server is back, if it was killed
        await asyncio.sleep(1.0)  # connections that were away catch up
        clients.stopping = True
        for table in clients.tables:
            for sock in table.sockets:
                if sock is not None:
                    await sock.close()
        await asyncio.wait(readers, timeout=10)
        await clients.verify()
    return clients.samples


def _client_process(
    url: str, rooms: Sequence[Room], args: dict[str, Any], pipe: Connection
) -> None:
    samples = asyncio.run(_client_main(url, rooms, args, pipe))
    pipe.send(samples)
    pipe.close()


# --- the run -----------------------------------------------------------------------------------


@dataclass
class Result:
    """One run's figures."""

    load_before: str
    load_after: str = ""
    idle_rss: int = 0
    idle_db: int = 0
    connection_rss: int = 0
    rss_end: int = 0
    server_cpu: float = 0.0
    wall: float = 0.0
    kill_at: float | None = None
    samples: list[Samples] = field(default_factory=list)
    logged: list[float] = field(default_factory=list)


def run(args: argparse.Namespace) -> Result:
    result = Result(load_average())
    with tempfile.TemporaryDirectory() as directory:
        options = (
            "--max-connections",
            str(max(512, 2 * args.rooms + 256)),
            "--rooms-per-client",
            "1000",
            *args.server_option,
        )
        server = Server(
            _port(),
            Path(directory) / "rooms.db",
            Path(directory) / "server.log",
            options,
            args.checkout.resolve(),
        )
        server.start()
        try:
            _load(server, args, result)
        finally:
            server.stop()
            for line in server.log.read_text(errors="replace").splitlines():
                found = LOGGED_MOVE.search(line)
                if found is not None:
                    result.logged.append(float(found.group(1)) / 1000)
            if args.log:
                print(server.log.read_text(errors="replace")[-4000:], file=sys.stderr)
    result.load_after = load_average()
    return result


def _load(server: Server, args: argparse.Namespace, result: Result) -> None:
    asyncio.run(_open_rooms(server.url, 1))  # the code of the rooms loaded, the file made
    time.sleep(0.5)
    _, rss = _proc(server.pid)
    size = _db_size(server.db)
    rooms = asyncio.run(_open_rooms(server.url, args.rooms))
    time.sleep(0.5)
    _, rss_idle = _proc(server.pid)
    result.idle_rss = (rss_idle - rss) // args.rooms
    result.idle_db = (_db_size(server.db) - size) // args.rooms
    context = multiprocessing.get_context("spawn")
    pipes, processes = [], []
    shared = {"via": args.via, "rate": args.rate, "duration": args.duration}
    shared["processes"] = args.processes
    for number in range(args.processes):
        mine, theirs = context.Pipe()
        part = rooms[number :: args.processes]
        settings = {**shared, "seed": number, "offset": number}
        process = context.Process(
            target=_client_process, args=(server.url, part, settings, theirs), daemon=True
        )
        process.start()
        pipes.append(mine)
        processes.append(process)
    for pipe in pipes:
        if pipe.recv() != "connected":
            raise SystemExit("a client process failed")
    time.sleep(0.5)
    _, rss_connected = _proc(server.pid)
    result.connection_rss = (rss_connected - rss_idle) // (2 * args.rooms)
    start = time.monotonic() + 1.0
    for pipe in pipes:
        pipe.send(start)
    cpu_before, _ = _proc(server.pid)
    time.sleep(max(0.0, start - time.monotonic()))
    profiler = None
    if args.profile:
        profiler = subprocess.Popen(
            [
                "py-spy",
                "record",
                "--pid",
                str(server.pid),
                "--duration",
                str(int(args.duration)),
                "--format",
                "raw",
                "--output",
                str(args.profile),
                "--threads",
                "--nonblocking",
                "--gil",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    if args.kill:
        time.sleep(args.duration / 2)
        cpu_killed, _ = _proc(server.pid)
        result.server_cpu += cpu_killed - cpu_before
        server.kill()
        result.kill_at = time.monotonic() - start
        server.start()
        cpu_before, _ = _proc(server.pid)
    for pipe in pipes:
        pipe.recv()  # "played"
    cpu_after, result.rss_end = _proc(server.pid)
    result.server_cpu += cpu_after - cpu_before
    result.wall = time.monotonic() - start
    if profiler is not None:
        profiler.wait(timeout=60)
    for pipe in pipes:
        pipe.send("go on")
    for pipe, process in zip(pipes, processes, strict=True):
        result.samples.append(pipe.recv())
        process.join(timeout=30)


def _commit(checkout: Path) -> str:
    """The checkout's commit (short), ``+`` when its files differ from it; ``?`` outside git."""
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


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms" if seconds < 10 else f"{seconds:.1f} s"


def _row(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"| {name} | 0 | | | | |"
    cells = [_ms(quantile(values, q)) for q in (0.5, 0.9, 0.99)] + [_ms(max(values))]
    return f"| {name} | {len(values)} | " + " | ".join(cells) + " |"


def report(result: Result, args: argparse.Namespace) -> bool:
    """Print the run's tables; whether the aim (p99 ≤ 50 ms, nothing lost or twice) is met."""
    delivered: dict[str, list[float]] = defaultdict(list)
    answered: list[float] = []
    outcomes: Counter[str] = Counter()
    lag: list[float] = []
    for samples in result.samples:
        for how, values in samples.delivered.items():
            delivered[how] += values
        answered += samples.answered
        outcomes.update(samples.outcomes)
        lag += samples.lag
    every = [value for values in delivered.values() for value in values]
    moves = sum(len(values) for how, values in delivered.items() if how != "rematch")
    print(
        f"\n## {args.rooms} rooms of Euler's Officers, two people each, {2 * args.rooms} live "
        f"connections, {args.rate:g} moves/s asked for {args.duration:g} s, via {args.via}"
        + (f", the server killed (SIGKILL) at {result.kill_at:.1f} s" if result.kill_at else "")
        + "\n"
    )
    print(
        f"- server: `officers serve` from {args.checkout} (commit {_commit(args.checkout)}; "
        f"options: {' '.join(args.server_option) or 'the defaults'}), the clients in "
        f"{args.processes} processes"
    )
    print(f"- load before: {result.load_before}; after: {result.load_after}")
    print(
        f"- moves delivered: {moves} ({moves / args.duration:.1f}/s over {args.duration:g} s), "
        f"rematches {len(delivered.get('rematch', []))}\n"
    )
    print("| from sending to the other seat's update | n | p50 | p90 | p99 | max |")
    print("|---|---|---|---|---|---|")
    for how, name in (
        ("post", "a move by POST"),
        ("live", "a move sent live"),
        ("rematch", "a rematch (POST)"),
    ):
        print(_row(name, delivered.get(how, [])))
    print(_row("**every move**", every))
    print(_row("a POST's answer (the mover's)", answered))
    print(_row("the same in the server's log", result.logged))
    cpu = sum(samples.cpu for samples in result.samples)
    print(
        f"\nThe worker spent {result.server_cpu:.1f} s of CPU in {result.wall:.1f} s "
        f"({result.server_cpu / result.wall:.0%} of a core, "
        f"{1000 * result.server_cpu / max(1, len(every)):.2f} ms a move); its memory at the end "
        f"{result.rss_end / 2**20:.0f} MB. The {args.processes} client processes spent "
        f"{cpu:.1f} s; their event loops woke a task late by {_ms(quantile(lag or [0.0], 0.5))} "
        f"(p50), {_ms(quantile(lag or [0.0], 0.99))} (p99), {_ms(max(lag, default=0.0))} (max)."
    )
    print(
        f"\nAn idle room: {result.idle_rss / 1024:.1f} KB of the worker's memory, "
        f"{result.idle_db / 1024:.1f} KB of the rooms database; a live "
        f"connection: {result.connection_rss / 1024:.1f} KB of the worker's memory."
    )
    gaps = sum(samples.gaps for samples in result.samples)
    repeats = sum(samples.repeats for samples in result.samples)
    updates = sum(samples.updates for samples in result.samples)
    reconnects = sum(samples.reconnects for samples in result.samples)
    acknowledged = sum(samples.acknowledged for samples in result.samples)
    missing = [line for samples in result.samples for line in samples.missing]
    checked = sum(samples.checked_rooms for samples in result.samples)
    print(
        f"\nChecks: {updates} updates, {gaps} gaps, {repeats} events twice, {reconnects} "
        f"reconnections; {acknowledged} acknowledged moves looked up in the {checked} rooms' "
        f"stored events: {len(missing)} missing or misplaced."
    )
    for line in missing[:10]:
        print(f"- {line}")
    print("\n| outcome | n |\n|---|---|")
    for name, count in sorted(outcomes.items()):
        print(f"| {name} | {count} |")
    p99 = quantile(every, 0.99) if every else float("inf")
    sound = gaps == repeats == 0 and not missing and checked == args.rooms
    met = p99 <= AIM and sound
    print(
        f"\n- aim, p99 from a move to the other seat's update ≤ {AIM * 1000:g} ms: "
        f"**{'met' if p99 <= AIM else 'not met'}** (p99 {_ms(p99)})"
    )
    print(f"- nothing lost, nothing twice: **{'met' if sound else 'not met'}**")
    return met


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, default=500, help="rooms (default 500)")
    parser.add_argument(
        "--rate", type=float, default=125.0, help="moves a second in all (default 125)"
    )
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of load (default 30)")
    parser.add_argument(
        "--via",
        choices=("both", "post", "live"),
        default="both",
        help="how moves are sent: by POST, on the live connection, or in turn (default both)",
    )
    parser.add_argument("--processes", type=int, default=2, help="client processes (default 2)")
    parser.add_argument(
        "--kill",
        action="store_true",
        help="kill the server with SIGKILL halfway and start it again on the same file",
    )
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        metavar="OPTION",
        help="one more option of the server (e.g. --server-option=--rate=0)",
    )
    parser.add_argument(
        "--checkout",
        type=Path,
        default=ROOT,
        metavar="DIR",
        help="run the server of another checkout (its directory first on PYTHONPATH), e.g. the "
        "previous commit's, to compare (default this one)",
    )
    parser.add_argument("--log", action="store_true", help="print the server's log's end")
    parser.add_argument(
        "--profile",
        type=Path,
        default=None,
        metavar="FILE",
        help="sample the worker's thread holding the GIL with py-spy during the load "
        "(collapsed stacks into FILE)",
    )
    args = parser.parse_args(argv)
    if args.rooms < args.processes or args.rate <= 0 or args.duration <= 0:
        parser.error("--rooms at least --processes; --rate and --duration above 0")
    with contextlib.suppress(KeyboardInterrupt):
        met = report(run(args), args)
        raise SystemExit(0 if met else 1)


if __name__ == "__main__":
    main()
