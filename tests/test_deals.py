"""Numbered deals: SplitMix64 against its reference outputs, and the documented shuffle against
a second implementation written here from the module's description alone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.deals import SplitMix64, check_deal_number, shuffled, shuffled_deck
from officers.core.errors import InvalidGameError

M64 = 2**64


def reference_splitmix64(seed: int, count: int) -> list[int]:
    """Vigna's splitmix64.c, transcribed: x += 0x9e37...; z = x; z = (z ^ z >> 30) * ...;"""
    outputs, x = [], seed
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) % M64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M64
        outputs.append(z ^ (z >> 31))
    return outputs


def reference_shuffle(number: int, n: int) -> list[int]:
    """The module's words: limit = 2**64 - 2**64 mod n, redraw until below, then mod n;
    Fisher-Yates from the back over 0..n-1."""
    stream = iter(reference_splitmix64(number, 10 * n + 10))
    deck = list(range(n))
    for i in reversed(range(1, n)):
        bound = i + 1
        limit = M64 - M64 % bound
        draw = next(stream)
        while draw >= limit:
            draw = next(stream)
        deck[i], deck[draw % bound] = deck[draw % bound], deck[i]
    return deck


def test_splitmix64_known_outputs() -> None:
    # The published first outputs for seed 0 (splitmix64.c) and for seed 1234567.
    zero = SplitMix64(0)
    assert [zero.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    seven = SplitMix64(1234567)
    assert [seven.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


@given(st.integers(0, M64 - 1))
def test_splitmix64_is_the_reference(seed: int) -> None:
    generator = SplitMix64(seed)
    assert [generator.next() for _ in range(4)] == reference_splitmix64(seed, 4)


@given(st.integers(0, M64 - 1), st.integers(0, 60))
def test_shuffle_is_the_documented_one(number: int, n: int) -> None:
    assert list(shuffled(number, n)) == reference_shuffle(number, n)


def test_rejection_sampling_rejects_above_the_limit() -> None:
    # n = 2**63 + 1: limit = 2**63 + 1, so about half the outputs are redrawn; the answer is
    # always the first output below the limit, modulo n (never a bare modulo).
    n = 2**63 + 1
    for seed in range(20):
        outputs = reference_splitmix64(seed, 40)
        first = next(x for x in outputs if x < n)
        assert SplitMix64(seed).below(n) == first % n


@given(st.integers(0, M64 - 1))
def test_a_deal_is_a_permutation_and_reproducible(number: int) -> None:
    deck = shuffled_deck(number)
    assert sorted(deck) == list(range(52))
    assert shuffled_deck(number) == deck


def test_deal_numbers_are_checked() -> None:
    for bad in (-1, M64):
        with pytest.raises(InvalidGameError):
            check_deal_number(bad)
    with pytest.raises(TypeError):
        check_deal_number(True)
    with pytest.raises(TypeError):
        check_deal_number("1")
