"""The measuring rules of the benchmarks, in one place, so that every table is read the same way.

On a shared machine a time means little on its own: other work comes and goes. So

- every case is run in *rounds*, and within a round every case runs once, in an order that
  rotates from round to round (interleaved): a slow spell hits all cases alike;
- every figure is the **median over the rounds**, with its spread: the interquartile range
  ``[q1–q3]`` of the rounds (the middle half), or ``min–max`` where there are few rounds;
- every comparison is a **ratio within the same round** (paired), reported as the median of the
  per-round ratios with their interquartile range; never a ratio of two medians taken apart;
- a *first call* runs in a fresh interpreter (a subprocess) after the imports it needs, and is
  reported beside the *warm* call (the same call again in a process that has made it before).

A case that takes microseconds runs ``inner`` times in a row inside each round, and its figure
is the time per call. :func:`measure` returns every sample, so a table can show whatever it
needs; :func:`row` formats the usual one.

>>> samples = measure({"a": lambda: sum(range(100)), "b": lambda: sum(range(200))}, rounds=5)
>>> sorted(samples), len(samples["a"])
(['a', 'b'], 5)
>>> 0 < ratio(samples, "b", "a").median < 100
True
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "Spread",
    "first_call",
    "format_ratio",
    "format_seconds",
    "load_average",
    "measure",
    "process_times",
    "processes",
    "ratio",
    "row",
    "spread",
]


@dataclass(frozen=True)
class Spread:
    """The median of some samples and the interquartile range around it (``q1``, ``q3``), with
    the extremes and the number of samples."""

    median: float
    q1: float
    q3: float
    low: float
    high: float
    n: int


def spread(samples: Sequence[float]) -> Spread:
    """The median and the spread of the samples.

    >>> s = spread([1.0, 2.0, 3.0, 4.0, 100.0])
    >>> s.median, s.q1, s.q3, s.low, s.high
    (3.0, 2.0, 4.0, 1.0, 100.0)
    """
    ordered = sorted(samples)
    if len(ordered) >= 4:
        q1, _, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    else:
        q1, q3 = ordered[0], ordered[-1]
    return Spread(statistics.median(ordered), q1, q3, ordered[0], ordered[-1], len(ordered))


def measure(
    cases: Mapping[str, Callable[[], object]],
    rounds: int = 15,
    inner: Mapping[str, int] | int = 1,
    setup: Callable[[], object] | None = None,
) -> dict[str, list[float]]:
    """Seconds per call of each case, one sample per round, the cases interleaved (the order
    rotates each round). ``inner``: calls per sample (per case, or for all); ``setup`` runs
    before every call that is timed (and is not timed): e.g. clearing a cache."""
    names = list(cases)
    samples: dict[str, list[float]] = {name: [] for name in names}
    clock = time.perf_counter
    for r in range(rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            run = cases[name]
            count = inner if isinstance(inner, int) else inner.get(name, 1)
            spent = 0.0
            for _ in range(count):
                if setup is not None:
                    setup()
                start = clock()
                run()
                spent += clock() - start
            samples[name].append(spent / count)
    return samples


def ratio(samples: Mapping[str, Sequence[float]], case: str, baseline: str) -> Spread:
    """The paired ratio ``case / baseline``, round by round: its median and spread."""
    pairs = zip(samples[case], samples[baseline], strict=True)
    return spread([mine / base for mine, base in pairs])


def first_call(setup: str, timed: str, rounds: int = 11) -> list[float]:
    """Seconds of the statement ``timed`` run once in a fresh interpreter, after ``setup`` (its
    imports); one fresh process per round. Compare cases by interleaving calls yourself."""
    code = (
        f"{setup}\nimport time as _t\n_s = _t.perf_counter()\n{timed}\n"
        "print(repr(_t.perf_counter() - _s))"
    )
    found = []
    for _ in range(rounds):
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        found.append(float(done.stdout.strip().splitlines()[-1]))
    return found


def processes(
    commands: Mapping[str, Sequence[str]], rounds: int = 21, warmup: int = 2
) -> dict[str, list[float]]:
    """Wall seconds of whole processes (start to exit), interleaved like :func:`measure`."""
    for argv in commands.values():
        for _ in range(warmup):
            subprocess.run(argv, capture_output=True, check=False)

    def runner(argv: Sequence[str]) -> Callable[[], object]:
        return lambda: subprocess.run(argv, capture_output=True, check=False)

    return measure({name: runner(argv) for name, argv in commands.items()}, rounds=rounds)


def process_times(
    commands: Mapping[str, Sequence[str]], rounds: int = 21, warmup: int = 2
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Whole processes interleaved like :func:`processes`: their wall seconds, and the CPU
    seconds (user + system) each spent, from the operating system's account of the child.

    On a loaded machine the wall time includes waiting for a core; the CPU time does not, so it
    is the steadier measure of the work a command does (it leaves out time spent waiting on the
    disk or for a core)."""
    for argv in commands.values():
        for _ in range(warmup):
            subprocess.run(argv, capture_output=True, check=False)
    names = list(commands)
    wall: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            start = time.perf_counter()
            child = subprocess.Popen(
                commands[name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            _, status, usage = os.wait4(child.pid, 0)
            wall[name].append(time.perf_counter() - start)
            child.returncode = os.waitstatus_to_exitcode(status)
            cpu[name].append(usage.ru_utime + usage.ru_stime)
    return wall, cpu


def load_average() -> str:
    """The machine's load over the last 1, 5 and 15 minutes, and its number of cores: what a
    table's timings were taken under.

    >>> "cores" in load_average()
    True
    """
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:  # pragma: no cover - not on every system
        return f"load unknown, {os.cpu_count()} cores"
    return f"load {one:.1f} / {five:.1f} / {fifteen:.1f} (1, 5, 15 min), {os.cpu_count()} cores"


def format_seconds(seconds: float) -> str:
    """A duration with a unit that keeps 3 significant digits: ``1.23 s``, ``45.6 ms``.

    >>> format_seconds(2.5), format_seconds(0.0123), format_seconds(4.5e-6), format_seconds(4e-8)
    ('2.50 s', '12.3 ms', '4.50 µs', '0.04 µs')
    """
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale or unit == "µs":
            value = seconds / scale
            digits = 2 if value < 10 else 1 if value < 100 else 0
            return f"{value:.{digits}f} {unit}"
    raise AssertionError  # pragma: no cover


def format_ratio(value: float) -> str:
    """A ratio with 2 or 3 significant digits: ``0.53×``, ``4.2×``, ``41×``.

    >>> format_ratio(0.534), format_ratio(4.21), format_ratio(41.4), format_ratio(1234.5)
    ('0.53×', '4.2×', '41×', '1,234×')
    """
    if value < 1:
        return f"{value:.2f}×"
    if value < 10:
        return f"{value:.1f}×"
    return f"{value:,.0f}×"


def row(name: str, samples: Mapping[str, Sequence[float]], baseline: str | None) -> str:
    """A Markdown table row: the case, its median ``[q1–q3]``, and (with a ``baseline``) the
    median of the paired ratios case / baseline ``[q1–q3]``."""
    s = spread(samples[name])
    cells = [name, f"{format_seconds(s.median)} [{format_seconds(s.q1)}–{format_seconds(s.q3)}]"]
    if baseline is not None:
        r = ratio(samples, name, baseline)
        cells.append(f"{format_ratio(r.median)} [{format_ratio(r.q1)}–{format_ratio(r.q3)}]")
    return "| " + " | ".join(cells) + " |"
