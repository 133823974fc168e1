"""Moves of Eight Off and its family, in the standard notation, and why a move is refused.

Glossary
--------
place
    Where a card is: a :class:`Place`, a column (``0 .. columns-1``), a cell
    (``0 .. cells-1``) or the foundation (:data:`FOUNDATION`: the card's own suit's).
move
    A :class:`Move`: from a column or a cell to a column, a cell or the foundation, ``count``
    cards (more than one only from column to column: a run).
refusal
    A :class:`Refusal`: which rule refuses a move, as a fact told in English and German
    (:mod:`officers.eightoff.words`).

Move notation (the standard notation of FreeCell solutions, as fc-solve writes with ``-snx``):
a move is its source and its target, each one character: columns ``1`` … ``9`` (and ``10``
for the tenth, as fc-solve writes; ``0`` is read as the tenth too), cells ``a`` … ``g`` and
``k`` for the eighth (fc-solve's names: ``h`` is the foundation), the foundation ``h``. So ``3a``
moves the exposed card of column 3 to cell a, ``a3`` back, ``3h`` to the foundation, ``38`` from
column 3 to column 8. A run of more than one card is written with ``v`` and the count in
hexadecimal: ``38v3``. fc-solve writes the count only when the target column is empty (on a card
the count follows from the position): :meth:`Move.notation` with the position does the same,
and :meth:`Move.parse` leaves the count open (``None``) when it is not written, to be found from
the position (:func:`officers.eightoff.rules.resolve`).

>>> move = Move.parse("38v3")
>>> move.source, move.target, move.count
(Place(kind='column', index=2), Place(kind='column', index=7), 3)
>>> Move.parse("3a").notation(), Move.parse("ah").target is FOUNDATION, Move.parse("38").count is None
('3a', True, True)
>>> Move.parse("10k") == Move(column(9), cell(7)) == Move.parse("0k")
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, get_args

from officers.core.errors import InvalidGameError, NotationError, excerpt, read_json
from officers.eightoff.position import cell_letter, column_name
from officers.eightoff.variant import MAX_CELLS, MAX_COLUMNS, Building
from officers.eightoff.words import Language, outcome_text, refusal_text

if TYPE_CHECKING:
    from officers.eightoff.position import Position

__all__ = [
    "FOUNDATION",
    "REFUSALS",
    "Move",
    "Outcome",
    "Place",
    "PlaceKind",
    "Refusal",
    "RefusalKind",
    "cell",
    "column",
]

PlaceKind = Literal["column", "cell", "foundation"]


@dataclass(frozen=True, slots=True)
class Place:
    """A place of the table: a column or a cell (by index, 0-based), or the foundation."""

    kind: PlaceKind
    index: int = 0

    def notation(self) -> str:
        """``1`` … ``10`` for a column, ``a`` … ``g``, ``k`` for a cell, ``h`` for the
        foundation."""
        if self.kind == "column":
            return column_name(self.index)
        if self.kind == "cell":
            return cell_letter(self.index)
        return "h"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"kind": "column", "index": 2}``."""
        return {"kind": self.kind, "index": self.index}


FOUNDATION: Final = Place("foundation", 0)
"""The foundation (each card goes to its own suit's)."""


def column(index: int) -> Place:
    """The column of that index (0-based): ``column(2)`` is written ``3``."""
    return Place("column", index)


def cell(index: int) -> Place:
    """The cell of that index (0-based): ``cell(0)`` is written ``a``."""
    return Place("cell", index)


_CELL_INDEX: Final = {letter: i for i, letter in enumerate("abcdefgk")}
_MOVE: Final = re.compile(
    r"\s*(10|[0-9]|[a-gk])(10|[0-9]|[a-hk])(?:v([0-9a-f]{1,2}))?\s*", re.IGNORECASE
)


def _read_place(text: str) -> Place:
    text = text.lower()
    if text == "h":
        return FOUNDATION
    if text in _CELL_INDEX:
        return cell(_CELL_INDEX[text])
    return column(9 if text in ("0", "10") else int(text) - 1)


def _check_place(place: object, what: str) -> Place:
    if not isinstance(place, Place):
        raise InvalidGameError(f"a move's {what} is a Place, got {excerpt(place)}")
    index = place.index
    if not isinstance(index, int) or isinstance(index, bool):
        raise InvalidGameError(f"a place's index is an int, got {excerpt(index)}")
    bound = {"column": MAX_COLUMNS, "cell": MAX_CELLS, "foundation": 1}.get(place.kind)
    if bound is None or not 0 <= index < bound:
        raise InvalidGameError(f"no such place: {excerpt(place)}")
    return place


@dataclass(frozen=True, slots=True)
class Move:
    """A move: ``count`` cards from ``source`` (a column or a cell) to ``target``.

    ``count`` is ``None`` when it is left to the position (a move read from ``38``: as many as
    go onto column 8's exposed card, one onto an empty column); a legal move always has it.
    """

    source: Place
    target: Place
    count: int | None = 1

    def __post_init__(self) -> None:
        _check_place(self.source, "source")
        _check_place(self.target, "target")
        if self.source.kind == "foundation":
            raise InvalidGameError("a card on the foundation stays there: no move starts there")
        count = self.count
        if count is not None and (
            not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 52
        ):
            raise InvalidGameError(f"a move carries 1-52 cards, got {excerpt(count)}")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the move notation (see the module): ``3a``, ``a3``, ``3h``, ``38``, ``38v3``.

        >>> Move.parse("3x")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read move '3x': expected a source (column 1-10, cell a-g or k) and a target (a column, a cell or h, the foundation), such as '3a', '38', 'ah' or '38v3'
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read move {excerpt(text)}: expected a string such as '3a'")
        match = _MOVE.fullmatch(text) if len(text) <= 20 else None
        if not match:
            raise NotationError(
                f"cannot read move {excerpt(text)}: expected a source (column 1-10, cell a-g "
                "or k) and a target (a column, a cell or h, the foundation), such as '3a', "
                "'38', 'ah' or '38v3'"
            )
        source, target = _read_place(match.group(1)), _read_place(match.group(2))
        count = None if match.group(3) is None else int(match.group(3), 16)
        if count is None and (source.kind != "column" or target.kind != "column"):
            count = 1
        try:
            return cls(source, target, count)
        except InvalidGameError as error:
            raise NotationError(f"cannot read move {excerpt(text)}: {error}") from None

    def notation(self, position: Position | None = None) -> str:
        """The move notation. Without a position, the count is written whenever it is more than
        one (``38v3``), so that the text says the whole move. With the position the move is
        played from, it is written as fc-solve's ``-snx`` writes it: only for a run onto an
        empty column.

        >>> from officers.eightoff.position import Position
        >>> move = Move(column(2), column(7), 3)
        >>> move.notation(), move.notation(Position.numbered(1))
        ('38v3', '38')
        """
        text = self.source.notation() + self.target.notation()
        if self.count is None or self.count == 1:
            return text
        if position is not None and not (
            self.target.kind == "column"
            and self.target.index < len(position.columns)
            and not position.columns[self.target.index]
        ):
            return text
        return f"{text}v{self.count:x}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``source`` and ``target`` (``{"kind": "column", "index": 2}``),
        ``count`` (or null) and ``notation``.

        >>> Move.parse("3a").to_dict()["target"]
        {'kind': 'cell', 'index': 0}
        """
        return {
            "source": self.source.to_dict(),
            "target": self.target.to_dict(),
            "count": self.count,
            "notation": self.notation(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> Move:
        """Read :meth:`to_dict` (or the notation alone, as a string or ``{"notation": ...}``)."""
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping):
            raise NotationError(f"cannot read move {excerpt(data)}: expected an object")
        if set(data) == {"notation"}:
            return cls.parse(data["notation"])
        try:
            source, target = data["source"], data["target"]
            move = cls(
                Place(source["kind"], source["index"]),
                Place(target["kind"], target["index"]),
                data.get("count", 1),
            )
        except (KeyError, TypeError) as error:
            raise NotationError(f"cannot read move {excerpt(data)}: missing {error}") from None
        except InvalidGameError as error:
            raise NotationError(f"cannot read move {excerpt(data)}: {error}") from None
        if data.get("notation", move.notation()) != move.notation():
            raise NotationError(
                f"cannot read move {excerpt(data)}: its notation does not match its parts"
            )
        return move

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict`."""
        import json  # when JSON is written

        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Move:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "move"))

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"


# --- refusals --------------------------------------------------------------------------------

RefusalKind = Literal[
    "no-such-column",
    "no-such-cell",
    "same-place",
    "empty-source",
    "single-card",
    "too-few-cards",
    "not-a-run",
    "too-many",
    "cell-taken",
    "not-next",
    "no-fit",
    "kings-only",
    "unreadable",
]

REFUSALS: Final[tuple[RefusalKind, ...]] = get_args(RefusalKind)
"""Every kind of :class:`Refusal`."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Which rule refuses a move: a fact, told by :meth:`text` in English or German.

    ``kind`` names the rule; the other fields are its facts:

    - ``no-such-column`` / ``no-such-cell``: ``place`` is not in the variant (``variant``:
      its name, ``limit``: how many columns or cells it has);
    - ``same-place``: the source is the target;
    - ``empty-source``: ``place`` holds no card;
    - ``single-card``: ``count`` cards from or to a cell, or to the foundation (``place``);
    - ``too-few-cards``: the column ``place`` holds fewer than ``count`` cards (``limit``);
    - ``not-a-run``: the ``count`` cards at the bottom of ``place`` are no run: ``card`` is
      not built on ``held`` (``building``);
    - ``too-many``: ``count`` cards are more than one move carries now (``limit``);
    - ``cell-taken``: the cell ``place`` holds ``held``;
    - ``not-next``: ``card`` is not next on its foundation, which holds ``limit`` cards;
    - ``no-fit``: ``card`` does not go on ``held``, the exposed card of ``place``
      (``building``);
    - ``kings-only``: only a King fills the empty column ``place``, not ``card``;
    - ``unreadable``: the text ``written`` is no move of the game (``move`` is ``None``).

    >>> from officers.eightoff.position import Position
    >>> from officers.eightoff.rules import refusal
    >>> fact = refusal(Position.numbered(1), Move.parse("12"))
    >>> fact.kind, fact.card, fact.held
    ('no-fit', 21, 15)
    >>> print(fact.text("en")); print(fact.text("de"))
    cannot play 12: 9♦ does not go on 3♦: a card goes on the next higher card of its own suit (10♦)
    Nicht erlaubt (12): Karo-Neun passt nicht auf Karo-Drei: eine Karte kommt auf die nächsthöhere Karte ihrer eigenen Farbe (Karo-Zehn)
    """

    kind: RefusalKind
    move: Move | None
    place: Place | None = None
    card: int | None = None
    held: int | None = None
    count: int | None = None
    limit: int | None = None
    building: Building | None = None
    variant: str | None = None
    written: str | None = None

    def text(self, lang: Language = "en") -> str:
        """Why the move is refused, in ``"en"`` or ``"de"``."""
        return refusal_text(self, lang)


# --- the outcome -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``won`` (every card on its foundation, ``reason`` ``"finished"``) or
    lost (``"stuck"``: no legal move is left), and the ``cards_left`` off the foundations.

    >>> print(Outcome(True, "finished", 0))
    won: every card is on its foundation
    """

    won: bool
    reason: Literal["finished", "stuck"]
    cards_left: int = 0

    def text(self, lang: Language = "en") -> str:
        """The outcome as a sentence in ``"en"`` or ``"de"``."""
        return outcome_text(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``won``, ``reason``, ``cards_left`` and the English ``text``."""
        return {
            "won": self.won,
            "reason": self.reason,
            "cards_left": self.cards_left,
            "text": self.text(),
        }

    def __str__(self) -> str:
        return self.text()
