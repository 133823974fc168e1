"""What the command groups of the command line share: exit statuses, the parser, common
arguments, JSON output.

Every module of :mod:`officers.cli` imports this module, which imports none of them (so there is
no import cycle).

>>> int(ExitCode.NO), ExitCode(3).name
(1, 'TIMEOUT')
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from enum import IntEnum
from typing import Any, NoReturn, TypeAlias

__all__ = [
    "Command",
    "Commands",
    "ExitCode",
    "Formatter",
    "Parser",
    "UsageError",
    "add_diagonals",
    "add_json",
    "add_square",
    "emit",
]


class ExitCode(IntEnum):
    """The exit statuses of ``officers``.

    >>> [code.value for code in ExitCode]
    [0, 1, 2, 3, 4, 130]
    """

    OK = 0
    """A plain answer, or "yes"."""
    NO = 1
    """The answer is "no": the square breaks the rules, cannot be finished, the game is lost ..."""
    BAD_INPUT = 2
    """Input that cannot be used (one line on standard error)."""
    TIMEOUT = 3
    """A solver ran out of time: the answer is unknown."""
    INTERNAL = 4
    """An internal error: a bug, please report it."""
    INTERRUPTED = 130
    """Interrupted by the user (Ctrl-C), as shells report SIGINT (128 + 2)."""


Command: TypeAlias = Callable[[argparse.Namespace], ExitCode]
"""What runs a command: its parsed arguments in, its exit status out."""


class UsageError(Exception):
    """Raised by :class:`Parser` instead of printing the usage and exiting."""


class Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the width of the terminal as :func:`shutil.get_terminal_size`
    would tell it (``COLUMNS``, else the terminal, else 80), without importing :mod:`shutil`:
    argparse makes a formatter for every argument it adds, and a command pays for each import."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` (one line) instead of exiting.

    >>> Parser(prog="officers").parse_args(["--frobnicate"])
    Traceback (most recent call last):
    ...
    officers.cli.common.UsageError: officers: unrecognized arguments: --frobnicate (see 'officers --help')
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


# argparse names the type of its sub-parsers object privately; this alias is its one spelling here.
Commands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""The sub-parsers object to which each command group adds its commands."""


def add_square(parser: argparse.ArgumentParser, what: str = "a square") -> None:
    """The positional ``SQUARE`` argument (``what`` it is: a square, a start)."""
    parser.add_argument(
        "square", metavar="SQUARE", help=f"{what} in the square notation, e.g. 'AC3/1JS2/1AH1QD/4'"
    )


def add_diagonals(
    parser: argparse.ArgumentParser, help: str = "the diagonals are lines too (Expert)"
) -> None:
    """The ``--diagonals`` switch."""
    parser.add_argument("--diagonals", action="store_true", help=help)


def add_json(parser: argparse.ArgumentParser, help: str = "answer in JSON") -> None:
    """The ``--json`` switch."""
    parser.add_argument("--json", action="store_true", help=help)


def emit(data: dict[str, Any]) -> None:
    """Print ``data`` as one line of JSON (other than ASCII characters as they are).

    >>> emit({"card": "A♠", "count": 2})
    {"card": "A♠", "count": 2}
    """
    print(json.dumps(data, ensure_ascii=False))
