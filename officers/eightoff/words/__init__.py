"""The words of Eight Off: every sentence this game says, rendered from facts, one module per
language.

The rules engine returns facts (:class:`~officers.eightoff.moves.Refusal`,
:class:`~officers.eightoff.moves.Outcome`), and so do the hints
(:class:`~officers.eightoff.hints.Hint`); this package alone turns them into sentences:
:func:`speaker` finds the module of a language (``officers/eightoff/words/en.py``,
``officers/eightoff/words/de.py``, ...), and that module renders every kind of fact
(:class:`Speaker`). English names a card by its face (``7♣``), German by its name
(``Kreuz-Sieben``), as Euler's Officers' words do. A third language is one new module beside
them, with the same names (:mod:`officers.core.words`).

>>> place_name("column", 2, "en"), place_name("cell", 7, "de"), place_name("foundation", 0, "en")
('column 3', 'Freizelle k', 'the foundation')
>>> languages()
('de', 'en')
>>> speaker("fr")
Traceback (most recent call last):
  ...
officers.UnsupportedError: no words for language 'fr': expected one of de, en
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Final, Protocol, cast

from officers.core.words import ByLanguage, Language, language_module, language_modules

if TYPE_CHECKING:
    from officers.eightoff.hints import Hint
    from officers.eightoff.moves import Outcome, Refusal
    from officers.eightoff.position import Position
    from officers.eightoff.variant import Building

__all__ = [
    "TERMINAL",
    "Language",
    "Speaker",
    "fitting",
    "languages",
    "moved_card",
    "outcome_text",
    "place_name",
    "position_text",
    "refusal_text",
    "speaker",
    "terminal",
]


class Speaker(Protocol):
    """What the module of a language provides: one function per kind of fact, and the lines of
    the terminal game (``TERMINAL``: templates by key, the same keys in every language)."""

    TERMINAL: Mapping[str, str]

    def place_name(self, kind: str, index: int) -> str: ...

    def refusal(self, fact: Refusal) -> str: ...

    def outcome(self, fact: Outcome) -> str: ...

    def hint(self, fact: Hint) -> str: ...


@cache
def languages() -> tuple[Language, ...]:
    """The languages this game speaks: the modules of this package, sorted."""
    return language_modules(__path__)


def speaker(lang: Language) -> Speaker:
    """The module that renders this game's facts in ``lang`` (:class:`~officers.UnsupportedError`
    for a language without one)."""
    return cast("Speaker", language_module(__name__, lang, languages()))


def place_name(kind: str, index: int, lang: Language = "en") -> str:
    """A place in words: ``column 3``, ``cell a``, ``the foundation`` (German ``Spalte 3``,
    ``Freizelle a``, ``der Ablagestapel``)."""
    return speaker(lang).place_name(kind, index)


def refusal_text(fact: Refusal, lang: Language = "en") -> str:
    """Why a move is refused, as a sentence in ``lang`` (the English one is the message of the
    :class:`~officers.IllegalMoveError` that refuses it)."""
    return speaker(lang).refusal(fact)


def outcome_text(fact: Outcome, lang: Language = "en") -> str:
    """How a game ended, as a sentence in ``lang``.

    >>> from officers.eightoff.moves import Outcome
    >>> outcome_text(Outcome(False, "stuck", 3), "de")
    'verloren: kein Zug ist mehr möglich, und 3 Karten liegen noch nicht auf den Ablagestapeln'
    """
    return speaker(lang).outcome(fact)


TERMINAL: Final[Mapping[Language, Mapping[str, str]]] = ByLanguage(
    languages, lambda lang: speaker(lang).TERMINAL
)
"""The lines of the terminal game (``officers eightoff play``), as templates, by language (each
language's ``TERMINAL``)."""


def terminal(key: str, lang: Language = "en", **values: object) -> str:
    """A line of the terminal game in ``lang`` (:data:`TERMINAL`), its blanks filled.

    >>> terminal("solvable", "de", count=77)
    'lösbar: ein Gewinn in 77 Zügen'
    """
    return speaker(lang).TERMINAL[key].format(**values)


def position_text(position: Position, lang: Language = "en") -> str:
    """The position as the terminal shows it (``str(position)`` in English): the variant and
    the foundations, the cells, the column numbers and the columns.

    >>> from officers.eightoff.position import Position
    >>> print(position_text(Position.numbered(1), "de").splitlines()[1])
    Freizellen:  3♥  2♠  9♥  7♠  ··  ··  ··  ··
    """
    words = speaker(lang).TERMINAL
    lines = str(position).splitlines()
    head, _, founds = lines[0].partition(" · foundations ")
    lines[0] = f"{head} · {words['foundations']} {founds}"
    if position.variant.cells:
        lines[1] = words["cells"] + lines[1].removeprefix("cells:")
    return "\n".join(lines)


def fitting(card: int | None, building: Building | None) -> list[int]:
    """The cards that ``card`` goes on under the building rule (``suit``: the next higher card
    of its suit; else the next higher of the other colour), none for a King: what a refusal
    ``no-fit`` names in every language.

    >>> fitting(21, "suit"), fitting(21, "alternate"), fitting(12, "suit")
    ([22], [9, 48], [])
    """
    if card is None or card % 13 == 12:
        return []
    upper = card % 13 + 1
    if building == "suit":
        return [13 * (card // 13) + upper]
    red = 13 <= card < 39
    return [13 * suit + upper for suit in range(4) if (suit in (1, 2)) != red]


def moved_card(fact: Hint) -> int:
    """The card a lost game's losing move took (the upper card of a run): what a hint that says
    where the game was lost names in every language.

    >>> from officers.eightoff.hints import Hint
    >>> from officers.eightoff.moves import Move
    >>> from officers.eightoff.position import Position
    >>> start = Position.numbered(1)
    >>> moved_card(Hint("lost", losing_move=Move.parse("a5"), before=start)) == start.cells[0]
    True
    """
    move, before = fact.losing_move, fact.before
    if move is None or before is None:
        raise ValueError("the hint names no losing move and the position it was played from")
    source = move.source
    held = before.cells[source.index] if source.kind == "cell" else None
    return held if held is not None else before.columns[source.index][-(move.count or 1)]
