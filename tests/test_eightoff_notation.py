"""The board text of fc-solve and PySol: ours round-trips, theirs reads, and fc-solve (when it is
installed: Debian's freecell-solver-bin) reads ours and solves it with moves our engine plays."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.errors import NotationError
from officers.eightoff.game import EightOffGame
from officers.eightoff.microsoft import microsoft_deal
from officers.eightoff.notation import board_text, board_variants, named_variant, read_board
from officers.eightoff.position import Position
from officers.eightoff.variant import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    PRESETS,
    SEAHAVEN_TOWERS,
    Variant,
)

from .test_eightoff_strategies import positions

FC_SOLVE = shutil.which("fc-solve")
GENERATOR = shutil.which("make-microsoft-freecell-board") or shutil.which(
    "pi-make-microsoft-freecell-board"
)
NEEDS_FC_SOLVE = pytest.mark.skipif(
    FC_SOLVE is None,
    reason="fc-solve is not installed (Debian/Ubuntu: apt-get install freecell-solver-bin)",
)


@given(positions())
def test_board_text_round_trips(position: Position) -> None:
    assert read_board(board_text(position), position.variant) == position
    assert read_board(board_text(position, ten="10"), position.variant) == position
    assert read_board(board_text(position).lower(), position.variant) == position


def test_their_spellings_read() -> None:
    text = (
        "\n"
        "Founds: S-0 D-a H-0 C-1\n"
        "FC: *  4H -\n"
        "2D KC KS 5C 10D 8S 9C\n"
        ": 9H 9S 9D TS 4S 8D 2H\n"
        ":\n"
        ":JC 5S QD QH TH QS 6H\n"
        "5D JS 6C\n"
        "7H QC AS 2C 3D\n"
        "7C KH AH 4D JH 8C 8H\n"
        "5H 3H 3C 7S 7D TC JD KD 2S 4C 3S 6D 6S\n"
        "\n"
    )
    position = read_board(text, FREECELL)
    assert position.foundations == (1, 1, 0, 0)
    assert position.cells == (None, 29, None, None)
    assert position.columns[2] == () and position.columns[0][4] == 22


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Freecells: 2D\n" + ":\n" * 7, "expected 8 columns"),
        ("Foundations: H-X\n", "cannot read foundation 'H-X'"),
        ("Foundations: H-0 H-2\n", "comes twice"),
        ("Freecells: 2D 3D 4D 5D 6D\n", "5 free cells"),
        (": XX\n", "cannot read card 'XX'"),
        (":\n" * 8, "are missing"),
    ],
)
def test_bad_boards_say_why(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why) as caught:
        read_board(text, FREECELL)
    assert str(caught.value).startswith("cannot read board ")


def test_eight_offs_cells_are_written() -> None:
    position = Position.numbered(3, EIGHT_OFF)
    lines = board_text(position).splitlines()
    assert lines[1].split()[1:] == [f"{card:>2}" for card in lines[1].split()[1:]]
    assert len(lines[1].split()) == 1 + 4 and len(lines) == 2 + 8


@pytest.mark.skipif(GENERATOR is None, reason="make-microsoft-freecell-board is not installed")
@pytest.mark.parametrize("ten", [[], ["-t"]])
def test_the_generators_boards_read(ten: list[str]) -> None:
    assert GENERATOR is not None
    for number in (1, 617, 11982):
        text = subprocess.run(
            [GENERATOR, *ten, str(number)], capture_output=True, text=True, check=True
        ).stdout
        assert read_board(text, FREECELL) == microsoft_deal(number)


def solve(position: Position) -> list[str] | None:
    """fc-solve's solution of our board text, in its standard notation, or None."""
    assert FC_SOLVE is not None
    args = position.variant.fc_solve_args()
    assert args is not None
    output = subprocess.run(
        [FC_SOLVE, *args, "-m", "-snx", "-mi", "100000", "-"],
        check=False,
        input=board_text(position),
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    if "This game is solveable" not in output:
        return None
    return output.split("-=-=-=-=-=-=-=-=-=-=-=-")[1].split("This game")[0].split()


@NEEDS_FC_SOLVE
@pytest.mark.parametrize("name", list(PRESETS))
def test_fc_solve_reads_our_board_and_our_engine_plays_its_solution(name: str) -> None:
    variant, solved = PRESETS[name], 0
    for number in range(4):
        moves = solve(Position.numbered(number, variant))
        if moves is None:
            continue
        game = EightOffGame.deal(number, variant)
        for move in moves:
            game.push(move)
        assert game.is_won()
        solved += 1
        if solved == 2:
            break
    assert solved >= 1


@NEEDS_FC_SOLVE
def test_fc_solves_states_read() -> None:
    assert FC_SOLVE is not None
    position = Position.numbered(7, SEAHAVEN_TOWERS)
    args = SEAHAVEN_TOWERS.fc_solve_args()
    assert args is not None
    output = subprocess.run(
        [FC_SOLVE, *args, "-p", "-t", "-s", "-i", "-mi", "30", "-"],
        check=False,
        input=board_text(position),
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    boards = [part.split("\n\n")[0] for part in output.split("Foundations:")[1:]]
    assert len(boards) >= 10
    states = [read_board("Foundations:" + board, SEAHAVEN_TOWERS) for board in boards]
    assert sorted(states[0].columns) == sorted(position.columns)
    assert any(state.cells != position.cells for state in states)


# --- the variant: given, named by the text, or Eight Off ---------------------------------------


@given(positions())
def test_a_board_names_its_variant_and_reads_back_without_one(position: Position) -> None:
    text = board_text(position)
    named = f"Variant: {position.variant.notation()}\n{text}"
    assert read_board(named) == position == read_board(named, position.variant)
    assert read_board(text + position.notation() + "\n") == position  # as 'deal' prints it
    assert named_variant(named) == position.variant and named_variant(text) is None
    assert position.variant in board_variants(text) or position.variant.name not in PRESETS


@given(st.sampled_from(list(PRESETS.values())), st.integers(1, 2**33 - 1))
def test_without_a_variant_a_board_is_eight_off_or_refused(variant: Variant, number: int) -> None:
    position = Position.numbered(number, variant)
    text = board_text(position)
    if variant.columns == EIGHT_OFF.columns:  # every 8-column board fits Eight Off's 8 cells
        read = read_board(text)
        assert read.variant == EIGHT_OFF and read.columns == position.columns
        assert read.cells[: variant.cells] == position.cells[: EIGHT_OFF.cells]
    else:
        with pytest.raises(NotationError, match=f"fits {variant.name}, not eight-off"):
            read_board(text)


def test_the_default_is_eight_off_not_freecell() -> None:
    start = Position.numbered(901736)  # 4 cards in the cells: a FreeCell board's shape too
    assert read_board(board_text(start)) == start
    assert (
        read_board(board_text(start)).variant
        == EIGHT_OFF
        != read_board(board_text(start), FREECELL).variant
    )


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Variant: freecell\nVariant: bakers-game\n", "names two variants"),
        ("Variant: nope\n", "cannot read variant 'nope'"),
        (
            board_text(Position.numbered(2)) + Position.numbered(3).notation(),
            "the board and its position notation are not the same position",
        ),
    ],
)
def test_named_variants_that_disagree_are_refused(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        read_board(text)


def test_a_named_variant_must_agree_with_the_given_one() -> None:
    text = "Variant: freecell\n" + board_text(Position.numbered(1, FREECELL))
    with pytest.raises(NotationError, match="of variant freecell, but bakers-game was given"):
        read_board(text, BAKERS_GAME)
