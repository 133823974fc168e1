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


def loaded_by_command(argv: list[str]) -> set[str]:
    """Every module (officers' and the standard library's) a fresh interpreter has loaded after
    running the command line ``argv``."""
    code = f"import contextlib, io\nfrom officers.cli import main\nwith contextlib.redirect_stdout(io.StringIO()):\n    main({argv!r})"
    return loaded_after(code, prefix="")


DOORS = ("officers.contract", "officers.engine", "officers.rooms", "officers.serve")
"""The doors for other programs: no command that is not one of them loads them."""


EIGHTOFF_BESIDE_SOLVE = {
    "officers.eightoff.game",
    "officers.eightoff.moves",
    "officers.eightoff.rules",
    "officers.eightoff.words",
    "officers.eightoff.notation",
    "officers.eightoff.deck",
    "officers.core.cards",
    "officers.core.words",
}
"""What ``eightoff solve --deal N`` does not load: the game and its moves, rules and words,
the board text, and the deck's cards with their names (a deal is numbers; the solver prints
moves by place)."""


def test_eightoff_solve_loads_its_game_and_nothing_else() -> None:
    loaded = loaded_by_command(["eightoff", "solve", "--deal", "5"])
    assert {
        "officers.eightoff.solve",
        "officers.eightoff.position",
        "officers.cli.eightoff",
    } <= loaded
    assert not loaded & EIGHTOFF_BESIDE_SOLVE
    assert "officers.eightoff.microsoft" not in loaded
    others = ("officers.euler", "officers.skat", "officers.latin", "officers.games", *DOORS)
    assert not {m for m in loaded if m.startswith(others)}  # no registry, no Euler's solver
    assert not {m for m in loaded if m.startswith("officers.cli.")} - {
        "officers.cli.common",
        "officers.cli.games",
        "officers.cli.eightoff",
    }
    # read or written only when a command reads or writes JSON, draws at random, or starts a
    # thread; the compiled search is found beside its package (no importlib.util)
    heavy = {"json", "random", "threading", "importlib.util", "sqlite3", "pathlib", "asyncio"}
    assert not loaded & heavy


def test_eightoff_solve_of_a_microsoft_deal_or_with_moves() -> None:
    loaded = loaded_by_command(["eightoff", "solve", "--deal", "5", "--microsoft"])
    assert "officers.eightoff.microsoft" in loaded
    assert not loaded & EIGHTOFF_BESIDE_SOLVE
    loaded = loaded_by_command(["eightoff", "solve", "--deal", "5", "--moves", "1e"])
    assert {"officers.eightoff.game", "officers.eightoff.moves"} <= loaded  # moves are read


def test_import_eightoff_loads_no_submodule() -> None:
    assert loaded_after("import officers.eightoff", "officers.eightoff") == {"officers.eightoff"}


def test_every_eightoff_name_resolves_to_its_module() -> None:
    from officers import eightoff

    assert set(eightoff._LAZY) == set(eightoff.__all__)
    for name, module in eightoff._LAZY.items():
        assert getattr(eightoff, name) is getattr(importlib.import_module(module), name), name
    assert set(eightoff.__all__) <= set(dir(eightoff))
    with pytest.raises(AttributeError, match="no_such_name"):
        eightoff.no_such_name  # noqa: B018
    tree = ast.parse((ROOT / "officers" / "eightoff" / "__init__.py").read_text(encoding="utf-8"))
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
    assert seen == eightoff._LAZY  # what the type checkers see


def test_the_deal_modules_count_of_cards_is_the_decks() -> None:
    from officers.eightoff import deck, position, variant

    assert position.CARDS_IN_DECK == variant.CARDS_IN_DECK == deck.CARDS_IN_DECK
    assert len(deck.ALL_PLAYING_CARDS) == deck.CARDS_IN_DECK


def test_the_whole_help_loads_no_game_and_no_door() -> None:
    loaded = loaded_by_command(["--help"])
    games = ("officers.euler", "officers.eightoff", "officers.skat", "officers.latin")
    assert not {m for m in loaded if m.startswith((*games, *DOORS))}
    assert {f"officers.cli.{module}" for module in set(GROUPS.values())} <= loaded
    assert not loaded & {"json", "random", "threading", "sqlite3", "pathlib", "asyncio", "csv"}


def _answered(args: object) -> dict[str, object]:
    """A parsed command line's values, its verb's runner as the game and verb it runs."""
    values = dict(vars(args))
    run = values.pop("run", None)
    values["run"] = (type(run).__name__, getattr(run, "verb", None), getattr(run, "cli", run))
    return values


@pytest.mark.parametrize(
    "argv",
    [
        ["eightoff", "solve", "--deal", "5"],
        ["eightoff", "solve", "--deal", "5", "--microsoft", "--fewest", "--json", "--ascii"],
        ["eightoff", "hint", "--deal", "2", "--lang", "de"],
        ["eightoff", "census", "--deals", "3"],
        ["skat", "tip", "--deal", "1"],
        ["officers", "solve", "--deal", "1"],
        ["euler", "deal", "4"],
    ],
)
def test_a_games_verb_alone_parses_as_the_whole_parser(argv: list[str]) -> None:
    from officers.cli import _parser_for

    alone = _parser_for(argv)
    assert _answered(alone.parse_args(argv)) == _answered(parser().parse_args(argv))
    whole = {command.prog: command.format_help() for command in parser().every_command()}
    verbs = [command for command in alone.every_command() if not list(command.every_command())]
    assert verbs  # the verb's help word for word (the group's, listing one verb, is never shown)
    for command in verbs:
        assert command.format_help() == whole[command.prog]


def test_the_game_groups_are_the_modules_of_a_games_commands() -> None:
    from officers.cli import _GAME_GROUPS
    from officers.cli.games import GameCommands

    found = {
        group
        for group in set(GROUPS.values())
        if isinstance(
            getattr(importlib.import_module(f"officers.cli.{group}"), "COMMANDS", None),
            GameCommands,
        )
    }
    assert found == _GAME_GROUPS


def test_eightoff_solve_builds_the_solve_parser_alone() -> None:
    from officers.cli import _parser_for

    argv = ["eightoff", "solve", "--deal", "5"]
    built = [command.prog for command in _parser_for(argv).every_command()]
    assert built == ["officers eightoff", "officers eightoff solve"]
    assert (
        len(list(_parser_for(["eightoff", "--help"]).every_command())) == 7
    )  # group, 5 verbs, census


@pytest.mark.parametrize("catalogues", [False, True])
def test_without_message_catalogues_argparse_reads_no_locale(
    tmp_path: Path, catalogues: bool
) -> None:
    """Where no catalogue of argparse's words can be (their folder is missing), the command
    line does not import :mod:`locale` to learn the language; where it can, gettext looks."""
    folder = tmp_path / "locale"
    if catalogues:
        folder.mkdir()
    code = (
        f"import gettext\ngettext.bindtextdomain(gettext.textdomain(), {str(folder)!r})\n"
        "import contextlib, io\nfrom officers.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    main(['eightoff', 'solve', '--help'])"
    )
    assert ("locale" in loaded_after(code, prefix="")) == catalogues


def test_every_commands_help_is_written() -> None:
    """Each command's help (its help line beside its siblings' too: argparse formats them
    with ``%``, so a bare ``95 %`` in one broke its group's help)."""
    top = parser()
    helps = [top.format_help(), *(command.format_help() for command in top.every_command())]
    assert all(text.startswith("usage: officers") for text in helps)
    assert "95 % intervals" in next(
        command.format_help()
        for command in top.every_command()
        if command.prog == "officers eightoff"
    )


def test_the_schema_commands_help_names_every_kind() -> None:
    from officers.contract import NAMES

    schema = next(
        command for command in parser().every_command() if command.prog.endswith("schema")
    )
    written = "".join(schema.format_help().split())  # the lines joined, spaces dropped
    assert all(name in written for name in NAMES)


def test_the_parsers_copies_of_the_librarys_values_are_the_librarys() -> None:
    """What the help shows, written in the command line's modules so that building the parser
    loads neither the registry, the puzzles nor the doors: each is the library's."""
    from officers.cli import puzzle, service
    from officers.cli.games import commands_of
    from officers.contract import Limits
    from officers.engine import MAX_LINE
    from officers.euler.puzzles import HIGHEST_GRADE, LEVEL_NAMES
    from officers.euler.puzzles.batch import FORMATS
    from officers.euler.words import languages
    from officers.games import GAMES
    from officers.serve.settings import Settings

    assert service.MAX_LINE == MAX_LINE
    for name, value in service.LIMITS.items():
        found = getattr(Limits(), name)
        assert value == found and type(value) is type(found), name
    for name, value in service.SETTINGS.items():
        found = getattr(Settings(), name)
        assert value == found and type(value) is type(found), name
    assert (puzzle.HIGHEST_GRADE, puzzle.LEVEL_NAMES) == (HIGHEST_GRADE, LEVEL_NAMES)
    assert (FORMATS, languages()) == (puzzle.FORMATS, puzzle.LANGUAGES)
    own = [game for game in GAMES.values() if game.cli is not None]  # the others: the registry's
    assert {game.name for game in own} == {"officers", "eightoff", "skat"}
    for game in own:  # a game's own commands build its group without the registry
        cli = commands_of(game)
        assert game.info is not None, game.name
        assert (cli.title, cli.players) == (game.title, game.info.players), game.name


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
