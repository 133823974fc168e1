"""How long a hint and an explanation take (target: under 1 ms each).

Positions: two players; the partner has placed 0-8 of their cards by random legal play, and the
player to move holds all 8 of theirs (an 8-card hand). Each call is timed on its own after a
warm-up (the index built, networkx imported); the table gives the median and the 90th percentile,
for live and dead squares apart, with and without the diagonals.

Run: ``python -m benchmarks.bench_hints [--positions N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from officers import ALL_CARDS, Card, Rules, Square
from officers.euler.analysis import check_square, explain, repairs
from officers.euler.hints import PlayerView, hint


def positions(rules: Rules, count: int, seed: int) -> list[PlayerView]:
    """Views of a player holding 8 cards, the partner having placed some of theirs."""
    rng = random.Random(seed)
    views: list[PlayerView] = []
    while len(views) < count:
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        mine, partner = cards[:8], cards[8:]
        square = Square()
        for _ in range(rng.randint(0, 8)):
            moves = [(c, v) for c, v in rules.legal_placements(square) if v in partner]
            if not moves:
                break
            cell, card = rng.choice(moves)
            square = square.place(cell, card)
            partner.remove(Card(card))
        views.append(PlayerView.for_player(square, [mine, partner], 0, rules=rules, tokens=1))
    return views


def _hint_json(view: PlayerView) -> str:
    return hint(view).to_json()


def timed(function: Callable[[], object]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def row(name: str, samples: list[float]) -> str:
    if not samples:
        return f"{name:<44} {'-':>9} {'-':>9} {0:>6}"
    samples = sorted(samples)
    median = statistics.median(samples) * 1e6
    p90 = samples[int(0.9 * (len(samples) - 1))] * 1e6
    return f"{name:<44} {median:7.0f} µs {p90:7.0f} µs {len(samples):>6}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000, help="positions per rule set")
    parser.add_argument("--seed", type=int, default=7, help="random seed")
    args = parser.parse_args(argv)
    print(f"{'what':<44} {'median':>9} {'p90':>9} {'calls':>6}")
    for rules in (Rules(), Rules(diagonals=True)):
        views = positions(rules, args.positions, args.seed + rules.diagonals)
        for view in views[:20]:  # warm up: build the index, import networkx
            hint(view).to_json()
            explain(view.square, rules).to_json()
        results: dict[str, list[float]] = {}
        for view in views:
            advice = hint(view)
            state = advice.status if advice.status != "finished" else "live"
            square = view.square
            results.setdefault(f"hint, 8-card hand, {state}", []).append(timed(partial(hint, view)))
            results.setdefault("hint, 8-card hand, all", []).append(timed(partial(hint, view)))
            results.setdefault("hint + to_json (texts in en and de)", []).append(
                timed(partial(_hint_json, view))
            )
            results.setdefault(f"explain, {state}", []).append(
                timed(partial(explain, square, rules))
            )
            results.setdefault("explain, all", []).append(timed(partial(explain, square, rules)))
            if state == "dead":
                results.setdefault("  check_square (all checks), dead", []).append(
                    timed(partial(check_square, square, rules))
                )
                results.setdefault("  repairs, dead", []).append(
                    timed(partial(repairs, square, rules))
                )
        print(f"-- {rules.describe()} ({len(views)} positions)")
        order = [
            "hint, 8-card hand, all",
            "hint, 8-card hand, live",
            "hint, 8-card hand, dead",
            "hint + to_json (texts in en and de)",
            "explain, all",
            "explain, live",
            "explain, dead",
            "  check_square (all checks), dead",
            "  repairs, dead",
        ]
        for name in order:
            print(row(name, results.get(name, [])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
