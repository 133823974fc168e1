"""Helpers shared by the test modules: the game's two rule sets, the command line run in the
test's own process, property tests that check each input once, positions from random play, the
brute-force repairs, and the JSON schemas of the contract."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from functools import cache
from typing import Any, ParamSpec

import pytest
from jsonschema import Draft202012Validator

from officers import Rules, Square, count_completions
from officers.cli import main
from officers.contract import schema as contract_schema
from officers.skat import Deal, SkatGame

__all__ = [
    "BOTH",
    "IDS",
    "assert_valid",
    "brute_repairs",
    "once_per_input",
    "played",
    "played_squares",
    "random_game",
    "skat_played",
    "run_cli",
    "validator",
]

P = ParamSpec("P")

# The game's two rule sets, and their ids for pytest.mark.parametrize.
BOTH = [Rules(), Rules(diagonals=True)]
IDS = ["rows-columns", "diagonals"]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line with ``argv``: its exit status, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def once_per_input(test: Callable[P, None]) -> Callable[P, None]:
    """The property test, skipping the inputs it has already passed on.

    Hypothesis draws one square in many ways (the empty square from each of the finished squares
    it keeps no cell of), and the exact methods are deterministic, so checking a square again
    proves nothing new; the empty square, drawn about one time in ten, has the most completions
    of all. A failing input is never skipped, so Hypothesis replays and shrinks it as usual. Put
    it under ``@given``; the arguments must be hashable.

    >>> calls = []
    >>> check = once_per_input(lambda square: calls.append(square))
    >>> for square in ["AS3/4/4/4", "4/4/4/4", "AS3/4/4/4"]:
    ...     check(square)
    >>> calls
    ['AS3/4/4/4', '4/4/4/4']
    """
    passed: set[Hashable] = set()

    @functools.wraps(test)
    def check(*args: P.args, **kwargs: P.kwargs) -> None:
        key = (args, tuple(sorted(kwargs.items())))
        if key not in passed:
            test(*args, **kwargs)
            passed.add(key)

    return check


# --- positions from random legal play ------------------------------------------------------------


def random_game(rng: random.Random, rules: Rules, start: Square | None = None) -> Iterator[Square]:
    """The squares of one game of random legal placements (until no card may go anywhere)."""
    square = Square() if start is None else start
    yield square
    while True:
        moves = rules.legal_placements(square)
        if not moves:
            return
        cell, value = rng.choice(moves)
        square = square.place(cell, value)
        yield square


def played_squares(rules: Rules, games: int, seed: int) -> list[Square]:
    """Every square of ``games`` random games (live and dead ones, with repeats removed)."""
    rng = random.Random(seed)
    seen: dict[Square, None] = {}
    for _ in range(games):
        for square in random_game(rng, rules):
            seen[square] = None
    return list(seen)


_PLAYED: dict[bool, list[Square]] = {}


def played(rules: Rules) -> list[Square]:
    """About 5000 squares from random play under the rules (computed once per session)."""
    if rules.diagonals not in _PLAYED:
        _PLAYED[rules.diagonals] = played_squares(rules, 450, seed=2024 + rules.diagonals)
    return _PLAYED[rules.diagonals]


def brute_repairs(square: Square, rules: Rules, locked: frozenset[int]) -> list[tuple[int, ...]]:
    """Every smallest removal set that revives the square, by trying all of them by size."""
    removable = [c for c in range(16) if square.values[c] != -1 and c not in locked]
    for size in range(len(removable) + 1):
        found = []
        for chosen in itertools.combinations(removable, size):
            trial = square
            for cell in chosen:
                trial = trial.remove(cell)
            if count_completions(trial, rules):
                found.append(chosen)
        if found:
            return found
    return []


# --- the JSON schemas of the contract (shipped in the package) ----------------------------------------


@cache
def validator(kind: str) -> Draft202012Validator:
    schema = contract_schema(kind)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def assert_valid(data: dict[str, Any]) -> None:
    """Assert that a document is valid against the schema of its kind."""
    errors = sorted(validator(data["kind"]).iter_errors(data), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:3]]


def skat_played(number: int, moves: int) -> SkatGame:
    """Offiziersskat's deal ``number``, a game chosen, then ``moves`` legal moves drawn from
    the deal's number (fewer where the game ends first)."""
    game = SkatGame.deal(number)
    game.push("CSHDG"[number % 5])
    pick = random.Random(number)
    for _ in range(moves):
        if game.phase != "play":
            break
        game.push(pick.choice(game.legal_moves()))
    return game


def skat_redealt(game: SkatGame, rng: random.Random) -> SkatGame:
    """``game`` (an Offiziersskat game from a deal) with the face-down cards still hidden dealt
    again among their piles at random, the same moves played: all that differs is what no
    player may see."""
    assert game.deal_of is not None
    hidden = [
        (player, index)
        for player, side in enumerate(game.position.piles)
        for index, pile in enumerate(side)
        if len(pile) == 2
    ]
    unders = [game.deal_of.piles[p][i][0] for p, i in hidden]
    rng.shuffle(unders)
    piles = [list(side) for side in game.deal_of.piles]
    for (player, index), card in zip(hidden, unders, strict=True):
        piles[player][index] = (card, piles[player][index][1])
    redealt = SkatGame(Deal(tuple(tuple(side) for side in piles)))  # type: ignore[arg-type]
    for move in game.moves:
        redealt.push(move)
    return redealt


def is_oa(rows: Sequence[Sequence[object]], k: int, n: int) -> bool:
    """An ``OA(k, n)`` checked plainly, apart from the library's check: ``n * n`` rows of ``k``
    ints ``0 .. n-1``, every two columns holding every pair once (counted with numpy)."""
    import numpy as np

    if len(rows) != n * n or any(len(row) != k for row in rows):
        return False
    if any(not isinstance(x, int) or not 0 <= x < n for row in rows for x in row):
        return False
    array = np.array(rows, dtype=np.int64).reshape(n * n, k)
    return all(
        int(np.count_nonzero(np.bincount(array[:, a] * n + array[:, b], minlength=n * n))) == n * n
        for a, b in itertools.combinations(range(k), 2)
    )
