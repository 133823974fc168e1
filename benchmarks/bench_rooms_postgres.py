"""Rooms in PostgreSQL against SQLite (docs/rooms.md, "The store"): moves a second through one
store, and the delay from a move made through one ``officers serve`` to the update on a live
connection to another.

    python -m benchmarks.bench_rooms_postgres [--url postgresql://...] [--rounds 5]
        [--moves 300] [--threads 1,4] [--delay-moves 300] [--rooms 10]

Without ``--url`` it starts a PostgreSQL server of its own (``tools.postgres_cluster``: Debian's
initdb and pg_ctl, a Unix socket in a temporary folder; durable, ``fsync`` on).

1. **Moves a second through one store**, in interleaved rounds (``benchmarks.harness``): each
   thread plays its own room of Euler's Officers, one person against the ``random`` bot, by
   :meth:`Rooms.move` (the rules, the bot's answer, the views; a rematch when a round ends):
   each move is a read of the room and one compare-and-set with its events (two: the move and
   the bot's). The stores: SQLite in a file (WAL, ``synchronous=NORMAL``: a commit is not
   flushed to disk), PostgreSQL with ``synchronous_commit=on`` (its default: every commit
   flushed) and ``off`` (not flushed, as SQLite here; a crash of the server may lose the last
   commits, never the database). The same for the bare store: a ``get`` and an ``update``.
2. **The delay between two services**: two ``officers serve`` (one worker each) on one
   database, ``--rooms`` rooms of two people, each seat's live connection on the *second*;
   moves ``POST``-ed to the *first*, one at a time, a room after another: the time from sending
   the move to the update on the other seat's connection (the NOTIFY, the listener, a read of
   the store), and, for comparison, to the update on a live connection to the first.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from benchmarks.harness import load_average
from officers.rooms.postgres import PostgresStore
from officers.rooms.room import Rooms
from officers.rooms.store import SQLiteStore, Store, StoredEvent

ROOT = Path(__file__).resolve().parent.parent


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _moves(store: Store, moves: int, threads: int) -> float:
    """Moves a second of ``threads`` threads, each playing ``moves // threads`` moves of its
    own room (a person against the random bot)."""
    rooms = Rooms(store, rng=random.Random(1))
    made = [
        rooms.create({"game": "officers", "seats": ["human", "random"]}, f"10.0.0.{n}")
        for n in range(threads)
    ]

    def play(made: dict[str, Any]) -> None:
        state: dict[str, Any] = made
        for _ in range(moves // threads):
            if state["status"] == "over":
                state = rooms.rematch(made["room"], made["token"], {"seq": state["seq"]})
                continue
            move = state["view"]["legal_moves"][0]
            state = rooms.move(made["room"], made["token"], {"move": move, "seq": state["seq"]})

    return _timed([functools.partial(play, one) for one in made], moves)


def _bare(store: Store, moves: int, threads: int) -> float:
    """Compare-and-sets a second (a ``get``, an ``update`` with one event), as :func:`_moves`."""
    rooms = Rooms(store)
    made = [rooms.create({"game": "eightoff"}, f"10.0.1.{n}")["room"] for n in range(threads)]

    def play(room_id: str) -> None:
        for _ in range(moves // threads):
            now = store.get(room_id)
            assert now is not None
            after = replace(now, seq=now.seq + 1, touched=time.time())
            event = StoredEvent(now.seq + 1, "moved", {"move": "x"}, {}, time.time())
            assert store.update(after, now.seq, [event])

    return _timed([functools.partial(play, room) for room in made], moves)


def _timed(works: list[Callable[[], None]], moves: int) -> float:
    """Moves a second of ``works`` run at once, each making ``moves // len(works)``."""
    runners = [threading.Thread(target=work) for work in works]
    start = time.perf_counter()
    for runner in runners:
        runner.start()
    for runner in runners:
        runner.join()
    return (moves // len(works)) * len(works) / (time.perf_counter() - start)


def throughput(url: str, args: argparse.Namespace, folder: Path) -> list[str]:
    """The table of moves a second (median over the rounds, min-max)."""
    import psycopg
    import psycopg.sql

    def postgres(commit: str) -> Callable[[], Store]:
        def make() -> Store:
            with psycopg.connect(url, autocommit=True) as admin:
                row = admin.execute("SELECT current_database()").fetchone()
                assert row is not None
                admin.execute(
                    psycopg.sql.SQL("ALTER DATABASE {} SET synchronous_commit = {}").format(
                        psycopg.sql.Identifier(row[0]), psycopg.sql.SQL(commit)
                    )
                )
            store = PostgresStore(url)
            store.expire(1e300)
            return store

        return make

    def sqlite() -> Store:
        path = folder / f"rooms-{time.monotonic_ns()}.db"
        return SQLiteStore(str(path))

    stores: dict[str, Callable[[], Store]] = {
        "SQLite (file, WAL)": sqlite,
        "PostgreSQL, synchronous_commit=on": postgres("on"),
        "PostgreSQL, synchronous_commit=off": postgres("off"),
    }
    lines = [
        "| store | threads | moves a second (Rooms.move, with the bot's answer) | "
        "compare-and-sets a second (get + update) |",
        "|---|---|---|---|",
    ]
    for threads in args.threads:
        samples: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in stores}
        names = list(stores)
        for number in range(args.rounds):
            for name in names[number % len(names) :] + names[: number % len(names)]:
                store = stores[name]()
                samples[name][0].append(_moves(store, args.moves, threads))
                samples[name][1].append(_bare(store, args.moves, threads))
                store.close()
        for name, (moves, bare) in samples.items():
            lines.append(
                f"| {name} | {threads} | {statistics.median(moves):.0f} "
                f"({min(moves):.0f}-{max(moves):.0f}) | {statistics.median(bare):.0f} "
                f"({min(bare):.0f}-{max(bare):.0f}) |"
            )
    return lines


class _Service:
    def __init__(self, url: str, folder: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port: int = sock.getsockname()[1]
        self.log = (folder / f"serve-{self.port}.log").open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "officers", "serve", "--port", str(self.port), "--rate", "0",
             "--rooms-db", url],
            cwd=folder, stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        import httpx

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/v1/health", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        raise RuntimeError("officers serve did not start")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=15)
        self.log.close()


class _Watch:
    """A live connection that notes when each seq arrives."""

    def __init__(self, port: int, room: str, token: str) -> None:
        from websockets.sync.client import connect

        self.socket = connect(f"ws://127.0.0.1:{port}/v1/rooms/{room}/live")
        self.socket.send(json.dumps({"type": "hello", "token": token, "after": 0}))
        self.arrived: dict[int, float] = {}
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(Exception):
            for text in self.socket:
                self.arrived[json.loads(text)["seq"]] = time.perf_counter()

    def wait(self, seq: int, timeout: float = 30) -> float:
        """When the first update at ``seq`` or later arrived (a move that ends the round brings
        two events)."""
        deadline = time.monotonic() + timeout
        while True:
            arrived = [at for got, at in list(self.arrived.items()) if got >= seq]
            if arrived:
                return min(arrived)
            if time.monotonic() > deadline:
                raise TimeoutError(f"seq {seq} never arrived")
            time.sleep(0.0005)


def delay(url: str, args: argparse.Namespace, folder: Path) -> list[str]:
    """The table of delays from a move on the first service to the live updates."""
    import httpx

    first, second = _Service(url, folder), _Service(url, folder)
    try:
        http = httpx.Client(base_url=first.base, timeout=30)
        rooms = []
        for _ in range(args.rooms):
            made = http.post(
                "/v1/rooms", json={"game": "officers", "seats": ["human", "human"]}
            ).json()
            joined = http.post(
                f"/v1/rooms/{made['room']}/join", json={"invite": made["invite"]}
            ).json()
            tokens = [made["token"], joined["token"]]
            watches = [_Watch(second.port, made["room"], token) for token in tokens]
            rooms.append(
                (made["room"], tokens, watches, _Watch(first.port, made["room"], tokens[0]))
            )
        across: list[float] = []
        same: list[float] = []
        for number in range(args.delay_moves):
            room, tokens, watches, local = rooms[number % len(rooms)]
            state = http.get(
                f"/v1/rooms/{room}/state", headers={"Authorization": f"Bearer {tokens[0]}"}
            ).json()
            if state["status"] == "over":
                http.post(
                    f"/v1/rooms/{room}/rematch",
                    json={"seq": state["seq"]},
                    headers={"Authorization": f"Bearer {tokens[0]}"},
                )
                continue
            mover = state["view"]["to_move"] - 1
            view = http.get(
                f"/v1/rooms/{room}/state", headers={"Authorization": f"Bearer {tokens[mover]}"}
            ).json()["view"]
            sent = time.perf_counter()
            answer = http.post(
                f"/v1/rooms/{room}/move",
                json={"move": view["legal_moves"][0], "seq": state["seq"]},
                headers={"Authorization": f"Bearer {tokens[mover]}"},
            )
            assert answer.status_code == 200, answer.text
            seq = state["seq"] + 1
            across.append(watches[1 - mover].wait(seq) - sent)
            same.append(local.wait(seq) - sent)
    finally:
        first.stop()
        second.stop()
    return [
        "| the update on a live connection to | moves | p50 | p90 | p99 | max |",
        "|---|---|---|---|---|---|",
        *(
            f"| {name} | {len(values)} | "
            + " | ".join(f"{1000 * _quantile(values, q):.1f} ms" for q in (0.5, 0.9, 0.99, 1.0))
            + " |"
            for name, values in (("the other service (NOTIFY)", across), ("the same service", same))
        ),
    ]


@contextlib.contextmanager
def _database(args: argparse.Namespace) -> Iterator[str]:
    if args.url:
        yield args.url
        return
    sys.path.insert(0, str(ROOT))
    from tools.postgres_cluster import Cluster, binaries

    found = binaries()
    if found is None:
        raise SystemExit("no PostgreSQL binaries: apt-get install postgresql, or give --url")
    cluster = Cluster(found, durable=True).start()
    try:
        yield cluster.database()
    finally:
        cluster.remove()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="a PostgreSQL database to use (default: one of its own)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=300, help="moves a case a round")
    parser.add_argument(
        "--threads", type=lambda text: [int(n) for n in text.split(",")], default=[1, 4]
    )
    parser.add_argument("--delay-moves", type=int, default=300)
    parser.add_argument("--rooms", type=int, default=10)
    args = parser.parse_args(argv)
    print(f"load before: {load_average()}")
    with _database(args) as url, tempfile.TemporaryDirectory(prefix="officers-bench-") as folder:
        for line in throughput(url, args, Path(folder)):
            print(line)
        print()
        for line in delay(url, args, Path(folder)):
            print(line)
    print(f"\nload after: {load_average()}")


if __name__ == "__main__":
    main()
