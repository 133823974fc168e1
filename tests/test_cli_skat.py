"""``officers skat``: the deal as the library deals it, the double-dummy answer as the
library's, the exit statuses."""

from __future__ import annotations

import json

import pytest

from officers.cli import ExitCode
from officers.skat import SkatGame
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


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["skat", "solve"], "give a GAME or --deal N"),
        (["skat", "solve", "--deal", "1", "--moves", "H", "--games"], "before the choice"),
        (["skat", "solve", "--deal", "1", "--moves", "H AS@1"], "cannot play AS@1"),
        (["skat", "solve", "nonsense"], "cannot read"),
    ],
)
def test_bad_input_is_one_line_on_standard_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == ExitCode.BAD_INPUT and not out
    assert message in err and len(err.splitlines()) == 1
