"""Eight Off and its family (FreeCell, Baker's Game, Seahaven Towers, …), as parameters.

The package has the shape of Euler's Officers in :mod:`officers`: the cards come from the shared
deck (:mod:`officers.eightoff.deck`), numbered deals from :mod:`officers.core.deals`; here are the variant
(:mod:`~officers.eightoff.variant`), the position and its one-line notation
(:mod:`~officers.eightoff.position`), moves in the standard notation and refusals as facts
(:mod:`~officers.eightoff.moves`), the rules engine (:mod:`~officers.eightoff.rules`), the
game with undo (:mod:`~officers.eightoff.game`), fc-solve's board text
(:mod:`~officers.eightoff.notation`), Microsoft's FreeCell numbering
(:mod:`~officers.eightoff.microsoft`) and this game's words (:mod:`~officers.eightoff.words`).

>>> from officers.eightoff import EightOffGame, FREECELL
>>> game = EightOffGame.microsoft(1, FREECELL)
>>> game.push("5a"), game.push("5b"), game.position.cells[:2]
(Move.parse('5a'), Move.parse('5b'), (5, 33))
>>> print(game.refusal("5h").text("de"))
Nicht erlaubt (5h): Herz-Vier ist nicht die nächste Karte ihres Ablagestapels (dort liegen 0 Karten)
"""

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
