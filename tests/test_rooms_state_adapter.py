"""The rooms' adapters written once over the game-state protocol (rooms.adapter.StateAdapter):
each game's adapter on it refuses alike what no seat may play, and names the legal moves alike;
where a game's rules differ (Euler's Officers: its refusals, its take-backs that are moves,
its clock's move), the base's hooks say so."""

from __future__ import annotations

import random

import pytest

from officers import IllegalMoveError, IllegalPlacementError, NotationError, UnsupportedError
from officers.games import GAMES
from officers.rooms.adapter import Clocked, StateAdapter, adapter, room_games

ON_THE_BASE = [name for name in room_games() if isinstance(adapter(name), StateAdapter)]

OLD_NAME = {"eightoff", "skat"}
"""The games whose views also carry the legal moves under their 0.3 name, ``legal``."""


def _base(name: str) -> StateAdapter:
    """The game's adapter as the base it stands on (its hooks)."""
    base = adapter(name)
    assert isinstance(base, StateAdapter)
    return base


def test_every_game_played_in_rooms_stands_on_the_base() -> None:
    assert ON_THE_BASE == list(room_games()) == ["officers", "eightoff", "skat"]


@pytest.mark.parametrize("name", ON_THE_BASE)
def test_a_seat_plays_only_its_own_turn_and_only_a_move(name: str) -> None:
    game, base = adapter(name), _base(name)
    options = game.options({})
    seats = max(game.seats(options))
    state = game.new(options, seats, random.Random(7))
    turn = game.to_move(state)
    assert turn is not None
    view = game.view(state, turn)
    assert view["legal_moves"] == [m.notation() for m in state.legal_moves()]
    assert ("legal" in view) == (name in OLD_NAME)
    assert view.get("legal", view["legal_moves"]) == view["legal_moves"]
    if seats > 1:
        other = (turn + 1) % seats
        assert game.view(state, other)["legal_moves"] == game.public(state)["legal_moves"] == []
        with pytest.raises(base.illegal, match=f"it is seat {turn + 1}'s turn") as refused:
            game.play(state, other, view["legal_moves"][0])
        assert type(refused.value) is base.illegal and issubclass(base.illegal, IllegalMoveError)
    with pytest.raises(NotationError, match="cannot read move"):
        game.play(state, turn, "x" * (base.max_move + 1))
    before = game.dump(state)
    refused_rule = base.refusal(state, view["legal_moves"][0], "de")
    assert refused_rule is None
    played = game.play(state, turn, view["legal_moves"][0])
    assert played.move == view["legal_moves"][0] and game.dump(state) != before


@pytest.mark.parametrize("name", ON_THE_BASE)
def test_a_take_back_is_what_the_rules_say(name: str) -> None:
    game, base = adapter(name), _base(name)
    options = game.options({})
    state = game.new(options, max(game.seats(options)), random.Random(3))
    info = GAMES[name].info
    assert info is not None
    turn = game.to_move(state)
    assert turn is not None
    game.play(state, turn, game.view(state, turn)["legal_moves"][0])
    before = game.dump(state)
    if info.take_backs and base.take_back_move is None:
        assert game.take_back(state, turn).public["undone"] is True
        assert game.dump(state) != before
    elif info.take_backs:  # a take-back is a move of the game: the room undoes nothing
        with pytest.raises(UnsupportedError, match="a take-back is a move of the game: play"):
            game.take_back(state, turn)
        assert game.dump(state) == before
    else:
        with pytest.raises(UnsupportedError, match="no take-backs"):
            game.take_back(state, turn)
        assert game.dump(state) == before


@pytest.mark.parametrize("name", ON_THE_BASE)
def test_a_move_after_the_end_is_refused_and_changes_nothing(name: str) -> None:
    game, base = adapter(name), _base(name)
    options = game.options({})
    seats = max(game.seats(options))
    state = game.new(options, seats, random.Random(11))
    rng = random.Random(11)
    moves = []
    while (turn := game.to_move(state)) is not None:
        moves.append(rng.choice(game.view(state, turn)["legal_moves"]))
        game.play(state, turn, moves[-1])
    assert game.outcome(state) is not None and game.view(state, 0)["legal_moves"] == []
    before = game.dump(state)
    for seat in range(seats):
        with pytest.raises(base.illegal, match="the game is over"):
            game.play(state, seat, moves[0])
    assert game.dump(state) == before


def test_euler_s_officers_takes_back_by_a_move_that_spends_a_token() -> None:
    game = adapter("officers")
    state = game.new(game.options({"level": "easy"}), 2, random.Random(5))
    placed = game.play(state, 0, game.view(state, 0)["legal_moves"][0]).move
    cell = placed.split("@")[1]
    tokens = game.view(state, 1)["tokens"]
    assert f"x{placed}" in game.view(state, 1)["legal_moves"]
    back = game.play(state, 1, f"x{cell}")
    view = game.view(state, 1)
    assert back.move == f"x{placed}" and back.public == {"move": back.move}
    assert view["tokens"] == tokens - 1 and placed.split("@")[0] in view["hand"]
    assert view["cells"] == [None] * 16


def test_euler_s_officers_refuses_timeout_from_a_seat_and_keeps_it_for_the_clock() -> None:
    game = adapter("officers")
    state = game.new(game.options({"level": "expert"}), 2, random.Random(9))
    with pytest.raises(IllegalPlacementError, match="a seat does not send 'timeout'"):
        game.play(state, 0, "timeout")
    assert game.outcome(state) is None
    assert isinstance(game, Clocked)
    assert game.time_out(state, 0).public == {"move": "timeout"}
    assert game.outcome(state) == {
        "won": False,
        "reason": "out of time",
        "seat": 1,
        "text": "lost: player 1 ran out of time",
    }
