"""The JSON contract: one dispatcher, :func:`handle`, for the engine protocol and the service.

A request is a JSON object with an ``op`` and its fields: ``hello``, ``health`` and ``schema``
are the contract's own; every other operation is a game's, found in the registry of games
(:mod:`officers.games`): Euler's Officers' ``hint``, ``explain``, ``count``, ``complete``,
``move``, ``bot``, ``new``, ``verify``, ``bots`` and ``record``, Eight Off's ``eightoff/deal``,
``eightoff/solve``, ... The answer is a document with ``version`` and ``kind`` (docs/json.md), an ``error`` document when the
request cannot be answered. :func:`handle` never raises for bad input, and every solver call in
it runs under :attr:`Limits.time_limit`.

>>> answer = handle({"op": "count", "square": "AC3/1JS2/1AH1QD/4"})
>>> answer["kind"], answer["completions"]
('count', 1)
>>> handle({"op": "count", "square": "AS1AS1/4/4/4"})["code"]
'bad-input'
>>> handle({"op": "fly"})["message"]  # doctest: +ELLIPSIS
"unknown op 'fly': expected one of hello, health, schema, hint, explain, ..., eightoff/solve, ... (... in all: hello lists them)"
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final

from officers.contract.bounded import CancelledError
from officers.contract.documents import (
    error_document,
    health_document,
    hello_document,
    schema_document,
)
from officers.contract.limits import DEFAULT_LIMITS, Budget, Limits
from officers.contract.requests import BadRequestError, Request
from officers.contract.schemas import KINDS, NAMES, schema
from officers.contract.validate import check
from officers.core.errors import OfficersError, SolverTimeoutError, excerpt
from officers.games import COMMON_OPS, operation, operations

__all__ = [
    "DEFAULT_LIMITS",
    "ENVELOPE",
    "KINDS",
    "NAMES",
    "OPS",
    "STATUS",
    "BadRequestError",
    "Budget",
    "Limits",
    "answer",
    "handle",
    "schema",
]

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
    "unavailable": 503,
    "cancelled": 503,
    "method-not-allowed": 405,
    "unsupported-media-type": 415,
    "request-timeout": 408,
    "rate-limited": 429,
    "unauthorized": 401,
    "forbidden": 403,
    "conflict": 409,
}
"""The HTTP status of each error code."""

ENGINE_OPS: Final = ("cancel", "quit")
"""The operations only the engine protocol has (officers.engine): they steer the engine itself."""

ENVELOPE: Final = ("id", "op")
"""The fields of an engine request that are not the operation's own: they are not checked
against the operation's schema (the HTTP service takes the op from the path, and no ``id``)."""


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

OPS: Final = COMMON_OPS + tuple(registered.op for registered in operations())
"""Every operation :func:`handle` answers: the contract's own, then each game's."""

_COMMON: Final[dict[str, Operation]] = {
    "hello": lambda request, limits: hello_document((*OPS, *ENGINE_OPS)),
    "health": lambda request, limits: health_document(),
    "schema": _schema,
}


@cache
def handler(op: str) -> Operation:
    """The function answering ``op`` (a game's module is imported on its first request)."""
    if op in _COMMON:
        return _COMMON[op]
    module, _, name = operation(op).handler.partition(":")
    function: Operation = getattr(importlib.import_module(module), name)
    return function


def _listed(names: tuple[str, ...], room: int = 240) -> str:
    """``names`` joined for a message, cut after ``room`` characters: the message of an
    unknown op stays short however many operations the games bring (``hello`` lists them all).

    >>> _listed(("a", "b", "c"))
    'a, b, c'
    >>> _listed(tuple("abcdefgh"), room=6)
    'a, b, ... (8 in all: hello lists them)'
    """
    shown: list[str] = []
    for name in names:
        if shown and len(", ".join([*shown, name])) > room:
            return f"{', '.join(shown)}, ... ({len(names)} in all: hello lists them)"
        shown.append(name)
    return ", ".join(shown)


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
    op: object,
    fields: Mapping[str, Any],
    limits: Limits = DEFAULT_LIMITS,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """Answer the operation ``op`` on ``fields`` (held to the ``op``'s request schema first):
    as :func:`handle`, for a door that takes the op apart (the HTTP service, from the path)."""
    try:
        if not isinstance(op, str) or op not in OPS:
            raise BadRequestError(
                "unknown-op", f"unknown op {excerpt(op)}: expected one of {_listed(OPS)}"
            )
        data = dict(fields)
        check(op, data)
        return handler(op)(Request(data, budget or Budget()), limits)
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
