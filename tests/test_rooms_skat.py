"""Offiziersskat in rooms: nobody is sent a face-down card.

Whole games through the HTTP API, two people or a person and a bot: every byte each seat
receives (headers and bodies) is scanned for the cards lying face down at that moment; and the
face-down cards are re-dealt in the store mid-game (the same face-up cards, the same history)
without changing a byte a seat is sent.
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from officers.rooms.adapter import adapter
from officers.rooms.store import SQLiteStore
from officers.serve import Settings, create_app
from officers.skat import Deal, SkatGame
from officers.skat.cards import card_notation
from tests.helpers import skat_redealt

CARD = re.compile(r"(?<![A-Za-z0-9])[ATKQJ987][CSHD](?![A-Za-z0-9])")


@pytest.fixture
def db() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="officers-rooms-") as folder:
        yield str(Path(folder) / "rooms.db")


def client(db: str) -> TestClient:
    settings = Settings(rate=0, rooms_per_client=1000, rooms_db=db)
    return TestClient(create_app(settings), raise_server_exceptions=True)


def stored_game(db: str, room: str) -> SkatGame:
    stored = SQLiteStore(db).get(room)
    assert stored is not None and stored.state is not None
    game: SkatGame = adapter("skat").load(stored.state)
    return game


def face_down(game: SkatGame) -> set[str]:
    """The cards that lie face down now."""
    return {
        card_notation(pile[0]) for side in game.position.piles for pile in side if len(pile) == 2
    }


class Seat:
    def __init__(self, http: TestClient, room: str, token: str, masks: list[str]) -> None:
        self.http, self.room, self.token, self.masks = http, room, token, masks
        self.leaks: list[str] = []

    def call(
        self, method: str, path: str, db: str, body: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.token}"}
        url = f"/v1/rooms/{self.room}{path}"
        response = (
            self.http.get(url, headers=headers)
            if method == "GET"
            else self.http.post(url, json=body, headers=headers)
        )
        assert response.status_code < 500, response.text
        text = "\n".join(f"{k}: {v}" for k, v in response.headers.items()) + "\n" + response.text
        for mask in self.masks:
            text = text.replace(mask, "*")
        hidden = face_down(stored_game(db, self.room))
        self.leaks += [card for card in CARD.findall(text) if card in hidden]
        data: dict[str, Any] = response.json()
        return data


def open_room(http: TestClient, seats: list[str]) -> tuple[dict[str, Any], list[Seat]]:
    made = http.post("/v1/rooms", json={"game": "skat", "seats": seats})
    assert made.status_code == 201, made.text
    first = made.json()
    masks = [first["room"], first["token"], first["invite"]]
    tokens = [first["token"]]
    if seats.count("human") == 2:
        joined = http.post(f"/v1/rooms/{first['room']}/join", json={"invite": first["invite"]})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["token"])
        masks.append(tokens[-1])
    return first, [Seat(http, first["room"], token, masks) for token in tokens]


@pytest.mark.parametrize("seed", range(3))
def test_two_people_play_a_whole_game_and_neither_is_sent_a_face_down_card(
    db: str, seed: int
) -> None:
    http = client(db)
    _, seats = open_room(http, ["human", "human"])
    rng = random.Random(seed)
    while True:
        views = [seat.call("GET", "/state", db) for seat in seats]
        assert views[0]["view"]["view"] == views[1]["view"]["view"]  # one public view
        if views[0]["status"] == "over":
            break
        mover = views[0]["view"]["to_move"] - 1
        legal = views[mover]["view"]["legal"]
        assert legal and not views[1 - mover]["view"]["legal"]
        seats[mover].call(
            "POST", "/move", db, {"move": rng.choice(legal), "seq": views[mover]["seq"]}
        )
        seats[1 - mover].call("GET", f"/events?after={views[0]['seq']}", db)
    for seat in seats:
        assert seat.leaks == [], seat.leaks
    final = views[0]["view"]
    assert sum(final["outcome"]["points"]) == 120 and final["deal"] is not None
    assert (
        final["number"] is not None and Deal.numbered(final["number"]).notation() in final["deal"]
    )


@pytest.mark.parametrize("bot", ["random", "greedy", "montecarlo"])
def test_a_bot_plays_on_the_server_and_hides_nothing_either(db: str, bot: str) -> None:
    http = client(db)
    _, (seat,) = open_room(http, ["human", bot])
    rng = random.Random(9)
    for _ in range(40):
        view = seat.call("GET", "/state", db)
        if view["status"] == "over":
            break
        legal = view["view"]["legal"]
        assert legal, view  # the bot has answered by the time the person is asked again
        seat.call("POST", "/move", db, {"move": rng.choice(legal), "seq": view["seq"]})
    assert view["status"] == "over" and seat.leaks == []


def test_redealing_the_face_down_cards_changes_nothing_a_seat_is_sent(db: str) -> None:
    http = client(db)
    first, seats = open_room(http, ["human", "human"])
    rng = random.Random(4)
    for _ in range(9):  # the choice and four tricks
        view = seats[0].call("GET", "/state", db)
        mover = view["view"]["to_move"] - 1
        legal = seats[mover].call("GET", "/state", db)["view"]["legal"]
        seats[mover].call("POST", "/move", db, {"move": rng.choice(legal), "seq": view["seq"]})
    store = SQLiteStore(db)
    now = store.get(first["room"])
    assert now is not None and now.state is not None
    game = adapter("skat").load(now.state)
    before = [seat.call("GET", "/state", db) for seat in seats]
    for attempt in range(3):
        redealt = skat_redealt(game, rng)
        text = json.dumps({"number": None, "game": redealt.notation()}, separators=(",", ":"))
        current = store.get(first["room"])
        assert current is not None
        assert store.update(replace(current, state=text), current.seq, [])
        after = [seat.call("GET", "/state", db) for seat in seats]
        assert [a["view"] for a in after] == [b["view"] for b in before], attempt
