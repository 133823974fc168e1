"""One version everywhere, and the package's metadata (pyproject.toml) consistent with itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import officers
from officers.cli import main
from officers.contract import handle

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def test_the_version_is_written_once_and_read_by_the_build() -> None:
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?", officers.__version__)
    source = (ROOT / "officers" / "__init__.py").read_text("utf-8")
    assert f'__version__ = "{officers.__version__}"' in source.splitlines()


def test_every_place_reports_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"officers {officers.__version__}\n"
    assert handle({"op": "hello"})["officers"] == officers.__version__
    assert handle({"op": "health"})["officers"] == officers.__version__
    openapi = pytest.importorskip("officers.serve.openapi").openapi
    assert openapi()["info"]["version"] == officers.__version__


@pytest.mark.skipif(
    os.environ.get("OFFICERS_TEST_INSTALLED") != "1", reason="the metadata of an installed package"
)
def test_the_installed_metadata_has_the_version() -> None:
    assert metadata.version("officers") == officers.__version__


def test_the_changelog_names_this_version_as_its_newest_release() -> None:
    text = (ROOT / "CHANGELOG.md").read_text("utf-8")
    releases = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d\d-\d\d))?$", text, re.MULTILINE)
    assert releases[0] == ("Unreleased", "")
    assert releases[1][0] == officers.__version__
    assert all(date for _, date in releases[1:])
    assert [date for _, date in releases[1:]] == sorted((d for _, d in releases[1:]), reverse=True)


def test_the_classifiers_claim_only_pythons_that_requires_python_allows() -> None:
    floor = re.fullmatch(r">=(\d+)\.(\d+)", PROJECT["requires-python"])
    assert floor is not None
    prefix = "Programming Language :: Python :: "
    claimed = [c.removeprefix(prefix) for c in PROJECT["classifiers"] if c.startswith(prefix)]
    versions = [tuple(map(int, v.split("."))) for v in claimed if re.fullmatch(r"3\.\d+", v)]
    assert versions and min(versions) == (int(floor[1]), int(floor[2]))
    assert sys.version_info[:2] in versions, "the suite runs on a Python it does not claim"
    assert "Typing :: Typed" in PROJECT["classifiers"]
    assert (ROOT / "officers" / "py.typed").is_file()


def test_the_summary_and_keywords_name_every_game_and_the_rooms() -> None:
    from officers.games import GAMES

    keywords = {keyword.lower() for keyword in PROJECT["keywords"]}
    for game in GAMES.values():
        assert game.title in PROJECT["description"], game.title
        assert any(keyword in game.title.lower() for keyword in keywords), game.title
    assert "rooms" in PROJECT["description"] and "\n" not in PROJECT["description"]
    assert len(keywords) == len(PROJECT["keywords"])  # no keyword twice


def test_without_the_serve_extra_serve_names_it_in_one_line() -> None:
    probe = (
        "import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
        "from officers.cli import main; raise SystemExit(main(['serve']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "officers serve needs the 'serve' extra: pip install 'officers[serve]'"
    ]
