"""``officers eightoff deal``, ``solve`` and ``hint``: answers, JSON, exit statuses, errors."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.cli import GROUPS, ExitCode, main
from officers.cli.eightoff import _verdict, read_game
from officers.eightoff import (
    BAKERS_GAME,
    FREECELL,
    PRESETS,
    SEAHAVEN_TOWERS,
    EightOffGame,
    Move,
    Position,
    board_text,
    is_legal,
    refusal,
)
from officers.eightoff.hints import is_winnable
from officers.eightoff.solve import replay, solve_position
from officers.eightoff.words import TERMINAL, position_text, terminal
from tests.helpers import assert_valid
from tests.helpers import run_cli as run
from tests.test_cli_skat import Terminal, english_pieces
from tests.test_eightoff_strategies import positions

EIGHT_OFF_LOST = "4k 7e 2g e8 8f 5e 53 f8 1f k2 ak"
ROOT = Path(__file__).resolve().parent.parent


def test_the_group_is_registered() -> None:
    assert GROUPS["eightoff"] == "eightoff"


def test_deal_prints_the_board_and_the_notation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "eightoff", "deal", "1")
    assert code == ExitCode.OK and not err
    lines = out.splitlines()
    start = Position.numbered(1)
    assert "\n".join(lines[:-1]) + "\n" == board_text(start)
    assert lines[-1] == start.notation()


def test_deal_json_and_microsoft(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eightoff", "deal", "11982", "--microsoft", "--json")
    data = json.loads(out)
    assert code == ExitCode.OK and data["kind"] == "eightoff-game"
    assert_valid(data)
    assert data["variant"]["name"] == "freecell" and data["number"] == 11982
    assert Position.parse(data["position"]) == EightOffGame.microsoft(11982).position
    layout = {**data["layout"], "notation": data["position"]}
    assert Position.from_dict(layout) == Position.parse(data["position"])
    code, out, _ = run(capsys, "eightoff", "deal", "2", "--variant", "seahaven-towers", "--json")
    assert Position.parse(json.loads(out)["start"]) == Position.numbered(2, SEAHAVEN_TOWERS)


@pytest.mark.parametrize(
    ("variant", "number", "status"),
    [("eight-off", 1, 0), ("freecell", 2, 0), ("bakers-game", 2, 1), ("seahaven-towers", 1, 0)],
)
def test_solve_agrees_with_solve_position(
    capsys: pytest.CaptureFixture[str], variant: str, number: int, status: int
) -> None:
    code, out, _ = run(
        capsys, "eightoff", "solve", "--deal", str(number), "--variant", variant, "--json"
    )
    data = json.loads(out)
    assert_valid(data)
    position = Position.parse(data["position"])
    solution = solve_position(position)
    assert code == status and data["status"] == solution.status
    assert data["notation"] == solution.notation and data["count"] == len(solution.moves)
    if solution.moves:  # the words replay as the solver's moves
        game = EightOffGame(position)
        for word in data["moves"]:
            game.push(word)
        assert game.is_won()
        replay(
            position.columns, position.cells, position.foundations, position.variant, solution.moves
        )


def test_solve_text_from_a_notation_a_file_and_standard_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = Position.numbered(1)
    code, out, _ = run(capsys, "eightoff", "solve", start.notation())
    lines = out.splitlines()
    solution = solve_position(start)
    assert code == 0 and lines[0] == f"solvable: a win in {len(solution.moves)} moves"
    assert lines[1] == solution.notation and lines[2].endswith(" s")
    board = tmp_path / "board.txt"
    board.write_text(board_text(Position.numbered(2, BAKERS_GAME)), encoding="utf-8")
    code, out, _ = run(capsys, "eightoff", "solve", f"@{board}", "--variant", "bakers-game")
    assert code == ExitCode.NO and out.startswith("unsolvable")
    monkeypatch.setattr(sys, "stdin", io.StringIO(board_text(Position.numbered(1, FREECELL))))
    code, out, _ = run(capsys, "eightoff", "solve", "-", "--variant", "freecell", "--json")
    assert code == 0 and json.loads(out)["position"] == Position.numbered(1, FREECELL).notation()


def test_solve_fewest_and_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    deal = ["eightoff", "solve", "--deal", "1", "--variant", "seahaven-towers", "--json"]
    code, out, _ = run(capsys, *deal, "--fewest")
    data = json.loads(out)
    assert code == 0 and data["optimal"] is True and data["count"] == 69
    code, out, _ = run(capsys, *deal)
    assert json.loads(out)["count"] > 69 and json.loads(out)["optimal"] is False
    code, out, _ = run(
        capsys,
        "eightoff",
        "solve",
        "--deal",
        "3",
        "--variant",
        "seahaven-towers",
        "--time-limit",
        "0.001",
    )
    assert code == ExitCode.TIMEOUT and out.startswith("unknown: the search ran out of time")


def test_hint_of_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "eightoff", "hint", "--deal", "1", "--json")
    data = json.loads(out)
    assert code == 0 and not err and data["status"] == "winnable"
    position = Position.parse(data["position"])
    move = Move.parse(data["move"])
    assert (
        is_legal(position, move) and data["text"] == f"The game can still be won: play {move} next."
    )


def test_hint_of_a_lost_game_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "eightoff", "hint", "--deal", "4", "--moves", EIGHT_OFF_LOST, "--lang", "de"
    )
    assert code == ExitCode.NO
    assert out.splitlines()[-1] == (
        "Die Partie ging mit Zug 7 verloren, als 53 Kreuz-Neun auf Spalte 3 legte: nimm 5 Züge "
        "zurück, dann ist sie wieder zu gewinnen, mit k2 stattdessen."
    )
    code, out, _ = run(
        capsys, "eightoff", "hint", "--deal", "4", "--moves", EIGHT_OFF_LOST, "--json"
    )
    data = json.loads(out)
    assert (data["status"], data["lost_at"], data["losing_move"], data["undos"]) == (
        "lost",
        7,
        "53",
        5,
    )
    assert is_winnable(Position.parse(data["before"])) is True
    assert is_winnable(Position.parse(data["position"])) is False


def test_hint_of_a_game_notation(capsys: pytest.CaptureFixture[str]) -> None:
    game = EightOffGame.deal(3, BAKERS_GAME)
    for move in ["4d", "7a", "3b", "6c"]:
        game.push(move)
    code, out, _ = run(capsys, "eightoff", "hint", game.notation(), "--json")
    data = json.loads(out)
    assert code == 1 and data["lost_at"] == 2 and data["move"] == "1a"
    code, out, _ = run(capsys, "eightoff", "hint", "--deal", "2", "--variant", "bakers-game")
    assert code == 1 and out.endswith("The game cannot be won, not even from its start.\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve"], "give a POSITION or --deal N"),
        (["solve", "x", "--deal", "1"], "give a POSITION or --deal N"),
        (["solve", "freecell xx"], "cannot read position 'freecell xx'"),
        (["solve", "--deal", "1", "--variant", "nope"], "cannot read variant 'nope'"),
        (["hint", "--deal", "1", "--moves", "1h"], "move 1: cannot play 1h"),
        (["hint", "--deal", "1", "--lang", "fr"], "invalid choice: 'fr'"),
        (["deal", "0"], "expected a whole number"),
        (["solve", "--deal", "1", "--time-limit", "nan"], "expected seconds > 0"),
        (["solve", "@/no/such/file"], "No such file or directory"),
        (["solve", "x" * 30_000], "a position is at most 20,000 characters"),
        (["deal", "1", "--microsoft", "--variant", "eight-off"], "Microsoft's deals lay out"),
        (["solve", Position.numbered(1).notation(), "--variant", "freecell"], "but --variant"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "eightoff", *argv)
    assert code == ExitCode.BAD_INPUT and not out
    assert err.count("\n") == 1 and message in err and len(err) <= 501


def test_the_group_loads_only_what_it_uses() -> None:
    probe = (
        "import contextlib, io, sys\nfrom officers.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    main({argv})\n"
        "print(' '.join(m for m in sys.modules if m.startswith('officers')))"
    )

    def loaded(argv: list[str]) -> set[str]:
        done = subprocess.run(
            [sys.executable, "-c", probe.format(argv=argv)],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        return set(done.stdout.split())

    assert "officers.eightoff.solve" not in loaded(["eightoff", "deal", "1"])
    assert not any(name.startswith("officers.eightoff") for name in loaded(["count", "4/4/4/4"]))


def test_the_help_names_every_preset_and_the_library_default() -> None:
    from officers.cli import eightoff
    from officers.eightoff import PRESETS
    from officers.eightoff.hints import DEFAULT_TIME_LIMIT

    assert all(name in eightoff.VARIANT_HELP for name in PRESETS)
    assert eightoff.DEFAULT_TIME_LIMIT == DEFAULT_TIME_LIMIT


def test_a_census_too_large_to_keep_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "eightoff", "census", "--from", "1", "--to", str(10**7 + 1))
    assert code == ExitCode.BAD_INPUT and not out
    assert "at most 10,000,000 deals" in err and len(err.splitlines()) == 1


def test_play_in_the_terminal_wins_with_the_solvers_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    start = Position.numbered(1)
    words = solve_position(start).notation.split()
    typed = ["38", "undo", "hint", *words[:3], "undo", words[2], *words[3:]]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(typed) + "\n"))
    code, out, _ = run(capsys, "eightoff", "play", "--deal", "1", "--lang", "de")
    assert code == ExitCode.OK
    lines = out.splitlines()
    assert lines[-2] == "gewonnen: alle Karten liegen auf den Ablagestapeln"
    game = EightOffGame.parse(lines[-1])
    assert game.is_won() and [m.notation() for m in game.moves] == words
    refused = refusal(start, Move.parse("38"))
    assert refused is not None and refused.text("de") in out


def test_play_stops_at_quit_or_the_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for typed in ("4h\nquit\n", "4h\n"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        code, out, _ = run(capsys, "eightoff", "play", "--deal", "1")
        assert code == ExitCode.NO
        assert EightOffGame.parse(out.splitlines()[-1]).moves == (Move.parse("4h"),)


def test_a_census_without_a_time_limit_is_bounded_by_its_states(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--time-limit none --max-states N``: the library's census with those limits, so the
    same on every machine; a bound too small for a deal leaves it unknown, never guessed."""
    from officers.eightoff.census import census

    argv = ["eightoff", "census", "--variant", "bakers-game", "--from", "1", "--to", "6"]
    for states in (50, 200_000):
        code, out, _ = run(
            capsys,
            *argv,
            "--time-limit",
            "none",
            "--max-states",
            str(states),
            "--jobs",
            "1",
            "--json",
        )
        data = json.loads(out)
        expected = census("bakers-game", range(1, 7), time_limit=None, max_states=states, jobs=1)
        assert code == ExitCode.OK and data["max_states"] == states and data["time_limit"] is None
        assert (data["solvable"], data["unsolvable"], data["unknown"]) == expected.counts
    assert (
        data["unknown"] == 0
        and expected.counts
        != census("bakers-game", range(1, 7), time_limit=None, max_states=50, jobs=1).counts
    )
    code, _, err = run(capsys, *argv, "--max-states", "0")
    assert code == ExitCode.BAD_INPUT and "--max-states" in err


# --- what 'deal' prints, 'solve' reads ---------------------------------------------------------


def _printed(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(list(argv))
    return out.getvalue()


@given(st.sampled_from(list(PRESETS)), st.integers(1, 10**6), st.booleans())
def test_what_deal_prints_reads_back_as_the_same_position(
    name: str, number: int, as_json: bool
) -> None:
    printed = _printed("eightoff", "deal", str(number), "--variant", name, *["--json"] * as_json)
    start = Position.numbered(number, PRESETS[name])
    assert read_game(printed, None).position == start
    assert read_game(printed, PRESETS[name]).position == start


def _answer(result: tuple[int, str, str]) -> tuple[int, str, str]:
    """A run's answer without the seconds it took."""
    code, out, err = result
    if out.startswith("{"):
        data = json.loads(out)
        data.pop("seconds", None)
        return code, json.dumps(data), err
    return code, "\n".join(out.splitlines()[:2]), err


def test_deal_piped_into_solve(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, dealt, _ = run(capsys, "eightoff", "deal", "5", "--variant", "freecell")
    by_deal = _answer(run(capsys, "eightoff", "solve", "--deal", "5", "--variant", "freecell"))
    for variant in (["--variant", "freecell"], []):
        monkeypatch.setattr(sys, "stdin", io.StringIO(dealt))
        assert _answer(run(capsys, "eightoff", "solve", "-", *variant)) == by_deal
    monkeypatch.setattr(sys, "stdin", io.StringIO(dealt))
    code, _, err = run(capsys, "eightoff", "solve", "-", "--variant", "bakers-game")
    assert code == ExitCode.BAD_INPUT and "of variant freecell, but bakers-game" in err


def test_a_path_is_read_as_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("deal.board").write_text(_printed("eightoff", "deal", "5", "--variant", "freecell"))
    by_deal = _answer(run(capsys, "eightoff", "solve", "--deal", "5", "--variant", "freecell"))
    assert _answer(run(capsys, "eightoff", "solve", "deal.board")) == by_deal
    assert _answer(run(capsys, "eightoff", "solve", "@deal.board")) == by_deal
    assert _answer(run(capsys, "eightoff", "solve", str(tmp_path / "deal.board"))) == by_deal
    code, out, err = run(capsys, "eightoff", "solve", "other.board")
    assert code == ExitCode.BAD_INPUT and not out and err.count("\n") == 1
    assert "'other.board': no file of that name" in err and "@FILE" in err


def test_a_freecell_board_without_its_variant_is_not_solved_as_eight_off_without_a_word(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    board = board_text(Position.numbered(5, FREECELL))
    monkeypatch.setattr(sys, "stdin", io.StringIO(board))
    code, out, err = run(capsys, "eightoff", "solve", "-", "--json")
    assert code == ExitCode.OK and json.loads(out)["position"].startswith("eight-off ")
    assert err.startswith("officers: note: the board names no variant") and "freecell" in err
    by_deal = _answer(
        run(capsys, "eightoff", "solve", "--deal", "5", "--variant", "freecell", "--json")
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO("Variant: freecell\n" + board))
    assert _answer(run(capsys, "eightoff", "solve", "-", "--json")) == by_deal
    monkeypatch.setattr(sys, "stdin", io.StringIO(board_text(Position.numbered(5))))
    code, out, err = run(capsys, "eightoff", "solve", "-")  # laid out as Eight Off deals
    assert code == ExitCode.OK and not err
    seahaven = board_text(Position.numbered(5, SEAHAVEN_TOWERS))
    code, out, err = run(capsys, "eightoff", "solve", seahaven)
    assert code == ExitCode.BAD_INPUT and not out
    assert "fits seahaven-towers, not eight-off (the default)" in err


# --- the terminal game in German ----------------------------------------------------------------


@given(positions())
def test_the_terminals_position_is_the_positions_picture(position: Position) -> None:
    assert position_text(position, "en") == str(position)
    german = position_text(position, "de").splitlines()
    assert len(german) == len(str(position).splitlines()) and "Ablagestapel" in german[0]
    assert german[2:] == str(position).splitlines()[2:] or not position.variant.cells


def test_the_terminals_verdicts_are_solves() -> None:
    assert terminal("solvable", count=77) == _verdict("solvable", 77, None)
    assert terminal("solvable-1") == _verdict("solvable", 1, None)
    assert terminal("unsolvable") == _verdict("unsolvable", 0, None)
    assert terminal("unknown-time") == _verdict("unknown", 0, "time")
    assert terminal("unknown-memory") == _verdict("unknown", 0, "memory")
    assert TERMINAL["en"].keys() == TERMINAL["de"].keys()


def test_a_german_game_prints_no_english_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = ["xx", "38", "undo", "undo", "moves", "4h", "hint", "solve", "9h", "quit"]
    monkeypatch.setattr(sys, "stdin", Terminal("\n".join(typed) + "\n"))  # prompts too
    code, out, _ = run(capsys, "eightoff", "play", "--deal", "1", "--lang", "de")
    assert code == ExitCode.NO
    pieces = english_pieces(TERMINAL)
    for line in out.splitlines():
        assert not any(piece in line for piece in pieces), line
        assert not line.startswith(("cannot ", "The game", "won", "lost")), line
    for key in ("prompt", "no-undo", "cells", "foundations", "solvable"):
        assert TERMINAL["de"][key].split("{")[0].strip() in out, key
    assert "ist kein Zug" in out and "Nicht erlaubt (38)" in out


@pytest.mark.parametrize("at", ["", "@"])
def test_a_file_that_is_not_text_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, at: str
) -> None:
    binary = tmp_path / "deal.board"
    binary.write_bytes(b"Foundations: \xd0\x00\xff\n")
    for group in (["eightoff", "solve"], ["skat", "solve"]):
        code, out, err = run(capsys, *group, f"{at}{binary}")
        assert code == ExitCode.BAD_INPUT and not out and err.count("\n") == 1
        assert "is not UTF-8 text" in err
