"""The one exception of the rooms: :class:`RoomError`, a request refused with a code of the
contract (:data:`officers.contract.STATUS` gives its HTTP status) and a message."""

from __future__ import annotations

from typing import Any

from officers.contract.requests import BadRequestError
from officers.core.errors import OfficersError

__all__ = ["RoomError"]


class RoomError(OfficersError):
    """A request the rooms refuse: ``code`` (``not-found``, ``forbidden``, ``conflict``,
    ``bad-input``, ``bad-request``, ``limit``, ...), ``message`` (quoting the input) and, for
    a move the game's rules refuse, the ``rule`` that refused it (such as ``must-follow``).
    An :class:`~officers.OfficersError`, as every error officers raises on purpose; not a
    ``ValueError``: a room may refuse a request that was right (``busy``, ``conflict``).

    >>> str(RoomError("conflict", "every seat is taken"))
    'conflict: every seat is taken'
    >>> RoomError("bad-input", "Farbe bedienen", rule="must-follow").document()["rule"]
    'must-follow'
    """

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.rule = rule

    def __reduce__(self) -> tuple[type[RoomError], tuple[str, str, str | None]]:
        return type(self), (self.code, self.message, self.rule)

    @classmethod
    def of(cls, error: Exception, code: str = "bad-input") -> RoomError:
        """The refusal of a request that failed with ``error`` (raised by a game's adapter):
        a :class:`RoomError` as it is, a :class:`~officers.contract.BadRequestError` with its
        own code, any other error with ``code`` and its message.

        >>> RoomError.of(BadRequestError("limit", "'game' is too long")).code
        'limit'
        >>> str(RoomError.of(ValueError("no seat 3")))
        'bad-input: no seat 3'
        """
        if isinstance(error, RoomError):
            return error
        if isinstance(error, BadRequestError):
            return cls(error.code, error.message)
        return cls(code, str(error))

    def document(self) -> dict[str, Any]:
        """The ``error`` document of the refusal (with ``rule`` when a rule refused it)."""
        from officers.contract.documents import error_document

        document = error_document(self.code, self.message)
        if self.rule is not None:
            document["rule"] = self.rule
        return document
