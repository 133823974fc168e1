"""Mutually orthogonal Latin squares: every set of the table, built and checked, in CPU seconds.

For every order ``2 <= n <= --to`` (100 by default), ``mols(largest_known(n), n)`` from cold
caches (the arrays built for smaller orders are forgotten before each order, so an order pays
for the arrays it is built from), in CPU seconds of this process (``time.process_time``, one
core), the median of ``--rounds`` rounds; the build and the check (``is_orthogonal_array``)
apart, on the same array. The aim: every order within 1 s to 100.

The peer would be SageMath's ``designs.mutually_orthogonal_latin_squares``; it is run (same
orders, same rounds, interleaved, paired ratios) only when ``sage`` can be imported, which a
plain virtual environment cannot.

Run from the repository root: ``python -m benchmarks.bench_mols [--to N] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from officers.latin import mutually_orthogonal as mols_module
from officers.latin.arrays import is_orthogonal_array, squares_of


def _sage() -> Callable[[int, int], object] | None:
    try:
        from sage.all import designs  # type: ignore[import-not-found]
    except ImportError:
        return None

    def build(k: int, n: int) -> object:
        return designs.mutually_orthogonal_latin_squares(k, n)

    return build


def _one_order(
    n: int, k: int, sage: Callable[[int, int], object] | None
) -> tuple[float, float, float | None]:
    """CPU seconds to build the ``OA(k + 2, n)`` and its squares, to check it, and the peer's
    (``None`` without one), one round from cold caches."""
    mols_module._oa_cached.cache_clear()
    start = time.process_time()
    rows = mols_module._oa(k + 2, n)
    squares_of(rows, n)
    built = time.process_time()
    assert is_orthogonal_array(rows, k + 2, n), n
    checked = time.process_time()
    peer = None
    if sage is not None:
        sage(k, n)
        peer = time.process_time() - checked
    return built - start, checked - built, peer


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--to", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    sage = _sage()
    print("peer: SageMath", "found" if sage else "not installed here (no peer run)")
    rows: list[tuple[int, int, float, float, float | None]] = []
    for n in range(2, args.to + 1):
        k = mols_module.largest_known(n)
        rounds = [_one_order(n, k, sage) for _ in range(args.rounds)]
        peers = [p for _, _, p in rounds if p is not None]
        rows.append(
            (
                n,
                k,
                statistics.median(b for b, _, _ in rounds),
                statistics.median(c for _, c, _ in rounds),
                statistics.median(peers) if peers else None,
            )
        )
    head = f"{'n':>4} {'k':>4} {'build s':>8} {'check s':>8} {'total s':>8}"
    print(head + ("  sage/officers" if sage else ""))
    for n, k, build, check, peer in rows:
        line = f"{n:>4} {k:>4} {build:8.4f} {check:8.4f} {build + check:8.4f}"
        if peer is not None:
            line += f"  {peer / (build + check):8.2f}"
        print(line)
    totals = [build + check for _, _, build, check, _ in rows]
    worst = max(range(len(rows)), key=lambda i: totals[i])
    over = [row[0] for row, total in zip(rows, totals, strict=True) if total > 1.0]
    print(
        f"# orders 2..{args.to}: total {sum(totals):.2f} CPU s, worst n = {rows[worst][0]} "
        f"({totals[worst]:.3f} s), over 1 s: {over}"
    )


if __name__ == "__main__":
    main()
