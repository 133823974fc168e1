"""Live rooms: one connection a seat (or spectator), the room's events as they happen.

:func:`session` speaks the live protocol over any message channel (the service gives it a
WebSocket): the client's first message says who it is and the last event it has,

    ``{"type": "hello", "token": TOKEN or null, "after": SEQ}``

and the server answers with a ``room-update`` document: the events after ``SEQ`` that this
seat may see, the room's ``seq``, and the seat's ``state``; then one ``room-update`` each time
the room changes. A connection that drops and comes back with the last ``seq`` it got misses
nothing and gets nothing twice. A seat's connection also says that the seat is here when it
opens (the :class:`Hub` renews that every third of
:attr:`RoomLimits.presence <officers.rooms.room.RoomLimits>` seconds) and that it is gone when
it closes: every state shows each seat ``online`` or not, and a change of who is online alone
is sent as a ``room-update`` without events. On the same connection the client may play:

    ``{"type": "move", "move": "AS@r1c1", "seq": SEQ, "lang": "de"}`` (``lang`` optional),
    ``{"type": "take-back", "seq": SEQ}``,
    ``{"type": "rematch", "seq": SEQ}``, ``{"type": "ping"}``

A refused message is answered with an ``error`` document (with the message's ``id`` when it
had one, and a refused move's ``rule``); the move itself reaches every connection of the room as its next ``room-update``.

:class:`Hub` wakes the connections of a room when a request of this process changed it; a
connection of a service with several worker processes also looks at the store every
:attr:`LiveLimits.poll` seconds, so that the changes made by another worker reach it too.
:func:`keep_time` is the service's clock: it ends each turn at its deadline, with nobody's
request, and wakes the room's connections, which send the game lost on time at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from officers.contract.documents import error_document, head
from officers.core.errors import excerpt
from officers.core.wire import WireError, read, write
from officers.rooms.errors import RoomError
from officers.rooms.room import Rooms

__all__ = ["CLOSE", "TICK", "Hub", "LiveLimits", "keep_time", "session"]

LOG = logging.getLogger("officers.rooms")

CLOSE: Final = {
    "normal": 1000,
    "too-large": 1009,
    "bad-request": 4400,
    "bad-json": 4400,
    "unauthorized": 4401,
    "forbidden": 4403,
    "not-found": 4404,
    "request-timeout": 4408,
    "rate-limited": 4429,
}
"""The close code of each way a live connection ends (4000 + the HTTP status where one fits)."""


@dataclass(frozen=True)
class LiveLimits:
    """A live connection's limits: ``hello`` seconds to say who it is, ``max_message``
    characters a message, and ``poll``: the seconds between looks at the store when nothing
    woke it, for the changes made by other worker processes (``None``: one process, whose
    own changes wake it; no look)."""

    hello: float = 10.0
    max_message: int = 4096
    poll: float | None = None


class Hub:
    """Wakes the live connections of a room when it changes (within one event loop), and gives
    the heartbeat of every seat's connection it holds.

    The heartbeat is one task for all of them: every third of
    :attr:`RoomLimits.presence <officers.rooms.room.RoomLimits>` seconds it renews their signs
    in one write and wakes the rooms it holds where who is online changed
    (:meth:`Rooms.heartbeat <officers.rooms.room.Rooms.heartbeat>`: a sign grown old, as when
    a process died), so that their connections send the new state. A hub serves one
    :class:`Rooms`."""

    def __init__(self) -> None:
        self._waiting: dict[str, asyncio.Event] = {}
        self._connected: dict[str, int] = {}
        self._signs: dict[str, tuple[str, int]] = {}  # connection -> its room and seat
        self._beating: asyncio.Task[None] | None = None

    def enter(self, room: str) -> None:
        """A connection to the room begins."""
        self._connected[room] = self._connected.get(room, 0) + 1

    def leave(self, room: str) -> None:
        """A connection to the room ended (the room's event goes with its last one)."""
        left = self._connected.pop(room, 1) - 1
        if left > 0:
            self._connected[room] = left
        else:
            self._waiting.pop(room, None)

    def start(self, rooms: Rooms) -> None:
        """Start the heartbeat, if it is not running (every connection asks, a spectator's
        too: it shows the seats whose signs grow old)."""
        if self._beating is None or self._beating.done():
            self._beating = asyncio.ensure_future(self._beat(rooms))

    def sign(self, connection: str, room: str, seat: int) -> None:
        """The connection holds ``seat`` of ``room``: its sign is renewed at each heartbeat."""
        self._signs[connection] = (room, seat)

    def unsign(self, connection: str) -> None:
        """The connection closed: its sign is no longer renewed."""
        self._signs.pop(connection, None)

    async def _beat(self, rooms: Rooms) -> None:
        """The heartbeat, while connections are held (then it ends; the next one starts it)."""
        since: float | None = None
        while self._connected:
            await asyncio.sleep(rooms.limits.presence / 3)
            signs = [(room, seat, connection) for connection, (room, seat) in self._signs.items()]
            try:
                changed, since = await asyncio.to_thread(rooms.heartbeat, signs, since)
            except Exception:  # the store out of reach: the signs age; the next beat tries again
                LOG.warning("rooms: no heartbeat for the live connections", exc_info=True)
                continue
            for room in changed:
                if room in self._connected:
                    self.changed(room)

    def waiter(self, room: str) -> asyncio.Event:
        """The event set at the room's next change (take it before reading the room)."""
        return self._waiting.setdefault(room, asyncio.Event())

    def changed(self, room: str) -> None:
        """The room changed: wake whoever waits for it."""
        event = self._waiting.pop(room, None)
        if event is not None:
            event.set()

    def __len__(self) -> int:
        return len(self._waiting)


T = TypeVar("T")


async def _read(rooms: Rooms, reading: Callable[..., T], *args: Any) -> T:
    """``reading(*args)``: at once on the event loop when the rooms' store reads without
    waiting (:attr:`Rooms.quick_reads`: SQLite, whose readers never wait for a writer), in a
    thread otherwise (a store across the network). A thread is a hop there and back for every
    connection at every change: on a busy machine, each hop waits for a core."""
    if rooms.quick_reads:
        return reading(*args)
    return await asyncio.to_thread(reading, *args)


Receive = Callable[[], Awaitable[str | None]]
"""The next message of the client (``None``: it left)."""
Send = Callable[[str], Awaitable[None]]


class _CloseError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _message(text: str | None, limits: LiveLimits) -> dict[str, Any]:
    if text is None:
        raise _CloseError("normal", "the client left")
    if len(text) > limits.max_message:
        raise _CloseError("too-large", f"a message is at most {limits.max_message} characters")
    try:
        data = read(text)
    except WireError as error:
        raise _CloseError("bad-json", str(error)) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise _CloseError(
            "bad-request", f"a message is an object with a 'type', got {excerpt(data)}"
        )
    return data


async def _hello(
    rooms: Rooms, room: str, receive: Receive, limits: LiveLimits
) -> tuple[str | None, int | None, int]:
    """The token, seat and last seq of the client's hello."""
    try:
        hello = _message(await asyncio.wait_for(receive(), limits.hello), limits)
    except TimeoutError:
        raise _CloseError("request-timeout", f"no hello within {limits.hello:g} s") from None
    token, after = hello.get("token"), hello.get("after", 0)
    if hello["type"] != "hello" or set(hello) - {"type", "token", "after"}:
        raise _CloseError(
            "bad-request",
            f"the first message is {{'type': 'hello', 'token', 'after'}}, got {excerpt(hello)}",
        )
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after < 2**53:
        raise _CloseError("bad-request", f"'after' is an event number, got {excerpt(after)}")
    try:
        seat = await _read(rooms, rooms.seat_of, room, token)
    except RoomError as error:
        raise _CloseError(error.code, error.message) from None
    return token if isinstance(token, str) else None, seat, after


async def _act(
    rooms: Rooms, hub: Hub, room: str, token: str | None, data: dict[str, Any]
) -> dict[str, Any] | None:
    """Do what a message asks; the answer to send back (``None``: none)."""
    kind = data["type"]
    actions = {"move": rooms.move, "take-back": rooms.take_back, "rematch": rooms.rematch}
    if kind == "ping":
        return {**head("pong")}
    if kind not in actions:
        error = error_document(
            "bad-request",
            f"unknown message type {excerpt(kind)}: expected move, take-back, rematch or ping",
        )
    else:
        fields = {key: value for key, value in data.items() if key not in ("type", "id")}
        try:
            await asyncio.to_thread(actions[kind], room, token, fields)
        except RoomError as refused:
            error = refused.document()
        else:
            hub.changed(room)
            return None
        finally:
            for woken in rooms.fresh_signs():  # a turn the request ended on time, first
                hub.changed(woken)
    if "id" in data:
        error["id"] = data["id"]
    return error


async def session(
    rooms: Rooms,
    hub: Hub,
    room: str,
    receive: Receive,
    send: Send,
    allow: Callable[[], bool] = lambda: True,
    limits: LiveLimits = LiveLimits(),
) -> tuple[int, str]:
    """Serve one live connection to ``room`` until it ends; the close code and reason.

    ``allow()`` is asked before each message of the client but a ``ping`` is acted on (its
    rate limit: a ping, answered without reading the room, spends none of it).
    """
    receiving: asyncio.Task[str | None] | None = None
    connection = secrets.token_hex(8)
    here = False  # whether this connection gave its seat's sign
    hub.enter(room)
    try:
        token, seat, after = await _hello(rooms, room, receive, limits)
        hub.start(rooms)
        if seat is not None:
            here = True  # from here on its end says it is gone (even if this write fails)
            await asyncio.to_thread(rooms.arrive, room, seat, connection)
            hub.sign(connection, room, seat)
            hub.changed(room)
        first = True
        shown: list[bool] | None = None  # who was online in the last state sent
        receiving = asyncio.ensure_future(receive())
        clock = asyncio.get_running_loop().time
        looked, look = clock(), True  # the last read of the room; whether to read it now
        while True:
            if look:
                waiter, more, looked = hub.waiter(room), True, clock()
            else:  # after a ping, and nothing changed: nothing to read
                more = False
            while more:
                try:
                    document, more = await _read(rooms, rooms.feed, room, seat, after)
                except RoomError as error:
                    raise _CloseError(error.code, error.message) from None
                state = document["state"]
                online = None if state is None else [held["online"] for held in state["seats"]]
                if document["events"] or first or (online is not None and online != shown):
                    await send(write(document))
                    first = False
                    shown = online if online is not None else shown
                after = document["seq"]
            woken = asyncio.ensure_future(waiter.wait())
            poll = None if limits.poll is None else max(0.0, looked + limits.poll - clock())
            done, _ = await asyncio.wait(
                {receiving, woken}, timeout=poll, return_when=asyncio.FIRST_COMPLETED
            )
            woken.cancel()
            look = True
            if receiving in done:
                data = _message(receiving.result(), limits)
                if data["type"] == "ping":  # no request: it spends no rate and reads nothing
                    due = limits.poll is not None and looked + limits.poll <= clock()
                    look = waiter.is_set() or due
                elif not allow():
                    raise _CloseError(
                        "rate-limited", "too many messages: wait a moment, then reconnect"
                    )
                answer = await _act(rooms, hub, room, token, data)
                if answer is not None:
                    await send(write(answer))
                receiving = asyncio.ensure_future(receive())
    except _CloseError as closed:
        if closed.code != "normal":
            with contextlib.suppress(Exception):
                await send(write(error_document(_code(closed.code), closed.message)))
        return CLOSE.get(closed.code, 4400), closed.message[:120]
    finally:
        hub.leave(room)
        if receiving is not None:
            receiving.cancel()
        if here:
            hub.unsign(connection)
            _leaving(rooms, hub, room, connection)


_DEPARTING: set[asyncio.Task[None]] = set()
"""The departures being written (kept here until done: a task nobody holds may be lost)."""


def _leaving(rooms: Rooms, hub: Hub, room: str, connection: str) -> None:
    """Say that the connection closed, without holding up its end (a store across the network
    takes a moment); the room's other connections then show the seat away. Where this cannot
    be written (the store out of reach, the service stopping), the seat's last sign grows old
    and it shows away after :attr:`RoomLimits.presence` seconds all the same."""

    async def depart() -> None:
        try:
            await asyncio.to_thread(rooms.depart, room, connection)
        except Exception:  # the sign grows old instead
            LOG.warning("rooms: could not say that a connection to %s closed", room, exc_info=True)
        hub.changed(room)

    task = asyncio.ensure_future(depart())
    _DEPARTING.add(task)
    task.add_done_callback(_DEPARTING.discard)


def _code(code: str) -> str:
    """An error code of the contract for a way of closing."""
    return {"normal": "bad-request"}.get(code, code)


TICK: Final = 1.0
"""The longest :func:`keep_time` waits between two looks at the store (a turn begun by another
worker is found within it; the shortest clock of a room is longer)."""


async def keep_time(rooms: Rooms, hub: Hub, tick: float = TICK) -> None:
    """The service's clock, until cancelled: at each turn's deadline, end the turn
    (:meth:`Rooms.keep_time <officers.rooms.room.Rooms.keep_time>`: the game lost on time, in
    the store's transaction, so that of several workers one ends it) and wake the room's live
    connections. It waits until the next deadline the store holds, at most ``tick`` seconds;
    started again on the same store (a restart), it first ends the turns that ran out while it
    was stopped."""
    while True:
        try:
            ended, wait = await asyncio.to_thread(rooms.keep_time)
        except Exception:  # the store out of reach: the next look tries again
            LOG.warning("rooms: the turns' deadlines could not be kept", exc_info=True)
            ended, wait = frozenset(), tick
        for room in ended | rooms.fresh_signs():  # and those a request changed but woke not
            hub.changed(room)
        await asyncio.sleep(tick if wait is None else min(tick, max(wait, 0.005)))
