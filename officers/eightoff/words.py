"""The words of Eight Off: every sentence this game says, in English and German, from facts.

The rules engine returns facts (:class:`~officers.eightoff.moves.Refusal`); this module alone
turns them into sentences. English names a card by its face (``7♣``), German by its name
(``Kreuz-Sieben``), as officers' Euler's Officers words do. A new language is one more entry
in each table.

>>> place_name("column", 2, "en"), place_name("cell", 7, "de"), place_name("foundation", 0, "en")
('column 3', 'Freizelle k', 'the foundation')
>>> languages()
('de', 'en')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeAlias

from officers.core.errors import UnsupportedError, excerpt
from officers.eightoff.deck import ALL_PLAYING_CARDS

if TYPE_CHECKING:
    from officers.eightoff.moves import Outcome, Place, Refusal
    from officers.eightoff.position import Position

__all__ = [
    "TERMINAL",
    "Language",
    "languages",
    "outcome_text",
    "place_name",
    "position_text",
    "refusal_text",
    "terminal",
]

Language: TypeAlias = str
"""``"en"`` or ``"de"``."""

_CELL_LETTERS: Final = "abcdefgk"


def languages() -> tuple[str, ...]:
    """The languages this game speaks."""
    return tuple(sorted(_REFUSALS))


def place_name(kind: str, index: int, lang: Language = "en") -> str:
    """A place in words: ``column 3``, ``cell a``, ``the foundation`` (German ``Spalte 3``,
    ``Freizelle a``, ``der Ablagestapel``)."""
    german = _check(lang) == "de"
    if kind == "column":
        return f"{'Spalte' if german else 'column'} {index + 1}"
    if kind == "cell":
        return f"{'Freizelle' if german else 'cell'} {_CELL_LETTERS[index]}"
    return "der Ablagestapel" if german else "the foundation"


def _check(lang: object) -> str:
    if lang not in _REFUSALS:
        raise UnsupportedError(
            f"no words for language {excerpt(lang)}: expected one of {', '.join(languages())}"
        )
    return str(lang)


def _en_card(card: int | None) -> str:
    return "?" if card is None else str(ALL_PLAYING_CARDS[card])


def _de_card(card: int | None) -> str:
    return "?" if card is None else ALL_PLAYING_CARDS[card].name_de()


def _cards(count: int | None) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _at(place: Place | None, lang: Language) -> str:
    return "?" if place is None else place_name(place.kind, place.index, lang)


def _fitting(card: int | None, building: str | None) -> list[int]:
    """The cards that ``card`` goes on under the building rule (none for a King)."""
    if card is None or card % 13 == 12:
        return []
    upper = card % 13 + 1
    if building == "suit":
        return [13 * (card // 13) + upper]
    red = 13 <= card < 39
    return [13 * suit + upper for suit in range(4) if (suit in (1, 2)) != red]


def _en(fact: Refusal) -> str:
    kind, card, held, at = (
        fact.kind,
        _en_card(fact.card),
        _en_card(fact.held),
        _at(fact.place, "en"),
    )
    if kind == "no-such-column":
        why = f"{fact.variant} has no {at} (it has {fact.limit} columns)"
    elif kind == "no-such-cell":
        why = f"{fact.variant} has no {at} (it has {fact.limit} cells)"
    elif kind == "same-place":
        why = "a move takes cards to another place"
    elif kind == "empty-source":
        why = f"{at} holds no card"
    elif kind == "single-card":
        why = (
            "cards go to the foundation one at a time"
            if fact.place is not None and fact.place.kind == "foundation"
            else "a cell holds one card"
        )
    elif kind == "too-few-cards":
        why = f"{at} holds {_cards(fact.limit)}, not {fact.count}"
    elif kind == "not-a-run":
        why = f"the {fact.count} cards at the bottom of {at} are no run: {card} is not built on {held}"
    elif kind == "too-many":
        why = f"one move carries at most {fact.limit} cards now, not {fact.count}"
    elif kind == "cell-taken":
        why = f"{at} already holds {held}"
    elif kind == "not-next":
        why = f"{card} is not next on its foundation, which holds {_cards(fact.limit)}"
    elif kind == "no-fit":
        why = _en_no_fit(fact, card, held)
    else:  # kings-only
        why = f"only a King fills an empty column ({at}), not {card}"
    return f"cannot play {fact.move.notation()}: {why}"


def _en_no_fit(fact: Refusal, card: str, held: str) -> str:
    fitting = _fitting(fact.card, fact.building)
    if not fitting:
        return f"{card} does not go on {held}: a King goes on no card"
    rule = "of its own suit" if fact.building == "suit" else "of the other colour"
    names = " or ".join(_en_card(c) for c in fitting)
    return f"{card} does not go on {held}: a card goes on the next higher card {rule} ({names})"


def _de(fact: Refusal) -> str:
    kind, card, held, at = (
        fact.kind,
        _de_card(fact.card),
        _de_card(fact.held),
        _at(fact.place, "de"),
    )
    if kind == "no-such-column":
        why = f"{fact.variant} hat keine {at} (nur {fact.limit} Spalten)"
    elif kind == "no-such-cell":
        why = f"{fact.variant} hat keine {at} (nur {fact.limit} Freizellen)"
    elif kind == "same-place":
        why = "ein Zug bringt Karten an einen anderen Platz"
    elif kind == "empty-source":
        why = f"auf {at} liegt keine Karte"
    elif kind == "single-card":
        why = (
            "auf den Ablagestapel kommt nur eine Karte auf einmal"
            if fact.place is not None and fact.place.kind == "foundation"
            else "eine Freizelle hält nur eine Karte"
        )
    elif kind == "too-few-cards":
        why = f"{at} hat {fact.limit} Karten, nicht {fact.count}"
    elif kind == "not-a-run":
        why = (
            f"die unteren {fact.count} Karten von {at} sind keine Folge: {card} liegt nicht "
            f"passend auf {held}"
        )
    elif kind == "too-many":
        why = f"ein Zug bewegt jetzt höchstens {fact.limit} Karten, nicht {fact.count}"
    elif kind == "cell-taken":
        why = f"auf {at} liegt schon {held}"
    elif kind == "not-next":
        why = (
            f"{card} ist nicht die nächste Karte ihres Ablagestapels (dort liegen "
            f"{fact.limit} Karten)"
        )
    elif kind == "no-fit":
        why = _de_no_fit(fact, card, held)
    else:  # kings-only
        why = f"nur ein König darf eine leere Spalte füllen ({at}), nicht {card}"
    return f"Nicht erlaubt ({fact.move.notation()}): {why}"


def _de_no_fit(fact: Refusal, card: str, held: str) -> str:
    fitting = _fitting(fact.card, fact.building)
    if not fitting:
        return f"{card} passt nicht auf {held}: ein König kommt auf keine Karte"
    rule = "ihrer eigenen Farbe" if fact.building == "suit" else "der anderen Farbe (rot/schwarz)"
    names = " oder ".join(_de_card(c) for c in fitting)
    return (
        f"{card} passt nicht auf {held}: eine Karte kommt auf die nächsthöhere Karte {rule} "
        f"({names})"
    )


_REFUSALS: Final[dict[str, Callable[[Refusal], str]]] = {"en": _en, "de": _de}


def refusal_text(fact: Refusal, lang: Language = "en") -> str:
    """Why a move is refused, as a sentence in ``lang`` (the English one is the message of the
    :class:`~officers.IllegalMoveError` that refuses it)."""
    return _REFUSALS[_check(lang)](fact)


def outcome_text(fact: Outcome, lang: Language = "en") -> str:
    """How a game ended, as a sentence in ``lang``.

    >>> from officers.eightoff.moves import Outcome
    >>> outcome_text(Outcome(False, "stuck", 3), "de")
    'verloren: kein Zug ist mehr möglich, und 3 Karten liegen noch nicht auf den Ablagestapeln'
    """
    german = _check(lang) == "de"
    if fact.won:
        return (
            "gewonnen: alle Karten liegen auf den Ablagestapeln"
            if german
            else "won: every card is on its foundation"
        )
    if german:
        return (
            "verloren: kein Zug ist mehr möglich, und "
            f"{fact.cards_left} Karten liegen noch nicht auf den Ablagestapeln"
        )
    return f"lost: no legal move is left, and {fact.cards_left} cards are not on the foundations"


TERMINAL: Final[dict[str, dict[str, str]]] = {
    "en": {
        "foundations": "foundations",
        "cells": "cells:",
        "prompt": "a move (4h, 1e, 38v3), moves, undo, hint, solve or quit: ",
        "no-undo": "no move to take back",
        "unreadable": "cannot read {word!r}: type a move (a source and a target: 4h, 1e, 38v3), "
        "moves, undo, hint, solve or quit",
        "solvable": "solvable: a win in {count} moves",
        "solvable-1": "solvable: a win in 1 move",
        "unsolvable": "unsolvable: no sequence of moves wins it (every reachable position searched)",
        "unknown-time": "unknown: the search ran out of time first",
        "unknown-memory": "unknown: the search ran out of room for its states first",
    },
    "de": {
        "foundations": "Ablagestapel",
        "cells": "Freizellen:",
        "prompt": "ein Zug (4h, 1e, 38v3), moves, undo, hint, solve oder quit: ",
        "no-undo": "kein Zug zum Zurücknehmen",
        "unreadable": "{word!r} ist kein Zug: gib einen Zug ein (Herkunft und Ziel: 4h, 1e, "
        "38v3), moves, undo, hint, solve oder quit",
        "solvable": "lösbar: ein Gewinn in {count} Zügen",
        "solvable-1": "lösbar: ein Gewinn in 1 Zug",
        "unsolvable": "unlösbar: keine Zugfolge gewinnt (jede erreichbare Stellung durchsucht)",
        "unknown-time": "unbekannt: der Suche ging zuerst die Zeit aus",
        "unknown-memory": "unbekannt: der Suche ging zuerst der Platz für ihre Stellungen aus",
    },
}
"""The lines of the terminal game (``officers eightoff play``), as templates, by language."""


def terminal(key: str, lang: Language = "en", **values: object) -> str:
    """A line of the terminal game in ``lang`` (:data:`TERMINAL`), its blanks filled.

    >>> terminal("solvable", "de", count=77)
    'lösbar: ein Gewinn in 77 Zügen'
    """
    return TERMINAL[_check(lang)][key].format(**values)


def position_text(position: Position, lang: Language = "en") -> str:
    """The position as the terminal shows it (``str(position)`` in English): the variant and
    the foundations, the cells, the column numbers and the columns.

    >>> from officers.eightoff.position import Position
    >>> print(position_text(Position.numbered(1), "de").splitlines()[1])
    Freizellen:  3♥  2♠  9♥  7♠  ··  ··  ··  ··
    """
    words = TERMINAL[_check(lang)]
    lines = str(position).splitlines()
    head, _, founds = lines[0].partition(" · foundations ")
    lines[0] = f"{head} · {words['foundations']} {founds}"
    if position.variant.cells:
        lines[1] = words["cells"] + lines[1].removeprefix("cells:")
    return "\n".join(lines)
