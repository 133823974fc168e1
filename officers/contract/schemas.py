"""The JSON Schemas of the contract: one per kind of document, one per request, shipped as
package data in :mod:`officers.schemas` and read with :mod:`importlib.resources`.

Each file names the shared definitions of ``defs.json`` as ``#/$defs/...``; :func:`schema`
returns it self-contained (with the definitions it uses).

>>> KINDS[:4]
('hint', 'explanation', 'count', 'completion')
>>> schema("count")["properties"]["kind"]
{'const': 'count'}
>>> schema("eightoff-solve-request")["required"]
['game']
>>> schema("frobnicate")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
officers.NotationError: no schema 'frobnicate': expected one of hint, explanation, ...
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any, Final

from officers.core.errors import NotationError, excerpt
from officers.games import PLAY_KINDS, SECTIONS, operations, request_schema

__all__ = [
    "KINDS",
    "NAMES",
    "OFFICERS_KINDS",
    "OPS_WITH_REQUESTS",
    "ROOM_SCHEMAS",
    "package",
    "schema",
]

OFFICERS_KINDS: Final = (
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

KINDS: Final = (
    OFFICERS_KINDS
    + tuple(
        kind
        for section in SECTIONS
        if section.name != "officers"
        for kind in (*section.kinds, *section.documents)
    )
    + PLAY_KINDS
)
"""Every kind of document officers writes: Euler's Officers' (those of the engine and the
service first, then those only the command line writes, from ``square``), then every other
game's (:mod:`officers.games`) and the Latin squares', then the play operations' (version 3)."""

OPS_WITH_REQUESTS: Final = (
    "schema",
    *(registered.op for registered in operations() if registered.example is not None),
)
"""The operations whose request has a schema (:func:`~officers.games.request_schema`)."""

NAMES: Final = KINDS + tuple(request_schema(op) for op in OPS_WITH_REQUESTS)
"""Every schema there is: the kinds, then the requests."""

ROOM_SCHEMAS: Final = (
    "room",
    "room-state",
    "room-joined",
    "room-events",
    "room-update",
    "pong",
    "rooms-create-request",
    "rooms-join-request",
    "rooms-move-request",
    "rooms-seq-request",
    "rooms-hint-request",
)
"""The schemas of the rooms (:mod:`officers.rooms`, in ``officers.rooms.schemas``): documents
and requests of the service alone, which the engine protocol does not speak (so not in
:data:`NAMES`)."""

_PACKAGES: Final = {
    **{name: "officers.rooms.schemas" for name in ROOM_SCHEMAS},
    **{
        request_schema(registered.op): section.schemas
        for section in SECTIONS
        for registered in section.operations
    },
    **{
        kind: section.schemas
        for section in SECTIONS
        for kind in (*section.kinds, *section.documents)
    },
}
"""The package that ships each schema not in ``officers.schemas``."""


def package(name: str) -> str:
    """The package that ships the schema ``name`` (``officers.schemas`` unless a game's)."""
    return _PACKAGES.get(name, "officers.schemas")


@cache
def _load(name: str) -> dict[str, Any]:
    from importlib import resources  # on first use: a document is written without it

    where, _, name = name.rpartition(":")
    shipped = resources.files(where or "officers.schemas").joinpath(f"{name}.json")
    if where and not shipped.is_file():  # a game without definitions of its own
        return {"$defs": {}}
    data: dict[str, Any] = json.loads(shipped.read_text("utf-8"))
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
    if name not in NAMES and name not in ROOM_SCHEMAS:
        raise NotationError(f"no schema {excerpt(name)}: expected one of {', '.join(NAMES)}")
    where = package(name)
    document = copy.deepcopy(_load(f"{where}:{name}"))
    shared = {**_load("defs")["$defs"], **_load(f"{where}:defs")["$defs"]}
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
    """The JSON Schema (draft 2020-12) ``name``: a kind of :data:`KINDS`, ``OP-request`` or
    one of :data:`ROOM_SCHEMAS`, self-contained (a fresh copy each call)."""
    data: dict[str, Any] = json.loads(_schema(name))
    return data
