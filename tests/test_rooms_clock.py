"""The rooms' clock: on Expert (or with the option ``clock``) each turn of a person's seat has a
deadline kept by the server. A move after it is refused as ``late`` and the game is lost on time;
the service's timer ends the turn with nobody's request and wakes the live connections; the
deadline is stored with the room, so a service started again keeps it and ends an overdue game;
of several workers one ends it; bots never lose on time. The clock is the rooms' own (a time
function given to :class:`Rooms`), so nothing here waits 30 s; the one test on the real clock
gives it seconds of margin."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from officers.rooms.errors import RoomError
from officers.rooms.room import Rooms
from officers.rooms.store import SQLiteStore, Store
from tests.helpers import assert_valid
from tests.test_rooms_postgres import cluster, database, opened  # noqa: F401

START = 1_700_000_000.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def two_people(rooms: Rooms, options: dict[str, Any]) -> tuple[str, list[str]]:
    made = rooms.create({"game": "officers", "options": options, "seats": ["human"] * 2}, "c")
    joined = rooms.join(made["room"], {"invite": made["invite"]})
    return made["room"], [made["token"], joined["token"]]


def to_move(rooms: Rooms, room: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    state = rooms.state(room, tokens[0])
    mover = state["view"]["to_move"] - 1
    return mover, rooms.state(room, tokens[mover])


def timeouts(rooms: Rooms, room: str, token: str) -> list[dict[str, Any]]:
    events = rooms.events(room, token, 0)["events"]
    return [event for event in events if event.get("move") == "timeout"]


def test_a_late_move_is_refused_and_the_game_is_lost_on_time() -> None:
    clock = Clock()
    rooms = Rooms(SQLiteStore(":memory:"), clock=clock)
    room, tokens = two_people(rooms, {"level": "expert"})
    mover, state = to_move(rooms, room, tokens)
    assert_valid(state)
    assert state["clock"] == {"seconds": 30.0, "deadline": START + 30, "left": 30.0}
    assert rooms.get(room)["clock"] == state["clock"]  # every seat and spectator sees it
    clock.now += 29.5  # in time
    after = rooms.move(
        room, tokens[mover], {"move": state["view"]["legal_moves"][0], "seq": state["seq"]}
    )
    assert after["clock"] == {"seconds": 30.0, "deadline": clock.now + 30, "left": 30.0}
    clock.now += 10
    assert rooms.state(room, tokens[0])["clock"]["left"] == 20.0
    clock.now += 20  # at the deadline: too late
    mover, state = 1 - mover, rooms.state(room, tokens[1 - mover])
    with pytest.raises(RoomError) as refused:
        rooms.move(room, tokens[mover], {"move": "AS@r1c1", "seq": after["seq"]})
    assert (refused.value.code, refused.value.rule) == ("conflict", "late")
    assert f"the turn of seat {mover + 1} ended at 2023-11-14T22:14:" in refused.value.message
    assert_valid(refused.value.document())
    ended = rooms.state(room, tokens[mover])
    assert_valid(ended)
    assert ended["status"] == "over" and ended["clock"]["deadline"] is None
    assert ended["view"]["outcome"]["reason"] == "out of time"
    assert ended["view"]["outcome"]["seat"] == mover + 1 and ended["view"]["seed"] is not None
    events = rooms.events(room, tokens[0], after["seq"])["events"]
    assert [(e["type"], e.get("move"), e.get("seat")) for e in events] == [
        ("moved", "timeout", mover + 1),
        ("ended", None, None),
    ]
    assert events[0]["deadline"] == after["clock"]["deadline"]
    assert rooms.get(room)["seq"] == after["seq"] + 2  # ended once, however often it is read
    with pytest.raises(RoomError) as again:  # the same move sent again is still late
        rooms.move(room, tokens[mover], {"move": "AS@r1c1", "seq": after["seq"]})
    assert again.value.rule == "late"
    rematch = rooms.rematch(room, tokens[0], {"seq": ended["seq"]})
    assert rematch["clock"]["deadline"] == clock.now + 30  # a new round, a new turn


def test_the_service_s_clock_ends_the_turn_with_no_request_once_among_workers(
    tmp_path: Path,
) -> None:
    clock = Clock()
    db = str(tmp_path / "rooms.db")
    rooms = Rooms(SQLiteStore(db), clock=clock)
    room, tokens = two_people(rooms, {"level": "normal", "clock": 5})
    assert rooms.keep_time() == (frozenset(), 5.0)  # nothing due: call again in 5 s
    clock.now += 4.0
    assert rooms.keep_time() == (frozenset(), 1.0)
    clock.now += 1.0
    workers = [Rooms(SQLiteStore(db), clock=clock) for _ in range(4)]
    barrier = threading.Barrier(len(workers))
    ended: list[frozenset[str]] = []

    def work(worker: Rooms) -> None:
        barrier.wait()
        ended.append(worker.keep_time()[0])

    threads = [threading.Thread(target=work, args=(worker,)) for worker in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(ended, key=len) == [frozenset()] * 3 + [frozenset({room})]
    assert len(timeouts(rooms, room, tokens[0])) == 1
    stored = SQLiteStore(db).get(room)
    assert stored is not None and stored.deadline is None
    assert stored.record["status"] == "over"
    assert rooms.keep_time() == (frozenset(), None)  # no clock runs any more


def test_a_restart_keeps_the_deadline_and_a_read_ends_an_overdue_game(tmp_path: Path) -> None:
    clock = Clock()
    db = str(tmp_path / "rooms.db")
    before = Rooms(SQLiteStore(db), clock=clock)
    room, tokens = two_people(before, {"level": "expert"})
    deadline = before.get(room)["clock"]["deadline"]
    before.store.close()
    clock.now += 12
    again = Rooms(SQLiteStore(db), clock=clock)  # the service started again
    assert again.get(room)["clock"] == {"seconds": 30.0, "deadline": deadline, "left": 18.0}
    clock.now += 3600  # stopped for an hour
    assert again.fresh_signs() == frozenset()
    state = again.state(room, tokens[1])  # the first request ends the turn first
    assert state["status"] == "over" and state["view"]["outcome"]["reason"] == "out of time"
    assert again.fresh_signs() == {room}  # the service wakes the room's live connections
    assert len(timeouts(again, room, tokens[0])) == 1


def test_a_file_made_before_the_clock_gains_its_column(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE rooms (id TEXT PRIMARY KEY, game TEXT NOT NULL, seq INTEGER NOT NULL, "
        "created REAL NOT NULL, touched REAL NOT NULL, client TEXT NOT NULL, "
        "record TEXT NOT NULL, state TEXT);"
        "INSERT INTO rooms VALUES ('r1', 'officers', 3, 1.0, 2.0, 'c', '{\"round\": 1}', 's');"
    )
    old.commit()
    old.close()
    store = SQLiteStore(path)
    found = store.get("r1")
    assert found is not None and found.deadline is None and found.record == {"round": 1}
    assert store.due(1e12, 10) == ([], None)
    store.close()


@pytest.mark.parametrize("seats", [["human", "random"], ["designers", "human"]])
def test_bots_move_at_once_and_never_lose_on_time(seats: list[str]) -> None:
    clock = Clock()
    rooms = Rooms(SQLiteStore(":memory:"), clock=clock)
    made = rooms.create({"game": "officers", "options": {"level": "expert"}, "seats": seats}, "c")
    room, token = made["room"], made["token"]
    state = made
    while state["status"] == "playing":
        assert state["view"]["to_move"] == made["seat"]  # a bot's turn never waits
        assert state["clock"]["deadline"] == clock.now + 30
        clock.now += 29.9
        assert rooms.keep_time()[0] == frozenset()
        move = state["view"]["legal_moves"][0]
        state = rooms.move(room, token, {"move": move, "seq": state["seq"]})
    assert state["view"]["outcome"]["reason"] in ("finished", "stuck")
    assert timeouts(rooms, room, token) == [] and state["clock"]["deadline"] is None


def test_only_games_with_a_clock_keep_one() -> None:
    clock = Clock()
    rooms = Rooms(SQLiteStore(":memory:"), clock=clock)
    for request in (
        {"game": "officers", "options": {"level": "hard"}, "seats": ["human", "random"]},
        {"game": "eightoff"},
        {"game": "skat", "seats": ["human", "random"]},
    ):
        made = rooms.create(request, "c")
        assert made["status"] == "playing" and made["clock"] is None, request
        assert_valid(made)
    clock.now += 86000
    assert rooms.keep_time() == (frozenset(), None)
    made = rooms.create(
        {"game": "officers", "options": {"level": "easy", "clock": 90}, "seats": ["human"]}, "c"
    )
    assert made["clock"] == {"seconds": 90, "deadline": clock.now + 90, "left": 90.0}
    for bad in (0, 0.5, 3601, True, "30"):
        with pytest.raises(RoomError) as refused:
            rooms.create({"game": "officers", "options": {"clock": bad}}, "c")
        assert refused.value.code == "bad-input" and "the clock is the seconds a turn" in str(
            refused.value
        )
    with pytest.raises(RoomError) as claimed:  # only the room's clock ends a turn on time
        rooms.move(made["room"], made["token"], {"move": "timeout", "seq": made["seq"]})
    assert claimed.value.code == "bad-input" and "'timeout'" in claimed.value.message


def test_the_service_s_timer_tells_the_live_connections_at_once(tmp_path: Path) -> None:
    """On the real clock, a turn of 1 s: the live connection of the seat that waits hears the
    game lost on time with nobody's request, after the deadline (and within seconds)."""
    from officers.rooms.live import Hub, keep_time, session

    rooms = Rooms(SQLiteStore(str(tmp_path / "rooms.db")))
    room, tokens = two_people(rooms, {"level": "expert", "clock": 1})

    async def run() -> list[dict[str, Any]]:
        hub = Hub()
        inbox: asyncio.Queue[str | None] = asyncio.Queue()
        sent: list[dict[str, Any]] = []
        heard = asyncio.Event()

        async def send(text: str) -> None:
            sent.append(json.loads(text))
            if any(event["type"] == "ended" for event in sent[-1]["events"]):
                heard.set()

        timer = asyncio.create_task(keep_time(rooms, hub, tick=0.25))
        task = asyncio.create_task(session(rooms, hub, room, inbox.get, send))
        inbox.put_nowait(json.dumps({"type": "hello", "token": tokens[1], "after": 0}))
        await asyncio.wait_for(heard.wait(), 30)
        inbox.put_nowait(None)
        await task
        timer.cancel()
        return sent

    sent = asyncio.run(run())
    first, last = sent[0], sent[-1]
    deadline = first["state"]["clock"]["deadline"]
    assert first["state"]["status"] == "playing" and deadline is not None
    timeout, ended = last["events"][-2:]
    assert timeout["move"] == "timeout" and timeout["at"] >= deadline
    assert ended["type"] == "ended" and ended["outcome"]["reason"] == "out of time"
    assert last["state"]["status"] == "over" and last["state"]["clock"]["deadline"] is None
    assert_valid(last)


def test_the_timer_of_the_service_runs_in_its_lifespan(tmp_path: Path) -> None:
    """Through HTTP: a move sent late is a 409 ``late``; with the service running (its lifespan),
    an overdue turn ends with no request at all (read from the store, which ends nothing)."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from officers.serve import Settings, create_app

    db = str(tmp_path / "rooms.db")
    settings = Settings(rate=0, rooms_db=db)
    body = {"game": "officers", "options": {"level": "expert", "clock": 1}, "seats": ["human"]}
    with TestClient(create_app(settings)) as http:
        made = http.post("/v1/rooms", json=body).json()
        assert made["clock"]["seconds"] == 1
        waited = time.monotonic() + 30
        while (stored := SQLiteStore(db).get(made["room"])) is not None and stored.deadline:
            assert time.monotonic() < waited, "the service did not end the turn"
            time.sleep(0.1)
        assert stored is not None and stored.record["status"] == "over"
        move = made["view"]["legal_moves"][0]
        late = http.post(
            f"/v1/rooms/{made['room']}/move",
            json={"move": move, "seq": made["seq"]},
            headers={"Authorization": f"Bearer {made['token']}"},
        )
        assert late.status_code == 409 and late.json()["rule"] == "late", late.text
        assert_valid(late.json())


def test_the_deadline_is_kept_alike_by_both_stores(
    opened: Callable[[], Store],  # noqa: F811 (the fixture of tests.test_rooms_postgres)
) -> None:
    """SQLite and PostgreSQL: the deadline survives a new store (a restart) and ``due`` finds
    it; of two workers ending the turn at once one wins."""
    clock = Clock()
    first = Rooms(opened(), clock=clock)
    room, tokens = two_people(first, {"level": "expert"})
    deadline = first.get(room)["clock"]["deadline"]
    second, third = Rooms(opened(), clock=clock), Rooms(opened(), clock=clock)
    assert second.get(room)["clock"]["deadline"] == deadline == START + 30
    assert second.store.due(START + 29, 10) == ([], deadline)
    clock.now += 30
    assert second.store.due(clock.now, 10)[0] == [room]
    ended = [second.keep_time()[0], third.keep_time()[0]]
    assert sorted(ended, key=len) == [frozenset(), frozenset({room})]
    assert len(timeouts(first, room, tokens[0])) == 1
    assert first.get(room)["status"] == "over" and first.store.due(clock.now, 10)[0] == []


class Racing(SQLiteStore):
    """A store whose next write first lets ``hook`` run (another worker's clock, say)."""

    hook: Callable[[], None] | None = None

    def update(self, room: Any, seq: int, events: Any) -> bool:
        hook, self.hook = self.hook, None
        if hook is not None:
            hook()
        return super().update(room, seq, events)


def test_a_move_the_clock_overtakes_is_refused_as_late() -> None:
    """A move read in time whose write comes after the clock ended the turn (another worker's
    timer committed first): refused as late, not as a mere conflict; the timeout stands."""
    clock = Clock()
    store = Racing(":memory:")
    rooms, timer = Rooms(store, clock=clock), Rooms(store, clock=clock)
    room, tokens = two_people(rooms, {"level": "expert"})
    mover, state = to_move(rooms, room, tokens)
    clock.now += 29.9

    def overtaken() -> None:
        clock.now += 0.2
        assert timer.keep_time()[0] == {room}

    store.hook = overtaken
    move = state["view"]["legal_moves"][0]
    with pytest.raises(RoomError) as refused:
        rooms.move(room, tokens[mover], {"move": move, "seq": state["seq"]})
    assert refused.value.rule == "late"
    assert rooms.state(room, tokens[0])["view"]["outcome"]["reason"] == "out of time"
    assert len(timeouts(rooms, room, tokens[0])) == 1
