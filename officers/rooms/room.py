"""Rooms and seats: :class:`Rooms`, what every door of the rooms calls.

A room holds one registered game (through its :mod:`adapter <officers.rooms.adapter>`), its
options and its seats, each a person's (``"human"``) or a bot's (its name). Whoever makes the
room takes its first human seat; the others join with the room's invitation. Joining gives a
seat its **token** (``secrets.token_urlsafe(32)``), shown once: the room keeps only its
SHA-256 and compares in constant time. The round starts when every human seat is taken; bots
move on the server as soon as it is their turn. Every change is an **event** with the next
sequence number, stored with the room in one transaction; a seat reads only its own feed
(what everyone may see, and what only it may see). A move names the ``seq`` its sender last
saw: an older one is refused, so a move sent twice is played once.

Where the game keeps a clock (Euler's Officers on Expert, or with the option ``clock``), the
room keeps the **deadline** of each turn of a person's seat, stored with the room: at the
deadline the turn ends and the game is lost on time, recorded as events like any other end.
The service ends such turns by itself (:meth:`Rooms.keep_time`, asked by its timer), and any
request that reads a room whose deadline has passed ends the turn first; a move that comes too
late is refused (``conflict``, its ``rule`` ``late``). Bots move at once and keep no clock.

Errors are :class:`RoomError` with a code of the contract (``not-found``, ``unauthorized``,
``forbidden``, ``conflict``, ``bad-input``, ``bad-request``, ``limit``) and a message quoting the input.

>>> import itertools
>>> from officers.rooms.store import SQLiteStore
>>> clock = itertools.count(1000.0).__next__
>>> rooms = Rooms(SQLiteStore(":memory:"), clock=clock)
>>> made = rooms.create({"game": "officers", "seats": ["human", "random"]}, "10.0.0.1")
>>> made["kind"], made["seat"], made["status"], made["view"]["to_move"]
('room-joined', 1, 'playing', 1)
>>> token = made["token"]
>>> move = made["view"]["legal_moves"][0]
>>> after = rooms.move(made["room"], token, {"move": move, "seq": made["seq"]})
>>> [event["type"] for event in rooms.events(made["room"], token, made["seq"])["events"]][:2]
['moved', 'moved']
>>> rooms.move(made["room"], token, {"move": move, "seq": made["seq"]})
Traceback (most recent call last):
  ...
officers.rooms.errors.RoomError: conflict: stale seq 3: the room is at seq 5 (fetch its events and state, then move again)
>>> rooms.state(made["room"], "forged")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
officers.rooms.errors.RoomError: unauthorized: this token holds no seat of room ...
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from officers.contract.documents import head
from officers.contract.requests import BadRequestError
from officers.core.errors import OfficersError, excerpt
from officers.rooms.adapter import (
    Adapter,
    Clocked,
    HintLevels,
    Hints,
    Played,
    Refusals,
    adapter,
    clock_of,
    room_games,
)
from officers.rooms.errors import RoomError
from officers.rooms.store import Store, StoredEvent, StoredRoom
from officers.rooms.validate import check

if TYPE_CHECKING:
    from officers.contract.limits import Budget, Limits

__all__ = ["RoomError", "RoomLimits", "Rooms", "digest"]

LOG = logging.getLogger("officers.rooms")

_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
_NAME_MAX: Final = 32
_TOKEN_MAX: Final = 256
VIEWS_KEPT: Final = 2048
"""The views :class:`Rooms` keeps ready (a view is some 2 KB)."""
POLLED_KEPT: Final = 2048
"""The seats whose last polling sign :class:`Rooms` remembers (to write one every 15 s)."""
EVENTS_PAGE: Final = 500
"""The most events one answer carries (``more`` says when there are others)."""
DUE_PAGE: Final = 100
"""The most turns :meth:`Rooms.keep_time` ends at one call (the next call ends the others)."""


@dataclass(frozen=True)
class RoomLimits:
    """What the rooms allow: a room is removed after ``idle`` seconds without a change (24 h);
    at most ``per_client`` rooms made from one client address and ``total`` rooms in all are
    kept; a room holds at most ``max_events`` events (then it refuses moves: make a new one).
    A seat counts as ``online`` for ``presence`` seconds after its last sign (a live connection
    gives one when it opens and every third of that while it stays open; so does a request for
    the room's events with the seat's token, as a page without a live connection polls)."""

    idle: float = 86400.0
    per_client: int = 20
    total: int = 10000
    max_events: int = 20000
    presence: float = 45.0


def digest(token: str) -> str:
    """The SHA-256 of a token, as the room keeps it (hex).

    >>> digest("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _name(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= _NAME_MAX:
        raise RoomError(
            "bad-request", f"a name is a text of 1-{_NAME_MAX} characters, got {excerpt(value)}"
        )
    if any(not char.isprintable() for char in value):
        raise RoomError("bad-request", f"a name is printable text, got {excerpt(value)}")
    return value.strip()


def _seq(request: Mapping[str, Any]) -> int:
    seq = request.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq < 2**53:
        raise RoomError(
            "bad-request",
            f"'seq' is the last event number this seat saw (a whole number), got {excerpt(seq)}",
        )
    return seq


@dataclass(frozen=True)
class _Timed:
    """A turn ended on time: the room after it and the events that record it."""

    room: StoredRoom
    events: list[StoredEvent]


@dataclass
class _Change:
    """A room being changed: its stored form, the adapter, the state and new events."""

    room: StoredRoom
    game: Adapter
    state: Any
    events: list[StoredEvent]
    now: float

    def add(self, kind: str, public: dict[str, Any], private: dict[int, Any] | None = None) -> None:
        seq = self.room.seq + len(self.events) + 1
        self.events.append(StoredEvent(seq, kind, public, private or {}, self.now))


class Rooms:
    """The rooms of one service, kept in ``store`` (docs/rooms.md).

    ``clock`` gives the time in seconds since the epoch; ``rng`` the random generator of deals
    and bots (by default :class:`random.SystemRandom`, drawing from :mod:`secrets`).
    """

    def __init__(
        self,
        store: Store,
        limits: RoomLimits | None = None,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.limits = limits or RoomLimits()
        self.clock = clock
        self.rng = rng or random.SystemRandom()
        self._views: OrderedDict[tuple[str, str, int | None], dict[str, Any]] = OrderedDict()
        self._views_lock = threading.Lock()
        self._polled: OrderedDict[tuple[str, int], float] = OrderedDict()
        self._polled_lock = threading.Lock()
        self._fresh: set[str] = set()  # rooms where a request gave a new sign, or ended a turn

    @property
    def quick_reads(self) -> bool:
        """Whether the store's reads wait for nothing (no network, no writer), so that a live
        connection may read on the event loop (``quick_reads`` of the store; false when it
        does not say)."""
        return bool(getattr(self.store, "quick_reads", False))

    def _view(self, room: StoredRoom, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` (``None``: a spectator) sees of the room's game, from a cache of the
        most recent views (a view depends on the state's text and the seat alone)."""
        if room.state is None:
            return None
        key = (room.game, room.state, seat)
        with self._views_lock:
            view = self._views.get(key)
            if view is not None:
                self._views.move_to_end(key)
                return view
        game = adapter(room.game)
        state = game.load(room.state)
        view = game.public(state) if seat is None else game.view(state, seat)
        self._keep(key, view)
        return view

    def _keep(self, key: tuple[str, str, int | None], view: dict[str, Any]) -> None:
        with self._views_lock:
            self._views[key] = view
            while len(self._views) > VIEWS_KEPT:
                self._views.popitem(last=False)

    def _keep_others(self, room: StoredRoom, game: Adapter, state: Any, seat: int | None) -> None:
        """After a change: the views of the room's other people kept ready, made from the
        state at hand (their live connections are about to ask; reading the state's text
        again would cost more than the view)."""
        assert room.state is not None
        for other, held in enumerate(room.record["seats"]):
            if other != seat and held["kind"] == "human" and held.get("token"):
                self._keep((room.game, room.state, other), game.view(state, other))

    # --- who is connected -------------------------------------------------------------------

    def arrive(self, room_id: str, seat: int, connection: str) -> bool:
        """A live ``connection`` holds ``seat`` (0-based) of the room: said when it opens (then
        :meth:`heartbeat` renews it every third of :attr:`RoomLimits.presence` seconds); whether
        it was new."""
        return self.store.present(room_id, seat, connection, self.clock())

    def heartbeat(
        self, signs: list[tuple[str, int, str]], since: float | None
    ) -> tuple[frozenset[str], float]:
        """Renew the signs of live connections, ``(room, seat, connection)`` each, in one write,
        and find the rooms where who is online changed: where a sign was new (it had been
        forgotten), or where one grew old since ``since`` (its connection's process died).
        Those rooms, and the ``since`` of the next heartbeat (``None`` the first time: the
        signs that grew old in the last third of :attr:`RoomLimits.presence` seconds)."""
        now = self.clock()
        until = now - self.limits.presence
        fresh = self.store.refresh(signs, now) if signs else frozenset()
        start = until - self.limits.presence / 3 if since is None else since
        return fresh | self.store.expired(start, until), until

    def depart(self, room_id: str, connection: str) -> None:
        """The live ``connection`` closed."""
        self.store.absent(room_id, connection)

    def online(self, room_id: str) -> frozenset[int]:
        """The seats (0-based) of the people online in the room now (bots not among them)."""
        return self.store.online(room_id, self.clock() - self.limits.presence)

    def _polling(self, room: StoredRoom, seat: int) -> None:
        """A request for the events with the seat's token is a sign of presence too (a page
        polls them where it has no live connection): written at most once every third of the
        presence seconds."""
        now = self.clock()
        key = (room.id, seat)
        with self._polled_lock:
            last = self._polled.get(key)
            if last is not None and now - last < self.limits.presence / 3:
                return
            self._polled[key] = now
            self._polled.move_to_end(key)
            while len(self._polled) > POLLED_KEPT:
                self._polled.popitem(last=False)
        if self.store.present(room.id, seat, f"request-{seat}", now):
            with self._polled_lock:
                self._fresh.add(room.id)

    def fresh_signs(self) -> frozenset[str]:
        """The rooms where a request gave a new sign since the last call (a seat that polls
        came, or came back), or ended a turn whose deadline had passed: the service wakes their
        live connections, which show it."""
        with self._polled_lock:
            fresh, self._fresh = frozenset(self._fresh), set()
        return fresh

    # --- reading a room --------------------------------------------------------------------

    def _room(self, room_id: object, settle: bool = True) -> StoredRoom:
        """The stored room; with ``settle``, a turn whose deadline has passed ended first."""
        if not isinstance(room_id, str) or not _ID.fullmatch(room_id):
            raise RoomError("not-found", f"no room {excerpt(room_id)}")
        room = self.store.get(room_id)
        now = self.clock()
        if room is None or room.touched + self.limits.idle < now:
            raise RoomError(
                "not-found",
                f"no room {excerpt(room_id)} (a room is removed after "
                f"{self.limits.idle / 3600:g} h without a move)",
            )
        if settle and room.deadline is not None and room.deadline <= now:
            room, ended = self._time_out(room)
            if ended:
                with self._polled_lock:
                    self._fresh.add(room.id)
        return room

    # --- the clock -------------------------------------------------------------------------

    def _time_out(self, room: StoredRoom) -> tuple[StoredRoom, bool]:
        """End the room's turn, whose deadline has passed: the seat to move loses the game
        on time (as its rules say), in one transaction with the room still at its ``seq``.
        The room after it, and whether this call ended the turn (where another request or
        worker changed the room first: the room as it is now, the turn ended by the other or
        a move made in time)."""
        for _ in range(8):
            if room.deadline is None or room.deadline > self.clock():
                return room, False
            changed = self._timed_out(room)
            if self.store.update(changed.room, room.seq, changed.events):
                return changed.room, True
            fresh = self.store.get(room.id)
            if fresh is None:
                return room, False
            room = fresh
        return room, False

    def _timed_out(self, room: StoredRoom) -> _Timed:
        game = adapter(room.game)
        state = None if room.state is None else game.load(room.state)
        seat = None if state is None else game.to_move(state)
        change = _Change(room, game, state, [], self.clock())
        if seat is not None and isinstance(game, Clocked) and room.deadline is not None:
            played = game.time_out(state, seat)
            change.add(
                "moved",
                {"seat": seat + 1, "bot": None, **played.public, "deadline": room.deadline},
                {n: dict(fields) for n, fields in played.private.items()},
            )
            late = {"seat": seat + 1, "deadline": room.deadline, "seq": room.seq}
            change.room = replace(change.room, record={**room.record, "late": late})
            self._end_if_over(change)
        applied = self._applied(change)
        if not change.events:  # nothing to end (no clock, no seat to move): the deadline goes
            applied = replace(applied, deadline=None)
        return _Timed(applied, change.events)

    def keep_time(self, limit: int = DUE_PAGE) -> tuple[frozenset[str], float | None]:
        """End every turn whose deadline has passed (at most ``limit`` at a call), each in a
        transaction of its own (a turn another worker ended first is left as it is): the
        rooms it ended, to wake their live connections, and the seconds until the next
        deadline kept in the store (``None``: none), when to call again."""
        now = self.clock()
        due, after = self.store.due(now, limit)
        ended = set()
        for room_id in due:
            try:
                room = self.store.get(room_id)
                if room is None or room.deadline is None or room.deadline > now:
                    continue
                if self._time_out(room)[1]:
                    ended.add(room_id)
            except (OfficersError, ValueError, KeyError):  # one room's fault stops no other
                LOG.exception("rooms: the turn of room %s could not be ended on time", room_id)
        if len(due) == limit:
            return frozenset(ended), 0.0
        return frozenset(ended), None if after is None else max(0.0, after - self.clock())

    def _seat(self, room: StoredRoom, token: object) -> int:
        if token is None:
            raise RoomError(
                "unauthorized",
                f"room {room.id} needs a seat's token: send it as 'Authorization: Bearer TOKEN'",
            )
        if not isinstance(token, str) or len(token) > _TOKEN_MAX:
            raise RoomError("unauthorized", f"no seat's token: {excerpt(token, 24)}")
        hashed = digest(token)
        found = None
        for seat, held in enumerate(room.record["seats"]):
            if hmac.compare_digest(hashed, held.get("token") or "") and found is None:
                found = seat
        if found is None:
            raise RoomError("unauthorized", f"this token holds no seat of room {room.id}")
        return found

    def _document(
        self, room: StoredRoom, kind: str, seat: int | None, state: Any = None
    ) -> dict[str, Any]:
        record = room.record
        if state is None:
            view = self._view(room, seat)
        else:
            game = adapter(room.game)
            view = game.public(state) if seat is None else game.view(state, seat)
            if room.state is not None:
                self._keep((room.game, room.state, seat), view)
                self._keep_others(room, game, state, seat)
        online = self.online(room.id)
        document = {
            **head(kind),
            "room": room.id,
            "game": room.game,
            "options": record["options"],
            "seats": [
                {
                    "seat": number + 1,
                    "kind": held["kind"],
                    "name": held.get("name"),
                    "taken": held["kind"] != "human" or held.get("token") is not None,
                    "online": held["kind"] != "human" or number in online,
                }
                for number, held in enumerate(record["seats"])
            ],
            "status": record["status"],
            "round": record["round"],
            "seq": room.seq,
            "expires": int(room.touched + self.limits.idle),
            "clock": self._clock(room),
            "view": view,
        }
        if seat is not None:
            document["seat"] = seat + 1
            document["invite"] = record["invite"]
        return document

    def _clock(self, room: StoredRoom) -> dict[str, Any] | None:
        """The room's clock as every seat sees it: ``seconds`` a turn, the ``deadline`` of the
        turn being played (seconds since the epoch; ``None`` while no turn runs) and the
        seconds ``left`` now; ``None`` when the game keeps no clock."""
        seconds = clock_of(adapter(room.game), room.record["options"])
        if seconds is None:
            return None
        deadline = room.deadline
        left = None if deadline is None else round(max(0.0, deadline - self.clock()), 3)
        return {"seconds": seconds, "deadline": deadline, "left": left}

    def get(self, room_id: object) -> dict[str, Any]:
        """What anyone who knows the room's id may see (``room``)."""
        return self._document(self._room(room_id), "room", None)

    def state(self, room_id: object, token: object) -> dict[str, Any]:
        """What the token's seat may see (``room-state``)."""
        room = self._room(room_id)
        return self._document(room, "room-state", self._seat(room, token))

    def events(
        self, room_id: object, token: object, after: object, presence: bool = True
    ) -> dict[str, Any]:
        """The events after ``after`` as the token's seat (or, without a token, a spectator)
        may see them (``room-events``). With a token the request is a sign of the seat's
        presence, unless ``presence`` is false (a page whose live connection is its sign
        reads the room again after a refusal)."""
        room = self._room(room_id)
        seat = None if token is None else self._seat(room, token)
        if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after < 2**53:
            raise RoomError(
                "bad-request", f"'after' is an event number (a whole number), got {excerpt(after)}"
            )
        if seat is not None and presence:
            self._polling(room, seat)
        found = self.store.events(room.id, after, EVENTS_PAGE + 1, room.seq)
        return {
            **head("room-events"),
            "room": room.id,
            "seq": room.seq,
            "events": [event_json(event, seat) for event in found[:EVENTS_PAGE]],
            "more": len(found) > EVENTS_PAGE,
        }

    def feed(self, room_id: str, seat: int | None, after: int) -> tuple[dict[str, Any], bool]:
        """For a live connection: the events after ``after`` that ``seat`` may see and its
        state, read together (``room-update``), and whether more events remain. It writes
        nothing (it may read on the event loop): a turn past its deadline is ended by the
        service's timer, which wakes the connections."""
        room = self._room(room_id, settle=False)
        found = self.store.events(room.id, after, EVENTS_PAGE + 1, room.seq)
        more = len(found) > EVENTS_PAGE
        document = {
            **head("room-update"),
            "room": room.id,
            "seq": found[EVENTS_PAGE - 1].seq if more else room.seq,
            "events": [event_json(event, seat) for event in found[:EVENTS_PAGE]],
            "state": None
            if more
            else self._document(room, "room-state" if seat is not None else "room", seat),
        }
        return document, more

    def seat_of(self, room_id: object, token: object) -> int | None:
        """The seat of ``token`` in the room (``None`` without a token: a spectator)."""
        room = self._room(room_id, settle=False)
        return None if token is None else self._seat(room, token)

    # --- making and joining ----------------------------------------------------------------

    def _options(self, request: Mapping[str, Any]) -> tuple[Adapter, dict[str, Any], list[str]]:
        game_name = request.get("game")
        if game_name not in room_games():
            raise RoomError(
                "bad-input",
                f"no game {excerpt(game_name)} is played in rooms: expected one of "
                f"{', '.join(room_games())}",
            )
        game = adapter(str(game_name))
        try:
            options = game.options(request.get("options") or {})
            allowed = game.seats(options)
        except (OfficersError, ValueError, TypeError) as error:
            raise RoomError.of(error) from None
        kinds = request.get("seats", ["human"] * min(allowed))
        if not isinstance(kinds, list) or len(kinds) not in allowed:
            raise RoomError(
                "bad-input",
                f"{game.name} is played by {', '.join(map(str, allowed))} seats: 'seats' names "
                f"each seat's kind ('human' or a bot), got {excerpt(kinds)}",
            )
        for kind in kinds:
            if kind != "human" and kind not in game.bots:
                bots = ", ".join(game.bots) or "none"
                raise RoomError(
                    "bad-input",
                    f"a seat is 'human' or a bot of {game.name} ({bots}), got {excerpt(kind)}",
                )
        if "human" not in kinds:
            raise RoomError("bad-input", "a room needs at least one human seat")
        return game, options, kinds

    def _check_room_limits(self, client: str, now: float) -> None:
        self.store.expire(now - self.limits.idle)
        if self.store.count(client) >= self.limits.per_client:
            raise RoomError(
                "limit",
                f"{self.limits.per_client} rooms are kept for one client already: play in one "
                "of them, or wait until one expires",
            )
        if self.store.count() >= self.limits.total:
            raise RoomError(
                "limit", f"this service keeps {self.limits.total} rooms already: try again later"
            )

    def create(self, request: Mapping[str, Any], client: str) -> dict[str, Any]:
        """Make a room (``game``, ``options``, ``seats``, ``name``): its maker takes the first
        human seat; the answer (``room-joined``) holds that seat's token and the invitation."""
        check("rooms-create-request", request)
        game, options, kinds = self._options(request)
        name = _name(request.get("name"))
        now = self.clock()
        self._check_room_limits(client, now)
        token = secrets.token_urlsafe(32)
        first = kinds.index("human")
        seats = [
            {"kind": kind, "name": kind if kind != "human" else None, "token": None}
            for kind in kinds
        ]
        seats[first] = {"kind": "human", "name": name, "token": digest(token)}
        record = {
            "options": options,
            "seats": seats,
            "invite": secrets.token_urlsafe(12),
            "round": 0,
            "status": "waiting",
        }
        room = StoredRoom(secrets.token_urlsafe(12), game.name, 0, now, now, client, record, None)
        change = _Change(room, game, None, [], now)
        change.add("created", {"game": game.name, "options": options, "seats": kinds})
        change.add("joined", {"seat": first + 1, "name": name})
        self._start_if_full(change)
        room = self._applied(change)
        self.store.insert(room, change.events)
        return {**self._document(room, "room-joined", first), "token": token}

    def join(self, room_id: object, request: Mapping[str, Any]) -> dict[str, Any]:
        """Take a free human seat with the room's ``invite`` (and a ``name``): the answer
        (``room-joined``) holds the seat's token, shown this once."""
        room = self._room(room_id)
        check("rooms-join-request", request)
        invite = request.get("invite")
        if not isinstance(invite, str) or not hmac.compare_digest(
            invite.encode("utf-8", "surrogatepass"), room.record["invite"].encode()
        ):
            raise RoomError("forbidden", f"this is not the invitation of room {room.id}")
        name = _name(request.get("name"))
        seats = room.record["seats"]
        free = [n for n, held in enumerate(seats) if held["kind"] == "human" and not held["token"]]
        if not free:
            raise RoomError("conflict", f"every seat of room {room.id} is taken")
        seat = free[0]
        token = secrets.token_urlsafe(32)
        now = self.clock()
        record = {
            **room.record,
            "seats": [
                {"kind": "human", "name": name, "token": digest(token)} if n == seat else held
                for n, held in enumerate(seats)
            ],
        }
        change = _Change(replace(room, record=record), adapter(room.game), None, [], now)
        change.add("joined", {"seat": seat + 1, "name": name})
        self._start_if_full(change)
        return {
            **self._document(self._commit(change, room.seq), "room-joined", seat),
            "token": token,
        }

    # --- playing ---------------------------------------------------------------------------

    def _start_if_full(self, change: _Change) -> None:
        seats = change.room.record["seats"]
        if any(held["kind"] == "human" and not held["token"] for held in seats):
            return
        game = change.game
        change.state = game.new(change.room.record["options"], len(seats), self.rng)
        record = {**change.room.record, "round": change.room.record["round"] + 1}
        record["status"] = "playing"
        record.pop("late", None)
        change.room = replace(change.room, record=record)
        change.add(
            "started",
            {"round": record["round"], "view": game.public(change.state)},
            {seat: {"view": game.view(change.state, seat)} for seat in range(len(seats))},
        )
        self._bots(change)

    def _bots(self, change: _Change) -> None:
        """The bots' moves while it is a bot's turn; then the end, if the game is over."""
        game, seats = change.game, change.room.record["seats"]
        seat = game.to_move(change.state)
        while seat is not None and seats[seat]["kind"] != "human":
            bot = seats[seat]["kind"]
            played = game.play(change.state, seat, game.bot_move(change.state, seat, bot, self.rng))
            self._moved(change, "moved", seat, played, bot)
            seat = game.to_move(change.state)
        self._end_if_over(change)

    def _moved(
        self, change: _Change, kind: str, seat: int, played: Played, bot: str | None
    ) -> None:
        private = {n: dict(fields) for n, fields in played.private.items()}
        change.add(kind, {"seat": seat + 1, "bot": bot, **played.public}, private)

    def _end_if_over(self, change: _Change) -> None:
        outcome = change.game.outcome(change.state)
        status = "over" if outcome is not None else "playing"
        if status != change.room.record["status"]:
            change.room = replace(change.room, record={**change.room.record, "status": status})
            if outcome is not None:
                change.add("ended", {"outcome": outcome, "view": change.game.public(change.state)})

    def _applied(self, change: _Change) -> StoredRoom:
        state = change.room.state if change.state is None else change.game.dump(change.state)
        return replace(
            change.room,
            seq=change.room.seq + len(change.events),
            touched=change.now,
            state=state,
            deadline=self._deadline(change),
        )

    def _deadline(self, change: _Change) -> float | None:
        """The deadline of the turn after the change: a new one when the change played a
        move or dealt (a new turn began), where the game keeps a clock and a person is to
        move; none while no person's turn runs (bots move at once)."""
        record = change.room.record
        if record["status"] != "playing" or change.state is None:
            return None
        seconds = clock_of(change.game, record["options"])
        seat = change.game.to_move(change.state)
        if seconds is None or seat is None or record["seats"][seat]["kind"] != "human":
            return None
        return change.now + seconds if change.events else change.room.deadline

    def _commit(self, change: _Change, seq: int) -> StoredRoom:
        if seq + len(change.events) > self.limits.max_events:
            raise RoomError(
                "limit",
                f"room {change.room.id} holds {seq} events, the most a room may: make a new room",
            )
        room = self._applied(change)
        if not self.store.update(room, seq, change.events):
            now = self.store.get(room.id)
            late = None if now is None else now.record.get("late")
            if late is not None and late["seq"] == seq and change.events:
                raise RoomError("conflict", _late(late), "late")  # the clock got there first
            raise RoomError(
                "conflict",
                f"room {room.id} changed while this request was answered: fetch its events and "
                "state, then try again",
            )
        return room

    def _playing(
        self,
        room_id: object,
        token: object,
        request: Mapping[str, Any],
        schema: str,
        moving: bool = True,
    ) -> tuple[_Change, int]:
        """The change a seat's request begins (``moving``: a move or a take-back, refused as
        ``late`` when it was sent for a turn that ended on time)."""
        room = self._room(room_id)
        seat = self._seat(room, token)
        check(schema, request)
        named = request.get("seat")
        if named is not None and named != seat + 1:
            raise RoomError(
                "forbidden", f"this token holds seat {seat + 1}, not seat {excerpt(named)}"
            )
        seq = _seq(request)
        late = room.record.get("late")
        if moving and seq != room.seq and late is not None and late["seq"] == seq:
            raise RoomError("conflict", _late(late), "late")
        if seq != room.seq:
            raise RoomError(
                "conflict",
                f"stale seq {seq}: the room is at seq {room.seq} (fetch its events and state, "
                "then move again)",
            )
        game = adapter(room.game)
        state = None if room.state is None else game.load(room.state)
        return _Change(room, game, state, [], self.clock()), seat

    def move(self, room_id: object, token: object, request: Mapping[str, Any]) -> dict[str, Any]:
        """Play the seat's ``move`` (sent with the ``seq`` it last saw); bots answer at once.
        The answer is the seat's ``room-state`` after every move it caused."""
        change, seat = self._playing(room_id, token, request, "rooms-move-request")
        status = change.room.record["status"]
        if status != "playing":
            raise RoomError("conflict", _not_playing(change.room))
        if change.game.to_move(change.state) != seat:
            turn = change.game.to_move(change.state)
            raise RoomError(
                "conflict",
                f"it is seat {excerpt(None if turn is None else turn + 1)}'s turn, not yours",
            )
        move, lang = request.get("move"), request.get("lang")
        try:
            played = change.game.play(change.state, seat, move)  # type: ignore[arg-type]
        except (RoomError, BadRequestError) as error:  # a refusal with its own code
            raise RoomError.of(error) from None
        except (OfficersError, ValueError, TypeError) as error:
            raise _refused(change.game, change.state, move, lang, error) from None
        self._moved(change, "moved", seat, played, None)
        self._bots(change)
        return self._document(
            self._commit(change, change.room.seq), "room-state", seat, change.state
        )

    def hint(
        self,
        room_id: object,
        token: object,
        request: Mapping[str, Any],
        limits: Limits,
        budget: Budget,
    ) -> dict[str, Any]:
        """The game's hint for the token's seat (in the request's ``lang``, at its ``level``
        where the game's hint has levels: :class:`~officers.rooms.adapter.HintLevels`), made
        from what that seat may know alone; searched within ``limits`` and ``budget`` (the
        door's search slots and deadline). The room is not changed."""
        room = self._room(room_id)
        seat = self._seat(room, token)
        check("rooms-hint-request", request)
        named = request.get("seat")
        if named is not None and named != seat + 1:
            raise RoomError(
                "forbidden", f"this token holds seat {seat + 1}, not seat {excerpt(named)}"
            )
        game = adapter(room.game)
        if not isinstance(game, Hints):
            raise RoomError("bad-input", f"{room.game} gives no hints in rooms")
        if room.state is None or room.record["status"] != "playing":
            raise RoomError("conflict", _not_playing(room))
        level, lang = request.get("level"), request.get("lang", "en")
        leveled = game if isinstance(game, HintLevels) else None
        if level is not None and leveled is None:
            raise RoomError(
                "bad-input",
                f"a {room.game} room's hint has no levels: got level {excerpt(level)} (leave it out)",
            )
        state = game.load(room.state)
        try:
            if level is None or leveled is None:
                document = game.hint(state, seat, lang, limits, budget)
            else:
                document = leveled.hint(state, seat, lang, limits, budget, level)
        except (OfficersError, ValueError) as error:  # an aid refuses by raising, never a document
            raise RoomError.of(error) from None
        return document

    def take_back(
        self, room_id: object, token: object, request: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Take the last move back, where the game allows it (``room-state``)."""
        change, seat = self._playing(room_id, token, request, "rooms-seq-request")
        if change.state is None:
            raise RoomError("conflict", _not_playing(change.room))
        try:
            played = change.game.take_back(change.state, seat)
        except (OfficersError, ValueError) as error:
            raise RoomError.of(error) from None
        self._moved(change, "took-back", seat, played, None)
        self._end_if_over(change)
        return self._document(
            self._commit(change, change.room.seq), "room-state", seat, change.state
        )

    def rematch(self, room_id: object, token: object, request: Mapping[str, Any]) -> dict[str, Any]:
        """A new deal for the same seats, once the round is over (``room-state``)."""
        change, seat = self._playing(room_id, token, request, "rooms-seq-request", False)
        if change.room.record["status"] != "over":
            raise RoomError(
                "conflict",
                f"room {change.room.id} is {change.room.record['status']}: a rematch "
                "follows a round that is over",
            )
        self._start_if_full(change)
        return self._document(
            self._commit(change, change.room.seq), "room-state", seat, change.state
        )


def _refused(game: Adapter, state: Any, move: object, lang: object, error: Exception) -> RoomError:
    """A refused move as its ``bad-input``: the rule that refused it, where the game names
    one, and its sentence in ``lang`` (without ``lang``, the error's English message)."""
    told = None
    if isinstance(game, Refusals) and isinstance(move, str):
        try:
            told = game.refusal(state, move, lang if isinstance(lang, str) else "en")
        except (OfficersError, ValueError):  # a text the game cannot read names no rule
            told = None
    if told is None:
        return RoomError("bad-input", str(error))
    rule, text = told
    return RoomError("bad-input", text if lang is not None else str(error), rule)


def _late(late: Mapping[str, Any]) -> str:
    """Why a move came too late: whose turn ended, and when (UTC)."""
    at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(late["deadline"]))
    return (
        f"too late: the turn of seat {late['seat']} ended at {at} and the game is lost on time "
        "(fetch the events and the state)"
    )


def _not_playing(room: StoredRoom) -> str:
    if room.record["status"] == "waiting":
        free = sum(
            1 for held in room.record["seats"] if held["kind"] == "human" and not held["token"]
        )
        return f"room {room.id} waits for {free} more player(s) to join before the round starts"
    return f"the round of room {room.id} is over: ask for a rematch"


def event_json(event: StoredEvent, seat: int | None) -> dict[str, Any]:
    """An event as ``seat`` sees it (``None``: a spectator): ``seq``, ``type``, ``at`` and its
    fields, the seat's own beside the public ones."""
    private = event.private.get(seat, {}) if seat is not None else {}
    return {"seq": event.seq, "type": event.kind, "at": event.at, **event.public, **private}
