"""``officers serve``: the HTTP JSON service (Starlette on uvicorn; the ``serve`` extra).

Stateless: every request carries the game or the square it is about, so any number of workers
behind any load balancer serve it. The operations are those of :mod:`officers.contract`, one
endpoint each under ``/v1/``; ``/openapi.json`` is written from the same JSON Schemas, and
``/docs`` is a page to try every endpoint (docs/serve.md); ``/`` is the game's page (docs/page.md).

>>> from officers.serve import create_app
>>> sorted(route.path for route in create_app().routes)[:4]
['/', '/docs', '/eightoff', '/openapi.json']
"""

from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from officers.serve.settings import Settings

if TYPE_CHECKING:
    from officers.serve.app import create_app

__all__ = ["SETTINGS_VARIABLE", "Settings", "app_from_environment", "create_app", "serve"]

LOG_FORMAT = "%(asctime)s %(name)s %(message)s"

SETTINGS_VARIABLE = "OFFICERS_SERVE_SETTINGS"
"""The environment variable that hands the settings to each worker process (JSON)."""


def __getattr__(name: str) -> Any:
    """``create_app``, loaded (with Starlette) on first use: the settings need no framework."""
    if name == "create_app":
        from officers.serve.app import create_app

        return create_app
    raise AttributeError(f"module 'officers.serve' has no attribute {name!r}")


def app_from_environment() -> object:
    """The application with the settings of :data:`SETTINGS_VARIABLE` (for uvicorn's workers)."""
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    from officers.serve.app import create_app

    data = json.loads(os.environ.get(SETTINGS_VARIABLE, "{}"))
    return create_app(Settings.from_dict(data))


def serve(
    settings: Settings, *, host: str = "127.0.0.1", port: int = 8000, workers: int = 1
) -> None:
    """Run the service with uvicorn until SIGINT or SIGTERM (then it shuts down, waiting at
    most ``settings.shutdown_timeout`` seconds for the requests in flight)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    os.environ[SETTINGS_VARIABLE] = json.dumps(asdict(settings))
    uvicorn.run(
        "officers.serve:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        http="officers.serve.protocol:HeaderTimeoutProtocol",
        ws="auto",  # the rooms' live connections (the websockets package, in the serve extra)
        ws_max_size=max(4096, 4 * settings.room_message),
        limit_concurrency=settings.max_connections,
        timeout_keep_alive=max(1, math.ceil(settings.keep_alive)),
        timeout_graceful_shutdown=max(1, math.ceil(settings.shutdown_timeout)),
        access_log=False,
        log_level="info",
    )
