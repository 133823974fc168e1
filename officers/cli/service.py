"""The commands for other programs: ``engine`` (JSON lines on standard input and output),
``serve`` (the HTTP JSON service) and ``schema`` (the JSON Schemas of the contract).

>>> main_ = parser_for_tests()
>>> main_.parse_args(["serve", "--port", "9000"]).port
9000
"""

from __future__ import annotations

import argparse
import json
import sys

from officers.cli.common import Commands, ExitCode, Parser, number, seconds
from officers.contract import NAMES, Limits, schema
from officers.engine import run

__all__ = ["add_commands", "parser_for_tests"]

SERVE_MISSING = "officers serve needs the 'serve' extra: pip install 'officers[serve]'"


def add_commands(commands: Commands) -> None:
    """Add ``engine``, ``serve`` and ``schema`` to the sub-parsers of ``officers``."""
    engine = commands.add_parser(
        "engine",
        help="answer JSON requests, one a line, on standard input and output",
        description="The engine protocol (docs/serve.md): one JSON request a line on standard "
        "input, one JSON answer a line on standard output, in order, with the request's id; "
        "a bad line gets an error answer and never ends the engine; end of input ends it.",
    )
    engine.add_argument(
        "--time-limit",
        type=seconds,
        default=Limits().time_limit,
        metavar="SECONDS",
        help="seconds for each solver call (default %(default)s)",
    )
    engine.set_defaults(run=_engine)

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
        default="*",
        metavar="ORIGINS",
        help="origins allowed by CORS, separated by commas ('*': any; '': none)",
    )
    serve.add_argument(
        "--max-body",
        type=number(1, 2**31),
        default=65536,
        metavar="BYTES",
        help="the largest request body (default %(default)s; larger ones get 413)",
    )
    serve.add_argument(
        "--time-limit",
        type=seconds,
        default=Limits().time_limit,
        metavar="SECONDS",
        help="seconds for each solver call (default %(default)s; out of time: 503)",
    )
    serve.set_defaults(run=_serve)

    schema_ = commands.add_parser(
        "schema",
        help="print the JSON Schema of a kind of document or request",
        description="Print the JSON Schema (draft 2020-12) of a kind of document officers "
        f"writes, or of a request: {', '.join(NAMES)}.",
    )
    schema_.add_argument("kind", metavar="KIND", nargs="?", help="the kind (none: list them)")
    schema_.set_defaults(run=_schema)


def _engine(args: argparse.Namespace) -> ExitCode:
    run(sys.stdin, sys.stdout, Limits(time_limit=args.time_limit))
    return ExitCode.OK


def _serve(args: argparse.Namespace) -> ExitCode:
    try:
        from officers.serve import Settings, serve
    except ImportError:
        print(SERVE_MISSING, file=sys.stderr)
        return ExitCode.BAD_INPUT
    settings = Settings(
        cors=tuple(origin for origin in args.cors.split(",") if origin),
        max_body=args.max_body,
        limits=Limits(time_limit=args.time_limit),
    )
    serve(settings, host=args.host, port=args.port, workers=args.workers)
    return ExitCode.OK


def _schema(args: argparse.Namespace) -> ExitCode:
    if args.kind is None:
        print("\n".join(NAMES))
        return ExitCode.OK
    if args.kind not in NAMES:
        print(
            f"officers schema: no kind {args.kind!r}: expected one of {', '.join(NAMES)}",
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
