"""The words of Offiziersskat's tips, in English and German, from facts.

A tip (:mod:`officers.skat.tips`) states facts about the move it recommends — a :class:`Reason`:
its ``kind`` and the cards, piles and points involved; this module alone turns them into
sentences. English names a card by its face (``10♥``), German by its name (``Herz-Zehn``).

>>> print(reason_text(Reason("wins", card=17, points=14), "en"))
wins the trick (14 points)
>>> print(reason_text(Reason("keeps-trump", card=17), "de"))
Herz-Zehn (Trumpf) bleibt dir
>>> print(join_reasons(["wins the trick (14 points)", "turns up a card"], "en"))
wins the trick (14 points) and turns up a card
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from officers.core.errors import UnsupportedError, excerpt
from officers.skat.cards import card_face, card_name, card_notation

__all__ = [
    "REASONS",
    "Reason",
    "ReasonKind",
    "GameLine",
    "chance_text",
    "estimate_text",
    "game_tip_text",
    "join_reasons",
    "play_tip_text",
    "reason_text",
]

ReasonKind = Literal[
    "wins",
    "loses",
    "cannot-be-beaten",
    "can-be-beaten",
    "keeps-trump",
    "turns-up",
    "most-trumps",
]

REASONS: Final[tuple[ReasonKind, ...]] = get_args(ReasonKind)
"""Every kind of :class:`Reason`."""

_GAMES: Final = {
    "en": {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds", "G": "Grand"},
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "G": "Grand"},
}


@dataclass(frozen=True, slots=True)
class Reason:
    """A fact about a recommended move.

    - ``wins``: the card takes the trick on the table, with ``points`` in it;
    - ``loses``: the card gives the trick away, ``points`` in it;
    - ``cannot-be-beaten``: a card led that none of the other player's face-up cards beats;
    - ``can-be-beaten``: a card led that the other player's face-up ``card`` can beat;
    - ``keeps-trump``: the player keeps ``card``, the highest trump still out (face up);
    - ``turns-up``: the card leaves a pile that hides a card: it turns up;
    - ``most-trumps``: a game choice: ``points`` (one or more) of Vorhand's face-up cards are
      trumps in that game (a choice with none says no reason).
    """

    kind: ReasonKind
    card: int | None = None
    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind``, ``card`` (notation or null), ``points``."""
        card = None if self.card is None else card_notation(self.card)
        return {"kind": self.kind, "card": card, "points": self.points}


def _check(lang: object) -> str:
    if lang not in ("en", "de"):
        raise UnsupportedError(f"no words for language {excerpt(lang)}: expected one of de, en")
    return str(lang)


def _card(card: int | None, lang: str) -> str:
    if card is None:
        return "?"
    return card_name(card, "de") if lang == "de" else card_face(card)


def reason_text(fact: Reason, lang: str = "en") -> str:
    """A reason as a phrase in ``lang`` (``"en"`` or ``"de"``)."""
    de = _check(lang) == "de"
    card, n = _card(fact.card, lang), fact.points
    phrases = {
        "wins": (f"wins the trick ({n} points)", f"gewinnt den Stich ({n} Augen)"),
        "loses": (f"loses the trick ({n} points)", f"gibt den Stich ab ({n} Augen)"),
        "cannot-be-beaten": (
            "no face-up card of the other player beats it",
            "keine offene Karte der Gegenperson sticht sie",
        ),
        "can-be-beaten": (
            f"the other player's face-up {card} can beat it",
            f"die Gegenperson kann sie mit ihrer offenen Karte ({card}) schlagen",
        ),
        "keeps-trump": (f"keeps your {card} (trumps)", f"{card} (Trumpf) bleibt dir"),
        "turns-up": ("turns up a card", "deckt eine Karte auf"),
        "most-trumps": (
            f"{n} of your face-up cards {'is a trump' if n == 1 else 'are trumps'}",
            f"{n} deiner offenen Karten {'ist' if n == 1 else 'sind'} Trumpf",
        ),
    }
    return phrases[fact.kind][1 if de else 0]


def join_reasons(phrases: Sequence[str], lang: str = "en") -> str:
    """Phrases joined as one: ``a, b and c`` / ``a, b und c``."""
    word = " und " if _check(lang) == "de" else " and "
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + word + phrases[-1]


def _percent(value: float) -> str:
    return f"{100 * value:.0f} %"


def estimate_text(samples: int, interval: tuple[float, float] | None, lang: str = "en") -> str:
    """How an estimate was made: over how many samples, with its 95 % interval.

    >>> estimate_text(12, (0.25, 0.75), "en")
    'estimate over 12 samples, 95 % interval 25–75 %'
    >>> estimate_text(0, None, "de")
    'Schätzung aus 0 Stichproben'
    """
    de = _check(lang) == "de"
    many = (
        ("Stichprobe" if samples == 1 else "Stichproben")
        if de
        else ("sample" if samples == 1 else "samples")
    )
    head = f"Schätzung aus {samples} {many}" if de else f"estimate over {samples} {many}"
    if interval is None:
        return head
    low, high = interval
    span = f"{100 * low:.0f}–{100 * high:.0f} %"
    return head + (f", 95-%-Intervall {span}" if de else f", 95 % interval {span}")


def chance_text(
    value: float, exact: bool, lang: str = "en", *, samples: int | None = None,
    interval: tuple[float, float] | None = None,
) -> str:  # fmt: skip
    """Vorhand's chance to win in words; an estimate says so (with ``samples``: over how many,
    and its ``interval``)."""
    de = _check(lang) == "de"
    what = "Gewinnchance von Vorhand" if de else "Vorhand's chance to win"
    if exact:
        return f"{what} {_percent(value)}"
    if samples is None:
        return f"{what} {_percent(value)}" + (" (Schätzung)" if de else " (estimate)")
    if samples == 0:
        hurry = (
            "keine Zeit, die Chancen abzuwägen: die Karte der einfachen Regel"
            if de
            else "no time to weigh the chances: the simple rule's card"
        )
        return f"{hurry} ({estimate_text(0, None, lang)})"
    return f"{what} {_percent(value)} ({estimate_text(samples, interval, lang)})"


def play_tip_text(
    card: int, pile: int, reasons: Sequence[Reason], value: float, exact: bool, lang: str = "en",
    *, samples: int | None = None, interval: tuple[float, float] | None = None,
) -> str:  # fmt: skip
    """The card tip: the face-up card and its pile, why, and the chance.

    >>> play_tip_text(17, 1, [Reason("wins", 17, 14)], 0.5, False, "de")
    'Spiele Herz-Zehn von Stapel 2: gewinnt den Stich (14 Augen); Gewinnchance von Vorhand 50 % (Schätzung)'
    >>> play_tip_text(17, 1, [], 0.5, False, "en", samples=12, interval=(0.25, 0.75))
    "Play 10♥ from pile 2; Vorhand's chance to win 50 % (estimate over 12 samples, 95 % interval 25–75 %)"
    """
    de = _check(lang) == "de"
    why = join_reasons([reason_text(r, lang) for r in reasons], lang)
    head = (
        f"Spiele {_card(card, lang)} von Stapel {pile + 1}"
        if de
        else f"Play {_card(card, lang)} from pile {pile + 1}"
    )
    chance = chance_text(value, exact, lang, samples=samples, interval=interval)
    return f"{head}: {why}; {chance}" if why else f"{head}; {chance}"


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of a game tip: ``game`` (``C S H D G``), Vorhand's ``chance`` to win with its
    95 % ``interval``, and her expected ``points`` (``None`` where not weighed)."""

    game: str
    chance: float
    interval: tuple[float, float] = (0.0, 1.0)
    points: float | None = None


def game_tip_text(
    best: str, games: Sequence[GameLine | tuple[str, float]], exact: bool,
    reasons: Sequence[Reason], lang: str = "en", *, samples: int | None = None,
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
    de = _check(lang) == "de"
    names = _GAMES["de" if de else "en"]
    best_word = "beste" if de else "best"
    lines = [g if isinstance(g, GameLine) else GameLine(g[0], g[1]) for g in games]
    pointed = any(g.points is not None for g in lines)
    listed = []
    for g in lines:
        entry = f"{names[g.game]} {_percent(g.chance)}"
        if not exact and samples:
            entry += f" ({100 * g.interval[0]:.0f}–{100 * g.interval[1]:.0f} %)"
        if g.points is not None:
            entry += f", {g.points:.0f} " + ("Augen" if de else "points")
        if g.game == best:
            entry += f" ({best_word})"
        listed.append(entry)
    why = join_reasons([reason_text(r, lang) for r in reasons], lang)
    head = f"Wähle {names[best]}" if de else f"Choose {names[best]}"
    if why:
        head += f": {why}"
    what = ("Gewinnchance von Vorhand" if de else "Vorhand's chance to win") + (
        (" und erwartete Augen" if de else " and expected points") if pointed else ""
    )
    tail = f"{what}: {', '.join(listed)}"
    if not exact:
        if samples is None:
            tail += " (Schätzung)" if de else " (estimate)"
        else:
            how = estimate_text(samples, None, lang)
            if samples == 0:
                how += (
                    ": keine Zeit, die Chancen abzuwägen, das Spiel der einfachen Regel"
                    if de
                    else ": no time to weigh the chances, the simple rule's game"
                )
            if pointed:
                how += (
                    f", die Augen aus {points_samples}"
                    if de
                    else f", the points over {points_samples}"
                )
            tail += f" ({how})"
    return f"{head}; {tail}"
