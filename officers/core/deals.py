"""Numbered deals: deal N is the same on every machine, in every version, in any language.

A numbered deal is a permutation of the deck drawn from a generator that is written down here,
bit for bit, so that anyone can reproduce it from this page alone (and the tests do, with a
second implementation of their own). Python's :mod:`random` is not used: its ``shuffle`` and
``randrange`` have changed between versions.

The generator
-------------
SplitMix64 (Steele, Lea and Flood, 2014; Vigna's reference ``splitmix64.c``), with 64-bit
unsigned arithmetic (every operation modulo 2**64). The state is one 64-bit word, set to the
deal number; each output is::

    state = state + 0x9E3779B97F4A7C15
    z = state
    z = (z XOR (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z XOR (z >> 27)) * 0x94D049BB133111EB
    output z XOR (z >> 31)

Seeded with 0, its first three outputs are ``0xE220A8397B1DCDAF``, ``0x6E789E6AA1B965F4`` and
``0x06C45D188009454F``.

A number below n
----------------
``below(n)`` draws a uniform int in ``0 .. n-1`` with rejection sampling, never with a bare
modulo (which would favour the small numbers): let ``limit = 2**64 - (2**64 mod n)``, the
largest multiple of n not above 2**64; draw outputs until one, x, is below ``limit``; answer
``x mod n``. (For a deck of 52 cards a draw is rejected with a chance below 1 in 10**17.)

The shuffle
-----------
Fisher–Yates, from the back: start from the cards ``0, 1, …, n-1`` in index order; for
``i = n-1`` down to ``1``, let ``j = below(i + 1)`` and swap the cards at ``i`` and ``j``. The
result, read from index 0, is the order in which the cards are dealt. For the 52-card deck the
cards are the ints of :mod:`officers.eightoff.deck` (``13 * suit + rank - 1``); each game says how it lays
the dealt cards out (Eight Off: :func:`officers.eightoff.deal_position`).

>>> generator = SplitMix64(0)
>>> [hex(generator.next()) for _ in range(3)]
['0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4', '0x6c45d188009454f']
>>> shuffled(1, 10)
(4, 2, 8, 1, 9, 3, 0, 6, 7, 5)
>>> shuffled_deck(1) == shuffled_deck(1) != shuffled_deck(2)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from officers.core.errors import InvalidGameError, excerpt, invalid_argument

__all__ = [
    "MAX_DEAL_NUMBER",
    "SplitMix64",
    "check_deal_number",
    "shuffled",
    "shuffled_deck",
]

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

MAX_DEAL_NUMBER: Final = _MASK
"""The largest deal number: deal numbers are the 64-bit seeds, 0 to 2**64 - 1."""


class SplitMix64:
    """The generator SplitMix64: a 64-bit state, one 64-bit output a step (see the module).

    >>> generator = SplitMix64(1234567)
    >>> generator.next(), generator.next()
    (6457827717110365317, 3203168211198807973)
    >>> generator.below(52) in range(52)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = check_deal_number(seed)

    def next(self) -> int:
        """The next output, an int ``0 .. 2**64 - 1``."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def __iter__(self) -> Iterator[int]:
        while True:
            yield self.next()

    def below(self, n: int) -> int:
        """A uniform int in ``0 .. n-1`` (``1 <= n <= 2**64``), by rejection sampling."""
        if not 1 <= n <= 1 << 64:
            raise invalid_argument(
                f"below(n) needs 1 <= n <= 2**64, got {excerpt(n)}", was=InvalidGameError
            )
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


_FRENCH_DECK: Final = 52  # the cards of a French deck, as Eight Off deals them


def check_deal_number(number: object) -> int:
    """A deal number, checked: an int ``0 .. 2**64 - 1`` (a ``bool`` is no number).

    >>> check_deal_number(2**64)
    Traceback (most recent call last):
      ...
    officers.InvalidGameError: a deal number is an int 0 .. 2**64 - 1, got 18446744073709551616
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"a deal number is an int 0 .. 2**64 - 1, got {excerpt(number)}")
    if not 0 <= number <= _MASK:
        raise InvalidGameError(f"a deal number is an int 0 .. 2**64 - 1, got {excerpt(number)}")
    return number


def shuffled(number: int, n: int) -> tuple[int, ...]:
    """The ints ``0 .. n-1`` in the order of deal ``number`` (Fisher–Yates over SplitMix64).

    >>> sorted(shuffled(7, 32)) == list(range(32))
    True
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidGameError(f"a deck has 0 or more cards, got {excerpt(n)}")
    generator = SplitMix64(number)
    cards = list(range(n))
    for i in range(n - 1, 0, -1):
        j = generator.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def shuffled_deck(number: int) -> tuple[int, ...]:
    """The 52 cards of a French deck (ints of :mod:`officers.eightoff.deck`) in the order of deal
    ``number``."""
    return shuffled(number, _FRENCH_DECK)
