"""The compiled exact cover search (``officers/euler/solve/_cover.c``); see :mod:`officers.euler.solve.accel`
and :mod:`officers.euler.solve.exact`, which builds the arguments."""

from collections.abc import Callable

ABI: int

class _Search: ...  # a capsule: the state of a listing, between two calls of more()

def count(
    n: int,
    options: int,
    constraints: int,
    starts: bytes,
    items: bytes,
    marks: bytes,
    touched: int,
    check: Callable[[], object],
    /,
) -> int: ...
def covers(
    n: int,
    options: int,
    constraints: int,
    starts: bytes,
    items: bytes,
    marks: bytes,
    check: Callable[[], object],
    /,
) -> _Search: ...
def more(search: _Search, room: int, /) -> list[list[int]]: ...
