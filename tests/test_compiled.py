"""The compiled parts as a user meets them: one ``status()`` and one ``module()`` in each game's
``accel``, :func:`officers.core.compiled.statuses` for all of them (what ``officers --version``
prints), and the names of 0.3 still working with a warning that names the new one."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType

import pytest

from officers.cli import main
from officers.core.compiled import PARTS, statuses
from officers.eightoff import accel as eightoff
from officers.euler.solve import accel as euler
from officers.latin import accel as latin
from officers.latin import autotopism_accel as autotopism
from officers.latin import classes_accel as classes
from officers.skat import accel as skat

ACCELS = (euler, skat, eightoff, latin, autotopism, classes)


def test_every_compiled_part_has_one_way_in_with_its_abi() -> None:
    assert [accel.NAME for accel in ACCELS] == list(PARTS)
    for accel in ACCELS:
        assert PARTS[accel.NAME] == accel.ABI
        found = accel.module()
        assert (found is None) == (accel.status() != "compiled")
        assert found is None or (found.__name__, found.ABI) == (accel.NAME, accel.ABI)


def test_statuses_say_what_each_accel_says() -> None:
    said = statuses()
    assert said == {accel.NAME: accel.status() for accel in ACCELS}
    assert all(s == "compiled" or s.startswith("pure Python: ") for s in said.values())


def test_officers_version_lists_every_compiled_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("officers ")
    assert lines[1:] == [f"{name}: {status}" for name, status in statuses().items()]


OLD_NAMES = [
    (euler, "cover_module", "module"),
    (euler, "cover_status", "status"),
    (skat, "dd_module", "module"),
    (skat, "dd_status", "status"),
    (eightoff, "search_module", "module"),
    (eightoff, "search_status", "status"),
]


@pytest.mark.parametrize(("accel", "old", "new"), OLD_NAMES, ids=[o for _, o, _ in OLD_NAMES])
def test_the_names_of_0_3_warn_and_answer_as_the_new_ones(
    accel: ModuleType, old: str, new: str
) -> None:
    renamed: Callable[[], object] = getattr(accel, old)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        answer = renamed()
    assert answer == getattr(accel, new)()
    assert [str(w.message) for w in caught] == [
        f"{accel.__name__}.{old}() is {accel.__name__}.{new}() since 0.4; the old name goes in 0.5"
    ]
    assert caught[0].category is DeprecationWarning
    assert caught[0].filename == __file__  # the warning names the line that called
    assert old in accel.__all__ and new in accel.__all__
