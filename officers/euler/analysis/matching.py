"""The matching check: the remaining cards can all get distinct legal cells at once."""

from __future__ import annotations

from typing import Any

from officers.euler.analysis.board import Board, cards_of
from officers.euler.analysis.facts import Violation
from officers.euler.cards import Card
from officers.euler.repairs import order4_rules
from officers.euler.rules import Rules
from officers.euler.square import Square

__all__ = ["check_matching", "matching_violations"]


def check_matching(square: Square, rules: Rules | None = None) -> tuple[Violation, ...]:
    """The matching check: the remaining cards can all get distinct legal cells at once.

    It finds a maximum matching between the remaining cards and the empty cells over the legal
    placements (networkx, Hopcroft-Karp). Without a perfect one the square is dead, and the
    witness is a Hall violator: cards that fit on fewer cells between them than they are (or cells
    that can take fewer cards than they are). It is stronger than the first two checks.

    >>> from officers import Rules
    >>> from officers.euler.analysis import check_cards, check_cells, check_lines
    >>> square, expert = Square("KH3/4/1QC2/4"), Rules(diagonals=True)
    >>> check_cells(square, expert), check_cards(square, expert), check_lines(square, expert)
    ((), (), ())
    >>> print(check_matching(square, expert)[0].text_en)
    The cells row 1, column 2; row 1, column 4; row 2, column 2; row 3, column 1 and row 3, column 3 can take only 4 cards between them (A♠, A♦, J♠ and J♦), so they cannot all be filled.
    """
    rules = order4_rules(square, rules)
    return tuple(matching_violations(Board(square, rules)))


def matching_violations(board: Board) -> list[Violation]:
    """The matching check on a board."""
    empty = board.empty
    if not empty:
        return []
    from networkx import Graph  # type: ignore[import-untyped]
    from networkx.algorithms.bipartite import (  # type: ignore[import-untyped]
        hopcroft_karp_matching,
    )

    cards = cards_of(board.unplaced)
    legal = board.legal
    graph = Graph()
    graph.add_nodes_from(cards)
    graph.add_nodes_from(16 + cell for cell in empty)
    graph.add_edges_from((card, 16 + cell) for cell in empty for card in cards_of(legal[cell]))
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
        return [Violation("matching", "cards", cells=cells, cards=short_cards)]
    short_cells = tuple(sorted(node - 16 for node in side))
    fitting = tuple(Card(card) for card in sorted(other))
    return [Violation("matching", "cells", cells=short_cells, cards=fitting)]


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
