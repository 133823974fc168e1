"""Verify many starts at once: a file of starts in, one result per start out, in input order.

Glossary
--------
batch
    A stream of lines, each holding one start (and perhaps its rule set and other fields).
    Blank lines and lines starting with ``#`` hold no start: they are skipped, but counted in
    the line numbers.
formats
    ``plain``: the square notation, perhaps followed by a rule word (:data:`RULE_WORDS`, e.g.
    ``diagonals`` or ``expert``). ``jsonl``: one JSON object a line, with ``"square"`` (or
    ``"start"``, as :meth:`~officers.euler.puzzles.Riddle.to_dict` writes it) and perhaps
    ``"diagonals"`` or ``"rules"``; the other fields are passed through. ``csv``: a header
    naming a ``square`` column (and perhaps ``diagonals`` or ``rules``); the other columns are
    passed through. ``auto`` (the default) reads a CSV header on the first line as CSV, and
    otherwise each line as JSON when it starts with ``{``, else as plain.
result
    A :class:`BatchResult`: the line number, the start and its rule set, the exact number of
    completions, whether it is unique and minimal, its redundant cards, its class and the
    line of an earlier start of the same class; or, for a line that cannot be read, an error
    quoting it. Nothing is dropped or reordered.

The work per start is a handful of integer operations on the completion index: the AND of the
placed cards' bitsets is the set of completions (a popcount counts them); the start is minimal
when, for each card, the AND of the *other* cards' bitsets (a prefix AND times a suffix AND)
holds more than one completion.

>>> lines = ["AC3/1JS2/1AH1QD/4", "ADJC2/4/JS3/KC3 expert", "ADJC2/4/JS3/KC3", "AC3/1JS/4/4"]
>>> for result in verify_batch(lines):
...     print(result.line, result.completions, result.unique, result.minimal, result.error)
1 1 True True None
2 1 True True None
3 2 False False None
4 None False False cannot read square 'AC3/1JS/4/4': row 2 has 2 cells, expected 4
"""

from __future__ import annotations

import csv
import itertools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from officers.core.errors import NotationError, OfficersError, UnsupportedError, excerpt
from officers.euler.bitboard import key
from officers.euler.cards import Card
from officers.euler.puzzles.base import N
from officers.euler.puzzles.classes import riddle_classes
from officers.euler.rules import DIAGONAL_RULES, STANDARD_RULES, Rules
from officers.euler.solve.index import CompletionIndex
from officers.euler.square import EMPTY, Square

if TYPE_CHECKING:
    from officers.euler.symmetry import Kind

__all__ = [
    "FORMATS",
    "RULE_WORDS",
    "SCHEMA_VERSION",
    "BatchResult",
    "BatchSummary",
    "Format",
    "read_rules_word",
    "verify_batch",
    "verify_items",
]

SCHEMA_VERSION: Final = 2
"""The ``"version"`` of the JSON documents written here (``kind`` ``"verify-result"`` and
``"verify-summary"``): that of the JSON contract (:data:`officers.euler.analysis.JSON_VERSION`,
docs/json.md)."""

Format = Literal["auto", "plain", "jsonl", "csv"]
FORMATS: Final = ("auto", "plain", "jsonl", "csv")

RULE_WORDS: Final[dict[str, bool]] = {
    "diagonals": True,
    "diagonal": True,
    "expert": True,
    "standard": False,
    "rows-and-columns": False,
    "easy": False,
    "normal": False,
    "hard": False,
}
"""The rule words a line may name (any case): the value says whether the diagonals are lines."""

_TRUE: Final = {"true", "yes", "1", "y"}
_FALSE: Final = {"false", "no", "0", "n", ""}


@dataclass(frozen=True)
class BatchResult:
    """What :func:`verify_batch` found for one line (see the module doc).

    For a line that cannot be read, ``square``, ``rules`` and ``completions`` are ``None`` and
    ``error`` says why, quoting the line. ``canonical`` is the class representative of a riddle
    (:class:`~officers.euler.puzzles.classes.RiddleClasses`), ``duplicate_of`` the line of the first
    riddle of the batch in the same class (with the same rules), and ``fields`` the input's
    other fields.
    """

    line: int
    text: str
    square: Square | None = None
    rules: Rules | None = None
    completions: int | None = None
    completion: Square | None = None
    redundant: tuple[int, ...] = ()
    canonical: Square | None = None
    duplicate_of: int | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

    @property
    def unique(self) -> bool:
        """Whether the start has exactly one completion (it is a riddle)."""
        return self.completions == 1

    @property
    def minimal(self) -> bool:
        """Whether the start is a riddle and every card of it is needed."""
        return self.completions == 1 and not self.redundant

    @property
    def verdict(self) -> str:
        """A few words: ``riddle, minimal``, ``riddle, 2 cards not needed``, ``3 completions``,
        ``no completion`` or ``cannot read``."""
        if self.error is not None or self.completions is None:
            return "cannot read"
        if self.completions == 0:
            return "no completion"
        if self.completions > 1:
            return f"{self.completions} completions"
        if not self.redundant:
            return "riddle, minimal"
        many = len(self.redundant)
        return f"riddle, {many} card{'s' if many > 1 else ''} not needed"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: a ``"verify-result"`` document.

        >>> data = next(verify_batch(["AC3/1JS2/1AH1QD/4"])).to_dict()
        >>> data["kind"], data["line"], data["completions"], data["unique"], data["minimal"]
        ('verify-result', 1, 1, True, True)
        """
        data: dict[str, Any] = {
            "version": SCHEMA_VERSION,
            "kind": "verify-result",
            "line": self.line,
            "square": None if self.square is None else self.square.notation(),
            "rules": None if self.rules is None else self.rules.to_dict(),
            "completions": self.completions,
            "unique": self.unique,
            "minimal": self.minimal,
            "redundant": [
                {"cell": cell, "card": Card(self.square.values[cell]).notation()}
                for cell in self.redundant
                if self.square is not None
            ],
            "completion": None if self.completion is None else self.completion.notation(),
            "canonical": None if self.canonical is None else self.canonical.notation(),
            "duplicate_of": self.duplicate_of,
            "fields": self.fields,
            "error": None
            if self.error is None
            else {"message": self.error, "text": _cut(self.text)},
        }
        return data


def _cut(text: str, limit: int = 200) -> str:
    """The line as given, cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass
class BatchSummary:
    """The tally of a batch: add each result with :meth:`add`."""

    lines: int = 0
    starts: int = 0
    riddles: int = 0
    minimal: int = 0
    not_riddles: int = 0
    errors: int = 0
    duplicates: int = 0

    def add(self, result: BatchResult) -> None:
        """Count one result."""
        self.lines = max(self.lines, result.line)
        self.starts += 1
        if result.error is not None:
            self.errors += 1
        elif result.unique:
            self.riddles += 1
            self.minimal += result.minimal
            self.duplicates += result.duplicate_of is not None
        else:
            self.not_riddles += 1

    @property
    def exit_status(self) -> int:
        """0 when every start is a riddle, 1 when some are not, 2 when some line could not be
        read."""
        return 2 if self.errors else 1 if self.not_riddles else 0

    def __str__(self) -> str:
        """One sentence.

        >>> summary = BatchSummary()
        >>> for result in verify_batch(["AC3/1JS2/1AH1QD/4", "4/4/4/4", "x"]):
        ...     summary.add(result)
        >>> print(summary)
        3 starts: 1 riddle (1 minimal, 0 duplicates), 1 not a riddle, 1 unreadable
        """
        return (
            f"{self.starts} start{'s' if self.starts != 1 else ''}: "
            f"{self.riddles} riddle{'s' if self.riddles != 1 else ''} ({self.minimal} minimal, "
            f"{self.duplicates} duplicate{'s' if self.duplicates != 1 else ''}), "
            f"{self.not_riddles} not a riddle, {self.errors} unreadable"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: a ``"verify-summary"`` document."""
        return {
            "version": SCHEMA_VERSION,
            "kind": "verify-summary",
            "starts": self.starts,
            "riddles": self.riddles,
            "minimal": self.minimal,
            "duplicates": self.duplicates,
            "not_riddles": self.not_riddles,
            "errors": self.errors,
            "exit_status": self.exit_status,
        }


def read_rules_word(text: object) -> bool:
    """Whether a rule word (:data:`RULE_WORDS`) or a yes/no value asks for the diagonals.

    >>> read_rules_word("Expert"), read_rules_word("false"), read_rules_word(True)
    (True, False, True)
    """
    if isinstance(text, bool):
        return text
    if isinstance(text, str):
        word = text.strip().casefold()
        if word in RULE_WORDS:
            return RULE_WORDS[word]
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    if isinstance(text, dict):
        if text.get("order", N) != N:
            raise UnsupportedError(
                f"puzzle starts are implemented for order 4 only, not {excerpt(text)}"
            )
        return read_rules_word(text.get("diagonals", False))
    raise NotationError(
        f"cannot read rules {excerpt(text)}: expected one of {', '.join(RULE_WORDS)} or true/false"
    )


def verify_batch(
    lines: Iterable[str],
    *,
    default_rules: Rules | None = None,
    format: Format = "auto",
    kind: Kind = "puzzle",
) -> Iterator[BatchResult]:
    """Verify every start of a stream of lines; yield one result per start, in input order, as
    soon as its line is read (see the module doc for the formats).

    Parameters
    ----------
    lines : iterable of str
        The lines (a file object, a list, standard input); line endings are ignored.
    default_rules : Rules or None
        The rules of a line that names none (default: rows and columns).
    format : {"auto", "plain", "jsonl", "csv"}
        How to read the lines.
    kind : {"puzzle", "lines"}
        The symmetries under which riddles are classed (:data:`officers.euler.symmetry.KINDS`).

    Yields
    ------
    BatchResult
        For every line holding a start, in order; an unreadable line gives a result with an
        ``error`` and the run goes on.

    Examples
    --------
    >>> rows = ["name,square,rules", "ozanam,AC3/1JS2/1AH1QD/4,standard", "twin,ASKH2/2JS1/QC3/4,"]
    >>> [(r.line, r.fields, r.unique, r.duplicate_of) for r in verify_batch(rows)]
    [(2, {'name': 'ozanam'}, True, None), (3, {'name': 'twin'}, True, 2)]
    """
    if format not in FORMATS:
        raise NotationError(
            f"cannot read format {excerpt(format)}: expected one of {', '.join(FORMATS)}"
        )
    default = STANDARD_RULES if default_rules is None else default_rules
    default_diagonals = read_rules_word(default.to_dict())
    stream = iter(lines)
    first = next(stream, None)
    if first is None:
        return
    stream = itertools.chain([first], stream)
    if format == "csv" or (format == "auto" and _is_csv_header(first)):
        records: Iterator[tuple[int, str, Any]] = _csv_records(stream)
    else:
        records = _line_records(stream, format)
    yield from _results(records, default_diagonals, kind)


def verify_items(
    items: Iterable[object], *, default_rules: Rules | None = None, kind: Kind = "puzzle"
) -> Iterator[BatchResult]:
    """Verify starts that are already apart, as a JSON request holds them: each item is one
    start, numbered from 1 — a string read as a plain line (a square, perhaps followed by a rule
    word), an object as a JSON line (``square``, ``diagonals`` or ``rules``, other fields);
    nothing is skipped, and an item that cannot be read gets its result, with an ``error``, in
    its place. The same checks and results as :func:`verify_batch`.

    >>> items = ["AC3/1JS2/1AH1QD/4", {"square": "ADJC2/4/JS3/KC3", "diagonals": True}, "", 7]
    >>> [(r.line, r.completions, r.error) for r in verify_items(items)]  # doctest: +NORMALIZE_WHITESPACE
    [(1, 1, None), (2, 1, None),
     (3, None, "cannot read square '': it is empty (the empty square is '4/4/4/4')"),
     (4, None, 'cannot read start 7: expected a JSON object')]
    """
    default = STANDARD_RULES if default_rules is None else default_rules
    records = (
        (number, item if isinstance(item, str) else _dumps(item), _item(item))
        for number, item in enumerate(items, 1)
    )
    yield from _results(records, read_rules_word(default.to_dict()), kind)


def _dumps(item: object) -> str:
    try:
        return json.dumps(item, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(item)


def _item(item: object) -> Any:
    return item.strip() if isinstance(item, str) else item


def _results(
    records: Iterable[tuple[int, str, Any]], default_diagonals: bool, kind: Kind
) -> Iterator[BatchResult]:
    checker = _Checker(kind)
    for number, text, record in records:
        try:
            square, diagonals, fields = _read(record, default_diagonals)
        except OfficersError as error:
            yield BatchResult(number, text, error=str(error))
            continue
        yield checker.check(number, text, square, diagonals, fields)


# --- reading -----------------------------------------------------------------------------------


def _is_csv_header(line: str) -> bool:
    if "," not in line or line.lstrip().startswith("{"):
        return False
    names = next(csv.reader([line]), [])
    return any(name.strip().casefold() in ("square", "start") for name in names)


def _line_records(stream: Iterator[str], format: Format) -> Iterator[tuple[int, str, Any]]:
    for number, raw in enumerate(stream, 1):
        text = raw.rstrip("\r\n")
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if format == "jsonl" or (format == "auto" and stripped.startswith("{")):
            try:
                record: Any = json.loads(stripped)
            except json.JSONDecodeError as error:
                record = NotationError(f"cannot read JSON {excerpt(stripped)}: {error}")
            yield number, text, record
        else:
            yield number, text, stripped


def _csv_records(stream: Iterator[str]) -> Iterator[tuple[int, str, Any]]:
    reader = csv.reader(line.rstrip("\r\n") for line in stream)
    header = [name.strip().casefold() for name in next(reader, [])]
    for row in reader:
        text = ",".join(row)
        if not any(cell.strip() for cell in row) or row[0].lstrip().startswith("#"):
            continue
        if len(row) != len(header):
            record: Any = NotationError(
                f"cannot read CSV row {excerpt(text)}: {len(row)} fields, the header has "
                f"{len(header)}"
            )
        else:
            record = dict(zip(header, row, strict=True))
        yield reader.line_num, text, record


def _read(record: Any, default: bool) -> tuple[Square, bool, dict[str, Any]]:
    """The start, whether the diagonals count, and the other fields of one record."""
    if isinstance(record, OfficersError):
        raise record
    if isinstance(record, str):
        head, _, word = record.rpartition(" ")
        if head and word.casefold() in RULE_WORDS:
            return Square(head), RULE_WORDS[word.casefold()], {}
        return Square(record), default, {}
    if not isinstance(record, dict):
        raise NotationError(f"cannot read start {excerpt(record)}: expected a JSON object")
    fields = dict(record)
    text = fields.pop("square", None)
    if text is None:
        text = fields.pop("start", None)
        if isinstance(text, dict):
            text = text.get("notation")
    if not isinstance(text, str):
        raise NotationError(
            f'cannot read start {excerpt(record)}: it needs a "square" in the square notation'
        )
    diagonals = default
    for name in ("diagonals", "rules"):
        if name in fields and fields[name] not in (None, ""):
            diagonals = read_rules_word(fields.pop(name))
        else:
            fields.pop(name, None)
    return Square(text), diagonals, fields


# --- checking ----------------------------------------------------------------------------------


class _Checker:
    """Completions, minimality, class and duplicates of each start, from the index's bitsets."""

    def __init__(self, kind: Kind) -> None:
        self.kind: Kind = kind
        self.seen: dict[tuple[bool, tuple[int, int]], int] = {}

    def check(
        self, number: int, text: str, square: Square, diagonals: bool, fields: dict[str, Any]
    ) -> BatchResult:
        rules = DIAGONAL_RULES if diagonals else STANDARD_RULES
        if square.order != N:  # pragma: no cover - Square() reads order 4 here
            raise UnsupportedError(f"puzzle starts are of order 4, not {square!r}")
        index = CompletionIndex.get(rules)
        table = index.table
        cells = [cell for cell, value in enumerate(square.values) if value != EMPTY]
        masks = [table[key(cell, square.values[cell])] for cell in cells]
        prefix = [index.full]
        for mask in masks:
            prefix.append(prefix[-1] & mask)
        total = prefix[-1]
        count = total.bit_count()
        if count != 1:
            return BatchResult(number, text, square, rules, count, fields=fields)
        redundant = []
        suffix = index.full
        for i in range(len(masks) - 1, -1, -1):
            if (prefix[i] & suffix).bit_count() == 1:
                redundant.append(cells[i])
            suffix &= masks[i]
        redundant.reverse()
        finished = total.bit_length() - 1
        classes = riddle_classes(rules, self.kind)
        class_key = classes.key_of(finished, sum(1 << cell for cell in cells))
        first = self.seen.setdefault((diagonals, class_key), number)
        return BatchResult(
            number,
            text,
            square,
            rules,
            1,
            index.squares[finished],
            tuple(redundant),
            classes.square(class_key),
            None if first == number else first,
            fields,
        )
