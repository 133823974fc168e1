"""The JavaScript examples of the docs (docs/examples/*.mjs) run with Node.js against a real
``officers serve`` in a child process, and what each prints is checked against the library.

Each example exits non-zero on any answer it did not expect (a status, a ``kind``, a move
refused or not refused); the tests also hold what it prints to facts computed here without
the service: Euler's Officers' square has the completions the backtracking search counts, and
its completion finishes it; Eight Off's win replays to a won game; Offiziersskat's
double-dummy value, from the compiled search behind the service, is the pure-Python search's,
and its line ends there; each seat of a room holds its own hand and sees the other's as a
count, and hears every event of the room once, over the WebSocket and by polling.

The tests skip when Node.js (18 or later: the global ``fetch``) is missing, unless the
environment says ``OFFICERS_NODE_TESTS=required`` (then they fail). ``OFFICERS_NODE`` names
the program (default ``node`` on the ``PATH``).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from officers.contract import handle
from officers.euler.rules import Rules
from officers.euler.solve.backtrack import count
from officers.euler.square import Square
from officers.skat.game import SkatGame
from officers.skat.solve import solve

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
REQUIRED = os.environ.get("OFFICERS_NODE_TESTS", "") == "required"
NODE = os.environ.get("OFFICERS_NODE", "node")
RUN_SECONDS = 60  # the most one example may take before it counts as hung


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"{reason} (OFFICERS_NODE_TESTS=required)")
    pytest.skip(reason)


def _probe(*arguments: str) -> subprocess.CompletedProcess[str] | None:
    program = shutil.which(NODE)
    if program is None:
        return None
    return subprocess.run(
        [program, *arguments], capture_output=True, text=True, timeout=RUN_SECONDS, check=False
    )


@pytest.fixture(scope="module")
def node() -> str:
    """The Node.js program, 18 or later."""
    found = _probe("--version")
    if found is None or found.returncode != 0:
        _missing(f"no Node.js ({NODE}) on this machine")
    assert found is not None
    version = re.match(r"v(\d+)\.", found.stdout.strip())
    if version is None or int(version[1]) < 18:
        _missing(f"Node.js {found.stdout.strip()} has no global fetch (18 or later)")
    return shutil.which(NODE) or NODE


WEBSOCKET = "process.exit(typeof WebSocket === 'function' ? 0 : 1)"


def _flags_for(live: bool) -> list[str] | None:
    """The flags under which Node has a WebSocket (``live``) or has none, or ``None`` when no
    flag gives that (Node 18 has no WebSocket at all)."""
    for flags in ([], ["--experimental-websocket"] if live else ["--no-experimental-websocket"]):
        found = _probe(*flags, "-e", WEBSOCKET)  # 0: a WebSocket, 1: none, 9: a flag unknown
        if found is not None and found.returncode == (0 if live else 1):
            return flags
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``officers serve`` on a free port, run from a folder outside the checkout (so that it is
    the installed package), its rooms in a file of that folder; its base URL."""
    folder = tmp_path_factory.mktemp("serve")
    port = _free_port()
    log = (folder / "serve.log").open("wb")
    command = [sys.executable, "-m", "officers", "serve", "--port", str(port)]
    # --rate 0: the examples' requests come in bursts; --time-limit 10: a tip at the game's
    # choice takes 1-4 s on a busy machine, and a search out of time would fail the example
    command += ["--rooms-db", str(folder / "rooms.db"), "--rate", "0", "--time-limit", "10"]
    process = subprocess.Popen(command, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/v1/health", timeout=1) as answer:
                    if answer.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            assert process.poll() is None, (folder / "serve.log").read_text("utf-8", "replace")
            assert time.monotonic() < deadline, "officers serve did not start"
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def run(node: str, service: str, name: str, *flags: str) -> str:
    """What docs/examples/``name`` prints against the service; it must exit with status 0."""
    done = subprocess.run(
        [node, *flags, str(EXAMPLES / name), service],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=RUN_SECONDS,
        check=False,
    )
    assert done.returncode == 0, f"{name} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_every_example_is_in_the_docs() -> None:
    examples = sorted(path.name for path in EXAMPLES.glob("*.mjs"))
    assert examples == ["eightoff.mjs", "officers.mjs", "play.mjs", "rooms.mjs", "skat.mjs"]
    contract = (ROOT / "docs" / "contract.md").read_text("utf-8")
    for name in examples:
        assert f'--8<-- "docs/examples/{name}"' in contract, name


def test_officers(node: str, service: str) -> None:
    out = run(node, service, "officers.mjs")
    hands = [line.split(" holds ")[1].split() for line in out.splitlines() if " holds " in line]
    # the seed deals the hands the library deals in process
    assert hands == handle({"op": "new", "level": "normal", "players": 2, "seed": 7})["hands"]
    assert sorted(map(len, hands)) == [8, 8] and len(set(hands[0] + hands[1])) == 16
    assert re.search(r"^player 1 played [AKQJ][SHDC]@r\dc\d: square ", out, re.MULTILINE)
    assert re.search(r"^refused: slip: cannot place ", out, re.MULTILINE)
    found = re.search(r"^(\S+) has (\d+) completions, one of them (\S+)$", out, re.MULTILINE)
    assert found is not None, out
    square, completions, completion = Square(found[1]), int(found[2]), Square(found[3])
    assert square.placed_count() == 2  # one card of each player
    assert count(square, Rules()) == completions > 0
    assert Rules().is_finished(completion)
    assert all(completion[cell] == card for cell, card in square.placed())


def test_eightoff(node: str, service: str) -> None:
    out = run(node, service, "eightoff.mjs")
    assert re.search(r"^refused \(no-fit\): cannot play 12: ", out, re.MULTILINE), out
    assert re.search(r"^hint \(winnable\): ", out, re.MULTILINE), out
    solved = re.search(r"^solvable in (\d+) moves", out, re.MULTILINE)
    replayed = re.search(r"^replayed (\d+) moves: won", out, re.MULTILINE)
    assert solved is not None and replayed is not None, out
    assert int(replayed[1]) == int(solved[1]) + 1  # the move played before the search
    assert '{"C":13,"D":13,"H":13,"S":13}' in out.splitlines()[-1]


def test_skat(node: str, service: str) -> None:
    out = run(node, service, "skat.mjs")
    assert re.search(r"^refused \(face-down\): cannot play ", out, re.MULTILINE), out
    choice = re.search(r"^Vorhand chooses ([CSHDG]): ", out, re.MULTILINE)
    cards = re.findall(r"^([VH]) plays (\S+): ", out, re.MULTILINE)
    assert choice is not None and len(cards) == 4 and cards[0][0] == "V", out
    # the same game in process, its value by the pure-Python search
    game = handle({"op": "skat/deal", "number": 1})["game"]
    for move in [choice[1], *(card for _, card in cards)]:
        answer = handle({"op": "skat/move", "game": game, "move": move})
        assert answer["refused"] is None
        game = answer["game"]
    value = solve(SkatGame.parse(game), line=False, compiled=False).value
    said = re.search(r"^double dummy: Vorhand ends with (\d+) points \((wins|loses)\)", out, re.M)
    assert said is not None and int(said[1]) == value, out
    assert said[2] == ("wins" if value >= 61 else "loses")
    end = re.search(r"^played out: .*\b(\d+):(\d+)\b", out, re.MULTILINE)
    assert end is not None and int(end[1]) == value and int(end[1]) + int(end[2]) == 120, out


@pytest.mark.parametrize("live", [True, False], ids=["websocket", "polling"])
def test_rooms(node: str, service: str, live: bool) -> None:
    flags = _flags_for(live)
    if flags is None:
        pytest.skip("this Node.js has no WebSocket" if live else "this Node.js always has one")
    out = run(node, service, "rooms.mjs", *flags)
    assert ("over its WebSocket" in out) == live and ("polls the events" in out) == (not live)
    assert re.search(r"^Bo out of turn: conflict: ", out, re.MULTILINE), out
    seen = re.findall(
        r"^(\w+) \(seat (\d)\) holds ((?:[AKQJ][SHDC] ?)+); the other hand: 8 cards; "
        r"game \S+ \w+ \d+ \d+ (\S+) ",
        out,
        re.MULTILINE,
    )
    assert [(name, seat) for name, seat, _, _ in seen] == [("Ada", "1"), ("Bo", "2")], out
    hands = [cards.split() for _, _, cards, _ in seen]
    assert [len(hand) for hand in hands] == [8, 8] and not set(hands[0]) & set(hands[1])
    # each seat's game notation names its own hand and writes the other's as ?8
    assert [notation for *_, notation in seen] == [
        "".join(hands[0]) + "/?8",
        "?8/" + "".join(hands[1]),
    ]
    plays = re.findall(r"^(Ada|Bo) plays ", out, re.MULTILINE)
    assert plays == ["Ada", "Bo"] * 3, out
    for name in ("Ada", "Bo"):  # every event once, in order, whichever way it came
        heard = [int(n) for n in re.findall(rf"^  {name} hears #(\d+) ", out, re.MULTILINE)]
        assert heard == list(range(1, 11)), (name, heard)
    assert re.search(r"^Ada received \d+ views, none with Bo's 5 cards in hand$", out, re.M)
    assert re.search(r"^Bo received \d+ views, none with Ada's 5 cards in hand$", out, re.M)
