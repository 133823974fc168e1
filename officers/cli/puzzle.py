"""The ``officers puzzle`` command: verify a start, take the census, make a new riddle.

``officers puzzle verify SQUARE [--diagonals] [--json]``
    Exit status 0 when the start has exactly one completion, 1 when it has none or several.
``officers puzzle census [--diagonals] [--classes] [--json]``
    The census of unique starts by number of cards, and the classes of the smallest.
``officers puzzle new [--cards K] [--seed S] [--difficulty D] [--diagonals] [--minimal]
[--solution] [--json]``
    A random riddle; the same seed gives the same riddle everywhere. ``--difficulty`` offers the
    grades a riddle can have (1 to :data:`~officers.puzzles.HIGHEST_GRADE`). Exit status 1 when
    no riddle as asked was found in the tries allowed; 2 when no riddle can be as asked (the
    census says so) or the input cannot be used.

Input that cannot be used gives exit status 2 and one line on standard error (see
:mod:`officers.cli`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from officers import (
    RiddleNotFoundError,
    Rules,
    Square,
    canonical_form,
    census,
    count_classes_burnside,
    grade_start,
    new_start,
    start_classes,
    verify_start,
)
from officers.cli.common import (
    Commands,
    ExitCode,
    Parser,
    add_diagonals,
    add_json,
    add_square,
    emit,
)
from officers.puzzles import HIGHEST_GRADE, LEVEL_NAMES

__all__ = ["add_commands"]


def add_commands(commands: Commands) -> None:
    """Add ``puzzle`` (with ``verify``, ``census`` and ``new``) to the sub-parsers of the CLI."""
    puzzle = commands.add_parser(
        "puzzle",
        help="puzzle starts: verify a riddle, take the census, make a new one",
        description="Puzzle starts (Ozanam's riddles): starts with exactly one completion.",
    )
    actions = puzzle.add_subparsers(dest="puzzle_action", metavar="ACTION", parser_class=Parser)
    actions.required = True

    verify = actions.add_parser(
        "verify",
        help="count a start's completions; say whether it is a minimal riddle and its grade",
        description="Count the completions of a start, show the completion when it is unique, "
        "say whether every card is needed (minimal) and how hard it is (its grade). Exit status "
        "1 when the start has no completion or more than one.",
    )
    add_square(verify, "a start")
    _add_common(verify)
    verify.set_defaults(run=_verify)

    census_ = actions.add_parser(
        "census",
        help="how many starts of each number of cards are unique",
        description="For every number of cards: how many starts have exactly one completion, "
        "among how many sub-squares of finished squares, and how many of them are minimal; the "
        "smallest riddle; the symmetry classes of the smallest riddles (checked by Burnside's "
        "lemma). The count is exhaustive.",
    )
    census_.add_argument(
        "--classes", action="store_true", help="list the classes of the smallest riddles"
    )
    _add_common(census_)
    census_.set_defaults(run=_census)

    new = actions.add_parser(
        "new",
        help="make a random riddle (the same seed gives the same riddle)",
        description="Make a random start with exactly one completion. The same seed (and the "
        "same options) gives the same riddle on every machine and Python version; without a "
        "seed one is made up and shown. Exit status 1 when no riddle as asked was found in the "
        "tries allowed; 2 when no riddle can be as asked (too few cards, or minimal with too "
        "many; see the census) or for input that cannot be used.",
    )
    new.add_argument(
        "--cards", type=int, metavar="K", help="the number of cards (default: the fewest, 4)"
    )
    new.add_argument(
        "--seed", metavar="S", help="a whole number or any text (default: a fresh one, shown)"
    )
    grades = ", ".join(f"{grade} or {LEVEL_NAMES[grade].lower()}" for grade in _GRADES)
    new.add_argument(
        "--difficulty",
        metavar="D",
        type=_grade,
        help=f"the grade: {grades} (default: any; no riddle has a higher grade)",
    )
    new.add_argument(
        "--minimal", action="store_true", help="every card is needed (none can be left out)"
    )
    new.add_argument("--solution", action="store_true", help="show the solution too")
    _add_common(new)
    new.set_defaults(run=_new)


_GRADES = tuple(range(1, HIGHEST_GRADE + 1))


def _grade(text: str) -> int:
    """A grade a riddle can have, from ``1``, ``2``, ``easy`` or ``normal`` (any case).

    >>> _grade("Normal"), _grade("1")
    (2, 1)
    >>> _grade("expert")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: no riddle has grade 4 (Expert): every riddle is solved with grade 2 reasoning or less
    """
    wanted = text.strip().casefold()
    for grade, name in LEVEL_NAMES.items():
        if wanted in (str(grade), name.casefold()):
            if grade > HIGHEST_GRADE:
                raise argparse.ArgumentTypeError(
                    f"no riddle has grade {grade} ({name}): every riddle is solved with grade "
                    f"{HIGHEST_GRADE} reasoning or less"
                )
            return grade
    names = ", ".join(f"{g} or {LEVEL_NAMES[g].lower()}" for g in _GRADES)
    raise argparse.ArgumentTypeError(f"cannot read difficulty {text!r}: expected {names}")


def _add_common(parser: argparse.ArgumentParser) -> None:
    add_diagonals(parser)
    add_json(parser)


def _verify(args: argparse.Namespace) -> ExitCode:
    rules = Rules(diagonals=args.diagonals)
    square = Square(args.square)
    report = verify_start(square, rules)
    grade = grade_start(square, rules) if report.unique else None
    if args.json:
        data = report.to_dict()
        data["grade"] = None if grade is None else grade.to_dict()
        data["canonical"] = canonical_form(square, rules).notation()
        emit(data)
    else:
        print(square)
        print()
        print(f"{report.reason()} ({rules.describe()})")
        if report.completion is not None:
            print(f"completion: {report.completion.notation()}")
        if grade is not None:
            print(grade)
    return ExitCode.OK if report.unique else ExitCode.NO


def _census(args: argparse.Namespace) -> ExitCode:
    rules = Rules(diagonals=args.diagonals)
    table = census(rules)
    classes = start_classes(rules)
    burnside = count_classes_burnside(rules)
    if args.json:
        data = table.to_dict()
        data["classes"] = [c.to_dict() for c in classes]
        data["classes_by_burnside"] = burnside
        emit(data)
        return ExitCode.OK
    print(
        f"Unique starts by number of cards ({rules.describe()}, {table.finished} finished squares)"
    )
    print()
    print(table.table())
    print()
    print(
        f"The smallest riddle has {table.smallest} cards: no start with fewer cards has exactly "
        "one completion (exhaustive count)."
    )
    print(f"Minimal riddles have {table.smallest} to {table.largest_minimal} cards.")
    print(
        f"The {table.row(table.smallest).unique} riddles with {table.smallest} cards fall into "
        f"{len(classes)} symmetry classes (Burnside's lemma: {burnside})."
    )
    if args.classes:
        for item in classes:
            print(f"  {item}")
    return ExitCode.OK


def _new(args: argparse.Namespace) -> ExitCode:
    rules = Rules(diagonals=args.diagonals)
    seed: int | str | None = args.seed
    if isinstance(seed, str):
        with contextlib.suppress(ValueError):
            seed = int(seed)
    try:
        riddle = new_start(
            args.cards, rules, seed=seed, minimal=args.minimal, difficulty=args.difficulty
        )
    except RiddleNotFoundError as error:
        print(f"officers: {error}", file=sys.stderr)
        return ExitCode.NO
    if args.json:
        emit(riddle.to_dict())
        return ExitCode.OK
    print(riddle.start)
    print()
    print(riddle.start.notation())
    minimal = ", minimal" if riddle.minimal else ""
    print(f"{riddle.start.placed_count()} cards{minimal}, {rules.describe()}; {riddle.grade}")
    print(f"seed: {riddle.seed!r}")
    if args.solution:
        print(f"solution: {riddle.solution.notation()}")
    return ExitCode.OK
