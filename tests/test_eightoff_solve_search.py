"""The search core of the Eight Off solver against its plain definitions.

:meth:`Game.grow` and :meth:`Game.grow_shortest` make a node's children and grow the
frontier in one pass, :meth:`Game.settled` settles by looking only at the next card of each
foundation, the best-first priority of a child comes from its parent's by the change the move
makes, and A*'s bound counts segments: each is checked here against the plain version
(:meth:`Game.moves` and :meth:`Game.child`, :meth:`Game.settle`, :meth:`Game.greedy`) or
against the brute force of ``tests/test_eightoff_solve.py``.
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
from officers.eightoff.solve_search import (
    CardMove,
    Frontier,
    Game,
    Node,
    Shortest,
    best_first,
    key_of,
)
from officers.eightoff.variant import PRESETS as VARIANTS
from tests.test_eightoff_solve import brute_force, legal_moves, small_games

PRESETS = [EIGHT_OFF, FREECELL, BAKERS_GAME, SEAHAVEN_TOWERS]
NAMES = {EIGHT_OFF: "eight-off", FREECELL: "freecell", BAKERS_GAME: "bakers-game"}


def walk(game: Game, start: Node, steps: int, seed: int) -> list[Node]:
    """The nodes of a random walk from ``start`` by :meth:`Game.moves` and :meth:`Game.child`."""
    rng = random.Random(seed)
    nodes = [start]
    for _ in range(steps):
        moves = game.moves(nodes[-1])
        if not moves:
            break
        nodes.append(game.child(nodes[-1], rng.choice(moves))[0])
    return nodes


def plain_children(game: Game, node: Node) -> list[tuple[bytes, CardMove, Node, int]]:
    """The children of ``node`` not met before, in the order of its moves, with their keys."""
    seen = {key_of(node[0], node[1])}
    found = []
    for move in game.moves(node):
        child, played = game.child(node, move)
        key = key_of(child[0], child[1])
        if key not in seen:
            seen.add(key)
            found.append((key, move, child, played))
    return found


def deal_nodes(params: Params, deals: range, steps: int = 40) -> list[tuple[Game, Node]]:
    found = []
    for number in deals:
        deal = Deal.numbered(number, VARIANTS[NAMES.get(params, "seahaven-towers")])
        game = game_of(params)
        position = check_position(deal.columns, deal.cells, deal.foundations, params)
        found += [(game, node) for node in walk(game, start_node(game, position), steps, number)]
    return found


def test_grow_makes_the_children_and_weights_of_the_plain_methods() -> None:
    for params in PRESETS:
        for game, node in deal_nodes(params, range(1, 4)):
            key = key_of(node[0], node[1])
            score = game.greedy(node)
            assert game.greedy(node, key) == score
            search = Frontier({key: None}, [], 10**6, cost=5, depth=3)
            won = game.grow(node, key, score, search)
            plain = plain_children(game, node)
            if won is not None:  # the search stops at a won child
                assert won == next(k for k, _, child, _ in plain if sum(child[2]) == 52)
                continue
            assert list(search.parents.items())[1:] == [(k, (key, m)) for k, m, _, _ in plain]
            entries = sorted(search.frontier, key=lambda entry: entry[1])
            assert [(entry[4], entry[3]) for entry in entries] == [(k, c) for k, _, c, _ in plain]
            for priority, _, depth, child, child_key, child_score in entries:
                assert child_score == game.greedy(child) == game.greedy(child, child_key)
                assert (priority, depth) == (5 + child_score, 3)


def test_grow_shortest_makes_the_children_and_bounds_of_the_plain_methods() -> None:
    for params in PRESETS:
        for game, node in deal_nodes(params, range(1, 3)):
            key = key_of(node[0], node[1])
            search = Shortest({key: (7, None, None)}, [], 10**6)
            assert game.grow_shortest(node, key, 7, search)
            plain = plain_children(game, node)
            assert list(search.best.items())[1:] == [
                (k, (8 + played, key, move)) for k, move, _, played in plain
            ]
            entries = sorted(search.frontier, key=lambda entry: entry[2])
            assert [(entry[4], entry[3]) for entry in entries] == [(k, c) for k, _, c, _ in plain]
            for f, negative_g, _, child, _ in entries:
                assert f == -negative_g + game.lower_bound(child)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(1, 1000), st.integers(0, 10**6))
def test_settling_in_any_order_reaches_the_same_node(
    params: Params, number: int, seed: int
) -> None:
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
    same = sorted(settled_one[0]) == sorted(settled_other[0]) and sorted(settled_one[1]) == sorted(
        settled_other[1]
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
    for move in game.moves(node):
        child, played = game.child(node, move)
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
            assert (fast.status, fast.moves, fast.states) == (
                plain.status,
                plain.moves,
                plain.states,
            )
