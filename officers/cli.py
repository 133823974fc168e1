"""The command line: ``officers COMMAND ...`` (also ``python -m officers``).

Exit status: 0 for a plain answer; 1 when the answer is "no" (the square breaks the rules, cannot
be completed, ...); 2 for input that cannot be used, with one line on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from officers.errors import OfficersError
from officers.rules import Rules
from officers.square import Square

__all__ = ["main"]

EXIT_OK = 0
EXIT_NO = 1
EXIT_USAGE = 2


class _UsageError(Exception):
    """Raised by the parser instead of printing usage and exiting."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


def _add_square_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "square", metavar="SQUARE", help="a square in the square notation, e.g. 'AC3/1JS2/1AH1QD/4'"
    )
    parser.add_argument(
        "--diagonals", action="store_true", help="the diagonals are lines too (Expert)"
    )
    parser.add_argument(
        "--order", type=int, default=4, metavar="N", help="the order of the square (default 4)"
    )
    parser.add_argument("--json", action="store_true", help="answer in JSON")


def _read(args: argparse.Namespace) -> tuple[Square, Rules]:
    rules = Rules(order=args.order, diagonals=args.diagonals)
    return Square.parse(args.square, order=args.order), rules


def _emit(data: dict[str, Any]) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# --- officers show -----------------------------------------------------------------------------


def _show(args: argparse.Namespace) -> int:
    square, rules = _read(args)
    conflicts = rules.conflicts(square)
    if args.json:
        _emit(
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
        return 3
