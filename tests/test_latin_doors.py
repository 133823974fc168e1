"""The Latin squares at the doors: ``latin/...`` through the contract, the engine and the service.

Every answer is held to its schema, and what it says is checked by means of the test's own: sets
of MOLS by a plain orthogonality check, counts against the published numbers, class sizes
summing to the number of squares, the chain's squares against the library's."""

from __future__ import annotations

import itertools
import json
import math
import random
import subprocess
import sys
from typing import Any

import pytest

from officers.contract import Limits, handle
from officers.games import LATIN
from officers.latin import isotopy_classes, random_latin_squares
from tests.helpers import assert_valid

LATIN_SQUARES = (1, 2, 12, 576, 161280)
"""The number of Latin squares of orders 1 .. 5 (OEIS A002860)."""


ROOMY = Limits(time_limit=120)
"""A time limit no busy machine reaches (the searches here take a second or less on a quiet one):
the tests check the answers, not the speed."""


def _answer(request: dict[str, Any], limits: Limits = ROOMY) -> dict[str, Any]:
    answer = handle(request, limits)
    assert_valid(answer)
    return answer


def _is_latin(square: list[list[int]]) -> bool:
    n = len(square)
    symbols = set(range(n))
    return all(set(row) == symbols for row in square) and all(
        {row[c] for row in square} == symbols for c in range(n)
    )


def _orthogonal(a: list[list[int]], b: list[list[int]]) -> bool:
    n = len(a)
    pairs = {(a[r][c], b[r][c]) for r in range(n) for c in range(n)}
    return len(pairs) == n * n


@pytest.mark.parametrize(("k", "n"), [(2, 10), (5, 12), (3, 14), (6, 7), (2, 22), (4, 15)])
def test_mols_through_the_contract_are_mutually_orthogonal(k: int, n: int) -> None:
    answer = _answer({"op": "latin/mols", "k": k, "n": n})
    assert answer["found"] and answer["k"] == k and answer["n"] == n
    assert answer["built"] >= k and answer["construction"]
    squares = answer["squares"]
    assert len(squares) == k and all(_is_latin(s) and len(s) == n for s in squares)
    assert all(_orthogonal(a, b) for a, b in itertools.combinations(squares, 2))


@pytest.mark.parametrize(
    ("k", "n", "words"),
    [
        (2, 6, "order 6 exist"),  # Tarry
        (2, 2, "exist"),
        (7, 7, "exist"),  # at most n - 1
        (3, 10, "known to this library"),
    ],
)
def test_mols_that_do_not_exist_or_are_unknown_say_why(k: int, n: int, words: str) -> None:
    answer = _answer({"op": "latin/mols", "k": k, "n": n})
    assert answer["found"] is False and answer["squares"] is None
    assert words in answer["reason"]
    assert answer["built"] < k


def test_any_number_of_squares_of_order_one() -> None:
    answer = _answer({"op": "latin/mols", "k": 5, "n": 1})
    assert answer["found"] and answer["squares"] == [[[0]]] * 5 and answer["built"] is None


def test_an_answer_too_large_is_refused_before_any_work() -> None:
    answer = _answer({"op": "latin/mols", "k": 3, "n": 400})
    assert answer["code"] == "limit" and "3 squares of order 400" in answer["message"]
    assert _answer({"op": "latin/random", "n": 256, "count": 5})["code"] == "limit"


def test_the_table_agrees_with_the_sets_it_promises() -> None:
    answer = _answer({"op": "latin/mols-table", "from": 2, "to": 20})
    rows = answer["rows"]
    assert [row["n"] for row in rows] == list(range(2, 21))
    for row in rows:
        assert row["difference"] == row["built"] - row["table"] == 0  # the table, to 100
        if row["n"] != 6:
            built = _answer({"op": "latin/mols", "k": row["built"], "n": row["n"]})
            assert built["found"], row
        more = _answer({"op": "latin/mols", "k": row["built"] + 1, "n": row["n"]})
        assert more["found"] is False
    assert _answer({"op": "latin/mols-table", "from": 9, "to": 3})["code"] == "bad-input"


def test_the_tables_check_agrees_with_the_table_and_a_check_of_its_own() -> None:
    answer = _answer({"op": "latin/mols-verify", "from": 9, "to": 13})
    table = _answer({"op": "latin/mols-table", "from": 9, "to": 13})["rows"]
    assert answer["verified"] and [row["n"] for row in answer["rows"]] == list(range(9, 14))
    for row, listed in zip(answer["rows"], table, strict=True):
        assert row["built"] == row["squares"] == listed["built"] and row["verified"]
        assert row["construction"] == listed["construction"]
        assert row["seconds"] == pytest.approx(
            row["build_seconds"] + row["check_seconds"], abs=2e-3
        )
        squares = _answer({"op": "latin/mols", "k": row["squares"], "n": row["n"]})["squares"]
        assert all(_orthogonal(a, b) for a, b in itertools.combinations(squares, 2))
    assert _answer({"op": "latin/mols-verify", "from": 9, "to": 3})["code"] == "bad-input"
    assert _answer({"op": "latin/mols-verify", "to": 600})["code"] == "bad-request"


def test_the_tables_check_answers_by_its_time_limit() -> None:
    answer = _answer({"op": "latin/mols-verify", "from": 500, "to": 599}, Limits(time_limit=0.5))
    assert answer["code"] == "timeout"


def test_a_completion_is_orthogonal_to_every_given_square() -> None:
    given = _answer({"op": "latin/mols", "k": 2, "n": 5})["squares"]
    answer = _answer({"op": "latin/mols-complete", "squares": given})
    assert answer["found"] and answer["k"] == 3 and answer["squares"][-1] == answer["square"]
    square = answer["square"]
    assert _is_latin(square) and all(_orthogonal(square, s) for s in given)
    cyclic = [[(r + c) % 4 for c in range(4)] for r in range(4)]  # no transversal at all
    for method in ("exact", "cpsat"):
        none = _answer({"op": "latin/mols-complete", "squares": [cyclic], "method": method})
        assert none["found"] is False and "exhaustive" in none["reason"]
    bad = _answer({"op": "latin/mols-complete", "squares": [[[0, 1], [0, 1]]]})
    assert bad["code"] == "bad-input" and "[[0, 1], [0, 1]]" in bad["message"]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_class_sizes_sum_to_the_number_of_latin_squares(n: int) -> None:
    total, rng = 0, random.Random(n)
    for found in isotopy_classes(n):
        rows, columns, symbols = (rng.sample(range(n), n) for _ in range(3))
        square = [[symbols[found.form[r][c]] for c in columns] for r in rows]  # an isotope
        answer = _answer({"op": "latin/classify", "square": square})
        assert answer["order"] == n and answer["isotopy_form"] == [list(r) for r in found.form]
        assert answer["isotopy_class_size"] == math.factorial(n) ** 3 // answer["autotopisms"]
        total += answer["isotopy_class_size"]
    assert total == LATIN_SQUARES[n - 1]


def test_mates_through_the_contract_are_the_python_searchs() -> None:
    from officers.latin.orthogonal import count_mates

    cyclic = [[(r + c) % 5 for c in range(5)] for r in range(5)]
    answer = _answer({"op": "latin/mates", "square": cyclic})
    assert (answer["transversals"], answer["mates"]) == (15, 3)  # OEIS A006717, A091261
    assert answer["mates_as_squares"] == 3 * 120
    for seed in range(3):
        square = [list(row) for row in random_latin_squares(6, 1, seed=seed).__next__()]
        plain = count_mates(square, compiled=False, symmetry=False)
        answer = _answer({"op": "latin/mates", "square": square})
        assert (answer["transversals"], answer["mates"]) == (plain.transversals, plain.mates)


@pytest.mark.parametrize("n", range(1, 6))
def test_counts_match_the_published_numbers(n: int) -> None:
    answer = _answer({"op": "latin/count", "n": n})
    assert answer["squares"] == LATIN_SQUARES[n - 1]
    assert answer["reduced"] == answer["published_reduced"]
    assert answer["reduced"] * math.factorial(n) * math.factorial(n - 1) == answer["squares"]


def test_random_squares_come_again_from_their_seed() -> None:
    answer = _answer({"op": "latin/random", "n": 7, "count": 3, "seed": 12})
    assert [list(map(list, s)) for s in random_latin_squares(7, 3, seed=12)] == answer["squares"]
    again = _answer({"op": "latin/random", "n": 7, "count": 3, "seed": 12})
    assert again["squares"] == answer["squares"] and all(_is_latin(s) for s in answer["squares"])
    drawn = _answer({"op": "latin/random", "n": 6})  # a seed drawn afresh, and told
    replayed = _answer({"op": "latin/random", "n": 6, "seed": drawn["seed"]})
    assert replayed["squares"] == drawn["squares"] and replayed["steps"] == 36


def test_a_count_out_of_time_is_a_timeout_not_a_hang() -> None:
    answer = _answer({"op": "latin/count", "n": 9}, Limits(time_limit=0.5))
    assert answer["code"] == "timeout" and answer["answer"] == "unknown"


def test_the_service_and_the_engine_answer_every_latin_operation() -> None:
    from starlette.testclient import TestClient

    from officers.serve import create_app
    from officers.serve.settings import Settings

    client = TestClient(create_app(Settings(limits=ROOMY)))
    paths = client.get("/openapi.json").json()["paths"]
    lines = []
    for number, operation in enumerate(LATIN.operations):
        assert f"/v1/{operation.op}" in paths
        response = client.post(f"/v1/{operation.op}", json=dict(operation.example or {}))
        assert response.status_code == 200, response.text
        assert response.json()["kind"] == operation.answers
        lines.append(json.dumps({"id": number, "op": operation.op, **(operation.example or {})}))
    refused = client.post("/v1/latin/classify", json={"square": [[0, 0], [1, 1]]})
    assert refused.status_code == 422 and refused.json()["code"] == "bad-input"
    out = subprocess.run(
        [sys.executable, "-m", "officers", "engine", "--time-limit", "120"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    ).stdout.splitlines()
    answers = [json.loads(line) for line in out]
    assert [a["kind"] for a in answers] == [op.answers for op in LATIN.operations]
    assert [a["id"] for a in answers] == list(range(len(LATIN.operations)))
