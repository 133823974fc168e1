"""The doors as a hostile client meets them: a real ``officers serve`` (slow headers and bodies,
a search cap, rate limits, control characters in the log, a stop with idle connections) and a
real ``officers engine`` (lines that once ended it, cancel, quit and SIGTERM in a search, a
50 MB line). Every search child is gone when its parent has ended."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

SLOW_SQUARE = "Aa6/7/7/7/7/7/7"  # order 7, nearly empty: a search of many seconds
GAME = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
    return found


def descendants(pid: int) -> set[int]:
    """The processes below ``pid``: its children, theirs, and so on."""
    found, kin = set(), children(pid)
    while kin:
        found |= kin
        kin = set().union(*(children(child) for child in kin))
    return found


def searches(pid: int) -> set[int]:
    """The search children working for process ``pid``: its descendants that call themselves
    ``officers-search`` (the children of its search server, officers.contract.bounded)."""
    named = set()
    for child in descendants(pid):
        with contextlib.suppress(OSError):
            if Path(f"/proc/{child}/comm").read_text().strip() == "officers-search":
                named.add(child)
    return named


def searching(pid: int) -> int:
    """The search child working for process ``pid`` on a long search: one that is still there
    a fifth of a second after it was seen (a search that ends at once is not the one asked
    for; the search server's first child calls itself officers-start, not a search)."""
    found: list[int] = []

    def lasting() -> bool:
        seen = searches(pid)
        time.sleep(0.2)
        found[:] = sorted(seen & searches(pid))
        return bool(found)

    wait_for(lasting, 10, "a search child")
    return found[0]


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for(condition: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.05)


linux = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")


class Served:
    """A running ``officers serve``: its ``url``, ``process``, and what it printed (``out``,
    once it has ended)."""

    def __init__(self, url: str, process: subprocess.Popen[str]) -> None:
        self.url = url
        self.process = process
        self.out = ""


@contextlib.contextmanager
def server(*options: str) -> Iterator[Served]:
    port = _free_port()
    command = [sys.executable, "-m", "officers", "serve", "--port", str(port)]
    command += ["--rooms-db", ":memory:", *options]  # nothing kept in the user's data directory
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    served = Served(url, process)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{url}/v1/health", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.1)
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            served.out = process.communicate(timeout=30)[0]
        except subprocess.TimeoutExpired:
            process.kill()
            served.out = process.communicate()[0]


def _raw(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def test_slow_headers_and_bodies_are_cut_off() -> None:
    with server("--header-timeout", "1", "--body-timeout", "1", "--rate", "0") as served:
        url = served.url
        started = time.monotonic()
        silent = _raw(url)  # opens and says nothing
        dribbling = _raw(url)
        dribbling.sendall(b"POST /v1/count HTTP/1.1\r\nHost: x\r\n")  # headers never end
        body = _raw(url)
        body.sendall(
            b"POST /v1/count HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        for sock in (silent, dribbling):
            assert sock.recv(1024) == b""  # closed by the server
        answer = b""
        while chunk := body.recv(4096):
            answer += chunk
        assert b" 408 " in answer.split(b"\r\n")[0] and b"request-timeout" in answer
        assert time.monotonic() - started < 6
        assert httpx.get(f"{url}/v1/health").status_code == 200  # the service goes on


def test_a_full_house_of_connections_gets_503_not_a_hang() -> None:
    with server("--max-connections", "8", "--header-timeout", "5", "--rate", "0") as served:
        url = served.url
        held = [_raw(url) for _ in range(8)]
        response = httpx.get(f"{url}/v1/health", timeout=5)
        assert response.status_code == 503
        for sock in held:
            sock.close()
        wait_for(
            lambda: httpx.get(f"{url}/v1/health", timeout=5).status_code == 200, 10, "served again"
        )


def test_searches_over_the_cap_are_refused_at_once_and_cheap_requests_go_on() -> None:
    options = ("--max-searches", "1", "--time-limit", "3", "--rate", "0", "--max-order", "7")
    with server(*options) as served:
        url, process = served.url, served.process
        results: list[httpx.Response] = []

        def slow() -> None:
            results.append(httpx.post(f"{url}/v1/count", json={"square": SLOW_SQUARE}, timeout=30))

        first = threading.Thread(target=slow)
        first.start()
        searching(process.pid)
        started = time.monotonic()
        refused = httpx.post(f"{url}/v1/count", json={"square": "Bb6/7/7/7/7/7/7"}, timeout=30)
        cheap = httpx.post(f"{url}/v1/hint", json={"game": GAME, "player": 1}, timeout=30)
        assert time.monotonic() - started < 2
        first.join()
    assert results[0].status_code == 503 and results[0].json()["code"] == "timeout"
    assert refused.status_code == 503 and refused.json()["code"] == "busy"
    assert refused.headers["retry-after"] in ("1", "2", "3")
    assert cheap.status_code == 200


def test_one_client_over_its_rate_gets_429_with_retry_after() -> None:
    # a token comes back every 100 s, so the bucket, once drawn, stays empty however slow the
    # machine (at a rate of 1 a second a busy machine let a token come back between requests)
    with server("--rate", "0.01", "--burst", "3") as served:
        url = served.url
        statuses = [httpx.get(f"{url}/v1/health").status_code for _ in range(3)]
        assert statuses == [200, 200, 429]  # the start's own health check drew one of the 3
        limited = httpx.get(f"{url}/v1/health")
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
        assert limited.json()["code"] == "rate-limited"
        assert httpx.get(f"{url}/").status_code == 200  # the page is not an API call


def test_a_forged_log_line_stays_on_its_own_line() -> None:
    forged = "/nothing%0a2099-01-01%2000:00:00,000%20officers.serve%20POST%20/v1/admin%20200"
    with server("--rate", "0") as served:
        assert httpx.get(served.url + forged).status_code == 404
    out = served.out
    assert "2099-01-01" in out
    assert not any(line.startswith("2099-01-01") for line in out.splitlines())
    assert "/nothing\\n2099-01-01" in out


def test_a_stop_with_an_idle_kept_alive_connection_ends_in_bounded_time() -> None:
    with server("--shutdown-timeout", "2", "--keep-alive", "60") as served:
        url, process = served.url, served.process
        idle = _raw(url)
        idle.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b" 200 " in idle.recv(4096)
        half = _raw(url)
        half.sendall(b"GET /v1/health HTTP/1.1\r\n")
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
        assert time.monotonic() - started < 10


def test_the_content_type_must_be_json_and_every_answer_has_the_security_headers() -> None:
    with server("--rate", "0") as served:
        url = served.url
        plain = httpx.post(
            f"{url}/v1/count",
            content=b'{"square": "4/4/4/4"}',
            headers={"content-type": "text/plain"},
        )
        assert plain.status_code == 415 and plain.json()["code"] == "unsupported-media-type"
        assert "access-control-allow-origin" not in plain.headers
        for path in ("/v1/health", "/docs", "/openapi.json", "/v1/nothing"):
            response = httpx.get(url + path)
            assert response.headers["x-content-type-options"] == "nosniff"
            assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
            assert response.headers["x-frame-options"] == "DENY"


# -- the engine ----------------------------------------------------------------------------


def strict(line: str) -> Any:
    def refuse(word: str) -> Any:
        raise ValueError(word)

    return json.loads(line, parse_constant=refuse)


def test_the_lines_that_once_ended_the_engine_are_each_answered() -> None:
    lines = [
        rb'{"id": "\ud800", "op": "health"}',
        rb'{"id": 1, "op": "verify", "starts": ["\ud800"]}',
        b'{"id": 2, "x": ' + b"9" * 5000 + b"}",
        b'{"id": NaN, "op": "health"}',
        b'{"id": Infinity, "op": "health"}',
        b'{"id": 1e400, "op": "health"}',
        b'{"id": 3, "op": "count", "square": "4/4/4/4", "diagonalz": true}',
        b"\xff\xfe not UTF-8",
        b'{"id": 4, "op": "hello", "pad": "' + b"x" * 200_000 + b'"}',
        b'{"id": 5, "op": "health"}',
    ]
    result = subprocess.run(
        [sys.executable, "-m", "officers", "engine"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0 and not result.stderr
    answers = [strict(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert len(answers) == len(lines)
    assert answers[0] == {**answers[0], "kind": "health", "id": "\ud800"}
    assert answers[1]["kind"] == "verification" and answers[1]["results"][0]["error"]
    codes = [answer.get("code") for answer in answers[2:]]
    assert codes == ["bad-json"] * 4 + ["bad-request", "bad-json", "too-large", None]
    assert answers[-1] == {**answers[-1], "kind": "health", "id": 5}


@linux
def test_a_fifty_megabyte_line_is_never_held_whole() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "officers", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert process.stdin and process.stdout
    chunk = b"x" * (1 << 20)
    process.stdin.write(b'{"pad": "')
    for _ in range(50):
        process.stdin.write(chunk)
    process.stdin.write(b'"}\n{"id": 1, "op": "health"}\n')
    process.stdin.flush()
    first = json.loads(process.stdout.readline())
    second = json.loads(process.stdout.readline())
    peak = int(
        next(
            line.split()[1]
            for line in Path(f"/proc/{process.pid}/status").read_text().splitlines()
            if line.startswith("VmHWM:")
        )
    )
    process.stdin.close()
    process.wait(timeout=30)
    assert first["code"] == "too-large" and second["kind"] == "health"
    assert peak < 200_000, f"peak {peak} kB"


def _engine(*options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "officers", "engine", *options],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _send(process: subprocess.Popen[str], request: dict[str, Any]) -> None:
    assert process.stdin
    process.stdin.write(json.dumps(request) + "\n")
    process.stdin.flush()


@linux
def test_cancel_ends_a_search_at_once_and_the_engine_goes_on() -> None:
    process = _engine("--time-limit", "60", "--max-order", "7")
    try:
        _send(process, {"id": 1, "op": "count", "square": SLOW_SQUARE})
        searcher = searching(process.pid)
        started = time.monotonic()
        _send(process, {"id": 2, "op": "cancel"})
        _send(process, {"id": 3, "op": "health"})
        assert process.stdout
        answers = [json.loads(process.stdout.readline()) for _ in range(3)]
        assert time.monotonic() - started < 3
        assert [a["id"] for a in answers] == [1, 2, 3]
        assert answers[0]["code"] == "cancelled" and answers[0]["answer"] == "unknown"
        assert answers[1]["kind"] == "cancel" and answers[2]["kind"] == "health"
        wait_for(lambda: not alive(searcher), 5, "the search child ended")
    finally:
        process.kill()
        process.communicate()


@linux
def test_a_search_child_killed_from_outside_ends_its_request_and_nothing_else() -> None:
    """The out-of-memory killer (or an operator) ends a search: its request is answered as out
    of time, the engine and its search server go on, and the next search is answered."""
    process = _engine("--time-limit", "60", "--max-order", "7")
    try:
        _send(process, {"id": 1, "op": "count", "square": SLOW_SQUARE})
        os.kill(searching(process.pid), signal.SIGKILL)
        _send(process, {"id": 2, "op": "count", "square": "5/5/5/5/5"})
        assert process.stdout
        killed, after = (json.loads(process.stdout.readline()) for _ in range(2))
        assert killed["code"] == "timeout" and "stopped without an answer" in killed["message"]
        assert after["completions"] == 6220800 and process.poll() is None
    finally:
        process.kill()
        process.communicate()


@linux
@pytest.mark.parametrize("how", ["quit", "sigterm", "sigkill"])
def test_no_search_child_outlives_the_engine(how: str) -> None:
    process = _engine("--time-limit", "60", "--max-order", "7")
    _send(process, {"id": 1, "op": "count", "square": SLOW_SQUARE})
    searcher = searching(process.pid)
    kin = descendants(process.pid)  # the search server (and its helper) too
    started = time.monotonic()
    if how == "quit":
        _send(process, {"id": 2, "op": "quit"})
    else:
        process.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGKILL)
    out, _ = process.communicate(timeout=20)
    assert time.monotonic() - started < 5
    if how == "quit":
        answers = [json.loads(line) for line in out.splitlines()]
        assert [a.get("code") or a["kind"] for a in answers] == ["cancelled", "bye"]
        assert process.returncode == 0
    wait_for(lambda: not alive(searcher), 5, "the search child ended")
    wait_for(lambda: not any(alive(pid) for pid in kin), 5, "every process it started ended")


def test_a_search_answers_while_the_client_keeps_the_input_open() -> None:
    """A search runs while the reading thread waits for the next line: its child must not
    wait for that thread's lock (a child forked from the engine did, and every search past
    order 4 ran out of time; the search server's children are not forked from the engine)."""
    process = _engine("--time-limit", "20")
    try:
        started = time.monotonic()
        _send(process, {"id": 1, "op": "count", "square": "Aa4/5/5/5/5"})
        assert process.stdout
        answer = json.loads(process.stdout.readline())
        assert answer["completions"] == 248832 and time.monotonic() - started < 10
        _send(process, {"id": 2, "op": "complete", "square": "Aa4/5/5/5/5"})
        assert json.loads(process.stdout.readline())["completion"] is not None
    finally:
        process.kill()
        process.communicate()
