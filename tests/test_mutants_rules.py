"""Facts about the rules that mutation testing showed no other test pinned down.

The lines at every small order against their definition, the JSON form and its errors, the
sentences and dictionaries of conflicts and illegal placements, and the placement messages at an
order other than 4.
"""

from __future__ import annotations

import pytest

from officers import Card, IllegalPlacementError, NotationError, Rules, Square
from officers.euler.rules import Conflict, Illegal, rules_for


def lines_by_definition(order: int, diagonals: bool) -> list[tuple[str, set[int]]]:
    """Each line as (name, cells), written out from the rule's wording."""
    cells = [(row, column) for row in range(order) for column in range(order)]
    lines = [(f"row {r + 1}", {order * i + j for i, j in cells if i == r}) for r in range(order)]
    lines += [
        (f"column {c + 1}", {order * i + j for i, j in cells if j == c}) for c in range(order)
    ]
    if diagonals:
        lines.append(("the main diagonal", {order * i + j for i, j in cells if i == j}))
        lines.append(("the anti-diagonal", {order * i + j for i, j in cells if i + j == order - 1}))
    return lines


@pytest.mark.parametrize("diagonals", [False, True])
@pytest.mark.parametrize("order", [1, 2, 3, 4, 5, 6, 7])
def test_lines_agree_with_their_definition(order: int, diagonals: bool) -> None:
    rules = Rules(order=order, diagonals=diagonals)
    expected = lines_by_definition(order, diagonals)
    assert [(line.name, set(line.cells)) for line in rules.lines] == expected
    assert all(
        list(line.cells) == sorted(line.cells) or line.kind == "anti-diagonal"
        for line in rules.lines
    )
    for cell in range(order * order):
        through = [(line.name, set(line.cells)) for line in rules.lines_through(cell)]
        assert through == [line for line in expected if cell in line[1]]


def test_the_anti_diagonal_runs_from_the_top_right() -> None:
    (anti,) = [
        line for line in Rules(order=5, diagonals=True).lines if line.kind == "anti-diagonal"
    ]
    assert anti.cells == (4, 8, 12, 16, 20)
    assert anti.index == 1


def test_describe() -> None:
    assert Rules().describe() == "rows and columns"
    assert Rules(diagonals=True).describe() == "rows, columns and diagonals"


# --- JSON ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(diagonals=True), Rules(order=7), Rules(order=1, diagonals=True)]
)
def test_json_round_trips(rules: Rules) -> None:
    assert rules.to_dict() == {"order": rules.order, "diagonals": rules.diagonals}
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_json(rules.to_json()) == rules
    assert Rules.from_json(rules.to_json(indent=2)) == rules
    assert "\n" in rules.to_json(indent=2)


def test_json_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"order": 5}) == Rules(order=5)
    assert Rules.from_dict({"diagonals": True}) == Rules(diagonals=True)
    assert Rules.from_json('{"diagonals": true}') == Rules(diagonals=True)


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ([4], 'expected an object with "order" and "diagonals"'),
        ({"order": 4, "size": 4}, 'expected an object with "order" and "diagonals"'),
        ({"Order": 4}, 'expected an object with "order" and "diagonals"'),
        ({"order": "4"}, '"order" is an int and "diagonals" a bool'),
        ({"order": True}, '"order" is an int and "diagonals" a bool'),
        ({"order": 4.0}, '"order" is an int and "diagonals" a bool'),
        ({"diagonals": 1}, '"order" is an int and "diagonals" a bool'),
        ({"order": 5, "diagonals": "yes"}, '"order" is an int and "diagonals" a bool'),
    ],
)
def test_bad_json_rules(data: object, why: str) -> None:
    with pytest.raises(NotationError) as caught:
        Rules.from_dict(data)  # type: ignore[arg-type]
    assert str(caught.value) == f"cannot read rules {data!r}: {why}"


def test_bad_json_text() -> None:
    with pytest.raises(NotationError) as caught:
        Rules.from_json('{"order": 4,')
    assert str(caught.value).startswith("cannot read rules '{\"order\": 4,': ")
    with pytest.raises(NotationError) as caught:
        Rules.from_json('{"order": 0}')
    assert str(caught.value) == "the order of a square is a whole number >= 1, got 0"


# --- conflicts and illegal placements ----------------------------------------------------


def test_conflicts_name_their_attribute_and_read_as_sentences() -> None:
    conflicts = Rules().conflicts(Square("AS1KS1/4/4/AH3"))
    assert [(c.line.name, c.attribute, c.symbol, c.cells) for c in conflicts] == [
        ("row 1", "suit", 0, (0, 2)),
        ("column 1", "rank", 0, (0, 12)),
    ]
    suit, rank = conflicts
    assert str(suit) == suit.text("en") == suit.text()
    assert str(suit) == "row 1 holds two ♠ cards: A♠ at row 1, column 1 and K♠ at row 1, column 3"
    assert str(rank) == "column 1 holds two Aces: A♠ at row 1, column 1 and A♥ at row 4, column 1"
    assert suit.text("de") != suit.text("en")
    assert rank.to_dict() == {
        "line": "column 1",
        "attribute": "rank",
        "symbol": 0,
        "cells": [0, 12],
        "text": str(rank),
    }
    assert isinstance(rank, Conflict)


def test_illegal_reads_as_a_sentence() -> None:
    illegal = Rules().illegal(Square("AC3/4/4/4"), 1, Card.parse("KC"))
    assert isinstance(illegal, Illegal)
    assert (illegal.reason, illegal.where, illegal.held) == ("suit", 0, int(Card.ACE_OF_CLUBS))
    assert (
        str(illegal) == illegal.text("en") == "a ♣ already stands in row 1 (A♣ at row 1, column 1)"
    )
    assert illegal.text("de") != str(illegal)


@pytest.mark.parametrize(
    ("square", "cell", "card", "message"),
    [
        (
            Square("AC3/4/4/4"),
            1,
            Card.ACE_OF_HEARTS,
            "cannot place A♥ on row 1, column 2: an Ace already stands in row 1 "
            "(A♣ at row 1, column 1)",
        ),
        (Square.parse("2Aa2/5/5/5/5", order=5), 7, (0, 3), "cannot place Ad on row 2, column 3: "),
    ],
)
def test_placement_messages_name_the_cell(
    square: Square, cell: int, card: int | tuple[int, int], message: str
) -> None:
    with pytest.raises(IllegalPlacementError) as caught:
        Rules(order=square.order).place(square, cell, card)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    "card", [(True, 0), (0, False), (0, 4), (-1, 0), (0,), (0, 1, 2), 16, True]
)
def test_only_cards_of_the_square_can_be_judged(card: object) -> None:
    with pytest.raises(IllegalPlacementError, match="is not a card of a square of order 4"):
        Rules().illegal(Square(), 0, card)  # type: ignore[arg-type]


# --- arguments ---------------------------------------------------------------------------


@pytest.mark.parametrize("diagonals", ["yes", 1, None])
def test_diagonals_is_a_bool(diagonals: object) -> None:
    with pytest.raises(NotationError) as caught:
        Rules(diagonals=diagonals)  # type: ignore[arg-type]
    assert str(caught.value) == f"diagonals must be True or False, got {diagonals!r}"


@pytest.mark.parametrize("order", [3, 4, 5])
def test_lines_through_every_cell_and_no_other(order: int) -> None:
    rules = Rules(order=order)
    assert all(len(rules.lines_through(cell)) == 2 for cell in range(order * order))
    for cell in (-1, order * order):
        with pytest.raises(IndexError) as caught:
            rules.lines_through(cell)
        assert str(caught.value) == (
            f"there is no cell {cell} in a square of order {order} (cells are 0-{order * order - 1})"
        )
    for cell in ("1", True, 1.0):
        with pytest.raises(TypeError) as error:
            rules.lines_through(cell)  # type: ignore[arg-type]
        assert str(error.value) == f"a cell is an int, got {cell!r}"


def test_rules_for_checks_its_arguments() -> None:
    assert rules_for(Square.empty(5), None) == Rules(order=5)
    assert rules_for(Square(), None) == Rules()
    expert = Rules(diagonals=True)
    assert rules_for(Square(), expert) is expert
    with pytest.raises(NotationError) as caught:
        rules_for("4/4/4/4", None)  # type: ignore[arg-type]
    assert str(caught.value) == "expected a Square, got '4/4/4/4' (read text with Square(text))"
    with pytest.raises(NotationError) as caught:
        rules_for(Square(), {"order": 4})  # type: ignore[arg-type]
    assert str(caught.value) == "expected Rules, got {'order': 4}"


# --- lines, conflicts and illegal placements are values ------------------------------------


def test_a_line_is_a_value() -> None:
    import pickle

    from officers.euler.rules import Line

    row = Line("row", 0, (0, 1, 2, 3))
    assert (row.kind, row.index, row.cells) == ("row", 0, (0, 1, 2, 3))
    assert row == Rules().lines[0] and hash(row) == hash(Rules().lines[0])
    assert row != Line("row", 1, (0, 1, 2, 3)) and row != Line("column", 0, (0, 1, 2, 3))
    assert row != Line("row", 0, (0, 1, 2))
    assert (row == (0, 1, 2, 3)) is False
    assert repr(row) == "Line(kind='row', index=0, cells=(0, 1, 2, 3))"
    assert pickle.loads(pickle.dumps(row)) == row
    assert len({row, Line("row", 0, (0, 1, 2, 3)), Rules().lines[1]}) == 2
    with pytest.raises(AttributeError) as caught:
        del row.kind
    assert str(caught.value) == "cannot delete field 'kind'"
    with pytest.raises(AttributeError) as caught:
        row.kind = "column"  # type: ignore[misc]
    assert str(caught.value) == "cannot assign to field 'kind'"


def test_conflicts_and_illegal_placements_are_values() -> None:
    import pickle

    square = Square("AS1AH1/4/4/4")
    conflict = Rules().conflicts(square)[0]
    assert conflict == Rules().conflicts(Square("AS1AH1/4/4/4"))[0]
    assert conflict != Rules(diagonals=True).conflicts(Square("AS1AH1/1KS2/4/4"))[-1]
    assert pickle.loads(pickle.dumps(conflict)) == conflict
    assert repr(conflict).startswith(
        "Conflict(line=Line(kind='row', index=0, cells=(0, 1, 2, 3)), "
    )
    illegal = Rules().illegal(Square("AC3/4/4/4"), 4, Card.parse("AH"))
    assert illegal == Rules().illegal(Square("AC3/4/4/4"), 4, Card.parse("AH"))
    assert illegal != Rules().illegal(Square("AC3/4/4/4"), 4, Card.parse("AD"))
    assert hash(illegal) == hash(Rules().illegal(Square("AC3/4/4/4"), 4, Card.parse("AH")))
    assert pickle.loads(pickle.dumps(illegal)) == illegal


def test_rules_differ_in_the_order_and_in_the_diagonals() -> None:
    assert Rules(order=5) != Rules() and Rules(diagonals=True) != Rules()
    assert Rules(order=5, diagonals=True) != Rules(order=4, diagonals=True)
    assert Rules(order=5) == Rules(order=5, diagonals=False)
    assert len({Rules(order=n, diagonals=d) for n in range(1, 6) for d in (False, True)}) == 10


def test_each_illegal_placement_names_its_cell() -> None:
    square = Square("AC3/4/4/4")
    rules = Rules()
    taken = rules.illegal(square, 0, Card.parse("KH"))
    placed = rules.illegal(square, 5, Card.parse("AC"))
    rank = rules.illegal(square, 4, Card.parse("AH"))
    suit = rules.illegal(square, 1, Card.parse("KC"))
    assert [(i.reason, i.cell, i.where) for i in (taken, placed, rank, suit)] == [  # type: ignore[union-attr]
        ("taken", 0, 0),
        ("placed", 5, 0),
        ("rank", 4, 0),
        ("suit", 1, 0),
    ]
    assert rank is not None and rank.text() == str(rank) == rank.text("en")
    with pytest.raises(IllegalPlacementError) as caught:
        rules.illegal(square, True, Card.parse("KH"))  # type: ignore[arg-type]
    assert str(caught.value) == "there is no cell True in a square of order 4 (cells are 0-15)"


def test_show_writes_letters_up_to_order_26() -> None:
    from officers.euler.rules import show

    assert [show(v, 5) for v in (0, 6, 24)] == ["Aa", "Bb", "Ee"]
    assert show(27, 26) == "Bb" and show(675, 26) == "Zz"
    assert show(28, 27) == "(1, 1)"


def test_rules_judge_squares_of_their_order_only() -> None:
    with pytest.raises(TypeError) as caught:
        Rules().check_square("AC3/4/4/4")  # type: ignore[arg-type]
    assert str(caught.value) == "expected a Square, got 'AC3/4/4/4' (read text with Square(text))"
    with pytest.raises(ValueError) as caught:
        Rules(order=3).check_square(Square())
    assert str(caught.value) == (
        "rules of order 3 cannot judge a square of order 4 (Square('4/4/4/4'))"
    )
