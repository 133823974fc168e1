"""officers' order-4 engine against its peers, in one run, by the rules of :mod:`benchmarks.harness`
(medians over interleaved rounds with their spread; ratios paired round by round).

1. **Every finished square** (6912; 1152 with the diagonals). The first ``finished_squares()``
   in a fresh process (imports done) against the dancing-links peer with the same symmetry in a
   fresh process, interleaved. Then, warm: officers reading its packed file (a new index object:
   read, decompress, make 6912 squares), officers computing them (search, relabel, sort, make the
   squares), and each peer plain and with officers' symmetry; the slow ones (officers'
   backtracker, CP-SAT and python-constraint without the symmetry) in fewer rounds.
2. **is_completable** on 10,000 mixed partial squares (``workloads.mixed_squares``): the facade
   ``officers.is_completable`` (called as ``is_completable(square)`` with the default rules), the
   index method, the backtracker; each query timed on its own,
   the figure per round the median (and the mean) over the queries. The peers on the first 300,
   their model building (Python) and their search timed apart. All answers must agree.
3. **Counting** every graeco-latin square of order 5 with the backtracker (6,220,800; 57,600
   with the diagonals).

Run: ``python -m benchmarks.bench_engine [--rounds N] [--queries N] [--quick]``. Prints Markdown.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from benchmarks.harness import first_call, format_ratio, format_seconds, measure, ratio, row, spread
from benchmarks.peers import DECIDERS, ENUMERATORS, with_symmetry
from benchmarks.workloads import mixed_squares
from officers import Rules, Square, finished_squares, is_completable
from officers.euler.solve import backtrack
from officers.euler.solve.index import CompletionIndex, compute_values

OFFICERS = "officers, from the packed file"


def computed(rules: Rules) -> list[Square]:
    """officers' enumeration from nothing: search, relabel, sort, make the squares."""
    make = Square._make  # what the index does: trusted values, no checks
    return [make(4, values) for values in compute_values(rules.diagonals, cache=False)]


def first_calls(rules: Rules, rounds: int) -> None:
    """The first call in a fresh process: officers against DLX with the same symmetry."""
    setup_officers = "from officers import Rules, finished_squares"
    setup_dlx = (
        "import numpy, exact_cover_impl\nfrom benchmarks.peers import with_symmetry\n"
        "from officers import Rules\nrun = with_symmetry('exact_cover DLX')"
    )
    call = f"(Rules(diagonals={rules.diagonals}))"
    samples: dict[str, list[float]] = {"officers": [], "DLX + the same symmetry": []}
    for _ in range(rounds):
        samples["officers"] += first_call(setup_officers, "finished_squares" + call, rounds=1)
        samples["DLX + the same symmetry"] += first_call(setup_dlx, "run" + call, rounds=1)
    print(f"\n#### First call in a fresh process ({rules.describe()}), {rounds} rounds\n")
    print("| call | median [q1–q3] | peer / officers [q1–q3] |\n|---|---:|---:|")
    print(row("officers", samples, "officers"))
    print(row("DLX + the same symmetry", samples, "officers"))


def enumerate_section(rules: Rules, rounds: int, quick: bool) -> None:
    expected = [s.values for s in finished_squares(rules)]
    fast: dict[str, Callable[[], object]] = {
        OFFICERS: lambda: CompletionIndex(rules).squares,
        "officers, computed (no file)": lambda: computed(rules),
        "officers, warm call (the list copied)": lambda: finished_squares(rules),
        "peer: exact_cover DLX + the same symmetry": lambda: with_symmetry("exact_cover DLX")(
            rules
        ),
        "peer: exact_cover DLX, one search": lambda: ENUMERATORS["exact_cover DLX"](rules),
        "peer: CP-SAT + the same symmetry": lambda: with_symmetry("CP-SAT")(rules),
        "peer: python-constraint + the same symmetry": lambda: with_symmetry("python-constraint")(
            rules
        ),
    }
    slow: dict[str, Callable[[], object]] = {
        OFFICERS: fast[OFFICERS],
        "officers backtrack": lambda: finished_squares(rules, method="backtrack"),
        "peer: CP-SAT": lambda: ENUMERATORS["CP-SAT"](rules),
        "peer: python-constraint": lambda: ENUMERATORS["python-constraint"](rules),
    }
    for name, run in {**fast, **slow}.items():
        found = run()
        values = [s.values if isinstance(s, Square) else s for s in found]  # type: ignore[attr-defined]
        assert values == expected, name
    print(f"\n#### Every finished square, warm process ({rules.describe()}; {len(expected)})\n")
    print("| method | median [q1–q3] | it / officers, paired [q1–q3] |\n|---|---:|---:|")
    samples = measure(fast, rounds=rounds, inner={"officers, warm call (the list copied)": 20})
    for name in fast:
        print(row(name, samples, OFFICERS))
    slow_rounds = 3 if quick else 5
    samples = measure(slow, rounds=slow_rounds)
    print(f"| *the slow ones, {slow_rounds} rounds, against {OFFICERS} in the same rounds:* | | |")
    for name in list(slow)[1:]:
        print(row(name, samples, OFFICERS))


def time_each(decide: Callable[[Square], bool], squares: list[Square]) -> list[float]:
    """Seconds of each query, timed on its own."""
    clock = time.perf_counter
    times = []
    for square in squares:
        start = clock()
        decide(square)
        times.append(clock() - start)
    return times


def decide_section(rules: Rules, queries: int, rounds: int) -> None:
    squares = mixed_squares(queries, seed=1, rules=rules)
    index = CompletionIndex.get(rules)
    expected = [index.is_completable(s) for s in squares]
    # the public call as a user makes it: with the default rules, no rules argument
    facade: Callable[[Square], bool] = (
        is_completable if rules == Rules() else lambda s: is_completable(s, rules)
    )
    officers: dict[str, Callable[[Square], bool]] = {
        "officers.is_completable (facade)": facade,
        "CompletionIndex.is_completable": index.is_completable,
        "officers backtrack": lambda s: backtrack.is_completable(s, rules),
    }
    for name, decide in officers.items():
        assert [decide(s) for s in squares] == expected, name
    medians: dict[str, list[float]] = {name: [] for name in officers}
    means: dict[str, list[float]] = {name: [] for name in officers}
    names = list(officers)
    for r in range(rounds):
        for name in names[r % 3 :] + names[: r % 3]:
            times = time_each(officers[name], squares)
            medians[name].append(statistics.median(times))
            means[name].append(statistics.fmean(times))
    alive = sum(expected)
    print(f"\n#### is_completable, {queries} squares ({rules.describe()}; {alive} alive)\n")
    print(
        "| method | median per query [q1–q3 of rounds] | mean per query | mean / facade, paired |"
    )
    print("|---|---:|---:|---:|")
    first = names[0]
    for name in names:
        m, a, q = spread(medians[name]), spread(means[name]), ratio(means, name, first)
        print(
            f"| {name} | {format_seconds(m.median)} [{format_seconds(m.q1)}–"
            f"{format_seconds(m.q3)}] | {format_seconds(a.median)} | {format_ratio(q.median)} "
            f"[{format_ratio(q.q1)}–{format_ratio(q.q3)}] |"
        )
    peers_section(rules, squares[:300], expected[:300], max(3, rounds // 3))


def peers_section(rules: Rules, squares: list[Square], expected: list[bool], rounds: int) -> None:
    """The peers on a few squares: model building and search timed apart, per query."""
    build: dict[str, list[float]] = {name: [] for name in DECIDERS}
    solve: dict[str, list[float]] = {name: [] for name in DECIDERS}
    mine: list[float] = []
    clock = time.perf_counter
    for _ in range(rounds):
        mine.append(statistics.fmean(time_each(lambda s: is_completable(s, rules), squares)))
        for name, peer in DECIDERS.items():
            built = solved = 0.0
            answers = []
            for square in squares:
                start = clock()
                model = peer.build(square, rules)
                middle = clock()
                answer = peer.plain(square, rules) if model is None else peer.solve(model)
                solved += clock() - middle
                built += middle - start
                answers.append(answer)
            assert answers == expected, name
            build[name].append(built / len(squares))
            solve[name].append(solved / len(squares))
    print(
        f"\nThe peers on the first {len(squares)} squares, mean per query, {rounds} rounds "
        "(officers' facade on the same squares, the same rounds: "
        f"{format_seconds(statistics.median(mine))}):\n"
    )
    print("| peer | build the model (Python) | search | total / officers, paired |")
    print("|---|---:|---:|---:|")
    for name in DECIDERS:
        total = [b + s for b, s in zip(build[name], solve[name], strict=True)]
        q = ratio({"peer": total, "officers": mine}, "peer", "officers")
        print(
            f"| {name} | {format_seconds(statistics.median(build[name]))} | "
            f"{format_seconds(statistics.median(solve[name]))} | {format_ratio(q.median)} "
            f"[{format_ratio(q.q1)}–{format_ratio(q.q3)}] |"
        )


def count_section(rounds: int) -> None:
    cases = {
        rules.describe(): (lambda rules=rules: backtrack.count_finished(rules))
        for rules in (Rules(order=5), Rules(order=5, diagonals=True))
    }
    samples = measure(cases, rounds=rounds)
    print(f"\n#### Count every graeco-latin square of order 5 (backtracker), {rounds} rounds\n")
    print("| rules | median [q1–q3] |\n|---|---:|")
    for name in cases:
        print(row(name, samples, None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--queries", type=int, default=10_000)
    parser.add_argument("--quick", action="store_true", help="fewer rounds, fewer queries")
    args = parser.parse_args()
    rounds, queries = (5, 2000) if args.quick else (args.rounds, args.queries)
    for rules in (Rules(), Rules(diagonals=True)):
        first_calls(rules, rounds)
        enumerate_section(rules, rounds, args.quick)
    for rules in (Rules(), Rules(diagonals=True)):
        decide_section(rules, queries, max(5, rounds // 2))
    count_section(max(3, rounds // 3))


if __name__ == "__main__":
    main()
