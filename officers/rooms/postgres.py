"""Rooms in PostgreSQL: :class:`PostgresStore`, one store for every worker of every machine,
and :class:`Listener`, which hears at once of the rooms the others change.

:class:`PostgresStore` keeps the same tables as :class:`~officers.rooms.store.SQLiteStore`
(the rooms, their events, who is connected) and changes them the same way: a room's new record
and its events in one transaction, and only if the room is still at the ``seq`` it was read at
(``UPDATE ... WHERE id = ... AND seq = ...``: of two concurrent writers at the same ``seq`` the
second waits for the first's row lock, then finds the row changed and writes nothing). Every
committed change of a room, and every live connection of a seat that opens or closes, sends the
room's id on the channel :data:`CHANNEL` (``NOTIFY``, delivered at the commit, to every
listening connection of every machine), after the id of the store that made it, so that a
worker can skip its own changes (its requests have woken its connections already).

The client library is psycopg 3, the ``postgres`` extra (``pip install 'officers[postgres]'``),
loaded on first use: without it, :class:`PostgresStore` raises :class:`StoreError` saying so.

>>> is_postgres("postgresql://rooms@db.example/officers"), is_postgres("officers-rooms.db")
(True, False)
>>> shown("postgresql://rooms:hunter2@db.example/officers?password=hunter2&sslmode=require")
'postgresql://rooms:***@db.example/officers?password=***&sslmode=require'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar
from urllib.parse import urlsplit, urlunsplit

from officers.core.errors import OfficersError, excerpt
from officers.rooms.store import StoredEvent, StoredRoom, event_of

if TYPE_CHECKING:
    import psycopg

__all__ = ["CHANNEL", "Listener", "PostgresStore", "StoreError", "is_postgres", "shown"]

LOG = logging.getLogger("officers.rooms")

CHANNEL: Final = "officers_rooms"
"""The channel every change of a room is published on (its payload: ``ORIGIN ROOM``)."""

MISSING: Final = (
    "the rooms in PostgreSQL need the 'postgres' extra: pip install 'officers[postgres]'"
)

_SCHEMA: Final = """
SELECT pg_advisory_xact_lock(7305915022367441254);
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seq BIGINT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    touched DOUBLE PRECISION NOT NULL,
    client TEXT NOT NULL,
    record TEXT NOT NULL,
    state TEXT
);
ALTER TABLE rooms ADD COLUMN IF NOT EXISTS deadline DOUBLE PRECISION;
CREATE INDEX IF NOT EXISTS rooms_deadline ON rooms (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched);
CREATE INDEX IF NOT EXISTS rooms_client ON rooms (client);
CREATE TABLE IF NOT EXISTS events (
    room TEXT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    public TEXT NOT NULL,
    private TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS presence (
    room TEXT NOT NULL,
    connection TEXT NOT NULL,
    seat INTEGER NOT NULL,
    seen DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (room, connection)
);
"""
"""The tables, made if missing, and the turn's deadline added to a table made before rooms
kept a clock (the lock keeps two workers starting at once from racing)."""

_ADD_EVENTS: Final = (
    "added AS (INSERT INTO events SELECT {changed}.id, e.seq, e.kind, e.public, e.private, e.at "
    "FROM {changed}, unnest(%s::bigint[], %s::text[], %s::text[], %s::text[], "
    "%s::float8[]) AS e(seq, kind, public, private, at))"
)
"""The events of a room just made or changed (none when the room was not), from arrays."""

T = TypeVar("T")


class StoreError(OfficersError):
    """The store cannot be used: the ``postgres`` extra is missing, or the server cannot be
    reached (the message says which, and where, with any password hidden)."""


def is_postgres(where: str) -> bool:
    """Whether ``where`` (an ``officers serve --rooms-db``) names PostgreSQL, not a file."""
    return where.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """``url`` with its password hidden, for a message or a log line."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}:***@{host}"
    query = re.sub(r"(^|&)(password=)[^&]*", r"\1\2***", parts.query)
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError(MISSING) from None
    return psycopg


def _first_line(error: Exception) -> str:
    """The first line of a database error's message, quoted and bounded."""
    lines = str(error).strip().splitlines()
    return excerpt(lines[0] if lines else type(error).__name__, 200)


def _text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _event_columns(events: Sequence[StoredEvent]) -> tuple[list[Any], ...]:
    """The events as columns (for ``unnest``): seqs, kinds, public and private texts, times."""
    return (
        [event.seq for event in events],
        [event.kind for event in events],
        [_text(event.public) for event in events],
        [_text({str(seat): fields for seat, fields in event.private.items()}) for event in events],
        [event.at for event in events],
    )


class _Pool:
    """At most ``size`` connections, each lent to one thread at a time; a broken one is
    dropped (and the idle ones with it: a server that went away took them all)."""

    def __init__(self, connect: Callable[[], psycopg.Connection[Any]], size: int, wait: float):
        self._connect = connect
        self._idle: list[psycopg.Connection[Any]] = []
        self._lock = threading.Lock()
        self._slots = threading.BoundedSemaphore(size)
        self.size, self.wait = size, wait

    @contextlib.contextmanager
    def connection(self) -> Iterator[tuple[psycopg.Connection[Any], bool]]:
        """A connection, and whether it was used before (and so may have gone stale)."""
        if not self._slots.acquire(timeout=self.wait):
            raise StoreError(f"no PostgreSQL connection free within {self.wait:g} s")
        connection = None
        try:
            with self._lock:
                connection = self._idle.pop() if self._idle else None
            reused = connection is not None
            if connection is None:
                connection = self._connect()
            yield connection, reused
        finally:
            if connection is not None:
                self._give_back(connection)
            self._slots.release()

    def _give_back(self, connection: psycopg.Connection[Any]) -> None:
        idle = _psycopg().pq.TransactionStatus.IDLE
        broken = connection.broken  # (no longer once closed)
        if connection.closed or broken or connection.info.transaction_status != idle:
            connection.close()
            if broken:
                self.clear()
            return
        with self._lock:
            self._idle.append(connection)

    def clear(self) -> None:
        """Close the idle connections."""
        with self._lock:
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()


class PostgresStore:
    """:class:`~officers.rooms.store.Store` in the PostgreSQL database at ``url``
    (``postgresql://user:password@host:port/database?sslmode=...``, libpq's form).

    Safe to share between threads: at most ``size`` connections (opened as needed, kept for
    the next request), a thread waits up to ``wait`` seconds for one. The tables are made on
    the first use if missing. ``origin`` names this store in what it publishes.
    """

    def __init__(self, url: str, size: int = 8, wait: float = 10.0, connect_timeout: int = 5):
        self.url = url
        self.connect_timeout = connect_timeout
        self.origin = secrets.token_hex(8)
        self._ready = False
        self._schema_lock = threading.Lock()
        self._pool = _Pool(self._connect, size, wait)

    def _connect(self) -> psycopg.Connection[Any]:
        pg = _psycopg()
        try:
            connection: psycopg.Connection[Any] = pg.connect(
                self.url, autocommit=True, connect_timeout=self.connect_timeout
            )
        except pg.Error as error:
            raise StoreError(
                f"cannot reach the rooms' PostgreSQL at {excerpt(shown(self.url), 200)}: "
                f"{_first_line(error)}"
            ) from None
        if not self._ready:
            with self._schema_lock:
                try:
                    if not self._ready:
                        with connection.transaction():
                            connection.execute(_SCHEMA)
                        self._ready = True
                except pg.Error as error:
                    connection.close()
                    raise StoreError(
                        f"cannot make the rooms' tables in {excerpt(shown(self.url), 200)}: "
                        f"{_first_line(error)}"
                    ) from None
        return connection

    def check(self) -> None:
        """Reach the server and make the tables if missing (:class:`StoreError` if it cannot)."""
        self._run(lambda db: db.execute("SELECT 1"), write=False)

    def _run(self, work: Callable[[psycopg.Connection[Any]], T], write: bool = True) -> T:
        """``work`` on a connection (in one transaction when ``write``); done again, once, on a
        fresh connection when a kept one turns out to be dead before the work reached its commit
        (so nothing of it was written)."""
        pg = _psycopg()
        for attempt in (1, 2):
            with self._pool.connection() as (db, reused):
                done = False
                try:
                    if not write:
                        return work(db)
                    with db.transaction():
                        result = work(db)
                        done = True
                    return result
                except pg.OperationalError as error:
                    if done or not reused or not db.broken or attempt == 2:
                        raise StoreError(
                            f"the rooms' PostgreSQL cannot be used now: {_first_line(error)}"
                        ) from None
                    LOG.info("a kept PostgreSQL connection was dead: trying a new one")
        raise AssertionError("unreachable")

    def _published(self, room_id: str) -> tuple[str, str]:
        """The channel and payload that publish a change of the room."""
        return CHANNEL, f"{self.origin} {room_id}"

    def insert(self, room: StoredRoom, events: Sequence[StoredEvent]) -> None:
        record = (room.id, room.game, room.seq, room.created, room.touched, room.client)
        self._run(
            lambda db: db.execute(
                "WITH made AS (INSERT INTO rooms (id, game, seq, created, touched, client, "
                "record, state, deadline) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
                f"RETURNING id), {_ADD_EVENTS.format(changed='made')} "
                "SELECT pg_notify(%s, %s) FROM made",
                (
                    *record,
                    _text(room.record),
                    room.state,
                    room.deadline,
                    *_event_columns(events),
                    *self._published(room.id),
                ),
            )
        )

    def get(self, room_id: str) -> StoredRoom | None:
        row = self._run(
            lambda db: db.execute(
                "SELECT id, game, seq, created, touched, client, record, state, deadline "
                "FROM rooms WHERE id = %s",
                (room_id,),
            ).fetchone(),
            write=False,
        )
        if row is None:
            return None
        room_id, game, seq, created, touched, client, record, state, deadline = row
        return StoredRoom(
            room_id, game, seq, created, touched, client, json.loads(record), state, deadline
        )

    def update(self, room: StoredRoom, seq: int, events: Sequence[StoredEvent]) -> bool:
        # One statement: the compare-and-set, the events (only if it won), the notification
        # (sent at the commit, only if it won).
        rows = self._run(
            lambda db: db.execute(
                "WITH changed AS (UPDATE rooms SET seq = %s, touched = %s, record = %s, "
                "state = %s, deadline = %s WHERE id = %s AND seq = %s RETURNING id), "
                f"{_ADD_EVENTS.format(changed='changed')} "
                "SELECT pg_notify(%s, %s) FROM changed",
                (
                    room.seq,
                    room.touched,
                    _text(room.record),
                    room.state,
                    room.deadline,
                    room.id,
                    seq,
                    *_event_columns(events),
                    *self._published(room.id),
                ),
            ).fetchall()
        )
        return bool(rows)

    def events(
        self, room_id: str, after: int, limit: int, upto: int | None = None
    ) -> list[StoredEvent]:
        rows = self._run(
            lambda db: db.execute(
                "SELECT seq, kind, public, private, at FROM events WHERE room = %s AND seq > %s "
                "AND seq <= %s ORDER BY seq LIMIT %s",
                (room_id, after, 2**62 if upto is None else upto, limit),
            ).fetchall(),
            write=False,
        )
        return [event_of(row) for row in rows]

    def count(self, client: str | None = None) -> int:
        if client is None:
            row = self._run(
                lambda db: db.execute("SELECT count(*) FROM rooms").fetchone(), write=False
            )
        else:
            row = self._run(
                lambda db: db.execute(
                    "SELECT count(*) FROM rooms WHERE client = %s", (client,)
                ).fetchone(),
                write=False,
            )
        assert row is not None
        return int(row[0])

    def expire(self, before: float) -> int:
        # One statement: a room touched meanwhile keeps its row lock until its commit, then is
        # no longer old, and keeps its events too.
        row = self._run(
            lambda db: db.execute(
                "WITH gone AS (DELETE FROM rooms WHERE touched < %s RETURNING id), "
                "dropped AS (DELETE FROM events USING gone WHERE events.room = gone.id), "
                "away AS (DELETE FROM presence WHERE room IN (SELECT id FROM gone) "
                "OR seen < %s) "
                "SELECT count(*) FROM gone",
                (before, before),
            ).fetchone()
        )
        assert row is not None
        return int(row[0])

    def present(self, room_id: str, seat: int, connection: str, at: float) -> bool:
        return bool(self.refresh([(room_id, seat, connection)], at))

    def refresh(self, signs: Sequence[tuple[str, int, str]], at: float) -> frozenset[str]:
        # One statement: the signs, and a notification for each room where one is new (a
        # renewed sign changes nothing the others show). xmax is 0 in a row just inserted.
        latest = {(room, connection): seat for room, seat, connection in signs}
        if not latest:
            return frozenset()
        rooms = [room for room, _ in latest]
        connections = [connection for _, connection in latest]
        channel, origin = self._published("")
        rows = self._run(
            lambda db: db.execute(
                "WITH seen AS (INSERT INTO presence SELECT s.room, s.connection, s.seat, %s "
                "FROM unnest(%s::text[], %s::text[], %s::int[]) AS s(room, connection, seat) "
                "ON CONFLICT (room, connection) DO UPDATE SET seat = EXCLUDED.seat, "
                "seen = EXCLUDED.seen RETURNING room, (xmax = 0) AS fresh), "
                "new AS (SELECT DISTINCT room FROM seen WHERE fresh) "
                "SELECT room, pg_notify(%s, %s || room) FROM new",
                (at, rooms, connections, list(latest.values()), channel, origin),
            ).fetchall()
        )
        return frozenset(str(row[0]) for row in rows)

    def absent(self, room_id: str, connection: str) -> None:
        self._run(
            lambda db: db.execute(
                "WITH gone AS (DELETE FROM presence WHERE room = %s AND connection = %s "
                "RETURNING room) SELECT pg_notify(%s, %s) FROM gone",
                (room_id, connection, *self._published(room_id)),
            )
        )

    def expired(self, since: float, until: float) -> frozenset[str]:
        rows = self._run(
            lambda db: db.execute(
                "SELECT DISTINCT room FROM presence WHERE seen >= %s AND seen < %s",
                (since, until),
            ).fetchall(),
            write=False,
        )
        return frozenset(str(row[0]) for row in rows)

    def online(self, room_id: str, since: float) -> frozenset[int]:
        rows = self._run(
            lambda db: db.execute(
                "SELECT DISTINCT seat FROM presence WHERE room = %s AND seen >= %s",
                (room_id, since),
            ).fetchall(),
            write=False,
        )
        return frozenset(int(row[0]) for row in rows)

    def due(self, until: float, limit: int) -> tuple[list[str], float | None]:
        def read(db: psycopg.Connection[Any]) -> tuple[list[Any], Any]:
            rows = db.execute(
                "SELECT id FROM rooms WHERE deadline IS NOT NULL AND deadline <= %s "
                "ORDER BY deadline LIMIT %s",
                (until, limit),
            ).fetchall()
            after = db.execute(
                "SELECT min(deadline) FROM rooms WHERE deadline IS NOT NULL AND deadline > %s",
                (until,),
            ).fetchone()
            return rows, None if after is None else after[0]

        rows, after = self._run(read, write=False)
        return [str(row[0]) for row in rows], None if after is None else float(after)

    def close(self) -> None:
        self._pool.clear()


class Listener:
    """Hears the changes of rooms published on :data:`CHANNEL` by the stores of other workers
    and machines (those of ``origin``, this worker's own store, are skipped) and tells
    ``changed(room)``, in the event loop that runs :meth:`run`.

    It keeps one connection of its own (``LISTEN``). When that connection is lost it says so in
    the log and connects again, waiting ``retry`` seconds, then twice as long each time up to
    ``max_retry``; on each connection it calls ``connected()`` first, so that whoever waits wakes
    up and reads what it may have missed meanwhile. A server gone silently (a network cut) is
    found by TCP keepalives within some 25 seconds. The connection sends nothing while it
    listens, so no notification can arrive in a gap between two waits.
    """

    def __init__(
        self,
        url: str,
        origin: str,
        changed: Callable[[str], None],
        connected: Callable[[], None],
        retry: float = 0.25,
        max_retry: float = 10.0,
    ) -> None:
        self.url, self.origin = url, origin
        self.changed, self.connected = changed, connected
        self.retry, self.max_retry = retry, max_retry
        self.connections = 0
        """How many times it connected (1 once it listens; more after each reconnect)."""

    async def run(self) -> None:
        """Listen until cancelled."""
        psycopg = _psycopg()
        delay = self.retry
        while True:
            before = self.connections
            try:
                await self._listen(psycopg)
            except psycopg.Error as error:
                if self.connections != before:  # it had listened: start again at once
                    delay = self.retry
                LOG.warning(
                    "rooms: no connection listening to PostgreSQL (%s); again in %g s",
                    _first_line(error),
                    delay,
                )
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.max_retry)

    async def _listen(self, psycopg: Any) -> None:
        connection = await psycopg.AsyncConnection.connect(
            self.url,
            autocommit=True,
            connect_timeout=5,
            keepalives=1,
            keepalives_idle=10,
            keepalives_interval=5,
            keepalives_count=3,
        )
        async with connection:
            await connection.execute(f"LISTEN {CHANNEL}")
            self.connections += 1
            LOG.info("rooms: listening to PostgreSQL for the changes of other workers")
            self.connected()
            async for note in connection.notifies():
                origin, _, room = note.payload.partition(" ")
                if origin != self.origin:
                    self.changed(room)
        raise psycopg.OperationalError("the server ended the notifications")
