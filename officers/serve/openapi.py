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
                "operationId": op.replace("/", "-"),
                "summary": SUMMARIES[op],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": f"#/components/schemas/{request_schema(op)}"},
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
            "description": "The exact engine for Euler's Officers and Eight Off as an HTTP JSON service "
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
