"""A room's hint at a level, through HTTP in process (the SQLite store): Eight Off's room hint
takes the ``level`` that ``eightoff/hint`` takes and answers as that door does at that level,
telling nothing above it; a level the request schema does not know is refused with the value
quoted; the rooms of games whose hint has no levels refuse any level but null."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from officers.contract import answer
from officers.eightoff.hints import LEVELS
from tests.helpers import assert_valid
from tests.test_rooms import bearer, client, make_room, true_state
from tests.test_rooms_aids import play_some

# what each level tells beyond the level below it (docs/json.md, ``eightoff-hint``)
ABOVE = {"winnable": ("look", "move", "plan"), "nudge": ("move", "plan"), "move": ("plan",)}


@pytest.fixture
def db() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="officers-hint-levels-") as folder:
        yield f"{folder}/rooms.db"


def room_hint(http: TestClient, room: str, token: str, body: dict[str, Any]) -> Any:
    return http.post(f"/v1/rooms/{room}/hint", json=body, headers=bearer(token))


def test_an_eight_off_rooms_hint_at_each_level_is_the_doors_at_that_level(db: str) -> None:
    http = client(db)
    first, (seat,) = make_room(http, {"game": "eightoff", "options": {"variant": "eight-off"}})
    room = first["room"]
    play_some([seat], 4, random.Random(3), "legal")
    state = true_state(db, room)
    found: dict[str | None, dict[str, Any]] = {}
    level: str | None
    for level in (*LEVELS, None):
        for lang in ("en", "de"):
            response = room_hint(http, room, seat.token, {"level": level, "lang": lang})
            assert response.status_code == 200, response.text
            document = response.json()
            assert_valid(document)
            request = {"game": state.notation(), "lang": lang, "level": level}
            door = answer("eightoff/hint", request)
            assert document | {"seconds": 0} == door | {"seconds": 0}, (level, lang)
            if lang == "en":
                found[level] = document
    assert [found[level]["level"] for level in LEVELS] == list(LEVELS)
    for level, hidden in ABOVE.items():  # a hint never tells more than its level
        assert all(found[level][field] is None for field in hidden), level
    if found["plan"]["status"] == "winnable":
        assert found["move"]["move"] in seat.get("/state")["view"]["legal_moves"]
        assert found["plan"]["plan"][0] == found["move"]["move"]
    plain = room_hint(http, room, seat.token, {}).json()
    assert plain | {"seconds": 0} == found[None] | {"seconds": 0}  # no level: the next move's
    assert plain["level"] == "move" and plain["text"].startswith("The game")
    assert seat.get("/state")["seq"] == first["seq"] + 4  # a hint at any level changes nothing


@pytest.mark.parametrize("level", ["all", "Move", "", 5, ["move"], {"level": "plan"}, True])
def test_a_level_the_schema_does_not_know_is_refused_with_the_value_quoted(
    db: str, level: object
) -> None:
    http = client(db)
    first, (seat,) = make_room(http, {"game": "eightoff"})
    response = room_hint(http, first["room"], seat.token, {"level": level})
    assert response.status_code == 422, response.text
    refusal = response.json()
    assert refusal["code"] == "bad-request" and "rooms-hint-request" in refusal["message"]
    assert "at 'level'" in refusal["message"] and repr(level)[:20] in refusal["message"]


@pytest.mark.parametrize(
    ("body", "title"),
    [
        ({"game": "officers", "seats": ["human", "random"]}, "officers"),
        ({"game": "skat", "seats": ["human", "random"]}, "skat"),
    ],
)
def test_a_game_whose_hint_has_no_levels_refuses_a_level_but_not_null(
    db: str, body: dict[str, Any], title: str
) -> None:
    http = client(db)
    first, seats = make_room(http, body)
    room, token = first["room"], seats[0].token
    for level in LEVELS:
        response = room_hint(http, room, token, {"level": level})
        assert response.status_code == 422, response.text
        refusal = response.json()
        assert refusal["code"] == "bad-input", refusal
        assert f"a {title} room's hint has no levels: got level '{level}'" in refusal["message"]
    if title == "officers":  # the quick hint; a tip at the choice searches for seconds
        plain = room_hint(http, room, token, {"level": None, "lang": "de"})
        assert plain.status_code == 200 and plain.json()["lang"] == "de", plain.text


def test_the_adapters_hint_checks_its_level_too() -> None:
    """The adapter refuses a level it does not know itself (its callers need not hold it to
    the schema), with the level quoted."""
    from officers.contract import Limits
    from officers.contract.limits import Budget
    from officers.eightoff import EightOffGame
    from officers.rooms.adapter import HintLevels, Hints, adapter

    eight_off = adapter("eightoff")
    assert isinstance(eight_off, HintLevels) and eight_off.hint_levels == LEVELS
    assert all(not isinstance(adapter(g), HintLevels) for g in ("officers", "skat"))
    assert all(isinstance(adapter(g), Hints) for g in ("officers", "skat", "eightoff"))
    game = EightOffGame.deal(5)
    with pytest.raises(ValueError, match="no hint level 'everything'"):
        eight_off.hint(game, 0, "en", Limits(), Budget(), "everything")
    told = eight_off.hint(game, 0, "en", Limits(), Budget(), "winnable")
    assert told["level"] == "winnable" and told["move"] is None
