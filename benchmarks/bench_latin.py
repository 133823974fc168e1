"""Latin squares counted and classified: the cost by order, and against the peers.

1. Counting the Latin squares of order n = 4..7 (8 with ``--order-8``): counting by classes of
   Latin rectangles (:func:`officers.latin.count_latin`, one process) against listing the
   reduced squares one by one (:func:`officers.latin.count_latin_squares`, n <= 6), paired.
2. Telling whether two Latin squares are isotopic, orders 5..10 (a square against a random
   isotope of itself, and against another random square): comparing
   :func:`officers.latin.isotopy_form` against networkx's VF2 isomorphism of the coloured
   incidence graphs (rows, columns and symbols joined to their cells), paired; networkx to
   order 7 only (a pair of order 7 already takes it 40-55 s, against under a millisecond).
3. The canonical forms of one square by kind: random squares and groups (Z_n, Z_2^3, Z_3^2) of
   orders 8..12 (isotopy, species, isomorphism), with the orders of their groups: the cost
   grows with the autotopism group.
4. The species form of one square against nauty's canonical labelling (through pynauty, the
   ``nauty`` extra): :func:`officers.latin.species_form` (pure Python, the least isotopy form
   of the six conjugates) against :func:`officers.latin.mols_classes.mols_form` of the square
   alone (nauty's labelling of the square as an orthogonal array ``OA(3, n)``, also a species
   form), paired, orders 5..12 on random squares and on groups (Z_n; Z_2^3 at 8, Z_3^2 at 9),
   and order 16 on Z_16 and Z_2^4 (species_form refuses Z_2^4: too many relabellings). nauty
   is given a first colouring of the values by an invariant (``mols_classes._graph``): without
   it its search on a random square, whose graph is regular in every colour, grew about twofold
   an order (130 ms at order 8, 3 s at 12). Before timing, both must agree
   that a random paratope of the square is of its species and on whether another random
   square is, and their group orders (:func:`officers.latin.autoparatopisms`,
   :func:`officers.latin.mols_classes.mols_automorphisms`) must be equal. The last column
   names the faster and the paired ratio slower / faster. Measured (5 rounds, load 0.6):
   nauty is the faster on every group table (7-20x on Z_n, about 500x on Z_2^3 and 230x on
   Z_3^2, where species_form tries many relabellings) and on the random squares of orders 5-7
   (1.2-4x); species_form on the random squares from order 8 on (trivial groups), by 1.1-1.3x
   (a random square of order 16, once: 19 ms against 10 ms).
   ``--nauty`` runs this section alone.

Medians over ``--rounds`` interleaved rounds with paired ratios (``harness.measure``). Run from
the repository root: ``python -m benchmarks.bench_latin [--rounds N] [--order-8] [--nauty]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from benchmarks import harness
from officers.core.errors import UnsupportedError
from officers.latin import (
    LatinSquare,
    autoparatopisms,
    conjugate,
    count_latin,
    count_latin_squares,
    cyclic_square,
    isomorphism_form,
    isotopy_form,
    random_latin_square,
    species_form,
)
from officers.latin.canonical import CONJUGATES, _isotopy


def random_isotope(square: LatinSquare, rng: random.Random) -> LatinSquare:
    n = len(square)
    p, q, s = (rng.sample(range(n), n) for _ in range(3))
    out = [[0] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            out[p[r]][q[c]] = s[square[r][c]]
    return tuple(tuple(row) for row in out)


def incidence(square: LatinSquare) -> Any:
    import networkx as nx  # type: ignore[import-untyped]

    graph = nx.Graph()
    n = len(square)
    for kind in range(3):
        for i in range(n):
            graph.add_node((kind, i), colour=kind)
    for r in range(n):
        for c in range(n):
            graph.add_node(("cell", r, c), colour=3)
            for kind, i in enumerate((r, c, square[r][c])):
                graph.add_edge(("cell", r, c), (kind, i))
    return graph


def nx_isotopic(a: LatinSquare, b: LatinSquare) -> bool:
    import networkx as nx

    return bool(
        nx.is_isomorphic(
            incidence(a), incidence(b), node_match=lambda x, y: x["colour"] == y["colour"]
        )
    )


def same_isotopy_form(a: LatinSquare, b: LatinSquare) -> bool:
    return isotopy_form(a) == isotopy_form(b)


def counting(rounds: int, order_8: bool) -> None:
    print("## Counting Latin squares\n")
    print(f"load average: {harness.load_average()}\n")
    print("| order | by classes | listing | listing / by classes |")
    print("|---|---|---|---|")
    for n in range(4, 8):
        cases: dict[str, Callable[[], object]] = {"classes": partial(count_latin, n)}
        if n <= 6:
            cases["listing"] = partial(count_latin_squares, n, reduced=True)
        samples = harness.measure(cases, rounds=rounds if n < 7 else max(1, rounds // 3))
        by = harness.spread(samples["classes"])
        if "listing" in samples:
            ls = harness.spread(samples["listing"])
            r = harness.ratio(samples, "listing", "classes")
            print(
                f"| {n} | {harness.format_seconds(by.median)} | "
                f"{harness.format_seconds(ls.median)} | {harness.format_ratio(r.median)} "
                f"[{harness.format_ratio(r.q1)}–{harness.format_ratio(r.q3)}] |"
            )
        else:
            print(f"| {n} | {harness.format_seconds(by.median)} | – | – |")
    if order_8:
        for jobs in (1, 2):
            cpu, wall = time.process_time(), time.perf_counter()
            count = count_latin(8, jobs=jobs)
            print(
                f"\norder 8, {jobs} job(s): {count.reduced:,} reduced squares; "
                f"{time.perf_counter() - wall:.0f} s wall, "
                f"{time.process_time() - cpu:.0f} s CPU of this process"
            )
    print()


def isotopy(rounds: int) -> None:
    print("## Are two squares isotopic?\n")
    print(f"load average: {harness.load_average()}\n")
    print("| order | pair | isotopy_form | networkx VF2 | networkx / forms |")
    print("|---|---|---|---|---|")
    rng = random.Random(1)
    for n in range(5, 11):
        a = random_latin_square(n, seed=n)
        pairs = {"isotope": random_isotope(a, rng), "other": random_latin_square(n, seed=99 + n)}
        for name, b in pairs.items():
            cases: dict[str, Callable[[], object]] = {"forms": partial(same_isotopy_form, a, b)}
            peer = n <= 7
            if peer:
                cases["networkx"] = partial(nx_isotopic, a, b)
            samples = harness.measure(cases, rounds=rounds)
            ours = harness.format_seconds(harness.spread(samples["forms"]).median)
            if peer:
                theirs = harness.format_seconds(harness.spread(samples["networkx"]).median)
                r = harness.ratio(samples, "networkx", "forms")
                print(f"| {n} | {name} | {ours} | {theirs} | {harness.format_ratio(r.median)} |")
            else:
                print(f"| {n} | {name} | {ours} | (minutes) | – |")
    print()


def forms(rounds: int) -> None:
    print("## Canonical forms of one square\n")
    print(f"load average: {harness.load_average()}\n")
    print("| square | autotopisms | isotopy | species | isomorphism |")
    print("|---|---|---|---|---|")
    z2 = tuple(tuple(r ^ c for c in range(8)) for r in range(8))
    z3 = tuple(
        tuple(((r // 3 + c // 3) % 3) * 3 + (r % 3 + c % 3) % 3 for c in range(9)) for r in range(9)
    )
    squares = {
        "random 8": random_latin_square(8, seed=1),
        "random 10": random_latin_square(10, seed=1),
        "random 12": random_latin_square(12, seed=1),
        "Z_10": cyclic_square(10),
        "Z_12": cyclic_square(12),
        "Z_2^3": z2,
        "Z_3^2": z3,
    }
    for name, square in squares.items():
        cases: dict[str, Callable[[], object]] = {
            "isotopy": partial(isotopy_form, square),
            "species": partial(species_form, square),
            "isomorphism": partial(isomorphism_form, square),
        }
        samples = harness.measure(cases, rounds=rounds)
        cells = [harness.format_seconds(harness.spread(samples[k]).median) for k in samples]
        print(f"| {name} | {_isotopy(square)[1]:,} | " + " | ".join(cells) + " |")
    print()


def random_paratope(square: LatinSquare, rng: random.Random) -> LatinSquare:
    """A random isotope of a random conjugate of ``square``: a square of its species."""
    return random_isotope(conjugate(square, rng.choice(CONJUGATES)), rng)


def group_tables(n: int) -> dict[str, LatinSquare]:
    """The Cayley tables of order ``n`` that section 4 times: Z_n, and Z_2^3, Z_3^2, Z_2^4 where
    the order fits."""
    tables = {f"Z_{n}": cyclic_square(n)}
    if n in (8, 16):
        tables[f"Z_2^{n.bit_length() - 1}"] = tuple(
            tuple(r ^ c for c in range(n)) for r in range(n)
        )
    if n == 9:
        tables["Z_3^2"] = tuple(
            tuple(((r // 3 + c // 3) % 3) * 3 + (r % 3 + c % 3) % 3 for c in range(9))
            for r in range(9)
        )
    return tables


def nauty(rounds: int) -> None:
    print("## Species form against nauty\n")
    if importlib.util.find_spec("pynauty") is None:
        print("pynauty is not installed (pip install 'officers[nauty]'): skipped\n")
        return
    from officers.latin.mols_classes import mols_automorphisms, mols_form

    print(f"load average: {harness.load_average()}\n")
    print("| order | square | autoparatopisms | species_form | nauty (mols_form) | faster, by |")
    print("|---|---|---|---|---|---|")
    rng = random.Random(4)
    for n in (*range(5, 13), 16):
        squares = {} if n == 16 else {"random": random_latin_square(n, seed=n)}
        squares.update(group_tables(n))
        other = random_latin_square(n, seed=1000 + n)
        for name, square in squares.items():
            paratope = random_paratope(square, rng)
            # the same answers first (and both warm), or no figure
            by_nauty = mols_form([square])
            group = mols_automorphisms([square])
            assert mols_form([paratope]) == by_nauty, (n, name)
            nauty_other = mols_form([other]) == by_nauty
            cases: dict[str, Callable[[], object]] = {"nauty": partial(mols_form, [square])}
            try:
                form = species_form(square)
            except UnsupportedError:
                form = None
            if form is not None:
                assert species_form(paratope) == form, (n, name)
                assert (species_form(other) == form) == nauty_other, (n, name)
                assert autoparatopisms(square) == group, (n, name, group)
                cases["species"] = partial(species_form, square)
            samples = harness.measure(cases, rounds=rounds)
            theirs = harness.spread(samples["nauty"])
            cell = (
                f"{harness.format_seconds(theirs.median)} "
                f"[{harness.format_seconds(theirs.q1)}–{harness.format_seconds(theirs.q3)}]"
            )
            if form is None:
                print(f"| {n} | {name} | {group:,} | refused | {cell} | – |")
                continue
            ours = harness.spread(samples["species"])
            # the faster of the two, by the paired ratio slower / faster
            r = harness.ratio(samples, "nauty", "species")
            winner = "species_form"
            if r.median < 1:
                r, winner = harness.ratio(samples, "species", "nauty"), "nauty"
            print(
                f"| {n} | {name} | {group:,} | {harness.format_seconds(ours.median)} "
                f"[{harness.format_seconds(ours.q1)}–{harness.format_seconds(ours.q3)}] | "
                f"{cell} | {winner}, {harness.format_ratio(r.median)} "
                f"[{harness.format_ratio(r.q1)}–{harness.format_ratio(r.q3)}] |"
            )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--order-8", action="store_true", help="count order 8 too (minutes)")
    parser.add_argument(
        "--nauty", action="store_true", help="only the species form against nauty (section 4)"
    )
    args = parser.parse_args()
    if not args.nauty:
        counting(args.rounds, args.order_8)
        isotopy(args.rounds)
        forms(args.rounds)
    nauty(args.rounds)


if __name__ == "__main__":
    main()
