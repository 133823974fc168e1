"""How fast a file of starts is verified (targets: 10,000 starts a second in the process, a
7,000-line file in under 2.5 s from the shell, process start included).

Run: ``python -m benchmarks.bench_verify``. The starts are riddles and near-riddles of 4-10
cards from :func:`officers.euler.puzzles.new_start` (both rule sets, a third with the diagonals), one
card taken away from every second one, and some lines repeated, so that the results mix riddles,
starts with several completions and duplicates. Compared: ``verify_batch`` in the process,
``officers puzzle verify --file`` (table and ``--json``), and a shell loop that starts
``officers puzzle verify START`` once per start (timed on 20 starts and scaled).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from officers import Rules
from officers.euler.puzzles import new_start, verify_batch

ROOT = Path(__file__).resolve().parent.parent


def starts(count: int, seed: int = 2026) -> list[str]:
    """``count`` lines of starts (see the module doc)."""
    rng = random.Random(seed)
    lines: list[str] = []
    n = 0
    while len(lines) < count:
        diagonals = n % 3 == 0
        riddle = new_start(rng.randint(4, 10), Rules(diagonals=diagonals), seed=f"bench/{n}")
        start = riddle.start
        if n % 2:
            start = start.remove(next(c for c, v in enumerate(start.values) if v != -1))
        lines.append(start.notation() + (" diagonals" if diagonals else ""))
        if n % 10 == 0:
            lines.append(rng.choice(lines))
        n += 1
    return lines[:count]


def run(argv: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run(
        argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - start


def main() -> None:
    lines = starts(7000)
    list(verify_batch(lines[:10]))  # the indexes and the classes, as in a warm server
    times = []
    for _ in range(5):
        begin = time.perf_counter()
        results = list(verify_batch(lines))
        times.append(time.perf_counter() - begin)
    rate = len(lines) / statistics.median(times)
    riddles = sum(r.unique for r in results)
    duplicates = sum(r.duplicate_of is not None for r in results)
    print(f"{len(lines)} starts: {riddles} riddles, {duplicates} duplicates")
    print(f"in the process: {rate:,.0f} starts a second (target 10,000: "
          f"{'met' if rate >= 10_000 else 'MISSED'})")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "starts.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        command = [sys.executable, "-m", "officers", "puzzle", "verify", "--file", str(path)]
        for label, extra in (("table", []), ("--json", ["--json"])):
            seconds = statistics.median(run(command + extra) for _ in range(3))
            verdict = "met" if seconds < 2.5 else "MISSED"
            print(f"officers puzzle verify --file ({label}), 7,000 lines: {seconds:.2f} s "
                  f"(target 2.5 s: {verdict})")  # fmt: skip
    sample = lines[:20]
    loop = sum(
        run([sys.executable, "-m", "officers", "puzzle", "verify", *line.split()[:1]]
            + (["--diagonals"] if line.endswith("diagonals") else []))
        for line in sample
    )  # fmt: skip
    print(f"a shell loop, one process per start: {loop / len(sample):.2f} s a start, "
          f"{loop / len(sample) * len(lines) / 60:.0f} min for the file")  # fmt: skip


if __name__ == "__main__":
    main()
