"""The Offiziersskat commands: ``officers skat deal``, ``solve``, ``hint`` (also ``tip``),
``play`` and ``simulate``: every game's five verbs (:mod:`officers.cli.games`) with
Offiziersskat's own options (:class:`SkatCommands`, wired into ``officers`` by
:func:`add_commands`).

A game is given in the record notation (docs/skat.md: a deal, ``;``, the moves), as what
``deal`` prints or as a game's JSON (``deal --json``), as the argument itself, as a file (its
path, or ``@FILE``; an argument that names an existing file is read from it) or as ``-``
(standard input); or as ``--deal N`` (numbered deal N), with ``--moves`` played from it.

Exit status: 0 for a deal, and for a position Vorhand wins under best play (61 or more); 1 when
she loses; 3 when the search ran out of time first (unknown); 2 for input that cannot be used
(one line on standard error).

>>> from officers.cli import main
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
from typing import TYPE_CHECKING, Final

from officers.cli.common import (
    Commands,
    ExitCode,
    UsageError,
    argument_text,
    emit,
    number,
)
from officers.cli.games import GameCommands, add_game, run_simulation

if TYPE_CHECKING:
    from officers.skat.game import SkatGame

__all__ = ["COMMANDS", "SkatCommands", "add_commands"]

MAX_INPUT = 4000
"""The longest record read."""
DEFAULT_TIME_LIMIT = 60.0


class SkatCommands(GameCommands):
    """``officers skat``: the five verbs of every game (:mod:`officers.cli.games`) with
    Offiziersskat's own: ``hint`` is also ``tip`` (its name since 0.3), ``solve --games`` and
    ``--threads``, ``play --bot`` and ``--seat``, and its own simulation of pairs of bots
    (``simulate --pairs``, ``--best``) when no ``--bots`` are named."""

    group = "skat"
    title = "Offiziersskat"  # officers.games: the registry is not loaded to build the parser
    players = range(2, 3)
    position = "GAME"
    position_help = (
        "a record notation ('DEAL ; MOVES'), what 'deal' prints, or a game's JSON, given "
        "as it is, as a file (FILE or @FILE; an existing file wins) or as - (standard input)"
    )
    time_limit = DEFAULT_TIME_LIMIT
    bots = ("random", "greedy", "montecarlo", "exact", "expectimax")

    def summary(self) -> tuple[str, str]:
        return (
            "Offiziersskat: deal, the double-dummy solver, tips, play, simulate",
            "Offiziersskat (two-player Skat, piles of a face-up card on a face-down "
            "one): numbered deals, the double-dummy solver (every card known), the tip from "
            "what the players see, play against a bot and the simulation of its bots.",
        )

    def describe(self, verb: str) -> tuple[str, str]:
        return _DESCRIPTIONS.get(verb) or super().describe(verb)

    def verb_aliases(self, verb: str) -> tuple[str, ...]:
        return ("tip",) if verb == "hint" else ()

    def add_options(self, verb: str, parser: argparse.ArgumentParser) -> None:
        if verb == "solve":
            _add_solve(parser)
        elif verb == "play":
            parser.add_argument(
                "--bot",
                default="greedy",
                help="the bot: random, greedy, montecarlo, exact, expectimax, or a level: "
                "beginner, club, strong, strongest",
            )
            parser.add_argument(
                "--seat",
                choices=("V", "H", "1", "2"),
                default="V",
                help="your seat: V (1, Vorhand: the default) or H (2, Hinterhand)",
            )
        elif verb == "simulate":
            _add_simulate(parser)

    def deal(self, args: argparse.Namespace) -> ExitCode:
        return _deal(args)

    def solve(self, args: argparse.Namespace) -> ExitCode:
        return _solve(args)

    def hint(self, args: argparse.Namespace) -> ExitCode:
        return _tip(args)

    def play(self, args: argparse.Namespace) -> ExitCode:
        return _play(args)

    def simulate(self, args: argparse.Namespace) -> ExitCode:
        if args.bots is None:
            return _simulate(args)
        if args.pairs is not None or args.best or args.played is not None:
            raise UsageError(
                "officers skat simulate: --pairs, --best and --played are Offiziersskat's own "
                "simulation; --bots runs every game's (give one or the other)"
            )
        return run_simulation("skat", args)


_DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "deal": (
        "print a numbered deal: its notation and the face-up cards",
        "Print deal N (N, --deal N or --seed N; without one, a fresh deal): each player's "
        "piles (face-down card / face-up card) and the face-up cards as the players see them.",
    ),
    "solve": (
        "the double-dummy value: Vorhand's points under best play, every card known",
        "Solve a game double dummy (every card known, the face-down ones too): "
        "the points Vorhand ends with under best play and a line of best play; before the "
        "game choice, with --games, each game's value. Exit status 0 when Vorhand wins (61 or "
        "more), 1 when she loses, 3 when the search ran out of time.",
    ),
    "hint": (
        "the tip of the page's learning with tips (also 'tip'): the game, or the card to play",
        "The tip for the player to move, from what both players see alone (the "
        "face-down cards are never read): before the choice each game with Vorhand's chance, "
        "then the face-up card to play and its pile, with the reasons. Out of time, the "
        "estimate over the samples done by then, labelled so. 'officers skat tip' is the same.",
    ),
    "play": (
        "play against a bot in the terminal, seeing only what a player sees",
        "Play Offiziersskat against a bot (deal --deal N, else a fresh one): you see the "
        "face-up cards and which piles still hide one, never a face-down card. Type a game "
        "(C S H D G) or a card (QH or QH@3), 'tip', 'moves' or 'quit'. Exit status 0 when you "
        "win, 1 otherwise.",
    ),
    "simulate": (
        "Vorhand's win rate for pairs of bots, or any bots by the runner of every game",
        "Play each pair of bots (--pairs: Vorhand's, Hinterhand's) on the same deals and "
        "print Vorhand's win rate with its 95 % interval, her mean points and the games "
        "chosen; with --best, how often she wins double dummy with the best game. Each pair "
        "keeps its seats. With --bots A,B instead, the runner of every game ('officers "
        "simulate --game skat'): each deal from both seats, the wins of each bot and seat.",
    ),
}


COMMANDS: Final = SkatCommands("skat")
"""Offiziersskat's command line (:attr:`officers.games.Registered.cli`)."""


def add_commands(commands: Commands) -> None:
    """Add ``skat`` and its actions to the sub-parsers of ``officers``."""
    add_game(commands, COMMANDS)


def _add_solve(solve: argparse.ArgumentParser) -> None:
    solve.add_argument("--games", action="store_true", help="each game's value (before the choice)")
    solve.add_argument(
        "--threads",
        type=number(1, 8),  # officers.skat.search.MAX_THREADS, not imported by the parser
        default=None,
        metavar="N",
        help="zero-window tests run at once, each in a thread (default: 2 where there are two "
        "CPUs and 24 cards or more are in play, else 1)",
    )


def _add_simulate(simulate: argparse.ArgumentParser) -> None:
    simulate.add_argument(
        "--pairs",
        metavar="A:B,...",
        help=f"the pairs, Vorhand's bot first (default {DEFAULT_PAIRS})",
    )
    simulate.add_argument("--best", action="store_true", help="also Vorhand's share with best play")
    simulate.add_argument(
        "--played",
        metavar="BOT",
        help="also Vorhand's share in the game as played by BOT against itself (the game chosen "
        "from the face-up cards), with the exact value at the first trick with at most 6 cards "
        "face down (within 10 s)",
    )


DEFAULT_PAIRS = "greedy:random,random:greedy,greedy:greedy"
"""The pairs of Offiziersskat's own simulation by default."""


def _text(argument: str) -> str:
    return argument_text(argument, MAX_INPUT, "a record", files=True).strip()


def _record(text: str) -> str:
    """The record notation of a text: itself, what ``deal`` prints (the lines ``V:`` and
    ``H:``; the face-up lines are read from them) or a game's JSON (``deal --json``)."""
    from officers.core.errors import NotationError, excerpt, read_json

    if text.startswith("{"):
        data = read_json(text, "record")
        found = data.get("game") if isinstance(data, dict) else None
        if not isinstance(found, str):
            raise NotationError(
                f"cannot read record {excerpt(text)}: expected a game's JSON with its record in "
                "'game' (as 'officers skat deal --json' prints it)"
            )
        return found
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    sides = [line[2:].strip() for line in lines if line.startswith(("V:", "H:"))]
    if len(lines) > 1 and [line[:2] for line in lines[:2]] == ["V:", "H:"] and len(sides) == 2:
        if any(not line.startswith(("V:", "H:", "face up,")) for line in lines):
            raise NotationError(
                f"cannot read record {excerpt(text)}: expected the lines 'V:' and 'H:' (and "
                "the 'face up' lines) as 'officers skat deal' prints them"
            )
        return f"{sides[0]} | {sides[1]}"
    return text


def _game(args: argparse.Namespace) -> SkatGame:
    from officers.skat.game import SkatGame

    if args.deal is not None:
        game = SkatGame.deal(args.deal)
    else:
        game = SkatGame.parse(_record(_text(args.position)))
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
    solution = solve(game.position, time_limit=args.time_limit, threads=args.threads)
    games: dict[str, int] | None = None
    if args.games:
        each = solve_games(game.position, time_limit=args.time_limit, threads=args.threads)
        games = {g: s.value for g, s in each.items()}
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


def _tip(args: argparse.Namespace) -> ExitCode:
    from officers.skat.public import Public
    from officers.skat.tips import tip

    public = Public.of(_game(args))  # what both players see: no face-down card goes further
    if public.to_move is None:
        raise UsageError(f"officers skat {args.action}: the game is over")
    if args.player is not None and args.player != public.to_move + 1:
        raise UsageError(
            f"officers skat {args.action}: the tip is for the player to move, player "
            f"{public.to_move + 1} (what both players see is the same)"
        )
    advice = tip(public, time_limit=args.time_limit)
    if args.json:
        from officers.contract.skat import tip_document

        emit(tip_document(public, advice, args.lang))
    else:
        print(advice.text(args.lang))
    return ExitCode.OK


def _seen(game: SkatGame, lang: str) -> str:
    """The table as a player sees it: the pile numbers, the face-up cards, ``▒`` on a pile that
    hides a card, and the game, the trick and the points.

    >>> from officers.skat.game import SkatGame
    >>> print(_seen(SkatGame.deal(1), "de"))
          1    2    3    4    5    6    7    8
    V: ▒10♠ ▒ 8♠ ▒ Q♦ ▒ 8♥ ▒ J♦ ▒ 8♣ ▒ Q♠ ▒ Q♣
    H: ▒ A♠ ▒10♥ ▒ 8♦ ▒ 9♣ ▒ 7♠ ▒ A♣ ▒ 7♥ ▒10♣
    Spiel - · Stich - · Augen 0:0
    """
    from officers.skat.cards import card_face
    from officers.skat.words import game_name, terminal

    view = game.view()
    lines = ["   " + "".join(f"  {pile + 1:>2} " for pile in range(len(view.face_up[0]))).rstrip()]
    for letter, faces, hidden in zip("VH", view.face_up, view.hidden, strict=True):
        piles = [
            "  -  " if c is None else ("▒" if h else " ") + f"{card_face(c):>3} "
            for c, h in zip(faces, hidden, strict=True)
        ]
        lines.append(f"{letter}: " + "".join(piles).rstrip())
    trick = " ".join(card_face(c) for c in view.trick) or "-"
    points = f"{view.points[0]}:{view.points[1]}"
    lines.append(
        terminal("status", lang, game=game_name(view.game, lang), trick=trick, points=points)
    )
    return "\n".join(lines)


def _play(args: argparse.Namespace) -> ExitCode:
    import random
    import secrets

    from officers.skat.bots import get_bot
    from officers.skat.game import SkatGame
    from officers.skat.public import Public
    from officers.skat.tips import tip
    from officers.skat.words import terminal

    lang = args.lang
    number = args.deal if args.deal is not None else 1 + secrets.randbits(63)
    game = SkatGame.deal(number)
    bot = get_bot(args.bot)
    named = str(args.bot).strip().lower()  # as chosen: a level ("strongest") or a bot
    seat = 0 if args.seat in ("V", "1") else 1
    rng = random.Random(number)
    interactive = sys.stdin is not None and sys.stdin.isatty()
    while not game.is_over():
        if game.current_player != seat:
            move = bot.choose(Public.of(game), rng)
            game.push(move)
            print(terminal("bot", lang, bot=named, move=move.notation()))
            continue
        print(_seen(game, lang))
        if interactive:
            print(terminal("prompt", lang), end="", flush=True)
        line = sys.stdin.readline() if sys.stdin is not None else ""
        word = line.strip()
        if not line or word in ("quit", "q"):
            break
        if word == "tip":
            print(tip(Public.of(game)).text(lang))
        elif word == "moves":
            print(" ".join(m.notation() for m in game.legal_moves()))
        elif word:
            refused = _refused(game, word, lang)
            if refused:
                print(refused)
    outcome = game.outcome()
    if outcome is None:  # stopped: what both players see, never a card still face down
        count = len(game.moves)
        moves = terminal("moves_1" if count == 1 else "moves_n", lang, n=count)
        points = f"{game.points[0]}:{game.points[1]}"
        print(terminal("stopped", lang, moves=moves, points=points))
        print(Public.of(game).notation())
        return ExitCode.NO
    print(outcome.text(lang))
    print(game.notation())  # every card has been played: the record hides nothing
    return ExitCode.OK if outcome.winner == seat else ExitCode.NO


def _refused(game: SkatGame, word: str, lang: str) -> str | None:
    """Play ``word``, or say why not (in ``lang``)."""
    from officers.core.errors import OfficersError
    from officers.skat.words import terminal

    try:
        refusal = game.refusal(word)
        if refusal is None:
            game.push(word)
            return None
        if refusal.kind == "unreadable":  # not a move at all: the terminal's words
            return terminal("unreadable", lang, word=word[:40])
        return refusal.text(lang)
    except OfficersError as error:
        return str(error)


def _simulate(args: argparse.Namespace) -> ExitCode:
    from officers.skat.simulate import best_play, played_chance, results_table, simulate_pairs

    pairs = []
    if args.keep_seats or args.markdown or args.max_moves is not None:
        raise UsageError(
            "officers skat simulate: --keep-seats, --markdown and --max-moves go with --bots "
            "(the runner of every game)"
        )
    for text in (args.pairs or DEFAULT_PAIRS).split(","):
        a, sep, b = text.strip().partition(":")
        if not sep or not a or not b:
            raise UsageError(f"officers skat simulate: a pair is A:B, got {text.strip()!r}")
        pairs.append((a, b))
    progress = False if args.no_progress else None
    results = simulate_pairs(pairs, args.deals, args.seed, jobs=args.jobs, progress=progress)
    best = (
        best_play(args.deals, args.seed, jobs=args.jobs, progress=progress) if args.best else None
    )
    played = (
        None
        if args.played is None
        else played_chance(
            args.deals, args.seed, bot=args.played, jobs=args.jobs, progress=progress
        )
    )
    if args.json:
        from officers.contract.documents import head

        emit(
            {
                **head("skat-simulation"),
                "pairs": [result.to_dict() for result in results],
                "best_play": None if best is None else best.to_dict(),
                "played": None if played is None else played.to_dict(),
            }
        )
        return ExitCode.OK
    print(results_table(results))
    if best is not None:
        share = best.double_dummy / best.deals
        print(
            f"Vorhand wins {best.double_dummy} of {best.deals} deals ({share:.1%}) double dummy "
            "with the best game (every card known: a bound on the game as played)"
        )
    if played is not None:
        print(played.summary())
    return ExitCode.OK
