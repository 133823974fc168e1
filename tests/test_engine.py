"""The engine protocol: JSON lines in and out, the id echoed, errors as documents, a bad line
never ends it, end of input ends it cleanly; fuzzed with Hypothesis."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from officers import contract
from officers.core.wire import WireError, read
from officers.engine import answer, run
from tests.helpers import assert_valid

GAME = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"


def test_a_session_through_a_real_process() -> None:
    lines = [
        {"id": 1, "op": "hello"},
        {"id": "two", "op": "hint", "game": GAME, "player": 1},
        "this is not JSON",
        {"id": 3, "op": "fly"},
        {"id": 4, "op": "move", "game": GAME, "move": "AS@r1c1"},
        {"id": 5, "op": "count"},
    ]
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    result = subprocess.run(
        [sys.executable, "-m", "officers", "engine"],
        input=text,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and not result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a.get("id") for a in answers] == [1, "two", None, 3, 4, 5]
    assert [a["kind"] for a in answers] == ["hello", "hint", "error", "error", "move", "error"]
    assert [a.get("code") for a in answers[2:4]] == ["bad-json", "unknown-op"]
    for data in answers:
        assert_valid({k: v for k, v in data.items() if k != "id"})
    assert answers[0]["protocol"] == 1 and "hint" in answers[0]["ops"]


def test_quit_ends_and_says_bye() -> None:
    out = io.StringIO()
    run(['{"id": 9, "op": "quit"}', '{"id": 10, "op": "hello"}'], out)
    assert [json.loads(line) for line in out.getvalue().splitlines()] == [
        {"version": 2, "kind": "bye", "id": 9}
    ]


JSONS = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
OPS = st.sampled_from([*contract.OPS, "quit", "x"])
FIELDS = st.sampled_from(
    [
        "game",
        "player",
        "view",
        "square",
        "diagonals",
        "locked",
        "lang",
        "max_reasons",
        "move",
        "bot",
        "seed",
        "level",
        "players",
        "variant",
        "tokens",
        "start",
        "riddle",
        "starts",
        "name",
    ]
)
VALUES = st.one_of(
    JSONS,
    st.sampled_from(
        [GAME, "AS1KS1/4/4/4", "4/4/4/4", "AS@r1c1", "xr1c1", "exact", "de", "both", 1, 2, 3]
    ),
)
REQUESTS = st.fixed_dictionaries(
    {"op": OPS}, optional={"id": st.integers() | st.text(max_size=5)}
).flatmap(
    lambda base: st.dictionaries(FIELDS, VALUES, max_size=4).map(lambda extra: {**extra, **base})
)
LINES = st.one_of(
    REQUESTS.map(json.dumps),
    JSONS.map(json.dumps),
    st.text(max_size=40),
    REQUESTS.map(lambda r: json.dumps(r)[: len(json.dumps(r)) // 2]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, min_size=1, max_size=6))
def test_random_and_broken_lines_never_end_the_engine(lines: list[str]) -> None:
    lines = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    out = io.StringIO()
    run([*lines, '{"id": "last", "op": "hello"}'], out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    expected = [line for line in lines if line.strip()]
    quits = [i for i, line in enumerate(expected) if answer(line)[1] is False]
    if quits:
        assert len(answers) == quits[0] + 1 and answers[-1]["kind"] == "bye"
        return
    assert len(answers) == len(expected) + 1 and answers[-1]["id"] == "last"
    for line, data in zip(expected, answers, strict=False):
        try:
            request = read(line)  # as strictly as the engine: Infinity is not JSON
        except WireError:
            request = None
        ident = request.get("id") if isinstance(request, dict) else None
        assert data["id"] == (ident if not isinstance(ident, (dict, list)) else None)
        assert data["kind"] != "error" or data["code"] != "internal"
        assert_valid({k: v for k, v in data.items() if k != "id"})
