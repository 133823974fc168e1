"""Euler's Officers' page: the computer partner's level (``officers.euler.bots.LEVELS``:
beginner, club, strong, strongest) chosen in a labelled select of the new-game form, in a real
headless Chromium. The choice is a link (``partner=``); the page's ``v1/bot`` requests name the
level, and the service plays that level's bot (the same move the library's bot chooses); the
select works from the keyboard and speaks English and German; a level the link cannot have is
explained. The engine's ``bot`` operation, which plays the partner, is tested without a
browser first.

Skips and fails as the other page tests do (``tests/browser.py``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from officers.contract import handle
from officers.euler.bots import LEVELS, get_bot
from officers.euler.game import GameState
from tests.browser import Service, chromium
from tests.test_page import Table

NAMES = {  # the levels as the page names them, weakest first
    "beginner": ("Beginner", "Anfänger"),
    "club": ("Club player", "Vereinsspieler"),
    "strong": ("Strong", "Stark"),
    "strongest": ("Strongest", "Am stärksten"),
}


# --- without a browser: the engine's bot operation takes a partner's level --------------------


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_bot_operation_plays_a_partners_level_as_the_library_does(level: str) -> None:
    game = handle({"op": "new", "level": "normal", "players": 3, "seed": 11})["game"]
    for seed in range(6):  # six moves in a row, each the level's bot's own choice
        answer = handle({"op": "bot", "game": game, "bot": level, "seed": seed})
        assert answer["kind"] == "move" and answer["bot"] == level, answer
        state = GameState.parse(game)
        expected = get_bot(level).choose(state.view(), random.Random(seed))
        assert answer["move"] == expected.notation()
        game = answer["game"]["game"]


def test_an_unknown_bot_is_refused_with_the_levels_listed() -> None:
    game = handle({"op": "new", "level": "easy", "players": 2, "seed": 1})["game"]
    refused = handle({"op": "bot", "game": game, "bot": "grandmaster"})
    assert refused["kind"] == "error" and refused["code"] == "bad-input"
    assert refused["message"].startswith("unknown bot 'grandmaster'")
    assert "beginner, club, strong, strongest" in refused["message"]


# --- in a browser ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    running = Service()
    yield running.url
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def table(browser: Any, server: str) -> Iterator[Table]:
    opened = Table(browser, server)
    yield opened
    errors = opened.errors
    opened.context.close()
    assert not errors, errors


def bot_requests(table: Table) -> list[dict[str, Any]]:
    """The bodies of the page's ``v1/bot`` requests, as they are sent (a list that grows)."""
    sent: list[dict[str, Any]] = []

    def heard(request: Any) -> None:
        if request.url.endswith("/v1/bot") and request.method == "POST":
            sent.append(json.loads(request.post_data))

    table.page.on("request", heard)
    return sent


def test_the_partners_level_is_a_labelled_select_in_english_and_german(table: Table) -> None:
    table.open("?level=normal&players=2&seed=5")
    table.page.click("#setup summary")
    select = table.page.get_by_role("combobox", name="Partner's level", exact=True)
    assert select.input_value() == "beginner"  # the link names none: the weakest
    options = select.locator("option")
    assert options.all_text_contents() == [english for english, _ in NAMES.values()]
    assert options.evaluate_all("nodes => nodes.map(node => node.value)") == list(LEVELS)
    assert select.get_attribute("aria-describedby") == "partner-about"
    assert table.text("#partner-about").startswith("Beginner: plays as the rules' simple bot")
    other = table.page.get_by_role("combobox", name="Other seats", exact=True)
    assert other.input_value() == "designers"  # the service's default, as before
    # from the keyboard: a level chosen puts the computer at that level in the other seats
    select.focus()
    table.page.keyboard.press("ArrowDown")
    assert select.input_value() == "club" and other.input_value() == "partner"
    assert table.text("#partner-about").startswith("Club player: builds next to the cards")
    assert table.text("#bot-about").startswith("The computer takes the other seats")
    # the rooms' seats offer the levels too (the rooms seat a level as a bot)
    kinds = table.page.locator("#new-game [name=kind2] option[data-partner]")
    assert kinds.all_text_contents() == [f"the computer, {e}" for e, _ in NAMES.values()]
    table.page.click('[data-lang="de"]')
    table.page.wait_for_selector('html[lang="de"]')
    stufe = table.page.get_by_role("combobox", name="Spielstärke des Partners", exact=True)
    assert stufe.input_value() == "club"
    assert stufe.locator("option").all_text_contents() == [g for _, g in NAMES.values()]
    assert table.text("#partner-about").startswith("Vereinsspieler: baut neben den schon")
    assert table.text("#bot-about").startswith("Der Computer nimmt die anderen Plätze")
    assert kinds.all_text_contents() == [f"der Computer, {g}" for _, g in NAMES.values()]
    # Deal: the new game's link names the level, and so does the form of the new page
    table.page.click('[data-action="new"]')
    table.page.wait_for_url("**partner=club**")
    table.page.wait_for_selector("[data-status]")
    assert "bot=" not in table.page.url
    table.page.click("#setup summary")
    assert stufe.input_value() == "club"


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_partner_plays_at_the_level_of_the_link(table: Table, server: str, level: str) -> None:
    sent = bot_requests(table)
    table.open(f"?level=normal&players=2&seed=5&partner={level}&pace=0")
    hand = table.hand()
    table.place(hand[0], 0)  # the first card may go anywhere
    table.page.wait_for_function(
        "() => document.querySelectorAll('#board [data-card]').length === 2"
    )
    assert [body["bot"] for body in sent] == [level]  # the service is asked for that level
    english = NAMES[level][0]
    others = table.text('#others [data-player="2"]')
    assert f"(bot: level {english})" in others, others
    # the move on the board is the one the service gives that level, which is the library's bot's
    answer = handle({"op": "bot", **sent[0]})
    assert answer["bot"] == level
    assert table.text("#message").startswith("Player 2 placed ")
    played = answer["move"].split("@")
    cell = "r1c1 r1c2 r1c3 r1c4 r2c1 r2c2 r2c3 r2c4 r3c1 r3c2 r3c3 r3c4 r4c1 r4c2 r4c3 r4c4"
    assert table.cell(cell.split().index(played[1])) == played[0]
    assert f"partner={level}" in table.page.url


def test_a_link_with_a_level_the_partner_cannot_have_is_explained(table: Table) -> None:
    table.open("?players=2&partner=grandmaster")
    assert table.page.is_visible("#error") and not table.page.is_visible("#table")
    message = table.text("#error-message")
    assert message.startswith("The link is broken"), message
    assert '"grandmaster"' in message and "beginner, club, strong, strongest" in message
