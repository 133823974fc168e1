"""Latin squares up to relabelling: canonical forms against brute force and graph isomorphism
(nauty's and networkx's), the published numbers of isotopy classes and species, and class
sizes summing to the number of Latin squares (orbit and stabiliser)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

import networkx as nx  # type: ignore[import-untyped]
import pynauty  # type: ignore[import-untyped]
import pytest

from officers.core.errors import NotLatinSquareError, UnsupportedError
from officers.latin import (
    ISOTOPY_CLASSES,
    MAX_CLASSIFY_ORDER,
    SPECIES,
    LatinSquare,
    automorphisms,
    autoparatopisms,
    autotopisms,
    classify,
    conjugate,
    count_isotopy_classes,
    count_species,
    cyclic_square,
    isomorphism_form,
    isotopy_classes,
    isotopy_form,
    latin_squares,
    random_latin_square,
    species,
    species_form,
)

A040082 = [1, 1, 1, 2, 2, 22, 564, 1676267]  # isotopy classes, orders 1 .. 8
A003090 = [1, 1, 1, 2, 2, 12, 147, 283657]  # species (main classes)
A057991 = [1, 1, 5, 35, 1411]  # quasigroups up to isomorphism, orders 1 .. 5
A000315 = [1, 1, 1, 4, 56, 9408, 16942080]


def all_squares(n: int) -> int:
    return math.factorial(n) * math.factorial(n - 1) * A000315[n - 1]


def relabelled(
    square: LatinSquare, rows: Sequence[int], columns: Sequence[int], symbols: Sequence[int]
) -> LatinSquare:
    n = len(square)
    out = [[0] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            out[rows[r]][columns[c]] = symbols[square[r][c]]
    return tuple(tuple(row) for row in out)


def random_isotope(square: LatinSquare, rng: random.Random) -> LatinSquare:
    n = len(square)
    perms = [rng.sample(range(n), n) for _ in range(3)]
    return relabelled(square, *perms)


def brute_autotopisms(square: LatinSquare) -> int:
    """Every pair of row and column permutations, the symbol permutation they force."""
    n = len(square)
    count = 0
    for p in itertools.permutations(range(n)):
        for q in itertools.permutations(range(n)):
            image = [-1] * n
            ok = True
            for r in range(n):
                for c in range(n):
                    s, t = square[r][c], square[p[r]][q[c]]
                    if image[s] < 0:
                        image[s] = t
                    elif image[s] != t:
                        ok = False
                        break
                if not ok:
                    break
            count += ok
    return count


def brute_automorphisms(square: LatinSquare) -> int:
    n = len(square)
    return sum(
        all(square[a[r]][a[c]] == a[square[r][c]] for r in range(n) for c in range(n))
        for a in itertools.permutations(range(n))
    )


def incidence_graph(square: LatinSquare, *, typed: bool) -> nx.Graph:
    """Rows, columns and symbols joined to the cells that hold them (typed: the three kinds of
    vertex coloured apart, for isotopy; untyped, for paratopy)."""
    graph = nx.Graph()
    n = len(square)
    for kind in range(3):
        for i in range(n):
            graph.add_node((kind, i), colour=kind if typed else 0)
    for r in range(n):
        for c in range(n):
            graph.add_node(("cell", r, c), colour=3)
            for kind, i in enumerate((r, c, square[r][c])):
                graph.add_edge(("cell", r, c), (kind, i))
    return graph


def nx_equivalent(a: LatinSquare, b: LatinSquare, *, typed: bool) -> bool:
    return bool(
        nx.is_isomorphic(
            incidence_graph(a, typed=typed),
            incidence_graph(b, typed=typed),
            node_match=lambda x, y: x["colour"] == y["colour"],
        )
    )


def nauty_certificate(square: LatinSquare, *, typed: bool) -> bytes:
    """nauty's certificate of :func:`incidence_graph`: equal for two squares exactly when
    their graphs are isomorphic with the colours kept."""
    graph = incidence_graph(square, typed=typed)
    index = {node: i for i, node in enumerate(graph)}
    colours: dict[int, set[int]] = {}
    for node, colour in graph.nodes(data="colour"):
        colours.setdefault(colour, set()).add(index[node])
    adjacency = {index[u]: [index[v] for v in graph[u]] for u in graph}
    certificate: bytes = pynauty.certificate(
        pynauty.Graph(
            len(index),
            adjacency_dict=adjacency,
            vertex_coloring=[colours[c] for c in sorted(colours)],
        )
    )
    return certificate


def test_published_numbers() -> None:
    assert list(ISOTOPY_CLASSES[:8]) == A040082
    assert list(SPECIES[:8]) == A003090


@pytest.mark.parametrize("n", range(1, 7))
def test_classes_match_oeis_and_sum_to_every_square(n: int) -> None:
    classes = isotopy_classes(n)
    kinds = species(n)
    assert len(classes) == A040082[n - 1] == count_isotopy_classes(n)
    assert len(kinds) == A003090[n - 1] == count_species(n)
    assert sum(c.size for c in classes) == all_squares(n)  # orbit-stabiliser
    assert sum(c.size for c in kinds) == all_squares(n)
    assert all(isotopy_form(c.form) == c.form for c in classes)
    assert all(species_form(c.form) == c.form for c in kinds)


@pytest.mark.slow
def test_order_7() -> None:
    """564 isotopy classes and 147 species (about half a minute)."""
    classes = isotopy_classes(7)
    assert len(classes) == 564
    assert sum(c.size for c in classes) == all_squares(7)
    kinds: dict[LatinSquare, int] = {}
    for c in classes:
        kinds.setdefault(species_form(c.form), autoparatopisms(c.form))
    assert len(kinds) == 147
    assert sum(6 * math.factorial(7) ** 3 // a for a in kinds.values()) == all_squares(7)


def test_every_square_of_order_5_has_one_of_the_forms() -> None:
    forms = {c.form for c in isotopy_classes(5)}
    assert {isotopy_form(s) for s in latin_squares(5, reduced=True)} == forms


def test_forms_are_invariant() -> None:
    rng = random.Random(11)
    for n in (3, 5, 8, 10, 12):
        for seed in range(4):
            square = random_latin_square(n, seed=seed)
            isotope = random_isotope(square, rng)
            assert isotopy_form(isotope) == isotopy_form(square)
            places = rng.choice(list(itertools.permutations(range(3))))
            assert species_form(conjugate(isotope, places)) == species_form(square)
            alpha = rng.sample(range(n), n)
            assert isomorphism_form(relabelled(square, alpha, alpha, alpha)) == (
                isomorphism_form(square)
            )
    z3 = cyclic_square(9)
    assert isotopy_form(random_isotope(z3, rng)) == isotopy_form(z3)


def test_forms_agree_with_graph_isomorphism() -> None:
    """Pairs of random squares of order 5 (two isotopy classes, so both answers occur) and a
    square against its random isotope and conjugate: the same answer as the isomorphism of
    their incidence graphs by nauty, and by networkx where they are isomorphic (in the first
    twelve pairs; its proof that two are not takes a minute or two)."""
    rng = random.Random(5)
    answers = set()
    for seed in range(24):
        a = random_latin_square(5, seed=seed)
        b = random_latin_square(5, seed=1000 + seed)
        if seed % 3 == 0:
            b = conjugate(random_isotope(a, rng), (1, 2, 0))
        elif seed % 3 == 1:
            b = random_isotope(cyclic_square(5), rng)
        same_isotopy = isotopy_form(a) == isotopy_form(b)
        same_species = species_form(a) == species_form(b)
        for typed, same in ((True, same_isotopy), (False, same_species)):
            graphs = nauty_certificate(a, typed=typed) == nauty_certificate(b, typed=typed)
            assert same == graphs
            if same and seed < 12:
                assert nx_equivalent(a, b, typed=typed)
        answers.add((same_isotopy, same_species))
    assert len(answers) >= 2


def test_group_orders_against_brute_force() -> None:
    rng = random.Random(2)
    squares = [c.form for c in isotopy_classes(4)] + [c.form for c in isotopy_classes(5)]
    squares += [random_latin_square(5, seed=s) for s in range(3)]
    squares += [random_isotope(random_latin_square(5, seed=9), rng)]
    for square in squares:
        assert autotopisms(square) == brute_autotopisms(square)
        assert automorphisms(square) == brute_automorphisms(square)


def test_groups_of_known_squares() -> None:
    """The group Z_n has n**2 |Aut(Z_n)| = n**2 phi(n) autotopisms; Z_2**3 has 64 * 168."""
    for n in (5, 7, 9, 10):
        phi = sum(1 for k in range(1, n + 1) if math.gcd(k, n) == 1)
        assert autotopisms(cyclic_square(n)) == n * n * phi
        assert automorphisms(cyclic_square(n)) == phi
    z2 = tuple(tuple(r ^ c for c in range(8)) for r in range(8))
    assert autotopisms(z2) == 64 * 168
    assert automorphisms(z2) == 168
    c = classify(cyclic_square(6))
    assert c.autoparatopisms == 6 * c.autotopisms  # a group's conjugates are all isotopic
    assert c.isotopy_class_size == math.factorial(6) ** 3 // c.autotopisms


def test_quasigroups_up_to_isomorphism() -> None:
    """Orders 1 .. 4: the isomorphism forms of every Latin square make A057991's 1, 1, 5, 35
    classes, and their sizes n!/|Aut| sum to every square."""
    for n in range(1, 5):
        found: dict[LatinSquare, int] = {}
        for square in latin_squares(n):
            found.setdefault(isomorphism_form(square), automorphisms(square))
        assert len(found) == A057991[n - 1]
        assert sum(math.factorial(n) // a for a in found.values()) == all_squares(n)


@pytest.mark.parametrize("bad", [[[0, 1], [0, 1]], [[0]], "01/10", [[0, 1], [1, 2]]])
def test_not_latin(bad: object) -> None:
    if bad == [[0]]:
        assert isotopy_form(bad) == ((0,),)
        return
    with pytest.raises(NotLatinSquareError, match="not a Latin square"):
        classify(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("order", [0, MAX_CLASSIFY_ORDER + 1, "7", True])
def test_bad_orders(order: object) -> None:
    with pytest.raises(UnsupportedError, match="listed for orders 1-7, got"):
        isotopy_classes(order)  # type: ignore[arg-type]


def run_latin(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run ``officers latin ...`` through its group's parser alone."""
    from officers.cli.common import Parser
    from officers.cli.latin import add_commands

    top = Parser(prog="officers")
    add_commands(top.add_subparsers(dest="command", parser_class=Parser))
    args = top.parse_args(["latin", *argv])
    code = args.run(args)
    return int(code), capsys.readouterr().out


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tests.helpers import assert_valid

    code, out = run_latin(["count", "5", "--json"], capsys)
    assert code == 0 and json.loads(out)["reduced"] == 56
    code, out = run_latin(["classify", "012/120/201", "--json"], capsys)
    data = json.loads(out)
    assert data["autotopisms"] == 18 and data["isotopy_form"] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    code, out = run_latin(["canonical", "[[1, 0], [0, 1]]", "--under", "species"], capsys)
    assert out.strip() == "01/10"
    code, out = run_latin(["classes", "6", "--species", "--json"], capsys)
    assert json.loads(out)["count"] == 12 == json.loads(out)["published"]
    assert_valid(json.loads(out))
    code, out = run_latin(["canonical", "[[1, 0], [0, 1]]", "--under", "isotopy", "--json"], capsys)
    assert json.loads(out)["form"] == [[0, 1], [1, 0]]
    assert_valid(json.loads(out))
    code, out = run_latin(["random", "7", "--seed", "3"], capsys)
    assert latin_square_text(out.strip()) == random_latin_square(7, seed=3)
    with pytest.raises(NotLatinSquareError, match="not a Latin square"):
        run_latin(["classify", "01/11"], capsys)


def latin_square_text(text: str) -> LatinSquare:
    from officers.cli.latin import read_latin

    return read_latin(text)


def test_a_square_with_a_huge_group_is_refused_not_searched() -> None:
    """The group of order 16, 2 ** 4, has 5,160,960 autotopisms: its forms would take hours,
    so each is refused at once, with the square quoted; the group of order 8 is within."""
    z2_4 = tuple(tuple(i ^ j for j in range(16)) for i in range(16))
    for form in (isotopy_form, species_form, classify):
        with pytest.raises(UnsupportedError, match=r"relabellings \(its group is large\)"):
            form(z2_4)
    z2_3 = tuple(tuple(i ^ j for j in range(8)) for i in range(8))
    assert autotopisms(z2_3) == 64 * 168
