"""A player that knows a page only as a screen reader presents it: it reads Playwright's ARIA
snapshot of the page (roles, accessible names, states such as ``[disabled]`` and ``[pressed]``,
the text of the live regions) and acts only through ``page.get_by_role(role, name=...)``, the
way an AI co-player driving a browser would, or a person with a screen reader. No CSS selector,
no ``data-*`` attribute, no script run in the page, nothing of the service's API: what it may
play is what the page says it may play, in words.

It knows what a player of the game knows: the words of the page in its language (the names of
the groups it looks for, the sentences that say whose turn it is), which it reads; it plays the
first choice the page names as legal.

>>> tree = parse('''- main:
...   - status: "Your turn: choose a card of your hand, then a cell."
...   - group "Your hand (seat 2)":
...     - button "Ace of Hearts" [pressed]
...     - button "King of Spades, fits no empty cell" [disabled]
...   - 'img "pile 1: face down"'
... ''')
>>> [(node.role, node.name, node.value) for node in walk(tree)][1:3]
[('status', '', 'Your turn: choose a card of your hand, then a cell.'), ('group', 'Your hand (seat 2)', '')]
>>> hand = find(tree, "group", "Your hand")[0]
>>> [(card.name, card.pressed, card.disabled) for card in hand.children]
[('Ace of Hearts', True, False), ('King of Spades, fits no empty cell', False, True)]
>>> find(tree, "img")[0].name
'pile 1: face down'
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["WORDS", "AriaPlayer", "Node", "find", "parse", "walk"]


@dataclass
class Node:
    """One line of the ARIA snapshot: its role, accessible name, states, text and children."""

    role: str
    name: str = ""
    value: str = ""
    states: set[str] = field(default_factory=set)
    children: list[Node] = field(default_factory=list)

    @property
    def disabled(self) -> bool:
        return "disabled" in self.states

    @property
    def pressed(self) -> bool:
        return "pressed" in self.states

    def text(self) -> str:
        """Everything this node says: its name, its text and its children's, in order."""
        parts = [self.name, self.value, *(child.text() for child in self.children)]
        return " ".join(part for part in parts if part)


ITEM = re.compile(
    r'^(?P<role>[\w/-]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<states>(?: \[[^\]]*\])*)'
)


def _unquote(text: str) -> tuple[str, str]:
    """The item of a line (YAML's single quotes undone) and what follows it."""
    if not text.startswith("'"):
        return text, ""
    end = 1
    while True:
        end = text.index("'", end)
        if text[end : end + 2] == "''":
            end += 2
            continue
        return text[1:end].replace("''", "'"), text[end + 1 :]


def _value(text: str) -> str:
    text = text.strip()
    if text.startswith('"') and text.endswith('"') and len(text) > 1:
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    if text.startswith("'") and text.endswith("'") and len(text) > 1:
        return text[1:-1].replace("''", "'")
    return text


def parse(snapshot: str) -> list[Node]:
    """The nodes of an ARIA snapshot (Playwright's ``aria_snapshot()`` text), as a forest."""
    roots: list[Node] = []
    stack: list[tuple[int, Node]] = []
    for line in snapshot.splitlines():
        found = re.match(r"^(\s*)- (.*)$", line)
        if not found:
            continue
        depth, item = len(found.group(1)), found.group(2)
        head, tail = _unquote(item)
        match = ITEM.match(head)
        if not match:
            continue
        rest = head[match.end() :] + tail
        value = _value(rest[1:]) if rest.startswith(":") else ""
        states = {
            state.split("=")[0] for state in re.findall(r"\[([^\]]*)\]", match.group("states"))
        }
        name = re.sub(r"\\(.)", r"\1", match.group("name") or "")
        node = Node(match.group("role"), name, value, states)
        while stack and stack[-1][0] >= depth:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(node)
        stack.append((depth, node))
    return roots


def walk(nodes: list[Node]) -> Iterator[Node]:
    """Every node of ``nodes`` and their children, depth first, in the page's order."""
    for node in nodes:
        yield node
        yield from walk(node.children)


def find(nodes: list[Node], role: str, starts: str = "") -> list[Node]:
    """The nodes of ``role`` whose name begins with ``starts``."""
    return [node for node in walk(nodes) if node.role == role and node.name.startswith(starts)]


WORDS: dict[str, dict[str, dict[str, str]]] = {
    # what a player reads on each page, in each language: the names of the groups and buttons
    # it looks for, and the words that say a card may go on a cell or be taken back
    "officers": {
        "en": {
            "hand": "Your hand",
            "square": "The square",
            "fits": " may go here",
            "nowhere": "fits no empty cell",
            "take": "may be taken back",
            "takeback": "Take back",
            "again": "Play again",
            "waiting": "Waiting for",
        },
        "de": {
            "hand": "Deine Karten",
            "square": "Das Quadrat",
            "fits": " passt hierhin",
            "nowhere": "passt auf kein leeres Feld",
            "take": "darf zurückgenommen werden",
            "takeback": "Zurücknehmen",
            "again": "Noch einmal spielen",
            "waiting": "Warten auf",
        },
    },
    "skat": {
        "en": {
            "piles": "Your piles",
            "choose": "Choose the game",
            "again": "Play again",
            "friend": "Play with a friend",
            "invite": "Send this link",
            "waiting": "Waiting for",
        },
        "de": {
            "piles": "Deine Stapel",
            "choose": "Spiel wählen",
            "again": "Noch eine Runde",
            "friend": "Mit einer Freundin oder einem Freund spielen",
            "invite": "Schicke diesen Link",
            "waiting": "Warte auf",
        },
    },
}


class AriaPlayer:
    """A co-player on ``page`` (Playwright's sync ``Page``) of ``game`` (``officers`` or
    ``skat``) in ``lang``, reading the ARIA snapshot alone and acting by role and name.
    ``heard`` keeps every sentence of the live regions (the ``status`` roles) it has read, in
    order, each as it changed; ``said``, the live regions when the last move was chosen;
    ``moves`` the names of what it chose."""

    def __init__(self, page: Any, game: str, lang: str, wait: float = 60.0) -> None:
        self.page = page
        self.game = game
        self.lang = lang
        self.words = WORDS[game][lang]
        self.wait = wait
        self.heard: list[str] = []
        self.moves: list[str] = []
        self.said: list[str] = []  # the live regions as they were when the last move was chosen
        self._regions: list[str] = []  # the live regions' sentences at the last look

    # --- reading ---------------------------------------------------------------------------

    def read(self) -> list[Node]:
        """The page as a screen reader has it now; the live regions' sentences are kept."""
        tree = parse(self.page.locator("body").aria_snapshot())
        now = [node.text() for node in find(tree, "status") if node.text()]
        self.heard += [said for said in now if said not in self._regions]  # new since the last look
        self._regions = now
        return tree

    def until(self, test: Callable[[list[Node]], Any], what: str) -> Any:
        """Read the page again and again until ``test`` of it is true (its value), for at most
        ``wait`` seconds."""
        deadline = time.monotonic() + self.wait
        while True:
            tree = self.read()
            found = test(tree)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the page never showed {what}:\n{self.page.locator('body').aria_snapshot()}"
                )
            self.page.wait_for_timeout(40)

    def statuses(self, tree: list[Node] | None = None) -> list[str]:
        """The sentences of the live regions (role ``status``) now."""
        return [
            node.text()
            for node in find(self.read() if tree is None else tree, "status")
            if node.text()
        ]

    def over(self, tree: list[Node]) -> bool:
        """The game is over: the page offers to play again."""
        return any(not node.disabled for node in find(tree, "button", self.words["again"]))

    def press(self, role: str, name: str) -> None:
        """Click the element of ``role`` named exactly ``name``."""
        self.page.get_by_role(role, name=name, exact=True).click()

    # --- joining ---------------------------------------------------------------------------

    def join(self, link: str) -> str:
        """Open the invitation ``link``, switch the page to the player's language, and wait
        until the table is there or the room waits for more players; the first sentence of
        the live regions then (whose turn it is, or how many are awaited)."""
        self.page.goto(link)
        if self.lang == "de":
            self.until(lambda tree: find(tree, "button", "Deutsch"), "the language buttons")
            self.press("button", "Deutsch")
        mine = self.words["hand"] if self.game == "officers" else self.words["piles"]

        def seated(tree: list[Node]) -> bool:
            waiting = any(self.words["waiting"] in said for said in self.statuses(tree))
            return waiting or bool(find(tree, "group", mine))

        self.until(seated, f"the group {mine!r} or the room waiting")
        return self.statuses()[0]

    def invite(self, url: str) -> str:
        """Open the Offiziersskat page at ``url``, switch it to the player's language, make a
        room with a friend's seat and read the invitation link from its text box."""
        self.page.goto(url)
        if self.lang == "de":
            self.until(lambda tree: find(tree, "button", "Deutsch"), "the language buttons")
            self.press("button", "Deutsch")
        self.until(lambda tree: find(tree, "button", self.words["friend"]), "the friend's button")
        self.press("button", self.words["friend"])
        box = self.until(
            lambda tree: next(
                (box for box in find(tree, "textbox", self.words["invite"]) if box.value), None
            ),
            "the invitation link",
        )
        return str(box.value)

    # --- playing ---------------------------------------------------------------------------

    def turn(self) -> str:
        """Wait for one's turn and make one move (or find the game over): the move's words as
        the page named it, or "" once the game is over."""
        if self.game == "officers":
            return self._officers()
        return self._skat()

    def _mine(self, tree: list[Node], group: str) -> list[Node]:
        return [
            button
            for node in find(tree, "group", group)
            for button in walk(node.children)
            if button.role == "button" and not button.disabled
        ]

    def _officers(self) -> str:
        w = self.words
        tree = self.until(
            lambda tree: tree if self.over(tree) or self._mine(tree, w["hand"]) else None,
            "one's turn",
        )
        if self.over(tree):
            return ""
        self.said = self.statuses(tree)
        before = [
            button.name for node in find(tree, "group", w["hand"]) for button in walk(node.children)
        ]
        cards = [card for card in self._mine(tree, w["hand"]) if w["nowhere"] not in card.name]
        if cards:
            card = cards[0].name
            self.press("button", card)
            tree = self.until(
                lambda tree: tree if any(c.pressed for c in find(tree, "button", card)) else None,
                f"{card} chosen",
            )
            cells = [
                cell.name for cell in find(tree, "button") if f"{card}{w['fits']}" in cell.name
            ]
            assert cells, f"{card} fits no cell, by the page's words"
            said = " ".join(self.statuses(tree))
            place = cells[0].split(", ")[:2]  # "row 1, column 2"
            assert ", ".join(place) in said, (place, said)  # the live region says it too
            # the name may grow while it is clicked (the learning aids add "safe" or "deadly")
            fit = cells[0].split(w["fits"])[0] + w["fits"]
            self.page.get_by_role("button", name=re.compile("^" + re.escape(fit))).click()
            move = f"{card} → {', '.join(place)}"
        else:  # nothing fits: take a card back
            self.press("button", w["takeback"])
            tree = self.until(
                lambda tree: (
                    tree if [c for c in find(tree, "button") if w["take"] in c.name] else None
                ),
                "the cards that may be taken back",
            )
            cell = next(c.name for c in find(tree, "button") if w["take"] in c.name)
            taken = cell.split(w["take"])[0] + w["take"]
            self.page.get_by_role("button", name=re.compile("^" + re.escape(taken))).click()
            move = f"{w['takeback']}: {cell}"
        self.moves.append(move)

        def made(tree: list[Node]) -> bool:
            """The game is over, or the hand changed: the move is taken. The turn may stay
            here: a seat whose hand is empty is skipped, so after taking a card back (or when
            the other's hand is empty) one moves again at once."""
            hand = [b.name for node in find(tree, "group", w["hand"]) for b in walk(node.children)]
            return self.over(tree) or hand != before

        self.until(made, "the move made")
        return move

    def _skat(self) -> str:
        w = self.words

        def ready(tree: list[Node]) -> list[Node] | None:
            if self.over(tree):
                return tree
            chooser = [b for node in find(tree, "group", w["choose"]) for b in node.children]
            if any(b.role == "button" and not b.disabled for b in chooser):
                return tree
            return tree if self._mine(tree, w["piles"]) else None

        tree = self.until(ready, "one's turn")
        if self.over(tree):
            return ""
        self.said = self.statuses(tree)
        games = [
            b
            for node in find(tree, "group", w["choose"])
            for b in node.children
            if b.role == "button" and not b.disabled
        ]
        if games:
            choice = games[-1].name  # Grand, the last of the buttons
            self.press("button", choice)
            self.until(lambda tree: not find(tree, "group", w["choose"]), "the game chosen")
            self.moves.append(choice)
            return choice
        # "Jack of Spades, pile 1" (a card caught mid-redraw may lack its pile: read again)
        named = [n.name for n in self._mine(tree, w["piles"]) if ", " in n.name]
        if not named:
            return self._skat()
        card = named[0]
        said = " ".join(self.statuses(tree))
        what, pile = card.rsplit(", ", 1)
        assert what in said and pile in said, (card, said)  # the live region lists it
        self.press("button", card)
        self.until(lambda tree: self.over(tree) or not find(tree, "button", card), f"{card} played")
        self.moves.append(card)
        return card

    def result(self) -> str:
        """The sentence of the live region that says how the game ended."""
        tree = self.until(lambda tree: tree if self.over(tree) else None, "the game's end")
        return self.statuses(tree)[0]
