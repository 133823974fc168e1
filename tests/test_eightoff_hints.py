"""Hints of Eight Off and its family: winnable or not, the next move of a win, where a game was
lost — on real deals that the solver decides in milliseconds."""

from __future__ import annotations

import pytest

from officers.core.errors import UnsupportedError
from officers.eightoff import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    PRESETS,
    SEAHAVEN_TOWERS,
    EightOffGame,
    Position,
    Variant,
    is_legal,
)
from officers.eightoff.hints import Hint, is_winnable, next_move, solver_move, where_lost
from officers.eightoff.solve import solve_position

# Eight Off deal 4 played into a dead end: every position from move 7 on is lost
EIGHT_OFF_LOST = "4k 7e 2g e8 8f 5e 53 f8 1f k2 ak"
# Baker's Game deal 3 with its cells filled: lost at move 2 (7a)
BAKERS_LOST = "4d 7a 3b 6c"


def played(number: int, variant: Variant, moves: str) -> EightOffGame:
    game = EightOffGame.deal(number, variant)
    for move in moves.split():
        game.push(move)
    return game


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("number", [1, 5])
def test_the_next_move_is_legal_and_keeps_the_game_winnable(name: str, number: int) -> None:
    start = Position.numbered(number, PRESETS[name])
    assert solve_position(start).status == "solvable"  # these deals are won
    assert is_winnable(start) is True
    move = next_move(start)
    assert move is not None and is_legal(start, move)
    game = EightOffGame(start)
    game.push(move)
    assert is_winnable(game) is True


def test_following_the_hints_wins_the_deal() -> None:
    game = EightOffGame.deal(1)
    while not game.is_won():
        move = next_move(game)
        assert move is not None
        game.push(move)
    outcome = game.outcome()
    assert outcome is not None and outcome.won
    assert where_lost(game).status == "won" and next_move(game) is None


def test_the_solver_plays_foundation_moves_as_moves() -> None:
    # Eight Off deal 1 starts with an Ace of Spades to go home: the solver's first move
    start = Position.numbered(1)
    assert next_move(start) == solver_move((("column", 3), ("foundation", 3), 1))
    assert str(next_move(start)) == "4h"


def test_an_unwinnable_deal_has_no_next_move() -> None:
    start = Position.numbered(2, BAKERS_GAME)
    assert is_winnable(start) is False and next_move(start) is None
    hint = where_lost(EightOffGame(start))
    assert hint.status == "lost" and hint.lost_at == 0 and hint.undos is None
    assert hint.text() == "The game cannot be won, not even from its start."


def test_where_an_eight_off_game_was_lost() -> None:
    game = played(4, EIGHT_OFF, EIGHT_OFF_LOST)
    assert is_winnable(game) is False and not game.is_lost()  # moves are left, no win
    hint = where_lost(game)
    assert (hint.status, hint.lost_at, str(hint.losing_move), hint.undos) == ("lost", 7, "53", 5)
    assert hint.moves == 11 and hint.states > 0 and hint.reason is None
    positions = game.positions()
    assert hint.before == positions[6] and hint.losing_move == game.moves[6]
    # undoing that many moves makes it winnable again, with the hint's move first
    for _ in range(hint.undos or 0):
        game.pop()
    assert game.position == hint.before and is_winnable(game) is True
    assert hint.move is not None and is_legal(game.position, hint.move)
    game.push(hint.move)
    assert is_winnable(game) is True
    # and no later position of the game can be won: the fewest undos
    assert all(is_winnable(position) is False for position in positions[7:])


def test_where_lost_with_a_cell_filled_too_many() -> None:
    game = played(3, BAKERS_GAME, BAKERS_LOST)
    hint = where_lost(game)
    assert (hint.lost_at, str(hint.losing_move), hint.undos, str(hint.move)) == (2, "7a", 3, "1a")
    assert hint.text("en") == (
        "The game was lost at move 2, when 7a moved Q♦ to cell a: undo 3 moves and it can be "
        "won again, with 1a instead."
    )
    assert hint.text("de").startswith(
        "Die Partie ging mit Zug 2 verloren, als 7a Karo-Dame in Freizelle a legte"
    )
    assert [is_winnable(p) for p in game.positions()] == [True, True, False, False, False]


def test_a_winnable_game_names_its_next_move() -> None:
    game = played(1, FREECELL, "3a 7b 2c 5d")
    hint = where_lost(game)
    assert hint.status == "winnable" and hint.lost_at is None
    assert hint.move is not None and is_legal(game.position, hint.move)
    assert hint.text("de") == f"Die Partie ist noch zu gewinnen: als Nächstes {hint.move}."


def test_a_run_that_lost_the_game_is_told_as_a_run() -> None:
    hint = Hint(
        "lost",
        move=solver_move((("column", 0), ("cell", 0), 1)),
        lost_at=3,
        losing_move=solver_move((("column", 2), ("column", 4), 3)),
        before=Position.parse("eight-off -/-/KCQCJC/-/-/-/-/- -------- C10D13H13S13"),
        undos=1,
    )
    assert "when 35v3 moved K♣ and the 2 cards on it to column 5" in hint.text("en")
    assert "als 35v3 Kreuz-König mit den 2 Karten darauf auf Spalte 5 legte" in hint.text("de")


def test_the_time_limit_is_shared_and_unknown_is_no_guess() -> None:
    game = played(4, EIGHT_OFF, EIGHT_OFF_LOST)
    assert is_winnable(Position.numbered(3, SEAHAVEN_TOWERS), max_states=10) is None
    hint = where_lost(game, max_states=50)
    assert hint.status in ("lost", "unknown") and hint.lost_at is None
    assert hint.reason == "memory" and "unknown" in hint.text()
    fast = where_lost(game, time_limit=1e-9)
    assert fast.status == "unknown" and fast.reason == "time"
    assert "Zeitlimit" in fast.text("de")


def test_the_json_form_and_the_languages() -> None:
    hint = where_lost(played(4, EIGHT_OFF, EIGHT_OFF_LOST))
    data = hint.to_dict("de")
    assert data["kind"] == "eightoff-hint" and data["losing_move"] == "53"
    assert data["move"] == "k2" and data["text"] == hint.text("de")
    assert Position.parse(data["before"]) == hint.before
    with pytest.raises(UnsupportedError, match="'fr'"):
        hint.text("fr")
    with pytest.raises(TypeError):
        where_lost(Position.numbered(1))  # type: ignore[arg-type]
