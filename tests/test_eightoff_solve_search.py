"""The search core of the Eight Off solver against its plain definitions.

:meth:`Game.expand` makes a node's moves and children in one pass, :meth:`Game.settled`
settles by looking only at the next card of each foundation, the best-first priority of a
child comes from its parent's by the change the move makes, and A*'s bound counts segments:
each is checked here against the plain version (:meth:`Game.moves` and :meth:`Game.child`,
:meth:`Game.settle`, :meth:`Game.greedy`) or against the brute force of
``tests/test_eightoff_solve.py``.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from officers.eightoff.position import Position as Deal
from officers.eightoff.solve import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN_TOWERS,
    Params,
    Position,
    check_position,
    game_of,
    solve,
    start_node,
)
from officers.eightoff.solve_search import Game, Node, best_first, key_of
from officers.eightoff.variant import PRESETS as VARIANTS
from tests.test_eightoff_solve import brute_force, legal_moves, small_games

PRESETS = [EIGHT_OFF, FREECELL, BAKERS_GAME, SEAHAVEN_TOWERS]
NAMES = {EIGHT_OFF: "eight-off", FREECELL: "freecell", BAKERS_GAME: "bakers-game"}


def walk(game: Game, start: Node, steps: int, seed: int) -> list[Node]:
    """The nodes of a random walk from ``start`` through :meth:`Game.expand`."""
    rng = random.Random(seed)
    nodes = [start]
    for _ in range(steps):
        children = game.expand(nodes[-1])
        if not children:
            break
        nodes.append(rng.choice(children)[1])
    return nodes


def deal_nodes(params: Params, deals: range, steps: int = 40) -> list[tuple[Game, Node]]:
    found = []
    for number in deals:
        deal = Deal.numbered(number, VARIANTS[NAMES.get(params, "seahaven-towers")])
        game = game_of(params)
        position = check_position(deal.columns, deal.cells, deal.foundations, params)
        found += [(game, node) for node in walk(game, start_node(game, position), steps, number)]
    return found


def test_expand_makes_the_moves_and_children_of_the_plain_methods() -> None:
    for params in PRESETS:
        for game, node in deal_nodes(params, range(1, 4)):
            expanded = game.expand(node)
            assert [move for move, *_ in expanded] == game.moves(node)
            for move, child, played, _ in expanded:
                assert (child, played) == game.child(node, move)


def test_the_priority_of_a_child_is_its_parents_plus_the_change() -> None:
    for params in PRESETS:
        for game, node in deal_nodes(params, range(1, 4)):
            key = key_of(node[0], node[1])
            score = game.greedy(node)
            assert game.greedy(node, key) == score
            for _, child, played, change in game.expand(node, key):
                assert (change is None) == (played > 0 or child[2] != node[2])
                if change is not None:
                    assert score + change == game.greedy(child)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(1, 1000), st.integers(0, 10**6))
def test_settling_in_any_order_reaches_the_same_node(params: Params, number: int, seed: int) -> None:
    deal = Deal.numbered(number, VARIANTS[NAMES.get(params, "seahaven-towers")])
    game = game_of(params)
    position = check_position(deal.columns, deal.cells, deal.foundations, params)
    for node in walk(game, start_node(game, position), 30, seed):
        # Unsettle a little: put back on the columns, at random, the last cards played.
        rng = random.Random(seed)
        columns = [bytes(column) for column in node[0]]
        foundations = list(node[2])
        for suit in rng.sample(range(4), 4):
            if foundations[suit] and rng.random() < 0.5:
                foundations[suit] -= 1
                index = rng.randrange(len(columns))
                columns[index] += bytes((13 * suit + foundations[suit],))
        cells = list(node[1]) + [-1] * (params.cells - len(node[1]))
        plain = (list(columns), list(cells), list(foundations))
        played = game.settle(*plain)
        expected = (
            tuple(sorted(plain[0])),
            bytes(sorted(card for card in plain[1] if card >= 0)),
            tuple(plain[2]),
        )
        assert game.node(columns, cells, foundations) == (expected, len(played))


def permuted(position: Position, rng: random.Random) -> Position:
    columns, cells, foundations = position
    shuffled_columns = list(columns)
    shuffled_cells = list(cells)
    rng.shuffle(shuffled_columns)
    rng.shuffle(shuffled_cells)
    return tuple(shuffled_columns), tuple(shuffled_cells), foundations


@settings(max_examples=60, deadline=None)
@given(small_games(), small_games(), st.randoms(use_true_random=False))
def test_keys_are_equal_exactly_for_positions_equal_up_to_order(
    first: tuple[Position, Params], second: tuple[Position, Params], rng: random.Random
) -> None:
    (one, params), (other, _) = first, second
    game = game_of(params)

    def key(position: Position) -> bytes:
        node = start_node(game, position)
        return key_of(node[0], node[1])

    assert key(one) == key(permuted(one, rng))
    settled_one, settled_other = start_node(game, one), start_node(game, other)
    same = (
        sorted(settled_one[0]) == sorted(settled_other[0])
        and sorted(settled_one[1]) == sorted(settled_other[1])
    )
    assert (key(one) == key(other)) == same


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_the_bound_never_exceeds_the_fewest_moves_and_drops_by_one_a_move_at_most(
    game_and_params: tuple[Position, Params],
) -> None:
    position, params = game_and_params
    game = game_of(params)
    node = start_node(game, position)
    truth = brute_force(position, params)
    if truth is not None:
        assert game.lower_bound(node) <= truth
        fewest = solve(*position, params, fewest=True)
        assert fewest.optimal and len(fewest.moves) == truth
    bound = game.lower_bound(node)
    for move, child, played, _ in game.expand(node):
        assert bound <= 1 + played + game.lower_bound(child), move
    as_position: Position = (
        tuple(tuple(column) for column in node[0]),
        (*node[1], *[None] * (params.cells - len(node[1]))),
        (node[2][0], node[2][1], node[2][2], node[2][3]),
    )
    for _, after in legal_moves(as_position, params):  # every real move, settled after
        settled = start_node(game, after)
        extra = sum(settled[2]) - sum(after[2])
        assert bound <= 1 + extra + game.lower_bound(settled)


def test_the_best_first_search_grows_its_frontier_as_the_plain_priority_orders_it() -> None:
    # Game.grow weighs a child by its parent's score and the change; the plain path calls
    # Game.greedy on each child: the searches must be the same, win for win, state for state.
    for params in PRESETS:
        for number in range(1, 4):
            deal = Deal.numbered(number, VARIANTS[NAMES.get(params, "seahaven-towers")])
            game = game_of(params)
            position = check_position(deal.columns, deal.cells, deal.foundations, params)
            start = start_node(game, position)
            fast = best_first(game, start, deadline=None, max_states=20_000)
            plain = best_first(game, start, deadline=None, max_states=20_000, priority=game.greedy)
            assert (fast.status, fast.moves, fast.states) == (plain.status, plain.moves, plain.states)
