"""The HTTP/1.1 protocol of ``officers serve``: uvicorn's h11 protocol with a time limit on a
request's headers.

uvicorn closes a connection that stays idle after an answer (``timeout_keep_alive``), but one
that opens and sends a request's headers slowly, a byte at a time or never, it keeps open for
as long as the client likes: a thousand such connections hold a thousand sockets. Here a
connection has :data:`HEADER_TIMEOUT` seconds (``--header-timeout``) from its first byte of a
request (or from being opened) to the end of the request's headers; past that it is closed.
The body has its own limit in the application (``--body-timeout``).
"""

from __future__ import annotations

import asyncio
import json
import os
from functools import cache
from typing import Any, Final

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HEADER_TIMEOUT", "HeaderTimeoutProtocol", "header_timeout"]

HEADER_TIMEOUT: Final = 10.0
"""The seconds a connection has to send a request's headers, when the settings say none."""


@cache
def header_timeout() -> float:
    """The header time limit of the settings handed to this worker (officers.serve)."""
    from officers.serve import SETTINGS_VARIABLE

    data = json.loads(os.environ.get(SETTINGS_VARIABLE, "{}"))
    return float(data.get("header_timeout", HEADER_TIMEOUT))


class HeaderTimeoutProtocol(H11Protocol):
    """:class:`H11Protocol` that closes a connection whose request headers are late."""

    _header_timer: asyncio.TimerHandle | None = None
    _upgraded = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before or self._upgraded:  # a request's headers are in
            self._disarm()
        elif self._header_timer is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()  # the first bytes of the next request on a kept-alive connection

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._upgraded = True  # a WebSocket's headers are in: the connection is the WebSocket's
        self._disarm()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(header_timeout(), self._late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _late(self) -> None:
        self._header_timer = None
        if self.cycle is None or self.cycle.response_complete:
            self.transport.close()
