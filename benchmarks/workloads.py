"""Seeded query sets shared by the benchmarks: partial squares of every kind.

``mixed_squares(count, seed)`` draws partial squares of 1-15 cards, in equal shares:
- *play*: cards placed one by one at random where the rules allow (alive or dead);
- *sub*: random cards of a random finished square (always alive);
- *any*: random cards on random cells, rules or not (mostly illegal).
"""

from __future__ import annotations

import random

from officers import Rules, Square, finished_squares


def _play(rng: random.Random, rules: Rules, k: int) -> Square:
    square = Square()
    for _ in range(k):
        moves = rules.legal_placements(square)
        if not moves:
            break
        cell, card = moves[rng.randrange(len(moves))]
        square = square.place(cell, card)
    return square


def _sub(rng: random.Random, finished: list[Square], k: int) -> Square:
    full = finished[rng.randrange(len(finished))]
    cells = list(range(16))
    rng.shuffle(cells)
    values = [-1] * 16
    for cell in cells[:k]:
        values[cell] = full.values[cell]
    return Square.from_values(values)


def _any(rng: random.Random, k: int) -> Square:
    cells, cards = list(range(16)), list(range(16))
    rng.shuffle(cells)
    rng.shuffle(cards)
    values = [-1] * 16
    for cell, card in zip(cells[:k], cards[:k], strict=True):
        values[cell] = card
    return Square.from_values(values)


def mixed_squares(count: int, seed: int = 1, rules: Rules | None = None) -> list[Square]:
    """``count`` partial squares of 1-15 cards, a third of each kind, deterministic for a seed."""
    rules = Rules() if rules is None else rules
    rng = random.Random(seed)
    finished = finished_squares(rules)
    squares = []
    for i in range(count):
        k = rng.randint(1, 15)
        kind = i % 3
        if kind == 0:
            squares.append(_play(rng, rules, k))
        elif kind == 1:
            squares.append(_sub(rng, finished, k))
        else:
            squares.append(_any(rng, k))
    return squares
