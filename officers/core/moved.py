"""The modules that moved in 0.4, still importable from where they were, with a warning.

0.4 gave each game its own package and the shared code its own (:mod:`officers.core`): Euler's
Officers moved from the package's root to :mod:`officers.euler`, Eight Off's deck to
:mod:`officers.eightoff.deck`, Offiziersskat's tip words into its one words package,
:mod:`officers.skat.words`, and the Latin squares of any order to their own package,
:mod:`officers.latin`. Every 0.3 module keeps its name until 0.5: importing ``officers.game``
(or ``officers.solve.index``, or anything below a moved package) gives a module that reads every
name from the new place, so ``officers.game.GameState is officers.euler.game.GameState``, and
warns once with a :class:`DeprecationWarning` that names the new place. A 0.3 module whose names
went to more than one place (:data:`SPLIT`: ``officers.solve.latin``'s Latin squares to
:mod:`officers.latin`, its layers of a square to :mod:`officers.euler.solve.construct`) reads
each name from the first of its places that has it, and its warning names them all. The names
exported by ``officers`` itself did not move.

Type checkers see only the new places: import from there.

>>> import warnings
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore", DeprecationWarning)
...     from officers.square import Square
>>> import officers.euler.square
>>> Square is officers.euler.square.Square
True
>>> new_places("officers.solve.latin")
('officers.latin', 'officers.euler.solve.construct')
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

__all__ = ["MOVED", "SPLIT", "new_places"]

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
    "officers.solve.order6": "officers.latin.order6",  # the Latin squares of any order
}
"""Each module (or package, with everything below it) that moved: its 0.3 name → its name now.
Where a name below a moved package moved on its own, its own entry wins (the longest match)."""

SPLIT: Final[dict[str, tuple[str, ...]]] = {
    "officers.solve.latin": ("officers.latin", "officers.euler.solve.construct"),
    "officers.solve.construct": ("officers.euler.solve.construct", "officers.latin"),
}
"""Each 0.3 module whose names went to more than one place: its name → the modules that hold
them now, in the order they are asked."""


def new_places(old: str) -> tuple[str, ...]:
    """The modules that hold the names of the 0.3 module ``old`` now: one where it moved whole,
    more where its names were split (:data:`SPLIT`), none if it did not move.

    >>> new_places("officers.solve.index"), new_places("officers.skat.game")
    (('officers.euler.solve.index',), ())
    >>> new_places("officers.solve.order6")
    ('officers.latin.order6',)
    """
    if not old.startswith("officers."):
        return ()
    if old in SPLIT:
        return SPLIT[old]
    matches = [before for before in MOVED if old == before or old.startswith(before + ".")]
    if not matches:
        return ()
    before = max(matches, key=len)
    return (MOVED[before] + old[len(before) :],)


class _Alias(_Loader):
    """Loads an old name as a module that reads every name from the new modules (the first that
    has it)."""

    def __init__(self, new: tuple[str, ...]) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        targets = [importlib.import_module(new) for new in self.new]
        alias = ModuleType(spec.name, targets[0].__doc__)

        def __getattr__(name: str) -> Any:  # noqa: N807 (PEP 562)
            if name == "__path__":  # a module that reads names from a package is no package
                raise AttributeError(f"module {spec.name!r} has no attribute {name!r}")
            for target in targets:
                try:
                    return getattr(target, name)
                except AttributeError:
                    continue
            raise AttributeError(f"module {spec.name!r} has no attribute {name!r}")

        def __dir__() -> list[str]:  # noqa: N807 (PEP 562)
            return sorted({name for target in targets for name in dir(target)})

        alias.__getattr__ = __getattr__  # type: ignore[method-assign]
        alias.__dir__ = __dir__  # type: ignore[method-assign]
        # a package: what lies below it is found by the finder (its path is set here, so that
        # __getattr__ does not hand out the new place's)
        if spec.submodule_search_locations is not None:
            alias.__path__ = []
        public = [list(target.__all__) for target in targets if hasattr(target, "__all__")]
        if public:
            alias.__dict__["__all__"] = list(
                dict.fromkeys(name for names in public for name in names)
            )
        return alias

    def exec_module(self, module: ModuleType) -> None:
        warnings.warn(
            f"{module.__name__} moved to {' and '.join(self.new)} in 0.4; the old name goes in 0.5",
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
        new = new_places(fullname)
        if not new:
            return None
        # a package when it moved whole as one (a split module is a module)
        is_package = len(new) == 1 and hasattr(importlib.import_module(new[0]), "__path__")
        return importlib.machinery.ModuleSpec(fullname, _Alias(new), is_package=is_package)


def install() -> None:
    """Put the finder on :data:`sys.meta_path` (once)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
