"""The compiled chance search (``chance`` in :mod:`officers.skat._dd`, through
:class:`officers.skat.accel.CompiledChance`) against the search in Python of
:mod:`officers.skat.chance`: the same fractions for both objectives and for every move; states
the rules cannot reach refused cleanly, any arguments answered or refused, never a crash; the
time limit and Python's signals honoured.

The module is optional: these tests skip without it, unless ``OFFICERS_REQUIRE_EXTENSION=1``
(CI), where its absence fails."""

from __future__ import annotations

import dataclasses
import math
import random
import signal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from officers.core.errors import SolverTimeoutError
from officers.skat import SkatGame
from officers.skat.cards import LANES, POINTS, POWERS, GameType
from officers.skat.chance import _Search, _State, _state, exact_value, move_values
from officers.skat.public import Public
from tests.test_skat_chance import SLOW, endgames, played
from tests.test_skat_dd import (
    module,
    pytestmark,  # noqa: F401 (skipped where those tests skip)
)


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=6, most_hidden=4), st.sampled_from(["win", "points"]))
def test_the_compiled_value_is_the_python_value(game: SkatGame, objective: str) -> None:
    assume(Public.of(game).hidden_count() >= 2)
    compiled = exact_value(game, objective, compiled=True)  # type: ignore[arg-type]
    assert compiled == exact_value(game, objective, compiled=False)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=5, most_hidden=3), st.sampled_from(["win", "points"]))
def test_every_moves_compiled_value_is_the_python_value(game: SkatGame, objective: str) -> None:
    compiled = move_values(game, objective, compiled=True)  # type: ignore[arg-type]
    assert compiled == move_values(game, objective, compiled=False)  # type: ignore[arg-type]


def not_a_leaf(game: SkatGame) -> _State:
    """The compact state of ``game``, which must hold two cards face down or more (a leaf has
    at most one: no chance left)."""
    state = _state(Public.of(game))
    assume(state.hid & (state.hid - 1))
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=6, most_hidden=4), st.randoms(use_true_random=False))
def test_one_search_asked_a_state_at_other_points_answers_as_fresh_ones(
    game: SkatGame, pick: random.Random
) -> None:
    # the compiled memo bounds a state of the win by the same state at other points of
    # Vorhand's (her chance does not fall as her points rise): one search asked the state at
    # splits of the points taken in a random order answers each as a fresh search in Python
    # does, and the answers rise with her points
    assert game.game is not None
    state = not_a_leaf(game)
    taken = sum(state.points)
    splits = pick.sample(range(taken + 1), min(taken + 1, 10))
    search = _Search(game.game, "win", None, compiled=True)
    values = {}
    for vorhand in splits:
        at = dataclasses.replace(state, points=(vorhand, taken - vorhand))
        values[vorhand] = search.exact(at)
        assert values[vorhand] == _Search(game.game, "win", None, compiled=False).exact(at)
    rising = [values[v] for v in sorted(values)]
    assert rising == sorted(rising)


def renamed(state: _State, x: int, y: int) -> _State:
    """``state`` with cards ``x`` and ``y`` swapping their names wherever they lie."""

    def swap(card: int) -> int:
        return y if card == x else x if card == y else card

    unseen = state.unseen & ~(1 << x | 1 << y)
    unseen |= (state.unseen >> x & 1) << y | (state.unseen >> y & 1) << x
    up = tuple(swap(c) if c >= 0 else c for c in state.up)
    lead = swap(state.lead) if state.lead >= 0 else -1
    return dataclasses.replace(state, up=up, unseen=unseen, lead=lead)


def moved_beneath(state: _State, p: int, q: int) -> _State:
    """``state`` with the card beneath pile ``p`` lying beneath pile ``q`` instead."""
    return dataclasses.replace(state, hid=state.hid ^ (1 << p | 1 << q))


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=6, most_hidden=4), st.randoms(use_true_random=False))
def test_one_search_asked_states_that_differ_in_cards_of_equal_points_answers_as_fresh_ones(
    game: SkatGame, pick: random.Random
) -> None:
    # the compiled memo keys a state with the cards of equal points next to each other in a
    # lane's power renamed (those in play take the lowest names, over the cards gone) and a
    # player's face-up cards of such a run put with a card beneath first: one search asked
    # the state with two cards of one lane and equal points renamed (the same game where
    # nothing in play lies between them, else mostly another), or with a card beneath moved to
    # another pile of its player, in a random order, answers each as a fresh search in Python does
    assert game.game is not None
    state = not_a_leaf(game)
    lanes = LANES[game.game]
    pairs = [
        (x, y)
        for x in range(32)
        for y in range(x + 1, 32)
        if lanes[x] == lanes[y] and POINTS[x] == POINTS[y]
    ]
    states = [state] + [renamed(state, x, y) for x, y in pick.sample(pairs, min(len(pairs), 6))]
    hidden = [p for p in range(16) if state.hid >> p & 1]
    bare = [q for q in range(16) if state.up[q] >= 0 and not state.hid >> q & 1]
    moves = [(p, q) for p in hidden for q in bare if p >> 3 == q >> 3]  # one player's piles
    states += [moved_beneath(state, p, q) for p, q in pick.sample(moves, min(len(moves), 4))]
    pick.shuffle(states)
    for objective in ("win", "points"):
        search = _Search(game.game, objective, None, compiled=True)
        for at in states:
            fresh = _Search(game.game, objective, None, compiled=False)
            assert search.exact(at) == fresh.exact(at)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(endgames(tricks=6, most_hidden=4), st.randoms(use_true_random=False))
def test_two_cards_the_mover_may_play_with_an_unseen_card_between_are_both_searched(
    game: SkatGame, pick: random.Random
) -> None:
    # the compiled search plays only one of two cards of the mover of one lane and equal
    # points with no card between them that the mover may meet; an unseen card may be the
    # other player's: the cards in play dealt again, the 9 and the 7 of a suit in two piles of
    # the mover with nothing beneath, the 8 unseen, the search answers as the one in Python
    assert game.game is not None
    state = not_a_leaf(game)
    assume(state.lead < 0)
    mover = range(8 * state.leader, 8 * state.leader + 8)
    bare = [p for p in mover if state.up[p] >= 0 and not state.hid >> p & 1]
    unseen = [c for c in range(32) if state.unseen >> c & 1]
    up = [c for c in state.up if c >= 0]
    zeros = [c for c in up + unseen if POINTS[c] == 0]
    assume(len(bare) >= 2 and len(zeros) >= 3)
    suit = pick.randrange(4)
    trio = [8 * suit + 5, 8 * suit + 7, 8 * suit + 6]  # the 9, the 7, the 8 (0 points each)
    kept = [c for c in zeros if c not in trio][: len(zeros) - 3]  # the points in play kept
    played_in = [c for c in up + unseen if POINTS[c] != 0] + kept
    pick.shuffle(played_in)
    first, second = pick.sample(bare, 2)
    slots = [p for p in range(16) if state.up[p] >= 0 and p not in (first, second)]
    new_up = list(state.up)
    new_up[first], new_up[second] = trio[0], trio[1]
    for p in slots:
        new_up[p] = played_in.pop()
    new_unseen = 1 << trio[2]
    for _ in range(len(unseen) - 1):
        new_unseen |= 1 << played_in.pop()
    at = dataclasses.replace(state, up=tuple(new_up), unseen=new_unseen)
    for objective in ("win", "points"):
        compiled = _Search(game.game, objective, None, compiled=True)
        fresh = _Search(game.game, objective, None, compiled=False)
        assert compiled.exact(at) == fresh.exact(at)


@pytest.mark.slow  # the long search: the Hypothesis tests above compare shallower positions
def test_five_face_down_cards_as_in_python() -> None:
    """Deeper than the Hypothesis tests: positions with 5 cards face down, 8 tricks left."""
    for number in (7, 8):
        game = played(number, "CSHDG"[number % 5], 16, random.Random(number))
        assert Public.of(game).hidden_count() == 5
        assert exact_value(game, "win", compiled=True) == exact_value(game, "win", compiled=False)


def cards(game: GameType) -> tuple[bytes, bytes, bytes]:
    return bytes(LANES[game]), bytes(POWERS), bytes(POINTS)


def test_states_the_rules_cannot_reach_are_refused() -> None:
    search = module().chance(*cards("G"), 0)
    up = bytes([0, 1, 2, 255, 255, 255, 255, 255, 8, 9, 10, 255, 255, 255, 255, 255])
    taken = 120 - sum(POINTS[c] for c in (0, 1, 2, 8, 9, 10, 20, 21))  # the others are gone
    good = [search, up, 0b1 | 1 << 8, 0b11 << 20, 0, -1, taken, 0, -1, -1, 2, 0.0]
    assert module().chance_value(*good) in range(3)  # 2 unseen cards: a value times 2!
    for at, bad in [
        (1, up[:15]),  # 15 piles
        (1, bytes([0, 0]) + up[2:]),  # a card twice
        (1, bytes([32]) + up[1:]),  # no card 32
        (2, 0b1000),  # a hidden pile without a face-up card
        (2, 0b1),  # one hidden pile, two unseen cards
        (3, 0b11),  # unseen cards that lie face up
        (3, 1 << 32),
        (4, 2),  # no player 2
        (5, 0),  # the card led lies face up
        (5, 32),
        (6, taken - 1),  # points that do not add up to 120
        (6, 121),
        (6, -1),
        (8, 8),  # a pile of the other player
        (8, 5),  # an empty pile
        (10, -1),  # an empty window
    ]:
        args = list(good)
        args[at] = bad
        with pytest.raises((ValueError, TypeError, OverflowError)):
            module().chance_value(*args)
    uneven = bytes([0, 1, 255, 255, 255, 255, 255, 255, 8, 9, 10, 255, 255, 255, 255, 255])
    with pytest.raises(ValueError, match="numbers of cards"):
        module().chance_value(search, uneven, 0b1 | 1 << 8, 0b11 << 20, 0, -1, 0, 0, -1, -1, 2, 0.0)
    with pytest.raises(ValueError):
        module().chance(*cards("G"), 2)
    with pytest.raises(TypeError):
        module().chance_value("search", *good[1:])
    with pytest.raises(TypeError):
        module().chance_stats(object())


@settings(max_examples=300, deadline=None)
@given(
    st.binary(min_size=16, max_size=16),
    st.integers(0, 2**16),
    st.integers(0, 2**32),
    st.integers(-1, 2),
    st.integers(-2, 33),
    st.integers(-1, 70),
    st.integers(-1, 70),
    st.integers(-2, 16),
    st.sampled_from(["win", "points"]),
)
def test_fuzzed_states_answer_or_raise_cleanly(
    up: bytes,
    hid: int,
    unseen: int,
    leader: int,
    lead: int,
    p0: int,
    p1: int,
    slot: int,
    objective: str,
) -> None:
    """Any state: a value or a clean Python exception, never a crash, within the time limit."""
    up = bytes(b if b % 5 else 255 for b in up)
    search = module().chance(*cards("H"), ["win", "points"].index(objective))
    try:
        found = module().chance_value(search, up, hid, unseen, leader, lead, p0, p1, slot,
                                      -1, 10**18, 0.05)  # fmt: skip
    except (ValueError, TypeError, OverflowError):
        return
    assert found is None or found >= 0


@settings(max_examples=100, deadline=None, suppress_health_check=SLOW)
@given(
    endgames(tricks=8, most_hidden=8),
    st.integers(0, 120),
    st.integers(0, 1),
    st.sampled_from(["win", "points"]),
)
def test_real_states_with_other_points_answer_in_range(
    game: SkatGame, share: int, flip: int, objective: str
) -> None:
    """A state of the rules with the points taken shared otherwise (and the leader changed,
    when no card is on the table): an answer between 0 and the most the state can have, or
    the time limit; points that do not add up to 120 with those in play are refused."""
    assert game.game is not None
    state = _state(Public.of(game))
    leader = state.leader ^ flip if state.lead < 0 else state.leader
    up = bytes(255 if c < 0 else c for c in state.up)
    search = module().chance(*cards(game.game), ["win", "points"].index(objective))
    taken = sum(state.points)
    p0 = min(share, taken)
    args = (search, up, state.hid, state.unseen, leader, state.lead)
    found = module().chance_value(*args, p0, taken - p0, -1, -1, 10**18, 0.05)
    scale = math.factorial(state.unseen.bit_count())
    most = scale if objective == "win" else (120 - taken) * scale
    assert found is None or 0 <= found <= most
    if taken:  # one point fewer taken than the cards gone hold
        bad = (p0 - 1, taken - p0) if p0 else (p0, taken - p0 - 1)
        with pytest.raises(ValueError, match="make 120"):
            module().chance_value(*args, *bad, -1, -1, 10**18, 0.05)


def test_the_time_limit_is_honoured() -> None:
    whole = SkatGame.deal(3)
    whole.push("S")
    with pytest.raises(SolverTimeoutError):
        exact_value(whole, "points", time_limit=0.05, compiled=True)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here")
def test_a_signal_handler_that_raises_stops_the_search() -> None:
    def stop(signum: int, frame: object) -> None:
        raise KeyError("stopped")

    whole = SkatGame.deal(5)
    whole.push("G")
    before = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.01)
        with pytest.raises(KeyError, match="stopped"):
            exact_value(whole, "win", compiled=True)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
