"""How long the census of unique starts takes (target: all 4-card starts, both rule sets, < 2 s).

Run: ``python -m benchmarks.bench_census`` (add ``--grades`` for the table of grades of all
riddles by number of cards in docs/puzzles.md, about 15 s more). The census counts every unique start with any number
of cards (the 4-card starts among them) exhaustively. "cold" includes building the completion
index of the rule set; "warm" reuses the index. Also timed: the symmetry classes of the smallest
riddles and their check by Burnside's lemma, grading a riddle, and making a new one.
"""

from __future__ import annotations

import functools
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable

from officers import Rules, puzzles
from officers.euler.puzzles import counting
from officers.euler.solve import index as index_module
from officers.euler.solve.index import CompletionIndex

RULE_SETS = {"rows and columns": Rules(), "with diagonals": Rules(diagonals=True)}


def forget() -> None:
    """Drop every cache, so that the next census starts from nothing."""
    CompletionIndex._cache.clear()
    index_module._VALUES_CACHE.clear()
    counting.census_data.cache_clear()
    counting.subset_masks.cache_clear()


def timed(action: Callable[[], object], repeat: int = 5, *, cold: bool = False) -> float:
    """The median time of ``action`` in seconds."""
    times = []
    for _ in range(repeat):
        if cold:
            forget()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def warm_census(rules: Rules) -> Callable[[], object]:
    def action() -> object:
        counting.census_data.cache_clear()
        return puzzles.census(rules)

    return action


def grades_table() -> None:
    """How many riddles of each number of cards have grade 1 and grade 2, both rule sets.

    Every riddle is counted: each symmetry class with its size and the grade of its
    representative (symmetries keep the grade; the tests check it)."""
    print()
    print("riddles by grade (all of them, by symmetry class)")
    print()
    print("| rule set | cards | classes | grade 1 | grade 2 | grade 1 share | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, rules in RULE_SETS.items():
        for k in range(puzzles.census(rules).smallest, 17):
            start = time.perf_counter()
            classes = puzzles.start_classes(rules, k)
            counts = Counter[int]()
            for item in classes:
                counts[puzzles.grade_start(item.representative, rules).level] += item.size
            share = counts[1] / sum(counts.values()) * 100
            seconds = time.perf_counter() - start
            print(
                f"| {name} | {k} | {len(classes)} | {counts[1]} | {counts[2]} | {share:.1f} % | "
                f"{seconds:.2f} |"
            )
            if max(counts) > puzzles.HIGHEST_GRADE:  # would contradict the tests
                print(f"grades above 2: {dict(counts)}")


def main() -> None:
    print("census of unique starts (all k, exhaustive), median of 5 runs")
    print()
    print(
        "| rule set | census cold | census warm | 4-card unique | classes | Burnside "
        "| same-puzzle classes | their time |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    total = 0.0
    for name, rules in RULE_SETS.items():
        cold = timed(functools.partial(puzzles.census, rules), cold=True)
        warm = timed(warm_census(rules))
        classes = timed(functools.partial(puzzles.start_classes, rules))
        burnside = timed(functools.partial(puzzles.count_classes_burnside, rules))
        total += cold
        unique = puzzles.census(rules).row(4).unique
        same = timed(functools.partial(puzzles.start_classes, rules, kind="puzzle"))
        count = len(puzzles.start_classes(rules, kind="puzzle"))
        lines = len(puzzles.start_classes(rules))
        print(
            f"| {name} | {cold * 1000:.0f} ms | {warm * 1000:.0f} ms | {unique} | "
            f"{lines} in {classes * 1000:.0f} ms | {burnside * 1000:.0f} ms | {count} | "
            f"{same * 1000:.0f} ms |"
        )
    print()
    verdict = "met" if total < 2 else "MISSED"
    print(f"both rule sets from nothing: {total:.2f} s (target < 2 s: {verdict})")
    from officers.euler import symmetry

    start = time.perf_counter()
    symmetry._automorphisms.cache_clear()
    orders = [symmetry.automorphisms(rules).order for rules in RULE_SETS.values()]
    print(
        f"the automorphism groups of the finished squares (orders {orders}) computed in "
        f"{(time.perf_counter() - start) * 1000:.0f} ms"
    )
    print()
    riddles = [puzzles.new_start(seed=seed).start for seed in range(50)]
    grade = timed(lambda: [puzzles.grade_start(start) for start in riddles]) / len(riddles)
    new = timed(lambda: [puzzles.new_start(seed=seed) for seed in range(50)]) / 50
    minimal = timed(lambda: [puzzles.new_start(5, seed=s, minimal=True) for s in range(50)]) / 50
    print(f"grade a 4-card riddle: {grade * 1e6:.0f} µs")
    print(
        f"new 4-card riddle: {new * 1e3:.2f} ms; new minimal 5-card riddle: {minimal * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    main()
    if "--grades" in sys.argv[1:]:
        grades_table()
