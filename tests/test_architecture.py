"""The shape of the package: sizes, private names and the direction of imports.

docs/architecture.md draws the layers; these tests keep the code to the drawing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "officers"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_MODULE_LINES = 900
LONGER = {
    # Euler's Officers' GameState: one class, the rules engine of the game (moves, take-backs,
    # coins, the end, views, notation and the shape every game shares); split to fit the cap,
    # its pieces imported each other in a loop.
    "officers.euler.game": 1050,
}
MAX_FUNCTION_LINES = 80


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imports(path: Path) -> list[tuple[str, str | None, int]]:
    """(module, imported name or None, line) of every officers import in a module."""
    found: list[tuple[str, str | None, int]] = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("officers"):
            found += [(node.module, alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [
                (alias.name, None, node.lineno)
                for alias in node.names
                if alias.name.startswith("officers")
            ]
    return found


def test_the_package_has_the_modules_of_the_drawing() -> None:
    names = {_name(path) for path in MODULES}
    assert {
        "officers.euler.view",
        "officers.euler.record",
        "officers.euler.bitboard",
        "officers.euler.words",
    } <= names
    assert {"officers.cli", "officers.euler.solve.base", "officers.euler.repairs"} <= names


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_is_too_big(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= LONGER.get(_name(path), MAX_MODULE_LINES), f"{_name(path)} has {lines} lines"


def _code_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines of a function from its ``def`` to its end, less its docstring."""
    assert node.end_lineno is not None
    lines = node.end_lineno - node.lineno + 1
    first = node.body[0]
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
        and first.end_lineno is not None
    ):
        lines -= first.end_lineno - first.lineno + 1
    return lines


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_function_is_too_long(path: Path) -> None:
    # Docstrings do not count: a function's documentation is not a reason to split it.
    long = [
        f"{node.name} ({_code_lines(node)} lines)"
        for node in ast.walk(_tree(path))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and _code_lines(node) > MAX_FUNCTION_LINES
    ]
    assert not long, f"{_name(path)}: {', '.join(long)}"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_private_name_crosses_a_module_border(path: Path) -> None:
    crossing = [
        f"line {line}: {name} from {module}"
        for module, name, line in _imports(path)
        if (name is not None and name.startswith("_") and not name.startswith("__"))
        or any(part.startswith("_") and part != "__main__" for part in module.split("."))
    ]
    assert not crossing, f"{_name(path)}: {crossing}"


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("officers.euler.game", "officers.euler.hints"),
        ("officers.euler.game", "officers.euler.record"),
        ("officers.euler.view", "officers.euler.hints"),
        ("officers.euler.view", "officers.euler.game"),
        ("officers.euler.analysis", "officers.euler.hints"),
        ("officers.euler.solve", "officers.euler.analysis"),
        ("officers.euler.rules", "officers.euler.solve"),
        ("officers.euler.square", "officers.euler.rules"),
        ("officers.euler.cards", "officers.euler.square"),
    ],
)
def test_layers_import_downwards_only(lower: str, higher: str) -> None:
    modules = [
        path for path in MODULES if _name(path) == lower or _name(path).startswith(lower + ".")
    ]
    assert modules, lower
    upward = [
        f"{_name(path)} line {line}: {module}"
        for path in modules
        for module, _, line in _imports(path)
        if module == higher or module.startswith(higher + ".")
    ]
    assert not upward, upward


GAMES = ("officers.euler", "officers.eightoff", "officers.skat")
DOORS = ("officers.contract", "officers.engine", "officers.serve", "officers.rooms", "officers.cli")


def _under(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_a_game_imports_no_door_and_no_other_game(path: Path) -> None:
    name = _name(path)
    games = [game for game in GAMES if _under(name, (game,))]
    if not games:
        return
    others = tuple(game for game in GAMES if game != games[0]) + DOORS
    crossing = [
        f"line {line}: {module}" for module, _, line in _imports(path) if _under(module, others)
    ]
    assert not crossing, f"{name}: {crossing}"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_the_latin_squares_import_only_the_core(path: Path) -> None:
    # officers.latin: the mathematics of any order, beside the core; the games may import it
    name = _name(path)
    if not _under(name, ("officers.latin",)):
        return
    above = [
        f"line {line}: {module}"
        for module, _, line in _imports(path)
        if not _under(module, ("officers.core", "officers.latin"))
    ]
    assert not above, f"{name}: {above}"


def test_eulers_officers_builds_its_squares_on_the_latin_squares() -> None:
    # a game may import officers.latin: Euler's Officers reads its squares as pairs of Latin squares
    construct = PACKAGE / "euler" / "solve" / "construct.py"
    assert any(_under(module, ("officers.latin",)) for module, _, _ in _imports(construct))


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_the_core_imports_nothing_above_it(path: Path) -> None:
    name = _name(path)
    if not _under(name, ("officers.core",)):
        return
    above = [
        f"line {line}: {module}"
        for module, _, line in _imports(path)
        if module != "officers" and not _under(module, ("officers.core",))
    ]
    assert not above, f"{name}: {above}"


@pytest.mark.parametrize(
    "package",
    sorted({path.parent for path in MODULES if path.name == "__init__.py"}),
    ids=lambda path: _name(path / "__init__.py"),
)
def test_no_submodule_shares_a_name_with_what_its_package_gives(package: Path) -> None:
    # A package that gives its modules' names lazily (PEP 562's __getattr__) loses a name to a
    # submodule of the same name: importing officers.latin.mols_array would have set the
    # package's attribute mols_array to the module, hiding the function.
    tree = _tree(package / "__init__.py")
    if not any(isinstance(n, ast.FunctionDef) and n.name == "__getattr__" for n in tree.body):
        return
    submodules = {path.stem for path in package.glob("*.py")} | {
        path.parent.name for path in package.glob("*/__init__.py")
    }
    given = next(
        (
            {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
            for node in tree.body
            if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            and isinstance(node.value, ast.List | ast.Tuple)
        ),
        set(),
    )
    assert given, f"{_name(package / '__init__.py')} has no __all__ to check"
    assert not submodules & given, f"{_name(package / '__init__.py')}: {submodules & given}"
