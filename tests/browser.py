"""What the page tests share: the service on a free port of this machine (in a thread, its rooms
in a file of their own) and a headless Chromium driven by Playwright.

The browser tests skip when Playwright or Chromium is missing, unless the environment says
``OFFICERS_BROWSER_TESTS=required`` (then they fail). ``OFFICERS_CHROMIUM`` names the browser
(default ``/usr/bin/chromium``, Debian's package).
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from officers.serve import Settings, create_app

__all__ = ["CHROMIUM", "REQUIRED", "Service", "Tab", "chromium", "missing"]

REQUIRED = os.environ.get("OFFICERS_BROWSER_TESTS", "") == "required"
CHROMIUM = os.environ.get("OFFICERS_CHROMIUM", "/usr/bin/chromium")


def missing(reason: str) -> None:
    """Skip the test for want of ``reason``, or fail when the browser tests are required."""
    if REQUIRED:
        pytest.fail(f"{reason} (OFFICERS_BROWSER_TESTS=required)")
    pytest.skip(reason)


class Service:
    """``officers serve`` on a free port of this machine, in a thread, its rooms in a file of a
    folder of its own (``db``), until :meth:`stop`. ``url`` ends with a slash."""

    def __init__(self, settings: dict[str, Any] | None = None) -> None:
        import uvicorn

        self.folder = tempfile.TemporaryDirectory(prefix="officers-page-")
        self.db = str(Path(self.folder.name) / "rooms.db")
        options = {"rooms_db": self.db, **(settings or {})}
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        app = create_app(Settings(**options))
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        self.running = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.running.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.running.started:
            assert time.monotonic() < deadline, "the service did not start"
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{port}/"

    def stop(self) -> None:
        self.running.should_exit = True
        self.thread.join(timeout=10)
        self.folder.cleanup()


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (Playwright's ``Browser``), or the test skipped (failed when
    required) without Playwright or the browser."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright is not installed (pip install playwright)")
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield launched
        finally:
            launched.close()


class Tab:
    """A page in a browser context of its own (its own ``localStorage``), ``width`` by
    ``height``, each step waiting at most ``wait`` ms, with the console's errors collected in
    ``errors`` (a test ends by finding none)."""

    def __init__(self, browser: Any, width: int, height: int, wait: int) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.set_default_timeout(wait)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
