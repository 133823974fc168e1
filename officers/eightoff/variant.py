"""The family of Eight Off as parameters: cells, columns, building, empty columns, sequence moves
and the deal. FreeCell, Baker's Game, Seahaven Towers and the others are presets, not copies.

Glossary
--------
column
    A tableau column, ``0 .. columns-1``; people see ``column 1``.
cell
    A free cell, ``0 .. cells-1``: it holds one card; people see ``cell a``.
building
    ``"suit"``: a card goes on the next higher card of its own suit (Eight Off, Baker's Game,
    Seahaven Towers); ``"alternate"``: on the next higher card of the other colour (FreeCell).
empty
    What may fill an empty column: ``"kings"`` (a King, alone or heading its run) or ``"any"``.
sequence
    How many cards one move may carry from column to column, as a run built by the variant's
    building rule: ``"cells"``: 1 + the empty cells (Eight Off's page; fc-solve when only Kings
    fill empty columns); ``"freecell"``: (1 + empty cells) * 2 ** (empty columns), not counting
    the target column when it is empty (FreeCell, where any card fills an empty column);
    ``"one"``: single cards only.
deal
    A :class:`Deal`: the heights of the columns as dealt, and how many cards go to the cells
    (the first cells, in order).

The presets follow fc-solve's (``fc-solve -g NAME``), which this module names for each:

=====================  =======  =====  =========  ======  ========  ================  ==============
preset                 columns  cells  building   empty   sequence  deal              fc-solve
=====================  =======  =====  =========  ======  ========  ================  ==============
``eight-off``          8        8      suit       kings   cells     6 × 8 + 4 cells   eight_off
``eight-off-uneven``   8        8      suit       kings   cells     7 7 7 7 6 6 6 6   eight_off
``relaxed-eight-off``  8        8      suit       any     freecell  6 × 8 + 4 cells   bakers_game -f 8
``freecell``           8        4      alternate  any     freecell  7 7 7 7 6 6 6 6   freecell
``bakers-game``        8        4      suit       any     freecell  7 7 7 7 6 6 6 6   bakers_game
``seahaven-towers``    10       4      suit       kings   cells     5 × 10 + 2 cells  seahaven_towers
=====================  =======  =====  =========  ======  ========  ================  ==============

Where the rules page (docs/eightoff.md) says otherwise: it gives Seahaven Towers "2 free cells";
the game (and fc-solve's ``seahaven_towers``, PySol's Seahaven Towers) has 4 cells, 2 of them
holding the last 2 cards of the deal, which is what the preset does. It gives Baker's Game no
cells; the usual Baker's Game (fc-solve's, the ancestor of FreeCell) has 4, as here — a cell-less
one is ``Variant.preset("bakers-game").replace(cells=0)``.

>>> EIGHT_OFF.cells, EIGHT_OFF.deal, EIGHT_OFF.fc_solve_args()
(8, Deal(columns=(6, 6, 6, 6, 6, 6, 6, 6), cells=4), ('-g', 'eight_off'))
>>> Variant.parse("freecell[cells=3]").notation()
'freecell[cells=3]'
>>> Variant.parse("freecell[cells=3]").fc_solve_args()
('-g', 'freecell', '--freecells-num', '3')
>>> Variant.parse("seahaven-towers").deal
Deal(columns=(5, 5, 5, 5, 5, 5, 5, 5, 5, 5), cells=2)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, NamedTuple, get_args

from officers.core.errors import InvalidGameError, NotationError, excerpt

__all__ = [
    "BAKERS_GAME",
    "EIGHT_OFF",
    "EIGHT_OFF_UNEVEN",
    "FREECELL",
    "MAX_CELLS",
    "MAX_COLUMNS",
    "PRESETS",
    "RELAXED_EIGHT_OFF",
    "SEAHAVEN_TOWERS",
    "Building",
    "Deal",
    "Empty",
    "Sequence",
    "Variant",
]

Building = Literal["suit", "alternate"]
Empty = Literal["kings", "any"]
Sequence = Literal["cells", "freecell", "one"]

MAX_CELLS: Final = 8
"""The most free cells a variant has (the cells are named ``a`` … ``g``, ``k``)."""
MAX_COLUMNS: Final = 10
"""The most columns a variant has (the columns are named ``1`` … ``9``, ``10``)."""

CARDS_IN_DECK: Final = 52
"""The cards a deal lays out (:data:`officers.eightoff.deck.CARDS_IN_DECK`, not imported here:
a variant needs no card's name)."""

_NAME: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


class Deal(NamedTuple):
    """How the 52 cards are laid out: the column heights (left to right) and the cards dealt to
    the first cells. The cards are dealt round by round: each round gives one card to each column,
    left to right, that still wants one; then the rest go to cells ``a``, ``b``, … in order."""

    columns: tuple[int, ...]
    cells: int = 0

    def notation(self) -> str:
        """``6*8+4``, ``7*4.6*4``: runs of equal heights ``height*times`` joined by ``.``, then
        ``+cells`` when cards go to the cells."""
        groups: list[list[int]] = []
        for height in self.columns:
            if groups and groups[-1][0] == height:
                groups[-1][1] += 1
            else:
                groups.append([height, 1])
        text = ".".join(f"{h}*{n}" if n > 1 else str(h) for h, n in groups)
        return text + (f"+{self.cells}" if self.cells else "")

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read :meth:`notation` (``6*8+4``; ``7.7.7.7.6.6.6.6`` too).

        >>> Deal.parse("7*4.6*4")
        Deal(columns=(7, 7, 7, 7, 6, 6, 6, 6), cells=0)
        """
        match = re.fullmatch(
            r"((?:\d{1,2}(?:\*\d{1,2})?)(?:\.\d{1,2}(?:\*\d{1,2})?)*)(?:\+(\d))?", text
        )
        if not match:
            raise NotationError(
                f"cannot read deal {excerpt(text)}: expected column heights such as '6*8+4' "
                "or '7*4.6*4'"
            )
        heights: list[int] = []
        for group in match.group(1).split("."):
            height, _, times = group.partition("*")
            heights += [int(height)] * int(times or 1)
        return cls(tuple(heights), int(match.group(2) or 0))


@dataclass(frozen=True, slots=True)
class Variant:
    """One game of the family: the rules and the deal, as values.

    Build one from a preset (:data:`PRESETS`, :meth:`preset`) and :meth:`replace` what differs,
    or read its notation (:meth:`parse`): a preset's name, then optionally the fields that differ
    from it in brackets, ``eight-off[empty=any,name=my-game]``.

    >>> EIGHT_OFF.replace(empty="any", sequence="freecell", name="relaxed-eight-off") == RELAXED_EIGHT_OFF
    True
    >>> Variant("x", columns=8, cells=9, building="suit", empty="kings", sequence="cells", deal=Deal((6,) * 8, 4))
    Traceback (most recent call last):
      ...
    officers.InvalidGameError: a variant has 0-8 cells, got 9
    """

    name: str
    columns: int
    cells: int
    building: Building
    empty: Empty
    sequence: Sequence
    deal: Deal

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise InvalidGameError(
                f"a variant's name is 1-40 lower-case letters, digits and '-', got {excerpt(self.name)}"
            )
        if not _small_int(self.columns) or not 1 <= self.columns <= MAX_COLUMNS:
            raise InvalidGameError(
                f"a variant has 1-{MAX_COLUMNS} columns, got {excerpt(self.columns)}"
            )
        if not _small_int(self.cells) or not 0 <= self.cells <= MAX_CELLS:
            raise InvalidGameError(f"a variant has 0-{MAX_CELLS} cells, got {excerpt(self.cells)}")
        for field, kinds in (
            ("building", Building),
            ("empty", Empty),
            ("sequence", Sequence),
        ):
            if getattr(self, field) not in get_args(kinds):
                raise InvalidGameError(
                    f"a variant's {field} is one of {', '.join(get_args(kinds))}, "
                    f"got {excerpt(getattr(self, field))}"
                )
        self._check_deal()

    def _check_deal(self) -> None:
        deal = self.deal
        if not isinstance(deal, tuple) or len(deal) != 2 or not isinstance(deal[0], tuple):
            raise InvalidGameError(
                f"a deal is (column heights, cards to cells), got {excerpt(deal)}"
            )
        heights, cells = deal
        if not all(_small_int(h) and h >= 0 for h in heights) or not _small_int(cells):
            raise InvalidGameError(f"a deal's heights and cells are ints >= 0, got {excerpt(deal)}")
        if len(heights) != self.columns:
            raise InvalidGameError(
                f"the deal {excerpt(deal)} has {len(heights)} columns, the variant {self.columns}"
            )
        if not 0 <= cells <= self.cells:
            raise InvalidGameError(
                f"the deal puts {cells} cards in the cells, the variant has {self.cells} cells"
            )
        if sum(heights) + cells != CARDS_IN_DECK:
            raise InvalidGameError(
                f"the deal {excerpt(deal)} lays out {sum(heights) + cells} cards, not 52"
            )
        if not isinstance(deal, Deal):
            object.__setattr__(self, "deal", Deal(tuple(heights), cells))

    # --- presets and copies ----------------------------------------------------------------

    @staticmethod
    def preset(name: str) -> Variant:
        """The preset of that name (:data:`PRESETS`); ``_`` may stand for ``-``.

        >>> Variant.preset("bakers_game").empty
        'any'
        """
        found = PRESETS.get(name.replace("_", "-") if isinstance(name, str) else "")
        if found is None:
            raise NotationError(
                f"cannot read variant {excerpt(name)}: no such preset (expected one of {', '.join(PRESETS)})"
            )
        return found

    def replace(self, **changes: Any) -> Variant:
        """A copy with some fields changed (checked like a new variant)."""
        return dataclasses.replace(self, **changes)

    # --- questions of the rules ----------------------------------------------------------

    def takes(self, lower: int, upper: int) -> bool:
        """Whether card ``lower`` may go on card ``upper`` in a column (one rank lower, and the
        same suit or the other colour as the building rule says).

        >>> FREECELL.takes(19, 7), EIGHT_OFF.takes(19, 7), EIGHT_OFF.takes(19, 20)
        (True, False, True)
        """
        if lower % 13 + 1 != upper % 13:
            return False
        if self.building == "suit":
            return lower // 13 == upper // 13
        return (13 <= lower < 39) != (13 <= upper < 39)

    def capacity(self, empty_cells: int, empty_columns: int, to_empty_column: bool) -> int:
        """The most cards one move carries from column to column (see ``sequence``).

        >>> FREECELL.capacity(4, 2, False), FREECELL.capacity(4, 2, True), EIGHT_OFF.capacity(4, 2, False)
        (20, 10, 5)
        """
        if self.sequence == "one":
            return 1
        if self.sequence == "cells":
            return 1 + empty_cells
        columns = empty_columns - 1 if to_empty_column else empty_columns
        return (1 + empty_cells) << max(columns, 0)

    # --- fc-solve --------------------------------------------------------------------------

    @property
    def fc_solve_game(self) -> str | None:
        """The name of fc-solve's game (``-g``) whose rules are these (the cells and columns may
        differ: :meth:`fc_solve_args` adds them), or ``None`` when fc-solve has none."""
        rules = (self.building, self.empty, self.sequence)
        games = [(game, spec) for game, spec in _FC_SOLVE_GAMES.items() if spec[:3] == rules]
        if not games:
            return None
        # the game that needs the fewest changes of columns and cells (the first of equals)
        return min(
            games, key=lambda item: (item[1][3] != self.columns) + (item[1][4] != self.cells)
        )[0]

    def fc_solve_args(self) -> tuple[str, ...] | None:
        """The arguments that make ``fc-solve`` play this variant (``-g`` and what differs from
        that game), or ``None`` when fc-solve cannot (``sequence="one"``, or a sequence rule
        that does not follow what fills empty columns as fc-solve's does)."""
        game = self.fc_solve_game
        if game is None:
            return None
        args = ["-g", game]
        _, _, _, columns, cells = _FC_SOLVE_GAMES[game]
        if self.cells != cells:
            args += ["--freecells-num", str(self.cells)]
        if self.columns != columns:
            args += ["--stacks-num", str(self.columns)]
        return tuple(args)

    # --- notation --------------------------------------------------------------------------

    def notation(self) -> str:
        """The variant's notation: its preset's name, and in brackets what differs from it."""
        base = PRESETS.get(self.name, EIGHT_OFF)
        changes = [
            f"{field}={_field_text(self, field)}"
            for field in _FIELDS
            if getattr(self, field) != getattr(base, field)
        ]
        return base.name + (f"[{','.join(changes)}]" if changes else "")

    @classmethod
    def parse(cls, text: str) -> Variant:
        """Read :meth:`notation`: ``eight-off``, ``freecell[cells=3]``,
        ``eight-off[name=my-game,deal=7*4.6*4]``.

        >>> Variant.parse("eight-off[cells=9]")
        Traceback (most recent call last):
          ...
        officers.NotationError: cannot read variant 'eight-off[cells=9]': a variant has 0-8 cells, got 9
        """
        if not isinstance(text, str):
            raise NotationError(f"cannot read variant {excerpt(text)}: expected a string")
        match = re.fullmatch(r"\s*([a-z0-9_-]+)\s*(?:\[([^\]]*)\])?\s*", text)
        if not match:
            raise NotationError(
                f"cannot read variant {excerpt(text)}: expected a preset's name "
                f"({', '.join(PRESETS)}) and optionally changes such as '[cells=4]'"
            )
        base = cls.preset(match.group(1))
        if not match.group(2):
            return base
        try:
            return base.replace(**_read_changes(match.group(2)))
        except (InvalidGameError, NotationError) as error:
            raise NotationError(f"cannot read variant {excerpt(text)}: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: every field (``deal`` as ``{"columns": [...], "cells": n}``) and the
        ``notation``."""
        return {
            "name": self.name,
            "columns": self.columns,
            "cells": self.cells,
            "building": self.building,
            "empty": self.empty,
            "sequence": self.sequence,
            "deal": {"columns": list(self.deal.columns), "cells": self.deal.cells},
            "notation": self.notation(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str) -> Variant:
        """Read :meth:`to_dict` (or a notation string); given both, fields and notation agree.

        >>> Variant.from_dict(FREECELL.to_dict()) == FREECELL == Variant.from_dict("freecell")
        True
        """
        if isinstance(data, str):
            return cls.parse(data)
        if not isinstance(data, Mapping):
            raise NotationError(f"cannot read variant {excerpt(data)}: expected an object")
        if set(data) == {"notation"}:
            return cls.parse(data["notation"])
        try:
            deal = data["deal"]
            variant = cls(
                data["name"], data["columns"], data["cells"], data["building"], data["empty"],
                data["sequence"], Deal(tuple(deal["columns"]), deal["cells"]),
            )  # fmt: skip
        except (KeyError, TypeError) as error:
            raise NotationError(f"cannot read variant {excerpt(data)}: missing {error}") from None
        except InvalidGameError as error:
            raise NotationError(f"cannot read variant {excerpt(data)}: {error}") from None
        if data.get("notation", variant.notation()) != variant.notation():
            raise NotationError(
                f"cannot read variant {excerpt(data)}: its notation does not match its fields"
            )
        return variant

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Variant.parse({self.notation()!r})"


def _small_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value < 1000


_FIELDS: Final = ("name", "columns", "cells", "building", "empty", "sequence", "deal")


def _field_text(variant: Variant, field: str) -> str:
    value = getattr(variant, field)
    return value.notation() if isinstance(value, Deal) else str(value)


def _read_changes(text: str) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for part in text.split(","):
        key, equals, value = (piece.strip() for piece in part.partition("="))
        if not equals or key not in _FIELDS or key in changes:
            raise NotationError(
                f"{part.strip()!r} is no change (expected field=value, fields {', '.join(_FIELDS)},"
                " each once)"
            )
        if key in ("columns", "cells"):
            if not value.isdigit() or len(value) > 3:
                raise NotationError(f"{key} is a number, got {value!r}")
            changes[key] = int(value)
        elif key == "deal":
            changes[key] = Deal.parse(value)
        else:
            changes[key] = value
    return changes


EIGHT_OFF: Final = Variant("eight-off", 8, 8, "suit", "kings", "cells", Deal((6,) * 8, 4))
"""Eight Off: 8 columns of 6, 4 cards in 4 of the 8 cells, same suit, Kings only."""
EIGHT_OFF_UNEVEN: Final = EIGHT_OFF.replace(name="eight-off-uneven", deal=Deal((7,) * 4 + (6,) * 4))
"""Eight Off with all 52 cards on the columns (4 of 7, 4 of 6) and the 8 cells empty."""
RELAXED_EIGHT_OFF: Final = EIGHT_OFF.replace(
    name="relaxed-eight-off", empty="any", sequence="freecell"
)
"""Eight Off in which any card fills an empty column (which then counts in a sequence move)."""
FREECELL: Final = Variant(
    "freecell", 8, 4, "alternate", "any", "freecell", Deal((7,) * 4 + (6,) * 4)
)
"""FreeCell: 4 cells, alternating colours, any card fills an empty column."""
BAKERS_GAME: Final = FREECELL.replace(name="bakers-game", building="suit")
"""Baker's Game: FreeCell built down in suit."""
SEAHAVEN_TOWERS: Final = Variant(
    "seahaven-towers", 10, 4, "suit", "kings", "cells", Deal((5,) * 10, 2)
)
"""Seahaven Towers: 10 columns of 5, the last 2 cards in 2 of the 4 cells, same suit, Kings only."""

PRESETS: Final[Mapping[str, Variant]] = {
    v.name: v
    for v in (
        EIGHT_OFF,
        FREECELL,
        BAKERS_GAME,
        SEAHAVEN_TOWERS,
        RELAXED_EIGHT_OFF,
        EIGHT_OFF_UNEVEN,
    )
}
"""The named presets, by name."""

# fc-solve's games (scripts/gen-presets.pl): building, empty, sequence, columns, cells.
_FC_SOLVE_GAMES: Final[dict[str, tuple[str, str, str, int, int]]] = {
    "freecell": ("alternate", "any", "freecell", 8, 4),
    "bakers_game": ("suit", "any", "freecell", 8, 4),
    "eight_off": ("suit", "kings", "cells", 8, 8),
    "ko_bakers_game": ("suit", "kings", "cells", 8, 4),
    "seahaven_towers": ("suit", "kings", "cells", 10, 4),
    "forecell": ("alternate", "kings", "cells", 8, 4),
}
