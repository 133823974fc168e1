"""What the fuzzing cases are made of: valid values of every notation (random squares of any
order, random games played by random legal moves, their views and records), texts mutated from
them, and JSON values of any shape.

>>> from officers import Square
>>> mutate("AC3/1JS2", [(0, 1, "x")])
'xC3/1JS2'
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import strategies as st

from officers import Card, Square
from officers.euler.game import GameState, Variant, new_game
from officers.euler.record import GameRecord

__all__ = [
    "ALPHABET",
    "games",
    "json_values",
    "mutate",
    "mutated",
    "squares",
]

ALPHABET = (
    "AKQJDBakqjdb SHDCshdc♠♥♦♣♤♡♢♧ſ\ufe0f\ufe0e²①١٢0123456789/.-_+@?,;:#*()[]{}<>\"'\\ "
    "\t\n\r\x00\x7f\u00e9\u00fc\udcff😀rcRCxofkeinmtuwlsp"
)
"""The characters mutations insert: those of the notations, digits that are not ASCII, letters
that fold to ASCII ones (``ſ``), emoji selectors, controls, quotes and brackets."""

Mutation = tuple[int, int, str]
"""Replace ``text[start:end]`` by a string."""


def mutate(text: str, mutations: list[Mutation]) -> str:
    """``text`` with each mutation applied in turn (positions taken modulo the length)."""
    for start, end, new in mutations:
        n = len(text) + 1
        a, b = sorted((start % n, end % n))
        text = text[:a] + new + text[b:]
    return text


def _mutations() -> st.SearchStrategy[list[Mutation]]:
    piece = st.text(alphabet=st.sampled_from(ALPHABET), max_size=4) | st.sampled_from(
        ["9" * 40, "1" * 300, "/" * 50, "[" * 3000, "{" * 3000, "A" * 2000, "\n" * 20]
    )
    return st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 10**6), piece), min_size=1, max_size=6
    )


def mutated(valid: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Texts near the valid ones: inserted, deleted and replaced pieces (a few large)."""
    return st.builds(mutate, valid, _mutations())


@st.composite
def squares(draw: st.DrawFn, max_order: int = 30) -> Square:
    """A square of order 1-``max_order`` with random distinct values in random cells (it
    need not keep the rule: the notations hold any square)."""
    order = draw(st.integers(1, max_order))
    rng = random.Random(draw(st.integers(0, 2**32)))
    cells = order * order
    k = rng.randint(0, cells)
    values = [-1] * cells
    for cell, value in zip(rng.sample(range(cells), k), rng.sample(range(cells), k), strict=True):
        values[cell] = value
    return Square.from_values(values, order=order)


def _random_game(level: str, players: int, seed: int, steps: int, coins: bool) -> GameState:
    game = new_game(level, players, seed, variant=Variant(coins=coins))
    rng = random.Random(seed)
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves or game.is_over():
            break
        game.push(moves[rng.randrange(len(moves))])
    return game


games = st.builds(
    _random_game,
    st.sampled_from(["easy", "normal", "hard", "expert", "rows", "diagonals"]),
    st.integers(1, 4),
    st.integers(0, 10**6),
    st.integers(0, 24),
    st.booleans(),
)
"""Games played from a random deal by random legal moves (take-backs and concessions too)."""

cards = st.sampled_from(list(Card))


def card_texts(card: Card) -> list[str]:
    """Every way the library writes a card."""
    return [card.notation(), str(card), card.name_en(), card.name_de()]


json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(alphabet=st.sampled_from(ALPHABET), max_size=12),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from(["order", "cells", "notation", "square", "hand", "op", "x", "rules"])
            | st.text(max_size=5),
            inner,
            max_size=6,
        )
    ),
    max_leaves=30,
)
"""Decoded JSON of any shape (names near the documents' ones)."""


def perturbed(data: Any, rng: random.Random) -> Any:
    """A decoded JSON document with one value somewhere in it replaced, deleted or retyped."""
    replacement: Any = rng.choice(
        [None, True, 1.5, -1, 0, 10**30, "", "x" * 500, [], {}, [1, "A"], "²", {"a": [[]]}]
    )
    if isinstance(data, dict) and data and rng.random() < 0.8:
        key = rng.choice(sorted(data, key=str))
        copy = dict(data)
        if rng.random() < 0.2:
            del copy[key]
        else:
            copy[key] = perturbed(data[key], rng) if rng.random() < 0.6 else replacement
        return copy
    if isinstance(data, list) and data and rng.random() < 0.8:
        copy_list = list(data)
        i = rng.randrange(len(data))
        copy_list[i] = perturbed(data[i], rng) if rng.random() < 0.6 else replacement
        return copy_list
    return replacement


def perturbed_documents(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Valid decoded documents with a few values replaced, deleted or retyped."""

    def spoil(data: Any, seed: int, times: int) -> Any:
        rng = random.Random(seed)
        for _ in range(times):
            data = perturbed(data, rng)
        return data

    return st.builds(spoil, valid, st.integers(0, 2**32), st.integers(0, 3))


def records(game: GameState) -> str:
    """The game record of a game, as text."""
    return str(GameRecord.from_game(game))


def json_text(data: Any) -> str:
    """``data`` as JSON text (what a frontend sends)."""
    return json.dumps(data, ensure_ascii=False)
