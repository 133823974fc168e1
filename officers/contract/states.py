"""The play operations: every game dealt, played and taken back alike (contract version 3).

Written once over the game-state protocol (:class:`officers.games.State`) and the registry
(:data:`officers.games.GAMES`): ``play/games`` lists the games, ``play/new`` deals numbered deal
N of any game, ``play/move`` plays a move and ``play/undo`` takes moves back. Each answers with
one of two documents, the same for every game:

- ``play-state``: ``game`` (its registry name), ``state`` (the notation to send back), ``players``,
  ``to_move`` (1-based, ``null`` at the end), ``legal_moves`` (each a move object with its
  ``notation``, the field a client sends back), ``moves`` (the notations of the moves that
  ``play/undo`` can take back), ``view`` (what the player to move, or the ``player`` asked for,
  may know: the game's own object, which only the board reads), ``outcome`` (``null``, or
  ``returns`` for each player, ``text`` in the asked language and the game's own ``detail``);
- ``play-move``: ``move`` (as played, or as sent when refused), ``refused`` (``null``, or
  ``rule`` and ``text`` in the asked language) and ``state`` (a ``play-state`` document: the
  state after the move, or unchanged when refused).

A client thus plays every game with one loop; only the board (drawing ``view``) is the game's.

>>> from officers.contract import handle
>>> state = handle({"op": "play/new", "game": "skat", "deal": 1})
>>> state["kind"], state["version"], state["to_move"], state["legal_moves"][0]["notation"]
('play-state', 3, 1, 'C')
>>> answer = handle({"op": "play/move", "game": "skat", "state": state["state"], "move": "G"})
>>> answer["refused"], answer["state"]["moves"]
(None, ['G'])
>>> answer = handle({"op": "play/move", "game": "skat", "state": state["state"],
...                  "move": "JS@4", "lang": "de"})
>>> answer["refused"]["rule"], answer["state"]["moves"]
('choose-first', [])
"""

from __future__ import annotations

from inspect import signature
from typing import Any, Final

from officers.contract.limits import Limits
from officers.contract.requests import BadRequestError, Request
from officers.core.errors import IllegalMoveError, NotationError, excerpt
from officers.games import GAMES, Registered, State

__all__ = ["VERSION", "games_op", "move_op", "new_op", "state_document", "undo_op"]

VERSION: Final = 3
"""The version of the play documents: the contract's third, beside the games' own documents of
version 2 (served until 0.5)."""

LANGS: Final = ("de", "en")
"""The languages every game speaks."""


def _game(request: Request) -> Registered:
    name = request.text("game")
    game = GAMES.get(name)
    if game is None or game.state is None:
        playable = ", ".join(g.name for g in GAMES.values() if g.state is not None)
        raise BadRequestError("bad-input", f"no game {excerpt(name)}: expected one of {playable}")
    return game


def _player(request: Request, state: State) -> int | None:
    """The ``player`` asked for (1-based in the request), 0-based, or ``None``."""
    asked = request.count("player", None, nullable=True, least=1)
    if asked is None:
        return None
    if asked > state.players:
        raise BadRequestError(
            "bad-input", f"no player {asked}: this game has {state.players} (numbered from 1)"
        )
    return int(asked) - 1


def state_document(
    game: Registered, state: State, lang: str = "en", player: int | None = None
) -> dict[str, Any]:
    """The ``play-state`` document of ``state`` (see the module), the view that of ``player``
    (0-based; default: the player to move, or the first player at the end)."""
    to_move = state.current_player
    seen = player if player is not None else (to_move if to_move is not None else 0)
    outcome = state.outcome()
    notation = state.notation()
    kept = state.moves if game.info is None or game.info.record else ()  # what play/undo can undo
    return {
        "version": VERSION,
        "kind": "play-state",
        "game": game.name,
        "state": notation,
        "players": state.players,
        "to_move": None if to_move is None else to_move + 1,
        "legal_moves": [move.to_dict() for move in state.legal_moves()],
        "moves": [move.notation() for move in kept],
        "view": state.view(seen).to_dict(),
        "outcome": None
        if outcome is None
        else {
            "returns": [int(r) for r in state.returns()],  # 1 won, 0 lost
            "text": outcome.text(lang),  # type: ignore[attr-defined]
            "detail": outcome.to_dict(),
        },
    }


def _read(game: Registered, request: Request) -> State:
    try:
        return game.parse(request.text("state"))
    except NotationError as error:
        raise BadRequestError("bad-input", str(error)) from None


def games_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``play/games``: every game the play operations deal, with what it is."""
    return {
        "version": VERSION,
        "kind": "play-games",
        "games": [
            {"name": game.name, "title": game.title, **game.info.to_dict()}
            for game in GAMES.values()
            if game.state is not None and game.info is not None
        ],
    }


def new_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``play/new``: numbered deal ``deal`` of ``game``, with the game's ``options``."""
    game = _game(request)
    number = request.count("deal", 0)
    options = request.get("options", {})
    try:
        signature(game.state_class().deal).bind(number, **options)  # type: ignore[attr-defined]
    except TypeError:  # an option the game does not have
        raise BadRequestError(
            "bad-input", f"{game.title} takes no such options: {excerpt(options)}"
        ) from None
    try:
        state = game.deal(number, **options)
    except TypeError as error:  # an option of the wrong type: the game's message quotes it
        raise BadRequestError("bad-input", str(error)) from None
    return state_document(game, state, request.language(LANGS), _player(request, state))


def move_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``play/move``: ``move`` played in ``state``, or refused with its rule."""
    game = _game(request)
    state = _read(game, request)
    lang = request.language(LANGS)
    text = request.text("move")
    refused: dict[str, str] | None = None
    try:
        refusal = state.refusal(text)
        if refusal is not None:
            refused = {"rule": refusal.kind, "text": refusal.text(lang)}
        else:
            text = state.push(text).notation()
    except IllegalMoveError as error:  # the rules refuse what no refusal names: say so
        refused = {"rule": "illegal", "text": str(error)}
    return {
        "version": VERSION,
        "kind": "play-move",
        "game": game.name,
        "move": text,
        "refused": refused,
        "state": state_document(game, state, lang, _player(request, state)),
    }


def undo_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``play/undo``: the last ``count`` moves (default 1) of ``state`` taken back."""
    game = _game(request)
    state = _read(game, request)
    count = request.count("count", 1, least=1)
    if count > len(state.moves):
        raise BadRequestError(
            "bad-input",
            f"cannot take back {count} moves: the state holds {len(state.moves)} "
            "(a game whose notation keeps no moves takes back by its own moves)",
        )
    for _ in range(count):
        state.pop()
    return state_document(game, state, request.language(LANGS), _player(request, state))
