"""officers' exact engine against its peers, in one run: enumerate, decide, count.

1. Every finished square of order 4 (6912; 1152 with the diagonals): officers' index
   enumeration, computed from nothing (no cache), and its backtracker; against the
   ``exact_cover`` package's C dancing links, CP-SAT enumerating the same exact-cover model, and
   python-constraint. Best of 3 runs.
2. ``is_completable`` on 10,000 mixed partial squares of 1-15 cards (``workloads.mixed_squares``:
   random legal play, sub-squares of finished squares, random cards; legal and illegal, dead and
   alive): the index (median and mean per query) and the backtracker (mean), each query timed on
   its own; the peers on the first 300 of them, for contrast. All answers must agree.
3. Counting all graeco-latin squares of order 5 (6,220,800) with the backtracker and the
   relabelling symmetry; and the diagonal ones (57,600).

Run: ``python -m benchmarks.bench_engine [--queries N]``. Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from benchmarks.peers import DECIDERS, ENUMERATORS, best_of, format_seconds, table
from benchmarks.workloads import mixed_squares
from officers import Rules, Square
from officers.solve import backtrack
from officers.solve.index import CompletionIndex, compute_values


def officers_index_enumeration(rules: Rules) -> list[Square]:
    """The index's enumeration from nothing: search, relabel, sort, make the Square objects."""
    values = compute_values(rules.diagonals, cache=False)
    make = Square._make
    return [make(4, v) for v in values]


def officers_backtrack_enumeration(rules: Rules) -> list[Square]:
    return list(backtrack.completions(Square(), rules))


def enumerate_section() -> None:
    for rules, expected in ((Rules(), 6912), (Rules(diagonals=True), 1152)):
        for warm_up in ENUMERATORS.values():
            warm_up(Rules(order=3))  # imports done before timing
        rows: list[tuple[str, float]] = []
        runs: dict[str, Callable[[Rules], object]] = {
            "officers index": officers_index_enumeration,
            "officers backtrack": officers_backtrack_enumeration,
            **{f"peer: {name}": run for name, run in ENUMERATORS.items()},
        }
        for name, run in runs.items():
            result = run(rules)
            assert len(result) == expected, (name, len(result))  # type: ignore[arg-type]
            rows.append((name, best_of(lambda run=run, rules=rules: run(rules))))
        print(f"\n### Enumerate all {expected} ({rules.describe()})\n")
        print(table(rows, baseline="officers index"))


def time_each(
    decide: Callable[[Square], bool], squares: list[Square]
) -> tuple[list[float], list[bool]]:
    times, answers = [], []
    clock = time.perf_counter
    for square in squares:
        start = clock()
        answers.append(decide(square))
        times.append(clock() - start)
    return times, answers


def decide_section(queries: int) -> None:
    for rules in (Rules(), Rules(diagonals=True)):
        squares = mixed_squares(queries, seed=1, rules=rules)
        index = CompletionIndex.get(rules)
        index.is_completable(Square())  # built before timing
        times_index, expected = time_each(index.is_completable, squares)
        times_back, answers = time_each(
            lambda s, rules=rules: backtrack.is_completable(s, rules), squares
        )
        assert answers == expected
        alive = sum(expected)
        print(f"\n### is_completable, {queries} squares ({rules.describe()}; {alive} alive)\n")
        print("| method | median | mean | max |")
        print("|---|---:|---:|---:|")
        rows = [("officers index", times_index), ("officers backtrack", times_back)]
        few = squares[:300]
        for name, decide in DECIDERS.items():
            times, answers = time_each(lambda s, decide=decide, rules=rules: decide(s, rules), few)
            assert answers == expected[:300], name
            rows.append((f"peer: {name} (first 300)", times))
        for name, times in rows:
            print(
                f"| {name} | {format_seconds(statistics.median(times))} | "
                f"{format_seconds(statistics.fmean(times))} | {format_seconds(max(times))} |"
            )


def count_section() -> None:
    print("\n### Count every graeco-latin square of order 5\n")
    print("| rules | count | time |")
    print("|---|---:|---:|")
    for rules in (Rules(order=5), Rules(order=5, diagonals=True)):
        start = time.perf_counter()
        number = backtrack.count_finished(rules)
        elapsed = time.perf_counter() - start
        print(f"| {rules.describe()} | {number:,} | {format_seconds(elapsed)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=10_000)
    args = parser.parse_args()
    start = time.perf_counter()
    index = CompletionIndex.get(Rules())
    print(
        f"index build (rows and columns): {format_seconds(time.perf_counter() - start)}; ", end=""
    )
    stats = index.stats()
    print(
        f"bitsets {stats.table_bytes / 1024:.0f} KiB, all with squares {stats.total_bytes / 1024:.0f} KiB"
    )
    enumerate_section()
    decide_section(args.queries)
    count_section()


if __name__ == "__main__":
    main()
