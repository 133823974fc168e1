"""The Eight Off commands: ``officers eightoff deal``, ``solve``, ``hint``, ``play``,
``simulate`` (every game's five verbs, :mod:`officers.cli.games`) and ``census``; Eight Off's
own options are its variant (``--variant``, ``--microsoft``) and ``solve --fewest``
(:class:`EightOffCommands`, wired into ``officers`` by :func:`add_commands`).

A position is given in the one-line position notation (docs/eightoff.md), as a game notation
(the position, ``;``, moves), as fc-solve's board text (its variant from ``--variant``, else
the one the text names, else Eight Off: what ``deal`` prints reads back) or as a game's JSON —
each as the argument itself, as a file (its path, or ``@FILE``; an argument that names an
existing file is read from it) or as ``-`` (standard input); or as ``--deal N`` (numbered deal
N of ``--variant``, or Microsoft's with ``--microsoft``), then ``--moves``.

Exit status: 0 for a deal, a census, a solvable position or a game that can still be won; 1
when it cannot be won; 3 when the search ran out of time first (unknown); 2 for input that cannot be
used (one line on standard error).

The library is imported when a command runs, not when the parser is built.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, Final

from officers.cli.common import (
    Commands,
    ExitCode,
    UsageError,
    add_json,
    argument_text,
    emit,
    number,
    time_limit,
)
from officers.cli.games import GameCommands, add_game, fresh_deal, seconds_or_none

if TYPE_CHECKING:
    from officers.eightoff.game import EightOffGame
    from officers.eightoff.position import Position
    from officers.eightoff.variant import Variant

__all__ = ["COMMANDS", "EightOffCommands", "add_commands", "read_game"]

MAX_DEAL = 2**33 - 1
"""The largest deal number read (Microsoft's numbering goes this far; ours further, unused)."""
MAX_CENSUS = 10**7
"""The most deals a census counts."""

CENSUS_STATES = 5_000_000
"""The positions a census's search of one deal stores at most, unless told otherwise."""

MAX_CENSUS_STATES = 20_000_000
"""The most ``--max-states`` a census takes: each of its processes then stores at most some
2 GB of positions in the compiled search, 5.4 GB in Python's."""
MAX_JOBS = 1024
"""The most ``--jobs`` read; more than the CPUs are capped to the CPUs."""
MAX_INPUT = 20_000
"""The longest position or board text read."""
DEFAULT_TIME_LIMIT = 10.0  # officers.eightoff.hints.DEFAULT_TIME_LIMIT, not imported here
HINT_LEVELS = ("winnable", "nudge", "move", "plan")  # officers.eightoff.hints.LEVELS, the same
VARIANT_HELP = (
    "the variant: a preset (eight-off, freecell, bakers-game, seahaven-towers, "
    "relaxed-eight-off, eight-off-uneven) or a variant notation such as 'freecell[cells=3]' "
    "(default eight-off, or freecell with --microsoft)"
)


class EightOffCommands(GameCommands):
    """``officers eightoff``: the five verbs of every game (:mod:`officers.cli.games`) with
    Eight Off's own options (``--variant``, ``--microsoft``, ``solve --fewest``) and its
    ``census``."""

    group = "eightoff"
    title = "Eight Off"  # officers.games: the registry is not loaded to build the parser
    players = range(1, 2)
    deals = (1, MAX_DEAL)
    position_help = (
        "a position notation, a game notation ('POSITION ; MOVES'), fc-solve's board "
        "text or a game's JSON, given as it is, as a file (FILE or @FILE; an existing file "
        "wins) or as - (standard input)"
    )
    time_limit = DEFAULT_TIME_LIMIT
    bots = ("random", "greedy", "solver")

    def summary(self) -> tuple[str, str]:
        return (
            "Eight Off and its family (FreeCell, Baker's Game, Seahaven Towers): deal, solve, "
            "hint, play, simulate, census",
            "Eight Off and its family: numbered deals, the exact solver, hints "
            "(can the game still be won, the next move, where a lost game was lost), play in "
            "the terminal, the simulation of its bots, and the census of a variant's deals "
            "(how many can be won).",
        )

    def describe(self, verb: str) -> tuple[str, str]:
        return _DESCRIPTIONS.get(verb) or super().describe(verb)

    def add_options(self, verb: str, parser: argparse.ArgumentParser) -> None:
        if verb == "simulate":
            parser.add_argument("--variant", metavar="NAME", help=VARIANT_HELP)
            return
        if verb == "play":
            parser.add_argument(
                "position",
                nargs="?",
                metavar="POSITION",
                help=f"{self.position_help} (else --deal N, else a fresh deal)",
            )
            _add_time_limit(parser)
        _add_variant(parser)
        if verb == "solve":
            parser.add_argument(
                "--fewest", action="store_true", help="the win with the fewest moves"
            )
        if verb in ("hint", "play"):
            parser.add_argument(
                "--level",
                choices=HINT_LEVELS,
                default="move",
                help="how much a hint tells: winnable (only whether the game can still be "
                "won), nudge (where to look, or where a lost game was lost), move (the next "
                "move; the default), plan (the whole win); in play, 'hint LEVEL' asks at "
                "another",
            )

    def add_more(self, actions: Commands) -> None:
        _add_census(actions)

    def deal(self, args: argparse.Namespace) -> ExitCode:
        return _deal(args)

    def solve(self, args: argparse.Namespace) -> ExitCode:
        return _solve(args)

    def hint(self, args: argparse.Namespace) -> ExitCode:
        return _hint(args)

    def play(self, args: argparse.Namespace) -> ExitCode:
        return _play(args)

    def simulation_options(self, args: argparse.Namespace) -> dict[str, object]:
        return {} if args.variant is None else {"variant": _variant(args)}


_DESCRIPTIONS: dict[str, tuple[str, str]] = {
    "deal": (
        "print a numbered deal: its board text and its position notation",
        "Print deal N (N, --deal N or --seed N; without one, a fresh deal): its board text "
        "(as fc-solve reads it) and its one-line position notation.",
    ),
    "solve": (
        "solve a position: solvable (with the moves of a win), unsolvable, or unknown",
        "Decide a position (after --moves, if given) with the exact solver and print the "
        "moves of a win in the standard notation. Exit status 0 solvable, 1 unsolvable, 3 "
        "unknown (out of time).",
    ),
    "hint": (
        "can the game still be won, its next move, and where a lost game was lost",
        "Say whether a position (after --moves, if given) can still be won and the "
        "next move of a win; for a game that cannot, the move that lost it and the fewest "
        "undos that make it winnable again; --level says how much it tells. Exit status 0 "
        "winnable, 1 lost, 3 unknown.",
    ),
    "play": (
        "play a game in the terminal: moves, undo, hints",
        "Play a position (or --deal N, else a fresh deal) in the terminal: type a move in "
        "the standard notation (4h, 1e, 38v3), or 'moves', 'undo', 'hint', 'solve', 'quit'. "
        "Prints the position after each move and, at the end, the outcome and the game "
        "notation. Exit status 0 when the game is won, 1 otherwise.",
    ),
}


COMMANDS: Final = EightOffCommands("eightoff")
"""Eight Off's command line (:attr:`officers.games.Registered.cli`)."""


def add_commands(commands: Commands) -> None:
    """Add ``eightoff`` and its actions to the sub-parsers of ``officers``."""
    add_game(commands, COMMANDS)


def _add_census(actions: Any) -> None:
    census = actions.add_parser(
        "census",
        help="the share of winnable deals of a variant, with its 95 %% interval",
        description="Solve numbered deals of a variant (1 .. N, or A .. B) and print how many "
        "are solvable, unsolvable and unknown (out of time), the share of winnable deals among "
        "the decided ones with its 95 % Wilson interval, the shares if every unknown deal were "
        "lost or won, the numbers of the unsolvable and unknown deals, and the seconds a deal. "
        "The verdicts depend only on the deals, the variant and the limits, never on --jobs.",
    )
    census.add_argument(
        "--deals", type=number(1, MAX_CENSUS), metavar="N", help="deals 1 .. N (default 1000)"
    )
    census.add_argument(
        "--from", dest="first", type=number(0, MAX_DEAL), metavar="A", help="the first deal"
    )
    census.add_argument(
        "--to", dest="last", type=number(0, MAX_DEAL), metavar="B", help="the last deal"
    )
    _add_variant(census)
    census.add_argument(
        "--time-limit",
        type=time_limit,
        default=DEFAULT_TIME_LIMIT,
        metavar="S|none",
        help=f"seconds each deal's search takes at most (default {DEFAULT_TIME_LIMIT:g}); past "
        "it the deal is counted unknown. A time limit depends on the machine: with 'none' "
        "only --max-states bounds a search, and the census is the same on every machine",
    )
    census.add_argument(
        "--max-states",
        type=number(1, MAX_CENSUS_STATES),
        default=CENSUS_STATES,
        metavar="N",
        help=f"positions each deal's search stores at most (default {CENSUS_STATES:,}); past "
        "them the deal is counted unknown",
    )
    census.add_argument(
        "--jobs",
        type=number(1, MAX_JOBS),
        metavar="N",
        help="processes (default and most: every CPU)",
    )
    add_json(census)
    census.set_defaults(run=_census)


def _census_deals(args: argparse.Namespace) -> range:
    """The deals of ``census``: ``--deals N`` (1 .. N, 1000 by default) or ``--from A --to B``."""
    if args.first is None and args.last is None:
        return range(1, (1000 if args.deals is None else args.deals) + 1)
    if args.deals is not None or args.first is None or args.last is None:
        raise UsageError("officers eightoff census: give --deals N, or --from A and --to B")
    if args.last < args.first:
        raise UsageError(f"officers eightoff census: --to {args.last} is below --from {args.first}")
    if args.last - args.first >= MAX_CENSUS:
        raise UsageError(
            f"officers eightoff census: at most {MAX_CENSUS:,} deals at once (each deal's verdict "
            "is kept until the census ends)"
        )
    if args.microsoft and args.first < 1:
        raise UsageError("officers eightoff census: Microsoft's deals start at 1")
    return range(args.first, args.last + 1)


def _add_variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", metavar="NAME", help=VARIANT_HELP)
    parser.add_argument(
        "--microsoft", action="store_true", help="Microsoft's FreeCell numbering of the deals"
    )


def _add_time_limit(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--time-limit",
        type=seconds_or_none,
        default=DEFAULT_TIME_LIMIT,
        metavar="S",
        help=f"seconds a search ('hint', 'solve') takes at most, or none (default "
        f"{DEFAULT_TIME_LIMIT:g})",
    )


# --- reading positions ---------------------------------------------------------------------


def _variant(args: argparse.Namespace) -> Variant:
    from officers.eightoff.variant import EIGHT_OFF, FREECELL, Variant

    if args.variant is None:
        return FREECELL if args.microsoft else EIGHT_OFF
    return Variant.parse(args.variant)


def _dealt(number: int, args: argparse.Namespace) -> EightOffGame:
    from officers.eightoff.game import EightOffGame

    variant = _variant(args)
    if args.microsoft:
        return EightOffGame.microsoft(number, variant)
    return EightOffGame.deal(number, variant)


def _text(argument: str) -> str:
    """The text an argument gives: itself, a file's (``@FILE``, or the argument when it names a
    file that exists) or standard input's (``-``)."""
    return argument_text(argument, MAX_INPUT, "a position", files=True)


_BOARD_LINES = (":", "foundations:", "founds:", "freecells:", "freecell:", "fc:", "variant:")
"""How the lines of a board text may start (one line alone is a board when it starts so)."""


def read_game(text: str, variant: Variant | None) -> EightOffGame:
    """The game a text gives: fc-solve's board text (more than one line, or a line that
    starts as a board's line does; see :func:`~officers.eightoff.notation.read_board`: its
    variant is ``variant``, else the one the text names, else Eight Off), a game notation, a
    position notation (its variant written in it: ``variant``, when given, must agree), or the
    JSON of a game (``officers eightoff deal --json``).

    >>> from officers.eightoff import Position, board_text
    >>> start = Position.numbered(1)
    >>> read_game(start.notation() + " ; 4h", None).moves
    (Move.parse('4h'),)
    >>> read_game(board_text(start), None).position == start
    True
    """
    from officers.eightoff.game import EightOffGame
    from officers.eightoff.notation import read_board

    stripped = text.strip()
    if stripped.startswith("{"):
        stripped = _json_game(stripped)
    if "\n" in stripped or stripped.lower().startswith(_BOARD_LINES):
        return EightOffGame(read_board(stripped, variant))
    game = EightOffGame.parse(stripped)
    if variant is not None and game.variant != variant:
        raise UsageError(
            f"officers eightoff: the position is of variant {game.variant.notation()}, but "
            f"--variant {variant.notation()} was given"
        )
    return game


def _json_game(text: str) -> str:
    """The game notation of a game's JSON (``"game"``, or a position's ``"position"``)."""
    from officers.core.errors import NotationError, excerpt, read_json

    data = read_json(text, "game")
    found = data.get("game", data.get("position")) if isinstance(data, dict) else None
    if not isinstance(found, str):
        raise NotationError(
            f"cannot read game {excerpt(text)}: expected a game's JSON with its notation in "
            "'game' (as 'officers eightoff deal --json' prints it)"
        )
    return found


def _note_default(text: str, game: EightOffGame, args: argparse.Namespace) -> None:
    """One line on standard error when a board that names no variant is read as Eight Off
    though it is not laid out as Eight Off's deal and its shape fits other rules too (a FreeCell
    board given without --variant)."""
    from officers.eightoff.notation import board_variants, named_variant
    from officers.eightoff.variant import EIGHT_OFF

    stripped = text.strip()
    board = "\n" in stripped or stripped.lower().startswith(_BOARD_LINES)
    if args.variant is not None or not board or named_variant(stripped) is not None:
        return
    position = game.position
    dealt = (
        tuple(len(column) for column in position.columns) == EIGHT_OFF.deal.columns
        and sum(card is not None for card in position.cells) == EIGHT_OFF.deal.cells
        and not any(position.foundations)
    )
    rules = (EIGHT_OFF.building, EIGHT_OFF.empty, EIGHT_OFF.sequence)
    others = [
        v.name for v in board_variants(stripped) if (v.building, v.empty, v.sequence) != rules
    ]
    if others and not dealt:
        names = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} or {others[-1]}"
        print(
            "officers: note: the board names no variant: it is read as eight-off (the default); "
            f"if it is {names}, say so with --variant or a line 'Variant: NAME'",
            file=sys.stderr,
        )


def _game(args: argparse.Namespace) -> EightOffGame:
    """The game of a command's arguments: ``POSITION`` or ``--deal`` (for ``play``, neither: a
    fresh deal), then ``--moves``."""
    if args.position is not None and args.deal is not None:
        raise UsageError(
            f"officers eightoff {args.action}: give a POSITION or --deal N (one of them)"
        )
    if args.position is None:
        game = _dealt(fresh_deal(COMMANDS.deals) if args.deal is None else args.deal, args)
    else:
        if args.microsoft:
            raise UsageError("officers eightoff: --microsoft goes with --deal N")
        variant = None if args.variant is None else _variant(args)
        text = _text(args.position)
        game = _read_argument(text, args.position, variant)
        _note_default(text, game, args)
    moves = getattr(args, "moves", "")
    if moves.strip():
        from officers.eightoff.game import EightOffGame

        number = game.number
        game = EightOffGame.parse(f"{game.notation()} {moves}")
        game.number = number
    return game


def _position(args: argparse.Namespace) -> Position:
    """The position of :func:`_game`; a numbered deal without moves is dealt as a position
    alone (without the game, its moves and their words: what ``solve --deal N`` loads)."""
    if args.position is not None or args.deal is None or args.moves.strip():
        return _game(args).position
    variant = _variant(args)
    if args.microsoft:
        from officers.eightoff.microsoft import microsoft_deal

        return microsoft_deal(args.deal, variant)
    from officers.core.deals import check_deal_number
    from officers.eightoff.position import Position

    return Position.numbered(check_deal_number(args.deal), variant)


def _read_argument(text: str, argument: str, variant: Variant | None) -> EightOffGame:
    """:func:`read_game` of the argument's text; an argument that reads as nothing and looks
    like a file's name (one word with a '.' or '/') is told that no such file exists."""
    from officers.core.errors import NotationError, excerpt

    try:
        return read_game(text, variant)
    except NotationError as error:
        if argument == text and _looks_like_a_file(argument):
            raise NotationError(
                f"cannot read {excerpt(argument)}: no file of that name, and no position "
                f"either (a file is read from its path or from @FILE; as a position: {error})"
            ) from None
        raise


def _looks_like_a_file(argument: str) -> bool:
    word = argument.strip()
    return bool(word) and not any(c.isspace() for c in word) and ("." in word or "/" in word)


# --- the commands --------------------------------------------------------------------------


def _deal(args: argparse.Namespace) -> ExitCode:
    from officers.eightoff.notation import board_text

    game = _dealt(args.number, args)
    position = game.position
    if args.json:
        from officers.contract.eightoff import game_document

        emit(game_document(game))
    else:
        print(board_text(position), end="")
        print(position.notation())
    return ExitCode.OK


def _solve(args: argparse.Namespace) -> ExitCode:
    from officers.eightoff.solve import solve_position

    position = _position(args)
    solution = solve_position(position, time_limit=args.time_limit, fewest=args.fewest)
    words = solution.notation.split()
    if args.json:
        from officers.contract.eightoff import solution_document

        emit(solution_document(solution, position))
    else:
        print(_verdict(solution.status, len(words), solution.reason, args.fewest, solution.optimal))
        if words:
            print(solution.notation)
        print(f"{solution.states:,} states, {solution.seconds:.3f} s")
    return _STATUS[solution.status]


def _verdict(
    status: str, count: int, reason: str | None, fewest: bool = False, optimal: bool = False
) -> str:
    """The first line of ``solve``'s answer (``fewest``: the fewest moves were asked for).

    >>> _verdict("solvable", 77, None)
    'solvable: a win in 77 moves'
    >>> _verdict("solvable", 109, "time", fewest=True)
    'solvable: a win in 109 moves (not proved the fewest: the search ran out of time first)'
    >>> _verdict("unknown", 0, "time")
    'unknown: the search ran out of time first'
    """
    why = "time" if reason == "time" else "room for its states"
    if status == "solvable":
        text = f"solvable: a win in {count} move{'' if count == 1 else 's'}"
        if fewest:
            text += (
                " (the fewest)"
                if optimal
                else f" (not proved the fewest: the search ran out of {why} first)"
            )
        return text
    if status == "unsolvable":
        return "unsolvable: no sequence of moves wins it (every reachable position searched)"
    return f"unknown: the search ran out of {why} first"


_STATUS: dict[str, ExitCode] = {
    "solvable": ExitCode.OK,
    "won": ExitCode.OK,
    "winnable": ExitCode.OK,
    "unsolvable": ExitCode.NO,
    "lost": ExitCode.NO,
    "unknown": ExitCode.TIMEOUT,
}


def _hint(args: argparse.Namespace) -> ExitCode:
    from officers.eightoff.hints import where_lost

    game = _game(args)
    hint = where_lost(game, time_limit=args.time_limit, level=args.level)
    if args.json:
        from officers.contract.eightoff import hint_document

        emit(hint_document(hint, game.position, args.lang))
    else:
        print(game.position)
        print()
        print(hint.text(args.lang))
    return _STATUS[hint.status]


def _play(args: argparse.Namespace) -> ExitCode:
    from officers.eightoff.words import position_text, terminal

    game = _game(args)
    lang = args.lang
    interactive = sys.stdin is not None and sys.stdin.isatty()  # else no prompts: a script
    print(position_text(game.position, lang))
    while not game.is_over():
        if interactive:
            print(terminal("prompt", lang), end="", flush=True)
        line = sys.stdin.readline() if sys.stdin is not None else ""
        if not line:
            if interactive:
                print()
            break
        word = line.strip()
        if word in ("quit", "q"):
            break
        if word == "moves":
            print(" ".join(move.notation() for move in game.legal_moves()))
        elif word == "undo":
            if game.moves:
                game.pop()
                print(position_text(game.position, lang))
            else:
                print(terminal("no-undo", lang))
        elif word.split()[:1] == ["hint"]:  # 'hint' at the level of --level, or 'hint nudge'
            _play_hint(game, " ".join(word.split()[1:]) or args.level, args.time_limit, lang)
        elif word == "solve":
            _play_solution(game, args.time_limit, lang)
        elif word:
            _play_move(game, word, lang)
    outcome = game.outcome()
    if outcome is not None:
        print(outcome.text(lang))
    print(game.notation())
    return ExitCode.OK if outcome is not None and outcome.won else ExitCode.NO


def _play_hint(game: EightOffGame, level: str, time_limit: float | None, lang: str) -> None:
    """Print the hint at ``level``, or say that there is no such level."""
    from officers.eightoff.hints import check_level, where_lost
    from officers.eightoff.words import terminal

    try:
        told = check_level(level)
    except ValueError:
        print(terminal("bad-level", lang, word=level[:40]))
        return
    print(where_lost(game, time_limit=time_limit, level=told).text(lang))


def _play_move(game: EightOffGame, word: str, lang: str) -> None:
    """Play ``word`` and show the position, or say why it cannot be played."""
    from officers.core.errors import OfficersError
    from officers.eightoff.words import position_text, terminal

    try:
        refused = game.refusal(word)
        if refused is None:
            game.push(word)
        elif refused.kind == "unreadable":  # not a move at all: the terminal's words
            print(terminal("unreadable", lang, word=word[:40]))
            return
    except OfficersError as error:
        print(error)
        return
    print(position_text(game.position, lang) if refused is None else refused.text(lang))


def _play_solution(game: EightOffGame, time_limit: float | None, lang: str) -> None:
    from officers.eightoff.solve import solve_position
    from officers.eightoff.words import terminal

    solution = solve_position(game.position, time_limit=time_limit)
    count = len(solution.notation.split())
    if solution.status == "solvable":
        print(terminal("solvable-1" if count == 1 else "solvable", lang, count=count))
    elif solution.status == "unsolvable":
        print(terminal("unsolvable", lang))
    else:
        print(terminal("unknown-time" if solution.reason == "time" else "unknown-memory", lang))
    if solution.notation:
        print(solution.notation)


def _census(args: argparse.Namespace) -> ExitCode:
    from officers.eightoff.census import census

    deals = _census_deals(args)
    result = census(
        _variant(args),
        deals,
        microsoft=args.microsoft,
        time_limit=args.time_limit,
        max_states=args.max_states,
        jobs=args.jobs,
    )
    if args.json:
        from officers.contract.documents import head

        emit({**head("eightoff-census"), **result.to_dict()})
    else:
        print(result.text())
    return ExitCode.OK
