"""The Eight Off page at ``/eightoff``: its files served from the package (no browser needed), and
the page played in a real headless Chromium driven by Playwright: deal 1 won by performing the
solver's moves with clicks and drags, the page's own hint followed, undo (the button and
Ctrl+Z), a refused move with its rule, a double click to the foundation, the keyboard, the
German switch, the link of a deal and its moves, a lost game's "still winnable?", a stuck game,
a broken link, and no console errors.

The browser tests skip when Playwright or Chromium is missing, unless the environment says
``OFFICERS_BROWSER_TESTS=required`` (then they fail). ``OFFICERS_CHROMIUM`` names the browser
(default ``/usr/bin/chromium``). The winning test takes the screenshot of docs/page.md
(eightoff-page.png) into its own folder (``OFFICERS_SCREENSHOTS=docs/images`` refreshes the
docs' copy).
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from officers.contract import handle
from officers.serve import create_app
from tests.browser import Service, Tab, chromium, footer, screenshot

WAIT = 30_000  # ms: the longest any step of a test waits for the page (a busy machine is slow)
MOVE = re.compile(r"^(10|[1-9a-gk])(10|[0-9a-gkh])(?:v([0-9a-f]+))?$")


# --- without a browser: the page and its files are served -------------------------------------


def get(path: str, **kwargs: Any) -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=create_app())
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get(path, **kwargs)

    return asyncio.run(go())


def test_the_page_and_its_files_are_served_from_the_package() -> None:
    page = get("/eightoff")
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["cache-control"] == "no-cache"
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert "script-src 'self';" in page.headers["content-security-policy"]
    assert get("/eightoff", headers={"if-none-match": page.headers["etag"]}).status_code == 304
    assert "<style" not in page.text and "<script>" not in page.text and " style=" not in page.text
    links = re.findall(r'(?:src|href)="(static/[0-9a-f]{12}/[^"]+)"', page.text)
    assert {link.split("/", 2)[2] for link in links} == {
        "icon.svg",
        "eightoff/style.css",
        "eightoff/app.js",
    }
    folder = links[0].split("/", 2)[1]
    seen = {"eightoff/app.js"}
    todo = ["eightoff/app.js"]
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
        # nothing is fetched from elsewhere
        assert not re.findall(r"https?://", script.text), name
    assert seen == {
        "api.js",
        "dom.js",
        "shell.js",
        "words.js",
        "eightoff/app.js",
        "eightoff/drag.js",
        "eightoff/i18n.js",
        "eightoff/link.js",
        "eightoff/moves.js",
        "eightoff/view.js",
    }
    style = get(f"/static/{folder}/eightoff/style.css")
    assert style.headers["content-type"] == "text/css; charset=utf-8" and "http" not in style.text
    assert get(f"/static/{folder}/eightoff/main.html").status_code == 404
    assert get(f"/static/{folder}/eightoff/nope.js").status_code == 404
    assert get(f"/static/{folder}/eightoff/..%2F..%2F__init__.py").status_code == 404
    # the two pages link to each other
    assert 'href="eightoff"' in get("/").text and 'href="./"' in page.text


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
    """One Eight Off page in the browser, with the console's errors collected."""

    def __init__(self, browser: Any, server: str) -> None:
        super().__init__(browser, 1000, 900, WAIT)
        self.server = server

    def open(self, query: str) -> None:
        self.page.goto(self.server + "eightoff" + query)
        self.page.wait_for_selector("#status[data-moves], #error:not([hidden])")

    def moves(self) -> int:
        return int(str(self.page.get_attribute("#status", "data-moves")))

    def status(self) -> str:
        return str(self.page.get_attribute("#status", "data-status"))

    def text(self, selector: str) -> str:
        return str(self.page.text_content(selector)).strip()

    def layout(self) -> dict[str, list[str]]:
        """The cards of each place: columns by number, cells by letter, foundations by suit."""
        found: dict[str, list[str]] = self.page.evaluate("""() => {
            const found = {};
            for (const column of document.querySelectorAll('#columns [data-place]'))
                found[column.dataset.place] = [...column.querySelectorAll('[data-card]')].map(c => c.dataset.card);
            for (const cell of document.querySelectorAll('#cells [data-place]'))
                found[cell.dataset.place] = cell.dataset.card ? [cell.dataset.card] : [];
            for (const pile of document.querySelectorAll('#foundations [data-suit]'))
                found[pile.dataset.suit] = [pile.dataset.count];
            return found;
        }""")
        return found

    def source(self, place: str, count: int | None) -> str:
        """The selector of the card that moves ``count`` cards (None: the available card)."""
        if not place.isdigit():
            return f'#cells [data-place="{place}"]'
        cards = self.layout()[place]
        return f'#columns [data-card="{cards[-(count or 1)]}"]'

    def target(self, place: str, card: str) -> str:
        if place == "h":
            return f'#foundations [data-suit="{card[1]}"]'
        if place.isdigit():
            return f'#columns [data-place="{place}"]'
        return f'#cells [data-place="{place}"]'

    def play(self, move: str, drag: bool = False) -> None:
        """Play ``move`` (the service's notation) as a player would: click the card, then its
        place; or drag the card there."""
        found = MOVE.match(move)
        assert found, move
        source, target = (("10" if part == "0" else part) for part in found.group(1, 2))
        count = int(found.group(3), 16) if found.group(3) else None
        before = self.moves()
        card_selector = self.source(source, count)
        card = str(self.page.get_attribute(card_selector, "data-card"))
        place = self.target(target, card)
        if drag:
            self.drag(card_selector, place)
        else:
            self.page.click(card_selector, position={"x": 12, "y": 6})  # its visible corner
            self.page.click(place)
        # at least the move made (with safe cards going up by themselves, more may follow at once)
        self.page.wait_for_function(
            f"() => +document.querySelector('#status').dataset.moves >= {before + 1}"
        )

    def drag(self, source: str, target: str) -> None:
        mouse = self.page.mouse
        start = self.page.locator(source).bounding_box()
        mouse.move(start["x"] + start["width"] / 2, start["y"] + 8)
        mouse.down()
        mouse.move(start["x"] + start["width"] / 2 + 12, start["y"] + 20, steps=3)
        self.page.wait_for_selector("body.dragging .ghost")
        end = self.page.locator(target).bounding_box()
        mouse.move(end["x"] + end["width"] / 2, end["y"] + min(end["height"] - 6, 30), steps=4)
        mouse.up()


@pytest.fixture
def table(browser: Any, server: str) -> Iterator[Table]:
    opened = Table(browser, server)
    yield opened
    errors = opened.errors
    opened.context.close()
    assert not errors, errors


def solution(number: int, variant: str = "eight-off") -> list[str]:
    dealt = handle({"op": "eightoff/deal", "number": number, "variant": variant})
    solved = handle({"op": "eightoff/solve", "game": dealt["game"]})
    assert solved["status"] == "solvable"
    return [str(move) for move in solved["moves"]]


@pytest.mark.slow  # a whole deal of clicks and drags; the moves one by one run by default
def test_deal_1_is_won_with_clicks_and_drags(table: Table, tmp_path: Path) -> None:
    table.open("?deal=1")
    assert table.status() == "ongoing" and table.moves() == 0
    assert table.page.url.endswith("eightoff?variant=eight-off&deal=1")
    moves = solution(1)
    for number, move in enumerate(moves):
        if number == 20:  # the hint shown, its move marked: the screenshot of docs/page.md
            table.page.click('[data-action="hint"]')
            advice = table.page.wait_for_selector("#advice[data-move]")
            assert table.page.locator("#board .hinted").count() >= 2
            assert advice.get_attribute("data-status") == "winnable"
            screenshot(table.page, tmp_path, "eightoff-page.png")
        table.play(move, drag=number % 3 == 1 or "v" in move)  # the runs by drag
    table.page.wait_for_selector('#status[data-status="won"]')
    assert table.text("#status") == f"Won in {len(moves)} moves! Every card is on its foundation."
    assert table.layout()["S"] == ["13"] and table.page.locator("#columns [data-card]").count() == 0
    assert table.page.is_disabled('[data-action="hint"]')
    table.page.click('[data-action="winnable"]')
    table.page.wait_for_selector('#advice[data-status="won"]')


def test_the_pages_hint_is_followed(table: Table) -> None:
    table.open("?variant=freecell&deal=1&microsoft=1")
    for number in range(6):
        table.page.click('[data-action="hint"]')
        advice = table.page.wait_for_selector("#advice[data-move]")
        assert advice.get_attribute("data-status") == "winnable"
        assert "can still be won" in table.text("#advice")
        # the hinted move's cards and its target are marked: click the first card, then the target
        table.page.click("#board [data-card].hinted >> nth=0")
        assert table.page.locator("#board .target.hinted:not([data-card])").count() == 1
        table.page.click("#board .target.hinted:not([data-card])")
        table.page.wait_for_selector(f'#status[data-moves="{number + 1}"]')
        assert table.page.get_attribute("#advice", "data-move") is None  # the hint is gone


FREECELL_1 = (
    "6a,6b,6h,6h,7c,76,1d,86,d8,1d,17,a1,2a,b1,82v2,5b,1h,85,38,53,d3,1d,87,8h,81,82,12v2,1h,48,"
    "41,a4,54,75v2,7a,7h,5h,2h,d2,8d,61v2,58,5h,67,b6,2b,8h,34v2,38,b3,48v2,2b,2h,dh,6d,6h,c6,"
    "26v2,2c,bh,2b,2h,dh,5d,5h,56,36v2,35,31,c1,5c,4h,35,3h,b3,53"
)
"""Microsoft's FreeCell deal 1 played by the solver up to an empty column 5 that takes one card
or two from column 1 (``15`` or ``15v2``)."""


def test_the_longest_run_goes_unless_a_card_of_it_is_chosen(table: Table) -> None:
    table.open(f"?variant=freecell&deal=1&microsoft=1&moves={FREECELL_1}")
    assert table.moves() == 75 and table.layout()["5"] == []
    column = table.layout()["1"]
    table.page.click(f'#columns [data-card="{column[-1]}"]')  # the last card: the longest run
    assert table.page.locator('#columns [data-place="5"].target').count() == 1
    table.page.click('#columns [data-place="5"]')
    table.page.wait_for_selector('#status[data-moves="76"]')
    assert table.page.url.endswith(",15v2") and table.layout()["5"] == column[-2:]
    table.page.click('[data-action="undo"]')
    table.page.wait_for_selector('#status[data-moves="75"]')
    table.page.click(f'#columns [data-card="{column[-2]}"]', position={"x": 12, "y": 6})
    assert table.page.locator("#columns .chosen").count() == 2  # the run from the chosen card
    table.drag(f'#columns [data-card="{column[-1]}"]', '#columns [data-place="5"]')
    table.page.wait_for_selector('#status[data-moves="76"]')
    assert table.layout()["5"] == column[-2:]  # dragged from its last card: the longest run too


def test_undo_restores_the_layout(table: Table) -> None:
    table.open("?deal=1")
    start = table.layout()
    table.play("4h")
    after = table.layout()
    assert after["C"] == ["1"] and after["4"][-1] == "KS"
    assert "moves=4h" in table.page.url
    table.page.click('[data-action="undo"]')
    table.page.wait_for_selector('#status[data-moves="0"]')
    assert table.layout() == start and "moves=" not in table.page.url
    assert table.page.is_disabled('[data-action="undo"]')
    table.play("4h")
    table.play("1e", drag=True)
    assert table.text("#last") == "Last move, 1e: Nine of Diamonds from column 1 to cell e."
    table.page.keyboard.press("Control+z")
    table.page.wait_for_selector('#status[data-moves="1"]')
    assert table.layout() == after and table.text("#last") == ""
    table.play("1e")
    table.page.click('[data-action="restart"]')  # back to the deal
    table.page.wait_for_selector('#status[data-moves="0"]')
    assert table.layout() == start and table.page.is_disabled('[data-action="restart"]')


def test_a_refused_move_shows_its_rule(table: Table) -> None:
    table.open("?deal=1")
    start = table.layout()
    table.page.click('#columns [data-card="9D"]')
    assert table.page.get_attribute('#columns [data-card="9D"]', "aria-pressed") == "true"
    # the legal places for 9♦ are marked: the four empty cells, no column
    assert table.page.locator("#board .target").count() == 4
    table.page.click('#columns [data-place="2"]')
    table.page.wait_for_selector('#message[data-rule="no-fit"]')
    assert table.text("#message") == (
        "cannot play 12: 9♦ does not go on 3♦: a card goes on the next higher card of its own suit (10♦)"
    )
    assert table.moves() == 0 and table.layout() == start
    table.drag('#columns [data-card="TC"]', '#foundations [data-suit="C"]')  # a drag refused too
    table.page.wait_for_selector('#message[data-rule="not-next"]')
    assert table.layout() == start and table.page.locator(".ghost").count() == 0


def test_a_double_click_sends_a_card_to_its_foundation(table: Table) -> None:
    table.open("?deal=1")
    table.page.dblclick('#columns [data-card="AC"]')
    table.page.wait_for_selector('#foundations [data-suit="C"][data-count="1"]')
    assert table.moves() == 1 and table.page.get_attribute("#message", "data-rule") is None
    assert table.page.is_disabled('[data-action="autoplay"]')  # no other card may go there yet
    table.play("1e")  # 9♦ to a cell frees A♠: then 2♠ from its cell, 3♠ and so on
    table.page.click('[data-action="autoplay"]')
    table.page.wait_for_selector('[data-action="autoplay"]:disabled')
    assert int(table.layout()["S"][0]) >= 3 and table.moves() >= 5


def test_safe_cards_go_up_by_themselves(table: Table) -> None:
    table.open("?deal=1&auto=1")
    table.page.wait_for_selector('#status[data-moves="1"]')  # A♣ went up at once
    assert table.page.is_checked("#auto") and table.layout()["C"] == ["1"]
    table.play("1e")  # frees A♠, then 2♠ from its cell, 3♠, A♥ under it ...
    table.page.wait_for_function("() => +document.querySelector('#status').dataset.moves > 3")
    table.page.wait_for_selector('[data-action="autoplay"]:disabled')  # nothing else may go up
    assert int(table.layout()["S"][0]) >= 3 and "auto=1" in table.page.url
    table.page.click('[data-action="undo"]')  # the move with the cards that went up after it
    table.page.wait_for_selector('#status[data-moves="1"]')  # back to A♣ alone
    assert table.layout()["S"] == ["0"] and table.layout()["1"][-1] == "9D"
    table.page.uncheck("#auto")
    table.page.wait_for_function("() => !location.href.includes('auto=1')")
    table.play("1e")
    assert table.layout()["S"] == ["0"]  # nothing goes up by itself now


def test_keyboard_play(table: Table) -> None:
    table.open("?deal=1")
    assert (
        table.page.get_attribute('#columns [data-card="AC"]', "aria-label")
        == "Ace of Clubs, column 4"
    )
    assert table.page.get_attribute('#cells [data-place="e"]', "aria-label") == "cell e, empty"
    keys = table.page.keyboard
    table.page.focus('#columns [data-card="3S"]')
    keys.press("ArrowRight")  # to A♣, the last card of column 4
    assert table.page.evaluate("() => document.activeElement.dataset.card") == "AC"
    keys.press("Enter")
    assert "Ace of Clubs chosen" in table.text("#status")
    keys.press("Escape")
    assert table.page.locator("#board .chosen").count() == 0
    keys.press("Enter")
    table.page.focus('#foundations [data-suit="C"]')
    keys.press("Enter")
    table.page.wait_for_selector('#foundations [data-suit="C"][data-count="1"]')
    keys.press("h")
    table.page.wait_for_selector("#advice[data-move]")
    table.page.focus('#columns [data-card="7D"]')  # the first card of column 1
    keys.press("ArrowUp")  # up to the cells
    assert table.page.evaluate("() => document.activeElement.dataset.card") == "3H"
    keys.press("ArrowRight")
    keys.press("ArrowDown")  # down to the last card of the column below
    assert table.page.evaluate("() => document.activeElement.dataset.card") == "9D"
    keys.press(" ")  # Space chooses too
    assert table.page.get_attribute('#columns [data-card="9D"]', "aria-pressed") == "true"


def test_the_german_switch(table: Table) -> None:
    table.open("?deal=1")
    table.page.click('[data-action="hint"]')
    table.page.wait_for_selector("#advice[data-move]")
    table.page.click('[data-lang="de"]')
    table.page.wait_for_function(
        "() => document.querySelector('#advice').textContent.includes('Die Partie')"
    )
    assert table.text("#advice") == "Die Partie ist noch zu gewinnen: als Nächstes 4h."
    assert table.page.get_attribute("html", "lang") == "de" and "lang=de" in table.page.url
    assert (
        table.text('[data-action="undo"]') == "Zurück"
        and table.text('[data-action="winnable"]') == "Noch zu gewinnen?"
    )
    assert (
        table.page.get_attribute('#columns [data-card="AC"]', "aria-label") == "Kreuz-Ass, Spalte 4"
    )
    assert table.text("#status") == "Du bist am Zug · noch 52 Karten"
    assert "nur ein König füllt eine leere Spalte" in table.text("#rules")
    table.page.click('#columns [data-card="9D"]')
    table.page.click('#columns [data-place="2"]')
    table.page.wait_for_selector('#message[data-rule="no-fit"]')
    assert table.text("#message").startswith(
        "Nicht erlaubt (12): Karo-Neun passt nicht auf Karo-Drei"
    )
    table.play("4h")
    assert table.text("#last") == "Letzter Zug, 4h: Kreuz-Ass aus Spalte 4 auf den Ablagestapel."
    table.page.reload()
    table.page.wait_for_selector('#status[data-moves="1"]')
    assert table.text('[data-action="hint"]') == "Tipp"  # the link keeps the language
    # the footer: the other pages in German, the package's version (not the contract's)
    shown = footer(table.page)
    assert re.fullmatch(
        r"Die HTTP-Schnittstelle · Eulers Offiziere · Offiziersskat · officers \d+\.\d+\.\d+\S*",
        shown,
    ), shown


def test_a_deal_is_a_link(table: Table) -> None:
    table.open("?variant=freecell&deal=11982&microsoft=1")
    assert table.page.input_value("#variant") == "freecell" and table.page.is_checked("#microsoft")
    assert table.page.input_value("#number") == "11982"
    assert table.page.title() == "FreeCell, deal 11982 (Microsoft)"
    dealt = handle(
        {"op": "eightoff/deal", "number": 11982, "variant": "freecell", "microsoft": True}
    )
    columns = dealt["layout"]["columns"]
    assert [table.layout()[str(n + 1)] for n in range(8)] == columns
    table.play(str(dealt["legal"][0]))
    link = table.page.url
    assert f"moves={dealt['legal'][0]}" in link
    table.page.goto(link)
    table.page.wait_for_selector('#status[data-moves="1"]')
    assert table.page.is_checked("#microsoft")
    # the form deals another game and writes its link
    table.page.select_option("#variant", "seahaven-towers")
    assert table.page.is_hidden("#microsoft-choice")  # Microsoft's numbering is FreeCell's deal
    table.page.fill("#number", "five")
    table.page.click('[data-action="deal"]')
    assert table.text("#message") == 'The deal number is a whole number from 1, not "five".'
    table.page.fill("#number", "5")
    table.page.click('[data-action="deal"]')
    table.page.wait_for_url(re.compile(r"variant=seahaven-towers&deal=5$"))
    assert table.page.locator("#columns .column").count() == 10 and table.moves() == 0
    table.page.click('[data-action="random"]')
    table.page.wait_for_url(re.compile(r"variant=seahaven-towers&deal=(?!5$)\d+$"))
    table.page.wait_for_selector('#status[data-moves="0"]')
    random = table.layout()
    table.page.reload()
    table.page.wait_for_selector('#status[data-moves="0"]')
    assert table.layout() == random


def test_a_lost_game_says_where_it_was_lost(table: Table) -> None:
    table.open("?variant=bakers-game&deal=3")
    for move in ("4d", "7a", "3b", "6c"):
        table.play(move)
    table.page.click('[data-action="winnable"]')
    advice = table.page.wait_for_selector('#advice[data-status="lost"]')
    assert advice.get_attribute("data-lost-at") == "2" and advice.get_attribute("data-undos") == "3"
    assert table.text("#advice .headline") == (
        "No longer winnable: the game was lost at move 2 (7a); undo 3 moves to win again."
    )
    assert "The game was lost at move 2, when 7a moved Q♦ to cell a" in table.text("#advice")
    table.page.click('[data-action="undo-many"]')
    table.page.wait_for_selector('#status[data-moves="1"]')
    table.page.click('[data-action="winnable"]')
    table.page.wait_for_selector('#advice[data-status="winnable"]')
    assert table.text("#advice .headline") == "Still winnable: yes."


def test_a_stuck_game_says_so(table: Table) -> None:
    table.open("?variant=seahaven-towers&deal=2&moves=1d,dc,9d,31,3h,3h,56,53,5h,b2,8b")
    assert table.status() == "lost" and table.moves() == 11
    assert table.text("#status") == (
        "Stuck: no legal move is left, and 49 cards are not on the foundations. Undo, or deal again."
    )
    assert table.page.is_disabled('[data-action="hint"]') and table.page.is_enabled(
        '[data-action="undo"]'
    )


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("?deal=abc", 'The link is broken: deal is "abc", expected a whole number from 1.'),
        (
            "?deal=1&moves=4h,zz",
            'The link is broken: moves is "4h,zz", expected moves such as 4h,1e,38v3.',
        ),
    ],
)
def test_a_broken_link_says_why(table: Table, query: str, words: str) -> None:
    table.open(query)
    assert table.page.is_visible("#error") and table.text("#error-message") == words


def test_a_link_the_service_refuses_shows_its_message(table: Table) -> None:
    table.open("?variant=no-such-game&deal=1")
    table.page.wait_for_selector("#error:not([hidden])")
    assert "no-such-game" in table.text("#error-message")
    # the browser logs the 422 answer itself; nothing else may be logged
    table.errors[:] = [e for e in table.errors if "status of 422" not in e]
