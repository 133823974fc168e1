"""The words layer of every game: one module per language, side by side, found by its name.

A game keeps its facts and its sentences apart. The facts (a refusal, an outcome, a hint) hold
no sentence; the game's package ``words`` turns them into sentences, one module per language
(``officers/skat/words/en.py``, ``officers/skat/words/de.py``, ...), each rendering every kind
of fact the game has. A language is the name of its module, so a new language is one new module
in each game's ``words``: nothing else changes, and :func:`language_modules` finds it.

What those packages share is here: the :data:`Language` type, the languages of a package read
from its folder (:func:`language_modules`), the module of one language
(:func:`language_module`, loaded once, on first use) with the one error for a language without
one (:func:`unknown_language`), and :class:`ByLanguage`, a table of every language read from
each language's module. Each game's ``words/__init__.py`` is then a few lines: its ``Speaker``
protocol (what every language module of that game renders) and its ``languages()`` and
``speaker(lang)``.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> for name in ("__init__.py", "en.py", "de.py", "_shared.py", "notes.txt"):
...     _ = (folder / name).write_text("")
>>> language_modules([str(folder)])
('de', 'en')
>>> language_module("officers.skat.words", "fr", ("de", "en"))
Traceback (most recent call last):
  ...
officers.UnsupportedError: no words for language 'fr': expected one of de, en
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from officers.core.errors import UnsupportedError, excerpt

if TYPE_CHECKING:
    from types import ModuleType

__all__ = ["ByLanguage", "Language", "language_module", "language_modules", "unknown_language"]

Language: TypeAlias = str
"""A language code, the name of a module of a game's ``words``: ``"en"``, ``"de"``."""

T = TypeVar("T")

_LOADED: dict[tuple[str, object], ModuleType] = {}  # the language modules loaded, by package


def language_modules(folders: Iterable[str]) -> tuple[Language, ...]:
    """The languages of a ``words`` package: the modules in its ``folders`` (its ``__path__``),
    sorted; a module whose name begins with ``_`` is no language.

    The folders are read, not walked with :mod:`pkgutil`, which costs a command line half a
    millisecond.
    """
    found = set()
    for folder in folders:
        for name in os.listdir(folder):
            stem, _, suffix = name.partition(".")
            if suffix == "py" and stem.isidentifier() and not stem.startswith("_"):
                found.add(stem)
    return tuple(sorted(found))


def unknown_language(lang: object, known: Iterable[Language]) -> UnsupportedError:
    """The error for a language without words: it quotes ``lang`` (bounded) and names those
    there are.

    >>> print(unknown_language("x" * 100, ("de", "en")))
    no words for language 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...: expected one of de, en
    """
    return UnsupportedError(
        f"no words for language {excerpt(lang)}: expected one of {', '.join(known)}"
    )


def language_module(package: str, lang: object, known: Sequence[Language]) -> ModuleType:
    """The module of ``lang`` in the ``words`` package named ``package``, imported on first
    use; :func:`unknown_language` for a ``lang`` not in ``known`` (the package's languages).

    >>> language_module("json", "decoder", ("decoder", "encoder")).__name__  # any package
    'json.decoder'
    """
    if lang not in known:  # (before the table: a list, unhashable, is refused as well)
        raise unknown_language(lang, known)
    module = _LOADED.get((package, lang))
    if module is None:  # (import_module, not sys.modules: another thread may be importing it)
        module = _LOADED[package, lang] = importlib.import_module(f"{package}.{lang}")
    return module


class ByLanguage(Mapping[Language, T]):
    """A table of every language: ``table[lang]`` is what ``read(lang)`` reads from the module
    of ``lang``, read when asked for (so no language module is imported before it is needed).

    >>> yes = {"de": "ja", "en": "yes"}
    >>> table = ByLanguage(lambda: ("de", "en"), lambda lang: {"yes": yes[lang]})
    >>> table["de"]["yes"], list(table), len(table), "fr" in table
    ('ja', ['de', 'en'], 2, False)
    """

    def __init__(
        self, languages: Callable[[], tuple[Language, ...]], read: Callable[[Language], T]
    ) -> None:
        self._languages = languages
        self._read = read

    def __getitem__(self, lang: Language) -> T:
        if lang not in self._languages():
            raise KeyError(lang)
        return self._read(lang)

    def __iter__(self) -> Iterator[Language]:
        return iter(self._languages())

    def __len__(self) -> int:
        return len(self._languages())

    def __repr__(self) -> str:
        return f"ByLanguage({dict(self)!r})"
