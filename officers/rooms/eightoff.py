"""Eight Off (or a game of its family) in rooms: one seat, every card face up, moves taken back.

A patience has no secret from its player but the deal's number, which a room keeps to itself
while the game runs (it is shown once the game is over). The room is a stored game: the seat
comes back to it from any browser that keeps its token, and takes moves back as often as it
likes.

>>> import random
>>> state = ADAPTER.new({"variant": "eight-off"}, 1, random.Random(1))
>>> view = ADAPTER.view(state, 0)
>>> view["to_move"], view["number"], len(view["legal"]) > 0
(1, None, True)
>>> played = ADAPTER.play(state, 0, view["legal"][0])
>>> ADAPTER.take_back(state, 0).public == {"move": played.move, "undone": True}
True
>>> ADAPTER.take_back(state, 0)
Traceback (most recent call last):
  ...
officers.IllegalMoveError: no move to take back: the game is at its start
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from officers.core.errors import IllegalMoveError, InvalidGameError, NotationError, excerpt
from officers.eightoff.game import EightOffGame
from officers.eightoff.notation import board_text
from officers.eightoff.variant import PRESETS, Variant
from officers.rooms.adapter import Played, searching, told

if TYPE_CHECKING:
    from officers.contract.limits import Budget, Limits

__all__ = ["ADAPTER", "EightOffAdapter"]

_MAX_MOVE: Final = 32


class EightOffAdapter:
    """Eight Off as the rooms play it (:class:`~officers.rooms.adapter.Adapter`)."""

    name = "eightoff"
    bots: tuple[str, ...] = ()

    def options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``variant``: a preset's name (default ``eight-off``).

        >>> ADAPTER.options({"variant": "freecell"})
        {'variant': 'freecell'}
        """
        if not isinstance(options, Mapping):
            raise InvalidGameError(f"the options are an object, got {excerpt(options)}")
        unknown = sorted(set(options) - {"variant"})
        if unknown:
            raise InvalidGameError(
                f"Eight Off has no option {excerpt(unknown[0])}: its one option is variant"
            )
        name = options.get("variant", "eight-off")
        if not isinstance(name, str) or name not in PRESETS:
            raise InvalidGameError(
                f"no variant {excerpt(name)}: expected one of {', '.join(PRESETS)}"
            )
        return {"variant": name}

    def seats(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """Exactly one seat."""
        self.options(options)
        return (1,)

    def new(self, options: Mapping[str, Any], seats: int, rng: random.Random) -> EightOffGame:
        """A numbered deal, its number drawn from ``rng``."""
        variant = Variant.preset(self.options(options)["variant"])
        return EightOffGame.deal(1 + rng.getrandbits(63), variant)

    def dump(self, state: EightOffGame) -> str:
        return json.dumps({"number": state.number, "game": state.notation()}, separators=(",", ":"))

    def load(self, text: str) -> EightOffGame:
        data = json.loads(text)
        game = EightOffGame.parse(data["game"])
        game.number = data["number"]
        return game

    def to_move(self, state: EightOffGame) -> int | None:
        return None if state.is_over() else 0

    def play(self, state: EightOffGame, seat: int, move: str) -> Played:
        """Play ``move`` (the move notation, such as ``1e`` or ``38v3``)."""
        if not isinstance(move, str) or len(move) > _MAX_MOVE:
            raise NotationError(f"cannot read move {excerpt(move)}: expected a move's notation")
        if state.is_over():
            raise IllegalMoveError(f"cannot play {excerpt(move)}: the game is over")
        played = state.push(move).notation()
        return Played(played, {"move": played})

    def take_back(self, state: EightOffGame, seat: int) -> Played:
        """Take the last move back (also after the end: a lost game may go on)."""
        if not state.moves:
            raise IllegalMoveError("no move to take back: the game is at its start")
        undone = state.pop().notation()
        return Played(undone, {"move": undone, "undone": True})

    def refusal(self, state: EightOffGame, move: str, lang: str) -> tuple[str, str] | None:
        """The rule refusing ``move`` and its sentence in ``lang``
        (:meth:`~officers.eightoff.game.EightOffGame.refusal`)."""
        return told(state.refusal(move), lang)

    def hint(
        self, state: EightOffGame, seat: int, lang: str, limits: Limits, budget: Budget
    ) -> dict[str, Any]:
        """The ``eightoff-hint`` document for the room's game (every card is face up; the
        deal's number is not written): :func:`~officers.contract.eightoff.hint_within`, as
        ``eightoff/hint`` answers, within ``limits`` and ``budget`` (no search slot free:
        ``busy``)."""
        from officers.contract.eightoff import hint_document, hint_within  # on a first hint

        with searching():
            return hint_document(hint_within(state, limits, budget), state.position, lang)

    def _document(self, state: EightOffGame, seat: int | None) -> dict[str, Any]:
        position = state.position
        layout = position.to_dict()
        del layout["notation"]
        over = state.is_over()
        return {
            "game": self.name,
            "seat": None if seat is None else seat + 1,
            "to_move": None if over else 1,
            "variant": position.variant.to_dict(),
            "position": position.notation(),
            "layout": layout,
            "moves": [move.notation() for move in state.moves],
            "legal": [] if over else [move.notation() for move in state.legal_moves()],
            "board": board_text(position),
            "outcome": self.outcome(state),
            "number": state.number if over else None,
        }

    def view(self, state: EightOffGame, seat: int) -> dict[str, Any]:
        return self._document(state, seat)

    def public(self, state: EightOffGame) -> dict[str, Any]:
        return self._document(state, None)

    def outcome(self, state: EightOffGame) -> dict[str, Any] | None:
        outcome = state.outcome()
        return None if outcome is None else outcome.to_dict()

    def bot_move(self, state: EightOffGame, seat: int, bot: str, rng: random.Random) -> str:
        raise InvalidGameError(f"Eight Off has no bots, got {excerpt(bot)}")


ADAPTER: Final = EightOffAdapter()
"""The adapter the registry names (``officers.rooms.eightoff:ADAPTER``)."""
