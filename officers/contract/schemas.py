"""The JSON Schemas of the contract: one per kind of document, one per request, shipped as
package data in :mod:`officers.schemas` and read with :mod:`importlib.resources`.

Each file names the shared definitions of ``defs.json`` as ``#/$defs/...``; :func:`schema`
returns it self-contained (with the definitions it uses).

>>> KINDS[:4]
('hint', 'explanation', 'count', 'completion')
>>> schema("count")["properties"]["kind"]
{'const': 'count'}
>>> schema("frobnicate")
Traceback (most recent call last):
  ...
officers.errors.NotationError: no schema 'frobnicate': expected one of hint, explanation, count, completion, game, move, verification, hello, health, error, schema, bye, bots, record, square, completions, finished, enumeration, verify-result, verify-summary, start-report, riddle, census, player-view, simulation, rules-check, order-6-proof, cancel, hint-request, explain-request, count-request, complete-request, move-request, bot-request, new-request, verify-request, schema-request, bots-request, record-request
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any, Final

from officers.errors import NotationError, excerpt

__all__ = ["KINDS", "NAMES", "OPS_WITH_REQUESTS", "schema"]

KINDS: Final = (
    "hint",
    "explanation",
    "count",
    "completion",
    "game",
    "move",
    "verification",
    "hello",
    "health",
    "error",
    "schema",
    "bye",
    "bots",
    "record",
    "square",
    "completions",
    "finished",
    "enumeration",
    "verify-result",
    "verify-summary",
    "start-report",
    "riddle",
    "census",
    "player-view",
    "simulation",
    "rules-check",
    "order-6-proof",
    "cancel",
)
"""Every kind of document officers writes (the ``"kind"`` of each): those of the engine and the
service first, then those only the command line writes (from ``square``)."""

OPS_WITH_REQUESTS: Final = (
    "hint",
    "explain",
    "count",
    "complete",
    "move",
    "bot",
    "new",
    "verify",
    "schema",
    "bots",
    "record",
)
"""The operations whose request has a schema (``NAME-request``)."""

NAMES: Final = KINDS + tuple(f"{op}-request" for op in OPS_WITH_REQUESTS)
"""Every schema there is: the kinds, then the requests."""


@cache
def _load(name: str) -> dict[str, Any]:
    from importlib import resources  # on first use: a document is written without it

    text = resources.files("officers.schemas").joinpath(f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _refs(node: Any, found: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            found.add(ref.removeprefix("#/$defs/"))
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)


@cache
def _schema(name: str) -> str:
    if name not in NAMES:
        raise NotationError(f"no schema {excerpt(name)}: expected one of {', '.join(NAMES)}")
    document = copy.deepcopy(_load(name))
    shared = _load("defs")["$defs"]
    used: set[str] = set()
    _refs(document, used)
    defs: dict[str, Any] = {}
    while used - defs.keys():
        for key in sorted(used - defs.keys()):
            defs[key] = shared[key]
            _refs(shared[key], used)
    if defs:
        document["$defs"] = dict(sorted(defs.items()))
    return json.dumps(document, ensure_ascii=False)


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) ``name``: a kind of :data:`KINDS` or ``OP-request``,
    self-contained (a fresh copy each call)."""
    data: dict[str, Any] = json.loads(_schema(name))
    return data
