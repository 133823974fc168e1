"""officers: the exact solver for Euler's Officers and graeco-latin squares.

The 16 court cards (A, K, Q, J of ♠ ♥ ♦ ♣) go into a 4 × 4 square so that no line holds two
cards of the same rank or suit. officers reads and writes squares, says where one breaks the
rule of the square, and answers every exact question about completing it.

>>> import officers
>>> square = officers.Square("AC3/1JS2/1AH1QD/4")
>>> officers.Rules().is_valid(square)
True
"""

from __future__ import annotations

import sys
from types import ModuleType

TYPE_CHECKING = False  # True for the type checkers (without importing typing, which takes time)
if TYPE_CHECKING:  # the names, for the type checkers; at run time __getattr__ imports them
    from typing import Any, Final

    from officers.core.errors import (
        IllegalMoveError,
        IllegalPlacementError,
        InvalidArgumentError,
        InvalidGameError,
        NotationError,
        NotLatinSquareError,
        OfficersError,
        SolverTimeoutError,
        UnsupportedError,
    )
    from officers.euler.analysis import (
        CHECKS,
        Check,
        Explanation,
        Repair,
        Violation,
        check_square,
        explain,
        repairs,
    )
    from officers.euler.bots import BOTS, Bot, get_bot
    from officers.euler.cards import (
        ACE_OF_CLUBS,
        ACE_OF_DIAMONDS,
        ACE_OF_HEARTS,
        ACE_OF_SPADES,
        ALL_CARDS,
        JACK_OF_CLUBS,
        JACK_OF_DIAMONDS,
        JACK_OF_HEARTS,
        JACK_OF_SPADES,
        KING_OF_CLUBS,
        KING_OF_DIAMONDS,
        KING_OF_HEARTS,
        KING_OF_SPADES,
        QUEEN_OF_CLUBS,
        QUEEN_OF_DIAMONDS,
        QUEEN_OF_HEARTS,
        QUEEN_OF_SPADES,
        Card,
        Rank,
        Suit,
    )
    from officers.euler.game import (
        EASY,
        EXPERT,
        HARD,
        LEVELS,
        NORMAL,
        GameState,
        Level,
        Move,
        Outcome,
        Variant,
        deal,
        new_game,
    )
    from officers.euler.hints import (
        CardHint,
        ForcedMove,
        Hint,
        Placement,
        PlayerView,
        Recommendation,
        hint,
        recommend,
    )
    from officers.euler.puzzles import (
        HIGHEST_GRADE,
        LEVEL_NAMES,
        OZANAM_DIAGONAL_START,
        OZANAM_START,
        Census,
        CensusRow,
        Grade,
        Riddle,
        RiddleNotFoundError,
        StartClass,
        StartReport,
        census,
        count_classes_burnside,
        grade_start,
        new_start,
        start_classes,
        verify_start,
    )
    from officers.euler.record import GameRecord
    from officers.euler.rules import DIAGONAL_RULES, STANDARD_RULES, Conflict, Line, Rules
    from officers.euler.solve import (
        METHODS,
        Method,
        completions,
        count_completions,
        count_finished_squares,
        finished_squares,
        is_completable,
        safe_placements,
    )
    from officers.euler.solve.construct import graeco_latin_square, layers
    from officers.euler.square import EMPTY, Square, cell_name, describe_cell, parse_cell
    from officers.euler.symmetry import canonical_form, symmetry_group
    from officers.latin import (
        MateCensus,
        count_latin_squares,
        count_orthogonal_mates,
        count_transversals,
        has_orthogonal_mate,
        latin_squares,
        mols,
        orthogonal_mates,
        prove_order_6,
        transversals,
    )

_MODULES: Final[dict[str, str]] = {  # the public names that each module defines
    "officers.euler.analysis": "CHECKS Check Explanation Repair Violation check_square explain repairs",
    "officers.euler.bots": "BOTS Bot get_bot",
    "officers.euler.cards": (
        "ACE_OF_CLUBS ACE_OF_DIAMONDS ACE_OF_HEARTS ACE_OF_SPADES ALL_CARDS JACK_OF_CLUBS "
        "JACK_OF_DIAMONDS JACK_OF_HEARTS JACK_OF_SPADES KING_OF_CLUBS KING_OF_DIAMONDS "
        "KING_OF_HEARTS KING_OF_SPADES QUEEN_OF_CLUBS QUEEN_OF_DIAMONDS QUEEN_OF_HEARTS "
        "QUEEN_OF_SPADES Card Rank Suit"
    ),
    "officers.core.errors": (
        "IllegalMoveError IllegalPlacementError InvalidArgumentError InvalidGameError NotationError "
        "NotLatinSquareError OfficersError SolverTimeoutError "
        "UnsupportedError"
    ),
    "officers.euler.game": "EASY EXPERT HARD LEVELS NORMAL GameState Level Move Outcome Variant deal new_game",
    "officers.euler.hints": "CardHint ForcedMove Hint Placement PlayerView Recommendation hint recommend",
    "officers.euler.puzzles": (
        "HIGHEST_GRADE LEVEL_NAMES OZANAM_DIAGONAL_START OZANAM_START Census CensusRow Grade "
        "Riddle RiddleNotFoundError StartClass StartReport census count_classes_burnside "
        "grade_start new_start start_classes verify_start"
    ),
    "officers.euler.record": "GameRecord",
    "officers.euler.rules": "DIAGONAL_RULES STANDARD_RULES Conflict Line Rules",
    "officers.euler.solve": (
        "METHODS Method completions count_completions count_finished_squares finished_squares "
        "is_completable safe_placements"
    ),
    "officers.euler.solve.construct": "graeco_latin_square layers",
    "officers.euler.square": "EMPTY Square cell_name describe_cell parse_cell",
    "officers.euler.symmetry": "canonical_form symmetry_group",
    "officers.latin": (
        "MateCensus count_latin_squares count_orthogonal_mates count_transversals "
        "has_orthogonal_mate latin_squares mols orthogonal_mates prove_order_6 transversals"
    ),
}
_LAZY: Final = {name: module for module, names in _MODULES.items() for name in names.split()}

__version__ = "0.4.0"
"""The version of officers (the one place it is written; the build reads it from here)."""

__all__ = [
    "ACE_OF_CLUBS", "ACE_OF_DIAMONDS", "ACE_OF_HEARTS", "ACE_OF_SPADES",
    "KING_OF_CLUBS", "KING_OF_DIAMONDS", "KING_OF_HEARTS", "KING_OF_SPADES",
    "QUEEN_OF_CLUBS", "QUEEN_OF_DIAMONDS", "QUEEN_OF_HEARTS", "QUEEN_OF_SPADES",
    "JACK_OF_CLUBS", "JACK_OF_DIAMONDS", "JACK_OF_HEARTS", "JACK_OF_SPADES",
    "ALL_CARDS",
    "Card",
    "Conflict",
    "DIAGONAL_RULES",
    "EMPTY",
    "IllegalMoveError",
    "IllegalPlacementError",
    "InvalidArgumentError",
    "InvalidGameError",
    "Line",
    "METHODS",
    "Method",
    "NotLatinSquareError",
    "NotationError",
    "OfficersError",
    "Rank",
    "Rules",
    "STANDARD_RULES",
    "SolverTimeoutError",
    "Square",
    "Suit",
    "UnsupportedError",
    "cell_name",
    "completions",
    "count_completions",
    "count_finished_squares",
    "describe_cell",
    "finished_squares",
    "is_completable",
    "parse_cell",
    "safe_placements",
    # Latin squares, their mates, graeco-latin squares of any order
    "MateCensus", "count_latin_squares", "count_orthogonal_mates", "count_transversals",
    "graeco_latin_square", "has_orthogonal_mate", "latin_squares", "layers", "mols",
    "orthogonal_mates", "prove_order_6", "transversals",
    # dead ends and hints
    "CHECKS", "Check", "Explanation", "Repair", "Violation", "check_square", "explain", "repairs",
    "CardHint", "ForcedMove", "Hint", "Placement", "PlayerView", "Recommendation", "hint",
    "recommend",
    # puzzle starts
    "HIGHEST_GRADE", "LEVEL_NAMES", "OZANAM_DIAGONAL_START", "OZANAM_START", "Census",
    "CensusRow", "Grade", "Riddle", "RiddleNotFoundError", "StartClass", "StartReport", "census",
    "count_classes_burnside", "grade_start", "new_start", "start_classes", "verify_start",
    "canonical_form", "symmetry_group",
    # the game (the simulation lives in officers.euler.simulate)
    "EASY", "NORMAL", "HARD", "EXPERT", "LEVELS", "GameRecord", "GameState", "Level", "Move",
    "Outcome", "Variant", "deal", "new_game", "BOTS", "Bot", "get_bot",
]  # fmt: skip


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'officers' has no attribute {name!r}")
    __import__(module)
    value = getattr(sys.modules[module], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(ModuleType):
    """The module type of ``officers``: importing the submodule :mod:`officers.euler.repairs` does not
    bind the package's name ``repairs``, which stays the function
    :func:`officers.euler.analysis.repairs` (as when every name was imported eagerly)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _LAZY and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

from officers.core import moved as _moved  # noqa: E402 (the 0.3 names of modules moved in 0.4)

_moved.install()
