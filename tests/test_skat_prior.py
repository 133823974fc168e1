"""The learnt order of Offiziersskat's moves (:mod:`officers.skat.prior`): facts of each move
that the public view alone decides, a choice among the moves given, and Monte Carlo's ties
broken by it and nothing else; the fit that makes its weights."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.train_skat_prior import fit
from officers.core.errors import InvalidArgumentError, InvalidGameError
from officers.skat import SkatGame
from officers.skat.bots import ExactBot, MonteCarloBot
from officers.skat.cards import POINTS, TRUMP, lane
from officers.skat.prior import FEATURES, WEIGHTS, features, prior_move, scores
from officers.skat.public import Public
from officers.skat.tips import greedy_move, public_legal_moves, sampled_wins
from tests.helpers import skat_played


def played(number: int, moves: int) -> Public:
    """Deal ``number``, a game chosen, then ``moves`` random moves: the public view."""
    return Public.of(skat_played(number, moves))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 24))
def test_the_features_of_a_move_are_the_facts_they_name(number: int, moves: int) -> None:
    public = played(number, moves)
    if public.to_move is None:
        return
    legal = public_legal_moves(public)
    found = features(public, legal)
    order = greedy_move(public)
    for move, row in found.items():
        assert len(row) == len(FEATURES)
        facts = dict(zip(FEATURES, row, strict=True))
        assert move.card is not None and move.pile is not None
        assert facts["the card's points / 11"] == POINTS[move.card] / 11
        assert facts["a trump"] == float(lane(move.card, public.game or "G") == TRUMP)
        assert facts["turns up a card (its pile hides one)"] == float(
            public.hidden[public.to_move][move.pile]
        )
        assert facts["the simple order's move"] == float(move == order)
        assert facts["answers (a card lies on the table)"] == float(bool(public.trick))


def test_the_learnt_order_chooses_among_the_moves_it_is_given() -> None:
    public = next(p for n in range(40) if len(public_legal_moves(p := played(n, 3))) >= 4)
    legal = public_legal_moves(public)
    score = scores(public, legal)
    assert score[prior_move(public, legal)] == max(score.values())
    for among in (legal[:1], legal[1:3], legal[::-1]):
        assert prior_move(public, among) in among
    # equal scores: the simple order's move, where it is among them
    flat = (0.0,) * len(WEIGHTS)
    assert prior_move(public, legal, flat) == greedy_move(public)
    with pytest.raises(InvalidArgumentError, match="none was given"):
        prior_move(public, [])


def test_before_the_choice_there_is_no_card_to_weigh() -> None:
    public = Public.of(SkatGame.deal(2))
    with pytest.raises(InvalidGameError, match="not chosen"):
        features(public, public_legal_moves(public))


@pytest.mark.parametrize("number", [1, 6, 13])
def test_monte_carlo_breaks_only_its_ties_by_the_learnt_order(number: int) -> None:
    public = played(number, 2 + number % 5)
    legal = public_legal_moves(public)
    sign = 1 if public.to_move == 0 else -1
    bot = MonteCarloBot(samples=3, budget=None, ties="learnt")
    move = bot.choose(public, random.Random(number))
    rng = random.Random(number)  # the bot's draws, again
    counts = sampled_wins(legal, [public.sample(rng) for _ in range(3)])
    most = max(sign * c for c in counts.values())
    tied = [m for m in legal if sign * counts[m] == most]
    assert move == (prior_move(public, tied) if len(tied) > 1 else tied[0])
    plain = MonteCarloBot(samples=3, budget=None).choose(public, random.Random(number))
    assert plain == (greedy_move(public) if greedy_move(public) in tied else tied[0])


def test_unknown_ties_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="unknown ties 'coin'"):
        MonteCarloBot(ties="coin")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="unknown ties"):
        ExactBot(ties="")  # type: ignore[arg-type]
    assert repr(MonteCarloBot(ties="learnt")).endswith("ties='learnt')")


def test_the_fit_finds_the_weights_that_made_the_values() -> None:
    rng = random.Random(3)
    true = [rng.uniform(-1, 1) for _ in FEATURES]
    rows = []
    for number in range(60):
        public = played(number, rng.randrange(6))
        if public.to_move is None:
            continue
        legal = public_legal_moves(public)
        score = scores(public, legal, true)
        rows.append((public.notation(), [(m.notation(), score[m] + 5.0) for m in legal]))
    weights, r2 = fit(rows, 1e-9)
    assert r2 > 0.999999
    # the weights of facts that never differ within a position are not determined; the scores are
    for notation, _ in rows[:20]:
        public = Public.parse(notation)
        legal = public_legal_moves(public)
        got, want = scores(public, legal, list(weights)), scores(public, legal, true)
        spread = [got[m] - want[m] for m in legal]
        assert np.ptp(spread) < 1e-6
