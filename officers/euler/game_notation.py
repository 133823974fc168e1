"""Reading the game notation: one line, one small reader per field; checking a position.

The game notation is ``square level tokens turn hands locked coins number [end]`` (see
docs/game.md). :func:`read_fields` splits a line into its :class:`GameFields`; the game
(:meth:`officers.euler.game.GameState.parse`) checks with :func:`check_position` that they make a
state, and :func:`view_from_notation` reads a player's view, where other hands may be unknown
(``?n``). :func:`fields_from_dict` reads the same fields from the JSON form.

Glossary
--------
field
    One of the space-separated parts of the line; each has its reader ``_read_<field>``.
unknown hand
    ``?n``: a hand of ``n`` cards that the viewer does not see.

>>> fields = read_fields("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 ?2/QSJH - - 13")
>>> fields.level.name, fields.turn, fields.counts, fields.hands[0]
('hard', 1, (2, 2), None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from officers.core.errors import IllegalPlacementError, InvalidGameError, NotationError, excerpt
from officers.euler.bitboard import ALL_CARDS_SET, card_set, cards_in
from officers.euler.cards import ALL_CARDS, Card
from officers.euler.levels import MAX_PLAYERS, Level
from officers.euler.moves import COIN_OFF, Termination, player_name
from officers.euler.rules import Rules
from officers.euler.square import EMPTY, Square, cell_name, parse_cell
from officers.euler.view import PlayerView

__all__ = [
    "END_EVENTS",
    "FIELDS",
    "GameFields",
    "check_fields",
    "check_position",
    "fields_from_dict",
    "read_fields",
    "view_from_notation",
]

END_EVENTS: Final[dict[str, Termination]] = {"conceded": "conceded", "timeout": "out of time"}
"""The words of the ``end`` field and the termination each stands for."""

FIELDS: Final = "square level tokens turn hands locked coins number [end]"
"""The fields of the game notation, in order."""

_NUMBER: Final = re.compile(r"[0-9]{1,9}")
"""A whole number in the game notation: ASCII digits only, at most 9 of them."""

Fail = Callable[[str], NotationError]


@dataclass(frozen=True)
class GameFields:
    """The fields of one line of game notation, read but not yet checked against each other.

    ``hands`` holds ``None`` for an unknown hand (``?n``); ``counts`` the number of cards of each
    hand; ``hand_texts`` the hands as written.
    """

    square: Square
    level: Level
    open_hands: bool
    tokens: int
    turn: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_texts: tuple[str, ...]
    counts: tuple[int, ...]
    locked: tuple[int, ...]
    coins: tuple[int | None, ...] | None
    number: int
    end: str | None


def read_fields(text: object) -> GameFields:
    """Split one line of game notation into its fields; :class:`NotationError` quoting the line
    when a field cannot be read."""
    if not isinstance(text, str):
        raise NotationError(f"cannot read game {excerpt(text)}: expected a string ({FIELDS})")
    parts = text.split()
    if len(parts) not in (8, 9):
        raise NotationError(
            f"cannot read game {excerpt(text)}: expected 8 or 9 fields separated by spaces "
            f"({FIELDS}), got {len(parts)}"
        )

    def fail(message: str) -> NotationError:
        return NotationError(f"cannot read game {excerpt(text)}: {message}")

    square = _read_square(parts[0], fail)
    level, open_hands = _read_level(parts[1], fail)
    tokens = _read_tokens(parts[2], fail)
    hand_texts = tuple(parts[4].split("/"))
    turn = _read_turn(parts[3], len(hand_texts), fail)
    hands = [_read_hand(player, text, fail) for player, text in enumerate(hand_texts)]
    return GameFields(
        square=square,
        level=level,
        open_hands=open_hands,
        tokens=tokens,
        turn=turn,
        hands=tuple(cards for cards, _ in hands),
        hand_texts=hand_texts,
        counts=tuple(count for _, count in hands),
        locked=_read_locked(parts[5], fail),
        coins=_read_coins(parts[6], len(hand_texts), fail),
        number=_read_number(parts[7], fail),
        end=_read_end(parts[8] if len(parts) == 9 else None, fail),
    )


def fields_from_dict(data: Mapping[str, Any]) -> GameFields:
    """The fields of the JSON form of a game (:meth:`officers.euler.game.GameState.to_dict`): ``square``
    (its JSON form), ``level`` (a name), ``hands`` (lists of card notations), ``turn`` (0-based),
    ``tokens``, and optionally ``locked``, ``coins``, ``open_hands``, ``number`` and ``end``.
    Their values are checked by the game, not here.

    >>> fields_from_dict({"square": "{\\"order\\": 4, \\"notation\\": \\"4/4/4/4\\"}",
    ...     "level": "easy", "hands": [["AS"], []], "turn": 0, "tokens": 3}).counts
    (1, 0)
    """
    if not isinstance(data, Mapping):
        raise NotationError(f"cannot read game {excerpt(data)}: expected an object")
    try:
        hands = tuple(tuple(Card.parse(card) for card in hand) for hand in data["hands"])
        if not isinstance(data.get("end"), str | None):
            raise TypeError("the end is a word or null")
        return GameFields(
            square=Square.from_json(data["square"]),
            level=Level.get(data["level"]),
            open_hands=data.get("open_hands", False),
            tokens=data["tokens"],
            turn=data["turn"],
            hands=hands,
            hand_texts=tuple("".join(card.notation() for card in hand) or "-" for hand in hands),
            counts=tuple(len(hand) for hand in hands),
            locked=tuple(data.get("locked", ())),
            coins=None if data.get("coins") is None else tuple(data["coins"]),
            number=data.get("number", 1),
            end=data.get("end"),
        )
    except KeyError as error:
        raise NotationError(f"cannot read game {excerpt(data)}: it has no {error}") from None
    except (TypeError, AttributeError):
        raise NotationError(
            f"cannot read game {excerpt(data)}: a field has the wrong type"
        ) from None
    except (NotationError, InvalidGameError) as error:
        raise NotationError(f"cannot read game {excerpt(data)}: {error}") from None


def _read_square(text: str, fail: Fail) -> Square:
    try:
        square = Square(text)
    except NotationError as error:
        raise fail(str(error)) from None
    if square.order != 4:
        raise fail(f"a game is played on a square of order 4, got order {square.order}")
    return square


def _read_level(text: str, fail: Fail) -> tuple[Level, bool]:
    """The level and whether the hands are open (``normal+open``)."""
    name, *options = text.split("+")
    try:
        level = Level.get(name)
    except NotationError:
        raise fail(
            f"unknown level {excerpt(name)} (expected one of easy, normal, hard, expert, rows, diagonals)"
        ) from None
    for option in options:
        if option.lower() != "open":
            raise fail(f"unknown variant {excerpt(option)} in the level field (expected '+open')")
    return level, bool(options)


def _read_tokens(text: str, fail: Fail) -> int:
    if not _NUMBER.fullmatch(text):
        raise fail(f"tokens left {excerpt(text)} is not a whole number")
    return int(text)


def _read_turn(text: str, players: int, fail: Fail) -> int:
    """The player to move, 0-based (written from 1)."""
    if not 1 <= players <= MAX_PLAYERS:
        raise fail(f"{players} hands, expected 1-4 separated by '/'")
    if not _NUMBER.fullmatch(text) or not 1 <= int(text) <= players:
        raise fail(f"the player to move {excerpt(text)} is not 1-{players}")
    return int(text) - 1


def _read_hand(player: int, text: str, fail: Fail) -> tuple[tuple[Card, ...] | None, int]:
    who = player_name(player)
    if text == "-":
        return (), 0
    if text.startswith("?"):
        if not _NUMBER.fullmatch(text[1:]) or int(text[1:]) > len(ALL_CARDS):
            raise fail(f"{who}'s hand {excerpt(text)}: expected '?' and a count")
        return None, int(text[1:])
    if len(text) % 2 or len(text) > 2 * len(ALL_CARDS):
        raise fail(f"{who}'s hand {excerpt(text)} is not a list of two-character cards")
    cards = []
    for i in range(0, len(text), 2):
        try:
            cards.append(Card.parse(text[i : i + 2]))
        except NotationError as error:
            raise fail(f"{who}'s hand: {error}") from None
    if len(set(cards)) != len(cards):
        raise fail(f"{who}'s hand {excerpt(text)} holds a card twice")
    return tuple(sorted(cards)), len(cards)


def _read_locked(text: str, fail: Fail) -> tuple[int, ...]:
    if text == "-":
        return ()
    locked = []
    for item in text.split(","):
        try:
            locked.append(parse_cell(item))
        except NotationError as error:
            raise fail(f"locked cells: {error}") from None
    if len(set(locked)) != len(locked):
        raise fail("a locked cell is named twice")
    return tuple(locked)


def _read_coins(text: str, players: int, fail: Fail) -> tuple[int | None, ...] | None:
    if text == "-":
        return None
    items = text.split("/")
    if len(items) != players:
        raise fail(f"{len(items)} coins for {players} players (use '.' for a coin off the square)")
    coins: list[int | None] = []
    for item in items:
        try:
            coins.append(None if item == "." else parse_cell(item))
        except NotationError as error:
            raise fail(f"coins: {error}") from None
    return tuple(coins)


def _read_number(text: str, fail: Fail) -> int:
    if not _NUMBER.fullmatch(text) or int(text) < 1:
        raise fail(f"the turn number {excerpt(text)} is not a whole number >= 1")
    return int(text)


def _read_end(text: str | None, fail: Fail) -> str | None:
    if text is not None and text not in END_EVENTS:
        raise fail(f"unknown end {excerpt(text)}: expected 'conceded' or 'timeout'")
    return text


def check_position(
    square: Square,
    hands: Sequence[int],
    *,
    rules: Rules,
    tokens: int,
    turn: int,
    locked: Iterable[int],
    coins: Sequence[int] | None,
    number: int,
    end: str | None,
) -> None:
    """Raise unless the parts make a position of the game: :class:`InvalidGameError` (or
    :class:`IllegalPlacementError` when the square breaks the rule) saying what is wrong.

    ``hands`` are card sets (16-bit ints), ``coins`` a cell or :data:`~officers.euler.moves.COIN_OFF`
    for each player; the game checks its parts with it.
    """
    where = "the game state"
    if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 0:
        raise InvalidGameError(
            f"{where}: tokens left must be a whole number >= 0, got {excerpt(tokens)}"
        )
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise InvalidGameError(f"{where}: the turn number must be >= 1, got {excerpt(number)}")
    if not 1 <= len(hands) <= MAX_PLAYERS:
        raise InvalidGameError(f"{where}: {len(hands)} hands, expected 1-{MAX_PLAYERS}")
    if isinstance(turn, bool) or not (isinstance(turn, int) and 0 <= turn < len(hands)):
        shown = turn + 1 if isinstance(turn, int) else turn
        raise InvalidGameError(
            f"{where}: the player to move must be 1-{len(hands)}, got {excerpt(shown)}"
        )
    seen = card_set(v for v in square.values if v != EMPTY)
    for player, hand in enumerate(hands):
        if hand & seen:
            card = Card(cards_in(hand & seen)[0])
            raise InvalidGameError(
                f"{where}: {card} is both in {player_name(player)}'s hand and elsewhere"
            )
        seen |= hand
    if seen != ALL_CARDS_SET:
        missing = ", ".join(str(card) for card in map(Card, cards_in(ALL_CARDS_SET & ~seen)))
        raise InvalidGameError(
            f"{where}: {missing} {'is' if ',' not in missing else 'are'} neither in the square nor in a hand"
        )
    for cell in locked:
        if not _is_cell(cell):
            raise InvalidGameError(f"{where}: locked cell {excerpt(cell)} is not a cell 0-15")
        if square.values[cell] == EMPTY:
            raise InvalidGameError(f"{where}: locked cell {cell_name(cell)} is empty")
    conflicts = rules.conflicts(square)
    if conflicts:
        raise IllegalPlacementError(
            f"{where}: the square breaks the rule of the square: {conflicts[0]}"
        )
    _check_coins(where, square, len(hands), coins)
    if end is not None and end not in END_EVENTS:
        raise InvalidGameError(f"{where}: unknown end {excerpt(end)}: expected conceded or timeout")
    if end is not None and square.is_full():
        raise InvalidGameError(f"{where}: a finished square cannot end by {end}")
    if any(hands) and not hands[turn]:
        raise InvalidGameError(
            f"{where}: {player_name(turn)} is to move but has no cards (would be skipped)"
        )


def _check_coins(where: str, square: Square, players: int, coins: Sequence[int] | None) -> None:
    if coins is None:
        return
    if len(coins) != players:
        raise InvalidGameError(f"{where}: {len(coins)} coins for {players} players")
    for player, coin in enumerate(coins):
        if coin == COIN_OFF:
            continue
        if not _is_cell(coin):
            raise InvalidGameError(
                f"{where}: {player_name(player)}'s coin {excerpt(coin)} is not a cell"
            )
        if square.values[coin] != EMPTY:
            raise InvalidGameError(
                f"{where}: {player_name(player)}'s coin lies on {cell_name(coin)}, which is not empty"
            )
    placed = [c for c in coins if c != COIN_OFF]
    if len(set(placed)) != len(placed):
        raise InvalidGameError(f"{where}: two coins lie on one cell")


def _is_cell(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 16


def check_fields(fields: GameFields, quoted: str) -> tuple[int, ...]:
    """Check that the fields read from ``quoted`` (a game notation, a view or its JSON form) make
    a position of the game, with :func:`check_position`; return the hands as card sets.

    Every unknown hand (``?n``) is given ``n`` of the cards that are neither in the square nor in
    a known hand, in card order: what the position says of such a hand is its count only, so the
    game and a player's view accept exactly the same lines. Raises :class:`NotationError`
    quoting the text (:class:`IllegalPlacementError` when the square breaks the rule).

    >>> check_fields(read_fields("4/4/4/4 easy 3 1 ?15/AS - - 1"), "(a view)")[1]
    1
    >>> check_fields(read_fields("4/4/4/4 easy 3 1 ?14/AS - - 1"), "(a view)")
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read game (a view): the unknown hands hold 14 cards, but 15 are neither in the square nor in a known hand
    """
    known = card_set(v for v in fields.square.values if v != EMPTY)
    for hand in fields.hands:
        if hand is not None:
            known |= card_set(hand)
    left = cards_in(ALL_CARDS_SET & ~known)
    unknown = sum(
        count for hand, count in zip(fields.hands, fields.counts, strict=True) if hand is None
    )
    if unknown and unknown != len(left):
        raise NotationError(
            f"cannot read game {quoted}: the unknown hands hold {unknown} cards, but {len(left)} "
            "are neither in the square nor in a known hand"
        )
    hands = []
    for hand, count in zip(fields.hands, fields.counts, strict=True):
        if hand is None:
            hands.append(card_set(left[:count]))
            left = left[count:]
        else:
            hands.append(card_set(hand))
    try:
        check_position(
            fields.square,
            hands,
            rules=fields.level.rules,
            tokens=fields.tokens,
            turn=fields.turn,
            locked=fields.locked,
            coins=None
            if fields.coins is None
            else [COIN_OFF if c is None else c for c in fields.coins],
            number=fields.number,
            end=fields.end,
        )
    except IllegalPlacementError as error:
        message = str(error).replace("the game state: ", "")
        raise IllegalPlacementError(f"cannot read game {quoted}: {message}") from None
    except InvalidGameError as error:
        message = str(error).replace("the game state: ", "")
        raise NotationError(f"cannot read game {quoted}: {message}") from None
    return tuple(hands)


def view_from_notation(text: str, player: int | None = None) -> PlayerView:
    """Read a player's view from the game notation, where other hands may be unknown (``?n``).

    ``player`` (0-based) is whose view it is; by default the only player whose hand is given.
    A line is read exactly when :meth:`officers.euler.game.GameState.parse` would read it with the
    unknown hands filled in (both check it with :func:`check_fields`), and the view is the one
    that game would give the player.

    >>> view = view_from_notation("AC3/QHJSAD1/KSAHJCQD/JDQCKHAS hard 0 2 ?2/QSJH - - 13")
    >>> view.hand, view.others
    ((Card.QUEEN_OF_SPADES, Card.JACK_OF_HEARTS), (Card.KING_OF_DIAMONDS, Card.KING_OF_CLUBS))
    """
    fields = read_fields(text)
    known = [i for i, hand in enumerate(fields.hands) if hand is not None]
    if player is None:
        if len(known) != 1:
            raise NotationError(
                f"cannot read view {excerpt(text)}: {len(known)} hands are known; say whose view it is"
            )
        player = known[0]
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"player must be an int (0-based) or None, got {excerpt(player)}")
    if not 0 <= player < len(fields.hands) or fields.hands[player] is None:
        raise NotationError(
            f"cannot read view {excerpt(text)}: {player_name(player)}'s hand is not given"
        )
    hands = check_fields(fields, excerpt(text))
    own = hands[player]
    others = 0
    for hand in hands:
        others |= hand
    return PlayerView(
        square=fields.square,
        rules=fields.level.rules,
        hand=tuple(map(Card, cards_in(own))),
        others=tuple(map(Card, cards_in(others & ~own))),
        tokens=fields.tokens,
        locked=tuple(sorted(fields.locked)),
    )
