"""Tips for Offiziersskat, as the rules page describes them: the game to choose (each of the
five games with Vorhand's chance and expected points, ranked) and the card to play (the
face-up card and its pile number), with a short reason in words — and never a face-down card.

A tip depends only on what the players see (:class:`~officers.skat.public.Public`): the chance
of each move is the exact value of the chance game (:mod:`officers.skat.chance`) when at most
``exact_hidden`` cards lie face down and the search ends in its share of the time, else an
estimate over consistent positions drawn one at a time with the view's own seed
(:meth:`~officers.skat.public.Public.seed`), each solved double dummy: the same whatever the
face-down cards really are. An estimate says over how many positions (``samples``) and how
precise it is (Wilson's 95 % interval). Equal chances are parted by the points (with every card
known; before the game choice the double-dummy points averaged over the same positions) or the
simple order of :func:`greedy_move`.

A tip answers by its time limit, every time (an anytime computation): exact when the search
ends, else the estimate over the whole samples done by then, and with none done the simple
order's move, labelled an estimate over 0 samples. The sample count depends on the time; for a
given count the tip depends on the view alone.

The reasons are simple facts about the move (:class:`~officers.skat.reasons.Reason`): it wins
or loses the trick and the points in it; led, whether a face-up card of the other player beats
it; it keeps the highest trump still out; it turns up a card.

>>> from officers.skat import SkatGame
>>> game = SkatGame.deal(1)
>>> game.push("G") and None
>>> for _ in range(25):
...     game.push(game.legal_moves()[-1]) and None
>>> advice = tip(game)
>>> advice.kind, advice.exact, advice.move in game.legal_moves()
('card', True, True)
>>> advice.text("en").startswith("Play ")
True
>>> hurried = tip(game, time_limit=0)
>>> hurried.method, hurried.samples, hurried.move == greedy_move(Public.of(game))
('estimate', 0, True)
"""

from __future__ import annotations

import math
import random
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal

from officers.core.budget import Budget, budget_of
from officers.core.errors import (
    InvalidArgumentError,
    SolverTimeoutError,
    check_time_limit,
    excerpt,
)
from officers.skat import accel
from officers.skat.cards import GAMES, POINTS, TRUMP, GameType, beats, lane, power
from officers.skat.chance import fraction_text, move_values
from officers.skat.game import SkatGame
from officers.skat.moves import Move
from officers.skat.position import Position
from officers.skat.public import Public
from officers.skat.reasons import GameLine, Reason
from officers.skat.rules import legal_moves, play
from officers.skat.solve import sampled_wins, solve, wins_after
from officers.skat.words import game_tip_text, play_tip_text

__all__ = [
    "EXACT_HIDDEN",
    "EXACT_HIDDEN_PYTHON",
    "EXACT_SHARE",
    "POINT_SAMPLES",
    "SAMPLES",
    "BestSoFar",
    "Option",
    "Tip",
    "greedy_move",
    "public_legal_moves",
    "sampled_wins",
    "exact_hidden_default",
    "tip",
]

EXACT_HIDDEN: Final = 6
"""A tip is exact with at most this many cards face down where the compiled chance search is
built and the search ends in its share of the time (:data:`EXACT_SHARE`). Measured, each
move's exact value (:func:`~officers.skat.chance.move_values`) on 40 positions with 6 cards
face down: a median of 0.11 s, 32 within 0.8 s (the share of the service's 2 s limit) and 36
within 1.6 s, the slowest 5.1 s, in two threads on one memo (wall clock; in one thread 32, 35
and 8.6 s; CPU time before the leads were ordered by their trick: 31 and 32 within 0.8 and 1.6
s); with 5, a median of 0.02 s, 38 within 0.8 s and all 40 within 1.6 s (measured before)."""

EXACT_HIDDEN_PYTHON: Final = 3
"""... and with at most this many without it (the search in Python: under a second)."""


def exact_hidden_default() -> int:
    """:data:`EXACT_HIDDEN` where the compiled search is built, else :data:`EXACT_HIDDEN_PYTHON`."""
    return EXACT_HIDDEN if accel.module() is not None else EXACT_HIDDEN_PYTHON


SAMPLES: Final = 12
"""The consistent positions a tip's estimate solves at most (fewer when its time runs out)."""

POINT_SAMPLES: Final = 4
"""Of those, the positions over which the game choice's expected points are averaged at most
(a double-dummy value of a whole deal costs some five win tests)."""

EXACT_SHARE: Final = 0.5
"""The share of a tip's time left that the exact chance search may take before the estimate
takes over."""

_Z95: Final = 1.959963984540054


def _public(where: Public | Position | SkatGame) -> Public:
    if isinstance(where, Public):
        return where
    if isinstance(where, (Position, SkatGame)):
        return Public.of(where)
    raise TypeError(f"expected a Public, a Position or a SkatGame, got {excerpt(where)}")


def public_legal_moves(public: Public) -> list[Move]:
    """The legal moves of a view: the same in every consistent position (the follow rule sees
    face-up cards only)."""
    return legal_moves(public.position(public.unseen()))


# --- a simple order of moves ------------------------------------------------------------------


def _trumps_up(public: Public, game: GameType) -> list[int]:
    return [c for c in public.up[0] if c is not None and lane(c, game) == TRUMP]


def _greedy_game(public: Public) -> GameType:
    """The game with the most of Vorhand's face-up trumps (Jacks count double, Grand wants
    three Jacks or two and two Aces)."""
    up = [c for c in public.up[0] if c is not None]
    jacks = sum(1 for c in up if c % 8 == 4)
    aces = sum(1 for c in up if c % 8 == 0)
    if jacks >= 3 or (jacks == 2 and aces >= 2):
        return "G"
    scores = {g: len(_trumps_up(public, g)) + jacks for g in GAMES[:4]}
    return max(GAMES[:4], key=lambda g: (scores[g], -GAMES.index(g)))


def _beaters(public: Public, card: int, game: GameType) -> list[int]:
    """The other player's face-up cards that may answer ``card`` led and beat it."""
    mover = public.to_move
    assert mover is not None
    theirs = [c for c in public.up[1 - mover] if c is not None]
    wanted = lane(card, game)
    following = [c for c in theirs if lane(c, game) == wanted]
    return [c for c in (following or theirs) if beats(c, card, game)]


def greedy_move(public: Public) -> Move:
    """A simple move by the face-up cards alone: choose the game with the most trumps; answer
    with the cheapest card that wins the trick (unless it wastes a trump on a trick without
    points), else throw the cheapest card; lead the richest card the other player's face-up
    cards cannot beat, else the cheapest card."""
    if public.game is None:
        return Move.choose(_greedy_game(public))
    game = public.game
    legal = public_legal_moves(public)

    def cheap(move: Move) -> tuple[int, bool, int]:
        assert move.card is not None
        return POINTS[move.card], lane(move.card, game) == TRUMP, power(move.card)

    if public.trick:
        lead = public.trick[0]
        winners = [m for m in legal if m.card is not None and beats(m.card, lead, game)]
        winners.sort(key=lambda m: (cheap(m)[1], power(m.card or 0), POINTS[m.card or 0]))
        if winners and (POINTS[lead] > 0 or not cheap(winners[0])[1]):
            return winners[0]
        return min(legal, key=cheap)
    safe = [m for m in legal if m.card is not None and not _beaters(public, m.card, game)]
    if safe:
        return max(safe, key=lambda m: (POINTS[m.card or 0], -power(m.card or 0)))
    return min(legal, key=cheap)


# --- the chance of each move ------------------------------------------------------------------


def _left(deadline: float | None, time_limit: float | None = None) -> float | None:
    """The seconds a search may take: ``time_limit``, and no more than is left before
    ``deadline``; none left raises :class:`~officers.SolverTimeoutError`."""
    if deadline is None:
        return time_limit
    left = deadline - time.monotonic()
    if left <= 0:
        raise SolverTimeoutError("the tip ran out of time")
    return left if time_limit is None else min(left, time_limit)


@dataclass(frozen=True, slots=True)
class Option:
    """One move a tip weighed: ``value`` (Vorhand's chance to win after it), ``fraction`` (the
    exact value, when exact), ``best`` (the move the tip recommends), ``interval`` (the 95 %
    interval of an estimate, Wilson's; the value itself when exact), ``points`` (Vorhand's
    expected final points after it, where the tip weighed them, else ``None``) with its
    ``points_interval``, and ``rank`` (1 for the best, then by chance, then points)."""

    move: Move
    value: float
    fraction: Fraction | None
    best: bool
    interval: tuple[float, float] = (0.0, 1.0)
    points: float | None = None
    points_interval: tuple[float, float] | None = None
    rank: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``move`` (notation), ``value``, ``fraction`` (``"p/q"`` as
        :func:`~officers.skat.chance.fraction_text` writes it, or null), ``best``,
        ``interval``, ``points`` and ``points_interval`` (or null), ``rank``."""
        fraction = None if self.fraction is None else fraction_text(self.fraction)
        return {
            "move": self.move.notation(),
            "value": self.value,
            "fraction": fraction,
            "best": self.best,
            "interval": list(self.interval),
            "points": self.points,
            "points_interval": None if self.points_interval is None else list(self.points_interval),
            "rank": self.rank,
        }


@dataclass(frozen=True, slots=True)
class Tip:
    """A tip: ``kind`` (``"game"`` or ``"card"``), for ``player``, the recommended ``move``,
    Vorhand's chance ``value`` after it, ``exact`` or an estimate over ``samples`` positions
    (0: no time for one; the move is then :func:`greedy_move`'s), every ``option`` weighed
    (best first is ``rank`` 1), the ``reasons`` (facts) and ``points_samples`` (the positions
    over which the game choice's expected points were averaged)."""

    kind: Literal["game", "card"]
    player: int
    move: Move
    value: float
    exact: bool
    samples: int
    options: tuple[Option, ...]
    reasons: tuple[Reason, ...]
    points_samples: int = 0

    @property
    def method(self) -> str:
        """``"exact"`` or ``"estimate"``."""
        return "exact" if self.exact else "estimate"

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of :attr:`value` (the value itself when exact)."""
        return next(o.interval for o in self.options if o.best)

    def text(self, lang: str = "en") -> str:
        """The tip in words (``"en"`` or ``"de"``)."""
        if self.kind == "game":
            ranked = sorted(self.options, key=lambda o: o.rank)
            lines = [GameLine(o.move.game or "G", o.value, o.interval, o.points) for o in ranked]
            return game_tip_text(
                self.move.game or "G", lines, self.exact, self.reasons, lang,
                samples=self.samples, points_samples=self.points_samples,
            )  # fmt: skip
        assert self.move.card is not None and self.move.pile is not None
        return play_tip_text(
            self.move.card, self.move.pile, self.reasons, self.value, self.exact, lang,
            samples=self.samples, interval=self.interval,
        )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind``, ``player`` (``V``/``H``), ``move``, ``card`` and ``pile``
        (1 .. 8) for a card, ``value``, ``interval``, ``exact``, ``method``, ``samples``,
        ``points_samples``, ``options``, ``reasons``, ``text`` and ``text_de``."""
        card = None if self.move.card is None else Move.play(self.move.card).notation()
        return {
            "kind": self.kind,
            "player": "VH"[self.player],
            "move": self.move.notation(),
            "card": card,
            "pile": None if self.move.pile is None else self.move.pile + 1,
            "value": self.value,
            "interval": list(self.interval),
            "exact": self.exact,
            "method": self.method,
            "samples": self.samples,
            "points_samples": self.points_samples,
            "options": [o.to_dict() for o in self.options],
            "reasons": [r.to_dict() for r in self.reasons],
            "text": self.text("en"),
            "text_de": self.text("de"),
        }


class _Clock:
    """The time of one tip: its :class:`~officers.core.budget.Budget` (a deadline, or none, and
    a ``cancel`` that ends it as the deadline would)."""

    def __init__(
        self, time_limit: float | None, cancel: threading.Event | None, budget: Budget | None
    ) -> None:
        seconds = None if time_limit is None else _seconds(time_limit)
        self.budget = budget_of(budget, seconds, cancel)

    def left(self) -> float | None:
        """The seconds left (``None``: no bound); none left (or cancelled) raises
        :class:`~officers.SolverTimeoutError`."""
        if self.budget.cancelled():
            raise SolverTimeoutError("the tip was cancelled")
        return _left(self.budget.deadline)

    def share(self, part: float) -> float | None:
        """``part`` of the seconds left, at least a millisecond."""
        left = self.left()
        return None if left is None else max(0.001, part * left)


def _seconds(time_limit: float) -> float:
    """A tip's time limit: a finite number >= 0 (0: no time for any search)."""
    if time_limit == 0 and not isinstance(time_limit, bool):
        return 0.0
    seconds = check_time_limit(time_limit)
    assert seconds is not None
    return seconds


class BestSoFar:
    """The best answer a tip has so far, kept for another thread (thread-safe): from its start
    :func:`greedy_move`'s estimate over 0 samples, after each whole sample the estimate so far
    (and before the game choice after each sample of the points), the exact answer when the
    search ends. A door that must answer by a deadline answers :meth:`get` when the tip has not
    returned by then (:func:`officers.contract.skat.tip_op`): the answer one more sample, or
    the exact search, would have improved.

    >>> from officers.skat import SkatGame
    >>> best = BestSoFar()
    >>> best.get() is None
    True
    >>> advice = tip(SkatGame.deal(3), samples=2, best=best)
    >>> best.get() == advice, advice.samples
    (True, 2)
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tip: Tip | None = None
        self.updates = 0

    def put(self, advice: Tip) -> None:
        """Keep ``advice`` (a later answer of the same tip: more samples, or exact)."""
        with self._lock:
            self._tip = advice
            self.updates += 1

    def get(self) -> Tip | None:
        """The answer kept last (``None`` before the tip began)."""
        with self._lock:
            return self._tip


@dataclass(slots=True)
class _Weighed:
    """What a tip found: each move's chance (``values``) with its ``intervals``, the exact
    ``fractions`` (or ``None``), the expected ``points`` where weighed, the tie-break ``tie``
    (higher better for the player to move), and the whole samples the estimates took."""

    values: dict[Move, float]
    intervals: dict[Move, tuple[float, float]]
    fractions: dict[Move, Fraction] | None
    points: dict[Move, tuple[float, float, float]]
    tie: dict[Move, float]
    samples: int = 0
    points_samples: int = 0


def _exact(public: Public, moves: list[Move], clock: _Clock, order: Move) -> _Weighed | None:
    """The exact chance of each move in :data:`EXACT_SHARE` of the time left, or ``None``
    when the search does not end in it."""
    sign = 1 if public.to_move == 0 else -1
    try:
        exact = move_values(public, "win", time_limit=clock.share(EXACT_SHARE))
    except SolverTimeoutError:
        return None
    tie = {m: 1.0 if m == order else 0.0 for m in moves}
    points: dict[Move, tuple[float, float, float]] = {}
    if public.hidden_count() <= 1:  # every card known: the points are cheap
        try:
            found = move_values(public, "points", time_limit=clock.share(EXACT_SHARE))
        except SolverTimeoutError:
            found = {}
        for m, v in found.items():
            points[m] = (float(v), float(v), float(v))
            tie[m] = sign * float(v) + 0.5 * tie[m]
    values = {m: float(v) for m, v in exact.items()}
    intervals = {m: (v, v) for m, v in values.items()}
    return _Weighed(values, intervals, exact, points, tie)


def _wilson(wins: int, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for ``wins`` of ``n`` (as :func:`officers.euler.simulate.wilson_interval`
    computes it, without importing the simulations: a first tip costs what a later one does)."""
    if n <= 0:
        return (0.0, 1.0)
    p, z2 = wins / n, _Z95 * _Z95
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    return (
        0.0 if wins == 0 else max(0.0, centre - half),
        1.0 if wins == n else min(1.0, centre + half),
    )


def _estimate(moves: list[Move], counts: dict[Move, int], n: int, order: Move) -> _Weighed:
    """The estimate over ``n`` whole samples, in which each move won ``counts`` times (over
    none: every chance 0.5 with the whole range, the simple order's move first)."""
    values = {m: counts[m] / n if n else 0.5 for m in moves}
    intervals = {m: _wilson(counts[m], n) for m in moves}
    tie = {m: 1.0 if m == order else 0.0 for m in moves}
    return _Weighed(values, intervals, None, {}, tie, n)


def _sampled(
    public: Public, moves: list[Move], samples: int, point_samples: int, clock: _Clock,
    order: Move, report: Callable[[_Weighed], object],
) -> _Weighed:  # fmt: skip
    """The estimate (see :func:`tip`): whole samples only, drawn one at a time with the
    view's own seed, as many as the time allows up to ``samples``; before the game choice,
    then each game's expected points over the first ``point_samples`` of the same samples.
    ``report`` is told the estimate after each whole sample."""
    rng = random.Random(public.seed())
    positions: list[Position] = []
    counts = dict.fromkeys(moves, 0)
    weighed = _estimate(moves, counts, 0, order)
    try:
        while len(positions) < samples:
            clock.left()
            position = public.sample(rng)
            won = wins_after(position, moves, time_limit=clock.left())
            positions.append(position)  # a whole sample: every move weighed
            for m in moves:
                counts[m] += won[m]
            weighed = _estimate(moves, counts, len(positions), order)
            report(weighed)
    except SolverTimeoutError:
        pass  # out of time: the whole samples done are the answer
    if public.game is None and positions:
        chosen = positions[: min(len(positions), point_samples)]
        weighed = _points(weighed, moves, chosen, clock, report)
    return weighed


def _points(
    base: _Weighed, moves: list[Move], positions: list[Position], clock: _Clock,
    report: Callable[[_Weighed], object],
) -> _Weighed:  # fmt: skip
    """``base`` with each game's expected points (double dummy) over ``positions``, whole
    samples only, in the time left (``report`` told after each); they part equal chances
    (Vorhand chooses: more is better)."""
    found: list[dict[Move, int]] = []
    weighed = base
    try:
        for position in positions:
            clock.left()
            found.append(
                {
                    m: solve(play(position, m), time_limit=clock.left(), line=False).value
                    for m in moves
                }
            )
            weighed = _with_points(base, moves, found)
            report(weighed)
    except SolverTimeoutError:
        pass
    return weighed


def _with_points(base: _Weighed, moves: list[Move], found: list[dict[Move, int]]) -> _Weighed:
    """``base`` with each move's mean points over the samples ``found`` and their 95 %
    interval; the points part equal chances."""
    points: dict[Move, tuple[float, float, float]] = {}
    tie = dict(base.tie)
    for m in moves:
        column = [float(row[m]) for row in found]
        mean = statistics.fmean(column)
        half = (
            _Z95 * statistics.stdev(column) / math.sqrt(len(column))
            if len(column) > 1
            else math.inf
        )
        points[m] = (mean, max(0.0, mean - half), min(120.0, mean + half))
        tie[m] = mean + 0.5 * base.tie[m] / 120
    return _Weighed(base.values, base.intervals, None, points, tie, base.samples, len(found))


def _reasons(public: Public, move: Move) -> tuple[Reason, ...]:
    """The facts about a card move (see the module)."""
    game, card, pile = public.game, move.card, move.pile
    mover = public.to_move
    assert game is not None and card is not None and pile is not None and mover is not None
    found: list[Reason] = []
    if public.trick:
        lead = public.trick[0]
        taken = POINTS[lead] + POINTS[card]
        found.append(Reason("wins" if beats(card, lead, game) else "loses", card, taken))
    else:
        beaters = _beaters(public, card, game)
        if beaters:
            found.append(Reason("can-be-beaten", max(beaters, key=power)))
        else:
            found.append(Reason("cannot-be-beaten", card))
    out = set(range(32)) - set(public.gone) - set(public.trick)
    top_trump = max((c for c in out if lane(c, game) == TRUMP), key=power, default=None)
    if top_trump is not None and top_trump != card and top_trump in public.up[mover]:
        found.append(Reason("keeps-trump", top_trump))
    if public.hidden[mover][pile]:
        found.append(Reason("turns-up", card))
    return tuple(found)


def tip(
    where: Public | Position | SkatGame,
    *,
    samples: int = SAMPLES,
    exact_hidden: int | None = None,
    time_limit: float | None = None,
    point_samples: int = POINT_SAMPLES,
    cancel: threading.Event | None = None,
    best: BestSoFar | None = None,
    budget: Budget | None = None,
) -> Tip:
    """The tip for the player to move (see the module): the game to choose, or the card.

    An anytime computation: it answers by ``time_limit`` seconds (``None``: no bound, 0: no
    search at all), with what it has then. With at most ``exact_hidden`` cards face down (by
    default :func:`exact_hidden_default`), the exact chance search first, in
    :data:`EXACT_SHARE` of the time; when it does not end in it (or with more cards face
    down), the estimate: up to ``samples`` consistent positions drawn one at a time with the
    view's own seed, each solved double dummy for every move, until the time is up, whole
    samples only. With none done it still answers: :func:`greedy_move`'s move, an estimate over
    0 samples. Before the game choice, each game's expected points too, averaged over the first
    ``point_samples`` of the same samples (as many as the time allows), to rank games of equal
    chance. ``cancel`` (an event) ends it as the deadline would. ``budget``
    (:class:`~officers.core.budget.Budget`, the shape of every game's aid) bounds it too: it
    answers by the earlier of its deadline and ``time_limit``, and its ``cancel`` ends it as
    ``cancel`` does. ``best`` (a
    :class:`BestSoFar`) is kept up to date with the answer so far, for a caller that cannot
    wait past a deadline: a search can pass its own by a few tenths of a second on a busy
    machine.

    For a given number of whole samples (and of point samples) the tip depends on the view
    alone, the answers kept in ``best`` on the way too: after ``k`` samples of the chances it
    is ``tip(view, samples=k, point_samples=0)``. How many are done depends on the time, so
    two tips of one view agree to the byte when both reach ``samples`` (and ``point_samples``),
    or when both are exact."""
    if exact_hidden is None:
        exact_hidden = exact_hidden_default()
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 0:
        raise InvalidArgumentError(f"samples is a whole number >= 0, got {excerpt(samples)}")
    public = _public(where)
    mover = public.to_move
    if mover is None:
        raise ValueError("the game is over: no tip")
    clock = _Clock(time_limit, cancel, budget)
    moves = public_legal_moves(public)
    order = greedy_move(public)

    def told(weighed: _Weighed) -> Tip:
        advice = _told(public, moves, weighed)
        if best is not None:
            best.put(advice)
        return advice

    report: Callable[[_Weighed], object] = told if best is not None else _ignore
    report(_estimate(moves, dict.fromkeys(moves, 0), 0, order))  # the answer before any search
    weighed = None
    if public.hidden_count() <= exact_hidden and _has_time(clock):
        weighed = _exact(public, moves, clock, order)
    if weighed is None:
        weighed = _sampled(public, moves, samples, point_samples, clock, order, report)
    return told(weighed)


def _ignore(weighed: _Weighed) -> None:
    """No one is told the answers so far."""


def _told(public: Public, moves: list[Move], weighed: _Weighed) -> Tip:
    """The tip of what was ``weighed``: the moves ranked by chance for the player to move,
    then the tie-break."""
    mover = public.to_move
    assert mover is not None
    values, tie = weighed.values, weighed.tie
    sign = 1 if mover == 0 else -1
    ranked = sorted(moves, key=lambda m: (sign * values[m], tie[m]), reverse=True)
    best = ranked[0]
    rank = {m: i + 1 for i, m in enumerate(ranked)}
    fractions = weighed.fractions
    options = tuple(
        Option(
            m,
            values[m],
            None if fractions is None else fractions[m],
            m == best,
            weighed.intervals[m],
            weighed.points[m][0] if m in weighed.points else None,
            weighed.points[m][1:] if m in weighed.points else None,
            rank[m],
        )
        for m in moves
    )
    exact = fractions is not None
    used = 0 if exact else weighed.samples
    kind: Literal["game", "card"] = "game" if public.game is None else "card"
    if kind == "game":
        assert best.game is not None
        trumps = len(_trumps_up(public, best.game))  # a fact worth saying only when some
        reasons: tuple[Reason, ...] = (Reason("most-trumps", None, trumps),) if trumps else ()
    else:
        reasons = _reasons(public, best)
    return Tip(
        kind, mover, best, values[best], exact, used, options, reasons, weighed.points_samples
    )


def _has_time(clock: _Clock) -> bool:
    try:
        clock.left()
    except SolverTimeoutError:
        return False
    return True
