"""Check the built distributions against the checkout (CI runs it after ``python -m build``).

    python tools/check_dist.py dist/officers-X.whl dist/again/officers-X.whl

The first wheel is built from the source tree, the second from the sdist. The check holds that

- the wheel holds every file of ``officers/`` that git tracks (modules, JSON Schemas, data, the
  web page's files, ``py.typed``) and nothing else besides its ``.dist-info``;
- the wheel built from the sdist holds the same files, byte for byte (so the sdist misses nothing);
- the version in the metadata is ``officers.__version__`` and the newest release of CHANGELOG.md.

It prints one line a check and exits 1 when one fails. Standard library only.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def record(wheel: Path) -> dict[str, str]:
    """The wheel's files and their hashes, from its RECORD (RECORD itself left out)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/RECORD"))
        rows = archive.read(name).decode("utf-8").splitlines()
    files = dict(row.rsplit(",", 2)[:2] for row in rows if row)
    files.pop(name, None)
    return files


def metadata(wheel: Path) -> dict[str, str]:
    """The wheel's METADATA headers (the first of each)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
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


def problems(wheel: Path, again: Path) -> list[str]:
    """What is wrong with the two wheels, one sentence each."""
    found = []
    files = record(wheel)
    package = {name for name in files if not name.split("/")[0].endswith(".dist-info")}
    missing, extra = tracked() - package, package - tracked()
    if missing:
        found.append(f"missing from the wheel: {sorted(missing)}")
    if extra:
        found.append(f"in the wheel, not tracked in officers/: {sorted(extra)}")
    second = record(again)
    differ = sorted(n for n in files.keys() | second.keys() if files.get(n) != second.get(n))
    if differ:
        found.append(f"the wheel from the sdist differs in: {differ}")
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
    found = problems(wheel, again)
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
        print("ok   every tracked file of officers/ is in the wheel, and nothing else")
        print("ok   the wheel built from the sdist is the same, file for file")
        print("ok   one version in the metadata, officers/__init__.py and CHANGELOG.md")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
