"""What ``import officers`` and a command load: the lazy names, the command groups, and the
short path of the facade to the index (answers equal to the general path's)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import officers
from officers import NotationError, Rules, Square, UnsupportedError
from officers.cli import GROUPS, parser
from officers.euler.solve import (
    BACKENDS,
    METHODS,
    chosen_method,
    count_completions,
    is_completable,
    safe_placements,
)
from tests.strategies import finished_parts, partial_squares

ROOT = Path(__file__).resolve().parent.parent


def loaded_after(code: str, prefix: str = "officers") -> set[str]:
    """The modules (by default the officers modules) loaded by ``code`` in a fresh interpreter."""
    probe = (
        f"{code}\nimport sys\nprint(' '.join(m for m in sys.modules if m.startswith({prefix!r})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(done.stdout.split())


def test_the_compiled_parts_statuses_import_no_game() -> None:
    loaded = loaded_after("from officers.core.compiled import statuses\nprint(statuses())")
    games = {"officers.euler", "officers.eightoff", "officers.skat"}
    assert not loaded & games  # the compiled files are loaded beside their packages, not through
    assert {"officers.core.compiled"} <= loaded


def test_import_officers_loads_no_submodule() -> None:
    # officers.core.moved: the finder of the modules' 0.3 names (a table and a few functions)
    assert loaded_after("import officers") == {"officers", "officers.core", "officers.core.moved"}


def test_every_public_name_resolves_to_its_module() -> None:
    lazy = officers._LAZY
    assert set(lazy) == set(officers.__all__)
    for name, module in lazy.items():
        assert getattr(officers, name) is getattr(importlib.import_module(module), name), name
    assert set(officers.__all__) <= set(dir(officers))
    with pytest.raises(AttributeError, match="no_such_name"):
        officers.no_such_name  # noqa: B018


def test_the_type_checkers_see_the_same_names() -> None:
    tree = ast.parse((ROOT / "officers" / "__init__.py").read_text(encoding="utf-8"))
    checking = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    seen = {
        alias.name: node.module
        for node in checking.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("officers")
        for alias in node.names
    }
    assert seen == officers._LAZY


def test_the_submodule_repairs_does_not_hide_the_function() -> None:
    import officers.euler.repairs

    assert officers.repairs is importlib.import_module("officers.euler.analysis").repairs


def test_groups_name_every_command_and_its_module() -> None:
    sub = next(a for a in parser()._actions if a.dest == "command")
    commands: dict[str, object] = dict(sub.choices)  # type: ignore[arg-type]
    assert set(commands) == set(GROUPS)
    for name, command in commands.items():
        run = command.get_default("run")  # type: ignore[attr-defined]
        if run is not None:  # "puzzle" has sub-commands
            assert run.__module__ == f"officers.cli.{GROUPS[name]}", name


@pytest.mark.parametrize(
    ("command", "absent"),
    [
        (
            "count",
            {
                "officers.euler.analysis",
                "officers.euler.hints",
                "officers.euler.puzzles",
                "officers.euler.game",
            },
        ),
        (
            "hint",
            {
                "officers.euler.puzzles.generate",
                "officers.euler.bots",
                "officers.euler.solve.backtrack",
            },
        ),
        (
            "hint --json",
            {"officers.contract", "officers.euler.game", "officers.euler.solve.backtrack"},
        ),
    ],
)
def test_a_command_imports_only_what_it_uses(command: str, absent: set[str]) -> None:
    args = {
        "count": "['count', 'AC3/1JS2/1AH1QD/4']",
        "hint": "['hint', 'AC3/1JS2/1AH1QD/4', '--hand', 'AS']",
        "hint --json": "['hint', 'AC3/1JS2/1AH1QD/4', '--hand', 'AS,KD,QC', '--json']",
    }
    code = f"import contextlib, io\nfrom officers.cli import main\nwith contextlib.redirect_stdout(io.StringIO()):\n    main({args[command]})"
    loaded = loaded_after(code)
    assert "officers.euler.solve.index" in loaded
    assert not loaded & absent
    # dataclasses imports inspect: 7-10 ms of a command's start, for nothing it needs
    assert not loaded_after(code, prefix="") & {"dataclasses", "inspect", "threading"}


@pytest.mark.parametrize("rules", [None, Rules(), Rules(diagonals=True)])
@given(square=st.one_of(partial_squares(), finished_parts()))
def test_the_short_path_agrees_with_the_general_one(rules: Rules | None, square: Square) -> None:
    # an explicit method takes the general path
    assert is_completable(square, rules) == is_completable(square, rules, method="backtrack")
    assert count_completions(square, rules) == count_completions(square, rules, method="index")
    assert safe_placements(square, rules) == safe_placements(square, rules, method="index")


def test_the_empty_square_is_still_answered_by_the_census() -> None:
    assert chosen_method(Square()) == "census"
    assert count_completions(Square()) == 6912 and is_completable(Square())
    assert count_completions(Square(), Rules(diagonals=True)) == 1152


def test_the_short_path_keeps_the_checks() -> None:
    with pytest.raises(UnsupportedError, match="order 3"):
        is_completable(Square(), Rules(order=3))
    with pytest.raises(NotationError, match="expected a Square"):
        count_completions("AC3/1JS2/1AH1QD/4")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="unknown method"):
        is_completable(Square("AS3/4/4/4"), method="dlx")  # type: ignore[arg-type]
    assert dict(BACKENDS).keys() == set(METHODS) and len(BACKENDS) == len(METHODS)
