"""The Eight Off solver against fc-solve (Freecell Solver) on the same deals, interleaved.

Two peers (``--peer``):

- ``library`` (the default): fc-solve **in process, through its own library**
  (``libfreecell-solver``, Debian's ``libfreecell-solver0``, through ctypes:
  :mod:`benchmarks.fcs_library`): no process start on either side, the fair peer (issue #40).
- ``process``: fc-solve **as a whole process** (``fc-solve -g eight_off -m -sel -mi N -``): its
  start, reading the board, the search, writing the moves. Its start (some 1.3 ms) is most of
  its time on most deals: this peer says little about the searches.

For each deal (:meth:`officers.eightoff.position.Position.numbered`, or Microsoft's numbering
with ``--microsoft``: :func:`officers.eightoff.microsoft.microsoft_deal`), officers and fc-solve
run one after the other, in an order that alternates from deal to deal. What each time counts:

- officers against the library: officers' whole public call on the board text both are given
  (:func:`board`, fc-solve's format): :func:`officers.eightoff.notation.read_board`, then
  :func:`officers.eightoff.solve.solve_position`: the search, the moves by place, their replay
  (by the compiled module's rules check where it is installed, else by
  :func:`~officers.eightoff.solve.replay`) and their notation, one call of the compiled module
  where it is installed (the board text too, when it is a plain one). The table gives the ratio
  without the reading too (``solve_position`` alone).
- officers against the process: :func:`~officers.eightoff.solve.solve_position` from the
  position, in a process that has imported the package.
- officers, fresh process (``--fresh``, against the process): ``python -m officers eightoff
  solve --deal N`` as a whole process, as fc-solve runs.
- fc-solve's library: solving the board text (``freecell_solver_user_solve_board``, the
  iteration limit raised step by step up to ``-mi`` while the wall clock is within ours), reading
  the win's moves (``freecell_solver_user_get_next_move``) and recycling the instance for the
  next deal (``freecell_solver_user_recycle``); one instance for all the deals of a game. Both
  sides make one untimed call on the first deal before the first timed one.

fc-solve's settings. The process runs the variant's preset (``-g eight_off`` …) and its default
search (one soft-DFS scan), ``-sel`` so that a search cut by its iteration limit says so
("Iterations count exceeded": unknown) instead of "I could not solve this game", ``-mi`` the
iteration limit and a wall-clock limit equal to ours. The library runs the same preset (the same
rules) with fc-solve's fastest theme for each game (``-l``, :data:`THEMES`): of the themes its
documentation ranks for speed ("yields solutions faster on average than …": ``lg`` looking-glass,
``cm`` cookie-monster, ``obf``, ``ct``, ``as``, ``te`` three-eighty, ``eo``
enlightened-ostrich …), its atomic-moves presets (``cn``, ``tfts``: exact verdicts) and its
default, timed on 500 held-out deals of each game (40001-40500, Microsoft's for FreeCell, 2 s a
deal; ``--themes`` runs that comparison): ``eo`` for Eight Off and ``cm`` for FreeCell (the
least total time and the least median of all), ``eo`` for Seahaven Towers (its total within 2 %
of ``te``'s, the least, the same median), ``eo`` for Baker's Game (its median 35 % below that of
fc-solve's default search, whose total is some 10 % less: ``--theme default`` runs that).
fc-solve's default search leaves 2 to 17 of those 500 deals unknown after 2 s (Eight Off,
FreeCell, Seahaven Towers) that every meta-moves theme decides in milliseconds; the atomic
presets take 3 to 20 times the median time. ``--theme NAME`` runs another (``default``: none).

fc-solve's meta-moves searches (its default and every theme but the atomic ones) leave out moves
its rules allow, so its "could not solve" is its own search's verdict, not a proof: where the
verdicts differ (Baker's Game deals 135, 152 and 242, which fc-solve says it could not solve),
officers' win has been replayed move by move by :func:`~officers.eightoff.solve.replay`.

Each fc-solve win is read back (from the library's moves, or from the process's ``-m`` text)
and replayed by :func:`officers.eightoff.solve.replay`: a check that both programs play by the
same rules (the length of a run one move may carry, what fills an empty column).

The library's table gives, for each solver, the deals decided (solvable or unsolvable), the
verdicts, the median, 90th and 99th percentile, the largest and the total time, and the median
length of the wins (every card played to a foundation counts as a move in both); then the
verdicts' agreement, the wins replayed, the median per-deal ratio officers / fc-solve with its
interquartile range, the ratio of the totals, the deals on which officers is the slower, the
slowest ten of each, the won and the lost deals apart, and every deal on which one takes more
than 10× the other in wall and in CPU time (the farthest 40 with both times and the states each
stored or checked, the others by number, or in ``--save``'s file past 540). ``--suite`` runs the four games of issue #40 (Eight Off, 1,000 deals;
FreeCell, Microsoft's deals 1-1,000; Seahaven Towers and Baker's Game, 500 each) and sums them
up in one table; ``--variant freecell --microsoft --deals 32000`` is the classic set. ``--save
FILE`` appends every deal's two runs to FILE as JSON lines.

``--ours-only`` leaves fc-solve out (the census of the first 10,000 deals);
``--fewest N`` also asks the fewest moves of the first N deals.

``--optimal`` (issue #40, aim 3) asks the fewest moves of Microsoft's FreeCell deals ``--first``
… (``--deals``, ``--time-limit`` each, 10 s by default) of :func:`solve_position` with
``fewest=True`` twice per deal, the order alternating from deal to deal: with the compiled A*
(:func:`officers.eightoff.accel.astar`) and with the Python A* in its place (the compiled
decision search first in both, as ``solve`` runs them): the share of deals whose win is proved
shortest, the median wall and CPU time, the median per-deal CPU-time ratio, the mean length of
the proved wins (the two must agree, deal by deal, where both proved one), and why the others
stopped (time or the bound on the states). ``--save FILE`` appends each deal as a JSON line;
``--compiled-only`` runs the compiled A* alone (the Python A* takes its whole limit on nearly
every deal).

``--order`` compares, in one run and deal by deal (the order alternating), the decision
search with its first priority (:func:`first_priority`, no depth) and with the current one
(:meth:`~officers.eightoff.solve_search.Game.greedy` plus the depth), on the 200 deals of
1 .. 10,000 that each found hardest (:data:`HARD_DEALS`, :data:`HARD_NOW_DEALS`) and on
``--random`` deals of 1 .. 10,000 drawn with ``--seed``: the share decided, the median and
99th percentile time, the states stored and the length of the wins.

Run: ``python -m benchmarks.bench_eightoff [--suite] [--deals 200] [--first 1]
[--variant eight-off] [--microsoft] [--peer library|process] [--theme NAME] [--themes A,B]
[--optimal]``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
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
from unittest import mock

import officers.eightoff.solve as solve_module
from benchmarks.fcs_library import (
    FcsLibraryError,
    Solver,
    Step,
    board,
    officers_moves,
    steps_from_text,
)
from benchmarks.harness import load_average, spread
from officers.eightoff.accel import module as accel_module
from officers.eightoff.microsoft import microsoft_deal
from officers.eightoff.notation import read_board
from officers.eightoff.position import Position
from officers.eightoff.solve import (
    IllegalReplayError,
    check_position,
    game_of,
    moves_by_place,
    replay,
    solve_position,
    start_node,
)
from officers.eightoff.solve_search import DEPTH_WEIGHT, Game, Node, best_first
from officers.eightoff.variant import PRESETS, Variant

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


@dataclass
class Run:
    """One solver on one deal."""

    status: str  # solvable, unsolvable, unknown
    seconds: float
    moves: int | None = None
    rules_ok: bool | None = None  # fc-solve's win replayed by officers' rules
    search_seconds: float | None = None  # officers: solve_position alone (the board read apart)
    states: int | None = None  # officers: positions stored; fc-solve: states checked
    cpu: float | None = None  # the process's CPU seconds (time.process_time) in the call


def replays(steps: list[Step], position: Position) -> tuple[int | None, bool]:
    """The length of fc-solve's win and whether it replays to four full foundations under
    officers' rules."""
    try:
        moves = officers_moves(steps, position)
        won = (
            replay(position.columns, position.cells, position.foundations, position.variant, moves)[
                2
            ]
            == (13,) * 4
        )
    except (IllegalReplayError, IndexError, FcsLibraryError):
        return None, False
    return len(moves) or None, won


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
        length, rules_ok = replays(steps_from_text(out), position)
        return Run("solvable", seconds, length, rules_ok)
    if "Iterations count exceeded" in out:
        return Run("unknown", seconds)
    if "I could not solve this game." in out:
        return Run("unsolvable", seconds)
    raise RuntimeError(f"fc-solve said: {out[-300:]!r} {done.stderr[-300:]!r}")


_FRESH_WIN = re.compile(r"a win in (\d+) moves")
_FRESH_STATUS = {0: "solvable", 1: "unsolvable", 3: "unknown"}


def run_ours_fresh(number: int, variant: str, time_limit: float, microsoft: bool = False) -> Run:
    """officers as a fresh process: ``python -m officers eightoff solve --deal N``."""
    args = [sys.executable, "-m", "officers", "eightoff", "solve", "--deal", str(number)]
    args += ["--variant", variant, "--time-limit", str(time_limit)]
    args += ["--microsoft"] * microsoft
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


@dataclass
class Fewest:
    """One solve with ``fewest=True``: its verdict, whether the win is proved shortest, its
    length (moves by place, each card to a foundation one), why it stopped short, its times."""

    status: str
    optimal: bool
    moves: int | None
    reason: str | None
    seconds: float
    cpu: float
    states: int


def run_fewest(position: Position, time_limit: float, max_states: int, compiled: bool) -> Fewest:
    """:func:`solve_position` with ``fewest=True``; with ``compiled`` False the Python A* in
    place of the compiled one (the rest as ``solve`` runs it)."""
    python = mock.patch.object(solve_module, "compiled_astar", lambda *_, **__: None)
    with python if not compiled else contextlib.nullcontext():
        wall, cpu = time.perf_counter(), time.process_time()
        solution = solve_position(
            position, time_limit=time_limit, max_states=max_states, fewest=True
        )
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return Fewest(
        solution.status,
        solution.optimal,
        len(solution.moves) if solution.status == "solvable" else None,
        solution.reason,
        wall,
        cpu,
        solution.states,
    )


def optimal_report(
    numbers: list[int],
    time_limit: float,
    max_states: int,
    path: str | None,
    python: bool = True,
) -> None:
    """Issue #40, aim 3: Microsoft's FreeCell deals, the fewest moves with the compiled A* and
    with the Python A*, interleaved (see the module's documentation, ``--optimal``); with
    ``python`` False the compiled A* alone."""
    if accel_module() is None:
        raise SystemExit("the compiled search is not built: python tools/build_extension.py")
    variant = PRESETS["freecell"]
    print(
        f"\n## The fewest moves: Microsoft FreeCell deals {numbers[0]}-{numbers[-1]}, "
        f"{time_limit:g} s and {max_states:,} states each, {load_average()}\n",
        flush=True,
    )
    runs: dict[str, list[Fewest]] = {"compiled": [], "python": []} if python else {"compiled": []}
    for i, number in enumerate(numbers):
        position = microsoft_deal(number, variant)
        for side in list(runs) if i % 2 == 0 else list(reversed(runs)):
            runs[side].append(run_fewest(position, time_limit, max_states, side == "compiled"))
        said = ", ".join(
            f"{side} {found[-1].optimal} {found[-1].moves} {found[-1].reason} {found[-1].cpu:.2f} s"
            for side, found in runs.items()
        )
        print(f"deal {number}: {said}", flush=True)
        one = runs["compiled"][-1]
        other = runs["python"][-1] if python else None
        if other and one.optimal and other.optimal and one.moves != other.moves:
            raise SystemExit(f"deal {number}: fewest moves {one.moves} and {other.moves}")
        if path:
            with open(path, "a", encoding="utf-8") as out:
                line = {"deal": number, **{k: dataclasses.asdict(v[-1]) for k, v in runs.items()}}
                out.write(json.dumps(line) + "\n")
    print(
        "\n| A* | proved shortest | stopped: time / states | median s (CPU) | "
        "mean length of the proved | median length of the proved |"
    )
    print("|---|---|---|---|---|---|")
    for side, found in runs.items():
        proved = [run.moves or 0 for run in found if run.optimal]
        reasons = Counter(run.reason for run in found if not run.optimal)
        print(
            f"| {side} | {len(proved)}/{len(found)} ({100 * len(proved) / len(found):.1f} %) "
            f"| {reasons['time']} / {reasons['memory']} "
            f"| {statistics.median(r.seconds for r in found):.2f} "
            f"({statistics.median(r.cpu for r in found):.2f}) "
            f"| {statistics.fmean(proved) if proved else float('nan'):.2f} "
            f"| {statistics.median(proved) if proved else '-'} |"
        )
    if not python:
        return
    both = [
        (a, b)
        for a, b in zip(runs["compiled"], runs["python"], strict=True)
        if a.optimal and b.optimal
    ]
    ratios = spread([a.cpu / b.cpu for a, b in both]) if both else None
    print(
        f"\nProved by both: {len(both)}, the same length on all; the compiled A* proved "
        f"{sum(a.optimal and not b.optimal for a, b in zip(runs['compiled'], runs['python'], strict=True))} "
        "the Python one did not"
        + (
            f"; CPU time compiled / Python on those: median {ratios.median:.3f} "
            f"[{ratios.q1:.3f}–{ratios.q3:.3f}]."
            if ratios
            else "."
        )
    )


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


# -- fc-solve's library in process (``--peer library``) ----------------------------------------

# fc-solve's ``-l`` theme for each game, chosen on 500 held-out deals of each (40001-40500,
# Microsoft's for FreeCell; ``--themes``): see the module's docstring.
THEMES: dict[str, str | None] = {
    "eight-off": "eo",
    "freecell": "cm",
    "bakers-game": "eo",
    "seahaven-towers": "eo",
}

# The families of issue #40: (preset, Microsoft's numbering, deals), from ``--first``.
SUITE: tuple[tuple[str, bool, int], ...] = (
    ("eight-off", False, 1000),
    ("freecell", True, 1000),
    ("seahaven-towers", False, 500),
    ("bakers-game", False, 500),
)


def deal_of(number: int, variant: Variant, microsoft: bool) -> Position:
    """Deal ``number``: Microsoft's (FreeCell's classic numbering) or officers' own."""
    return microsoft_deal(number, variant) if microsoft else Position.numbered(number, variant)


def run_ours_text(text: str, variant: Variant, time_limit: float, max_states: int) -> Run:
    """officers' whole public call on a board text: reading it (``read_board``), the search,
    the replay of the win and its notation (``solve_position``)."""
    cpu = time.process_time()
    started = time.perf_counter()
    position = read_board(text, variant)
    read = time.perf_counter()
    solution = solve_position(position, time_limit=time_limit, max_states=max_states)
    done = time.perf_counter()
    cpu = time.process_time() - cpu
    moves = len(solution.moves) if solution.status == "solvable" else None
    return Run(solution.status, done - started, moves, None, done - read, solution.states, cpu)


def run_library(solver: Solver, text: str, position: Position) -> Run:
    """fc-solve's library on the same board text: solving it, reading the win's moves and
    recycling the instance (timed); the moves replayed by officers' rules (not timed)."""
    cpu = time.process_time()
    started = time.perf_counter()
    outcome = solver.solve(text)
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu
    if outcome.status != "solvable":
        return Run(outcome.status, seconds, states=outcome.iterations, cpu=cpu)
    length, rules_ok = replays(list(outcome.steps), position)
    return Run("solvable", seconds, length, rules_ok, states=outcome.iterations, cpu=cpu)


@dataclass
class Family:
    """One game's deals, both solvers' runs deal by deal."""

    variant: Variant
    microsoft: bool
    numbers: list[int]
    theme: str | None
    ours: list[Run]
    theirs: list[Run]

    @property
    def label(self) -> str:
        deals = "Microsoft deals" if self.microsoft else "deals"
        return f"{self.variant.notation()}, {deals} {self.numbers[0]}-{self.numbers[-1]}"


def versus_library(
    variant: Variant,
    numbers: list[int],
    microsoft: bool,
    theme: str | None,
    arguments: argparse.Namespace,
) -> Family:
    """Both solvers on every deal, one after the other in an order that alternates deal by
    deal; one untimed call of each on the first deal before."""
    solver = Solver.for_variant(
        variant, theme, iterations=arguments.iterations, time_limit=arguments.time_limit
    )
    limit, states = arguments.time_limit, arguments.max_states
    family = Family(variant, microsoft, numbers, theme, [], [])
    warm = deal_of(numbers[0], variant, microsoft)
    run_ours_text(board(warm), variant, limit, states)
    solver.solve(board(warm))
    with solver:
        for i, number in enumerate(numbers):
            position = deal_of(number, variant, microsoft)
            text = board(position)  # both read the same text
            if i % 2:
                family.theirs.append(run_library(solver, text, position))
                family.ours.append(run_ours_text(text, variant, limit, states))
            else:
                family.ours.append(run_ours_text(text, variant, limit, states))
                family.theirs.append(run_library(solver, text, position))
            if (i + 1) % 1000 == 0:
                print(f"  {family.label}: {i + 1} deals", file=sys.stderr, flush=True)
    return family


def _ms(seconds: float) -> str:
    ms = 1000 * seconds
    return f"{ms:.2f}" if ms < 10 else f"{ms:.1f}" if ms < 1000 else f"{ms:,.0f}"


def _time_row(name: str, runs: list[Run]) -> str:
    times = [run.seconds for run in runs]
    statuses = Counter(run.status for run in runs)
    decided = statuses["solvable"] + statuses["unsolvable"]
    lengths = [run.moves for run in runs if run.moves]
    return (
        f"| {name} | {decided}/{len(runs)} | {statuses['solvable']} / {statuses['unsolvable']}"
        f" / {statuses['unknown']} | {_ms(statistics.median(times))} | {_ms(percentile(times, 0.9))}"
        f" | {_ms(percentile(times, 0.99))} | {_ms(max(times))} | {sum(times):.2f} s"
        f" | {statistics.median(lengths) if lengths else '-'} |"
    )


def _slowest(family: Family, runs: list[Run], others: list[Run]) -> str:
    ranked = sorted(zip(family.numbers, runs, others, strict=True), key=lambda x: -x[1].seconds)
    return ", ".join(
        f"{n} ({_ms(a.seconds)} ms, {a.status}; the other {_ms(b.seconds)})"
        for n, a, b in ranked[:10]
    )


def library_report(family: Family, version: str) -> dict[str, str]:
    """The table of one game, and its line of the summary."""
    ours, theirs, numbers = family.ours, family.theirs, family.numbers
    theme = f"-l {family.theme}" if family.theme else "its default search"
    game = " ".join(family.variant.fc_solve_args() or ())
    print(f"\n## {family.label} ({len(numbers)}), {load_average()}\n")
    print(
        f"officers: `read_board` + `solve_position` (the board text read, the search, the win "
        f"replayed and written); fc-solve {version} in process: `{game} {theme}`, the board "
        "text solved, the win's moves read, the instance recycled. Times in ms.\n"
    )
    print(
        "| solver | decided | solvable / unsolvable / unknown | median | p90 | p99 | max "
        "| total | median moves |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print(_time_row("officers", ours))
    print(_time_row("fc-solve library", theirs))
    both = [
        (n, a, b)
        for n, a, b in zip(numbers, ours, theirs, strict=True)
        if a.status != "unknown" and b.status != "unknown"
    ]
    differ = [(n, a.status, b.status) for n, a, b in both if a.status != b.status]
    checked = [run for run in theirs if run.rules_ok is not None]
    replayed = sum(bool(run.rules_ok) for run in checked)
    print(
        f"\nBoth decided {len(both)}; the verdicts agree on {len(both) - len(differ)}, differ on "
        f"{len(differ)}: {differ[:20] or 'none'}{' …' if len(differ) > 20 else ''}. "
        f"fc-solve's wins replayed by officers' rules: {replayed}/{len(checked)}."
    )
    pairs = list(zip(ours, theirs, strict=True))
    ratios = [a.seconds / b.seconds for a, b in pairs]
    search = [(a.search_seconds or a.seconds) / b.seconds for a, b in pairs]
    cpus = [(a.cpu or 0.0) / max(b.cpu or 0.0, 1e-7) for a, b in pairs]
    r, s, c = spread(ratios), spread(search), spread(cpus)
    slower = sum(x > 1 for x in ratios)
    total_ours, total_theirs = sum(a.seconds for a in ours), sum(b.seconds for b in theirs)
    cpu_ours, cpu_theirs = sum(a.cpu or 0.0 for a in ours), sum(b.cpu or 0.0 for b in theirs)
    print(
        f"Per deal, officers / fc-solve: median **{r.median:.2f}×** [{r.q1:.2f}–{r.q3:.2f}]; "
        f"officers slower on {slower}/{len(ratios)} deals; totals {total_ours:.2f} s / "
        f"{total_theirs:.2f} s = {total_ours / total_theirs:.2f}×. Without reading the board "
        f"(solve_position alone): median {s.median:.2f}× [{s.q1:.2f}–{s.q3:.2f}]. In CPU time "
        f"(the process's, time.process_time: waiting for a core left out): median "
        f"{c.median:.2f}× [{c.q1:.2f}–{c.q3:.2f}], slower on {sum(x > 1 for x in cpus)}, "
        f"totals {cpu_ours:.2f} s / {cpu_theirs:.2f} s = {cpu_ours / cpu_theirs:.2f}×."
    )
    for verdict in ("solvable", "unsolvable"):
        alike = [(a, b) for a, b in pairs if a.status == b.status == verdict]
        if alike:
            split = spread([a.seconds / b.seconds for a, b in alike])
            print(
                f"{'Won' if verdict == 'solvable' else 'Lost'} by both ({len(alike)}): median "
                f"ratio {split.median:.2f}× [{split.q1:.2f}–{split.q3:.2f}], times "
                f"{_ms(statistics.median(a.seconds for a, _ in alike))} / "
                f"{_ms(statistics.median(b.seconds for _, b in alike))} ms, totals "
                f"{sum(a.seconds for a, _ in alike):.2f} / {sum(b.seconds for _, b in alike):.2f} s;"
                f" states (officers' stored / fc-solve's checked): median "
                f"{statistics.median(a.states or 0 for a, _ in alike):.0f} / "
                f"{statistics.median(b.states or 0 for _, b in alike):.0f}, total "
                f"{sum(a.states or 0 for a, _ in alike):,} / {sum(b.states or 0 for _, b in alike):,}."
            )
    print(f"\nofficers' slowest ten: {_slowest(family, ours, theirs)}.")
    print(f"fc-solve's slowest ten: {_slowest(family, theirs, ours)}.")
    far_ours = [
        (x, n, a, b)
        for n, a, b, x, y in zip(numbers, ours, theirs, ratios, cpus, strict=True)
        if x > 10 and y > 10
    ]
    far_theirs = [
        (1 / x, n, a, b)
        for n, a, b, x, y in zip(numbers, ours, theirs, ratios, cpus, strict=True)
        if x < 0.1 and y < 0.1
    ]
    for name, far in (("officers", far_ours), ("fc-solve", far_theirs)):
        far.sort(key=lambda item: -item[0])
        print(
            f"{name} more than 10× the other (in wall and in CPU time): {len(far)}"
            + (", the farthest first: " if far else ".")
            + ", ".join(
                f"{n} ({_ms(a.seconds)} / {_ms(b.seconds)} ms, {x:.0f}×, "
                f"{a.status if a.status == b.status else a.status + '/' + b.status}, "
                f"{a.states} / {b.states} states)"
                for x, n, a, b in far[:40]
            )
            + ("." if far else "")
        )
        if len(far) > 40:
            rest = sorted(n for _, n, _, _ in far[40:])
            listed = ", ".join(map(str, rest)) if len(rest) <= 500 else "(--save keeps them)"
            print(f"The other {len(rest)}: {listed}.")
    median_o = statistics.median(a.seconds for a in ours)
    median_t = statistics.median(b.seconds for b in theirs)
    return {
        "family": family.label,
        "decided": f"{sum(a.status != 'unknown' for a in ours)} / "
        f"{sum(b.status != 'unknown' for b in theirs)} of {len(numbers)}",
        "agree": f"{len(both) - len(differ)}/{len(both)}",
        "median": f"{_ms(median_o)} / {_ms(median_t)}",
        "ratio": f"**{r.median:.2f}×** [{r.q1:.2f}–{r.q3:.2f}]",
        "cpu": f"{c.median:.2f}× [{c.q1:.2f}–{c.q3:.2f}]",
        "total": f"{total_ours:.2f} / {total_theirs:.2f} s ({total_ours / total_theirs:.2f}×)",
        "slower": f"{slower}",
        "far": f"{len(far_ours)} / {len(far_theirs)}",
    }


def save(family: Family, path: str) -> None:
    """Append one JSON line per deal to ``path``: the deal and both runs."""
    with open(path, "a", encoding="utf-8") as out:
        for number, a, b in zip(family.numbers, family.ours, family.theirs, strict=True):
            line = {
                "variant": family.variant.notation(),
                "microsoft": family.microsoft,
                "deal": number,
                "theme": family.theme,
                "officers": dataclasses.asdict(a),
                "fc_solve": dataclasses.asdict(b),
            }
            out.write(json.dumps(line) + "\n")


def summary_table(rows: list[dict[str, str]]) -> None:
    print(f"\n## Summary, officers / fc-solve's library in process, {load_average()}\n")
    print(
        "| deals | decided: officers / fc-solve | verdicts agree | median ms: officers / "
        "fc-solve | per-deal ratio, median [IQR] | the same in CPU time | total: officers / "
        "fc-solve | officers slower on | > 10× the other: officers / fc-solve |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row.values()) + " |")


def themes_report(
    variant: Variant, numbers: list[int], microsoft: bool, arguments: argparse.Namespace
) -> None:
    """fc-solve's themes on the same deals, interleaved (the order turning deal by deal), each
    verdict held against officers' (proved: a win replayed, a loss searched out)."""
    themes: list[str] = arguments.themes.split(",")
    solvers = {
        name: Solver.for_variant(
            variant,
            None if name == "default" else name,
            iterations=arguments.iterations,
            time_limit=arguments.time_limit,
        )
        for name in themes
    }
    runs: dict[str, list[Run]] = {name: [] for name in themes}
    truth = []
    for i, number in enumerate(numbers):
        position = deal_of(number, variant, microsoft)
        text = board(position)
        truth.append(run_ours_text(text, variant, arguments.time_limit, arguments.max_states))
        shift = i % len(themes)
        for name in themes[shift:] + themes[:shift]:
            runs[name].append(run_library(solvers[name], text, position))
    deals = "Microsoft deals" if microsoft else "deals"
    print(
        f"\n## fc-solve's themes: {variant.notation()}, {deals} {numbers[0]}-{numbers[-1]}, "
        f"{load_average()}\n"
    )
    print(
        "| theme | decided | solvable / unsolvable / unknown | verdicts not officers' | median ms "
        "| p90 ms | max ms | total s | median moves |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name in themes:
        found = runs[name]
        statuses = Counter(run.status for run in found)
        wrong = sum(
            "unknown" not in (run.status, ours.status) and run.status != ours.status
            for run, ours in zip(found, truth, strict=True)
        )
        times = [run.seconds for run in found]
        lengths = [run.moves for run in found if run.moves]
        print(
            f"| {name} | {statuses['solvable'] + statuses['unsolvable']} "
            f"| {statuses['solvable']} / {statuses['unsolvable']} / {statuses['unknown']} "
            f"| {wrong} | {_ms(statistics.median(times))} | {_ms(percentile(times, 0.9))} "
            f"| {_ms(max(times))} | {sum(times):.2f} | {statistics.median(lengths) if lengths else '-'} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=None, help="default 200 (--suite: 1000 500)")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--variant", default="eight-off", choices=sorted(PRESETS))
    parser.add_argument("--microsoft", action="store_true", help="Microsoft's deal numbers")
    parser.add_argument(
        "--peer",
        choices=("library", "process"),
        default="library",
        help="fc-solve in process through its library (default) or as a whole process",
    )
    parser.add_argument("--suite", action="store_true", help="the four games of issue #40")
    parser.add_argument("--theme", default=None, help="fc-solve's -l (library; 'default': none)")
    parser.add_argument("--themes", default=None, help="compare fc-solve's themes: lg,eo,…")
    parser.add_argument("--save", default=None, metavar="FILE", help="append each deal as JSON")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--max-states", type=int, default=5_000_000)
    parser.add_argument("--iterations", type=int, default=10_000_000, help="fc-solve's -mi")
    parser.add_argument("--ours-only", action="store_true")
    parser.add_argument("--fewest", type=int, default=0, metavar="N")
    parser.add_argument("--order", action="store_true")
    parser.add_argument("--optimal", action="store_true", help="the fewest moves, issue #40 aim 3")
    parser.add_argument(
        "--compiled-only", action="store_true", help="--optimal: the compiled A* alone"
    )
    parser.add_argument("--fresh", action="store_true", help="officers as a fresh process too")
    parser.add_argument("--random", type=int, default=300, help="random deals of --order")
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    variant = PRESETS[arguments.variant]
    microsoft = arguments.microsoft
    if arguments.order:
        drawn = sorted(random.Random(arguments.seed).sample(range(1, 10_001), arguments.random))
        sets = {
            "hardest 200 (first)": list(HARD_DEALS),
            "hardest 200 (current)": list(HARD_NOW_DEALS),
            f"random {arguments.random}": drawn,
        }
        order_report(sets, variant, arguments.time_limit, arguments.max_states)
        return
    count = arguments.deals or 200
    numbers = list(range(arguments.first, arguments.first + count))
    if arguments.optimal:
        optimal_report(
            numbers,
            arguments.time_limit,
            arguments.max_states,
            arguments.save,
            python=not arguments.compiled_only,
        )
        return
    if arguments.themes:
        themes_report(variant, numbers, microsoft, arguments)
        return
    if arguments.peer == "library" and not arguments.ours_only:
        games = [(arguments.variant, microsoft, count)]
        if arguments.suite:
            games = [(name, ms, arguments.deals or n) for name, ms, n in SUITE]
        version = Solver.for_variant(variant, None).version
        rows = []
        for name, ms, n in games:
            theme = arguments.theme or THEMES.get(name, "eo")
            family = versus_library(
                PRESETS[name],
                list(range(arguments.first, arguments.first + n)),
                ms,
                None if theme == "default" else theme,
                arguments,
            )
            rows.append(library_report(family, version))
            if arguments.save:
                save(family, arguments.save)
        summary_table(rows)
        return
    with_fc_solve = not arguments.ours_only
    if with_fc_solve and shutil.which("fc-solve") is None:
        raise SystemExit("fc-solve is not installed (Debian: apt-get install freecell-solver-bin)")
    ours: list[Run] = []
    theirs: list[Run] = []
    fresh: list[Run] = []
    sides = ["ours"] + ["fc-solve"] * with_fc_solve + ["fresh"] * arguments.fresh
    for i, number in enumerate(numbers):
        position = deal_of(number, variant, microsoft)
        shift = i % len(sides)  # the order turns from deal to deal
        for side in sides[shift:] + sides[:shift]:
            if side == "ours":
                ours.append(run_ours(position, arguments.time_limit, arguments.max_states))
            elif side == "fc-solve":
                theirs.append(run_fc_solve(position, arguments.time_limit, arguments.iterations))
            else:
                fresh.append(
                    run_ours_fresh(number, arguments.variant, arguments.time_limit, microsoft)
                )
    report(numbers, ours, theirs if with_fc_solve else None, variant, fresh)
    if arguments.fewest:
        fewest_report(
            numbers[: arguments.fewest], variant, arguments.time_limit, arguments.max_states
        )


if __name__ == "__main__":
    main()
