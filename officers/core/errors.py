"""The exceptions of officers.

Every exception officers raises on purpose is an :class:`OfficersError`. Those caused by
input that was wrong are also :class:`ValueError`, so ``except ValueError`` keeps working:

- :class:`NotationError`: the text (or JSON) cannot be read at all;
- :class:`IllegalMoveError`: it can be read, but the move is not allowed here (in Euler's
  Officers an :class:`IllegalPlacementError`, one kind of it);
- :class:`InvalidGameError`: values (not text) that make no level, move, deal or game state;
- :class:`UnsupportedError`: a method cannot answer this question (the index at order 5);
- :class:`NotLatinSquareError`: rows of ints (not text) that make no Latin square;
- :class:`InvalidArgumentError`: an argument of the Python API of the right type with a value it
  cannot take (a time limit of 0 seconds, an objective that is not ``"win"`` or ``"points"``, a
  position a function does not answer for); a wrong type raises :class:`TypeError`.

:class:`SolverTimeoutError` is not a ``ValueError``: the question was fine, the solver ran out of
time before it could answer ("unknown").

The doors' refusals are kinds of it too, each with the contract's error ``code``:
``officers.contract.BadRequestError`` (a request that cannot be answered: a ``ValueError``, the
request was wrong) and ``officers.rooms.RoomError`` (a request the rooms refuse, which may be
nobody's fault: ``busy``, ``conflict``).

>>> from officers import Card, NotationError
>>> try:
...     Card.parse("10S")
... except NotationError as error:
...     print(error)
cannot read card '10S': only the court cards play (ranks A K Q J, German D B)
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

__all__ = [
    "IllegalMoveError",
    "IllegalPlacementError",
    "InvalidArgumentError",
    "InvalidGameError",
    "NotLatinSquareError",
    "NotationError",
    "OfficersError",
    "RiddleNotFoundError",
    "SolverTimeoutError",
    "UnsupportedError",
    "check_time_limit",
    "excerpt",
    "invalid_argument",
    "read_json",
]


class OfficersError(Exception):
    """The base of every exception raised by officers."""


class NotationError(OfficersError, ValueError):
    """A card, cell, square or JSON text that cannot be read; the message quotes it."""


class IllegalMoveError(OfficersError, ValueError):
    """A move that can be read but is not allowed in this position, in any game; the message says
    which rule refuses it.

    ``refusal`` is the same refusal as a fact (the game's ``Refusal``:
    :class:`officers.euler.moves.Refusal`, :class:`officers.eightoff.moves.Refusal`,
    :class:`officers.skat.moves.Refusal`, which tell it in English and German), or ``None``.
    """

    refusal: Any

    def __init__(self, *args: object, refusal: Any = None) -> None:
        super().__init__(*args)
        self.refusal = refusal


class IllegalPlacementError(IllegalMoveError):
    """A placement (or removal) of Euler's Officers that can be read but is not allowed here; the
    message says why. It is an :class:`IllegalMoveError`, as every game's refused move is.

    ``refusal`` is the same refusal as a fact (a :class:`~officers.euler.moves.Refusal`, which tells
    it in other languages) when a game state refused a move, else ``None``.
    """


class UnsupportedError(OfficersError, ValueError):
    """A question that the chosen method or order cannot answer (e.g. the index at order 5)."""


class SolverTimeoutError(OfficersError, TimeoutError):
    """A solver hit its time limit before it knew the answer: the answer is unknown."""


class RiddleNotFoundError(OfficersError):
    """:func:`officers.new_start` tried as often as it was allowed and found no riddle as asked."""


class InvalidGameError(OfficersError, ValueError):
    """Values that make no level, move, deal or game state (tokens < 0, a card 16, a hand holding
    a placed card, ...); text that cannot be read raises :class:`NotationError` instead."""


class InvalidArgumentError(OfficersError, ValueError):
    """An argument given by a program, of the right type, with a value it cannot take (a time
    limit of 0 seconds, ``nan``); an argument of the wrong type raises :class:`TypeError`."""


class _ArgumentOnceGameError(InvalidArgumentError, InvalidGameError):
    # An InvalidArgumentError that 0.3 raised as an InvalidGameError: until 0.5 both catch it.
    # It prints as an InvalidArgumentError (its name, below) and pickles as one.

    def __reduce__(self) -> tuple[type[InvalidArgumentError], tuple[Any, ...]]:
        return InvalidArgumentError, self.args


def invalid_argument(
    message: str, *, was: type[InvalidGameError] | None = None
) -> InvalidArgumentError:
    """An :class:`InvalidArgumentError` with ``message``; with ``was=InvalidGameError``, one
    that 0.3 raised as an :class:`InvalidGameError` and that, until 0.5, is that kind too, so
    that ``except InvalidGameError`` written for 0.3 still catches it.

    >>> error = invalid_argument("the objective is 'win' or 'points'", was=InvalidGameError)
    >>> isinstance(error, InvalidArgumentError), isinstance(error, InvalidGameError)
    (True, True)
    >>> raise error
    Traceback (most recent call last):
    ...
    officers.InvalidArgumentError: the objective is 'win' or 'points'
    """
    if was is None:
        return InvalidArgumentError(message)
    if was is not InvalidGameError:
        raise TypeError(f"was is InvalidGameError or None, got {excerpt(was)}")
    return _ArgumentOnceGameError(message)


def excerpt(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters: how a message quotes its input.

    >>> excerpt("x" * 100, limit=12)
    "'xxxxxxxx..."
    >>> excerpt(10**5000)
    'an int of 16610 bits'
    >>> nested: list[object] = []
    >>> for _ in range(100_000):
    ...     nested = [nested]
    >>> excerpt(nested)
    'a list nested too deeply to quote'
    """
    try:
        text = repr(value)
    except ValueError:  # an int longer than Python writes (sys.get_int_max_str_digits)
        if isinstance(value, int):
            return f"an int of {value.bit_length()} bits"
        raise
    except RecursionError:  # a list or dict nested deeper than repr() goes
        return f"a {type(value).__name__} nested too deeply to quote"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_json(text: object, what: str) -> Any:
    """Decode JSON ``text``, or raise :class:`NotationError` quoting it (``what`` names the value).

    >>> read_json("[1", "move")
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read move '[1': Expecting ',' delimiter: line 1 column 3 (char 2)
    >>> read_json("[" * 100_000, "rules")
    Traceback (most recent call last):
    ...
    officers.NotationError: cannot read rules '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[...: nested too deeply
    """
    import json  # when JSON is read: a command that reads none does not load it

    if not isinstance(text, str):
        raise NotationError(f"cannot read {what} {excerpt(text)}: expected JSON text")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise NotationError(f"cannot read {what} {excerpt(text)}: {error}") from None
    except RecursionError:  # "[" * 100000: deeper than Python's decoder goes
        raise NotationError(f"cannot read {what} {excerpt(text)}: nested too deeply") from None


class NotLatinSquareError(OfficersError, ValueError):
    """Rows of ints (not text) that make no Latin square, or a pair of Latin squares that makes no
    graeco-latin square; the message quotes them (bounded) and says where they fail."""


def check_time_limit(time_limit: object) -> float | None:
    """A time limit in seconds, checked: a finite number > 0, or ``None`` for none.

    A time limit is an argument of the Python API, not data read from outside: a value that is
    not a number (``"2"``, ``True``) raises :class:`TypeError`; a number that is not finite and
    > 0 raises :class:`InvalidArgumentError` (a ``ValueError``). Both quote it.

    >>> check_time_limit(2), check_time_limit(None)
    (2.0, None)
    >>> check_time_limit(float("nan"))
    Traceback (most recent call last):
    ...
    officers.InvalidArgumentError: the time limit is a number of seconds > 0 (finite) or None, got nan
    >>> check_time_limit("2")
    Traceback (most recent call last):
    ...
    TypeError: the time limit is a number of seconds > 0 (finite) or None, got '2' (a str)
    """
    if time_limit is None:
        return None
    expected = "the time limit is a number of seconds > 0 (finite) or None"
    if not isinstance(time_limit, int | float) or isinstance(time_limit, bool):
        raise TypeError(f"{expected}, got {excerpt(time_limit)} (a {type(time_limit).__name__})")
    seconds = math.nan
    with contextlib.suppress(OverflowError):  # an int too large for a float
        seconds = float(time_limit)
    if not (math.isfinite(seconds) and seconds > 0):
        raise InvalidArgumentError(f"{expected}, got {excerpt(time_limit)}")
    return seconds


# Each error prints as ``officers.<name>`` (officers exports every one of them): where a class is
# written is not part of its name, so tracebacks, doctests and pickles stay the same when a
# module moves.
for _error in (
    OfficersError,
    NotationError,
    IllegalPlacementError,
    UnsupportedError,
    SolverTimeoutError,
    RiddleNotFoundError,
    InvalidGameError,
    InvalidArgumentError,
    NotLatinSquareError,
    IllegalMoveError,
    _ArgumentOnceGameError,
):
    _error.__module__ = "officers"
del _error
_ArgumentOnceGameError.__name__ = _ArgumentOnceGameError.__qualname__ = "InvalidArgumentError"
