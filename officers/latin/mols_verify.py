"""Every set of the MOLS table built and checked, order by order, here, in local processes or on
a Dask cluster, with a progress bar.

For each order ``n``, :func:`verify_order` builds the most MOLS the library knows
(:func:`~officers.latin.mutually_orthogonal.largest_known`), checks their orthogonal array by a
check that knows nothing of the construction, and says how many CPU seconds each took in the
process that did it. The check is :func:`~officers.latin.arrays.is_orthogonal_array`, exact
(:func:`~officers.latin.arrays.checked_squares`, which returns the squares as ``mols`` does),
for every set of at most :data:`~officers.latin.mutually_orthogonal.MAX_CELLS` symbols; the
whole sets of the prime powers above 193 are built as one array
(:func:`~officers.latin.mols_whole.field_array`) and checked by
:func:`~officers.latin.mols_whole.is_orthogonal_array_randomized` (wrong with probability
below ``2**-129``), as :func:`~officers.latin.mols_whole.mols_array` does.
:func:`verify_table` does it for a range of orders: one task an order, the largest first, on
``jobs`` local processes or any :class:`concurrent.futures.Executor` (a Dask cluster's
``client.get_executor()``), as the simulations of this library do.

>>> [(v.n, v.squares, v.verified) for v in verify_table(12, start=10, jobs=1)]
[(10, 2, True), (11, 10, True), (12, 5, True)]
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from officers.latin import mols_data
from officers.latin import mutually_orthogonal as mo
from officers.latin.arrays import checked_squares, field_tables
from officers.latin.mols_whole import (
    field_array,
    is_orthogonal_array_exact,
    is_orthogonal_array_randomized,
)

__all__ = ["VerifiedOrder", "verify_order", "verify_table"]


@dataclass(frozen=True, slots=True)
class VerifiedOrder:
    """One order of the table, built and checked: ``squares`` MOLS of order ``n`` (``built``
    the most the library knows, the same number: every set is built whole; ``table`` the
    published bound), whether their orthogonal array passed the check, which ``check`` it was
    (``"exact"``, or ``"randomized"`` above
    :data:`~officers.latin.mutually_orthogonal.MAX_CELLS` symbols), and the CPU seconds of the
    build of the array and of the check (which reads the squares:
    :func:`~officers.latin.arrays.checked_squares`, as ``mols`` does)."""

    n: int
    squares: int
    built: int
    table: int
    verified: bool
    build_seconds: float
    check_seconds: float
    construction: str
    check: str = "exact"

    @property
    def seconds(self) -> float:
        """The CPU seconds of the build and the check."""
        return self.build_seconds + self.check_seconds

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the fields and ``seconds``)."""
        return {
            "n": self.n,
            "squares": self.squares,
            "built": self.built,
            "table": self.table,
            "verified": self.verified,
            "build_seconds": round(self.build_seconds, 3),
            "check_seconds": round(self.check_seconds, 3),
            "seconds": round(self.seconds, 3),
            "construction": self.construction,
            "check": self.check,
        }


def verify_order(n: int, *, exact: bool = False) -> VerifiedOrder:
    """Build the most MOLS of order ``n`` (``2 <= n < 600``) the library knows, from cold (the
    arrays cached for other orders are forgotten first, so the order pays for every array it is
    built from), and check them; CPU seconds of this process (``time.process_time``). A whole
    set over :data:`~officers.latin.mutually_orthogonal.MAX_CELLS` symbols is checked by the
    randomized test, or with ``exact`` by
    :func:`~officers.latin.mols_whole.is_orthogonal_array_exact` (minutes for the largest).

    >>> v = verify_order(10)
    >>> v.squares, v.built, v.table, v.verified, v.check
    (2, 2, 2, True, 'exact')
    """
    mo.checked_request(1, n)
    built, construction = mo.plan(n)
    mo._oa_cached.cache_clear()
    field_tables.cache_clear()
    start = time.process_time()
    if built * n * n <= mo.MAX_CELLS:
        rows = mo._oa(built + 2, n)
        middle = time.process_time()
        verified = checked_squares(rows, built + 2, n) is not None
        check = "exact"
    else:  # a prime power above 193: its whole set as one array, the randomized check
        columns = field_array(built, n)
        middle = time.process_time()
        if exact:
            verified, check = is_orthogonal_array_exact(columns, n), "exact"
        else:
            verified, check = is_orthogonal_array_randomized(columns, n), "randomized"
    end = time.process_time()
    return VerifiedOrder(
        n,
        built,
        built,
        mols_data.lower_bound(n),
        verified,
        middle - start,
        end - middle,
        construction,
        check,
    )


def _cost(n: int, exact: bool = False) -> int:
    """A guess of an order's work, to start the longest first: the pairs of columns the exact
    check reads, or the symbols the randomized check reads (some ten passes)."""
    k = mo.largest_known(n) + 2
    return n * n * k * (k if exact or (k - 2) * n * n <= mo.MAX_CELLS else 10)


def verify_table(
    to: int = mo.MAX_MOLS_ORDER - 1,
    *,
    start: int = 2,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
    exact: bool = False,
) -> list[VerifiedOrder]:
    """:func:`verify_order` for every order ``start <= n <= to`` (``to < 600``), in the orders'
    order whatever ran them; with ``exact``, every set checked exactly (the whole sets of the
    prime powers above 193 too: some 78 CPU minutes to 599, where the randomized test takes
    six).

    ``executor``: any :class:`concurrent.futures.Executor` (a Dask cluster's
    ``client.get_executor()`` runs the orders across its workers); it is not shut down.
    Otherwise ``jobs`` local processes (default and most: one a CPU; ``jobs=1`` works in this
    process), which die with this one. The orders are submitted the largest first, so the
    longest do not come last. ``progress``: a progress bar of the orders on standard error
    (default: when standard error is a terminal).
    """
    mo.checked_request(1, to)
    mo.checked_request(1, start)
    orders = sorted(range(max(2, start), to + 1), key=lambda n: _cost(n, exact), reverse=True)
    shown = sys.stderr.isatty() if progress is None else progress
    found: dict[int, VerifiedOrder] = {}
    with _bar(len(orders), shown) as advance:
        if executor is not None:
            _run_on(executor, orders, found, advance, exact)
        else:
            from officers.core.simulation import worker_pool

            with worker_pool(jobs) as pool:
                if pool is None:
                    for n in orders:
                        found[n] = verify_order(n, exact=exact)
                        advance(n)
                else:
                    _run_on(pool, orders, found, advance, exact)
    return [found[n] for n in sorted(found)]


def _run_on(
    pool: concurrent.futures.Executor,
    orders: list[int],
    found: dict[int, VerifiedOrder],
    advance: Callable[[int], object],
    exact: bool,
) -> None:
    """Every order on ``pool``, each result kept as it comes in."""
    futures = {pool.submit(verify_order, n, exact=exact): n for n in orders}
    try:
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            found[result.n] = result
            advance(result.n)
    finally:
        for future in futures:
            future.cancel()


@contextlib.contextmanager
def _bar(total: int, enabled: bool) -> Iterator[Callable[[int], object]]:
    """A progress bar of ``total`` orders on standard error when ``enabled`` (tqdm, imported
    only then; no trace left when it closes); yields the function that marks an order done
    (the bar shows the last one)."""
    if not enabled or total <= 0:
        yield lambda n: None
        return
    from tqdm import tqdm

    with tqdm(
        total=total, desc="MOLS built and checked", unit=" orders", leave=False, file=sys.stderr
    ) as bar:

        def advance(n: int) -> None:
            bar.set_postfix_str(f"n = {n}", refresh=False)
            bar.update(1)

        yield advance
