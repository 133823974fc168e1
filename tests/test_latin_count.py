"""Counting Latin squares by classes of Latin rectangles: the published numbers, agreement
with listing them one by one, the canonical form of bipartite graphs against brute force, and a
count stopped and resumed from its state file."""

from __future__ import annotations

import itertools
import json
import math
import random
from pathlib import Path

import pytest

from officers.core.errors import InvalidArgumentError, SolverTimeoutError, UnsupportedError
from officers.latin import (
    MAX_COUNT_ORDER,
    REDUCED_LATIN_SQUARES,
    CountProgress,
    count_latin,
    count_latin_squares,
)
from officers.latin.count import canonical_graph

# OEIS A000315 (reduced Latin squares) and A002860 (all Latin squares), orders 1 .. 8.
A000315 = [1, 1, 1, 4, 56, 9408, 16942080, 535281401856]
A002860 = [
    1,
    2,
    12,
    576,
    161280,
    812851200,
    61479419904000,
    108776032459082956800,
]


def test_published_numbers_are_the_tables() -> None:
    assert list(REDUCED_LATIN_SQUARES[:8]) == A000315
    assert REDUCED_LATIN_SQUARES[8] == 377597570964258816
    for n, (reduced, squares) in enumerate(zip(A000315, A002860, strict=True), 1):
        assert squares == math.factorial(n) * math.factorial(n - 1) * reduced


@pytest.mark.parametrize("n", range(1, 8))
def test_counts_match_oeis(n: int) -> None:
    count = count_latin(n)
    assert (count.order, count.reduced, count.squares) == (n, A000315[n - 1], A002860[n - 1])


@pytest.mark.parametrize("n", range(1, 7))
def test_counts_agree_with_listing(n: int) -> None:
    count = count_latin(n)
    assert count.reduced == count_latin_squares(n, reduced=True)
    assert count.squares == count_latin_squares(n)


def test_workers_count_the_same() -> None:
    assert count_latin(7, jobs=2) == count_latin(7, jobs=1)


def test_a_dask_cluster_counts_the_same(tmp_path: Path) -> None:
    # distributed is in the test extra: this test runs wherever the suite does, never skipped
    import distributed

    state = tmp_path / "count7.json"
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        distributed.Client(cluster) as client,
    ):
        with pytest.raises(SolverTimeoutError):  # stopped part-way, resumed on the cluster
            count_latin(7, time_limit=0, state=state, executor=client.get_executor())
        count = count_latin(7, state=state, executor=client.get_executor())
    assert count == count_latin(7, jobs=1)
    assert count.reduced == A000315[6]


def test_the_command_line_counts_on_a_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    import distributed

    from officers.cli import main
    from tests.helpers import assert_valid

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True) as cluster:
        argv = ["latin", "count", "6", "--scheduler", cluster.scheduler_address, "--json"]
        assert main([*argv, "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert_valid(data)
    assert data["reduced"] == A000315[5] and data["squares"] == 812851200


def brute_isomorphic(g: tuple[int, ...], h: tuple[int, ...]) -> bool:
    """Whether h is g with its left and right vertices renumbered, trying every pair."""
    n = len(g)
    target = sorted(h)
    for q in itertools.permutations(range(n)):
        relabelled = sorted(sum(1 << q[s] for s in range(n) if row >> s & 1) for row in g)
        if relabelled == target:
            return True
    return False


def random_graph(rng: random.Random, n: int) -> tuple[int, ...]:
    return tuple(rng.getrandbits(n) for _ in range(n))


def permuted(g: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    n = len(g)
    p = list(range(n))
    q = list(range(n))
    rng.shuffle(p)
    rng.shuffle(q)
    rows = [0] * n
    for i, row in enumerate(g):
        rows[p[i]] = sum(1 << q[s] for s in range(n) if row >> s & 1)
    return tuple(rows)


def test_canonical_graph_is_invariant() -> None:
    rng = random.Random(42)
    for _ in range(300):
        n = rng.randint(1, 9)
        g = random_graph(rng, n)
        assert canonical_graph(permuted(g, rng)) == canonical_graph(g)


def test_canonical_graph_of_symmetric_graphs() -> None:
    """Regular graphs with large automorphism groups: two K(4,4), the complement of a perfect
    matching, the 3-cube's incidence."""
    rng = random.Random(7)
    two_k44 = (0x0F,) * 4 + (0xF0,) * 4
    crown = tuple(0xFF ^ 1 << i for i in range(8))
    for g in (two_k44, crown):
        assert canonical_graph(permuted(g, rng)) == canonical_graph(g)
    assert canonical_graph(two_k44) != canonical_graph(crown)


def test_canonical_graph_separates_what_brute_force_separates() -> None:
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randint(2, 5)
        g = random_graph(rng, n)
        h = random_graph(rng, n)
        if sum(map(int.bit_count, g)) != sum(map(int.bit_count, h)):
            continue
        same = canonical_graph(g) == canonical_graph(h)
        assert same == brute_isomorphic(g, h)
    # every 2-regular graph of order 5 (two disjoint perfect matchings): two classes
    perms = list(itertools.permutations(range(5)))
    graphs = {
        tuple(1 << a | 1 << b for a, b in zip(p, q, strict=True))
        for p in perms
        for q in perms
        if all(a != b for a, b in zip(p, q, strict=True))
    }
    forms = {canonical_graph(g) for g in graphs}
    assert len(forms) == 2  # a 10-cycle, or a 4-cycle and a 6-cycle


def test_progress_and_resume(tmp_path: Path) -> None:
    state = tmp_path / "count7.json"
    seen: list[CountProgress] = []
    stops, limit = 0, 0.05
    while True:
        try:
            count = count_latin(7, time_limit=limit, state=state, progress=seen.append)
            break
        except SolverTimeoutError as error:
            stops += 1
            assert "count7.json" in str(error)
            limit *= 1.5  # each call more time: on a busy machine too the count ends
    assert count.reduced == A000315[6]
    assert stops >= 1
    assert seen and all(1 <= p.rows <= p.last == 4 and p.done <= p.units for p in seen)
    assert json.loads(state.read_text())["total"] * math.factorial(7) == count.squares
    assert count_latin(7, state=state) == count  # a finished state answers at once


def test_time_limit_zero_keeps_nothing_lost(tmp_path: Path) -> None:
    state = tmp_path / "count6.json"
    with pytest.raises(SolverTimeoutError, match="ran out of time"):
        count_latin(6, time_limit=0, state=state)
    assert count_latin(6, state=state).reduced == 9408


@pytest.mark.parametrize("order", [0, -1, MAX_COUNT_ORDER + 1, 2.0, "8", True, None])
def test_bad_orders(order: object) -> None:
    with pytest.raises(UnsupportedError, match="counted for orders 1-9, got"):
        count_latin(order)  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [-1, "5", float("nan"), True])
def test_bad_time_limits(limit: object) -> None:
    with pytest.raises(InvalidArgumentError, match="time limit"):
        count_latin(3, time_limit=limit)  # type: ignore[arg-type]


def test_bad_state_files(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(InvalidArgumentError, match="cannot resume the count from"):
        count_latin(5, state=broken)
    other = tmp_path / "five.json"
    count_latin(5, state=other)
    with pytest.raises(InvalidArgumentError, match="counts order 5, not 6"):
        count_latin(6, state=other)
