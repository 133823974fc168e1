"""The compiled exact cover (:mod:`officers.euler.solve._cover`) under arbitrary arguments: every call
answers correctly or raises a ValueError, TypeError, OverflowError or MemoryError with a message;
none crashes, leaks or hangs.

Its three entry points are called directly, as :mod:`officers.euler.solve.exact` calls them, with
malformed arguments (wrong types, sizes, negative and huge numbers, items out of range, starts
that go down), with random exact-cover matrices (not only those of graeco-latin squares: their
counts and listings against a brute force and against the Python search on the same matrix), with
partial squares of orders 1-7, and from several threads and from inside their own check.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
import time
from array import array
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import Rules, Square
from officers.euler.solve import exact
from officers.euler.solve.construct import graeco_latin_square

COMPILED = exact._compiled()
pytestmark = pytest.mark.skipif(  # where the module is required (CI), its absence fails
    COMPILED is None and os.environ.get("OFFICERS_REQUIRE_EXTENSION") != "1",
    reason="officers.euler.solve._cover is not built",
)

REFUSED = (ValueError, TypeError, OverflowError, MemoryError)
EVERY_BIT = (1 << 64) - 1  # touched: no symmetry (with marks that differ, every option alone)


def module() -> ModuleType:
    assert COMPILED is not None
    return COMPILED


def never() -> None:
    """A check that never stops the search."""


Matrix = tuple[int, int, int, bytes, bytes, bytes]


def arguments(n: int, does: list[list[int]], constraints: int) -> Matrix:
    """The module's arguments for options doing the constraints ``does[o]``, marks ``o``."""
    starts, items = array("i", [0]), array("i")
    for done in does:
        items.extend(done)
        starts.append(len(items))
    marks = array("Q", range(len(does))).tobytes()
    return n, len(does), constraints, starts.tobytes(), items.tobytes(), marks


def refused_with_a_message(call: Callable[[], object]) -> object:
    """The call's answer, or None when it raised one of REFUSED with a message."""
    try:
        return call()
    except REFUSED as error:
        assert str(error), f"{type(error).__name__} without a message"
        return None


# --- malformed arguments -----------------------------------------------------------------------

junk = st.one_of(
    st.none(),
    st.text(max_size=3),
    st.floats(allow_nan=True),
    st.lists(st.integers(0, 3), max_size=3),
    st.integers(-(2**70), 2**70),
    st.sampled_from([-1, 0, 1, 15, 16, 2**31, -(2**31) - 1, 2**63, 2**64]),
    st.binary(max_size=40),
)


def int32s(values: list[int]) -> bytes:
    return array("i", values).tobytes()


@st.composite
def near_matrices(draw: st.DrawFn) -> list[Any]:
    """The arguments of count() for a small matrix, then some of them spoiled: replaced by junk,
    or their bytes cut, lengthened or rewritten (starts that go down, items out of range)."""
    n = draw(st.integers(1, 3))
    constraints = draw(st.integers(0, 6))
    does = draw(st.lists(st.lists(st.integers(0, max(0, constraints - 1)), max_size=3), max_size=8))
    if constraints == 0:
        does = [[] for _ in does]
    args: list[Any] = [*arguments(n, does, constraints), draw(st.integers(0, EVERY_BIT)), never]
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, 7))
        how = draw(st.integers(0, 3))
        if how == 0 or not isinstance(args[at], bytes):
            args[at] = draw(junk)
        elif how == 1:
            args[at] = args[at][: draw(st.integers(0, len(args[at])))]
        elif how == 2:
            args[at] = args[at] + draw(st.binary(min_size=1, max_size=9))
        else:
            values = draw(st.lists(st.integers(-(2**31), 2**31 - 1), max_size=10))
            args[at] = int32s(values) if at in (3, 4) else array("Q", [0] * len(values)).tobytes()
    return args


def answered_or_refused(args: list[Any], room: Any) -> None:
    counted = refused_with_a_message(lambda: module().count(*args))
    assert counted is None or (isinstance(counted, int) and counted >= 0)
    listing = args[:6] + args[7:]
    search = refused_with_a_message(lambda: module().covers(*listing))
    if search is not None:
        found = refused_with_a_message(lambda: module().more(search, room))
        assert found is None or isinstance(found, list)
        assert refused_with_a_message(lambda: module().more(search, 1_000)) is not None


@settings(max_examples=300, deadline=None)
@given(near_matrices(), st.one_of(st.integers(-3, 5), junk))
def test_malformed_arguments_are_answered_or_refused(args: list[Any], room: Any) -> None:
    answered_or_refused(args, room)


@pytest.mark.slow
@settings(max_examples=20000, deadline=None)
@given(near_matrices(), st.one_of(st.integers(-3, 5), junk))
def test_sweep_malformed_arguments_are_answered_or_refused(args: list[Any], room: Any) -> None:
    answered_or_refused(args, room)


@pytest.mark.parametrize(
    "bad",
    [
        (),
        (1,),
        (1, 0, 0, b"\0" * 4, b"", b"", 0, never, "extra"),
        (2**40, 0, 0, b"\0" * 4, b"", b"", 0, never),
        (1, 2**40, 0, b"\0" * 4, b"", b"", 0, never),
        (1, 0, -(2**40), b"\0" * 4, b"", b"", 0, never),
        (1, 0, 0, b"\0" * 4, b"", b"", "touched", never),
        (1, 0, 0, bytearray(4), b"", b"", 0, never),
        (1, 0, 0, memoryview(b"\0" * 4), b"", b"", 0, never),
        (15, 50626, 0, b"\0" * 4 * 50627, b"", b"\0" * 8 * 50626, 0, never),  # > n**4 options
        (15, 0, 1411, b"\0" * 4, b"", b"", 0, never),  # > 6 n**2 + 4 n constraints
    ],
)
def test_wrong_arity_types_and_sizes_are_refused(bad: tuple[Any, ...]) -> None:
    with pytest.raises(REFUSED) as refused:
        module().count(*bad)
    assert str(refused.value)


def test_a_constraint_with_more_options_than_the_order_allows_is_refused() -> None:
    # order 2: a cell, a value or a line's symbol has at most 4 options
    args = arguments(2, [[0]] * 5, 1)
    for call in (
        lambda: module().count(*args, EVERY_BIT, never),
        lambda: module().covers(*args, never),
    ):
        with pytest.raises(ValueError, match="constraint 0 is done by more than 4 options"):
            call()
    assert module().count(*arguments(2, [[0]] * 4, 1), EVERY_BIT, never) == 4
    assert module().count(*arguments(2, [[0, 0]] * 4, 1), EVERY_BIT, never) == 4  # named twice


# --- random exact-cover matrices ---------------------------------------------------------------


def brute_force(does: list[list[int]], constraints: int) -> set[tuple[int, ...]]:
    """Every set of options doing each constraint exactly once: the first constraint not done
    yet, by each option that does it and nothing done (no propagation, no ordering)."""
    found: set[tuple[int, ...]] = set()

    def extend(chosen: tuple[int, ...], done: frozenset[int]) -> None:
        if len(done) == constraints:
            found.add(tuple(sorted(chosen)))
            return
        first = min(set(range(constraints)) - done)
        for o, d in enumerate(does):
            if first in d and not done & set(d):
                extend((*chosen, o), done | set(d))

    extend((), frozenset())
    return found


def python_search(n: int, does: list[list[int]], constraints: int) -> tuple[int, list[list[int]]]:
    """The Python search's count (without symmetry) and listing of the same matrix."""
    numbering = exact._Numbering(
        n,
        tuple(range(len(does))),
        tuple(tuple(sorted(set(d))) for d in does),
        constraints,
        tuple(range(len(does))),
        EVERY_BIT,
    )
    p = exact._problem(numbering, never)
    listing = [[o for o in range(len(does)) if cover >> o & 1] for cover in exact._covers(p, never)]
    return exact._count(p, never), listing


@st.composite
def exact_covers(draw: st.DrawFn) -> tuple[int, list[list[int]], int]:
    """An order 1-3, up to 20 options doing non-empty sets of up to 12 constraints, and the
    number of constraints: covers planted (partitions of the constraints, down to singletons,
    so that a cover can be deeper than a square of the order), then options at random."""
    n = draw(st.integers(1, 3))
    constraints = draw(st.integers(0, min(12, 6 * n * n + 4 * n)))
    most = min(20, n**4)
    does: list[list[int]] = []
    for _ in range(draw(st.integers(0, 3)) if constraints else 0):
        labels = st.integers(0, draw(st.integers(0, constraints)))
        blocks = draw(st.lists(labels, min_size=constraints, max_size=constraints))
        does += [[c for c in range(constraints) if blocks[c] == b] for b in sorted(set(blocks))]
    if constraints:
        some = st.sets(st.integers(0, constraints - 1), min_size=1, max_size=3).map(sorted)
        does += draw(st.lists(some, max_size=max(0, most - len(does))))
    return n, draw(st.permutations(does))[:most], constraints


def widest(does: list[list[int]], constraints: int) -> int:
    """The most options doing one constraint."""
    return max((sum(c in d for d in does) for c in range(constraints)), default=0)


def agrees_with_brute_force_and_python(case: tuple[int, list[list[int]], int]) -> None:
    n, does, constraints = case
    args = arguments(n, does, constraints)
    if widest(does, constraints) > n * n:  # more than a cell's values: refused
        with pytest.raises(ValueError, match="more than"):
            module().count(*args, EVERY_BIT, never)
        with pytest.raises(ValueError, match="more than"):
            module().covers(*args, never)
        return
    expected = brute_force(does, constraints)
    assert module().count(*args, EVERY_BIT, never) == len(expected)
    search = module().covers(*args, never)
    listed = [sorted(cover) for cover in module().more(search, 10_000)]
    assert module().more(search, 1) == []
    assert {tuple(c) for c in listed} == expected and len(listed) == len(expected)
    count, python_listing = python_search(n, does, constraints)
    assert count == len(expected)
    assert listed == python_listing  # the same covers in the same order


@settings(max_examples=200, deadline=None)
@given(exact_covers())
def test_random_matrices_against_brute_force_and_python(
    case: tuple[int, list[list[int]], int],
) -> None:
    agrees_with_brute_force_and_python(case)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@given(exact_covers())
def test_sweep_random_matrices_against_brute_force_and_python(
    case: tuple[int, list[list[int]], int],
) -> None:
    agrees_with_brute_force_and_python(case)


def test_deep_and_wide_matrices() -> None:
    """Matrices deeper than a square of their order (each of eight constraints a choice of its
    own: 256 covers eight options deep at order 2) and ten forced options before a choice: their
    search once ran past its buffers."""
    deep = arguments(2, [[o // 2] for o in range(16)], 8)
    assert module().count(*deep, EVERY_BIT, never) == 256
    covers = module().more(module().covers(*deep, never), 1000)
    assert len(covers) == 256 and covers[0] == [0, 2, 4, 6, 8, 10, 12, 14]
    forced = arguments(2, [[o] for o in range(10)] + [[10], [10]], 11)
    listed = module().more(module().covers(*forced, never), 10)
    assert listed == [[*range(10), 10], [*range(10), 11]]


def test_counts_up_to_128_bits() -> None:
    """Order 5: k constraints of two options each, every option in one class (no marks): 2**k
    covers, counted one option a node; past 128 bits an OverflowError."""
    for k, expected in [(64, 2**64), (100, 2**100), (127, 2**127)]:
        args = arguments(5, [[o // 2] for o in range(2 * k)], k)
        assert module().count(*args[:5], bytes(16 * k), 0, never) == expected
    args = arguments(5, [[o // 2] for o in range(300)], 150)
    with pytest.raises(OverflowError, match="128 bits"):
        module().count(*args[:5], bytes(8 * 300), 0, never)


# --- partial squares ---------------------------------------------------------------------------


@st.composite
def partial_squares(draw: st.DrawFn) -> tuple[Square, Rules]:
    """Cells of a relabelled finished square of order 1-7 (order 6: of two Latin squares that
    are not orthogonal), with or without the diagonals, and sometimes a card dealt at random;
    orders 6 and 7 keep enough cells for the Python search to finish quickly."""
    n = draw(st.integers(1, 7))
    rules = Rules(order=n, diagonals=draw(st.booleans()))
    if n in (2, 6):
        grid = [n * ((r + c) % n) + (r - c) % n for r in range(n) for c in range(n)]
    else:
        grid = list(graeco_latin_square(n).values)
    rows, columns = draw(st.permutations(range(n))), draw(st.permutations(range(n)))
    firsts, seconds = draw(st.permutations(range(n))), draw(st.permutations(range(n)))
    values = [-1] * (n * n)
    for r, c in itertools.product(range(n), range(n)):
        a, b = divmod(grid[n * r + c], n)
        values[n * rows[r] + columns[c]] = n * firsts[a] + seconds[b]
    # Orders 2 and 6: a value stands more than once, and only its first cell may be kept. The
    # givens are drawn from those cells, so that orders 6 and 7 really keep `fewest` of them (an
    # order-6 square left nearly empty is Euler's problem, hours for the Python search).
    firsts_at = {v: cell for cell, v in reversed(list(enumerate(values)))}
    fewest = {6: 10, 7: 24}.get(n, 0)
    keep = draw(st.sets(st.sampled_from(sorted(firsts_at.values())), min_size=fewest))
    values = [v if cell in keep else -1 for cell, v in enumerate(values)]
    unused = [v for v in range(n * n) if v not in values]
    if draw(st.booleans()) and unused:  # one more card, that may break the rules
        values[values.index(-1)] = draw(st.sampled_from(unused))
    square = Square.from_values(values, n)
    return square, rules


def within(seconds: float, case: object) -> Callable[[], None]:
    """A check that fails the test, naming the case, once `seconds` have passed: a case too big
    for the Python search is a defect of the strategy, and must not hold the run for hours."""
    deadline = time.monotonic() + seconds

    def check() -> None:
        if time.monotonic() > deadline:
            raise AssertionError(f"the searches took over {seconds} s on\n{case}")

    return check


def agrees_with_the_python_search(case: tuple[Square, Rules]) -> None:
    square, rules = case
    check = within(60, square)
    numbering = exact._numbering(square, rules, check)
    if numbering is None:
        return
    p = exact._problem(numbering, check)
    args = exact._matrix_arguments(numbering)
    assert module().count(*args, numbering.touched, check) == exact._count(p, check)
    listed = module().more(module().covers(*args, check), 200)
    python = itertools.islice(exact._covers(p, check), 200)
    assert [sorted(c) for c in listed] == [
        [o for o in range(len(p.options)) if c >> o & 1] for c in python
    ]


@settings(max_examples=80, deadline=None)
@given(partial_squares())
def test_partial_squares_against_the_python_search(case: tuple[Square, Rules]) -> None:
    agrees_with_the_python_search(case)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(partial_squares())
def test_sweep_partial_squares_against_the_python_search(case: tuple[Square, Rules]) -> None:
    agrees_with_the_python_search(case)


# --- threads, re-entry and the check -----------------------------------------------------------


def order5() -> Matrix:
    numbering = exact._numbering(Square.empty(5), Rules(order=5, diagonals=True), never)
    assert numbering is not None
    return exact._matrix_arguments(numbering)


def test_one_search_asked_from_two_threads() -> None:
    """Each thread gets covers or, while the other one searches, a refusal; together they get
    every cover once."""
    numbering = exact._numbering(Square.empty(4), Rules(), never)
    assert numbering is not None
    args = exact._matrix_arguments(numbering)  # 6,912 covers
    search = module().covers(*args, never)
    got: list[list[int]] = []
    errors: list[BaseException] = []

    def ask() -> None:
        try:
            while True:
                try:
                    found = module().more(search, 50)
                except ValueError as error:
                    if "already running" not in str(error):
                        raise
                    time.sleep(0.001)  # (a thread that spins holds the lock the search needs)
                    continue
                got.extend(found)
                if len(found) < 50:
                    return
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    everything = module().more(module().covers(*args, never), 10_000)
    assert len(everything) == 6_912
    assert sorted(got) == sorted(everything)


def test_many_counts_in_threads_agree() -> None:
    args = order5()
    answers: list[int] = []
    threads = [
        threading.Thread(target=lambda: answers.append(module().count(*args, 0, never)))
        for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [57_600] * 4


def test_the_check_may_do_anything() -> None:
    """A check that counts, lists, drops the caller's references or raises anything: the search
    answers or stops with the check's exception."""
    args = order5()
    numbering = exact._numbering(Square.empty(4), Rules(diagonals=True), never)
    assert numbering is not None
    outer = exact._matrix_arguments(numbering)  # 1,152 covers, counted one by one
    calls = [0]

    def busy() -> None:
        calls[0] += 1
        module().count(*args, 0, never)
        inner = module().covers(*args, never)
        assert len(module().more(inner, 3)) == 3

    assert module().count(*outer, EVERY_BIT, busy) == 1_152
    assert calls[0] > 1_152 // 32

    class Stop(BaseException):
        pass

    def stop() -> None:
        raise Stop

    for call in (
        lambda: module().count(*outer, EVERY_BIT, stop),
        lambda: module().more(module().covers(*args, stop), 10**9),
    ):
        with pytest.raises(Stop):
            call()
    holder: dict[str, object] = {}

    def drop() -> None:
        holder.clear()  # the last reference but the one the call holds

    holder["search"] = module().covers(*args, drop)
    assert len(module().more(holder["search"], 100)) == 100
    assert holder == {}


def test_more_wants_a_search_and_room() -> None:
    search = module().covers(*order5(), never)
    for bad, error in [
        ((search,), TypeError),
        ((search, 0), ValueError),
        ((search, -5), ValueError),
        ((search, 2**70), OverflowError),
        ((search, "1"), TypeError),
        ((object(), 1), TypeError),
        ((None, 1), TypeError),
    ]:
        with pytest.raises(error):
            module().more(*bad)
    assert len(module().more(search, sys.maxsize)) == 57_600


# --- leaks -------------------------------------------------------------------------------------


def resident() -> int:
    """This process's resident memory in bytes (Linux), else 0."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * 4096
    except OSError:
        return 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
@pytest.mark.skipif(
    "asan" in os.environ.get("LD_PRELOAD", ""), reason="AddressSanitizer holds freed memory back"
)
def test_counts_and_listings_do_not_leak() -> None:
    """2,000 counts and partial listings (and refusals) leave the resident memory flat: each
    call allocates about 100 KB in C, so a leak would show as 200 MB."""
    numbering = exact._numbering(Square.from_values([0, 6] + [-1] * 23, 5), Rules(order=5), never)
    assert numbering is not None
    args = exact._matrix_arguments(numbering)

    def stop() -> None:
        raise KeyError("stop")

    def rounds(k: int) -> None:
        for _ in range(k):
            assert module().count(*args, numbering.touched, never) > 0
            search = module().covers(*args, never)
            assert len(module().more(search, 3)) == 3
            with pytest.raises(KeyError):
                module().more(module().covers(*args, stop), 10**6)
            with pytest.raises(ValueError):
                module().count(*args[:3], args[3][:-4], *args[4:], 0, never)

    rounds(200)
    before = resident()
    rounds(2_000)
    assert resident() - before < 20 * 2**20
