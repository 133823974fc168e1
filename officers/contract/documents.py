"""The documents of the contract that the library objects do not write themselves: a game, a
move, a count, a completion, a verification, hello, health, an error, a schema, and the
documents of the command line (a square checked, completions, an enumeration, a riddle, a census,
a player's view, a simulation, the rules checked).

Conventions (docs/json.md): a square is its notation; a cell an int 0-15 (``4 * row +
column``); a card two ASCII letters (``"AS"``); a move its move notation; a player 1-based
(``1`` is the first player); sentences under ``text`` by language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from officers.contract.schemas import KINDS, schema
from officers.euler.analysis import JSON_VERSION
from officers.euler.cards import Card
from officers.euler.moves import COIN_OFF
from officers.euler.rules import Rules
from officers.euler.square import EMPTY, MAX_TEXT_ORDER, Square
from officers.euler.words import LANGS

if TYPE_CHECKING:  # the puzzles' modules load on first use (a hint needs none of them)
    from officers.euler.game import GameState
    from officers.euler.moves import Move
    from officers.euler.puzzles import Census, Riddle, StartClass

__all__ = [
    "PROTOCOL",
    "census_document",
    "completion_document",
    "completions_document",
    "count_document",
    "enumeration_document",
    "error_document",
    "finished_document",
    "game_document",
    "head",
    "health_document",
    "hello_document",
    "move_document",
    "officers_version",
    "riddle_document",
    "rules_check_document",
    "schema_document",
    "simulation_document",
    "square_document",
    "square_value",
    "verification_document",
    "view_document",
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


def _with_method(data: dict[str, Any], method: str | None) -> dict[str, Any]:
    if method is not None:
        data["method"] = method
    return data


def square_value(square: Square) -> str | dict[str, Any]:
    """A square as documents write it: its notation, or above order 26 (where there is no
    notation) its JSON form (``order`` and ``cells``).

    >>> square_value(Square("AS3/4/4/4"))
    'AS3/4/4/4'
    >>> sorted(square_value(Square.empty(27)))
    ['cells', 'order']
    """
    if square.order <= MAX_TEXT_ORDER:
        return square.notation()
    return square.to_dict()


def square_document(square: Square, rules: Rules) -> dict[str, Any]:
    """A square checked against the rules: ``valid``, and the ``conflicts`` (each with the line,
    the attribute, the symbol, the cells and its sentence under ``text``).

    >>> data = square_document(Square("AS1AH1/4/4/4"), Rules())
    >>> data["kind"], data["valid"], data["conflicts"][0]["cells"]
    ('square', False, [0, 2])
    """
    conflicts = [conflict.to_dict() for conflict in rules.conflicts(square)]
    for conflict in conflicts:
        conflict["text"] = {"en": conflict["text"]}
    return {
        **head("square"),
        "square": square_value(square),
        "rules": rules.to_dict(),
        "valid": not conflicts,
        "conflicts": conflicts,
    }


def count_document(
    square: Square, rules: Rules, completions: int, method: str | None = None
) -> dict[str, Any]:
    """The number of completions of a square (and the ``method`` that counted them, when said).

    >>> count_document(Square("AS3/4/4/4"), Rules(), 432, "index")["completions"]
    432
    """
    data = {
        **head("count"),
        "square": square_value(square),
        "rules": rules.to_dict(),
        "completions": completions,
    }
    return _with_method(data, method)


def completion_document(
    square: Square,
    rules: Rules,
    completion: Square | None,
    method: str | None = None,
    reason: str | None = None,
) -> dict[str, Any]:
    """One completion of a square, or ``null`` (with why not under ``text``, when said)."""
    data = {
        **head("completion"),
        "square": square_value(square),
        "rules": rules.to_dict(),
        "completion": None if completion is None else square_value(completion),
    }
    if completion is None and reason is not None:
        data["text"] = {"en": reason}
    return _with_method(data, method)


def completions_document(
    square: Square, rules: Rules, found: list[Square], method: str | None = None
) -> dict[str, Any]:
    """Every completion of a square (``count`` of them)."""
    data = {
        **head("completions"),
        "square": square_value(square),
        "rules": rules.to_dict(),
        "count": len(found),
        "completions": [square_value(completion) for completion in found],
    }
    return _with_method(data, method)


def finished_document(number: int, square: Square) -> dict[str, Any]:
    """One finished square of an enumeration (a JSON line), numbered from 1."""
    return {**head("finished"), "number": number, "square": square.notation()}


def enumeration_document(
    rules: Rules, count: int, complete: bool, method: str | None = None
) -> dict[str, Any]:
    """The last line of an enumeration: how many finished squares came before it, and whether
    that is all of them (``complete`` false: the time ran out, ``count`` is a lower bound)."""
    data = {**head("enumeration"), "rules": rules.to_dict(), "count": count, "complete": complete}
    return _with_method(data, method)


def verification_document(
    rules: Rules, results: list[dict[str, Any]], summary: dict[str, Any]
) -> dict[str, Any]:
    """A batch of starts verified: ``results`` the ``verify-result`` documents of
    :func:`officers.euler.puzzles.verify_batch` (one per start, in order, an unreadable start in its
    place), ``summary`` their ``verify-summary``; ``rules`` those of a start that names none."""
    return {
        **head("verification"),
        "rules": rules.to_dict(),
        "results": results,
        "summary": summary,
    }


def riddle_document(riddle: Riddle, number: int | None = None) -> dict[str, Any]:
    """A riddle made by ``officers puzzle new``: the start, its only ``completion``, the seed
    that makes it, its grade (and its ``number`` in a collection)."""
    data: dict[str, Any] = {**head("riddle")}
    if number is not None:
        data["number"] = number
    data.update(
        {
            "start": riddle.start.notation(),
            "completion": riddle.solution.notation(),
            "rules": riddle.rules.to_dict(),
            "seed": riddle.seed,
            "cards": riddle.start.placed_count(),
            "minimal": riddle.minimal,
            "grade": riddle.grade.to_dict(),
        }
    )
    return data


def census_document(
    table: Census,
    classes: dict[str, tuple[StartClass, ...]],
    burnside: dict[str, int],
    group_orders: dict[str, int],
) -> dict[str, Any]:
    """The census of unique starts, and the classes of the smallest riddles under each kind of
    symmetry (``lines``, ``puzzle``) with their number by Burnside's lemma and the order of the
    group."""
    return {
        **head("census"),
        **table.to_dict(),
        "classes": {
            kind: {
                "count": len(found),
                "burnside": burnside[kind],
                "group_order": group_orders[kind],
                "classes": [item.to_dict() for item in found],
            }
            for kind, found in classes.items()
        },
    }


def view_document(state: GameState, player: int) -> dict[str, Any]:
    """What one player (0-based here, 1-based in the document) may know of a game: the game
    notation as that player sees it, the view, the player to move, the outcome and, when it
    is that player's turn, the legal moves."""
    full = game_document(state)
    return {
        **head("player-view"),
        "player": player + 1,
        "game": state.notation(player),
        "view": state.view(player).to_dict(),
        "to_move": full["to_move"],
        "outcome": full["outcome"],
        "legal_moves": full["legal_moves"] if player == state.turn else [],
    }


def simulation_document(data: dict[str, Any]) -> dict[str, Any]:
    """The results of ``officers simulate`` (``data``: ``{"results": [...]}``)."""
    return {**head("simulation"), **data}


def rules_check_document(data: dict[str, Any]) -> dict[str, Any]:
    """The claims of the rules checked by ``officers verify-rules`` (``data``: ``{"claims":
    [...], "all_hold": ..., ...}``)."""
    return {**head("rules-check"), **data}


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
        "answer": "unknown" if code in ("timeout", "cancelled") else None,
    }
