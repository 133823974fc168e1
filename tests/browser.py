"""What the page tests share: the service on a free port of this machine (in a thread, its rooms
in a file of their own) and a headless Chromium driven by Playwright.

The browser tests skip when Playwright or Chromium is missing, unless the environment says
``OFFICERS_BROWSER_TESTS=required`` (then they fail). ``OFFICERS_CHROMIUM`` names the browser
(default ``/usr/bin/chromium``, Debian's package).

A test's screenshots go into its ``tmp_path``, never into the checkout. The screenshots of
docs/page.md are refreshed on purpose only: ``OFFICERS_SCREENSHOTS=docs/images`` copies each
screenshot named for the docs into that folder as well (:func:`screenshot`).
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

__all__ = [
    "CHROMIUM",
    "REQUIRED",
    "SCREENSHOTS",
    "Service",
    "Tab",
    "chromium",
    "covered",
    "footer",
    "missing",
    "outside",
    "screenshot",
    "sideways",
]

REQUIRED = os.environ.get("OFFICERS_BROWSER_TESTS", "") == "required"
CHROMIUM = os.environ.get("OFFICERS_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = os.environ.get("OFFICERS_SCREENSHOTS", "")
"""A folder the docs' screenshots are copied into as well (``docs/images`` to refresh them);
empty: nowhere but the test's own folder."""


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
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _console(self, message: Any) -> None:
        """An error of the console kept with where it came from (a failed load names no
        address in its text: ``Failed to load resource: ... 409 (Conflict)``)."""
        if message.type == "error":
            url = (message.location or {}).get("url")
            self.errors.append(f"{message.text} [{url}]" if url else message.text)


def screenshot(page: Any, folder: Path, name: str, **options: Any) -> Path:
    """Take a screenshot of ``page`` into ``folder / name`` (a test's ``tmp_path``) and return
    its path; with ``OFFICERS_SCREENSHOTS=DIR`` (a developer refreshing docs/page.md's
    images), copy it into ``DIR / name`` too."""
    path = folder / name
    page.screenshot(path=str(path), **options)
    assert path.stat().st_size > 0
    if SCREENSHOTS:
        target = Path(SCREENSHOTS)
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target / name)
    return path


OUTSIDE = """([panel, inner]) => {
  const box = document.querySelector(panel).getBoundingClientRect();
  const out = [];
  for (const node of document.querySelectorAll(`${panel} ${inner}`)) {
    const r = node.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || !node.checkVisibility()) continue; // none, or for screen readers only
    const by = Math.max(box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom);
    if (by > 0.5) out.push(`${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""}`
      + `${node.className && typeof node.className === "string" ? "." + node.className.split(" ").join(".") : ""}`
      + ` by ${by.toFixed(1)} px`);
  }
  return out;
}"""

COVERED = r"""([outer, mark, under]) => {
  // the largest reach of a box shadow (its offset, blur and spread), in px
  const reach = (node) => Math.max(0, ...getComputedStyle(node).boxShadow.split(/,(?![^(]*\))/)
    .map((shadow) => (shadow.match(/-?[\d.]+px/g) || []).map(parseFloat))
    .map(([x = 0, y = 0, blur = 0, spread = 0]) => Math.max(Math.abs(x), Math.abs(y)) + blur + spread));
  const out = [];
  for (const group of document.querySelectorAll(outer)) {
    const label = group.querySelector(under);
    if (!label) continue;
    const a = label.getBoundingClientRect();
    for (const node of group.querySelectorAll(mark)) {
      const r = node.getBoundingClientRect();
      const d = reach(node);
      const apart = a.left >= r.right + d || a.right <= r.left - d || a.top >= r.bottom + d || a.bottom <= r.top - d;
      if (!apart) out.push(`${group.dataset.pile || group.id}: ${node.dataset.card || node.className} (its shadow ${d} px)`);
    }
  }
  return out;
}"""


def outside(page: Any, panel: str, inner: str = "*") -> list[str]:
    """The visible elements ``inner`` of ``panel`` (selectors) whose box sticks out of the
    panel's box by more than half a pixel, each with how far: none when nothing overflows
    (a box of a pixel, for screen readers only, is not looked at)."""
    found: list[str] = page.evaluate(OUTSIDE, [panel, inner])
    return found


def covered(page: Any, outer: str, mark: str, under: str) -> list[str]:
    """Within each ``outer``, the ``mark`` elements whose box with its box shadow (a ring)
    touches the ``under`` element's box (a label that must stay readable): none when
    every label is clear."""
    found: list[str] = page.evaluate(COVERED, [outer, mark, under])
    return found


def sideways(page: Any) -> bool:
    """Whether the page scrolls sideways (anything wider than the window)."""
    return bool(
        page.evaluate(
            "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"
        )
    )


def footer(page: Any) -> str:
    """The footer's text as shown, once it shows the version (``#version`` filled from
    v1/health), its spaces made single."""
    page.wait_for_selector("footer #version[data-version]")
    return " ".join(str(page.inner_text("footer")).split())
