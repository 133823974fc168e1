"""The command line: ``officers COMMAND ...`` (also ``python -m officers``).

Exit status: 0 for a plain answer; 1 when the answer is "no" (the square breaks the rules, cannot
be completed, ...); 2 for input that cannot be used, with one line on standard error; 3 when a
solver ran out of time (the answer is unknown); 4 for an internal error (a bug: please report it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from officers import _cli_game, _cli_hints, _cli_puzzle, solve
from officers._cli_common import EXIT_NO, EXIT_OK, add_diagonals, add_json, add_square, emit
from officers.errors import OfficersError, SolverTimeoutError
from officers.rules import Rules
from officers.solve.cpsat import DEFAULT_TIME_LIMIT
from officers.square import Square

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_UNKNOWN = 3
EXIT_INTERNAL = 4


class _UsageError(Exception):
    """Raised by the parser instead of printing usage and exiting."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


def _add_square_arguments(parser: argparse.ArgumentParser) -> None:
    add_square(parser)
    add_diagonals(parser)
    parser.add_argument(
        "--order", type=int, default=4, metavar="N", help="the order of the square (default 4)"
    )
    add_json(parser)


def _read(args: argparse.Namespace) -> tuple[Square, Rules]:
    rules = Rules(order=args.order, diagonals=args.diagonals)
    return Square.parse(args.square, order=args.order), rules


# --- officers show -----------------------------------------------------------------------------


def _show(args: argparse.Namespace) -> int:
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
    return EXIT_NO if conflicts else EXIT_OK


# --- officers count / complete / enumerate ----------------------------------------------------


def _count(args: argparse.Namespace) -> int:
    square, rules = _read(args)
    number = solve.count_completions(square, rules, method=args.method, time_limit=args.time_limit)
    if args.json:
        emit(
            {
                "square": square.to_dict(),
                "rules": rules.to_dict(),
                "method": args.method or ("index" if rules.order == 4 else "backtrack"),
                "completable": number > 0,
                "completions": number,
            }
        )
    else:
        print(number)
    return EXIT_OK if number else EXIT_NO


def _complete(args: argparse.Namespace) -> int:
    square, rules = _read(args)
    found = solve.completions(square, rules, method=args.method, time_limit=args.time_limit)
    chosen = list(found) if args.all else [s for s in [next(found, None)] if s is not None]
    if args.json:
        data: dict[str, Any] = {"square": square.to_dict(), "rules": rules.to_dict()}
        data["completable"] = bool(chosen)
        if args.all:
            data["count"] = len(chosen)
            data["completions"] = [_text(s) for s in chosen]
        else:
            data["completion"] = chosen[0].to_dict() if chosen else None
        emit(data)
    elif not chosen:
        print(f"no completion: the square cannot be finished ({rules.describe()})")
    elif args.all:
        for completion in chosen:
            print(_text(completion))
    else:
        print(chosen[0].picture(ascii=args.ascii))
        print()
        print(_text(chosen[0]))
    return EXIT_OK if chosen else EXIT_NO


def _enumerate(args: argparse.Namespace) -> int:
    rules = Rules(order=args.order, diagonals=args.diagonals)
    if args.count_only:
        number = solve.count_finished_squares(rules, method=args.method, time_limit=args.time_limit)
        if args.json:
            emit({"rules": rules.to_dict(), "count": number})
        else:
            print(number)
        return EXIT_OK
    if args.json:
        squares = solve.finished_squares(rules, method=args.method, time_limit=args.time_limit)
        emit(
            {
                "rules": rules.to_dict(),
                "count": len(squares),
                "squares": [_text(s) for s in squares],
            }
        )
        return EXIT_OK
    if args.method in (None, "backtrack") and rules.order != 4:
        # Stream: a large order is listed as it is found, not sorted in memory first.
        stream = solve.completions(Square.empty(rules.order), rules, method="backtrack")
    else:
        stream = iter(solve.finished_squares(rules, method=args.method, time_limit=args.time_limit))
    for square in stream:
        print(_text(square))
    return EXIT_OK


def _text(square: Square) -> str:
    return square.notation() if square.order <= 26 else json.dumps(square.to_dict()["cells"])


def _add_method_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--method",
        choices=solve.METHODS,
        help="index (order 4, the default there), backtrack (the default elsewhere) or cpsat",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"cpsat only: answer 'unknown' (exit status 3) after this long "
        f"(default {DEFAULT_TIME_LIMIT:g})",
    )


# --- the parser --------------------------------------------------------------------------------


def _parser() -> _Parser:
    parser = _Parser(
        prog="officers",
        description="The exact solver for Euler's Officers and graeco-latin squares.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

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
    enumerate_.add_argument("--order", type=int, default=4, metavar="N", help="default 4")
    enumerate_.add_argument("--count-only", action="store_true", help="only their number")
    add_json(enumerate_)
    _add_method_arguments(enumerate_)
    enumerate_.set_defaults(run=_enumerate)

    _cli_puzzle.add_commands(commands)
    _cli_hints.add_commands(commands)
    _cli_game.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    try:
        args = _parser().parse_args(argv)
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except _UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE
    except SolverTimeoutError as error:
        print(f"officers: {error}", file=sys.stderr)
        return EXIT_UNKNOWN
    except OfficersError as error:
        print(f"officers: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("officers: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:  # no traceback ever reaches a user
        print(
            f"officers: internal error ({type(error).__name__}: {error}); please report it",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
