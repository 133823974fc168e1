"""The sampled search of the chance game (officers.skat.sampled) and the expectimax bot: exact
where no turn-up is drawn, deterministic for a seed, blind to the face-down cards, within its
time, and the duel's paired margins."""

from __future__ import annotations

import random

import pytest

from officers.core.errors import InvalidArgumentError
from officers.skat import accel
from officers.skat.bots import ExpectimaxBot, get_bot
from officers.skat.chance import move_values
from officers.skat.public import Public
from officers.skat.sampled import sampled_values
from officers.skat.simulate import duel
from officers.skat.tips import public_legal_moves
from tests.helpers import skat_played, skat_redealt

pytestmark = pytest.mark.skipif(accel.module() is None, reason="the compiled search is not built")


def _positions(most: int, count: int, least: int = 2) -> list[Public]:
    found: list[Public] = []
    number = 0
    while len(found) < count:
        for moves in range(6, 30, 3):
            game = skat_played(number, moves)
            public = Public.of(game)
            playing = game.phase == "play" and len(game.legal_moves()) >= 2
            if playing and least <= public.hidden_count() <= most:
                found.append(public)
                break
        number += 1
    return found


@pytest.mark.parametrize("objective", ["win", "points"])
def test_every_turn_up_searched_is_the_exact_value(objective: str) -> None:
    for public in _positions(4, 6):
        found = sampled_values(public, objective, time_limit=None, samples=1, seed=3)  # type: ignore[arg-type]
        exact = move_values(public, objective)  # type: ignore[arg-type]
        assert found.exact and found.values.keys() == exact.keys()
        assert found.values == {move: float(value) for move, value in exact.items()}


def test_a_search_to_a_floor_estimates_a_probability() -> None:
    for public in _positions(9, 4, least=7):
        found = sampled_values(public, time_limit=None, depth=2, samples=2, seed=1)
        assert found.depth >= 2 and not found.exact
        assert all(0.0 <= v <= 1.0 for v in found.values.values())
        again = sampled_values(public, time_limit=None, depth=2, samples=2, seed=1)
        assert again == found


def test_the_time_limit_is_honoured() -> None:
    [public] = _positions(12, 1, least=11)
    found = sampled_values(public, time_limit=0.001, seed=1)
    assert found.depth <= 1
    move = ExpectimaxBot(budget=0.001).choose(public, random.Random(1))
    assert move in public_legal_moves(public)


def test_bad_settings_are_refused() -> None:
    [public] = _positions(6, 1)
    for width, samples in ((0, 2), (16, 2), (2, 0), (2, 65)):
        with pytest.raises(InvalidArgumentError):
            sampled_values(public, time_limit=None, width=width, samples=samples)
    with pytest.raises(InvalidArgumentError):
        sampled_values(public, time_limit=None, depth=0)


def test_the_bot_answers_the_same_whatever_lies_face_down() -> None:
    bot = ExpectimaxBot(budget=None, depth=2, samples=2, most_hidden=9)
    seen = 0
    for number in range(8):
        game = skat_played(number, 10 + number)
        if game.phase != "play":
            continue
        other = skat_redealt(game, random.Random(number))
        assert Public.of(other) == Public.of(game)
        assert bot.choose(Public.of(game), random.Random(4)) == bot.choose(
            Public.of(other), random.Random(4)
        )
        seen += 1
    assert seen >= 5


def test_a_duel_of_one_bot_with_itself_is_even_on_every_deal() -> None:
    # greedy is deterministic: both games of a deal are the same game, so each bot wins one
    result = duel("greedy", get_bot("greedy"), deals=6, seed=2, jobs=1)
    assert result.deals == 6 and all(a == b for a, b in result.games)
    assert result.wins == (6, 6)
    assert result.win_margin == (0.0, 0.0, 0.0) and result.point_margin == (0.0, 0.0, 0.0)


def test_a_duel_counts_each_deal_from_both_seats() -> None:
    result = duel("greedy", "random", deals=8, seed=5, jobs=1)
    first, second = result.wins
    assert first + second == 16
    margin, low, high = result.win_margin
    assert margin == pytest.approx((first - second) / 16)
    assert low <= margin <= high
    points = sum(a - b for a, b in result.games) / 8
    assert result.point_margin[0] == pytest.approx(points)
    assert result.to_dict()["games"] == 16
