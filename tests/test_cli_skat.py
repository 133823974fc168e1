"""``officers skat``: the deal as the library deals it, the double-dummy answer as the
library's, the exit statuses."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from officers.cli import ExitCode
from officers.skat import SkatGame
from officers.skat.cards import card_face, card_notation
from officers.skat.public import Public
from officers.skat.search import MAX_THREADS
from officers.skat.solve import solve
from officers.skat.words import TERMINAL
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
    assert out.splitlines()[0].endswith(
        f"with {library.value} points under best play (every card known)"
    )
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
    while game.position.phase == "choose" or game.position.tricks_left > 3 or game.position.trick:
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
    assert "stopped after 1 move, points 0:0:" in out  # the game chosen, no card played
    unders = {card_face(pile[0]) for side in game.position.piles for pile in side}
    faces = {card_face(pile[1]) for side in game.position.piles for pile in side}
    table = [line[3:] for line in out.splitlines() if line.startswith(("V: ", "H: "))]
    shown = {word for line in table for word in line.replace("▒", " ").split()}
    assert table and shown == faces and not shown & unders  # no card moved: the same faces


def test_simulate_prints_each_pair_and_the_json_keeps_its_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        "skat",
        "simulate",
        "--pairs",
        "greedy:random",
        "--deals",
        "6",
        "--jobs",
        "1",
        "--json",
    )
    data = json.loads(out)
    assert_valid(data)
    assert code == ExitCode.OK and data["pairs"][0]["deals"] == 6
    assert data["played"] is None


def test_simulate_plays_the_game_as_played_and_anchors_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["skat", "simulate", "--pairs", "greedy:greedy", "--deals", "3", "--jobs", "1"]
    code, out, _ = run(capsys, *argv, "--played", "greedy", "--json")
    data = json.loads(out)
    assert_valid(data)
    pair, played = data["pairs"][0], data["played"]
    assert code == ExitCode.OK and played["bot"] == "greedy" and played["deals"] == 3
    assert played["wins"] == pair["wins"]  # the same deals, the same bot in both seats
    code, out, _ = run(capsys, *argv, "--played", "greedy")
    assert code == ExitCode.OK and "As played by greedy against itself" in out
    code, _, err = run(capsys, *argv[:2], "--bots", "greedy,random", "--played", "greedy")
    assert code == ExitCode.BAD_INPUT and "--played" in err


def test_tip_keeps_its_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """Out of time, a tip still answers: an estimate over the samples done (none here)."""
    code, out, err = run(capsys, "skat", "tip", "--deal", "7", "--time-limit", "0.000001")
    assert code == ExitCode.OK and "estimate over 0 samples" in out and not err


def test_what_deal_prints_reads_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def answer(given: str) -> tuple[int, str, int]:
        code, out, _ = run(capsys, "skat", "solve", given, "--moves", "H", "--json")
        data = json.loads(out)
        return code, data["position"], data["value"]

    by_deal = answer("deal 3")
    _, text, _ = run(capsys, "skat", "deal", "3")
    _, data, _ = run(capsys, "skat", "deal", "3", "--json")
    monkeypatch.chdir(tmp_path)
    Path("deal.txt").write_text(text, encoding="utf-8")
    for given in (text, data, "deal.txt", "@deal.txt"):
        assert answer(given) == by_deal
    code, out, err = run(capsys, "skat", "solve", text + "face down, V: 7C\n")
    assert code == ExitCode.BAD_INPUT and not out and "as 'officers skat deal' prints" in err


def english_pieces(table: dict[str, dict[str, str]]) -> list[str]:
    """The words of the English templates of a terminal's table (between the blanks) that no
    German template holds (the commands 'tip', 'moves', 'quit' are the same in both)."""
    german = " ".join(re.sub(r"\{[^}]*\}", " ", template) for template in table["de"].values())
    pieces = [
        piece.strip(" :()·,;")
        for template in table["en"].values()
        for piece in re.split(r"\{[^}]*\}", template)
    ]
    return [piece for piece in pieces if len(piece) >= 4 and piece not in german]


class Terminal(io.StringIO):
    """Typed lines that say they come from a terminal (the games prompt then)."""

    def isatty(self) -> bool:
        return True


def _play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return run(capsys, "skat", "play", *argv)


def test_the_table_numbers_the_piles_the_tip_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = _play(monkeypatch, capsys, "H\ntip\nquit\n", "--deal", "1")
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split() == list("12345678"))
    numbers, row = lines[header], lines[header + 1]
    assert row.startswith("V: ")
    for pile in range(8):  # each number stands over its pile's suit ("V: " and 5 a pile)
        at = numbers.index(str(pile + 1))
        assert at == 3 + 5 * pile + 3 and row[at] in "♠♥♦♣"
    named = re.search(r"pile (\d)", out)
    assert named is not None and 1 <= int(named.group(1)) <= 8


def test_the_bot_is_named_as_it_was_chosen(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A level is a bot under another name (``club`` plays as ``greedy``): the lines of its
    moves name the level the player chose, not the bot behind it."""
    code, out, _ = _play(
        monkeypatch, capsys, "quit\n", "--deal", "8", "--bot", "Club", "--seat", "2"
    )
    assert code == ExitCode.NO
    said = [line for line in out.splitlines() if line.startswith("bot (")]
    assert said and all(line.startswith("bot (club): ") for line in said), said


@pytest.mark.parametrize("typed", ["quit\n", "H\nquit\n", "H\n", "H\nmoves\nmoves\nq\n"])
def test_quit_shows_no_face_down_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str
) -> None:
    code, out, _ = _play(monkeypatch, capsys, typed, "--deal", "8")
    assert code == ExitCode.NO
    public = Public.parse(out.splitlines()[-1])
    game = SkatGame.deal(8)
    for word in typed.split():
        if word not in ("quit", "q", "moves"):
            game.push(word)
    hidden = {pile[0] for side in game.position.piles for pile in side if len(pile) == 2}
    assert public.unseen() == tuple(sorted(hidden)) or set(public.unseen()) >= hidden
    words = set(re.split(r"[\s/@:;|()]+", out))
    for card in hidden:
        assert card_notation(card) not in words and card_face(card) not in words


def test_a_german_game_prints_no_english_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = "xx\nH\ntip\nJS@4\nmoves\nquit\n"
    monkeypatch.setattr(sys, "stdin", Terminal(typed))  # prompts too
    code, out, _ = run(capsys, "skat", "play", "--deal", "1", "--lang", "de")
    assert code == ExitCode.NO
    for line in out.splitlines():
        assert not any(piece in line for piece in english_pieces(TERMINAL)), line
        assert not line.startswith(("cannot ", "Play ", "Choose ")), line
    for key in ("status", "prompt", "stopped"):
        assert TERMINAL["de"][key].split("{")[0].strip() in out, key
    assert "abgebrochen nach 1 Zug, Augen 0:0:" in out  # the game alone
    assert TERMINAL["en"].keys() == TERMINAL["de"].keys()
