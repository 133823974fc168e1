"""English: every fact of Eight Off told in English (see :mod:`officers.eightoff.words`).

A card is named by its face (``7♣``), a place by its name in the move notation (``column 3``,
``cell a``).

>>> from officers.eightoff.moves import Move, Outcome, Refusal, cell
>>> refusal(Refusal("cell-taken", Move.parse("1a"), cell(0), held=6))
'cannot play 1a: cell a already holds 7♣'
>>> outcome(Outcome(True, "finished"))
'won: every card is on its foundation'
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
    """``7♣`` (``?`` for no card)."""
    return "?" if card is None else str(ALL_PLAYING_CARDS[card])


def cards(count: int | None) -> str:
    """``1 card``, ``3 cards``."""
    return "1 card" if count == 1 else f"{count} cards"


def place_name(kind: str, index: int) -> str:
    """``column 3``, ``cell a``, ``the foundation``."""
    if kind == "column":
        return f"column {index + 1}"
    if kind == "cell":
        return f"cell {cell_letter(index)}"
    return "the foundation"


def at(place: Place | None) -> str:
    """The place's name (``?`` for none)."""
    return "?" if place is None else place_name(place.kind, place.index)


READ_MOVE: Final = (
    "expected a source (column 1-10, cell a-g or k) and a target (a column, a cell or h, the "
    "foundation), such as '3a', '38', 'ah' or '38v3'"
)


def refusal(fact: Refusal) -> str:
    """Why a move is refused: ``cannot play 1a: cell a already holds 7♣``."""
    if fact.kind == "unreadable" or fact.move is None:
        return f"cannot read move {excerpt(fact.written)}: {READ_MOVE}"
    kind, name, held, where = fact.kind, card_word(fact.card), card_word(fact.held), at(fact.place)
    if kind == "no-such-column":
        why = f"{fact.variant} has no {where} (it has {fact.limit} columns)"
    elif kind == "no-such-cell":
        why = f"{fact.variant} has no {where} (it has {fact.limit} cells)"
    elif kind == "same-place":
        why = "a move takes cards to another place"
    elif kind == "empty-source":
        why = f"{where} holds no card"
    elif kind == "single-card":
        why = (
            "cards go to the foundation one at a time"
            if fact.place is not None and fact.place.kind == "foundation"
            else "a cell holds one card"
        )
    elif kind == "too-few-cards":
        why = f"{where} holds {cards(fact.limit)}, not {fact.count}"
    elif kind == "not-a-run":
        why = (
            f"the {fact.count} cards at the bottom of {where} are no run: {name} is not built "
            f"on {held}"
        )
    elif kind == "too-many":
        why = f"one move carries at most {fact.limit} cards now, not {fact.count}"
    elif kind == "cell-taken":
        why = f"{where} already holds {held}"
    elif kind == "not-next":
        why = f"{name} is not next on its foundation, which holds {cards(fact.limit)}"
    elif kind == "no-fit":
        why = no_fit(fact, name, held)
    else:  # kings-only
        why = f"only a King fills an empty column ({where}), not {name}"
    return f"cannot play {fact.move.notation()}: {why}"


def no_fit(fact: Refusal, name: str, held: str) -> str:
    """Why ``name`` does not go on ``held``, and which cards it goes on."""
    goes_on = fitting(fact.card, fact.building)
    if not goes_on:
        return f"{name} does not go on {held}: a King goes on no card"
    rule = "of its own suit" if fact.building == "suit" else "of the other colour"
    names = " or ".join(card_word(c) for c in goes_on)
    return f"{name} does not go on {held}: a card goes on the next higher card {rule} ({names})"


def outcome(fact: Outcome) -> str:
    """How a game ended."""
    if fact.won:
        return "won: every card is on its foundation"
    return f"lost: no legal move is left, and {fact.cards_left} cards are not on the foundations"


TERMINAL: Final = {
    "foundations": "foundations",
    "cells": "cells:",
    "prompt": "a move (4h, 1e, 38v3), moves, undo, hint, solve or quit: ",
    "bad-level": "no hint level {word!r}: type hint, or hint winnable, nudge, move or plan",
    "no-undo": "no move to take back",
    "unreadable": "cannot read {word!r}: type a move (a source and a target: 4h, 1e, 38v3), "
    "moves, undo, hint, solve or quit",
    "solvable": "solvable: a win in {count} moves",
    "solvable-1": "solvable: a win in 1 move",
    "unsolvable": "unsolvable: no sequence of moves wins it (every reachable position searched)",
    "unknown-time": "unknown: the search ran out of time first",
    "unknown-memory": "unknown: the search ran out of room for its states first",
}
"""The lines of the terminal game (``officers eightoff play``), as templates."""


REASONS: Final = {
    "time": "the time limit ran out first",
    "memory": "the bound on the positions stored was reached first",
    "cancelled": "the search was stopped first",
}
"""Why a search ended before it knew, by the hint's ``reason``."""


def moved(fact: Hint) -> str:
    """What the losing move did: ``moved 7♣ to cell a``."""
    assert fact.losing_move is not None
    count, target = fact.losing_move.count or 1, fact.losing_move.target
    name = card_word(moved_card(fact))
    if count > 1:
        name += f" and the {count - 1} card{'s' if count > 2 else ''} on it"
    return f"moved {name} to {place_name(target.kind, target.index)}"


def hint(fact: Hint) -> str:
    """Whether the game can still be won, and where it was lost, as much as the hint's level
    tells (:data:`officers.eightoff.hints.LEVELS`)."""
    if fact.status == "won":
        return "The game is won."
    if fact.status == "winnable":
        if fact.level == "winnable":
            return "The game can still be won."
        if fact.level == "nudge":
            return f"The game can still be won: look at {at(fact.look)}."
        if fact.level == "plan" and fact.plan:
            return f"The game can still be won in {plan_words(fact.plan)}."
        return f"The game can still be won: play {fact.move} next."
    reason = REASONS.get(fact.reason or "", "")
    if fact.status == "unknown":
        return f"Whether the game can still be won is unknown: {reason}."
    if fact.level == "winnable":
        return "The game can no longer be won."
    if fact.lost_at is None:
        return (
            "The game is lost: it cannot be won from here, and where it was lost is unknown: "
            f"{reason}."
        )
    if fact.lost_at == 0:
        return "The game cannot be won, not even from its start."
    undos = f"{fact.undos} move{'s' if fact.undos != 1 else ''}"
    lost = (
        f"The game was lost at move {fact.lost_at}, when {fact.losing_move} "
        f"{moved(fact)}: undo {undos} and it can be won again"
    )
    if fact.level == "nudge":
        return f"{lost}; then look at {at(fact.look)}." if fact.look else f"{lost}."
    if fact.level == "plan" and fact.plan:
        return f"{lost}, in {plan_words(fact.plan)}."
    return f"{lost}, with {fact.move} instead."


def plan_words(plan: tuple[Move, ...]) -> str:
    """A whole win: ``3 moves: 4h 1e 1f``."""
    count = f"{len(plan)} move{'s' if len(plan) != 1 else ''}"
    return f"{count}: {' '.join(move.notation() for move in plan)}"
