"""Argument vectors for ``officers``, built from the command grammar itself (every command, its
options, good and bad values), and a runner that calls :func:`officers.cli.main` in-process
with a deadline and says what was wrong with the run.

>>> "show" in COMMANDS and ("puzzle", "verify") in GRAMMAR
True
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import os
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from officers import Square
from officers.cli import ExitCode, main, parser

__all__ = [
    "COMMANDS",
    "DOCUMENTED",
    "CaseTimeout",
    "Run",
    "argvs",
    "check_run",
    "deadline",
    "run",
]

DOCUMENTED = frozenset(code.value for code in ExitCode) - {ExitCode.INTERNAL.value}
"""The exit statuses a run may end with: every documented one but an internal error."""

START = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"
SQUARES = [
    "AC3/1JS2/1AH1QD/4",
    "4/4/4/4",
    "AS1AS1/4/4/4",
    "ASKHQDJC/KDACJSQH/QCJDAHKS/JHQSKCAD",
    "Aa1/1Bb",
    "2/2",
    "3/3/3",
    "5/5/5/5/5",
    '{"order": 5, "notation": "Aa4/5/5/5/5"}',
    '{"order": 27, "cells": []}',
    '{"order": 3, "cells": [[0, 0], null, null, null, null, null, null, null, null]}',
    "-",
    "@/nonexistent/square.json",
]
GOOD: dict[str, list[str]] = {  # good values by the option's dest
    "square": [*SQUARES, "@@square.json"],
    "starts": SQUARES[:4],
    "format": ["text", "json", "csv", "x"],
    "max_reasons": ["1", "3", "0"],
    "host": ["127.0.0.1"],
    "cors": ["*", ""],
    "game": [START, f'[Setup "{START}"]\n\nKD@r1c2 *', "AC3/1JS2/1AH1QD/4 normal 1 1 - - - 1"],
    "moves": ["KD@r1c2", "QS@r1c2", "take-back", "concede", "r1c1"],
    "hand": ["KD QS", "AS", "KDQS", "AS AS"],
    "others": ["JH", "KC QH", ""],
    "locked": ["r1c1", "r1c1,r2c2", "0,5", "r3c2"],
    "level": ["easy", "normal", "hard", "expert", "all", "rows", "diagonals"],
    "bot": ["designers", "neighbour", "exact", "hinted", "random", "all"],
    "players": ["1", "2", "3", "4", "2,3", "all"],
    "tokens": ["0", "1", "2", "0,1"],
    "seed": ["0", "1", "7", "123456"],
    "kind": ["count", "hint", "error", "view"],
    "file": ["/nonexistent/starts.txt", "/dev/null", "@starts"],
    "sheet": ["/nonexistent/dir/sheet.html", "@sheet.svg", "@sheet.html", "@sheet.txt"],
    "lang": ["en", "de", "fr"],
    "difficulty": ["1", "2", "3", "4", "easy", "expert"],
    "viewer": ["1", "2", "3", "5"],
    "player": ["1", "2", "3"],
    "human": ["1", "2"],
    "cards": ["4", "5", "8", "16", "3"],
    "count": ["1", "2", "3"],
    "order": ["1", "2", "3", "4", "5"],
    "time_limit": ["0.5", "1"],
    "deals": ["1", "2", "3"],
    "games": ["1", "2", "3"],
    "jobs": ["1", "2"],
    "port": ["0", "8000"],
    "workers": ["1"],
    "max_body": ["1", "65536"],
}
BAD = [
    "",
    " ",
    "0",
    "-1",
    "²",
    "١",
    "1_0",
    "9" * 30,
    "1e9",
    "nan",
    "inf",
    "x",
    "A♠",
    "AS@r²c1",
    "\x00",
    "\udcff",  # an undecodable byte as the command line brings it (surrogateescape)
    "--",
    "-x",
    "{",
    "[" * 200,
    '{"order": 1000000}',
    "r9c9",
    "x" * 5000,
]
CAPS = {  # the values that keep a run short; drawn values above these are replaced
    "order": 5,
    "deals": 3,
    "games": 3,
    "count": 3,
    "jobs": 2,
}
NEEDED: dict[
    str, list[tuple[str, ...]]
] = {  # options every run of a command gets, unless drawn: a small budget
    "count": [("--time-limit", "1")],
    "complete": [("--time-limit", "1")],
    "enumerate": [("--time-limit", "1")],
    "simulate": [("--deals", "2"), ("--no-progress",)],
    "verify-rules": [("--deals", "2"), ("--games", "2")],
    "solve": [("--time-limit", "1")],
    "hint": [("--time-limit", "1")],
    "census": [("--deals", "2")],
}
"""Keyed on a command's last word, so that a game's group (``euler count``, ``eightoff
simulate``) gets the budget of the same verb at the top."""
STDIN = "KD@r1c2\n²\nAS@r9c9\nquit\n" + '{"op": "count", "square": "4/4/4/4"}\n{"op": 1}\n'


@dataclass(frozen=True)
class Option:
    """One argument of a command: its spelling (none for a positional), its dest, whether it
    takes a value and how many, its choices."""

    strings: tuple[str, ...]
    dest: str
    takes: str | int | None  # argparse's nargs; 0 for a switch
    choices: tuple[str, ...]


def _grammar() -> dict[tuple[str, ...], list[Option]]:
    """Every command (a path: ``("puzzle", "verify")``) and its arguments, read off the parser."""
    grammar: dict[tuple[str, ...], list[Option]] = {}

    def walk(path: tuple[str, ...], command: argparse.ArgumentParser) -> None:
        options = []
        for action in command._actions:  # argparse lists them nowhere else
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk((*path, name), sub)
                continue
            takes = 0 if action.nargs == 0 else action.nargs
            choices = tuple(str(c) for c in action.choices or ())
            options.append(Option(tuple(action.option_strings), action.dest, takes, choices))
        if path and not any(isinstance(a, argparse._SubParsersAction) for a in command._actions):
            grammar[path] = options

    walk((), parser())
    return grammar


GRAMMAR = _grammar()
COMMANDS = sorted({path[0] for path in GRAMMAR})
"""Every command of ``officers``."""


def _value(draw: st.DrawFn, option: Option) -> str:
    pick: int = draw(st.integers(0, 3))
    if option.choices and pick:
        choice: str = draw(st.sampled_from(option.choices))
        return choice
    good = GOOD.get(option.dest)
    if good and draw(st.integers(0, 2)):
        value = draw(st.sampled_from(good))
    else:
        value = draw(st.sampled_from(BAD) | st.text(max_size=12))
    cap = CAPS.get(option.dest)
    if cap is not None and value.isascii() and value.isdigit() and int(value) > cap:
        value = str(cap)
    return value


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    """An argument vector: a command, its positionals (mostly right), options with good and
    bad values in any order, now and then a stray word, a repeated option or ``--help``."""
    path = draw(st.sampled_from(sorted(GRAMMAR)))
    options = GRAMMAR[path]
    argv = list(path)
    for option in options:
        if option.strings or option.dest == "help":
            continue
        count = 1 if option.takes in (None, 1) else draw(st.integers(0, 2))
        if option.takes == "?":
            count = draw(st.integers(0, 1))
        argv += [_value(draw, option) for _ in range(count)]
    named = [option for option in options if option.strings and option.dest != "help"]
    for option in draw(st.lists(st.sampled_from(named), max_size=5)) if named else []:
        argv.append(draw(st.sampled_from(option.strings)))
        if option.takes != 0:
            argv.append(_value(draw, option))
    if draw(st.integers(0, 9)) == 0:
        argv.insert(draw(st.integers(1, len(argv))), draw(st.sampled_from(BAD)))
    if draw(st.integers(0, 19)) == 0 or path == ("serve",):  # serve would serve: its help
        argv.append("--help")
    spelled = {string for option in options for string in option.strings}
    for needed in NEEDED.get(path[-1], []):
        if needed[0] in spelled and needed[0] not in argv:
            argv += needed
    if path[-1] == "enumerate":  # listing order 5 prints 6,220,800 squares: order 4 at most
        argv = [
            str(min(int(word), 4))
            if word.isascii() and word.isdigit() and before == "--order"
            else word
            for before, word in zip(["", *argv[:-1]], argv, strict=True)
        ]
    return [_here(word) for word in argv]


def _here(word: str) -> str:
    """``@name`` (a file the fuzzer provides) as its path in a scratch directory; ``@@name``
    as ``@`` and that path (how a command is given a square in a file)."""
    if word.startswith("@@"):
        return "@" + os.path.join(_scratch(), word[2:])
    if word.startswith("@") and not word.startswith("@/"):
        return os.path.join(_scratch(), word[1:])
    return word


@functools.cache
def _scratch() -> str:
    """A scratch directory for the run (a file of starts in it)."""
    scratch = tempfile.mkdtemp(prefix="officers-fuzz-")
    with open(os.path.join(scratch, "starts"), "w", encoding="utf-8") as file:
        file.write("AC3/1JS2/1AH1QD/4\nAS1AS1/4/4/4\n\n²\n")
    with open(os.path.join(scratch, "square.json"), "w", encoding="utf-8") as file:
        file.write(Square.empty(30).to_json())
    return scratch


class CaseTimeout(BaseException):
    """A case ran past its deadline (a BaseException: no ``except Exception`` swallows it)."""


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`CaseTimeout` in the body after ``seconds`` (SIGALRM; the main thread of a
    POSIX process; elsewhere no deadline)."""
    if not hasattr(signal, "setitimer") or seconds <= 0:
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise CaseTimeout(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@dataclass(frozen=True)
class Run:
    """What a run of the command line did."""

    argv: list[str]
    status: int
    out: str
    err: str
    seconds: float


def run(argv: list[str], seconds: float = 10.0, stdin: str = STDIN) -> Run:
    """Run ``officers`` in-process with ``argv``, standard input ``stdin`` and a deadline; its
    standard output and error are captured (a :class:`CaseTimeout` shows as an internal error
    naming it)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    start = time.perf_counter()
    try:
        with deadline(seconds):
            status = main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return Run(argv, int(status), out.getvalue(), err.getvalue(), time.perf_counter() - start)


def check_run(result: Run) -> None:
    """Raise AssertionError saying what is wrong with a run: an undocumented or internal exit
    status, a traceback, an error without its one line, a run past its deadline."""
    where = f"officers {' '.join(map(repr, result.argv))[:300]}: "
    assert "CaseTimeout" not in result.err, where + f"too slow: {result.err.strip()[:200]}"
    assert "Traceback" not in result.err, where + f"a traceback:\n{result.err[-1000:]}"
    assert result.status in DOCUMENTED, where + f"exit status {result.status}: {result.err[:300]}"
    lines = result.err.splitlines()
    for line in lines:
        assert len(line) <= 500, where + f"a line of {len(line)} characters on standard error"
    if result.status in (ExitCode.BAD_INPUT, ExitCode.OUTPUT) and not result.out.strip():
        # an error, and no report on standard output that says what it is: one line that does
        assert len(lines) == 1, where + f"an error in {len(lines)} lines: {result.err[:300]!r}"
        assert lines[0].startswith("officers"), where + f"a line not saying whose: {lines[0]!r}"
