"""Bots and many games of them, for every game alike: each game's bots by name, and
:func:`simulate`, one simulation for every registered game.

A game registers its bots (:attr:`officers.games.Registered.bots`, a
:class:`~officers.core.simulation.BotTable`: its :class:`~officers.core.simulation.Bot` makers
by name, and what a bot is given of a state); :func:`bots` and :func:`get_bot` read it. :func:`simulate`
deals numbered deals of the game from the seed (:meth:`officers.games.Registered.deal` of
:func:`~officers.core.simulation.deal_seed` ``(seed, k)``), seats a bot in every seat, lets each
bot choose from its own player's view until the game ends, and counts the returns for each seat
and each bot: wins with Wilson's 95 % interval. With two bots or more at a table, every deal is
played once for each rotation of the bots round the table (two players: the seats swapped), so no
bot gains from its seat and every bot meets the same cards. The games run in this process, in
local worker processes or on any :class:`concurrent.futures.Executor` (a Dask cluster's
``client.get_executor()``), with the same numbers for the same seed whatever runs them
(:func:`officers.core.simulation.play_lineups`).

Each game's own simulation adds its own figures to the same runner:
:func:`officers.euler.simulate.simulate` (take-backs, the reasons of the losses) and
:func:`officers.skat.simulate.simulate_pairs` (Vorhand's points, the games chosen).

>>> result = simulate("skat", ["greedy", "random"], deals=20, seed=1, jobs=1)
>>> result.games, [seat.games for seat in result.seats]  # each deal once from each seat
(40, [40, 40])
>>> result.by_bot["greedy"].wins > result.by_bot["random"].wins
True
>>> simulate("officers", "exact", deals=10, seed=1, jobs=1).by_bot["exact"].wins
10
>>> simulate("eightoff", "solver", deals=10, seed=1, jobs=1).seats[0].wins
10
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from officers.core.errors import NotationError, UnsupportedError, excerpt
from officers.core.simulation import (
    Bot,
    BotTable,
    Lineup,
    Tally,
    Watch,
    WinRate,
    check_deals,
    play_lineups,
    seatings,
)
from officers.games import GAMES, Registered

if TYPE_CHECKING:
    import concurrent.futures

    from officers.core.simulation import Playable

__all__ = [
    "DOCUMENT_VERSION",
    "MAX_MOVES",
    "Bot",
    "Rate",
    "Seating",
    "Simulation",
    "bots",
    "get_bot",
    "results_table",
    "simulate",
    "simulation_document",
]

DOCUMENT_VERSION: Final = 3
"""The version of the ``play-simulation`` document: the contract's third, as the play
operations' documents (:mod:`officers.contract.states`)."""

MAX_MOVES: Final = 1000
"""The moves after which :func:`simulate` stops a game that has not ended, by default: a
patience game's bot may move a card to a cell and back for ever. A game of Euler's Officers
ends within a few dozen moves, one of Offiziersskat after 33."""


def _game(name: str) -> Registered:
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise NotationError(f"no game {excerpt(name)}: expected one of {', '.join(GAMES)}")
    return game


def bots(game: str) -> Mapping[str, Callable[[], Bot]]:
    """The bots of ``game`` (its registry name) by name: each a function that makes the bot.

    >>> list(bots("skat")), list(bots("eightoff"))
    (['random', 'greedy', 'montecarlo', 'exact', 'expectimax'], ['random', 'greedy', 'solver'])
    """
    return MappingProxyType(dict(_table(game).bots))


def _table(game: str) -> BotTable:
    """The game's :class:`~officers.core.simulation.BotTable` (its module imported)."""
    registered = _game(game)
    if registered.bots is None:
        raise UnsupportedError(f"{registered.title} has no bots")
    module, name = registered.bots.split(":")
    table: BotTable = getattr(importlib.import_module(module), name)
    return table


def get_bot(game: str, bot: str | Bot) -> Bot:
    """The bot of ``game`` named ``bot`` (any case); a :class:`~officers.core.simulation.Bot`
    is answered as it is.

    >>> get_bot("officers", "Designers")
    DesignersBot()
    >>> get_bot("eightoff", "designers")
    Traceback (most recent call last):
      ...
    officers.NotationError: no Eight Off bot 'designers': expected one of random, greedy, solver
    """
    if not isinstance(bot, str):
        if isinstance(bot, Bot):
            return bot
        raise NotationError(f"a bot is a name or a Bot, got {excerpt(bot)}")
    table = bots(game)
    make = table.get(bot.strip().lower())
    if make is None:
        title = _game(game).title
        raise NotationError(f"no {title} bot {excerpt(bot)}: expected one of {', '.join(table)}")
    return make()


@dataclass(frozen=True)
class _Deal:
    """Numbered deal N of a registered game with its options (pickles: a name and options)."""

    game: str
    options: tuple[tuple[str, Any], ...] = ()

    def __call__(self, number: int) -> Playable:
        registered = GAMES[self.game]
        if self.options:
            deal: Any = registered.deal
            state: Playable = deal(number, **dict(self.options))
            return state
        return registered.deal(number)


# --- results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate(WinRate):
    """``wins`` of ``games``, with the win rate and its 95 % Wilson interval."""

    wins: int
    games: int

    @property
    def played(self) -> int:
        """The games played (:class:`~officers.core.simulation.WinRate`)."""
        return self.games

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``wins``, ``games``, ``win_rate``, ``confidence_95``."""
        return {
            "wins": self.wins,
            "games": self.games,
            "win_rate": self.win_rate,
            "confidence_95": [self.low, self.high],
        }


@dataclass(frozen=True)
class Seating:
    """The games of one seating (the bots' names, one a seat): ``returns`` counts the games
    that gave each tuple of returns (one a seat: 1.0 a win); ``moves`` played in all,
    ``unfinished`` games stopped at the move limit, and the game's own ``figures``."""

    bots: tuple[str, ...]
    games: int
    returns: tuple[tuple[tuple[float, ...], int], ...]
    moves: int
    unfinished: int
    figures: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, bots: tuple[str, ...], tally: Tally) -> Seating:
        """The seating's results from the runner's tally."""
        return cls(
            bots,
            tally.games,
            tuple(sorted(tally.returns.items())),
            tally.moves,
            tally.unfinished,
            tuple(sorted(tally.figures.items())),
        )

    def wins(self, seats: Sequence[int]) -> int:
        """The games that every seat of ``seats`` won."""
        return sum(n for returns, n in self.returns if all(returns[s] >= 1.0 for s in seats))

    def alike(self, seats: Sequence[int]) -> int:
        """The games in which every seat of ``seats`` had the same return."""
        return sum(n for returns, n in self.returns if len({returns[s] for s in seats}) == 1)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``bots``, ``games``, ``wins`` (one a seat), ``moves``,
        ``unfinished``, ``figures``."""
        return {
            "bots": list(self.bots),
            "games": self.games,
            "wins": [self.wins([seat]) for seat in range(len(self.bots))],
            "moves": self.moves,
            "unfinished": self.unfinished,
            "figures": dict(self.figures),
        }


@dataclass(frozen=True)
class Simulation:
    """What :func:`simulate` found: the ``game``, its ``bots`` (one a seat, as asked),
    ``deals`` of ``seed``, and the games of each seating (``seatings``: every rotation of the
    bots, or the one asked). Equal for the same arguments, whatever played the games, when no
    bot searches against the clock (Offiziersskat's ``montecarlo`` and ``exact`` search within
    a time budget a move, so they play better on a faster or quieter machine).

    :attr:`seats` and :attr:`by_bot` count wins (a return of 1.0). A bot's games are those in
    which the seats it holds all ended alike (one seat; or the players of Euler's Officers, who
    win together), and it wins those that its seats won: a game in which a bot beat its own copy
    is neither its win nor its loss (read the seats for a bot against itself).
    """

    game: str
    bots: tuple[str, ...]
    deals: int
    seed: int
    seatings: tuple[Seating, ...]

    @property
    def games(self) -> int:
        """The games played: the deals times the seatings."""
        return sum(seating.games for seating in self.seatings)

    @property
    def seats(self) -> tuple[Rate, ...]:
        """Each seat's wins over every game."""
        return tuple(
            Rate(sum(s.wins([seat]) for s in self.seatings), self.games)
            for seat in range(len(self.bots))
        )

    @property
    def by_bot(self) -> dict[str, Rate]:
        """Each bot's wins over its games (see the class), by name, in the order of
        :attr:`bots`."""
        found: dict[str, Rate] = {}
        for name in dict.fromkeys(self.bots):
            wins = games = 0
            for seating in self.seatings:
                held = [seat for seat, bot in enumerate(seating.bots) if bot == name]
                if held:
                    wins += seating.wins(held)
                    games += seating.alike(held)
            found[name] = Rate(wins, games)
        return found

    @property
    def moves(self) -> int:
        """The moves played in all the games."""
        return sum(seating.moves for seating in self.seatings)

    @property
    def unfinished(self) -> int:
        """The games stopped at the move limit."""
        return sum(seating.unfinished for seating in self.seatings)

    @property
    def figures(self) -> dict[str, int]:
        """The game's own figures added up over the seatings."""
        total: Counter[str] = Counter()
        for seating in self.seatings:
            total.update(dict(seating.figures))
        return dict(sorted(total.items()))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the ``play-simulation`` document less its ``version`` and
        ``kind``)."""
        return {
            "game": self.game,
            "bots": list(self.bots),
            "deals": self.deals,
            "seed": self.seed,
            "games": self.games,
            "by_bot": {name: rate.to_dict() for name, rate in self.by_bot.items()},
            "seats": [rate.to_dict() for rate in self.seats],
            "moves_per_game": self.moves / self.games if self.games else 0.0,
            "unfinished": self.unfinished,
            "seatings": [seating.to_dict() for seating in self.seatings],
            "figures": self.figures,
        }

    def table(self) -> str:
        """A small table of this result (see :func:`results_table`)."""
        return results_table([self])


# --- the simulation ----------------------------------------------------------------------------


def _lineup(game: str, bots: str | Bot | Sequence[str | Bot], players: int) -> tuple[Bot, ...]:
    """One bot a seat: a name resolved once (the same bot in every seat that names it)."""
    if isinstance(bots, (str, Bot)):
        bots = [bots]
    elif not isinstance(bots, Sequence) or not bots:
        raise NotationError(f"expected a bot or a list of bots, got {excerpt(bots)}")
    if len(bots) == 1:
        bots = [bots[0]] * players
    made: dict[str, Bot] = {}
    lineup = []
    for bot in bots:
        if isinstance(bot, str):
            key = bot.strip().lower()
            if key not in made:
                made[key] = get_bot(game, bot)
            lineup.append(made[key])
        else:
            lineup.append(get_bot(game, bot))
    if len(lineup) != players:
        raise NotationError(
            f"{len(lineup)} bots for a game of {players} player{'' if players == 1 else 's'}"
        )
    return tuple(lineup)


def _names(lineup: tuple[Bot, ...]) -> dict[int, str]:
    """A name for each distinct bot (by identity): its own, or its ``repr`` where two
    different bots share a name."""
    distinct = list({id(bot): bot for bot in lineup}.values())
    counts = Counter(bot.name for bot in distinct)
    return {id(bot): bot.name if counts[bot.name] == 1 else repr(bot) for bot in distinct}


def simulate(
    game: str,
    bots: str | Bot | Sequence[str | Bot],
    deals: int = 1000,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    rotate: bool = True,
    max_moves: int | None = MAX_MOVES,
    figures: Callable[[Any], Watch] | None = None,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> Simulation:
    """Play deals ``0 .. deals-1`` of ``seed`` of ``game`` (its registry name) with ``bots``
    and count the wins of each seat and each bot (see the module).

    ``bots``: one bot for every seat (alone or in a list of one), or one a seat (names of the game's bots, :func:`bots`, or
    :class:`~officers.core.simulation.Bot` objects, which must pickle to run in other
    processes). ``options``: the game's own options of a deal (Euler's Officers: ``level``,
    ``players``; Eight Off: ``variant``), as :meth:`officers.games.Registered.deal` takes them.
    ``rotate``: every deal once for each rotation of the bots round the table (default), else
    only as asked. ``max_moves``: a game that has not ended after so many moves is stopped and
    counted unfinished (and not won). ``figures``: the game's own :class:`~officers.core.
    simulation.Watch` of a dealt state, whose counts :attr:`Simulation.figures` adds up.
    ``jobs``, ``executor``, ``progress``: as :func:`officers.core.simulation.run_chunks` (every
    CPU by default).

    >>> a = simulate("skat", "random", deals=6, seed=2, jobs=1)
    >>> b = simulate("skat", "random", deals=6, seed=2, jobs=2)
    >>> a == b, a.bots, len(a.seatings)
    (True, ('random', 'random'), 1)
    """
    check_deals(deals, seed)
    chosen = dict(options or {})
    deal = _Deal(_game(game).name, tuple(sorted(chosen.items())))
    players = deal(0).players  # type: ignore[attr-defined]
    lineup = _lineup(game, bots, players)
    names = _names(lineup)
    tables = seatings(lineup) if rotate else [lineup]
    view = _table(game).view
    tallies = play_lineups(
        [Lineup(deal, table, figures, max_moves, view) for table in tables],
        deals,
        seed,
        jobs=jobs,
        executor=executor,
        progress=progress,
    )
    return Simulation(
        game,
        tuple(names[id(bot)] for bot in lineup),
        deals,
        seed,
        tuple(
            Seating.of(tuple(names[id(bot)] for bot in table), tally)
            for table, tally in zip(tables, tallies, strict=True)
        ),
    )


def simulation_document(result: Simulation) -> dict[str, Any]:
    """The ``play-simulation`` document of ``result`` (version 3 of the contract, the same for
    every game: ``officers simulate --game GAME --json``).

    >>> document = simulation_document(simulate("eightoff", "random", deals=3, seed=1, jobs=1))
    >>> document["version"], document["kind"], document["seats"][0]["games"]
    (3, 'play-simulation', 3)
    """
    return {"version": DOCUMENT_VERSION, "kind": "play-simulation", **result.to_dict()}


# --- tables ------------------------------------------------------------------------------------


def results_table(results: Sequence[Simulation], *, markdown: bool = False) -> str:
    """The results as a table: for each simulation a row for each bot (that has games of its
    own: not a bot against itself) and each seat, with its games, wins, win rate and 95 %
    interval, the moves a game and the unfinished games.

    >>> print(results_table([simulate("skat", ["greedy", "random"], deals=20, seed=1, jobs=1)]))
    game  bots           deals  who     games  wins  win rate  95 % interval  moves/game  unfinished
    skat  greedy,random     20  greedy     40    34  85.0 %    70.9 – 92.9 %        33.0           0
    skat  greedy,random     20  random     40     6  15.0 %    7.1 – 29.1 %         33.0           0
    skat  greedy,random     20  seat 1     40    22  55.0 %    39.8 – 69.3 %        33.0           0
    skat  greedy,random     20  seat 2     40    18  45.0 %    30.7 – 60.2 %        33.0           0
    """
    header = ["game", "bots", "deals", "who", "games", "wins", "win rate", "95 % interval"]
    header += ["moves/game", "unfinished"]
    rows = []
    for result in results:
        rates = [
            *((name, rate) for name, rate in result.by_bot.items() if rate.games),
            *(("seat " + str(i + 1), r) for i, r in enumerate(result.seats)),
        ]
        per_game = f"{result.moves / result.games:.1f}" if result.games else "-"
        for who, rate in rates:
            rows.append(
                [
                    result.game,
                    ",".join(result.bots),
                    str(result.deals),
                    who,
                    str(rate.games),
                    str(rate.wins),
                    f"{100 * rate.win_rate:.1f} %",
                    f"{100 * rate.low:.1f} – {100 * rate.high:.1f} %",
                    per_game,
                    str(result.unfinished),
                ]
            )
    right = {2, 4, 5, 8, 9}
    if markdown:
        lines = ["| " + " | ".join(header) + " |"]
        lines.append(
            "|" + "|".join("---:" if i in right else "---" for i in range(len(header))) + "|"
        )
        return "\n".join([*lines, *("| " + " | ".join(row) + " |" for row in rows)])
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return "\n".join(
        "  ".join(
            cell.rjust(widths[i]) if i in right and row is not header else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ).rstrip()
        for row in [header, *rows]
    )
