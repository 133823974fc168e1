"""The commands about squares: ``show``, ``count``, ``complete`` and ``enumerate`` (wired into
``officers`` by :func:`add_commands`).

Exit status: 0 for an answer; 1 when the square breaks the rules (``show``) or cannot be finished
(``count``, ``complete``); 3 when ``--method cpsat`` ran out of time.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from officers import (
    METHODS,
    Rules,
    Square,
    completions,
    count_completions,
    count_finished_squares,
    finished_squares,
)
from officers.cli.common import (
    Commands,
    ExitCode,
    add_diagonals,
    add_json,
    add_square,
    emit,
    number,
    read_square,
    seconds,
)
from officers.solve import chosen_method
from officers.solve.cpsat import DEFAULT_TIME_LIMIT
from officers.square import MAX_ORDER

__all__ = ["add_commands"]


def _read(args: argparse.Namespace) -> tuple[Square, Rules]:
    square = read_square(args.square, args.order)  # the text notation, or JSON for any order
    return square, Rules(order=square.order, diagonals=args.diagonals)


def _text(square: Square) -> str:
    return square.notation() if square.order <= 26 else json.dumps(square.to_dict()["cells"])


# --- officers show -----------------------------------------------------------------------------


def _show(args: argparse.Namespace) -> ExitCode:
    square, rules = _read(args)
    conflicts = rules.conflicts(square)
    if args.json:
        emit(
            {
                "square": square.to_dict(),
                "rules": rules.to_dict(),
                "valid": not conflicts,
                "conflicts": [conflict.to_dict() for conflict in conflicts],
            }
        )
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
    square, rules = _read(args)
    number = count_completions(square, rules, method=args.method, time_limit=args.time_limit)
    if args.json:
        emit(
            {
                "square": square.to_dict(),
                "rules": rules.to_dict(),
                "method": chosen_method(square, rules, args.method),
                "completable": number > 0,
                "completions": number,
            }
        )
    else:
        print(number)
    return ExitCode.OK if number else ExitCode.NO


def _why_not(square: Square, rules: Rules) -> str:
    """Why the square has no completion, in a line."""
    reason = None
    if not rules.diagonals and square.placed_count() == 0:
        from officers.solve.construct import why_none

        reason = why_none(rules.order)  # the empty square of order 2 or 6
    return reason or f"the square cannot be finished ({rules.describe()})"


def _complete(args: argparse.Namespace) -> ExitCode:
    square, rules = _read(args)
    found = completions(square, rules, method=args.method, time_limit=args.time_limit)
    chosen = list(found) if args.all else [s for s in [next(found, None)] if s is not None]
    if args.json:
        data: dict[str, Any] = {"square": square.to_dict(), "rules": rules.to_dict()}
        data["method"] = chosen_method(square, rules, args.method, question="completions")
        data["completable"] = bool(chosen)
        if not chosen:
            data["reason"] = _why_not(square, rules)
        if args.all:
            data["count"] = len(chosen)
            data["completions"] = [_text(s) for s in chosen]
        else:
            data["completion"] = chosen[0].to_dict() if chosen else None
        emit(data)
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
    rules = Rules(order=args.order, diagonals=args.diagonals)
    if args.count_only:
        number = count_finished_squares(rules, method=args.method, time_limit=args.time_limit)
        if args.json:
            emit({"rules": rules.to_dict(), "count": number})
        else:
            print(number)
        return ExitCode.OK
    if args.json:
        squares = finished_squares(rules, method=args.method, time_limit=args.time_limit)
        emit(
            {
                "rules": rules.to_dict(),
                "count": len(squares),
                "squares": [_text(s) for s in squares],
            }
        )
        return ExitCode.OK
    stream: Iterator[Square]
    if args.method in (None, "backtrack") and rules.order != 4:
        # Stream: a large order is listed as it is found, not sorted in memory first.
        stream = completions(Square.empty(rules.order), rules, method="backtrack")
    else:
        stream = iter(finished_squares(rules, method=args.method, time_limit=args.time_limit))
    for square in stream:
        print(_text(square))
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
        type=seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"cpsat only: answer 'unknown' (exit status 3) after this long "
        f"(default {DEFAULT_TIME_LIMIT:g})",
    )


def add_commands(commands: Commands) -> None:
    """Add ``show``, ``count``, ``complete`` and ``enumerate`` to the sub-parsers of
    ``officers``."""
    show = commands.add_parser(
        "show",
        help="picture a square and say where it breaks the rules",
        description="Picture a square and say whether and where it breaks the rule of the square. "
        "Exit status 1 when it does.",
    )
    _add_square_arguments(show)
    show.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    show.set_defaults(run=_show)

    count = commands.add_parser(
        "count",
        help="count the completions of a square",
        description="Count the finished squares that extend a square. Exit status 1 when there "
        "is none (the square is dead).",
    )
    _add_square_arguments(count)
    _add_method_arguments(count)
    count.set_defaults(run=_count)

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

    enumerate_ = commands.add_parser(
        "enumerate",
        help="list every finished square",
        description="List every finished square, one notation a line, in lexicographic order "
        "(at orders other than 4 with the backtracker: in its search order, as found).",
    )
    add_diagonals(enumerate_, help="the diagonals are lines too")
    enumerate_.add_argument(
        "--order", type=number(1, MAX_ORDER), default=4, metavar="N", help="default 4"
    )
    enumerate_.add_argument("--count-only", action="store_true", help="only their number")
    add_json(enumerate_)
    _add_method_arguments(enumerate_)
    enumerate_.set_defaults(run=_enumerate)
