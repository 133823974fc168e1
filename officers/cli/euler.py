"""Euler's Officers' group: ``officers euler deal``, ``solve``, ``hint``, ``play``,
``simulate`` (every game's five verbs, :mod:`officers.cli.games`) and its own verbs:
``state``, ``show``, ``count``, ``complete``, ``explain`` and ``verify-rules``, the same commands
as at the top (wired into ``officers`` by :func:`add_commands`).

The group is named ``euler``, and its registry name ``officers`` is the same group
(``officers officers deal`` works, for a script that walks :data:`officers.games.GAMES`): the
program is ``officers`` and so is the registry's name of its first game, and ``officers
officers`` reads as a stammer where ``officers euler`` says which game. Euler's Officers'
commands of 0.3 stay where they were, at the top (``officers deal``, ``state``, ``play``,
``hint``, ``simulate``, ``count`` ...), each answering as before; the group answers its verbs
with the same output (``officers euler deal --seed 7`` is ``officers deal --seed 7``).

A game is given in the game notation (docs/game.md; what ``officers deal`` prints), as a game
record, or as a game's JSON (``deal --json``), as the argument itself, as a file (its path, or
``@FILE``) or as ``-`` (standard input); or as ``--deal N`` (numbered deal N: the seed of
``officers deal --seed N``, with ``--level``, ``--players``, ``--tokens``, ``--open``,
``--coins``, ``--ozanam``), with ``--moves`` played from it.

``solve`` knows every hand: :func:`officers.euler.winnable.winning_line` says whether the game
can still be won and gives a line that wins it (else the exact bot's line to the end); ``--json``
writes the ``record`` document of the line, as the engine's ``record`` operation answers it.

Exit status: 0 for a deal, a game that can be won (or was), a square that can still be
finished (``hint``); 1 when the game cannot be won (or was lost) or the square is dead; 2 for
input that cannot be used (one line on standard error).

>>> from officers.cli import main
>>> main(["euler", "solve", "--deal", "7", "--moves", "AS@r1c1 KH@r2c2"])
winnable: a win in 14 moves (every hand known)
AD@r2c4 AH@r3c3 AC@r4c2 KD@r3c1 KS@r4c4 KC@r1c3 QD@r1c2 QS@r2c3 QC@r3c4 QH@r4c1 JD@r4c3 JS@r3c2 JC@r2c1 JH@r1c4
<ExitCode.OK: 0>
>>> main(["euler", "solve", "1QH2/KS3/3JD/AD3 hard 0 1 AHACKCQSJSJC/ASKHKDQDQCJH - - 5"])
lost: the square is dead, and reviving it takes 1 take-back, with 0 tokens left
QS@r4c3 KH@r3c3 JC@r2c2 AS@r1c4 KC@r4c4 QC@r3c1
<ExitCode.NO: 1>
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final

from officers.cli.common import Commands, ExitCode, UsageError, emit, number
from officers.cli.game import (
    MAX_SEED,
    add_game_options,
    add_state,
    add_verify_rules,
    game_options,
    generic_options,
    new_game_of,
    own_simulation,
    play_game,
)
from officers.cli.games import GameCommands, add_game, run_simulation

if TYPE_CHECKING:
    from officers.euler.game import GameState

__all__ = ["COMMANDS", "EulerCommands", "add_commands"]

MAX_INPUT: Final = 100_000
"""The longest game read (a record of many moves)."""


class EulerCommands(GameCommands):
    """``officers euler`` (also ``officers officers``): the five verbs of every game with
    Euler's Officers' own options (the level, the players, the variants of a deal; ``play``'s
    seat and bots; its own simulation) and verbs (``state``, ``count``, ``complete`` ...)."""

    group = "euler"
    title = "Euler's Officers"  # officers.games: the registry is not loaded to build the parser
    players = range(1, 5)
    deals = (0, MAX_SEED)
    position = "GAME"
    position_help = (
        "a game notation (what 'officers deal' prints), a game record or a game's JSON "
        "('deal --json'), given as it is, as a file (FILE or @FILE; an existing file wins) "
        "or as - (standard input)"
    )
    hint_langs = ("en", "de", "both")
    bots = ("designers", "neighbour", "exact", "hinted", "random")

    def summary(self) -> tuple[str, str]:
        return (
            "Euler's Officers: deal, solve, hint, play, simulate, and its own (state, count, "
            "complete ...)",
            "Euler's Officers: numbered deals, the game solved with every hand known, the hint "
            "of a player from what that player may know, play with bots, the simulation of its "
            "bots; and its own: a game state shown, the square's picture, its completions "
            "counted and shown, why it is dead, the rules' claims checked. Its commands of 0.3 "
            "stay at the top (officers deal, officers hint, ...), each as it was.",
        )

    def describe(self, verb: str) -> tuple[str, str]:
        return _DESCRIPTIONS.get(verb) or super().describe(verb)

    def add_options(self, verb: str, parser: argparse.ArgumentParser) -> None:
        if verb == "simulate":
            _add_simulate(parser)
            return
        add_game_options(parser, seed=False, given=verb in ("solve", "hint"))
        if verb != "play":
            parser.add_argument("--coins", action="store_true", help="variant: keep-free coins")
        if verb == "hint":
            parser.add_argument(
                "--max-reasons",
                type=number(0, 10**6),
                default=3,  # officers.euler.analysis.MAX_REASONS, not imported by the parser
                metavar="N",
                help="in JSON, the reasons and repairs given (default 3; the totals are given)",
            )
        elif verb == "play":
            parser.add_argument(
                "--seed", dest="deal", type=number(*self.deals), metavar="N", help="as --deal"
            )
            parser.add_argument(
                "--bot", default="designers", help="the bots' kind (default designers)"
            )
            parser.add_argument(
                "--human",
                "--seat",
                type=number(1, 4),
                metavar="N",
                help="your seat, 1-4 (default: bots only)",
            )

    def add_more(self, actions: Commands) -> None:
        from officers.cli import advice, squares

        add_state(actions)
        squares.add_commands(actions, ("show", "count", "complete"))
        advice.add_explain(actions)
        add_verify_rules(actions)

    def dealt(self, number: int, args: argparse.Namespace) -> GameState:
        game_options(args)
        return new_game_of(args, number)

    def read(self, text: str, args: argparse.Namespace) -> GameState:
        given = game_options(args)
        if given:
            raise UsageError(f"{self.prog} {args.action}: {', '.join(given)} go with --deal N")
        return read_game(text)

    def state(self, args: argparse.Namespace) -> GameState:
        from officers.cli.common import argument_text

        if args.deal is not None:
            game = self.dealt(args.deal, args)
        else:
            game = self.read(argument_text(args.position, MAX_INPUT, "a game", files=True), args)
        for word in args.moves.split():
            game.push(game.parse_move(word))
        return game

    def deal(self, args: argparse.Namespace) -> ExitCode:
        game = new_game_of(args, args.number)
        if args.json:
            from officers.contract.documents import game_document

            emit(game_document(game))
        else:
            print(game.notation())
        return ExitCode.OK

    def solve(self, args: argparse.Namespace) -> ExitCode:
        from officers.euler.winnable import winning_line

        game = self.state(args)
        won, line, why = winning_line(game)
        if args.json:
            from officers.contract import handle

            setup = game.notation()
            emit(handle({"op": "record", "setup": setup, "moves": [m.notation() for m in line]}))
        else:
            if won:
                count = len(line)
                print(why or f"winnable: a win in {count} move{'' if count == 1 else 's'} "
                      "(every hand known)")  # fmt: skip
            else:
                print(f"lost: {why}")
            if line:
                print(" ".join(move.notation() for move in line))
        return ExitCode.OK if won else ExitCode.NO

    def hint(self, args: argparse.Namespace) -> ExitCode:
        from officers.core.budget import Budget
        from officers.euler.hints import hint
        from officers.euler.words import read_lang

        game = self.state(args)
        player = game.turn if args.player is None else args.player - 1
        if player >= game.players:
            raise UsageError(
                f"{self.prog} hint: there is no player {player + 1} in a game of {game.players}"
            )
        answer = hint(game.view(player), budget=Budget.after(args.time_limit))
        if args.json:
            print(answer.to_json(args.lang, args.max_reasons))
        else:
            print(answer.view.square.picture())
            for lang in read_lang(args.lang):
                print()
                print(answer.text(lang))
        return ExitCode.NO if answer.status == "dead" else ExitCode.OK

    def play(self, args: argparse.Namespace) -> ExitCode:
        from officers.cli.games import fresh_deal

        game_options(args)
        number = args.deal if args.deal is not None else fresh_deal(self.deals)
        return play_game(new_game_of(args, number), args)

    def simulate(self, args: argparse.Namespace) -> ExitCode:
        if args.bots is None:
            if args.keep_seats or args.max_moves is not None:
                raise UsageError(
                    f"{self.prog} simulate: --keep-seats and --max-moves go with --bots (the "
                    "runner of every game)"
                )
            return own_simulation(args)
        if args.bot is not None:
            raise UsageError(f"{self.prog} simulate: give --bots (every game's) or --bot, not both")
        return run_simulation("officers", args, generic_options(args, "officers", self.prog))


def _add_simulate(parser: argparse.ArgumentParser) -> None:
    """Euler's Officers' own simulation's options (as ``officers simulate``'s)."""
    parser.add_argument(
        "--bot",
        help="its own simulation's bot (without --bots): designers, neighbour, exact, hinted or "
        "random, or a list",
    )
    parser.add_argument("--level", help="easy, normal, hard, expert or all (default normal)")
    parser.add_argument("--players", help="1-4, or a list such as 2,3,4 (default 2)")
    parser.add_argument("--tokens", help="take-back tokens (default: the level's), or a list")
    parser.add_argument("--ozanam", action="store_true", help="start from Ozanam's riddle")


_DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "deal": (
        "deal a new game and print its game notation",
        "Deal game N (N, --deal N or --seed N: the seed of 'officers deal --seed N'; without "
        "one, a fresh game) and print its one-line game notation (see docs/game.md).",
    ),
    "solve": (
        "can the game still be won, every hand known: a line of play that wins",
        "Solve a game with every hand known (the players win or lose together): whether it "
        "can still be won, with a line of play that wins (the take-backs of a smallest "
        "repair, then the cards of one completion), or why not. Exact, at once. Exit status 0 "
        "when it can be won, 1 when not.",
    ),
    "hint": (
        "the hint of one player: safe and deadly cells, forced moves, a recommended move",
        "The hint of a player of a game (--player, default the player to move), from what "
        "that player may know: for each card in hand its safe cells (with the completions each "
        "leaves) and its deadly cells, the forced moves, the take-back to make when the square "
        "is dead, and one recommended move. Exit status 1 when the square is dead. For a "
        "square and a hand, see 'officers hint'.",
    ),
    "play": (
        "play a game with bots (or watch them) and print its final square and record",
        "Play game N (--deal N, else a fresh one): with --human N (or --seat N) you play seat "
        "N (type moves such as AS@r1c1, 'hint', 'moves', 'concede' or 'quit'), and bots play "
        "the other seats; without it the bots play every seat. Prints the final square (with "
        "the outcome and the cards left in the hands) and the game record. Exit status 1 when "
        "the game is lost.",
    ),
    "simulate": (
        "play many games of bots: win rates with their intervals",
        "Without --bots, Euler's Officers' own simulation (as 'officers simulate'): a team of "
        "one bot, the take-backs a game and the reasons of the losses; --bot, --level, "
        "--players and --tokens take lists separated by ',' (and --level all), every "
        "combination one row. With --bots A,B, the runner of every game ('officers simulate "
        "--game officers'): each deal once for each rotation of the bots, the wins of each bot "
        "and seat. The numbers depend on --seed only, never on --jobs.",
    ),
}


COMMANDS: Final = EulerCommands("officers")
"""Euler's Officers' command line (:attr:`officers.games.Registered.cli`)."""


def add_commands(commands: Commands) -> None:
    """Add ``euler`` (also ``officers``) and its actions to the sub-parsers of ``officers``."""
    add_game(commands, COMMANDS)


def read_game(text: str) -> GameState:
    """The game a text gives: a game notation, a game record (``[Setup ...``) or a game's JSON
    (its notation in ``"game"``, as ``officers deal --json`` writes it).

    >>> read_game('{"kind": "game", "game": "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"}').turn
    0
    """
    from officers.core.errors import NotationError, excerpt, read_json
    from officers.euler.game import GameState
    from officers.euler.record import GameRecord

    stripped = text.strip()
    if stripped.startswith("["):
        return GameRecord.parse(stripped).replay()
    if stripped.startswith("{"):
        data = read_json(stripped, "game")
        found = data.get("game") if isinstance(data, dict) else None
        if not isinstance(found, str):
            raise NotationError(
                f"cannot read game {excerpt(stripped)}: expected a game's JSON with its notation "
                "in 'game' (as 'officers deal --json' prints it)"
            )
        stripped = found
    return GameState.parse(stripped)
