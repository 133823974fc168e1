"""A move and a take-back, as the doors of every game with a rules engine answer them.

The games' contract modules (:mod:`officers.contract.eightoff`, :mod:`officers.contract.skat`)
each read their game from the request and write their own documents; what lies between is the
same for every game whose state has ``refusal``, ``push``, ``pop`` and ``moves`` (the shape of
:class:`officers.eightoff.game.EightOffGame` and :class:`officers.skat.game.SkatGame`), and it
lives here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from officers.contract.requests import BadRequestError
from officers.core.errors import IllegalMoveError

__all__ = ["Turns", "play_or_refuse", "take_back"]


class _Refusal(Protocol):
    @property
    def kind(self) -> str: ...

    def text(self, lang: str = ...) -> str: ...


class _Move(Protocol):
    def notation(self) -> str: ...


class Turns(Protocol):
    """A game state with undo, as the doors use it."""

    @property
    def moves(self) -> Sequence[Any]: ...

    def refusal(self, move: Any) -> _Refusal | None: ...

    def push(self, move: Any) -> _Move: ...

    def pop(self) -> Any: ...


def play_or_refuse(game: Turns, text: str, lang: str) -> tuple[str, dict[str, str] | None]:
    """Play the move ``text`` in ``game``: its notation and ``None``, or, when the rules refuse
    it, ``text`` and its rule (``{"rule": kind, "text": the sentence in lang}``) with the game
    unchanged."""
    refused = game.refusal(text)
    if refused is not None and refused.kind == "unreadable":
        # version 2 answers text that is no move with the parser's error (bad input), as it
        # did before refusal() named it; version 3 (play/move) answers the refusal
        game.push(text)  # raises that NotationError, quoting the text
        raise AssertionError(f"{text!r} was refused as unreadable, yet played")
    if refused is not None:
        return text, {"rule": refused.kind, "text": refused.text(lang)}
    try:
        played = game.push(text)
    except IllegalMoveError as error:  # the rules refuse what no Refusal names: say so
        return text, {"rule": "illegal", "text": str(error)}
    return played.notation(), None


def take_back(game: Turns, count: int) -> None:
    """Take back the last ``count`` moves of ``game``; more than it has is a bad request."""
    if count > len(game.moves):
        raise BadRequestError(
            "bad-input", f"cannot take back {count} moves: the game has {len(game.moves)}"
        )
    for _ in range(count):
        game.pop()
