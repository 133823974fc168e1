"""The Eight Off solver against hand-made positions, random deals and a brute-force search.

The brute force (:func:`brute_force`) is a breadth-first search over positions as they are,
without any of the solver's reductions (no sorting of columns or cells, no automatic moves),
whose moves are every ``(source, target, count)`` that :func:`replay_move` (the rules check
of :func:`replay`) accepts. On small games
(two suits of four cards left, three columns, a cell) its verdicts and its fewest moves are the
truth the solver is held to.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, InvalidGameError
from officers.eightoff.position import Position as Deal
from officers.eightoff.solve import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN_TOWERS,
    IllegalReplayError,
    Move,
    Params,
    Position,
    game_of,
    notation,
    replay,
    replay_move,
    solve,
    solve_position,
    start_node,
)
from officers.eightoff.solve_search import best_first

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def card(rank: int, suit: int) -> int:
    return 13 * suit + rank - 1


def won(position: Position) -> bool:
    return position[2] == (13, 13, 13, 13)


def check_win(position: Position, params: Params, moves: list[Move]) -> None:
    assert won(replay(*position, params, moves))


def deal(seed: int, params: Params = EIGHT_OFF) -> Position:
    """A random deal as the variant deals it (Eight Off: 8 columns of 6 and 4 cells filled)."""
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    if params == EIGHT_OFF:
        columns = tuple(tuple(deck[6 * i : 6 * i + 6]) for i in range(8))
        return columns, (*deck[48:], None, None, None, None), (0, 0, 0, 0)
    if params == SEAHAVEN_TOWERS:
        columns = tuple(tuple(deck[5 * i : 5 * i + 5]) for i in range(10))
        return columns, (None, *deck[50:], None), (0, 0, 0, 0)
    columns = tuple(tuple(deck[i :: params.columns]) for i in range(params.columns))
    return columns, (None,) * params.cells, (0, 0, 0, 0)


# -- the brute force -------------------------------------------------------------------------


def legal_moves(position: Position, params: Params) -> list[tuple[Move, Position]]:
    """Every move ``replay`` accepts, with the position it leads to."""
    columns, cells, _ = position
    sources = [
        ("column", i, n) for i, column in enumerate(columns) for n in range(1, len(column) + 1)
    ]
    sources += [("cell", i, 1) for i, c in enumerate(cells) if c is not None]
    targets = [("column", j) for j in range(len(columns))]
    targets += [("cell", j) for j in range(len(cells))] + [("foundation", s) for s in range(4)]
    found = []
    for kind, index, count in sources:
        for target in targets:
            move: Move = ((kind, index), target, count)
            table, free, home = [list(c) for c in columns], list(cells), list(position[2])
            if not replay_move(table, free, home, params, move):
                after = (
                    tuple(map(tuple, table)),
                    tuple(free),
                    (home[0], home[1], home[2], home[3]),
                )
                found.append((move, after))
    return found


def brute_force(position: Position, params: Params) -> int | None:
    """The fewest moves to win (``None``: no win), by breadth-first search without pruning."""
    seen = {position}
    queue = deque([(position, 0)])
    while queue:
        current, depth = queue.popleft()
        if won(current):
            return depth
        for _, after in legal_moves(current, params):
            if after not in seen:
                seen.add(after)
                queue.append((after, depth + 1))
    return None


VARIANTS = [
    Params(3, 1, building, empty, sequence)
    for building in ("suit", "alternate")
    for empty in ("kings", "any")
    for sequence in ("cells", "freecell", "one")
]


@st.composite
def small_games(draw: st.DrawFn) -> tuple[Position, Params]:
    """Two suits of four cards left (10 to King of Hearts and Spades), dealt on three columns
    and one cell, under any variant of the family."""
    params = draw(st.sampled_from(VARIANTS))
    cards = draw(
        st.permutations([card(rank, suit) for suit in (HEARTS, SPADES) for rank in range(10, 14)])
    )
    in_cell = draw(st.booleans())
    cells = (cards[0],) if in_cell else (None,)
    rest = cards[1:] if in_cell else cards
    cuts = sorted(draw(st.lists(st.integers(0, len(rest)), min_size=2, max_size=2)))
    columns = (tuple(rest[: cuts[0]]), tuple(rest[cuts[0] : cuts[1]]), tuple(rest[cuts[1] :]))
    return (columns, cells, (13, 13, 9, 9)), params


# -- hand-made positions ---------------------------------------------------------------------


def test_one_move_from_won() -> None:
    columns = ((), (), (), (), (), (), (card(13, HEARTS),), ())
    solution = solve(columns, (None,) * 8, (13, 13, 12, 13), EIGHT_OFF)
    assert solution.status == "solvable"
    assert solution.moves == [(("column", 6), ("foundation", HEARTS), 1)]
    assert solution.notation == "7h"


def test_a_won_position_needs_no_move() -> None:
    solution = solve(((),) * 8, (None,) * 8, (13, 13, 13, 13), EIGHT_OFF, fewest=True)
    assert (solution.status, solution.moves, solution.optimal) == ("solvable", [], True)


def test_a_stuck_position_is_proved_unsolvable() -> None:
    # J♠ under K♠, Q♠ alone; no cell: Q♠ may go onto K♠, but then nothing reaches J♠.
    columns = ((card(11, SPADES), card(13, SPADES)), (card(12, SPADES),))
    solution = solve(columns, (), (13, 13, 13, 10), Params(2, 0))
    assert (solution.status, solution.moves, solution.reason) == ("unsolvable", [], None)
    assert brute_force((columns, (), (13, 13, 13, 10)), Params(2, 0)) is None


def test_a_position_that_needs_a_sequence_move() -> None:
    # 9♠ under Q♠ J♠, T♠ under K♠, two empty columns and no cell: kings only, so the empty
    # columns take no single card; Q♠ J♠ must go onto K♠ at once, and later K♠ Q♠ J♠ to an
    # empty column at once, which the FreeCell count of empty columns allows.
    columns = (
        (),
        (card(9, SPADES), card(12, SPADES), card(11, SPADES)),
        (card(10, SPADES), card(13, SPADES)),
        (),
    )
    position: Position = (columns, (), (13, 13, 13, 8))
    runs = Params(4, 0, "suit", "kings", "freecell")
    solution = solve(*position, runs, fewest=True)
    assert solution.status == "solvable" and solution.optimal
    assert any(count > 1 for _, _, count in solution.moves)
    assert len(solution.moves) == brute_force(position, runs)
    check_win(position, runs, solution.moves)
    assert "v3" in solution.notation  # three cards to an empty column, as fc-solve -snx writes
    for single in (Params(4, 0, "suit", "kings", "one"), Params(4, 0, "suit", "kings", "cells")):
        assert solve(*position, single).status == "unsolvable"


def test_only_a_king_fills_an_empty_column() -> None:
    # Q♠ over J♠ over K♠, one empty column, no cell: Q♠ may fill it only when any card may.
    columns = ((), (card(13, SPADES), card(11, SPADES), card(12, SPADES)))
    position: Position = (columns, (), (13, 13, 13, 10))
    assert solve(*position, Params(2, 0, empty="kings")).status == "unsolvable"
    relaxed = Params(2, 0, empty="any")
    solution = solve(*position, relaxed, fewest=True)
    assert solution.status == "solvable"
    assert len(solution.moves) == brute_force(position, relaxed) == 4
    check_win(position, relaxed, solution.moves)


# -- random deals ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 2, 3, 4, 5, 6])
def test_random_eight_off_deals_are_won_and_replayed(seed: int) -> None:
    position = deal(seed)
    solution = solve(*position, EIGHT_OFF, time_limit=5.0)
    assert solution.status in {"solvable", "unknown"}
    if solution.status == "solvable":
        check_win(position, EIGHT_OFF, solution.moves)
        assert len(solution.notation.split()) == len(solution.moves)
    else:
        assert solution.reason in {"time", "memory"} and not solution.moves


@pytest.mark.parametrize("params", [FREECELL, BAKERS_GAME, SEAHAVEN_TOWERS], ids=str)
def test_random_deals_of_the_other_presets(params: Params) -> None:
    for seed in range(2):
        position = deal(seed, params)
        solution = solve(*position, params, time_limit=2.0)
        if solution.status == "solvable":
            check_win(position, params, solution.moves)
        else:
            assert not solution.moves


def test_the_state_bound_gives_unknown_not_a_guess() -> None:
    solution = solve(*deal(1), EIGHT_OFF, max_states=50)
    assert (solution.status, solution.reason, solution.moves) == ("unknown", "memory", [])
    assert solution.states <= 50


def test_the_time_limit_gives_unknown_not_a_guess() -> None:
    solution = solve(*deal(1), EIGHT_OFF, time_limit=1e-6)  # a deal of some 30,000 states
    assert (solution.status, solution.reason, solution.moves) == ("unknown", "time", [])


def test_fewest_moves_beat_or_match_the_first_win() -> None:
    start = deal(11)
    halfway = replay(*start, EIGHT_OFF, solve(*start, EIGHT_OFF).moves[:30])
    first = solve(*halfway, EIGHT_OFF)
    fewest = solve(*halfway, EIGHT_OFF, fewest=True, time_limit=20.0)
    assert first.status == fewest.status == "solvable"
    assert fewest.optimal and fewest.reason is None
    assert len(fewest.moves) <= len(first.moves)
    check_win(halfway, EIGHT_OFF, fewest.moves)


# -- against the brute force ---------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_verdicts_and_fewest_moves_agree_with_the_brute_force(
    game: tuple[Position, Params],
) -> None:
    position, params = game
    truth = brute_force(position, params)
    decided = solve(*position, params)
    assert decided.status == ("unsolvable" if truth is None else "solvable")
    fewest = solve(*position, params, fewest=True)
    assert fewest.status == decided.status
    if truth is not None:
        assert fewest.optimal and len(fewest.moves) == truth
        check_win(position, params, decided.moves)
        check_win(position, params, fewest.moves)


@settings(max_examples=30, deadline=None)
@given(small_games(), st.randoms(use_true_random=False))
def test_the_order_of_columns_and_cells_changes_nothing(
    game: tuple[Position, Params], rng: random.Random
) -> None:
    (columns, cells, foundations), params = game
    shuffled = list(columns)
    rng.shuffle(shuffled)
    first = solve(columns, cells, foundations, params, fewest=True)
    second = solve(tuple(shuffled), cells, foundations, params, fewest=True)
    assert first.status == second.status
    assert len(first.moves) == len(second.moves)


@settings(max_examples=40, deadline=None)
@given(small_games())
def test_the_priority_orders_the_search_and_changes_no_verdict(
    game: tuple[Position, Params],
) -> None:
    position, params = game
    tables = game_of(params)
    start = start_node(tables, position)
    outcomes = [
        best_first(
            tables, start, deadline=None, max_states=10**6, priority=priority, depth_weight=w
        )
        for priority, w in ((None, 1), (lambda node: 0, 0), (lambda node: -tables.greedy(node), 3))
    ]
    assert len({outcome.status for outcome in outcomes}) == 1
    if outcomes[0].status == "unsolvable":  # every order stored the whole reachable space
        assert len({outcome.states for outcome in outcomes}) == 1


def test_a_deal_the_first_priority_found_hard_is_decided_in_few_states() -> None:
    # Deal 4507 took 266,000 states with the first priority (blocked cards, disorder, full
    # cells, no depth); weighing how deep the next card of each foundation lies finds its
    # win in under a thousand.
    deal_4507 = Deal.numbered(4507)
    solution = solve_position(deal_4507, time_limit=None, max_states=5_000)
    assert solution.status == "solvable"
    start = (deal_4507.columns, deal_4507.cells, deal_4507.foundations)
    check_win(start, EIGHT_OFF, solution.moves)


# -- the checks at the door -------------------------------------------------------------------


def test_replay_refuses_an_illegal_move() -> None:
    columns = ((card(13, SPADES),), (card(12, SPADES),), (card(11, SPADES),))
    with pytest.raises(IllegalReplayError, match="does not go on"):
        replay(columns, (), (13, 13, 13, 10), Params(3, 0), [(("column", 2), ("column", 0), 1)])


def replay_slowly(position: Position, params: Params, moves: list[Move]) -> Position | str:
    """Every move through :func:`replay_move` (no shortcut): the position reached, or the first
    problem's message as :func:`replay` words it."""
    table = [list(column) for column in position[0]]
    free = list(position[1])
    home = list(position[2])
    for number, move in enumerate(moves, 1):
        problem = replay_move(table, free, home, params, move)
        if problem:
            return f"move {number} {move!r}: {problem}"
    return tuple(tuple(c) for c in table), tuple(free), (home[0], home[1], home[2], home[3])


PLACE_KINDS = ("column", "cell", "foundation", "nowhere")


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([EIGHT_OFF, FREECELL, BAKERS_GAME, SEAHAVEN_TOWERS]),
    st.integers(1, 1000),
    st.lists(
        st.tuples(
            st.tuples(st.sampled_from(PLACE_KINDS), st.integers(-1, 10)),
            st.tuples(st.sampled_from(PLACE_KINDS), st.integers(-1, 10) | st.just(True)),
            st.integers(0, 3) | st.just(True),
        ),
        max_size=30,
    ),
)
def test_replay_answers_as_one_move_at_a_time(
    params: Params, number: int, moves: list[Move]
) -> None:
    # replay makes the commonest moves (one card to its foundation) itself: the same answer.
    position = deal(number, params)
    won = solve(*position, params, time_limit=None, max_states=100_000)
    for tried in (moves, won.moves, won.moves[:-1] + moves):
        expected = replay_slowly(position, params, tried)
        try:
            assert replay(*position, params, tried) == expected
        except IllegalReplayError as error:
            assert str(error) == expected


def test_a_position_with_a_card_twice_is_refused() -> None:
    with pytest.raises(InvalidGameError):
        solve(((51,), (51,)), (), (13, 13, 13, 12), Params(2, 0))
    with pytest.raises(InvalidGameError):
        solve(((50,), ()), (), (13, 13, 13, 11), Params(2, 0))  # K♠ is missing


def test_bad_limits_are_refused() -> None:
    with pytest.raises(InvalidArgumentError):
        solve(*deal(0), EIGHT_OFF, time_limit=0)
    with pytest.raises(InvalidArgumentError):
        solve(*deal(0), EIGHT_OFF, max_states=0)
    with pytest.raises(InvalidArgumentError):
        Params(8, 9)


def test_the_notation_matches_fc_solve() -> None:
    moves: list[Move] = [
        (("column", 0), ("cell", 7), 1),
        (("cell", 7), ("column", 9), 1),
        (("column", 3), ("foundation", 2), 1),
    ]
    assert notation(moves) == "1k k10 4h"
