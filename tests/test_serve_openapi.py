"""Property-based tests of the HTTP API from its own OpenAPI document (Schemathesis, in
process): every endpoint, no server error, every response valid against its schema and with a
documented status and content type, for requests that keep the schemas and requests that break
them. (The request schemas describe what the service reads; the service is more lenient than
them - a null is an absent field - so "a request breaking the schema is refused" is not checked,
nor "a request keeping it is accepted": a square can keep the schema and break the rule.)"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")

from officers.contract import Limits  # noqa: E402
from officers.serve import Settings, create_app  # noqa: E402

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
    case.call_and_validate(
        excluded_checks=[
            schemathesis.checks.negative_data_rejection,
            schemathesis.checks.positive_data_acceptance,
        ]
    )


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
