"""The one exception of the rooms: :class:`RoomError`, a request refused with a code of the
contract (:data:`officers.contract.STATUS` gives its HTTP status) and a message."""

from __future__ import annotations

from typing import Any

__all__ = ["RoomError"]


class RoomError(Exception):
    """A request the rooms refuse: ``code`` (``not-found``, ``forbidden``, ``conflict``,
    ``bad-input``, ``bad-request``, ``limit``, ...), ``message`` (quoting the input) and, for
    a move the game's rules refuse, the ``rule`` that refused it (such as ``must-follow``).

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

    def document(self) -> dict[str, Any]:
        """The ``error`` document of the refusal (with ``rule`` when a rule refused it)."""
        from officers.contract.documents import error_document

        document = error_document(self.code, self.message)
        if self.rule is not None:
            document["rule"] = self.rule
        return document
