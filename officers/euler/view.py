"""The player's view: what one player may know, below the game and the hints.

Glossary
--------
view
    A :class:`PlayerView`: the square, the rules, the player's own hand, the cards the others
    hold together (with two players exactly the partner's hand; with three or four nobody knows
    who holds which, and the view does not say), the take-back tokens left and the locked cells.
locked cell
    A cell of the start whose card may not be taken back.

The game builds views (:meth:`officers.euler.game.GameState.view`) and the hints and the bots read
them; the view knows neither.

>>> view = PlayerView.of("AC3/1JS2/1AH1QD/4", hand="KD QS AS JH KH JD", tokens=1)
>>> len(view.others), view.tokens
(6, 1)
>>> PlayerView.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from officers.core.errors import NotationError, excerpt, read_json
from officers.euler.cards import Card, read_cards
from officers.euler.rules import STANDARD_RULES, Rules, Value
from officers.euler.square import EMPTY, Square, describe_cell, parse_cell

__all__ = ["DEFAULT_TOKENS", "PlayerView"]

DEFAULT_TOKENS: Final = 1
"""The take-back tokens a view has when none are given: the Normal level's one token. The
library, the command line and the JSON contract all default to it."""

_SEPARATORS: Final = re.compile(r"[\s,;]+")


class PlayerView(Value):
    """What one player may know: the square, the rules, the own hand, the cards the others hold
    together, the take-back tokens left, and the locked cells (start cards that may not be taken
    back). Hands are kept sorted; the view checks that it adds up.

    Build it with :meth:`of` (from text) or :meth:`for_player` (from a deal).

    >>> PlayerView.of("AS3/4/4/4", "KH QD", tokens=1).others[:3]
    (Card.ACE_OF_HEARTS, Card.ACE_OF_DIAMONDS, Card.ACE_OF_CLUBS)
    >>> PlayerView.of("AS3/4/4/4", "AS KH")
    Traceback (most recent call last):
      ...
    officers.NotationError: A♠ is in the hand but already lies on the square (row 1, column 1)
    """

    __slots__ = _fields = __match_args__ = ("square", "rules", "hand", "others", "tokens", "locked")
    square: Square
    rules: Rules
    hand: tuple[Card, ...]
    others: tuple[Card, ...]
    tokens: int
    locked: tuple[int, ...]

    def __init__(
        self,
        square: Square,
        rules: Rules,
        hand: tuple[Card, ...],
        others: tuple[Card, ...],
        tokens: int = DEFAULT_TOKENS,
        locked: tuple[int, ...] = (),
    ) -> None:
        if not isinstance(square, Square) or square.order != 4:
            raise NotationError(f"a player view needs a Square of order 4, got {square!r}")
        if not isinstance(rules, Rules) or rules.order != 4:
            raise NotationError(f"a player view needs Rules of order 4, got {rules!r}")
        held = _cards("hand", hand)
        rest = _cards("others' cards", others)
        for card in held:
            if card in rest:
                raise NotationError(f"{card} is both in the hand and among the others' cards")
        for where, cards in (("in the hand", held), ("among the others' cards", rest)):
            for card in cards:
                cell = square.cell_of(card)
                if cell is not None:
                    raise NotationError(
                        f"{card} is {where} but already lies on the square ({describe_cell(cell)})"
                    )
        missing = [card for card in square.unplaced() if card not in held and card not in rest]
        if missing:
            raise NotationError(
                "the hand and the others' cards must together be every card not in the square; "
                f"nobody holds {', '.join(str(card) for card in missing)}"
            )
        if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0:
            raise NotationError(f"tokens left must be a whole number >= 0, got {excerpt(tokens)}")
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "square", square)
        put(self, "rules", rules)
        put(self, "hand", tuple(sorted(held)))
        put(self, "others", tuple(sorted(rest)))
        put(self, "tokens", tokens)
        put(self, "locked", _locked(square, locked))

    @classmethod
    def _make(
        cls,
        square: Square,
        rules: Rules,
        hand: tuple[Card, ...],
        others: tuple[Card, ...],
        tokens: int,
        locked: tuple[int, ...],
    ) -> PlayerView:
        """A view from trusted parts (no checks): hands sorted, disjoint and adding up with the
        square, locked cells sorted and placed. For the game, whose state guarantees all that
        (the checks cost more than the rest of a bot's turn)."""
        view = object.__new__(cls)
        object.__setattr__(view, "square", square)
        object.__setattr__(view, "rules", rules)
        object.__setattr__(view, "hand", hand)
        object.__setattr__(view, "others", others)
        object.__setattr__(view, "tokens", tokens)
        object.__setattr__(view, "locked", locked)
        return view

    @classmethod
    def of(
        cls,
        square: Square | str,
        hand: str | Iterable[Card | int | str],
        others: str | Iterable[Card | int | str] | None = None,
        *,
        rules: Rules | None = None,
        tokens: int = DEFAULT_TOKENS,
        locked: str | Iterable[int | str] = (),
    ) -> PlayerView:
        """A view from text or values. ``hand`` and ``others`` are cards (``"AS KH"``, a list of
        cards or ints); ``others`` left out means every card in neither the square nor the hand
        (the two-player case). ``locked`` lists cells (``"r1c1,r3c2"`` or ints); ``tokens``
        defaults to :data:`DEFAULT_TOKENS` (1, the Normal level's).

        >>> PlayerView.of("AC3/1JS2/1AH1QD/4", "KD QS", "AS JH KH JD", tokens=1)
        Traceback (most recent call last):
          ...
        officers.NotationError: the hand and the others' cards must together be every card not in the square; nobody holds A♦, K♠, K♣, Q♥, Q♣, J♣
        """
        board = square if isinstance(square, Square) else Square.parse(square)
        own = _read_cards(hand, "hand")
        if others is None:
            rest = [card for card in board.unplaced() if card not in own]
        else:
            rest = _read_cards(others, "others' cards")
        cells: list[int]
        if isinstance(locked, str):
            cells = [parse_cell(part) for part in _SEPARATORS.split(locked.strip()) if part]
        else:
            cells = [parse_cell(cell) for cell in locked]
        return cls(
            board,
            STANDARD_RULES if rules is None else rules,
            tuple(own),
            tuple(rest),
            tokens,
            tuple(cells),
        )

    @classmethod
    def for_player(
        cls,
        square: Square,
        hands: Sequence[Iterable[Card | int]],
        player: int,
        *,
        rules: Rules | None = None,
        tokens: int = DEFAULT_TOKENS,
        locked: Iterable[int] = (),
    ) -> PlayerView:
        """The view of one ``player`` (an index into ``hands``) when the players hold ``hands``:
        the player's own hand, and the other hands merged (who holds which is left out).

        >>> from officers import ALL_CARDS
        >>> hands = [ALL_CARDS[0:6], ALL_CARDS[6:11], ALL_CARDS[11:16]]
        >>> view = PlayerView.for_player(Square(), hands, 1)
        >>> view.hand == ALL_CARDS[6:11], view.others == ALL_CARDS[0:6] + ALL_CARDS[11:16]
        (True, True)
        """
        if not 0 <= player < len(hands):
            raise NotationError(f"player {player!r} is not one of the {len(hands)} hands")
        own = [Card(card) for card in hands[player]]
        rest = [
            Card(card) for index, cards in enumerate(hands) if index != player for card in cards
        ]
        return cls(
            square,
            STANDARD_RULES if rules is None else rules,
            tuple(own),
            tuple(rest),
            tokens,
            tuple(locked),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: square notation, rules, hand, others, tokens, locked cells."""
        return {
            "square": self.square.notation(),
            "rules": self.rules.to_dict(),
            "hand": [card.notation() for card in self.hand],
            "others": [card.notation() for card in self.others],
            "tokens": self.tokens,
            "locked": list(self.locked),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerView:
        """Read the JSON form of :meth:`to_dict` (``others`` and ``tokens``, ``locked`` optional).

        >>> view = PlayerView.of("AC3/1JS2/1AH1QD/4", "KD QS", tokens=2, locked="r1c1")
        >>> PlayerView.from_dict(view.to_dict()) == view
        True
        """
        if not isinstance(data, Mapping) or "square" not in data or "hand" not in data:
            raise NotationError(
                f"cannot read player view {excerpt(data)}: expected an object with 'square' and 'hand'"
            )
        rules_data = data.get("rules") or {}
        if not isinstance(rules_data, Mapping):
            raise NotationError(
                f"cannot read player view {excerpt(data)}: 'rules' must be an object"
            )
        rules = Rules(
            order=rules_data.get("order", 4), diagonals=rules_data.get("diagonals", False)
        )
        try:
            return cls.of(
                data["square"],
                data["hand"],
                data.get("others"),
                rules=rules,
                tokens=data.get("tokens", DEFAULT_TOKENS),
                locked=data.get("locked", ()),
            )
        except TypeError as error:  # a field of the wrong JSON type: the data, not a program
            raise NotationError(f"cannot read player view {excerpt(data)}: {error}") from None

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict` (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> PlayerView:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "player view"))


def _locked(square: Square, locked: Iterable[int]) -> tuple[int, ...]:
    cells = sorted(set(locked))
    for cell in cells:
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < 16:
            raise NotationError(f"cannot read locked cell {cell!r}: expected 0-15")
        if square.values[cell] == EMPTY:
            raise NotationError(
                f"locked cell {describe_cell(cell)} of {square!r} is empty: "
                "only a placed card can be locked"
            )
    return tuple(cells)


def _read_cards(cards: str | Iterable[Card | int | str], what: str) -> list[Card]:
    if isinstance(cards, str):  # separated, or run together as the game notation writes it
        return list(read_cards(cards))
    items: Iterable[Card | int | str] = cards
    result = []
    for item in items:
        if isinstance(item, str):
            result.append(Card.parse(item))
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 16:
            result.append(Card(item))
        else:
            raise NotationError(f"cannot read {what} card {item!r}: expected e.g. 'AS' or 0-15")
    return result


def _cards(what: str, cards: object) -> list[Card]:
    if not isinstance(cards, (tuple, list, frozenset, set)):
        raise NotationError(f"the {what} must be a tuple of cards, got {cards!r}")
    result: list[Card] = []
    for item in cards:
        if not isinstance(item, int) or isinstance(item, bool) or not 0 <= item < 16:
            raise NotationError(f"the {what} hold {item!r}, which is not a card")
        card = Card(item)
        if card in result:
            raise NotationError(f"the {what} list {card} twice")
        result.append(card)
    return result
