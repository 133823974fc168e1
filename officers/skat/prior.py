"""A learnt order of moves for Offiziersskat's first tricks: which of several moves that do
equally well on a few sampled deals to play.

At 0.05 s a move the Monte Carlo bot weighs some seven sampled deals in the first tricks, and in
three choices of four its best count of wins is shared, by five moves at the mean: the moves
differ in one to three deals in a hundred, which seven samples cannot see. The simple order
(:func:`~officers.skat.tips.greedy_move`) breaks such ties well; this order does better, and
with it (and the exact chance game at the end) the bot beats Monte Carlo at the same time a
move over 2,000 deals played from both seats, by 4.8 % of the games (docs/skat.md).

It scores each move by a weighted sum of facts about it (:func:`features`, from the public view
alone), the weights fitted by least squares (ridge) to Monte Carlo's own value of each move over
24 sampled deals, on positions of play with 10 to 16 cards face down from deals that the
measurements in docs/skat.md do not use: ``python -m benchmarks.train_skat_prior`` makes the
data and prints :data:`WEIGHTS`. The moves given are the legal moves of the view (or some of
them).

>>> from officers.skat import SkatGame
>>> from officers.skat.public import Public
>>> from officers.skat.tips import public_legal_moves
>>> game = SkatGame.deal(3)
>>> game.push("S") and None
>>> public = Public.of(game)
>>> moves = public_legal_moves(public)
>>> len(features(public, moves)[moves[0]]) == len(FEATURES) == len(WEIGHTS)
True
>>> prior_move(public, moves) in moves
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from officers.core.errors import InvalidArgumentError, InvalidGameError
from officers.skat.cards import POINTS, TRUMP, beats, lane, power
from officers.skat.moves import Move
from officers.skat.public import Public
from officers.skat.tips import greedy_move

__all__ = ["FEATURES", "WEIGHTS", "features", "prior_move", "scores"]

FEATURES: Final = (
    "answers (a card lies on the table)",
    "leads",
    "the card's points / 11",
    "a trump",
    "no card that may be the other player's (face up or unseen) of its lane beats it",
    "turns up a card (its pile hides one)",
    "answering: takes the trick",
    "answering: takes the trick, times its points / 22",
    "answering: gives the trick away, times its points / 22",
    "leading: no face-up card of the other player may answer it and beat it",
    "leading: as the one before, times the card's points / 11",
    "the mover's other face-up cards of its lane / 4",
    "the simple order's move",
    "the cards of its lane that may be the other player's and beat it / 8",
    "answering: takes a trick without points with a trump",
    "leading: the other player's face-up cards of its lane above it / 4",
)
"""What :func:`features` says of a move, in order."""

WEIGHTS: Final[tuple[float, ...]] = (
    +0.0000,  # answers (a card lies on the table)
    +0.0000,  # leads
    -0.1139,  # the card's points / 11
    -0.0083,  # a trump
    -0.0399,  # no card that may be the other player's (face up or unseen) of its lane beats it
    +0.0247,  # turns up a card (its pile hides one)
    +0.0830,  # answering: takes the trick
    +0.3154,  # answering: takes the trick, times its points / 22
    -0.1365,  # answering: gives the trick away, times its points / 22
    +0.0963,  # leading: no face-up card of the other player may answer it and beat it
    +0.1510,  # leading: as the one before, times the card's points / 11
    -0.0316,  # the mover's other face-up cards of its lane / 4
    -0.0080,  # the simple order's move
    +0.0047,  # the cards of its lane that may be the other player's and beat it / 8
    -0.0637,  # answering: takes a trick without points with a trump
    -0.0515,  # leading: the other player's face-up cards of its lane above it / 4
)
"""The weight of each of :data:`FEATURES`, as ``python -m benchmarks.train_skat_prior --first
20000 40000 --positions 3000 --samples 24`` prints them (6,000 positions, 43,605 moves; the
weights account for 44 % of the moves' differences within a position, R² 0.442). The first two
are 0: every move of a position has the same value of them."""


def features(
    public: Public, moves: Sequence[Move], order: Move | None = None
) -> dict[Move, tuple[float, ...]]:
    """Each move's :data:`FEATURES` in ``public`` (after the game choice), for the player to
    move: from the face-up cards, the card on the table and the cards unseen, never a face-down
    card. ``order``: the simple order's move, where the caller has it already."""
    game, mover = public.game, public.to_move
    if game is None or mover is None:
        raise InvalidGameError("the learnt order weighs cards: the game is not chosen yet")
    order = greedy_move(public) if order is None else order
    mine = [c for c in public.up[mover] if c is not None]
    theirs = [c for c in public.up[1 - mover] if c is not None]
    outside = {*theirs, *public.unseen()}
    lead = public.trick[0] if public.trick else None
    found: dict[Move, tuple[float, ...]] = {}
    for move in moves:
        card = move.card
        if card is None:
            raise InvalidGameError(f"{move.notation()} is not a card's move")
        suit, height = lane(card, game), power(card)
        above = sum(1 for x in outside if lane(x, game) == suit and power(x) > height)
        turns = float(move.pile is not None and public.hidden[mover][move.pile])
        own = sum(1 for x in mine if x != card and lane(x, game) == suit) / 4
        trump = float(suit == TRUMP)
        if lead is not None:
            takes = float(beats(card, lead, game))
            table = (POINTS[lead] + POINTS[card]) / 22
            found[move] = (
                1.0, 0.0, POINTS[card] / 11, trump, float(not above), turns, takes,
                takes * table, (1 - takes) * table, 0.0, 0.0, own, float(move == order),
                above / 8, trump * takes * (POINTS[lead] == 0), 0.0,
            )  # fmt: skip
            continue
        following = [x for x in theirs if lane(x, game) == suit]
        safe = float(not [x for x in following or theirs if beats(x, card, game)])
        higher = sum(1 for x in theirs if lane(x, game) == suit and power(x) > height)
        found[move] = (
            0.0, 1.0, POINTS[card] / 11, trump, float(not above), turns, 0.0, 0.0, 0.0,
            safe, safe * POINTS[card] / 11, own, float(move == order), above / 8, 0.0,
            higher / 4,
        )  # fmt: skip
    return found


def scores(
    public: Public,
    moves: Sequence[Move],
    weights: Sequence[float] = WEIGHTS,
    order: Move | None = None,
) -> dict[Move, float]:
    """Each move's score: its :func:`features` weighed by ``weights`` (higher is better for the
    player to move)."""
    return {
        move: sum(w * f for w, f in zip(weights, row, strict=True))
        for move, row in features(public, moves, order).items()
    }


def prior_move(public: Public, among: Sequence[Move], weights: Sequence[float] = WEIGHTS) -> Move:
    """The move of ``among`` with the best :func:`scores`; among equal scores the simple
    order's move, else the first."""
    if not among:
        raise InvalidArgumentError("the learnt order needs a move to choose: none was given")
    order = greedy_move(public)
    score: Mapping[Move, float] = scores(public, among, weights, order)
    return max(among, key=lambda m: (score[m], m == order, -among.index(m)))
