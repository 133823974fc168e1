"""Collections of riddles for a book or a sheet: pairwise different, reproducible from a seed.

>>> riddles = new_collection(3, k=6, seed="book")
>>> len(riddles), [r.start.placed_count() for r in riddles]
(3, [6, 6, 6])
>>> [r.start for r in riddles] == [r.start for r in new_collection(3, k=6, seed="book")]
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from officers.core.errors import NotationError, RiddleNotFoundError
from officers.euler.puzzles.classes import riddle_classes
from officers.euler.puzzles.generate import Riddle, new_start
from officers.euler.rules import STANDARD_RULES, Rules
from officers.euler.solve.index import CompletionIndex

if TYPE_CHECKING:
    from officers.euler.symmetry import Kind

__all__ = ["new_collection"]


def new_collection(
    count: int,
    k: int | None = None,
    rules: Rules | None = None,
    *,
    seed: int | str | None = None,
    minimal: bool = False,
    difficulty: int | str | None = None,
    kind: Kind = "puzzle",
    max_tries: int | None = None,
) -> tuple[Riddle, ...]:
    """``count`` riddles, pairwise different under the symmetries (by default: no two are the
    same puzzle), as :func:`~officers.euler.puzzles.new_start` makes them.

    Riddle ``i`` comes from the seed ``f"{seed}/{n}"`` for the ``n``-th try, so the collection
    is the same for a seed everywhere, and each riddle's own :attr:`~Riddle.seed` makes it again
    with :func:`~officers.euler.puzzles.new_start`. Without a seed one is made up. A try whose riddle
    is the same puzzle as an earlier one is skipped; after ``max_tries`` tries (default ``20 *
    count + 100``) it raises :class:`~officers.RiddleNotFoundError`, saying how many it found:
    there are only so many classes of riddles with few cards (4 with 4 cards).

    >>> new_collection(5, k=4, seed=1)
    Traceback (most recent call last):
    ...
    officers.RiddleNotFoundError: found only 4 pairwise different 4-card riddles in 200 tries (seed 1, rows and columns); ask for fewer or for more cards
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise NotationError(f"the number of riddles is a whole number 0 or more, got {count!r}")
    rules = STANDARD_RULES if rules is None else rules
    if seed is None:
        import secrets

        seed = secrets.randbits(64)
    tries = 20 * count + 100 if max_tries is None else max_tries
    classes = riddle_classes(rules, kind)
    index = CompletionIndex.get(rules)
    found: list[Riddle] = []
    seen: set[tuple[int, int]] = set()
    for n in range(tries):
        if len(found) == count:
            break
        riddle = new_start(k, rules, seed=f"{seed}/{n}", minimal=minimal, difficulty=difficulty)
        number = index.mask(riddle.start).bit_length() - 1
        cells = sum(1 << c for c, v in enumerate(riddle.start.values) if v >= 0)
        key = classes.key_of(number, cells)
        if key not in seen:
            seen.add(key)
            found.append(riddle)
    if len(found) < count:
        cards = f"{found[0].start.placed_count()}-card " if found else ""
        raise RiddleNotFoundError(
            f"found only {len(found)} pairwise different {cards}riddles in {tries} tries "
            f"(seed {seed!r}, {rules.describe()}); ask for fewer or for more cards"
        )
    return tuple(found)
