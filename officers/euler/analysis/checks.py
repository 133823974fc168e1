"""The checks of the rules (rule, cell, card, line) and the quarter check, as facts.

Each ``check_*`` function reads a square; each ``*_violations`` function reads a
:class:`~officers.euler.analysis.board.Board` (computed once for all the checks).
"""

from __future__ import annotations

from collections.abc import Sequence

from officers.euler.analysis.board import Board, cards_of
from officers.euler.analysis.facts import QUARTERS, Violation
from officers.euler.bitboard import EMPTY, RANK_CARDS, SUIT_CARDS
from officers.euler.cards import Card
from officers.euler.repairs import order4_rules
from officers.euler.rules import Attribute, Rules
from officers.euler.square import Square

__all__ = [
    "card_violations",
    "cell_violations",
    "check_cards",
    "check_cells",
    "check_lines",
    "check_quarters",
    "check_rule",
    "line_violations",
    "missing",
    "quarter_violations",
    "rule_violations",
]


def check_rule(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """Where the square already breaks the rule of the square (a line with a rank or suit twice).

    >>> print(check_rule(Square("AS1AH1/4/4/4"))[0].text_de)
    Zeile 1 enthält zwei Asse: Pik-Ass (Zeile 1, Spalte 1) und Herz-Ass (Zeile 1, Spalte 3).
    """
    rules = order4_rules(square, rules)
    return tuple(rule_violations(Board(square, rules)))


def rule_violations(board: Board) -> list[Violation]:
    """The rule check on a board."""
    found = []
    for conflict in board.rules.conflicts(board.square):
        found.append(
            Violation(
                "rule",
                "twice",
                cells=conflict.cells,
                cards=tuple(Card(value) for value in conflict.values),
                lines=(conflict.line,),
                attribute=conflict.attribute,
                symbols=(conflict.symbol,),
            )
        )
    return found


def check_cells(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The rules' first check: every empty cell can still take some card not yet placed.

    >>> print(check_cells(Square("AC2JS/3KH/4/QD3"))[0].text_en)
    No remaining card fits on row 2, column 1: each shares a rank or a suit with a card in row 2 or column 1.
    """
    rules = order4_rules(square, rules)
    return tuple(cell_violations(Board(square, rules)))


def cell_violations(board: Board) -> list[Violation]:
    """The cell check on a board."""
    return [
        Violation("cell", "no-card", cells=(cell,), lines=board.rules.lines_through(cell))
        for cell in board.empty
        if not board.legal[cell]
    ]


def check_cards(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The rules' second check: every card not yet placed still has some legal empty cell.

    >>> print(check_cards(Square("4/1KD1QH/2QC1/QS3"))[0].text_de)
    Karo-Dame passt auf kein freies Feld mehr: überall teilt die Karte Rang oder Farbe mit einer Karte derselben Linie.
    """
    rules = order4_rules(square, rules)
    return tuple(card_violations(Board(square, rules)))


def card_violations(board: Board) -> list[Violation]:
    """The card check on a board."""
    reachable = 0
    for cell in board.empty:
        reachable |= board.legal[cell]
    return [
        Violation("card", "no-cell", cards=(Card(value),))
        for value in cards_of(board.unplaced & ~reachable)
    ]


def check_lines(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The rules' third check: every line can still get each rank and each suit it misses.

    >>> print(check_lines(Square("2AD1/KS2AC/4/1KH2"))[0].text_en)
    Row 1 can no longer get a King: no remaining King fits on any of its empty cells.
    """
    rules = order4_rules(square, rules)
    return tuple(line_violations(Board(square, rules)))


def missing(
    board: Board, cells: Sequence[int]
) -> list[tuple[Attribute, int, tuple[int, ...], int]]:
    """For a group of cells: each rank and suit it misses and cannot get any more, with its
    empty cells and the card set of the remaining cards of that rank or suit."""
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
        if not (ranks >> symbol) & 1 and not reachable & RANK_CARDS[symbol]:
            result.append(("rank", symbol, tuple(empty), board.unplaced & RANK_CARDS[symbol]))
    for symbol in range(4):
        if not (suits >> symbol) & 1 and not reachable & SUIT_CARDS[symbol]:
            result.append(("suit", symbol, tuple(empty), board.unplaced & SUIT_CARDS[symbol]))
    return result


def line_violations(board: Board) -> list[Violation]:
    """The line check on a board."""
    return [
        Violation(
            "line",
            "missing",
            cells=empty,
            cards=tuple(Card(v) for v in cards_of(remaining)),
            lines=(line,),
            attribute=attribute,
            symbols=(symbol,),
        )
        for line in board.rules.lines
        for attribute, symbol, empty, remaining in missing(board, line.cells)
    ]


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
    rules = order4_rules(square, rules)
    return tuple(quarter_violations(Board(square, rules)))


def quarter_violations(board: Board) -> list[Violation]:
    """The quarter check on a board."""
    if not board.rules.diagonals:
        return []
    values = board.values
    found = []
    for quarter, cells in enumerate(QUARTERS):
        attribute: Attribute
        for attribute in ("rank", "suit"):
            shift = 2 if attribute == "rank" else 0
            by_symbol: dict[int, list[int]] = {}
            for cell in cells:
                if values[cell] != EMPTY:
                    by_symbol.setdefault((values[cell] >> shift) & 3, []).append(cell)
            for symbol, where in sorted(by_symbol.items()):
                if len(where) > 1:
                    found.append(
                        Violation(
                            "quarter",
                            "twice",
                            cells=tuple(where),
                            cards=tuple(Card(values[cell]) for cell in where),
                            attribute=attribute,
                            symbols=(symbol,),
                            quarter=quarter,
                        )
                    )
        for attribute, symbol, empty, remaining in missing(board, cells):
            found.append(
                Violation(
                    "quarter",
                    "missing",
                    cells=empty,
                    cards=tuple(Card(v) for v in cards_of(remaining)),
                    attribute=attribute,
                    symbols=(symbol,),
                    quarter=quarter,
                )
            )
    return found
