"""Facts about the solvers that mutation testing showed no other test pinned down."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import pytest

from officers import Rules, SolverTimeoutError, Square, UnsupportedError
from officers.euler.solve import BACKENDS, backtrack, chosen_method, completions, is_completable
from officers.euler.solve import index as index_module
from officers.euler.solve.index import CompletionIndex, compute_tables, compute_values
from officers.euler.solve.verify import is_finished


@pytest.mark.parametrize(("diagonals", "count"), [(False, 6912), (True, 1152)])
def test_the_index_is_built_on_first_use(
    monkeypatch: pytest.MonkeyPatch, diagonals: bool, count: int
) -> None:
    # A process that has not built the index yet: of() builds it, and keeps it.
    monkeypatch.setattr(CompletionIndex, "_cache", {})
    index = CompletionIndex.of(diagonals)
    assert len(index) == count
    assert index.rules == Rules(diagonals=diagonals)
    assert CompletionIndex.of(diagonals) is index
    assert CompletionIndex.get(Rules(diagonals=diagonals)) is index


def test_is_completable_at_order_4_by_the_index() -> None:
    assert is_completable(Square("AC3/1JS2/1AH1QD/4")) is True
    assert is_completable(Square("AS1KS1/4/4/4")) is False  # breaks the rule
    assert is_completable(Square("AS3/4/3QS/1JH2")) is False  # keeps it, but is dead
    assert is_completable(Square("AS3/4/4/4"), Rules(diagonals=True)) is True


def test_empty_squares_by_the_census_and_the_constructions() -> None:
    # Graeco-latin squares exist at every order but 2 and 6 (Euler, Tarry; Bose, Shrikhande, Parker).
    assert [is_completable(Square.empty(n)) for n in range(1, 11)] == [
        n not in (2, 6) for n in range(1, 11)
    ]


def test_the_backends_by_name() -> None:
    assert repr(BACKENDS) == "BACKENDS"
    assert chosen_method(Square.empty(5), question="completions") == "construction"
    assert chosen_method(Square.empty(4), question="completions") == "index"


def test_completions_of_the_empty_square_start_with_the_construction_and_never_repeat() -> None:
    from officers.euler.solve.construct import graeco_latin_square

    first = list(itertools.islice(completions(Square.empty(5)), 4))
    assert first[0] == graeco_latin_square(5)
    assert len(set(first)) == 4
    assert all(is_finished(square) for square in first)


@pytest.mark.parametrize(
    ("order", "shown"),
    [(9, "'9/9/9/9/9/9/9/9/9'"), (27, "a square of order 27 with 0 cells filled")],
)
def test_the_backtracker_says_what_it_knew_when_time_ran_out(order: int, shown: str) -> None:
    with pytest.raises(SolverTimeoutError) as caught:
        backtrack.is_completable(Square.empty(order), Rules(order=order), time_limit=0.001)
    assert str(caught.value) == (
        f"unknown: the backtracker ran out of time after 0.001 s on {shown} (rows and columns): "
        "no completion found yet"
    )


def test_the_stream_says_what_it_knew_when_time_ran_out() -> None:
    with pytest.raises(SolverTimeoutError) as caught:
        next(backtrack.cover_completions(Square.empty(9), Rules(order=9), time_limit=0.001))
    prefix = "unknown: the backtracker ran out of time after 0.001 s on '9/9/9/9/9/9/9/9/9' "
    assert str(caught.value) in (
        prefix + "(rows and columns): 0 completions yielded so far",
        prefix + "(rows and columns): before the search began",
    )


# --- the independent check -----------------------------------------------------------------


def test_the_check_refuses_a_square_that_is_not_full() -> None:
    assert is_finished(Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH"))
    assert not is_finished(Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS 1"))
    assert not is_finished(Square.empty(3))


@pytest.mark.parametrize("diagonals", [False, True])
def test_the_check_reads_the_rows_as_well_as_the_columns(diagonals: bool) -> None:
    # Two cards of one column swapped: every column still holds each rank and suit once, two
    # rows now hold a rank (or a suit) twice.
    finished = Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH")
    assert is_finished(finished, diagonals=diagonals)
    values = list(finished.values)
    values[0], values[4] = values[4], values[0]
    swapped = Square.from_values(values)
    assert not is_finished(swapped, diagonals=diagonals)
    # and the other way round: the rows hold every rank and suit, two columns do not
    transposed = [values[4 * column + row] for row in range(4) for column in range(4)]
    assert not is_finished(Square.from_values(transposed), diagonals=diagonals)


# --- the completion index, built in this process -------------------------------------------
# The index of a process is built once and kept; these tests build new ones, so that what the
# building does is seen.


@pytest.mark.parametrize(("diagonals", "count"), [(False, 6912), (True, 1152)])
def test_a_new_index_is_read_from_the_packed_file_alone(
    monkeypatch: pytest.MonkeyPatch, diagonals: bool, count: int
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the packed file is sound: nothing is computed")

    expected_table = compute_tables(compute_values(diagonals))
    monkeypatch.setattr(index_module, "compute_values", refuse)
    monkeypatch.setattr(index_module, "compute_tables", refuse)
    before = time.perf_counter()
    index = CompletionIndex(Rules(diagonals=diagonals))
    elapsed = time.perf_counter() - before
    assert 0 < index.build_seconds <= elapsed
    assert len(index) == count
    assert index.table == expected_table
    assert index.count(Square.empty(4)) == count
    assert index.mask(Square.empty(4)).bit_count() == count
    assert len(index.squares) == count
    assert [square.values for square in index.squares] == list(index.values)
    assert all(is_finished(square, diagonals=diagonals) for square in index.squares[::97])


def test_a_new_index_for_another_order_says_which_methods_serve() -> None:
    with pytest.raises(UnsupportedError) as caught:
        CompletionIndex(Rules(order=5))
    assert str(caught.value) == (
        "the completion index exists for order 4 only, not for Rules(order=5, diagonals=False): "
        "use method='backtrack' or method='cpsat'"
    )


def test_the_values_are_computed_once_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_module, "_VALUES_CACHE", {})
    fresh = compute_values(True, cache=False)
    assert len(fresh) == 1152 == len(set(fresh))
    first = compute_values(True)
    assert first == fresh
    assert compute_values(True) is first
    assert compute_values(True, cache=False) is not first


def test_building_the_squares_leaves_the_collector_on_and_frozen_objects_frozen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    assert gc.isenabled()
    monkeypatch.setattr(CompletionIndex, "_cache", {})
    assert len(CompletionIndex(Rules(diagonals=True)).squares) == 1152
    assert gc.isenabled()
    gc.freeze()
    try:
        assert len(CompletionIndex(Rules(diagonals=True)).squares) == 1152
        assert gc.get_freeze_count() > 0 and gc.isenabled()
    finally:
        gc.unfreeze()


def test_the_memory_the_index_reports() -> None:
    index = CompletionIndex.of(True)
    stats = index.stats()
    assert stats.squares == 1152
    assert stats.table_bytes == sum(t.__sizeof__() for t in index.table) + index.table.__sizeof__()
    assert stats.total_bytes >= stats.table_bytes


def test_index_stats_are_a_value() -> None:
    from officers.euler.solve.index import IndexStats

    stats = IndexStats(1152, 0.5, 36864, 50000)
    assert (stats.squares, stats.build_seconds, stats.table_bytes, stats.total_bytes) == (
        1152,
        0.5,
        36864,
        50000,
    )
    assert stats == IndexStats(1152, 0.5, 36864, 50000) != IndexStats(1152, 0.5, 36864, 50001)
    assert (stats == (1152, 0.5, 36864, 50000)) is False
    assert hash(stats) == hash(IndexStats(1152, 0.5, 36864, 50000))
    assert repr(stats) == (
        "IndexStats(squares=1152, build_seconds=0.5, table_bytes=36864, total_bytes=50000)"
    )
    with pytest.raises(AttributeError, match="cannot assign to field 'squares'"):
        stats.squares = 1
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(stats)) == stats == copy.deepcopy(stats)  # 0.3: both failed
    match stats:
        case IndexStats(squares, seconds):
            assert (squares, seconds) == (1152, 0.5)


def test_having_is_the_bitset_of_one_placement() -> None:
    from officers import Card

    index = CompletionIndex.of(False)
    ace = int(Card.parse("AS"))
    having = index.having(0, ace)
    assert having.bit_count() == 6912 // 16
    assert having == index.mask(Square("AS3/4/4/4"))
    assert [s for s in index.members(having)] == list(index.completions(Square("AS3/4/4/4")))
    assert index.having(1, int(Card.parse("AH"))) & having == 0  # two aces in row 1
    assert index.having(5, int(Card.parse("AH"))) & having == index.mask(Square("AS3/1AH2/4/4"))
    assert repr(BACKENDS["index"]) == "INDEX"


# --- the facade and the census of mates -------------------------------------------------------


def test_small_orders_are_answered_by_the_census() -> None:
    from officers.euler.solve import CENSUS_ORDERS

    small = range(1, CENSUS_ORDERS + 1)
    for question in ("is_completable", "count"):
        assert {chosen_method(Square.empty(n), question=question) for n in small} == {"census"}
    assert chosen_method(Square.empty(CENSUS_ORDERS + 1), question="is_completable") == (
        "construction"
    )


def test_the_census_of_mates_counts_the_graeco_latin_squares() -> None:
    from officers.latin import mate_census

    census = mate_census(4)
    # every graeco-latin square of order 4 is an ordered pair of orthogonal Latin squares
    assert census.orthogonal_pairs() == len(CompletionIndex.of(False)) == 6912
    assert census.summary() == (
        "order 4: 4 reduced Latin squares examined\n"
        "transversals: 0 in 3 squares, 8 in 1 square\n"
        "every cell on some transversal: 1 square\n"
        "with an orthogonal mate: 1 square (2 mates up to renaming symbols)\n"
        "ordered pairs of orthogonal Latin squares: 6912"
    )


# --- what a search says when its time runs out ------------------------------------------------


def test_the_stream_counts_the_completions_it_yielded_before_time_ran_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from officers.euler.solve.construct import graeco_latin_square
    from officers.euler.square import EMPTY

    class Clock:  # the search's clock: it stands still until told to run (no real time used)
        now, step = 0.0, 0.0

        @classmethod
        def monotonic(cls) -> float:
            cls.now += cls.step
            return cls.now

    monkeypatch.setattr(backtrack, "time", Clock)
    # Five rows of seven left empty: far more completions than are taken here.
    finished = graeco_latin_square(7)
    values = [EMPTY if cell < 35 else value for cell, value in enumerate(finished.values)]
    square = Square.from_values(values, order=7)
    stream = backtrack.completions(square, Rules(order=7), time_limit=1.0)
    yielded = [next(stream) for _ in range(3)]
    Clock.step = 10.0  # from now on every look at the clock finds 10 s gone
    with pytest.raises(SolverTimeoutError) as caught:
        yielded += list(stream)
    assert len(yielded) >= 3 and all(is_finished(s) for s in yielded)
    assert str(caught.value).endswith(
        f": {len(yielded)} completion{'s' * (len(yielded) != 1)} yielded so far"
    )


def test_the_exact_cover_count_says_it_was_not_finished() -> None:
    with pytest.raises(SolverTimeoutError) as caught:
        backtrack.cover_count(Square.empty(7), Rules(order=7), time_limit=0.05)
    assert str(caught.value) == (
        "unknown: the backtracker ran out of time after 0.05 s on '7/7/7/7/7/7/7' "
        "(rows and columns): the count by exact cover was not finished"
    )


def test_counting_the_finished_squares_keeps_its_time_limit() -> None:
    with pytest.raises(SolverTimeoutError) as caught:
        backtrack.count_finished(Rules(order=6), time_limit=0.05)
    assert str(caught.value).startswith(
        "unknown: the backtracker ran out of time after 0.05 s on '6/6/6/6/6/6' (rows and columns): "
        "at least "
    )


# --- constructions and Latin squares ---------------------------------------------------------


@pytest.mark.parametrize("order", [30, 50, 66, 70])
def test_constructions_of_orders_2_mod_4_by_an_odd_factor(order: int) -> None:
    from officers.euler.solve.construct import graeco_latin_square

    square = graeco_latin_square(order)
    assert square.order == order and is_finished(square)


@pytest.mark.parametrize(
    ("rows", "why"),
    [
        ([[0, 1], [1]], "row 2 has 1 entries, expected 2"),
        ([[0, True], [1, 0]], "True in row 1 is not one of 0-1"),
        ([[0, 1], [1, 2]], "2 in row 2 is not one of 0-1"),
    ],
)
def test_each_refusal_of_a_latin_square_says_why(rows: list[list[int]], why: str) -> None:
    from officers.core.errors import NotLatinSquareError
    from officers.latin import latin_square

    with pytest.raises(NotLatinSquareError) as caught:
        latin_square(rows)
    assert str(caught.value) == f"not a Latin square {rows!r}: {why}"


def test_squares_that_are_not_orthogonal_are_not_paired() -> None:
    from officers.core.errors import NotLatinSquareError
    from officers.euler.solve.construct import graeco_latin

    with pytest.raises(NotLatinSquareError) as caught:
        graeco_latin([[0, 1], [1, 0]], [[1, 0], [0, 1]])
    assert str(caught.value) == (
        "cannot pair [[0, 1], [1, 0]] with [[1, 0], [0, 1]]: they are not orthogonal "
        "Latin squares of one order"
    )


def test_finished_squares_by_the_backtracker_are_the_index() -> None:
    from officers.euler.solve import finished_squares

    assert finished_squares(method="backtrack") == finished_squares() == finished_squares(Rules())
    with pytest.raises(SolverTimeoutError):
        finished_squares(Rules(order=5), time_limit=0.05)


def test_a_count_out_of_time_says_how_many_it_found() -> None:
    import re

    with pytest.raises(SolverTimeoutError) as caught:
        backtrack.count(Square.empty(7), Rules(order=7), time_limit=0.05)
    found = re.search(r": at least (\d+) completion(s?) found$", str(caught.value))
    assert found is not None
    assert (found.group(2) == "s") == (found.group(1) != "1")


def test_cpsat_refuses_what_it_cannot_read_or_hold() -> None:
    from officers import NotationError, UnsupportedError
    from officers.euler.solve import cpsat

    with pytest.raises(NotationError) as caught:
        cpsat.count("AC3/4/4/4", Rules())  # type: ignore[arg-type]
    assert str(caught.value) == "expected a Square, got 'AC3/4/4/4'"
    with pytest.raises(UnsupportedError) as refused:
        cpsat.count(Square.empty(100), Rules(order=100))
    assert str(refused.value) == (
        "CP-SAT would need up to 100,000,000 variables for a square of order 100 with 0 cells "
        "filled (at most 1,000,000): fill more cells or use another method"
    )


def test_the_index_of_another_order_is_refused_when_order_4_is_kept() -> None:
    assert CompletionIndex.get(Rules()) is CompletionIndex.of(False)
    assert CompletionIndex.get(Rules(diagonals=True)) is CompletionIndex.of(True)
    for rules in (Rules(order=5), Rules(order=3, diagonals=True)):
        with pytest.raises(UnsupportedError, match="order 4 only"):
            CompletionIndex.get(rules)


def test_the_facade_refuses_rules_of_another_order() -> None:
    from officers.euler.solve import count_completions, safe_placements

    def first(square: Square, rules: Rules) -> Square:
        return next(completions(square, rules))

    asks: list[Callable[[Square, Rules], object]] = [
        count_completions,
        is_completable,
        safe_placements,
        first,
    ]
    for ask in asks:
        with pytest.raises(UnsupportedError) as caught:
            ask(Square(), Rules(order=5))
        assert str(caught.value) == (
            "rules of order 5 cannot judge a square of order 4 (Square('4/4/4/4'))"
        )


# --- the exact cover -------------------------------------------------------------------------


# A finished square of order 5 that keeps the diagonals too.
DIAGONAL_5 = "AaCbBcDdEe/BdDeEaAbCc/EbAcCdBeDa/CeBaDbEcAd/DcEdAeCaBb"


def _cells_of_a_finished_square(rules: Rules, keep: int, seed: int) -> Square:
    """``keep`` cells of a finished square of the rules, its symbols (and without the diagonals
    its rows and columns) relabelled at random, seeded: a partial square with completions, few
    of its lines and symbols touched."""
    import random

    from officers.euler.solve.construct import graeco_latin_square

    n, rng = rules.order, random.Random(seed)
    if rules.diagonals:
        finished = Square.parse(DIAGONAL_5, order=5)
        rows = columns = list(range(n))
    else:
        finished = graeco_latin_square(n)
        rows, columns = rng.sample(range(n), n), rng.sample(range(n), n)
    firsts, seconds = rng.sample(range(n), n), rng.sample(range(n), n)
    grid = [-1] * (n * n)
    for r in range(n):
        for c in range(n):
            a, b = divmod(finished.values[n * r + c], n)
            grid[n * rows[r] + columns[c]] = n * firsts[a] + seconds[b]
    cells = set(rng.sample(range(n * n), keep))
    return Square.from_values([v if cell in cells else -1 for cell, v in enumerate(grid)], n)


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(order=5), Rules(order=5, diagonals=True)], ids=str
)
def test_the_exact_cover_counts_few_givens_as_dancing_links_does(rules: Rules) -> None:
    # Two to five givens leave free lines and symbols of every kind, in every mixture: each
    # class of symmetric options must hold options of one kind only (a class that mixes two
    # kinds miscounts, on a few squares in a hundred), and the diagonals leave no line free.
    import oracles
    from officers.euler.solve import exact

    assert is_finished(Square.parse(DIAGONAL_5, order=5), diagonals=True)
    # Two givens at order 5 have up to 15,552 completions, slow for dancing links: three at least.
    fewest = 3 if rules == Rules(order=5) else 2
    for seed in range(200 if rules == Rules(order=5) else 30):
        square = _cells_of_a_finished_square(rules, fewest + seed % (6 - fewest), seed)
        known = oracles.dlx_count(square, rules)
        assert exact.count_completions(square, rules) == known, square
        if seed < 30 and known < 2000:
            assert exact.count_completions(square, rules, symmetry=False) == known, square


def test_the_exact_cover_takes_order_14_and_refuses_order_15() -> None:
    from officers.euler.solve import exact
    from officers.euler.solve.construct import graeco_latin_square

    finished = graeco_latin_square(14)
    square = Square.from_values([-1, -1, *finished.values[2:]], 14)
    assert exact.count_completions(square, Rules(order=14)) == 1
    assert list(exact.completions(square, Rules(order=14))) == [finished]
    with pytest.raises(UnsupportedError) as caught:
        exact.count_completions(Square.empty(15), Rules(order=15))
    assert str(caught.value) == (
        "the exact cover takes squares up to order 14, not 15 (its matrix grows as the order to "
        "the fourth power): use CP-SAT, or a construction for an empty square"
    )
