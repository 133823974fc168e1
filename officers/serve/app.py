"""The ASGI application: the contract's operations under ``/v1/``, ``/openapi.json``, a docs
page at ``/docs``, the game's page at ``/`` (:mod:`officers.serve.site`).

What guards it (docs/serve.md, "Running it in public"): a body limit and a time to send the
body in; ``application/json`` bodies only; the requests held to their schemas (by the
contract); a cap on the searches that run at once, refused at once beyond it (503 ``busy``,
with ``Retry-After``), the time a request waited counted against its limit; a rate limit per
client (429 ``rate-limited``, with ``Retry-After``; a client is the address it connects from,
or the one forwarded by a proxy the operator named); CORS closed unless the operator opens it;
the security headers on every answer; one log line per request, with the control characters of
what the client sent escaped; errors as JSON documents, whatever went wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import secrets
import sqlite3
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Final

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from officers.contract import STATUS, Budget, answer
from officers.contract.documents import error_document, health_document
from officers.core.errors import excerpt
from officers.core.wire import WireError, read, write, write_bytes
from officers.rooms.errors import RoomError
from officers.rooms.live import Hub, LiveLimits, keep_time, session
from officers.rooms.postgres import Listener, PostgresStore, StoreError, is_postgres
from officers.rooms.room import RoomLimits, Rooms
from officers.rooms.store import SQLiteStore, Store
from officers.serve.openapi import ANSWERS, openapi
from officers.serve.page import docs_page
from officers.serve.settings import Settings
from officers.serve.site import site_routes

__all__ = ["SECURITY_HEADERS", "create_app", "printable"]

LOG = logging.getLogger("officers.serve")


class JSONResponse(Response):
    """A JSON answer: UTF-8, valid whatever it holds (:func:`officers.core.wire.write`)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return write_bytes(content)


def _error(code: str, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(error_document(code, message), status_code=STATUS[code], headers=headers)


_UNPRINTED: Final = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
"""The Unicode categories a log line writes as escapes: controls, format characters (such as
right-to-left marks), surrogates, private and unassigned code points, line and paragraph
separators."""


def printable(text: str, limit: int = 200) -> str:
    r"""``text`` safe for one log line: control characters (and line and paragraph separators,
    format and surrogate characters) written as escapes, cut to ``limit`` characters.

    >>> printable("/nothing\n2099-01-01 officers.serve POST /v1/admin 200")
    '/nothing\\n2099-01-01 officers.serve POST /v1/admin 200'
    >>> printable("/\u202eevil\ud800")
    '/\\u202eevil\\ud800'
    """
    shown = "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in _UNPRINTED
        else char
        for char in text[:limit]
    )
    return shown + ("..." if len(text) > limit else "")


class BodyTooLargeError(Exception):
    """A request body over the limit."""


class BodyLengthError(Exception):
    """A Content-Length that is no number of bytes."""


_LENGTH: Final = re.compile(r"[0-9]+")
"""A Content-Length as HTTP writes it: ASCII digits (any number of them: a long one is only
large)."""


async def _body(request: Request, limit: int, timeout: float) -> bytes:
    """The body, at most ``limit`` bytes, sent within ``timeout`` seconds
    (:class:`BodyTooLargeError`; :class:`TimeoutError`)."""
    declared = request.headers.get("content-length")
    if declared is not None and not _LENGTH.fullmatch(declared):
        raise BodyLengthError(declared)
    if declared is not None and (len(declared) > 18 or int(declared) > limit):
        raise BodyTooLargeError
    chunks = []
    size = 0
    with anyio.fail_after(timeout):
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise BodyTooLargeError
            chunks.append(chunk)
    return b"".join(chunks)


def _json_media_type(value: str | None) -> bool:
    """Whether a Content-Type names JSON (``application/json``, perhaps with a charset)."""
    if value is None:
        return False
    media, _, parameters = value.partition(";")
    charset = re.search(r"charset\s*=\s*\"?([\w-]+)", parameters, re.IGNORECASE)
    return media.strip().lower() == "application/json" and (
        charset is None or charset.group(1).lower() in ("utf-8", "utf8")
    )


def _retry_after() -> int:
    """The seconds a refused search is told to wait: 1 to 3 at random, so that the clients
    refused together do not all come back in the same instant."""
    return 1 + secrets.randbelow(3)


def _budget(settings: Settings, searches: threading.Semaphore, arrived: float) -> Budget:
    """What a request that arrived at ``arrived`` (:func:`time.monotonic`) may spend: the
    service's time limit from its arrival (its wait counted), one of the ``searches`` slots."""
    return Budget(deadline=arrived + settings.limits.time_limit, searches=searches)


def _operation(op: str, settings: Settings, searches: threading.Semaphore) -> Any:
    async def endpoint(request: Request) -> Response:
        arrived = time.monotonic()
        if not _json_media_type(request.headers.get("content-type")):
            return _error(
                "unsupported-media-type",
                f"POST /v1/{op} takes a JSON body with 'Content-Type: application/json', got "
                f"{excerpt(request.headers.get('content-type'))}",
            )
        try:
            body = await _body(request, settings.max_body, settings.body_timeout)
        except BodyTooLargeError:
            return _error("too-large", f"the request body is over {settings.max_body} bytes")
        except BodyLengthError as error:
            return _error(
                "bad-request", f"the Content-Length {excerpt(error.args[0])} is no number of bytes"
            )
        except ClientDisconnect:  # nobody reads this answer; the log line says what happened
            return _error("bad-json", "the client left before the body ended")
        except TimeoutError:
            message = f"the request body did not arrive within {settings.body_timeout:g} s"
            return _error("request-timeout", message, {"Connection": "close"})
        try:
            data = read(body)
        except WireError as error:
            return _error("bad-json", str(error))
        if not isinstance(data, dict):
            return _error("bad-request", f"the body must be a JSON object, got {excerpt(data)}")
        budget = _budget(settings, searches, arrived)
        document = await run_in_threadpool(answer, op, data, settings.limits, budget)
        if document["kind"] != "error":
            return JSONResponse(document)
        headers = {"Retry-After": str(_retry_after())} if document["code"] == "busy" else None
        return JSONResponse(document, status_code=STATUS[document["code"]], headers=headers)

    endpoint.__name__ = op
    return endpoint


class LogRequests:
    """One log line per request: method, path (its control characters escaped), status,
    milliseconds."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            took = (time.perf_counter() - start) * 1000
            path = printable(scope["path"])
            LOG.info("%s %s %d %.1fms", printable(scope["method"], 20), path, status, took)


class RateLimit:
    """A token bucket per client address for the API (``/v1/``): ``rate`` requests a second,
    ``burst`` at once; beyond it 429 ``rate-limited`` with ``Retry-After``. The table keeps the
    ``clients`` most recent addresses (the oldest forgotten first), so memory stays bounded;
    ``buckets`` is a table to share (the rooms' live connections count against it too: each
    handshake, each message but a ping)."""

    def __init__(
        self,
        app: ASGIApp,
        rate: float,
        burst: int,
        clients: int = 65536,
        buckets: OrderedDict[str, tuple[float, float]] | None = None,
    ) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.clients = clients
        self.buckets: OrderedDict[str, tuple[float, float]] = (
            OrderedDict() if buckets is None else buckets
        )

    def wait(self, client: str, now: float) -> float:
        """Seconds until ``client`` may send a request (``0``: now, and it is counted)."""
        tokens, last = self.buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens >= 1:
            self.buckets[client] = (tokens - 1, now)
            wait = 0.0
        else:
            self.buckets[client] = (tokens, now)
            wait = (1 - tokens) / self.rate
        while len(self.buckets) > self.clients:
            self.buckets.popitem(last=False)
        return wait

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/v1/"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        wait = self.wait(client[0] if client else "", time.monotonic())
        if wait <= 0:
            await self.app(scope, receive, send)
            return
        seconds = math.ceil(wait)
        response = _error(
            "rate-limited",
            f"more than {self.rate:g} requests a second from one client: ask again in {seconds} s",
            {"Retry-After": str(seconds)},
        )
        await response(scope, receive, send)


def _bearer(headers: Headers) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (``""`` for another scheme, ``None``
    without the header)."""
    value = headers.get("authorization")
    if value is None:
        return None
    scheme, _, token = value.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


_AFTER: Final = re.compile(r"[0-9]{1,16}")

NO_STORE: Final = {"Cache-Control": "no-store"}
"""The rooms' answers hold tokens and hands: no cache keeps them."""

_CHALLENGE: Final = {"WWW-Authenticate": 'Bearer realm="officers rooms"'}

UNAVAILABLE: Final = "the rooms' database cannot be reached now: try again in a moment"
"""What a client is told when the rooms' store is out of reach: never where it is (its URL,
host, socket or file), which goes to the log."""


async def _room_body(request: Request, settings: Settings) -> dict[str, Any] | Response:
    """A rooms request's JSON object, or the error answering it."""
    if not _json_media_type(request.headers.get("content-type")):
        return _error(
            "unsupported-media-type",
            "a rooms request has a JSON body with 'Content-Type: application/json', got "
            f"{excerpt(request.headers.get('content-type'))}",
        )
    limit = min(settings.max_body, settings.room_message)
    try:
        body = await _body(request, limit, settings.body_timeout)
    except BodyTooLargeError:
        return _error("too-large", f"a rooms request body is at most {limit} bytes")
    except BodyLengthError as error:
        return _error(
            "bad-request", f"the Content-Length {excerpt(error.args[0])} is no number of bytes"
        )
    except ClientDisconnect:
        return _error("bad-json", "the client left before the body ended")
    except TimeoutError:
        message = f"the request body did not arrive within {settings.body_timeout:g} s"
        return _error("request-timeout", message, {"Connection": "close"})
    try:
        data = read(body)
    except WireError as error:
        return _error("bad-json", str(error))
    if not isinstance(data, dict):
        return _error("bad-request", f"the body must be a JSON object, got {excerpt(data)}")
    return data


RoomAction = Any
"""A rooms action: ``(room id, token, body, request) -> document``."""


def _room_endpoint(
    action: RoomAction,
    settings: Settings,
    hub: Hub,
    *,
    body: bool,
    changes: bool,
    signs: Callable[[], frozenset[str]] = frozenset,
) -> Any:
    async def endpoint(request: Request) -> Response:
        request.state.arrived = time.monotonic()
        data: dict[str, Any] = {}
        if body:
            read_body = await _room_body(request, settings)
            if isinstance(read_body, Response):
                return read_body
            data = read_body
        room = request.path_params.get("room")
        token = _bearer(request.headers)
        try:
            document = await run_in_threadpool(action, room, token, data, request)
        except RoomError as error:
            headers = {**NO_STORE, **(_CHALLENGE if error.code == "unauthorized" else {})}
            if error.code == "busy":
                headers["Retry-After"] = str(_retry_after())
            return JSONResponse(error.document(), status_code=STATUS[error.code], headers=headers)
        except (StoreError, sqlite3.OperationalError) as error:  # the database out of reach
            LOG.warning("rooms: %s", printable(str(error)))  # where it is: for the operator
            return _error("unavailable", UNAVAILABLE, {**NO_STORE, "Retry-After": "2"})
        if changes:
            hub.changed(document["room"])
        for room_id in signs():  # a seat polling came back: its room's live connections show it
            hub.changed(room_id)
        status = 201 if document["kind"] == "room-joined" else 200
        return JSONResponse(document, status_code=status, headers=NO_STORE)

    return endpoint


def _events(rooms: Rooms, room: str, token: str | None, request: Request) -> Any:
    after = request.query_params.get("after", "0")
    if not _AFTER.fullmatch(after):
        raise RoomError("bad-request", f"'after' is an event number, got {excerpt(after)}")
    presence = request.query_params.get("presence", "true")
    if presence not in ("true", "false"):
        raise RoomError("bad-request", f"'presence' is true or false, got {excerpt(presence)}")
    return rooms.events(room, token, int(after), presence == "true")


def _client(connection: Request | WebSocket) -> str:
    """Who the client is: the address it connects from (a proxy's ``X-Forwarded-For`` counts
    only where the operator named the proxy, ``--forwarded-allow-ips``: uvicorn then puts the
    client's address in its place)."""
    return connection.client.host if connection.client else ""


async def _refuse_handshake(websocket: WebSocket, limit: RateLimit, wait: float) -> None:
    """Refuse a live connection over the rate limit as HTTP is refused: 429 ``rate-limited``
    with ``Retry-After``, answered to the handshake (ASGI's ``websocket.http.response``, which
    uvicorn's WebSocket protocols offer); a server without it can only close the handshake
    (4429, which the client sees as 403)."""
    seconds = math.ceil(wait)
    response = _error(
        "rate-limited",
        f"more than {limit.rate:g} requests a second from one client (its live connections "
        f"among them): connect again in {seconds} s",
        {"Retry-After": str(seconds), **NO_STORE, **SECURITY_HEADERS},
    )
    response.headers["Content-Security-Policy"] = API_POLICY
    deny = getattr(websocket, "send_denial_response", None)
    if deny is not None and "websocket.http.response" in websocket.scope.get("extensions", {}):
        await deny(response)
    else:
        await websocket.close(code=4429)


def _live_endpoint(
    rooms: Rooms, hub: Hub, limit: RateLimit | None, live_limits: LiveLimits
) -> Callable[[WebSocket], Awaitable[None]]:
    """The live WebSocket of a room (docs/rooms.md): a handshake over the client's rate is
    refused (429), then :func:`~officers.rooms.live.session` runs until either side ends it."""

    async def live(websocket: WebSocket) -> None:
        client = _client(websocket)
        wait = 0.0 if limit is None else limit.wait(client, time.monotonic())
        if limit is not None and wait > 0:
            await _refuse_handshake(websocket, limit, wait)
            return
        await websocket.accept()

        async def receive() -> str | None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return None
            text = message.get("text")
            if text is None:
                text = bytes(message.get("bytes") or b"").decode("utf-8", "replace")
            return str(text)

        def allow() -> bool:
            return limit is None or limit.wait(client, time.monotonic()) <= 0

        try:
            room = websocket.path_params["room"]
            code, reason = await session(
                rooms, hub, room, receive, websocket.send_text, allow, live_limits
            )
            await websocket.close(code, reason.encode()[:120].decode("utf-8", "ignore"))
        except (StoreError, sqlite3.OperationalError) as error:  # the database out of reach
            LOG.warning("rooms: a live connection ended: %s", printable(str(error)))
            with contextlib.suppress(Exception):
                await websocket.send_text(write(error_document("unavailable", UNAVAILABLE)))
                await websocket.close(1011, "the rooms' database cannot be reached now")
        except (WebSocketDisconnect, OSError, RuntimeError):  # the client left as it was sent to
            LOG.debug("live connection ended", exc_info=True)
        except Exception:
            LOG.exception("internal error on the live connection of %s", printable(client))

    return live


def room_routes(
    settings: Settings,
    rooms: Rooms,
    hub: Hub,
    limit: RateLimit | None,
    searches: threading.Semaphore | None = None,
) -> list[BaseRoute]:
    """The rooms under ``/v1/rooms`` (docs/rooms.md) and their live WebSocket; a hint's search
    holds one of ``searches``, the slots the operations' searches hold too."""
    slots = threading.BoundedSemaphore(settings.max_searches) if searches is None else searches

    def route(path: str, action: RoomAction, method: str = "POST") -> Route:
        post = method == "POST"
        changes = post and path not in ("", "/{room}/hint")
        endpoint = _room_endpoint(
            action, settings, hub, body=post, changes=changes, signs=rooms.fresh_signs
        )
        endpoint.__name__ = "rooms" + path.replace("/{room}", "").replace("/", "-")
        return Route(f"/v1/rooms{path}", endpoint, methods=[method])

    live_limits = LiveLimits(max_message=settings.room_message, poll=settings.room_poll or None)

    live = _live_endpoint(rooms, hub, limit, live_limits)

    return [
        route("", lambda room, token, data, request: rooms.create(data, _client(request)), "POST"),
        route("/{room}", lambda room, token, data, request: rooms.get(room), "GET"),
        route("/{room}/join", lambda room, token, data, request: rooms.join(room, data), "POST"),
        route("/{room}/state", lambda room, token, data, request: rooms.state(room, token), "GET"),
        route("/{room}/move", lambda room, token, data, request: rooms.move(room, token, data)),
        route(
            "/{room}/hint",
            lambda room, token, data, request: rooms.hint(
                room, token, data, settings.limits, _budget(settings, slots, request.state.arrived)
            ),
        ),
        route(
            "/{room}/take-back",
            lambda room, token, data, request: rooms.take_back(room, token, data),
        ),
        route(
            "/{room}/rematch", lambda room, token, data, request: rooms.rematch(room, token, data)
        ),
        route(
            "/{room}/events",
            lambda room, token, data, request: _events(rooms, room, token, request),
            "GET",
        ),
        WebSocketRoute("/v1/rooms/{room}/live", live),
    ]


API_POLICY: Final = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
"""The Content-Security-Policy of an answer that is not a page (JSON): nothing may load."""

SECURITY_HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
"""The headers every answer carries (with a Content-Security-Policy, where it has none)."""


class SecurityHeaders:
    """:data:`SECURITY_HEADERS` on every answer, and :data:`API_POLICY` where the route set no
    Content-Security-Policy of its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                for name, value in SECURITY_HEADERS.items():
                    if name.lower().encode("latin-1") not in present:
                        headers.append((name.lower().encode("latin-1"), value.encode("latin-1")))
                if b"content-security-policy" not in present:
                    headers.append((b"content-security-policy", API_POLICY.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


class CatchErrors:
    """A bug answered as a JSON ``internal`` error (500) inside the other middleware, so that it
    still carries the security headers and its log line; the traceback goes to the log only."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as error:
            LOG.exception(
                "internal error on %s %s", printable(scope["method"], 20), printable(scope["path"])
            )
            if not started:
                message = f"internal error ({type(error).__name__}); please report it"
                await _error("internal", message)(scope, receive, send)


class JSONRefusingCORS(CORSMiddleware):
    """Starlette's CORS, with a refused preflight answered as an error document (it is plain
    text there)."""

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code < 400:
            return response
        reason = bytes(response.body).decode("utf-8", "replace")
        answer = _error("bad-request", f"refused by CORS: {excerpt(reason, 200)}")
        for name in ("access-control-allow-methods", "access-control-max-age", "vary"):
            if name in response.headers:
                answer.headers[name] = response.headers[name]
        return answer


def _page_policy(page: str) -> str:
    """The docs page's Content-Security-Policy: its own inline script and style (by their
    hashes), the API on the same origin, nothing else."""
    import base64
    import hashlib

    def hashes(tag: str) -> str:
        found = re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", page, re.DOTALL)
        digests = [base64.b64encode(hashlib.sha256(body.encode()).digest()) for body in found]
        return " ".join(f"'sha256-{digest.decode()}'" for digest in digests) or "'none'"

    return (
        f"default-src 'none'; script-src {hashes('script')}; style-src {hashes('style')}; "
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )


async def _nothing(scope: Scope, receive: Receive, send: Send) -> None:
    """No application: the rate limit of the live connections only counts."""


def create_app(settings: Settings | None = None) -> Starlette:
    """The application, with ``settings`` (the defaults when ``None``)."""
    settings = Settings() if settings is None else settings
    document = openapi()
    page = docs_page(document)
    page_headers = {"Content-Security-Policy": _page_policy(page)}
    searches = threading.BoundedSemaphore(settings.max_searches)
    hub = SharedHub()
    store: Store
    listener = None
    if is_postgres(settings.rooms_db):  # shared by every worker: their changes are heard
        shared = PostgresStore(settings.rooms_db)
        listener = Listener(settings.rooms_db, shared.origin, hub.changed, hub.wake_all)
        store = shared
    else:
        store = SQLiteStore(settings.rooms_db)
    rooms = Rooms(
        store,
        RoomLimits(
            idle=settings.room_idle,
            per_client=settings.rooms_per_client,
            total=settings.max_rooms,
        ),
    )
    buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
    live_limit = None
    if settings.rate > 0:
        live_limit = RateLimit(_nothing, settings.rate, settings.burst, buckets=buckets)

    async def health(request: Request) -> Response:
        return JSONResponse(health_document())

    async def openapi_json(request: Request) -> Response:
        return JSONResponse(document)

    async def docs(request: Request) -> Response:
        return HTMLResponse(page, headers=page_headers)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        code = {404: "not-found", 405: "method-not-allowed"}.get(error.status_code, "bad-request")
        message = f"{printable(request.method, 20)} {excerpt(request.url.path)}: {error.detail}"
        if error.status_code == 405 and error.headers and "Allow" in error.headers:
            message += f" (allowed: {error.headers['Allow']})"
        answer = error_document(code, message)
        return JSONResponse(answer, status_code=error.status_code, headers=error.headers)

    routes: list[BaseRoute] = [
        Route(f"/v1/{op}", _operation(op, settings, searches), methods=["POST"]) for op in ANSWERS
    ]
    routes += [
        Route("/v1/health", health, methods=["GET"]),
        Route("/openapi.json", openapi_json, methods=["GET"]),
        Route("/docs", docs, methods=["GET"]),
        *room_routes(settings, rooms, hub, live_limit, searches),
        *site_routes(),
    ]
    middleware = [Middleware(LogRequests), Middleware(SecurityHeaders), Middleware(CatchErrors)]
    if settings.cors:
        middleware.append(
            Middleware(
                JSONRefusingCORS,
                allow_origins=list(settings.cors),
                allow_methods=["GET", "POST"],
                allow_headers=["content-type", "authorization"],
                max_age=600,
            )
        )
    if settings.rate > 0:  # inside CORS: a browser may read the 429
        middleware.append(
            Middleware(RateLimit, rate=settings.rate, burst=settings.burst, buckets=buckets)
        )
    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: http_error},
        lifespan=_lifespan(rooms, listener, hub),
    )


class SharedHub(Hub):
    """The :class:`Hub` of a service whose store is shared: it knows the rooms it holds live
    connections for, to wake them all (:meth:`wake_all`) when the changes published by the
    other workers may have been missed (the connection that hears them was lost)."""

    def __init__(self) -> None:
        super().__init__()
        self.held: dict[str, int] = {}

    def enter(self, room: str) -> None:
        super().enter(room)
        self.held[room] = self.held.get(room, 0) + 1

    def leave(self, room: str) -> None:
        super().leave(room)
        left = self.held.pop(room, 1) - 1
        if left > 0:
            self.held[room] = left

    def wake_all(self) -> None:
        """Wake every room held: each connection reads what it missed."""
        for room in list(self.held):
            self.changed(room)


_WARMED = threading.Event()


def warm_aids() -> None:
    """Start the search server (:func:`officers.contract.bounded.start`: the searches past
    order 4 and ``skat/solve`` run in its children, so this threaded process never forks) and
    give each aid the pages ask for one small question (Euler's Officers' hint, Eight Off's
    hint, Offiziersskat's tip exact and estimated) by the library calls the doors make, its
    request held to its schema and its document written in both languages: their modules are imported and their tables and
    compiled searches loaded when the service starts, so the first tip a player asks for costs
    what the hundredth does. What goes wrong here is logged, never fatal."""
    from officers.contract import Limits
    from officers.contract.bounded import start
    from officers.contract.eightoff import hint_document, hint_within
    from officers.contract.skat import tip_document, tip_within
    from officers.contract.validate import check
    from officers.eightoff.game import EightOffGame
    from officers.euler.game import view_from_notation
    from officers.euler.hints import hint
    from officers.skat.game import SkatGame
    from officers.skat.public import Public

    if _WARMED.is_set():  # once a process
        return
    _WARMED.set()
    began = time.monotonic()
    limits = Limits(time_limit=0.2)
    langs = ("en", "de")

    def euler() -> None:
        text = "AS3/1KH2/4/4 normal 1 1 ADACKSQDQCJDJC/AHKDKCQSQHJSJH - - 3"
        check("hint", {"game": text})  # the request's schema, compiled once
        advice = hint(view_from_notation(text, 0), budget=Budget.after(0.2))
        for lang in langs:
            advice.to_dict(lang)

    def eight_off() -> None:
        game = EightOffGame.deal(1)
        check("eightoff/hint", {"game": game.notation()})
        found = hint_within(game, limits, Budget())
        for lang in langs:
            hint_document(found, game.position, lang)

    def skat() -> None:
        late = SkatGame.deal(1)
        for _ in range(21):  # the choice and ten tricks: an exact tip
            late.push(late.legal_moves()[0])
        early = SkatGame.deal(1)
        early.push("G")  # an estimate
        for game in (late, early):
            check("skat/tip", {"view": game.view().to_dict()})
            public = Public.of(game)
            advice = tip_within(public, limits, Budget())
            for lang in langs:
                tip_document(public, advice, lang)

    steps = {
        "the search server": start,
        "hint": euler,
        "eightoff/hint": eight_off,
        "skat/tip": skat,
    }
    for what, step in steps.items():
        try:
            step()
        except Exception:  # a warm-up that fails leaves the service as it was
            LOG.warning("warming %s failed", what, exc_info=True)
    LOG.info("the aids warmed in %.0f ms", 1000 * (time.monotonic() - began))


def _lifespan(rooms: Rooms, listener: Listener | None, hub: Hub | None = None) -> Any:
    """While the service runs: the rooms' clock (with ``hub``: the turns ended at their
    deadlines) and the listener of the other workers' changes (with PostgreSQL); when it
    stops, both ended and the store's connections closed."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await anyio.to_thread.run_sync(warm_aids)  # before the first request: see warm_aids
        clock = None if hub is None else asyncio.create_task(keep_time(rooms, hub))
        try:
            if listener is None:  # SQLite: nothing else to start or end
                yield
                return
            task = asyncio.create_task(listener.run())
            try:
                yield
            finally:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        finally:
            if clock is not None:
                clock.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await clock
            if listener is not None:
                rooms.store.close()

    return lifespan
