"""Sets of MOLS as numpy arrays, the whole sets of the large prime powers too, and a randomized
check that reads two hundred million symbols in seconds.

:func:`~officers.latin.mutually_orthogonal.mols` returns tuples, and builds at most
:data:`~officers.latin.mutually_orthogonal.MAX_CELLS` symbols at once: as tuples the 598 MOLS
of order 599 would take some 1.7 GB, and the exact check of every two of them reads
``C(600, 2) * 599**2``, about ``6.4 * 10**10`` pairs of cells, 4 minutes of one core.
:func:`mols_array` returns any set the library builds below order 600 as one
:class:`numpy.ndarray` of shape ``(k, n, n)`` and type ``uint16`` (the 598 MOLS of order 599:
429 MB), checked before it is returned:

- up to ``MAX_CELLS`` symbols the squares are :func:`mols`'s, checked exactly
  (:func:`~officers.latin.arrays.is_orthogonal_array`);
- above it (the whole sets of the prime powers above 193, the only sets of the table that
  large) the squares of the finite field are written straight into the array, and checked by
  :func:`is_orthogonal_array_randomized`, which knows nothing of the field: it passes an array
  that is not an orthogonal array with probability below ``2**-129`` (the 598 MOLS of order
  599 are built and checked in about 3 s of one core); or, with ``check="exact"``, by
  :func:`is_orthogonal_array_exact`, every two columns (4 minutes for those 598).

``oa_columns`` gives the orthogonal array of a set of squares column by column, which is what
the checks read: the row, the column, then each square's symbol, cell after cell.

>>> squares = mols_array(3, 4)
>>> squares.shape, squares.dtype.name, squares[0, 1].tolist()
((3, 4, 4), 'uint16', [1, 0, 3, 2])
>>> columns = oa_columns(squares)
>>> columns.shape, is_orthogonal_array_randomized(columns, 4, seed=1)
((5, 16), True)
>>> columns[4, 5] = columns[4, 6]                       # two cells of the last square swapped
>>> columns[4, 6] = squares[2, 1, 1]
>>> is_orthogonal_array_randomized(columns, 4, seed=1), is_orthogonal_array_exact(columns, 4)
(False, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

from officers.core.errors import InvalidArgumentError, UnsupportedError, excerpt
from officers.latin import mutually_orthogonal as mo
from officers.latin.arrays import field_tables
from officers.latin.mols_plan import best

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "FINGERPRINT_PRIME",
    "MAX_ARRAY_CELLS",
    "MAX_ARRAY_ORDER",
    "field_array",
    "is_orthogonal_array_exact",
    "is_orthogonal_array_randomized",
    "mols_array",
    "oa_columns",
]

FINGERPRINT_PRIME: Final = 8_796_093_022_151
"""The largest prime below ``2**43``: the field of :func:`is_orthogonal_array_randomized`'s
fingerprints, small enough that every sum it forms is exact in a 64-bit float
(:data:`MAX_ARRAY_ORDER`)."""

MAX_ARRAY_ORDER: Final = 1000
"""The largest order the checks read. The randomized check's sums stay below ``2**53``, so exact
in a 64-bit float: a row adds at most ``n + 1`` fingerprints (the most columns an orthogonal
array of index one has), a symbol ``n`` sums below the prime, and ``M x`` is ``n`` times a
fingerprint plus less than twice the prime: ``(n + 2) * FINGERPRINT_PRIME < 2**53`` up to
``n = 1021``."""

MAX_ARRAY_CELLS: Final = 598 * 599 * 599
"""The most symbols :func:`mols_array` builds: the largest set of the table, the 598 MOLS of
order 599 (214,556,398 symbols, 429 MB)."""

Check = Literal["exact", "randomized"]


def _ints(value: object) -> np.ndarray[Any, Any] | None:
    """``value`` as a numpy array of ints, or ``None`` when numpy reads it as anything else
    (floats, objects, rows of different lengths)."""
    import numpy as np

    try:
        array = np.asarray(value)
    except (ValueError, TypeError):  # rows of different lengths, say
        return None
    return array if array.dtype.kind in "iu" else None


def _columns_array(columns: object, n: object) -> np.ndarray[Any, Any] | None:
    """``columns`` as a 2-D ``uint16`` array (``n`` checked), or ``None`` when its shape or
    symbols already rule out an ``OA(k, n)`` (``n * n`` entries a column, each in
    ``0 .. n-1``, at most ``n + 1`` columns for ``n >= 2``, every symbol ``n`` times in each
    column); a bad argument raises, quoting it."""
    import numpy as np

    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"the order n is an int, got {excerpt(n)}")
    if not 1 <= n <= MAX_ARRAY_ORDER:
        raise InvalidArgumentError(f"the order n is 1 to {MAX_ARRAY_ORDER}, got {excerpt(n)}")
    array = _ints(columns)
    if array is None or array.ndim != 2:
        raise InvalidArgumentError(
            f"the columns are a 2-D array of ints (one row an array column), got {excerpt(columns)}"
        )
    size = n * n
    if array.shape[1] != size or (n >= 2 and array.shape[0] > n + 1):
        return None
    if array.size and (array.min() < 0 or array.max() >= n):
        return None
    array = array.astype(np.uint16, copy=False)
    for column in array:
        if not (np.bincount(column, minlength=n) == n).all():
            return None
    return array


def is_orthogonal_array_randomized(
    columns: npt.ArrayLike, n: int, *, rounds: int = 3, seed: int | None = None
) -> bool:
    """Whether ``columns`` (``k`` rows of ``n * n`` ints, one row an array column) are an
    ``OA(k, n)``, by a randomized test: ``True`` for every orthogonal array; for anything else
    ``False`` except with probability at most ``FINGERPRINT_PRIME**-rounds`` (below
    ``2**-129`` at the default 3 rounds), whatever the array, over the draw of the fingerprints
    (fresh from the operating system unless ``seed`` is given). ``n`` is at most
    :data:`MAX_ARRAY_ORDER`; ``InvalidArgumentError`` for an array that is not 2-D of ints.

    The test knows nothing of how the array was made. Let ``N`` be the ``n**2 x kn`` matrix of
    the array's points and lines: ``N[r, (c, s)] = 1`` when row ``r`` holds ``s`` in column
    ``c``. Once every column holds each symbol ``n`` times (checked first, exactly), the array
    is an ``OA(k, n)`` exactly when ``N^T N = M``, the matrix with ``n`` on the diagonal, ``0``
    elsewhere in a column's own block, and ``1`` between two columns (every two columns hold
    every pair of symbols once). Freivalds' test (1977) compares ``N^T (N x)`` with ``M x`` for
    a random vector ``x`` of the field of :data:`FINGERPRINT_PRIME`: ``N x`` adds, for each
    row, the fingerprints of its ``k`` symbols; ``N^T (N x)`` adds those sums over the rows
    that hold each symbol in each column; ``M x`` is ``n x`` plus the sum of the other columns'
    fingerprints. An entry of ``N^T N - M`` lies between ``-1`` and ``n - 1``, so a difference
    is not zero in the field either, and a row of it that is not zero is orthogonal to a random
    ``x`` with probability ``1 / FINGERPRINT_PRIME`` exactly. Each round draws a new ``x``:
    ``2 * k * n**2`` additions, where the exact check reads ``k**2 n**2 / 2``.

    >>> from officers.latin import mols
    >>> columns = oa_columns(mols(3, 5))
    >>> is_orthogonal_array_randomized(columns, 5)
    True
    >>> is_orthogonal_array_randomized(columns[[0, 1, 2, 2]], 5)       # a square twice
    False
    """
    import numpy as np

    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise InvalidArgumentError(f"rounds is an int of at least 1, got {excerpt(rounds)}")
    array = _columns_array(columns, n)
    if array is None:
        return False
    k = array.shape[0]
    if k < 2 or n == 1:
        return True
    prime = float(FINGERPRINT_PRIME)
    draws = np.random.default_rng(seed).integers(0, FINGERPRINT_PRIME, size=(k, rounds, n))
    fingerprints = draws.astype(np.float64)
    sums = np.zeros((rounds, n * n), dtype=np.float64)  # N x, a round a row
    for c in range(k):
        index = array[c].astype(np.intp)
        for j in range(rounds):
            sums[j] += fingerprints[c, j][index]
    sums = np.fmod(sums, prime)
    per_column = np.fmod(fingerprints.sum(axis=2), prime)  # (k, rounds)
    total = np.fmod(per_column.sum(axis=0), prime)
    for c in range(k):
        for j in range(rounds):
            got = np.fmod(np.bincount(array[c], weights=sums[j], minlength=n), prime)
            others = total[j] - per_column[c, j] + prime
            want = np.fmod(n * fingerprints[c, j] + others, prime)
            if not np.array_equal(got, want):
                return False
    return True


def is_orthogonal_array_exact(columns: npt.ArrayLike, n: int) -> bool:
    """Whether ``columns`` (``k`` rows of ``n * n`` ints, one row an array column) are an
    ``OA(k, n)``, exactly: every column holds each symbol ``n`` times, and every two columns
    hold ``n * n`` different pairs (``k * (k - 1) / 2`` passes of ``n * n`` cells: the 600
    columns of order 599 take minutes). ``n`` is at most :data:`MAX_ARRAY_ORDER`.

    >>> from officers.latin import mols
    >>> is_orthogonal_array_exact(oa_columns(mols(2, 10)), 10)
    True
    """
    import numpy as np

    array = _columns_array(columns, n)
    if array is None:
        return False
    size = n * n
    seen = np.zeros(size, dtype=np.bool_)
    for a in range(array.shape[0]):
        scaled = array[a].astype(np.int32) * n
        for b in range(a + 1, array.shape[0]):
            seen[:] = False
            seen[scaled + array[b]] = True
            if not seen.all():
                return False
    return True


def oa_columns(squares: npt.ArrayLike | Sequence[Sequence[Sequence[int]]]) -> np.ndarray[Any, Any]:
    """The ``OA(k + 2, n)`` of ``k`` squares of order ``n`` column by column, as the checks read
    it: a ``(k + 2, n * n)`` array whose columns are the cells, row after row, holding the row,
    the column, then each square's symbol (:func:`~officers.latin.arrays.orthogonal_array_of`'s
    rows, transposed). ``squares`` is anything numpy reads as a ``(k, n, n)`` array of ints.

    >>> oa_columns([[[0, 1], [1, 0]]]).tolist()
    [[0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0]]
    """
    import numpy as np

    array = _ints(squares)
    if array is None or array.ndim != 3 or array.shape[1] != array.shape[2]:
        raise InvalidArgumentError(
            f"the squares are a (k, n, n) array of ints, got {excerpt(squares)}"
        )
    k, n, _ = array.shape
    if n > MAX_ARRAY_ORDER:
        raise InvalidArgumentError(f"the order n is at most {MAX_ARRAY_ORDER}, got {n}")
    small = array.size == 0 or (array.min() >= 0 and array.max() < 2**16)
    out = np.empty((k + 2, n * n), dtype=np.uint16 if small else np.int64)  # nothing cut short
    out[0] = np.repeat(np.arange(n), n)
    out[1] = np.tile(np.arange(n), n)
    out[2:] = array.reshape(k, n * n)
    return out


def field_array(k: int, q: int) -> np.ndarray[Any, Any]:
    """The ``OA(k + 2, q)`` of GF(``q``) (``k < q``, ``q`` a prime power) column by column, as
    :func:`oa_columns` lays it out and :func:`~officers.latin.arrays.field_oa` builds it
    (square ``x - 1`` holds ``j + x*i`` in the cell ``(i, j)``), written straight into one
    ``uint16`` array, not yet checked: the row ``i`` of the square of ``x`` is the row ``x*i``
    of the addition table.

    >>> from officers.latin.arrays import field_oa
    >>> field_array(2, 4).T.tolist() == [list(row) for row in field_oa(4, 4)]
    True
    """
    import numpy as np

    add_table, mul_table = field_tables(q)
    add = np.asarray(add_table, dtype=np.uint16)
    mul = np.asarray(mul_table, dtype=np.intp)
    out = np.empty((k + 2, q * q), dtype=np.uint16)
    out[0] = np.repeat(np.arange(q, dtype=np.uint16), q)
    out[1] = np.tile(np.arange(q, dtype=np.uint16), q)
    for x in range(1, k + 1):
        out[x + 1].reshape(q, q)[...] = add[mul[x]]
    return out


def mols_array(k: int, n: int, *, check: Check = "randomized") -> np.ndarray[Any, Any]:
    """``k`` mutually orthogonal Latin squares of order ``n`` (``n < 600``) as one ``uint16``
    array of shape ``(k, n, n)`` (``[i, r, c]`` the symbol of square ``i`` in the cell
    ``(r, c)``), checked: any set the library builds, the whole sets of the prime powers too.

    A set of at most :data:`~officers.latin.mutually_orthogonal.MAX_CELLS` symbols is
    :func:`~officers.latin.mutually_orthogonal.mols`'s, checked exactly. A larger one (the
    whole sets of the prime powers above 193: GF(``n``)'s squares, written straight into the
    array) is checked by ``check``: ``"randomized"`` (the default,
    :func:`is_orthogonal_array_randomized`: seconds) or ``"exact"``
    (:func:`is_orthogonal_array_exact`: minutes for the largest). The refusals are
    :func:`~officers.latin.mutually_orthogonal.mols`'s (:func:`checked_request`):
    ``UnsupportedError`` when no set is known to the library or a theorem says none exists,
    ``InvalidArgumentError`` for ``k`` or ``n`` below 1.

    >>> squares = mols_array(196, 197)                     # 7,606,564 symbols: over MAX_CELLS
    >>> squares.shape, squares[195, 1, :4].tolist()
    ((196, 197, 197), [196, 0, 1, 2])
    """
    import numpy as np

    if check not in ("exact", "randomized"):
        raise InvalidArgumentError(f"check is 'exact' or 'randomized', got {excerpt(check)}")
    k, n = mo.checked_request(k, n)
    if k * n * n > MAX_ARRAY_CELLS:
        raise UnsupportedError(
            f"{k} squares of order {n} hold {k * n * n:,} symbols, more than the "
            f"{MAX_ARRAY_CELLS:,} of the largest set of the table"
        )
    if k * n * n <= mo.MAX_CELLS:
        return np.asarray(mo.mols(k, n), dtype=np.uint16).reshape(k, n, n)
    if n == 1:
        return np.zeros((k, 1, 1), dtype=np.uint16)
    if best(n)[1][0] != "field":  # pragma: no cover - every larger set of the table is a field's
        raise UnsupportedError(f"{k} MOLS of order {n} are not built as an array here")
    columns = field_array(k, n)
    if check == "exact":
        passed = is_orthogonal_array_exact(columns, n)
    else:
        passed = is_orthogonal_array_randomized(columns, n)
    if not passed:  # pragma: no cover - a construction's bug
        raise AssertionError(f"the construction of {k} MOLS of order {n} failed its check")
    return columns[2:].reshape(k, n, n)
