"""What ``officers serve`` allows: :class:`Settings` (no web framework is loaded for them, so
that the command line reads its defaults without the ``serve`` extra)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from officers.contract import Limits
from officers.core.lifetime import cpus

__all__ = ["Settings"]


@dataclass(frozen=True)
class Settings:
    """What the service allows (each is an ``officers serve`` option, docs/serve.md):

    - ``cors``: the origins CORS lets in (``("*",)``: any; none by default);
    - ``max_body``: the largest request body, in bytes; ``body_timeout``: the seconds a client
      has to send it once its headers are in;
    - ``limits``: the contract's (time per search, order, batch);
    - ``max_searches``: the searches (orders other than 4) that run at once in one worker; a
      request for one more is refused at once (503 ``busy``, ``Retry-After``);
    - ``rate`` requests a second per client, in bursts of up to ``burst`` (``0``: no limit);
    - ``header_timeout``: the seconds a connection has to send a request's headers;
      ``keep_alive``: the seconds an idle connection is kept; ``max_connections``: the open
      connections and requests one worker takes before it answers 503;
      ``shutdown_timeout``: the seconds a stop (SIGTERM) waits for requests in flight;
    - the rooms (docs/rooms.md): ``rooms_db``, the SQLite file that keeps them (``":memory:"``:
      in this process only, lost when it ends; ``officers serve`` keeps them in
      ``rooms.db`` in the user's data directory unless told otherwise), or the URL of a
      PostgreSQL database (``postgresql://...``: shared by every worker of every machine, each
      change published to all of them at once); ``room_idle``:
      the seconds a room is kept without a change; ``rooms_per_client`` and ``max_rooms``:
      the rooms kept for one client address and in all; ``room_message``: the largest
      request body or live message of the rooms, in bytes; ``room_poll``: the seconds between
      a live connection's looks at the store for changes made by other workers (``0``: one
      worker, or PostgreSQL, none needed);
    - ``forwarded_allow_ips``: the addresses (or networks, ``"*"``: any) of the reverse proxies
      whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` say who the client is (none by
      default: a client is the address it connects from, whatever headers it sends, so that no
      header moves it out of its rate limit or its room cap).
    """

    cors: tuple[str, ...] = ()
    max_body: int = 65536
    limits: Limits = field(default_factory=Limits)
    max_searches: int = field(default_factory=cpus)
    rate: float = 20.0
    burst: int = 60
    body_timeout: float = 10.0
    header_timeout: float = 10.0
    keep_alive: float = 5.0
    max_connections: int = 512
    shutdown_timeout: float = 10.0
    rooms_db: str = ":memory:"
    room_idle: float = 86400.0
    rooms_per_client: int = 20
    max_rooms: int = 10000
    room_message: int = 4096
    room_poll: float = 0.0
    forwarded_allow_ips: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """The settings of their :func:`dataclasses.asdict` form (missing keys: the defaults)."""
        known = {item.name for item in fields(cls)}
        values = {key: value for key, value in data.items() if key in known}
        for name in ("cors", "forwarded_allow_ips"):
            if name in values:
                values[name] = tuple(values[name])
        if "limits" in values:
            values["limits"] = Limits(**values["limits"])
        return cls(**values)
