"""Euler's Officers in rooms: 1-4 seats, each seeing its own hand and the square.

What a seat sees (:meth:`OfficersAdapter.view`): the square, the level and its rules, the
tokens left, whose turn, its own hand, how many cards each seat holds (not which: the cards
not on the square are public as a set, but who holds which is not), its legal moves on its
turn, and the outcome. The game notation it gets writes the other hands as ``?n``. Once the
game is over every hand and the seed of the deal are shown to all; with the variant of open
hands, every hand is shown all along (the seed never, while the game runs).

A take-back is one of the game's moves (``xr1c1``, spending a token), played like any move;
there is no undo. On Expert (or with the option ``clock``) a turn has so many seconds: the room
keeps the clock (:meth:`OfficersAdapter.clock`) and, at a turn's deadline, plays ``timeout`` for
the seat to move (:meth:`OfficersAdapter.time_out`): the game is lost on time, for the team, as
the rules say. A seat cannot send ``timeout`` itself.

>>> import random
>>> state = ADAPTER.new({"level": "normal"}, 2, random.Random(7))
>>> view = ADAPTER.view(state, 0)
>>> view["to_move"], len(view["hand"]), view["hands"], view["seed"]
(1, 8, [8, 8], None)
>>> move = view["legal_moves"][0]
>>> ADAPTER.play(state, 1, move)
Traceback (most recent call last):
  ...
officers.IllegalPlacementError: it is seat 1's turn, not seat 2's
>>> ADAPTER.play(state, 0, move).public["move"] == move
True
>>> ADAPTER.load(ADAPTER.dump(state)) == state
True

A refusal names its rule and speaks the asked language (a slip, a card on a taken cell, a
take-back without a token, ...):

>>> state = GameState.parse("AS3/4/4/4 normal 1 2 ADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 2")
>>> rule, text = ADAPTER.refusal(state, "AH@r1c1", "de")
>>> rule, text[:56]
('cell-taken', 'Nicht erlaubt: Herz-Ass darf nicht auf Zeile 1, Spalte 1')
>>> ADAPTER.refusal(state, "AH@r1c2", "en")[0], ADAPTER.refusal(state, "AH@r2c2", "de") is None
('slip', True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from officers.core.errors import IllegalPlacementError, InvalidGameError, excerpt
from officers.euler.bots import BOTS, get_bot
from officers.euler.bots import LEVELS as BOT_LEVELS
from officers.euler.cards import Card
from officers.euler.game import LEVELS, GameState, Level, Move, Variant, new_game
from officers.euler.square import EMPTY
from officers.games import State
from officers.rooms.adapter import Played, StateAdapter, searching

if TYPE_CHECKING:
    from officers.contract.limits import Budget, Limits

__all__ = ["ADAPTER", "OfficersAdapter"]

_VARIANTS: Final = ("open_hands", "coins", "ozanam")
_LEVELS: Final = tuple(level.name for level in LEVELS)
_CLOCK_MAX: Final = 3600
"""The longest clock a room's option sets (seconds a turn)."""


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [card.notation() for card in cards]


class OfficersAdapter(StateAdapter):
    """Euler's Officers as the rooms play it (:class:`~officers.rooms.adapter.Adapter`): what is
    Euler's Officers' own on :class:`~officers.rooms.adapter.StateAdapter` (its options, 1-4
    seats, the deal, the stored hands and seed, the view that hides the other hands, the clock,
    the hint, the bots). Its rules, where they differ from the base's, are the base's hooks:
    every refusal an :class:`~officers.IllegalPlacementError`; a move after the end refused by
    the rules, naming how the game ended; a take-back a move of the game (``xr1c1``, spending
    a token), no undo; ``timeout`` no seat's to send (:meth:`read_move`)."""

    name = "officers"
    title = "Euler's Officers"
    bots: tuple[str, ...] = (*BOTS, *BOT_LEVELS)  # the bots, then the levels of a partner
    max_move = 64  # a move's notation is at most some 20 characters
    illegal = IllegalPlacementError
    rules_end = True
    take_back_move = "'xr1c1' (a card taken back from row 1, column 1, spending a token)"

    def options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``level`` (easy, normal, hard, expert; default normal), ``variant`` (``open_hands``,
        ``coins``, ``ozanam``: true or false), ``tokens`` (the take-back tokens, or null for the
        level's), ``riddle`` (null, or the grade, 1 or 2, of a riddle generated for each
        round as its start: some cards placed and locked, one way to finish the square) and
        ``clock`` (the seconds a turn, 1-3600, or null for the level's: Expert 30, the others
        none).

        >>> ADAPTER.options({"level": "hard"})
        {'level': 'hard', 'variant': {'open_hands': False, 'coins': False, 'ozanam': False}, 'tokens': None, 'riddle': None, 'clock': None}
        >>> ADAPTER.options({"clock": 0.5})
        Traceback (most recent call last):
          ...
        officers.InvalidGameError: the clock is the seconds a turn, 1-3600 (or null for the level's), got 0.5
        >>> ADAPTER.options({"riddle": 3})
        Traceback (most recent call last):
          ...
        officers.InvalidGameError: a riddle's grade is 1 or 2 (no riddle needs more), got 3
        >>> ADAPTER.options({"level": "fast"})
        Traceback (most recent call last):
          ...
        officers.InvalidGameError: no level 'fast': expected one of easy, normal, hard, expert
        """
        if not isinstance(options, Mapping):
            raise InvalidGameError(f"the options are an object, got {excerpt(options)}")
        unknown = sorted(set(options) - {"level", "variant", "tokens", "riddle", "clock"})
        if unknown:
            raise InvalidGameError(
                f"Euler's Officers has no option {excerpt(unknown[0])}: its options are level, "
                "variant, tokens, riddle and clock"
            )
        level = options.get("level", "normal")
        if level not in _LEVELS:
            raise InvalidGameError(
                f"no level {excerpt(level)}: expected one of {', '.join(_LEVELS)}"
            )
        variant = options.get("variant", {})
        if not isinstance(variant, Mapping) or set(variant) - set(_VARIANTS):
            raise InvalidGameError(
                f"the variant is an object of {', '.join(_VARIANTS)}, got {excerpt(variant)}"
            )
        flags = Variant(**{name: variant.get(name, False) for name in _VARIANTS})
        tokens = options.get("tokens")
        if tokens is not None and (
            isinstance(tokens, bool) or not isinstance(tokens, int) or not 0 <= tokens <= 16
        ):
            raise InvalidGameError(f"tokens are a whole number 0-16, got {excerpt(tokens)}")
        riddle = options.get("riddle")
        if riddle is not None and (
            isinstance(riddle, bool) or not isinstance(riddle, int) or not 1 <= riddle <= 2
        ):
            raise InvalidGameError(
                f"a riddle's grade is 1 or 2 (no riddle needs more), got {excerpt(riddle)}"
            )
        if riddle is not None and flags.ozanam:
            raise InvalidGameError(
                "a game starts from a generated riddle or from Ozanam's riddle, not both"
            )
        clock = options.get("clock")
        if clock is not None and (
            isinstance(clock, bool)
            or not isinstance(clock, (int, float))
            or not 1 <= clock <= _CLOCK_MAX
        ):
            raise InvalidGameError(
                f"the clock is the seconds a turn, 1-{_CLOCK_MAX} (or null for the level's), "
                f"got {excerpt(clock)}"
            )
        return {
            "level": level,
            "variant": flags.to_dict(),
            "tokens": tokens,
            "riddle": riddle,
            "clock": clock,
        }

    def seats(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """One to four seats, whatever the options."""
        self.options(options)
        return (1, 2, 3, 4)

    def new(self, options: Mapping[str, Any], seats: int, rng: random.Random) -> GameState:
        """A deal from a seed drawn from ``rng``; with ``riddle``, first a riddle of that grade
        as its start, made from a seed of its own (the start is public, the deal's seed is not:
        nothing about the hands may be read from the start)."""
        checked = self.options(options)
        start = None
        if checked["riddle"] is not None:
            from officers.euler.puzzles import new_start  # on first use

            rules = Level.get(checked["level"]).rules
            made = new_start(rules=rules, seed=rng.getrandbits(63), difficulty=checked["riddle"])
            start = made.start
        seed = rng.getrandbits(63)
        return new_game(
            checked["level"],
            seats,
            seed,
            tokens=checked["tokens"],
            variant=Variant(**checked["variant"]),
            start=start,
        )

    def clock(self, options: Mapping[str, Any]) -> float | None:
        """The seconds a turn: the option ``clock``, else the level's (Expert 30, others none).

        >>> ADAPTER.clock({"level": "expert"}), ADAPTER.clock({"level": "easy", "clock": 90})
        (30.0, 90.0)
        >>> ADAPTER.clock({"level": "normal"}) is None
        True
        """
        chosen = options.get("clock")
        if chosen is not None:
            return float(chosen)
        return Level.get(options.get("level", "normal")).clock

    def time_out(self, state: GameState, seat: int) -> Played:
        """``seat`` has neither placed nor taken back in time: ``timeout`` is played, and the
        game is lost for the team (its outcome ``out of time``, naming the seat).

        >>> state = ADAPTER.new({"level": "expert"}, 2, random.Random(7))
        >>> ADAPTER.time_out(state, 0).move, ADAPTER.outcome(state)["reason"]
        ('timeout', 'out of time')
        """
        if state.current_player != seat:
            raise IllegalPlacementError(
                f"seat {seat + 1} is not to move: its turn cannot end on time"
            )
        played = state.push(Move.timeout()).notation()
        return Played(played, self.announce(played, seat))

    def dump(self, state: GameState) -> str:
        """The start (every hand), the seed and the moves, as JSON."""
        return json.dumps(
            {
                "start": state.root().notation(),
                "seed": state.seed,
                "moves": [move.notation() for move in state.history],
            },
            separators=(",", ":"),
        )

    def load(self, text: str) -> GameState:
        """The state of :meth:`dump`'s text, its moves replayed."""
        data = json.loads(text)
        state = GameState.parse(data["start"])
        state.seed = data["seed"]
        for move in data["moves"]:
            state.push(Move.parse(move))
        return state

    def read_move(self, move: str) -> Move:
        """The move read (:meth:`~officers.euler.moves.Move.parse`); ``timeout`` is refused: the
        room's clock ends a turn that runs out of time (:meth:`time_out`), never a seat."""
        read = Move.parse(move)
        if read.kind == "timeout":
            raise IllegalPlacementError(
                "a seat does not send 'timeout': the room's clock ends a turn that runs out of time"
            )
        return read

    def outcome(self, state: State) -> dict[str, Any] | None:
        """How the round ended, as the library writes it
        (:meth:`~officers.euler.moves.Outcome.to_dict`) but for the player it names: a
        ``seat``, from 1, as the rooms number seats; ``None`` while it goes on."""
        written = super().outcome(state)
        if written is None:
            return None
        player = written["player"]
        return {
            "won": written["won"],
            "reason": written["reason"],
            "seat": None if player is None else player + 1,
            "text": written["text"],
        }

    def hint(
        self, state: GameState, seat: int, lang: str, limits: Limits, budget: Budget
    ) -> dict[str, Any]:
        """The ``hint`` document of :func:`officers.euler.hints.hint` for ``seat``, from its
        :class:`~officers.euler.view.PlayerView` alone (its hand, the square, the cards of the others
        as one set), within ``budget`` (the index answers at once): the document ``/v1/hint``
        gives for that view."""
        from officers.euler.analysis import MAX_REASONS
        from officers.euler.hints import hint  # on a room's first hint

        with searching():  # as every game's aid: a refusal of the search keeps its code
            return hint(state.view(seat), budget=budget).to_dict(lang, MAX_REASONS)

    def document(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) sees: its own hand, the others' as counts
        (every hand once the round is over, or with open hands), the seed once it is over."""
        over = state.outcome() is not None
        shown = over or state.open_hands
        viewer = seat if seat is not None else 0
        fields = state.notation(None if shown else viewer).split(" ")
        if seat is None and not shown:  # a spectator: no hand at all
            fields[4] = "/".join(f"?{len(hand)}" for hand in state.hands)
        coins = state.coins
        return {
            "game": self.name,
            "seat": None if seat is None else seat + 1,
            "notation": " ".join(fields),
            "square": state.square.notation(),
            "cells": [None if v == EMPTY else Card(v).notation() for v in state.square.values],
            "rules": state.rules.to_dict(),
            "level": state.level.name,
            "players": state.players,
            "to_move": None if over else state.turn + 1,
            "number": state.number,
            "tokens": state.tokens,
            "hand": None if seat is None else _cards(state.hand(seat)),
            "hands": [_cards(hand) if shown else len(hand) for hand in state.hands],
            "locked": sorted(state.locked),
            "coins": None if coins is None else list(coins),
            "open_hands": state.open_hands,
            "last": None if not state.history else state.history[-1].notation(),
            "legal_moves": self.legal(state, seat),
            "outcome": self.outcome(state),
            "seed": state.seed if over else None,
        }

    def bot_move(self, state: GameState, seat: int, bot: str, rng: random.Random) -> str:
        """The bot's move from ``seat``'s :class:`~officers.euler.view.PlayerView` alone."""
        return get_bot(bot).choose(state.view(seat), rng).notation()


ADAPTER: Final = OfficersAdapter()
"""The adapter the registry names (``officers.rooms.officers:ADAPTER``)."""
