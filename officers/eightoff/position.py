"""A position of Eight Off (or of any game of its family): the columns, the cells, the foundations.

Glossary
--------
card
    An int 0-51 of :mod:`officers.eightoff.deck`, ``13 * suit + rank - 1`` (suits C D H S, Ace = 1).
column
    A tuple of cards, from its top (the first card dealt, covered by the others) to its bottom
    (the exposed card, the only one that moves alone). Columns are ``0 .. columns-1``.
cell
    A free cell: a card or ``None``. Cells are slots ``0 .. cells-1``; their order is kept.
foundation
    The number of cards played to a suit's foundation, 0-13, for the suits C D H S in order.

Position notation (one line, four fields separated by spaces)::

    variant columns cells foundations

- ``variant``: the variant's notation (:meth:`Variant.notation`), e.g. ``eight-off`` or
  ``freecell[cells=3]``;
- ``columns``: the columns left to right, separated by ``/``; each column its cards from top
  to bottom, run together (``JDKD2S``; ``T`` or ``10`` for ten, any case); ``-`` for an empty
  column;
- ``cells``: one slot per cell of the variant, in order: a card, or ``-`` for an empty cell,
  run together (``AH2C------``); a variant without cells writes ``-``;
- ``foundations``: ``C`` ``D`` ``H`` ``S`` each followed by the number of cards on that
  foundation (``C0D0H0S0``, ``C13D13H13S13``).

Every card of the deck is in exactly one place: on a foundation (the foundation of a suit holding
n cards holds its Ace to its n-th rank), in a cell or in a column. A text that breaks this
cannot be read (the error says which card is missing or comes twice).

>>> position = Position.numbered(1, EIGHT_OFF)
>>> print(position)
eight-off · foundations ♣ 0  ♦ 0  ♥ 0  ♠ 0
cells:  3♥  2♠  9♥  7♠  ··  ··  ··  ··
  1   2   3   4   5   6   7   8
 7♦  9♣  4♦  8♥  8♦  5♠  J♦  6♦
 9♠  J♣  5♦  K♦  3♣  2♦  J♥  5♥
 7♥  4♥  2♣  A♦  6♠  K♣  K♥ 10♥
10♠  J♠ 10♦  8♠  Q♣  4♠  6♣  7♣
 A♠  5♣  A♥  K♠  6♥  Q♠  Q♥  Q♦
 9♦  3♦  3♠  A♣  4♣  2♥  8♣ 10♣
>>> Position.parse(position.notation()) == position
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from officers.core.deals import shuffled_deck
from officers.core.errors import InvalidGameError, NotationError, excerpt, read_json
from officers.eightoff.variant import EIGHT_OFF, Variant

__all__ = ["Position", "cell_letter", "column_name", "lay_out"]

CARDS_IN_DECK: Final = 52
"""The cards of the deck (:data:`officers.eightoff.deck.CARDS_IN_DECK`: the deck's cards, their
names and their reading are imported when a position is written or read, not to deal one)."""

_SUIT_LETTERS: Final = "CDHS"
_SUIT_SYMBOLS: Final = "♣♦♥♠"
_CELL_LETTERS: Final = "abcdefgk"
"""fc-solve's names of cells 1-8: ``a`` … ``g``, then ``k`` (``h`` is the foundation)."""


def column_name(column: int) -> str:
    """The name of a column in the move notation: ``1`` … ``10`` (column 0 is ``1``).

    >>> column_name(0), column_name(9)
    ('1', '10')
    """
    return str(column + 1)


def cell_letter(cell: int) -> str:
    """The name of a cell in the move notation: ``a`` … ``g``, ``k`` (fc-solve's: ``h`` is
    the foundation).

    >>> cell_letter(0), cell_letter(7)
    ('a', 'k')
    """
    return _CELL_LETTERS[cell]


def lay_out(cards: Sequence[int], variant: Variant) -> Position:
    """The position of a deal: ``cards`` (all 52, in the order dealt) laid out as the variant's
    deal says: round by round, one card to each column (left to right) that still wants one;
    then the rest into the cells ``a``, ``b``, … in order.

    >>> lay_out(range(52), EIGHT_OFF).columns[0]
    (0, 8, 16, 24, 32, 40)
    """
    order = [int(card) for card in cards]
    heights = variant.deal.columns
    columns: list[list[int]] = [[] for _ in heights]
    k = 0
    for row in range(max(heights, default=0)):
        for column, height in enumerate(heights):
            if row < height:
                columns[column].append(order[k])
                k += 1
    dealt = order[k : k + variant.deal.cells]
    cells = tuple(dealt) + (None,) * (variant.cells - len(dealt))
    if k + len(dealt) != len(order):
        raise InvalidGameError(f"a deal lays out 52 cards, got {len(order)}")
    return Position(tuple(tuple(c) for c in columns), cells, (0, 0, 0, 0), variant)


@dataclass(frozen=True, slots=True)
class Position:
    """A position: ``columns`` (top to exposed card), ``cells`` (a card or ``None`` each),
    ``foundations`` (cards played per suit, C D H S) and the ``variant``. Immutable and hashable.

    Make one with :meth:`numbered` (deal N), :func:`lay_out`, :meth:`parse` or the constructor,
    which checks that every card of the deck is in exactly one place.
    """

    columns: tuple[tuple[int, ...], ...]
    cells: tuple[int | None, ...]
    foundations: tuple[int, int, int, int]
    variant: Variant = EIGHT_OFF

    def __post_init__(self) -> None:
        if not isinstance(self.variant, Variant):
            raise TypeError(f"a position's variant is a Variant, got {excerpt(self.variant)}")
        columns = tuple(map(_column, _seq(self.columns)))
        cells = tuple(None if c is None else _card(c) for c in _seq(self.cells))
        foundations = tuple(_seq(self.foundations))
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "foundations", foundations)
        if len(columns) != self.variant.columns:
            raise InvalidGameError(
                f"{self.variant.name} has {self.variant.columns} columns, got {len(columns)}"
            )
        if len(cells) != self.variant.cells:
            raise InvalidGameError(
                f"{self.variant.name} has {self.variant.cells} cells, got {len(cells)}"
            )
        if len(foundations) != 4 or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 13 for n in foundations
        ):
            raise InvalidGameError(
                f"the foundations are 4 counts 0-13 (C D H S), got {excerpt(self.foundations)}"
            )
        _check_deck(columns, cells, foundations)

    # --- making positions --------------------------------------------------------------------

    @classmethod
    def numbered(cls, number: int, variant: Variant = EIGHT_OFF) -> Position:
        """Deal ``number`` of the variant: :func:`officers.core.deals.shuffled_deck` laid out by
        :func:`lay_out`. The same deal on every machine and in every version."""
        return lay_out(shuffled_deck(number), variant)

    # --- questions ---------------------------------------------------------------------------

    def empty_cells(self) -> int:
        """How many cells are empty."""
        return self.cells.count(None)

    def empty_columns(self) -> int:
        """How many columns are empty."""
        return sum(1 for column in self.columns if not column)

    def is_won(self) -> bool:
        """Whether every card is on its foundation."""
        return self.foundations == (13, 13, 13, 13)

    def cards_left(self) -> int:
        """The cards not yet on the foundations."""
        return CARDS_IN_DECK - sum(self.foundations)

    # --- the notation ------------------------------------------------------------------------

    def notation(self) -> str:
        """The one-line position notation (see the module)."""
        from officers.eightoff.deck import ALL_PLAYING_CARDS

        columns = "/".join(
            "".join(ALL_PLAYING_CARDS[c].notation() for c in column) or "-"
            for column in self.columns
        )
        cells = "".join("-" if c is None else ALL_PLAYING_CARDS[c].notation() for c in self.cells)
        founds = "".join(f"{s}{n}" for s, n in zip(_SUIT_LETTERS, self.foundations, strict=True))
        return f"{self.variant.notation()} {columns} {cells or '-'} {founds}"

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read the position notation (see the module).

        >>> Position.parse("eight-off AC/- - C0D0H0S0")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read position 'eight-off AC/- - C0D0H0S0': expected 8 columns separated by '/', got 2
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read position {excerpt(text)}: expected a string")
        fields = text.split()
        if len(fields) != 4:
            raise NotationError(
                f"cannot read position {excerpt(text)}: expected 4 fields separated by spaces "
                f"(variant, columns, cells, foundations), got {len(fields)}"
            )
        try:
            variant = Variant.parse(fields[0])
            columns = _read_columns(fields[1], variant)
            cells = _read_cells(fields[2], variant)
            foundations = _read_foundations(fields[3])
            return cls(columns, cells, foundations, variant)
        except (NotationError, InvalidGameError) as error:
            raise NotationError(f"cannot read position {excerpt(text)}: {error}") from None

    # --- JSON ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``variant`` (its notation), ``columns`` (lists of cards such as
        ``"TD"``, top to exposed), ``cells`` (a card or ``null`` each), ``foundations``
        (``{"C": 0, "D": 0, "H": 0, "S": 0}``) and ``notation``.

        >>> Position.numbered(1).to_dict()["cells"]
        ['3H', '2S', '9H', '7S', None, None, None, None]
        """
        from officers.eightoff.deck import ALL_PLAYING_CARDS

        return {
            "variant": self.variant.notation(),
            "columns": [[ALL_PLAYING_CARDS[c].notation() for c in col] for col in self.columns],
            "cells": [None if c is None else ALL_PLAYING_CARDS[c].notation() for c in self.cells],
            "foundations": dict(zip(_SUIT_LETTERS, self.foundations, strict=True)),
            "notation": self.notation(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Position:
        """Read :meth:`to_dict`: either the ``notation`` alone or the fields (``variant``,
        ``columns``, ``cells``, ``foundations``); given both, they must agree."""
        if not isinstance(data, Mapping):
            raise NotationError(f"cannot read position {excerpt(data)}: expected an object")
        if set(data) == {"notation"}:
            return cls.parse(data["notation"])
        try:
            position = _from_fields(data)
        except (NotationError, InvalidGameError) as error:
            raise NotationError(f"cannot read position {excerpt(data)}: {error}") from None
        if data.get("notation", position.notation()) != position.notation():
            raise NotationError(
                f"cannot read position {excerpt(data)}: its notation does not match its fields"
            )
        return position

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict` (``kwargs`` go to :func:`json.dumps`)."""
        import json  # when JSON is written

        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Position:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "position"))

    # --- pictures ----------------------------------------------------------------------------

    def __str__(self) -> str:
        founds = "  ".join(f"{s} {n}" for s, n in zip(_SUIT_SYMBOLS, self.foundations, strict=True))
        lines = [f"{self.variant.notation()} · foundations {founds}"]
        if self.cells:
            lines.append("cells: " + " ".join(f"{_face(c):>3}" for c in self.cells))
        lines.append(" ".join(f"{i + 1:>3}" for i in range(len(self.columns))))
        for row in range(max((len(c) for c in self.columns), default=0)):
            lines.append(
                " ".join(
                    f"{_face(col[row]):>3}" if row < len(col) else "   " for col in self.columns
                ).rstrip()
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Position.parse({self.notation()!r})"


def checked_position(
    columns: tuple[tuple[int, ...], ...],
    cells: tuple[int | None, ...],
    foundations: tuple[int, int, int, int],
    variant: Variant,
) -> Position:
    """The :class:`Position` of fields that its constructor would keep as they are, checked
    already by the caller as the constructor checks them (tuples of ints, the variant's
    numbers of columns and cells, every card of the deck in exactly one place), without
    checking them again: for the readers that have checked each card as they read it
    (:func:`officers.eightoff.notation.read_board`'s compiled path).

    >>> dealt = lay_out(range(52), EIGHT_OFF)
    >>> checked_position(dealt.columns, dealt.cells, dealt.foundations, EIGHT_OFF) == dealt
    True
    """
    position = object.__new__(Position)
    setattr_ = object.__setattr__  # past the frozen dataclass's __setattr__, as its __init__
    setattr_(position, "columns", columns)
    setattr_(position, "cells", cells)
    setattr_(position, "foundations", foundations)
    setattr_(position, "variant", variant)
    return position


def _face(card: int | None) -> str:
    from officers.eightoff.deck import ALL_PLAYING_CARDS

    return "··" if card is None else str(ALL_PLAYING_CARDS[card])


def _seq(value: object) -> Sequence[Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidGameError(f"expected a tuple, got {excerpt(value)}")
    return tuple(value)


def _column(value: Any) -> tuple[int, ...]:
    """A column's cards as a tuple, each checked as :func:`_card` checks it (ints alone, no
    bool, 0-51: a column of ints checked at once, any other one card by card)."""
    column = tuple(value)
    if set(map(type, column)) <= _INT and (
        not column or (min(column) >= 0 and max(column) < CARDS_IN_DECK)
    ):
        return column
    return tuple(_card(c) for c in column)


_INT: Final = frozenset((int,))


def _card(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < CARDS_IN_DECK:
        return int(value)
    raise InvalidGameError(f"a card is an int 0-51, got {excerpt(value)}")


def _check_deck(
    columns: tuple[tuple[int, ...], ...], cells: tuple[int | None, ...], foundations: Sequence[int]
) -> None:
    """Every card of the deck in exactly one place, or :class:`InvalidGameError` saying which."""
    seen = [0] * CARDS_IN_DECK
    for suit, played in enumerate(foundations):
        for rank in range(played):
            seen[13 * suit + rank] += 1
    for column in columns:
        for card in column:
            seen[card] += 1
    for cell in cells:
        if cell is not None:
            seen[cell] += 1
    if seen.count(1) == CARDS_IN_DECK:
        return
    from officers.eightoff.deck import ALL_PLAYING_CARDS

    twice = [str(ALL_PLAYING_CARDS[c]) for c, n in enumerate(seen) if n > 1]
    missing = [str(ALL_PLAYING_CARDS[c]) for c, n in enumerate(seen) if n == 0]
    parts = []
    if twice:
        parts.append(f"{' '.join(twice[:8])} {'is' if len(twice) == 1 else 'are'} in two places")
    if missing:
        parts.append(f"{' '.join(missing[:8])} {'is' if len(missing) == 1 else 'are'} missing")
    raise InvalidGameError(
        "every card is in one place (a foundation, a cell or a column): " + "; ".join(parts)
    )


def _read_columns(text: str, variant: Variant) -> tuple[tuple[int, ...], ...]:
    from officers.eightoff.deck import read_card_run

    parts = text.split("/")
    if len(parts) != variant.columns:
        raise NotationError(
            f"expected {variant.columns} columns separated by '/', got {len(parts)}"
        )
    return tuple(() if part == "-" else tuple(read_card_run(part)) for part in parts)


def _read_cells(text: str, variant: Variant) -> tuple[int | None, ...]:
    from officers.eightoff.deck import read_card_run

    if variant.cells == 0:
        if text != "-":
            raise NotationError(f"{variant.name} has no cells: write '-', got {text!r}")
        return ()
    cells: list[int | None] = []
    i = 0
    while i < len(text):
        if text[i] == "-":
            cells.append(None)
            i += 1
            continue
        width = 3 if text.startswith("10", i) else 2
        cells.extend(read_card_run(text[i : i + width]))
        i += width
    if len(cells) != variant.cells:
        raise NotationError(
            f"expected {variant.cells} cells (a card or '-' each), got {len(cells)} in {text!r}"
        )
    return tuple(cells)


def _read_foundations(text: str) -> tuple[int, int, int, int]:
    upper = text.upper()
    counts: list[int] = []
    rest = upper
    for letter in _SUIT_LETTERS:
        digits = rest[1:3] if rest[1:3].isdigit() else rest[1:2]
        if not rest.startswith(letter) or not digits.isdigit() or int(digits) > 13:
            raise NotationError(
                f"expected the foundations as C, D, H, S each with its count 0-13 "
                f"(such as 'C0D0H0S0'), got {text!r}"
            )
        counts.append(int(digits))
        rest = rest[1 + len(digits) :]
    if rest:
        raise NotationError(f"expected the foundations such as 'C0D0H0S0', got {text!r}")
    return (counts[0], counts[1], counts[2], counts[3])


def _from_fields(data: Mapping[str, Any]) -> Position:
    variant = Variant.from_dict(data.get("variant"))  # type: ignore[arg-type]
    columns, cells, founds = data.get("columns"), data.get("cells"), data.get("foundations")
    if not isinstance(columns, list) or not all(isinstance(c, list) for c in columns):
        raise NotationError("'columns' is a list of lists of cards")
    if not isinstance(cells, list) or not isinstance(founds, Mapping):
        raise NotationError("'cells' is a list (a card or null each), 'foundations' an object")
    if set(founds) != set(_SUIT_LETTERS):
        raise NotationError("'foundations' has the keys C, D, H and S")
    return Position(
        tuple(tuple(_read_one(card) for card in column) for column in columns),
        tuple(None if card is None else _read_one(card) for card in cells),
        (founds["C"], founds["D"], founds["H"], founds["S"]),
        variant,
    )


def _read_one(text: object) -> int:
    from officers.eightoff.deck import read_card_run

    if not isinstance(text, str):
        raise NotationError(f"a card is a string such as 'TD', got {excerpt(text)}")
    cards = read_card_run(text)
    if len(cards) != 1:
        raise NotationError(f"expected one card, got {excerpt(text)}")
    return int(cards[0])
