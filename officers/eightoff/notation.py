"""The board text that fc-solve and PySol read and write: reading theirs, writing ours in theirs.

A board is lines of text. Each column is one line, its cards from the top (first dealt) to the
exposed card, separated by spaces; a line may begin with ``:`` (as fc-solve's ``-p`` writes), and
a line ``:`` alone is an empty column. Two more lines may come anywhere:

- ``Foundations: H-0 C-2 D-A S-0``: each suit's top card's rank (``0`` for none; ``A 2 … 9 T
  J Q K``, ``10`` or ``T`` for ten, ``1`` for the Ace), in any order (also ``Founds:``,
  ``Foundation:``, ``Found:``, ``Decks:``, ``Deck:``);
- ``Freecells:  4H   -  JS``: the cells in order, a card or ``-`` (or ``*``) for an empty cell,
  cells left out at the end are empty (also ``FC:``, ``Freecell:``).

Cards are a rank (``A 2 … 9``, ``T`` or ``10``, ``J Q K``) and a suit (``C D H S``); case does
not matter. :func:`read_board` reads all of this (the board generators' output, fc-solve's
states, PySol's saved boards); :func:`board_text` writes what fc-solve writes with ``-p -t``,
except that an empty cell before an occupied one is written ``-`` (fc-solve writes blanks there,
which no reader can place).

fc-solve's board does not say which game it is. :func:`read_board` takes the variant from, in
this order: its argument; the text itself, which may name it in a line ``Variant: NAME`` (a
preset or a variant notation) or in a line holding the position notation (what ``officers
eightoff deal`` prints after the board: the board and the notation must then give the same
position); else Eight Off, the package's game, when the board's shape (its columns and free
cells) fits Eight Off. A board that fits only other presets (Seahaven Towers' 10 columns) is
refused with their names, never read as something else (Eight Off's 4 cards in the cells sit in
the ``Freecells:`` line).

>>> from officers.eightoff.microsoft import microsoft_deal
>>> from officers.eightoff.variant import FREECELL
>>> print(board_text(microsoft_deal(1)))
Foundations: H-0 C-0 D-0 S-0
Freecells:
: JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C TD 8S 9C
: 9H 9S 9D TS 4S 8D 2H
: JC 5S QD QH TH QS 6H
: 5D AD JS 4H 8H 6C
: 7H QC AS AC 2C 3D
: 7C KH AH 4D JH 8C
: 5H 3H 3C 7S 7D TC
<BLANKLINE>
>>> read_board(board_text(microsoft_deal(1)), FREECELL) == microsoft_deal(1)
True
>>> read_board("Variant: freecell\\n" + board_text(microsoft_deal(1))) == microsoft_deal(1)
True
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Final, Literal

from officers.core.errors import InvalidGameError, NotationError, excerpt
from officers.eightoff.deck import ALL_PLAYING_CARDS, PlayingCard, read_card
from officers.eightoff.position import Position, checked_position
from officers.eightoff.variant import EIGHT_OFF, PRESETS, Variant

__all__ = ["board_text", "board_variants", "named_variant", "read_board"]

_FOUNDATION_PREFIXES: Final = (
    "foundations:",
    "foundation:",
    "founds:",
    "found:",
    "decks:",
    "deck:",
)
_CELL_PREFIXES: Final = ("freecells:", "freecell:", "fc:")
_VARIANT_PREFIX: Final = "variant:"
_FOUNDATION_ORDER: Final = (2, 0, 1, 3)
"""fc-solve writes the foundations H C D S."""
_RANK_TEXT: Final = "0A23456789TJQK"
_RANK_OF: Final = {
    **{char: i for i, char in enumerate(_RANK_TEXT)},
    "1": 1, "10": 10,
}  # fmt: skip
_FOUNDATION: Final = re.compile(r"([CDHS])-*([0-9]{1,2}|[ATJQK])", re.IGNORECASE)
_MAX_BOARD: Final = 10_000
"""The longest board text read (a full board is under 400 characters)."""


def board_text(position: Position, *, ten: Literal["T", "10"] = "T") -> str:
    """The board text of ``position``, as fc-solve's ``-p -t`` writes it (``ten="10"``: tens
    as ``10``, as fc-solve writes without ``-t``)."""

    def name(card: int) -> str:
        text = ALL_PLAYING_CARDS[card].notation()
        return text if ten == "T" or text[0] != "T" else "10" + text[1]

    founds = " ".join(
        f"{'CDHS'[suit]}-{_rank_name(position.foundations[suit], ten)}"
        for suit in _FOUNDATION_ORDER
    )
    lines = [f"Foundations: {founds}"]
    if position.variant.cells:
        last = max((i for i, c in enumerate(position.cells) if c is not None), default=-1)
        slots = ["-" if c is None else name(c) for c in position.cells[: last + 1]]
        lines.append("Freecells:" + "".join(f" {slot:>3}" for slot in slots))
    lines += [":" + "".join(f" {name(card)}" for card in column) for column in position.columns]
    return "\n".join(lines) + "\n"


def _rank_name(count: int, ten: str) -> str:
    return ten if count == 10 else _RANK_TEXT[count]


def read_board(text: str, variant: Variant | None = None) -> Position:
    """Read a board text (see the module) as a position of ``variant``; without one, of the
    variant the text names, else of Eight Off (a board whose shape fits only other presets is
    refused, naming them).

    >>> from officers.eightoff.variant import FREECELL, SEAHAVEN_TOWERS
    >>> read_board("Freecells: - 2D\\n: AS\\n", FREECELL)
    Traceback (most recent call last):
      ...
    officers.NotationError: cannot read board 'Freecells: - 2D\\n: AS\\n': expected 8 columns (a line each; an empty column is a line ':'), got 1
    >>> read_board(board_text(Position.numbered(1, SEAHAVEN_TOWERS)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    officers.NotationError: cannot read board 'Foundations: ...: its shape (10 columns, 2 free cells written) fits seahaven-towers, not eight-off (the default): give its variant
    """
    if not isinstance(text, str):
        raise NotationError(f"cannot read board {excerpt(text)}: expected a string")
    if len(text) > _MAX_BOARD:
        raise NotationError(f"cannot read board {excerpt(text)}: too long for a board")
    # The plain boards (fc-solve's and the generators': ': cards' lines, one 'Foundations:'
    # and one 'Freecells:' line) are read by the compiled module where it is installed: each
    # card and the whole deck checked as below; any other text, and every error, is read here.
    shape = EIGHT_OFF if variant is None else variant
    if isinstance(shape, Variant):
        read = (_ACCEL[0] if _ACCEL else _accel()).read_board(text, shape.columns, shape.cells)
        if read is not None:
            return checked_position(read[0], read[1], read[2], shape)
    try:
        return _read(text, variant)
    except (NotationError, InvalidGameError) as error:
        raise NotationError(f"cannot read board {excerpt(text)}: {error}") from None


_ACCEL: list[ModuleType] = []
""":mod:`officers.eightoff.accel`, imported at the first board read (:func:`_accel`)."""


def _accel() -> ModuleType:
    from officers.eightoff import accel

    _ACCEL.append(accel)
    return accel


def named_variant(text: str) -> Variant | None:
    """The variant a board text names (a ``Variant:`` line, or the variant of its position
    notation line), or ``None`` when it names none.

    >>> named_variant("Variant: bakers-game\\n: AS\\n"), named_variant(": AS\\n")
    (Variant.parse('bakers-game'), None)
    """
    try:
        return _Board(text).named
    except (NotationError, InvalidGameError) as error:
        raise NotationError(f"cannot read board {excerpt(text)}: {error}") from None


def board_variants(text: str) -> tuple[Variant, ...]:
    """The presets whose shape a board text fits (its columns, and at least as many free cells
    as its ``Freecells:`` line has slots), whatever variant it names.

    >>> from officers.eightoff.variant import FREECELL
    >>> [v.name for v in board_variants(board_text(Position.numbered(1, FREECELL)))]
    ['eight-off', 'freecell', 'bakers-game', 'relaxed-eight-off', 'eight-off-uneven']
    """
    board = _Board(text)
    return tuple(v for v in PRESETS.values() if board.fits(v))


class _Board:
    """A board text's lines sorted: foundations, cell words, columns, the variant it names and
    its position notation line."""

    def __init__(self, text: str) -> None:
        lines = [line.strip() for line in text.splitlines()]
        self.foundations: list[int] | None = None
        self.cells: list[str] | None = None
        self.columns: list[tuple[int, ...]] = []
        self.named: Variant | None = None
        self.notation: Position | None = None
        for line in filter(None, lines):
            if line[0] == ":":  # a column (no other line begins so): the commonest line
                self.columns.append(tuple(map(_number, line[1:].split())))
                continue
            folded = line.casefold()
            prefix = next((p for p in _FOUNDATION_PREFIXES if folded.startswith(p)), None)
            if prefix is not None:
                if self.foundations is not None:
                    raise NotationError("two 'Foundations:' lines")
                self.foundations = _read_foundations(line[len(prefix) :])
                continue
            prefix = next((p for p in _CELL_PREFIXES if folded.startswith(p)), None)
            if prefix is not None:
                if self.cells is not None:
                    raise NotationError("two 'Freecells:' lines")
                self.cells = line[len(prefix) :].split()
                continue
            if folded.startswith(_VARIANT_PREFIX):
                self._name(Variant.parse(line[len(_VARIANT_PREFIX) :]))
            elif _names_a_variant(folded):
                if self.notation is not None:
                    raise NotationError("two position notations")
                self.notation = Position.parse(line)
                self._name(self.notation.variant)
            else:
                self.columns.append(tuple(map(_number, line.removeprefix(":").split())))

    def _name(self, variant: Variant) -> None:
        if self.named is not None and self.named != variant:
            raise NotationError(
                f"it names two variants, {self.named.notation()} and {variant.notation()}"
            )
        self.named = variant

    def fits(self, variant: Variant) -> bool:
        """Whether the board has the shape of ``variant``'s positions."""
        return len(self.columns) == variant.columns and len(self.cells or ()) <= variant.cells

    def variant(self, given: Variant | None) -> Variant:
        """The variant to read the board as (see :func:`read_board`)."""
        if given is not None:
            if self.named is not None and self.named != given:
                raise NotationError(
                    f"the board is of variant {self.named.notation()}, but "
                    f"{given.notation()} was given"
                )
            return given
        if self.named is not None:
            return self.named
        if self.fits(EIGHT_OFF):
            return EIGHT_OFF
        others = [v.name for v in PRESETS.values() if self.fits(v)]
        if not others:
            return EIGHT_OFF  # the columns or cells are wrong for every preset: say Eight Off's
        return _refuse_shape(self, others)


def _refuse_shape(board: _Board, others: list[str]) -> Variant:
    cells = len(board.cells or ())
    raise NotationError(
        f"its shape ({len(board.columns)} columns, {cells} free cell{'' if cells == 1 else 's'} "
        f"written) fits {', '.join(others)}, not eight-off (the default): give its variant"
    )


def _names_a_variant(folded: str) -> bool:
    """Whether a line starts with a variant's name (a position notation), not a card."""
    name = folded.split(maxsplit=1)[0].split("[", 1)[0].replace("_", "-") if folded else ""
    return name in PRESETS


def _read(text: str, given: Variant | None) -> Position:
    board = _Board(text)
    variant = board.variant(given)
    if board.notation is not None and not board.columns and board.cells is None:
        return board.notation  # the notation alone
    columns, words = board.columns, board.cells or []
    if len(words) > variant.cells:
        raise NotationError(f"{len(words)} free cells, but {variant.name} has {variant.cells}")
    if len(columns) != variant.columns:
        raise NotationError(
            f"expected {variant.columns} columns (a line each; an empty column is a line ':'), "
            f"got {len(columns)}"
        )
    cells: list[int | None] = [None if w in ("-", "*") else _number(w) for w in words]
    cells += [None] * (variant.cells - len(cells))
    founds = board.foundations or [0, 0, 0, 0]
    position = Position(
        tuple(columns), tuple(cells), (founds[0], founds[1], founds[2], founds[3]), variant
    )
    if board.notation is not None and board.notation != position:
        raise NotationError("the board and its position notation are not the same position")
    return position


_NUMBERS: dict[str, int] = {}
"""The words :func:`_number` has read, by their cards' numbers (bounded: a few hundred words
spell the 52 cards)."""


def _number(word: str) -> int:
    """The number of the card a word names (:func:`_card`), remembered."""
    number = _NUMBERS.get(word)
    if number is None:
        number = int(_card(word))
        if len(_NUMBERS) < 4096:
            _NUMBERS[word] = number
    return number


def _card(word: str) -> PlayingCard:
    if word.startswith("1") and word[1:2] != "0" and len(word) == 2:
        word = "A" + word[1]  # fc-solve reads '1' as the Ace
    return read_card(word)


def _read_foundations(text: str) -> list[int]:
    counts = [0, 0, 0, 0]
    seen: set[int] = set()
    for word in text.split():
        match = _FOUNDATION.fullmatch(word)
        if not match:
            raise NotationError(
                f"cannot read foundation {word!r}: expected a suit, '-' and a rank, such as 'H-0' "
                "or 'S-K'"
            )
        suit = "CDHS".index(match.group(1).upper())
        if suit in seen:
            raise NotationError(f"the foundation of {'CDHS'[suit]} comes twice")
        rank = _RANK_OF.get(match.group(2).upper())
        if rank is None or rank > 13:
            raise NotationError(f"cannot read foundation {word!r}: no such rank")
        seen.add(suit)
        counts[suit] = rank
    return counts
