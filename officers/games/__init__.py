"""The registry of games: what each game brings to the doors.

The contract (:mod:`officers.contract`), the engine protocol, the HTTP service and its OpenAPI
document reach every game through this one table, not through a copy per game. A game
registers its operations (each with the module and function that answers it, the kind of
document it answers with, a summary and an example request), the kinds of document it writes
and the package that ships its JSON Schemas. Nothing here imports a game: an operation's
module is imported the first time it is asked for, so a door that serves Euler's Officers
never loads the Eight Off solver.

Operations are named as their HTTP paths are: Euler's Officers keeps the names it had in
0.2 (``count``, ``hint``: ``POST /v1/count``), and every other game's names begin with the
game's (``eightoff/solve``: ``POST /v1/eightoff/solve``). Its documents' kinds and schemas
begin with the game's name and a hyphen (``eightoff-solution``), and an operation's request
schema is its name with ``/`` written ``-``, then ``-request`` (``eightoff-solve-request``).

>>> [game.name for game in GAMES.values()]
['officers', 'eightoff', 'skat']
>>> operation("eightoff/solve").answers
'eightoff-solution'
>>> request_schema("eightoff/solve"), request_schema("count")
('eightoff-solve-request', 'count-request')
>>> operation("fly")
Traceback (most recent call last):
  ...
KeyError: 'fly'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from officers.core.errors import UnsupportedError
from officers.games.state import GameInfo, State

__all__ = [
    "COMMON_OPS",
    "GAMES",
    "LATIN",
    "PLAY",
    "PLAY_KINDS",
    "GameInfo",
    "Operation",
    "Registered",
    "SECTIONS",
    "State",
    "operation",
    "request_schema",
]


@dataclass(frozen=True)
class Operation:
    """One operation of the contract.

    ``op`` is its name (also its path under ``/v1/``); ``handler`` is ``"module:function"``,
    the function answering it (called with the request and the door's limits, imported on
    first use); ``answers`` the kind of document it answers with; ``summary`` one line for
    people; ``example`` a request (the OpenAPI example, the docs), or ``None`` for an
    operation that takes no fields (and has no request schema); ``searches``: whether it may
    search (the service then holds it to its search slots and time limit).
    """

    op: str
    handler: str
    answers: str
    summary: str
    example: Mapping[str, Any] | None = None
    searches: bool = False


@dataclass(frozen=True)
class Registered:
    """A game as the doors see it: its ``name`` (the prefix of its operations and kinds),
    ``title``, ``operations``, the ``kinds`` of document its operations answer with (the
    contract's ``hello`` lists them), the ``documents`` only its command line writes, the
    package of its JSON Schemas (``schemas``), the ``guide`` in docs/, and ``rooms``: the
    ``"module:name"`` of its room adapter (:mod:`officers.rooms`, imported on first use), or
    ``None`` when the game is not played in rooms; ``bots``: the ``"module:name"`` of its
    :class:`officers.core.simulation.BotTable` (its bots by name, and what they are given of a
    state; imported on first use by :mod:`officers.games.simulate`), or ``None``; ``info``:
    what the game is (:class:`~officers.games.state.GameInfo`: players, information, chance,
    take-backs, clock); ``state``: the ``"module:Class"`` of its state, a
    :class:`~officers.games.state.State` whose class method ``deal(number, **options)`` deals
    numbered deal N (see :meth:`deal`); ``cli``: the ``"module:name"`` of its command line
    (an :class:`officers.cli.games.GameCommands`: its group's name, its own options and verbs;
    imported when ``officers`` builds its parser), or ``None``: the five verbs every game has,
    from its state alone."""

    name: str
    title: str
    schemas: str
    guide: str
    operations: tuple[Operation, ...] = ()
    kinds: tuple[str, ...] = ()
    documents: tuple[str, ...] = field(default=())
    rooms: str | None = None
    bots: str | None = None
    info: GameInfo | None = None
    state: str | None = None
    cli: str | None = None

    def state_class(self) -> type[State]:
        """The class of the game's state (its module imported on first use)."""
        if self.state is None:
            raise UnsupportedError(f"{self.title} has no game state")
        module, name = self.state.split(":")
        found: type[State] = getattr(importlib.import_module(module), name)
        return found

    def deal(self, number: int, **options: Any) -> State:
        """Numbered deal ``number`` of the game (the same on every machine), as a
        :class:`~officers.games.state.State` before its first move; ``options`` are the game's
        own (Euler's Officers: ``level``, ``players``; Eight Off: ``variant``).

        >>> GAMES["eightoff"].deal(3).notation().split()[0]
        'eight-off'
        >>> GAMES["officers"].deal(3, players=3).players
        3
        """
        deal: Any = self.state_class().deal  # type: ignore[attr-defined]
        state: State = deal(number, **options)
        return state

    def parse(self, text: str) -> State:
        """The game's state read from its notation (:meth:`~officers.games.state.State.parse`)."""
        return self.state_class().parse(text)


_OFFICERS_GAME: Final = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"  # a two-player deal: the examples' game

_C: Final = "officers.contract.squares"

OFFICERS: Final = Registered(
    name="officers",
    title="Euler's Officers",
    schemas="officers.schemas",
    guide="docs/game.md",
    rooms="officers.rooms.officers:ADAPTER",
    bots="officers.euler.bots:TABLE",
    info=GameInfo(range(1, 5), "hidden", take_backs=True, clock=True, record=False),
    state="officers.euler.game:GameState",
    cli="officers.cli.euler:COMMANDS",
    operations=(
        Operation(
            "hint",
            f"{_C}:hint_op",
            "hint",
            "The hint of one player, from that player's view alone",
            {"game": _OFFICERS_GAME, "player": 1, "lang": "en"},
        ),
        Operation(
            "explain",
            f"{_C}:explain_op",
            "explanation",
            "Whether a square is dead, why (ranked reasons), and its smallest repairs",
            {"square": "AS1KS1/4/4/4", "diagonals": False, "lang": "en", "max_reasons": 3},
        ),
        Operation(
            "count",
            f"{_C}:count_op",
            "count",
            "The number of completions of a square",
            {"square": "AC3/1JS2/1AH1QD/4", "diagonals": False},
            searches=True,
        ),
        Operation(
            "complete",
            f"{_C}:complete_op",
            "completion",
            "One completion of a square, or null",
            {"square": "AC3/1JS2/1AH1QD/4", "diagonals": False},
            searches=True,
        ),
        Operation(
            "move",
            f"{_C}:move_op",
            "move",
            "Play a move in a game: the new game, or the move refused with its reason",
            {"game": _OFFICERS_GAME, "move": "AS@r1c1"},
        ),
        Operation(
            "bot",
            f"{_C}:bot_op",
            "move",
            "Let a bot play the move of the player to move",
            {"game": _OFFICERS_GAME, "bot": "designers", "seed": 1},
        ),
        Operation(
            "new",
            f"{_C}:new_op",
            "game",
            "A new game from level, players, variant and seed",
            {"level": "normal", "players": 2, "seed": 7},
        ),
        Operation(
            "verify",
            f"{_C}:verify_op",
            "verification",
            "A batch of starts: completions, uniqueness, minimality",
            {"starts": ["AC3/1JS2/1AH1QD/4", "4/4/4/4"], "diagonals": False},
        ),
        Operation(
            "bots",
            "officers.contract.play:bots",
            "bots",
            "The bots a 'bot' request may name",
            {},
        ),
        Operation(
            "record",
            "officers.contract.play:record",
            "record",
            "A game record from a start and its moves, or a record read and replayed; with "
            "the game at its end",
            {"setup": _OFFICERS_GAME, "moves": ["AS@r1c1", "KH@r2c2"], "seed": 7},
        ),
    ),
)

_E: Final = "officers.contract.eightoff"

_EIGHT_OFF_GAME: Final = {
    "game": "eight-off 7D9S7HTSAS9D/9CJC4HJS5C3D/4D5D2CTDAH3S/8HKDAD8SKSAC/8D3C6SQC6H4C/"
    "5S2DKC4SQS2H/JDJHKH6CQH8C/6D5HTH7CQDTC 3H2S9H7S---- C0D0H0S0 ; 1e"
}  # deal 1 of Eight Off, one move made

EIGHTOFF: Final = Registered(
    name="eightoff",
    title="Eight Off",
    schemas="officers.eightoff.schemas",
    guide="docs/eightoff.md",
    rooms="officers.rooms.eightoff:ADAPTER",
    bots="officers.eightoff.bots:TABLE",
    info=GameInfo(range(1, 2), "perfect", take_backs=True, clock=False),
    state="officers.eightoff.game:EightOffGame",
    cli="officers.cli.eightoff:COMMANDS",
    operations=(
        Operation(
            "eightoff/presets",
            f"{_E}:presets_op",
            "eightoff-presets",
            "The named variants of the Eight Off family and their rules",
        ),
        Operation(
            "eightoff/deal",
            f"{_E}:deal_op",
            "eightoff-game",
            "Deal N of a variant (or Microsoft's FreeCell deal N, or a board in fc-solve's "
            "text): the game at its start",
            {"variant": "eight-off", "number": 1},
        ),
        Operation(
            "eightoff/move",
            f"{_E}:move_op",
            "eightoff-move",
            "Play a move in a game: the game after it, or the move refused with its rule",
            {**_EIGHT_OFF_GAME, "move": "1h", "lang": "en"},
        ),
        Operation(
            "eightoff/undo",
            f"{_E}:undo_op",
            "eightoff-game",
            "Take back the last moves of a game",
            {**_EIGHT_OFF_GAME, "count": 1},
        ),
        Operation(
            "eightoff/hint",
            f"{_E}:hint_op",
            "eightoff-hint",
            "Whether the game can still be won, its next move, and where a lost game was lost",
            {**_EIGHT_OFF_GAME, "lang": "en"},
            searches=True,
        ),
        Operation(
            "eightoff/solve",
            f"{_E}:solve_op",
            "eightoff-solution",
            "Solvable (with a win that replays), unsolvable (proved) or unknown within the "
            "limits; the fewest moves on request",
            {**_EIGHT_OFF_GAME, "fewest": False},
            searches=True,
        ),
    ),
    kinds=(
        "eightoff-presets",
        "eightoff-game",
        "eightoff-move",
        "eightoff-hint",
        "eightoff-solution",
    ),
    documents=("eightoff-census",),
)

_K: Final = "officers.contract.skat"

_SKAT_GAME: Final = {
    "game": "TD/TS 9S/8S KC/QD JS/8H AD/JD 7D/8C JH/QS 9H/QC | KH/AS QH/TH KD/8D JC/9C AH/7S "
    "7C/AC KS/7H 9D/TC ; H"
}  # deal 1 of Offiziersskat, hearts chosen

_SKAT_PUBLIC: Final = (
    "C ; ?/TH - - - 7D - - - | - 9H ?/TD - - - - - ; H ; 39:55 5:8 ; AC TC KC QC JC 9C 8C "
    "7C AS TS KS QS JS 9S 8S 7S AH QH JH 8H 7H AD KD QD 9D 8D"
)  # three tricks before the end, two cards face down: what both players see

SKAT: Final = Registered(
    name="skat",
    title="Offiziersskat",
    schemas="officers.skat.schemas",
    guide="docs/skat.md",
    operations=(
        Operation(
            "skat/deal",
            f"{_K}:deal_op",
            "skat-game",
            "Deal N (the same on every machine), before the game choice; every card included",
            {"number": 1},
        ),
        Operation(
            "skat/move",
            f"{_K}:move_op",
            "skat-move",
            "Choose the game or play a card: the game after it, or the move refused with its rule",
            {**_SKAT_GAME, "move": "8H@4", "lang": "en"},
        ),
        Operation(
            "skat/undo",
            f"{_K}:undo_op",
            "skat-game",
            "Take back the last moves of a game",
            {**_SKAT_GAME, "count": 1},
        ),
        Operation(
            "skat/solve",
            f"{_K}:solve_op",
            "skat-solution",
            "The double-dummy value (every card known): Vorhand's points under best play, a "
            "line of best play, and each game's value before the choice",
            {"game": _SKAT_GAME["game"].removesuffix(" ; H") + " ; H 8H@4 TH@2", "games": False},
            searches=True,
        ),
        Operation(
            "skat/value",
            f"{_K}:value_op",
            "skat-value",
            "The game as the players see it (the face-down cards unknown to both): Vorhand's "
            "exact win probability or expected points, or an estimate labelled so",
            {"public": _SKAT_PUBLIC, "objective": "win"},
            searches=True,
        ),
        Operation(
            "skat/tip",
            f"{_K}:tip_op",
            "skat-tip",
            "The tip of the page's learning with tips, from what the players see alone: the "
            "game (each with Vorhand's chance) or the face-up card and its pile, with reasons",
            {"public": _SKAT_PUBLIC, "lang": "en"},
            searches=True,
        ),
    ),
    kinds=("skat-game", "skat-move", "skat-solution", "skat-value", "skat-tip"),
    documents=("skat-simulation",),
    rooms="officers.rooms.skat:ADAPTER",
    bots="officers.skat.bots:TABLE",
    info=GameInfo(range(2, 3), "hidden", chance=True, clock=False),
    state="officers.skat.game:SkatGame",
    cli="officers.cli.skat:COMMANDS",
)

_L: Final = "officers.contract.latin"

LATIN: Final = Registered(
    name="latin",
    title="Latin squares",
    schemas="officers.latin.schemas",
    guide="docs/mathematics.md",
    operations=(
        Operation(
            "latin/mols",
            f"{_L}:mols_op",
            "latin-mols",
            "k mutually orthogonal Latin squares of order n, checked, with their construction; "
            "or why none is known (or none exists)",
            {"k": 2, "n": 10},
            searches=True,
        ),
        Operation(
            "latin/mols-table",
            f"{_L}:mols_table_op",
            "latin-mols-table",
            "How many MOLS of each order are built here, against the published table",
            {"from": 2, "to": 30},
            searches=True,
        ),
        Operation(
            "latin/mols-verify",
            f"{_L}:mols_verify_op",
            "latin-mols-verification",
            "The MOLS table with every set built and checked by a check that knows nothing of "
            "its construction, and the CPU seconds of each",
            {"from": 10, "to": 12},
            searches=True,
        ),
        Operation(
            "latin/mols-complete",
            f"{_L}:mols_complete_op",
            "latin-mols-completion",
            "A square orthogonal to every one of k - 1 given MOLS, or a proof that none exists",
            {"squares": [[[0, 1, 2], [1, 2, 0], [2, 0, 1]]], "method": "exact"},
            searches=True,
        ),
        Operation(
            "latin/mols-classify",
            f"{_L}:mols_classify_op",
            "latin-mols-classification",
            "The class of a set of MOLS up to equivalence: its canonical set and its group",
            {"squares": [[[0, 1, 2], [1, 2, 0], [2, 0, 1]], [[0, 1, 2], [2, 0, 1], [1, 2, 0]]]},
            searches=True,
        ),
        Operation(
            "latin/classify",
            f"{_L}:classify_op",
            "latin-classification",
            "A Latin square's canonical forms (isotopy, species, isomorphism) and the orders of "
            "its groups",
            {"square": [[0, 1, 2], [1, 2, 0], [2, 0, 1]]},
            searches=True,
        ),
        Operation(
            "latin/mates",
            f"{_L}:mates_op",
            "latin-mates",
            "A Latin square's transversals and orthogonal mates, counted",
            {
                "square": [
                    [0, 1, 2, 3, 4],
                    [1, 2, 3, 4, 0],
                    [2, 3, 4, 0, 1],
                    [3, 4, 0, 1, 2],
                    [4, 0, 1, 2, 3],
                ]
            },
            searches=True,
        ),
        Operation(
            "latin/random",
            f"{_L}:random_op",
            "latin-squares",
            "Latin squares of order n drawn uniformly at random (Jacobson and Matthews), "
            "reproducible from a seed",
            {"n": 5, "count": 1, "seed": 7},
            searches=True,
        ),
        Operation(
            "latin/count",
            f"{_L}:count_op",
            "latin-count",
            "The number of Latin squares, reduced squares and classes of Latin rectangles of "
            "order n, counted",
            {"n": 6},
            searches=True,
        ),
    ),
    kinds=(
        "latin-mols",
        "latin-mols-table",
        "latin-mols-verification",
        "latin-mols-completion",
        "latin-mols-classification",
        "latin-classification",
        "latin-mates",
        "latin-squares",
        "latin-count",
    ),
    documents=(
        "latin-canonical",
        "latin-classes",
        "latin-class-count",
        "latin-mate-table",
        "latin-mols-classes",
    ),
)
"""Latin squares at the doors: no game (no state, rooms or bots), the same registry for its
operations, kinds and schemas (docs/mathematics.md, docs/mols.md)."""

_P: Final = "officers.contract.states"

PLAY: Final = (
    Operation(
        "play/games",
        f"{_P}:games_op",
        "play-games",
        "Every game the play operations deal: its name, title, players and what it is",
    ),
    Operation(
        "play/new",
        f"{_P}:new_op",
        "play-state",
        "Numbered deal N of any game: its state, whose turn it is, the legal moves, the view",
        {"game": "skat", "deal": 1, "lang": "en"},
    ),
    Operation(
        "play/move",
        f"{_P}:move_op",
        "play-move",
        "A move of any game, played or refused with its rule, and the state after it",
        {"game": "eightoff", "state": _EIGHT_OFF_GAME["game"], "move": "1h", "lang": "de"},
    ),
    Operation(
        "play/undo",
        f"{_P}:undo_op",
        "play-state",
        "The state with its last moves taken back",
        {"game": "skat", "state": "deal 1 ; G", "count": 1, "lang": "en"},
    ),
)
"""The operations that play every game alike, written once over the game-state protocol
(:class:`~officers.games.state.State`), whose documents are version 3 of the contract: one state
document and one move document for every game (:mod:`officers.contract.states`)."""

PLAY_KINDS: Final = ("play-games", "play-state", "play-move", "play-simulation")
"""The kinds of document of every game alike (version 3): those the play operations answer
with, and the simulation of any game the command line writes (``officers simulate --game``,
:mod:`officers.games.simulate`)."""

GAMES: Final[Mapping[str, Registered]] = MappingProxyType(
    {game.name: game for game in (OFFICERS, EIGHTOFF, SKAT)}
)
"""Every game, by name, in the order the doors list them."""

COMMON_OPS: Final = ("hello", "health", "schema")
"""The operations of the contract itself, no game's: the greeting, the health check and the
schemas (:mod:`officers.contract` answers them)."""

SECTIONS: Final = (*GAMES.values(), LATIN)
"""Everything the doors serve that registers operations, kinds and schemas: every game, then
the Latin squares."""

_OPERATIONS: Final[Mapping[str, Operation]] = MappingProxyType(
    {op.op: op for section in SECTIONS for op in section.operations} | {op.op: op for op in PLAY}
)


def operation(op: str) -> Operation:
    """The registered operation ``op`` (:class:`KeyError` when there is none)."""
    return _OPERATIONS[op]


def operations() -> tuple[Operation, ...]:
    """Every operation: each game's, game by game, the Latin squares', then the play
    operations'."""
    return tuple(_OPERATIONS.values())


def request_schema(op: str) -> str:
    """The name of the schema of an operation's request."""
    return op.replace("/", "-") + "-request"
