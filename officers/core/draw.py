"""Random draws that a seed reproduces on every Python version.

Python guarantees the sequence of :meth:`random.Random.random` for a given seed, and nothing
else (``randrange``, ``choice``, ``shuffle`` and ``sample`` have changed between versions). So
every random choice of officers (the bots, the new riddles, the verifier's random play) is drawn
here, from ``rng.random()`` only.

>>> import random
>>> first, second = random.Random(7), random.Random(7)
>>> [below(first, 10) for _ in range(5)] == [below(second, 10) for _ in range(5)]
True
>>> sorted(shuffled(random.Random(1), 5))
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["below", "pick", "shuffle", "shuffled"]

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A uniform int in ``0 .. n-1`` (``n >= 1``): ``int(rng.random() * n)``.

    One call of ``rng.random()`` per draw. For the small ``n`` of officers (at most a few
    thousand) the bias of a 53-bit float is far below anything a test could see.

    >>> rng = random.Random(2024)
    >>> all(0 <= below(rng, 3) < 3 for _ in range(100))
    True
    """
    return int(rng.random() * n)


def pick(rng: random.Random, items: Sequence[T]) -> T:
    """A uniform item of a non-empty sequence."""
    return items[below(rng, len(items))]


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle a list in place (Fisher-Yates, drawing with :func:`below`)."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def shuffled(rng: random.Random, n: int) -> list[int]:
    """``0 .. n-1`` in a random order (:func:`shuffle`)."""
    items = list(range(n))
    shuffle(rng, items)
    return items
