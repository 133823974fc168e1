"""Euler's Officers through the contract: the operations on squares and games that the
registry (:mod:`officers.games`) names for it, each ``OP_op(request, limits)``.

>>> from officers.contract import handle
>>> handle({"op": "count", "square": "AC3/1JS2/1AH1QD/4"})["completions"]
1
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from officers.contract.bounded import bounded
from officers.contract.documents import (
    completion_document,
    count_document,
    game_document,
    move_document,
    verification_document,
)
from officers.contract.limits import Limits
from officers.contract.play import refusal_text, slip
from officers.contract.requests import BadRequestError, Request, integral
from officers.core.errors import IllegalPlacementError, excerpt
from officers.euler.analysis import MAX_REASONS, explain
from officers.euler.game import GameState, Variant, new_game, view_from_notation
from officers.euler.game_notation import read_fields
from officers.euler.hints import hint
from officers.euler.rules import Rules
from officers.euler.solve import completions, count_completions
from officers.euler.solve.base import DEFAULT_TIME_LIMIT
from officers.euler.square import Square
from officers.euler.view import PlayerView
from officers.euler.words import read_lang

__all__ = [
    "bot_op",
    "complete_op",
    "count_op",
    "explain_op",
    "first_completion",
    "hint_op",
    "move_op",
    "new_op",
    "player_view",
    "verify_op",
]

_T = TypeVar("_T")


def _rules(request: Request, square: Square, limits: Limits) -> Rules:
    if square.order > limits.max_order:
        raise BadRequestError(
            "limit",
            f"squares of order {square.order} are over this service's limit ({limits.max_order})",
        )
    return Rules(order=square.order, diagonals=request.flag("diagonals"))


def _square(request: Request, limits: Limits, name: str = "square") -> tuple[Square, Rules]:
    text = request.text(name)
    order = text.count("/") + 1
    if order > limits.max_order:
        raise BadRequestError(
            "limit", f"squares of order {order} are over this service's limit ({limits.max_order})"
        )
    square = Square(text, order=order)
    return square, _rules(request, square, limits)


def first_completion(
    square: Square, rules: Rules, time_limit: float | None = DEFAULT_TIME_LIMIT
) -> Square | None:
    """One completion of the square, or ``None``."""
    return next(completions(square, rules, time_limit=time_limit), None)


def _solve(
    function: Callable[..., _T], square: Square, rules: Rules, request: Request, limits: Limits
) -> _T:
    """``function(square, rules)``: at order 4 directly (the index answers at once), else in
    a child process under the time limit (what is left of it), holding one of the door's search
    slots."""
    if rules.order == 4:
        return function(square, rules)
    budget = request.budget
    time_limit = budget.time_left(limits.time_limit)
    with budget.slot():  # the child process is ended at the limit: the search needs no limit
        return bounded(
            partial(function, time_limit=None), (square, rules), time_limit, budget.cancel
        )


def count_op(request: Request, limits: Limits) -> dict[str, Any]:
    square, rules = _square(request, limits)
    return count_document(square, rules, _solve(count_completions, square, rules, request, limits))


def complete_op(request: Request, limits: Limits) -> dict[str, Any]:
    square, rules = _square(request, limits)
    return completion_document(
        square, rules, _solve(first_completion, square, rules, request, limits)
    )


def explain_op(request: Request, limits: Limits) -> dict[str, Any]:
    square, rules = _square(request, limits)
    lang, most = _words(request)
    explanation = explain(square, rules, locked=request.cells("locked"))
    return explanation.to_dict(lang, most)


def _words(request: Request) -> tuple[str, int | None]:
    lang = request.word("lang", "en")
    read_lang(lang)
    return lang, request.count("max_reasons", MAX_REASONS, nullable=True)


def player_view(request: Request) -> PlayerView:
    """The view a hint request is about: ``game`` (and ``player``, 1-based) or ``view``."""
    if ("game" in request) == ("view" in request):
        raise BadRequestError("bad-request", "a hint request needs either 'game' or 'view'")
    if "view" in request:
        data = integral(request.object("view"))
        rules = data.get("rules")
        if "diagonals" in data and rules is None:
            data = {**data, "rules": {"order": 4, "diagonals": bool(data["diagonals"])}}
        return PlayerView.from_dict({k: v for k, v in data.items() if k != "diagonals"})
    text = request.text("game")
    player = request.count("player", None, nullable=True, least=1)
    if player is None:
        fields = read_fields(text)
        if all(hand is not None for hand in fields.hands):
            player = fields.turn + 1
    return view_from_notation(text, None if player is None else player - 1)


def hint_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``hint``: :func:`~officers.euler.hints.hint` of the request's view, within its budget
    (the index answers at once: no search slot is held)."""
    lang, most = _words(request)
    return hint(player_view(request), budget=request.budget).to_dict(lang, most)


def _game(request: Request, name: str = "game") -> GameState:
    """The game of the request's ``game`` notation, with the deal's seed of ``deal_seed``."""
    state = GameState.parse(request.text(name))
    seed = request.count("deal_seed", None, nullable=True)
    if seed is not None:
        state.seed = seed
    return state


def move_op(request: Request, limits: Limits) -> dict[str, Any]:
    state = _game(request)
    text = request.text("move")
    try:
        move = state.parse_move(text)
    except IllegalPlacementError as error:
        answer = move_document(state, text, str(error))
        if "lang" in request:
            lang = request.word("lang", "en")
            answer["slip"] = slip(state, text, lang)
            answer["text"] = refusal_text(state, text, lang)
        return answer
    state.push(move)
    return move_document(state, move, None)


def bot_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``bot``: the move of a bot of :data:`~officers.euler.bots.BOTS` or of a partner's
    level (:data:`~officers.euler.bots.LEVELS`: ``beginner``, ``club``, ``strong``,
    ``strongest``), named by ``bot``, played in the game; the answer names it as asked."""
    from officers.euler.bots import BOTS, LEVELS, get_bot  # on first use: a hint need not load

    state = _game(request)
    name = request.word("bot", "designers")
    if name not in BOTS and name not in LEVELS:
        raise BadRequestError(
            "bad-input",
            f"unknown bot {excerpt(name)}: expected one of {', '.join(BOTS)}, or a partner's "
            f"level: {', '.join(LEVELS)}",
        )
    if state.is_over():
        raise BadRequestError("bad-input", f"the game is over ({state.outcome()}): no bot can move")
    seed = request.count("seed", 0)
    move = get_bot(name).choose(state.view(), random.Random(seed))
    state.push(move)
    return move_document(state, move, None, bot=name)


def new_op(request: Request, limits: Limits) -> dict[str, Any]:
    variant = request.object("variant") if "variant" in request else {}
    flags = {key: bool(variant.get(key, False)) for key in ("open_hands", "coins", "ozanam")}
    level = request.word("level", "normal")
    seed = request.count("seed", None, nullable=True)
    start: Square | None = None
    if "start" in request:
        start = Square(request.text("start"))
    if "riddle" in request:
        from officers.euler.puzzles import new_start  # on first use

        chosen = new_game(level, 1, seed=0)
        riddle = new_start(rules=chosen.rules, seed=seed, difficulty=request.count("riddle", 1))
        start = riddle.start
    state = new_game(
        level,
        request.count("players", 2),
        seed,
        tokens=request.count("tokens", None, nullable=True),
        variant=Variant(**flags),
        start=start,
    )
    return game_document(state)


def verify_op(request: Request, limits: Limits) -> dict[str, Any]:
    """A batch of starts, by the code of ``officers puzzle verify`` (:func:`verify_items`): a
    start is a line (a square, perhaps followed by a rule word) or an object (``square``,
    ``diagonals``, other fields passed through); an unreadable start gets its result in its
    place, with an error quoting it."""
    starts = request.get("starts")
    if not isinstance(starts, list) or not starts:
        raise BadRequestError(
            "bad-request", f"'starts' must be a non-empty list, got {excerpt(starts)}"
        )
    if len(starts) > limits.max_batch:
        raise BadRequestError(
            "limit", f"{len(starts)} starts are over this service's limit ({limits.max_batch})"
        )
    symmetry = request.word("symmetry", "puzzle")
    if symmetry not in ("puzzle", "lines"):
        raise BadRequestError(
            "bad-input", f"cannot read symmetry {excerpt(symmetry)}: expected puzzle or lines"
        )
    from officers.euler.puzzles import BatchSummary  # on first use
    from officers.euler.puzzles.batch import verify_items
    from officers.euler.symmetry import Kind

    rules = Rules(diagonals=request.flag("diagonals"))
    summary = BatchSummary()
    results = []
    kind: Kind = "lines" if symmetry == "lines" else "puzzle"
    for result in verify_items(starts, default_rules=rules, kind=kind):
        summary.add(result)
        results.append(result.to_dict())
    return verification_document(rules, results, summary.to_dict())
