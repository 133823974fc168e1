"""Deutsch: every fact of Offiziersskat told in German (see :mod:`officers.skat.words`).

A card is named by its name (``Herz-Zehn``), a pile by its number (``Stapel 2``).

>>> from officers.skat.moves import Move, Refusal
>>> refusal(Refusal("face-down", Move.parse("9H@2"), card=21, pile=1))
'Nicht erlaubt (9H@2): Herz-Neun liegt verdeckt in Stapel 2: spielbar erst, wenn die Karte darauf weg ist'
>>> from officers.skat.reasons import Reason
>>> join([reason(Reason("wins", 17, 14)), reason(Reason("turns-up"))])
'gewinnt den Stich (14 Augen) und deckt eine Karte auf'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from officers.core.errors import excerpt
from officers.skat.cards import card_name
from officers.skat.words import percent, span

if TYPE_CHECKING:
    from officers.skat.moves import Outcome, Refusal
    from officers.skat.reasons import GameLine, Reason

LANES: Final = ("Kreuz", "Pik", "Herz", "Karo", "Trumpf")
GAMES: Final = {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "G": "Grand"}
# The possessive and adjective by the gender of the rank (by card % 8: Ass, Zehn, König, Dame,
# Bube): das Ass, der König, der Bube, die others; Neun, Acht and Sieben are female too.
YOUR: Final = ("dein offenes", "deine offene", "dein offener", "deine offene", "dein offener")
YOUR_LOW: Final = "deine offene"


# --- Wörter ----------------------------------------------------------------------------------


def card_word(card: int | None) -> str:
    """``Herz-Zehn`` (``?`` for no card)."""
    return "?" if card is None else card_name(card, "de")


def pile_name(pile: int) -> str:
    """``Stapel 3`` (for pile 2, counted from 0)."""
    return f"Stapel {pile + 1}"


def at(pile: int | None) -> str:
    """The pile's name (``?`` for none)."""
    return "?" if pile is None else pile_name(pile)


def join(phrases: Sequence[str]) -> str:
    """``a, b und c``."""
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " und " + phrases[-1]


# --- das Spiel -------------------------------------------------------------------------------


READ_MOVE: Final = (
    "erwartet wird ein Spiel (C S H D G) oder eine Karte mit ihrem Stapel 1-8, etwa 'QH@3'"
)


def refusal(fact: Refusal) -> str:
    """Why a move is refused: ``Nicht erlaubt (9H@2): ...``."""
    if fact.kind == "unreadable" or fact.move is None:
        return f"Der Zug {excerpt(fact.written)} lässt sich nicht lesen: {READ_MOVE}."
    kind, name, where = fact.kind, card_word(fact.card), at(fact.pile)
    if kind == "game-over":
        why = "das Spiel ist aus: alle 16 Stiche sind gespielt"
    elif kind == "choose-first":
        why = "zuerst wählt Vorhand das Spiel (C, S, H, D oder G)"
    elif kind == "chosen":
        why = f"das Spiel ist schon gewählt: {GAMES[fact.game or 'G']}"
    elif kind == "gone":
        why = f"{name} ist schon gespielt"
    elif kind == "not-yours":
        why = f"{name} gehört der Gegenperson ({where})"
    elif kind == "face-down":
        why = f"{name} liegt verdeckt in {where}: spielbar erst, wenn die Karte darauf weg ist"
    elif kind == "wrong-pile":
        why = f"{name} liegt in {where}"
    else:  # must-follow
        held = fact.held
        your = YOUR_LOW if held is None or held % 8 > 4 else YOUR[held % 8]
        why = (
            f"Du musst {LANES[fact.lane or 0]} bedienen: {your} "
            f"{card_word(held)} ({at(fact.held_pile)})"
        )
    return f"Nicht erlaubt ({fact.move.notation()}): {why}"


def outcome(fact: Outcome) -> str:
    """How a game ended."""
    first, second = fact.points
    if first >= 61:
        return f"Vorhand gewinnt mit {first} zu {second} Augen"
    return f"Hinterhand gewinnt: Vorhand hat {first} Augen, 61 sind nötig ({first} zu {second})"


TERMINAL: Final = {
    "status": "Spiel {game} · Stich {trick} · Augen {points}",
    "prompt": "dein Zug (ein Spiel, eine Karte, tip, moves, quit): ",
    "unreadable": "{word!r} ist kein Zug: gib ein Spiel (C S H D G), eine Karte (QH, oder "
    "QH@3 mit dem Stapel), tip, moves oder quit ein",
    "stopped": "abgebrochen nach {moves}, Augen {points}: die verdeckten Karten bleiben "
    "verdeckt; was beide sehen:",
    "bot": "Bot ({bot}): {move}",
    "moves_1": "{n} Zug",
    "moves_n": "{n} Zügen",
}
"""The lines of the terminal game (``officers skat play``), as templates."""


# --- die Tipps -------------------------------------------------------------------------------


def reason(fact: Reason) -> str:
    """Why a move is recommended, as a phrase: ``gewinnt den Stich (14 Augen)``."""
    name, n = card_word(fact.card), fact.points
    phrases = {
        "wins": f"gewinnt den Stich ({n} Augen)",
        "loses": f"gibt den Stich ab ({n} Augen)",
        "cannot-be-beaten": "keine offene Karte der Gegenperson sticht sie",
        "can-be-beaten": f"die Gegenperson kann sie mit ihrer offenen Karte ({name}) schlagen",
        "keeps-trump": f"{name} (Trumpf) bleibt dir",
        "turns-up": "deckt eine Karte auf",
        "most-trumps": f"{n} deiner offenen Karten {'ist' if n == 1 else 'sind'} Trumpf",
    }
    return phrases[fact.kind]


def estimate(samples: int, interval: tuple[float, float] | None) -> str:
    """``Schätzung aus 12 Stichproben, 95-%-Intervall 25–75 %``."""
    head = f"Schätzung aus {samples} {'Stichprobe' if samples == 1 else 'Stichproben'}"
    return head if interval is None else f"{head}, 95-%-Intervall {span(interval)}"


def chance(
    value: float, exact: bool, samples: int | None, interval: tuple[float, float] | None
) -> str:
    """Vorhand's chance to win; an estimate says so."""
    what = f"Gewinnchance von Vorhand {percent(value)}"
    if exact:
        return what
    if samples is None:
        return f"{what} (Schätzung)"
    if samples == 0:
        return (
            "keine Zeit, die Chancen abzuwägen: die Karte der einfachen Regel "
            f"({estimate(0, None)})"
        )
    return f"{what} ({estimate(samples, interval)})"


def play_tip(
    card: int, pile: int, reasons: Sequence[Reason], value: float, exact: bool,
    samples: int | None, interval: tuple[float, float] | None,
) -> str:  # fmt: skip
    """``Spiele Herz-Zehn von Stapel 2: gewinnt den Stich (14 Augen); ...``."""
    why = join([reason(r) for r in reasons])
    head = f"Spiele {card_word(card)} von Stapel {pile + 1}"
    told = chance(value, exact, samples, interval)
    return f"{head}: {why}; {told}" if why else f"{head}; {told}"


def game_tip(
    best: str, lines: Sequence[GameLine], exact: bool, reasons: Sequence[Reason],
    samples: int | None, points_samples: int,
) -> str:  # fmt: skip
    """``Wähle Herz; Gewinnchance von Vorhand: Herz 50 % (beste), Kreuz 25 %``."""
    pointed = any(g.points is not None for g in lines)
    listed = []
    for g in lines:
        entry = f"{GAMES[g.game]} {percent(g.chance)}"
        if not exact and samples:
            entry += f" ({span(g.interval)})"
        if g.points is not None:
            entry += f", {g.points:.0f} Augen"
        listed.append(entry + (" (beste)" if g.game == best else ""))
    why = join([reason(r) for r in reasons])
    head = f"Wähle {GAMES[best]}" + (f": {why}" if why else "")
    what = "Gewinnchance von Vorhand" + (" und erwartete Augen" if pointed else "")
    tail = f"{what}: {', '.join(listed)}"
    if not exact:
        if samples is None:
            tail += " (Schätzung)"
        else:
            how = estimate(samples, None)
            if samples == 0:
                how += ": keine Zeit, die Chancen abzuwägen, das Spiel der einfachen Regel"
            if pointed:
                how += f", die Augen aus {points_samples}"
            tail += f" ({how})"
    return f"{head}; {tail}"
