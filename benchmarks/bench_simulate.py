"""The designers' full experiment: 2500 deals × 4 levels × 3 player counts, the designers' bot;
or, with ``--game``, a simulation of any game by the runner of every game.

Run: ``python -m benchmarks.bench_simulate [--deals N] [--jobs J] [--bot B] [--seed S]``, or
``python -m benchmarks.bench_simulate --game skat --bot greedy,random [--deals N] ...``.
Target: under 60 s on 2 cores. Prints the table of results and the time; also checks that one
job and several jobs give the same numbers on a small run first.
"""

from __future__ import annotations

import argparse
import os
import time

from officers.euler.game import LEVELS
from officers.euler.simulate import Task, results_table, run_tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2500)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--bot", default="designers", help="with --game: A,B for one a seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", help="officers, eightoff or skat: the runner of every game")
    args = parser.parse_args()
    if args.game is not None:
        game(args)
        return
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    tasks = [Task.make(args.bot, level, players) for level in LEVELS for players in (2, 3, 4)]

    small = [tasks[0], tasks[-1]]
    one = run_tasks(small, deals=40, seed=args.seed, jobs=1, progress=False)
    many = run_tasks(small, deals=40, seed=args.seed, jobs=args.jobs, progress=False)
    print(f"same numbers with 1 job and {args.jobs or cores} jobs: {one == many}")

    start = time.perf_counter()
    results = run_tasks(tasks, deals=args.deals, seed=args.seed, jobs=args.jobs)
    elapsed = time.perf_counter() - start
    games = args.deals * len(tasks)
    print(results_table(results))
    print()
    print(
        f"{games} games ({args.bot} bot) in {elapsed:.1f} s on {args.jobs or cores} "
        f"job(s), {cores} core(s): {1000 * elapsed / games:.2f} ms a game (target: under 60 s)"
    )


def game(args: argparse.Namespace) -> None:
    """One simulation of ``args.game`` by :func:`officers.games.simulate.simulate`."""
    from officers.games.simulate import results_table as table
    from officers.games.simulate import simulate

    bots = args.bot.split(",")
    one = simulate(args.game, bots, deals=10, seed=args.seed, jobs=1, progress=False)
    many = simulate(args.game, bots, deals=10, seed=args.seed, jobs=args.jobs, progress=False)
    print(f"same numbers with 1 job and {args.jobs or 'every CPU'}: {one == many}")
    start = time.perf_counter()
    result = simulate(args.game, bots, deals=args.deals, seed=args.seed, jobs=args.jobs)
    elapsed = time.perf_counter() - start
    print(table([result]))
    print()
    print(
        f"{result.games} games of {args.game} ({args.bot}) in {elapsed:.1f} s: "
        f"{1000 * elapsed / max(1, result.games):.2f} ms a game"
    )


if __name__ == "__main__":
    main()
