"""Every game's verbs, one shape for every game of the registry (:data:`officers.games.GAMES`),
built here and nowhere else::

    officers GAME deal [N | --deal N | --seed N] [--json]
    officers GAME solve POSITION|--deal N [--moves MOVES] [--time-limit S] [--json]
    officers GAME hint POSITION|--deal N [--moves MOVES] [--player P] [--lang L]
                       [--time-limit S] [--json]
    officers GAME play [--deal N] [--lang L] ...
    officers GAME simulate [--bots A,B] [--deals N] [--seed S] [--jobs J] [--keep-seats]
                           [--max-moves N] [--markdown] [--no-progress] [--json]

``GAME`` is ``euler`` (Euler's Officers; its registry name ``officers`` is the same group),
``eightoff`` or ``skat``. A ``POSITION`` is what the game's ``deal`` prints, its notation or
its JSON (``deal --json``), given as it is, as a file (``FILE`` or ``@FILE``) or as ``-``
(standard input); ``--deal N`` is numbered deal N instead, the same position as
:meth:`officers.games.Registered.deal` ``(N)`` (with the game's own deal options, such as Eight
Off's ``--variant``); ``--moves`` are played from it first. ``deal`` without a number deals a
fresh one at random. ``solve`` knows every card (Offiziersskat's double dummy, every hand of
Euler's Officers); ``hint`` reads only what the player may know, within ``--time-limit``
(:class:`officers.core.budget.Budget`). ``simulate`` plays bots on numbered deals with the runner
of every game (:func:`officers.games.simulate.simulate`, the ``play-simulation`` document); a
game with a simulation of its own (Euler's Officers, Offiziersskat) runs that one when no
``--bots`` are named, as in 0.3. Its defaults are every group's: 100 deals of seed 0.

Each game says what is its own through its :class:`GameCommands` (registered as
:attr:`officers.games.Registered.cli`): the options of its deals and positions, its
documents, its verbs beyond the five (Eight Off's ``census``, Euler's Officers' ``state``,
``count``, ``complete`` ...) and aliases (Offiziersskat's ``tip`` is its ``hint``). A game
registered without one still has the five verbs, from its state alone
(:class:`~officers.games.State`): ``deal`` prints its notation (``--json``: the ``play-state``
document of ``play/new``), ``play`` plays it in the terminal against its bots, ``simulate``
runs its bots; ``solve`` and ``hint`` say in one line that the game has none.

Exit status, every game alike: 0 for an answer, a position that can be won or a game won; 1
when it cannot be won or was lost; 3 when the search ran out of time first (the answer is
unknown); 2 for input that cannot be used, with one line on standard error.

Nothing of a game is imported to build its commands: the game's module is loaded when a verb
runs.

>>> from officers.cli import main
>>> main(["eightoff", "deal", "--seed", "1", "--variant", "freecell"])  # doctest: +ELLIPSIS
Foundations: H-0 C-0 D-0 S-0
Freecells:
...
freecell ...
<ExitCode.OK: 0>
>>> main(["euler", "hint", "--deal", "1", "--player", "3"])  # one line on standard error
<ExitCode.BAD_INPUT: 2>
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from officers.cli.common import (
    Commands,
    ExitCode,
    Parser,
    UsageError,
    add_json,
    argument_text,
    emit,
    number,
)

if TYPE_CHECKING:
    from officers.games import Registered

__all__ = [
    "MAX_JOBS",
    "SIMULATE_DEALS",
    "VERBS",
    "GameCommands",
    "add_commands",
    "add_game",
    "commands_of",
    "fresh_deal",
    "note_jobs",
    "play_state",
    "run_simulation",
    "seconds_or_none",
]

VERBS: Final = ("deal", "solve", "hint", "play", "simulate")
"""The verbs every game answers, in the order its help lists them."""

SIMULATE_DEALS: Final = 100
"""The deals of ``officers GAME simulate`` by default (of seed 0), every game alike."""

MAX_JOBS: Final = 1024
"""The most ``--jobs`` read; more than the CPUs are capped to the CPUs, with a note."""

MAX_INPUT: Final = 20_000
"""The longest position a game without commands of its own reads."""


def seconds_or_none(text: str) -> float | None:
    """An argparse type: a time limit, seconds > 0 in ASCII digits (``2``, ``0.5``), or
    ``none`` for no limit.

    >>> seconds_or_none("0.5"), seconds_or_none("None")
    (0.5, None)
    >>> seconds_or_none("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected seconds > 0 such as 2 or 0.5 (or none), got 'nan'
    """
    from officers.cli.common import seconds

    if text.strip().casefold() == "none":
        return None
    try:
        return seconds(text)
    except argparse.ArgumentTypeError:
        from officers.core.errors import excerpt

        raise argparse.ArgumentTypeError(
            f"expected seconds > 0 such as 2 or 0.5 (or none), got {excerpt(text)}"
        ) from None


def note_jobs(jobs: int | None) -> None:
    """One line on standard error when ``--jobs`` asks for more processes than CPUs."""
    from officers.core.lifetime import cpus

    if jobs is not None and jobs > cpus():
        print(
            f"officers: note: --jobs {jobs} is more than the {cpus()} CPUs; using {cpus()}",
            file=sys.stderr,
        )


def bot_names(text: str) -> list[str]:
    """The bots of ``--bots``: names separated by ',' (one for every seat, or one a seat).

    >>> bot_names("greedy, random")
    ['greedy', 'random']
    >>> bot_names(" , ")
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read --bots ' , ': expected one bot or several separated by ','
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        from officers.core.errors import NotationError, excerpt

        raise NotationError(
            f"cannot read --bots {excerpt(text)}: expected one bot or several separated by ','"
        )
    return names


def run_simulation(
    game: str,
    args: argparse.Namespace,
    options: dict[str, object] | None = None,
    bots: list[str] | None = None,
) -> ExitCode:
    """Run the simulation of every game (:func:`officers.games.simulate.simulate`) for the
    arguments of a ``simulate`` command and print its table (``--markdown``: in Markdown) or its
    ``play-simulation`` document (``--json``); ``bots`` by default those of ``--bots``, else the
    game's first bot."""
    from officers.games.simulate import MAX_MOVES, results_table, simulate, simulation_document

    if bots is None:
        bots = bot_names(args.bots) if args.bots is not None else [_first_bot(game)]
    note_jobs(args.jobs)
    result = simulate(
        game,
        bots,
        args.deals,
        args.seed,
        options=options,
        rotate=not args.keep_seats,
        max_moves=MAX_MOVES if args.max_moves is None else args.max_moves,
        jobs=args.jobs,
        progress=False if args.no_progress else None,
    )
    if args.json:
        emit(simulation_document(result))
    else:
        print(results_table([result], markdown=args.markdown))
    return ExitCode.OK


def _first_bot(game: str) -> str:
    """The first of a game's bots (the default of ``--bots``)."""
    from officers.games.simulate import bots

    return next(iter(bots(game)))


# --- a game's commands ---------------------------------------------------------------------


class GameCommands:
    """The command line of one game: its group, and what is its own in the five verbs.

    The builder (:func:`add_game`) gives every verb its shape (the options of
    :data:`VERBS`' forms, the checks they share); a game's class adds its own options
    (:meth:`add_options`), its verbs beyond the five (:meth:`add_more`), and answers each verb
    (the methods named as the verbs, each given the parsed arguments). This base answers them
    from the game's state alone (:class:`~officers.games.State`), so that a game registered
    without commands of its own has them too.

    ``name``: the game's registry name; ``group``: the command's name (default ``name``; the
    registry name is an alias of it when it differs); ``deals``: the lowest and highest deal
    number read; ``position``: the name of a position in the help and messages;
    ``time_limit``: the seconds of ``solve`` and ``hint`` by default; ``langs``: the
    languages of ``--lang`` (``hint_langs``: of ``hint``'s); ``bots``: the names of its bots
    for the help (:func:`officers.games.simulate.bots`, written here so that the help loads no
    game); ``title`` and ``players``: the game's title and the numbers of players it takes
    (:attr:`officers.games.Registered.title`, :attr:`officers.games.GameInfo.players`), written
    here so that building the parser loads neither the game nor the registry (empty, ``None``:
    the registry's are read).
    """

    group: str = ""
    aliases: tuple[str, ...] = ()
    deals: tuple[int, int] = (1, 2**63 - 1)
    position: str = "POSITION"
    position_help: str = (
        "a position in the game's notation, given as it is, as a file (FILE or @FILE; an "
        "existing file wins) or as - (standard input)"
    )
    time_limit: float | None = 10.0
    langs: tuple[str, ...] = ("en", "de")
    hint_langs: tuple[str, ...] = ("en", "de")
    bots: tuple[str, ...] = ()
    title: str = ""
    players: range | None = None

    def __init__(self, name: str) -> None:
        self.name = name
        if not self.group:
            self.group = name

    @property
    def game(self) -> Registered:
        """The game's entry of the registry."""
        from officers.games import GAMES

        return GAMES[self.name]

    def game_title(self) -> str:
        """The game's title: :attr:`title`, else the registry's."""
        return self.title or self.game.title

    def seats(self) -> range:
        """The numbers of players the game takes: :attr:`players`, else the registry's (1 to 4
        when it does not say)."""
        if self.players is not None:
            return self.players
        info = self.game.info
        return info.players if info is not None else range(1, 5)

    @property
    def prog(self) -> str:
        """``officers GROUP``, as messages begin."""
        return f"officers {self.group}"

    # --- the parser --------------------------------------------------------------------------

    def summary(self) -> tuple[str, str]:
        """The group's help line and description."""
        title = self.game_title()
        return (
            f"{title}: deal, solve, hint, play, simulate",
            f"{title}: numbered deals, the solver, hints, play in the terminal and the "
            "simulation of its bots.",
        )

    def describe(self, verb: str) -> tuple[str, str]:
        """A verb's help line and description (the game's words where it has them)."""
        title = self.game_title()
        return _DESCRIPTIONS[verb](title)

    def verb_aliases(self, verb: str) -> tuple[str, ...]:
        """Other names of ``verb`` (Offiziersskat's ``hint`` is also ``tip``)."""
        return ()

    def add_options(self, verb: str, parser: argparse.ArgumentParser) -> None:
        """Add the game's own options of ``verb`` (after the options every game has); this
        base's: the seat and the bot of ``play`` (:func:`play_state`), the language of
        ``deal --json``."""
        if verb == "play":
            parser.add_argument(
                "--seat",
                type=number(1, self.seats()[-1]),
                metavar="P",
                help="your seat (default 1)",
            )
            parser.add_argument("--bot", help="the bot of the other seats (default: the first)")
        elif verb == "deal":
            _add_lang(parser, self.langs)

    def add_more(self, actions: Commands) -> None:
        """Add the game's verbs beyond the five."""

    # --- reading -----------------------------------------------------------------------------

    def dealt(self, number: int, args: argparse.Namespace) -> Any:
        """Numbered deal ``number`` with the game's deal options of ``args``."""
        return self.game.deal(number)

    def read(self, text: str, args: argparse.Namespace) -> Any:
        """The position a text gives."""
        return self.game.parse(text.strip())

    def state(self, args: argparse.Namespace) -> Any:
        """The state of a verb's ``POSITION`` or ``--deal N``, with ``--moves`` played."""
        if args.deal is not None:
            state = self.dealt(args.deal, args)
        else:
            state = self.read(
                argument_text(args.position, MAX_INPUT, "a position", files=True), args
            )
        for word in getattr(args, "moves", "").split():
            state.push(word)
        return state

    # --- the verbs ---------------------------------------------------------------------------

    def deal(self, args: argparse.Namespace) -> ExitCode:
        """Print deal ``args.number``: its notation, or its ``play-state`` document."""
        state = self.dealt(args.number, args)
        if args.json:
            from officers.contract.states import state_document

            emit(state_document(self.game, state, args.lang))
        else:
            print(state.notation())
        return ExitCode.OK

    def solve(self, args: argparse.Namespace) -> ExitCode:
        """No solver: one line, status 2."""
        from officers.core.errors import UnsupportedError

        raise UnsupportedError(f"{self.game.title} has no solver on the command line")

    def hint(self, args: argparse.Namespace) -> ExitCode:
        """No aid: one line, status 2."""
        from officers.core.errors import UnsupportedError

        raise UnsupportedError(f"{self.game.title} has no hint on the command line")

    def play(self, args: argparse.Namespace) -> ExitCode:
        """Play in the terminal (:func:`play_state`)."""
        number = args.deal if args.deal is not None else fresh_deal(self.deals)
        return play_state(self.name, self.dealt(number, args), args, number)

    def simulate(self, args: argparse.Namespace) -> ExitCode:
        """The simulation of every game (:func:`run_simulation`)."""
        return run_simulation(self.name, args, self.simulation_options(args))

    def simulation_options(self, args: argparse.Namespace) -> dict[str, object]:
        """The game's options of a deal that ``simulate`` plays (its own deal options)."""
        return {}


def fresh_deal(deals: tuple[int, int]) -> int:
    """A deal number drawn at random from the system's randomness."""
    import secrets

    low, high = deals
    return low + secrets.randbelow(high - low + 1)


def play_state(game: str, state: Any, args: argparse.Namespace, number: int) -> ExitCode:
    """Play ``state`` in the terminal: you hold seat ``--seat`` (1 by default), the game's bot
    (``--bot``, else its first) the others. Type a move in the game's notation, ``moves`` or
    ``quit``. Prints the state's notation after each move, then the outcome. Exit status 0 when
    your seat won, 1 otherwise."""
    import random

    from officers.core.errors import OfficersError
    from officers.games.simulate import get_bot

    seat = (args.seat or 1) - 1
    if not 0 <= seat < state.players:
        raise UsageError(f"officers {game} play: there is no seat {seat + 1} in this game")
    bot = get_bot(game, args.bot or _first_bot(game))
    view = _bot_view(game)
    rng = random.Random(number)
    print(state.notation())
    while not state.is_over():
        player = state.current_player
        if player != seat:
            state.push(bot.choose(state.view(player) if view is None else view(state, player), rng))
            print(state.notation())
            continue
        line = sys.stdin.readline() if sys.stdin is not None else ""
        word = line.strip()
        if not line or word in ("quit", "q"):
            break
        if word == "moves":
            print(" ".join(move.notation() for move in state.legal_moves()))
        elif word:
            try:
                state.push(word)
                print(state.notation())
            except OfficersError as error:
                print(error)
    outcome = state.outcome()
    if outcome is not None:
        text = getattr(outcome, "text", None)
        print(text(args.lang) if callable(text) else outcome)
    return ExitCode.OK if state.returns()[seat] >= 1.0 else ExitCode.NO


def _bot_view(game: str) -> Callable[[Any, int], Any] | None:
    """What the game gives its bots of a state (:class:`officers.core.simulation.BotTable`)."""
    import importlib

    from officers.games import GAMES

    where = GAMES[game].bots
    if where is None:
        return None
    module, name = where.split(":")
    view: Callable[[Any, int], Any] | None = getattr(importlib.import_module(module), name).view
    return view


def _describe_deal(title: str) -> tuple[str, str]:
    return (
        "print a numbered deal (without a number, a fresh one)",
        f"Print numbered deal N of {title} (N, --deal N or --seed N: the same), the same on "
        "every machine, or without a number a fresh deal at random.",
    )


def _describe_solve(title: str) -> tuple[str, str]:
    return (
        "solve a position, every card known",
        f"Solve a position of {title} with every card known: whether it can be won, and a "
        "line of play. Exit status 0 when it can, 1 when not, 3 when the search ran out of "
        "time first.",
    )


def _describe_hint(title: str) -> tuple[str, str]:
    return (
        "the hint of the player to move, from what that player may know",
        f"The hint of a player of {title} (--player, default the player to move), from what "
        "that player may know alone, within the time limit.",
    )


def _describe_play(title: str) -> tuple[str, str]:
    return (
        "play in the terminal",
        f"Play {title} in the terminal against its bots: type a move in its notation, "
        "'moves' or 'quit'. Exit status 0 when you win, 1 otherwise.",
    )


def _describe_simulate(title: str) -> tuple[str, str]:
    return (
        "play many deals of bots: win rates with their 95 %% intervals",
        f"Play numbered deals of {title} with bots (--bots A,B: one for every seat, or one a "
        "seat; default the game's first bot) and print the wins of each bot and each seat "
        "with their 95 % Wilson intervals: the runner of every game, as 'officers simulate "
        "--game' runs it (each deal once for each rotation of the bots round the table). "
        "The numbers depend on --seed only, never on --jobs (except for a bot that searches "
        "against the clock, as Offiziersskat's montecarlo and exact do: it finds less on a "
        "slower or busier machine).",
    )


_DESCRIPTIONS: Final[dict[str, Callable[[str], tuple[str, str]]]] = {
    "deal": _describe_deal,
    "solve": _describe_solve,
    "hint": _describe_hint,
    "play": _describe_play,
    "simulate": _describe_simulate,
}


# --- the builder -----------------------------------------------------------------------------


def commands_of(game: Registered) -> GameCommands:
    """The :class:`GameCommands` of a registered game: its own (:attr:`Registered.cli`,
    imported), else the base's for it."""
    if game.cli is None:
        return GameCommands(game.name)
    import importlib

    module, name = game.cli.split(":")
    found: GameCommands = getattr(importlib.import_module(module), name)
    return found


def add_commands(commands: Commands) -> None:
    """Add every registered game's group to the sub-parsers of ``officers``."""
    from officers.games import GAMES

    for game in GAMES.values():
        add_game(commands, game)


def add_game(
    commands: Commands, game: Registered | str | GameCommands, verb: str | None = None
) -> None:
    """Add one game's group (``officers GAME ...``) with its five verbs and its own: the game
    as the registry has it (its entry or its name), or its :class:`GameCommands` (then the
    registry is not loaded). Given the ``verb`` a command line names (one of the five, or an
    alias of one), the group gets that verb alone: what the command needs, the same parser for
    it (a command pays for each argument added, 0.2 ms a verb).

    >>> from officers.cli.common import Parser
    >>> from officers.cli.eightoff import COMMANDS
    >>> commands = Parser(prog="officers").add_subparsers(dest="command", parser_class=Parser)
    >>> add_game(commands, COMMANDS, verb="solve")
    >>> [command.prog for command in commands.choices["eightoff"].every_command()]
    ['officers eightoff solve']
    """
    if isinstance(game, GameCommands):
        cli = game
    else:
        if isinstance(game, str):
            from officers.games import GAMES

            game = GAMES[game]
        cli = commands_of(game)
    help, description = cli.summary()
    aliases = [*cli.aliases, *([cli.name] if cli.name != cli.group else [])]
    group = commands.add_parser(cli.group, aliases=aliases, help=help, description=description)
    actions = group.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    actions.required = True
    named = [name for name in VERBS if verb == name or verb in cli.verb_aliases(name)]
    for name in named or VERBS:
        help, description = cli.describe(name)
        parser = actions.add_parser(
            name, aliases=list(cli.verb_aliases(name)), help=help, description=description
        )
        _SHAPES[name](parser, cli)
        cli.add_options(name, parser)
        parser.set_defaults(run=_Verb(cli, name))
    if not named:
        cli.add_more(actions)


class _Verb:
    """What runs a verb: the checks every game's verb shares, then the game's answer."""

    def __init__(self, cli: GameCommands, verb: str) -> None:
        self.cli = cli
        self.verb = verb

    def __call__(self, args: argparse.Namespace) -> ExitCode:
        cli, verb = self.cli, self.verb
        if verb == "deal":
            given = [n for n in (args.number, args.deal, args.seed) if n is not None]
            if len(given) > 1:
                raise UsageError(f"{cli.prog} deal: give N, --deal N or --seed N (one of them)")
            args.number = given[0] if given else fresh_deal(cli.deals)
        elif verb in ("solve", "hint") and (args.position is None) == (args.deal is None):
            raise UsageError(
                f"{cli.prog} {args.action}: give a {cli.position} or --deal N (one of them)"
            )
        answer: Callable[[argparse.Namespace], ExitCode] = getattr(cli, verb)
        return answer(args)


def _add_deal(parser: argparse.ArgumentParser, cli: GameCommands) -> None:
    low, high = cli.deals
    parser.add_argument(
        "number", nargs="?", type=number(low, high), metavar="N", help="the deal number"
    )
    parser.add_argument(
        "--deal", type=number(low, high), metavar="N", help="the deal number (the same as N)"
    )
    parser.add_argument(
        "--seed", type=number(low, high), metavar="N", help="the deal number (the same as N)"
    )
    add_json(parser)


def _add_position(parser: argparse.ArgumentParser, cli: GameCommands, *, json: bool) -> None:
    """``POSITION``, ``--deal N``, ``--moves``, ``--time-limit`` and ``--json``."""
    low, high = cli.deals
    parser.add_argument("position", nargs="?", metavar=cli.position, help=cli.position_help)
    parser.add_argument(
        "--deal", type=number(low, high), metavar="N", help="numbered deal N instead"
    )
    parser.add_argument(
        "--moves", default="", metavar="MOVES", help="moves played first, in the game's notation"
    )
    default = "none" if cli.time_limit is None else f"{cli.time_limit:g}"
    parser.add_argument(
        "--time-limit",
        type=seconds_or_none,
        default=cli.time_limit,
        metavar="S",
        help=f"seconds the search takes at most, or none (default {default}); out of time, "
        "the answer says so",
    )
    if json:
        add_json(parser)


def _add_solve(parser: argparse.ArgumentParser, cli: GameCommands) -> None:
    _add_position(parser, cli, json=True)


def _add_hint(parser: argparse.ArgumentParser, cli: GameCommands) -> None:
    _add_position(parser, cli, json=True)
    parser.add_argument(
        "--player",
        type=number(1, cli.seats()[-1]),
        metavar="P",
        help="whose hint, from 1 (default: the player to move)",
    )
    _add_lang(parser, cli.hint_langs)


def _add_lang(parser: argparse.ArgumentParser, langs: tuple[str, ...]) -> None:
    parser.add_argument(
        "--lang",
        choices=langs,
        default="en",
        help=f"the language of the text ({', '.join(langs)})",
    )


def _add_play(parser: argparse.ArgumentParser, cli: GameCommands) -> None:
    low, high = cli.deals
    parser.add_argument(
        "--deal", type=number(low, high), metavar="N", help="numbered deal N (else a fresh one)"
    )
    _add_lang(parser, cli.langs)


def _add_simulate(parser: argparse.ArgumentParser, cli: GameCommands) -> None:
    named = f": {', '.join(cli.bots)}" if cli.bots else ""
    parser.add_argument(
        "--bots",
        metavar="A,B",
        help=f"the game's bots, one for every seat or one a seat (default: its first){named}",
    )
    parser.add_argument(
        "--deals",
        type=number(1, 10**9),
        default=SIMULATE_DEALS,
        metavar="N",
        help=f"deals 0 .. N-1 of the seed (default {SIMULATE_DEALS})",
    )
    parser.add_argument(
        "--seed", type=number(0, 2**63 - 1), default=0, metavar="S", help="default 0"
    )
    parser.add_argument(
        "--jobs",
        type=number(1, MAX_JOBS),
        metavar="J",
        help="processes (default and most: every CPU)",
    )
    parser.add_argument(
        "--keep-seats",
        action="store_true",
        help="with --bots: each deal once, the bots in the seats as listed",
    )
    parser.add_argument(
        "--max-moves",
        type=number(1, 10**6),
        metavar="N",
        help="stop a game after N moves, counted unfinished (default 1000)",
    )
    add_json(parser)
    parser.add_argument("--markdown", action="store_true", help="a Markdown table")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


_SHAPES: Final[dict[str, Callable[[argparse.ArgumentParser, GameCommands], None]]] = {
    "deal": _add_deal,
    "solve": _add_solve,
    "hint": _add_hint,
    "play": _add_play,
    "simulate": _add_simulate,
}
"""The options of each verb that every game has."""
