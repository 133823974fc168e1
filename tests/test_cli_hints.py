"""The ``officers explain`` and ``officers hint`` commands: answers, JSON, exit codes, errors."""

from __future__ import annotations

import json

import pytest

from tests.helpers import assert_valid
from tests.helpers import run_cli as run

OZANAM = "AC3/1JS2/1AH1QD/4"
DEAD = "4/ASJD2/4/KHQS2"  # Euler's trap: rows 2 and 4 pair the Spade with a Heart and a Diamond
GAME = "AS3/4/4/4 normal 1 2 ADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 2"


def test_explain_live(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", OZANAM)
    assert code == 0 and not err
    assert out.splitlines()[0] == "A♣ ·· ·· ··"
    assert "The square can still be finished: 1 completion (rows and columns)." in out


def test_explain_dead_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", DEAD, "--lang", "de")
    assert code == 1
    assert "Das Quadrat ist tot" in out and "Eulers Falle" in out
    assert "Nimm 1 Karte zurück, um es zu retten:" in out


def test_explain_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", DEAD, "--json")
    data = json.loads(out)
    assert code == 1
    assert_valid(data)
    assert data["kind"] == "explanation" and data["status"] == "dead"
    assert data["takebacks_needed"] == 1
    assert {v["check"] for v in data["reasons"]} == {"euler"}
    assert data["reasons_total"] == 2 and data["text"].keys() == {"en"}


def test_explain_with_diagonals_and_locked(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "AS1KS1/4/4/4", "--locked", "r1c1", "--json")
    data = json.loads(out)
    assert code == 1 and data["locked"] == [0]
    assert [r["cells"] for r in data["repairs"]] == [[2]]
    code, out, _ = run(capsys, "explain", OZANAM, "--diagonals")
    assert code == 1 and "rows, columns and diagonals" in out


def test_hint_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hint", OZANAM, "--hand", "KD QS AS")
    assert code == 0 and not err
    assert "Recommended: Place K♦ on row 1, column 2: every completion has it there." in out
    assert "J♥ belongs on row 1, column 4" in out and "another player holds it" in out


def test_hint_json_with_others_tokens_and_locked(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "hint",
        "AS1KS1/4/4/4",
        "--hand",
        "KH QD",
        "--others",
        "AH AD AC KD KC QS QH QC JS JH JD JC",
        "--tokens",
        "2",
        "--locked",
        "r1c1",
        "--json",
    )
    data = json.loads(out)
    assert code == 1
    assert_valid(data)
    assert data["view"]["tokens"] == 2 and data["view"]["locked"] == [0]
    assert data["recommendation"]["action"] == "take-back"
    assert data["recommendation"]["cell"] == 2


@pytest.mark.parametrize(
    "hand", ["KDQSAS", "KD QS AS", "KD,QS,AS", "KD, QS;AS", "K♦Q♠A♠", "kdqs as", "AS KDQS"]
)
def test_hint_reads_a_hand_run_together_or_separated(
    capsys: pytest.CaptureFixture[str], hand: str
) -> None:
    """The game notation writes a hand with its cards run together; --hand reads that too."""
    code, out, err = run(capsys, "hint", OZANAM, "--hand", hand, "--json")
    assert code == 0 and not err
    data = json.loads(out)
    assert sorted(data["view"]["hand"]) == ["AS", "KD", "QS"]
    expected = run(capsys, "hint", OZANAM, "--hand", "KD QS AS", "--json")
    assert expected == (code, out, err)


def test_hint_reads_the_others_cards_run_together(capsys: pytest.CaptureFixture[str]) -> None:
    separated = run(
        capsys, "hint", "AS1KS1/4/4/4", "--hand", "KH QD",
        "--others", "AH AD AC KD KC QS QH QC JS JH JD JC", "--json",
    )  # fmt: skip
    together = run(
        capsys, "hint", "AS1KS1/4/4/4", "--hand", "KHQD",
        "--others", "AHADACKDKCQSQHQCJSJHJDJC", "--json",
    )  # fmt: skip
    assert together == separated and separated[0] == 1


def test_hint_help_names_the_forms_of_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "--help")
    help_text = " ".join(out.split())
    assert code == 0
    assert "'AS KH QD', 'AS,KH,QD', 'ASKHQD' or 'A♠K♥Q♦'" in help_text
    assert "run together" in help_text


def test_hint_in_german_with_diagonals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "hint", "AS3/4/4/4", "--hand", "KH QD", "--diagonals", "--lang", "de"
    )
    assert code == 0
    assert "Empfehlung: Lege" in out and "Deine Karten:" in out


@pytest.mark.parametrize(
    ("argv", "quoted"),
    [
        (["explain", "AC3/1JS/4/4"], "'AC3/1JS/4/4'"),
        (["explain", OZANAM, "--locked", "r9c9"], "'r9c9'"),
        (["explain", OZANAM, "--locked", "r1c2"], "row 1, column 2"),
        (["explain", OZANAM, "--lang", "fr"], "'fr'"),
        (["hint", OZANAM], "--hand"),
        (["hint", OZANAM, "--hand", "AC"], "A♣ is in the hand"),
        (["hint", OZANAM, "--hand", "ZZ"], "'ZZ'"),
        (["hint", OZANAM, "--hand", "KDQSAX"], "cannot read card 'AX' in 'KDQSAX': unknown suit"),
        (["hint", OZANAM, "--hand", "KDQSA"], "'KDQSA'"),
        (["hint", OZANAM, "--hand", "KDKD"], "twice"),
        (["hint", OZANAM, "--hand", "KD", "--others", "QS"], "nobody holds"),
        (["hint", OZANAM, "--hand", "KD", "--tokens", "-1"], "-1"),
        (["hint", OZANAM, "--hand", "KD", "--tokens", "x"], "'x'"),
        (["hint", GAME, "--hand", "KD"], "not a game"),
        (["hint", GAME, "--player", "3"], "player 3"),
        (["hint", GAME.replace("normal", "normol"), "--player", "1"], "normol"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert len(err.strip().splitlines()) == 1
    assert quoted in err


def test_hint_from_a_game_is_the_hint_of_that_players_view(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from officers import GameState, hint

    state = GameState.parse(GAME)
    for player in (1, 2):
        code, out, _ = run(capsys, "hint", GAME, "--player", str(player), "--json")
        data = json.loads(out)
        assert code == 0
        assert_valid(data)
        assert data == hint(state.view(player - 1)).to_dict()
    code, out, _ = run(capsys, "hint", GAME, "--json")  # the player to move: player 2
    assert json.loads(out) == hint(state.view(1)).to_dict()


def test_cli_and_library_share_the_tokens_default(capsys: pytest.CaptureFixture[str]) -> None:
    from officers import PlayerView, hint
    from officers.euler.levels import NORMAL
    from officers.euler.view import DEFAULT_TOKENS

    assert DEFAULT_TOKENS == NORMAL.tokens == 1
    code, out, _ = run(capsys, "hint", "AS1KS1/4/4/4", "--hand", "KH QD", "--json")
    assert code == 1
    assert json.loads(out) == hint(PlayerView.of("AS1KS1/4/4/4", "KH QD")).to_dict()
    assert json.loads(out)["recommendation"]["action"] == "take-back"


def test_lang_both_and_max_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "explain", "4/1KD1QH/2QC1/QS3", "--json", "--lang", "both", "--max-reasons", "1"
    )
    data = json.loads(out)
    assert code == 1
    assert_valid(data)
    assert [r["check"] for r in data["reasons"]] == ["card"] and data["reasons_total"] == 3
    assert data["reasons"][0]["text"].keys() == {"en", "de"} and len(data["repairs"]) == 1
    _, out, _ = run(capsys, "explain", "4/1KD1QH/2QC1/QS3", "--lang", "both")
    assert "The square is dead" in out and "Das Quadrat ist tot" in out
