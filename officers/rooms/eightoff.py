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

from officers.core.errors import InvalidGameError, excerpt
from officers.eightoff.game import EightOffGame
from officers.eightoff.hints import DEFAULT_LEVEL, LEVELS, check_level
from officers.eightoff.notation import board_text
from officers.eightoff.variant import PRESETS, Variant
from officers.rooms.adapter import StateAdapter, searching

if TYPE_CHECKING:
    from officers.contract.limits import Budget, Limits

__all__ = ["ADAPTER", "EightOffAdapter"]


class EightOffAdapter(StateAdapter):
    """Eight Off as the rooms play it (:class:`~officers.rooms.adapter.Adapter`): what is
    Eight Off's own on :class:`~officers.rooms.adapter.StateAdapter`."""

    name = "eightoff"
    title = "Eight Off"
    hint_levels: tuple[str, ...] = LEVELS
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

    def hint(
        self,
        state: EightOffGame,
        seat: int,
        lang: str,
        limits: Limits,
        budget: Budget,
        level: str | None = None,
    ) -> dict[str, Any]:
        """The ``eightoff-hint`` document for the room's game (every card is face up; the
        deal's number is not written): :func:`~officers.contract.eightoff.hint_within`, as
        ``eightoff/hint`` answers, within ``limits`` and ``budget`` (no search slot free:
        ``busy``), telling what ``level`` tells (:data:`hint_levels`; ``None``: ``move``, the
        next move); another level raises :class:`ValueError` quoting it."""
        from officers.contract.eightoff import hint_document, hint_within  # on a first hint

        told = DEFAULT_LEVEL if level is None else check_level(level)
        with searching():
            return hint_document(hint_within(state, limits, budget, told), state.position, lang)

    def document(self, state: EightOffGame, seat: int | None) -> dict[str, Any]:
        """What the seat and a spectator see alike: every card, the deal's number once the
        game is over."""
        position = state.position
        legal = self.legal(state, 0)
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
            "legal": legal,  # the 0.3 name of legal_moves: it goes in 0.5
            "legal_moves": legal,
            "board": board_text(position),
            "outcome": self.outcome(state),
            "number": state.number if over else None,
        }

    def bot_move(self, state: EightOffGame, seat: int, bot: str, rng: random.Random) -> str:
        raise InvalidGameError(f"Eight Off has no bots, got {excerpt(bot)}")


ADAPTER: Final = EightOffAdapter()
"""The adapter the registry names (``officers.rooms.eightoff:ADAPTER``)."""
