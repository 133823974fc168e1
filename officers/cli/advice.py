"""The advice commands: ``explain`` and ``hint`` (wired into ``officers`` by :func:`add_commands`).

``officers explain SQUARE`` says whether a square can still be finished, in how many ways, what
the dead-end checks find, and which take-backs repair it. ``officers hint SQUARE --hand ...``
gives the hint of one player; ``officers hint GAME --player N`` the hint of player N (1-based)
of a game notation. Exit status 0 when the square can still be finished (or is
finished), 1 when it is dead, 2 for input that cannot be used.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final

from officers.cli.common import Commands, ExitCode, UsageError, add_diagonals, add_json, add_square

if TYPE_CHECKING:
    from officers.euler.analysis import Explanation
    from officers.euler.hints import Hint
    from officers.euler.square import Square

__all__ = ["add_commands", "add_explain"]

# The library's values, written here so that building the parser loads no aid (the tests hold
# each to the library's).
MAX_REASONS: Final = 3
"""The reasons and repairs in JSON by default (:data:`officers.euler.analysis.MAX_REASONS`)."""
DEFAULT_TOKENS: Final = 1
"""The take-back tokens of a view by default (:data:`officers.euler.view.DEFAULT_TOKENS`)."""
LANGUAGES: Final = ("de", "en")
"""The languages of the text (:func:`officers.euler.words.languages`)."""


def add_commands(commands: Commands) -> None:
    """Add the ``explain`` and ``hint`` subcommands to the sub-parsers of ``officers``."""
    add_explain(commands)
    _add_hint(commands)


def add_explain(commands: Commands) -> None:
    """Add ``explain`` (to ``officers``, or to its group ``euler``)."""
    explain_ = commands.add_parser(
        "explain",
        help="say why a square is dead, and how to repair it",
        description="Say whether a square can still be finished and in how many ways; for a "
        "dead square, what the dead-end checks find and the smallest sets of take-backs that "
        "revive it. Exit status 1 when the square is dead.",
    )
    _add_common(explain_)
    explain_.set_defaults(run=_explain)


def _add_hint(commands: Commands) -> None:
    hint_ = commands.add_parser(
        "hint",
        help="the hint of one player: safe and deadly cells, forced moves, a recommended move",
        description="The hint of one player, from what that player may know: for each card in "
        "hand its safe cells (with the completions each leaves) and its deadly cells, the forced "
        "moves, the take-back to make when the square is dead, and one recommended move. Exit "
        "status 1 when the square is dead.",
    )
    _add_common(hint_)
    hint_.add_argument(
        "--hand",
        metavar="CARDS",
        help="the player's cards (with a square), separated by spaces or commas or run together "
        "as the game notation writes a hand: 'AS KH QD', 'AS,KH,QD', 'ASKHQD' or 'A♠K♥Q♦'",
    )
    hint_.add_argument(
        "--player",
        type=int,
        metavar="N",
        help="with a game notation instead of a square: whose hint (1 is the first player; "
        "default: the player to move, or the one hand given)",
    )
    hint_.add_argument(
        "--others",
        metavar="CARDS",
        help="the cards the other players hold together, written as --hand (default: every card "
        "in neither the square nor the hand, as with two players)",
    )
    hint_.add_argument(
        "--tokens",
        type=int,
        default=DEFAULT_TOKENS,
        metavar="N",
        help=f"take-back tokens left (default {DEFAULT_TOKENS}, the Normal level's)",
    )
    hint_.set_defaults(run=_hint)


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
        "--lang",
        choices=(*LANGUAGES, "both"),
        default="en",
        help=f"the language of the text ({', '.join(LANGUAGES)}, or both)",
    )
    parser.add_argument(
        "--max-reasons",
        type=int,
        default=MAX_REASONS,
        metavar="N",
        help=f"in JSON, the reasons and repairs given (default {MAX_REASONS}; the totals are given)",
    )
    add_json(parser, help="answer in JSON (docs/json.md)")


def _locked(text: str) -> list[int]:
    """The cells of ``--locked``, separated by commas, semicolons or spaces.

    >>> _locked("r1c1, r3c2")
    [0, 9]
    """
    from officers.euler.square import parse_cell

    return [
        parse_cell(part) for part in text.replace(";", ",").replace(" ", ",").split(",") if part
    ]


def _explain(args: argparse.Namespace) -> ExitCode:
    from officers.euler.analysis import explain
    from officers.euler.rules import Rules
    from officers.euler.square import Square

    square = Square.parse(args.square)
    explanation = explain(square, Rules(diagonals=args.diagonals), locked=_locked(args.locked))
    return _answer(args, square, explanation)


def _hint(args: argparse.Namespace) -> ExitCode:
    from officers.euler.hints import hint

    if " " in args.square.strip():  # a game notation: the engine derives the player's view
        if args.hand is not None or args.others is not None:
            raise UsageError("officers hint: give --hand and --others with a square, not a game")
        from officers.contract.requests import Request
        from officers.contract.squares import player_view  # the contract reads a game notation

        request = Request({"game": args.square, "player": args.player})
        view = player_view(request)
        return _answer(args, view.square, hint(view))
    if args.hand is None:
        raise UsageError("officers hint: a square needs --hand (or give a game notation)")
    from officers.euler.cards import read_cards
    from officers.euler.rules import Rules
    from officers.euler.square import Square
    from officers.euler.view import PlayerView

    view = PlayerView.of(
        Square.parse(args.square),
        read_cards(args.hand),
        None if args.others is None else read_cards(args.others),
        rules=Rules(diagonals=args.diagonals),
        tokens=args.tokens,
        locked=_locked(args.locked),
    )
    return _answer(args, view.square, hint(view))


def _answer(args: argparse.Namespace, square: Square, answer: Explanation | Hint) -> ExitCode:
    """Print the answer (JSON, or the square's picture and the text) and return the status."""
    from officers.euler.words import read_lang

    if args.json:
        print(answer.to_json(args.lang, None if args.max_reasons < 0 else args.max_reasons))
    else:
        print(square.picture())
        for lang in read_lang(args.lang):
            print()
            print(answer.text(lang))
    return ExitCode.NO if answer.status == "dead" else ExitCode.OK
