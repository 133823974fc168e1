"""Latin squares of any order: their transversals, orthogonal mates and constructions.

A Latin square of order ``n`` is a tuple of ``n`` rows of the ints ``0 .. n-1``, each int once
in every row and every column (:data:`LatinSquare`); nothing here knows a card or a game. Two
Latin squares are orthogonal when their cells hold every pair of symbols once: together they
make a graeco-latin square. The modules, by concern:

:mod:`officers.latin.squares`
    Reading and checking a Latin square, the cyclic square, listing and counting all of an order.
:mod:`officers.latin.cover`
    Exact covers by disjoint sets (Algorithm X on bitsets): the search under the mates.
:mod:`officers.latin.orthogonal`
    Orthogonality, transversals, orthogonal mates, the orthogonal array of orthogonal squares.
:mod:`officers.latin.construct`
    Two orthogonal Latin squares of every order but 2 and 6 (finite fields, MacNeish's
    products, Wilson's construction, a cyclic search), and why 2 and 6 have none.
:mod:`officers.latin.order6`
    Euler's 36 officers: the census of the reduced Latin squares of order 6 and their mates,
    none; the proof that no graeco-latin square of order 6 exists.
:mod:`officers.latin.random`
    Latin squares drawn uniformly at random (the Markov chain of Jacobson and Matthews), with
    a seed that repeats them: what randomises a Latin-square design.
:mod:`officers.latin.canonical`
    Latin squares up to relabelling: canonical forms under isotopy, paratopy (species) and
    isomorphism, the orders of their groups, every isotopy class and species to order 7.
:mod:`officers.latin.count`
    The number of Latin squares of every order to 9, counted by classes of Latin rectangles
    (McKay and Wanless), on worker processes, with a time limit, progress and a state file.
:mod:`officers.latin.mutually_orthogonal`
    k mutually orthogonal Latin squares of order n below 600, as many as the published table
    knows at every order to 100, each checked as an orthogonal array (the constructions in
    :mod:`officers.latin.arrays`, the printed data in ``mols_data``, ``mols_matrices`` and
    ``mols_abel_cheng``).
:mod:`officers.latin.mols_whole`
    Any set of that table as one numpy array, the whole sets of the prime powers to 599 too,
    and a randomized check (Freivalds) that reads them in seconds.
:mod:`officers.latin.complete`
    k - 1 mutually orthogonal Latin squares completed to k, or proved not to complete: common
    transversals and an exact cover, or CP-SAT, within a time limit.

Every public name is importable from here (each module is loaded at its first use). The
package imports only :mod:`officers.core`; Euler's Officers reads its squares as Latin squares
in :mod:`officers.euler.solve.construct`.

>>> from officers.latin import cyclic_square, count_transversals, orthogonal_mates
>>> square = cyclic_square(5)
>>> count_transversals(square)
15
>>> mate = next(orthogonal_mates(square))
>>> mate
((0, 1, 2, 3, 4), (4, 0, 1, 2, 3), (3, 4, 0, 1, 2), (2, 3, 4, 0, 1), (1, 2, 3, 4, 0))
>>> from officers.latin import are_orthogonal, orthogonal_pair, why_none
>>> first, second = orthogonal_pair(10)
>>> are_orthogonal(first, second), why_none(10), why_none(6) is not None
(True, None, True)
>>> from officers.latin import count_latin_squares, prove_order_6
>>> count_latin_squares(5, reduced=True), prove_order_6().with_mates
(56, 0)
>>> from officers.latin import count_latin
>>> count_latin(6).reduced
9408
>>> from officers.latin import latin_square, random_latin_square
>>> latin_square(random_latin_square(12, seed=5)) == random_latin_square(12, seed=5)
True
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # True for the type checkers (without importing typing, which takes time)
if TYPE_CHECKING:  # the names, for the type checkers; at run time __getattr__ imports them
    from typing import Any, Final

    from officers.latin.arrays import checked_squares
    from officers.latin.burnside import MAX_BURNSIDE_ORDER, count_classes
    from officers.latin.canonical import (
        ISOTOPY_CLASSES,
        MAX_CLASSIFY_ORDER,
        MAX_RELABELLINGS,
        SPECIES,
        Classification,
        LatinClass,
        automorphisms,
        autoparatopisms,
        autotopisms,
        classify,
        conjugate,
        count_isotopy_classes,
        count_species,
        isomorphism_form,
        isotopy_classes,
        isotopy_form,
        species,
        species_form,
    )
    from officers.latin.complete import complete_mols
    from officers.latin.construct import MAX_ORDER, Pair, orthogonal_pair, prime_power, why_none
    from officers.latin.count import (
        MAX_COUNT_ORDER,
        REDUCED_LATIN_SQUARES,
        CountProgress,
        LatinCount,
        count_latin,
    )
    from officers.latin.cover import exact_covers
    from officers.latin.listing import (
        MAX_ENUMERATE_ORDER,
        Census,
        enumerate_classes,
        species_mate_table,
    )
    from officers.latin.mols_verify import VerifiedOrder, verify_order, verify_table
    from officers.latin.mols_whole import (
        is_orthogonal_array_exact,
        is_orthogonal_array_randomized,
        mols_array,
        oa_columns,
    )
    from officers.latin.mutually_orthogonal import (
        MAX_CELLS,
        MAX_MOLS_ORDER,
        MolsEntry,
        is_orthogonal_array,
        largest_known,
        mols,
        mols_table,
        plan,
        squares_of,
        why_no_mols,
    )
    from officers.latin.order6 import MateCensus, mate_census, prove_order_6
    from officers.latin.orthogonal import (
        MATES_ABI,
        MAX_MATE_ORDER,
        MateCount,
        MateTable,
        SpeciesMates,
        are_orthogonal,
        cell_stabiliser,
        count_mates,
        count_orthogonal_mates,
        count_transversals,
        has_orthogonal_mate,
        mate_table,
        mates_module,
        mates_status,
        orthogonal_array,
        orthogonal_mates,
        species_mates,
        transversals,
    )
    from officers.latin.random import (
        MAX_RANDOM_ORDER,
        default_steps,
        random_latin_square,
        random_latin_squares,
    )
    from officers.latin.squares import (
        LatinSquare,
        count_latin_squares,
        cyclic_square,
        latin_square,
        latin_squares,
    )

_MODULES: Final[dict[str, str]] = {  # the public names that each module defines
    "officers.latin.construct": "MAX_ORDER Pair orthogonal_pair prime_power why_none",
    "officers.latin.canonical": (
        "ISOTOPY_CLASSES MAX_CLASSIFY_ORDER MAX_RELABELLINGS SPECIES Classification LatinClass "
        "autoparatopisms automorphisms autotopisms classify conjugate count_isotopy_classes count_species "
        "isomorphism_form isotopy_classes isotopy_form species species_form"
    ),
    "officers.latin.count": (
        "MAX_COUNT_ORDER REDUCED_LATIN_SQUARES CountProgress LatinCount count_latin"
    ),
    "officers.latin.arrays": "checked_squares",
    "officers.latin.burnside": "MAX_BURNSIDE_ORDER count_classes",
    "officers.latin.complete": "complete_mols",
    "officers.latin.cover": "exact_covers",
    "officers.latin.mutually_orthogonal": (
        "MAX_CELLS MAX_MOLS_ORDER MolsEntry is_orthogonal_array largest_known mols mols_table "
        "plan squares_of why_no_mols"
    ),
    "officers.latin.mols_whole": (
        "is_orthogonal_array_exact is_orthogonal_array_randomized mols_array oa_columns"
    ),
    "officers.latin.mols_verify": "VerifiedOrder verify_order verify_table",
    "officers.latin.order6": "MateCensus mate_census prove_order_6",
    "officers.latin.orthogonal": (
        "MATES_ABI MAX_MATE_ORDER MateCount MateTable SpeciesMates are_orthogonal "
        "cell_stabiliser count_mates count_orthogonal_mates count_transversals "
        "has_orthogonal_mate mate_table mates_module mates_status orthogonal_array "
        "orthogonal_mates species_mates transversals"
    ),
    "officers.latin.random": (
        "MAX_RANDOM_ORDER default_steps random_latin_square random_latin_squares"
    ),
    "officers.latin.listing": "MAX_ENUMERATE_ORDER Census enumerate_classes species_mate_table",
    "officers.latin.squares": (
        "LatinSquare count_latin_squares cyclic_square latin_square latin_squares"
    ),
}
_LAZY: Final = {name: module for module, names in _MODULES.items() for name in names.split()}

__all__ = [
    "Census",
    "Classification",
    "CountProgress",
    "ISOTOPY_CLASSES",
    "LatinClass",
    "LatinCount",
    "LatinSquare",
    "MATES_ABI",
    "MAX_BURNSIDE_ORDER",
    "MAX_CELLS",
    "MAX_ENUMERATE_ORDER",
    "MAX_CLASSIFY_ORDER",
    "MAX_COUNT_ORDER",
    "MAX_MATE_ORDER",
    "MAX_MOLS_ORDER",
    "MAX_ORDER",
    "MAX_RANDOM_ORDER",
    "MAX_RELABELLINGS",
    "MateCensus",
    "MateCount",
    "MateTable",
    "MolsEntry",
    "Pair",
    "REDUCED_LATIN_SQUARES",
    "SPECIES",
    "SpeciesMates",
    "VerifiedOrder",
    "are_orthogonal",
    "automorphisms",
    "autoparatopisms",
    "autotopisms",
    "cell_stabiliser",
    "checked_squares",
    "classify",
    "complete_mols",
    "conjugate",
    "count_classes",
    "count_isotopy_classes",
    "count_latin",
    "count_latin_squares",
    "count_mates",
    "count_orthogonal_mates",
    "count_species",
    "count_transversals",
    "cyclic_square",
    "default_steps",
    "enumerate_classes",
    "exact_covers",
    "has_orthogonal_mate",
    "is_orthogonal_array",
    "is_orthogonal_array_exact",
    "is_orthogonal_array_randomized",
    "isomorphism_form",
    "isotopy_classes",
    "isotopy_form",
    "largest_known",
    "latin_square",
    "latin_squares",
    "mate_census",
    "mate_table",
    "mates_module",
    "mates_status",
    "mols",
    "mols_array",
    "mols_table",
    "orthogonal_array",
    "orthogonal_mates",
    "orthogonal_pair",
    "oa_columns",
    "plan",
    "prime_power",
    "prove_order_6",
    "random_latin_square",
    "random_latin_squares",
    "species",
    "species_form",
    "species_mate_table",
    "species_mates",
    "squares_of",
    "transversals",
    "verify_order",
    "verify_table",
    "why_no_mols",
    "why_none",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'officers.latin' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
