"""New riddles: a random start with exactly one completion, the same for a seed everywhere.

>>> from officers import count_completions
>>> riddle = new_start(k=6, seed=2024)
>>> riddle.start.placed_count(), count_completions(riddle.start)
(6, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from officers.core.draw import below, shuffled
from officers.core.errors import NotationError, RiddleNotFoundError, UnsupportedError
from officers.euler.puzzles.base import CELLS, N, check_k, order4_diagonals
from officers.euler.puzzles.counting import census
from officers.euler.puzzles.grade import HIGHEST_GRADE, LEVEL_NAMES, Grade, grade_start
from officers.euler.rules import DIAGONAL_RULES, STANDARD_RULES, Rules
from officers.euler.solve.index import CompletionIndex
from officers.euler.square import EMPTY, Square

__all__ = ["Riddle", "RiddleNotFoundError", "new_start"]


@dataclass(frozen=True)
class Riddle:
    """A generated riddle: the start, its only completion, its grade, and the seed that makes it
    again (``new_start(..., seed=riddle.seed)`` with the same other arguments)."""

    start: Square
    solution: Square
    rules: Rules
    seed: int | str
    minimal: bool
    grade: Grade

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "start": self.start.to_dict(),
            "solution": self.solution.notation(),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "cards": self.start.placed_count(),
            "minimal": self.minimal,
            "grade": self.grade.to_dict(),
        }


def new_start(
    k: int | None = None,
    rules: Rules | None = None,
    *,
    seed: int | str | None = None,
    minimal: bool = False,
    difficulty: int | str | None = None,
    max_tries: int = 2000,
) -> Riddle:
    """A random riddle: a ``k``-card start with exactly one completion.

    Parameters
    ----------
    k : int or None
        The number of cards; by default the smallest a riddle can have (4).
    rules : Rules or None
        Rows and columns (default) or with the diagonals.
    seed : int or str or None
        The same seed gives the same riddle everywhere; without one a seed is made up and kept
        in :attr:`Riddle.seed`.
    minimal : bool
        Ask for a minimal riddle (no card can be left out).
    difficulty : int or str or None
        A grade (1-4, or the level names ``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``;
        see :func:`grade_start`).
    max_tries : int
        How many random starts to try.

    Returns
    -------
    Riddle
        The start, its completion, its grade and the seed.

    Raises
    ------
    RiddleNotFoundError
        When ``max_tries`` tries found none.
    UnsupportedError
        When no such riddle exists at all.

    Notes
    -----
    The same ``seed`` (an int or a str) gives the same riddle on every machine and Python
    version: the generator draws only ``random.Random(seed).random()`` (the Mersenne Twister,
    whose output for a given seed Python keeps fixed) through :mod:`officers.core.draw`, never
    iterating a set or depending on hash seeds. Without a seed it makes
    one up and records it in :attr:`Riddle.seed`.

    Each try picks a finished square and a random set of ``k`` cells of it (uniformly), and keeps
    it if it is unique (minimal, of the difficulty asked): so every riddle asked for is equally
    likely. After ``max_tries`` tries it raises :class:`~officers.RiddleNotFoundError`. Raises
    :class:`~officers.UnsupportedError` when no such riddle exists at all (fewer cards than the census allows, a minimal riddle with more
    cards than any, or a grade above :data:`HIGHEST_GRADE`).

    Examples
    --------
    >>> riddle = new_start(k=5, seed="Euler", minimal=True)
    >>> riddle.start == new_start(k=5, seed="Euler", minimal=True).start
    True
    >>> from officers.euler.puzzles.verify import verify_start
    >>> riddle.minimal, verify_start(riddle.start).minimal
    (True, True)
    """
    rules = STANDARD_RULES if rules is None else rules
    order4_diagonals(rules)
    k = census(rules).smallest if k is None else check_k(k)
    wanted = None if difficulty is None else _difficulty(difficulty)
    _check_wish(rules, k, minimal, wanted)
    seed = _seed(seed)
    riddle = _search(rules, k, seed, minimal, wanted, max_tries)
    if riddle is not None:
        return riddle
    wish = "" if wanted is None else f" of grade {wanted} ({LEVEL_NAMES[wanted]})"
    raise RiddleNotFoundError(
        f"found no {'minimal ' if minimal else ''}{k}-card riddle{wish} in {max_tries} tries "
        f"(seed {seed!r}, {rules.describe()}); try another number of cards"
    )


def _seed(seed: object) -> int | str:
    """The seed checked, or a fresh one from the operating system."""
    if seed is None:
        import secrets

        return secrets.randbits(64)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise NotationError(f"a seed is an int or a str, got {seed!r}")
    return seed


def _search(
    rules: Rules, k: int, seed: int | str, minimal: bool, wanted: int | None, max_tries: int
) -> Riddle | None:
    """The first of ``max_tries`` random tries that is a riddle as asked (see :func:`new_start`)."""
    index = CompletionIndex.get(DIAGONAL_RULES if rules.diagonals else STANDARD_RULES)
    rng = random.Random(seed)
    for _ in range(max_tries):
        values = index.values[below(rng, len(index))]
        cells = shuffled(rng, CELLS)[:k]
        start = Square._make(N, tuple(values[c] if c in cells else EMPTY for c in range(CELLS)))
        if index.count(start) != 1:
            continue
        is_minimal = all(index.count(start.remove(c)) > 1 for c in cells)
        if minimal and not is_minimal:
            continue
        grade = grade_start(start, rules)
        if wanted is not None and grade.level != wanted:
            continue
        solution = Square._make(N, values)
        return Riddle(start, solution, rules, seed, is_minimal, grade)
    return None


def _check_wish(rules: Rules, k: int, minimal: bool, wanted: int | None) -> None:
    """Raise :class:`~officers.UnsupportedError` when no riddle is as asked (the census)."""
    table = census(rules)
    if table.row(k).unique == 0:
        raise UnsupportedError(
            f"no {k}-card start has exactly one completion ({rules.describe()}): "
            f"a riddle needs at least {table.smallest} cards (the census)"
        )
    if minimal and table.row(k).minimal == 0:
        raise UnsupportedError(
            f"no {k}-card riddle is minimal ({rules.describe()}): minimal riddles have "
            f"{table.smallest}-{table.largest_minimal} cards (the census)"
        )
    if wanted is not None and wanted > HIGHEST_GRADE:
        raise UnsupportedError(
            f"no riddle has grade {wanted} ({LEVEL_NAMES[wanted]}): every riddle is solved with "
            f"grade {HIGHEST_GRADE} reasoning or less (see officers.euler.puzzles.HIGHEST_GRADE)"
        )


def _difficulty(difficulty: int | str) -> int:
    if isinstance(difficulty, str):
        text = difficulty.strip().casefold()
        for level, name in LEVEL_NAMES.items():
            if text in (name.casefold(), str(level)):
                return level
    elif (
        isinstance(difficulty, int)
        and not isinstance(difficulty, bool)
        and difficulty in LEVEL_NAMES
    ):
        return difficulty
    raise NotationError(
        f"cannot read difficulty {difficulty!r}: expected 1-4 or easy, normal, hard, expert"
    )
