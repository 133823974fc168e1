"""One error hierarchy: every error officers raises on purpose is an ``OfficersError``, the doors'
refusals (``BadRequestError``, ``RoomError``) too, and making them so changed no refusal's code
or HTTP status; an argument of the right type with a value a function cannot take is an
``InvalidArgumentError`` in every game (and, where 0.3 raised ``InvalidGameError``, that too
until 0.5)."""

from __future__ import annotations

import itertools
import pickle
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import officers
from officers.cli import main
from officers.contract import STATUS, Budget, Limits, answer
from officers.contract.bounded import CancelledError
from officers.contract.requests import BadRequestError
from officers.core import errors
from officers.core.deals import SplitMix64
from officers.core.errors import (
    IllegalPlacementError,
    InvalidArgumentError,
    InvalidGameError,
    OfficersError,
    SolverTimeoutError,
    invalid_argument,
)
from officers.rooms.adapter import adapter
from officers.rooms.errors import RoomError
from officers.rooms.room import Rooms
from officers.rooms.store import SQLiteStore
from officers.skat import Deal, Position, SkatGame
from officers.skat.chance import exact_value, game_values, move_values
from officers.skat.rules import trick_winner
from officers.skat.search import Board
from officers.skat.solve import solve_games

# --- the hierarchy ---------------------------------------------------------------------------


def test_every_error_of_officers_is_an_officers_error() -> None:
    kinds = [getattr(errors, name) for name in errors.__all__]
    kinds = [kind for kind in kinds if isinstance(kind, type)]
    assert len(kinds) == 10
    for kind in (*kinds, BadRequestError, RoomError, CancelledError):
        assert issubclass(kind, OfficersError), kind
    assert issubclass(BadRequestError, ValueError)  # the request was wrong
    assert not issubclass(RoomError, ValueError)  # "busy", "conflict": nobody's fault


@pytest.mark.parametrize(
    "error",
    [
        BadRequestError("limit", "'game' is longer than 4096 characters"),
        RoomError("bad-input", "Farbe bedienen", rule="must-follow"),
        RoomError("busy", "every search slot is taken"),
    ],
    ids=repr,
)
def test_the_doors_refusals_pickle_with_their_code(error: Any) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    assert (again.code, again.message) == (error.code, error.message)
    assert getattr(again, "rule", None) == getattr(error, "rule", None)


# --- refusals keep their codes -----------------------------------------------------------------

EIGHT_OFF = answer("eightoff/deal", {"number": 1})["game"]
NO_SLOT = Budget(searches=threading.Semaphore(0))


@pytest.mark.parametrize(
    ("op", "fields", "budget", "code", "status"),
    [
        ("frobnicate", {}, None, "unknown-op", 404),
        ("schema", {"name": "no-such-kind"}, None, "not-found", 404),
        ("count", {"square": "4/4/4/4", "diagonalz": True}, None, "bad-request", 422),
        ("count", {"square": "7/7/7/7/7/7/7"}, None, "limit", 422),
        ("count", {"square": "AS5/4/4/4"}, None, "bad-input", 422),  # the library's error
        ("skat/value", {"public": "deal 1", "objective": "most"}, None, "bad-request", 422),
        ("eightoff/undo", {"game": EIGHT_OFF, "count": 3}, None, "bad-input", 422),
        ("eightoff/hint", {"game": EIGHT_OFF}, NO_SLOT, "busy", 503),
    ],
)
def test_the_contract_answers_each_refusal_with_its_own_code(
    op: str, fields: dict[str, Any], budget: Budget | None, code: str, status: int
) -> None:
    document = answer(op, fields, Limits(), budget)
    assert document["kind"] == "error", document
    assert (document["code"], STATUS[document["code"]]) == (code, status), document


@pytest.fixture
def room() -> Iterator[tuple[Rooms, str, str, int]]:
    """A room of Euler's Officers in memory: one person and a bot, the person to move."""
    rooms = Rooms(SQLiteStore(":memory:"), clock=itertools.count(1000.0).__next__)
    made = rooms.create({"game": "officers", "seats": ["human", "random"]}, "10.0.0.1")
    yield rooms, made["room"], made["token"], made["seq"]


Raiser = Callable[..., Any]


def raising(error: Exception) -> Raiser:
    def method(*args: Any, **kwargs: Any) -> Any:
        raise error

    return method


REFUSALS = [
    (BadRequestError("busy", "every search slot is taken"), "busy"),
    (BadRequestError("limit", "too much"), "limit"),
    (RoomError("timeout", "the search ran out of time"), "timeout"),
    (RoomError("conflict", "not now"), "conflict"),
    (InvalidGameError("no such game"), "bad-input"),
    (IllegalPlacementError("cannot place AS there"), "bad-input"),
    (ValueError("a plain ValueError"), "bad-input"),
]


@pytest.mark.parametrize(("error", "code"), REFUSALS, ids=repr)
def test_a_rooms_hint_take_back_and_move_keep_each_refusals_code(
    room: tuple[Rooms, str, str, int],
    monkeypatch: pytest.MonkeyPatch,
    error: Exception,
    code: str,
) -> None:
    rooms, room_id, token, seq = room
    game = type(adapter("officers"))
    for method in ("hint", "take_back", "play"):
        monkeypatch.setattr(game, method, raising(error))
    calls: list[Callable[[], Any]] = [
        lambda: rooms.hint(room_id, token, {"lang": "en"}, Limits(), Budget()),
        lambda: rooms.take_back(room_id, token, {"seq": seq}),
    ]
    if isinstance(error, (RoomError, BadRequestError)):  # a move's other errors name a rule
        calls.append(lambda: rooms.move(room_id, token, {"move": "AS@r1c1", "seq": seq}))
    for call in calls:
        with pytest.raises(RoomError) as refused:
            call()
        assert refused.value.code == code
        assert refused.value.document()["code"] == code


def test_options_a_game_cannot_take_are_bad_input(room: tuple[Rooms, str, str, int]) -> None:
    rooms = room[0]
    with pytest.raises(RoomError) as refused:
        rooms.create({"game": "officers", "options": {"level": "legendary"}}, "10.0.0.1")
    assert refused.value.code == "bad-input"


def test_a_bad_request_on_the_command_line_is_bad_input_not_a_bug(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"
    assert main(["hint", game, "--player", "0"]) == 2  # 0.3: 4, "internal error"
    assert capsys.readouterr().err == ("officers: 'player' must be a whole number >= 1, got 0\n")


# --- arguments of the right type with a value a function cannot take ------------------------


def chosen() -> SkatGame:
    game = SkatGame.deal(1)
    game.push("G")
    return game


BAD_ARGUMENTS: list[tuple[str, Callable[[], object], str]] = [
    ("objective", lambda: exact_value(chosen(), "most"), "the objective is 'win' or 'points'"),
    ("objective", lambda: move_values(chosen(), "most"), "the objective is 'win' or 'points'"),
    ("chosen", lambda: game_values(chosen()), "the game is chosen already"),
    ("chosen", lambda: solve_games(chosen()), "the game is chosen already"),
    ("unchosen", lambda: Board(Position.start(Deal.numbered(1))), "the search needs a chosen"),
    ("no trick", lambda: trick_winner(chosen().position, 0), "no trick waits"),
    ("below", lambda: SplitMix64(1).below(0), r"below\(n\) needs 1 <= n"),
]


@pytest.mark.parametrize(("what", "call", "says"), BAD_ARGUMENTS, ids=[b[0] for b in BAD_ARGUMENTS])
def test_a_bad_argument_is_an_invalid_argument_error_and_still_an_invalid_game_error(
    what: str, call: Callable[[], object], says: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=says) as raised:
        call()
    assert isinstance(raised.value, InvalidGameError)  # what 0.3 raised, caught as before
    assert raised.value.__class__.__name__ == "InvalidArgumentError"
    assert repr(raised.value).startswith("InvalidArgumentError(")
    again = pickle.loads(pickle.dumps(raised.value))
    assert type(again) is InvalidArgumentError and str(again) == str(raised.value)


def test_a_bad_time_limit_is_an_invalid_argument_error_as_before() -> None:
    with pytest.raises(InvalidArgumentError) as raised:
        exact_value(chosen(), time_limit=0)
    assert not isinstance(raised.value, InvalidGameError)
    with pytest.raises(SolverTimeoutError):
        exact_value(SkatGame.deal(1), time_limit=1e-9)


def test_invalid_argument_prints_as_the_new_kind() -> None:
    plain = invalid_argument("n is 1 or more")
    assert type(plain) is InvalidArgumentError
    old = invalid_argument("n is 1 or more", was=InvalidGameError)
    assert f"{type(old).__module__}.{type(old).__qualname__}" == "officers.InvalidArgumentError"
    assert isinstance(old, officers.InvalidArgumentError | officers.InvalidGameError)
    with pytest.raises(TypeError):
        invalid_argument("n is 1 or more", was=ValueError)  # type: ignore[arg-type]
