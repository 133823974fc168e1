"""The doors under strange input: what a schema fuzzer and a hostile client sent the engine and
the service, each answered with valid JSON and the right code; requests held to their schemas in
both directions; searches under a budget (a deadline, a cancel, a cap on searches at once)."""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from officers.contract import OPS, Budget, Limits, answer, handle, schema
from officers.contract.requests import Request
from officers.contract.schemas import OPS_WITH_REQUESTS
from officers.core.wire import WireError, read, write
from officers.engine import MAX_LINE, read_lines
from officers.euler.rules import Rules
from officers.euler.square import Square
from officers.games import request_schema
from tests.helpers import assert_valid


def strict_json(text: str) -> Any:
    """``text`` read as JavaScript's ``JSON.parse`` reads it: no NaN, no Infinity."""

    def refuse(word: str) -> Any:
        raise ValueError(f"{word} is not JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"id": NaN}', "NaN is not a JSON value"),
        ('{"id": Infinity}', "Infinity is not a JSON value"),
        ('{"id": -Infinity}', "-Infinity is not a JSON value"),
        ('{"id": 1e400}', "the number 1e400 is too large for JSON"),
        ('{"id": ' + "7" * 5000 + "}", "an integer has too many digits"),
        ("[" * 100_000, "nested too deeply"),
        (b'{"id": "\xff"}', "not UTF-8"),
    ],
)
def test_the_wire_refuses_what_is_not_json(text: str | bytes, reason: str) -> None:
    with pytest.raises(WireError) as caught:
        read(text)
    message = str(caught.value)
    assert reason in message and len(message) < 300


@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(codec=None), max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3),
    max_leaves=10,
))  # fmt: skip
def test_what_the_wire_writes_reads_back_the_same(value: Any) -> None:
    text = write(value)
    assert "\n" not in text and "\u2028" not in text
    text.encode("utf-8")  # lone surrogates are written as escapes
    assert strict_json(text) == value
    assert read(text.encode("utf-8")) == value


def test_a_line_over_the_limit_is_skipped_unread() -> None:
    import io

    stream = io.BytesIO(b"a" * 100 + b"\n" + b"b" * 10 + b"\n" + b"c" * 50)
    assert list(read_lines(stream, max_line=20)) == [None, b"b" * 10, None]
    stream = io.BytesIO(b"x" * (3 * MAX_LINE) + b"\n{}\r\n")
    assert list(read_lines(stream)) == [None, b"{}"]


# -- requests held to their schemas, in both directions ------------------------------------


@pytest.mark.parametrize(
    ("request_", "where"),
    [
        ({"op": "count", "square": "4/4/4/4", "diagonalz": True}, "'diagonalz' was unexpected"),
        ({"op": "count", "square": "4/4/4/4", "diagonals": None}, "null is not of type"),
        ({"op": "explain", "square": "4/4/4/4", "max_reasons": 1001}, "maximum of 1000"),
        ({"op": "new", "tokens": 10**30}, "maximum of 99"),
        ({"op": "hint"}, "not valid under any"),
        ({"op": "record"}, "not valid under any"),
        ({"op": "record", "record": "x", "moves": []}, "not valid under any"),
        ({"op": "new", "start": "4/4/4/4", "riddle": 1}, "should not be valid"),
        ({"op": "bot", "game": "x", "seed": -1}, "minimum of 0"),
        ({"op": "health", "verbose": True}, "takes no fields"),
        ({"op": "count", "square": "\ud800"}, "does not match"),
    ],
)
def test_a_request_breaking_its_schema_is_refused_as_bad_request(
    request_: dict[str, Any], where: str
) -> None:
    document = handle(request_)
    assert document["code"] == "bad-request", document
    assert where in document["message"]
    assert_valid(document)
    strict_json(write(document))


SCHEMA_EXAMPLES = 300 if os.environ.get("CI") else 100
"""The requests generated from the OpenAPI document, each way (more in CI, as its profile)."""


def _generated(mode: str) -> Any:
    """Request bodies that Schemathesis generates from the service's OpenAPI document, in its
    positive (keeping the schemas) or negative (breaking them) mode: (op, body) pairs."""
    schemathesis = pytest.importorskip("schemathesis")
    from officers.serve.openapi import openapi

    api = schemathesis.openapi.from_dict(openapi())
    strategies = []
    for result in api.get_all_operations():
        operation = result.ok()
        if operation.method.upper() != "POST" or operation.path.startswith("/v1/rooms"):
            continue  # the rooms are no operation of the contract (tests/test_rooms.py)
        op = operation.path.removeprefix("/v1/")
        chosen = schemathesis.GenerationMode(mode)
        strategies.append(
            operation.as_strategy(generation_mode=chosen).map(lambda case, op=op: (op, case.body))
        )
    return st.one_of(strategies)


def _agrees(op: str, body: Any) -> None:
    from jsonschema import Draft202012Validator

    # an operation without a request schema (eightoff/presets) takes the empty object only
    wanted = schema(request_schema(op)) if op in OPS_WITH_REQUESTS else {"maxProperties": 0}
    keeps = isinstance(body, dict) and Draft202012Validator(wanted).is_valid(body)
    document = answer(op, body, Limits(time_limit=0.5)) if isinstance(body, dict) else None
    if document is None:  # not an object: the service refuses it before the contract
        return
    assert (document.get("code") == "bad-request") == (not keeps), (op, body, document)
    assert document.get("code") != "internal", (op, body, document)
    assert_valid(document)
    strict_json(write(document))


@settings(max_examples=SCHEMA_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_request_keeping_its_schema_is_never_refused_as_bad_request(data: st.DataObject) -> None:
    _agrees(*data.draw(_generated("positive")))


@settings(max_examples=SCHEMA_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_request_breaking_its_schema_is_always_refused_as_bad_request(
    data: st.DataObject,
) -> None:
    _agrees(*data.draw(_generated("negative")))


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    op=st.sampled_from(OPS),
    fields=st.dictionaries(
        st.sampled_from(["square", "game", "view", "player", "seed", "tokens", "moves", "lang",
                         "starts", "name", "move", "bot", "diagonals", "x", "record", "setup"]),
        st.none() | st.integers() | st.text(max_size=6) | st.booleans() | st.lists(st.integers(), max_size=2),
        max_size=4,
    ),
)  # fmt: skip
def test_the_schema_and_the_service_agree_on_any_request(op: str, fields: dict[str, Any]) -> None:
    """Whatever the fields: refused as bad-request exactly when the schema refuses them."""
    from jsonschema import Draft202012Validator

    document = answer(op, fields, Limits(time_limit=0.5))
    if op in OPS_WITH_REQUESTS:
        keeps = Draft202012Validator(schema(request_schema(op))).is_valid(fields)
    else:
        keeps = not fields
    assert (document.get("code") == "bad-request") == (not keeps), (op, fields, document)
    assert_valid(document)


# -- searches under a budget ---------------------------------------------------------------

SLOW = {"op": "count", "square": "Aa6/7/7/7/7/7/7"}  # order 7, nearly empty: seconds of search
LIMITS = Limits(time_limit=20, max_order=7)


def test_every_search_slot_taken_is_busy_at_once() -> None:
    slots = threading.Semaphore(0)
    started = time.monotonic()
    document = handle(SLOW, LIMITS, Budget(searches=slots))
    assert time.monotonic() - started < 1
    assert document["code"] == "busy" and document["answer"] is None
    assert (
        handle({"op": "count", "square": "4/4/4/4"}, LIMITS, Budget(searches=slots))["completions"]
        == 6912
    )  # order 4 needs no search slot


def test_the_time_a_request_waited_counts_against_its_limit() -> None:
    document = handle(SLOW, LIMITS, Budget(deadline=time.monotonic() - 1))
    assert document["code"] == "timeout" and "waited" in document["message"]
    started = time.monotonic()
    document = handle(SLOW, LIMITS, Budget(deadline=time.monotonic() + 0.5))
    assert document["code"] == "timeout" and time.monotonic() - started < 5


def test_a_cancelled_search_ends_at_once() -> None:
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    started = time.monotonic()
    document = handle(SLOW, LIMITS, Budget(cancel=cancel))
    assert document["code"] == "cancelled" and document["answer"] == "unknown"
    assert time.monotonic() - started < 5


def _time_limit_seen(square: Square, rules: Rules, time_limit: float | None = 10.0) -> Any:
    return time_limit


def test_the_search_child_is_not_held_to_the_solvers_default_limit() -> None:
    """The child is ended at the request's limit, so the solver inside it gets none of its own
    (the default 10 s cut every --time-limit above 10 s to 10 s)."""
    from officers.contract.squares import _solve

    request = Request({}, Budget())
    square = Square.empty(5)
    seen = _solve(_time_limit_seen, square, Rules(order=5), request, Limits(time_limit=100))
    assert seen is None


def test_a_hint_carries_the_move_to_send_and_the_game_takes_it() -> None:
    import random

    from officers import new_game

    rng = random.Random(3)
    actions = set()
    for seed in range(40):
        state = new_game(rng.choice(["easy", "normal", "hard"]), players=1 + seed % 4, seed=seed)
        while not state.is_over():
            document = handle({"op": "hint", "game": state.notation(), "player": state.turn + 1})
            recommendation = document["recommendation"]
            actions.add(recommendation["action"])
            move = recommendation["move"]
            if recommendation["action"] in ("skip", "none"):
                assert move is None
                break
            played = handle({"op": "move", "game": state.notation(), "move": move})
            assert played["accepted"], (state.notation(), move, played["refusal"])
            if recommendation["action"] == "concede" or rng.random() < 0.3:
                break
            state.push(state.parse_move(rng.choice(state.legal_moves()).notation()))
    assert {"place", "take-back"} <= actions


def test_safe_placements_keep_one_time_limit_for_all_their_counts() -> None:
    """Each legal placement is a count of its own; the limit is the whole call's (it was each
    count's: 145 s under a limit of 10 s at order 6)."""
    from officers.core.errors import SolverTimeoutError
    from officers.euler.solve import safe_placements

    started = time.monotonic()
    with pytest.raises(SolverTimeoutError):
        safe_placements(Square("Aa6/7/7/7/7/7/7", order=7), Rules(order=7), time_limit=0.5)
    assert time.monotonic() - started < 3


@pytest.mark.parametrize(
    "body",
    [
        rb'{"starts": ["\ud800"]}',
        rb'{"starts": [{"square": "4/4/4/4", "x": "\udfff"}]}',
        b'{"starts": ["4/4/4/4"], "note": NaN}',
    ],
)
def test_the_service_answers_strange_strings_with_json(body: bytes) -> None:
    """Each was a 500 or a body that JSON.parse rejects."""
    httpx = pytest.importorskip("httpx")
    import asyncio

    from officers.serve import Settings, create_app

    async def go() -> Any:
        transport = httpx.ASGITransport(app=create_app(Settings(rate=0)))
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.post(
                "/v1/verify", content=body, headers={"content-type": "application/json"}
            )

    response = asyncio.run(go())
    assert response.status_code in (200, 400, 422)
    response.content.decode("utf-8")  # UTF-8 throughout
    document = strict_json(response.text)
    assert_valid(document)
    if b"NaN" in body:
        assert document["code"] == "bad-json"
    elif b"x" in body:  # a field passed through comes back as it was given
        assert document["results"][0]["fields"] == {"x": "\udfff"}
    else:  # an unreadable start is answered in its place, quoting it
        assert document["results"][0]["error"]["text"] == "\ud800"
