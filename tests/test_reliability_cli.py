"""Reliability of the command line: class 6 of the reliability issue (output: ``--ascii``, an
ASCII locale, a full disk, standard output closed, a broken pipe) and the command line's side of
classes 1 (orders each surface takes) and 4 (every library error has its exit status)."""

from __future__ import annotations

import errno
import inspect
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import officers.core.errors
from fuzz.cli import check_run, run
from officers.cli import ExitCode, failure
from officers.euler.solve.construct import graeco_latin_square
from officers.euler.square import MAX_ORDER, Square

SUITS = "♠♥♦♣"
ROOT = Path(__file__).resolve().parent.parent
GAME = "AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 KDKC/QSJH - - 13"

SUIT_COMMANDS = [  # commands whose plain output holds suits, each with a case that shows them
    ["show", "AS1KS1/4/4/4"],
    ["show", "AS1KS1/4/4/4", "--json"],
    ["show", "ASAS2/4/4/4"],  # the error line quotes a card
    ["complete", "AC3/1JS2/1AH1QD/4"],
    ["explain", "AS1KS1/4/4/4"],
    ["hint", "AS1KS1/4/4/4", "--hand", "QD JC"],
    ["state", GAME],
    ["puzzle", "verify", "AC3/1JS2/1AH1QD/4", "AS1AS1/4/4/4"],
    ["puzzle", "new", "--seed", "1", "--solution"],
]


def _officers(*argv: str, **options: object) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **options.pop("env", {})}  # type: ignore[dict-item]
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "officers", *argv],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=environment,
        timeout=60,
        check=False,
        **options,  # type: ignore[arg-type]
    )


# --- class 6: output ---------------------------------------------------------------------------


@pytest.mark.parametrize("argv", SUIT_COMMANDS, ids=" ".join)
def test_class6_ascii_prints_no_suit_anywhere(argv: list[str]) -> None:
    plain = run(argv, seconds=60)
    assert any(suit in plain.out + plain.err for suit in SUITS), "the case shows no suit"
    result = run([*argv, "--ascii"], seconds=60)
    check_run(result)
    assert result.status == plain.status
    assert not any(suit in result.out + result.err for suit in SUITS), result
    assert (result.out + result.err).isascii(), result


@pytest.mark.parametrize("argv", SUIT_COMMANDS[:6:2], ids=" ".join)
def test_class6_an_ascii_locale_gets_letters_not_an_error(argv: list[str]) -> None:
    expected = run(argv, seconds=60).status
    for env in ({"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONIOENCODING": "ascii"}):
        done = _officers(*argv, env=env)
        assert done.returncode == expected, done.stderr
        assert "Error" not in done.stderr and "internal" not in done.stderr, done.stderr
        assert (done.stdout + done.stderr).isascii()


EVERY_COMMAND = [
    *SUIT_COMMANDS,
    ["count", "AC3/1JS2/1AH1QD/4", "--json"],
    ["enumerate", "--order", "3"],
    ["deal", "--seed", "3", "--json"],
    ["play", "--seed", "2", "--players", "2"],
    ["simulate", "--deals", "2", "--no-progress"],
    ["verify-rules", "--deals", "2", "--games", "2"],
    ["puzzle", "report", "AC3/1JS2/1AH1QD/4"],
    ["puzzle", "census"],
    ["prove-order-6"],
    ["engine"],
    ["schema", "count"],
    ["--help"],
]


@pytest.mark.parametrize("argv", EVERY_COMMAND, ids=" ".join)
def test_class6_every_command_under_an_ascii_locale(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standard output and error that encode ASCII only (``PYTHONIOENCODING=ascii``, strict):
    every command answers as with ``--ascii``, and nothing fails to encode."""
    from officers.cli import main

    streams = [io.TextIOWrapper(io.BytesIO(), encoding="ascii") for _ in range(2)]
    monkeypatch.setattr(sys, "stdout", streams[0])
    monkeypatch.setattr(sys, "stderr", streams[1])
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"op": "explain", "square": "AS1KS1/4/4/4"}\n'))
    status = main(argv)
    for stream in streams:
        stream.flush()
    out, err = (stream.buffer.getvalue().decode("ascii") for stream in streams)  # type: ignore[attr-defined]
    assert status not in (ExitCode.INTERNAL, ExitCode.OUTPUT), err
    assert out.strip() or err.strip(), "a command that says nothing"
    assert "Traceback" not in err and "Error" not in err, err
    expected = run([*argv, "--ascii"] if argv != ["--help"] else argv, seconds=60)
    assert status == expected.status, (err, expected.err)


class _Failing(io.StringIO):
    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


@pytest.mark.parametrize(
    ("error", "status", "says"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), ExitCode.OUTPUT, "No space left"),
        (OSError(errno.EIO, "Input/output error"), ExitCode.OUTPUT, "Input/output error"),
        (BrokenPipeError(errno.EPIPE, "Broken pipe"), ExitCode.BROKEN_PIPE, None),
    ],
)
def test_class6_output_that_cannot_be_written(
    error: OSError, status: ExitCode, says: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from officers.cli import main

    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", _Failing(error))
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["count", "AC3/1JS2/1AH1QD/4"]) == status
    lines = err.getvalue().splitlines()
    if says is None:
        assert lines == []  # quietly
    else:
        assert len(lines) == 1 and says in lines[0] and "internal" not in lines[0]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_class6_a_full_disk_is_one_line_and_status_74() -> None:
    with open("/dev/full", "w") as full:
        done = _officers("count", "4/4/4/4", stdout=full)
    assert done.returncode == ExitCode.OUTPUT == 74
    assert done.stderr == "officers: cannot write the output: No space left on device\n"
    with open("/dev/full", "w") as full:
        done = _officers("--help", stdout=full)  # argparse would swallow the error
    assert done.returncode == ExitCode.OUTPUT


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell")
def test_class6_closed_standard_output_is_not_a_silent_success() -> None:
    done = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m officers show 4/4/4/4 >&-'],
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == ExitCode.OUTPUT
    assert done.stderr.strip() == "officers: cannot write the output: standard output is closed"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGPIPE")
def test_class6_a_broken_pipe_ends_quietly_and_not_with_0() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "officers", "enumerate", "--order", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # as `officers enumerate --order 5 | head -1` does
    status = process.wait(timeout=60)
    err = process.stderr.read()
    process.stderr.close()
    assert first.count(b"/") == 4
    assert status == ExitCode.BROKEN_PIPE == 141
    assert err == b""


# --- class 1 and 4 on the command line --------------------------------------------------------


def test_class1_cli_refuses_huge_orders_at_once() -> None:
    for argv in (["show", "4/4/4/4", "--order", "1000000"], ["enumerate", "--order", "10**9"]):
        result = run(argv, seconds=2)
        check_run(result)
        assert result.status == ExitCode.BAD_INPUT and "--order" in result.err


def test_class1_cli_reads_json_squares_beyond_the_text_notation(tmp_path: Path) -> None:
    square = graeco_latin_square(30)
    path = tmp_path / "square.json"
    path.write_text(square.to_json(), encoding="utf-8")
    for argv, stdin in (
        (["show", f"@{path}"], ""),
        (["show", "-", "--json"], square.to_json()),
        (["show", square.to_json(), "--order", "30"], ""),
    ):
        result = run(argv, seconds=60, stdin=stdin)
        assert result.status == ExitCode.OK, result.err
        assert "keeps the rule" in result.out or '"valid": true' in result.out
    largest = run(["show", Square.empty(MAX_ORDER).to_json(), "--json"], seconds=60)
    assert largest.status == ExitCode.OK and f'"order": {MAX_ORDER}' in largest.out
    too_large = run(["show", f'{{"order": {MAX_ORDER + 1}, "cells": []}}'], seconds=10)
    check_run(too_large)
    assert too_large.status == ExitCode.BAD_INPUT and f"up to order {MAX_ORDER}" in too_large.err
    mismatch = run(["show", f"@{path}", "--order", "5"], seconds=10)
    check_run(mismatch)
    assert mismatch.status == ExitCode.BAD_INPUT and "order 30" in mismatch.err


def test_class4_every_library_error_has_its_exit_status() -> None:
    """Every exception class of officers.core.errors maps to a documented status and one line;
    the catch-all (4) is left for bugs."""
    classes = [
        value
        for value in vars(officers.core.errors).values()
        if inspect.isclass(value) and issubclass(value, officers.OfficersError)
    ]
    assert len(classes) >= 9
    for kind in classes:
        status, line = failure(kind("what went wrong"))
        assert status not in (ExitCode.INTERNAL, ExitCode.OK), kind
        assert line == "officers: what went wrong", kind
    assert failure(officers.SolverTimeoutError("x"))[0] == ExitCode.TIMEOUT
    assert failure(FileNotFoundError(2, "No such file", "x.json"))[0] == ExitCode.BAD_INPUT
    assert failure(KeyError("a bug"))[0] == ExitCode.INTERNAL
