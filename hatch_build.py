"""The wheel's build hook: compile the optional accelerators ``officers.euler.solve._cover``,
``officers.skat._dd``, ``officers.eightoff._search``, ``officers.latin._mates``,
``officers.latin._autotopism`` and ``officers.latin._classes`` (every module
of ``tools/build_extension.py``'s ``MODULES``).

A wheel built where a C compiler is found holds ``officers/euler/solve/_cover.abi3.so``,
``officers/skat/_dd.abi3.so``, ``officers/eightoff/_search.abi3.so``,
``officers/latin/_mates.abi3.so``, ``officers/latin/_autotopism.abi3.so`` and
``officers/latin/_classes.abi3.so`` and is tagged
``cp311-abi3-<platform>`` (one wheel for CPython 3.11 and newer); elsewhere, or with
``OFFICERS_NO_EXTENSION=1``, or when the compiler fails, it is the pure wheel ``py3-none-any``
as before, and a warning says why. With ``OFFICERS_REQUIRE_EXTENSION=1`` a build without the
modules fails instead. An editable install (``pip install -e .``) compiles the modules in place,
beside their sources (git ignores them). The compiling itself lives in
``tools/build_extension.py``, which a development checkout runs directly.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _tool(root: str) -> ModuleType:
    path = Path(root) / "tools" / "build_extension.py"
    spec = importlib.util.spec_from_file_location("officers_build_extension", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class CoverBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the C modules (``officers/euler/solve/_cover.c``, ``officers/skat/_dd.c``,
    ``officers/eightoff/_search.c``, ``officers/latin/_mates.c``, ``officers/latin/_autotopism.c``, ``officers/latin/_classes.c``) into the wheel, or leave the
    wheel pure."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        tool = _tool(self.root)
        reason = tool.why_not()
        if reason is None:
            self._work = Path(tempfile.mkdtemp(prefix="officers-wheel-"))
            try:
                built = self._build(tool, version)
            except tool.BuildError as error:
                reason = f"the compiler failed: {error}"
            else:
                if version == "editable":
                    self.app.display_info(
                        f"officers: compiled {', '.join(map(str, built))} in place"
                    )
                    return
                build_data["pure_python"] = False
                build_data["tag"] = tool.wheel_tag()
                for target, path in built.items():
                    build_data["force_include"][str(path)] = target + tool.suffix()
                    self.app.display_info(
                        f"officers: the wheel holds {path.name} ({tool.wheel_tag()})"
                    )
                return
        message = f"officers: building without the compiled search ({reason}); the pure-Python search is used"
        if os.environ.get(tool.REQUIRE_EXTENSION) == "1":
            raise RuntimeError(f"{message}, but {tool.REQUIRE_EXTENSION}=1 is set")
        self.app.display_warning(message)

    def _build(self, tool: ModuleType, version: str) -> dict[str, Path]:
        """Compile every module (in place for an editable install); each one's path by its
        path in the package. Raises the tool's ``BuildError``."""
        built = {}
        for target, source in tool.MODULES:
            relative = Path(source).relative_to(tool.ROOT)
            where = (Path(self.root) / relative).parent if version == "editable" else self._work
            built[target] = tool.build(where, Path(self.root) / relative, target)
        return built

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
