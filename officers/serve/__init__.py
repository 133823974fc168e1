"""``officers serve``: the HTTP JSON service (Starlette on uvicorn; the ``serve`` extra).

Stateless: every request carries the game or the square it is about, so any number of workers
behind any load balancer serve it. The operations are those of :mod:`officers.contract`, one
endpoint each under ``/v1/``; ``/openapi.json`` is written from the same JSON Schemas, and
``/docs`` is a page to try every endpoint (docs/serve.md); ``/`` is the game's page (docs/page.md).

>>> sorted(route.path for route in create_app().routes)[:4]
['/', '/docs', '/openapi.json', '/static/{digest}/{name}']
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict

from officers.contract import Limits
from officers.serve.app import Settings, create_app

__all__ = ["SETTINGS_VARIABLE", "Settings", "app_from_environment", "create_app", "serve"]

LOG_FORMAT = "%(asctime)s %(name)s %(message)s"

SETTINGS_VARIABLE = "OFFICERS_SERVE_SETTINGS"
"""The environment variable that hands the settings to each worker process (JSON)."""


def app_from_environment() -> object:
    """The application with the settings of :data:`SETTINGS_VARIABLE` (for uvicorn's workers)."""
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    data = json.loads(os.environ.get(SETTINGS_VARIABLE, "{}"))
    settings = Settings(
        cors=tuple(data.get("cors", ("*",))),
        max_body=int(data.get("max_body", 65536)),
        limits=Limits(**data.get("limits", {})),
    )
    return create_app(settings)


def serve(
    settings: Settings, *, host: str = "127.0.0.1", port: int = 8000, workers: int = 1
) -> None:
    """Run the service with uvicorn until SIGINT or SIGTERM (then it shuts down cleanly)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    os.environ[SETTINGS_VARIABLE] = json.dumps(asdict(settings))
    uvicorn.run(
        "officers.serve:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        access_log=False,
        log_level="info",
    )
