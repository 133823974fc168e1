"""Hints for Eight Off and its family: can the game still be won, the next move of a win, and
where a lost game was lost — the patience twin of Euler's Officers' explain and repair.

Every answer comes from the exact solver (:mod:`officers.eightoff.solve`) and is never a guess:
a search that runs out of time (or of room for its states) answers *unknown*.

- :func:`is_winnable`: ``True``, ``False``, or ``None`` when unknown;
- :func:`next_move`: the first move of a win, a :class:`~officers.eightoff.moves.Move` legal in
  the game's own rules (the solver plays safe cards to the foundations "at once", but each as a
  move of its own: its first move is a real move);
- :func:`where_lost`: for a game that can no longer be won, the fewest undos that make it
  winnable again. Winnability only shrinks along a game (a later position is reachable from an
  earlier one), so the positions of a game's history that can be won are its first ones: the
  walk back from the end decides each position until the first that can be won, and the move
  played from it lost the game. The answer is a :class:`Hint`, told by :meth:`Hint.text` in
  English and German.

How much a hint tells is its *level* (:data:`LEVELS`, the least first), for a player who wants
help but not the answer: ``winnable`` says only whether the game can still be won; ``nudge``
adds where to look (the place whose card the next move of a win takes) or, for a lost game,
where it was lost and how many moves to undo, but not the move to play instead; ``move`` (the
default) adds the next move; ``plan`` the whole win from there. A hint never says more than its
level: the facts above it are left out of the :class:`Hint` itself, not only of its sentence.

A time limit bounds the whole call: the positions a call decides share it. Each call also takes
a ``budget`` (:class:`~officers.core.budget.Budget`: a deadline and a cancel), the shape of every
game's aid; the earlier of its deadline and the time limit ends the call.

>>> from officers.eightoff.game import EightOffGame
>>> game = EightOffGame.deal(1)
>>> is_winnable(game.position), next_move(game.position)
(True, Move.parse('4h'))
>>> print(where_lost(game).text("en"))
The game can still be won: play 4h next.
>>> print(where_lost(game, level="nudge").text("en"))
The game can still be won: look at column 4.
>>> hint = where_lost(game, level="plan")
>>> len(hint.plan), hint.plan[:3]
(81, (Move.parse('4h'), Move.parse('1e'), Move.parse('1h')))
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Literal

from officers.core.budget import Budget, budget_of
from officers.core.errors import check_time_limit, excerpt
from officers.eightoff.game import EightOffGame
from officers.eightoff.moves import FOUNDATION, Move, Place
from officers.eightoff.position import Position
from officers.eightoff.solve import Move as SolverMove
from officers.eightoff.solve import Solution, solve_position
from officers.eightoff.words import Language, speaker

if TYPE_CHECKING:
    from threading import Event

__all__ = [
    "DEFAULT_LEVEL",
    "DEFAULT_MAX_STATES",
    "DEFAULT_TIME_LIMIT",
    "LEVELS",
    "Hint",
    "HintLevel",
    "HintStatus",
    "check_level",
    "is_winnable",
    "next_move",
    "solver_move",
    "where_lost",
]

HintStatus = Literal["won", "winnable", "lost", "unknown"]

HintLevel = Literal["winnable", "nudge", "move", "plan"]

LEVELS: Final[tuple[HintLevel, ...]] = ("winnable", "nudge", "move", "plan")
"""How much a hint tells, the least first (see the module): ``winnable`` (whether the game can
still be won), ``nudge`` (where to look, or where a lost game was lost), ``move`` (the next
move) and ``plan`` (the whole win)."""

DEFAULT_LEVEL: Final[HintLevel] = "move"
"""The level of a hint when none is asked for: the next move (what a hint told before it had
levels)."""

DEFAULT_TIME_LIMIT: Final = 10.0
"""The seconds a call takes at most, by default (shared by every position it decides)."""

DEFAULT_MAX_STATES: Final = 5_000_000
"""The positions each search stores at most, by default (the solver's)."""


# --- deciding positions within one time limit ----------------------------------------------


class _Spending:
    """What one call may spend (its :class:`~officers.core.budget.Budget` and the positions each
    search stores), and what it spent, shared by the searches it makes."""

    def __init__(
        self,
        time_limit: float | None,
        max_states: int,
        cancel: Event | None = None,
        budget: Budget | None = None,
    ) -> None:
        self.budget = budget_of(budget, check_time_limit(time_limit), cancel)
        self.max_states = max_states
        self.states = 0
        self.started = time.monotonic()

    def decide(self, position: Position) -> Solution:
        """The solver's answer for ``position`` in the time left ("unknown" when none is)."""
        budget = self.budget
        if budget.cancelled():
            return Solution("unknown", reason="cancelled")
        left = budget.left()
        if left is not None and left <= 0:
            return Solution("unknown", reason="time")
        solution = solve_position(
            position, time_limit=left, max_states=self.max_states, cancel=budget.cancel
        )
        self.states += solution.states
        return solution

    def seconds(self) -> float:
        return time.monotonic() - self.started


def _position_of(subject: Position | EightOffGame) -> Position:
    if isinstance(subject, EightOffGame):
        return subject.position
    if not isinstance(subject, Position):
        raise TypeError(f"expected a Position or an EightOffGame, got {excerpt(subject)}")
    return subject


def check_level(level: object) -> HintLevel:
    """``level`` when it is one of :data:`LEVELS`, else :class:`ValueError` quoting it.

    >>> check_level("nudge")
    'nudge'
    >>> check_level("all")
    Traceback (most recent call last):
      ...
    ValueError: no hint level 'all': expected one of winnable, nudge, move, plan
    """
    if not isinstance(level, str) or level not in LEVELS:
        raise ValueError(f"no hint level {excerpt(level)}: expected one of {', '.join(LEVELS)}")
    return level


def solver_move(move: SolverMove) -> Move:
    """A move of the solver (``(("column", 2), ("foundation", 1), 1)``) as a
    :class:`~officers.eightoff.moves.Move`.

    >>> solver_move((("column", 2), ("foundation", 1), 1))
    Move.parse('3h')
    """
    (source_kind, source), (target_kind, target), count = move
    return Move(
        Place(source_kind, source),  # type: ignore[arg-type]
        FOUNDATION if target_kind == "foundation" else Place(target_kind, target),  # type: ignore[arg-type]
        count,
    )


def is_winnable(
    position: Position | EightOffGame,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    max_states: int = DEFAULT_MAX_STATES,
    budget: Budget | None = None,
) -> bool | None:
    """Whether the position (or the game's position now) can still be won: ``True`` (a won
    position too), ``False`` (proved), or ``None`` when the search ran out of time (the
    earlier of ``time_limit`` and ``budget``'s deadline) or room, or was stopped.

    >>> from officers.eightoff.variant import BAKERS_GAME
    >>> is_winnable(Position.numbered(2, BAKERS_GAME))
    False
    """
    solution = _Spending(time_limit, max_states, None, budget).decide(_position_of(position))
    return None if solution.status == "unknown" else solution.status == "solvable"


def next_move(
    position: Position | EightOffGame,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    max_states: int = DEFAULT_MAX_STATES,
    budget: Budget | None = None,
) -> Move | None:
    """The first move of a win from the position (or the game's position now), with its count;
    ``None`` when there is none to give: the position is won, cannot be won, or the search ran
    out of time (within ``time_limit`` and ``budget``, as :func:`is_winnable`, which tells
    which).

    >>> from officers.eightoff.variant import FREECELL
    >>> game = EightOffGame(Position.numbered(1, FREECELL))
    >>> move = next_move(game)
    >>> game.is_legal(move)
    True
    >>> _ = game.push(move)
    >>> is_winnable(game)
    True
    """
    solution = _Spending(time_limit, max_states, None, budget).decide(_position_of(position))
    return solver_move(solution.moves[0]) if solution.moves else None


# --- the hint ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """What :func:`where_lost` found about a game: a fact, told by :meth:`text`.

    ``status``: ``"won"``, ``"winnable"`` (``move`` is the next move of a win), ``"unknown"``
    (the search ran out first: ``reason`` is ``"time"`` or ``"memory"``) or ``"lost"``. For a
    lost game, ``lost_at`` is the number (1-based) of the move that lost it, ``losing_move``
    that move, ``before`` the position it was played from, ``undos`` the fewest moves to take
    back to win again, and ``move`` the first move of a win from ``before``; ``lost_at`` is 0
    when the game's start cannot be won, and ``None`` (with ``reason``) when the search ran out
    before it found the move. ``moves`` is the number of moves of the game, ``states`` the
    positions the searches stored, ``seconds`` the time taken.

    ``level`` is how much the hint tells (:data:`LEVELS`), and the fields hold no more: at
    ``winnable`` only ``status`` (and ``reason``); at ``nudge`` also ``look``, the place the
    next move of a win takes its card from, and where a lost game was lost (``lost_at``,
    ``losing_move``, ``before``, ``undos``), but not ``move``; at ``move`` also ``move``; at
    ``plan`` also ``plan``, the whole win (from ``before`` for a lost game).
    """

    status: HintStatus
    move: Move | None = None
    lost_at: int | None = None
    losing_move: Move | None = None
    before: Position | None = None
    undos: int | None = None
    reason: str | None = None
    moves: int = 0
    states: int = 0
    seconds: float = 0.0
    level: HintLevel = DEFAULT_LEVEL
    look: Place | None = None
    plan: tuple[Move, ...] | None = None

    def told(self, level: HintLevel) -> Hint:
        """The hint as ``level`` tells it: the facts above that level left out (a hint of a
        lower level than asked for is returned as it is: it cannot tell what it does not
        hold).

        >>> game = EightOffGame.deal(1)
        >>> hint = where_lost(game, level="plan")
        >>> hint.told("nudge").move, hint.told("nudge").look
        (None, Place(kind='column', index=3))
        >>> hint.told("winnable").text()
        'The game can still be won.'
        """
        level = check_level(level)
        rank = LEVELS.index(level)
        if rank >= LEVELS.index(self.level):
            return self
        facts: dict[str, Any] = {"level": level, "plan": None}
        if rank < LEVELS.index("move"):
            facts["move"] = None
        if rank < LEVELS.index("nudge"):
            facts.update(look=None, lost_at=None, losing_move=None, before=None, undos=None)
            if self.status == "lost":
                facts["reason"] = None
        return replace(self, **facts)

    def text(self, lang: Language = "en") -> str:
        """The hint as a sentence in ``lang`` (:mod:`officers.eightoff.words`)."""
        return speaker(lang).hint(self)

    def to_dict(self, lang: Language = "en") -> dict[str, Any]:
        """The JSON form: the fields (moves and ``look`` in their notation, ``before`` a
        position notation, ``plan`` a list of moves or null) and ``text`` in ``lang``."""
        return {
            "kind": "eightoff-hint",
            "status": self.status,
            "move": None if self.move is None else self.move.notation(),
            "lost_at": self.lost_at,
            "losing_move": None if self.losing_move is None else self.losing_move.notation(),
            "before": None if self.before is None else self.before.notation(),
            "undos": self.undos,
            "reason": self.reason,
            "moves": self.moves,
            "states": self.states,
            "seconds": round(self.seconds, 6),
            "level": self.level,
            "look": None if self.look is None else self.look.notation(),
            "plan": None if self.plan is None else [move.notation() for move in self.plan],
            "text": self.text(lang),
        }

    def __str__(self) -> str:
        return self.text()


def where_lost(
    game: EightOffGame,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    max_states: int = DEFAULT_MAX_STATES,
    cancel: Event | None = None,
    budget: Budget | None = None,
    level: HintLevel = DEFAULT_LEVEL,
) -> Hint:
    """Whether ``game`` can still be won (and its next move), and, when it cannot, where it
    was lost: the fewest undos after which it can be won again (see the module), told at
    ``level`` (:data:`LEVELS`; :class:`ValueError` for another): no more than that level
    tells is in the answer. At ``winnable`` a lost game is not walked back (one search).

    Eight Off's aid, in the shape of every game's (:mod:`officers.core.budget`): it answers by
    ``budget``'s deadline (and by ``time_limit`` seconds, whichever comes first) or at once when
    the budget's ``cancel`` (or ``cancel``) is set, with what it knows then: a search out of
    time, of room or stopped answers *unknown* with its ``reason`` (``time``, ``memory``,
    ``cancelled``), never an error.

    >>> from officers.eightoff.variant import BAKERS_GAME
    >>> game = EightOffGame.deal(3, BAKERS_GAME)
    >>> for move in "4d 7a 3b 6c".split():
    ...     _ = game.push(move)
    >>> hint = where_lost(game)
    >>> hint.status, hint.lost_at, hint.losing_move, hint.undos, hint.move
    ('lost', 2, Move.parse('7a'), 3, Move.parse('1a'))
    >>> print(hint.text("de"))
    Die Partie ging mit Zug 2 verloren, als 7a Karo-Dame in Freizelle a legte: nimm 3 Züge zurück, dann ist sie wieder zu gewinnen, mit 1a stattdessen.
    """
    if not isinstance(game, EightOffGame):
        raise TypeError(f"expected an EightOffGame, got {excerpt(game)}")
    level = check_level(level)
    spent = _Spending(time_limit, max_states, cancel, budget)
    positions, moves = game.positions(), game.moves
    now = positions[-1]
    if now.is_won():
        return _hint(spent, "won", len(moves), level)
    solution = spent.decide(now)
    if solution.status != "unsolvable":
        return _decided(spent, solution, len(moves), level)
    if level == "winnable":
        return _hint(spent, "lost", len(moves), level)
    seen: dict[Position, Solution] = {now: solution}
    for index in range(len(moves) - 1, -1, -1):
        before = positions[index]
        if before not in seen:
            seen[before] = spent.decide(before)
        earlier = seen[before]
        if earlier.status == "unknown":
            return _hint(spent, "lost", len(moves), level, reason=earlier.reason)
        if earlier.status == "solvable":
            return _hint(
                spent,
                "lost",
                len(moves),
                level,
                win=earlier.moves,
                lost_at=index + 1,
                losing_move=moves[index],
                before=before,
                undos=len(moves) - index,
            )
    return _hint(spent, "lost", len(moves), level, lost_at=0)


def _decided(spent: _Spending, solution: Solution, moves: int, level: HintLevel) -> Hint:
    if solution.status == "unknown":
        return _hint(spent, "unknown", moves, level, reason=solution.reason)
    return _hint(spent, "winnable", moves, level, win=solution.moves)


def _hint(
    spent: _Spending,
    status: HintStatus,
    moves: int,
    level: HintLevel,
    win: list[SolverMove] | None = None,
    **facts: Any,
) -> Hint:
    """The hint of these facts (``win``: the solver's win from the position now, or from
    ``before``), told at ``level``."""
    if win:
        plan = tuple(solver_move(move) for move in win)
        facts.update(move=plan[0], look=plan[0].source, plan=plan)
    hint = Hint(
        status, moves=moves, states=spent.states, seconds=spent.seconds(), level="plan", **facts
    )
    return hint.told(level)
