"""Words: every sentence officers says, rendered from structured facts, one module per language.

The checks, the repairs and the hints produce *facts*: which check, the cells, cards and lines,
the rank or suit, the numbers. They hold no sentences. A fact becomes a sentence only when its
text is asked for (``fact.text(lang)``), here: :func:`speaker` finds the module of the language
(``officers/euler/words/en.py``, ``officers/euler/words/de.py``, ...), and that module renders every kind of
fact (:class:`Speaker`). A third language is one new module beside them, with the same functions.

Glossary
--------
language
    A short code, the name of a module of this package: ``"en"`` (English), ``"de"`` (German).
fact
    A result object that can be told in words: one of :data:`FACTS`.
speaker
    The module of one language: it renders each of :data:`FACTS` and each violation of
    :data:`VIOLATIONS` (see :class:`Speaker`).

>>> languages()
('de', 'en')
>>> speaker("de").join(["A", "B", "C"])
'A, B und C'
>>> speaker("fr")
Traceback (most recent call last):
  ...
officers.UnsupportedError: no words for language 'fr': expected one of de, en
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Final, Protocol, cast

from officers.core.errors import UnsupportedError, excerpt
from officers.core.words import Language, language_module, language_modules

if TYPE_CHECKING:
    from officers.euler.analysis import Explanation, Violation
    from officers.euler.hints import CardHint, ForcedMove, Hint, Recommendation
    from officers.euler.moves import Outcome, Refusal
    from officers.euler.repairs import Repair
    from officers.euler.rules import Conflict, Illegal

__all__ = [
    "FACTS",
    "LANGS",
    "VIOLATIONS",
    "Language",
    "Speaker",
    "Spoken",
    "Told",
    "languages",
    "read_lang",
    "speaker",
    "texts",
]

FACTS: Final = (
    "conflict",
    "illegal",
    "violation",
    "repair",
    "explanation",
    "card_hint",
    "forced_move",
    "recommendation",
    "hint",
    "refusal",
)
"""The kinds of fact a language renders: one function of that name each (see :class:`Speaker`)."""

VIOLATIONS: Final = (
    ("rule", "twice"),
    ("cell", "no-card"),
    ("card", "no-cell"),
    ("line", "missing"),
    ("matching", "cards"),
    ("matching", "cells"),
    ("euler", "broken"),
    ("euler", "blocked"),
    ("quarter", "twice"),
    ("quarter", "missing"),
)
"""Every ``(check, kind)`` a :class:`~officers.euler.analysis.Violation` can have."""


class Speaker(Protocol):
    """What the module of a language provides: one function per kind of fact.

    ``SENTENCES`` maps each ``(check, kind)`` of :data:`VIOLATIONS` to the function that tells
    that violation; ``join`` joins words with the language's "and".
    """

    SENTENCES: Mapping[tuple[str, str], object]

    def join(self, items: Sequence[str], separator: str = ", ") -> str: ...

    def conflict(self, fact: Conflict) -> str: ...

    def illegal(self, fact: Illegal) -> str: ...

    def violation(self, fact: Violation) -> str: ...

    def repair(self, fact: Repair) -> str: ...

    def explanation(self, fact: Explanation) -> str: ...

    def card_hint(self, fact: CardHint) -> str: ...

    def forced_move(self, fact: ForcedMove) -> str: ...

    def recommendation(self, fact: Recommendation) -> str: ...

    def hint(self, fact: Hint) -> str: ...

    def refusal(self, fact: Refusal) -> str: ...

    def outcome(self, fact: Outcome) -> str: ...


@cache
def languages() -> tuple[Language, ...]:
    """The languages there are words for: the modules of this package, sorted
    (:func:`officers.core.words.language_modules`)."""
    return language_modules(__path__)


def speaker(lang: Language) -> Speaker:
    """The module that renders facts in ``lang`` (:class:`~officers.UnsupportedError` for
    a language without one)."""
    return cast("Speaker", language_module(__name__, lang, languages()))


LANGS: Final = ("en", "de", "both")
"""What a JSON answer may ask for as ``lang``: one language, or ``"both"`` (English and German)."""


class Told(Protocol):
    """A fact that can be told in words: it has ``text(lang)``."""

    def text(self, lang: Language = "en") -> str: ...


class Spoken:
    """A fact told in words through its ``text(lang)``: ``text_en``, ``text_de`` and ``str()``
    render it on demand (a base class of the result types; it holds no state)."""

    __slots__ = ()

    def text(self, lang: Language = "en") -> str:
        raise NotImplementedError

    @property
    def text_en(self) -> str:
        """The sentence in English."""
        return self.text("en")

    @property
    def text_de(self) -> str:
        """The sentence in German."""
        return self.text("de")

    def __str__(self) -> str:
        return self.text("en")


def read_lang(lang: object) -> tuple[Language, ...]:
    """The languages of a ``lang`` of the JSON contract (:data:`LANGS`).

    >>> read_lang("de"), read_lang("both")
    (('de',), ('en', 'de'))
    >>> read_lang("fr")
    Traceback (most recent call last):
      ...
    officers.UnsupportedError: cannot use lang 'fr': expected one of en, de, both
    """
    if lang == "both":
        return ("en", "de")
    if isinstance(lang, str) and lang in LANGS:
        return (lang,)
    raise UnsupportedError(f"cannot use lang {excerpt(lang)}: expected one of {', '.join(LANGS)}")


def texts(fact: Told, lang: object = "en") -> dict[Language, str]:
    """The sentences of a fact in the JSON form: ``{"en": ...}`` (one key per language asked for).

    >>> from officers.euler.repairs import Repair
    >>> texts(Repair((), (), 5), "both")
    {'en': 'Nothing to take back: 5 completions.', 'de': 'Nichts zurückzunehmen: 5 Vervollständigungen.'}
    """
    return {code: fact.text(code) for code in read_lang(lang)}
