"""One simulation for every game: the same numbers whatever runs the games, the counts the games
give, the seats swapped on every deal, win rates inside their intervals, and the known results
(a perfect bot always wins; the solver's bot wins exactly the deals the solver wins); each game's
own simulation and this one agree."""

from __future__ import annotations

import concurrent.futures
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.errors import NotationError
from officers.core.simulation import Lineup, deal_seed, play_lineups, play_out, wilson_interval
from officers.eightoff.solve import solve_position
from officers.euler import simulate as euler
from officers.games import GAMES
from officers.games.simulate import (
    MAX_MOVES,
    Rate,
    bots,
    get_bot,
    results_table,
    simulate,
    simulation_document,
)
from officers.skat import simulate as skat
from tests.helpers import assert_valid, run_cli

CHEAP = {
    "officers": ["designers", "neighbour"],
    "eightoff": ["solver"],
    "skat": ["greedy", "random"],
}
"""Bots quick enough for a few dozen deals of each game."""


@pytest.mark.parametrize("game", sorted(CHEAP))
def test_same_numbers_whatever_plays_the_games(game: str) -> None:
    here = simulate(game, CHEAP[game], deals=12, seed=7, jobs=1)
    there = simulate(game, CHEAP[game], deals=12, seed=7, jobs=2)
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        threads = simulate(game, CHEAP[game], deals=12, seed=7, executor=pool)
    assert here == there == threads
    assert simulate(game, CHEAP[game], deals=12, seed=8, jobs=1) != here


@pytest.mark.parametrize("game", sorted(CHEAP))
def test_the_counts_add_up(game: str) -> None:
    result = simulate(game, CHEAP[game], deals=10, seed=3, jobs=1)
    players = GAMES[game].deal(0).players
    assert len(result.bots) == len(result.seats) == players
    assert result.games == result.deals * len(result.seatings)
    assert all(seat.games == result.games for seat in result.seats)
    assert all(rate.games == result.games for rate in result.by_bot.values())  # one a seat
    if game == "skat":  # one winner a game
        assert sum(seat.wins for seat in result.seats) == result.games
        assert sum(rate.wins for rate in result.by_bot.values()) == result.games
    if game == "officers":  # the players win together
        assert len({seat.wins for seat in result.seats}) == 1
    data = simulation_document(result)
    assert_valid(data)
    assert json.loads(json.dumps(data)) == data


def test_two_bots_play_each_deal_from_each_seat() -> None:
    result = simulate("skat", ["greedy", "random"], deals=15, seed=4, jobs=1)
    assert [s.bots for s in result.seatings] == [("greedy", "random"), ("random", "greedy")]
    # the same as the Offiziersskat simulation of both pairs, seat by seat
    pairs = skat.simulate_pairs(
        [("greedy", "random"), ("random", "greedy")], deals=15, seed=4, jobs=1
    )
    for seating, pair in zip(result.seatings, pairs, strict=True):
        assert seating.wins([0]) == pair.wins and seating.games == pair.deals == 15
    greedy = result.by_bot["greedy"]
    assert greedy.wins == pairs[0].wins + (15 - pairs[1].wins) and greedy.games == 30
    kept = simulate("skat", ["greedy", "random"], deals=15, seed=4, jobs=1, rotate=False)
    assert kept.seatings == result.seatings[:1]


def test_one_bot_in_every_seat_plays_each_deal_once() -> None:
    for bots_given in ("random", ["random"], ["random", "random"]):
        result = simulate("skat", bots_given, deals=4, seed=1, jobs=1)
        assert result.bots == ("random", "random") and len(result.seatings) == 1
    # a game a bot plays against its own copy is neither its win nor its loss: its seats tell
    assert result.by_bot["random"] == Rate(0, 0)
    assert sum(seat.wins for seat in result.seats) == 4
    assert "| random |" not in results_table([result], markdown=True)


def test_a_perfect_team_always_wins() -> None:
    result = simulate(
        "officers", "exact", deals=20, seed=2, jobs=1, options={"level": "expert", "players": 3}
    )
    assert result.by_bot["exact"] == Rate(20, 20) and result.seats == (Rate(20, 20),) * 3
    assert result.unfinished == 0 and result.moves == 20 * 16  # 16 placements, no take-back


@pytest.mark.parametrize("variant", ["bakers-game", "seahaven-towers"])
def test_the_solvers_bot_wins_the_deals_the_solver_wins(variant: str) -> None:
    # both variants have deals that cannot be won among these (3 of 20, 2 of 20)
    deals, seed = 20, 2
    result = simulate("eightoff", "solver", deals, seed, jobs=1, options={"variant": variant})
    solvable = sum(
        solve_position(
            GAMES["eightoff"].deal(deal_seed(seed, k), variant=variant).position,
            time_limit=None,
            max_states=1_000_000,
        ).status
        == "solvable"
        for k in range(deals)
    )
    assert result.seats[0].wins == solvable < deals
    assert result.unfinished == 0


def test_the_move_limit_stops_a_game() -> None:
    result = simulate("eightoff", "random", deals=5, seed=1, jobs=1, max_moves=3)
    assert result.unfinished == 5 and result.moves == 15 and result.seats[0].wins == 0
    assert MAX_MOVES == 1000


def test_this_simulation_agrees_with_euler_s_own() -> None:
    generic = simulate("officers", "designers", deals=40, seed=3, jobs=1)
    own = euler.simulate("designers", "normal", players=2, deals=40, seed=3, jobs=1)
    assert generic.by_bot["designers"].wins == own.wins
    assert generic.moves == own.turns
    # and with Euler's Officers' figures kept, the same take-backs and losses
    figures = simulate("officers", "designers", deals=40, seed=3, jobs=1, figures=euler.Figures)
    assert figures.figures["take_backs"] == own.take_backs
    assert sum(n for k, n in figures.figures.items() if k.startswith("loss ")) == own.lost


def test_the_runner_plays_the_games_one_by_one() -> None:
    # play_lineups counts exactly what play_out plays, deal by deal
    bot = get_bot("skat", "greedy")
    [tally] = play_lineups([Lineup(GAMES["skat"].deal, (bot, bot))], deals=6, seed=9, jobs=1)
    from officers.core.simulation import bot_seed

    games = []
    for k in range(6):
        game = GAMES["skat"].deal(deal_seed(9, k))
        play_out(game, (bot, bot), random.Random(bot_seed(9, k)))
        games.append(game)
    assert tally.games == 6 and tally.wins(0) == sum(g.returns()[0] for g in games)
    assert tally.moves == sum(len(g.moves) for g in games)


def test_every_game_has_its_bots() -> None:
    assert list(bots("officers")) == ["designers", "neighbour", "exact", "hinted", "random"]
    assert list(bots("eightoff")) == ["random", "greedy", "solver"]
    assert list(bots("skat")) == ["random", "greedy", "montecarlo", "exact", "expectimax"]
    for game in GAMES:
        for name in bots(game):
            assert get_bot(game, name).name == name


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"game": "chess", "bots": "random"}, "no game 'chess'"),
        ({"game": "skat", "bots": "designers"}, "no Offiziersskat bot 'designers'"),
        ({"game": "skat", "bots": ["greedy", "random", "random"]}, "3 bots for a game of 2"),
        ({"game": "skat", "bots": "random", "deals": -1}, "deals"),
        ({"game": "skat", "bots": "random", "seed": 1.5}, "seed"),
        ({"game": "skat", "bots": "random", "jobs": 0}, "jobs"),
        ({"game": "skat", "bots": 7}, "a bot or a list"),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        simulate(**{"deals": 2, "jobs": 1, **arguments})  # type: ignore[arg-type]


@given(st.integers(0, 400), st.integers(0, 400))
def test_a_win_rate_lies_in_its_interval(wins: int, more: int) -> None:
    rate = Rate(wins, wins + more)
    low, high = wilson_interval(rate.wins, rate.games)
    assert (rate.low, rate.high) == (low, high)
    assert 0 <= rate.low <= rate.win_rate <= rate.high <= 1
    assert rate.low < rate.high or rate.games == 0


@given(
    st.integers(0, 2**20), st.lists(st.sampled_from(["random", "greedy"]), min_size=2, max_size=2)
)
def test_any_seed_gives_games_that_add_up(seed: int, lineup: list[str]) -> None:
    result = simulate("skat", lineup, deals=2, seed=seed, jobs=1)
    assert result.games == 2 * len(result.seatings) == sum(s.games for s in result.seatings)
    assert sum(seat.wins for seat in result.seats) == result.games
    for rate in (*result.seats, *result.by_bot.values()):
        assert rate.low <= rate.win_rate <= rate.high
    assert result.moves == 33 * result.games  # a choice and 32 cards


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        capsys, "simulate", "--game", "skat", "--bots", "greedy,random", "--deals", "6",
        "--seed", "2", "--jobs", "1", "--no-progress", "--json",
    )  # fmt: skip
    assert code == 0 and err == ""
    data = json.loads(out)
    assert_valid(data)
    expected = simulate("skat", ["greedy", "random"], deals=6, seed=2, jobs=1)
    assert data == json.loads(json.dumps(simulation_document(expected)))
    code, out, _ = run_cli(
        capsys, "simulate", "--game", "officers", "--bots", "exact", "--level", "expert",
        "--players", "3", "--deals", "4", "--jobs", "1", "--no-progress",
    )  # fmt: skip
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:4] == ["game", "bots", "deals", "who"]
    assert lines[1].split()[:7] == [
        "officers",
        "exact,exact,exact",
        "4",
        "exact",
        "4",
        "4",
        "100.0",
    ]
    assert len(lines) == 1 + 1 + 3  # the bot, then each seat
    code, out, _ = run_cli(capsys, "simulate", "--game", "eightoff", "--deals", "2", "--markdown",
                           "--jobs", "1", "--no-progress", "--keep-seats")  # fmt: skip
    assert code == 0 and out.startswith("| game |") and "| random |" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "chess"], "no game 'chess'"),
        (["--game", "skat", "--bots", "a,b,c"], "no Offiziersskat bot 'a'"),
        (["--game", "skat", "--level", "hard"], "Euler's Officers'"),
        (["--game", "skat", "--bot", "greedy"], "--bots"),
        (["--game", "officers", "--tokens", "2"], "--tokens"),
        (["--game", "officers", "--bots", "exact", "--players", "5"], "1-4"),
    ],
)
def test_the_command_line_refuses_bad_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "simulate", *argv, "--deals", "2", "--jobs", "1")
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_a_dask_cluster_plays_the_same_games() -> None:
    # distributed is in the test extra: this test runs wherever the suite does
    import distributed

    here = [
        simulate("eightoff", "solver", deals=8, seed=5, jobs=1),
        simulate("skat", ["greedy", "random"], deals=8, seed=5, jobs=1),
    ]
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=2, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        there = [
            simulate("eightoff", "solver", deals=8, seed=5, executor=executor),
            simulate("skat", ["greedy", "random"], deals=8, seed=5, executor=executor),
        ]
    assert there == here
