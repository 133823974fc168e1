"""What both players of Offiziersskat see: the public view, its notation, and the positions
consistent with it.

The face-down cards are hidden from both players alike, even from their owner. So one view
serves both, and given it every assignment of the unseen cards to the piles that still hide a
card is equally likely: the players' own moves depend on the view alone and so tell nothing
about the face-down cards, and each turn-up only removes the card turned from the unseen ones.

Glossary
--------
public view
    A :class:`Public`: the game (``None`` before the choice), the face-up card of each pile,
    which piles still hide a card, who leads the trick on the table and its card, the points
    and tricks taken, and the cards gone (played in finished tricks).
unseen card
    A card neither face up, nor on the table, nor gone: it lies face down somewhere. There are
    as many as there are piles that hide a card.
consistent position
    A :class:`~officers.skat.position.Position` with this view: the unseen cards put into the
    hidden piles in some order. :meth:`Public.sample` draws one uniformly, :meth:`Public.positions`
    lists them all (``h!`` of them for ``h`` hidden cards).

Notation: five fields separated by ``;``: the game (``C S H D G``, ``-`` before the choice);
the piles as in a position, a pile that still hides a card written ``?/`` and its face-up card,
a pile of one card as that card, an empty pile as ``-``; who leads the trick on the table (``V``
or ``H``) and the card led, if one is; the points and tricks taken, Vorhand's first; the cards
gone, in Skat order (``-`` for none)::

    H ; ?/TS ?/8S ?/QD JS ?/JD ... | ... ; V 8H ; 0:0 0:0 ; -

>>> from officers.skat import SkatGame
>>> game = SkatGame.parse("deal 1 ; H 8H@4")
>>> public = Public.of(game)
>>> print(public.notation())
H ; ?/TS ?/8S ?/QD JS ?/JD ?/8C ?/QS ?/QC | ?/AS ?/TH ?/8D ?/9C ?/7S ?/AC ?/7H ?/TC ; V 8H ; 0:0 0:0 ; -
>>> Public.parse(public.notation()) == public == Public.from_json(public.to_json())
True
>>> len(public.unseen()), public.count()
(15, 1307674368000)
>>> Public.of(public.sample(random.Random(1))) == public
True
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from officers.core.errors import InvalidGameError, NotationError, excerpt, read_json
from officers.skat.cards import GameType, card_notation, check_card, check_game, parse_card
from officers.skat.game import SkatGame, View
from officers.skat.position import PILES, PLAYERS, Pile, Position, player_letter

__all__ = ["Public"]

Faces = tuple[tuple[int | None, ...], tuple[int | None, ...]]
Flags = tuple[tuple[bool, ...], tuple[bool, ...]]


def _pile_text(card: int | None, hidden: bool) -> str:
    if card is None:
        return "-"
    return ("?/" if hidden else "") + card_notation(card)


def _read_pile(token: str) -> tuple[int | None, bool]:
    if token == "-":
        return None, False
    if token.startswith("?/"):
        return parse_card(token[2:]), True
    if "/" in token:
        raise NotationError(
            f"cannot read pile {excerpt(token)}: a face-down card is written '?' ('?/TS')"
        )
    return parse_card(token), False


@dataclass(frozen=True, slots=True)
class Public:
    """The public view (see the module): ``up`` (the face-up card of each pile, ``None`` for
    an empty pile) and ``hidden`` (whether each pile still hides a card), for each player;
    ``game``, ``leader``, ``trick``, ``points``, ``tricks`` as in a
    :class:`~officers.skat.position.Position`; ``gone`` (the cards of the finished tricks,
    sorted). Checked when made."""

    game: GameType | None
    up: Faces
    hidden: Flags
    leader: int = 0
    trick: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    gone: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        up = tuple(tuple(side) for side in self.up)
        hidden = tuple(tuple(bool(h) for h in side) for side in self.hidden)
        if len(up) != 2 or len(hidden) != 2 or any(len(s) != PILES for s in (*up, *hidden)):
            raise InvalidGameError("a public view has 2 sides of 8 piles")
        for side, flags in zip(up, hidden, strict=True):
            for card, flag in zip(side, flags, strict=True):
                if card is None and flag:
                    raise InvalidGameError("an empty pile hides no card")
                if card is not None:
                    check_card(card)
        object.__setattr__(self, "up", (up[0], up[1]))
        object.__setattr__(self, "hidden", (hidden[0], hidden[1]))
        object.__setattr__(self, "gone", tuple(sorted(check_card(c) for c in self.gone)))
        if self.game is not None:
            check_game(self.game)
        seen = [*self.face_up_cards(), *self.trick, *self.gone]
        if len(set(seen)) != len(seen):
            raise InvalidGameError("a card is seen twice in the public view")
        if len(seen) + self.hidden_count() != 32:
            raise InvalidGameError(
                f"{32 - len(seen)} cards are unseen but {self.hidden_count()} piles hide one"
            )
        # The rest (counts, points, tricks) is checked by a consistent position.
        self.position(self.unseen())

    # --- making one ------------------------------------------------------------------------

    @classmethod
    def of(cls, where: Position | SkatGame | View) -> Public:
        """The public view of a position, a game or a game's :class:`~officers.skat.game.View`."""
        if isinstance(where, View):
            return cls(
                where.game,
                where.face_up,
                where.hidden,
                where.leader,
                where.trick,
                where.points,
                where.tricks,
                where.gone,
            )
        position = where.position if isinstance(where, SkatGame) else where
        if not isinstance(position, Position):
            raise TypeError(f"expected a Position, a SkatGame or a View, got {excerpt(where)}")
        sides = position.piles
        return cls(
            position.game,
            (
                tuple(p[-1] if p else None for p in sides[0]),
                tuple(p[-1] if p else None for p in sides[1]),
            ),
            (tuple(len(p) == 2 for p in sides[0]), tuple(len(p) == 2 for p in sides[1])),
            position.leader,
            position.trick,
            position.points,
            position.tricks,
            tuple(position.gone()),
        )

    # --- what it says ----------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The player to move, ``None`` when the game is over."""
        return self.position(self.unseen()).to_move

    @property
    def phase(self) -> str:
        """``choose``, ``play`` or ``over``."""
        return self.position(self.unseen()).phase

    def face_up_cards(self) -> tuple[int, ...]:
        """Every face-up card, Vorhand's piles first."""
        return tuple(c for side in self.up for c in side if c is not None)

    def hidden_slots(self) -> tuple[tuple[int, int], ...]:
        """``(player, pile)`` of each pile that hides a card, Vorhand's first."""
        return tuple((p, i) for p in (0, 1) for i in range(PILES) if self.hidden[p][i])

    def hidden_count(self) -> int:
        """How many cards lie face down."""
        return sum(sum(side) for side in self.hidden)

    def unseen(self) -> tuple[int, ...]:
        """The unseen cards, in Skat order: those face down somewhere."""
        seen = {*self.face_up_cards(), *self.trick, *self.gone}
        return tuple(c for c in range(32) if c not in seen)

    def count(self) -> int:
        """How many positions are consistent with the view: ``h!`` for ``h`` hidden cards."""
        return math.factorial(self.hidden_count())

    # --- the positions consistent with it --------------------------------------------------

    def position(self, under: tuple[int, ...] | list[int]) -> Position:
        """The position with ``under`` put face down into the hidden piles, in the order of
        :meth:`hidden_slots`."""
        slots = self.hidden_slots()
        if len(under) != len(slots):
            raise InvalidGameError(f"{len(slots)} piles hide a card, got {len(under)} cards")
        beneath = dict(zip(slots, under, strict=True))
        sides: list[tuple[Pile, ...]] = []
        for p in (0, 1):
            piles: list[Pile] = []
            for i, card in enumerate(self.up[p]):
                below = beneath.get((p, i))
                piles.append(() if card is None else (card,) if below is None else (below, card))
            sides.append(tuple(piles))
        position = Position(
            (sides[0], sides[1]), self.game, self.leader, self.trick, self.points, self.tricks
        )
        if set(position.gone()) != set(self.gone):
            raise InvalidGameError("the cards under the hidden piles are not the unseen ones")
        return position

    def sample(self, rng: random.Random) -> Position:
        """A consistent position drawn uniformly at random (the unseen cards shuffled by
        ``rng``)."""
        under = list(self.unseen())
        rng.shuffle(under)
        return self.position(under)

    def positions(self) -> Iterator[Position]:
        """Every consistent position (``h!`` of them: only for a few hidden cards)."""
        for under in itertools.permutations(self.unseen()):
            yield self.position(under)

    def seed(self) -> int:
        """A seed that depends on the view alone (SHA-256 of its notation): samples drawn with
        it are the same whatever the face-down cards really are."""
        digest = hashlib.sha256(f"officers:skat:{self.notation()}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    # --- notation --------------------------------------------------------------------------

    def notation(self) -> str:
        """The notation (see the module)."""
        piles = " | ".join(
            " ".join(_pile_text(c, h) for c, h in zip(self.up[p], self.hidden[p], strict=True))
            for p in (0, 1)
        )
        trick = " ".join([player_letter(self.leader), *map(card_notation, self.trick)])
        score = f"{self.points[0]}:{self.points[1]} {self.tricks[0]}:{self.tricks[1]}"
        gone = " ".join(map(card_notation, self.gone)) or "-"
        return " ; ".join([self.game or "-", piles, trick, score, gone])

    @classmethod
    def parse(cls, text: str) -> Public:
        """Read the notation (see the module).

        >>> Public.parse("G ; x")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read public view 'G ; x': expected 5 fields separated by ';' (game ; piles ; trick ; points and tricks ; cards gone)
        """
        if not isinstance(text, str) or len(text) > 600:
            raise NotationError(f"cannot read public view {excerpt(text)}: expected a short string")
        fields = text.split(";")
        if len(fields) != 5:
            raise NotationError(
                f"cannot read public view {excerpt(text)}: expected 5 fields separated by ';' "
                "(game ; piles ; trick ; points and tricks ; cards gone)"
            )
        try:
            return _read(*fields)
        except (NotationError, InvalidGameError, ValueError) as error:
            raise NotationError(f"cannot read public view {excerpt(text)}: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``notation``, with ``to_move``, ``hidden`` (the count) and ``unseen``
        (notations) for readers."""
        to_move = self.to_move
        return {
            "notation": self.notation(),
            "to_move": None if to_move is None else player_letter(to_move),
            "hidden": self.hidden_count(),
            "unseen": [card_notation(c) for c in self.unseen()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> Public:
        """Read :meth:`to_dict` (or the notation alone)."""
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("notation"), str):
            raise NotationError(f"cannot read public view {excerpt(data)}: expected 'notation'")
        return cls.parse(data["notation"])

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Public:
        """Read :meth:`to_json`."""
        return cls.from_dict(read_json(text, "public view"))

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Public.parse({self.notation()!r})"


def _pair(text: str) -> tuple[int, int]:
    left, sep, right = text.partition(":")
    if not sep or not left.isdigit() or not right.isdigit():
        raise NotationError(f"expected two numbers 'a:b', got {excerpt(text)}")
    return int(left), int(right)


def _read(game: str, piles: str, trick: str, score: str, gone: str) -> Public:
    word = game.strip()
    chosen = None if word == "-" else check_game(word.upper())
    sides = piles.split("|")
    if len(sides) != 2 or any(len(side.split()) != PILES for side in sides):
        raise NotationError("expected Vorhand's 8 piles, '|', Hinterhand's 8")
    read = [[_read_pile(token) for token in side.split()] for side in sides]
    words = trick.split()
    if not 1 <= len(words) <= 2 or words[0].upper() not in PLAYERS:
        raise NotationError(f"the trick is 'V' or 'H' and the card led, got {excerpt(trick)}")
    numbers = score.split()
    if len(numbers) != 2:
        raise NotationError(f"expected the points and the tricks '0:0 0:0', got {excerpt(score)}")
    cards = gone.split()
    return Public(
        chosen,
        (tuple(c for c, _ in read[0]), tuple(c for c, _ in read[1])),
        (tuple(h for _, h in read[0]), tuple(h for _, h in read[1])),
        PLAYERS.index(words[0].upper()),
        tuple(parse_card(w) for w in words[1:]),
        _pair(numbers[0]),
        _pair(numbers[1]),
        () if cards == ["-"] else tuple(parse_card(w) for w in cards),
    )
