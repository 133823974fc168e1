"""Euler's Officers' page at ``/``: its files served from the package (its own in
``static/officers/``, the files of 0.3 sent on to where they are now; no browser needed), and
the page played in a real headless Chromium driven by Playwright: a solo game won by following
the page's own hints, a slip refused with its message, a take-back spending a token, games lost
by being stuck and on the clock, a slow answer marked busy, the German switch, a record
replayed, broken links explained, no console errors. What the three pages share (the header,
the footer, the language, a room's invitation) is tested once over all of them in
:mod:`tests.test_page_shell`.

The browser tests skip when Playwright or Chromium is missing, unless the environment says
``OFFICERS_BROWSER_TESTS=required`` (then they fail). ``OFFICERS_CHROMIUM`` names the browser
(default ``/usr/bin/chromium``, Debian's package); the service and the browser are
:mod:`tests.browser`'s. The winning test takes the screenshot of docs/page.md (page.png) into
its own folder (``OFFICERS_SCREENSHOTS=docs/images`` refreshes the docs' copy).
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

import httpx
import pytest

from officers.serve import create_app
from officers.serve.site import MOVED
from tests.browser import Service, Tab, chromium, screenshot

WAIT = 30_000  # ms: the longest any step of a test waits for the page (a busy machine is slow)


# --- without a browser: the page and its files are served -------------------------------------


def get(path: str, **kwargs: Any) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get(path, **kwargs)

    return asyncio.run(go())


def test_the_page_and_its_files_are_served_from_the_package() -> None:
    page = get("/")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["cache-control"] == "no-cache"
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "script-src 'self';" in page.headers["content-security-policy"]
    assert get("/", headers={"if-none-match": page.headers["etag"]}).status_code == 304
    assert "<style" not in page.text and "<script>" not in page.text and " style=" not in page.text
    links = re.findall(r'(?:src|href)="(static/[0-9a-f]{12}/[^"]+)"', page.text)
    # the game's own files in its folder, named as the game is in the registry
    assert {link.split("/", 2)[2] for link in links} == {
        "icon.svg",
        "officers/style.css",
        "officers/app.js",
    }
    folder = links[0].split("/", 2)[1]
    seen = {"officers/app.js"}
    todo = ["officers/app.js"]
    while todo:  # every module the page imports, found from the imports themselves
        name = todo.pop()
        script = get(f"/static/{folder}/{name}")
        assert script.status_code == 200, name
        assert script.headers["content-type"] == "text/javascript; charset=utf-8"
        assert "immutable" in script.headers["cache-control"]
        for imported in re.findall(r'from "(\.\.?/[a-z0-9]+\.js)"', script.text):
            resolved = os.path.normpath(os.path.join(os.path.dirname(name), imported))
            if resolved not in seen:
                seen.add(resolved)
                todo.append(resolved)
        # nothing is fetched from elsewhere: the only address is the SVG namespace
        assert set(re.findall(r"https?://[^\s\"'`]+", script.text)) <= {
            "http://www.w3.org/2000/svg"
        }, name
    # the shell, the room client and what the pages draw alike: shared with the other pages
    assert {"api.js", "dom.js", "rooms.js", "shell.js", "words.js"} <= seen
    assert {"officers/i18n.js", "officers/link.js", "officers/view.js"} <= seen
    other = get("/static/000000000000/officers/app.js")  # another version's: not kept for ever
    assert other.status_code == 200 and other.headers["cache-control"] == "no-cache"
    style = get(f"/static/{folder}/officers/style.css")
    assert style.headers["content-type"] == "text/css; charset=utf-8" and "http" not in style.text
    for lang, name in (("en", "Ace of Spades"), ("de", "Pik-Ass")):
        sprite = get(f"/static/{folder}/officers/cards-{lang}.svg")
        assert sprite.headers["content-type"] == "image/svg+xml"
        assert sprite.text.count("<symbol ") == 16 and f'aria-label="{name}"' in sprite.text
    for html in ("page.html", "officers/main.html"):  # the page's parts: only the page is served
        assert get(f"/static/{folder}/{html}").status_code == 404
    assert get(f"/static/{folder}/officers/nope.js").status_code == 404
    assert get(f"/static/{folder}/..%2F__init__.py").status_code == 404
    assert get(f"/static/{folder}/officers/..%2F..%2F__init__.py").status_code == 404


@pytest.mark.parametrize("name", sorted(MOVED))
def test_the_files_of_0_3_are_sent_on_to_where_they_are_now(name: str) -> None:
    """Until 0.4 the page's own files stood at the top of ``static``: an address of one of them
    (another version's folder, as a page or a link of then named it) is sent on, and what it
    leads to is the file of today."""
    moved = get(f"/static/0123456789ab/{name}")
    assert moved.status_code == 301 and moved.headers["cache-control"] == "no-cache"
    digest = re.findall(r'src="static/([0-9a-f]{12})/', get("/").text)[0]
    assert moved.headers["location"] == f"../{digest}/officers/{name}"
    target = get(f"/static/0123456789ab/{name}", follow_redirects=True)
    assert str(target.url) == f"http://test/static/{digest}/officers/{name}"
    assert target.status_code == 200 and "immutable" in target.headers["cache-control"]
    assert target.content == get(f"/static/{digest}/officers/{name}").content
    assert "content-security-policy" in moved.headers  # every answer carries the policy


# --- in a browser ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The service on a free port of this machine, in a thread, for the module."""
    running = Service()
    yield running.url
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


class Table(Tab):
    """One page of the game in the browser, with the console's errors collected."""

    def __init__(self, browser: Any, server: str) -> None:
        super().__init__(browser, 1000, 860, WAIT)
        self.server = server

    def open(self, query: str) -> None:
        self.page.goto(self.server + query)
        self.page.wait_for_selector("[data-status], #error:not([hidden])")

    def status(self) -> str:
        return str(self.page.get_attribute("[data-status]", "data-status"))

    def text(self, selector: str) -> str:
        return str(self.page.text_content(selector)).strip()

    def hand(self) -> list[str]:
        return [
            str(card)
            for card in self.page.eval_on_selector_all(
                "#hand [data-card]", "cards => cards.map(card => card.dataset.card)"
            )
        ]

    def cell(self, cell: int) -> str | None:
        value = self.page.get_attribute(f'#board [data-cell="{cell}"]', "data-card")
        return None if value is None else str(value)

    def place(self, card: str, cell: int) -> None:
        self.page.click(f'#hand [data-card="{card}"]')
        self.page.click(f'#board [data-cell="{cell}"]')

    def tokens(self) -> int:
        return int(str(self.page.get_attribute("#tokens", "data-tokens")))


@pytest.fixture
def table(browser: Any, server: str) -> Iterator[Table]:
    opened = Table(browser, server)
    yield opened
    errors = opened.errors
    opened.context.close()
    assert not errors, errors


def test_a_solo_game_on_easy_is_won_by_following_the_pages_hints(
    table: Table, tmp_path: Path
) -> None:
    table.open("?level=easy&players=1&seed=5")
    assert table.status() == "ongoing" and len(table.hand()) == 16
    page = table.page
    for turn in range(16):
        page.click('[data-action="hint"]')
        advice = page.wait_for_selector("#advice[data-hint-card]")
        assert advice.get_attribute("data-hint-action") == "place"
        card, cell = (
            advice.get_attribute("data-hint-card"),
            int(str(advice.get_attribute("data-hint-cell"))),
        )
        page.click(f'#hand [data-card="{card}"]')
        # the chosen card's safe cells are marked, the recommended one among them
        page.wait_for_selector(f'#board [data-cell="{cell}"].safe')
        if turn == 5:
            screenshot(page, tmp_path, "page.png")
        page.click(f'#board [data-cell="{cell}"]')
        page.wait_for_selector(f'#board [data-cell="{cell}"][data-card="{card}"]')
    page.wait_for_selector('[data-status="won"]')
    assert "Won" in table.text("#status") and table.hand() == []
    assert page.is_disabled('[data-action="alive"]')  # nothing left to check under an empty hand
    page.wait_for_function(
        "() => document.querySelector('#record-text').textContent.includes('16. ')"
    )
    record = table.text("#record-text")
    assert '[Result "won"]' in record and record.endswith("won")


def test_a_slip_is_refused_with_its_message_and_bots_take_their_turns(table: Table) -> None:
    table.open("?level=normal&players=2&seed=5&bot=exact&pace=0")
    hand = table.hand()
    table.place(hand[0], 0)  # the first card may go anywhere
    table.page.wait_for_selector(f'#board [data-cell="0"][data-card="{hand[0]}"]')
    table.page.wait_for_function(
        "() => document.querySelectorAll('#board [data-card]').length === 2"
    )
    assert table.status() == "ongoing" and table.text("#message").startswith("Player 2 placed ")
    same_rank = next(c for c in table.hand() if c[0] == hand[0][0] or c[1] == hand[0][1])
    table.place(same_rank, 1)
    table.page.wait_for_function(
        "() => document.querySelector('#message').textContent.startsWith('Slip')"
    )
    message = table.text("#message")
    assert "cannot go on row 1, column 2" in message and "already stands in row 1" in message, (
        message
    )
    assert table.cell(1) is None and same_rank in table.hand() and table.tokens() == 1


def test_a_take_back_spends_a_token(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5")
    assert table.tokens() == 3
    table.place("AS", 0)
    table.page.wait_for_selector('#board [data-cell="0"][data-card="AS"]')
    table.page.keyboard.press("t")  # the key, or the button
    table.page.click('#board [data-cell="0"]')
    table.page.wait_for_selector('#tokens[data-tokens="2"]')
    assert table.cell(0) is None and "AS" in table.hand()
    table.page.wait_for_function(
        "() => document.querySelector('#record-text').textContent.includes('xAS@r1c1')"
    )
    assert "moves=AS%40r1c1%2CxAS%40r1c1" in table.page.url  # the game is a link


def test_a_dead_square_is_explained_and_repaired_by_the_hint(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5&moves=KD@r2c2,QH@r2c4,QC@r3c3,QS@r4c1")
    table.page.click('[data-action="alive"]')
    table.page.wait_for_selector('#advice[data-alive="no"]')
    assert "Q♦ fits on no empty cell" in table.text("#advice")
    repairs = table.page.eval_on_selector_all(
        "#board .cell.repair", "cells => cells.map(c => +c.dataset.cell)"
    )
    assert sorted(repairs) == [5, 10, 12]  # a single take-back of any of them revives it
    table.page.click('[data-action="hint"]')
    advice = table.page.wait_for_selector("#advice[data-hint-action]")
    assert advice.get_attribute("data-hint-action") == "take-back"
    cell = int(str(advice.get_attribute("data-hint-cell")))
    assert cell in repairs
    table.page.click('[data-action="takeback"]')
    table.page.click(f'#board [data-cell="{cell}"]')
    table.page.wait_for_selector('#tokens[data-tokens="2"]')
    table.page.click('[data-action="alive"]')
    table.page.wait_for_selector('#advice[data-alive="yes"]')
    table.page.click("#learn summary")
    table.page.uncheck("#aids")  # the learning aids can be switched off
    assert table.page.is_hidden('[data-action="hint"]') and table.page.is_hidden("#advice")


def test_hot_seat_with_keep_free_coins(table: Table) -> None:
    table.open("?level=easy&players=2&seed=5&bot=none&coins=1")
    assert table.hand() == [] and "Player 1: show my cards" in table.text("#hand")
    table.page.click('[data-action="reveal"]')
    table.page.wait_for_selector("#hand [data-card]")
    hand = table.hand()
    table.page.click('[data-action="coin"]')
    table.page.click('#board [data-cell="15"]')
    table.place(hand[0], 0)
    # The pending coin is drawn at once; the move is made when the link and the seat change.
    table.page.wait_for_function(
        "() => location.href.includes('%2Br4c4')"
        " && document.querySelector('#hand').textContent.includes('Player 2: show my cards')"
    )
    assert table.page.locator('#board [data-cell="15"] .coin').count() == 1
    table.page.click('[data-action="reveal"]')
    table.page.wait_for_selector("#hand [data-card]")
    assert not set(table.hand()) & set(hand)


def test_keyboard_play(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5")
    keys = table.page.keyboard
    table.page.focus('#hand [data-card="AS"]')
    keys.press("ArrowRight")
    keys.press("Enter")  # chooses the focused card, A♥
    assert table.page.get_attribute('#hand [data-card="AH"]', "aria-pressed") == "true"
    table.page.focus('#board [data-cell="0"]')
    for key in ("ArrowRight", "ArrowDown", "Enter"):  # row 2, column 2
        keys.press(key)
    table.page.wait_for_selector('#board [data-cell="5"][data-card="AH"]')
    assert table.page.evaluate("() => document.activeElement.dataset.cell") == "5"
    keys.press("Escape")
    assert table.status() == "ongoing" and "AH" not in table.hand()


def test_a_game_lost_on_the_experts_clock_is_shown_as_lost(table: Table) -> None:
    table.open("?level=expert&players=1&seed=5&clock=1")
    assert table.page.locator("#board .diagonals").count() == 1
    assert table.page.locator("#board .cell.diagonal").count() == 8
    assert table.page.is_visible("#clock")
    table.page.wait_for_selector('[data-status="lost"]')
    assert "ran out of time" in table.text("#status")
    assert table.page.is_disabled('[data-action="takeback"]')


def test_a_game_lost_by_being_stuck_is_shown_as_the_rules_say(table: Table) -> None:
    # no token, and after A♥ on row 1, column 3 none of K♥, A♠, Q♦ fits any empty cell
    table.open("?setup=" + quote_plus("3JC/KDACJSQH/QCJD1KS/JHQSKCAD normal 0 1 ASAHKHQD - - 13"))
    assert table.status() == "ongoing" and table.tokens() == 0
    table.page.click('[data-action="takeback"]')
    assert table.text("#message") == "No take-back token is left."
    table.place("AH", 2)
    table.page.wait_for_selector('[data-status="lost"]')
    # the rules: "You lose when a player is stuck and no take-back token is left."
    assert table.text("#status") == "Lost: player 1 is stuck and no take-back token is left."
    assert table.cell(2) == "AH" and sorted(table.hand()) == ["AS", "KH", "QD"]
    assert table.page.is_disabled('[data-action="hint"]') and table.page.is_disabled(
        '[data-action="takeback"]'
    )
    assert table.page.is_disabled('[data-action="alive"]')
    assert table.page.is_disabled('#hand [data-card="AS"]')
    table.page.wait_for_function(
        "() => document.querySelector('#record-text').textContent.endsWith('lost')"
    )


WON_IN_15 = (
    "AS@r1c1,KH@r1c2,QD@r1c3,JC@r1c4,KD@r2c1,AC@r2c2,JS@r2c3,QH@r2c4,"
    "QC@r3c1,JD@r3c2,AH@r3c3,KS@r3c4,JH@r4c1,QS@r4c2,KC@r4c3"
)
"""The hints' game of Easy, solo, seed 5, but for its last card (A♦ on row 4, column 4)."""


def test_the_alive_check_is_there_while_the_game_is(table: Table) -> None:
    table.open(f"?level=easy&players=1&seed=5&moves={WON_IN_15}")
    assert table.page.is_enabled('[data-action="alive"]') and table.hand() == ["AD"]
    table.page.click('[data-action="alive"]')
    table.page.wait_for_selector('#advice[data-alive="yes"]')
    table.place("AD", 15)
    table.page.wait_for_selector('[data-status="won"]')
    assert table.page.is_disabled('[data-action="alive"]') and table.hand() == []
    assert table.page.locator("#advice[data-alive]").count() == 0  # the old answer is gone too


def test_play_again_after_a_win_deals_anew_with_the_same_settings(table: Table) -> None:
    table.open(f"?level=easy&players=1&seed=5&moves={WON_IN_15}&lang=de")
    assert table.page.is_hidden('[data-action="again"]')  # not while the game goes on
    table.place("AD", 15)
    table.page.wait_for_selector('[data-status="won"]')
    again = table.page.locator('[data-action="again"]')
    assert again.is_visible() and again.is_enabled() and again.text_content() == "Neues Spiel"
    assert table.page.is_hidden("#setup form")  # the form stays folded: the button is the way
    table.page.click('[data-lang="en"]')
    assert again.text_content() == "Play again"
    again.click()
    table.page.wait_for_url(re.compile(r"seed=(?!5&)\d+"))
    table.page.wait_for_selector('[data-status="ongoing"]')
    query = table.page.url.split("?", 1)[1]
    assert "level=easy" in query and "players=1" in query and "moves=" not in query
    assert len(table.hand()) == 16 and table.page.is_hidden('[data-action="again"]')


def test_play_again_after_a_loss_starts_the_same_setup_again(table: Table) -> None:
    setup = "3JC/KDACJSQH/QCJD1KS/JHQSKCAD normal 0 1 ASAHKHQD - - 13"
    table.open("?setup=" + quote_plus(setup))
    table.place("AH", 2)
    table.page.wait_for_selector('[data-status="lost"]')
    table.page.click('[data-action="again"]')
    table.page.wait_for_url(re.compile(r"^(?!.*moves=).*setup="))
    table.page.wait_for_selector('[data-status="ongoing"]')
    assert table.cell(2) is None and sorted(table.hand()) == ["AH", "AS", "KH", "QD"]


def _legend(table: Table) -> dict[str, str]:
    """The legend's lines shown, by the mark each explains."""
    shown = table.page.eval_on_selector_all(
        "#legend:not([hidden]) li:not([hidden])",
        "items => items.map(item => [item.dataset.mark, item.textContent.trim()])",
    )
    return {str(mark): str(text) for mark, text in shown}


def test_the_marks_on_the_square_have_a_legend(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5&moves=AS@r1c1,KH@r1c2")
    assert table.page.is_hidden("#legend") and _legend(table) == {}  # no mark, no legend
    table.page.click('#hand [data-card="QD"]')  # Q♦ has safe cells and deadly ones here
    table.page.wait_for_selector("#board .cell.safe")
    table.page.wait_for_selector("#board .cell.deadly")
    assert _legend(table) == {
        "safe": "safe: the square can still be finished (the number: in how many ways)",
        "deadly": "deadly: the square could no longer be finished",
    }
    swatches = table.page.eval_on_selector_all(
        "#legend .swatch", "items => items.map(item => getComputedStyle(item).boxShadow)"
    )
    shadow = "cell => getComputedStyle(cell).boxShadow"
    cells = [table.page.eval_on_selector(f"#board .cell.{m}", shadow) for m in ("safe", "deadly")]
    assert swatches[:2] == cells  # drawn as the marks on the square are
    table.page.click('[data-lang="de"]')
    table.page.wait_for_selector('html[lang="de"]')
    assert _legend(table) == {
        "safe": "sicher: das Quadrat lässt sich noch fertigstellen (die Zahl: auf wie viele Arten)",
        "deadly": "tödlich: das Quadrat ließe sich nicht mehr fertigstellen",
    }
    assert table.page.get_attribute("#legend", "aria-label") == "Was die Markierungen bedeuten"
    table.page.keyboard.press("Escape")  # the card put down: no marks, no legend
    table.page.wait_for_selector("#legend[hidden]", state="attached")


def test_the_repairs_on_the_square_have_a_legend(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5&moves=KD@r2c2,QH@r2c4,QC@r3c3,QS@r4c1")
    table.page.click('[data-action="alive"]')
    table.page.wait_for_selector('#advice[data-alive="no"]')
    assert _legend(table) == {"repair": "taking this card back revives the square"}


def test_the_docs_page_has_an_icon_of_its_own(table: Table) -> None:
    icons = {}
    for path, ready in (("docs", "form"), ("?level=easy&players=1&seed=5", "[data-status]")):
        table.page.goto(table.server + path)
        table.page.wait_for_selector(ready)
        icon = icons[path] = str(table.page.get_attribute('link[rel="icon"]', "href"))
        # the icon decodes as an image where the page's policy lets it load
        size = table.page.evaluate(
            """async (href) => {
                const image = new Image();
                image.src = href;
                await image.decode();
                return [image.naturalWidth, image.naturalHeight];
            }""",
            icon,
        )
        assert size == [60, 84], (path, size)
        table.page.wait_for_timeout(1000)  # time for a missing /favicon.ico to be logged
    assert icons["docs"].startswith("data:image/svg+xml,")  # in the page: no route to ask
    assert icons["?level=easy&players=1&seed=5"].startswith("static/")  # among the game's files
    assert table.errors == []  # no 404 of /favicon.ico on either page


SLOW_SERVICE = """
(() => {  // new games and hints answer 0.4 s late (as a generated riddle may), and every
  // element marked busy, and the loading line shown, is noted
  const fetch_ = window.fetch.bind(window);
  window.fetch = (url, options) => (/v1\\/(new|hint)$/.test(String(url))
    ? new Promise((resolve) => setTimeout(resolve, 400)).then(() => fetch_(url, options))
    : fetch_(url, options));
  window.busySeen = [];
  new MutationObserver((changes) => {
    for (const { target } of changes) {
      if (target.getAttribute("aria-busy") === "true" || (target.id === "loading" && !target.hidden)) {
        window.busySeen.push(target.id);
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-busy", "hidden"] });
})();
"""

PLACES = "() => ['#board', '#status', '#hand'].map(s => JSON.stringify(document.querySelector(s).getBoundingClientRect()))"


def test_a_slow_answer_is_shown_quietly(table: Table) -> None:
    table.page.add_init_script(SLOW_SERVICE)
    table.open("?level=easy&players=1&seed=5&start=2")  # a generated riddle of grade 2
    assert {"loading", "board", "status"} <= set(table.page.evaluate("window.busySeen"))
    assert table.page.locator("[aria-busy]").count() == 0 and table.page.is_hidden("#loading")
    before = table.page.evaluate(PLACES)
    table.page.click('[data-action="hint"]')
    table.page.wait_for_selector('#board[aria-busy="true"]')
    assert table.page.get_attribute("#status", "aria-busy") == "true"
    assert table.page.evaluate(PLACES) == before  # nothing moves while it waits
    table.page.wait_for_selector("#advice[data-hint-card]")
    table.page.wait_for_selector("#board:not([aria-busy])")
    assert table.page.locator("[aria-busy]").count() == 0 and table.page.evaluate(PLACES) == before


def test_the_german_switch(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5")
    assert table.text("#bot-about").startswith("The bot of the rules' simulation")
    table.page.click('[data-lang="de"]')
    table.page.wait_for_selector('html[lang="de"]')
    assert table.text('[data-action="hint"]') == "Tipp"
    assert (
        table.page.get_attribute("nav.langs", "aria-label") == "Sprache"
    )  # for screen readers too
    assert table.text("#status").startswith("Du bist dran")
    assert (
        table.page.get_attribute('#board [data-cell="0"]', "aria-label")
        == "Zeile 1, Spalte 1, leer"
    )
    assert table.page.get_attribute('#hand [data-card="QD"]', "aria-label") == "Karo-Dame"
    table.page.click('[data-action="hint"]')
    table.page.wait_for_selector("#advice[data-hint-card]")
    assert table.text("#advice .recommendation").startswith("Lege ")
    table.place("AS", 0)
    table.page.wait_for_selector('#board [data-cell="0"][data-card="AS"]')
    table.place("AH", 1)
    table.page.wait_for_function(
        "() => document.querySelector('#message').textContent.startsWith('Nicht erlaubt')"
    )
    assert "ein Ass steht schon in Zeile 1" in table.text("#message")
    assert "lang=de" in table.page.url
    # the bots' descriptions come from the service (v1/bots with lang) in the page's language
    table.page.wait_for_function(
        "() => document.querySelector('#bot-about').textContent.trim().startsWith('Der Bot')"
    )
    assert table.text("#bot-about").startswith("Der Bot der Simulation aus den Regeln")
    exact = table.page.get_attribute('#new-game [name=bot] option[value="exact"]', "title")
    assert str(exact).startswith("Ein perfekter Spieler")
    # the bots by German names in the form, each bot the service lists
    shown = table.page.eval_on_selector_all(
        "#new-game select option[data-bot]", "options => options.map(o => [o.value, o.textContent])"
    )
    assert len(shown) == 5 * len(_bots(table.server)) and all(
        name != text for name, text in shown
    ), shown
    assert dict(shown)["random"] == "zufällig" and dict(shown)["designers"] == "Simulation"
    table.page.click('[data-lang="en"]')
    table.page.wait_for_selector('html[lang="en"]')
    assert table.text('#new-game [name=bot] option[value="exact"]') == "exact"


def _bots(server: str) -> list[str]:
    """The names of the bots the service lists."""
    listed = httpx.post(server + "v1/bots", json={}, timeout=10).json()
    return [str(bot["name"]) for bot in listed["bots"]]


def test_a_new_game_from_the_form_is_a_link(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5")
    table.page.click("#setup summary")
    table.page.select_option("#new-game [name=level]", "hard")
    table.page.select_option("#new-game [name=players]", "3")
    table.page.select_option("#new-game [name=start]", "ozanam")
    table.page.fill("#new-game [name=seed]", "42")
    table.page.click('[data-action="new"]')
    table.page.wait_for_url("**level=hard**")
    table.page.wait_for_selector("[data-status]")
    table.page.wait_for_selector("#board .cell.locked")  # the new game's start is drawn
    assert "players=3" in table.page.url and "seed=42" in table.page.url
    assert table.tokens() == 0 and table.page.locator("#board .cell.locked").count() == 4
    first = table.hand()
    table.open(table.page.url.split("/", 3)[3])  # the same link, the same deal
    assert table.hand() == first and len(first) == 4


def test_a_record_is_replayed(table: Table) -> None:
    table.open("?level=easy&players=1&seed=5&moves=AS@r1c1,KH@r2c2,xr1c1")
    assert table.cell(5) == "KH" and table.tokens() == 2
    record = table.text("#record-text")
    table.open("?level=normal&players=2&seed=1")
    table.page.click("#records summary")
    table.page.fill("#replay-input", record)
    table.page.click('[data-action="replay"]')
    table.page.wait_for_selector("#replay:not([hidden])")
    assert table.text("#replay-at") == "3 / 3" and table.cell(5) == "KH"
    table.page.click('[data-action="back"]')
    table.page.wait_for_selector('#board [data-cell="0"][data-card="AS"]')
    table.page.click('[data-action="first"]')
    table.page.wait_for_function(
        "() => document.querySelectorAll('#board [data-card]').length === 0"
    )
    table.page.click('[data-action="forward"]')
    table.page.click('[data-action="playon"]')
    table.page.wait_for_selector("#replay[hidden]", state="attached")
    assert table.status() == "ongoing" and table.cell(0) == "AS" and "AS" not in table.hand()


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("?level=legendary&players=2", ["level", "legendary", "easy, normal, hard, expert"]),
        ("?players=9", ["players", "9", "1-4"]),
        ("?level=easy&moves=AS@r9c9", ["moves", "AS@r9c9"]),
        ("?players=2&bot=wizard", ["bot", "wizard", "designers", "none"]),
    ],
)
def test_a_bad_game_link_shows_a_clear_error(table: Table, query: str, words: list[str]) -> None:
    table.open(query)
    assert table.page.is_visible("#error") and not table.page.is_visible("#table")
    message = table.text("#error-message")
    assert message.startswith("The link is broken") and all(word in message for word in words), (
        message
    )
    assert table.page.locator("[data-status]").count() == 0
    assert table.page.is_visible('[data-action="new"]')  # the way out: a new game


def test_a_link_the_service_refuses_shows_its_message(table: Table) -> None:
    table.open("?setup=4/4/4/4+normal+1+1+ASKS+-+-+1")
    assert table.page.is_visible("#error")
    assert "are neither in the square nor in a hand" in table.text("#error-message")
    # the browser logs the 422 answer itself; nothing else may be logged
    table.errors[:] = [e for e in table.errors if "status of 422" not in e]
