"""The seven orders below 600 where officers builds fewer MOLS than the published table: the
plan for each, the sets it builds checked by a plain checker of this file's own, and the
decompositions of Wilson's construction that docs/mols.md lists as one array short, derived
again from the counts the library builds."""

from __future__ import annotations

import pytest

from officers.latin import mols_data
from officers.latin import mutually_orthogonal as mo
from officers.latin.mols_verify import verify_order
from tests.helpers import is_oa

SHORT = {
    201: (7, 8, "Wilson's construction 8*23 + 17 (master OA(24, 23) truncated)"),
    336: (7, 8, "Wilson's construction 8*41 + 8 (master OA(42, 41) truncated)"),
    360: (7, 8, "MacNeish's product 9 x 40"),
    365: (7, 10, "Wilson's construction 8*41 + 37 (master OA(42, 41) truncated)"),
    393: (7, 8, "Wilson's construction 23*16 + 16 + 9 (master OA(17, 16) truncated)"),
    429: (7, 10, "Wilson's construction 8*49 + 37 (master OA(50, 49) truncated)"),
    501: (
        8,
        12,
        "Abel and Cavenagh's construction 3.3: 31*16 + 5, the 5 points in one block of the "
        "master OA(17, 16)",
    ),
}
"""``n: (built, published, construction)``, as docs/mols.md gives them."""

ONE_SHORT = {
    201: {(8, 23, 17): 8, (8, 25, 1): 8, (12, 16, 9): 12},
    336: {(11, 29, 17): 12, (17, 19, 13): 18, (21, 16, 0): 21},
    360: {(8, 41, 32): 8, (8, 43, 16): 8, (27, 13, 9): 28},
    365: {(11, 32, 13): 12, (12, 29, 17): 12, (28, 13, 1): 28},
    393: {(8, 47, 17): 8, (8, 49, 1): 8, (24, 16, 9): 24},
    429: {(32, 13, 13): 33, (26, 16, 13): 26},
    501: {(31, 16, 5): 5, (16, 31, 5): 5},
}
"""``n: {(m, t, u): order}``: the decompositions ``n = m*t + u`` of docs/mols.md's shortfall
table, each lacking only the MOLS of ``order`` it needs."""

TABLE_SMALL = {5: 4, 8: 7, 12: 5, 18: 5, 21: 5, 24: 7, 26: 4, 28: 5, 33: 5}
"""The published table at the small orders the decompositions miss (Handbook III.3.87; 18 by
Abel 2015), typed here apart from the data module."""


def has(k: int, n: int) -> bool:
    """The library builds an ``OA(k, n)`` (``n`` of 0 or 1: the trivial arrays)."""
    return n <= 1 or mo.largest_known(n) + 2 >= k


@pytest.mark.parametrize("n", sorted(SHORT))
def test_the_plan_and_the_table_at_the_orders_short(n: int) -> None:
    built, published, construction = SHORT[n]
    assert mo.plan(n) == (built, construction)
    assert mo.largest_known(n) == built
    assert mols_data.lower_bound(n) == published
    entry = next(e for e in mo.mols_table(n, start=n))
    assert (entry.built, entry.table, entry.shortfall) == (built, published, published - built)


def test_the_seven_are_every_order_short_below_600() -> None:
    short = [e.n for e in mo.mols_table(mo.MAX_MOLS_ORDER - 1) if e.shortfall]
    assert short == sorted(SHORT)


@pytest.mark.parametrize("n", sorted(SHORT))
def test_the_decompositions_one_array_short(n: int) -> None:
    k = mols_data.lower_bound(n) + 2
    for (m, t, u), missing in ONE_SHORT[n].items():
        assert m * t + u == n and 0 <= u <= t
        assert has(k + 1, t)  # the master
        needed = [m, m + 1, u] if u else [m]
        lacking = [x for x in needed if not has(k, x)]
        assert lacking == [missing]
        # impossible (at most order - 1 MOLS), or above the published table
        assert k - 2 >= missing or TABLE_SMALL[missing] < k - 2
        if missing in TABLE_SMALL:
            assert mo.largest_known(missing) == TABLE_SMALL[missing]


@pytest.mark.parametrize("n", sorted(SHORT))
def test_no_plain_wilson_decomposition_reaches_the_table(n: int) -> None:
    # n = m*t + u with a master OA(k + 1, t): every one lacks an array the library builds
    k = mols_data.lower_bound(n) + 2
    for t in range(2, n):
        if not has(k + 1, t):
            continue
        for m in range(1, n // t + 1):
            u = n - m * t
            if u > t:
                continue
            needed = [m, m + 1, u] if u else [m]
            assert not all(has(k, x) for x in needed), (m, t, u)


@pytest.mark.slow
@pytest.mark.parametrize("n", sorted(SHORT))
def test_the_sets_built_at_the_orders_short(n: int) -> None:
    built = SHORT[n][0]
    assert is_oa(mo._oa(built + 2, n), built + 2, n)
    verified = verify_order(n)
    assert verified.verified and verified.squares == built
