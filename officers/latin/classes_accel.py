"""The compiled canonical form of a Latin rectangle and children of a parent, where installed.

officers ships an optional C module, ``officers.latin._classes`` (``officers/latin/_classes.c``),
that a wheel built with a C compiler holds and that a development checkout compiles with
``python tools/build_extension.py``. Without it :mod:`officers.latin.listing` generates the
classes in pure Python: the module changes how fast an answer comes, never the answer.
:func:`module` is the one way in, as for every compiled part (:mod:`officers.core.compiled`).

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

__all__ = ["ABI", "NAME", "PURE_PYTHON", "module", "status"]

NAME: Final = "officers.latin._classes"

ABI: Final = PARTS[NAME]
"""The interface version of ``officers.latin._classes`` this code is written against (kept in
:data:`officers.core.compiled.PARTS`)."""


def module() -> ModuleType | None:
    """The compiled module ``officers.latin._classes``, or None where it is not installed, does
    not load, was built for another :data:`ABI`, or ``OFFICERS_PURE_PYTHON=1`` is set.
    Imported at the first call, once."""
    return load(NAME, ABI)[0]


def status() -> str:
    """``"compiled"`` when :func:`module` gives the module, else ``"pure Python: ..."`` and
    the reason, in one line."""
    return load(NAME, ABI)[1]
