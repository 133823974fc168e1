"""Sets of k MOLS of small order up to equivalence (officers.latin.mols_classes).

The facts held here come from outside the classification: the number of Latin squares and of
ordered pairs of orthogonal Latin squares (the census of reduced squares, officers.latin.order6);
the affine planes of prime-power order q <= 7, unique, whose group is AGammaL(2, q), so that the
sets of k MOLS inside a plane are its (k + 2)-subsets of the q + 1 parallel classes, and the
classes of them sum, as q**2 |GammaL(2, q)| / |Aut|, to C(q + 1, k + 2); Tarry's order 6;
canonical forms unchanged by random paratopies; classes told apart by an independent
isomorphism test (networkx's VF2).
"""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.cli import main
from officers.core.errors import (
    InvalidArgumentError,
    NotLatinSquareError,
    SolverTimeoutError,
    UnsupportedError,
)
from officers.latin.canonical import species_form
from officers.latin.listing import enumerate_classes
from officers.latin.mols_classes import (
    MolsCensus,
    _common_mates,
    _mate,
    classify_mols,
    mols_automorphisms,
    mols_classes,
    mols_form,
)
from officers.latin.mutually_orthogonal import mols
from officers.latin.order6 import mate_census
from officers.latin.squares import LatinSquare
from tests.helpers import assert_valid

pytest.importorskip("pynauty")

LATIN_SQUARES = (1, 2, 12, 576, 161280, 812851200, 61479419904000)  # OEIS A002860

CENSUS: dict[int, MolsCensus] = {}


def census(n: int) -> MolsCensus:
    if n not in CENSUS:
        CENSUS[n] = mols_classes(n)
    return CENSUS[n]


def collineations(q: int) -> int:
    """The order of AGammaL(2, q), the group of the affine plane of order q (q <= 8 here)."""
    field = {2: 1, 3: 1, 4: 2, 5: 1, 7: 1, 8: 3}[q]
    return q * q * (q * q - 1) * (q * q - q) * field


@pytest.mark.parametrize("n", range(1, 8))
def test_level_one_is_the_species(n: int) -> None:
    first = census(n).levels[0]
    assert first.k == 1
    assert first.sets == LATIN_SQUARES[n - 1]
    assert [c.squares[0] for c in first.classes] == [s.form for s in enumerate_classes(n).species]


@pytest.mark.parametrize("n", range(3, 6))
def test_pairs_are_the_census_of_reduced_squares(n: int) -> None:
    assert census(n).levels[1].sets == mate_census(n).orthogonal_pairs()


def test_order_6_has_no_pair_and_order_2_none() -> None:
    assert [len(level.classes) for level in census(6).levels] == [12]
    assert census(6).levels[0].maximal == 12
    assert [len(level.classes) for level in census(2).levels] == [1]


def _extends_to_a_plane(squares: tuple[LatinSquare, ...]) -> bool:
    """Whether some chain of common mates leads from ``squares`` to n - 1 MOLS."""
    n = len(squares[0])
    if len(squares) >= n - 1:
        return True
    _, partitions = _common_mates(squares, None)
    return any(_extends_to_a_plane((*squares, _mate(p, n))) for p in partitions)


@pytest.mark.parametrize("q", [3, 4, 5, 7])
def test_the_affine_plane_and_its_subsets(q: int) -> None:
    levels = census(q).levels
    assert [level.k for level in levels] == list(range(1, q))
    complete = levels[-1]
    assert len(complete.classes) == 1
    assert complete.classes[0].automorphisms == collineations(q)
    assert mols_automorphisms(mols(q - 1, q)) == collineations(q)
    for level in levels:
        # every automorphism of a set inside the plane is a collineation's, at these orders
        inside = [c for c in level.classes if _extends_to_a_plane(c.squares)]
        orbits = sum(collineations(q) // c.automorphisms for c in inside)
        assert orbits == math.comb(q + 1, level.k + 2), level.k


def test_order_7() -> None:
    levels = census(7).levels
    assert [(len(level.classes), level.maximal) for level in levels] == [
        (147, 141),
        (7, 5),
        (1, 0),
        (1, 0),
        (1, 0),
        (1, 1),
    ]


def test_two_processes_and_progress_bars_give_the_same_classes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    again = mols_classes(enumerate_classes(7), jobs=2, progress=True)
    assert again.levels == census(7).levels
    assert "order 7, 2 MOLS" in capsys.readouterr().err


def test_the_affine_planes_of_orders_8_9_13_and_16() -> None:
    # the last two past the invariants' budget: nauty from the plain colours
    assert mols_automorphisms(mols(7, 8)) == collineations(8)
    assert mols_automorphisms(mols(8, 9)) == 81 * 80 * 72 * 2
    assert mols_automorphisms(mols(12, 13)) == 169 * 168 * 156
    assert mols_automorphisms(mols(15, 16)) == 256 * 255 * 240 * 4
    moved = _paratope(mols(12, 13), random.Random(3))
    assert mols_form(moved) == mols_form(mols(12, 13))


def _paratope(squares: tuple[LatinSquare, ...], rng: random.Random) -> list[list[list[int]]]:
    n = len(squares[0])
    points = [(r, c, *(s[r][c] for s in squares)) for r in range(n) for c in range(n)]
    width = len(points[0])
    names = [rng.sample(range(n), n) for _ in range(width)]
    roles = rng.sample(range(width), width)
    moved = [tuple(names[j][p[j]] for j in roles) for p in points]
    grids = [[[0] * n for _ in range(n)] for _ in range(width - 2)]
    for p in moved:
        for i in range(2, width):
            grids[i - 2][p[0]][p[1]] = p[i]
    return grids


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([5, 7]), st.integers(0, 10), st.randoms(use_true_random=False))
def test_the_form_is_the_same_for_every_paratope(n: int, pick: int, rng: random.Random) -> None:
    classes = [c for level in census(n).levels[1:] for c in level.classes]
    chosen = classes[pick % len(classes)]
    moved = _paratope(chosen.squares, rng)
    assert mols_form(moved) == chosen.squares
    assert mols_automorphisms(moved) == chosen.automorphisms


def _species_of_parts(squares: tuple[LatinSquare, ...]) -> list[LatinSquare]:
    """The species of the squares made by every three of the k + 2 coordinates."""
    n = len(squares[0])
    points = [(r, c, *(s[r][c] for s in squares)) for r in range(n) for c in range(n)]
    found = []
    for a, b, c in itertools.combinations(range(len(points[0])), 3):
        grid = [[0] * n for _ in range(n)]
        for p in points:
            grid[p[a]][p[b]] = p[c]
        found.append(species_form(grid))
    return sorted(found)


@pytest.mark.slow
def test_the_pairs_of_order_7_are_not_equivalent() -> None:
    networkx = pytest.importorskip("networkx")
    from networkx.algorithms import isomorphism

    def graph(squares: tuple[LatinSquare, ...]) -> object:
        n = len(squares[0])
        g = networkx.Graph()
        for r in range(n):
            for c in range(n):
                g.add_node(("p", r, c), kind=0)
                for j, v in enumerate((r, c, *(s[r][c] for s in squares))):
                    g.add_node(("v", j, v), kind=1)
                    g.add_node(("j", j), kind=2)
                    g.add_edge(("p", r, c), ("v", j, v))
                    g.add_edge(("v", j, v), ("j", j))
        return g

    classes = census(7).levels[1].classes
    for first, second in itertools.combinations(classes, 2):
        if _species_of_parts(first.squares) != _species_of_parts(second.squares):
            continue
        matcher = isomorphism.GraphMatcher(
            graph(first.squares), graph(second.squares), node_match=lambda x, y: x == y
        )
        assert not matcher.is_isomorphic()


def test_bad_input_is_refused() -> None:
    with pytest.raises(UnsupportedError, match="orders 1 to 8, not 9"):
        mols_classes(9)
    with pytest.raises(InvalidArgumentError, match="'7'"):
        mols_classes("7")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="up_to"):
        mols_classes(4, up_to=0)
    with pytest.raises(InvalidArgumentError, match="squares 1 and 2 are not orthogonal"):
        mols_form([[[0, 1], [1, 0]], [[0, 1], [1, 0]]])
    with pytest.raises(InvalidArgumentError, match="at least one Latin square to classify"):
        mols_form([])
    with pytest.raises(NotLatinSquareError):
        mols_automorphisms([[[0, 0], [1, 1]]])
    with pytest.raises(UnsupportedError, match="order 16"):
        mols_form([[[(r + c) % 17 for c in range(17)] for r in range(17)]])


def test_time_limit_and_up_to() -> None:
    with pytest.raises(SolverTimeoutError, match=r"ran out of time|within 0\.01 s"):
        mols_classes(enumerate_classes(7), time_limit=0.01)
    assert [level.k for level in mols_classes(7, up_to=2).levels] == [1, 2]


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["latin", "species", "5", "--mols", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert_valid(data)
    assert [(x["k"], x["count"], x["maximal"]) for x in data["levels"]] == [
        (1, 2, 1),
        (2, 1, 0),
        (3, 1, 0),
        (4, 1, 1),
    ]
    assert data["levels"][-1]["classes"][0]["automorphisms"] == collineations(5)
    assert main(["latin", "classes", "4", "--mols", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "3  1  1  165,888" in out
    assert main(["latin", "classes", "4", "--mols", "--mates"]) == 2
    assert "--mols or --mates" in capsys.readouterr().err
    assert main(["latin", "classes", "4", "--mols", "--count"]) == 2
    assert "--mols lists the species" in capsys.readouterr().err


def test_the_door_and_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.contract import handle

    moved = _paratope(mols(2, 7), random.Random(5))
    answer = handle({"op": "latin/mols-classify", "squares": moved})
    assert_valid(answer)
    assert answer["form"] == [[list(r) for r in s] for s in mols_form(mols(2, 7))]
    assert answer["automorphisms"] == mols_automorphisms(mols(2, 7))
    assert answer["size"] * answer["automorphisms"] == math.factorial(7) ** 4 * 24
    refused = handle({"op": "latin/mols-classify", "squares": [[[0, 1], [1, 0]]] * 2})
    assert refused["kind"] == "error" and "not orthogonal" in refused["message"]
    text = "\n\n".join("\n".join(" ".join(map(str, row)) for row in s) for s in mols(3, 4))
    assert main(["latin", "mols-classify", text]) == 0
    out = capsys.readouterr().out
    assert f"automorphisms: {collineations(4):,}" in out
    assert "ordered 3-tuples of MOLS): 165,888" in out
    assert main(["latin", "mols-classify", text, "--json"]) == 0
    assert_valid(json.loads(capsys.readouterr().out))
    assert main(["latin", "mols-classify", "0 1\n1 0\n\n0 1\n1 0"]) == 2
    assert "not orthogonal" in capsys.readouterr().err


def test_the_subsets_of_the_plane_of_order_8() -> None:
    # PGammaL(2, 8) acts on the 9 directions 3-transitively and with one orbit on their 4-sets
    # (a cross-ratio and its images fill GF(8) \ {0, 1}): every choice of k + 2 directions of
    # AG(2, 8) is one class for k = 1, 2, 4, 5, 6, 7 (and their complements for 3), and every
    # automorphism of a choice of four or more is a collineation's
    plane = mols(7, 8)
    points = [(r, c, *(s[r][c] for s in plane)) for r in range(8) for c in range(8)]
    for width in (3, 4, 5, 6):
        forms = set()
        for chosen in itertools.combinations(range(9), width):
            grids = [[[0] * 8 for _ in range(8)] for _ in range(width - 2)]
            for p in points:
                for i in range(2, width):
                    grids[i - 2][p[chosen[0]]][p[chosen[1]]] = p[chosen[i]]
            forms.add(mols_form(grids))
        assert len(forms) == 1, width
        (form,) = forms
        if width >= 4:
            assert mols_automorphisms(form) * math.comb(9, width) == collineations(8)
    assert mols_automorphisms(mols(1, 8)) != collineations(8) // math.comb(9, 3)


def test_order_1_counts_its_groups_exactly() -> None:
    # one cell is its own mate: a set of any size, whose group permutes the k + 2 coordinates
    form, group = classify_mols([[[0]]] * 17)
    assert group == math.factorial(19) and form == (((0,),),) * 17
    assert [
        c.automorphisms for level in mols_classes(1, up_to=4).levels for c in level.classes
    ] == [
        6,
        24,
        120,
        720,
    ]
    with pytest.raises(InvalidArgumentError, match="1 to 64"):
        mols_classes(1, up_to=65)
