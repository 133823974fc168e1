"""The one exception of the rooms: :class:`RoomError`, a request refused with a code of the
contract (:data:`officers.contract.STATUS` gives its HTTP status) and a message."""

from __future__ import annotations

__all__ = ["RoomError"]


class RoomError(Exception):
    """A request the rooms refuse: ``code`` (``not-found``, ``forbidden``, ``conflict``,
    ``bad-input``, ``bad-request``, ``limit``, ...) and ``message`` (quoting the input).

    >>> str(RoomError("conflict", "every seat is taken"))
    'conflict: every seat is taken'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
