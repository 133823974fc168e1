"""The command group ``officers latin``: Latin squares counted, classified and drawn at random::

    officers latin count N [--jobs J | --scheduler ADDRESS] [--time-limit S] [--state FILE]
        [--no-progress] [--json]
    officers latin classify SQUARE [--json]
    officers latin canonical SQUARE [--under isotopy|species|isomorphism] [--json]
    officers latin classes N [--species] [--mates | --mols] [--jobs J] [--state FILE]
        [--time-limit S] [--no-progress] [--json]
    officers latin classes N --count [--species | --isomorphism] [--jobs J] [--time-limit S] [--json]
    officers latin species N [--mates | --mols] [--count] [--jobs J] [--state FILE]
        [--time-limit S] [--json]
    officers latin mates SQUARE [--time-limit S] [--json]
    officers latin random N [--seed S] [--json]
    officers latin mols K N [--json]
    officers latin mols-table [--to N] [--verify [--jobs J | --scheduler ADDRESS]] [--json]
    officers latin mols-complete FILE|- [--method exact|cpsat] [--time-limit S] [--json]

A ``SQUARE`` is its rows as JSON (``[[0, 1], [1, 0]]``) or as text, rows split by ``/`` and
each symbol one character ``0-9``, then ``a-z`` (``01/10``); given as it is, as ``@FILE`` or as
``-`` (standard input). ``count`` counts the Latin squares of order ``N`` by classes of Latin
rectangles (:func:`officers.latin.count_latin`); with ``--state`` a count stopped by its time
limit (exit status 3) or by Ctrl-C goes on where it stopped when run again. ``classify`` gives a
square's canonical forms and the orders of its groups (:func:`officers.latin.canonical`);
``classes`` lists every isotopy class (or species) of order ``N`` to 8; with ``--mates`` every
species with its transversals and orthogonal mates, and the share of the Latin squares of order
``N`` that have a mate (:func:`officers.latin.listing.species_mate_table`); with ``--mols`` every
set of ``k`` mutually orthogonal Latin squares up to equivalence, for every ``k``
(:func:`officers.latin.mols_classes.mols_classes`). ``mates`` counts a square's
transversals and orthogonal mates (:func:`officers.latin.orthogonal.count_mates`): the mates up to
renaming their symbols (partitions of the cells into transversals), and as Latin squares (``n!``
times as many).

>>> from officers.cli.latin import read_latin, square_text
>>> square_text(read_latin("012/120/201"))
'012/120/201'
>>> read_latin("[[0, 1], [1, 0]]")
((0, 1), (1, 0))
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING, Any, Final

from officers.cli.common import Commands, ExitCode, Parser, add_json, argument_text, emit, number

if TYPE_CHECKING:
    from officers.latin.canonical import LatinClass
    from officers.latin.count import CountProgress
    from officers.latin.listing import Census
    from officers.latin.mols_classes import MolsCensus
    from officers.latin.orthogonal import MateTable
    from officers.latin.squares import LatinSquare

__all__ = [
    "add_commands",
    "classes_data",
    "mate_table_data",
    "mols_classes_data",
    "read_latin",
    "square_text",
]

_DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"
_MAX_INPUT: Final = 1_000_000


def square_text(square: LatinSquare) -> str:
    """A square as text (orders to 36: a character a symbol, rows split by ``/``); larger
    ones as JSON rows."""
    if len(square) > len(_DIGITS):
        import json

        return json.dumps([list(row) for row in square])
    return "/".join("".join(_DIGITS[s] for s in row) for row in square)


def read_latin(text: str) -> LatinSquare:
    """A Latin square from its JSON rows or its text (see the module), checked: a square that
    is not Latin is :class:`~officers.NotLatinSquareError`, text that is not a square
    :class:`~officers.NotationError`, each quoting it.

    >>> read_latin("01/11")
    Traceback (most recent call last):
    ...
    officers.NotLatinSquareError: not a Latin square ((0, 1), (1, 1)): row 2 holds 1 twice
    """
    from officers.core.errors import NotationError, excerpt
    from officers.latin.squares import latin_square

    stripped = text.strip()
    if stripped.startswith("["):
        from officers.core.errors import read_json

        rows = read_json(stripped, "Latin square")
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise NotationError(
                f"cannot read Latin square {excerpt(text)}: expected a list of rows of ints"
            )
        return latin_square(rows)
    rows_text = stripped.split("/")
    try:
        rows_of = tuple(tuple(_DIGITS.index(ch) for ch in row.lower()) for row in rows_text)
    except ValueError:
        raise NotationError(
            f"cannot read Latin square {excerpt(text)}: expected rows of the characters "
            "0-9, a-z split by '/', or JSON rows"
        ) from None
    return latin_square(rows_of)


def _square_argument(argument: str) -> LatinSquare:
    return read_latin(argument_text(argument, _MAX_INPUT, "a Latin square"))


# --- count --------------------------------------------------------------------------------------


def _count(args: argparse.Namespace) -> ExitCode:
    from officers.cli.common import cluster
    from officers.contract.latin import count_data
    from officers.latin.count import count_latin

    shown = sys.stderr.isatty() if args.progress is None else args.progress

    def progress(p: CountProgress) -> None:
        sys.stderr.write(
            f"\rrectangles of {p.rows} of {p.last} rows: {p.done}/{p.units} units"
            + ("\n" if p.done == p.units and p.rows == p.last else "")
        )
        sys.stderr.flush()

    with cluster(args.scheduler) as executor:
        count = count_latin(
            args.order,
            jobs=args.jobs,
            time_limit=args.time_limit,
            progress=progress if shown else None,
            state=args.state,
            executor=executor,
        )
    if args.json:
        emit(count_data(count))
    else:
        print(f"Latin squares of order {count.order}: {count.squares:,}")
        print(f"reduced: {count.reduced:,}")
    return ExitCode.OK


# --- classify, canonical ------------------------------------------------------------------------


def _classify(args: argparse.Namespace) -> ExitCode:
    from officers.contract.latin import classification_data
    from officers.latin.canonical import classify

    c = classify(_square_argument(args.square))
    if args.json:
        emit(classification_data(c))
        return ExitCode.OK
    print(f"order: {c.order}")
    print(f"isotopy form: {square_text(c.isotopy_form)}")
    print(f"species form: {square_text(c.species_form)}")
    print(f"isomorphism form: {square_text(c.isomorphism_form)}")
    print(f"autotopisms: {c.autotopisms:,}")
    print(f"autoparatopisms: {c.autoparatopisms:,}")
    print(f"automorphisms: {c.automorphisms:,}")
    print(f"isotopic squares: {c.isotopy_class_size:,}; of its species: {c.species_size:,}")
    return ExitCode.OK


def _canonical(args: argparse.Namespace) -> ExitCode:
    from officers.latin.canonical import isomorphism_form, isotopy_form, species_form

    forms = {"isotopy": isotopy_form, "species": species_form, "isomorphism": isomorphism_form}
    form = forms[args.under](_square_argument(args.square))
    if args.json:
        from officers.contract.documents import head

        emit({**head("latin-canonical"), "under": args.under, "form": [list(r) for r in form]})
    else:
        print(square_text(form))
    return ExitCode.OK


# --- classes ------------------------------------------------------------------------------------


def classes_data(order: int, found: list[LatinClass], *, of_species: bool) -> dict[str, Any]:
    """The JSON of every class of an order.

    >>> from officers.latin import isotopy_classes
    >>> classes_data(4, isotopy_classes(4), of_species=False)["count"]
    2
    """
    from officers.contract.documents import head
    from officers.latin.canonical import ISOTOPY_CLASSES, SPECIES

    published = (SPECIES if of_species else ISOTOPY_CLASSES)[order - 1]
    return {
        **head("latin-classes"),
        "order": order,
        "under": "species" if of_species else "isotopy",
        "count": len(found),
        "published": published,
        "classes": [
            {"form": [list(r) for r in c.form], "symmetries": c.symmetries, "size": c.size}
            for c in found
        ],
    }


def class_count_data(order: int, under: str, count: int) -> dict[str, Any]:
    """The JSON of a number of classes counted (:func:`officers.latin.burnside.count_classes`)
    beside the published number.

    >>> class_count_data(8, "species", 283657)["published"]
    283657
    """
    from officers.contract.documents import head
    from officers.latin.canonical import ISOTOPY_CLASSES, QUASIGROUPS, SPECIES

    published = {"isotopy": ISOTOPY_CLASSES, "species": SPECIES, "isomorphism": QUASIGROUPS}
    return {
        **head("latin-class-count"),
        "order": order,
        "under": under,
        "count": count,
        "published": published[under][order - 1],
    }


def _class_count(args: argparse.Namespace) -> ExitCode:
    from officers.latin.burnside import count_classes

    if args.species and args.isomorphism:
        print("officers: --species or --isomorphism, not both", file=sys.stderr)
        return ExitCode.BAD_INPUT
    if args.mates or args.mols:
        print(
            f"officers: {'--mols' if args.mols else '--mates'} lists the species: not with --count",
            file=sys.stderr,
        )
        return ExitCode.BAD_INPUT
    under = "species" if args.species else "isomorphism" if args.isomorphism else "isotopy"
    count = count_classes(args.order, under, time_limit=args.time_limit, jobs=args.jobs)
    data = class_count_data(args.order, under, count)
    if args.json:
        emit(data)
        return ExitCode.OK
    what = {
        "isotopy": "isotopy classes",
        "species": "species",
        "isomorphism": "quasigroups up to isomorphism",
    }
    print(
        f"{count:,} {what[under]} of order {args.order} (Burnside's lemma; "
        f"published: {data['published']:,})"
    )
    return ExitCode.OK


def _census(args: argparse.Namespace) -> Census:
    """Every class of the order (:func:`officers.latin.listing.enumerate_classes`), with the
    command's processes, time limit, state file and progress bars."""
    from officers.latin.listing import enumerate_classes

    shown = sys.stderr.isatty() if args.progress is None else args.progress
    return enumerate_classes(
        args.order, jobs=args.jobs, time_limit=args.time_limit, state=args.state, progress=shown
    )


def _census_then(args: argparse.Namespace, what: str) -> tuple[Census, float | None, bool]:
    """The census (:func:`_census`), the seconds of the time limit it left for ``what`` comes
    next, and whether progress bars are shown. When the listing took all the time it raises
    :class:`~officers.SolverTimeoutError`."""
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    start = time.monotonic()
    census = _census(args)
    left = None if args.time_limit is None else args.time_limit - (time.monotonic() - start)
    if left is not None and left <= 0:  # the listing took the time: none is left for the rest
        from officers.core.errors import SolverTimeoutError

        raise SolverTimeoutError(f"the time limit ({args.time_limit} s) ran out before {what}")
    return census, left, shown


def _classes(args: argparse.Namespace) -> ExitCode:
    if args.count:
        return _class_count(args)
    if args.isomorphism:
        print("officers: --isomorphism goes with --count", file=sys.stderr)
        return ExitCode.BAD_INPUT
    if args.mols:
        return _mols_classes(args)
    if args.mates:
        return _mate_table(args)
    census = _census(args)
    found = census.species if args.species else census.isotopy
    if args.json:
        emit(classes_data(args.order, found, of_species=args.species))
        return ExitCode.OK
    what = "species" if args.species else "isotopy classes"
    group = "autoparatopisms" if args.species else "autotopisms"
    print(f"{len(found)} {what} of order {args.order}")
    for c in found:
        print(f"{square_text(c.form)}  {group} {c.symmetries:,}  squares {c.size:,}")
    return ExitCode.OK


# --- mates --------------------------------------------------------------------------------------


def _mates(args: argparse.Namespace) -> ExitCode:
    from officers.contract.latin import mate_count_data
    from officers.latin.orthogonal import count_mates

    count = count_mates(_square_argument(args.square), time_limit=args.time_limit)
    if args.json:
        emit(mate_count_data(count))
        return ExitCode.OK
    print(f"order: {count.order}")
    print(f"transversals: {count.transversals:,}")
    print(f"orthogonal mates up to renaming their symbols: {count.mates:,}")
    print(f"orthogonal mates as Latin squares ({count.order}! each): {count.squares:,}")
    return ExitCode.OK


def mate_table_data(table: MateTable) -> dict[str, Any]:
    """The JSON of :func:`officers.latin.orthogonal.mate_table`: every species with its
    transversals and mates (up to renaming symbols), and the sums over the Latin squares (the
    share with a mate as a fraction ``"p/q"`` and a float).

    >>> from officers.latin.orthogonal import mate_table
    >>> data = mate_table_data(mate_table(4))
    >>> data["squares"], data["with_mate"], data["share"], data["bachelor_species"]
    (576, 144, '1/4', 1)
    """
    from officers.contract.documents import head

    return {
        **head("latin-mate-table"),
        "order": table.order,
        "species_count": len(table.species),
        "bachelor_species": table.bachelors,
        "squares": table.squares,
        "with_mate": table.with_mate,
        "share": str(table.share),
        "share_float": float(table.share),
        "mates": table.mates,
        "mean_mates": str(table.mean_mates),
        "transversal_counts": list(table.transversal_counts),
        "species": [
            {
                "form": [list(r) for r in s.form],
                "autoparatopisms": s.symmetries,
                "size": s.size,
                "transversals": s.transversals,
                "mates": s.mates,
            }
            for s in table.species
        ],
    }


def _mate_table(args: argparse.Namespace) -> ExitCode:
    from officers.latin.listing import species_mate_table

    census, left, shown = _census_then(args, "the mates")
    table = species_mate_table(census, jobs=args.jobs, time_limit=left, progress=shown)
    if args.json:
        emit(mate_table_data(table))
        return ExitCode.OK
    n = table.order
    print(f"{len(table.species)} species of order {n}")
    print("form  autoparatopisms  squares  transversals  mates")
    for s in table.species:
        print(
            f"{square_text(s.form)}  {s.symmetries:,}  {s.size:,}  {s.transversals:,}  {s.mates:,}"
        )
    print(f"species without a mate: {table.bachelors} of {len(table.species)}")
    print(
        f"Latin squares with a mate: {table.with_mate:,} of {table.squares:,} "
        f"({table.share}, {float(table.share):.6f})"
    )
    print(
        f"mates of a random square, on average: {table.mean_mates} ({float(table.mean_mates):.6f})"
    )
    return ExitCode.OK


def mols_classes_data(census: MolsCensus) -> dict[str, Any]:
    """The JSON of :func:`officers.latin.mols_classes.mols_classes`: for every number ``k`` of
    squares, the classes of sets of ``k`` MOLS with their groups, sizes and common mates (for
    ``k = 1``, the species with a mate: every other species is a maximal set of one square).

    >>> from officers.latin.mols_classes import mols_classes
    >>> data = mols_classes_data(mols_classes(4))
    >>> [(level["k"], level["count"], level["sets"]) for level in data["levels"]]
    [(1, 2, 576), (2, 1, 6912), (3, 1, 165888)]
    """
    from officers.contract.documents import head

    return {
        **head("latin-mols-classes"),
        "order": census.order,
        "seconds": round(census.seconds, 3),
        "levels": [
            {
                "k": level.k,
                "count": len(level.classes),
                "maximal": level.maximal,
                "sets": level.sets,
                "classes": [
                    {
                        "squares": [[list(r) for r in square] for square in c.squares],
                        "automorphisms": c.automorphisms,
                        "size": c.size,
                        "mates": c.mates,
                    }
                    for c in level.classes
                    if level.k > 1 or c.mates
                ],
            }
            for level in census.levels
        ],
    }


def _mols_classes(args: argparse.Namespace) -> ExitCode:
    from officers.latin.mols_classes import mols_classes

    if args.mates:
        print("officers: --mols or --mates, not both", file=sys.stderr)
        return ExitCode.BAD_INPUT
    census, left, shown = _census_then(args, "the MOLS")
    found = mols_classes(census, jobs=args.jobs, time_limit=left, progress=shown)
    if args.json:
        emit(mols_classes_data(found))
        return ExitCode.OK
    n = found.order
    print(f"sets of k mutually orthogonal Latin squares of order {n}, up to equivalence")
    print("k  classes  maximal  sets (ordered k-tuples of MOLS)")
    for level in found.levels:
        print(f"{level.k}  {len(level.classes):,}  {level.maximal:,}  {level.sets:,}")
    for level in found.levels[1:]:
        print(f"\n{level.k} MOLS: squares  automorphisms  sets  common mates")
        for c in level.classes:
            squares = " | ".join(square_text(square) for square in c.squares)
            print(f"{squares}  {c.automorphisms:,}  {c.size:,}  {c.mates:,}")
    return ExitCode.OK


# --- random -------------------------------------------------------------------------------------


def _random(args: argparse.Namespace) -> ExitCode:
    from officers.contract.latin import squares_document

    seed = args.seed
    if seed is None:  # drawn afresh, and told with --json: the square can be drawn again
        import random

        seed = random.SystemRandom().randrange(2**63)
    document = squares_document(args.order, 1, seed, None)
    if args.json:
        emit(document)
    else:
        print(square_text(tuple(tuple(row) for row in document["squares"][0])))
    return ExitCode.OK


def add_commands(commands: Commands) -> None:
    """Add ``latin`` (with ``count``, ``classify``, ``canonical``, ``classes``, ``mates``,
    ``random``, ``mols``, ``mols-table`` and ``mols-complete``) to the sub-parsers of the CLI."""
    from officers.cli import mols as mols_commands

    latin = commands.add_parser(
        "latin",
        help="Latin squares: count them, classify one, list the classes, draw one at random, "
        "mutually orthogonal sets",
        description="Latin squares of order n: the rows, columns and symbols 0 .. n-1.",
    )
    actions = latin.add_subparsers(dest="latin_action", metavar="ACTION", parser_class=Parser)
    actions.required = True
    _add_count(actions)
    _add_forms(actions)
    random = actions.add_parser(
        "random",
        help="a Latin square drawn uniformly at random (Jacobson and Matthews)",
        description="A uniformly random Latin square of order N (1-256); --seed repeats it.",
    )
    random.add_argument("order", type=number(1, 256), metavar="N", help="the order, 1-256")
    random.add_argument("--seed", type=number(0, 2**63 - 1), default=None, help="a seed")
    add_json(random)
    random.set_defaults(run=_random)
    mols_commands.add_commands(actions)


def _add_count(actions: Commands) -> None:
    """``count``: the squares of an order, counted by classes."""
    from officers.cli.common import time_limit

    count = actions.add_parser(
        "count",
        help="count the Latin squares of an order (1-9) by classes of Latin rectangles",
        description="Count the Latin squares and the reduced Latin squares of order N from "
        "scratch (order 8 in minutes). Exit status 3 when the time limit comes first; with "
        "--state the count goes on from there when run again.",
    )
    count.add_argument("order", type=number(1, 9), metavar="N", help="the order, 1-9")
    count.add_argument("--jobs", type=number(1, 1024), default=None, help="worker processes")
    count.add_argument(
        "--time-limit", type=time_limit, default=None, metavar="S", help="seconds, or none"
    )
    count.add_argument("--state", metavar="FILE", help="keep the progress here (resumable)")
    count.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the units on the Dask cluster whose scheduler is at ADDRESS (the dask extra)",
    )
    count.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        default=None,
        help="no progress on standard error (default: shown when it is a terminal)",
    )
    add_json(count)
    count.set_defaults(run=_count)


def _add_classes(actions: Commands) -> None:
    """``classes`` and ``species``: every class of an order, listed or counted, with the mates
    of each species (``species N`` is ``classes N --species``)."""
    classes = actions.add_parser(
        "classes",
        help="every isotopy class (or species) of an order, 1-8, or how many (--count)",
        description="List every isotopy class (--species: every species) of Latin squares of "
        "order N by its canonical form, with its group's order and its number of squares "
        "(generated by canonical augmentation: order 8 takes about 20 minutes on 2 processes); "
        "with --count, count them (and with --isomorphism, the quasigroups up to isomorphism) by "
        "Burnside's lemma.",
    )
    classes.add_argument("--species", action="store_true", help="species, not isotopy classes")
    classes.add_argument(
        "--isomorphism",
        action="store_true",
        help="with --count: the quasigroups up to isomorphism, not isotopy classes",
    )
    _class_arguments(classes)
    species = actions.add_parser(
        "species",
        help="every species (main class) of an order, 1-8, or how many (--count)",
        description="List every species of Latin squares of order N by its canonical form, "
        "with its group's order and its number of squares, as classes N --species does "
        "(order 8's 283,657 in about 20 minutes on 2 processes); with --mates, each with its "
        "transversals and orthogonal mates; with --count, count them by Burnside's lemma.",
    )
    _class_arguments(species)
    species.set_defaults(species=True, isomorphism=False)


def _class_arguments(parser: Parser) -> None:
    """The arguments ``classes`` and ``species`` share."""
    from officers.cli.common import time_limit

    parser.add_argument("order", type=number(1, 8), metavar="N", help="the order, 1-8")
    parser.add_argument(
        "--count",
        action="store_true",
        help="count the classes by Burnside's lemma (order 8: about a minute and a half)",
    )
    parser.add_argument(
        "--jobs", type=number(1, 1024), default=1, help="processes (with --count: threads)"
    )
    parser.add_argument(
        "--state", metavar="FILE", help="keep the listing's progress here (resumable)"
    )
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        default=None,
        help="no progress bars on standard error (default: shown when it is a terminal)",
    )
    parser.add_argument(
        "--mates",
        action="store_true",
        help="every species with its transversals and orthogonal mates, and the share of the "
        "Latin squares with a mate",
    )
    parser.add_argument(
        "--mols",
        action="store_true",
        help="every set of k mutually orthogonal Latin squares up to equivalence, for every k "
        "(needs pynauty)",
    )
    parser.add_argument(
        "--time-limit", type=time_limit, default=None, metavar="S", help="seconds, or none"
    )
    add_json(parser)
    parser.set_defaults(run=_classes)


def _add_forms(actions: Commands) -> None:
    """``classify``, ``canonical``, ``classes`` (:func:`_add_classes`) and ``mates``: squares up
    to relabelling, and their orthogonal mates."""
    from officers.cli.common import time_limit

    square_help = (
        "a Latin square: JSON rows such as [[0,1],[1,0]], or text rows such as 01/10; "
        "@FILE or - (standard input)"
    )
    classify = actions.add_parser(
        "classify",
        help="a square's canonical forms and the orders of its groups",
        description="The isotopy, species and isomorphism forms of a Latin square and the "
        "orders of its autotopism, autoparatopism and automorphism groups.",
    )
    classify.add_argument("square", metavar="SQUARE", help=square_help)
    add_json(classify)
    classify.set_defaults(run=_classify)

    canonical = actions.add_parser(
        "canonical",
        help="a square's canonical form under isotopy, paratopy (species) or isomorphism",
        description="Two squares have the same form exactly when they are equivalent.",
    )
    canonical.add_argument("square", metavar="SQUARE", help=square_help)
    canonical.add_argument(
        "--under", choices=("isotopy", "species", "isomorphism"), default="isotopy"
    )
    add_json(canonical)
    canonical.set_defaults(run=_canonical)

    _add_classes(actions)

    mates = actions.add_parser(
        "mates",
        help="count a square's transversals and orthogonal mates",
        description="Count the transversals and the orthogonal mates of a Latin square: the "
        "mates up to renaming their symbols (partitions of the cells into n disjoint "
        "transversals; their first row 0 .. n-1), and as Latin squares (n! times as many). "
        "Exit status 3 when the time limit comes first.",
    )
    mates.add_argument("square", metavar="SQUARE", help=square_help)
    mates.add_argument(
        "--time-limit", type=time_limit, default=None, metavar="S", help="seconds, or none"
    )
    add_json(mates)
    mates.set_defaults(run=_mates)
