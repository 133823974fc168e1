"""Eight Off through the contract: its operations (``eightoff/...`` in the registry,
:mod:`officers.games`) and its documents (``eightoff-...``), written here once for the engine,
the service and the command line.

A game travels as its game notation (``game``: the start position, ``;``, the moves made; a
position alone is a game without moves), so that the service holds nothing between requests:
a frontend keeps the notation of the last answer and sends it back with the next move.

>>> from officers.contract import handle
>>> dealt = handle({"op": "eightoff/deal", "variant": "freecell", "number": 11982, "microsoft": True})
>>> dealt["kind"], dealt["number"], dealt["legal"][:3]
('eightoff-game', 11982, ['1a', '1b', '1c'])
>>> moved = handle({"op": "eightoff/move", "game": dealt["game"], "move": "1h", "lang": "de"})
>>> moved["refused"]["rule"], moved["refused"]["text"]
('not-next', 'Nicht erlaubt (1h): Kreuz-König ist nicht die nächste Karte ihres Ablagestapels (dort liegen 0 Karten)')
>>> lost = handle({"op": "eightoff/deal", "variant": "bakers-game", "number": 2})
>>> handle({"op": "eightoff/solve", "game": lost["game"]})["status"]
'unsolvable'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from officers.contract.bounded import CancelledError
from officers.contract.documents import head
from officers.contract.limits import Budget, Limits
from officers.contract.requests import BadRequestError, Request
from officers.contract.turns import play_or_refuse, take_back
from officers.core.errors import SolverTimeoutError, excerpt
from officers.eightoff.game import EightOffGame
from officers.eightoff.hints import (
    DEFAULT_LEVEL,
    Hint,
    HintLevel,
    check_level,
    solver_move,
    where_lost,
)
from officers.eightoff.notation import board_text, read_board
from officers.eightoff.rules import safe_moves
from officers.eightoff.solve import Solution, solve_position
from officers.eightoff.variant import EIGHT_OFF, FREECELL, PRESETS, Variant
from officers.eightoff.words import languages

if TYPE_CHECKING:
    from officers.eightoff.position import Position

__all__ = [
    "HINT_MARGIN",
    "MAX_MOVES",
    "deal_op",
    "game_document",
    "hint_document",
    "hint_op",
    "hint_time",
    "hint_within",
    "move_document",
    "move_op",
    "presets_document",
    "presets_op",
    "solution_document",
    "solve_op",
    "undo_op",
]

MAX_MOVES: Final = 2000
"""The most moves a game sent to an operation may carry (a win takes some 100 to 200; the
notation is read move by move, each checked by the rules)."""


# --- documents -------------------------------------------------------------------------------


def presets_document() -> dict[str, Any]:
    """The named variants and their rules (``eightoff-presets``)."""
    return {**head("eightoff-presets"), "presets": [v.to_dict() for v in PRESETS.values()]}


def game_document(game: EightOffGame, lang: str = "en") -> dict[str, Any]:
    """A game (``eightoff-game``): ``game`` (its notation, to send back), ``number`` (the deal's
    number, or null), ``variant`` (its rules), ``start`` and ``position`` (notations),
    ``layout`` (the position's cards, as the page draws them), ``moves``, ``outcome`` (or
    null; its ``text`` in ``lang``), ``legal`` (every legal move now), ``safe`` (the moves to
    the foundation that never lose a win: those the solver plays at once) and ``board`` (the
    position in fc-solve's text)."""
    data = game.to_dict()
    position = game.position
    outcome = game.outcome()
    if outcome is not None:
        data["outcome"] = {**outcome.to_dict(), "text": outcome.text(lang)}
    return {
        **head("eightoff-game"),
        "game": data["notation"],
        "number": game.number,
        "variant": position.variant.to_dict(),
        "start": data["start"],
        "position": data["position"],
        "layout": {key: value for key, value in position.to_dict().items() if key != "notation"},
        "moves": data["moves"],
        "outcome": data["outcome"],
        "legal": [move.notation() for move in game.legal_moves()],
        "safe": [move.notation() for move in safe_moves(position)],
        "board": board_text(position),
    }


def move_document(
    game: EightOffGame, move: str, refused: dict[str, Any] | None = None, lang: str = "en"
) -> dict[str, Any]:
    """A move played (``eightoff-move``): the game after it (:func:`game_document`'s fields)
    and ``move``, or, when ``refused`` (``rule`` and ``text``), the game unchanged."""
    document = game_document(game, lang)
    return {**document, "kind": "eightoff-move", "move": move, "refused": refused}


def hint_document(hint: Hint, position: Position, lang: str = "en") -> dict[str, Any]:
    """A hint (``eightoff-hint``): :meth:`Hint.to_dict` and the ``position`` it is about."""
    return {**head("eightoff-hint"), **hint.to_dict(lang), "position": position.notation()}


def solution_document(solution: Solution, position: Position) -> dict[str, Any]:
    """What the solver found (``eightoff-solution``): ``status`` (``solvable``, ``unsolvable``
    or ``unknown``), the win's ``moves`` (each as ``eightoff/move`` takes it and ``legal``
    lists it: a run with its count, ``82v2``) and their ``count``, ``notation`` (the win as
    ``fc-solve -m -snx`` writes it, without counts), ``optimal`` (the fewest moves proved),
    ``reason`` (why unknown, or why not proved the fewest), ``states`` and ``seconds``."""
    moves = [solver_move(move).notation() for move in solution.moves]
    return {
        **head("eightoff-solution"),
        "position": position.notation(),
        "status": solution.status,
        "moves": moves,
        "notation": solution.notation,
        "count": len(moves),
        "optimal": solution.optimal,
        "reason": solution.reason,
        "states": solution.states,
        "seconds": round(solution.seconds, 6),
    }


# --- reading requests ------------------------------------------------------------------------


def _variant(request: Request) -> Variant | None:
    """The request's ``variant``, or ``None`` when it gives none."""
    return Variant.parse(request.text("variant")) if "variant" in request else None


def _lang(request: Request) -> str:
    return request.language(languages())


def _game(request: Request) -> EightOffGame:
    """The game of the request's ``game`` (a game or position notation), with ``number``."""
    text = request.get("game")
    if not isinstance(text, str):
        raise BadRequestError("bad-request", f"'game' must be a string, got {excerpt(text)}")
    if text.count(" ") > MAX_MOVES + 8:
        raise BadRequestError("limit", f"a game carries at most {MAX_MOVES} moves")
    game = EightOffGame.parse(text)
    number = request.count("number", None, nullable=True, least=1)
    if number is not None:
        game.number = number
    return game


# --- operations ------------------------------------------------------------------------------


def presets_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``eightoff/presets``."""
    return presets_document()


def deal_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``eightoff/deal``: ``number`` (of ``variant``, Eight Off by default; with
    ``microsoft``, Microsoft's FreeCell numbering, FreeCell by default) or ``board``
    (fc-solve's text, of ``variant``; without one, of the variant the board names, else of
    Eight Off: as :func:`~officers.eightoff.notation.read_board` reads it)."""
    microsoft = request.flag("microsoft")
    lang = _lang(request)
    given = _variant(request)
    if ("number" in request) == ("board" in request):
        raise BadRequestError("bad-request", "a deal request needs either 'number' or 'board'")
    if "board" in request:
        if microsoft:
            raise BadRequestError("bad-input", "'microsoft' goes with 'number', not 'board'")
        # no variant given: the variant the board names, else Eight Off (read_board's default)
        return game_document(EightOffGame(read_board(request.text("board"), given)), lang)
    variant = given or (FREECELL if microsoft else EIGHT_OFF)
    number = request.count("number", None, least=1)
    if microsoft:
        return game_document(EightOffGame.microsoft(number, variant), lang)
    return game_document(EightOffGame.deal(number, variant), lang)


def move_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``eightoff/move``: the game after ``move``, or the move refused with its rule (in
    ``lang``); the game unchanged then."""
    game = _game(request)
    lang = _lang(request)
    move, rule = play_or_refuse(game, request.text("move"), lang)
    return move_document(game, move, rule, lang)


def undo_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``eightoff/undo``: the game with its last ``count`` moves (1 by default) taken back."""
    game = _game(request)
    lang = _lang(request)
    take_back(game, request.count("count", 1, least=1))
    return game_document(game, lang)


def _searched(solution_reason: str | None) -> None:
    if solution_reason == "cancelled":
        raise CancelledError("the search was cancelled")


HINT_MARGIN: Final = 0.25
"""The seconds of the door's time limit a hint leaves for its answer's way back (at most 15 %
of the time left)."""


def hint_time(left: float) -> float:
    """The seconds a hint's searches may take when ``left`` remain of the door's limit: the
    rest kept for the answer (:data:`HINT_MARGIN`), and a millisecond at least (a search then
    answers *unknown* at once).

    >>> hint_time(2.0), hint_time(0.1), hint_time(-1.0)
    (1.75, 0.085, 0.001)
    """
    return max(0.001, left - min(HINT_MARGIN, 0.15 * left)) if left > 0 else 0.001


def hint_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``eightoff/hint``: whether the game can still be won, the next move, where it was
    lost, by :func:`hint_within`."""
    game = _game(request)
    lang = _lang(request)
    level = _level(request)
    hint = hint_within(game, limits, request.budget, level)
    return hint_document(hint, game.position, lang)


def _level(request: Request) -> HintLevel:
    """The request's ``level`` (``move`` when missing or null): one of the hint's
    :data:`~officers.eightoff.hints.LEVELS`, else ``bad-input``."""
    try:
        return check_level(request.word("level", DEFAULT_LEVEL))
    except ValueError as error:
        raise BadRequestError("bad-input", str(error)) from None


def hint_within(
    game: EightOffGame, limits: Limits, budget: Budget, level: HintLevel = DEFAULT_LEVEL
) -> Hint:
    """The hint of ``game`` (:func:`~officers.eightoff.hints.where_lost`) as every door gives
    it (``eightoff/hint``, a room's hint): within the door's limits (``limits``, what is left of
    ``budget``, less :data:`HINT_MARGIN` for the answer's way back), holding one of its search
    slots (none free: :class:`BadRequestError` ``busy``). A search out of time (or memory)
    answers *unknown*, with its reason, never a timeout; a request that waited out its time is
    told *unknown* at once; the engine's ``cancel`` raises :class:`CancelledError`. ``level``:
    how much the hint tells (:data:`~officers.eightoff.hints.LEVELS`)."""
    try:
        time_limit = hint_time(budget.time_left(limits.time_limit))
    except SolverTimeoutError:  # the request waited out its time: unknown, without a search
        time_limit = hint_time(0.0)
    with budget.slot():
        hint = where_lost(
            game,
            time_limit=None,
            max_states=limits.max_states,
            budget=budget.within(time_limit),
            level=level,
        )
    _searched(hint.reason)
    return hint


def solve_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``eightoff/solve``: the solver's verdict on the game's position now (``fewest``: the
    fewest moves, when the search finishes within the limits)."""
    game = _game(request)
    fewest = request.flag("fewest")
    budget = request.budget
    time_limit = budget.time_left(limits.time_limit)
    with budget.slot():
        solution = solve_position(
            game.position,
            time_limit=time_limit,
            max_states=limits.max_states,
            fewest=fewest,
            cancel=budget.cancel,
        )
    _searched(solution.reason)
    return solution_document(solution, game.position)
