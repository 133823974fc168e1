"""The commands about squares: ``show``, ``count``, ``complete`` and ``enumerate`` (wired into
``officers`` by :func:`add_commands`).

Every search at an order other than 4 (where the completion index answers at once) runs under
a time limit, :data:`~officers.euler.solve.base.DEFAULT_TIME_LIMIT` seconds by default
(``--time-limit SECONDS``, ``none`` for none), and shows its progress on standard error when
that is a terminal. Out of time, the command says what it knew by then (how many completions or
squares it had found) and exits with status 3. At orders 2 and 6, where no square exists (at 6
by Euler's 36 officers), nothing is searched unless ``--method`` asks for a search: ``count``
prints 0, ``complete`` says why there is no completion (both with status 1) and ``enumerate``
lists nothing, at once, whatever the square and the diagonals.

Exit status: 0 for an answer; 1 when the square breaks the rules (``show``) or cannot be finished
(``count``, ``complete``); 3 when a search ran out of time.

``--json`` writes the documents of the JSON contract (docs/json.md): ``square`` (``show``),
``count``, ``completion`` or ``completions`` (``complete``), and for ``enumerate`` JSON lines,
one ``finished`` document a square as it is found, then one ``enumeration`` document.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

from officers.cli.common import (
    Commands,
    ExitCode,
    add_diagonals,
    add_json,
    add_square,
    emit,
    number,
    read_square,
    time_limit,
)
from officers.core.errors import SolverTimeoutError, UnsupportedError

if TYPE_CHECKING:
    from officers.euler.rules import Rules
    from officers.euler.square import Square

__all__ = ["COMMANDS", "add_commands", "time_limit"]

# The library's values, written here so that building the parser loads no solver (the tests
# hold each to the library's).
METHODS: Final = ("index", "backtrack", "cpsat")
"""The methods of a search (:data:`officers.METHODS`)."""
DEFAULT_TIME_LIMIT: Final = 10.0
"""Seconds a search takes at most by default (:data:`officers.euler.solve.base.DEFAULT_TIME_LIMIT`)."""
MAX_ORDER: Final = 256
"""The largest order read (:data:`officers.euler.square.MAX_ORDER`)."""
MAX_TEXT_ORDER: Final = 26
"""The largest order of the text notation (:data:`officers.euler.square.MAX_TEXT_ORDER`)."""
NO_SQUARE_ORDERS: Final = frozenset({2, 6})
"""The orders with no square (:data:`officers.euler.solve.NO_SQUARE_ORDERS`)."""


def _documents() -> Any:
    """:mod:`officers.contract.documents`, loaded for ``--json`` only (the contract loads the
    game and the hints, which an answer in text does without)."""
    from officers.contract import documents

    return documents


def _read(args: argparse.Namespace) -> tuple[Square, Rules]:
    from officers.euler.rules import Rules

    square = read_square(args.square, args.order)  # the text notation, or JSON for any order
    return square, Rules(order=square.order, diagonals=args.diagonals)


def _text(square: Square) -> str:
    import json

    return (
        square.notation()
        if square.order <= MAX_TEXT_ORDER
        else json.dumps(square.to_dict()["cells"])
    )


# --- progress on a terminal --------------------------------------------------------------------


def _wants_progress(rules: Rules, method: str | None) -> bool:
    """A progress bar for a search that may take time: at orders other than 4, and other than
    2 and 6 unless a method is asked for (none is searched), on a terminal."""
    searched = method is not None or rules.order not in NO_SQUARE_ORDERS
    return rules.order != 4 and searched and sys.stderr.isatty()


@contextlib.contextmanager
def _clock(what: str, seconds: float | None, shown: bool) -> Iterator[None]:
    """While the block runs, a bar on standard error of the seconds spent out of ``seconds``
    (a tick a quarter of a second, from a thread: the search itself is not slowed)."""
    if not shown:
        yield
        return
    import threading  # only with a bar shown

    from tqdm import tqdm

    done = threading.Event()
    with tqdm(total=seconds, desc=what, unit="s", leave=False, file=sys.stderr,
              bar_format="{desc}: {elapsed} {bar} {postfix}") as bar:  # fmt: skip
        bar.set_postfix_str("no time limit" if seconds is None else f"limit {seconds:g} s")

        def tick() -> None:
            began = time.monotonic()
            while not done.wait(0.25):
                bar.n = round(time.monotonic() - began, 1)
                bar.refresh()

        thread = threading.Thread(target=tick, daemon=True)
        thread.start()
        try:
            yield
        finally:
            done.set()
            thread.join()


def _out_of_time(args: argparse.Namespace, error: SolverTimeoutError) -> ExitCode:
    """What a command says when its search ran out of time: the error (what the search knew by
    then) on standard error, and with ``--json`` an ``error`` document on standard output."""
    if args.json:
        emit(_documents().error_document("timeout", str(error)))
    print(f"officers: {error}", file=sys.stderr)
    return ExitCode.TIMEOUT


# --- officers show -----------------------------------------------------------------------------


def _show(args: argparse.Namespace) -> ExitCode:
    square, rules = _read(args)
    conflicts = rules.conflicts(square)
    if args.svg:
        if square.order != 4:
            raise UnsupportedError(f"--svg draws squares of order 4, not {square.order}")
        print(square.to_svg(diagonals=rules.diagonals))
    elif args.json:
        emit(_documents().square_document(square, rules))
    else:
        print(square.picture(ascii=args.ascii))
        print()
        if conflicts:
            print(f"breaks the rule of the square ({rules.describe()}):")
            for conflict in conflicts:
                print(f"  {conflict}")
        else:
            print(f"keeps the rule of the square ({rules.describe()})")
    return ExitCode.NO if conflicts else ExitCode.OK


# --- officers count / complete / enumerate ----------------------------------------------------


def _count(args: argparse.Namespace) -> ExitCode:
    from officers.euler.solve import chosen_method, count_completions

    square, rules = _read(args)
    try:
        with _clock("counting", args.time_limit, _wants_progress(rules, args.method)):
            number = count_completions(
                square, rules, method=args.method, time_limit=args.time_limit
            )
    except SolverTimeoutError as error:
        return _out_of_time(args, error)
    if args.json:
        emit(
            _documents().count_document(
                square, rules, number, chosen_method(square, rules, args.method)
            )
        )
    else:
        print(number)
    return ExitCode.OK if number else ExitCode.NO


def _why_not(square: Square, rules: Rules) -> str:
    """Why the square has no completion, in a line: at orders 2 and 6 that no square of the
    order exists (whatever the givens), else that this one cannot be finished."""
    if rules.order in NO_SQUARE_ORDERS:
        from officers.latin.construct import why_none

        reason = why_none(rules.order)
        assert reason is not None
        if rules.diagonals:
            reason += ", so there is none with the diagonals either"
        return reason
    return f"the square cannot be finished ({rules.describe()})"


def _complete(args: argparse.Namespace) -> ExitCode:
    from officers.euler.solve import chosen_method, completions

    square, rules = _read(args)
    try:
        with _clock("searching", args.time_limit, _wants_progress(rules, args.method)):
            found = completions(square, rules, method=args.method, time_limit=args.time_limit)
            chosen = list(found) if args.all else [s for s in [next(found, None)] if s is not None]
    except SolverTimeoutError as error:
        return _out_of_time(args, error)
    if args.json:
        method = chosen_method(square, rules, args.method, question="completions")
        if args.all:
            emit(_documents().completions_document(square, rules, chosen, method))
        else:
            reason = None if chosen else _why_not(square, rules)
            emit(
                _documents().completion_document(
                    square, rules, chosen[0] if chosen else None, method, reason
                )
            )
    elif not chosen:
        print(f"no completion: {_why_not(square, rules)}")
    elif args.all:
        for completion in chosen:
            print(_text(completion))
    else:
        print(chosen[0].picture(ascii=args.ascii))
        print()
        print(_text(chosen[0]))
    return ExitCode.OK if chosen else ExitCode.NO


def _enumerate(args: argparse.Namespace) -> ExitCode:
    from officers.euler.rules import Rules
    from officers.euler.solve import (
        chosen_method,
        completions,
        count_finished_squares,
        finished_squares,
    )
    from officers.euler.square import Square

    rules = Rules(order=args.order, diagonals=args.diagonals)
    empty = Square.empty(rules.order)
    if args.count_only:
        try:
            with _clock("counting", args.time_limit, _wants_progress(rules, args.method)):
                number = count_finished_squares(
                    rules, method=args.method, time_limit=args.time_limit
                )
        except SolverTimeoutError as error:
            return _out_of_time(args, error)
        if args.json:
            emit(
                _documents().count_document(
                    empty, rules, number, chosen_method(empty, rules, args.method)
                )
            )
        else:
            print(number)
        return ExitCode.OK
    if args.json and rules.order > MAX_TEXT_ORDER:
        raise UnsupportedError(
            f"squares of order {rules.order} have no text notation (at most {MAX_TEXT_ORDER}): "
            "enumerate --json lists orders up to it"
        )
    stream: Iterator[Square]
    method = chosen_method(empty, rules, args.method, question="completions")
    if method in ("backtrack", "construction") and rules.order != 4:
        # Streamed: a large order is listed as it is found, not sorted in memory first.
        stream = completions(empty, rules, method="backtrack", time_limit=args.time_limit)
        method = "backtrack"
    else:  # the index, CP-SAT, or the census at orders 2 and 6 (no square, at once)
        stream = iter(finished_squares(rules, method=args.method, time_limit=args.time_limit))
    return _list_squares(args, rules, method, stream)


def _list_squares(
    args: argparse.Namespace, rules: Rules, method: str, stream: Iterator[Square]
) -> ExitCode:
    """Print each square as it comes (JSON lines with ``--json``, ending with the
    ``enumeration`` document), with a counting bar on a terminal."""
    write: Callable[[int, Square], None]
    if args.json:
        finished = _documents().finished_document
        write = lambda number, square: emit(finished(number, square))  # noqa: E731
    else:
        write = lambda number, square: print(_text(square))  # noqa: E731
    listed = 0
    bar: Any = None
    if _wants_progress(rules, args.method):
        from tqdm import tqdm

        bar = tqdm(desc="listing", unit=" squares", leave=False, file=sys.stderr)
    try:
        for square in stream:
            listed += 1
            write(listed, square)
            if bar is not None:
                bar.update()
    except SolverTimeoutError as error:
        if args.json:
            emit(_documents().enumeration_document(rules, listed, False, method))
        print(f"officers: {error}; {listed} finished squares listed", file=sys.stderr)
        return ExitCode.TIMEOUT
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        emit(_documents().enumeration_document(rules, listed, True, method))
    return ExitCode.OK


# --- wiring ------------------------------------------------------------------------------------


def _add_square_arguments(parser: argparse.ArgumentParser) -> None:
    add_square(parser, any_order=True)
    add_diagonals(parser)
    parser.add_argument(
        "--order",
        type=number(1, MAX_ORDER),
        metavar="N",
        help="the order of the square (default 4, or the JSON square's)",
    )
    add_json(parser)


def _add_method_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--method",
        choices=METHODS,
        help="index (order 4, the default there), backtrack (the default elsewhere) or cpsat",
    )
    parser.add_argument(
        "--time-limit",
        type=time_limit,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"stop a search after this long, saying what it found by then, with exit status 3 "
        f"(default {DEFAULT_TIME_LIMIT:g}; 'none' for no limit); at orders other than 4 a "
        "progress bar on standard error when it is a terminal",
    )


COMMANDS: Final = ("show", "count", "complete", "enumerate")
"""The commands of this module."""


def add_commands(commands: Commands, names: tuple[str, ...] = COMMANDS) -> None:
    """Add ``show``, ``count``, ``complete`` and ``enumerate`` (or those of ``names``) to the
    sub-parsers of ``officers`` (or of its group ``euler``)."""
    for name in names:
        _ADDERS[name](commands)


def _add_show(commands: Commands) -> None:
    show = commands.add_parser(
        "show",
        help="picture a square and say where it breaks the rules",
        description="Picture a square and say whether and where it breaks the rule of the square. "
        "Exit status 1 when it does.",
    )
    _add_square_arguments(show)
    show.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    show.add_argument(
        "--svg",
        action="store_true",
        help="print the square as an SVG picture (order 4; the diagonals marked with --diagonals)",
    )
    show.set_defaults(run=_show)


def _add_count(commands: Commands) -> None:
    count = commands.add_parser(
        "count",
        help="count the completions of a square",
        description="Count the finished squares that extend a square. Exit status 1 when there "
        "is none (the square is dead).",
    )
    _add_square_arguments(count)
    _add_method_arguments(count)
    count.set_defaults(run=_count)


def _add_complete(commands: Commands) -> None:
    complete = commands.add_parser(
        "complete",
        help="show a completion of a square (or all of them)",
        description="Show a finished square that extends a square, or with --all every one of "
        "them (one notation a line). Exit status 1 when there is none.",
    )
    _add_square_arguments(complete)
    _add_method_arguments(complete)
    complete.add_argument("--all", action="store_true", help="every completion, one a line")
    complete.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    complete.set_defaults(run=_complete)


def _add_enumerate(commands: Commands) -> None:
    enumerate_ = commands.add_parser(
        "enumerate",
        help="list every finished square",
        description="List every finished square, one notation a line, in lexicographic order "
        "(at orders other than 4 with the backtracker: in its search order, as found). With "
        "--json: JSON lines, a 'finished' document a square, then an 'enumeration' document "
        "with the count (docs/json.md). At order 5 and up the listing is long: give "
        "--time-limit none to list every square; out of time, exit status 3 after the squares "
        "found so far. Orders 2 and 6 have none (at order 6 by Euler's 36 officers): nothing "
        "is listed, at once, unless --method asks a search.",
    )
    add_diagonals(enumerate_, help="the diagonals are lines too")
    enumerate_.add_argument(
        "--order", type=number(1, MAX_ORDER), default=4, metavar="N", help="default 4"
    )
    enumerate_.add_argument("--count-only", action="store_true", help="only their number")
    add_json(enumerate_)
    _add_method_arguments(enumerate_)
    enumerate_.set_defaults(run=_enumerate)


_ADDERS: Final = {
    "show": _add_show,
    "count": _add_count,
    "complete": _add_complete,
    "enumerate": _add_enumerate,
}
