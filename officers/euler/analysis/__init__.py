"""Dead ends: quick checks with witnesses, the exact status, and repairs (order 4).

A square is *dead* when no finished square extends it. The exact engine
(:func:`officers.is_completable`) says whether; the checks here say *why*, as facts: the check,
the cells, cards and lines that show it, the rank or suit, the numbers. :mod:`officers.euler.words`
tells the facts in a sentence a player understands (``violation.text("de")``). Every check is
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
    each card removed costs one take-back (:mod:`officers.euler.repairs`).
locked
    A cell whose card may not be taken back (a puzzle start).

Modules: ``facts`` (the results), ``board`` (the legal placements, computed once), ``checks``
(rule, cell, card, line, quarter), ``matching``, ``euler``, ``explain`` (all at once, and the
exact status).

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

from officers.euler.analysis.board import Board, cards_of
from officers.euler.analysis.checks import (
    check_cards,
    check_cells,
    check_lines,
    check_quarters,
    check_rule,
)
from officers.euler.analysis.euler import check_euler
from officers.euler.analysis.explain import (
    Explanation,
    capped,
    check_square,
    explain,
    explaining_violations,
    revived,
)
from officers.euler.analysis.facts import (
    CHECKS,
    JSON_VERSION,
    MAX_REASONS,
    QUARTERS,
    RANKING,
    Blocked,
    Check,
    Status,
    Violation,
)
from officers.euler.analysis.matching import check_matching
from officers.euler.repairs import Repair, repairs
from officers.euler.words import Language

__all__ = [
    "CHECKS",
    "JSON_VERSION",
    "MAX_REASONS",
    "QUARTERS",
    "RANKING",
    "Blocked",
    "Board",
    "Check",
    "Explanation",
    "Language",
    "Repair",
    "Status",
    "Violation",
    "capped",
    "cards_of",
    "check_cards",
    "check_cells",
    "check_euler",
    "check_lines",
    "check_matching",
    "check_quarters",
    "check_rule",
    "check_square",
    "explain",
    "explaining_violations",
    "repairs",
    "revived",
]
