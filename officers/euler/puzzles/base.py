"""What the modules of :mod:`officers.euler.puzzles` share: the order-4 constants and argument checks.

>>> from officers import Rules
>>> order4_diagonals(Rules(diagonals=True)), check_k(5)
(True, 5)
"""

from __future__ import annotations

from typing import Final

from officers.core.errors import NotationError, UnsupportedError
from officers.euler.bitboard import CELLS
from officers.euler.rules import Rules

__all__ = ["CELLS", "FIRST_ROW", "N", "RELABELLINGS", "SUBSETS", "check_k", "order4_diagonals"]

N: Final = 4
SUBSETS: Final = 1 << CELLS
RELABELLINGS: Final = 576  # 4! * 4!: renamings of the ranks and of the suits
FIRST_ROW: Final = (0, 5, 10, 15)  # A♠ K♥ Q♦ J♣, the first row of every representative


def check_k(k: object) -> int:
    """The number of cards of a start, checked: an int 0-16."""
    if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= CELLS:
        raise NotationError(f"the number of cards of a start is 0-16, got {k!r}")
    return k


def order4_diagonals(rules: Rules) -> bool:
    """Whether the rules have the diagonals; raises unless they are rules of order 4."""
    if not isinstance(rules, Rules):
        raise NotationError(f"expected Rules, got {rules!r}")
    if rules.order != N:
        raise UnsupportedError(f"puzzle starts are implemented for order 4 only, not for {rules!r}")
    return rules.diagonals
