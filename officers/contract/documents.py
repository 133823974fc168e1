"""The documents of the contract that the library objects do not write themselves: a game, a
move, a count, a completion, a verification, hello, health, an error, a schema.

Conventions (docs/json.md): a square is its notation; a cell an int 0-15 (``4 * row +
column``); a card two ASCII letters (``"AS"``); a move its move notation; a player 1-based
(``1`` is the first player); sentences under ``text`` by language.
"""

from __future__ import annotations

from typing import Any, Final

from officers.analysis import JSON_VERSION
from officers.cards import Card
from officers.contract.schemas import KINDS, schema
from officers.game import GameState
from officers.moves import COIN_OFF, Move
from officers.puzzles import StartReport
from officers.rules import Rules
from officers.square import EMPTY, Square
from officers.words import LANGS

__all__ = [
    "PROTOCOL",
    "completion_document",
    "count_document",
    "error_document",
    "game_document",
    "health_document",
    "hello_document",
    "move_document",
    "officers_version",
    "schema_document",
    "verification_document",
]

PROTOCOL: Final = 1
"""The version of the engine protocol (the ``hello`` says it)."""


def officers_version() -> str:
    """The version of officers (``officers.__version__``, which the package metadata copies)."""
    from officers import __version__

    return __version__


def head(kind: str) -> dict[str, Any]:
    """The two keys every document starts with."""
    return {"version": JSON_VERSION, "kind": kind}


def game_document(state: GameState) -> dict[str, Any]:
    """A game: its notation (to send back), the square as notation and as 16 cells, the
    level, players, the player to move (1-based), hands, tokens, locked cells, coins, outcome
    and legal moves."""
    outcome = state.outcome()
    coins = state.coins
    return {
        **head("game"),
        "game": state.notation(),
        "square": state.square.notation(),
        "cells": [None if v == EMPTY else Card(v).notation() for v in state.square.values],
        "rules": state.rules.to_dict(),
        "level": state.level.name,
        "clock": state.level.clock,
        "players": state.players,
        "to_move": state.turn + 1,
        "number": state.number,
        "tokens": state.tokens,
        "hands": [[card.notation() for card in hand] for hand in state.hands],
        "locked": sorted(state.locked),
        "coins": None if coins is None else [None if c in (None, COIN_OFF) else c for c in coins],
        "open_hands": state.open_hands,
        "seed": state.seed,
        "outcome": None
        if outcome is None
        else {
            "won": outcome.won,
            "reason": outcome.reason,
            "player": None if outcome.player is None else outcome.player + 1,
            "text": str(outcome),
        },
        "legal_moves": [] if outcome is not None else [m.notation() for m in state.legal_moves()],
    }


def move_document(
    state: GameState, move: Move | str, refusal: str | None, bot: str | None = None
) -> dict[str, Any]:
    """A move played (``refusal`` ``None``) or refused (the state unchanged), and the game."""
    return {
        **head("move"),
        "move": move if isinstance(move, str) else move.notation(),
        "accepted": refusal is None,
        "bot": bot,
        "refusal": refusal,
        "game": game_document(state),
    }


def count_document(square: Square, rules: Rules, completions: int) -> dict[str, Any]:
    """The number of completions of a square."""
    return {
        **head("count"),
        "square": square.notation(),
        "rules": rules.to_dict(),
        "completions": completions,
    }


def completion_document(square: Square, rules: Rules, completion: Square | None) -> dict[str, Any]:
    """One completion of a square, or ``null``."""
    return {
        **head("completion"),
        "square": square.notation(),
        "rules": rules.to_dict(),
        "completion": None if completion is None else completion.notation(),
    }


def report_item(start: Square, report: StartReport | None) -> dict[str, Any]:
    """One start of a verification (``report`` ``None``: its solver ran out of time)."""
    if report is None:
        return {
            "start": start.notation(),
            "status": "unknown",
            "completions": None,
            "unique": False,
            "minimal": False,
            "completion": None,
            "redundant": [],
        }
    return {
        "start": start.notation(),
        "status": "exact",
        "completions": report.completions,
        "unique": report.unique,
        "minimal": report.minimal,
        "completion": None if report.completion is None else report.completion.notation(),
        "redundant": list(report.redundant),
    }


def verification_document(rules: Rules, items: list[dict[str, Any]]) -> dict[str, Any]:
    """A batch of starts verified (:func:`report_item` each)."""
    return {**head("verification"), "rules": rules.to_dict(), "results": items}


def hello_document(ops: tuple[str, ...]) -> dict[str, Any]:
    """The engine's greeting: versions, operations, kinds, languages."""
    return {
        **head("hello"),
        "officers": officers_version(),
        "protocol": PROTOCOL,
        "ops": list(ops),
        "kinds": list(KINDS),
        "langs": list(LANGS),
    }


def health_document() -> dict[str, Any]:
    """The service is up."""
    return {**head("health"), "status": "ok", "officers": officers_version()}


def schema_document(name: str) -> dict[str, Any]:
    """A JSON Schema of the contract."""
    return {**head("schema"), "name": name, "schema": schema(name)}


def error_document(code: str, message: str) -> dict[str, Any]:
    """An error: its code, the message, and ``answer`` ``"unknown"`` for a timeout."""
    return {
        **head("error"),
        "code": code,
        "message": message,
        "answer": "unknown" if code == "timeout" else None,
    }
