"""What a user pays at the command line: whole processes, start to exit, by the rules of
:mod:`benchmarks.harness` (interleaved rounds, medians with their spread).

The processes: a bare interpreter (``python -c pass``), ``import officers``, and the commands
``officers count SQUARE``, ``officers hint SQUARE --hand ... --json``, ``officers puzzle verify
SQUARE`` (one start's report: the symmetry groups and the riddle classes on the way),
``officers eightoff solve --deal 5`` (Eight Off's game and solver, a search of a few hundred
positions: nearly all of it the start) and ``officers --help``, run as the installed ``officers`` script runs them (``from officers.cli import main``) from this
checkout. Each figure is given twice: the wall time (what a user waits, including any wait for
a core on a loaded machine) and the CPU time of the process (user + system, from the operating
system's account: the work itself, steadier under load). The cost of a command is its time
minus the bare interpreter's, paired by round, and its CPU time as a multiple of the bare
interpreter's, paired by round (the figure that holds on a loaded machine, whose speed drifts).

``--against DIR`` runs the same commands from another checkout too (e.g. an older version,
``git worktree add /tmp/old TAG``), interleaved in the same rounds, and gives the paired ratio
this checkout / that one.

Bytecode: the checkouts' modules are compiled first (``compileall``), as pip compiles an
installed package's; without it every process compiles the sources again.

Also checks that ``import officers`` loads none of the heavy modules and no submodule.

Run: ``python -m benchmarks.bench_startup [--rounds N] [--against DIR]``.
"""

from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys

from benchmarks.harness import format_ratio, format_seconds, load_average, process_times, spread

HEAVY = ("ortools", "networkx", "constraint", "numpy", "hypothesis")
SQUARE = "AC3/1JS2/1AH1QD/4"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def commands(root: str) -> dict[str, list[str]]:
    """The processes, importing officers from the checkout ``root``."""
    path = f"import sys; sys.path.insert(0, {root!r}); "
    cli = path + "from officers.cli import main; sys.exit(main())"
    return {
        "import officers": [sys.executable, "-c", path + "import officers"],
        f"officers count {SQUARE}": [sys.executable, "-c", cli, "count", SQUARE],
        "officers hint … --json": [
            *[sys.executable, "-c", cli, "hint", SQUARE],
            *["--hand", "AS,KD,QC", "--json"],
        ],
        f"officers puzzle verify {SQUARE}": [sys.executable, "-c", cli, "puzzle", "verify", SQUARE],
        "officers eightoff solve --deal 5": [
            *[sys.executable, "-c", cli, "eightoff", "solve"],
            *["--deal", "5"],
        ],
        "officers --help": [sys.executable, "-c", cli, "--help"],
    }


def loaded_by_import() -> tuple[list[str], list[str]]:
    """The heavy modules and the officers submodules that ``import officers`` loads."""
    code = (
        f"import sys; sys.path.insert(0, {ROOT!r}); import officers; "
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules)); "
        "print(','.join(sorted(m for m in sys.modules if m.startswith('officers.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return [m for m in out[0].split(",") if m], [m for m in out[1].split(",") if m]


def cell(values: list[float]) -> str:
    s = spread(values)
    return f"{format_seconds(s.median)} [{format_seconds(s.q1)}–{format_seconds(s.q3)}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--against", metavar="DIR", help="another checkout to compare with")
    args = parser.parse_args()
    roots = [ROOT] if args.against is None else [ROOT, os.path.abspath(args.against)]
    cases: dict[str, list[str]] = {"python -c pass": [sys.executable, "-c", "pass"]}
    for root in roots:
        compileall.compile_dir(os.path.join(root, "officers"), quiet=1)
        suffix = "" if root == ROOT else " (against)"
        cases |= {name + suffix: argv for name, argv in commands(root).items()}
    before = load_average()
    wall, cpu = process_times(cases, rounds=args.rounds)
    print(f"#### Whole processes, {args.rounds} rounds\n")
    print(f"Before: {before}; after: {load_average()}.\n")
    print(
        "| process | wall, median [q1–q3] | wall minus bare, paired | CPU, median [q1–q3] | "
        "CPU minus bare, paired | CPU / bare, paired |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    bare = cpu["python -c pass"]
    for name in cases:
        extra_wall = [t - b for t, b in zip(wall[name], wall["python -c pass"], strict=True)]
        extra_cpu = [t - b for t, b in zip(cpu[name], bare, strict=True)]
        times_bare = [t / b for t, b in zip(cpu[name], bare, strict=True) if b > 0]
        print(
            f"| {name} | {cell(wall[name])} | {format_seconds(max(spread(extra_wall).median, 0))}"
            f" | {cell(cpu[name])} | {format_seconds(max(spread(extra_cpu).median, 0))}"
            f" | {format_ratio(spread(times_bare).median) if times_bare else 'n/a'} |"
        )
    if args.against is not None:
        print(
            f"\nThis checkout / {args.against}, paired by round (below 1×: this one is faster):\n"
        )
        print("| process | wall ratio [q1–q3] | CPU ratio [q1–q3] |\n|---|---:|---:|")
        for name in commands(ROOT):
            cells = []
            for times in (wall, cpu):
                r = spread(
                    [a / b for a, b in zip(times[name], times[name + " (against)"], strict=True)]
                )
                cells.append(
                    f"{format_ratio(r.median)} [{format_ratio(r.q1)}–{format_ratio(r.q3)}]"
                )
            print(f"| {name} | {cells[0]} | {cells[1]} |")
    heavy, submodules = loaded_by_import()
    print(f"\n`import officers` loads heavy modules: {', '.join(heavy) or 'none'}; ", end="")
    print(f"officers submodules: {', '.join(submodules) or 'none'}")


if __name__ == "__main__":
    main()
