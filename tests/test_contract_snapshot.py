"""The public contract against its committed snapshot (docs/contract.md).

The snapshot in ``tests/snapshots/`` holds every JSON Schema that the package ships
(``schemas/*.json``, read from the installed package with :mod:`importlib.resources`), the engine
protocol's greeting and error codes (``engine.json``) and the OpenAPI document of the HTTP API
(``openapi.json``); the version of officers is written as ``"*"`` in both, so that a release
alone changes nothing here. Any other change to the contract fails this test until the snapshot
is regenerated, from the root of the checkout, with::

    python -m tests.test_contract_snapshot

and the diff of ``tests/snapshots/`` is reviewed and committed with the change.
"""

from __future__ import annotations

import difflib
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
UPDATE = "python -m tests.test_contract_snapshot"
ANY_VERSION = "*"


def render(data: Any) -> str:
    """A snapshot file's text: indented JSON, keys in the order the package writes them."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def current() -> dict[str, Any]:
    """The contract as the imported package states it: a snapshot file's path → its content."""
    from officers.contract import STATUS, handle
    from officers.games import SECTIONS
    from officers.serve.openapi import openapi

    files: dict[str, Any] = {}
    for section in SECTIONS:
        shipped = resources.files(section.schemas)
        for entry in sorted(shipped.iterdir(), key=lambda entry: entry.name):
            if entry.name.endswith(".json"):
                files[_snapshot_path(section.name, entry.name)] = json.loads(
                    entry.read_text("utf-8")
                )
    hello = handle({"op": "hello"})
    files["engine.json"] = {
        "hello": {**hello, "officers": ANY_VERSION},
        "error-status": dict(STATUS),
    }
    document = openapi()
    document["info"]["version"] = ANY_VERSION
    files["openapi.json"] = document
    return files


def _snapshot_path(game: str, file: str) -> str:
    """Where a game's schema file is kept: Euler's Officers' in ``schemas/``, every other
    game's in ``schemas/GAME/`` (the Latin squares' in ``schemas/latin/``)."""
    return f"schemas/{file}" if game == "officers" else f"schemas/{game}/{file}"


def stored() -> dict[str, Any]:
    """The committed snapshot: a file's path under ``tests/snapshots/`` → its content."""
    return {
        path.relative_to(SNAPSHOTS).as_posix(): json.loads(path.read_text("utf-8"))
        for path in sorted(SNAPSHOTS.rglob("*.json"))
    }


def differences(now: dict[str, Any], then: dict[str, Any], context: int = 40) -> list[str]:
    """What differs between the contract ``now`` and the snapshot ``then``: one entry a file,
    with (at most ``context`` lines of) a unified diff for a changed file."""
    found = []
    for path in sorted(now.keys() | then.keys()):
        if path not in then:
            found.append(f"tests/snapshots/{path}: new, not in the snapshot")
        elif path not in now:
            found.append(f"tests/snapshots/{path}: in the snapshot, gone from the package")
        elif now[path] != then[path]:
            diff = list(
                difflib.unified_diff(
                    render(then[path]).splitlines(),
                    render(now[path]).splitlines(),
                    f"snapshot/{path}",
                    f"package/{path}",
                    lineterm="",
                )
            )
            more = [f"... ({len(diff) - context} more lines)"] if len(diff) > context else []
            found.append("\n".join([f"tests/snapshots/{path}: changed", *diff[:context], *more]))
    return found


def failure(found: list[str]) -> str:
    """The message of a failing comparison: what changed, and what to do."""
    return "\n".join(
        [
            "The public contract (JSON Schemas, engine protocol, OpenAPI document) differs "
            "from its snapshot in tests/snapshots/:",
            "",
            *found,
            "",
            "If the change is deliberate, regenerate the snapshot from the root of the checkout:",
            "",
            f"    {UPDATE}",
            "",
            "then review `git diff tests/snapshots/` and commit it with the change. Within a "
            "version of the contract a change may only add (optional fields, kinds, operations, "
            "endpoints); anything else needs a new version (docs/contract.md).",
        ]
    )


def test_the_contract_matches_its_snapshot() -> None:
    found = differences(current(), stored())
    if found:
        pytest.fail(failure(found), pytrace=False)


def test_the_snapshot_covers_every_shipped_schema() -> None:
    from officers.contract import NAMES
    from officers.contract.schemas import package
    from officers.games import SECTIONS

    game_of = {section.schemas: section.name for section in SECTIONS}
    needed = {_snapshot_path(game_of[package(name)], f"{name}.json") for name in NAMES}
    needed |= {"engine.json", "openapi.json"}
    missing = sorted(needed - stored().keys())
    assert not missing, f"not in tests/snapshots/: {missing}; run {UPDATE} and review the diff"


def test_a_change_to_a_schema_is_reported_with_its_diff_and_the_command() -> None:
    now = current()
    then = json.loads(json.dumps(now))
    then["schemas/count.json"]["required"] = [*then["schemas/count.json"]["required"], "spare"]
    del then["schemas/hint.json"]
    then["schemas/old.json"] = {}
    found = differences(now, then)
    assert [entry.splitlines()[0] for entry in found] == [
        "tests/snapshots/schemas/count.json: changed",
        "tests/snapshots/schemas/hint.json: new, not in the snapshot",
        "tests/snapshots/schemas/old.json: in the snapshot, gone from the package",
    ]
    assert '-    "spare"' in found[0]
    assert UPDATE in failure(found)


def update() -> list[str]:
    """Write the snapshot from the package that ``python`` imports; return what changed."""
    now, then = current(), stored()
    for path in then.keys() - now.keys():
        (SNAPSHOTS / path).unlink()
    for path, data in now.items():
        target = SNAPSHOTS / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render(data), encoding="utf-8")
    return [entry.splitlines()[0] for entry in differences(now, then)]


if __name__ == "__main__":
    changed = update()
    print("\n".join(changed) if changed else "the snapshot already matches the contract")
    sys.exit(0)
