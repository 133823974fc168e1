"""The facts the dead-end checks find: :class:`Violation` and :class:`Blocked` (no sentences).

A violation says which check found what, with its witnesses (cells, cards, lines, the rank or
suit, the numbers); :meth:`Violation.text` renders it in a language (see :mod:`officers.euler.words`).

>>> from officers import Square
>>> from officers.euler.analysis import check_rule
>>> violation = check_rule(Square("AS1AH1/4/4/4"))[0]
>>> violation.check, violation.kind, violation.cells, violation.attribute, violation.symbols
('rule', 'twice', (0, 2), 'rank', (0,))
>>> Violation.from_dict(violation.to_dict()) == violation
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, get_args

from officers.core.errors import NotationError
from officers.euler.cards import Card, Rank, Suit
from officers.euler.rules import DIAGONAL_RULES, Attribute, Line, Rules, Value
from officers.euler.square import Square
from officers.euler.words import Language, Spoken, speaker, texts

__all__ = [
    "CHECKS",
    "JSON_VERSION",
    "QUARTERS",
    "MAX_REASONS",
    "QUARTER_KEYS",
    "RANKING",
    "Blocked",
    "Check",
    "Status",
    "Violation",
]

Check = Literal["rule", "cell", "card", "line", "matching", "euler", "quarter"]
CHECKS: Final[tuple[Check, ...]] = get_args(Check)
"""Every check, in the order :func:`~officers.euler.analysis.check_square` runs them."""

Status = Literal["live", "dead", "finished"]

JSON_VERSION: Final = 2
"""The version of the JSON forms (``"version"``); see docs/json.md. Version 1 (officers 0.1)
wrote every sentence twice (``text_en``, ``text_de``), every reason, and 0-based players."""

MAX_REASONS: Final = 3
"""How many reasons (and repairs) a JSON explanation or hint gives by default."""

RANKING: Final[tuple[Check, ...]] = (
    "rule",
    "card",
    "cell",
    "line",
    "matching",
    "euler",
    "quarter",
)
"""The order in which an explanation gives its reasons, the most telling first: a broken rule,
a card with no cell, a cell with no card, a line that cannot get a rank or suit, the matching,
Euler's trap, the quarters."""

QUARTERS: Final[tuple[tuple[int, ...], ...]] = (
    (0, 1, 4, 5),
    (2, 3, 6, 7),
    (8, 9, 12, 13),
    (10, 11, 14, 15),
)
"""The cells of the four 2 × 2 corner quarters: top-left, top-right, bottom-left, bottom-right."""

QUARTER_KEYS: Final = ("top-left", "top-right", "bottom-left", "bottom-right")
"""The names of the quarters in the JSON form."""


def letter(attribute: Attribute, symbol: int) -> str:
    """The letter of a rank or suit in the notation: ``letter("suit", 1) == "H"``."""
    return Rank(symbol).letter() if attribute == "rank" else Suit(symbol).letter()


def _symbol(attribute: Attribute, text: str) -> int:
    return [letter(attribute, s) for s in range(4)].index(text.upper())


def swap_pairs(attribute: Attribute, swap: int) -> list[list[str]]:
    """The pairing ``x <-> x ^ swap`` as pairs of letters: ``[["A", "K"], ["Q", "J"]]``."""
    return [[letter(attribute, x), letter(attribute, x ^ swap)] for x in range(4) if x < x ^ swap]


def _line(data: Mapping[str, Any]) -> Line:
    for line in DIAGONAL_RULES.lines:
        if line.kind == data["kind"] and line.index == data["index"]:
            return line
    raise NotationError(f"cannot read line {str(dict(data))[:80]!r}")


class Blocked(Value):
    """One way of pairing two parallel lines (Euler's trap) and the cell where it fails.

    ``rank_swap`` and ``suit_swap`` (1, 2 or 3) pair rank ``x`` with ``x ^ rank_swap`` and suit
    ``s`` with ``s ^ suit_swap``. The empty ``cell`` lies opposite the filled cell ``opposite``
    (holding ``facing``) in the other line, so it would need ``card``; but ``card`` may not go
    there, and ``blocker`` is a filled cell that shows why: it holds the card, or (``held``) a card
    of its rank or suit in ``line`` through ``cell``.
    """

    __slots__ = _fields = __match_args__ = (
        "rank_swap",
        "suit_swap",
        "cell",
        "opposite",
        "card",
        "blocker",
        "facing",
        "held",
        "line",
    )
    rank_swap: int
    suit_swap: int
    cell: int
    opposite: int
    card: Card
    blocker: int | None
    facing: Card | None
    held: Card | None
    line: Line | None

    def __init__(
        self,
        rank_swap: int,
        suit_swap: int,
        cell: int,
        opposite: int,
        card: Card,
        blocker: int | None,
        facing: Card | None = None,
        held: Card | None = None,
        line: Line | None = None,
    ) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "rank_swap", rank_swap)
        put(self, "suit_swap", suit_swap)
        put(self, "cell", cell)
        put(self, "opposite", opposite)
        put(self, "card", card)
        put(self, "blocker", blocker)
        put(self, "facing", facing)
        put(self, "held", held)
        put(self, "line", line)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see docs/hints.md)."""
        return {
            "ranks": swap_pairs("rank", self.rank_swap),
            "suits": swap_pairs("suit", self.suit_swap),
            "cell": self.cell,
            "opposite": self.opposite,
            "card": self.card.notation(),
            "blocker": self.blocker,
        }


class Violation(Value, Spoken):
    """What one check found wrong with a square: the facts, with their witnesses.

    ``check`` names the check (see :data:`CHECKS`) and ``kind`` what it found:

    ========== ============== =====================================================================
    check      kind           witnesses
    ========== ============== =====================================================================
    rule       ``twice``      ``lines`` (1), ``attribute``, ``symbols`` (1), ``cells``, ``cards``
    cell       ``no-card``    ``cells`` (the cell), ``lines`` (through it)
    card       ``no-cell``    ``cards`` (the card)
    line       ``missing``    ``lines`` (1), ``attribute``, ``symbols`` (1), ``cells`` (its empty
                              cells), ``cards`` (the remaining cards of that rank or suit)
    matching   ``cards``      ``cards`` fit on only ``len(cards) - 1`` ``cells`` between them
    matching   ``cells``      ``cells`` can take only ``len(cells) - 1`` ``cards`` between them
    euler      ``broken``     ``lines`` (2), ``attribute``, ``pairs`` (2), ``cells`` and ``cards``
                              (the pairs' cells, first line first, and their cards)
    euler      ``blocked``    ``lines`` (2), ``blocked`` (every way left to pair them, failing)
    quarter    ``twice``      ``quarter``, ``attribute``, ``symbols`` (1), ``cells``, ``cards``
    quarter    ``missing``    ``quarter``, ``attribute``, ``symbols`` (1), ``cells`` (its empty
                              cells), ``cards`` (the remaining cards of that rank or suit)
    ========== ============== =====================================================================

    ``symbols`` and ``pairs`` hold ranks or suits (0-3, as ``attribute`` says); ``pairs`` are
    ``(first line, second line)`` symbols of one column (or row). ``quarter`` is 0-3 (top-left,
    top-right, bottom-left, bottom-right). The sentence is made only when asked for
    (:meth:`text`).
    """

    __slots__ = _fields = __match_args__ = (
        "check",
        "kind",
        "cells",
        "cards",
        "lines",
        "attribute",
        "symbols",
        "pairs",
        "quarter",
        "blocked",
    )
    check: Check
    kind: str
    cells: tuple[int, ...]
    cards: tuple[Card, ...]
    lines: tuple[Line, ...]
    attribute: Attribute | None
    symbols: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    quarter: int | None
    blocked: tuple[Blocked, ...]

    def __init__(
        self,
        check: Check,
        kind: str,
        cells: tuple[int, ...] = (),
        cards: tuple[Card, ...] = (),
        lines: tuple[Line, ...] = (),
        attribute: Attribute | None = None,
        symbols: tuple[int, ...] = (),
        pairs: tuple[tuple[int, int], ...] = (),
        quarter: int | None = None,
        blocked: tuple[Blocked, ...] = (),
    ) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "check", check)
        put(self, "kind", kind)
        put(self, "cells", cells)
        put(self, "cards", cards)
        put(self, "lines", lines)
        put(self, "attribute", attribute)
        put(self, "symbols", symbols)
        put(self, "pairs", pairs)
        put(self, "quarter", quarter)
        put(self, "blocked", blocked)

    def text(self, lang: Language = "en") -> str:
        """The sentence in the language asked for (``"en"``, ``"de"``, see :mod:`officers.euler.words`)."""
        return speaker(lang).violation(self)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form (see docs/json.md); ``text`` in the languages of ``lang``."""
        attribute = self.attribute
        return {
            "check": self.check,
            "kind": self.kind,
            "cells": list(self.cells),
            "cards": [card.notation() for card in self.cards],
            "lines": [
                {
                    "kind": line.kind,
                    "index": line.index,
                    "name": line.name,
                    "cells": list(line.cells),
                }
                for line in self.lines
            ],
            "quarter": None if self.quarter is None else QUARTER_KEYS[self.quarter],
            "attribute": attribute,
            "symbols": [] if attribute is None else [letter(attribute, s) for s in self.symbols],
            "pairs": []
            if attribute is None
            else [[letter(attribute, a), letter(attribute, b)] for a, b in self.pairs],
            "blocked": [blocked.to_dict() for blocked in self.blocked],
            "text": texts(self, lang),
        }

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], square: Square | None = None, rules: Rules | None = None
    ) -> Violation:
        """Read the JSON form of :meth:`to_dict` (the sentences are ignored).

        The cards a ``blocked`` witness names only in its sentence (``facing``, ``held``,
        ``line``) are read from the ``square`` and its ``rules`` when given.
        """
        try:
            check, attribute = data["check"], data["attribute"]
            if check not in CHECKS or attribute not in (None, "rank", "suit"):
                raise ValueError(check)
            quarter = data["quarter"]
            return cls(
                check,
                str(data["kind"]),
                cells=tuple(int(cell) for cell in data["cells"]),
                cards=tuple(Card.parse(card) for card in data["cards"]),
                lines=tuple(_line(line) for line in data["lines"]),
                attribute=attribute,
                symbols=tuple(_symbol(attribute, s) for s in data["symbols"]),
                pairs=tuple(
                    (_symbol(attribute, a), _symbol(attribute, b)) for a, b in data["pairs"]
                ),
                quarter=None if quarter is None else QUARTER_KEYS.index(quarter),
                blocked=tuple(_blocked(item, square, rules) for item in data["blocked"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, NotationError):
                raise
            raise NotationError(f"cannot read a violation from {str(dict(data))[:80]!r}") from error


def _blocked(data: Mapping[str, Any], square: Square | None, rules: Rules | None) -> Blocked:
    rank_pair, suit_pair = data["ranks"][0], data["suits"][0]
    cell, opposite, blocker = int(data["cell"]), int(data["opposite"]), data["blocker"]
    if square is not None:
        facing, held, line = square[opposite], None, None
        if blocker is not None:
            held = square[blocker]
            lines = (rules or DIAGONAL_RULES).lines_through(cell)
            if blocker != cell:
                line = next((line for line in lines if blocker in line.cells), None)
        return Blocked(
            _symbol("rank", rank_pair[0]) ^ _symbol("rank", rank_pair[1]),
            _symbol("suit", suit_pair[0]) ^ _symbol("suit", suit_pair[1]),
            cell,
            opposite,
            Card.parse(data["card"]),
            blocker,
            facing,
            held,
            line,
        )
    return Blocked(
        _symbol("rank", rank_pair[0]) ^ _symbol("rank", rank_pair[1]),
        _symbol("suit", suit_pair[0]) ^ _symbol("suit", suit_pair[1]),
        int(data["cell"]),
        int(data["opposite"]),
        Card.parse(data["card"]),
        None if data["blocker"] is None else int(data["blocker"]),
    )
