"""The Offiziersskat double-dummy solver on numbered deals: the compiled search, the Python
search and plain alpha-beta, interleaved.

**Whole deals.** For each numbered deal (:meth:`officers.skat.Deal.numbered`) and its game (by
default deal N plays ``C S H D G`` in turn, N mod 5; ``--game`` fixes one, ``--game all`` takes
all five; ``--game best`` starts before the choice: the best game's value, found by solving all
five, and the win test with any of them), from the first lead: the exact value
(:func:`officers.skat.solve.solve`, no line) and the win test (:func:`officers.skat.solve.wins`,
one zero-window search), each by the compiled search (``officers.skat._dd``, where it is built)
in one thread, the exact value also in each number of threads of ``--threads`` (2 by default:
the zero-window tests run two at once), and by the Python search (``compiled=False``;
``--no-python-whole`` leaves it out: a whole deal takes it seconds), in an order that rotates
from deal to deal. All must agree (the run stops otherwise). The table gives the median, 90th
and 99th percentile and the largest time, the median number of tricks searched (all threads'),
and paired ratios: Python / compiled, and one thread / N threads (the speed-up); a line gives
the largest table the compiled search grew to. With ``--clock cpu`` the threads' CPU seconds
add up: compare the threads' rows by the wall clock.

**Anatomy** (``--anatomy``). For each whole deal, the zero-window tests that find its exact
value (each target, the bound it proved and the tricks it searched) and the values of the first
leads, best first: where the time of an exact value goes.

**By tricks left.** From each deal a line of play drawn at random (seeded by the deal number)
is followed until ``k`` tricks are left, for each ``k`` of ``--left``; on that position the
compiled search's exact value, the Python search's (up to ``--python-max`` tricks left) and the
peer's, plain alpha-beta (:func:`officers.skat.search.plain_value`: the same trick order and
window, no table, no move ordering, no equivalent cards; up to ``--peer-max`` tricks left and
under ``--peer-limit`` seconds: a peer that runs out is counted, and its ratio left out), one
after the other in a rotating order. All must agree. Ratios are paired: the median over the
positions of the other's time / the compiled search's.

**Against an earlier build** (``--baseline REV``). The compiled search of ``officers/skat/_dd.c``
as it was at git revision ``REV`` is built into a temporary directory (under another module
name, with the flags of ``tools/build_extension.py``) and runs as one more search of the whole
deals, ``baseline``, in one thread, interleaved with the others: its row's paired ratio is the
baseline's time over the current build's, deal by deal (above 1: the current build is faster).
It must agree on every value.

Times are wall-clock seconds in this process (no start-up, no import), or with ``--clock cpu``
the CPU seconds of this process (the searches' own work, which others' load on a shared machine
slows less). The load is printed: the machine is shared, so compare ratios rather than absolute
times across runs.

Run: ``python -m benchmarks.bench_skat [--deals 20] [--first 1] [--game rotate]
[--left 4 6 8 10 12 14] [--python-max 12] [--peer-max 8] [--peer-limit 60] [--clock wall]
[--anatomy] [--no-whole] [--no-python-whole] [--threads 2] [--baseline REV]``.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import random
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import TypeVar
from unittest import mock

from benchmarks.harness import format_ratio, format_seconds, load_average
from officers.core.errors import SolverTimeoutError
from officers.skat import GAMES, Deal, GameType, Move, Position, SkatGame, accel, parse_game
from officers.skat.rules import legal_moves, play
from officers.skat.search import Board, Search, plain_value
from officers.skat.solve import solve, wins


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0 .. 1) of some values."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[index]


T = TypeVar("T")


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""``--clock``: wall-clock seconds, or the CPU seconds of this process (what the searches
themselves take, on a machine others load too)."""

CHOSEN = {"clock": "wall"}
"""The clock :func:`timed` reads (set from ``--clock``)."""


def timed(call: Callable[[], T]) -> tuple[float, T]:
    """Seconds of one call (by the chosen clock), and its answer."""
    clock = CLOCKS[CHOSEN["clock"]]
    start = clock()
    answer = call()
    return clock() - start, answer


def games_of(number: int, choice: str) -> list[GameType]:
    """The games deal ``number`` is played in (``best``: as ``rotate`` for positions reached by
    play; whole deals then start before the choice)."""
    if choice in ("rotate", "best"):
        return [GAMES[number % 5]]
    if choice == "all":
        return list(GAMES)
    return [parse_game(choice)]


def peer(position: Position, limit: float) -> int:
    """The peer's value of a position (its board built inside the timing, as the solver's)."""
    return plain_value(Board(position), time_limit=limit)


def vorhand(position: Position, leader_value: int) -> int:
    """Vorhand's final points from the value for the leader of the trick on the table."""
    out = 120 - sum(position.points)
    own = leader_value if position.leader == 0 else out - leader_value
    return position.points[0] + own


BASELINE: dict[str, ModuleType] = {}
"""``--baseline``: the compiled search of an earlier revision, under the key ``"module"``."""


def build_baseline(revision: str, into: Path) -> ModuleType:
    """The compiled search of ``officers/skat/_dd.c`` at git ``revision``, built in ``into``
    as the module ``_dd_baseline`` (its init function renamed) and loaded."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(
        ["git", "show", f"{revision}:officers/skat/_dd.c"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    source = source.replace("PyInit__dd(", "PyInit__dd_baseline(")
    path = into / "_dd_baseline.c"
    path.write_text(source)
    tool = importlib.util.spec_from_file_location(
        "build_extension", root / "tools/build_extension.py"
    )
    assert tool is not None and tool.loader is not None
    build_extension = importlib.util.module_from_spec(tool)
    tool.loader.exec_module(build_extension)
    out = into / "_dd_baseline.so"
    for command in build_extension.commands(path, out, into):
        subprocess.run(command, check=True)
    loader = importlib.machinery.ExtensionFileLoader("_dd_baseline", str(out))
    spec = importlib.util.spec_from_file_location("_dd_baseline", out, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


@contextmanager
def searching_with(search: str) -> Iterator[None]:
    """The compiled module the solver takes while a search runs: the baseline's for
    ``baseline``, else the installed one."""
    if search != "baseline":
        yield
        return
    with mock.patch.object(accel, "module", lambda: BASELINE["module"]):
        yield


def threads_of(search: str) -> int:
    """The threads of a search's name: ``compiled-N`` runs N, the others one."""
    return int(search.split("-")[1]) if search.startswith("compiled-") else 1


def solved(start: Position, search: str) -> tuple[float, int, int, float, bool]:
    """Seconds and answer of the exact value (and its tricks searched), then of the win test,
    by one search: ``compiled`` (one thread), ``compiled-N`` (N threads), ``baseline`` (an
    earlier build, one thread) or ``python``."""
    flag = search != "python"
    with searching_with(search):
        value_seconds, solution = timed(
            partial(solve, start, line=False, compiled=flag, threads=threads_of(search))
        )
        win_seconds, win = timed(partial(wins, start, compiled=flag))
    if (solution.value >= 61) != win:
        raise SystemExit(f"{start}: the value and the win test disagree")
    return value_seconds, solution.value, solution.nodes, win_seconds, win


def largest_table(start: Position) -> int:
    """The bytes of the compiled table after the exact value of a position with a chosen game
    (the table grows while the search runs), or 0 without the compiled search."""
    if accel.module() is None or start.game is None:
        return 0
    search = Search(Board(start), compiled=True)
    search.exact()  # the exact value's tests, in one thread
    assert search.native is not None
    return search.native.stats()[2]


def whole_deals(numbers: Sequence[int], choice: str, searches: list[str]) -> None:
    """The table of whole deals (see the module)."""
    times: dict[str, list[float]] = {
        f"{w} {s}": [] for w in ("value", "win") for s in searches if w == "value" or "-" not in s
    }
    nodes: dict[str, list[int]] = {s: [] for s in searches}
    tables: list[int] = []
    won = 0
    for i, number in enumerate(numbers):
        for game in games_of(number, choice):
            start = Position(Deal.numbered(number).piles, None if choice == "best" else game)
            answers = set()
            for search in searches[i % len(searches) :] + searches[: i % len(searches)]:
                value_s, value, count, win_s, win = solved(start, search)
                times[f"value {search}"].append(value_s)
                if f"win {search}" in times:  # one zero-window test: no threads
                    times[f"win {search}"].append(win_s)
                nodes[search].append(count)
                answers.add((value, win))
            if len(answers) != 1:
                raise SystemExit(f"deal {number} {game}: the searches disagree: {answers}")
            won += answers.pop()[1]
            tables.append(largest_table(start))
    what = "deals before the game choice" if choice == "best" else "games"
    print(f"### Whole deals ({len(tables)} {what}, 16 tricks from the first lead)\n")
    print("| search | median | p90 | p99 | max | median tricks searched | paired ratio |")
    print("|---|---|---|---|---|---|---|")
    for name, samples in times.items():
        what_kind, search = name.split()
        cells = [statistics.median(samples), percentile(samples, 0.9)]
        cells += [percentile(samples, 0.99), max(samples)]
        searched = f"{statistics.median(nodes[search]):,.0f}" if what_kind == "value" else "–"
        paired = "–"
        base = times.get(f"{what_kind} compiled")
        if search == "python" and base:  # how much slower than the compiled search
            ratio = statistics.median(p / c for p, c in zip(samples, base, strict=True))
            paired = f"python / compiled {format_ratio(ratio)}"
        elif search == "baseline" and base:  # how much slower the earlier build
            ratio = statistics.median(p / c for p, c in zip(samples, base, strict=True))
            paired = f"baseline / compiled {ratio:.3f}×"  # near 1: three decimals
        elif search != "compiled" and base:  # how much faster than one thread
            ratio = statistics.median(c / t for t, c in zip(samples, base, strict=True))
            paired = f"1 thread / {threads_of(search)} {format_ratio(ratio)}"
        label = {"value": "exact value", "win": "win test (≥ 61)"}[what_kind]
        shown = f"compiled, {threads_of(search)} threads" if "-" in search else search
        print(
            f"| {label}, {shown} | "
            + " | ".join(format_seconds(t) for t in cells)
            + f" | {searched} | {paired} |"
        )
    if any(tables):
        print(
            f"\nThe compiled table grew to at most {max(tables) / 2**20:.1f} MiB "
            f"(median {statistics.median(tables) / 2**20:.1f} MiB)."
        )
    print(f"\nVorhand wins {won} of {len(tables)}.\n")


def anatomy(numbers: Sequence[int], choice: str) -> None:
    """What the exact value of each whole deal costs (``--anatomy``): the zero-window tests
    of its halving (the target, the bound found, the tricks searched), then the value of each
    first lead (the position after it solved), the best marked."""
    print("### The tests of each whole deal (compiled when built)\n")
    print("| deal | value | tests: target → bound (tricks searched) | the first leads' values |")
    print("|---|---|---|---|")
    for number in numbers:
        for game in games_of(number, choice):
            start = Position(Deal.numbered(number).piles, game)
            search = Search(Board(start), compiled=accel.module() is not None)
            low, high, tests = 0, 120, []
            while low < high:  # the halving of officers.skat.solve, Vorhand leading
                target, before = (low + high + 1) // 2, search.nodes
                found = search.value(target - 1, target)
                low, high = (found, high) if found >= target else (low, found)
                tests.append(f"{target} → {found} ({search.nodes - before:,})")
            firsts = sorted(
                (solve(play(start, move), line=False).value for move in legal_moves(start)),
                reverse=True,
            )
            print(
                f"| {number} {game} | {low} | {', '.join(tests)} | {' '.join(map(str, firsts))} |"
            )
    print()


def line_to(number: int, game: str, left: int) -> Position:
    """Deal ``number`` in ``game``, played at random (seeded by the deal) to ``left`` tricks."""
    rng = random.Random(number)
    state = SkatGame.deal(number)
    state.push(Move.choose(parse_game(game)))
    while state.position.tricks_left > left:
        state.push(rng.choice(state.legal_moves()))
    return state.position


def timed_runs(
    position: Position, names: Sequence[str], peer_limit: float
) -> tuple[dict[str, float], dict[str, int], bool]:
    """Seconds and Vorhand's value of each search named (``compiled``, ``python``, ``peer``)
    on one position, in that order; whether the peer ran out of time."""
    runs: dict[str, float] = {}
    answers: dict[str, int] = {}
    for name in names:
        if name == "peer":
            try:
                seconds, raw = timed(partial(peer, position, peer_limit))
            except SolverTimeoutError:
                return runs, answers, True
            runs[name], answers[name] = seconds, vorhand(position, raw)
        else:
            flag = name == "compiled"
            seconds, solution = timed(partial(solve, position, line=False, compiled=flag))
            runs[name], answers[name] = seconds, solution.value
    return runs, answers, False


def by_tricks_left(
    numbers: Sequence[int], choice: str, lefts: Sequence[int], limits: tuple[int, int, float]
) -> None:
    """The table by tricks left, the compiled search against the Python search and the peer
    (see the module); ``limits``: the most tricks left for the Python search and the peer, and
    the peer's time limit."""
    python_max, peer_max, peer_limit = limits
    first = "compiled" if accel.module() is not None else "python"
    print(f"### By tricks left (exact value; ratios paired against the {first} search)\n")
    print(
        f"| tricks left | positions | {first} median | {first} p99 | python median | "
        "python / compiled | plain median | plain / compiled | plain out of time |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for left in lefts:
        samples: dict[str, list[float]] = {"compiled": [], "python": [], "peer": []}
        ratios: dict[str, list[float]] = {"python": [], "peer": []}
        out = 0
        for i, number in enumerate(numbers):
            for game in games_of(number, choice):
                position = line_to(number, game, left)
                names = [first]
                if first == "compiled" and left <= python_max:
                    names.append("python")
                if left <= peer_max:
                    names.append("peer")
                names = names[i % len(names) :] + names[: i % len(names)]
                runs, answers, ran_out = timed_runs(position, names, peer_limit)
                out += ran_out
                if len(set(answers.values())) > 1:
                    raise SystemExit(f"deal {number} {game}, {left} left: {answers}")
                for name, seconds in runs.items():
                    samples[name if name != first else "compiled"].append(seconds)
                    if name != first:
                        ratios[name].append(seconds / runs[first])
        mine = samples["compiled"]
        cells = [str(len(mine)), format_seconds(statistics.median(mine))]
        cells.append(format_seconds(percentile(mine, 0.99)))
        for name in ("python", "peer"):
            if ratios[name]:
                cells.append(format_seconds(statistics.median(samples[name])))
                cells.append(format_ratio(statistics.median(ratios[name])))
            else:
                cells += ["–", "–"]
        print(f"| {left} | " + " | ".join(cells) + f" | {out} |")
    print()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--game", default="rotate", choices=["rotate", "all", "best", *GAMES])
    parser.add_argument("--left", type=int, nargs="*", default=[4, 6, 8, 10, 12, 14])
    parser.add_argument("--python-max", type=int, default=12)
    parser.add_argument("--peer-max", type=int, default=8)
    parser.add_argument("--peer-limit", type=float, default=60.0)
    parser.add_argument(
        "--clock", default="wall", choices=sorted(CLOCKS), help="wall-clock or CPU seconds"
    )
    parser.add_argument(
        "--anatomy", action="store_true", help="each whole deal's tests and first leads' values"
    )
    parser.add_argument("--no-whole", action="store_true", help="leave out whole deals")
    parser.add_argument(
        "--threads",
        type=int,
        nargs="*",
        default=[2],
        help="whole deals also by the compiled search in this many threads (each a row)",
    )
    parser.add_argument(
        "--no-python-whole", action="store_true", help="whole deals by the compiled search only"
    )
    parser.add_argument(
        "--baseline",
        metavar="REV",
        help="whole deals also by the compiled search of git revision REV (one thread)",
    )
    args = parser.parse_args(argv)
    CHOSEN["clock"] = args.clock
    numbers = range(args.first, args.first + args.deals)
    print(f"## Offiziersskat double dummy: deals {args.first} .. {numbers[-1]}\n")
    print(f"Load: {load_average()}; the search: {accel.status()}; clock: {args.clock}\n")
    Deal.numbered(0)  # the first call's imports and tables are not timed
    searches = ["compiled", "python"] if accel.module() is not None else ["python"]
    if args.no_python_whole and accel.module() is not None:
        searches = ["compiled"]
    if accel.module() is not None:
        searches[1:1] = [f"compiled-{n}" for n in args.threads if n > 1]
    if args.anatomy:
        anatomy(numbers, args.game)
    with tempfile.TemporaryDirectory() as work:
        if args.baseline and accel.module() is not None and not args.no_whole:
            BASELINE["module"] = build_baseline(args.baseline, Path(work))
            searches[1:1] = ["baseline"]
            print(f"Baseline: the compiled search of {args.baseline}\n")
        if not args.no_whole:
            whole_deals(numbers, args.game, searches)
    limits = (args.python_max, args.peer_max, args.peer_limit)
    by_tricks_left(numbers, args.game, args.left, limits)
    print(f"Load after: {load_average()}")


if __name__ == "__main__":
    main()
