"""The compiled double-dummy search (:mod:`officers.skat._dd`, found by
:mod:`officers.skat.accel`) against the Python search of :mod:`officers.skat.search`: the same
values, the same zero-window answers, the same win tests and lines that reach the value, at
every number of tricks left and on whole deals; malformed arguments refused cleanly; the time
limit honoured.

The module is optional (a build without a compiler has none): these tests skip without it,
unless ``OFFICERS_REQUIRE_EXTENSION=1`` (CI), where its absence fails."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, SolverTimeoutError
from officers.skat import GAMES, Deal, Position, SkatGame, accel
from officers.skat.accel import table_bits
from officers.skat.rules import is_legal, play
from officers.skat.search import Board, Search, plain_value
from officers.skat.solve import solve, wins

COMPILED = accel.module()
pytestmark = pytest.mark.skipif(  # where the module is required (CI), its absence fails
    COMPILED is None and os.environ.get("OFFICERS_REQUIRE_EXTENSION") != "1",
    reason="officers.skat._dd is not built",
)


def module() -> ModuleType:
    assert COMPILED is not None, "officers.skat._dd is not built"
    return COMPILED


def reached(seed: int, game: str, left: int, extra: int) -> Position:
    """Deal ``seed`` in ``game`` played at random (seeded) to ``left`` tricks left, and
    ``extra`` (0 or 1) card more: a card on the table."""
    rng = random.Random(seed)
    state = SkatGame.deal(seed)
    state.push(game)
    for _ in range(2 * (16 - left) + extra):
        state.push(rng.choice(state.legal_moves()))
    return state.position


positions = st.builds(
    reached,
    st.integers(0, 2**32),
    st.sampled_from(GAMES),
    st.integers(1, 9),
    st.integers(0, 1),
)


def both(board: Board, alpha: int = -1, beta: int = 121) -> tuple[int, int]:
    """The compiled and the Python search's answer in one window, each with a fresh table."""
    compiled = Search(board, compiled=True).value(alpha, beta)
    python = Search(board, compiled=False).value(alpha, beta)
    return compiled, python


@pytest.mark.skipif(
    os.environ.get("OFFICERS_REQUIRE_EXTENSION") != "1",
    reason="OFFICERS_REQUIRE_EXTENSION=1 is not set (CI sets it)",
)
def test_the_compiled_search_is_installed_and_used() -> None:
    assert accel.status() == "compiled", accel.status()
    assert Path(module().__file__ or "").resolve().parent == Path(accel.__file__).resolve().parent
    assert Search(Board(Position(Deal.numbered(1).piles, "G"))).native is not None


def python_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accel, "module", lambda: None)


@settings(max_examples=120, deadline=None)
@given(positions)
def test_the_compiled_value_is_the_python_value(position: Position) -> None:
    board = Board(position)
    compiled, python = both(board)
    assert compiled == python
    if position.tricks_left <= 6:
        assert compiled == plain_value(board)
    for target in (python - 1, python, python + 1, 30, 61):  # fail-soft zero-window answers
        if 0 <= target <= 121:
            answer = Search(board, compiled=True).value(target - 1, target)
            assert (answer >= target) == (python >= target)
            assert answer >= python if answer < target else answer <= python


@settings(max_examples=60, deadline=None)
@given(positions, st.integers(1, 4))
def test_the_exact_value_in_threads_is_the_python_value(position: Position, threads: int) -> None:
    board = Board(position)
    python = Search(board, compiled=False).exact()
    assert Search(board, compiled=True).exact(threads=threads) == python
    assert Search(board, compiled=False).value() == python


@pytest.mark.parametrize("threads", [2, 3, 8])
def test_whole_deals_in_threads_equal_one_thread(threads: int) -> None:
    for number in (5, 11):
        position = Position(Deal.numbered(number).piles, GAMES[number % 5])
        one = solve(position, line=False, threads=1).value
        assert solve(position, line=False, threads=threads).value == one
    with pytest.raises(InvalidArgumentError, match="threads"):
        solve(position, threads=0)
    with pytest.raises(InvalidArgumentError, match="threads"):
        Search(Board(position)).exact(threads=9)


def test_the_time_limit_is_honoured_in_threads() -> None:
    position = Position(Deal.numbered(2).piles, "G")
    search = Search(Board(position), 0.01, compiled=True)
    started = time.perf_counter()
    with pytest.raises(SolverTimeoutError):
        search.exact(threads=2)
    assert time.perf_counter() - started < 0.5
    search.set_deadline(None)  # what the stopped threads left in the table holds
    assert search.exact(threads=2) == solve(position, line=False, threads=1).value


@settings(max_examples=40, deadline=None)
@given(positions)
def test_the_win_test_and_the_line_agree_with_python(position: Position) -> None:
    solution = solve(position)
    assert wins(position) == solution.won
    after = position
    for move in solution.line:
        assert is_legal(after, move)
        after = play(after, move)
    assert after.phase == "over" and after.points[0] == solution.value
    assert solve(position, line=False, compiled=False).value == solution.value
    assert wins(position, compiled=False) == solution.won
    python = solve(position, compiled=False)  # its own line (the tables' hints may differ)
    after = position
    for move in python.line:
        after = play(after, move)
    assert python.value == solution.value == after.points[0]


@pytest.mark.parametrize("left", range(10, 16))
def test_every_number_of_tricks_left_up_to_a_whole_deal(left: int) -> None:
    for seed in (left, 100 + left):
        position = reached(seed, GAMES[seed % 5], left, seed % 2)
        compiled, python = both(Board(position))
        assert compiled == python


@pytest.mark.parametrize("number", [1, 9])
def test_whole_deals_equal_the_python_search(number: int) -> None:
    position = Position(Deal.numbered(number).piles, GAMES[number % 5])
    solution = solve(position, compiled=True)
    assert solve(position, line=False, compiled=False).value == solution.value
    after = position
    for move in solution.line:
        after = play(after, move)
    assert after.points[0] == solution.value and len(solution.line) == 32


@pytest.mark.slow
@pytest.mark.parametrize("number", range(2, 9))
def test_more_whole_deals_equal_the_python_search(number: int) -> None:
    position = Position(Deal.numbered(number).piles, GAMES[number % 5])
    compiled = solve(position, line=False, compiled=True).value
    assert solve(position, line=False, compiled=False).value == compiled
    assert wins(position, compiled=True) == wins(position, compiled=False)


def test_the_time_limit_is_honoured() -> None:
    position = Position(Deal.numbered(2).piles, "G")
    started = time.perf_counter()
    search = Search(Board(position), 0.01, compiled=True)
    with pytest.raises(SolverTimeoutError):
        search.value()
    assert time.perf_counter() - started < 0.5
    for call in (solve, wins):
        started = time.perf_counter()
        with pytest.raises(SolverTimeoutError):
            call(Deal.numbered(7), time_limit=0.005)
        assert time.perf_counter() - started < 0.5
    # the table a stopped search leaves behind holds true bounds: the value stays right
    search.set_deadline(None)
    assert search.value() == solve(position, line=False).value


def test_the_compiled_search_counts_and_bounds_its_table() -> None:
    search = Search(Board(Position(Deal.numbered(3).piles, "H")), compiled=True)
    search.value(60, 61)
    assert search.native is not None
    nodes, used, size = search.native.stats()
    assert nodes == search.nodes > 0
    assert 0 < used <= size // 8 and size <= 8 << table_bits(32) == 32 << 20
    with pytest.MonkeyPatch.context() as patch:
        python_only(patch)
        with pytest.raises(InvalidArgumentError):
            Search(Board(Position(Deal.numbered(3).piles, "H")), compiled=True)
        with pytest.raises(InvalidArgumentError):
            wins(Position(Deal.numbered(3).piles, "H"), compiled=True)
        assert Search(Board(Position(Deal.numbered(3).piles, "H"))).native is None


def good_arguments() -> tuple[bytes, bytes, bytes, int, int]:
    board = Board(Position(Deal.numbered(1).piles, "C"))
    rows = (board.lane, board.power, board.points)
    lanes, powers, points = (bytes(max(0, v) for v in row) for row in rows)
    return lanes, powers, points, board.mask, 12


def test_malformed_arguments_are_refused() -> None:
    good = good_arguments()
    state = module().search(*good)
    assert module().value(state, good[3], 0, -1, 60, 61, 0.0) in range(121)
    for at, bad, error in [
        (0, b"\0" * 31, ValueError),
        (0, b"\5" * 32, ValueError),  # no lane 5
        (0, "lanes", TypeError),
        (1, None, TypeError),
        (2, b"\x0c" * 32, ValueError),  # no card worth 12
        (2, b"\x0b" * 32, ValueError),  # more than 120 points
        (3, -1, ValueError),  # read modulo 2 ** 64: too large
        (3, 1 << 32, ValueError),
        (4, 9, ValueError),
        (4, 27, ValueError),
    ]:
        args = list(good)
        args[at] = bad
        with pytest.raises(error):
            module().search(*args)
    mask = good[3]
    for bad_call in [
        (state, mask, 2, -1, 60, 61, 0.0),  # no player 2
        (state, mask, 0, 32, 60, 61, 0.0),  # no slot 32
        (state, mask, 0, 0, 60, 61, 0.0),  # the card led still in a pile
        (state, mask & ~1, 1, 0, 60, 61, 0.0),  # led by the other player
        (state, mask & ~(1 << 8), 0, -1, 60, 61, 0.0),  # a top on no under card
        (state, mask & ~(1 << 9 | 1 << 1), 0, -1, 60, 61, 0.0),  # 15 cards against 16
        (state, mask, 0, -1, 61, 61, 0.0),  # an empty window
        (state, mask, 0, -1, -1001, 61, 0.0),
        (state, mask, 0, -1, 60, 1001, 0.0),
        (state, 1 << 32, 0, -1, 60, 61, 0.0),
        ("state", mask, 0, -1, 60, 61, 0.0),
    ]:
        with pytest.raises((ValueError, TypeError)):
            module().value(*bad_call)
    with pytest.raises(TypeError):
        module().value(state, mask)
    assert module().exact(state, mask, 0, -1, 0.0, 2) in range(121)
    for threads in (0, 9, -1):
        with pytest.raises(ValueError, match="searches at once"):
            module().exact(state, mask, 0, -1, 0.0, threads)
    with pytest.raises(ValueError):
        module().exact(state, mask, 2, -1, 0.0, 1)
    with pytest.raises(TypeError):
        module().stats(object())
    assert module().best(state, mask, 0) in range(-1, 32)


@settings(max_examples=300, deadline=None)
@given(
    st.binary(min_size=30, max_size=34),
    st.binary(min_size=32, max_size=32),
    st.binary(min_size=32, max_size=32),
    st.integers(-(2**33), 2**33),
    st.integers(-(2**33), 2**33),
    st.integers(-3, 3),
    st.integers(-3, 33),
    st.integers(-1003, 1003),
    st.integers(-1003, 1003),
)
def test_fuzzed_arguments_answer_or_raise_cleanly(
    lanes: bytes,
    powers: bytes,
    points: bytes,
    present: int,
    mask: int,
    leader: int,
    led: int,
    alpha: int,
    beta: int,
) -> None:
    """Any arguments: a value in range or a clean Python exception, never a crash."""
    lanes = bytes(b % 6 for b in lanes)
    points = bytes(b % 12 if b % 3 else 0 for b in points)
    present &= 0xFFFFFFFF if present % 7 else -1
    try:
        state = module().search(lanes, powers, points, present, 10)
    except (ValueError, TypeError, OverflowError):
        return
    for where in (mask, mask & present, present):
        try:
            found = module().value(state, where, leader, led, alpha, beta, 0.05)
        except (ValueError, TypeError, OverflowError):
            continue
        assert found is None or 0 <= found <= 120
        try:
            exact = module().exact(state, where, leader, led, 0.05, 1 + alpha % 3)
        except (ValueError, TypeError, OverflowError):
            continue
        assert exact is None or 0 <= exact <= 120


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here")
def test_a_signal_handler_that_raises_stops_the_search() -> None:
    """The search looks at Python's signals with its clock: Ctrl-C (or any handler that
    raises) stops it, and the exception comes back as it was raised."""

    def stop(signum: int, frame: object) -> None:
        raise KeyError("stopped")

    search = Search(Board(Position(Deal.numbered(4).piles, "G")), compiled=True)
    before = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.002)
        with pytest.raises(KeyError, match="stopped"):
            search.value()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert search.value(60, 61) in range(121)  # and it runs again afterwards
    before = signal.signal(signal.SIGALRM, stop)
    try:  # two threads: the one that looks at the signals stops the other
        signal.setitimer(signal.ITIMER_REAL, 0.002)
        with pytest.raises(KeyError, match="stopped"):
            Search(Board(Position(Deal.numbered(4).piles, "G")), compiled=True).exact(threads=2)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def test_other_threads_run_while_it_searches() -> None:
    """The search lets go of the GIL: another thread runs meanwhile, never kept waiting for
    long (the search takes the GIL back only for a moment every 1,024 tricks)."""
    position = Position(Deal.numbered(4).piles, "G")
    search = Search(Board(position), compiled=True)
    answers: list[int] = []
    worker = threading.Thread(target=lambda: answers.append(search.value()))
    started = time.perf_counter()
    worker.start()
    last, gap = time.perf_counter(), 0.0
    while worker.is_alive():
        now = time.perf_counter()
        gap, last = max(gap, now - last), now
    worker.join()
    took = time.perf_counter() - started
    assert answers == [search.value()]
    assert gap < max(0.5 * took, 0.02), (gap, took)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here")
@pytest.mark.parametrize("threads", [0, 1, 2])
def test_a_second_call_during_a_search_is_refused(threads: int) -> None:
    """A call on a search that is running (here from a signal handler, which runs while the
    search looks at the signals) is refused; the refusal stops the running search (``threads``
    0: one window by value(), else the exact value in that many threads)."""
    search = Search(Board(Position(Deal.numbered(4).piles, "G")), compiled=True)

    refused: list[bool] = []

    def again(signum: int, frame: object) -> None:
        if refused:  # once refused, the ticks left before the timer is stopped do nothing
            return
        try:
            search.value(60, 61)
        except ValueError:
            refused.append(True)
            raise

    before = signal.signal(signal.SIGALRM, again)
    try:
        # every 2 ms until the search is refused: a busy machine may run the handler
        # before the search has begun, and the first call then finds nothing running
        signal.setitimer(signal.ITIMER_REAL, 0.002, 0.002)
        with pytest.raises(ValueError, match="already running"):
            search.exact(threads=threads) if threads else search.value()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here")
@pytest.mark.parametrize("call", ["stats", "best"])
def test_no_other_call_touches_a_running_search(call: str) -> None:
    search = Search(Board(Position(Deal.numbered(4).piles, "G")), compiled=True)
    assert search.native is not None
    native = search.native

    refused: list[bool] = []

    def touch(signum: int, frame: object) -> None:
        if refused:  # once refused, the ticks left before the timer is stopped do nothing
            return
        try:
            native.stats() if call == "stats" else native.best(search.board.mask, 0)
        except ValueError:
            refused.append(True)
            raise

    before = signal.signal(signal.SIGALRM, touch)
    try:
        # every 2 ms until the search is refused: a busy machine may run the handler
        # before the search has begun, and the first call then finds nothing running
        signal.setitimer(signal.ITIMER_REAL, 0.002, 0.002)
        with pytest.raises(ValueError, match="already running"):
            search.value()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    assert native.stats()[0] > 0
