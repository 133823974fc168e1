"""Which dead ends do the quick checks catch? The coverage table of docs/coverage.md.

Random legal play, seeded: from the empty square, place a card chosen uniformly among all legal
(cell, card) placements, again and again. The first square of a game that cannot be finished
(the exact index says so) is that game's dead square; each check then runs on it alone.

Run: ``python -m benchmarks.coverage_checks [--games N] [--seed S] [--write docs/coverage.md]``
(20,000 games a rule set by default: about a minute for both on one core).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from officers import Rules, Square
from officers.euler.analysis import CHECKS, Check, check_square
from officers.euler.solve.index import CompletionIndex

SINGLE: tuple[Check, ...] = ("cell", "card", "line", "matching", "euler", "quarter")
NAMES = {
    "cell": "1. every empty cell can take a card",
    "card": "2. every card has a cell",
    "line": "3. every line can get what it misses",
    "matching": "matching (distinct cells for all cards)",
    "euler": "Euler's trap",
    "quarter": "quarter check (diagonals only)",
}


@dataclass
class Tally:
    """What the dead squares of one rule set showed."""

    rules: Rules
    games: int = 0
    finished: int = 0
    dead: int = 0
    caught: Counter[frozenset[str]] = field(default_factory=Counter)
    placed: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0


def play(rules: Rules, games: int, seed: int) -> Tally:
    """Play ``games`` random games and look at the first dead square of each."""
    rng = random.Random(seed)
    index = CompletionIndex.get(rules)
    tally = Tally(rules)
    start = time.perf_counter()
    for _ in range(games):
        tally.games += 1
        square = Square()
        while True:
            moves = rules.legal_placements(square)
            if not moves:
                break
            cell, card = rng.choice(moves)
            square = square.place(cell, card)
            if not index.is_completable(square):
                break
        if index.is_completable(square):
            tally.finished += 1
            continue
        tally.dead += 1
        checks = [c for c in CHECKS if c != "rule"]  # legal play never breaks the rule
        fired = frozenset(v.check for v in check_square(square, rules, checks=checks))
        tally.caught[fired] += 1
        tally.placed[square.placed_count()] += 1
    tally.seconds = time.perf_counter() - start
    return tally


def share(tally: Tally, test: frozenset[str] | None = None, *, only: str | None = None) -> int:
    """How many dead squares a set of checks catches (any of them fires); or, with ``only``,
    how many that check alone catches (it fires and no other does)."""
    total = 0
    for fired, count in tally.caught.items():
        if only is not None:
            total += count if fired == {only} else 0
        elif test is None:
            total += count if not fired else 0
        elif fired & test:
            total += count
    return total


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def table(tally: Tally) -> list[str]:
    """The Markdown table of one rule set."""
    dead = tally.dead
    lines = [
        f"## {tally.rules.describe().capitalize()}"
        f"{' (Expert)' if tally.rules.diagonals else ' (Easy, Normal, Hard)'}",
        "",
        f"{tally.games:,} games, {dead:,} dead squares ({tally.finished:,} games finished without "
        "one).",
        "",
        "| check | catches it (run alone) | the only check that catches it |",
        "|---|---:|---:|",
    ]
    for check in SINGLE:
        if check == "quarter" and not tally.rules.diagonals:
            continue
        alone = share(tally, frozenset({check}))
        lines.append(
            f"| {NAMES[check]} | {alone:,} ({percent(alone, dead)}) | "
            f"{share(tally, only=check):,} ({percent(share(tally, only=check), dead)}) |"
        )
    lines += ["", "| checks together | catch | miss |", "|---|---:|---:|"]
    steps: list[tuple[str, frozenset[str]]] = [
        ("the three checks of the rules (1-3)", frozenset({"cell", "card", "line"})),
        ("+ matching", frozenset({"cell", "card", "line", "matching"})),
        ("+ Euler's trap", frozenset({"cell", "card", "line", "matching", "euler"})),
    ]
    if tally.rules.diagonals:
        steps.append(("+ quarter check", frozenset(SINGLE)))
    steps.append(("Euler's trap and matching alone", frozenset({"matching", "euler"})))
    for name, checks in steps:
        caught = share(tally, checks)
        lines.append(
            f"| {name} | {caught:,} ({percent(caught, dead)}) | "
            f"{dead - caught:,} ({percent(dead - caught, dead)}) |"
        )
    none = share(tally)
    lines += ["", f"Caught by no check: {none:,} ({percent(none, dead)}).", ""]
    placed = ", ".join(f"{k}: {v:,}" for k, v in sorted(tally.placed.items()))
    lines += [f"Cards on the square when it died: {placed}.", ""]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per rule set")
    parser.add_argument("--seed", type=int, default=1725, help="random seed (default 1725)")
    parser.add_argument("--write", type=Path, help="write the Markdown page here")
    args = parser.parse_args(argv)
    parts = []
    for rules in (Rules(), Rules(diagonals=True)):
        tally = play(rules, args.games, args.seed + rules.diagonals)
        print(f"{rules.describe()}: {tally.seconds:.1f} s", file=sys.stderr)
        parts += table(tally)
    body = "\n".join(parts)
    print(body)
    if args.write:
        intro = (
            "# Coverage of the dead-end checks\n\n"
            "How many of the dead squares reached in play each quick check of `officers.euler.analysis` "
            "catches, alone and together. Every check is sound (it never calls a completable "
            "square dead); the exact engine catches every dead square.\n\n"
            "How the squares were made: random legal play, seeded. From the empty square, a card "
            "is placed on a cell chosen uniformly among all legal placements, again and again; "
            "the first square of each game that cannot be finished any more is that game's dead "
            "square. A check *catches* a square when it reports a violation on it. The rule check "
            "(a line already holds a rank or a suit twice) is left out: legal play never breaks "
            "the rule.\n\n"
            "Made by `python -m benchmarks.coverage_checks "
            f"--games {args.games} --seed {args.seed} --write docs/coverage.md`.\n\n"
        )
        outro = (
            "\n## What the checks miss\n\n"
            "The misses are squares that die from the whole structure of a finished square rather "
            "than from one line, one pair of lines or one quarter. The smallest look innocent: "
            "`AS3/4/3QS/1JH2` (A♠ row 1 column 1, Q♠ row 3 column 4, J♥ row 4 column 2) passes "
            "every check but has no completion. `officers explain` still says so (it asks the "
            "exact engine) and lists the take-backs that revive it; only the *why* is missing.\n"
        )
        # The page's later sections (mutation testing) are written by hand: keep them.
        kept = args.write.read_text(encoding="utf-8") if args.write.exists() else ""
        later = (
            kept[kept.find("\n## Mutation testing") :] if "\n## Mutation testing" in kept else ""
        )
        args.write.write_text(intro + body.rstrip() + "\n" + outro + later, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
