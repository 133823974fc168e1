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

The board does not say which game it is: the variant is given (Eight Off's 4 cards in the cells
sit in the ``Freecells:`` line).

>>> from officers.eightoff.microsoft import microsoft_deal
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
"""

from __future__ import annotations

import re
from typing import Final, Literal

from officers.deck import ALL_PLAYING_CARDS, PlayingCard, read_card
from officers.eightoff.position import Position
from officers.eightoff.variant import FREECELL, Variant
from officers.errors import InvalidGameError, NotationError, excerpt

__all__ = ["board_text", "read_board"]

_FOUNDATION_PREFIXES: Final = (
    "foundations:",
    "foundation:",
    "founds:",
    "found:",
    "decks:",
    "deck:",
)
_CELL_PREFIXES: Final = ("freecells:", "freecell:", "fc:")
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


def read_board(text: str, variant: Variant = FREECELL) -> Position:
    """Read a board text (see the module) as a position of ``variant``.

    >>> read_board("Freecells: - 2D\\n: AS\\n", FREECELL)
    Traceback (most recent call last):
      ...
    officers.errors.NotationError: cannot read board 'Freecells: - 2D\\n: AS\\n': expected 8 columns (a line each; an empty column is a line ':'), got 1
    """
    if not isinstance(text, str):
        raise NotationError(f"cannot read board {excerpt(text)}: expected a string")
    if len(text) > _MAX_BOARD:
        raise NotationError(f"cannot read board {excerpt(text)}: too long for a board")
    try:
        return _read(text, variant)
    except (NotationError, InvalidGameError) as error:
        raise NotationError(f"cannot read board {excerpt(text)}: {error}") from None


def _read(text: str, variant: Variant) -> Position:
    lines = [line.strip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    foundations: list[int] | None = None
    cells: list[int | None] | None = None
    columns: list[tuple[int, ...]] = []
    for line in lines:
        folded = line.casefold()
        prefix = next((p for p in _FOUNDATION_PREFIXES if folded.startswith(p)), None)
        if prefix is not None:
            if foundations is not None:
                raise NotationError("two 'Foundations:' lines")
            foundations = _read_foundations(line[len(prefix) :])
            continue
        prefix = next((p for p in _CELL_PREFIXES if folded.startswith(p)), None)
        if prefix is not None:
            if cells is not None:
                raise NotationError("two 'Freecells:' lines")
            cells = _read_cells(line[len(prefix) :], variant)
            continue
        columns.append(tuple(int(_card(word)) for word in line.removeprefix(":").split()))
    if len(columns) != variant.columns:
        raise NotationError(
            f"expected {variant.columns} columns (a line each; an empty column is a line ':'), "
            f"got {len(columns)}"
        )
    cells = cells or []
    cells += [None] * (variant.cells - len(cells))
    founds = foundations or [0, 0, 0, 0]
    return Position(
        tuple(columns), tuple(cells), (founds[0], founds[1], founds[2], founds[3]), variant
    )


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


def _read_cells(text: str, variant: Variant) -> list[int | None]:
    words = text.split()
    if len(words) > variant.cells:
        raise NotationError(f"{len(words)} free cells, but {variant.name} has {variant.cells}")
    return [None if word in ("-", "*") else int(_card(word)) for word in words]
