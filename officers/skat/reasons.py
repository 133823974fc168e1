"""Why a tip recommends its move: the facts a tip of Offiziersskat states.

A tip (:mod:`officers.skat.tips`) names its move and says why, as facts: each a :class:`Reason`
(its ``kind`` and the card and points involved), and for a game tip one :class:`GameLine` for
each game weighed. They hold no sentence: :mod:`officers.skat.words` tells them in each language.

>>> Reason("wins", card=17, points=14).to_dict()
{'kind': 'wins', 'card': 'TH', 'points': 14}
>>> from officers.skat.words import reason_text
>>> reason_text(Reason("keeps-trump", card=17), "de")
'Herz-Zehn (Trumpf) bleibt dir'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from officers.skat.cards import card_notation

__all__ = ["REASONS", "GameLine", "Reason", "ReasonKind"]

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


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game of a game tip: ``game`` (``C S H D G``), Vorhand's ``chance`` to win with its
    95 % ``interval``, and her expected ``points`` (``None`` where not weighed)."""

    game: str
    chance: float
    interval: tuple[float, float] = (0.0, 1.0)
    points: float | None = None
