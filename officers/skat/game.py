"""A game of Offiziersskat in progress: the state API that frontends and bots hold.

:class:`SkatGame` has the shape of OpenSpiel's states: :attr:`~SkatGame.phase`,
:attr:`~SkatGame.current_player`, :meth:`~SkatGame.legal_moves`, :meth:`~SkatGame.push` (which
refuses an illegal move with the rule that refuses it and changes nothing),
:meth:`~SkatGame.pop` (undo, exact), :meth:`~SkatGame.outcome`, :meth:`~SkatGame.clone`, and
:meth:`~SkatGame.view`: what both players see. The face-down cards are hidden from both
players alike, so one public view serves both.

Record notation: the deal notation (:mod:`officers.skat.position`), ``;``, the moves made,
separated by spaces: the game choice, then each card with its pile::

    TD/TS 9S/8S ... | ... 9D/TC ; H 8H@4 TH@2

A game that starts from a position (not a deal) writes the position notation instead of the
deal's, then ``;`` and the moves (five fields in all).

>>> game = SkatGame.deal(1)
>>> game.push("H"), game.push("8H@4"), game.current_player
(Move.parse('H'), Move.parse('8H@4'), 1)
>>> game.push("AS")
Traceback (most recent call last):
  ...
officers.IllegalMoveError: cannot play AS: you must follow trumps: your face-up 10♥ (pile 2)
>>> game.push("TH"), game.points, game.view().trick
(Move.parse('TH@2'), (0, 10), ())
>>> SkatGame.parse(game.notation()).position == game.position
True
>>> game.pop(), game.pop(), game.pop(), game.position == SkatGame.deal(1).position
(Move.parse('TH@2'), Move.parse('8H@4'), Move.parse('H'), True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from officers.core.deals import check_deal_number
from officers.core.draw import shuffle
from officers.core.errors import (
    IllegalMoveError,
    InvalidGameError,
    NotationError,
    excerpt,
    read_json,
)
from officers.skat.cards import GameType, card_notation
from officers.skat.moves import Move, Outcome, Refusal
from officers.skat.position import Deal, Layout, Phase, Position, pile_text, player_letter
from officers.skat.rules import legal_moves, outcome, play, refusal, resolve

__all__ = ["SkatGame", "Trick", "View"]


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the two cards (the led one first) and who won it."""

    leader: int
    cards: tuple[int, int]
    winner: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``leader`` and ``winner`` (``V`` or ``H``) and ``cards`` (notations)."""
        return {
            "leader": player_letter(self.leader),
            "cards": [card_notation(c) for c in self.cards],
            "winner": player_letter(self.winner),
        }


@dataclass(frozen=True, slots=True)
class View:
    """What both players see: ``face_up`` (for each player, the face-up card of each pile or
    ``None`` for an empty pile), ``hidden`` (for each player, whether each pile still hides a
    card), the trick on the table, the tricks played (when the game knows them) or at least the
    cards ``gone``, the points and tricks taken."""

    game: GameType | None
    phase: Phase
    to_move: int | None
    leader: int
    face_up: tuple[tuple[int | None, ...], tuple[int | None, ...]]
    hidden: tuple[tuple[bool, ...], tuple[bool, ...]]
    trick: tuple[int, ...]
    played: tuple[Trick, ...]
    gone: tuple[int, ...]
    points: tuple[int, int]
    tricks: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (cards as notations, players as ``V`` and ``H``).

        >>> SkatGame.deal(1).view().to_dict()["hidden"][0].count(True)
        8
        """

        def face(card: int | None) -> str | None:
            return None if card is None else card_notation(card)

        return {
            "game": self.game,
            "phase": self.phase,
            "to_move": None if self.to_move is None else player_letter(self.to_move),
            "leader": player_letter(self.leader),
            "face_up": [[face(c) for c in side] for side in self.face_up],
            "hidden": [list(side) for side in self.hidden],
            "trick": [card_notation(c) for c in self.trick],
            "played": [t.to_dict() for t in self.played],
            "gone": [card_notation(c) for c in self.gone],
            "points": list(self.points),
            "tricks": list(self.tricks),
        }


class SkatGame:
    """A game in progress: where it started (a deal or a position), the moves made, the
    position now. Make one with :meth:`deal` (numbered deal N), from a :class:`Deal` or a
    :class:`Position`, or with :meth:`parse`."""

    __slots__ = ("_moves", "_positions", "_tricks", "deal_of")

    def __init__(self, start: Deal | Position) -> None:
        if isinstance(start, Deal):
            self.deal_of: Deal | None = start
            """The deal the game started from (``None`` when it started from a position)."""
            position = Position.start(start)
        elif isinstance(start, Position):
            self.deal_of = None
            position = start
        else:
            raise TypeError(f"a game starts from a Deal or a Position, got {excerpt(start)}")
        self._positions: list[Position] = [position]
        self._moves: list[Move] = []
        self._tricks: list[Trick] = []  # the tricks finished, kept as the moves are played

    @classmethod
    def deal(cls, number: int) -> SkatGame:
        """Numbered deal ``number`` (:meth:`Deal.numbered`), before the game choice."""
        return cls(Deal.numbered(check_deal_number(number)))

    # --- the state ---------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position now."""
        return self._positions[-1]

    @property
    def start(self) -> Position:
        """The position the game started from."""
        return self._positions[0]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made, each card with its pile."""
        return tuple(self._moves)

    @property
    def phase(self) -> Phase:
        """``choose``, ``play`` or ``over``."""
        return self.position.phase

    @property
    def current_player(self) -> int | None:
        """The player to move: 0 (Vorhand), 1 (Hinterhand), ``None`` when the game is over."""
        return self.position.to_move

    @property
    def game(self) -> GameType | None:
        """The game chosen (``C S H D G``), ``None`` before the choice."""
        return self.position.game

    @property
    def points(self) -> tuple[int, int]:
        """The points taken so far, Vorhand's first."""
        return self.position.points

    @property
    def tricks(self) -> tuple[int, int]:
        """The tricks taken so far, Vorhand's first."""
        return self.position.tricks

    def played(self) -> tuple[Trick, ...]:
        """The tricks finished since the start, in order."""
        return tuple(self._tricks)

    def view(self, player: int | None = None) -> View:
        """What both players see now (:class:`View`): the same for either ``player`` (0, 1 or
        ``None``), since nobody sees a face-down card."""
        self._check_player(player)
        position = self.position
        sides = position.piles
        return View(
            position.game,
            position.phase,
            position.to_move,
            position.leader,
            (
                tuple(p[-1] if p else None for p in sides[0]),
                tuple(p[-1] if p else None for p in sides[1]),
            ),
            (tuple(len(p) == 2 for p in sides[0]), tuple(len(p) == 2 for p in sides[1])),
            position.trick,
            self.played(),
            tuple(sorted(position.gone())),
            position.points,
            position.tricks,
        )

    # --- moves ---------------------------------------------------------------------------

    @staticmethod
    def _read(move: Move | str) -> Move:
        if isinstance(move, str):
            return Move.parse(move)
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move or its notation, got {excerpt(move)}")
        return move

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or its notation) and answer it with its pile.

        An illegal move raises :class:`~officers.IllegalMoveError` (its ``refusal`` says
        which rule), a text that is no move :class:`~officers.NotationError`; either
        leaves the game as it was.
        """
        before = self.position
        resolved = resolve(before, self._read(move))
        after = play(before, resolved)
        self._positions.append(after)
        self._moves.append(resolved)
        if resolved.card is not None and before.trick:  # the second card ends the trick
            self._tricks.append(
                Trick(before.leader, (before.trick[0], resolved.card), after.leader)
            )
        return resolved

    def pop(self) -> Move:
        """Take the last move back, exactly, and answer it."""
        if not self._moves:
            raise IndexError("no move to take back: the game is at its start")
        self._positions.pop()
        if self._moves[-1].card is not None and self.position.trick:
            self._tricks.pop()
        return self._moves.pop()

    undo = pop

    def refusal(self, move: Move | str) -> Refusal | None:
        """Why ``move`` may not be played now (a fact), or ``None`` when it may; a text that
        is no move at all is refused as ``unreadable``, as in every game.

        >>> game = SkatGame.deal(1)
        >>> game.refusal("QH@9").kind, game.refusal("QH@9").text("de")[:30]
        ('unreadable', "Der Zug 'QH@9' lässt sich nich")
        """
        if isinstance(move, str):
            try:
                read = Move.parse(move)
            except NotationError:
                return Refusal("unreadable", None, written=move)
            return refusal(self.position, read)
        return refusal(self.position, self._read(move))

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be played now."""
        return self.refusal(move) is None

    def legal_moves(self) -> list[Move]:
        """Every legal move now (:func:`~officers.skat.rules.legal_moves`)."""
        return legal_moves(self.position)

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return outcome(self.position)

    def is_over(self) -> bool:
        """Whether all 16 tricks are played."""
        return self.position.phase == "over"

    def clone(self) -> SkatGame:
        """An independent copy."""
        other = SkatGame(self.start)
        other.deal_of = self.deal_of
        other._positions = list(self._positions)
        other._moves = list(self._moves)
        other._tricks = list(self._tricks)
        return other

    # --- the shape every game shares (officers.games.State) ----------------------------

    @property
    def players(self) -> int:
        """2: Vorhand (0) and Hinterhand (1)."""
        return 2

    def _check_player(self, player: int | None) -> None:
        if player is not None and (isinstance(player, bool) or player not in (0, 1)):
            raise InvalidGameError(
                f"Offiziersskat has players 0 (Vorhand) and 1 (Hinterhand), got {excerpt(player)}"
            )

    def returns(self) -> tuple[float, float]:
        """1.0 for the winner and 0.0 for the loser at the end (Vorhand wins with 61 points
        or more); 0.0 each while the game goes on."""
        result = self.outcome()
        if result is None:
            return (0.0, 0.0)
        return (1.0, 0.0) if result.winner == 0 else (0.0, 1.0)

    def _unseen(self) -> list[int]:
        """The face-down cards, pile by pile (Vorhand's first): the cards nobody has seen."""
        return [pile[0] for side in self.position.piles for pile in side if len(pile) == 2]

    def chance_outcomes(self) -> dict[int, Fraction]:
        """Each card that nobody has seen, with its chance of being the next card turned up:
        all equally likely, as the players know it. Empty when no card lies face down (or the
        game is over).

        >>> outcomes = SkatGame.deal(1).chance_outcomes()
        >>> len(outcomes), sum(outcomes.values())
        (16, Fraction(1, 1))
        """
        unseen = [] if self.is_over() else self._unseen()
        return {card: Fraction(1, len(unseen)) for card in unseen}

    def resample(self, player: int, rng: random.Random) -> SkatGame:
        """The same game (the same moves, an equal :meth:`view`) with the cards that still lie
        face down dealt again among their places at random, each deal equally likely. Nobody
        sees them, so the answer is the same for either ``player``.

        >>> import random
        >>> game = SkatGame.deal(1)
        >>> other = game.resample(0, random.Random(2))
        >>> other.view() == game.view(), other.start == game.start
        (True, False)
        """
        self._check_player(player)
        unseen = self._unseen()
        dealt = list(unseen)
        shuffle(rng, dealt)
        swap = dict(zip(unseen, dealt, strict=True))

        def again(piles: Layout) -> Layout:
            sides = tuple(
                tuple(tuple(swap.get(c, c) for c in pile) for pile in side) for side in piles
            )
            return sides[0], sides[1]

        start = self.start
        if self.deal_of is not None:
            other = SkatGame(Deal(again(self.deal_of.piles)))
        else:
            other = SkatGame(replace(start, piles=again(start.piles)))
        for move in self._moves:
            other.push(move)
        return other

    # --- notation ------------------------------------------------------------------------

    def notation(self) -> str:
        """The record notation (see the module)."""
        start = self.deal_of.notation() if self.deal_of is not None else self.start.notation()
        return f"{start} ; {' '.join(m.notation() for m in self._moves)}".rstrip()

    @classmethod
    def parse(cls, text: str) -> SkatGame:
        """Read the record notation (a deal or a position alone is a game without moves).

        >>> SkatGame.parse("deal 1 ; H JS@4")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read record 'deal 1 ; H JS@4': move 2: cannot play JS@4: J♠ lies face down in pile 4: it is played once the card on it is gone
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read record {excerpt(text)}: expected a string")
        if len(text) > 2000:
            raise NotationError(f"cannot read record {excerpt(text)}: longer than 2000 characters")
        fields = text.split(";")
        if len(fields) in (1, 2):
            game = cls(Deal.parse(fields[0]))
        elif len(fields) in (4, 5):
            game = cls(Position.parse(";".join(fields[:4])))
        else:
            raise NotationError(
                f"cannot read record {excerpt(text)}: expected a deal or a position, ';' and "
                "the moves"
            )
        for i, word in enumerate(fields[-1].split() if len(fields) in (2, 5) else []):
            try:
                game.push(word)
            except (NotationError, IllegalMoveError) as error:
                raise NotationError(
                    f"cannot read record {excerpt(text)}: move {i + 1}: {error}"
                ) from None
        return game

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``deal`` (:meth:`Deal.to_dict`, or null), ``start`` and ``position``
        (position notations), ``moves`` (notations), ``outcome`` (or null), ``notation``."""
        result = self.outcome()
        return {
            "deal": None if self.deal_of is None else self.deal_of.to_dict(),
            "start": self.start.notation(),
            "moves": [m.notation() for m in self._moves],
            "position": self.position.notation(),
            "outcome": None if result is None else result.to_dict(),
            "notation": self.notation(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SkatGame:
        """Read :meth:`to_dict` (``deal`` or ``start``, and ``moves``, are enough; ``position``,
        when given, must be where the moves lead)."""
        if not isinstance(data, Mapping):
            raise NotationError(f"cannot read game {excerpt(data)}: expected an object")
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise NotationError(f"cannot read game {excerpt(data)}: 'moves' is a list of moves")
        if data.get("deal") is not None:
            game = cls(Deal.from_dict(data["deal"]))
        elif isinstance(data.get("start"), str):
            game = cls(Position.parse(data["start"]))
        else:
            raise NotationError(f"cannot read game {excerpt(data)}: expected 'deal' or 'start'")
        for i, move in enumerate(moves):
            try:
                game.push(move)
            except (NotationError, IllegalMoveError) as error:
                raise NotationError(
                    f"cannot read game {excerpt(data)}: move {i + 1}: {error}"
                ) from None
        if data.get("position", game.position.notation()) != game.position.notation():
            raise NotationError(
                f"cannot read game {excerpt(data)}: the moves do not lead to 'position'"
            )
        return game

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> SkatGame:
        """Read :meth:`to_json`."""
        return cls.from_dict(read_json(text, "game"))

    def __str__(self) -> str:
        position = self.position
        lines = [
            f"{player_letter(p)}: " + " ".join(pile_text(pile) for pile in position.piles[p])
            for p in (0, 1)
        ]
        result = self.outcome()
        lines.append(
            f"game {position.game or '-'}, points {position.points[0]}:"
            f"{position.points[1]}" + ("" if result is None else f"; {result}")
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"SkatGame.parse({self.notation()!r})"
