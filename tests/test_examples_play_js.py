"""docs/examples/play.mjs, the client that plays every game through the play operations, run
with Node.js against a real ``officers serve`` (the fixtures of tests/test_examples_js.py): what
it prints is what the contract answers to the same moves, asked here without the service."""

from __future__ import annotations

from officers.contract import handle
from tests.test_examples_js import node, run, service

__all__ = ["node", "service"]  # the fixtures, imported for pytest


def _expected() -> list[str]:
    lines = []
    for game in handle({"op": "play/games"})["games"]:
        state = handle({"op": "play/new", "game": game["name"], "deal": 7, "lang": "de"})
        moves = 0
        while state["outcome"] is None and moves < 150:
            legal = state["legal_moves"]
            move = legal[(7 * moves) % len(legal)]["notation"]
            answer = handle(
                {"op": "play/move", "game": game["name"], "state": state["state"], "move": move}
                | {"lang": "de"}
            )
            state, moves = answer["state"], moves + 1
        outcome = state["outcome"]
        end = (
            "still going"
            if outcome is None
            else f"{outcome['text']} (returns {', '.join(map(str, outcome['returns']))})"
        )
        lines.append(f"{game['title']}: {moves} moves, {end}")
    return lines


def test_play(node: str, service: str) -> None:
    out = run(node, service, "play.mjs")
    said = [line for line in out.splitlines() if not line.startswith("  ")]
    assert said == _expected()
    assert out.count("zz9 refused") == 3
