"""Whole sets of MOLS as arrays, and the randomized check of an orthogonal array.

The randomized check is held to the exact checks (the tuples' ``is_orthogonal_array`` and the
arrays' ``is_orthogonal_array_exact``, two independent readings of the definition) on arrays
that are orthogonal arrays and on arrays spoiled in every way that keeps each column balanced;
the field's array to the field's rows; and the whole sets to the published counts.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import InvalidArgumentError, UnsupportedError
from officers.cli import main
from officers.contract.latin import mols_verification_document
from officers.latin import mols, plan
from officers.latin.arrays import field_oa, is_orthogonal_array, orthogonal_array_of
from officers.latin.mols_verify import verify_order
from officers.latin.mols_whole import (
    FINGERPRINT_PRIME,
    MAX_ARRAY_CELLS,
    MAX_ARRAY_ORDER,
    field_array,
    is_orthogonal_array_exact,
    is_orthogonal_array_randomized,
    mols_array,
    oa_columns,
)

SMALL_SETS = [(1, 2), (2, 3), (3, 4), (4, 5), (2, 10), (5, 12), (4, 14), (6, 7), (7, 8), (8, 9)]


def _strong_probable_prime(m: int, base: int) -> bool:
    d, s = m - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    x = pow(base, d, m)
    if x in (1, m - 1):
        return True
    for _ in range(s - 1):
        x = x * x % m
        if x == m - 1:
            return True
    return False


def _is_prime(m: int) -> bool:
    """Miller-Rabin with the first twelve primes as bases: exact below 3.3 * 10**24."""
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    if m < 2:
        return False
    if m in bases:
        return True
    return all(m % b for b in bases) and all(_strong_probable_prime(m, b) for b in bases)


def test_the_fingerprints_field_is_the_largest_prime_below_two_to_the_43() -> None:
    assert _is_prime(FINGERPRINT_PRIME)
    assert FINGERPRINT_PRIME < 2**43
    assert not any(_is_prime(m) for m in range(FINGERPRINT_PRIME + 1, 2**43))
    # every sum the check forms is exact in a 64-bit float
    assert (MAX_ARRAY_ORDER + 2) * FINGERPRINT_PRIME < 2**53


@pytest.mark.parametrize(("k", "n"), SMALL_SETS)
def test_the_sets_of_the_library_pass_every_check(k: int, n: int) -> None:
    squares = mols(k, n)
    columns = oa_columns(squares)
    assert columns.T.tolist() == [list(row) for row in orthogonal_array_of(squares)]
    assert is_orthogonal_array_exact(columns, n)
    assert all(is_orthogonal_array_randomized(columns, n, seed=seed) for seed in range(5))
    assert mols_array(k, n).tolist() == [[list(row) for row in square] for square in squares]


def _swap(columns: np.ndarray, column: int, first: int, second: int) -> np.ndarray:
    spoiled = np.array(columns)
    spoiled[column, [first, second]] = spoiled[column, [second, first]]
    return spoiled


@settings(max_examples=150, deadline=None)
@given(
    index=st.sampled_from(SMALL_SETS),
    column=st.integers(0, 10),
    first=st.integers(0, 195),
    second=st.integers(0, 195),
    seed=st.integers(0, 2**32),
)
def test_the_randomized_check_agrees_with_the_exact_ones_on_swapped_cells(
    index: tuple[int, int], column: int, first: int, second: int, seed: int
) -> None:
    # a swap keeps every column balanced, so only the pairs can tell
    k, n = index
    columns = oa_columns(mols(k, n))
    column, first, second = column % (k + 2), first % (n * n), second % (n * n)
    spoiled = _swap(columns, column, first, second)
    rows = [tuple(int(x) for x in row) for row in np.asarray(spoiled).T]
    exact = is_orthogonal_array(rows, k + 2, n)
    assert is_orthogonal_array_exact(spoiled, n) == exact
    assert is_orthogonal_array_randomized(spoiled, n, seed=seed) == exact
    # two rows of an orthogonal array agree in at most one column: a swap of two different
    # symbols makes a pair twice
    assert exact == (columns[column, first] == columns[column, second])


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(2, 6),
    k=st.integers(2, 5),
    cells=st.lists(st.integers(0, 5), min_size=36 * 5, max_size=36 * 5),
    seed=st.integers(0, 2**32),
)
def test_the_checks_agree_on_any_array(n: int, k: int, cells: list[int], seed: int) -> None:
    columns = np.array([x % n for x in cells[: k * n * n]]).reshape(k, n * n)
    rows = [tuple(int(x) for x in row) for row in columns.T]
    exact = is_orthogonal_array(rows, k, n)
    assert is_orthogonal_array_exact(columns, n) == exact
    assert is_orthogonal_array_randomized(columns, n, seed=seed) == exact


def test_a_spoiled_set_of_a_large_order_is_caught() -> None:
    columns = field_array(60, 197)
    assert is_orthogonal_array_randomized(columns, 197)
    # two cells of one row of the last square swapped: every column still balanced
    spoiled = _swap(columns, 61, 197 * 5 + 3, 197 * 5 + 100)
    assert not is_orthogonal_array_randomized(spoiled, 197)
    assert not is_orthogonal_array_exact(spoiled, 197)
    twice = np.concatenate([columns, columns[-1:]])
    assert not is_orthogonal_array_randomized(twice, 197)


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 49])
def test_the_fields_array_is_the_fields_orthogonal_array(q: int) -> None:
    assert field_array(q - 1, q).T.tolist() == [list(row) for row in field_oa(q)]


def test_a_whole_set_over_the_tuples_limit_is_built_and_checked() -> None:
    squares = mols_array(196, 197)
    assert squares.shape == (196, 197, 197) and squares.dtype == np.uint16
    assert squares[:10].tolist() == [[list(row) for row in s] for s in mols(10, 197)]
    # each square Latin: every row and every column a permutation
    ordered = np.arange(197)
    assert (np.sort(squares, axis=2) == ordered).all()
    assert (np.sort(squares, axis=1) == ordered[:, None]).all()
    assert is_orthogonal_array_randomized(oa_columns(squares), 197)
    assert plan(197) == (196, "finite field GF(197)")


@pytest.mark.slow
def test_a_whole_set_checked_exactly() -> None:
    assert mols_array(196, 197, check="exact").tolist() == mols_array(196, 197).tolist()


def test_the_order_one_and_the_refusals() -> None:
    assert mols_array(3, 1).tolist() == [[[0]]] * 3
    assert mols_array(10**7, 1).shape == (10**7, 1, 1)
    assert is_orthogonal_array_randomized([[0], [0], [0]], 1)
    with pytest.raises(UnsupportedError, match="Tarry"):
        mols_array(2, 6)
    with pytest.raises(UnsupportedError, match="it builds 2; the published table knows 2"):
        mols_array(3, 10)
    with pytest.raises(UnsupportedError, match="not 600"):
        mols_array(1, 600)
    with pytest.raises(UnsupportedError, match="largest set of the table"):
        mols_array(MAX_ARRAY_CELLS + 1, 1)
    with pytest.raises(InvalidArgumentError, match="'sure'"):
        mols_array(2, 5, check="sure")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="at least 1, got 0"):
        mols_array(0, 5)
    with pytest.raises(UnsupportedError, match="mols_array"):
        mols(196, 197)


def test_bad_arrays_are_refused_or_rejected() -> None:
    good = oa_columns(mols(2, 5))
    with pytest.raises(InvalidArgumentError, match="2-D array of ints"):
        is_orthogonal_array_randomized(good.astype(float), 5)
    with pytest.raises(InvalidArgumentError, match="2-D array of ints"):
        is_orthogonal_array_exact(good[0], 5)
    with pytest.raises(InvalidArgumentError, match="1 to 1000, got 0"):
        is_orthogonal_array_randomized(good, 0)
    with pytest.raises(TypeError, match="an int"):
        is_orthogonal_array_randomized(good, 5.0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="rounds"):
        is_orthogonal_array_randomized(good, 5, rounds=0)
    with pytest.raises(InvalidArgumentError, match=r"\(k, n, n\) array"):
        oa_columns([[0, 1], [1, 0]])
    with pytest.raises(InvalidArgumentError, match=r"\(k, n, n\) array"):
        oa_columns([[[0, 1], [1]]])
    with pytest.raises(InvalidArgumentError, match="2-D array of ints"):
        is_orthogonal_array_randomized([[0, 1], [0]], 2)
    with pytest.raises(InvalidArgumentError, match="2-D array of ints"):
        is_orthogonal_array_exact([["0", "1"]], 1)
    assert not is_orthogonal_array_randomized(good, 6)  # wrong order: wrong length
    assert not is_orthogonal_array_randomized(good[:, :-1], 5)
    wrapped = oa_columns(np.asarray(mols(2, 5)) + 2**16)  # not cut back to 0 .. 4
    assert wrapped.dtype == np.int64 and not is_orthogonal_array_randomized(wrapped, 5)
    negative = good.astype(np.int64)
    negative[3, 0] = -1
    assert not is_orthogonal_array_randomized(negative, 5)
    assert not is_orthogonal_array_exact(np.full((2, 25), 5), 5)
    seven = np.concatenate([good, good[2:3]] * 2)  # 8 columns: more than n + 1
    assert not is_orthogonal_array_randomized(seven, 5)


def test_the_command_line_writes_the_array(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "set.npy"
    assert main(["latin", "mols", "196", "197", "--npy", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "randomized" in printed and str(out) in printed
    assert np.array_equal(np.load(out), mols_array(196, 197))
    assert main(["latin", "mols", "2", "5", "--npy", str(out), "--json"]) == 2
    assert main(["latin", "mols", "3", "10", "--npy", str(out)]) == 1
    assert "it builds 2" in capsys.readouterr().err
    assert main(["latin", "mols", "2", "5", "--npy", str(tmp_path / "no" / "set.npy")]) == 2
    assert "cannot write" in capsys.readouterr().err
    # without --npy the whole set is printed as text, as any set is
    assert main(["latin", "mols", "196", "197"]) == 0
    header, _, body = capsys.readouterr().out.partition("\n")
    assert header.startswith("# 196 MOLS of order 197") and "randomized" in header
    assert body.count("\n\n") == 195
    printed = np.array(body.split(), dtype=np.uint16).reshape(196, 197, 197)
    assert np.array_equal(printed, mols_array(196, 197))
    assert main(["latin", "mols", "196", "197", "--check", "exact"]) == 0
    header, _, body = capsys.readouterr().out.partition("\n")
    assert header.endswith("(checked exactly)") and body.count("\n\n") == 195
    assert main(["latin", "mols", "197", "197"]) == 1
    assert "at most n - 1" in capsys.readouterr().err


def test_the_squares_print_to_a_text_stream_too() -> None:
    # contextlib.redirect_stdout gives a stream without bytes
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["latin", "mols", "2", "3"]) == 0
    assert out.getvalue().splitlines()[1:] == [
        "0 1 2",
        "1 2 0",
        "2 0 1",
        "",
        "0 1 2",
        "2 0 1",
        "1 2 0",
    ]


def test_the_command_line_writes_the_array_to_standard_output(
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    assert main(["latin", "mols", "2", "5", "--npy", "-"]) == 0
    written = capsysbinary.readouterr().out
    assert np.array_equal(np.load(io.BytesIO(written)), mols_array(2, 5))


def test_a_prime_power_above_193_is_verified_whole() -> None:
    v = verify_order(197)
    assert (v.squares, v.built, v.table, v.verified, v.check) == (196, 196, 196, True, "randomized")
    assert verify_order(11).check == "exact"


@pytest.mark.slow
def test_a_whole_set_verified_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    document = mols_verification_document(197, 199, exact=True)
    assert [(r["n"], r["squares"], r["verified"], r["check"]) for r in document["rows"]] == [
        (197, 196, True, "exact"),
        (198, 6, True, "exact"),
        (199, 198, True, "exact"),
    ]
    assert main(["latin", "mols-table", "--to", "12", "--verify", "--exact", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert all(r["verified"] and r["check"] == "exact" for r in rows)


def test_exact_goes_with_verify(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["latin", "mols-table", "--to", "5", "--exact"]) == 2
    assert "--exact go with --verify" in capsys.readouterr().err


@pytest.mark.slow
def test_the_largest_set_of_the_table() -> None:
    v = verify_order(599)
    assert (v.squares, v.built, v.table, v.verified, v.check) == (598, 598, 598, True, "randomized")
