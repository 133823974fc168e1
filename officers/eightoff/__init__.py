"""Eight Off and its family (FreeCell, Baker's Game, Seahaven Towers, …), as parameters.

The package has the shape of Euler's Officers in :mod:`officers`: the cards come from the shared
deck (:mod:`officers.eightoff.deck`), numbered deals from :mod:`officers.core.deals`; here are the variant
(:mod:`~officers.eightoff.variant`), the position and its one-line notation
(:mod:`~officers.eightoff.position`), moves in the standard notation and refusals as facts
(:mod:`~officers.eightoff.moves`), the rules engine (:mod:`~officers.eightoff.rules`), the
game with undo (:mod:`~officers.eightoff.game`), fc-solve's board text
(:mod:`~officers.eightoff.notation`), Microsoft's FreeCell numbering
(:mod:`~officers.eightoff.microsoft`) and this game's words (:mod:`~officers.eightoff.words`).

Every public name is importable from here (each module is loaded at its first use, so that a
command loads only the modules it uses).

>>> from officers.eightoff import EightOffGame, FREECELL
>>> game = EightOffGame.microsoft(1, FREECELL)
>>> game.push("5a"), game.push("5b"), game.position.cells[:2]
(Move.parse('5a'), Move.parse('5b'), (5, 33))
>>> print(game.refusal("5h").text("de"))
Nicht erlaubt (5h): Herz-Vier ist nicht die nächste Karte ihres Ablagestapels (dort liegen 0 Karten)
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # True for the type checkers (without importing typing, which takes time)
if TYPE_CHECKING:  # the names, for the type checkers; at run time __getattr__ imports them
    from typing import Any, Final

    from officers.eightoff.game import EightOffGame
    from officers.eightoff.microsoft import microsoft_deal, microsoft_order
    from officers.eightoff.moves import (
        FOUNDATION,
        REFUSALS,
        Move,
        Outcome,
        Place,
        Refusal,
        RefusalKind,
        cell,
        column,
    )
    from officers.eightoff.notation import board_text, read_board
    from officers.eightoff.position import Position, lay_out
    from officers.eightoff.rules import (
        capacity,
        is_legal,
        legal_moves,
        play,
        refusal,
        resolve,
        run_length,
    )
    from officers.eightoff.variant import (
        BAKERS_GAME,
        EIGHT_OFF,
        EIGHT_OFF_UNEVEN,
        FREECELL,
        PRESETS,
        RELAXED_EIGHT_OFF,
        SEAHAVEN_TOWERS,
        Deal,
        Variant,
    )

_MODULES: Final[dict[str, str]] = {  # the public names that each module defines
    "officers.eightoff.game": "EightOffGame",
    "officers.eightoff.microsoft": "microsoft_deal microsoft_order",
    "officers.eightoff.moves": (
        "FOUNDATION REFUSALS Move Outcome Place Refusal RefusalKind cell column"
    ),
    "officers.eightoff.notation": "board_text read_board",
    "officers.eightoff.position": "Position lay_out",
    "officers.eightoff.rules": "capacity is_legal legal_moves play refusal resolve run_length",
    "officers.eightoff.variant": (
        "BAKERS_GAME EIGHT_OFF EIGHT_OFF_UNEVEN FREECELL PRESETS RELAXED_EIGHT_OFF "
        "SEAHAVEN_TOWERS Deal Variant"
    ),
}
_LAZY: Final = {name: module for module, names in _MODULES.items() for name in names.split()}

__all__ = [
    "BAKERS_GAME",
    "EIGHT_OFF",
    "EIGHT_OFF_UNEVEN",
    "FOUNDATION",
    "FREECELL",
    "PRESETS",
    "REFUSALS",
    "RELAXED_EIGHT_OFF",
    "SEAHAVEN_TOWERS",
    "Deal",
    "EightOffGame",
    "Move",
    "Outcome",
    "Place",
    "Position",
    "Refusal",
    "RefusalKind",
    "Variant",
    "board_text",
    "capacity",
    "cell",
    "column",
    "is_legal",
    "lay_out",
    "legal_moves",
    "microsoft_deal",
    "microsoft_order",
    "play",
    "read_board",
    "refusal",
    "resolve",
    "run_length",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'officers.eightoff' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
