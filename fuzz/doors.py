"""The two doors as an outside attacker meets them: byte lines for ``officers engine`` and HTTP
requests for the service's ASGI application, and what every answer must be.

The engine (:func:`engine_cases`, :func:`check_engine`) is given lines of bytes: valid requests
of every op with ids of every JSON type, requests with a field made hostile (``NaN``, ``1e400``,
integers of 4,300 and 5,000 digits, lone surrogates escaped and raw, control characters,
``\\u2028``, values nested near and past Python's recursion limit), random JSON, the bytes of
all of these mutated (invalid UTF-8, line breaks of every kind, duplicate keys), and lines around
the line limit. A share of the cases goes to a real ``officers engine`` process (one kept running
for the campaign, restarted after a failure; its standard output sometimes ASCII only), the
others to :func:`officers.engine.run` on a thread, reading a byte stream through
:func:`officers.engine.read_lines`. Each case ends with a ``health`` request. The check: one
answer line per request line, in order (blank lines skipped; after ``quit`` nothing); each a
JSON object that JavaScript's ``JSON.parse`` accepts (UTF-8, no ``NaN``, no raw line separator),
of its kind's schema; the id echoed (``null`` for a line that is no JSON object); no
``internal`` error; nothing on standard error; the engine alive at the end, answering ``health``.

The service (:func:`http_cases`, :func:`check_http`) is given requests as a server would hand
them to the application (an ASGI scope: the method, the path percent-decoded as uvicorn does, the
raw headers, the body in chunks; now and then a client that goes away or sends its body slowly),
a share of them through ``httpx.ASGITransport`` instead. The check: no 5xx but 503 ``timeout`` or
``busy``; the application never raises; every error a JSON document of the error schema with the
HTTP status of its code; every JSON answer strict and of its kind's schema; the security headers
on every answer; no traceback anywhere; every log line one line.

>>> line_model(b'{"id": 1, "op": "quit"}', 100).steering
'quit'
>>> line_model(b'{"id": NaN}', 100).status
'bad-json'
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import logging
import math
import os
import random
import re
import select
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
import urllib.parse
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Final

from hypothesis import strategies as st

from fuzz.inputs import json_values, perturbed

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

__all__ = [
    "ENGINE_TIME_LIMIT",
    "EngineCase",
    "HttpCase",
    "LineModel",
    "check_engine",
    "check_http",
    "engine_cases",
    "http_cases",
    "line_model",
    "run_engine",
    "send_http",
]

ENGINE_TIME_LIMIT: Final = 0.5
"""The time limit of a search, in the engine and the service under fuzzing (seconds)."""

WITHIN: Final = 30.0
"""The longest a case may take before it is a hang (the campaign's deadline is shorter)."""

GAME: Final = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"
OVER: Final = "AS1AS1/4/4/4 normal 0 1 KH - - 1"
REQUESTS: Final[list[dict[str, Any]]] = [
    {"op": "hello"},
    {"op": "health"},
    {"op": "count", "square": "AC3/1JS2/1AH1QD/4", "diagonals": True},
    {"op": "count", "square": "Aa4/5/5/5/5"},
    {"op": "complete", "square": "AC3/1JS2/1AH1QD/4"},
    {"op": "complete", "square": "Aa5/6/6/6/6/6"},
    {"op": "explain", "square": "4/1KD1QH/2QC1/QS3", "max_reasons": 1, "lang": "de"},
    {"op": "explain", "square": "AC3/1JS2/1AH1QD/4", "locked": [0], "diagonals": False},
    {"op": "hint", "game": GAME, "player": 2, "lang": "both", "max_reasons": None},
    {"op": "hint", "view": {"square": "AS3/4/4/4", "hand": "KH QD", "diagonals": True}},
    {"op": "hint", "view": {"square": "4/4/4/4", "hand": "AS", "others": None, "tokens": 2}},
    {"op": "move", "game": GAME, "move": "AH@r1c1", "lang": "de"},
    {"op": "move", "game": GAME, "move": "KD@r1c2", "deal_seed": 7},
    {"op": "bot", "game": GAME, "bot": "exact", "seed": 3},
    {"op": "bot", "game": OVER},
    {"op": "new", "level": "expert", "players": 3, "seed": 5, "variant": {"ozanam": True}},
    {"op": "new", "riddle": 2, "seed": 1, "tokens": 0},
    {"op": "new", "start": "AC3/1JS2/1AH1QD/4", "variant": {"coins": True, "open_hands": True}},
    {"op": "verify", "starts": ["AC3/1JS2/1AH1QD/4", {"square": "4/4/4/4", "name": "b"}, 7]},
    {"op": "verify", "starts": ["4/4/4/4 expert"], "symmetry": "lines", "diagonals": True},
    {"op": "schema", "name": "count"},
    {"op": "schema", "name": "hint-request"},
    {"op": "bots", "lang": "both"},
    {"op": "record", "setup": GAME, "moves": ["KD@r1c2"], "seed": 3},
    {"op": "record", "record": f'[Setup "{GAME}"]\n\nKD@r1c2 *'},
    {"op": "cancel"},
    {"op": "quit"},
]
"""A valid request of every op (and of the engine's own ``cancel`` and ``quit``)."""

IDS: Final[list[Any]] = [
    None, True, False, 0, -1, 7, -0.0, 1.5, 1e308, 5e-324, 2**53 + 1, 2**64, 10**400,
    "", "a", "\ud800", "\udfff\ud800", "a\u2028b\u2029c\x85", "\x00\x1b[2J\x7f", "😀",
    "x" * 3000, [], [1, "a"], {}, {"id": 1},
]  # fmt: skip
"""Ids of every JSON type (a list or an object is answered with a null id)."""

DEEP: Final = (400, 900, 960, 975, 980, 985, 990, 995, 1000, 1010, 3000, 20000)
"""Nesting depths: below, around and past Python's recursion limit."""

FRAGMENTS: Final[list[bytes]] = [
    b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e999", b"1e-400", b"-0", b"-0.0", b"0.0",
    b"1.0", b"2.0", b"3.5", b"1E2", b"1e19", b"9223372036854775807", b"9223372036854775808",
    b"-9223372036854775809", b"18446744073709551616", b"1" + b"0" * 4299, b"1" + b"0" * 4300,
    b"9" * 5000, b"0." + b"1" * 5000, b"1.5e308", b"true", b"false", b"null", b'""', b"[]",
    b"{}", b'"\\ud800"', b'"\\udc00\\ud800"', b'"\xed\xa0\x80"', b'"\xff"', b'"\xc0\xaf"',
    b'"\\u0000"', b'"\x01\x1f"', b'"\t"', '"\u2028\u2029\x85"'.encode(), b'"\x1b[31m"',
    b'"' + b"x" * 5000 + b'"', b'"' + "é".encode() * 3000 + b'"', b'"AS"', b'"4/4/4/4"',
    b'{"__proto__": {"x": 1}}', b'[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]',
    b'{"square": "4/4/4/4", "x": {"y": [null]}}', b'"\\"\\\\\\/\\b\\f\\n\\r\\t"',
]  # fmt: skip
"""JSON texts (and near-JSON) for a field: the words and numbers JSON lacks, numbers past every
limit, lone surrogates escaped and raw (not UTF-8), raw control characters, line separators."""

BYTE_PIECES: Final[list[bytes]] = [
    b"\xff", b"\xfe\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xe2\x80", b"\xf4\x90\x80\x80",
    b"\x00", b"\x1b[31m", b"\r", b"\n", b"\r\n", b"\n\n", b"\x0b", b"\x0c", b"\x1c", b"\x85",
    "\u2028".encode(), "\u2029".encode(), "\ufeff".encode(), "\u00a0".encode(), b"\\ud800",
    b"\\udc00\\ud800", b"\\u0000", b"\\", b'"', b",", b":", b"{", b"}", b"[", b"]", b" ",
    b"\t", b"NaN", b"Infinity", b"1e400", b"null", b"-0", b'"id": ', b'"op": "quit"',
    b'"op": "cancel", ', b'"id": 1, "id": [2], ', b"9" * 5000, b"[" * 1000, b"{" * 995,
]  # fmt: skip
"""What the byte mutations insert: bytes that are not UTF-8, every kind of line break, the
pieces of JSON syntax, words that are not JSON, a duplicate key, long runs."""


# --- the engine: cases ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EngineCase:
    """Lines for the engine (each written with ``eol``; the last one without it when not
    ``final_eol``), how it runs (``process``: a real ``officers engine``; ``thread``:
    :func:`officers.engine.run` on a thread), its line limit and, for a process, the encoding of
    its standard output (``None``: the locale's, UTF-8)."""

    lines: tuple[bytes, ...]
    way: str = "process"
    max_line: int = 65536
    encoding: str | None = None
    eol: bytes = b"\n"
    final_eol: bool = True

    def stream(self, final: bytes | None) -> bytes:
        """The bytes written to the engine: the lines, then the line ``final`` (none: the
        stream ends after the lines, without a line break unless ``final_eol``)."""
        body = self.eol.join(self.lines)
        if final is None:
            return body + (self.eol if self.final_eol else b"")
        return body + (self.eol if self.lines else b"") + final + b"\n"

    def __repr__(self) -> str:
        shown = [line if len(line) <= 300 else line[:200] + b"...(%d bytes)" % len(line)
                 for line in self.lines]  # fmt: skip
        return (
            f"EngineCase(lines={tuple(shown)!r}, way={self.way!r}, max_line={self.max_line}, "
            f"encoding={self.encoding!r}, eol={self.eol!r}, final_eol={self.final_eol})"
        )


def _dumps(document: Any, style: int) -> bytes:
    """``document`` as a line in one of several styles: ASCII escapes; raw UTF-8 (a lone
    surrogate written raw, which is not UTF-8); compact; indented (several lines)."""
    if style == 1:
        return json.dumps(document, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if style == 2:
        return json.dumps(document, separators=(",", ":")).encode("ascii")
    if style == 3:
        return json.dumps(document, indent=1).encode("ascii")
    return json.dumps(document).encode("ascii")


def _with_id(request: dict[str, Any], ident: Any, keep: bool) -> dict[str, Any]:
    return {"id": ident, **request} if keep else dict(request)


_HOLE: Final = "\x00\x01hole\x01\x00"


def _hostile(request: dict[str, Any], ident: Any, fragment: bytes, seed: int) -> bytes:
    """``request`` with one field (its own, ``id``, ``op`` or a new one, at any depth) made the
    JSON text ``fragment``."""
    rng = random.Random(seed)
    document: dict[str, Any] = {"id": ident, **request}
    names = [*document, "x", "__proto__", "id"]
    name = rng.choice(names)
    value = document.get(name)
    if isinstance(value, dict) and value and rng.random() < 0.5:
        inner = dict(value)
        inner[rng.choice([*inner, "x"])] = _HOLE
        document[name] = inner
    elif isinstance(value, list) and value and rng.random() < 0.5:
        items = list(value)
        items[rng.randrange(len(items))] = _HOLE
        document[name] = items
    else:
        document[name] = _HOLE
    text = json.dumps(document).encode("ascii")
    return text.replace(json.dumps(_HOLE).encode("ascii"), fragment, 1)


def _deep(request: dict[str, Any], ident: Any, depth: int, kind: int) -> bytes:
    """``request`` with a value nested ``depth`` deep: in a start of ``verify`` (passed
    through to the answer), in a new field, as the id, or the whole line."""
    opening, closing = [(b"[", b"]"), (b'{"a":', b"}"), (b'[{"a":', b"}]")][kind % 3]
    inner = b"1" if kind % 3 else b""
    nested = opening * depth + inner + closing * depth
    if kind // 3 == 0:
        return b'{"id": 9, "op": "verify", "starts": [{"square": "4/4/4/4", "x": ' + nested + b"}]}"
    if kind // 3 == 1:
        return _dumps({"id": ident, **request}, 0)[:-1] + b', "deep": ' + nested + b"}"
    if kind // 3 == 2:
        return b'{"op": "health", "id": ' + nested + b"}"
    return nested


def _mutate_bytes(data: bytes, mutations: list[tuple[int, int, bytes]]) -> bytes:
    for start, end, new in mutations:
        n = len(data) + 1
        a, b = sorted((start % n, end % n))
        data = data[:a] + new + data[b:]
    return data


_byte_mutations = st.lists(
    st.tuples(
        st.integers(0, 10**6),
        st.integers(0, 10**6),
        st.sampled_from(BYTE_PIECES) | st.binary(max_size=4),
    ),
    min_size=1,
    max_size=4,
)

_requests = st.sampled_from(REQUESTS)
_ids = st.sampled_from(IDS)


def _padded(request: dict[str, Any], ident: Any, length: int, how: int) -> bytes:
    """A valid request line of exactly ``length`` bytes (padded with spaces, or in a string)."""
    text = _dumps({"id": ident, **request}, 2)
    if how == 0 or len(text) + 12 > length:
        return text + b" " * max(0, length - len(text))
    head = text[:-1] + b',"pad":"'
    return head + b"p" * max(0, length - len(head) - 2) + b'"}'


@cache
def _lines(max_line: int) -> st.SearchStrategy[bytes]:
    """One line of a case."""
    valid = st.builds(_with_id, _requests, _ids, st.booleans())
    return st.one_of(
        st.builds(_dumps, valid, st.sampled_from([0, 0, 1, 2, 2, 3])),
        st.builds(_hostile, _requests, _ids, st.sampled_from(FRAGMENTS), st.integers(0, 2**32)),
        st.builds(
            _dumps,
            st.builds(
                lambda document, seed: perturbed(document, random.Random(seed)),
                valid,
                st.integers(0, 2**32),
            ),
            st.integers(0, 2),
        ),
        st.builds(_dumps, json_values, st.integers(0, 2)),
        st.builds(_mutate_bytes, st.builds(_dumps, valid, st.integers(0, 2)), _byte_mutations),
        st.builds(
            _deep,
            _requests,
            _ids,
            st.sampled_from(DEEP) | st.integers(940, 1010),
            st.integers(0, 11),
        ),
        st.builds(
            _padded,
            _requests.filter(lambda r: r["op"] != "quit"),
            _ids,
            st.integers(max_line - 3, max_line + 3),
            st.integers(0, 1),
        ),
        st.sampled_from(
            [
                b"",
                b"   ",
                b"\t\x0b\x0c",
                b"\x1c\x1d",
                b'{"id": 1, "op": "health", "id": 2}',
                b'{"op": "health", "op": "quit", "id": "dup"}',
                b'{"op": "quit", "op": "health", "id": "dup"}',
                b'{"op": "cancel", "id": 3, "id": {}}',
                b'{"op": "quit", "extra": 1}',
                b'["op", "health"]',
                b'"health"',
                b"\xef\xbb\xbf" + b'{"id": 4, "op": "health"}',
                b'{"id": 5, "op": "health"}\r',
                b'{"id": 6, "op": "health"} {"id": 7, "op": "health"}',
                b'{"id": 8, "op": "health"}\x00',
                b'{"id": "\\u2028", "op": "hello"}',
            ]
        ),
    )


@st.composite
def engine_cases(draw: st.DrawFn) -> EngineCase:
    """Cases for the engine: 1-6 lines, run by a process (three in four) or on a thread."""
    way = draw(st.sampled_from(["process", "process", "process", "thread"]))
    max_line = draw(st.sampled_from([65536] * 6 + [300, 48]))
    encoding = draw(st.sampled_from([None, None, None, "ascii"])) if way == "process" else None
    lines = draw(st.lists(_lines(max_line), min_size=1, max_size=6))
    if draw(st.integers(0, 19)) == 0:  # a flood: more lines than the engine reads ahead
        lines += [draw(st.sampled_from(FLOOD)) for _ in range(draw(st.integers(100, 600)))]
    eol = draw(st.sampled_from([b"\n", b"\n", b"\r\n", b"\r\r\n"]))
    return EngineCase(tuple(lines), way, max_line, encoding, eol, draw(st.booleans()))


FLOOD: Final = [
    b'{"id": 1, "op": "health"}',
    b'{"id": 2, "op": "hello"}',
    b'{"id": 3, "op": "count", "square": "4/4/4/4"}',
    b'{"id": 4, "op": "cancel"}',
    b"nonsense",
    b"",
    b'{"id": 5, "op": "schema", "name": "hint"}',
]
"""Cheap lines, sent by the hundred."""


# --- the engine: what a line is, as a client sees it ---------------------------------------------


@dataclass(frozen=True)
class LineModel:
    """What the engine must make of one line: its ``status`` (``blank``: no answer;
    ``too-large``, ``bad-json``: an error with a null id; ``request``: the JSON value read;
    ``deep``: nested so deep that the engine may refuse it as ``bad-json``), and for a request
    the id to echo and whether it steers the engine (``cancel``, ``quit``)."""

    status: str
    ident: Any = None
    op: Any = None
    steering: str | None = None
    extra: bool = False


def _refuse(word: str) -> Any:
    raise ValueError(f"{word} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{text} is too large for a double")
    return value


def _depth(data: bytes) -> int:
    """How deep the brackets of a JSON text nest (outside strings)."""
    if data.count(b"[") + data.count(b"{") < 400:
        return 0
    depth = most = 0
    inside = escaped = False
    for byte in data:
        if inside:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                inside = False
        elif byte == 0x22:
            inside = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            most = max(most, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return most


def strict_json(data: bytes) -> Any:
    """The JSON value of ``data`` as RFC 8259 (and ``JSON.parse``) reads it: UTF-8, no
    ``NaN`` or ``Infinity``, no raw control character in a string; and what Python reads (no
    number too large for a double, no integer of more than 4,300 digits). ``ValueError``
    otherwise."""
    text = data.decode("utf-8")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))  # an answer may nest as deep as the engine read
    try:
        return json.loads(text, parse_constant=_refuse, parse_float=_finite)
    finally:
        sys.setrecursionlimit(limit)


def line_model(line: bytes, max_line: int) -> LineModel:
    """What the engine must make of ``line`` (without its line break)."""
    if len(line) > max_line:
        return LineModel("too-large")
    if not line.strip():
        return LineModel("blank")
    if _depth(line) >= 400:
        return LineModel("deep")
    try:
        value = strict_json(line)
    except (ValueError, RecursionError):
        return LineModel("bad-json")
    if not isinstance(value, dict):
        return LineModel("request")
    ident = value.get("id")
    op = value.get("op")
    extra = not value.keys() <= {"id", "op"}
    steering = op if isinstance(op, str) and op in ("cancel", "quit") else None
    return LineModel(
        "request",
        None if isinstance(ident, (dict, list)) else ident,
        op,
        None if extra else steering,
        extra,
    )


def _lines_of(stream: bytes, max_line: int) -> list[LineModel]:
    """Every line of ``stream`` that gets an answer, split as a client splits them (at
    ``\\n``; one ``\\r`` before it belongs to the line break)."""
    pieces = stream.split(b"\n")
    if pieces and pieces[-1] == b"":
        pieces.pop()
    models = [line_model(piece.removesuffix(b"\r"), max_line) for piece in pieces]
    return [model for model in models if model.status != "blank"]


# --- the engine: running a case ------------------------------------------------------------------


class _Engine:
    """A running ``officers engine`` kept for many cases."""

    def __init__(self, max_line: int, encoding: str | None) -> None:
        env = dict(os.environ)
        if encoding is not None:
            env["PYTHONIOENCODING"] = encoding
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by stop())
        command = [
            sys.executable, "-m", "officers", "engine", "--max-line", str(max_line),
            "--time-limit", str(ENGINE_TIME_LIMIT),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=env,
        )
        self.pending = b""

    def errors(self) -> bytes:
        """What the engine has written on standard error so far (read without moving the
        offset the engine writes at)."""
        fd = self.stderr.fileno()
        return os.pread(fd, os.fstat(fd).st_size, 0)

    def stop(self) -> None:
        """End the engine: SIGTERM (its search children end with it), then SIGKILL."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.stderr.close()


_ENGINES: dict[tuple[int, str | None], _Engine] = {}


@atexit.register
def _stop_engines() -> None:
    for engine in list(_ENGINES.values()):
        engine.stop()
    _ENGINES.clear()


def _engine(max_line: int, encoding: str | None) -> _Engine:
    key = (max_line, encoding)
    engine = _ENGINES.get(key)
    if engine is None or engine.process.poll() is not None:
        if engine is not None:
            engine.stop()
        engine = _ENGINES[key] = _Engine(max_line, encoding)
    return engine


def _write(stream: Any, data: bytes) -> None:
    with contextlib.suppress(OSError, ValueError):  # the engine went away: the check says so
        for start in range(0, len(data), 1 << 16):
            stream.write(data[start : start + (1 << 16)])
        stream.flush()


@dataclass
class EngineRun:
    """What the engine did with a case: the bytes it answered, what it wrote on standard
    error, whether it ended (and its exit status) and whether it was still running."""

    out: bytes
    err: bytes = b""
    ended: bool = False
    status: int | None = None
    crash: str | None = None
    timed_out: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def _run_process(case: EngineCase, stream: bytes, sentinel: bytes) -> EngineRun:
    engine = _engine(case.max_line, case.encoding)
    before = len(engine.errors())
    process = engine.process
    assert process.stdin is not None and process.stdout is not None
    writer = threading.Thread(target=_write, args=(process.stdin, stream), daemon=True)
    writer.start()
    out = b""
    ended = timed_out = False
    deadline = time.monotonic() + WITHIN
    fd = process.stdout.fileno()
    try:
        while sentinel not in out:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([fd], [], [], min(left, 1.0))
            if not ready:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                ended = True
                break
            out += chunk
        if sentinel in out:  # the rest of the sentinel's line
            while not out.endswith(b"\n"):
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                out += chunk
        writer.join(5)
        status = None
        if ended:
            try:
                status = process.wait(10)
            except subprocess.TimeoutExpired:
                status = None
        err = engine.errors()[before:]
        result = EngineRun(out, err, ended, status, timed_out=timed_out)
    except BaseException:
        engine.stop()
        _ENGINES.pop((case.max_line, case.encoding), None)
        raise
    if ended or timed_out or err:
        engine.stop()
        _ENGINES.pop((case.max_line, case.encoding), None)
    return result


def _run_thread(case: EngineCase, stream: bytes) -> EngineRun:
    from officers.contract import Limits
    from officers.engine import read_lines, run

    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", newline="", write_through=True)
    crash: list[str] = []

    def work() -> None:
        try:
            lines = read_lines(io.BytesIO(stream), case.max_line)
            run(lines, out, Limits(time_limit=ENGINE_TIME_LIMIT), case.max_line)
        except BaseException as error:  # the engine's loop let something escape: a failure
            crash.append(f"{type(error).__name__}: {str(error)[:300]}")

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(WITHIN)
    timed_out = thread.is_alive()
    out.flush()
    return EngineRun(raw.getvalue(), ended=True, status=0, crash=crash[0] if crash else None,
                     timed_out=timed_out)  # fmt: skip


_COUNTER = [0]


def run_engine(case: EngineCase) -> tuple[EngineRun, bytes, bool]:
    """Run ``case``: what the engine did, the bytes it was given, and whether they end with a
    ``health`` request of a fresh id (always for a process, which is kept running; on a thread
    only when the case ends its last line)."""
    _COUNTER[0] += 1
    ident = f"fuzz-{_COUNTER[0]}"
    final = json.dumps({"id": ident, "op": "health"}).encode("ascii")
    if case.way == "thread":
        stream = case.stream(final if case.final_eol else None)
        return _run_thread(case, stream), stream, case.final_eol
    stream = case.stream(final)
    return _run_process(case, stream, json.dumps(ident).encode("ascii")), stream, True


# --- the engine: the check -----------------------------------------------------------------------

SPLITTERS: Final = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""The characters some reader splits lines at (Python's ``splitlines``, JavaScript before
ES2019): none may stand raw in an answer line."""


@cache
def _validator(kind: str) -> Validator:
    from jsonschema import Draft202012Validator

    from officers.contract import schema

    return Draft202012Validator(schema(kind))


def check_document(document: Any, where: str) -> None:
    """Assert that ``document`` (an ``id`` beside it left out) is a document of the contract,
    valid against its kind's schema, and no ``internal`` error."""
    from fuzz.targets import LONGEST
    from officers.contract import KINDS

    assert isinstance(document, dict), f"not a JSON object\n{where}: {str(document)[:200]}"
    kind = document.get("kind")
    assert kind in KINDS, f"no kind of the contract\n{where}: {str(document)[:200]}"
    assert document.get("code") != "internal", (
        f"an internal error: {document.get('message', '')[:100]}\n{where}: {document}"
    )
    body = {name: value for name, value in document.items() if name != "id"}
    errors = sorted(_validator(str(kind)).iter_errors(body), key=str)
    assert not errors, (
        f"a {kind} document not of its schema: {list(errors[0].absolute_path)}\n{where}: "
        f"{[f'{list(e.absolute_path)}: {e.message[:120]}' for e in errors[:2]]}"
    )
    if kind == "error":
        message = document["message"]
        assert len(message) <= LONGEST, (
            f"an error message over {LONGEST} characters: {_shape(message)!r}\n{where}: "
            f"{len(message)} characters: {message[:120]!r}"
        )


def _shape(message: str) -> str:
    """The start of a message with what it quotes and its long runs left out: the same for
    every message of one kind, whatever the input was.

    >>> _shape("no schema 'xxxxxxxxxxxxx': expected one of hint, explanation")
    "no schema '…': expected one of hint,"
    """
    message = re.sub(r"(.)\1{7,}", r"\1…", message)
    return re.sub(r"'[^']*'", "'…'", message)[:36]


def _answer_line(raw: bytes, where: str, ascii_only: bool) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise AssertionError(
            f"an answer that is not UTF-8\n{where}: {error}: {raw[:200]!r}"
        ) from None
    if ascii_only:
        assert text.isascii(), f"an answer not in ASCII on an ASCII stream\n{where}: {text[:200]!r}"
    raw_breaks = [char for char in text if char in SPLITTERS]
    assert not raw_breaks, f"an answer with a raw line break {raw_breaks[0]!r}\n{where}"
    try:
        document = strict_json(raw)
    except (ValueError, RecursionError) as error:
        raise AssertionError(
            f"an answer JSON.parse refuses\n{where}: {error}: {text[:200]!r}"
        ) from None
    assert isinstance(document, dict), f"an answer that is no object\n{where}: {text[:200]!r}"
    return document


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _check_answer(model: LineModel, answer: dict[str, Any], where: str) -> None:
    check_document(answer, where)
    assert "id" in answer, f"an answer without an id\n{where}: {str(answer)[:200]}"
    code = answer.get("code")
    if model.status in ("too-large", "bad-json"):
        assert code == model.status, (
            f"{model.status} expected, got {code}\n{where}: {str(answer)[:300]}"
        )
        assert answer["id"] is None, f"an id for an unread line\n{where}: {answer['id']!r}"
        return
    if code == "bad-json":
        assert model.status == "deep", f"a JSON line refused as bad-json\n{where}: {answer}"
        assert answer["id"] is None, f"an id for an unread line\n{where}: {answer['id']!r}"
        return
    if model.status == "deep":
        return  # read or not as the recursion limit has it; the id cannot be known here
    assert _same(answer["id"], model.ident), (
        f"an id echoed as another: {type(model.ident).__name__} as {type(answer['id']).__name__}"
        f"\n{where}: {model.ident!r} echoed as {answer['id']!r}"
    )
    kind = answer["kind"]
    if model.steering == "quit":
        assert kind == "bye", f"quit answered with {kind}\n{where}: {str(answer)[:200]}"
    elif model.steering == "cancel":
        assert kind == "cancel", f"cancel answered with {kind}\n{where}: {str(answer)[:200]}"
    else:
        assert kind not in ("bye", "cancel"), (
            f"{kind} for another op\n{where}: {kind} for {model.op!r}"
        )


def check_engine(case: EngineCase) -> None:
    """Run ``case`` and assert what every answer must be (the module's doc)."""
    result, stream, health = run_engine(case)
    assert result.crash is None, f"the engine's loop raised\n{result.crash}"
    assert not result.timed_out, f"no answer within {WITHIN} s"
    expected = _lines_of(stream, case.max_line)
    answers = result.out.split(b"\n")
    assert answers[-1] == b"", f"an answer without its line break\n{answers[-1][:200]!r}"
    answers.pop()
    ascii_only = case.encoding == "ascii"
    quit_at = None
    for number, model in enumerate(expected):
        where = f"line {number + 1}"
        assert number < len(answers), (
            f"a line unanswered\n{where}: {len(answers)} answers to {len(expected)} lines; "
            f"ended {result.ended}, status {result.status}; stderr {result.err[-300:]!r})"
        )
        answer = _answer_line(answers[number], where, ascii_only)
        _check_answer(model, answer, where)
        if answer["kind"] == "bye":
            quit_at = number
            break
    answered = len(expected) if quit_at is None else quit_at + 1
    assert answered == len(answers), (
        f"more answers than lines\n{len(answers)} answers to {answered} lines"
    )
    assert not result.err, f"the engine wrote on standard error\n{result.err[-400:]!r}"
    if quit_at is None and health:
        last = _answer_line(answers[-1], "the last line", ascii_only)
        assert last["kind"] == "health", (
            f"the last health request answered otherwise\n{str(last)[:200]}"
        )
        assert case.way == "thread" or not result.ended, "the engine ended before its input did"
    if quit_at is not None and case.way == "process":
        assert result.ended and result.status == 0, (
            f"after quit the engine did not end with 0\n{result.status}, ended {result.ended}"
        )


# --- the service: cases --------------------------------------------------------------------------

OPS: Final = sorted({str(request["op"]) for request in REQUESTS} - {"cancel", "quit", "hello"})
"""The operations of the service (``health`` by GET, the others by POST)."""

PATHS: Final[list[str]] = [
    "/", "/docs", "/openapi.json", "/v1/health", "/v1/", "/v1", "/v1/hello", "/v1/quit",
    "/v1/cancel", "/v1/count/", "/v1//count", "//v1/count", "/V1/COUNT", "/v1/count%00",
    "/v1/%63ount", "/v1/count%2f..", "/v1/../v1/count", "/v1/./count", "/v1/count;x=1",
    "/v1/%0d%0aSet-Cookie:%20a=b", "/%ff%fe", "/%ed%a0%80", "/%e2%80%a8%e2%80%ae", "/%c0%af",
    "/static/", "/static/x", "/static/x/app.js", "/static/x/index.html", "/static/x/..%2f..%2fx",
    "/static/x/%2e%2e", "/static/x/..%5c__init__.py", "/static/x/cards-en.svg%00.js",
    "/docs/", "/docs%00", "/favicon.ico", "/openapi.json?x=%00", "/v1/count?%ff=%00&a&a=1",
    "*", "http://evil.example/v1/count", "/" + "a" * 20000, "/v1/" + "%00" * 3000,
]  # fmt: skip
"""Request targets (as sent, percent-encoded): every route, near misses, ``..`` and its
encodings, percent-encoded control characters and bytes that are not UTF-8, very long ones."""

METHODS: Final = [
    "POST", "POST", "POST", "POST", "GET", "GET", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH",
    "TRACE", "CONNECT", "PROPFIND", "post", "Get", "M-SEARCH", "X" * 3000,
]  # fmt: skip

CONTENT_TYPES: Final[list[bytes | None]] = [
    b"application/json", b"application/json", b"application/json", b"application/json",
    b"application/json; charset=utf-8", b"application/json;charset=UTF8",
    b'application/json; charset="utf-8"', b"Application/JSON", b"application/json ; charset=utf-8",
    b"application/json; charset=latin-1", b"application/json; charset=utf-16",
    b"application/json; charset=", b"application/json;;", b"application/json; charset=utf-8; "
    b"charset=latin-1", b"text/plain", b"application/x-www-form-urlencoded",
    b"multipart/form-data; boundary=x", b"application/jsonx", b"application/json\xff",
    b"application/vnd.api+json", b"", b"*/*", None,
]  # fmt: skip

HEADERS: Final[list[tuple[bytes, bytes]]] = [
    (b"host", b"["), (b"host", b"a]"), (b"host", b"[x]"), (b"host", b"[::1]:8000"),
    (b"host", b""), (b"host", b"x" * 5000), (b"host", b"h:99999"), (b"host", b"h:-1"),
    (b"host", b"\xff\xfe"), (b"host", b"evil.example"), (b"host", b"a@b"),
    (b"origin", b"http://evil.example"), (b"origin", b"null"), (b"accept", b"text/html"),
    (b"accept-encoding", b"gzip, br"), (b"if-none-match", b"*"), (b"expect", b"100-continue"),
    (b"transfer-encoding", b"chunked"), (b"content-encoding", b"gzip"),
    (b"connection", b"close"), (b"connection", b"upgrade"), (b"upgrade", b"websocket"),
    (b"x-forwarded-for", b"1.2.3.4, \xff"), (b"cookie", b"a=" + b"b" * 8000),
    (b"authorization", b"Basic \x00"), (b"access-control-request-method", b"POST"),
    (b"access-control-request-headers", b"x-evil"), (b"x-" + b"a" * 200, b"\x7f\x80"),
    (b"range", b"bytes=0-1"), (b"content-type", b"text/plain"),
]  # fmt: skip
"""Other headers (within what HTTP/1.1 lets a client send, but for a few)."""

PREFLIGHTS: Final[list[list[tuple[bytes, bytes]]]] = [
    [(b"origin", b"http://evil.example"), (b"access-control-request-method", b"POST")],
    [(b"origin", b"http://evil.example"), (b"access-control-request-method", b"PUT")],
    [
        (b"origin", b"http://evil.example"),
        (b"access-control-request-method", b"POST"),
        (b"access-control-request-headers", b"content-type, x-evil"),
    ],
    [(b"origin", b"null"), (b"access-control-request-method", b"\xff")],
]
"""The headers of a CORS preflight (with ``OPTIONS``), some asking what is not allowed."""

LENGTHS: Final[list[bytes | None]] = [
    b"0", b"1", b"65536", b"65537", b"99999999999999999999", b"9" * 30, b"9" * 5000, b"-1",
    b"1e3", b" 5", b"0x10", b"\xb2", b"1\xb9", b"\xd9\xa3", b"5, 5", None,
]  # fmt: skip
"""Content-Length values other than the body's: wrong numbers, numbers past every limit,
numbers that are no numbers (superscript digits, which ``str.isdigit`` takes)."""


@dataclass(frozen=True)
class HttpCase:
    """One request: which application (``closed``: the defaults; ``cors``: CORS open), how it
    is sent (``asgi``: a scope as a server hands it over; ``httpx``: through
    ``httpx.ASGITransport``), the method, the request target as sent, the headers, the body in
    chunks, and whether the client goes away (``disconnect``) or is slow (``slow``) before the
    body ends."""

    app: str
    way: str
    method: str
    target: str
    headers: tuple[tuple[bytes, bytes], ...]
    chunks: tuple[bytes, ...]
    disconnect: bool = False
    slow: bool = False

    def __repr__(self) -> str:
        def cut(data: Any) -> Any:
            if len(data) <= 300:
                return data
            return data[:200] + (b"..." if isinstance(data, bytes) else "...")

        return (
            f"HttpCase(app={self.app!r}, way={self.way!r}, method={cut(self.method)!r}, "
            f"target={cut(self.target)!r}, headers={tuple((n, cut(v)) for n, v in self.headers)!r}, "
            f"chunks={tuple(cut(c) for c in self.chunks)!r}, disconnect={self.disconnect}, "
            f"slow={self.slow})"
        )


def _mutate_target(target: str, mutations: list[tuple[int, int, str]]) -> str:
    for start, end, new in mutations:
        n = len(target) + 1
        a, b = sorted((start % n, end % n))
        target = target[:a] + new + target[b:]
    return target


_target_pieces = st.sampled_from(
    [
        "%00",
        "%0a",
        "%0d",
        "%2e%2e",
        "..",
        "//",
        "%2f",
        "%25",
        "%",
        "%zz",
        "?",
        "#",
        "~",
        ";",
        "%ff",
        "%e2%80%a8",
        "%c3%a9",
        "%u2028",
        "a" * 3000,
        "/..",
        "/.",
        "\\",
    ]
)

_targets = st.one_of(
    st.sampled_from(PATHS),
    st.sampled_from(OPS).map(lambda op: f"/v1/{op}"),
    st.builds(
        _mutate_target,
        st.sampled_from(PATHS) | st.sampled_from(OPS).map(lambda op: f"/v1/{op}"),
        st.lists(st.tuples(st.integers(0, 99), st.integers(0, 99), _target_pieces), max_size=3),
    ),
)


def _body_of(op: str, line: bytes, pick: int) -> bytes:
    """A body: the fields of the op's request, or one of the engine's lines (ids and ops
    included), or a body of an odd kind."""
    if pick == 0:
        request = next((r for r in REQUESTS if r["op"] == op), REQUESTS[2])
        return json.dumps({k: v for k, v in request.items() if k != "op"}).encode("ascii")
    if pick == 1:
        fields = line
        with contextlib.suppress(ValueError, RecursionError):
            value = strict_json(line)
            if isinstance(value, dict):
                value = {k: v for k, v in value.items() if k not in ("id", "op")}
                fields = json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")
        return fields
    if pick == 2:
        return line
    import gzip

    odd = [
        b"",
        b" " * 65537,
        b'{"square": "' + b"4/" * 32766 + b'4"}',
        gzip.compress(b'{"square": "4/4/4/4"}'),
        '{"square": "4/4/4/4"}'.encode("utf-16"),
        b"\xef\xbb\xbf" + b'{"square": "4/4/4/4"}',
        b'{"square": "4/4/4/4"}' + b"\x00" * 10,
        b"square=4%2F4%2F4%2F4",
        b"--x\r\nContent-Disposition: form-data; name=square\r\n\r\n4/4/4/4\r\n--x--",
    ]
    return odd[pick % len(odd)]


def _split(body: bytes, cuts: list[int]) -> tuple[bytes, ...]:
    points = sorted({cut % (len(body) + 1) for cut in cuts})
    pieces = []
    last = 0
    for point in points:
        pieces.append(body[last:point])
        last = point
    pieces.append(body[last:])
    return tuple(pieces)


@st.composite
def http_cases(draw: st.DrawFn) -> HttpCase:
    """A request for the service (see :class:`HttpCase`)."""
    op = draw(st.sampled_from(OPS))
    target = f"/v1/{op}" if draw(st.integers(0, 2)) else draw(_targets)
    method = draw(st.sampled_from(METHODS))
    if target == "/v1/health" and draw(st.booleans()):
        method = "GET"
    body = _body_of(op, draw(_lines(65536)), draw(st.integers(0, 12)))
    if draw(st.integers(0, 9)) == 0:
        body = b""
    headers: list[tuple[bytes, bytes]] = [(b"host", b"testserver")]
    content_type = draw(st.sampled_from(CONTENT_TYPES))
    if content_type is not None:
        headers.append((b"content-type", content_type))
    wild = draw(st.integers(0, 3)) == 0
    length = draw(st.sampled_from(LENGTHS)) if wild else str(len(body)).encode("ascii")
    if draw(st.integers(0, 5)) == 0:
        headers.append((b"transfer-encoding", b"chunked"))
    elif length is not None:
        headers.append((b"content-length", length))
    extra = draw(st.lists(st.sampled_from(HEADERS), max_size=3))
    if draw(st.integers(0, 5)) == 0:
        extra += draw(st.sampled_from(PREFLIGHTS))
    for name, value in extra:
        if name == b"host":
            headers[0] = (name, value)
        else:
            headers.append((name, value))
    if draw(st.integers(0, 19)) == 0:
        headers += [(b"x-many-%d" % i, b"v") for i in range(200)]
    chunks = _split(body, draw(st.lists(st.integers(0, 10**6), max_size=3)))
    way = "httpx" if draw(st.integers(0, 4)) == 0 else "asgi"
    disconnect = draw(st.integers(0, 19)) == 0
    slow = not disconnect and len(chunks) > 1 and draw(st.integers(0, 29)) == 0
    return HttpCase(
        app=draw(st.sampled_from(["closed", "closed", "cors"])),
        way=way,
        method=method,
        target=target,
        headers=tuple(headers),
        chunks=chunks,
        disconnect=disconnect,
        slow=slow,
    )


# --- the service: sending a request --------------------------------------------------------------

BODY_TIMEOUT: Final = 1.0
"""The service's body time limit under fuzzing (a ``slow`` case waits longer)."""


@cache
def _app(name: str) -> Any:
    from officers.contract import Limits
    from officers.serve import Settings, create_app

    settings = Settings(
        rate=0,
        cors=("*",) if name == "cors" else (),
        limits=Limits(time_limit=ENGINE_TIME_LIMIT),
        body_timeout=BODY_TIMEOUT,
    )
    return create_app(settings)


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class HttpAnswer:
    """What the application sent (``status``, raw ``headers``, ``body``), whether its answer
    was whole, what it raised to the server, and what it logged."""

    status: int | None
    headers: list[tuple[bytes, bytes]]
    body: bytes
    complete: bool
    raised: str | None
    logs: list[logging.LogRecord]
    messages: list[str] = field(default_factory=list)
    path: str = ""
    """The path the application was given (percent-decoded; httpx normalizes ``..``)."""


def _scope(case: HttpCase) -> dict[str, Any]:
    raw_path, _, query = case.target.partition("?")
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 50000),
        "scheme": "http",
        "method": case.method,
        "root_path": "",
        "path": urllib.parse.unquote(raw_path),  # as uvicorn does
        "raw_path": raw_path.encode("ascii", "replace"),
        "query_string": query.encode("ascii", "replace"),
        "headers": list(case.headers),
        "state": {},
    }


async def _asgi(case: HttpCase, answer: HttpAnswer) -> None:
    import anyio

    app = _app(case.app)
    chunks = list(case.chunks)
    done = anyio.Event()
    sent_start = [False]

    async def receive() -> dict[str, Any]:
        if chunks and not (case.disconnect and len(chunks) < len(case.chunks)):
            if case.slow and len(chunks) < len(case.chunks):
                await anyio.sleep(BODY_TIMEOUT + 0.3)
            chunk = chunks.pop(0)
            more = bool(chunks) or case.disconnect
            return {"type": "http.request", "body": chunk, "more_body": more}
        if not case.disconnect:
            await done.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        answer.messages.append(str(message.get("type")))
        if message["type"] == "http.response.start":
            assert not sent_start[0], "two response starts"
            sent_start[0] = True
            answer.status = int(message["status"])
            answer.headers = list(message.get("headers", []))
        elif message["type"] == "http.response.body":
            answer.body += message.get("body", b"")
            if not message.get("more_body", False):
                answer.complete = True
                done.set()

    try:
        with anyio.fail_after(WITHIN):
            await app(_scope(case), receive, send)
    except TimeoutError:
        answer.raised = f"no answer within {WITHIN} s"
    except Exception as error:  # the server would log it and close the connection
        answer.raised = f"{type(error).__name__}: {str(error)[:200]}"


async def _httpx(case: HttpCase, answer: HttpAnswer) -> None:
    import httpx

    transport = httpx.ASGITransport(app=_app(case.app), raise_app_exceptions=False)
    headers = [(name, value) for name, value in case.headers if name != b"host"]
    method = case.method if case.method.isascii() else "GET"
    target = case.target if case.target.startswith("/") else "/" + case.target
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        try:
            response = await client.request(
                method, target, headers=headers, content=b"".join(case.chunks), timeout=WITHIN
            )
        except (httpx.InvalidURL, httpx.LocalProtocolError, UnicodeError) as error:
            answer.messages.append(f"httpx refused the request: {error}")
            return  # httpx would not send it: nothing to check
        answer.path = urllib.parse.unquote(response.request.url.path)
        answer.status = response.status_code
        answer.headers = list(response.headers.raw)
        answer.body = response.content
        answer.complete = True


def send_http(case: HttpCase) -> HttpAnswer:
    """Send ``case`` to the application in process: what it answered and logged."""
    import anyio

    logger = logging.getLogger("officers.serve")
    records = _Records()
    logger.addHandler(records)
    level, propagate = logger.level, logger.propagate
    logger.setLevel(logging.INFO)
    logger.propagate = False
    answer = HttpAnswer(None, [], b"", False, None, records.records)
    answer.path = _scope(case)["path"]
    try:
        anyio.run(_asgi if case.way == "asgi" else _httpx, case, answer)
    finally:
        logger.removeHandler(records)
        logger.setLevel(level)
        logger.propagate = propagate
    return answer


# --- the service: the check ----------------------------------------------------------------------

TRACEBACK: Final = (b"Traceback (most recent call last)", b'File "', b"site-packages")


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    return next((value for key, value in headers if key.lower() == name), None)


def _printable_log(record: logging.LogRecord) -> None:
    if record.exc_info is not None:
        kind = record.exc_info[0].__name__ if record.exc_info[0] else "?"
        raise AssertionError(f"a traceback in the log ({kind})\n{record.getMessage()[:200]}")
    message = record.getMessage()
    bad = [c for c in message if c in SPLITTERS or unicodedata.category(c) in ("Cc", "Cs")]
    assert not bad, f"a log line with a raw {bad[0]!r}\n{message[:200]!r}"


def check_http(case: HttpCase) -> None:
    """Send ``case`` and assert what every answer must be (the module's doc)."""
    from officers.contract import STATUS
    from officers.serve.app import SECURITY_HEADERS
    from officers.serve.openapi import ANSWERS

    answer = send_http(case)
    if answer.status is None and case.way == "httpx" and not answer.raised:
        return  # httpx refused to send it
    if answer.raised is not None:
        raise AssertionError(
            f"the application raised {answer.raised.split(':')[0]}\n{answer.raised} (status {answer.status})"
        )
    assert answer.status is not None, f"no answer\n{answer.messages}"
    assert answer.complete, "an answer without its end"
    status = answer.status
    if status >= 500 and answer.body.startswith(b"{"):
        with contextlib.suppress(ValueError):
            failed = json.loads(answer.body)
            code = failed.get("code")
            assert code in ("timeout", "busy") and status == 503, (
                f"{status} {code}: {str(failed.get('message'))[:100]}\n{failed}"
            )
    for record in answer.logs:
        _printable_log(record)
    for name in [*SECURITY_HEADERS, "Content-Security-Policy"]:
        assert _header(answer.headers, name.lower().encode("latin-1")) is not None, (
            f"{status} without {name}"
        )
    for mark in TRACEBACK:
        assert mark not in answer.body, f"{status}: a traceback in the body\n{answer.body[:300]!r}"
        for key, value in answer.headers:
            assert mark not in value, f"{status}: a traceback in {key!r}"
    media = (_header(answer.headers, b"content-type") or b"").split(b";")[0].strip()
    path = answer.path
    head = case.method == "HEAD"
    json_wanted = status >= 400 or (
        case.method in ("GET", "POST") and (path.startswith("/v1/") or path == "/openapi.json")
    )
    if (json_wanted and not head and answer.body) or status >= 400:
        assert head or media == b"application/json", (
            f"{status} as {media!r}, not JSON\n{answer.body[:200]!r}"
        )
    document: Any = None
    if not head and media == b"application/json":
        try:
            document = strict_json(answer.body)
        except (ValueError, RecursionError) as error:
            raise AssertionError(f"{status}: a body JSON.parse refuses\n{error}") from None
    if status >= 400 and not head:
        check_document(document, f"{status}")
        assert document["kind"] == "error", f"{status} with a {document['kind']} document"
        code = document["code"]
        assert STATUS.get(code) == status, (
            f"{status} with the code {code} (its status is {STATUS.get(code)})"
        )
        if status >= 500:
            assert status == 503 and code in ("timeout", "busy"), f"{status} {code}\n{document}"
    elif status >= 500:
        raise AssertionError(f"{status} for HEAD")
    elif document is not None and path.startswith("/v1/") and 200 <= status < 300:
        op = path.removeprefix("/v1/")
        kind = "health" if op == "health" else ANSWERS.get(op)
        check_document(document, f"{status}")
        assert document["kind"] == kind, f"{status} with a {document['kind']} document for {op}"
