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

from officers.errors import UnsupportedError, excerpt
from officers.skat.cards import card_face, card_name, card_notation

__all__ = [
    "REASONS",
    "Reason",
    "ReasonKind",
    "chance_text",
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
    - ``most-trumps``: a game choice: ``points`` trumps of Vorhand's face up in that game.
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
            f"{n} of your face-up cards are trumps",
            f"{n} deiner offenen Karten sind Trumpf",
        ),
    }
    return phrases[fact.kind][1 if de else 0]


def join_reasons(phrases: Sequence[str], lang: str = "en") -> str:
    """Phrases joined as one: ``a, b and c`` / ``a, b und c``."""
    word = " und " if _check(lang) == "de" else " and "
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + word + phrases[-1]


def chance_text(value: float, exact: bool, lang: str = "en") -> str:
    """Vorhand's chance to win in words; an estimate says so."""
    percent = f"{100 * value:.0f} %"
    if _check(lang) == "de":
        return f"Gewinnchance von Vorhand {percent}" + ("" if exact else " (Schätzung)")
    return f"Vorhand's chance to win {percent}" + ("" if exact else " (estimate)")


def play_tip_text(
    card: int, pile: int, reasons: Sequence[Reason], value: float, exact: bool, lang: str = "en"
) -> str:
    """The card tip: the face-up card and its pile, why, and the chance.

    >>> play_tip_text(17, 1, [Reason("wins", 17, 14)], 0.5, False, "de")
    'Spiele Herz-Zehn von Stapel 2: gewinnt den Stich (14 Augen); Gewinnchance von Vorhand 50 % (Schätzung)'
    """
    de = _check(lang) == "de"
    why = join_reasons([reason_text(r, lang) for r in reasons], lang)
    head = (
        f"Spiele {_card(card, lang)} von Stapel {pile + 1}"
        if de
        else f"Play {_card(card, lang)} from pile {pile + 1}"
    )
    return (
        f"{head}: {why}; {chance_text(value, exact, lang)}"
        if why
        else (f"{head}; {chance_text(value, exact, lang)}")
    )


def game_tip_text(
    best: str, chances: Sequence[tuple[str, float]], exact: bool, reasons: Sequence[Reason],
    lang: str = "en",
) -> str:  # fmt: skip
    """The game tip: the best game, why, and each game's chance for Vorhand.

    >>> game_tip_text("H", [("C", 0.25), ("H", 0.5)], True, [], "en")
    "Choose hearts; Vorhand's chance to win: clubs 25 %, hearts 50 % (best)"
    """
    de = _check(lang) == "de"
    names = _GAMES["de" if de else "en"]
    best_word = "beste" if de else "best"
    listed = ", ".join(
        f"{names[g]} {100 * v:.0f} %" + (f" ({best_word})" if g == best else "") for g, v in chances
    )
    why = join_reasons([reason_text(r, lang) for r in reasons], lang)
    head = f"Wähle {names[best]}" if de else f"Choose {names[best]}"
    if why:
        head += f": {why}"
    tail = ("Gewinnchance von Vorhand" if de else "Vorhand's chance to win") + f": {listed}"
    if not exact:
        tail += " (Schätzung)" if de else " (estimate)"
    return f"{head}; {tail}"
