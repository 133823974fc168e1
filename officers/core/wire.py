"""JSON on the wire: what the engine and the service read, and what they write.

Reading is stricter than :func:`json.loads`: the words ``NaN``, ``Infinity`` and ``-Infinity``
and numbers too large for a double (``1e400``) are not JSON (RFC 8259), nor are bytes that are
not UTF-8; an integer of more digits than Python converts, and nesting deeper than Python
recurses, are refused with the same :class:`WireError` instead of an exception of another kind.

Writing always gives JSON that every reader accepts: never ``NaN`` (a document holding one is
a bug, raised as :class:`ValueError`), on one line whatever line breaks its strings hold, and
UTF-8 even when a string holds a lone surrogate (``"\\ud800"``, which some JSON texts carry and
Python keeps): such a document is written with ``\\u`` escapes, which JSON allows and every
reader turns back into the same string.

>>> read(b'{"id": 1, "op": "health"}')
{'id': 1, 'op': 'health'}
>>> read('{"id": NaN}')
Traceback (most recent call last):
  ...
officers.core.wire.WireError: cannot read JSON '{"id": NaN}': NaN is not a JSON value
>>> read('[1e400]')
Traceback (most recent call last):
  ...
officers.core.wire.WireError: cannot read JSON '[1e400]': the number 1e400 is too large for JSON
>>> write({"id": "\\ud800", "text": "a\\u2028b"})
'{"id": "\\\\ud800", "text": "a\\\\u2028b"}'
>>> write({"word": "König"})
'{"word": "König"}'
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

from officers.core.errors import excerpt

__all__ = ["LINE_BREAKS", "WireError", "read", "write", "write_bytes"]


class WireError(ValueError):
    """Text that is not JSON (the message quotes a bounded excerpt of it and says why)."""


def _constant(word: str) -> Any:
    raise _NotJSONError(f"{word} is not a JSON value")


def _number(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NotJSONError(f"the number {excerpt(text, 40)[1:-1]} is too large for JSON")
    return value


class _NotJSONError(Exception):
    """Raised inside the decoder (not a ValueError, so that json does not rewrap it)."""


_DECODER: Final = json.JSONDecoder(parse_constant=_constant, parse_float=_number)


def read(text: str | bytes) -> Any:
    """The JSON value of ``text`` (bytes must be UTF-8), or :class:`WireError` quoting it."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise WireError(
                f"cannot read JSON {excerpt(text)}: not UTF-8 ({error.reason})"
            ) from None
    try:
        return _DECODER.decode(text)
    except _NotJSONError as error:
        raise WireError(f"cannot read JSON {excerpt(text)}: {error}") from None
    except RecursionError:
        raise WireError(f"cannot read JSON {excerpt(text)}: nested too deeply") from None
    except json.JSONDecodeError as error:
        raise WireError(f"cannot read JSON {excerpt(text)}: {error}") from None
    except ValueError:  # an integer of more digits than Python converts (4300 by default)
        raise WireError(
            f"cannot read JSON {excerpt(text)}: an integer has too many digits"
        ) from None


LINE_BREAKS: Final = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
"""The characters that JSON leaves raw but that readers split lines at (Python's ``splitlines``,
JavaScript before ES2019): written escaped, so that one answer is always one line."""


def write(document: object, *, ascii: bool = False) -> str:
    """``document`` as JSON text on one line that encodes to UTF-8 (see the module's doc); with
    ``ascii``, in ASCII alone (every other character escaped), for a stream that takes no more.
    """
    if ascii:
        return json.dumps(document, ensure_ascii=True, allow_nan=False)
    text = json.dumps(document, ensure_ascii=False, allow_nan=False).translate(LINE_BREAKS)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: escape everything outside ASCII
        return json.dumps(document, ensure_ascii=True, allow_nan=False)
    return text


def write_bytes(document: object) -> bytes:
    """:func:`write`, encoded as UTF-8."""
    return write(document).encode("utf-8")
