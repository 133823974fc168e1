"""The search core of the Eight Off solver: positions as bytes, moves by card, best-first and A*.

This module is the engine under :mod:`officers.eightoff.solve`, which checks the arguments,
builds a :class:`Game` and turns what the search finds into moves by place. The proofs of the
reductions used here are in :mod:`officers.eightoff.solve`'s documentation.

Glossary
--------
card
    An int 0 .. 51, ``13 * suit + rank - 1`` (suits C D H S, Ace = rank 1).
column
    A ``bytes`` of cards from the first dealt to the exposed one (the last byte).
node
    A position as the search keeps it, ``(columns, cells, foundations)``: the columns sorted (a
    tuple of ``bytes``), the cells' cards sorted (a ``bytes``, empty cells left out), the
    foundations a tuple of the four counts of cards played, C D H S.
key
    The canonical text of a node: its sorted columns joined with ``0xFF``, ``0xFE``, its
    sorted cells. Positions that differ only in the order of their columns or of their cells
    have the same key (the foundations follow from the cards left).
move by card
    ``(card, count, target)``: the run of ``count`` cards headed by ``card`` (a cell's card
    when ``count`` is 1 and the card is in a cell) goes onto the column whose exposed card is
    ``target`` (0 .. 51), or to :data:`FOUNDATION`, :data:`CELL` or :data:`EMPTY` (an empty
    column). Moves by card do not depend on the order of the columns or of the cells, so one
    replays on any position with the same key.
settle
    Play every card that is safe to play to its foundation, until none is
    (:meth:`Game.settle`); the search only keeps settled nodes.
segment
    A longest stretch of a column in which every card lies on a card it may lie on; A*'s
    bound counts those that hold a blocked card (:meth:`Game.column_info`).

How a node is expanded
----------------------
:meth:`Game.grow` (best-first) and :meth:`Game.grow_shortest` (A*) make a node's moves and
children and grow the frontier in one pass. What a column's own cards allow (its run, the cards
its heads may go onto) is cached by column (:meth:`Game.column_moves`), the node adds which
cards are exposed and how much room there is. A child met before is left as soon as its key is
known. A child that no card settles is the node with one or two columns and the cells changed,
so its best-first priority is its parent's plus what the move changes there
(:meth:`Game.next_cards`); the others are settled by :meth:`Game.settled`, which looks only at
the next card of each foundation, and weighed in full (:meth:`Game.greedy`). None of this
changes what the searches do, only how fast: :meth:`Game.moves`, :meth:`Game.child` and
:meth:`Game.greedy` are the plain definitions, and the tests hold the fast ones to them.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from threading import Event

__all__ = [
    "CELL",
    "EMPTY",
    "FOUNDATION",
    "CardMove",
    "Frontier",
    "Game",
    "Node",
    "Outcome",
    "Shortest",
    "astar",
    "best_first",
    "key_of",
]

FOUNDATION: Final = -1
CELL: Final = -2
EMPTY: Final = -3

CardMove = tuple[int, int, int]
"""A move by card: ``(card, count, target)``."""

Node = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]
"""A settled position: sorted columns, sorted cells, foundations."""

_COLUMN_SEP: Final = b"\xff"
_CELL_SEP: Final = b"\xfe"
_SUIT_BASES: Final = (0, 13, 26, 39)
_SINGLES: Final = tuple(bytes((card,)) for card in range(52))
_SUITS: Final = tuple(card // 13 for card in range(52))
_RANKS: Final = tuple(card % 13 for card in range(52))
_CHECK_EVERY: Final = 256  # expansions between two looks at the clock
DEPTH_WEIGHT: Final = 1
"""The weight of a move from the start in the best-first priority."""

ColumnInfo = tuple[int, int, int, int]
"""What :meth:`Game.column_info` tells of a column."""


class _Shares(dict[bytes, int]):
    """A column's share of a sum over the columns, found by ``fill`` the first time it is
    asked for (:meth:`Game.column_info` fills every share of a column at once)."""

    def __init__(self, fill: Callable[[bytes], object]) -> None:
        super().__init__()
        self.fill = fill

    def __missing__(self, column: bytes) -> int:
        self.fill(column)
        return self[column]


Tables = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], frozenset[tuple[int, int]]]


@functools.cache
def _tables(building: str) -> Tables:
    """The parents and children of every card, and the ``(card, parent)`` pairs, under a
    way of building ("suit" or "alternate"): made once."""
    parents: list[tuple[int, ...]] = []
    children: list[tuple[int, ...]] = []
    for card in range(52):
        suit, rank = divmod(card, 13)  # rank 0 .. 12 here
        if building == "suit":
            parents.append((card + 1,) if rank < 12 else ())
            children.append((card - 1,) if rank > 0 else ())
        else:
            other = (0, 3) if suit in (1, 2) else (1, 2)
            parents.append(tuple(13 * s + rank + 1 for s in other) if rank < 12 else ())
            children.append(tuple(13 * s + rank - 1 for s in other) if rank > 0 else ())
    fits = frozenset((card, parent) for card in range(52) for parent in parents[card])
    return tuple(parents), tuple(children), fits


Entry = tuple[int, int, int, Node, bytes, int]
"""An entry of the best-first frontier: priority, a tie-break, the depth, the node, its key and
its :meth:`Game.greedy` score."""


@dataclass
class Frontier:
    """What the best-first search keeps: each key met with its parent's key and the move from
    there, the frontier, and for the node being expanded the cost of its depth and the depth of
    its children."""

    parents: dict[bytes, tuple[bytes, CardMove] | None]
    frontier: list[Entry]
    max_states: int
    tie: Iterator[int] = field(default_factory=itertools.count)
    cost: int = 0
    depth: int = 0


@dataclass
class Shortest:
    """What A* keeps: each key met with the fewest moves known to it, the key it was reached
    from and the move from there; the frontier (``f``, ``-g``, a tie-break, node, key)."""

    best: dict[bytes, tuple[int, bytes, CardMove] | tuple[int, None, None]]
    frontier: list[tuple[int, int, int, Node, bytes]]
    max_states: int
    tie: Iterator[int] = field(default_factory=itertools.count)


def key_of(columns: tuple[bytes, ...], cells: bytes) -> bytes:
    """The canonical key of sorted ``columns`` and sorted ``cells``.

    >>> key_of((b"", b"\\x01\\x00"), b"\\x05")
    b'\\xff\\x01\\x00\\xfe\\x05'
    """
    return _COLUMN_SEP.join(columns) + _CELL_SEP + cells


@dataclass(frozen=True)
class Outcome:
    """What a search found: ``status`` ("solvable", "unsolvable", "unknown"), the moves by card
    from the settled start (only when solvable), the states it stored, and why it stopped early
    (``reason``: "time" or "memory", else ``None``)."""

    status: str
    moves: list[CardMove] = field(default_factory=list)
    states: int = 0
    reason: str | None = None


class Game:
    """A variant's rules as tables: which card goes on which, what is safe, how far runs move.

    ``building`` is "suit" or "alternate", ``empty`` "kings" or "any", ``sequence`` "cells",
    "freecell" or "one" (the meanings of :mod:`officers.eightoff.solve`).
    """

    home_weight = 4
    """The weight in :meth:`greedy` of a card off its foundation."""
    above_weight = 8
    """The weight of a card above the next card of a foundation."""
    cell_weight = 6
    """The weight of a full cell."""
    buried_weight = 4
    """The weight of a card under the run at the end of its column."""

    def __init__(self, columns: int, cells: int, building: str, empty: str, sequence: str) -> None:
        self.columns = columns
        self.cells = cells
        self.building = building
        self.sequence = sequence
        self.kings_only = empty == "kings"
        parents, children, fits = _tables(building)
        self.parents: tuple[tuple[int, ...], ...] = parents
        """``parents[card]``: the cards ``card`` may be placed on in a column."""
        self.children: tuple[tuple[int, ...], ...] = children
        """``children[card]``: the cards that may be placed on ``card``."""
        self.fits: frozenset[tuple[int, int]] = fits
        """``(card, parent)`` pairs: ``card`` may lie on ``parent`` in a run."""
        self._info: dict[bytes, ColumnInfo] = {}
        self._weights = _Shares(self.column_info)
        self._chains = _Shares(self.column_info)
        self._runs: dict[bytes, tuple[tuple[int, int, int], ...]] = {}
        self._byte = _SINGLES
        self._suit = _SUITS
        self._rank = _RANKS

    # -- the rules ---------------------------------------------------------------------------

    def capacity(self, free_cells: int, empty_columns: int) -> int:
        """The longest run one move may carry to a column, ``empty_columns`` not counting the
        target."""
        if self.sequence == "one":
            return 1
        if self.sequence == "cells":
            return 1 + free_cells
        return (1 + free_cells) << empty_columns

    def safe(self, card: int, foundations: tuple[int, ...] | list[int]) -> bool:
        """Whether ``card``, playable to its foundation, is safe to play at once: every card
        that could ever be placed on it is on its foundation already."""
        return all(foundations[child // 13] > child % 13 for child in self.children[card])

    def settle(
        self, columns: list[bytes], cells: list[int], foundations: list[int]
    ) -> list[tuple[int, int]]:
        """Play the safe cards to their foundations until none is left, in place; the cards
        played as ``(card, column index or -1 - cell index)``, in order."""
        played: list[tuple[int, int]] = []
        children = self.children
        suit_of, rank_of = self._suit, self._rank
        suited = self.building == "suit"  # then every card that may go home is safe
        progress = True
        while progress:
            progress = False
            for index, original in enumerate(columns):
                if not original or foundations[suit_of[original[-1]]] != rank_of[original[-1]]:
                    continue
                column = original
                while column:
                    card = column[-1]
                    suit = suit_of[card]
                    if foundations[suit] != rank_of[card] or (
                        not suited and any(foundations[c // 13] <= c % 13 for c in children[card])
                    ):
                        break
                    foundations[suit] += 1
                    column = column[:-1]
                    played.append((card, index))
                    progress = True
                columns[index] = column
            for index, card in enumerate(cells):
                if card < 0:
                    continue
                suit = suit_of[card]
                if foundations[suit] == rank_of[card] and (
                    suited or not any(foundations[c // 13] <= c % 13 for c in children[card])
                ):
                    foundations[suit] += 1
                    cells[index] = -1
                    played.append((card, -1 - index))
                    progress = True
        return played

    def node(
        self, columns: list[bytes], cells: list[int], foundations: list[int]
    ) -> tuple[Node, int]:
        """The settled node of a position (lists, changed in place; -1 for an empty cell) and
        the cards settling played."""
        return self.settled(columns, sorted(card for card in cells if card >= 0), foundations)

    def settled(
        self, columns: list[bytes], cells: list[int], foundations: list[int]
    ) -> tuple[Node, int]:
        """:meth:`node` for the cards in the cells given sorted.

        The same as :meth:`settle` but for the order of the plays, which does not change the
        position reached: only the next card of a foundation may go to it, so it looks at
        those four cards, among the exposed cards and the cells, until none is safe."""
        tops = {column[-1]: index for index, column in enumerate(columns) if column}
        children = self.children
        suited = self.building == "suit"
        played = 0
        progress = True
        while progress:
            progress = False
            for suit, base in enumerate(_SUIT_BASES):
                while foundations[suit] < 13:
                    card = base + foundations[suit]
                    if not suited and any(foundations[c // 13] <= c % 13 for c in children[card]):
                        break
                    index = tops.pop(card, -1)
                    if index >= 0:
                        column = columns[index][:-1]
                        columns[index] = column
                        if column:
                            tops[column[-1]] = index
                    elif card in cells:
                        cells.remove(card)
                    else:
                        break
                    foundations[suit] += 1
                    played += 1
                    progress = True
        return (tuple(sorted(columns)), bytes(cells), tuple(foundations)), played

    # -- moves -------------------------------------------------------------------------------

    def moves(self, node: Node) -> list[CardMove]:
        """The moves worth trying from a settled node, by card.

        Left out, since they lead to the same key or add nothing: a card from a cell to a cell,
        a second empty cell or empty column as target, a whole column to an empty column, and
        the foundation moves that settling makes anyway.
        """
        columns, cells, foundations = node
        free = self.cells - len(cells)
        empties = sum(1 for column in columns if not column)
        tops = {column[-1]: i for i, column in enumerate(columns) if column}
        parents = self.parents
        fits = self.fits
        to_column = self.capacity(free, empties)
        to_empty = self.capacity(free, empties - 1) if empties else 0
        kings_only = self.kings_only
        moves: list[CardMove] = []
        for column in columns:
            if not column:
                continue
            card = column[-1]
            suit, rank = divmod(card, 13)
            if foundations[suit] == rank:
                moves.append((card, 1, FOUNDATION))
            size = len(column)
            longest = max(to_column, to_empty)
            count = 1
            while True:
                head = column[size - count]
                for parent in parents[head]:
                    if parent in tops and count <= to_column:
                        moves.append((head, count, parent))
                if (
                    empties
                    and count < size
                    and count <= to_empty
                    and (not kings_only or head % 13 == 12)
                ):
                    moves.append((head, count, EMPTY))
                if (
                    count >= longest
                    or count >= size
                    or (head, column[size - count - 1]) not in fits
                ):
                    break
                count += 1
            if free:
                moves.append((card, 1, CELL))
        for card in cells:
            suit, rank = divmod(card, 13)
            if foundations[suit] == rank:
                moves.append((card, 1, FOUNDATION))
            for parent in parents[card]:
                if parent in tops:
                    moves.append((card, 1, parent))
            if empties and (not kings_only or rank == 12):
                moves.append((card, 1, EMPTY))
        return moves

    def child(self, node: Node, move: CardMove) -> tuple[Node, int]:
        """The settled node after ``move`` and the number of cards settling played."""
        columns_t, cells_b, foundations_t = node
        card, count, target = move
        columns = list(columns_t)
        cells = list(cells_b)
        foundations = list(foundations_t)
        run: bytes
        exposed = -1  # the card the move uncovers in its column, if any
        if card in cells_b:
            cells.remove(card)
            run = bytes((card,))
        else:
            for index, column in enumerate(columns):
                if len(column) >= count and column[-count] == card:
                    run = column[-count:]
                    columns[index] = column[:-count]
                    if len(column) > count:
                        exposed = column[-count - 1]
                    break
            else:  # pragma: no cover - the move came from this node
                raise AssertionError(f"card {card} is not at the bottom of a run of {count}")
        if target == FOUNDATION:
            foundations[card // 13] += 1
        elif target == CELL:
            cells.append(card)
        elif target == EMPTY:
            columns[columns.index(b"")] = run
        else:
            for index, column in enumerate(columns):
                if column and column[-1] == target:
                    columns[index] = column + run
                    break
        if target != FOUNDATION and (
            exposed < 0
            or foundations[exposed // 13] != exposed % 13
            or not self.safe(exposed, foundations)
        ):
            # The node was settled and no foundation grew: only an uncovered card could have
            # become safe to play, and none did, so settling would play nothing.
            return (
                (tuple(sorted(columns)), bytes(sorted(cells)), foundations_t),
                0,
            )
        return self.node(columns, cells, foundations)

    def column_moves(self, column: bytes) -> tuple[tuple[int, int, int], ...]:
        """The moves out of a non-empty ``column`` that its own cards allow, cached: ``(parent,
        count, head)``, the run of ``count`` cards headed by ``head`` going onto the card
        ``parent`` or, when ``parent`` is :data:`EMPTY`, to an empty column; by count, as
        :meth:`moves` tries them. Whether a move is possible depends on the node besides."""
        moves = self._runs.get(column)
        if moves is None:
            size = len(column)
            found: list[tuple[int, int, int]] = []
            for count in range(1, size + 1):
                head = column[size - count]
                found += [(parent, count, head) for parent in self.parents[head]]
                if count < size and (not self.kings_only or head % 13 == 12):
                    found.append((EMPTY, count, head))
                if count == size or (head, column[size - count - 1]) not in self.fits:
                    break
            moves = tuple(found)
            if len(self._runs) > 1_000_000:
                self._runs.clear()
            self._runs[column] = moves
        return moves

    def _options(self, node: Node) -> list[tuple[int, int, int, int, int]]:
        """The moves of :meth:`moves`, in its order, as ``(card, count, target, source,
        destination)``: ``source`` the index of the column the run leaves, or -1 for a cell,
        ``destination`` that of the column it goes to (-1 for a cell or a foundation)."""
        columns, cells, foundations = node
        free = self.cells - len(cells)
        empties = columns.count(b"")
        to_column = self.capacity(free, empties)
        to_empty = self.capacity(free, empties - 1) if empties else 0
        longest = max(to_column, to_empty)
        tops = {column[-1]: i for i, column in enumerate(columns) if column}
        parents = self.parents
        kings_only = self.kings_only
        suit_of, rank_of = self._suit, self._rank
        runs = self._runs
        # Under same-suit building every card that may go home is safe: a settled node has
        # none, and no move to a foundation.
        homeward = self.building != "suit"
        options: list[tuple[int, int, int, int, int]] = []
        add = options.append
        for source in range(empties, len(columns)):
            column = columns[source]
            card = column[-1]
            if homeward and foundations[suit_of[card]] == rank_of[card]:
                add((card, 1, FOUNDATION, source, -1))
            for parent, count, head in runs.get(column) or self.column_moves(column):
                if count > longest:
                    break
                if parent >= 0:
                    if count <= to_column:
                        target = tops.get(parent)
                        if target is not None:
                            add((head, count, parent, source, target))
                elif empties and count <= to_empty:
                    add((head, count, EMPTY, source, 0))
            if free:
                add((card, 1, CELL, source, -1))
        for card in cells:
            if homeward and foundations[suit_of[card]] == rank_of[card]:
                add((card, 1, FOUNDATION, -1, -1))
            for parent in parents[card]:
                target = tops.get(parent)
                if target is not None:
                    add((card, 1, parent, -1, target))
            if empties and (not kings_only or rank_of[card] == 12):
                add((card, 1, EMPTY, -1, 0))
        return options

    def next_cards(self, node: Node, key: bytes) -> dict[int, list[int]]:
        """Where the next card of each foundation lies in ``node`` (of key ``key``): for each
        column that holds some, by index, the numbers of cards above them.

        A move that settling leaves alone changes :meth:`greedy` only through the columns it
        takes a run from and puts it on, the cells it fills or empties, and these depths: a
        next card under the run moved loses ``count`` cards above it, one in the run keeps
        the cards above it (a card moved to a cell has none: it was exposed), one in the
        column that takes the run gains ``count``.
        """
        end = len(key) - len(node[1]) - 1
        find, count = key.find, key.count
        nexts: dict[int, list[int]] = {}
        for base, played in zip(_SUIT_BASES, node[2], strict=True):
            if played < 13:
                at = key.find(base + played, 0, end)
                if at >= 0:
                    stop = find(0xFF, at, end)
                    above = (end if stop < 0 else stop) - at - 1
                    nexts.setdefault(count(0xFF, 0, at), []).append(above)
        return nexts

    def grow(self, node: Node, key: bytes, score: int, search: Frontier) -> bytes | None:
        """The children of ``node`` (of ``key`` and :meth:`greedy` ``score``), by the moves of
        :meth:`moves` in their order, as :meth:`child` makes them: each not met before goes into
        ``search``'s table of parents and onto its frontier, weighed by :meth:`greedy` (the
        parent's ``score`` plus the change, for a child settling left alone, see
        :meth:`next_cards`). The key of a won child, or ``None``; ``b""`` once the table is
        full."""
        columns, cells, foundations = node
        suit_of, rank_of, single = self._suit, self._rank, self._byte
        weights, nexts = self._weights, self.next_cards(node, key)
        above_weight, cell_weight = self.above_weight, self.cell_weight
        suited = self.building == "suit"  # every card that may go home is safe
        parents, frontier, cost, depth = search.parents, search.frontier, search.cost, search.depth
        join, push, tie = _COLUMN_SEP.join, heapq.heappush, search.tie
        for card, count, target, source, destination in self._options(node):
            after = list(columns)
            exposed = -1
            if source >= 0:
                column = columns[source]
                after[source] = rest = column[:-count]
                run = column[-count:]
                if len(column) > count:
                    exposed = column[-count - 1]
                left = cells
            else:
                run = single[card]
                left = cells.replace(run, b"")
            if target == CELL:
                left = bytes(sorted(left + run))
            elif target != FOUNDATION:
                after[destination] = joined = columns[destination] + run
            if target == FOUNDATION or (
                exposed >= 0
                and foundations[suit_of[exposed]] == rank_of[exposed]
                and (suited or self.safe(exposed, foundations))
            ):
                grown = list(foundations)
                if target == FOUNDATION:
                    grown[suit_of[card]] += 1
                child, _ = self.settled(after, list(left), grown)
                child_key = join(child[0]) + _CELL_SEP + child[1]
                if child_key in parents:
                    continue
                parents[child_key] = (key, (card, count, target))
                if sum(child[2]) == 52:
                    return child_key
                child_score = self.greedy(child, child_key)
            else:
                after.sort()
                child_key = join(after) + _CELL_SEP + left
                if child_key in parents:
                    continue
                parents[child_key] = (key, (card, count, target))
                child = (tuple(after), left, foundations)
                child_score = score
                if source >= 0:
                    child_score += weights[rest] - weights[column]
                    for above in nexts.get(source, ()):
                        if above >= count:  # the next card stays in the column, less deep
                            child_score -= above_weight * count
                else:
                    child_score -= cell_weight
                if destination >= 0:
                    child_score += weights[joined] - weights[columns[destination]]
                    child_score += above_weight * count * len(nexts.get(destination, ()))
                else:
                    child_score += cell_weight
            if len(parents) >= search.max_states:
                return b""
            push(frontier, (cost + child_score, next(tie), depth, child, child_key, child_score))
        return None

    def grow_shortest(self, node: Node, key: bytes, g: int, search: Shortest) -> bool:
        """The children of ``node`` (of ``key``, ``g`` moves from the start) as :meth:`grow`
        makes them: each reached by fewer moves than before goes into ``search``'s table and
        onto its frontier, at its moves from the start plus :meth:`lower_bound`. False once
        the table is full."""
        columns, cells, foundations = node
        suit_of, rank_of, single = self._suit, self._rank, self._byte
        suited = self.building == "suit"  # every card that may go home is safe
        best, frontier, tie = search.best, search.frontier, search.tie
        join, push, bound = _COLUMN_SEP.join, heapq.heappush, self.lower_bound
        for card, count, target, source, destination in self._options(node):
            after = list(columns)
            exposed = -1
            if source >= 0:
                column = columns[source]
                after[source] = column[:-count]
                run = column[-count:]
                if len(column) > count:
                    exposed = column[-count - 1]
                left = cells
            else:
                run = single[card]
                left = cells.replace(run, b"")
            if target == CELL:
                left = bytes(sorted(left + run))
            elif target != FOUNDATION:
                after[destination] += run
            if target == FOUNDATION or (
                exposed >= 0
                and foundations[suit_of[exposed]] == rank_of[exposed]
                and (suited or self.safe(exposed, foundations))
            ):
                grown = list(foundations)
                if target == FOUNDATION:
                    grown[suit_of[card]] += 1
                child, played = self.settled(after, list(left), grown)
                child_key = join(child[0]) + _CELL_SEP + child[1]
                child_g = g + 1 + played
                known = best.get(child_key)
                if known is not None and known[0] <= child_g:
                    continue
            else:
                after.sort()
                child_key = join(after) + _CELL_SEP + left
                child_g = g + 1
                known = best.get(child_key)
                if known is not None and known[0] <= child_g:
                    continue
                child = (tuple(after), left, foundations)
            best[child_key] = (child_g, key, (card, count, target))
            if len(best) >= search.max_states:
                return False
            push(frontier, (child_g + bound(child), -child_g, next(tie), child, child_key))
        return True

    # -- bounds ------------------------------------------------------------------------------

    def column_info(self, column: bytes) -> ColumnInfo:
        """``(blocked, chains, disorder, buried)`` of a column, cached by column, with the
        column's shares of :meth:`greedy` and :meth:`lower_bound`.

        A card is *blocked* when a lower card of its suit lies deeper in its column: it must
        leave the column before that card, and cannot go to its foundation then, so it makes at
        least one move that is not to a foundation. *chains* counts the column's *segments*
        (its longest stretches of cards each lying on a card it may lie on) that hold a blocked
        card: a lower bound on the moves the blocked cards need to leave the column (see
        :meth:`lower_bound`). The rest are greedy measures, no bounds: *disorder* counts the
        cards that do not lie on a card they may lie on, *buried* the cards under the run at
        the end of the column.
        """
        info = self._info.get(column)
        if info is not None:
            return info
        low = [13, 13, 13, 13]
        blocked = 0
        chains = 0
        disorder = 0
        buried = 0
        previous = -1
        counted = False  # whether the current segment holds a blocked card already
        fits = self.fits
        for depth, card in enumerate(column):
            suit, rank = divmod(card, 13)
            if previous >= 0 and (card, previous) not in fits:
                disorder += 1
                buried = depth
                counted = False
            if low[suit] < rank:
                blocked += 1
                if not counted:
                    chains += 1
                    counted = True
            elif rank < low[suit]:
                low[suit] = rank
            previous = card
        info = (blocked, chains, disorder, buried)
        if len(self._info) > 1_000_000:
            self._info.clear()
            self._weights.clear()
            self._chains.clear()
        self._info[column] = info
        self._chains[column] = chains
        self._weights[column] = (
            6 * blocked + 2 * disorder + self.buried_weight * buried if column else -12
        )
        return info

    def lower_bound(self, node: Node) -> int:
        """A lower bound on the moves left to win from ``node`` (admissible and consistent):
        the cards off their foundations, plus, for each column, its segments that hold a
        blocked card (:meth:`column_info`; the proof is in :mod:`officers.eightoff.solve`).
        """
        columns, _, foundations = node
        return 52 - sum(foundations) + sum(map(self._chains.__getitem__, columns))

    def greedy(self, node: Node, key: bytes | None = None) -> int:
        """The priority of the best-first search (lower first; :func:`best_first` adds the
        depth): no bound, a guess at the work left. ``key`` is the node's key, when known.

        It weighs, in this order of weight, the cards off the foundations, how deep the next
        card of each foundation lies (the cards above it), blocked cards and full cells, the
        cards under the run at the end of each column and the cards out of sequence; an empty
        column counts against it. The weights were tuned on numbered Eight Off deals
        (``benchmarks/bench_eightoff.py --order``); they change the order of the search only,
        never a verdict.
        """
        columns, cells, foundations = node
        score = sum(map(self._weights.__getitem__, columns))
        if key is None:
            key = key_of(columns, cells)
        # The next card of each foundation: the cards above it (none in a cell). The key holds
        # the columns, each ended by 0xFF but the last, ended by 0xFE, then the cells.
        end = len(key) - len(cells) - 1
        find = key.find
        above = 0
        played = 0
        for base, count in zip(_SUIT_BASES, foundations, strict=True):
            played += count
            if count < 13:
                at = find(base + count, 0, end)
                if at >= 0:
                    stop = find(0xFF, at, end)
                    above += (end if stop < 0 else stop) - at - 1
        return (
            score
            + self.home_weight * (52 - played)
            + self.cell_weight * len(cells)
            + self.above_weight * above
        )


def _path(parents: dict[bytes, tuple[bytes, CardMove] | None], key: bytes) -> list[CardMove]:
    moves: list[CardMove] = []
    entry = parents[key]
    while entry is not None:
        key, move = entry
        moves.append(move)
        entry = parents[key]
    moves.reverse()
    return moves


def _path_from(
    best: dict[bytes, tuple[int, bytes, CardMove] | tuple[int, None, None]], key: bytes
) -> list[CardMove]:
    """:func:`_path` for A*'s table of the fewest moves and parents."""
    moves: list[CardMove] = []
    _, parent, move = best[key]
    while parent is not None and move is not None:
        moves.append(move)
        _, parent, move = best[parent]
    moves.reverse()
    return moves


def _stopped(deadline: float | None, cancel: Event | None) -> str | None:
    """Why a search must stop now: ``"time"`` past its deadline, ``"cancelled"`` when its
    ``cancel`` event is set, else ``None``."""
    if cancel is not None and cancel.is_set():
        return "cancelled"
    return "time" if deadline is not None and time.monotonic() > deadline else None


def best_first(
    game: Game,
    start: Node,
    *,
    deadline: float | None,
    max_states: int,
    priority: Callable[[Node], int] | None = None,
    depth_weight: int = DEPTH_WEIGHT,
    cancel: Event | None = None,
) -> Outcome:
    """Decide ``start``: a best-first search on ``priority`` (``game.greedy`` by default) plus
    ``depth_weight`` times the depth (the moves from the start: a small weight, so that among
    similar positions the nearer goes first). It stores every key it meets and expands each
    once, so it ends with a win or, having expanded every settled node reachable, with a proof
    that there is none. The priority orders the search only: the nodes expanded before a proof
    are the same whatever it is.
    """
    rank = priority or game.greedy
    join = _COLUMN_SEP.join
    push = heapq.heappush
    won = 52
    start_key = key_of(start[0], start[1])
    if sum(start[2]) == won:
        return Outcome("solvable", [], 1)
    first = rank(start)
    search = Frontier({start_key: None}, [(first, 0, 0, start, start_key, first)], max_states)
    parents, frontier, tie = search.parents, search.frontier, search.tie
    next(tie)
    expansions = 0
    while frontier:
        _, _, depth, node, key, score = heapq.heappop(frontier)
        expansions += 1
        if expansions % _CHECK_EVERY == 0 and (why := _stopped(deadline, cancel)):
            return Outcome("unknown", [], len(parents), why)
        depth += 1
        cost = depth_weight * depth
        if priority is None:  # the greedy priority, made as the children are
            search.cost, search.depth = cost, depth
            found = game.grow(node, key, score, search)
            if found is None:
                continue
            if found:
                return Outcome("solvable", _path(parents, found), len(parents))
            return Outcome("unknown", [], len(parents), "memory")
        for move in game.moves(node):
            child, _ = game.child(node, move)
            child_key = join(child[0]) + _CELL_SEP + child[1]
            if child_key in parents:
                continue
            parents[child_key] = (key, move)
            if child[2] is not node[2] and sum(child[2]) == won:
                return Outcome("solvable", _path(parents, child_key), len(parents))
            if len(parents) >= max_states:
                return Outcome("unknown", [], len(parents), "memory")
            child_score = rank(child)
            push(frontier, (cost + child_score, next(tie), depth, child, child_key, child_score))
    return Outcome("unsolvable", [], len(parents))


def astar(
    game: Game,
    start: Node,
    *,
    deadline: float | None,
    max_states: int,
    cancel: Event | None = None,
) -> Outcome:
    """The fewest moves from ``start`` (moves settling makes count, one each): A* on
    :meth:`Game.lower_bound`, which is consistent, so that the first won node taken from the
    frontier was reached by a shortest path; ties go to the deeper node, then to the node pushed
    first. :func:`officers.eightoff.accel.astar` is the same search compiled (the same nodes
    expanded in the same order, the same win), which :func:`officers.eightoff.solve.solve`
    runs where it is installed."""
    won = 52
    start_key = key_of(start[0], start[1])
    # Each key met: the fewest moves known from the start, the key it was reached from and the
    # move (a single table for both, to save a look-up a child).
    search = Shortest(
        {start_key: (0, None, None)},
        [(game.lower_bound(start), 0, -1, start, start_key)],
        max_states,
    )
    best, frontier = search.best, search.frontier
    expansions = 0
    while frontier:
        _, negative_g, _, node, key = heapq.heappop(frontier)
        g = -negative_g
        if g > best[key][0]:
            continue  # a stale entry: the node was reached by a shorter path since
        if sum(node[2]) == won:
            return Outcome("solvable", _path_from(best, key), len(best))
        expansions += 1
        if expansions % _CHECK_EVERY == 0 and (why := _stopped(deadline, cancel)):
            return Outcome("unknown", [], len(best), why)
        if not game.grow_shortest(node, key, g, search):
            return Outcome("unknown", [], len(best), "memory")
    return Outcome("unsolvable", [], len(best))
