"""The rooms' adapters written once over the game-state protocol (rooms.adapter.StateAdapter):
each game's adapter on it refuses alike what no seat may play, and names the legal moves alike."""

from __future__ import annotations

import random

import pytest

from officers import IllegalMoveError, NotationError, UnsupportedError
from officers.games import GAMES
from officers.rooms.adapter import StateAdapter, adapter, room_games

ON_THE_BASE = [name for name in room_games() if isinstance(adapter(name), StateAdapter)]


def test_the_games_without_rules_of_their_own_for_rooms_stand_on_the_base() -> None:
    assert set(ON_THE_BASE) >= {"eightoff", "skat"}


@pytest.mark.parametrize("name", ON_THE_BASE)
def test_a_seat_plays_only_its_own_turn_and_only_a_move(name: str) -> None:
    game = adapter(name)
    options = game.options({})
    seats = max(game.seats(options))
    state = game.new(options, seats, random.Random(7))
    turn = game.to_move(state)
    assert turn is not None
    view = game.view(state, turn)
    assert view["legal_moves"] == view["legal"] == [m.notation() for m in state.legal_moves()]
    if seats > 1:
        other = (turn + 1) % seats
        assert game.view(state, other)["legal_moves"] == []
        with pytest.raises(IllegalMoveError, match=f"it is seat {turn + 1}'s turn"):
            game.play(state, other, view["legal_moves"][0])
    with pytest.raises(NotationError, match="cannot read move"):
        game.play(state, turn, "x" * 200)
    before = game.dump(state)
    refused = game.refusal(state, view["legal_moves"][0], "de")
    assert refused is None
    played = game.play(state, turn, view["legal_moves"][0])
    assert played.move == view["legal_moves"][0] and game.dump(state) != before


@pytest.mark.parametrize("name", ON_THE_BASE)
def test_a_take_back_is_what_the_rules_say(name: str) -> None:
    game = adapter(name)
    options = game.options({})
    state = game.new(options, max(game.seats(options)), random.Random(3))
    info = GAMES[name].info
    assert info is not None
    turn = game.to_move(state)
    assert turn is not None
    game.play(state, turn, game.view(state, turn)["legal_moves"][0])
    if info.take_backs:
        assert game.take_back(state, turn).public["undone"] is True
    else:
        with pytest.raises(UnsupportedError, match="no take-backs"):
            game.take_back(state, turn)
