"""Latin squares through the contract: the operations ``latin/...`` of the registry
(:mod:`officers.games`) and their documents (``latin-...``), written here once for the engine,
the service and the command line.

Each operation runs in a child process under the door's time limit, holding one of its search
slots (:func:`officers.contract.bounded.bounded`): a count of order 8 or a table to 599 takes
longer than a service's two seconds and is then answered ``timeout``. An answer carries at most
:data:`MAX_CELLS` symbols of squares; a larger one is refused as ``limit`` before any work.

>>> from officers.contract import handle
>>> answer = handle({"op": "latin/mols", "k": 2, "n": 3})
>>> answer["kind"], answer["found"], answer["construction"], answer["squares"][1]
('latin-mols', True, 'finite field GF(3)', [[0, 1, 2], [2, 0, 1], [1, 2, 0]])
>>> refused = handle({"op": "latin/mols", "k": 2, "n": 6})
>>> refused["found"], refused["reason"][:55]
(False, 'no 2 mutually orthogonal Latin squares of order 6 exist')
>>> handle({"op": "latin/classify", "square": [[0, 1], [1, 0]]})["autotopisms"]
4
>>> handle({"op": "latin/classify", "square": [[0, 1], [0, 1]]})["message"]
'not a Latin square [[0, 1], [0, 1]]: column 1 holds 0 twice'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from officers.contract.bounded import bounded
from officers.contract.documents import head
from officers.contract.limits import Limits
from officers.contract.requests import BadRequestError, Request, integral
from officers.core.errors import excerpt

if TYPE_CHECKING:
    import concurrent.futures

    from officers.latin.canonical import Classification
    from officers.latin.count import LatinCount
    from officers.latin.orthogonal import MateCount

__all__ = [
    "MAX_CELLS",
    "classification_data",
    "classification_document",
    "classify_op",
    "completion_document",
    "count_data",
    "count_document",
    "count_op",
    "mate_count_data",
    "mates_document",
    "mates_op",
    "mols_classification_document",
    "mols_classify_op",
    "mols_complete_op",
    "mols_document",
    "mols_op",
    "mols_table_document",
    "mols_table_op",
    "mols_verification_document",
    "mols_verify_op",
    "random_op",
    "squares_document",
]

MAX_CELLS: Final = 250_000
"""The most symbols of squares one answer of the doors carries (about a megabyte of JSON):
e.g. 2 squares of order 353, or 25 of order 100."""

_T = TypeVar("_T")

Rows = list[list[int]]


def _rows(square: Sequence[Sequence[int]]) -> Rows:
    return [list(row) for row in square]


def _limited(cells: int, what: str) -> None:
    if cells > MAX_CELLS:
        raise BadRequestError(
            "limit",
            f"{what} hold {cells:,} symbols, more than the {MAX_CELLS:,} one answer carries here",
        )


def _bounded(request: Request, limits: Limits, function: Callable[..., _T], *args: Any) -> _T:
    """``function(*args)`` in a child process under what is left of the door's time limit,
    holding one of its search slots, ended at once by the engine's ``cancel``."""
    budget = request.budget
    time_limit = budget.time_left(limits.time_limit)
    with budget.slot():
        return bounded(function, args, time_limit, budget.cancel)


def _square(request: Request, name: str = "square") -> Rows:
    """A square field: rows of whole numbers (its schema has bounded it), checked Latin by the
    library where it is used."""
    value = integral(request.get(name))
    if not isinstance(value, list) or not all(
        isinstance(row, list) and all(isinstance(v, int) for v in row) for row in value
    ):
        raise BadRequestError(
            "bad-request", f"{name!r} must be a list of rows of whole numbers, got {excerpt(value)}"
        )
    return value


# --- latin/mols ---------------------------------------------------------------------------------


def mols_document(k: int, n: int) -> dict[str, Any]:
    """``k`` mutually orthogonal Latin squares of order ``n`` (``n < 600``), checked, with the
    construction; or ``found`` false with the ``reason`` (a theorem says none exist, or none is
    known to this library), ``built`` (the most this library builds of order ``n``) and
    ``table`` (the published table's lower bound) either way; both ``None`` at order 1, where
    any number of copies of the one square are mutually orthogonal.

    >>> document = mols_document(3, 10)
    >>> document["found"], document["built"], document["table"], document["squares"]
    (False, 2, 2, None)
    """
    from officers.core.errors import UnsupportedError
    from officers.latin import mols_data
    from officers.latin.mutually_orthogonal import largest_known, mols, plan, why_no_mols

    base = {**head("latin-mols"), "k": k, "n": n}
    if n == 1:  # any number of copies of the one square: no most, no table
        return {**base, "found": True, "built": None, "table": None,
                "construction": "the square of order 1", "squares": [[[0]]] * k, "reason": None}  # fmt: skip
    base |= {"built": largest_known(n), "table": mols_data.lower_bound(n)}
    reason = why_no_mols(k, n)
    if reason is None:
        try:
            squares = mols(k, n)
        except UnsupportedError as error:  # none known here, or too many symbols at once
            reason = str(error)
    if reason is not None:
        return {**base, "found": False, "construction": None, "squares": None, "reason": reason}
    return {
        **base,
        "found": True,
        "construction": plan(n)[1],
        "squares": [_rows(square) for square in squares],
        "reason": None,
    }


def mols_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/mols``: ``k`` MOLS of order ``n`` (:func:`mols_document`)."""
    k, n = request.count("k", None, least=1), request.count("n", None, least=1)
    _limited(k * n * n, f"{k} squares of order {n}")
    return _bounded(request, limits, mols_document, k, n)


def mols_table_document(first: int, last: int) -> dict[str, Any]:
    """For every order ``first <= n <= last`` (``last < 600``), the MOLS this library builds
    against the published table, and the construction.

    >>> mols_table_document(2, 4)["rows"][-1]
    {'n': 4, 'built': 3, 'table': 3, 'difference': 0, 'construction': 'finite field GF(4)'}
    """
    from officers.latin.mutually_orthogonal import mols_table

    rows = [
        {
            "n": e.n,
            "built": e.built,
            "table": e.table,
            "difference": e.built - e.table,
            "construction": e.construction,
        }
        for e in mols_table(last, start=first)
    ]
    return {**head("latin-mols-table"), "from": first, "to": last, "rows": rows}


def _orders(request: Request) -> tuple[int, int]:
    """The orders ``from`` (2) to ``to`` (100) of a table's request, in order."""
    first, last = request.count("from", 2, least=2), request.count("to", 100, least=2)
    if first > last:
        raise BadRequestError("bad-input", f"'from' ({first}) is after 'to' ({last})")
    return first, last


def mols_table_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/mols-table``: :func:`mols_table_document` from ``from`` (2) to ``to`` (100)."""
    return _bounded(request, limits, mols_table_document, *_orders(request))


def mols_verification_document(
    first: int,
    last: int,
    *,
    jobs: int | None = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = False,
    exact: bool = False,
) -> dict[str, Any]:
    """The table from order ``first`` to ``last`` (``last < 600``) with every set built and
    checked (:func:`officers.latin.mols_verify.verify_table`): each row is
    :func:`mols_table_document`'s with ``squares`` (those checked: all that are built),
    ``verified``, the ``check`` (``"exact"``, or ``"randomized"`` for the whole sets of the
    prime powers above 193) and the CPU seconds of the build and of the check. ``jobs`` local
    processes (default one, this process), or any ``executor`` (a Dask cluster's); with
    ``exact``, every set checked exactly.

    >>> document = mols_verification_document(10, 12)
    >>> document["verified"], [(r["n"], r["squares"], r["verified"]) for r in document["rows"]]
    (True, [(10, 2, True), (11, 10, True), (12, 5, True)])
    """
    from officers.latin.mols_verify import verify_table

    checked = verify_table(
        last, start=first, jobs=jobs, executor=executor, progress=progress, exact=exact
    )
    return {
        **head("latin-mols-verification"),
        "from": first,
        "to": last,
        "verified": all(v.verified for v in checked),
        "rows": [{**v.to_dict(), "difference": v.built - v.table} for v in checked],
    }


def mols_verify_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/mols-verify``: :func:`mols_verification_document` from ``from`` (2) to ``to``
    (100), in one child process under the door's time limit."""
    return _bounded(request, limits, mols_verification_document, *_orders(request))


def completion_document(
    squares: list[Rows], method: str, time_limit: float | None
) -> dict[str, Any]:
    """A square orthogonal to every one of ``squares`` (:func:`officers.latin.complete_mols`),
    or ``found`` false with the ``reason``: ``squares`` holds the given squares and, when
    ``found``, the new one last (so it reads back as the next set to complete). Out of time
    it raises :class:`~officers.SolverTimeoutError`.

    >>> document = completion_document([[[0, 1, 2], [1, 2, 0], [2, 0, 1]]], "exact", None)
    >>> document["found"], document["k"], document["square"]
    (True, 2, [[0, 1, 2], [2, 0, 1], [1, 2, 0]])
    """
    from officers.latin.complete import complete_mols

    square = complete_mols(squares, time_limit=time_limit, method=method)
    n, k = len(squares[0]), len(squares) + 1
    given = [_rows(s) for s in squares]
    reason = None
    if square is None:
        reason = (
            f"at most n - 1 = {n - 1} mutually orthogonal Latin squares of order {n} exist "
            f"(Bose 1938): {len(squares)} given"
            if len(squares) >= n - 1
            else f"no Latin square of order {n} is orthogonal to "
            + ("the given square" if len(squares) == 1 else f"all {len(squares)} given squares")
            + f": the {method} search was exhaustive"
        )
    return {
        **head("latin-mols-completion"),
        "k": k,
        "n": n,
        "method": method,
        "found": square is not None,
        "square": None if square is None else _rows(square),
        "squares": given if square is None else [*given, _rows(square)],
        "reason": reason,
    }


def mols_complete_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/mols-complete``: :func:`completion_document` (the child process is ended at the
    limit: the search itself runs without one)."""
    given = integral(request.get("squares"))
    if not isinstance(given, list):
        raise BadRequestError("bad-request", f"'squares' must be a list, got {excerpt(given)}")
    squares = [_square(Request({"square": s}), "square") for s in given]
    _limited(sum(len(row) for s in squares for row in s), f"{len(squares)} given squares")
    method = request.word("method", "exact")
    return _bounded(request, limits, completion_document, squares, method, None)


def mols_classification_document(squares: list[Rows]) -> dict[str, Any]:
    """The class of a set of mutually orthogonal Latin squares
    (:func:`officers.latin.mols_classes.classify_mols`): its canonical set (the same for every
    equivalent set: rows, columns and squares may trade places, each renamed), the order of
    its group and the number of ordered ``k``-tuples of MOLS in the class.

    >>> from officers.latin.mutually_orthogonal import mols
    >>> document = mols_classification_document([_rows(s) for s in mols(3, 4)])
    >>> document["k"], document["automorphisms"], document["size"]
    (3, 5760, 165888)
    """
    import math

    from officers.latin.mols_classes import classify_mols

    form, automorphisms = classify_mols(squares)
    n, k = len(form[0]), len(form)
    return {
        **head("latin-mols-classification"),
        "k": k,
        "n": n,
        "form": [_rows(s) for s in form],
        "automorphisms": automorphisms,
        "size": math.factorial(n) ** (k + 2) * math.factorial(k + 2) // automorphisms,
    }


def mols_classify_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/mols-classify``: :func:`mols_classification_document` of ``squares``."""
    given = integral(request.get("squares"))
    if not isinstance(given, list):
        raise BadRequestError("bad-request", f"'squares' must be a list, got {excerpt(given)}")
    squares = [_square(Request({"square": s}), "square") for s in given]
    _limited(sum(len(row) for s in squares for row in s), f"{len(squares)} given squares")
    return _bounded(request, limits, mols_classification_document, squares)


# --- latin/classify, latin/mates, latin/random, latin/count ------------------------------------


def classification_data(c: Classification) -> dict[str, Any]:
    """The ``latin-classification`` document of :func:`officers.latin.classify`'s answer.

    >>> from officers.latin import classify, cyclic_square
    >>> classification_data(classify(cyclic_square(3)))["autotopisms"]
    18
    """
    return {
        **head("latin-classification"),
        "order": c.order,
        "isotopy_form": _rows(c.isotopy_form),
        "species_form": _rows(c.species_form),
        "isomorphism_form": _rows(c.isomorphism_form),
        "autotopisms": c.autotopisms,
        "autoparatopisms": c.autoparatopisms,
        "automorphisms": c.automorphisms,
        "isotopy_class_size": c.isotopy_class_size,
        "species_size": c.species_size,
    }


def classification_document(square: Sequence[Sequence[int]]) -> dict[str, Any]:
    """A square's canonical forms and group orders (:func:`classification_data`)."""
    from officers.latin.canonical import classify

    return classification_data(classify(square))


def _of_square(
    request: Request, limits: Limits, document: Callable[[Rows], dict[str, Any]]
) -> dict[str, Any]:
    """``document`` of the request's ``square``, bounded (see :func:`_bounded`)."""
    square = _square(request)
    _limited(sum(len(row) for row in square), "the square's rows")
    return _bounded(request, limits, document, square)


def classify_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/classify``: :func:`classification_document` of ``square``."""
    return _of_square(request, limits, classification_document)


def mate_count_data(count: MateCount) -> dict[str, Any]:
    """The ``latin-mates`` document of a count of mates (:func:`officers.latin.count_mates`):
    the transversals, the ``mates`` up to renaming their symbols (first row ``0 .. n-1``),
    ``mates_as_squares`` (``n!`` times as many), the ``method`` and the ``seconds`` it took.

    >>> from officers.latin import count_mates, cyclic_square
    >>> data = mate_count_data(count_mates(cyclic_square(5)))
    >>> data["transversals"], data["mates"], data["mates_as_squares"]
    (15, 3, 360)
    """
    return {
        **head("latin-mates"),
        "order": count.order,
        "transversals": count.transversals,
        "mates": count.mates,
        "mates_as_squares": count.squares,
        "method": count.method,
        "seconds": round(count.seconds, 3),
    }


def mates_document(square: Sequence[Sequence[int]]) -> dict[str, Any]:
    """A square's transversals and orthogonal mates counted (:func:`mate_count_data`)."""
    from officers.latin.orthogonal import count_mates

    return mate_count_data(count_mates(square))


def mates_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/mates``: :func:`mates_document` of ``square``."""
    return _of_square(request, limits, mates_document)


def squares_document(n: int, count: int, seed: int, steps: int | None) -> dict[str, Any]:
    """``count`` Latin squares of order ``n`` drawn uniformly at random from one run of the
    chain of Jacobson and Matthews (:func:`officers.latin.random_latin_squares`), with the
    ``seed`` and the ``steps`` that give them again.

    >>> squares_document(4, 1, 7, None)["squares"]
    [[[0, 3, 2, 1], [3, 0, 1, 2], [1, 2, 0, 3], [2, 1, 3, 0]]]
    """
    from officers.latin.random import default_steps, random_latin_squares

    chosen = default_steps(n) if steps is None else steps
    squares = random_latin_squares(n, count, seed=seed, steps=chosen)
    return {
        **head("latin-squares"),
        "n": n,
        "seed": seed,
        "steps": chosen,
        "squares": [_rows(square) for square in squares],
    }


def random_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/random``: :func:`squares_document`; a seed is drawn afresh when none is given,
    and written in the answer."""
    n, count = request.count("n", None, least=1), request.count("count", 1, least=1)
    _limited(count * n * n, f"{count} squares of order {n}")
    seed = request.count("seed", None, nullable=True)
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    steps = request.count("steps", None, nullable=True)
    return _bounded(request, limits, squares_document, n, count, seed, steps)


def count_data(count: LatinCount) -> dict[str, Any]:
    """The ``latin-count`` document of a count (:func:`officers.latin.count_latin`), beside the
    published number of reduced squares.

    >>> from officers.latin import count_latin
    >>> data = count_data(count_latin(4))
    >>> data["squares"], data["reduced"], data["published_reduced"]
    (576, 4, 4)
    """
    from officers.latin.count import REDUCED_LATIN_SQUARES

    return {
        **head("latin-count"),
        "order": count.order,
        "squares": count.squares,
        "reduced": count.reduced,
        "classes": list(count.classes),
        "published_reduced": REDUCED_LATIN_SQUARES[count.order - 1],
    }


def count_document(n: int) -> dict[str, Any]:
    """The Latin squares of order ``n`` counted in this process (:func:`count_data`)."""
    from officers.latin.count import count_latin

    return count_data(count_latin(n))


def count_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``latin/count``: :func:`count_document` of order ``n``."""
    return _bounded(request, limits, count_document, request.count("n", None, least=1))
