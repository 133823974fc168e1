"""The double-dummy search of Offiziersskat: alpha-beta on card points over whole tricks.

Every card is known here, the face-down ones too; a face-down card is still playable only once
the card on it is gone. :mod:`officers.skat.solve` is the public door; this module holds the
search itself, on a compact encoding of a position.

Glossary
--------
slot
    Where a card lies, an int 0 .. 31: ``16 * player + 8 * layer + pile``, layer 0 the top of a
    pile of two, layer 1 the card beneath (which is also where the last card of a pile lies).
    A slot's card is face up when the slot is a top, or an under slot whose top is gone.
mask
    The slots still holding a card (32 bits). With the leader it is the whole state of the game
    between two tricks: the points already taken do not change what the rest is worth.
value
    The points the leader of a trick takes from here to the end, under best play of both
    (the leader maximises them, the other player minimises them).
window
    ``alpha, beta``: the search answers exactly when the value lies strictly between them, else a
    bound (at most ``alpha`` or at least ``beta``: fail-soft).

The enhancements (docs/skat.md argues each one sound):

- a transposition table keyed by the mask and the leader (the cards played, and the order they
  were played in, do not matter), holding a lower and an upper bound and the best lead;
- bounds: the leader's value lies between the points of her *master trumps* (trumps that no
  trump still out of the other player beats: each wins the trick it is played to) and the
  points still out less the other player's master trumps; a cut when the window allows;
- the last trick is scored without a search;
- move ordering: the table's best lead first, then each lead by the best immediate answer to
  it (the trick's points, won or lost), of leads alike the lower slot first (so a top, which
  turns a card up, before a last card); the follower tries its answers by the same measure,
  playing from a pile of two (which turns a card up) before a last card, and the lower card
  first;
- equivalent cards: two cards of one player, both the last card of their pile (nothing lies
  beneath either), in one lane, worth the same points, with no card of the other player still
  out (or on the table) of that lane between them: only one of them is searched (the order of a
  player's own cards decides no trick: two cards of one player never meet in a trick).

Where the compiled module ``officers.skat._dd`` is installed (:mod:`officers.skat.accel`), a
:class:`Search` runs the same search in C, on the same encoding and with the same enhancements,
plus four that change its speed only: the table's best lead is searched before the others are
ordered, a position of 12 cards or more that the search expects to fail high first looks in the
table for a lead all of whose answers are known to reach the window (an enhanced transposition
cutoff), from 8 cards up each lead first looks for an answer the table shows refutes it, and from
10 cards up a position takes bounds from the table's entries of its neighbours (the positions
that differ in one last card being another of the same player and lane, with no card of the
other player between them, widened by their points; docs/skat.md argues it). Its table is bounded: 8 bytes an entry,
from 2 ** 14 entries doubling when half full up to 2 ** 22 (32 MiB); a full bucket forgets the
entry with fewer cards left. The exact value (:meth:`Search.exact`) is found by zero-window
tests; the compiled search may run several at once, each in a thread of its own, sharing the
table (an entry is read and written whole, and any entry, whoever wrote it, holds true bounds).
``Search(board, compiled=False)`` keeps to Python.

>>> from officers.skat import SkatGame
>>> game = SkatGame.deal(1)
>>> game.push("G") and None
>>> for _ in range(20):  # ten tricks: each player's first legal card
...     game.push(game.legal_moves()[0]) and None
>>> board = Board(game.position)
>>> search = Search(board)
>>> search.value() == plain_value(board), search.nodes > 0
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

from officers.core.errors import (
    InvalidArgumentError,
    InvalidGameError,
    SolverTimeoutError,
    excerpt,
    invalid_argument,
)
from officers.skat import accel
from officers.skat.accel import CompiledSearch, table_bits
from officers.skat.cards import LANES, POINTS, POWERS, TRUMP, GameType
from officers.skat.position import Position

__all__ = [
    "MAX_THREADS",
    "TABLE_LIMIT",
    "Board",
    "Search",
    "check_threads",
    "plain_value",
    "slots_of",
]

TABLE_LIMIT = 3_000_000
"""The most entries a search's transposition table holds (some 300 MB): then it starts anew."""

MAX_THREADS = 8
"""The most threads :meth:`Search.exact` runs at once."""


def check_threads(threads: object) -> int:
    """``threads`` when it is a whole number 1 .. :data:`MAX_THREADS`, else an
    :class:`~officers.InvalidArgumentError` quoting it.

    >>> check_threads(9)
    Traceback (most recent call last):
      ...
    officers.InvalidArgumentError: threads must be 1 .. 8, not 9
    """
    if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= MAX_THREADS:
        raise InvalidArgumentError(f"threads must be 1 .. {MAX_THREADS}, not {excerpt(threads)}")
    return threads


_SLOTS: dict[int, tuple[int, ...]] = {}


def slots_of(mask: int) -> tuple[int, ...]:
    """The set bits of ``mask``, lowest first (remembered, as a search asks for few masks).

    >>> slots_of(0b1011)
    (0, 1, 3)
    """
    found = _SLOTS.get(mask)
    if found is None:
        found = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
        if len(_SLOTS) < 1 << 18:
            _SLOTS[mask] = found
    return found


def _face_up(mask: int, player: int) -> int:
    shift = 16 * player
    tops = (mask >> shift) & 0xFF
    unders = (mask >> (shift + 8)) & 0xFF & ~tops
    return (tops | unders << 8) << shift


class _Tables(NamedTuple):
    """The tables of the trick order that only the search in Python reads (see :class:`Board`)."""

    above: list[int]
    beats: list[bool]
    between: list[int]
    gains: list[int]
    replies: list[tuple[int, ...]]
    single: int


class Board:
    """A position compiled for the search: the card, lane, power and points of each slot, the
    mask, the leader, the card on the table (its slot, or -1) and tables of the trick order.

    ``beats[32 * a + b]`` says whether ``b`` wins a trick ``a`` led; ``lanes[player][lane]`` is
    the mask of that player's slots in that lane; ``between[32 * x + y]`` the slots of the lane
    of ``x`` and ``y`` strictly between them; ``above[x]`` the slots of its lane above it. The
    tables of the trick order (``above``, ``beats``, ``between``, ``gains``, ``replies``,
    ``single``) are built when first read: the compiled search builds its own, and a board
    made for it (as each leaf of :mod:`officers.skat.chance` is) never needs them.
    """

    __slots__ = (
        "_python",
        "card",
        "game",
        "lane",
        "lanes",
        "leader",
        "mask",
        "points",
        "power",
        "slot_of",
        "trick",
    )

    def __init__(self, position: Position) -> None:
        if position.game is None:
            raise invalid_argument(
                "the search needs a chosen game: choose one first", was=InvalidGameError
            )
        card = [-1] * 32
        for player, side in enumerate(position.piles):
            for i, pile in enumerate(side):
                for layer, c in zip((1, 0), pile, strict=False):
                    card[16 * player + 8 * layer + i] = c
        trick = -1
        if position.trick:
            trick = next(
                16 * position.leader + i
                for i, pile in enumerate(position.piles[position.leader])
                if len(pile) < 2
            )
            card[trick] = position.trick[0]
        self._fill(position.game, card, position.leader, trick)

    @classmethod
    def of_slots(cls, game: GameType, card: list[int], leader: int, trick: int = -1) -> Board:
        """The board of a position given slot by slot, unchecked: ``card[slot]`` the card in
        each slot (-1 for none; a pile's last card in its under slot), the card on the table
        in ``trick`` (a top slot of the leader's, free in the position) or -1. For callers
        that hold a position of the rules already in this form (the leaves of
        :mod:`officers.skat.chance`); ``Board(position)`` reads a checked
        :class:`~officers.skat.position.Position` instead."""
        board = cls.__new__(cls)
        board._fill(game, list(card), leader, trick)
        return board

    def _fill(self, game: GameType, card: list[int], leader: int, trick: int) -> None:
        self.game = game
        self.card = card
        self.leader = leader
        self.trick = trick
        self.mask = sum(1 << slot for slot in range(32) if card[slot] >= 0 and slot != trick)
        self.slot_of = {c: slot for slot, c in enumerate(card) if c >= 0}
        lanes, powers = LANES[game], POWERS
        self.lane = [lanes[c] if c >= 0 else -1 for c in card]
        self.power = [powers[c] if c >= 0 else 0 for c in card]
        self.points = [POINTS[c] if c >= 0 else 0 for c in card]
        self.lanes = [[0] * 5 for _ in range(2)]
        for slot in range(32):
            if card[slot] >= 0:
                self.lanes[slot // 16][self.lane[slot]] |= 1 << slot
        self._python: _Tables | None = None

    @property
    def above(self) -> list[int]:
        return self._tables().above

    @property
    def beats(self) -> list[bool]:
        return self._tables().beats

    @property
    def between(self) -> list[int]:
        return self._tables().between

    @property
    def gains(self) -> list[int]:
        """A trick's points for its leader, negative when the other player wins it."""
        return self._tables().gains

    @property
    def replies(self) -> list[tuple[int, ...]]:
        """Each lead's answers in the order the other player tries them (the trick's worst for
        the leader first, then from a pile of two, as that turns a card up, then the lower)."""
        return self._tables().replies

    @property
    def single(self) -> int:
        """The slots that may be equivalent: last cards of a pile (under layer), worth 0 or a
        Jack."""
        return self._tables().single

    def _tables(self) -> _Tables:
        if self._python is not None:
            return self._python
        cards, lanes, powers, points = self.card, self.lane, self.power, self.points
        beats = [False] * 1024
        between = [0] * 1024
        above = [0] * 32
        for a in range(32):
            for b in range(32):
                if cards[a] < 0 or cards[b] < 0 or a == b:
                    continue
                same = lanes[a] == lanes[b]
                beats[32 * a + b] = powers[b] > powers[a] if same else lanes[b] == TRUMP
                if same and powers[b] > powers[a]:
                    above[a] |= 1 << b
        for x in range(32):
            for y in range(32):
                if cards[x] >= 0 and cards[y] >= 0 and lanes[x] == lanes[y] and x != y:
                    low, high = (x, y) if powers[x] < powers[y] else (y, x)
                    between[32 * x + y] = above[low] & ~above[high] & ~(1 << high)
        gains = [(-1 if beats[i] else 1) * (points[i >> 5] + points[i & 31]) for i in range(1024)]

        def order(a: int, b: int) -> tuple[int, bool, int]:
            return gains[32 * a + b], b % 16 >= 8, powers[b]

        replies = [
            tuple(
                sorted(
                    (b for b in range(32) if cards[b] >= 0 and b // 16 != a // 16),
                    key=partial(order, a),
                )
            )
            for a in range(32)
        ]
        single = sum(
            1 << s
            for s in range(32)
            if cards[s] >= 0 and s % 16 >= 8 and (points[s] == 0 or cards[s] % 8 == 4)
        )
        self._python = _Tables(above, beats, between, gains, replies, single)
        return self._python

    def locate(self, position: Position) -> tuple[int, int, int]:
        """``(mask, leader, trick slot or -1)`` of a position reached from this board's (by
        play in the same game): the search's own encoding of it."""
        mask = 0
        for side in position.piles:
            for pile in side:
                for card in pile:
                    mask |= 1 << self.slot_of[card]
        trick = self.slot_of[position.trick[0]] if position.trick else -1
        return mask, position.leader, trick

    def rest(self, mask: int | None = None, trick: int | None = None) -> int:
        """The points still out: in the piles (``mask``, the board's by default) and on the
        table (the slot ``trick``, or -1)."""
        mask = self.mask if mask is None else mask
        trick = self.trick if trick is None else trick
        total = sum(self.points[s] for s in slots_of(mask))
        return total + (self.points[trick] if trick >= 0 else 0)


def _distinct(board: Board, slots: Sequence[int], context: int) -> list[int]:
    """``slots`` less those equivalent to one kept (see the module)."""
    tables = board._python or board._tables()  # the tables themselves: this path is hot
    single, between, lanes, points = tables.single, tables.between, board.lane, board.points
    kept: list[int] = []
    for x in slots:
        if single >> x & 1:
            other = context & (0xFFFF if x >> 4 else 0xFFFF0000)  # the other player's cards
            for y in kept:
                if (
                    single >> y & 1
                    and lanes[x] == lanes[y]
                    and points[x] == points[y]
                    and not other & between[32 * x + y]
                ):
                    break
            else:
                kept.append(x)
        else:
            kept.append(x)
    return kept


class Search:
    """The alpha-beta search of one board, with its transposition table (kept between calls,
    so that a second search of the same board starts warm) and a node count.

    ``time_limit`` (seconds, or ``None``) bounds every search made through it: past it a
    search raises :class:`~officers.SolverTimeoutError`.
    """

    def __init__(
        self, board: Board, time_limit: float | None = None, *, compiled: bool | None = None
    ) -> None:
        self.board = board
        self.table: dict[int, int] = {}
        """Bounds of the leader's value by ``mask | leader << 32``, packed in one int:
        ``low | high << 8 | best lead << 16`` (a table of ints takes half the memory of one of
        tuples). Emptied when it reaches :data:`TABLE_LIMIT` entries."""
        self.nodes = 0
        self.deadline: float | None = None
        self.trick: Trick
        self.reply: Reply
        self.native = _native(board, compiled)
        """The compiled search of this board (:mod:`officers.skat.accel`), or ``None``: the
        search in Python. ``compiled``: ``None`` takes it where it is installed, ``False``
        never, ``True`` always (raises when it is not installed)."""
        self.set_deadline(time_limit)

    def value(
        self, alpha: int = -1, beta: int = 121, at: tuple[int, int, int] | None = None
    ) -> int:
        """The value for the player to lead (or who led the card on the table): exact when
        strictly inside ``alpha, beta``, else a bound on that side. ``at`` is another position
        of the same game (:meth:`Board.locate`); the board's own by default."""
        board = self.board
        mask, leader, trick = (board.mask, board.leader, board.trick) if at is None else at
        if self.native is not None:
            found = self.native.value(mask, leader, trick, alpha, beta, self.deadline)
            self.nodes = self.native.stats()[0]
            if found is None:
                raise SolverTimeoutError("the double-dummy search ran out of time")
            return found
        rest = board.rest(mask, trick)
        if trick >= 0:
            return self.reply(mask, leader, trick, rest, alpha, beta)
        if not mask:
            return 0
        return self.trick(mask, leader, rest, alpha, beta)

    def exact(self, at: tuple[int, int, int] | None = None, threads: int = 1) -> int:
        """The exact value for the player to lead (or who led the card on the table), by
        zero-window tests each narrowing the interval that holds it to the bound it proved
        (fail-soft), the middle of the interval tested first. ``threads`` (1 .. 8): the
        compiled search runs that many tests at once, each in a thread of its own, on the one
        table (a free thread tests the middle of the largest part the running tests leave
        open; a test whose target falls out of the interval is given up); the Python search
        runs one. ``at`` as for :meth:`value`."""
        threads = check_threads(threads)
        board = self.board
        mask, leader, trick = (board.mask, board.leader, board.trick) if at is None else at
        if self.native is not None:
            found = self.native.exact(mask, leader, trick, self.deadline, threads)
            self.nodes = self.native.stats()[0]
            if found is None:
                raise SolverTimeoutError("the double-dummy search ran out of time")
            return found
        low, high = 0, board.rest(mask, trick)
        while low < high:
            target = (low + high + 1) // 2
            found = self.value(target - 1, target, (mask, leader, trick))
            if found >= target:
                low = max(low, found)
            else:
                high = min(high, found)
        return low

    def best_lead(self, at: tuple[int, int, int]) -> int | None:
        """The card of the best lead the table holds for a position at the start of a trick
        (``at`` as for :meth:`value`), or ``None``: a hint for rebuilding a line of play."""
        mask, leader, trick = at
        if trick >= 0 or not mask:
            return None
        if self.native is not None:
            slot = self.native.best(mask, leader)
        else:
            entry = self.table.get(mask | leader << 32)
            slot = -1 if entry is None else entry >> 16
        return self.board.card[slot] if 0 <= slot < 32 and mask >> slot & 1 else None

    def set_deadline(self, time_limit: float | None) -> None:
        """Bound the searches from now on by ``time_limit`` seconds (or none)."""
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        if self.native is None:  # the search in Python (the compiled one reads the deadline)
            self.trick = _trick_search(self)
            self.reply = _reply_search(self.board, self.trick)


def _native(board: Board, compiled: bool | None) -> CompiledSearch | None:
    """The compiled search of ``board`` (``compiled``: see :class:`Search`), or ``None``."""
    module = None if compiled is False else accel.module()
    if module is None:
        if compiled:
            raise InvalidArgumentError(f"no compiled search: {accel.status()}")
        return None
    present = board.mask | (1 << board.trick if board.trick >= 0 else 0)
    slots = (board.lane, board.power, board.points)
    return CompiledSearch(module, slots, present, table_bits(len(slots_of(present))))


Trick = Callable[[int, int, int, int, int], int]
"""``trick(mask, leader, rest, alpha, beta)``: the leader's value at the start of a trick."""

Reply = Callable[[int, int, int, int, int, int], int]
"""``reply(mask, leader, led, rest, alpha, beta)``: the leader's value with ``led`` on the
table (``mask`` without it), the other player to answer."""


def _orderers(
    board: Board,
) -> tuple[Callable[[int, int], list[int]], Callable[[int, int], tuple[int, int]]]:
    """``leads(mask, player)``: the player's leads, less equivalent ones, best first;
    ``sure(mask, player)``: the points of the player's master trumps, and of the other's."""
    lanes, points, above, single = board.lane, board.points, board.above, board.single
    lane_masks, gains, replies = board.lanes, board.gains, board.replies
    halves = (0xFFFF, 0xFFFF << 16)
    all_trumps = lane_masks[0][TRUMP] | lane_masks[1][TRUMP]

    def leads(mask: int, player: int) -> list[int]:
        face = _face_up(mask, player)
        up: Sequence[int] = slots_of(face)
        twins = face & single
        if twins & (twins - 1):
            up = _distinct(board, up, mask)
        follower = 1 - player
        other = _face_up(mask, follower)
        follow_masks = lane_masks[follower]
        scored = []
        for a in up:
            options = other & follow_masks[lanes[a]] or other
            row = 32 * a
            for b in replies[a]:  # the first allowed answer is the best for the follower
                if options >> b & 1:
                    scored.append((-gains[row + b], a))
                    break
        scored.sort()  # the best score first; of equal ones the lower slot (a top first)
        return [a for _, a in scored]

    def sure(mask: int, player: int) -> tuple[int, int]:
        totals = [0, 0]
        for s in slots_of(mask & all_trumps):
            owner = s >> 4
            if not mask & above[s] & halves[1 - owner]:
                totals[owner] += points[s]
        return (totals[0], totals[1]) if player == 0 else (totals[1], totals[0])

    return leads, sure


def _trick_search(search: Search) -> Trick:
    """The search at the start of a trick: the leads, each with its answers inline."""
    board, table, deadline, clock = search.board, search.table, search.deadline, time.perf_counter
    lanes, points, beats, replies = board.lane, board.points, board.beats, board.replies
    lane_masks, single = board.lanes, board.single
    leads, sure = _orderers(board)

    def trick(mask: int, leader: int, rest: int, alpha: int, beta: int) -> int:
        search.nodes += 1
        if deadline is not None and not search.nodes & 1023 and clock() > deadline:
            raise SolverTimeoutError("the double-dummy search ran out of time")
        pair = mask & (mask - 1)
        if not pair & (pair - 1):  # the last trick: one card each
            a, b = slots_of(mask)
            if a // 16 != leader:
                a, b = b, a
            return 0 if beats[32 * a + b] else rest
        key = mask | leader << 32
        entry = table.get(key)
        hint = -1
        if entry is not None:
            low, high, hint = entry & 0xFF, entry >> 8 & 0xFF, entry >> 16
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        else:
            low, high = sure(mask, leader)
            high = rest - high
            if high <= alpha:
                return high
            if low >= beta:
                return low
        order = leads(mask, leader)
        if hint in order:
            order.remove(hint)
            order.insert(0, hint)
        follower = 1 - leader
        up = _face_up(mask, follower)
        follow_masks = lane_masks[follower]
        best, best_slot = -1, -1
        for a in order:  # the leader's choice: the highest value
            floor = alpha if alpha > best else best
            allowed = up & follow_masks[lanes[a]] or up
            options: Sequence[int] = replies[a]
            twins = allowed & single
            if twins & (twins - 1):
                options = _distinct(board, [b for b in options if allowed >> b & 1], mask)
            before, row, worst = mask ^ 1 << a, 32 * a, 999
            for b in options:  # the follower's choice: the lowest value
                if not allowed >> b & 1:
                    continue
                after, gain = before ^ 1 << b, points[a] + points[b]
                top = beta if beta < worst else worst
                if beats[row + b]:
                    left = rest - gain
                    value = left - trick(after, follower, left, left - top, left - floor)
                else:
                    value = gain + trick(after, leader, rest - gain, floor - gain, top - gain)
                if value < worst:
                    worst = value
                    if worst <= floor:
                        break
            if worst > best:
                best, best_slot = worst, a
                if best >= beta:
                    break
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        if len(table) >= TABLE_LIMIT:
            table.clear()
        table[key] = low | high << 8 | best_slot << 16
        return best

    return trick


def _reply_search(board: Board, trick: Trick) -> Reply:
    """The search of the answer to a card on the table (the trick search's leads answer
    inline; this one answers the card a position starts with)."""
    lanes, points, beats = board.lane, board.points, board.beats
    lane_masks, single, replies = board.lanes, board.single, board.replies

    def reply(mask: int, leader: int, a: int, rest: int, alpha: int, beta: int) -> int:
        follower = 1 - leader
        up = _face_up(mask, follower)
        allowed = up & lane_masks[follower][lanes[a]] or up
        options = [b for b in replies[a] if allowed >> b & 1]
        twins = allowed & single
        if twins & (twins - 1):
            options = _distinct(board, options, mask | 1 << a)
        worst = 999
        base = points[a]
        for b in options:
            after = mask ^ 1 << b
            gain = base + points[b]
            top = beta if beta < worst else worst
            if beats[32 * a + b]:
                left = rest - gain
                value = (
                    left - trick(after, follower, left, left - top, left - alpha) if after else 0
                )
            else:
                value = gain + (
                    trick(after, leader, rest - gain, alpha - gain, top - gain) if after else 0
                )
            if value < worst:
                worst = value
                if worst <= alpha:
                    break
        return worst

    return reply


def plain_value(board: Board, time_limit: float | None = None) -> int:
    """The same value by plain alpha-beta over whole tricks: no table, no bounds, no ordering,
    no equivalent cards (the benchmark's peer). Raises :class:`~officers.SolverTimeoutError` past
    ``time_limit`` seconds."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    lanes, points, beats, lane_masks = board.lane, board.points, board.beats, board.lanes
    count = [0]

    def trick(mask: int, leader: int, rest: int, alpha: int, beta: int) -> int:
        count[0] += 1
        if deadline is not None and not count[0] & 1023 and time.perf_counter() > deadline:
            raise SolverTimeoutError("the plain alpha-beta search ran out of time")
        best = -1
        for a in slots_of(_face_up(mask, leader)):
            value = reply(mask ^ 1 << a, leader, a, rest, max(alpha, best), beta)
            if value > best:
                best = value
                if best >= beta:
                    break
        return best

    def reply(mask: int, leader: int, a: int, rest: int, alpha: int, beta: int) -> int:
        follower = 1 - leader
        up = _face_up(mask, follower)
        follow = up & lane_masks[follower][lanes[a]]
        worst = 999
        for b in slots_of(follow or up):
            after = mask ^ 1 << b
            gain = points[a] + points[b]
            top = min(beta, worst)
            left = rest - gain
            if not after:
                value = 0 if beats[32 * a + b] else gain
            elif beats[32 * a + b]:
                value = left - trick(after, follower, left, left - top, left - alpha)
            else:
                value = gain + trick(after, leader, left, alpha - gain, top - gain)
            if value < worst:
                worst = value
                if worst <= alpha:
                    break
        return worst

    rest = board.rest()
    if board.trick >= 0:
        return reply(board.mask, board.leader, board.trick, rest, -1, 121)
    return trick(board.mask, board.leader, rest, -1, 121) if board.mask else 0
