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

>>> main(["count", "AC3/1JS2/1AH1QD/4"])
1
<ExitCode.OK: 0>
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from officers import OfficersError, SolverTimeoutError
from officers.cli import advice, game, proof, puzzle, service, squares
from officers.cli.common import Command, ExitCode, Parser, UsageError

__all__ = ["ExitCode", "main", "parser"]


def parser() -> Parser:
    """The parser of the ``officers`` command line, with every command.

    >>> parser().parse_args(["show", "4/4/4/4"]).square
    '4/4/4/4'
    """
    top = Parser(
        prog="officers",
        description="The exact solver for Euler's Officers and graeco-latin squares.",
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    squares.add_commands(commands)
    puzzle.add_commands(commands)
    advice.add_commands(commands)
    game.add_commands(commands)
    proof.add_commands(commands)
    service.add_commands(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status
    (an :class:`ExitCode`)."""
    try:
        args = parser().parse_args(argv)
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
