"""Moves of Offiziersskat, why a move is refused (a fact), and how a game ends.

Glossary
--------
move
    A :class:`Move`: Vorhand's game choice (``game``), or a card played (``card``) from a pile
    (``pile``, 0-based; ``None`` when it is left to the position, which knows where the card is).
refusal
    A :class:`Refusal`: which rule refuses a move, as a fact told in English and German
    (:mod:`officers.skat.words`).

Move notation: a game choice is its letter, ``C S H D G`` (the words ``Herz``, ``Grand``, … are
read too); a card is its notation, ``@`` and its pile number 1 .. 8: ``QH@3``. ``QH`` alone
reads as a card whose pile the position supplies.

>>> Move.parse("QH@3"), Move.parse("herz"), Move.parse("10♥").pile is None
(Move.parse('QH@3'), Move.parse('H'), True)
>>> Move.parse("QH@9")
Traceback (most recent call last):
  ...
officers.NotationError: cannot read move 'QH@9': expected a game (C S H D G) or a card and its pile 1-8, such as 'QH@3'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

from officers.core.errors import InvalidGameError, NotationError, excerpt
from officers.skat.cards import (
    GameType,
    card_notation,
    check_card,
    check_game,
    parse_card,
    parse_game,
)
from officers.skat.words import Language, outcome_text, refusal_text

__all__ = ["REFUSALS", "Move", "Outcome", "Refusal", "RefusalKind"]

_CARD_MOVE: Final = re.compile(r"\s*([^@\s]{2,3})\s*(?:@\s*([1-8]))?\s*")


@dataclass(frozen=True, slots=True)
class Move:
    """A game choice (``game``) or a card (``card``, with its ``pile``, 0-based, or ``None``)."""

    game: GameType | None = None
    card: int | None = None
    pile: int | None = None

    def __post_init__(self) -> None:
        if (self.game is None) == (self.card is None):
            raise InvalidGameError("a move is a game choice or a card, not both, not neither")
        if self.game is not None:
            check_game(self.game)
            if self.pile is not None:
                raise InvalidGameError("a game choice names no pile")
        else:
            check_card(self.card)
        pile = self.pile
        if pile is not None and (isinstance(pile, bool) or pile not in range(8)):
            raise InvalidGameError(f"a pile is an int 0 .. 7, got {excerpt(pile)}")

    @classmethod
    def choose(cls, game: GameType) -> Move:
        """Vorhand's game choice."""
        return cls(game=game)

    @classmethod
    def play(cls, card: int, pile: int | None = None) -> Move:
        """A card played from ``pile`` (0-based)."""
        return cls(card=card, pile=pile)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the move notation (see the module)."""
        if isinstance(text, str) and len(text) <= 20:
            try:
                return cls.choose(parse_game(text))
            except NotationError:
                pass
            match = _CARD_MOVE.fullmatch(text)
            if match:
                try:
                    card = parse_card(match.group(1))
                except NotationError:
                    pass
                else:
                    pile = match.group(2)
                    return cls.play(card, None if pile is None else int(pile) - 1)
        raise NotationError(
            f"cannot read move {excerpt(text)}: expected a game (C S H D G) or a card and its "
            "pile 1-8, such as 'QH@3'"
        )

    def notation(self) -> str:
        """The move notation: ``H``, ``QH@3`` (``QH`` while the pile is open)."""
        if self.game is not None:
            return self.game
        assert self.card is not None
        text = card_notation(self.card)
        return text if self.pile is None else f"{text}@{self.pile + 1}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``game`` or ``card`` (notation) and ``pile`` (1 .. 8), ``notation``."""
        if self.game is not None:
            return {"game": self.game, "notation": self.notation()}
        assert self.card is not None
        pile = None if self.pile is None else self.pile + 1
        return {"card": card_notation(self.card), "pile": pile, "notation": self.notation()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> Move:
        """Read :meth:`to_dict` (or the notation alone).

        >>> Move.from_dict(Move.parse("TS@8").to_dict())
        Move.parse('TS@8')
        """
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("notation"), str):
            raise NotationError(f"cannot read move {excerpt(data)}: expected 'notation'")
        move = cls.parse(data["notation"])
        expected = move.to_dict()
        if any(data[key] != value for key, value in expected.items() if key in data):
            raise NotationError(f"cannot read move {excerpt(data)}: its fields disagree")
        return move

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"


RefusalKind = Literal[
    "game-over",
    "choose-first",
    "chosen",
    "gone",
    "not-yours",
    "face-down",
    "wrong-pile",
    "must-follow",
    "unreadable",
]

REFUSALS: Final[tuple[RefusalKind, ...]] = get_args(RefusalKind)
"""Every kind of :class:`Refusal`."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Which rule refuses a move: a fact, told by :meth:`text` in English or German.

    - ``game-over``: 16 tricks are done;
    - ``choose-first``: a card before Vorhand has chosen the game;
    - ``chosen``: a game choice once the game is ``game``;
    - ``gone``: ``card`` was played already;
    - ``not-yours``: ``card`` lies in the other player's pile ``pile``;
    - ``face-down``: ``card`` lies face down in pile ``pile``: it is not playable yet;
    - ``wrong-pile``: ``card`` lies in pile ``pile``, not in the pile the move names;
    - ``must-follow``: the trick asks for ``lane`` (a suit 0 .. 3 or 4, trump) and the player
      has ``held``, face up in pile ``held_pile``, which follows; ``card`` does not;
    - ``unreadable``: the text ``written`` is no move of the game (``move`` is ``None``).
    """

    kind: RefusalKind
    move: Move | None
    card: int | None = None
    pile: int | None = None
    held: int | None = None
    held_pile: int | None = None
    lane: int | None = None
    game: GameType | None = None
    written: str | None = None

    def text(self, lang: Language = "en") -> str:
        """Why the move is refused, in ``"en"`` or ``"de"``."""
        return refusal_text(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind``, ``move`` (notation; the text as written when unreadable),
        ``text`` (English) and ``text_de``."""
        return {
            "kind": self.kind,
            "move": self.written if self.move is None else self.move.notation(),
            "text": self.text("en"),
            "text_de": self.text("de"),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``points`` (Vorhand's, Hinterhand's) and whether Vorhand won (61 or
    more).

    >>> print(Outcome((60, 60))); print(Outcome((61, 59)).text("de"))
    Hinterhand wins: Vorhand has 60 points, 61 are needed (60:60)
    Vorhand gewinnt mit 61 zu 59 Augen
    """

    points: tuple[int, int]

    @property
    def winner(self) -> int:
        """0 (Vorhand, with 61 points or more) or 1 (Hinterhand)."""
        return 0 if self.points[0] >= 61 else 1

    def text(self, lang: Language = "en") -> str:
        """The outcome as a sentence in ``"en"`` or ``"de"``."""
        return outcome_text(self, lang)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``points``, ``winner`` (0 or 1) and the English ``text``."""
        return {"points": list(self.points), "winner": self.winner, "text": self.text()}

    def __str__(self) -> str:
        return self.text()
