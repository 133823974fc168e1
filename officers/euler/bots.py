"""Players that are programs: a small bot interface and the bots of the rules and the simulation.

A bot is given what one player may know (a :class:`~officers.euler.hints.PlayerView`) and a random
generator, and chooses a :class:`~officers.euler.game.Move`. It never sees the other hands.

Glossary
--------
the checks
    The designers' bot's own four quick checks of a square (:func:`designers_checks`): the
    rules' three checks, then the fourth check (Euler's trap, as the designers' bot runs it).
passing pair
    A (card in hand, empty cell) pair that the rules allow and after which the checks pass.
removable card
    A placed card that is not a locked start card: it may be taken back.

The bots
--------
``designers``
    The designers' bot (:class:`DesignersBot`): a random passing pair; whenever its checks fail
    at the start of its turn and a token is left, it takes back (a repair card, else a card whose
    removal passes the checks, else any removable card) and does not place.
``neighbour``
    :class:`NeighbourBot`: the same checks, but it prefers cells next to a placed card and never
    takes back unless it must.
``exact``
    :class:`ExactBot`: plays only safe placements (the exact index); repairs what it inherits.
``hinted``
    :class:`HintedBot`: a human who always follows the recommended move of :mod:`officers.euler.hints`.
``random``
    :class:`RandomBot`: a random legal placement; takes back only when it must.

The levels a player may choose for a computer partner (:data:`LEVELS`), weakest first, are
``beginner`` (``designers``), ``club`` (:class:`CarefulBot`: ``neighbour`` that takes back as
``designers`` does), ``strong`` (``exact``) and ``strongest`` (``hinted``).

>>> import random
>>> from officers.euler.game import new_game
>>> game = new_game("normal", players=2, seed=1)
>>> bot = get_bot("designers")
>>> while game.outcome() is None:
...     _ = game.push(bot.choose(game.view(), random.Random(game.number)))
>>> print(game.outcome())
won: all 16 cards are in the square
>>> designers_checks(game.square, game.rules)
0
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from officers.core.draw import below, pick, shuffle
from officers.core.errors import NotationError, excerpt
from officers.core.simulation import BotTable
from officers.euler.bitboard import (
    CELLS,
    PEERS,
    RANKS_CARDS,
    SUITS_CARDS,
    card_set,
    key,
    legal_pairs,
)
from officers.euler.game import Move
from officers.euler.rules import Rules
from officers.euler.square import EMPTY, Square

if TYPE_CHECKING:
    from officers.euler.hints import PlayerView

__all__ = [
    "BOTS",
    "Bot",
    "CarefulBot",
    "DesignersBot",
    "ExactBot",
    "HintedBot",
    "LEVELS",
    "NeighbourBot",
    "TABLE",
    "RandomBot",
    "designers_checks",
    "get_bot",
    "passes_checks",
]

# --- the designers' checks -----------------------------------------------------------------------


class _Tables:
    """Precomputed tables of one rule set, for the checks.

    The checks work on a *board*: every cell is a 16-bit slot of one 256-bit int (cell ``c`` at
    bits ``16c .. 16c+15``, card ``v`` at bit ``v`` of a slot). A filled cell's slot holds its
    card; an empty cell's slot holds the cards that may still go there (not placed yet, and no
    line through the cell holds their rank or suit). Placing card ``v`` on cell ``c`` clears
    ``kill[c][v]`` (slot ``c``, card ``v`` everywhere, and the cards sharing a rank or a suit
    with ``v`` on the cells that share a line with ``c``) and sets ``bit[c][v]``.

    Beside the board, Euler's trap reads the *lines*: a list of one small int for each row and
    column (lines 0-3 are the rows, 4-7 the columns), holding the line's filled positions
    (bits 0-3; position ``i`` of a row is its column ``i``, of a column its row ``i``), its ranks
    (from bit :data:`_RANK_BITS`) and its suits (from bit :data:`_SUIT_BITS`). Placing card
    ``v`` on cell ``c`` sets the bits ``mark[c][v] = (in_row, in_column)`` in the cell's row and
    in its column.
    """

    def __init__(self, diagonals: bool) -> None:
        rules = Rules(diagonals=diagonals)
        peers = PEERS[diagonals]
        everywhere = [sum(1 << key(slot, card) for slot in range(CELLS)) for card in range(CELLS)]
        kill = []
        bit = []
        mark = []
        for cell in range(CELLS):
            kill_row = []
            for card in range(CELLS):
                blocked = RANKS_CARDS[1 << (card >> 2)] | SUITS_CARDS[1 << (card & 3)]
                mask = (0xFFFF << (16 * cell)) | everywhere[card]
                for peer in peers[cell]:
                    mask |= blocked << (16 * peer)
                kill_row.append(mask)
            kill.append(tuple(kill_row))
            bit.append(tuple(1 << key(cell, card) for card in range(CELLS)))
            mark.append(tuple(_line_marks(cell, card) for card in range(CELLS)))
        self.kill: tuple[tuple[int, ...], ...] = tuple(kill)
        self.bit: tuple[tuple[int, ...], ...] = tuple(bit)
        self.mark: tuple[tuple[tuple[int, int], ...], ...] = tuple(mark)
        self.diagonal_slots: tuple[int, ...] = tuple(
            sum(0xFFFF << (16 * cell) for cell in line.cells)
            for line in rules.lines
            if line.kind in ("diagonal", "anti-diagonal")
        )
        # Pairs of parallel lines (rows 0-3 are lines 0-3, columns are lines 4-7): the cells of
        # both in step, the two lines, and for each step the crossing line (the cell's column
        # for a pair of rows, its row for a pair of columns).
        pairs = []
        for first, second in ((a, b) for a in range(4) for b in range(a + 1, 4)):
            rows = (
                tuple(range(4 * first, 4 * first + 4)),
                tuple(range(4 * second, 4 * second + 4)),
            )
            pairs.append((rows[0], rows[1], first, second, (4, 5, 6, 7)))
            columns = (tuple(range(first, 16, 4)), tuple(range(second, 16, 4)))
            pairs.append((columns[0], columns[1], 4 + first, 4 + second, (0, 1, 2, 3)))
        self.pairs: tuple[
            tuple[tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]], ...
        ] = tuple(pairs)


def _line_marks(cell: int, card: int) -> tuple[int, int]:
    """The bits that the card on the cell sets in its row's and its column's line (see
    :class:`_Tables`): its rank, its suit and its position."""
    row, column = cell >> 2, cell & 3
    seen = 1 << (card >> 2) << _RANK_BITS | 1 << (card & 3) << _SUIT_BITS
    return seen | 1 << column, seen | 1 << row


def _every_slot(pattern: int, slots: Iterable[int] = range(CELLS)) -> int:
    return sum(pattern << (16 * slot) for slot in slots)


_RANK_BITS: Final = 4
"""Where a line's ranks start in its int (see :class:`_Tables`); its filled positions are
bits 0-3."""
_SUIT_BITS: Final = 8
"""Where a line's suits start in its int."""
_ALL: Final = (1 << (16 * CELLS)) - 1
_LOW15: Final = _every_slot(0x7FFF)
_HIGH: Final = _every_slot(0x8000)
_LOW3: Final = _every_slot(0x7777)
_HIGH4: Final = _every_slot(0x8888)
_ROW_RANKS: Final = _every_slot(0x8888, (0, 4, 8, 12))
_COLUMN_RANKS: Final = _every_slot(0x8888, (0, 1, 2, 3))
_ROW_SUITS: Final = _every_slot(0x000F, (0, 4, 8, 12))
_COLUMN_SUITS: Final = _every_slot(0x000F, (0, 1, 2, 3))
_TABLES: Final = {False: _Tables(False), True: _Tables(True)}


class _Board:
    """A square as the checks see it (see :class:`_Tables`): the board, and the lines of its
    rows and columns."""

    __slots__ = ("bits", "kill", "lines", "tables", "values")

    def __init__(self, values: Sequence[int], diagonals: bool) -> None:
        tables = self.tables = _TABLES[diagonals]
        self.values = list(values)
        kill = bits = 0
        lines = [0] * 8
        for cell, value in enumerate(values):
            if value >= 0:
                kill |= tables.kill[cell][value]
                bits |= tables.bit[cell][value]
                in_row, in_column = tables.mark[cell][value]
                lines[cell >> 2] |= in_row
                lines[4 + (cell & 3)] |= in_column
        self.kill = kill
        self.bits = bits
        self.lines = lines

    def legal(self, hand: Iterable[int]) -> list[tuple[int, int]]:
        """Every (cell, card) with the card in the hand that the rules allow, cell order."""
        mask = card_set(hand)
        free = (_ALL ^ self.kill) & ~self.bits
        result = []
        for cell in range(CELLS):
            cards = free >> (16 * cell) & mask
            while cards:
                low = cards & -cards
                result.append((cell, low.bit_length() - 1))
                cards ^= low
        return result

    def fails(self) -> int:
        """0 when the four checks pass, else the number (1-4) of the first that fails."""
        return _fails(self.values, self.kill, self.bits, self.lines, self.tables)

    def fails_after(self, cell: int, card: int) -> int:
        """:meth:`fails` for the square with the card placed on the (empty) cell."""
        values = self.values.copy()
        values[cell] = card
        tables = self.tables
        lines = self.lines.copy()
        in_row, in_column = tables.mark[cell][card]
        lines[cell >> 2] |= in_row
        lines[4 + (cell & 3)] |= in_column
        return _fails(
            values,
            self.kill | tables.kill[cell][card],
            self.bits | tables.bit[cell][card],
            lines,
            tables,
        )


def _fails(values: list[int], kill: int, bits: int, lines: list[int], tables: _Tables) -> int:
    board = (_ALL ^ kill) | bits
    # 1. every empty cell can still take some card not yet placed (every slot is not zero)
    if (((board & _LOW15) + _LOW15) | board) & _HIGH != _HIGH:
        return 1
    # 2. every card not yet placed still has some empty cell (the slots together hold all 16)
    union = board | board >> 128
    union |= union >> 64
    union |= union >> 32
    union |= union >> 16
    if union & 0xFFFF != 0xFFFF:
        return 2
    # 3. every line can still get each rank and each suit it misses (its slots together hold
    # every rank and every suit): bit 4r+3 of a slot says it holds rank r, bit s suit s.
    has_rank = (((board & _LOW3) + _LOW3) | board) & _HIGH4
    has_suit = board | board >> 8
    has_suit |= has_suit >> 4
    folded = has_rank | has_rank >> 32
    folded |= folded >> 16
    if folded & _ROW_RANKS != _ROW_RANKS:
        return 3
    folded = has_rank | has_rank >> 128
    folded |= folded >> 64
    if folded & _COLUMN_RANKS != _COLUMN_RANKS:
        return 3
    folded = has_suit | has_suit >> 32
    folded |= folded >> 16
    if folded & _ROW_SUITS != _ROW_SUITS:
        return 3
    folded = has_suit | has_suit >> 128
    folded |= folded >> 64
    if folded & _COLUMN_SUITS != _COLUMN_SUITS:
        return 3
    for slots in tables.diagonal_slots:
        for present, need in ((has_rank, 0x8888), (has_suit, 0x000F)):
            folded = present & slots
            folded |= folded >> 128
            folded |= folded >> 64
            folded |= folded >> 32
            folded |= folded >> 16
            if folded & need != need:
                return 3
    return _trap_fails(values, lines, tables)


def _trap_fails(values: list[int], lines: list[int], tables: _Tables) -> int:
    """Check 4 of :func:`_fails`: 4 when it fails, else 0 (``lines``: see :class:`_Tables`)."""
    # 4. Euler's trap: two parallel lines pair their ranks (suits) by one pairing into two
    # swaps, x <-> x ^ d; the pairing is fixed by one known pair, so an empty cell opposite a
    # filled one has a forced rank (suit), which must not stand in its row or column yet.
    for first, second, first_line, second_line, crossing in tables.pairs:
        first_bits = lines[first_line]
        second_bits = lines[second_line]
        both = first_bits & second_bits & 0xF  # the positions filled in both lines
        if not both:
            continue  # no pair known: nothing fixed, nothing forced
        rank_d = suit_d = 0
        for i in range(4):
            if both >> i & 1:
                x = values[first[i]]
                y = values[second[i]]
                d = (x >> 2) ^ (y >> 2)
                if not d or (rank_d and d != rank_d):
                    return 4
                rank_d = d
                d = (x & 3) ^ (y & 3)
                if not d or (suit_d and d != suit_d):
                    return 4
                suit_d = d
        one = (first_bits ^ second_bits) & 0xF  # the positions filled in one of them
        if not one:
            continue
        for i in range(4):
            if one >> i & 1:
                x = values[first[i]]
                if x >= 0:
                    line = second_line
                else:
                    x = values[second[i]]
                    line = first_line
                seen = lines[line] | lines[crossing[i]]  # their ranks and suits
                if seen >> (_RANK_BITS + ((x >> 2) ^ rank_d)) & 1:
                    return 4
                if seen >> (_SUIT_BITS + ((x & 3) ^ suit_d)) & 1:
                    return 4
    return 0


def _first_failing(values: Sequence[int], diagonals: bool) -> int:
    """0 when the four checks pass, else the number (1-4) of the first that fails."""
    return _Board(values, diagonals).fails()


def designers_checks(square: Square, rules: Rules | None = None) -> int:
    """Run the designers' bot's four checks on a square; 0 when all pass, else the number of
    the first check that fails.

    1. Every empty cell can still take at least one of the cards not yet in the square.
    2. Every card not yet in the square still has at least one empty cell where it may go.
    3. Every line can still get each rank and each suit it is missing.
    4. For any two rows (and any two columns), the rank pairs seen in the columns (rows) where
       both cells are filled all belong to one pairing of the four ranks into two swaps, and the
       same for suits; once a pair is known the pairing is fixed, so an empty cell opposite a
       filled one has a forced rank (suit), which must not already stand in that empty cell's
       row or column.

    The square must keep the rule of the square. The checks never fail on a square that can be
    finished, and once one fails it fails after any further placement.

    >>> from officers import Square, Rules
    >>> designers_checks(Square("AC3/1JS2/1AH1QD/4"))
    0
    >>> designers_checks(Square("4/ AS JD 2/ 4/ KH QS 2"))  # Euler's trap
    4
    """
    rules = Rules() if rules is None else rules
    if square.order != 4 or rules.order != 4:
        raise NotationError(f"the designers' checks are for order 4, got {square!r} and {rules!r}")
    return _first_failing(square.values, rules.diagonals)


def passes_checks(square: Square, rules: Rules | None = None) -> bool:
    """Whether the square passes the designers' four checks (see :func:`designers_checks`).

    >>> from officers import Square
    >>> passes_checks(Square("AS3/1KH2/4/4")), passes_checks(Square("AS3/1AH2/4/KD3"))
    (True, True)
    """
    return designers_checks(square, rules) == 0


# --- the bot interface ---------------------------------------------------------------------------


class Bot(ABC):
    """A player that is a program (an :class:`officers.core.simulation.Bot`, as every game's
    bots are): given a player's view, it chooses a move.

    Subclasses set :attr:`name` and implement :meth:`choose`. A bot must return a move that
    :meth:`officers.euler.game.GameState.push` accepts for the player whose view it was given, and
    draw every random choice from ``rng``, so that a seed reproduces its games.
    """

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The move of the player whose view this is (the player to move)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _legal(values: Sequence[int], hand: Sequence[int], diagonals: bool) -> list[tuple[int, int]]:
    return legal_pairs(values, card_set(hand), diagonals)


def _removable(view: PlayerView) -> list[int]:
    return [
        cell
        for cell, value in enumerate(view.square.values)
        if value != EMPTY and cell not in view.locked
    ]


def _adjacent_to_placed(values: Sequence[int], cell: int) -> bool:
    row, column = divmod(cell, 4)
    return (
        (row > 0 and values[cell - 4] >= 0)
        or (row < 3 and values[cell + 4] >= 0)
        or (column > 0 and values[cell - 1] >= 0)
        or (column < 3 and values[cell + 1] >= 0)
    )


class DesignersBot(Bot):
    """The designers' bot of the rules' simulation.

    The rules: "before every card it runs the four checks above, then places a random card on a
    random place that passes them, and when its checks show a dead end, it takes back."

    In ours: at the start of its turn it runs its four checks (:func:`designers_checks`) on the
    square.

    - When they pass, it places a card of its hand on an empty cell chosen uniformly at random
      among the legal pairs after which the checks still pass (a random legal pair if none does).
    - When they fail and a token is left, it takes back and does not place. It takes back a
      *repair card* if there is one: a removable card whose removal leaves a square that passes
      the checks and offers a passing placement other than putting that card back. Otherwise a
      removable card whose removal leaves a square that passes the checks, if any. Otherwise any
      removable card. (With a single token only a repair card can help; so on Normal the bot
      plays as it would if it took back only to repair.)
    - When they fail and no token is left, it places a random legal pair (the square is lost
      anyway; it plays on until someone is stuck).
    - When it cannot place at all, it must take back, chosen the same way (its checks fail then:
      a card in its hand has no cell left).

    Every choice is drawn from ``rng`` through :mod:`officers.core.draw`. The uniform choice among
    passing pairs is made by trying the legal pairs in a random order and taking the first that
    passes, which picks each passing pair with the same chance while running the checks as few
    times as possible.
    """

    name: ClassVar[str] = "designers"
    takes_back: ClassVar[bool] = True

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        values = view.square.values
        diagonals = view.rules.diagonals
        board = _Board(values, diagonals)
        alive = board.fails() == 0
        if not alive and view.tokens > 0 and self.takes_back and _removable(view):
            return Move.take_back(self._take_back_cell(view, rng))
        legal = board.legal(view.hand)
        if legal:
            # The checks are monotone: once they fail, they fail after any placement.
            if alive:
                found = self._passing(board, legal, rng)
                if found is not None:
                    return Move.place(*found)
            return Move.place(*legal[below(rng, len(legal))])
        return Move.take_back(self._take_back_cell(view, rng))

    def _take_back_cell(self, view: PlayerView, rng: random.Random) -> int:
        """The card to take back: a repair card, else a card whose removal leaves a square that
        passes the checks, else any removable card (at random within each). The neighbour bot,
        which takes back only when stuck, skips the middle choice."""
        cell = self._repair(view, rng)
        if cell is None and self.takes_back:
            cell = self._passing_removal(view, rng)
        if cell is None:
            cell = pick(rng, _removable(view))
        return cell

    def _groups(
        self, values: Sequence[int], legal: list[tuple[int, int]]
    ) -> list[list[tuple[int, int]]]:
        """The legal pairs in groups, most preferred first; the bot takes a random passing pair
        of the first group that has one."""
        return [legal]

    def _passing(
        self, board: _Board, legal: list[tuple[int, int]], rng: random.Random
    ) -> tuple[int, int] | None:
        for group in self._groups(board.values, legal):
            # Draw without replacement until a pair passes: the first passing pair of a random
            # order is uniform among the passing pairs.
            left = list(group)
            n = len(left)
            while n:
                j = below(rng, n)
                cell, card = left[j]
                n -= 1
                left[j] = left[n]
                if not board.fails_after(cell, card):
                    return cell, card
        return None

    def _repair(self, view: PlayerView, rng: random.Random) -> int | None:
        """A random removable card whose take-back leaves a square that passes the checks and
        gives a passing placement other than putting it back; ``None`` if there is none."""
        values = view.square.values
        diagonals = view.rules.diagonals
        cells = _removable(view)
        shuffle(rng, cells)
        for cell in cells:
            after = list(values)
            card = after[cell]
            after[cell] = EMPTY
            board = _Board(after, diagonals)
            if board.fails():
                continue
            for place, placed in board.legal([*view.hand, card]):
                if (place != cell or placed != card) and not board.fails_after(place, placed):
                    return cell
        return None

    def _passing_removal(self, view: PlayerView, rng: random.Random) -> int | None:
        """A random removable card whose take-back leaves a square that passes the checks;
        ``None`` if there is none."""
        values = view.square.values
        cells = _removable(view)
        shuffle(rng, cells)
        for cell in cells:
            after = list(values)
            after[cell] = EMPTY
            if not _Board(after, view.rules.diagonals).fails():
                return cell
        return None


class NeighbourBot(DesignersBot):
    """The designers' bot that plans a little: among the passing pairs it prefers cells
    orthogonally next to a placed card (any passing pair if no such pair passes), and it never
    takes back unless it cannot place at all."""

    name: ClassVar[str] = "neighbour"
    takes_back: ClassVar[bool] = False

    def _groups(
        self, values: Sequence[int], legal: list[tuple[int, int]]
    ) -> list[list[tuple[int, int]]]:
        near = [pair for pair in legal if _adjacent_to_placed(values, pair[0])]
        far = [pair for pair in legal if not _adjacent_to_placed(values, pair[0])]
        return [near, far]


class CarefulBot(NeighbourBot):
    """The neighbour bot that takes back as the designers' bot does: it prefers cells next to
    a placed card (:class:`NeighbourBot`), and whenever its checks fail at the start of its
    turn and a token is left, it takes back (:class:`DesignersBot`'s choice of the card). The
    ``club`` level (:data:`LEVELS`): with a partner who errs and tokens to spend, it repairs
    what its checks see, which the neighbour bot leaves (on Easy with the designers' bot as the
    partner the neighbour bot's team wins less than a team of two designers' bots; this one's
    wins more)."""

    name: ClassVar[str] = "careful"
    takes_back: ClassVar[bool] = True


class ExactBot(Bot):
    """A perfect player: it places only cards that keep the square completable (the exact
    index, :func:`officers.safe_placements`), uniformly at random among them. When it inherits a
    dead square with a token left it takes back a card of a smallest repair
    (:func:`officers.euler.analysis.repairs`); with no token left it places any legal card."""

    name: ClassVar[str] = "exact"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        from officers.euler.solve import safe_placements

        square = view.square
        hand = {int(card) for card in view.hand}
        safe = [pair for pair in safe_placements(square, view.rules) if pair[1] in hand]
        if safe:
            return Move.place(*safe[below(rng, len(safe))])
        removable = _removable(view)
        if view.tokens > 0 and removable:
            from officers.euler.analysis import repairs

            found = repairs(square, view.rules, locked=view.locked)
            cells = sorted({cell for repair in found for cell in repair.cells})
            return Move.take_back(pick(rng, cells or removable))
        legal = _legal(square.values, view.hand, view.rules.diagonals)
        if legal:
            return Move.place(*legal[below(rng, len(legal))])
        return Move.take_back(pick(rng, removable))


class RandomBot(Bot):
    """A random legal placement; when it cannot place it takes back a random removable card."""

    name: ClassVar[str] = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        legal = _legal(view.square.values, view.hand, view.rules.diagonals)
        if legal:
            return Move.place(*legal[below(rng, len(legal))])
        return Move.take_back(pick(rng, _removable(view)))


class HintedBot(Bot):
    """A human who always plays the recommended move of :mod:`officers.euler.hints`
    (:func:`officers.euler.hints.recommend`): a safe placement that leaves the most completions (a
    forced one first), a take-back of a smallest repair, or ``concede`` when the square is dead
    and the tokens cannot save it."""

    name: ClassVar[str] = "hinted"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        from officers.euler.hints import recommend

        recommendation = recommend(view)
        cell, card = recommendation.cell, recommendation.card
        if recommendation.action == "place" and cell is not None and card is not None:
            return Move.place(cell, card)
        if recommendation.action == "take-back" and cell is not None:
            return Move.take_back(cell)
        if recommendation.action == "concede":
            return Move.concede()
        return RandomBot().choose(view, rng)


BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "designers": DesignersBot,
    "neighbour": NeighbourBot,
    "exact": ExactBot,
    "hinted": HintedBot,
    "random": RandomBot,
}
"""The bots by name."""

LEVELS: Final[dict[str, Callable[[], Bot]]] = {
    "beginner": DesignersBot,
    "club": CarefulBot,
    "strong": ExactBot,
    "strongest": HintedBot,
}
"""The levels of a computer partner a player may choose, weakest first, each a bot:
``beginner`` plays as the rules' simple bot (:class:`DesignersBot`: the checks, then a random
card on a random place that passes them), ``club`` builds next to the cards already placed
and takes back when its checks fail (:class:`CarefulBot`, a level only: no bot of
:data:`BOTS`), ``strong`` never kills the square itself (:class:`ExactBot`), and
``strongest`` never kills it either and leaves the others the most room (:class:`HintedBot`: a
forced card first, else the safe move that leaves the most completions). The rules' levels
(easy, normal, hard, expert) set how hard the square is for the whole team; these set how well
the computer in the team plays. The team's wins at each level, alone and with a partner, and
the paired margins between them are in docs/simulation.md (measured by
:mod:`officers.euler.ladder`); :func:`get_bot` takes a level's name as a bot's."""

_BY_OWN_NAME: Final[dict[str, Callable[[], Bot]]] = {
    make().name: make for make in LEVELS.values() if make().name not in BOTS
}
"""The bots of a level only, by their own names (``careful``), as a simulation's results name
them."""

TABLE: Final = BotTable(BOTS)
"""The bots as the registry names them (:attr:`officers.games.Registered.bots`), each given
its player's view (:meth:`~officers.euler.game.GameState.view`)."""


def get_bot(name: str | Bot) -> Bot:
    """A bot by name (``designers``, ``neighbour``, ``exact``, ``hinted``, ``random``) or by
    level (:data:`LEVELS`: ``beginner``, ``club``, ``strong``, ``strongest``); a :class:`Bot`
    is returned as it is.

    >>> get_bot("neighbour")
    NeighbourBot()
    >>> get_bot("strongest")
    HintedBot()
    >>> get_bot("club"), get_bot("careful")
    (CarefulBot(), CarefulBot())
    """
    if isinstance(name, Bot):
        return name
    key = str(name).strip().lower()
    make = BOTS.get(key) or LEVELS.get(key) or _BY_OWN_NAME.get(key)
    if make is None:
        raise NotationError(
            f"unknown bot {excerpt(name)}: expected one of {', '.join([*BOTS, *LEVELS])}"
        )
    return make()
