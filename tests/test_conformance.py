"""Every registered game is a :class:`officers.games.State`: one conformance suite for all.

Random playouts of numbered deals, and at every step the properties that every game's state
promises: the player to move and the legal moves agree with the end; a legal move is not
refused; play and take back round-trip; a clone is independent; the notation reads back; the
view of each player is unchanged when what that player cannot see is dealt again; the chance
outcomes are a distribution; the returns say who won at the end and nothing before.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from officers.games import GAMES, GameInfo, Registered, State

PLAYED = [game for game in GAMES.values() if game.state is not None]
LONGEST = 120  # moves of a playout at most (a patience game can go round in circles)


def _euler(players: int, level: str = "normal") -> Callable[[int], State]:
    def deal(number: int) -> State:
        from officers.euler.game import GameState

        return GameState.deal(number, level, players)

    return deal


STARTS: list[tuple[str, GameInfo, Callable[[int], State]]] = [
    *((game.name, game.info, game.deal) for game in PLAYED if game.info is not None),
    # Euler's Officers with more than two players: each player's view hides how the others'
    # cards are shared among them (with two, the other hand is every card not placed or held)
    ("officers-3", GAMES["officers"].info, _euler(3)),  # type: ignore[list-item]
    ("officers-4-expert", GAMES["officers"].info, _euler(4, "expert")),  # type: ignore[list-item]
]


def _info(game: Registered) -> GameInfo:
    assert game.info is not None, game.name
    return game.info


def test_every_game_is_registered_with_its_metadata_and_deals() -> None:
    assert [game.name for game in PLAYED] == list(GAMES)
    for game in PLAYED:
        info = _info(game)
        state = game.deal(1)
        assert isinstance(state, State), game.name
        assert state.players in info.players
        assert json.loads(json.dumps(info.to_dict()))["information"] in ("perfect", "hidden")
        assert game.deal(1).notation() == state.notation() != game.deal(2).notation()


def _notations(state: State) -> list[str]:
    return sorted(move.notation() for move in state.legal_moves())


def _check_views(state: State, rng: random.Random) -> None:
    """What each player may know does not change when the rest is dealt again."""
    for player in range(state.players):
        view = state.view(player)
        json.dumps(view.to_dict())  # a view is a document
        other = state.resample(player, rng)
        assert other.view(player) == view, player
        if player == state.current_player:  # what the player may play depends on the view alone
            assert other.current_player == player
            assert _notations(other) == _notations(state)
        # (whether another player is stuck, and so whether the game is over, may hang on cards
        # this player cannot see)


def _check_step(state: State, info: GameInfo, rng: random.Random, step: int) -> bool:
    """Check the state; play a random move and answer whether the game goes on."""
    over = state.is_over()
    assert (state.current_player is None) == over == (state.outcome() is not None)
    chances = state.chance_outcomes()
    assert not chances or (info.chance and sum(chances.values()) == Fraction(1))
    if over:
        assert not state.legal_moves()
        returns = state.returns()
        assert len(returns) == state.players and set(returns) <= {0.0, 1.0}
        return False
    assert state.returns() == (0.0,) * state.players
    assert 0 <= (state.current_player or 0) < state.players
    moves = state.legal_moves()
    assert moves
    move = moves[int(rng.random() * len(moves))]
    assert state.refusal(move) is None and state.refusal(move.notation()) is None
    before = state.notation()
    if step % 10 == 0:
        assert type(state).parse(before).notation() == before
        _check_views(state, rng)
    copy = state.clone()
    played = copy.push(move.notation())  # moves are taken as notation, too
    assert state.notation() == before  # the clone is independent
    assert copy.pop() == played and copy.notation() == before
    assert state.push(move) == played
    assert state.moves[-1] == played
    return True


@pytest.mark.parametrize(("name", "info", "deal"), STARTS, ids=[name for name, _, _ in STARTS])
@given(number=st.integers(0, 2**32), seed=st.integers(0, 2**32))
def test_random_playouts_keep_every_promise_of_the_state(
    name: str, info: GameInfo, deal: Callable[[int], State], number: int, seed: int
) -> None:
    rng = random.Random(seed)
    state = deal(number)
    start = state.notation()
    step = 0
    while step < LONGEST and _check_step(state, info, rng, step):
        step += 1
    _check_views(state, rng)
    again = type(state).parse(state.notation())
    assert again.notation() == state.notation()
    assert [m.notation() for m in again.moves] == (
        [m.notation() for m in state.moves] if info.record else []
    )
    while state.moves:  # take every move back: the start again
        state.pop()
    assert state.notation() == start
    with pytest.raises(IndexError):
        state.pop()


@pytest.mark.parametrize("game", PLAYED, ids=lambda game: game.name)
def test_an_illegal_move_is_refused_and_changes_nothing(game: Registered) -> None:
    from officers import IllegalMoveError, NotationError

    state = game.deal(3)
    before = state.notation()
    legal = {move.notation() for move in state.legal_moves()}
    ahead = state.clone()  # a move that is legal a few moves on, not now
    rng = random.Random(0)
    candidates: list[str] = []
    while not candidates:
        moves = ahead.legal_moves()
        ahead.push(moves[int(rng.random() * len(moves))])
        candidates = [m.notation() for m in ahead.legal_moves() if m.notation() not in legal]
    other = candidates[0]
    refusal = state.refusal(other)
    assert refusal is not None and refusal.text("de") and refusal.kind
    with pytest.raises((IllegalMoveError, NotationError)):
        state.push(other)
    assert state.notation() == before
    unreadable = state.refusal("no move ~")  # no move of any game: refused, not raised
    assert unreadable is not None and unreadable.kind == "unreadable"
    assert "'no move ~'" in unreadable.text("en") and "'no move ~'" in unreadable.text("de")
    with pytest.raises(NotationError, match="no move ~"):
        state.push("no move ~")


@pytest.mark.parametrize("game", PLAYED, ids=lambda game: game.name)
def test_a_view_of_no_player_is_refused(game: Registered) -> None:
    from officers import InvalidGameError

    state = game.deal(5)
    with pytest.raises(InvalidGameError, match="5"):
        state.view(5)
    with pytest.raises(InvalidGameError, match="5"):
        state.resample(5, random.Random(0))


@pytest.mark.parametrize(("name", "info", "deal"), STARTS, ids=[name for name, _, _ in STARTS])
def test_hidden_cards_are_dealt_again_where_there_are_any(
    name: str, info: GameInfo, deal: Callable[[int], State]
) -> None:
    rng = random.Random(1)
    state = deal(9)
    changed = {state.resample(0, rng).notation() != state.notation() for _ in range(10)}
    assert changed == {info.information == "hidden" and name != "officers"}, name
