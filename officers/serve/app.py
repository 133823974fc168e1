"""The ASGI application: the contract's operations under ``/v1/``, ``/openapi.json``, a docs
page at ``/docs``, the game's page at ``/`` (:mod:`officers.serve.site`); body limit, CORS,
one log line per request, errors as JSON documents."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from officers.contract import STATUS, Limits, handle
from officers.contract.documents import error_document, health_document
from officers.errors import excerpt
from officers.serve.openapi import ANSWERS, openapi
from officers.serve.page import docs_page
from officers.serve.site import site_routes

__all__ = ["Settings", "create_app"]

LOG = logging.getLogger("officers.serve")


@dataclass(frozen=True)
class Settings:
    """What the service allows: CORS ``cors`` origins (``("*",)``: any), request bodies up to
    ``max_body`` bytes, the contract's ``limits`` (time per solver call, order, batch)."""

    cors: tuple[str, ...] = ("*",)
    max_body: int = 65536
    limits: Limits = field(default_factory=Limits)


class JSONResponse(Response):
    """A JSON answer (UTF-8, other than ASCII characters as they are)."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False).encode("utf-8")


def _error(code: str, message: str) -> JSONResponse:
    return JSONResponse(error_document(code, message), status_code=STATUS[code])


class BodyTooLargeError(Exception):
    """A request body over the limit."""


async def _body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BodyTooLargeError
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLargeError
        chunks.append(chunk)
    return b"".join(chunks)


def _operation(op: str, settings: Settings) -> Any:
    async def endpoint(request: Request) -> Response:
        try:
            body = await _body(request, settings.max_body)
        except BodyTooLargeError:
            return _error("too-large", f"the request body is over {settings.max_body} bytes")
        try:
            data = json.loads(body)
        except (ValueError, RecursionError) as error:
            return _error("bad-json", f"cannot read JSON {excerpt(body)}: {error}")
        if not isinstance(data, dict):
            return _error("bad-request", f"the body must be a JSON object, got {excerpt(data)}")
        answer = await run_in_threadpool(handle, {**data, "op": op}, settings.limits)
        status = STATUS[answer["code"]] if answer["kind"] == "error" else 200
        return JSONResponse(answer, status_code=status)

    endpoint.__name__ = op
    return endpoint


class LogRequests:
    """One log line per request: method, path, status, milliseconds."""

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
            LOG.info("%s %s %d %.1fms", scope["method"], scope["path"], status, took)


def create_app(settings: Settings | None = None) -> Starlette:
    """The application, with ``settings`` (the defaults when ``None``)."""
    settings = Settings() if settings is None else settings
    document = openapi()
    page = docs_page(document)

    async def health(request: Request) -> Response:
        return JSONResponse(health_document())

    async def openapi_json(request: Request) -> Response:
        return JSONResponse(document)

    async def docs(request: Request) -> Response:
        return HTMLResponse(page)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        code = "not-found" if error.status_code == 404 else "bad-request"
        answer = error_document(
            code, f"{request.method} {excerpt(request.url.path)}: {error.detail}"
        )
        return JSONResponse(answer, status_code=error.status_code, headers=error.headers)

    async def internal(request: Request, error: Exception) -> Response:
        LOG.exception("internal error on %s %s", request.method, request.url.path)
        return _error("internal", f"internal error ({type(error).__name__}); please report it")

    routes = [Route(f"/v1/{op}", _operation(op, settings), methods=["POST"]) for op in ANSWERS]
    routes += [
        Route("/v1/health", health, methods=["GET"]),
        Route("/openapi.json", openapi_json, methods=["GET"]),
        Route("/docs", docs, methods=["GET"]),
        *site_routes(),
    ]
    middleware = [Middleware(LogRequests)]
    if settings.cors:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(settings.cors),
                allow_methods=["GET", "POST"],
                allow_headers=["content-type"],
                max_age=600,
            )
        )
    return Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={HTTPException: http_error, Exception: internal},
    )
