"""The modules that moved in 0.4, still importable from where they were, with a warning.

0.4 gave each game its own package and the shared code its own (:mod:`officers.core`): Euler's
Officers moved from the package's root to :mod:`officers.euler`, Eight Off's deck to
:mod:`officers.eightoff.deck`, and Offiziersskat's tip words into its one words package,
:mod:`officers.skat.words`. Every 0.3 module keeps its name until 0.5: importing
``officers.game`` (or ``officers.solve.index``, or anything below a moved package) gives a module
that reads every name from the new place, so ``officers.game.GameState is
officers.euler.game.GameState``, and warns once with a :class:`DeprecationWarning` that names
the new place. The names exported by ``officers`` itself did not move.

Type checkers see only the new places: import from there.

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore", DeprecationWarning)
...     from officers.square import Square
>>> import officers.euler.square
>>> Square is officers.euler.square.Square
True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from types import ModuleType

TYPE_CHECKING = False  # typing is not imported at run time: this module loads with every import
if TYPE_CHECKING:
    from importlib.abc import Loader as _Loader
    from typing import Any, Final
else:
    _Loader = (
        object  # importlib.abc takes time to import, and a loader is any object with these methods
    )

__all__ = ["MOVED", "new_name"]

_CORE: Final = ("compiled", "deals", "draw", "errors", "lifetime", "wire")
_EULER: Final = [
    "analysis",
    "bitboard",
    "bots",
    "cards",
    "game",
    "game_notation",
    "hints",
    "levels",
    "moves",
    "puzzles",
    "record",
    "repairs",
    "rules",
    "simulate",
    "solve",
    "square",
    "svg",
    "symmetry",
    "verify_rules",
    "view",
    "words",
]

MOVED: Final[dict[str, str]] = {
    **{f"officers.{name}": f"officers.core.{name}" for name in _CORE},
    **{f"officers.{name}": f"officers.euler.{name}" for name in _EULER},
    "officers.deck": "officers.eightoff.deck",
    "officers.skat.tip_words": "officers.skat.words",  # one words package per game
}
"""Each module (or package, with everything below it) that moved: its 0.3 name → its name now."""


def new_name(old: str) -> str | None:
    """The name now of the 0.3 module ``old``, or ``None`` if it did not move.

    >>> new_name("officers.solve.index"), new_name("officers.skat.game")
    ('officers.euler.solve.index', None)
    """
    if not old.startswith("officers."):
        return None
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before) :]
    return None


class _Alias(_Loader):
    """Loads an old name as a module that reads every name from the new module."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        target = importlib.import_module(self.new)
        alias = ModuleType(spec.name, target.__doc__)

        def __getattr__(name: str) -> Any:  # noqa: N807 (PEP 562)
            return getattr(target, name)

        def __dir__() -> list[str]:  # noqa: N807 (PEP 562)
            return dir(target)

        alias.__getattr__ = __getattr__  # type: ignore[method-assign]
        alias.__dir__ = __dir__  # type: ignore[method-assign]
        if hasattr(target, "__path__"):  # a package: what lies below it is found by the finder
            alias.__path__ = []  # (set here: __getattr__ would hand out the new place's path)
        if hasattr(target, "__all__"):
            alias.__dict__["__all__"] = list(target.__all__)
        return alias

    def exec_module(self, module: ModuleType) -> None:
        warnings.warn(
            f"{module.__name__} moved to {self.new} in 0.4; the old name goes in 0.5",
            DeprecationWarning,
            stacklevel=2,  # the import statement: warn() skips the import system's frames
        )


class _Finder:
    """Finds the 0.3 names of moved modules. It stands first on :data:`sys.meta_path`, so that a
    folder left from an older checkout (``officers/solve/__pycache__``) is not taken for a
    namespace package of the old name; for any other name it answers at once."""

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = new_name(fullname)
        if new is None:
            return None
        is_package = hasattr(importlib.import_module(new), "__path__")
        return importlib.machinery.ModuleSpec(fullname, _Alias(new), is_package=is_package)


def install() -> None:
    """Put the finder on :data:`sys.meta_path` (once)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
