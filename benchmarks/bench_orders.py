"""Graeco-latin squares of every order: the order-6 proof, the constructions, transversals and mates.

1. The order-6 proof (``prove_order_6``: 9408 reduced squares, none with a mate).
2. One square of order n = 5, 7..12 from the empty square: the facade (which builds it,
   :mod:`officers.latin.construct` through :mod:`officers.euler.solve.construct`) against
   CP-SAT (10 s limit) and the C dancing links (n <= 7: at 8 it does not answer in minutes), in
   one run, ratios printed.
3. ``graeco_latin_square(n)`` for n = 5..30 and some larger orders up to 256 (the square is
   checked by the verifier, untimed).
4. Knuth's order-10 square (a) of TAOCP 7.2.2.1: counting its 808 transversals (meeting in the
   middle, and listing), and all its orthogonal mates: officers' Algorithm X against the
   ``exact_cover`` package's C dancing links on the same transversal matrix (listing included
   in both).

5. Counting the completions of sparse squares of orders 5 and 7 (random cells of a relabelled
   constructed square; at order 7, 8 squares each with 12, 11 and 10 givens, 3 with 9):
   officers' exact cover with symmetry, compiled (when built) and in pure Python, against the
   C dancing links (rounds interleaved by ``harness.measure``, paired ratios) and CP-SAT (10 s
   limit, one round), with the officers searches' nodes; finding one square from a sparse start at orders 7 to 12 (n + 2 givens, from
   a relabelled construction and dealt at random): officers' backtracker (renaming a
   construction, then the exact cover) against CP-SAT, 5 s each.

Medians over a few rounds (the peers: one round). Run from the repository root:
``python -m benchmarks.bench_orders [--rounds N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import random
import statistics
import time
from collections.abc import Callable, Iterator

import oracles
from benchmarks import harness
from officers import Rules, Square, completions
from officers.core.errors import SolverTimeoutError
from officers.euler.solve import cpsat, exact
from officers.euler.solve.backtrack import cover_completions, cover_count
from officers.euler.solve.construct import graeco_latin_square, relabelled_completion
from officers.euler.solve.verify import is_finished
from officers.latin import count_orthogonal_mates, count_transversals, prove_order_6, transversals

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


def dlx_is_completable(square: Square, rules: Rules) -> bool:
    """Whether the square has a completion, by the C dancing links (one exact cover)."""
    import exact_cover

    built = oracles.dlx_matrix(square, rules)
    assert built is not None
    matrix, _ = built
    return exact_cover.get_exact_cover(matrix) is not None


CPSAT_LIMIT = 10.0
"""Seconds CP-SAT gets to find a square before the table says "> 10 s"."""


def one_square_rows(rounds: int) -> None:
    """One square from the empty square: officers' facade, CP-SAT and the C dancing links."""
    print("## One square from the empty square\n")
    print("| n | officers (construction) | CP-SAT | CP-SAT / officers | DLX | DLX / officers |")
    print("|---|---|---|---|---|---|")
    for n in (5, 7, 8, 9, 10, 11, 12):
        empty, rules = Square.empty(n), Rules(order=n)
        ours, square = median_time(functools.partial(_first_completion, empty), rounds)
        assert isinstance(square, Square) and is_finished(square)
        try:
            theirs, _ = median_time(
                functools.partial(cpsat.is_completable, empty, rules, time_limit=CPSAT_LIMIT), 1
            )
            sat = f"{theirs:.3f} s | {theirs / ours:,.0f}×"
        except SolverTimeoutError:
            sat = f"> {CPSAT_LIMIT:g} s | > {CPSAT_LIMIT / ours:,.0f}×"
        dlx = "not run | –"
        if n <= 7:
            theirs, _ = median_time(functools.partial(dlx_is_completable, empty, rules), 1)
            dlx = f"{theirs:.3f} s | {theirs / ours:,.0f}×"
        print(f"| {n} | {ours:.4f} s | {sat} | {dlx} |")
    print()


def sparse_square(n: int, givens: int, seed: int) -> Square:
    """``givens`` random cells of the constructed square of order ``n``, relabelled at random
    (rows, columns, first and second symbols permuted): a sparse square with completions."""
    rng = random.Random(seed)
    finished = graeco_latin_square(n).values
    rows, columns, firsts, seconds = (rng.sample(range(n), n) for _ in range(4))
    grid = [-1] * (n * n)
    for r in range(n):
        for c in range(n):
            a, b = divmod(finished[n * r + c], n)
            grid[n * rows[r] + columns[c]] = n * firsts[a] + seconds[b]
    keep = set(rng.sample(range(n * n), givens))
    return Square.from_values([v if cell in keep else -1 for cell, v in enumerate(grid)], n)


COUNT_CASES = [(5, 4, 0), (5, 4, 1)] + [
    (7, givens, seed)
    for givens, seeds in ((12, 8), (11, 8), (10, 8), (9, 3))
    for seed in range(seeds)
]
"""(order, givens, seed) of the sparse squares whose completions are counted."""


class Nodes:
    """A check for the exact cover that counts the calls (the Python search calls it at every
    node, the compiled one every :data:`COMPILED_CHECK_EVERY` nodes)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        self.count += 1


COMPILED_CHECK_EVERY = 32
"""Nodes of the compiled search between two calls of its check (``CHECK_EVERY`` in _cover.c)."""


def _first_completion(empty: Square) -> object:
    return next(completions(empty))


@contextlib.contextmanager
def pure_python() -> Iterator[None]:
    """The exact cover with the compiled search switched off (the pure-Python path)."""
    saved = exact._compiled
    exact._compiled = lambda: None
    try:
        yield
    finally:
        exact._compiled = saved


def python_count(square: Square, rules: Rules) -> int:
    """The exact cover's count in pure Python."""
    with pure_python():
        return cover_count(square, rules)


def nodes_of(square: Square, rules: Rules, compiled: bool) -> int:
    """The nodes of the exact cover's search (about, for the compiled one)."""
    nodes = Nodes()
    if compiled:
        exact.count_completions(square, rules, check=nodes)
        return nodes.count * COMPILED_CHECK_EVERY
    with pure_python():
        exact.count_completions(square, rules, check=nodes)
    return nodes.count


def count_rows(rounds: int, cases: list[tuple[int, int, int]]) -> tuple[list[float], list[float]]:
    """Counting completions: officers (exact cover with symmetry; the compiled search, and the
    same search in pure Python) against the C dancing links (interleaved rounds,
    harness.measure; paired ratios) and CP-SAT (one round, 10 s); each search's nodes and time
    per node. Returns the median ratios DLX / officers, compiled and pure Python."""
    compiled = exact._compiled() is not None
    print("## Counting the completions of sparse squares\n")
    if not compiled:
        print("(The compiled search is not built here: both officers columns are pure Python.)\n")
    print(
        "| n | givens | seed | completions | nodes | µs / node | officers | officers, pure "
        "Python | DLX | DLX / officers | DLX / pure Python | CP-SAT |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios: list[float] = []
    python_ratios: list[float] = []
    for n, givens, seed in cases:
        square, rules = sparse_square(n, givens, seed), Rules(order=n)
        answer = cover_count(square, rules)
        assert answer == oracles.dlx_count(square, rules) == python_count(square, rules)
        nodes = nodes_of(square, rules, compiled)
        python_nodes = nodes_of(square, rules, False)
        samples = harness.measure(
            {
                "officers": functools.partial(cover_count, square, rules),
                "python": functools.partial(python_count, square, rules),
                "dlx": functools.partial(oracles.dlx_count, square, rules),
            },
            rounds=rounds if givens >= 10 else 1,
        )
        try:
            start = time.perf_counter()
            assert cpsat.count(square, rules, time_limit=CPSAT_LIMIT) == answer
            sat = f"{time.perf_counter() - start:.2f} s"
        except SolverTimeoutError:
            sat = f"> {CPSAT_LIMIT:g} s"
        ours = harness.spread(samples["officers"]).median
        pure = harness.spread(samples["python"]).median
        ratio = harness.ratio(samples, "dlx", "officers").median
        python_ratio = harness.ratio(samples, "dlx", "python").median
        ratios.append(ratio)
        python_ratios.append(python_ratio)
        print(
            f"| {n} | {givens} | {seed} | {answer} | {nodes} / {python_nodes} "
            f"| {ours / max(nodes, 1) * 1e6:.1f} / {pure / python_nodes * 1e6:.0f} "
            f"| {harness.format_seconds(ours)} | {harness.format_seconds(pure)} "
            f"| {harness.format_seconds(harness.spread(samples['dlx']).median)} "
            f"| {harness.format_ratio(ratio)} | {harness.format_ratio(python_ratio)} | {sat} |",
            flush=True,
        )
    print()
    return ratios, python_ratios


def legal_start(n: int, givens: int, seed: int) -> Square:
    """``givens`` random cards dealt one by one onto random cells, each keeping the rules: a
    sparse start that comes from no particular square (almost surely completable)."""
    rng = random.Random(seed)
    rules, square = Rules(order=n), Square.empty(n)
    while square.placed_count() < givens:
        cell, value = rng.randrange(n * n), rng.randrange(n * n)
        if rules.illegal(square, cell, value) is None:
            square = square.place(cell, value)
    return square


FIND_LIMIT = 5.0
"""Seconds each method gets to find one square from a sparse start."""


def find_rows(orders: range, seeds: int) -> None:
    """One square from a sparse start (n + 2 givens): officers' backtracker (renaming the
    construction, then the exact cover) against CP-SAT, one round each, FIND_LIMIT seconds."""
    print("## One square from a sparse start\n")
    print("| n | start | a renaming fits | officers | CP-SAT |")
    print("|---|---|---|---|---|")
    for n in orders:
        rules = Rules(order=n)
        for kind, make in (("relabelled construction", sparse_square), ("random", legal_start)):
            for seed in range(seeds):
                square = make(n, n + 2, seed)
                cells = []
                for work in (
                    lambda square=square, rules=rules: next(
                        cover_completions(square, rules, time_limit=FIND_LIMIT)
                    ),
                    lambda square=square, rules=rules: next(
                        cpsat.completions(square, rules, time_limit=FIND_LIMIT)
                    ),
                ):
                    try:
                        seconds, found = median_time(work, 1)
                        assert isinstance(found, Square) and is_finished(found)
                        cells.append(f"{seconds:.2f} s")
                    except SolverTimeoutError:
                        cells.append(f"> {FIND_LIMIT:g} s")
                renamed = relabelled_completion(square) is not None
                print(
                    f"| {n} | {kind} {seed} | {'yes' if renamed else 'no'} "
                    f"| {cells[0]} | {cells[1]} |",
                    flush=True,
                )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--counts-only", action="store_true", help="only counting and finding")
    parser.add_argument("--find-only", action="store_true", help="only finding from sparse starts")
    args = parser.parse_args()
    rounds = args.rounds
    if not args.find_only:
        print(f"Before: {harness.load_average()}\n")
        compiled, pure = count_rows(rounds, COUNT_CASES)
        for name, ratios in (("officers", compiled), ("officers, pure Python", pure)):
            print(
                f"DLX / {name} over the order-7 rows: median {statistics.median(ratios[2:]):.2f}×"
            )
            for label, kept in (("9", (9,)), ("10", (10,)), ("11", (11,)), ("12", (12,))):
                some = [
                    r
                    for (n, g, _), r in zip(COUNT_CASES, ratios, strict=True)
                    if n == 7 and g in kept
                ]
                print(f"  with {label} givens: median {statistics.median(some):.2f}×")
        print(f"After: {harness.load_average()}\n")
    find_rows(range(7, 13), 2)
    if args.counts_only or args.find_only:
        return

    seconds, proof = median_time(prove_order_6, rounds)
    print("## Order 6\n")
    print(proof.summary())  # type: ignore[attr-defined]
    print(f"\nmedian time: {seconds:.3f} s\n")

    one_square_rows(rounds)

    print("## graeco_latin_square(n)\n\n| n | seconds | verified |\n|---|---|---|")
    for n in [*range(5, 31), 34, 38, 46, 62, 125, 254, 256]:
        if n == 6:
            continue
        seconds, square = median_time(functools.partial(graeco_latin_square, n), rounds)
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
