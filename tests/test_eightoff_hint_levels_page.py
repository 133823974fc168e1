"""The Eight Off page's hint level (``#hint-level``: only whether it can be won, a nudge, the
next move, the whole plan) in a real headless Chromium: each level's hint tells what it says and
no more, the choice is kept in ``localStorage``, "still winnable?" never tells more than the
level, and the choice's words switch to German.

Skips and fails as the other page tests do (``tests/browser.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import Service, chromium
from tests.test_page_eightoff import Table

KEY = "officers-eightoff-hint-level"


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


def hint(table: Table, level: str) -> Any:
    """Choose ``level``, ask for a hint, and answer the advice once it is the level's."""
    table.page.select_option("#hint-level", level)
    table.page.click('[data-action="hint"]')
    return table.page.wait_for_selector(f'#advice[data-kind="hint"][data-level="{level}"]')


def test_the_default_level_is_the_next_move_and_the_choice_is_kept(table: Table) -> None:
    table.open("?deal=1")
    level = table.page.get_by_role("combobox", name="Hints tell")
    assert level.input_value() == "move"
    assert [option.strip() for option in level.locator("option").all_inner_texts()] == [
        "Only whether it can be won",
        "A nudge: where to look",
        "The next move",
        "The whole plan",
    ]
    assert "next move of a win" in table.text("#hint-level-about")
    table.page.click('[data-action="hint"]')
    advice = table.page.wait_for_selector("#advice[data-move]")
    assert advice.get_attribute("data-level") == "move"
    assert table.text("#advice") == "The game can still be won: play 4h next."
    # a lower level chosen: the advice shown (which told more) is gone, and the choice is kept
    table.page.select_option("#hint-level", "nudge")
    table.page.wait_for_function("() => !document.querySelector('#advice').dataset.kind")
    assert table.page.evaluate(f"() => localStorage.getItem('{KEY}')") == "nudge"
    table.page.reload()
    table.page.wait_for_selector("#status[data-moves]")
    assert table.page.input_value("#hint-level") == "nudge"


def test_the_nudge_marks_the_pile_and_not_the_move(table: Table) -> None:
    table.open("?deal=1")
    advice = hint(table, "nudge")
    assert advice.get_attribute("data-look") == "4" and advice.get_attribute("data-move") is None
    assert table.text("#advice") == "The game can still be won: look at column 4."
    assert "4h" not in table.text("#advice")
    # the pile is marked, no card of it and no target
    assert table.page.locator('#columns [data-place="4"].hinted').count() == 1
    assert table.page.locator("#board [data-card].hinted").count() == 0
    assert table.page.locator("#foundations .hinted").count() == 0


def test_winnable_tells_only_that(table: Table) -> None:
    table.open("?variant=bakers-game&deal=3")
    advice = hint(table, "winnable")
    assert table.text("#advice") == "The game can still be won."
    assert advice.get_attribute("data-look") is None and advice.get_attribute("data-move") is None
    assert table.page.locator("#board .hinted").count() == 0
    for move in ("4d", "7a", "3b", "6c"):
        table.play(move)
    # "still winnable?" at this level: no, without where it was lost
    table.page.click('[data-action="winnable"]')
    advice = table.page.wait_for_selector('#advice[data-kind="winnable"][data-status="lost"]')
    assert table.text("#advice .headline") == "No longer winnable."
    assert advice.get_attribute("data-lost-at") is None
    assert table.page.locator('[data-action="undo-many"]').count() == 0


def test_still_winnable_tells_no_move_at_any_level(table: Table) -> None:
    table.open("?variant=bakers-game&deal=3")
    table.page.select_option("#hint-level", "plan")
    table.page.click('[data-action="winnable"]')
    advice = table.page.wait_for_selector('#advice[data-kind="winnable"]')
    assert table.text("#advice") == "Still winnable: yes."
    assert advice.get_attribute("data-move") is None
    for move in ("4d", "7a", "3b", "6c"):
        table.play(move)
    table.page.click('[data-action="winnable"]')
    table.page.wait_for_selector('#advice[data-kind="winnable"][data-status="lost"]')
    said = table.text("#advice .said")
    assert said.startswith("The game was lost at move 2, when 7a moved Q♦ to cell a")
    assert "1a" not in said.split()  # the move that wins instead is a hint's, not this answer's


def test_the_whole_plan(table: Table) -> None:
    table.open("?deal=1")
    advice = hint(table, "plan")
    assert advice.get_attribute("data-move") == "4h"
    text = table.text("#advice")
    assert text.startswith("The game can still be won in ") and " moves: 4h " in text
    count = int(text.split(" moves:")[0].rsplit(" ", 1)[1])
    assert len(text.split(": ", 1)[1].rstrip(".").split()) == count
    assert table.page.locator("#board [data-card].hinted").count() >= 1  # its first move marked


def test_the_levels_in_german(table: Table) -> None:
    table.open("?deal=1")
    hint(table, "nudge")
    table.page.click('[data-lang="de"]')
    table.page.wait_for_function(
        "() => document.querySelector('#advice').textContent.includes('Die Partie')"
    )
    assert table.text("#advice") == "Die Partie ist noch zu gewinnen: schau dir Spalte 4 an."
    level = table.page.get_by_role("combobox", name="Tipps verraten")
    assert level.locator("option:checked").inner_text().strip() == "Einen Wink: wohin schauen"
    assert table.text("#hint-level-about").startswith("Ein Tipp zeigt den Stapel")
