"""The commands ``mols K N`` and ``mols-table [--to N]``: mutually orthogonal Latin squares and
the table of how many this library builds against the published one (wired into a group of
``officers`` by :func:`add_commands`).

``mols K N`` prints ``K`` mutually orthogonal Latin squares of order ``N`` (each checked as an
orthogonal array before it is printed), one square after another, rows of numbers ``0 .. N-1``
separated by spaces and a blank line between squares; ``--json`` writes the ``latin-mols``
document of the doors (:func:`officers.contract.latin.mols_document`). A set over
:data:`~officers.latin.mutually_orthogonal.MAX_CELLS` symbols (the whole set of a prime power
above 193) is printed as text from :func:`officers.latin.mols_whole.mols_array`, checked by the
randomized test unless ``--check exact`` (not as JSON: ``--json`` refuses it with the reason).
``--npy FILE`` writes
them to ``FILE`` as one numpy array (:func:`officers.latin.mols_whole.mols_array`: any set of
the table, the whole sets of the prime powers above 193 too, checked by the randomized test
unless ``--check exact``). When no set is known
to the library, or a theorem says none exists, it says why on standard error (with ``--json``
the document, ``found`` false, with the ``reason``) and exits with status 1. No search is
involved: every construction is direct.

``mols-table`` prints, for every order from 2 to ``--to`` (100 by default, at most 599), how
many MOLS the library builds, the published lower bound (the Handbook of Combinatorial
Designs, Table 3.87, with its later updates), the difference and the construction; ``--json``
writes the ``latin-mols-table`` document of the doors with the same rows. With ``--verify`` every set is built
and checked (:func:`officers.latin.mols_verify.verify_table`), on ``--jobs`` local processes
or the Dask cluster at ``--scheduler ADDRESS``, with a progress bar on standard error; each row
adds the squares checked and the CPU seconds, and a failed check is exit status 4. The whole
sets of the prime powers above 193 are checked by the randomized test (marked ``*``), or with
``--exact`` exactly.

``mols-complete FILE|-`` reads ``k - 1`` mutually orthogonal Latin squares in the form ``mols``
prints (text: lines of numbers, a blank line between squares, ``#`` lines ignored; or JSON: a
``mols`` document, or a list of squares) and finds a ``k``-th square orthogonal to all of them
(:func:`officers.latin.complete_mols`, ``--method exact`` or ``cpsat``). It prints the ``k``
squares as ``mols`` does, so its output reads back; ``--json`` writes the doors'
``latin-mols-completion`` document (:func:`officers.contract.latin.completion_document`).
When there is none (the search was exhaustive, or ``n - 1`` squares were given) it says so on
standard error and exits with status 1 (with ``--json`` the document, ``found`` false); out of
time (``--time-limit``, 60 s by default, ``none`` for none) status 3; a set it cannot read or
that is not MOLS status 2, the message quoting it.

``mols-classify FILE|-`` reads a set the same way and prints its class up to equivalence
(:func:`officers.latin.mols_classes.mols_form`): the canonical set, the order of its group and
the number of ordered ``k``-tuples of MOLS in the class; ``--json`` writes the doors'
``latin-mols-classification`` document.

>>> read_mols("# 1 MOLS of order 2\\n0 1\\n1 0\\n")
[[[0, 1], [1, 0]]]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import Any, Final

from officers.cli.common import Commands, ExitCode, add_json, emit, number

__all__ = [
    "add_commands",
    "read_mols",
    "verified_table_data",
]

MAX_ORDER: Final = 599
"""The largest order of the commands (:data:`officers.latin.mutually_orthogonal.MAX_MOLS_ORDER` less one)."""

_MAX_INPUT: Final = 4_000_000
"""The most characters ``mols-complete`` reads."""

_DEFAULT_TIME_LIMIT: Final = 60.0
"""The seconds ``mols-complete`` searches unless ``--time-limit`` says otherwise."""


def _refused(args: argparse.Namespace, kind: str, error: Exception, code: ExitCode) -> ExitCode:
    """A request the library refused: its error document with ``--json``, its message on
    standard error, and ``code``."""
    if args.json:
        from officers.contract.documents import error_document

        emit(error_document(kind, str(error)))
    print(f"officers: {error}", file=sys.stderr)
    return code


def _array(args: argparse.Namespace) -> Any:
    """The set of ``mols K N`` as one numpy array (:func:`officers.latin.mols_whole.mols_array`,
    checked by ``--check`` where it is over ``MAX_CELLS`` symbols), or ``None`` with the reason
    none is known said on standard error."""
    from officers.core.errors import UnsupportedError
    from officers.latin.mols_whole import mols_array

    try:
        return mols_array(args.k, args.n, check=args.check)
    except UnsupportedError as error:
        print(f"officers: {error}", file=sys.stderr)
        return None


def _checked(args: argparse.Namespace, size: int) -> str:
    """How a set of ``size`` symbols was checked, in words."""
    from officers.latin.mutually_orthogonal import MAX_CELLS

    return "exactly" if args.check == "exact" or size <= MAX_CELLS else "by the randomized test"


def _mols_npy(args: argparse.Namespace) -> ExitCode:
    """``mols K N --npy FILE``: the set as one numpy array, any set of the table."""
    import numpy as np

    from officers.latin.mutually_orthogonal import plan

    squares = _array(args)
    if squares is None:
        return ExitCode.NO
    try:
        if args.npy == "-":  # standard output, as bytes
            sys.stdout.flush()
            np.save(sys.stdout.buffer, squares, allow_pickle=False)
            sys.stdout.buffer.flush()
            return ExitCode.OK
        with open(args.npy, "wb") as out:
            np.save(out, squares, allow_pickle=False)
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise
        print(f"officers: cannot write {args.npy}: {error.strerror}", file=sys.stderr)
        return ExitCode.BAD_INPUT
    print(
        f"# {args.k} MOLS of order {args.n}: {plan(args.n)[1]}; checked "
        f"{_checked(args, squares.size)}; written to {args.npy} "
        f"(numpy, shape {squares.shape}, uint16)"
    )
    return ExitCode.OK


def _write_squares(header: str, squares: Iterable[Iterable[Sequence[int]]], n: int) -> None:
    """``squares`` as ``mols`` prints them: the header, then each square's rows of numbers
    separated by spaces, a blank line between squares (made as bytes, so that the whole sets
    of the large prime powers, some 820 MB at order 599, take seconds; written to standard
    output's bytes, or as text where it has none, as in ``contextlib.redirect_stdout``)."""
    names = [str(x).encode() for x in range(n)]
    buffer = getattr(sys.stdout, "buffer", None)

    def write(chunk: bytes) -> None:
        if buffer is None:
            sys.stdout.write(chunk.decode())
        else:
            buffer.write(chunk)

    sys.stdout.flush()
    write(f"{header}\n".encode())
    for index, square in enumerate(squares):
        write(
            (b"\n" if index else b"")
            + b"".join(b" ".join(map(names.__getitem__, row)) + b"\n" for row in square)
        )
    sys.stdout.flush()


def _mols(args: argparse.Namespace) -> ExitCode:
    from officers.contract.latin import mols_document
    from officers.latin.mutually_orthogonal import MAX_CELLS, plan

    if args.npy is not None:
        if args.json:
            print(
                "officers: --npy writes the squares to a file; --json prints them", file=sys.stderr
            )
            return ExitCode.BAD_INPUT
        return _mols_npy(args)
    if not args.json and args.n > 1 and args.k * args.n * args.n > MAX_CELLS:
        squares = _array(args)  # a prime power's whole set: more than the tuples hold
        if squares is None:
            return ExitCode.NO
        header = f"# {args.k} MOLS of order {args.n}: {plan(args.n)[1]}"
        _write_squares(
            f"{header} (checked {_checked(args, squares.size)})", squares.tolist(), args.n
        )
        return ExitCode.OK
    data = mols_document(args.k, args.n)
    if args.json:
        emit(data)
    if not data["found"]:
        print(f"officers: {data['reason']}", file=sys.stderr)
        return ExitCode.NO
    if args.json:
        return ExitCode.OK
    _write_squares(
        f"# {args.k} MOLS of order {args.n}: {data['construction']}", data["squares"], args.n
    )
    return ExitCode.OK


def verified_table_data(
    to: int,
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: bool | None = None,
    exact: bool = False,
) -> dict[str, Any]:
    """The JSON form of the table from order 2 to ``to`` with every set built and checked
    (:func:`officers.latin.mols_verify.verify_table`): on ``jobs`` local processes, or on the
    Dask cluster whose scheduler is at ``scheduler`` (``distributed``, the ``dask`` extra).
    Each row adds ``squares`` (those checked), ``verified`` and the CPU seconds.

    >>> row = verified_table_data(4, jobs=1, progress=False)["rows"][-1]
    >>> row["n"], row["squares"], row["verified"]
    (4, 3, True)
    """
    from officers.cli.common import cluster
    from officers.contract.latin import mols_verification_document

    with cluster(scheduler) as executor:
        return mols_verification_document(
            2, to, jobs=jobs, executor=executor, progress=progress, exact=exact
        )


def _table(args: argparse.Namespace) -> ExitCode:
    if args.verify:
        return _verified_table(args)
    if args.jobs is not None or args.scheduler is not None or args.exact:
        print("officers: --jobs, --scheduler and --exact go with --verify", file=sys.stderr)
        return ExitCode.BAD_INPUT
    from officers.contract.latin import mols_table_document

    data = mols_table_document(2, args.to)
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


def _verified_table(args: argparse.Namespace) -> ExitCode:
    from officers.core.errors import UnsupportedError

    try:
        data = verified_table_data(
            args.to,
            jobs=args.jobs,
            scheduler=args.scheduler,
            progress=args.progress,
            exact=args.exact,
        )
    except (UnsupportedError, OSError) as error:
        return _refused(args, "unsupported", error, ExitCode.BAD_INPUT)
    failed = [row["n"] for row in data["rows"] if not row["verified"]]
    if args.json:
        emit(data)
        return ExitCode.OK if not failed else ExitCode.INTERNAL
    print(
        f"{'n':>4} {'built':>5} {'table':>5} {'diff':>4} {'checked':>7} {'CPU s':>7}  construction"
    )
    for row in data["rows"]:
        mark = "*" if row["check"] == "randomized" else ""
        print(
            f"{row['n']:>4} {row['built']:>5} {row['table']:>5} {row['difference']:>4} "
            f"{str(row['squares']) + mark if row['verified'] else 'FAILED':>7} "
            f"{row['seconds']:>7.2f}  {row['construction']}"
        )
    rows = data["rows"]
    if any(row["check"] == "randomized" for row in rows):
        print("# * checked by the randomized test (Freivalds; wrong with probability < 2**-129)")
    short = [row["n"] for row in rows if row["difference"] < 0]
    slowest = max(rows, key=lambda row: row["seconds"])
    print(f"# {len(short)} orders below the published table" + (f": {short}" if short else ""))
    print(
        f"# {len(rows) - len(failed)} of {len(rows)} sets built and checked in "
        f"{sum(row['seconds'] for row in rows):.1f} CPU s; the slowest n = {slowest['n']} "
        f"({slowest['seconds']:.2f} s)" + (f"; FAILED: {failed}" if failed else "")
    )
    if failed:
        print(f"officers: the check failed at orders {failed}", file=sys.stderr)
        return ExitCode.INTERNAL
    return ExitCode.OK


# --- mols-complete ------------------------------------------------------------------------------


def read_mols(text: str) -> list[list[list[int]]]:
    """The squares of a set as ``mols`` prints it: text (rows of numbers split by spaces, a
    blank line between squares, lines starting with ``#`` ignored) or JSON (a document with
    ``squares``, such as ``mols`` writes, or a list of squares). Only the form is read here;
    :func:`officers.latin.complete_mols` checks that they are MOLS. Text that is neither is
    :class:`~officers.NotationError`, quoting it.

    >>> read_mols('{"kind": "latin-mols", "squares": [[[0]]]}')
    [[[0]]]
    >>> read_mols("0 1\\n1 x")
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read the squares '0 1\\n1 x': 'x' in line 2 is not a number
    """
    from officers.core.errors import NotationError, excerpt

    stripped = text.strip()
    if stripped.startswith(("[", "{")):
        from officers.core.errors import read_json

        data = read_json(stripped, "the squares")
        squares = data.get("squares") if isinstance(data, dict) else data
        if not isinstance(squares, list) or not all(
            isinstance(square, list) and all(isinstance(row, list) for row in square)
            for square in squares
        ):
            raise NotationError(
                f"cannot read the squares {excerpt(text)}: expected a list of squares (each a "
                'list of rows of ints) or a document with "squares"'
            )
        return squares
    result: list[list[list[int]]] = []
    square: list[list[int]] = []
    for number_, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("#"):
            continue
        words = line.split()
        if not words:
            if square:
                result.append(square)
                square = []
            continue
        row = []
        for word in words:
            if not (word.isascii() and word.isdigit()) or len(word) > 6:
                raise NotationError(
                    f"cannot read the squares {excerpt(text)}: {excerpt(word, 20)} in line "
                    f"{number_} is not a number"
                )
            row.append(int(word))
        square.append(row)
    if square:
        result.append(square)
    if not result:
        raise NotationError(f"cannot read the squares {excerpt(text)}: no square in it")
    return result


def _complete(args: argparse.Namespace) -> ExitCode:
    from officers.cli.common import argument_text
    from officers.contract.latin import completion_document
    from officers.core.errors import SolverTimeoutError

    squares = read_mols(argument_text(args.file, _MAX_INPUT, "the squares", files=True))
    try:
        data = completion_document(squares, args.method, args.time_limit)
    except SolverTimeoutError as error:
        return _refused(args, "timeout", error, ExitCode.TIMEOUT)
    if args.json:
        emit(data)
    if not data["found"]:
        print(f"officers: {data['reason']}", file=sys.stderr)
        return ExitCode.NO
    if args.json:
        return ExitCode.OK
    print(f"# {data['k']} MOLS of order {data['n']}: completed by the {args.method} search")
    for index, square in enumerate(data["squares"]):
        if index:
            print()
        for row in square:
            print(" ".join(str(x) for x in row))
    return ExitCode.OK


def _classify(args: argparse.Namespace) -> ExitCode:
    from officers.cli.common import argument_text
    from officers.cli.latin import square_text
    from officers.contract.latin import mols_classification_document

    squares = read_mols(argument_text(args.file, _MAX_INPUT, "the squares", files=True))
    data = mols_classification_document(squares)
    if args.json:
        emit(data)
        return ExitCode.OK
    form = [tuple(tuple(row) for row in square) for square in data["form"]]
    print(f"{data['k']} MOLS of order {data['n']}")
    print("canonical set: " + " | ".join(square_text(square) for square in form))
    print(f"automorphisms: {data['automorphisms']:,}")
    print(f"sets in the class (ordered {data['k']}-tuples of MOLS): {data['size']:,}")
    return ExitCode.OK


def add_commands(commands: Commands) -> None:
    """Add ``mols``, ``mols-table``, ``mols-complete`` and ``mols-classify`` to the sub-parsers ``commands`` (of a group such as
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
    build.add_argument(
        "--npy",
        metavar="FILE",
        help="write the squares to FILE (- for standard output) as one numpy array of shape "
        "(K, N, N), uint16 (numpy.save): any set of the table, the whole sets of the prime "
        "powers above 193 too",
    )
    build.add_argument(
        "--check",
        choices=("randomized", "exact"),
        default="randomized",
        help="for a set over MAX_CELLS symbols (a prime power's whole set): the randomized "
        "test (default, seconds; wrong with probability below 2**-129) or the exact one "
        "(minutes)",
    )
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
    table.add_argument(
        "--verify",
        action="store_true",
        help="build every set and check it, with the CPU seconds of each (minutes to 599)",
    )
    table.add_argument(
        "--exact",
        action="store_true",
        help="with --verify: check the whole sets of the prime powers above 193 exactly too "
        "(every two columns; some 78 CPU minutes to 599) rather than by the randomized test",
    )
    where = table.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=number(1, 1024), default=None, help="with --verify: local processes"
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --verify: the Dask scheduler to run on (tcp://HOST:PORT; the dask extra)",
    )
    table.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        default=None,
        help="no progress bar on standard error (default: shown when it is a terminal)",
    )
    add_json(table)
    table.set_defaults(run=_table)
    _add_complete(commands)


def _add_complete(commands: Commands) -> None:
    """``mols-complete``: a k-th square orthogonal to k - 1 given MOLS, or none."""
    from officers.cli.common import time_limit

    complete = commands.add_parser(
        "mols-complete",
        help="a square orthogonal to every one of k - 1 given MOLS, or a proof there is none",
        description="Read k - 1 mutually orthogonal Latin squares as 'mols' prints them (text "
        "or JSON) and find a k-th square orthogonal to all of them: the exact search (common "
        "transversals, then an exact cover of the cells) or CP-SAT. Prints the k squares. Exit "
        "status 1 when there is none (the search was exhaustive), 3 when the time limit comes "
        "first, 2 when the squares cannot be read or are not MOLS.",
    )
    complete.add_argument(
        "file", metavar="FILE", help="the squares: a file, @FILE, - (standard input) or the text"
    )
    complete.add_argument(
        "--method", choices=("exact", "cpsat"), default="exact", help="the search (exact)"
    )
    complete.add_argument(
        "--time-limit",
        type=time_limit,
        default=_DEFAULT_TIME_LIMIT,
        metavar="S",
        help="seconds, or none (default 60)",
    )
    add_json(complete)
    complete.set_defaults(run=_complete)
    classify = commands.add_parser(
        "mols-classify",
        help="the class of a set of MOLS up to equivalence: its canonical set and group",
        description="Read k mutually orthogonal Latin squares as 'mols' prints them (text or "
        "JSON; order 16 at most) and print their canonical set, the same for every equivalent "
        "set (the rows, the columns and the squares may trade places, each renamed), the order "
        "of its group and how many ordered k-tuples of MOLS the class holds (needs "
        "pynauty: pip install 'officers[nauty]'). Exit status 2 when the squares cannot be "
        "read or are not MOLS.",
    )
    classify.add_argument(
        "file", metavar="FILE", help="the squares: a file, @FILE, - (standard input) or the text"
    )
    add_json(classify)
    classify.set_defaults(run=_classify)
