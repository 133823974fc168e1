"""The designers' full experiment and the census of starts, by the rules of
:mod:`benchmarks.harness`: the census as a first call in fresh processes and warm (medians over
rounds), the experiment (30,000 games, ``officers.euler.simulate`` with 2 jobs) once: one round, no
spread, since it takes half a minute of both cores.

Run: ``python -m benchmarks.bench_experiment [--rounds N] [--deals N] [--jobs J]``.
"""

from __future__ import annotations

import argparse
import time

from benchmarks.harness import first_call, format_seconds, measure, spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--deals", type=int, default=2500)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    from officers.euler.puzzles import census

    first = spread(first_call("from officers.euler.puzzles import census", "census()", args.rounds))
    census()
    warm = spread(measure({"census": census}, rounds=args.rounds)["census"])
    print("| work | figure |\n|---|---:|")
    for name, s in (("census, first call in a fresh process", first), ("census, warm", warm)):
        print(
            f"| {name} ({s.n} rounds) | {format_seconds(s.median)} "
            f"[{format_seconds(s.q1)}–{format_seconds(s.q3)}] |"
        )
    from officers.euler.game import LEVELS
    from officers.euler.simulate import Task, run_tasks

    tasks = [Task.make("designers", level, players) for level in LEVELS for players in (2, 3, 4)]
    start = time.perf_counter()
    run_tasks(tasks, deals=args.deals, seed=1, jobs=args.jobs, progress=False)
    elapsed = time.perf_counter() - start
    games = args.deals * len(tasks)
    print(f"| the experiment, {games} games, {args.jobs} jobs (1 run) | {elapsed:.1f} s |")


if __name__ == "__main__":
    main()
