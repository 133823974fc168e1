"""The compiled exact cover search (``officers/solve/_cover.c``); see :mod:`officers.solve.accel`."""

ABI: int

def count(*args: object) -> int: ...
