"""Euler's trap: two rows (or columns) of a finished square swap their ranks and suits in pairs.

Glossary
--------
swap
    In every finished square, any two rows carry their ranks paired by two swaps: if rank X stands
    above rank Y in one column, Y stands above X in another. The same holds for suits and for
    columns. Underneath, the pairing of ranks ``x <-> x ^ m`` is the number ``m`` (1, 2 or 3).
"""

from __future__ import annotations

import itertools
from typing import Final, Literal

from officers.euler.analysis.board import Board
from officers.euler.analysis.facts import Blocked, Violation
from officers.euler.bitboard import EMPTY
from officers.euler.cards import Card
from officers.euler.repairs import order4_rules
from officers.euler.rules import Attribute, Line, Rules
from officers.euler.square import Square

__all__ = ["check_euler", "euler_violations"]

_SWAPS: Final = (1, 2, 3)

Witness = tuple[int, int, int, int]  # (cell in the first line, cell in the second, their cards)


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


_PARALLEL: Final = ((0, _parallel("row")), (4, _parallel("column")))


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
    rules = order4_rules(square, rules)
    return tuple(euler_violations(Board(square, rules)))


def euler_violations(board: Board) -> list[Violation]:
    """Euler's trap on a board."""
    values = board.values
    lines = board.rules.lines
    found: list[Violation] = []
    for offset, parallel in _PARALLEL:
        for i, j, cells in parallel:
            both: list[Witness] = []
            half: list[tuple[int, int, int]] = []  # (empty cell, filled cell opposite, its value)
            for a, b in cells:
                va, vb = values[a], values[b]
                if EMPTY not in (va, vb):
                    both.append((a, b, va, vb))
                elif va != EMPTY:
                    half.append((b, a, va))
                elif vb != EMPTY:
                    half.append((a, b, vb))
            if both or half:
                found.extend(_trap(board, (lines[offset + i], lines[offset + j]), both, half))
    return found


def _trap(
    board: Board, pair: tuple[Line, Line], both: list[Witness], half: list[tuple[int, int, int]]
) -> list[Violation]:
    """Euler's trap on one pair of parallel lines: broken, blocked, or nothing."""
    candidates: dict[Attribute, tuple[int, ...]] = {}
    attribute: Attribute
    for attribute in ("rank", "suit"):
        shift = 2 if attribute == "rank" else 0
        seen: dict[int, Witness] = {}
        for witness in both:
            x, y = (witness[2] >> shift) & 3, (witness[3] >> shift) & 3
            if x != y:  # x == y breaks the rule itself: the rule check says so
                seen.setdefault(x ^ y, witness)
        if len(seen) > 1:
            return [_broken(pair, attribute, list(seen.values())[:2])]
        candidates[attribute] = tuple(seen) or _SWAPS
    if not half:
        return []
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
                return []  # this pairing still works
    blocked = tuple(_blocked(board, *failure) for failure in failures)
    witnesses = sorted({f[2] for f in failures} | {f[3] for f in failures})
    return [
        Violation(
            "euler",
            "blocked",
            cells=tuple(witnesses),
            cards=tuple(sorted({b.card for b in blocked})),
            lines=pair,
            blocked=blocked,
        )
    ]


def _blocked(
    board: Board, rank_swap: int, suit_swap: int, cell: int, opposite: int, need: int
) -> Blocked:
    values = board.values
    blocker = board.blocker(cell, need)
    held = None if blocker is None else Card(values[blocker])
    line = None if blocker is None or blocker == cell else board.line_between(cell, blocker)
    return Blocked(
        rank_swap,
        suit_swap,
        cell,
        opposite,
        Card(need),
        blocker,
        Card(values[opposite]),
        held,
        line,
    )


def _broken(pair: tuple[Line, Line], attribute: Attribute, witnesses: list[Witness]) -> Violation:
    (a1, b1, v1, w1), (a2, b2, v2, w2) = witnesses
    shift = 2 if attribute == "rank" else 0
    return Violation(
        "euler",
        "broken",
        cells=(a1, b1, a2, b2),
        cards=(Card(v1), Card(w1), Card(v2), Card(w2)),
        lines=pair,
        attribute=attribute,
        pairs=(((v1 >> shift) & 3, (w1 >> shift) & 3), ((v2 >> shift) & 3, (w2 >> shift) & 3)),
    )
