"""The game engine: every rule of the rules text, the game notation, moves, records, views."""

from __future__ import annotations

import ast
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import ALL_CARDS, Card, IllegalPlacementError, NotationError, Rules, Square
from officers.core.errors import InvalidGameError
from officers.euler.game import (
    COIN_OFF,
    EASY,
    EXPERT,
    HARD,
    LEVELS,
    NORMAL,
    OZANAM_STARTS,
    GameState,
    Level,
    Move,
    Outcome,
    Variant,
    deal,
    new_game,
    view_from_notation,
)
from officers.euler.record import GameRecord
from officers.euler.view import PlayerView

# A late position: 12 cards placed (of the completion of Ozanam's start), 2 cards each left.
LATE = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"


def card(text: str) -> Card:
    return Card.parse(text)


def play_random(state: GameState, rng: random.Random, steps: int = 60) -> list[str]:
    """Random legal moves until the end (or ``steps``); the notation after each."""
    seen = [state.notation()]
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        state.push(moves[rng.randrange(len(moves))])
        seen.append(state.notation())
    return seen


# --- levels ----------------------------------------------------------------------------------


def test_levels_are_the_table_of_the_rules() -> None:
    table = [(level.name, level.tokens, level.diagonals, level.clock) for level in LEVELS]
    assert table == [
        ("easy", 3, False, None),
        ("normal", 1, False, None),
        ("hard", 0, False, None),
        ("expert", 0, True, 30.0),
    ]
    assert (EASY, NORMAL, HARD, EXPERT) == LEVELS
    assert EXPERT.rules == Rules(diagonals=True) and HARD.rules == Rules()


def test_tokens_and_clock_are_configurable() -> None:
    assert Level.get("Expert").replace(tokens=2, clock=20).tokens == 2
    assert Level.get("expert").replace(clock=None).clock is None
    game = new_game("hard", 2, seed=1, tokens=2)
    assert game.tokens == 2 and game.level.tokens == 2
    assert GameRecord.from_game(game).header["Tokens"] == "2"


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Level.get("impossible"), NotationError, "cannot read level"),
        (lambda: Level("expert", 0, False), InvalidGameError, "diagonal"),
        (lambda: NORMAL.replace(tokens=-1), InvalidGameError, "tokens"),
        (lambda: EXPERT.replace(clock=0), InvalidGameError, "clock"),
    ],
)
def test_bad_levels(make: object, error: type[Exception], message: str) -> None:
    # A name that cannot be read is a NotationError; values that make no level are not text.
    assert not issubclass(InvalidGameError, NotationError)
    with pytest.raises(error, match=message):
        make()  # type: ignore[operator]


# --- the deal --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "sizes"), [(1, [16]), (2, [8, 8]), (3, [6, 5, 5]), (4, [4, 4, 4, 4])]
)
def test_deal_sizes(players: int, sizes: list[int]) -> None:
    for seed in range(30):
        hands = deal(players, seed)
        assert [len(hand) for hand in hands] == sizes
        assert sorted(c for hand in hands for c in hand) == list(ALL_CARDS)
        assert all(list(hand) == sorted(hand) for hand in hands)


def test_the_six_five_five_deal_gives_the_first_player_six() -> None:
    game = new_game("normal", 3, seed=11)
    assert [len(hand) for hand in game.hands] == [6, 5, 5]
    assert game.turn == 0


def test_deal_follows_its_documented_algorithm() -> None:
    # Written again from the docstring: cards in card order, Fisher-Yates driven by random(),
    # dealt one at a time from player 1.
    for players, seed in [(2, 7), (3, 0), (4, 2**40 + 3), (1, 99)]:
        cards = list(range(16))
        rng = random.Random(seed)
        for i in range(15, 0, -1):
            j = int(rng.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
        expected = tuple(tuple(sorted(cards[p::players])) for p in range(players))
        assert deal(players, seed) == expected


def test_deal_is_the_same_in_fresh_interpreters_whatever_the_hash_seed() -> None:
    code = "from officers.euler.game import deal; print([[c.notation() for c in h] for h in deal(3, 2024)])"
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
    assert outputs.pop().strip() == str([[c.notation() for c in h] for h in deal(3, 2024)])


def test_deal_rejects_bad_seeds_and_player_counts() -> None:
    for seed in (-1, 1.5, "7", True):
        with pytest.raises(InvalidGameError):
            deal(2, seed)  # type: ignore[arg-type]
    for players in (0, 5, True):
        with pytest.raises(InvalidGameError, match="1-4 players"):
            deal(players, 1)


# --- turns, placements, take-backs -------------------------------------------------------------


def test_turns_go_clockwise_from_the_first_player() -> None:
    game = new_game("easy", 4, seed=3)
    order = []
    for _ in range(8):
        order.append(game.turn)
        game.push(game.legal_moves()[0])
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_player_with_an_empty_hand_is_skipped() -> None:
    # Player 2 has no cards left: after player 1 comes player 3.
    state = GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 1 KD/-/KCQSJH - - 13")
    state.push(Move.parse("KD@r1c2"))
    assert state.turn == 2
    state.push(state.legal_moves()[0])
    assert state.turn == 2  # players 1 and 2 have no cards now: player 3 again
    # A state cannot say that a player without cards is to move.
    with pytest.raises(NotationError, match="no cards"):
        GameState.parse("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KD/-/KCQSJH - - 13")


def test_placing_moves_the_card_from_hand_to_square() -> None:
    state = GameState.parse(LATE)
    state.push(Move.place(3, card("JH")))
    assert state.square[3] == card("JH") and state.hand(1) == (card("QS"),)
    assert state.turn == 0 and state.number == 14


def test_slips_cost_nothing() -> None:
    state = GameState.parse(LATE)
    before = state.notation()
    with pytest.raises(IllegalPlacementError, match="slip: cannot place Q♠ on row 1, column 4"):
        state.push(Move.parse("QS@r1c4"))  # Q♠ would share column 4 with A♠
    assert state.notation() == before and state.history == () and state.tokens == 0
    state.push(Move.parse("QS@r1c3"))  # another card instead, same turn
    assert state.turn == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("KD@r1c2", "not in player 2's hand"),
        ("JH@r2c1", "the cell is taken"),
        ("xr1c1", "no take-back token is left"),
        ("QS@r1c3+r1c2", "without keep-free coins"),
    ],
)
def test_illegal_moves_leave_the_state_unchanged(text: str, message: str) -> None:
    state = GameState.parse(LATE)
    before = state.notation()
    with pytest.raises(IllegalPlacementError, match=message):
        state.push(Move.parse(text))
    assert state.notation() == before and not state.history
    assert state.why_illegal(Move.parse(text)) is not None and not state.is_legal(Move.parse(text))


def test_take_back_spends_a_token_and_fills_the_hand() -> None:
    state = GameState.parse(LATE.replace("hard 0", "normal 1"))
    assert state.parse_move("xr2c2") == Move.take_back(5, card("JS"))
    state.push(Move.parse("xr2c2"))
    assert state.tokens == 0 and card("JS") in state.hand(1) and state.square[5] is None
    assert state.history[-1].notation() == "xJS@r2c2"
    with pytest.raises(IllegalPlacementError, match="holds"):
        GameState.parse(LATE.replace("hard 0", "normal 1")).push(Move.parse("xAS@r2c2"))


STUCK = "JDKHQC1/KC1JSAD/QSACKDJH/AHQD1KS hard 0 2 QH/ASJC - - 14"


def test_loss_when_stuck_with_no_token() -> None:
    state = GameState.parse(STUCK)
    assert state.is_stuck() and state.legal_placements() == []
    assert state.outcome() == Outcome(False, "stuck", 1)
    assert state.legal_moves() == []
    with pytest.raises(IllegalPlacementError, match="the game is over"):
        state.push(Move.parse("xr1c1"))


def test_a_stuck_player_with_a_token_must_take_back() -> None:
    state = GameState.parse(STUCK.replace("hard 0", "normal 1"))
    assert state.is_stuck() and state.outcome() is None
    moves = state.legal_moves()
    assert moves and all(move.kind == "take" for move in moves)
    assert len(moves) == state.square.placed_count()
    state.push(moves[0])
    assert state.tokens == 0 and len(state.hand(1)) == 3


def test_win_when_all_sixteen_cards_are_placed() -> None:
    state = GameState.parse("ACKDQSJH/QHJSADKC/KSAHJCQD/JDQC1AS hard 0 1 KH/- - - 16")
    state.push(Move.parse("KH@r4c3"))
    assert state.outcome() == Outcome(True, "finished") and state.is_over()
    assert str(state.outcome()) == "won: all 16 cards are in the square"
    assert state.legal_moves() == []


@pytest.mark.parametrize(("event", "reason"), [("concede", "conceded"), ("timeout", "out of time")])
def test_conceding_and_running_out_of_time_lose(event: str, reason: str) -> None:
    state = GameState.parse(LATE)
    state.push(Move.parse(event))
    outcome = state.outcome()
    assert outcome is not None and not outcome.won and outcome.reason == reason
    assert outcome.player == (1 if event == "timeout" else None)
    assert state.notation().endswith(" conceded" if event == "concede" else " timeout")
    assert GameState.parse(state.notation()) == state
    assert state.number == 13  # events are not turns
    with pytest.raises(IllegalPlacementError, match="over"):
        state.push(Move.parse("QS@r1c3"))
    state.pop()
    assert state.outcome() is None


# --- variants ------------------------------------------------------------------------------------


def rules_text_start(diagonals: bool) -> Square:
    """The rules' puzzle starts, from their words in the Variants section."""
    if not diagonals:  # A♣ r1c1; J♠ r2c2; A♥ r3c2; Q♦ r3c4
        placed = [(0, "AC"), (5, "JS"), (9, "AH"), (11, "QD")]
    else:  # A♦ and J♣ in row 1, columns 1 and 2; J♠ r3c1; K♣ r4c1
        placed = [(0, "AD"), (1, "JC"), (8, "JS"), (12, "KC")]
    square = Square()
    for cell, text in placed:
        square = square.place(cell, card(text))
    return square


def test_ozanam_starts_are_the_rules_starts() -> None:
    from officers.euler import puzzles

    for diagonals in (False, True):
        assert OZANAM_STARTS[diagonals] == rules_text_start(diagonals)
    assert OZANAM_STARTS[False] == puzzles.OZANAM_START
    assert OZANAM_STARTS[True] == puzzles.OZANAM_DIAGONAL_START


@pytest.mark.parametrize(("level", "players"), [("normal", 2), ("expert", 3), ("easy", 4)])
def test_ozanam_start_locks_four_cards_and_deals_twelve(level: str, players: int) -> None:
    game = new_game(level, players, seed=5, variant=Variant(ozanam=True))
    start = OZANAM_STARTS[game.rules.diagonals]
    assert game.square == start
    assert game.locked == frozenset(cell for cell, _ in start.placed())
    assert sum(len(hand) for hand in game.hands) == 12
    assert len({len(hand) for hand in game.hands}) == 1  # 12 shares out evenly


def test_locked_cards_cannot_be_taken_back() -> None:
    game = new_game("easy", 2, seed=5, variant=Variant(ozanam=True))
    for cell in game.locked:
        with pytest.raises(IllegalPlacementError, match="locked start card"):
            game.push(Move.take_back(cell))
    game.push(Move.place(*game.legal_placements()[0]))
    takes = [move.cell for move in game.legal_moves() if move.kind == "take"]
    assert takes and not set(takes) & game.locked
    assert len(takes) == 1  # only the card just placed


def test_solo_one_player_holds_all_sixteen() -> None:
    game = new_game("hard", 1, seed=8)
    assert len(game.hands) == 1 and len(game.hand(0)) == 16
    rng = random.Random(1)
    while game.outcome() is None:
        assert game.turn == 0
        moves = game.legal_moves()
        game.push(moves[rng.randrange(len(moves))])


def coins(state: GameState) -> object:
    return state.coins


def test_keep_free_coins() -> None:
    game = new_game("normal", 2, seed=7, variant=Variant(coins=True))
    assert coins(game) == (None, None) and game.notation().split()[6] == "./."
    game.push(Move.parse("AS@r1c1+r4c4"))
    assert coins(game) == (15, None) and game.notation().split()[6] == "r4c4/."
    with pytest.raises(IllegalPlacementError, match="player 1's coin lies there"):
        game.push(Move.parse("AH@r2c2+r4c4"))
    with pytest.raises(IllegalPlacementError, match="not empty"):
        game.push(Move.parse("AH@r2c2+r1c1"))
    with pytest.raises(IllegalPlacementError, match="not empty"):
        game.push(Move.parse("AH@r2c2+r2c2"))
    game.push(Move.parse("KH@r4c4+r3c3"))  # a card on a coin sends the coin back
    assert coins(game) == (None, 10)
    game.push(Move.parse("AD@r2c2+off"))
    assert coins(game) == (None, 10)
    game.push(Move.parse("xKH@r4c4+r4c4"))  # the cell emptied by the take-back may get the coin
    assert coins(game) == (None, 15)
    assert GameState.parse(game.notation()) == game
    assert "[coin on r4c4]" in str(game)


def test_open_hands() -> None:
    game = new_game("normal", 3, seed=4, variant=Variant(open_hands=True))
    assert game.notation().split()[1] == "normal+open"
    assert game.notation(viewer=1) == game.notation()
    closed = new_game("normal", 3, seed=4)
    assert closed.notation(viewer=1).split()[4].split("/")[0] == "?6"


# --- views -----------------------------------------------------------------------------------------


def test_view_is_the_checked_players_view() -> None:
    game = new_game("normal", 3, seed=21)
    play_random(game, random.Random(2), steps=5)
    for player in range(3):
        view = game.view(player)
        assert isinstance(view, PlayerView)
        built = PlayerView.for_player(
            game.square, game.hands, player, rules=game.rules, tokens=game.tokens
        )
        assert view == built
        assert view_from_notation(game.notation(viewer=player)) == view
    with pytest.raises(InvalidGameError):
        game.view(3)


def test_view_from_notation_needs_a_known_hand() -> None:
    with pytest.raises(NotationError, match="say whose view"):
        view_from_notation(LATE)
    assert view_from_notation(LATE, 0).hand == (card("KD"), card("KC"))
    with pytest.raises(NotationError, match="unknown"):
        GameState.parse(LATE.replace("KDKC", "?2"))


# --- notation --------------------------------------------------------------------------------------


def test_notation_fields() -> None:
    game = new_game("expert", 4, seed=3, variant=Variant(ozanam=True, coins=True))
    square, level, tokens, turn, hands, locked, coins, number = game.notation().split()
    assert square == "ADJC2/4/JS3/KC3" and level == "expert" and tokens == "0"
    assert turn == "1" and len(hands.split("/")) == 4 and locked == "r1c1,r1c2,r3c1,r4c1"
    assert coins == "./././." and number == "1"
    assert repr(game) == f"GameState.parse({game.notation()!r})"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4/4/4/4 normal 1 1", "expected 8 or 9 fields"),
        ("4/4/4 normal 1 1 - - - 1", "cannot read square"),
        ("4/4/4/4 medium 1 1 ASAH - - 1", "unknown level"),
        ("4/4/4/4 normal+closed 1 1 - - - 1", "unknown variant"),
        ("4/4/4/4 normal x 1 - - - 1", "tokens left 'x'"),
        ("4/4/4/4 normal 1 3 -/- - - 1", "player to move '3'"),
        ("4/4/4/4 normal 1 1 ASA - - 1", "two-character cards"),
        ("4/4/4/4 normal 1 1 ASAS - - 1", "twice"),
        ("4/4/4/4 normal 1 1 ASXX - - 1", "cannot read card"),
        ("4/4/4/4 normal 1 1 AS/KS/QS/JS/AH - - 1", "expected 1-4"),
        ("4/4/4/4 normal 1 1 ASKS - - 1", "neither in the square nor in a hand"),
        ("AS3/4/4/4 normal 1 1 " + "".join(c.notation() for c in ALL_CARDS) + " - - 1", "both"),
        ("4/4/4/4 normal 1 1 ?16 - - 1", "unknown"),
        (
            "4/4/4/4 normal 1 1 " + "".join(c.notation() for c in ALL_CARDS) + " r9c1 - 1",
            "rows and columns are 1-4",
        ),
        (
            "4/4/4/4 normal 1 1 " + "".join(c.notation() for c in ALL_CARDS) + " r1c1 - 1",
            "locked cell r1c1 is empty",
        ),
        (
            "4/4/4/4 normal 1 1 " + "".join(c.notation() for c in ALL_CARDS) + " - ./. 1",
            "2 coins for 1 players",
        ),
        (
            "4/4/4/4 normal 1 1 " + "".join(c.notation() for c in ALL_CARDS) + " - - 0",
            "turn number",
        ),
        (
            "4/4/4/4 normal 1 1 " + "".join(c.notation() for c in ALL_CARDS) + " - - 1 won",
            "unknown end",
        ),
    ],
)
def test_notation_errors_quote_the_text(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        GameState.parse(text)
    assert message in str(error.value)
    assert repr(text) in str(error.value)


def test_a_square_that_breaks_the_rule_is_not_a_game_state() -> None:
    with pytest.raises(IllegalPlacementError, match="row 1 holds two Aces"):
        GameState.parse(
            "ASAH2/4/4/4 normal 1 1 "
            + "".join(c.notation() for c in ALL_CARDS if c.notation() not in ("AS", "AH"))
            + " - - 3"
        )


# --- moves and records ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS@r1c1", "AS@r1c1"),
        ("a♠ @ R1C1", "AS@r1c1"),
        ("D♦@15", "QD@r4c4"),
        ("xr2c3", "xr2c3"),
        ("x KH@r2c3 + off", "xKH@r2c3+off"),
        ("QC@r1c1+r1c2", "QC@r1c1+r1c2"),
        ("CONCEDE", "concede"),
        ("timeout", "timeout"),
    ],
)
def test_move_notation_round_trip(text: str, canonical: str) -> None:
    move = Move.parse(text)
    assert move.notation() == canonical
    assert Move.parse(move.notation()) == move == eval(repr(move))


@pytest.mark.parametrize(
    "text", ["", "AS", "AS@r5c1", "10S@r1c1", "x", "concede+r1c1", "AS@r1c1+r1"]
)
def test_bad_moves(text: str) -> None:
    with pytest.raises(NotationError, match="cannot read move"):
        Move.parse(text)


def test_record_replays_to_the_same_state() -> None:
    game = new_game("easy", 3, seed=12, variant=Variant(coins=True))
    rng = random.Random(12)
    while game.outcome() is None:
        moves = game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        empty = [c for c in game.square.empty_cells() if c != move.cell]
        if move.kind == "place" and empty and rng.random() < 0.3:
            move = Move(move.kind, move.cell, move.card, rng.choice(empty))
        game.push(move)
    text = str(GameRecord.from_game(game, {"Event": 'A "test" game'}))
    record = GameRecord.parse(text)
    assert record.header["Event"] == 'A "test" game' and record.header["Seed"] == "12"
    replayed = record.replay()
    assert replayed == game and replayed.history == game.history
    assert replayed.seed == 12 and replayed.level == game.level


def test_record_with_a_wrong_result_or_move_is_refused() -> None:
    game = GameState.parse(LATE)
    game.push(Move.parse("QS@r1c3"))
    text = str(GameRecord.from_game(game))
    with pytest.raises(NotationError, match="Result"):
        GameRecord.parse(text.replace('[Result "*"]', '[Result "won"]')).replay()
    with pytest.raises(IllegalPlacementError, match="move 1"):
        GameRecord.parse(text.replace("QS@r1c3", "QS@r1c4")).replay()
    with pytest.raises(NotationError, match="Setup"):
        GameRecord.parse("1. AS@r1c1 *")


def test_record_keeps_the_clock() -> None:
    game = new_game(EXPERT.replace(clock=12.5), 2, seed=1)
    assert GameRecord.from_game(game).header["Clock"] == "12.5"
    assert GameRecord.parse(str(GameRecord.from_game(game))).replay().level.clock == 12.5
    assert "Clock" not in GameRecord.from_game(new_game("expert", 2, seed=1)).header
    assert (
        GameRecord.parse(str(GameRecord.from_game(new_game("expert", 2, seed=1))))
        .replay()
        .level.clock
        == 30
    )


def test_a_game_state_pickles() -> None:
    game = new_game("normal", 2, seed=3)
    play_random(game, random.Random(3), steps=6)
    copy = pickle.loads(pickle.dumps(game))
    assert copy == game and copy.history == game.history
    copy.pop()
    assert copy != game


def test_clone_is_independent() -> None:
    game = new_game("normal", 2, seed=3)
    copy = game.clone()
    copy.push(copy.legal_moves()[0])
    assert game.history == () and copy != game
    assert copy.root() == game


# --- properties -------------------------------------------------------------------------------------


def check_invariants(state: GameState) -> None:
    """The facts every reachable state keeps."""
    square = state.square
    assert state.rules.is_valid(square)
    cards = [v for v in square.values if v >= 0] + [c for hand in state.hands for c in hand]
    assert sorted(cards) == list(range(16))
    assert 0 <= state.tokens <= state.level.tokens
    assert all(square.values[cell] >= 0 for cell in state.locked)
    outcome = state.outcome()
    if outcome is None:
        assert state.hand(state.turn)
        # the legal placements are those of the rules, restricted to the hand
        hand = set(state.hand(state.turn))
        expected = [(c, v) for c, v in state.rules.legal_placements(square) if v in hand]
        assert [(c, int(v)) for c, v in state.legal_placements()] == expected
        assert state.legal_moves()
    else:
        assert outcome.won == square.is_full()


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(LEVELS),
    st.integers(1, 4),
    st.integers(0, 2**32),
    st.booleans(),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_random_games_stay_legal_and_round_trip(
    level: Level,
    players: int,
    seed: int,
    ozanam: bool,
    coins: bool,
    rng: random.Random,
) -> None:
    game = new_game(level, players, seed, variant=Variant(ozanam=ozanam, coins=coins), tokens=2)
    notations = [game.notation()]
    while game.outcome() is None:
        check_invariants(game)
        moves = game.legal_moves()
        move = moves[rng.randrange(len(moves))]
        if coins and rng.random() < 0.3:
            free = [c for c in game.square.empty_cells() if c != move.cell]
            free = [
                c for c in free if c not in (game.coins or ()) or c == (game.coins or ())[game.turn]
            ]
            move = Move(move.kind, move.cell, move.card, rng.choice([*free, COIN_OFF]))
        if rng.random() < 0.02:
            move = Move.parse(rng.choice(["concede", "timeout"]))
        if rng.random() < 0.2:  # a slip, or another illegal move, changes nothing
            wrong = Move.place(rng.randrange(16), rng.randrange(16))
            if not game.is_legal(wrong):
                before = game.notation()
                with pytest.raises(IllegalPlacementError):
                    game.push(wrong)
                assert game.notation() == before
        game.push(move)
        text = game.notation()
        notations.append(text)
        assert GameState.parse(text) == game and GameState.parse(text).notation() == text
        for viewer in range(players):
            assert view_from_notation(game.notation(viewer), viewer) == game.view(viewer)
        record = GameRecord.parse(str(GameRecord.from_game(game)))
        assert record.replay() == game
    check_invariants(game)
    # pop() undoes push() exactly, back to the start
    while game.history:
        game.pop()
        notations.pop()
        assert game.notation() == notations[-1]
        check_invariants(game)
    assert len(notations) == 1


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4), st.randoms(use_true_random=False))
def test_pop_undoes_push_exactly(seed: int, players: int, rng: random.Random) -> None:
    game = new_game("easy", players, seed)
    play_random(game, rng, steps=rng.randrange(12))
    if game.outcome() is not None:
        return
    before = (game.notation(), game.history, game.hands, game.tokens, game.turn, game.number)
    for move in [*game.legal_moves(), Move.concede(), Move.timeout()]:
        game.push(move)
        pushed = game.history[-1]
        assert game.pop() == pushed
        assert (
            game.notation(),
            game.history,
            game.hands,
            game.tokens,
            game.turn,
            game.number,
        ) == before
        assert game.outcome() is None


def test_moves_check_their_parts() -> None:
    makers: list[Callable[[], Move]] = [
        lambda: Move.place(1, 16),
        lambda: Move.place(16, 1),
        lambda: Move.take_back(-1),
        lambda: Move("place", 3),
        lambda: Move("jump", 3, Card(0)),  # type: ignore[arg-type]
        lambda: Move("concede", 3),
        lambda: Move.place(0, 0, coin=16),
    ]
    for make in makers:
        with pytest.raises(InvalidGameError):
            make()
    assert Move.place(0, 0, coin=COIN_OFF).notation() == "AS@r1c1+off"
    assert Move.place(9, card("KH")).describe() == "place K♥ on row 3, column 2"


# --- conversions -------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["easy", "normal", "hard", "expert"]),
    st.integers(1, 4),
    st.integers(0, 2**32),
    st.integers(0, 30),
    st.booleans(),
    st.booleans(),
)
def test_game_states_round_trip_through_notation_dict_and_json(
    level: str, players: int, seed: int, steps: int, open_hands: bool, coins: bool
) -> None:
    game = new_game(level, players, seed, variant=Variant(open_hands=open_hands, coins=coins))
    play_random(game, random.Random(seed), steps=steps)
    assert GameState.parse(game.notation()) == game
    assert GameState.from_dict(game.to_dict()) == game
    assert GameState.from_json(game.to_json()) == game
    for player in range(players):
        view = game.view(player)
        assert PlayerView.from_dict(view.to_dict()) == view
        assert PlayerView.from_json(view.to_json()) == view
    for move in game.history:
        assert Move.parse(move.notation()) == move
        assert Move.from_dict(move.to_dict()) == move
        assert Move.from_json(move.to_json()) == move
    outcome = game.outcome()
    if outcome is not None:
        assert Outcome.from_json(outcome.to_json()) == outcome


def test_an_ended_game_keeps_its_end_in_the_dict() -> None:
    game = new_game("normal", 2, seed=4)
    game.push(Move.timeout())
    data = game.to_dict()
    assert data["end"] == "timeout" and data["outcome"]["reason"] == "out of time"
    assert GameState.from_dict(data) == game
    assert GameState.from_dict(data).outcome() == Outcome(False, "out of time", 0)


def test_levels_variants_and_outcomes_round_trip() -> None:
    for level in (*LEVELS, EXPERT.replace(clock=None), EASY.replace(tokens=5, clock=9.5)):
        assert Level.from_dict(level.to_dict()) == level
        assert Level.from_json(level.to_json()) == level
    for open_hands in (False, True):
        for coins in (False, True):
            for ozanam in (False, True):
                variant = Variant(open_hands, coins, ozanam)
                assert Variant.from_json(variant.to_json()) == variant
    outcomes = [Outcome(True, "finished"), Outcome(False, "conceded")]
    outcomes += [Outcome(False, "stuck", 2), Outcome(False, "out of time", 0)]
    for outcome in outcomes:
        assert Outcome.from_dict(outcome.to_dict()) == outcome


@pytest.mark.parametrize(
    ("read", "message"),
    [
        (lambda: GameState.from_dict({"square": "4/4/4/4"}), "cannot read game"),
        (lambda: GameState.from_json("{"), "cannot read game"),
        (lambda: GameState.from_dict([1, 2]), "expected an object"),  # type: ignore[arg-type]
        (lambda: Move.from_dict({"kind": "jump"}), "cannot read move"),
        (lambda: Move.from_dict({"kind": "place", "cell": 0, "card": "ZZ"}), "cannot read move"),
        (
            lambda: Move.from_dict({"kind": "place", "cell": 0, "card": "AS", "notation": "x"}),
            "match",
        ),
        (lambda: Outcome.from_dict({"won": True, "reason": "stuck"}), "only 'finished'"),
        (lambda: Outcome.from_json("[]"), "cannot read outcome"),
        (lambda: Level.from_dict({"name": "normal", "tokens": -1}), "tokens"),
        (lambda: Level.from_dict({"name": "expert", "diagonals": False}), "diagonal"),
        (lambda: Variant.from_dict({"coins": "yes"}), "true or false"),
        (lambda: Variant.from_dict({"dice": True}), "cannot read variant"),
    ],
)
def test_bad_data_is_a_notation_error_that_quotes_it(read: object, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        read()  # type: ignore[operator]


def test_a_game_dict_with_parts_that_make_no_game_is_refused() -> None:
    data = GameState.parse(LATE).to_dict()
    data["hands"] = [["KD", "KC"], ["QS", "KD"]]
    with pytest.raises(NotationError, match="K♦ is both"):
        GameState.from_dict(data)
    data = GameState.parse(LATE).to_dict()
    data["notation"] = LATE.replace("hard", "normal")
    with pytest.raises(NotationError, match="does not match"):
        GameState.from_dict(data)


def test_values_that_were_never_text_raise_invalid_game_error() -> None:
    with pytest.raises(InvalidGameError, match="tokens"):
        GameState(Square(), [ALL_CARDS[:8], ALL_CARDS[8:]], tokens=-1)
    with pytest.raises(InvalidGameError, match="neither in the square nor in a hand"):
        GameState(Square(), [ALL_CARDS[:8], ALL_CARDS[8:15]])
    with pytest.raises(InvalidGameError, match="not a level"):
        Level.get(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidGameError, match="either a start square or the Ozanam variant"):
        new_game(start="AC3/4/4/4", variant=Variant(ozanam=True))
    with pytest.raises(InvalidGameError, match="true or false"):
        Variant(coins=1)  # type: ignore[arg-type]


def test_the_level_may_change_its_tokens_and_clock_but_not_its_name() -> None:
    game = new_game("normal", 2, seed=5)
    game.level = game.level.replace(tokens=4, clock=20)
    assert game.level.tokens == 4 and game.level.clock == 20.0
    with pytest.raises(InvalidGameError, match="only its tokens and clock"):
        game.level = HARD
    with pytest.raises(InvalidGameError, match="seed"):
        game.seed = -2
    game.seed = 77
    assert GameRecord.from_game(game).header["Seed"] == "77"


def test_the_record_is_made_beside_the_game_and_replays_it() -> None:
    game = new_game("easy", 3, seed=8, variant=Variant(coins=True))
    play_random(game, random.Random(8), steps=12)
    record = GameRecord.from_game(game, {"Event": "club night"})
    assert record.header["Event"] == "club night"
    assert record.moves == game.history
    assert GameRecord.parse(str(record)) == record
    assert record.replay() == game
    assert record.replay().history == game.history


def test_the_undo_stack_holds_frozen_snapshots() -> None:
    game = new_game("normal", 2, seed=6)
    game.push(game.legal_moves()[0])
    snapshot = game._stack[0]
    with pytest.raises(AttributeError):
        snapshot.tokens = 9  # type: ignore[misc]
    assert snapshot.tokens == 1


def _runtime_imports(tree: ast.Module) -> list[str]:
    """The officers modules a module imports when it runs (not under ``if TYPE_CHECKING:``)."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("officers."):
            found.append((node.module or "").removeprefix("officers."))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_the_game_does_not_import_the_hints_or_the_record() -> None:
    # Walk the officers modules that officers.euler.game imports at run time, directly or not.
    root = Path(__file__).resolve().parent.parent / "officers"
    seen: set[str] = set()
    todo = ["euler.game"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = root / f"{name.replace('.', '/')}.py"
        if not path.exists():
            path = root / name.replace(".", "/") / "__init__.py"
        todo += _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
    assert "euler.game_notation" in seen and "euler.view" in seen
    assert "euler.hints" not in seen and "euler.record" not in seen
