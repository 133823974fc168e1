"""Requests held to their own schemas: what :func:`check` refuses, the schema refuses, and the
other way round.

Each operation's fields are checked against its JSON Schema (``OP-request``, draft 2020-12,
with the `jsonschema <https://python-jsonschema.readthedocs.io>`_ reference implementation,
loaded on the first request); an operation without fields (``hello``, ``health``) takes none.
A field the schema does not name, a ``null`` where the schema wants a value, a number out of
its range: each is refused with a ``bad-request`` error that names the field and quotes a
bounded excerpt of the value. So a request that keeps its schema is never refused as
``bad-request`` (it may still break a rule: ``bad-input``), and one that breaks it always is.

>>> check("count", {"square": "4/4/4/4", "diagonals": True})
>>> check("count", {"square": "4/4/4/4", "diagonalz": True})
Traceback (most recent call last):
  ...
officers.contract.requests.BadRequestError: the count request does not keep its schema (count-request): Additional properties are not allowed ('diagonalz' was unexpected)
>>> check("hint", {"game": "4/4/4/4 normal 1 1 AS/AH - - 1", "max_reasons": 1001})
Traceback (most recent call last):
  ...
officers.contract.requests.BadRequestError: the hint request does not keep its schema (hint-request): at 'max_reasons': 1001 is greater than the maximum of 1000
>>> check("health", {"verbose": True})
Traceback (most recent call last):
  ...
officers.contract.requests.BadRequestError: the health request takes no fields, got 'verbose'
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from officers.contract.requests import BadRequestError
from officers.contract.schemas import OPS_WITH_REQUESTS, schema
from officers.core.errors import excerpt
from officers.games import request_schema

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = ["MESSAGE_LIMIT", "check"]

MESSAGE_LIMIT: Final = 300
"""The longest message a refused request gets (the value it quotes is cut first)."""


@cache
def _validator(op: str) -> Validator:
    from jsonschema import Draft202012Validator  # on first use: a library call needs none

    return Draft202012Validator(schema(request_schema(op)))


def _where(path: object) -> str:
    parts = [str(part) for part in path]  # type: ignore[attr-defined]
    return "at " + excerpt(".".join(parts), 60) + ": " if parts else ""


def _quoted(value: object) -> str | None:
    try:
        return repr(value)
    except ValueError:  # an int over Python's digit limit (the wire refuses them before)
        return None


def _json_excerpt(value: object) -> str:
    """``value`` as JSON (``null``, not ``None``), cut to 80 characters."""
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= 80 else text[:77] + "..."


def check(op: str, fields: dict[str, Any]) -> None:
    """Raise :class:`BadRequestError` (``bad-request``) unless ``fields`` keep the schema of the
    ``op`` request (an ``op`` with no schema takes no fields)."""
    if op not in OPS_WITH_REQUESTS:
        if fields:
            names = ", ".join(excerpt(name, 40) for name in list(fields)[:4])
            raise BadRequestError("bad-request", f"the {op} request takes no fields, got {names}")
        return
    from jsonschema.exceptions import best_match

    error = best_match(_validator(op).iter_errors(fields))
    if error is None:
        return
    message = error.message
    quoted = _quoted(error.instance)
    if quoted is not None and message.startswith(quoted):
        message = _json_excerpt(error.instance) + message[len(quoted) :]
    about = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator in ("oneOf", "anyOf", "not") and isinstance(about, str):
        message += f" ({about})"
    if len(message) > MESSAGE_LIMIT:
        message = message[: MESSAGE_LIMIT - 3] + "..."
    raise BadRequestError(
        "bad-request",
        f"the {op} request does not keep its schema ({request_schema(op)}): "
        f"{_where(error.absolute_path)}{message}",
    )
