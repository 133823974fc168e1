"""Fit the weights of Offiziersskat's learnt order of moves (:mod:`officers.skat.prior`).

The data: for each start of ``--first`` (one process each), ``--positions`` positions of play
with 10 to 16 cards face down (:func:`benchmarks.bench_skat_bots.early_positions`: a line of
greedy and random moves from each deal on), and in each, every legal move's share of ``--samples``
sampled deals that Vorhand wins after it (:func:`officers.skat.solve.wins_after`, the deals
drawn from ``random.Random(7 + i)`` for the i-th position of a start), for the player to move.
The fit: least squares with a ridge of ``--ridge`` on the moves' :func:`officers.skat.prior.features`,
each position's moves taken relative to their mean (only the order within a position counts).
It prints the weights as :data:`officers.skat.prior.WEIGHTS` holds them, and R², the share of
the moves' differences within a position that the weights account for. ``--data FILE`` keeps
the data as JSON (and reads it back instead of making it, when the file exists).

The shipped weights: ``python -m benchmarks.train_skat_prior --first 20000 40000 --positions
3000 --samples 24`` (some 15 minutes on two cores). The deals of docs/skat.md's measurements
(from 0, 1000, 3000 and 5000 and the duels' seeds) are not among them.

Run: ``python -m benchmarks.train_skat_prior [--first 20000 40000] [--positions 3000]
[--samples 24] [--ridge 1.0] [--data FILE]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from benchmarks.bench_skat_bots import early_positions
from officers.skat.moves import Move
from officers.skat.prior import FEATURES, features
from officers.skat.public import Public
from officers.skat.solve import wins_after
from officers.skat.tips import public_legal_moves

Row = tuple[str, list[tuple[str, float]]]


def make(first: int, count: int, samples: int) -> list[Row]:
    """The data of one start: each position's notation with each move's share of the samples
    that Vorhand wins after it, for the player to move (negated for Hinterhand)."""
    rows: list[Row] = []
    for i, public in enumerate(early_positions(first, count)):
        moves = public_legal_moves(public)
        rng = random.Random(7 + i)
        won = dict.fromkeys(moves, 0)
        for _ in range(samples):
            for move, wins_it in wins_after(public.sample(rng), moves).items():
                won[move] += wins_it
        sign = 1 if public.to_move == 0 else -1
        rows.append((public.notation(), [(m.notation(), sign * won[m] / samples) for m in moves]))
    return rows


def fit(rows: list[Row], ridge: float) -> tuple[np.ndarray, float]:
    """The weights, and R² of the moves' values relative to their position's mean."""
    blocks, targets = [], []
    for notation, values in rows:
        public = Public.parse(notation)
        moves = [Move.parse(m) for m, _ in values]
        found = features(public, moves)
        x = np.array([found[m] for m in moves], dtype=float)
        y = np.array([v for _, v in values], dtype=float)
        blocks.append(x - x.mean(axis=0))
        targets.append(y - y.mean())
    x, y = np.vstack(blocks), np.concatenate(targets)
    weights = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
    return weights, float(1 - ((y - x @ weights) ** 2).sum() / (y**2).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, nargs="+", default=[20000, 40000])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--data", type=Path)
    args = parser.parse_args()
    start = time.perf_counter()
    if args.data and args.data.exists():
        rows = [(n, [(m, v) for m, v in values]) for n, values in json.loads(args.data.read_text())]
    else:
        with ProcessPoolExecutor(len(args.first)) as pool:
            parts = pool.map(make, args.first, [args.positions] * len(args.first),
                             [args.samples] * len(args.first))  # fmt: skip
            rows = [row for part in parts for row in part]
        if args.data:
            args.data.write_text(json.dumps(rows))
    weights, r2 = fit(rows, args.ridge)
    print(f"{len(rows)} positions, {sum(len(v) for _, v in rows)} moves, R² {r2:.3f}, "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    print("WEIGHTS: Final[tuple[float, ...]] = (")
    for weight, meaning in zip(weights, FEATURES, strict=True):
        print(f"    {float(weight):+.4f},  # {meaning}")
    print(")")


if __name__ == "__main__":
    main()
