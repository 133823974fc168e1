"""The game's commands: verify-rules, simulate, deal, state and play."""

from __future__ import annotations

import io
import json
import random
import sys

import pytest

from officers.cli.game import final_text, seat_text
from officers.contract.documents import game_document
from officers.euler.bots import get_bot
from officers.euler.game import GameState, Variant, new_game
from officers.euler.record import GameRecord
from tests.helpers import assert_valid
from tests.helpers import run_cli as run

LATE = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"
STUCK = "JDKHQC1/KC1JSAD/QSACKDJH/AHQD1KS hard 0 2 QH/ASJC - - 14"


def test_verify_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify-rules", "--deals", "40", "--games", "60")
    assert not err
    assert "“There are 6912 different finished squares" in out
    assert "6912 without the diagonals and 1152 with them" in out
    assert "How the figures are judged" in out and "Newcombe" in out
    for figure in ("80 %", "57 %", "41 %", "up to 85 %", "43 %", "90 %", "83 %"):
        assert figure in out, figure
    assert out.count("(2500 deals); officers ") == 7 and out.count(", 40 deals)") == 7
    last = out.strip().splitlines()[-1]
    assert "of 22 claims hold" in last or last.startswith("all 22 claims hold")
    assert code == (1 if " not" in last else 0)


def test_verify_rules_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify-rules", "--deals", "10", "--games", "40", "--json")
    data = json.loads(out)
    assert code == (1 if data["failed"] else 0) and len(data["claims"]) == 22
    holds = {claim["key"]: claim["holds"] for claim in data["claims"]}
    exact = ["finished-squares", "ozanam-starts", "quarters", "every-deal-can-be-won", "deal"]
    assert all(holds[key] for key in exact)  # the claims that do not rest on sampling
    figures = [claim["figure"] for claim in data["claims"] if "figure" in claim]
    assert [figure["published"] for figure in figures] == [0.8, 0.57, 0.41, 0.85, 0.43, 0.9, 0.83]
    for figure in figures:
        low, high = figure["difference_interval"]
        assert figure["agrees"] == (low <= 0 <= high) and figure["deals"] == 10


def test_verify_rules_shows_its_progress_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run(capsys, "verify-rules", "--deals", "5", "--games", "5", "--jobs", "1")
    assert "checking the rules" in err and " games" in err and "22 claims" in out
    again, quiet, err = run(
        capsys, "verify-rules", "--deals", "5", "--games", "5", "--jobs", "1", "--no-progress"
    )
    assert err == "" and again == code
    assert quiet.splitlines()[:-1] == out.splitlines()[:-1]  # all but the time taken


@pytest.mark.parametrize(
    "arguments",
    [("--deals", "0"), ("--games", "-1"), ("--deals", "-3"), ("--deals", "10000000000"),
     ("--games", "0"), ("--jobs", "0"), ("--seed", "-1"), ("--deals", "many")],
)  # fmt: skip
def test_verify_rules_refuses_bad_arguments(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, str]
) -> None:
    code, out, err = run(capsys, "verify-rules", *arguments)
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
    assert "claim" not in err


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "simulate", "--bot", "designers,neighbour", "--level", "all", "--players",
        "2,4", "--deals", "10", "--jobs", "1",
    )  # fmt: skip
    lines = out.splitlines()
    assert code == 0 and not err and len(lines) == 1 + 2 * 4 * 2
    assert lines[1].split()[:5] == ["designers", "easy", "2", "3", "10"]
    assert lines[-1].split()[:5] == ["neighbour", "expert", "4", "0", "10"]


def test_simulate_json_and_tokens(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "--level", "hard", "--tokens", "0,2", "--deals", "8", "--json",
        "--jobs", "2", "--seed", "3",
    )  # fmt: skip
    rows = json.loads(out)["results"]
    assert code == 0 and [row["tokens"] for row in rows] == [0, 2]
    assert all(row["deals"] == 8 and row["seed"] == 3 for row in rows)
    code, markdown, _ = run(capsys, "simulate", "--deals", "4", "--markdown", "--jobs", "1")
    assert markdown.startswith("| bot | level |")


def test_simulate_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--help")  # main returns the status of --help too
    assert code == 0
    assert "95 % confidence" in " ".join(out.split()) and "%%" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--level", "legendary"], "cannot read level 'legendary'"),
        (["simulate", "--bot", "genius"], "unknown bot 'genius'"),
        (["simulate", "--players", "two"], "expected a whole number"),
        (["simulate", "--deals", "x"], "expected a whole number"),
        (["state", "4/4/4/4 normal"], "expected 8 or 9 fields"),
        (["state", LATE, "QS@r1c4"], "slip: cannot place Q♠ on row 1, column 4"),
        (["state", LATE, "QS@r9c9"], "cannot read move"),
        (["deal", "--players", "5"], "expected a whole number 1-4"),
        (["state", LATE, "--viewer", "3"], "no player 3"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert message in err and len(err.strip().splitlines()) == 1


def test_deal_and_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "7", "--players", "3", "--ozanam")
    notation = out.strip()
    assert code == 0 and GameState.parse(notation) == new_game(
        "normal", 3, 7, variant=Variant(ozanam=True)
    )
    assert notation.split()[5] == "r1c1,r2c2,r3c2,r3c4"
    game = GameState.parse(notation)
    move = game.legal_moves()[0].notation()
    code, out, _ = run(capsys, "state", notation, move)
    game.push(game.parse_move(move))
    assert code == 0 and game.notation() in out.splitlines()
    assert "legal moves of player 2:" in out


def test_deal_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "9", "--level", "expert", "--coins", "--json")
    data = json.loads(out)
    assert code == 0 and data["seed"] == 9 and data["rules"]["diagonals"] is True
    assert data["coins"] == [None, None] and data["outcome"] is None
    assert data["kind"] == "game" and data["to_move"] == 1
    assert_valid(data)
    again = game_document(GameState.parse(data["game"]))
    assert {**again, "seed": 9} == data


def test_state_views_records_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "state", LATE, "--viewer", "2")
    assert code == 0 and "?2/QSJH" in out and "K♦" not in out and "KD" not in out
    assert "legal moves of player 2: QS@r1c3 JH@r1c4" in out
    code, out, _ = run(capsys, "state", LATE, "--viewer", "1")
    assert "KDKC/?2" in out and "legal moves" not in out
    code, out, _ = run(capsys, "state", LATE, "--viewer", "2", "--json")
    data = json.loads(out)
    assert data["view"]["hand"] == ["QS", "JH"] and data["legal_moves"] == ["QS@r1c3", "JH@r1c4"]
    assert (data["kind"], data["player"], data["to_move"]) == ("player-view", 2, 2)
    assert "?2/QSJH" in data["game"] and "KD" not in data["game"]
    assert_valid(data)
    code, out, _ = run(capsys, "state", LATE, "QS@r1c3", "--record")
    record = GameRecord.parse(out)
    assert [move.notation() for move in record.moves] == ["QS@r1c3"]
    code, again, _ = run(capsys, "state", out, "--json")
    assert code == 0 and json.loads(again)["game"] == record.replay().notation()
    code, out, _ = run(capsys, "state", STUCK)
    assert code == 1 and "lost: player 2 is stuck" in out


def test_play_by_bots_prints_a_record_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "4", "--level", "easy", "--players", "3")
    record = GameRecord.parse(out[out.index("[Game") :])
    final = record.replay()
    outcome = final.outcome()
    assert outcome is not None and code == (0 if outcome.won else 1)
    assert record.header["Seed"] == "4" and record.header["Players"] == "3"
    code, again, _ = run(capsys, "play", "--seed", "4", "--level", "easy", "--players", "3")
    assert again == out  # the same seed plays the same game


@pytest.mark.parametrize(("seed", "level"), [(3, "normal"), (4, "easy"), (5, "hard"), (1, "hard")])
def test_play_by_bots_prints_the_final_square(
    capsys: pytest.CaptureFixture[str], seed: int, level: str
) -> None:
    code, out, _ = run(capsys, "play", "--seed", str(seed), "--level", level)
    square, record = out.split("\n\n[Game", 1)
    final = GameRecord.parse("[Game" + record).replay()
    outcome = final.outcome()
    assert outcome is not None and code == (0 if outcome.won else 1)
    assert square == str(final)  # the final square, the outcome and the hands left
    assert square.startswith(final.square.picture() + "\n") and str(outcome) in square
    assert outcome.won == (seed != 1)  # a game won and a game lost


def test_play_with_a_human(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game("normal", 2, seed=6)
    first = game.legal_moves()[0].notation()
    monkeypatch.setattr("sys.stdin", io.StringIO(f"moves\nhint\nXX@r1c1\n{first}\nquit\n"))
    code, out, _ = run(capsys, "play", "--seed", "6", "--human", "1", "--bot", "exact")
    assert first in out and "Place " in out  # the list of moves and the hint
    assert "cannot read move 'XX@r1c1'" in out
    assert "player 2 (exact): place" in out
    record = GameRecord.parse(out[out.index("[Game") :])
    assert record.moves[0].notation() == first and len(record.moves) == 2
    assert code == 1  # stopped before the end


# --- what a human seat sees ------------------------------------------------------------------------


def redealt(game: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with the cards of the other seats shuffled and dealt again among them
    (each keeps its number of cards)."""
    others = [player for player in range(game.players) if player != seat]
    pool = [card for player in others for card in game.hand(player)]
    rng.shuffle(pool)
    hands: list[list[int]] = [[int(card) for card in game.hand(p)] for p in range(game.players)]
    start = 0
    for player in others:
        size = len(hands[player])
        hands[player] = [int(card) for card in pool[start : start + size]]
        start += size
    state = GameState.parse(game.notation())
    return GameState(
        state.square,
        hands,
        level=state.level,
        tokens=state.tokens,
        turn=state.turn,
        locked=state.locked,
        coins=state.coins,
        open_hands=state.open_hands,
        number=state.number,
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("open_hands", [False, True])
@pytest.mark.parametrize("ozanam", [False, True])
def test_a_seat_sees_only_what_it_may_know(players: int, open_hands: bool, ozanam: bool) -> None:
    rng = random.Random(players * 4 + 2 * open_hands + ozanam)
    bot = get_bot("designers")
    changed = checked = 0
    for seed in range(6):
        variant = Variant(open_hands=open_hands, ozanam=ozanam)
        game = new_game("easy", players, seed, variant=variant)
        while game.outcome() is None:
            seat = game.turn
            shown = seat_text(game, seat)
            for _ in range(3):
                other = redealt(game, seat, rng)
                assert other.view(seat).hand == game.view(seat).hand
                if open_hands:
                    changed += seat_text(other, seat) != shown
                else:
                    assert seat_text(other, seat) == shown  # nothing hidden leaks
                    assert seat_text(other, seat, "de") == seat_text(game, seat, "de")
                checked += 1
            assert str(game.hand(seat)[0]) in shown if game.hand(seat) else True
            if players == 2 and not open_hands:
                partner = " ".join(str(card) for card in game.hand(1 - seat)) or "(no cards)"
                assert f"holds (all the cards not in yours): {partner}" in shown
            game.push(bot.choose(game.view(), rng))
    assert checked > 50
    if open_hands and players >= 3:
        assert changed > 0  # open hands show who holds which card


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_shows_a_human_no_hidden_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("moves\nquit\n"))
    code, out, _ = run(capsys, "play", "--seed", "3", "--players", str(players), "--human", "2")
    before = out[: out.index("your move")]
    assert "you (player 2): " in before
    for player in range(1, players + 1):
        if player != 2:
            assert f"\nplayer {player}: " not in before  # no other hand, card by card
    if players > 2:
        assert "the others hold together: " in before
    # the record at the end may show the deal
    assert code == 1 and "[Game" in out


@pytest.mark.parametrize(
    "variant", [Variant(), Variant(coins=True), Variant(ozanam=True), Variant(open_hands=True)]
)
def test_the_final_text_is_the_games_in_english_and_as_long_in_german(variant: Variant) -> None:
    rng = random.Random(7)
    bot = get_bot("designers")
    for players in (1, 2, 3, 4):
        game = new_game("hard", players, players, variant=variant)
        while True:
            assert final_text(game, "en") == str(game)
            german = final_text(game, "de").splitlines()
            assert len(german) == len(str(game).splitlines())
            assert german[:4] == str(game).splitlines()[:4]  # the square is the square
            if game.outcome() is not None:
                break
            game.push(bot.choose(game.view(), rng))


ENGLISH = (
    "token",
    "turn ",
    "to move",
    "you (",
    "holds (all the cards",
    "the others hold",
    "(no cards)",
    "your move",
    "place ",
    "take back",
    "player ",
    "locked:",
    "coin on",
    "cannot ",
    "won:",
    "lost:",
    "Play ",
    "expected",
)
"""Words of the English terminal game (officers/euler/words/en.py) that no German line holds."""


@pytest.mark.parametrize("players", [2, 3])
def test_a_german_game_prints_no_english_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    typed = "hint\nxx\nAS@r1c1\nmoves\n" + "concede\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code, out, _ = run(
        capsys, "play", "--seed", "5", "--players", str(players), "--human", "2", "--lang", "de"
    )
    assert code == 1
    shown = out[: out.index("[Game ")].splitlines()  # the record after it is a notation
    for line in shown:
        assert not any(word in line for word in ENGLISH), line
    assert "dein Zug (Spieler 2; " in out and "du (Spieler 2): " in out
    assert "lässt sich nicht lesen" in out and "verloren: das Team hat aufgegeben" in out
    assert any(line.startswith("Spieler 1 (designers): lege ") for line in shown)
