"""The completion index and the enumeration of finished squares (order 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers import Rules, Square, UnsupportedError, finished_squares
from officers.euler.solve import index as index_module
from officers.euler.solve.index import (
    HEADER,
    CompletionIndex,
    compute_tables,
    compute_values,
    pack,
    packed_path,
)
from officers.euler.solve.verify import is_finished
from tests.helpers import BOTH, IDS
from tests.strategies import finished_parts, partial_squares


@pytest.mark.parametrize(("rules", "expected"), [(BOTH[0], 6912), (BOTH[1], 1152)], ids=IDS)
def test_finished_squares(rules: Rules, expected: int) -> None:
    squares = finished_squares(rules)
    assert len(squares) == expected
    values = [square.values for square in squares]
    assert values == sorted(values), "documented order: lexicographic by values"
    assert len(set(values)) == expected
    assert all(is_finished(square, diagonals=rules.diagonals) for square in squares)
    assert all(rules.is_finished(square) for square in squares)


def test_diagonal_squares_are_a_subset() -> None:
    plain = set(finished_squares(BOTH[0]))
    diagonal = set(finished_squares(BOTH[1]))
    assert diagonal <= plain
    assert diagonal == {square for square in plain if is_finished(square, diagonals=True)}


def test_closed_under_the_symmetries() -> None:
    # Transposing, and swapping ranks with suits, map finished squares to finished squares.
    for rules in BOTH:
        squares = set(finished_squares(rules))
        for square in squares:
            v = square.values
            transposed = Square.from_values([v[4 * (c % 4) + c // 4] for c in range(16)])
            swapped = Square.from_values([4 * (x % 4) + x // 4 for x in v])
            assert transposed in squares and swapped in squares


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
@given(square=st.one_of(partial_squares(), finished_parts()))
def test_index_matches_filtering(rules: Rules, square: Square) -> None:
    index = CompletionIndex.get(rules)
    placed = [(cell, value) for cell, value in enumerate(square.values) if value != -1]
    expected = [s for s in index.squares if all(s.values[c] == v for c, v in placed)]
    assert list(index.completions(square)) == expected
    assert index.count(square) == len(expected)
    assert index.is_completable(square) == bool(expected)


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
@given(square=st.one_of(partial_squares(), finished_parts()))
def test_safe_placements_match_the_definition(rules: Rules, square: Square) -> None:
    index = CompletionIndex.get(rules)
    safe = index.safe_placements(square)
    expected = {}
    for cell in square.empty_cells():
        for value in range(16):
            if value not in square:
                left = index.count(square.place(cell, value))
                if left:
                    expected[(cell, value)] = left
    assert safe == expected
    assert list(safe) == sorted(safe)


def test_index_is_shared_and_reports_its_cost() -> None:
    assert CompletionIndex.get(Rules()) is CompletionIndex.get(Rules())
    stats = CompletionIndex.get(Rules(diagonals=True)).stats()
    assert stats.squares == 1152 and stats.build_seconds > 0
    assert stats.table_bytes >= 256 * 1152 // 8


def test_index_is_for_order_4_only() -> None:
    with pytest.raises(UnsupportedError, match="order 4 only"):
        CompletionIndex(Rules(order=5))


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_the_packed_file_holds_the_computation(rules: Rules) -> None:
    loaded = CompletionIndex(rules)  # a new index, read from the packed file
    values = compute_values(rules.diagonals, cache=False)
    assert loaded.values == values
    assert loaded.table == compute_tables(values)
    with open(packed_path(rules.diagonals), "rb") as file:
        assert pack(rules.diagonals)[: HEADER.size] == file.read(HEADER.size)


@pytest.mark.parametrize("damage", ["missing", "truncated", "flipped"])
def test_without_a_sound_packed_file_the_index_computes(
    damage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open(packed_path(False), "rb") as file:
        data = file.read()
    broken = tmp_path / "finished-4.bin"
    if damage == "truncated":
        broken.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":
        broken.write_bytes(data[:100] + bytes([data[100] ^ 0xFF]) + data[101:])
    monkeypatch.setattr(index_module, "packed_path", lambda diagonals: str(broken))
    index = CompletionIndex(Rules())
    values = compute_values(False, cache=False)
    assert index.values == values
    assert index.table == compute_tables(values)
    assert index.count(Square("AC3/1JS2/1AH1QD/4")) == 1


def test_building_leaves_the_garbage_collector_as_it_was() -> None:
    import gc

    enabled = gc.isenabled()
    gc.freeze()  # a program that froze its objects (before a fork, say) keeps them frozen
    try:
        frozen = gc.get_freeze_count()
        squares = CompletionIndex(Rules(diagonals=True)).squares
        assert gc.get_freeze_count() == frozen and gc.isenabled() == enabled
    finally:
        gc.unfreeze()
    squares = CompletionIndex(Rules(diagonals=True)).squares  # the usual case: nothing frozen
    assert gc.get_freeze_count() == 0 and gc.isenabled() == enabled
    assert [s.values for s in squares] == list(compute_values(True, cache=False))
    assert all(gc.is_tracked(square) for square in squares[:10])


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_the_index_squares_are_squares_like_any_other(rules: Rules) -> None:
    """The index makes its squares from the packed file's bytes and reads their values only when
    asked: each square still equals, hashes and pickles like the square parsed from its
    notation, before and after its values are read, and in sets and dictionaries with both."""
    import pickle

    index = CompletionIndex(rules)  # a new index: none of its squares' values read yet
    squares = index.squares
    values = compute_values(rules.diagonals, cache=False)
    assert len(squares) == len(index) == len(values)
    parsed = [Square(square.notation()) for square in squares[::97]]  # reads those squares' values
    fresh = CompletionIndex(rules).squares
    for square, other in zip(fresh[::97], parsed, strict=True):
        assert square == other and other == square and hash(square) == hash(other)
        assert {square: 1}[other] == 1
    assert fresh[0] != fresh[1] and fresh[1] != Square(fresh[0].notation())
    assert fresh[0] != Square.empty(4) and Square.empty(4) != fresh[5]
    again = CompletionIndex(rules).squares
    assert again[3] == fresh[3] and hash(again[3]) == hash(fresh[3])  # both unread
    assert pickle.loads(pickle.dumps(again[7])) == again[7]
    assert [square.values for square in squares] == list(values)
    assert all(type(value) is int for value in squares[-1].values)
    assert index.values == values  # made from the same bytes
    assert len(set(squares) | set(parsed)) == len(squares)
