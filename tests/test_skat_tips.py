"""Tips for Offiziersskat: they depend only on what the players see (the face-down cards dealt
again, the tip stays the same), name a face-up card and its pile, and recommend the best move
when the chance game is solved exactly; they answer by their time limit with what they have (an
estimate over the whole samples done, the same as the tip asked for that many samples), and the
game tip ranks the games by chance, then expected points."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from officers.core.errors import InvalidArgumentError, UnsupportedError
from officers.euler.simulate import wilson_interval
from officers.skat import GAMES, SkatGame, beats, card_face, card_name
from officers.skat.cards import TRUMP, lane
from officers.skat.chance import move_values
from officers.skat.public import Public
from officers.skat.tips import BestSoFar, Tip, _wilson, greedy_move, public_legal_moves, tip
from officers.skat.words import REASONS, Reason, reason_text

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
    first, second = tip(game, samples=3, point_samples=1), tip(other, samples=3, point_samples=1)
    assert first == second
    assert first.to_dict() == second.to_dict()


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW)
@given(games)
def test_a_card_tip_names_a_face_up_card_and_its_pile(game: SkatGame) -> None:
    advice = tip(game, samples=3, point_samples=1)
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
def test_a_tip_with_no_time_is_the_simple_rules_move_labelled_an_estimate_over_no_sample(
    number: int, moves: str
) -> None:
    game = SkatGame.deal(number)
    for move in moves.split():
        game.push(move)
    advice = tip(game, time_limit=0)
    assert advice.method == "estimate" and advice.samples == 0 and advice.points_samples == 0
    assert advice.move == greedy_move(Public.of(game))
    assert all(o.interval == (0.0, 1.0) and o.points is None for o in advice.options)
    assert "estimate over 0 samples" in advice.text("en")
    assert "Schätzung aus 0 Stichproben" in advice.text("de")
    with pytest.raises(InvalidArgumentError):
        tip(game, time_limit=-1)
    with pytest.raises(InvalidArgumentError):
        tip(game, samples=-1)


# Deals and points of play where a whole sample takes long enough that a short limit ends in the
# middle of one (the choice of deal 5; deal 3's first trick with 15 cards face down).
HURRIED = [(5, "", 0.05), (5, "", 0.6), (3, "G", 0.05), (3, "G", 0.3), (11, "S TD", 0.1)]


@pytest.mark.parametrize(("number", "moves", "limit"), HURRIED)
def test_a_tip_answers_by_its_limit_with_the_whole_samples_it_did(
    number: int, moves: str, limit: float
) -> None:
    """Whatever the machine's speed, the hurried tip is the tip asked for exactly as many
    samples as it did (the partial sample dropped): what it says depends on the view and that
    count alone. The time is checked with a generous margin only."""
    game = SkatGame.deal(number)
    for move in moves.split():
        game.push(move)
    start = time.monotonic()
    hurried = tip(game, time_limit=limit)
    took = time.monotonic() - start
    assert took < limit + 1.5  # a search past its deadline stops at its next check
    assert hurried.method == "estimate" and 0 <= hurried.samples <= 12
    assert hurried.points_samples <= hurried.samples
    counted = tip(game, samples=hurried.samples, point_samples=hurried.points_samples)
    assert counted.to_dict() == hurried.to_dict()
    text = hurried.text("en")
    assert f"estimate over {hurried.samples} sample" in text
    if hurried.samples:  # a precision: each chance's 95 % interval holds it
        assert "95 % interval" in text or "%)" in text
        assert all(o.interval[0] <= o.value <= o.interval[1] for o in hurried.options)


class Kept(BestSoFar):
    """A :class:`BestSoFar` that remembers every answer it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.all: list[Tip] = []

    def put(self, advice: Tip) -> None:
        self.all.append(advice)
        super().put(advice)


@pytest.mark.parametrize(("number", "moves"), [(3, "G"), (11, "S TD"), (8, "C")])
def test_the_answers_kept_on_the_way_are_the_tips_over_as_many_samples(
    number: int, moves: str
) -> None:
    """What a door answers when the tip has not returned by its deadline: first the simple
    rule's move over 0 samples, then after each whole sample the tip asked for that many, the
    face-down cards unread (the same for another deal of them); last the tip itself."""
    game = SkatGame.deal(number)
    for move in moves.split():
        game.push(move)
    public = Public.of(game)
    kept = Kept()
    advice = tip(public, samples=3, exact_hidden=0, best=kept)
    assert kept.get() == advice == kept.all[-1]
    first = kept.all[0]
    assert first.samples == 0 and not first.exact and first.move == greedy_move(public)
    assert first == tip(public, time_limit=0)
    assert [k.samples for k in kept.all] == [0, 1, 2, 3, 3]
    other = public.sample(random.Random(number))  # the same view, other face-down cards
    for so_far in kept.all[1:]:
        assert so_far == tip(other, samples=so_far.samples, exact_hidden=0)


def test_the_hurried_tip_does_not_change_when_the_face_down_cards_are_dealt_again() -> None:
    game = SkatGame.deal(3)
    game.push("G")
    public = Public.of(game)
    hurried = tip(game, time_limit=0.2)
    for seed in range(3):
        other = public.sample(random.Random(seed))
        again = tip(other, samples=hurried.samples, point_samples=hurried.points_samples)
        assert again.to_dict() == hurried.to_dict()


def test_an_exact_tip_in_time_is_the_tip_without_a_limit() -> None:
    game = played(1, "G", 25, 0)
    assert Public.of(game).hidden_count() <= 3
    assert tip(game, time_limit=600) == tip(game)
    assert tip(game).exact and tip(game).interval == (tip(game).value, tip(game).value)


@pytest.mark.parametrize("number", [5, 7])
def test_the_game_tip_ranks_the_games_by_chance_then_points(number: int) -> None:
    advice = tip(SkatGame.deal(number), samples=6, point_samples=2)
    assert advice.kind == "game" and advice.samples == 6 and advice.points_samples == 2
    ranked = sorted(advice.options, key=lambda o: o.rank)
    assert [o.rank for o in ranked] == [1, 2, 3, 4, 5] and ranked[0].best
    assert ranked[0].move == advice.move
    keys = [(o.value, o.points) for o in ranked]
    assert all(o.points is not None for o in ranked)
    assert keys == sorted(keys, reverse=True)  # chance first, then points
    for o in ranked:
        assert o.points_interval is not None and o.points is not None
        assert o.points_interval[0] <= o.points <= o.points_interval[1]
        assert o.interval[0] <= o.value <= o.interval[1]
    names = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds", "G": "Grand"}
    text = advice.text("en")
    places = [text.index(f"{names[o.move.game or 'G']} ") for o in ranked[1:]]
    assert places == sorted(places) and "expected points" in text and "points over 2" in text
    assert "erwartete Augen" in advice.text("de")
    data = advice.to_dict()
    assert data["points_samples"] == 2 and data["interval"] == list(advice.interval)


@pytest.mark.parametrize(("number", "samples"), [(1, 1), (2, 1), (3, 1), (57, 6)])
def test_the_game_tips_reason_counts_the_chosen_games_trumps_and_is_left_out_without_any(
    number: int, samples: int
) -> None:
    """The reason of a game choice is how many of Vorhand's face-up cards are trumps in the
    game chosen, said only when there are some ("0 of your face-up cards are trumps" helps
    nobody). Deal 57 over 6 samples chooses a game without one of her face-up trumps."""
    public = Public.of(SkatGame.deal(number))
    advice = tip(public, samples=samples, point_samples=0)
    assert advice.move.game is not None
    trumps = sum(1 for c in public.up[0] if c is not None and lane(c, advice.move.game) == TRUMP)
    assert (trumps == 0) == (number == 57)  # both branches are met
    expected = [("most-trumps", trumps)] if trumps else []
    assert [(r.kind, r.points) for r in advice.reasons] == expected
    assert "0 of your" not in advice.text("en") and "0 deiner" not in advice.text("de")


def test_one_trump_is_said_in_the_singular() -> None:
    one, two = Reason("most-trumps", None, 1), Reason("most-trumps", None, 2)
    assert reason_text(one, "en") == "1 of your face-up cards is a trump"
    assert reason_text(one, "de") == "1 deiner offenen Karten ist Trumpf"
    assert reason_text(two, "en") == "2 of your face-up cards are trumps"
    assert reason_text(two, "de") == "2 deiner offenen Karten sind Trumpf"


def test_the_game_tip_parts_games_of_equal_chance_by_their_points() -> None:
    """Deal 5 wins in clubs and in spades in every one of the first samples: the points tell
    them apart."""
    advice = tip(SkatGame.deal(5), samples=4, point_samples=2)
    top = [o for o in advice.options if o.value == advice.value]
    assert len(top) >= 2
    best = next(o for o in advice.options if o.best)
    assert best.points == max(o.points or 0.0 for o in top)


def test_the_tips_wilson_interval_is_the_simulations() -> None:
    for wins, n in [(0, 0), (0, 5), (3, 12), (12, 12), (50, 100)]:
        assert _wilson(wins, n) == pytest.approx(wilson_interval(wins, n))
