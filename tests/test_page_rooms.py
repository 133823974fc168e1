"""The Euler's Officers page at ``/`` played in rooms, in real headless Chromium contexts driven
by Playwright (each context its own browser: its own localStorage): a whole two-seat game
between two browsers through the invitation link, one of them reloading mid-game; a three-seat
room with a bot; the German words; the turn's clock (counted down on the page's own clock, a
game lost on time heard over the live connection, a late move refused); and a scan of
everything a seat's page receives (the HTTP bodies and WebSocket frames as the page gets them,
its addresses, its localStorage) for the cards of another seat's hand and for the seed of the
deal.

The moves are chosen from the game the service keeps (its store), and played by clicks; every
wait is for a condition on the page, never for a fixed time. The browser tests skip when
Playwright or Chromium is missing, unless ``OFFICERS_BROWSER_TESTS=required`` (then they fail);
the service and the browser are :mod:`tests.browser`'s. No test may leave an error in a
browser's console but the refusals the test asks for. The two browsers' game takes the
screenshot of docs/page.md (page-room.png) into its own folder
(``OFFICERS_SCREENSHOTS=docs/images`` refreshes the docs' copy).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("starlette")

from officers.core.errors import OfficersError
from officers.euler.game import GameState, Move
from officers.euler.solve import count_completions
from officers.euler.square import EMPTY
from officers.rooms.adapter import adapter
from officers.rooms.store import SQLiteStore
from tests.browser import Service, Tab, chromium, footer, outside, screenshot, sideways

WAIT = 15_000  # ms: the longest any step of a test waits for the page
CARD = re.compile(r"(?<![A-Za-z0-9_-])[AKQJ][SHDC](?![A-Za-z0-9_-])")
PLACE = re.compile(r"^([AKQJ][SHDC])@r([1-4])c([1-4])$")
LINK = re.compile(r"^http://127\.0\.0\.1:\d+/#room=([A-Za-z0-9_-]+)&invite=([A-Za-z0-9_-]+)$")


class Server(Service):
    """The service of :mod:`tests.browser`, with a look into its rooms' store."""

    def __init__(self) -> None:
        super().__init__({"rate": 0, "rooms_per_client": 1000})

    @property
    def officers(self) -> str:
        """The package's version, as the service's health document says it."""
        answer = httpx.get(self.url + "v1/health", timeout=10).json()
        assert answer["kind"] == "health" and answer["officers"] != str(answer["version"])
        return str(answer["officers"])

    def game(self, room: str) -> GameState:
        stored = SQLiteStore(self.db).get(room)
        assert stored is not None and stored.state is not None
        game: GameState = adapter("officers").load(stored.state)
        return game

    def hidden(self, room: str, seat: int) -> set[str]:
        """The cards ``seat`` (1-4) may not know now: the other seats' hands, but the cards
        that have been on the square (a card taken back was seen by all); none at the end."""
        game = self.game(room)
        if game.outcome() is not None or game.open_hands:
            return set()
        seen = {card for move in game.history for card in CARD.findall(move.notation())}
        others = {
            card.notation()
            for player, hand in enumerate(game.hands)
            if player != seat - 1
            for card in hand
        }
        return others - seen


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


class Seat(Tab):
    """The page in a browser context of its own, with the console's errors collected."""

    def __init__(self, browser: Any, server: Server) -> None:
        super().__init__(browser, 1000, 900, WAIT)
        self.server = server

    def make(
        self,
        players: int,
        kinds: dict[int, str] | None = None,
        level: str = "easy",
        tokens: str = "",
        start: str = "",
        clock: str = "",
        lang: str = "en",
    ) -> str:
        """Make a room from the form ("Play online"): ``players`` seats, people but the seats
        ``kinds`` names (seat → bot), ``tokens`` take-back tokens (empty: the level's), the
        ``start`` chosen (empty, ``ozanam`` or a riddle's grade), the ``clock``'s seconds a
        turn (empty: the level's), the page in ``lang``; the room's id once the page is in it."""
        self.page.goto(self.server.url + f"?players=1&lang={lang}")  # solo: no bot plays meanwhile
        self.page.wait_for_selector('#status[data-status="ongoing"]')
        self.page.click("#setup summary")
        self.page.select_option('#new-game [name="level"]', level)
        self.page.select_option('#new-game [name="start"]', start)
        self.page.select_option('#new-game [name="players"]', str(players))
        for seat, kind in (kinds or {}).items():
            self.page.select_option(f'#new-game [name="kind{seat}"]', kind)
        self.page.fill('#new-game [name="tokens"]', tokens)
        self.page.fill('#new-game [name="clock"]', clock)
        self.page.click('[data-action="online"]')
        self.page.wait_for_selector("#status[data-room]")
        return self.room()

    def join(self, link: str) -> None:
        self.page.goto(link)
        self.page.wait_for_selector("#status[data-room]")

    def room(self) -> str:
        found = re.fullmatch(r"http://127\.0\.0\.1:\d+/#room=([A-Za-z0-9_-]+)", self.page.url)
        assert found, self.page.url  # the address says the room alone: no query, no seed
        return found.group(1)

    def token(self) -> str:
        token = self.page.evaluate(f"() => localStorage.getItem('officers-room-{self.room()}')")
        assert isinstance(token, str) and len(token) > 20
        return token

    def status(self, name: str) -> str:
        return str(self.page.get_attribute("#status", f"data-{name}"))

    def seq(self) -> int:
        return int(self.status("seq"))

    def seat(self) -> int:
        return int(self.status("seat"))

    def text(self, selector: str) -> str:
        return str(self.page.text_content(selector)).strip()

    def hand(self) -> list[str]:
        cards: list[str] = self.page.eval_on_selector_all(
            "#hand [data-card]", "cs => cs.map(c => c.dataset.card)"
        )
        return cards

    def log(self) -> list[tuple[int, str]]:
        found: list[list[Any]] = self.page.eval_on_selector_all(
            "#log li", "items => items.map(li => [+li.dataset.seat, li.dataset.move])"
        )
        return [(seat, move) for seat, move in found]

    def wait_seq(self, seq: int) -> None:
        self.page.wait_for_function(
            f"() => +document.querySelector('#status').dataset.seq >= {seq}"
        )

    def move(self, wait: bool = True) -> str:
        """One legal move of this seat by clicks: the first placement the rules allow (a card,
        then its cell), else the first take-back (the button, then the cell); its notation,
        once the page shows the room after it (``wait``), else as soon as it is clicked."""
        self.page.wait_for_selector('#status[data-turn="mine"]')
        game = self.server.game(self.room())
        assert game.turn == self.seat() - 1
        legal = [move.notation() for move in game.legal_moves()]
        before = self.seq()
        placements = [move for move in legal if PLACE.match(move)]
        if placements:
            card, row, column = PLACE.match(placements[0]).groups()  # type: ignore[union-attr]
            self.page.click(f'#hand [data-card="{card}"]')
            self.page.wait_for_selector(f'#hand [data-card="{card}"][aria-pressed="true"]')
            move = placements[0]
        else:
            move = next(move for move in legal if move.startswith("x"))
            row, column = re.findall(r"r([1-4])c([1-4])", move)[0]
            self.page.click('[data-action="takeback"]')
            self.page.wait_for_selector('[data-action="takeback"][aria-pressed="true"]')
        cell = (int(row) - 1) * 4 + int(column) - 1
        self.page.click(f'#board [data-cell="{cell}"]')
        if wait:
            self.wait_seq(before + 1)
        return move

    def close(self) -> list[str]:
        errors = list(self.errors)
        self.context.close()
        return errors


@pytest.fixture
def seats(browser: Any, server: Server) -> Iterator[list[Seat]]:
    """Pages to open (each ``Seat(browser, server)`` appended); none may log an error but
    one: a 409 for a hint. A chosen card asks the room for its marks' hint, and the cell
    clicked next sends the move; on a busy machine the move that ends the round can reach the
    room first, and the hint is then refused (409, the round is over). The page drops that
    answer, but the browser logs every refused request."""
    opened: list[Seat] = []
    yield opened
    errors = [error for seat in opened for error in seat.close()]
    errors = [e for e in errors if not ("status of 409" in e and e.endswith("/hint]"))]
    assert not errors, errors


def movers(game: GameState) -> list[tuple[int, str]]:
    """Each move of the game with the seat (1-4) that made it, replayed from the deal."""
    replay = game.root()
    found = []
    for move in game.history:
        found.append((replay.turn + 1, move.notation()))
        replay.push(move)
    return found


def play(pages: list[Seat], moves: int | None = None) -> int:
    """Play ``moves`` moves (None: to the end), each by the seat whose turn it is, until every
    page shows it; the number of moves the people made."""
    played = 0
    room = pages[0].room()
    by_seat = {page.seat(): page for page in pages}
    while pages[0].status("room") == "playing" and (moves is None or played < moves):
        mover = by_seat[pages[0].server.game(room).turn + 1]
        mover.move()
        played += 1
        for page in pages:
            page.wait_seq(mover.seq())
    return played


def test_two_browsers_play_a_whole_game_through_the_invitation_link(
    browser: Any, server: Server, seats: list[Seat], tmp_path: Path
) -> None:
    alice, bob = Seat(browser, server), Seat(browser, server)
    seats += [alice, bob]
    room = alice.make(2)
    assert alice.status("room") == "waiting" and alice.status("status") == "waiting"
    assert alice.text("#waiting") == "Waiting for 1 more player…" == alice.text("#status")
    assert alice.text('[data-action="copy"]') == "Copy the link"
    link = alice.page.input_value("#invite-link")
    found = LINK.match(link)
    assert found and found.group(1) == room
    bob.join(link)
    bob.page.wait_for_selector('#status[data-room="playing"]')
    alice.page.wait_for_selector('#status[data-room="playing"]')  # told over the WebSocket
    assert bob.room() == room and alice.page.is_hidden("#invite")  # the invitation left the address
    assert (alice.seat(), bob.seat()) == (1, 2)
    game = server.game(room)
    assert alice.hand() == [card.notation() for card in game.hands[0]]
    assert bob.hand() == [card.notation() for card in game.hands[1]]
    assert alice.text("#status") == "Your turn: choose a card of your hand, then a cell."
    assert bob.text("#status") == "Player 1 moves …"
    # the other's hand: eight backs, no card named
    assert alice.page.locator("#others .card.back").count() == 8
    assert alice.page.locator("#others [data-open]").count() == 0
    assert alice.text("#others").startswith("Player 2: 8 cards")
    tokens = {alice.token(), bob.token()}
    assert len(tokens) == 2
    alice.page.wait_for_selector('#connection[data-mode="live"]')
    # who is at the table: each sees the other here (live), and no line for itself
    for page, other in ((alice, 2), (bob, 1)):
        page.page.wait_for_selector(f'#presence [data-seat="{other}"][data-online="true"]')
        assert page.page.locator("#presence .presence").all_inner_texts() == [
            f"Player {other} is here"
        ]
    first = alice.move()
    bob.wait_seq(alice.seq())
    # the other's move arrives, with its words
    card, row, column = PLACE.match(first).groups()  # type: ignore[union-attr]
    assert (
        bob.page.get_attribute(
            f'#board [data-cell="{(int(row) - 1) * 4 + int(column) - 1}"]', "data-card"
        )
        == card
    )
    assert bob.text("#message").startswith("Player 1 placed ")
    # a slip is refused with the service's sentence, and costs nothing
    bob.page.wait_for_selector('#status[data-turn="mine"]')
    game = server.game(room)
    legal = {move.notation() for move in game.legal_moves()}
    slip = next(
        f"{c.notation()}@r{cell // 4 + 1}c{cell % 4 + 1}"
        for c in game.hands[1]
        for cell in range(16)
        if game.square.values[cell] == EMPTY
        and f"{c.notation()}@r{cell // 4 + 1}c{cell % 4 + 1}" not in legal
    )
    with pytest.raises(OfficersError) as refused:  # the library's own sentence for it
        game.push(Move.parse(slip))
    bob.page.click(f'#hand [data-card="{slip[:2]}"]')
    bob.page.click(f'#board [data-cell="{(int(slip[4]) - 1) * 4 + int(slip[6]) - 1}"]')
    bob.page.wait_for_selector('#message[data-code="bad-input"]')
    assert bob.text("#message") == str(refused.value)
    assert slip[:2] in bob.hand() and server.game(room).history == game.history[:1]
    bob.errors[:] = [
        e for e in bob.errors if "status of 422" not in e
    ]  # the browser logs it itself
    played = 1 + play([alice, bob], 5)
    screenshot(alice.page, tmp_path, "page-room.png")
    # Bob leaves for a moment: Alice sees him away at once, and here again when he is back
    bob.page.goto("about:blank")
    alice.page.wait_for_selector('#presence [data-seat="2"][data-online="false"]')
    assert alice.text("#presence") == "Player 2 is away"
    bob.page.goto(f"{server.url}#room={room}")
    bob.page.wait_for_selector('#connection[data-mode="live"]')
    alice.page.wait_for_selector('#presence [data-seat="2"][data-online="true"]')
    # Bob reloads mid-game: his seat is found again from the token his browser keeps
    bob.page.reload()
    bob.page.wait_for_selector('#status[data-room="playing"]')
    assert bob.seat() == 2 and bob.seq() == alice.seq() and bob.token() in tokens
    assert bob.hand() == [card.notation() for card in server.game(room).hands[1]]
    bob.page.wait_for_selector(f'#log[data-count="{played}"]', state="attached")  # the events again
    assert bob.log() == alice.log()  # caught up, nothing twice
    played += play([alice, bob])
    game = server.game(room)
    outcome = game.outcome()
    assert outcome is not None and played == len(game.history)
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="over"]')
        assert page.status("status") == ("won" if outcome.won else "lost")
        page.page.wait_for_selector(f'#log[data-count="{played}"]', state="attached")
        assert page.log() == movers(game)
        assert (
            page.page.is_visible('[data-action="again"]')
            and page.text('[data-action="again"]') == "Play again"
        )
    # at the end every hand is shown: the other's cards face up
    left = game.hands[1]
    assert alice.page.locator("#others [data-open]").count() == len(left)
    # Play again: a new round in the same room, for both
    alice.page.click('[data-action="again"]')
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="playing"][data-round="2"]')
        page.page.wait_for_selector(
            '#log[data-count="0"]', state="attached"
        )  # the new round's events
        assert len(page.hand()) == 8
    assert not any(token in page.page.url for token in tokens for page in (alice, bob))


@pytest.mark.slow  # three seats and a bot, a whole game; two seats run by default
def test_a_three_seat_room_with_a_bot(browser: Any, server: Server, seats: list[Seat]) -> None:
    alice, bob = Seat(browser, server), Seat(browser, server)
    seats += [alice, bob]
    room = alice.make(3, {3: "random"})
    assert alice.text("#waiting") == "Waiting for 1 more player…"
    bob.context.add_init_script("delete window.WebSocket;")  # Bob's browser has none: he polls
    bob.join(alice.page.input_value("#invite-link"))
    bob.page.wait_for_selector('#connection[data-mode="polling"]')
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="playing"]')
    game = server.game(room)
    assert game.players == 3 and [len(hand) for hand in game.hands] == [6, 5, 5]
    carol = Seat(browser, server)  # a third person: every seat of a person is taken
    seats.append(carol)
    carol.page.goto(alice.page.input_value("#invite-link"))
    carol.page.wait_for_selector("#error:not([hidden])")
    assert carol.text("#error-message") == f"every seat of room {room} is taken"
    carol.errors[:] = [
        e for e in carol.errors if "status of 409" not in e
    ]  # the browser's own line
    assert alice.text('#others [data-player="3"]').startswith("Player 3: 5 cards (bot: random)")
    alice.page.wait_for_selector('#connection[data-mode="live"]')
    assert alice.text("#connection") == "live" and bob.text("#connection") == "polling"
    assert alice.page.locator("#others .card.back").count() == 10
    play([alice, bob], 4)  # Alice, Bob, and the bot between Bob and Alice
    game = server.game(room)
    alice.page.wait_for_selector(f'#log[data-count="{len(game.history)}"]', state="attached")
    log = alice.log()
    assert log == movers(game)
    assert any(seat == 3 for seat, _ in log)  # the bot's moves arrive as the people's do
    play([alice, bob])
    game = server.game(room)
    assert game.outcome() is not None
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="over"]')
        page.page.wait_for_selector(f'#log[data-count="{len(game.history)}"]', state="attached")


def test_a_room_starts_from_a_generated_riddle(
    browser: Any, server: Server, seats: list[Seat]
) -> None:
    """A generated riddle in the form makes a room whose round starts from a riddle of that
    grade, made on the server: its cards placed and locked, one way to finish the square; the
    seed of the deal is not that of the riddle."""
    alice = Seat(browser, server)
    seats.append(alice)
    room = alice.make(2, {2: "random"}, level="normal", start="2")
    alice.page.wait_for_selector('#status[data-room="playing"]')
    game = server.game(room)
    start = game.root().square
    placed = [cell for cell, value in enumerate(start.values) if value != EMPTY]
    assert placed and sorted(game.locked) == placed
    assert alice.page.locator("#board .cell.locked").count() == len(placed)
    assert count_completions(start, game.rules) == 1  # a riddle: one way to finish
    stored = SQLiteStore(server.db).get(room)
    assert stored is not None and stored.record["options"]["riddle"] == 2


def test_the_german_words(browser: Any, server: Server, seats: list[Seat]) -> None:
    alice, bob = Seat(browser, server), Seat(browser, server)
    seats += [alice, bob]
    alice.page.goto(server.url + "?players=1&lang=de")
    alice.page.wait_for_selector('#status[data-status="ongoing"]')
    assert alice.text("#online legend") == "Online spielen"
    assert alice.text('[data-action="online"]') == "Online spielen"
    assert alice.text('#online [data-kind="2"] option[value="human"]') == "ein Mensch"
    alice.page.click("#setup summary")
    alice.page.select_option('#new-game [name="players"]', "3")
    alice.page.click('[data-action="online"]')  # the page's language goes with it into the room
    alice.page.wait_for_selector('#status[data-room="waiting"]')
    assert alice.page.get_attribute("html", "lang") == "de"
    assert alice.text("#waiting") == "Warten auf 2 weitere Spieler …"
    assert alice.text('[data-action="copy"]') == "Link kopieren"
    assert alice.text('label[for="invite-link"]') == "Schicke diesen Link den anderen Spielern:"
    link = alice.page.input_value("#invite-link")
    bob.join(link)  # Bob's page is in English; still one seat to take
    bob.page.wait_for_selector('#status[data-room="waiting"]')
    assert bob.text("#status") == "Waiting for 1 more player…"
    alice.page.wait_for_selector('#waiting[data-missing="1"]')
    assert alice.text("#waiting") == "Warten auf 1 weiteren Spieler …"
    carol = Seat(browser, server)
    seats.append(carol)
    carol.join(link)
    for page in (alice, bob, carol):
        page.page.wait_for_selector('#status[data-room="playing"]')
    assert alice.text("#status") == "Du bist dran: wähle eine Karte deiner Hand, dann ein Feld."
    assert alice.text("#hand-label") == "Deine Karten (Platz 1)"
    assert carol.text("#status") == "Player 1 moves …"
    bob.page.click('[data-lang="de"]')
    assert bob.text("#status") == "Spieler 1 zieht …" and bob.text("#others").startswith(
        "Spieler 1: 6 Karten"
    )
    for other in (1, 3):
        bob.page.wait_for_selector(f'#presence [data-seat="{other}"][data-online="true"]')
    assert bob.page.locator("#presence .presence").all_inner_texts() == [
        "Spieler 1 ist da",
        "Spieler 3 ist da",
    ]
    alice.page.reload()  # the language is kept with the room's seat
    alice.page.wait_for_selector('#status[data-room="playing"]')
    assert (
        alice.page.get_attribute("html", "lang") == "de"
        and alice.text("#moves summary") == "Die Züge"
    )
    alice.move()
    bob.wait_seq(alice.seq())
    assert re.fullmatch(r"Spieler 1 legt \S+ auf Zeile \d, Spalte \d\.", bob.text("#message"))
    # a link without an invitation, in a browser that holds no seat, says why
    dave = Seat(browser, server)
    seats.append(dave)
    dave.page.goto(f"{server.url}#room={alice.room()}")
    dave.page.wait_for_selector("#error:not([hidden])")
    assert (
        dave.text("#error-message")
        == "This browser holds no seat of this room, and the link has no invitation."
    )
    # the way back to one's game, from the solo page
    alice.page.goto(server.url + "?players=1")
    alice.page.wait_for_selector('#status[data-status="ongoing"]')
    assert alice.page.get_attribute("#resume-link", "href") == f"./#room={_room(link)}"
    alice.page.click("#resume-link")
    alice.page.wait_for_selector('#status[data-room="playing"][data-seat="1"]')


SKEWED = "{ const real = Date.now; Date.now = () => real() + 3_600_000; }"
"""An init script: the browser's wall clock an hour ahead of the server's."""

YOUR_CLOCK = {"en": r"Your turn: (\d+) s left", "de": r"Dein Zug: noch (\d+) s"}
SEAT_CLOCK = {"en": r"Player 1's turn: (\d+) s left", "de": r"Zug von Spieler 1: noch (\d+) s"}
OUT_OF_TIME = {
    "en": "Out of time: the team loses (player 1 did not move within the turn's time).",
    "de": "Zeit abgelaufen: das Team verliert (Spieler 1 hat nicht rechtzeitig gezogen).",
}
TIMED_OUT = {"en": "Player 1 ran out of time.", "de": "Spieler 1 hat die Zeit überschritten."}


@pytest.mark.parametrize(("width", "lang"), [(1000, "en"), (1000, "de"), (390, "en"), (390, "de")])
def test_a_room_fits_a_desktop_and_a_phone_in_both_languages(
    browser: Any, server: Server, seats: list[Seat], width: int, lang: str
) -> None:
    """The table and the form fit; the form says Expert's 30 s a turn and sets another clock,
    which the page counts down on its own clock: a browser whose wall clock is an hour ahead
    still shows the seconds the server gave."""
    alice = Seat(browser, server)
    seats.append(alice)
    alice.context.add_init_script(SKEWED)
    alice.page.set_viewport_size({"width": width, "height": 900})
    alice.page.goto(server.url + f"?players=1&lang={lang}")
    alice.page.wait_for_selector('#status[data-status="ongoing"]')
    alice.page.click("#setup summary")
    alice.page.select_option('#new-game [name="players"]', "2")
    alice.page.select_option('#new-game [name="kind2"]', "designers")
    assert (
        alice.page.get_attribute('#new-game [name="clock"]', "placeholder")
        == {"en": "none (no clock)", "de": "keine (ohne Uhr)"}[lang]
    )
    alice.page.select_option('#new-game [name="level"]', "expert")
    assert (
        alice.page.get_attribute('#new-game [name="clock"]', "placeholder")
        == {"en": "30 (Expert)", "de": "30 (Experte)"}[lang]
    )
    alice.page.fill('#new-game [name="clock"]', "90")
    alice.page.click('[data-action="online"]')
    alice.page.wait_for_selector('#status[data-room="playing"][data-turn="mine"]')
    stored = SQLiteStore(server.db).get(alice.room())
    assert stored is not None and stored.record["options"]["clock"] == 90
    alice.page.wait_for_selector("#clock:not([hidden])")
    shown = re.fullmatch(YOUR_CLOCK[lang], alice.text("#clock"))
    assert (
        shown
        and 1 <= int(shown.group(1)) <= 90
        and alice.page.get_attribute("#clock", "data-seat") == "1"
    )
    first = int(str(alice.page.get_attribute("#clock", "data-left")))
    assert first > 10 and "urgent" not in str(alice.page.get_attribute("#clock", "class"))
    alice.page.wait_for_function(
        f"() => +document.querySelector('#clock').dataset.left < {first}"
    )  # it counts
    # nothing sticks out of its panel, nothing scrolls sideways: the table, the form
    assert outside(alice.page, "#table") == [] and not sideways(alice.page)
    alice.page.click("#setup summary")
    alice.page.wait_for_selector("#online", state="visible")
    assert outside(alice.page, "#setup") == [] and outside(alice.page, "#new-game") == []
    assert not sideways(alice.page)
    bot = {"en": "bot: designers", "de": "Bot: Simulation"}[lang]
    assert alice.text('#others [data-player="2"]').endswith(f"({bot})")
    assert footer(alice.page).endswith(f"· officers {server.officers}")


CLOCKS = """() => {
  // every change of the turn's clock as the page shows it, kept for the test to read
  window.clocks = [];
  new MutationObserver(() => {
    const node = document.querySelector("#clock");
    if (!node || node.hidden || !node.dataset.left) return;
    const seen = { text: node.textContent, left: +node.dataset.left, urgent: node.classList.contains("urgent") };
    const last = window.clocks[window.clocks.length - 1];
    if (!last || last.text !== seen.text || last.urgent !== seen.urgent) window.clocks.push(seen);
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}"""


def _keeping(frames: list[str]) -> Any:
    """A listener of a page's WebSockets that keeps every frame it receives in ``frames``
    (Playwright wants a Python function, not a bound built-in such as ``list.append``)."""

    def keep(frame: str) -> None:
        frames.append(frame)

    return lambda websocket: websocket.on("framereceived", keep)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_turn_runs_out_and_the_live_connection_brings_the_loss(
    browser: Any, server: Server, seats: list[Seat], lang: str
) -> None:
    """A room with a clock of 3 s a turn, and nobody moves: seat 1's page counts its turn down,
    urgent, and the server ends the game on time with nobody's request; both pages hear it over
    their WebSocket and say it, one in ``lang``, the other in the other language."""
    other = "de" if lang == "en" else "en"
    alice, bob = Seat(browser, server), Seat(browser, server)
    seats += [alice, bob]
    bob.context.add_init_script(
        f"try {{ localStorage.setItem('officers-lang', '{other}'); }} catch {{}}"
    )
    frames: dict[int, list[str]] = {1: [], 2: []}
    moves: list[str] = []
    for number, page in ((1, alice), (2, bob)):
        page.context.add_init_script(f"({CLOCKS})()")
        page.page.on("websocket", _keeping(frames[number]))
        page.page.on(
            "request", lambda sent: moves.append(sent.url) if sent.url.endswith("/move") else None
        )
    room = alice.make(2, clock="3", lang=lang)
    alice.page.wait_for_selector('#connection[data-mode="live"]')
    bob.join(alice.page.input_value("#invite-link"))  # the deal: seat 1's 3 s begin
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="over"]', timeout=60_000)
    game = server.game(room)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "out of time" and outcome.player == 0
    assert [move.notation() for move in game.history] == ["timeout"] and moves == []  # nobody moved
    for number, page, said in ((1, alice, lang), (2, bob, other)):
        assert page.status("status") == "lost" and page.text("#status") == OUT_OF_TIME[said]
        assert page.page.is_hidden("#clock") and page.page.is_visible('[data-action="again"]')
        page.page.wait_for_selector('#log[data-count="1"]', state="attached")
        assert page.log() == [(1, "timeout")]
        assert page.text("#log li").startswith(TIMED_OUT[said])
        # the end came over the live connection, unasked
        heard = [json.loads(frame) for frame in frames[number] if isinstance(frame, str)]
        ends = [
            event
            for update in heard
            for event in update.get("events", [])
            if event["type"] == "ended"
        ]
        assert [event["outcome"]["reason"] for event in ends] == ["out of time"], heard
    assert bob.text("#message") == TIMED_OUT[other]  # the other's end, in words
    # seat 1's page counted its turn down from at most 3 s, urgent all along (the last 10 s)
    counted = alice.page.evaluate("() => window.clocks")
    assert counted and all(re.fullmatch(YOUR_CLOCK[lang], seen["text"]) for seen in counted), (
        counted
    )
    lefts = [seen["left"] for seen in counted]
    assert (
        lefts == sorted(lefts, reverse=True)
        and 1 <= lefts[0] <= 3
        and all(seen["urgent"] for seen in counted)
    )
    for seen in bob.page.evaluate("() => window.clocks"):  # the other seat's page, if in time
        assert re.fullmatch(SEAT_CLOCK[other], seen["text"]) and seen["left"] <= 3, seen


@pytest.mark.slow  # it waits out a turn of 10 s; the turns that run out run by default
def test_a_move_that_arrives_after_the_turn_is_refused_as_late(
    browser: Any, server: Server, seats: list[Seat]
) -> None:
    """A move clicked in time but held on its way (the test holds the request until the server's
    clock has ended the turn): the server refuses it as late, and the page shows its sentence
    as it shows any refusal; the game stays lost on time."""
    alice, bob = Seat(browser, server), Seat(browser, server)
    seats += [alice, bob]
    room = alice.make(2, clock="10")
    bob.join(alice.page.input_value("#invite-link"))
    alice.page.wait_for_selector('#status[data-room="playing"][data-turn="mine"]')
    held: list[str] = []

    def hold(route: Any) -> None:
        held.append(route.request.url)
        waited = time.monotonic() + 60
        while (stored := SQLiteStore(server.db).get(room)) is None or stored.record[
            "status"
        ] != "over":
            assert time.monotonic() < waited, "the server did not end the turn"
            time.sleep(0.1)
        route.continue_()

    alice.page.route("**/v1/rooms/*/move", hold)
    played = alice.move(wait=False)
    alice.page.wait_for_selector('#message[data-rule="late"]', timeout=90_000)
    assert held and alice.page.get_attribute("#message", "data-code") == "conflict"
    assert re.fullmatch(
        r"too late: the turn of seat 1 ended at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ and the game is lost "
        r"on time \(fetch the events and the state\)",
        alice.text("#message"),
    ), alice.text("#message")
    game = server.game(room)
    assert [move.notation() for move in game.history] == ["timeout"] and played != "timeout"
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="over"][data-status="lost"]')
        assert page.text("#status") == OUT_OF_TIME["en"]
    alice.errors[:] = [
        e for e in alice.errors if "status of 409" not in e
    ]  # the browser's own line


def _room(link: str) -> str:
    found = LINK.match(link)
    assert found
    return found.group(1)


def test_nothing_a_seat_receives_holds_another_seats_cards(
    browser: Any, server: Server, seats: list[Seat]
) -> None:
    alice, bob = Seat(browser, server), Seat(browser, server)
    seats += [alice, bob]
    received: dict[int, list[tuple[str, Any, set[str], bool]]] = {1: [], 2: []}
    addresses: dict[int, list[str]] = {1: [], 2: []}
    state: dict[str, Any] = {"room": None}
    unread: list[tuple[int, str, str]] = []

    def watch(page: Seat, seat: int) -> None:
        def now() -> tuple[set[str], bool]:
            room = state["room"]
            if room is None or SQLiteStore(server.db).get(room).state is None:  # type: ignore[union-attr]
                return set(), False
            return server.hidden(room, seat), server.game(room).outcome() is None

        def response(answer: Any) -> None:
            if "/v1/" in answer.url:
                hidden = now()  # what the seat may not know as the answer arrives
                try:
                    body = answer.text()  # read at once: a reload takes the bodies away
                except Exception as error:  # kept, to be checked below
                    unread.append((seat, answer.url, str(error)))
                    body = None
                received[seat].append(("response", body, *hidden))

        def frames(websocket: Any) -> None:
            websocket.on(
                "framereceived", lambda payload: received[seat].append(("frame", payload, *now()))
            )

        page.page.on("response", response)
        page.page.on("websocket", frames)
        page.page.on("request", lambda sent: addresses[seat].append(sent.url))
        page.page.on("framenavigated", lambda frame: addresses[seat].append(frame.url))

    watch(alice, 1)
    watch(bob, 2)
    state["room"] = alice.make(2, level="normal")
    assert alice.status("room") == "waiting"
    bob.join(alice.page.input_value("#invite-link"))
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="playing"]')
    room = alice.room()
    seed = str(server.game(room).seed)
    for page in (alice, bob):
        page.page.wait_for_selector('#connection[data-mode="live"]')
    play([alice, bob], 6)
    stored = {
        1: alice.page.evaluate("() => JSON.stringify(localStorage)"),
        2: bob.page.evaluate("() => JSON.stringify(localStorage)"),
    }
    for seat, kept in stored.items():
        assert not set(CARD.findall(kept)) & server.hidden(room, seat) and seed not in kept
    bob.page.reload()  # a reload: the state again, the events after the last one seen
    bob.page.wait_for_selector('#connection[data-mode="live"]')
    play([alice, bob])
    assert server.game(room).outcome() is not None
    leaks = []
    for seat in (1, 2):
        frames = 0
        for what, item, hidden, running in received[seat]:
            text = public_of_hint(item)
            frames += what == "frame"
            leaks += [(seat, what, card) for card in CARD.findall(str(text)) if card in hidden]
            if running:
                leaks += [(seat, what, "seed")] if seed in str(text) else []
        assert frames >= 3 and len(received[seat]) > 10
        assert sum(bool(hidden) for _, _, hidden, _ in received[seat]) > 5  # something to look for
        # from the room's first address on (Alice made it from a solo game, whose link is its seed)
        start = next(n for n, address in enumerate(addresses[seat]) if "#room=" in address)
        seen = [address for address in addresses[seat][start:] if address.startswith("http")]
        assert seen and not any(seed in address or "seed=" in address for address in seen)
        assert not any(CARD.search(address.split("#", 1)[-1]) for address in seen if "#" in address)
    assert not leaks, leaks
    # every answer was read, but perhaps the room's making (the page starts again in the room at
    # once, and may take its body away before it is read; as the timing goes), made before any
    # deal: the room waited for Bob
    unread_paths = [(seat, url.rsplit("/", 2)[-2:]) for seat, url, _ in unread]
    assert unread_paths in ([], [(1, ["v1", "rooms"])]), unread
    tokens = {alice.token(), bob.token()}
    assert not any(
        token in address for token in tokens for seat in (1, 2) for address in addresses[seat]
    )
    # the scan sees what it looks for: Bob's own hand was in what Bob received
    first = json.dumps([item for what, item, _, _ in received[2] if what == "frame"])
    assert CARD.search(first)


def public_of_hint(body: Any) -> Any:
    """What the scan looks at of a body: a room's hint (the marks of the chosen card ask for it)
    names the cards not yet placed, which are public as one set (every card neither on the
    square nor in the seat's hand), in its ``view.others`` and in its reasons about the square;
    who holds which is not in it, which tests/test_rooms_aids.py shows by dealing the other
    hands again and finding the hint the same to the byte. So a hint is left out of this scan
    (its ``others`` in the order of the cards, not of their holders); any other body as it was."""
    try:
        data = json.loads(body)
    except (TypeError, ValueError):
        return body
    if not isinstance(data, dict) or data.get("kind") != "hint":
        return body
    others = data["view"]["others"]
    assert others == sorted(others, key=lambda card: ("AKQJ".index(card[0]), "SHDC".index(card[1])))
    return ""


def test_take_backs_spend_the_tokens_the_room_was_given(
    browser: Any, server: Server, seats: list[Seat]
) -> None:
    alice, bob = Seat(browser, server), Seat(browser, server)
    seats += [alice, bob]
    room = alice.make(2, tokens="1")
    bob.join(alice.page.input_value("#invite-link"))
    for page in (alice, bob):
        page.page.wait_for_selector('#status[data-room="playing"]')
        assert page.page.get_attribute("#tokens", "data-tokens") == "1"
    assert alice.page.is_disabled('[data-action="takeback"]')  # nothing on the square yet
    alice.move()
    bob.wait_seq(alice.seq())
    played = bob.move()
    alice.wait_seq(bob.seq())
    card, row, column = PLACE.match(played).groups()  # type: ignore[union-attr]
    cell = (int(row) - 1) * 4 + int(column) - 1
    alice.page.click('[data-action="takeback"]')
    said = alice.text("#status")  # what may be taken back, said: the cards on the square
    assert said.startswith(
        "Choose the card to take back (Esc cancels). You may take back the card on "
    )
    assert f"row {row}, column {column}" in said and said.count("row ") == 2
    alice.page.keyboard.press("Escape")  # Esc cancels, T chooses it again
    alice.page.wait_for_selector('[data-action="takeback"][aria-pressed="false"]')
    alice.page.keyboard.press("t")
    alice.page.click(f'#board [data-cell="{cell}"]')
    for page in (alice, bob):
        page.page.wait_for_selector('#tokens[data-tokens="0"]')
        assert page.page.get_attribute(f'#board [data-cell="{cell}"]', "data-card") is None
    game = server.game(room)
    assert game.tokens == 0 and game.history[-1].notation() == f"x{played}"
    assert (
        bob.text("#message") == f"Player 1 took back {_name(card)} from row {row}, column {column}."
    )
    assert card in [held.notation() for held in game.hands[0]]  # into the taker's hand
    assert card in alice.hand() and card not in bob.hand()
    bob.move()
    alice.wait_seq(bob.seq())
    alice.page.wait_for_selector('#status[data-turn="mine"]')
    assert alice.page.is_disabled('[data-action="takeback"]')  # no token left


def _name(card: str) -> str:
    ranks = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
    suits = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
    return f"{ranks[card[0]]} of {suits[card[1]]}"


def test_a_hint_and_a_german_refusal_in_a_room(
    browser: Any, server: Server, seats: list[Seat]
) -> None:
    from officers.contract import answer

    alice = Seat(browser, server)
    seats.append(alice)
    alice.page.goto(server.url + "?players=1&lang=de")
    alice.page.wait_for_selector('#status[data-status="ongoing"]')
    alice.page.click("#setup summary")
    alice.page.select_option('#new-game [name="level"]', "easy")
    alice.page.select_option('#new-game [name="players"]', "2")
    alice.page.select_option('#new-game [name="kind2"]', "random")
    alice.page.click('[data-action="online"]')
    alice.page.wait_for_selector('#status[data-room="playing"][data-turn="mine"]')
    room = alice.room()
    assert alice.page.is_visible("#learn") and alice.page.is_checked("#aids")
    # no English word in the German room: the bot's name, the connection
    assert alice.text('#others [data-player="2"]') == "Spieler 2: 8 Karten (Bot: zufällig)"
    alice.page.wait_for_selector('#connection[data-mode="live"]')
    assert alice.text("#connection") == "verbunden"
    alice.move()  # Alice, then the bot: two cards on the square
    alice.page.wait_for_selector('#status[data-turn="mine"]')
    game = server.game(room)
    # the hint, from the room, as the stateless door gives it for Alice's view
    alice.page.click('[data-action="hint"]')
    alice.page.wait_for_selector("#advice[data-hint-action]")
    expected = answer("hint", {"game": game.notation(0), "player": 1, "lang": "de"})[
        "recommendation"
    ]
    assert alice.page.get_attribute("#advice", "data-hint-action") == expected["action"]
    assert alice.text("#advice .recommendation") == expected["text"]["de"]
    if expected["action"] == "place":
        assert alice.page.get_attribute("#hand .card.hinted", "data-card") == expected["card"]
        assert alice.page.get_attribute("#board .cell.hinted", "data-cell") == str(expected["cell"])
    # the "alive?" check of the public square
    alice.page.click('[data-action="alive"]')
    alice.page.wait_for_selector("#advice[data-alive]")
    square = game.square.notation()
    alive = answer("explain", {"square": square, "diagonals": game.rules.diagonals})["completable"]
    assert alice.page.get_attribute("#advice", "data-alive") == ("yes" if alive else "no")
    # a placement the rules refuse, by clicks: refused in German, with its rule
    legal = {move.notation() for move in game.legal_moves()}
    refused = next(
        f"{card.notation()}@r{cell // 4 + 1}c{cell % 4 + 1}"
        for card in game.hand(0)
        for cell in range(16)
        if game.square.values[cell] == EMPTY
        and f"{card.notation()}@r{cell // 4 + 1}c{cell % 4 + 1}" not in legal
    )
    rule, sentence = adapter("officers").refusal(game, refused, "de")  # type: ignore[attr-defined]
    before = alice.seq()
    card, row, column = PLACE.match(refused).groups()  # type: ignore[union-attr]
    alice.page.click(f'#hand [data-card="{card}"]')
    alice.page.wait_for_selector(f'#hand [data-card="{card}"][aria-pressed="true"]')
    alice.page.click(f'#board [data-cell="{(int(row) - 1) * 4 + int(column) - 1}"]')
    alice.page.wait_for_selector("#message[data-rule]")
    assert alice.page.get_attribute("#message", "data-code") == "bad-input"
    assert alice.page.get_attribute("#message", "data-rule") == rule
    assert alice.text("#message") == sentence and sentence.startswith("Nicht erlaubt")
    assert alice.seq() == before and len(server.game(room).history) == len(game.history)
    alice.errors[:] = [
        e for e in alice.errors if "status of 422" not in e
    ]  # the browser's own line
