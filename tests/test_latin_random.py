"""Random Latin squares (Jacobson-Matthews): Latin, repeatable for a seed, and uniform by a
chi-squared test that a biased sampler fails."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from statistics import NormalDist

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, UnsupportedError
from officers.latin import (
    MAX_RANDOM_ORDER,
    LatinSquare,
    count_latin_squares,
    cyclic_square,
    default_steps,
    latin_square,
    latin_squares,
    random_latin_square,
    random_latin_squares,
)
from officers.latin.random import _Chain

# A correct sampler passes each uniformity test below with probability 1 - ALPHA over the
# choice of seeds; the seeds are fixed, so the test gives the same answer on every run. At
# 1 in 1000 a correct sampler that fails is a rare accident (and would fail for good: change
# nothing but look), while every biased sampler tried here gives p below 1e-20: the threshold
# sits far from both.
ALPHA = 1e-3


def chi_squared_p(statistic: float, dof: int) -> float:
    """P(X >= statistic) for X chi-squared with ``dof`` degrees of freedom: the regularised
    upper incomplete gamma function Q(dof/2, statistic/2), by its series below a + 1 and its
    continued fraction above (Numerical Recipes, 6.2)."""
    a, x = dof / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # P(a, x) by its series; Q = 1 - P
        term = total = 1 / a
        k = 0
        while abs(term) > 1e-16 * abs(total):
            k += 1
            term *= x / (a + k)
            total += term
        return max(0.0, 1 - math.exp(log_front) * total)
    # Q(a, x) by Lentz's continued fraction
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def test_the_chi_squared_tail_agrees_with_closed_forms() -> None:
    # two degrees of freedom: exp(-x/2); one: erfc(sqrt(x/2)); both sides of a + 1
    for x in (0.1, 0.5, 1.0, 2.0, 3.0, 10.0, 50.0):
        assert chi_squared_p(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10)
        assert chi_squared_p(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-8)
    # 575 and 55 degrees of freedom: Wilson and Hilferty's normal approximation of the cube root
    for dof in (55, 575):
        scale = 2 / (9 * dof)
        for x in (0.8 * dof, dof, 1.1 * dof, 1.2 * dof, 1.3 * dof):
            z = ((x / dof) ** (1 / 3) - 1 + scale) / math.sqrt(scale)
            assert chi_squared_p(x, dof) == pytest.approx(1 - NormalDist().cdf(z), rel=0.02)


def uniformity_p(draws: Iterable[LatinSquare], population: list[LatinSquare]) -> float:
    """The chi-squared p-value of the draws against the uniform distribution on population."""
    counts = Counter(draws)
    assert set(counts) <= set(population)
    total = sum(counts.values())
    expected = total / len(population)
    statistic = sum((counts[square] - expected) ** 2 / expected for square in population)
    return chi_squared_p(statistic, len(population) - 1)


def reduced(square: LatinSquare) -> LatinSquare:
    """The reduced square of a Latin square: columns sorted by the first row, then rows by the
    first column. Every reduced square of order n stands for n! (n - 1)! Latin squares, so
    uniform squares give uniform reduced squares."""
    n = len(square)
    columns = [[row[c] for row in square] for c in range(n)]
    by_first_row = sorted(range(n), key=lambda c: square[0][c])
    rows = [tuple(columns[c][r] for c in by_first_row) for r in range(n)]
    return tuple(sorted(rows, key=lambda row: row[0]))


ORDER_3 = list(latin_squares(3))
ORDER_4 = list(latin_squares(4))


def test_the_populations_are_the_known_counts() -> None:
    assert len(ORDER_3) == 12 and len(ORDER_4) == 576 == count_latin_squares(4)
    assert len({reduced(square) for square in ORDER_4}) == 4


# ---- every draw is a Latin square, the same for a seed ---------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=1, max_value=14),
    st.integers(min_value=0, max_value=2**64),
    st.none() | st.integers(min_value=0, max_value=60),
)
def test_every_draw_is_a_latin_square(n: int, seed: int, steps: int | None) -> None:
    square = random_latin_square(n, seed=seed, steps=steps)
    assert latin_square(square) == square and len(square) == n


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=3, max_value=9), st.integers(min_value=0, max_value=10**6))
def test_the_chain_keeps_its_tables_consistent(n: int, seed: int) -> None:
    # the column of each symbol in each row, and its row in each column, agree with the cells
    chain = _Chain(n, random.Random(seed))
    for _ in range(5):
        chain.advance(3)
        square = chain.square()
        assert latin_square(square) == square
        for x, y in itertools.product(range(n), repeat=2):
            z = square[x][y]
            assert chain.col[x * n + z] == y and chain.row[y * n + z] == x


def test_a_seed_gives_the_same_square() -> None:
    for n in (1, 2, 3, 7, 16):
        assert random_latin_square(n, seed=42) == random_latin_square(n, seed=42)
        generator = random.Random(42)
        assert random_latin_square(n, seed=generator) == random_latin_square(n, seed=42)
    # different seeds give different squares (order 8 has about 1e20 of them)
    assert len({random_latin_square(8, seed=seed) for seed in range(20)}) == 20


def test_a_seed_fixes_the_square_on_every_python() -> None:
    # the chain draws only random(), whose sequence for a seed Python guarantees
    assert random_latin_square(5, seed=3) == (
        (3, 0, 4, 2, 1),
        (2, 3, 1, 4, 0),
        (1, 4, 2, 0, 3),
        (4, 1, 0, 3, 2),
        (0, 2, 3, 1, 4),
    )


def test_no_steps_is_the_cyclic_square_and_a_random_generator_goes_on() -> None:
    assert random_latin_square(9, seed=1, steps=0) == cyclic_square(9)
    generator = random.Random(5)
    first = random_latin_square(6, seed=generator)
    second = random_latin_square(6, seed=generator)
    assert first != second
    assert first == random_latin_square(6, seed=5)


def test_the_stream_continues_the_chain() -> None:
    # the k-th square of the stream is the chain after steps + (k - 1) * every steps
    squares = list(random_latin_squares(7, 4, seed=9, steps=30, every=11))
    assert len(squares) == 4
    for k, square in enumerate(squares):
        assert square == random_latin_square(7, seed=9, steps=30 + k * 11)
    assert list(random_latin_squares(5, 3, seed=2)) == [
        random_latin_square(5, seed=2, steps=default_steps(5) * k) for k in (1, 2, 3)
    ]
    assert list(random_latin_squares(5, 0, seed=2)) == []


def test_default_steps() -> None:
    assert [default_steps(n) for n in (1, 4, 10, 256)] == [1, 16, 100, 65536]


def test_a_step_is_about_n_moves() -> None:
    # what the documented cost rests on: a step (proper to proper) takes about n moves
    for n in (4, 10, 30):
        chain = _Chain(n, random.Random(n))
        chain.advance(2000)
        assert 0.6 * n < chain.moves / 2000 < 1.4 * n


# ---- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "quoted"),
    [
        (lambda: random_latin_square(0), UnsupportedError, "got 0"),
        (lambda: random_latin_square(-3), UnsupportedError, "got -3"),
        (lambda: random_latin_square(MAX_RANDOM_ORDER + 1), UnsupportedError, "not 257"),
        (lambda: random_latin_square(4.0), TypeError, "got 4.0"),  # type: ignore[arg-type]
        (lambda: random_latin_square(True), TypeError, "got True"),
        (lambda: random_latin_square(4, seed=-1), InvalidArgumentError, "got -1"),
        (lambda: random_latin_square(4, seed="x"), TypeError, "got 'x'"),  # type: ignore[arg-type]
        (lambda: random_latin_square(4, seed=1.5), TypeError, "got 1.5"),  # type: ignore[arg-type]
        (lambda: random_latin_square(4, seed=False), TypeError, "got False"),
        (lambda: random_latin_square(4, steps=-2), InvalidArgumentError, "got -2"),
        (lambda: random_latin_square(4, steps=2.5), TypeError, "got 2.5"),  # type: ignore[arg-type]
        (lambda: random_latin_squares(4, -1), InvalidArgumentError, "got -1"),
        (lambda: random_latin_squares(4, 2, every=-5), InvalidArgumentError, "got -5"),
        (lambda: random_latin_squares(4, "2"), TypeError, "got '2'"),  # type: ignore[arg-type]
        (lambda: random_latin_squares(300, 2), UnsupportedError, "not 300"),
    ],
)
def test_bad_input_is_refused_quoting_it(
    call: Callable[[], object], error: type[Exception], quoted: str
) -> None:
    with pytest.raises(error, match=quoted):
        call()


# ---- uniform -----------------------------------------------------------------------------------


def test_orders_1_and_2() -> None:
    assert {random_latin_square(1, seed=seed) for seed in range(5)} == {((0,),)}
    # order 2: two squares and no improper one; a lazy step makes the chain uniform
    draws = [random_latin_square(2, seed=seed) for seed in range(2000)]
    assert uniformity_p(draws, list(latin_squares(2))) > ALPHA


def test_order_3_is_drawn_uniformly() -> None:
    # 12 squares, 100 expected each
    draws = [random_latin_square(3, seed=seed) for seed in range(1200)]
    assert set(draws) == set(ORDER_3)
    assert uniformity_p(draws, ORDER_3) > ALPHA


def test_order_4_is_drawn_uniformly() -> None:
    # every one of the 576 squares, 10 expected each (5760 draws, one seed each, 16 steps)
    draws = [random_latin_square(4, seed=seed) for seed in range(5760)]
    assert set(draws) == set(ORDER_4)
    assert uniformity_p(draws, ORDER_4) > ALPHA
    # the two isotopy classes at their sizes: 144 squares with 12 intercalates, 432 with 4
    share = sum(intercalates(square) == 12 for square in draws) / len(draws)
    assert share == pytest.approx(0.25, abs=0.02)


def test_a_thinned_stream_of_order_4_is_uniform() -> None:
    draws = list(random_latin_squares(4, 5760, seed=2026, every=8))
    assert uniformity_p(draws, ORDER_4) > ALPHA


def test_order_5_gives_its_56_reduced_squares_uniformly() -> None:
    # 161,280 squares: each reduced square stands for 5! 4! = 2880 of them
    population = list(latin_squares(5, reduced=True))
    draws = [reduced(random_latin_square(5, seed=seed)) for seed in range(2800)]
    assert uniformity_p(draws, population) > ALPHA


@pytest.mark.slow
def test_order_6_gives_its_9408_reduced_squares_uniformly() -> None:
    population = list(latin_squares(6, reduced=True))
    assert len(population) == 9408
    draws = [reduced(random_latin_square(6, seed=seed)) for seed in range(9408 * 8)]
    assert uniformity_p(draws, population) > ALPHA


def intercalates(square: LatinSquare) -> int:
    """The 2 x 2 Latin subsquares."""
    n = len(square)
    return sum(
        square[r][c] == square[s][d] and square[r][d] == square[s][c]
        for r, s in itertools.combinations(range(n), 2)
        for c, d in itertools.combinations(range(n), 2)
    )


# ---- the test can fail: biased samplers ----------------------------------------------------------


def test_too_few_steps_fail_the_test() -> None:
    draws = [random_latin_square(4, seed=seed, steps=4) for seed in range(5760)]
    assert uniformity_p(draws, ORDER_4) < 1e-20


def test_relabelling_the_cyclic_square_is_not_uniform() -> None:
    # Permuting the rows, columns and symbols of the cyclic square reaches its isotopy class
    # only: 432 of the 576 squares of order 4, each from 24**3 / 432 = 32 triples; the other
    # 144 (the class of the Klein group's table, 12 intercalates each) never come.
    cyclic = cyclic_square(4)
    perms = list(itertools.permutations(range(4)))
    images = Counter(
        tuple(tuple(s[cyclic[r[i]][c[j]]] for j in range(4)) for i in range(4))
        for r in perms
        for c in perms
        for s in perms
    )
    assert len(images) == 432 and set(images.values()) == {32}
    assert {intercalates(square) for square in set(ORDER_4) - set(images)} == {12}
    generator = random.Random(4)
    draws = []
    for _ in range(5760):
        r, c, s = (perms[int(generator.random() * 24)] for _ in range(3))
        draws.append(tuple(tuple(s[cyclic[r[i]][c[j]]] for j in range(4)) for i in range(4)))
    assert uniformity_p(draws, ORDER_4) < 1e-20


def test_stopping_after_a_number_of_moves_is_not_uniform() -> None:
    # Run the chain for 64 moves, then on to the next proper square: a square is then weighed
    # by 1 + the mean length of the excursions through improper squares that end at it. The
    # Klein group's 144 squares have no excursion (every move from them lands on a proper
    # square: each of their 48 entries 0 lies in an intercalate), so they come about 3 times
    # too rarely. Counting steps between proper squares, as the library does, is uniform.
    draws = []
    for seed in range(5760):
        chain = _Chain(4, random.Random(seed))
        while chain.moves < 64:
            chain.advance(1)
        draws.append(chain.square())
    assert uniformity_p(draws, ORDER_4) < 1e-20
    share = sum(intercalates(square) == 12 for square in draws) / len(draws)
    assert share < 0.12
