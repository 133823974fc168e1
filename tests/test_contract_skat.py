"""Offiziersskat through the doors: the contract's ``skat/...`` operations, each answer valid
against its schema, the game carried by its record notation and checked by the rules engine."""

from __future__ import annotations

import random
import re
import threading
import time
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.contract import Budget, Limits, handle
from officers.games import GAMES
from officers.skat import SkatGame
from officers.skat.solve import solve
from tests.helpers import assert_valid


def ask(op: str, limits: Limits | None = None, **fields: object) -> dict[str, Any]:
    answer = handle({"op": op, **fields}, limits or Limits())
    assert_valid(answer)
    return answer


def endgame(number: int, tricks: int, seed: int) -> SkatGame:
    """Deal ``number`` played at random until ``tricks`` tricks are left."""
    rng = random.Random(seed)
    game = SkatGame.deal(number)
    while not game.is_over() and (
        game.position.phase == "choose" or game.position.tricks_left > tricks or game.position.trick
    ):
        game.push(rng.choice(game.legal_moves()))
    return game


def test_the_registry_names_every_skat_operation() -> None:
    hello = handle({"op": "hello"})
    for operation in GAMES["skat"].operations:
        assert operation.op in hello["ops"] and operation.answers in hello["kinds"]
        answer = ask(operation.op, Limits(time_limit=60), **dict(operation.example or {}))
        assert answer["kind"] == operation.answers, answer


@settings(max_examples=20, deadline=None)
@given(number=st.integers(1, 10**6), seed=st.integers(0, 2**32))
def test_random_play_through_the_contract_is_the_rules_engines(number: int, seed: int) -> None:
    rng = random.Random(seed)
    answer = ask("skat/deal", number=number)
    game = SkatGame.deal(number)
    assert answer["game"] == game.notation() and answer["number"] == number
    while answer["legal"]:
        word = rng.choice(answer["legal"])
        answer = ask("skat/move", game=answer["game"], move=word)
        game.push(word)
        assert answer["refused"] is None and answer["position"] == game.position.notation()
        assert answer["view"] == game.view().to_dict()
    assert answer["outcome"] == {**game.outcome().to_dict()}  # type: ignore[union-attr]
    assert sum(answer["outcome"]["points"]) == 120
    back = ask("skat/undo", game=answer["game"], count=len(answer["moves"]))
    assert back["position"] == back["start"] and back["phase"] == "choose"


def test_a_refused_card_says_the_rule_and_leaves_the_game() -> None:
    led = ask(
        "skat/move",
        game=ask("skat/move", game=ask("skat/deal", number=1)["game"], move="H")["game"],
        move="8H@4",
    )
    for lang, text in (
        ("en", "cannot play AS@1: you must follow trumps: your face-up 10♥ (pile 2)"),
        ("de", "Nicht erlaubt (AS@1): Du musst Trumpf bedienen: deine offene Herz-Zehn (Stapel 2)"),
    ):
        refused = ask("skat/move", game=led["game"], move="AS@1", lang=lang)
        game = SkatGame.parse(led["game"])
        fact = game.refusal("AS@1")
        assert fact is not None and refused["refused"] == {
            "rule": fact.kind,
            "text": fact.text(lang),
        }
        assert refused["refused"]["text"] == text and refused["game"] == led["game"]


@pytest.mark.parametrize(("number", "seed"), [(3, 1), (7, 2), (11, 3)])
def test_the_double_dummy_answer_is_the_librarys_and_its_line_plays_out(
    number: int, seed: int
) -> None:
    game = endgame(number, 6, seed)
    answer = ask("skat/solve", game=game.notation())
    library = solve(game.position)
    assert (answer["value"], answer["won"]) == (library.value, library.value >= 61)
    for word in answer["line"]:
        game.push(word)
    assert game.is_over() and game.points[0] == answer["value"]


def test_each_games_value_before_the_choice_and_only_then() -> None:
    game = SkatGame.deal(2)
    refused = ask("skat/solve", game=endgame(2, 4, 0).notation(), games=True)
    assert refused["code"] == "bad-input"
    short = ask("skat/solve", Limits(time_limit=0.05), game=game.notation())
    assert short["code"] == "timeout"
    cancel = threading.Event()
    cancel.set()
    cancelled = handle({"op": "skat/solve", "game": game.notation()}, budget=Budget(cancel=cancel))
    assert cancelled["code"] == "cancelled"


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"game": "deal 1 ; Q"}, "bad-input"),
        ({"game": "x" * 5000}, "bad-request"),
        ({"game": SkatGame.deal(1).notation(), "count": 1}, "bad-input"),
    ],
)
def test_bad_games_get_clear_errors(fields: dict[str, object], code: str) -> None:
    answer = handle({"op": "skat/undo", **fields})
    assert answer["code"] == code, answer


def test_the_chance_value_reads_only_the_public_view_and_is_exact_near_the_end() -> None:
    from officers.skat.chance import win_probability
    from officers.skat.public import Public

    game = endgame(3, 3, 2)
    public = Public.of(game)
    by_notation = ask("skat/value", Limits(time_limit=30), public=public.notation())
    by_view = ask("skat/value", Limits(time_limit=30), view=game.view().to_dict())
    assert by_notation["exact"] and by_notation["method"] == "exact"
    assert Fraction(by_notation["fraction"]) == win_probability(public).value
    assert re.fullmatch(r"[0-9]+/[1-9][0-9]*", by_notation["fraction"])
    assert {k: v for k, v in by_view.items() if k != "seconds"} == {
        k: v for k, v in by_notation.items() if k != "seconds"
    }
    redealt = SkatGame(public.sample(random.Random(1)))  # other face-down cards, same view
    again = ask("skat/value", Limits(time_limit=30), view=redealt.view().to_dict())
    assert again["fraction"] == by_notation["fraction"]
    points = ask("skat/value", Limits(time_limit=30), public=public.notation(), objective="points")
    assert points["objective"] == "points" and 0 <= points["value"] <= 120


def test_a_chance_value_out_of_time_is_an_estimate_and_says_so() -> None:
    dealt = SkatGame.deal(4)
    dealt.push("G")
    answer = ask("skat/value", Limits(time_limit=1), view=dealt.view().to_dict())
    assert (
        answer["exact"] is False and answer["method"] == "estimate" and answer["fraction"] is None
    )
    assert (
        "estimate" in answer["text"]
        and answer["interval"][0] <= answer["value"] <= answer["interval"][1]
    )


@pytest.mark.parametrize(("number", "tricks", "seed"), [(3, 3, 2), (5, 2, 1)])
def test_the_tip_names_a_face_up_card_and_does_not_change_when_the_hidden_cards_do(
    number: int, tricks: int, seed: int
) -> None:
    from officers.skat.public import Public
    from officers.skat.tips import tip

    game = endgame(number, tricks, seed)
    public = Public.of(game)
    answer = ask("skat/tip", Limits(time_limit=60), view=game.view().to_dict(), lang="de")
    library = tip(public)
    assert answer["move"] == library.move.notation() and answer["text"] == library.text("de")
    mover = 0 if answer["player"] == "V" else 1
    assert answer["phase"] == "play" and answer["games"] is None
    assert game.view().face_up[mover][answer["pile"] - 1] is not None
    assert answer["card"] == answer["move"].split("@")[0]
    for draw in range(3):  # the same view over other face-down cards: the same tip
        other = SkatGame(public.sample(random.Random(draw)))
        again = ask("skat/tip", Limits(time_limit=60), view=other.view().to_dict(), lang="de")
        assert {k: v for k, v in again.items()} == answer


def test_the_tip_before_the_choice_weighs_every_game() -> None:
    game = SkatGame.deal(6)
    answer = ask("skat/tip", Limits(time_limit=120), view=game.view().to_dict())
    assert answer["phase"] == "choose" and answer["pile"] is None and answer["card"] is None
    games = answer["games"]
    assert [g["game"] for g in games] == ["C", "S", "H", "D", "G"]
    assert [g["game"] for g in games if g["best"]] == [answer["move"]]
    over = endgame(6, 0, 1)
    assert ask("skat/tip", view=over.view().to_dict())["code"] == "bad-input"


@pytest.mark.parametrize("limit", [0.01, 0.05, 0.3])
def test_a_tip_out_of_time_is_an_estimate_over_the_samples_done_never_a_timeout(
    limit: float,
) -> None:
    from officers.contract.skat import tip_document
    from officers.skat.public import Public
    from officers.skat.tips import tip

    game = SkatGame.deal(3)
    game.push("G")  # 15 cards face down: a whole sample takes a while
    start = time.monotonic()
    answer = ask("skat/tip", Limits(time_limit=limit), view=game.view().to_dict())
    assert time.monotonic() - start < limit + 1.5  # generous: the machine may be busy
    assert answer["kind"] == "skat-tip" and answer["method"] == "estimate"
    samples = answer["samples"]
    assert f"estimate over {samples} sample" in answer["text"]
    public = Public.of(game)
    counted = tip_document(public, tip(public, samples=samples), "en")
    assert answer == counted  # what the hurried tip says depends on its sample count alone


def test_a_tip_that_waited_out_its_time_still_answers() -> None:
    from officers.contract import answer

    game = SkatGame.deal(9)
    waited = Budget(deadline=time.monotonic() - 1)  # its time was up before it ran
    document = answer("skat/tip", {"view": game.view().to_dict()}, Limits(), waited)
    assert_valid(document)
    assert document["kind"] == "skat-tip" and document["samples"] == 0
    assert document["phase"] == "choose"
    assert sorted(g["rank"] for g in document["games"]) == [1, 2, 3, 4, 5]
    value = answer("skat/value", {"view": game.view().to_dict()}, Limits(), waited)
    assert_valid(value)
    assert value["kind"] == "skat-value" and value["samples"] == 0 and value["interval"] == [0, 1]


def slowed(monkeypatch: pytest.MonkeyPatch, whole: int, sleep: float) -> list[float]:
    """Make the tip's sample step pass its deadline: the searches of the first ``whole``
    samples (one call each, every move of the sample) are the real ones, every later call
    sleeps ``sleep`` seconds whatever its time limit. The times (:func:`time.monotonic`) of the
    calls are returned."""
    from officers.skat import tips

    real = tips.wins_after
    calls: list[float] = []

    def wins_after(position: Any, moves: Any, time_limit: float | None = None) -> Any:
        calls.append(time.monotonic())
        if len(calls) > whole:
            time.sleep(sleep)
        return real(position, moves, time_limit=time_limit)

    monkeypatch.setattr(tips, "wins_after", wins_after)
    return calls


def test_a_tip_whose_search_passes_its_deadline_answers_by_the_limit_with_the_samples_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guard: a search stuck past the tip's deadline does not hold the answer back; the
    request answers the whole samples done by then (2 here), labelled an estimate, and that
    answer is the tip over 2 samples without any limit."""
    from officers.contract import answer
    from officers.contract.skat import tip_document
    from officers.skat.public import Public
    from officers.skat.tips import tip

    game = endgame(4, 11, 2)  # 8 cards face down: more than the exact search takes
    public = Public.of(game)
    expected = tip_document(public, tip(public, samples=2), "en")
    calls = slowed(monkeypatch, 2, 4.0)
    slots = threading.BoundedSemaphore(1)
    start = time.monotonic()
    document = answer(
        "skat/tip", {"public": public.notation()}, Limits(time_limit=1.0), Budget(searches=slots)
    )
    took = time.monotonic() - start
    assert took < 1.0 + 1.5, took  # by the limit, with a generous margin: not 4 s
    assert_valid(document)
    assert document["method"] == "estimate" and document["samples"] == 2
    assert "estimate over 2 samples" in document["text"]
    assert document == expected
    # the abandoned tip stops at its next check: it keeps its slot until then, no longer
    assert not slots.acquire(blocking=False)
    assert slots.acquire(timeout=30)
    slots.release()
    assert len(calls) == 2 + 1  # no search began after the one stuck


def test_a_tip_stuck_in_its_first_search_answers_the_simple_rules_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from officers.contract import answer
    from officers.skat.public import Public
    from officers.skat.tips import greedy_move

    game = SkatGame.deal(5)
    game.push("S")
    public = Public.of(game)
    slowed(monkeypatch, 0, 3.0)
    start = time.monotonic()
    document = answer("skat/tip", {"public": public.notation()}, Limits(time_limit=0.5))
    assert time.monotonic() - start < 0.5 + 1.5
    assert_valid(document)
    assert document["method"] == "estimate" and document["samples"] == 0
    assert document["move"] == greedy_move(public).notation()


def test_a_chance_value_whose_search_hangs_answers_by_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """skat/value answers by the door's limit even when its search hangs for seconds: an
    estimate over 0 samples, the whole range as its interval; the search keeps its slot."""
    from officers.contract import answer
    from officers.contract import skat as door

    real = door.valued

    def hangs(public: Any, objective: str, time_limit: float) -> Any:
        time.sleep(3.0)
        return real(public, objective, time_limit)

    monkeypatch.setattr(door, "valued", hangs)
    slots = threading.BoundedSemaphore(1)
    view = endgame(6, 8, 1).view().to_dict()
    start = time.monotonic()
    value = answer("skat/value", {"view": view}, Limits(time_limit=0.5), Budget(searches=slots))
    assert time.monotonic() - start < 0.5 + 1.5
    assert_valid(value)
    assert value["method"] == "estimate" and value["samples"] == 0
    assert value["interval"] == [0.0, 1.0]
    assert not slots.acquire(blocking=False)  # the hanging search holds it until it ends
    assert slots.acquire(timeout=30)
