"""One version everywhere, and the package's metadata (pyproject.toml) consistent with itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

import officers
from officers.cli import main
from officers.contract import handle
from tools import check_dist

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def test_the_version_is_written_once_and_read_by_the_build() -> None:
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?", officers.__version__)
    source = (ROOT / "officers" / "__init__.py").read_text("utf-8")
    assert f'__version__ = "{officers.__version__}"' in source.splitlines()


def test_every_place_reports_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"officers {officers.__version__}"
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


def _wheel(folder: Path, name: str, tags: list[str], modules: bool = True) -> Path:
    """A wheel file of that name holding just its ``WHEEL`` (with ``tags``) and a ``RECORD``
    (with the six compiled modules, or none)."""
    info = "officers-0.3.0.dist-info"
    wheel = "Wheel-Version: 1.0\nGenerator: hatchling\n"
    wheel += f"Root-Is-Purelib: {'false' if modules else 'true'}\n"
    wheel += "".join(f"Tag: {tag}\n" for tag in tags)
    compiled = (
        [
            "euler/solve/_cover",
            "skat/_dd",
            "eightoff/_search",
            "latin/_mates",
            "latin/_autotopism",
            "latin/_classes",
        ]
        if modules
        else []
    )
    rows = [f"officers/{module}.abi3.so,sha256=x,1" for module in compiled]
    rows += [f"{info}/WHEEL,sha256=y,2", f"{info}/RECORD,,"]
    path = folder / name
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{info}/WHEEL", wheel)
        archive.writestr(f"{info}/RECORD", "\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize(
    ("platforms", "refused"),
    [
        (["linux_x86_64"], "linux_x86_64"),  # what a build on Linux writes: PyPI refuses it
        (["linux_aarch64"], "linux_aarch64"),
        (["manylinux_2_34_x86_64"], None),  # what auditwheel repair made of it here
        (["manylinux_2_17_x86_64", "manylinux2014_x86_64"], None),
        (["manylinux_2_17_x86_64", "linux_x86_64"], "linux_x86_64"),
        (["musllinux_1_2_aarch64"], None),
        (["macosx_11_0_arm64"], None),
        (["macosx_10_9_universal2"], None),
        (["win_amd64"], None),
        (["any"], "any"),
    ],
)
def test_check_dist_takes_only_a_platform_a_package_index_takes(
    tmp_path: Path, platforms: list[str], refused: str | None
) -> None:
    tags = [f"cp311-abi3-{platform}" for platform in platforms]
    wheel = _wheel(tmp_path, f"officers-0.3.0-cp311-abi3-{'.'.join(platforms)}.whl", tags)
    files = check_dist.record(wheel)
    assert len(check_dist.every_compiled(files)) == check_dist.MODULES
    found = check_dist.tag_problems(wheel, files)
    if refused is None:
        assert found == []
    else:
        assert len(found) == 1 and f"tagged for {refused}," in found[0], found
        assert "auditwheel repair" in found[0]


def test_check_dist_holds_a_wheels_name_to_its_tags(tmp_path: Path) -> None:
    tags = ["cp311-abi3-manylinux_2_34_x86_64"]
    renamed = _wheel(tmp_path, "officers-0.3.0-cp311-abi3-manylinux_2_17_x86_64.whl", tags)
    found = check_dist.tag_problems(renamed, check_dist.record(renamed))
    assert len(found) == 1 and "its name says ['cp311-abi3-manylinux_2_17_x86_64']" in found[0]
    other = _wheel(
        tmp_path,
        "officers-0.3.0-cp312-abi3-manylinux_2_34_x86_64.whl",
        ["cp312-abi3-manylinux_2_34_x86_64"],
    )
    assert check_dist.tag_problems(other, check_dist.record(other)) == [
        f"{other.name} holds officers/eightoff/_search.abi3.so but is tagged cp312-abi3-"
        "manylinux_2_34_x86_64 (purelib false)"
    ]


def test_check_dist_takes_the_pure_wheel_on_any_platform(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OFFICERS_REQUIRE_EXTENSION", raising=False)
    pure = _wheel(tmp_path, "officers-0.3.0-py3-none-any.whl", ["py3-none-any"], modules=False)
    assert check_dist.tag_problems(pure, check_dist.record(pure)) == []
    monkeypatch.setenv("OFFICERS_REQUIRE_EXTENSION", "1")
    assert "holds no compiled module" in check_dist.tag_problems(pure, {})[0]
