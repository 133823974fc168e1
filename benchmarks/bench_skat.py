"""The Offiziersskat double-dummy solver on numbered deals, against plain alpha-beta, interleaved.

**Whole deals.** For each numbered deal (:meth:`officers.skat.Deal.numbered`) and its game (by
default deal N plays ``C S H D G`` in turn, N mod 5; ``--game`` fixes one, ``--game all`` takes
all five; ``--game best`` starts before the choice: the best game's value, found by solving all
five, and the win test with any of them), from the first lead: the exact value (:func:`officers.skat.solve.solve`, no line) and
the win test (:func:`officers.skat.solve.wins`, one zero-window search), in an order that
alternates from deal to deal. The table gives the median, 90th and 99th percentile and the
largest time, and the median number of tricks searched.

**By tricks left.** From each deal a line of play drawn at random (seeded by the deal number)
is followed until ``k`` tricks are left, for each ``k`` of ``--left``; on that position the
solver's exact value and the peer, plain alpha-beta (:func:`officers.skat.search.plain_value`:
the same trick order and bounds-free window, no table, no move ordering, no equivalent cards),
run one after the other, the order alternating. Both must agree (the run stops otherwise). The
peer runs only up to ``--peer-max`` tricks left and under ``--peer-limit`` seconds (a peer that
runs out is counted, and its ratio left out). Ratios are paired: the median over the positions
of peer time / solver time.

Times are wall-clock seconds in this process (no start-up, no import). The load is printed:
the machine is shared, so compare ratios rather than absolute times across runs.

Run: ``python -m benchmarks.bench_skat [--deals 20] [--first 1] [--game rotate]
[--left 4 6 8 10 12] [--peer-max 8] [--peer-limit 60] [--no-whole]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from benchmarks.harness import format_ratio, format_seconds, load_average
from officers.errors import SolverTimeoutError
from officers.skat import GAMES, Deal, GameType, Move, Position, SkatGame, parse_game
from officers.skat.search import Board, plain_value
from officers.skat.solve import solve, wins


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0 .. 1) of some values."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[index]


T = TypeVar("T")


def timed(call: Callable[[], T]) -> tuple[float, T]:
    """Seconds of one call, and its answer."""
    start = time.perf_counter()
    answer = call()
    return time.perf_counter() - start, answer


def games_of(number: int, choice: str) -> list[GameType]:
    """The games deal ``number`` is played in (``best``: as ``rotate`` for positions reached by
    play; whole deals then start before the choice)."""
    if choice in ("rotate", "best"):
        return [GAMES[number % 5]]
    if choice == "all":
        return list(GAMES)
    return [parse_game(choice)]


def peer(position: Position, limit: float) -> int:
    """The peer's value of a position (its board built inside the timing, as the solver's)."""
    return plain_value(Board(position), time_limit=limit)


def vorhand(position: Position, leader_value: int) -> int:
    """Vorhand's final points from the value for the leader of the trick on the table."""
    out = 120 - sum(position.points)
    own = leader_value if position.leader == 0 else out - leader_value
    return position.points[0] + own


def whole_deals(numbers: Sequence[int], choice: str) -> None:
    """The table of whole deals (see the module)."""
    value_times: list[float] = []
    win_times: list[float] = []
    nodes: list[int] = []
    won = 0
    for i, number in enumerate(numbers):
        for game in games_of(number, choice):
            start = Position(Deal.numbered(number).piles, None if choice == "best" else game)
            first_value = i % 2 == 0
            if not first_value:
                win_seconds, win = timed(partial(wins, start))
            value_seconds, solution = timed(partial(solve, start, line=False))
            if first_value:
                win_seconds, win = timed(partial(wins, start))
            value_times.append(value_seconds)
            win_times.append(win_seconds)
            if (solution.value >= 61) != win:
                raise SystemExit(f"deal {number} {game}: the value and the win test disagree")
            won += solution.value >= 61
            nodes.append(solution.nodes)
    what = "deals before the game choice" if choice == "best" else "games"
    print(f"### Whole deals ({len(value_times)} {what}, 16 tricks from the first lead)\n")
    print("| search | median | p90 | p99 | max |")
    print("|---|---|---|---|---|")
    for name, times in (("exact value", value_times), ("win test (≥ 61)", win_times)):
        cells = [statistics.median(times), percentile(times, 0.9), percentile(times, 0.99)]
        cells.append(max(times))
        print(f"| {name} | " + " | ".join(format_seconds(t) for t in cells) + " |")
    print(
        f"\nMedian tricks searched for the exact value: {statistics.median(nodes):,.0f}; "
        f"Vorhand wins {won} of {len(nodes)}.\n"
    )


def line_to(number: int, game: str, left: int) -> Position:
    """Deal ``number`` in ``game``, played at random (seeded by the deal) to ``left`` tricks."""
    rng = random.Random(number)
    state = SkatGame.deal(number)
    state.push(Move.choose(parse_game(game)))
    while state.position.tricks_left() > left:
        state.push(rng.choice(state.legal_moves()))
    return state.position


def by_tricks_left(
    numbers: Sequence[int], choice: str, lefts: Sequence[int], peer_max: int, peer_limit: float
) -> None:
    """The table by tricks left, with the peer (see the module)."""
    print("### By tricks left (exact value; peer: plain alpha-beta)\n")
    print(
        "| tricks left | positions | solver median | solver p99 | peer median | peer / solver "
        "| peer out of time |"
    )
    print("|---|---|---|---|---|---|---|")
    for left in lefts:
        ours: list[float] = []
        peers: list[float] = []
        ratios: list[float] = []
        out = 0
        for i, number in enumerate(numbers):
            for game in games_of(number, choice):
                position = line_to(number, game, left)
                runs: dict[str, float] = {}
                answers: dict[str, int] = {}
                names = ["solver", "peer"] if i % 2 == 0 else ["peer", "solver"]
                for name in names:
                    if name == "solver":
                        seconds, solution = timed(partial(solve, position, line=False))
                        runs[name], answers[name] = seconds, solution.value
                    elif left <= peer_max:
                        try:
                            seconds, raw = timed(partial(peer, position, peer_limit))
                        except SolverTimeoutError:
                            out += 1
                            continue
                        runs[name], answers[name] = seconds, vorhand(position, raw)
                if "peer" in answers and answers["peer"] != answers["solver"]:
                    raise SystemExit(f"deal {number} {game}, {left} left: the peer disagrees")
                ours.append(runs["solver"])
                if "peer" in runs:
                    peers.append(runs["peer"])
                    ratios.append(runs["peer"] / runs["solver"])
        peer_cells = (
            [format_seconds(statistics.median(peers)), format_ratio(statistics.median(ratios))]
            if peers
            else ["–", "–"]
        )
        print(
            f"| {left} | {len(ours)} | {format_seconds(statistics.median(ours))} | "
            f"{format_seconds(percentile(ours, 0.99))} | " + " | ".join(peer_cells) + f" | {out} |"
        )
    print()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--game", default="rotate", choices=["rotate", "all", "best", *GAMES])
    parser.add_argument("--left", type=int, nargs="*", default=[4, 6, 8, 10, 12])
    parser.add_argument("--peer-max", type=int, default=8)
    parser.add_argument("--peer-limit", type=float, default=60.0)
    parser.add_argument("--no-whole", action="store_true", help="leave out whole deals")
    args = parser.parse_args(argv)
    numbers = range(args.first, args.first + args.deals)
    print(f"## Offiziersskat double dummy: deals {args.first} .. {numbers[-1]}\n")
    print(f"Load: {load_average()}\n")
    Deal.numbered(0)  # the first call's imports and tables are not timed
    if not args.no_whole:
        whole_deals(numbers, args.game)
    by_tricks_left(numbers, args.game, args.left, args.peer_max, args.peer_limit)
    print(f"Load after: {load_average()}")


if __name__ == "__main__":
    main()
