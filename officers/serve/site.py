"""The pages: Euler's Officers at ``/``, Eight Off at ``/eightoff`` and Offiziersskat at ``/skat``
(played in a room of the service), each a game in a browser, from plain HTML, CSS and JavaScript
modules shipped inside the package (``officers/serve/static``: what the three pages share at its
top, each game's own files in a folder named as the game is in the registry, ``officers``,
``eightoff``, ``skat``; read with :mod:`importlib.resources`, so they work from an installed
wheel and offline), and the card faces of :mod:`officers.euler.svg` as two sprites
(``officers/cards-en.svg``, ``officers/cards-de.svg``: one ``<symbol id="AS">`` a card); Eight
Off and Offiziersskat draw their cards as text.

Every page is one shell, ``page.html`` (the head, the header with the game's name, the other
games and the languages, the footer), around its game's own ``<main>``, ``GAME/main.html``,
which places the parts of :data:`PARTS` (the error panel, a room's invitation) where it wants
them: the service sets the one into the other, the game's title from the registry and a link
to each other game, so that what every page has is written once.

Glossary
--------
digest
    A short hash of every static file: the files are served under ``/static/DIGEST/``, so a
    browser may keep them for a year (``immutable``) and still never mixes two versions; the pages
    themselves (``/``, ``/eightoff``, ``/skat``) are revalidated on every visit (``no-cache`` and an ``ETag``).

>>> site = Site()
>>> site.digest == Site().digest, len(site.digest)
(True, 12)
>>> body, media_type = site.asset("officers/cards-en.svg")
>>> media_type, body.count(b"<symbol ")
('image/svg+xml', 16)
>>> site.asset("eightoff/app.js")[1], site.asset("eightoff/main.html"), site.asset("page.html")
('text/javascript; charset=utf-8', None, None)
>>> site.asset("../__init__.py")
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Awaitable, Callable
from functools import cached_property
from importlib import resources
from typing import Final, Literal

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from officers.euler.cards import ALL_CARDS, Card
from officers.euler.svg import CARD_HEIGHT, CARD_WIDTH, card_face, card_svg
from officers.games import GAMES

__all__ = ["MEDIA_TYPES", "MOVED", "PAGES", "Site", "cards_sprite", "site_routes"]

MEDIA_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
"""The content type of each kind of static file (by its suffix); no other file is served."""

FOLDERS: Final = ("officers", "eightoff", "skat")
"""The folders of ``static`` whose files are served too, as ``FOLDER/NAME``: each game's, named as
the game is in the registry (:data:`officers.games.GAMES`)."""

PAGES: Final = {"/": "officers", "/eightoff": "eightoff", "/skat": "skat"}
"""Each page's address and its game (the game's name in the registry, the folder of its files)."""

SHELL: Final = "page.html"
"""The page shell: ``{{title}}``, ``{{game}}`` (its folder), ``{{games}}`` and ``{{footer}}`` (the
links to the other games), ``{{main}}`` (the game's ``GAME/main.html``), ``{{home}}`` (the page's
own address) and ``{{assets}}`` (the files' folder) are filled in. No HTML file is served but as
a page, at its address."""

PARTS: Final = ("error", "invite")
"""The parts of a page that a game's ``main.html`` places as ``{{error}}``, ``{{invite}}``: the
error panel of every page (shell.js ``showError``) and a room's invitation (rooms.js), written
once in ``error.html`` and ``invite.html``."""

MOVED: Final = {
    name: f"officers/{name}"
    for name in (
        "app.js", "view.js", "room.js", "i18n.js", "link.js", "style.css",
        "cards-en.svg", "cards-de.svg",
    )
}  # fmt: skip
"""The files of Euler's Officers' page that stood at the top of ``static`` until 0.4, and where
they are now: an address of one of them (``/static/DIGEST/app.js``) is sent on to the new one."""

PAGE_CACHE: Final = "no-cache"
ASSET_CACHE: Final = "public, max-age=31536000, immutable"
POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The page's Content-Security-Policy: nothing is loaded from anywhere but the service."""


def cards_sprite(lang: str = "en") -> str:
    """The 16 card faces of :mod:`officers.euler.svg` as one SVG of symbols, each ``id`` a card
    (``<svg><use href="cards-en.svg#AS"/></svg>`` draws the Ace of Spades).

    >>> sprite = cards_sprite("de")
    >>> '<symbol id="QD" viewBox="0 0 60 84">' in sprite, 'aria-label="Karo-Dame"' in sprite
    (True, True)
    """
    language: Literal["en", "de"] = "de" if lang == "de" else "en"
    symbols = "".join(
        f'<symbol id="{card.notation()}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">'
        f"{card_face(card, lang=language)}</symbol>"
        for card in ALL_CARDS
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg">{symbols}</svg>'


class Site:
    """The page and its files, read once from the package."""

    @cached_property
    def files(self) -> dict[str, bytes]:
        """Every static file by name (``eightoff/app.js`` in a folder): the package's, the two
        card sprites of Euler's Officers and the icon of every page."""
        static = resources.files("officers.serve").joinpath("static")
        found: dict[str, bytes] = {}
        for prefix, folder in [("", static), *((f"{name}/", static / name) for name in FOLDERS)]:
            for entry in folder.iterdir():
                if entry.is_file() and _suffix(entry.name) in MEDIA_TYPES:
                    found[prefix + entry.name] = entry.read_bytes()
        found["officers/cards-en.svg"] = cards_sprite("en").encode("utf-8")
        found["officers/cards-de.svg"] = cards_sprite("de").encode("utf-8")
        found["icon.svg"] = card_svg(Card.parse("AH")).encode("utf-8")
        return found

    @cached_property
    def digest(self) -> str:
        """A short hash of all the files (the folder the page names them in)."""
        hasher = hashlib.sha256()
        for name, body in sorted(self.files.items()):
            hasher.update(name.encode("utf-8") + b"\0" + body + b"\0")
        return hasher.hexdigest()[:12]

    def page_at(self, path: str) -> bytes:
        """The page at ``path`` (a key of :data:`PAGES`): the shell around its game's ``<main>``,
        with the game's title, the links to the other games and its files' folder filled in.

        >>> page = Site().page_at("/skat").decode()
        >>> "<title>Offiziersskat</title>" in page, page.count("<main>"), "{{" in page
        (True, 1, False)
        >>> print(page[page.index("<footer>") : page.index('<span class="version"')])
        <footer><p><a href="docs" data-text="api">The HTTP API</a> · <a href="./" data-text="officers">Euler's Officers</a> · <a href="eightoff" data-text="eightoff">Eight Off</a>
        """
        game = PAGES[path]
        others = [
            f'<a href="{_href(address)}" data-text="{name}">{html.escape(GAMES[name].title, quote=False)}</a>'
            for address, name in PAGES.items()
            if name != game
        ]
        text = self.files[SHELL].decode("utf-8")
        text = text.replace("{{main}}", self.files[f"{game}/main.html"].decode("utf-8").strip())
        for part in PARTS:
            text = text.replace(
                f"{{{{{part}}}}}", self.files[f"{part}.html"].decode("utf-8").strip()
            )
        for slot, value in (
            ("{{home}}", _href(path)),
            ("{{title}}", html.escape(GAMES[game].title, quote=False)),
            ("{{game}}", game),
            ("{{games}}", " ".join(others)),
            ("{{footer}}", "".join(f" · {link}" for link in others)),
            ("{{assets}}", f"static/{self.digest}"),
        ):
            text = text.replace(slot, value)
        return text.encode("utf-8")

    @cached_property
    def etag(self) -> str:
        """The page's entity tag."""
        return f'"{self.digest}"'

    def asset(self, name: str) -> tuple[bytes, str] | None:
        """A static file's bytes and content type, or ``None`` when there is no such file."""
        body = self.files.get(name)
        if body is None or name.endswith(".html"):
            return None
        return body, MEDIA_TYPES[_suffix(name)]


def site_routes(site: Site | None = None) -> list[Route]:
    """The routes of the pages: ``/``, ``/eightoff``, ``/skat`` and ``/static/DIGEST/NAME``
    (a file of :data:`MOVED` under its old name: a permanent redirect to where it is now).

    >>> [route.path for route in site_routes()]
    ['/', '/eightoff', '/skat', '/static/{digest}/{name:path}']
    """
    site = Site() if site is None else site

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        found = site.asset(name)
        if found is None and name in MOVED:
            # relative, so that it holds behind a proxy that serves the pages under a prefix
            moved = f"../{site.digest}/{MOVED[name]}"
            return RedirectResponse(moved, status_code=301, headers={"Cache-Control": PAGE_CACHE})
        if found is None:
            raise HTTPException(404, "no such file")
        body, media_type = found
        # only this version's folder may be kept for ever: a page of another version (or a
        # made-up folder) gets today's file, revalidated on every visit
        cache = ASSET_CACHE if request.path_params["digest"] == site.digest else PAGE_CACHE
        headers = {"Cache-Control": cache, "X-Content-Type-Options": "nosniff"}
        return Response(body, media_type=media_type, headers=headers)

    return [
        *(Route(path, _page(site, site.page_at(path)), methods=["GET"]) for path in PAGES),
        Route("/static/{digest}/{name:path}", static, methods=["GET"]),
    ]


def _page(site: Site, body: bytes) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint of one page: ``body``, revalidated on every visit, under the policy."""

    async def page(request: Request) -> Response:
        headers = {
            "ETag": site.etag,
            "Cache-Control": PAGE_CACHE,
            "Content-Security-Policy": POLICY,
            "X-Content-Type-Options": "nosniff",
        }
        if request.headers.get("if-none-match") == site.etag:
            return Response(status_code=304, headers=headers)
        return Response(body, media_type=MEDIA_TYPES[".html"], headers=headers)

    return page


def _href(address: str) -> str:
    """A page's address as its links name it, relative (``./``, ``skat``): the pages may be served
    under a prefix."""
    return address.lstrip("/") or "./"


def _suffix(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:] if dot > 0 else ""
