"""Offiziersskat's bots at the same time a move: the expectimax bot (or ``--bot exact``) against
Monte Carlo.

**Positions with a known value** (``--positions N``). Positions of play drawn at random (deals
from ``--first``, a line of greedy and random moves followed until ``--hidden`` cards or fewer
lie face down, a card to lead or to answer, three moves or more), each solved exactly in the
chance game (:func:`officers.skat.chance.move_values`, Vorhand's win probability of each move).
Then both bots choose there with ``--budget`` seconds, one after the other, the order
alternating: the expectimax bot (:class:`officers.skat.bots.ExpectimaxBot`; with ``--bot exact``
the exact chance game with at most ``--exact-hidden`` cards face down,
:class:`officers.skat.bots.ExactBot`, Monte Carlo beyond, its ties broken by the simple order
or, with ``--ties learnt``, by the learnt order of :mod:`officers.skat.prior`) and Monte Carlo
(:class:`officers.skat.bots.MonteCarloBot`, as many sampled deals as the budget allows: the
peer at its best). A bot's *loss* on a position is the exact value of the best move less that of
the move it chose (for the player to move: Vorhand's win probability given away); the table
gives each bot's mean loss, how often it chose a best move, and the paired difference of the
losses with its 95 % interval.

**Early positions against a reference** (``--early N``): where no value is known (10 to 16
cards face down, after the game is chosen, deals from ``--first``, drawn as above), each
move's *reference* is Monte Carlo's own value with ``--reference K`` sampled deals (the share
of them Vorhand wins after the move, every move on the same deals). Each bot chooses there
three times (three seeds), and its loss is the reference's best less the reference's value of
its move. The bots: Monte Carlo with ``--budget``, with twice and with ten times the budget
(how much more time is worth on this scale), and ``--bot``. A screen for ways of spending
Monte Carlo's time (the reference is Monte Carlo's own objective, so it judges the use of the
samples, not strategy fusion); the duels decide.

**A duel** (``--duel N``): deals ``0 .. N-1`` of ``--seed``, each played twice with the seats
swapped, both bots with ``--budget`` seconds a move (:func:`officers.skat.simulate.duel`): the
expectimax bot's (or ``--bot``'s) margin in games won and in points, with 95 % intervals,
paired by deal. ``--jobs`` processes.

Both bots look at the clock, so the figures depend on the machine's speed and load (printed):
both bots are slowed alike, and the time each bot's move took is printed too.

**What a Monte Carlo sample costs** (``--sample-cost N``): on deals ``--first ..`` (N of them,
the game chosen by the simple order, then a line of greedy moves), at every fourth move with a
choice, 3 sampled deals; each sample's moves tested for Vorhand's win both ways, one after the
other, the order alternating: each move's position on a table of its own (``wins`` of each,
as the bot did before) and every move on one table (:func:`officers.skat.solve.wins_after`, as
it does now). The answers must agree; the CPU time of a sample, by the cards face down, with the
paired ratio.

Run: ``python -m benchmarks.bench_skat_bots [--positions 100] [--hidden 7] [--duel 0]
[--budget 0.1] [--first 1000] [--seed 1] [--jobs 2] [--sample-cost 0] [--bot expectimax|exact]
[--exact-hidden 6] [--ties order|learnt] [--early 0] [--reference 150]``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import time
from collections.abc import Callable
from fractions import Fraction

from officers.skat import SkatGame
from officers.skat.bots import ExactBot, ExpectimaxBot, MonteCarloBot, SkatBot, get_bot
from officers.skat.chance import move_values
from officers.skat.moves import Move
from officers.skat.public import Public
from officers.skat.rules import play
from officers.skat.simulate import duel
from officers.skat.solve import wins, wins_after
from officers.skat.tips import public_legal_moves


def drawn(first: int, count: int, wanted: Callable[[Public], bool], skips: int) -> list[Public]:
    """``count`` positions of play, one a deal from ``first`` on: a line of greedy and random
    moves from each deal, and the first position after the choice that is ``wanted`` with three
    moves or more, after passing over ``random.randrange(skips)`` such positions."""
    found: list[Public] = []
    greedy = get_bot("greedy")
    for deal in itertools.count(first):
        if len(found) == count:
            break
        rng = random.Random(deal)
        game = SkatGame.deal(deal)
        skip = rng.randrange(skips)
        while game.current_player is not None:
            public = Public.of(game)
            legal = game.legal_moves()
            if public.game is not None and wanted(public) and len(legal) >= 3:
                if skip == 0:
                    found.append(public)
                    break
                skip -= 1
            game.push(greedy.choose(public, rng) if rng.random() < 0.7 else rng.choice(legal))
    return found


def _positions(first: int, count: int, hidden: int) -> list[Public]:
    """``count`` positions of play with ``hidden`` cards face down or fewer (see the module)."""
    return drawn(first, count, lambda public: public.hidden_count() <= hidden, 3)


def _interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def challenger(args: argparse.Namespace) -> SkatBot:
    """The bot measured against Monte Carlo (``--bot``): the expectimax bot, or the exact
    chance game with at most ``--exact-hidden`` cards face down (Monte Carlo beyond, and where
    the exact search does not end in the budget)."""
    if args.bot == "exact":
        return ExactBot(
            exact_hidden=args.exact_hidden, samples=10**6, budget=args.budget, ties=args.ties
        )
    return ExpectimaxBot(budget=args.budget)


def positions(args: argparse.Namespace) -> None:
    bots: dict[str, SkatBot] = {
        args.bot: challenger(args),
        "montecarlo": MonteCarloBot(samples=10**6, budget=args.budget),
    }
    publics = _positions(args.first, args.positions, args.hidden)
    loss: dict[str, list[float]] = {name: [] for name in bots}
    took: dict[str, list[float]] = {name: [] for name in bots}
    for i, public in enumerate(publics):
        exact: dict[Move, Fraction] = move_values(public, "win")
        sign = 1 if public.to_move == 0 else -1
        best = max(sign * v for v in exact.values())
        names = list(bots) if i % 2 == 0 else list(reversed(bots))
        for name in names:
            start = time.perf_counter()
            move = bots[name].choose(public, random.Random(i))
            took[name].append(time.perf_counter() - start)
            loss[name].append(float(best - sign * exact[move]))
    print(
        f"{len(publics)} positions with at most {args.hidden} cards face down (deals from "
        f"{args.first}), {args.budget} s a move, load {os.getloadavg()[0]:.1f}"
    )
    print("| bot | mean loss (win probability) | best move chosen | median time a move |")
    print("|---|---|---|---|")
    for name in bots:
        chosen = sum(x == 0 for x in loss[name])
        print(
            f"| {name} | {statistics.fmean(loss[name]):.4f} | {chosen}/{len(publics)} | "
            f"{1000 * statistics.median(took[name]):.0f} ms |"
        )
    diff = [a - b for a, b in zip(loss["montecarlo"], loss[args.bot], strict=True)]
    mean, low, high = _interval(diff)
    print(f"Monte Carlo's loss less {args.bot}'s: {mean:+.4f} (95 %: {low:+.4f} .. {high:+.4f})")


def early_positions(first: int, count: int) -> list[Public]:
    """``count`` positions of play after the choice with 10 to 16 cards face down and three
    moves or more (:func:`drawn`)."""
    return drawn(first, count, lambda public: public.hidden_count() >= 10, 4)


def early(args: argparse.Namespace) -> None:
    bots: dict[str, SkatBot] = {
        "montecarlo": MonteCarloBot(samples=10**6, budget=args.budget),
        "montecarlo, 2x the time": MonteCarloBot(samples=10**6, budget=2 * args.budget),
        "montecarlo, 10x the time": MonteCarloBot(samples=10**6, budget=10 * args.budget),
        f"{args.bot}, {'the learnt' if args.ties == 'learnt' else 'the simple'} order's ties": (
            challenger(args)
        ),
    }
    publics = early_positions(args.first, args.early)
    loss: dict[str, list[float]] = {name: [] for name in bots}
    for i, public in enumerate(publics):
        moves = public_legal_moves(public)
        rng = random.Random(f"reference {i}")  # apart from the bots' seeds (ints)
        won = dict.fromkeys(moves, 0)
        for _ in range(args.reference):
            for move, wins_it in wins_after(public.sample(rng), moves).items():
                won[move] += wins_it
        sign = 1 if public.to_move == 0 else -1
        value = {m: sign * won[m] / args.reference for m in moves}
        best = max(value.values())
        for seed in range(3):
            names = list(bots) if (i + seed) % 2 == 0 else list(reversed(bots))
            for name in names:
                move = bots[name].choose(public, random.Random(1000 * i + seed))
                loss[name].append(best - value[move])
    print(
        f"{len(publics)} positions with 10 to 16 cards face down (deals from {args.first}), "
        f"a reference of {args.reference} sampled deals, {args.budget} s a move, three "
        f"choices a position, load {os.getloadavg()[0]:.1f}"
    )
    print("| bot | mean loss against the reference | best move chosen | Monte Carlo's loss less "
          "the bot's (95 %) |")  # fmt: skip
    print("|---|---|---|---|")
    for name in bots:
        chosen = sum(x == 0 for x in loss[name])
        diff = [a - b for a, b in zip(loss["montecarlo"], loss[name], strict=True)]
        mean, low, high = _interval(diff)
        print(
            f"| {name} | {statistics.fmean(loss[name]):.4f} | {chosen}/{len(loss[name])} | "
            f"{mean:+.4f} ({low:+.4f} .. {high:+.4f}) |"
        )


def duel_run(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    result = duel(
        challenger(args),
        MonteCarloBot(samples=10**6, budget=args.budget),
        args.duel,
        args.seed,
        jobs=args.jobs,
        progress=False,
    )
    print(result.text())
    print(
        f"{args.budget} s a move, {args.jobs} jobs, load {os.getloadavg()[0]:.1f}, "
        f"{time.perf_counter() - start:.0f} s"
    )


def sample_cost(args: argparse.Namespace) -> None:
    greedy = get_bot("greedy")
    rows: dict[str, list[tuple[float, float]]] = {}
    for deal in range(args.first, args.first + args.sample_cost):
        rng = random.Random(deal)
        game = SkatGame.deal(deal)
        game.push(greedy.choose(game.view(0), rng))
        step = 0
        while game.current_player is not None:
            public = Public.of(game)
            moves = game.legal_moves()
            if len(moves) > 1 and step % 4 == 0:
                stage = f"{public.hidden_count() // 4 * 4}-{public.hidden_count() // 4 * 4 + 3}"
                for k in range(3):
                    position = public.sample(rng)
                    times: dict[str, float] = {}
                    answers: dict[str, dict[Move, bool]] = {}
                    for way in ("apart", "one") if k % 2 == 0 else ("one", "apart"):
                        start = time.process_time()
                        if way == "one":
                            answers[way] = wins_after(position, moves)
                        else:
                            answers[way] = {m: wins(play(position, m)) for m in moves}
                        times[way] = time.process_time() - start
                    if answers["one"] != answers["apart"]:
                        raise AssertionError(f"deal {deal}: the two ways disagree")
                    rows.setdefault(stage, []).append((times["apart"], times["one"]))
            step += len(moves) > 1
            game.push(greedy.choose(game.view(game.current_player), rng))
    print(
        f"A Monte Carlo sample's win tests, deals {args.first} .. "
        f"{args.first + args.sample_cost - 1}, CPU time, load {os.getloadavg()[0]:.1f}"
    )
    print("| cards face down | samples | a table each (median) | one table (median) "
          "| paired ratio (median) | in all |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|")
    every = [pair for stage in rows for pair in rows[stage]]
    for stage in [*sorted(rows, key=lambda s: -int(s.split("-")[0])), "all"]:
        pairs = every if stage == "all" else rows[stage]
        apart, one = zip(*pairs, strict=True)
        ratio = statistics.median(a / o for a, o in pairs if o > 0)
        print(
            f"| {stage} | {len(pairs)} | {1000 * statistics.median(apart):.2f} ms | "
            f"{1000 * statistics.median(one):.2f} ms | {ratio:.2f}× | {sum(apart) / sum(one):.2f}× |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--hidden", type=int, default=7)
    parser.add_argument("--duel", type=int, default=0)
    parser.add_argument("--budget", type=float, default=0.1)
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sample-cost", type=int, default=0)
    parser.add_argument("--bot", choices=["expectimax", "exact"], default="expectimax")
    parser.add_argument("--exact-hidden", type=int, default=6)
    parser.add_argument("--ties", choices=["order", "learnt"], default="order")
    parser.add_argument("--early", type=int, default=0)
    parser.add_argument("--reference", type=int, default=150)
    args = parser.parse_args()
    if args.sample_cost:
        sample_cost(args)
        return
    if args.early:
        early(args)
        return
    if args.positions:
        positions(args)
    if args.duel:
        duel_run(args)


if __name__ == "__main__":
    main()
