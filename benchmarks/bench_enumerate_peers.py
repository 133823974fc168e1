"""Other solvers on officers' questions: listing every finished square of order 4, and deciding
whether a partial square can be finished.

Enumeration: every finished square of order 4, without (6912) and with (1152) the diagonals,
by each peer of ``peers.ENUMERATORS``, best of 3 runs (1 run when the first takes over 5 s),
after a warm-up at order 3 (imports done). Two more rows count without listing.

Deciding: ``workloads.mixed_squares`` (partial squares of 1-15 cards, a third each from random
legal play, from finished squares, and random cards anywhere, mostly illegal), each query timed
on its own; the table gives the mean per query, and the peers must agree on every answer.

Run: ``python -m benchmarks.bench_enumerate_peers [--queries N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from benchmarks.peers import (
    DECIDERS,
    ENUMERATORS,
    best_of,
    cpsat_count_finished,
    dlx_count_finished,
    format_seconds,
    table,
)
from benchmarks.workloads import mixed_squares
from officers import Rules

BASELINE = "exact_cover DLX"


def enumerate_table(rules: Rules) -> str:
    """Time every enumerator on the rules and check that they list the same squares."""
    rows: list[tuple[str, float]] = []
    lists = {}
    for name, run in ENUMERATORS.items():
        lists[name] = run(rules)
        rows.append((name, best_of(lambda run=run: run(rules))))
    first = next(iter(lists.values()))
    assert all(found == first for found in lists.values()), "the peers disagree"
    rows.append(("exact_cover DLX, count only", best_of(lambda: dlx_count_finished(rules))))
    rows.append(("CP-SAT, count only", best_of(lambda: cpsat_count_finished(rules))))
    title = f"All {len(first)} finished squares, {rules.describe()}"
    return f"{title}\n\n{table(rows, BASELINE)}"


def decide_table(rules: Rules, queries: int, seed: int) -> str:
    """Time every decider on the same partial squares and check that they agree."""
    squares = mixed_squares(queries, seed, rules)
    kinds = Counter(
        "breaks the rules" if rules.conflicts(square) else "keeps the rules" for square in squares
    )
    answers: dict[str, list[bool]] = {}
    times: dict[str, list[float]] = {}
    for name, decide in DECIDERS.items():
        answers[name], times[name] = [], []
        for square in squares:
            start = time.perf_counter()
            answers[name].append(decide(square, rules))
            times[name].append(time.perf_counter() - start)
    first = next(iter(answers.values()))
    assert all(found == first for found in answers.values()), "the peers disagree"
    rows = [(name, statistics.fmean(spent)) for name, spent in times.items()]
    worst = ", ".join(f"{name} {format_seconds(max(spent))}" for name, spent in times.items())
    legal = [not rules.conflicts(square) for square in squares]
    by_kind = "; ".join(
        f"{name} {format_seconds(statistics.fmean(t for t, ok in zip(spent, legal, strict=True) if ok))}"
        f" / {format_seconds(statistics.fmean(t for t, ok in zip(spent, legal, strict=True) if not ok))}"
        for name, spent in times.items()
    )
    title = (
        f"is_completable, mean per query, {rules.describe()}: {len(squares)} squares "
        f"({kinds['keeps the rules']} keep the rules, {kinds['breaks the rules']} break them; "
        f"{sum(first)} completable)"
    )
    return (
        f"{title}\n\n{table(rows, BASELINE)}\n\n"
        f"mean on squares that keep / break the rules: {by_kind}\nslowest query: {worst}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for run in ENUMERATORS.values():  # warm-up: imports, caches
        run(Rules(order=3))
    for decide in DECIDERS.values():
        decide(mixed_squares(3, 0)[0], Rules())
    for diagonals in (False, True):
        print(enumerate_table(Rules(diagonals=diagonals)), end="\n\n")
    for diagonals in (False, True):
        print(decide_table(Rules(diagonals=diagonals), args.queries, args.seed), end="\n\n")


if __name__ == "__main__":
    main()
