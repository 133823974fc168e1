"""Every command of the command line, called in-process with random arguments built from a
grammar of plausible and broken ones: the exit status is 0-3 (never 4, an internal error) and
nothing on standard error looks like a traceback. Small budgets here; fuzz/ runs long ones."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from officers.cli import main

FAST = {  # commands and options that stay fast whatever the values drawn
    "show": ["--order", "--ascii", "--json"],
    "count": ["--order", "--time-limit", "--json"],
    "complete": ["--order", "--time-limit", "--json"],
    "explain": ["--order", "--json"],
    "hint": ["--json"],
    "simulate": ["--deals", "--seed", "--jobs", "--players", "--level", "--bot", "--tokens"],
    "deal": ["--players", "--seed", "--tokens", "--level", "--json", "--coins"],
    "state": ["--viewer", "--record", "--json"],
    "play": ["--players", "--seed", "--level", "--bot", "--tokens"],
    "verify-rules": ["--deals", "--games", "--seed", "--jobs"],
}
VALUES = [
    "0",
    "1",
    "2",
    "4",
    "5",
    "7",
    "-1",
    "²",
    "١",
    "1_0",
    "9" * 30,
    "",
    " ",
    "nan",
    "1e9",
    "all",
    "easy",
    "expert",
    "rows",
    "random",
    "x",
    "4/4/4/4",
    "AS@r1c1",
    "xr1c1",
    "r1c1",
    "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13",
    '[Result "*"]',
    "A♠",
    "\x00",
]
SMALL = {"--deals": "3", "--games": "3", "--time-limit": "1", "--order": "4"}


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(FAST)))
    argv = [command]
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            option = draw(st.sampled_from(FAST[command]))
            value = draw(st.sampled_from(VALUES) | st.text(max_size=8))
            if option in SMALL and draw(st.booleans()):
                value = SMALL[option]
            argv += [option, value]
        else:
            argv.append(draw(st.sampled_from(VALUES) | st.text(max_size=12)))
    for option, value in SMALL.items():  # keep runs short: a small budget unless drawn above
        if option in FAST[command] and option not in argv:
            argv += [option, value]
    if command == "simulate":
        argv += ["--no-progress"]
    return argv


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(argv=argvs())
def test_no_argument_reaches_an_internal_error(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("AS@r²c1\nquit\n"))
    capsys.readouterr()
    try:
        status = main(argv)
    except SystemExit as error:  # --help
        status = error.code if isinstance(error.code, int) else 2
    err = capsys.readouterr().err
    assert status in (0, 1, 2, 3), (argv, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
