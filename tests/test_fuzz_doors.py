"""The engine and the service as an outside attacker meets them (:mod:`fuzz.doors`): a small
budget of the campaign's ``engine-lines`` and ``service-requests`` targets on every run, and each
failure the campaign found as a test of its exact input (each says what was wrong). A failure
found and not fixed yet is marked ``xfail(strict=True)`` until its fix; ``python -m
fuzz.campaign --target engine-lines --target service-requests`` runs long campaigns
(docs/fuzzing.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

pytest.importorskip("httpx")
pytest.importorskip("starlette")

from fuzz.doors import (
    EngineCase,
    HttpCase,
    check_engine,
    check_http,
    engine_cases,
    http_cases,
    send_http,
    strict_json,
)
from officers.contract import handle

FUZZ = settings(
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)


@settings(FUZZ, max_examples=60)
@given(case=engine_cases())
def test_the_engine_answers_every_line_with_one_json_line(case: EngineCase) -> None:
    check_engine(case)


@settings(FUZZ, max_examples=200)
@given(case=http_cases())
def test_the_service_answers_every_request_with_json_and_its_headers(case: HttpCase) -> None:
    check_http(case)


# --- the failures the campaign found ----------------------------------------------------------


def _engine(lines: list[bytes]) -> list[dict[str, Any]]:
    result = subprocess.run(
        [sys.executable, "-m", "officers", "engine"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and not result.stderr, result.stderr[-500:]
    answers = [strict_json(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(lines)
    return answers


def test_a_request_that_is_no_object_nested_deep_is_no_internal_error() -> None:
    """The campaign's ``[`` * 990 + ``]`` * 990 (a line that is no JSON object): the engine's
    reading thread decoded it, and ``handle`` quoted it with ``excerpt()`` before its ``try``,
    where ``repr()`` on the engine's deeper main thread raised RecursionError, answered as an
    ``internal`` error (officers/contract/__init__.py, handle; officers/core/errors.py, excerpt)."""
    depths = range(950, 1001)
    answers = _engine([b"[" * depth + b"]" * depth for depth in depths])
    codes = {answer.get("code") for answer in answers}
    assert "internal" not in codes, [
        (depth, answer["message"][:80])
        for depth, answer in zip(depths, answers, strict=True)
        if answer.get("code") == "internal"
    ]


def test_an_unknown_schema_gets_a_message_of_at_most_400_characters() -> None:
    """``{"op": "schema", "name": "x"}``: the not-found error listed every schema there is (39
    names, 474 characters and more; officers/contract/__init__.py, _schema)."""
    for name in ["x", "x" * 300, "count-requests"]:
        answer = handle({"op": "schema", "name": name})
        assert answer["code"] == "not-found"
        assert len(answer["message"]) <= 400, len(answer["message"])


def _request(method: str, target: str, body: bytes = b"", **options: Any) -> HttpCase:
    headers = ((b"host", b"testserver"), (b"content-type", b"application/json"))
    extra = tuple(options.pop("headers", ()))
    if not any(name == b"content-length" for name, _ in extra):
        extra = ((b"content-length", str(len(body)).encode("ascii")), *extra)
    return HttpCase(
        app=options.pop("app", "closed"),
        way="asgi",
        method=method,
        target=target,
        headers=headers + extra,
        chunks=options.pop("chunks", (body,)),
        **options,
    )


@pytest.mark.parametrize("target", ["/v1/count", "/nothing"])
def test_a_long_method_is_not_quoted_whole(target: str) -> None:
    """A method of 3,000 characters (uvicorn takes some 16 kB): a 404 or a 405 quoted it in full
    (officers/serve/app.py, http_error)."""
    answer = send_http(_request("X" * 3000, target))
    assert answer.status in (404, 405)
    document = strict_json(answer.body)
    assert len(document["message"]) <= 400, len(document["message"])


def test_a_client_that_leaves_before_its_body_ends_is_no_internal_error() -> None:
    """A client that closes its connection before its body ends (uvicorn hands the application
    ``http.disconnect``): Starlette's ClientDisconnect escaped ``_body`` (officers/serve/app.py),
    logged as an internal error with its traceback and raised to the server, which logged a
    second one: a cheap way to fill the log."""
    case = _request(
        "POST",
        "/v1/verify",
        headers=[(b"content-length", b"100")],
        chunks=(b'{"starts"',),
        disconnect=True,
    )
    answer = send_http(case)
    assert answer.raised is None, answer.raised
    assert not [record for record in answer.logs if record.exc_info], "a traceback in the log"
    assert answer.status is None or answer.status < 500


@pytest.mark.parametrize("length", [b"\xb2", b"1\xb9", b"9" * 5000])
def test_a_content_length_that_is_no_number_gets_a_json_error(length: bytes) -> None:
    """``Content-Length: ²`` (a digit to ``str.isdigit()``, none to ``int()``) or of 5,000 digits
    (past ``int()``'s limit): ``_body`` (officers/serve/app.py) raised ValueError, a 500.
    uvicorn's h11 refuses both before the application; other servers and in-process clients
    hand them over."""
    case = _request(
        "POST", "/v1/count", b'{"square": "4/4/4/4"}', headers=[(b"content-length", length)]
    )
    answer = send_http(case)
    assert answer.raised is None, answer.raised
    assert answer.status is not None and 400 <= answer.status < 500, answer.status
    assert strict_json(answer.body)["kind"] == "error"


@pytest.mark.parametrize(
    "asked",
    [
        [
            (b"access-control-request-method", b"POST"),
            (b"access-control-request-headers", b"x-evil"),
        ],
        [(b"access-control-request-method", b"PUT")],
    ],
)
def test_a_refused_cors_preflight_is_a_json_error(asked: list[tuple[bytes, bytes]]) -> None:
    """With CORS open, a preflight asking a method or a header that is not allowed got
    Starlette's plain-text 400 (``Disallowed CORS headers``), not an error document
    (officers/serve/app.py, create_app)."""
    headers = [(b"origin", b"http://elsewhere.example"), *asked]
    answer = send_http(_request("OPTIONS", "/v1/count", headers=headers, app="cors"))
    assert answer.status is not None and 400 <= answer.status < 500, answer.status
    assert dict(answer.headers).get(b"content-type", b"").startswith(b"application/json")
    assert strict_json(answer.body)["kind"] == "error"


def test_an_internal_error_carries_the_security_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug's 500 came from Starlette's ServerErrorMiddleware, outside every middleware of the
    application, so it went out without the security headers (officers/serve/app.py,
    create_app)."""
    from officers.serve import app as served
    from officers.serve.app import SECURITY_HEADERS

    def broken(*args: Any) -> dict[str, Any]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(served, "answer", broken)
    answer = send_http(_request("POST", "/v1/count", b'{"square": "4/4/4/4"}'))
    assert answer.status == 500 and strict_json(answer.body)["code"] == "internal"
    present = {name.lower() for name, _ in answer.headers}
    missing = [name for name in SECURITY_HEADERS if name.lower().encode("latin-1") not in present]
    assert not missing, missing


def test_the_checks_see_a_sound_answer_as_sound() -> None:
    """The checks themselves pass what is right."""
    check_http(_request("POST", "/v1/count", b'{"square": "4/4/4/4"}'))
    check_engine(EngineCase((b'{"id": 1, "op": "health"}', b"", b"nonsense"), way="thread"))
    assert json.loads(json.dumps(handle({"op": "health"})))["kind"] == "health"


@pytest.mark.parametrize("name", ["9" * 30, "x" * 5000])
def test_an_unknown_schema_on_the_command_line_gets_one_short_line(name: str) -> None:
    """It quoted the name whole and listed all 39 schemas: 5,489 characters for 5,000."""
    from fuzz.cli import check_run, run

    result = run(["schema", name], seconds=30)
    check_run(result)
    assert len(result.err) <= 500, len(result.err)
