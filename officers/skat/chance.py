"""The exact value of Offiziersskat as it is really played: a game of chance, not of hidden
information.

The face-down cards are hidden from both players alike, so given the public view
(:class:`~officers.skat.public.Public`) every assignment of the unseen cards to the hidden piles
is equally likely, and when a top card is played the card beneath turns up as a uniform draw
from the unseen cards. The game is a perfect-information game with chance moves, and it has an
exact value, found by expectiminimax: a max node where Vorhand moves, a min node where
Hinterhand moves, a chance node at each turn-up (each unseen card with the same chance).

Two objectives, two values, both as :class:`fractions.Fraction`:

- ``"win"``: Vorhand's probability of reaching 61 points, both playing to win (Vorhand) or to
  stop the win (Hinterhand); a leaf is worth 1 or 0 by the double-dummy win test
  (:func:`officers.skat.solve.wins`);
- ``"points"``: Vorhand's expected final points, both playing for points; a leaf is worth the
  double-dummy value (:func:`officers.skat.solve.solve`).

A leaf is a position with at most one card face down: the last unseen card lies in the last
hidden pile, so every card is known and its value is the double-dummy value, exactly.
Positions are remembered by their public state (the face-up cards, the hidden piles, the unseen
cards, the trick on the table and, for ``"win"``, Vorhand's points; a leaf of ``"win"``
without them, below): a subgame's value depends on nothing else, nor on where a pile lies among
its player's piles (the rules never ask a pile's number), so the key holds each player's piles
sorted: (face-up card, whether a card lies beneath) for each. Turn-ups reach such states by
many paths (two cards turned up in two piles, in either order): this halves the states
searched. A leaf of ``"win"`` is remembered by the bounds its double-dummy tests proved on
Vorhand's points to come, which do not depend on her points so far: the same cards in play
reached with other points are decided by those bounds where they reach 61 less her points, and
otherwise tested at that need, narrowing them.

Pruning, none of which changes the value: alpha-beta windows at the players' nodes, Ballard's
Star1 at a chance node (each turned card's window the one outside which the mean is decided
whatever the cards still to try bring), a lower and an upper bound in the table (fail-soft),
the moves that look best for the player to move first; a position is decided without a search
when Vorhand has 61 points, or can no longer reach them. The compiled search
(``officers.skat._dd``) reads more, each sound and tested against this one: a state of
``"win"`` bounded by itself at Vorhand's other points, states keyed with the cards of equal
points next to each other in a lane renamed, one of two such cards of the mover searched
(docs/skat.md); a long search takes the top state's moves in threads on one memo
(:mod:`officers.skat.split`).

Every search honours ``time_limit``. :func:`exact_value` raises
:class:`~officers.SolverTimeoutError` when it runs out; :func:`win_probability` and
:func:`expected_points` then answer an **estimate** instead: Monte Carlo over the consistent
positions (each solved double-dummy, then averaged), with a 95 % interval over the samples. The
estimate has a known bias (strategy fusion: each sample is played as if every card were known),
so it is labelled ``exact: false``, ``method: "estimate"``, and its text says *estimate*.

>>> from officers.skat import SkatGame
>>> game = SkatGame.deal(1)
>>> game.push("G") and None
>>> for _ in range(25):
...     game.push(game.legal_moves()[-1]) and None
>>> public = Public.of(game)
>>> public.hidden_count()
3
>>> answer = win_probability(public)
>>> answer.exact, answer.method, 0 <= answer.value <= 1
(True, 'exact', True)
>>> exact_value(public, "win") == answer.value
True
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal

from officers.core.errors import (
    InvalidArgumentError,
    InvalidGameError,
    SolverTimeoutError,
    check_time_limit,
    excerpt,
    invalid_argument,
)
from officers.skat import accel
from officers.skat.accel import CompiledChance
from officers.skat.cards import GAMES, LANES, POINTS, POWERS, GameType, beats, lane, power
from officers.skat.game import SkatGame
from officers.skat.moves import Move
from officers.skat.position import Position
from officers.skat.public import Public
from officers.skat.rules import play
from officers.skat.search import Board, Search
from officers.skat.solve import solve, wins
from officers.skat.split import SPLIT_AFTER, Where, by_sampled_wins, split, threads_of

__all__ = [
    "OBJECTIVES",
    "ChanceValue",
    "Objective",
    "estimate",
    "exact_value",
    "expected_points",
    "fraction_text",
    "game_values",
    "move_values",
    "sampled_round",
    "win_probability",
]

Objective = Literal["win", "points"]
"""``"win"``: Vorhand's win probability; ``"points"``: her expected final points."""

OBJECTIVES: Final[tuple[Objective, ...]] = ("win", "points")

_Z95: Final = 1.959963984540054
_CHECK_EVERY: Final = 64


@dataclass(frozen=True, slots=True)
class _State:
    """A public state in compact form: ``up`` (16 slots, ``8 * player + pile``: the face-up
    card or -1), ``hid`` (bit per slot: a card lies beneath), ``unseen`` (bit per card),
    ``leader``, ``lead`` (the card on the table or -1), the points and the tricks."""

    up: tuple[int, ...]
    hid: int
    unseen: int
    leader: int
    lead: int
    points: tuple[int, int]
    tricks: tuple[int, int]


def _state(public: Public) -> _State:
    up = tuple(-1 if c is None else c for side in public.up for c in side)
    hid = sum(1 << (8 * p + i) for p, i in public.hidden_slots())
    unseen = sum(1 << c for c in public.unseen())
    lead = public.trick[0] if public.trick else -1
    return _State(up, hid, unseen, public.leader, lead, public.points, public.tricks)


def _public(state: _State, game: GameType) -> Public:
    up = tuple(None if c < 0 else c for c in state.up)
    hidden = tuple(bool(state.hid >> s & 1) for s in range(16))
    seen = {c for c in state.up if c >= 0} | ({state.lead} if state.lead >= 0 else set())
    gone = tuple(c for c in range(32) if c not in seen and not state.unseen >> c & 1)
    return Public(
        game,
        (up[:8], up[8:]),
        (hidden[:8], hidden[8:]),
        state.leader,
        () if state.lead < 0 else (state.lead,),
        state.points,
        state.tricks,
        gone,
    )


def _cards(mask: int) -> list[int]:
    return [c for c in range(32) if mask >> c & 1]


def _to_move(state: _State) -> int:
    return state.leader if state.lead < 0 else 1 - state.leader


def _moves(state: _State, game: GameType) -> list[int]:
    """The slots the player to move may play from (the follow rule sees face-up cards only)."""
    player = _to_move(state)
    slots = [s for s in range(8 * player, 8 * player + 8) if state.up[s] >= 0]
    if state.lead >= 0:
        wanted = lane(state.lead, game)
        following = [s for s in slots if lane(state.up[s], game) == wanted]
        return following or slots
    return slots


def _lead_gain(state: _State, card: int, game: GameType) -> int:
    """Leading ``card``: the trick's points to its leader if the other player answers with the
    face-up card the follow rule allows him that is best for him, negative when he takes the
    trick; 0 when he has no face-up card."""
    other = 1 - _to_move(state)
    answers = [c for c in state.up[8 * other : 8 * other + 8] if c >= 0]
    following = [c for c in answers if lane(c, game) == lane(card, game)]
    gains = [
        -(POINTS[card] + POINTS[y]) if beats(y, card, game) else POINTS[card] + POINTS[y]
        for y in following or answers
    ]
    return min(gains, default=0)


def _ordered(state: _State, game: GameType) -> list[int]:
    """The moves, those that look best for the player to move first (only the speed of the
    search depends on the order): answering, a card that wins the trick, the more points in
    it the better, else the cheapest, the lower card first on equal points; leading, the card
    whose trick brings the most against the other player's best face-up answer
    (:func:`_lead_gain`), the higher first on equal points."""
    slots = _moves(state, game)
    if state.lead < 0:
        return sorted(
            slots,
            key=lambda s: (_lead_gain(state, state.up[s], game), power(state.up[s])),
            reverse=True,
        )

    def gain(s: int) -> tuple[bool, int, int]:
        card = state.up[s]
        if beats(card, state.lead, game):
            return True, POINTS[state.lead] + POINTS[card], -power(card)
        return False, -POINTS[card], -power(card)

    return sorted(slots, key=gain, reverse=True)


def _after(state: _State, slot: int, game: GameType) -> list[_State]:
    """The states after playing from ``slot``: one, or one for each unseen card that may turn
    up (each with the same chance)."""
    card = state.up[slot]
    if state.lead < 0:
        leader, lead, points, tricks = state.leader, card, state.points, state.tricks
    else:
        leader = 1 - state.leader if beats(card, state.lead, game) else state.leader
        won = POINTS[state.lead] + POINTS[card]
        points = (state.points[0] + won, state.points[1]) if leader == 0 else (
            state.points[0], state.points[1] + won)  # fmt: skip
        tricks = (state.tricks[0] + 1, state.tricks[1]) if leader == 0 else (
            state.tricks[0], state.tricks[1] + 1)  # fmt: skip
        lead = -1
    if not state.hid >> slot & 1:
        up = (*state.up[:slot], -1, *state.up[slot + 1 :])
        return [_State(up, state.hid, state.unseen, leader, lead, points, tricks)]
    hid = state.hid & ~(1 << slot)
    return [
        _State(
            (*state.up[:slot], turned, *state.up[slot + 1 :]),
            hid,
            state.unseen & ~(1 << turned),
            leader,
            lead,
            points,
            tricks,
        )
        for turned in _cards(state.unseen)
    ]


def _native(game: GameType, objective: Objective, compiled: bool | None) -> CompiledChance | None:
    """The compiled chance search of ``game`` (``compiled``: where installed with ``None``,
    never with ``False``, always with ``True``: an error without it), or ``None``."""
    module = None if compiled is False else accel.module()
    if module is None:
        if compiled:
            raise InvalidArgumentError(f"no compiled search: {accel.status()}")
        return None
    cards = (bytes(LANES[game]), bytes(POWERS), bytes(POINTS))
    return CompiledChance(module, cards, OBJECTIVES.index(objective))


class _Search:
    """Expectiminimax over public states with alpha-beta windows (Ballard's Star1 at the
    chance nodes), remembered by their key with a lower and an upper bound.

    A value is the win probability (``"win"``) or Vorhand's expected points to come
    (``"points"``). Every call answers fail-soft: the exact value when it lies strictly inside
    the window ``(alpha, beta)``, else a true bound on the far side of the window.

    Inside, a state's value is an int: the value times ``u!``, ``u`` the number of its unseen
    cards (:meth:`scale`). The value of a state is a mean over turn-ups, each of the ``u``
    cards with chance ``1 / u``, of values times ``(u - 1)!``: so the numerator of the mean is
    the plain sum of the children's numerators, exactly, and no fraction is ever reduced. A
    leaf has at most one unseen card, ``0! = 1! = 1``: its value is the int the double-dummy
    search answers. The public methods answer a :class:`~fractions.Fraction`."""

    def __init__(
        self,
        game: GameType,
        objective: Objective,
        deadline: float | None,
        compiled: bool | None = None,
        threads: int = 1,
    ) -> None:
        self.game = game
        self.objective = objective
        self.deadline = deadline
        self.memo: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.leaves = 0
        self.native = _native(game, objective, compiled)
        """The same search compiled (:class:`~officers.skat.accel.CompiledChance`), or
        ``None``: this one, in Python. ``compiled`` as for :func:`exact_value`."""
        self.threads = threads
        self._helped = (0, 0)

    def _compiled(self, state: _State, slot: int, until: float | None = None) -> int | None:
        """The compiled search's answer for :meth:`exact` (``slot`` -1) or :meth:`expect`;
        ``None`` where ``until`` (:func:`time.perf_counter`) comes before the deadline."""
        assert self.native is not None
        stop = self.deadline
        if until is not None and (stop is None or until < stop):
            stop = until
        found = self.native.value(*self._where(state), slot, (-1, self.top(state) + 1), stop)
        self._count()
        if found is None and stop == self.deadline:
            raise SolverTimeoutError("the exact chance search ran out of time")
        return found

    @staticmethod
    def _where(state: _State) -> Where:
        up = bytes(255 if c < 0 else c for c in state.up)
        return (up, state.hid, state.unseen, state.leader, state.lead, state.points)

    def _count(self) -> None:
        nodes, leaves, _ = self.native.stats() if self.native is not None else (0, 0, 0)
        self.nodes, self.leaves = nodes + self._helped[0], leaves + self._helped[1]

    def _split(self, jobs: list[tuple[_State, int]], best: int | None, high: bool) -> list[int]:
        """:func:`officers.skat.split.split` of ``jobs`` over :attr:`threads`."""
        assert self.native is not None
        todo = [(self._where(state), slot) for state, slot in jobs]
        found = split(self.native, todo, threads=self.threads, deadline=self.deadline,
                      best=best, maximise=high)  # fmt: skip
        self._helped = (self._helped[0] + found.nodes, self._helped[1] + found.leaves)
        self._count()
        if found.values is None:
            raise SolverTimeoutError("the exact chance search ran out of time")
        return found.values

    def _compiled_exact(self, state: _State) -> int:
        """The compiled search's exact value of ``state``; past
        :data:`~officers.skat.split.SPLIT_AFTER` the moves ordered by sampled wins (the win),
        the first valued (:meth:`_first`), the others refuted, split between the threads."""
        slots = _ordered(state, self.game)
        until = time.perf_counter() + SPLIT_AFTER if len(slots) > 1 else None
        found = self._compiled(state, -1, until)
        if found is not None:
            return found
        if self.objective == "win":
            moves = {slot: Move.play(state.up[slot], slot % 8) for slot in slots}
            slots = by_sampled_wins(_public(state, self.game), moves, deadline=self.deadline)
        high = _to_move(state) == 0
        first = self._first(state, slots[0])
        values = [first, *self._split([(state, s) for s in slots[1:]], first, high)]
        return max(values) if high else min(values)

    def _first(self, state: _State, slot: int) -> int:
        """The value of playing from ``slot``: the sum of the exact values of the states after
        it (one for each card that may turn up) and the points taken, split between the threads
        at once."""
        after = _after(state, slot, self.game)
        scale, points = self.scale(state) // len(after), self.objective == "points"
        won = sum((a.points[0] - state.points[0]) * scale for a in after) if points else 0
        return won + sum(self._split([(a, -1) for a in after], None, True))

    def expect_all(self, state: _State, slots: list[int]) -> dict[int, Fraction]:
        """:meth:`expect` of each of ``slots``; the compiled search, past
        :data:`~officers.skat.split.SPLIT_AFTER`, takes the moves left between its threads."""
        if self.native is None:
            return {slot: self.expect(state, slot) for slot in slots}
        until = time.perf_counter() + SPLIT_AFTER if self.threads > 1 else None
        found: dict[int, int] = {}
        for slot in slots:
            value = self._compiled(state, slot, until)
            if value is None:
                break
            found[slot] = value
        rest = [slot for slot in slots if slot not in found]
        if rest:
            values = self._split([(state, s) for s in rest], None, True)
            found.update(zip(rest, values, strict=True))
        scale = self.scale(state)
        return {slot: Fraction(found[slot], scale) for slot in slots}

    def _left(self) -> float | None:
        if self.deadline is None:
            return None
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise SolverTimeoutError("the exact chance search ran out of time")
        return left

    def _key(self, state: _State) -> tuple[Any, ...]:
        """What decides a state's value: each player's piles as a sorted tuple (a pile's
        place among its player's piles decides nothing; see the module), the unseen cards,
        the leader, the card led, and for the win Vorhand's points."""
        hid, up = state.hid, state.up
        piles = tuple(
            tuple(sorted((up[s], hid >> s & 1) for s in range(8 * player, 8 * player + 8)))
            for player in (0, 1)
        )
        key = (piles, state.unseen, state.leader, state.lead)
        return (*key, state.points[0]) if self.objective == "win" else key

    @staticmethod
    def scale(state: _State) -> int:
        """``u!`` for the ``u`` unseen cards of the state: its values' denominator."""
        return math.factorial(state.unseen.bit_count())

    def top(self, state: _State) -> int:
        """The highest value the state can have, 1 or the points still out, times its scale."""
        best = 1 if self.objective == "win" else 120 - sum(state.points)
        return best * self.scale(state)

    def _final(self, state: _State) -> int | None:
        """The value (times the scale) without a search, when the points decide it or the game
        is over."""
        if self.objective == "win":
            out = 120 - sum(state.points)
            if state.points[0] >= 61:
                return self.scale(state)
            if state.points[0] + out < 61:
                return 0
        if not state.unseen and all(c < 0 for c in state.up) and state.lead < 0:
            return int(state.points[0] >= 61) if self.objective == "win" else 0
        return None

    def _leaf(self, state: _State, need: int | None = None) -> int:
        """The double-dummy answer of a state with at most one card face down: Vorhand's
        points to come (as :func:`officers.skat.solve.solve`), by the search on the leaf's
        board built slot by slot (the state comes from a checked view by the rules: nothing to
        check again). With ``need``, one zero-window test whether they reach it (as
        :func:`officers.skat.solve.wins`): fail-soft, a bound on the side it fails."""
        self.leaves += 1
        board = _leaf_board(state, self.game)
        search = Search(board, self._left())
        out = board.rest()
        if need is None:
            found = search.exact()
        elif state.leader == 0:
            found = search.value(need - 1, need)
        else:  # Hinterhand leads: her points to come tested at out - need
            found = search.value(out - need, out - need + 1)
        return found if state.leader == 0 else out - found

    def _won(self, state: _State) -> int:
        """A leaf of ``"win"``: 1 or 0, whether Vorhand's points to come reach 61 less her
        points (:meth:`_final` decided where they cannot, or need not). The leaf is remembered
        by the bounds on her points to come that its tests proved, under its key without her
        points (those to come do not depend on them), and tested only where the bounds do not
        decide its need."""
        key = (*self._key(state)[:-1], None)
        need = 61 - state.points[0]
        low, high = self.memo.get(key) or (0, 120 - sum(state.points))
        if low < need <= high:
            self.nodes += 1
            if self.nodes % _CHECK_EVERY == 0:
                self._left()
            found = self._leaf(state, need)
            low, high = (max(low, found), high) if found >= need else (low, min(high, found))
            self.memo[key] = (low, high)
        return int(low >= need)

    def exact(self, state: _State) -> Fraction:
        """The state's exact value (a full window)."""
        if self.native is not None:
            return Fraction(self._compiled_exact(state), self.scale(state))
        return Fraction(self.value(state, -1, self.top(state) + 1), self.scale(state))

    def value(self, state: _State, alpha: int, beta: int) -> int:
        """The state's value times its scale, fail-soft within ``(alpha, beta)`` (so scaled)."""
        final = self._final(state)
        if final is not None:
            return final
        if self.objective == "win" and state.hid & (state.hid - 1) == 0:
            return self._won(state)
        key = self._key(state)
        low, high = self.memo.get(key) or (0, self.top(state))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0:
            self._left()
        if state.hid & (state.hid - 1) == 0:  # at most one card face down: a leaf
            result = self._leaf(state)
            low = high = result
        else:
            result = self._choose(state, alpha, beta)
            if result <= alpha:
                high = min(high, result)
            elif result >= beta:
                low = max(low, result)
            else:
                low = high = result
        self.memo[key] = (low, high)
        return result

    def _choose(self, state: _State, alpha: int, beta: int) -> int:
        maximise = _to_move(state) == 0
        best: int | None = None
        for slot in _ordered(state, self.game):
            if maximise:
                value = self._expect(state, slot, alpha if best is None else max(alpha, best), beta)
                best = value if best is None else max(best, value)
                if best >= beta:
                    break
            else:
                value = self._expect(state, slot, alpha, beta if best is None else min(beta, best))
                best = value if best is None else min(best, value)
                if best <= alpha:
                    break
        assert best is not None
        return best

    def expect(self, state: _State, slot: int) -> Fraction:
        """The exact value of playing from ``slot``: the mean over the cards that may turn up."""
        scale = self.scale(state)
        if self.native is not None:
            found = self._compiled(state, slot)
            assert found is not None
            return Fraction(found, scale)
        return Fraction(self._expect(state, slot, -1, self.top(state) + 1), scale)

    def _expect(self, state: _State, slot: int, alpha: int, beta: int) -> int:
        """The value of playing from ``slot`` times the state's scale, fail-soft within
        ``(alpha, beta)`` (so scaled). Star1: each card's window is the one outside which the
        mean is decided whatever the cards left bring, each worth between 0 and the points
        still out (or 1). With ``n`` cards that may turn up (or one state after, ``n = 1``),
        each after-state's scale is the state's divided by ``n``, and the numerator of the
        mean is the sum of theirs."""
        after = _after(state, slot, self.game)
        n, total = len(after), 0
        child_scale = self.scale(state) // n
        top = self.top(state) // n  # the most any one after-state brings, in its scale
        for i, child in enumerate(after):
            rest = n - i - 1
            won = (
                0 if self.objective == "win" else (child.points[0] - state.points[0]) * child_scale
            )
            child_alpha = alpha - total - rest * top
            child_beta = beta - total
            found = won + self.value(child, child_alpha - won, child_beta - won)
            total += found
            if found <= child_alpha:
                return total + rest * top
            if found >= child_beta:
                return total
        return total


def _leaf_board(state: _State, game: GameType) -> Board:
    """The board of the one position of a state with at most one card face down (the last
    unseen card lies in the last hidden pile), for the search, built slot by slot (``slot = 16
    * player + 8 * layer + pile``: a pile's top in layer 0 over the card in layer 1, a pile's
    last card in layer 1, the card on the table in a free top slot of the leader's, as
    :class:`~officers.skat.search.Board` lays out a position)."""
    card = [-1] * 32
    under = state.unseen.bit_length() - 1  # the one unseen card, if any
    for s, up in enumerate(state.up):
        if up < 0:
            continue
        player, pile = divmod(s, 8)
        if state.hid >> s & 1:
            card[16 * player + pile] = up
            card[16 * player + 8 + pile] = under
        else:
            card[16 * player + 8 + pile] = up
    trick = -1
    if state.lead >= 0:
        trick = next(16 * state.leader + i for i in range(8) if card[16 * state.leader + i] < 0)
        card[trick] = state.lead
    return Board.of_slots(game, card, state.leader, trick)


def _deadline(time_limit: float | None) -> float | None:
    seconds = check_time_limit(time_limit)
    return None if seconds is None else time.perf_counter() + seconds


def _public_of(where: Public | Position | SkatGame) -> Public:
    if isinstance(where, Public):
        return where
    if isinstance(where, (Position, SkatGame)):
        return Public.of(where)
    raise TypeError(f"expected a Public, a Position or a SkatGame, got {excerpt(where)}")


def _check_objective(objective: object) -> Objective:
    if objective not in OBJECTIVES:
        raise invalid_argument(
            f"the objective is 'win' or 'points', got {excerpt(objective)}", was=InvalidGameError
        )
    return objective


def _total(public: Public, search: _Search, state: _State) -> Fraction:
    value = search.exact(state)
    return value if search.objective == "win" else value + public.points[0]


def exact_value(
    where: Public | Position | SkatGame,
    objective: Objective = "win",
    *,
    time_limit: float | None = None,
    compiled: bool | None = None,
    threads: int | None = None,
) -> Fraction:
    """The exact value of the chance game from a public view (see the module): Vorhand's win
    probability (``"win"``) or her expected final points (``"points"``). Before the game
    choice, the best game's. Raises :class:`~officers.SolverTimeoutError` when
    ``time_limit`` runs out. ``compiled``: the same search compiled
    (:class:`~officers.skat.accel.CompiledChance`) where it is installed (``None``), never
    (``False``) or always (``True``: an :class:`~officers.InvalidArgumentError`
    without it); the same answer. ``threads`` (1 .. 8): how many threads the compiled search
    takes the moves between, all on one memo, once it has run
    :data:`~officers.skat.split.SPLIT_AFTER` in one (:mod:`officers.skat.split`); by default
    two where the process may use two CPUs."""
    public = _public_of(where)
    objective = _check_objective(objective)
    deadline = _deadline(time_limit)
    workers = threads_of(threads)
    if public.game is None:
        values = game_values(
            public, objective, deadline=deadline, compiled=compiled, threads=workers
        )
        return max(values.values())
    search = _Search(public.game, objective, deadline, compiled, workers)
    return _total(public, search, _state(public))


def game_values(
    where: Public | Position | SkatGame,
    objective: Objective = "win",
    *,
    time_limit: float | None = None,
    deadline: float | None = None,
    compiled: bool | None = None,
    threads: int | None = None,
) -> dict[GameType, Fraction]:
    """Before the choice: the exact value of each game (:func:`exact_value`, ``threads`` as
    there); ``deadline`` (a :func:`time.perf_counter` time) stops the search instead of
    ``time_limit``."""
    public = _public_of(where)
    if public.game is not None:
        raise invalid_argument("the game is chosen already", was=InvalidGameError)
    stop = deadline if deadline is not None else _deadline(time_limit)
    workers = threads_of(threads)
    result: dict[GameType, Fraction] = {}
    for game in GAMES:
        chosen = Public(game, public.up, public.hidden)
        search = _Search(game, objective, stop, compiled, workers)
        result[game] = _total(chosen, search, _state(chosen))
    return result


def move_values(
    where: Public | Position | SkatGame,
    objective: Objective = "win",
    *,
    time_limit: float | None = None,
    compiled: bool | None = None,
    threads: int | None = None,
) -> dict[Move, Fraction]:
    """The exact value of each legal move (a card with its pile, or a game choice), as
    :func:`exact_value` values it after the move (``compiled`` and ``threads`` as there: the
    threads take the moves between them)."""
    public = _public_of(where)
    objective = _check_objective(objective)
    deadline = _deadline(time_limit)
    workers = threads_of(threads)
    if public.game is None:
        values = game_values(
            public, objective, deadline=deadline, compiled=compiled, threads=workers
        )
        return {Move.choose(game): value for game, value in values.items()}
    search = _Search(public.game, objective, deadline, compiled, workers)
    state = _state(public)
    result: dict[Move, Fraction] = {}
    for slot, value in search.expect_all(state, _moves(state, public.game)).items():
        result[Move.play(state.up[slot], slot % 8)] = (
            value if objective == "win" else value + public.points[0]
        )
    return result


def sampled_round(
    where: Public | Position | SkatGame,
    objective: Objective,
    *,
    floor: int,
    width: int,
    samples: int,
    salt: int,
    deadline: float | None,
) -> dict[Move, Fraction] | None:
    """One round of the sampled search of :mod:`officers.skat.sampled` (compiled only): each
    legal move's value (before the choice, each game's), a state with 2 .. ``floor`` cards face
    down a leaf of ``samples`` completions, a later turn-up of more cards valued by ``width``
    of them (:meth:`~officers.skat.accel.CompiledChance.sampling`); ``None`` past ``deadline``
    (a :func:`time.perf_counter` time)."""
    public = _public_of(where)
    objective = _check_objective(objective)
    if public.game is None:
        roots = [(Move.choose(g), Public(g, public.up, public.hidden), -1) for g in GAMES]
    else:
        state = _state(public)
        roots = [
            (Move.play(state.up[slot], slot % 8), public, slot)
            for slot in _moves(state, public.game)
        ]
    leaves = floor > 1
    values: dict[Move, Fraction] = {}
    for move, root, slot in roots:
        assert root.game is not None
        search = _Search(root.game, objective, deadline, compiled=True)
        assert search.native is not None
        search.native.sampling(width, floor if leaves else 0, samples if leaves else 0, salt)
        state = _state(root)
        try:  # the compiled search's own top (sampled: no order sampled, no threads)
            found = search._compiled(state, slot)
        except SolverTimeoutError:
            return None
        assert found is not None
        value = Fraction(found, search.scale(state))
        values[move] = value if objective == "win" else value + root.points[0]
    return values


def fraction_text(value: Fraction) -> str:
    """An exact value as JSON writes it: ``"p/q"`` in lowest terms, a whole number too
    (``"1/1"``, not ``"1"``: a reader splits at the ``/`` and always finds two numbers).

    >>> fraction_text(Fraction(6, 8)), fraction_text(Fraction(32)), fraction_text(Fraction(0))
    ('3/4', '32/1', '0/1')
    >>> Fraction(fraction_text(Fraction(7, 3))) == Fraction(7, 3)
    True
    """
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class ChanceValue:
    """An answer: ``objective``; ``value`` (a :class:`~fractions.Fraction` when ``exact``, else
    the sample mean); ``method`` (``"exact"`` or ``"estimate"``); ``low`` and ``high`` (the
    95 % interval of an estimate over its samples, the value itself when exact); ``samples``
    (the positions an estimate solved); ``seconds``."""

    objective: Objective
    value: Fraction | float
    exact: bool
    low: float
    high: float
    samples: int = 0
    seconds: float = 0.0
    hidden: int = 0
    method: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", "exact" if self.exact else "estimate")

    def text(self) -> str:
        """The answer in words; an estimate says so."""
        what = "Vorhand's win probability" if self.objective == "win" else "Vorhand's points"
        if self.exact:
            shown = (
                f"{float(self.value):.4f}"
                if self.objective == "win"
                else f"{float(self.value):.2f}"
            )
            return f"{what}: {self.value} = {shown} (exact)"
        return (
            f"{what}: about {float(self.value):.3f} (estimate over {self.samples} samples, "
            f"95 % interval {self.low:.3f} – {self.high:.3f}; not exact)"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``objective``, ``exact``, ``method``, ``value`` (a float),
        ``fraction`` (``"p/q"`` when exact, :func:`fraction_text`, else null), ``interval``,
        ``samples``, ``hidden``, ``seconds``, ``text``."""
        return {
            "objective": self.objective,
            "exact": self.exact,
            "method": self.method,
            "value": float(self.value),
            "fraction": fraction_text(Fraction(self.value)) if self.exact else None,
            "interval": [self.low, self.high],
            "samples": self.samples,
            "hidden": self.hidden,
            "seconds": self.seconds,
            "text": self.text(),
        }


def _interval(values: Sequence[float], objective: Objective) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if objective == "win":
        from officers.core.simulation import wilson_interval

        low, high = wilson_interval(round(sum(values)), n)
        return mean, low, high
    half = _Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return mean, max(0.0, mean - half), min(120.0, mean + half)


def _sample_value(position: Position, objective: Objective, left: float | None) -> float:
    if objective == "win":
        return float(wins(position, time_limit=left))
    return float(solve(position, time_limit=left, line=False).value)


def _sample_values(position: Position, objective: Objective, left: float | None) -> list[float]:
    """A sample's double-dummy value, or before the choice one for each game (the game is
    chosen over the means, not sample by sample: that would choose knowing the cards)."""
    if position.game is not None:
        return [_sample_value(position, objective, left)]
    return [_sample_value(play(position, Move.choose(g)), objective, left) for g in GAMES]


def estimate(
    where: Public | Position | SkatGame,
    objective: Objective = "win",
    *,
    samples: int | None = 100,
    time_limit: float | None = None,
    seed: int | None = None,
) -> ChanceValue:
    """An **estimate** (not exact): the mean double-dummy value over consistent positions
    drawn uniformly, with a 95 % interval over the samples (Wilson's for a probability, the
    normal one for points). It stops after ``samples`` positions or when ``time_limit`` runs
    out (at least one is solved, even late). ``seed``: by default the view's own
    (:meth:`~officers.skat.public.Public.seed`), so the answer depends on the view alone.
    Biased: each sample is played as if every card were known (strategy fusion). Before the
    game choice: the best game's, each game valued over the same samples."""
    public = _public_of(where)
    objective = _check_objective(objective)
    start = time.perf_counter()
    deadline = _deadline(time_limit)
    rng = random.Random(public.seed() if seed is None else seed)
    rows: list[list[float]] = []
    while samples is None or len(rows) < samples:
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0 and rows:
            break
        try:
            rows.append(_sample_values(public.sample(rng), objective, left if rows else None))
        except SolverTimeoutError:
            break
    columns = [list(column) for column in zip(*rows, strict=True)]
    values = max(columns, key=sum)
    mean, low, high = _interval(values, objective)
    return ChanceValue(
        objective, mean, False, low, high, len(values), time.perf_counter() - start,
        public.hidden_count(),
    )  # fmt: skip


def _answer(
    where: Public | Position | SkatGame,
    objective: Objective,
    time_limit: float | None,
    samples: int | None,
) -> ChanceValue:
    """Exact when the search ends within half of ``time_limit``; else an estimate in the rest
    of it (without a limit: exact, however long it takes)."""
    public = _public_of(where)
    start = time.perf_counter()
    seconds = check_time_limit(time_limit)
    try:
        half = None if seconds is None else seconds / 2
        value = exact_value(public, objective, time_limit=half)
    except SolverTimeoutError:
        assert seconds is not None
        left = max(0.001, seconds - (time.perf_counter() - start))
        return estimate(public, objective, samples=samples, time_limit=left)
    return ChanceValue(
        objective,
        value,
        True,
        float(value),
        float(value),
        0,
        time.perf_counter() - start,
        public.hidden_count(),
    )


def win_probability(
    where: Public | Position | SkatGame,
    *,
    time_limit: float | None = 10.0,
    samples: int | None = None,
) -> ChanceValue:
    """Vorhand's win probability: exact (a :class:`~fractions.Fraction`) when the search ends
    within half of ``time_limit``, else an :func:`estimate` in the rest of it (at most
    ``samples``)."""
    return _answer(where, "win", time_limit, samples)


def expected_points(
    where: Public | Position | SkatGame,
    *,
    time_limit: float | None = 10.0,
    samples: int | None = None,
) -> ChanceValue:
    """Vorhand's expected final points, both playing for points: exact when the search ends
    within half of ``time_limit``, else an :func:`estimate` in the rest of it."""
    return _answer(where, "points", time_limit, samples)
