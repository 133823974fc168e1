"""The rules of Offiziersskat on a :class:`~officers.skat.position.Position`: which moves are
legal, why one is refused, and what a move leads to.

The rules as implemented (docs/skat.md): Vorhand chooses the game, then leads. A player plays a
face-up card (the top of a pile). The other must follow the lane of the card led (trump if a
trump was led, else its printed suit; a Jack is always trump) **with a face-up card if one
does**; face-down cards never count; without one any face-up card may be played. The highest
trump wins the trick, else the highest card of the suit led; the winner takes both cards'
points and leads next. When a top card is played the card under it turns face up; as each player
plays one card a trick, it is playable from that player's next trick on.

>>> from officers.skat.position import Deal, Position
>>> position = play(Position.start(Deal.numbered(1)), Move.parse("H"))
>>> [m.notation() for m in legal_moves(position)][:4]
['TS@1', '8S@2', 'QD@3', '8H@4']
>>> position = play(position, Move.parse("8H@4"))
>>> [m.notation() for m in legal_moves(position)]
['TH@2', '7H@7']
>>> print(refusal(position, Move.parse("AS@1")).text("de"))
Nicht erlaubt (AS@1): Du musst Trumpf bedienen: deine offene Herz-Zehn (Stapel 2)
>>> print(refusal(position, Move.parse("AS@1")).text("en"))
cannot play AS@1: you must follow trumps: your face-up 10♥ (pile 2)
"""

from __future__ import annotations

from officers.core.errors import IllegalMoveError, InvalidGameError, excerpt, invalid_argument
from officers.skat.cards import POINTS, beats, check_card, lane
from officers.skat.moves import Move, Outcome, Refusal
from officers.skat.position import Position

__all__ = [
    "follow_lane",
    "is_legal",
    "legal_moves",
    "outcome",
    "play",
    "refusal",
    "resolve",
    "trick_winner",
]


def follow_lane(position: Position) -> int | None:
    """The lane (suit 0 .. 3, or 4 for trump) the player to move must follow, or ``None`` when
    leading or before play."""
    if position.game is None or not position.trick:
        return None
    return lane(position.trick[0], position.game)


def legal_moves(position: Position) -> list[Move]:
    """Every legal move, game choices in the order ``C S H D G``, cards by pile.

    >>> from officers.skat.position import Deal, Position
    >>> [m.notation() for m in legal_moves(Position.start(Deal.numbered(1)))]
    ['C', 'S', 'H', 'D', 'G']
    """
    phase = position.phase
    if phase == "choose":
        return [Move.choose(g) for g in ("C", "S", "H", "D", "G")]
    player = position.to_move
    if player is None or position.game is None:
        return []
    up = position.face_up(player)
    wanted = follow_lane(position)
    if wanted is not None:
        game = position.game
        following = [(i, c) for i, c in up if lane(c, game) == wanted]
        up = tuple(following) or up
    return [Move.play(c, i) for i, c in up]


def refusal(position: Position, move: Move) -> Refusal | None:
    """Why ``move`` may not be played now (a fact), or ``None`` when it may."""
    if not isinstance(move, Move):
        raise TypeError(f"expected a Move, got {excerpt(move)}")
    phase = position.phase
    if phase == "over":
        return Refusal("game-over", move)
    if move.game is not None:
        return None if phase == "choose" else Refusal("chosen", move, game=position.game)
    if phase == "choose":
        return Refusal("choose-first", move)
    card = check_card(move.card)
    player = position.to_move
    place = position.where(card)
    if place is None:
        return Refusal("gone", move, card=card)
    owner, pile, depth = place
    if owner != player:
        return Refusal("not-yours", move, card=card, pile=pile)
    if move.pile is not None and move.pile != pile:
        return Refusal("wrong-pile", move, card=card, pile=pile)
    if depth:
        return Refusal("face-down", move, card=card, pile=pile)
    wanted = follow_lane(position)
    assert position.game is not None
    if wanted is not None and lane(card, position.game) != wanted:
        for i, c in position.face_up(owner):
            if lane(c, position.game) == wanted:
                return Refusal(
                    "must-follow", move, card=card, pile=pile, held=c, held_pile=i, lane=wanted
                )
    return None


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` may be played now."""
    return refusal(position, move) is None


def resolve(position: Position, move: Move) -> Move:
    """``move`` with its pile filled in, if it is legal; else raise
    :class:`~officers.IllegalMoveError` (its ``refusal`` says which rule)."""
    fact = refusal(position, move)
    if fact is not None:
        raise IllegalMoveError(fact.text("en"), refusal=fact)
    if move.card is not None and move.pile is None:
        place = position.where(move.card)
        assert place is not None
        return Move.play(move.card, place[1])
    return move


def trick_winner(position: Position, second: int) -> int:
    """Who wins the trick on the table when ``second`` is played to it."""
    if position.game is None or not position.trick:
        raise invalid_argument("no trick waits for a second card", was=InvalidGameError)
    first = position.trick[0]
    return 1 - position.leader if beats(second, first, position.game) else position.leader


def play(position: Position, move: Move) -> Position:
    """The position after ``move``; an illegal move raises
    :class:`~officers.IllegalMoveError` and changes nothing."""
    move = resolve(position, move)
    if move.game is not None:
        return Position(position.piles, move.game)
    assert move.card is not None and move.pile is not None
    player = position.to_move
    assert player is not None
    side = list(position.piles[player])
    side[move.pile] = side[move.pile][:-1]
    piles = list(position.piles)
    piles[player] = tuple(side)
    if not position.trick:
        return Position(
            (piles[0], piles[1]),
            position.game,
            position.leader,
            (move.card,),
            position.points,
            position.tricks,
        )
    winner = trick_winner(position, move.card)
    points, tricks = list(position.points), list(position.tricks)
    points[winner] += POINTS[position.trick[0]] + POINTS[move.card]
    tricks[winner] += 1
    return Position(
        (piles[0], piles[1]),
        position.game,
        winner,
        (),
        (points[0], points[1]),
        (tricks[0], tricks[1]),
    )


def outcome(position: Position) -> Outcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return Outcome(position.points) if position.phase == "over" else None
