"""SageMath's mutually orthogonal Latin squares against officers': how many each builds, each
set checked by the other's check, and the builds timed, process against process.

SageMath runs in an interpreter of its own (``--sage-python``, e.g. a virtual environment with
the pip distributions ``passagemath-graphs`` and ``passagemath-schemes``), always in a child
process: a short script passed with ``-c`` that answers in JSON on its standard output. This
project needs no Sage to run this file; when the interpreter is missing, or Sage does not import
or does not answer under it, the benchmark says so in one line and exits with 0.

1. **The numbers.** For every order ``2 <= n <= --to`` (599 by default): Sage's largest number
   of MOLS it can build (``largest_available_k(n) - 2``: an ``OA(k, n)`` is ``k - 2`` MOLS),
   officers' (:func:`officers.latin.mutually_orthogonal.largest_known`) and the published table
   as officers states it (:func:`officers.latin.mols_data.lower_bound`: the Handbook's Table
   3.87 with the later results of :data:`~officers.latin.mols_data.UPDATES`); beside them Sage's
   own copy of the Handbook's table (``MOLS_handbook_data.lower_bound``). The orders where any
   differ are listed, with the counts of orders where officers builds more, as many, fewer than
   Sage; officers' copy of Table 3.87 (:data:`~officers.latin.mols_data.HANDBOOK_TABLE`) is
   compared with Sage's number by number.
2. **The sets, checked by the other.** For each order of ``--check``, officers' set
   ``officers.mols(k, n)`` with ``k = largest_known(n)`` is written as the rows ``(r, c,
   L1[r][c], ..., Lk[r][c])`` of an ``OA(k + 2, n)`` to a temporary JSON file, and Sage's own
   check (``designs_pyx.is_orthogonal_array``) must say True; the same rows with one symbol
   changed must make it say False (the check is not vacuous). The other way round, Sage's set of
   the same ``k`` (``designs.mutually_orthogonal_latin_squares(k, n)``) must pass officers'
   check (:func:`officers.latin.arrays.is_orthogonal_array`).
3. **The builds.** For each order of ``--check``, the same ``k`` squares by each library, each
   build in a fresh process of its own interpreter (the project's for officers, Sage's for
   Sage): the process imports the library's MOLS module, then times one call (the first of the
   process: the modules a construction imports on its way, and its caches, are inside the
   figure), and prints the seconds; the parent also times the whole process, start to exit.
   ``--rounds`` rounds, the two libraries interleaved and their order alternating, as in
   :mod:`benchmarks.harness`: medians with their spread, and the paired ratio Sage / officers of
   each round (above 1× Sage is slower). Both calls check their array before they return
   (``officers.mols`` always; Sage's ``check=True`` by default).

Run from the repository root, with the project's interpreter::

    python -m benchmarks.bench_sage --sage-python /tmp/sage-venv/bin/python [--to N]
        [--check 12,14,15,...] [--rounds R]

A Sage for it: ``python3 -m venv /tmp/sage-venv && /tmp/sage-venv/bin/pip install
passagemath-graphs passagemath-schemes`` (the designs are in ``passagemath-graphs``; the
projective planes' Bruck-Ryser-Chowla test needs the conics of ``passagemath-schemes``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.harness import format_ratio, format_seconds, load_average, ratio, spread

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHECK = (12, 14, 15, 18, 20, 24, 26, 28, 30, 33, 34, 35, 36, 40, 48, 50, 60, 63, 96, 100)
"""The orders whose sets are checked by the other library and whose builds are timed."""

SAGE = r"""
import importlib, json, sys, time
for entry in ("sage.all", "sage.all__sagemath_schemes", "sage.all__sagemath_graphs"):
    try:
        importlib.import_module(entry)
        break
    except ImportError:
        pass
import sage.version
from sage.combinat.designs import MOLS_handbook_data
from sage.combinat.designs.designs_pyx import is_orthogonal_array
from sage.combinat.designs.latin_squares import mutually_orthogonal_latin_squares
from sage.combinat.designs.orthogonal_arrays import largest_available_k

ask = json.loads(sys.argv[1])
what = ask["what"]
if what == "probe":
    out = {"version": sage.version.version, "mols_10": int(largest_available_k(10)) - 2}
elif what == "largest":
    orders = range(2, ask["to"] + 1)
    out = {
        "sage": [int(largest_available_k(n)) - 2 for n in orders],
        "table": [int(MOLS_handbook_data.lower_bound(n)) for n in orders],
        "handbook": [int(x) for x in MOLS_handbook_data._LOWER_BOUNDS[:600]],
    }
elif what == "verify":
    with open(ask["file"]) as f:
        sets = json.load(f)
    out = {}
    for key, rows in sets.items():
        n, width = int(key), len(rows[0])
        spoilt = [list(row) for row in rows]
        spoilt[0][-1] = (spoilt[0][-1] + 1) % n
        out[key] = [
            bool(is_orthogonal_array(rows, width, n)),
            bool(is_orthogonal_array(spoilt, width, n)),
        ]
elif what == "build":
    k, n = ask["k"], ask["n"]
    start = time.perf_counter()
    squares = mutually_orthogonal_latin_squares(k, n)
    out = {"seconds": time.perf_counter() - start}
elif what == "sets":
    sets = {}
    for k, n in ask["orders"]:
        squares = mutually_orthogonal_latin_squares(k, n)
        grids = [[[int(x) for x in row] for row in square.rows()] for square in squares]
        sets[str(n)] = [[r, c] + [g[r][c] for g in grids] for r in range(n) for c in range(n)]
    with open(ask["file"], "w") as f:
        json.dump(sets, f)
    out = {"written": len(sets)}
print(json.dumps(out))
"""
"""The script the Sage interpreter runs: a JSON request as its argument, a JSON answer as the
last line of its standard output."""

OFFICERS = r"""
import json, sys, time
sys.path.insert(0, sys.argv[2])
import officers
from officers.latin import mutually_orthogonal

ask = json.loads(sys.argv[1])
start = time.perf_counter()
officers.mols(ask["k"], ask["n"])
print(json.dumps({"seconds": time.perf_counter() - start}))
"""
"""The script the project's interpreter runs to time one build of officers' set."""


class ChildError(Exception):
    """A child process failed (Sage or officers): its message is the last line of its standard error."""


def _ask(argv: Sequence[str], timeout: float = 1800.0) -> tuple[Any, float]:
    """Run a child, parse the last line of its standard output as JSON: the answer and the
    wall seconds of the whole process."""
    start = time.perf_counter()
    done = subprocess.run(list(argv), check=False, capture_output=True, text=True, timeout=timeout)
    wall = time.perf_counter() - start
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        errors = done.stderr.strip().splitlines()
        raise ChildError(errors[-1] if errors else f"exit status {done.returncode}")
    return json.loads(lines[-1]), wall


def sage(python: str, request: dict[str, Any]) -> tuple[Any, float]:
    """Sage's answer to ``request`` (see :data:`SAGE`), and the process's wall seconds."""
    return _ask([python, "-c", SAGE, json.dumps(request)])


def officers_build(k: int, n: int) -> tuple[float, float]:
    """Seconds of one ``officers.mols(k, n)`` in a fresh process, and the process's."""
    answer, wall = _ask([sys.executable, "-c", OFFICERS, json.dumps({"k": k, "n": n}), ROOT])
    return float(answer["seconds"]), wall


def compare_numbers(python: str, top: int) -> list[int]:
    """Part 1, printed; returns the orders where Sage builds more squares than officers."""
    from officers.latin import mols_data
    from officers.latin.mutually_orthogonal import largest_known

    start = time.perf_counter()
    answer, _ = sage(python, {"what": "largest", "to": top})
    sage_seconds = time.perf_counter() - start
    start = time.perf_counter()
    ours = {n: largest_known(n) for n in range(2, top + 1)}
    our_seconds = time.perf_counter() - start
    theirs = {n: int(v) for n, v in zip(range(2, top + 1), answer["sage"], strict=True)}
    sage_table = {n: int(v) for n, v in zip(range(2, top + 1), answer["table"], strict=True)}
    table = {n: mols_data.lower_bound(n) for n in range(2, top + 1)}
    print(f"## The number of MOLS, orders 2..{top}\n")
    print(
        f"officers' `largest_known` {format_seconds(our_seconds)} for all the orders, in this "
        f"process; Sage's `largest_available_k` {format_seconds(sage_seconds)} (its whole "
        "process, the import included).\n"
    )
    more = [n for n in ours if ours[n] > theirs[n]]
    same = [n for n in ours if ours[n] == theirs[n]]
    fewer = [n for n in ours if ours[n] < theirs[n]]
    print("| officers > Sage | officers = Sage | officers < Sage |")
    print("|---:|---:|---:|")
    print(f"| {len(more)} | {len(same)} | {len(fewer)} |\n")
    differ = [
        n for n in ours if len({ours[n], theirs[n], table[n]}) > 1 or sage_table[n] != table[n]
    ]
    if differ:
        print(
            "Orders where officers, Sage and the published table (officers' "
            "`mols_data.lower_bound`: Table 3.87 with its updates; Sage's copy of Table 3.87 "
            "beside it) do not all agree:\n"
        )
        print("| n | officers | Sage | published (officers) | Table 3.87 (Sage's copy) |")
        print("|---:|---:|---:|---:|---:|")
        for n in differ:
            print(f"| {n} | {ours[n]} | {theirs[n]} | {table[n]} | {sage_table[n]} |")
        print()
    else:
        print("officers, Sage and the published table agree at every order.\n")
    below = [n for n in ours if ours[n] < table[n]]
    print(
        f"Below the published table: officers at {len(below)} orders, Sage at "
        f"{sum(theirs[n] < table[n] for n in ours)}; above it: officers at "
        f"{sum(ours[n] > table[n] for n in ours)}, Sage at "
        f"{sum(theirs[n] > table[n] for n in ours)}."
    )
    handbook = [int(v) for v in answer["handbook"]]
    copies = [
        n
        for n in range(2, min(len(handbook), len(mols_data.HANDBOOK_TABLE)))
        if handbook[n] != mols_data.HANDBOOK_TABLE[n]
    ]
    print(
        "officers' copy of Table 3.87 (`HANDBOOK_TABLE`) and Sage's (`_LOWER_BOUNDS`) "
        + (f"differ at {copies}." if copies else "agree at every order below 600.")
        + "\n"
    )
    return fewer


def cross_check(python: str, orders: Sequence[int]) -> dict[int, int]:
    """Part 2, printed and asserted; returns the number of squares checked at each order."""
    import officers
    from officers.latin.arrays import is_orthogonal_array, orthogonal_array_of
    from officers.latin.mutually_orthogonal import largest_known

    ks = {n: largest_known(n) for n in orders}
    with tempfile.TemporaryDirectory() as folder:
        ours_file = os.path.join(folder, "officers.json")
        theirs_file = os.path.join(folder, "sage.json")
        ours = {
            str(n): [list(row) for row in orthogonal_array_of(officers.mols(ks[n], n))]
            for n in orders
        }
        with open(ours_file, "w") as f:
            json.dump(ours, f)
        verdicts, _ = sage(python, {"what": "verify", "file": ours_file})
        sage(python, {"what": "sets", "orders": [[ks[n], n] for n in orders], "file": theirs_file})
        with open(theirs_file) as f:
            theirs = json.load(f)
    print("## The sets, each checked by the other library\n")
    print(
        "| n | k | Sage's check of officers' set | one symbol changed | "
        "officers' check of Sage's set |"
    )
    print("|---:|---:|---|---|---|")
    failed = []
    for n in orders:
        good, spoilt = verdicts[str(n)]
        rows = [tuple(row) for row in theirs[str(n)]]
        mine = len(rows[0]) == ks[n] + 2 and is_orthogonal_array(rows, ks[n] + 2, n)
        print(f"| {n} | {ks[n]} | {good} | {spoilt} | {mine} |")
        if not good or spoilt or not mine:
            failed.append(n)
    print()
    assert not failed, f"a check failed at the orders {failed}"
    return ks


def time_builds(python: str, ks: dict[int, int], rounds: int) -> None:
    """Part 3, printed: each order's build in fresh processes, interleaved, paired."""
    build: dict[int, dict[str, list[float]]] = {n: {"officers": [], "sage": []} for n in ks}
    wall: dict[int, dict[str, list[float]]] = {n: {"officers": [], "sage": []} for n in ks}
    for r in range(rounds):
        for i, (n, k) in enumerate(ks.items()):
            for who in ("officers", "sage") if (r + i) % 2 == 0 else ("sage", "officers"):
                if who == "officers":
                    seconds, whole = officers_build(k, n)
                else:
                    answer, whole = sage(python, {"what": "build", "k": k, "n": n})
                    seconds = float(answer["seconds"])
                build[n][who].append(seconds)
                wall[n][who].append(whole)
    print(f"## The builds, process against process ({rounds} rounds, {load_average()})\n")
    print(
        "The call: one build, the first of a fresh process after its imports, timed inside it; "
        "the process: its wall time, start to exit (the interpreter's start and the imports "
        "included). Medians [q1–q3] over the rounds (min–max below 4 rounds); "
        "Sage / officers: the median of the per-round ratios [q1–q3].\n"
    )
    print(
        "| n | k | officers call | Sage call | Sage / officers | officers process | "
        "Sage process | Sage / officers |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    calls: list[float] = []
    processes: list[float] = []
    for n, k in ks.items():
        cells = [str(n), str(k)]
        for samples, medians in ((build[n], calls), (wall[n], processes)):
            for who in ("officers", "sage"):
                s = spread(samples[who])
                cells.append(
                    f"{format_seconds(s.median)} [{format_seconds(s.q1)}–{format_seconds(s.q3)}]"
                )
            paired = ratio(samples, "sage", "officers")
            medians.append(paired.median)
            cells.append(
                f"{format_ratio(paired.median)} "
                f"[{format_ratio(paired.q1)}–{format_ratio(paired.q3)}]"
            )
        print("| " + " | ".join(cells) + " |")
    print(
        f"\nOver the {len(ks)} orders, the median of the per-order ratios Sage / officers: "
        f"{format_ratio(spread(calls).median)} for the call "
        f"(from {format_ratio(min(calls))} to {format_ratio(max(calls))}), "
        f"{format_ratio(spread(processes).median)} for the whole process."
    )


def _orders(text: str) -> list[int]:
    orders = [int(part) for part in text.split(",") if part.strip()]
    if not orders or any(not 2 <= n < 600 for n in orders):
        raise argparse.ArgumentTypeError(f"orders from 2 to 599, comma-separated: {text!r}")
    return orders


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sage-python", required=True, help="an interpreter where Sage imports")
    parser.add_argument("--to", type=int, default=599, help="the last order compared (599)")
    parser.add_argument(
        "--check", type=_orders, default=list(CHECK), help="orders to check and time, 12,14,..."
    )
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    if not 2 <= args.to < 600:
        parser.error("--to is from 2 to 599")
    python = args.sage_python
    if not (os.path.isfile(python) and os.access(python, os.X_OK)):
        print(f"SageMath not run: no interpreter at {python}")
        return
    try:
        probe, _ = sage(python, {"what": "probe"})
    except (ChildError, subprocess.TimeoutExpired, json.JSONDecodeError, OSError) as error:
        print(f"SageMath not run: it does not import or answer under {python}: {error}")
        return
    print(f"# SageMath {probe['version']} ({python}) against officers\n")
    compare_numbers(python, args.to)
    ks = cross_check(python, args.check)
    time_builds(python, ks, args.rounds)


if __name__ == "__main__":
    main()
