"""The commands for other programs: ``engine`` (JSON lines on standard input and output),
``serve`` (the HTTP JSON service) and ``schema`` (the JSON Schemas of the contract).

>>> main_ = parser_for_tests()
>>> main_.parse_args(["serve", "--port", "9000"]).port
9000
>>> main_.parse_args(["serve"]).rooms_db is None  # rooms.db in the user's data directory
True
>>> main_.parse_args(["serve", "--forwarded-allow-ips", "127.0.0.1, 10.0.0.0/8"]).forwarded_allow_ips
('127.0.0.1', '10.0.0.0/8')
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Final

from officers.cli.common import Commands, ExitCode, Parser, number, rate, seconds
from officers.core.lifetime import cpus

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

__all__ = ["add_commands", "default_rooms_db", "parser_for_tests"]

SERVE_MISSING = "officers serve needs the 'serve' extra: pip install 'officers[serve]'"

# The library's values the help shows, written here: building the parser (every command's
# start, 'officers --help') loads neither the engine, the contract, the service nor the rooms'
# stores. The tests hold each to the library's.
MAX_LINE: Final = 65536
"""The engine's longest request line by default (:data:`officers.engine.MAX_LINE`)."""
LIMITS: Final = {"time_limit": 2.0, "max_order": 6, "max_states": 1_000_000}
"""The contract's limits by default (:class:`officers.contract.Limits`)."""
SETTINGS: Final = {
    "rate": 20.0,
    "burst": 60,
    "header_timeout": 10.0,
    "body_timeout": 10.0,
    "keep_alive": 5.0,
    "shutdown_timeout": 10.0,
    "max_connections": 512,
    "room_idle": 86400.0,
    "rooms_per_client": 20,
    "max_rooms": 10000,
    "room_message": 4096,
}
"""The service's settings by default (:class:`officers.serve.settings.Settings`)."""


def add_commands(commands: Commands) -> None:
    """Add ``engine``, ``serve`` and ``schema`` to the sub-parsers of ``officers``."""
    _add_engine(commands)
    _add_serve(commands)
    _add_schema(commands)


def _add_limits(parser: Parser, out_of_time: str) -> None:
    """The contract's limits (:class:`~officers.contract.Limits`), for the engine and the service."""
    parser.add_argument(
        "--time-limit",
        type=seconds,
        default=LIMITS["time_limit"],
        metavar="SECONDS",
        help=f"seconds for each search (default %(default)s; {out_of_time})",
    )
    parser.add_argument(
        "--max-order",
        type=number(1, 256),
        default=LIMITS["max_order"],
        metavar="N",
        help="the largest order of a square asked about (default %(default)s; larger: a limit "
        "error)",
    )
    parser.add_argument(
        "--max-states",
        type=number(1000, 2**40),
        default=LIMITS["max_states"],
        metavar="N",
        help="the positions each Eight Off search may store (default %(default)s, about 270 "
        "bytes each; past it: unknown)",
    )


def _add_engine(commands: Commands) -> None:
    engine = commands.add_parser(
        "engine",
        help="answer JSON requests, one a line, on standard input and output",
        description="The engine protocol (docs/serve.md): one JSON request a line on standard "
        "input, one JSON answer a line on standard output, in order, with the request's id; "
        "a bad line gets an error answer and never ends the engine; end of input ends it.",
    )
    engine.add_argument(
        "--max-line",
        type=number(2, 2**31),
        default=MAX_LINE,
        metavar="BYTES",
        help="the longest request line (default %(default)s; longer ones get a too-large error)",
    )
    _add_limits(
        engine,
        "out of time: a search answers a timeout error; the aids (skat/tip, skat/value, "
        "eightoff/hint) answer what they have by then",
    )
    engine.set_defaults(run=_engine)


def _add_serve(commands: Commands) -> None:
    serve = commands.add_parser(
        "serve",
        help="run the HTTP JSON service (needs the 'serve' extra)",
        description="Run the HTTP JSON service: the endpoints under /v1/, /openapi.json, and an "
        "interactive page at /docs (docs/serve.md). Needs the 'serve' extra.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address (default %(default)s)")
    serve.add_argument(
        "--port", type=number(0, 65535), default=8000, help="the port (default %(default)s)"
    )
    serve.add_argument(
        "--workers", type=number(1, 64), default=1, help="worker processes (default 1)"
    )
    serve.add_argument(
        "--cors",
        default="",
        metavar="ORIGINS",
        help="origins allowed by CORS, separated by commas ('*': any; default none: only the "
        "service's own pages)",
    )
    serve.add_argument(
        "--max-body",
        type=number(1, 2**31),
        default=65536,
        metavar="BYTES",
        help="the largest request body (default %(default)s; larger ones get 413)",
    )
    _add_limits(
        serve,
        "out of time: a search answers 503 timeout; the aids a page asks for (skat/tip, "
        "skat/value, eightoff/hint) answer what they have by then",
    )
    defaults = SETTINGS
    serve.add_argument(
        "--max-searches",
        type=number(1, 4096),
        default=None,
        metavar="N",
        help="searches (orders other than 4) running at once in a worker; one more is refused "
        f"at once with 503 and Retry-After (default: the {cpus()} cores shared by the workers)",
    )
    serve.add_argument(
        "--rate",
        type=rate,
        default=defaults["rate"],
        metavar="PER_SECOND",
        help="API requests a second per client address, beyond which 429 (default %(default)s;"
        " 0: no limit)",
    )
    serve.add_argument(
        "--burst",
        type=number(1, 2**31),
        default=defaults["burst"],
        metavar="N",
        help="API requests one client may send at once (default %(default)s)",
    )
    _add_timeouts(serve, defaults)
    serve.add_argument(
        "--max-connections",
        type=number(1, 2**20),
        default=defaults["max_connections"],
        metavar="N",
        help="open connections a worker takes before it answers 503 (default %(default)s)",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        type=_proxies,
        default=os.environ.get("FORWARDED_ALLOW_IPS", ""),
        metavar="ADDRESSES",
        help="the reverse proxies, separated by commas (addresses or networks such as "
        "10.0.0.0/8; '*': any), whose X-Forwarded-For and X-Forwarded-Proto say who the client "
        "is (default: the environment's FORWARDED_ALLOW_IPS, else none: a client is the address "
        "it connects from, whatever it sends)",
    )
    _add_rooms(serve, defaults)
    serve.set_defaults(run=_serve)


def _proxies(text: str) -> tuple[str, ...]:
    """The proxies of ``--forwarded-allow-ips``: addresses, networks or ``*``."""
    named = tuple(item.strip() for item in text.split(",") if item.strip())
    for item in named:
        if item != "*":
            import ipaddress

            from officers.core.errors import excerpt

            try:
                ipaddress.ip_network(item, strict=False)
            except ValueError:
                raise argparse.ArgumentTypeError(
                    f"{excerpt(item)} is no address or network (such as 127.0.0.1, ::1, "
                    "10.0.0.0/8 or '*')"
                ) from None
    return named


ROOMS_FILE = "rooms.db"
"""The name of the rooms' SQLite file in the user's data directory (:func:`default_rooms_db`)."""


EARLIER_ROOMS_DB = "officers-rooms.db"
"""Where ``officers serve`` kept its rooms before 0.3.1: in the folder it was started from."""


def default_rooms_db() -> Path:
    """Where ``officers serve`` keeps its rooms unless ``--rooms-db`` says otherwise:
    :data:`ROOMS_FILE` in the user's data directory, as the platform has it (platformdirs, of
    the ``serve`` extra): ``$XDG_DATA_HOME/officers`` (``~/.local/share/officers``) on Linux,
    ``~/Library/Application Support/officers`` on macOS, ``%LOCALAPPDATA%\\officers`` on
    Windows; never the working directory.

    >>> import os, sys
    >>> saved = os.environ.get("XDG_DATA_HOME")
    >>> os.environ["XDG_DATA_HOME"] = "/srv/data"
    >>> sys.platform != "linux" or default_rooms_db().as_posix() == "/srv/data/officers/rooms.db"
    True
    >>> if saved is None:
    ...     del os.environ["XDG_DATA_HOME"]
    ... else:
    ...     os.environ["XDG_DATA_HOME"] = saved
    """
    import platformdirs

    return platformdirs.user_data_path("officers", appauthor=False) / ROOMS_FILE


def _add_rooms(parser: Parser, defaults: dict[str, float]) -> None:
    """The rooms' options (docs/rooms.md)."""
    parser.add_argument(
        "--rooms-db",
        default=None,
        metavar="PATH_OR_URL",
        help="the SQLite file that keeps the rooms, shared by the workers of this machine "
        f"(default {ROOMS_FILE} in the user's data directory, such as ~/.local/share/officers;"
        " said at start-up; ':memory:': in memory only, lost on a "
        "restart and not shared by workers), or a PostgreSQL database shared by every worker "
        "of every machine, postgresql://USER:PASSWORD@HOST:PORT/DATABASE (needs the 'postgres' "
        "extra)",
    )
    parser.add_argument(
        "--room-idle",
        type=seconds,
        default=defaults["room_idle"],
        metavar="SECONDS",
        help="seconds a room is kept without a change (default %(default)s: 24 h)",
    )
    parser.add_argument(
        "--rooms-per-client",
        type=number(1, 2**31),
        default=defaults["rooms_per_client"],
        metavar="N",
        help="rooms kept for one client address (default %(default)s)",
    )
    parser.add_argument(
        "--max-rooms",
        type=number(1, 2**31),
        default=defaults["max_rooms"],
        metavar="N",
        help="rooms kept in all (default %(default)s)",
    )
    parser.add_argument(
        "--room-message",
        type=number(256, 2**20),
        default=defaults["room_message"],
        metavar="BYTES",
        help="the largest rooms request body or live message (default %(default)s)",
    )


def _add_timeouts(parser: Parser, defaults: dict[str, float]) -> None:
    """The service's time limits on a connection."""
    for name, what, value in (
        (
            "--header-timeout",
            "to send a request's headers (then the connection is closed)",
            defaults["header_timeout"],
        ),
        ("--body-timeout", "to send a request's body (then 408)", defaults["body_timeout"]),
        ("--keep-alive", "an idle connection is kept open", defaults["keep_alive"]),
        (
            "--shutdown-timeout",
            "a stop waits for the requests in flight",
            defaults["shutdown_timeout"],
        ),
    ):
        parser.add_argument(
            name,
            type=seconds,
            default=value,
            metavar="SECONDS",
            help=f"seconds {what} (default %(default)s)",
        )


def _add_schema(commands: Commands) -> None:
    schema_ = commands.add_parser(
        "schema",
        help="print the JSON Schema of a kind of document or request",
    )
    schema_.lazy_description = _schema_description
    schema_.add_argument("kind", metavar="KIND", nargs="?", help="the kind (none: list them)")
    schema_.set_defaults(run=_schema)


def _schema_description() -> str:
    """The description of ``schema``: it names every kind (written when the help is)."""
    from officers.contract import NAMES

    return (
        "Print the JSON Schema (draft 2020-12) of a kind of document officers writes, or of a "
        f"request: {', '.join(NAMES)}."
    )


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM: end like SIGINT does, through the search's cleanup (its child is ended)."""
    raise SystemExit(128 + signum)


def _engine(args: argparse.Namespace) -> ExitCode:
    import signal

    from officers.contract import Limits
    from officers.engine import read_lines, run

    signal.signal(signal.SIGTERM, _terminate)
    try:  # the descriptor, read without a lock (engine.read_lines), each line at most --max-line
        lines: Iterable[str | bytes | None] = read_lines(sys.stdin.fileno(), args.max_line)
    except (AttributeError, OSError, ValueError):  # no descriptor (a stream in memory)
        lines = sys.stdin
    try:
        run(
            lines,
            sys.stdout,
            Limits(
                time_limit=args.time_limit, max_order=args.max_order, max_states=args.max_states
            ),
            args.max_line,
        )
    except BrokenPipeError:  # the reader went away: nobody is left to answer
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return ExitCode.OK


def _serve(args: argparse.Namespace) -> ExitCode:
    try:
        from officers.serve import serve
        from officers.serve.app import create_app  # noqa: F401  (Starlette is there)

        where = args.rooms_db or str(default_rooms_db())
    except ImportError:
        print(SERVE_MISSING, file=sys.stderr)
        return ExitCode.BAD_INPUT

    from officers.contract import Limits
    from officers.rooms.postgres import is_postgres
    from officers.serve.settings import Settings

    where = _reach_rooms(where, made=args.rooms_db is None)
    if args.rooms_db is None and os.path.isfile(EARLIER_ROOMS_DB):
        print(
            f"officers serve: the {EARLIER_ROOMS_DB} in this folder (where an earlier version "
            f"kept the rooms) is not used: --rooms-db {EARLIER_ROOMS_DB} keeps its rooms",
            file=sys.stderr,
            flush=True,
        )
    shared = is_postgres(where)
    settings = Settings(
        cors=tuple(origin.strip() for origin in args.cors.split(",") if origin.strip()),
        max_body=args.max_body,
        limits=Limits(
            time_limit=args.time_limit, max_order=args.max_order, max_states=args.max_states
        ),
        max_searches=args.max_searches or max(1, cpus() // args.workers),
        rate=args.rate,
        burst=args.burst,
        body_timeout=args.body_timeout,
        header_timeout=args.header_timeout,
        keep_alive=args.keep_alive,
        max_connections=args.max_connections,
        shutdown_timeout=args.shutdown_timeout,
        rooms_db=where,
        room_idle=args.room_idle,
        rooms_per_client=args.rooms_per_client,
        max_rooms=args.max_rooms,
        room_message=args.room_message,
        # another worker's changes reach a live room: published by PostgreSQL, or looked for
        room_poll=2.0 if args.workers > 1 and not shared else 0.0,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    serve(settings, host=args.host, port=args.port, workers=args.workers)
    return ExitCode.OK


def _reach_rooms(where: str, made: bool) -> str:
    """The rooms' store at ``where``, reached now (its folder ``made`` first, for the default
    place): a clear error before any worker starts, and one line that says where the rooms are
    kept; ``where`` as the workers are to open it (a file's path made absolute)."""
    import sqlite3
    from pathlib import Path

    from officers.core.errors import excerpt
    from officers.rooms.postgres import PostgresStore, StoreError, is_postgres, shown
    from officers.rooms.store import SQLiteStore

    if is_postgres(where):
        store = PostgresStore(where, size=1)
        try:
            store.check()
        finally:
            store.close()
        said = f"in PostgreSQL at {shown(where)}"
    elif where == ":memory:":
        said = "in memory only (lost when the service stops, and not shared by its workers)"
    else:
        where = os.path.abspath(where)
        if made:
            try:
                Path(where).parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as error:
                raise StoreError(
                    f"cannot make the rooms' folder {excerpt(str(Path(where).parent), 200)}: "
                    f"{error.strerror or error}"
                ) from None
        sqlite = SQLiteStore(where)
        try:
            sqlite.count()
        except sqlite3.Error as error:
            raise StoreError(f"cannot keep the rooms in {excerpt(where, 200)}: {error}") from None
        finally:
            sqlite.close()
        said = f"in {where}"
    print(f"officers serve: the rooms are kept {said}", file=sys.stderr, flush=True)
    return where


def _schema(args: argparse.Namespace) -> ExitCode:
    import json

    from officers.contract import NAMES, schema
    from officers.core.errors import excerpt

    if args.kind is None:
        print("\n".join(NAMES))
        return ExitCode.OK
    if args.kind not in NAMES:
        print(
            f"officers schema: no kind {excerpt(args.kind)}: expected a kind of document such "
            f"as hint or count, or a request such as hint-request ('officers schema' lists all "
            f"{len(NAMES)})",
            file=sys.stderr,
        )
        return ExitCode.BAD_INPUT
    print(json.dumps(schema(args.kind), ensure_ascii=False, indent=2))
    return ExitCode.OK


def parser_for_tests() -> Parser:
    """A parser with only these commands."""
    top = Parser(prog="officers")
    add_commands(top.add_subparsers(dest="command", parser_class=Parser))
    return top
