"""The compiled decision search of Eight Off and its family (:mod:`officers.eightoff._search`,
found by :mod:`officers.eightoff.accel`) against the Python search of
:func:`officers.eightoff.solve_search.best_first`.

The compiled search tries the same moves in the same order under the same priority, so it is
held to more than the same verdict: the same outcome, move for move and state for state, on
numbered deals of every preset (solvable and unsolvable ones), on positions reached from them,
on small variants of every rule, and under the same bound on the states. Every win it finds
replays under :func:`officers.eightoff.solve.replay`; its verdicts on small games match the
brute force of ``tests/test_eightoff_solve.py``. The time limit, the bound on the states and the
cancel event each end it with "unknown" and the reason; malformed arguments are refused with a
Python exception.

Its A* (:func:`officers.eightoff.accel.astar`, ``fewest=True``) is held to the Python A* of
:func:`officers.eightoff.solve_search.astar` the same way: the same outcome move for move and
state for state (so wins of the same, fewest, number of moves) on numbered deals, positions
reached in play and small variants, the fewest moves of brute force on small games, the same
limits.

The module is optional (a build without a compiler has none): these tests skip without it,
unless ``OFFICERS_REQUIRE_EXTENSION=1`` (CI), where its absence fails."""

from __future__ import annotations

import os
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import officers.eightoff.solve as solve_module
from officers.eightoff import accel
from officers.eightoff.accel import SEQUENCES
from officers.eightoff.microsoft import microsoft_deal
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
    moves_by_place,
    replay,
    solve,
    start_node,
)
from officers.eightoff.solve_search import Game, Node, Outcome, astar, best_first, key_of
from officers.eightoff.variant import PRESETS as VARIANTS
from tests.test_eightoff_solve import brute_force, small_games
from tests.test_eightoff_solve_search import walk
from tests.test_extension import probe

COMPILED = accel.module()
pytestmark = pytest.mark.skipif(  # where the module is required (CI), its absence fails
    COMPILED is None and os.environ.get("OFFICERS_REQUIRE_EXTENSION") != "1",
    reason="officers.eightoff._search is not built",
)
NAMES = {
    EIGHT_OFF: "eight-off",
    FREECELL: "freecell",
    BAKERS_GAME: "bakers-game",
    SEAHAVEN_TOWERS: "seahaven-towers",
}
UNSOLVABLE = {  # from docs/eightoff.md's census and the census of officers
    EIGHT_OFF: (1275, 1370, 2113, 2342),
    BAKERS_GAME: (2, 23, 25, 46, 51, 82, 83, 95),
    SEAHAVEN_TOWERS: (19, 26, 50, 95, 108, 182, 189, 235),
}


def module() -> ModuleType:
    assert COMPILED is not None, "officers.eightoff._search is not built"
    return COMPILED


def numbered(params: Params, number: int) -> tuple[Game, Position, Node]:
    """The game, the checked position and the settled start of a numbered deal of a preset."""
    deal = Deal.numbered(number, VARIANTS[NAMES[params]])
    position = check_position(deal.columns, deal.cells, deal.foundations, params)
    game = game_of(params)
    return game, position, start_node(game, position)


def both(game: Game, start: Node, max_states: int) -> tuple[Outcome, Outcome]:
    """The compiled and the Python search's outcome from ``start``, without a time limit."""
    compiled = accel.best_first(game, start, deadline=None, max_states=max_states, module=module())
    assert compiled is not None
    return compiled, best_first(game, start, deadline=None, max_states=max_states)


def check_same(game: Game, position: Position, params: Params, max_states: int) -> Outcome:
    """The two searches give one outcome from ``position``; a win replays under the rules."""
    compiled, python = both(game, start_node(game, position), max_states)
    assert compiled == python
    if compiled.status == "solvable":
        after = replay(*position, params, moves_by_place(game, position, compiled.moves))
        assert after[2] == (13, 13, 13, 13)
    return compiled


@pytest.mark.skipif(
    os.environ.get("OFFICERS_REQUIRE_EXTENSION") != "1",
    reason="OFFICERS_REQUIRE_EXTENSION=1 is not set (CI sets it)",
)
def test_the_compiled_search_is_installed_and_used() -> None:
    assert accel.status() == "compiled", accel.status()
    assert Path(module().__file__ or "").resolve().parent == Path(accel.__file__).resolve().parent


# -- the same search ----------------------------------------------------------------------


@pytest.mark.parametrize("params", list(NAMES), ids=NAMES.get)
def test_numbered_deals_give_the_same_outcome(params: Params) -> None:
    statuses = set()
    for number in range(1, 41):
        game, position, _ = numbered(params, number)
        statuses.add(check_same(game, position, params, 3_000).status)
    assert "solvable" in statuses


@pytest.mark.slow
@pytest.mark.parametrize("params", list(NAMES), ids=NAMES.get)
def test_hundreds_of_numbered_deals_give_the_same_outcome(params: Params) -> None:
    for number in range(20_001, 20_301):
        game, position, _ = numbered(params, number)
        check_same(game, position, params, 20_000)


@pytest.mark.parametrize("params", list(UNSOLVABLE), ids=NAMES.get)
def test_unsolvable_deals_are_proved_so_by_both(params: Params) -> None:
    for number in UNSOLVABLE[params]:
        game, position, _ = numbered(params, number)
        outcome = check_same(game, position, params, 5_000_000)
        assert (outcome.status, outcome.reason) == ("unsolvable", None), number


@pytest.mark.slow
def test_the_unsolvable_baker_s_games_of_the_first_hundred_deals() -> None:
    found = []
    for number in range(1, 101):
        game, position, _ = numbered(BAKERS_GAME, number)
        if check_same(game, position, BAKERS_GAME, 5_000_000).status == "unsolvable":
            found.append(number)
    assert set(UNSOLVABLE[BAKERS_GAME]) <= set(found)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(NAMES)), st.integers(1, 10_000), st.integers(0, 80), st.integers())
def test_positions_reached_in_play_give_the_same_outcome(
    params: Params, number: int, steps: int, seed: int
) -> None:
    game, _, start = numbered(params, number)
    node = walk(game, start, steps, seed)[-1]
    columns = tuple(tuple(column) for column in node[0])
    cells = tuple(node[1]) + (None,) * (params.cells - len(node[1]))
    position = check_position(columns, cells, node[2], params)
    check_same(game, position, params, 2_000)


@st.composite
def small_variants(draw: st.DrawFn) -> tuple[Position, Params]:
    """The top 1 to 5 cards of each suit dealt at random on 1 to 6 columns and 0 to 3 cells,
    under any rules of the family."""
    params = Params(
        draw(st.integers(1, 6)),
        draw(st.integers(0, 3)),
        draw(st.sampled_from(("suit", "alternate"))),
        draw(st.sampled_from(("kings", "any"))),
        draw(st.sampled_from(("cells", "freecell", "one"))),
    )
    left = [draw(st.integers(1, 5)) for _ in range(4)]
    cards = draw(
        st.permutations([13 * s + 13 - k for s in range(4) for k in range(1, left[s] + 1)])
    )
    in_cells = draw(st.integers(0, min(params.cells, len(cards))))
    cells = tuple(cards[:in_cells]) + (None,) * (params.cells - in_cells)
    rng = random.Random(draw(st.integers()))
    columns: list[list[int]] = [[] for _ in range(params.columns)]
    for card in cards[in_cells:]:
        columns[rng.randrange(params.columns)].append(card)
    foundations = (13 - left[0], 13 - left[1], 13 - left[2], 13 - left[3])
    return (tuple(map(tuple, columns)), cells, foundations), params


@settings(max_examples=150, deadline=None)
@given(small_variants())
def test_small_variants_give_the_same_outcome(game: tuple[Position, Params]) -> None:
    position, params = game
    check_same(game_of(params), position, params, 20_000)


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_the_verdicts_on_small_games_are_the_brute_force_s(game: tuple[Position, Params]) -> None:
    position, params = game
    outcome = check_same(game_of(params), position, params, 10**6)
    assert outcome.status == ("unsolvable" if brute_force(position, params) is None else "solvable")


def test_pure_python_keeps_the_compiled_search_out_and_answers_the_same() -> None:
    code = (
        "import sys; from officers.eightoff.accel import module, status\n"
        "from officers.eightoff.position import Position\n"
        "from officers.eightoff.solve import solve_position\n"
        "found = solve_position(Position.numbered(3))\n"
        "print(module(), status(), 'officers.eightoff._search' in sys.modules,"
        " found.status, found.states, found.notation)"
    )
    said = probe(code, OFFICERS_PURE_PYTHON="1")
    assert said.startswith("None pure Python: OFFICERS_PURE_PYTHON=1 False solvable ")
    found = solve_module.solve_position(Deal.numbered(3))
    assert said.endswith(f" {found.states} {found.notation}")


def test_importing_the_solver_does_not_load_the_compiled_search() -> None:
    code = "import sys, officers.eightoff.solve\nprint('officers.eightoff._search' in sys.modules)"
    assert probe(code) == "False"


def test_solve_answers_as_the_python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # solve() runs the compiled portfolio: the same verdicts, wins that both replay.
    deals = [Deal.numbered(7, VARIANTS[name]) for name in NAMES.values()]
    compiled = [solve_module.solve_position(deal) for deal in deals]
    monkeypatch.setattr(solve_module, "compiled_decide", lambda *_, **__: None)
    monkeypatch.setattr(solve_module, "compiled_best_first", lambda *_, **__: None)
    python = [solve_module.solve_position(deal) for deal in deals]
    for deal, one, other in zip(deals, compiled, python, strict=True):
        assert one.status == other.status
        for solution in (one, other):
            if solution.status == "solvable":
                after = replay(
                    deal.columns, deal.cells, deal.foundations, deal.variant, solution.moves
                )
                assert after[2] == (13, 13, 13, 13)
                assert solution.notation == solve_module.notation(solution.moves, deal.columns)


# -- the portfolio -------------------------------------------------------------------------


def portfolio(game: Game, start: Node, max_states: int, first: int) -> Outcome:
    """The compiled search with its three scans taking turns, ``first`` first."""
    outcome = accel.best_first(
        game, start, deadline=None, max_states=max_states, module=module(), scans=3, first=first
    )
    assert outcome is not None
    return outcome


@pytest.mark.parametrize("params", list(NAMES), ids=NAMES.get)
def test_the_portfolio_decides_as_the_single_search(params: Params) -> None:
    for number in (*range(1, 31), *UNSOLVABLE.get(params, ())[:3]):
        game, position, start = numbered(params, number)
        single = accel.best_first(game, start, deadline=None, max_states=10**7, module=module())
        assert single is not None  # the single scan: the Python search's (the tests above)
        for first in (0, 1, 2, accel.portfolio(params.building, params.empty)):
            if isinstance(first, tuple):  # the portfolio solve() runs
                outcome = accel.best_first(
                    game, start, deadline=None, max_states=10**7, module=module(), scans=first
                )
                assert outcome is not None
            else:
                outcome = portfolio(game, start, 10**7, first)
            assert outcome.status == single.status, (number, first)
            if outcome.status == "unsolvable":  # the same reachable keys, every one stored
                assert outcome.states == single.states, number
            else:
                moves = moves_by_place(game, position, outcome.moves)
                assert accel.by_place(game, position, outcome.moves, module=module()) == moves
                won = replay(*position, params, moves)
                assert won[2] == (13, 13, 13, 13)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(NAMES)), st.integers(1, 10_000), st.integers(0, 80), st.integers())
def test_moves_by_place_compiled_are_the_python_ones(
    params: Params, number: int, steps: int, seed: int
) -> None:
    # From positions reached in play, the cells in any order and some of them empty.
    game, _, start = numbered(params, number)
    node = walk(game, start, steps, seed)[-1]
    rng = random.Random(seed)
    columns = [tuple(column) for column in node[0]]
    rng.shuffle(columns)
    cells = [*node[1], *(None,) * (params.cells - len(node[1]))]
    rng.shuffle(cells)
    position = check_position(columns, cells, node[2], params)
    outcome = portfolio(game, start_node(game, position), 20_000, rng.randrange(3))
    if outcome.status == "solvable":
        moves = moves_by_place(game, position, outcome.moves)
        assert accel.by_place(game, position, outcome.moves, module=module()) == moves
        assert replay(*position, params, moves)[2] == (13, 13, 13, 13)


def test_malformed_moves_by_card_raise_python_errors() -> None:
    by_place = module().by_place
    columns, cells, found = [b"\x33\x32"], [-1], [13, 13, 13, 11]  # K, then Q of spades
    assert (
        by_place(columns, cells, found, True, [], accel.PLACES)
        == [(("column", 0), ("foundation", 3), 1)] * 2
    )
    for arguments, error in (
        ((columns, cells, found, True, [(0, 1, -1)], accel.PLACES), ValueError),  # no such run
        ((columns, cells, found, True, [(60, 1, -1)], accel.PLACES), ValueError),
        ((columns, cells, found, True, [(0, 1)], accel.PLACES), TypeError),
        ((columns, cells, found, True, [], ()), TypeError),
        ((columns, cells, found[:3], True, [], accel.PLACES), ValueError),
        (([b"\x40"], cells, found, True, [], accel.PLACES), ValueError),
        ((["text"], cells, found, True, [], accel.PLACES), TypeError),
        ((columns, [99], found, True, [], accel.PLACES), ValueError),
        ((columns, cells, [14, 13, 13, 11], True, [], accel.PLACES), ValueError),
        (([b""] * 17, cells, found, True, [], accel.PLACES), ValueError),
    ):
        with pytest.raises(error):
            by_place(*arguments)


@settings(max_examples=60, deadline=None)
@given(
    small_games(),
    st.integers(1, 6)
    | st.permutations(range(6)).flatmap(
        lambda every: st.sampled_from([tuple(every[:size]) for size in range(1, 7)])
    ),
    st.integers(0, 5),
    st.integers(1, 5),
)
def test_the_portfolio_s_verdicts_on_small_games_are_the_brute_force_s(
    game: tuple[Position, Params], scans: int | tuple[int, ...], first: int, quota: int
) -> None:
    position, params = game
    search = game_of(params)
    start = start_node(search, position)
    outcome = accel.best_first(
        search,
        start,
        deadline=None,
        max_states=10**6,
        module=module(),
        scans=scans,
        first=first % (scans if isinstance(scans, int) else len(scans)),
        quota=quota,
    )
    assert outcome is not None
    assert outcome.status == ("unsolvable" if brute_force(position, params) is None else "solvable")
    if outcome.status == "solvable":
        after = replay(*position, params, moves_by_place(search, position, outcome.moves))
        assert after[2] == (13, 13, 13, 13)


def test_the_portfolio_wins_microsoft_deals_the_single_search_takes_millions_on() -> None:
    # Microsoft's FreeCell deal 295: the single best-first search stores some 3.3 million
    # positions before its win; the depth-first scan, taking the first turn, finds one early.
    game = game_of(FREECELL)
    for number in (166, 295):
        deal = microsoft_deal(number)
        position = check_position(deal.columns, deal.cells, deal.foundations, FREECELL)
        start = start_node(game, position)
        outcome = portfolio(game, start, 200_000, 1)
        assert outcome.status == "solvable", number
        won = replay(*position, FREECELL, moves_by_place(game, position, outcome.moves))
        assert won[2] == (13, 13, 13, 13)
        alone = accel.best_first(game, start, deadline=None, max_states=200_000, module=module())
        assert alone is not None and alone.reason == "memory"  # past the bound alone


# -- the fewest moves (A*) ----------------------------------------------------------------

ASTAR_DEALS = {  # each decided by A* within some 60,000 states (unsolvable ones among them)
    EIGHT_OFF: (3,),
    BAKERS_GAME: (2, 3, 4),
    SEAHAVEN_TOWERS: (1, 2, 3),
}


def both_astar(game: Game, start: Node, max_states: int) -> tuple[Outcome, Outcome]:
    """The compiled and the Python A*'s outcome from ``start``, without a time limit."""
    compiled = accel.astar(game, start, deadline=None, max_states=max_states, module=module())
    assert compiled is not None
    return compiled, astar(game, start, deadline=None, max_states=max_states)


def check_same_astar(game: Game, position: Position, params: Params, max_states: int) -> Outcome:
    """The two A* give one outcome from ``position``; a win replays under the rules."""
    compiled, python = both_astar(game, start_node(game, position), max_states)
    assert compiled == python
    if compiled.status == "solvable":
        after = replay(*position, params, moves_by_place(game, position, compiled.moves))
        assert after[2] == (13, 13, 13, 13)
    return compiled


@pytest.mark.parametrize("params", list(ASTAR_DEALS), ids=NAMES.get)
def test_astar_gives_the_python_outcome_on_numbered_deals(params: Params) -> None:
    statuses = set()
    for number in ASTAR_DEALS[params]:
        game, position, _ = numbered(params, number)
        statuses.add(check_same_astar(game, position, params, 100_000).status)
    assert "solvable" in statuses


def test_astar_gives_the_python_outcome_under_a_bound_on_microsoft_deals() -> None:
    # FreeCell: A* from the deal stores millions of positions; under a bound both stop as one.
    game = game_of(FREECELL)
    for number in (1, 2):
        deal = microsoft_deal(number)
        position = check_position(deal.columns, deal.cells, deal.foundations, FREECELL)
        outcome = check_same_astar(game, position, FREECELL, 5_000)
        assert (outcome.status, outcome.reason, outcome.states) == ("unknown", "memory", 5_000)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(NAMES)), st.integers(1, 10_000), st.integers(20, 120), st.integers())
def test_astar_gives_the_python_outcome_on_positions_reached_in_play(
    params: Params, number: int, steps: int, seed: int
) -> None:
    game, _, start = numbered(params, number)
    node = walk(game, start, steps, seed)[-1]
    columns = tuple(tuple(column) for column in node[0])
    cells = tuple(node[1]) + (None,) * (params.cells - len(node[1]))
    position = check_position(columns, cells, node[2], params)
    check_same_astar(game, position, params, 3_000)


@settings(max_examples=100, deadline=None)
@given(small_variants())
def test_astar_gives_the_python_outcome_on_small_variants(game: tuple[Position, Params]) -> None:
    position, params = game
    check_same_astar(game_of(params), position, params, 20_000)


@settings(max_examples=60, deadline=None)
@given(small_games())
def test_astar_s_fewest_moves_on_small_games_are_the_brute_force_s(
    game: tuple[Position, Params],
) -> None:
    position, params = game
    outcome = check_same_astar(game_of(params), position, params, 10**6)
    truth = brute_force(position, params)
    assert outcome.status == ("unsolvable" if truth is None else "solvable")
    if truth is not None:
        assert len(moves_by_place(game_of(params), position, outcome.moves)) == truth


def test_solve_with_fewest_answers_as_with_the_python_astar(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deals = [Deal.numbered(number, VARIANTS["seahaven-towers"]) for number in (1, 2)]
    deals.append(Deal.numbered(3, VARIANTS["bakers-game"]))
    compiled = [solve_module.solve_position(deal, fewest=True, time_limit=None) for deal in deals]
    monkeypatch.setattr(solve_module, "compiled_astar", lambda *_, **__: None)
    python = [solve_module.solve_position(deal, fewest=True, time_limit=None) for deal in deals]
    for one, other in zip(compiled, python, strict=True):
        assert (one.status, one.optimal, one.reason) == ("solvable", True, None)
        assert (one.moves, one.states) == (other.moves, other.states)


def test_solve_with_fewest_keeps_the_first_win_past_the_bound() -> None:
    # Microsoft's deal 1: the decision search wins within 20,000 positions, A* does not.
    deal = microsoft_deal(1)
    solution = solve(
        *check_position(deal.columns, deal.cells, deal.foundations, FREECELL),
        FREECELL,
        fewest=True,
        max_states=20_000,
        time_limit=None,
    )
    assert (solution.status, solution.optimal, solution.reason) == ("solvable", False, "memory")
    won = replay(deal.columns, deal.cells, deal.foundations, FREECELL, solution.moves)
    assert won[2] == (13, 13, 13, 13)


# -- the limits ---------------------------------------------------------------------------

BIG = (SEAHAVEN_TOWERS, 29)  # unsolvable, some 109,000 states: thousands of expansions


def raw(
    start: Node, game: Game, seconds: float, max_states: int, cancel: object, name: str = "search"
) -> tuple:
    """``search()`` of the module (or the function ``name``: ``astar``) on a start, with the
    variant of ``game``."""
    answer: tuple = getattr(module(), name)(
        key_of(start[0], start[1]),
        game.columns,
        game.cells,
        game.building == "suit",
        game.kings_only,
        SEQUENCES[game.sequence],
        seconds,
        max_states,
        cancel,
    )
    return answer


def test_the_state_bound_gives_unknown_as_the_python_search() -> None:
    game, position, start = numbered(*BIG)
    for bound in (1, 2, 50, 1000):
        compiled, python = both(game, start, bound)
        assert compiled == python
        assert (compiled.status, compiled.reason, compiled.moves) == ("unknown", "memory", [])
        assert compiled.states == max(bound, 2)  # the start, then a child at the least
    solution = solve(*position, SEAHAVEN_TOWERS, max_states=50)
    assert (solution.status, solution.reason, solution.states) == ("unknown", "memory", 50)


def raw_astar(start: Node, game: Game, seconds: float, max_states: int, cancel: object) -> tuple:
    """``astar()`` of the module on a start, with the variant of ``game``."""
    return raw(start, game, seconds, max_states, cancel, "astar")


def test_astar_s_state_bound_gives_unknown_as_the_python_astar() -> None:
    game, _, start = numbered(*BIG)
    for bound in (1, 2, 50, 1000):
        compiled, python = both_astar(game, start, bound)
        assert compiled == python
        assert (compiled.status, compiled.reason, compiled.moves) == ("unknown", "memory", [])
        assert compiled.states == max(bound, 2)
    compiled, python = both_astar(game, start, 10**6)
    assert compiled == python and compiled.status == "unsolvable"


def test_astar_s_time_limit_and_cancel_give_unknown() -> None:
    game, _, start = numbered(*BIG)
    status, moves, states, reason = raw_astar(start, game, 1e-9, 10**7, None)
    assert (status, moves, reason) == ("unknown", [], "time") and states > 256
    event = threading.Event()
    event.set()
    assert raw_astar(start, game, -1.0, 10**7, event.is_set)[0::3] == ("unknown", "cancelled")
    outcome = accel.astar(game, start, deadline=None, max_states=10**7, cancel=event)
    assert outcome is not None and (outcome.status, outcome.reason) == ("unknown", "cancelled")
    calls = []
    assert raw_astar(start, game, -1.0, 10**7, lambda: calls.append(1))[0] == "unsolvable"
    assert calls  # asked while the search ran

    def broken() -> bool:
        raise RuntimeError("no answer")

    with pytest.raises(RuntimeError, match="no answer"):
        raw_astar(start, game, -1.0, 10**7, broken)


def test_astar_in_several_threads_at_once_answers_as_one_by_one() -> None:
    starts = [numbered(params, number) for params in ASTAR_DEALS for number in (2, 3)]

    def outcome(game: Game, start: Node) -> Outcome | None:
        return accel.astar(game, start, deadline=None, max_states=20_000, module=module())

    alone = [outcome(game, start) for game, _, start in starts]
    with ThreadPoolExecutor(3) as pool:
        together = list(pool.map(lambda item: outcome(item[0], item[2]), starts))
    assert together == alone


def test_the_time_limit_gives_unknown() -> None:
    game, position, start = numbered(*BIG)
    status, moves, states, reason = raw(start, game, 1e-9, 10**7, None)
    assert (status, moves, reason) == ("unknown", [], "time") and states > 256
    solution = solve(*position, SEAHAVEN_TOWERS, time_limit=1e-6)
    assert (solution.status, solution.reason, solution.moves) == ("unknown", "time", [])


def test_a_set_cancel_event_gives_unknown() -> None:
    game, position, start = numbered(*BIG)
    event = threading.Event()
    event.set()
    status, moves, _, reason = raw(start, game, -1.0, 10**7, event.is_set)
    assert (status, moves, reason) == ("unknown", [], "cancelled")
    solution = solve(*position, SEAHAVEN_TOWERS, time_limit=None, cancel=event)
    assert (solution.status, solution.reason) == ("unknown", "cancelled")
    calls = []
    assert raw(start, game, -1.0, 10**7, lambda: calls.append(1))[0] == "unsolvable"
    assert calls  # asked while the search ran


def test_a_cancel_event_set_by_another_thread_ends_the_search() -> None:
    game, _, start = numbered(*BIG)
    event, asked, go = threading.Event(), threading.Event(), threading.Event()

    def cancel() -> bool:  # the first time it is asked, it waits for the event to be set
        asked.set()
        go.wait(60)
        return event.is_set()

    answers: list[tuple] = []
    worker = threading.Thread(target=lambda: answers.append(raw(start, game, -1.0, 10**7, cancel)))
    worker.start()
    assert asked.wait(60)  # the search runs in the other thread
    event.set()
    go.set()
    worker.join(60)
    assert answers[0][0::3] == ("unknown", "cancelled")


def test_a_cancel_callable_that_raises_stops_the_search_with_its_error() -> None:
    game, _, start = numbered(*BIG)

    def broken() -> bool:
        raise RuntimeError("no answer")

    with pytest.raises(RuntimeError, match="no answer"):
        raw(start, game, -1.0, 10**7, broken)


def test_searches_in_several_threads_at_once_answer_as_one_by_one() -> None:
    starts = [numbered(params, number) for params in NAMES for number in (5, 6)]
    starts += [numbered(*BIG)]

    def outcome(game: Game, start: Node) -> Outcome | None:
        return accel.best_first(game, start, deadline=None, max_states=10**6, module=module())

    alone = [outcome(game, start) for game, _, start in starts]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda item: outcome(item[0], item[2]), starts))
    assert together == alone


# -- malformed arguments ------------------------------------------------------------------


def test_malformed_arguments_raise_python_errors() -> None:
    search = module().search
    _, _, start = numbered(EIGHT_OFF, 1)
    key = key_of(start[0], start[1])
    good = (key, 8, 8, True, True, 0, -1.0, 1000, None)
    assert search(*good)[0] == "solvable"
    two_cells = bytes(range(4, 52))
    for changes, error in (
        ({0: "text"}, TypeError),
        ({0: key + bytes([key[0]])}, ValueError),  # a card twice
        ({0: key.replace(b"\xfe", b"")}, ValueError),  # no cells mark
        ({0: key.replace(b"\xff", b"", 1)}, ValueError),  # a column too few
        ({0: key[:-1] + bytes([60])}, ValueError),  # not a card
        ({0: key.replace(bytes([51]), b"")}, ValueError),  # no King of Spades above its Queen
        ({0: b"\xff" * 7 + b"\xfe" + two_cells[:12]}, ValueError),  # too many cells
        ({0: b"\xff" * 300}, ValueError),
        ({1: 0}, ValueError),
        ({1: 17}, ValueError),
        ({2: 9}, ValueError),
        ({2: -1}, ValueError),
        ({5: 3}, ValueError),
        ({6: float("nan")}, ValueError),
        ({6: "soon"}, TypeError),
        ({7: 0}, ValueError),
        ({7: 2**80}, OverflowError),
        ({8: 42}, TypeError),
        ({9: 0}, ValueError),  # the scans
        ({9: 7}, ValueError),
        ({9: ()}, ValueError),  # a tuple of scans
        ({9: (1, 1)}, ValueError),
        ({9: (0, 6)}, ValueError),
        ({9: (0, -1)}, ValueError),
        ({9: (0, "1")}, ValueError),
        ({9: (0,) * 7}, ValueError),
        ({9: "01"}, TypeError),
        ({9: (3, 1), 10: 2}, ValueError),
        ({9: 2, 10: 2}, ValueError),  # the first scan
        ({9: 2, 10: -1}, ValueError),
        ({9: 2, 11: 0}, ValueError),  # the quota
    ):
        arguments = [*good, 1, 0, 1]
        for at, value in changes.items():
            arguments[at] = value
        with pytest.raises(error):
            search(*arguments)
    with pytest.raises(TypeError):
        search(key, 8, 8)
    with pytest.raises(TypeError):
        search()
    assert search(b"\xff" * 7 + b"\xfe", 8, 8, True, True, 0, -1.0, 1, None) == (
        "solvable",
        [],
        1,
        None,
    )  # every card on its foundation


def test_malformed_arguments_of_astar_raise_python_errors() -> None:
    search = module().astar
    _, _, start = numbered(SEAHAVEN_TOWERS, 1)
    key = key_of(start[0], start[1])
    good = (key, 10, 4, True, True, 0, -1.0, 100_000, None)
    assert search(*good)[0] == "solvable"
    for changes, error in (
        ({0: "text"}, TypeError),
        ({0: key + bytes([key[0]])}, ValueError),  # a card twice
        ({0: key.replace(b"\xfe", b"")}, ValueError),  # no cells mark
        ({1: 17}, ValueError),
        ({2: 9}, ValueError),
        ({5: 3}, ValueError),
        ({6: float("nan")}, ValueError),
        ({7: 0}, ValueError),
        ({8: 42}, TypeError),
    ):
        arguments = list(good)
        for at, value in changes.items():
            arguments[at] = value
        with pytest.raises(error):
            search(*arguments)
    with pytest.raises(TypeError):
        search(*good, 1)  # no scans: A* is one search
    assert search(b"\xff" * 7 + b"\xfe", 8, 8, True, True, 0, -1.0, 1, None) == (
        "solvable",
        [],
        1,
        None,
    )  # every card on its foundation


def test_freecell_s_portfolio_wins_a_deal_the_three_scans_take_half_a_million_on() -> None:
    # Microsoft's deal 779: the three scans (depth first, greedy, best first) store some
    # 595,000 positions before a win; FreeCell's portfolio, whose second scan makes a
    # position's moves onto cards before those to an empty column or a cell, some 16,000.
    game = game_of(FREECELL)
    deal = microsoft_deal(779)
    position = check_position(deal.columns, deal.cells, deal.foundations, FREECELL)
    start = start_node(game, position)
    assert portfolio(game, start, 50_000, 1).reason == "memory"
    scans = accel.portfolio("alternate", "any")
    assert scans == accel.PORTFOLIOS["alternate", "any"] == (1, 3, 2, 0, 5, 4)
    outcome = accel.best_first(
        game, start, deadline=None, max_states=50_000, module=module(), scans=scans
    )
    assert outcome is not None and outcome.status == "solvable"
    won = replay(*position, FREECELL, moves_by_place(game, position, outcome.moves))
    assert won[2] == (13, 13, 13, 13)


def test_a_build_from_before_the_portfolios_runs_their_first_three_scans() -> None:
    # A module without the constant SCANS takes a number of scans only: a portfolio runs
    # there as the three scans 0 .. 2 from its first one (depth first where that is another).
    assert module().SCANS == len(accel.SCANS) == 6
    scans = accel.portfolio("alternate", "any")
    assert accel._scans(module(), scans, 0) == (scans, 0)
    old = ModuleType("officers.eightoff._search")
    assert accel._scans(old, scans, 0) == (3, 1)
    assert accel._scans(old, accel.portfolio("suit", "kings"), 0) == (3, 0)
    assert accel._scans(old, (3, 2, 0), 1) == (3, 2)
    assert accel._scans(old, 2, 1) == (2, 1)
