"""Tips for Offiziersskat, as the rules page describes them: the game to choose (each of the
five games with Vorhand's chance, the best marked) and the card to play (the face-up card and
its pile number), with a short reason in words — and never a face-down card.

A tip depends only on what the players see (:class:`~officers.skat.public.Public`): the chance
of each move is the exact value of the chance game (:mod:`officers.skat.chance`) when at most
``exact_hidden`` cards lie face down, else an estimate over ``samples`` consistent positions
drawn with the view's own seed (:meth:`~officers.skat.public.Public.seed`), each solved double
dummy: the same whatever the face-down cards really are. Equal chances are parted by the
points (with every card known) or the simple order of :func:`greedy_move`.

The reasons are simple facts about the move (:class:`~officers.skat.tip_words.Reason`): it wins
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
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final, Literal

from officers.errors import SolverTimeoutError, check_time_limit, excerpt
from officers.skat.accel import dd_module
from officers.skat.cards import GAMES, POINTS, TRUMP, GameType, beats, lane, power
from officers.skat.chance import move_values
from officers.skat.game import SkatGame
from officers.skat.moves import Move
from officers.skat.position import Position
from officers.skat.public import Public
from officers.skat.rules import legal_moves, play
from officers.skat.solve import wins
from officers.skat.tip_words import Reason, game_tip_text, play_tip_text

__all__ = [
    "EXACT_HIDDEN",
    "EXACT_HIDDEN_PYTHON",
    "SAMPLES",
    "Option",
    "Tip",
    "greedy_move",
    "public_legal_moves",
    "sampled_wins",
    "exact_hidden_default",
    "tip",
]

EXACT_HIDDEN: Final = 5
"""A tip is exact with at most this many cards face down where the compiled chance search is
built (measured on 16 positions with 5: a median of 0.06 s, at most 1.4 s)."""

EXACT_HIDDEN_PYTHON: Final = 3
"""... and with at most this many without it (the search in Python: under a second)."""


def exact_hidden_default() -> int:
    """:data:`EXACT_HIDDEN` where the compiled search is built, else :data:`EXACT_HIDDEN_PYTHON`."""
    return EXACT_HIDDEN if dd_module() is not None else EXACT_HIDDEN_PYTHON

SAMPLES: Final = 12
"""The consistent positions a tip's estimate solves."""


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


def sampled_wins(
    moves: Sequence[Move],
    positions: Sequence[Position],
    *,
    time_limit: float | None = None,
    deadline: float | None = None,
) -> dict[Move, int]:
    """For each move, in how many of ``positions`` Vorhand still wins after it (double dummy).
    ``time_limit`` bounds each search, ``deadline`` (:func:`time.monotonic`) all of them;
    past either, :class:`~officers.errors.SolverTimeoutError`."""
    counts = dict.fromkeys(moves, 0)
    for position in positions:
        for move in moves:
            left = _left(deadline, time_limit)
            counts[move] += wins(play(position, move), time_limit=left)
    return counts


def _left(deadline: float | None, time_limit: float | None = None) -> float | None:
    """The seconds a search may take: ``time_limit``, and no more than is left before
    ``deadline``; none left raises :class:`~officers.errors.SolverTimeoutError`."""
    if deadline is None:
        return time_limit
    left = deadline - time.monotonic()
    if left <= 0:
        raise SolverTimeoutError("the tip ran out of time")
    return left if time_limit is None else min(left, time_limit)


@dataclass(frozen=True, slots=True)
class Option:
    """One move a tip weighed: ``value`` (Vorhand's chance to win after it), ``fraction`` (the
    exact value, when exact), ``best`` (the move the tip recommends)."""

    move: Move
    value: float
    fraction: Fraction | None
    best: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``move`` (notation), ``value``, ``fraction`` (``"p/q"`` or null),
        ``best``."""
        fraction = None if self.fraction is None else str(self.fraction)
        return {
            "move": self.move.notation(),
            "value": self.value,
            "fraction": fraction,
            "best": self.best,
        }


@dataclass(frozen=True, slots=True)
class Tip:
    """A tip: ``kind`` (``"game"`` or ``"card"``), for ``player``, the recommended ``move``,
    Vorhand's chance ``value`` after it, ``exact`` or an estimate over ``samples`` positions,
    every ``option`` weighed, and the ``reasons`` (facts)."""

    kind: Literal["game", "card"]
    player: int
    move: Move
    value: float
    exact: bool
    samples: int
    options: tuple[Option, ...]
    reasons: tuple[Reason, ...]

    @property
    def method(self) -> str:
        """``"exact"`` or ``"estimate"``."""
        return "exact" if self.exact else "estimate"

    def text(self, lang: str = "en") -> str:
        """The tip in words (``"en"`` or ``"de"``)."""
        if self.kind == "game":
            chances = [(o.move.game or "G", o.value) for o in self.options]
            return game_tip_text(self.move.game or "G", chances, self.exact, self.reasons, lang)
        assert self.move.card is not None and self.move.pile is not None
        return play_tip_text(
            self.move.card, self.move.pile, self.reasons, self.value, self.exact, lang
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind``, ``player`` (``V``/``H``), ``move``, ``card`` and ``pile``
        (1 .. 8) for a card, ``value``, ``exact``, ``method``, ``samples``, ``options``,
        ``reasons``, ``text`` and ``text_de``."""
        card = None if self.move.card is None else Move.play(self.move.card).notation()
        return {
            "kind": self.kind,
            "player": "VH"[self.player],
            "move": self.move.notation(),
            "card": card,
            "pile": None if self.move.pile is None else self.move.pile + 1,
            "value": self.value,
            "exact": self.exact,
            "method": self.method,
            "samples": self.samples,
            "options": [o.to_dict() for o in self.options],
            "reasons": [r.to_dict() for r in self.reasons],
            "text": self.text("en"),
            "text_de": self.text("de"),
        }


def _values(
    public: Public, samples: int, exact_hidden: int, deadline: float | None
) -> tuple[dict[Move, float], dict[Move, Fraction] | None, dict[Move, float]]:
    """Each move's chance for Vorhand, the exact fractions (or ``None``), and the tie-break
    (higher better for the player to move)."""
    moves = public_legal_moves(public)
    mover = public.to_move
    sign = 1 if mover == 0 else -1
    order = greedy_move(public)
    if public.hidden_count() <= exact_hidden:
        exact = move_values(public, "win", time_limit=_left(deadline))
        tie = {m: 1.0 if m == order else 0.0 for m in moves}
        if public.hidden_count() <= 1:  # every card known: the points are cheap
            points = move_values(public, "points", time_limit=_left(deadline))
            tie = {m: sign * float(points[m]) + 0.5 * tie[m] for m in moves}
        return {m: float(v) for m, v in exact.items()}, exact, tie
    rng = random.Random(public.seed())
    positions = [public.sample(rng) for _ in range(samples)]
    counts = sampled_wins(moves, positions, deadline=deadline)
    tie = {m: 1.0 if m == order else 0.0 for m in moves}
    return {m: counts[m] / samples for m in moves}, None, tie


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
) -> Tip:
    """The tip for the player to move (see the module): the game to choose, or the card.
    ``exact_hidden``: exact with at most this many cards face down (by default
    :func:`exact_hidden_default`). ``time_limit``: the seconds it may take in all (``None``: no
    bound); past them, :class:`~officers.errors.SolverTimeoutError`."""
    if exact_hidden is None:
        exact_hidden = exact_hidden_default()
    public = _public(where)
    mover = public.to_move
    if mover is None:
        raise ValueError("the game is over: no tip")
    seconds = check_time_limit(time_limit)
    deadline = None if seconds is None else time.monotonic() + seconds
    values, fractions, tie = _values(public, samples, exact_hidden, deadline)
    sign = 1 if mover == 0 else -1
    best = max(values, key=lambda m: (sign * values[m], tie[m]))
    options = tuple(
        Option(m, values[m], None if fractions is None else fractions[m], m == best) for m in values
    )
    exact = fractions is not None
    used = 0 if exact else samples
    if public.game is None:
        assert best.game is not None
        reasons = (Reason("most-trumps", None, len(_trumps_up(public, best.game))),)
        return Tip("game", mover, best, values[best], exact, used, options, reasons)
    return Tip("card", mover, best, values[best], exact, used, options, _reasons(public, best))
