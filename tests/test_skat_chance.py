"""The public view of Offiziersskat and the exact chance game: the notation round-trips, the
consistent positions are exactly those with the view, and the fast expectiminimax equals an
independent brute force over every assignment of the face-down cards and every strategy."""

from __future__ import annotations

import dataclasses
import math
import random
import re
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from officers.core.errors import NotationError, SolverTimeoutError
from officers.skat import GAMES, Position, SkatGame, accel
from officers.skat.chance import (
    _leaf_board,
    _Search,
    _state,
    estimate,
    exact_value,
    expected_points,
    game_values,
    move_values,
    win_probability,
)
from officers.skat.public import Public
from officers.skat.rules import legal_moves, play
from officers.skat.search import Board
from officers.skat.solve import solve, wins


def played(number: int, game: str, moves: int, pick: random.Random) -> SkatGame:
    """Deal ``number``, ``game`` chosen, then ``moves`` random legal cards."""
    skat = SkatGame.deal(number)
    skat.push(game)
    for _ in range(moves):
        if skat.phase != "play":
            break
        legal = skat.legal_moves()
        skat.push(legal[pick.randrange(len(legal))])
    return skat


@st.composite
def endgames(draw: st.DrawFn, *, tricks: int = 4, most_hidden: int = 4) -> SkatGame:
    """A numbered deal and a game played at random until at most ``tricks`` tricks are left,
    half the time with a card on the table; at most ``most_hidden`` cards face down."""
    left = draw(st.integers(1, tricks))
    game = played(
        draw(st.integers(0, 2**64 - 1)),
        draw(st.sampled_from(GAMES)),
        2 * (16 - left) + draw(st.integers(0, 1)),
        random.Random(draw(st.integers(0, 2**32))),
    )
    assume(Public.of(game).hidden_count() <= most_hidden)
    return game


SLOW = [HealthCheck.filter_too_much, HealthCheck.too_slow]


# --- an independent brute force -------------------------------------------------------------


def face_up(position: Position) -> tuple[tuple[int | None, ...], ...]:
    """What a turn-up shows: the top card of every pile."""
    return tuple(tuple(p[-1] if p else None for p in side) for side in position.piles)


def brute(positions: list[Position], objective: str) -> Fraction:
    """The value of the chance game over a set of equally likely positions that look the same:
    every legal move (the same in each), the positions after it grouped by what turns up (each
    group weighted by its share), max for Vorhand and min for Hinterhand, to the end of the game.
    No double-dummy solver, no table: the rules engine alone."""
    first = positions[0]
    if first.phase == "over":
        return Fraction(int(first.points[0] >= 61) if objective == "win" else first.points[0])
    moves = legal_moves(first)
    assert all(legal_moves(p) == moves for p in positions)  # the moves are public
    values = []
    for move in moves:
        groups: dict[object, list[Position]] = defaultdict(list)
        for position in positions:
            after = play(position, move)
            groups[face_up(after)].append(after)
        values.append(
            sum(
                (Fraction(len(g), len(positions)) * brute(g, objective) for g in groups.values()),
                Fraction(0),
            )
        )
    return max(values) if first.to_move == 0 else min(values)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=4))
def test_the_exact_win_probability_is_the_brute_force_one(game: SkatGame) -> None:
    public = Public.of(game)
    positions = list(public.positions())
    assert exact_value(public, "win") == brute(positions, "win")


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=4))
def test_the_exact_expected_points_are_the_brute_force_ones(game: SkatGame) -> None:
    public = Public.of(game)
    assert exact_value(public, "points") == brute(list(public.positions()), "points")


@pytest.mark.slow  # the long sweep: the tests above compare fewer tricks
@settings(max_examples=5, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=5))
def test_the_brute_force_agrees_on_five_tricks(game: SkatGame) -> None:
    public = Public.of(game)
    assume(public.hidden_count() >= 3)
    positions = list(public.positions())
    assert exact_value(public, "win") == brute(positions, "win")


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=6, most_hidden=5))
def test_values_are_in_range_and_do_not_depend_on_the_face_down_cards(game: SkatGame) -> None:
    public = Public.of(game)
    p = exact_value(game.position, "win")
    points = exact_value(game.position, "points")
    assert 0 <= p <= 1
    assert game.points[0] <= points <= 120 - game.points[1]
    other = public.sample(random.Random(7))  # the face-down cards dealt again
    assert Public.of(other) == public
    assert exact_value(other, "win") == p
    assert exact_value(other, "points") == points
    # a bound: with a chance of winning, Vorhand's expected points are not all lost
    if p == 1:
        assert points >= 61


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=5, most_hidden=4), st.randoms(use_true_random=False))
def test_the_order_of_a_players_piles_changes_no_value(game: SkatGame, pick: random.Random) -> None:
    """The search remembers a state by each player's piles sorted: a position whose piles are
    shuffled within each player's row has the same values, in C and in Python."""
    position = game.position
    shuffled = tuple(tuple(pick.sample(side, len(side))) for side in position.piles)
    other = dataclasses.replace(position, piles=shuffled)
    for objective in ("win", "points"):
        value = exact_value(position, objective, compiled=False)
        assert exact_value(other, objective, compiled=False) == value
        if accel.module() is not None:
            assert exact_value(other, objective, compiled=True) == value


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=6, most_hidden=1))
def test_without_a_hidden_card_it_is_the_double_dummy_value(game: SkatGame) -> None:
    value = exact_value(game, "win")
    assert value == int(wins(game))
    assert exact_value(game, "points") == solve(game, line=False).value


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(
    endgames(tricks=6, most_hidden=1),
    st.randoms(use_true_random=False),
    st.sampled_from([False, None]),
)
def test_a_leaf_met_again_with_other_points_is_won_as_the_double_dummy_points_say(
    game: SkatGame, pick: random.Random, compiled: bool | None
) -> None:
    # a leaf of the win is remembered without Vorhand's points, by the bounds its tests proved
    # on her points to come: one search asked it at every split of the points taken, in a random
    # order, answers each as the double-dummy points to come say
    assert game.game is not None
    state = _state(Public.of(game))
    to_come = solve(game, line=False).value - state.points[0]
    taken = sum(state.points)
    splits = list(range(taken + 1))
    pick.shuffle(splits)
    search = _Search(game.game, "win", None, compiled)
    for vorhand in splits:
        at = dataclasses.replace(state, points=(vorhand, taken - vorhand))
        assert search.exact(at) == int(vorhand + to_come >= 61), vorhand


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=6, most_hidden=1))
def test_a_leaf_board_built_slot_by_slot_is_the_checked_positions(game: SkatGame) -> None:
    # the leaves skip the position's checks: their board must be the one a checked position gives
    assert game.game is not None
    leaf = _leaf_board(_state(Public.of(game)), game.game)
    board = Board(game.position)
    for name in ("card", "mask", "leader", "trick", "lane", "power", "points", "lanes", "beats"):
        assert getattr(leaf, name) == getattr(board, name), name


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=4))
def test_the_best_move_has_the_value(game: SkatGame) -> None:
    assume(game.phase == "play")
    values = move_values(game, "win")
    best = max(values.values()) if game.current_player == 0 else min(values.values())
    assert best == exact_value(game, "win")
    assert set(values) == set(game.legal_moves())


# --- the public view ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(st.integers(0, 2**64 - 1), st.sampled_from(GAMES), st.integers(0, 32), st.integers(0, 99))
def test_the_notation_and_the_json_round_trip(
    number: int, game: str, moves: int, seed: int
) -> None:
    skat = played(number, game, moves, random.Random(seed))
    public = Public.of(skat)
    assert Public.parse(public.notation()) == public
    assert Public.from_json(public.to_json()) == public
    assert Public.from_dict(public.to_dict()) == public
    assert Public.of(skat.view()) == public
    assert public.to_move == skat.current_player
    # a sample is consistent, and so is the real position
    sample = public.sample(random.Random(seed))
    assert Public.of(sample) == public
    assert sorted(sample.on_table()) == sorted(skat.position.on_table())
    assert len(public.unseen()) == public.hidden_count()


def test_the_view_before_the_choice_round_trips() -> None:
    public = Public.of(SkatGame.deal(5))
    assert public.hidden_count() == 16 and public.game is None
    assert Public.parse(public.notation()) == public
    assert "?/" in public.notation()


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=5))
def test_all_consistent_positions_are_listed_once(game: SkatGame) -> None:
    public = Public.of(game)
    positions = list(public.positions())
    assert len(positions) == len(set(positions)) == math.factorial(public.hidden_count())
    assert game.position in positions
    assert all(Public.of(p) == public for p in positions)


@pytest.mark.parametrize(
    "text",
    [
        "G ; x ; V ; 0:0 0:0 ; -",
        "G ; " + " ".join(["?/AC"] * 8) + " | " + " ".join(["?/AS"] * 8) + " ; V ; 0:0 0:0 ; -",
        "- ; " + Public.of(SkatGame.deal(1)).notation().split(";")[1] + " ; V ; 0:0 0:0 ; AC",
    ],
)
def test_a_bad_view_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Public.parse(text)


# --- the estimate and the time limit ---------------------------------------------------------


def test_an_unfinished_search_answers_a_labelled_estimate() -> None:
    skat = SkatGame.deal(2)
    skat.push("G")
    with pytest.raises(SolverTimeoutError):
        exact_value(skat, "win", time_limit=0.05)
    answer = win_probability(skat, time_limit=0.3, samples=3)
    assert not answer.exact and answer.method == "estimate"
    assert 1 <= answer.samples <= 3
    data = answer.to_dict()
    assert data["exact"] is False and data["method"] == "estimate" and data["fraction"] is None
    assert "estimate" in data["text"]
    assert 0 <= answer.low <= float(answer.value) <= answer.high <= 1


def test_an_estimate_depends_on_the_view_alone() -> None:
    skat = played(9, "H", 18, random.Random(3))
    public = Public.of(skat)
    other = public.sample(random.Random(11))
    a = estimate(skat, "win", samples=6)
    b = estimate(other, "win", samples=6)
    assert a.value == b.value and a.samples == b.samples == 6


def test_a_finished_search_is_exact() -> None:
    skat = played(3, "S", 26, random.Random(1))
    answer = expected_points(skat, time_limit=30)
    assert answer.exact and answer.method == "exact"
    assert Fraction(answer.to_dict()["fraction"]) == answer.value
    assert answer.value == exact_value(skat, "points")


def test_an_exact_value_is_written_p_over_q_whole_numbers_too() -> None:
    skat = played(3, "G", 30, random.Random(1))  # two tricks left
    for answer in (win_probability(skat), expected_points(skat)):
        text = answer.to_dict()["fraction"]
        assert re.fullmatch(r"[0-9]+/[1-9][0-9]*", text), text
        assert Fraction(text) == answer.value
    assert (win_probability(skat).value, expected_points(skat).value) == (0, 49)
    assert win_probability(skat).to_dict()["fraction"] == "0/1"  # 0.3 wrote "0"
    assert expected_points(skat).to_dict()["fraction"] == "49/1"


def test_game_values_before_the_choice() -> None:
    with pytest.raises(SolverTimeoutError):
        game_values(SkatGame.deal(1), "win", time_limit=0.05)


def test_the_estimate_before_the_choice_is_the_best_games_over_the_same_samples() -> None:
    public = Public.of(SkatGame.deal(12))
    before = estimate(public, "win", samples=3, seed=5)
    each = [
        estimate(Public(g, public.up, public.hidden), "win", samples=3, seed=5).value for g in GAMES
    ]
    assert before.value == max(each) and not before.exact
