"""Hints: what a player may be told, computed only from what that player may know.

Glossary
--------
view
    A :class:`PlayerView`: the square, the rules, the player's own hand, the cards the others
    hold together (with two players exactly the partner's hand; with three or four nobody knows
    who holds which, and the view does not say), the take-back tokens left and the locked cells.
safe
    A placement after which the square can still be finished; it leaves some ``completions``.
deadly
    A legal placement after which the square cannot be finished any more.
forced
    A card that every completion puts on the same cell: that cell can take no other remaining
    card, and the card has no other safe cell (the two say the same thing).
stuck
    None of the cards in hand may go on any empty cell (by the rules); the player must take back.

>>> from officers import Square
>>> view = PlayerView.of("AC3/1JS2/1AH1QD/4", hand="KD QS AS JH KH JD")
>>> view.others
(Card.ACE_OF_DIAMONDS, Card.KING_OF_SPADES, Card.KING_OF_CLUBS, Card.QUEEN_OF_HEARTS, Card.QUEEN_OF_CLUBS, Card.JACK_OF_CLUBS)
>>> advice = hint(view)
>>> advice.status, advice.completions, advice.stuck
('live', 1, False)
>>> print(advice.recommendation.text_en)
Place K♦ on row 1, column 2: every completion has it there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from officers.analysis import (
    JSON_VERSION,
    Language,
    Repair,
    Status,
    Violation,
    _Board,
    _cap,
    _cell_de,
    _cell_en,
    _completions_de,
    _completions_en,
    _explaining_violations,
    _join_de,
    _join_en,
    _locked,
    _repairs,
)
from officers.cards import Card
from officers.errors import NotationError
from officers.rules import STANDARD_RULES, Rules
from officers.square import Square, describe_cell, parse_cell

__all__ = [
    "Action",
    "CardHint",
    "ForcedMove",
    "Hint",
    "Placement",
    "PlayerView",
    "Reason",
    "Recommendation",
    "hint",
    "recommend",
]

Action = Literal["place", "take-back", "skip", "concede", "none"]
Reason = Literal[
    "forced", "most-completions", "repair", "cannot-repair", "lost", "empty-hand", "finished"
]

from officers.view import PlayerView


# --- the hint -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A safe placement: the ``card`` on the ``cell`` leaves ``completions`` completions."""

    cell: int
    card: Card
    completions: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"cell": self.cell, "card": self.card.notation(), "completions": self.completions}


@dataclass(frozen=True)
class CardHint:
    """One card in hand: its ``safe`` placements (in cell order), and the ``deadly`` cells where
    it is legal but leaves the square dead (every legal cell when the square is dead already)."""

    card: Card
    safe: tuple[Placement, ...]
    deadly: tuple[int, ...]
    dead: bool = False

    @property
    def text_en(self) -> str:
        """One sentence in English."""
        card = self.card
        if not self.safe and not self.deadly:
            return f"{card} fits on no empty cell."
        if self.dead:
            return f"{card} may go on {_where(self.deadly, 'en')} (the square is already dead)."
        parts = []
        if self.safe:
            groups = [
                f"{_where(cells, 'en')} ({_completions_en(left)} left)"
                for left, cells in _by_completions(self.safe)
            ]
            parts.append(f"{card} is safe on {' and on '.join(groups)}")
        else:
            parts.append(f"{card} has no safe cell")
        if self.deadly:
            parts.append(f"it kills the square on {_where(self.deadly, 'en')}")
        return ". ".join(_cap(part) for part in parts) + "."

    @property
    def text_de(self) -> str:
        """One sentence in German."""
        name = self.card.name_de()
        if not self.safe and not self.deadly:
            return f"{name} passt auf kein freies Feld."
        if self.dead:
            return f"{name} darf auf {_where(self.deadly, 'de')} (das Quadrat ist schon tot)."
        parts = []
        if self.safe:
            groups = [
                f"{_where(cells, 'de')} (noch {_completions_de(left)})"
                for left, cells in _by_completions(self.safe)
            ]
            parts.append(f"{name} ist sicher auf {' und auf '.join(groups)}")
        else:
            parts.append(f"{name} hat kein sicheres Feld")
        if self.deadly:
            parts.append(f"auf {_where(self.deadly, 'de')} macht die Karte das Quadrat tot")
        return ". ".join(_cap(part) for part in parts) + "."

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "card": self.card.notation(),
            "safe": [placement.to_dict() for placement in self.safe],
            "deadly": list(self.deadly),
            "text_en": self.text_en,
            "text_de": self.text_de,
        }


def _by_completions(safe: Sequence[Placement]) -> list[tuple[int, list[int]]]:
    """The safe cells grouped by the completions they leave, most first."""
    groups: dict[int, list[int]] = {}
    for placement in safe:
        groups.setdefault(placement.completions, []).append(placement.cell)
    return sorted(groups.items(), key=lambda item: -item[0])


def _where(cells: Iterable[int], lang: Language) -> str:
    """Cells grouped by row: ``row 2, columns 3 and 4; row 3, column 1``."""
    rows: dict[int, list[int]] = {}
    for cell in cells:
        rows.setdefault(cell // 4, []).append(cell % 4 + 1)
    parts = []
    for row, columns in rows.items():
        numbers = [str(column) for column in columns]
        many = len(numbers) > 1
        if lang == "de":
            parts.append(f"Zeile {row + 1}, Spalte{'n' if many else ''} {_join_de(numbers)}")
        else:
            parts.append(f"row {row + 1}, column{'s' if many else ''} {_join_en(numbers)}")
    return "; ".join(parts)


@dataclass(frozen=True)
class ForcedMove:
    """A card that every completion puts on the same cell; whether the player holds it
    (``yours``), and whether the rules alone show it (``obvious``: no other remaining card may go
    on the cell, or the card may go on no other cell)."""

    cell: int
    card: Card
    yours: bool
    obvious: bool

    @property
    def text_en(self) -> str:
        """One sentence in English."""
        who = "you hold it" if self.yours else "another player holds it"
        return (
            f"{self.card} belongs on {_cell_en(self.cell)}: every completion has it there"
            + (" (the rules leave no other choice)" if self.obvious else "")
            + f"; {who}."
        )

    @property
    def text_de(self) -> str:
        """One sentence in German."""
        who = "du hast sie" if self.yours else "ein Mitspieler hat sie"
        return (
            f"{self.card.name_de()} gehört auf {_cell_de(self.cell)}: jede Vervollständigung hat "
            "die Karte dort"
            + (" (die Regeln lassen keine andere Wahl)" if self.obvious else "")
            + f"; {who}."
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "cell": self.cell,
            "card": self.card.notation(),
            "yours": self.yours,
            "obvious": self.obvious,
            "text_en": self.text_en,
            "text_de": self.text_de,
        }


@dataclass(frozen=True)
class Recommendation:
    """The one move to make, and why.

    ``action`` is ``"place"`` (``card`` on ``cell``), ``"take-back"`` (the card on ``cell``),
    ``"skip"`` (the hand is empty), ``"concede"`` (the square is dead and the tokens cannot save
    it: the team may agree to stop) or ``"none"`` (the game is over). ``reason``:

    - ``"forced"``: every completion puts the card there;
    - ``"most-completions"``: of the player's safe moves it leaves the most completions (ties go
      to the lowest cell, then the lowest card);
    - ``"repair"``: the square is dead and this take-back belongs to a smallest repair (the one
      leaving the most completions; ``takebacks`` of them are needed);
    - ``"cannot-repair"``, ``"lost"`` (stuck with no token left), ``"empty-hand"``, ``"finished"``.

    ``completions`` is the number of completions after the move (after the whole repair).
    """

    action: Action
    reason: Reason
    cell: int | None = None
    card: Card | None = None
    completions: int | None = None
    takebacks: int | None = None
    tokens: int = 0

    @property
    def text_en(self) -> str:
        """One sentence in English."""
        card, cell, left = self.card, self.cell, self.completions or 0
        needed = self.takebacks or 0
        if self.action == "place" and card is not None and cell is not None:
            if self.reason == "forced":
                return f"Place {card} on {_cell_en(cell)}: every completion has it there."
            return (
                f"Place {card} on {_cell_en(cell)}: of your safe moves it leaves the most "
                f"completions ({left})."
            )
        if self.action == "take-back" and card is not None and cell is not None:
            if needed == 1:
                return (
                    f"Take back {card} from {_cell_en(cell)}: the square is dead, and without it "
                    f"it has {_completions_en(left)}."
                )
            return (
                f"Take back {card} from {_cell_en(cell)}: the square is dead, and this is the "
                f"first of {needed} take-backs that revive it ({_completions_en(left)} then)."
            )
        if self.reason == "cannot-repair":
            if self.takebacks is None:
                return (
                    "The square is dead and no take-back can save it (the locked start cards "
                    "alone cannot be finished): the team may agree to stop, which is a loss."
                )
            return (
                f"The square is dead and needs {needed} take-back{'' if needed == 1 else 's'}, but "
                f"{_tokens_en(self.tokens)} left: the team may agree to stop, which is a loss."
            )
        if self.reason == "lost":
            return "You are stuck and no token is left: the team has lost."
        if self.reason == "empty-hand":
            return "Your hand is empty: you are skipped."
        return "The square is finished: you have won together."

    @property
    def text_de(self) -> str:
        """One sentence in German."""
        card, cell, left = self.card, self.cell, self.completions or 0
        needed = self.takebacks or 0
        if self.action == "place" and card is not None and cell is not None:
            if self.reason == "forced":
                return (
                    f"Lege {card.name_de()} auf {_cell_de(cell)}: jede Vervollständigung hat die "
                    "Karte dort."
                )
            return (
                f"Lege {card.name_de()} auf {_cell_de(cell)}: von deinen sicheren Zügen lässt "
                f"dieser die meisten Vervollständigungen übrig ({left})."
            )
        if self.action == "take-back" and card is not None and cell is not None:
            if needed == 1:
                return (
                    f"Nimm die Karte {card.name_de()} von {_cell_de(cell)} zurück: das Quadrat ist "
                    f"tot, ohne sie hat es wieder {_completions_de(left)}."
                )
            return (
                f"Nimm die Karte {card.name_de()} von {_cell_de(cell)} zurück: das Quadrat ist "
                f"tot, und das ist die erste von {needed} Rücknahmen, die es retten (danach "
                f"{_completions_de(left)})."
            )
        if self.reason == "cannot-repair":
            if self.takebacks is None:
                return (
                    "Das Quadrat ist tot, und keine Rücknahme rettet es (schon die festen "
                    "Startkarten lassen sich nicht fertigstellen): ihr könnt gemeinsam aufhören, "
                    "das zählt als verloren."
                )
            return (
                f"Das Quadrat ist tot und braucht {needed} Rücknahme{'' if needed == 1 else 'n'}, aber "
                f"{_tokens_de(self.tokens)}: ihr könnt gemeinsam aufhören, das zählt als "
                "verloren."
            )
        if self.reason == "lost":
            return "Du steckst fest, und es ist keine Münze mehr übrig: das Team hat verloren."
        if self.reason == "empty-hand":
            return "Deine Hand ist leer: du wirst übersprungen."
        return "Das Quadrat ist fertig: ihr habt gemeinsam gewonnen."

    def text(self, lang: Language = "en") -> str:
        """The sentence in English (``"en"``) or German (``"de"``)."""
        return self.text_de if lang == "de" else self.text_en

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "action": self.action,
            "reason": self.reason,
            "cell": self.cell,
            "card": None if self.card is None else self.card.notation(),
            "completions": self.completions,
            "takebacks": self.takebacks,
            "text_en": self.text_en,
            "text_de": self.text_de,
        }


def _tokens_en(tokens: int) -> str:
    if tokens == 0:
        return "no token is"
    return f"only {tokens} token{' is' if tokens == 1 else 's are'}"


def _tokens_de(tokens: int) -> str:
    if tokens == 0:
        return "es ist keine Münze mehr übrig"
    return f"es {'ist' if tokens == 1 else 'sind'} nur noch {tokens} Münze{'' if tokens == 1 else 'n'} übrig"


@dataclass(frozen=True)
class Hint:
    """Everything a player may be told about the position, from their :class:`PlayerView`.

    ``status`` and ``completions`` are exact. ``cards`` gives each card in hand its safe and
    deadly cells; ``forced`` the forced placements of every remaining card (``yours`` says whose);
    ``stuck`` whether no card in hand may go anywhere. For a dead square, ``violations`` say why
    (as in :func:`officers.analysis.explain`) and ``repairs`` / ``takebacks_needed`` how to revive
    it (never touching locked cells). ``recommendation`` is the one move to make.
    """

    view: PlayerView
    status: Status
    completions: int
    cards: tuple[CardHint, ...]
    forced: tuple[ForcedMove, ...]
    stuck: bool
    violations: tuple[Violation, ...]
    takebacks_needed: int | None
    repairs: tuple[Repair, ...]
    recommendation: Recommendation

    def text(self, lang: Language = "en") -> str:
        """The hint as a few lines of text, in English (``"en"``) or German (``"de"``)."""
        de = lang == "de"
        lines = []
        if self.status == "finished":
            lines.append("Das Quadrat ist fertig." if de else "The square is finished.")
        elif self.status == "live":
            lines.append(
                f"Das Quadrat lässt sich noch fertigstellen: {_completions_de(self.completions)}."
                if de
                else f"The square can still be finished: {_completions_en(self.completions)}."
            )
        else:
            lines.append(
                "Das Quadrat ist tot: kein fertiges Quadrat setzt es fort."
                if de
                else "The square is dead: no finished square extends it."
            )
            if self.violations:
                lines.append("Warum:" if de else "Why:")
            for violation in self.violations:
                lines.append(f"  - {violation.text(lang)}")
        if self.stuck:
            lines.append(
                "Du steckst fest: keine deiner Karten darf auf ein freies Feld, also musst du "
                "eine Karte zurücknehmen."
                if de
                else "You are stuck: none of your cards may go on any empty cell, so you must "
                "take back."
            )
        if self.cards:
            lines.append("Deine Karten:" if de else "Your cards:")
            for card_hint in self.cards:
                lines.append(f"  - {card_hint.text_de if de else card_hint.text_en}")
        if self.forced:
            lines.append("Erzwungen:" if de else "Forced:")
            for forced in self.forced:
                lines.append(f"  - {forced.text_de if de else forced.text_en}")
        if self.status == "dead" and self.takebacks_needed:
            needed = self.takebacks_needed
            lines.append(
                f"Kleinste Reparaturen ({needed} Rücknahme{'' if needed == 1 else 'n'}):"
                if de
                else f"Smallest repairs ({needed} take-back{'' if needed == 1 else 's'}):"
            )
            for repair in self.repairs:
                lines.append(f"  - {repair.text(lang)}")
        lines.append(("Empfehlung: " if de else "Recommended: ") + self.recommendation.text(lang))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"version": 1, "kind": "hint", ...}`` (see docs/hints.md)."""
        return {
            "version": JSON_VERSION,
            "kind": "hint",
            "view": self.view.to_dict(),
            "status": self.status,
            "completions": self.completions,
            "stuck": self.stuck,
            "cards": [card_hint.to_dict() for card_hint in self.cards],
            "forced": [forced.to_dict() for forced in self.forced],
            "violations": [violation.to_dict() for violation in self.violations],
            "takebacks_needed": self.takebacks_needed,
            "repairs": [repair.to_dict() for repair in self.repairs],
            "recommendation": self.recommendation.to_dict(),
            "text_en": self.text("en"),
            "text_de": self.text("de"),
        }

    def to_json(self, **kwargs: Any) -> str:
        """The JSON form as text; keyword arguments go to ``json.dumps``."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(), **kwargs)


def hint(view: PlayerView) -> Hint:
    """The hint for a player, computed from their view alone.

    >>> view = PlayerView.of("AS KH 2/4/4/4", "QD JC KS", tokens=1)
    >>> advice = hint(view)
    >>> advice.completions, [(str(c.card), len(c.safe), len(c.deadly)) for c in advice.cards]
    (48, [('K♠', 6, 0), ('Q♦', 8, 6), ('J♣', 8, 6)])
    >>> print(advice.cards[1].text_en)
    Q♦ is safe on row 1, columns 3 and 4 (12 completions left) and on row 2, columns 1 and 2; row 3, columns 1 and 2; row 4, columns 1 and 2 (4 completions left). It kills the square on row 2, columns 3 and 4; row 3, columns 3 and 4; row 4, columns 3 and 4.
    >>> print(advice.recommendation.text_en)
    Place Q♦ on row 1, column 3: of your safe moves it leaves the most completions (12).
    >>> print(hint(PlayerView.of("AS1KS1/4/4/4", "QD JC KH", tokens=1)).recommendation.text_en)
    Take back A♠ from row 1, column 1: the square is dead, and without it it has 432 completions.
    """
    from officers.solve.index import CompletionIndex

    if not isinstance(view, PlayerView):
        raise NotationError(f"a hint needs a PlayerView, got {view!r}")
    square, rules = view.square, view.rules
    index = CompletionIndex.get(rules)
    table = index.table
    mask = index.mask(square)
    total = mask.bit_count()
    board = _Board(square, rules)
    legal = board.legal
    empty = board.empty
    dead = not mask
    status: Status = "dead" if dead else "finished" if not empty else "live"

    card_hints = []
    stuck = True
    best: tuple[int, int, int] | None = None  # (-completions, cell, card) of the best safe move
    for card in view.hand:
        safe = []
        deadly = []
        for cell in empty:
            if (legal[cell] >> card) & 1:
                stuck = False
                left = (mask & table[16 * cell + card]).bit_count() if mask else 0
                if left:
                    safe.append(Placement(cell, card, left))
                    key = (-left, cell, int(card))
                    if best is None or key < best:
                        best = key
                else:
                    deadly.append(cell)
        card_hints.append(CardHint(card, tuple(safe), tuple(deadly), dead))
    stuck = stuck and bool(view.hand)

    forced = []
    if mask and empty:
        first = index.values[(mask & -mask).bit_length() - 1]
        hand = set(view.hand)
        for cell in empty:
            value = first[cell]
            if mask & table[16 * cell + value] == mask:
                only_card = legal[cell] == 1 << value
                only_cell = sum((legal[other] >> value) & 1 for other in empty) == 1
                forced.append(ForcedMove(cell, Card(value), value in hand, only_card or only_cell))

    violations: tuple[Violation, ...] = ()
    if dead:
        violations = _explaining_violations(board)
        found = _repairs(square, rules, view.locked)
    else:
        found = (Repair((), (), total),)
    needed = len(found[0].cells) if found else None

    recommendation = _recommend(view, status, total, forced, best, found, needed, stuck)
    return Hint(
        view=view,
        status=status,
        completions=total,
        cards=tuple(card_hints),
        forced=tuple(forced),
        stuck=stuck,
        violations=violations,
        takebacks_needed=needed,
        repairs=found,
        recommendation=recommendation,
    )


def _recommend(
    view: PlayerView,
    status: Status,
    total: int,
    forced: list[ForcedMove],
    best: tuple[int, int, int] | None,
    found: tuple[Repair, ...],
    needed: int | None,
    stuck: bool,
) -> Recommendation:
    tokens = view.tokens
    if status == "finished":
        return Recommendation("none", "finished", tokens=tokens)
    if not view.hand:
        return Recommendation("skip", "empty-hand", tokens=tokens)
    if status == "live":
        mine = [move for move in forced if move.yours]
        if mine:
            move = mine[0]
            return Recommendation("place", "forced", move.cell, move.card, total, tokens=tokens)
        assert best is not None  # a live square has a safe cell for every remaining card
        return Recommendation(
            "place", "most-completions", best[1], Card(best[2]), -best[0], tokens=tokens
        )
    if needed is not None and needed <= tokens:
        repair = max(found, key=lambda r: r.completions)  # the first of the best
        return Recommendation(
            "take-back",
            "repair",
            repair.cells[0],
            repair.cards[0],
            repair.completions,
            needed,
            tokens,
        )
    if stuck and tokens == 0:
        return Recommendation("none", "lost", takebacks=needed, tokens=tokens)
    return Recommendation("concede", "cannot-repair", takebacks=needed, tokens=tokens)


def recommend(view: PlayerView) -> Recommendation:
    """The one move to make (the ``recommendation`` of :func:`hint`).

    >>> recommend(PlayerView.of("AC3/1JS2/1AH1QD/4", "QS AS")).card
    Card.QUEEN_OF_SPADES
    """
    return hint(view).recommendation
