"""Dead ends: quick checks with witnesses, the exact status, and repairs (order 4).

A square is *dead* when no finished square extends it. The exact engine
(:func:`officers.is_completable`) says whether; the checks here say *why*, in a sentence a player
understands (English and German), with the cells, cards and lines that show it. Every check is
sound: it never calls a completable square dead (the tests hold it to that on thousands of
squares). No check catches every dead square; :func:`explain` gives the exact answer next to them.

Glossary
--------
legal
    A card may go on a cell by the rule of the square: the cell is empty, the card is not placed
    yet, and no line through the cell holds its rank or its suit.
check
    One quick test that can prove a square dead: ``"rule"`` (a line already holds a rank or a suit
    twice), ``"cell"``, ``"card"`` and ``"line"`` (the three checks of the rules), ``"matching"``
    (the remaining cards cannot all get distinct legal cells at once), ``"euler"`` (Euler's trap)
    and ``"quarter"`` (with diagonals: every 2 × 2 corner quarter holds each rank and suit once).
violation
    What a check found, with its witnesses: a :class:`Violation`.
swap
    In every finished square, any two rows carry their ranks paired by two swaps: if rank X stands
    above rank Y in one column, Y stands above X in another. The same holds for suits and for
    columns. Underneath, the pairing of ranks ``x <-> x ^ m`` is the number ``m`` (1, 2 or 3).
repair
    A smallest set of placed, not locked cards whose removal makes the square completable again;
    each card removed costs one take-back.
locked
    A cell whose card may not be taken back (a puzzle start).

>>> from officers import Square
>>> dead = Square("4/ AS JD 2/ 4/ KH QS 2")
>>> for violation in check_square(dead):
...     print(violation.check, "|", violation.text_en)
euler | Rows 2 and 4 fall into Euler's trap: in every finished square two rows swap their suits in pairs, but here the Spade is paired with a Heart in column 1 and with a Diamond in column 2 (A♠ above K♥, J♦ above Q♠).
euler | Columns 1 and 2 fall into Euler's trap: in every finished square two columns swap their suits in pairs, but here the Spade is paired with a Diamond in row 2 and with a Heart in row 4 (A♠ left of J♦, K♥ left of Q♠).
>>> explanation = explain(dead)
>>> explanation.status, explanation.completions, explanation.takebacks_needed
('dead', 0, 1)
>>> [str(repair.cards[0]) for repair in explanation.repairs]
['A♠', 'J♦', 'K♥', 'Q♠']
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any, Final, Literal, get_args

from officers.cards import Card, Rank, Suit
from officers.errors import NotationError, UnsupportedError
from officers.rules import Attribute, Line, Rules, _rules_for
from officers.square import EMPTY, Square, describe_cell

__all__ = [
    "CHECKS",
    "JSON_VERSION",
    "QUARTERS",
    "Blocked",
    "Check",
    "Explanation",
    "Repair",
    "Status",
    "Violation",
    "check_cards",
    "check_cells",
    "check_euler",
    "check_lines",
    "check_matching",
    "check_quarters",
    "check_rule",
    "check_square",
    "explain",
    "repairs",
]

Check = Literal["rule", "cell", "card", "line", "matching", "euler", "quarter"]
CHECKS: Final[tuple[Check, ...]] = get_args(Check)
"""Every check, in the order :func:`check_square` runs them."""

Status = Literal["live", "dead", "finished"]
Language = Literal["en", "de"]

JSON_VERSION: Final = 1
"""The version of the JSON forms (``"version"``); see docs/hints.md."""

QUARTERS: Final[tuple[tuple[int, ...], ...]] = (
    (0, 1, 4, 5),
    (2, 3, 6, 7),
    (8, 9, 12, 13),
    (10, 11, 14, 15),
)
"""The cells of the four 2 × 2 corner quarters: top-left, top-right, bottom-left, bottom-right."""

_QUARTER_KEYS: Final = ("top-left", "top-right", "bottom-left", "bottom-right")
_QUARTER_EN: Final = tuple(f"the {key} quarter" for key in _QUARTER_KEYS)
_QUARTER_DE: Final = (
    "das linke obere Viertel",
    "das rechte obere Viertel",
    "das linke untere Viertel",
    "das rechte untere Viertel",
)

_FULL: Final = 0xFFFF
_RANK_CARDS: Final = tuple(0xF << (4 * r) for r in range(4))  # card bits of one rank
_SUIT_CARDS: Final = tuple(0x1111 << s for s in range(4))  # card bits of one suit


# --- words (English and German) -------------------------------------------------------------------

_NUMBER_EN: Final = ("no", "one", "two", "three", "four")
_NUMBER_DE: Final = ("kein", "ein", "zwei", "drei", "vier")
_RANK_A_EN: Final = ("an Ace", "a King", "a Queen", "a Jack")
_SUIT_A_EN: Final = ("a Spade", "a Heart", "a Diamond", "a Club")
_RANK_PLURAL_EN: Final = ("Aces", "Kings", "Queens", "Jacks")
_SUIT_PLURAL_EN: Final = ("Spades", "Hearts", "Diamonds", "Clubs")
_RANK_ACC_DE: Final = ("ein Ass", "einen König", "eine Dame", "einen Buben")  # ein / kein + acc.
_SUIT_ACC_DE: Final = ("ein Pik", "ein Herz", "ein Karo", "ein Kreuz")
_RANK_NOM_DE: Final = ("das Ass", "der König", "die Dame", "der Bube")
_RANK_DAT_DE: Final = ("einem Ass", "einem König", "einer Dame", "einem Buben")
_RANK_PLURAL_DE: Final = ("Asse", "Könige", "Damen", "Buben")
_SUIT_PLURAL_DE: Final = ("Pik-Karten", "Herz-Karten", "Karo-Karten", "Kreuz-Karten")
_SWAPS: Final = (1, 2, 3)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cell_en(cell: int) -> str:
    return describe_cell(cell)


def _cell_de(cell: int) -> str:
    row, column = divmod(cell, 4)
    return f"Zeile {row + 1}, Spalte {column + 1}"


def _cells_en(cells: Iterable[int]) -> str:
    return _join_en([_cell_en(cell) for cell in cells], "; ")


def _cells_de(cells: Iterable[int]) -> str:
    return _join_de([_cell_de(cell) for cell in cells], "; ")


def _join_en(items: Sequence[str], separator: str = ", ") -> str:
    if len(items) <= 1:
        return "".join(items)
    return separator.join(items[:-1]) + " and " + items[-1]


def _join_de(items: Sequence[str], separator: str = ", ") -> str:
    if len(items) <= 1:
        return "".join(items)
    return separator.join(items[:-1]) + " und " + items[-1]


def _line_en(line: Line) -> str:
    return line.name


def _line_de(line: Line) -> str:
    if line.kind == "diagonal":
        return "die Hauptdiagonale"
    if line.kind == "anti-diagonal":
        return "die Nebendiagonale"
    return f"{'Zeile' if line.kind == 'row' else 'Spalte'} {line.index + 1}"


def _card_de(card: int) -> str:
    return Card(card).name_de()


def _a_en(attribute: Attribute, symbol: int) -> str:
    return (_RANK_A_EN if attribute == "rank" else _SUIT_A_EN)[symbol]


def _acc_de(attribute: Attribute, symbol: int) -> str:
    return (_RANK_ACC_DE if attribute == "rank" else _SUIT_ACC_DE)[symbol]


def _plural_en(attribute: Attribute, symbol: int) -> str:
    return (_RANK_PLURAL_EN if attribute == "rank" else _SUIT_PLURAL_EN)[symbol]


def _plural_de(attribute: Attribute, symbol: int) -> str:
    return (_RANK_PLURAL_DE if attribute == "rank" else _SUIT_PLURAL_DE)[symbol]


def _symbol_of(attribute: Attribute, card: int) -> int:
    return card >> 2 if attribute == "rank" else card & 3


def _letter(attribute: Attribute, symbol: int) -> str:
    return Rank(symbol).letter() if attribute == "rank" else Suit(symbol).letter()


def _swap_en(attribute: Attribute, swap: int) -> str:
    names: Sequence[str] = (
        [Rank(r).name_en() for r in range(4)]
        if attribute == "rank"
        else [Suit(s).symbol() for s in range(4)]
    )
    return ", ".join(f"{names[x]}↔{names[x ^ swap]}" for x in range(4) if x < x ^ swap)


def _swap_de(attribute: Attribute, swap: int) -> str:
    names: Sequence[str] = (
        [Rank(r).name_de() for r in range(4)]
        if attribute == "rank"
        else [Suit(s).name_de() for s in range(4)]
    )
    return ", ".join(f"{names[x]}↔{names[x ^ swap]}" for x in range(4) if x < x ^ swap)


def _completions_en(count: int) -> str:
    return f"{count} completion" + ("" if count == 1 else "s")


def _completions_de(count: int) -> str:
    return f"{count} Vervollständigung" + ("" if count == 1 else "en")


def _rules_de(rules: Rules) -> str:
    return "Zeilen, Spalten und Diagonalen" if rules.diagonals else "Zeilen und Spalten"


def _fixed(text_en: str, text_de: str) -> Callable[[], tuple[str, str]]:
    """The words of a violation whose sentences are already made (picklable)."""
    return partial(_same, (text_en, text_de))


def _same(texts: tuple[str, str]) -> tuple[str, str]:
    return texts


def _made(check: Check, kind: str, text_en: str, text_de: str, **witnesses: Any) -> Violation:
    """A violation whose sentences are made at once (the cheap ones)."""
    return Violation(check, kind, _fixed(text_en, text_de), **witnesses)


def _line_dict(line: Line) -> dict[str, Any]:
    return {"kind": line.kind, "index": line.index, "name": line.name, "cells": list(line.cells)}


# --- the board: what every check needs, computed once ----------------------------------------------


class _Board:
    """A square with its legal placements as 16-bit card masks (bit ``v`` = card ``v``)."""

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
        self.unplaced = _FULL & ~placed
        self.empty = [cell for cell, value in enumerate(values) if value == EMPTY]
        # For each line, the cards its rank and suit rule out.
        forbidden_by_line: dict[Line, int] = {}
        for line in rules.lines:
            forbidden = 0
            for cell in line.cells:
                value = values[cell]
                if value != EMPTY:
                    forbidden |= _RANK_CARDS[value >> 2] | _SUIT_CARDS[value & 3]
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


def _bits(mask: int) -> list[int]:
    return [bit for bit in range(16) if (mask >> bit) & 1]


# --- the results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Blocked:
    """One way of pairing two parallel lines (Euler's trap) and the cell where it fails.

    ``rank_swap`` and ``suit_swap`` (1, 2 or 3) pair rank ``x`` with ``x ^ rank_swap`` and suit
    ``s`` with ``s ^ suit_swap``. The empty ``cell`` lies opposite the filled cell ``opposite`` in
    the other line, so it would need ``card``; but ``card`` may not go there, and ``blocker`` is a
    filled cell that shows why (it holds the card, or its rank or suit in a line through ``cell``).
    """

    rank_swap: int
    suit_swap: int
    cell: int
    opposite: int
    card: Card
    blocker: int | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see docs/hints.md)."""
        return {
            "ranks": _swap_pairs("rank", self.rank_swap),
            "suits": _swap_pairs("suit", self.suit_swap),
            "cell": self.cell,
            "opposite": self.opposite,
            "card": self.card.notation(),
            "blocker": self.blocker,
        }


def _swap_pairs(attribute: Attribute, swap: int) -> list[list[str]]:
    return [[_letter(attribute, x), _letter(attribute, x ^ swap)] for x in range(4) if x < x ^ swap]


@dataclass(frozen=True)
class Violation:
    """What one check found wrong with a square, with its witnesses and two sentences.

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
    top-right, bottom-left, bottom-right).
    """

    check: Check
    kind: str
    words: Callable[[], tuple[str, str]] = field(compare=False, repr=False)
    cells: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    lines: tuple[Line, ...] = ()
    attribute: Attribute | None = None
    symbols: tuple[int, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()
    quarter: int | None = None
    blocked: tuple[Blocked, ...] = ()

    @cached_property
    def _texts(self) -> tuple[str, str]:
        return self.words()

    @property
    def text_en(self) -> str:
        """The sentence in English (made when first asked for)."""
        return self._texts[0]

    @property
    def text_de(self) -> str:
        """The sentence in German (made when first asked for)."""
        return self._texts[1]

    def text(self, lang: Language = "en") -> str:
        """The sentence in English (``"en"``) or German (``"de"``)."""
        return self.text_de if lang == "de" else self.text_en

    def __str__(self) -> str:
        return self.text_en

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see docs/hints.md)."""
        attribute = self.attribute
        return {
            "check": self.check,
            "kind": self.kind,
            "cells": list(self.cells),
            "cards": [card.notation() for card in self.cards],
            "lines": [_line_dict(line) for line in self.lines],
            "quarter": None if self.quarter is None else _QUARTER_KEYS[self.quarter],
            "attribute": attribute,
            "symbols": [] if attribute is None else [_letter(attribute, s) for s in self.symbols],
            "pairs": []
            if attribute is None
            else [[_letter(attribute, a), _letter(attribute, b)] for a, b in self.pairs],
            "blocked": [blocked.to_dict() for blocked in self.blocked],
            "text_en": self.text_en,
            "text_de": self.text_de,
        }


@dataclass(frozen=True)
class Repair:
    """A smallest set of take-backs that revives a square: the ``cells`` to empty (and their
    ``cards``), and how many ``completions`` the square has after it. The empty repair of a
    completable square takes back nothing."""

    cells: tuple[int, ...]
    cards: tuple[Card, ...]
    completions: int

    @property
    def text_en(self) -> str:
        """The repair in English: ``Take back J♣ (row 1, column 2): 5 completions.``"""
        if not self.cells:
            return f"Nothing to take back: {_completions_en(self.completions)}."
        what = _join_en([f"{card} ({_cell_en(cell)})" for cell, card in self._pairs()])
        return f"Take back {what}: {_completions_en(self.completions)}."

    @property
    def text_de(self) -> str:
        """The repair in German."""
        if not self.cells:
            return f"Nichts zurückzunehmen: {_completions_de(self.completions)}."
        what = _join_de([f"{_card_de(card)} ({_cell_de(cell)})" for cell, card in self._pairs()])
        noun = "die Karte" if len(self.cells) == 1 else "die Karten"
        return f"Nimm {noun} {what} zurück: {_completions_de(self.completions)}."

    def text(self, lang: Language = "en") -> str:
        """The sentence in English (``"en"``) or German (``"de"``)."""
        return self.text_de if lang == "de" else self.text_en

    def _pairs(self) -> list[tuple[int, Card]]:
        return list(zip(self.cells, self.cards, strict=True))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (see docs/hints.md)."""
        return {
            "cells": list(self.cells),
            "cards": [card.notation() for card in self.cards],
            "completions": self.completions,
            "text_en": self.text_en,
            "text_de": self.text_de,
        }


@dataclass(frozen=True)
class Explanation:
    """The exact status of a square, what the checks say about it, and its repairs.

    ``status`` is ``"finished"`` (full and keeping the rule), ``"live"`` (completable) or
    ``"dead"``; ``completions`` the number of finished squares that extend it. ``violations``
    lists what the checks found (none for a completable square: the checks are sound).
    ``repairs`` are the smallest sets of take-backs that revive it (the one empty repair when it is
    completable; none when not even the locked cards can be finished, and then
    ``takebacks_needed`` is ``None``).
    """

    square: Square
    rules: Rules
    locked: tuple[int, ...]
    status: Status
    completions: int
    violations: tuple[Violation, ...]
    takebacks_needed: int | None
    repairs: tuple[Repair, ...]

    @property
    def completable(self) -> bool:
        """Whether some finished square extends the square."""
        return self.completions > 0

    def text(self, lang: Language = "en") -> str:
        """The explanation as a few lines of text, in English or German.

        >>> print(explain(Square("AS1KS1/4/4/4")).text("de"))
        Das Quadrat ist tot: kein fertiges Quadrat setzt es fort (Zeilen und Spalten).
        Warum:
          - Zeile 1 enthält zwei Pik-Karten: Pik-Ass (Zeile 1, Spalte 1) und Pik-König (Zeile 1, Spalte 3).
        Nimm 1 Karte zurück, um es zu retten:
          - Nimm die Karte Pik-Ass (Zeile 1, Spalte 1) zurück: 432 Vervollständigungen.
          - Nimm die Karte Pik-König (Zeile 1, Spalte 3) zurück: 432 Vervollständigungen.
        """
        de = lang == "de"
        lines: list[str] = []
        if self.status == "finished":
            lines.append("Das Quadrat ist fertig." if de else "The square is finished.")
        elif self.status == "live":
            lines.append(
                f"Das Quadrat lässt sich noch fertigstellen: {_completions_de(self.completions)} "
                f"({_rules_de(self.rules)})."
                if de
                else f"The square can still be finished: {_completions_en(self.completions)} "
                f"({self.rules.describe()})."
            )
        else:
            lines.append(
                "Das Quadrat ist tot: kein fertiges Quadrat setzt es fort "
                f"({_rules_de(self.rules)})."
                if de
                else f"The square is dead: no finished square extends it ({self.rules.describe()})."
            )
            lines.append("Warum:" if de else "Why:")
            for violation in self.violations:
                lines.append(f"  - {violation.text(lang)}")
            if not self.violations:
                lines.append(
                    "  - Keine der schnellen Prüfungen zeigt es, nur die vollständige Suche."
                    if de
                    else "  - No quick check shows it; only the full search does."
                )
            needed = self.takebacks_needed
            if needed is None:
                lines.append(
                    "Keine Rücknahme rettet es: schon die festen Startkarten lassen sich nicht "
                    "fertigstellen."
                    if de
                    else "No take-back can save it: the locked start cards alone cannot be "
                    "finished."
                )
            else:
                cards = f"{needed} Karte" + ("" if needed == 1 else "n")
                lines.append(
                    f"Nimm {cards} zurück, um es zu retten:"
                    if de
                    else f"Take back {needed} card{'' if needed == 1 else 's'} to revive it:"
                )
                for repair in self.repairs:
                    lines.append(f"  - {repair.text(lang)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"version": 1, "kind": "explanation", ...}`` (see docs/hints.md)."""
        return {
            "version": JSON_VERSION,
            "kind": "explanation",
            "square": self.square.notation(),
            "rules": self.rules.to_dict(),
            "locked": list(self.locked),
            "status": self.status,
            "completable": self.completable,
            "completions": self.completions,
            "violations": [violation.to_dict() for violation in self.violations],
            "takebacks_needed": self.takebacks_needed,
            "repairs": [repair.to_dict() for repair in self.repairs],
            "text_en": self.text("en"),
            "text_de": self.text("de"),
        }

    def to_json(self, **kwargs: Any) -> str:
        """The JSON form as text; keyword arguments go to ``json.dumps``."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(), **kwargs)


# --- setup -----------------------------------------------------------------------------------------


def _setup(square: Square, rules: Rules | None) -> Rules:
    rules = _rules_for(square, rules)
    if rules.order != 4 or square.order != 4:
        raise UnsupportedError(
            f"the dead-end checks are for the game's order 4, not {rules!r} and a square of "
            f"order {square.order}"
        )
    return rules


def _locked(square: Square, locked: Iterable[int]) -> tuple[int, ...]:
    cells = sorted(set(locked))
    for cell in cells:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < 16:
            raise NotationError(f"cannot read locked cell {cell!r}: expected 0-15")
        if square.values[cell] == EMPTY:
            raise NotationError(
                f"locked cell {describe_cell(cell)} of {square!r} is empty: "
                "only a placed card can be locked"
            )
    return tuple(cells)


# --- the checks ------------------------------------------------------------------------------------


def check_rule(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """Where the square already breaks the rule of the square (a line with a rank or suit twice).

    >>> print(check_rule(Square("AS1AH1/4/4/4"))[0].text_de)
    Zeile 1 enthält zwei Asse: Pik-Ass (Zeile 1, Spalte 1) und Herz-Ass (Zeile 1, Spalte 3).
    """
    rules = _setup(square, rules)
    return tuple(_rule(_Board(square, rules)))


def _rule(board: _Board) -> list[Violation]:
    found = []
    for conflict in board.rules.conflicts(board.square):
        attribute, symbol, line = conflict.attribute, conflict.symbol, conflict.line
        cards = tuple(Card(value) for value in conflict.values)
        n = len(cards)
        where_en = _join_en(
            [f"{card} at {_cell_en(c)}" for c, card in zip(conflict.cells, cards, strict=True)]
        )
        where_de = _join_de(
            [
                f"{_card_de(card)} ({_cell_de(c)})"
                for c, card in zip(conflict.cells, cards, strict=True)
            ]
        )
        found.append(
            _made(
                "rule",
                "twice",
                f"{_cap(_line_en(line))} holds {_NUMBER_EN[n]} {_plural_en(attribute, symbol)}: "
                f"{where_en}.",
                f"{_cap(_line_de(line))} enthält {_NUMBER_DE[n]} {_plural_de(attribute, symbol)}: "
                f"{where_de}.",
                cells=conflict.cells,
                cards=cards,
                lines=(line,),
                attribute=attribute,
                symbols=(symbol,),
            )
        )
    return found


def check_cells(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The rules' first check: every empty cell can still take some card not yet placed.

    >>> print(check_cells(Square("AC2JS/3KH/4/QD3"))[0].text_en)
    No remaining card fits on row 2, column 1: each shares a rank or a suit with a card in row 2 or column 1.
    """
    rules = _setup(square, rules)
    return tuple(_cells(_Board(square, rules)))


def _cells(board: _Board) -> list[Violation]:
    found = []
    for cell in board.empty:
        if not board.legal[cell]:
            lines = board.rules.lines_through(cell)
            found.append(
                _made(
                    "cell",
                    "no-card",
                    f"No remaining card fits on {_cell_en(cell)}: each shares a rank or a suit "
                    f"with a card in {_or_en(lines)}.",
                    f"Auf das Feld {_cell_de(cell)} passt keine der übrigen Karten mehr: jede "
                    f"teilt Rang oder Farbe mit einer Karte in {_or_de(lines)}.",
                    cells=(cell,),
                    lines=lines,
                )
            )
    return found


def _or_en(lines: Sequence[Line]) -> str:
    names = [_line_en(line) for line in lines]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def _or_de(lines: Sequence[Line]) -> str:
    names = [_line_de(line).replace("die ", "der ") for line in lines]
    return ", ".join(names[:-1]) + " oder " + names[-1] if len(names) > 1 else names[0]


def check_cards(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The rules' second check: every card not yet placed still has some legal empty cell.

    >>> print(check_cards(Square("4/1KD1QH/2QC1/QS3"))[0].text_de)
    Karo-Dame passt auf kein freies Feld mehr: überall teilt die Karte Rang oder Farbe mit einer Karte derselben Linie.
    """
    rules = _setup(square, rules)
    return tuple(_cards(_Board(square, rules)))


def _cards(board: _Board) -> list[Violation]:
    reachable = 0
    for cell in board.empty:
        reachable |= board.legal[cell]
    found = []
    for value in _bits(board.unplaced & ~reachable):
        card = Card(value)
        found.append(
            _made(
                "card",
                "no-cell",
                f"{card} fits on no empty cell any more: everywhere it shares a rank or a suit "
                "with a card in the same line.",
                f"{card.name_de()} passt auf kein freies Feld mehr: überall teilt die Karte Rang "
                "oder Farbe mit einer Karte derselben Linie.",
                cards=(card,),
            )
        )
    return found


def check_lines(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The rules' third check: every line can still get each rank and each suit it misses.

    >>> print(check_lines(Square("2AD1/KS2AC/4/1KH2"))[0].text_en)
    Row 1 can no longer get a King: no remaining King fits on any of its empty cells.
    """
    rules = _setup(square, rules)
    return tuple(_lines_check(_Board(square, rules)))


def _missing(
    board: _Board, cells: Sequence[int]
) -> list[tuple[Attribute, int, tuple[int, ...], int]]:
    """For a group of cells: each rank and suit it misses and cannot get any more, with its
    empty cells and the card mask of the remaining cards of that rank or suit."""
    values = board.values
    ranks = suits = 0
    reachable = 0
    empty = []
    for cell in cells:
        value = values[cell]
        if value == EMPTY:
            reachable |= board.legal[cell]
            empty.append(cell)
        else:
            ranks |= 1 << (value >> 2)
            suits |= 1 << (value & 3)
    result: list[tuple[Attribute, int, tuple[int, ...], int]] = []
    for symbol in range(4):
        if not (ranks >> symbol) & 1 and not reachable & _RANK_CARDS[symbol]:
            result.append(("rank", symbol, tuple(empty), board.unplaced & _RANK_CARDS[symbol]))
    for symbol in range(4):
        if not (suits >> symbol) & 1 and not reachable & _SUIT_CARDS[symbol]:
            result.append(("suit", symbol, tuple(empty), board.unplaced & _SUIT_CARDS[symbol]))
    return result


def _lines_check(board: _Board) -> list[Violation]:
    found = []
    for line in board.rules.lines:
        for attribute, symbol, empty, remaining in _missing(board, line.cells):
            if remaining:
                why_en = f"no remaining {_plural_en(attribute, symbol)[:-1]} fits on any of its empty cells"
                why_de = "auf ihre freien Felder passt keine der übrigen Karten " + (
                    "dieses Rangs" if attribute == "rank" else "dieser Farbe"
                )
            else:
                why_en = f"all {_plural_en(attribute, symbol)} are placed elsewhere"
                why_de = f"alle {_plural_de(attribute, symbol)} liegen schon anderswo"
            found.append(
                _made(
                    "line",
                    "missing",
                    f"{_cap(_line_en(line))} can no longer get {_a_en(attribute, symbol)}: "
                    f"{why_en}.",
                    f"{_cap(_line_de(line))} kann k{_acc_de(attribute, symbol)} mehr bekommen: "
                    f"{why_de}.",
                    cells=empty,
                    cards=tuple(Card(v) for v in _bits(remaining)),
                    lines=(line,),
                    attribute=attribute,
                    symbols=(symbol,),
                )
            )
    return found


def check_matching(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The matching check: the remaining cards can all get distinct legal cells at once.

    It finds a maximum matching between the remaining cards and the empty cells over the legal
    placements (networkx, Hopcroft-Karp). Without a perfect one the square is dead, and the
    witness is a Hall violator: cards that fit on fewer cells between them than they are (or cells
    that can take fewer cards than they are). It is stronger than the first two checks.

    >>> from officers import Rules
    >>> square, expert = Square("KH3/4/1QC2/4"), Rules(diagonals=True)
    >>> check_cells(square, expert), check_cards(square, expert), check_lines(square, expert)
    ((), (), ())
    >>> print(check_matching(square, expert)[0].text_en)
    The cells row 1, column 2; row 1, column 4; row 2, column 2; row 3, column 1 and row 3, column 3 can take only 4 cards between them (A♠, A♦, J♠ and J♦), so they cannot all be filled.
    """
    rules = _setup(square, rules)
    return tuple(_matching(_Board(square, rules)))


def _matching(board: _Board) -> list[Violation]:
    empty = board.empty
    if not empty:
        return []
    from networkx import Graph  # type: ignore[import-untyped]
    from networkx.algorithms.bipartite import (  # type: ignore[import-untyped]
        hopcroft_karp_matching,
    )

    cards = _bits(board.unplaced)
    legal = board.legal
    graph = Graph()
    graph.add_nodes_from(cards)
    graph.add_nodes_from(16 + cell for cell in empty)
    graph.add_edges_from((card, 16 + cell) for cell in empty for card in _bits(legal[cell]))
    mate: dict[int, int] = hopcroft_karp_matching(graph, top_nodes=cards)
    if len(mate) == 2 * len(empty):
        return []
    # From each unmatched vertex, the vertices reachable by alternating paths form a Hall
    # violator: its side has one more vertex than their neighbours on the other side.
    best: tuple[int, bool, list[int], list[int]] | None = None
    for start in [card for card in cards if card not in mate]:
        side, other = _alternating(graph, mate, start)
        if best is None or len(side) < best[0]:
            best = (len(side), True, side, other)
    for start in [16 + cell for cell in empty if 16 + cell not in mate]:
        side, other = _alternating(graph, mate, start)
        if best is None or len(side) < best[0]:
            best = (len(side), False, side, other)
    assert best is not None
    _, card_side, side, other = best
    if card_side:
        short_cards = tuple(Card(card) for card in sorted(side))
        cells = tuple(sorted(node - 16 for node in other))
        if not cells:
            card = short_cards[0]
            text_en = f"{card} fits on no empty cell any more."
            text_de = f"{card.name_de()} passt auf kein freies Feld mehr."
        else:
            count = len(cells)
            text_en = (
                f"{_join_en([str(card) for card in short_cards])} fit on only {count} "
                f"cell{'' if count == 1 else 's'} between them ({_cells_en(cells)}), so they "
                "cannot all be placed."
            )
            text_de = (
                f"{_join_de([card.name_de() for card in short_cards])} passen zusammen nur auf "
                f"{count} Feld{'' if count == 1 else 'er'} ({_cells_de(cells)}), also können "
                "sie nicht alle gelegt werden."
            )
        return [_made("matching", "cards", text_en, text_de, cells=cells, cards=short_cards)]
    short_cells = tuple(sorted(node - 16 for node in side))
    fitting = tuple(Card(card) for card in sorted(other))
    if not fitting:
        text_en = f"No remaining card fits on {_cell_en(short_cells[0])}."
        text_de = f"Auf das Feld {_cell_de(short_cells[0])} passt keine der übrigen Karten mehr."
    else:
        count = len(fitting)
        text_en = (
            f"The cells {_cells_en(short_cells)} can take only {count} "
            f"card{'' if count == 1 else 's'} between them "
            f"({_join_en([str(card) for card in fitting])}), so they cannot all be filled."
        )
        text_de = (
            f"Auf die Felder {_cells_de(short_cells)} "
            f"{'passt' if count == 1 else 'passen'} zusammen nur {count} "
            f"Karte{'' if count == 1 else 'n'} ({_join_de([card.name_de() for card in fitting])}), "
            "also können sie nicht alle gefüllt werden."
        )
    return [_made("matching", "cells", text_en, text_de, cells=short_cells, cards=fitting)]


def _alternating(graph: Any, mate: dict[int, int], start: int) -> tuple[list[int], list[int]]:
    """The vertices reached from an unmatched ``start`` by alternating paths: ``start``'s side
    and the other side (every vertex of which is matched)."""
    side = [start]
    seen_side = {start}
    seen_other: set[int] = set()
    other: list[int] = []
    queue = [start]
    while queue:
        vertex = queue.pop()
        for neighbour in graph[vertex]:
            if neighbour in seen_other:
                continue
            seen_other.add(neighbour)
            other.append(neighbour)
            partner = mate[neighbour]  # matched, or there would be an augmenting path
            if partner not in seen_side:
                seen_side.add(partner)
                side.append(partner)
                queue.append(partner)
    return side, other


def _parallel(
    kind: Literal["row", "column"],
) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """For each pair of rows (or columns) i < j: i, j and the cell pairs across them."""
    pairs = []
    for i, j in itertools.combinations(range(4), 2):
        if kind == "row":
            cells = tuple((4 * i + k, 4 * j + k) for k in range(4))
        else:
            cells = tuple((4 * k + i, 4 * k + j) for k in range(4))
        pairs.append((i, j, cells))
    return tuple(pairs)


_PARALLEL: Final = (("row", _parallel("row")), ("column", _parallel("column")))


def check_euler(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """Euler's trap: two rows (or columns) of a finished square swap their ranks in pairs and
    their suits in pairs.

    If rank X stands above rank Y in one column of two rows, Y stands above X in another column
    of the same rows (a fixed-point-free involution: the pairing ``x <-> x ^ m``); the same holds
    for suits, and for columns. A square is dead when two rows (or columns) already pair a symbol
    with two others (``broken``), or when every pairing still open needs, on an empty cell
    opposite a filled one, a card that may not go there (``blocked``).

    >>> print(check_euler(Square("2JC1/4/2KH1/QS3"))[0].text_en)
    Rows 1 and 4 fall into Euler's trap: two rows of a finished square swap their ranks in pairs and their suits in pairs, and none of the 9 ways left to pair them works: with Ace↔King, Queen↔Jack and ♠↔♥, ♦↔♣, for example, row 1, column 1, opposite Q♠, needs J♥, but row 1 already holds a Jack (J♣ at row 1, column 3).
    """
    rules = _setup(square, rules)
    return tuple(_euler(_Board(square, rules)))


def _euler(board: _Board) -> list[Violation]:
    values = board.values
    lines = board.rules.lines
    found: list[Violation] = []
    for kind, parallel in _PARALLEL:
        offset = 0 if kind == "row" else 4
        for i, j, cells in parallel:
            both: list[tuple[int, int, int, int]] = []  # (cell in i, cell in j, value, value)
            half: list[tuple[int, int, int]] = []  # (empty cell, filled cell opposite, its value)
            for a, b in cells:
                va, vb = values[a], values[b]
                if EMPTY not in (va, vb):
                    both.append((a, b, va, vb))
                elif va != EMPTY:
                    half.append((b, a, va))
                elif vb != EMPTY:
                    half.append((a, b, vb))
            if not both and not half:
                continue
            pair = (lines[offset + i], lines[offset + j])
            candidates: dict[Attribute, tuple[int, ...]] = {}
            broken = None
            attribute: Attribute
            for attribute in ("rank", "suit"):
                seen: dict[int, tuple[int, int, int, int]] = {}
                for witness in both:
                    x = _symbol_of(attribute, witness[2])
                    y = _symbol_of(attribute, witness[3])
                    if x != y:  # x == y breaks the rule itself: the rule check says so
                        seen.setdefault(x ^ y, witness)
                if len(seen) > 1:
                    broken = _broken(kind, pair, attribute, list(seen.values())[:2])
                    break
                candidates[attribute] = tuple(seen) or _SWAPS
            if broken is not None:
                found.append(broken)
                continue
            if not half:
                continue
            failures: list[tuple[int, int, int, int, int]] = []
            legal = board.legal
            for rank_swap in candidates["rank"]:
                for suit_swap in candidates["suit"]:
                    flip = 4 * rank_swap + suit_swap
                    for cell, opposite, value in half:
                        need = value ^ flip
                        if not (legal[cell] >> need) & 1:
                            failures.append((rank_swap, suit_swap, cell, opposite, need))
                            break
                    else:
                        break  # this pairing still works
                else:
                    continue
                break
            else:
                blocked = tuple(
                    Blocked(rank, suit, cell, opposite, Card(need), board.blocker(cell, need))
                    for rank, suit, cell, opposite, need in failures
                )
                witnesses = sorted({f[2] for f in failures} | {f[3] for f in failures})
                found.append(
                    Violation(
                        "euler",
                        "blocked",
                        partial(_blocked_words, board, kind, pair, blocked),
                        cells=tuple(witnesses),
                        cards=tuple(sorted({b.card for b in blocked})),
                        lines=pair,
                        blocked=blocked,
                    )
                )
    return found


def _broken(
    kind: str,
    pair: tuple[Line, Line],
    attribute: Attribute,
    witnesses: list[tuple[int, int, int, int]],
) -> Violation:
    (a1, b1, v1, w1), (a2, b2, v2, w2) = witnesses
    p1 = (_symbol_of(attribute, v1), _symbol_of(attribute, w1))
    p2 = (_symbol_of(attribute, v2), _symbol_of(attribute, w2))
    return Violation(
        "euler",
        "broken",
        partial(_broken_words, kind, pair, attribute, witnesses),
        cells=(a1, b1, a2, b2),
        cards=(Card(v1), Card(w1), Card(v2), Card(w2)),
        lines=pair,
        attribute=attribute,
        pairs=(p1, p2),
    )


def _broken_words(
    kind: str,
    pair: tuple[Line, Line],
    attribute: Attribute,
    witnesses: list[tuple[int, int, int, int]],
) -> tuple[str, str]:
    (a1, _, v1, w1), (a2, _, v2, w2) = witnesses
    p1 = (_symbol_of(attribute, v1), _symbol_of(attribute, w1))
    p2 = (_symbol_of(attribute, v2), _symbol_of(attribute, w2))
    shared = (set(p1) & set(p2)).pop()
    o1 = p1[1] if p1[0] == shared else p1[0]
    o2 = p2[1] if p2[0] == shared else p2[0]
    across = "column" if kind == "row" else "row"
    across_de = "Spalte" if kind == "row" else "Zeile"
    k1, k2 = _across_index(kind, a1), _across_index(kind, a2)
    above = "above" if kind == "row" else "left of"
    above_de = "über" if kind == "row" else "links von"
    lines_en = f"{_cap(kind)}s {pair[0].index + 1} and {pair[1].index + 1}"
    lines_de = (
        f"{'Zeilen' if kind == 'row' else 'Spalten'} {pair[0].index + 1} und {pair[1].index + 1}"
    )
    what_en = "ranks" if attribute == "rank" else "suits"
    what_de = "Ränge" if attribute == "rank" else "Farben"
    if attribute == "rank":
        s_en, o1_en, o2_en = f"the {Rank(shared).name_en()}", _RANK_A_EN[o1], _RANK_A_EN[o2]
        s_de, o1_de, o2_de = _RANK_NOM_DE[shared], _RANK_DAT_DE[o1], _RANK_DAT_DE[o2]
    else:
        s_en = f"the {Suit(shared).name_en()[:-1]}"
        o1_en, o2_en = _SUIT_A_EN[o1], _SUIT_A_EN[o2]
        s_de, o1_de, o2_de = Suit(shared).name_de(), Suit(o1).name_de(), Suit(o2).name_de()
    shown_en = f"{Card(v1)} {above} {Card(w1)}, {Card(v2)} {above} {Card(w2)}"
    shown_de = f"{_card_de(v1)} {above_de} {_card_de(w1)}, {_card_de(v2)} {above_de} {_card_de(w2)}"
    two = "zwei Zeilen" if kind == "row" else "zwei Spalten"
    return (
        f"{lines_en} fall into Euler's trap: in every finished square two {kind}s swap their "
        f"{what_en} in pairs, but here {s_en} is paired with {o1_en} in {across} {k1 + 1} and "
        f"with {o2_en} in {across} {k2 + 1} ({shown_en}).",
        f"{lines_de} tappen in Eulers Falle: in jedem fertigen Quadrat tauschen {two} ihre "
        f"{what_de} paarweise, hier aber ist {s_de} in {across_de} {k1 + 1} mit {o1_de} und in "
        f"{across_de} {k2 + 1} mit {o2_de} gepaart ({shown_de}).",
    )


def _across_index(kind: str, cell: int) -> int:
    return cell % 4 if kind == "row" else cell // 4


def _blocked_words(
    board: _Board, kind: str, pair: tuple[Line, Line], failures: tuple[Blocked, ...]
) -> tuple[str, str]:
    lines_en = f"{_cap(kind)}s {pair[0].index + 1} and {pair[1].index + 1}"
    lines_de = (
        f"{'Zeilen' if kind == 'row' else 'Spalten'} {pair[0].index + 1} und {pair[1].index + 1}"
    )
    first = failures[0]
    swaps_en = f"{_swap_en('rank', first.rank_swap)} and {_swap_en('suit', first.suit_swap)}"
    swaps_de = f"{_swap_de('rank', first.rank_swap)} und {_swap_de('suit', first.suit_swap)}"
    opposite = Card(board.values[first.opposite])
    need = first.card
    but_en, but_de = _why_not(board, first)
    rule_en = (
        f"{lines_en} fall into Euler's trap: two {kind}s of a finished square swap their ranks in "
        "pairs and their suits in pairs"
    )
    two = "zwei Zeilen" if kind == "row" else "zwei Spalten"
    rule_de = (
        f"{lines_de} tappen in Eulers Falle: {two} eines fertigen Quadrats tauschen ihre Ränge "
        "paarweise und ihre Farben paarweise"
    )
    need_en = f"{_cell_en(first.cell)}, opposite {opposite}, needs {need}"
    need_de = f"{_cell_de(first.cell)} (gegenüber {opposite.name_de()}) die Karte {need.name_de()}"
    if len(failures) == 1:
        text_en = f"{rule_en}, here {swaps_en}, so {need_en}, but {but_en}."
        text_de = f"{rule_de}, hier {swaps_de}; also braucht {need_de}, aber {but_de}."
    else:
        text_en = (
            f"{rule_en}, and none of the {len(failures)} ways left to pair them works: with "
            f"{swaps_en}, for example, {need_en}, but {but_en}."
        )
        text_de = (
            f"{rule_de}, und keine der {len(failures)} noch offenen Paarungen geht auf: mit "
            f"{swaps_de} zum Beispiel braucht {need_de}, aber {but_de}."
        )
    return text_en, text_de


def _why_not(board: _Board, blocked: Blocked) -> tuple[str, str]:
    """Why the needed card may not go on the cell, in English and German."""
    card, blocker = blocked.card, blocked.blocker
    if blocker is None:  # pragma: no cover - the legal masks always have a reason
        return f"{card} may not go there", f"{card.name_de()} darf dort nicht hin"
    held = Card(board.values[blocker])
    if held == card:
        return (
            f"{card} already lies on {_cell_en(blocker)}",
            f"{card.name_de()} liegt schon auf {_cell_de(blocker)}",
        )
    attribute: Attribute = "rank" if held.rank == card.rank else "suit"
    symbol = _symbol_of(attribute, card)
    line = next(line for line in board.rules.lines_through(blocked.cell) if blocker in line.cells)
    return (
        f"{_line_en(line)} already holds {_a_en(attribute, symbol)} ({held} at {_cell_en(blocker)})",
        f"{_line_de(line)} hat schon {_acc_de(attribute, symbol)} "
        f"({held.name_de()}, {_cell_de(blocker)})",
    )


def check_quarters(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The quarter check (with diagonals only): each 2 × 2 corner quarter of a finished square
    holds each rank and each suit once. Without diagonals it finds nothing.

    >>> from officers import Rules
    >>> for violation in check_quarters(Square("1JH2/JS3/4/4"), Rules(diagonals=True)):
    ...     print(violation.kind, "|", violation.text_en)
    twice | The top-left quarter holds two Jacks: J♥ at row 1, column 2 and J♠ at row 2, column 1; but with the diagonals, each 2 × 2 corner quarter of a finished square holds every rank and every suit once.
    missing | The top-right quarter can no longer get a Jack: no remaining Jack fits on any of its empty cells; but with the diagonals, each 2 × 2 corner quarter of a finished square holds every rank and every suit.
    missing | The bottom-left quarter can no longer get a Jack: no remaining Jack fits on any of its empty cells; but with the diagonals, each 2 × 2 corner quarter of a finished square holds every rank and every suit.
    >>> check_quarters(Square("1JH2/JS3/4/4"))
    ()
    """
    rules = _setup(square, rules)
    return tuple(_quarters(_Board(square, rules)))


def _quarters(board: _Board) -> list[Violation]:
    if not board.rules.diagonals:
        return []
    values = board.values
    found = []
    law_en = "with the diagonals, each 2 × 2 corner quarter of a finished square holds every rank and every suit"
    law_de = "mit Diagonalen enthält aber jedes 2 × 2-Eckviertel eines fertigen Quadrats jeden Rang und jede Farbe"
    for quarter, cells in enumerate(QUARTERS):
        attribute: Attribute
        for attribute in ("rank", "suit"):
            by_symbol: dict[int, list[int]] = {}
            for cell in cells:
                if values[cell] != EMPTY:
                    by_symbol.setdefault(_symbol_of(attribute, values[cell]), []).append(cell)
            for symbol, where in sorted(by_symbol.items()):
                if len(where) > 1:
                    cards = tuple(Card(values[cell]) for cell in where)
                    n = len(where)
                    found.append(
                        _made(
                            "quarter",
                            "twice",
                            f"{_cap(_QUARTER_EN[quarter])} holds {_NUMBER_EN[n]} "
                            f"{_plural_en(attribute, symbol)}: "
                            + _join_en(
                                [
                                    f"{card} at {_cell_en(c)}"
                                    for c, card in zip(where, cards, strict=True)
                                ]
                            )
                            + f"; but {law_en} once.",
                            f"{_cap(_QUARTER_DE[quarter])} enthält {_NUMBER_DE[n]} "
                            f"{_plural_de(attribute, symbol)}: "
                            + _join_de(
                                [
                                    f"{card.name_de()} ({_cell_de(c)})"
                                    for c, card in zip(where, cards, strict=True)
                                ]
                            )
                            + f"; {law_de} genau einmal.",
                            cells=tuple(where),
                            cards=cards,
                            attribute=attribute,
                            symbols=(symbol,),
                            quarter=quarter,
                        )
                    )
        for attribute, symbol, empty, remaining in _missing(board, cells):
            found.append(
                _made(
                    "quarter",
                    "missing",
                    f"{_cap(_QUARTER_EN[quarter])} can no longer get {_a_en(attribute, symbol)}: "
                    f"no remaining {_plural_en(attribute, symbol)[:-1]} fits on any of its empty "
                    f"cells; but {law_en}.",
                    f"{_cap(_QUARTER_DE[quarter])} kann k{_acc_de(attribute, symbol)} mehr "
                    "bekommen: auf seine freien Felder passt keine der übrigen Karten "
                    + ("dieses Rangs" if attribute == "rank" else "dieser Farbe")
                    + f"; {law_de}.",
                    cells=empty,
                    cards=tuple(Card(v) for v in _bits(remaining)),
                    attribute=attribute,
                    symbols=(symbol,),
                    quarter=quarter,
                )
            )
    return found


_RUNNERS: Final[dict[Check, Callable[[_Board], list[Violation]]]] = {
    "rule": _rule,
    "cell": _cells,
    "card": _cards,
    "line": _lines_check,
    "matching": _matching,
    "euler": _euler,
    "quarter": _quarters,
}


def check_square(
    square: Square, rules: Rules | None = None, *, checks: Iterable[Check] | None = None
) -> tuple[Violation, ...]:
    """Run the checks (default: all of :data:`CHECKS`) and return every violation they find,
    check by check. An empty answer does not mean the square is completable (see
    :func:`officers.is_completable`); a violation always means it is dead.

    >>> [v.check for v in check_square(Square("4/1KD1QH/2QC1/QS3"))]
    ['card', 'line', 'line', 'matching']
    >>> [v.check for v in check_square(Square("4/1KD1QH/2QC1/QS3"), checks=["line"])]
    ['line', 'line']
    """
    rules = _setup(square, rules)
    names = CHECKS if checks is None else tuple(checks)
    for name in names:
        if name not in _RUNNERS:
            raise NotationError(f"unknown check {name!r}: expected one of {', '.join(CHECKS)}")
    board = _Board(square, rules)
    found: list[Violation] = []
    for name in names:
        found.extend(_RUNNERS[name](board))
    return tuple(found)


# --- exact status and repairs ----------------------------------------------------------------------


def repairs(
    square: Square, rules: Rules | None = None, *, locked: Iterable[int] = ()
) -> tuple[Repair, ...]:
    """The smallest sets of placed, not locked cards whose removal makes the square completable.

    Each set costs one take-back a card. A completable square has one repair, the empty one; a
    square whose locked cards alone cannot be finished has none. Repairs come in order of their
    cells, each with the number of completions the square has after it.

    How: each finished square that agrees with the locked cards disagrees with some set ``D`` of
    the other placed cells; a removal set revives the square iff it contains such a ``D``. So the
    smallest repairs are the smallest ``D``, found with bit-sliced counters over the index.

    >>> [repair.cells for repair in repairs(Square("AS1KS1/4/4/4"))]
    [(0,), (2,)]
    >>> repairs(Square("AS1KS1/4/4/4"), locked=[0])
    (Repair(cells=(2,), cards=(Card.KING_OF_SPADES,), completions=432),)
    """
    rules = _setup(square, rules)
    return _repairs(square, rules, _locked(square, locked))


def _repairs(square: Square, rules: Rules, locked: tuple[int, ...]) -> tuple[Repair, ...]:
    from officers.solve.index import CompletionIndex

    index = CompletionIndex.get(rules)
    table = index.table
    values = square.values
    base = index.full
    for cell in locked:
        base &= table[16 * cell + values[cell]]
    if not base:
        return ()
    removable = [cell for cell, value in enumerate(values) if value != EMPTY and cell not in locked]
    agree = [base & table[16 * cell + values[cell]] for cell in removable]
    mask = base
    for bits in agree:
        mask &= bits
    if mask:
        return (Repair((), (), mask.bit_count()),)
    # counter[j]: bit j of the number of removable cells each finished square disagrees with.
    differ = [base ^ bits for bits in agree]
    counter: list[int] = []
    for bits in differ:
        carry = bits
        for j, level in enumerate(counter):
            counter[j] = level ^ carry
            carry &= level
            if not carry:
                break
        if carry:
            counter.append(carry)
    size, exact = 1, 0
    for size in range(1, len(removable) + 1):
        exact = base
        for j, level in enumerate(counter):
            exact &= level if (size >> j) & 1 else base ^ level
        if exact:
            break
    # exact: the squares that disagree with exactly `size` removable cells (the fewest).
    found: dict[tuple[int, ...], int] = {}
    if math.comb(len(removable), size) <= exact.bit_count():
        for chosen in itertools.combinations(range(len(removable)), size):
            hits = exact
            for position in chosen:
                hits &= differ[position]
                if not hits:
                    break
            if hits:
                found[tuple(removable[p] for p in chosen)] = hits.bit_count()
    else:
        finished = index.values
        rest = exact
        while rest:
            low = rest & -rest
            rest ^= low
            other = finished[low.bit_length() - 1]
            key = tuple(cell for cell in removable if other[cell] != values[cell])
            found[key] = found.get(key, 0) + 1
    return tuple(
        Repair(cells, tuple(Card(values[cell]) for cell in cells), count)
        for cells, count in sorted(found.items())
    )


def _explaining_violations(board: _Board) -> tuple[Violation, ...]:
    """The violations an explanation lists (see :func:`explain`)."""
    violations = _rule(board)
    if not violations:  # a broken rule says it all; the other checks would only echo it
        for name in CHECKS[1:]:
            if name == "matching" and any(v.check in ("cell", "card") for v in violations):
                continue
            violations.extend(_RUNNERS[name](board))
    return tuple(violations)


def explain(
    square: Square, rules: Rules | None = None, *, locked: Iterable[int] = ()
) -> Explanation:
    """The exact status of a square, what the checks say, and its repairs.

    When the square breaks the rule of the square, only those conflicts are listed (the other
    checks would only echo them); the matching check is listed only when the simpler cell and
    card checks find nothing (its witness would repeat theirs).

    >>> explanation = explain(Square("4/1KD1QH/2QC1/QS3"))
    >>> explanation.status, explanation.takebacks_needed, len(explanation.repairs)
    ('dead', 1, 3)
    >>> [v.check for v in explanation.violations]
    ['card', 'line', 'line']
    >>> explain(Square("AC3/1JS2/1AH1QD/4")).completions
    1
    """
    rules = _setup(square, rules)
    locked_cells = _locked(square, locked)
    from officers.solve.index import CompletionIndex

    count = CompletionIndex.get(rules).count(square)
    violations = _explaining_violations(_Board(square, rules))
    found = _repairs(square, rules, locked_cells)
    status: Status = "dead" if not count else "finished" if square.is_full() else "live"
    return Explanation(
        square=square,
        rules=rules,
        locked=locked_cells,
        status=status,
        completions=count,
        violations=violations,
        takebacks_needed=len(found[0].cells) if found else None,
        repairs=found,
    )
