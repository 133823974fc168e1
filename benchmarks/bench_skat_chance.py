"""The Offiziersskat chance game: how far the exact search reaches, how long a tip takes, the
bots' win rates and Vorhand's share of deals with best play.

**exact**: positions with ``h`` cards face down (for each ``h`` of ``--hidden``), reached by a
random line of play from numbered deals (the game ``C S H D G`` in turn), are solved exactly
(:func:`officers.skat.chance.exact_value`, the win probability, or with ``--objective points``
the expected points) under ``--limit`` seconds (wall clock), by the compiled search where it
is built (in ``--threads`` threads, by default two where the process may use two CPUs); the
table gives, by ``h``, the positions solved within 1 s and within 10 s (or the limit), the
median and largest time and the tricks left; with ``--python`` the same search in Python (the
peer) too, interleaved, and the paired ratio.

**tips**: the time of :func:`officers.skat.tips.tip` at the game choice, the first lead and
after 4, 8 and 12 tricks, on ``--deals`` numbered deals.

**bots**: Vorhand's win rate for each pair of ``--bots`` on ``--deals`` deals of ``--seed``
(:func:`officers.skat.simulate.simulate_pairs`; ``montecarlo`` with ``--samples`` positions
and ``--budget`` seconds a move), as a Markdown table.

**best**: the share of ``--deals`` deals Vorhand wins double dummy with the best game, and with
``--samples`` the estimated chance of the best game in the chance game
(:func:`officers.skat.simulate.best_play`).

Run: ``python -m benchmarks.bench_skat_chance exact|tips|bots|best [--deals 20] [--seed 0]
[--hidden 2 3 4 5 6 7] [--limit 10] [--objective win] [--python] [--threads N] [--bots random greedy montecarlo] [--samples 10]
[--budget 0.1] [--jobs 2]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from officers.core.errors import SolverTimeoutError
from officers.skat import GAMES, SkatGame
from officers.skat.bots import ExactBot, MonteCarloBot, SkatBot, get_bot
from officers.skat.chance import exact_value
from officers.skat.public import Public
from officers.skat.simulate import best_play, results_table, simulate_pairs
from officers.skat.tips import tip


def with_hidden(hidden: int, number: int) -> SkatGame | None:
    """Numbered deal ``number`` played at random (seeded by it) until ``hidden`` cards are
    face down, or ``None`` when the line passes that count."""
    rng = random.Random(number)
    game = SkatGame.deal(number)
    game.push(GAMES[number % 5])
    while game.phase == "play":
        now = Public.of(game).hidden_count()
        if now == hidden:
            return game
        if now < hidden:
            return None
        game.push(rng.choice(game.legal_moves()))
    return None


def timed_exact(game: SkatGame, args: argparse.Namespace, compiled: bool | None) -> float:
    """Seconds of one exact value (``inf`` past ``--limit``)."""
    start = time.perf_counter()
    try:
        exact_value(
            game, args.objective, time_limit=args.limit, compiled=compiled, threads=args.threads
        )
    except SolverTimeoutError:
        return float("inf")
    return time.perf_counter() - start


def bench_exact(args: argparse.Namespace) -> None:
    """By cards face down: the positions solved within 1 s and 10 s, the median and largest
    time; with ``--python`` the search in Python too (the peer: the same search, not compiled),
    interleaved position by position, and the paired ratio where both finished."""
    header = (
        "| hidden | positions | solved ≤ 1 s | solved ≤ 10 s | solved in the limit | median "
        "| max | tricks left |"
    )
    rule = "|---:|---:|---:|---:|---:|---:|---:|---|"
    if args.python:
        header += " Python: solved ≤ 10 s | Python median | Python / compiled (paired median) |"
        rule += "---:|---:|---:|"
    print(header)
    print(rule)
    for hidden in args.hidden:
        times: list[float] = []
        python: list[float] = []
        left: list[int] = []
        number = 0
        while len(times) < args.deals:
            game = with_hidden(hidden, number)
            number += 1
            if game is None:
                continue
            order = (None, False) if len(times) % 2 == 0 else (False, None)
            for compiled in order if args.python else (None,):
                seconds = timed_exact(game, args, compiled)
                (times if compiled is None else python).append(seconds)
            left.append(game.position.tricks_left)
        row = (
            f"| {hidden} | {len(times)} | "
            + " | ".join(summary(times))
            + (f" | {min(left)}–{max(left)} |")
        )
        if args.python:
            both = [p / c for c, p in zip(times, python, strict=True) if max(c, p) < float("inf")]
            ratio = f"{statistics.median(both):,.0f}×" if both else "-"
            row += f" {summary(python)[1]} | {summary(python)[3]} | {ratio} |"
        print(row, flush=True)


def summary(times: list[float]) -> list[str]:
    """Solved within 1 s, within 10 s and within the limit, the median and the largest finished
    time."""
    shown = [t for t in times if t != float("inf")]
    median = statistics.median(times)
    largest = seconds(max(shown)) if shown else "-"
    return [
        str(sum(t <= 1 for t in times)),
        str(sum(t <= 10 for t in times)),
        str(len(shown)),
        "> limit" if median == float("inf") else seconds(median),
        f"{largest}{' (+ timeouts)' if len(shown) < len(times) else ''}",
    ]


def seconds(t: float) -> str:
    """A time in s, or in ms below a second."""
    return f"{t:.2f} s" if t >= 1 else f"{t * 1000:.3g} ms"


def bench_tips(args: argparse.Namespace) -> None:
    stages = {"game choice": -1, "first lead": 0, "after 4 tricks": 8, "after 8 tricks": 16}
    stages["after 12 tricks"] = 24
    print("| stage | median | max | exact |")
    print("|---|---:|---:|---:|")
    for stage, moves in stages.items():
        times, exact = [], 0
        for number in range(args.deals):
            game = SkatGame.deal(number)
            if moves >= 0:
                game.push(GAMES[number % 5])
                rng = random.Random(number)
                for _ in range(moves):
                    game.push(rng.choice(game.legal_moves()))
            start = time.perf_counter()
            advice = tip(game)
            times.append(time.perf_counter() - start)
            exact += advice.exact
        print(
            f"| {stage} | {statistics.median(times):.3f} s | {max(times):.3f} s | "
            f"{exact}/{args.deals} |",
            flush=True,
        )


def _bot(name: str, args: argparse.Namespace) -> str | SkatBot:
    if name == "montecarlo":
        return MonteCarloBot(samples=args.samples, budget=args.budget)
    if name == "exact":
        return ExactBot(samples=args.samples, budget=args.budget)
    return get_bot(name).name


def bench_bots(args: argparse.Namespace) -> None:
    bots = [_bot(name, args) for name in args.bots]
    pairs = [(a, b) for a in bots for b in bots]
    start = time.perf_counter()
    results = simulate_pairs(pairs, args.deals, args.seed, jobs=args.jobs)
    print(results_table(results, markdown=True))
    print(f"\n{args.deals} deals a pair, seed {args.seed}, {time.perf_counter() - start:.0f} s")


def bench_best(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    result = best_play(args.deals, args.seed, samples=args.samples, jobs=args.jobs)
    print(json.dumps(result.to_dict(), indent=1))
    print(f"{time.perf_counter() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=["exact", "tips", "bots", "best"])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", type=int, nargs="+", default=[2, 3, 4, 5, 6, 7])
    parser.add_argument("--limit", type=float, default=10.0)
    parser.add_argument("--objective", choices=["win", "points"], default="win")
    parser.add_argument("--python", action="store_true", help="exact: the Python search too")
    parser.add_argument(
        "--threads", type=int, default=None, help="exact: the compiled search's threads"
    )
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "montecarlo"])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    {"exact": bench_exact, "tips": bench_tips, "bots": bench_bots, "best": bench_best}[args.what](
        args
    )


if __name__ == "__main__":
    main()
