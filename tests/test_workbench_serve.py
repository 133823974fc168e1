"""The designers' workbench over HTTP: ``POST /v1/verify`` answers with the results of
``officers puzzle verify --json``, an unreadable start reported in its place."""

from __future__ import annotations

import json

import pytest

from tests.helpers import assert_valid, run_cli

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from tests.test_serve import call

STARTS = ["AC3/1JS2/1AH1QD/4", "ADJC2/4/JS3/KC3 expert", "AC3/1JS/4/4", "4/4/4/4"]


def test_verify_over_http_is_the_cli_batch(capsys: pytest.CaptureFixture[str]) -> None:
    response = call("POST", "/v1/verify", json={"starts": STARTS})
    assert response.status_code == 200
    answer = response.json()
    assert_valid(answer)
    _, out, _ = run_cli(capsys, "puzzle", "verify", *STARTS, "--json")
    assert answer["results"] == [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in answer["results"]] == [1, 2, 3, 4]
    assert "'AC3/1JS/4/4'" in answer["results"][2]["error"]["message"]
    assert answer["summary"]["errors"] == 1 and answer["summary"]["not_riddles"] == 1


def test_verify_over_http_refuses_a_batch_over_the_limit() -> None:
    response = call("POST", "/v1/verify", json={"starts": ["4/4/4/4"] * 65})
    assert response.status_code == 422 and response.json()["code"] == "limit"
    response = call("POST", "/v1/verify", json={"starts": "AC3/1JS2/1AH1QD/4"})
    assert response.status_code == 422 and response.json()["code"] == "bad-request"
