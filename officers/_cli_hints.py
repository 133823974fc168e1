"""The ``explain`` and ``hint`` commands of the command line (see :mod:`officers.cli`).

``officers explain SQUARE`` says whether a square can still be finished, in how many ways, what
the dead-end checks find, and which take-backs repair it. ``officers hint SQUARE --hand ...``
gives the hint of one player. Exit status 0 when the square can still be finished (or is
finished), 1 when it is dead, 2 for input that cannot be used.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from officers._cli_common import EXIT_NO, EXIT_OK, add_diagonals, add_json, add_square

if TYPE_CHECKING:
    from officers.analysis import Explanation
    from officers.hints import Hint
    from officers.square import Square

__all__ = ["add_commands"]


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the ``explain`` and ``hint`` subcommands to the sub-parsers of ``officers``."""
    explain = commands.add_parser(
        "explain",
        help="say why a square is dead, and how to repair it",
        description="Say whether a square can still be finished and in how many ways; for a "
        "dead square, what the dead-end checks find and the smallest sets of take-backs that "
        "revive it. Exit status 1 when the square is dead.",
    )
    _add_common(explain)
    explain.set_defaults(run=_explain)

    hint = commands.add_parser(
        "hint",
        help="the hint of one player: safe and deadly cells, forced moves, a recommended move",
        description="The hint of one player, from what that player may know: for each card in "
        "hand its safe cells (with the completions each leaves) and its deadly cells, the forced "
        "moves, the take-back to make when the square is dead, and one recommended move. Exit "
        "status 1 when the square is dead.",
    )
    _add_common(hint)
    hint.add_argument(
        "--hand", required=True, metavar="CARDS", help="the player's cards, e.g. 'AS KH QD'"
    )
    hint.add_argument(
        "--others",
        metavar="CARDS",
        help="the cards the other players hold together (default: every card in neither the "
        "square nor the hand, as with two players)",
    )
    hint.add_argument(
        "--tokens",
        type=int,
        default=1,
        metavar="N",
        help="take-back tokens left (default 1, the Normal level)",
    )
    hint.set_defaults(run=_hint)


def _add_common(parser: argparse.ArgumentParser) -> None:
    add_square(parser)
    add_diagonals(parser)
    parser.add_argument(
        "--locked",
        default="",
        metavar="CELLS",
        help="cells whose cards may not be taken back (start cards), e.g. 'r1c1,r3c2'",
    )
    parser.add_argument(
        "--lang", choices=("en", "de"), default="en", help="the language of the text (en or de)"
    )
    add_json(parser, help="answer in JSON (docs/hints.md)")


def _locked(text: str) -> list[int]:
    from officers.square import parse_cell

    return [
        parse_cell(part) for part in text.replace(";", ",").replace(" ", ",").split(",") if part
    ]


def _explain(args: argparse.Namespace) -> int:
    from officers.analysis import explain
    from officers.rules import Rules
    from officers.square import Square

    square = Square.parse(args.square)
    explanation = explain(square, Rules(diagonals=args.diagonals), locked=_locked(args.locked))
    return _answer(args, square, explanation)


def _hint(args: argparse.Namespace) -> int:
    from officers.hints import PlayerView, hint
    from officers.rules import Rules
    from officers.square import Square

    view = PlayerView.of(
        Square.parse(args.square),
        args.hand,
        args.others,
        rules=Rules(diagonals=args.diagonals),
        tokens=args.tokens,
        locked=_locked(args.locked),
    )
    return _answer(args, view.square, hint(view))


def _answer(args: argparse.Namespace, square: Square, answer: Explanation | Hint) -> int:
    """Print the answer (JSON, or the square's picture and the text) and return the status."""
    if args.json:
        print(answer.to_json())
    else:
        print(square.picture())
        print()
        print(answer.text(args.lang))
    return EXIT_NO if answer.status == "dead" else EXIT_OK
