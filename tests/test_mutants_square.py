"""Facts about squares and cells that mutation testing showed no other test pinned down.

The bounds of each reader (cell indexes, the length of a cell text, order 26 as the last order
with a text notation), the defaults, the pictures above order 26, and the whole message of each
error (frontends show them as they are).
"""

from __future__ import annotations

import json

import pytest

from officers import Card, IllegalPlacementError, NotationError, Square
from officers.euler.square import MAX_TEXT_ORDER, parse_cell

# --- cells ---------------------------------------------------------------------------------


@pytest.mark.parametrize("order", [1, 4, 5])
def test_every_cell_index_reads_as_itself(order: int) -> None:
    cells = range(order * order)
    assert [parse_cell(cell, order) for cell in cells] == list(cells)
    assert [parse_cell(str(cell), order) for cell in cells] == list(cells)
    assert [
        parse_cell(f"r{cell // order + 1}c{cell % order + 1}", order) for cell in cells
    ] == list(cells)


@pytest.mark.parametrize("order", [1, 4, 5])
def test_the_first_index_past_the_square_is_refused(order: int) -> None:
    last = order * order - 1
    with pytest.raises(NotationError) as caught:
        parse_cell(last + 1, order)
    assert str(caught.value) == f"cannot read cell {last + 1}: expected 0-{last}"
    with pytest.raises(NotationError) as caught:
        parse_cell(str(last + 1), order)
    assert str(caught.value) == (
        f"cannot read cell '{last + 1}': expected 'rRcC' such as 'r3c2' (row 3, column 2) "
        f"or an index 0-{last}"
    )
    with pytest.raises(NotationError, match="expected 0-"):
        parse_cell(-1, order)


@pytest.mark.parametrize("value", [True, False, 1.0, None])
def test_a_cell_is_an_int_or_a_text(value: object) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cell(value)  # type: ignore[arg-type]
    assert str(caught.value) == f"cannot read cell {value!r}: expected a name such as 'r3c2'"


def test_a_cell_text_may_be_32_characters_long() -> None:
    for name, cell in (("r3c2", 9), ("15", 15)):
        padded = name.center(32)
        assert parse_cell(padded) == cell
        with pytest.raises(NotationError, match="expected 'rRcC'"):
            parse_cell(padded + " ")


# --- reading squares: the cells ------------------------------------------------------------


def test_defaults_are_order_4() -> None:
    assert Square.empty() == Square() == Square("4/4/4/4")
    assert Square.empty().order == 4
    assert Square.parse("AS3/4/4/4") == Square("AS3/4/4/4")
    assert Square.parse("AS3/4/4/4").order == 4


def test_a_square_rejects_cells_it_has_not() -> None:
    square = Square()
    with pytest.raises(IndexError) as caught:
        square[16]
    assert str(caught.value) == "there is no cell 16 in a square of order 4 (cells are 0-15)"
    with pytest.raises(
        IndexError, match=r"there is no cell 25 in a square of order 5 \(cells are 0-24\)"
    ):
        Square.empty(5).pair_at(25)
    for cell in ("1", True, 1.0):
        with pytest.raises(TypeError) as error:
            square[cell]  # type: ignore[index]
        assert str(error.value) == f"a cell is an int, got {cell!r}"


def test_pair_at_reads_empty_and_filled_cells() -> None:
    square = Square.parse("Ab4/5/5/5/5", order=5)
    assert square.pair_at(0) == (0, 1)
    assert [square.pair_at(cell) for cell in range(1, 25)] == [None] * 24


@pytest.mark.parametrize("method", ["__getitem__", "placed", "unplaced"])
def test_cards_only_at_order_4(method: str) -> None:
    square = Square.empty(5)
    args = (0,) if method == "__getitem__" else ()
    use = "pair_at()" if method == "__getitem__" else "values"
    with pytest.raises(TypeError) as caught:
        getattr(square, method)(*args)
    assert str(caught.value) == f"square of order 5 holds pairs, not cards: use {use}"


@pytest.mark.parametrize(
    ("order", "cell", "where"), [(4, 0, "row 1, column 1"), (5, 7, "row 2, column 3")]
)
def test_taking_back_from_an_empty_cell(order: int, cell: int, where: str) -> None:
    with pytest.raises(IllegalPlacementError) as caught:
        Square.empty(order).remove(cell)
    assert str(caught.value) == f"cannot take back from {where}: the cell is empty"


# --- order 26, the last with a text notation ---------------------------------------------


def test_order_26_has_a_notation_and_27_has_none() -> None:
    last = Square.empty(MAX_TEXT_ORDER).place(0, (25, 25))
    assert last.notation() == "Zz25/" + "/".join(["26"] * 25)
    assert Square.parse(last.notation(), order=26) == last
    assert repr(last) == f"Square.parse({last.notation()!r}, order=26)"
    assert last.to_dict()["notation"] == last.notation()
    assert Square.from_dict(last.to_dict()) == last
    beyond = Square.empty(27).place(1, (0, 1))
    with pytest.raises(NotationError) as caught:
        beyond.notation()
    assert (
        str(caught.value) == "squares of order 27 have no text notation (at most 26): use to_json()"
    )
    assert "notation" not in beyond.to_dict()
    assert repr(beyond).startswith("Square.from_values([-1, 1, -1, ")
    assert eval(repr(beyond), {"Square": Square}) == beyond


def test_pictures_at_orders_26_and_27() -> None:
    assert Square.empty(MAX_TEXT_ORDER).place(0, (1, 2)).picture().splitlines()[0] == " ".join(
        ["Bc"] + ["··"] * 25
    )
    picture = Square.empty(27).place(1, (0, 1)).picture().splitlines()
    # 729 cells: an empty cell is as wide as the largest cell number, three dots.
    assert picture[0] == " ".join(["...", "(0, 1)"] + ["..."] * 25)
    assert picture[1:] == [" ".join(["..."] * 27)] * 26


def test_to_json_passes_its_options_on() -> None:
    square = Square("AC3/4/4/4")
    assert square.to_json(indent=2) == json.dumps(square.to_dict(), indent=2)
    assert "\n" in square.to_json(indent=2)
    assert Square.from_json(square.to_json(indent=2)) == square


# --- runs of empty cells --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("run", "shown"),
    [("5", "5"), ("123456789012", "123456789012"), ("1234567890123", "123456789...")],
)
def test_a_long_run_is_quoted_cut(run: str, shown: str) -> None:
    text = f"{run}/4/4/4"
    with pytest.raises(NotationError) as caught:
        Square(text)
    assert str(caught.value) == (
        f"cannot read square {text!r}: row 1 has a run of {shown} empty cells, expected at most 4"
    )


# --- JSON -----------------------------------------------------------------------------------


def test_from_dict_takes_objects_only() -> None:
    with pytest.raises(NotationError) as caught:
        Square.from_dict([1, 2])  # type: ignore[arg-type]
    assert str(caught.value) == "cannot read square [1, 2]: expected a JSON object"
    square = Square("AC3/1JS2/1AH1QD/4")
    assert Square.from_dict(square.to_dict()) == square
    assert Square.from_dict({"cells": square.to_dict()["cells"]}) == square


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ("[1, 2]", "expected an object"),
        ("{", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
        ("[" * 100_000, "nested too deeply"),
        ('{"order": 4}', "expected 'cells' or 'notation'"),
        ('{"cells": [null]}', "'cells' must be a list of 16"),
        (
            '{"notation": "AS3/4/4/4", "cells": ["AH", ' + ", ".join(["null"] * 15) + "]}",
            "'notation' and 'cells' disagree ('AS3/4/4/4' against 'AH3/4/4/4')",
        ),
        (
            '{"cells": ["XX", ' + ", ".join(["null"] * 15) + "]}",
            "cell 0: cannot read card 'XX': unknown rank 'X' (expected ranks A K Q J, German D B)",
        ),
        (
            '{"cells": [7, ' + ", ".join(["null"] * 15) + "]}",
            "cell 0 holds 7, expected null, a card such as 'AS' or a pair [a, b] with 0 <= a, b < 4",
        ),
        (
            '{"order": 2, "cells": ["AS", null, null, null]}',
            "cell 0 holds 'AS', expected null, a pair [a, b] with 0 <= a, b < 2",
        ),
        (
            '{"order": 5, "cells": [[0, 5]' + ", null" * 24 + "]}",
            "cell 0 holds [0, 5], expected null, a pair [a, b] with 0 <= a, b < 5",
        ),
    ],
)
def test_every_kind_of_bad_json_has_its_message(data: str, why: str) -> None:
    for given in (data, data.encode()):
        with pytest.raises(NotationError) as caught:
            Square.from_json(given)
        cut = repr(given) if len(repr(given)) <= 80 else repr(given)[:77] + "..."
        assert str(caught.value) == f"cannot read square JSON {cut}: {why}"


def test_json_objects_are_quoted_as_given() -> None:
    data = {"order": 4, "cells": [None] * 15}
    with pytest.raises(NotationError) as caught:
        Square.from_json(data)
    assert str(caught.value).startswith("cannot read square JSON {'order': 4, 'cells': [None, ")
    assert str(caught.value).endswith(": 'cells' must be a list of 16")
    good = {"cells": [Card.ACE_OF_SPADES.notation()] + [None] * 15}
    assert Square.from_json(good) == Square("AS3/4/4/4")


def test_hashes_spread() -> None:
    # Equal squares hash equal (the Python protocol); different squares should rarely collide:
    # the sixteen squares of one card have sixteen hashes.
    squares = [Square().place(0, card) for card in Card]
    assert len({hash(square) for square in squares}) == 16
    assert {hash(square) for square in squares} == {hash(Square(s.notation())) for s in squares}


def test_to_svg_draws_this_square_with_the_options() -> None:
    from officers.euler.svg import square_svg

    square = Square("AC3/1JS2/1AH1QD/4")
    assert square.to_svg() == square_svg(square)
    assert square.to_svg(title="Four officers") == square_svg(square, title="Four officers")
    assert square.to_svg(title="Four officers") != square.to_svg()
    assert square.to_svg() != Square().to_svg()


# --- the square notation: spacing, and the message of each refusal ----------------------------


def test_dots_and_runs_of_digits_are_the_same_empty_cells() -> None:
    assert Square("..AC./4/4/4") == Square("2AC1/4/4/4")
    assert Square("..../.AS../4/4") == Square("4/1AS2/4/4")
    assert Square.parse(".Ab/..", order=2) == Square.parse("1Ab/2", order=2)


@pytest.mark.parametrize("spaces", [" ", "  ", "   "])
def test_a_card_may_be_spaced_out(spaces: str) -> None:
    assert Square(f"A{spaces}S 3/4/4/4") == Square("AS3/4/4/4")
    assert Square(f"2 K{spaces}H A{spaces}C/4/4/4") == Square("2KHAC/4/4/4")
    assert Square.parse(f"A{spaces}b 1/2", order=2) == Square.parse("Ab1/2", order=2)


@pytest.mark.parametrize(
    ("text", "order", "message"),
    [
        (
            "4/4/4/4",
            27,
            "squares of order 27 have no text notation (at most 26): use Square.from_json()",
        ),
        (5, 5, "cannot read square 5: expected a string such as 'AC3/1JS2/1AH1QD/4'"),
        ("  ", 3, "cannot read square '  ': it is empty (the empty square is '3/3/3')"),
        ("AC3", 4, "cannot read square 'AC3': it has 1 row, expected 4 separated by '/'"),
        ("2/2", 4, "cannot read square '2/2': it has 2 rows, expected 4 separated by '/'"),
        (
            "Aa Aa 3/5/5/5/5",
            5,
            "cannot read square 'Aa Aa 3/5/5/5/5': Aa stands twice "
            "(row 1, column 1 and row 1, column 2)",
        ),
        (
            "Da2/3/3",
            3,
            "cannot read square 'Da2/3/3': 'Da' at row 1, column 1 is not a cell of order 3 "
            "(expected a letter A-C then a letter a-c)",
        ),
        (
            "3/1Ad1/3",
            3,
            "cannot read square '3/1Ad1/3': 'Ad' at row 2, column 2 is not a cell of order 3 "
            "(expected a letter A-C then a letter a-c)",
        ),
    ],
)
def test_each_refusal_of_the_notation_says_why(text: object, order: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        Square.parse(text, order=order)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_the_squares_of_a_new_index_are_squares(monkeypatch: pytest.MonkeyPatch) -> None:
    from officers import Rules
    from officers.euler.solve.index import CompletionIndex

    monkeypatch.setattr(CompletionIndex, "_cache", {})
    index = CompletionIndex(Rules(diagonals=True))
    squares = index.squares  # made in bulk, without the checks of Square()
    assert len(squares) == 1152
    assert all(type(square) is Square and square.order == 4 for square in squares)
    assert [square.values for square in squares] == list(index.values)
    assert [Square(square.notation()) for square in squares[::50]] == list(squares[::50])


# --- cells at an order other than 4 -------------------------------------------------------


def test_placing_at_order_5_names_the_cells_of_order_5() -> None:
    square = Square.parse("5/2Aa2/5/5/5", order=5)  # Aa on cell 7: row 2, column 3
    with pytest.raises(IllegalPlacementError) as caught:
        square.place(7, (1, 1))
    assert str(caught.value) == "cannot place Bb on row 2, column 3: the cell is taken by Aa"
    with pytest.raises(IllegalPlacementError) as caught:
        square.place(8, (0, 0))
    assert str(caught.value) == (
        "cannot place Aa on row 2, column 4: it is already in the square (row 2, column 3)"
    )
    for cell in (25, True, -1):
        with pytest.raises(IllegalPlacementError) as caught:
            square.place(cell, (1, 1))
        assert str(caught.value) == (
            f"there is no cell {cell} in a square of order 5 (cells are 0-24)"
        )


def test_a_card_twice_is_shown_with_both_cells_of_its_order() -> None:
    with pytest.raises(NotationError) as caught:
        Square.parse("Aa4/2Aa2/5/5/5", order=5)
    assert str(caught.value) == (
        "cannot read square 'Aa4/2Aa2/5/5/5': Aa stands twice (row 1, column 1 and row 2, column 3)"
    )
    with pytest.raises(NotationError) as caught:
        Square.parse("5/5/1Cd3/5/3Cd1", order=5)
    assert str(caught.value) == (
        "cannot read square '5/5/1Cd3/5/3Cd1': Cd stands twice (row 3, column 2 and row 5, column 4)"
    )


def test_cell_names_check_the_cell() -> None:
    from officers.euler.square import cell_name, describe_cell

    assert describe_cell(24, 5) == "row 5, column 5" and cell_name(24, 5) == "r5c5"
    for name in (describe_cell, cell_name):
        with pytest.raises(ValueError) as caught:
            name(25, 5)
        assert str(caught.value) == "there is no cell 25 in a square of order 5 (cells are 0-24)"
        with pytest.raises(ValueError) as caught:
            name(16)
        assert str(caught.value) == "there is no cell 16 in a square of order 4 (cells are 0-15)"
        for cell in ("3", True, 2.0):
            with pytest.raises(TypeError) as caught:
                name(cell)  # type: ignore[arg-type]
            assert str(caught.value) == f"a cell is an int, got {cell!r}"


# --- squares from values --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ("AC3/4/4/4", "cannot build a square from 'AC3/4/4/4': expected a list of values"),
        ({"a": 1}, "cannot build a square from {'a': 1}: expected a list of values"),
        (5, "cannot build a square from 5: expected a list of values"),
        ([0] * 3, "cannot build a square of order 4 from 3 values [0, 0, 0]: expected 16"),
        (
            [-1] * 20,
            f"cannot build a square of order 4 from more than 16 values {[-1] * 17}: expected 16",
        ),
        (
            [-1] * 15 + [True],
            f"cannot build a square from values {[-1] * 15 + [True]}: "
            "True at cell 15 is not 0-15 or -1",
        ),
        (
            [-1] * 15 + [16],
            f"cannot build a square from values {[-1] * 15 + [16]}: 16 at cell 15 is not 0-15 or -1",
        ),
        (
            [-1] * 15 + [2.0],
            f"cannot build a square from values {[-1] * 15 + [2.0]}: "
            "2.0 at cell 15 is not 0-15 or -1",
        ),
        (
            [0] + [-1] * 14 + [0],
            f"cannot build a square from values {[0] + [-1] * 14 + [0]}: "
            "value 0 stands twice (cells 0 and 15)",
        ),
    ],
)
def test_each_refusal_of_values_says_why(values: object, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        Square.from_values(values)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_values_are_read_up_to_one_past_the_square() -> None:
    import itertools

    with pytest.raises(NotationError) as caught:
        Square.from_values(itertools.count())  # endless: read 17 values, no more
    assert str(caught.value) == (
        f"cannot build a square of order 4 from more than 16 values {list(range(17))}: expected 16"
    )
    with pytest.raises(NotationError) as caught:
        Square.from_values([-1] * 8 + [9], order=3)
    assert str(caught.value) == (
        f"cannot build a square from values {[-1] * 8 + [9]}: 9 at cell 8 is not 0-8 or -1"
    )


def test_seventeen_values_are_not_called_more_than_seventeen() -> None:
    with pytest.raises(NotationError) as caught:
        Square.from_values([-1] * 17)
    assert "more than 17" not in str(caught.value)


@pytest.mark.parametrize(("order", "card", "last"), [(4, 16, 15), (5, 25, 24), (5, "x", 24)])
def test_a_card_not_of_the_square_says_which_cards_are(order: int, card: object, last: int) -> None:
    with pytest.raises(IllegalPlacementError) as caught:
        Square.empty(order).place(0, card)  # type: ignore[arg-type]
    assert str(caught.value) == (
        f"{card!r} is not a card of a square of order {order} (expected a Card, a value "
        f"0-{last} or a pair (a, b) with 0 <= a, b < {order})"
    )


def test_orders_go_from_1_to_256() -> None:
    from officers import UnsupportedError
    from officers.euler.square import MAX_ORDER, check_order

    assert MAX_ORDER == 256 and check_order(256) == 256 and check_order(1) == 1
    with pytest.raises(UnsupportedError) as caught:
        check_order(257)
    assert str(caught.value) == "squares and rules go up to order 256, got 257"
    with pytest.raises(UnsupportedError) as caught:
        check_order(10**80)  # quoted up to 40 characters
    assert str(caught.value) == f"squares and rules go up to order 256, got {'1' + '0' * 36}..."
    for order in (True, 0, 2.0, "4"):
        with pytest.raises(NotationError) as caught:
            check_order(order)
        assert str(caught.value) == f"the order of a square is a whole number >= 1, got {order!r}"


def test_a_value_out_of_range_at_order_3() -> None:
    values = [0, -1, -1, -1, 4, -1, 9, -1, 4]
    with pytest.raises(NotationError) as caught:
        Square.from_values(values, order=3)
    assert str(caught.value) == (
        f"cannot build a square from values {values}: 9 at cell 6 is not 0-8 or -1"
    )
    values[6] = -1
    with pytest.raises(NotationError) as caught:
        Square.from_values(values, order=3)
    assert str(caught.value) == (
        f"cannot build a square from values {values}: value 4 stands twice (cells 4 and 8)"
    )
