"""The board: what every dead-end check needs, computed once (order 4).

>>> from officers import Rules, Square
>>> board = Board(Square("AS3/4/4/4"), Rules())
>>> board.empty[:3], cards_of(board.legal[1])[:3]
([1, 2, 3], [5, 6, 7])
>>> board.blocker(1, 4)  # K♠ beside A♠: A♠ shows why
0
"""

from __future__ import annotations

from officers.euler.bitboard import ALL_CARDS_SET, EMPTY, RANK_CARDS, SUIT_CARDS
from officers.euler.rules import Line, Rules
from officers.euler.square import Square

__all__ = ["Board", "cards_of"]


def cards_of(mask: int) -> list[int]:
    """The cards (0-15) of a card set, in increasing order."""
    return [bit for bit in range(16) if (mask >> bit) & 1]


class Board:
    """A square with its legal placements as 16-bit card sets (bit ``v`` = card ``v``).

    ``values`` are the cards on the cells (:data:`~officers.euler.bitboard.EMPTY` for none),
    ``unplaced`` the card set not yet placed, ``empty`` the empty cells, ``legal[cell]`` the card
    set that may go on an empty cell, ``line_cards[line]`` the card set a line rules out.
    """

    __slots__ = ("empty", "legal", "line_cards", "rules", "square", "unplaced", "values")

    def __init__(self, square: Square, rules: Rules) -> None:
        self.square = square
        self.rules = rules
        values = square.values
        self.values = values
        placed = 0
        for value in values:
            if value != EMPTY:
                placed |= 1 << value
        self.unplaced = ALL_CARDS_SET & ~placed
        self.empty = [cell for cell, value in enumerate(values) if value == EMPTY]
        # For each line, the cards its rank and suit rule out.
        forbidden_by_line: dict[Line, int] = {}
        for line in rules.lines:
            forbidden = 0
            for cell in line.cells:
                value = values[cell]
                if value != EMPTY:
                    forbidden |= RANK_CARDS[value >> 2] | SUIT_CARDS[value & 3]
            forbidden_by_line[line] = forbidden
        self.line_cards = forbidden_by_line
        legal = [0] * 16
        for cell in self.empty:
            forbidden = 0
            for line in rules.lines_through(cell):
                forbidden |= forbidden_by_line[line]
            legal[cell] = self.unplaced & ~forbidden
        self.legal = legal

    def blocker(self, cell: int, card: int) -> int | None:
        """A filled cell that shows why ``card`` may not go on ``cell``: the cell holding the
        card, else one in a line through ``cell`` with its rank, else one with its suit."""
        values = self.values
        if values[cell] != EMPTY:
            return cell
        if not (self.unplaced >> card) & 1:
            return values.index(card)
        for shift, mask in ((2, 3), (0, 3)):
            symbol = (card >> shift) & mask
            for line in self.rules.lines_through(cell):
                for other in line.cells:
                    value = values[other]
                    if value != EMPTY and (value >> shift) & mask == symbol:
                        return other
        return None

    def line_between(self, cell: int, other: int) -> Line | None:
        """The first line through ``cell`` that holds ``other`` (``None`` if they share none)."""
        return next((line for line in self.rules.lines_through(cell) if other in line.cells), None)
