"""Helpers shared by the test modules: the game's two rule sets, the command line run in the
test's own process, and property tests that check each input once."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import ParamSpec

import pytest

from officers import Rules
from officers.cli import main

__all__ = ["BOTH", "IDS", "once_per_input", "run_cli"]

P = ParamSpec("P")

# The game's two rule sets, and their ids for pytest.mark.parametrize.
BOTH = [Rules(), Rules(diagonals=True)]
IDS = ["rows-columns", "diagonals"]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line with ``argv``: its exit status, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def once_per_input(test: Callable[P, None]) -> Callable[P, None]:
    """The property test, skipping the inputs it has already passed on.

    Hypothesis draws one square in many ways (the empty square from each of the finished squares
    it keeps no cell of), and the exact methods are deterministic, so checking a square again
    proves nothing new; the empty square, drawn about one time in ten, has the most completions
    of all. A failing input is never skipped, so Hypothesis replays and shrinks it as usual. Put
    it under ``@given``; the arguments must be hashable.

    >>> calls = []
    >>> check = once_per_input(lambda square: calls.append(square))
    >>> for square in ["AS3/4/4/4", "4/4/4/4", "AS3/4/4/4"]:
    ...     check(square)
    >>> calls
    ['AS3/4/4/4', '4/4/4/4']
    """
    passed: set[Hashable] = set()

    @functools.wraps(test)
    def check(*args: P.args, **kwargs: P.kwargs) -> None:
        key = (args, tuple(sorted(kwargs.items())))
        if key not in passed:
            test(*args, **kwargs)
            passed.add(key)

    return check
