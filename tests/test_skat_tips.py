"""Tips for Offiziersskat: they depend only on what the players see (the face-down cards dealt
again, the tip stays the same), name a face-up card and its pile, and recommend the best move
when the chance game is solved exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from officers.errors import InvalidArgumentError, SolverTimeoutError, UnsupportedError
from officers.skat import GAMES, SkatGame, beats, card_face, card_name
from officers.skat.chance import move_values
from officers.skat.public import Public
from officers.skat.tip_words import REASONS, Reason, reason_text
from officers.skat.tips import greedy_move, public_legal_moves, tip

SLOW = [HealthCheck.too_slow, HealthCheck.filter_too_much]


def played(number: int, game: str | None, moves: int, seed: int) -> SkatGame:
    skat = SkatGame.deal(number)
    if game is None:
        return skat
    skat.push(game)
    pick = random.Random(seed)
    for _ in range(moves):
        if skat.phase != "play":
            break
        legal = skat.legal_moves()
        skat.push(legal[pick.randrange(len(legal))])
    return skat


games = st.builds(
    played,
    st.integers(0, 2**64 - 1),
    st.sampled_from((*GAMES, None)),
    st.integers(0, 31),
    st.integers(0, 2**32),
)


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(games, st.integers(0, 2**32))
def test_a_tip_does_not_change_when_the_face_down_cards_are_dealt_again(
    game: SkatGame, seed: int
) -> None:
    public = Public.of(game)
    other = public.sample(random.Random(seed))
    assert Public.of(other) == public
    first, second = tip(game, samples=3), tip(other, samples=3)
    assert first == second
    assert first.to_dict() == second.to_dict()


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(games)
def test_a_card_tip_names_a_face_up_card_and_its_pile(game: SkatGame) -> None:
    advice = tip(game, samples=3)
    assert advice.move in game.legal_moves()
    assert advice.player == game.current_player
    assert sum(o.best for o in advice.options) == 1
    assert {o.move for o in advice.options} == set(game.legal_moves())
    for lang in ("en", "de"):
        assert advice.text(lang)
    if advice.kind == "game":
        assert game.phase == "choose" and [o.move.game for o in advice.options] == list(GAMES)
        assert advice.value == max(o.value for o in advice.options)
        return
    card, pile = advice.move.card, advice.move.pile
    assert card is not None and pile is not None
    public = Public.of(game)
    assert public.up[advice.player][pile] == card  # face up, never a face-down card
    assert f"{card_face(card)} from pile {pile + 1}" in advice.text("en")
    assert f"{card_name(card, 'de')} von Stapel {pile + 1}" in advice.text("de")
    kinds = {r.kind for r in advice.reasons}
    assert ("turns-up" in kinds) == public.hidden[advice.player][pile]
    if public.trick:
        won = beats(card, public.trick[0], game.game or "G")
        assert ("wins" in kinds) == won and ("loses" in kinds) == (not won)
    sign = 1 if advice.player == 0 else -1
    assert sign * advice.value == max(sign * o.value for o in advice.options)


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(st.integers(0, 2**64 - 1), st.sampled_from(GAMES), st.integers(22, 31), st.integers(0, 99))
def test_an_exact_tip_plays_a_best_move(number: int, game: str, moves: int, seed: int) -> None:
    skat = played(number, game, moves, seed)
    if skat.phase != "play" or Public.of(skat).hidden_count() > 3:
        return
    advice = tip(skat)
    assert advice.exact and advice.method == "exact" and advice.samples == 0
    values = move_values(skat, "win")
    best = max(values.values()) if skat.current_player == 0 else min(values.values())
    assert values[advice.move] == best
    assert all(o.fraction == values[o.move] for o in advice.options)


def test_the_game_tip_at_the_start_is_a_labelled_estimate() -> None:
    advice = tip(SkatGame.deal(7), samples=4)
    assert advice.kind == "game" and not advice.exact and advice.samples == 4
    data = advice.to_dict()
    assert data["method"] == "estimate" and "estimate" in data["text"]
    assert "Schätzung" in data["text_de"]
    assert data["move"] in GAMES and data["card"] is None


def test_greedy_moves_are_legal_and_public() -> None:
    for number in range(20):
        game = SkatGame.deal(number)
        rng = random.Random(number)
        while game.phase != "over":
            public = Public.of(game)
            move = greedy_move(public)
            assert move in public_legal_moves(public) == game.legal_moves()
            game.push(move if rng.random() < 0.5 else rng.choice(game.legal_moves()))


def test_every_reason_has_words() -> None:
    for kind in REASONS:
        for lang in ("en", "de"):
            assert reason_text(Reason(kind, 4, 10), lang)
    with pytest.raises(UnsupportedError):
        reason_text(Reason("wins"), "fr")


def test_a_tip_after_the_game_is_refused() -> None:
    game = played(1, "G", 32, 0)
    assert game.phase == "over"
    with pytest.raises(ValueError):
        tip(game)


@pytest.mark.parametrize(("number", "moves"), [(7, ""), (3, "G")])
def test_a_tip_keeps_its_time_limit(number: int, moves: str) -> None:
    """Out of time, a tip raises (at the choice and in play, estimated or exact); with time
    enough it is the tip given without a limit."""
    game = SkatGame.deal(number)
    for move in moves.split():
        game.push(move)
    with pytest.raises(SolverTimeoutError):
        tip(game, samples=4, time_limit=1e-9)
    assert tip(game, samples=4, time_limit=600) == tip(game, samples=4)
    with pytest.raises(InvalidArgumentError):
        tip(game, time_limit=-1)
