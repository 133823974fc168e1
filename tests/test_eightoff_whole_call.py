"""The compiled whole call of the Eight Off solver (:mod:`officers.eightoff._search`'s
``decide``, ``check`` and ``board``, through :mod:`officers.eightoff.accel`) against the Python
code it stands in for.

- ``decide`` (the search, the win by place, its replay and its notation in one call) gives
  :func:`officers.eightoff.solve.solve` the answer of the separate steps: the same status, the
  same moves, states and notation as the compiled search, :func:`~officers.eightoff.solve.
  moves_by_place` and :func:`~officers.eightoff.solve.notation`, deal by deal on every preset.
- ``check`` (the module's replay, written apart from its search) refuses exactly the moves that
  :func:`~officers.eightoff.solve.replay` refuses, at the same move, on wins spoiled at random,
  and says when moves end short of a win.
- ``board`` reads a plain board text as :func:`officers.eightoff.notation.read_board` reads it,
  or leaves it to it (``None``): every word of two or three printable characters put in a
  column, a cell or the foundations, every board that breaks a rule.

The module is optional: these tests skip without it, unless ``OFFICERS_REQUIRE_EXTENSION=1``.
"""

from __future__ import annotations

import os
import random
import string

import pytest

import officers.eightoff.solve as solve_module
from officers.core.errors import NotationError
from officers.eightoff import accel
from officers.eightoff.microsoft import microsoft_deal
from officers.eightoff.notation import board_text, read_board
from officers.eightoff.position import Position
from officers.eightoff.solve import IllegalReplayError, Move, game_of, replay
from officers.eightoff.solve_search import Game
from officers.eightoff.variant import EIGHT_OFF, FREECELL, PRESETS, Deal, Variant

COMPILED = accel.module()
pytestmark = pytest.mark.skipif(
    COMPILED is None and os.environ.get("OFFICERS_REQUIRE_EXTENSION") != "1",
    reason="officers.eightoff._search is not built",
)


def deals(variant: Variant, count: int) -> list[Position]:
    if variant == FREECELL:
        return [microsoft_deal(n) for n in range(1, count + 1)]
    return [Position.numbered(n, variant) for n in range(1, count + 1)]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_decide_answers_as_the_steps_apart(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    positions = deals(PRESETS[name], 25)
    whole = [solve_module.solve_position(p) for p in positions]
    monkeypatch.setattr(solve_module, "compiled_decide", lambda *_, **__: None)
    apart = [solve_module.solve_position(p) for p in positions]
    for one, other in zip(whole, apart, strict=True):
        assert (one.status, one.moves, one.states, one.notation, one.reason) == (
            other.status,
            other.moves,
            other.states,
            other.notation,
            other.reason,
        )
    assert "solvable" in {s.status for s in whole}


def test_decide_says_unsolvable_and_unknown_as_the_steps_apart() -> None:
    lost = Position.numbered(2, PRESETS["bakers-game"])  # the census: lost
    found = solve_module.solve_position(lost)
    assert (found.status, found.moves, found.notation) == ("unsolvable", [], "")
    cut = solve_module.solve_position(Position.numbered(613), max_states=50)
    assert (cut.status, cut.reason, cut.states) == ("unknown", "memory", 50)


def spoiled(moves: list[Move], rng: random.Random) -> list[Move]:
    """A win with one move changed: another count, source or target."""
    spoilt = list(moves)
    k = rng.randrange(len(spoilt))
    source, target, count = spoilt[k]
    what = rng.randrange(4)
    if what == 0:
        spoilt[k] = (source, target, count + rng.choice((-1, 1, 2)))
    elif what == 1:
        spoilt[k] = (source, (rng.choice(("column", "cell")), rng.randrange(10)), count)
    elif what == 2:
        spoilt[k] = ((rng.choice(("column", "cell")), rng.randrange(10)), target, count)
    else:
        spoilt[k], spoilt[-1] = spoilt[-1], spoilt[k]
    return spoilt


def first_refused(position: Position, moves: list[Move]) -> int:
    """The index of the first move :func:`replay` refuses, ``len(moves)`` when they all play
    but do not win, -1 for a win."""
    try:
        after = replay(position.columns, position.cells, position.foundations,
                       position.variant, moves)  # fmt: skip
    except IllegalReplayError as error:
        return int(str(error).split()[1]) - 1
    return -1 if after[2] == (13, 13, 13, 13) else len(moves)


@pytest.mark.parametrize("name", ["eight-off", "freecell", "bakers-game", "seahaven-towers"])
def test_check_refuses_what_replay_refuses(name: str) -> None:
    variant = PRESETS[name]
    rng = random.Random(name)
    game = game_of(variant)
    wins = 0
    for position in deals(variant, 12):
        won = solve_module.solve_position(position)
        if won.status != "solvable":
            continue
        wins += 1
        where = (position.columns, position.cells, position.foundations)
        assert accel.check(game, where, won.moves) == (-1, won.notation)
        short = won.moves[:-1]
        assert (
            accel.check(game, where, short)
            == (len(short), None)
            == (first_refused(position, short), None)
        )
        for _ in range(30):
            moves = spoiled(won.moves, rng)
            refused, written = accel.check(game, where, moves) or (None, None)
            assert refused == first_refused(position, moves)
            assert (written is None) == (refused != -1)
    assert wins >= 9


def test_a_win_the_compiled_replay_refuses_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    position = Position.numbered(1)
    won = solve_module.solve_position(position)
    empty_cell: Move = (("cell", 7), ("foundation", 0), 1)
    for moves, message in (
        ([empty_cell, *won.moves], "move 1 .*: the cell is empty"),  # replay() says why
        (won.moves, "move 1 .*: refused by the rules"),  # replay() plays it: the module's word
    ):

        def refusing(*_: object, moves: list[Move] = moves, **__: object) -> accel.Decision:
            return ("solvable", moves, won.states, None, won.notation, 0)

        monkeypatch.setattr(solve_module, "compiled_decide", refusing)
        with pytest.raises(IllegalReplayError, match=message):
            solve_module.solve_position(position)

    def short(*_: object, **__: object) -> accel.Decision:
        return ("solvable", won.moves[:-1], won.states, None, won.notation, len(won.moves) - 1)

    monkeypatch.setattr(solve_module, "compiled_decide", short)
    with pytest.raises(IllegalReplayError, match="end with cards off"):
        solve_module.solve_position(position)


# -- reading boards --------------------------------------------------------------------------


def python_read(text: str, variant: Variant | None) -> Position | str:
    """read_board's answer without the module: the position, or the error's message."""
    try:
        return read_board(text, variant)
    except NotationError as error:
        return str(error)


def both_read(text: str, variant: Variant | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The module reads ``text`` as read_board does, or leaves it (None); read_board's answer
    is the same with and without the module."""
    with monkeypatch.context() as patch:
        patch.setattr(accel, "read_board", lambda *_, **__: None)
        python = python_read(text, variant)
    shape = variant or EIGHT_OFF
    compiled = accel.read_board(text, shape.columns, shape.cells)
    if compiled is not None:
        assert isinstance(python, Position), (text, python)
        assert compiled == (python.columns, python.cells, python.foundations)
        assert type(compiled[0][0]) is tuple and all(type(c) is int for c in compiled[0][0])
    assert python_read(text, variant) == python


WORDS = sorted(
    {a + b for a in string.printable[:94] for b in "CDHScdhs-*0Aa1xT"}
    | {a + b for a in "A23456789TJQKajqkt1" for b in string.printable[:94]}
    | {"10" + b for b in string.printable[:94]}
    | {a + "0" + b for a in "123456789" for b in "CDHSs"}
)


def test_board_reads_every_card_word_as_read_board(monkeypatch: pytest.MonkeyPatch) -> None:
    text = board_text(Position.numbered(1))
    assert ": 7D " in text and "Freecells:  3H  2S" in text
    column, cell = {}, {}
    for word in WORDS:  # in place of the first card of column 1, and of cell a
        column[word] = text.replace(": 7D ", f": {word} ", 1)
        cell[word] = text.replace("Freecells:  3H", f"Freecells:  {word}", 1)
        both_read(column[word], None, monkeypatch)
        both_read(cell[word], None, monkeypatch)
    read = {w for w in WORDS if accel.read_board(column[w], 8, 8) is not None}
    assert read == {"7D", "7d"} or COMPILED is None
    read = {w for w in WORDS if accel.read_board(cell[w], 8, 8) is not None}
    assert read == {"3H", "3h"} or COMPILED is None


FOUNDATION_WORDS = sorted(
    {s + dash + r for s in "CDHSchsx" for dash in ("", "-", "--", "+") for r in
     ["0", "1", "9", "10", "11", "13", "00", "A", "a", "T", "t", "J", "Q", "K", "k", "X", "", "1A"]}
)  # fmt: skip


def test_board_reads_every_foundation_word_as_read_board(monkeypatch: pytest.MonkeyPatch) -> None:
    won_but_some = "Foundations: H-Q C-K D-K {word}\n" + ": KH\n" * 1 + ": KS QS JS\n"
    two = EIGHT_OFF.replace(columns=2, cells=0, name="two", deal=Deal((26, 26)))
    read = set()
    for word in FOUNDATION_WORDS:
        text = won_but_some.format(word=word)
        both_read(text, two, monkeypatch)
        if accel.read_board(text, 2, 0) is not None:
            read.add(word)
    tens = {s + dash + r for s in "Ss" for dash in ("", "-", "--") for r in ("10", "T", "t")}
    assert read == tens or COMPILED is None


BOARDS = [
    "",
    "Foundations: H-0 C-0 D-0 S-0\n",
    "Variant: freecell\n" + board_text(microsoft_deal(1)),
    board_text(microsoft_deal(1)).replace("JD", "JD JD"),
    board_text(microsoft_deal(1)).replace(": JD", ": 8S JD"),
    board_text(microsoft_deal(1)).replace("Foundations", "Foundations: H-0\nFoundations"),
    board_text(microsoft_deal(1)).replace("Freecells:", "Freecells:\nFreecells:"),
    board_text(microsoft_deal(1)).replace("Freecells:", "Freecells: - - - - -"),
    board_text(microsoft_deal(1)).replace("Freecells:", "FC: -"),
    board_text(microsoft_deal(1)).replace("Foundations:", "foundations:").replace("\n", "\r\n"),
    board_text(microsoft_deal(1)).replace("\n", "\n\t \n"),
    board_text(microsoft_deal(1)).replace("\n", "\x0b"),
    board_text(microsoft_deal(1)).replace(" ", "\u00a0"),
    board_text(microsoft_deal(1)).replace("JD", "J♦"),
    board_text(microsoft_deal(1)) + ":\n",
    board_text(microsoft_deal(1)).replace(": 5H 3H 3C 7S 7D TC\n", ""),
    board_text(microsoft_deal(1)).replace(": ", ""),
    board_text(microsoft_deal(1)).replace("H-0", "H-2"),
    board_text(Position.numbered(1, PRESETS["seahaven-towers"])),
    board_text(Position.numbered(1)).replace("Freecells:", "Freecells:  *"),
    board_text(Position.numbered(1))
    + "eight-off "
    + Position.numbered(1).notation().split(" ", 1)[1],
    Position.numbered(1).notation(),
]


@pytest.mark.parametrize("text", BOARDS, ids=range(len(BOARDS)))
def test_board_reads_boards_as_read_board(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for variant in (None, FREECELL, EIGHT_OFF, PRESETS["seahaven-towers"]):
        both_read(text, variant, monkeypatch)


def test_board_reads_the_deals_of_every_preset() -> None:
    for name, variant in PRESETS.items():
        for position in deals(variant, 20):
            for ten in ("T", "10"):
                text = board_text(position, ten=ten)  # type: ignore[arg-type]
                found = accel.read_board(text, variant.columns, variant.cells)
                assert found == (position.columns, position.cells, position.foundations), name
                assert read_board(text, variant) == position
            aces = "\n".join(  # fc-solve reads 1 as the Ace
                line if line.startswith("F") else line.replace(" A", " 1")
                for line in text.split("\n")
            )
            assert " 1" in aces
            found = accel.read_board(aces, variant.columns, variant.cells)
            assert found == (position.columns, position.cells, position.foundations), name


# --- what the compiled helpers refuse ----------------------------------------------------------


def test_a_board_holding_a_lone_surrogate_is_refused_as_notation() -> None:
    # the module cannot encode it: it leaves the text to the Python reader, which says why
    assert accel.read_board(": AS\n\ud800", 1, 1) is None
    with pytest.raises(NotationError, match="cannot read"):
        read_board(": AS\n\ud800")
    assert accel.read_board(": AS\n" + "x" * 20_000, 1, 1) is None


def test_check_reads_moves_made_as_it_asks_for_them() -> None:
    # each move a fresh tuple that only the iterator holds
    game = Game(1, 1, "suit", "kings", "cells")

    def moves():  # type: ignore[no-untyped-def]
        for _ in range(2):
            yield (("column", int("0")), ("foundation", int("3")), 1)

    position = (((51, 50),), (None,), (13, 13, 13, 11))
    assert accel.check(game, position, moves()) == accel.check(game, position, list(moves()))
    assert accel.check(game, position, list(moves()))[0] == -1


def test_the_compiled_helpers_refuse_a_card_in_two_places() -> None:
    game = Game(1, 1, "suit", "kings", "cells")
    win = [(("column", 0), ("foundation", 3), 1)] * 2
    for position in (
        (((51, 50),), (50,), (13, 13, 13, 11)),  # in a column and a cell
        (((51, 50, 50),), (None,), (13, 13, 13, 11)),  # twice in a column
        (((51, 50),), (None,), (13, 13, 13, 12)),  # in a column and on its foundation
    ):
        with pytest.raises(ValueError, match="two places"):
            accel.check(game, position, win)
        with pytest.raises(ValueError, match="two places"):
            accel.by_place(game, position, [])
    with pytest.raises((ValueError, OverflowError)):
        accel.check(game, (((51, 50),), (None,), (13, 13, 13, 2**32 + 11)), win)
