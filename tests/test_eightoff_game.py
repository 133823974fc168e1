"""The game: push and pop, refusals that leave the game as it was, the end, the game notation."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.core.errors import IllegalMoveError, NotationError
from officers.eightoff.game import EightOffGame
from officers.eightoff.moves import Move
from officers.eightoff.position import Position
from officers.eightoff.variant import EIGHT_OFF, PRESETS, Variant

from .test_eightoff_strategies import variants


@given(variants, st.integers(0, 2**64 - 1), st.lists(st.integers(0, 10**6), max_size=60))
def test_push_then_pop_restores_every_position(
    variant: Variant, number: int, picks: list[int]
) -> None:
    game = EightOffGame.deal(number, variant)
    seen = [game.position]
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        move = moves[pick % len(moves)]
        assert game.push(move) == move
        seen.append(game.position)
    assert game.positions() == tuple(seen)
    assert EightOffGame.parse(game.notation()).position == game.position
    assert EightOffGame.from_json(game.to_json()).moves == game.moves
    while game.moves:
        last = game.moves[-1]
        assert game.pop() == last
        seen.pop()
        assert game.position == seen[-1]
    assert game.position == Position.numbered(number, variant)


def test_an_illegal_move_leaves_the_game_as_it_was() -> None:
    game = EightOffGame.deal(1)
    game.push("1e")
    before = (game.position, game.moves)
    with pytest.raises(IllegalMoveError) as caught:
        game.push("2h")
    assert caught.value.refusal == game.refusal("2h") and caught.value.refusal.kind == "not-next"
    with pytest.raises(NotationError):
        game.push("2x")
    assert (game.position, game.moves) == before
    assert not game.is_legal("2h") and game.is_legal("1h")


def test_no_card_moves_by_itself() -> None:
    game = EightOffGame.deal(1)
    game.push("1e")  # the Ace of Spades is now exposed in column 1
    assert game.position.columns[0][-1] == 39
    assert game.position.foundations == (0, 0, 0, 0)
    assert game.push("1h") == Move.parse("1h") and game.position.foundations == (0, 0, 0, 1)


def test_a_game_is_lost_when_no_move_is_left() -> None:
    variant = Variant.parse("eight-off[cells=0,deal=7*4.6*4]")
    exposed = [1, 14, 27, 40, 3, 16, 29, 42]  # the 2s and 4s: no Ace, no two cards a rank apart
    rest = [c for c in range(52) if c not in exposed]
    columns = [[*rest[i::8], exposed[i]] for i in range(8)]
    game = EightOffGame(Position(tuple(map(tuple, columns)), (), (0, 0, 0, 0), variant))
    assert game.legal_moves() == [] and game.is_lost() and game.is_over()
    outcome = game.outcome()
    assert outcome is not None and not outcome.won and outcome.cards_left == 52
    assert "no legal move" in outcome.text("en") and "kein Zug" in outcome.text("de")


def test_a_game_is_won_when_every_card_is_home() -> None:
    game = EightOffGame(Position.parse("freecell -/-/-/-/-/-/-/- ---- C13D13H13S13"))
    assert game.is_won() and not game.is_lost() and game.is_over()
    assert game.outcome() is not None and game.outcome().won  # type: ignore[union-attr]


def test_the_last_card_wins() -> None:
    game = EightOffGame(Position.parse("freecell -/-/-/KS/-/-/-/- ---- C13D13H13S12"))
    assert game.outcome() is None
    game.push("4h")
    assert game.is_won() and game.outcome().reason == "finished"  # type: ignore[union-attr]
    assert json.loads(game.to_json())["outcome"]["won"] is True


@pytest.mark.parametrize("name", list(PRESETS))
def test_numbered_deals_are_reproducible(name: str) -> None:
    game = EightOffGame.deal(2024, PRESETS[name])
    assert game.position == EightOffGame.deal(2024, PRESETS[name]).position
    assert game.number == 2024 and game.start == Position.numbered(2024, PRESETS[name])
    assert game.position != EightOffGame.deal(2025, PRESETS[name]).position


def test_bad_game_texts_say_which_move() -> None:
    start = Position.numbered(1, EIGHT_OFF).notation()
    with pytest.raises(NotationError, match="move 2: cannot play 2h"):
        EightOffGame.parse(f"{start} ; 1e 2h")
    with pytest.raises(NotationError, match="do not lead"):
        EightOffGame.from_dict({"start": start, "moves": ["1e"], "position": start})
    with pytest.raises(IndexError):
        EightOffGame.deal(1).pop()
