"""Eight Off's hints by level: how much a hint tells (``winnable``, ``nudge``, ``move``,
``plan``), through the library, the contract and the command line. A hint never tells more than
its level: the facts above it are missing from the hint, its JSON and its sentence."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from officers.cli import main
from officers.contract import handle
from officers.contract.schemas import schema
from officers.eightoff import BAKERS_GAME, EIGHT_OFF, FREECELL, EightOffGame, Variant
from officers.eightoff.hints import (
    DEFAULT_LEVEL,
    LEVELS,
    Hint,
    HintLevel,
    check_level,
    where_lost,
)
from officers.eightoff.words import languages

# Baker's Game deal 3 with its cells filled: lost at move 2 (7a), won again with 1a
BAKERS_LOST = "4d 7a 3b 6c"
# Eight Off deal 4 played into a dead end
EIGHT_OFF_LOST = "4k 7e 2g e8 8f 5e 53 f8 1f k2 ak"

# what each level adds to the one below it
ADDED: dict[str, set[str]] = {
    "winnable": set(),
    "nudge": {"look", "lost_at", "losing_move", "before", "undos"},
    "move": {"move"},
    "plan": {"plan"},
}
FACTS = set().union(*ADDED.values())
LOWER: tuple[HintLevel, ...] = ("winnable", "nudge")


def played(number: int, variant: Variant, moves: str) -> EightOffGame:
    game = EightOffGame.deal(number, variant)
    for move in moves.split():
        game.push(move)
    return game


def games() -> list[EightOffGame]:
    return [
        EightOffGame.deal(1),
        EightOffGame.deal(5, FREECELL),
        played(3, BAKERS_GAME, BAKERS_LOST),
        played(4, EIGHT_OFF, EIGHT_OFF_LOST),
        played(2, BAKERS_GAME, ""),  # lost from its start
    ]


def told(game: EightOffGame) -> dict[str, Hint]:
    return {level: where_lost(game, level=level) for level in LEVELS}


def without_costs(hint: Hint) -> Hint:
    return replace(hint, states=0, seconds=0.0)


def words_of(text: str) -> set[str]:
    return set(re.findall(r"[0-9a-k]+(?:v[0-9a-f]+)?", text))


def test_the_levels_least_first_and_the_default() -> None:
    assert LEVELS == ("winnable", "nudge", "move", "plan")
    assert DEFAULT_LEVEL == "move"
    assert where_lost(EightOffGame.deal(1)).level == "move"
    with pytest.raises(ValueError, match="no hint level 'everything'"):
        where_lost(EightOffGame.deal(1), level="everything")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no hint level 3"):
        check_level(3)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.notation()[:24])
def test_each_level_holds_the_facts_of_the_one_below_and_no_more(game: EightOffGame) -> None:
    hints = told(game)
    status = {hint.status for hint in hints.values()}
    assert len(status) == 1  # every level says the same about winning
    allowed: set[str] = set()
    for level in LEVELS:
        allowed |= ADDED[level]
        hint = hints[level]
        assert hint.level == level
        for fact in FACTS - allowed:
            assert getattr(hint, fact) is None, (level, fact)
        # a level is the one above it with the facts above it left out
        above = LEVELS[LEVELS.index(level) + 1 :]
        for higher in above:
            assert without_costs(hints[higher].told(level)) == without_costs(hint) or (
                level == "winnable" and hint.status == "lost"  # not walked back: fewer states
            )


@pytest.mark.parametrize("game", games(), ids=lambda game: game.notation()[:24])
def test_a_lower_level_does_not_tell_the_move(game: EightOffGame) -> None:
    """The hidden-information rule: neither the JSON nor the sentence of a ``winnable`` or
    ``nudge`` hint holds the move that the ``move`` level tells, nor the plan."""
    full = where_lost(game, level="plan")
    for level in LOWER:
        hint = where_lost(game, level=level)
        for lang in languages():
            data = hint.to_dict(lang)
            assert data["move"] is None and data["plan"] is None
            if full.move is not None:
                assert full.move.notation() not in words_of(data["text"]), (level, lang)
            if level == "winnable":
                assert all(data[key] is None for key in ("look", "lost_at", "undos", "before"))
                assert data["losing_move"] is None


def test_the_nudge_names_the_place_of_the_next_move() -> None:
    game = EightOffGame.deal(1)
    nudge, move = where_lost(game, level="nudge"), where_lost(game, level="move")
    assert move.move is not None and nudge.look == move.move.source == move.look
    assert nudge.text("en") == "The game can still be won: look at column 4."
    assert nudge.text("de") == "Die Partie ist noch zu gewinnen: schau dir Spalte 4 an."
    assert where_lost(game, level="winnable").text("de") == "Die Partie ist noch zu gewinnen."


def test_a_lost_game_by_level() -> None:
    game = played(3, BAKERS_GAME, BAKERS_LOST)
    texts = {level: where_lost(game, level=level).text("en") for level in LEVELS}
    lost = (
        "The game was lost at move 2, when 7a moved Q♦ to cell a: undo 3 moves and it can be "
        "won again"
    )
    assert texts["winnable"] == "The game can no longer be won."
    assert texts["nudge"] == f"{lost}; then look at column 1."
    assert texts["move"] == f"{lost}, with 1a instead."
    assert texts["plan"].startswith(f"{lost}, in ") and " moves: 1a " in texts["plan"]
    # at the winnable level a lost game is not walked back: one search, of the position now
    assert where_lost(game, level="winnable").states < where_lost(game, level="nudge").states


@pytest.mark.parametrize("game", games()[:4], ids=lambda game: game.notation()[:24])
def test_the_plan_wins(game: EightOffGame) -> None:
    """The plan, played from the position now (or from ``before``, after the undos), wins:
    the rules of the game, not the solver, check every move."""
    hint = where_lost(game, level="plan")
    assert hint.plan and hint.move == hint.plan[0] and hint.look == hint.plan[0].source
    replay = EightOffGame.parse(game.notation())
    for _ in range(hint.undos or 0):
        replay.pop()
    if hint.before is not None:
        assert replay.position == hint.before
    for move in hint.plan:
        assert replay.is_legal(move), move
        replay.push(move)
    assert replay.is_won()
    words = hint.text("en").split(": ", 2 if hint.status == "lost" else 1)[-1].rstrip(".")
    assert words.split() == [move.notation() for move in hint.plan]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 400), steps=st.integers(0, 30), seed=st.integers(0, 10**6))
def test_levels_agree_on_random_play(number: int, steps: int, seed: int) -> None:
    """From random play of random deals: the levels agree on the status, each lower level is the
    top level's hint told lower, and no lower sentence holds the next move."""
    import random

    rng = random.Random(seed)
    game = EightOffGame.deal(number)
    for _ in range(steps):
        legal = list(game.legal_moves())
        if not legal:
            break
        game.push(rng.choice(legal))
    top = where_lost(game, level="plan", time_limit=5.0)
    if top.status == "unknown":
        return
    middle: tuple[HintLevel, ...] = ("nudge", "move")
    for level in middle:
        assert without_costs(where_lost(game, level=level, time_limit=5.0)) == without_costs(
            top.told(level)
        )
    low = where_lost(game, level="winnable", time_limit=5.0)
    assert low.status == top.status
    if top.move is not None:
        for lower in LOWER:
            text = top.told(lower).text("en")
            assert top.move.notation() not in words_of(text)


# --- the contract and the command line --------------------------------------------------------


def ask(**fields: Any) -> dict[str, Any]:
    return handle({"op": "eightoff/hint", **fields})


def test_the_operation_takes_a_level_and_keeps_its_schema() -> None:
    game = EightOffGame.deal(1).notation()
    checker = Draft202012Validator(schema("eightoff-hint"))
    answers = {level: ask(game=game, level=level) for level in LEVELS}
    for level, answer in answers.items():
        assert answer["kind"] == "eightoff-hint" and answer["level"] == level
        assert not list(checker.iter_errors(answer)), level
    assert answers["winnable"]["look"] is None and answers["nudge"]["look"] == "4"
    assert answers["nudge"]["move"] is None and answers["move"]["move"] == "4h"
    assert answers["plan"]["plan"][0] == "4h" and answers["move"]["plan"] is None
    # no level (or null) is today's hint: the next move
    for plain in (ask(game=game), ask(game=game, level=None)):
        assert plain["level"] == "move" and plain["move"] == "4h"
        assert plain["text"] == "The game can still be won: play 4h next."


@pytest.mark.parametrize("level", ["all", "", "x" * 500, 3, ["move"]])
def test_a_bad_level_is_refused_with_an_excerpt(level: object) -> None:
    answer = ask(game=EightOffGame.deal(1).notation(), level=level)
    assert answer["kind"] == "error" and answer["code"] == "bad-request"
    assert "level" in answer["message"] and len(answer["message"]) < 400


def test_the_command_line_takes_a_level(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["eightoff", "hint", "--deal", "3", "--variant", "bakers-game", "--moves", BAKERS_LOST]
    assert main([*args, "--level", "winnable"]) == 1
    assert capsys.readouterr().out.strip().endswith("The game can no longer be won.")
    assert main([*args, "--level", "nudge", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["level"] == "nudge" and data["move"] is None and data["undos"] == 3
    assert main([*args, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["move"] == "1a"
    assert main([*args, "--level", "all"]) == 2
    assert "invalid choice: 'all'" in capsys.readouterr().err


def test_the_terminal_game_asks_at_a_level(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nhint nudge\nhint all\nquit\n"))
    assert main(["eightoff", "play", "--deal", "1", "--level", "winnable"]) == 1
    lines = capsys.readouterr().out.splitlines()
    said = [line for line in lines if "won" in line or "hint level" in line]
    assert said == [
        "The game can still be won.",
        "The game can still be won: look at column 4.",
        "no hint level 'all': type hint, or hint winnable, nudge, move or plan",
    ]
