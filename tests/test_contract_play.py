"""The play operations (contract version 3): one client plays every game, through every door.

The client below knows nothing of any game: it asks ``play/games``, deals each game, plays
random legal moves by their ``notation`` until the game ends (or for a while), checks a refused
move, takes moves back, and holds every answer to its schema. It runs against the contract
directly, the engine protocol (``officers engine``, a real process) and the HTTP service.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from officers.contract import handle
from officers.games import GAMES
from tests.helpers import assert_valid

Post = Callable[[str, dict[str, Any]], dict[str, Any]]
LONGEST = 150  # moves a game at most (a patience game may go round in circles)


def play_every_game(post: Post, seed: int) -> dict[str, str | None]:
    """Play each game the door lists with random legal moves; answer each game's outcome text."""
    rng = random.Random(seed)
    listed = post("play/games", {})
    assert_valid(listed)
    outcomes: dict[str, str | None] = {}
    for game in listed["games"]:
        name = game["name"]
        state = post("play/new", {"game": name, "deal": rng.randrange(1000), "lang": "de"})
        assert_valid(state)
        assert state["players"] in range(game["players"][0], game["players"][1] + 1)
        first = state
        for _ in range(LONGEST):
            if state["outcome"] is not None:
                break
            move = rng.choice(state["legal_moves"])["notation"]
            answer = post("play/move", {"game": name, "state": state["state"], "move": move})
            assert_valid(answer)
            assert answer["refused"] is None, answer["refused"]
            assert answer["state"]["moves"][-1:] == ([answer["move"]] if game["record"] else [])
            state = answer["state"]
        outcomes[name] = None if state["outcome"] is None else state["outcome"]["text"]
        if state["outcome"] is not None:
            assert not state["legal_moves"] and state["to_move"] is None
            assert set(state["outcome"]["returns"]) <= {0, 1}
        refused = post("play/move", {"game": name, "state": first["state"], "move": "zz9"})
        assert_valid(refused)
        assert refused["refused"]["rule"] and refused["refused"]["text"]
        assert refused["state"]["state"] == first["state"]
        # text that is no move at all: one rule in every game, told in the language asked for
        for lang, says in (("en", "cannot read move 'zz9'"), ("de", "Der Zug 'zz9' lässt sich")):
            asked = {"game": name, "state": first["state"], "move": "zz9", "lang": lang}
            told = post("play/move", asked)["refused"]
            assert told["rule"] == "unreadable" and told["text"].startswith(says), told
        if state["moves"]:  # take the last move back: the state before it
            back = post("play/undo", {"game": name, "state": state["state"], "count": 1})
            assert_valid(back)
            assert back["moves"] == state["moves"][:-1]
    return outcomes


def _direct(op: str, body: dict[str, Any]) -> dict[str, Any]:
    return handle({"op": op, **body})


def test_one_client_plays_every_game_through_the_contract() -> None:
    outcomes = play_every_game(_direct, seed=1)
    assert set(outcomes) == set(GAMES)
    assert outcomes["skat"] is not None  # 32 cards and a choice: always over within the moves


@pytest.fixture
def engine() -> Iterator[Post]:
    process = subprocess.Popen(
        [sys.executable, "-m", "officers", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout

    def post(op: str, body: dict[str, Any]) -> dict[str, Any]:
        stdin.write(json.dumps({"op": op, **body}) + "\n")
        stdin.flush()
        answer: dict[str, Any] = json.loads(stdout.readline())
        answer.pop("id", None)  # the engine's envelope
        return answer

    try:
        yield post
    finally:
        stdin.close()
        process.wait(timeout=30)


def test_one_client_plays_every_game_through_the_engine(engine: Post) -> None:
    assert play_every_game(engine, seed=2) == play_every_game(_direct, seed=2)


def test_one_client_plays_every_game_through_http() -> None:
    httpx = pytest.importorskip("httpx")
    from officers.serve import Settings, create_app

    transport = httpx.ASGITransport(app=create_app(Settings(rate=0)))

    def post(op: str, body: dict[str, Any]) -> dict[str, Any]:
        async def ask() -> Any:
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
                return await client.post(f"/v1/{op}", json=body)

        response = asyncio.run(ask())
        answer: dict[str, Any] = response.json()
        assert response.status_code == (200 if answer["kind"] != "error" else 422), answer
        return answer

    assert play_every_game(post, seed=3) == play_every_game(_direct, seed=3)


@pytest.mark.parametrize(
    ("body", "code", "said"),
    [
        ({"game": "chess"}, "bad-input", "no game 'chess': expected one of officers, eightoff"),
        ({"game": "skat", "options": {"level": "hard"}}, "bad-input", "no such options"),
        ({"game": "eightoff", "options": {"variant": "spider"}}, "bad-input", "'spider'"),
        ({"game": "officers", "options": {"players": 9}}, "bad-input", "1-4 players"),
        ({"game": "skat", "player": 3}, "bad-input", "no player 3"),
        ({"game": "skat", "deal": -1}, "bad-request", "deal"),
        ({"game": "skat", "lang": "fr"}, "bad-request", "lang"),
    ],
)
def test_a_bad_new_game_is_refused_with_what_was_wrong(
    body: dict[str, Any], code: str, said: str
) -> None:
    answer = handle({"op": "play/new", **body})
    assert answer["kind"] == "error" and answer["code"] == code, answer
    assert said in answer["message"]


def test_a_state_that_is_no_state_is_refused_quoting_it() -> None:
    answer = handle({"op": "play/move", "game": "skat", "state": "deal x ;", "move": "G"})
    assert answer["code"] == "bad-input" and "'deal x '" in answer["message"]


def test_undo_takes_back_no_more_than_the_state_holds() -> None:
    state = handle({"op": "play/new", "game": "skat", "deal": 4})
    answer = handle({"op": "play/undo", "game": "skat", "state": state["state"]})
    assert answer["code"] == "bad-input" and "holds 0" in answer["message"]


def test_a_view_is_what_the_player_asked_for_may_know() -> None:
    state = handle({"op": "play/new", "game": "officers", "deal": 5, "player": 2})
    own = GAMES["officers"].deal(5).view(1).to_dict()
    assert state["view"] == own and state["to_move"] == 1


@pytest.mark.parametrize("game", ["eightoff", "skat"])
def test_text_that_is_no_move_is_a_refusal_in_version_3_and_bad_input_in_version_2(
    game: str,
) -> None:
    # version 2 stays as it was served in 0.3 (the parser's error); version 3 names the rule
    dealt = handle({"op": f"{game}/deal", "number": 3})
    old = handle({"op": f"{game}/move", "game": dealt["game"], "move": "zz9"})
    assert (old["kind"], old["code"]) == ("error", "bad-input") and "'zz9'" in old["message"]
    state = handle({"op": "play/new", "game": game, "deal": 3})
    new = handle({"op": "play/move", "game": game, "state": state["state"], "move": "zz9"})
    assert new["refused"]["rule"] == "unreadable" and "'zz9'" in new["refused"]["text"]
