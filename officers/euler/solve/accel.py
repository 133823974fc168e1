"""The compiled accelerator of the exact cover search, where it is installed.

officers ships one optional C module, ``officers.euler.solve._cover`` (``officers/euler/solve/_cover.c``),
that a wheel built with a C compiler holds and that a development checkout compiles with
``python tools/build_extension.py``. Without it officers runs the same search in pure Python:
the module changes how fast an answer comes, never the answer. :func:`module` is the one
way in; nothing imports the module before it is asked for.

Glossary:

ABI
    The version of the module's interface, the constant ``ABI`` in the C file. A module built
    from another version of the C file than this Python code expects is not used.
``OFFICERS_PURE_PYTHON=1``
    The environment variable that turns the module off (read once, at the first call): for the
    tests of the pure-Python path, and for anyone who wants to compare.

>>> found = module()
>>> found is None or found.ABI == ABI
True
>>> status() == "compiled" or status().startswith("pure Python: ")
True
"""

from __future__ import annotations

from types import ModuleType
from typing import Final

from officers.core.compiled import PARTS, PURE_PYTHON, load
from officers.core.deprecated import renamed

__all__ = ["ABI", "PURE_PYTHON", "cover_module", "cover_status", "module", "status"]

NAME: Final = "officers.euler.solve._cover"

ABI: Final = PARTS[NAME]
"""The interface version of ``officers.euler.solve._cover`` this code is written against (kept in
:data:`officers.core.compiled.PARTS`)."""


def _load() -> tuple[ModuleType | None, str]:
    return load(NAME, ABI)


def module() -> ModuleType | None:
    """The compiled module ``officers.euler.solve._cover``, or None where it is not installed, does not
    load, was built for another :data:`ABI`, or ``OFFICERS_PURE_PYTHON=1`` is set. Imported at the
    first call, once."""
    return _load()[0]


def status() -> str:
    """``"compiled"`` when :func:`module` gives the module, else ``"pure Python: ..."`` and
    the reason, in one line."""
    return _load()[1]


def cover_module() -> ModuleType | None:
    """Deprecated since 0.4: :func:`module` (warns with a :class:`DeprecationWarning`)."""
    renamed("officers.euler.solve.accel.cover_module()", "officers.euler.solve.accel.module()")
    return module()


def cover_status() -> str:
    """Deprecated since 0.4: :func:`status` (warns with a :class:`DeprecationWarning`)."""
    renamed("officers.euler.solve.accel.cover_status()", "officers.euler.solve.accel.status()")
    return status()
