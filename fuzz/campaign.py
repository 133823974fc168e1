"""The fuzzing campaign: ``python -m fuzz.campaign --budget N --seed S``.

Each target of :mod:`fuzz.targets` runs in a child process of its own (``--child``), under a
memory limit (``resource.RLIMIT_AS``, ``--memory`` MB) with a deadline for every case
(``--deadline`` seconds, SIGALRM), for its share of the budget (``N`` cases in all, shared in
inverse proportion to the targets' costs: the contract and the command line get fewer). Hypothesis draws the cases from the seed, so a campaign repeats
exactly; every distinct failure (its exception and first line) is reported with the first
case that showed it (the mutations keep cases small). The report gives, for every target, the cases
run, the time, the slowest case and every distinct failure with its example; the exit status is
1 when something failed. docs/fuzzing.md tells more.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

__all__ = ["main"]


def _child(name: str, cases: int, seed: int, deadline: float, memory: int) -> dict[str, Any]:
    """Run ``cases`` cases of the target ``name`` here; what happened, as a JSON-able dict."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as seeded

    from fuzz.cli import CaseTimeout
    from fuzz.cli import deadline as within
    from fuzz.targets import TARGETS

    if memory:
        limit = memory * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    target = TARGETS[name]
    failures: dict[str, str] = {}
    ran: list[int] = [0]
    slowest: list[Any] = [0.0, ""]

    @settings(
        max_examples=cases,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @seeded(seed)
    @given(target.cases)
    def case(value: Any) -> None:
        ran[0] += 1
        start = time.perf_counter()
        try:
            with within(deadline):
                target.check(value)
        except (Exception, CaseTimeout) as error:  # every failure is reported
            kind = (
                f"{type(error).__name__}: {str(error).splitlines()[0][:160] if str(error) else ''}"
            )
            failures.setdefault(kind, repr(value)[:600])
        seconds = time.perf_counter() - start
        if seconds > slowest[0]:
            slowest[:] = [seconds, repr(value)[:200]]

    start = time.perf_counter()
    case()
    return {
        "target": name,
        "cases": ran[0],
        "seconds": round(time.perf_counter() - start, 1),
        "cpu": round(time.process_time(), 1),
        "slowest": round(float(slowest[0]), 2),
        "slowest_case": slowest[1],
        "failures": failures,
    }


def _run_target(name: str, cases: int, args: argparse.Namespace) -> dict[str, Any]:
    """Run a target in a child process; a child that dies (out of memory, a crash, a hang
    past every deadline) is a failure too."""
    command = [
        sys.executable, "-m", "fuzz.campaign", "--child", name, "--budget", str(cases),
        "--seed", str(args.seed), "--deadline", str(args.deadline), "--memory", str(args.memory),
    ]  # fmt: skip
    wall = max(60.0, cases * args.deadline)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=wall, check=False)
    except subprocess.TimeoutExpired:
        return {"target": name, "cases": 0, "failures": {"hang": f"no end within {wall} s"}}
    last = done.stdout.strip().splitlines()[-1:] or [""]
    try:
        result: dict[str, Any] = json.loads(last[0])
    except json.JSONDecodeError:
        tail = (done.stderr or done.stdout)[-600:]
        return {"target": name, "cases": 0, "failures": {f"exit {done.returncode}": tail}}
    return result


def _report(results: list[dict[str, Any]], seconds: float) -> str:
    lines = [f"{'target':<14} {'cases':>7} {'seconds':>8} {'slowest':>8}  failures"]
    for result in results:
        lines.append(
            f"{result['target']:<14} {result['cases']:>7} {result.get('seconds', 0):>8} "
            f"{result.get('slowest', 0):>8}  {len(result['failures'])}"
        )
    total = sum(result["cases"] for result in results)
    cpu = sum(result.get("cpu", 0) for result in results)
    lines.append(f"{'all':<14} {total:>7} {seconds:>8.0f}  (CPU {cpu:.0f} s)")
    for result in results:
        for kind, example in result["failures"].items():
            lines.append(f"\n{result['target']}: {kind}\n  example: {example}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the campaign (or, with ``--child``, one target of it); 1 when something failed."""
    from fuzz.targets import TARGETS

    parser = argparse.ArgumentParser(prog="python -m fuzz.campaign", description=__doc__)
    parser.add_argument("--budget", type=int, default=10_000, help="cases in all (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis' seed (default 0)")
    parser.add_argument("--deadline", type=float, default=10.0, help="seconds a case (default 10)")
    parser.add_argument("--memory", type=int, default=3072, help="MB a target (default 3072)")
    parser.add_argument("--target", action="append", choices=sorted(TARGETS), help="only these")
    parser.add_argument("--json", action="store_true", help="the results as JSON")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        result = _child(args.child, args.budget, args.seed, args.deadline, args.memory)
        print(json.dumps(result, ensure_ascii=True))
        return 0
    names = sorted(args.target or TARGETS, key=lambda name: (TARGETS[name].cost, name))
    weight = sum(1 / TARGETS[name].cost for name in names)
    start = time.perf_counter()
    results = []
    for name in names:
        cases = max(1, round(args.budget / TARGETS[name].cost / weight))
        results.append(_run_target(name, cases, args))
        print(_report(results[-1:], 0).splitlines()[1], file=sys.stderr, flush=True)
        for kind, example in results[-1]["failures"].items():
            print(f"  {kind}\n    example: {example}", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    print(json.dumps(results, indent=1) if args.json else _report(results, seconds))
    return 1 if any(result["failures"] for result in results) else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
