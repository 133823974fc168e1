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
from officers.contract.schemas import KINDS, OPS_WITH_REQUESTS, schema

__all__ = ["ANSWERS", "EXAMPLES", "SUMMARIES", "openapi"]

ANSWERS: Final = {
    "hint": "hint",
    "explain": "explanation",
    "count": "count",
    "complete": "completion",
    "move": "move",
    "bot": "move",
    "new": "game",
    "verify": "verification",
    "schema": "schema",
    "bots": "bots",
    "record": "record",
}
"""The kind of document each operation answers with."""

GAME: Final = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"

EXAMPLES: Final[dict[str, dict[str, Any]]] = {
    "hint": {"game": GAME, "player": 1, "lang": "en"},
    "explain": {"square": "AS1KS1/4/4/4", "diagonals": False, "lang": "en", "max_reasons": 3},
    "count": {"square": "AC3/1JS2/1AH1QD/4", "diagonals": False},
    "complete": {"square": "AC3/1JS2/1AH1QD/4", "diagonals": False},
    "move": {"game": GAME, "move": "AS@r1c1"},
    "bot": {"game": GAME, "bot": "designers", "seed": 1},
    "new": {"level": "normal", "players": 2, "seed": 7},
    "verify": {"starts": ["AC3/1JS2/1AH1QD/4", "4/4/4/4"], "diagonals": False},
    "schema": {"name": "hint"},
    "bots": {},
    "record": {"setup": GAME, "moves": ["AS@r1c1", "KH@r2c2"], "seed": 7},
}
"""A request for each operation (the OpenAPI examples and the docs page use them)."""

SUMMARIES: Final = {
    "hint": "The hint of one player, from that player's view alone",
    "explain": "Whether a square is dead, why (ranked reasons), and its smallest repairs",
    "count": "The number of completions of a square",
    "complete": "One completion of a square, or null",
    "move": "Play a move in a game: the new game, or the move refused with its reason",
    "bot": "Let a bot play the move of the player to move",
    "new": "A new game from level, players, variant and seed",
    "verify": "A batch of starts: completions, uniqueness, minimality",
    "schema": "A JSON Schema of the contract",
    "bots": "The bots a 'bot' request may name",
    "record": "A game record from a start and its moves, or a record read and replayed; with "
    "the game at its end",
}


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
    names = [f"{kind}-document" for kind in KINDS] + [f"{op}-request" for op in OPS_WITH_REQUESTS]
    for name in names:
        full = schema(name.removesuffix("-document"))
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
    }
    return {
        str(code): {"description": words[code], "content": _json("error-document")}
        for code in codes
    }


@cache
def _document() -> str:
    paths: dict[str, Any] = {}
    codes = tuple(sorted(set(STATUS.values()) - {404}))
    for op, kind in ANSWERS.items():
        paths[f"/v1/{op}"] = {
            "post": {
                "operationId": op,
                "summary": SUMMARIES[op],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": f"#/components/schemas/{op}-request"},
                            "example": EXAMPLES[op],
                        }
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
    document = {
        "openapi": "3.1.0",
        "info": {
            "title": "officers",
            "version": officers_version(),
            "description": "The exact engine for Euler's Officers as an HTTP JSON service "
            "(docs/serve.md, docs/json.md). Stateless: every request carries the game or square.",
        },
        "paths": paths,
        "components": {"schemas": _components()},
    }
    return json.dumps(document, ensure_ascii=False)


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document (a fresh copy)."""
    data: dict[str, Any] = json.loads(_document())
    return data
