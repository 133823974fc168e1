"""``officers skat``: the deal as the library deals it, the double-dummy answer as the
library's, the exit statuses."""

from __future__ import annotations

import json

import pytest

from officers.cli import ExitCode
from officers.skat import SkatGame
from officers.skat.search import MAX_THREADS
from officers.skat.solve import solve
from tests.helpers import assert_valid
from tests.helpers import run_cli as run


def test_deal_prints_the_deal_and_the_face_up_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "skat", "deal", "5")
    game = SkatGame.deal(5)
    lines = out.splitlines()
    assert code == ExitCode.OK
    assert " | ".join(line[3:] for line in lines[:2]) + " ;" == game.notation()
    code, out, _ = run(capsys, "skat", "deal", "5", "--json")
    data = json.loads(out)
    assert_valid(data)
    assert data["game"] == game.notation() and data["legal"] == ["C", "S", "H", "D", "G"]


def test_solve_is_the_librarys_and_says_who_wins(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "H 8H@4 TH@2"
    game = SkatGame.deal(1)
    for word in moves.split():
        game.push(word)
    code, out, _ = run(capsys, "skat", "solve", "--deal", "1", "--moves", moves, "--json")
    data = json.loads(out)
    assert_valid(data)
    library = solve(game.position)
    assert data["value"] == library.value
    assert code == (ExitCode.OK if library.value >= 61 else ExitCode.NO)
    code, out, _ = run(capsys, "skat", "solve", game.notation())
    assert out.splitlines()[0].endswith(f"with {library.value} points under best play (every card known)")
    for threads in ("1", "3"):
        code, out, _ = run(capsys, "skat", "solve", game.notation(), "--threads", threads, "--json")
        assert json.loads(out)["value"] == library.value


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["skat", "solve"], "give a GAME or --deal N"),
        (["skat", "solve", "--deal", "1", "--moves", "H", "--games"], "before the choice"),
        (["skat", "solve", "--deal", "1", "--moves", "H AS@1"], "cannot play AS@1"),
        (["skat", "solve", "nonsense"], "cannot read"),
        # the command line's bound is the library's (officers.skat.search.MAX_THREADS)
        (["skat", "solve", "--deal", "1", "--threads", str(MAX_THREADS + 1)], f"1-{MAX_THREADS}"),
    ],
)
def test_bad_input_is_one_line_on_standard_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == ExitCode.BAD_INPUT and not out
    assert message in err and len(err.splitlines()) == 1


def test_tip_reads_only_what_the_players_see(capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from officers.skat.public import Public

    game = SkatGame.deal(3)
    rng = random.Random(2)
    while game.position.phase == "choose" or game.position.tricks_left() > 3 or game.position.trick:
        game.push(rng.choice(game.legal_moves()))
    code, out, _ = run(capsys, "skat", "tip", game.notation(), "--json")
    data = json.loads(out)
    assert_valid(data)
    public = Public.of(game)
    other = SkatGame(public.sample(random.Random(5)))  # other face-down cards
    code2, out2, _ = run(capsys, "skat", "tip", other.notation(), "--json")
    assert code == code2 == ExitCode.OK and json.loads(out2) == data


def test_play_against_a_bot_shows_no_face_down_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    from officers.skat.cards import card_face

    game = SkatGame.deal(8)
    typed = ["H", *(["moves"] * 3), "quit"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(typed) + "\n"))
    code, out, _ = run(capsys, "skat", "play", "--deal", "8", "--bot", "greedy")
    assert code == ExitCode.NO
    unders = {card_face(pile[0]) for side in game.position.piles for pile in side}
    faces = {card_face(pile[1]) for side in game.position.piles for pile in side}
    table = [line[3:] for line in out.splitlines() if line.startswith(("V: ", "H: "))]
    shown = {word for line in table for word in line.replace("▒", " ").split()}
    assert table and shown == faces and not shown & unders  # no card moved: the same faces


def test_simulate_prints_each_pair_and_the_json_keeps_its_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "skat", "simulate", "--pairs", "greedy:random", "--deals", "6", "--jobs", "1", "--json"
    )
    data = json.loads(out)
    assert_valid(data)
    assert code == ExitCode.OK and data["pairs"][0]["deals"] == 6


def test_tip_keeps_its_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "skat", "tip", "--deal", "7", "--time-limit", "0.000001")
    assert code == ExitCode.TIMEOUT and not out and len(err.splitlines()) == 1
