"""The OpenAPI document of the service, written from the contract's JSON Schemas.

>>> document = openapi()
>>> document["openapi"], sorted(document["paths"])[:3]
('3.1.0', ['/v1/bot', '/v1/bots', '/v1/complete'])
>>> document["paths"]["/v1/count"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
{'$ref': '#/components/schemas/count-document'}
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, Final

from officers.contract import STATUS
from officers.contract.documents import officers_version
from officers.contract.schemas import KINDS, OPS_WITH_REQUESTS, ROOM_SCHEMAS, schema
from officers.games import Operation, operations, request_schema

__all__ = ["ANSWERS", "EXAMPLES", "SUMMARIES", "openapi"]

_SCHEMA: Final = Operation(
    "schema",
    "officers.contract:schema",
    "schema",
    "A JSON Schema of the contract",
    {"name": "hint"},
)
"""The one operation of the contract's own that the service takes by POST."""

_POSTED: Final = (_SCHEMA, *operations())

ANSWERS: Final = {registered.op: registered.answers for registered in _POSTED}
"""The kind of document each operation answers with (:mod:`officers.games`)."""

EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    registered.op: dict(registered.example or {}) for registered in _POSTED
}
"""A request for each operation (the OpenAPI examples and the docs page use them)."""

SUMMARIES: Final = {registered.op: registered.summary for registered in _POSTED}
"""One line about each operation."""


def _refs(node: Any) -> Any:
    """The schema with ``#/$defs/x`` pointing into the components instead."""
    if isinstance(node, dict):
        return {
            key: value.replace("#/$defs/", "#/components/schemas/")
            if key == "$ref" and isinstance(value, str)
            else _refs(value)
            for key, value in node.items()
            if key not in ("$schema", "$id", "$defs")
        }
    if isinstance(node, list):
        return [_refs(value) for value in node]
    return node


def _components() -> dict[str, Any]:
    components: dict[str, Any] = {}
    names = [(f"{kind}-document", kind) for kind in KINDS]
    names += [(request_schema(op), request_schema(op)) for op in OPS_WITH_REQUESTS]
    names += [
        (name if name.endswith("-request") else f"{name}-document", name) for name in ROOM_SCHEMAS
    ]
    for name, schema_name in names:
        full = schema(schema_name)
        for key, value in full.get("$defs", {}).items():
            components[key] = _refs(value)
        components[name] = _refs(full)
    return dict(sorted(components.items()))


def _json(reference: str) -> dict[str, Any]:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{reference}"}}}


def _errors(codes: tuple[int, ...]) -> dict[str, Any]:
    words = {
        400: "The body is not JSON",
        404: "No such schema",
        405: "The method is not allowed here (the Allow header names those that are)",
        408: "The body did not arrive in time",
        413: "The body is over the size limit",
        415: "The body is not sent as 'Content-Type: application/json'",
        422: "The request breaks its schema ('bad-request'), cannot be used ('bad-input'; the "
        "message quotes it), or asks for more than allowed ('limit')",
        429: "Too many requests from this client: ask again after Retry-After seconds",
        500: "An internal error (a bug: please report it)",
        503: "A search ran out of time ('timeout': the answer is unknown), or every search slot "
        "is taken ('busy': ask again after Retry-After seconds)",
        401: "No seat's token, or a token that holds no seat of this room ('unauthorized')",
        403: "Not this seat's to ask: another seat named, or not the room's invitation "
        "('forbidden')",
        409: "Not now: a stale seq, another seat's turn, a full room, a round not started or "
        "over ('conflict'; fetch the events and state, then try again)",
    }
    return {
        str(code): {"description": words[code], "content": _json("error-document")}
        for code in codes
    }


_ROOMS_ONLY: Final = (401, 403, 409)
"""The statuses only the rooms answer with."""

_ROOM_ID: Final = {
    "name": "room",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"},
}
_BEARER: Final = {
    "name": "Authorization",
    "in": "header",
    "required": False,
    "description": "'Bearer TOKEN': the token of the seat (from the answer that gave it); "
    "without it, a spectator's view where one is allowed",
    "schema": {"type": "string", "maxLength": 300},
}

_ROOM_ROUTES: Final = (
    # path, method, operationId, summary, request schema, answer kind, a seat's token needed
    (
        "/v1/rooms",
        "post",
        "rooms-create",
        "Make a room: its maker takes the first human seat "
        "(the answer holds that seat's token and the invitation)",
        "rooms-create-request",
        "room-joined",
        False,
    ),
    (
        "/v1/rooms/{room}",
        "get",
        "rooms-get",
        "A room as anyone who knows its id sees it",
        None,
        "room",
        False,
    ),
    (
        "/v1/rooms/{room}/join",
        "post",
        "rooms-join",
        "Take a free seat with the invitation (the answer holds the seat's token)",
        "rooms-join-request",
        "room-joined",
        False,
    ),
    (
        "/v1/rooms/{room}/state",
        "get",
        "rooms-state",
        "The room as the token's seat sees it",
        None,
        "room-state",
        True,
    ),
    (
        "/v1/rooms/{room}/move",
        "post",
        "rooms-move",
        "Play the seat's move (with the seq last seen); bots answer at once",
        "rooms-move-request",
        "room-state",
        True,
    ),
    (
        "/v1/rooms/{room}/hint",
        "post",
        "rooms-hint",
        "The game's hint for the token's seat, "
        "from what that seat may know alone: a 'hint' (Euler's Officers), 'eightoff-hint' or "
        "'skat-tip' document; searched under the service's time limit and search slots",
        "rooms-hint-request",
        "hint",
        True,
    ),
    (
        "/v1/rooms/{room}/take-back",
        "post",
        "rooms-take-back",
        "Take the last move back, where the game allows it",
        "rooms-seq-request",
        "room-state",
        True,
    ),
    (
        "/v1/rooms/{room}/rematch",
        "post",
        "rooms-rematch",
        "A new deal for the same seats, once the round is over",
        "rooms-seq-request",
        "room-state",
        True,
    ),
    (
        "/v1/rooms/{room}/events",
        "get",
        "rooms-events",
        "The events after 'after', as the token's "
        "seat (or, without a token, a spectator) may see them",
        None,
        "room-events",
        False,
    ),
)
"""The rooms' HTTP routes (the live WebSocket, ``/v1/rooms/{room}/live``, is told of in the
description: OpenAPI describes no WebSocket)."""


_ROOM_EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "rooms-create-request": {
        "game": "officers",
        "options": {"level": "normal"},
        "seats": ["human", "human"],
        "name": "Anna",
    },
    "rooms-join-request": {"invite": "qJt3y0hQbMZ2rN8w", "name": "Ben"},
    "rooms-move-request": {"move": "AS@r1c1", "seq": 4},
    "rooms-seq-request": {"seq": 9},
    "rooms-hint-request": {"lang": "en"},
}


def _room_paths() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for path, method, name, summary, request, kind, seat in _ROOM_ROUTES:
        codes: tuple[int, ...] = (401, 404, 422, 429)
        if method == "post":
            codes = (400, 401, 403, 404, 409, 413, 415, 422, 429)
        operation: dict[str, Any] = {
            "operationId": name,
            "summary": summary,
            "responses": {
                "201" if kind == "room-joined" else "200": {
                    "description": f"A '{kind}' document",
                    "content": _json(f"{kind}-document"),
                },
                **_errors(codes),
            },
        }
        if name == "rooms-hint":  # each game its own hint's kind
            kinds = ("hint", "eightoff-hint", "skat-tip")
            schemas = [{"$ref": f"#/components/schemas/{each}-document"} for each in kinds]
            answer = operation["responses"]["200"]
            answer["description"] = "A 'hint', 'eightoff-hint' or 'skat-tip' document"
            answer["content"] = {"application/json": {"schema": {"oneOf": schemas}}}
            operation["responses"].update(_errors((503,)))
        if path != "/v1/rooms":
            with_token = seat or name == "rooms-events"
            operation["parameters"] = [_ROOM_ID, _BEARER] if with_token else [_ROOM_ID]
        if name == "rooms-events":
            operation["parameters"].append(
                {
                    "name": "after",
                    "in": "query",
                    "required": False,
                    "schema": {"type": "integer", "minimum": 0, "maximum": 9999999999999999},
                }
            )
            operation["parameters"].append(
                {
                    "name": "presence",
                    "in": "query",
                    "required": False,
                    "description": "Whether the request with a token is a sign of the seat's "
                    "presence (a page that polls): false for a page whose live connection "
                    "signs it",
                    "schema": {"type": "string", "enum": ["true", "false"], "default": "true"},
                }
            )
        if request is not None:
            content = _json(request)
            content["application/json"]["example"] = _ROOM_EXAMPLES[request]
            operation["requestBody"] = {"required": True, "content": content}
        paths.setdefault(path, {})[method] = operation
    return paths


_NO_FIELDS: Final = {
    "type": "object",
    "additionalProperties": False,
    "description": "The request takes no fields: an empty object",
}
"""The body of an operation without a request schema (``eightoff/presets``): ``{}``."""


def _request(op: str) -> dict[str, Any]:
    """The schema of the ``op`` request's body: its component, or :data:`_NO_FIELDS` for an
    operation that takes no fields (and so has no request schema, :data:`OPS_WITH_REQUESTS`)."""
    if op in OPS_WITH_REQUESTS:
        return {"$ref": f"#/components/schemas/{request_schema(op)}"}
    return dict(_NO_FIELDS)


@cache
def _document() -> str:
    paths: dict[str, Any] = {}
    codes = tuple(sorted(set(STATUS.values()) - {404, *_ROOMS_ONLY}))
    for op, kind in ANSWERS.items():
        paths[f"/v1/{op}"] = {
            "post": {
                "operationId": op.replace("/", "-"),
                "summary": SUMMARIES[op],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": _request(op), "example": EXAMPLES[op]}
                    },
                },
                "responses": {
                    "200": {
                        "description": f"A '{kind}' document",
                        "content": _json(f"{kind}-document"),
                    },
                    **_errors(codes + ((404,) if op == "schema" else ())),
                },
            }
        }
    paths["/v1/health"] = {
        "get": {
            "operationId": "health",
            "summary": "The service is up, and its version",
            "responses": {
                "200": {"description": "Up", "content": _json("health-document")},
                **_errors((429,)),
            },
        }
    }
    paths.update(_room_paths())
    document = {
        "openapi": "3.1.0",
        "info": {
            "title": "officers",
            "version": officers_version(),
            "description": "The exact engine for three card games as an HTTP JSON service: "
            "Euler's Officers (and graeco-latin squares), Eight Off and its patience family "
            "(FreeCell, Baker's Game, Seahaven Towers and more; under /v1/eightoff/) and "
            "Offiziersskat (under /v1/skat/) (docs/serve.md, docs/json.md). Stateless: every "
            "request carries the game or square; beside it, the rooms under /v1/rooms hold "
            "games of all three on the server and show each seat only what it may see "
            "(docs/rooms.md), live over the WebSocket /v1/rooms/{room}/live.",
        },
        "paths": paths,
        "components": {
            "schemas": _components(),
            "securitySchemes": {
                "seat": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's token, from the answer that gave the seat",
                }
            },
        },
    }
    return json.dumps(document, ensure_ascii=False)


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document (a fresh copy)."""
    data: dict[str, Any] = json.loads(_document())
    return data
