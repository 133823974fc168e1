"""The Eight Off solver against fc-solve (Freecell Solver) on the same deals, interleaved.

For each numbered deal of the variant (:meth:`officers.eightoff.position.Position.numbered`),
officers' solver and ``fc-solve`` run one after the other, in an order that alternates from
deal to deal. What each time counts:

- officers, in process: the call :func:`officers.eightoff.solve.solve_position` in a process
  that has imported the package (no start-up, no import), from the position to the checked
  win: the search, the moves by place, their replay by :func:`~officers.eightoff.solve.replay`
  and their notation. The first deal's call counts like any other (the process is warm only
  in that the modules are imported; nothing of one deal is kept for the next).
- officers, fresh process (``--fresh``): ``python -m officers eightoff solve --deal N`` as a
  whole process, as fc-solve runs: the interpreter's start, the imports, dealing, the solve,
  printing the moves.
- fc-solve: a whole process: its start, reading the board, the search, writing the moves.

fc-solve runs with the variant's preset (``-g eight_off`` …), ``-sel`` so that a search cut by
its iteration limit says so ("Iterations count exceeded": unknown) instead of "I could not
solve this game", ``-mi`` the iteration limit and a wall-clock limit equal to ours. Its "could
not solve" is its own search's verdict: where the two verdicts differ (Baker's Game deals 135
and 152, which fc-solve's preset says it could not solve), officers' win has been replayed
move by move by :func:`~officers.eightoff.solve.replay`.

Each fc-solve win is read back from its ``-m`` output and replayed by
:func:`officers.eightoff.solve.replay`: a check that both programs play by the same rules (the
length of a run one move may carry, what fills an empty column).

The table gives, for each solver, the share of deals decided (solvable or unsolvable), the
verdicts, the median, 90th and 99th percentile and the largest time per deal, and the median
length of the wins (every card played to a foundation counts as a move in both); then the
deals where the verdicts differ, and the slowest deals of each.

``--ours-only`` leaves fc-solve out (the census of the first 10,000 deals);
``--fewest N`` also asks the fewest moves of the first N deals; ``--fresh`` adds officers as a
fresh process per deal.

``--order`` compares, in one run and deal by deal (the order alternating), the decision
search with its first priority (:func:`first_priority`, no depth) and with the current one
(:meth:`~officers.eightoff.solve_search.Game.greedy` plus the depth), on the 200 deals of
1 .. 10,000 that each found hardest (:data:`HARD_DEALS`, :data:`HARD_NOW_DEALS`) and on
``--random`` deals of 1 .. 10,000 drawn with ``--seed``: the share decided, the median and
99th percentile time, the states stored and the length of the wins.

Run: ``python -m benchmarks.bench_eightoff [--deals 200] [--first 1] [--variant eight-off]``.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.harness import load_average
from officers.eightoff.position import Position
from officers.eightoff.solve import (
    IllegalReplayError,
    Move,
    check_position,
    game_of,
    moves_by_place,
    replay,
    solve_position,
    start_node,
)
from officers.eightoff.solve_search import DEPTH_WEIGHT, Game, Node, best_first
from officers.eightoff.variant import PRESETS, Variant

RANKS = "A23456789TJQK"

# The 200 Eight Off deals of 1 .. 10,000 on which the decision search stored the most states
# with its first priority (blocked cards, disorder and full cells, no depth): ``--order``.
_HARD_DEALS_TEXT = """
42 125 137 275 339 363 381 383 401 446 530 582 613 716 767 799 871 906 1011 1042 1056 1098
1158 1198 1275 1370 1373 1431 1503 1519 1754 1759 1788 1810 1946 2005 2051 2105 2113 2233 2239
2290 2327 2333 2349 2361 2426 2448 2458 2488 2554 2659 2679 2823 2837 2842 2857 2916 2933 2934
2951 2964 2991 3049 3091 3130 3154 3202 3359 3366 3379 3386 3391 3482 3506 3740 3967 4022 4037
4053 4070 4150 4182 4218 4251 4257 4265 4271 4350 4363 4429 4495 4503 4507 4570 4618 4641 4682
4716 4729 4897 4904 4908 4966 4969 4989 4993 5105 5125 5141 5177 5200 5328 5360 5386 5446 5463
5467 5479 5508 5515 5548 5603 5789 5829 5839 5860 5884 5885 6013 6068 6082 6146 6193 6252 6271
6296 6327 6399 6426 6466 6497 6537 6644 6662 6699 6715 6759 6770 6777 6814 6862 6884 6994 7000
7056 7090 7201 7204 7214 7298 7318 7350 7382 7506 7507 7518 7520 7579 7645 7654 7720 7853 7918
7949 8063 8312 8363 8477 8519 8788 8830 8858 9039 9085 9116 9150 9174 9192 9193 9233 9236 9287
9489 9601 9769 9847 9881 9944 9967
"""
HARD_DEALS: tuple[int, ...] = tuple(int(number) for number in _HARD_DEALS_TEXT.split())

# The same for the current priority (how deep the next cards lie, blocked cards, full cells,
# runs, empty columns, the depth): the first priority's hardest deals favour the current one.
_HARD_NOW_TEXT = """
53 63 134 167 175 279 310 363 381 613 621 649 658 854 968 970 997 1046 1167 1181 1275 1348
1358 1370 1598 1694 1704 1847 1861 1889 1912 1944 2005 2113 2237 2256 2361 2443 2492 2554 2567
2583 2775 2837 2857 2980 2991 3071 3117 3150 3174 3202 3386 3436 3440 3545 3740 3747 3866 3966
3967 4008 4054 4070 4150 4218 4257 4271 4307 4363 4501 4518 4641 4694 4743 4775 4780 4808 4874
4907 4911 4954 4959 4989 4993 5042 5073 5114 5125 5141 5200 5208 5243 5244 5378 5405 5423 5586
5598 5611 5618 5642 5679 5693 5729 5760 5789 5826 5839 5860 5915 5931 5990 6013 6015 6079 6162
6226 6252 6277 6296 6314 6426 6446 6466 6472 6486 6528 6592 6601 6699 6713 6715 6742 6860 6864
6868 6884 6906 6913 6940 6954 6955 6994 7090 7158 7214 7305 7318 7441 7475 7518 7520 7568 7745
7759 7907 7918 7931 7964 7975 8013 8046 8049 8063 8065 8121 8175 8193 8202 8249 8252 8294 8566
8667 8961 8970 9039 9085 9086 9120 9184 9193 9305 9321 9334 9336 9383 9500 9542 9562 9601 9622
9696 9797 9802 9825 9905 9958 9967
"""
HARD_NOW_DEALS: tuple[int, ...] = tuple(int(number) for number in _HARD_NOW_TEXT.split())

SUITS = "CDHS"


def card_text(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def board(position: Position) -> str:
    """The position in fc-solve's board format (``fc-solve -p -t`` writes the same)."""
    foundations = " ".join(
        f"{suit}-{RANKS[n - 1] if n else 0}"
        for suit, n in zip("CDHS", position.foundations, strict=True)
    )
    cells = " ".join("-" if card is None else card_text(card) for card in position.cells)
    lines = [f"Foundations: {foundations}", f"Freecells: {cells}"]
    lines += [": " + " ".join(card_text(card) for card in column) for column in position.columns]
    return "\n".join(lines) + "\n"


@dataclass
class Run:
    """One solver on one deal."""

    status: str  # solvable, unsolvable, unknown
    seconds: float
    moves: int | None = None
    rules_ok: bool | None = None  # fc-solve's win replayed by officers' rules


_MOVE = re.compile(
    r"Move (?:a card|(\d+) cards) from (stack|freecell) (\d+) to "
    r"(?:the (foundations)|(stack|freecell) (\d+))"
)


def fc_solve_moves(text: str, position: Position) -> list[Move]:
    """fc-solve's ``-m`` moves as officers' moves (the suit of a foundation move read from the
    card it moves, in the position reached so far)."""
    moves: list[Move] = []
    current = (position.columns, position.cells, position.foundations)
    for match in _MOVE.finditer(text):
        count = int(match.group(1) or 1)
        kind = "column" if match.group(2) == "stack" else "cell"
        index = int(match.group(3))
        card = current[0][index][-count] if kind == "column" else current[1][index]
        assert card is not None
        if match.group(4):
            target = ("foundation", card // 13)
        else:
            target = ("column" if match.group(5) == "stack" else "cell", int(match.group(6)))
        move: Move = ((kind, index), target, count)
        current = replay(*current, position.variant, [move])
        moves.append(move)
    return moves


def run_fc_solve(position: Position, time_limit: float, iterations: int) -> Run:
    preset = position.variant.fc_solve_args()
    if preset is None:
        raise SystemExit(f"fc-solve does not play {position.variant.notation()}")
    args = ["fc-solve", *preset, "-m", "-sel", "-mi", str(iterations), "-"]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            args,
            input=board(position),
            capture_output=True,
            text=True,
            timeout=time_limit,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Run("unknown", time.perf_counter() - started)
    seconds = time.perf_counter() - started
    out = done.stdout
    if "This game is solveable." in out:
        try:
            moves = fc_solve_moves(out, position)
            rules_ok = (
                replay(
                    position.columns, position.cells, position.foundations, position.variant, moves
                )[2]
                == (13,) * 4
            )
        except (IllegalReplayError, IndexError, AssertionError):
            moves, rules_ok = [], False
        return Run("solvable", seconds, len(moves) or None, rules_ok)
    if "Iterations count exceeded" in out:
        return Run("unknown", seconds)
    if "I could not solve this game." in out:
        return Run("unsolvable", seconds)
    raise RuntimeError(f"fc-solve said: {out[-300:]!r} {done.stderr[-300:]!r}")


_FRESH_WIN = re.compile(r"a win in (\d+) moves")
_FRESH_STATUS = {0: "solvable", 1: "unsolvable", 3: "unknown"}


def run_ours_fresh(number: int, variant: str, time_limit: float) -> Run:
    """officers as a fresh process: ``python -m officers eightoff solve --deal N``."""
    args = [sys.executable, "-m", "officers", "eightoff", "solve", "--deal", str(number)]
    args += ["--variant", variant, "--time-limit", str(time_limit)]
    started = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode not in _FRESH_STATUS:
        raise RuntimeError(f"officers said: {done.stdout[-300:]!r} {done.stderr[-300:]!r}")
    won = _FRESH_WIN.search(done.stdout)
    return Run(_FRESH_STATUS[done.returncode], seconds, int(won.group(1)) if won else None)


def run_ours(position: Position, time_limit: float, max_states: int, fewest: bool = False) -> Run:
    started = time.perf_counter()
    solution = solve_position(position, time_limit=time_limit, max_states=max_states, fewest=fewest)
    seconds = time.perf_counter() - started
    moves = len(solution.moves) if solution.status == "solvable" else None
    return Run(solution.status, seconds, moves, solution.optimal if fewest else None)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(name: str, runs: list[Run]) -> str:
    times = [run.seconds for run in runs]
    statuses = Counter(run.status for run in runs)
    decided = statuses["solvable"] + statuses["unsolvable"]
    lengths = [run.moves for run in runs if run.moves]
    length = f"{statistics.median(lengths):.0f}" if lengths else "-"
    return (
        f"| {name} | {decided}/{len(runs)} ({100 * decided / len(runs):.1f} %) "
        f"| {statuses['solvable']} / {statuses['unsolvable']} / {statuses['unknown']} "
        f"| {1000 * statistics.median(times):.1f} | {1000 * percentile(times, 0.9):.1f} "
        f"| {1000 * percentile(times, 0.99):.1f} | {1000 * max(times):.0f} | {length} |"
    )


def report(
    numbers: list[int],
    ours: list[Run],
    theirs: list[Run] | None,
    variant: Variant,
    fresh: list[Run] | None = None,
) -> None:
    print(
        f"\n## {variant.notation()}: deals {numbers[0]}-{numbers[-1]} ({len(numbers)}), {load_average()}\n"
    )
    print(
        "| solver | decided | solvable / unsolvable / unknown | median ms | p90 ms | p99 ms | max ms | median moves |"
    )
    print("|---|---|---|---|---|---|---|---|")
    print(summary("officers (in process)", ours))
    if fresh:
        print(summary("officers (fresh process)", fresh))
    if theirs is not None:
        print(summary("fc-solve (whole process)", theirs))
        both = [
            (n, a, b)
            for n, a, b in zip(numbers, ours, theirs, strict=True)
            if a.status != "unknown" and b.status != "unknown"
        ]
        differ = [(n, a.status, b.status) for n, a, b in both if a.status != b.status]
        print(
            f"\nBoth decided {len(both)} deals; verdicts differ on {len(differ)}: {differ or 'none'}."
        )
        checked = [run for run in theirs if run.rules_ok is not None]
        print(
            f"fc-solve's wins replayed by officers' rules: {sum(bool(r.rules_ok) for r in checked)}/{len(checked)}."
        )
        ratios = [a.seconds / b.seconds for a, b in zip(ours, theirs, strict=True)]
        medians = statistics.median(run.seconds for run in ours) / statistics.median(
            run.seconds for run in theirs
        )
        print(
            f"Time officers / fc-solve per deal: median {statistics.median(ratios):.2f}×, "
            f"officers faster on {sum(r < 1 for r in ratios)}/{len(ratios)} deals; "
            f"ratio of the medians {medians:.2f}."
        )
        pairs = [
            (a.moves, b.moves) for a, b in zip(ours, theirs, strict=True) if a.moves and b.moves
        ]
        if pairs:
            shorter = sum(a < b for a, b in pairs)
            print(
                f"Wins found by both: {len(pairs)}; officers' shorter on {shorter}, "
                f"median length {statistics.median(a for a, _ in pairs):.0f} against "
                f"{statistics.median(b for _, b in pairs):.0f}."
            )
    slow = sorted(zip(ours, numbers, strict=True), key=lambda item: -item[0].seconds)[:5]
    print(
        "\nofficers' slowest deals: "
        + ", ".join(f"{n} ({r.seconds:.2f} s, {r.status})" for r, n in slow)
    )
    within = sum(run.seconds <= 1 for run in ours)
    print(
        f"officers decided within 1 s: {within}/{len(ours)}; within the limit: "
        f"{sum(run.status != 'unknown' for run in ours)}/{len(ours)}."
    )


def fewest_report(numbers: list[int], variant: Variant, time_limit: float, max_states: int) -> None:
    print(
        f"\n### The fewest moves (A*), deals {numbers[0]}-{numbers[-1]}, limit {time_limit:g} s\n"
    )
    print("| deal | first win | fewest | proved | seconds |")
    print("|---|---|---|---|---|")
    times = []
    for number in numbers:
        position = Position.numbered(number, variant)
        first = run_ours(position, time_limit, max_states)
        best = run_ours(position, time_limit, max_states, fewest=True)
        times.append(best.seconds)
        print(
            f"| {number} | {first.moves} | {best.moves} | {best.rules_ok} | {best.seconds:.2f} |",
            flush=True,
        )
    print(f"\nmedian {statistics.median(times):.2f} s")


def first_priority(game: Game) -> Callable[[Node], int]:
    """The decision search's first priority: blocked cards, disorder and full cells."""

    def priority(node: Node) -> int:
        columns, cells, foundations = node
        score = 2 * (52 - sum(foundations)) + 2 * len(cells)
        for column in columns:
            info = game.column_info(column)
            score += 3 * info[0] + info[2]  # blocked cards, disorder
        return score

    return priority


@dataclass
class Search:
    """One decision search on one deal."""

    status: str
    seconds: float
    states: int
    moves: int | None


def run_order(position: Position, first: bool, time_limit: float, max_states: int) -> Search:
    """The decision search alone, with the first priority or the current one."""
    checked = check_position(
        position.columns, position.cells, position.foundations, position.variant
    )
    game = game_of(position.variant)
    started = time.perf_counter()
    start = start_node(game, checked)
    outcome = best_first(
        game,
        start,
        deadline=time.monotonic() + time_limit,
        max_states=max_states,
        priority=first_priority(game) if first else None,
        depth_weight=0 if first else DEPTH_WEIGHT,
    )
    seconds = time.perf_counter() - started
    moves = None
    if outcome.status == "solvable":
        moves = len(moves_by_place(game, checked, outcome.moves))
    return Search(outcome.status, seconds, outcome.states, moves)


def order_summary(name: str, runs: list[Search]) -> str:
    decided = sum(run.status != "unknown" for run in runs)
    times = [run.seconds for run in runs]
    states = [run.states for run in runs]
    lengths = [run.moves for run in runs if run.moves]
    return (
        f"| {name} | {decided}/{len(runs)} ({100 * decided / len(runs):.1f} %) "
        f"| {1000 * statistics.median(times):.1f} | {1000 * percentile(times, 0.99):.0f} "
        f"| {statistics.median(states):.0f} | {percentile([float(n) for n in states], 0.99):.0f} | {sum(states)} "
        f"| {statistics.median(lengths) if lengths else '-'} |"
    )


def order_report(
    sets: dict[str, list[int]], variant: Variant, time_limit: float, max_states: int
) -> None:
    print(f"\n## The order of the decision search, limit {time_limit:g} s, {load_average()}\n")
    print(
        "| deals, priority | decided | median ms | p99 ms | median states | p99 states "
        "| all states | median moves |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for label, numbers in sets.items():
        runs: dict[bool, list[Search]] = {True: [], False: []}
        for i, number in enumerate(numbers):
            position = Position.numbered(number, variant)
            for first in (True, False) if i % 2 else (False, True):
                runs[first].append(run_order(position, first, time_limit, max_states))
        for first, name in ((True, "first"), (False, "current")):
            print(order_summary(f"{label}, {name}", runs[first]), flush=True)
        pairs = list(zip(numbers, runs[True], runs[False], strict=True))
        worse = [n for n, a, b in pairs if b.states > a.states]
        print(f"| {label}: the current order stores more states on {len(worse)} deals | |||||||")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--variant", default="eight-off", choices=sorted(PRESETS))
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--max-states", type=int, default=5_000_000)
    parser.add_argument("--iterations", type=int, default=10_000_000, help="fc-solve's -mi")
    parser.add_argument("--ours-only", action="store_true")
    parser.add_argument("--fewest", type=int, default=0, metavar="N")
    parser.add_argument("--order", action="store_true")
    parser.add_argument("--fresh", action="store_true", help="officers as a fresh process too")
    parser.add_argument("--random", type=int, default=300, help="random deals of --order")
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    variant = PRESETS[arguments.variant]
    if arguments.order:
        drawn = sorted(random.Random(arguments.seed).sample(range(1, 10_001), arguments.random))
        sets = {
            "hardest 200 (first)": list(HARD_DEALS),
            "hardest 200 (current)": list(HARD_NOW_DEALS),
            f"random {arguments.random}": drawn,
        }
        order_report(sets, variant, arguments.time_limit, arguments.max_states)
        return
    with_fc_solve = not arguments.ours_only
    if with_fc_solve and shutil.which("fc-solve") is None:
        raise SystemExit("fc-solve is not installed (Debian: apt-get install freecell-solver-bin)")
    numbers = list(range(arguments.first, arguments.first + arguments.deals))
    ours: list[Run] = []
    theirs: list[Run] = []
    fresh: list[Run] = []
    sides = ["ours"] + ["fc-solve"] * with_fc_solve + ["fresh"] * arguments.fresh
    for i, number in enumerate(numbers):
        position = Position.numbered(number, variant)
        shift = i % len(sides)  # the order turns from deal to deal
        for side in sides[shift:] + sides[:shift]:
            if side == "ours":
                ours.append(run_ours(position, arguments.time_limit, arguments.max_states))
            elif side == "fc-solve":
                theirs.append(run_fc_solve(position, arguments.time_limit, arguments.iterations))
            else:
                fresh.append(run_ours_fresh(number, arguments.variant, arguments.time_limit))
    report(numbers, ours, theirs if with_fc_solve else None, variant, fresh)
    if arguments.fewest:
        fewest_report(
            numbers[: arguments.fewest], variant, arguments.time_limit, arguments.max_states
        )


if __name__ == "__main__":
    main()
