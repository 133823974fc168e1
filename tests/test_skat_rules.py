"""Offiziersskat's cards, rules and game: a second reading of the rules written here, the rules
page's special cases, refusals as facts with English and German words, undo, and the
notations' round trips."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers.core.deals import shuffled
from officers.core.errors import IllegalMoveError, InvalidGameError, NotationError
from officers.skat import (
    GAMES,
    POINTS,
    Deal,
    Move,
    Position,
    SkatGame,
    card_name,
    card_notation,
    legal_moves,
    parse_card,
    play,
    refusal,
)

# --- a second reading of the rules, from the page's words ------------------------------------

JACK = 4
SUIT_OF_GAME = {"C": 0, "S": 1, "H": 2, "D": 3, "G": None}
PLAIN_ORDER = [0, 1, 2, 3, 5, 6, 7]  # A 10 K Q 9 8 7 (ranks, highest first)


def is_trump(card: int, game: str) -> bool:
    return card % 8 == JACK or card // 8 == SUIT_OF_GAME[game]


def follows(card: int, led: int, game: str) -> bool:
    if is_trump(led, game):
        return is_trump(card, game)
    return not is_trump(card, game) and card // 8 == led // 8


def trump_height(card: int) -> int:
    # J♣ J♠ J♥ J♦ above A 10 K Q 9 8 7 of the trump suit
    return 100 - card // 8 if card % 8 == JACK else 50 - PLAIN_ORDER.index(card % 8)


def second_wins(first: int, second: int, game: str) -> bool:
    if is_trump(second, game) and not is_trump(first, game):
        return True
    if is_trump(first, game):
        return is_trump(second, game) and trump_height(second) > trump_height(first)
    return (
        second // 8 == first // 8
        and not is_trump(second, game)
        and PLAIN_ORDER.index(second % 8) < PLAIN_ORDER.index(first % 8)
    )


def simply_legal_cards(position: Position) -> set[int]:
    player = position.to_move
    assert player is not None and position.game is not None
    up = {pile[-1] for pile in position.piles[player] if pile}
    if not position.trick:
        return up
    same = {c for c in up if follows(c, position.trick[0], position.game)}
    return same or up


# --- strategies ------------------------------------------------------------------------------


@st.composite
def games(draw: st.DrawFn, *, moves: int | None = None) -> SkatGame:
    """A numbered deal, a game choice and some legal cards."""
    game = SkatGame.deal(draw(st.integers(0, 2**64 - 1)))
    game.push(draw(st.sampled_from(GAMES)))
    steps = draw(st.integers(0, 32)) if moves is None else moves
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        game.push(legal[draw(st.integers(0, len(legal) - 1))])
    return game


# --- cards -----------------------------------------------------------------------------------


def test_the_deck_has_32_cards_worth_120_points() -> None:
    assert sum(POINTS) == 120
    names = {card_notation(c) for c in range(32)}
    assert len(names) == 32
    assert all(parse_card(card_notation(c)) == c for c in range(32))
    assert card_name(parse_card("JC"), "de") == "Kreuz-Bube"
    assert card_name(parse_card("9H"), "de") == "Herz-Neun"
    assert parse_card("10♥") == parse_card("TH") == parse_card("th")
    assert parse_card("BC") == parse_card("J♣") == parse_card("JC")
    assert parse_card("DH") == parse_card("QH")


@pytest.mark.parametrize("text", ["", "1H", "QX", "QHH", "JC@", "♥Q", "x" * 500])
def test_a_bad_card_is_refused_with_a_bounded_excerpt(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert len(str(info.value)) < 240


def test_trick_order_matches_the_second_reading() -> None:
    from officers.skat import beats

    for game in GAMES:
        for first in range(32):
            for second in range(32):
                if first != second:
                    assert beats(second, first, game) == second_wins(first, second, game)


# --- deals -----------------------------------------------------------------------------------


def test_numbered_deals_lay_out_the_shared_shuffle() -> None:
    order = shuffled(5, 32)
    deal = Deal.numbered(5)
    assert [pile[0] for pile in deal.piles[0]] == list(order[0:8])
    assert [pile[1] for pile in deal.piles[0]] == list(order[8:16])
    assert [pile[0] for pile in deal.piles[1]] == list(order[16:24])
    assert [pile[1] for pile in deal.piles[1]] == list(order[24:32])
    assert Deal.numbered(5) == Deal.parse("deal 5") != Deal.numbered(6)


@given(st.integers(0, 2**64 - 1))
def test_the_deal_notation_round_trips(number: int) -> None:
    deal = Deal.numbered(number)
    assert Deal.parse(deal.notation()) == deal
    assert Deal.from_dict(json.loads(json.dumps(deal.to_dict()))).number == number


@pytest.mark.parametrize(
    "text",
    ["", "deal", "deal -1", "AS/AS " * 8 + "| " + "7C/8C " * 8, "AS/KS | 7C/8C", "x" * 3000],
)
def test_a_bad_deal_is_refused(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Deal.parse(text)
    assert len(str(info.value)) < 400


# --- the rules -------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(games())
def test_legal_moves_follow_the_second_reading(game: SkatGame) -> None:
    position = game.position
    if position.phase != "play":
        return
    legal = {m.card for m in legal_moves(position)}
    assert legal == simply_legal_cards(position)
    for card in range(32):
        fact = refusal(position, Move.play(card))
        assert (fact is None) == (card in legal)
        if fact is not None:
            assert fact.text("en").startswith("cannot play")
            assert fact.text("de").startswith("Nicht erlaubt")
            with pytest.raises(IllegalMoveError):
                game.clone().push(Move.play(card))


@settings(max_examples=40, deadline=None)
@given(games(moves=32))
def test_a_whole_game_shares_out_120_points_in_16_tricks(game: SkatGame) -> None:
    outcome = game.outcome()
    assert outcome is not None and game.is_over()
    assert sum(game.points) == 120 and sum(game.tricks) == 16
    assert outcome.winner == (0 if game.points[0] >= 61 else 1)
    played = game.played()
    assert len(played) == 16
    assert sum(POINTS[c] for t in played if t.winner == 0 for c in t.cards) == game.points[0]
    for trick in played:
        first, second = trick.cards
        expected = (
            1 - trick.leader
            if second_wins(first, second, game.position.game or "G")
            else trick.leader
        )
        assert trick.winner == expected


@settings(max_examples=40, deadline=None)
@given(games(), st.data())
def test_push_then_pop_restores_the_state_exactly(game: SkatGame, data: st.DataObject) -> None:
    before = (game.position, game.moves, game.notation(), game.view())
    legal = game.legal_moves()
    if not legal:
        return
    taken = data.draw(st.integers(1, len(game.moves)))  # a trick's end taken back too, at times
    replayed = SkatGame(game.start)
    for move in game.moves[:-taken]:
        replayed.push(move)
    game.push(data.draw(st.sampled_from(legal)))
    game.pop()
    assert (game.position, game.moves, game.notation(), game.view()) == before
    for _ in range(taken):
        game.pop()
    assert game.view() == replayed.view() and game.played() == replayed.played()


@settings(max_examples=40, deadline=None)
@given(games())
def test_records_positions_and_json_round_trip(game: SkatGame) -> None:
    again = SkatGame.parse(game.notation())
    assert again.position == game.position and again.moves == game.moves
    assert again.played() == game.played() == game.clone().played()
    assert Position.parse(game.position.notation()) == game.position
    assert SkatGame.from_json(game.to_json()).position == game.position
    assert Position.from_json(game.position.to_json()) == game.position
    assert SkatGame.parse(game.position.notation()).position == game.position
    view = game.view().to_dict()
    hidden = sum(side.count(True) for side in view["hidden"])
    assert hidden == sum(len(game.position.hidden(p)) for p in (0, 1))


@settings(max_examples=40, deadline=None)
@given(games())
def test_tricks_left_is_a_property_counting_the_tricks_to_finish(game: SkatGame) -> None:
    position = game.position
    left = position.tricks_left
    assert left == 16 - len(game.played()) == (len(position.on_table()) + len(position.trick)) // 2
    assert pickle.loads(pickle.dumps(left)) == left and str(left) == str(int(left))
    assert json.loads(json.dumps({"left": left})) == {"left": int(left)}


def test_calling_tricks_left_as_0_3_did_answers_with_a_warning() -> None:
    position = Position.start(Deal.numbered(1))
    with pytest.warns(DeprecationWarning, match=r"tricks_left\(\) is Position.tricks_left") as w:
        assert position.tricks_left() == 16  # type: ignore[operator]
    assert w[0].filename == __file__  # the warning names the line that called
    assert type(pickle.loads(pickle.dumps(position.tricks_left))) is int


def test_face_down_cards_never_count_for_following() -> None:
    # Hearts are trump; Vorhand leads A♣; each of Hinterhand's clubs lies face down.
    game = SkatGame(
        Deal.parse(
            "KC/AC 8D/7D 9D/QD KD/TD 8H/7H KH/QH 9H/TH JC/AH | "
            "QC/7S 8S/9S TS/AS KS/QS 7C/JS 9C/JH 8C/JD TC/AD"
        )
    )
    game.push("H")
    game.push("AC@1")
    legal = {card_notation(m.card) for m in game.legal_moves() if m.card is not None}
    assert legal == {"7S", "9S", "AS", "QS", "JS", "JH", "JD", "AD"}


def test_a_jack_never_follows_its_printed_suit() -> None:
    game = SkatGame(
        Deal.parse(
            "KC/AC 8D/7D 9D/QD KD/TD 8H/7H KH/QH 9H/TH JD/AH | "
            "QC/7S 8S/9S TS/AS KS/QS 7C/JS 9C/JH 8C/JC TC/AD"
        )
    )
    game.push("G")
    game.push("AC@1")
    legal = {card_notation(m.card) for m in game.legal_moves() if m.card is not None}
    assert "JC" in legal and "7S" in legal  # no face-up club: J♣ is a trump, not a club
    game.push("JC@7")
    assert game.position.leader == 1 and game.points == (0, 13)
    # the under card 8♣ is face up now and Hinterhand may lead it
    assert Move.play(parse_card("8C"), 6) in game.legal_moves()


def test_must_follow_is_told_in_english_and_german() -> None:
    game = SkatGame(
        Deal.parse(
            "KC/AC 8D/7D 9D/QD KD/TD 8H/7H KH/QH JH/TH JD/AH | "
            "QC/7S 8S/9S TS/AS KS/QS 7C/JS JC/9H 8C/9C TC/AD"
        )
    )
    game.push("G")
    game.push("AH@8")
    fact = game.refusal("AS")
    assert fact is not None and fact.kind == "must-follow"
    assert fact.text("en") == "cannot play AS: you must follow hearts: your face-up 9♥ (pile 6)"
    assert fact.text("de") == (
        "Nicht erlaubt (AS): Du musst Herz bedienen: deine offene Herz-Neun (Stapel 6)"
    )
    with pytest.raises(IllegalMoveError) as info:
        game.push("AS@3")
    refused = info.value.refusal
    assert refused.kind == "must-follow" and refused.move == Move.parse("AS@3")
    assert (refused.held, refused.held_pile, refused.pile) == (parse_card("9H"), 5, 2)


def test_sixty_all_is_a_loss_for_vorhand() -> None:
    from officers.skat import Outcome

    assert Outcome((60, 60)).winner == 1 and Outcome((61, 59)).winner == 0


def test_refusals_before_and_after_the_choice() -> None:
    game = SkatGame.deal(1)
    fact = game.refusal("TS@1")
    assert fact is not None and fact.kind == "choose-first"
    game.push("C")
    fact = game.refusal("S")
    assert fact is not None and fact.kind == "chosen"
    fact = game.refusal("TD@1")
    assert fact is not None and fact.kind == "face-down"
    fact = game.refusal("TS@2")
    assert fact is not None and fact.kind == "wrong-pile"


@pytest.mark.parametrize(
    "text",
    [
        "- ; x ; V ; 0:0 0:0",
        "Z ; " + Deal.numbered(1).notation() + " ; V ; 0:0 0:0",
        "- ; " + Deal.numbered(1).notation() + " ; V ; 1:0 0:0",
        "- ; " + Deal.numbered(1).notation() + " ; X ; 0:0 0:0",
        "G ; " + Deal.numbered(1).notation().replace("TS", "-", 1) + " ; V ; 0:0 0:0",
    ],
)
def test_a_bad_position_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Position.parse(text)


def test_positions_are_checked_when_made() -> None:
    deal = Deal.numbered(1)
    with pytest.raises(InvalidGameError):
        Position(deal.piles, "G", 0, (), (1, 0), (0, 0))
    position = play(Position(deal.piles, "G"), Move.parse("TS@1"))
    assert position.trick == (parse_card("TS"),)
