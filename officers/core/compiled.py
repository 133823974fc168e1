"""The optional compiled modules, found once: each is used only when it is installed, loads, and
was built for the interface version its Python code expects.

officers ships two optional C modules (the exact cover search, ``officers.euler.solve._cover``, and
Offiziersskat's double-dummy search, ``officers.skat._dd``); each has its own way in
(:mod:`officers.euler.solve.accel`, :mod:`officers.skat.accel`), both through :func:`load`. Without a
module the same search runs in pure Python: a module changes how fast an answer comes, never
the answer.

``OFFICERS_PURE_PYTHON=1`` keeps every compiled module out (read at each module's first load):
for the tests of the pure-Python paths, and for anyone who wants to compare.

>>> load("officers.no_such_module", 1)
(None, 'pure Python: the compiled module is not installed')
"""

from __future__ import annotations

import functools
import os
from importlib import import_module
from types import ModuleType
from typing import Final

__all__ = ["PURE_PYTHON", "load"]

PURE_PYTHON: Final = "OFFICERS_PURE_PYTHON"
"""The environment variable that, set to ``1``, keeps the compiled modules out."""


@functools.cache
def load(name: str, abi: int) -> tuple[ModuleType | None, str]:
    """The compiled module ``name`` and ``"compiled"``; or ``None`` and ``"pure Python: "`` with
    the reason, in one line, where it is not installed, does not load, was built for another
    interface version than ``abi`` (its constant ``ABI``), or ``OFFICERS_PURE_PYTHON=1`` is
    set. Imported at the first call, once."""
    if os.environ.get(PURE_PYTHON) == "1":
        return None, f"pure Python: {PURE_PYTHON}=1"
    try:
        module = import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None, "pure Python: the compiled module is not installed"
    except ImportError as error:  # a damaged file, or one built for another platform
        return None, f"pure Python: the compiled module does not load ({error})"
    found = getattr(module, "ABI", None)
    if found != abi:
        return None, f"pure Python: the compiled module has ABI {found!r}, this code needs {abi}"
    return module, "compiled"
