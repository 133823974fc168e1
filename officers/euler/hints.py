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
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar

from officers.core.errors import NotationError, excerpt
from officers.euler.analysis import (
    JSON_VERSION,
    MAX_REASONS,
    Board,
    Repair,
    Status,
    Violation,
    capped,
    explaining_violations,
    revived,
)
from officers.euler.bitboard import key
from officers.euler.cards import Card
from officers.euler.repairs import smallest_repairs
from officers.euler.rules import Value
from officers.euler.solve.index import CompletionIndex
from officers.euler.square import cell_name
from officers.euler.view import PlayerView
from officers.euler.words import Language, Spoken, speaker, texts

if TYPE_CHECKING:
    from officers.core.budget import Budget

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

# --- the hint -------------------------------------------------------------------------------------

_T = TypeVar("_T")


def _read(kind: str, data: Mapping[str, Any], read: Callable[[Mapping[str, Any]], _T]) -> _T:
    """``read(data)``, raising :class:`NotationError` (quoting the data) when it cannot."""
    try:
        return read(data)
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise NotationError(f"cannot read {kind} from {str(dict(data))[:80]!r}") from error


class Placement(Value):
    """A safe placement: the ``card`` on the ``cell`` leaves ``completions`` completions."""

    __slots__ = _fields = __match_args__ = ("cell", "card", "completions")
    cell: int
    card: Card
    completions: int

    def __init__(self, cell: int, card: Card, completions: int) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "cell", cell)
        put(self, "card", card)
        put(self, "completions", completions)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {"cell": self.cell, "card": self.card.notation(), "completions": self.completions}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Placement:
        """Read the JSON form of :meth:`to_dict`."""
        return _read(
            "a placement",
            data,
            lambda d: cls(int(d["cell"]), Card.parse(d["card"]), int(d["completions"])),
        )


class CardHint(Value, Spoken):
    """One card in hand: its ``safe`` placements (in cell order), and the ``deadly`` cells where
    it is legal but leaves the square dead (every legal cell when the square is dead already)."""

    __slots__ = _fields = __match_args__ = ("card", "safe", "deadly", "dead")
    card: Card
    safe: tuple[Placement, ...]
    deadly: tuple[int, ...]
    dead: bool

    def __init__(
        self, card: Card, safe: tuple[Placement, ...], deadly: tuple[int, ...], dead: bool = False
    ) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "card", card)
        put(self, "safe", safe)
        put(self, "deadly", deadly)
        put(self, "dead", dead)

    def by_completions(self) -> list[tuple[int, list[int]]]:
        """The safe cells grouped by the completions they leave, most first."""
        groups: dict[int, list[int]] = {}
        for placement in self.safe:
            groups.setdefault(placement.completions, []).append(placement.cell)
        return sorted(groups.items(), key=lambda item: -item[0])

    def text(self, lang: Language = "en") -> str:
        """One sentence in the language asked for (see :mod:`officers.euler.words`)."""
        return speaker(lang).card_hint(self)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form (``dead`` is not part of it: the hint's status says so); ``safe``
        groups the safe cells by the completions they leave, most first:
        ``[{"completions": 12, "cells": [2, 3]}, ...]``."""
        return {
            "card": self.card.notation(),
            "safe": [
                {"completions": left, "cells": cells} for left, cells in self.by_completions()
            ],
            "deadly": list(self.deadly),
            "text": texts(self, lang),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, dead: bool = False) -> CardHint:
        """Read the JSON form of :meth:`to_dict` (``dead``: whether the square is dead)."""
        return _read(
            "a card hint",
            data,
            lambda d: cls(
                Card.parse(d["card"]),
                tuple(
                    sorted(
                        (
                            Placement(int(cell), Card.parse(d["card"]), int(group["completions"]))
                            for group in d["safe"]
                            for cell in group["cells"]
                        ),
                        key=lambda placement: placement.cell,
                    )
                ),
                tuple(int(cell) for cell in d["deadly"]),
                dead,
            ),
        )


class ForcedMove(Value, Spoken):
    """A card that every completion puts on the same cell; whether the player holds it
    (``yours``), and whether the rules alone show it (``obvious``: no other remaining card may go
    on the cell, or the card may go on no other cell)."""

    __slots__ = _fields = __match_args__ = ("cell", "card", "yours", "obvious")
    cell: int
    card: Card
    yours: bool
    obvious: bool

    def __init__(self, cell: int, card: Card, yours: bool, obvious: bool) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "cell", cell)
        put(self, "card", card)
        put(self, "yours", yours)
        put(self, "obvious", obvious)

    def text(self, lang: Language = "en") -> str:
        """One sentence in the language asked for (see :mod:`officers.euler.words`)."""
        return speaker(lang).forced_move(self)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the facts only (a finished square forces every card, and one sentence
        each would double the size of a hint; :meth:`text` tells one)."""
        return {
            "cell": self.cell,
            "card": self.card.notation(),
            "yours": self.yours,
            "obvious": self.obvious,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ForcedMove:
        """Read the JSON form of :meth:`to_dict`."""
        return _read(
            "a forced move",
            data,
            lambda d: cls(
                int(d["cell"]), Card.parse(d["card"]), bool(d["yours"]), bool(d["obvious"])
            ),
        )


_ACTIONS: Final = ("place", "take-back", "skip", "concede", "none")
_REASONS: Final = (
    "forced",
    "most-completions",
    "repair",
    "cannot-repair",
    "lost",
    "empty-hand",
    "finished",
)


class Recommendation(Value, Spoken):
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
    ``tokens`` (the take-back tokens left) is not part of the JSON form.
    """

    __slots__ = _fields = __match_args__ = (
        "action",
        "reason",
        "cell",
        "card",
        "completions",
        "takebacks",
        "tokens",
    )
    action: Action
    reason: Reason
    cell: int | None
    card: Card | None
    completions: int | None
    takebacks: int | None
    tokens: int

    def __init__(
        self,
        action: Action,
        reason: Reason,
        cell: int | None = None,
        card: Card | None = None,
        completions: int | None = None,
        takebacks: int | None = None,
        tokens: int = 0,
    ) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "action", action)
        put(self, "reason", reason)
        put(self, "cell", cell)
        put(self, "card", card)
        put(self, "completions", completions)
        put(self, "takebacks", takebacks)
        put(self, "tokens", tokens)

    def text(self, lang: Language = "en") -> str:
        """One sentence in the language asked for (see :mod:`officers.euler.words`)."""
        return speaker(lang).recommendation(self)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON form; ``text`` in the languages of ``lang``."""
        return {
            "action": self.action,
            "reason": self.reason,
            "cell": self.cell,
            "card": None if self.card is None else self.card.notation(),
            "move": self.move(),
            "completions": self.completions,
            "takebacks": self.takebacks,
            "text": texts(self, lang),
        }

    def move(self) -> str | None:
        """The move to send, in the move notation (``None`` for ``skip`` and ``none``: the game
        moves past an empty hand by itself, and an ended game takes no move).

        >>> Recommendation("place", "forced", 5, Card.parse("KH")).move()
        'KH@r2c2'
        >>> Recommendation("take-back", "repair", 0, Card.parse("AS")).move()
        'xAS@r1c1'
        """
        if self.action == "concede":
            return "concede"
        if self.cell is None or self.action not in ("place", "take-back"):
            return None
        card = "" if self.card is None else self.card.notation()
        placed = f"{card}@{cell_name(self.cell)}"
        return placed if self.action == "place" else "x" + placed

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, tokens: int = 0) -> Recommendation:
        """Read the JSON form of :meth:`to_dict` (``tokens``: the take-back tokens left)."""

        def read(d: Mapping[str, Any]) -> Recommendation:
            if d["action"] not in _ACTIONS or d["reason"] not in _REASONS:
                raise ValueError(d["action"])
            return cls(
                d["action"],
                d["reason"],
                d["cell"],
                None if d["card"] is None else Card.parse(d["card"]),
                d["completions"],
                d["takebacks"],
                tokens,
            )

        return _read("a recommendation", data, read)


class Hint(Value):
    """Everything a player may be told about the position, from their :class:`PlayerView`.

    ``status`` and ``completions`` are exact. ``cards`` gives each card in hand its safe and
    deadly cells; ``forced`` the forced placements of every remaining card (``yours`` says whose);
    ``stuck`` whether no card in hand may go anywhere. For a dead square, ``violations`` say why
    (as in :func:`officers.euler.analysis.explain`) and ``repairs`` / ``takebacks_needed`` how to revive
    it (never touching locked cells). ``recommendation`` is the one move to make.
    """

    __slots__ = _fields = __match_args__ = (
        "view",
        "status",
        "completions",
        "cards",
        "forced",
        "stuck",
        "violations",
        "takebacks_needed",
        "repairs",
        "recommendation",
    )
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

    def __init__(
        self,
        view: PlayerView,
        status: Status,
        completions: int,
        cards: tuple[CardHint, ...],
        forced: tuple[ForcedMove, ...],
        stuck: bool,
        violations: tuple[Violation, ...],
        takebacks_needed: int | None,
        repairs: tuple[Repair, ...],
        recommendation: Recommendation,
    ) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "view", view)
        put(self, "status", status)
        put(self, "completions", completions)
        put(self, "cards", cards)
        put(self, "forced", forced)
        put(self, "stuck", stuck)
        put(self, "violations", violations)
        put(self, "takebacks_needed", takebacks_needed)
        put(self, "repairs", repairs)
        put(self, "recommendation", recommendation)

    def text(self, lang: Language = "en") -> str:
        """The hint as a few lines of text, in the language asked for (see :mod:`officers.euler.words`)."""
        return speaker(lang).hint(self)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self, lang: str = "en", max_reasons: int | None = MAX_REASONS) -> dict[str, Any]:
        """The JSON form: ``{"version": 2, "kind": "hint", ...}`` (see docs/json.md), the
        sentences in the languages of ``lang``, the first ``max_reasons`` reasons and repairs
        (``None``: all) with their totals. ``text`` is the recommendation's sentence (each part
        has its own)."""
        reasons, fixes = capped(self.violations, self.repairs, max_reasons)
        return {
            "version": JSON_VERSION,
            "kind": "hint",
            "lang": lang,
            "view": self.view.to_dict(),
            "status": self.status,
            "completions": self.completions,
            "stuck": self.stuck,
            "cards": [card_hint.to_dict(lang) for card_hint in self.cards],
            "forced": [forced.to_dict() for forced in self.forced],
            "reasons": [violation.to_dict(lang) for violation in reasons],
            "reasons_total": len(self.violations),
            "takebacks_needed": self.takebacks_needed,
            "repairs": [repair.to_dict(lang) for repair in fixes],
            "repairs_total": sum(1 for repair in self.repairs if repair.cells),
            "recommendation": self.recommendation.to_dict(lang),
        }

    def to_json(
        self, lang: str = "en", max_reasons: int | None = MAX_REASONS, **kwargs: Any
    ) -> str:
        """The JSON form as text; keyword arguments go to ``json.dumps``."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(lang, max_reasons), **kwargs)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hint:
        """Read the JSON form of :meth:`to_dict` (the sentences are ignored).

        >>> advice = hint(PlayerView.of("AS1KS1/4/4/4", "QD JC KH", tokens=1))
        >>> Hint.from_dict(advice.to_dict(max_reasons=None)) == advice
        True
        """

        def read(d: Mapping[str, Any]) -> Hint:
            if d["kind"] != "hint" or d["status"] not in ("live", "dead", "finished"):
                raise ValueError(d["kind"])
            view = PlayerView.from_dict(d["view"])
            dead = d["status"] == "dead"
            return cls(
                view=view,
                status=d["status"],
                completions=int(d["completions"]),
                cards=tuple(CardHint.from_dict(c, dead=dead) for c in d["cards"]),
                forced=tuple(ForcedMove.from_dict(f) for f in d["forced"]),
                stuck=bool(d["stuck"]),
                violations=tuple(
                    Violation.from_dict(v, view.square, view.rules) for v in d["reasons"]
                ),
                takebacks_needed=d["takebacks_needed"],
                repairs=revived(
                    d["status"],
                    int(d["completions"]),
                    tuple(Repair.from_dict(r) for r in d["repairs"]),
                ),
                recommendation=Recommendation.from_dict(d["recommendation"], tokens=view.tokens),
            )

        return _read("a hint", data, read)

    @classmethod
    def from_json(cls, text: str) -> Hint:
        """Read the JSON text of :meth:`to_json`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"cannot read JSON {text[:80]!r}: {error}") from error
        if not isinstance(data, dict):
            raise NotationError(f"cannot read a hint from {text[:80]!r}")
        return cls.from_dict(data)


def hint(view: PlayerView, *, budget: Budget | None = None) -> Hint:
    """The hint for a player, computed from their view alone.

    ``budget`` (:class:`officers.core.budget.Budget`: a deadline and a cancel) is every game's
    aid's: the hint of a square of order 4 takes about a millisecond of the completion index,
    whatever the budget, and is always exact, so it never waits for the budget's end nor runs
    out of it.

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
    if not isinstance(view, PlayerView):
        raise NotationError(f"a hint needs a PlayerView, got {view!r}")
    if budget is not None:
        from officers.core.budget import Budget  # only when given: a command's start stays lean

        if not isinstance(budget, Budget):
            raise TypeError(f"budget is an officers.core.budget.Budget, got {excerpt(budget)}")
    square, rules = view.square, view.rules
    index = CompletionIndex.get(rules)
    mask = index.mask(square)
    total = mask.bit_count()
    board = Board(square, rules)
    dead = not mask
    status: Status = "dead" if dead else "finished" if not board.empty else "live"
    card_hints, best, stuck = _card_hints(view, board, index, mask)
    forced = _forced(view, board, index, mask)
    violations: tuple[Violation, ...] = ()
    if dead:
        violations = explaining_violations(board)
        found = smallest_repairs(square, rules, view.locked)
    else:
        found = (Repair((), (), total),)
    needed = len(found[0].cells) if found else None

    recommendation = _recommend(view, status, total, forced, best, found, needed, stuck)
    return Hint(
        view=view,
        status=status,
        completions=total,
        cards=card_hints,
        forced=forced,
        stuck=stuck,
        violations=violations,
        takebacks_needed=needed,
        repairs=found,
        recommendation=recommendation,
    )


def _card_hints(
    view: PlayerView, board: Board, index: CompletionIndex, mask: int
) -> tuple[tuple[CardHint, ...], tuple[int, int, int] | None, bool]:
    """Each card in hand with its safe and deadly cells; the best safe move
    ``(-completions, cell, card)``; whether the player is stuck."""
    table = index.table
    legal = board.legal
    empty = board.empty
    dead = not mask
    card_hints = []
    stuck = True
    best: tuple[int, int, int] | None = None
    for card in view.hand:
        safe = []
        deadly = []
        for cell in empty:
            if (legal[cell] >> card) & 1:
                stuck = False
                left = (mask & table[key(cell, card)]).bit_count() if mask else 0
                if left:
                    safe.append(Placement(cell, card, left))
                    candidate = (-left, cell, int(card))
                    if best is None or candidate < best:
                        best = candidate
                else:
                    deadly.append(cell)
        card_hints.append(CardHint(card, tuple(safe), tuple(deadly), dead))
    return tuple(card_hints), best, stuck and bool(view.hand)


def _forced(
    view: PlayerView, board: Board, index: CompletionIndex, mask: int
) -> tuple[ForcedMove, ...]:
    """The forced placements of every remaining card."""
    empty = board.empty
    if not mask or not empty:
        return ()
    table, legal = index.table, board.legal
    first = index.values[(mask & -mask).bit_length() - 1]
    hand = set(view.hand)
    forced = []
    for cell in empty:
        value = first[cell]
        if mask & table[key(cell, value)] == mask:
            only_card = legal[cell] == 1 << value
            only_cell = sum((legal[other] >> value) & 1 for other in empty) == 1
            forced.append(ForcedMove(cell, Card(value), value in hand, only_card or only_cell))
    return tuple(forced)


def _recommend(
    view: PlayerView,
    status: Status,
    total: int,
    forced: tuple[ForcedMove, ...],
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
