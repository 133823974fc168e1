"""fc-solve's library (``libfreecell-solver``) in process, through ctypes: the peer of Eight Off's
solver with no process start on either side.

Debian ships the library in ``libfreecell-solver0`` (a dependency of ``freecell-solver-bin``,
which CI installs); its headers (``libfreecell-solver-dev``, ``fcs_user.h``, ``fcs_cl.h``,
``fcs_move.h``, ``fcs_enums.h``) are what this binding follows. One :class:`Solver` is one
instance of the library (``freecell_solver_user_alloc``), set up once:

1. the game: ``freecell_solver_user_apply_preset`` with the name fc-solve's ``-g`` takes
   (:meth:`officers.eightoff.variant.Variant.fc_solve_args`), and the cells and columns that
   differ from it (``--freecells-num``, ``--stacks-num``);
2. the search: a theme of fc-solve's ``-l`` (the meta-moves presets of its ``presetrc``:
   ``lg``, ``te``, ``as`` …; ``None`` keeps fc-solve's default, one soft-DFS scan) and any
   further command-line options, read by the library's own parser
   (``freecell_solver_user_cmd_line_parse_args``, as ``fc-solve`` reads its arguments);
3. a wall-clock limit: the search runs by steps of iterations
   (``freecell_solver_user_limit_iterations_long``, then ``..._resume_solution``), the clock
   read between steps, up to a total iteration limit (fc-solve's ``-mi``).

:meth:`Solver.solve` solves one board text (the format :func:`board` writes, fc-solve's
``-p -t``), copies the win's moves (``fcs_move_t`` structs, all at once with
``freecell_solver_user_get_moves_sequence``; one by one with ``..._get_next_move`` where that
fails) and recycles the instance (``freecell_solver_user_recycle``): each deal pays for its own
search only, and the instance keeps its settings from deal to deal. The moves are decoded
(:attr:`Outcome.steps`) after, outside that call: a user of the library reads them in C.
:meth:`Solver.close` frees it (``freecell_solver_user_free``).

The moves come back as :class:`Step`: where from, where to, how many cards. The same steps are
read from the text of the ``fc-solve -m`` process (:func:`steps_from_text`), and
:func:`officers_moves` makes officers' moves of either (the suit of a move to the foundations
read from the card it moves), for :func:`officers.eightoff.solve.replay` to play through: a
check that both programs play by the same rules.

>>> from officers.eightoff.position import Position
>>> print(board(Position.numbered(1)), end="")  # doctest: +ELLIPSIS
Foundations: C-0 D-0 H-0 S-0
Freecells: 3H 2S 9H 7S - - - -
: 7D 9S 7H TS AS 9D
...
>>> steps_from_text("Move 3 cards from stack 2 to stack 5\\nMove a card from freecell 1 to the foundations")
[Step(source=('column', 2), target=('column', 5), cards=3), Step(source=('cell', 1), target=('foundation', -1), cards=1)]
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from officers.eightoff.position import Position
from officers.eightoff.solve import Move, Place, replay
from officers.eightoff.variant import Variant

__all__ = [
    "LIBRARY_NAMES",
    "FcsLibraryError",
    "Outcome",
    "Solver",
    "Step",
    "board",
    "card_text",
    "load",
    "officers_moves",
    "steps_from_text",
]

LIBRARY_NAMES: Final = ("libfreecell-solver.so.0", "libfreecell-solver.so")
"""The names the library is looked for under (Debian's ``libfreecell-solver0`` installs the
first; ``libfreecell-solver-dev`` adds the second)."""

RANKS: Final = "A23456789TJQK"
SUITS: Final = "CDHS"  # officers' suit order: card // 13

# fc_solve_solve_process_ret_t (fcs_enums.h)
_SOLVED: Final = 0
_NOT_SOLVEABLE: Final = 1
_EXCEEDS_MAX_NUM_TIMES: Final = 3
_SUSPEND_PROCESS: Final = 5
_INVALID_STATE: Final = 8
_FLARES_PLAN_ERROR: Final = 12
# the move types (fcs_move.h)
_STACK_TO_STACK: Final = 0
_STACK_TO_FREECELL: Final = 1
_FREECELL_TO_STACK: Final = 2
_FREECELL_TO_FREECELL: Final = 3
_STACK_TO_FOUNDATION: Final = 4
_FREECELL_TO_FOUNDATION: Final = 5
_SEQ_TO_FOUNDATION: Final = 11
_CANONIZE: Final = 12
_SEPARATOR: Final = 13
_NULL: Final = 14
_FOUNDATION: Final = -1  # a Step's foundation: its suit is the card's, read at replay


class FcsLibraryError(RuntimeError):
    """The library is missing, refused a setting, or said something this binding cannot read."""


class _Move(ctypes.Structure):
    """``fcs_move_t``: ``unsigned char c[4]``: type, source, destination, cards in the run."""

    _fields_ = [("c", ctypes.c_ubyte * 4)]


class Step(NamedTuple):
    """One move of fc-solve: its source place, its target place (a foundation's index is
    :data:`_FOUNDATION`, -1: the suit is the moved card's), the cards it carries."""

    source: Place
    target: Place
    cards: int


class _MovesSequence(ctypes.Structure):
    """``fcs_moves_sequence_t``: ``int num_moves; fcs_move_t *moves``."""

    _fields_ = [("num_moves", ctypes.c_int), ("moves", ctypes.POINTER(_Move))]


@dataclass(frozen=True)
class Outcome:
    """fc-solve's answer on one board: ``status`` (``solvable``, ``unsolvable``, ``unknown``),
    the win's moves as the library gives them (``fcs_move_t``, 4 bytes each), the iterations
    (states checked) and the states stored."""

    status: str
    moves: bytes
    iterations: int
    stored: int

    @property
    def steps(self) -> tuple[Step, ...]:
        """The win's moves as steps (the library's moves that change nothing left out)."""
        found = (_step(self.moves[i : i + 4]) for i in range(0, len(self.moves), 4))
        return tuple(step for step in found if step is not None)


def card_text(card: int) -> str:
    """A card (officers' int: ``13 * suit + rank - 1``, suits C D H S) as fc-solve writes it.

    >>> card_text(0), card_text(51), card_text(22)
    ('AC', 'KS', 'TD')
    """
    return RANKS[card % 13] + SUITS[card // 13]


def board(position: Position) -> str:
    """The position in fc-solve's board format (``fc-solve -p -t`` writes the same)."""
    foundations = " ".join(
        f"{suit}-{RANKS[n - 1] if n else 0}"
        for suit, n in zip(SUITS, position.foundations, strict=True)
    )
    cells = " ".join("-" if card is None else card_text(card) for card in position.cells)
    lines = [f"Foundations: {foundations}", f"Freecells: {cells}"]
    lines += [": " + " ".join(card_text(card) for card in column) for column in position.columns]
    return "\n".join(lines) + "\n"


_MOVE_TEXT = re.compile(
    r"Move (?:a card|(\d+) cards) from (stack|freecell) (\d+) to "
    r"(?:the (foundations)|(stack|freecell) (\d+))"
)


def steps_from_text(text: str) -> list[Step]:
    """The moves of fc-solve's ``-m`` output, as steps."""
    steps: list[Step] = []
    for match in _MOVE_TEXT.finditer(text):
        source: Place = ("column" if match.group(2) == "stack" else "cell", int(match.group(3)))
        target: Place
        if match.group(4):
            target = ("foundation", _FOUNDATION)
        else:
            target = ("column" if match.group(5) == "stack" else "cell", int(match.group(6)))
        steps.append(Step(source, target, int(match.group(1) or 1)))
    return steps


def officers_moves(steps: Sequence[Step], position: Position) -> list[Move]:
    """fc-solve's steps as officers' moves from ``position``, each replayed by
    :func:`~officers.eightoff.solve.replay` as it is read (the suit of a move to the
    foundations is the card's it moves, in the position reached so far). Raises
    :class:`~officers.eightoff.solve.IllegalReplayError` at a move the rules refuse, and
    ``IndexError`` or :class:`FcsLibraryError` at a move from an empty place."""
    moves: list[Move] = []
    current = (position.columns, position.cells, position.foundations)
    for source, target, cards in steps:
        kind, index = source
        card = current[0][index][-cards] if kind == "column" else current[1][index]
        if card is None:
            raise FcsLibraryError(f"a move from the empty cell {index}")
        place = ("foundation", card // 13) if target[0] == "foundation" else target
        move: Move = (source, place, cards)
        current = replay(*current, position.variant, [move])
        moves.append(move)
    return moves


def load(path: str | None = None) -> ctypes.CDLL:
    """The library, its functions typed; :class:`FcsLibraryError` when it is not installed."""
    names = [path] if path else [*LIBRARY_NAMES, ctypes.util.find_library("freecell-solver")]
    problems = []
    for name in names:
        if not name:
            continue
        try:
            library = ctypes.CDLL(name)
        except OSError as error:
            problems.append(str(error))
            continue
        _declare(library)
        return library
    raise FcsLibraryError(
        "fc-solve's library is not installed (Debian: apt-get install libfreecell-solver0): "
        + "; ".join(problems)[:300]
    )


def _declare(library: ctypes.CDLL) -> None:
    p, i, c, long = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_ssize_t
    pi = ctypes.POINTER(ctypes.c_int)
    signatures: dict[str, tuple[object, list[object]]] = {
        "freecell_solver_user_alloc": (p, []),
        "freecell_solver_user_free": (None, [p]),
        "freecell_solver_user_recycle": (None, [p]),
        "freecell_solver_user_apply_preset": (i, [p, c]),
        "freecell_solver_user_set_num_freecells": (i, [p, i]),
        "freecell_solver_user_set_num_stacks": (i, [p, i]),
        "freecell_solver_user_limit_iterations_long": (None, [p, long]),
        "freecell_solver_user_solve_board": (i, [p, c]),
        "freecell_solver_user_resume_solution": (i, [p]),
        "freecell_solver_user_get_next_move": (i, [p, ctypes.POINTER(_Move)]),
        "freecell_solver_user_get_moves_sequence": (i, [p, ctypes.POINTER(_MovesSequence)]),
        "freecell_solver_user_get_moves_left": (i, [p]),
        "freecell_solver_user_get_num_times_long": (long, [p]),
        "freecell_solver_user_get_num_states_in_collection_long": (long, [p]),
        "freecell_solver_user_get_lib_version": (c, [p]),
        # (instance, argc, argv, start, known parameters, callback, its context,
        #  &error string, &last argument)
        "freecell_solver_user_cmd_line_parse_args": (
            i,
            [p, i, ctypes.POINTER(c), i, ctypes.POINTER(c), p, p, ctypes.POINTER(p), pi],
        ),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(library, name)
        function.restype = result
        function.argtypes = arguments


_libc = ctypes.CDLL(ctypes.util.find_library("c"))
_libc.free.argtypes = [ctypes.c_void_p]
_libc.free.restype = None


class Solver:
    """One instance of fc-solve's library for one game: :meth:`solve` board after board.

    ``game``: fc-solve's game arguments (:meth:`~officers.eightoff.variant.Variant.fc_solve_args`:
    ``-g NAME`` and optionally ``--freecells-num N``, ``--stacks-num N``); ``theme``: a name of
    fc-solve's ``-l`` (``None``: its default search); ``options``: further command-line options;
    ``iterations``: the most iterations a board may take (``-mi``); ``time_limit``: the most
    seconds (read between steps of ``step`` iterations; ``None``: none).
    """

    def __init__(
        self,
        game: Sequence[str],
        theme: str | None = "lg",
        options: Sequence[str] = (),
        *,
        iterations: int = 10_000_000,
        time_limit: float | None = 10.0,
        step: int = 20_000,
        library: ctypes.CDLL | None = None,
    ) -> None:
        self.lib = library or load()
        self.iterations = iterations
        self.time_limit = time_limit
        self.step = step
        self._instance: int | None = self.lib.freecell_solver_user_alloc()
        if not self._instance:
            raise FcsLibraryError("freecell_solver_user_alloc failed")
        try:
            self._configure(list(game), theme, list(options))
        except BaseException:
            self.close()
            raise

    @classmethod
    def for_variant(cls, variant: Variant, theme: str | None = "lg", **kwargs: object) -> Solver:
        """A solver for an officers variant (``kwargs`` as the constructor's)."""
        game = variant.fc_solve_args()
        if game is None:
            raise FcsLibraryError(f"fc-solve does not play {variant.notation()}")
        return cls(game, theme, **kwargs)  # type: ignore[arg-type]

    def _configure(self, game: list[str], theme: str | None, options: list[str]) -> None:
        instance = self._instance
        if len(game) < 2 or game[0] != "-g":
            raise FcsLibraryError(f"the game arguments start with -g NAME, got {game!r}"[:300])
        code = self.lib.freecell_solver_user_apply_preset(instance, game[1].encode())
        if code != 0:
            raise FcsLibraryError(f"fc-solve has no game {game[1]!r} (code {code})"[:300])
        rest = game[2:]
        setters = {
            "--freecells-num": self.lib.freecell_solver_user_set_num_freecells,
            "--stacks-num": self.lib.freecell_solver_user_set_num_stacks,
        }
        for name, value in zip(rest[::2], rest[1::2], strict=True):
            if name not in setters or setters[name](instance, int(value)) != 0:
                raise FcsLibraryError(f"cannot set {name} {value} in fc-solve"[:300])
        arguments = (["-l", theme] if theme else []) + options
        if arguments:
            self._parse(arguments)

    def _parse(self, arguments: list[str]) -> None:
        argv = (ctypes.c_char_p * (len(arguments) + 1))(*[a.encode() for a in arguments], None)
        known = (ctypes.c_char_p * 1)(None)
        error = ctypes.c_void_p()
        last = ctypes.c_int(0)
        code = self.lib.freecell_solver_user_cmd_line_parse_args(
            self._instance,
            len(arguments),
            argv,
            0,
            known,
            None,
            None,
            ctypes.byref(error),
            ctypes.byref(last),
        )
        message = ""
        if error.value:
            message = ctypes.string_at(error.value).decode(errors="replace")
            _libc.free(error.value)
        if code != 0:
            raise FcsLibraryError(
                f"fc-solve refused {' '.join(arguments)!r} at {arguments[last.value :][:1]} "
                f"(code {code}): {message}"[:400]
            )

    @property
    def version(self) -> str:
        """The library's version (``5.0.0`` in Debian 11 and 12)."""
        text: bytes = self.lib.freecell_solver_user_get_lib_version(self._instance)
        return text.decode()

    def solve(self, board_text: str) -> Outcome:
        """Solve one board: the verdict, the win's steps, and the instance recycled."""
        lib, instance = self.lib, self._instance
        if instance is None:
            raise FcsLibraryError("the solver is closed")
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        limit = min(self.step, self.iterations)
        lib.freecell_solver_user_limit_iterations_long(instance, limit)
        code = lib.freecell_solver_user_solve_board(instance, board_text.encode())
        while code == _SUSPEND_PROCESS and limit < self.iterations:
            if deadline is not None and time.monotonic() >= deadline:
                break
            limit = min(limit + self.step, self.iterations)
            lib.freecell_solver_user_limit_iterations_long(instance, limit)
            code = lib.freecell_solver_user_resume_solution(instance)
        moves = self._moves() if code == _SOLVED else b""
        iterations = int(lib.freecell_solver_user_get_num_times_long(instance))
        stored = int(lib.freecell_solver_user_get_num_states_in_collection_long(instance))
        lib.freecell_solver_user_recycle(instance)
        if code == _SOLVED:
            return Outcome("solvable", moves, iterations, stored)
        if code == _NOT_SOLVEABLE:
            return Outcome("unsolvable", b"", iterations, stored)
        if code in (_SUSPEND_PROCESS, _EXCEEDS_MAX_NUM_TIMES):
            return Outcome("unknown", b"", iterations, stored)
        if code == _INVALID_STATE:
            raise FcsLibraryError(f"fc-solve cannot read the board {board_text[:200]!r}")
        raise FcsLibraryError(f"fc-solve ended with code {code}")

    def _moves(self) -> bytes:
        """The win's moves, all at once (``freecell_solver_user_get_moves_sequence``, a copy
        the caller frees), else one by one (``..._get_next_move``)."""
        # the number of moves left traces the solution, which the sequence then copies
        left = self.lib.freecell_solver_user_get_moves_left(self._instance)
        sequence = _MovesSequence()
        if self.lib.freecell_solver_user_get_moves_sequence(self._instance, sequence) == 0:
            moves = ctypes.string_at(sequence.moves, 4 * sequence.num_moves)
            _libc.free(sequence.moves)
            if sequence.num_moves == left:
                return moves
        move, found = _Move(), bytearray()
        while self.lib.freecell_solver_user_get_next_move(self._instance, move) == 0:
            found += bytes(move.c)
        return bytes(found)

    def close(self) -> None:
        """Free the instance (again: nothing)."""
        if self._instance is not None:
            self.lib.freecell_solver_user_free(self._instance)
            self._instance = None

    def __enter__(self) -> Solver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


def _step(move: bytes) -> Step | None:
    kind, source, target, count = move
    if kind == _STACK_TO_STACK:
        return Step(("column", source), ("column", target), count)
    if kind == _STACK_TO_FREECELL:
        return Step(("column", source), ("cell", target), 1)
    if kind == _FREECELL_TO_STACK:
        return Step(("cell", source), ("column", target), 1)
    if kind == _FREECELL_TO_FREECELL:
        return Step(("cell", source), ("cell", target), 1)
    if kind == _STACK_TO_FOUNDATION:
        return Step(("column", source), ("foundation", _FOUNDATION), 1)
    if kind == _FREECELL_TO_FOUNDATION:
        return Step(("cell", source), ("foundation", _FOUNDATION), 1)
    if kind in (_CANONIZE, _SEPARATOR, _NULL):
        return None
    if kind == _SEQ_TO_FOUNDATION:
        raise FcsLibraryError("a move of a whole sequence to the foundations (Simple Simon's)")
    raise FcsLibraryError(f"a move of type {kind} (not one of the Eight Off family's)")
