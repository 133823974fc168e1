"""The rooms' aids through HTTP, in process: a seat's hint (``POST /v1/rooms/{room}/hint``) for
every game, agreeing with the stateless door given what that seat may know, and unchanged to
the byte when the cards the seat cannot see are dealt again in the stored room; a refused move
told in the seat's language with the rule that refused it, agreeing with the stateless doors'
refusals, over HTTP and the live connection."""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from officers.contract import Limits, answer
from officers.euler.game import GameState
from officers.rooms.adapter import adapter
from officers.rooms.store import SQLiteStore
from officers.skat.tips import SAMPLES
from tests.helpers import assert_valid, skat_redealt
from tests.test_rooms import Seat, bearer, client, make_room, true_state


@pytest.fixture
def db() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="officers-aids-") as folder:
        yield str(Path(folder) / "rooms.db")


def store_state(db: str, room: str, text: str) -> None:
    """Put ``text`` in the stored room as its game (the room's seq unchanged)."""
    store = SQLiteStore(db)
    now = store.get(room)
    assert now is not None
    assert store.update(replace(now, state=text), now.seq, [])


def hint_bytes(http: TestClient, room: str, token: str, lang: str = "de") -> bytes:
    response = http.post(f"/v1/rooms/{room}/hint", json={"lang": lang}, headers=bearer(token))
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    return response.content


def play_some(seats: list[Seat], moves: int, rng: random.Random, legal: str) -> dict[str, Any]:
    """``moves`` random legal moves, each by the seat to move; the state seen last."""
    view = seats[0].get("/state")
    for _ in range(moves):
        mover = seats[view["view"]["to_move"] - 1]
        options = mover.get("/state")["view"][legal]
        mover.post("/move", {"move": rng.choice(options), "seq": view["seq"]})
        view = seats[0].get("/state")
    return view


# --- hints -----------------------------------------------------------------------------------


def test_an_officers_hint_is_the_seats_own_and_no_other_hand_changes_it(db: str) -> None:
    http = client(db)
    first, seats = make_room(http, {"game": "officers", "seats": ["human", "human", "human"]})
    room = first["room"]
    play_some(seats, 4, random.Random(5), "legal_moves")
    state = true_state(db, room)
    for seat in seats:
        number = seat.number - 1
        document = json.loads(hint_bytes(http, room, seat.token))
        assert_valid(document)
        assert document["kind"] == "hint" and document["lang"] == "de"
        door = answer("hint", {"game": state.notation(number), "player": seat.number, "lang": "de"})
        assert document == door  # the stateless door, sent only what this seat may see
    rng = random.Random(11)
    for seat in seats:
        number = seat.number - 1
        store_state(db, room, json.dumps({"start": state.notation(), "seed": None, "moves": []}))
        before = hint_bytes(http, room, seat.token)
        others = [other for other in range(3) if other != number]
        pool = [int(card) for other in others for card in state.hand(other)]
        for attempt in range(3):
            rng.shuffle(pool)
            hands = [list(map(int, hand)) for hand in state.hands]
            start = 0
            for other in others:
                size = len(state.hand(other))
                hands[other], start = pool[start : start + size], start + size
            redealt = GameState(
                state.square,
                hands,
                level=state.level,
                tokens=state.tokens,
                turn=state.turn,
                number=state.number,
            )
            assert redealt.outcome() is None
            text = json.dumps({"start": redealt.notation(), "seed": None, "moves": []})
            store_state(db, room, text)
            assert hint_bytes(http, room, seat.token) == before, (seat.number, attempt)


def test_an_eight_off_hint_is_the_doors_and_keeps_the_deals_number(db: str) -> None:
    http = client(db)
    first, (seat,) = make_room(http, {"game": "eightoff", "options": {"variant": "eight-off"}})
    play_some([seat], 3, random.Random(2), "legal")
    raw = hint_bytes(http, first["room"], seat.token, "en")
    document = json.loads(raw)
    assert_valid(document)
    state = true_state(db, first["room"])
    door = answer("eightoff/hint", {"game": state.notation(), "lang": "en"})
    assert document | {"seconds": 0} == door | {"seconds": 0}  # the search's time aside
    if document["status"] == "winnable":  # a lost game's hint names the move that lost it
        assert document["move"] in seat.get("/state")["view"]["legal_moves"]
    assert str(state.number) not in raw.decode()


def test_a_skat_tip_in_a_room_is_the_public_doors_and_no_face_down_card_changes_it(
    db: str,
) -> None:
    """A tip answers by its limit with the whole samples it did, and for a given count it
    depends on the public view alone; the limit here is generous, so that every tip reaches
    its full count (busy machine or not) and the tips are compared to the byte."""
    http = client(db, limits=Limits(time_limit=60.0))
    first, seats = make_room(http, {"game": "skat", "seats": ["human", "human"]})
    room = first["room"]
    view = play_some(seats, 5, random.Random(4), "legal")  # the choice and two tricks
    mover = seats[view["view"]["to_move"] - 1]
    before = hint_bytes(http, room, mover.token)
    document = json.loads(before)
    assert_valid(document)
    assert (
        document["kind"] == "skat-tip" and document["move"] in mover.get("/state")["view"]["legal"]
    )
    assert document["method"] == "exact" or document["samples"] == SAMPLES  # the full count
    door = http.post("/v1/skat/tip", json={"view": view["view"]["view"], "lang": "de"}).json()
    assert document == door  # the stateless door, sent the room's public view
    other = seats[view["view"]["to_move"] % 2]
    assert hint_bytes(http, room, other.token) == before  # a tip is public: the same for both
    game = adapter("skat").load(SQLiteStore(db).get(room).state)  # type: ignore[union-attr]
    rng = random.Random(9)
    for attempt in range(2):
        redealt = skat_redealt(game, rng)
        store_state(db, room, json.dumps({"number": None, "game": redealt.notation()}))
        assert hint_bytes(http, room, mover.token) == before, attempt


def test_a_rooms_aid_calls_the_game_and_never_the_front_door(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game's hint in a room is its aid called on the seat's view with the request's
    budget: the contract's front door (``answer``, ``handle``), which would read a notation
    written for it, is never asked."""
    import officers.contract

    def front_door(*args: object, **kwargs: object) -> dict[str, Any]:
        raise AssertionError("a room's aid went back through the contract's front door")

    monkeypatch.setattr(officers.contract, "answer", front_door)
    monkeypatch.setattr(officers.contract, "handle", front_door)
    http = client(db)
    rooms = {
        "officers": ({"game": "officers", "seats": ["human", "random"]}, "hint"),
        "eightoff": ({"game": "eightoff"}, "eightoff-hint"),
        "skat": ({"game": "skat", "seats": ["human", "random"]}, "skat-tip"),
    }
    for game, (body, kind) in rooms.items():
        first, seats = make_room(http, body)
        document = json.loads(hint_bytes(http, first["room"], seats[0].token))
        assert_valid(document)
        assert document["kind"] == kind, game


def test_a_hint_needs_a_seat_a_known_language_and_a_round_in_play(db: str) -> None:
    http = client(db)
    first, (seat,) = make_room(http, {"game": "officers", "seats": ["human", "random"]})
    path = f"/v1/rooms/{first['room']}/hint"
    spectator = http.post(path, json={"lang": "en"})
    assert spectator.status_code == 401 and spectator.json()["code"] == "unauthorized"
    assert spectator.headers["www-authenticate"].startswith("Bearer")
    forged = http.post(path, json={}, headers=bearer("forged"))
    assert forged.status_code == 401
    for body in ({"lang": "fr"}, {"lang": 1}, {"level": "hard"}):
        refused = http.post(path, json=body, headers=bearer(seat.token))
        assert refused.status_code == 422 and refused.json()["code"] == "bad-request", body
        assert "rooms-hint-request" in refused.json()["message"]
    other = http.post(path, json={"seat": 2}, headers=bearer(seat.token))
    assert other.status_code == 403 and other.json()["code"] == "forbidden"
    plain = http.post(path, json={}, headers=bearer(seat.token)).json()
    assert plain["kind"] == "hint" and plain["lang"] == "en"
    assert seat.get("/state")["seq"] == first["seq"]  # a hint changes nothing in the room
    waiting = http.post("/v1/rooms", json={"game": "skat", "seats": ["human", "human"]}).json()
    early = http.post(
        f"/v1/rooms/{waiting['room']}/hint", json={}, headers=bearer(waiting["token"])
    )
    assert early.status_code == 409 and early.json()["code"] == "conflict"


def test_a_tip_answers_within_a_tiny_limit_never_out_of_time(db: str) -> None:
    """With a limit shorter than one sample the room's tip and the door's still answer (an
    estimate over the whole samples done, none perhaps), never 503 for time."""
    http = client(db, limits=Limits(time_limit=0.05))
    first, seats = make_room(http, {"game": "skat", "seats": ["human", "human"]})
    view = seats[0].get("/state")["view"]
    for body in ({"view": view["view"]}, {"view": view["view"], "lang": "de"}):
        door = http.post("/v1/skat/tip", json=body)
        assert door.status_code == 200, door.text
        document = door.json()
        assert_valid(document)
        assert document["method"] == "estimate" and document["phase"] == "choose"
        assert f"{document['samples']} " in document["text"]
    mover = seats[view["to_move"] - 1]
    response = http.post(f"/v1/rooms/{first['room']}/hint", json={}, headers=bearer(mover.token))
    assert response.status_code == 200 and response.json()["kind"] == "skat-tip", response.text


def test_no_tip_answers_but_200_by_its_limit_even_when_its_searches_hang(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over HTTP, under a tiny limit, with every sample's search stuck for seconds past its
    deadline: each tip at a random point of play answers 200 by the limit (a generous margin
    for a busy machine), an estimate over the samples done, or exact where the exact search
    ended; the stuck searches hold their slots meanwhile, never the answers."""
    from officers.skat import SkatGame, tips

    def stuck(position: object, moves: Any, time_limit: float | None = None) -> dict[Any, bool]:
        time.sleep(3.0)
        return dict.fromkeys(moves, True)

    monkeypatch.setattr(tips, "wins_after", stuck)
    http = client(db, limits=Limits(time_limit=0.2), max_searches=16)
    rng = random.Random(38)
    for _ in range(8):
        game = SkatGame.deal(rng.randrange(1, 2**63))
        for _ in range(rng.randrange(0, 31)):
            game.push(rng.choice(game.legal_moves()))
        start = time.monotonic()
        response = http.post("/v1/skat/tip", json={"view": game.view().to_dict()})
        assert time.monotonic() - start < 0.2 + 1.5, response.text
        assert response.status_code == 200, response.text
        document = response.json()
        assert_valid(document)
        assert document["exact"] or document["samples"] == 0, document


def test_no_aid_answers_out_of_time_even_when_its_request_waited_its_time_out() -> None:
    """Every aid a page asks for answers with what it has by its limit: Euler's Officers' hint
    (the index answers at once), Eight Off's hint and "still winnable?" (*unknown* within its
    limits is an answer), the Offiziersskat tip (an estimate over the samples done)."""
    from officers.contract import Budget
    from officers.eightoff import EightOffGame
    from officers.skat import SkatGame

    requests = {
        "hint": {"game": "AS3/1KH2/4/4 normal 1 1 ADACKSQDQCJDJC/AHKDKCQSQHJSJH - - 3"},
        "eightoff/hint": {"game": EightOffGame.deal(2).notation()},
        "skat/tip": {"view": SkatGame.deal(2).view().to_dict()},
    }
    kinds = {"hint": "hint", "eightoff/hint": "eightoff-hint", "skat/tip": "skat-tip"}
    for op, fields in requests.items():
        for limit in (0.001, 0.05):
            waited = Budget(deadline=time.monotonic() - 1)
            for budget in (waited, Budget()):
                document = answer(op, fields, Limits(time_limit=limit), budget)
                assert_valid(document)
                assert document["kind"] == kinds[op], (op, limit, document)


def test_a_tip_holds_a_search_slot_and_is_refused_busy_when_none_is_free(db: str) -> None:
    http = client(db, max_searches=0)
    first, (seat,) = make_room(http, {"game": "skat", "seats": ["human", "random"]})
    busy = http.post(f"/v1/rooms/{first['room']}/hint", json={}, headers=bearer(seat.token))
    assert busy.status_code == 503 and busy.json()["code"] == "busy"
    assert 1 <= int(busy.headers["retry-after"]) <= 3


# --- refusals --------------------------------------------------------------------------------


def refused(seat: Seat, move: str, lang: str | None) -> dict[str, Any]:
    state = seat.get("/state")
    body = {"move": move, "seq": state["seq"], **({"lang": lang} if lang else {})}
    response = seat.http.post(f"/v1/rooms/{seat.room}/move", json=body, headers=bearer(seat.token))
    assert response.status_code == 422, response.text
    document: dict[str, Any] = response.json()
    assert_valid(document)
    assert document["code"] == "bad-input"
    assert seat.get("/state")["seq"] == state["seq"]  # nothing was played
    return document


def test_an_officers_refusal_is_told_in_german_with_its_rule(db: str) -> None:
    http = client(db)
    first, seats = make_room(http, {"game": "officers", "seats": ["human", "human"]})
    state = true_state(db, first["room"])
    card = state.hand(1)[0].notation()  # a card of the other seat
    move = f"{card}@r1c1"
    german = refused(seats[0], move, "de")
    door = answer("move", {"game": state.notation(), "move": move, "lang": "de"})
    assert german["rule"] == "not-in-hand" and german["message"] == door["text"]["de"]
    english = refused(seats[0], move, None)  # v1: the error's English sentence, now with its rule
    assert english["rule"] == "not-in-hand" and english["message"] == door["refusal"]
    unreadable = refused(seats[0], "QQ@r1c1", "de")
    assert unreadable["rule"] == "unreadable" and "lässt sich nicht lesen" in unreadable["message"]
    bad = http.post(
        f"/v1/rooms/{first['room']}/move",
        json={"move": move, "seq": first["seq"], "lang": "fr"},
        headers=bearer(seats[0].token),
    )
    assert bad.status_code == 422 and bad.json()["code"] == "bad-request"
    assert "rule" not in bad.json()


def test_a_skat_refusal_names_must_follow_as_the_stateless_door_does(db: str) -> None:
    http = client(db)
    rng = random.Random(1)
    for _ in range(40):  # deals until the second player holds a card it may not play
        first, seats = make_room(http, {"game": "skat", "seats": ["human", "human"]})
        view = play_some(seats, 2, rng, "legal")  # the choice and a lead
        mover = seats[view["view"]["to_move"] - 1]
        legal = mover.get("/state")["view"]["legal"]
        side = view["view"]["view"]["face_up"][mover.number - 1]
        cards = [f"{card}@{pile + 1}" for pile, card in enumerate(side) if card is not None]
        illegal = [card for card in cards if card not in legal]
        if illegal:
            break
    else:
        pytest.fail("no deal with a card that must not be played")
    game = true_state(db, first["room"])
    german = refused(mover, illegal[0], "de")
    door = http.post(
        "/v1/skat/move", json={"game": game.notation(), "move": illegal[0], "lang": "de"}
    ).json()
    refusal = door["refused"]
    assert german["rule"] == "must-follow" == refusal["rule"]
    assert german["message"] == refusal["text"]


def test_an_eight_off_refusal_has_its_rule_and_the_live_move_its_language(db: str) -> None:
    http = client(db)
    first, (seat,) = make_room(http, {"game": "eightoff", "options": {"variant": "eight-off"}})
    state = true_state(db, first["room"])
    legal = set(seat.get("/state")["view"]["legal"])
    move = next(
        f"{source}{target}"
        for source in "12345678"
        for target in "12345678h"
        if source != target
        and f"{source}{target}" not in legal
        and state.refusal(f"{source}{target}") is not None
    )
    german = refused(seat, move, "de")
    door = answer("eightoff/move", {"game": state.notation(), "move": move, "lang": "de"})
    found = door["refused"]
    assert german["rule"] == found["rule"] and german["message"] == found["text"]
    with http.websocket_connect(f"/v1/rooms/{first['room']}/live") as live:
        live.send_json({"type": "hello", "token": seat.token, "after": first["seq"]})
        update = live.receive_json()
        live.send_json({"type": "move", "move": move, "seq": update["seq"], "lang": "de", "id": 3})
        told = live.receive_json()
    assert_valid({key: value for key, value in told.items() if key != "id"})
    assert told["id"] == 3 and told["rule"] == german["rule"]
    assert told["message"] == german["message"]
