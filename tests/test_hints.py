"""Player views, hints, recommended moves, and the JSON forms with their schema."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import oracles
from officers import (
    ALL_CARDS,
    Card,
    NotationError,
    Rules,
    Square,
    count_completions,
    finished_squares,
    safe_placements,
)
from officers.euler.analysis import Explanation, explain
from officers.euler.hints import Hint, PlayerView, hint, recommend
from officers.euler.solve.index import CompletionIndex
from tests.helpers import BOTH, IDS, assert_valid, brute_repairs, played, validator


def views_from_play(rules: Rules, count: int, seed: int, players: int = 2) -> list[PlayerView]:
    """Views of the player to move, from random deals and random legal placements."""
    rng = random.Random(seed)
    squares = played(rules)
    views = []
    for _ in range(count):
        square = rng.choice(squares)
        rest = [card for card in ALL_CARDS if card not in square]
        rng.shuffle(rest)
        hands = [rest[p::players] for p in range(players)]
        placed = [c for c in range(16) if square.values[c] != -1]
        locked = rng.sample(placed, min(len(placed), rng.choice([0, 0, 1, 2])))
        views.append(
            PlayerView.for_player(
                square, hands, 0, rules=rules, tokens=rng.choice([0, 1, 3]), locked=locked
            )
        )
    return views


# --- the player's view ----------------------------------------------------------------------------


def test_view_reads_text_and_fills_in_the_others() -> None:
    view = PlayerView.of("AC3/1JS2/1AH1QD/4", "kd qs", tokens=1, locked="r1c1, r2c2")
    assert view.hand == (Card.KING_OF_DIAMONDS, Card.QUEEN_OF_SPADES)
    assert set(view.others) == set(view.square.unplaced()) - set(view.hand)
    assert view.locked == (0, 5) and view.tokens == 1 and view.rules == Rules()
    assert PlayerView.from_dict(view.to_dict()) == view
    assert PlayerView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("AS3/4/4/4", "AS"), {}, "A♠ is in the hand but already lies on the square"),
        (("AS3/4/4/4", "KH", "AS"), {}, "A♠ is among the others' cards but already lies"),
        (("AS3/4/4/4", "KH KH"), {}, "the hand list K♥ twice"),
        (("AS3/4/4/4", "KH", "KH QD"), {}, "K♥ is both in the hand and among the others"),
        (("AS3/4/4/4", "KH", "QD"), {}, "nobody holds A♥, A♦"),
        (("AS3/4/4/4", "KH"), {"tokens": -1}, "tokens left must be a whole number >= 0"),
        (("AS3/4/4/4", "KH"), {"locked": "r1c2"}, "locked cell row 1, column 2 .* is empty"),
        (("AS3/4/4/4", "XY"), {}, "cannot read card 'XY'"),
        (("AS3/4/4", "KH"), {}, "cannot read square"),
    ],
)
def test_view_errors_are_clear(args: tuple[Any, ...], kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        PlayerView.of(*args, **kwargs)


def test_view_is_for_the_game_order_only() -> None:
    with pytest.raises(NotationError, match="order 4"):
        PlayerView(Square.empty(3), Rules(order=3), (), ())


def test_view_for_player_merges_the_other_hands() -> None:
    hands = [ALL_CARDS[0:6], ALL_CARDS[6:11], ALL_CARDS[11:16]]
    view = PlayerView.for_player(Square(), hands, 2)
    assert view.hand == ALL_CARDS[11:16] and view.others == ALL_CARDS[0:11]
    with pytest.raises(NotationError, match="player 3"):
        PlayerView.for_player(Square(), hands, 3)


# --- hints against the exact answers --------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_safe_and_deadly_cells_are_exact(rules: Rules) -> None:
    index = CompletionIndex.get(rules)
    for number, view in enumerate(views_from_play(rules, 700, seed=5 + rules.diagonals)):
        advice = hint(view)
        square = view.square
        total = index.count(square)
        assert advice.completions == total
        if number % 10 == 0:  # the counts once more by the backtracker, which shares no code
            assert total == count_completions(square, rules, method="backtrack")
            by_search = safe_placements(square, rules, method="backtrack")
            assert {(p.cell, c.card): p.completions for c in advice.cards for p in c.safe} == {
                key: n for key, n in by_search.items() if key[1] in view.hand
            }
        assert advice.status == (
            "dead" if not total else "finished" if square.is_full() else "live"
        )
        exact = safe_placements(square, rules)  # the engine's own answer
        legal = set(rules.legal_placements(square))
        assert [c.card for c in advice.cards] == list(view.hand)
        for card_hint in advice.cards:
            card = card_hint.card
            safe = {(p.cell, card): p.completions for p in card_hint.safe}
            assert safe == {key: n for key, n in exact.items() if key[1] == card}
            for placement in card_hint.safe:
                assert count_completions(square.place(placement.cell, card), rules) == (
                    placement.completions
                )
            legal_cells = {cell for cell, value in legal if value == card}
            assert set(card_hint.deadly) == legal_cells - {p.cell for p in card_hint.safe}
            for cell in card_hint.deadly:
                assert count_completions(square.place(cell, card), rules) == 0
        hand_moves = [(c, v) for c, v in legal if v in view.hand]
        assert advice.stuck == (bool(view.hand) and not hand_moves)
        if advice.stuck:
            assert advice.status == "dead"


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_forced_moves_are_those_of_every_completion(rules: Rules) -> None:
    index = CompletionIndex.get(rules)
    seen = 0
    for view in views_from_play(rules, 400, seed=11 + rules.diagonals):
        advice = hint(view)
        finished = [s.values for s in index.completions(view.square)]
        expected = set()
        if finished:
            for cell in view.square.empty_cells():
                on_cell = {values[cell] for values in finished}
                if len(on_cell) == 1:
                    expected.add((cell, on_cell.pop()))
        assert {(f.cell, f.card) for f in advice.forced} == expected
        legal = rules.legal_placements(view.square)
        for forced in advice.forced:
            seen += 1
            assert forced.yours == (forced.card in view.hand)
            only_card = [v for c, v in legal if c == forced.cell] == [forced.card]
            only_cell = [c for c, v in legal if v == forced.card] == [forced.cell]
            assert forced.obvious == (only_card or only_cell)
    assert seen > 30


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_recommendation_follows_its_rules(rules: Rules) -> None:
    reasons = set()
    for view in views_from_play(rules, 700, seed=17 + rules.diagonals):
        advice = hint(view)
        move = advice.recommendation
        assert recommend(view) == move
        reasons.add(move.reason)
        if advice.status == "finished":
            assert (move.action, move.reason) == ("none", "finished")
        elif not view.hand:
            assert (move.action, move.reason) == ("skip", "empty-hand")
        elif advice.status == "live":
            assert move.action == "place" and move.card in view.hand
            assert move.cell is not None and move.card is not None
            after = count_completions(view.square.place(move.cell, move.card), rules)
            assert after == move.completions
            best = max(p.completions for c in advice.cards for p in c.safe)
            assert after == best
            mine = [f for f in advice.forced if f.yours]
            assert (move.reason == "forced") == bool(mine)
        else:
            needed = advice.takebacks_needed
            if needed is not None and needed <= view.tokens:
                assert move.action == "take-back" and move.reason == "repair"
                assert move.cell not in view.locked
                assert any(move.cell in r.cells for r in advice.repairs)
                assert move.takebacks == needed
            elif advice.stuck and view.tokens == 0:
                assert (move.action, move.reason) == ("none", "lost")
            else:
                assert (move.action, move.reason) == ("concede", "cannot-repair")
    assert {"forced", "most-completions", "repair", "cannot-repair"} <= reasons


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_dead_hints_repair_without_touching_locked_cells(rules: Rules) -> None:
    checked = 0
    for view in views_from_play(rules, 500, seed=23 + rules.diagonals):
        advice = hint(view)
        if advice.status != "dead":
            assert advice.violations == () and advice.takebacks_needed == 0
            continue
        expected = explain(view.square, rules, locked=view.locked)
        assert advice.repairs == expected.repairs
        assert advice.violations == expected.violations
        for repair in advice.repairs:
            assert not set(repair.cells) & set(view.locked)
        # Independently of analysis: every smallest removal that revives the square, found by
        # trying all removals by size, and their completions counted by the backtracker.
        if advice.takebacks_needed is not None and advice.takebacks_needed <= 3:
            locked = frozenset(view.locked)
            brute = brute_repairs(view.square, rules, locked)
            assert [r.cells for r in advice.repairs] == brute
            for repair in advice.repairs:
                revived = view.square
                for cell in repair.cells:
                    revived = revived.remove(cell)
                by_search = count_completions(revived, rules, method="backtrack")
                assert repair.completions == by_search > 0
            checked += 1
    assert checked > 100


def test_a_stuck_player_is_told_so() -> None:
    # Q♦ may go nowhere: every empty cell shares its rank or suit with one of its lines.
    view = PlayerView.of("4/1KD1QH/2QC1/QS3", "QD", tokens=0)
    advice = hint(view)
    assert advice.stuck and advice.status == "dead"
    assert advice.recommendation.reason in ("lost", "cannot-repair")
    assert "You are stuck" in advice.text() and "Du steckst fest" in advice.text("de")


def test_empty_hand_and_finished_square() -> None:
    finished = finished_squares()[0]
    advice = hint(PlayerView.of(finished, ""))
    assert advice.status == "finished" and advice.recommendation.action == "none"
    assert "gewonnen" in advice.recommendation.text_de
    skip = hint(PlayerView.of("AS3/4/4/4", "", None))
    assert skip.recommendation.action == "skip" and "skipped" in skip.recommendation.text_en


# --- fairness -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_moving_cards_between_the_others_never_changes_a_hint(rules: Rules, players: int) -> None:
    rng = random.Random(players * 10 + rules.diagonals)
    squares = played(rules)
    for _ in range(150):
        square = rng.choice(squares)
        rest = [card for card in ALL_CARDS if card not in square]
        rng.shuffle(rest)
        hands = [rest[p::players] for p in range(players)]
        me = rng.randrange(players)
        tokens = rng.choice([0, 1, 2])
        first = hint(PlayerView.for_player(square, hands, me, rules=rules, tokens=tokens))
        # Deal the other players' cards among them in another way (sizes may change, too).
        others = [card for p, hand in enumerate(hands) if p != me for card in hand]
        rng.shuffle(others)
        cuts = sorted(rng.randint(0, len(others)) for _ in range(players - 2))
        pieces = [others[a:b] for a, b in zip([0, *cuts], [*cuts, len(others)], strict=True)]
        regrouped = [*pieces[:me], hands[me], *pieces[me:]]
        second = hint(PlayerView.for_player(square, regrouped, me, rules=rules, tokens=tokens))
        assert second == first
        assert second.to_dict() == first.to_dict()


# --- JSON -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_hint_and_explanation_json_match_the_schema(rules: Rules) -> None:
    kinds: set[tuple[str, str]] = set()
    for view in views_from_play(rules, 40, seed=31 + rules.diagonals, players=3):
        advice = hint(view)
        data = json.loads(advice.to_json())
        assert data["version"] == 2 and data["kind"] == "hint"
        assert_valid(data)
        assert_valid(advice.to_dict("both", None))
        explanation = json.loads(explain(view.square, rules, locked=view.locked).to_json())
        assert explanation["version"] == 2 and explanation["kind"] == "explanation"
        assert_valid(explanation)
        kinds.update((v["check"], v["kind"]) for v in advice.to_dict(max_reasons=None)["reasons"])
        kinds.add(("status", data["status"]))
    assert ("status", "dead") in kinds and ("status", "live") in kinds
    assert any(check == "euler" for check, _ in kinds)


def test_special_json_forms_match_the_schema() -> None:
    finished = finished_squares()[0]
    cases: list[Hint] = [
        hint(PlayerView.of(finished, "")),
        hint(PlayerView.of("AS3/4/4/4", "")),
        hint(PlayerView.of("4/1KD1QH/2QC1/QS3", "QD")),
        hint(PlayerView.of("AS1KS1/4/4/4", "KH", tokens=1, locked="r1c1")),
        hint(PlayerView.of("AS1KS1/4/4/4", "KH", tokens=0, locked="r1c1,r1c3")),
    ]
    for advice in cases:
        assert_valid(advice.to_dict())
    for square in ["4/ASJD2/4/KHQS2", "AS1AH1/4/4/4", "KH3/4/1QC2/4", "1JH2/JS3/4/4"]:
        for rules in BOTH:
            assert_valid(explain(Square(square), rules).to_dict())
    assert not validator("hint").is_valid({"version": 2, "kind": "hint"})


def test_json_is_plain_and_readable() -> None:
    advice = hint(PlayerView.of("AC3/1JS2/1AH1QD/4", "KD QS AS"))
    data = advice.to_dict()
    assert data["view"]["hand"] == [card.notation() for card in advice.view.hand]
    assert data["recommendation"]["card"] == "KD" and data["recommendation"]["cell"] == 1
    assert json.loads(advice.to_json()) == data
    assert "K♦" in advice.to_json() and "\\u" not in advice.to_json()


def test_text_in_both_languages() -> None:
    advice = hint(PlayerView.of("AS KH 2/4/4/4", "QD JC KS", tokens=1))
    english, german = advice.text(), advice.text("de")
    assert english.startswith("The square can still be finished: 48 completions.")
    assert german.startswith("Das Quadrat lässt sich noch fertigstellen: 48 Vervollständigungen.")
    assert "Recommended: Place Q♦ on row 1, column 3" in english
    assert "Empfehlung: Lege Karo-Dame auf Zeile 1, Spalte 3" in german
    assert str(advice) == english
    # The numbers and the move, by an independent solver (dancing links): 48 completions; Q♦ on
    # r1c3 leaves 12, the most of any legal placement from the hand (the first such in cell order).
    square, rules = advice.view.square, advice.view.rules
    assert oracles.dlx_count(square, rules) == 48
    left = {
        (cell, card): oracles.dlx_count(square.place(cell, card), rules)
        for cell in square.empty_cells()
        for card in advice.view.hand
        if rules.is_legal(square, cell, card)
    }
    best = max(left.values())
    assert best == 12 and min(key for key, n in left.items() if n == best) == (2, Card.parse("QD"))


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_hint_and_explanation_round_trip_through_json(rules: Rules) -> None:
    statuses = set()
    for view in views_from_play(rules, 30, seed=5 + rules.diagonals, players=2):
        advice = hint(view)
        text = advice.to_json("both", None)
        again = Hint.from_json(text)
        assert again == advice and again.to_json("both", None) == text
        explanation = explain(view.square, rules, locked=view.locked)
        assert Explanation.from_json(explanation.to_json(max_reasons=None)) == explanation
        statuses.add(advice.status)
    assert statuses >= {"live", "dead"}
    with pytest.raises(NotationError, match="cannot read a hint"):
        Hint.from_dict({"kind": "hint"})
    with pytest.raises(NotationError, match="cannot read an explanation"):
        Explanation.from_json('{"kind": "hint"}')
