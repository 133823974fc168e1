"""The square: an immutable partial square of cards, its cells and its notation.

Glossary
--------
order
    ``n``, the side of the square: 4 for the game (16 cells, 16 cards); any ``n >= 1`` for
    graeco-latin squares in general.
cell
    An int ``n * row + column`` (0-based, row-major): 0-15 at order 4. People see
    ``row 3, column 2`` (1-based); the short name is ``r3c2``.
value
    What a cell holds, as an int: ``n * a + b`` for the pair of symbols ``(a, b)``, or
    :data:`EMPTY` (-1). At order 4 the value is the :class:`~officers.Card` (``4 * rank + suit``).

Square notation (order 4): the rows top to bottom separated by ``/``; each row its cells left to
right; a card is two characters (``AS``, ``A♠``, German ``D♦`` and ``B♣``, any case); a run of
``k`` empty cells is the digit ``k``; ``.`` is one empty cell; spaces are ignored. The canonical
form uses digits and ASCII. At other orders a cell is an upper-case letter for ``a`` and a
lower-case letter for ``b`` (Euler's Latin-and-Greek letters, in ASCII): ``Ab`` is ``(0, 1)``.

>>> from officers import Square
>>> square = Square("AC3/1JS2/1AH1QD/4")
>>> print(square)
A♣ ·· ·· ··
·· J♠ ·· ··
·· A♥ ·· Q♦
·· ·· ·· ··
>>> square[9], square.notation()
(Card.ACE_OF_HEARTS, 'AC3/1JS2/1AH1QD/4')
>>> square.place(3, Card.parse("KS"))
Square('AC2KS/1JS2/1AH1QD/4')
>>> Square("a♣ . . . / . j♠ . . / . a♥ . q♦ / 4") == square
True
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

from officers.core.errors import IllegalPlacementError, NotationError, UnsupportedError, excerpt
from officers.euler.cards import Card, read_card

__all__ = [
    "EMPTY",
    "MAX_ORDER",
    "MAX_TEXT_ORDER",
    "check_order",
    "Square",
    "cell_name",
    "describe_cell",
    "parse_cell",
]

EMPTY: Final = -1
"""The value of an empty cell."""

MAX_ORDER: Final = 256
"""The largest order of a :class:`Square` or :class:`~officers.Rules` (65,536 cells)."""

MAX_TEXT_ORDER: Final = 26
"""The largest order with a text notation (one letter A-Z, a-z per symbol); above it, JSON."""

_MAX_LETTER_ORDER: Final = MAX_TEXT_ORDER
_MAX_CELL_TEXT: Final = 32
"""The longest cell text read (``r256c256`` with spaces to spare)."""
_CELL_NAME: Final = re.compile(r"\s*r\s*([0-9]{1,3})\s*c\s*([0-9]{1,3})\s*", re.IGNORECASE)
_VARIATION_SELECTORS: Final = "\ufe0e\ufe0f"
"""Presentation selectors (phones send ``♠`` U+FE0F): ignored, like spaces."""
_CELL_INDEX: Final = re.compile(r"\s*([0-9]{1,5})\s*")


def cell_name(cell: int, order: int = 4) -> str:
    """The short name of a cell: ``r3c2`` is row 3, column 2 (1-based).

    >>> cell_name(9)
    'r3c2'
    >>> cell_name(16)
    Traceback (most recent call last):
    ...
    ValueError: there is no cell 16 in a square of order 4 (cells are 0-15)
    """
    row, column = divmod(_check_cell_arg(cell, order), order)
    return f"r{row + 1}c{column + 1}"


def describe_cell(cell: int, order: int = 4) -> str:
    """A cell as people say it: ``row 3, column 2``.

    >>> describe_cell(9)
    'row 3, column 2'
    """
    row, column = divmod(_check_cell_arg(cell, order), order)
    return f"row {row + 1}, column {column + 1}"


def _check_cell_arg(cell: object, order: int) -> int:
    """The cell, checked: a misuse of the Python API raises ``TypeError`` or ``ValueError``."""
    check_order(order)
    if not isinstance(cell, int) or isinstance(cell, bool):
        raise TypeError(f"a cell is an int, got {excerpt(cell)}")
    if not 0 <= cell < order * order:
        raise ValueError(
            f"there is no cell {cell} in a square of order {order} (cells are 0-{order * order - 1})"
        )
    return cell


def parse_cell(text: str | int, order: int = 4) -> int:
    """Read a cell: ``r3c2`` (1-based row and column) or its index ``9``.

    Only ASCII digits count, at most a few of them; anything else raises
    :class:`~officers.NotationError` quoting (an excerpt of) the text.

    >>> parse_cell("r3c2"), parse_cell("R1C4"), parse_cell("15")
    (9, 3, 15)
    >>> parse_cell("r²c1")
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read cell 'r²c1': expected 'rRcC' such as 'r3c2' (row 3, column 2) or an index 0-15
    """
    check_order(order)
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < order * order:
            return text
        raise NotationError(f"cannot read cell {excerpt(text)}: expected 0-{order * order - 1}")
    if not isinstance(text, str):
        raise NotationError(f"cannot read cell {excerpt(text)}: expected a name such as 'r3c2'")
    match = _CELL_NAME.fullmatch(text) if len(text) <= _MAX_CELL_TEXT else None
    if match:
        row, column = int(match.group(1)), int(match.group(2))
        if 1 <= row <= order and 1 <= column <= order:
            return order * (row - 1) + (column - 1)
        raise NotationError(f"cannot read cell {excerpt(text)}: rows and columns are 1-{order}")
    index = _CELL_INDEX.fullmatch(text) if len(text) <= _MAX_CELL_TEXT else None
    if index and int(index.group(1)) < order * order:
        return int(index.group(1))
    raise NotationError(
        f"cannot read cell {excerpt(text)}: expected 'rRcC' such as 'r3c2' (row 3, column 2) "
        f"or an index 0-{order * order - 1}"
    )


class Square:
    """An immutable partial square of order ``n`` (4 for the game).

    ``Square(text)`` reads the square notation; ``Square()`` is the empty square of order 4;
    ``Square.empty(n)`` the empty square of order ``n``. Squares compare and hash by content, and
    ``repr()`` rebuilds them. A square may break the rules (see :class:`~officers.Rules`): reading
    it only checks that it is a square, with no card twice.
    """

    __slots__ = ("_order", "_values")

    _order: int
    # The values; or, for the finished squares that the completion index makes in bulk, the
    # same values as a bytes object, made a tuple when first read (see ``values``).
    _values: tuple[int, ...] | bytes

    def __init__(self, text: str | None = None, *, order: int = 4) -> None:
        if text is None:
            check_order(order)
            values: tuple[int, ...] = (EMPTY,) * (order * order)
        else:
            values = _parse_square(text, order)
        self._order = order
        self._values = values

    @classmethod
    def _make(cls, order: int, values: tuple[int, ...]) -> Square:
        """A square from trusted values (no checks): for the solvers' inner loops."""
        square = object.__new__(cls)
        square._order = order
        square._values = values
        return square

    @classmethod
    def _make_all(cls, order: int, rows: Iterable[tuple[int, ...] | bytes]) -> list[Square]:
        """Squares from trusted values (no checks), in bulk: what :meth:`_make` does for each
        row, without a call a square (the completion index makes 6912 at once). A row may be a
        bytes object of the values of a full square (0-255 each): it becomes a tuple when the
        values are first read."""
        new = object.__new__
        made: list[Square] = []
        append = made.append
        for values in rows:
            square = new(cls)
            square._order = order
            square._values = values
            append(square)
        return made

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, *, order: int = 4) -> Square:
        """Read the square notation (see the module documentation); the same as ``Square(text)``.

        >>> Square.parse("AC3/1JS2/1AH1QD/4").placed_count()
        4
        >>> Square.parse("Aa1/1Bb", order=2)
        Square.parse('Aa1/1Bb', order=2)
        """
        return cls._make(order, _parse_square(text, order))

    @classmethod
    def empty(cls, order: int = 4) -> Square:
        """The empty square of the given order."""
        return cls(None, order=order)

    @classmethod
    def from_values(
        cls, values: Iterator[int] | tuple[int, ...] | list[int], order: int = 4
    ) -> Square:
        """Build a square from its cell values (``n * a + b`` or :data:`EMPTY`), row-major.

        >>> Square.from_values([0] + [-1] * 15)
        Square('AS3/4/4/4')
        """
        check_order(order)
        if not isinstance(values, Iterable) or isinstance(values, str | bytes | Mapping):
            raise NotationError(
                f"cannot build a square from {excerpt(values)}: expected a list of values"
            )
        cells = tuple(itertools.islice(values, order * order + 1))
        if len(cells) != order * order:  # at most one value too many is read
            many = f"more than {order * order}" if len(cells) > order * order else len(cells)
            raise NotationError(
                f"cannot build a square of order {order} from {many} values "
                f"{excerpt(list(cells))}: expected {order * order}"
            )
        seen: dict[int, int] = {}
        for cell, value in enumerate(cells):
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or not (value == EMPTY or 0 <= value < order * order)
            ):
                raise NotationError(
                    f"cannot build a square from values {excerpt(list(cells))}: "
                    f"{excerpt(value)} at cell {cell} is not 0-{order * order - 1} or {EMPTY}"
                )
            if value != EMPTY:
                if value in seen:
                    raise NotationError(
                        f"cannot build a square from values {excerpt(list(cells))}: "
                        f"value {value} stands twice (cells {seen[value]} and {cell})"
                    )
                seen[value] = cell
        return cls._make(order, tuple(int(v) for v in cells))

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Square:
        """Read the JSON form (a text or an already decoded object); see :meth:`to_json`.

        >>> Square.from_json('{"order": 4, "notation": "AC3/1JS2/1AH1QD/4"}')
        Square('AC3/1JS2/1AH1QD/4')
        """
        return _square_from_json(data)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Square:
        """Read the JSON form as a Python object (see :meth:`to_dict`); the round trip holds.

        >>> square = Square("AC3/1JS2/1AH1QD/4")
        >>> Square.from_dict(square.to_dict()) == square
        True
        """
        if not isinstance(data, Mapping):
            raise NotationError(f"cannot read square {excerpt(data)}: expected a JSON object")
        return _square_from_json(data)

    # --- reading ---------------------------------------------------------------------------

    @property
    def order(self) -> int:
        """The side ``n`` of the square (4 for the game)."""
        return self._order

    @property
    def values(self) -> tuple[int, ...]:
        """Every cell's value, row-major: ``n * a + b`` (the card at order 4) or :data:`EMPTY`."""
        values = self._values
        if values.__class__ is bytes:  # made in bulk: read once, then kept
            values = self._values = tuple(values)
        return values  # type: ignore[return-value]

    def __getitem__(self, cell: int) -> Card | None:
        """The card on a cell, or ``None`` (order 4; use :meth:`pair_at` at other orders)."""
        if self._order != 4:
            raise TypeError(f"square of order {self._order} holds pairs, not cards: use pair_at()")
        value = self.values[self._index(cell)]
        return None if value == EMPTY else Card(value)

    def pair_at(self, cell: int) -> tuple[int, int] | None:
        """The pair of symbols ``(a, b)`` on a cell, or ``None``; ``(rank, suit)`` at order 4."""
        value = self.values[self._index(cell)]
        return None if value == EMPTY else divmod(value, self._order)

    def is_empty(self, cell: int) -> bool:
        """Whether the cell is empty."""
        return self.values[self._index(cell)] == EMPTY

    def _index(self, cell: object) -> int:
        """The cell, checked: unlike a list, a square has no negative cells.

        >>> Square()[-1]
        Traceback (most recent call last):
        ...
        IndexError: there is no cell -1 in a square of order 4 (cells are 0-15)
        """
        if not isinstance(cell, int) or isinstance(cell, bool):
            raise TypeError(f"a cell is an int, got {excerpt(cell)}")
        if not 0 <= cell < len(self.values):
            raise IndexError(
                f"there is no cell {cell} in a square of order {self._order} "
                f"(cells are 0-{len(self.values) - 1})"
            )
        return cell

    def empty_cells(self) -> list[int]:
        """The empty cells, in order."""
        return [cell for cell, value in enumerate(self.values) if value == EMPTY]

    def placed(self) -> list[tuple[int, Card]]:
        """The ``(cell, card)`` pairs of the filled cells, in cell order (order 4)."""
        if self._order != 4:
            raise TypeError(f"square of order {self._order} holds pairs, not cards: use values")
        return [(cell, Card(value)) for cell, value in enumerate(self.values) if value != EMPTY]

    def placed_count(self) -> int:
        """How many cells are filled."""
        return sum(1 for value in self.values if value != EMPTY)

    def unplaced(self) -> list[Card]:
        """The cards not yet in the square, in card order (order 4)."""
        if self._order != 4:
            raise TypeError(f"square of order {self._order} holds pairs, not cards: use values")
        used = set(self.values)
        return [card for card in Card if card not in used]

    def is_full(self) -> bool:
        """Whether every cell is filled."""
        return EMPTY not in self.values

    def cell_of(self, value: int) -> int | None:
        """The cell that holds a card (or value), or ``None``."""
        try:
            return self.values.index(value)
        except ValueError:
            return None

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and value != EMPTY and value in self.values

    def __len__(self) -> int:
        """The number of cells, ``n * n``."""
        return len(self.values)

    # --- changing (new squares) ------------------------------------------------------------

    def place(self, cell: int, card: int | tuple[int, int]) -> Square:
        """A new square with the card (or pair ``(a, b)``) on the cell.

        Only the physical facts are checked here (the cell is empty, the card is not in the
        square yet); :meth:`officers.Rules.place` also checks the rule of the square.
        Raises :class:`~officers.IllegalPlacementError`.
        """
        value = self._value_of(card)
        self._check_cell(cell)
        if self.values[cell] != EMPTY:
            raise IllegalPlacementError(
                f"cannot place {self._show(value)} on {describe_cell(cell, self._order)}: "
                f"the cell is taken by {self._show(self.values[cell])}"
            )
        where = self.cell_of(value)
        if where is not None:
            raise IllegalPlacementError(
                f"cannot place {self._show(value)} on {describe_cell(cell, self._order)}: "
                f"it is already in the square ({describe_cell(where, self._order)})"
            )
        values = list(self.values)
        values[cell] = value
        return Square._make(self._order, tuple(values))

    def remove(self, cell: int) -> Square:
        """A new square with the cell emptied; raises :class:`~officers.IllegalPlacementError`
        when the cell is empty."""
        self._check_cell(cell)
        if self.values[cell] == EMPTY:
            raise IllegalPlacementError(
                f"cannot take back from {describe_cell(cell, self._order)}: the cell is empty"
            )
        values = list(self.values)
        values[cell] = EMPTY
        return Square._make(self._order, tuple(values))

    def _check_cell(self, cell: int) -> None:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < len(self.values):
            raise IllegalPlacementError(
                f"there is no cell {excerpt(cell)} in a square of order {self._order} "
                f"(cells are 0-{len(self.values) - 1})"
            )

    def _value_of(self, card: int | tuple[int, int]) -> int:
        n = self._order
        if isinstance(card, tuple):
            if len(card) == 2 and all(
                isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in card
            ):
                return n * card[0] + card[1]
        elif isinstance(card, int) and not isinstance(card, bool) and 0 <= card < n * n:
            return card
        raise IllegalPlacementError(
            f"{excerpt(card)} is not a card of a square of order {n} "
            f"(expected a Card, a value 0-{n * n - 1} or a pair (a, b) with 0 <= a, b < {n})"
        )

    def _show(self, value: int) -> str:
        if self._order == 4:
            return str(Card(value))
        return (
            _letters(value, self._order)
            if self._order <= _MAX_LETTER_ORDER
            else str(divmod(value, self._order))
        )

    # --- writing ---------------------------------------------------------------------------

    def notation(self) -> str:
        """The canonical square notation: ASCII, digits for runs of empty cells.

        >>> Square("A♣ . . . / . J♠ . . / . A♥ . Q♦ / . . . .").notation()
        'AC3/1JS2/1AH1QD/4'
        """
        n = self._order
        if n > _MAX_LETTER_ORDER:
            raise NotationError(
                f"squares of order {n} have no text notation (at most {_MAX_LETTER_ORDER}): "
                "use to_json()"
            )
        rows = []
        for row in range(n):
            parts: list[str] = []
            run = 0
            for value in self.values[n * row : n * row + n]:
                if value == EMPTY:
                    run += 1
                    continue
                if run:
                    parts.append(str(run))
                    run = 0
                parts.append(Card(value).notation() if n == 4 else _letters(value, n))
            if run:
                parts.append(str(run))
            rows.append("".join(parts))
        return "/".join(rows)

    def picture(self, *, ascii: bool = False) -> str:
        """The square as a picture: one line a row, ``··`` (ASCII ``..``) for an empty cell."""
        n = self._order
        blank = ".." if ascii else "··"
        if n > _MAX_LETTER_ORDER:
            blank = "." * len(str(n * n))
        lines = []
        for row in range(n):
            cells = []
            for value in self.values[n * row : n * row + n]:
                if value == EMPTY:
                    cells.append(blank)
                elif n == 4:
                    card = Card(value)
                    cells.append(card.notation() if ascii else str(card))
                else:
                    cells.append(self._show(value))
            lines.append(" ".join(cells))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form as a Python object: ``order``, ``notation`` and ``cells``.

        ``cells`` lists the cells row-major (cell ``4 * row + column``): a card in its ASCII
        notation (``"AS"``) or ``null`` at order 4; a pair ``[a, b]`` or ``null`` at other orders.
        ``notation`` is the square notation (left out above order 26).
        """
        if self._order == 4:
            cells: list[Any] = [None if v == EMPTY else Card(v).notation() for v in self.values]
        else:
            cells = [None if v == EMPTY else list(divmod(v, self._order)) for v in self.values]
        data: dict[str, Any] = {"order": self._order}
        if self._order <= _MAX_LETTER_ORDER:
            data["notation"] = self.notation()
        data["cells"] = cells
        return data

    def to_svg(self, **options: Any) -> str:
        """The square drawn as SVG, its cards drawn by officers itself; the options go to
        :func:`officers.euler.svg.square_svg`.

        >>> Square("AC3/4/4/4").to_svg().startswith("<svg")
        True
        """
        from officers.euler.svg import square_svg

        return square_svg(self, **options)

    def to_json(self, **kwargs: Any) -> str:
        """The JSON form as text (see :meth:`to_dict`); keyword arguments go to ``json.dumps``.

        >>> print(Square("AC3/4/4/4").to_json())  # doctest: +ELLIPSIS
        {"order": 4, "notation": "AC3/4/4/4", "cells": ["AC", null, null, ...]}
        """
        return json.dumps(self.to_dict(), **kwargs)

    # --- Python protocol -------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Square):
            return NotImplemented
        if self._order != other._order:
            return False
        mine, theirs = self._values, other._values
        if mine.__class__ is not theirs.__class__:  # a tuple and the bytes of a bulk square
            mine, theirs = self.values, other.values
        return mine == theirs

    def __hash__(self) -> int:
        return hash(self.values)

    def __str__(self) -> str:
        return self.picture()

    def __repr__(self) -> str:
        if self._order == 4:
            return f"Square({self.notation()!r})"
        if self._order <= _MAX_LETTER_ORDER:
            return f"Square.parse({self.notation()!r}, order={self._order})"
        return f"Square.from_values({list(self.values)!r}, order={self._order})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Square.from_values, (self.values, self._order))


# --- reading the notation ----------------------------------------------------------------------


def check_order(order: object) -> int:
    """The order, checked: a whole number 1-:data:`MAX_ORDER`.

    Raises :class:`~officers.NotationError` for anything else, or
    :class:`~officers.UnsupportedError` for an order above :data:`MAX_ORDER` (at once: nothing
    of that size is built).

    >>> check_order(10**9)
    Traceback (most recent call last):
    ...
    officers.UnsupportedError: squares and rules go up to order 256, got 1000000000
    """
    if not isinstance(order, int) or isinstance(order, bool) or order < 1:
        raise NotationError(f"the order of a square is a whole number >= 1, got {excerpt(order)}")
    if order > MAX_ORDER:
        raise UnsupportedError(
            f"squares and rules go up to order {MAX_ORDER}, got {excerpt(order, 40)}"
        )
    return order


def _cut(digits: str) -> str:
    """A run of digits as written, or its start when it is long."""
    return digits if len(digits) <= 12 else digits[:9] + "..."


def _letters(value: int, order: int) -> str:
    a, b = divmod(value, order)
    return chr(ord("A") + a) + chr(ord("a") + b)


def _parse_square(text: object, order: int) -> tuple[int, ...]:
    check_order(order)
    if order > MAX_TEXT_ORDER:
        raise NotationError(
            f"squares of order {order} have no text notation (at most {MAX_TEXT_ORDER}): "
            "use Square.from_json()"
        )
    if not isinstance(text, str):
        raise NotationError(
            f"cannot read square {excerpt(text)}: expected a string such as 'AC3/1JS2/1AH1QD/4'"
        )
    if not text.strip():
        raise NotationError(
            f"cannot read square {excerpt(text)}: it is empty (the empty square is "
            f"{'/'.join([str(order)] * order)!r})"
        )
    rows = text.split("/")
    if len(rows) != order:
        raise NotationError(
            f"cannot read square {excerpt(text)}: it has {len(rows)} row{'s' * (len(rows) != 1)}, "
            f"expected {order} separated by '/'"
        )
    values: list[int] = []
    languages: dict[str, str] = {}  # "en"/"de" -> the first card spelled that way
    for row_number, row in enumerate(rows, start=1):
        cells = _parse_row(text, row, row_number, order, languages)
        if len(cells) != order:
            raise NotationError(
                f"cannot read square {excerpt(text)}: row {row_number} has {len(cells)} "
                f"cell{'s' * (len(cells) != 1)}, expected {order}"
            )
        values.extend(cells)
    if len(languages) == 2:
        raise NotationError(
            f"cannot read square {excerpt(text)}: it mixes German ({languages['de']!r}) and English "
            f"({languages['en']!r}) rank letters; write Q J or D B throughout"
        )
    seen: dict[int, int] = {}
    for cell, value in enumerate(values):
        if value == EMPTY:
            continue
        if value in seen:
            shown = str(Card(value)) if order == 4 else _letters(value, order)
            raise NotationError(
                f"cannot read square {excerpt(text)}: {shown} stands twice "
                f"({describe_cell(seen[value], order)} and {describe_cell(cell, order)})"
            )
        seen[value] = cell
    return tuple(values)


def _parse_row(
    text: str, row: str, row_number: int, order: int, languages: dict[str, str]
) -> list[int]:
    cells: list[int] = []
    i = 0
    while i < len(row):
        char = row[i]
        if char.isspace() or char in _VARIATION_SELECTORS:
            i += 1
        elif char == ".":
            cells.append(EMPTY)
            i += 1
        elif char in "0123456789":
            j = i
            while j < len(row) and row[j] in "0123456789":
                j += 1
            if j - i > len(str(order)):
                raise NotationError(
                    f"cannot read square {excerpt(text)}: row {row_number} has a run of "
                    f"{_cut(row[i:j])} empty cells, expected at most {order}"
                )
            run = int(row[i:j])
            if run == 0:
                raise NotationError(
                    f"cannot read square {excerpt(text)}: row {row_number} has a run of 0"
                )
            if run > order:
                raise NotationError(
                    f"cannot read square {excerpt(text)}: row {row_number} has a run of {run} "
                    f"empty cells, expected at most {order}"
                )
            cells.extend([EMPTY] * run)
            i = j
        elif not char.isalpha():
            raise NotationError(
                f"cannot read square {excerpt(text)}: unexpected character {char!r} in row {row_number}"
            )
        else:
            j = i + 1
            while j < len(row) and (row[j].isspace() or row[j] in _VARIATION_SELECTORS):
                j += 1
            if j >= len(row):
                raise NotationError(
                    f"cannot read square {excerpt(text)}: row {row_number} ends in the middle of a "
                    f"cell ({excerpt(row[i:].strip())})"
                )
            pair = row[i] + row[j]
            cells.append(_parse_cell_text(text, pair, row_number, len(cells) + 1, order, languages))
            i = j + 1
    return cells


def _parse_cell_text(
    text: str, pair: str, row_number: int, column: int, order: int, languages: dict[str, str]
) -> int:
    where = f"row {row_number}, column {column}"
    if order == 4:
        try:
            card, language = read_card(pair)
        except NotationError as error:
            reason = str(error).split(": ", 1)[1]
            raise NotationError(
                f"cannot read square {excerpt(text)}: {pair!r} at {where} is not a card: {reason}"
            ) from None
        if language:
            languages.setdefault(language, pair)
        return int(card)
    a = ord(pair[0]) - ord("A")
    b = ord(pair[1]) - ord("a")
    if not (0 <= a < order <= MAX_TEXT_ORDER and 0 <= b < order):
        last_upper, last_lower = chr(ord("A") + order - 1), chr(ord("a") + order - 1)
        raise NotationError(
            f"cannot read square {excerpt(text)}: {pair!r} at {where} is not a cell of order {order} "
            f"(expected a letter A-{last_upper} then a letter a-{last_lower})"
        )
    return order * a + b


# --- reading JSON ------------------------------------------------------------------------------


def _square_from_json(data: object) -> Square:
    try:
        return _read_json(data)
    except NotationError as error:
        prefix = f"cannot read square JSON {excerpt(data)}"
        if str(error).startswith(prefix):
            raise
        raise NotationError(f"{prefix}: {error}") from None


def _read_json(data: object) -> Square:
    original = data
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except RecursionError:
            raise NotationError(
                f"cannot read square JSON {excerpt(original)}: nested too deeply"
            ) from None
        except ValueError as error:
            raise NotationError(f"cannot read square JSON {excerpt(original)}: {error}") from None
    if not isinstance(data, Mapping):
        raise NotationError(f"cannot read square JSON {excerpt(original)}: expected an object")
    order = check_order(data.get("order", 4))
    notation = data.get("notation")
    cells = data.get("cells")
    if notation is None and cells is None:
        raise NotationError(
            f"cannot read square JSON {excerpt(original)}: expected 'cells' or 'notation'"
        )
    from_notation = None if notation is None else Square.parse(notation, order=order)
    if cells is None:
        assert from_notation is not None
        return from_notation
    if not isinstance(cells, list) or len(cells) != order * order:
        raise NotationError(
            f"cannot read square JSON {excerpt(original)}: 'cells' must be a list of {order * order}"
        )
    values = [_json_cell(original, cell, item, order) for cell, item in enumerate(cells)]
    square = Square.from_values(values, order)
    if from_notation is not None and from_notation != square:
        raise NotationError(
            f"cannot read square JSON {excerpt(original)}: 'notation' and 'cells' disagree "
            f"({excerpt(from_notation.notation())} against {excerpt(square.notation())})"
        )
    return square


def _json_cell(original: object, cell: int, item: object, order: int) -> int:
    if item is None:
        return EMPTY
    if order == 4 and isinstance(item, str):
        try:
            return int(Card.parse(item))
        except NotationError as error:
            raise NotationError(
                f"cannot read square JSON {excerpt(original)}: cell {cell}: {error}"
            ) from None
    if (
        isinstance(item, list)
        and len(item) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < order for x in item)
    ):
        a, b = item
        return order * int(a) + int(b)
    raise NotationError(
        f"cannot read square JSON {excerpt(original)}: cell {cell} holds {excerpt(item)}, expected null, "
        + ("a card such as 'AS' or " if order == 4 else "")
        + f"a pair [a, b] with 0 <= a, b < {order}"
    )
