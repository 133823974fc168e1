"""The rule of the square: lines, allowed placements and broken lines.

A *line* is a row or a column, and with ``diagonals=True`` (the Expert level) also the two main
diagonals. No line may hold two cards of the same rank or of the same suit (at order ``n``: two
cells with the same first symbol ``a`` or the same second symbol ``b``).

>>> from officers import Rules, Square, Card
>>> rules = Rules()
>>> square = Square("AC3/1JS2/1AH1QD/4")
>>> rules.why_illegal(square, 1, Card.parse("KC"))
'a ♣ already stands in row 1 (A♣ at row 1, column 1)'
>>> rules.is_legal(square, 1, Card.parse("KD"))
True
>>> [line.name for line in Rules(diagonals=True).lines_through(5)]
['row 2', 'column 2', 'the main diagonal']
>>> for conflict in rules.conflicts(Square("AS1AH1/4/4/4")):
...     print(conflict)
row 1 holds two Aces: A♠ at row 1, column 1 and A♥ at row 1, column 3
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any, ClassVar, Final, Literal, Self

from officers.core.errors import (
    IllegalPlacementError,
    NotationError,
    UnsupportedError,
    excerpt,
    read_json,
)
from officers.euler.cards import Card
from officers.euler.square import EMPTY, MAX_TEXT_ORDER, Square, check_order, describe_cell
from officers.euler.words import Language, speaker

__all__ = [
    "Conflict",
    "Illegal",
    "Line",
    "Rules",
    "DIAGONAL_RULES",
    "STANDARD_RULES",
    "rules_for",
    "show",
]

LineKind = Literal["row", "column", "diagonal", "anti-diagonal"]
Attribute = Literal["rank", "suit"]


class Value:
    """An immutable value with named fields, compared, hashed and shown by them: what
    ``@dataclass(frozen=True)`` writes, without importing :mod:`dataclasses` (which imports
    :mod:`inspect`: 7 ms of every command line's start). The base of the result types; a
    subclass names its ``__slots__`` and ``_fields`` and sets them in ``__init__`` (``_set``).

    As with a frozen data class: equal when of the same class with equal fields (``==`` with
    anything else is left to the other side), hashed by the fields, shown by them in order,
    matched by them (``__match_args__``), assignment and deletion refused with
    :class:`dataclasses.FrozenInstanceError` (an :class:`AttributeError`), pickled and copied by
    building the value again, weakly referable. ``copy.replace`` (Python 3.13) makes a changed
    copy, and a pickle of the data classes of officers 0.2 still loads.

    >>> class Pair(Value):
    ...     __slots__ = _fields = __match_args__ = ("left", "right")
    ...     def __init__(self, left: int, right: int = 0) -> None:
    ...         self._set(left=left, right=right)
    >>> pair = Pair(1, 2)
    >>> pair, pair == Pair(1, right=2), hash(pair) == hash((1, 2)), pair.__replace__(right=3)
    (Pair(left=1, right=2), True, True, Pair(left=1, right=3))
    >>> pair.left = 5
    Traceback (most recent call last):
      ...
    dataclasses.FrozenInstanceError: cannot assign to field 'left'
    """

    __slots__ = ("__weakref__",)
    _fields: ClassVar[tuple[str, ...]]
    _fields_of: ClassVar[Callable[[object], tuple[object, ...]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if len(cls._fields) == 1:  # attrgetter of one name gives the field, not a 1-tuple
            (name,) = cls._fields
            cls._fields_of = lambda value: (getattr(value, name),)
        else:
            cls._fields_of = attrgetter(*cls._fields)

    def _set(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _key(self) -> tuple[object, ...]:
        return type(self)._fields_of(self)

    def __setattr__(self, name: str, value: object) -> None:
        raise _frozen(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise _frozen(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            assert isinstance(other, Value)
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[type[Value], tuple[object, ...]]:
        return type(self), self._key()

    def __setstate__(self, state: object) -> None:
        """Read the state of a pickle written by officers 0.2, whose result types were data
        classes (a dict of the fields): the value is built from it as by its class."""
        if isinstance(state, tuple) and len(state) == 2:  # (the dict, the slots)
            state = {**(state[0] or {}), **(state[1] or {})}
        if not isinstance(state, dict):
            raise TypeError(f"cannot read a {type(self).__name__} from {excerpt(state)}")
        build: Callable[..., None] = type(self).__init__
        build(self, **state)

    def __replace__(self, **changes: object) -> Self:
        """A copy with some fields changed (``copy.replace(value, name=...)`` from Python
        3.13 on, as for a data class)."""
        build: Callable[..., Self] = type(self)
        return build(**{**dict(zip(self._fields, self._key(), strict=True)), **changes})


def _frozen(message: str) -> AttributeError:
    """The error a frozen data class raises on assignment (imported only when it is raised)."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


class Line(Value):
    """A line of the square: its kind, its index (0-based) and its cells in order."""

    __slots__ = ("cells", "index", "kind")
    _fields = __match_args__ = ("kind", "index", "cells")
    kind: LineKind
    index: int
    cells: tuple[int, ...]

    def __init__(self, kind: LineKind, index: int, cells: tuple[int, ...]) -> None:
        self._set(kind=kind, index=index, cells=cells)

    @property
    def name(self) -> str:
        """``row 2``, ``column 3``, ``the main diagonal`` or ``the anti-diagonal``."""
        if self.kind == "diagonal":
            return "the main diagonal"
        if self.kind == "anti-diagonal":
            return "the anti-diagonal"
        return f"{self.kind} {self.index + 1}"

    def __str__(self) -> str:
        return self.name


class Conflict(Value):
    """Two or more cells of one line that share a rank or a suit (the first or second symbol)."""

    __slots__ = ("attribute", "cells", "line", "order", "symbol", "values")
    _fields = __match_args__ = ("line", "attribute", "symbol", "cells", "order", "values")
    line: Line
    attribute: Attribute
    symbol: int
    cells: tuple[int, ...]
    order: int
    values: tuple[int, ...]

    def __init__(
        self,
        line: Line,
        attribute: Attribute,
        symbol: int,
        cells: tuple[int, ...],
        order: int,
        values: tuple[int, ...],
    ) -> None:
        self._set(
            line=line, attribute=attribute, symbol=symbol, cells=cells, order=order, values=values
        )

    def text(self, lang: Language = "en") -> str:
        """The conflict in the language asked for (see :mod:`officers.euler.words`).

        >>> print(Rules().conflicts(Square("AS1AH1/4/4/4"))[0].text("de"))
        Zeile 1 enthält zwei Asse: Pik-Ass (Zeile 1, Spalte 1) und Herz-Ass (Zeile 1, Spalte 3)
        """
        return speaker(lang).conflict(self)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description: line, attribute, symbol and cells."""
        return {
            "line": self.line.name,
            "attribute": self.attribute,
            "symbol": self.symbol,
            "cells": list(self.cells),
            "text": str(self),
        }


Reason = Literal["taken", "placed", "rank", "suit"]


class Illegal(Value):
    """Why a card (``value``) may not go on a ``cell`` of a square of the ``order``.

    ``reason`` is ``"taken"`` (the cell holds ``held``), ``"placed"`` (the card already lies on
    ``where``), or ``"rank"`` / ``"suit"`` (``held`` on ``where``, in ``line`` through the cell,
    has the card's rank or suit).

    >>> illegal = Rules().illegal(Square("AC3/4/4/4"), 4, Card.parse("AH"))
    >>> illegal.reason, illegal.where, illegal.line
    ('rank', 0, Line(kind='column', index=0, cells=(0, 4, 8, 12)))
    >>> illegal.text("de")
    'ein Ass steht schon in Spalte 1 (Kreuz-Ass auf Zeile 1, Spalte 1)'
    """

    __slots__ = ("cell", "held", "line", "order", "reason", "value", "where")
    _fields = __match_args__ = ("reason", "cell", "value", "order", "where", "held", "line")
    reason: Reason
    cell: int
    value: int
    order: int
    where: int
    held: int
    line: Line | None

    def __init__(
        self,
        reason: Reason,
        cell: int,
        value: int,
        order: int,
        where: int,
        held: int,
        line: Line | None = None,
    ) -> None:
        self._set(
            reason=reason, cell=cell, value=value, order=order, where=where, held=held, line=line
        )

    def text(self, lang: Language = "en") -> str:
        """The reason in the language asked for (see :mod:`officers.euler.words`)."""
        return speaker(lang).illegal(self)

    def __str__(self) -> str:
        return self.text("en")


class Rules(Value):
    """The rule set: the order ``n`` (4 for the game) and whether the diagonals are lines.

    >>> Rules(), Rules(diagonals=True)
    (Rules(order=4, diagonals=False), Rules(order=4, diagonals=True))
    >>> len(Rules().lines), len(Rules(diagonals=True).lines)
    (8, 10)
    """

    _fields = __match_args__ = ("order", "diagonals")
    order: int
    diagonals: bool
    _lines: tuple[Line, ...]
    _through: tuple[tuple[Line, ...], ...]

    def __init__(self, order: int = 4, diagonals: bool = False) -> None:
        check_order(order)
        if not isinstance(diagonals, bool):
            raise NotationError(f"diagonals must be True or False, got {excerpt(diagonals)}")
        lines, through = _lines(order, diagonals)
        vars(self).update(order=order, diagonals=diagonals, _lines=lines, _through=through)

    def __eq__(self, other: object) -> bool:  # written out: rules are compared and hashed often
        if other.__class__ is self.__class__:
            assert isinstance(other, Rules)
            return self.order == other.order and self.diagonals == other.diagonals
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.order, self.diagonals))

    @property
    def lines(self) -> tuple[Line, ...]:
        """Every line: the rows, then the columns, then (with diagonals) the two diagonals."""
        return self._lines

    def lines_through(self, cell: int) -> tuple[Line, ...]:
        """The lines through a cell: its row, its column, and the diagonals it lies on.

        >>> Rules().lines_through(16)
        Traceback (most recent call last):
        ...
        IndexError: there is no cell 16 in a square of order 4 (cells are 0-15)
        """
        if not isinstance(cell, int) or isinstance(cell, bool):
            raise TypeError(f"a cell is an int, got {excerpt(cell)}")
        if not 0 <= cell < len(self._through):
            raise IndexError(
                f"there is no cell {cell} in a square of order {self.order} "
                f"(cells are 0-{len(self._through) - 1})"
            )
        return self._through[cell]

    def describe(self) -> str:
        """``rows and columns`` or ``rows, columns and diagonals``."""
        return "rows, columns and diagonals" if self.diagonals else "rows and columns"

    # --- placements ------------------------------------------------------------------------

    def illegal(self, square: Square, cell: int, card: int | tuple[int, int]) -> Illegal | None:
        """Why the card may not go on the cell (an :class:`Illegal`), or ``None`` if it may.

        A card or cell that is not one of the square raises :class:`~officers.IllegalPlacementError`.
        """
        self.check_square(square)
        n = self.order
        values = square.values
        try:
            square.place(cell, card)
        except IllegalPlacementError:
            value = _value(card, n)
            if value is None or not isinstance(cell, int) or isinstance(cell, bool):
                raise
            if not 0 <= cell < len(values):
                raise
            if values[cell] != EMPTY:
                return Illegal("taken", cell, value, n, cell, values[cell])
            where = values.index(value)
            return Illegal("placed", cell, value, n, where, value)
        value = _value(card, n)
        assert value is not None
        a, b = divmod(value, n)
        for line in self._through[cell]:
            for other in line.cells:
                other_value = values[other]
                if other_value == EMPTY:
                    continue
                if other_value // n == a:
                    return Illegal("rank", cell, value, n, other, other_value, line)
                if other_value % n == b:
                    return Illegal("suit", cell, value, n, other, other_value, line)
        return None

    def why_illegal(self, square: Square, cell: int, card: int | tuple[int, int]) -> str | None:
        """Why the card may not go on the cell, as one sentence (English), or ``None`` if it may."""
        illegal = self.illegal(square, cell, card)
        return None if illegal is None else illegal.text("en")

    def is_legal(self, square: Square, cell: int, card: int | tuple[int, int]) -> bool:
        """Whether the card may go on the cell: the cell is empty, the card not yet placed, and
        no line through the cell already holds its rank or its suit."""
        return self.why_illegal(square, cell, card) is None

    def place(self, square: Square, cell: int, card: int | tuple[int, int]) -> Square:
        """The square with the card placed, or :class:`~officers.IllegalPlacementError` saying why.

        >>> Rules().place(Square("AC3/4/4/4"), 4, Card.parse("AH"))
        Traceback (most recent call last):
        ...
        officers.IllegalPlacementError: cannot place A♥ on row 2, column 1: an Ace already stands in column 1 (A♣ at row 1, column 1)
        """
        illegal = self.illegal(square, cell, card)
        if illegal is not None:
            raise IllegalPlacementError(
                f"cannot place {show(illegal.value, self.order)} on "
                f"{describe_cell(cell, self.order)}: {illegal.text('en')}"
            )
        return square.place(cell, card)

    def legal_placements(self, square: Square) -> list[tuple[int, int]]:
        """Every ``(cell, value)`` the rules allow on the square, in cell then value order."""
        self.check_square(square)
        n = self.order
        used = set(square.values)
        free_values = [v for v in range(n * n) if v not in used]
        result: list[tuple[int, int]] = []
        for cell in square.empty_cells():
            ranks: set[int] = set()
            suits: set[int] = set()
            for line in self._through[cell]:
                for other in line.cells:
                    v = square.values[other]
                    if v != EMPTY:
                        ranks.add(v // n)
                        suits.add(v % n)
            result.extend(
                (cell, v) for v in free_values if v // n not in ranks and v % n not in suits
            )
        return result

    # --- whole squares ---------------------------------------------------------------------

    def conflicts(self, square: Square) -> list[Conflict]:
        """Where the square breaks the rule: each line with a rank or suit more than once."""
        self.check_square(square)
        n = self.order
        found = []
        for line in self._lines:
            attribute: Attribute
            for attribute in ("rank", "suit"):
                by_symbol: dict[int, list[int]] = {}
                for cell in line.cells:
                    value = square.values[cell]
                    if value != EMPTY:
                        symbol = value // n if attribute == "rank" else value % n
                        by_symbol.setdefault(symbol, []).append(cell)
                for symbol, cells in sorted(by_symbol.items()):
                    if len(cells) > 1:
                        found.append(
                            Conflict(
                                line,
                                attribute,
                                symbol,
                                tuple(cells),
                                n,
                                tuple(square.values[c] for c in cells),
                            )
                        )
        return found

    def is_valid(self, square: Square) -> bool:
        """Whether no line of the square holds a rank or a suit twice."""
        return not self.conflicts(square)

    def is_finished(self, square: Square) -> bool:
        """Whether the square is full and keeps the rule: a finished square."""
        self.check_square(square)
        return square.is_full() and self.is_valid(square)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"order": 4, "diagonals": false}``."""
        return {"order": self.order, "diagonals": self.diagonals}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Read the JSON form as a Python object; ``diagonals`` may be left out (false).

        >>> Rules.from_dict({"order": 4, "diagonals": True})
        Rules(order=4, diagonals=True)
        >>> Rules.from_dict({"order": "4"})
        Traceback (most recent call last):
        ...
        officers.NotationError: cannot read rules {'order': '4'}: "order" is an int and "diagonals" a bool
        """
        if not isinstance(data, Mapping) or set(data) - {"order", "diagonals"}:
            raise NotationError(
                f'cannot read rules {excerpt(data)}: expected an object with "order" and '
                '"diagonals"'
            )
        order, diagonals = data.get("order", 4), data.get("diagonals", False)
        if not isinstance(order, int) or isinstance(order, bool) or not isinstance(diagonals, bool):
            raise NotationError(
                f'cannot read rules {excerpt(data)}: "order" is an int and "diagonals" a bool'
            )
        return cls(order=order, diagonals=diagonals)

    def to_json(self, **kwargs: Any) -> str:
        """The JSON form as text; keyword arguments go to ``json.dumps``.

        >>> Rules.from_json(Rules(diagonals=True).to_json())
        Rules(order=4, diagonals=True)
        """
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        """Read the JSON form from text; see :meth:`from_dict`."""
        return cls.from_dict(read_json(text, "rules"))

    def check_square(self, square: Square) -> None:
        """Raise :class:`~officers.UnsupportedError` (a ``ValueError``) unless the square has the
        rules' order.

        >>> Rules(order=3).check_square(Square())
        Traceback (most recent call last):
        ...
        officers.UnsupportedError: rules of order 3 cannot judge a square of order 4 (Square('4/4/4/4'))

        Anything but a :class:`~officers.Square` raises ``TypeError`` (a misuse of the API).
        """
        if not isinstance(square, Square):
            raise TypeError(
                f"expected a Square, got {excerpt(square)} (read text with Square(text))"
            )
        if square.order != self.order:
            raise UnsupportedError(
                f"rules of order {self.order} cannot judge a square of order {square.order} "
                f"({excerpt(square)})"
            )


def rules_for(square: Square, rules: Rules | None) -> Rules:
    """Check the arguments of a function taking a square and optional rules; return the rules
    (by default the plain rule of the square's order). Their orders are not compared.

    >>> rules_for(Square.empty(3), None)
    Rules(order=3, diagonals=False)
    """
    if not isinstance(square, Square):
        raise NotationError(
            f"expected a Square, got {excerpt(square)} (read text with Square(text))"
        )
    if rules is None:
        return Rules(order=square.order)
    if not isinstance(rules, Rules):
        raise NotationError(f"expected Rules, got {excerpt(rules)}")
    return rules


@functools.lru_cache(maxsize=16)
def _lines(order: int, diagonals: bool) -> tuple[tuple[Line, ...], tuple[tuple[Line, ...], ...]]:
    """The lines and the lines through each cell: ``O(n²)`` work and memory.

    >>> lines, through = _lines(3, True)
    >>> [line.name for line in through[4]]
    ['row 2', 'column 2', 'the main diagonal', 'the anti-diagonal']
    """
    n = order
    rows = [Line("row", r, tuple(range(n * r, n * r + n))) for r in range(n)]
    columns = [Line("column", c, tuple(range(c, n * n, n))) for c in range(n)]
    lines = rows + columns
    diagonal = anti = None
    if diagonals:
        diagonal = Line("diagonal", 0, tuple(i * (n + 1) for i in range(n)))
        anti = Line("anti-diagonal", 1, tuple((i + 1) * (n - 1) for i in range(n)))
        lines += [diagonal, anti]
    through = []
    for cell in range(n * n):
        row, column = divmod(cell, n)
        mine = [rows[row], columns[column]]
        if diagonal is not None and row == column:
            mine.append(diagonal)
        if anti is not None and row + column == n - 1:
            mine.append(anti)
        through.append(tuple(mine))
    return tuple(lines), tuple(through)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _value(card: object, order: int) -> int | None:
    """The value of a card (or pair) of a square of the order, or ``None`` if it is none."""
    if isinstance(card, tuple):
        if len(card) == 2 and all(_is_int(x) and 0 <= x < order for x in card):
            return order * int(card[0]) + int(card[1])
    elif isinstance(card, int) and not isinstance(card, bool) and 0 <= card < order * order:
        return card
    return None


def show(value: int, order: int) -> str:
    """A card of order 4 (``A♣``), else a pair as letters (``Ab``) or numbers (``(0, 1)``).

    >>> show(3, 4), show(1, 5), show(1, 30)
    ('A♣', 'Ab', '(0, 1)')
    """
    if order == 4:
        return str(Card(value))
    a, b = divmod(value, order)
    if order <= MAX_TEXT_ORDER:
        return chr(ord("A") + a) + chr(ord("a") + b)
    return f"({a}, {b})"


STANDARD_RULES: Final = Rules()
"""Rows and columns (the Easy, Normal and Hard levels)."""

DIAGONAL_RULES: Final = Rules(diagonals=True)
"""Rows, columns and the two main diagonals (the Expert level)."""
