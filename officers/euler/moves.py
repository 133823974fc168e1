"""Moves and outcomes: what a player does on a turn, and how a game ends.

Glossary
--------
player
    An int ``0 .. players-1`` in turn order; people see ``player 1`` (:func:`player_name`).
move
    A :class:`Move`: ``place`` a card of the hand on an empty cell, ``take`` a card back into the
    hand, or one of the two events that end the game, ``concede`` and ``timeout``.
coin
    The keep-free coin action at the end of a turn (variant): a cell, or :data:`COIN_OFF`.
outcome
    An :class:`Outcome`: won or lost, why, and which player it concerns.
refusal
    A :class:`Refusal`: why a move may not be played, as a fact told in any language.

>>> Move.from_json(Move.parse("xKH@r2c2+off").to_json())
Move.parse('xKH@r2c2+off')
>>> Outcome.from_dict(Outcome(False, "stuck", 1).to_dict())
Outcome(won=False, reason='stuck', player=1)
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, get_args

from officers.core.errors import InvalidGameError, NotationError, excerpt, read_json
from officers.euler.cards import ALL_CARDS, Card
from officers.euler.square import cell_name, describe_cell, parse_cell
from officers.euler.words import Language, Spoken, speaker

if TYPE_CHECKING:
    from officers.euler.rules import Illegal

__all__ = [
    "COIN_OFF",
    "REFUSALS",
    "Move",
    "MoveKind",
    "Outcome",
    "Refusal",
    "RefusalKind",
    "Termination",
    "player_name",
]

MoveKind = Literal["place", "take", "concede", "timeout"]
Termination = Literal["finished", "stuck", "conceded", "out of time"]

COIN_OFF: Final = -1
"""A coin action: take one's keep-free coin off the square."""

_CELLS: Final = 16


def player_name(player: int) -> str:
    """How people see a player: ``player 1`` for player 0.

    >>> player_name(0)
    'player 1'
    """
    return f"player {player + 1}"


# --- moves -----------------------------------------------------------------------------------

_MOVE: Final = re.compile(
    r"\s*(?:(?P<take>x)\s*(?:(?P<tcard>\S\S\ufe0f?)\s*@)?\s*(?P<tcell>{cell})"
    r"|(?P<card>\S\S\ufe0f?)\s*@\s*(?P<cell>{cell})"
    r"|(?P<event>concede|timeout))"
    r"\s*(?:\+\s*(?P<coin>{cell}|off))?\s*".replace("{cell}", r"r[0-9]{1,2}c[0-9]{1,2}|[0-9]{1,3}"),
    re.IGNORECASE,
)
_MAX_MOVE_TEXT: Final = 80
"""The longest move text read (``xQD@r3c4+r1c1`` with room for spaces)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move: place a card, take one back, or an event that ends the game.

    Build one with :meth:`place`, :meth:`take_back`, :meth:`concede`, :meth:`timeout` or read
    it with :meth:`parse`. ``coin`` is the keep-free coin action at the end of the turn (variant):
    ``None`` leaves the coin where it is, a cell puts it there, :data:`COIN_OFF` lifts it.

    Move notation: ``AS@r1c1`` places A♠ on row 1, column 1; ``xr1c1`` takes back the card on
    row 1, column 1 (``xAS@r1c1`` names the card too, and must name the right one);
    ``concede``; ``timeout`` (the player to move ran out of time). A coin action follows as
    ``+r2c3`` or ``+off``.

    >>> Move.parse("A♠@r1c1"), Move.parse("x KH @ r2c2 + r1c4").notation()
    (Move.parse('AS@r1c1'), 'xKH@r2c2+r1c4')
    >>> Move.place(0, Card.ACE_OF_SPADES) == Move.parse("as@0")
    True
    >>> print(Move.parse("xKH@r2c2"))
    xK♥@r2c2
    """

    kind: MoveKind
    cell: int | None = None
    card: Card | None = None
    coin: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("place", "take", "concede", "timeout"):
            raise InvalidGameError(f"unknown kind of move {excerpt(self.kind)}")
        if self.kind in ("place", "take"):
            if not _is_cell(self.cell):
                raise InvalidGameError(
                    f"a {self.kind} move needs a cell 0-15, got {excerpt(self.cell)}"
                )
            if self.kind == "place" and self.card is None:
                raise InvalidGameError("a place move needs a card")
        elif self.cell is not None or self.card is not None or self.coin is not None:
            raise InvalidGameError(f"a {self.kind} move has no cell, card or coin")
        if self.card is not None and not isinstance(self.card, Card):
            if (
                isinstance(self.card, int)
                and not isinstance(self.card, bool)
                and 0 <= self.card < 16
            ):
                object.__setattr__(self, "card", ALL_CARDS[self.card])
            else:
                raise InvalidGameError(f"not a card: {excerpt(self.card)}")
        if self.coin is not None and self.coin != COIN_OFF and not _is_cell(self.coin):
            raise InvalidGameError(
                f"a coin goes on a cell 0-15 or off ({COIN_OFF}), got {excerpt(self.coin)}"
            )

    @classmethod
    def place(cls, cell: int, card: int, coin: int | None = None) -> Move:
        """Place ``card`` on ``cell``."""
        return cls("place", cell, _as_card(card), coin)

    @classmethod
    def take_back(cls, cell: int, card: int | None = None, coin: int | None = None) -> Move:
        """Take back the card on ``cell`` (``card`` optionally names it)."""
        return cls("take", cell, None if card is None else _as_card(card), coin)

    @classmethod
    def concede(cls) -> Move:
        """The team agrees the square is dead and stops: a loss."""
        return cls("concede")

    @classmethod
    def timeout(cls) -> Move:
        """The player to move ran out of time (the frontend's clock): a loss."""
        return cls("timeout")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the move notation (see the class documentation).

        >>> Move.parse("QD@r3c4+off")
        Move.parse('QD@r3c4+off')
        >>> Move.parse("QD r3c4")
        Traceback (most recent call last):
        ...
        officers.NotationError: cannot read move 'QD r3c4': expected a placement such as 'AS@r1c1', a take-back such as 'xr1c1', 'concede' or 'timeout'
        """
        if not isinstance(text, str):
            raise NotationError(
                f"cannot read move {excerpt(text)}: expected a string such as 'AS@r1c1'"
            )
        match = _MOVE.fullmatch(text) if len(text) <= _MAX_MOVE_TEXT else None
        if not match:
            raise NotationError(
                f"cannot read move {excerpt(text)}: expected a placement such as 'AS@r1c1', "
                "a take-back such as 'xr1c1', 'concede' or 'timeout'"
            )
        try:
            coin_text = match.group("coin")
            coin = None
            if coin_text is not None:
                coin = COIN_OFF if coin_text.lower() == "off" else parse_cell(coin_text)
            if match.group("event"):
                event: MoveKind = (
                    "concede" if match.group("event").lower() == "concede" else "timeout"
                )
                if coin is not None:
                    raise NotationError("an event carries no coin action")
                return cls(event)
            if match.group("take"):
                tcard = match.group("tcard")
                return cls(
                    "take",
                    parse_cell(match.group("tcell")),
                    None if tcard is None else Card.parse(tcard),
                    coin,
                )
            return cls(
                "place", parse_cell(match.group("cell")), Card.parse(match.group("card")), coin
            )
        except (NotationError, InvalidGameError) as error:
            raise NotationError(f"cannot read move {excerpt(text)}: {error}") from None

    def notation(self, *, symbols: bool = False) -> str:
        """The move notation in ASCII (``symbols=True``: suits as ``♠ ♥ ♦ ♣``)."""
        if self.kind in ("concede", "timeout"):
            return self.kind
        assert self.cell is not None
        card = "" if self.card is None else (str(self.card) if symbols else self.card.notation())
        cell = cell_name(self.cell)
        text = (
            f"{card}@{cell}"
            if self.kind == "place"
            else (f"x{card}@{cell}" if card else f"x{cell}")
        )
        if self.coin is not None:
            text += "+off" if self.coin == COIN_OFF else f"+{cell_name(self.coin)}"
        return text

    def describe(self) -> str:
        """The move as a sentence: ``place A♠ on row 1, column 1``."""
        if self.kind == "concede":
            return "concede (the team agrees the square is dead)"
        if self.kind == "timeout":
            return "run out of time"
        assert self.cell is not None
        where = describe_cell(self.cell)
        if self.kind == "place":
            text = f"place {self.card} on {where}"
        else:
            text = f"take back {'the card' if self.card is None else self.card} from {where}"
        if self.coin == COIN_OFF:
            text += ", then lift the coin"
        elif self.coin is not None:
            text += f", then put the coin on {describe_cell(self.coin)}"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind``, ``cell`` (0-15 or null), ``card`` (``"AS"`` or null),
        ``coin`` (a cell, ``"off"`` or null) and ``notation``.

        >>> Move.parse("AS@r1c1+off").to_dict()
        {'kind': 'place', 'cell': 0, 'card': 'AS', 'coin': 'off', 'notation': 'AS@r1c1+off'}
        """
        return {
            "kind": self.kind,
            "cell": self.cell,
            "card": None if self.card is None else self.card.notation(),
            "coin": "off" if self.coin == COIN_OFF else self.coin,
            "notation": self.notation(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        """Read the JSON form of :meth:`to_dict` (``notation`` is not needed; if given it must
        agree)."""
        if not isinstance(data, Mapping) or data.get("kind") not in get_args(MoveKind):
            raise NotationError(
                f"cannot read move {excerpt(data)}: expected an object with a 'kind' "
                "(place, take, concede or timeout)"
            )
        card, coin = data.get("card"), data.get("coin")
        try:
            move = cls(
                data["kind"],
                data.get("cell"),
                None if card is None else Card.parse(card),
                COIN_OFF if coin == "off" else coin,
            )
        except (NotationError, InvalidGameError) as error:
            raise NotationError(f"cannot read move {excerpt(data)}: {error}") from None
        if data.get("notation", move.notation()) != move.notation():
            raise NotationError(
                f"cannot read move {excerpt(data)}: its notation does not match its parts"
            )
        return move

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict` (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Move:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "move"))

    def __str__(self) -> str:
        return self.notation(symbols=True)

    def __repr__(self) -> str:
        return f"Move.parse({self.notation()!r})"


def _as_card(value: int) -> Card:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _CELLS:
        return ALL_CARDS[value]
    raise InvalidGameError(f"not a card: {excerpt(value)} (expected a Card or 0-15)")


def _is_cell(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _CELLS


# --- the outcome -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: won or lost, why, and which player it concerns.

    ``reason`` is ``finished`` (a win: all 16 cards are in the square), ``stuck`` (the player
    to move can place no card and cannot take back), ``conceded`` or ``out of time``.
    ``player`` is the player who was stuck or out of time, else ``None``.

    >>> print(Outcome(False, "stuck", 1))
    lost: player 2 is stuck and cannot take back
    """

    won: bool
    reason: Termination
    player: int | None = None

    def __str__(self) -> str:
        if self.won:
            return "won: all 16 cards are in the square"
        if self.reason == "stuck":
            who = "a player" if self.player is None else player_name(self.player)
            return f"lost: {who} is stuck and cannot take back"
        if self.reason == "conceded":
            return "lost: the team conceded"
        who = "a player" if self.player is None else player_name(self.player)
        return f"lost: {who} ran out of time"

    def text(self, lang: Language = "en") -> str:
        """The outcome as a sentence in ``"en"`` or ``"de"``, as every game's outcome tells itself.

        >>> Outcome(True, "finished").text("de")
        'gewonnen: alle 16 Karten liegen im Quadrat'
        """
        return speaker(lang).outcome(self)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``won``, ``reason``, ``player`` (0-based or null) and ``text``."""
        return {"won": self.won, "reason": self.reason, "player": self.player, "text": str(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Read the JSON form of :meth:`to_dict` (``text`` is not needed)."""
        if not isinstance(data, Mapping):
            raise NotationError(f"cannot read outcome {excerpt(data)}: expected an object")
        won, reason, player = data.get("won"), data.get("reason"), data.get("player")
        if not isinstance(won, bool) or reason not in get_args(Termination):
            raise NotationError(
                f"cannot read outcome {excerpt(data)}: expected 'won' (true or false) and a "
                f"'reason' ({', '.join(get_args(Termination))})"
            )
        if won != (reason == "finished"):
            raise NotationError(f"cannot read outcome {excerpt(data)}: only 'finished' is won")
        if player is not None and not _is_player(player):
            raise NotationError(f"cannot read outcome {excerpt(data)}: 'player' is 0-3 or null")
        return cls(won, data["reason"], player)

    def to_json(self, **kwargs: Any) -> str:
        """The JSON text of :meth:`to_dict` (``kwargs`` go to :func:`json.dumps`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> Outcome:
        """Read the JSON text of :meth:`to_json`."""
        return cls.from_dict(read_json(text, "outcome"))


def _is_player(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4


# --- refusals --------------------------------------------------------------------------------

RefusalKind = Literal[
    "unreadable",
    "not-a-move",
    "over",
    "not-in-hand",
    "cell-taken",
    "slip",
    "no-token",
    "empty-cell",
    "locked",
    "wrong-card",
    "no-coins",
    "coin-cell-taken",
    "coin-of-other",
]

REFUSALS: Final[tuple[RefusalKind, ...]] = get_args(RefusalKind)
"""Every kind of :class:`Refusal`."""


@dataclass(frozen=True, slots=True)
class Refusal(Spoken):
    """Why a move may not be played now: a fact, told in any language by ``text(lang)``
    (:mod:`officers.euler.words`); :meth:`officers.euler.game.GameState.refusal` finds it, and the
    :class:`~officers.IllegalPlacementError` of a refused move carries it (its message
    is ``text("en")``).

    ``kind`` says which rule refused the move; the other fields are the facts of that kind:

    - ``unreadable``: the text cannot be read as a move (``written``: the text);
    - ``not-a-move``: a value that is no :class:`Move` (``written``: its ``repr``);
    - ``over``: the game is over (``outcome``);
    - ``not-in-hand``: the ``card`` to place on ``cell`` is not in ``player``'s hand;
    - ``cell-taken``: ``cell`` already holds ``held`` (``illegal``, its reason ``taken``);
    - ``slip``: ``card`` on ``cell`` breaks the rule of the square (``illegal`` says how);
    - ``no-token``: a take-back from ``cell`` without a take-back token left;
    - ``empty-cell``: a take-back from an empty ``cell``;
    - ``locked``: the ``card`` on ``cell`` is a locked start card;
    - ``wrong-card``: the take-back names ``card``, but ``cell`` holds ``held``;
    - ``no-coins``: a coin action in a game played without keep-free coins;
    - ``coin-cell-taken``: the coin cannot go on ``cell``: the cell is not empty;
    - ``coin-of-other``: the coin cannot go on ``cell``: the coin of ``owner`` lies there.

    ``move`` is the move refused (``None`` for the first two kinds) and ``player`` the player
    to move (0-based).

    >>> from officers.euler.game import GameState
    >>> state = GameState.parse("AS3/4/4/4 normal 1 2 ADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 2")
    >>> refusal = state.refusal("AH@r2c1")
    >>> refusal.kind, refusal.card, refusal.cell, refusal.illegal.reason
    ('slip', Card.ACE_OF_HEARTS, 4, 'rank')
    >>> print(refusal.text("de"))
    Nicht erlaubt: Herz-Ass darf nicht auf Zeile 2, Spalte 1: ein Ass steht schon in Spalte 1 (Pik-Ass auf Zeile 1, Spalte 1). Die Karte geht kostenlos auf die Hand von Spieler 2 zurück.
    """

    kind: RefusalKind
    move: Move | None = None
    card: Card | None = None
    cell: int | None = None
    player: int | None = None
    held: Card | None = None
    owner: int | None = None
    illegal: Illegal | None = None
    outcome: Outcome | None = None
    written: str | None = None

    def text(self, lang: Language = "en") -> str:
        """Why the move is refused, in the language asked for (see :mod:`officers.euler.words`)."""
        return speaker(lang).refusal(self)
