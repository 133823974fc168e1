"""The census of a variant: the same numbers whatever runs it, counts that add up, intervals
that hold the share, unsolvable and unknown deals named, and the ``census`` command."""

from __future__ import annotations

import concurrent.futures
import json
import time

import pytest

from officers.cli import ExitCode
from officers.core.errors import InvalidArgumentError
from officers.eightoff import BAKERS_GAME, EIGHT_OFF, FREECELL, EightOffGame, Position
from officers.eightoff.census import Census, census, deal_numbers, solve_deals
from officers.eightoff.solve import solve_position
from tests.helpers import run_cli as run

UNSOLVABLE = 2342
"""An Eight Off deal the solver proves unsolvable: it stores its 3,556 reachable positions."""
DEALS = range(2341, 2362)
"""A small census around it. With :data:`STATES` the proof fits, but the win of deal 2361
(4,226 positions stored, in the search's present order) does not: it is unknown."""
STATES = 3_600


def small(jobs: int | None = None, executor: concurrent.futures.Executor | None = None) -> Census:
    """The census of :data:`DEALS`, exact on every machine (no time limit)."""
    return census(
        EIGHT_OFF,
        DEALS,
        time_limit=None,
        max_states=STATES,
        jobs=jobs,
        executor=executor,
        progress=False,
    )


@pytest.fixture(scope="module")
def one_job() -> Census:
    return small(jobs=1)


def test_the_deal_is_unsolvable_and_listed(one_job: Census) -> None:
    solution = solve_position(Position.numbered(UNSOLVABLE), time_limit=None, max_states=STATES)
    assert solution.status == "unsolvable"
    assert UNSOLVABLE in one_job.unsolvable_deals
    assert one_job.unsolvable_deals == (UNSOLVABLE,)


def test_every_deal_is_counted_once_with_its_own_verdict(one_job: Census) -> None:
    assert one_job.deals == len(DEALS) == sum(one_job.counts)
    assert (one_job.first, one_job.last) == (DEALS[0], DEALS[-1])
    assert len(one_job.unsolvable_deals) == one_job.unsolvable
    assert len(one_job.unknown_deals) == one_job.unknown > 0  # STATES is small on purpose
    for number in DEALS:
        status = solve_position(
            Position.numbered(number), time_limit=None, max_states=STATES
        ).status
        listed = {
            "solvable": number not in one_job.unsolvable_deals + one_job.unknown_deals,
            "unsolvable": number in one_job.unsolvable_deals,
            "unknown": number in one_job.unknown_deals,
        }
        assert listed[status], (number, status)


def test_unknown_deals_are_neither_wins_nor_losses(one_job: Census) -> None:
    solvable, unsolvable, unknown = one_job.counts
    assert one_job.decided == solvable + unsolvable
    assert one_job.share == solvable / (solvable + unsolvable)
    low, high = one_job.interval
    assert low < one_job.share < high
    assert one_job.if_unknown_lost == solvable / len(DEALS)
    assert one_job.if_unknown_won == (solvable + unknown) / len(DEALS)
    wide_low, wide_high = one_job.widest
    assert wide_low < one_job.if_unknown_lost <= one_job.share <= one_job.if_unknown_won < wide_high
    # a bigger room decides the unknown deals: the share then lies between the two bounds
    roomy = census(EIGHT_OFF, DEALS, time_limit=None, max_states=10**6, jobs=1, progress=False)
    assert roomy.unknown == 0
    assert one_job.if_unknown_lost <= roomy.share <= one_job.if_unknown_won


def test_processes_and_threads_give_the_same_census(one_job: Census) -> None:
    assert small(jobs=2) == one_job
    with concurrent.futures.ThreadPoolExecutor(3) as executor:
        threads = small(executor=executor)
    assert threads == one_job
    assert threads.to_dict()["unknown_deals"] == list(one_job.unknown_deals)


def test_dask_gives_the_same_census(one_job: Census) -> None:
    distributed = pytest.importorskip("distributed")
    started = time.monotonic()
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert small(executor=client.get_executor()) == one_job
    assert time.monotonic() - started < 30


def test_the_json_form(one_job: Census) -> None:
    data = json.loads(json.dumps(one_job.to_dict()))
    assert data["kind"] == "eightoff-census"
    assert data["variant"] == "eight-off" and data["microsoft"] is False
    assert (data["solvable"], data["unsolvable"], data["unknown"]) == one_job.counts
    assert data["confidence_95"] == list(one_job.interval)
    assert data["unsolvable_deals"] == [UNSOLVABLE]
    seconds = data["seconds"]
    assert 0 < seconds["median"] <= seconds["p99"] <= seconds["max"] <= seconds["total"]


def test_microsoft_numbering_and_counts() -> None:
    assert deal_numbers(5) == range(1, 6)
    baker = census(BAKERS_GAME, 2, jobs=1, progress=False)
    assert baker.counts == (1, 1, 0) and baker.unsolvable_deals == (2,)
    verdicts = solve_deals(FREECELL, range(1, 4), True, 10.0, 10**6)
    assert [status for status, _ in verdicts] == [0, 0, 0]  # Microsoft's 1-3 are won
    assert EightOffGame.microsoft(1).position.variant == FREECELL


def test_microsoft_deals_start_at_one() -> None:
    with pytest.raises(InvalidArgumentError, match="start at 1"):
        census(FREECELL, range(0, 2), microsoft=True, jobs=1, progress=False)


@pytest.mark.parametrize("deals", [range(0, 10, 2), -1, True, "10"])
def test_bad_deals_are_refused(deals: object) -> None:
    with pytest.raises(InvalidArgumentError):
        deal_numbers(deals)  # type: ignore[arg-type]


def test_the_census_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "eightoff", "census", "--from", "2340", "--to", "2343", "--jobs", "1", "--json"
    )
    assert code == ExitCode.OK and not err
    data = json.loads(out)
    assert (data["first"], data["last"], data["deals"]) == (2340, 2343, 4)
    assert data["unsolvable_deals"] == [UNSOLVABLE] and data["time_limit"] == 10.0
    code, out, err = run(capsys, "eightoff", "census", "--deals", "2", "--variant", "bakers-game")
    assert code == ExitCode.OK
    assert "solvable 1, unsolvable 1, unknown 0" in out and "unsolvable deals: 2" in out


@pytest.mark.parametrize(
    "arguments",
    [
        ["--deals", "3", "--from", "1", "--to", "2"],
        ["--from", "5"],
        ["--from", "5", "--to", "4"],
        ["--from", "0", "--to", "2", "--microsoft"],
    ],
)
def test_the_census_command_refuses_bad_deals(
    capsys: pytest.CaptureFixture[str], arguments: list[str]
) -> None:
    code, out, err = run(capsys, "eightoff", "census", *arguments)
    assert code == ExitCode.BAD_INPUT and not out and err.count("\n") == 1


def test_the_census_command_has_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["eightoff", "--help"], ["eightoff", "census", "--help"]):
        code, out, err = run(capsys, *argv)
        assert code == ExitCode.OK and not err
        assert "95 % interval" in out or "95 % Wilson interval" in out
