"""The README lists every exit status of ``officers``, each with what it means."""

from __future__ import annotations

import re
from pathlib import Path

from officers.cli import ExitCode

README = Path(__file__).resolve().parent.parent / "README.md"


def _statuses_paragraph() -> str:
    text = " ".join(README.read_text(encoding="utf-8").split())
    start = text.index("Exit status: 0 for an answer")
    return text[start : text.index("Every command takes", start)]


def test_the_readme_names_every_exit_status_in_order() -> None:
    named = [int(n) for n in re.findall(r"\b(\d+) (?:for|when|on)\b", _statuses_paragraph())]
    assert named == [code.value for code in ExitCode]


def test_the_readme_says_what_exit_status_4_means() -> None:
    paragraph = _statuses_paragraph()
    assert ExitCode.INTERNAL == 4
    assert "4 on an internal error (a bug in officers" in paragraph
    assert "please report it" in paragraph
