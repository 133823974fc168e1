"""The line at the end of every run that says which tests were skipped and why (the root
conftest.py's ``skip_summary``), grouped by what they needed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import conftest

ROOT = Path(__file__).resolve().parent.parent


class Report:
    def __init__(self, nodeid: str, reason: str) -> None:
        self.nodeid = nodeid
        self.longrepr = ("file.py", 1, "Skipped: " + reason)


def test_the_summary_groups_the_skipped_tests_by_what_they_needed() -> None:
    reports = [
        Report("tests/test_page.py::test_a", "no chromium at /usr/bin/chromium"),
        Report("tests/test_page_skat.py::test_b", "no chromium at /usr/bin/chromium"),
        Report("tests/test_rooms_postgres.py::test_c", "no initdb"),
        Report("tests/test_words.py::test_d", "something else"),
    ]
    line = conftest.skip_summary(reports)
    assert line == (
        "skipped: browser tests (2): no chromium at /usr/bin/chromium; "
        "PostgreSQL tests (1): no initdb; other tests (1): something else"
    )


def test_a_long_reason_is_cut_and_nothing_skipped_says_so() -> None:
    line = conftest.skip_summary([Report("tests/test_skat_dd.py::t", "x" * 500)])
    assert line.startswith("skipped: compiled-search tests (1): xxx") and len(line) < 150
    assert conftest.skip_summary([]).startswith("nothing skipped")


def test_a_run_ends_with_the_summary_line() -> None:
    """A real run of one quick test file prints the line last but pytest's own."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/test_skip_summary.py::test_a_long_reason_is_cut_and_nothing_skipped_says_so",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert "nothing skipped" in lines[-2], run.stdout
