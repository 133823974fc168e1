"""Euler's Officers' bots by level (beginner, club, strong, strongest): the names, the rooms that
seat them, and the ladder measured by :mod:`officers.euler.ladder` (a team's wins, the paired
margins between levels on the same deals)."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from officers.cli import main
from officers.core.errors import InvalidGameError, NotationError
from officers.euler.bots import (
    BOTS,
    LEVELS,
    CarefulBot,
    DesignersBot,
    ExactBot,
    HintedBot,
    get_bot,
)
from officers.euler.game import new_game
from officers.euler.ladder import PARTNER, Team, paired, team
from officers.rooms.officers import ADAPTER

DEALS = 300


def test_the_levels_weakest_first() -> None:
    assert list(LEVELS) == ["beginner", "club", "strong", "strongest"]
    kinds = [type(get_bot(level)) for level in LEVELS]
    assert kinds == [DesignersBot, CarefulBot, ExactBot, HintedBot]
    assert isinstance(get_bot(" Strong "), ExactBot)
    assert not set(LEVELS) & set(BOTS)  # a level is no bot's name
    with pytest.raises(NotationError, match=r"unknown bot 'genius': expected one of .*strongest"):
        get_bot("genius")


def test_the_simulation_takes_a_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert isinstance(get_bot("careful"), CarefulBot)  # the club level's bot, by its own name
    args = ["simulate", "--bot", "club,strongest", "--level", "hard", "--players", "2"]
    assert main([*args, "--deals", "20", "--seed", "1", "--jobs", "1"]) == 0
    rows = [line.split()[:6] for line in capsys.readouterr().out.splitlines()[1:]]
    assert rows == [
        ["careful", "hard", "2", "0", "20", rows[0][5]],
        ["hinted", "hard", "2", "0", "20", "20"],
    ]


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_room_seats_a_level(level: str) -> None:
    assert level in ADAPTER.bots
    state = new_game("normal", players=2, seed=3)
    move = ADAPTER.bot_move(state, 0, level, random.Random(1))
    state.push(move)  # a legal move of the seat's player


def test_alone_each_level_wins_more_and_the_strong_ones_every_deal() -> None:
    """A team of one level's bot on the same 300 deals of Normal: each level wins more than the
    one below it, by a paired margin whose interval excludes zero up to ``strong``; ``strong``
    and ``strongest`` never kill the square, and every deal can be won (the rules), so they win
    every game."""
    teams = {level: team(level, deals=DEALS, seed=3, partner=None, jobs=2) for level in LEVELS}
    rates = [teams[level].win_rate for level in LEVELS]
    assert rates[0] < rates[1] < rates[2] == rates[3] == 1.0
    for lower, higher in (("beginner", "club"), ("club", "strong")):
        margin = paired(teams[higher], teams[lower])
        assert margin.deals == DEALS and margin.low > 0
        assert math.isclose(margin.margin, teams[higher].win_rate - teams[lower].win_rate)


def test_on_easy_with_a_partner_the_club_bot_beats_the_beginner() -> None:
    """Why ``club`` is the neighbour bot that takes back (:class:`CarefulBot`): on Easy (3
    tokens) with the designers' bot as the partner, the neighbour bot, which takes back only
    when it cannot place, wins less than the beginner; the careful one wins more."""
    beginner = team("beginner", deals=DEALS, seed=3, level="easy", jobs=2)
    neighbour = team("neighbour", deals=DEALS, seed=3, level="easy", jobs=2)
    club = team("club", deals=DEALS, seed=3, level="easy", jobs=2)
    assert neighbour.win_rate < beginner.win_rate < club.win_rate
    assert paired(club, neighbour).low > 0


def test_with_a_partner_the_strongest_helps_most() -> None:
    """With the designers' bot as the partner (a person who knows the checks), on Hard, each
    deal from both seats: ``strongest`` (the most room left) wins more than ``strong`` (any safe
    move), by a margin whose interval excludes zero."""
    strong = team("exact", deals=DEALS, seed=3, level="hard", partner=PARTNER, jobs=2)
    strongest = team("hinted", deals=DEALS, seed=3, level="hard", partner=PARTNER, jobs=2)
    assert strong.per_deal == strongest.per_deal == 2 and strong.games == 2 * DEALS
    margin = paired(strongest, strong)
    assert margin.low > 0 and margin.high < 1


def test_the_same_numbers_from_one_job_or_two() -> None:
    one = team("neighbour", deals=60, seed=5, level="expert", jobs=1)
    two = team("neighbour", deals=60, seed=5, level="expert", jobs=2)
    assert one == two


def synthetic(wins: list[int], per_deal: int = 1) -> Team:
    """A team whose deal ``i`` (each start its own) won ``wins[i]`` games of ``per_deal``."""
    return Team(("x",), "normal", 2, {f"s{i}": (per_deal, w) for i, w in enumerate(wins)}, per_deal)


def test_the_margin_is_the_paired_one_when_no_start_repeats() -> None:
    """Without repeated starts the cluster interval is the textbook paired one:
    mean ± 1.96 · stdev(differences) / √n."""
    rng = random.Random(7)
    a = [rng.randint(0, 2) for _ in range(200)]
    b = [rng.randint(0, 2) for _ in range(200)]
    margin = paired(synthetic(a, 2), synthetic(b, 2))
    differences = [(x - y) / 2 for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(differences)
    half = 1.959963984540054 * statistics.stdev(differences) / math.sqrt(len(differences))
    assert margin.deals == 200
    assert math.isclose(margin.margin, mean)
    assert math.isclose(margin.low, mean - half) and math.isclose(margin.high, mean + half)


def test_a_repeated_start_is_one_group() -> None:
    a = Team(("a",), "normal", 2, {"s": (2, 2), "t": (1, 0)}, 1)  # start s dealt twice
    b = Team(("b",), "normal", 2, {"s": (2, 0), "t": (1, 0)}, 1)
    margin = paired(a, b)
    assert margin.deals == 3 and math.isclose(margin.margin, 2 / 3)
    # two groups: g = (2, 0), m = (2, 1); variance 2 · ((2 - 4/3)² + (0 - 2/3)²) / 9
    half = 1.959963984540054 * math.sqrt(2 * ((2 - 4 / 3) ** 2 + (2 / 3) ** 2) / 9)
    assert math.isclose(margin.high - margin.margin, half)


def test_teams_of_other_deals_are_not_paired() -> None:
    with pytest.raises(InvalidGameError, match="not play the same deals"):
        paired(synthetic([1, 0]), synthetic([1, 0, 1]))
    with pytest.raises(InvalidGameError, match="a partner needs 2 players"):
        team("exact", deals=1, players=1)
