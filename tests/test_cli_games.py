"""Every game's verbs from the registry (``officers GAME deal|solve|hint|play|simulate``): each
verb of each registered game run end to end (a game added to :data:`officers.games.GAMES` is
tested here without a line more), the facts their answers must keep (a deal is the registry's,
a solved game's line replays to its verdict, a hint's move is legal, the JSON is the engine's
document), bad input in one line with status 2, and a start that loads no game it does not
run."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from officers.cli import GROUPS, ExitCode, parser
from officers.cli.games import VERBS, commands_of
from officers.games import GAMES, Registered
from tests.helpers import assert_valid
from tests.helpers import run_cli as run

ROOT = Path(__file__).resolve().parent.parent
NAMES = list(GAMES)
"""Every registered game, by its registry name."""


def group(game: str) -> str:
    """The name of a game's group on the command line (``euler`` for ``officers``)."""
    return commands_of(GAMES[game]).group


def notation(document: dict[str, Any]) -> str:
    """The notation a deal's document carries: its ``game`` (the games' own documents) or
    its ``state`` (the ``play-state`` document of a game without commands of its own)."""
    found = document.get("game", document.get("state"))
    assert isinstance(found, str), document
    return found


def played(document: dict[str, Any]) -> list[str]:
    """The moves of a solution's document: ``moves`` (Eight Off's solution, Euler's Officers'
    record) or ``line`` (Offiziersskat's)."""
    found = document.get("moves", document.get("line"))
    assert isinstance(found, list), document
    return [str(move) for move in found]


def advised(document: dict[str, Any]) -> str | None:
    """The move a hint's document names: ``move`` (Eight Off, Offiziersskat) or its
    recommendation's (Euler's Officers)."""
    if "recommendation" in document:
        move: str | None = document["recommendation"]["move"]
        return move
    return document["move"]  # type: ignore[no-any-return]


# --- the parser holds every game's group and its verbs --------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_its_group_with_the_five_verbs(name: str) -> None:
    commands = parser().commands.choices
    game = GAMES[name]
    assert commands[group(name)] is commands[name]  # the registry name too
    module = "officers.cli." + GROUPS[name]
    assert game.cli is None or game.cli.startswith(module + ":")
    assert GROUPS[group(name)] == GROUPS[name]
    actions = commands[name].commands.choices
    assert set(VERBS) <= set(actions)
    for verb in VERBS:
        options = {s for a in actions[verb]._actions for s in a.option_strings}
        shape = {
            "deal": {"--deal", "--seed", "--json"},
            "solve": {"--deal", "--moves", "--time-limit", "--json"},
            "hint": {"--deal", "--moves", "--player", "--lang", "--time-limit", "--json"},
            "play": {"--deal", "--lang"},
            "simulate": {"--bots", "--deals", "--seed", "--jobs", "--json", "--keep-seats"},
        }[verb]
        assert shape <= options, (name, verb, shape - options)


@pytest.mark.parametrize("name", NAMES)
def test_the_help_names_the_games_bots(name: str) -> None:
    from officers.games.simulate import bots

    named = commands_of(GAMES[name]).bots
    assert not named or named == tuple(bots(name))


def test_the_group_of_eulers_officers_is_euler_and_its_registry_name() -> None:
    assert group("officers") == "euler" and GROUPS["euler"] == GROUPS["officers"] == "euler"
    assert group("eightoff") == "eightoff" and group("skat") == "skat"


# --- deal ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("number", [1, 7, 2**31])
def test_deal_n_is_the_registrys_deal_n(
    capsys: pytest.CaptureFixture[str], name: str, number: int
) -> None:
    game = GAMES[name]
    code, out, err = run(capsys, group(name), "deal", "--deal", str(number), "--json")
    assert code == ExitCode.OK and not err
    document = json.loads(out)
    assert_valid(document)
    assert game.parse(notation(document)).notation() == game.deal(number).notation()
    texts = {
        run(capsys, name, "deal", *how)[1] for how in (["--deal", "7"], ["7"], ["--seed", "7"])
    }
    assert len(texts) == 1  # N, --deal N and --seed N: one deal


def test_euler_deal_is_officers_deal(capsys: pytest.CaptureFixture[str]) -> None:
    for options in ([], ["--players", "3", "--level", "expert", "--coins"], ["--json"]):
        _, group_out, _ = run(capsys, "euler", "deal", "--seed", "11", *options)
        _, top_out, _ = run(capsys, "deal", "--seed", "11", *options)
        assert group_out == top_out


def test_deal_without_a_number_is_a_fresh_deal(capsys: pytest.CaptureFixture[str]) -> None:
    for name in NAMES:
        code, out, _ = run(capsys, group(name), "deal", "--json")
        assert code == ExitCode.OK
        GAMES[name].parse(notation(json.loads(out)))  # a deal of the game


# --- solve ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("number", [1, 2, 5])
def test_a_solved_deals_line_replays_to_its_verdict(
    capsys: pytest.CaptureFixture[str], name: str, number: int
) -> None:
    """The line of ``solve --json`` played on the registry's deal ends the game, won by the
    first player exactly when the exit status says it can be won."""
    argv = [group(name), "solve", "--deal", str(number), "--time-limit", "120", "--json"]
    code, out, err = run(capsys, *argv)
    if code == ExitCode.BAD_INPUT:  # a game without a solver says so
        assert "has no solver" in err and len(err.splitlines()) == 1
        return
    assert code in (ExitCode.OK, ExitCode.NO), err
    document = json.loads(out)
    assert_valid(document)
    state = GAMES[name].deal(number)
    for move in played(document):
        state.push(move)
    assert state.is_over()
    assert (state.returns()[0] == 1.0) == (code == ExitCode.OK)


def test_eulers_officers_solve_is_exact_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    """A dead square with a token to spare can be won (the line takes a card back first); with
    none, the game is lost, and the exact bot's line to the end shows it."""
    from officers.euler.game import GameState

    dead = "1QH2/KS3/3JD/AD3 {} 1 AHACKCQSJSJC/ASKHKDQDQCJH - - 5"
    code, out, _ = run(capsys, "euler", "solve", dead.format("normal 1"), "--json")
    document = json.loads(out)
    assert code == ExitCode.OK and document["result"] == "won"
    assert document["moves"][0].startswith("x")  # the repair first
    code, out, _ = run(capsys, "euler", "solve", dead.format("hard 0"))
    assert code == ExitCode.NO and out.startswith("lost: the square is dead")
    state = GameState.parse(dead.format("hard 0"))
    for move in out.splitlines()[1].split():
        state.push(move)
    outcome = state.outcome()
    assert outcome is not None and not outcome.won


def test_solve_json_is_the_engines_record(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.contract import handle
    from officers.euler.game import GameState

    code, out, _ = run(capsys, "euler", "solve", "--deal", "3", "--moves", "AS@r1c1", "--json")
    document = json.loads(out)
    start = GameState.deal(3)
    start.push("AS@r1c1")
    asked = {"op": "record", "setup": start.notation(), "moves": document["moves"]}
    assert code == ExitCode.OK and document == handle(asked) and len(document["moves"]) == 15


def test_deal_and_solve_json_are_the_engines(capsys: pytest.CaptureFixture[str]) -> None:
    """``--json`` writes the document the engine answers for the same question (a search's
    seconds, and which of the lines of best play, are the search's own)."""
    from officers.contract import handle
    from officers.skat import SkatGame

    asked = [
        (["euler", "deal", "3"], {"op": "new", "seed": 3}),
        (["eightoff", "deal", "3", "--variant", "freecell"], {"op": "eightoff/deal", "number": 3,
                                                              "variant": "freecell"}),
        (["skat", "deal", "3"], {"op": "skat/deal", "number": 3}),
    ]  # fmt: skip
    for argv, request in asked:
        assert json.loads(run(capsys, *argv, "--json")[1]) == handle(request), argv
    document = json.loads(run(capsys, "eightoff", "solve", "--deal", "1", "--json")[1])
    engine = handle({"op": "eightoff/solve", "game": document["position"]})
    assert {**document, "seconds": 0} == {**engine, "seconds": 0}, engine
    _, out, _ = run(capsys, "skat", "solve", "--deal", "3", "--moves", "H", "--json")
    game = SkatGame.deal(3)
    for move in ["H", *played(json.loads(out))[:12]]:
        game.push(move)  # four tricks played: a search of a moment, even on a busy machine
    document = json.loads(run(capsys, "skat", "solve", game.notation(), "--json")[1])
    engine = handle({"op": "skat/solve", "game": game.notation()})
    same = ("kind", "position", "value", "won", "games")
    assert [document[k] for k in same] == [engine.get(k) for k in same], engine


# --- hint ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("number", [1, 4])
def test_a_hints_move_is_legal(capsys: pytest.CaptureFixture[str], name: str, number: int) -> None:
    argv = [group(name), "hint", "--deal", str(number), "--time-limit", "1", "--json"]
    code, out, err = run(capsys, *argv)
    if code == ExitCode.BAD_INPUT:  # a game without a hint says so
        assert "has no hint" in err and len(err.splitlines()) == 1
        return
    assert code in (ExitCode.OK, ExitCode.NO, ExitCode.TIMEOUT), err
    document = json.loads(out)
    assert_valid(document)
    if code == ExitCode.TIMEOUT:  # out of time on a busy machine: no move to check
        return
    move = advised(document)
    state = GAMES[name].deal(number)
    assert move is not None and state.refusal(move) is None
    assert move in {legal.notation() for legal in state.legal_moves()}


def test_the_hints_json_is_the_engines(capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from officers.contract import handle
    from officers.eightoff import EightOffGame
    from officers.euler.game import GameState
    from officers.skat import SkatGame
    from officers.skat.public import Public

    euler = GameState.deal(5, players=3)
    _, out, _ = run(capsys, "euler", "hint", euler.notation(), "--player", "2", "--json")
    assert json.loads(out) == handle({"op": "hint", "game": euler.notation(), "player": 2})
    eightoff = EightOffGame.deal(2)
    _, out, _ = run(capsys, "eightoff", "hint", eightoff.notation(), "--json")
    engine = handle({"op": "eightoff/hint", "game": eightoff.notation()})
    assert {**json.loads(out), "seconds": 0} == {**engine, "seconds": 0}
    skat = SkatGame.deal(3)
    rng = random.Random(2)
    while skat.position.phase == "choose" or skat.position.tricks_left > 3 or skat.position.trick:
        skat.push(rng.choice(skat.legal_moves()))  # late: the tip is exact, the same every time
    for verb in ("hint", "tip"):
        _, out, _ = run(capsys, "skat", verb, skat.notation(), "--json")
        public = Public.of(skat).notation()
        assert json.loads(out) == handle({"op": "skat/tip", "public": public})


def test_hint_player(capsys: pytest.CaptureFixture[str]) -> None:
    from officers.euler.game import GameState

    code, out, _ = run(capsys, "euler", "hint", "--deal", "5", "--player", "2", "--json")
    assert code == ExitCode.OK
    assert json.loads(out)["view"]["hand"] == [c.notation() for c in GameState.deal(5).hand(1)]
    code, _, err = run(capsys, "skat", "hint", "--deal", "5", "--player", "2")
    assert code == ExitCode.BAD_INPUT and "the player to move, player 1" in err


# --- play and simulate --------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_play_quits_at_the_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("moves\nquit\n"))
    code, out, err = run(capsys, group(name), "play", "--deal", "3")
    assert code in (ExitCode.OK, ExitCode.NO) and out and not err


@pytest.mark.parametrize("name", NAMES)
def test_simulate_is_the_runner_of_every_game(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """``officers GAME simulate --bots B`` is ``officers simulate --game GAME --bots B``."""
    from officers.games.simulate import bots

    bot = next(iter(bots(name)))
    common = ["--bots", bot, "--deals", "3", "--seed", "5", "--jobs", "1", "--json"]
    code, out, _ = run(capsys, group(name), "simulate", *common)
    document = json.loads(out)
    assert_valid(document)
    assert code == ExitCode.OK and document["kind"] == "play-simulation"
    assert document["game"] == name and document["deals"] == 3 and document["bots"][0] == bot
    _, top, _ = run(capsys, "simulate", "--game", name, *common)
    assert json.loads(top) == document


def test_simulate_keeps_each_games_own_simulation(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--deals", "4", "--jobs", "1", "--json"]
    _, out, _ = run(capsys, "euler", "simulate", *argv, "--bot", "exact")
    _, top, _ = run(capsys, "simulate", *argv, "--bot", "exact", "--seed", "0")
    assert json.loads(out)["kind"] == "simulation" and json.loads(out) == json.loads(top)
    _, out, _ = run(capsys, "skat", "simulate", *argv, "--pairs", "greedy:random")
    assert json.loads(out)["kind"] == "skat-simulation"
    _, default, _ = run(capsys, "skat", "simulate", "--deals", "4", "--jobs", "1")
    assert default.count("greedy") >= 3  # the pairs of 0.3 by default


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve"], "or --deal N (one of them)"),
        (["hint", "nonsense-position", "--deal", "1"], "or --deal N (one of them)"),
        (["solve", "nonsense-position"], "nonsense-position"),
        (["hint", "nonsense-position"], "nonsense-position"),
        (["deal", "3", "--seed", "4"], "give N, --deal N or --seed N (one of them)"),
        (["deal", "x9"], "'x9'"),
        (["solve", "--deal", "1", "--moves", "nonsense-move"], "nonsense-move"),
        (["solve", "--deal", "1", "--time-limit", "nan"], "expected seconds > 0"),
        (["hint", "--deal", "1", "--player", "9"], "1-"),
        (["simulate", "--bots", "nobot", "--deals", "1"], "'nobot'"),
        (["simulate", "--bots", " , "], "expected one bot or several"),
        (["fly"], "invalid choice: 'fly'"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], name: str, argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, group(name), *argv)
    assert code == ExitCode.BAD_INPUT and not out, (code, out, err)
    assert len(err.splitlines()) == 1 and message in err and err.startswith("officers")
    assert "Traceback" not in err


def test_options_of_a_deal_do_not_go_with_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "euler", "solve", "4/4/4/4 normal 1 1 AS/AH - - 1", "--players", "3")
    assert code == ExitCode.BAD_INPUT and "--players go with --deal N" in err
    code, _, err = run(capsys, "skat", "simulate", "--bots", "greedy", "--best")
    assert code == ExitCode.BAD_INPUT and "give one or the other" in err


# --- a game registered without commands of its own ----------------------------------------


def test_a_game_without_commands_of_its_own_has_the_five_verbs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fourth game (here Eight Off's state and bots, registered without a command line)
    answers every verb from its state alone."""
    import officers.games
    import officers.games.simulate

    fourth: Registered = dataclasses.replace(
        GAMES["eightoff"], name="fourth", title="Fourth", cli=None, operations=(), kinds=()
    )
    games = MappingProxyType({**GAMES, "fourth": fourth})
    monkeypatch.setattr(officers.games, "GAMES", games)
    monkeypatch.setattr(officers.games.simulate, "GAMES", games)
    code, out, _ = run(capsys, "fourth", "deal", "3")
    assert code == ExitCode.OK and out == GAMES["eightoff"].deal(3).notation() + "\n"
    code, out, _ = run(capsys, "fourth", "deal", "3", "--json")
    document = json.loads(out)
    assert document["kind"] == "play-state" and document["game"] == "fourth"
    for verb in ("solve", "hint"):
        code, _, err = run(capsys, "fourth", verb, "--deal", "3")
        assert code == ExitCode.BAD_INPUT and f"Fourth has no {verb}" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("moves\n4h\nxx\nquit\n"))
    code, out, _ = run(capsys, "fourth", "play", "--deal", "1")
    lines = out.splitlines()
    assert code == ExitCode.NO and "4h" in lines[1].split() and lines[2].endswith(" ; 4h")
    code, out, _ = run(
        capsys, "fourth", "simulate", "--bots", "solver", "--deals", "2", "--jobs", "1"
    )
    assert code == ExitCode.OK and out.splitlines()[1].split()[:3] == ["fourth", "solver", "2"]


# --- start-up ------------------------------------------------------------------------------


def loaded(argv: list[str]) -> set[str]:
    """The officers modules a fresh interpreter has loaded after running ``argv``."""
    probe = (
        "import contextlib, io, sys\nfrom officers.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()):\n    main({argv!r})\n"
        "print(' '.join(m for m in sys.modules if m.startswith('officers')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(done.stdout.split())


@pytest.mark.parametrize(
    "argv", [["--help"], ["skat", "--help"], ["euler", "hint", "--help"], ["eightoff", "--help"]]
)
def test_the_help_loads_no_game(argv: list[str]) -> None:
    """Building the parser of every game's group loads no game: not its state, not its aid, not
    its solver (nor, for the help of every command, the puzzles or the contract)."""
    modules = loaded(argv)
    assert not {m for m in modules if m.startswith(("officers.eightoff", "officers.skat"))}
    assert not {m for m in modules if m.startswith(("officers.euler", "officers.contract"))}


def test_a_games_verb_loads_no_other_game() -> None:
    assert not {m for m in loaded(["skat", "deal", "1"]) if m.startswith("officers.eightoff")}
    eightoff = loaded(["eightoff", "deal", "1"])
    assert not {m for m in eightoff if m.startswith(("officers.skat", "officers.euler"))}
    assert "officers.eightoff.solve" not in eightoff


def test_the_parsers_copies_of_the_librarys_values_are_the_librarys() -> None:
    """The values the parser shows are written in the command line's modules (building the
    parser loads no solver): each is the library's."""
    from officers import METHODS
    from officers.cli import advice, squares
    from officers.euler.analysis import MAX_REASONS
    from officers.euler.solve import NO_SQUARE_ORDERS
    from officers.euler.solve.base import DEFAULT_TIME_LIMIT
    from officers.euler.square import MAX_ORDER, MAX_TEXT_ORDER
    from officers.euler.view import DEFAULT_TOKENS
    from officers.euler.words import languages

    assert squares.METHODS == METHODS and squares.DEFAULT_TIME_LIMIT == DEFAULT_TIME_LIMIT
    assert (squares.MAX_ORDER, squares.MAX_TEXT_ORDER) == (MAX_ORDER, MAX_TEXT_ORDER)
    assert squares.NO_SQUARE_ORDERS == NO_SQUARE_ORDERS
    assert (advice.MAX_REASONS, advice.DEFAULT_TOKENS) == (MAX_REASONS, DEFAULT_TOKENS)
    assert languages() == advice.LANGUAGES
    euler_hint = parser().parse_args(["euler", "hint", "--deal", "1"])
    assert euler_hint.max_reasons == MAX_REASONS
