"""Names of 0.3 that 0.4 renamed: each still works, and warns once where it is used.

A renamed function keeps its old name as a function that warns with a
:class:`DeprecationWarning` naming the new one and then does what the new one does; the old
names go in 0.5. (Modules that moved warn through :mod:`officers.core.moved`.)

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     renamed("officers.x.old()", "officers.x.new()", stacklevel=1)
>>> print(caught[0].message)
officers.x.old() is officers.x.new() since 0.4; the old name goes in 0.5
"""

from __future__ import annotations

import warnings

__all__ = ["renamed"]


def renamed(old: str, new: str, *, what: str = "name", stacklevel: int = 3) -> None:
    """Warn (:class:`DeprecationWarning`) that ``old`` is ``new`` since 0.4 and that the old
    ``what`` (a name, a call) goes in 0.5.

    ``stacklevel`` counts as :func:`warnings.warn` does, from this function: the default, 3,
    names the line that called the function that calls this one (the user's line)."""
    warnings.warn(
        f"{old} is {new} since 0.4; the old {what} goes in 0.5",
        DeprecationWarning,
        stacklevel=stacklevel,
    )
