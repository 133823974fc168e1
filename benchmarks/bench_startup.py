"""What a user pays at the command line: whole processes, start to exit, by the rules of
:mod:`benchmarks.harness` (interleaved rounds, medians with their spread).

The processes: a bare interpreter (``python -c pass``), ``import officers``, and the commands
``officers count SQUARE``, ``officers hint SQUARE --hand ... --json`` and ``officers --help``,
run as the installed ``officers`` script runs them (``from officers.cli import main``) from this
checkout. The cost of a command is its time minus the bare interpreter's, paired by round.
Bytecode: the checkout's modules are compiled first (``compileall``), as an installed package's
are; without it every process compiles the sources again.

Also checks that ``import officers`` loads none of the heavy modules and no submodule.

Run: ``python -m benchmarks.bench_startup [--rounds N]``.
"""

from __future__ import annotations

import argparse
import compileall
import os
import subprocess
import sys

from benchmarks.harness import format_seconds, processes, spread

HEAVY = ("ortools", "networkx", "constraint", "numpy", "hypothesis")
SQUARE = "AC3/1JS2/1AH1QD/4"
CLI = "import sys; from officers.cli import main; sys.exit(main())"
COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "import officers": [sys.executable, "-c", "import officers"],
    f"officers count {SQUARE}": [sys.executable, "-c", CLI, "count", SQUARE],
    "officers hint … --json": [
        *[sys.executable, "-c", CLI, "hint", SQUARE],
        *["--hand", "AS,KD,QC", "--json"],
    ],
    "officers --help": [sys.executable, "-c", CLI, "--help"],
}


def loaded_by_import() -> tuple[list[str], list[str]]:
    """The heavy modules and the officers submodules that ``import officers`` loads."""
    code = (
        "import sys, officers; "
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules)); "
        "print(','.join(sorted(m for m in sys.modules if m.startswith('officers.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return [m for m in out[0].split(",") if m], [m for m in out[1].split(",") if m]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    compileall.compile_dir(os.path.join(root, "officers"), quiet=1)
    samples = processes(COMMANDS, rounds=args.rounds)
    bare = samples["python -c pass"]
    print(f"#### Whole processes, {args.rounds} rounds\n")
    print("| process | median [q1–q3] | minus the bare interpreter, paired [q1–q3] |")
    print("|---|---:|---:|")
    for name, times in samples.items():
        s = spread(times)
        extra = spread([t - b for t, b in zip(times, bare, strict=True)])
        print(
            f"| {name} | {format_seconds(s.median)} [{format_seconds(s.q1)}–"
            f"{format_seconds(s.q3)}] | {format_seconds(max(extra.median, 0))} "
            f"[{format_seconds(max(extra.q1, 0))}–{format_seconds(max(extra.q3, 0))}] |"
        )
    heavy, submodules = loaded_by_import()
    print(f"\n`import officers` loads heavy modules: {', '.join(heavy) or 'none'}; ", end="")
    print(f"officers submodules: {', '.join(submodules) or 'none'}")


if __name__ == "__main__":
    main()
