"""Which ``officers`` the suite tests: what ``pip install .`` installed, or the source tree.

``python -m pytest`` puts the checkout first on ``sys.path``, so ``import officers`` would find
the source tree, which holds no compiled search (``pip install .`` builds it into
site-packages). So when ``officers`` is installed in this interpreter's site-packages (not in
editable mode, which points back to the tree), this file imports ``officers`` from there,
leaving the checkout aside, before any test is collected: the README's test command tests what
the README's install command installed, compiled part included. ``OFFICERS_TEST_INSTALLED=1``
(CI sets it) requires the installed package and stops the run without one;
``OFFICERS_TEST_INSTALLED=0`` tests the source tree whatever is installed (an editable install
tests the tree anyway). The installed package is imported every
``officers.*`` module then comes from the installed package (a submodule is found through its
package, never through ``sys.path``), and so do the doctests of ``officers/``, which pytest
collects from the checkout's files but runs on the installed modules. A file missing from the
wheel (a module, a JSON Schema, a data file, the web page's files) then fails the tests that
need it. The tests themselves, ``tests.*`` and ``oracles``, still come from the checkout.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import sysconfig
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent
CHOICE = os.environ.get("OFFICERS_TEST_INSTALLED", "")


def _installed(path: str | None) -> bool:
    """Whether ``path`` lies in this interpreter's site-packages (not in a source tree that an
    editable install points to)."""
    paths = sysconfig.get_paths()
    places = {Path(paths["purelib"]).resolve(), Path(paths["platlib"]).resolve()}
    return path is not None and any(Path(path).resolve().is_relative_to(p) for p in places)


def _installed_spec() -> importlib.machinery.ModuleSpec | None:
    """Where ``officers`` is found on ``sys.path`` without the checkout (``None``: nowhere)."""
    # the checkout's root holds officers/ (a virtual environment inside it, .venv/, does not)
    elsewhere = [entry for entry in sys.path if Path(entry or os.getcwd()).resolve() != ROOT]
    spec = importlib.machinery.PathFinder.find_spec("officers", elsewhere)
    return None if spec is None or spec.loader is None else spec


def _import_installed() -> None:
    """Import ``officers`` from ``sys.path`` without the checkout; stop the run if it is not
    installed, or installed from this checkout in editable mode."""
    if "officers" in sys.modules:
        found = sys.modules["officers"].__file__
    else:
        spec = _installed_spec()
        if spec is None or spec.loader is None:
            pytest.exit("OFFICERS_TEST_INSTALLED=1 but officers is not installed: pip install .", 2)
        module = importlib.util.module_from_spec(spec)
        sys.modules["officers"] = module
        spec.loader.exec_module(module)
        found = module.__file__
    if not _installed(found):
        pytest.exit(
            f"OFFICERS_TEST_INSTALLED=1 but officers comes from {found}, not from site-packages: "
            "install it without -e (pip install .)",
            2,
        )
    # pytest collects the doctests of officers/ from the checkout's files, and imports them
    # by name: the installed modules, which live elsewhere; that is the point here.
    os.environ["PY_IGNORE_IMPORTMISMATCH"] = "1"


def _root_last() -> None:
    """Put the checkout's root last on ``sys.path``. A process started afresh (a Dask worker, a
    "spawn" child) gets this ``sys.path`` and imports officers by it: so it finds the installed
    package too (compiled parts included), as this process did, and the checkout still gives
    ``tests.*`` and ``oracles``."""
    here = [entry for entry in sys.path if Path(entry or os.getcwd()).resolve() == ROOT]
    sys.path[:] = [entry for entry in sys.path if entry not in here] + here


def _chosen() -> bool:
    """Whether the suite tests the installed package (see the module's text)."""
    if CHOICE == "1":
        return True
    if CHOICE == "0" or "officers" in sys.modules:
        return False
    spec = _installed_spec()
    return spec is not None and _installed(spec.origin)


INSTALLED = _chosen()
if INSTALLED:
    _import_installed()
    _root_last()


@pytest.fixture(autouse=True, scope="session")
def _installed_for_children() -> None:
    """Collecting the tests put the checkout's root first on ``sys.path`` again: last again,
    before the first test runs."""
    if INSTALLED:
        _root_last()


# What a skipped test needed, by the file it lives in: the summary line at the end of a run
# (pytest_terminal_summary) names each group that did not run and why.
_NEEDS = (
    ("browser tests", ("tests/test_page", "tests/browser.py")),
    ("PostgreSQL tests", ("tests/test_rooms_postgres.py",)),
    ("Node.js examples", ("tests/test_examples_js.py",)),
    ("fc-solve comparisons", ("tests/test_eightoff_notation.py", "tests/test_fcs_library.py")),
    (
        "compiled-search tests",
        (
            "tests/test_cover",
            "tests/test_extension.py",
            "tests/test_eightoff_compiled.py",
            "tests/test_skat_dd.py",
            "tests/test_skat_chance_compiled.py",
            "tests/test_latin_mates_compiled.py",
            "tests/test_latin_burnside.py",
            "tests/test_latin_species.py",
        ),
    ),
)


def _group(nodeid: str) -> str:
    return next((name for name, files in _NEEDS if nodeid.startswith(files)), "other tests")


def _reason(report: Any) -> str:
    longrepr = report.longrepr
    text = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    text = str(text).removeprefix("Skipped: ").strip()
    return text if len(text) <= 90 else text[:87] + "..."


def skip_summary(reports: list[Any]) -> str:
    """The one line that says which tests were skipped and why, by what they needed (the
    most frequent reason of each group).
    """
    if not reports:
        return "nothing skipped: the browser, PostgreSQL, Node.js and compiled-search tests all ran"
    groups: dict[str, Counter[str]] = {}
    for report in reports:
        groups.setdefault(_group(report.nodeid), Counter())[_reason(report)] += 1
    order = [name for name, _ in _NEEDS] + ["other tests"]
    parts = [
        f"{name} ({groups[name].total()}): {groups[name].most_common(1)[0][0]}"
        for name in order
        if name in groups
    ]
    return "skipped: " + "; ".join(parts)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The skip summary (:func:`skip_summary`) as the run's last line but pytest's own, with
    where to read what the skipped tests need."""
    reports = list(terminalreporter.stats.get("skipped", []))
    line = skip_summary(reports)
    if reports:
        line += " (the README's 'What the tests need' says how to install them)"
    terminalreporter.write_sep("-", "officers")
    terminalreporter.write_line(line)


MAX_WORKERS = 4
"""The most processes ``-n auto`` (the default, pyproject.toml) runs the tests in: one a CPU this
process may use, up to this many (a test may start a browser, a service or a database)."""


def pytest_xdist_auto_num_workers(config: Any) -> int:
    """The workers of ``-n auto``: ``PYTEST_XDIST_AUTO_NUM_WORKERS`` where it is set (as in
    pytest-xdist itself), else the CPUs this process may use, at most :data:`MAX_WORKERS`."""
    asked = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "").strip()
    if asked.isdigit() and int(asked) > 0:
        return int(asked)
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    cpus = len(usable) if usable is not None else (os.cpu_count() or 1)
    return max(1, min(MAX_WORKERS, cpus))


def pytest_report_header() -> str:
    import officers

    where = "installed" if INSTALLED else "source tree"
    return f"officers {officers.__version__} ({where}): {Path(officers.__file__ or '').parent}"
