"""One budget for every search (issue #39): the core's :class:`~officers.core.budget.Budget` (a
deadline and a cancel), the door's budget built on it, and every game's aid taking it in one
shape, ``aid(view, budget=...)``, answering by it with what it has: Euler's Officers' hint exact
whatever the budget, Eight Off's hint *unknown* with its reason, the Offiziersskat tip an
estimate over the samples done."""

from __future__ import annotations

import math
import threading
import time
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.contract import Budget as DoorBudget
from officers.core.budget import Budget, budget_of
from officers.core.errors import InvalidArgumentError
from officers.eightoff.game import EightOffGame
from officers.eightoff.hints import where_lost
from officers.eightoff.variant import BAKERS_GAME
from officers.euler.hints import hint
from officers.euler.view import PlayerView
from officers.skat import SkatGame
from officers.skat.public import Public
from officers.skat.tips import SAMPLES, greedy_move, tip

seconds = st.none() | st.floats(0, 1e6)


@given(seconds, seconds)
def test_a_narrower_budget_never_ends_later(first: float | None, second: float | None) -> None:
    before = time.monotonic()
    outer = Budget.after(first)
    inner = outer.within(second)
    after = time.monotonic()
    assert inner.cancel is outer.cancel
    if first is None and second is None:
        assert inner.deadline is None
        return
    assert inner.deadline is not None
    if outer.deadline is not None:
        assert inner.deadline <= outer.deadline
    if second is not None:
        assert inner.deadline <= after + second
    bounds = [b for b in (first, second) if b is not None]
    assert inner.deadline >= before + min(bounds)


@given(seconds, seconds, st.booleans())
def test_budget_of_ends_at_the_earlier_of_the_budget_and_the_time_limit(
    first: float | None, second: float | None, stop: bool
) -> None:
    event = threading.Event() if stop else None
    before = time.monotonic()
    joined = budget_of(None if first is None else Budget.after(first), second, event)
    after = time.monotonic()
    assert joined.cancel is event
    bounds = [b for b in (first, second) if b is not None]
    if not bounds:
        assert joined.deadline is None
        return
    assert joined.deadline is not None
    assert before + min(bounds) <= joined.deadline <= after + min(bounds)


def test_one_stop_a_budget_and_no_time_that_is_no_time() -> None:
    stop = threading.Event()
    assert budget_of(Budget(cancel=stop), None, stop).cancel is stop
    with pytest.raises(InvalidArgumentError, match="one way to stop"):
        budget_of(Budget(cancel=stop), None, threading.Event())
    for wrong in (math.nan, True, "2"):
        with pytest.raises(InvalidArgumentError, match="deadline"):
            Budget(deadline=wrong)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="cancel"):
        Budget(cancel=True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="budget"):
        budget_of(2.0, None)  # type: ignore[arg-type]


def test_a_doors_budget_is_a_search_budget_and_keeps_its_slots_when_narrowed() -> None:
    slots = threading.Semaphore(1)
    stop = threading.Event()
    door = DoorBudget(time.monotonic() + 5, stop, slots)
    assert isinstance(door, Budget)
    narrowed = door.within(0.5)
    assert isinstance(narrowed, DoorBudget) and narrowed.searches is slots
    assert narrowed.cancel is stop and narrowed.deadline is not None
    assert narrowed.deadline < door.deadline  # type: ignore[operator]
    stop.set()
    assert narrowed.over() and door.cancelled()


# --- every game's aid, one shape ----------------------------------------------------------------


def test_euler_s_hint_takes_a_budget_and_is_exact_whatever_it_is() -> None:
    view = PlayerView.of("AS KH 2/4/4/4", "QD JC KS", tokens=1)
    stop = threading.Event()
    stop.set()
    plain = hint(view)
    for budget in (Budget(), Budget(deadline=time.monotonic() - 1), Budget(cancel=stop)):
        assert hint(view, budget=budget) == plain
    with pytest.raises(TypeError, match="budget"):
        hint(view, budget=2.0)  # type: ignore[arg-type]


def test_eight_off_s_hint_answers_unknown_with_its_reason_when_its_budget_is_spent() -> None:
    game = EightOffGame.deal(3, BAKERS_GAME)
    for move in ["4d", "7a", "3b", "6c"]:
        game.push(move)
    stop = threading.Event()
    stop.set()
    stopped = where_lost(game, budget=Budget(cancel=stop))
    assert (stopped.status, stopped.reason, stopped.states) == ("unknown", "cancelled", 0)
    assert "stopped" in stopped.text("en") and "angehalten" in stopped.text("de")
    late = where_lost(game, budget=Budget(deadline=time.monotonic() - 1))
    assert (late.status, late.reason, late.states) == ("unknown", "time", 0)
    ample = where_lost(game, budget=Budget.after(60.0))
    assert replace(ample, seconds=0) == replace(where_lost(game), seconds=0)
    assert (ample.status, ample.lost_at, ample.undos) == ("lost", 2, 3)


def test_the_skat_tip_answers_by_its_budget_with_what_it_has() -> None:
    game = SkatGame.deal(2)
    public = Public.of(game)
    stop = threading.Event()
    stop.set()
    hurried = tip(public, time_limit=0)
    assert hurried.samples == 0 and hurried.move == greedy_move(public)
    for budget in (Budget(deadline=time.monotonic() - 1), Budget(cancel=stop)):
        assert tip(public, budget=budget) == hurried
    counted = tip(public, samples=2, point_samples=0, budget=Budget.after(60.0))
    assert counted == tip(public, samples=2, point_samples=0)
    assert counted.samples == 2 < SAMPLES
