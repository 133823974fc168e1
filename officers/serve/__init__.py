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

import gc
import json
import logging
import math
import os
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from officers.serve.settings import Settings

if TYPE_CHECKING:
    from officers.serve.app import create_app

__all__ = [
    "COLLECTOR_THRESHOLDS",
    "SETTINGS_VARIABLE",
    "Settings",
    "app_from_environment",
    "create_app",
    "serve",
    "tune_collector",
]

LOG_FORMAT = "%(asctime)s %(name)s %(message)s"

SETTINGS_VARIABLE = "OFFICERS_SERVE_SETTINGS"
"""The environment variable that hands the settings to each worker process (JSON)."""

COLLECTOR_THRESHOLDS = (50_000, 50, 100)
"""The garbage collector's thresholds in a worker of ``officers serve`` (Python's are 700, 10,
10): see :func:`tune_collector`."""


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
    app = create_app(Settings.from_dict(data))
    tune_collector()
    return app


def tune_collector() -> None:
    """Set the garbage collector of a long-lived worker: what start-up made is frozen (never
    scanned again), and collections come at :data:`COLLECTOR_THRESHOLDS`. A worker holding
    1000 live connections keeps some 240,000 objects, and a collection that walks them all
    stalls every request for 200-450 ms; with these thresholds the objects that live on leave
    the young generations after two collections and are walked only by the full collections,
    after 100 of the middle ones (docs/rooms.md, "Speed and memory")."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


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
        # a client is the address it connects from, unless the operator names the proxies
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=list(settings.forwarded_allow_ips) or None,
        timeout_keep_alive=max(1, math.ceil(settings.keep_alive)),
        timeout_graceful_shutdown=max(1, math.ceil(settings.shutdown_timeout)),
        access_log=False,
        log_level="info",
    )
