"""The orthogonal-array check against a plain one written here, on arrays that are and are not
orthogonal, of orders with one, two and three byte classes (below 256, to 510, to 599); the
squares read from an array; the table built and checked order by order, here, in processes and
on a Dask cluster."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError
from officers.latin.arrays import (
    checked_squares,
    field_oa,
    is_orthogonal_array,
    orthogonal_array_of,
    squares_of,
)
from officers.latin.mols_verify import VerifiedOrder, verify_order, verify_table
from officers.latin.mutually_orthogonal import mols
from tests.helpers import is_oa


def relabelled(rows: list[tuple[int, ...]], n: int, seed: int) -> list[tuple[int, ...]]:
    """The array with its rows shuffled and each column's symbols renamed at random: still an
    orthogonal array (or still not one)."""
    generator = random.Random(seed)
    k = len(rows[0])
    names = [generator.sample(range(n), n) for _ in range(k)]
    out = [tuple(names[x][row[x]] for x in range(k)) for row in rows]
    generator.shuffle(out)
    return out


def swapped(
    rows: list[tuple[int, ...]], column: int, first: int, second: int
) -> list[tuple[int, ...]]:
    """The array with two rows' symbols in one column exchanged (each column still holds each
    symbol ``n`` times)."""
    out = list(rows)
    a, b = out[first], out[second]
    out[first] = (*a[:column], b[column], *a[column + 1 :])
    out[second] = (*b[:column], a[column], *b[column + 1 :])
    return out


@settings(max_examples=60, deadline=None)
@given(
    q=st.sampled_from([2, 3, 4, 5, 7, 8, 9]),
    k=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    column=st.integers(0, 5),
    first=st.integers(0, 10**6),
    second=st.integers(0, 10**6),
)
def test_the_check_agrees_with_the_plain_one(
    q: int, k: int, seed: int, column: int, first: int, second: int
) -> None:
    k = min(k, q + 1)
    rows = relabelled(field_oa(q, k), q, seed)
    assert is_orthogonal_array(rows, k, q) and is_oa(rows, k, q)
    broken = swapped(rows, column % k, first % len(rows), second % len(rows))
    assert is_orthogonal_array(broken, k, q) == is_oa(broken, k, q)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 5),
    k=st.integers(0, 4),
    data=st.data(),
)
def test_the_check_agrees_with_the_plain_one_on_any_rows(
    n: int, k: int, data: st.DataObject
) -> None:
    # mostly not arrays at all: rows of any symbols, a few out of range
    rows = data.draw(
        st.lists(
            st.lists(st.integers(-1, n), min_size=k, max_size=k).map(tuple),
            min_size=n * n,
            max_size=n * n,
        )
    )
    assert is_orthogonal_array(rows, k, n) == is_oa(rows, k, n)


@pytest.mark.parametrize("n", [255, 256, 257, 599])  # one class, two (256, 257), three
def test_large_orders_and_every_class_of_symbols(n: int) -> None:
    built = field_oa(n, 4) if n != 255 else orthogonal_array_of(mols(2, 255))
    assert is_orthogonal_array(built, 4, n)
    generator = random.Random(n)
    for _ in range(3):
        column = generator.randrange(4)
        first, second = generator.sample(range(n * n), 2)
        broken = swapped(built, column, first, second)
        assert not is_orthogonal_array(broken, 4, n)
    # broken where the symbols are the last class's (the largest)
    top = [i for i, row in enumerate(built) if row[3] >= n - 2][:2]
    assert not is_orthogonal_array(swapped(built, 3, *top), 4, n)
    top = [i for i, row in enumerate(built) if row[2] == n - 1][:2]
    assert not is_orthogonal_array(swapped(built, 3, *top), 4, n)


def test_a_field_only_of_a_prime_power_order() -> None:
    with pytest.raises(InvalidArgumentError, match="not 255"):
        field_oa(255)


def test_refusals_of_malformed_rows() -> None:
    rows = field_oa(5)
    assert not is_orthogonal_array(rows, 5, 5)  # rows of 6
    assert not is_orthogonal_array(rows[:-1], 6, 5)
    assert not is_orthogonal_array([*rows[:-1], (*rows[-1][:5], 5)], 6, 5)
    assert not is_orthogonal_array([*rows[:-1], (*rows[-1][:5], -1)], 6, 5)
    assert not is_orthogonal_array([*rows[:-1], (*rows[-1][:5], "4")], 6, 5)  # type: ignore[arg-type]
    assert not is_orthogonal_array([*rows[:-1], (*rows[-1][:5], [4])], 6, 5)  # type: ignore[arg-type]
    assert is_orthogonal_array([(0,)], 1, 1) and is_orthogonal_array([()], 0, 1)
    assert is_orthogonal_array([(0, 0, 0)], 3, 1)
    assert not is_orthogonal_array([], 3, 1)


def test_the_squares_of_an_array_in_any_row_order() -> None:
    rows = field_oa(7, 5)
    squares = squares_of(rows, 7)
    assert orthogonal_array_of(squares) == sorted(rows)
    shuffled = list(rows)
    random.Random(1).shuffle(shuffled)
    assert squares_of(shuffled, 7) == squares
    assert squares_of([(0, 0, 0, 0)], 1) == (((0,),), ((0,),))
    assert checked_squares(shuffled, 5, 7) == squares
    assert checked_squares(swapped(shuffled, 4, 0, 1), 5, 7) is None
    assert checked_squares(field_oa(9, 2), 2, 9) == ()


def test_verify_an_order() -> None:
    v = verify_order(12)
    assert (v.n, v.squares, v.built, v.table, v.verified) == (12, 5, 5, 5, True)
    assert v.build_seconds >= 0 and v.check_seconds >= 0 and v.seconds >= v.check_seconds
    data = json.loads(json.dumps(v.to_dict()))
    assert data["construction"] == "5 MOLS of order 12 (B. D. McKay)"


def test_the_table_in_processes_and_here_agree() -> None:
    here = verify_table(30, start=20, jobs=1, progress=False)
    assert [v.n for v in here] == list(range(20, 31))
    assert all(v.verified and v.squares == v.built == v.table for v in here)
    apart = verify_table(30, start=20, jobs=2, progress=False)
    assert [(v.n, v.squares, v.verified) for v in apart] == [
        (v.n, v.squares, v.verified) for v in here
    ]


def test_the_table_on_a_dask_cluster() -> None:
    # distributed is in the test extra
    import distributed

    with (
        distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        found = verify_table(16, start=2, executor=client.get_executor(), progress=False)
    assert [(v.n, v.squares) for v in found] == [
        (n, m)
        for n, m in zip(range(2, 17), [1, 2, 3, 4, 1, 6, 7, 8, 2, 10, 5, 12, 4, 4, 15], strict=True)
    ]
    assert all(v.verified for v in found)


def test_the_table_command_verifies(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.cli import main

    assert main(["latin", "mols-table", "--to", "12", "--verify", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "# 11 of 11 sets built and checked" in out
    assert main(["latin", "mols-table", "--to", "5", "--verify", "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verified"] is True and [row["squares"] for row in data["rows"]] == [1, 2, 3, 4]
    assert isinstance(VerifiedOrder, type)


def test_the_table_command_takes_workers_only_to_verify(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.cli import main

    assert main(["latin", "mols-table", "--to", "5", "--jobs", "2"]) == 2
    assert "go with --verify" in capsys.readouterr().err
