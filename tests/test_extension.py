"""The optional compiled search ``officers.euler.solve._cover``: built by tools/build_extension.py (and
the wheel's build hook), found by :func:`officers.euler.solve.accel.module`, turned off by
``OFFICERS_PURE_PYTHON=1``, and, with ``OFFICERS_REQUIRE_EXTENSION=1`` (CI), present in the
package under test."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import officers
from officers.core.compiled import load
from officers.euler.solve import accel

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(officers.__file__ or "").resolve().parent
REQUIRED = os.environ.get("OFFICERS_REQUIRE_EXTENSION") == "1"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_extension", ROOT / "tools" / "build_extension.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_extension = _tool()


def probe(code: str, **env: str) -> str:
    """The output of ``code`` in a fresh interpreter that imports the officers under test."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
        cwd=PACKAGE.parent,  # the source tree, or site-packages when the installed one is tested
        env={**os.environ, **env},
    )
    return done.stdout.strip()


@pytest.fixture
def fresh() -> Iterator[None]:
    """:func:`accel.module` forgets what it found, before and after the test."""
    load.cache_clear()
    yield
    load.cache_clear()


@pytest.mark.skipif(not REQUIRED, reason="OFFICERS_REQUIRE_EXTENSION=1 is not set (CI sets it)")
def test_the_compiled_search_is_installed_and_used() -> None:
    module = accel.module()
    assert module is not None, accel.status()
    assert accel.status() == "compiled"
    where = Path(module.__file__ or "").resolve()
    assert where.parent == PACKAGE / "euler" / "solve"
    assert where.name.endswith(build_extension.suffix())
    assert module.ABI == accel.ABI and callable(module.count)


def test_pure_python_keeps_the_compiled_search_out() -> None:
    code = (
        "import sys; from officers.euler.solve.accel import module, status\n"
        "print(module(), status(), 'officers.euler.solve._cover' in sys.modules)"
    )
    said = probe(code, OFFICERS_PURE_PYTHON="1")
    assert said == "None pure Python: OFFICERS_PURE_PYTHON=1 False"


def test_import_officers_does_not_load_the_compiled_search() -> None:
    code = "import sys, officers, officers.euler.solve\nprint('officers.euler.solve._cover' in sys.modules)"
    assert probe(code) == "False"


def test_a_module_of_another_abi_is_not_used(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(accel.PURE_PYTHON, raising=False)
    other = ModuleType(accel.NAME)
    other.ABI = accel.ABI + 1  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, accel.NAME, other)
    assert accel.module() is None
    assert (
        accel.status()
        == f"pure Python: the compiled module has ABI {accel.ABI + 1}, this code needs 1"
    )
    same = ModuleType(accel.NAME)
    same.ABI = accel.ABI  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, accel.NAME, same)
    load.cache_clear()
    assert accel.module() is same


def test_a_missing_module_means_pure_python(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(accel.PURE_PYTHON, raising=False)
    monkeypatch.setitem(sys.modules, accel.NAME, None)  # import raises ModuleNotFoundError
    assert accel.module() is None
    assert accel.status() == "pure Python: the compiled module is not installed"


def test_the_build_tool_compiles_a_module_that_loads(tmp_path: Path) -> None:
    reason = build_extension.why_not()
    if reason is not None:
        if REQUIRED:
            pytest.fail(f"OFFICERS_REQUIRE_EXTENSION=1, but the module cannot be built: {reason}")
        pytest.skip(reason)
    built = build_extension.build(tmp_path)
    assert built == tmp_path / ("_cover" + build_extension.suffix())
    spec = importlib.util.spec_from_file_location("_cover", built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.ABI == accel.ABI
    assert build_extension.wheel_tag().startswith("cp311-abi3-")
    assert build_extension.wheel_tag().endswith(
        sysconfig.get_platform().replace("-", "_").replace(".", "_")
    )


def test_the_build_tool_reports_a_compiler_error(tmp_path: Path) -> None:
    if build_extension.why_not() is not None:
        pytest.skip(build_extension.why_not())
    broken = tmp_path / "_cover.c"
    broken.write_text("#include <Python.h>\nthis is not C;\n", "utf-8")
    with pytest.raises(build_extension.BuildError, match=r"exited \d+:\n.*_cover\.c"):
        build_extension.build(tmp_path / "out", broken)


def test_no_extension_means_the_pure_wheel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(build_extension.NO_EXTENSION, "1")
    assert build_extension.why_not() == "OFFICERS_NO_EXTENSION=1 is set"
    monkeypatch.delenv(build_extension.NO_EXTENSION)
    monkeypatch.setenv("CC", "no-such-compiler-here")
    assert build_extension.why_not() in (
        "no C compiler: 'no-such-compiler-here' is not on PATH",
        "Windows: no C compiler is named by sysconfig",
    )
