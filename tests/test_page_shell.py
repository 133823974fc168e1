"""The page shell that the three games' pages share (``officers/serve/static``: ``page.html``,
``shell.js``, ``words.js``, ``rooms.js``, ``base.css``), checked once over every page it applies
to: each page is the one shell around its game's ``<main>`` (no browser needed), and in a real
headless Chromium the language switch of every page (the header, the footer, a reload keeps
the language), the words of every page in both languages, the footer's version on every page
and on its broken link, the three pages at a desktop's and a phone's width, and a friend
joining a room through the invitation link on both pages that play in rooms.

The browser tests skip when Playwright or Chromium is missing, unless the environment says
``OFFICERS_BROWSER_TESTS=required`` (then they fail); the service and the browser are
:mod:`tests.browser`'s. Every test fails on an error in the browser's console.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any, NamedTuple

import httpx
import pytest

pytest.importorskip("starlette")

from officers.games import GAMES
from officers.serve import create_app
from tests.browser import Service, Tab, chromium, footer, outside, sideways

WAIT = 30_000  # ms: the longest any step of a test waits for the page (a busy machine is slow)
GERMAN = {"officers": "Eulers Offiziere", "eightoff": "Eight Off", "skat": "Offiziersskat"}
"""The games' names in German, as the header and the footer say them."""


class Page(NamedTuple):
    """A game's page: its ``game`` (its name in the registry, the folder of its files), its
    ``path`` (after the service's address), an ``opening`` address of a game on it and the
    element that shows once that game is ``ready``."""

    game: str
    path: str
    opening: str
    ready: str


PAGES = [
    Page("officers", "", "?level=easy&players=1&seed=5", "#status[data-status]"),
    Page("eightoff", "eightoff", "eightoff?deal=1", "#status[data-status]"),
    Page("skat", "skat", "skat", "#start:not([hidden])"),
]


# --- without a browser: one shell, three boards -----------------------------------------------


def get(path: str) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get(path)

    return asyncio.run(go())


def test_every_page_is_the_one_shell_around_its_games_board() -> None:
    static = resources.files("officers.serve").joinpath("static")

    def read(name: str) -> str:
        return static.joinpath(name).read_text(encoding="utf-8").strip()

    shells = set()
    for page in PAGES:
        text = get(f"/{page.path}").text
        title = GAMES[page.game].title
        assert f"<title>{title}</title>" in text and f'<h1 data-text="title">{title}</h1>' in text
        digest = re.findall(r"static/([0-9a-f]{12})/", text)[0]
        assert f'src="static/{digest}/{page.game}/app.js"' in text  # its own flow and look
        assert f'href="static/{digest}/{page.game}/style.css"' in text
        # its own board, the game's main.html, with the shell's parts where it places them
        board = read(f"{page.game}/main.html")
        pieces = [piece for piece in re.split(r"\{\{\w+\}\}", board) if piece.strip()]
        assert text.count("<main>") == 1 and all(piece in text for piece in pieces)
        home = page.path or "./"
        error = read("error.html").replace("{{home}}", home)
        assert text.count(error) == 1 and f'<a href="{home}" data-text="errorFresh">' in error
        invite = read("invite.html")
        assert text.count(invite) == (1 if "{{invite}}" in board else 0)
        # the header and the footer link the two other games, by their registry names
        others = [other for other in PAGES if other.game != page.game]
        links = [
            f'<a href="{other.path or "./"}" data-text="{other.game}">{GAMES[other.game].title}</a>'
            for other in others
        ]
        assert f'class="games">{" ".join(links)}</nav>' in text
        assert f'data-text="api">The HTTP API</a> · {" · ".join(links)}<span' in text
        # and the rest is the same on every page, to the letter
        for part in (*pieces, error, invite, *links, title, f"/{page.game}/"):
            text = text.replace(part, "")
        shells.add(re.sub(r"\s+", " ", text))
    assert len(shells) == 1, shells


# --- in a browser -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    running = Service({"rate": 0, "rooms_per_client": 1000})
    yield running.url
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def tabs(browser: Any) -> Iterator[list[Tab]]:
    """Pages to open, each in a browser context of its own (``Tab(browser, ...)`` appended);
    none may log an error, but those a test forgives by taking them out of ``errors``."""
    opened: list[Tab] = []
    yield opened
    errors = [error for tab in opened for error in tab.errors]
    for tab in opened:
        tab.context.close()
    assert not errors, errors


def tab(browser: Any, tabs: list[Tab], width: int = 1000) -> Any:
    """A new page (Playwright's) in a context of its own, kept in ``tabs``."""
    opened = Tab(browser, width, 860, WAIT)
    tabs.append(opened)
    return opened.page


def header(page: Any) -> dict[str, Any]:
    """What the shell's header and footer say: the game's name, the games' and the languages'
    labels, the other games' names, the language button pressed, the footer's first link."""
    said: dict[str, Any] = page.evaluate(
        """() => ({
        lang: document.documentElement.lang,
        title: document.querySelector("h1").textContent,
        games: document.querySelector("nav.games").getAttribute("aria-label"),
        languages: document.querySelector("nav.langs").getAttribute("aria-label"),
        others: [...document.querySelectorAll("nav.games a")].map((a) => a.textContent),
        footer: [...document.querySelectorAll("footer a")].map((a) => a.textContent),
        pressed: document.querySelector('[data-lang][aria-pressed="true"]').dataset.lang,
    })"""
    )
    return said


@pytest.mark.parametrize("page", PAGES, ids=[page.game for page in PAGES])
def test_the_language_switch_of_every_page(
    browser: Any, server: str, tabs: list[Tab], page: Page
) -> None:
    shown = tab(browser, tabs)
    shown.goto(server + page.opening)
    shown.wait_for_selector(page.ready)
    others = [other.game for other in PAGES if other.game != page.game]
    english = header(shown)
    assert english == {
        "lang": "en",
        "title": GAMES[page.game].title,
        "games": "Games",
        "languages": "Language",
        "others": [GAMES[other].title for other in others],
        "footer": ["The HTTP API", *(GAMES[other].title for other in others)],
        "pressed": "en",
    }
    shown.click('[data-lang="de"]')
    shown.wait_for_selector('html[lang="de"]')
    german = {
        "lang": "de",
        "title": GERMAN[page.game],
        "games": "Spiele",
        "languages": "Sprache",
        "others": [GERMAN[other] for other in others],
        "footer": ["Die HTTP-Schnittstelle", *(GERMAN[other] for other in others)],
        "pressed": "de",
    }
    assert header(shown) == german
    # the page keeps its language: in its link (a game's), or in the browser (a room's page)
    shown.reload()
    shown.wait_for_selector(page.ready)
    assert header(shown) == german
    shown.click('[data-lang="en"]')
    shown.wait_for_selector('html[lang="en"]')
    assert header(shown) == english


WORDS = """async (assets) => {
  const tables = {};
  for (const game of ["officers", "eightoff", "skat"]) {
    const { words } = await import(`${assets}/${game}/i18n.js`);
    tables[game] = [words("en"), words("de")];
  }
  const { SHELL } = await import(`${assets}/words.js`);
  tables.shell = [SHELL.en, SHELL.de];
  const flat = (table) => Object.fromEntries(Object.entries(table).flatMap(([key, value]) => (
    value && typeof value === "object"
      ? Object.entries(value).map(([inner, said]) => [`${key}.${inner}`, said])
      : [[key, value]])));
  const out = {};
  for (const [name, [en, de]] of Object.entries(tables)) {
    const [EN, DE] = [flat(en), flat(de)];
    out[name] = {
      en: Object.keys(EN).sort(),
      de: Object.keys(DE).sort(),
      kinds: Object.keys(EN).filter((key) => typeof EN[key] !== typeof DE[key]),
      same: Object.keys(EN).filter((key) => typeof EN[key] === "string" && EN[key] === DE[key]),
    };
  }
  return out;
}"""

THE_SAME_IN_GERMAN = {
    "title",  # Eight Off, Offiziersskat
    "eightoff",
    "skat",
    "normal",  # a level of Euler's Officers, a way to sort one's piles
    "sorts.normal",
    "riddle",  # Start
    "vorhand",
    "hinterhand",
    "seatH",
}
"""The words that German says as English does: names, and words both languages have."""


def test_every_word_of_every_page_is_said_in_both_languages(
    browser: Any, server: str, tabs: list[Tab]
) -> None:
    shown = tab(browser, tabs)
    shown.goto(server + "eightoff?deal=1")
    shown.wait_for_selector("#status[data-status]")
    assets = shown.evaluate(
        "() => new URL('.', document.querySelector('script[type=module]').src).href"
    )
    tables: dict[str, dict[str, list[str]]] = shown.evaluate(
        WORDS, assets.rstrip("/").rsplit("/", 1)[0]
    )
    for name, table in tables.items():
        assert table["en"] == table["de"], name  # every word in both languages
        assert table["kinds"] == [], name  # a sentence with its blanks in both
        assert set(table["same"]) <= THE_SAME_IN_GERMAN, (name, table["same"])
    for game in ("officers", "eightoff", "skat"):  # the shell's words on every page
        assert set(tables["shell"]["en"]) <= set(tables[game]["en"]), game


def _health(server: str) -> dict[str, Any]:
    """The service's health document."""
    found: dict[str, Any] = httpx.get(server + "v1/health", timeout=10).json()
    return found


@pytest.mark.parametrize(
    ("path", "ready"),
    [
        ("?level=easy&players=1&seed=5", "[data-status]"),
        ("?players=9", "#error:not([hidden])"),  # a broken link's page names the version too
        ("eightoff?deal=1", "#status[data-status]"),
        ("eightoff?deal=abc", "#error:not([hidden])"),
        ("skat", "#start:not([hidden])"),
        ("skat#room=nosuchroom", "#error:not([hidden])"),
    ],
)
def test_each_pages_footer_names_the_packages_version(
    browser: Any, server: str, tabs: list[Tab], path: str, ready: str
) -> None:
    shown = tab(browser, tabs)
    health = _health(server)
    # the package's version, not the contract's (the health document's "version")
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", health["officers"]) and health["officers"] != str(
        health["version"]
    )
    for lang in ("en", "de"):
        query = ("&" if "?" in path else "?") + f"lang={lang}"
        address = path.replace("#", query + "#", 1) if "#" in path else path + query
        shown.goto(server + address)
        shown.wait_for_selector(ready)
        said = footer(shown)
        assert said.endswith(f" · officers {health['officers']}"), said
        api = {"en": "The HTTP API", "de": "Die HTTP-Schnittstelle"}[lang]
        assert said.startswith(api + " · "), said
    errors = tabs[0].errors
    errors[:] = [e for e in errors if "status of 404" not in e]  # the room that is not


def test_without_the_version_the_footer_leaves_no_separator(
    browser: Any, server: str, tabs: list[Tab]
) -> None:
    shown = tab(browser, tabs)
    shown.route("**/v1/health", lambda route: route.fulfill(status=503, body="{}"))
    for path, ready in (
        ("?level=easy&players=1&seed=5", "[data-status]"),
        ("eightoff?deal=abc", "#error"),
        ("skat", "#start"),
    ):
        shown.goto(server + path)
        shown.wait_for_selector(ready, state="attached")
        shown.wait_for_load_state("networkidle")  # the health request answered
        said = " ".join(shown.inner_text("footer").split())
        assert not said.endswith("·") and "officers" not in said.replace("Officers", ""), (
            path,
            said,
        )
        assert shown.is_hidden("footer .version")
    errors = tabs[0].errors
    errors[:] = [e for e in errors if "status of 503" not in e]


@pytest.mark.parametrize(("width", "lang"), [(1000, "en"), (1000, "de"), (390, "en"), (390, "de")])
def test_the_pages_fit_a_desktop_and_a_phone(
    browser: Any, server: str, tabs: list[Tab], width: int, lang: str
) -> None:
    page = tab(browser, tabs, width)
    page.goto(server + f"?level=easy&players=3&seed=5&bot=designers&lang={lang}")
    page.wait_for_selector('#status[data-status="ongoing"]')
    page.click("#setup summary")
    page.wait_for_selector("#online", state="visible")
    # Play online inside New game, every field inside the form, nothing sideways
    assert outside(page, "#setup") == [] and outside(page, "#new-game") == []
    assert outside(page, "#table") == [] and not sideways(page)
    assert outside(page, "header") == [] and outside(page, "footer") == []
    page.goto(server + f"eightoff?deal=1&lang={lang}")
    page.wait_for_selector("#status[data-status]")
    assert outside(page, "#board") == [] and not sideways(page)
    assert outside(page, "header") == [] and outside(page, "footer") == []
    page.goto(server + f"skat?lang={lang}")
    page.wait_for_selector("#start:not([hidden])")
    assert outside(page, "#start") == [] and not sideways(page)
    assert outside(page, "header") == [] and outside(page, "footer") == []


# --- a room through its invitation link, on both pages that play in rooms ------------------------


def make_officers(page: Any, server: str) -> None:
    """Make a room of two people on Euler's Officers' page ("Play online" in "New game")."""
    page.goto(server + "?players=1")  # solo: no bot plays meanwhile
    page.wait_for_selector('#status[data-status="ongoing"]')
    page.click("#setup summary")
    page.select_option('#new-game [name="players"]', "2")
    page.click('[data-action="online"]')


def make_skat(page: Any, server: str) -> None:
    """Make a room of two people on the Offiziersskat page ("Play with a friend")."""
    page.goto(server + "skat")
    page.wait_for_selector("#start:not([hidden])")
    page.click('[data-action="friend"]')


ROOMS = [(PAGES[0], "officers", make_officers), (PAGES[2], "officers-skat", make_skat)]
"""Each page that plays in rooms, the prefix of the seats it keeps, and how a room is made."""


@pytest.mark.parametrize(("page", "prefix", "make"), ROOMS, ids=["officers", "skat"])
def test_a_friend_joins_a_room_through_the_invitation_link(
    browser: Any, server: str, tabs: list[Tab], page: Page, prefix: str, make: Any
) -> None:
    alice, bob, carol = (tab(browser, tabs) for _ in range(3))
    make(alice, server)
    alice.wait_for_selector("#invite:not([hidden])")
    alice.wait_for_function("() => document.querySelector('#invite-link').value !== ''")
    link = str(alice.input_value("#invite-link"))
    found = re.fullmatch(re.escape(server + page.path) + r"#room=([\w-]+)&invite=([\w-]+)", link)
    assert found, link
    room, invite = found.groups()
    address = f"{server}{page.path}#room={room}"

    def token(seat: Any) -> str:
        kept = seat.evaluate(f"() => localStorage.getItem('{prefix}-room-{room}')")
        assert isinstance(kept, str) and len(kept) > 20
        return kept

    # the maker's page holds the room alone in its address: its token is kept in the browser
    assert alice.url == address and token(alice) not in alice.url
    bob.goto(link)
    for seat in (alice, bob):  # the round starts on both pages, each with its seat, live
        seat.wait_for_selector("#invite", state="hidden")
        seat.wait_for_selector('#connection[data-mode="live"]')
        seat.wait_for_selector('#presence .presence[data-online="true"]')
    assert alice.get_attribute("#status", "data-seat") == "1"
    assert bob.get_attribute("#status", "data-seat") == "2"
    # the invitation has done its work: the address keeps the room alone, never the token
    assert bob.url == address and invite not in bob.url and token(bob) != token(alice)
    assert alice.text_content("#connection") == "live"
    bob.click('[data-lang="de"]')
    bob.wait_for_selector('html[lang="de"]')
    assert bob.text_content("#connection") == "verbunden"  # the shell's words for the feed
    bob.reload()  # the seat is kept: the same seat again, in the language kept
    bob.wait_for_selector('#connection[data-mode="live"]')
    assert bob.get_attribute("#status", "data-seat") == "2"
    assert bob.text_content("#connection") == "verbunden"
    # a browser that holds no seat, with no invitation: told why, in the shell's words
    carol.goto(address)
    carol.wait_for_selector("#error:not([hidden])")
    assert carol.text_content("#error-message") == (
        "This browser holds no seat of this room, and the link has no invitation."
    )
    # the start page offers the way back to one's game
    alice.goto(server + page.opening)
    alice.wait_for_selector("#resume:not([hidden])")
    assert alice.evaluate("() => document.querySelector('#resume-link').href") == address
