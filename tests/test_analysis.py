"""Dead-end checks, the facts behind them, exact status and repairs (officers.euler.analysis)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from officers import (
    Card,
    NotationError,
    Rules,
    Square,
    UnsupportedError,
    count_completions,
    finished_squares,
    is_completable,
)
from officers.euler.analysis import (
    CHECKS,
    QUARTERS,
    Violation,
    check_cards,
    check_cells,
    check_euler,
    check_lines,
    check_matching,
    check_quarters,
    check_rule,
    check_square,
    explain,
    repairs,
)
from officers.euler.solve.index import CompletionIndex
from tests.helpers import BOTH, IDS, brute_repairs, played
from tests.strategies import partial_squares

# --- positions from random legal play ------------------------------------------------------------


def _rank(value: int) -> int:
    return value // 4


def _suit(value: int) -> int:
    return value % 4


# --- the facts behind Euler's trap and the quarter check -------------------------------------------


def _line_maps(values: tuple[int, ...]) -> Iterator[dict[int, int]]:
    """For every two rows and every two columns, and for ranks and suits: the map 'symbol in the
    first line -> symbol in the second line at the same position'."""
    rows = [[values[4 * r + c] for c in range(4)] for r in range(4)]
    columns = [[values[4 * r + c] for r in range(4)] for c in range(4)]
    for lines in (rows, columns):
        for first, second in itertools.combinations(lines, 2):
            for symbol in (_rank, _suit):
                yield {symbol(x): symbol(y) for x, y in zip(first, second, strict=True)}


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_euler_fact_two_lines_swap_in_pairs(rules: Rules) -> None:
    # Any two rows (or columns) of a finished square map ranks to ranks (and suits to suits) by a
    # fixed-point-free involution: a product of two disjoint swaps.
    checked = 0
    for square in finished_squares(rules):
        for mapping in _line_maps(square.values):
            assert sorted(mapping) == sorted(mapping.values()) == [0, 1, 2, 3]
            assert all(mapping[x] != x for x in range(4)), "a line pair shares a symbol"
            assert all(mapping[mapping[x]] == x for x in range(4)), f"a 4-cycle in {square}"
            checked += 1
    assert checked == len(finished_squares(rules)) * 24


def test_a_latin_square_pair_can_have_a_four_cycle() -> None:
    # The trap is a property of finished squares (orthogonal pairs), not of each Latin square
    # alone: the cyclic Latin square of order 4 has a 4-cycle between rows 1 and 2, and no
    # finished square has it as its ranks.
    cyclic = [[(r + c) % 4 for c in range(4)] for r in range(4)]
    mapping = {cyclic[0][c]: cyclic[1][c] for c in range(4)}
    assert mapping[mapping[0]] != 0
    rank_grids = {tuple(v // 4 for v in s.values) for s in finished_squares()}
    assert tuple(x for row in cyclic for x in row) not in rank_grids


def test_quarter_fact_with_diagonals_only() -> None:
    def quarters_hold_everything(square: Square) -> bool:
        return all(
            sorted(square.values[c] // 4 for c in quarter) == [0, 1, 2, 3]
            and sorted(square.values[c] % 4 for c in quarter) == [0, 1, 2, 3]
            for quarter in QUARTERS
        )

    diagonal = finished_squares(Rules(diagonals=True))
    assert len(diagonal) == 1152
    assert all(quarters_hold_everything(square) for square in diagonal)
    plain = finished_squares(Rules())
    assert not all(quarters_hold_everything(square) for square in plain)


# --- soundness: a check never calls a live square dead -------------------------------------------


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_no_check_calls_a_live_square_dead(rules: Rules) -> None:
    index = CompletionIndex.get(rules)
    squares = played(rules)
    assert len(squares) > 4000
    fired = dict.fromkeys(CHECKS, 0)
    dead = 0
    for square in squares:
        violations = check_square(square, rules)
        if index.is_completable(square):
            assert violations == (), f"{square} is live, but {[str(v) for v in violations]}"
        else:
            dead += 1
            for violation in violations:
                fired[violation.check] += 1
    assert dead > 300
    # Every check that applies catches some dead square here (so these tests can fail).
    expected = [c for c in CHECKS if c != "rule" and (c != "quarter" or rules.diagonals)]
    assert all(fired[check] > 0 for check in expected), fired


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
@settings(max_examples=150)
@given(seed=st.integers(0, 10**9), keep=st.floats(0.0, 1.0))
def test_parts_of_finished_squares_pass_every_check(rules: Rules, seed: int, keep: float) -> None:
    rng = random.Random(seed)
    finished = rng.choice(finished_squares(rules))
    values = [v if rng.random() < keep else -1 for v in finished.values]
    assert check_square(Square.from_values(values), rules) == ()


@given(square=partial_squares())
def test_a_rule_breaking_square_is_reported(square: Square) -> None:
    rules = Rules()
    violations = check_rule(square, rules)
    assert bool(violations) == (not rules.is_valid(square))
    if violations:
        assert not is_completable(square, rules)
        assert explain(square, rules).violations == violations


# --- each check against its definition ------------------------------------------------------------


def _legal(square: Square, rules: Rules) -> set[tuple[int, int]]:
    return set(rules.legal_placements(square))


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_rule_checks_match_their_definitions(rules: Rules) -> None:
    for square in played(rules)[::4]:
        legal = _legal(square, rules)
        empty = square.empty_cells()
        unplaced = [int(card) for card in square.unplaced()]
        cells = {v.cells[0] for v in check_cells(square, rules)}
        assert cells == {c for c in empty if not any((c, v) in legal for v in unplaced)}
        cards = {int(v.cards[0]) for v in check_cards(square, rules)}
        assert cards == {v for v in unplaced if not any((c, v) in legal for c in empty)}
        expected_lines = set()
        for line in rules.lines:
            for attribute, of in (("rank", _rank), ("suit", _suit)):
                present = {of(square.values[c]) for c in line.cells if square.values[c] != -1}
                for symbol in set(range(4)) - present:
                    if not any(c in line.cells and of(v) == symbol for c, v in legal):
                        expected_lines.add((line, attribute, symbol))
        found = {(v.lines[0], v.attribute, v.symbols[0]) for v in check_lines(square, rules)}
        assert found == expected_lines


def _has_distinct_cells(square: Square, rules: Rules) -> bool:
    """Whether the remaining cards can get distinct legal cells (a plain backtracking search)."""
    legal = _legal(square, rules)
    options = {v: {c for c, w in legal if w == v} for v in square.unplaced()}

    def search(cards: list[Card], used: frozenset[int]) -> bool:
        if not cards:
            return True
        card = min(cards, key=lambda v: len(options[v] - used))
        rest = [v for v in cards if v != card]
        return any(search(rest, used | {cell}) for cell in options[card] - used)

    return search(list(options), frozenset())


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_matching_check_matches_a_search_and_names_a_hall_violator(rules: Rules) -> None:
    fired = 0
    for square in played(rules)[::3]:
        violations = check_matching(square, rules)
        assert bool(violations) == (not _has_distinct_cells(square, rules))
        if not violations:
            continue
        fired += 1
        (violation,) = violations
        legal = _legal(square, rules)
        if violation.kind == "cards":
            neighbours = {c for c, v in legal if v in violation.cards}
            assert neighbours == set(violation.cells)
            assert len(violation.cells) < len(violation.cards)
        else:
            neighbours = {v for c, v in legal if c in violation.cells}
            assert neighbours == set(violation.cards)
            assert len(violation.cards) < len(violation.cells)
    assert fired > 50


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_matching_is_stronger_than_the_cell_and_card_checks(rules: Rules) -> None:
    for square in played(rules)[::3]:
        if check_cells(square, rules) or check_cards(square, rules):
            assert check_matching(square, rules)


def _facing(kind: str, first: int, second: int) -> bool:
    """Whether two cells face each other across two rows (same column) or columns (same row)."""
    return first % 4 == second % 4 if kind == "row" else first // 4 == second // 4


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_euler_witnesses_are_real(rules: Rules) -> None:
    kinds = set()
    for square in played(rules):
        for violation in check_euler(square, rules):
            kinds.add(violation.kind)
            _check_euler_witness(square, rules, violation)
    assert kinds == {"broken", "blocked"}


def _check_euler_witness(square: Square, rules: Rules, violation: Violation) -> None:
    first, second = violation.lines
    assert first.kind == second.kind and first.kind in ("row", "column")
    values = square.values
    if violation.kind == "broken":
        a1, b1, a2, b2 = violation.cells
        assert {a1, a2} <= set(first.cells) and {b1, b2} <= set(second.cells)
        assert _facing(first.kind, a1, b1) and _facing(first.kind, a2, b2) and a1 != a2
        assert violation.cards == tuple(Card(values[c]) for c in violation.cells)
        symbol = _rank if violation.attribute == "rank" else _suit
        p1, p2 = (symbol(values[a1]), symbol(values[b1])), (symbol(values[a2]), symbol(values[b2]))
        assert violation.pairs == (p1, p2)
        assert len(set(p1) & set(p2)) == 1, "two pairs that share one symbol break the swaps"
        return
    # blocked: every pairing the filled opposite cells still allow fails somewhere.
    allowed = {}
    for attribute, symbol in (("rank", _rank), ("suit", _suit)):
        seen = set()
        for a, b in zip(first.cells, second.cells, strict=True):
            if values[a] != -1 and values[b] != -1:
                seen.add(symbol(values[a]) ^ symbol(values[b]))
        allowed[attribute] = seen or {1, 2, 3}
    combos = {(b.rank_swap, b.suit_swap) for b in violation.blocked}
    assert combos == set(itertools.product(allowed["rank"], allowed["suit"]))
    assert len(combos) == len(violation.blocked)
    for blocked in violation.blocked:
        assert values[blocked.cell] == -1 and values[blocked.opposite] != -1
        assert _facing(first.kind, blocked.cell, blocked.opposite)
        assert {blocked.cell, blocked.opposite} <= set(first.cells) | set(second.cells)
        flip = 4 * blocked.rank_swap + blocked.suit_swap
        assert blocked.card == values[blocked.opposite] ^ flip
        assert not rules.is_legal(square, blocked.cell, blocked.card)
        holder = blocked.blocker
        assert holder is not None and values[holder] != -1
        card = Card(values[holder])
        assert card == blocked.card or (
            any(holder in line.cells for line in rules.lines_through(blocked.cell))
            and (card.rank == blocked.card.rank or card.suit == blocked.card.suit)
        )


def test_quarter_check_with_and_without_diagonals() -> None:
    rules = Rules(diagonals=True)
    fired = 0
    for square in played(rules):
        violations = check_quarters(square, rules)
        assert check_quarters(square, Rules()) == ()
        for violation in violations:
            fired += 1
            cells = QUARTERS[violation.quarter or 0]
            assert set(violation.cells) <= set(cells)
            symbol = _rank if violation.attribute == "rank" else _suit
            if violation.kind == "twice":
                held = [symbol(square.values[c]) for c in violation.cells]
                assert len(held) >= 2 and set(held) == set(violation.symbols)
            else:
                legal = _legal(square, rules)
                assert not any(c in cells and symbol(v) == violation.symbols[0] for c, v in legal)
    assert fired > 50


# --- sentences ------------------------------------------------------------------------------------


def test_sentences_name_things_as_players_do() -> None:
    expert = Rules(diagonals=True)
    (line,) = check_lines(Square("1JH2/JS3/4/4"), expert)[:1]
    assert line.text_en.startswith("The anti-diagonal can no longer get a Jack")
    assert line.text_de.startswith("Die Nebendiagonale kann keinen Buben mehr bekommen")
    (main,) = [v for v in check_lines(Square("4/4/JS3/1AS2"), expert) if v.lines[0].index == 0]
    assert main.text_en.startswith("The main diagonal can no longer get a Spade")
    assert main.text_de.startswith("Die Hauptdiagonale kann kein Pik mehr bekommen")
    cell = check_cells(Square("AC2JS/3KH/4/QD3"))[0]
    assert "Zeile 2, Spalte 1" in cell.text_de and "row 2, column 1" in cell.text_en
    (card,) = check_cards(Square("4/1KD1QH/2QC1/QS3"))
    assert card.text_de.startswith("Karo-Dame") and card.text_en.startswith("Q♦")
    (rule,) = check_rule(Square("AS1KS1/4/4/4"))
    assert "Pik-Ass" in rule.text_de and "Pik-König" in rule.text_de and "Zeile 1" in rule.text_de
    for violation in check_euler(Square("4/ASJD2/4/KHQS2")):
        assert "Euler" in violation.text_en and "Eulers Falle" in violation.text_de
        assert violation.text("de") == violation.text_de and str(violation) == violation.text_en


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_every_violation_has_sentences(rules: Rules) -> None:
    for square in played(rules)[::7]:
        for violation in check_square(square, rules):
            assert violation.text_en.endswith(".") and violation.text_de.endswith(".")
            assert violation.text_en[0].isupper() or violation.text_en[0] in "AKQJ"
            data = violation.to_dict()
            assert data["check"] == violation.check and data["text"] == {"en": violation.text_en}
            assert Violation.from_dict(data, square, rules) == violation
            if not violation.blocked:  # without the square, a blocked witness lacks its cards
                assert Violation.from_dict(data) == violation


# --- exact status and repairs ---------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_repairs_are_the_smallest_and_all_of_them(rules: Rules) -> None:
    dead = [s for s in played(rules) if not is_completable(s, rules)][::3]
    assert len(dead) > 100
    needed = set()
    for square in dead:
        found = repairs(square, rules)
        assert [r.cells for r in found] == brute_repairs(square, rules, frozenset())
        for repair in found:
            revived = square
            for cell, card in zip(repair.cells, repair.cards, strict=True):
                assert square[cell] == card
                revived = revived.remove(cell)
            assert repair.completions == count_completions(revived, rules) > 0
        needed.add(len(found[0].cells))
    assert needed >= {1, 2}


@settings(max_examples=120)
@given(square=partial_squares(max_cards=9), data=st.data())
def test_repairs_of_any_square_with_locked_cells(square: Square, data: st.DataObject) -> None:
    rules = Rules(diagonals=data.draw(st.booleans()))
    placed = [c for c in range(16) if square.values[c] != -1]
    locked = frozenset(data.draw(st.lists(st.sampled_from(placed), max_size=3)) if placed else [])
    found = repairs(square, rules, locked=locked)
    expected = brute_repairs(square, rules, locked)
    base = Square.from_values([v if c in locked else -1 for c, v in enumerate(square.values)])
    if not is_completable(base, rules):
        assert found == () and expected == []
        assert explain(square, rules, locked=locked).takebacks_needed is None
        return
    assert [r.cells for r in found] == expected
    assert all(not set(r.cells) & locked for r in found)
    if is_completable(square, rules):
        assert [r.cells for r in found] == [()]


@pytest.mark.parametrize("rules", BOTH, ids=IDS)
def test_explain_gives_the_exact_status(rules: Rules) -> None:
    for square in played(rules)[::11]:
        explanation = explain(square, rules)
        count = count_completions(square, rules)
        assert explanation.completions == count
        assert explanation.completable == (count > 0)
        assert explanation.status == (
            "dead" if not count else "finished" if square.is_full() else "live"
        )
        if count:
            assert explanation.violations == () and explanation.takebacks_needed == 0
        else:
            assert explanation.takebacks_needed == len(explanation.repairs[0].cells) > 0
    finished = finished_squares(rules)[0]
    assert explain(finished, rules).status == "finished"


def test_explain_text() -> None:
    text = explain(Square("AS1KS1/4/4/4")).text()
    assert text.splitlines()[0] == (
        "The square is dead: no finished square extends it (rows and columns)."
    )
    assert "Take back 1 card to revive it:" in text
    assert "Take back A♠ (row 1, column 1): 432 completions." in text
    live = explain(Square("AC3/1JS2/1AH1QD/4"), Rules()).text("de")
    assert live == (
        "Das Quadrat lässt sich noch fertigstellen: 1 Vervollständigung (Zeilen und Spalten)."
    )


# --- errors ---------------------------------------------------------------------------------------


def test_errors_say_what_is_wrong() -> None:
    with pytest.raises(UnsupportedError, match="order 4"):
        check_square(Square.empty(3), Rules(order=3))
    with pytest.raises(NotationError, match="unknown check 'magic'"):
        check_square(Square(), checks=["magic"])  # type: ignore[list-item]
    with pytest.raises(NotationError, match=r"locked cell row 1, column 2 .* is empty"):
        repairs(Square("AS3/4/4/4"), locked=[1])
    with pytest.raises(NotationError, match="expected a Square"):
        explain("AS3/4/4/4")  # type: ignore[arg-type]
