"""The compiled chance search's moves split between threads on one memo
(:mod:`officers.skat.split`): the same fractions as the search in Python, for both objectives,
the top state's value and every move's; a memo shared only where that is sound; the time limit
and Python's signals stop every thread.

With :data:`officers.skat.split.SPLIT_AFTER` at 0 every search with two moves or more splits at
once (by default only one that has run a quarter of a second in one thread)."""

from __future__ import annotations

import math
import random
import signal
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, SolverTimeoutError
from officers.skat import SkatGame, chance
from officers.skat.accel import CompiledChance
from officers.skat.cards import GAMES, LANES, POINTS, POWERS
from officers.skat.chance import _moves, _Search, _state, exact_value, move_values
from officers.skat.moves import Move
from officers.skat.public import Public
from officers.skat.split import by_sampled_wins, split, threads_of
from tests.test_skat_chance import SLOW, endgames, played
from tests.test_skat_dd import (
    module,
    pytestmark,  # noqa: F401 (skipped where those tests skip)
)


@pytest.fixture
def at_once() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chance, "SPLIT_AFTER", 0.0)
        yield


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(
    endgames(tricks=6, most_hidden=4),
    st.sampled_from(["win", "points"]),
    st.integers(1, 3),
)
def test_split_values_are_the_python_values(game: SkatGame, objective: str, threads: int) -> None:
    assume(Public.of(game).hidden_count() >= 2)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chance, "SPLIT_AFTER", 0.0)
        value = exact_value(game, objective, compiled=True, threads=threads)  # type: ignore[arg-type]
        each = move_values(game, objective, compiled=True, threads=threads)  # type: ignore[arg-type]
    assert value == exact_value(game, objective, compiled=False)  # type: ignore[arg-type]
    assert each == move_values(game, objective, compiled=False)  # type: ignore[arg-type]


@pytest.mark.usefixtures("at_once")
def test_a_first_answer_counts_the_points_of_its_trick() -> None:
    """A card on the table: the first move valued by its states after is an answer, and the
    points of its trick are part of its value."""
    checked = 0
    for number in range(40):
        game = played(number, GAMES[number % 5], 2 * 11 + 1, random.Random(number))
        public = Public.of(game)
        if public.hidden_count() < 2 or len(game.legal_moves()) < 2:
            continue
        checked += 1
        expected = exact_value(game, "points", compiled=False)
        assert exact_value(game, "points", compiled=True, threads=2) == expected
    assert checked >= 10


def deep(seed: int) -> SkatGame:
    """A game with 7 .. 9 cards face down, long past the split: with seeds 2 and 3 each search
    below takes over 20 s here (40 times the limits and the timer the tests give it)."""
    rng = random.Random(seed)
    while True:
        game = played(rng.randrange(10**6), "G", 10, rng)
        if 7 <= Public.of(game).hidden_count() <= 9 and len(game.legal_moves()) >= 3:
            return game


@pytest.mark.usefixtures("at_once")
def test_the_time_limit_stops_every_thread() -> None:
    before = threading.active_count()
    with pytest.raises(SolverTimeoutError):
        exact_value(deep(2), "points", time_limit=0.5, compiled=True, threads=2)
    with pytest.raises(SolverTimeoutError):
        move_values(deep(2), "points", time_limit=0.5, compiled=True, threads=2)
    assert threading.active_count() == before


@pytest.mark.usefixtures("at_once")
@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here")
def test_a_signal_handler_that_raises_stops_every_thread() -> None:
    def stop(signum: int, frame: object) -> None:
        raise KeyError("stopped")

    before_threads = threading.active_count()
    before = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyError, match="stopped"):
            move_values(deep(3), "win", compiled=True, threads=2)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert threading.active_count() == before_threads


def test_a_memo_is_shared_only_by_exact_searches_that_own_it() -> None:
    cards = (bytes(LANES["G"]), bytes(POWERS), bytes(POINTS))
    owner = CompiledChance(module(), cards, 0)
    shared = owner.share()
    with pytest.raises(ValueError, match="shared"):
        shared.share()
    with pytest.raises(ValueError, match="shared"):
        owner.sampling(2, 3, 4, 5)
    sampler = CompiledChance(module(), cards, 0)
    sampler.sampling(2, 3, 4, 5)
    with pytest.raises(ValueError, match="shared"):
        sampler.share()
    with pytest.raises(InvalidArgumentError, match="threads"):
        threads_of(0)


def test_the_order_of_the_moves_is_a_permutation_drawn_from_the_view_alone() -> None:
    game = deep(4)
    public = Public.of(game)
    state = _state(public)
    slots = {s: Move.play(state.up[s], s % 8) for s in _moves(state, public.game or "G")}
    order = by_sampled_wins(public, slots, deadline=None)
    assert sorted(order) == sorted(slots)
    assert by_sampled_wins(Public.parse(public.notation()), slots, deadline=None) == order


def test_a_halted_memo_stops_its_searches_until_it_is_shared_again() -> None:
    game = played(3, "G", 22, random.Random(0))
    public = Public.of(game)
    assert public.hidden_count() >= 2 and public.game is not None
    state = _state(public)
    where = _Search._where(state)
    window = (-1, math.factorial(public.hidden_count()) + 1)
    owner = CompiledChance(module(), (bytes(LANES[public.game]), bytes(POWERS), bytes(POINTS)), 0)
    expected = owner.value(*where, -1, window, None)
    assert expected is not None
    shared = owner.share()
    owner.halt()
    assert shared.value(*where, -1, window, None) is None
    assert owner.value(*where, -1, window, None) is None
    again = owner.share()
    assert again.value(*where, -1, window, None) == expected
    assert owner.value(*where, -1, window, None) == expected


class Raising(CompiledChance):
    """A search whose first answer in the calling thread is an exception (as a signal
    handler's would be, raised between two searches), while the other thread searches."""

    __slots__ = ()

    def value(self, *args: Any, **kwargs: Any) -> int | None:
        raise KeyError("stopped")


def test_an_exception_between_two_searches_halts_the_others() -> None:
    game = deep(6)
    public = Public.of(game)
    assert public.game is not None
    state = _state(public)
    search = Raising(module(), (bytes(LANES[public.game]), bytes(POWERS), bytes(POINTS)), 0)
    slots = _moves(state, public.game)
    before = threading.active_count()
    with pytest.raises(KeyError, match="stopped"):
        split(search, [(_Search._where(state), s) for s in slots], threads=2, deadline=None)
    assert threading.active_count() == before
    small = _state(Public.of(played(3, "G", 22, random.Random(0))))  # halted: answers at once
    assert CompiledChance.value(search, *_Search._where(small), -1, (-1, 10**9), None) is None
