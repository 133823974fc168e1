"""The command line: ``officers COMMAND ...`` (also ``python -m officers``).

One module per group of commands, each adding its commands to the parser with ``add_commands``:

- :mod:`officers.cli.squares`: ``show``, ``count``, ``complete``, ``enumerate``
- :mod:`officers.cli.puzzle`: ``puzzle verify``, ``puzzle census``, ``puzzle new``
- :mod:`officers.cli.advice`: ``explain``, ``hint``
- :mod:`officers.cli.game`: ``verify-rules``, ``simulate``, ``deal``, ``state``, ``play``
- :mod:`officers.cli.proof`: ``prove-order-6`` (also ``euler36``)
- :mod:`officers.cli.service`: ``engine``, ``serve``, ``schema`` (for other programs)
- :mod:`officers.cli.games`: every game's group and its five verbs, one shape for every game of
  the registry: ``officers GAME deal|solve|hint|play|simulate`` (:data:`officers.games.GAMES`;
  each game's own options and verbs in its module below)
- :mod:`officers.cli.euler`: ``euler`` (also ``officers``): Euler's Officers' five verbs and
  ``state``
- :mod:`officers.cli.eightoff`: ``eightoff``: Eight Off's five verbs and ``census``
- :mod:`officers.cli.skat`: ``skat``: Offiziersskat's five verbs (``hint`` also ``tip``)
- :mod:`officers.cli.common`: what they share (:class:`ExitCode`, the parser, common arguments)

Exit status (:class:`ExitCode`): 0 for a plain answer; 1 when the answer is "no" (the square
breaks the rules, cannot be completed, ...); 2 for input that cannot be used, with one line on
standard error; 3 when a solver ran out of time (the answer is unknown); 4 for an internal error
(a bug: please report it); 74 when the output cannot be written (a full disk, standard output
closed), with one line on standard error; 130 when interrupted (Ctrl-C); 141, quietly, when the
reader of the output went away (``officers enumerate | head -1``).

Startup: a command names its group in :data:`GROUPS`, and ``main`` builds a parser with that
group alone (a game's group with the verb named alone), so that a command imports and builds
only what it uses; ``officers --help``, an unknown
command, or a command missing from :data:`GROUPS` build the whole parser (:func:`parser`).

>>> main(["count", "AC3/1JS2/1AH1QD/4"])
1
<ExitCode.OK: 0>
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Final, TextIO

from officers import __version__
from officers.cli.common import (
    Command,
    ExitCode,
    Parser,
    UsageError,
    plain_stream,
    writes_suits,
)
from officers.core.errors import OfficersError, RiddleNotFoundError, SolverTimeoutError, excerpt

__all__ = ["GROUPS", "ExitCode", "Version", "failure", "main", "parser", "version_text"]

GROUPS: Final = {
    **dict.fromkeys(("show", "count", "complete", "enumerate"), "squares"),
    "puzzle": "puzzle",
    **dict.fromkeys(("explain", "hint"), "advice"),
    **dict.fromkeys(("verify-rules", "simulate", "deal", "state", "play"), "game"),
    **dict.fromkeys(("prove-order-6", "euler36"), "proof"),
    **dict.fromkeys(("engine", "serve", "schema"), "service"),
    **dict.fromkeys(("euler", "officers"), "euler"),
    "eightoff": "eightoff",
    "skat": "skat",
    "latin": "latin",
}
"""The module of :mod:`officers.cli` that adds each command (the tests hold it to the parser;
each game's group is its :attr:`officers.games.Registered.cli`'s module)."""


def version_text() -> str:
    """What ``officers --version`` prints: the release on the first line, then each compiled
    search (:data:`officers.core.compiled.PARTS`) and whether it is used, a line each: what a
    bug report wants to know.

    >>> version_text().splitlines()[1].startswith("officers.euler.solve._cover: ")
    True
    """
    from officers.core.compiled import statuses

    parts = [f"{name}: {status}" for name, status in statuses().items()]
    return "\n".join([f"officers {__version__}", *parts])


class Version(argparse.Action):
    """``--version``: print :func:`version_text` and exit (the compiled modules are looked
    for only then, not when the parser is built)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(
            option_strings,
            dest,
            default=argparse.SUPPRESS,
            nargs=0,
            help="show the version, and whether each compiled search is used, and exit",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(version_text())
        parser.exit()


def parser() -> Parser:
    """The parser of the ``officers`` command line, with every command.

    >>> parser().parse_args(["show", "4/4/4/4"]).square
    '4/4/4/4'
    """
    from officers.cli import (  # every group
        advice,
        game,
        games,
        latin,
        proof,
        puzzle,
        service,
        squares,
    )

    top = Parser(
        prog="officers",
        description="The exact solver for Euler's Officers and graeco-latin squares, and the "
        "games beside it: every game answers 'officers GAME deal|solve|hint|play|simulate' "
        "(GAME: euler, eightoff, skat).",
    )
    top.add_argument("--version", action=Version)
    commands = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    squares.add_commands(commands)
    puzzle.add_commands(commands)
    advice.add_commands(commands)
    game.add_commands(commands)
    proof.add_commands(commands)
    latin.add_commands(commands)
    service.add_commands(commands)
    games.add_commands(commands)  # every game of the registry: its group
    top.add_ascii()
    return top


def _parser_for(argv: Sequence[str]) -> Parser:
    """The parser with only the command's group when the first argument names a command of
    :data:`GROUPS`; else the whole parser."""
    _translate_once()
    group = GROUPS.get(argv[0]) if argv else None
    top = Parser(prog="officers")
    if list(argv) == ["--version"]:  # at once, without the commands
        top.add_argument("--version", action=Version)
        return top
    if group is None:
        return parser()
    commands = top.add_subparsers(  # a prog given spares argparse a help formatter
        dest="command", metavar="COMMAND", parser_class=Parser, prog="officers"
    )
    commands.required = True
    module = import_module(f"officers.cli.{group}")
    if group in _GAME_GROUPS and len(argv) > 1:  # a game's group: the verb named alone
        from officers.cli.games import add_game

        add_game(commands, module.COMMANDS, verb=argv[1])
    else:
        module.add_commands(commands)
    top.add_ascii()
    return top


_GAME_GROUPS: Final = frozenset(("euler", "eightoff", "skat"))
"""The modules of :data:`GROUPS` that add a game's group (:func:`officers.cli.games.add_game`
of their ``COMMANDS``), whose parser :func:`_parser_for` builds with the verb named alone."""


def _translate_once() -> None:
    """Have argparse look its words up in the message catalogues once, not on every use (each
    lookup reads the locale settings and the disk again: 0.2 ms, 15 times a command); where
    there is no catalogue at all, without importing :mod:`locale` to read the settings."""
    import argparse
    import gettext

    if argparse.__dict__["_"] is gettext.gettext:
        domain = gettext.textdomain()
        folder = gettext.bindtextdomain(domain)
        if os.path.isdir(folder):  # the catalogues of the language the environment names
            found = gettext.translation(domain, folder, fallback=True)
        else:  # no catalogue for any language: what gettext would find
            found = gettext.NullTranslations()
        argparse.__dict__["_"] = found.gettext
        if argparse.__dict__.get("ngettext") is gettext.ngettext:
            argparse.__dict__["ngettext"] = found.ngettext


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status
    (an :class:`ExitCode`).

    Output goes out in ASCII (suits as letters) with ``--ascii`` or when standard output cannot
    write the suits (an ASCII locale). Every exception a user can cause becomes its exit status
    and one line on standard error (:func:`failure`); only a bug reaches "internal error".
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    streams = sys.stdout, sys.stderr, sys.stdin
    if sys.stdout is None:  # started with standard output closed: nothing could be said
        _say(sys.stderr, "officers: cannot write the output: standard output is closed")
        return ExitCode.OUTPUT
    ascii_only = "--ascii" in arguments
    sys.stdout = plain_stream(sys.stdout, ascii_only)
    if sys.stderr is not None:
        sys.stderr = plain_stream(sys.stderr, ascii_only)
    if sys.stdin is None:
        sys.stdin = io.StringIO()  # closed standard input reads as empty
    try:
        status: int = _run(arguments)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not after main returns
    except BaseException as error:  # every exception: a status and at most one line
        status, line = failure(error)
        if line is not None:
            _say(sys.stderr, line)
        if isinstance(error, OSError) and error.filename is None:
            _drop_output(streams[0])
    finally:
        sys.stdout, sys.stderr, sys.stdin = streams
    return status


def _run(arguments: list[str]) -> int:
    for argument in arguments:  # no shell can pass one; a program calling main() can
        if "\x00" in argument:
            raise UsageError(f"officers: an argument holds a NUL character: {excerpt(argument)}")
    try:
        args = _parser_for(arguments).parse_args(arguments)
    except SystemExit as done:  # --help: the help is printed
        return done.code if isinstance(done.code, int) else ExitCode.OK
    if getattr(args, "ascii", True) is False and not writes_suits(sys.stdout):
        args.ascii = True  # an ASCII locale: pictures in letters
    run: Command = args.run
    return run(args)


def failure(error: BaseException) -> tuple[int, str | None]:
    """The exit status for an exception that stopped a command, and the one line that says why
    on standard error (``None``: nothing to say).

    >>> from officers.core.errors import NotationError
    >>> failure(NotationError("cannot read card 'X'"))
    (<ExitCode.BAD_INPUT: 2>, "officers: cannot read card 'X'")
    >>> failure(BrokenPipeError())
    (<ExitCode.BROKEN_PIPE: 141>, None)
    """
    if isinstance(error, UsageError):
        return ExitCode.BAD_INPUT, str(error)
    if isinstance(error, SolverTimeoutError):
        return ExitCode.TIMEOUT, f"officers: {error}"
    if isinstance(error, RiddleNotFoundError):
        return ExitCode.NO, f"officers: {error}"
    if isinstance(error, OfficersError):  # every other error of the library: the input
        return ExitCode.BAD_INPUT, f"officers: {error}"
    if isinstance(error, KeyboardInterrupt):
        return ExitCode.INTERRUPTED, "officers: interrupted"
    if isinstance(error, BrokenPipeError):  # the reader went away: stop quietly
        return ExitCode.BROKEN_PIPE, None
    if isinstance(error, OSError) and error.filename is not None:  # a file the user named
        return ExitCode.BAD_INPUT, f"officers: {excerpt(error.filename)}: {error.strerror}"
    if isinstance(error, OSError):  # writing the output: a full disk, an I/O error
        return ExitCode.OUTPUT, f"officers: cannot write the output: {error.strerror or error}"
    if isinstance(error, SystemExit) and error.code == ExitCode.TERMINATED:
        return ExitCode.TERMINATED, "officers: terminated"
    if isinstance(error, SystemExit):
        return (error.code if isinstance(error.code, int) else ExitCode.BAD_INPUT), None
    return (  # a bug: no traceback reaches a user
        ExitCode.INTERNAL,
        f"officers: internal error ({type(error).__name__}: {excerpt(str(error), 200)}); "
        "please report it",
    )


def _say(stream: TextIO | None, line: str) -> None:
    """Write one line on standard error, if it is there to write on: a line break or another
    control character quoted from the input is written as its escape (``\\n``), and a line
    longer than 500 characters is cut."""
    if stream is not None:
        line = re.sub(_CONTROL, _escape, line)
        if len(line) > _LONGEST:  # a message that quotes an argument in full
            line = line[: _LONGEST - 3] + "..."
        with contextlib.suppress(OSError, ValueError):
            print(line, file=stream, flush=True)


_LONGEST = 500
"""The longest line on standard error."""


_CONTROL = r"[\x00-\x1f\x7f-\x9f]"
"""Control characters (compiled at the first line written, not when a command starts)."""


def _escape(match: re.Match[str]) -> str:
    return repr(match.group())[1:-1]


def _drop_output(stdout: TextIO | None) -> None:
    """After a failed write to the process's standard output, point it at the null device, so
    that Python's last flush at exit fails neither (no second message, no other status)."""
    real = sys.__stdout__
    if stdout is None or real is None or stdout is not real:
        return  # not the process's own output (a caller's stream): leave it alone
    with contextlib.suppress(OSError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, real.fileno())
        os.close(null)
