"""Eight Off through the doors: the contract's ``eightoff/...`` operations, each answer valid
against its schema, the game carried by its notation and checked by the rules engine."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.contract import Budget, Limits, handle
from officers.eightoff import PRESETS, EightOffGame, Position, board_text, refusal
from officers.eightoff.moves import Move
from officers.eightoff.solve import solve_position
from officers.games import GAMES, request_schema
from tests.helpers import assert_valid


def ask(op: str, **fields: object) -> dict[str, Any]:
    answer = handle({"op": op, **fields})
    assert_valid(answer)
    return answer


def test_the_registry_names_every_eightoff_operation_and_kind_once() -> None:
    game = GAMES["eightoff"]
    hello = handle({"op": "hello"})
    assert {op.op for op in game.operations} <= set(hello["ops"])
    assert set(game.kinds) | set(game.documents) <= set(hello["kinds"])
    for operation in game.operations:
        assert operation.op.startswith("eightoff/") and operation.answers in game.kinds
        if operation.example is not None:  # the example keeps its schema and is answered
            answer = ask(operation.op, **operation.example)
            assert answer["kind"] == operation.answers, (operation.op, answer)
            assert (
                handle({"op": "schema", "name": request_schema(operation.op)})["kind"] == "schema"
            )


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_deal_is_the_librarys_deal_in_every_form(name: str) -> None:
    answer = ask("eightoff/deal", variant=name, number=5)
    game = EightOffGame.deal(5, PRESETS[name])
    assert answer["number"] == 5 and answer["variant"] == PRESETS[name].to_dict()
    assert answer["start"] == answer["position"] == game.position.notation()
    assert EightOffGame.parse(str(answer["game"])).position == game.position
    assert answer["legal"] == [m.notation() for m in game.legal_moves()]
    assert answer["board"] == board_text(game.position)
    again = ask("eightoff/deal", variant=name, board=answer["board"])
    assert again["position"] == answer["position"] and again["number"] is None


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_board_that_names_its_variant_is_read_as_the_command_line_reads_it(name: str) -> None:
    """Without a ``variant`` the door reads a board as ``read_board`` does: of the variant it
    names (a ``Variant:`` line, or its position notation line), else of Eight Off."""
    from officers.eightoff.notation import read_board

    position = EightOffGame.deal(7, PRESETS[name]).position
    for text in (f"Variant: {name}\n{board_text(position)}", position.notation() + "\n"):
        answer = ask("eightoff/deal", board=text)
        assert answer["kind"] == "eightoff-game", answer
        assert answer["position"] == read_board(text).notation() == position.notation()
        assert answer["variant"] == PRESETS[name].to_dict()
        given = ask("eightoff/deal", board=text, variant=name)  # the same variant given
        assert given["position"] == answer["position"]
    plain = ask("eightoff/deal", board=board_text(position))  # it names none: Eight Off
    if position.variant.columns == PRESETS["eight-off"].columns:
        assert plain["variant"]["name"] == "eight-off"
    else:
        assert plain["code"] == "bad-input" and "give its variant" in plain["message"]


def test_microsofts_numbering_needs_a_number() -> None:
    answer = ask("eightoff/deal", number=11982, microsoft=True)
    assert answer["position"] == EightOffGame.microsoft(11982).position.notation()
    refused = ask("eightoff/deal", board=answer["board"], microsoft=True)
    assert refused["code"] == "bad-input" and "microsoft" in str(refused["message"])
    assert ask("eightoff/deal", number=1, board=answer["board"])["code"] == "bad-request"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), name=st.sampled_from(sorted(PRESETS)))
def test_random_play_through_the_contract_is_the_rules_engines_play(seed: int, name: str) -> None:
    rng = random.Random(seed)
    answer = ask("eightoff/deal", variant=name, number=1 + seed % 1000)
    game = EightOffGame.deal(1 + seed % 1000, PRESETS[name])
    notations = [answer["game"]]
    for _ in range(12):
        legal = answer["legal"]
        assert isinstance(legal, list)
        if not legal:
            assert answer["outcome"] is not None
            break
        word = rng.choice(legal)
        answer = ask("eightoff/move", game=answer["game"], move=word)
        game.push(word)
        assert answer["refused"] is None and answer["position"] == game.position.notation()
        notations.append(answer["game"])
    back = ask("eightoff/undo", game=notations[-1], count=len(notations) - 1)
    assert back["position"] == back["start"] and back["moves"] == []


def test_a_refused_move_says_the_rule_and_leaves_the_game() -> None:
    dealt = ask("eightoff/deal", number=1)
    position = Position.parse(str(dealt["position"]))
    illegal = [
        word
        for word in (f"{a}{b}" for a in "12345678efgk" for b in "12345678abcdefgkh")
        if word not in dealt["legal"] and a_move(word)
    ]
    assert illegal
    for word in illegal[:40]:
        for lang in ("en", "de"):
            answer = ask("eightoff/move", game=dealt["game"], move=word, lang=lang)
            fact = refusal(position, Move.parse(word))
            assert fact is not None and answer["refused"] == {
                "rule": fact.kind,
                "text": fact.text(lang),
            }
            assert answer["game"] == dealt["game"]


def a_move(word: str) -> bool:
    try:
        Move.parse(word)
    except ValueError:
        return False
    return True


def test_the_hint_is_the_solvers_and_its_move_keeps_the_game_winnable() -> None:
    dealt = ask("eightoff/deal", number=7)
    hint = ask("eightoff/hint", game=dealt["game"], lang="de")
    assert hint["status"] == "winnable" and hint["move"] in dealt["legal"]
    moved = ask("eightoff/move", game=dealt["game"], move=hint["move"])
    assert ask("eightoff/hint", game=moved["game"])["status"] == "winnable"


def test_a_lost_game_is_told_where_it_was_lost() -> None:
    game = EightOffGame.deal(3, PRESETS["bakers-game"])
    for word in ["4d", "7a", "3b", "6c"]:
        game.push(word)
    hint = ask("eightoff/hint", game=game.notation())
    assert (hint["status"], hint["lost_at"], hint["undos"]) == ("lost", 2, 3)
    assert hint["losing_move"] == "7a"


def test_a_solution_replays_through_the_contract_to_a_won_game() -> None:
    dealt = ask("eightoff/deal", number=4507)
    solution = ask("eightoff/solve", game=dealt["game"])
    library = solve_position(Position.parse(str(dealt["position"])))
    assert solution["status"] == library.status == "solvable"
    game = str(dealt["game"])
    for word in solution["moves"]:
        answer = ask("eightoff/move", game=game, move=word)
        assert answer["refused"] is None, answer["refused"]
        game = str(answer["game"])
    assert answer["outcome"] == {
        "won": True,
        "reason": "finished",
        "cards_left": 0,
        "text": "won: every card is on its foundation",
    }
    deal_3 = ask("eightoff/deal", number=3)["game"]
    fewest = handle({"op": "eightoff/solve", "game": deal_3, "fewest": True}, Limits(time_limit=60))
    assert_valid(fewest)
    assert fewest["optimal"] is True and fewest["reason"] is None
    some = ask("eightoff/solve", game=deal_3)
    assert fewest["count"] <= some["count"]


def test_an_unsolvable_deal_is_proved_so() -> None:
    dealt = ask("eightoff/deal", number=11982, microsoft=True)
    proof = handle({"op": "eightoff/solve", "game": dealt["game"]}, Limits(time_limit=120))
    assert_valid(proof)
    assert (proof["status"], proof["moves"], proof["reason"]) == ("unsolvable", [], None)


def test_the_search_keeps_the_doors_limits() -> None:
    game = EightOffGame.microsoft(11982).notation()
    short = handle({"op": "eightoff/solve", "game": game}, Limits(time_limit=0.01))
    assert_valid(short)
    assert (short["status"], short["reason"]) == ("unknown", "time")
    small = handle({"op": "eightoff/solve", "game": game}, Limits(max_states=1000))
    assert (small["status"], small["reason"]) == ("unknown", "memory")
    cancel = threading.Event()
    cancel.set()
    cancelled = handle({"op": "eightoff/hint", "game": game}, budget=Budget(cancel=cancel))
    assert cancelled["code"] == "cancelled"
    none_free = threading.BoundedSemaphore(1)
    none_free.acquire()
    busy = handle({"op": "eightoff/solve", "game": game}, budget=Budget(searches=none_free))
    assert busy["code"] == "busy"
    assert (
        handle(
            {"op": "eightoff/move", "game": game, "move": "1h"}, budget=Budget(searches=none_free)
        )["kind"]
        == "eightoff-move"
    )


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"game": "eight-off 1"}, "bad-input"),
        ({"game": "x" * 20000}, "bad-request"),
        ({"game": EightOffGame.deal(1).notation() + " 1h 1h"}, "bad-input"),
        ({"game": EightOffGame.deal(1).notation(), "count": 1}, "bad-input"),
    ],
)
def test_bad_games_get_clear_errors(fields: dict[str, object], code: str) -> None:
    answer = handle({"op": "eightoff/undo", **fields})
    assert answer["code"] == code, answer
    assert len(json.dumps(answer)) < 1000


def test_the_service_answers_every_eightoff_operation_at_its_path() -> None:
    from starlette.testclient import TestClient

    from officers.serve import create_app

    client = TestClient(create_app())
    paths = client.get("/openapi.json").json()["paths"]
    for operation in GAMES["eightoff"].operations:
        assert f"/v1/{operation.op}" in paths
        response = client.post(f"/v1/{operation.op}", json=dict(operation.example or {}))
        assert response.status_code == 200, response.text
        assert response.json()["kind"] == operation.answers
    refused = client.post("/v1/eightoff/solve", json={"game": "eight-off"})
    assert refused.status_code == 422 and refused.json()["code"] == "bad-input"


def test_the_engine_answers_eightoff_lines() -> None:
    import subprocess
    import sys

    deal = json.dumps({"op": "eightoff/deal", "number": 9, "id": "a"})
    lines = subprocess.run(
        [sys.executable, "-m", "officers", "engine"],
        input=deal + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.splitlines()
    answer = json.loads(lines[0])
    assert answer["id"] == "a" and answer["position"] == EightOffGame.deal(9).position.notation()


def test_the_safe_moves_are_legal_and_the_outcome_speaks_the_language() -> None:
    dealt = ask("eightoff/deal", number=1, lang="de")
    assert dealt["safe"] == ["4h"] and set(dealt["safe"]) <= set(dealt["legal"])
    solution = ask("eightoff/solve", game=dealt["game"])
    game = EightOffGame.parse(dealt["game"])
    for word in solution["moves"][:-1]:
        game.push(word)
    last = ask("eightoff/move", game=game.notation(), move=solution["moves"][-1], lang="de")
    assert last["outcome"]["won"] and last["outcome"]["text"].startswith("gewonnen")
    runs = [word for word in solution["moves"] if "v" in word]
    assert all(int(word.split("v")[1], 16) > 1 for word in runs)
