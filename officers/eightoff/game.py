"""A game of Eight Off (or of its family) in progress: the position, the moves made, undo.

:class:`EightOffGame` is what a frontend or a bot holds: :meth:`~EightOffGame.push` plays a move
(refusing an illegal one, with the rule that refuses it, and leaving the game unchanged),
:meth:`~EightOffGame.pop` takes the last one back exactly, :meth:`~EightOffGame.legal_moves`,
:meth:`~EightOffGame.outcome`. Nothing moves by itself: a card goes to its foundation when the
player moves it there.

Game notation: the start position's notation, ``;``, then the moves made, separated by spaces,
each in the move notation with its count (``38v3``)::

    eight-off 7D9S…/…/6D5HTH7CQDTC 3H2S9H7S---- C0D0H0S0 ; 1e 5f

>>> game = EightOffGame.deal(1)
>>> game.push("1e")
Move.parse('1e')
>>> game.push("1h"), game.position.foundations
(Move.parse('1h'), (0, 0, 0, 1))
>>> game.push("2h")
Traceback (most recent call last):
  ...
officers.IllegalMoveError: cannot play 2h: 3♦ is not next on its foundation, which holds 0 cards
>>> game.pop(), game.pop(), game.position == EightOffGame.deal(1).position
(Move.parse('1h'), Move.parse('1e'), True)
>>> len(game.legal_moves()), game.outcome() is None
(50, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from officers.core.deals import check_deal_number
from officers.core.errors import (
    IllegalMoveError,
    InvalidGameError,
    NotationError,
    excerpt,
    read_json,
)
from officers.eightoff.microsoft import microsoft_deal
from officers.eightoff.moves import Move, Outcome, Refusal
from officers.eightoff.position import Position
from officers.eightoff.rules import legal_moves, play, refusal, resolve
from officers.eightoff.variant import EIGHT_OFF, FREECELL, Variant

if TYPE_CHECKING:
    import random
    from fractions import Fraction

__all__ = ["EightOffGame"]


class EightOffGame:
    """A game in progress: the start position, the moves made and the position now.

    Make one from a position, or with :meth:`deal` (numbered deal N of a variant, the same on
    every machine), :meth:`microsoft` (Microsoft's FreeCell numbering) or :meth:`parse`.
    """

    __slots__ = ("_moves", "_positions", "number")

    def __init__(self, start: Position, *, number: int | None = None) -> None:
        if not isinstance(start, Position):
            raise TypeError(f"a game starts from a Position, got {excerpt(start)}")
        self._positions: list[Position] = [start]
        self._moves: list[Move] = []
        self.number = number
        """The deal number this game was dealt from, or ``None``."""

    @classmethod
    def deal(cls, number: int, variant: Variant | str = EIGHT_OFF) -> EightOffGame:
        """Deal ``number`` of ``variant`` (:meth:`Position.numbered`): a :class:`Variant` or the
        name of a preset (:meth:`Variant.preset`).

        >>> EightOffGame.deal(3, "freecell").variant.name
        'freecell'
        """
        chosen = Variant.preset(variant) if isinstance(variant, str) else variant
        if not isinstance(chosen, Variant):
            raise TypeError(f"a variant is a Variant or a preset's name, got {excerpt(variant)}")
        return cls(Position.numbered(check_deal_number(number), chosen), number=number)

    @classmethod
    def microsoft(cls, number: int, variant: Variant = FREECELL) -> EightOffGame:
        """Microsoft's FreeCell deal ``number`` (:func:`~officers.eightoff.microsoft.microsoft_deal`).

        >>> game = EightOffGame.microsoft(11982)
        >>> game.variant.name, game.number, game.position.columns[0][0] == 26
        ('freecell', 11982, True)
        """
        return cls(microsoft_deal(number, variant), number=number)

    # --- the state -------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position now."""
        return self._positions[-1]

    @property
    def start(self) -> Position:
        """The position the game started from."""
        return self._positions[0]

    @property
    def variant(self) -> Variant:
        """The game's variant."""
        return self._positions[0].variant

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made, in order (each with its count)."""
        return tuple(self._moves)

    def positions(self) -> tuple[Position, ...]:
        """Every position of the game, from the start to now."""
        return tuple(self._positions)

    # --- moves -----------------------------------------------------------------------------

    def _read(self, move: Move | str) -> Move:
        if isinstance(move, str):
            return Move.parse(move)
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move or its notation, got {excerpt(move)}")
        return move

    def push(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or its notation) and answer it with its count.

        An illegal move raises :class:`~officers.IllegalMoveError` (its ``refusal`` says which
        rule) and a text that is no move :class:`~officers.NotationError`; either leaves the
        game as it was.
        """
        resolved = resolve(self.position, self._read(move))
        after = play(self.position, resolved)
        self._positions.append(after)
        self._moves.append(resolved)
        return resolved

    def pop(self) -> Move:
        """Take the last move back, and answer it."""
        if not self._moves:
            raise IndexError("no move to take back: the game is at its start")
        self._positions.pop()
        return self._moves.pop()

    undo = pop

    def refusal(self, move: Move | str) -> Refusal | None:
        """Why ``move`` may not be played now (a fact), or ``None`` when it may; a text that
        is no move at all is refused as ``unreadable``, as in every game.

        >>> game = EightOffGame.deal(1)
        >>> game.refusal("3x").kind, game.refusal("3x").text("de")[:30]
        ('unreadable', "Der Zug '3x' lässt sich nicht ")
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
        """Every legal move now (:func:`~officers.eightoff.rules.legal_moves`)."""
        return legal_moves(self.position)

    # --- the end ---------------------------------------------------------------------------

    def is_won(self) -> bool:
        """Whether every card is on its foundation."""
        return self.position.is_won()

    def is_lost(self) -> bool:
        """Whether no legal move is left while a card is off the foundations."""
        return not self.position.is_won() and not legal_moves(self.position)

    def is_over(self) -> bool:
        """Whether the game is won or lost."""
        return self.is_won() or self.is_lost()

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        if self.is_won():
            return Outcome(True, "finished", 0)
        if self.is_lost():
            return Outcome(False, "stuck", self.position.cards_left())
        return None

    # --- the shape every game shares (officers.games.State) -------------------------------

    @property
    def players(self) -> int:
        """1: Eight Off and its family are patience games."""
        return 1

    @property
    def current_player(self) -> int | None:
        """0, the only player, or ``None`` when the game is over."""
        return None if self.is_over() else 0

    def _check_player(self, player: int | None) -> None:
        if player is not None and (isinstance(player, bool) or player != 0):
            raise InvalidGameError(f"a patience game has one player, 0; got {excerpt(player)}")

    def view(self, player: int | None = None) -> Position:
        """What the player sees: the whole position (every card lies face up)."""
        self._check_player(player)
        return self.position

    def returns(self) -> tuple[float]:
        """1.0 when the game is won, else 0.0 (lost, or not over yet)."""
        return (1.0 if self.is_won() else 0.0,)

    def chance_outcomes(self) -> dict[Any, Fraction]:
        """Empty: every card lies face up from the deal on."""
        return {}

    def resample(self, player: int, rng: random.Random) -> EightOffGame:
        """A copy: nothing is hidden from the player (``rng`` is not drawn from)."""
        self._check_player(player)
        return self.clone()

    # --- copies and notations --------------------------------------------------------------

    def clone(self) -> EightOffGame:
        """An independent copy."""
        other = EightOffGame(self.start, number=self.number)
        other._positions = list(self._positions)
        other._moves = list(self._moves)
        return other

    def notation(self) -> str:
        """The game notation: the start position, ``;``, the moves (see the module)."""
        return " ; ".join([self.start.notation(), " ".join(m.notation() for m in self._moves)])

    @classmethod
    def parse(cls, text: str) -> EightOffGame:
        """Read the game notation (a position alone is a game without moves).

        >>> game = EightOffGame.deal(1)
        >>> game.push("1e") and game.push("5f")
        Move.parse('5f')
        >>> EightOffGame.parse(game.notation()).position == game.position
        True
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read game {excerpt(text)}: expected a string")
        start, _, moves = text.partition(";")
        game = cls(Position.parse(start))
        for i, word in enumerate(moves.split()):
            try:
                game.push(word)
            except (NotationError, IllegalMoveError) as error:
                raise NotationError(
                    f"cannot read game {excerpt(text)}: move {i + 1}: {error}"
                ) from None
        return game

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``start`` and ``position`` (position notations), ``moves`` (move
        notations), ``number`` (or null), ``outcome`` (or null) and ``notation``."""
        outcome = self.outcome()
        return {
            "start": self.start.notation(),
            "moves": [m.notation() for m in self._moves],
            "position": self.position.notation(),
            "number": self.number,
            "outcome": None if outcome is None else outcome.to_dict(),
            "notation": self.notation(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EightOffGame:
        """Read :meth:`to_dict` (``start`` and ``moves`` are enough; ``position``, when given,
        must be where the moves lead)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("start"), str):
            raise NotationError(
                f"cannot read game {excerpt(data)}: expected an object with 'start'"
            )
        moves = data.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise NotationError(f"cannot read game {excerpt(data)}: 'moves' is a list of moves")
        game = cls.parse(data["start"] + " ; " + " ".join(moves))
        number = data.get("number")
        if number is not None:
            game.number = check_deal_number(number)
        if data.get("position", game.position.notation()) != game.position.notation():
            raise NotationError(
                f"cannot read game {excerpt(data)}: the moves do not lead to 'position'"
            )
        return game

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict`."""
        import json  # when JSON is written

        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> EightOffGame:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "game"))

    def __str__(self) -> str:
        outcome = self.outcome()
        state = "" if outcome is None else f"\n{outcome}"
        return f"{self.position}\nmoves: {len(self._moves)}{state}"

    def __repr__(self) -> str:
        return f"EightOffGame.parse({self.notation()!r})"
