"""Bots and the simulation of Offiziersskat: legal moves from the public view alone, games the
same for the same seed, the exact bot's moves best in the chance game, results the same
whatever the jobs, and the double-dummy share as the solver gives it."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from officers.core.errors import InvalidGameError, NotationError
from officers.skat import SkatGame
from officers.skat.bots import (
    BOTS,
    ExactBot,
    ExpectimaxBot,
    GreedyBot,
    MonteCarloBot,
    SkatBot,
    choose_game,
    get_bot,
    public_of,
)
from officers.skat.cards import GAMES, parse_card
from officers.skat.chance import exact_value, move_values
from officers.skat.game import View
from officers.skat.moves import Move
from officers.skat.position import Position
from officers.skat.public import Public
from officers.skat.simulate import (
    best_play,
    deal_of,
    play_deal,
    played_chance,
    results_table,
    simulate_pair,
    simulate_pairs,
)
from officers.skat.solve import wins

FAST = {
    "random": get_bot("random"),
    "greedy": get_bot("greedy"),
    "montecarlo": MonteCarloBot(samples=2, budget=None),
    "learnt": MonteCarloBot(samples=2, budget=None, ties="learnt"),
    "exact": ExactBot(exact_hidden=3, samples=2, budget=5.0),
    "expectimax": ExpectimaxBot(samples=2, budget=None, depth=1, most_hidden=8),
}


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_a_whole_game_legally(name: str) -> None:
    bot = FAST[name]
    game = SkatGame.deal(11)
    rng = random.Random(3)
    while game.phase != "over":
        move = bot.choose(Public.of(game), rng)
        assert move in game.legal_moves()
        game.push(move)
    assert sum(game.points) == 120


@pytest.mark.parametrize("name", ["random", "greedy", "montecarlo", "learnt", "expectimax"])
def test_a_bot_sees_only_the_public_view(name: str) -> None:
    bot = FAST[name]
    pick = random.Random(5)
    for number in range(4):
        game = SkatGame.deal(number)
        game.push("SHDGC"[number])
        for _ in range(pick.randrange(20)):
            game.push(pick.choice(game.legal_moves()))
        public = Public.of(game)
        other = public.sample(random.Random(number))
        first = bot.choose(Public.of(game), random.Random(9))
        second = bot.choose(Public.of(other), random.Random(9))
        assert first == second


def test_the_exact_bot_plays_a_best_move_of_the_chance_game() -> None:
    bot = ExactBot(exact_hidden=3, budget=60.0)
    found = 0
    for number in range(30):
        game = SkatGame.deal(number)
        game.push("CSHDG"[number % 5])
        pick = random.Random(number)
        for _ in range(24 + number % 4):
            game.push(pick.choice(game.legal_moves()))
        public = Public.of(game)
        if game.phase != "play" or public.hidden_count() > 3:
            continue
        values = move_values(public, "win")
        best = max(values.values()) if game.current_player == 0 else min(values.values())
        assert values[bot.choose(public, random.Random(0))] == best
        found += 1
    assert found >= 5


def test_a_game_is_the_same_for_the_same_seed() -> None:
    deal = deal_of(4, 2)
    a = play_deal("greedy", "random", deal, random.Random(1))
    b = play_deal("greedy", "random", deal, random.Random(1))
    assert a.notation() == b.notation() and a.phase == "over"


def test_the_simulation_is_the_same_whatever_the_jobs() -> None:
    pairs = [("random", "greedy"), ("greedy", "random")]
    one = simulate_pairs(pairs, deals=8, seed=3, jobs=1, step=3)
    two = simulate_pairs(pairs, deals=8, seed=3, jobs=2, step=5)
    assert one == two
    for result in one:
        assert sum(n for _, n, _ in result.by_game) == result.deals == 8
        assert sum(w for _, _, w in result.by_game) == result.wins
        assert result.low <= result.win_rate <= result.high
    table = results_table(one)
    assert "random" in table and "greedy" in table
    assert results_table(one, markdown=True).startswith("| Vorhand")


def test_a_dask_cluster_plays_the_same_simulation() -> None:
    """The table is the same on a Dask cluster's executor as in this process."""
    distributed = pytest.importorskip("distributed")
    pairs = [("greedy", "random"), ("random", "greedy")]
    here = simulate_pairs(pairs, deals=6, seed=11, jobs=1, step=2)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = simulate_pairs(pairs, deals=6, seed=11, executor=client.get_executor(), step=2)
    assert there == here and sum(result.deals for result in there) == 12


def test_the_simulation_plays_the_games_it_says() -> None:
    result = simulate_pair("greedy", "greedy", deals=3, seed=6, jobs=1)
    from officers.euler.simulate import bot_seed

    games = [
        play_deal("greedy", "greedy", deal_of(6, k), random.Random(bot_seed(6, k)))
        for k in range(3)
    ]
    assert result.wins == sum(g.points[0] >= 61 for g in games)
    assert result.points == sum(g.points[0] for g in games)


def test_the_double_dummy_share_is_the_solvers() -> None:
    result = best_play(4, seed=2, jobs=1)
    expected = sum(wins(Position.start(deal_of(2, k))) for k in range(4))
    assert result.double_dummy == expected
    assert max(n for _, n in result.by_game) <= result.double_dummy
    sampled = best_play(2, seed=2, samples=2, jobs=1)
    assert sampled.estimate is not None and 0 <= sampled.estimate <= 1
    assert sampled.to_dict()["estimate"]["method"] == "estimate"


def test_the_game_as_played_is_anchored_by_the_exact_values_of_its_positions() -> None:
    result = played_chance(3, seed=4, bot="greedy", anchor=4, jobs=1)
    assert result.games == played_chance(3, seed=4, bot="greedy", anchor=4, jobs=2).games
    for number, (won, chosen, hidden, value) in enumerate(result.games):
        game = play_deal("greedy", "greedy", deal_of(4, number), random.Random(0))
        assert chosen in "CSHDG" and value is not None and 1 <= hidden <= 4
        outcome = game.outcome()  # the greedy bot draws nothing: the same game as played
        assert outcome is not None and won == (outcome.winner == 0)
        replay = SkatGame(deal_of(4, number))
        for move in game.moves:  # to the anchor: the first trick's start with <= 4 face down
            public = public_of(replay.view(0))
            face_down = sum(sum(side) for side in public.hidden)
            if public.game is not None and not public.trick and face_down <= 4:
                break
            replay.push(move)
        assert exact_value(public, "win", compiled=False) == value  # the Python search agrees
    data = result.to_dict()
    assert data["wins"] == sum(w for w, *_ in result.games) and data["anchored"]["deals"] == 3
    assert sum(g["chosen"] for g in data["by_game"].values()) == 3
    assert 0 <= data["anchored"]["exact_confidence_95"][0] <= data["anchored"]["exact_mean"] <= 1


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(NotationError):
        get_bot("perfect")
    with pytest.raises(NotationError):
        simulate_pairs([("random", "perfect")], deals=1)


@pytest.mark.parametrize("name", ["random", "greedy", "montecarlo"])
def test_a_bot_reads_the_games_view_as_the_public_view(name: str) -> None:
    # the view every game's state gives (SkatGame.view) and the Public say the same: a bot
    # chooses the same move from either, so it plays in the runner of every game
    bot = FAST[name]
    pick = random.Random(7)
    for number in range(4):
        game = SkatGame.deal(number)
        for _ in range(pick.randrange(25)):
            game.push(pick.choice(game.legal_moves()))
        view = game.view(game.current_player)
        assert public_of(view) == Public.of(game) == public_of(Public.of(game))
        assert bot.choose(view, random.Random(3)) == bot.choose(Public.of(game), random.Random(3))


def test_a_bot_of_ones_own_is_still_given_a_public_view() -> None:
    seen: list[type] = []

    class Reader(SkatBot):
        name = "reader"

        def choose(self, public: View | Public, rng: random.Random) -> Move:
            seen.append(type(public))
            assert isinstance(public, Public)
            return GreedyBot().choose(public, rng)

    result = simulate_pair(Reader(), "random", deals=2, seed=1, jobs=1)
    assert result.deals == 2 and set(seen) == {Public}


# --- the game choice: no suit favoured by its place in the list ---------------------------------


def _within_binomial_half(first: int, second: int) -> bool:
    """Whether ``first`` of ``first + second`` lies within 4 standard deviations of half: what
    a fair coin gives but once in some 16,000 tries."""
    n = first + second
    return abs(first - n / 2) <= 4 * math.sqrt(n) / 2


def test_a_deal_alike_in_two_suits_gets_each_as_often() -> None:
    # the face-up cards are alike in clubs and diamonds: exchanging the two suits' cards (the
    # Jacks stay) and the two games (and the piles AC/AD, TC/TD, ...) leaves the deal and the
    # rules as they were, so a fair bot chooses clubs and diamonds equally often over its seeds;
    # the bot that broke ties by the list's order chose clubs 267 times of these 300, diamonds never
    up = (
        tuple(map(parse_card, ["AC", "AD", "TC", "TD", "KC", "KD", "JS", "7H"])),
        tuple(map(parse_card, ["9C", "9D", "QC", "QD", "AS", "AH", "TS", "TH"])),
    )
    public = Public(None, up, ((True,) * 8, (True,) * 8))
    bot = MonteCarloBot(samples=2, budget=None)
    chosen = Counter(bot.choose(public, random.Random(seed)).game for seed in range(300))
    assert chosen["C"] + chosen["D"] >= 250  # the two strong suits, mostly tied
    assert _within_binomial_half(chosen["C"], chosen["D"]), chosen
    again = [bot.choose(public, random.Random(seed)).game for seed in range(20)]
    assert again == [bot.choose(public, random.Random(seed)).game for seed in range(20)]


def test_over_random_deals_no_suit_is_chosen_more_than_another() -> None:
    # deals drawn uniformly are alike in the four suits: each pair of suits is a fair coin
    # given how often either is chosen (ties broken by the list's order chose clubs 74 times of
    # these 200 deals, diamonds 27)
    bot = MonteCarloBot(samples=1, budget=None)
    chosen = Counter(
        bot.choose(Public.of(SkatGame(deal_of(5, k))), random.Random(k)).game for k in range(200)
    )
    for first, second in itertools.combinations(GAMES[:4], 2):
        assert _within_binomial_half(chosen[first], chosen[second]), chosen


def test_tied_games_are_drawn_among_the_simple_orders_suits() -> None:
    public = Public.of(SkatGame.deal(2))  # two face-up cards of each suit, no Jack
    moves = [Move.choose(g) for g in GAMES]
    tied = dict.fromkeys(moves, 5)
    chosen = Counter(choose_game(public, tied, random.Random(seed)).game for seed in range(400))
    assert set(chosen) == set("CSHD")  # Grand has fewer trumps face up: the simple order's last
    for first, second in itertools.combinations(GAMES[:4], 2):
        assert _within_binomial_half(chosen[first], chosen[second]), chosen
    assert choose_game(public, {**tied, Move.choose("G"): 6}, random.Random(0)) == Move.choose("G")
    game = SkatGame.deal(2)
    game.push("C")
    with pytest.raises(InvalidGameError, match="chosen already"):
        choose_game(Public.of(game), tied, random.Random(0))
