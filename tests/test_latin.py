"""Latin squares, transversals, orthogonal mates and the order-6 census, held to known counts."""

from __future__ import annotations

import ast
import importlib
import itertools
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import Rules, Square
from officers.core.errors import NotationError, NotLatinSquareError, SolverTimeoutError
from officers.euler.solve import backtrack
from officers.euler.solve.construct import graeco_latin, graeco_latin_square, layers
from officers.euler.solve.verify import is_finished
from officers.latin import (
    are_orthogonal,
    count_latin_squares,
    count_orthogonal_mates,
    count_transversals,
    cyclic_square,
    has_orthogonal_mate,
    latin_square,
    latin_squares,
    mate_census,
    orthogonal_mates,
    prove_order_6,
    transversals,
)

# TAOCP 7.2.2.1, square (a) (also in Volume 4 Fascicle 0): 808 transversals
KNUTH_A = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
    (1, 8, 3, 2, 5, 4, 7, 6, 9, 0),
    (2, 9, 5, 6, 3, 0, 8, 4, 7, 1),
    (3, 7, 0, 9, 8, 6, 1, 5, 2, 4),
    (4, 6, 7, 5, 2, 9, 0, 8, 1, 3),
    (5, 0, 9, 4, 7, 8, 3, 1, 6, 2),
    (6, 5, 4, 7, 1, 3, 2, 9, 0, 8),
    (7, 4, 1, 8, 0, 2, 9, 3, 5, 6),
    (8, 3, 6, 0, 9, 1, 5, 2, 4, 7),
    (9, 2, 8, 1, 6, 7, 4, 0, 3, 5),
)


def brute_transversals(square: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """Every permutation of the columns whose cells hold n different symbols."""
    n = len(square)
    return [
        p for p in itertools.permutations(range(n)) if len({square[r][p[r]] for r in range(n)}) == n
    ]


def brute_mates(square: tuple[tuple[int, ...], ...]) -> int:
    """Latin squares with first row 0..n-1 orthogonal to the square, by listing all of them."""
    n = len(square)
    return sum(
        1
        for other in latin_squares(n)
        if other[0] == tuple(range(n)) and are_orthogonal(square, other)
    )


def test_cyclic_squares_have_a006717_transversals() -> None:
    # OEIS A006717 (odd orders 1, 3, ..., 11): 1, 3, 15, 133, 2025, 37851
    assert [count_transversals(cyclic_square(n)) for n in (1, 3, 5, 7, 9, 11)] == [
        1,
        3,
        15,
        133,
        2025,
        37851,
    ]
    assert [sum(1 for _ in transversals(cyclic_square(n))) for n in (1, 3, 5, 7)] == [
        1,
        3,
        15,
        133,
    ]


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_even_cyclic_squares_have_no_transversal(n: int) -> None:
    assert count_transversals(cyclic_square(n)) == 0
    assert not has_orthogonal_mate(cyclic_square(n))


def test_knuth_square_a() -> None:
    found = list(transversals(KNUTH_A))
    assert len(found) == count_transversals(KNUTH_A) == 808
    assert len(set(found)) == 808
    mates = list(orthogonal_mates(KNUTH_A))
    assert len(mates) == 1  # as the C dancing links count it (tests/oracles.py matrix form)
    (mate,) = mates
    assert mate[0] == tuple(range(10))
    assert is_finished(graeco_latin(KNUTH_A, mate))


# The mate printed beside square (a) in TAOCP Volume 4 Fascicle 0 (section 7.2.2.1).
KNUTH_A_MATE = (
    (0, 2, 8, 5, 9, 4, 7, 3, 6, 1),
    (1, 7, 4, 9, 3, 6, 5, 0, 2, 8),
    (2, 5, 6, 4, 8, 7, 0, 1, 9, 3),
    (3, 6, 9, 0, 4, 5, 8, 2, 1, 7),
    (4, 8, 1, 7, 5, 3, 6, 9, 0, 2),
    (5, 1, 7, 8, 0, 2, 9, 4, 3, 6),
    (6, 9, 0, 2, 7, 1, 3, 8, 4, 5),
    (7, 3, 5, 1, 2, 0, 4, 6, 8, 9),
    (8, 0, 2, 3, 6, 9, 1, 7, 5, 4),
    (9, 4, 3, 6, 1, 8, 2, 5, 7, 0),
)


def test_knuth_square_a_published_figures() -> None:
    """The published mate is the one mate found (up to renaming its symbols), and the
    published transversal 0859734216 (the symbols read column by column) is one of the 808."""
    (mate,) = orthogonal_mates(KNUTH_A)
    rename = {symbol: k for k, symbol in enumerate(KNUTH_A_MATE[0])}
    assert tuple(tuple(rename[s] for s in row) for row in KNUTH_A_MATE) == mate
    symbols = [int(digit) for digit in "0859734216"]
    column_of_row = {[row[c] for row in KNUTH_A].index(s): c for c, s in enumerate(symbols)}
    assert tuple(column_of_row[r] for r in range(10)) in set(transversals(KNUTH_A))


def test_knuth_square_a_mates_agree_with_c_dancing_links() -> None:
    np = pytest.importorskip("numpy")
    exact_cover = pytest.importorskip("exact_cover")
    found = list(transversals(KNUTH_A))
    matrix = np.zeros((len(found), 100), dtype=np.int32)
    for i, t in enumerate(found):
        for r, c in enumerate(t):
            matrix[i, 10 * r + c] = 1
    assert exact_cover.get_solution_count(matrix) == count_orthogonal_mates(KNUTH_A)


squares_by_order = {n: list(latin_squares(n)) for n in (1, 2, 3, 4)}


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([3, 4]), st.data())
def test_agrees_with_brute_force(n: int, data: st.DataObject) -> None:
    square = data.draw(st.sampled_from(squares_by_order[n]))
    assert sorted(transversals(square)) == brute_transversals(square)
    assert count_transversals(square) == len(brute_transversals(square))
    assert count_orthogonal_mates(square) == brute_mates(square)
    for mate in orthogonal_mates(square):
        assert are_orthogonal(square, mate)


def test_latin_square_counts_two_ways() -> None:
    # OEIS A002860 and A000315
    assert [sum(1 for _ in latin_squares(n)) for n in range(1, 5)] == [1, 2, 12, 576]
    assert [count_latin_squares(n) for n in range(1, 6)] == [1, 2, 12, 576, 161280]
    reduced = [1, 1, 1, 4, 56, 9408]
    assert [count_latin_squares(n, reduced=True) for n in range(1, 7)] == reduced
    assert [mate_census(n).squares for n in range(1, 7)] == reduced
    # plain listing with the first row fixed, times n!: a second count at order 5
    first_row = sum(1 for s in latin_squares(5) if s[0] == (0, 1, 2, 3, 4))
    assert first_row * math.factorial(5) == 161280


def test_orthogonal_pairs_two_ways() -> None:
    pairs = [mate_census(n).orthogonal_pairs() for n in range(1, 7)]
    assert pairs == [1, 0, 72, 6912, 6_220_800, 0]
    # the same by summing the mates over every Latin square (orders 1-4) ...
    for n in range(1, 5):
        total = sum(count_orthogonal_mates(s) for s in latin_squares(n)) * math.factorial(n)
        assert total == pairs[n - 1]
    # ... and by the independent backtracker of full squares
    for n in (3, 4):
        assert backtrack.count_finished(Rules(order=n)) == pairs[n - 1]


def test_order_6_proof() -> None:
    proof = prove_order_6()
    assert proof.squares == 9408
    assert proof.transversal_counts == ((0, 2100), (8, 7020), (24, 108), (32, 180))
    assert proof.with_mates == proof.mates == 0
    assert "no graeco-latin square of order 6 exists" in proof.summary()
    assert proof.seconds < 30


def test_census_counts_agree_with_the_mates_of_each_square() -> None:
    census = mate_census(5)
    reduced = list(latin_squares(5, reduced=True))
    assert census.mates == sum(count_orthogonal_mates(s) for s in reduced)
    assert census.with_mates == sum(has_orthogonal_mate(s) for s in reduced)
    counts: dict[int, int] = {}
    for s in reduced:
        counts[count_transversals(s)] = counts.get(count_transversals(s), 0) + 1
    assert census.transversal_counts == tuple(sorted(counts.items()))


def test_layers_round_trip() -> None:
    square = Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH")
    first, second = layers(square)
    assert are_orthogonal(first, second)
    assert graeco_latin(first, second) == square


@pytest.mark.parametrize(
    "rows",
    [[], [[0, 1], [1]], [[0, 1], [0, 1]], [[0, 2], [2, 0]], [[0, 0], [1, 1]], "ab", [[True]]],
)
def test_bad_latin_squares_are_refused_with_the_input_quoted(rows: object) -> None:
    with pytest.raises(NotLatinSquareError, match="not a Latin square") as caught:
        latin_square(rows)  # type: ignore[arg-type]
    assert not isinstance(caught.value, NotationError)  # rows of ints are not text
    assert isinstance(caught.value, ValueError)


def test_a_long_bad_latin_square_is_quoted_in_part() -> None:
    rows = [list(range(40)) for _ in range(40)]
    with pytest.raises(NotLatinSquareError, match=r"\.\.\.: column 1 holds 0 twice"):
        latin_square(rows)


def test_layers_refuses_a_partial_square() -> None:
    with pytest.raises(NotLatinSquareError, match="not full"):
        layers(Square("AS3/4/4/4"))


def test_time_limit() -> None:
    with pytest.raises(SolverTimeoutError, match="so far"):
        count_orthogonal_mates(cyclic_square(9), time_limit=0.05)
    with pytest.raises(SolverTimeoutError):
        mate_census(6, time_limit=0.0)


# --- the package ---------------------------------------------------------------------------------


def test_the_package_gives_each_public_name_from_its_module() -> None:
    from officers import latin

    assert set(latin._LAZY) == set(latin.__all__)
    for name, module in latin._LAZY.items():
        home = importlib.import_module(module)
        assert name in home.__all__, name
        assert getattr(latin, name) is getattr(home, name), name
    assert set(latin.__all__) <= set(dir(latin))
    with pytest.raises(AttributeError, match="no_such_name"):
        latin.no_such_name  # noqa: B018


def test_the_type_checkers_see_the_packages_names() -> None:
    from officers import latin

    source = Path(latin.__file__).read_text(encoding="utf-8")
    checking = next(
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    seen = {
        alias.name: node.module
        for node in checking.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("officers")
        for alias in node.names
    }
    assert seen == latin._LAZY


def test_importing_the_package_loads_none_of_its_modules() -> None:
    # a game that needs one function of it does not load the census (dataclasses) or the rest
    probe = "import officers.latin, sys; print(' '.join(m for m in sys.modules if 'officers' in m))"
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=root
    )
    loaded = set(done.stdout.split())
    assert loaded == {"officers", "officers.core", "officers.core.moved", "officers.latin"}


def test_the_names_of_officers_are_those_of_their_homes() -> None:
    import officers
    from officers import latin
    from officers.euler.solve import construct

    for name in ("transversals", "orthogonal_mates", "prove_order_6", "MateCensus"):
        assert getattr(officers, name) is getattr(latin, name), name
    assert officers.layers is construct.layers
    assert officers.graeco_latin_square is construct.graeco_latin_square


# --- the facade: the empty square by the census and the constructions ---------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_the_census_counts_agree_with_the_backtracker(n: int) -> None:
    from officers import count_completions
    from officers.euler.solve import chosen_method

    empty = Square.empty(n)
    assert chosen_method(empty) == "census"
    by_census = count_completions(empty)
    assert by_census == count_completions(empty, method="backtrack")
    assert by_census == mate_census(n).orthogonal_pairs()


def test_the_facade_answers_order_6_by_the_proof() -> None:
    from officers import completions, count_completions, is_completable

    empty = Square.empty(6)
    assert count_completions(empty) == 0
    assert is_completable(empty) is False
    assert next(completions(empty), None) is None


@pytest.mark.parametrize("n", range(1, 13))
def test_is_completable_on_the_empty_square(n: int) -> None:
    from officers import completions, is_completable

    empty = Square.empty(n)
    assert is_completable(empty) is (n not in (2, 6))
    first = next(completions(empty), None)
    assert (first is not None) is (n not in (2, 6))
    if first is not None:
        assert is_finished(first)
        if n != 4:  # the index lists order 4 in lexicographic order
            assert first == graeco_latin_square(n)


def test_completions_of_the_empty_square_continue_past_the_construction() -> None:
    from officers import completions

    found = list(itertools.islice(completions(Square.empty(3)), 100))
    assert len(found) == len(set(found)) == 72
    assert found[0] == graeco_latin_square(3)


def test_an_explicit_method_or_the_diagonals_keep_the_search() -> None:
    from officers import count_completions
    from officers.euler.solve import chosen_method

    assert chosen_method(Square.empty(5), method="backtrack") == "backtrack"
    assert count_completions(Square.empty(5), Rules(order=5, diagonals=True)) == 57600
    assert chosen_method(Square.empty(5), Rules(order=5, diagonals=True)) == "backtrack"
