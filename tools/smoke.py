"""A smoke test of an installed officers, run from a folder outside the checkout (CI does).

    python smoke.py             # the package with its 'serve' extra
    python smoke.py --bare      # the package alone: 'officers serve' must name the extra

It checks what a user meets first, against the package that ``python`` imports, and refuses to
run when that package is a source tree rather than an installation: ``officers --version``
against the wheel's metadata (and the newest release of CHANGELOG.md with ``--changelog``), a
count that needs the packed data, a hint through ``officers engine``, every registered operation
of every game by its example request (through the engine, and over HTTP), every shipped JSON
Schema read with :mod:`importlib.resources`, the compiled searches (the exact cover and
Offiziersskat's double dummy) imported on this Python when the wheel holds them (required with
``OFFICERS_REQUIRE_EXTENSION=1``), and ``officers serve`` answering ``/v1/health``,
``/openapi.json``, each game's page (``/``, ``/eightoff``, ``/skat``) with every script and style
sheet it names, and a room of Offiziersskat played against a bot, in which the seat is told no
face-down card, kept in the user's data directory (``XDG_DATA_HOME``, a folder of its own here)
and nowhere in the folder the service was started from; and ``--rooms-db postgresql://...`` answered in one line (the database
unreachable with the 'postgres' extra, the extra named without it).
Standard library only; one line a check; exit status 0 when all pass.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from html.parser import HTMLParser
from importlib import metadata, resources
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

GAME = "AS3/4/4/4 normal 1 2 ADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 2"
TIMEOUT = 60.0


class SmokeError(Exception):
    """A check that did not pass."""


def officers_command() -> str:
    """The ``officers`` script installed beside this interpreter."""
    here = Path(sys.executable).parent / "officers"
    found = str(here) if here.exists() else shutil.which("officers")
    if found is None:
        raise SmokeError("no 'officers' command beside this Python")
    return found


def run(*args: str, stdin: str = "", code: int = 0) -> str:
    """Run ``officers ARGS``; its standard output, when it exits with ``code``."""
    done = subprocess.run(
        [officers_command(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    if done.returncode != code:
        raise SmokeError(
            f"officers {' '.join(args)} exited {done.returncode}, expected {code}: "
            f"{done.stderr.strip()[-500:]}"
        )
    return done.stdout if code == 0 else done.stderr


def check_installed() -> str:
    """The package imported is the one installed in this environment's site-packages."""
    import officers

    where = Path(officers.__file__ or "").resolve().parent
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    if not where.is_relative_to(site):
        raise SmokeError(f"officers is imported from {where}, not from {site}")
    return str(where)


def check_version(changelog: Path | None) -> str:
    """``officers --version``, ``officers.__version__``, the metadata (and CHANGELOG.md) agree."""
    import officers

    wheel = metadata.version("officers")
    said = run("--version").strip()
    # the first line names the version; the lines after it, the compiled parts (check_compiled)
    if said.splitlines()[:1] != [f"officers {wheel}"] or officers.__version__ != wheel:
        raise SmokeError(
            f"--version says {said!r}, __version__ {officers.__version__!r}, the metadata {wheel!r}"
        )
    if changelog is not None:
        released = re.findall(r"^## \[(\d[^\]]*)\]", changelog.read_text("utf-8"), re.MULTILINE)
        if not released or released[0] != wheel:
            raise SmokeError(f"CHANGELOG.md's newest release is {released[:1]}, the wheel {wheel}")
    return wheel


def check_count() -> str:
    """Counts from the packed finished squares and from a search."""
    every = run("count", "4/4/4/4").strip()
    one = run("count", "AC3/1JS2/1AH1QD/4").strip()
    if (every, one) != ("6912", "1"):
        raise SmokeError(f"count gave {every} and {one}, expected 6912 and 1")
    return f"{every} finished squares; the start AC3/1JS2/1AH1QD/4 has {one} completion"


def check_engine() -> str:
    """A greeting and a hint through the engine protocol, one JSON line each."""
    requests = [
        {"id": 1, "op": "hello"},
        {"id": 2, "op": "hint", "game": GAME, "player": 2},
    ]
    out = run("engine", stdin="".join(json.dumps(r) + "\n" for r in requests))
    answers = [json.loads(line) for line in out.splitlines()]
    kinds = [(a.get("id"), a.get("kind")) for a in answers]
    if kinds != [(1, "hello"), (2, "hint")]:
        raise SmokeError(f"the engine answered {kinds}: {out[:300]}")
    if answers[0]["officers"] != metadata.version("officers"):
        raise SmokeError(f"the engine's hello says officers {answers[0]['officers']}")
    text = answers[1]["recommendation"]["text"]
    return f"hello (protocol {answers[0]['protocol']}); hint: {text.get('en', text)}"


def examples() -> list[tuple[str, str, dict[str, Any]]]:
    """Every registered operation of every game that has an example request: its name, the
    kind it answers with, the example (from the installed package's registry)."""
    from officers.games import GAMES

    return [
        (op.op, op.answers, dict(op.example))
        for game in GAMES.values()
        for op in game.operations
        if op.example is not None
    ]


def check_games_engine() -> str:
    """Each game's operations, by their registered examples, through ``officers engine``: every
    one answered with the kind it promises."""
    requests = [{"id": n, "op": op, **example} for n, (op, _, example) in enumerate(examples())]
    out = run("engine", stdin="".join(json.dumps(r) + "\n" for r in requests))
    answers = {answer.get("id"): answer for answer in map(json.loads, out.splitlines())}
    for n, (op, kind, _) in enumerate(examples()):
        got = answers.get(n, {})
        if got.get("kind") != kind:
            raise SmokeError(f"the engine answered {op} with {json.dumps(got)[:300]}")
    games = sorted({op.split("/")[0] for op, _, _ in examples() if "/" in op})
    return f"{len(requests)} operations answered, those of {', '.join(games)} among them"


def check_schemas() -> str:
    """Every shipped JSON Schema reads, and every schema the contract names is shipped (each
    game's in its own package)."""
    from officers.contract import NAMES, schema
    from officers.contract.schemas import package

    shipped: dict[str, object] = {}
    for where in sorted({package(name) for name in NAMES}):
        for entry in resources.files(where).iterdir():
            name = entry.name.removesuffix(".json")
            if entry.name.endswith(".json") and package(name) == where:
                shipped[name] = json.loads(entry.read_text("utf-8"))
    missing = set(NAMES) - set(shipped)
    if missing:
        raise SmokeError(f"schemas not shipped: {sorted(missing)}")
    for name in NAMES:
        if schema(name).get("$schema") is None:
            raise SmokeError(f"schema {name!r} has no $schema")
    return f"{len(shipped)} files, {len(NAMES)} schemas"


def check_data() -> str:
    """The package data besides the schemas: the packed squares and symmetry groups, the type
    marker."""
    package = resources.files("officers")
    needed = ["py.typed", "euler/data/finished-4.bin", "euler/data/finished-4-diagonals.bin"]
    needed.append("euler/data/symmetry-4.bin")
    missing = [name for name in needed if not package.joinpath(name).is_file()]
    if missing:
        raise SmokeError(f"missing from the package: {missing}")
    return ", ".join(needed)


def check_compiled() -> str:
    """The compiled searches, when the wheel holds them, import on this Python and are the ones
    used: the exact cover search, Offiziersskat's double-dummy search, Eight Off's search, the
    count of mates, the count of the squares a paratopism fixes and the listing of the classes."""
    from officers.eightoff import accel as eightoff
    from officers.euler.solve import accel as euler
    from officers.latin import accel as latin
    from officers.latin import autotopism_accel as autotopism
    from officers.latin import classes_accel as classes
    from officers.skat import accel as skat

    python = "Python {}.{}".format(*sys.version_info[:2])
    said = []
    for path, accel in (
        ("officers/euler/solve/_cover", euler),
        ("officers/skat/_dd", skat),
        ("officers/eightoff/_search", eightoff),
        ("officers/latin/_mates", latin),
        ("officers/latin/_autotopism", autotopism),
        ("officers/latin/_classes", classes),
    ):
        held = [
            str(name)
            for name in metadata.files("officers") or []
            if re.fullmatch(re.escape(path) + r"\.(abi3\.so|pyd)", str(name))
        ]
        if not held:
            if os.environ.get("OFFICERS_REQUIRE_EXTENSION") == "1":
                raise SmokeError(f"the wheel holds no {path}; OFFICERS_REQUIRE_EXTENSION=1")
            said.append(f"no {path} in the wheel; {python} runs {accel.status()}")
            continue
        loaded = accel.module()
        if loaded is None:
            raise SmokeError(f"the wheel holds {held[0]}, but on {python}: {accel.status()}")
        said.append(f"{held[0]} imports on {python} (ABI {loaded.ABI}) and is used")
    return "; ".join(said)


class Assets(HTMLParser):
    """The scripts and style sheets a page names."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []  # (address, the content type it needs)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        rel = set((named.get("rel") or "").lower().split())
        if tag == "script" and named.get("src"):
            self.found.append((str(named["src"]), "javascript"))
        elif tag == "link" and named.get("href") and "stylesheet" in rel:
            self.found.append((str(named["href"]), "css"))
        elif tag == "link" and named.get("href") and "modulepreload" in rel:
            self.found.append((str(named["href"]), "javascript"))


def fetch(url: str) -> tuple[int, str, bytes]:
    """GET ``url``: status, content type, body."""
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
            return answer.status, answer.headers.get("content-type", ""), answer.read()
    except urllib.error.HTTPError as error:
        raise SmokeError(f"GET {url}: {error.code} {error.reason}") from None


IMPORTS = re.compile(
    r"""(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']"""
    r"""|\bimport\(\s*["']([^"']+)["']\s*\)|@import\s+(?:url\()?["']([^"']+)["']"""
)
"""A JavaScript module's static and literal dynamic imports, a style sheet's ``@import``."""


def fetch_assets(page: str, named: list[tuple[str, str]]) -> list[str]:
    """Fetch every asset a page names, and every module or sheet they import in turn; each
    must answer 200 with content of the type it needs. The addresses fetched, in order."""
    todo = [(urljoin(page, asset), needed) for asset, needed in named]
    done: list[str] = []
    while todo:
        url, needed = todo.pop(0)
        if url in done:
            continue
        status, kind, content = fetch(url)
        if status != 200 or not content or needed not in kind:
            raise SmokeError(f"{url}: {status}, {kind!r}, {len(content)} bytes")
        done.append(url)
        for match in IMPORTS.finditer(content.decode("utf-8")):
            target = next(group for group in match.groups() if group)
            todo.append((urljoin(url, target), needed))
    return done


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any], token: str | None = None) -> tuple[int, dict[str, Any]]:
    """POST ``body`` as JSON to ``url`` (with a seat's ``token``): the status and the JSON answer,
    an error's included."""
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def check_pages(base: str) -> str:
    """Each game's page and every script and style sheet it names, with their imports."""
    fetched = []
    for page in ("/", "/eightoff", "/skat"):
        status, kind, body = fetch(base + page)
        if status != 200 or "text/html" not in kind:
            raise SmokeError(f"{page} answered {status} {kind}")
        parser = Assets()
        parser.feed(body.decode("utf-8"))
        fetched += fetch_assets(base + page, parser.found)
    return f"/, /eightoff, /skat and the {len(set(fetched))} files they load"


def check_http_games(base: str) -> str:
    """Each game's registered examples through ``POST /v1/OP``, answered with their kinds."""
    for op, kind, example in examples():
        status, answer = post(f"{base}/v1/{op}", example)
        if status != 200 or answer.get("kind") != kind:
            raise SmokeError(f"POST /v1/{op}: {status} {json.dumps(answer)[:300]}")
    return f"{len(examples())} operations over HTTP"


def check_room(base: str) -> str:
    """An Offiziersskat room against a bot: made, the game chosen, a card played; the seat's
    view holds no face-down card (nobody's is sent while the round runs)."""
    status, joined = post(f"{base}/v1/rooms", {"game": "skat", "seats": ["human", "random"]})
    if status != 201 or joined.get("kind") != "room-joined":
        raise SmokeError(f"POST /v1/rooms: {status} {json.dumps(joined)[:300]}")
    room, token = joined["room"], joined["token"]
    for _ in range(2):  # the game choice, then a card
        state = joined.get("state") or joined
        legal = (state.get("view") or {}).get("legal") or []
        if not legal:
            raise SmokeError(f"the room offers no move: {json.dumps(state)[:300]}")
        status, joined = post(
            f"{base}/v1/rooms/{room}/move", {"move": legal[0], "seq": state["seq"]}, token
        )
        if status != 200:
            raise SmokeError(f"a move in the room: {status} {json.dumps(joined)[:300]}")
        secret(joined)
    return f"room {room}: made, the game chosen, a card played, {joined['seq']} events"


CARD = re.compile(r"\b[AKQJT987][CSHD]\b")
RANDOM = frozenset(("room", "invite", "token"))
"""The fields of a room's answer that are random text (``...-9C-...`` is no card)."""


def secret(answer: dict[str, Any]) -> None:
    """While a round of Offiziersskat runs, a seat is told no deal and names no card but those
    face up or already played: the face-down cards stay on the server."""
    view = answer.get("view") or answer.get("state", {}).get("view") or {}
    if view.get("outcome") is not None:
        return
    public = view.get("view") or {}
    seen = set(
        CARD.findall(
            json.dumps([public.get(key) for key in ("face_up", "trick", "played", "gone")])
        )
    )
    told = {key: value for key, value in answer.items() if key not in RANDOM}
    named = set(CARD.findall(json.dumps(told)))
    if view.get("deal") is not None or view.get("number") is not None or named - seen:
        raise SmokeError(f"a seat was told of cards face down: {sorted(named - seen)}")


def check_serve() -> str:
    """``officers serve`` answers /v1/health, /openapi.json, each game's page with its files,
    each game's operations, and plays in a room."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data = Path(tempfile.mkdtemp(prefix="officers-smoke-data-"))
    started = Path(tempfile.mkdtemp(prefix="officers-smoke-started-"))
    server = subprocess.Popen(
        [officers_command(), "serve", "--port", str(port), "--time-limit", "10"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=started,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
    )
    try:
        health = wait_for(f"{base}/v1/health", server)
        version = metadata.version("officers")
        if health.get("status") != "ok" or health.get("officers") != version:
            raise SmokeError(f"/v1/health answered {health}")
        _, _, body = fetch(f"{base}/openapi.json")
        document: dict[str, Any] = json.loads(body)
        if document["info"]["version"] != version or not document["paths"]:
            raise SmokeError(f"/openapi.json: info {document['info']}")
        said = [check_pages(base), check_http_games(base), check_room(base)]
        if sys.platform == "linux" and not (data / "officers" / "rooms.db").is_file():
            raise SmokeError(f"no rooms in the data directory {data}: {sorted(data.rglob('*'))}")
        if any(started.iterdir()):
            raise SmokeError(f"officers serve wrote into its folder: {sorted(started.iterdir())}")
        return f"/v1/health, /openapi.json ({len(document['paths'])} paths); " + "; ".join(said)
    except (urllib.error.URLError, OSError, ValueError, KeyError, TypeError) as error:
        raise SmokeError(f"{type(error).__name__}: {error}") from None
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        for folder in (data, started):
            shutil.rmtree(folder, ignore_errors=True)


def wait_for(url: str, server: subprocess.Popen[str]) -> dict[str, Any]:
    """The JSON at ``url`` once the server answers (it fails if the server ends first)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            _, err = server.communicate()
            raise SmokeError(f"officers serve ended with {server.returncode}: {err.strip()[-500:]}")
        try:
            data: dict[str, Any] = json.loads(fetch(url)[2])
            return data
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    raise SmokeError(f"officers serve did not answer {url} within {TIMEOUT:.0f} s")


def check_serve_needs_extra() -> str:
    """Without the 'serve' extra, ``officers serve`` names it in one line and exits 2."""
    said = run("serve", code=2).strip()
    if len(said.splitlines()) != 1 or "officers[serve]" not in said:
        raise SmokeError(f"officers serve without the extra said {said!r}")
    return said


def check_postgres() -> str:
    """With the 'postgres' extra, ``officers serve --rooms-db postgresql://...`` loads the driver
    and, the server being unreachable, says so in one line and exits 2 (without it, names the
    extra)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        said = run("serve", "--rooms-db", "postgresql://127.0.0.1:1/rooms", code=2).strip()
        if "officers[postgres]" not in said:
            raise SmokeError(f"without the extra, serve said {said!r}") from None
        return f"no psycopg: {said}"
    said = run("serve", "--rooms-db", "postgresql://127.0.0.1:1/rooms", code=2).strip()
    if len(said.splitlines()) != 1 or "cannot reach the rooms' PostgreSQL" not in said:
        raise SmokeError(f"an unreachable database: {said!r}")
    return said


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--bare", action="store_true", help="the package without extras")
    options.add_argument("--changelog", type=Path, help="CHANGELOG.md to hold the version to")
    args = options.parse_args(argv)
    checks: list[tuple[str, Callable[[], str]]] = [
        ("installed", check_installed),
        ("version", lambda: check_version(args.changelog)),
        ("count", check_count),
        ("engine", check_engine),
        ("games", check_games_engine),
        ("schemas", check_schemas),
        ("data", check_data),
        ("compiled", check_compiled),
        ("serve", check_serve_needs_extra if args.bare else check_serve),
    ]
    if not args.bare:
        checks.append(("postgres", check_postgres))
    failed = 0
    for name, check in checks:
        start = time.perf_counter()
        try:
            said = check()
        except (SmokeError, OSError) as error:
            failed += 1
            print(f"FAIL {name}: {error}")
        else:
            print(f"ok   {name} ({time.perf_counter() - start:.1f} s): {said}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
