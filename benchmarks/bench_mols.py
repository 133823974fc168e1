"""Mutually orthogonal Latin squares: every set of the table, built and checked, in CPU seconds.

For every order ``--from <= n <= --to`` (2 to 100 by default), the most MOLS the library builds
(``largest_known(n)``; the whole sets of the prime powers above 193 as one array), from cold
caches (the arrays built for other orders are forgotten before each order, so an order pays for
the arrays it is built from), in CPU seconds of the process that builds it
(``time.process_time``, one core): the build (with the squares) and the check
(``is_orthogonal_array``) apart, on the same array (:func:`officers.latin.mols_verify.
verify_order`). With ``--rounds R`` the median of ``R`` rounds, here; with ``--jobs J`` (local
processes) or ``--scheduler ADDRESS`` (a Dask cluster) one round of every order spread over the
workers (:func:`~officers.latin.mols_verify.verify_table`), each order still timed on its own
core, and the wall time of the whole. The aims: every order within 1 s to 100, within 10 s to
599. ``--slowest K`` lists the ``K`` slowest orders.

The peer would be SageMath's ``designs.mutually_orthogonal_latin_squares``; it is run (same
orders, same rounds, interleaved, paired ratios) only when ``sage`` can be imported, which a
plain virtual environment cannot.

Run from the repository root::

    python -m benchmarks.bench_mols [--from N] [--to N] [--rounds R] [--slowest K]
    python -m benchmarks.bench_mols --from 101 --to 599 --jobs 2
    python -m benchmarks.bench_mols --to 599 --scheduler tcp://HOST:8786
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from officers.latin.mols_verify import VerifiedOrder, verify_order, verify_table


def _sage() -> Callable[[int, int], object] | None:
    try:
        from sage.all import designs  # type: ignore[import-not-found]
    except ImportError:
        return None

    def build(k: int, n: int) -> object:
        return designs.mutually_orthogonal_latin_squares(k, n)

    return build


def _peer(sage: Callable[[int, int], object], k: int, n: int) -> float:
    start = time.process_time()
    sage(k, n)
    return time.process_time() - start


def _here(
    first: int, last: int, rounds: int, sage: Callable[[int, int], object] | None
) -> list[tuple[VerifiedOrder, float, float, float | None]]:
    """Each order ``rounds`` times here: the last round's record, the median build and check
    seconds and the peer's."""
    out = []
    for n in range(first, last + 1):
        runs = [verify_order(n) for _ in range(rounds)]
        assert all(v.verified for v in runs), n
        peers = [_peer(sage, runs[0].squares, n) for _ in range(rounds)] if sage else []
        out.append(
            (
                runs[-1],
                statistics.median(v.build_seconds for v in runs),
                statistics.median(v.check_seconds for v in runs),
                statistics.median(peers) if peers else None,
            )
        )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--from", dest="first", type=int, default=2)
    parser.add_argument("--to", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--slowest", type=int, default=10)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=None, help="local processes, one round")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, one round")
    args = parser.parse_args(argv)
    sage = _sage() if args.jobs is None and args.scheduler is None else None
    print("peer: SageMath", "found" if sage else "not run (not installed here, or spread out)")
    wall = time.monotonic()
    rows: list[tuple[VerifiedOrder, float, float, float | None]]
    if args.scheduler is not None:
        import distributed

        with distributed.Client(args.scheduler) as client:  # type: ignore[no-untyped-call]
            found = verify_table(args.to, start=args.first, executor=client.get_executor())
        rows = [(v, v.build_seconds, v.check_seconds, None) for v in found]
    elif args.jobs is not None:
        found = verify_table(args.to, start=args.first, jobs=args.jobs)
        rows = [(v, v.build_seconds, v.check_seconds, None) for v in found]
    else:
        rows = _here(args.first, args.to, args.rounds, sage)
    wall = time.monotonic() - wall
    head = f"{'n':>4} {'k':>4} {'build s':>8} {'check s':>8} {'total s':>8}"
    print(head + ("  sage/officers" if sage else ""))
    for v, build, check, peer in rows:
        line = f"{v.n:>4} {v.squares:>4} {build:8.4f} {check:8.4f} {build + check:8.4f}"
        if peer is not None:
            line += f"  {peer / (build + check):8.2f}"
        print(line + ("" if v.verified else "  FAILED"))
    totals = {v.n: build + check for v, build, check, _ in rows}
    over = [n for n, total in totals.items() if total > (1.0 if n <= 100 else 10.0)]
    slowest = sorted(totals, key=totals.__getitem__, reverse=True)[: args.slowest]
    print(
        f"# orders {args.first}..{args.to}: total {sum(totals.values()):.2f} CPU s "
        f"(wall {wall:.1f} s), over the aim (1 s to 100, 10 s above): {over}"
    )
    print("# slowest: " + ", ".join(f"{n} ({totals[n]:.2f} s)" for n in slowest))
    failed = [v.n for v, *_ in rows if not v.verified]
    assert not failed, f"the check failed at {failed}"


if __name__ == "__main__":
    main()
