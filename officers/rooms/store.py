"""Where rooms are kept: the :class:`Store` protocol and :class:`SQLiteStore`, its one backend.

A store keeps each room (:class:`StoredRoom`: its record and its game's state as text) and
its events (:class:`StoredEvent`), and changes them only together: a room's new record and
the events that led to it are written in one transaction, and only if the room is still at
the sequence number it was read at (``update`` returns ``False`` when another request got
there first). That is all the rooms ask of a store, so a store shared by several machines
(PostgreSQL, Redis) fits the same protocol. Beside the rooms a store keeps who is connected:
each live connection of a seat says so when it opens and again at each heartbeat; it is
forgotten when it closes, or, where its process died, once its last sign is too old
(``present``, ``absent``, ``online``). A room whose game keeps a clock has the ``deadline`` of
the turn being played beside it (seconds since the epoch), so that any worker, and a service
started again, finds the turns that ran out (``due``).

:class:`SQLiteStore` keeps everything in one SQLite file (or in memory, ``":memory:"``) in
WAL mode: a process killed at any moment (SIGKILL included) loses no committed change, and
several worker processes of one machine may share the file.

>>> store = SQLiteStore(":memory:")
>>> room = StoredRoom("r1", "officers", 1, 10.0, 10.0, "127.0.0.1", {"round": 0}, None)
>>> store.insert(room, [StoredEvent(1, "created", {"game": "officers"}, {}, 10.0)])
>>> changed = StoredRoom("r1", "officers", 2, 10.0, 11.0, "127.0.0.1", {"round": 1}, "state")
>>> store.update(changed, 1, [StoredEvent(2, "started", {}, {0: {"hand": ["AS"]}}, 11.0)])
True
>>> store.update(changed, 1, [])  # the room is at 2 now
False
>>> [(event.seq, event.kind, event.private) for event in store.events("r1", 0, 10)]
[(1, 'created', {}), (2, 'started', {0: {'hand': ['AS']}})]
>>> store.present("r1", 0, "c1", 11.0), store.present("r1", 0, "c1", 12.0)
(True, False)
>>> store.online("r1", 11.5), store.online("r1", 12.5)
(frozenset({0}), frozenset())
>>> store.get("r1").record, store.count(), store.expire(11.5), store.get("r1")
({'round': 1}, 1, 1, None)
>>> store.online("r1", 0.0)
frozenset()
>>> store.insert(StoredRoom("r2", "officers", 1, 20.0, 20.0, "c", {}, "s", deadline=50.0), [])
>>> store.due(49.0, 10), store.due(50.0, 10)
(([], 50.0), (['r2'], None))
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

__all__ = ["SQLiteStore", "Store", "StoredEvent", "StoredRoom", "event_of"]


@dataclass(frozen=True)
class StoredRoom:
    """A room as stored: its ``id``, ``game``, ``seq`` (the number of its last event), when it
    was ``created`` and last ``touched`` (seconds since the epoch), the ``client`` address that
    made it, its ``record`` (JSON: options, seats, round), its game's ``state`` (the
    adapter's text, ``None`` before the first deal) and the ``deadline`` of the turn being
    played (seconds since the epoch; ``None`` where no clock runs)."""

    id: str
    game: str
    seq: int
    created: float
    touched: float
    client: str
    record: dict[str, Any]
    state: str | None
    deadline: float | None = None


@dataclass(frozen=True)
class StoredEvent:
    """One event of a room: its ``seq``, ``kind``, what everyone may see of it (``public``),
    what only one seat may see beyond that (``private``: seat → fields) and when (``at``)."""

    seq: int
    kind: str
    public: dict[str, Any]
    private: dict[int, dict[str, Any]]
    at: float


class Store(Protocol):
    """What the rooms need of a store."""

    def insert(self, room: StoredRoom, events: Sequence[StoredEvent]) -> None:
        """Add a new room with its first events."""
        ...

    def get(self, room_id: str) -> StoredRoom | None:
        """The room, or ``None``."""
        ...

    def update(self, room: StoredRoom, seq: int, events: Sequence[StoredEvent]) -> bool:
        """Replace the room and add ``events``, in one transaction, if the stored room is still
        at ``seq``; ``False`` (nothing written) when it is not."""
        ...

    def events(
        self, room_id: str, after: int, limit: int, upto: int | None = None
    ) -> list[StoredEvent]:
        """At most ``limit`` events of the room after ``after`` (and at most ``upto``), in order."""
        ...

    def count(self, client: str | None = None) -> int:
        """The rooms kept (made from ``client``, when given)."""
        ...

    def expire(self, before: float) -> int:
        """Remove the rooms last touched before ``before``, their events and their presence,
        and every sign of presence older than ``before``; how many rooms."""
        ...

    def present(self, room_id: str, seat: int, connection: str, at: float) -> bool:
        """Say that ``connection`` (a name the caller chose) holds the room's ``seat`` at
        ``at``; whether the connection was new."""
        ...

    def refresh(self, signs: Sequence[tuple[str, int, str]], at: float) -> frozenset[str]:
        """:meth:`present` for many ``(room, seat, connection)`` at once (a heartbeat), in one
        transaction; the rooms where a connection was new."""
        ...

    def absent(self, room_id: str, connection: str) -> None:
        """``connection`` holds its seat no more."""
        ...

    def expired(self, since: float, until: float) -> frozenset[str]:
        """The rooms where a connection's last sign was given at ``since`` or later but before
        ``until`` (so, its process gone, it grew old in that time)."""
        ...

    def online(self, room_id: str, since: float) -> frozenset[int]:
        """The seats of the room that a connection said it held at ``since`` or later."""
        ...

    def due(self, until: float, limit: int) -> tuple[list[str], float | None]:
        """The rooms whose turn's deadline is ``until`` or earlier (at most ``limit``, the
        earliest first), and the earliest deadline after ``until`` (``None``: none)."""
        ...

    def close(self) -> None:
        """Let go of the store."""
        ...


_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seq INTEGER NOT NULL,
    created REAL NOT NULL,
    touched REAL NOT NULL,
    client TEXT NOT NULL,
    record TEXT NOT NULL,
    state TEXT,
    deadline REAL
);
CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched);
CREATE INDEX IF NOT EXISTS rooms_client ON rooms (client);
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    public TEXT NOT NULL,
    private TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (room, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS presence (
    room TEXT NOT NULL,
    connection TEXT NOT NULL,
    seat INTEGER NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (room, connection)
) WITHOUT ROWID;
"""

_DEADLINE: Final = (
    "ALTER TABLE rooms ADD COLUMN deadline REAL",
    "CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL",
)
"""The turn's deadline, added to a file made before rooms kept a clock (and its index)."""


def _has_deadline(db: sqlite3.Connection) -> bool:
    return any(row[1] == "deadline" for row in db.execute("PRAGMA table_info(rooms)"))


def event_of(row: Sequence[Any]) -> StoredEvent:
    """The event of a stored row ``(seq, kind, public, private, at)``, its JSON read (the
    seats of ``private`` as ints): the same for every store."""
    seq, kind, public, private, at = row
    fields = {int(seat): value for seat, value in json.loads(private).items()}
    return StoredEvent(seq, kind, json.loads(public), fields, at)


def _text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _event_row(room_id: str, event: StoredEvent) -> tuple[Any, ...]:
    private = {str(seat): fields for seat, fields in event.private.items()}
    return (room_id, event.seq, event.kind, _text(event.public), _text(private), event.at)


class SQLiteStore:
    """:class:`Store` in one SQLite file (``path``; ``":memory:"``: in this process only).

    WAL mode with ``synchronous=NORMAL``: a commit survives the process being killed (not a
    power cut in the instant after it). One connection writes, used by one thread at a time; a
    second process on the same file waits up to ``busy`` seconds for the write lock. Reads go
    through connections of their own (kept for the next read, at most :attr:`READERS` of them
    idle), which in WAL mode never wait for a writer: a read takes some tens of microseconds
    however busy the writer is, so that the live connections may read on the event loop
    (:attr:`quick_reads`). In memory there is one connection: reads share the writer's.
    """

    READERS: Final = 4
    """The read connections kept open between reads."""

    quick_reads: Final = True
    """Reads wait for no network and no writer (the live connections read on the event loop)."""

    def __init__(self, path: str, busy: float = 5.0) -> None:
        self.path = path
        self.busy = busy
        self._lock = threading.Lock()
        self._opened: sqlite3.Connection | None = None
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()

    @property
    def _db(self) -> sqlite3.Connection:
        """The writing connection, opened on first use (a service that keeps no room makes no
        file); called with the lock held."""
        if self._opened is None:
            db = sqlite3.connect(
                self.path, timeout=self.busy, isolation_level=None, check_same_thread=False
            )
            if self.path != ":memory:":
                db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(_SCHEMA)
            if not _has_deadline(db):  # a file made before: one process adds the column
                db.execute("BEGIN IMMEDIATE")
                try:
                    if not _has_deadline(db):
                        db.execute(_DEADLINE[0])
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            db.execute(_DEADLINE[1])  # (takes no lock once the index is there)
            self._opened = db
        return self._opened

    @contextlib.contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A connection to read with: an idle reader, or a new one (in memory: the writer's,
        with its lock)."""
        if self.path == ":memory:":
            with self._lock:
                yield self._db
            return
        with self._readers_lock:
            db = self._readers.pop() if self._readers else None
        if db is None:
            if self._opened is None:  # the file and its tables made first (once: the writer
                with self._lock:  # may hold the lock for long, waiting for another process)
                    self._db  # noqa: B018
            db = sqlite3.connect(
                self.path, timeout=self.busy, isolation_level=None, check_same_thread=False
            )
            db.execute("PRAGMA query_only=1")
        try:
            yield db
        finally:
            with self._readers_lock:
                keep = len(self._readers) < self.READERS and self._opened is not None
                if keep:
                    self._readers.append(db)
            if not keep:
                db.close()

    def insert(self, room: StoredRoom, events: Sequence[StoredEvent]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO rooms (id, game, seq, created, touched, client, record, state, "
                    "deadline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        room.id,
                        room.game,
                        room.seq,
                        room.created,
                        room.touched,
                        room.client,
                        _text(room.record),
                        room.state,
                        room.deadline,
                    ),
                )
                self._db.executemany(
                    "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                    [_event_row(room.id, event) for event in events],
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def get(self, room_id: str) -> StoredRoom | None:
        with self._reading() as db:
            row = db.execute(
                "SELECT id, game, seq, created, touched, client, record, state, deadline "
                "FROM rooms WHERE id = ?",
                (room_id,),
            ).fetchone()
        if row is None:
            return None
        room_id, game, seq, created, touched, client, record, state, deadline = row
        return StoredRoom(
            room_id, game, seq, created, touched, client, json.loads(record), state, deadline
        )

    def update(self, room: StoredRoom, seq: int, events: Sequence[StoredEvent]) -> bool:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                changed = self._db.execute(
                    "UPDATE rooms SET seq = ?, touched = ?, record = ?, state = ?, deadline = ? "
                    "WHERE id = ? AND seq = ?",
                    (
                        room.seq,
                        room.touched,
                        _text(room.record),
                        room.state,
                        room.deadline,
                        room.id,
                        seq,
                    ),
                ).rowcount
                if changed:
                    self._db.executemany(
                        "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                        [_event_row(room.id, event) for event in events],
                    )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return bool(changed)

    def events(
        self, room_id: str, after: int, limit: int, upto: int | None = None
    ) -> list[StoredEvent]:
        with self._reading() as db:
            rows = db.execute(
                "SELECT seq, kind, public, private, at FROM events WHERE room = ? AND seq > ? "
                "AND seq <= ? ORDER BY seq LIMIT ?",
                (room_id, after, 2**62 if upto is None else upto, limit),
            ).fetchall()
        return [event_of(row) for row in rows]

    def count(self, client: str | None = None) -> int:
        with self._reading() as db:
            if client is None:
                row = db.execute("SELECT count(*) FROM rooms").fetchone()
            else:
                row = db.execute(
                    "SELECT count(*) FROM rooms WHERE client = ?", (client,)
                ).fetchone()
        return int(row[0])

    def expire(self, before: float) -> int:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for table in ("events", "presence"):
                    self._db.execute(
                        f"DELETE FROM {table} WHERE room IN "
                        "(SELECT id FROM rooms WHERE touched < ?)",
                        (before,),
                    )
                self._db.execute("DELETE FROM presence WHERE seen < ?", (before,))
                gone = self._db.execute("DELETE FROM rooms WHERE touched < ?", (before,)).rowcount
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return int(gone)

    def present(self, room_id: str, seat: int, connection: str, at: float) -> bool:
        return bool(self.refresh([(room_id, seat, connection)], at))

    def refresh(self, signs: Sequence[tuple[str, int, str]], at: float) -> frozenset[str]:
        fresh = set()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for first in range(0, len(signs), 400):  # 800 values a statement at most
                    chunk = signs[first : first + 400]
                    keys = [value for room, _, connection in chunk for value in (room, connection)]
                    rows = ", ".join(["(?, ?)"] * len(chunk))
                    renewed = self._db.execute(
                        f"UPDATE presence SET seen = ? WHERE (room, connection) IN (VALUES {rows})",
                        (at, *keys),
                    ).rowcount
                    if renewed == len(chunk):
                        continue
                    held = set(
                        self._db.execute(
                            "SELECT room, connection FROM presence WHERE (room, connection) IN "
                            f"(VALUES {rows})",
                            keys,
                        ).fetchall()
                    )
                    for room_id, seat, connection in chunk:
                        if (room_id, connection) not in held:
                            self._db.execute(
                                "INSERT INTO presence VALUES (?, ?, ?, ?)",
                                (room_id, connection, seat, at),
                            )
                            held.add((room_id, connection))
                            fresh.add(room_id)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return frozenset(fresh)

    def absent(self, room_id: str, connection: str) -> None:
        with self._lock:
            self._db.execute(
                "DELETE FROM presence WHERE room = ? AND connection = ?", (room_id, connection)
            )

    def expired(self, since: float, until: float) -> frozenset[str]:
        with self._reading() as db:
            rows = db.execute(
                "SELECT DISTINCT room FROM presence WHERE seen >= ? AND seen < ?", (since, until)
            ).fetchall()
        return frozenset(str(row[0]) for row in rows)

    def online(self, room_id: str, since: float) -> frozenset[int]:
        with self._reading() as db:
            rows = db.execute(
                "SELECT DISTINCT seat FROM presence WHERE room = ? AND seen >= ?",
                (room_id, since),
            ).fetchall()
        return frozenset(int(row[0]) for row in rows)

    def due(self, until: float, limit: int) -> tuple[list[str], float | None]:
        if self._opened is None and self.path != ":memory:" and not os.path.exists(self.path):
            return [], None  # no room kept yet: the service's clock makes no file
        with self._reading() as db:
            rows = db.execute(
                "SELECT id FROM rooms WHERE deadline IS NOT NULL AND deadline <= ? "
                "ORDER BY deadline LIMIT ?",
                (until, limit),
            ).fetchall()
            after = db.execute(
                "SELECT min(deadline) FROM rooms WHERE deadline IS NOT NULL AND deadline > ?",
                (until,),
            ).fetchone()
        return [str(row[0]) for row in rows], None if after[0] is None else float(after[0])

    def close(self) -> None:
        with self._lock:
            with self._readers_lock:
                for db in self._readers:
                    db.close()
                self._readers.clear()
            if self._opened is not None:
                self._opened.close()
                self._opened = None
