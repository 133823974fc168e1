"""The HTTP service: endpoints, protection (413, 400, 422, 503), CORS, the docs page, hidden
cards staying hidden, one log line per request, a clean shutdown on SIGTERM."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from officers import GameState, hint, new_game
from officers.contract import Limits
from officers.rooms.store import SQLiteStore
from officers.serve import Settings, create_app
from tests.helpers import assert_valid, run_cli

GAME = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"
APP = create_app()


def call(method: str, path: str, app: Any = APP, **kwargs: Any) -> httpx.Response:
    """One request to the application in this process (ASGI transport); a body given as
    ``content`` is sent as JSON unless the headers say otherwise."""
    if "content" in kwargs:
        kwargs["headers"] = {"content-type": "application/json", **kwargs.get("headers", {})}

    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.request(method, path, **kwargs)

    return asyncio.run(go())


@pytest.mark.parametrize(
    ("op", "body", "kind"),
    [
        ("hint", {"game": GAME, "player": 2}, "hint"),
        ("explain", {"square": "AS1KS1/4/4/4"}, "explanation"),
        ("count", {"square": "AC3/1JS2/1AH1QD/4"}, "count"),
        ("complete", {"square": "AC3/1JS2/1AH1QD/4", "diagonals": False}, "completion"),
        ("move", {"game": GAME, "move": "AS@r1c1"}, "move"),
        ("bot", {"game": GAME, "bot": "designers"}, "move"),
        ("new", {"level": "expert", "players": 3, "seed": 4}, "game"),
        ("verify", {"starts": ["AC3/1JS2/1AH1QD/4"]}, "verification"),
        ("schema", {"name": "hint"}, "schema"),
    ],
)
def test_every_endpoint_answers_its_kind(op: str, body: dict[str, Any], kind: str) -> None:
    response = call("POST", f"/v1/{op}", json=body)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    data = response.json()
    assert data["kind"] == kind and data["version"] == 2
    assert_valid(data)


def test_health_openapi_and_docs_page() -> None:
    health = call("GET", "/v1/health").json()
    assert_valid(health)
    document = call("GET", "/openapi.json").json()
    assert document["openapi"] == "3.1.0" and document["info"]["version"] == health["officers"]
    assert {"/v1/hint", "/v1/verify", "/v1/health"} <= set(document["paths"])
    page = call("GET", "/docs")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert page.text.count("<form") == len(document["paths"])
    assert "https://" not in page.text and "cdn" not in page.text.lower()  # works offline


@pytest.mark.parametrize(
    ("content", "status", "code", "quoted"),
    [
        (b"{not json", 400, "bad-json", "{not json"),
        (b"[1, 2]", 422, "bad-request", "[1, 2]"),
        (b'{"square": "AS1AS1/4/4/4"}', 422, "bad-input", "AS1AS1/4/4/4"),
        (b'{"square": 7}', 422, "bad-request", "7"),
        (b'{"square": "' + b"/".join([b"12"] * 12) + b'"}', 422, "limit", "order 12"),
    ],
)
def test_unreadable_input_gets_the_librarys_message(
    content: bytes, status: int, code: str, quoted: str
) -> None:
    response = call("POST", "/v1/count", content=content)
    assert response.status_code == status
    data = response.json()
    assert data["code"] == code and quoted in data["message"]
    assert_valid(data)


def test_a_body_over_the_limit_gets_413() -> None:
    app = create_app(Settings(max_body=1000))
    response = call("POST", "/v1/count", app=app, content=b"{" + b" " * 2000 + b"}")
    assert response.status_code == 413 and response.json()["code"] == "too-large"

    async def chunks() -> Any:  # no Content-Length: counted as it comes
        for _ in range(10):
            yield b" " * 200

    response = call("POST", "/v1/count", app=app, content=chunks())
    assert response.status_code == 413


def test_out_of_time_is_503_with_an_unknown_answer() -> None:
    app = create_app(Settings(limits=Limits(time_limit=0.3, max_order=7)))  # order 6 is quick
    started = time.perf_counter()
    response = call("POST", "/v1/count", app=app, json={"square": "Aa6/7/7/7/7/7/7"})
    assert time.perf_counter() - started < 5
    assert response.status_code == 503
    assert response.json()["answer"] == "unknown" and response.json()["code"] == "timeout"


def test_unknown_paths_and_methods_answer_in_json() -> None:
    response = call("GET", "/v1/nothing")
    assert response.status_code == 404 and response.json()["code"] == "not-found"
    response = call("GET", "/v1/hint")
    assert response.status_code == 405 and response.json()["code"] == "method-not-allowed"
    assert response.headers["allow"] == "POST" and "POST" in response.json()["message"]


def test_cors_for_browser_frontends() -> None:
    app = create_app(Settings(cors=("https://game.example",)))
    headers = {
        "origin": "https://game.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
    }
    preflight = call("OPTIONS", "/v1/hint", app=app, headers=headers)
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "https://game.example"
    other = call(
        "OPTIONS", "/v1/hint", app=app, headers={**headers, "origin": "https://evil.example"}
    )
    assert other.status_code == 422 and other.json()["code"] == "bad-request"
    assert "refused by CORS" in other.json()["message"]
    assert "access-control-allow-origin" not in other.headers
    plain = call("GET", "/v1/health", app=create_app(Settings(cors=())), headers={"origin": "x"})
    assert "access-control-allow-origin" not in plain.headers


def test_a_hint_is_the_same_whatever_the_others_hidden_cards_are() -> None:
    rng = random.Random(5)
    for seed in range(6):
        players = 2 + seed % 3
        state = new_game("normal", players=players, seed=seed)
        for _ in range(rng.randrange(1, 6)):
            state.push(rng.choice([m for m in state.legal_moves() if m.kind == "place"]))
        me = state.turn
        first = call("POST", "/v1/hint", json={"game": state.notation(), "player": me + 1}).json()
        hidden = [card for p in range(players) if p != me for card in state.hand(p)]
        for _ in range(3):  # deal the others' hidden cards again, keeping the hand sizes
            rng.shuffle(hidden)
            hands, at = [], 0
            for p in range(players):
                if p == me:
                    hands.append(state.hand(p))
                else:
                    size = len(state.hand(p))
                    hands.append(tuple(sorted(hidden[at : at + size])))
                    at += size
            again = GameState(state.square, hands, level=state.level, tokens=state.tokens, turn=me)
            answer = call("POST", "/v1/hint", json={"game": again.notation(), "player": me + 1})
            assert answer.json() == first
        assert first == hint(state.view(me)).to_dict()


def test_one_log_line_per_request(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="officers.serve"):
        call("POST", "/v1/count", json={"square": "4/4/4/4"})
        call("GET", "/v1/health")
    lines = [r.getMessage() for r in caplog.records if r.name == "officers.serve"]
    assert len(lines) == 2
    assert lines[0].startswith("POST /v1/count 200 ") and lines[1].startswith("GET /v1/health 200")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _isolated(tmp_path: Path) -> dict[str, str]:
    """The environment of an ``officers serve`` that keeps nothing of the real user's: its
    home and data directory in ``tmp_path``, no proxy named."""
    env = {k: v for k, v in os.environ.items() if k != "FORWARDED_ALLOW_IPS"}
    return {**env, "HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "data")}


class Served:
    """``officers serve OPTIONS`` in a child process started in an empty folder of its own
    (``folder``), on a free port; what it printed is ``out`` once it has stopped."""

    def __init__(self, tmp_path: Path, *options: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = tmp_path / f"started-{self.port}"
        self.folder.mkdir()
        self.out = ""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "officers", "serve", "--port", str(self.port), *options],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=self.folder,
            env=_isolated(tmp_path),
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{self.url}/v1/health", timeout=1)
                return
            except httpx.HTTPError:
                assert time.monotonic() < deadline and self.process.poll() is None, self.stop()
                time.sleep(0.2)

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.out = self.process.communicate(timeout=30)[0]
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.out = self.process.communicate()[0]
        return self.out


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_answers_and_shuts_down_cleanly_on_sigterm(workers: int, tmp_path: Path) -> None:
    """... and keeps its rooms in the user's data directory, said at start-up, leaving the
    folder it was started in as empty as it found it."""
    served = Served(tmp_path, "--workers", str(workers))
    try:
        health = httpx.get(f"{served.url}/v1/health", timeout=5)
        assert health.json()["status"] == "ok"
        body = {"game": GAME, "player": 1}
        answer = httpx.post(f"{served.url}/v1/hint", json=body, timeout=5)
        assert answer.json()["recommendation"]["action"] == "place"
        made = httpx.post(f"{served.url}/v1/rooms", json={"game": "officers"}, timeout=10)
        assert made.status_code == 201, made.text
    finally:
        out = served.stop()
    # uvicorn finishes the requests, shuts the application down, then ends by the signal again
    assert served.process.returncode in (0, -signal.SIGTERM), out
    assert "Application shutdown complete" in out and "Finished server process" in out
    assert "POST /v1/hint 200" in out
    kept = tmp_path / "data" / "officers" / "rooms.db"
    assert f"officers serve: the rooms are kept in {kept}" in out.splitlines()
    assert list(served.folder.iterdir()) == []
    assert not (tmp_path / "home").exists()  # XDG_DATA_HOME said where: nothing else written
    store = SQLiteStore(str(kept))
    try:
        assert store.count() == 1 and store.get(made.json()["room"]) is not None
    finally:
        store.close()


def test_the_rooms_default_to_the_platform_s_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from officers.cli.service import default_rooms_db

    if sys.platform not in ("linux", "darwin"):
        pytest.skip("the data directory of Linux and macOS")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform == "linux":
        assert default_rooms_db() == tmp_path / "data" / "officers" / "rooms.db"
        monkeypatch.delenv("XDG_DATA_HOME")
        assert default_rooms_db() == tmp_path / "home/.local/share/officers/rooms.db"
    else:
        where = tmp_path / "home/Library/Application Support/officers/rooms.db"
        assert default_rooms_db() == where
    assert not (tmp_path / "home").exists()  # named, not made


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--rooms-db", "{tmp}/missing/rooms.db"], "officers: cannot keep the rooms in '{tmp}"),
        (["--rooms-db", "{tmp}"], "officers: cannot keep the rooms in '{tmp}'"),
        ([], "officers: cannot make the rooms' folder '{tmp}/file/officers'"),
        (["--forwarded-allow-ips", "proxy.example"], "'proxy.example' is no address"),
    ],
)
def test_a_rooms_store_or_proxy_that_cannot_be_used_is_one_line_before_any_start(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    options: list[str],
    said: str,
) -> None:
    (tmp_path / "file").write_text("a file, no folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    monkeypatch.chdir(tmp_path)
    argv = [option.format(tmp=tmp_path) for option in options]
    code, out, err = run_cli(capsys, "serve", "--port", "0", *argv)
    assert code == 2 and not out, err
    assert len(err.strip().splitlines()) == 1 and said.format(tmp=tmp_path) in err
    assert "Traceback" not in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["file"]


def test_an_earlier_versions_rooms_file_in_the_folder_is_named_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "started"
    folder.mkdir()
    (folder / "officers-rooms.db").write_bytes(b"")
    code = (
        "import sys, officers.serve; officers.serve.serve = lambda *a, **k: None\n"
        "from officers.cli import main; sys.exit(main(['serve']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_isolated(tmp_path),
        cwd=folder,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    kept = tmp_path / "data" / "officers" / "rooms.db"
    assert done.stderr.splitlines() == [
        f"officers serve: the rooms are kept in {kept}",
        "officers serve: the officers-rooms.db in this folder (where an earlier version kept the "
        "rooms) is not used: --rooms-db officers-rooms.db keeps its rooms",
    ]
    assert [path.name for path in folder.iterdir()] == ["officers-rooms.db"]
    assert (folder / "officers-rooms.db").read_bytes() == b""


def test_a_client_is_its_address_unless_the_operator_names_the_proxy(tmp_path: Path) -> None:
    """Behind no proxy a client's ``X-Forwarded-For`` changes nothing (it cannot pass its room
    cap by naming another address); with ``--forwarded-allow-ips`` naming the proxy, the
    address the proxy forwards is the client."""
    options = ["--rooms-db", ":memory:", "--rooms-per-client", "1"]
    for proxy, second in ((None, 422), ("127.0.0.1", 201)):
        served = Served(tmp_path, *options, *(["--forwarded-allow-ips", proxy] if proxy else []))
        try:
            rooms = f"{served.url}/v1/rooms"
            body = {"game": "officers"}
            first = httpx.post(rooms, json=body, headers={"X-Forwarded-For": "203.0.113.7"})
            assert first.status_code == 201, first.text
            other = {"X-Forwarded-For": "203.0.113.8", "Forwarded": "for=203.0.113.8"}
            again = httpx.post(rooms, json=body, headers=other)
            assert again.status_code == second, again.text
            if proxy is None:
                assert again.json()["code"] == "limit"
            else:  # the first address has its room: it is refused
                same = {"X-Forwarded-For": "203.0.113.7"}
                assert httpx.post(rooms, json=body, headers=same).status_code == 422
        finally:
            served.stop()
        assert "the rooms are kept in memory only" in served.out


def test_a_rooms_file_out_of_reach_is_503_and_never_says_where(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    where = tmp_path / "gone" / "rooms.db"  # its folder is missing: SQLite cannot open it
    app = create_app(Settings(rooms_db=str(where), rate=0))
    with caplog.at_level(logging.WARNING, logger="officers.serve"):
        made = call("POST", "/v1/rooms", app, json={"game": "officers"})
    assert made.status_code == 503 and made.headers["retry-after"] == "2"
    answer = made.json()
    assert answer["code"] == "unavailable" and answer["kind"] == "error"
    assert str(tmp_path) not in made.text and "rooms.db" not in made.text
    assert any("unable to open database file" in r.getMessage() for r in caplog.records)
    assert not where.parent.exists()


def test_a_live_connection_to_a_rooms_file_out_of_reach_is_told_unavailable(
    tmp_path: Path,
) -> None:
    from starlette.testclient import TestClient

    app = create_app(Settings(rooms_db=str(tmp_path / "gone" / "rooms.db"), rate=0))
    with TestClient(app) as client, client.websocket_connect("/v1/rooms/abc/live") as live:
        live.send_json({"type": "hello", "token": None, "after": 0})
        told = live.receive_text()
        closed = live.receive()
    assert json.loads(told)["code"] == "unavailable" and str(tmp_path) not in told
    assert closed["type"] == "websocket.close" and closed["code"] == 1011
    assert str(tmp_path) not in closed.get("reason", "")


def test_serve_without_the_extra_says_which_to_install(tmp_path: Any) -> None:
    blocker = tmp_path / "starlette.py"
    blocker.write_text("raise ImportError('no starlette here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.getcwd()])}
    result = subprocess.run(
        [sys.executable, "-m", "officers", "serve"],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 2 and not result.stdout
    assert result.stderr.strip().splitlines() == [
        "officers serve needs the 'serve' extra: pip install 'officers[serve]'"
    ]


def test_a_worker_freezes_its_start_and_collects_young_garbage_rarely() -> None:
    """The app uvicorn's workers make (``app_from_environment``) sets the worker's collector:
    start-up frozen, the thresholds of ``COLLECTOR_THRESHOLDS``; the app of ``create_app``
    (tests, embedding) leaves the process's collector alone."""
    script = (
        "import gc, json; from officers.serve import create_app, app_from_environment, "
        "COLLECTOR_THRESHOLDS as T; before = gc.get_threshold(); create_app(); "
        "same = gc.get_threshold() == before and gc.get_freeze_count() == 0; "
        "app_from_environment(); "
        "print(json.dumps([same, list(gc.get_threshold()) == list(T), gc.get_freeze_count() > 0]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert json.loads(done.stdout.splitlines()[-1]) == [True, True, True]


def test_the_threaded_service_never_forks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The service runs threads (its workers, the rooms' clock), and a process with threads
    must not fork (Python 3.12 warns of it: a lock another thread held stays held in the
    child). Its searches run in the children of the search server started at boot
    (officers.contract.bounded): with ``os.fork`` refused, a count and a completion past order
    4, a double-dummy solution and a room's tip are all answered."""
    import threading
    import warnings

    from starlette.testclient import TestClient

    from officers.skat import SkatGame

    def fork() -> int:
        raise AssertionError("the threaded service forked")

    monkeypatch.setattr(os, "fork", fork)
    late = SkatGame.deal(3)
    for _ in range(25):  # the choice and twelve cards: a solution of some milliseconds
        late.push(late.legal_moves()[0])
    settings = Settings(rate=0, rooms_db=str(tmp_path / "rooms.db"), limits=Limits(time_limit=30))
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # 3.12 and later: a fork warns
        with TestClient(create_app(settings)) as http:  # its start-up starts the search server
            threads = threading.active_count()
            count = http.post("/v1/count", json={"square": "5/5/5/5/5"})
            assert count.status_code == 200 and count.json()["completions"] == 6220800
            found = http.post("/v1/complete", json={"square": "AaBbCcDd1/5/5/5/5"}).json()
            assert found["completion"].startswith("AaBbCcDdEe/")
            solved = http.post("/v1/skat/solve", json={"game": late.notation()})
            assert solved.status_code == 200 and solved.json()["kind"] == "skat-solution"
            room = http.post("/v1/rooms", json={"game": "skat", "seats": ["human", "random"]})
            token = {"Authorization": f"Bearer {room.json()['token']}"}
            tip = http.post(f"/v1/rooms/{room.json()['room']}/hint", json={}, headers=token)
            assert tip.status_code == 200 and tip.json()["kind"] == "skat-tip"
    assert threads > 1
