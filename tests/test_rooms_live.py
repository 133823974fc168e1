"""Rooms against a real ``officers serve``: live WebSocket connections (moves as they happen, a
reconnect that misses nothing and repeats nothing, a connection kept past the header time
limit, refusals), every live message scanned for the cards a seat may not see, and the
server killed with SIGKILL mid-game and started again on the same file: every room, event and
token is as it was, and the game plays on."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")
from websockets.sync.client import connect  # noqa: E402

from tests.test_rooms import scan, secrets_of, true_state  # noqa: E402

CHECKOUT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``officers serve`` in a child process on a free port, its rooms in ``db``."""

    def __init__(self, db: Path, *options: str) -> None:
        self.db, self.options = db, options
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        command = [sys.executable, "-m", "officers", "serve", "--port", str(self.port)]
        command += ["--rooms-db", str(self.db), "--rate", "0", *self.options]
        self.process = subprocess.Popen(
            command,
            cwd=self.db.parent,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(CHECKOUT)},
        )
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/v1/health", timeout=1).status_code == 200:
                    return self
            assert self.process.poll() is None, "officers serve ended"
            assert time.monotonic() < deadline, "officers serve did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
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
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "rooms.db", "--header-timeout", "1").start()
    try:
        yield running
    finally:
        running.stop()


def post(server: Server, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return httpx.post(server.url + path, json=body, headers=headers, timeout=10)


def get(server: Server, path: str, token: str | None = None) -> Any:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    return httpx.get(server.url + path, headers=headers, timeout=10)


INVITES: dict[str, str] = {}


def two_seats(server: Server, kinds: list[str]) -> tuple[str, list[str]]:
    made = post(server, "/v1/rooms", {"game": "officers", "seats": kinds}).json()
    tokens = [made["token"]]
    INVITES[made["room"]] = made["invite"]
    for _ in range(kinds.count("human") - 1):
        tokens.append(
            post(server, f"/v1/rooms/{made['room']}/join", {"invite": made["invite"]}).json()[
                "token"
            ]
        )
    return made["room"], tokens


class Live:
    """One live connection, every message it received kept."""

    def __init__(self, server: Server, room: str, token: str | None, after: int) -> None:
        self.socket = connect(f"ws://127.0.0.1:{server.port}/v1/rooms/{room}/live", open_timeout=10)
        self.socket.send(json.dumps({"type": "hello", "token": token, "after": after}))
        self.messages: list[str] = []
        self.online: list[list[bool]] = []  # who was online, in each state received

    def next(self, timeout: float = 10, presence: bool = False) -> dict[str, Any]:
        """The next message; an update that only says who is online now is skipped (kept in
        ``online``) unless ``presence``."""
        while True:
            text = self.socket.recv(timeout=timeout)
            assert isinstance(text, str)
            self.messages.append(text)
            data: dict[str, Any] = json.loads(text)
            if data.get("kind") == "room-update" and data["state"] is not None:
                self.online.append([seat["online"] for seat in data["state"]["seats"]])
            if presence or len(self.messages) == 1 or data.get("kind") != "room-update":
                return data
            if data["events"]:
                return data

    def send(self, data: dict[str, Any]) -> None:
        self.socket.send(json.dumps(data))

    def close(self) -> None:
        self.socket.close()


def test_live_connections_deliver_every_move_once_and_keep_secrets(server: Server) -> None:
    room, tokens = two_seats(server, ["human", "human", "human"])
    lives = [Live(server, room, token, 0) for token in tokens]
    spectator = Live(server, room, None, 0)
    seqs = []
    for live in [*lives, spectator]:
        update = live.next()
        assert update["kind"] == "room-update" and update["seq"] == 5
        assert [event["seq"] for event in update["events"]] == [1, 2, 3, 4, 5]
        seqs.append([event["seq"] for event in update["events"]])
    assert lives[0].messages[0].count('"hand": [') == 2  # its own, in "started" and the state
    seen = {number: list(range(1, 6)) for number in range(3)}
    time.sleep(1.5)  # past --header-timeout: a live connection is no request waiting for headers
    dropped_at = None
    for turn in range(9):
        state = get(server, f"/v1/rooms/{room}/state", tokens[0]).json()
        if state["status"] == "over":
            break
        mover = state["view"]["to_move"] - 1
        legal = get(server, f"/v1/rooms/{room}/state", tokens[mover]).json()["view"]["legal_moves"]
        if turn == 3:  # seat 3 drops and misses a move
            lives[2].close()
            dropped_at = state["seq"]
        if mover == 2 and dropped_at is not None:
            lives[2] = Live(server, room, tokens[2], dropped_at)
            catch_up = lives[2].next()
            assert [event["seq"] for event in catch_up["events"]] == list(
                range(dropped_at + 1, state["seq"] + 1)
            )
            seen[2] += [event["seq"] for event in catch_up["events"]]
            dropped_at = None
        if mover == 2 or dropped_at is not None or turn % 2:
            post(
                server,
                f"/v1/rooms/{room}/move",
                {"move": legal[0], "seq": state["seq"]},
                tokens[mover],
            )
        else:
            lives[mover].send({"type": "move", "move": legal[0], "seq": state["seq"]})
        for number, live in enumerate(lives):
            if number == 2 and dropped_at is not None:
                continue
            update = live.next()
            assert update["state"]["seq"] == update["seq"]
            seen[number] += [event["seq"] for event in update["events"]]
        spectator.next()
    for number, numbers in seen.items():
        assert numbers == sorted(set(numbers)), f"seat {number + 1}: {numbers}"
    state = true_state(str(server.db), room)
    for number, live in enumerate(lives):
        for text in live.messages:
            found = scan(
                text, secrets_of(state, number), state.seed, [room, INVITES[room], tokens[number]]
            )
            assert not found, (found, text)
    for text in spectator.messages:
        assert not scan(text, secrets_of(state, -1), state.seed, [room])


def test_live_refusals_and_limits(server: Server) -> None:
    room, tokens = two_seats(server, ["human", "human"])
    forged = Live(server, room, "forged-token", 0)
    assert forged.next()["code"] == "unauthorized"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        forged.next()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    live = Live(server, room, tokens[1], 0)
    update = live.next()
    live.send({"type": "move", "move": "AS@r1c1", "seq": update["seq"], "id": 7})
    refusal = live.next()
    assert refusal["code"] == "conflict" and refusal["id"] == 7  # seat 2 is not to move
    live.send({"type": "ping"})
    assert live.next()["kind"] == "pong"
    live.send({"type": "fly"})
    assert live.next()["code"] == "bad-request"
    live.send({"type": "move", "move": "x" * 10000, "seq": 1})
    assert live.next()["code"] == "too-large"
    with pytest.raises(websockets.ConnectionClosed):
        live.next()
    silent = connect(f"ws://127.0.0.1:{server.port}/v1/rooms/{room}/live", open_timeout=10)
    with pytest.raises(websockets.ConnectionClosed):  # no hello: closed after its time limit
        silent.recv(timeout=20)
        silent.recv(timeout=20)
    nowhere = Live(server, "nosuchroom", None, 0)
    assert nowhere.next()["code"] == "not-found"


def unseen(document: dict[str, Any]) -> dict[str, Any]:
    """A room's document without who is online."""
    seats = [{k: v for k, v in seat.items() if k != "online"} for seat in document["seats"]]
    return {**document, "seats": seats}


def test_a_server_killed_mid_game_resumes_every_room_exactly(tmp_path: Path) -> None:
    db = tmp_path / "rooms.db"
    first = Server(db).start()
    try:
        room, tokens = two_seats(first, ["human", "designers", "human"])
        patience = post(first, "/v1/rooms", {"game": "eightoff"}).json()
        acknowledged = []
        for _ in range(4):
            state = get(first, f"/v1/rooms/{room}/state", tokens[0]).json()
            if state["status"] == "over":
                break
            mover = state["view"]["to_move"] - 1
            token = tokens[0 if mover == 0 else 1]
            legal = get(first, f"/v1/rooms/{room}/state", token).json()["view"]["legal_moves"]
            answer = post(
                first, f"/v1/rooms/{room}/move", {"move": legal[-1], "seq": state["seq"]}, token
            )
            assert answer.status_code == 200
            acknowledged.append(legal[-1])
        for _ in range(3):
            view = get(first, f"/v1/rooms/{patience['room']}/state", patience["token"]).json()
            post(
                first,
                f"/v1/rooms/{patience['room']}/move",
                {"move": view["view"]["legal"][0], "seq": view["seq"]},
                patience["token"],
            )
        before = {
            token: (
                get(first, f"/v1/rooms/{room}/state", token).json(),
                get(first, f"/v1/rooms/{room}/events?after=0", token).json(),
            )
            for token in tokens
        }
        eight = get(first, f"/v1/rooms/{patience['room']}/state", patience["token"]).json()
        first.kill()
    finally:
        first.stop()
    second = Server(db).start()
    try:
        for token, (state, events) in before.items():
            # the same room exactly; who is online is no part of it (the reads gave signs)
            assert unseen(get(second, f"/v1/rooms/{room}/state", token).json()) == unseen(state)
            assert get(second, f"/v1/rooms/{room}/events?after=0", token).json() == events
        assert get(second, f"/v1/rooms/{patience['room']}/state", patience["token"]).json() == eight
        played = [
            event["move"]
            for event in before[tokens[0]][1]["events"]
            if event["type"] == "moved" and event["bot"] is None
        ]
        assert played == acknowledged
        stale = post(second, f"/v1/rooms/{room}/move", {"move": "AS@r1c1", "seq": 1}, tokens[0])
        assert stale.status_code == 409
        while True:  # and play on to the end
            state = get(second, f"/v1/rooms/{room}/state", tokens[0]).json()
            if state["status"] == "over":
                break
            mover = state["view"]["to_move"] - 1
            token = tokens[0 if mover == 0 else 1]
            legal = get(second, f"/v1/rooms/{room}/state", token).json()["view"]["legal_moves"]
            assert (
                post(
                    second, f"/v1/rooms/{room}/move", {"move": legal[0], "seq": state["seq"]}, token
                ).status_code
                == 200
            )
        assert state["view"]["outcome"] is not None
    finally:
        second.stop()


def test_no_acknowledged_move_is_lost_when_the_server_is_killed_during_moves(
    tmp_path: Path,
) -> None:
    db = tmp_path / "rooms.db"
    first = Server(db).start()
    rooms = [post(first, "/v1/rooms", {"game": "eightoff"}).json() for _ in range(3)]
    acknowledged: dict[str, list[str]] = {made["room"]: [] for made in rooms}
    deadline = time.monotonic() + 1.5
    try:
        while time.monotonic() < deadline:
            for made in rooms:
                state = get(first, f"/v1/rooms/{made['room']}/state", made["token"]).json()
                if state["status"] == "over":
                    continue
                move = state["view"]["legal"][0]
                answer = post(
                    first,
                    f"/v1/rooms/{made['room']}/move",
                    {"move": move, "seq": state["seq"]},
                    made["token"],
                )
                if answer.status_code == 200:
                    acknowledged[made["room"]].append(answer.json()["view"]["moves"][-1])
        first.kill()
    finally:
        first.stop()
    second = Server(db).start()
    try:
        for made in rooms:
            view = get(second, f"/v1/rooms/{made['room']}/state", made["token"]).json()["view"]
            assert view["moves"] == acknowledged[made["room"]]
    finally:
        second.stop()


def test_two_workers_share_the_rooms_and_their_live_changes(tmp_path: Path) -> None:
    running = Server(tmp_path / "rooms.db", "--workers", "2").start()
    try:
        room, tokens = two_seats(running, ["human", "human"])
        lives = [Live(running, room, token, 0) for token in tokens]
        for live in lives:
            assert live.next()["seq"] == 4
        for _ in range(6):  # each request reaches either worker; each change reaches both seats
            state = get(running, f"/v1/rooms/{room}/state", tokens[0]).json()
            mover = state["view"]["to_move"] - 1
            legal = get(running, f"/v1/rooms/{room}/state", tokens[mover]).json()["view"]
            answer = post(
                running,
                f"/v1/rooms/{room}/move",
                {"move": legal["legal_moves"][0], "seq": state["seq"]},
                tokens[mover],
            )
            assert answer.status_code == 200, answer.text
            for live in lives:
                update = live.next(timeout=10)
                assert update["seq"] == state["seq"] + 1
                assert [event["seq"] for event in update["events"]] == [state["seq"] + 1]
    finally:
        running.stop()


def test_a_flood_of_live_messages_is_cut_off(tmp_path: Path) -> None:
    running = Server(tmp_path / "rooms.db").start()
    try:
        room, tokens = two_seats(running, ["human", "human"])
        running.stop()
        running = Server(tmp_path / "rooms.db", "--rate", "5", "--burst", "5").start()
        live = Live(running, room, tokens[1], 0)
        assert live.next()["kind"] == "room-update"
        codes = []
        with pytest.raises(websockets.ConnectionClosed) as closed:
            for _ in range(50):  # seat 2 is not to move: each one refused, and counted
                live.send({"type": "move", "move": "AS@r1c1", "seq": 1})
                codes.append(live.next().get("code") or "")
        assert closed.value.rcvd is not None and closed.value.rcvd.code in (4429, 1000)
        assert "conflict" in codes and len(codes) < 50
    finally:
        running.stop()


def test_pings_spend_no_rate_and_a_handshake_over_it_is_answered_429(tmp_path: Path) -> None:
    """200 pings in a burst are all answered, and the address may still connect and ask
    (a ping is no request); once its requests spend the rate, a handshake is refused as HTTP
    is: 429 ``rate-limited`` with ``Retry-After``, not a bare 403."""
    running = Server(tmp_path / "rooms.db").start()
    try:
        room, tokens = two_seats(running, ["human", "human"])
        running.stop()
        # 6 requests at once, one more each 10 s: the start's look at /v1/health spends one
        running = Server(tmp_path / "rooms.db", "--rate", "0.1", "--burst", "6").start()
        live = Live(running, room, tokens[0], 0)  # its handshake spends one
        assert live.next()["kind"] == "room-update"
        for number in range(200):
            live.send({"type": "ping", "id": number})
        assert [live.next()["kind"] for _ in range(200)] == ["pong"] * 200
        again = Live(running, room, tokens[1], 0)  # a second connection is let in
        assert again.next()["kind"] == "room-update"
        assert get(running, f"/v1/rooms/{room}").status_code == 200
        spent = [get(running, f"/v1/rooms/{room}").status_code for _ in range(6)]
        assert spent[-1] == 429  # now the rate is spent
        with pytest.raises(websockets.InvalidStatus) as refused:
            connect(f"ws://127.0.0.1:{running.port}/v1/rooms/{room}/live", open_timeout=10)
        response = refused.value.response
        assert response.status_code == 429, response
        assert int(response.headers["Retry-After"]) >= 1
        assert response.headers["Cache-Control"] == "no-store"
        body = json.loads(response.body)
        assert body["kind"] == "error" and body["code"] == "rate-limited"
        live.send({"type": "ping"})  # the open connections go on
        assert live.next()["kind"] == "pong"
    finally:
        running.stop()


@pytest.mark.parametrize(
    "hello",
    [
        b"\xff\xfe binary",
        "not json",
        "[1, 2]",
        '{"type": "hello", "after": -1}',
        '{"type": "move"}',
    ],
)
def test_a_bad_hello_is_answered_and_closed(server: Server, hello: str | bytes) -> None:
    room, _ = two_seats(server, ["human", "human"])
    with connect(f"ws://127.0.0.1:{server.port}/v1/rooms/{room}/live", open_timeout=10) as socket:
        socket.send(hello)
        answer = json.loads(socket.recv(timeout=10))
        assert answer["kind"] == "error" and answer["code"] in ("bad-json", "bad-request")
        with pytest.raises(websockets.ConnectionClosed) as closed:
            socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400


class _Recording:
    """A store that hands every call to ``inner`` and notes the thread of each read; it says
    its reads are quick when ``quick`` (as SQLite does), and says nothing otherwise (as a store
    across the network)."""

    def __init__(self, inner: Any, quick: bool) -> None:
        self.inner = inner
        self.reads: list[int] = []
        if quick:
            self.quick_reads = True

    def insert(self, room: Any, events: Any) -> None:
        self.inner.insert(room, events)

    def get(self, room_id: str) -> Any:
        import threading

        self.reads.append(threading.get_ident())
        return self.inner.get(room_id)

    def update(self, room: Any, seq: int, events: Any) -> bool:
        return bool(self.inner.update(room, seq, events))

    def events(self, room_id: str, after: int, limit: int, upto: int | None = None) -> Any:
        import threading

        self.reads.append(threading.get_ident())
        return self.inner.events(room_id, after, limit, upto)

    def count(self, client: str | None = None) -> int:
        return int(self.inner.count(client))

    def expire(self, before: float) -> int:
        return int(self.inner.expire(before))

    def present(self, room_id: str, seat: int, connection: str, at: float) -> bool:
        return bool(self.inner.present(room_id, seat, connection, at))

    def refresh(self, signs: Any, at: float) -> frozenset[str]:
        return frozenset(self.inner.refresh(signs, at))

    def expired(self, since: float, until: float) -> frozenset[str]:
        return frozenset(self.inner.expired(since, until))

    def absent(self, room_id: str, connection: str) -> None:
        self.inner.absent(room_id, connection)

    def online(self, room_id: str, since: float) -> frozenset[int]:
        import threading

        self.reads.append(threading.get_ident())
        return frozenset(self.inner.online(room_id, since))

    def close(self) -> None:
        self.inner.close()


def test_a_live_session_reads_on_the_loop_only_from_a_store_that_says_so(tmp_path: Path) -> None:
    """Two live sessions of the same seat, one over a store whose reads are quick (read on the
    event loop: no thread hop), one over a store that does not say so (read in a thread), get
    the same messages, byte for byte, through a game's first moves."""
    import asyncio
    import threading

    from officers.rooms.live import Hub, session
    from officers.rooms.room import Rooms
    from officers.rooms.store import SQLiteStore

    db = str(tmp_path / "rooms.db")
    quick = _Recording(SQLiteStore(db), quick=True)
    remote = _Recording(SQLiteStore(db), quick=False)
    rooms = Rooms(SQLiteStore(db))
    made = rooms.create({"game": "officers", "seats": ["human", "human"]}, "10.0.0.1")
    tokens = [made["token"], rooms.join(made["room"], {"invite": made["invite"]})["token"]]
    assert Rooms(quick).quick_reads and not Rooms(remote).quick_reads
    start = rooms.state(made["room"], tokens[0])["seq"]

    async def play() -> list[list[str]]:
        hub = Hub()
        loop_thread = threading.get_ident()
        inboxes: list[asyncio.Queue[str | None]] = [asyncio.Queue(), asyncio.Queue()]
        sent: list[list[str]] = [[], []]
        arrived = asyncio.Event()

        def sender(number: int) -> Any:
            async def send(text: str) -> None:
                sent[number].append(text)
                arrived.set()

            return send

        sessions = [
            asyncio.create_task(session(Rooms(store), hub, made["room"], inbox.get, sender(number)))
            for number, (store, inbox) in enumerate(zip((quick, remote), inboxes, strict=True))
        ]
        for inbox in inboxes:
            inbox.put_nowait(json.dumps({"type": "hello", "token": tokens[0], "after": 0}))
        seq = start

        async def caught_up() -> None:
            while any(not texts or json.loads(texts[-1])["seq"] < seq for texts in sent):
                arrived.clear()
                await asyncio.wait_for(arrived.wait(), 30)

        for _ in range(4):
            await caught_up()
            state = json.loads(sent[0][-1])["state"]
            mover = state["view"]["to_move"] - 1
            legal = rooms.state(made["room"], tokens[mover])["view"]["legal_moves"]
            await asyncio.to_thread(
                rooms.move, made["room"], tokens[mover], {"move": legal[0], "seq": seq}
            )
            hub.changed(made["room"])
            seq += 1
        await caught_up()
        for inbox in inboxes:
            inbox.put_nowait(None)
        assert [await task for task in sessions] == [(1000, "the client left")] * 2
        assert quick.reads and set(quick.reads) == {loop_thread}
        assert remote.reads and loop_thread not in remote.reads
        return sent

    sent = asyncio.run(play())
    assert sent[0] == sent[1] and len(sent[0]) >= 4
    assert [json.loads(text)["seq"] for text in sent[0]][-1] == start + 4


def test_who_is_online_follows_the_live_connections_and_changes_no_seq(server: Server) -> None:
    """Each seat's live connection shows it online to everyone in the room (spectators too)
    at once, and away as soon as it closes; such an update has no events and keeps the seq, so
    a move made at the seq it shows is taken."""
    room, tokens = two_seats(server, ["human", "human", "random"])
    first = Live(server, room, tokens[0], 0)
    assert [seat["online"] for seat in first.next()["state"]["seats"]] == [True, False, True]
    spectator = Live(server, room, None, 0)
    assert [seat["online"] for seat in spectator.next()["state"]["seats"]] == [True, False, True]
    second = Live(server, room, tokens[1], 0)
    assert second.next()["state"]["seats"][1]["online"] is True
    for live in (first, spectator):
        update = live.next(presence=True)
        assert update["events"] == [] and update["seq"] == update["state"]["seq"] == 4
        assert [seat["online"] for seat in update["state"]["seats"]] == [True, True, True]
    state = get(server, f"/v1/rooms/{room}/state", tokens[0]).json()
    mover = state["view"]["to_move"] - 1
    legal = get(server, f"/v1/rooms/{room}/state", tokens[mover]).json()["view"]["legal_moves"]
    (first, second)[mover].send({"type": "move", "move": legal[0], "seq": 4})
    assert first.next()["events"][0]["seq"] == 5  # taken at the seq shown
    assert second.next()["events"][0]["seq"] == 5
    second.close()
    while True:  # the bot's answer may come first
        update = first.next(presence=True)
        if not update["state"]["seats"][1]["online"]:
            break
    assert [seat["online"] for seat in update["state"]["seats"]] == [True, False, True]
    seen = get(server, f"/v1/rooms/{room}").json()
    assert [seat["online"] for seat in seen["seats"]] == [True, False, True]
    # a page without a live connection polls the events: a sign too, shown to the others at once
    assert get(server, f"/v1/rooms/{room}/events?after=0", tokens[1]).status_code == 200
    update = first.next(presence=True)
    assert [seat["online"] for seat in update["state"]["seats"]] == [True, True, True]
    seen = get(server, f"/v1/rooms/{room}").json()
    assert [seat["online"] for seat in seen["seats"]] == [True, True, True]
    first.close()
    spectator.close()


class _Counting:
    """A store that counts the signs of presence written to it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.signs = 0

    def present(self, room_id: str, seat: int, connection: str, at: float) -> bool:
        self.signs += 1
        return bool(self.inner.present(room_id, seat, connection, at))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_seat_is_online_while_its_last_sign_is_fresh() -> None:
    """By the rooms' clock: a sign counts for RoomLimits.presence seconds; a closed connection
    counts no more; a bot is always at the table; polling the events gives a sign at most once
    every third of the presence seconds."""
    from officers.rooms.room import RoomLimits, Rooms
    from officers.rooms.store import SQLiteStore

    now = [1000.0]
    store = _Counting(SQLiteStore(":memory:"))
    rooms = Rooms(store, RoomLimits(presence=30.0), clock=lambda: now[0])
    made = rooms.create({"game": "officers", "seats": ["human", "designers", "human"]}, "x")
    room = made["room"]
    assert [seat["online"] for seat in made["seats"]] == [False, True, False]
    joined = rooms.join(room, {"invite": made["invite"]})

    def online() -> list[bool]:
        return [seat["online"] for seat in rooms.get(room)["seats"]]

    assert online() == [False, True, False]
    assert rooms.arrive(room, 0, "tab") and not rooms.arrive(room, 0, "tab")
    assert online() == [True, True, False]
    now[0] += 30.0
    assert online() == [True, True, False]
    now[0] += 0.5
    assert online() == [False, True, False]  # its last sign is too old: its process died
    rooms.arrive(room, 0, "tab")
    rooms.depart(room, "tab")
    assert online() == [False, True, False]
    signs = store.signs
    rooms.events(room, joined["token"], 0)
    assert online() == [False, True, True] and store.signs == signs + 1
    now[0] += 9.0
    rooms.events(room, joined["token"], 0)  # within a third of 30 s: no new sign
    assert store.signs == signs + 1
    now[0] += 1.5
    rooms.events(room, joined["token"], 0, presence=False)  # asked to give none
    assert store.signs == signs + 1
    rooms.events(room, joined["token"], 0)
    assert store.signs == signs + 2
    rooms.events(room, None, 0)  # a spectator gives no sign
    assert store.signs == signs + 2
    now[0] += 31.0
    assert online() == [False, True, False]
    assert rooms.state(room, joined["token"])["seats"][2]["online"] is False


def test_the_heartbeat_renews_the_signs_and_shows_a_dead_process_s_seat_away(
    tmp_path: Path,
) -> None:
    """One heartbeat for the process's connections: their signs stay fresh however long they
    stay open, and a seat whose connection's process died (a sign nobody renews) shows away
    once its sign is old, sent to the live connections as a state without events."""
    import asyncio

    from officers.rooms.live import Hub, session
    from officers.rooms.room import RoomLimits, Rooms
    from officers.rooms.store import SQLiteStore

    rooms = Rooms(SQLiteStore(str(tmp_path / "rooms.db")), RoomLimits(presence=1.2))
    made = rooms.create({"game": "officers", "seats": ["human", "human"]}, "10.0.0.1")
    room = made["room"]
    rooms.join(room, {"invite": made["invite"]})
    rooms.arrive(room, 1, "a connection of a process that died")

    async def run() -> list[dict[str, Any]]:
        hub = Hub()
        inbox: asyncio.Queue[str | None] = asyncio.Queue()
        sent: list[dict[str, Any]] = []

        async def send(text: str) -> None:
            sent.append(json.loads(text))

        task = asyncio.create_task(session(rooms, hub, room, inbox.get, send))
        inbox.put_nowait(json.dumps({"type": "hello", "token": made["token"], "after": 0}))
        await asyncio.sleep(3.0)  # more than twice the presence seconds
        inbox.put_nowait(None)
        await task
        await asyncio.sleep(0.1)  # the departure is written
        return sent

    sent = asyncio.run(run())
    online = [[seat["online"] for seat in update["state"]["seats"]] for update in sent]
    assert online == [[True, True], [True, False]]
    assert sent[1]["events"] == [] and sent[1]["seq"] == sent[0]["seq"]
    assert rooms.online(room) == frozenset()  # the connection closed: its sign went with it
