"""fc-solve's library in process (``benchmarks/fcs_library.py``), the peer of Eight Off's solver
in ``benchmarks/bench_eightoff.py``: its verdicts against officers', its wins replayed by
officers' rules, its moves the same as the ``fc-solve`` process's, and its instance recycled
from deal to deal.

The tests skip when the library (Debian's ``libfreecell-solver0``, which ``freecell-solver-bin``
brings) is missing, unless the environment says ``OFFICERS_FCSOLVE_TESTS=required`` (then
they fail).
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from benchmarks.fcs_library import (
    FcsLibraryError,
    Solver,
    Step,
    board,
    load,
    officers_moves,
    steps_from_text,
)
from officers.eightoff.microsoft import microsoft_deal
from officers.eightoff.notation import read_board
from officers.eightoff.position import Position
from officers.eightoff.solve import replay, solve_position
from officers.eightoff.variant import BAKERS_GAME, EIGHT_OFF, FREECELL, PRESETS, SEAHAVEN_TOWERS

REQUIRED = os.environ.get("OFFICERS_FCSOLVE_TESTS", "") == "required"


@pytest.fixture(scope="module", autouse=True)
def _library() -> None:
    try:
        load()
    except FcsLibraryError as error:
        if REQUIRED:
            pytest.fail(f"{error} (OFFICERS_FCSOLVE_TESTS=required)")
        pytest.skip(str(error))


def _won(steps: tuple[Step, ...], position: Position) -> bool:
    moves = officers_moves(steps, position)
    reached = replay(
        position.columns, position.cells, position.foundations, position.variant, moves
    )
    return reached[2] == (13, 13, 13, 13)


@pytest.mark.parametrize("name", ["eight-off", "freecell", "bakers-game", "seahaven-towers"])
def test_the_verdicts_of_20_deals_are_officers_and_every_win_replays(name: str) -> None:
    variant = PRESETS[name]
    statuses = []
    with Solver.for_variant(variant, "eo") as solver:
        for number in range(1, 21):
            position = Position.numbered(number, variant)
            outcome = solver.solve(board(position))
            assert outcome.status == solve_position(position).status, number
            if outcome.status == "solvable":
                assert _won(outcome.steps, position), number
            statuses.append(outcome.status)
    # the families differ: every Eight Off and FreeCell deal here is won, Baker's Game and
    # Seahaven Towers lose some (our census: Baker's Game deals 2 and 4 are lost)
    lost = [n for n, status in enumerate(statuses, 1) if status == "unsolvable"]
    if name in ("eight-off", "freecell"):
        assert lost == []
    if name == "bakers-game":
        assert lost[:2] == [2, 4]


def test_microsoft_deals_1_to_20_are_won_and_replay() -> None:
    with Solver.for_variant(FREECELL, "cm") as solver:
        for number in range(1, 21):
            position = microsoft_deal(number)
            outcome = solver.solve(board(position))
            assert outcome.status == "solvable"
            assert _won(outcome.steps, position)


def test_bakers_game_deal_135_the_preset_says_lost_officers_wins() -> None:
    # fc-solve's Baker's Game search leaves out moves its rules allow: it says deal 135 cannot
    # be won (with its default search and its themes alike); officers' win replays
    position = Position.numbered(135, BAKERS_GAME)
    for theme in (None, "eo"):
        with Solver.for_variant(BAKERS_GAME, theme) as solver:
            assert solver.solve(board(position)).status == "unsolvable"
    solution = solve_position(position)
    assert solution.status == "solvable"
    won = replay(
        position.columns, position.cells, position.foundations, BAKERS_GAME, solution.moves
    )
    assert won[2] == (13, 13, 13, 13)


def test_the_library_plays_the_moves_of_the_process() -> None:
    # the same search (the game's default, no theme) in process and as fc-solve -m: the same
    # moves, read by the binding from fcs_move_t and by the parser from the text
    if shutil.which("fc-solve") is None:
        if REQUIRED:
            pytest.fail("fc-solve is not installed (OFFICERS_FCSOLVE_TESTS=required)")
        pytest.skip("fc-solve is not installed")
    wins = 0
    for variant in (EIGHT_OFF, SEAHAVEN_TOWERS):
        args = variant.fc_solve_args()
        assert args is not None
        with Solver(args, None) as solver:
            for number in (1, 2, 3):
                text = board(Position.numbered(number, variant))
                done = subprocess.run(
                    ["fc-solve", *args, "-m", "-"],
                    input=text,
                    capture_output=True,
                    text=True,
                    check=True,
                    env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
                )
                outcome = solver.solve(text)
                solved = "This game is solveable." in done.stdout
                assert (outcome.status == "solvable") == solved
                assert list(outcome.steps) == steps_from_text(done.stdout)
                wins += solved
    assert wins == 5  # Seahaven Towers' deal 3 is lost


def test_a_recycled_instance_answers_as_a_fresh_one() -> None:
    positions = [Position.numbered(n, SEAHAVEN_TOWERS) for n in (3, 4, 5)]  # lost, long, short
    with Solver.for_variant(SEAHAVEN_TOWERS, "eo") as solver:
        first = [solver.solve(board(p)) for p in positions]
        again = [solver.solve(board(p)) for p in reversed(positions)][::-1]
    assert first == again
    assert [o.status for o in first] == ["unsolvable", "solvable", "solvable"]
    for position in positions:
        with Solver.for_variant(SEAHAVEN_TOWERS, "eo") as fresh:
            assert fresh.solve(board(position)) == first[positions.index(position)]


def test_the_iteration_limit_leaves_a_deal_unknown_and_steps_change_nothing() -> None:
    position = Position.numbered(4, SEAHAVEN_TOWERS)  # some 96,000 iterations by default
    with Solver.for_variant(SEAHAVEN_TOWERS, None, iterations=1_000) as solver:
        cut = solver.solve(board(position))
    assert (cut.status, cut.steps) == ("unknown", ())
    assert 1_000 <= cut.iterations < 2_000
    with (
        Solver.for_variant(SEAHAVEN_TOWERS, None, step=997) as small,
        Solver.for_variant(SEAHAVEN_TOWERS, None, step=10_000_000) as whole,
    ):
        assert small.solve(board(position)) == whole.solve(board(position))


def test_the_board_text_reads_back_as_the_position() -> None:
    for variant in (EIGHT_OFF, FREECELL, BAKERS_GAME, SEAHAVEN_TOWERS):
        position = Position.numbered(7, variant)
        assert read_board(board(position), variant) == position


def test_what_the_library_refuses() -> None:
    with pytest.raises(FcsLibraryError, match="no game"):
        Solver(["-g", "no_such_game"], None)
    with pytest.raises(FcsLibraryError, match="refused"):
        Solver(["-g", "eight_off"], "no-such-theme")
    with (
        Solver(["-g", "eight_off"], None) as solver,
        pytest.raises(FcsLibraryError, match="cannot read the board"),
    ):
        solver.solve("Foundations: C-0 D-0 H-0 S-0\n: AC AC\n")
    with pytest.raises(FcsLibraryError, match="does not play"):
        Solver.for_variant(EIGHT_OFF.replace(sequence="one"))
