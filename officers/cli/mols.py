"""The commands ``mols K N`` and ``mols-table [--to N]``: mutually orthogonal Latin squares and
the table of how many this library builds against the published one (wired into a group of
``officers`` by :func:`add_commands`).

``mols K N`` prints ``K`` mutually orthogonal Latin squares of order ``N`` (each checked as an
orthogonal array before it is printed), one square after another, rows of numbers ``0 .. N-1``
separated by spaces and a blank line between squares; ``--json`` writes one ``mols`` document
(``{"version", "kind": "mols", "k", "n", "construction", "squares"}``). When no set is known
to the library, or a theorem says none exists, it says why on standard error (with ``--json``
an ``error`` document, code ``unsupported``) and exits with status 1. No search is involved:
every construction is direct.

``mols-table`` prints, for every order from 2 to ``--to`` (100 by default, at most 599), how
many MOLS the library builds, the published lower bound (the Handbook of Combinatorial
Designs, Table 3.87, with its later updates), the difference and the construction; ``--json``
writes one ``mols-table`` document with the same rows.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from officers.cli.common import Commands, ExitCode, add_json, emit, number

__all__ = ["add_commands", "mols_data", "table_data"]

MAX_ORDER: Final = 599
"""The largest order of the commands (:data:`officers.latin.mutually_orthogonal.MAX_MOLS_ORDER` less one)."""


def mols_data(k: int, n: int) -> dict[str, Any]:
    """The JSON form of ``k`` MOLS of order ``n``.

    >>> data = mols_data(2, 3)
    >>> data["kind"], data["construction"], data["squares"][1]
    ('mols', 'finite field GF(3)', [[0, 1, 2], [2, 0, 1], [1, 2, 0]])
    """
    from officers.contract.documents import head
    from officers.latin.mutually_orthogonal import mols, plan

    squares = mols(k, n)
    return {
        **head("mols"),
        "k": k,
        "n": n,
        "construction": plan(n)[1] if n > 1 else "the square of order 1",
        "squares": [[list(row) for row in square] for square in squares],
    }


def table_data(to: int) -> dict[str, Any]:
    """The JSON form of the table from order 2 to ``to``.

    >>> table_data(4)["rows"][-1]
    {'n': 4, 'built': 3, 'table': 3, 'difference': 0, 'construction': 'finite field GF(4)'}
    """
    from officers.contract.documents import head
    from officers.latin.mutually_orthogonal import mols_table

    return {
        **head("mols-table"),
        "to": to,
        "rows": [
            {
                "n": e.n,
                "built": e.built,
                "table": e.table,
                "difference": e.built - e.table,
                "construction": e.construction,
            }
            for e in mols_table(to)
        ],
    }


def _mols(args: argparse.Namespace) -> ExitCode:
    from officers.core.errors import UnsupportedError

    try:
        data = mols_data(args.k, args.n)
    except UnsupportedError as error:
        if args.json:
            from officers.contract.documents import error_document

            emit(error_document("unsupported", str(error)))
        print(f"officers: {error}", file=sys.stderr)
        return ExitCode.NO
    if args.json:
        emit(data)
        return ExitCode.OK
    print(f"# {args.k} MOLS of order {args.n}: {data['construction']}")
    for index, square in enumerate(data["squares"]):
        if index:
            print()
        for row in square:
            print(" ".join(str(x) for x in row))
    return ExitCode.OK


def _table(args: argparse.Namespace) -> ExitCode:
    data = table_data(args.to)
    if args.json:
        emit(data)
        return ExitCode.OK
    print(f"{'n':>4} {'built':>5} {'table':>5} {'diff':>4}  construction")
    for row in data["rows"]:
        print(
            f"{row['n']:>4} {row['built']:>5} {row['table']:>5} {row['difference']:>4}  "
            f"{row['construction']}"
        )
    short = [row["n"] for row in data["rows"] if row["difference"] < 0]
    print(f"# {len(short)} orders below the published table" + (f": {short}" if short else ""))
    return ExitCode.OK


def add_commands(commands: Commands) -> None:
    """Add ``mols`` and ``mols-table`` to the sub-parsers ``commands`` (of a group such as
    ``officers latin``)."""
    build = commands.add_parser(
        "mols",
        help="K mutually orthogonal Latin squares of order N, checked",
        description="Print K mutually orthogonal Latin squares of order N (N < 600), built by "
        "the construction that gives the most (finite fields, MacNeish's product, Wilson's "
        "construction, difference matrices, ...) and checked before they are printed. Exit "
        "status 1, with the reason, when no such set is known to the library or none exists.",
    )
    build.add_argument("k", type=number(1, 10**6), metavar="K", help="how many squares")
    build.add_argument("n", type=number(1, MAX_ORDER), metavar="N", help="their order")
    add_json(build)
    build.set_defaults(run=_mols)
    table = commands.add_parser(
        "mols-table",
        help="how many MOLS of each order are built, against the published table",
        description="For every order from 2 to --to: how many mutually orthogonal Latin "
        "squares the library builds, the published lower bound (Handbook of Combinatorial "
        "Designs, Table 3.87, with its updates), the difference and the construction.",
    )
    table.add_argument(
        "--to",
        type=number(2, MAX_ORDER),
        default=100,
        metavar="N",
        help="the last order (default 100, at most 599)",
    )
    add_json(table)
    table.set_defaults(run=_table)
