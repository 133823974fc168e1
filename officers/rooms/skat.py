"""Offiziersskat in rooms: two seats, Vorhand (seat 1) and Hinterhand (seat 2), and nobody sees
a face-down card.

The face-down cards are hidden from both players alike, their owner too, so both seats and
every spectator see the same thing (:meth:`SkatAdapter.view`): the face-up card of each pile,
which piles still hide a card, the game chosen, the trick on the table, the tricks played, the
points and tricks taken, whose turn and (on one's own turn) the legal moves. A face-down card
is shown when it turns up, to everyone at once; the deal's number, which would re-deal every
card, is kept until the game is over. Then the whole deal is shown.

There are no take-backs: a card played stays played, as at the table.

>>> import random
>>> state = ADAPTER.new({}, 2, random.Random(5))
>>> view = ADAPTER.view(state, 0)
>>> view["to_move"], view["legal"], view["number"], view["view"]["hidden"][0].count(True)
(1, ['C', 'S', 'H', 'D', 'G'], None, 8)
>>> ADAPTER.view(state, 1)["view"] == view["view"] == ADAPTER.public(state)["view"]
True
>>> ADAPTER.play(state, 1, "H")
Traceback (most recent call last):
  ...
officers.IllegalMoveError: it is seat 1's turn (Vorhand), not seat 2's
>>> ADAPTER.play(state, 0, "H").public
{'move': 'H', 'seat': 1}
>>> ADAPTER.load(ADAPTER.dump(state)).notation() == state.notation()
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from officers.core.errors import (
    InvalidGameError,
    excerpt,
)
from officers.rooms.adapter import StateAdapter, searching
from officers.skat.game import SkatGame
from officers.skat.position import Deal, player_letter

if TYPE_CHECKING:
    from officers.contract.limits import Budget, Limits

__all__ = ["ADAPTER", "SkatAdapter"]


class SkatAdapter(StateAdapter):
    """Offiziersskat as the rooms play it (:class:`~officers.rooms.adapter.Adapter`): what is
    Offiziersskat's own on :class:`~officers.rooms.adapter.StateAdapter`."""

    name = "skat"
    title = "Offiziersskat"
    bots: tuple[str, ...] = (
        "random",
        "greedy",
        "montecarlo",
        "exact",
        "beginner",
        "club",
        "strong",
        "strongest",
    )  # the bots, then the levels a player chooses from (officers.skat.bots.LEVELS)
    max_move = 16
    seat_names = ("Vorhand", "Hinterhand")

    def options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """No options: the page's game (16 piles of two, any trump or Grand, 61 to win).

        >>> ADAPTER.options({})
        {}
        """
        if not isinstance(options, Mapping):
            raise InvalidGameError(f"the options are an object, got {excerpt(options)}")
        if options:
            raise InvalidGameError(
                f"Offiziersskat has no option {excerpt(sorted(options)[0])}: it takes none"
            )
        return {}

    def seats(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """Exactly two seats."""
        self.options(options)
        return (2,)

    def new(self, options: Mapping[str, Any], seats: int, rng: random.Random) -> SkatGame:
        """A numbered deal, its number drawn from ``rng``."""
        return SkatGame.deal(1 + rng.getrandbits(63))

    def dump(self, state: SkatGame) -> str:
        deal = state.deal_of
        number = None if deal is None else deal.number
        return json.dumps({"number": number, "game": state.notation()}, separators=(",", ":"))

    def load(self, text: str) -> SkatGame:
        data = json.loads(text)
        game = SkatGame.parse(data["game"])
        if data.get("number") is not None and game.deal_of is not None:
            game.deal_of = Deal(game.deal_of.piles, data["number"])
        return game

    def hint(
        self, state: SkatGame, seat: int, lang: str, limits: Limits, budget: Budget
    ) -> dict[str, Any]:
        """The ``skat-tip`` document for the player to move, from the public view alone (no
        face-down card is ever read): :func:`~officers.contract.skat.tip_within`, as
        ``skat/tip`` answers, by ``limits``' time limit with what the search has by then (no
        search slot free: ``busy``)."""
        from officers.contract.skat import tip_document, tip_within  # on a room's first tip
        from officers.skat.public import Public

        public = Public.of(state)
        with searching():
            return tip_document(public, tip_within(public, limits, budget), lang)

    def document(self, state: SkatGame, seat: int | None) -> dict[str, Any]:
        """What both seats and a spectator see alike (no face-down card), the seat's legal
        moves on its turn, the deal once the game is over."""
        over = state.is_over()
        turn = state.current_player
        deal = state.deal_of
        legal = self.legal(state, seat)
        return {
            "game": self.name,
            "seat": None if seat is None else seat + 1,
            "to_move": None if turn is None else turn + 1,
            "player": None if seat is None else player_letter(seat),
            "view": state.view().to_dict(),
            "moves": [move.notation() for move in state.moves],
            "legal": legal,  # the 0.3 name of legal_moves: it goes in 0.5
            "legal_moves": legal,
            "outcome": self.outcome(state),
            "number": deal.number if over and deal is not None else None,
            "deal": state.notation() if over else None,
        }

    def bot_move(self, state: SkatGame, seat: int, bot: str, rng: random.Random) -> str:
        """The bot's move, chosen from the public view alone (:mod:`officers.skat.bots`: the
        bot is never given the game, so it cannot read a face-down card)."""
        if bot not in self.bots:
            raise InvalidGameError(
                f"no bot {excerpt(bot)} plays Offiziersskat: expected one of {', '.join(self.bots)}"
            )
        from officers.skat.bots import get_bot  # on a bot's first move
        from officers.skat.public import Public

        return get_bot(bot).choose(Public.of(state), rng).notation()


ADAPTER: Final = SkatAdapter()
"""The adapter the registry names (``officers.rooms.skat:ADAPTER``)."""
