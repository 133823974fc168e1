"""The engine protocol: JSON lines on standard input and output, for programs in any language.

One request object per line (``{"id": 1, "op": "hint", "game": "...", "player": 1}``), one
answer per line, in order, with the request's ``id`` echoed; an error is an ``error`` document
(``code``, ``message``), and a bad line never ends the engine. The operations and documents are
those of :mod:`officers.contract` (docs/json.md, docs/serve.md), each request held to its schema,
and two that steer the engine itself:

- ``cancel`` ends every search asked for before it at once (each answered as an error with
  ``"code": "cancelled"``, in its place) and is answered with a ``cancel`` document;
- ``quit`` does the same and ends the engine after its ``bye``; end of input instead answers
  every line before it ends.

The lines are read beside the answering, so that ``cancel`` and ``quit`` reach a search while
it runs. A line is at most :data:`MAX_LINE` bytes (``--max-line``): a longer one is answered
with a ``too-large`` error and skipped unread, never held whole. Bytes that are not UTF-8, the
words ``NaN`` and ``Infinity``, integers of thousands of digits: each gets a ``bad-json`` error.

>>> import io
>>> out = io.StringIO()
>>> run(['{"id": 1, "op": "count", "square": "AC3/1JS2/1AH1QD/4"}', 'nonsense', ''], out)
>>> print(out.getvalue(), end="")
{"version": 2, "kind": "count", "square": "AC3/1JS2/1AH1QD/4", "rules": {"order": 4, "diagonals": false}, "completions": 1, "id": 1}
{"version": 2, "kind": "error", "code": "bad-json", "message": "cannot read JSON 'nonsense': Expecting value: line 1 column 1 (char 0)", "answer": null, "id": null}
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Final, TextIO

from officers.contract import DEFAULT_LIMITS, Budget, Limits, handle
from officers.contract.documents import error_document, head
from officers.core.errors import excerpt
from officers.core.wire import LINE_BREAKS, WireError, read, write

__all__ = ["LINE_BREAKS", "MAX_LINE", "answer", "one_line", "read_lines", "run"]

MAX_LINE: Final = 65536
"""The longest request line read (bytes, without its line break), as the service's body limit."""

QUEUED: Final = 256
"""How many lines are read ahead of the answers (then reading waits: the input is not held)."""


@dataclass
class _Line:
    """One line read: the request (or why it cannot be one) and how to stop its search."""

    request: Any = None
    error: dict[str, Any] | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    answered: bool = False


def _ident(request: object) -> Any:
    ident = request.get("id") if isinstance(request, dict) else None
    return None if isinstance(ident, (dict, list)) else ident


def _op(request: object) -> object:
    return request.get("op") if isinstance(request, dict) else None


def _steering(request: object) -> str | None:
    """``"cancel"`` or ``"quit"`` for a request that steers the engine (with no other fields)."""
    op = _op(request)
    if op in ("cancel", "quit") and isinstance(request, dict) and request.keys() <= {"id", "op"}:
        return str(op)
    return None


def answer(
    line: str | bytes, limits: Limits = DEFAULT_LIMITS, cancel: threading.Event | None = None
) -> tuple[dict[str, Any], bool]:
    """The answer to one line, and whether the engine goes on (``False`` after ``quit``)."""
    try:
        request = read(line)
    except WireError as error:
        return {**error_document("bad-json", str(error)), "id": None}, True
    return _answer(_Line(request, cancel=cancel or threading.Event()), limits)


def _answer(line: _Line, limits: Limits) -> tuple[dict[str, Any], bool]:
    if line.error is not None:
        return {**line.error, "id": None}, True
    request = line.request
    ident = _ident(request)
    op = _op(request)
    if op in ("quit", "cancel"):
        extra = [name for name in request if name not in ("id", "op")]
        if extra:
            names = ", ".join(excerpt(name, 40) for name in extra[:4])
            message = f"the {op} request takes no fields, got {names}"
            return {**error_document("bad-request", message), "id": ident}, True
        return {**head("bye" if op == "quit" else "cancel"), "id": ident}, op != "quit"
    try:
        return {**handle(request, limits, Budget(cancel=line.cancel)), "id": ident}, True
    except Exception as error:  # a bug: answer it, and go on with the next line
        message = (
            f"internal error ({type(error).__name__}: {excerpt(str(error), 200)}); please report it"
        )
        return {**error_document("internal", message), "id": ident}, True


def one_line(document: object, *, ascii: bool = False) -> str:
    r"""``document`` as JSON on one line, whatever line breaks its strings hold (UTF-8 safe:
    :func:`officers.core.wire.write`; with ``ascii``, ASCII alone).

    >>> one_line({"id": "a\u2028b\nc"})
    '{"id": "a\\u2028b\\nc"}'
    """
    return write(document, ascii=ascii)


def _utf8(out: TextIO) -> bool:
    """Whether ``out`` writes every character (its encoding is UTF-8, or it has none: a
    string buffer)."""
    encoding = getattr(out, "encoding", None)
    return encoding is None or encoding.lower().replace("_", "-") in ("utf-8", "utf8")


def read_lines(source: IO[bytes] | int, max_line: int = MAX_LINE) -> Iterator[bytes | None]:
    """The lines of a byte stream (or of a file descriptor, read with :func:`os.read`) without
    their line breaks, each kept only up to ``max_line`` bytes: a longer line is read past in
    pieces and given as ``None``.

    The engine reads its standard input's descriptor this way, with no lock held while it
    waits: nothing that ends the engine waits for a lock only the reading thread could release
    (a search child forked from the engine, as before 0.4, did, when it closed its copy of
    ``sys.stdin``), and the engine ends at once.
    """
    read = (lambda size: os.read(source, size)) if isinstance(source, int) else _reader_of(source)
    kept = bytearray()
    skipping = False
    while chunk := read(65536):
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            if not skipping:
                kept += chunk[start:end]
            line = bytes(kept).removesuffix(b"\r")
            yield None if skipping or len(line) > max_line else line
            kept.clear()
            skipping = False
            start = end + 1
        if not skipping:
            kept += chunk[start:]
            if len(kept) > max_line + 1:  # room for a "\r" before the line break
                skipping = True
                kept.clear()
    if skipping or kept:
        line = bytes(kept).removesuffix(b"\r")
        yield None if skipping or len(line) > max_line else line


def _reader_of(stream: IO[bytes]) -> Callable[[int], bytes]:
    read1 = getattr(stream, "read1", None)
    return read1 if callable(read1) else stream.read


def _too_long(text: str | bytes, max_line: int) -> bool:
    if isinstance(text, bytes) or len(text) > max_line or len(text) * 4 <= max_line:
        return len(text) > max_line
    return len(text.encode("utf-8", "surrogatepass")) > max_line


def _reader(
    lines: Iterable[str | bytes | None], inbox: queue.Queue[_Line | None], max_line: int
) -> None:
    """Read each line into ``inbox`` (``None`` at the end); a ``cancel`` or ``quit`` sets the
    cancel event of every line before it at once."""
    pending: list[_Line] = []
    try:
        for text in lines:
            if text is None or _too_long(text, max_line):
                error = error_document(
                    "too-large", f"a line is over {max_line} bytes: skipped unread"
                )
                item = _Line(error=error)
            elif not text.strip():
                continue
            else:
                try:
                    item = _Line(read(text))
                except WireError as problem:
                    item = _Line(error=error_document("bad-json", str(problem)))
            op = _steering(item.request)
            # the lines not yet answered: at most QUEUED and the one being answered
            pending = [line for line in pending if not line.answered and not line.cancel.is_set()]
            if op in ("cancel", "quit"):
                for line in pending:
                    line.cancel.set()
                pending = []
            else:
                pending.append(item)
            inbox.put(item)
            if op == "quit":
                break
    finally:
        inbox.put(None)


def run(
    lines: Iterable[str | bytes | None],
    out: TextIO,
    limits: Limits = DEFAULT_LIMITS,
    max_line: int = MAX_LINE,
) -> None:
    """Answer each line of ``lines`` on ``out`` (flushed after each), until the end or ``quit``;
    blank lines are skipped, and ``None`` stands for a line over ``max_line`` bytes (as
    :func:`read_lines` gives them). The lines are read on a thread of their own, so no search
    forks this threaded process: the first search that needs a child process starts the search
    server (:func:`officers.contract.bounded.start`), and an engine that never searches so far
    (order 4, the hints, Eight Off) never starts it and answers its first lines at once."""
    inbox: queue.Queue[_Line | None] = queue.Queue(QUEUED)
    reader = threading.Thread(target=_reader, args=(lines, inbox, max_line), daemon=True)
    reader.start()
    ascii = not _utf8(out)
    while True:
        line = inbox.get()
        if line is None:
            break
        document, going = _answer(line, limits)
        line.answered = True
        out.write(one_line(document, ascii=ascii) + "\n")
        out.flush()
        if not going:
            break
