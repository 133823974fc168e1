"""One words layer for every game (officers.core.words): each game's ``words`` package holds one
module per language, side by side; its languages are the modules in its folder, each renders
every member of the game's ``Speaker``, a third language is one new file, and a language without
words is refused with an error that quotes it."""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from officers.core.errors import UnsupportedError, excerpt
from officers.core.words import ByLanguage, language_module, language_modules

PACKAGES = ("officers.euler.words", "officers.eightoff.words", "officers.skat.words")


def members(protocol: type) -> set[str]:
    """The names a module must provide to be the protocol's: its attributes and its methods."""
    methods = {name for name, value in vars(protocol).items() if inspect.isfunction(value)}
    return {name for name in (*protocol.__annotations__, *methods) if not name.startswith("_")}


@pytest.mark.parametrize("package", PACKAGES)
def test_the_languages_are_the_modules_in_the_folder(package: str) -> None:
    words = importlib.import_module(package)
    folder = Path(str(words.__file__)).parent
    files = sorted(path.stem for path in folder.glob("*.py") if not path.stem.startswith("_"))
    assert words.languages() == tuple(files) == ("de", "en")


@pytest.mark.parametrize("package", PACKAGES)
def test_every_language_renders_every_member_of_the_speaker(package: str) -> None:
    words = importlib.import_module(package)
    expected = members(words.Speaker)
    assert {"refusal", "outcome"} <= expected
    for lang in words.languages():
        module = words.speaker(lang)
        assert module.__name__ == f"{package}.{lang}"
        for name in sorted(expected):
            assert hasattr(module, name), (lang, name)
            wanted = getattr(words.Speaker, name, None)
            if inspect.isfunction(wanted):  # the same parameters, by name, as the protocol's
                given = list(inspect.signature(getattr(module, name)).parameters)
                assert given == list(inspect.signature(wanted).parameters)[1:], (lang, name)


THIRD = "def outcome(fact):\n    return 'zz outcome'\n"
"""A third language for any game, ``zz``: English (imported), with its own sentence for an
outcome. (Not ``xx``, the language of tests/test_words.py: a module, once imported, stays.)"""


def _facts(package: str) -> tuple[Any, Any]:
    """An outcome and another fact of the game of ``package``."""
    if package == "officers.euler.words":
        from officers.euler import moves, repairs

        return moves.Outcome(False, "stuck", 1), repairs.Repair((), (), 5)
    if package == "officers.eightoff.words":
        from officers.eightoff import game
        from officers.eightoff import moves as eightoff_moves

        return eightoff_moves.Outcome(False, "stuck", 3), game.EightOffGame.deal(1).refusal("12")
    from officers.skat import game as skat_game
    from officers.skat import moves as skat_moves

    return skat_moves.Outcome((45, 75)), skat_game.SkatGame.deal(1).refusal("AS@1")


@pytest.mark.parametrize("package", PACKAGES)
def test_a_third_language_is_one_new_file(
    package: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = importlib.import_module(package)
    (tmp_path / "zz.py").write_text(f"from {package}.en import *  # noqa: F403\n" + THIRD)
    monkeypatch.setattr(words, "__path__", [*words.__path__, str(tmp_path)])
    words.languages.cache_clear()
    try:
        assert words.languages() == ("de", "en", "zz")
        outcome, other = _facts(package)
        assert outcome.text("zz") == "zz outcome"
        assert other.text("zz") == other.text("en") != other.text("de")
        if hasattr(words, "TERMINAL"):  # the terminal's lines by language read the new one too
            assert set(words.TERMINAL) == {"de", "en", "zz"}
            assert words.TERMINAL["zz"] == words.TERMINAL["en"]
    finally:
        monkeypatch.undo()
        words.languages.cache_clear()
    assert words.languages() == ("de", "en")
    with pytest.raises(UnsupportedError, match="'zz'"):
        words.speaker("zz")


BAD = ["fr", "EN", "", "__init__", "_x", "en.py", "x" * 10_000, None, 3, ["en"], {"en": 1}]


@pytest.mark.parametrize("package", PACKAGES)
def test_a_language_without_words_is_refused_quoting_it(package: str) -> None:
    words = importlib.import_module(package)
    for lang in BAD:
        with pytest.raises(UnsupportedError) as caught:
            words.speaker(lang)
        message = str(caught.value)
        assert message == f"no words for language {excerpt(lang)}: expected one of de, en"
        assert len(message) < 160


def test_every_fact_refuses_a_language_without_words() -> None:
    from officers.eightoff.hints import Hint
    from officers.eightoff.position import Position
    from officers.eightoff.words import place_name, position_text, terminal
    from officers.skat.reasons import Reason
    from officers.skat.words import estimate_text, game_name, join_reasons, reason_text

    facts = [fact for package in PACKAGES for fact in _facts(package)]
    calls: list[Callable[[], object]] = [
        *(partial(fact.text, "fr") for fact in facts),
        lambda: Hint("won").text("fr"),
        lambda: place_name("cell", 0, "fr"),
        lambda: terminal("prompt", "fr"),
        lambda: position_text(Position.numbered(1), "fr"),
        lambda: game_name(None, "fr"),
        lambda: join_reasons([], "fr"),
        lambda: reason_text(Reason("turns-up"), "fr"),
        lambda: estimate_text(3, None, "fr"),
    ]
    for call in calls:
        with pytest.raises(UnsupportedError, match="no words for language 'fr'"):
            call()


def test_a_language_is_loaded_when_first_spoken() -> None:
    code = (
        "import sys\n"
        "from officers.skat.moves import Outcome\n"
        "from officers.eightoff.moves import Outcome as EightOffOutcome\n"
        "loaded = lambda: sorted(m for m in sys.modules if m.endswith(('words.de', 'words.en')))\n"
        "print(loaded())\n"
        "Outcome((61, 59)).text('de'); EightOffOutcome(True, 'finished').text('en')\n"
        "print(loaded())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["[]", "['officers.eightoff.words.en', 'officers.skat.words.de']"]


# --- the core's part ---------------------------------------------------------------------------


def test_the_languages_of_folders_are_their_modules(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    for name in ("__init__.py", "en.py", "de.py", "_shared.py", "notes.md", "my-lang.py"):
        (one / name).write_text("")
    for name in ("fr.py", "en.py", "de.cpython-311.pyc"):
        (two / name).write_text("")
    (one / "pt").mkdir()  # a folder is no language
    assert language_modules([str(one)]) == ("de", "en")
    assert language_modules([str(one), str(two)]) == ("de", "en", "fr")
    assert language_modules([]) == ()


def test_a_language_module_is_loaded_once() -> None:
    first = language_module("officers.skat.words", "en", ("de", "en"))
    assert first is language_module("officers.skat.words", "en", ("de", "en"))
    assert first is sys.modules["officers.skat.words.en"]
    with pytest.raises(UnsupportedError, match=r"expected one of en$"):
        language_module("officers.skat.words", "de", ("en",))  # only the known ones


def test_a_table_by_language_reads_each_language_when_asked() -> None:
    read: list[str] = []
    known = ["de", "en"]

    def table(lang: str) -> dict[str, str]:
        read.append(lang)
        return {"yes": {"de": "ja", "en": "yes", "fr": "oui"}[lang]}

    by_language = ByLanguage(lambda: tuple(known), table)
    assert read == []
    assert by_language["de"] == {"yes": "ja"} and read == ["de"]
    assert by_language == {"de": {"yes": "ja"}, "en": {"yes": "yes"}}
    assert "fr" not in by_language and len(by_language) == 2
    with pytest.raises(KeyError):
        by_language["fr"]
    known.append("fr")  # a language added is in the table at once
    assert list(by_language) == ["de", "en", "fr"] and by_language["fr"] == {"yes": "oui"}


def test_the_languages_are_the_same_for_every_game() -> None:
    said = {package: importlib.import_module(package).languages() for package in PACKAGES}
    assert len(set(said.values())) == 1, said
