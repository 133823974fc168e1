"""Deutsch: every fact of Eight Off told in German (see :mod:`officers.eightoff.words`).

A card is named by its name (``Kreuz-Sieben``), a place by its German name (``Spalte 3``,
``Freizelle a``, ``der Ablagestapel``).

>>> from officers.eightoff.moves import Move, Outcome, Refusal, cell
>>> refusal(Refusal("cell-taken", Move.parse("1a"), cell(0), held=6))
'Nicht erlaubt (1a): auf Freizelle a liegt schon Kreuz-Sieben'
>>> outcome(Outcome(True, "finished"))
'gewonnen: alle Karten liegen auf den Ablagestapeln'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from officers.core.errors import excerpt
from officers.eightoff.deck import ALL_PLAYING_CARDS
from officers.eightoff.position import cell_letter
from officers.eightoff.words import fitting, moved_card

if TYPE_CHECKING:
    from officers.eightoff.hints import Hint
    from officers.eightoff.moves import Move, Outcome, Place, Refusal


def card_word(card: int | None) -> str:
    """``Kreuz-Sieben`` (``?`` for no card)."""
    return "?" if card is None else ALL_PLAYING_CARDS[card].name_de()


def place_name(kind: str, index: int) -> str:
    """``Spalte 3``, ``Freizelle a``, ``der Ablagestapel``."""
    if kind == "column":
        return f"Spalte {index + 1}"
    if kind == "cell":
        return f"Freizelle {cell_letter(index)}"
    return "der Ablagestapel"


def at(place: Place | None) -> str:
    """The place's name (``?`` for none)."""
    return "?" if place is None else place_name(place.kind, place.index)


READ_MOVE: Final = (
    "erwartet werden eine Quelle (Spalte 1-10, Freizelle a-g oder k) und ein Ziel (eine Spalte, "
    "eine Freizelle oder h, der Ablagestapel), etwa '3a', '38', 'ah' oder '38v3'"
)


def refusal(fact: Refusal) -> str:
    """Why a move is refused: ``Nicht erlaubt (1a): auf Freizelle a liegt schon
    Kreuz-Sieben``."""
    if fact.kind == "unreadable" or fact.move is None:
        return f"Der Zug {excerpt(fact.written)} lässt sich nicht lesen: {READ_MOVE}."
    kind, name, held, where = fact.kind, card_word(fact.card), card_word(fact.held), at(fact.place)
    if kind == "no-such-column":
        why = f"{fact.variant} hat keine {where} (nur {fact.limit} Spalten)"
    elif kind == "no-such-cell":
        why = f"{fact.variant} hat keine {where} (nur {fact.limit} Freizellen)"
    elif kind == "same-place":
        why = "ein Zug bringt Karten an einen anderen Platz"
    elif kind == "empty-source":
        why = f"auf {where} liegt keine Karte"
    elif kind == "single-card":
        why = (
            "auf den Ablagestapel kommt nur eine Karte auf einmal"
            if fact.place is not None and fact.place.kind == "foundation"
            else "eine Freizelle hält nur eine Karte"
        )
    elif kind == "too-few-cards":
        why = f"{where} hat {fact.limit} Karten, nicht {fact.count}"
    elif kind == "not-a-run":
        why = (
            f"die unteren {fact.count} Karten von {where} sind keine Folge: {name} liegt nicht "
            f"passend auf {held}"
        )
    elif kind == "too-many":
        why = f"ein Zug bewegt jetzt höchstens {fact.limit} Karten, nicht {fact.count}"
    elif kind == "cell-taken":
        why = f"auf {where} liegt schon {held}"
    elif kind == "not-next":
        why = (
            f"{name} ist nicht die nächste Karte ihres Ablagestapels (dort liegen "
            f"{fact.limit} Karten)"
        )
    elif kind == "no-fit":
        why = no_fit(fact, name, held)
    else:  # kings-only
        why = f"nur ein König darf eine leere Spalte füllen ({where}), nicht {name}"
    return f"Nicht erlaubt ({fact.move.notation()}): {why}"


def no_fit(fact: Refusal, name: str, held: str) -> str:
    """Why ``name`` does not go on ``held``, and which cards it goes on."""
    goes_on = fitting(fact.card, fact.building)
    if not goes_on:
        return f"{name} passt nicht auf {held}: ein König kommt auf keine Karte"
    rule = "ihrer eigenen Farbe" if fact.building == "suit" else "der anderen Farbe (rot/schwarz)"
    names = " oder ".join(card_word(c) for c in goes_on)
    return (
        f"{name} passt nicht auf {held}: eine Karte kommt auf die nächsthöhere Karte {rule} "
        f"({names})"
    )


def outcome(fact: Outcome) -> str:
    """How a game ended."""
    if fact.won:
        return "gewonnen: alle Karten liegen auf den Ablagestapeln"
    return (
        "verloren: kein Zug ist mehr möglich, und "
        f"{fact.cards_left} Karten liegen noch nicht auf den Ablagestapeln"
    )


TERMINAL: Final = {
    "foundations": "Ablagestapel",
    "cells": "Freizellen:",
    "prompt": "ein Zug (4h, 1e, 38v3), moves, undo, hint, solve oder quit: ",
    "bad-level": "keine Tippstufe {word!r}: tippe hint, oder hint winnable, nudge, move oder plan",
    "no-undo": "kein Zug zum Zurücknehmen",
    "unreadable": "{word!r} ist kein Zug: gib einen Zug ein (Herkunft und Ziel: 4h, 1e, "
    "38v3), moves, undo, hint, solve oder quit",
    "solvable": "lösbar: ein Gewinn in {count} Zügen",
    "solvable-1": "lösbar: ein Gewinn in 1 Zug",
    "unsolvable": "unlösbar: keine Zugfolge gewinnt (jede erreichbare Stellung durchsucht)",
    "unknown-time": "unbekannt: der Suche ging zuerst die Zeit aus",
    "unknown-memory": "unbekannt: der Suche ging zuerst der Platz für ihre Stellungen aus",
}
"""The lines of the terminal game (``officers eightoff play``), as templates."""


REASONS: Final = {
    "time": "das Zeitlimit war zuerst erreicht",
    "memory": "die Grenze der gespeicherten Stellungen war zuerst erreicht",
    "cancelled": "die Suche wurde vorher angehalten",
}
"""Why a search ended before it knew, by the hint's ``reason``."""


def moved(fact: Hint) -> str:
    """What the losing move did: ``Kreuz-Sieben in Freizelle a legte``."""
    assert fact.losing_move is not None
    count, target = fact.losing_move.count or 1, fact.losing_move.target
    name = card_word(moved_card(fact))
    if count > 1:
        name += f" mit den {count - 1} Karten darauf"
    into = {"column": "auf", "cell": "in", "foundation": "auf"}[target.kind]
    where = "den Ablagestapel" if target.kind == "foundation" else at(target)
    return f"{name} {into} {where} legte"


def hint(fact: Hint) -> str:
    """Whether the game can still be won, and where it was lost, as much as the hint's level
    tells (:data:`officers.eightoff.hints.LEVELS`)."""
    if fact.status == "won":
        return "Die Partie ist gewonnen."
    if fact.status == "winnable":
        if fact.level == "winnable":
            return "Die Partie ist noch zu gewinnen."
        if fact.level == "nudge":
            return f"Die Partie ist noch zu gewinnen: schau dir {at(fact.look)} an."
        if fact.level == "plan" and fact.plan:
            return f"Die Partie ist noch zu gewinnen, in {plan_words(fact.plan)}."
        return f"Die Partie ist noch zu gewinnen: als Nächstes {fact.move}."
    reason = REASONS.get(fact.reason or "", "")
    if fact.status == "unknown":
        return f"Ob die Partie noch zu gewinnen ist, ist unbekannt: {reason}."
    if fact.level == "winnable":
        return "Die Partie ist nicht mehr zu gewinnen."
    if fact.lost_at is None:
        return (
            "Die Partie ist verloren: von hier aus ist sie nicht zu gewinnen, und wo sie "
            f"verloren ging, ist unbekannt: {reason}."
        )
    if fact.lost_at == 0:
        return "Die Partie ist nicht zu gewinnen, auch nicht von ihrem Anfang an."
    undos = f"{fact.undos} Zug" if fact.undos == 1 else f"{fact.undos} Züge"
    lost = (
        f"Die Partie ging mit Zug {fact.lost_at} verloren, als {fact.losing_move} "
        f"{moved(fact)}: nimm {undos} zurück, dann ist sie wieder zu gewinnen"
    )
    if fact.level == "nudge":
        return f"{lost}; schau dir dann {at(fact.look)} an." if fact.look else f"{lost}."
    if fact.level == "plan" and fact.plan:
        return f"{lost}, in {plan_words(fact.plan)}."
    return f"{lost}, mit {fact.move} stattdessen."


def plan_words(plan: tuple[Move, ...]) -> str:
    """Ein ganzer Gewinn: ``3 Zügen: 4h 1e 1f``."""
    count = "1 Zug" if len(plan) == 1 else f"{len(plan)} Zügen"
    return f"{count}: {' '.join(move.notation() for move in plan)}"
