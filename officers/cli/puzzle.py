"""The ``officers puzzle`` command: verify starts, report on one, take the census, make riddles.

``officers puzzle verify START... | --file PATH | - [--diagonals] [--format F] [--json | --csv]``
    One start on the command line: its report. Several starts, a file or standard input
    (``-``): one result per start, in input order, streamed (a table, JSON lines or CSV), and a
    summary (on standard error when the output is JSON or CSV). Exit status 0 when every start
    is a riddle, 1 when some are not, 2 when some line could not be read.
``officers puzzle report START [--diagonals] [--json]``
    Everything about one start: completions, the cards not needed, the grade, the solving path
    step by step, the rating, the classes.
``officers puzzle census [--diagonals] [--classes] [--json]``
    The census of unique starts by number of cards, and the classes of the smallest under both
    kinds of symmetry.
``officers puzzle new [--cards K] [--seed S] [--difficulty D] [--diagonals] [--minimal]
[--solution] [--count N] [--sheet FILE] [--json]``
    A random riddle (or ``--count N`` pairwise different ones, optionally printed as a sheet);
    the same seed gives the same riddles everywhere. ``--difficulty`` offers the grades a riddle
    can have (1 to :data:`~officers.euler.puzzles.HIGHEST_GRADE`). Exit status 1 when no riddle as
    asked was found in the tries allowed; 2 when no riddle can be as asked (the census says so)
    or the input cannot be used.

Input that cannot be used gives exit status 2 and one line on standard error (see
:mod:`officers.cli`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import TYPE_CHECKING, Final

from officers.cli.common import (
    Commands,
    ExitCode,
    Parser,
    UsageError,
    add_diagonals,
    add_json,
    add_square,
    emit,
)
from officers.cli.common import (
    number as whole,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from officers.euler.puzzles import BatchResult, BatchSummary
    from officers.euler.rules import Rules
    from officers.euler.square import Square

__all__ = ["add_commands"]

# The library's values the parser shows, written here: building the parser loads none of the
# puzzles (the tests hold each to the library's).
HIGHEST_GRADE: Final = 2
"""The highest grade a riddle has (:data:`officers.euler.puzzles.HIGHEST_GRADE`)."""
LEVEL_NAMES: Final = {1: "Easy", 2: "Normal", 3: "Hard", 4: "Expert"}
"""The grades' names (:data:`officers.euler.puzzles.LEVEL_NAMES`)."""
FORMATS: Final = ("auto", "plain", "jsonl", "csv")
"""How the lines of ``verify`` are written (:data:`officers.euler.puzzles.batch.FORMATS`)."""
LANGUAGES: Final = ("de", "en")
"""The languages of the verdicts (:func:`officers.euler.words.languages`)."""


def add_commands(commands: Commands) -> None:
    """Add ``puzzle`` (with ``verify``, ``report``, ``census`` and ``new``) to the sub-parsers
    of the CLI."""
    puzzle = commands.add_parser(
        "puzzle",
        help="puzzle starts: verify a riddle, take the census, make a new one",
        description="Puzzle starts (Ozanam's riddles): starts with exactly one completion.",
    )
    actions = puzzle.add_subparsers(dest="puzzle_action", metavar="ACTION", parser_class=Parser)
    actions.required = True

    _add_verify(actions)
    _add_report(actions)
    _add_census(actions)
    _add_new(actions)


def _add_verify(actions: Commands) -> None:
    verify = actions.add_parser(
        "verify",
        help="verify starts: one, several, a file or standard input",
        description="Count the completions of each start exactly, and say whether it is a "
        "riddle (one completion), whether every card is needed (minimal) and whether an "
        "earlier start is the same puzzle. One start on the command line gets its report. "
        "Lines: a square, perhaps followed by a rule word (diagonals, expert, standard); JSON "
        'objects ({"square": ..., "diagonals": true, ...}); or CSV with a header naming a '
        "square column. Exit status 0 when every start is a riddle, 1 when some are not, 2 "
        "when some line could not be read.",
    )
    verify.add_argument(
        "starts",
        nargs="*",
        metavar="START",
        help="starts in the square notation, e.g. 'AC3/1JS2/1AH1QD/4'; - reads standard input",
    )
    verify.add_argument("--file", metavar="PATH", help="read the starts from a file, one a line")
    verify.add_argument(
        "--format",
        choices=FORMATS,
        default="auto",
        help="how the lines are written (default: auto, see above)",
    )
    verify.add_argument("--csv", action="store_true", help="answer in CSV, one row per start")
    verify.add_argument(
        "--explain", action="store_true", help="the report of each start, with its solving path"
    )
    verify.add_argument(
        "--symmetry",
        choices=("puzzle", "lines"),
        default="puzzle",
        help="duplicates are the same puzzle (default) or the same picture up to the square's "
        "moves",
    )
    _add_lang(verify)
    verify.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on standard error (default: when it is a terminal and the output "
        "is not)",
    )
    _add_common(verify)
    verify.set_defaults(run=_verify)


def _add_report(actions: Commands) -> None:
    report = actions.add_parser(
        "report",
        help="everything about one start: grade, solving path, rating, classes",
        description="The report of one start: its completions, the cards not needed, the grade "
        "and the solving path (each step with its technique, cell, card and reason), the "
        "rating, and its class under both kinds of symmetry. Exit status 1 when it is not a "
        "riddle.",
    )
    add_square(report, "a start")
    _add_common(report)
    _add_lang(report)
    report.set_defaults(run=_report)


def _add_census(actions: Commands) -> None:
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


def _add_new(actions: Commands) -> None:
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
        "--cards",
        type=whole(0, 16),
        metavar="K",
        help="the number of cards (default: the fewest, 4)",
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
    new.add_argument(
        "--count",
        type=whole(1, 10_000),
        metavar="N",
        help="N riddles, no two the same puzzle, reproducible from the seed",
    )
    new.add_argument(
        "--sheet",
        metavar="FILE",
        help="also write a printable sheet: FILE.html (print CSS) or FILE.svg; the starts as "
        "cards, the solutions on a later page",
    )
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


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=(*LANGUAGES, "both"),
        default="en",
        help=f"the language of the verdicts and the solving path ({', '.join(LANGUAGES)}, or "
        "both; default en)",
    )


def _verify(args: argparse.Namespace) -> ExitCode:
    from officers.core.errors import NotationError, excerpt
    from officers.euler.puzzles import verify_batch
    from officers.euler.rules import Rules
    from officers.euler.square import Square

    rules = Rules(diagonals=args.diagonals)
    if args.json and args.csv:
        raise UsageError("officers puzzle verify: choose --json or --csv, not both")
    if len(args.starts) == 1 and args.starts[0] != "-" and args.file is None and not args.csv:
        return _report_one(Square(args.starts[0]), rules, args.json, args.explain, args.lang)
    if args.file is not None and args.starts:
        raise UsageError("officers puzzle verify: give starts or --file PATH, not both")
    if args.file is None and not args.starts:
        raise UsageError(
            "officers puzzle verify: give starts, --file PATH, or - to read standard input"
        )
    if args.starts.count("-") > 1 or ("-" in args.starts and len(args.starts) > 1):
        raise UsageError("officers puzzle verify: - (standard input) stands alone")
    with contextlib.ExitStack() as stack:
        lines: Iterable[str]
        total = None
        if args.file is not None:
            try:
                lines = stack.enter_context(open(args.file, encoding="utf-8"))
            except OSError as error:
                raise NotationError(
                    f"cannot read file {excerpt(args.file)}: {error.strerror}"
                ) from None
            if _show_progress(args.progress):
                with open(args.file, encoding="utf-8") as counting:
                    total = sum(1 for _ in counting)
        elif args.starts == ["-"]:
            lines = sys.stdin
        else:
            lines = args.starts
        results = verify_batch(lines, default_rules=rules, format=args.format, kind=args.symmetry)
        if _show_progress(args.progress):
            results = _with_progress(results, total)
        output = "json" if args.json else "csv" if args.csv else "table"
        summary = _write_results(results, output, args.explain, args.lang)
    print(summary, file=sys.stderr if output != "table" else sys.stdout)
    return ExitCode(summary.exit_status)


def _show_progress(wanted: bool | None) -> bool:
    if wanted is not None:
        return wanted
    return sys.stderr.isatty() and not sys.stdout.isatty()


def _with_progress(results: Iterator[BatchResult], total: int | None) -> Iterator[BatchResult]:
    from tqdm import tqdm

    with tqdm(total=total, desc="verifying", unit=" lines", leave=False, file=sys.stderr) as bar:
        line = 0
        for result in results:
            bar.update(result.line - line)
            line = result.line
            yield result


_CSV_COLUMNS = (
    "line", "square", "diagonals", "completions", "unique", "minimal", "redundant",
    "canonical", "duplicate_of", "error",
)  # fmt: skip


def _write_results(
    results: Iterable[BatchResult], output: str, explain: bool, lang: str = "en"
) -> BatchSummary:
    """Print each result as it comes (flushed, so that a pipe sees it at once)."""
    import csv

    from officers.euler.puzzles import BatchSummary
    from officers.euler.puzzles.report import start_report
    from officers.euler.square import cell_name
    from officers.euler.words import read_lang

    summary = BatchSummary()
    writer = csv.writer(sys.stdout, lineterminator="\n")
    if output == "csv":
        writer.writerow(_CSV_COLUMNS)
    elif output == "table":
        print(f"{'line':>5}  {'completions':>11}  {'verdict':<28}  start")
    for result in results:
        summary.add(result)
        if output == "json":
            data = result.to_dict()
            if explain and result.square is not None and result.rules is not None:
                data["report"] = start_report(result.square, result.rules).to_dict(lang)
            emit(data)
        elif output == "csv":
            data = result.to_dict()
            writer.writerow(
                [
                    data["line"], data["square"] or "",
                    "" if result.rules is None else result.rules.diagonals,
                    "" if result.completions is None else result.completions,
                    data["unique"], data["minimal"],
                    " ".join(f"{r['card']}@{cell_name(r['cell'])}" for r in data["redundant"]),
                    data["canonical"] or "",
                    "" if result.duplicate_of is None else result.duplicate_of,
                    result.error or "",
                ]
            )  # fmt: skip
        else:
            print(_table_row(result))
            if explain and result.square is not None and result.rules is not None:
                report = start_report(result.square, result.rules)
                print(_indent("\n\n".join(report.text(code) for code in read_lang(lang))))
        sys.stdout.flush()
    return summary


def _table_row(result: BatchResult) -> str:
    from officers.euler.cards import Card
    from officers.euler.square import cell_name

    count = "-" if result.completions is None else str(result.completions)
    if result.error is not None:
        what = result.error
    else:
        assert result.square is not None and result.rules is not None
        what = result.square.notation()
        if result.rules.diagonals:
            what += " (diagonals)"
        if result.redundant:
            what += " not needed: " + ", ".join(
                f"{Card(result.square.values[c])} {cell_name(c)}" for c in result.redundant
            )
        if result.duplicate_of is not None:
            what += f" same puzzle as line {result.duplicate_of}"
    return f"{result.line:>5}  {count:>11}  {result.verdict:<28}  {what}"


def _indent(text: str) -> str:
    return "\n".join("        " + line if line else "" for line in text.splitlines()) + "\n"


def _report_one(
    square: Square, rules: Rules, as_json: bool, explain: bool, lang: str = "en"
) -> ExitCode:
    """The report of one start (``verify START`` and ``report START``), in ``lang``."""
    from officers.euler.puzzles.report import start_report, words
    from officers.euler.words import read_lang

    report = start_report(square, rules)
    if as_json:
        emit(report.to_dict(lang))
    elif explain:
        print("\n\n".join(report.text(code) for code in read_lang(lang)))
    else:
        print(square)
        for code in read_lang(lang):
            told = words(code)
            print()
            print(report.verdict(code))
            if report.verification.completion is not None:
                completion = report.verification.completion.notation()
                print(f"{told.LABELS['completion']}: {completion}")
            if report.grade is not None:
                print(told.grade(report.grade))
            puzzle = report.classes["puzzle"]
            if puzzle is not None:
                print(f"{told.LABELS['class']} ({told.LABELS['puzzle']}): {puzzle.notation()}")
    return ExitCode.OK if report.verification.unique else ExitCode.NO


def _report(args: argparse.Namespace) -> ExitCode:
    from officers.euler.rules import Rules
    from officers.euler.square import Square

    rules = Rules(diagonals=args.diagonals)
    return _report_one(Square(args.square), rules, args.json, True, args.lang)


def _census(args: argparse.Namespace) -> ExitCode:
    from officers.contract.documents import census_document  # not on the path of verify
    from officers.euler.puzzles import census, count_classes_burnside, start_classes
    from officers.euler.rules import Rules
    from officers.euler.symmetry import symmetry_group

    rules = Rules(diagonals=args.diagonals)
    table = census(rules)
    classes = start_classes(rules)
    burnside = count_classes_burnside(rules)
    puzzles = start_classes(rules, kind="puzzle")
    puzzles_burnside = count_classes_burnside(rules, kind="puzzle")
    if args.json:
        emit(
            census_document(
                table,
                {"lines": classes, "puzzle": puzzles},
                {"lines": burnside, "puzzle": puzzles_burnside},
                {
                    "lines": symmetry_group(rules).order,
                    "puzzle": symmetry_group(rules, "puzzle").order,
                },
            )
        )
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
        f"{len(classes)} symmetry classes (Burnside's lemma: {burnside}) as the same picture up "
        f"to the square's moves ({symmetry_group(rules).order} symmetries), and into "
        f"{len(puzzles)} (Burnside's lemma: {puzzles_burnside}) as the same puzzle "
        f"({symmetry_group(rules, 'puzzle').order} symmetries of the finished squares)."
    )
    if args.classes:
        print("Same picture up to the square's moves:")
        for item in classes:
            print(f"  {item}")
        print("Same puzzle:")
        for item in puzzles:
            print(f"  {item}")
    return ExitCode.OK


def _new(args: argparse.Namespace) -> ExitCode:
    from officers.contract.documents import riddle_document  # not on the path of verify
    from officers.core.errors import RiddleNotFoundError
    from officers.euler.puzzles import new_start
    from officers.euler.rules import Rules

    rules = Rules(diagonals=args.diagonals)
    seed: int | str | None = args.seed
    if isinstance(seed, str):
        with contextlib.suppress(ValueError):
            seed = int(seed)
    if args.count is not None or args.sheet is not None:
        return _collection(args, rules, seed)
    try:
        riddle = new_start(
            args.cards, rules, seed=seed, minimal=args.minimal, difficulty=args.difficulty
        )
    except RiddleNotFoundError as error:
        print(f"officers: {error}", file=sys.stderr)
        return ExitCode.NO
    if args.json:
        emit(riddle_document(riddle))
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


def _collection(args: argparse.Namespace, rules: Rules, seed: int | str | None) -> ExitCode:
    """``new --count N`` and ``new --sheet FILE``: riddles as JSON lines or a list, and a sheet."""
    from officers.contract.documents import riddle_document
    from officers.core.errors import NotationError, RiddleNotFoundError, excerpt
    from officers.euler.puzzles.collection import new_collection
    from officers.euler.puzzles.sheet import sheet_html, sheet_svg

    sheet = args.sheet
    if sheet is not None and not sheet.lower().endswith((".html", ".htm", ".svg")):
        raise UsageError(f"officers puzzle new: the sheet is a .html or .svg file, not {sheet!r}")
    count = 1 if args.count is None else args.count
    if count < 1:
        raise UsageError(f"officers puzzle new: --count is 1 or more, not {count}")
    try:
        riddles = new_collection(
            count, args.cards, rules, seed=seed, minimal=args.minimal, difficulty=args.difficulty
        )
    except RiddleNotFoundError as error:
        print(f"officers: {error}", file=sys.stderr)
        return ExitCode.NO
    for number, riddle in enumerate(riddles, 1):
        if args.json:
            emit(riddle_document(riddle, number))
        else:
            solution = f"  solution {riddle.solution.notation()}" if args.solution else ""
            print(
                f"{number:>3}. {riddle.start.notation():<24} {riddle.grade}, "
                f"seed {riddle.seed!r}{solution}"
            )
    if sheet is not None:
        text = sheet_svg(riddles) if sheet.lower().endswith(".svg") else sheet_html(riddles)
        try:
            with open(sheet, "w", encoding="utf-8") as out:
                out.write(text)
        except OSError as error:
            raise NotationError(f"cannot write sheet {excerpt(sheet)}: {error.strerror}") from None
        print(f"sheet: {sheet} ({len(riddles)} riddles and their solutions)", file=sys.stderr)
    return ExitCode.OK
