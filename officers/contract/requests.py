"""Reading the fields of a request, with messages that quote the input.

>>> Request({"square": 4}).text("square")
Traceback (most recent call last):
  ...
officers.contract.requests.BadRequestError: 'square' must be a string, got 4
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from officers.core.errors import OfficersError, excerpt

if TYPE_CHECKING:
    from officers.contract import Budget

__all__ = ["BadRequestError", "Request", "integral"]


class BadRequestError(OfficersError, ValueError):
    """A request that cannot be answered: an error ``code`` of the contract and a message. An
    :class:`~officers.OfficersError` (and a ``ValueError``: the request was wrong), as every
    error officers raises on purpose.

    >>> error = BadRequestError("limit", "'game' is longer than 4096 characters")
    >>> isinstance(error, OfficersError), error.code, str(error)
    (True, 'limit', "'game' is longer than 4096 characters")
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> tuple[type[BadRequestError], tuple[str, str]]:
        return type(self), (self.code, self.message)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def integral(value: Any) -> Any:
    """``value`` with every float that is a whole number (``1.0``) made an int, through lists
    and objects: JSON has one kind of number, and a JSON Schema ``integer`` is any number whose
    fraction is zero (what JavaScript writes for ``1.0`` is ``1``).

    >>> integral({"tokens": 2.0, "locked": [1.0, 2.5], "flag": True})
    {'tokens': 2, 'locked': [1, 2.5], 'flag': True}
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [integral(item) for item in value]
    if isinstance(value, dict):
        return {key: integral(item) for key, item in value.items()}
    return value


class Request:
    """The fields of one request, read with checks (:class:`BadRequestError` for a wrong type),
    and the ``budget`` its door gave it (none: only the :class:`~officers.contract.Limits`)."""

    def __init__(self, data: Mapping[str, Any], budget: Budget | None = None) -> None:
        from officers.contract import Budget

        self.data = data
        self.budget = Budget() if budget is None else budget

    def __contains__(self, name: str) -> bool:
        return name in self.data and self.data[name] is not None

    def get(self, name: str, default: Any = None) -> Any:
        """The field, or ``default`` when it is missing or null."""
        value = self.data.get(name)
        return default if value is None else value

    def text(self, name: str) -> str:
        """A string field that must be there."""
        value = self.data.get(name)
        if value is None:
            raise BadRequestError("bad-request", f"the request needs {name!r}")
        if not isinstance(value, str):
            raise BadRequestError("bad-request", f"{name!r} must be a string, got {excerpt(value)}")
        if len(value) > 4096:
            raise BadRequestError("limit", f"{name!r} is longer than 4096 characters")
        return value

    def word(self, name: str, default: str) -> str:
        """An optional string field (``default`` when missing or null)."""
        if name not in self:
            return default
        return self.text(name)

    def language(self, langs: tuple[str, ...] | list[str]) -> str:
        """The ``lang`` field (``"en"`` when missing): one of ``langs``, the languages the game's
        words are written in (else ``bad-input``)."""
        lang = self.word("lang", "en")
        if lang not in langs:
            raise BadRequestError(
                "bad-input",
                f"no words for language {excerpt(lang)}: expected one of {', '.join(langs)}",
            )
        return lang

    def texts(self, name: str) -> list[str]:
        """A field that must be a non-empty list of strings."""
        value = self.data.get(name)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise BadRequestError(
                "bad-request", f"{name!r} must be a non-empty list of strings, got {excerpt(value)}"
            )
        return value

    def flag(self, name: str) -> bool:
        """A boolean field (default false)."""
        value = self.get(name, False)
        if not isinstance(value, bool):
            raise BadRequestError(
                "bad-request", f"{name!r} must be true or false, got {excerpt(value)}"
            )
        return value

    def count(
        self, name: str, default: int | None, *, nullable: bool = False, least: int = 0
    ) -> Any:
        """A whole-number field >= ``least`` (``default`` when missing; null allowed when
        ``nullable``)."""
        value = integral(self.data.get(name, default))
        if value is None and (nullable or default is None):
            return default
        if not _whole(value) or value < least:
            raise BadRequestError(
                "bad-request", f"{name!r} must be a whole number >= {least}, got {excerpt(value)}"
            )
        return value

    def object(self, name: str) -> dict[str, Any]:
        """An object field."""
        value = self.data.get(name)
        if not isinstance(value, dict):
            raise BadRequestError(
                "bad-request", f"{name!r} must be an object, got {excerpt(value)}"
            )
        return value

    def cells(self, name: str) -> list[int]:
        """A list of cells 0-15 (default empty)."""
        value = integral(self.get(name, []))
        if not isinstance(value, list) or not all(_whole(v) and 0 <= v < 16 for v in value):
            raise BadRequestError(
                "bad-request", f"{name!r} must be a list of cells 0-15, got {excerpt(value)}"
            )
        return value
