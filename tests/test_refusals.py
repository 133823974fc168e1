"""Refused moves as facts (officers.euler.moves.Refusal): every refusal of the game, from a real game
state, told in English (the error's message, unchanged) and in German."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import ALL_CARDS, Card, IllegalPlacementError, NotationError
from officers.contract import handle
from officers.contract.play import refusal_text, slip
from officers.core.errors import InvalidArgumentError, UnsupportedError
from officers.euler.game import GameState, Move, Variant, new_game
from officers.euler.moves import REFUSALS, Outcome, Refusal
from officers.euler.square import cell_name
from tests.helpers import assert_valid

# A late position (test_game.LATE): player 2 to move, holding Q♠ J♥, no take-back token left.
LATE = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"
TOKEN = LATE.replace("hard 0", "normal 1")
LOCKED = TOKEN.replace(" - - 13", " r1c1 - 13")
COINS = LATE.replace(" - - 13", " - ./. 13")
COIN_OF_1 = LATE.replace(" - - 13", " - r1c2/. 13")
STUCK = "JDKHQC1/KC1JSAD/QSACKDJH/AHQD1KS hard 0 2 QH/ASJC - - 14"
READ = "expected a placement such as 'AS@r1c1', a take-back such as 'xr1c1', 'concede' or 'timeout'"

# kind, game, move: the English sentence (the error's message), words the German one holds.
CASES: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    ("unreadable", LATE, "QS r1c3", f"cannot read move 'QS r1c3': {READ}", ("'QS r1c3'",)),
    (
        "over",
        STUCK,
        "xr1c1",
        "cannot play xr1c1: the game is over (lost: player 2 is stuck and cannot take back)",
        ("xr1c1", "vorbei", "verloren: Spieler 2 steckt fest"),
    ),
    (
        "not-in-hand",
        LATE,
        "KD@r1c2",
        "cannot place K♦ on row 1, column 2: it is not in player 2's hand",
        ("Karo-König", "Zeile 1, Spalte 2", "Spieler 2", "Hand"),
    ),
    (
        "cell-taken",
        LATE,
        "JH@r2c1",
        "slip: cannot place J♥ on row 2, column 1: the cell is taken by Q♥; "
        "it goes back into player 2's hand at no cost",
        ("Herz-Bube", "Zeile 2, Spalte 1", "Herz-Dame", "Spieler 2"),
    ),
    (
        "slip",
        LATE,
        "QS@r1c4",
        "slip: cannot place Q♠ on row 1, column 4: a Queen already stands in column 4 "
        "(Q♦ at row 3, column 4); it goes back into player 2's hand at no cost",
        ("Pik-Dame", "Zeile 1, Spalte 4", "eine Dame steht schon in Spalte 4", "Karo-Dame"),
    ),
    (
        "no-token",
        LATE,
        "xr1c1",
        "cannot take back from row 1, column 1: no take-back token is left",
        ("Zeile 1, Spalte 1", "Rücknahme-Münze"),
    ),
    (
        "empty-cell",
        TOKEN,
        "xr1c2",
        "cannot take back from row 1, column 2: the cell is empty",
        ("Zeile 1, Spalte 2", "leer"),
    ),
    (
        "locked",
        LOCKED,
        "xr1c1",
        "cannot take back A♣ from row 1, column 1: it is a locked start card",
        ("Kreuz-Ass", "Zeile 1, Spalte 1", "Startkarte"),
    ),
    (
        "wrong-card",
        TOKEN,
        "xAS@r2c2",
        "cannot take back A♠ from row 2, column 2: the cell holds J♠",
        ("Pik-Ass", "Zeile 2, Spalte 2", "Pik-Bube"),
    ),
    (
        "no-coins",
        LATE,
        "QS@r1c3+r1c2",
        "cannot move a coin: this game is played without keep-free coins (QS@r1c3+r1c2)",
        ("Freihalte-Münzen", "QS@r1c3+r1c2"),
    ),
    (
        "coin-cell-taken",
        COINS,
        "QS@r1c3+r1c1",
        "cannot put the coin on row 1, column 1: the cell is not empty",
        ("Münze", "Zeile 1, Spalte 1", "nicht leer"),
    ),
    (
        "coin-of-other",
        COIN_OF_1,
        "QS@r1c3+r1c2",
        "cannot put the coin on row 1, column 2: player 1's coin lies there",
        ("Zeile 1, Spalte 2", "Münze von Spieler 1"),
    ),
]


def test_the_cases_reach_every_kind_but_the_one_of_python_values() -> None:
    assert sorted(case[0] for case in CASES) == sorted(set(REFUSALS) - {"not-a-move"})


@pytest.mark.parametrize(
    ("kind", "game", "text", "english", "german"), CASES, ids=[c[0] for c in CASES]
)
def test_every_refusal_is_a_fact_told_in_english_and_german(
    kind: str, game: str, text: str, english: str, german: tuple[str, ...]
) -> None:
    state = GameState.parse(game)
    refusal = state.refusal(text)
    assert refusal is not None and refusal.kind == kind
    assert refusal.text("en") == str(refusal) == english
    if kind == "unreadable":  # the error of the reader says the same
        with pytest.raises(NotationError) as read:
            state.parse_move(text)
        assert str(read.value) == english
    else:
        with pytest.raises(IllegalPlacementError) as refused:
            state.push(Move.parse(text))
        assert str(refused.value) == english and refused.value.refusal == refusal
        assert state.why_illegal(Move.parse(text)) == english
        assert state.notation() == game and not state.history  # refused: nothing changed
    sentence = refusal.text("de")
    assert sentence != english and sentence[0].isupper() and sentence.endswith(".")
    for words in german:
        assert words in sentence, (sentence, words)
    assert refusal_text(state, text, "both") == {"en": english, "de": sentence}
    assert refusal_text(state, text, "de") == {"de": sentence}


def test_a_refusal_names_its_card_cell_and_player() -> None:
    refusal = GameState.parse(LATE).refusal("QS@r1c4")
    assert refusal is not None and refusal.illegal is not None
    assert (refusal.card, refusal.cell, refusal.player) == (Card.parse("QS"), 3, 1)
    assert refusal.move == Move.parse("QS@r1c4") and refusal.illegal.reason == "rank"
    assert refusal.illegal.held == Card.parse("QD") and refusal.illegal.where == 11
    taken = GameState.parse(LATE).refusal("JH@r2c1")
    assert taken is not None and taken.held == Card.parse("QH") and taken.illegal is not None
    assert taken.illegal.reason == "taken"
    other = GameState.parse(COIN_OF_1).refusal("QS@r1c3+r1c2")
    assert other is not None and (other.cell, other.owner, other.player) == (1, 0, 1)


def test_a_slip_tells_the_same_clause_as_the_slip_document() -> None:
    state = GameState.parse(LATE)
    refusal = state.refusal("QS@r1c4")
    told = slip(state, "QS@r1c4", "both")
    assert refusal is not None and told is not None
    for lang in ("en", "de"):
        assert told["text"][lang] in refusal.text(lang)


@pytest.mark.parametrize(
    ("event", "german"),
    [
        ("concede", "verloren: das Team hat aufgegeben"),
        ("timeout", "verloren: Spieler 2 hat die Zeit überschritten"),
    ],
)
def test_a_move_after_an_event_is_refused_with_the_outcome_in_german(
    event: str, german: str
) -> None:
    state = GameState.parse(LATE)
    state.push(Move.parse(event))
    refusal = state.refusal("QS@r1c3")
    assert refusal is not None and refusal.kind == "over" and refusal.outcome == state.outcome()
    assert refusal.text("en") == f"cannot play QS@r1c3: the game is over ({state.outcome()})"
    assert refusal.text("de") == (
        f"Der Zug QS@r1c3 ist nicht mehr möglich: das Spiel ist vorbei ({german})."
    )


def test_a_move_after_a_win_is_refused_in_german() -> None:
    state = GameState.parse("ACKDQSJH/QHJSADKC/KSAHJCQD/JDQC1AS hard 0 1 KH/- - - 16")
    state.push(Move.parse("KH@r4c3"))
    refusal = state.refusal("concede")
    assert refusal is not None and refusal.outcome == Outcome(True, "finished")
    assert "gewonnen: alle 16 Karten liegen im Quadrat" in refusal.text("de")


def test_a_value_that_is_no_move_is_refused_with_the_same_message_as_before() -> None:
    state = GameState.parse(LATE)
    with pytest.raises(IllegalPlacementError) as refused:
        state.push(("QS", "r1c3"))  # type: ignore[arg-type]
    assert str(refused.value) == "expected a Move, got ('QS', 'r1c3') (read text with Move.parse)"
    refusal = refused.value.refusal
    assert refusal is not None and refusal.kind == "not-a-move"
    assert "('QS', 'r1c3')" in refusal.text("de") and refusal.text("de") != str(refused.value)
    assert state.push("QS@r1c3") == Move.parse("QS@r1c3")  # its notation is a move (0.4)


def test_a_refusal_survives_pickling_with_its_error() -> None:
    with pytest.raises(IllegalPlacementError) as refused:
        GameState.parse(LATE).push(Move.parse("QS@r1c4"))
    again = pickle.loads(pickle.dumps(refused.value))
    assert str(again) == str(refused.value) and again.refusal == refused.value.refusal
    assert IllegalPlacementError("any").refusal is None  # raised elsewhere: no refusal


def test_refusal_text_refuses_a_legal_move_and_an_unknown_language() -> None:
    state = GameState.parse(LATE)
    assert state.refusal("QS@r1c3") is None
    with pytest.raises(InvalidArgumentError, match="may be played here"):
        refusal_text(state, "QS@r1c3", "both")
    with pytest.raises(UnsupportedError, match="'fr'"):
        refusal_text(state, "QS@r1c4", "fr")


@pytest.mark.parametrize("lang", ["en", "de", "both"])
def test_a_refused_move_document_with_its_text_is_valid(lang: str) -> None:
    for _kind, game, text, _english, _german in CASES[1:]:  # the first is no move at all
        answer = handle({"op": "move", "game": game, "move": text, "lang": lang})
        assert answer["kind"] == "move" and answer["accepted"] is False, answer
        answer["text"] = refusal_text(GameState.parse(game), text, lang)
        assert_valid(answer)
        if lang != "de":
            assert answer["text"]["en"] == answer["refusal"]


# --- random states and random move texts ----------------------------------------------------------


def _random_state(
    level: str, players: int, seed: int, steps: int, coins: bool, ozanam: bool, end: int
) -> GameState:
    """A game from a random deal after random legal moves (with coin actions in the coin
    variant), ended by an event one time in five."""
    state = new_game(level, players, seed, variant=Variant(coins=coins, ozanam=ozanam))
    rng = random.Random(seed)
    for _ in range(steps):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        if coins and rng.random() < 0.5:
            coin = Move(move.kind, move.cell, move.card, rng.randrange(-1, 16))
            move = coin if state.is_legal(coin) else move
        state.push(move)
    if end == 1 and not state.is_over():
        state.push(Move.concede())
    elif end == 2 and not state.is_over():
        state.push(Move.timeout())
    return state


STATES = st.builds(
    _random_state,
    st.sampled_from(["easy", "normal", "hard", "expert"]),
    st.integers(1, 4),
    st.integers(0, 10**6),
    st.integers(0, 10),
    st.booleans(),
    st.booleans(),
    st.sampled_from(range(10)),  # uniform: integers() would draw the small ends more often
)

CELLS = st.sampled_from([cell_name(cell) for cell in range(16)])
CARDS = st.sampled_from([card.notation() for card in ALL_CARDS] + ["A♠", "D♥", "BC", "ZZ"])
COIN = st.one_of(st.just(""), st.just("+off"), CELLS.map(lambda cell: f"+{cell}"))


@st.composite
def move_texts(draw: st.DrawFn, state: GameState) -> str:
    """A move text for the state: mostly a card of the hand to move on any cell, or a
    take-back, with or without a coin action; sometimes an event or text that is no move."""
    hand = [card.notation() for card in state.hand(state.turn)]
    card = draw(st.sampled_from(hand) if hand and draw(st.booleans()) else CARDS)
    cell, coin = draw(CELLS), draw(COIN)
    moves = [f"{card}@{cell}{coin}", f"x{cell}{coin}", f"x{card}@{cell}{coin}"]
    others = st.sampled_from(["concede", "timeout", "concede+off", "r9c9"]) | st.text(max_size=12)
    return draw(st.sampled_from(moves) if draw(st.integers(0, 4)) else others)


@st.composite
def states_and_texts(draw: st.DrawFn) -> tuple[GameState, str]:
    state = draw(STATES)
    return state, draw(move_texts(state))


@settings(max_examples=300, deadline=None)
@given(states_and_texts())
def test_every_refused_move_text_has_its_sentence_in_both_languages(
    case: tuple[GameState, str],
) -> None:
    state, text = case
    try:
        move = Move.parse(text)
    except NotationError:
        move = None
    refusal = state.refusal(text)
    why = None if move is None else state.why_illegal(move)
    if move is not None and why is None:
        assert refusal is None
        return
    assert isinstance(refusal, Refusal)
    told = refusal_text(state, text, "both")
    assert set(told) == {"en", "de"} and all(sentence.strip() for sentence in told.values())
    assert told["en"] != told["de"] and "None" not in told["de"]
    if why is not None:
        assert told["en"] == why
    else:
        assert refusal.kind == "unreadable"
