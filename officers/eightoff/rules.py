"""The rules of Eight Off and its family: which moves are legal, why one is not, and what it does.

The rules, as the variant's parameters say (:mod:`officers.eightoff.variant`):

1. The available cards are the exposed (last) card of each column and the card of each cell.
2. A card goes to its foundation when it is the next rank of its suit (the Ace first).
3. A card goes into an empty cell (from a column or from another cell).
4. A card goes on the exposed card of a column when it is one rank lower and, as the variant
   builds, of the same suit (``suit``) or of the other colour (``alternate``).
5. An empty column takes a King only (``empty="kings"``: a King alone or heading its run) or
   any card (``empty="any"``).
6. A run (cards built on each other by rule 4) at the bottom of a column moves as one move
   onto a column as one card would, when it is no longer than the variant's capacity
   (:meth:`~officers.eightoff.variant.Variant.capacity`: ``1 + empty cells`` for Eight Off).
7. Cards on the foundations stay there. Nothing moves by itself: a move is what the player
   makes (no automatic moves to the foundations).

>>> from officers.eightoff.position import Position
>>> start = Position.numbered(1)
>>> [move.notation() for move in legal_moves(start)][:6]
['1e', '1f', '1g', '1k', '2e', '2f']
>>> refusal(start, Move.parse("1a")).text()
'cannot play 1a: cell a already holds 3♥'
>>> play(start, Move.parse("1e")).cells
(28, 40, 34, 45, 21, None, None, None)
"""

from __future__ import annotations

from typing import Final

from officers.core.errors import IllegalMoveError, InvalidGameError, excerpt
from officers.eightoff.moves import FOUNDATION, Move, Place, Refusal, cell, column
from officers.eightoff.position import Position
from officers.eightoff.variant import Variant

__all__ = [
    "capacity",
    "is_legal",
    "legal_moves",
    "play",
    "refusal",
    "resolve",
    "run_length",
    "safe_moves",
]

_KING: Final = 12
"""``card % 13`` of a King."""


def run_length(cards: tuple[int, ...], variant: Variant) -> int:
    """How many cards at the bottom of a column form a run (each built on the one above it by
    the variant's building rule); 0 for an empty column.

    >>> from officers.eightoff.variant import EIGHT_OFF, FREECELL
    >>> run_length((51, 7, 6, 5), EIGHT_OFF), run_length((51, 7, 19, 5), FREECELL)
    (3, 3)
    """
    if not cards:
        return 0
    k = 1
    while k < len(cards) and variant.takes(cards[-k], cards[-k - 1]):
        k += 1
    return k


def capacity(position: Position, to_empty_column: bool = False) -> int:
    """The most cards one move carries from column to column now (``to_empty_column``: onto an
    empty column, which then does not count as free space)."""
    return position.variant.capacity(
        position.empty_cells(), position.empty_columns(), to_empty_column
    )


def _card_at(position: Position, place: Place, count: int) -> int | None:
    """The card heading what ``count`` cards from ``place`` would move (``None``: none)."""
    if place.kind == "cell":
        return position.cells[place.index]
    cards = position.columns[place.index]
    return cards[-count] if len(cards) >= count else None


def resolve(position: Position, move: Move) -> Move:
    """The move with its count found when it was left open (``38`` read without ``v``): the run
    that goes onto the target column's exposed card, one card onto an empty column or elsewhere.
    A move whose count is known comes back as it is.

    >>> from officers.eightoff.position import Position
    >>> resolve(Position.numbered(1), Move.parse("38")).count
    1
    """
    if move.count is not None:
        return move
    count = 1
    target, source = move.target, move.source
    if (
        target.kind == "column"
        and source.kind == "column"
        and source.index < len(position.columns)
        and target.index < len(position.columns)
        and position.columns[target.index]
    ):
        cards, exposed = position.columns[source.index], position.columns[target.index][-1]
        for k in range(1, run_length(cards, position.variant) + 1):
            if position.variant.takes(cards[-k], exposed):
                count = k
                break
    return Move(source, target, count)


def refusal(position: Position, move: Move) -> Refusal | None:
    """Why ``move`` may not be played in ``position`` (a :class:`Refusal`), or ``None`` when it
    may. A move whose count is open is resolved first (:func:`resolve`)."""
    if not isinstance(move, Move):
        raise TypeError(f"expected a Move, got {excerpt(move)} (read text with Move.parse)")
    move = resolve(position, move)
    found = _refuse_places(position, move)
    if found is None:
        found = _refuse_source(position, move)
    if found is None:
        found = _refuse_target(position, move)
    return found


def _refuse_places(position: Position, move: Move) -> Refusal | None:
    variant = position.variant
    for place in (move.source, move.target):
        if place.kind == "column" and place.index >= variant.columns:
            return Refusal(
                "no-such-column", move, place, limit=variant.columns, variant=variant.name
            )
        if place.kind == "cell" and place.index >= variant.cells:
            return Refusal("no-such-cell", move, place, limit=variant.cells, variant=variant.name)
    if move.source == move.target:
        return Refusal("same-place", move, move.source)
    return None


def _refuse_source(position: Position, move: Move) -> Refusal | None:
    source, count = move.source, move.count or 1
    if _card_at(position, source, 1) is None:
        return Refusal("empty-source", move, source)
    if count > 1 and (source.kind == "cell" or move.target.kind != "column"):
        place = source if source.kind == "cell" else move.target
        return Refusal("single-card", move, place, count=count)
    if count > 1:
        cards = position.columns[source.index]
        if len(cards) < count:
            return Refusal("too-few-cards", move, source, count=count, limit=len(cards))
        run = run_length(cards, position.variant)
        if run < count:
            return Refusal(
                "not-a-run", move, source, card=cards[-run], held=cards[-run - 1], count=count,
                building=position.variant.building,
            )  # fmt: skip
    return None


def _refuse_target(position: Position, move: Move) -> Refusal | None:
    target, count = move.target, move.count or 1
    head = _card_at(position, move.source, count)
    assert head is not None
    if target.kind == "foundation":
        played = position.foundations[head // 13]
        if head % 13 != played:
            return Refusal("not-next", move, target, card=head, limit=played)
        return None
    if target.kind == "cell":
        held = position.cells[target.index]
        if held is not None:
            return Refusal("cell-taken", move, target, held=held)
        return None
    cards = position.columns[target.index]
    variant = position.variant
    if cards and not variant.takes(head, cards[-1]):
        return Refusal("no-fit", move, target, card=head, held=cards[-1], building=variant.building)
    if not cards and variant.empty == "kings" and head % 13 != _KING:
        return Refusal("kings-only", move, target, card=head)
    limit = capacity(position, not cards)
    if count > limit:
        return Refusal("too-many", move, target, count=count, limit=limit)
    return None


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` may be played in ``position``."""
    return refusal(position, move) is None


def play(position: Position, move: Move) -> Position:
    """The position after ``move``; an illegal move raises :class:`~officers.IllegalMoveError`
    (its message the refusal's English sentence, its ``refusal`` the fact).

    >>> from officers.eightoff.position import Position
    >>> play(Position.numbered(1), Move.parse("1h"))
    Traceback (most recent call last):
      ...
    officers.IllegalMoveError: cannot play 1h: 9♦ is not next on its foundation, which holds 0 cards
    """
    move = resolve(position, move)
    found = refusal(position, move)
    if found is not None:
        raise IllegalMoveError(found.text("en"), refusal=found)
    return _after(position, move)


def _after(position: Position, move: Move) -> Position:
    """The position after a legal move with a known count."""
    count = move.count or 1
    columns = list(position.columns)
    cells = list(position.cells)
    foundations = list(position.foundations)
    source, target = move.source, move.target
    if source.kind == "cell":
        card = cells[source.index]
        if card is None:  # pragma: no cover - the move was checked
            raise InvalidGameError("no card in the source cell")
        moved: tuple[int, ...] = (card,)
        cells[source.index] = None
    else:
        moved = columns[source.index][-count:]
        columns[source.index] = columns[source.index][:-count]
    if target.kind == "foundation":
        foundations[moved[0] // 13] += 1
    elif target.kind == "cell":
        cells[target.index] = moved[0]
    else:
        columns[target.index] = columns[target.index] + moved
    return Position(
        tuple(columns),
        tuple(cells),
        (foundations[0], foundations[1], foundations[2], foundations[3]),
        position.variant,
    )


def legal_moves(position: Position) -> list[Move]:
    """Every legal move, in a fixed order: from each column (left to right), then each cell; to
    the foundation, then each column, then each cell; onto an empty column the shorter runs
    first.
    """
    moves: list[Move] = []
    empty_cells = [i for i, c in enumerate(position.cells) if c is None]
    limits = (capacity(position, False), capacity(position, True))
    for index, cards in enumerate(position.columns):
        if cards:
            moves += _moves_from(position, column(index), cards, empty_cells, limits)
    for index, card in enumerate(position.cells):
        if card is not None:
            moves += _moves_from(position, cell(index), (card,), empty_cells, limits)
    return moves


def safe_moves(position: Position) -> list[Move]:
    """The moves to the foundation that never lose a win: of a card every card that may ever
    be placed on it is on its foundation already (under same-suit building every card that may
    go up; under alternating building a card at most one rank above the lower foundation of the
    other colour, and every Ace). The exact solver plays these at once; the proof that they keep
    a won position won, and its wins no longer, is in :mod:`officers.eightoff.solve`.

    >>> start = Position.numbered(1)
    >>> [move.notation() for move in safe_moves(start)]
    ['4h']
    """
    alternate = position.variant.building == "alternate"
    foundations = position.foundations
    safe: list[Move] = []
    places = [(column(i), cards[-1]) for i, cards in enumerate(position.columns) if cards]
    places += [(cell(i), card) for i, card in enumerate(position.cells) if card is not None]
    for place, card in places:
        suit, rank = divmod(card, 13)
        if foundations[suit] != rank:
            continue
        if alternate and rank > 0:
            red = suit in (1, 2)
            others = (0, 3) if red else (1, 2)
            if rank > min(foundations[other] for other in others):
                continue
        safe.append(Move(place, FOUNDATION))
    return safe


def _moves_from(
    position: Position,
    source: Place,
    cards: tuple[int, ...],
    empty_cells: list[int],
    limits: tuple[int, int],
) -> list[Move]:
    variant = position.variant
    bottom = cards[-1]
    moves: list[Move] = []
    if position.foundations[bottom // 13] == bottom % 13:
        moves.append(Move(source, FOUNDATION))
    run = run_length(cards, variant) if source.kind == "column" else 1
    own = source.index if source.kind == "column" else -1
    kings_only = variant.empty == "kings"
    for index, target in enumerate(position.columns):
        if index == own:
            continue
        if target:
            exposed = target[-1]
            for k in range(1, min(run, limits[0]) + 1):
                if variant.takes(cards[-k], exposed):
                    moves.append(Move(source, column(index), k))
                    break
        else:
            for k in range(1, min(run, limits[1]) + 1):
                if not kings_only or cards[-k] % 13 == _KING:
                    moves.append(Move(source, column(index), k))
    own_cell = source.index if source.kind == "cell" else -1
    moves += [Move(source, cell(i)) for i in empty_cells if i != own_cell]
    return moves
