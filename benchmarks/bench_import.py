"""How long ``import officers`` takes in a fresh interpreter (target: under 0.1 s).

Run: ``python -m benchmarks.bench_import``. Prints the median of several fresh imports, and what
a bare interpreter costs for contrast, and checks that no heavy module was imported.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

HEAVY = ("ortools", "networkx", "constraint", "numpy", "hypothesis")


def fresh(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def main(repeat: int = 7) -> None:
    bare = statistics.median(fresh("pass") for _ in range(repeat))
    full = statistics.median(fresh("import officers") for _ in range(repeat))
    check = (
        "import sys, officers; "
        f"heavy = [m for m in {HEAVY!r} if m in sys.modules]; "
        "print(','.join(heavy))"
    )
    heavy = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True
    ).stdout.strip()
    cost = full - bare
    print(f"bare interpreter      {bare * 1000:7.1f} ms")
    print(f"import officers       {full * 1000:7.1f} ms")
    print(f"cost of the import    {cost * 1000:7.1f} ms   (target < 100 ms)")
    print(f"heavy modules loaded  {heavy or 'none'}")


if __name__ == "__main__":
    main()
