"""This checkout against another (an older version): the census of puzzle starts and the
designers' full experiment, run from both in the same run, interleaved, paired by round (the
rules of :mod:`benchmarks.harness`).

Each measurement runs in a fresh interpreter that imports officers from its checkout:

- **census**: ``census()`` (rows and columns) as the first call of the process, the completion
  index loaded on the way, then ``census(Rules(diagonals=True))``; the import of
  ``officers.euler.puzzles`` (with what it loads) is timed apart;
- **experiment**: the designers' bot, every level (or ``--levels``), 2, 3 and 4 players,
  ``--deals`` deals each (2,500: 30,000 games), ``officers.euler.simulate.run_tasks`` with ``--jobs``
  processes; the wins of both checkouts are compared (the same seed deals the same cards, so
  the same bot plays the same games). Its CPU time (this process and its workers, user +
  system) is given too: it moves much less with the machine's load than the wall time.

Make the other checkout with ``git worktree add /tmp/old COMMIT`` (or ``git archive COMMIT |
tar -x -C /tmp/old``); both are compiled first (``compileall``), as pip compiles an installed
package.

Run: ``python -m benchmarks.bench_versus --against DIR [--rounds N] [--experiments N]
[--deals N] [--jobs J]``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import subprocess
import sys

from benchmarks.harness import format_ratio, format_seconds, load_average, spread

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CENSUS = """
import sys, time, json
sys.path.insert(0, {root!r})
clock = time.perf_counter
start = clock()
from officers import Rules
from officers.euler.puzzles import census
imported = clock()
plain = census()
first = clock()
diagonal = census(Rules(diagonals=True))
second = clock()
print(json.dumps({{"import": imported - start, "census": first - imported,
    "census, diagonals": second - first,
    "answer": [plain.row(4).unique, diagonal.row(4).unique]}}))
"""

EXPERIMENT = """
import sys, time, json
sys.path.insert(0, {root!r})
from officers.euler.game import LEVELS
from officers.euler.simulate import Task, run_tasks
levels = [level for level in LEVELS if level.name in {levels!r}]
tasks = [Task.make("designers", level, players) for level in levels for players in (2, 3, 4)]
start = time.perf_counter()
results = run_tasks(tasks, deals={deals}, seed=1, jobs={jobs}, progress=False)
elapsed = time.perf_counter() - start
import resource
used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
cpu = sum(u.ru_utime + u.ru_stime for u in used)
print(json.dumps({{"experiment": elapsed, "experiment, CPU (all processes)": cpu,
    "answer": [r.wins for r in results]}}))
"""


def run(code: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def paired(template: str, roots: dict[str, str], rounds: int) -> dict[str, dict[str, list[float]]]:
    """For each checkout, each timed figure of the child program, one sample a round; the
    checkouts alternate which goes first. The answers must agree."""
    samples: dict[str, dict[str, list[float]]] = {name: {} for name in roots}
    names = list(roots)
    for r in range(rounds):
        answers = {}
        for name in names if r % 2 == 0 else names[::-1]:
            found = run(template.format(root=roots[name]))
            answers[name] = found.pop("answer")
            for key, value in found.items():
                assert isinstance(value, float)
                samples[name].setdefault(key, []).append(value)
        if len({json.dumps(answer) for answer in answers.values()}) != 1:
            print(f"(the checkouts answer differently: {answers})")
    return samples


def table(samples: dict[str, dict[str, list[float]]]) -> None:
    this, other = list(samples)
    print(f"| figure | {this} | {other} | {this} / {other}, paired [q1–q3] |")
    print("|---|---:|---:|---:|")
    for key in samples[this]:
        mine, theirs = samples[this][key], samples[other][key]
        a, b = spread(mine), spread(theirs)
        r = spread([x / y for x, y in zip(mine, theirs, strict=True)])
        print(
            f"| {key} | {format_seconds(a.median)} [{format_seconds(a.q1)}–{format_seconds(a.q3)}]"
            f" | {format_seconds(b.median)} [{format_seconds(b.q1)}–{format_seconds(b.q3)}] | "
            f"{format_ratio(r.median)} [{format_ratio(r.q1)}–{format_ratio(r.q3)}] |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="DIR", required=True)
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the census")
    parser.add_argument("--experiments", type=int, default=3, help="rounds of the experiment")
    parser.add_argument("--deals", type=int, default=2500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--skip-census", action="store_true")
    parser.add_argument(
        "--levels", default="easy,normal,hard,expert", help="the experiment's levels (by name)"
    )
    args = parser.parse_args()
    roots = {"this checkout": ROOT, "against": os.path.abspath(args.against)}
    for root in roots.values():
        compileall.compile_dir(os.path.join(root, "officers"), quiet=1)
    print(f"Against: {roots['against']}. Before: {load_average()}.\n")
    if not args.skip_census:
        print(f"#### The census, first call in a fresh process, {args.rounds} rounds\n")
        table(paired(CENSUS, roots, args.rounds))
    if args.experiments:
        levels = args.levels.split(",")
        games = 3 * len(levels) * args.deals
        print(
            f"\n#### The experiment ({', '.join(levels)}), {games:,} games, {args.jobs} jobs, {args.experiments} rounds\n"
        )
        code = EXPERIMENT.replace("{deals}", str(args.deals)).replace("{jobs}", str(args.jobs))
        code = code.replace("{levels!r}", repr(levels))
        table(paired(code, roots, args.experiments))
    print(f"\nAfter: {load_average()}.")


if __name__ == "__main__":
    main()
