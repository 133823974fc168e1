"""The engine protocol: JSON lines on standard input and output, for programs in any language.

One request object per line (``{"id": 1, "op": "hint", "game": "...", "player": 1}``), one
answer per line, in order, with the request's ``id`` echoed; an error is an ``error`` document
(``code``, ``message``), and a bad line never ends the engine; end of input or ``{"op": "quit"}``
ends it cleanly. The operations and documents are those of :mod:`officers.contract`
(docs/json.md, docs/serve.md).

>>> import io
>>> out = io.StringIO()
>>> run(['{"id": 1, "op": "count", "square": "AC3/1JS2/1AH1QD/4"}', 'nonsense', ''], out)
>>> print(out.getvalue(), end="")
{"version": 2, "kind": "count", "square": "AC3/1JS2/1AH1QD/4", "rules": {"order": 4, "diagonals": false}, "completions": 1, "id": 1}
{"version": 2, "kind": "error", "code": "bad-json", "message": "cannot read JSON 'nonsense': Expecting value: line 1 column 1 (char 0)", "answer": null, "id": null}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final, TextIO

from officers.contract import DEFAULT_LIMITS, Limits, handle
from officers.contract.documents import error_document, head
from officers.errors import excerpt

__all__ = ["answer", "run"]


def answer(line: str, limits: Limits = DEFAULT_LIMITS) -> tuple[dict[str, Any], bool]:
    """The answer to one line, and whether the engine goes on (``False`` after ``quit``)."""
    try:
        request = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as error:
        return {
            **error_document("bad-json", f"cannot read JSON {excerpt(line)}: {error}"),
            "id": None,
        }, True
    ident = request.get("id") if isinstance(request, dict) else None
    if isinstance(ident, (dict, list)):
        ident = None
    if isinstance(request, dict) and request.get("op") == "quit":
        return {**head("bye"), "id": ident}, False
    try:
        return {**handle(request, limits), "id": ident}, True
    except Exception as error:  # a bug: answer it, and go on with the next line
        message = f"internal error ({type(error).__name__}: {error}); please report it"
        return {**error_document("internal", message), "id": ident}, True


LINE_BREAKS: Final = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}
"""The characters that JSON leaves raw but that readers split lines at (Python's ``splitlines``,
JavaScript before ES2019): written escaped, so that one answer is always one line."""


def one_line(document: object) -> str:
    r"""``document`` as JSON on one line, whatever line breaks its strings hold.

    >>> one_line({"id": "a\u2028b\nc"})
    '{"id": "a\\u2028b\\nc"}'
    """
    return json.dumps(document, ensure_ascii=False).translate(LINE_BREAKS)


def run(lines: Iterable[str], out: TextIO, limits: Limits = DEFAULT_LIMITS) -> None:
    """Answer each line of ``lines`` on ``out`` (flushed after each), until the end or ``quit``;
    blank lines are skipped."""
    for line in lines:
        if not line.strip():
            continue
        document, going = answer(line, limits)
        out.write(one_line(document) + "\n")
        out.flush()
        if not going:
            break
