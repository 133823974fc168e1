"""Graeco-latin squares of every order: the order-6 proof, the constructions, transversals and mates.

1. The order-6 proof (``prove_order_6``: 9408 reduced squares, none with a mate).
2. One square of order n = 5, 7..12 from the empty square: the facade (which builds it,
   :mod:`officers.solve.construct`) against CP-SAT (10 s limit) and the C dancing links (n <= 7:
   at 8 it does not answer in minutes), in one run, ratios printed.
3. ``graeco_latin_square(n)`` for n = 5..30 (the square is checked by the verifier, untimed).
4. Knuth's order-10 square (a) of TAOCP 7.2.2.1: counting its 808 transversals (meeting in the
   middle, and listing), and all its orthogonal mates: officers' Algorithm X against the
   ``exact_cover`` package's C dancing links on the same transversal matrix (listing included
   in both).

Medians over a few rounds (the peers: one round). Run from the repository root:
``python -m benchmarks.bench_orders [--rounds N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from benchmarks.peers import dlx_is_completable
from officers import Rules, Square, completions
from officers.errors import SolverTimeoutError
from officers.solve import cpsat
from officers.solve.construct import graeco_latin_square
from officers.solve.latin import count_orthogonal_mates, count_transversals, transversals
from officers.solve.order6 import prove_order_6
from officers.solve.verify import is_finished

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


def median_time(work: Callable[[], object], rounds: int) -> tuple[float, object]:
    """The median seconds of ``rounds`` runs, and the last result."""
    times = []
    result: object = None
    for _ in range(rounds):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def dlx_mates(square: tuple[tuple[int, ...], ...]) -> int:
    """The C dancing links on the cells-by-transversals matrix (transversals listed by officers)."""
    import exact_cover  # type: ignore[import-untyped]
    import numpy as np

    n = len(square)
    found = list(transversals(square))
    matrix = np.zeros((len(found), n * n), dtype=np.int32)
    for i, t in enumerate(found):
        for r, c in enumerate(t):
            matrix[i, n * r + c] = 1
    return int(exact_cover.get_solution_count(matrix))


CPSAT_LIMIT = 10.0
"""Seconds CP-SAT gets to find a square before the table says "> 10 s"."""


def one_square_rows(rounds: int) -> None:
    """One square from the empty square: officers' facade, CP-SAT and the C dancing links."""
    print("## One square from the empty square\n")
    print("| n | officers (construction) | CP-SAT | CP-SAT / officers | DLX | DLX / officers |")
    print("|---|---|---|---|---|---|")
    for n in (5, 7, 8, 9, 10, 11, 12):
        empty, rules = Square.empty(n), Rules(order=n)
        ours, square = median_time(lambda empty=empty: next(completions(empty)), rounds)
        assert isinstance(square, Square) and is_finished(square)
        try:
            theirs, _ = median_time(
                lambda empty=empty, rules=rules: cpsat.is_completable(
                    empty, rules, time_limit=CPSAT_LIMIT
                ),
                1,
            )
            sat = f"{theirs:.3f} s | {theirs / ours:,.0f}×"
        except SolverTimeoutError:
            sat = f"> {CPSAT_LIMIT:g} s | > {CPSAT_LIMIT / ours:,.0f}×"
        dlx = "not run | –"
        if n <= 7:
            theirs, _ = median_time(
                lambda empty=empty, rules=rules: dlx_is_completable(empty, rules), 1
            )
            dlx = f"{theirs:.3f} s | {theirs / ours:,.0f}×"
        print(f"| {n} | {ours:.4f} s | {sat} | {dlx} |")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds

    seconds, proof = median_time(prove_order_6, rounds)
    print("## Order 6\n")
    print(proof.summary())  # type: ignore[attr-defined]
    print(f"\nmedian time: {seconds:.3f} s\n")

    one_square_rows(rounds)

    print("## graeco_latin_square(n)\n\n| n | seconds | verified |\n|---|---|---|")
    for n in range(5, 31):
        if n == 6:
            continue
        seconds, square = median_time(lambda n=n: graeco_latin_square(n), rounds)
        print(f"| {n} | {seconds:.4f} | {is_finished(square)} |")  # type: ignore[arg-type]

    print("\n## Knuth's square (a), order 10\n\n| question | method | answer | seconds |")
    print("|---|---|---|---|")
    rows: list[tuple[str, str, Callable[[], object]]] = [
        ("transversals", "officers, meet in the middle", lambda: count_transversals(KNUTH_A)),
        ("transversals", "officers, listing", lambda: sum(1 for _ in transversals(KNUTH_A))),
        ("mates", "officers, Algorithm X on bitsets", lambda: count_orthogonal_mates(KNUTH_A)),
        ("mates", "exact_cover (C dancing links)", lambda: dlx_mates(KNUTH_A)),
    ]
    for question, method, work in rows:
        seconds, answer = median_time(work, rounds)
        print(f"| {question} | {method} | {answer} | {seconds:.4f} |")


if __name__ == "__main__":
    main()
