"""Every command of the command line, called in-process with argument vectors built from the
real command grammar (:mod:`fuzz.cli`: every command, its options, good and bad values): the
exit status is a documented one and never 4 (an internal error), an error says what it is in one
line on standard error, no traceback, and every run ends within its deadline. Small budgets
here; ``python -m fuzz.campaign`` runs long ones (docs/fuzzing.md)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz.cli import COMMANDS, DOCUMENTED, GRAMMAR, argvs, check_run, run
from officers.cli import GROUPS, ExitCode

DEADLINE = 30.0
"""Seconds a run may take here (the machine may be busy; the campaign's deadline is tighter)."""


def test_the_grammar_has_every_command() -> None:
    assert set(COMMANDS) == set(GROUPS) and ("puzzle", "verify") in GRAMMAR
    assert ExitCode.INTERNAL not in DOCUMENTED and ExitCode.BROKEN_PIPE in DOCUMENTED


@settings(
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(argv=argvs())
def test_no_argument_vector_reaches_an_internal_error(argv: list[str]) -> None:
    check_run(run(argv, seconds=DEADLINE))


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "\udcff"],  # an undecodable byte of the command line
        ["show", "4/4/4/4", "--order", "١"],
        ["count", "4/4/4/4", "--time-limit", "nan"],
        ["verify-rules", "--deals", "x" * 5000],
        ["hint", "a\nb", "--hand", "AS"],
        ["state", "[" * 200],
        ["show", '{"order": 1000000}'],
        ["show", "@/nonexistent/square.json"],
        ["puzzle", "verify", "--file", "\x00"],  # a NUL: no path can hold one
        ["show", "@a\x00b"],
        ["puzzle", "new", "--sheet", "/nonexistent/dir/x.svg", "--seed", "1"],
    ],
)
def test_bad_arguments_get_one_line_and_status_2(argv: list[str]) -> None:
    result = run(argv, seconds=DEADLINE)
    check_run(result)
    assert result.status == ExitCode.BAD_INPUT, result
