"""An independent, deliberately simple check that a full square is finished.

It shares no code with the solvers or with :class:`~officers.Rules`: it writes the lines out
from their definition, so the tests can trust it to judge every square the solvers return.

>>> from officers import Square
>>> is_finished(Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC JS QH"), diagonals=True)
True
>>> is_finished(Square("AS KH QD JC / QC JD AH KS / JH QS KC AD / KD AC QH JS"))
False
"""

from __future__ import annotations

from officers.euler.square import Square

__all__ = ["is_finished"]


def is_finished(square: Square, *, diagonals: bool = False) -> bool:
    """Whether the square is full, holds every pair once, and each line every symbol once."""
    n = square.order
    grid = [[square.values[n * row + column] for column in range(n)] for row in range(n)]
    if sorted(value for row in grid for value in row) != list(range(n * n)):
        return False
    lines = [row for row in grid]
    lines += [[grid[row][column] for row in range(n)] for column in range(n)]
    if diagonals:
        lines.append([grid[i][i] for i in range(n)])
        lines.append([grid[i][n - 1 - i] for i in range(n)])
    for line in lines:
        if sorted(value // n for value in line) != list(range(n)):
            return False
        if sorted(value % n for value in line) != list(range(n)):
            return False
    return True
