"""The command line: ``officers COMMAND ...`` (also ``python -m officers``).

One module per group of commands, each adding its commands to the parser with ``add_commands``:

- :mod:`officers.cli.squares`: ``show``, ``count``, ``complete``, ``enumerate``
- :mod:`officers.cli.puzzle`: ``puzzle verify``, ``puzzle census``, ``puzzle new``
- :mod:`officers.cli.advice`: ``explain``, ``hint``
- :mod:`officers.cli.game`: ``verify-rules``, ``simulate``, ``deal``, ``state``, ``play``
- :mod:`officers.cli.proof`: ``prove-order-6`` (also ``euler36``)
- :mod:`officers.cli.service`: ``engine``, ``serve``, ``schema`` (for other programs)
- :mod:`officers.cli.common`: what they share (:class:`ExitCode`, the parser, common arguments)

Exit status (:class:`ExitCode`): 0 for a plain answer; 1 when the answer is "no" (the square
breaks the rules, cannot be completed, ...); 2 for input that cannot be used, with one line on
standard error; 3 when a solver ran out of time (the answer is unknown); 4 for an internal error
(a bug: please report it).

Startup: a command names its group in :data:`GROUPS`, and ``main`` builds a parser with that
group alone, so that a command imports only what it uses; ``officers --help``, an unknown
command, or a command missing from :data:`GROUPS` build the whole parser (:func:`parser`).

>>> main(["count", "AC3/1JS2/1AH1QD/4"])
1
<ExitCode.OK: 0>
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Final

from officers import __version__
from officers.cli.common import Command, ExitCode, Parser, UsageError
from officers.errors import OfficersError, SolverTimeoutError

__all__ = ["GROUPS", "ExitCode", "main", "parser"]

GROUPS: Final = {
    **dict.fromkeys(("show", "count", "complete", "enumerate"), "squares"),
    "puzzle": "puzzle",
    **dict.fromkeys(("explain", "hint"), "advice"),
    **dict.fromkeys(("verify-rules", "simulate", "deal", "state", "play"), "game"),
    **dict.fromkeys(("prove-order-6", "euler36"), "proof"),
    **dict.fromkeys(("engine", "serve", "schema"), "service"),
}
"""The module of :mod:`officers.cli` that adds each command (the tests hold it to the parser)."""


def parser() -> Parser:
    """The parser of the ``officers`` command line, with every command.

    >>> parser().parse_args(["show", "4/4/4/4"]).square
    '4/4/4/4'
    """
    from officers.cli import advice, game, proof, puzzle, service, squares  # every group: here

    top = Parser(
        prog="officers",
        description="The exact solver for Euler's Officers and graeco-latin squares.",
    )
    top.add_argument("--version", action="version", version=f"officers {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    squares.add_commands(commands)
    puzzle.add_commands(commands)
    advice.add_commands(commands)
    game.add_commands(commands)
    proof.add_commands(commands)
    service.add_commands(commands)
    return top


def _parser_for(argv: Sequence[str]) -> Parser:
    """The parser with only the command's group when the first argument names a command of
    :data:`GROUPS`; else the whole parser."""
    group = GROUPS.get(argv[0]) if argv else None
    top = Parser(prog="officers")
    if list(argv) == ["--version"]:  # at once, without the commands
        top.add_argument("--version", action="version", version=f"officers {__version__}")
        return top
    if group is None:
        return parser()
    commands = top.add_subparsers(  # a prog given spares argparse a help formatter
        dest="command", metavar="COMMAND", parser_class=Parser, prog="officers"
    )
    commands.required = True
    import_module(f"officers.cli.{group}").add_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status
    (an :class:`ExitCode`)."""
    try:
        args = _parser_for(sys.argv[1:] if argv is None else argv).parse_args(argv)
        run: Command = args.run
        return run(args)
    except UsageError as error:
        print(error, file=sys.stderr)
        return ExitCode.BAD_INPUT
    except SolverTimeoutError as error:
        print(f"officers: {error}", file=sys.stderr)
        return ExitCode.TIMEOUT
    except OfficersError as error:
        print(f"officers: {error}", file=sys.stderr)
        return ExitCode.BAD_INPUT
    except KeyboardInterrupt:
        print("officers: interrupted", file=sys.stderr)
        return ExitCode.INTERRUPTED
    except BrokenPipeError:
        return ExitCode.OK
    except Exception as error:  # no traceback ever reaches a user
        print(
            f"officers: internal error ({type(error).__name__}: {error}); please report it",
            file=sys.stderr,
        )
        return ExitCode.INTERNAL
