"""The transversals and the orthogonal mates of every species to order 7, against the published
numbers, against the census of the reduced squares, and the compiled counts against Python's.

Published numbers: the Latin squares of each order (OEIS A002860), the species (A003090), the
most and the fewest transversals (A090741, A091323), how many different numbers of transversals
a square of order n can have (A309344, with the list for order 7), and the mates of the cyclic
square of odd order up to renaming symbols (A091261: 1, 3, 635, 2049219 for orders 3, 5, 7, 9).
"""

from __future__ import annotations

import json
import math
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.cli import main
from officers.core.errors import NotLatinSquareError, SolverTimeoutError, UnsupportedError
from officers.latin.canonical import CONJUGATES, autotopisms, conjugate
from officers.latin.order6 import mate_census
from officers.latin.orthogonal import (
    are_orthogonal,
    cell_stabiliser,
    count_mates,
    count_orthogonal_mates,
    count_transversals,
    has_orthogonal_mate,
    mate_table,
    mates_module,
    orthogonal_mates,
    species_mates,
    transversals,
)
from officers.latin.random import random_latin_square
from officers.latin.squares import LatinSquare, cyclic_square
from tests.helpers import assert_valid

LATIN_SQUARES = (1, 2, 12, 576, 161280, 812851200, 61479419904000)  # A002860
SPECIES = (1, 1, 1, 2, 2, 12, 147)  # A003090
MOST_TRANSVERSALS = (1, 0, 3, 8, 15, 32, 133)  # A090741
FEWEST_TRANSVERSALS = (1, 0, 3, 0, 3, 0, 3)  # A091323
TRANSVERSAL_SPECTRUM_SIZES = (1, 1, 1, 2, 2, 4, 36)  # A309344
# A309344's example: the numbers of transversals a Latin square of order 7 can have
SPECTRUM_7 = (
    3, 7, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
    31, 32, 33, 34, 36, 37, 41, 43, 45, 47, 55, 63, 133,
)  # fmt: skip
CYCLIC_MATES = {1: 1, 3: 1, 5: 3, 7: 635}  # A091261 (9: 2049219, in the compiled tests)


def dancing_links_mates(square: LatinSquare) -> int:
    """The mates counted by another exact cover solver: the C dancing links of the
    ``exact_cover`` package, over the transversals that ``transversals`` lists."""
    np = pytest.importorskip("numpy")
    exact_cover = pytest.importorskip("exact_cover")
    n = len(square)
    found = list(transversals(square))
    if not found:
        return 0
    matrix = np.zeros((len(found), n * n), dtype=np.int32)
    for i, t in enumerate(found):
        for r, c in enumerate(t):
            matrix[i, n * r + c] = 1
    return int(exact_cover.get_solution_count(matrix))


def elementary(p: int, k: int) -> LatinSquare:
    """The table of the elementary abelian group of order p**k (digits added mod p)."""
    n = p**k

    def add(a: int, b: int) -> int:
        total, place = 0, 1
        for _ in range(k):
            total += ((a // place + b // place) % p) * place
            place *= p
        return total

    return tuple(tuple(add(a, b) for b in range(n)) for a in range(n))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_species_tables_agree_with_published_counts(n: int) -> None:
    table = mate_table(n)
    assert len(table.species) == SPECIES[n - 1]
    assert table.squares == LATIN_SQUARES[n - 1]
    counts = table.transversal_counts
    assert (max(counts), min(counts)) == (MOST_TRANSVERSALS[n - 1], FEWEST_TRANSVERSALS[n - 1])
    assert len(counts) == TRANSVERSAL_SPECTRUM_SIZES[n - 1]


def test_order_7_every_species() -> None:
    """The 147 species of order 7 (half a second to list): the published spectrum of
    transversals, the squares summed to A002860, and the mates: six species have one."""
    table = mate_table(7)
    assert len(table.species) == 147
    assert table.squares == LATIN_SQUARES[6]
    assert table.transversal_counts == SPECTRUM_7
    with_mates = sorted((s.transversals, s.mates) for s in table.species if s.mates)
    assert with_mates == [(23, 2), (25, 3), (30, 1), (33, 2), (63, 8), (133, 635)]
    assert table.bachelors == 141
    assert table.with_mate == 641_317_824_000
    assert table.share == Fraction(5891, 564736)
    assert table.mates == sum(s.size * s.mates for s in table.species)
    # independent counts of every species with a mate and of every tenth without: in Python,
    # without symmetry, and by another exact cover solver (dancing links, in C)
    for k, s in enumerate(table.species):
        if s.mates or k % 10 == 0:
            assert count_mates(s.form, compiled=False, symmetry=False).mates == s.mates
            assert dancing_links_mates(s.form) == s.mates


@pytest.mark.parametrize("n", [3, 4, 5])
def test_species_sums_match_the_census_of_reduced_squares(n: int) -> None:
    """Each reduced square stands for n!(n-1)! Latin squares with as many mates: the species,
    weighted by their sizes, give the census's totals (officers.latin.order6)."""
    census = mate_census(n)
    table = mate_table(n)
    per_reduced = math.factorial(n) * math.factorial(n - 1)
    assert table.mates == per_reduced * census.mates
    assert table.with_mate == per_reduced * census.with_mates


@pytest.mark.parametrize(("n", "mates"), sorted(CYCLIC_MATES.items()))
def test_cyclic_squares_of_odd_order(n: int, mates: int) -> None:
    count = count_mates(cyclic_square(n))
    assert count.mates == mates
    assert count_orthogonal_mates(cyclic_square(n), as_squares=True) == mates * math.factorial(n)
    assert count_mates(cyclic_square(n), compiled=False).mates == mates


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_cyclic_squares_of_even_order_have_no_transversal(n: int) -> None:
    count = count_mates(cyclic_square(n))
    assert (count.transversals, count.mates) == (0, 0)


def test_the_elementary_abelian_group_of_order_4_and_8() -> None:
    assert count_mates(elementary(2, 2)).mates == 2
    assert count_transversals(elementary(2, 3)) == 384  # A090741(8)
    eight = count_mates(elementary(2, 3))
    assert eight.mates == count_mates(elementary(2, 3), symmetry=False).mates


def z4_z2() -> LatinSquare:
    """The table of Z4 x Z2 (pairs added, numbered 2a + b)."""
    return tuple(
        tuple(((a // 2 + b // 2) % 4) * 2 + (a % 2 + b % 2) % 2 for b in range(8)) for a in range(8)
    )


@pytest.mark.parametrize(
    ("square", "mates"),
    [
        (elementary(2, 3), 70272),
        (z4_z2(), 23040),
        (random_latin_square(8, seed=89), 1),
        (random_latin_square(8, seed=167), 5),
        (random_latin_square(8, seed=0), 0),
    ],
    ids=["Z2^3", "Z4xZ2", "random 89", "random 167", "random 0"],
)
def test_order_8_squares_agree_with_dancing_links(square: LatinSquare, mates: int) -> None:
    assert count_mates(square).mates == mates
    assert dancing_links_mates(square) == mates


@pytest.mark.parametrize(
    "square",
    [cyclic_square(n) for n in range(1, 10)] + [elementary(2, 2), elementary(3, 2)],
    ids=[f"Z{n}" for n in range(1, 10)] + ["Z2^2", "Z3^2"],
)
def test_a_cells_stabiliser_times_the_cells_is_the_group_of_a_group_table(
    square: LatinSquare,
) -> None:
    """A group's table: its autotopisms move any cell to any other, so those fixing one cell
    number autotopisms / n**2; each is an autotopism that fixes the cell."""
    n = len(square)
    found = cell_stabiliser(square, (0, 0))
    assert len(found) * n * n == autotopisms(square)
    assert len(set(found)) == len(found)
    for rows, columns, symbols in found:
        assert rows[0] == 0 and columns[0] == 0
        for r in range(n):
            for c in range(n):
                assert square[rows[r]][columns[c]] == symbols[square[r][c]]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 7), st.integers(0, 2**32))
def test_compiled_and_python_counts_agree(n: int, seed: int) -> None:
    square = random_latin_square(n, seed=seed)
    python = count_mates(square, compiled=False, symmetry=False)
    assert python.transversals == len(list(transversals(square)))
    assert count_mates(square, compiled=False).mates == python.mates
    assert count_mates(square).mates == python.mates
    assert count_mates(square, symmetry=False).mates == python.mates
    assert count_transversals(square) == python.transversals
    assert has_orthogonal_mate(square) == (python.mates > 0)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 7), st.integers(0, 2**32))
def test_the_counts_are_the_same_for_every_conjugate(n: int, seed: int) -> None:
    """A transversal is n triples (row, column, symbol) differing in every place: the six
    conjugates have the same transversals and mates, as the species table assumes."""
    square = random_latin_square(n, seed=seed)
    count = count_mates(square)
    for places in CONJUGATES:
        other = count_mates(conjugate(square, places))
        assert (other.transversals, other.mates) == (count.transversals, count.mates)


def test_a_symmetric_square_uses_its_transpose() -> None:
    """Z2^3 is its own transpose: its 48 transversals through a cell fall in one orbit of the
    autotopisms and transposing maps that fix the cell."""
    count = count_mates(elementary(2, 3))
    assert count.firsts == 1
    assert count.mates == 70272 == count_mates(elementary(2, 3), symmetry=False).mates
    assert count_mates(elementary(2, 3), compiled=False).mates == 70272


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**32), st.integers(0, 4))
def test_mates_listed_are_the_mates_counted(n: int, seed: int, cell: int) -> None:
    square = random_latin_square(n, seed=seed)
    mates = list(orthogonal_mates(square))
    assert all(are_orthogonal(square, mate) for mate in mates)
    assert len(set(mates)) == len(mates) == count_orthogonal_mates(square)
    found = cell_stabiliser(square, (cell % n, 0))
    assert all(rows[cell % n] == cell % n and columns[0] == 0 for rows, columns, _ in found)


def test_species_mates_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    rows = species_mates(4, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]
    assert [s.symmetries for s in rows] == [576, 192]


def test_a_time_limit_stops_a_long_count() -> None:
    with pytest.raises(SolverTimeoutError, match="orthogonal mates"):
        count_mates(elementary(3, 2), time_limit=0.01, compiled=False)
    if mates_module() is not None:
        with pytest.raises(SolverTimeoutError, match="at least"):
            count_mates(cyclic_square(9), time_limit=0.01)
    with pytest.raises(SolverTimeoutError, match="order 6 ran out of time"):
        species_mates(6, time_limit=1e-6)  # listing the species alone takes longer
    with pytest.raises(SolverTimeoutError, match="1 of 12 species counted"):  # then counting
        species_mates(6, time_limit=3.0, progress=lambda done, _: time.sleep(3.0 * (done == 1)))


def test_bad_input_is_refused_quoting_it() -> None:
    with pytest.raises(NotLatinSquareError, match=r"\(\(0, 1\), \(0, 1\)\)"):
        count_mates(((0, 1), (0, 1)))
    with pytest.raises(NotLatinSquareError):
        count_transversals("01/10")  # type: ignore[arg-type]
    for order in (0, 8, True, "7"):
        with pytest.raises(UnsupportedError, match=f"orders 1-7, got {order!r}"):
            species_mates(order)  # type: ignore[arg-type]


def test_cli_mates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["latin", "mates", "01234/12340/23401/34012/40123", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["transversals"], data["mates"], data["mates_as_squares"]) == (15, 3, 360)
    assert main(["latin", "mates", "01234/12340/23401/34012/40123"]) == 0
    assert "orthogonal mates up to renaming their symbols: 3" in capsys.readouterr().out
    assert main(["latin", "mates", "01/11"]) == 2
    assert "row 2 holds 1 twice" in capsys.readouterr().err


def test_cli_mate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["latin", "classes", "4", "--mates", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["share"] == "1/4" and data["species_count"] == 2
    assert_valid(data)
    assert [s["mates"] for s in data["species"]] == [2, 0]
    assert main(["latin", "classes", "5", "--mates"]) == 0
    assert "Latin squares with a mate: 17,280 of 161,280 (3/28" in capsys.readouterr().out
