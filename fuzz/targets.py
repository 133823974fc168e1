"""The targets of the fuzzing campaign: what each one calls with a case, and what it checks.

Every target takes data from outside (text, decoded JSON, a command line) and checks that

- only the library's errors escape (an :class:`~officers.OfficersError` that is also a
  ``ValueError``), with a message of at most :data:`LONGEST` characters;
- what was read is written back and read again to the same value (a round trip), for every
  notation;
- the JSON contract answers every request with a document and never raises; the command line
  ends with a documented exit status (never 4), one line for an error, no traceback;
- the engine answers every line of bytes with one JSON line, in order, its id echoed, and goes
  on; the service answers every HTTP request with a JSON error of its schema or an answer, the
  security headers, never a 5xx but a timeout or busy (:mod:`fuzz.doors`).

The per-case deadline and the memory limit are the campaign's (:mod:`fuzz.campaign`).

>>> sorted(TARGETS)[:3]
['cards', 'cli', 'contract']
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from hypothesis import strategies as st

from fuzz import inputs
from fuzz.inputs import cards, games, json_text, json_values, mutated, perturbed_documents, squares
from officers import Card, Rules, Square, parse_cell
from officers.core.errors import OfficersError
from officers.euler.game import GameState, Move, view_from_notation
from officers.euler.game_notation import read_fields
from officers.euler.record import GameRecord
from officers.euler.square import MAX_TEXT_ORDER, cell_name
from officers.euler.view import PlayerView

__all__ = ["LONGEST", "TARGETS", "Target", "read"]

LONGEST = 400
"""The longest message an error may have, whatever the input."""

_T = TypeVar("_T")


def read(function: Callable[..., _T], *args: Any) -> _T | None:
    """``function(*args)``, or ``None`` when it raises one of the library's errors (checked:
    a ``ValueError`` with a bounded message); any other exception escapes."""
    try:
        return function(*args)
    except OfficersError as error:
        message = str(error)
        assert isinstance(error, ValueError), f"{type(error).__name__} is no ValueError: {message}"
        assert len(message) <= LONGEST, f"a message of {len(message)} characters: {message[:200]}"
        return None


@dataclass(frozen=True)
class Target:
    """A target: the cases it is given and the check of one case."""

    name: str
    cases: st.SearchStrategy[Any]
    check: Callable[[Any], None]
    cost: int = 1
    """How much a case costs against the others: a target gets a share of the budget in
    inverse proportion (the contract's and the command line's cases are slower)."""


# --- cards and cells ---------------------------------------------------------------------------


def _card_texts() -> st.SearchStrategy[str]:
    return cards.flatmap(lambda card: st.sampled_from(inputs.card_texts(card)))


def _check_card(case: tuple[str, int]) -> None:
    text, order = case
    card = read(Card.parse, text)
    if card is not None:
        for again in inputs.card_texts(card):
            assert Card.parse(again) == card, (text, again)
    cell = read(parse_cell, text, order)
    if cell is not None:
        assert parse_cell(cell_name(cell, order), order) == cell, (text, order)


# --- squares -----------------------------------------------------------------------------------


def _check_square_text(case: tuple[str, int]) -> None:
    text, order = case
    square = read(lambda: Square.parse(text, order=order))  # order is keyword-only
    if square is not None:
        _round_trip_square(square)


def _round_trip_square(square: Square) -> None:
    if square.order <= MAX_TEXT_ORDER:
        assert Square.parse(square.notation(), order=square.order) == square, square
    assert Square.from_json(square.to_json()) == square, square
    assert Square.from_dict(json.loads(json.dumps(square.to_dict()))) == square, square


def _square_texts() -> st.SearchStrategy[tuple[str, int]]:
    valid = squares(max_order=MAX_TEXT_ORDER).map(lambda s: (s.notation(), s.order))
    return st.one_of(
        valid.flatmap(lambda pair: st.tuples(mutated(st.just(pair[0])), st.just(pair[1]))),
        st.tuples(mutated(st.just("AC3/1JS2/1AH1QD/4")), st.integers(-2, 300)),
        st.tuples(st.text(max_size=40), st.integers(1, 30)),
    )


def _check_square_json(case: Any) -> None:
    square = read(Square.from_json, case) if isinstance(case, str) else read(Square.from_dict, case)
    if square is not None:
        _round_trip_square(square)


def _square_documents() -> st.SearchStrategy[Any]:
    valid = squares(max_order=40).map(lambda s: s.to_dict())
    return st.one_of(
        perturbed_documents(valid),
        perturbed_documents(valid).map(json_text),
        mutated(valid.map(json_text)),
        json_values,
    )


def _check_rules(case: Any) -> None:
    rules = read(Rules.from_json, case) if isinstance(case, str) else read(Rules.from_dict, case)
    if rules is not None:
        assert Rules.from_json(rules.to_json()) == rules


def _rules_documents() -> st.SearchStrategy[Any]:
    valid = st.builds(lambda n, d: {"order": n, "diagonals": d}, st.integers(1, 300), st.booleans())
    return st.one_of(perturbed_documents(valid), mutated(valid.map(json_text)), json_values)


# --- the game ----------------------------------------------------------------------------------


def _check_move(text: str) -> None:
    move = read(Move.parse, text)
    if move is not None:
        assert Move.parse(move.notation()) == move, text
        assert Move.parse(move.notation(symbols=True)) == move, text
        assert Move.from_json(move.to_json()) == move, text


def _move_texts() -> st.SearchStrategy[str]:
    valid = games.flatmap(
        lambda g: st.sampled_from([m.notation() for m in g.legal_moves()] or ["concede"])
    )
    return st.one_of(mutated(valid), st.text(max_size=20))


def _check_game_notation(case: tuple[str, int]) -> None:
    text, player = case
    state = read(GameState.parse, text)
    read(read_fields, text)
    read(view_from_notation, text, player)
    if state is not None:
        assert GameState.parse(state.notation()) == state, text
        assert GameState.from_json(state.to_json()) == state, text
        for viewer in range(state.players):
            view = view_from_notation(state.notation(viewer), viewer)
            assert view == state.view(viewer), (text, viewer)


def _game_notations() -> st.SearchStrategy[tuple[str, int]]:
    valid = games.map(lambda g: g.notation())
    viewed = games.flatmap(lambda g: st.integers(0, g.players - 1).map(g.notation))
    return st.tuples(mutated(valid | viewed) | valid, st.integers(-1, 4))


def _check_game_document(case: Any) -> None:
    read(GameState.from_dict if not isinstance(case, str) else GameState.from_json, case)


def _check_record(text: str) -> None:
    record = read(GameRecord.parse, text)
    state = read(record.replay) if record is not None else None
    if record is not None and state is not None:
        again = GameRecord.parse(str(record))
        assert again.moves == record.moves and again.replay() == state, text
        assert GameRecord.parse(str(GameRecord.from_game(state))).replay() == state, text


def _check_view(case: Any) -> None:
    view = read(PlayerView.from_json, case) if isinstance(case, str) else None
    if not isinstance(case, str):
        view = read(PlayerView.from_dict, case)
    if view is not None:
        assert PlayerView.from_dict(view.to_dict()) == view
        assert PlayerView.from_json(view.to_json()) == view


def _view_documents() -> st.SearchStrategy[Any]:
    valid = games.flatmap(
        lambda g: st.integers(0, g.players - 1).map(lambda p: g.view(p).to_dict())
    )
    return st.one_of(perturbed_documents(valid), mutated(valid.map(json_text)), valid, json_values)


# --- the contract and the command line ---------------------------------------------------------

GAME = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"
REQUESTS = [
    {"op": "hello"},
    {"op": "health"},
    {"op": "count", "square": "AC3/1JS2/1AH1QD/4", "diagonals": True},
    {"op": "complete", "square": "AC3/1JS2/1AH1QD/4"},
    {"op": "explain", "square": "4/1KD1QH/2QC1/QS3", "max_reasons": 1, "lang": "de"},
    {"op": "explain", "square": "AC3/1JS2/1AH1QD/4", "locked": [0]},
    {"op": "hint", "game": GAME, "player": 2, "lang": "both"},
    {"op": "hint", "view": {"square": "AS3/4/4/4", "hand": "KH QD", "diagonals": True}},
    {"op": "move", "game": GAME, "move": "AH@r1c1"},
    {"op": "bot", "game": GAME, "bot": "exact", "seed": 3},
    {"op": "new", "level": "expert", "players": 3, "seed": 5, "variant": {"ozanam": True}},
    {"op": "verify", "starts": ["AC3/1JS2/1AH1QD/4", "4/4/4/4"]},
    {"op": "schema", "name": "count"},
]


def _check_request(case: Any) -> None:
    from officers.contract import handle

    answer = handle(case)
    assert isinstance(answer, dict) and "kind" in answer, (case, answer)
    if answer["kind"] == "error":
        message = answer.get("message", "")
        assert len(message) <= LONGEST, f"a message of {len(message)} characters: {message[:200]}"
        assert answer.get("code") != "internal", (case, answer)


def _requests() -> st.SearchStrategy[Any]:
    return st.one_of(perturbed_documents(st.sampled_from(REQUESTS)), json_values)


def _check_argv(argv: list[str]) -> None:
    from fuzz.cli import check_run, run

    check_run(run(argv, seconds=0))  # the campaign's deadline covers the case


def _argvs() -> st.SearchStrategy[list[str]]:
    from fuzz.cli import argvs

    return argvs()


# --- the doors: the engine protocol and the HTTP service ---------------------------------------


def _check_engine(case: Any) -> None:
    from fuzz.doors import check_engine

    check_engine(case)


def _engine_lines() -> st.SearchStrategy[Any]:
    from fuzz.doors import engine_cases

    return engine_cases()


def _check_service(case: Any) -> None:
    from fuzz.doors import check_http

    check_http(case)


def _service_requests() -> st.SearchStrategy[Any]:
    from fuzz.doors import http_cases

    return http_cases()


def _targets() -> dict[str, Target]:
    return {
        target.name: target
        for target in [
            Target(
                "cards",
                st.tuples(mutated(_card_texts()) | st.text(max_size=8), st.integers(1, 30)),
                _check_card,
            ),
            Target("squares", _square_texts(), _check_square_text),
            Target("square-json", _square_documents(), _check_square_json),
            Target("rules-json", _rules_documents(), _check_rules),
            Target("moves", _move_texts(), _check_move),
            Target("game-notation", _game_notations(), _check_game_notation),
            Target(
                "game-json",
                perturbed_documents(games.map(lambda g: g.to_dict())) | json_values,
                _check_game_document,
            ),
            Target("records", mutated(games.map(inputs.records)), _check_record),
            Target("views", _view_documents(), _check_view),
            Target("contract", _requests(), _check_request, cost=2),
            Target("cli", _argvs(), _check_argv, cost=5),
            Target("engine-lines", _engine_lines(), _check_engine, cost=5),
            Target("service-requests", _service_requests(), _check_service, cost=3),
        ]
    }


TARGETS = _targets()
"""Every target by name."""
