"""The double-dummy solver against the plain reference: a minimax over the rules engine itself,
with no table, no ordering and no reduction, on random endgames (at the start of a trick and
with a card on the table); its line of play, its win test and its time limit."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, InvalidGameError, SolverTimeoutError
from officers.skat import GAMES, Deal, Position, SkatGame
from officers.skat.search import Board, Search, plain_value
from officers.skat.solve import minimax, solve, solve_games, wins


@st.composite
def endgames(draw: st.DrawFn, *, tricks: int = 4) -> SkatGame:
    """A numbered deal and a game, played at random until at most ``tricks`` tricks are left;
    half the time one card more (a card on the table)."""
    game = SkatGame.deal(draw(st.integers(0, 2**64 - 1)))
    game.push(draw(st.sampled_from(GAMES)))
    left = draw(st.integers(1, tricks))
    moves = 2 * (16 - left) + draw(st.integers(0, 1))
    for _ in range(moves):
        legal = game.legal_moves()
        game.push(legal[draw(st.integers(0, len(legal) - 1))])
    return game


def vorhand_points(position: Position, leader_value: int) -> int:
    """Vorhand's final points from the value for the leader of the trick on the table."""
    out = 120 - sum(position.points)
    return position.points[0] + (leader_value if position.leader == 0 else out - leader_value)


@settings(max_examples=150, deadline=None)
@given(endgames(tricks=4))
def test_the_solver_equals_plain_minimax_on_endgames(game: SkatGame) -> None:
    position = game.position
    expected = minimax(position)
    solution = solve(position)
    assert solution.value == expected
    assert wins(position) == (expected >= 61)
    assert position.points[0] <= solution.value <= 120 - position.points[1]


@settings(max_examples=15, deadline=None)
@given(endgames(tricks=5))
def test_the_solver_equals_plain_minimax_with_five_tricks_left(game: SkatGame) -> None:
    assert solve(game.position, line=False).value == minimax(game.position)


@settings(max_examples=40, deadline=None)
@given(endgames(tricks=7))
def test_the_fast_search_equals_plain_alpha_beta(game: SkatGame) -> None:
    board = Board(game.position)
    fast = Search(board)
    assert fast.value() == plain_value(board)
    # a zero-window answer is a true bound on the side it fails
    value = plain_value(board)
    for target in (value - 1, value, value + 1):
        answer = Search(board).value(target - 1, target)
        assert (answer >= target) == (value >= target)
        assert answer >= target or answer >= value
        assert answer < target or answer <= value


@settings(max_examples=60, deadline=None)
@given(endgames(tricks=6))
def test_the_line_is_legal_and_reaches_the_value(game: SkatGame) -> None:
    solution = solve(game.position)
    for move in solution.line:
        assert game.is_legal(move)
        game.push(move)
    outcome = game.outcome()
    assert outcome is not None and game.points[0] == solution.value
    assert solution.to_dict()["won"] == (solution.value >= 61)


def test_each_move_of_the_line_keeps_the_value() -> None:
    game = SkatGame.deal(7)
    game.push("H")
    for _ in range(18):
        game.push(game.legal_moves()[0])
    solution = solve(game.position)
    for move in solution.line:
        game.push(move)
        if not game.is_over():
            assert solve(game.position, line=False).value == solution.value


def test_a_finished_game_is_its_points() -> None:
    game = SkatGame.deal(2)
    game.push("G")
    while not game.is_over():
        game.push(game.legal_moves()[-1])
    assert solve(game).value == game.points[0] == minimax(game)
    assert wins(game) == (game.points[0] >= 61)


def test_every_search_honours_its_time_limit() -> None:
    for call in (solve, wins, solve_games):
        started = time.perf_counter()
        with pytest.raises(SolverTimeoutError):
            call(Deal.numbered(5), time_limit=0.001)
        assert time.perf_counter() - started < 2
    with pytest.raises(SolverTimeoutError):
        minimax(Deal.numbered(5), time_limit=0.05)
    with pytest.raises(InvalidArgumentError):
        solve(Deal.numbered(5), time_limit=0)


def test_solve_games_needs_the_choice_open() -> None:
    game = SkatGame.deal(1)
    game.push("C")
    with pytest.raises(InvalidGameError):
        solve_games(game)


@pytest.mark.slow
def test_before_the_choice_the_best_game_is_taken() -> None:
    deal = Deal.numbered(4)
    values = solve_games(deal)
    solution = solve(deal)
    assert solution.value == max(v.value for v in values.values())
    game = SkatGame(deal)
    for move in solution.line:
        game.push(move)
    assert game.points[0] == solution.value
    assert wins(deal) == (solution.value >= 61)


def test_vorhand_points_reads_the_leader_value() -> None:
    game = SkatGame.deal(3)
    game.push("S")
    for _ in range(25):
        game.push(game.legal_moves()[0])
    board = Board(game.position)
    assert vorhand_points(game.position, plain_value(board)) == minimax(game.position)


@settings(max_examples=10, deadline=None)
@given(endgames(tricks=6))
def test_a_full_table_starts_anew_without_changing_the_value(game: SkatGame) -> None:
    import officers.skat.search as search_module

    board = Board(game.position)
    expected = plain_value(board)
    saved = search_module.TABLE_LIMIT
    search_module.TABLE_LIMIT = 8
    try:
        search = Search(board)
        assert search.value() == expected
        assert len(search.table) <= 8
    finally:
        search_module.TABLE_LIMIT = saved
