"""A throwaway PostgreSQL server for the tests (``tests/test_rooms_postgres.py``) and the
benchmarks (``benchmarks/bench_rooms_postgres.py``): Debian's ``initdb`` and ``pg_ctl`` (under
``/usr/lib/postgresql/VERSION/bin``, or on the ``PATH``) make a cluster in a temporary folder
that listens on a Unix socket there only (no TCP port), and remove it after.

PostgreSQL refuses to run as root: as root the cluster belongs to the ``postgres`` user (made
by Debian's package) or else ``nobody``. Without the binaries or psycopg the tests that need
the server skip (:func:`unavailable`), unless ``OFFICERS_POSTGRES_TESTS=required`` (CI): then
they fail. Nothing here needs pytest but :func:`unavailable`, which imports it when called.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import re
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, NoReturn

REQUIRED = os.environ.get("OFFICERS_POSTGRES_TESTS") == "required"
SUPERUSER = "officers"


def unavailable(reason: str) -> NoReturn:
    """Skip the test for ``reason`` (fail it when the PostgreSQL tests are required)."""
    import pytest  # the tests' alone: a benchmark starts a cluster without it

    if REQUIRED:
        pytest.fail(f"OFFICERS_POSTGRES_TESTS=required, but {reason}")
    pytest.skip(reason)


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: Debian's newest, or the ``PATH``'s."""

    def version(path: str) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"[0-9]+", path))

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb and (Path(initdb).parent / "pg_ctl").exists():
        return Path(initdb).parent
    return None


class Cluster:
    """A PostgreSQL server of its own in a temporary folder (:meth:`start`, :meth:`stop`);
    ``durable``: its commits flushed to disk, as a real server's (the tests need not)."""

    def __init__(self, bin_dir: Path, durable: bool = False) -> None:
        self.bin = bin_dir
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="officers-pg-"))
        self.data = self.folder / "data"
        self.owner: dict[str, Any] = {}
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                with contextlib.suppress(KeyError):
                    entry = pwd.getpwnam(name)
                    self.owner = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
                    os.chown(self.folder, entry.pw_uid, entry.pw_gid)
                    break
        self.folder.chmod(0o755)

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [str(self.bin / command[0]), *command[1:]],
            capture_output=True,
            text=True,
            check=False,
            cwd=self.folder,
            **self.owner,
        )
        if done.returncode:
            log = self.folder / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{command[0]} failed: {done.stdout}{done.stderr}{tail}")

    def start(self) -> Cluster:
        if not self.data.exists():
            self._run(
                "initdb",
                "-D",
                str(self.data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            )
        options = f"-c listen_addresses='' -c unix_socket_directories='{self.folder}' "
        options += "-c max_connections=200"
        if not self.durable:  # a commit written to the system, never flushed to the disk:
            # it survives the server's crash and restart (the tests), not the machine's
            options += " -c fsync=off -c full_page_writes=off"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options, "-w",
            "start",
        )  # fmt: skip
        return self

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def restart(self) -> None:
        """Stop the server at once (as a crash would) and start it again."""
        self.stop()
        self.start()

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}"

    def database(self) -> str:
        """A new, empty database: its URL."""
        import psycopg

        name = "rooms_" + secrets.token_hex(6)
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def terminate(self, database_url: str) -> int:
        """End every other connection to the database of ``database_url`` (as a lost network
        or a restarted server would); how many were ended."""
        import psycopg

        with psycopg.connect(database_url, autocommit=True) as admin:
            row = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
        assert row is not None
        return int(row[0])
