"""The exact solver of Eight Off and its family (FreeCell, Baker's Game, Seahaven Towers).

:func:`solve` answers one of three things about a position, never a guess:

- ``"solvable"``, with the moves of a win, which :func:`replay` (a plain rules check, written
  apart from the search), or its compiled twin (:func:`officers.eightoff.accel.check`), has
  replayed;
- ``"unsolvable"``, proved: every position reachable from it was searched, with only the
  reductions below, each proved not to lose a win;
- ``"unknown"``, when the time limit or the bound on the states stored ran out first
  (``reason`` says which).

By default the search is a best-first search that finds a win fast, not the shortest: it
takes first the position that looks nearest a win (few cards off the foundations, the next
card of each foundation under few cards, few cards blocked or in cells, long runs at the ends
of the columns, empty columns) and, with a small weight, the fewest moves from the start.
That order decides which win is found first and how soon, never the verdict: a proof that
there is no win expands every position reachable, in any order. Where the compiled search is
installed (:mod:`officers.eightoff.accel`) it runs three to six such orders in turn over one
store of positions (best first, depth first in several orders of the moves, and the score
alone; :data:`~officers.eightoff.accel.PORTFOLIOS`), as a portfolio: each position stored is
expanded once, by whichever order takes it first, and the search answers "unsolvable" only
once every position stored has been expanded, so it is proved as before. With
``fewest=True`` it goes on with A* on an admissible, consistent bound (below) to the fewest
moves, when that finishes within the limits (``Solution.optimal`` says whether it did); the
A* is compiled too where the module is installed (:func:`officers.eightoff.accel.astar`: the
same search, the same win).

Glossary
--------
card
    An int 0 .. 51: ``13 * suit + rank - 1``, suits Clubs 0, Diamonds 1, Hearts 2, Spades 3,
    Ace = rank 1 … King = 13. Diamonds and Hearts are red.
position
    ``columns`` (a tuple of tuples of cards, each from its first dealt card to its exposed
    card, the last), ``cells`` (a tuple of cards or ``None``, one per cell) and ``foundations``
    (the number of cards played per suit, C D H S).
params
    The variant: ``columns``, ``cells``, ``building`` ("suit" or "alternate": a card goes on
    the next higher card of its suit, or of the other colour), ``empty`` ("kings" or "any":
    what may fill an empty column) and ``sequence``: "cells" (a run moves as one move of at
    most ``1 + empty cells`` cards), "freecell" (``(1 + empty cells) * 2 ** empty columns``,
    not counting the target) or "one" (single cards only). :class:`Params` holds them; the
    presets :data:`EIGHT_OFF`, :data:`FREECELL`, :data:`BAKERS_GAME` and
    :data:`SEAHAVEN_TOWERS` match fc-solve's ``-g eight_off``, ``freecell``, ``bakers_game``
    and ``seahaven``.
move
    ``(source, target, count)``, places written ``("column", i)``, ``("cell", i)`` or
    ``("foundation", suit)``: the last ``count`` cards of the source go onto the target.
    Every card played to a foundation is a move of its own, also those the solver plays at
    once (below).

The reductions, and why none loses a win
----------------------------------------
1. **Columns and cells are interchangeable.** No rule of the family names a column or a
   cell: every rule reads only their contents (a card goes onto a column's exposed card; an
   empty column takes a King, or any card; a cell takes a card when it is empty; a run's
   length is bounded by the *numbers* of empty cells and columns). So permuting the columns,
   or the cells, of a position maps its legal moves one to one onto the legal moves of the
   permuted position, and its wins onto wins of the same length. "Kings only" is such a rule
   too: it asks what an empty column holds, not which column it is. The search therefore keys
   positions by their columns sorted and their cells' cards sorted (the foundations follow
   from the cards left): two positions with one key are both won, or both lost, in the same
   number of moves. For the same reason, it tries one empty cell and one empty column as
   targets, no move from a cell to a cell, and no move of a whole column to an empty column
   (each leads to the key it left or to a key another move reaches).
2. **Safe moves to the foundations are played at once** ("settling"). A card ``c`` that may
   go to its foundation is *safe* when every card that may ever be placed on ``c`` is on its
   foundation already: under same-suit building that is the card one rank lower of its suit,
   which is on its foundation whenever ``c`` may go there, so *every* card that may go to a
   foundation is safe; under alternating building, both cards of the other colour one rank
   lower must be on theirs (rank ≤ 1 + the lower foundation of the other colour; Aces
   always). Claim: if a position ``P`` is won in ``n`` moves, the position ``P'`` after
   playing ``c`` is won in at most ``n - 1``. Take the win from ``P`` and replay it from
   ``P'``, leaving out every move of ``c`` (and only shortening by ``c`` a run that ends with
   it). Every other move stays legal: no move of the win puts a card on ``c`` (the cards
   that could are on their foundations); the run a move carries is never longer, and the empty
   cells and empty columns are never fewer (``c`` holds none of them in ``P'``), so every
   bound on a run, which grows with both, is still met; a target that is a column is the same
   column with the same exposed card (``c`` is never the exposed card of a target), an empty
   column is still empty, and a card for a foundation finds the same foundation (``c`` is
   played in both, by the time any card of its suit above it goes). The replay ends won,
   with every move of ``c`` (at least its move to the foundation) left out. So playing safe
   cards keeps a won position won and makes no win longer: the fewest moves stay exact. After
   any sequence of safe plays the same cards are on the foundations (a safe card stays
   playable and safe until played: foundations only grow, and nothing is placed on it), so
   settling does not depend on the order.
3. The **looser rule** of FreeCell players (rank ≤ 2 + the lower foundation of the other
   colour) is not used: it needs more than the argument above.

Nothing else is cut: the decision search (best-first) and the search for the fewest moves
(A*) both keep every key they meet and end only on a win, on the limits, or with the
frontier empty, which is the proof that no win exists.

The bound of A* (:meth:`~officers.eightoff.solve_search.Game.lower_bound`) is the number
of cards off their foundations plus, for each column, the number of its *segments* that hold a
*blocked* card. A card is blocked when a lower card of its suit lies deeper in its column; a
segment is a longest stretch of a column in which every card lies on a card it may lie on (the
stretches a run may be cut from).

*Admissible.* Each card off its foundation needs a move to it. Each blocked card ``b`` must
also leave its column before the lower card under it goes home, so while that card is still in
the column: its first move out is not to a foundation. Until that move every card under ``b``
stays where it is (``b`` covers it), so a move that carries ``b`` and another blocked card
``b'`` of the column out at once carries every card between them as they lie now, as one run:
``b`` and ``b'`` are in one segment. So the blocked cards of a column need at least one move
not to a foundation per segment that holds one, each move takes cards from one column only,
and none of these moves is a move to a foundation: the bound never exceeds the moves left.

*Consistent.* A move to a foundation lowers the cards off by one and takes an exposed card
that may go home, which is not blocked, from the end of its column: no segment loses its
blocked card, the bound drops by exactly one. Any other move takes a run, which lies in one
segment, from the end of a column (or a card from a cell): that column's count drops by one at
most, since its other segments keep their blocked cards (whether a card is blocked depends only
on the cards under it, which do not change); the column that takes the run keeps its segments
and their blocked cards (the run joins its last segment or, on an empty column, makes a new
one), a cell holds no segment. So a
move lowers the bound by at most one, each card settling plays by exactly one, and A*, whose
moves cost one each (settling's plays one each too), takes the first won position from its
frontier by the fewest moves.

>>> won_but_one = ((), (), (), (), (), (), (), (51,))
>>> solution = solve(won_but_one, (None,) * 8, (13, 13, 13, 12), EIGHT_OFF)
>>> solution.status, solution.moves, solution.notation
('solvable', [(('column', 7), ('foundation', 3), 1)], '8h')
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Protocol

from officers.core.errors import (
    IllegalPlacementError,
    InvalidArgumentError,
    InvalidGameError,
    check_time_limit,
)
from officers.eightoff.accel import astar as compiled_astar
from officers.eightoff.accel import best_first as compiled_best_first
from officers.eightoff.accel import by_place as compiled_by_place
from officers.eightoff.accel import decide as compiled_decide
from officers.eightoff.accel import portfolio as compiled_portfolio
from officers.eightoff.position import Position as CheckedPosition
from officers.eightoff.solve_search import (
    CELL,
    EMPTY,
    FOUNDATION,
    CardMove,
    Game,
    Node,
    astar,
    best_first,
)

if TYPE_CHECKING:
    from threading import Event

__all__ = [
    "BAKERS_GAME",
    "EIGHT_OFF",
    "FREECELL",
    "PRESETS",
    "SEAHAVEN_TOWERS",
    "IllegalReplayError",
    "Move",
    "Params",
    "Place",
    "Position",
    "PositionLike",
    "Solution",
    "VariantParams",
    "notation",
    "replay",
    "replay_move",
    "solve",
    "solve_position",
]

Place = tuple[str, int]
"""``("column", i)``, ``("cell", i)`` or ``("foundation", suit)``."""

Move = tuple[Place, Place, int]
"""``(source, target, count)``."""

Position = tuple[tuple[tuple[int, ...], ...], tuple[int | None, ...], tuple[int, int, int, int]]
"""``(columns, cells, foundations)``."""

BUILDINGS: Final = ("suit", "alternate")
EMPTIES: Final = ("kings", "any")
SEQUENCES: Final = ("cells", "freecell", "one")


class VariantParams(Protocol):
    """What the solver reads of a variant (a :class:`Params`, or any object with these)."""

    @property
    def columns(self) -> int: ...
    @property
    def cells(self) -> int: ...
    @property
    def building(self) -> str: ...
    @property
    def empty(self) -> str: ...
    @property
    def sequence(self) -> str: ...


def check_params(params: VariantParams) -> None:
    """Raise :class:`~officers.InvalidArgumentError` unless ``params`` make a variant."""
    columns, cells = params.columns, params.cells
    if not (isinstance(columns, int) and 1 <= columns <= 16):
        raise InvalidArgumentError(f"the columns are 1 .. 16, got {columns!r}")
    if not (isinstance(cells, int) and 0 <= cells <= 8):
        raise InvalidArgumentError(f"the cells are 0 .. 8, got {cells!r}")
    for name, value, allowed in (
        ("building", params.building, BUILDINGS),
        ("empty", params.empty, EMPTIES),
        ("sequence", params.sequence, SEQUENCES),
    ):
        if value not in allowed:
            raise InvalidArgumentError(f"{name} is one of {', '.join(allowed)}, got {value!r}")


@dataclass(frozen=True)
class Params:
    """A variant of the family, as the solver needs it (see the glossary).

    >>> Params(8, 4, "alternate", "any", "freecell") == FREECELL
    True
    """

    columns: int = 8
    cells: int = 8
    building: str = "suit"
    empty: str = "kings"
    sequence: str = "cells"

    def __post_init__(self) -> None:
        check_params(self)


EIGHT_OFF: Final = Params(8, 8, "suit", "kings", "cells")
FREECELL: Final = Params(8, 4, "alternate", "any", "freecell")
BAKERS_GAME: Final = Params(8, 4, "suit", "any", "freecell")
SEAHAVEN_TOWERS: Final = Params(10, 4, "suit", "kings", "cells")
PRESETS: Final = {
    "eight_off": EIGHT_OFF,
    "freecell": FREECELL,
    "bakers_game": BAKERS_GAME,
    "seahaven": SEAHAVEN_TOWERS,
}
"""The presets by fc-solve's names (``fc-solve -g NAME``)."""


class IllegalReplayError(IllegalPlacementError):
    """A move that :func:`replay` cannot make: the message names the move and the rule."""


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found.

    ``status`` is "solvable", "unsolvable" or "unknown"; ``moves`` a win when solvable (else
    empty); ``states`` the positions the searches stored; ``seconds`` the time taken;
    ``reason`` ("time" or "memory") why the answer is unknown, or, with ``fewest``, why the
    win is not proved shortest; ``optimal`` whether the win has the fewest moves; ``notation``
    the win in the standard notation.
    """

    status: str
    moves: list[Move] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    reason: str | None = None
    optimal: bool = False
    notation: str = ""
    """The win in the standard notation, as ``fc-solve -m -snx`` writes it (:func:`notation`)."""


# -- the position --------------------------------------------------------------------------


def check_position(
    columns: Sequence[Sequence[int]],
    cells: Sequence[int | None],
    foundations: Sequence[int],
    params: VariantParams,
) -> Position:
    """The position as tuples, checked: raise :class:`~officers.InvalidGameError` unless the
    cards off the foundations are each in one place, exactly those above the foundations.

    >>> check_position([[12]], [None], [12, 13, 13, 13], Params(1, 1))
    (((12,),), (None,), (12, 13, 13, 13))
    """
    check_params(params)
    if len(columns) != params.columns or len(cells) != params.cells:
        raise InvalidGameError(
            f"the variant has {params.columns} columns and {params.cells} cells, "
            f"got {len(columns)} columns and {len(cells)} cells"
        )
    if len(foundations) != 4 or not all(
        isinstance(f, int) and not isinstance(f, bool) and 0 <= f <= 13 for f in foundations
    ):
        raise InvalidGameError(f"the foundations are 4 counts 0 .. 13, got {foundations!r}")
    cards = [card for column in columns for card in column]
    cards += [card for card in cells if card is not None]
    for card in cards:
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise InvalidGameError(f"a card is an int 0 .. 51, got {card!r}")
    expected = {13 * suit + rank for suit in range(4) for rank in range(foundations[suit], 13)}
    if len(cards) != len(set(cards)) or set(cards) != expected:
        raise InvalidGameError("the cards off the foundations must be those above them, each once")
    return (
        tuple(tuple(column) for column in columns),
        tuple(cells),
        (foundations[0], foundations[1], foundations[2], foundations[3]),
    )


def game_of(params: VariantParams) -> Game:
    """The search's tables for ``params``."""
    return Game(params.columns, params.cells, params.building, params.empty, params.sequence)


class PositionLike(Protocol):
    """What :func:`solve_position` reads of a position (an
    :class:`officers.eightoff.position.Position`, or any object with these)."""

    @property
    def columns(self) -> Sequence[Sequence[int]]: ...
    @property
    def cells(self) -> Sequence[int | None]: ...
    @property
    def foundations(self) -> Sequence[int]: ...
    @property
    def variant(self) -> VariantParams: ...


# -- solving -------------------------------------------------------------------------------


def solve(
    columns: Sequence[Sequence[int]],
    cells: Sequence[int | None],
    foundations: Sequence[int],
    params: VariantParams = EIGHT_OFF,
    *,
    time_limit: float | None = 10.0,
    max_states: int = 5_000_000,
    fewest: bool = False,
    cancel: Event | None = None,
) -> Solution:
    """Decide a position, with a win when there is one (the fewest moves with ``fewest``).

    ``time_limit`` bounds the seconds (``None``: no bound), ``max_states`` the positions
    stored by each search; past either the answer is "unknown" (or, with ``fewest``, a win
    not proved shortest). A stored position takes about 270 bytes (its key, its parent, the
    move and its place in the frontier, measured under CPython 3.11 on 64 bits), so the
    default bound of 5,000,000 positions is some 1.35 GB; the compiled decision search
    (:mod:`officers.eightoff.accel`, used where installed) takes about 100 bytes a position
    (its portfolio's frontiers share the positions out between them: measured 101 with one
    scan and with six), some 0.5 GB at that bound, and its A* (``fewest``) some 100, 0.5 GB.
    A set ``cancel`` event ends the
    search as "unknown" (``reason`` ``"cancelled"``) within some milliseconds. Raises
    :class:`~officers.InvalidGameError` for a position that is not one of the variant.

    >>> jack, queen, king = 49, 50, 51  # of spades
    >>> solve(((jack, king), (queen,)), (), (13, 13, 13, 10), Params(2, 0)).status
    'unsolvable'
    """
    position = check_position(columns, cells, foundations, params)
    return _solve(position, params, time_limit, max_states, fewest, cancel)


def _solve(
    position: Position,
    params: VariantParams,
    time_limit: float | None,
    max_states: int,
    fewest: bool,
    cancel: Event | None,
) -> Solution:
    """:func:`solve` of a checked position."""
    if type(time_limit) is float and 0.0 < time_limit < math.inf:
        seconds: float | None = time_limit  # what check_time_limit() answers, sooner
    else:
        seconds = check_time_limit(time_limit)
    if isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1:
        raise InvalidArgumentError(f"max_states is an int >= 1, got {max_states!r}")
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    # The compiled search where it is installed (officers.eightoff.accel): its scans take
    # turns (accel.PORTFOLIOS: the variant's own), over one store; the same verdicts.
    kings_only = params.empty == "kings"
    scans = compiled_portfolio(params.building, params.empty)
    if not fewest:
        # In one call: the search, the win by place, its replay by the module's own rules
        # check (the checks of replay(), written apart from the search) and its notation.
        decided = compiled_decide(
            (params.building == "suit", kings_only, params.sequence),
            position,
            deadline=deadline,
            max_states=max_states,
            cancel=cancel,
            scans=scans,
        )
        if decided is not None:
            status, won, stored, why, written, refused = decided
            if refused >= 0:
                _refused(position, params, won, refused)
            return _solution(status, won, stored, time.monotonic() - started, why, written)
    game = game_of(params)
    start = start_node(game, position)
    outcome = compiled_best_first(
        game,
        start,
        deadline=deadline,
        max_states=max_states,
        cancel=cancel,
        scans=scans,
    ) or best_first(game, start, deadline=deadline, max_states=max_states, cancel=cancel)
    states = outcome.states
    optimal = False
    reason = outcome.reason
    if fewest and outcome.status != "unknown":
        shortest = compiled_astar(
            game, start, deadline=deadline, max_states=max_states, cancel=cancel
        ) or astar(game, start, deadline=deadline, max_states=max_states, cancel=cancel)
        states += shortest.states
        if shortest.status == "unknown":
            reason = shortest.reason
        else:
            outcome, optimal = shortest, outcome.status == "solvable"
    moves: list[Move] = []
    if outcome.status == "solvable":
        moves = compiled_by_place(game, position, outcome.moves) or moves_by_place(
            game, position, outcome.moves
        )
    if moves:
        replay_checked(position, params, moves)  # the independent check: raises on a wrong win
    return Solution(
        outcome.status,
        moves,
        states,
        time.monotonic() - started,
        reason,
        optimal,
        notation(moves, position[0]),
    )


def solve_position(
    position: PositionLike,
    *,
    time_limit: float | None = 10.0,
    max_states: int = 5_000_000,
    fewest: bool = False,
    cancel: Event | None = None,
) -> Solution:
    """:func:`solve` for a position of :mod:`officers.eightoff.position`: its columns, cells
    and foundations under its variant.

    >>> from officers.eightoff.position import Position
    >>> solution = solve_position(Position.numbered(1))
    >>> solution.status, solution.notation.split()[:3]
    ('solvable', ['4h', '1e', '1h'])
    """
    if type(position) is CheckedPosition:  # its constructor made the checks of check_position
        checked = (position.columns, position.cells, position.foundations)
        return _solve(checked, position.variant, time_limit, max_states, fewest, cancel)
    return solve(
        position.columns,
        position.cells,
        position.foundations,
        position.variant,
        time_limit=time_limit,
        max_states=max_states,
        fewest=fewest,
        cancel=cancel,
    )


def start_node(game: Game, position: Position) -> Node:
    """The settled node of a checked position."""
    columns, cells, foundations = position
    node, _ = game.node(
        [bytes(column) for column in columns],
        [-1 if card is None else card for card in cells],
        list(foundations),
    )
    return node


def moves_by_place(game: Game, position: Position, card_moves: list[CardMove]) -> list[Move]:
    """The moves by card of a search, with the settling before and after each, as moves by
    place from ``position`` itself (its columns and cells in their own order)."""
    columns = [bytes(column) for column in position[0]]
    cells = [-1 if card is None else card for card in position[1]]
    foundations = list(position[2])
    moves: list[Move] = []

    def settle() -> None:
        for card, where in game.settle(columns, cells, foundations):
            source: Place = ("column", where) if where >= 0 else ("cell", -1 - where)
            moves.append((source, ("foundation", card // 13), 1))

    settle()
    for card, count, target in card_moves:
        exposed = -1  # the card the move uncovers, if any
        if card in cells:
            index = cells.index(card)
            source: Place = ("cell", index)
            cells[index] = -1
            run = bytes((card,))
        else:
            index = 0
            while len(columns[index]) < count or columns[index][-count] != card:
                index += 1
            column = columns[index]
            source, run, columns[index] = ("column", index), column[-count:], column[:-count]
            if len(column) > count:
                exposed = column[-count - 1]
        destination: Place
        if target == FOUNDATION:
            destination = ("foundation", card // 13)
            foundations[card // 13] += 1
        elif target == CELL:
            destination = ("cell", cells.index(-1))
            cells[destination[1]] = card
        else:
            if target == EMPTY:
                index = columns.index(b"")
            else:
                index = next(i for i, top in enumerate(columns) if top and top[-1] == target)
            destination = ("column", index)
            columns[index] += run
        moves.append((source, destination, count))
        # The position was settled: unless a foundation grew, only the card uncovered may
        # have become safe to play (as in Game.child).
        if target == FOUNDATION or (
            exposed >= 0
            and foundations[exposed // 13] == exposed % 13
            and game.safe(exposed, foundations)
        ):
            settle()
    return moves


def _solution(
    status: str, moves: list[Move], states: int, seconds: float, reason: str | None, written: str
) -> Solution:
    """``Solution(status, moves, states, seconds, reason, False, written)``, its fields stored
    at once rather than one by one through the frozen dataclass's ``object.__setattr__``."""
    solution = object.__new__(Solution)
    solution.__dict__.update(
        status=status,
        moves=moves,
        states=states,
        seconds=seconds,
        reason=reason,
        optimal=False,
        notation=written,
    )
    return solution


def _refused(position: Position, params: VariantParams, moves: list[Move], refused: int) -> None:
    """Raise :class:`IllegalReplayError` for a win the compiled replay refused at move
    ``refused`` (0-based; ``len(moves)``: it ends short of a win): :func:`replay_checked`
    names the move and the rule, else the message says where the compiled replay stopped."""
    replay_checked(position, params, moves)
    if refused >= len(moves):
        raise IllegalReplayError("the win's moves end with cards off their foundations")
    raise IllegalReplayError(f"move {refused + 1} {moves[refused]!r}: refused by the rules")


# -- the independent check -----------------------------------------------------------------


def replay(
    columns: Sequence[Sequence[int]],
    cells: Sequence[int | None],
    foundations: Sequence[int],
    params: VariantParams,
    moves: Sequence[Move],
) -> Position:
    """Make ``moves`` one by one under the variant's rules and return the position reached;
    raise :class:`IllegalReplayError` at the first move the rules do not allow.

    Written apart from the search and simpler than it (no tables, no reductions), so that a
    win the search finds is checked by other code.

    >>> replay([[51, 50]], [None], [13, 13, 13, 11], Params(1, 1),
    ...        [(("column", 0), ("foundation", 3), 1)])
    (((51,),), (None,), (13, 13, 13, 12))
    >>> try:
    ...     replay([[51, 50]], [None], [13, 13, 13, 11], Params(1, 1),
    ...            [(("column", 0), ("foundation", 3), 2)])
    ... except IllegalReplayError as error:
    ...     print(error)
    move 1 (('column', 0), ('foundation', 3), 2): one card at a time goes to a foundation
    """
    return replay_checked(check_position(columns, cells, foundations, params), params, moves)


def replay_checked(position: Position, params: VariantParams, moves: Sequence[Move]) -> Position:
    """:func:`replay` from a position :func:`check_position` has checked.

    A legal move of one card, the most common (every move to a foundation, most others), is
    made here by the same rules; every other move, and every move that breaks a rule, goes to
    :func:`replay_move`.
    """
    table = [list(column) for column in position[0]]
    free: list[int | None] = list(position[1])
    home = list(position[2])
    columns, cells = len(table), len(free)
    building, any_card = params.building, params.empty == "any"
    for number, move in enumerate(moves, 1):
        if type(move) is tuple and len(move) == 3:
            source, target, count = move
            if (
                count == 1
                and type(count) is int
                and type(source) is tuple
                and len(source) == 2
                and type(target) is tuple
                and len(target) == 2
                and type(index := source[1]) is int
                and type(to := target[1]) is int
            ):
                kind, card = source[0], None
                if kind == "column" and 0 <= index < columns and table[index]:
                    card = table[index][-1]
                elif kind == "cell" and 0 <= index < cells:
                    card = free[index]
                made = False
                if card is not None:
                    where = target[0]
                    if where == "foundation":
                        if card // 13 == to and home[to] == card % 13:
                            home[to] += 1
                            made = True
                    elif where == "cell":
                        if 0 <= to < cells and free[to] is None:
                            free[to] = card
                            made = True
                    elif (
                        where == "column" and 0 <= to < columns and (kind, index) != ("column", to)
                    ):
                        pile = table[to]
                        if (
                            lies_on(card, pile[-1], building)
                            if pile
                            else any_card or card % 13 == 12
                        ):
                            pile.append(card)
                            made = True
                if made:
                    if kind == "column":
                        del table[index][-1]
                    else:
                        free[index] = None
                    continue
        problem = replay_move(table, free, home, params, move)
        if problem:
            raise IllegalReplayError(f"move {number} {move!r}: {problem}")
    return (
        tuple(tuple(column) for column in table),
        tuple(free),
        (home[0], home[1], home[2], home[3]),
    )


def lies_on(card: int, below: int, building: str) -> bool:
    """Whether ``card`` may lie on ``below`` in a column (one rank lower, same suit or the
    other colour)."""
    if card % 13 + 1 != below % 13:
        return False
    if building == "suit":
        return card // 13 == below // 13
    return (card // 13 in (1, 2)) != (below // 13 in (1, 2))


def replay_move(
    table: list[list[int]],
    free: list[int | None],
    home: list[int],
    params: VariantParams,
    move: Move,
) -> str:
    """Make one move in place; the rule it breaks (nothing changed then), or ``""``."""
    try:
        (source_kind, source), (target_kind, target), count = move
    except (TypeError, ValueError):
        return "a move is (source, target, count)"
    if not isinstance(count, int) or count < 1:
        return "the count is an int >= 1"
    if source_kind == "column" and 0 <= source < len(table):
        if len(table[source]) < count:
            return "the column holds fewer cards"
        run = table[source][-count:]
    elif source_kind == "cell" and 0 <= source < len(free):
        if free[source] is None:
            return "the cell is empty"
        if count != 1:
            return "a cell holds one card"
        run = [free[source] or 0]
    else:
        return "no such source"
    if count > 1 and any(not lies_on(a, b, params.building) for b, a in itertools.pairwise(run)):
        return "the cards moved are not a run"
    if target_kind == "foundation":
        if count != 1:
            return "one card at a time goes to a foundation"
        if target != run[0] // 13 or home[target] != run[0] % 13:
            return "the card is not the next of its foundation"
        home[target] += 1
    elif target_kind == "cell":
        if not 0 <= target < len(free) or free[target] is not None or count != 1:
            return "one card goes to an empty cell"
        free[target] = run[0]
    elif (
        target_kind == "column"
        and 0 <= target < len(table)
        and (source_kind, source)
        != (
            "column",
            target,
        )
    ):
        problem = replay_to_column(table, free, params, run, target)
        if problem:
            return problem
        table[target].extend(run)
    else:
        return "no such target"
    if source_kind == "column":
        del table[source][-count:]
    else:
        free[source] = None
    return ""


def replay_to_column(
    table: list[list[int]],
    free: list[int | None],
    params: VariantParams,
    run: list[int],
    target: int,
) -> str:
    """The rule a run breaks going onto column ``target``, or ``""``."""
    if len(run) > 1:  # one card always may move
        empty_cells = sum(1 for card in free if card is None)
        empty_columns = sum(1 for i, column in enumerate(table) if not column and i != target)
        if params.sequence == "one":
            most = 1
        elif params.sequence == "cells":
            most = 1 + empty_cells
        else:
            most = (1 + empty_cells) * 2**empty_columns
        if len(run) > most:
            return f"at most {most} cards move at once here"
    if table[target]:
        if not lies_on(run[0], table[target][-1], params.building):
            return "the card does not go on the target's exposed card"
    elif params.empty == "kings" and run[0] % 13 != 12:
        return "only a King fills an empty column"
    return ""


# -- notation ------------------------------------------------------------------------------


def place_letter(place: Place) -> str:
    """A place in the standard notation: columns ``1`` … (``10`` for the tenth), cells ``a`` …
    ``g`` then ``k`` … (``h`` is the foundations), the foundations ``h``, as fc-solve writes
    them.

    >>> [place_letter(p) for p in (("column", 0), ("cell", 6), ("cell", 7), ("foundation", 2))]
    ['1', 'g', 'k', 'h']
    """
    kind, index = place
    if kind == "column":
        return str(index + 1)
    if kind == "cell":
        return chr(ord("a") + index + (3 if index >= 7 else 0))
    return "h"


_LETTERS: Final[dict[Place, str]] = {
    place: place_letter(place)
    for place in [("column", i) for i in range(16)]
    + [("cell", i) for i in range(8)]
    + [("foundation", i) for i in range(4)]
}
"""The letters of the places of every variant, made once (:func:`notation` reads them)."""


def notation(moves: Sequence[Move], columns: Sequence[Sequence[int]] | None = None) -> str:
    """Moves in the standard FreeCell notation, as ``fc-solve -m -snx`` writes them: source
    then target, the moves separated by spaces; given the start's ``columns``, a run of more
    than one card to an empty column is followed by ``v`` and its count in hexadecimal.

    >>> moves = [(("column", 0), ("cell", 0), 1), (("column", 2), ("column", 0), 3)]
    >>> notation(moves), notation(moves, [[12], [], [25, 24, 23], []])
    ('1a 31', '1a 31v3')
    """
    sizes = [len(column) for column in columns] if columns is not None else None
    words = []
    letters = _LETTERS
    for source, target, count in moves:
        word = (letters.get(source) or place_letter(source)) + (
            letters.get(target) or place_letter(target)
        )
        if sizes is not None:
            if target[0] == "column":
                if sizes[target[1]] == 0 and count > 1:
                    word += f"v{count:x}"
                sizes[target[1]] += count
            if source[0] == "column":
                sizes[source[1]] -= count
        words.append(word)
    return " ".join(words)
