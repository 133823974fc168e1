"""The Offiziersskat commands: ``officers skat deal`` and ``solve`` (wired into ``officers`` by
:func:`add_commands`).

A game is given in the record notation (docs/skat.md: a deal, ``;``, the moves), as the
argument itself, as ``@FILE`` or as ``-`` (standard input); or as ``--deal N`` (numbered deal
N), with ``--moves`` played from it.

Exit status: 0 for a deal, and for a position Vorhand wins under best play (61 or more); 1 when
she loses; 3 when the search ran out of time first (unknown); 2 for input that cannot be used
(one line on standard error).

>>> main(["skat", "deal", "1"])
V: TD/TS 9S/8S KC/QD JS/8H AD/JD 7D/8C JH/QS 9H/QC
H: KH/AS QH/TH KD/8D JC/9C AH/7S 7C/AC KS/7H 9D/TC
face up, V: 10♠ 8♠ Q♦ 8♥ J♦ 8♣ Q♠ Q♣
face up, H: A♠ 10♥ 8♦ 9♣ 7♠ A♣ 7♥ 10♣
<ExitCode.OK: 0>
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from officers.cli.common import (
    Commands,
    ExitCode,
    Parser,
    UsageError,
    add_json,
    emit,
    number,
    seconds,
)

if TYPE_CHECKING:
    from officers.skat.game import SkatGame

__all__ = ["add_commands", "main"]

MAX_INPUT = 4000
"""The longest record read."""
DEFAULT_TIME_LIMIT = 60.0


def main(argv: list[str]) -> ExitCode:
    """``officers`` with ``argv`` (for the examples)."""
    from officers.cli import main as officers

    return officers(argv)


def add_commands(commands: Commands) -> None:
    """Add ``skat`` and its actions to the sub-parsers of ``officers``."""
    group = commands.add_parser(
        "skat",
        help="Offiziersskat: deal, the double-dummy solver",
        description="Offiziersskat (two-player Skat, piles of a face-up card on a face-down "
        "one): numbered deals and the double-dummy solver (every card known).",
    )
    actions = group.add_subparsers(dest="skat_action", metavar="ACTION", parser_class=Parser)
    actions.required = True

    deal = actions.add_parser(
        "deal",
        help="print a numbered deal: its notation and the face-up cards",
        description="Print deal N: each player's piles (face-down card / face-up card) and the "
        "face-up cards as the players see them.",
    )
    deal.add_argument("number", type=number(1, 2**63 - 1), metavar="N", help="the deal number")
    add_json(deal)
    deal.set_defaults(run=_deal)

    solve = actions.add_parser(
        "solve",
        help="the double-dummy value: Vorhand's points under best play, every card known",
        description="Solve a game double dummy (every card known, the face-down ones too): "
        "the points Vorhand ends with under best play and a line of best play; before the "
        "game choice, with --games, each game's value. Exit status 0 when Vorhand wins (61 or "
        "more), 1 when she loses, 3 when the search ran out of time.",
    )
    solve.add_argument(
        "game",
        nargs="?",
        metavar="GAME",
        help="a record notation ('DEAL ; MOVES'), given as it is, as @FILE or as - (standard "
        "input)",
    )
    solve.add_argument("--deal", type=number(1, 2**63 - 1), metavar="N", help="deal N instead")
    solve.add_argument("--moves", default="", metavar="MOVES", help="moves played first: 'H 8H@4'")
    solve.add_argument("--games", action="store_true", help="each game's value (before the choice)")
    solve.add_argument(
        "--time-limit",
        type=seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help=f"seconds the search takes at most (default {DEFAULT_TIME_LIMIT:g})",
    )
    add_json(solve)
    solve.set_defaults(run=_solve)


def _text(argument: str) -> str:
    from officers.errors import UnsupportedError, excerpt

    if argument == "-":
        text = sys.stdin.read(MAX_INPUT + 1) if sys.stdin is not None else ""
    elif argument.startswith("@"):
        with open(argument[1:], encoding="utf-8") as file:
            text = file.read(MAX_INPUT + 1)
    else:
        text = argument
    if len(text) > MAX_INPUT:
        raise UnsupportedError(f"a record is at most {MAX_INPUT:,} characters: {excerpt(text)}")
    return text.strip()


def _game(args: argparse.Namespace) -> SkatGame:
    from officers.skat.game import SkatGame

    if (args.game is None) == (args.deal is None):
        raise UsageError(f"officers skat {args.skat_action}: give a GAME or --deal N (one of them)")
    game = SkatGame.deal(args.deal) if args.deal is not None else SkatGame.parse(_text(args.game))
    for word in args.moves.split():
        game.push(word)
    return game


def _deal(args: argparse.Namespace) -> ExitCode:
    from officers.skat.cards import card_face
    from officers.skat.game import SkatGame

    game = SkatGame.deal(args.number)
    if args.json:
        from officers.contract.skat import game_document

        emit(game_document(game))
        return ExitCode.OK
    notation = game.notation().removesuffix(" ;")
    sides = notation.split(" | ")
    print(f"V: {sides[0]}")
    print(f"H: {sides[1]}")
    view = game.view()
    for letter, side in zip("VH", view.face_up, strict=True):
        print(f"face up, {letter}: " + " ".join("-" if c is None else card_face(c) for c in side))
    return ExitCode.OK


def _solve(args: argparse.Namespace) -> ExitCode:
    from officers.skat.solve import solve, solve_games

    game = _game(args)
    if args.games and game.position.phase != "choose":
        raise UsageError("officers skat solve: --games asks each game's value before the choice")
    solution = solve(game.position, time_limit=args.time_limit)
    games: dict[str, int] | None = None
    if args.games:
        games = {g: s.value for g, s in solve_games(game.position, time_limit=args.time_limit).items()}
    if args.json:
        from officers.contract.skat import solution_document

        emit(solution_document(game, solution, games))
    else:
        verdict = "wins" if solution.won else "loses"
        print(f"Vorhand {verdict} with {solution.value} points under best play (every card known)")
        print(" ".join(move.notation() for move in solution.line))
        if games is not None:
            print("each game: " + ", ".join(f"{g} {v}" for g, v in games.items()))
        print(f"{solution.nodes:,} tricks searched")
    return ExitCode.OK if solution.won else ExitCode.NO

