"""Reliability: no input can hang the library, exhaust its memory or reach an internal error.

Each class of failure has a regression test named after it (``test_class1_...``), and each
parser a Hypothesis property: it raises nothing but the library's errors, and it round-trips.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import officers
from officers import (
    Card,
    NotationError,
    OfficersError,
    Rules,
    SolverTimeoutError,
    Square,
    parse_cell,
)
from officers.core.errors import InvalidArgumentError, UnsupportedError
from officers.euler.game import GameState, Move
from officers.euler.game_notation import read_fields
from officers.euler.record import GameRecord
from officers.euler.solve import backtrack
from officers.euler.solve.backtrack import BACKTRACK
from officers.euler.square import MAX_ORDER, MAX_TEXT_ORDER, cell_name, describe_cell
from tests.strategies import partial_squares

SHORT = 300
"""No message may be longer than this many characters, whatever the input."""

BIG = "x" * 128_000


def quickly(seconds: float = 1.0) -> _Timer:
    """Within ``seconds`` of wall time: for time limits, which are kept by the clock."""
    return _Timer(seconds, time.perf_counter)


def cheaply(seconds: float = 1.0) -> _Timer:
    """Within ``seconds`` of this process's CPU time: for costs bounded by the input's size,
    which the load of other processes on a shared machine does not change."""
    return _Timer(seconds, time.process_time)


class _Timer:
    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.seconds = seconds
        self.clock = clock

    def __enter__(self) -> None:
        self.start = self.clock()

    def __exit__(self, *exc: object) -> None:
        took = self.clock() - self.start
        assert took < self.seconds, f"took {took:.2f} s"


# --- class 1: bounded cost ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda: Square.parse("", order=10**9),
        lambda: Square.empty(10**9),
        lambda: Square(order=MAX_ORDER + 1),
        lambda: Rules(order=10**6),
        lambda: Square.from_json('{"order": 1000000000, "cells": []}'),
        lambda: Square.from_values(iter(range(10**12)), 4),
    ],
)
def test_class1_huge_orders_are_refused_at_once(make: object) -> None:
    with cheaply(), pytest.raises(ValueError) as info:
        make()  # type: ignore[operator]
    assert isinstance(info.value, OfficersError)
    assert len(str(info.value)) < SHORT


def test_class1_rules_cost_grows_as_the_cells() -> None:
    with cheaply(2.0):
        rules = Rules(order=MAX_ORDER, diagonals=True)
    n = MAX_ORDER
    assert len(rules.lines) == 2 * n + 2
    assert [line.name for line in rules.lines_through(0)] == [
        "row 1",
        "column 1",
        "the main diagonal",
    ]
    assert [line.name for line in rules.lines_through(n - 1)] == [
        "row 1",
        f"column {n}",
        "the anti-diagonal",
    ]


def test_class1_json_nesting_is_a_notation_error() -> None:
    from officers.euler.levels import Level, Variant
    from officers.euler.view import PlayerView

    readers = [Square.from_json, Rules.from_json, Move.from_json, GameState.from_json]
    for read in [*readers, PlayerView.from_json, Level.from_json, Variant.from_json]:
        with pytest.raises(NotationError, match="nested too deeply"):
            read("[" * 100_000)  # type: ignore[operator]


@pytest.mark.parametrize(
    "read",
    [
        lambda: Square(BIG),
        lambda: Square("AS" + BIG + "/4/4/4"),
        lambda: Square.from_json(BIG),
        lambda: Square.from_json('{"cells": "' + BIG + '"}'),
        lambda: Square.from_values([BIG] * 16),
        lambda: Card.parse(BIG),
        lambda: parse_cell(BIG),
        lambda: parse_cell("r" + "1" * 5000 + "c1"),
        # found by the fuzzing campaign (fuzz/):
        lambda: Rules.from_json('{"order": "' + BIG + '"}'),
        lambda: _view(tokens=BIG),
        lambda: _view(others=BIG),
        lambda: _words().read_lang(BIG),
        lambda: _levels().deal(2, BIG),
        lambda: _levels().Level.get(BIG),
        lambda: _levels().Level("normal", BIG, False),
        lambda: Move.parse("AS@" + BIG),
        lambda: GameState.parse("4/4/4/4 normal 1 1 " + BIG + " - - 1"),
    ],
)
def test_class1_messages_quote_a_bounded_excerpt(read: object) -> None:
    with cheaply(), pytest.raises(ValueError) as info:
        read()  # type: ignore[operator]
    assert isinstance(info.value, OfficersError)
    assert len(str(info.value)) < SHORT


def _view(**fields: object) -> object:
    from officers.euler.view import PlayerView

    data = {"square": "AC3/1JS2/1AH1QD/4", "hand": ["KD"], **fields}
    return PlayerView.from_dict(data)


def _words() -> Any:
    import officers.euler.words

    return officers.euler.words


def _levels() -> Any:
    import officers.euler.levels

    return officers.euler.levels


@pytest.mark.parametrize("order", [27, 33, 40, MAX_ORDER])
def test_class1_text_notation_stops_at_26(order: int) -> None:
    with pytest.raises(NotationError, match="no text notation"):
        Square.parse("/".join(["Ab" + str(order - 1)] * order), order=order)
    with pytest.raises(NotationError, match="no text notation"):
        Square.empty(order).notation()
    # JSON carries them instead, both ways
    square = Square.empty(order).place(order, (0, 1))
    assert Square.from_json(square.to_json()) == square


def test_class1_lower_case_is_never_a_first_symbol() -> None:
    n = MAX_TEXT_ORDER
    rest = f"/{n}" * (n - 1)
    for wrong in ("aA", "ab", "AB", "Zz" if n < 26 else "ZA"):
        with pytest.raises(NotationError, match="not a cell"):
            Square.parse(f"{wrong}{n - 1}{rest}", order=n)
    assert Square.parse(f"Za{n - 1}{rest}", order=n).pair_at(0) == (n - 1, 0)


# --- class 2: time limits that protect -------------------------------------------------------

HARD = [
    (Square.empty(6), Rules(order=6)),  # no finished square of order 6: the search is long
    (Square.empty(10), Rules(order=10)),  # exact cover finds one of order 7 in a blink
]


@pytest.mark.parametrize(("square", "rules"), HARD)
def test_class2_backtracker_honours_time_limits(square: Square, rules: Rules) -> None:
    calls = [
        lambda: backtrack.is_completable(square, rules, time_limit=0.3),
        lambda: backtrack.count(square, rules, time_limit=0.3),
        lambda: list(backtrack.completions(square, rules, time_limit=0.3)),
        lambda: BACKTRACK.is_completable(square, rules, time_limit=0.3),
        lambda: BACKTRACK.count(square, rules, time_limit=0.3),
        lambda: list(BACKTRACK.completions(square, rules, time_limit=0.3)),
    ]
    for call in calls:
        with quickly(1.5), pytest.raises(SolverTimeoutError, match=r"unknown: .* after 0\.3 s"):
            call()


def test_class2_timeout_says_what_it_knows() -> None:
    # a deadline that stops the count midway reports a true lower bound
    with pytest.raises(SolverTimeoutError, match=r"at least \d+ completions found") as info:
        backtrack.count(Square.empty(5), Rules(order=5), time_limit=0.5)
    found = int(str(info.value).split("at least ")[1].split()[0])
    total = backtrack.count_finished(Rules(order=5), time_limit=60)  # by symmetry: fast
    assert 0 < found < total == 6_220_800
    assert backtrack.count(Square.empty(5), Rules(order=5), limit=found) == found


def test_class2_count_by_symmetry_reports_the_square_asked() -> None:
    with pytest.raises(SolverTimeoutError, match=r"on '6/6/6/6/6/6' .*by symmetry"):
        BACKTRACK.count(Square.empty(6), Rules(order=6), time_limit=0.3)


def test_class2_completions_time_is_search_time_only() -> None:
    stream = backtrack.completions(Square("AS3/4/4/4"), Rules(), time_limit=0.5)
    first = next(stream)
    time.sleep(0.6)  # the caller's time, not the search's
    assert first != next(stream)


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (0, InvalidArgumentError),
        (-1, InvalidArgumentError),
        (float("nan"), InvalidArgumentError),
        (float("inf"), InvalidArgumentError),
        (10**400, InvalidArgumentError),
        ("2", TypeError),
        (True, TypeError),
        ([1], TypeError),
    ],
)
def test_class2_time_limits_are_validated(bad: object, error: type[Exception]) -> None:
    """A time limit is an argument of the Python API: a wrong type is a TypeError, a number
    out of range an InvalidArgumentError (a ValueError); never a NotationError."""
    for call in (backtrack.is_completable, backtrack.count, backtrack.completions):
        with pytest.raises(error, match="time limit") as raised:
            call(Square(), Rules(), time_limit=bad)  # type: ignore[operator]
        assert not isinstance(raised.value, NotationError)
    facade = (
        officers.is_completable,
        officers.count_completions,
        officers.completions,
        officers.safe_placements,
        officers.finished_squares,
        officers.count_finished_squares,
    )
    for method in ("index", "backtrack"):  # the index answers at once, and checks it too
        for call in facade:
            first = () if call.__name__.endswith("finished_squares") else (Square("AS3/4/4/4"),)
            with pytest.raises(error, match="time limit"):
                call(*first, method=method, time_limit=bad)  # type: ignore[operator]


def test_class2_backtracker_refuses_orders_it_cannot_hold() -> None:
    order = backtrack.MAX_BACKTRACK_ORDER + 1
    with cheaply(), pytest.raises(ValueError, match="up to order"):
        backtrack.is_completable(Square.empty(order), Rules(order=order), time_limit=1)


def test_class2_cpsat_limit_covers_building_the_model() -> None:
    from officers.euler.solve import cpsat

    with quickly(0.5), pytest.raises(SolverTimeoutError, match="before building its model"):
        cpsat.is_completable(Square.empty(30), Rules(order=30), time_limit=1)
    with quickly(0.5), pytest.raises(ValueError, match="at most 1,000,000"):
        cpsat.is_completable(Square.empty(40), Rules(order=40), time_limit=1)
    with quickly(2.5), pytest.raises(SolverTimeoutError, match="unknown"):
        cpsat.count(Square.empty(20), Rules(order=20), time_limit=1)
    for bad in (0, float("nan"), float("inf"), "1"):
        with pytest.raises((InvalidArgumentError, TypeError), match="time limit"):
            cpsat.count(Square(), Rules(), time_limit=bad)  # type: ignore[arg-type]


# --- class 3: ASCII digits only, with bounds -------------------------------------------------

START = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"
SETUP = f'[Setup "{START}"]\n'
NOT_ASCII = ["²", "①", "٣", "\uff13"]  # superscript, circled, Arabic-Indic, full-width 3


@pytest.mark.parametrize("digit", NOT_ASCII)
def test_class3_only_ascii_digits(digit: str) -> None:
    readers = [
        lambda: parse_cell(digit),
        lambda: parse_cell(f"r{digit}c1"),
        lambda: Square(f"{digit}/4/4/4"),
        lambda: Square.parse(f"{digit}/3/3", order=3),
        lambda: Move.parse(f"AS@r1c{digit}"),
        lambda: Move.parse(f"AS@{digit}"),
        lambda: read_fields(START.replace("hard 0", f"hard {digit}")),
        lambda: read_fields(START.replace("- - 13", f"r1c{digit} - 13")),
        lambda: read_fields(START.replace("- - 13", f"- - 1{digit}")),
        lambda: GameRecord.parse(f'[Tokens "{digit}"]\n{SETUP}').replay(),
        lambda: GameRecord.parse(f'[Seed "{digit}"]\n{SETUP}').replay(),
        lambda: GameRecord.parse(f'[Clock "{digit}"]\n{SETUP}').replay(),
    ]
    for read in readers:
        with pytest.raises(NotationError) as info:
            read()
        assert digit in str(info.value)


@pytest.mark.parametrize("length", [40, 5000, 100_000])
def test_class3_numbers_have_bounded_length(length: int) -> None:
    many = "1" * length
    readers = [
        lambda: parse_cell(many),
        lambda: parse_cell(f"r{many}c1"),
        lambda: Square(f"{many}/4/4/4"),
        lambda: Move.parse(f"AS@{many}"),
        lambda: read_fields(START.replace("- - 13", f"- - {many}")),
        lambda: read_fields(START.replace("hard 0", f"hard {many}")),
        lambda: GameRecord.parse(f'[Tokens "{many}"]\n{SETUP}').replay(),
        lambda: GameRecord.parse(f'[Seed "{many}"]\n{SETUP}').replay(),
    ]
    for read in readers:
        with cheaply(), pytest.raises(NotationError) as info:
            read()
        assert len(str(info.value)) < SHORT


def test_class3_record_headers_read_in_linear_time() -> None:
    megabyte = 1_000_000
    with cheaply(2.0):
        record = GameRecord.parse('[A "b"]\n' * (megabyte // 8) + SETUP + "13. JH@r1c4 *")
    assert len(record.headers) == megabyte // 8 + 1
    with cheaply(2.0):
        assert len(GameRecord.parse(f'[A "{"b" * megabyte}"]\n{SETUP}').header["A"]) == megabyte
    for text in ('[A "' + "b" * megabyte, "[" * megabyte, SETUP + "{" * megabyte):
        with cheaply(2.0), pytest.raises(NotationError) as info:
            GameRecord.parse(text)
        assert len(str(info.value)) < SHORT


def test_class3_record_writes_only_what_it_reads_back() -> None:
    state = GameState.parse(START)
    state.push(Move.parse("concede"))
    for bad in ({"My Key": "x"}, {"": "x"}, {"Note": "two\nlines"}, {"Setup": "4/4/4/4"}):
        with pytest.raises(ValueError):
            GameRecord.from_game(state, bad)
    record = GameRecord.from_game(state, {"Event": 'a "quoted" \\ value', "Setup": START})
    again = GameRecord.parse(str(record))
    assert again == record and again.replay() == record.replay()


def test_class3_record_results_and_seeds_are_not_ignored() -> None:
    with pytest.raises(NotationError, match="among the moves"):
        GameRecord.parse(SETUP + "won 13. JH@r1c4")
    with pytest.raises(NotationError, match="Result header"):
        GameRecord.parse(f'[Result "won"]\n{SETUP}13. JH@r1c4 lost')
    conceded = f"{SETUP}13. concede lost"
    assert GameRecord.parse(conceded).replay().outcome() is not None
    assert GameRecord.parse(f'[Result "lost"]\n{conceded}').replay().outcome() is not None
    with pytest.raises(NotationError, match="lost \\(stuck\\)"):
        GameRecord.parse(f'[Result "lost (stuck)"]\n{conceded}').replay()
    with pytest.raises(NotationError, match="Seed '-5'"):
        GameRecord.parse(f'[Seed "-5"]\n{SETUP}').replay()
    assert GameRecord.parse(f'[Seed "5"]\n{SETUP}').replay().seed == 5


# --- class 4: wrong types and out-of-range values from callers ---------------------------------


def test_class4_out_of_range_cells_raise_clear_errors() -> None:
    with pytest.raises(NotationError, match="order"):
        cell_name(5, 0)
    with pytest.raises(ValueError, match="no cell 16"):
        cell_name(16)
    with pytest.raises(ValueError, match="no cell -1"):
        describe_cell(-1)
    with pytest.raises(TypeError, match="a cell is an int"):
        cell_name("r1c1")  # type: ignore[arg-type]
    with pytest.raises(OfficersError, match="no cell 16"):
        Rules().why_illegal(Square(), 16, 0)
    with pytest.raises(OfficersError, match="not a card"):
        Rules().why_illegal(Square(), 0, 16)
    with pytest.raises(IndexError, match="no cell 16"):
        Rules().lines_through(16)


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.tuples(st.integers(-2, 5), st.integers(-2, 5)),
    st.tuples(st.booleans(), st.text(max_size=2)),
    st.lists(st.integers(-2, 16), max_size=17),
    st.builds(object),
)


@settings(max_examples=150, deadline=None)
@given(ANYTHING, st.sampled_from(range(9)))
def test_class4_misuse_raises_clear_errors(value: object, which: int) -> None:
    rules, square = Rules(), Square("AC3/4/4/4")
    calls = [
        lambda: rules.illegal(square, value, 0),  # type: ignore[arg-type]
        lambda: rules.illegal(square, 4, value),  # type: ignore[arg-type]
        lambda: rules.conflicts(value),  # type: ignore[arg-type]
        lambda: rules.is_finished(value),  # type: ignore[arg-type]
        lambda: square.place(value, 5),  # type: ignore[arg-type]
        lambda: square.place(5, value),  # type: ignore[arg-type]
        lambda: Card.from_parts(value, 0),  # type: ignore[arg-type]
        lambda: Square.from_values(value),  # type: ignore[arg-type]
        lambda: cell_name(value),  # type: ignore[arg-type]
    ]
    try:
        calls[which]()
    except (OfficersError, TypeError, ValueError, IndexError) as error:
        text = str(error)
        assert text and len(text) < SHORT
        assert "object has no attribute" not in text and "not supported between" not in text


@settings(max_examples=100, deadline=None)
@given(ANYTHING, st.sampled_from(range(4)))
def test_class4_misuse_of_the_game_and_advice_raises_clear_errors(
    value: object, which: int
) -> None:
    """A wrong argument to a game or an explanation says what was expected: no internal
    message (an attribute, an iteration or a comparison that failed inside) reaches the user."""
    square = Square("AC3/4/4/4")
    calls = [
        lambda: officers.explain(square, locked=[0, value]),  # type: ignore[list-item]
        lambda: officers.euler.repairs(square, locked=[value, 0]),  # type: ignore[list-item]
        lambda: officers.new_game(variant=value),  # type: ignore[arg-type]
        lambda: officers.new_game(start=value),  # type: ignore[arg-type]
    ]
    try:
        calls[which]()
    except (OfficersError, TypeError, ValueError) as error:
        text = str(error)
        assert text and len(text) < SHORT
        for internal in (
            "has no attribute",
            "not supported between",
            "is not iterable",
            "unhashable",
        ):
            assert internal not in text, text


def test_class4_documents_of_the_wrong_shape_are_notation_errors() -> None:
    """JSON that parses but has the wrong shape comes from outside: a NotationError quoting an
    excerpt, never a TypeError (found by the fuzzing campaign)."""
    from officers.euler.game import new_game
    from officers.euler.view import PlayerView

    game = new_game("normal", 2, seed=1).to_dict()
    view = {"square": "AC3/1JS2/1AH1QD/4", "hand": ["KD"], "others": ["QS"]}
    for document, read in [
        ({**game, "end": []}, GameState.from_dict),
        ({**game, "end": {"x": 1}}, GameState.from_dict),
        ({**view, "others": -1}, PlayerView.from_dict),
        ({**view, "hand": 1.5}, PlayerView.from_dict),
        ({**view, "x": "y" * 5000, "hand": 7}, PlayerView.from_dict),
    ]:
        with pytest.raises(NotationError) as raised:
            read(document)  # type: ignore[operator]
        assert len(str(raised.value)) < SHORT


# --- class 8: quirks ---------------------------------------------------------------------------


def test_class8_only_ascii_letters_fold() -> None:
    for text in ("Aſ", "ſS", "AK", "A\u212a", "Aſ3/4/4/4"):
        with pytest.raises(NotationError):
            Card.parse(text) if "/" not in text else Square(text)
    with pytest.raises(NotationError):
        Card.parse("Ace of ſpades")
    with pytest.raises(NotationError):
        Card.parse("\u212aing of Spades")  # the Kelvin sign lower-cases to k
    assert Card.parse("Kreuz-König") == Card.KING_OF_CLUBS


def test_class8_negative_cells_are_not_counted_from_the_end() -> None:
    square = Square("3AS/4/4/4")
    assert square[3] == Card.ACE_OF_SPADES
    for cell in (-1, -16, 16):
        with pytest.raises(IndexError, match=f"no cell {cell}"):
            square[cell]
        with pytest.raises(IndexError):
            square.pair_at(cell)
        with pytest.raises(IndexError):
            square.is_empty(cell)


def test_class8_emoji_suits_read_as_plain_suits() -> None:
    assert Card.parse("A\u2660\ufe0f") == Card.ACE_OF_SPADES
    assert Card.parse("q\u2665\ufe0e") == Card.QUEEN_OF_HEARTS
    assert Square("A\u2660\ufe0f K\u2665\ufe0f 2/4/4/4") == Square("ASKH2/4/4/4")


# --- properties: the readers raise only the library's errors, and round-trip -------------------

TEXT = st.text(
    alphabet=st.sampled_from('AKQJDBSHDCaksdhc♠♥♦♣ſ\ufe0f²①0123456789/. -rRcCofxX@+[]{}":,'),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(TEXT | st.text(max_size=20))
def test_readers_raise_only_library_errors(text: str) -> None:
    for read in (Card.parse, parse_cell, Square, Square.from_json):
        try:
            read(text)  # type: ignore[operator]
        except OfficersError as error:
            assert isinstance(error, ValueError)
            assert len(str(error)) < SHORT


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: partial_squares(order=n)))
def test_square_notation_and_json_round_trip(square: Square) -> None:
    assert Square.parse(square.notation(), order=square.order) == square
    assert Square.from_json(square.to_json()) == square
    for cell in range(len(square)):
        assert parse_cell(cell_name(cell, square.order), square.order) == cell


MOVE_TEXT = st.text(
    alphabet=st.sampled_from("AKQJSHDC♠\ufe0fx@+rc0123456789²① offcncedtim"), max_size=20
)


@settings(max_examples=200, deadline=None)
@given(MOVE_TEXT | st.text(max_size=12))
def test_move_parse_raises_only_library_errors_and_round_trips(text: str) -> None:
    try:
        move = Move.parse(text)
    except OfficersError as error:
        assert isinstance(error, ValueError) and len(str(error)) < SHORT
    else:
        assert Move.parse(move.notation()) == move
        assert Move.parse(move.notation(symbols=True)) == move


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from([*START.split(), "²", "?3", "r1c1,r1c1", "-", "normal+open"]), max_size=10
    )
)
def test_game_fields_raise_only_library_errors(parts: list[str]) -> None:
    try:
        read_fields(" ".join(parts))
    except OfficersError as error:
        assert isinstance(error, ValueError) and len(str(error)) < SHORT


RECORD_PIECES = [
    SETUP,
    '[Seed "7"]\n',
    '[Result "lost (conceded)"]\n',
    '[Bad Key "x"]\n',
    "[",
    "{",
    "}",
    "13.",
    "JH@r1c4",
    "concede",
    "won",
    "lost",
    "*",
    '"',
    "\\",
    " ",
    "\n",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(RECORD_PIECES), max_size=12))
def test_game_record_raises_only_library_errors_and_round_trips(pieces: list[str]) -> None:
    try:
        record = GameRecord.parse("".join(pieces))
        state = record.replay()
    except OfficersError as error:
        assert isinstance(error, ValueError) and len(str(error)) < SHORT
    else:
        again = GameRecord.parse(str(record))
        assert again.moves == record.moves and again.replay() == state


@given(st.sampled_from(list(Card)))
def test_card_round_trips(card: Card) -> None:
    for text in (card.notation(), str(card), str(card) + "\ufe0f", card.name_en(), card.name_de()):
        assert Card.parse(text) == card


def test_class2_the_exact_cover_refuses_at_once_what_would_exhaust_memory() -> None:
    from officers.euler.solve import exact

    for order in (exact.MAX_ORDER + 1, 27):  # a square with givens is first sought by renaming
        with cheaply(2), pytest.raises(UnsupportedError, match=f"up to order {exact.MAX_ORDER}"):
            next(backtrack.cover_completions(Square.empty(order), Rules(order=order)))


def test_class2_building_the_exact_cover_keeps_the_time_limit() -> None:
    from officers.euler.solve import exact

    square = Square.empty(exact.MAX_ORDER).place(0, (0, 1))  # a search, unless renamed
    with quickly(1.5), pytest.raises(SolverTimeoutError, match="unknown"):
        backtrack.count(square, Rules(order=exact.MAX_ORDER), time_limit=0.05)
