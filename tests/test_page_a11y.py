"""The pages as a screen reader, a keyboard and an AI co-player meet them.

An independent player that reads only the accessibility tree (:mod:`tests.aria_player`: the ARIA
snapshot, acting by role and accessible name) joins a room by its invitation link and plays
whole games of each game that has rooms, Euler's Officers and Offiziersskat, in English and in
German, against a person in a second browser context (who uses the page's test hooks and the
server's store); and it makes an Offiziersskat room itself, reads the invitation link from its
text box, and plays as Vorhand, the game's choice first, against the person it invited; two of
them take two seats of one room of Euler's Officers by the same link. On the way, axe-core
(``axe-playwright-python``, which bundles it) finds no violation of impact "serious" or
"critical" in any state: the invitation, a room waiting, a room playing, mid-game, the end. The pages without a room are looked at too: each game's new game,
mid-game and end, a broken link, in both languages. And each game is played by the keyboard
alone, with a visible focus on every element the keys reach (its computed outline, 3:1 against
its ground).

Skips (or fails under ``OFFICERS_BROWSER_TESTS=required``) as the other page tests do; axe's
checks skip when ``axe-playwright-python`` is missing.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
import urllib.request
from collections.abc import Iterator
from contextlib import closing
from functools import partial
from typing import Any
from urllib.parse import quote_plus

import pytest

pytest.importorskip("starlette")

from officers.contract import handle
from officers.euler.game import GameState
from officers.rooms.adapter import adapter
from officers.rooms.store import SQLiteStore
from officers.skat import SkatGame
from tests.aria_player import AriaPlayer, Node
from tests.browser import REQUIRED, Service, Tab, chromium

WAIT = 30_000  # ms: the longest any step waits for the page (a busy machine is slow)
PLACE = re.compile(r"^([AKQJ][SHDC])@r([1-4])c([1-4])$")
LINK = re.compile(r"^http://127\.0\.0\.1:\d+/(skat)?#room=[A-Za-z0-9_-]+&invite=[A-Za-z0-9_-]+$")

RANKS = {"A": ("Ace", "Ass"), "K": ("King", "König"), "Q": ("Queen", "Dame"), "J": ("Jack", "Bube")}
RANKS |= {
    "T": ("Ten", "Zehn"),
    "9": ("Nine", "Neun"),
    "8": ("Eight", "Acht"),
    "7": ("Seven", "Sieben"),
}
SUITS = {
    "S": ("Spades", "Pik"),
    "H": ("Hearts", "Herz"),
    "D": ("Diamonds", "Karo"),
    "C": ("Clubs", "Kreuz"),
}


def card_name(card: str, lang: str) -> str:
    """A card's name as a person says it: "Queen of Hearts", "Herz-Dame"."""
    rank, suit = RANKS[card[0]], SUITS[card[1]]
    return f"{suit[1]}-{rank[1]}" if lang == "de" else f"{rank[0]} of {suit[0]}"


class Server(Service):
    """The service of :mod:`tests.browser`, with a look into its rooms' store."""

    def __init__(self) -> None:
        super().__init__({"rate": 0, "rooms_per_client": 1000})

    def officers(self, room: str) -> GameState:
        stored = SQLiteStore(self.db).get(room)
        assert stored is not None and stored.state is not None
        game: GameState = adapter("officers").load(stored.state)
        return game

    def skat(self, room: str) -> SkatGame:
        stored = SQLiteStore(self.db).get(room)
        assert stored is not None and stored.state is not None
        game: SkatGame = adapter("skat").load(stored.state)
        return game


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    running = Server()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def tabs() -> Iterator[list[Tab]]:
    """The browser contexts a test opens; none may have logged an error."""
    opened: list[Tab] = []
    yield opened
    # axe-core sets inline styles as it measures (its colour contrast), which the pages'
    # Content-Security-Policy refuses, and the browser says so: those lines are axe's, not
    # the pages' (the pages' own tests find none)
    errors = [
        error
        for tab in opened
        for error in tab.errors
        if not error.startswith(
            "Applying inline style violates the following Content Security Policy"
        )
    ]
    for tab in opened:
        tab.context.close()
    assert not errors, errors


def axe_serious(page: Any, where: str) -> list[str]:
    """The violations of impact "serious" or "critical" that axe-core finds on ``page`` now,
    each said with its rule and elements (``where`` names the page and state)."""
    try:
        from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
    except ImportError:
        if REQUIRED:
            pytest.fail("axe-playwright-python is not installed (OFFICERS_BROWSER_TESTS=required)")
        return []
    # no preload: axe would fetch the style sheets again to read them, and an @import's
    # address from the page's, not the sheet's (a 404 the console would show)
    options = {"resultTypes": ["violations"], "preload": False}
    found = Axe().run(page, options=options).response["violations"]
    return [
        f"{where}: {v['impact']} {v['id']} ({v['help']}) at {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


FOCUS = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  const rgb = (colour) => (colour.match(/[\\d.]+/g) || []).map(Number);
  const light = ([r, g, b]) => [r, g, b].map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  let ground = node.parentElement; // the colour the ring is drawn on: the first ground not clear
  while (ground && (rgb(getComputedStyle(ground).backgroundColor)[3] ?? 1) === 0) ground = ground.parentElement;
  const under = ground ? rgb(getComputedStyle(ground).backgroundColor) : [255, 255, 255];
  const style = getComputedStyle(node);
  const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
  const [a, b] = [light(rgb(style.outlineColor)), light(under)];
  const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  return { name: node.getAttribute("aria-label") || node.textContent.trim().slice(0, 40),
           visible: node.matches(":focus-visible") && outline && contrast >= 3,
           outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} on ${under}, ${contrast.toFixed(1)}:1` };
}"""


def focused(page: Any) -> dict[str, Any]:
    """The element the keyboard's focus is on, with whether its focus is visible: under
    ``:focus-visible``, a computed outline of 2 px or more whose colour stands out from the
    ground it is drawn on (the first ancestor's background that is not clear) by 3:1 or more,
    the contrast WCAG asks of the parts of a control."""
    found = page.evaluate(FOCUS)
    assert found is not None, "the focus is on nothing"
    assert found["visible"], f"the focus on {found['name']!r} is not visible: {found['outline']}"
    return dict(found)


def tab_to(page: Any, test: str, most: int = 80) -> dict[str, Any]:
    """Press Tab until the focused element matches the script ``test`` (of the element,
    ``node``), each element on the way with a visible focus; the element reached."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement === document.body"):
            continue  # past the last element, before the first
        found = focused(page)
        if page.evaluate(
            f"() => {{ const node = document.activeElement; return Boolean({test}); }}"
        ):
            return found
    raise AssertionError(f"Tab never reached {test}")


# --- Euler's Officers -----------------------------------------------------------------------------


class Person(Tab):
    """The person who makes the room and plays through the page's hooks (the moves chosen
    from the server's game)."""

    def __init__(self, browser: Any, server: Server) -> None:
        super().__init__(browser, 1000, 900, WAIT)
        self.server = server
        self.room = ""

    def seq(self) -> int:
        return int(str(self.page.get_attribute("#status", "data-seq")))

    def make_officers(self, lang: str, players: int = 2) -> str:
        """Make a room of ``players`` people from the form; the invitation link."""
        self.page.goto(self.server.url + f"?players=1&lang={lang}")
        self.page.wait_for_selector('#status[data-status="ongoing"]')
        self.page.click("#setup summary")
        self.page.select_option('#new-game [name="players"]', str(players))
        self.page.click('[data-action="online"]')
        self.page.wait_for_selector('#status[data-room="waiting"]')
        self.room = self.page.url.split("#room=")[1]
        link = str(self.page.input_value("#invite-link"))
        assert LINK.match(link), link
        return link

    def officers_move(self) -> str:
        """One legal move by clicks: the first placement, else the first take-back."""
        self.page.wait_for_selector('#status[data-turn="mine"]')
        legal = [move.notation() for move in self.server.officers(self.room).legal_moves()]
        before = self.seq()
        placements = [move for move in legal if PLACE.match(move)]
        if placements:
            card, row, column = PLACE.match(placements[0]).groups()  # type: ignore[union-attr]
            self.page.click(f'#hand [data-card="{card}"]')
            move = placements[0]
        else:
            move = next(move for move in legal if move.startswith("x"))
            row, column = re.findall(r"r([1-4])c([1-4])", move)[0]
            self.page.click('[data-action="takeback"]')
        self.page.click(f'#board [data-cell="{(int(row) - 1) * 4 + int(column) - 1}"]')
        self.page.wait_for_function(
            f"() => +document.querySelector('#status').dataset.seq > {before}"
        )
        return move

    def make_skat(self, lang: str) -> str:
        self.page.goto(self.server.url + f"skat?lang={lang}")
        self.page.click('[data-action="friend"]')
        self.page.wait_for_selector('#status[data-status="waiting"]')
        self.room = self.page.url.split("#room=")[1]
        link = str(self.page.input_value("#invite-link"))
        assert LINK.match(link), link
        return link

    def skat_move(self) -> str:
        self.page.wait_for_selector('#status[data-turn="mine"]')
        before = self.seq()
        if self.page.get_attribute("#status", "data-phase") == "choose":
            button = self.page.locator("#choose button:enabled").first
            move = str(button.get_attribute("data-game"))
        else:
            button = self.page.locator("#my-piles button[data-card]:enabled").first
            move = f"{button.get_attribute('data-card')}@{button.get_attribute('data-pile')}"
        button.click()
        self.page.wait_for_function(
            f"() => +document.querySelector('#status').dataset.seq > {before}"
        )
        return move


SAID = {
    "officers": {
        "en": {
            "turn": "Your turn",
            "stuck": "you must take back",
            "placed": "Player 1 placed ",
            "won": "Won!",
            "lost": "Lost:",
        },
        "de": {
            "turn": "Du bist dran",
            "stuck": "du musst zurücknehmen",
            "placed": "Spieler 1 legt ",
            "won": "Gewonnen!",
            "lost": "Verloren:",
        },
    },
    "skat": {
        "en": {
            "turn": "Your turn: play a face-up card. You may play ",
            "played": "The other player played ",
            "won": "You win with",
            "lost": "You lose:",
        },
        "de": {
            "turn": "Du bist am Zug: spiele eine offene Karte. Du darfst spielen: ",
            "played": "Die Gegenperson spielt ",
            "won": "Gewonnen mit",
            "lost": "Verloren:",
        },
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_aria_player_plays_euler_officers_through_the_invitation_link(
    browser: Any, server: Server, tabs: list[Tab], lang: str
) -> None:
    person = Person(browser, server)
    other = Tab(browser, 1000, 900, WAIT)
    tabs += [person, other]
    link = person.make_officers(lang)
    problems = axe_serious(person.page, f"officers room waiting, the invitation ({lang})")
    player = AriaPlayer(other.page, "officers", lang)
    first = player.join(link)
    assert first == ("Player 1 moves …" if lang == "en" else "Spieler 1 zieht …")
    person.page.wait_for_selector('#status[data-room="playing"]')
    problems += axe_serious(other.page, f"officers room playing, the invited page ({lang})")
    problems += axe_serious(person.page, f"officers room playing, the maker's page ({lang})")
    said = SAID["officers"][lang]
    heard_moves = 0
    last = ""
    while server.officers(person.room).outcome() is None:
        game = server.officers(person.room)
        if game.turn == 0:
            last = person.officers_move()
            if PLACE.match(last):
                heard_moves += 1
        else:
            # the person's move just before, its card named in the page's language, is said
            # in a live region: the player listens for it first, as a page that fetched the
            # room's state again (after a stale seq) may show the turn before the feed brings
            # the move's words (the feed itself brings both at once: the test below)
            name = card_name(re.findall(r"[AKQJ][SHDC]", last)[0], lang)
            player.until(partial(said_in, player, name), name)
            player.turn()
            news = " ".join(player.said)  # the live regions as the move was chosen
            assert said["turn"] in news or said["stuck"] in news, news
            assert name in news, (name, news)
        if len(server.officers(person.room).history) == 4:
            problems += axe_serious(other.page, f"officers mid-game, the invited page ({lang})")
            problems += axe_serious(person.page, f"officers mid-game, the maker's page ({lang})")
    game = server.officers(person.room)
    outcome = game.outcome()
    assert outcome is not None
    result = player.result()
    assert result.startswith(said["won"] if outcome.won else said["lost"]), result
    assert sum(said["placed"] in heard for heard in player.heard) >= min(heard_moves, 3)
    # the moves of seat 2 (not every other move: a player whose hand is empty is skipped, so
    # after a take-back one seat may move twice in a row)
    assert len(player.moves) == sum(1 for who, _ in movers(game) if who == 2)
    person.page.wait_for_selector('#status[data-room="over"]')
    problems += axe_serious(other.page, f"officers end, the invited page ({lang})")
    problems += axe_serious(person.page, f"officers end, the maker's page ({lang})")
    assert not problems, problems


def test_two_aria_players_take_two_seats_of_one_room_by_the_same_link(
    browser: Any, server: Server, tabs: list[Tab]
) -> None:
    person = Person(browser, server)
    tabs.append(person)
    link = person.make_officers("en", players=3)
    players = []
    for _ in range(2):  # one browser (and one chat) for each co-player, the same link
        tab = Tab(browser, 1000, 900, WAIT)
        tabs.append(tab)
        players.append(AriaPlayer(tab.page, "officers", "en"))
        players[-1].join(link)
    person.page.wait_for_selector('#status[data-room="playing"]')
    while server.officers(person.room).outcome() is None:
        turn = server.officers(person.room).turn
        if turn == 0:
            person.officers_move()
        else:
            players[turn - 1].turn()
    game = server.officers(person.room)
    for seat, player in enumerate(players, start=2):
        assert len(player.moves) == sum(1 for who, _ in movers(game) if who == seat)
        assert player.result() == person.page.text_content("#status")
    # three seats, three feeds: on a busy machine a page may ask at a seq that another seat's
    # event has just passed; the room answers 409 (stale seq) and the page fetches the room
    # again (the game above was played to its end, every seat's moves counted), and the
    # browser logs the 409 as a failed load: the rooms' protocol at work, not the page's error
    for tab in tabs:
        tab.errors[:] = [e for e in tab.errors if "status of 409 (Conflict)" not in e]


class HeldSocket:
    """A page's WebSocket passed through the test, which can hold what the server sends it
    (``hold``) and give it later (``release``): a pushed event that comes late."""

    def __init__(self) -> None:
        self.hold = False
        self.held: list[Any] = []
        self.route: Any = None

    def connect(self, route: Any) -> None:
        server = route.connect_to_server()
        self.route = route
        route.on_message(server.send)
        server.on_message(
            lambda message: self.held.append(message) if self.hold else route.send(message)
        )

    def release(self) -> None:
        self.hold = False
        for message in self.held:
            self.route.send(message)
        self.held.clear()


def joined_room(
    browser: Any, server: Server, tabs: list[Tab], socket: HeldSocket | None = None
) -> tuple[Person, Tab, AriaPlayer, str]:
    """A room of Euler's Officers that a person made, joined by an ARIA player through its
    invitation link in a second browser, both pages at the table: the person, the player's tab,
    the player, the room. Without ``socket`` the player's page polls (no WebSocket: no pushed
    event races the test); with it, its live connection goes through ``socket``."""
    person = Person(browser, server)
    other = Tab(browser, 1000, 900, WAIT)
    tabs += [person, other]
    if socket is None:
        other.context.add_init_script("delete window.WebSocket;")
    else:
        other.page.route_web_socket(re.compile(r".*/live$"), socket.connect)
    link = person.make_officers("en")
    player = AriaPlayer(other.page, "officers", "en")
    player.join(link)
    mode = "polling" if socket is None else "live"
    other.page.wait_for_selector(f'#connection[data-mode="{mode}"]')
    person.page.wait_for_selector('#status[data-room="playing"]')
    return person, other, player, person.room


def test_a_polling_page_says_the_move_that_made_its_turn_with_the_turn(
    browser: Any, server: Server, tabs: list[Tab]
) -> None:
    """A page without a WebSocket reads the room's events, then its state: a move made between
    the two reads must not show the page its turn before the words of that move. The move is
    made exactly there: when the invited page asks for the state, the person's move is sent to
    the room first (by HTTP, with the person's seat), then the page's request goes on."""
    person, other, player, room = joined_room(browser, server, tabs)
    token = str(person.page.evaluate(f"localStorage.getItem('officers-room-{room}')"))
    armed: list[bool] = []
    made: list[str] = []

    def meanwhile(route: Any) -> None:
        if armed and server.officers(room).turn == 0:
            armed.clear()
            made.append(move_by_http(server, room, token))
        route.continue_()

    other.page.route("**/v1/rooms/*/state", meanwhile)
    rounds = 0
    hang = time.monotonic() + 600  # not a measure of speed: a page that stops polling fails
    while server.officers(room).outcome() is None and rounds < 3:
        assert time.monotonic() < hang, "the invited page stopped reading the room's state"
        if server.officers(room).turn == 0:
            if not armed:
                made.clear()  # the person moves again: that move is the one to hear
                person.officers_move()
            else:  # the person's move comes with the invited page's next read of the state
                other.page.wait_for_timeout(50)
            continue
        cards = re.findall(r"[AKQJ][SHDC]", made[-1]) if made else []
        if not player.turn():
            break
        if cards:  # the page's turn came with the words of the move made between the reads
            heard = card_name(cards[0], "en")
            assert heard in " ".join(player.said), (heard, player.said)
            rounds += 1
        made.clear()
        armed[:] = [True]
    assert rounds == 3 or (rounds and server.officers(room).outcome() is not None), rounds


@pytest.mark.parametrize("live", [False, True], ids=["polling", "live"])
def test_a_page_refused_for_a_stale_seq_says_the_move_with_the_room_it_reads_again(
    browser: Any, server: Server, tabs: list[Tab], live: bool
) -> None:
    """A move sent at a seq the room has passed is refused (409, a stale seq) and the page reads
    the room again: the moves made meanwhile must come with the state they made, not after it.
    The invited page makes its move by its buttons; as that request leaves, the same seat's
    move is sent by HTTP first, so the page's move is refused. When the page shows the room at
    the HTTP move's seq (``#status``'s ``data-seq``), its list of moves (``#log``) must end with
    that move, the words the screen reader hears with the turn. A live page's pushed events are
    held back meanwhile (they come late), and its reading gives no sign of presence by request
    (its live connection is the sign: no ``request-`` sign is stored)."""
    socket = HeldSocket() if live else None
    person, other, player, room = joined_room(browser, server, tabs, socket)
    token = str(other.page.evaluate(f"localStorage.getItem('officers-room-{room}')"))
    # what the page shows each time it draws the room: its seq and the seq of its last move
    other.page.evaluate(
        """() => {
        window.seen = [];
        const status = document.querySelector("#status");
        new MutationObserver(() => {
          const moves = document.querySelectorAll("#log li");
          const last = moves.length ? moves[moves.length - 1].dataset.seq : null;
          window.seen.push([status.dataset.seq, last]);
        }).observe(status, { attributes: true, attributeFilter: ["data-seq"] });
      }"""
    )
    made: list[str] = []

    def first(route: Any) -> None:
        if not made:
            if socket is not None:
                socket.hold = True
            made.append(move_by_http(server, room, token))  # the page's seq is stale now
        route.continue_()

    other.page.route("**/v1/rooms/*/move", first)
    if server.officers(room).turn == 0:
        person.officers_move()
    player.turn()  # refused; the page reads the room again and shows the HTTP move
    assert made
    moved = [e.seq for e in SQLiteStore(server.db).events(room, 0, 1000) if e.kind == "moved"]
    seq = str(moved[-1])
    other.page.wait_for_selector(f'#status[data-seq="{seq}"]')
    seen = [tuple(pair) for pair in other.page.evaluate("window.seen")]
    shown = [last for at, last in seen if at == seq]
    assert shown and shown[0] == seq, (seq, seen)  # the move was in the list when drawn
    if socket is not None:
        hang = time.monotonic() + 60  # the push may come after the page's reads on a busy machine
        while not socket.held:
            assert time.monotonic() < hang, "the room pushed the live page nothing"
            other.page.wait_for_timeout(50)  # Playwright hands the held message over meanwhile
        socket.release()
        state = f"{server.url}v1/rooms/{quote_plus(room)}/state"
        asked = urllib.request.Request(state, headers={"authorization": f"Bearer {token}"})
        with urllib.request.urlopen(asked, timeout=30) as answer:
            seat = json.load(answer)["seat"] - 1  # the store counts seats from 0
        with closing(sqlite3.connect(server.db)) as db:
            signs = db.execute("SELECT seat, connection FROM presence WHERE room = ?", (room,))
            assert (seat, f"request-{seat}") not in list(signs)
    other.errors[:] = [e for e in other.errors if "status of 409 (Conflict)" not in e]


def move_by_http(server: Server, room: str, token: str) -> str:
    """The first placement of the seat to move (else its first take-back), sent to the room
    by HTTP with ``token``'s seat at the room's seq; the move."""
    legal = [move.notation() for move in server.officers(room).legal_moves()]
    move = next((m for m in legal if PLACE.match(m)), None) or legal[0]
    stored = SQLiteStore(server.db).get(room)
    assert stored is not None
    sent = urllib.request.Request(
        f"{server.url}v1/rooms/{quote_plus(room)}/move",
        data=json.dumps({"move": move, "seq": stored.seq}).encode(),
        headers={"content-type": "application/json", "authorization": f"Bearer {token}"},
        method="POST",
    )
    with urllib.request.urlopen(sent, timeout=30) as answer:
        assert answer.status == 200
    return move


def said_in(player: AriaPlayer, words: str, tree: list[Node]) -> bool:
    """Whether the live regions of ``tree`` (as ``player`` reads them) say ``words``."""
    return words in " ".join(player.statuses(tree))


def movers(game: GameState) -> list[tuple[int, str]]:
    """Each move of the game with the seat (1-4) that made it, replayed from the deal."""
    replay = game.root()
    found = []
    for move in game.history:
        found.append((replay.turn + 1, move.notation()))
        replay.push(move)
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_aria_player_plays_offiziersskat_through_the_invitation_link(
    browser: Any, server: Server, tabs: list[Tab], lang: str
) -> None:
    person = Person(browser, server)
    other = Tab(browser, 1000, 900, WAIT)
    tabs += [person, other]
    link = person.make_skat(lang)
    problems = axe_serious(person.page, f"skat room waiting, the invitation ({lang})")
    player = AriaPlayer(other.page, "skat", lang)
    first = player.join(link)
    assert first.endswith(
        "The other player chooses the game…" if lang == "en" else "Die Gegenperson wählt das Spiel…"
    )
    person.page.wait_for_selector('#status[data-status="playing"]')
    problems += axe_serious(other.page, f"skat room playing, the invited page ({lang})")
    said = SAID["skat"][lang]
    turns = 0
    last = ""
    while not server.skat(person.room).is_over():
        game = server.skat(person.room)
        if game.current_player == 0:
            last = person.skat_move()
        else:
            card = player.turn()
            turns += 1
            news = " ".join(player.said)  # the live regions as the card was chosen
            assert said["turn"] in news and card.rsplit(", ", 1)[0] in news, news
            if "@" in last:  # the person's card just before, named in the page's language
                assert card_name(last[:2], lang) in news, (last, news)
            last = ""  # the trick's winner leads: one's turn may come again at once
        if len(server.skat(person.room).moves) == 9:
            problems += axe_serious(other.page, f"skat mid-game, the invited page ({lang})")
            problems += axe_serious(person.page, f"skat mid-game, the maker's page ({lang})")
    game = server.skat(person.room)
    assert turns == 16 and len(game.moves) == 33  # the game chosen and 32 cards
    result = player.result()
    mine = game.points[1]
    assert result.split(". ", 1)[1].startswith(said["won"] if mine >= 60 else said["lost"]), result
    assert any(said["played"] in heard for heard in player.heard)
    trick = "took the trick" if lang == "en" else "den Stich ("
    assert any(trick in heard for heard in player.heard)
    turned = "turned up on pile " if lang == "en" else "liegt jetzt offen auf Stapel "
    assert any(turned in heard for heard in player.heard)  # the other's card that turned up
    person.page.wait_for_selector('#status[data-status="over"]')
    problems += axe_serious(other.page, f"skat end, the invited page ({lang})")
    problems += axe_serious(person.page, f"skat end, the maker's page ({lang})")
    assert not problems, problems


def test_an_aria_player_makes_an_offiziersskat_room_and_invites_a_person(
    browser: Any, server: Server, tabs: list[Tab]
) -> None:
    person = Person(browser, server)
    other = Tab(browser, 1000, 900, WAIT)
    tabs += [person, other]
    player = AriaPlayer(other.page, "skat", "de")
    link = player.invite(server.url + "skat")
    assert LINK.match(link), link
    person.page.goto(link)
    person.page.wait_for_selector('#status[data-status="playing"]')
    person.room = person.page.url.split("#room=")[1]
    while not server.skat(person.room).is_over():
        if server.skat(person.room).current_player == 0:
            player.turn()  # Vorhand: the game's choice first, then its cards
        else:
            person.skat_move()
    game = server.skat(person.room)
    assert player.moves[0] == "Grand" and str(game.moves[0]) == "G" and len(player.moves) == 17
    result = player.result()
    won = game.points[0] >= 61
    assert result.startswith("Du bist Vorhand. " + ("Gewonnen mit" if won else "Verloren:")), result


# --- the pages without a room -----------------------------------------------------------------


def eightoff_solution(number: int) -> list[str]:
    dealt = handle({"op": "eightoff/deal", "number": number, "variant": "eight-off"})
    solved = handle({"op": "eightoff/solve", "game": dealt["game"]})
    assert solved["status"] == "solvable"
    return [str(move) for move in solved["moves"]]


STUCK = quote_plus("3JC/KDACJSQH/QCJD1KS/JHQSKCAD normal 0 1 ASAHKHQD - - 13")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_axe_finds_nothing_serious_on_the_pages_without_a_room(
    browser: Any, server: Server, tabs: list[Tab], lang: str
) -> None:
    tab = Tab(browser, 1000, 900, WAIT)
    tabs.append(tab)
    page, url, problems = tab.page, server.url, []
    # Euler's Officers: a new game, a card chosen with its marks and a hint, a game lost
    page.goto(f"{url}?level=easy&players=1&seed=5&lang={lang}")
    page.wait_for_selector('#status[data-status="ongoing"]')
    problems += axe_serious(page, f"officers new game ({lang})")
    page.click('#hand [data-card="AS"]')
    page.click('[data-action="hint"]')
    page.wait_for_selector("#advice[data-hint-action]")
    for details in ("#setup", "#learn", "#records"):
        page.click(f"{details} summary")
    problems += axe_serious(page, f"officers mid-game, the forms open ({lang})")
    page.goto(f"{url}?setup={STUCK}&lang={lang}")
    page.wait_for_selector('#status[data-status="ongoing"]')
    page.click('#hand [data-card="AH"]')
    page.click('#board [data-cell="2"]')
    page.wait_for_selector('#status[data-status="lost"]')
    problems += axe_serious(page, f"officers end ({lang})")
    page.goto(f"{url}?level=legendary&lang={lang}")
    page.wait_for_selector("#error:not([hidden])")
    problems += axe_serious(page, f"officers broken link ({lang})")
    # Eight Off: a deal, a few moves in with a hint, the deal won
    moves = eightoff_solution(1)
    page.goto(f"{url}eightoff?deal=1&lang={lang}")
    page.wait_for_selector('#status[data-status="ongoing"]')
    problems += axe_serious(page, f"eightoff new deal ({lang})")
    page.goto(f"{url}eightoff?deal=1&moves={','.join(moves[:5])}&lang={lang}")
    page.wait_for_selector('#status[data-moves="5"]')
    page.click('[data-action="hint"]')
    page.wait_for_selector("#advice[data-move]")
    problems += axe_serious(page, f"eightoff mid-game ({lang})")
    page.goto(f"{url}eightoff?deal=1&moves={','.join(moves)}&lang={lang}")
    page.wait_for_selector('#status[data-status="won"]')
    problems += axe_serious(page, f"eightoff won ({lang})")
    # Offiziersskat: the start page, and a room with no seat for this browser
    page.goto(f"{url}skat?lang={lang}")
    page.wait_for_selector("#start:not([hidden])")
    problems += axe_serious(page, f"skat start ({lang})")
    page.goto(f"{url}skat?lang={lang}#room=nosuchroom")
    page.wait_for_selector("#error:not([hidden])")
    problems += axe_serious(page, f"skat no seat ({lang})")
    page.goto(f"{url}?lang={lang}#room=nosuchroom")
    page.wait_for_selector("#error:not([hidden])")
    problems += axe_serious(page, f"officers no seat ({lang})")
    assert not problems, problems


# --- the keyboard alone -----------------------------------------------------------------------


def place_by_keys(page: Any) -> tuple[str, int]:
    """Play a card of Euler's Officers by the keys alone: Tab to the hand, Enter chooses the
    focused card, Shift+Tab back to the square, the arrows to the first cell the page names as
    taking it, Enter; every focus on the way visible. The card and its cell, once placed."""
    keys = page.keyboard
    tab_to(page, "node.closest('#hand') && !node.disabled")
    keys.press("Enter")  # the focused card is chosen
    card = str(page.evaluate("() => document.activeElement.dataset.card"))
    assert page.get_attribute(f'#hand [data-card="{card}"]', "aria-pressed") == "true"
    keys.press("Shift+Tab")  # back to the square (its one cell in the tab order)
    focused(page)
    cell = int(page.evaluate("() => +document.activeElement.dataset.cell"))
    fits = page.eval_on_selector_all(
        "#board [data-cell]",
        "cs => cs.filter(c => / may go here/.test(c.getAttribute('aria-label'))).map(c => +c.dataset.cell)",
    )
    assert fits, "the chosen card fits no cell"
    target = int(fits[0])
    while cell != target:  # the arrows: down or up to the row, then along it
        rows = target // 4 - cell // 4
        key = (
            "ArrowDown"
            if rows > 0
            else "ArrowUp"
            if rows < 0
            else "ArrowRight"
            if target > cell
            else "ArrowLeft"
        )
        keys.press(key)
        focused(page)
        cell = int(page.evaluate("() => +document.activeElement.dataset.cell"))
    keys.press("Enter")
    page.wait_for_selector(f'#board [data-cell="{target}"][data-card="{card}"]')
    return card, target


def test_euler_officers_by_the_keyboard_alone(
    browser: Any, server: Server, tabs: list[Tab]
) -> None:
    tab = Tab(browser, 1000, 900, WAIT)
    tabs.append(tab)
    page = tab.page
    page.goto(f"{server.url}?level=easy&players=1&seed=5")
    page.wait_for_selector('#status[data-status="ongoing"]')
    for played in range(1, 4):
        place_by_keys(page)
        assert len(page.locator("#board [data-card]").all()) == played
        assert focused(page)["name"].startswith("row ")  # the focus stays on the square


def test_a_room_of_euler_officers_by_the_keyboard_alone(
    browser: Any, server: Server, tabs: list[Tab]
) -> None:
    person = Person(browser, server)
    other = Tab(browser, 1000, 900, WAIT)
    tabs += [person, other]
    link = person.make_officers("en")
    other.page.goto(link)
    other.page.wait_for_selector('#status[data-room="playing"]')
    for _ in range(3):
        person.officers_move()
        other.page.wait_for_selector('#status[data-turn="mine"]')
        before = int(str(other.page.get_attribute("#status", "data-seq")))
        place_by_keys(other.page)
        other.page.wait_for_function(
            f"() => +document.querySelector('#status').dataset.seq > {before}"
        )
        # the focus stays on the square while the other plays, and when one's turn comes back
        assert focused(other.page)["name"].startswith("row ")


def test_offiziersskat_by_the_keyboard_alone(browser: Any, server: Server, tabs: list[Tab]) -> None:
    tab = Tab(browser, 1000, 900, WAIT)
    tabs.append(tab)
    page, keys = tab.page, tab.page.keyboard
    page.goto(f"{server.url}skat")
    tab_to(page, "node.dataset.action === 'computer'")
    keys.press("Enter")  # against the computer, as Vorhand
    page.wait_for_selector('#status[data-phase="choose"]')
    tab_to(page, "node.dataset.game === 'G'")
    keys.press("Space")  # Grand
    page.wait_for_selector('#status[data-phase="play"]')
    tab_to(page, "node.closest('#my-piles') && !node.disabled")
    moves = 1
    playable = "node.closest('#my-piles') && node.dataset.card && !node.disabled"
    while page.get_attribute("#status", "data-status") == "playing":
        # the computer's answer may still be on its way: press only on one's own turn, from a
        # card that may be played (a redraw may have moved the focus on)
        page.wait_for_selector('#status[data-turn="mine"], #status:not([data-status="playing"])')
        if page.get_attribute("#status", "data-status") != "playing":
            break
        before = int(str(page.get_attribute("#status", "data-seq")))
        if moves % 2:
            keys.press("ArrowRight")  # another playable card (the only one, when one is)
        if not page.evaluate(
            f"() => {{ const node = document.activeElement; return Boolean({playable}); }}"
        ):
            tab_to(page, playable)
        focused(page)
        keys.press("Enter")
        page.wait_for_function(f"() => +document.querySelector('#status').dataset.seq > {before}")
        moves += 1
    assert moves == 17  # the game and sixteen cards, each played by Enter
    page.wait_for_selector("#outcome[data-winner]")
    assert focused(page)["name"] in ("Play again",)  # the focus went on to the next thing to do
    keys.press("Enter")  # the rematch: a new round, the choice of the game again
    page.wait_for_selector('#status[data-round="2"][data-phase]')


def test_eight_off_by_the_keyboard_alone(browser: Any, server: Server, tabs: list[Tab]) -> None:
    tab = Tab(browser, 1000, 900, WAIT)
    tabs.append(tab)
    page, keys = tab.page, tab.page.keyboard
    page.goto(f"{server.url}eightoff?deal=1")
    page.wait_for_selector('#status[data-status="ongoing"]')
    tab_to(page, "node.closest('#columns') && node.dataset.card")
    column = "() => document.activeElement.closest('[data-place]').dataset.place"
    for _ in range(10):  # along the columns to column 4
        if page.evaluate(column) == "4":
            break
        keys.press("ArrowRight")
        focused(page)
    for _ in range(10):  # down column 4 to its last card, the Ace of Clubs
        if page.evaluate("() => document.activeElement.dataset.card") == "AC":
            break
        keys.press("ArrowDown")
        focused(page)
    assert page.evaluate("() => document.activeElement.dataset.card") == "AC"
    keys.press("Enter")
    for _ in range(20):  # up to the foundations, then along them to the one of Clubs
        if page.evaluate("() => document.activeElement.closest('#foundations') !== null"):
            break
        keys.press("ArrowUp")
        focused(page)
    for _ in range(8):
        if page.evaluate("() => document.activeElement.dataset.suit") == "C":
            break
        keys.press("ArrowRight")
        focused(page)
    keys.press("Enter")
    page.wait_for_selector('#foundations [data-suit="C"][data-count="1"]')
    focused(page)
