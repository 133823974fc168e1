"""Helpers shared by the test modules: the game's two rule sets, and the command line run in
the test's own process."""

from __future__ import annotations

import pytest

from officers import Rules
from officers.cli import main

__all__ = ["BOTH", "IDS", "run_cli"]

# The game's two rule sets, and their ids for pytest.mark.parametrize.
BOTH = [Rules(), Rules(diagonals=True)]
IDS = ["rows-columns", "diagonals"]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line with ``argv``: its exit status, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
