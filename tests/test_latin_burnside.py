"""The classes of Latin squares counted by Burnside's lemma (officers.latin.burnside): the
published counts (OEIS A040082, A003090, A057991), the listings of officers.latin.canonical, the
pure-Python count against the compiled one, and each fixed count against the squares that a
brute force over every Latin square finds fixed."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, SolverTimeoutError, UnsupportedError
from officers.latin import autotopism_accel, burnside
from officers.latin.burnside import (
    MAX_BURNSIDE_ORDER,
    Element,
    _autotopism,
    _jobs,
    _rotation,
    _transposition,
    burnside_terms,
    count_classes,
    count_fixed,
    cycle_types,
)
from officers.latin.canonical import (
    ISOTOPY_CLASSES,
    SPECIES,
    count_isotopy_classes,
    count_species,
)
from officers.latin.count import count_latin

QUASIGROUPS = (1, 1, 5, 35, 1411, 1130531, 12198455835, 2697818331680661)
"""Quasigroups of orders 1 .. 8 up to isomorphism (OEIS A057991)."""

compiled = pytest.mark.skipif(
    autotopism_accel.module() is None, reason="officers.latin._autotopism is not built"
)


def _all_squares(n: int) -> list[frozenset[int]]:
    """Every Latin square of order n, as its set of triples r n^2 + c n + s (a plain
    backtracking, cell by cell)."""
    found: list[frozenset[int]] = []
    grid = [[-1] * n for _ in range(n)]

    def fill(cell: int) -> None:
        if cell == n * n:
            found.append(
                frozenset(r * n * n + c * n + grid[r][c] for r in range(n) for c in range(n))
            )
            return
        r, c = divmod(cell, n)
        for s in range(n):
            if s not in grid[r] and all(grid[k][c] != s for k in range(r)):
                grid[r][c] = s
                fill(cell + 1)
                grid[r][c] = -1

    fill(0)
    return found


def _brute_fixed(n: int, image: list[int], squares: list[frozenset[int]]) -> int:
    return sum(1 for square in squares if frozenset(image[t] for t in square) == square)


@pytest.mark.parametrize("n", [*range(1, 7), pytest.param(7, marks=compiled)])
def test_the_published_counts(n: int) -> None:  # order 7: minutes in pure Python
    assert count_classes(n) == ISOTOPY_CLASSES[n - 1]
    assert count_classes(n, "species") == SPECIES[n - 1]
    assert count_classes(n, "isomorphism") == QUASIGROUPS[n - 1]


@pytest.mark.parametrize("n", range(1, 7))
def test_the_listings_agree(n: int) -> None:
    assert count_classes(n) == count_isotopy_classes(n)
    assert count_classes(n, "species") == count_species(n)


@pytest.mark.parametrize("n", range(1, 7))
def test_pure_python_and_compiled_agree_term_by_term(n: int) -> None:
    fast = burnside_terms(n, "species", jobs=2)
    slow = burnside_terms(n, "species", compiled=False)
    assert fast == slow
    assert count_classes(n, "species", compiled=False) == SPECIES[n - 1]


@pytest.mark.parametrize("n", range(1, 5))
def test_each_fixed_count_is_the_brute_forces(n: int) -> None:
    squares = _all_squares(n)
    assert len(squares) == count_latin(n).squares

    for kind, types, _, element in _jobs(n, "species"):  # every class of paratopisms
        if element is None:
            continue
        expected = _brute_fixed(n, element.image, squares)
        assert count_fixed(n, element) == expected, (kind, types)
        assert count_fixed(n, element, compiled=False) == expected, (kind, types)


@pytest.mark.parametrize("n", range(1, 7))
def test_the_terms_count_every_group_element(n: int) -> None:
    f = math.factorial(n)
    orders = {"isotopy": f**3, "species": 6 * f**3, "isomorphism": f}
    for kind, order in orders.items():
        terms = burnside_terms(n, kind)
        assert sum(t.elements for t in terms) == order
        assert terms[0].fixed == count_latin(n).squares  # the identity's: every square
        assert all(t.fixed >= 0 for t in terms)


def test_burnsides_sum_over_the_whole_group_of_order_3() -> None:
    # every paratopism of order 3 (6 * 6^3), applied to the 12 squares one by one: the orbits
    # (species) by the lemma, and the fixed squares of each of the module's classes summed
    n = 3
    squares = _all_squares(n)
    perms = list(itertools.permutations(range(n)))
    total = 0
    for places in itertools.permutations(range(3)):
        for p0, p1, p2 in itertools.product(perms, repeat=3):
            perm = (p0, p1, p2)
            image = []
            for t in range(n**3):
                x = (t // 9, t // 3 % 3, t % 3)
                y = [perm[i][x[places[i]]] for i in range(3)]
                image.append(y[0] * 9 + y[1] * 3 + y[2])
            total += _brute_fixed(n, image, squares)
    assert Fraction(total, 6 * 6**3) == 1
    terms = burnside_terms(n, "species")
    assert sum(t.fixed * t.elements for t in terms) == total


@compiled
def test_the_compiled_count_refuses_malformed_arguments() -> None:
    module = autotopism_accel.module()
    assert module is not None

    def check(states: int) -> None:
        del states

    identity = list(range(8))
    blocks = [[0], [1], [2], [3], [4], [5], [6], [7]]
    assert module.count_fixed(1, [0], [[0]], [0], 0, [], check) == (1, 0)
    two = [[0, 1], [2, 3]]
    for args, error in [
        ((9, identity, blocks, [0] * 8, 0, []), "order"),
        ((2, identity[:7], blocks, [0] * 8, 0, []), "n \\*\\* 3"),
        ((2, [0] * 8, [[0, 1, 2, 3]], [0], 0, []), "no permutation"),
        ((2, identity, [[0, 1, 2]], [0], 0, []), "each cell once"),
        ((2, identity, [[0, 1, 2, 2]], [0], 0, []), "each cell once"),
        ((2, identity, two, [0, 0], 2, []), "split"),
        ((2, identity, two, [0], 0, []), "row set each"),
        ((2, identity, two, [0, 4], 0, []), "mask"),
        ((2, identity, two, [0, 0], 1, [0]), "mirror"),
        ((2, identity, two, [0, 0], 1, [1, 1]), "mirror"),
    ]:
        with pytest.raises(ValueError, match=error):
            module.count_fixed(*args, check)


@compiled
def test_the_compiled_check_stops_the_count() -> None:
    module = autotopism_accel.module()
    assert module is not None

    def stop(states: int) -> None:
        raise SolverTimeoutError(f"stopped at {states}")

    element = _autotopism(((2, 2, 2, 2), (2, 2, 2, 2), (2, 2, 2, 2)))
    with pytest.raises(SolverTimeoutError):
        module.count_fixed(
            8, element.image, element.blocks, element.rows, element.split, element.mirror, stop
        )


def test_a_time_limit_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    # nothing kept from the tests before: every term is counted again
    monkeypatch.setattr(burnside, "_FIXED", {})
    monkeypatch.setattr(burnside, "_SQUARES", {})
    with pytest.raises(SolverTimeoutError):
        count_classes(7, "species", time_limit=0.05)
    with pytest.raises(SolverTimeoutError):
        count_classes(6, compiled=False, time_limit=0.001)
    with pytest.raises(SolverTimeoutError):  # order 8 is counted, not listed
        count_isotopy_classes(8, time_limit=0.05)
    with pytest.raises(SolverTimeoutError):
        count_species(8, time_limit=0.05)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(UnsupportedError, match="orders 1-8, got 9"):
        count_classes(MAX_BURNSIDE_ORDER + 1)
    with pytest.raises(UnsupportedError, match="'main'"):
        count_classes(4, "main")
    with pytest.raises(UnsupportedError, match="True"):
        count_classes(True)
    with pytest.raises(InvalidArgumentError):
        count_classes(4, time_limit=0)
    assert cycle_types(3) == [(3,), (2, 1), (1, 1, 1)]
    assert count_fixed(2, Element(list(range(8)), [[0, 1, 2, 3]], [0])) == 2


@pytest.mark.slow
@compiled
def test_order_8(monkeypatch: pytest.MonkeyPatch) -> None:
    """535,281,401,856 reduced squares of order 8 (about a minute of each of two cores), then
    the classes by Burnside's lemma, whose identity term is that count: counted once here."""
    count = count_latin(8, jobs=2)
    assert count.reduced == 535281401856
    assert count.squares == 108776032459082956800
    assert count.classes == (1, 7, 51, 194, 51)
    monkeypatch.setitem(burnside._SQUARES, 8, count.squares)
    assert count_classes(8, jobs=2) == ISOTOPY_CLASSES[7]
    assert count_classes(8, "species", jobs=2) == SPECIES[7]
    assert count_classes(8, "isomorphism", jobs=2) == QUASIGROUPS[7]


def _type(p: tuple[int, ...]) -> tuple[int, ...]:
    """The cycle type of a permutation, longest first."""
    seen: set[int] = set()
    lengths = []
    for start in range(len(p)):
        length, x = 0, start
        while x not in seen:
            seen.add(x)
            x, length = p[x], length + 1
        if length:
            lengths.append(length)
    return tuple(sorted(lengths, reverse=True))


def _element(n: int, image: list[int]) -> Element:
    """Any paratopism, filled row by row, one row a block."""
    return Element(image, [[r * n + c for c in range(n)] for r in range(n)], [0] * n)


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 5).flatmap(lambda n: st.tuples(*[st.permutations(range(n))] * 3)))
def test_fix_depends_only_on_the_class(perms: tuple[list[int], list[int], list[int]]) -> None:
    # the class of an element of S_n wr S_3 is known by the cycle types the module says: any
    # element, not the module's representative, fixes as many squares as the representative
    a, b, c = (tuple(p) for p in perms)
    n = len(a)
    triples = [(r, k, s) for r in range(n) for k in range(n) for s in range(n)]

    def image(f: Callable[[int, int, int], tuple[int, int, int]]) -> list[int]:
        return [y[0] * n * n + y[1] * n + y[2] for y in (f(*x) for x in triples)]

    isotopy = image(lambda r, k, s: (a[r], b[k], c[s]))
    expected = count_fixed(n, _autotopism((_type(a), _type(b), _type(c))))
    assert count_fixed(n, _element(n, isotopy)) == expected
    swap = image(lambda r, k, s: (a[k], b[r], c[s]))  # (r, c, s) -> (a(c), b(r), c(s))
    product = tuple(a[b[x]] for x in range(n))
    expected = count_fixed(n, _transposition(_type(product), _type(c)))
    assert count_fixed(n, _element(n, swap)) == expected
    turn = image(lambda r, k, s: (a[s], b[r], c[k]))  # (r, c, s) -> (a(s), b(r), c(c))
    product = tuple(a[c[b[x]]] for x in range(n))
    assert count_fixed(n, _element(n, turn)) == count_fixed(n, _rotation(_type(product)))


def test_the_command_line_counts_the_classes(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from officers.cli import main
    from tests.helpers import assert_valid

    for flags, count in (([], 22), (["--species"], 12), (["--isomorphism"], 1130531)):
        assert main(["latin", "classes", "6", "--count", *flags, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert_valid(data)
        assert data["count"] == count == data["published"]
    assert main(["latin", "classes", "5", "--count", "--species"]) == 0
    assert capsys.readouterr().out == "2 species of order 5 (Burnside's lemma; published: 2)\n"
    assert main(["latin", "classes", "5", "--count", "--species", "--isomorphism"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["latin", "classes", "5", "--count", "--mates"]) == 2
    assert "not with --count" in capsys.readouterr().err
    assert main(["latin", "classes", "5", "--isomorphism"]) == 2
    assert "goes with --count" in capsys.readouterr().err
