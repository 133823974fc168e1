"""Check the built distributions against the checkout (CI runs it after ``python -m build``).

    python tools/check_dist.py dist/officers-X.whl dist/again/officers-X.whl

    python tools/check_dist.py dist/officers-X.whl dist/again/officers-X.whl dist/officers-X.tar.gz

The first wheel is built from the source tree, the second from the sdist. The check holds that

- the wheel holds every file of ``officers/`` that git tracks (modules, JSON Schemas, data, the
  web page's files, ``py.typed``) but the C sources, and nothing else besides its
  ``.dist-info`` and the compiled modules ``officers/euler/solve/_cover.abi3.so``,
  ``officers/skat/_dd.abi3.so``, ``officers/eightoff/_search.abi3.so`` and
  ``officers/latin/_mates.abi3.so``, ``officers/latin/_autotopism.abi3.so`` and
  ``officers/latin/_classes.abi3.so`` (``.pyd``), if any
  (all or none);
- a wheel with the compiled module is tagged ``cp311-abi3-<platform>`` and not purelib, one
  without it ``py3-none-any``; with ``OFFICERS_REQUIRE_EXTENSION=1`` it must hold the module;
- the platform is one a package index takes (``manylinux_2_34_x86_64``, ``musllinux_1_2_...``,
  ``macosx_11_0_arm64``, ``win_amd64``, ...), never the bare ``linux_x86_64`` that a build on
  Linux writes: CI makes it portable with ``auditwheel repair`` first; the file's name and its
  ``WHEEL`` say the same tags;
- the wheel built from the sdist holds the same files, byte for byte, and the compiled module
  when the first one does (its bytes may differ from one build to the next), under the same tag;
- the sdist holds the C sources and the build hook (so a build from it can compile);
- the version in the metadata is ``officers.__version__`` and the newest release of CHANGELOG.md.

It prints one line a check and exits 1 when one fails. Standard library only.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import zipfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED = re.compile(
    r"officers/(euler/solve/_cover|skat/_dd|eightoff/_search|latin/_mates|latin/_autotopism|latin/_classes)\.(abi3\.so|pyd)"
)
"""The compiled modules' paths in a wheel."""
MODULES = 6
"""How many compiled modules a wheel with any holds."""
BUILD = ["hatch_build.py", "tools/build_extension.py"]
"""What a build from the sdist needs to compile the module, besides the C sources."""


PLATFORM = re.compile(
    r"(manylinux_\d+_\d+|manylinux1|manylinux2010|manylinux2014|musllinux_\d+_\d+)_"
    r"(x86_64|i686|aarch64|armv7l|ppc64le|s390x|riscv64)"
    r"|macosx_\d+_\d+_(x86_64|arm64|universal2|intel)"
    r"|win32|win_amd64|win_arm64"
)
"""A platform tag that a package index takes (PEP 600, PEP 656, macOS and Windows)."""


def record(wheel: Path) -> dict[str, str]:
    """The wheel's files and their hashes, from its RECORD (RECORD itself left out)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/RECORD"))
        rows = archive.read(name).decode("utf-8").splitlines()
    files = dict(row.rsplit(",", 2)[:2] for row in rows if row)
    files.pop(name, None)
    return files


def metadata(wheel: Path, file: str = "METADATA") -> dict[str, str]:
    """The headers of the wheel's METADATA (or WHEEL), the first of each."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(f".dist-info/{file}"))
        text = archive.read(name).decode("utf-8")
    fields: dict[str, str] = {}
    for line in text.split("\n\n", 1)[0].splitlines():
        key, _, value = line.partition(": ")
        fields.setdefault(key, value)
    return fields


def tracked() -> set[str]:
    """The files of ``officers/`` that git tracks (or that exist, outside a git checkout)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "officers"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        return set(out.split())
    except (OSError, subprocess.CalledProcessError):
        return {
            path.relative_to(ROOT).as_posix()
            for path in (ROOT / "officers").rglob("*")
            if path.is_file() and "__pycache__" not in path.parts
        }


def compiled(files: dict[str, str]) -> str | None:
    """The compiled module's path among a wheel's files, if it holds one (the first)."""
    return next(iter(every_compiled(files)), None)


def every_compiled(files: dict[str, str]) -> list[str]:
    """The compiled modules' paths among a wheel's files."""
    return [name for name in sorted(files) if COMPILED.fullmatch(name)]


def tags(wheel: Path) -> list[str]:
    """Every ``Tag`` of the wheel's ``WHEEL`` (one a line: a repaired wheel may have several)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/WHEEL"))
        text = archive.read(name).decode("utf-8")
    return [line.removeprefix("Tag: ") for line in text.splitlines() if line.startswith("Tag: ")]


def named_tags(wheel: Path) -> list[str]:
    """The tags the wheel's file name says (``name-version-python-abi-platform.whl``, each part
    possibly ``a.b``), expanded."""
    python, abi, platform = wheel.name.removesuffix(".whl").split("-")[-3:]
    return [
        f"{p}-{a}-{q}"
        for p in python.split(".")
        for a in abi.split(".")
        for q in platform.split(".")
    ]


def platform_problems(wheel: Path) -> list[str]:
    """What is wrong with a platform wheel's platforms: one a package index refuses
    (``linux_x86_64``), or a file name that says other tags than its ``WHEEL``."""
    found = []
    written = tags(wheel)
    if sorted(written) != sorted(named_tags(wheel)):
        found.append(f"{wheel.name}: its name says {named_tags(wheel)}, its WHEEL {written}")
    refused = sorted({t.split("-")[2] for t in written if not PLATFORM.fullmatch(t.split("-")[2])})
    if refused:
        found.append(
            f"{wheel.name} is tagged for {', '.join(refused)}, which a package index refuses: "
            "make it portable first (auditwheel repair)"
        )
    return found


def tag_problems(wheel: Path, files: dict[str, str]) -> list[str]:
    """What is wrong with a wheel's tag, given whether it holds the compiled module."""
    fields = metadata(wheel, "WHEEL")
    tag, pure = fields.get("Tag", ""), fields.get("Root-Is-Purelib")
    module = compiled(files)
    if module is None and os.environ.get("OFFICERS_REQUIRE_EXTENSION") == "1":
        return [f"{wheel.name} holds no compiled module, and OFFICERS_REQUIRE_EXTENSION=1 is set"]
    if module is None and (tag, pure) != ("py3-none-any", "true"):
        return [f"{wheel.name} holds no compiled module but is tagged {tag} (purelib {pure})"]
    if module is not None and (not tag.startswith("cp311-abi3-") or pure != "false"):
        return [f"{wheel.name} holds {module} but is tagged {tag} (purelib {pure})"]
    if module is not None and len(every_compiled(files)) != MODULES:
        return [f"{wheel.name} holds {every_compiled(files)}, not all {MODULES} compiled modules"]
    if module is not None and any(not t.startswith("cp311-abi3-") for t in tags(wheel)):
        return [f"{wheel.name} holds {module} but is tagged {tags(wheel)}"]
    return platform_problems(wheel) if module is not None else []


def sdist_problems(sdist: Path) -> list[str]:
    """What the sdist misses of what a build from it needs to compile the module."""
    with tarfile.open(sdist) as archive:
        held = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    needed = {name for name in tracked() if name.endswith(".c")} | set(BUILD)
    missing = sorted(needed - held)
    return [f"missing from the sdist: {missing}"] if missing else []


def problems(wheel: Path, again: Path, sdist: Path | None = None) -> list[str]:
    """What is wrong with the two wheels (and the sdist), one sentence each."""
    found = []
    files = record(wheel)
    package = {name for name in files if not name.split("/")[0].endswith(".dist-info")}
    expected = {name for name in tracked() if not name.endswith(".c")}
    modules = set(every_compiled(files))
    missing, extra = expected - package, package - expected - modules
    if missing:
        found.append(f"missing from the wheel: {sorted(missing)}")
    if extra:
        found.append(f"in the wheel, not tracked in officers/: {sorted(extra)}")
    second = record(again)
    if modules - second.keys():
        found.append(f"the wheel from the sdist lacks {sorted(modules - second.keys())}")
    differ = sorted(
        n
        for n in files.keys() | second.keys()
        if n not in modules and not COMPILED.fullmatch(n) and files.get(n) != second.get(n)
    )
    if differ:
        found.append(f"the wheel from the sdist differs in: {differ}")
    found += tag_problems(wheel, files) + tag_problems(again, second)
    if sorted(tags(wheel)) != sorted(tags(again)):
        found.append(f"the two wheels' tags differ: {wheel.name}, {again.name}")
    if sdist is not None:
        found += sdist_problems(sdist)
    version = metadata(wheel)["Version"]
    source = re.search(
        r'^__version__ = "([^"]+)"',
        (ROOT / "officers" / "__init__.py").read_text("utf-8"),
        re.MULTILINE,
    )
    changelog = re.findall(
        r"^## \[(\d[^\]]*)\]", (ROOT / "CHANGELOG.md").read_text("utf-8"), re.MULTILINE
    )
    if source is None or source[1] != version or changelog[:1] != [version]:
        found.append(
            f"versions disagree: metadata {version}, officers/__init__.py "
            f"{source and source[1]}, CHANGELOG.md {changelog[:1]}"
        )
    return found


def main(argv: list[str]) -> int:
    wheel, again = Path(argv[0]), Path(argv[1])
    sdist = Path(argv[2]) if len(argv) > 2 else None
    found = problems(wheel, again, sdist)
    files = record(wheel)
    kinds = Counter(Path(name).suffix or Path(name).name for name in files)
    print(
        f"{wheel.name}: {len(files)} files, {wheel.stat().st_size / 1024:.0f} KiB "
        f"({', '.join(f'{n} {k}' for k, n in kinds.most_common())}); "
        f"metadata version {metadata(wheel)['Version']}"
    )
    for problem in found:
        print(f"FAIL {problem}")
    if not found:
        module = compiled(files)
        print(
            "ok   every tracked file of officers/ but the C sources is in the wheel, and nothing else"
        )
        print("ok   the wheel built from the sdist is the same, file for file")
        if module is not None:
            tag = ", ".join(tags(wheel))
            with zipfile.ZipFile(wheel) as archive:
                sizes = [archive.getinfo(name).file_size for name in every_compiled(files)]
            held = ", ".join(
                f"{name} ({size / 1024:.0f} KiB)"
                for name, size in zip(every_compiled(files), sizes, strict=True)
            )
            print(f"ok   both wheels hold {held}, tagged {tag}")
            print("ok   a platform a package index takes, named alike in the file and its WHEEL")
        else:
            print("ok   a pure wheel (py3-none-any): no compiled module")
        if sdist is not None:
            print("ok   the sdist holds the C sources and the build hook")
        print("ok   one version in the metadata, officers/__init__.py and CHANGELOG.md")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
