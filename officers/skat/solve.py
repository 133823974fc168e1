"""The double-dummy solver of Offiziersskat: the points Vorhand takes under best play of both.

Double dummy: every card is known, the face-down ones too, and both players play perfectly —
Vorhand to take as many points as she can, Hinterhand to leave her as few. A face-down card is
still played only once the card on it is gone. The value of a position counts the points taken
already; from any position: before the game choice (each game's value, and the best), at the
start of a trick or with a card on the table.

:func:`solve` answers the value and a principal variation (a line of best play),
:func:`solve_games` the value of each game choice, :func:`wins` whether Vorhand reaches 61
(a zero-window search, cheaper than the value), :func:`wins_after` the same after each of a
position's moves, on one table, and :func:`sampled_wins` counts them over positions (a sample of
the face-down cards). :func:`minimax` is the plain reference: a
minimax over the rules engine itself, with no table and no ordering, simple enough to trust and
slow (for endgames); the tests hold the fast search to it.

Every search takes ``time_limit`` (seconds or ``None``) and raises
:class:`~officers.SolverTimeoutError` when it runs out.

>>> from officers.skat import SkatGame
>>> game = SkatGame.deal(1)
>>> game.push("G") and None
>>> for _ in range(22):  # eleven tricks, each player's first legal card
...     game.push(game.legal_moves()[0]) and None
>>> solution = solve(game.position)
>>> solution.value == minimax(game.position), len(solution.line) == 10
(True, True)
>>> wins(game.position) == (solution.value >= 61)
True
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from officers.core.errors import (
    InvalidGameError,
    SolverTimeoutError,
    check_time_limit,
    excerpt,
    invalid_argument,
)
from officers.core.lifetime import cpus
from officers.skat.cards import GAMES, TRUMP, GameType, lane
from officers.skat.game import SkatGame
from officers.skat.moves import Move
from officers.skat.position import Deal, Position
from officers.skat.rules import legal_moves, play
from officers.skat.search import Board, Search, check_threads

__all__ = [
    "THREADS_FROM",
    "Solution",
    "minimax",
    "sampled_wins",
    "solve",
    "solve_games",
    "wins",
    "wins_after",
]


@dataclass(frozen=True, slots=True)
class Solution:
    """A solved position: ``value`` (the points Vorhand ends with under best play, those taken
    already included), ``line`` (a principal variation: moves of best play to the end) and
    ``nodes`` (tricks searched)."""

    value: int
    line: tuple[Move, ...]
    nodes: int

    @property
    def won(self) -> bool:
        """Whether Vorhand wins (61 or more)."""
        return self.value >= 61

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``value``, ``won``, ``line`` (move notations), ``nodes``."""
        return {
            "value": self.value,
            "won": self.won,
            "line": [m.notation() for m in self.line],
            "nodes": self.nodes,
        }


def _position(where: Position | SkatGame | Deal) -> Position:
    if isinstance(where, SkatGame):
        return where.position
    if isinstance(where, Deal):
        return Position.start(where)
    if isinstance(where, Position):
        return where
    raise TypeError(f"expected a Position, a SkatGame or a Deal, got {excerpt(where)}")


def _deadline(time_limit: float | None) -> float | None:
    seconds = check_time_limit(time_limit)
    return None if seconds is None else time.perf_counter() + seconds


def _left(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    left = deadline - time.perf_counter()
    if left <= 0:
        raise SolverTimeoutError("the double-dummy search ran out of time")
    return left


def _vorhand(position: Position, leader_value: int) -> int:
    """Vorhand's final points from the value of the leader of the trick on the table."""
    out = 120 - sum(position.points)
    own = leader_value if position.leader == 0 else out - leader_value
    return position.points[0] + own


def _test(search: Search, position: Position, target: int) -> tuple[bool, int]:
    """Whether Vorhand's final points reach ``target`` (one zero-window search), with the
    bound the search proved: a lower bound (>= target) when they do, else an upper bound
    (< target). ``position`` is the search's board's or one reached from it."""
    at = search.board.locate(position)
    out = 120 - sum(position.points)
    need = target - position.points[0]
    if need <= 0:
        return True, position.points[0]
    if need > out:
        return False, position.points[0] + out
    if position.leader == 0:
        found = search.value(need - 1, need, at)
        return found >= need, position.points[0] + found
    # Hinterhand leads: Vorhand reaches need iff Hinterhand's points stay <= out - need
    found = search.value(out - need, out - need + 1, at)
    return found <= out - need, position.points[0] + out - found


def _bound(search: Search, position: Position, target: int) -> bool:
    """Whether Vorhand's final points reach ``target`` (:func:`_test`)."""
    return _test(search, position, target)[0]


def _value(search: Search, position: Position, threads: int) -> int:
    """Vorhand's final points, by zero-window tests (:meth:`Search.exact`)."""
    return _vorhand(position, search.exact(search.board.locate(position), threads))


THREADS_FROM = 24
"""The fewest cards in play for which :func:`solve` runs two threads by default: below, a
search is over before a second thread would pay for itself."""


def _threads(position: Position, threads: int | None) -> int:
    """The threads a search of ``position`` runs (``threads``: see :func:`solve`)."""
    if threads is not None:
        return check_threads(threads)
    cards = sum(len(pile) for side in position.piles for pile in side)
    return min(2, cpus()) if cards >= THREADS_FROM else 1


def solve(
    where: Position | SkatGame | Deal,
    *,
    time_limit: float | None = None,
    line: bool = True,
    compiled: bool | None = None,
    threads: int | None = None,
) -> Solution:
    """The value of a position (Vorhand's final points under best play) and, with ``line``, a
    principal variation. Before the game choice it is the best game's (and the line starts with
    that choice; :func:`solve_games` gives each game's). ``compiled``: the compiled search
    (:mod:`officers.skat.accel`) where it is installed (``None``), never (``False``) or always
    (``True``: an :class:`~officers.InvalidArgumentError` without it); the same answer.
    ``threads`` (1 .. 8): how many zero-window tests the compiled search runs at once, each in
    a thread of its own (:meth:`~officers.skat.search.Search.exact`); by default two where the
    process may use two CPUs and :data:`THREADS_FROM` cards or more are in play, else one. The
    same answer; a simulation that fills every core with processes of its own passes 1.

    >>> from officers.skat import Deal
    >>> solve(Deal.numbered(1), time_limit=0.001)
    Traceback (most recent call last):
      ...
    officers.SolverTimeoutError: the double-dummy search ran out of time
    """
    position = _position(where)
    deadline = _deadline(time_limit)
    workers = _threads(position, threads)
    if position.phase == "over":
        return Solution(position.points[0], (), 0)
    if position.game is None:
        value, best, search, nodes = _best_game(position, deadline, compiled, workers)
        if not line:
            return Solution(value, (), nodes)
        choice = Move.choose(best)
        before = search.nodes
        moves = _line(search, play(position, choice), value)
        return Solution(value, (choice, *moves), nodes + search.nodes - before)
    search = Search(Board(position), _left(deadline), compiled=compiled)
    value = _value(search, position, workers)
    moves = _line(search, position, value) if line else ()
    return Solution(value, moves, search.nodes)


def _trumps_held(position: Position, game: GameType) -> int:
    """How many more trumps Vorhand holds than Hinterhand in ``game`` (face down too)."""
    count = 0
    for player, side in enumerate(position.piles):
        for pile in side:
            for card in pile:
                if lane(card, game) == TRUMP:
                    count += 1 if player == 0 else -1
    return count


def _best_game(
    position: Position, deadline: float | None, compiled: bool | None, threads: int
) -> tuple[int, GameType, Search, int]:
    """The best game's value, the game, its search and the tricks searched in all. The games
    are tried by the trumps Vorhand holds, most first; a later game is solved only if one
    zero-window test shows it beats the best so far (the first of equal games stays)."""
    found: tuple[int, GameType, Search] | None = None
    nodes = 0
    for game in sorted(GAMES, key=lambda g: -_trumps_held(position, g)):
        chosen = play(position, Move.choose(game))
        search = Search(Board(chosen), _left(deadline), compiled=compiled)
        if found is None or _bound(search, chosen, found[0] + 1):
            value = _value(search, chosen, threads)
            if found is None or value > found[0]:
                found = (value, game, search)
        nodes += search.nodes
    assert found is not None
    return found[0], found[1], found[2], nodes


def _games(
    position: Position, deadline: float | None, compiled: bool | None, threads: int
) -> dict[GameType, tuple[int, Search]]:
    """Each game's value, with the search that found it (its table is warm for a line)."""
    result: dict[GameType, tuple[int, Search]] = {}
    for game in GAMES:
        chosen = play(position, Move.choose(game))
        search = Search(Board(chosen), _left(deadline), compiled=compiled)
        result[game] = (_value(search, chosen, threads), search)
    return result


def _line(search: Search, position: Position, value: int) -> tuple[Move, ...]:
    """A principal variation: at each move, the first legal move that keeps the value (each
    tested by one zero-window search, in the same table), the table's best lead tried first."""
    moves: list[Move] = []
    while position.phase == "play":
        legal = legal_moves(position)
        hint = search.best_lead(search.board.locate(position)) if not position.trick else None
        legal.sort(key=lambda move: move.card != hint)  # stable: the others keep their order
        for move in legal:
            after = play(position, move)
            if after.phase == "over":
                keeps = after.points[0] == value
            elif position.to_move == 0:
                keeps = _bound(search, after, value)
            else:
                keeps = not _bound(search, after, value + 1)
            if keeps:
                moves.append(move)
                position = after
                break
        else:  # pragma: no cover - the value is reached by some move
            raise InvalidGameError("no move keeps the value: the search disagrees with itself")
    return tuple(moves)


def solve_games(
    where: Position | SkatGame | Deal,
    *,
    time_limit: float | None = None,
    compiled: bool | None = None,
    threads: int | None = None,
) -> dict[GameType, Solution]:
    """Each game choice's value (no lines), before the choice (``compiled`` and ``threads`` as
    for :func:`solve`)."""
    position = _position(where)
    workers = _threads(position, threads)
    if position.phase != "choose":
        raise invalid_argument(
            "the game is chosen already: solve() gives its value", was=InvalidGameError
        )
    searches = _games(position, _deadline(time_limit), compiled, workers)
    return {game: Solution(value, (), search.nodes) for game, (value, search) in searches.items()}


def wins(
    where: Position | SkatGame | Deal,
    *,
    time_limit: float | None = None,
    compiled: bool | None = None,
) -> bool:
    """Whether Vorhand ends with 61 points or more under best play (before the choice: with
    the best game). One zero-window search per game: cheaper than the value (``compiled`` as
    for :func:`solve`)."""
    position = _position(where)
    deadline = _deadline(time_limit)
    if position.phase == "over":
        return position.points[0] >= 61
    if position.game is None:
        ordered = sorted(GAMES, key=lambda g: -_trumps_held(position, g))
        return any(
            wins(play(position, Move.choose(g)), time_limit=_left(deadline), compiled=compiled)
            for g in ordered
        )
    return _bound(Search(Board(position), _left(deadline), compiled=compiled), position, 61)


def wins_after(
    where: Position | SkatGame | Deal,
    moves: Iterable[Move],
    *,
    time_limit: float | None = None,
    compiled: bool | None = None,
) -> dict[Move, bool]:
    """For each of ``moves`` (moves of ``where``), whether Vorhand ends with 61 points or more
    after it under best play: :func:`wins` of each position after a move, the same answers.
    Once the game is chosen the positions after the moves share one board, so their
    zero-window searches run on one table: each finds much of what the others need (the
    positions after two moves meet again a trick or two later). Before the choice each game has
    a board of its own, and each is :func:`wins` alone. ``time_limit`` bounds them all;
    ``compiled`` as for :func:`solve`.

    >>> from officers.skat import SkatGame
    >>> game = SkatGame.deal(2)
    >>> game.push("H") and None
    >>> for _ in range(16):
    ...     game.push(game.legal_moves()[-1]) and None
    >>> after = wins_after(game, game.legal_moves())
    >>> after == {m: wins(play(game.position, m)) for m in game.legal_moves()}
    True
    """
    position = _position(where)
    deadline = _deadline(time_limit)
    children = {move: play(position, move) for move in moves}
    if position.game is None:
        return {
            move: wins(child, time_limit=_left(deadline), compiled=compiled)
            for move, child in children.items()
        }
    search = Search(Board(position), _left(deadline), compiled=compiled)
    return {move: _bound(search, child, 61) for move, child in children.items()}


def sampled_wins(
    moves: Sequence[Move],
    positions: Iterable[Position],
    *,
    time_limit: float | None = None,
    deadline: float | None = None,
) -> dict[Move, int]:
    """For each move, in how many of ``positions`` Vorhand still wins after it (the moves of
    one position searched on one table, :func:`wins_after`): the double-dummy count of a
    sample of the face-down cards, drawn by the caller. ``time_limit`` bounds each position's
    searches, ``deadline`` (:func:`time.monotonic`) all of them; past either,
    :class:`~officers.SolverTimeoutError`.

    >>> from officers.skat import SkatGame
    >>> game = SkatGame.deal(2)
    >>> game.push("H") and None
    >>> moves = game.legal_moves()
    >>> counts = sampled_wins(moves, [game.position] * 3)
    >>> counts == {move: 3 * won for move, won in wins_after(game, moves).items()}
    True
    """
    counts = dict.fromkeys(moves, 0)
    for position in positions:
        left = time_limit
        if deadline is not None:
            rest = deadline - time.monotonic()
            if rest <= 0:
                raise SolverTimeoutError("the sampled double-dummy searches ran out of time")
            left = rest if left is None else min(left, rest)
        won = wins_after(position, moves, time_limit=left)
        for move in moves:
            counts[move] += won[move]
    return counts


def minimax(where: Position | SkatGame | Deal, *, time_limit: float | None = None) -> int:
    """Vorhand's final points under best play by plain minimax over the rules engine
    (:func:`~officers.skat.rules.legal_moves`, :func:`~officers.skat.rules.play`): no table,
    no ordering, no pruning. The reference the fast search is tested against; for endgames."""
    position = _position(where)
    deadline = _deadline(time_limit)

    def value(now: Position) -> int:
        if deadline is not None and time.perf_counter() > deadline:
            raise SolverTimeoutError("the plain minimax ran out of time")
        if now.phase == "over":
            return now.points[0]
        values = [value(play(now, move)) for move in legal_moves(now)]
        return max(values) if now.to_move == 0 else min(values)

    return value(position)
