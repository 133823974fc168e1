"""Compile the optional accelerators: ``officers.euler.solve._cover`` from ``officers/euler/solve/_cover.c``,
``officers.skat._dd`` from ``officers/skat/_dd.c``, ``officers.eightoff._search`` from
``officers/eightoff/_search.c``, ``officers.latin._mates`` from ``officers/latin/_mates.c``,
``officers.latin._autotopism`` from ``officers/latin/_autotopism.c`` and ``officers.latin._classes``
from ``officers/latin/_classes.c``.

    python tools/build_extension.py             # each beside its source, for a development checkout
    python tools/build_extension.py --out DIR   # all somewhere else

The wheel's build (``hatch_build.py``) uses the same functions with the same flags. The modules
are written against Python's limited API 3.11, so one file each (``_cover.abi3.so``,
``_dd.abi3.so``, ``_search.abi3.so``, ``_mates.abi3.so``, ``_autotopism.abi3.so``, ``_classes.abi3.so``) serves CPython 3.11 and every newer version. The compiler is the one ``sysconfig`` names (as Python's own
extension modules were built with), or ``$CC``; the flags are its position-independent code
flags and ``-O2``; the link is ``sysconfig``'s ``LDSHARED``. Where there is no such compiler
(Windows, PyPy, a free-threaded CPython, a machine without ``gcc`` or ``cc``) or
``OFFICERS_NO_EXTENSION=1`` is set, :func:`why_not` says why and nothing is built: officers then
runs its pure-Python search. Standard library only.
"""

from __future__ import annotations

import argparse
import itertools
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "officers" / "euler" / "solve" / "_cover.c"
TARGET = "officers/euler/solve/_cover"  # the module's path in the package, without its suffix
MODULES = (
    (TARGET, SOURCE),
    ("officers/skat/_dd", ROOT / "officers" / "skat" / "_dd.c"),
    ("officers/eightoff/_search", ROOT / "officers" / "eightoff" / "_search.c"),
    ("officers/latin/_mates", ROOT / "officers" / "latin" / "_mates.c"),
    ("officers/latin/_autotopism", ROOT / "officers" / "latin" / "_autotopism.c"),
    ("officers/latin/_classes", ROOT / "officers" / "latin" / "_classes.c"),
)  # every compiled module: its path in the package (without its suffix) and its C source
NO_EXTENSION = "OFFICERS_NO_EXTENSION"  # =1: build the pure-Python wheel
REQUIRE_EXTENSION = "OFFICERS_REQUIRE_EXTENSION"  # =1: a build without the module fails
LIMITED_API = "cp311"  # the Python the limited API of the C file starts at (0x030B0000)


class BuildError(Exception):
    """The compiler or the linker failed; the message holds the command and its output."""


def suffix() -> str:
    """The file name ending of a limited-API extension module on this platform."""
    return ".pyd" if sys.platform == "win32" else ".abi3.so"


def wheel_tag() -> str:
    """The wheel tag of a build holding the module: ``cp311-abi3-<platform>``."""
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{LIMITED_API}-abi3-{platform}"


def _config(name: str) -> list[str]:
    value = sysconfig.get_config_var(name)
    return shlex.split(value) if isinstance(value, str) else []


def _architectures() -> list[str]:
    """macOS: the ``-arch`` flags Python was built with (a universal2 Python links both)."""
    if sys.platform != "darwin":
        return []
    flags = _config("CFLAGS")
    return [w for flag, arch in itertools.pairwise(flags) if flag == "-arch" for w in (flag, arch)]


def commands(source: Path, out: Path, work: Path) -> list[list[str]]:
    """The compile and the link commands that turn ``source`` into the module ``out``."""
    default = _config("CC")
    compiler = shlex.split(os.environ["CC"]) if os.environ.get("CC") else default
    link = _config("LDSHARED")
    if compiler != default and link[: len(default)] == default:
        link = compiler + link[len(default) :]
    include = sysconfig.get_paths()["include"]
    obj = work / (source.stem + ".o")
    flags = [*_config("CCSHARED"), *_architectures(), "-O2", "-I", include]
    return [
        [*compiler, *flags, "-c", str(source), "-o", str(obj)],
        [*link, str(obj), "-o", str(out)],
    ]


def why_not() -> str | None:
    """Why the module cannot or shall not be built here, or None when it can."""
    if os.environ.get(NO_EXTENSION) == "1":
        return f"{NO_EXTENSION}=1 is set"
    if sys.implementation.name != "cpython":
        return f"{sys.implementation.name} has no limited API of CPython"
    if sysconfig.get_config_var("Py_GIL_DISABLED"):
        return "a free-threaded CPython has no limited API"
    if sys.platform == "win32":
        return "Windows: no C compiler is named by sysconfig"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC")
    if not isinstance(compiler, str) or not compiler.strip():
        return "sysconfig names no C compiler"
    if shutil.which(shlex.split(compiler)[0]) is None:
        return f"no C compiler: {shlex.split(compiler)[0]!r} is not on PATH"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return f"no Python.h in {sysconfig.get_paths()['include']} (install Python's headers)"
    return None


def build(directory: Path, source: Path = SOURCE, target: str = TARGET) -> Path:
    """Compile ``source`` into ``directory`` as the module ``target`` (its path in the package:
    the file is named after its last part); the module's path. Raises :class:`BuildError`."""
    out = directory / (Path(target).name + suffix())
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="officers-build-") as work:
        for command in commands(source, out, Path(work)):
            try:
                done = subprocess.run(command, capture_output=True, text=True, check=False)
            except OSError as error:
                raise BuildError(f"{shlex.join(command)}: {error}") from None
            if done.returncode != 0:
                said = (done.stderr or done.stdout).strip()[-2000:]
                raise BuildError(f"{shlex.join(command)} exited {done.returncode}:\n{said}")
    return out


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--out", type=Path, default=None, help="the folder to write to")
    args = options.parse_args(argv)
    reason = why_not()
    if reason is not None:
        print(f"not built: {reason}; officers runs its pure-Python search", file=sys.stderr)
        return 0 if os.environ.get(REQUIRE_EXTENSION) != "1" else 1
    for target, source in MODULES:
        try:
            out = build(source.parent if args.out is None else args.out, source, target)
        except BuildError as error:
            print(f"the build failed: {error}", file=sys.stderr)
            return 1
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
