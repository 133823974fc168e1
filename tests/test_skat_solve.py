"""The double-dummy solver against the plain reference: a minimax over the rules engine itself,
with no table, no ordering and no reduction, on random endgames (at the start of a trick and
with a card on the table); its line of play, its win test and its time limit."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, InvalidGameError, SolverTimeoutError
from officers.skat import GAMES, Deal, Move, Position, SkatGame
from officers.skat.rules import legal_moves, play
from officers.skat.search import Board, Search, _distinct, plain_value
from officers.skat.solve import minimax, solve, solve_games, wins, wins_after


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


@settings(max_examples=60, deadline=None)
@given(endgames(tricks=5), st.booleans())
def test_the_moves_searched_on_one_table_win_as_the_plain_minimax_says(
    game: SkatGame, compiled: bool
) -> None:
    """:func:`wins_after` (every move's win test on one table) against the plain reference
    after each move, in the compiled search and in Python."""
    position = game.position
    moves = legal_moves(position)
    expected = {m: minimax(play(position, m)) >= 61 for m in moves}
    assert wins_after(position, moves, compiled=None if compiled else False) == expected


def test_the_moves_on_one_table_before_the_choice_are_each_games_win_test() -> None:
    deal = Deal.numbered(6)
    position = Position.start(deal)
    choices = [Move.choose(g) for g in GAMES]
    assert wins_after(position, choices) == {m: wins(play(position, m)) for m in choices}
    game = SkatGame(deal)
    game.push("S")
    with pytest.raises(SolverTimeoutError):
        wins_after(game, game.legal_moves(), time_limit=0.001)


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


def _swaps(board: Board) -> list[tuple[int, int, bool]]:
    """The pairs of slots x < y of one player, both holding a card still out (not the one on
    the table), of one lane and worth the same points, with no card of the other player still
    out (or on the table) of that lane between them in power; each with whether a card of the
    player's own lies between them. Read from the cards' lanes and powers, not the search's
    tables."""
    out = board.mask | (1 << board.trick if board.trick >= 0 else 0)
    held = [slot for slot in range(32) if board.mask >> slot & 1]
    pairs = []
    for x in held:
        for y in held:
            if x >= y or x >> 4 != y >> 4 or board.lane[x] != board.lane[y]:
                continue
            if board.points[x] != board.points[y]:
                continue
            low, high = sorted((board.power[x], board.power[y]))
            inside = [
                z
                for z in range(32)
                if out >> z & 1 and board.lane[z] == board.lane[x] and low < board.power[z] < high
            ]
            if all(z >> 4 == x >> 4 for z in inside):
                pairs.append((x, y, bool(inside)))
    return pairs


def test_a_players_own_cards_may_change_places_when_no_card_of_the_other_lies_between() -> None:
    # the lemma behind the equivalent cards and the neighbours: two cards of one player, of
    # one lane and worth the same points, with no card of the other player still out between
    # them, may swap their places (piles and layers) without changing the value, even with
    # the player's own cards between them (two cards of one player never meet in a trick).
    # Checked by plain alpha-beta (no table, no equivalence) on 800 seeded endgames of up to
    # 6 tricks, a card on the table in half of them
    rng = random.Random(40)
    swaps = own = 0
    for _ in range(800):
        game = SkatGame.deal(rng.getrandbits(64))
        game.push(rng.choice(GAMES))
        for _ in range(2 * (16 - rng.randint(1, 6)) + rng.randint(0, 1)):
            game.push(rng.choice(game.legal_moves()))
        board = Board(game.position)
        value = plain_value(board)
        for x, y, between in _swaps(board):
            card = list(board.card)
            card[x], card[y] = card[y], card[x]
            swapped = Board.of_slots(board.game, card, board.leader, board.trick)
            assert plain_value(swapped) == value
            swaps += 1
            own += between
    assert swaps > 0 and own > 0


def _merged_pairs(position: Position) -> list[tuple[Move, Move]]:
    """The pairs of moves the search takes as equivalent in ``position``: the dropped card and
    the kept one it is equivalent to."""
    board = Board(position)
    moves = {board.card.index(move.card): move for move in legal_moves(position)}
    context = board.mask | (1 << board.trick if board.trick >= 0 else 0)
    kept = _distinct(board, sorted(moves), context)
    pairs = []
    for x in sorted(set(moves) - set(kept)):
        y = next(
            y
            for y in kept
            if board.lane[x] == board.lane[y]
            and board.points[x] == board.points[y]
            and not context & board.between[32 * x + y] & (0xFFFF if x >> 4 else 0xFFFF0000)
        )
        pairs.append((moves[x], moves[y]))
    return pairs


def test_equivalent_cards_have_the_same_value() -> None:
    # 400 endgames of up to 6 tricks (seeded), a card on the table in half of them: wherever
    # the search plays only one of two cards, both moves have the same value by plain
    # alpha-beta (no table, no equivalence) and take the same points
    rng = random.Random(40)
    pairs = 0
    for _ in range(400):
        game = SkatGame.deal(rng.getrandbits(64))
        game.push(rng.choice(GAMES))
        for _ in range(2 * (16 - rng.randint(1, 6)) + rng.randint(0, 1)):
            game.push(rng.choice(game.legal_moves()))
        for dropped, kept in _merged_pairs(game.position):
            values = [plain_value(Board(play(game.position, m))) for m in (dropped, kept)]
            after = [play(game.position, m) for m in (dropped, kept)]
            assert values[0] == values[1] and after[0].points == after[1].points
            pairs += 1
    assert pairs > 0


@settings(max_examples=80, deadline=None)
@given(endgames(tricks=6))
def test_swapping_a_players_cards_past_his_own_keeps_the_value(game: SkatGame) -> None:
    # the same lemma on endgames Hypothesis draws: every swap _swaps allows keeps the value
    # of plain alpha-beta
    board = Board(game.position)
    value = plain_value(board)
    for x, y, _ in _swaps(board):
        card = list(board.card)
        card[x], card[y] = card[y], card[x]
        assert plain_value(Board.of_slots(board.game, card, board.leader, board.trick)) == value
