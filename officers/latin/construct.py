"""Two orthogonal Latin squares of every order that has them: all but 2 and 6.

Four constructions, each giving two orthogonal Latin squares:

finite field
    For a prime power ``q``: in the field GF(q), ``L1(i, j) = i + j`` and ``L2(i, j) = x*i + j``
    for an ``x`` other than 0 and 1 (so ``q >= 3``). Equal pairs would need ``(x - 1)*i = 0``.
product (MacNeish, 1922)
    From orthogonal pairs of orders ``p`` and ``q``, the pair of order ``p*q`` whose cell
    ``(p_i*q + q_i, p_j*q + q_j)`` holds the pair of blocks. Every order that is not 2 modulo 4
    is a product of prime powers other than 2.
Wilson's construction (1974; n = 2 modulo 4, n >= 18)
    ``n = m*t + u`` with ``t >= 5`` a prime and pairs of orders ``m``, ``m + 1`` and ``u``: the
    finite field of order ``t`` gives three mutually orthogonal Latin squares; each of their
    points becomes a pair of order ``m`` or ``m + 1`` (see :func:`_wilson_pair`). No search.
cyclic with three points at infinity (n = 10 and 14)
    After Bose, Shrikhande and Parker (1959): the symbols, rows and columns are ``Z_m`` and three
    points ``∞0, ∞1, ∞2`` with ``m = n - 3`` odd; both squares are invariant under adding 1 to
    the row, the column and the finite symbols. ``L`` is fixed (``L(i, j) = 2j - i`` except on
    three diagonals); a small search finds the diagonals and the values that make ``M``
    orthogonal to it (see :func:`_cyclic_mate`).

An order that is 2 modulo 4 and has an odd factor ``b`` with ``n / b >= 10`` is a product
(30 = 10 * 3); every other one from 18 to 256 has Wilson's split (the tests check it), and 10
and 14 are left to the search, which takes milliseconds. At 2 and 6 no pair exists
(:func:`why_none`).

>>> from officers.latin.orthogonal import are_orthogonal
>>> first, second = orthogonal_pair(10)
>>> len(first), are_orthogonal(first, second)
(10, True)
>>> orthogonal_pair(6)
Traceback (most recent call last):
...
officers.UnsupportedError: no graeco-latin square of order 6 exists (Euler's 36 officers; Tarry 1900): every Latin square of order 6 lacks an orthogonal mate
"""

from __future__ import annotations

import random
import time
from typing import Final

from officers.core.errors import SolverTimeoutError, UnsupportedError, excerpt
from officers.latin.orthogonal import orthogonal_array
from officers.latin.squares import LatinSquare

__all__ = ["MAX_ORDER", "Pair", "orthogonal_pair", "prime_power", "why_none"]

MAX_ORDER: Final = 256
"""The largest order :func:`orthogonal_pair` builds (``n * n`` = 65,536 cells)."""

Pair = tuple[LatinSquare, LatinSquare]
"""Two Latin squares of one order: orthogonal, as :func:`orthogonal_pair` gives them."""


def prime_power(n: int) -> tuple[int, int] | None:
    """``(p, k)`` when ``n == p**k`` for a prime ``p`` and ``k >= 1``, else ``None``.

    >>> prime_power(27), prime_power(12), prime_power(1)
    ((3, 3), None, None)
    """
    if n < 2:
        return None
    p = next(d for d in range(2, n + 1) if n % d == 0)
    k = 0
    while n % p == 0:
        n //= p
        k += 1
    return (p, k) if n == 1 else None


def _reduce(product: list[int], divisor: list[int], p: int) -> list[int]:
    """``product`` modulo the monic polynomial ``divisor`` over GF(``p``) (coefficient lists,
    lowest first)."""
    rest = list(product)
    d = len(divisor) - 1
    for top in range(len(rest) - 1, d - 1, -1):
        c = rest[top]
        if c:
            for i, x in enumerate(divisor):
                rest[top - d + i] = (rest[top - d + i] - c * x) % p
    return rest[:d]


def _irreducible(low: list[int], p: int) -> bool:
    """Whether ``x**k + low`` (``low`` its lower coefficients) is irreducible over GF(``p``):
    no monic polynomial of degree 1 to ``k // 2`` divides it."""
    k = len(low)
    f = [*low, 1]
    for d in range(1, k // 2 + 1):
        for code in range(p**d):
            divisor = [code // p**i % p for i in range(d)] + [1]
            if not any(_reduce(f, divisor, p)):
                return False
    return True


def _field_tables(p: int, k: int) -> tuple[list[list[int]], list[int]]:
    """The addition table of GF(p**k) and the row of its multiplication table for the element
    ``2`` (``p`` > 2) or ``x`` (``p`` = 2), elements as base-``p`` digit vectors.

    The element ``e`` stands for the polynomial whose coefficients are the base-``p`` digits of
    ``e``; multiplication is modulo the first monic polynomial of degree ``k`` that no monic
    polynomial of degree 1 to ``k // 2`` divides (an irreducible one: the quotient is a field).

    >>> add, times_x = _field_tables(2, 2)
    >>> add[1][3], times_x
    (2, [0, 2, 3, 1])
    """
    q = p**k
    digits = [[e // p**i % p for i in range(k)] for e in range(q)]
    powers = [p**i for i in range(k)]

    def number(ds: list[int]) -> int:
        return sum(d * power for d, power in zip(ds, powers, strict=False))

    if p == 2:
        add = [[a ^ b for b in range(q)] for a in range(q)]
    else:
        add = [
            [
                number([(x + y) % p for x, y in zip(digits[a], digits[b], strict=True)])
                for b in range(q)
            ]
            for a in range(q)
        ]
    low = next(
        digits[code] for code in range(q) if _irreducible(digits[code], p)
    )  # the low coefficients of x**k + ...
    x = 2 if p > 2 else min(p, q - 1)  # neither 0 nor 1
    modulus = [*low, 1]
    row = []
    for b in range(q):
        product = [0] * (2 * k)
        for i, u in enumerate(digits[x]):
            if u:
                for j, v in enumerate(digits[b]):
                    product[i + j] = (product[i + j] + u * v) % p
        row.append(number(_reduce(product, modulus, p)) if k > 1 else product[0] % p)
    return add, row


def _field_pair(q: int) -> Pair:
    p, k = prime_power(q) or (q, 1)
    add, times_x = _field_tables(p, k)  # times the element 2 (p > 2) or x (p = 2): not 0 or 1
    first = tuple(tuple(add[i][j] for j in range(q)) for i in range(q))
    second = tuple(tuple(add[times_x[i]][j] for j in range(q)) for i in range(q))
    return first, second


def _product(left: Pair, right: Pair) -> Pair:
    p, q = len(left[0]), len(right[0])

    def block(a: LatinSquare, b: LatinSquare) -> LatinSquare:
        return tuple(
            tuple(a[i // q][j // q] * q + b[i % q][j % q] for j in range(p * q))
            for i in range(p * q)
        )

    return block(left[0], right[0]), block(left[1], right[1])


# --- n = 2 modulo 4 ----------------------------------------------------------------------------

_INFINITE = 3
"""Points at infinity in the cyclic construction (they carry the pair of order 3)."""

_DEAD_ENDS = 20
"""Dead ends before the cyclic search starts again with a new random order."""


def _cyclic_mate(m: int, deadline: float | None) -> tuple[list[int], list[int], list[int]]:
    """The orbit data of a mate ``M`` of the cyclic square ``L`` on ``Z_m`` and 3 infinities.

    ``L(i, j) = i + 2d`` on the diagonal ``d = j - i``, except ``∞a`` on the diagonal ``a``
    (``a < 3``); then row ``i`` lacks ``i + 2a`` (it stands at ``(i, ∞a)``) and column ``j``
    lacks ``j + a`` (at ``(∞a, j)``). ``M(i, j) = i + psi[d]`` (``psi[d] < 0``: ``M`` holds
    ``∞(-psi[d]-1)`` on that diagonal), ``M(i, ∞a) = i + g[a]``, ``M(∞a, j) = j + h[a]``. ``M``
    is Latin and orthogonal to ``L`` when, modulo ``m``, the finite ``psi[d]`` together with the
    ``g[a]`` are all different (rows), so are the finite ``psi[d] - d`` with the ``h[a]``
    (columns), and so are the differences ``psi[d] - 2d`` on the diagonals where both are
    finite, with ``g[a] - 2a`` and ``h[a] - a`` (every pair of finite symbols once); the three
    diagonals where ``M`` is infinite pair the infinities with every finite symbol.

    A depth-first search finds them: it fills the variable with the fewest values left, tries
    the values in a random order (seeded by ``m``, so every run gives the same square), and
    starts again after ``_DEAD_ENDS`` dead ends.
    """
    rng = random.Random(m)
    while True:  # short runs: the time to a solution has a heavy tail, restarts cut it
        found = _cyclic_search(m, rng, _DEAD_ENDS, deadline)
        if found is not None:
            return found


class _RestartError(Exception):
    """The search used up its budget of dead ends."""


def _cyclic_search(
    m: int, rng: random.Random, budget: int, deadline: float | None
) -> tuple[list[int], list[int], list[int]] | None:
    """One run of the search of :func:`_cyclic_mate`; ``None`` after ``budget`` dead ends."""
    k = _INFINITE
    full = (1 << m) - 1

    def shift(bits: int, by: int) -> int:  # {v : v - by in bits}
        by %= m
        return ((bits << by) | (bits >> (m - by))) & full

    # a variable: ("d", d) a diagonal, ("g", a) or ("h", a) a cell at infinity
    variables = [("d", d) for d in range(m)] + [("g", a) for a in range(k)]
    variables += [("h", a) for a in range(k)]
    values = {variable: 0 for variable in variables}
    dead_ends = 0

    def legal(variable: tuple[str, int], rows: int, columns: int, pairs: int) -> int:
        kind, x = variable
        if kind == "g":
            return rows & shift(pairs, 2 * x)
        if kind == "h":
            return columns & shift(pairs, x)
        here = rows & shift(columns, x)
        return here if x < k else here & shift(pairs, 2 * x)

    def search(left: list[tuple[str, int]], rows: int, columns: int, pairs: int, free: int) -> bool:
        nonlocal dead_ends
        if not left:
            return True
        if deadline is not None and time.monotonic() > deadline:
            raise SolverTimeoutError(
                f"no orthogonal pair of order {m + k} found in time by the cyclic construction"
            )
        best, options, fewest = left[0], 0, m + 2
        for variable in left:
            bits = legal(variable, rows, columns, pairs)
            size = bits.bit_count() + (variable[0] == "d" and variable[1] >= k and free > 0)
            if size < fewest:
                best, options, fewest = variable, bits, size
        rest = [v for v in left if v != best]
        choices = [v for v in range(m) if options >> v & 1]
        if best[0] == "d" and best[1] >= k and free:
            choices.append(-1)
        rng.shuffle(choices)
        kind, x = best
        for v in choices:
            if v < 0:
                values[best] = -(k - free) - 1
                if search(rest, rows, columns, pairs, free - 1):
                    return True
                continue
            values[best] = v
            if kind == "g":
                used = (rows ^ 1 << v, columns, pairs ^ 1 << (v - 2 * x) % m)
            elif kind == "h":
                used = (rows, columns ^ 1 << v, pairs ^ 1 << (v - x) % m)
            else:
                p = pairs ^ 1 << (v - 2 * x) % m if x >= k else pairs
                used = (rows ^ 1 << v, columns ^ 1 << (v - x) % m, p)
            if search(rest, *used, free):
                return True
        dead_ends += 1
        if dead_ends > budget:
            raise _RestartError
        return False

    try:
        if not search(variables, full, full, full, k):
            return None
    except _RestartError:
        return None
    psi = [values[("d", d)] for d in range(m)]
    return psi, [values[("g", a)] for a in range(k)], [values[("h", a)] for a in range(k)]


def _cyclic_pair(n: int, deadline: float | None) -> Pair:
    k = _INFINITE
    m = n - k
    psi, g, h = _cyclic_mate(m, deadline)
    big_l = [[0] * n for _ in range(n)]
    big_m = [[0] * n for _ in range(n)]
    for i in range(m):
        for d in range(m):
            j = (i + d) % m
            big_l[i][j] = m + d if d < k else (i + 2 * d) % m
            big_m[i][j] = m - psi[d] - 1 if psi[d] < 0 else (i + psi[d]) % m
        for a in range(k):
            big_l[i][m + a], big_m[i][m + a] = (i + 2 * a) % m, (i + g[a]) % m
            big_l[m + a][i], big_m[m + a][i] = (i + a) % m, (i + h[a]) % m
    for a in range(k):
        for b in range(k):
            big_l[m + a][m + b] = m + (a + b) % k
            big_m[m + a][m + b] = m + (2 * a + b) % k
    return tuple(map(tuple, big_l)), tuple(map(tuple, big_m))


# --- Wilson's construction --------------------------------------------------------------------


def _wilson_split(n: int) -> tuple[int, int, int] | None:
    """``(m, t, u)`` with ``n = m*t + u`` for :func:`_wilson_pair`: ``t >= 5`` a prime (three
    mutually orthogonal Latin squares of order ``t``), ``0 <= u <= t``, and orthogonal pairs of
    orders ``m``, ``m + 1`` and ``u`` (none of them 2 or 6); the smallest ``m``, else ``None``.

    >>> _wilson_split(34), _wilson_split(38), _wilson_split(14)
    ((3, 11, 1), (3, 11, 5), None)
    """
    for m in range(3, n // 5 + 1):
        if m in (5, 6):  # m + 1 or m is 6
            continue
        for t in range(n // m, 4, -1):
            u = n - m * t
            if u > t:
                break
            if u not in (2, 6) and prime_power(t) == (t, 1):
                return m, t, u
    return None


def _wilson_pair(m: int, t: int, u: int, deadline: float | None) -> Pair:
    """An orthogonal pair of order ``n = m*t + u`` (:func:`_wilson_split`) by Wilson's
    construction (1974), as a transversal design: the orthogonal array of order ``t`` and
    strength 2 with five coordinates ``(i, j, i + j, 2i + j, 3i + j)`` modulo ``t`` keeps, in its
    fifth coordinate, only the values ``y < u``. Every other value of the first four coordinates
    becomes ``m`` values (``b`` becomes ``b*m + x``), and the ``u`` kept values become ``u`` more
    (``t*m + y``). Each point whose fifth value is dropped becomes the ``m * m`` points of a pair
    of order ``m``; each point with a kept value ``y`` becomes those of a pair of order
    ``m + 1`` less one point, the one renamed to ``(t*m + y, ..., t*m + y)``; a pair of order
    ``u`` covers the new values among themselves. Any two coordinates of the result fix the
    other two (each pair of values lies in exactly one of the pieces), so it is a graeco-latin
    square. No search: ``n * n`` points, one each.
    """
    n = m * t + u
    # the pieces as points (row, column, first, second)
    small = orthogonal_array(*_pair(m, deadline))
    large = orthogonal_array(*_pair(m + 1, deadline))
    corner = large[0]  # the point renamed to the new values: it is left out
    rename = [[v - (v > corner[k]) for v in range(m + 1)] for k in range(4)]
    top = t * m
    first = [[0] * n for _ in range(n)]
    second = [[0] * n for _ in range(n)]

    def place(r: int, c: int, a: int, b: int) -> None:
        first[r][c], second[r][c] = a, b

    for i in range(t):
        for j in range(t):
            base = (i * m, j * m, (i + j) % t * m, (2 * i + j) % t * m)
            y = (3 * i + j) % t
            if y >= u:
                for r, c, a, b in small:
                    place(base[0] + r, base[1] + c, base[2] + a, base[3] + b)
                continue
            for point in large[1:]:
                new = [
                    top + y if v == corner[k] else base[k] + rename[k][v]
                    for k, v in enumerate(point)
                ]
                place(*new)
    if u:
        for r, c, a, b in orthogonal_array(*_pair(u, deadline)):
            place(top + r, top + c, top + a, top + b)
    return tuple(map(tuple, first)), tuple(map(tuple, second))


# --- the public functions ----------------------------------------------------------------------


def _factors(n: int) -> list[int]:
    """The prime-power factors of ``n``."""
    factors = []
    p = 2
    while n > 1:
        if n % p == 0:
            q = 1
            while n % p == 0:
                n //= p
                q *= p
            factors.append(q)
        p += 1
    return factors


def why_none(n: int) -> str | None:
    """Why no two orthogonal Latin squares of order ``n`` exist (no graeco-latin square), or
    ``None`` when they do: every order but 2 and 6.

    >>> why_none(2)
    'no graeco-latin square of order 2 exists: the two Latin squares of order 2 have no transversal'
    >>> why_none(7) is None
    True
    """
    if n == 2:
        return (
            "no graeco-latin square of order 2 exists: "
            "the two Latin squares of order 2 have no transversal"
        )
    if n == 6:
        return (
            "no graeco-latin square of order 6 exists (Euler's 36 officers; Tarry 1900): "
            "every Latin square of order 6 lacks an orthogonal mate"
        )
    return None


def orthogonal_pair(n: int, *, time_limit: float | None = None) -> Pair:
    """Two orthogonal Latin squares of order ``n`` (not 2 or 6), by the constructions above.

    Orders up to :data:`MAX_ORDER` (256). ``time_limit`` bounds the search used for orders 10
    and 14 (it raises :class:`~officers.SolverTimeoutError`; both take milliseconds); every
    other order is built without a search, in under 0.2 s up to 256. Raises
    :class:`~officers.UnsupportedError` for 2 and 6, saying why none exists (:func:`why_none`).

    >>> first, second = orthogonal_pair(3)
    >>> first, second
    (((0, 1, 2), (1, 2, 0), (2, 0, 1)), ((0, 1, 2), (2, 0, 1), (1, 2, 0)))
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise UnsupportedError(f"the order of a square is a whole number >= 1, got {excerpt(n)}")
    if n > MAX_ORDER:
        raise UnsupportedError(
            f"orthogonal pairs are built up to order {MAX_ORDER} ({MAX_ORDER**2} cells), not {n}"
        )
    reason = why_none(n)
    if reason is not None:
        raise UnsupportedError(reason)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    return _pair(n, deadline)


def _pair(n: int, deadline: float | None) -> Pair:
    if n == 1:
        return ((0,),), ((0,),)
    if n % 4 == 2:
        # a product with an odd factor when there is one: 30 = 10 * 3; else the search (2p)
        odd = next((b for b in range(3, n // 10 + 1, 2) if n % b == 0), None)
        if odd is not None:
            return _product(_pair(n // odd, deadline), _pair(odd, deadline))
        split = _wilson_split(n)
        if split is not None:  # every such order from 18 to 256
            return _wilson_pair(*split, deadline)
        return _cyclic_pair(n, deadline)  # 10 and 14
    result: Pair = ((0,),), ((0,),)
    for q in _factors(n):
        result = _product(result, _field_pair(q))
    return result
