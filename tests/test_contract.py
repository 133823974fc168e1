"""The JSON contract: every kind valid against its shipped schema, the conventions, the ranked
and capped reasons, the sizes, and the one dispatcher's errors."""

from __future__ import annotations

import random
from typing import Any

import pytest

from officers import GameState, PlayerView, Rules, Square, explain, hint, new_game
from officers.contract import KINDS, NAMES, OPS, STATUS, Limits, handle, schema
from officers.contract.schemas import OPS_WITH_REQUESTS
from officers.euler.analysis import RANKING, check_square
from tests.helpers import BOTH, IDS, assert_valid, played, validator

GAME = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"

REQUESTS: list[dict[str, Any]] = [
    {"op": "hello"},
    {"op": "health"},
    {"op": "hint", "game": GAME},
    {"op": "hint", "game": GAME, "player": 2, "lang": "both", "max_reasons": None},
    {"op": "hint", "view": {"square": "AS1KS1/4/4/4", "hand": ["QD", "JC", "KH"]}},
    {"op": "hint", "view": {"square": "AS3/4/4/4", "hand": "KH QD", "diagonals": True}},
    {"op": "explain", "square": "4/1KD1QH/2QC1/QS3", "max_reasons": 1, "lang": "de"},
    {"op": "explain", "square": "AC3/1JS2/1AH1QD/4", "locked": [0]},
    {"op": "count", "square": "AC3/1JS2/1AH1QD/4", "diagonals": True},
    {"op": "count", "square": "5/5/5/5/5"},
    {"op": "complete", "square": "AC3/1JS2/1AH1QD/4"},
    {"op": "complete", "square": "AS1KS1/4/4/4"},
    {"op": "move", "game": GAME, "move": "AS@r1c1"},
    {"op": "move", "game": GAME, "move": "AH@r1c1"},
    {"op": "bot", "game": GAME, "bot": "exact", "seed": 3},
    {"op": "new", "level": "expert", "players": 3, "seed": 5, "variant": {"ozanam": True}},
    {
        "op": "new",
        "level": "easy",
        "players": 1,
        "seed": 5,
        "riddle": 1,
        "variant": {"coins": True},
    },
    {"op": "verify", "starts": ["AC3/1JS2/1AH1QD/4", "4/4/4/4"]},
    {
        "op": "verify",
        "starts": [{"square": "ADJC2/4/JS3/KC3", "diagonals": True, "name": "x"}, "AC3"],
    },
    {"op": "schema", "name": "count"},
    {"op": "nope"},
    {"op": "count"},
    {"op": "count", "square": "XX"},
    {"op": "count", "square": 5},
    {"op": "count", "square": "7/7/7/7/7/7/7"},
    {"op": "verify", "starts": []},
    ["not", "an", "object"],
    {"op": "bots"},
    {"op": "record", "setup": GAME, "moves": ["AS@r1c1", "AH@r2c2", "concede"], "seed": 7},
    {"op": "move", "game": GAME, "move": "AS@r1c1", "lang": "both"},
]


def test_every_kind_has_a_valid_schema_and_every_answer_matches_it() -> None:
    for name in NAMES:
        validator(name)  # checks the schema itself
    seen = set()
    for request in REQUESTS:
        answer = handle(request)
        assert answer["version"] == 2 and answer["kind"] in KINDS
        assert_valid(answer)
        seen.add(answer["kind"])
        if answer["kind"] == "error":
            assert answer["code"] in STATUS and answer["message"]
    assert seen == set(KINDS[: KINDS.index("square")]) - {"bye"}  # the rest: the CLI's
    assert set(OPS_WITH_REQUESTS) <= set(OPS)


def test_requests_in_the_examples_match_their_schemas() -> None:
    for request in REQUESTS[:20]:
        data = {key: value for key, value in request.items() if key != "op"}
        if request["op"] in OPS_WITH_REQUESTS:
            errors = list(validator(f"{request['op']}-request").iter_errors(data))
            assert not errors, (request, errors[0].message)


def test_one_shape_for_squares_cells_cards_and_players() -> None:
    game = handle({"op": "new", "level": "normal", "players": 2, "seed": 7})
    state = GameState.parse(game["game"])
    assert game["square"] == state.square.notation() and len(game["cells"]) == 16
    assert game["to_move"] == 1 and state.turn == 0  # players are 1-based in JSON
    moved = handle({"op": "move", "game": game["game"], "move": "AS@r1c1"})
    assert moved["accepted"] and moved["game"]["to_move"] == 2
    assert moved["game"]["cells"][0] == "AS" and moved["game"]["square"] == "AS3/4/4/4"
    completion = handle({"op": "complete", "square": "AC3/1JS2/1AH1QD/4"})
    assert isinstance(completion["completion"], str)
    assert Square(completion["completion"]).is_full()
    lost = GameState.parse("JDKHQC1/KC1JSAD/QSACKDJH/AHQD1KS hard 0 2 QH/ASJC - - 14")
    answer = handle({"op": "move", "game": lost.notation(), "move": "concede"})
    assert answer["accepted"] is False and "game is over" in answer["refusal"]
    assert (
        answer["game"]["outcome"]["player"] == 2 and answer["game"]["outcome"]["reason"] == "stuck"
    )


def test_a_slip_is_refused_with_the_rules_sentence_and_costs_nothing() -> None:
    start = handle({"op": "move", "game": GAME, "move": "AS@r1c1"})["game"]["game"]
    answer = handle({"op": "move", "game": start, "move": "AH@r1c2"})
    assert answer["accepted"] is False and answer["refusal"].startswith("slip:")
    assert answer["game"]["game"] == start


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_reasons_are_ranked_capped_and_counted(rules: Rules) -> None:
    capped_seen = False
    for square in played(rules)[::23]:
        explanation = explain(square, rules)
        checks = [v.check for v in explanation.violations]
        assert checks == sorted(checks, key=RANKING.index)
        assert set(checks) <= {v.check for v in check_square(square, rules)}
        data = explanation.to_dict()
        assert data["reasons_total"] == len(explanation.violations)
        assert len(data["reasons"]) == min(3, len(explanation.violations))
        assert [r["check"] for r in data["reasons"]] == checks[:3]
        capped_seen |= data["reasons_total"] > 3
        if explanation.status != "dead":
            assert data["repairs"] == [] and data["repairs_total"] == 0  # no dummy repair
    assert capped_seen


def test_a_card_with_no_cell_comes_before_a_line() -> None:
    data = explain(Square("4/1KD1QH/2QC1/QS3")).to_dict()
    assert [r["check"] for r in data["reasons"]] == ["card", "line", "line"]


def test_sizes_in_one_language() -> None:
    rng = random.Random(13)
    sizes = []
    for seed in range(30):
        game = new_game("normal", players=2, seed=seed)
        for _ in range(rng.randrange(0, 6)):
            moves = [m for m in game.legal_moves() if m.kind == "place"]
            if not moves or game.is_over():
                break
            game.push(rng.choice(moves))
        advice = hint(game.view())
        sizes.append((advice.status, len(advice.to_json().encode())))
    live = [size for status, size in sizes if status == "live"]
    dead = [size for status, size in sizes if status == "dead"]
    assert live and dead
    assert max(live) < 4000  # a hint for a hand of up to 8 cards, in one language
    assert max(dead) < 9000  # at most 3 reasons (Euler's trap with its witnesses is the longest)
    start = hint(new_game("normal", players=2, seed=1).view(0))
    assert len(start.view.hand) == 8
    assert len(start.to_json().encode()) < 3600
    assert len(start.to_json("both").encode()) > len(start.to_json().encode())


def test_the_library_and_the_contract_give_the_same_hint() -> None:
    state = GameState.parse(GAME)
    assert handle({"op": "hint", "game": GAME, "player": 2}) == hint(state.view(1)).to_dict()
    view = PlayerView.of("AS1KS1/4/4/4", "KH QD")
    answer = handle({"op": "hint", "view": {"square": "AS1KS1/4/4/4", "hand": ["KH", "QD"]}})
    assert answer == hint(view).to_dict()


def test_a_view_notation_reads_with_its_one_known_hand() -> None:
    masked = GameState.parse(GAME).notation(viewer=1)
    assert "?" in masked
    assert handle({"op": "hint", "game": masked}) == handle(
        {"op": "hint", "game": GAME, "player": 2}
    )


def test_limits_answer_at_once() -> None:
    assert handle({"op": "count", "square": "/".join(["9"] * 9)})["code"] == "limit"
    many = {"op": "verify", "starts": ["4/4/4/4"] * 65}
    assert handle(many)["code"] == "limit"
    # The empty square is answered by a construction; one given card leaves a search (for the
    # astronomically many completions of order 7: every question up to order 6 is quick).
    limits = Limits(time_limit=0.3, max_order=7)
    slow = handle({"op": "count", "square": "Aa6/7/7/7/7/7/7"}, limits)
    assert slow["code"] == "timeout" and slow["answer"] == "unknown"
    assert STATUS["timeout"] == 503


def test_schema_op_and_unknown_schema() -> None:
    assert handle({"op": "schema", "name": "hint"})["schema"] == schema("hint")
    assert handle({"op": "schema", "name": "nope"})["code"] == "not-found"
    game = schema("game")["$defs"]["gameDoc"]
    assert game["properties"]["to_move"]["$ref"] == "#/$defs/player"
