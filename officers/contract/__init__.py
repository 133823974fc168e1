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
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Final, TypeVar

from officers.analysis import MAX_REASONS, explain
from officers.contract.bounded import CancelledError, bounded
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
from officers.contract.play import bots, record, refusal_text, slip
from officers.contract.requests import BadRequestError, Request, integral
from officers.contract.schemas import KINDS, NAMES, schema
from officers.contract.validate import check
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
from officers.solve.base import DEFAULT_TIME_LIMIT
from officers.square import Square
from officers.view import PlayerView
from officers.words import read_lang

if TYPE_CHECKING:
    import threading

__all__ = [
    "DEFAULT_LIMITS",
    "ENVELOPE",
    "Budget",
    "KINDS",
    "NAMES",
    "OPS",
    "STATUS",
    "BadRequestError",
    "Limits",
    "answer",
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


@dataclass(frozen=True)
class Budget:
    """What one request may spend beyond its :class:`Limits`, as the door that took it says:
    searches end by ``deadline`` (:func:`time.monotonic`; the time a request waited before it
    ran counts against its limit), or at once when ``cancel`` is set; a search runs only when
    ``searches`` (a semaphore of the door's search slots) has a slot free, else the request is
    refused at once as ``busy``."""

    deadline: float | None = None
    cancel: threading.Event | None = None
    searches: threading.Semaphore | None = None


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
    "busy": 503,
    "cancelled": 503,
    "method-not-allowed": 405,
    "unsupported-media-type": 415,
    "request-timeout": 408,
    "rate-limited": 429,
}
"""The HTTP status of each error code."""

ENGINE_OPS: Final = ("cancel", "quit")
"""The operations only the engine protocol has (officers.engine): they steer the engine itself."""

ENVELOPE: Final = ("id", "op")
"""The fields of an engine request that are not the operation's own: they are not checked
against the operation's schema (the HTTP service takes the op from the path, and no ``id``)."""


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
    time_limit = limits.time_limit
    if budget.deadline is not None:
        time_limit = min(time_limit, budget.deadline - time.monotonic())
        if time_limit <= 0:
            raise SolverTimeoutError("the request waited out its time before it could run")
    searches = budget.searches
    if searches is not None and not searches.acquire(blocking=False):
        raise BadRequestError(
            "busy", "every search slot of this service is taken: ask again in a moment"
        )
    try:  # the child process is ended at the limit: the search itself needs none of its own
        return bounded(partial(function, time_limit=None), (square, rules), time_limit, budget.cancel)
    finally:
        if searches is not None:
            searches.release()


def _count(request: Request, limits: Limits) -> dict[str, Any]:
    square, rules = _square(request, limits)
    return count_document(square, rules, _solve(count_completions, square, rules, request, limits))


def _complete(request: Request, limits: Limits) -> dict[str, Any]:
    square, rules = _square(request, limits)
    return completion_document(
        square, rules, _solve(first_completion, square, rules, request, limits)
    )


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


def _hint(request: Request, limits: Limits) -> dict[str, Any]:
    lang, most = _words(request)
    return hint(player_view(request)).to_dict(lang, most)


def _game(request: Request, name: str = "game") -> GameState:
    """The game of the request's ``game`` notation, with the deal's seed of ``deal_seed``."""
    state = GameState.parse(request.text(name))
    seed = request.count("deal_seed", None, nullable=True)
    if seed is not None:
        state.seed = seed
    return state


def _move(request: Request, limits: Limits) -> dict[str, Any]:
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


def _bot(request: Request, limits: Limits) -> dict[str, Any]:
    from officers.bots import BOTS, get_bot  # on first use: a hint need not load the bots

    state = _game(request)
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
            "not-found",
            f"no schema {excerpt(name)}: expected a kind of document such as 'hint' or 'count', "
            f"or a request such as 'hint-request' ({len(NAMES)} schemas: the hello answer lists "
            "the kinds and the ops)",
        )
    return schema_document(name)


Operation = Callable[[Request, Limits], dict[str, Any]]

HANDLERS: Final[dict[str, Operation]] = {
    "hello": lambda request, limits: hello_document((*HANDLERS, *ENGINE_OPS)),
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


def handle(
    request: object, limits: Limits = DEFAULT_LIMITS, budget: Budget | None = None
) -> dict[str, Any]:
    """Answer one request (a JSON object with an ``op``; an ``id`` beside it is the engine's and
    is left alone): a document of the contract, or an ``error`` document (``code``,
    ``message``; :data:`STATUS` gives its HTTP status)."""
    if not isinstance(request, Mapping):
        return error_document("bad-request", f"a request is a JSON object, got {excerpt(request)}")
    fields = {name: value for name, value in request.items() if name not in ENVELOPE}
    return answer(request.get("op"), fields, limits, budget)


def answer(
    op: object, fields: Mapping[str, Any], limits: Limits = DEFAULT_LIMITS, budget: Budget | None = None
) -> dict[str, Any]:
    """Answer the operation ``op`` on ``fields`` (held to the ``op``'s request schema first):
    as :func:`handle`, for a door that takes the op apart (the HTTP service, from the path)."""
    try:
        if not isinstance(op, str) or op not in HANDLERS:
            raise BadRequestError(
                "unknown-op", f"unknown op {excerpt(op)}: expected one of {', '.join(OPS)}"
            )
        data = dict(fields)
        check(op, data)
        return HANDLERS[op](Request(data, budget or Budget()), limits)
    except BadRequestError as error:
        return error_document(error.code, error.message)
    except SolverTimeoutError as error:
        return error_document(
            "timeout", f"the solver ran out of time ({limits.time_limit:g} s): {error}"
        )
    except CancelledError as error:
        return error_document("cancelled", str(error))
    except (OfficersError, ValueError) as error:
        return error_document("bad-input", str(error))
    except RecursionError as error:
        return error_document("bad-input", f"cannot read the request: {error}")
