"""The rules' figures in verify-rules: the two-sample judgement and the known gap."""

from __future__ import annotations

import math
import random
import sys
from typing import ClassVar

import pytest

from officers.core.errors import InvalidGameError
from officers.euler.simulate import wilson_interval
from officers.euler.verify_rules import (
    FAMILY_LEVEL,
    FIGURES,
    PUBLISHED_DEALS,
    Claim,
    Figure,
    difference_interval,
    games_played,
    report,
    verify_rules,
)


def test_difference_interval_matches_newcombe_by_hand() -> None:
    # Newcombe (1998), method 10, from the two Wilson intervals
    gap, low, high = difference_interval(56, 70, 48, 80)
    l1, u1 = wilson_interval(56, 70)
    l2, u2 = wilson_interval(48, 80)
    p1, p2 = 56 / 70, 48 / 80
    assert math.isclose(low, p1 - p2 - math.hypot(p1 - l1, u2 - p2))
    assert math.isclose(high, p1 - p2 + math.hypot(u1 - p1, p2 - l2))
    assert low < gap < high


def test_difference_interval_is_close_to_the_normal_one_for_large_samples() -> None:
    gap, low, high = difference_interval(2050, 2500, 2000, 2500)
    p1, p2 = 0.82, 0.80
    half = 1.959964 * math.sqrt(p1 * (1 - p1) / 2500 + p2 * (1 - p2) / 2500)
    assert math.isclose(low, gap - half, abs_tol=0.002)
    assert math.isclose(high, gap + half, abs_tol=0.002)


@pytest.mark.parametrize("deals", [300, 2500, 10_000])
def test_a_figure_agrees_with_itself_and_differs_from_a_far_one(deals: int) -> None:
    same = Figure(0.57, round(0.57 * deals), deals)
    assert same.agrees and same.verdict == "agrees"
    far = Figure(0.57, round(0.47 * deals), deals)
    assert not far.agrees and far.verdict == "differs by -10.0 points"


def test_more_deals_narrow_the_judgement() -> None:
    # a 3-4 point gap is within what 300 deals allow, not within what 10,000 allow
    assert Figure(0.41, 114, 300).agrees  # 38 %
    assert not Figure(0.41, 3700, 10_000).agrees
    widths = [Figure(0.41, round(0.38 * n), n).difference for n in (300, 2500, 10_000)]
    spans = [high - low for _, low, high in widths]
    assert spans == sorted(spans, reverse=True)
    assert PUBLISHED_DEALS == 2500


def test_a_known_gap_is_reported_but_does_not_fail_the_run() -> None:
    figure = Figure(0.41, 356, 1000)
    known = Claim("figure-hard", "Difficulty levels", "41 %", figure.describe(), False, figure,
                  "a known gap")  # fmt: skip
    other = Claim("x", "s", "q", "c", False)
    assert not known.fails_run and other.fails_run
    text = report([known])
    assert "differs by -5.4 points" in text and "(a known gap)" in text
    assert text.splitlines()[-1].startswith("0 of 1 claims hold, 1 known gap")


@pytest.mark.parametrize(
    "arguments",
    [{"deals": 0}, {"games": -1}, {"deals": 10**7}, {"seed": -2}, {"jobs": 0}, {"deals": 2.5}],
)
def test_bad_arguments_are_refused(arguments: dict[str, object]) -> None:
    with pytest.raises(InvalidGameError):
        verify_rules(**arguments)  # type: ignore[arg-type]


def test_the_verdicts_hold_the_seven_figures_together_at_95_percent() -> None:
    # Bonferroni: each verdict at 1 - 0.05 / 7; a figure exactly at its published value, sampled
    # many times, is called different about 0.7 % of the time, well under 5 %
    assert math.isclose(FAMILY_LEVEL, 1 - 0.05 / 7) and FIGURES == 7
    rng = random.Random(3)
    deals = 300
    wrong = 0
    trials = 2000
    for _ in range(trials):
        wins = sum(rng.random() < 0.57 for _ in range(deals))
        wrong += not Figure(0.57, wins, deals).agrees
    assert wrong / trials < 0.05 / 7 * 3


def test_default_run_reports_every_figure() -> None:
    claims = verify_rules(deals=30, games=30, jobs=1)
    figures = [claim for claim in claims if claim.figure is not None]
    assert len(figures) == FIGURES
    assert {claim.key for claim in claims if claim.known_gap} == {"figure-hard"}


class _Bar:
    """Stands in for tqdm: records what the bar is told."""

    made: ClassVar[list[_Bar]] = []

    def __init__(self, *, total: int, desc: str, file: object, **_: object) -> None:
        self.total, self.desc, self.file, self.steps = total, desc, file, []
        _Bar.made.append(self)

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *_: object) -> None:
        pass

    def update(self, games: int) -> None:
        self.steps.append(games)


def test_the_progress_bar_counts_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tqdm.tqdm", _Bar)
    monkeypatch.setattr(_Bar, "made", [])
    plain = verify_rules(deals=10, games=12, jobs=1, progress=False)
    assert _Bar.made == []
    shown = verify_rules(deals=10, games=12, jobs=1, progress=True)
    (bar,) = _Bar.made
    # 8 bots' tasks of 10 deals, 8 of the exact bot's of 2, the 10 games on Easy of the claim
    # about the turns, 12 random games for each rule set
    assert bar.total == games_played(10, 12) == 8 * 10 + 8 * 2 + 10 + 2 * 12
    assert sum(bar.steps) == bar.total and len(bar.steps) == 16 + 10 + 24
    assert bar.desc == "checking the rules" and bar.file is sys.stderr
    assert [c.to_dict() for c in shown] == [c.to_dict() for c in plain]  # the bar changes nothing


def test_the_progress_bar_is_shown_on_a_terminal_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    verify_rules(deals=5, games=5, jobs=1)
    assert capsys.readouterr().err == ""  # not a terminal
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    verify_rules(deals=5, games=5, jobs=1)
    err = capsys.readouterr().err
    assert "checking the rules" in err and f"0/{games_played(5, 5)}" in err
    *_, last, end = err.split("\r")
    assert last.strip() == end == ""  # the bar is wiped when it closes


def test_the_processes_change_no_number() -> None:
    one = verify_rules(deals=12, games=10, jobs=1, progress=False)
    two = verify_rules(deals=12, games=10, jobs=2, progress=False)
    assert [c.to_dict() for c in one] == [c.to_dict() for c in two]
