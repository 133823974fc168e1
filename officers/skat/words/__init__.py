"""The words of Offiziersskat: every sentence this game says, rendered from facts, one module
per language.

The rules engine returns facts (:class:`~officers.skat.moves.Refusal`,
:class:`~officers.skat.moves.Outcome`), and a tip states its reasons as facts
(:mod:`officers.skat.reasons`); this package alone turns them into sentences: :func:`speaker`
finds the module of a language (``officers/skat/words/en.py``, ``officers/skat/words/de.py``,
...), and that module renders every kind of fact (:class:`Speaker`). English names a card by its
face (``9♥``), German by its name (``Herz-Neun``). A third language is one new module beside
them, with the same names (:mod:`officers.core.words`).

The words of the tips were the module ``officers.skat.tip_words`` until 0.4; that name still
imports, with a warning, and reads every name from here (:mod:`officers.core.moved`).

>>> pile_name(2, "en"), pile_name(2, "de"), lane_name(4, "de"), lane_name(2, "en")
('pile 3', 'Stapel 3', 'Trumpf', 'hearts')
>>> print(reason_text(Reason("wins", card=17, points=14), "en"))
wins the trick (14 points)
>>> print(reason_text(Reason("keeps-trump", card=17), "de"))
Herz-Zehn (Trumpf) bleibt dir
>>> print(join_reasons(["wins the trick (14 points)", "turns up a card"], "en"))
wins the trick (14 points) and turns up a card
>>> languages()
('de', 'en')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Final, Protocol, cast

from officers.core.words import ByLanguage, Language, language_module, language_modules
from officers.skat.reasons import REASONS, GameLine, Reason, ReasonKind

if TYPE_CHECKING:
    from officers.skat.moves import Outcome, Refusal

__all__ = [
    "REASONS",
    "TERMINAL",
    "GameLine",
    "Language",
    "Reason",
    "ReasonKind",
    "Speaker",
    "chance_text",
    "estimate_text",
    "game_name",
    "game_tip_text",
    "join_reasons",
    "lane_name",
    "languages",
    "outcome_text",
    "pile_name",
    "play_tip_text",
    "reason_text",
    "refusal_text",
    "speaker",
    "terminal",
]

Interval = tuple[float, float]


class Speaker(Protocol):
    """What the module of a language provides: one function per kind of fact, the names of the
    games (``GAMES``, by ``C S H D G``) and of what a trick asks for (``LANES``: the suits, 0 ..
    3, and trumps, 4), and the lines of the terminal game (``TERMINAL``: templates by key, the
    same keys in every language)."""

    GAMES: Mapping[str, str]
    LANES: Sequence[str]
    TERMINAL: Mapping[str, str]

    def pile_name(self, pile: int) -> str: ...

    def refusal(self, fact: Refusal) -> str: ...

    def outcome(self, fact: Outcome) -> str: ...

    def reason(self, fact: Reason) -> str: ...

    def join(self, phrases: Sequence[str]) -> str: ...

    def estimate(self, samples: int, interval: Interval | None) -> str: ...

    def chance(
        self, value: float, exact: bool, samples: int | None, interval: Interval | None
    ) -> str: ...

    def play_tip(
        self, card: int, pile: int, reasons: Sequence[Reason], value: float, exact: bool,
        samples: int | None, interval: Interval | None,
    ) -> str: ...  # fmt: skip

    def game_tip(
        self, best: str, lines: Sequence[GameLine], exact: bool, reasons: Sequence[Reason],
        samples: int | None, points_samples: int,
    ) -> str: ...  # fmt: skip


@cache
def languages() -> tuple[Language, ...]:
    """The languages this game speaks: the modules of this package, sorted."""
    return language_modules(__path__)


def speaker(lang: Language) -> Speaker:
    """The module that renders this game's facts in ``lang`` (:class:`~officers.UnsupportedError`
    for a language without one).

    >>> speaker("fr")
    Traceback (most recent call last):
      ...
    officers.UnsupportedError: no words for language 'fr': expected one of de, en
    """
    return cast("Speaker", language_module(__name__, lang, languages()))


# --- the game ----------------------------------------------------------------------------------


def pile_name(pile: int, lang: Language = "en") -> str:
    """A pile (0-based) in words: ``pile 3`` / ``Stapel 3``."""
    return speaker(lang).pile_name(pile)


def lane_name(lane: int, lang: Language = "en") -> str:
    """What a trick asks for: a suit (0 .. 3) or trumps (4), in words."""
    return speaker(lang).LANES[lane]


def game_name(game: str | None, lang: Language = "en") -> str:
    """A game in words (``-`` before the choice): ``hearts`` / ``Herz``, ``Grand``."""
    names = speaker(lang).GAMES
    return "-" if game is None else names.get(game, game)


def refusal_text(fact: Refusal, lang: Language = "en") -> str:
    """Why a move is refused, as a sentence in ``lang`` (the English one is the message of the
    :class:`~officers.IllegalMoveError` that refuses it)."""
    return speaker(lang).refusal(fact)


def outcome_text(fact: Outcome, lang: Language = "en") -> str:
    """How a game ended, as a sentence in ``lang``.

    >>> from officers.skat.moves import Outcome
    >>> outcome_text(Outcome((45, 75)), "de")
    'Hinterhand gewinnt: Vorhand hat 45 Augen, 61 sind nötig (45 zu 75)'
    """
    return speaker(lang).outcome(fact)


TERMINAL: Final[Mapping[Language, Mapping[str, str]]] = ByLanguage(
    languages, lambda lang: speaker(lang).TERMINAL
)
"""The lines of the terminal game (``officers skat play``), as templates, by language (each
language's ``TERMINAL``)."""


def terminal(key: str, lang: Language = "en", **values: object) -> str:
    """A line of the terminal game in ``lang`` (:data:`TERMINAL`), its blanks filled.

    >>> terminal("status", "de", game="Herz", trick="-", points="0:0")
    'Spiel Herz · Stich - · Augen 0:0'
    """
    return speaker(lang).TERMINAL[key].format(**values)


# --- the tips ----------------------------------------------------------------------------------


def percent(value: float) -> str:
    """A chance as every language writes it (and :func:`span`, an interval of chances).

    >>> percent(0.5), span((0.25, 0.755))
    ('50 %', '25–76 %')
    """
    return f"{100 * value:.0f} %"


def span(interval: Interval) -> str:
    """An interval of chances as every language writes it: ``25–75 %``."""
    return f"{100 * interval[0]:.0f}–{100 * interval[1]:.0f} %"


def reason_text(fact: Reason, lang: Language = "en") -> str:
    """A reason as a phrase in ``lang``."""
    return speaker(lang).reason(fact)


def join_reasons(phrases: Sequence[str], lang: Language = "en") -> str:
    """Phrases joined as one: ``a, b and c`` / ``a, b und c``."""
    return speaker(lang).join(phrases)


def estimate_text(samples: int, interval: Interval | None, lang: Language = "en") -> str:
    """How an estimate was made: over how many samples, with its 95 % interval.

    >>> estimate_text(12, (0.25, 0.75), "en")
    'estimate over 12 samples, 95 % interval 25–75 %'
    >>> estimate_text(0, None, "de")
    'Schätzung aus 0 Stichproben'
    """
    return speaker(lang).estimate(samples, interval)


def chance_text(
    value: float, exact: bool, lang: Language = "en", *, samples: int | None = None,
    interval: Interval | None = None,
) -> str:  # fmt: skip
    """Vorhand's chance to win in words; an estimate says so (with ``samples``: over how many,
    and its ``interval``)."""
    return speaker(lang).chance(value, exact, samples, interval)


def play_tip_text(
    card: int, pile: int, reasons: Sequence[Reason], value: float, exact: bool,
    lang: Language = "en", *, samples: int | None = None, interval: Interval | None = None,
) -> str:  # fmt: skip
    """The card tip: the face-up card and its pile, why, and the chance.

    >>> play_tip_text(17, 1, [Reason("wins", 17, 14)], 0.5, False, "de")
    'Spiele Herz-Zehn von Stapel 2: gewinnt den Stich (14 Augen); Gewinnchance von Vorhand 50 % (Schätzung)'
    >>> play_tip_text(17, 1, [], 0.5, False, "en", samples=12, interval=(0.25, 0.75))
    "Play 10♥ from pile 2; Vorhand's chance to win 50 % (estimate over 12 samples, 95 % interval 25–75 %)"
    """
    return speaker(lang).play_tip(card, pile, reasons, value, exact, samples, interval)


def game_tip_text(
    best: str, games: Sequence[GameLine | tuple[str, float]], exact: bool,
    reasons: Sequence[Reason], lang: Language = "en", *, samples: int | None = None,
    points_samples: int = 0,
) -> str:  # fmt: skip
    """The game tip: the best game, why, and each game (in the order given: best first) with
    Vorhand's chance and, where weighed, her expected points.

    >>> game_tip_text("H", [("H", 0.5), ("C", 0.25)], True, [], "en")
    "Choose hearts; Vorhand's chance to win: hearts 50 % (best), clubs 25 %"
    >>> lines = [GameLine("G", 1.0, (0.76, 1.0), 88.5), GameLine("C", 1.0, (0.76, 1.0), 71.0)]
    >>> print(game_tip_text("G", lines, False, [], "de", samples=12, points_samples=2))
    Wähle Grand; Gewinnchance von Vorhand und erwartete Augen: Grand 100 % (76–100 %), 88 Augen (beste), Kreuz 100 % (76–100 %), 71 Augen (Schätzung aus 12 Stichproben, die Augen aus 2)
    """
    lines = [g if isinstance(g, GameLine) else GameLine(g[0], g[1]) for g in games]
    return speaker(lang).game_tip(best, lines, exact, reasons, samples, points_samples)
