"""The optional compiled modules, found once: each is used only when it is installed, loads, and
was built for the interface version its Python code expects.

officers ships six optional C modules, listed in :data:`PARTS`: the exact cover search of
Euler's Officers (``officers.euler.solve._cover``), Offiziersskat's double-dummy search
(``officers.skat._dd``), Eight Off's decision search (``officers.eightoff._search``), the
count of a Latin square's transversals and orthogonal mates (``officers.latin._mates``), the
count of the Latin squares a paratopism fixes (``officers.latin._autotopism``) and the canonical
forms and children of Latin rectangles that list the classes (``officers.latin._classes``). Each
has its way in, a module ``accel`` with the same two functions, both through :func:`load`:
``module()``, the compiled module or ``None``, and ``status()``, ``"compiled"`` or ``"pure
Python: "`` and why (:mod:`officers.euler.solve.accel`, :mod:`officers.skat.accel`, :mod:`officers.eightoff.accel`,
:mod:`officers.latin.accel`, :mod:`officers.latin.autotopism_accel`, :mod:`officers.latin.classes_accel`). :func:`statuses` says it for every part at once, without
importing a game: what ``officers --version`` prints, and what a bug report wants. Without a
module the same search runs in pure Python: a module changes how fast an answer comes, never
the answer.

``OFFICERS_PURE_PYTHON=1`` keeps every compiled module out (read at each module's first load):
for the tests of the pure-Python paths, and for anyone who wants to compare.

>>> load("officers.no_such_module", 1)
(None, 'pure Python: the compiled module is not installed')
>>> list(statuses())
['officers.euler.solve._cover', 'officers.skat._dd', 'officers.eightoff._search', 'officers.latin._mates', 'officers.latin._autotopism', 'officers.latin._classes']
"""

from __future__ import annotations

import functools
import os
import sys
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader
from types import ModuleType
from typing import Final

__all__ = ["PARTS", "PURE_PYTHON", "load", "statuses"]

PURE_PYTHON: Final = "OFFICERS_PURE_PYTHON"
"""The environment variable that, set to ``1``, keeps the compiled modules out."""

PARTS: Final = {
    "officers.euler.solve._cover": 1,
    "officers.skat._dd": 5,
    "officers.eightoff._search": 2,
    "officers.latin._mates": 1,
    "officers.latin._autotopism": 1,
    "officers.latin._classes": 1,
}
"""Each compiled module's name and the interface version (its C constant ``ABI``) that the
Python code of its game is written against (each ``accel`` module's ``ABI`` is read here): a
module built from another version of its C file is not used."""


@functools.cache
def load(name: str, abi: int) -> tuple[ModuleType | None, str]:
    """The compiled module ``name`` and ``"compiled"``; or ``None`` and ``"pure Python: "`` with
    the reason, in one line, where it is not installed, does not load, was built for another
    interface version than ``abi`` (its constant ``ABI``), or ``OFFICERS_PURE_PYTHON=1`` is
    set. Imported at the first call, once."""
    if os.environ.get(PURE_PYTHON) == "1":
        return None, f"pure Python: {PURE_PYTHON}=1"
    try:
        module = _import(name)
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


def _import(name: str) -> ModuleType:
    """The compiled module ``name``, imported without its game's package where that is not
    imported yet (``officers --version`` asks every part, and a game's package would bring its
    whole game): the file beside the package's, loaded by its own spec."""
    package, _, stem = name.rpartition(".")
    if package in sys.modules or name in sys.modules:
        return import_module(name)
    from importlib.util import module_from_spec, spec_from_file_location  # only on this way

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # officers/
    folder = os.path.join(root, *package.split(".")[1:])
    for suffix in EXTENSION_SUFFIXES:
        path = os.path.join(folder, stem + suffix)
        if os.path.isfile(path):
            spec = spec_from_file_location(name, path, loader=ExtensionFileLoader(name, path))
            assert spec is not None and spec.loader is not None
            module = module_from_spec(spec)
            spec.loader.exec_module(module)
            sys.modules[name] = module  # one module, whoever imports it next
            return module
    raise ModuleNotFoundError(f"No module named {name!r}", name=name)


def statuses() -> dict[str, str]:
    """Each compiled module of :data:`PARTS` and its status: ``"compiled"``, or ``"pure Python:
    "`` and why, as the game's ``accel.status()`` says it. Loads the modules (once), imports no
    game."""
    return {name: load(name, abi)[1] for name, abi in PARTS.items()}
