"""The JSON contract: one dispatcher, :func:`handle`, for the engine protocol and the service.

A request is a JSON object with an ``op`` (``hint``, ``explain``, ``count``, ``complete``,
``move``, ``bot``, ``new``, ``verify``, ``schema``, ``bots``, ``record``, ``hello``,
``health``) and its fields; the
answer is a document with ``version`` and ``kind`` (docs/json.md), an ``error`` document when the
request cannot be answered. :func:`handle` never raises for bad input, and every solver call in
it runs under :attr:`Limits.time_limit`.

>>> answer = handle({"op": "count", "square": "AC3/1JS2/1AH1QD/4"})
>>> answer["kind"], answer["completions"]
('count', 1)
>>> handle({"op": "count", "square": "AS1AS1/4/4/4"})["code"]
'bad-input'
>>> handle({"op": "fly"})["message"]
"unknown op 'fly': expected one of hello, health, hint, explain, count, complete, move, bot, new, verify, schema, bots, record"
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from officers.analysis import MAX_REASONS, explain
from officers.contract.bounded import bounded
from officers.contract.documents import (
    completion_document,
    count_document,
    error_document,
    game_document,
    health_document,
    hello_document,
    move_document,
    schema_document,
    verification_document,
)
from officers.contract.play import bots, record, slip
from officers.contract.requests import BadRequestError, Request
from officers.contract.schemas import KINDS, NAMES, schema
from officers.errors import (
    IllegalPlacementError,
    OfficersError,
    SolverTimeoutError,
    excerpt,
)
from officers.game import GameState, Variant, new_game, view_from_notation
from officers.game_notation import read_fields
from officers.hints import hint
from officers.rules import Rules
from officers.solve import completions, count_completions
from officers.square import Square
from officers.view import PlayerView
from officers.words import read_lang

__all__ = [
    "DEFAULT_LIMITS",
    "KINDS",
    "NAMES",
    "OPS",
    "STATUS",
    "BadRequestError",
    "Limits",
    "handle",
    "player_view",
    "schema",
]


_T = TypeVar("_T")


@dataclass(frozen=True)
class Limits:
    """What a request may ask for: ``time_limit`` seconds for each solver call, squares of
    order up to ``max_order``, ``max_batch`` starts in one ``verify``."""

    time_limit: float = 2.0
    max_order: int = 6
    max_batch: int = 64


DEFAULT_LIMITS: Final = Limits()

STATUS: Final = {
    "bad-json": 400,
    "bad-request": 422,
    "bad-input": 422,
    "limit": 422,
    "unknown-op": 404,
    "not-found": 404,
    "too-large": 413,
    "timeout": 503,
    "internal": 500,
}
"""The HTTP status of each error code."""


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


def first_completion(square: Square, rules: Rules) -> Square | None:
    """One completion of the square, or ``None``."""
    return next(completions(square, rules), None)


def _solve(
    function: Callable[[Square, Rules], _T], square: Square, rules: Rules, limits: Limits
) -> _T:
    """``function(square, rules)``: at order 4 directly (the index answers at once), else in
    a child process under the time limit."""
    if rules.order == 4:
        return function(square, rules)
    return bounded(function, (square, rules), limits.time_limit)


def _count(request: Request, limits: Limits) -> dict[str, Any]:
    square, rules = _square(request, limits)
    return count_document(square, rules, _solve(count_completions, square, rules, limits))


def _complete(request: Request, limits: Limits) -> dict[str, Any]:
    square, rules = _square(request, limits)
    return completion_document(square, rules, _solve(first_completion, square, rules, limits))


def _explain(request: Request, limits: Limits) -> dict[str, Any]:
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
        data = request.object("view")
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


def _hint(request: Request, limits: Limits) -> dict[str, Any]:
    lang, most = _words(request)
    return hint(player_view(request)).to_dict(lang, most)


def _move(request: Request, limits: Limits) -> dict[str, Any]:
    state = GameState.parse(request.text("game"))
    text = request.text("move")
    try:
        move = state.parse_move(text)
    except IllegalPlacementError as error:
        answer = move_document(state, text, str(error))
        if "lang" in request:
            answer["slip"] = slip(state, text, request.word("lang", "en"))
        return answer
    state.push(move)
    return move_document(state, move, None)


def _bot(request: Request, limits: Limits) -> dict[str, Any]:
    from officers.bots import BOTS, get_bot  # on first use: a hint need not load the bots

    state = GameState.parse(request.text("game"))
    name = request.word("bot", "designers")
    if name not in BOTS:
        raise BadRequestError(
            "bad-input", f"unknown bot {excerpt(name)}: expected one of {', '.join(BOTS)}"
        )
    if state.is_over():
        raise BadRequestError("bad-input", f"the game is over ({state.outcome()}): no bot can move")
    seed = request.count("seed", 0)
    move = get_bot(name).choose(state.view(), random.Random(seed))
    state.push(move)
    return move_document(state, move, None, bot=name)


def _new(request: Request, limits: Limits) -> dict[str, Any]:
    variant = request.object("variant") if "variant" in request else {}
    flags = {key: bool(variant.get(key, False)) for key in ("open_hands", "coins", "ozanam")}
    level = request.word("level", "normal")
    seed = request.count("seed", None, nullable=True)
    start: Square | None = None
    if "start" in request:
        start = Square(request.text("start"))
    if "riddle" in request:
        from officers.puzzles import new_start  # on first use

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


def _verify(request: Request, limits: Limits) -> dict[str, Any]:
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
    from officers.puzzles import BatchSummary  # on first use
    from officers.puzzles.batch import verify_items
    from officers.symmetry import Kind

    rules = Rules(diagonals=request.flag("diagonals"))
    summary = BatchSummary()
    results = []
    kind: Kind = "lines" if symmetry == "lines" else "puzzle"
    for result in verify_items(starts, default_rules=rules, kind=kind):
        summary.add(result)
        results.append(result.to_dict())
    return verification_document(rules, results, summary.to_dict())


def _schema(request: Request, limits: Limits) -> dict[str, Any]:
    name = request.text("name")
    if name not in NAMES:
        raise BadRequestError(
            "not-found", f"no schema {excerpt(name)}: expected one of {', '.join(NAMES)}"
        )
    return schema_document(name)


Operation = Callable[[Request, Limits], dict[str, Any]]

HANDLERS: Final[dict[str, Operation]] = {
    "hello": lambda request, limits: hello_document((*HANDLERS, "quit")),
    "health": lambda request, limits: health_document(),
    "hint": _hint,
    "explain": _explain,
    "count": _count,
    "complete": _complete,
    "move": _move,
    "bot": _bot,
    "new": _new,
    "verify": _verify,
    "schema": _schema,
    "bots": bots,
    "record": record,
}

OPS: Final = tuple(HANDLERS)
"""Every operation :func:`handle` answers."""


def handle(request: object, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Answer one request (a JSON object with an ``op``): a document of the contract, or an
    ``error`` document (``code``, ``message``; :data:`STATUS` gives its HTTP status)."""
    try:
        if not isinstance(request, Mapping):
            raise BadRequestError("bad-request", f"a request is a JSON object, got {excerpt(request)}")
        op = request.get("op")
        if not isinstance(op, str) or op not in HANDLERS:
            raise BadRequestError(
                "unknown-op", f"unknown op {excerpt(op)}: expected one of {', '.join(OPS)}"
            )
        return HANDLERS[op](Request(request), limits)
    except BadRequestError as error:
        return error_document(error.code, error.message)
    except SolverTimeoutError as error:
        return error_document(
            "timeout", f"the solver ran out of time ({limits.time_limit} s): {error}"
        )
    except (OfficersError, ValueError) as error:
        return error_document("bad-input", str(error))
    except RecursionError as error:
        return error_document("bad-input", f"cannot read the request: {error}")
