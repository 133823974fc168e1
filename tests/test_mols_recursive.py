"""The recursive constructions of officers.latin.mols_recursive: the designs checked against
their definitions here, the arrays by a plain checker of this file's own, and the orders of the
published table they reach."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from officers.core.errors import InvalidArgumentError
from officers.latin import mols_data
from officers.latin import mutually_orthogonal as mo
from officers.latin.arrays import field_oa
from officers.latin.mols_plan import most_columns
from officers.latin.mols_recursive import (
    baer_design,
    resolved_idempotent,
    separable_oa,
    singer_difference_set,
    thwart_master,
    truncated_td_design,
)
from tests.helpers import is_oa


def pairs_once(blocks: Sequence[Sequence[int]], points: int) -> bool:
    """Every two of ``0 .. points-1`` in exactly one block (a pairwise balanced design)."""
    seen: set[tuple[int, int]] = set()
    for block in blocks:
        if len(set(block)) != len(block):
            return False
        for pair in itertools.combinations(sorted(block), 2):
            if pair in seen:
                return False
            seen.add(pair)
    return len(seen) == points * (points - 1) // 2


@pytest.mark.parametrize("order", [2, 3, 4, 5, 7, 8, 9, 16])
def test_a_singer_set_is_a_planar_difference_set(order: int) -> None:
    found = singer_difference_set(order)
    size = order * order + order + 1
    assert len(found) == order + 1
    differences = sorted((a - b) % size for a in found for b in found if a != b)
    assert differences == list(range(1, size))


def test_a_singer_set_needs_a_prime_power() -> None:
    with pytest.raises(InvalidArgumentError, match="prime power, not 6"):
        singer_difference_set(6)


@pytest.mark.parametrize(("q", "t"), [(2, 1), (2, 2), (3, 1), (3, 3), (3, 6), (4, 5)])
def test_the_baer_design_is_separable(q: int, t: int) -> None:
    classes, rows, points = baer_design(q, t)
    assert points == t * (q * q + q + 1)
    assert len(classes) == q * q - q + 1 - t
    for blocks in classes:  # each class of blocks of size t parts the points
        assert all(len(block) == t for block in blocks)
        assert sorted(itertools.chain.from_iterable(blocks)) == list(range(points))
    assert len(rows) == points and all(len(row) == q + t for row in rows)
    for column in zip(*rows, strict=True):  # every column holds every point once
        assert sorted(column) == list(range(points))
    assert pairs_once([b for blocks in classes for b in blocks] + rows, points)


def test_the_resolved_idempotent_classes() -> None:
    classes = resolved_idempotent(field_oa(5, 5), 4)
    assert len(classes) == 4
    for rows in classes:
        for column in zip(*rows, strict=True):
            assert sorted(column) == list(range(5))
    rows = [row for rows in classes for row in rows] + [(x,) * 4 for x in range(5)]
    assert is_oa(rows, 4, 5)


def separable_cases(q: int, k: int) -> list[tuple[int, int, bool]]:
    """Every ``(t, x, wide)`` of the separable designs of ``PG(2, q^2)`` whose smaller arrays
    (with ``k`` columns) the plan builds: the conditions of cases i) to vi) of Brouwer's."""
    classes = q * q - q + 1
    cases = []
    for t in range(1, classes):
        if min(most_columns(t), most_columns(q + t)) >= k:
            cases.append((t, 0, False))
        for wide, joined in itertools.product((False, True), range(classes - t + 1)):
            rest = classes - t - joined
            x = joined + (q + t) * wide
            if x == 0 or joined == rest == 1:
                continue
            need = [most_columns(q + t + wide) - 1, most_columns(x)]
            need += [most_columns(t + 1) - (joined > 1)] if joined else []
            need += [most_columns(t) - (rest > 1)] if rest else []
            if min(need) >= k:
                cases.append((t, x, wide))
    return cases


@pytest.mark.parametrize(("q", "k"), [(2, 3), (3, 3), (3, 4)])
def test_every_case_of_the_separable_design_is_an_array(q: int, k: int) -> None:
    cases = separable_cases(q, k)
    assert len(cases) >= 6
    for t, x, wide in cases:
        rows = separable_oa(k, t, q, x, mo._oa, wide=wide)
        assert is_oa(rows, k, t * (q * q + q + 1) + x), (t, x, wide)


def test_a_separable_design_refuses_what_does_not_fit() -> None:
    with pytest.raises(InvalidArgumentError, match="does not fit"):
        separable_oa(3, 2, 2, 3, mo._oa)
    with pytest.raises(InvalidArgumentError, match="t is from 1 to q"):
        baer_design(2, 3)


@pytest.mark.parametrize("q", [3, 4, 7, 9, 13, 16])
def test_the_thwart_master_meets_every_block_in_one_three_or_four(q: int) -> None:
    rows = thwart_master(q, q + 1)
    assert is_oa(rows, q + 1, q)
    kept = {sum(x < q - 2 for x in row[-4:]) for row in rows}
    assert kept <= {1, 3, 4} and (q == 3 or {1, 3} <= kept)


@pytest.mark.parametrize("q", [5, 6, 11])
def test_the_thwart_master_needs_q_0_or_1_mod_3(q: int) -> None:
    with pytest.raises(InvalidArgumentError, match=r"Lemma 4\.1"):
        thwart_master(q, 5)


@pytest.mark.parametrize(("q", "g", "r"), [(3, 3, 1), (4, 5, 2), (5, 6, 3), (7, 5, 0)])
def test_the_truncated_transversal_design_is_a_pbd(q: int, g: int, r: int) -> None:
    blocks, whole = truncated_td_design(field_oa(q, g), q, r)
    points = g * q - r + 1
    assert len(whole) == g - r
    assert pairs_once([*blocks, whole], points)


NEW_ORDERS = {189: 8, 253: 12, 357: 9, 408: 8, 484: 8, 516: 8, 520: 8, 522: 10, 524: 12}
"""Orders the published table reaches by these constructions (and construction 3.3 with a
whole block), and its number of MOLS."""


def test_the_orders_these_constructions_reach_meet_the_table() -> None:
    for n, k in NEW_ORDERS.items():
        assert mo.largest_known(n) == k == mols_data.lower_bound(n), n


@pytest.mark.slow
@pytest.mark.parametrize("n", sorted(NEW_ORDERS))
def test_the_sets_of_the_orders_these_constructions_reach(n: int) -> None:
    k = NEW_ORDERS[n]
    rows = mo._oa(k + 2, n)
    assert is_oa(rows, k + 2, n)
    assert len(mo.mols(k, n)) == k


def test_construction_3_3_with_a_whole_block_needs_no_disjoint_rows() -> None:
    master = field_oa(7, 6)  # its first row is (0, ..., 0): both one-point columns keep it
    rows = mo.wilson_oa(4, 7, master, 7, [1, 1], whole_first=True)
    assert is_oa(rows, 4, 7 * 7 + 2)
    with pytest.raises(InvalidArgumentError, match="whole first row"):
        mo.wilson_oa(4, 7, master, 7, [2, 1], whole_first=True)
