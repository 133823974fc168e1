"""Property-based tests of the HTTP API from its own OpenAPI document (Schemathesis, in
process): every endpoint, no server error, every response valid against its schema and with a
documented status and content type, for requests that keep the schemas and requests that break
them. (The request schemas describe what the service reads; the service is more lenient than
them - a null is an absent field - so "a request breaking the schema is refused" is not checked,
nor "a request keeping it is accepted": a square can keep the schema and break the rule.)

Before that, the document itself: every ``$ref`` in it, and in every JSON Schema the package
ships, points at something that is there (a reference that resolves nowhere makes a fuzzer skip
the body it describes, silently), and every operation that takes a body gets one from the
fuzzer."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")

from officers.contract import Limits  # noqa: E402
from officers.contract.schemas import NAMES, ROOM_SCHEMAS, package, schema  # noqa: E402
from officers.games import GAMES  # noqa: E402
from officers.serve import Settings, create_app  # noqa: E402
from officers.serve.openapi import openapi  # noqa: E402

CHECKOUT = Path(__file__).resolve().parent.parent
SCRATCH = tempfile.TemporaryDirectory(prefix="officers-schemathesis-")
"""Where Schemathesis may write (removed at exit): its cache and crash files are switched off
and its reports are off by default, but neither is to land in the checkout (``.schemathesis/``,
``schemathesis-report/``), whatever a ``schemathesis.toml`` found above says."""
CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {
        "cache": {"enabled": False, "directory": str(Path(SCRATCH.name) / "cache")},
        "reports": {"directory": str(Path(SCRATCH.name) / "reports")},
    }
)

APP = create_app(Settings(limits=Limits(time_limit=1.0)))
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP, config=CONFIG)


@SCHEMA.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_keeps_its_own_contract(case: schemathesis.Case) -> None:
    response = case.call_and_validate(
        excluded_checks=[
            schemathesis.checks.negative_data_rejection,
            schemathesis.checks.positive_data_acceptance,
            schemathesis.checks.not_a_server_error,  # checked below: a 503 'timeout' is no bug
        ]
    )
    if response.status_code >= 500:  # a search out of time (a busy machine) is documented
        assert response.status_code == 503, response.text
        assert response.json()["code"] in ("timeout", "busy"), response.text


def test_schemathesis_writes_nothing_into_the_checkout() -> None:
    project = SCHEMA.config
    assert project.cache.enabled is False
    reports = project.reports
    enabled = [
        name for name in ("vcr", "har", "junit", "allure", "html") if getattr(reports, name).enabled
    ]
    assert enabled == []
    for directory in (project.cache.directory, reports.directory):
        assert directory is not None and directory.is_relative_to(SCRATCH.name)
        assert not directory.resolve().is_relative_to(CHECKOUT)


def references(node: Any, where: str = "#") -> Iterator[tuple[str, str]]:
    """Every ``$ref`` in a JSON document: where it stands (a JSON pointer) and what it names."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{where}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if key == "$ref" and isinstance(value, str):
                yield where, value
            else:
                yield from references(value, here)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from references(value, f"{where}/{index}")


def resolve(document: Any, reference: str) -> Any:
    """What the local ``reference`` (``#/a/b``, RFC 6901) names in ``document``; ``KeyError``
    when nothing there."""
    if reference != "#" and not reference.startswith("#/"):
        raise KeyError(f"{reference}: not a reference inside the document")
    node = document
    for part in reference.removeprefix("#").split("/")[1:]:
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            raise KeyError(f"{reference}: no {key!r}")
    return node


def unresolved(document: Any) -> list[str]:
    """The references of ``document`` that resolve nowhere in it: where each stands, and why."""
    found = []
    for where, reference in references(document):
        try:
            resolve(document, reference)
        except KeyError as error:
            found.append(f"{where}: {error.args[0]}")
    return found


def test_the_reference_walker_finds_a_broken_reference() -> None:
    document = {
        "a": {"$ref": "#/b/c~1d"},
        "b": {"c/d": {"items": [{"$ref": "#/b/c~1d"}, {"$ref": "#/nowhere"}]}},
        "e": {"$ref": "https://elsewhere.invalid/schema.json"},
    }
    assert resolve(document, "#/b/c~1d/items/1") == {"$ref": "#/nowhere"}
    assert unresolved(document) == [
        "#/b/c~1d/items/1: #/nowhere: no 'nowhere'",
        "#/e: https://elsewhere.invalid/schema.json: not a reference inside the document",
    ]


def test_every_reference_of_the_openapi_document_resolves() -> None:
    document = openapi()
    found = list(references(document))
    assert len(found) > 300  # the operations' bodies and answers, the schemas' definitions
    assert unresolved(document) == []
    assert all(reference.startswith("#/components/schemas/") for _, reference in found)


def test_every_posted_operation_takes_an_object_and_its_example_keeps_its_schema() -> None:
    import jsonschema

    document = openapi()
    posted = 0
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            if method != "post":
                continue
            posted += 1
            body = operation["requestBody"]["content"]["application/json"]
            # the body's schema within the document, so that its references resolve there
            whole = {**body["schema"], "components": document["components"]}
            shape = resolve(document, body["schema"]["$ref"]) if "$ref" in whole else whole
            assert shape["type"] == "object", path
            jsonschema.Draft202012Validator(whole).validate(body["example"])
    assert posted > sum(len(game.operations) for game in GAMES.values())  # and the rooms'


def test_an_operation_without_fields_takes_the_empty_object_alone() -> None:
    import jsonschema

    operation = openapi()["paths"]["/v1/eightoff/presets"]["post"]
    body = operation["requestBody"]["content"]["application/json"]
    assert body["example"] == {}
    validator = jsonschema.Draft202012Validator(body["schema"])
    assert validator.is_valid({})
    assert not validator.is_valid({"lang": "en"}) and not validator.is_valid([])


def test_the_fuzzer_has_a_body_for_every_operation_that_takes_one() -> None:
    document = openapi()
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            found = SCHEMA[path][method.upper()]
            assert bool(found.body) == ("requestBody" in operation), f"{method} {path}"


def shipped() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every JSON Schema file the package ships: its package, its name, its content."""
    packages = {"officers.rooms.schemas", *(game.schemas for game in GAMES.values())}
    for where in sorted(packages):
        for entry in sorted(resources.files(where).iterdir(), key=lambda entry: entry.name):
            if entry.name.endswith(".json"):
                yield where, entry.name, json.loads(entry.read_text("utf-8"))


def test_every_reference_of_every_shipped_schema_file_resolves() -> None:
    """A file names the shared definitions (its package's ``defs.json`` and Euler's
    Officers') as ``#/$defs/NAME``, and definitions name each other so too."""
    files = list(shipped())
    assert {where for where, _, _ in files} >= {"officers.schemas", "officers.rooms.schemas"}
    defs = {where: data for where, name, data in files if name == "defs.json"}
    broken = []
    for where, name, data in files:
        shared = {
            "$defs": {**defs["officers.schemas"]["$defs"], **defs.get(where, {}).get("$defs", {})}
        }
        for at, reference in references(data):
            try:
                resolve(shared if reference.startswith("#/$defs/") else data, reference)
            except KeyError as error:
                broken.append(f"{where}/{name} {at}: {error.args[0]}")
    assert broken == []


@pytest.mark.parametrize("name", [*NAMES, *ROOM_SCHEMAS])
def test_every_reference_of_every_served_schema_resolves(name: str) -> None:
    full = schema(name)
    assert unresolved(full) == [], package(name)


def test_the_components_are_each_schemas_own_definitions() -> None:
    """Every schema's definitions become components under their own names: two definitions of
    one name that differ (in two games' ``defs.json``) would leave one schema's references
    pointing at the other's."""
    components = openapi()["components"]["schemas"]
    for name in [*NAMES, *ROOM_SCHEMAS]:
        for key, value in schema(name).get("$defs", {}).items():
            text = json.dumps(value).replace("#/$defs/", "#/components/schemas/")
            assert components[key] == json.loads(text), (name, key)


def test_the_description_names_every_game_and_the_rooms() -> None:
    info = openapi()["info"]["description"]
    for game in GAMES.values():
        assert game.title in info, game.title
        if game.name != "officers":
            assert f"/v1/{game.name}/" in info  # where its operations are
    assert "/v1/rooms" in info and "rooms" in info
