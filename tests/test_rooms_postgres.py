"""Rooms in PostgreSQL, against a real server (:mod:`tools.postgres_cluster` starts one of its
own): :class:`PostgresStore` does exactly what :class:`SQLiteStore` does (the same checks run on
both, and random runs of operations give both the same answers), one compare-and-set wins of
many concurrent writers, every committed change is published, and two real ``officers serve``
on one database: a move made through one reaches a live connection to the other, a server
killed with SIGKILL loses nothing, and connections cut by the database (or by its restart)
come back on their own.

Without PostgreSQL's binaries or psycopg, the tests that need the server skip, unless
``OFFICERS_POSTGRES_TESTS=required`` (CI), when they fail."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from officers.rooms.postgres import MISSING, Listener, PostgresStore, StoreError, shown
from officers.rooms.store import SQLiteStore, Store, StoredEvent, StoredRoom
from tools.postgres_cluster import Cluster, binaries, unavailable

CHECKOUT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        unavailable("psycopg is not installed (pip install 'officers[postgres]')")
    found = binaries()
    if found is None:
        unavailable("PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql)")
    assert found is not None
    running = Cluster(found).start()
    try:
        yield running
    finally:
        running.remove()


@pytest.fixture
def database(cluster: Cluster) -> str:
    """The URL of a new, empty database."""
    return cluster.database()


@pytest.fixture(params=["sqlite", "postgres"])
def opened(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """Opens a store (again and again: each one is another worker's) on one file or database."""
    if request.param == "sqlite":
        where = str(tmp_path / "rooms.db")
        made: list[Store] = []

        def sqlite() -> Store:
            made.append(SQLiteStore(where))
            return made[-1]

        yield sqlite
    else:
        url = request.getfixturevalue("database")

        def postgres() -> Store:
            made.append(PostgresStore(url))
            return made[-1]

        made = []
        yield postgres
    for store in made:
        store.close()


def room(room_id: str, seq: int, touched: float, **changes: Any) -> StoredRoom:
    fields: dict[str, Any] = {
        "game": "officers",
        "created": 1000.25,
        "client": "10.0.0.1",
        "record": {"seats": [{"name": "Zoë ♠"}], "round": seq, "x": 0.1},
        "state": None,
        **changes,
    }
    return StoredRoom(room_id, seq=seq, touched=touched, **fields)


def event(seq: int, private: dict[int, Any] | None = None) -> StoredEvent:
    return StoredEvent(
        seq, "moved", {"move": f"AS@r{seq}c1", "ü": [1, None]}, private or {}, 1e9 + seq / 3
    )


def test_a_store_keeps_rooms_and_events_as_given(opened: Callable[[], Store]) -> None:
    store = opened()
    first = room("r1", 2, 1000.5, state="Zoë's\nstate \U0001f0a1")
    store.insert(first, [event(1), event(2, {0: {"hand": ["AS"]}, 3: {}})])
    store.insert(room("r2", 1, 2000.0, client="10.0.0.2"), [event(1)])
    assert store.get("r1") == first
    assert store.get("nothing") is None
    assert [item.seq for item in store.events("r1", 0, 10)] == [1, 2]
    assert store.events("r1", 0, 10)[1] == event(2, {0: {"hand": ["AS"]}, 3: {}})
    assert store.events("r1", 1, 10) == [event(2, {0: {"hand": ["AS"]}, 3: {}})]
    assert store.events("r1", 0, 1) == [event(1)]
    assert store.events("r1", 0, 10, upto=1) == [event(1)]
    assert store.events("nothing", 0, 10) == []
    assert (store.count(), store.count("10.0.0.1"), store.count("10.0.0.9")) == (2, 1, 0)

    later = room("r1", 4, 3000.0, state="next", record={"round": 2})
    assert store.update(later, 2, [event(3), event(4)])
    assert not store.update(room("r1", 5, 4000.0), 2, [event(5)])  # stale: nothing written
    assert store.get("r1") == later
    assert [item.seq for item in store.events("r1", 0, 10)] == [1, 2, 3, 4]
    assert not store.update(room("gone", 2, 1.0), 1, [event(2)])

    again = opened()  # another worker sees the same
    assert again.get("r1") == later and again.events("r1", 2, 10) == [event(3), event(4)]
    assert store.expire(2500.0) == 1  # r2 (touched at 2000)
    assert store.get("r2") is None and store.events("r2", 0, 10) == []
    assert store.count() == 1 and len(store.events("r1", 0, 10)) == 4
    assert store.expire(1e300) == 1 and store.count() == 0


def test_a_store_keeps_who_is_connected(opened: Callable[[], Store]) -> None:
    """Each connection's last sign; a seat online while one of its connections gave one since
    the time asked; what ``absent`` and ``expire`` forget; another worker sees the same."""
    store, other = opened(), opened()
    store.insert(room("r1", 1, 100.0), [event(1)])
    store.insert(room("r2", 1, 500.0), [event(1)])
    assert store.online("r1", 0.0) == frozenset()
    assert store.present("r1", 0, "a", 100.0) and not store.present("r1", 0, "a", 110.0)
    assert store.present("r1", 0, "b", 105.0)  # a second connection of the same seat
    assert store.present("r1", 2, "c", 101.0) and store.present("r2", 1, "d", 300.0)
    assert other.online("r1", 100.0) == frozenset({0, 2})
    # a heartbeat of several connections at once: the rooms where one was new
    assert store.refresh([("r1", 0, "a"), ("r1", 2, "c"), ("r2", 1, "e")], 101.0) == {"r2"}
    assert store.refresh([], 101.0) == frozenset()
    assert other.expired(100.5, 101.5) == {"r1", "r2"} and other.expired(90.0, 101.0) == set()
    store.absent("r2", "e")
    assert other.expired(100.5, 101.5) == {"r1"}  # c's sign; e closed, so it never grows old
    assert other.online("r1", 102.0) == frozenset({0}) and other.online("r2", 0.0) == {1}
    store.absent("r1", "a")
    assert other.online("r1", 106.0) == frozenset()  # b's last sign was at 105
    assert other.online("r1", 105.0) == frozenset({0})
    other.absent("r1", "b")
    other.absent("r1", "nothing")
    assert store.online("r1", 0.0) == frozenset({2})
    assert store.expire(200.0) == 1  # r1 (touched at 100) goes with its presence
    assert store.online("r1", 0.0) == frozenset() and store.online("r2", 0.0) == {1}
    assert store.expire(301.0) == 0  # r2 stays; d's sign is older than that
    assert store.online("r2", 0.0) == frozenset()


def test_a_connection_opened_or_closed_is_published_and_a_heartbeat_is_not(database: str) -> None:
    import psycopg

    store = PostgresStore(database)
    store.insert(room("r1", 1, 1.0), [event(1)])
    with psycopg.connect(database, autocommit=True) as listening:
        listening.execute("LISTEN officers_rooms")
        assert store.present("r1", 0, "a", 1.0)
        assert not store.present("r1", 0, "a", 2.0)  # a heartbeat: nothing said
        assert store.refresh([("r1", 0, "a"), ("r1", 1, "b"), ("r1", 1, "c")], 3.0) == {"r1"}
        store.absent("r1", "b")
        store.absent("r1", "c")
        store.absent("r1", "nothing")  # nothing closed: nothing said
        store.absent("r1", "a")
        heard = [note.payload for note in listening.notifies(timeout=30, stop_after=5)]
        assert list(listening.notifies(timeout=0.5)) == []
    assert heard == [f"{store.origin} r1"] * 5  # a, the refresh (once), b, c and a gone
    store.close()


OPERATIONS = st.sampled_from(["insert", "update", "get", "events", "count", "expire"])
TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=6)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)


def _apply(store: Store, operation: str, arguments: tuple[Any, ...]) -> Any:
    try:
        return getattr(store, operation)(*arguments)
    except Exception as error:  # a duplicate room or event: refused by both, each its own way
        return ("refused", "UniqueViolation" in type(error).__name__ or "Integrity" in repr(error))


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_postgres_answers_every_run_of_operations_as_sqlite_does(
    database: str, data: st.DataObject
) -> None:
    stores: list[Store] = [SQLiteStore(":memory:"), PostgresStore(database)]
    try:
        stores[1].expire(1e300)  # the database is the test's: each run starts empty
        for _ in range(data.draw(st.integers(1, 12))):
            operation = data.draw(OPERATIONS)
            room_id = data.draw(st.sampled_from(["a", "b", "c-_9"]))
            seq = data.draw(st.integers(0, 6))
            if operation == "insert":
                events = [
                    StoredEvent(n, data.draw(TEXT), data.draw(JSON), {}, 1.5)
                    for n in range(1, seq + 1)
                ]
                arguments: tuple[Any, ...] = (
                    room(room_id, seq, data.draw(st.floats(0, 100)), record={"j": data.draw(JSON)}),
                    events,
                )
            elif operation == "update":
                now = stores[0].get(room_id)
                was = now.seq if now is not None and data.draw(st.booleans()) else seq
                more = data.draw(st.integers(0, 3))
                private = {data.draw(st.integers(0, 3)): {"h": data.draw(JSON)}}
                events = [
                    StoredEvent(was + n, "moved", {}, private, 2.0) for n in range(1, more + 1)
                ]
                arguments = (room(room_id, was + more, data.draw(st.floats(0, 100))), was, events)
            elif operation == "events":
                arguments = (
                    room_id,
                    seq,
                    data.draw(st.integers(0, 4)),
                    data.draw(st.none() | st.integers(0, 8)),
                )
            elif operation == "count":
                arguments = (data.draw(st.none() | st.sampled_from(["10.0.0.1", "10.0.0.2"])),)
            elif operation == "expire":
                arguments = (data.draw(st.floats(0, 100)),)
            else:
                arguments = (room_id,)
            answers = [_apply(store, operation, arguments) for store in stores]
            assert answers[0] == answers[1], (operation, arguments)
    finally:
        for store in stores:
            store.close()


def test_of_concurrent_writers_at_one_seq_exactly_one_wins(opened: Callable[[], Store]) -> None:
    writers = 6
    stores = [opened() for _ in range(writers)]
    stores[0].insert(room("r", 0, 1.0), [])
    wins: list[list[int]] = [[] for _ in range(writers)]
    start = threading.Barrier(writers)

    def write(number: int) -> None:
        store = stores[number]
        for _ in range(15):
            start.wait()
            now = store.get("r")
            assert now is not None
            start.wait()  # everyone has read the same seq
            if store.update(
                room("r", now.seq + 1, 2.0, record={"by": number}),
                now.seq,
                [StoredEvent(now.seq + 1, "moved", {"by": number}, {}, 2.0)],
            ):
                wins[number].append(now.seq + 1)

    threads = [threading.Thread(target=write, args=(number,)) for number in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    won = sorted(seq for seqs in wins for seq in seqs)
    assert won == list(range(1, 16))  # one winner a round, none twice
    events = stores[1].events("r", 0, 100)
    assert [item.seq for item in events] == won
    for number, seqs in enumerate(wins):
        assert all(events[seq - 1].public == {"by": number} for seq in seqs)
    final = stores[2].get("r")
    assert final is not None and final.seq == 15 and final.record == {"by": events[-1].public["by"]}


def test_every_committed_change_is_published_once_by_its_store(database: str) -> None:
    import psycopg

    store = PostgresStore(database)
    with psycopg.connect(database, autocommit=True) as listening:
        listening.execute("LISTEN officers_rooms")
        store.insert(room("r1", 0, 1.0), [])
        assert not store.update(room("r1", 1, 1.0), 5, [])  # stale: nothing committed, nothing said
        store.insert(room("r2", 1, 1.0), [event(1)])
        assert store.update(room("r1", 1, 2.0), 0, [event(1)])
        heard = [note.payload for note in listening.notifies(timeout=30, stop_after=3)]
    assert heard == [f"{store.origin} r1", f"{store.origin} r2", f"{store.origin} r1"]
    store.close()


def test_the_listener_hears_other_stores_and_comes_back_when_cut_off(
    cluster: Cluster, database: str
) -> None:
    own, other = PostgresStore(database), PostgresStore(database)
    other.insert(room("r", 0, 1.0), [])
    heard: asyncio.Queue[str] = asyncio.Queue()

    async def scenario() -> None:
        listener = Listener(
            database, own.origin, heard.put_nowait, lambda: heard.put_nowait("*"), retry=0.05
        )
        task = asyncio.create_task(listener.run())
        assert await asyncio.wait_for(heard.get(), 30) == "*"  # listening: wake everyone
        own.insert(room("mine", 0, 1.0), [])  # this worker's own change: its requests woke it
        await asyncio.to_thread(other.update, room("r", 1, 2.0), 0, [])
        assert await asyncio.wait_for(heard.get(), 30) == "r"
        assert cluster.terminate(database) >= 1  # the listener's connection, and the stores'
        assert await asyncio.wait_for(heard.get(), 30) == "*"  # back: wake everyone again
        assert listener.connections == 2
        await asyncio.to_thread(other.update, room("r", 2, 3.0), 1, [])  # a dead kept connection
        assert await asyncio.wait_for(heard.get(), 30) == "r"
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    assert heard.empty()
    own.close()
    other.close()


def test_an_unreachable_database_is_a_clear_error(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql://rooms:hunter2@/nothing?host={tmp_path}"
    with pytest.raises(StoreError, match="cannot reach the rooms' PostgreSQL") as raised:
        PostgresStore(url).check()
    assert "hunter2" not in str(raised.value) and shown(url) in str(raised.value)
    done = _officers("serve", "--rooms-db", url, "--port", "0")
    assert done.returncode == 2, done.stderr
    assert "cannot reach the rooms' PostgreSQL" in done.stderr and "hunter2" not in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_an_unreachable_database_is_503_and_never_tells_a_client_where_it_is(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The URL, user, password, host and socket of the rooms' database are the operator's:
    the log has them (the password hidden), a client is told only to try again."""
    pytest.importorskip("psycopg")
    pytest.importorskip("httpx")
    from officers.serve import Settings, create_app
    from tests.test_serve import call

    url = f"postgresql://rooms:hunter2@/nothing?host={tmp_path}"
    app = create_app(Settings(rooms_db=url, rate=0))
    with caplog.at_level(logging.WARNING, logger="officers.serve"):
        made = call("POST", "/v1/rooms", app, json={"game": "officers"})
        state = call("GET", "/v1/rooms/abc/state", app, headers={"Authorization": "Bearer x"})
    for answer in (made, state):
        assert answer.status_code == 503 and answer.json()["code"] == "unavailable"
        assert answer.headers["retry-after"] == "2"
        for secret in (str(tmp_path), "hunter2", "rooms:", "nothing", "postgres", "socket"):
            assert secret not in answer.text, (secret, answer.text)
    logged = [record.getMessage() for record in caplog.records]
    assert any(shown(url) in line for line in logged), logged
    assert not any("hunter2" in line for line in logged)


def test_without_the_extra_the_service_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['psycopg'] = None; from officers.cli import main; "
        "sys.exit(main(['serve', '--rooms-db', 'postgresql://rooms@db.example/rooms']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        check=False,
        text=True,
        timeout=60,
        env=_env(),
    )
    assert done.returncode == 2 and done.stderr.strip() == f"officers: {MISSING}"


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(CHECKOUT)}


def _officers(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "officers", *arguments],
        capture_output=True,
        check=False,
        text=True,
        timeout=60,
        env=_env(),
    )


# --- real services on one database ------------------------------------------------------------


def _services() -> Any:
    """The live tests' helpers (they need the 'serve' extra, httpx and websockets)."""
    pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    pytest.importorskip("websockets")
    from tests import test_rooms_live

    return test_rooms_live


class Service:
    """``officers serve`` in a child process on a free port, its rooms in the database at
    ``url`` (quacks like :class:`tests.test_rooms_live.Server` for its helpers)."""

    def __init__(self, url: str, folder: Path, *options: str) -> None:
        _services()
        self.url_of_db, self.folder, self.options = url, folder, options
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port: int = sock.getsockname()[1]
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Service:
        import httpx

        command = [sys.executable, "-m", "officers", "serve", "--port", str(self.port)]
        command += ["--rooms-db", self.url_of_db, "--rate", "0", *self.options]
        with (self.folder / f"serve-{self.port}.log").open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=self.folder, stdout=log, stderr=subprocess.STDOUT, env=_env()
            )
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/v1/health", timeout=1).status_code == 200:
                    return self
            assert self.process.poll() is None, self.log()
            assert time.monotonic() < deadline, "officers serve did not start"
            time.sleep(0.1)

    def log(self) -> str:
        return (self.folder / f"serve-{self.port}.log").read_text(errors="replace")[-3000:]

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def services(database: str, tmp_path: Path) -> Iterator[list[Service]]:
    """Two ``officers serve`` (one worker each: no polling) on one database."""
    started = [Service(database, tmp_path).start() for _ in range(2)]
    try:
        yield started
    finally:
        for service in started:
            service.stop()


def _play(live: Any, server: Service, room: str, tokens: list[str], by_live: Any = None) -> int:
    """One move of the seat to move, through ``server`` (by POST, or on its live connection
    ``by_live[seat]`` when given); the seq it was made at."""
    state = live.get(server, f"/v1/rooms/{room}/state", tokens[0]).json()
    mover = state["view"]["to_move"] - 1
    legal = live.get(server, f"/v1/rooms/{room}/state", tokens[mover]).json()["view"]
    move = legal["legal_moves"][0]
    if by_live is not None:
        by_live[mover].send({"type": "move", "move": move, "seq": state["seq"]})
    else:
        answer = live.post(
            server, f"/v1/rooms/{room}/move", {"move": move, "seq": state["seq"]}, tokens[mover]
        )
        assert answer.status_code == 200, answer.text
    seq: int = state["seq"]
    return seq


def test_a_move_through_one_service_reaches_the_live_connections_of_the_other(
    services: list[Service],
) -> None:
    live = _services()
    one, other = services
    room, tokens = live.two_seats(one, ["human", "human"])
    on_other = [live.Live(other, room, token, 0) for token in tokens]
    on_one = [live.Live(one, room, token, 0) for token in tokens]
    for connection in on_other + on_one:
        assert connection.next()["seq"] == 4
    for turn in range(8):  # by POST and by live message, through either service
        through = services[turn % 2]
        seq = _play(
            live, through, room, tokens, (on_one, on_other)[turn % 2] if turn % 4 > 1 else None
        )
        for connection in on_other + on_one:  # only a notification can wake them: no polling
            update = connection.next(timeout=30)
            assert update["seq"] == seq + 1
            assert [item["seq"] for item in update["events"]] == [seq + 1]
            assert update["state"]["seq"] == seq + 1
    for connection in on_other + on_one:
        connection.close()


def test_two_workers_on_postgres_share_rooms_without_polling(database: str, tmp_path: Path) -> None:
    live = _services()
    running = Service(database, tmp_path, "--workers", "2").start()
    try:
        room, tokens = live.two_seats(running, ["human", "human"])
        lives = [live.Live(running, room, token, 0) for token in tokens]
        for connection in lives:
            assert connection.next()["seq"] == 4
        for _ in range(6):
            seq = _play(live, running, room, tokens)
            for connection in lives:
                assert connection.next(timeout=30)["seq"] == seq + 1
    finally:
        running.stop()


def test_who_is_connected_reaches_the_other_service_at_once(services: list[Service]) -> None:
    """A seat that connects to one service, or leaves it, shows online, then away, on the
    other's connections: only a notification can tell them (they do not poll)."""
    live = _services()
    one, other = services
    room, tokens = live.two_seats(one, ["human", "human"])
    watching = live.Live(other, room, tokens[0], 0)
    assert watching.next()["state"]["seats"][1]["online"] is False
    arriving = live.Live(one, room, tokens[1], 0)
    assert arriving.next()["state"]["seats"][1]["online"] is True
    update = watching.next(timeout=30, presence=True)
    assert update["events"] == [] and update["seq"] == 4
    assert [seat["online"] for seat in update["state"]["seats"]] == [True, True]
    arriving.close()
    update = watching.next(timeout=30, presence=True)
    assert update["events"] == [] and update["seq"] == 4
    assert [seat["online"] for seat in update["state"]["seats"]] == [True, False]
    watching.close()


def test_connections_cut_or_a_restarted_database_come_back_and_miss_nothing(
    cluster: Cluster, database: str, services: list[Service]
) -> None:
    live = _services()
    one, other = services
    room, tokens = live.two_seats(one, ["human", "human"])
    watching = live.Live(other, room, tokens[1], 0)
    assert watching.next()["seq"] == 4
    for number, cut in enumerate(("terminated", "restarted", "terminated")):
        # every connection of both services ends: the listeners' and the pools' kept ones
        if cut == "restarted":
            cluster.restart()
        else:
            assert cluster.terminate(database) >= 2
        seq = _play(live, one, room, tokens)  # through dead kept connections: a new one
        assert seq == 4 + number  # every move committed before is there (a restart too)
        seen = [watching.next(timeout=30)]
        while seen[-1]["seq"] < seq + 1:  # woken by the move, or first by the reconnection
            seen.append(watching.next(timeout=30))
        assert [item["seq"] for update in seen for item in update["events"]] == [seq + 1]
    watching.close()


def test_while_the_database_is_down_the_rooms_answer_unavailable_and_then_play_on(
    cluster: Cluster, services: list[Service]
) -> None:
    """No 5xx of a bug: a database that cannot be reached is 503 ``unavailable`` with a
    ``Retry-After``, the service lives on, and the room answers again once it is back."""
    live = _services()
    one, _ = services
    room, tokens = live.two_seats(one, ["human", "human"])
    cluster.stop()
    try:
        for path in (f"/v1/rooms/{room}/state", f"/v1/rooms/{room}/events?after=0"):
            answer = live.get(one, path, tokens[0])
            assert answer.status_code == 503, answer.text
            assert answer.json()["code"] == "unavailable" and answer.headers["retry-after"] == "2"
            assert str(cluster.folder) not in answer.text and "postgres" not in answer.text
        made = live.post(one, "/v1/rooms", {"game": "officers", "seats": ["human", "human"]})
        assert made.status_code == 503 and made.json()["code"] == "unavailable"
        assert str(cluster.folder) not in made.text and "socket" not in made.text
        assert one.process is not None and one.process.poll() is None
    finally:
        cluster.start()
    assert live.get(one, f"/v1/rooms/{room}/state", tokens[0]).status_code == 200
    assert _play(live, one, room, tokens) == 4


@pytest.mark.slow  # SQLite's kill -9 test (test_rooms_live.py) runs by default
def test_a_service_killed_mid_game_loses_nothing(database: str, tmp_path: Path) -> None:
    live = _services()
    first = Service(database, tmp_path).start()
    watcher = Service(database, tmp_path).start()
    try:
        rooms = [live.post(first, "/v1/rooms", {"game": "eightoff"}).json() for _ in range(3)]
        duel, tokens = live.two_seats(first, ["human", "human"])
        watching = live.Live(watcher, duel, tokens[0], 0)
        assert watching.next()["seq"] == 4
        acknowledged: dict[str, list[str]] = {made["room"]: [] for made in rooms}
        for _ in range(4):
            for made in rooms:
                path = f"/v1/rooms/{made['room']}"
                state = live.get(first, path + "/state", made["token"]).json()
                if state["status"] == "over":
                    continue
                answer = live.post(
                    first,
                    path + "/move",
                    {"move": state["view"]["legal"][0], "seq": state["seq"]},
                    made["token"],
                )
                assert answer.status_code == 200, answer.text
                acknowledged[made["room"]].append(answer.json()["view"]["moves"][-1])
            _play(live, first, duel, tokens)
        before = live.get(first, f"/v1/rooms/{duel}/events?after=0", tokens[1]).json()
        first.kill()
        second = Service(database, tmp_path).start()
        try:
            for made in rooms:
                view = live.get(second, f"/v1/rooms/{made['room']}/state", made["token"]).json()
                assert view["view"]["moves"] == acknowledged[made["room"]]
            assert live.get(second, f"/v1/rooms/{duel}/events?after=0", tokens[1]).json() == before
            seq = _play(live, second, duel, tokens)  # and the game plays on, seen live elsewhere
            while (update := watching.next(timeout=30))["seq"] < seq + 1:
                pass
            assert update["seq"] == seq + 1
        finally:
            second.stop()
        watching.close()
    finally:
        first.stop()
        watcher.stop()
