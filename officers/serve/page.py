"""The interactive docs page at ``/docs``: every endpoint with a form to try it, made from the
OpenAPI document; plain HTML and a few lines of JavaScript, nothing fetched from elsewhere (it
works offline). Its icon, the Ace of Hearts as on the game's page, is in the page itself (a
``data:`` address), so that the browser asks no ``/favicon.ico`` of the service."""

from __future__ import annotations

import html
import json
from typing import Any, Final
from urllib.parse import quote

from officers.euler.cards import Card
from officers.euler.svg import card_svg

__all__ = ["ICON", "docs_page"]

STYLE: Final = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
section { border: 1px solid #ccc; border-radius: 6px; padding: .5rem 1rem; margin: 1rem 0; }
textarea { width: 100%; font: 13px monospace; }
pre { background: #f6f6f6; padding: .5rem; overflow: auto; max-height: 24rem; }
code.method { font-weight: bold; }
"""

SCRIPT: Final = """
for (const form of document.querySelectorAll("form[data-path]")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const out = form.querySelector("pre");
    const method = form.dataset.method;
    const init = { method };
    if (method === "POST") {
      init.body = form.querySelector("textarea").value;
      init.headers = { "content-type": "application/json" };
    }
    const started = performance.now();
    try {
      const response = await fetch(form.dataset.path, init);
      const text = await response.text();
      let shown = text;
      try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (error) {}
      const took = (performance.now() - started).toFixed(1);
      out.textContent = `${response.status} (${took} ms)\\n${shown}`;
    } catch (error) {
      out.textContent = String(error);
    }
  });
}
"""


ICON: Final = "data:image/svg+xml," + quote(card_svg(Card.ACE_OF_HEARTS), safe="")
"""The page's icon: the Ace of Hearts drawn by :mod:`officers.euler.svg`, as a ``data:`` address.

>>> from urllib.parse import unquote
>>> ICON.startswith("data:image/svg+xml,%3Csvg%20xmlns"), "Ace of Hearts" in unquote(ICON)
(True, True)
>>> "http" in unquote(ICON).replace('xmlns="http://www.w3.org/2000/svg"', "")  # nothing fetched
False
"""


def _section(path: str, method: str, operation: dict[str, Any]) -> str:
    example = ""
    if method == "post":
        body = operation["requestBody"]["content"]["application/json"]["example"]
        example = (
            f'<textarea rows="4" aria-label="request body of {html.escape(path)}">'
            f"{html.escape(json.dumps(body, ensure_ascii=False, indent=1))}</textarea>"
        )
    return (
        f'<section id="{html.escape(operation["operationId"])}">'
        f'<h2><code class="method">{method.upper()}</code> <code>{html.escape(path)}</code></h2>'
        f"<p>{html.escape(operation['summary'])}</p>"
        f'<form data-path="{html.escape(path)}" data-method="{method.upper()}">{example}'
        '<button type="submit">Try it</button><pre aria-live="polite"></pre></form></section>'
    )


def docs_page(document: dict[str, Any]) -> str:
    """The page for the OpenAPI ``document``.

    >>> from officers.serve.openapi import openapi
    >>> document = openapi()
    >>> page = docs_page(document)
    >>> page.count("<form") == sum(len(item) for item in document["paths"].values())  # one each
    True
    >>> "http" in page.replace("/openapi.json", "").replace(html.escape(ICON), "")  # nothing outside
    False
    """
    sections = [
        _section(path, method, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
    ]
    info = document["info"]
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>officers {html.escape(info['version'])}: the HTTP API</title>"
        f'<link rel="icon" type="image/svg+xml" href="{html.escape(ICON)}">'
        f"<style>{STYLE}</style></head><body>"
        f"<h1>officers {html.escape(info['version'])}</h1><p>{html.escape(info['description'])} "
        'The whole contract: <a href="/openapi.json">/openapi.json</a>.</p>'
        + "".join(sections)
        + f"<script type=module>{SCRIPT}</script></body></html>"
    )
