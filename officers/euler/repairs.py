"""Repairs: the smallest sets of take-backs that make a dead square completable again (order 4).

Glossary
--------
repair
    A smallest set of placed, not locked cards whose removal makes the square completable again;
    each card removed costs one take-back. A completable square has one repair, the empty one.
locked
    A cell whose card may not be taken back (a puzzle start).

How: each finished square that agrees with the locked cards disagrees with some set ``D`` of the
other placed cells; a removal set revives the square iff it contains such a ``D``. So the smallest
repairs are the smallest ``D``, found with bit-sliced counters over the completion index
(:class:`officers.euler.solve.index.CompletionIndex`): counter ``j`` holds bit ``j`` of the number of
removable cells each finished square disagrees with, one bit per finished square.

>>> from officers import Square
>>> [str(repair) for repair in repairs(Square("AS1KS1/4/4/4"))]
['Take back A♠ (row 1, column 1): 432 completions.', 'Take back K♠ (row 1, column 3): 432 completions.']
>>> print(repairs(Square("AS1KS1/4/4/4"))[0].text("de"))
Nimm die Karte Pik-Ass (Zeile 1, Spalte 1) zurück: 432 Vervollständigungen.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Any

from officers.core.errors import NotationError, UnsupportedError, excerpt
from officers.euler.bitboard import EMPTY, key
from officers.euler.cards import Card
from officers.euler.rules import Rules, Value, rules_for
from officers.euler.solve.index import CompletionIndex
from officers.euler.square import Square, describe_cell
from officers.euler.words import Language, Spoken, speaker, texts

__all__ = ["Repair", "locked_cells", "order4_rules", "repairs", "smallest_repairs"]


class Repair(Value, Spoken):
    """A smallest set of take-backs that revives a square: the ``cells`` to empty (and their
    ``cards``), and how many ``completions`` the square has after it. The empty repair of a
    completable square takes back nothing.

    >>> repair = Repair((1,), (Card.JACK_OF_CLUBS,), 5)
    >>> repair.text()
    'Take back J♣ (row 1, column 2): 5 completions.'
    >>> Repair.from_dict(repair.to_dict()) == repair
    True
    """

    __slots__ = _fields = __match_args__ = ("cells", "cards", "completions")
    cells: tuple[int, ...]
    cards: tuple[Card, ...]
    completions: int

    def __init__(self, cells: tuple[int, ...], cards: tuple[Card, ...], completions: int) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "cells", cells)
        put(self, "cards", cards)
        put(self, "completions", completions)

    def text(self, lang: Language = "en") -> str:
        """The sentence in the language asked for (``"en"``, ``"de"``, see :mod:`officers.euler.words`)."""
        return speaker(lang).repair(self)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form (see docs/json.md); ``text`` in the languages of ``lang``."""
        return {
            "cells": list(self.cells),
            "cards": [card.notation() for card in self.cards],
            "completions": self.completions,
            "text": texts(self, lang),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Repair:
        """Read the JSON form of :meth:`to_dict` (the sentences are ignored)."""
        try:
            return cls(
                tuple(int(cell) for cell in data["cells"]),
                tuple(Card.parse(card) for card in data["cards"]),
                int(data["completions"]),
            )
        except (KeyError, TypeError) as error:
            raise NotationError(f"cannot read a repair from {str(dict(data))[:80]!r}") from error


def order4_rules(square: Square, rules: Rules | None) -> Rules:
    """Check the arguments of an order-4 question; return the rules (by default the plain rule).

    >>> order4_rules(Square(order=5), None)
    Traceback (most recent call last):
      ...
    officers.UnsupportedError: the dead-end checks are for the game's order 4, not Rules(order=5, diagonals=False) and a square of order 5
    """
    rules = rules_for(square, rules)
    if rules.order != 4 or square.order != 4:
        raise UnsupportedError(
            f"the dead-end checks are for the game's order 4, not {rules!r} and a square of "
            f"order {square.order}"
        )
    return rules


def locked_cells(square: Square, locked: Iterable[int]) -> tuple[int, ...]:
    """The locked cells, checked (each placed, 0-15) and sorted.

    >>> locked_cells(Square("AS3/4/4/4"), [0, 0])
    (0,)
    """
    given = list(locked)
    for cell in given:  # checked before sorting: a str among ints cannot be sorted
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < 16:
            raise NotationError(f"cannot read locked cell {excerpt(cell)}: expected 0-15")
    cells = sorted(set(given))
    for cell in cells:
        if square.values[cell] == EMPTY:
            raise NotationError(
                f"locked cell {describe_cell(cell)} of {square!r} is empty: "
                "only a placed card can be locked"
            )
    return tuple(cells)


def repairs(
    square: Square, rules: Rules | None = None, *, locked: Iterable[int] = ()
) -> tuple[Repair, ...]:
    """The smallest sets of placed, not locked cards whose removal makes the square completable.

    Each set costs one take-back a card. A completable square has one repair, the empty one; a
    square whose locked cards alone cannot be finished has none. Repairs come in order of their
    cells, each with the number of completions the square has after it.

    >>> [repair.cells for repair in repairs(Square("AS1KS1/4/4/4"))]
    [(0,), (2,)]
    >>> repairs(Square("AS1KS1/4/4/4"), locked=[0])
    (Repair(cells=(2,), cards=(Card.KING_OF_SPADES,), completions=432),)
    """
    rules = order4_rules(square, rules)
    return smallest_repairs(square, rules, locked_cells(square, locked))


def smallest_repairs(square: Square, rules: Rules, locked: tuple[int, ...]) -> tuple[Repair, ...]:
    """:func:`repairs` for arguments already checked (order-4 ``rules``, sorted ``locked``)."""
    index = CompletionIndex.get(rules)
    table = index.table
    values = square.values
    base = index.full
    for cell in locked:
        base &= table[key(cell, values[cell])]
    if not base:
        return ()
    removable = [cell for cell, value in enumerate(values) if value != EMPTY and cell not in locked]
    agree = [base & table[key(cell, values[cell])] for cell in removable]
    mask = base
    for bits in agree:
        mask &= bits
    if mask:
        return (Repair((), (), mask.bit_count()),)
    differ = [base ^ bits for bits in agree]
    size, exact = _fewest(base, differ)
    found = _sets(index, square, removable, differ, size, exact)
    return tuple(
        Repair(cells, tuple(Card(values[cell]) for cell in cells), count)
        for cells, count in sorted(found.items())
    )


def _fewest(base: int, differ: list[int]) -> tuple[int, int]:
    """The fewest removable cells some finished square disagrees with, and those squares."""
    # counter[j]: bit j of the number of removable cells each finished square disagrees with.
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
    for size in range(1, len(differ) + 1):
        exact = base
        for j, level in enumerate(counter):
            exact &= level if (size >> j) & 1 else base ^ level
        if exact:
            break
    return size, exact


def _sets(
    index: CompletionIndex,
    square: Square,
    removable: list[int],
    differ: list[int],
    size: int,
    exact: int,
) -> dict[tuple[int, ...], int]:
    """The removal sets of ``size`` cells and how many finished squares each revives."""
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
        return found
    values = square.values
    finished = index.values
    rest = exact
    while rest:
        low = rest & -rest
        rest ^= low
        other = finished[low.bit_length() - 1]
        cells = tuple(cell for cell in removable if other[cell] != values[cell])
        found[cells] = found.get(cells, 0) + 1
    return found
