"""Every public name of 0.3 keeps working from where it was.

The list (``golden/public-names-0.3.0.txt``) was made from the ``__all__`` of every module of the
0.3.0 release. A module that moved in 0.4 (:mod:`officers.core.moved`) still imports under its
old name, warns once that it moved, and hands out the very objects of its new place (of its new
places, where its names were split).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import warnings
from collections import defaultdict
from pathlib import Path

import pytest

from officers.core.moved import MOVED, SPLIT, new_places

GOLDEN = Path(__file__).parent / "golden" / "public-names-0.3.0.txt"


def _names() -> dict[str, list[str]]:
    names: dict[str, list[str]] = defaultdict(list)
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            module, name = line.split()
            names[module].append(name)
    return dict(names)


NAMES = _names()


def test_the_list_is_whole() -> None:
    assert len(NAMES) > 100
    assert "GameState" in NAMES["officers.game"]
    assert "EightOffGame" in NAMES["officers.eightoff.game"]


@pytest.mark.parametrize("module", sorted(NAMES))
def test_every_name_of_0_3_imports_from_where_it_was(module: str) -> None:
    new = new_places(module)
    if new:  # an old name: import it afresh, so that it warns again (a module that did not
        sys.modules.pop(module, None)  # move stays: a second copy would be a new module)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        __import__(module)  # (import_module's own frame would take the warning)
    old = sys.modules[module]
    with warnings.catch_warnings():  # a renamed function warns too (officers.core.deprecated)
        warnings.simplefilter("ignore", DeprecationWarning)
        missing = [name for name in NAMES[module] if not hasattr(old, name)]
    assert not missing, f"{module} lost {missing}"
    moved = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    if not new:
        assert not [w for w in moved if "moved to" in str(w.message)]
        return
    assert [str(w.message) for w in moved] == [
        f"{module} moved to {' and '.join(new)} in 0.4; the old name goes in 0.5"
    ]
    assert moved[0].filename == __file__  # the warning names the line that imported
    now = [importlib.import_module(place) for place in new]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for name in NAMES[module]:
            there = next(place for place in now if hasattr(place, name))
            assert getattr(old, name) is getattr(there, name), f"{module}.{name}"


def test_from_import_star_of_an_old_name_gives_its_public_names() -> None:
    scope: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        exec("from officers.cards import *", scope)
    assert {"Card", "Rank", "Suit"} <= set(scope)


def test_a_name_below_a_moved_package_is_one_module_not_two() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old = importlib.import_module("officers.solve.index")
    import officers.euler.solve.index as new

    assert old.CompletionIndex is new.CompletionIndex
    assert "officers.euler.solve.index" in sys.modules


def test_every_old_name_is_free_and_every_new_one_a_module() -> None:
    import officers

    root = Path(officers.__file__).parent.parent
    split = [(old, new) for old, places in SPLIT.items() for new in places]
    for old, new in [*MOVED.items(), *split]:
        where = root / old.replace(".", "/")
        assert not where.with_suffix(".py").exists() and not where.is_dir(), old
        assert importlib.util.find_spec(new) is not None, new


def test_a_module_split_in_two_reads_each_name_from_its_place() -> None:
    # officers.solve.latin: the Latin squares went to officers.latin, the layers of a square of
    # cards to Euler's Officers
    from officers.euler.solve import construct
    from officers.latin import orthogonal

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        importlib.import_module("officers.solve")  # the package above it moved too
    sys.modules.pop("officers.solve.latin", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = importlib.import_module("officers.solve.latin")
    assert [str(w.message) for w in caught] == [
        "officers.solve.latin moved to officers.latin and officers.euler.solve.construct in 0.4; "
        "the old name goes in 0.5"
    ]
    assert old.transversals is orthogonal.transversals and old.layers is construct.layers
    assert {"transversals", "layers"} <= set(dir(old)) and "layers" in old.__all__
    assert not hasattr(old, "__path__")  # a module, as it was
    with pytest.raises(
        AttributeError, match=r"'officers\.solve\.latin' has no attribute 'nothing'"
    ):
        old.nothing  # noqa: B018
    scope: dict[str, object] = {}
    exec("from officers.solve.latin import *", scope)
    assert scope["graeco_latin"] is construct.graeco_latin


def test_a_module_moved_below_a_moved_package_goes_to_its_own_place() -> None:
    assert new_places("officers.solve.order6") == ("officers.latin.order6",)
    assert new_places("officers.solve.exact") == ("officers.euler.solve.exact",)
    assert new_places("officers.skat.game") == ()


def test_the_package_itself_never_imports_an_old_name() -> None:
    # pytest turns the warning into an error everywhere else (filterwarnings in pyproject.toml),
    # so a module of the package that imported an old name would fail every test that loads it;
    # here the whole package is imported at once.
    import pkgutil

    import officers

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for info in pkgutil.walk_packages(officers.__path__, "officers."):
            if info.name.rsplit(".", 1)[-1].startswith("_"):
                continue  # __main__ runs the command line; _cover and the like are compiled
            try:
                importlib.import_module(info.name)
            except ModuleNotFoundError as error:  # an optional extra (psycopg) not installed
                assert error.name is not None and not error.name.startswith("officers"), error
