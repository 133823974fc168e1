"""The rooms' requests held to their JSON Schemas (``officers/rooms/schemas``), as the
contract holds its operations' requests (:mod:`officers.contract.validate`).

>>> check("rooms-move-request", {"move": "AS@r1c1", "seq": 3})
>>> check("rooms-move-request", {"move": "AS@r1c1", "seq": -1})
Traceback (most recent call last):
  ...
officers.rooms.errors.RoomError: bad-request: the request does not keep its schema (rooms-move-request): at 'seq': -1 is less than the minimum of 0
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Final

from officers.contract.schemas import schema
from officers.core.errors import excerpt
from officers.rooms.errors import RoomError

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = ["check"]

_LIMIT: Final = 300


@cache
def _validator(name: str) -> Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name))


def check(name: str, data: Any) -> None:
    """Raise :class:`RoomError` (``bad-request``) unless ``data`` keeps the schema ``name``."""
    from jsonschema.exceptions import best_match

    error = best_match(_validator(name).iter_errors(data))
    if error is None:
        return
    path = ".".join(str(part) for part in error.absolute_path)
    where = f"at {excerpt(path, 60)}: " if path else ""
    message = error.message if len(error.message) <= _LIMIT else error.message[: _LIMIT - 3] + "..."
    raise RoomError(
        "bad-request", f"the request does not keep its schema ({name}): {where}{message}"
    )
