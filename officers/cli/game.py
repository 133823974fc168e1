"""The game's commands: ``verify-rules``, ``simulate``, ``deal``, ``state`` and
``play`` (wired into ``officers`` by :func:`add_commands`).

Exit status: 0 for an answer; 1 when a claim of the rules does not hold (``verify-rules``) or the
game is lost (``state``, ``play``); 2 for input that cannot be used (one line on standard error).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol, TextIO, TypeVar, cast

from officers.cli.common import Commands, ExitCode, UsageError, add_json, emit, number
from officers.cli.games import MAX_JOBS, note_jobs, run_simulation

if TYPE_CHECKING:
    from officers.euler.cards import Card
    from officers.euler.game import GameState
    from officers.euler.moves import Move, Outcome

DEFAULT_DEALS = 300  # officers.euler.verify_rules.DEFAULT_DEALS, not imported: the CLI starts fast
DEFAULT_GAMES = 300  # officers.euler.verify_rules.DEFAULT_GAMES

__all__ = [
    "add_commands",
    "add_game_options",
    "add_state",
    "add_verify_rules",
    "final_text",
    "own_simulation",
    "play_game",
    "seat_text",
]

_T = TypeVar("_T")


def _list(text: str, read: Callable[[str], _T], every: tuple[_T, ...] | None = None) -> list[_T]:
    """A comma-separated list (``all`` for every value when ``every`` is given).

    >>> _list("2, 3", _whole), _list("ALL", _whole, (1, 2))
    ([2, 3], [1, 2])
    """
    if every is not None and text.strip().lower() == "all":
        return list(every)
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        from officers.core.errors import NotationError

        raise NotationError(f"cannot read {text!r}: expected one value or several separated by ','")
    return [read(item) for item in items]


def _whole(text: str, low: int = 0, high: int = 10**6) -> int:
    """A whole number ``low``-``high`` in ASCII digits, or :class:`~officers.NotationError`
    quoting the text.

    >>> _whole("²")
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read '²': expected a whole number 0-1,000,000
    """
    if not _DIGITS.fullmatch(text) or not low <= int(text) <= high:
        from officers.core.errors import NotationError, excerpt

        raise NotationError(f"cannot read {excerpt(text)}: expected a whole number {low}-{high:,}")
    return int(text)


_DIGITS = re.compile(r"[0-9]{1,19}")
MAX_DEALS = 10**9
"""The most deals ``simulate`` plays (it streams them: memory does not grow with them)."""
MAX_SEED = 2**63 - 1
MAX_TOKENS = 99


# --- officers verify-rules -------------------------------------------------------------------------


def _verify_rules(args: argparse.Namespace) -> ExitCode:
    import json
    import time

    from officers.contract.documents import rules_check_document
    from officers.euler.verify_rules import report, report_json, verify_rules  # lazy: starts fast

    note_jobs(args.jobs)
    start = time.perf_counter()
    progress = False if args.no_progress else None
    claims = verify_rules(args.deals, args.games, args.seed, jobs=args.jobs, progress=progress)
    seconds = time.perf_counter() - start
    if args.json:
        emit(rules_check_document(json.loads(report_json(claims, seconds))))
    else:
        print(report(claims, seconds))
    return ExitCode.NO if any(claim.fails_run for claim in claims) else ExitCode.OK


# --- officers simulate ------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace) -> ExitCode:
    if args.game is not None or args.bots is not None:
        return _simulate_game(args)
    return own_simulation(args)


def own_simulation(args: argparse.Namespace) -> ExitCode:
    """Euler's Officers' own simulation (a team of one bot, the take-backs a game and the
    reasons of the losses): every combination of ``--bot``, ``--level``, ``--players`` and
    ``--tokens`` one row, all with the same deals."""
    # lazy: the CLI starts fast
    import json

    from officers.contract.documents import simulation_document
    from officers.euler.bots import get_bot
    from officers.euler.levels import LEVELS, Level, Variant
    from officers.euler.simulate import Task, results_json, results_table, run_tasks

    bots = _list(args.bot or "designers", lambda name: get_bot(name).name)
    levels = _list(args.level or "normal", Level.get, LEVELS)
    players = _list(args.players or "2", lambda text: _whole(text, 1, 4), (1, 2, 3, 4))
    tokens: list[int | None] = (
        [None] if args.tokens is None else _list(args.tokens, lambda t: _whole(t, 0, MAX_TOKENS))
    )
    variant = Variant(open_hands=False, coins=False, ozanam=args.ozanam)
    tasks = [
        Task.make(bot, level, count, token, variant)
        for bot in bots
        for level in levels
        for count in players
        for token in tokens
    ]
    progress = False if args.no_progress else None
    note_jobs(args.jobs)
    results = run_tasks(tasks, args.deals, args.seed, jobs=args.jobs, progress=progress)
    if args.json:
        emit(simulation_document(json.loads(results_json(results))))
    else:
        print(results_table(results, markdown=args.markdown))
    return ExitCode.OK


def _simulate_game(args: argparse.Namespace) -> ExitCode:
    """``officers simulate --game G --bots A,B``: any game, by the runner of every game."""
    game = args.game or "officers"
    if args.bot is not None:
        raise UsageError("officers simulate: --bots names the bots with --game (not --bot)")
    return run_simulation(game, args, generic_options(args, game, "officers simulate"))


def generic_options(args: argparse.Namespace, game: str, prog: str) -> dict[str, object]:
    """The options of a deal of Euler's Officers that the runner of every game takes
    (``--level``, ``--players``: one each), refusing the options of its own simulation."""
    from officers.euler.levels import Level

    if args.tokens is not None or args.ozanam:
        without = "--game and --bots" if prog == "officers simulate" else "--bots"
        raise UsageError(
            f"{prog}: --tokens and --ozanam belong to Euler's Officers' own simulation "
            f"(without {without})"
        )
    options: dict[str, object] = {}
    if args.level is not None or args.players is not None:
        if game != "officers":
            raise UsageError(f"{prog}: --level and --players are Euler's Officers'")
        if args.level is not None:
            options["level"] = Level.get(args.level).name
        if args.players is not None:
            options["players"] = _whole(args.players, 1, 4)
    return options


# --- officers deal / state / play -------------------------------------------------------------------


def _new_game(args: argparse.Namespace, *, coins: bool = False) -> GameState:
    """The game the options of :func:`add_game_options` ask for."""
    from officers.euler.game import new_game
    from officers.euler.levels import Variant

    return new_game(
        args.level,
        args.players,
        args.seed,
        tokens=args.tokens,
        variant=Variant(open_hands=args.open, coins=coins, ozanam=args.ozanam),
    )


def _deal(args: argparse.Namespace) -> ExitCode:
    game = _new_game(args, coins=args.coins)
    if args.json:
        from officers.contract.documents import game_document

        emit(game_document(game))
    else:
        print(game.notation())
    return ExitCode.OK


def _state(args: argparse.Namespace) -> ExitCode:
    from officers.core.errors import NotationError
    from officers.euler.game import GameState, player_name
    from officers.euler.record import GameRecord

    text = args.game.strip()
    game = GameRecord.parse(text).replay() if text.startswith("[") else GameState.parse(text)
    for move_text in args.moves:
        game.push(game.parse_move(move_text))
    viewer = None if args.viewer is None else args.viewer - 1
    if viewer is not None and not 0 <= viewer < game.players:
        raise NotationError(f"there is no player {args.viewer} in a game of {game.players}")
    outcome = game.outcome()
    if args.json:
        from officers.contract.documents import game_document, view_document

        emit(game_document(game) if viewer is None else view_document(game, viewer))
    elif args.record:
        print(GameRecord.from_game(game))
    else:
        if viewer is None:
            print(game)
        else:
            print(game.square.picture())
            print(f"{player_name(viewer)}: " + " ".join(str(card) for card in game.hand(viewer)))
        print()
        print(game.notation(viewer))
        if outcome is None and (viewer is None or viewer == game.turn):
            moves = [move.notation() for move in game.legal_moves()]
            print(f"legal moves of {player_name(game.turn)}: " + (" ".join(moves) or "none"))
    return ExitCode.NO if outcome is not None and not outcome.won else ExitCode.OK


def _play(args: argparse.Namespace) -> ExitCode:
    return play_game(_new_game(args), args)


def play_game(game: GameState, args: argparse.Namespace) -> ExitCode:
    """Play ``game`` with bots (``--bot``), you at seat ``--human`` (if given), and print its
    final square and its record (``officers play``, ``officers euler play``)."""
    import random

    from officers.core.errors import NotationError
    from officers.euler.bots import get_bot
    from officers.euler.record import GameRecord

    seat = None if args.human is None else args.human - 1
    if seat is not None and not 0 <= seat < game.players:
        raise NotationError(f"there is no seat {args.human} in a game of {game.players}")
    bot = get_bot(args.bot)
    rng = random.Random(game.seed)
    out: TextIO = sys.stdout
    words = _words(args.lang)
    while game.outcome() is None:
        if game.turn == seat:
            if not _human_turn(game, out, args.lang):
                break
            continue
        move = bot.choose(game.view(), rng)
        if seat is not None:
            print(f"{words.player(game.turn)} ({bot.name}): {words.move_text(move)}", file=out)
        game.push(move)
    outcome = game.outcome()
    print(final_text(game, args.lang), file=out)  # the square, the outcome, the hands left
    print(file=out)
    print(GameRecord.from_game(game), file=out)
    return ExitCode.OK if outcome is not None and outcome.won else ExitCode.NO


class _Words(Protocol):
    """The words of the terminal game in one language (officers/euler/words/en.py, de.py)."""

    NO_CARDS: str
    OPEN_HANDS: str
    LOCKED: str

    def player(self, index: int) -> str: ...
    def level_name(self, name: str) -> str: ...
    def tokens_left(self, count: int) -> str: ...
    def turn_number(self, number: int) -> str: ...
    def to_move(self, index: int) -> str: ...
    def outcome(self, fact: Outcome) -> str: ...
    def you(self, index: int) -> str: ...
    def partner_holds(self, index: int) -> str: ...
    def others_hold(self, counts: Sequence[tuple[int, int]]) -> tuple[str, str]: ...
    def coin_on(self, cell_text: str) -> str: ...
    def prompt(self, index: int) -> str: ...
    def move_text(self, move: Move) -> str: ...


def _words(lang: str) -> _Words:
    from officers.euler.words import speaker

    return cast("_Words", speaker(lang))


def _info(game: GameState, tokens: int, lang: str) -> str:
    """The line under the square: the level, the tokens left, the turn, who moves or how the
    game ended."""
    words = _words(lang)
    outcome = game.outcome()
    info = [words.level_name(game.level.name) + (words.OPEN_HANDS if game.open_hands else "")]
    info.append(words.tokens_left(tokens))
    info.append(words.turn_number(game.number))
    info.append(words.outcome(outcome) if outcome is not None else words.to_move(game.turn))
    return " · ".join(info)


def final_text(game: GameState, lang: str = "en") -> str:
    """The whole game as text in ``lang`` (``str(game)`` in English): the square, the level,
    the tokens, the turn, the outcome, every hand and the locked cells.

    >>> from officers.euler.game import new_game
    >>> game = new_game("normal", 2, seed=4)
    >>> final_text(game) == str(game)
    True
    >>> print(final_text(game, "de").splitlines()[4])
    normal · 1 Rücknahme-Münze übrig · Zug 1 · Spieler 1 ist am Zug
    """
    from officers.euler.square import cell_name

    words = _words(lang)
    lines = [game.square.picture(), _info(game, game.tokens, lang)]
    for player in range(game.players):
        shown = _cards(game.hand(player)) or words.NO_CARDS
        coin = None if game.coins is None else game.coins[player]
        lines.append(
            f"{words.player(player)}: {shown}"
            + ("" if coin is None else words.coin_on(cell_name(coin)))
        )
    if game.locked:
        lines.append(f"{words.LOCKED}: " + ", ".join(cell_name(c) for c in sorted(game.locked)))
    return "\n".join(lines)


def seat_text(game: GameState, seat: int, lang: str = "en") -> str:
    """What the player at ``seat`` may see, as text in ``lang``: the square, the level, the
    tokens, the own hand, and what the rules let the seat know of the others' cards (with 2
    players the partner's hand, the cards in neither the square nor the own hand; with 3-4 only
    the others' cards together and how many each holds), unless the hands are open; then the
    game notation as this seat sees it. Built from :meth:`~officers.euler.game.GameState.view` and
    :meth:`~officers.euler.game.GameState.notation` with a viewer, never from the whole state.

    >>> from officers.euler.game import new_game
    >>> game = new_game("normal", 3, seed=4)
    >>> print(seat_text(game, 0))
    ·· ·· ·· ··
    ·· ·· ·· ··
    ·· ·· ·· ··
    ·· ·· ·· ··
    normal · 1 token left · turn 1 · player 1 to move
    you (player 1): A♦ A♣ Q♥ Q♦ Q♣ J♦
    the others hold together: A♠ A♥ K♠ K♥ K♦ K♣ Q♠ J♠ J♥ J♣ (player 2: 5 cards, player 3: 5 cards)
    4/4/4/4 normal 1 1 ADACQHQDQCJD/?5/?5 - - 1
    """
    from officers.euler.square import cell_name

    words = _words(lang)
    view = game.view(seat)
    others = [player for player in range(game.players) if player != seat]
    lines = [view.square.picture(), _info(game, view.tokens, lang)]
    lines.append(f"{words.you(seat)}: " + (_cards(view.hand) or words.NO_CARDS))
    if game.open_hands:
        lines.extend(
            f"{words.player(player)}: " + (_cards(game.hand(player)) or words.NO_CARDS)
            for player in others
        )
    elif len(others) == 1:
        partner = _cards(view.others) or words.NO_CARDS
        lines.append(f"{words.partner_holds(others[0])}: {partner}")
    elif others:
        lead, counts = words.others_hold([(p, len(game.hand(p))) for p in others])
        lines.append(f"{lead}: {_cards(view.others)} {counts}")
    if view.locked:
        lines.append(f"{words.LOCKED}: " + ", ".join(cell_name(cell) for cell in view.locked))
    lines.append(game.notation(seat))
    return "\n".join(lines)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _human_turn(game: GameState, out: TextIO, lang: str = "en") -> bool:
    """Read and play one move of the human; False on end of input or 'quit'. The human sees
    only what the seat may know (:func:`seat_text`)."""
    from officers.core.errors import IllegalPlacementError, NotationError
    from officers.euler.hints import hint
    from officers.euler.moves import Refusal

    words = _words(lang)
    seat = game.turn
    print(file=out)
    print(seat_text(game, seat, lang), file=out)
    while True:
        print(words.prompt(seat), end="", file=out)
        out.flush()
        line = sys.stdin.readline()
        if not line:
            return False
        text = line.strip()
        if text in ("quit", "q"):
            return False
        if text == "moves":
            print(" ".join(move.notation() for move in game.legal_moves()), file=out)
            continue
        if text == "hint":
            print(hint(game.view(seat)).recommendation.text(lang), file=out)
            continue
        try:
            game.push(game.parse_move(text))
            return True
        except NotationError:
            print(Refusal("unreadable", written=text).text(lang), file=out)
        except IllegalPlacementError as error:
            refused = error.refusal
            print(error if refused is None else refused.text(lang), file=out)


# --- wiring ----------------------------------------------------------------------------------------


def add_game_options(
    parser: argparse.ArgumentParser, *, seed: bool = True, given: bool = False
) -> None:
    """The options of a new game: ``--level``, ``--players``, ``--seed`` (unless not
    ``seed``), ``--tokens``, ``--open`` and ``--ozanam``; with ``given``, ``--level`` and
    ``--players`` default to ``None`` (not given: :func:`game_options` fills them in)."""
    parser.add_argument(
        "--level",
        default=None if given else "normal",
        help="easy, normal, hard or expert (default normal)",
    )
    parser.add_argument(
        "--players",
        type=number(1, 4),
        default=None if given else 2,
        help="1-4 (1 is Solo; default 2)",
    )
    if seed:
        parser.add_argument(
            "--seed", type=number(0, MAX_SEED), help="the deal's seed (default: a fresh one)"
        )
    parser.add_argument(
        "--tokens", type=number(0, MAX_TOKENS), help="take-back tokens (default: the level's)"
    )
    parser.add_argument("--open", action="store_true", help="variant: open hands")
    parser.add_argument("--ozanam", action="store_true", help="variant: Ozanam's riddle start")


def game_options(args: argparse.Namespace) -> list[str]:
    """The options of :func:`add_game_options` (with ``given``) that were given, by name;
    then those not given set to their defaults."""
    named = {
        "--level": args.level is not None,
        "--players": args.players is not None,
        "--tokens": args.tokens is not None,
        "--open": args.open,
        "--ozanam": args.ozanam,
        "--coins": getattr(args, "coins", False),
    }
    if args.level is None:
        args.level = "normal"
    if args.players is None:
        args.players = 2
    return [name for name, given in named.items() if given]


def new_game_of(args: argparse.Namespace, seed: int) -> GameState:
    """The new game of seed (deal number) ``seed`` that the options of
    :func:`add_game_options` ask for (``--coins`` too, where the command has it)."""
    args.seed = seed
    return _new_game(args, coins=getattr(args, "coins", False))


def add_commands(commands: Commands) -> None:
    """Add ``verify-rules``, ``simulate``, ``deal``, ``state`` and ``play`` to the sub-parsers
    object of the ``officers`` command line."""
    add_verify_rules(commands)
    _add_simulate(commands)
    _add_deal_state_play(commands)


def add_verify_rules(commands: Commands) -> None:
    """Add ``verify-rules`` (to ``officers``, or to its group ``euler``)."""
    verify = commands.add_parser(
        "verify-rules",
        help="check every factual claim and figure of the rules, in a few seconds",
        description="Print each factual claim of the rules of Euler's Officers with what officers "
        "computes, and whether it holds; each win rate the rules publish with officers' rate, its "
        "95 % interval and whether the two agree within what both samples allow. Exit status 1 "
        "when a claim does not hold (a known gap explained beside it does not count); 2 for "
        "arguments that cannot be used.",
    )
    verify.add_argument(
        "--deals",
        type=number(1, 10**6),
        default=DEFAULT_DEALS,
        help="games per bot, level and player count (default %(default)s; the rules' figures "
        "rest on 2500)",
    )
    verify.add_argument(
        "--games",
        type=number(1, 10**6),
        default=DEFAULT_GAMES,
        help="random games per rule set (default %(default)s)",
    )
    verify.add_argument("--seed", type=number(0, MAX_SEED), default=1, help="default 1")
    verify.add_argument(
        "--jobs", type=number(1, MAX_JOBS), help="processes (default and most: every CPU)"
    )
    add_json(verify)
    verify.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bar (by default one counts the games played on standard error when "
        "it is a terminal)",
    )
    verify.set_defaults(run=_verify_rules)


def _add_simulate(commands: Commands) -> None:
    simulate = commands.add_parser(
        "simulate",
        help="play many games of bots, of any game: win rates with their intervals",
        description="Play many deals with bots and print the win rates with their 95 % "
        "confidence intervals. With --game GAME (officers, eightoff, skat) and --bots A,B "
        "(one bot for every seat, or one a seat): every game alike, each deal played once for "
        "each rotation of the bots round the table (two players: the seats swapped), the wins "
        "of each bot and each seat. Without them, Euler's Officers' own simulation: a team of "
        "one bot, the take-backs a game and the reasons of the losses; --bot, --level, "
        "--players and --tokens take lists separated by ',' (and --level all), every "
        "combination one row, all with the same deals. The numbers depend on --seed only, "
        "never on --jobs (except for a bot that searches against the clock, as "
        "Offiziersskat's montecarlo and exact do). Each game's group has the same verb: "
        "'officers GAME simulate' (of 100 deals of seed 0 by default).",
    )
    simulate.add_argument(
        "--game", help="the game: officers, eightoff or skat (the runner of every game)"
    )
    simulate.add_argument(
        "--bots",
        metavar="A,B",
        help="the game's bots, one for every seat or one a seat (default: the game's first; "
        "officers: designers, neighbour, exact, hinted, random; eightoff: random, greedy, "
        "solver; skat: random, greedy, montecarlo, exact, expectimax)",
    )
    simulate.add_argument(
        "--keep-seats",
        action="store_true",
        help="with --bots: each deal once, the bots in the seats as listed",
    )
    simulate.add_argument(
        "--max-moves",
        type=number(1, 10**6),
        default=1000,
        metavar="N",
        help="with --game: stop a game after N moves, counted unfinished (default %(default)s)",
    )
    simulate.add_argument(
        "--bot", help="Euler's Officers: designers, neighbour, exact, hinted or random"
    )
    simulate.add_argument("--level", help="easy, normal, hard, expert or all (default normal)")
    simulate.add_argument("--players", help="1-4, or a list such as 2,3,4 (default 2)")
    simulate.add_argument("--tokens", help="take-back tokens (default: the level's), or a list")
    simulate.add_argument(
        "--deals", type=number(1, MAX_DEALS), default=1000, help="default 1000, at most 10^9"
    )
    simulate.add_argument("--seed", type=number(0, MAX_SEED), default=1, help="default 1")
    simulate.add_argument(
        "--jobs", type=number(1, MAX_JOBS), help="processes (default and most: every CPU)"
    )
    simulate.add_argument("--ozanam", action="store_true", help="start from Ozanam's riddle")
    add_json(simulate)
    simulate.add_argument("--markdown", action="store_true", help="a Markdown table")
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar")
    simulate.set_defaults(run=_simulate)


def add_state(commands: Commands) -> None:
    """Add ``state``: a game state shown, after some moves."""
    state = commands.add_parser(
        "state",
        help="show a game state (game notation or record), optionally after some moves",
        description="Read a game in the game notation (or a game record), play the given moves "
        "(move notation: AS@r1c1, xr1c1, concede, timeout) and show the result: the square, "
        "the hands, whose turn it is and the legal moves. Exit status 1 when the game is lost.",
    )
    state.add_argument("game", metavar="GAME", help="a game notation or a game record")
    state.add_argument("moves", metavar="MOVE", nargs="*", help="moves to play first")
    state.add_argument("--viewer", type=number(1, 4), help="show only what player N may know")
    state.add_argument("--record", action="store_true", help="print the game record")
    add_json(state)
    state.set_defaults(run=_state)


def _add_deal_state_play(commands: Commands) -> None:
    deal = commands.add_parser(
        "deal",
        help="deal a new game and print its game notation",
        description="Deal a new game from a seed and print its one-line game notation "
        "(see docs/game.md).",
    )
    add_game_options(deal)
    deal.add_argument("--coins", action="store_true", help="variant: keep-free coins")
    add_json(deal)
    deal.set_defaults(run=_deal)

    add_state(commands)

    play = commands.add_parser(
        "play",
        help="play a game with bots (or watch them) and print its final square and record",
        description="Play a game: with --human N you play seat N (type moves such as AS@r1c1, "
        "'hint', 'moves', 'concede' or 'quit'), and bots play the other seats; without it the "
        "bots play every seat. Prints the final square (with the outcome and the cards left in "
        "the hands) and the game record. Exit status 1 when the game is lost.",
    )
    add_game_options(play)
    play.add_argument("--bot", default="designers", help="the bots' kind (default designers)")
    play.add_argument("--human", type=number(1, 4), help="your seat, 1-4 (default: bots only)")
    play.add_argument(
        "--lang", choices=("en", "de"), default="en", help="the language of the text (en, de)"
    )
    play.set_defaults(run=_play)
