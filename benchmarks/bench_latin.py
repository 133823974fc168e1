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

Medians over ``--rounds`` interleaved rounds with paired ratios (``harness.measure``). Run from
the repository root: ``python -m benchmarks.bench_latin [--rounds N] [--order-8]``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from benchmarks import harness
from officers.latin import (
    LatinSquare,
    count_latin,
    count_latin_squares,
    cyclic_square,
    isomorphism_form,
    isotopy_form,
    random_latin_square,
    species_form,
)
from officers.latin.canonical import _isotopy


def random_isotope(square: LatinSquare, rng: random.Random) -> LatinSquare:
    n = len(square)
    p, q, s = (rng.sample(range(n), n) for _ in range(3))
    out = [[0] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            out[p[r]][q[c]] = s[square[r][c]]
    return tuple(tuple(row) for row in out)


def incidence(square: LatinSquare) -> Any:
    import networkx as nx

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


def counting(rounds: int, order_8: bool) -> None:
    print("## Counting Latin squares\n")
    print(f"load average: {harness.load_average()}\n")
    print("| order | by classes | listing | listing / by classes |")
    print("|---|---|---|---|")
    for n in range(4, 8):
        cases = {"classes": lambda n=n: count_latin(n)}
        if n <= 6:
            cases["listing"] = lambda n=n: count_latin_squares(n, reduced=True)
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
            cases = {"forms": lambda a=a, b=b: isotopy_form(a) == isotopy_form(b)}
            peer = n <= 7
            if peer:
                cases["networkx"] = lambda a=a, b=b: nx_isotopic(a, b)
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
        samples = harness.measure(
            {
                "isotopy": lambda s=square: isotopy_form(s),
                "species": lambda s=square: species_form(s),
                "isomorphism": lambda s=square: isomorphism_form(s),
            },
            rounds=rounds,
        )
        cells = [harness.format_seconds(harness.spread(samples[k]).median) for k in samples]
        print(f"| {name} | {_isotopy(square)[1]:,} | " + " | ".join(cells) + " |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--order-8", action="store_true", help="count order 8 too (minutes)")
    args = parser.parse_args()
    counting(args.rounds, args.order_8)
    isotopy(args.rounds)
    forms(args.rounds)


if __name__ == "__main__":
    main()
