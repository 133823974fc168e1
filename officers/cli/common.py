"""What the command groups of the command line share: exit statuses, the parser, common
arguments, JSON output.

Every module of :mod:`officers.cli` imports this module, which imports none of them (so there is
no import cycle).

>>> int(ExitCode.NO), ExitCode(3).name
(1, 'TIMEOUT')
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterator
from enum import IntEnum
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO, TypeAlias

if TYPE_CHECKING:
    import concurrent.futures

    from _typeshed import SupportsWrite

__all__ = [
    "ASCII_HELP",
    "Command",
    "Commands",
    "ExitCode",
    "Formatter",
    "Parser",
    "UsageError",
    "add_diagonals",
    "add_json",
    "add_square",
    "argument_text",
    "ascii_text",
    "emit",
    "number",
    "plain_stream",
    "rate",
    "read_square",
    "read_text_file",
    "seconds",
    "writes_suits",
]


class ExitCode(IntEnum):
    """The exit statuses of ``officers``.

    >>> [code.value for code in ExitCode]
    [0, 1, 2, 3, 4, 74, 130, 141, 143]
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
    OUTPUT = 74
    """The output could not be written (a full disk, standard output closed): one line on
    standard error (74 is ``EX_IOERR`` of ``sysexits.h``)."""
    INTERRUPTED = 130
    """Interrupted by the user (Ctrl-C), as shells report SIGINT (128 + 2)."""
    BROKEN_PIPE = 141
    """The reader of standard output went away (``officers enumerate | head -1``): the command
    stops quietly, as shells report SIGPIPE (128 + 13)."""
    TERMINATED = 143
    """Stopped by SIGTERM (a service manager, ``kill``): the searches and workers it started are
    ended first, as shells report SIGTERM (128 + 15)."""


Command: TypeAlias = Callable[[argparse.Namespace], ExitCode]
"""What runs a command: its parsed arguments in, its exit status out."""


ASCII_HELP: Final = "print only ASCII: letters instead of suit symbols (AS for A\u2660)"
"""The help of ``--ascii`` (itself in ASCII)."""


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

    lazy_description: Callable[[], str] | None = None
    """The description, written when the help is (a text that needs what building the parser
    should not load: ``officers schema`` names every kind of document)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def format_help(self) -> str:
        if self.lazy_description is not None:
            self.description = self.lazy_description()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        if len(message) > _LONGEST:  # argparse quotes the arguments in full
            message = message[: _LONGEST - 3] + "..."
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """Print the help; unlike argparse, an error writing it is not swallowed (a full disk
        is reported, not an exit status 0 having printed nothing)."""
        (file or sys.stdout).write(self.format_help())

    def add_subparsers(self, **kwargs: Any) -> Any:
        """argparse's, remembered as :attr:`commands` (to reach every command's parser)."""
        self.commands = super().add_subparsers(**kwargs)
        return self.commands

    def every_command(self) -> Iterator[Parser]:
        """The parsers of every command below this one (``puzzle``, ``puzzle verify``, ...)."""
        commands: Commands | None = getattr(self, "commands", None)
        for command in commands.choices.values() if commands is not None else ():
            yield command
            yield from command.every_command()

    def add_ascii(self) -> None:
        """Give every command below this one the ``--ascii`` switch (where it has none): the
        output in ASCII, suits as letters (``main`` reads it for every command)."""
        for command in self.every_command():
            with contextlib.suppress(argparse.ArgumentError):  # the command's own --ascii
                command.add_argument("--ascii", action="store_true", help=ASCII_HELP)


_LONGEST = 300
"""The longest usage message (argparse's quotes every unrecognized argument in full)."""


# argparse names the type of its sub-parsers object privately; this alias is its one spelling here.
Commands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""The sub-parsers object to which each command group adds its commands."""


def add_square(
    parser: argparse.ArgumentParser, what: str = "a square", *, any_order: bool = False
) -> None:
    """The positional ``SQUARE`` argument (``what`` it is: a square, a start); ``any_order``
    when the command reads it with :func:`read_square` (JSON too)."""
    help = f"{what} in the square notation, e.g. 'AC3/1JS2/1AH1QD/4'"
    if any_order:
        help += (
            " (orders up to 26), or its JSON (any order up to 256) given as it is, as @FILE "
            "or as - (standard input)"
        )
    parser.add_argument("square", metavar="SQUARE", help=help)


def add_diagonals(
    parser: argparse.ArgumentParser, help: str = "the diagonals are lines too (Expert)"
) -> None:
    """The ``--diagonals`` switch."""
    parser.add_argument("--diagonals", action="store_true", help=help)


def add_json(parser: argparse.ArgumentParser, help: str = "answer in JSON") -> None:
    """The ``--json`` switch."""
    parser.add_argument("--json", action="store_true", help=help)


def emit(data: dict[str, Any]) -> None:
    r"""Print ``data`` as one line of JSON (other than ASCII characters as they are; what UTF-8
    cannot carry, such as a lone surrogate from an argument that was not UTF-8, escaped).

    >>> emit({"card": "A♠", "count": 2})
    {"card": "A♠", "count": 2}
    >>> emit({"square": "\udcff"})
    {"square": "\udcff"}
    """
    from officers.core.wire import write

    print(write(data))


# --- numbers and squares from the command line ------------------------------------------------

_WHOLE = r"[+]?[0-9]{1,19}"  # the bounds are checked after


@contextlib.contextmanager
def cluster(scheduler: str | None) -> Iterator[concurrent.futures.Executor | None]:
    """The executor of the Dask cluster whose scheduler is at ``scheduler`` (its client closed
    on the way out), or ``None`` when none is named: what a command's ``--scheduler`` gives the
    library. Without Dask's ``distributed`` (the ``dask`` extra) an
    :class:`~officers.UnsupportedError` says how to get it.

    >>> with cluster(None) as executor:
    ...     print(executor)
    None
    """
    if scheduler is None:
        yield None
        return
    from officers.core.errors import UnsupportedError

    try:
        import distributed
    except ImportError:
        raise UnsupportedError(
            "--scheduler needs Dask's distributed package: pip install 'officers[dask]'"
        ) from None
    with distributed.Client(scheduler) as client:  # type: ignore[no-untyped-call]
        yield client.get_executor()


def number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number ``low``-``high`` in ASCII digits (not ``²`` or ``١``,
    which :func:`int` would take), refused in one line quoting (an excerpt of) the text.

    >>> number(1, 256)("12")
    12
    >>> number(1, 256)("١٢")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number 1-256 in the digits 0-9, got '١٢'
    """

    def read(text: str) -> int:
        stripped = text.strip()
        if re.fullmatch(_WHOLE, stripped) and low <= int(stripped) <= high:
            return int(stripped)
        raise argparse.ArgumentTypeError(
            f"expected a whole number {low}-{high:,} in the digits 0-9, got {_excerpt(text)}"
        )

    read.__name__ = "whole number"  # argparse names the type in its messages
    return read


_SECONDS = r"[+]?([0-9]{1,9}([.][0-9]{0,9})?|[.][0-9]{1,9})"
"""The patterns here are compiled at their first use (:mod:`re` keeps them), not when a command
starts."""


def seconds(text: str) -> float:
    """An argparse type: a time limit, seconds > 0 in ASCII digits (``2``, ``0.5``).

    >>> seconds("0.5")
    0.5
    >>> seconds("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected seconds > 0 such as 2 or 0.5, got 'nan'
    """
    stripped = text.strip()
    if re.fullmatch(_SECONDS, stripped) and float(stripped) > 0:
        return float(stripped)
    raise argparse.ArgumentTypeError(f"expected seconds > 0 such as 2 or 0.5, got {_excerpt(text)}")


def time_limit(text: str) -> float | None:
    """An ``argparse`` type: seconds (a number > 0), or ``none`` for no limit.

    >>> time_limit("2.5"), time_limit("none")
    (2.5, None)
    >>> time_limit("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a number of seconds > 0 or 'none', got '0'
    """
    if text.strip().casefold() == "none":
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not (0 < seconds < float("inf")) or not text.strip().isascii():
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds > 0 or 'none', got {text[:40]!r}"
        )
    return seconds


def rate(text: str) -> float:
    """An argparse type: requests a second, >= 0 in ASCII digits (``0``: no limit).

    >>> rate("0"), rate("2.5")
    (0.0, 2.5)
    """
    stripped = text.strip()
    if re.fullmatch(_SECONDS, stripped) and float(stripped) < 1e9:
        return float(stripped)
    raise argparse.ArgumentTypeError(
        f"expected requests a second >= 0 such as 20 or 0.5, got {_excerpt(text)}"
    )


def argument_text(argument: str, most: int, what: str, *, files: bool = False) -> str:
    """The text an argument gives: itself, a file's (``@FILE``) or standard input's (``-``), at
    most ``most`` characters (else :class:`~officers.UnsupportedError`, naming ``what``).
    With ``files``, a one-line argument that names an existing file is read from that file too
    (the file wins over the text; text that names a file is given through ``-``).

    >>> argument_text("4/4/4/4", 100, "a square")
    '4/4/4/4'
    >>> argument_text("x" * 10, 5, "a square")
    Traceback (most recent call last):
      ...
    officers.UnsupportedError: a square is at most 5 characters: 'xxxxxxxxxx'
    """
    from officers.core.errors import UnsupportedError, excerpt

    if argument == "-":
        text = sys.stdin.read(most + 1) if sys.stdin is not None else ""
    elif argument.startswith("@"):
        text = read_text_file(argument[1:], most)
    elif files and _names_a_file(argument):
        text = read_text_file(argument, most)
    else:
        text = argument
    if len(text) > most:
        raise UnsupportedError(f"{what} is at most {most:,} characters: {excerpt(text)}")
    return text


def read_text_file(path: str, most: int) -> str:
    """The first ``most + 1`` characters of a UTF-8 text file; a file that is not UTF-8 text
    is :class:`~officers.NotationError` naming it (not a traceback).

    >>> read_text_file("/no/such/file", 10)
    Traceback (most recent call last):
      ...
    FileNotFoundError: [Errno 2] No such file or directory: '/no/such/file'
    """
    from officers.core.errors import NotationError, excerpt

    try:
        with open(path, encoding="utf-8") as file:
            return file.read(most + 1)
    except UnicodeDecodeError:
        raise NotationError(f"cannot read the file {excerpt(path)}: it is not UTF-8 text") from None


def _names_a_file(argument: str) -> bool:
    """Whether a one-line argument names an existing file (not a folder)."""
    if not argument.strip() or "\n" in argument or len(argument) > 4096:
        return False
    try:
        return os.path.isfile(argument)
    except (ValueError, OSError):  # a NUL character, a name too long
        return False


def read_square(text: str, order: int) -> Any:
    """The square a command line gives: the text notation (orders up to 26), or the square's
    JSON (``{"order": 30, "cells": [...]}``, any order up to 256) given as the argument itself,
    as ``@FILE`` (a file holding it) or as ``-`` (standard input). A JSON square's order must
    agree with ``order`` when ``--order`` is given (``order`` is ``None`` otherwise).

    >>> read_square('{"order": 2, "notation": "Aa1/1Bb"}', None).order
    2
    >>> read_square("AC3/1JS2/1AH1QD/4", None).placed_count()
    4
    """
    from officers.core.errors import NotationError, UnsupportedError, excerpt
    from officers.euler.square import MAX_TEXT_ORDER, Square

    if text == "-":
        text = sys.stdin.read(_MAX_INPUT + 1) if sys.stdin is not None else ""
    elif text.startswith("@"):
        text = read_text_file(text[1:], _MAX_INPUT)
    if len(text) > _MAX_INPUT:
        raise UnsupportedError(f"a square is at most {_MAX_INPUT:,} characters: {excerpt(text)}")
    if not text.lstrip().startswith("{"):
        order = 4 if order is None else order
        if order > MAX_TEXT_ORDER:  # the library's message names Square.from_json()
            raise NotationError(
                f"cannot read square {excerpt(text)}: squares of order {order} have no text "
                f'notation (at most {MAX_TEXT_ORDER}); give its JSON, {{"order": {order}, '
                '"cells": [...]} with each cell [a, b] or null'
            )
        return Square.parse(text.strip(), order=order)
    square = Square.from_json(text)
    if order is not None and square.order != order:
        raise UnsupportedError(
            f"the square {excerpt(text)} is of order {square.order}, but --order {order} was given"
        )
    return square


_MAX_INPUT = 4_000_000
"""The longest square a command reads (a square of order 256 in JSON is about 600,000)."""


def _excerpt(text: str) -> str:
    from officers.core.errors import excerpt  # the errors module: imported when a number is bad

    return excerpt(text)


# --- output ------------------------------------------------------------------------------------

_PLAIN = str.maketrans(
    {
        **dict(zip("♠♥♦♣♤♡♢♧", "SHDCSHDC", strict=True)),
        **dict(zip("·–—−×’‘“”µ", ".---x''\"\"u", strict=True)),
        **{"…": "...", "→": "->", "↔": "<->", "≤": "<=", "≥": ">=", "∞": "inf", "²": "^2"},
        **{"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"},
        "\ufe0f": None,  # the variation selector of emoji suits
    }
)
_OTHER = r"[^\x00-\x7f]"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000  # a surrogate pair, as JSON spells it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def ascii_text(text: str) -> str:
    """``text`` in ASCII: suits as their letters (the notation's ``AS`` for ``A♠``), a few
    signs as their usual spelling, anything else as a ``\\uXXXX`` escape (valid in JSON strings).

    >>> ascii_text("A♠ and K♠ share ♠ · 2×2 — Dame")
    'AS and KS share S . 2x2 - Dame'
    """
    if text.isascii():
        return text
    return re.sub(_OTHER, _escape, text.translate(_PLAIN))


def writes_suits(stream: TextIO) -> bool:
    """Whether ``stream``'s encoding can write the suit symbols (not under an ASCII locale)."""
    encoding = getattr(stream, "encoding", None)
    if encoding is None:  # a stream of text that is never encoded (io.StringIO)
        return True
    try:
        "♠♥♦♣·".encode(encoding)
    except (LookupError, UnicodeError, TypeError):
        return False
    return True


class _Plain:
    """A text stream that writes ``stream`` in ASCII (:func:`ascii_text`)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(ascii_text(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def plain_stream(stream: TextIO, ascii_only: bool) -> TextIO:
    """``stream`` itself when it may write the suit symbols, else a stream that writes it in
    ASCII (:func:`ascii_text`): when ``ascii_only`` (``--ascii``) or its encoding cannot."""
    if not ascii_only and writes_suits(stream):
        return stream
    return _Plain(stream)  # type: ignore[return-value]
