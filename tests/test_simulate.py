"""The simulation: reproducible whatever the jobs or executor, honest counts, Wilson intervals."""

from __future__ import annotations

import concurrent.futures
import json
import math
import os
import signal
import subprocess
import sys

import pytest

from officers import NotationError
from officers.euler.game import Variant
from officers.euler.simulate import (
    LOSS_FAILED,
    LOSS_MISSED,
    SimulationResult,
    Task,
    bot_seed,
    deal_seed,
    play_game,
    results_json,
    results_table,
    run_tasks,
    simulate,
    wilson_interval,
)


def check_counts(result: SimulationResult) -> None:
    assert sum(count for _, count in result.take_back_games) == result.deals
    assert sum(k * count for k, count in result.take_back_games) == result.take_backs
    assert sum(count for _, count in result.losses) == result.deals - result.wins
    assert result.low <= result.win_rate <= result.high
    assert max(k for k, _ in result.take_back_games) <= result.tokens


def test_same_numbers_whatever_the_jobs() -> None:
    tasks = [Task.make("designers", "easy", 3), Task.make("neighbour", "expert", 2)]
    one = run_tasks(tasks, deals=60, seed=7, jobs=1)
    two = run_tasks(tasks, deals=60, seed=7, jobs=2)
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        threads = run_tasks(tasks, deals=60, seed=7, executor=pool)
    assert one == two == threads
    for result in one:
        check_counts(result)
    assert run_tasks(tasks, deals=60, seed=8, jobs=1) != one


def test_a_simulation_is_its_games() -> None:
    # simulate() counts exactly the games that play_game() plays one by one.
    result = simulate("designers", "normal", players=2, deals=30, seed=3, jobs=1)
    games = [play_game("designers", "normal", 2, 3, number=k) for k in range(30)]
    outcomes = [game.outcome() for game in games]
    assert result.wins == sum(1 for o in outcomes if o is not None and o.won)
    assert result.take_backs == sum(game.take_backs() for game in games)
    assert result.turns == sum(len(game.history) for game in games)
    # a game depends on (seed, number) alone: playing it again gives the same game
    again = [play_game("designers", "normal", 2, 3, number=k) for k in range(3)]
    assert [g.notation() for g in again] == [g.notation() for g in games[:3]]
    # and the first deals of a longer run are the games of a shorter one
    shorter = simulate("designers", "normal", players=2, deals=3, seed=3, jobs=1)
    first = games[:3]
    assert shorter.wins == sum(1 for g in first if (o := g.outcome()) is not None and o.won)
    assert shorter.take_backs == sum(game.take_backs() for game in first)
    assert shorter.turns == sum(len(game.history) for game in first)
    # and each number deals another game (a few of the 12870 two-player deals may repeat)
    assert len({game.root().notation() for game in games}) > 25


def test_deal_seeds_depend_on_seed_and_number_only() -> None:
    code = "from officers.euler.simulate import deal_seed, bot_seed; print(deal_seed(5, 9), bot_seed(5, 9))"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        ).stdout
        for hash_seed in ("0", "77")
    }
    assert outputs == {f"{deal_seed(5, 9)} {bot_seed(5, 9)}\n"}
    assert len({deal_seed(s, n) for s in range(5) for n in range(50)}) == 250
    assert deal_seed(1, 2) != bot_seed(1, 2)


def test_losses_have_reasons() -> None:
    result = simulate("random", "hard", players=2, deals=40, seed=1, jobs=1)
    check_counts(result)
    reasons = dict(result.losses)
    assert set(reasons) <= {LOSS_MISSED, LOSS_FAILED}
    assert reasons.get(LOSS_FAILED, 0) > 0  # a random player places cards the checks refuse
    designers = simulate("designers", "hard", players=2, deals=40, seed=1, jobs=1)
    # the designers' bot only places a card the checks refuse when nothing passes, and on a
    # square that can be finished something always passes: its fatal cards all pass the checks
    assert dict(designers.losses).keys() <= {LOSS_MISSED}


def test_lost_games_count_dead_placements_and_wasted_take_backs() -> None:
    results = run_tasks(
        [Task.make(bot, "easy", 2) for bot in ("designers", "random")], deals=60, seed=3, jobs=1
    )
    designers, random_bot = results
    for result in results:
        assert result.lost > 0
        assert result.wasted_take_backs <= result.take_backs  # only tokens can be wasted
        assert result.to_dict()["lost_games"]["dead_placements"] == result.dead_placements
    # a lost game on Easy spent its 3 tokens, each on a square the checks called dead
    assert designers.take_backs >= 3 * designers.lost and designers.wasted_take_backs > 0
    # a random player goes on placing on squares the checks call dead
    assert random_bot.dead_placements_per_loss > 1
    hard = simulate("designers", "hard", players=2, deals=40, seed=3, jobs=1)
    assert hard.wasted_take_backs == 0 < hard.dead_placements


def test_more_tokens_are_used_and_never_exceeded() -> None:
    results = run_tasks(
        [Task.make("designers", "hard", 2, tokens=t) for t in range(4)], deals=50, seed=2, jobs=1
    )
    for tokens, result in enumerate(results):
        assert result.tokens == tokens
        check_counts(result)
    assert results[0].take_backs == 0 < results[3].take_backs


def test_exact_and_hinted_teams_never_lose() -> None:
    for bot in ("exact", "hinted"):
        result = simulate(bot, "expert", players=3, deals=25, seed=4, jobs=1)
        assert result.wins == 25 and result.take_backs == 0 and result.losses == ()


def test_variants_run() -> None:
    result = simulate(
        "designers", "normal", players=2, deals=20, seed=1, jobs=1, variant=Variant(ozanam=True)
    )
    assert result.variant.ozanam and result.to_dict()["variant"]["ozanam"] is True
    check_counts(result)


def test_wilson_interval() -> None:
    # Known values (e.g. Newcombe 1998, Table I): 81/263 -> 0.2553 to 0.3662; 0/10 -> 0 to 0.2775
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson_interval(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    assert wilson_interval(10, 10)[1] == 1 and round(wilson_interval(10, 10)[0], 4) == 0.7225
    # narrower with more games, and the centre between p and 1/2
    assert wilson_interval(600, 1000)[1] - wilson_interval(600, 1000)[0] < 0.07
    low, high = wilson_interval(60, 100)
    assert 0.5 < (low + high) / 2 < 0.6 and math.isclose(high - low, 0.1875, abs_tol=0.002)


def test_table_and_json() -> None:
    results = run_tasks(
        [Task.make("designers", "easy", 2), Task.make("neighbour", "hard", 4)],
        deals=20,
        seed=1,
        jobs=1,
    )
    table = results_table(results).splitlines()
    assert table[0].split()[:3] == ["bot", "level", "players"]
    assert table[1].split()[:5] == ["designers", "easy", "2", "3", "20"]
    assert table[2].split()[:5] == ["neighbour", "hard", "4", "0", "20"]
    markdown = results_table(results, markdown=True).splitlines()
    assert markdown[0].startswith("| bot |") and markdown[1].startswith("|---")
    data = json.loads(results_json(results))["results"]
    assert [row["bot"] for row in data] == ["designers", "neighbour"]
    assert data[0]["wins"] == results[0].wins
    assert data[0]["confidence_95"] == [results[0].low, results[0].high]
    assert sum(data[1]["take_back_games"].values()) == 20


def test_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    simulate("designers", "normal", players=2, deals=5, seed=1, jobs=1, progress=True)
    err = capsys.readouterr().err
    assert "simulating" in err and "0/5" in err
    *_, last, end = err.split("\r")
    assert last.strip() == end == ""  # the bar is wiped when it closes
    simulate("designers", "normal", players=2, deals=5, seed=1, jobs=1)  # not a terminal
    assert capsys.readouterr().err == ""
    simulate("designers", "normal", players=2, deals=0, seed=1, jobs=1, progress=True)
    assert capsys.readouterr().err == ""  # nothing to count, no bar


def test_no_bar_no_tqdm() -> None:
    # The bar's library is imported only when a bar is shown.
    code = (
        "import sys; from officers.euler.simulate import simulate; "
        "simulate('exact', 'normal', deals=2, jobs=1, progress=False); "
        "print('tqdm' in sys.modules); "
        "simulate('exact', 'normal', deals=2, jobs=1, progress=True); "
        "print('tqdm' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]
    assert "simulating" in result.stderr


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals": -1}, "deals"),
        ({"seed": -2}, "seed"),
        ({"jobs": 0}, "jobs"),
        ({"bot": "smart"}, "unknown bot"),
        ({"players": 5}, "1-4 players"),
        ({"level": "insane"}, "level"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"deals": 2, "jobs": 1, **kwargs}
    with pytest.raises(NotationError, match=message):
        simulate(**arguments)  # type: ignore[arg-type]


def test_dask_cluster() -> None:
    # distributed is in the test extra: this test runs wherever the suite does, never skipped
    import distributed

    tasks = [Task.make("designers", "normal", 2)]
    expected = run_tasks(tasks, deals=30, seed=5, jobs=1)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert run_tasks(tasks, deals=30, seed=5, executor=client.get_executor()) == expected


def test_a_level_is_its_rules_and_tokens() -> None:
    # Easy is rows and columns with 3 tokens: the same games as Hard with 3 tokens.
    easy = simulate("designers", "easy", players=2, deals=30, seed=6, jobs=1)
    hard3 = simulate("designers", "hard", players=2, deals=30, seed=6, jobs=1, tokens=3)
    assert (easy.level, hard3.level) == ("easy", "hard")
    assert (easy.wins, easy.take_backs, easy.turns, easy.losses) == (
        hard3.wins,
        hard3.take_backs,
        hard3.turns,
        hard3.losses,
    )


def test_a_local_pool_leaves_the_sigterm_handler_as_it_found_it() -> None:
    # While its workers play, run_tasks turns SIGTERM into SystemExit(143) (test_lifetime.py
    # sends the signal); after, the handler is the default again, and a program's own handler
    # is never replaced. The test starts from the default handler whatever an earlier test of
    # the run (or the test runner) left, and puts that back after.
    before = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        expected = simulate("designers", "normal", deals=12, seed=3, jobs=1)
        assert simulate("designers", "normal", deals=12, seed=3, jobs=2) == expected
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
        calls: list[int] = []
        signal.signal(signal.SIGTERM, lambda signum, frame: calls.append(signum))
        assert simulate("designers", "normal", deals=12, seed=3, jobs=2) == expected
        signal.raise_signal(signal.SIGTERM)  # to this thread: the handler runs before the next line
        assert calls == [signal.SIGTERM]
    finally:
        signal.signal(signal.SIGTERM, before)
