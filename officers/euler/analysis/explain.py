"""All the checks at once, and the exact status of a square with its repairs."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from officers.core.errors import NotationError
from officers.euler.analysis.board import Board
from officers.euler.analysis.checks import (
    card_violations,
    cell_violations,
    line_violations,
    quarter_violations,
    rule_violations,
)
from officers.euler.analysis.euler import euler_violations
from officers.euler.analysis.facts import (
    CHECKS,
    JSON_VERSION,
    MAX_REASONS,
    RANKING,
    Check,
    Status,
    Violation,
)
from officers.euler.analysis.matching import matching_violations
from officers.euler.repairs import Repair, locked_cells, order4_rules, smallest_repairs
from officers.euler.rules import Rules, Value
from officers.euler.solve.index import CompletionIndex
from officers.euler.square import Square
from officers.euler.words import Language, speaker, texts

__all__ = [
    "RUNNERS",
    "Explanation",
    "capped",
    "check_square",
    "explain",
    "explaining_violations",
    "revived",
]

RUNNERS: Final[dict[Check, Callable[[Board], list[Violation]]]] = {
    "rule": rule_violations,
    "cell": cell_violations,
    "card": card_violations,
    "line": line_violations,
    "matching": matching_violations,
    "euler": euler_violations,
    "quarter": quarter_violations,
}
"""Each check, run on a :class:`~officers.euler.analysis.board.Board`."""


def check_square(
    square: Square, rules: Rules | None = None, *, checks: Iterable[Check] | None = None
) -> tuple[Violation, ...]:
    """Run the checks (default: all of :data:`CHECKS`) and return every violation they find,
    check by check. An empty answer does not mean the square is completable (see
    :func:`officers.is_completable`); a violation always means it is dead.

    >>> [v.check for v in check_square(Square("4/1KD1QH/2QC1/QS3"))]
    ['card', 'line', 'line', 'matching']
    >>> [v.check for v in check_square(Square("4/1KD1QH/2QC1/QS3"), checks=["line"])]
    ['line', 'line']
    """
    rules = order4_rules(square, rules)
    names = CHECKS if checks is None else tuple(checks)
    for name in names:
        if name not in RUNNERS:
            raise NotationError(f"unknown check {name!r}: expected one of {', '.join(CHECKS)}")
    board = Board(square, rules)
    found: list[Violation] = []
    for name in names:
        found.extend(RUNNERS[name](board))
    return tuple(found)


def explaining_violations(board: Board) -> tuple[Violation, ...]:
    """The violations an explanation lists (see :func:`explain`), the most telling first (in
    the order of :data:`~officers.euler.analysis.facts.RANKING`; one check's in the order it finds
    them)."""
    violations = rule_violations(board)
    if not violations:  # a broken rule says it all; the other checks would only echo it
        for name in CHECKS[1:]:
            if name == "matching" and any(v.check in ("cell", "card") for v in violations):
                continue
            violations.extend(RUNNERS[name](board))
    return tuple(sorted(violations, key=lambda violation: RANKING.index(violation.check)))


def capped(
    violations: tuple[Violation, ...], repairs: tuple[Repair, ...], max_reasons: int | None
) -> tuple[tuple[Violation, ...], tuple[Repair, ...]]:
    """The first ``max_reasons`` violations and repairs (all of them with ``None``), as the JSON
    forms give them; the empty repair of a completable square (nothing to take back) left out.

    >>> explanation = explain(Square("4/ AS JD 2/ 4/ KH QS 2"))
    >>> reasons, fixes = capped(explanation.violations, explanation.repairs, 1)
    >>> len(explanation.violations), len(reasons), [r.completions for r in fixes]
    (2, 1, [4])
    """
    if max_reasons is not None and (
        not isinstance(max_reasons, int) or isinstance(max_reasons, bool) or max_reasons < 0
    ):
        raise NotationError(f"max_reasons must be a whole number >= 0, got {max_reasons!r}")
    fixes = tuple(repair for repair in repairs if repair.cells)
    return violations[:max_reasons], fixes[:max_reasons]


def revived(status: str, completions: int, repairs: tuple[Repair, ...]) -> tuple[Repair, ...]:
    """The repairs read back from JSON: a completable square's one empty repair is not written."""
    return repairs if status == "dead" else (Repair((), (), completions),)


class Explanation(Value):
    """The exact status of a square, what the checks say about it, and its repairs.

    ``status`` is ``"finished"`` (full and keeping the rule), ``"live"`` (completable) or
    ``"dead"``; ``completions`` the number of finished squares that extend it. ``violations``
    lists what the checks found (none for a completable square: the checks are sound).
    ``repairs`` are the smallest sets of take-backs that revive it (the one empty repair when it is
    completable; none when not even the locked cards can be finished, and then
    ``takebacks_needed`` is ``None``).
    """

    __slots__ = _fields = __match_args__ = (
        "square",
        "rules",
        "locked",
        "status",
        "completions",
        "violations",
        "takebacks_needed",
        "repairs",
    )
    square: Square
    rules: Rules
    locked: tuple[int, ...]
    status: Status
    completions: int
    violations: tuple[Violation, ...]
    takebacks_needed: int | None
    repairs: tuple[Repair, ...]

    def __init__(
        self,
        square: Square,
        rules: Rules,
        locked: tuple[int, ...],
        status: Status,
        completions: int,
        violations: tuple[Violation, ...],
        takebacks_needed: int | None,
        repairs: tuple[Repair, ...],
    ) -> None:
        put = object.__setattr__  # the fields of a frozen value, set once
        put(self, "square", square)
        put(self, "rules", rules)
        put(self, "locked", locked)
        put(self, "status", status)
        put(self, "completions", completions)
        put(self, "violations", violations)
        put(self, "takebacks_needed", takebacks_needed)
        put(self, "repairs", repairs)

    @property
    def completable(self) -> bool:
        """Whether some finished square extends the square."""
        return self.completions > 0

    def text(self, lang: Language = "en") -> str:
        """The explanation as a few lines of text, in the language asked for.

        >>> print(explain(Square("AS1KS1/4/4/4")).text("de"))
        Das Quadrat ist tot: kein fertiges Quadrat setzt es fort (Zeilen und Spalten).
        Warum:
          - Zeile 1 enthält zwei Pik-Karten: Pik-Ass (Zeile 1, Spalte 1) und Pik-König (Zeile 1, Spalte 3).
        Nimm 1 Karte zurück, um es zu retten:
          - Nimm die Karte Pik-Ass (Zeile 1, Spalte 1) zurück: 432 Vervollständigungen.
          - Nimm die Karte Pik-König (Zeile 1, Spalte 3) zurück: 432 Vervollständigungen.
        """
        return speaker(lang).explanation(self)

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self, lang: str = "en", max_reasons: int | None = MAX_REASONS) -> dict[str, Any]:
        """The JSON form: ``{"version": 2, "kind": "explanation", ...}`` (see docs/json.md),
        the sentences in the languages of ``lang``, the first ``max_reasons`` reasons and
        repairs (``None``: all) with their totals.

        >>> data = explain(Square("4/1KD1QH/2QC1/QS3")).to_dict(max_reasons=1)
        >>> [r["check"] for r in data["reasons"]], data["reasons_total"], data["repairs_total"]
        (['card'], 3, 3)
        """
        reasons, fixes = capped(self.violations, self.repairs, max_reasons)
        told = Explanation(
            self.square,
            self.rules,
            self.locked,
            self.status,
            self.completions,
            reasons,
            self.takebacks_needed,
            fixes,
        )
        return {
            "version": JSON_VERSION,
            "kind": "explanation",
            "lang": lang,
            "square": self.square.notation(),
            "rules": self.rules.to_dict(),
            "locked": list(self.locked),
            "status": self.status,
            "completable": self.completable,
            "completions": self.completions,
            "reasons": [violation.to_dict(lang) for violation in reasons],
            "reasons_total": len(self.violations),
            "takebacks_needed": self.takebacks_needed,
            "repairs": [repair.to_dict(lang) for repair in fixes],
            "repairs_total": sum(1 for repair in self.repairs if repair.cells),
            "text": texts(told, lang),
        }

    def to_json(
        self, lang: str = "en", max_reasons: int | None = MAX_REASONS, **kwargs: Any
    ) -> str:
        """The JSON form as text; keyword arguments go to ``json.dumps``."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self.to_dict(lang, max_reasons), **kwargs)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Explanation:
        """Read the JSON form of :meth:`to_dict` (the sentences are ignored).

        >>> explanation = explain(Square("AS1KS1/4/4/4"))
        >>> Explanation.from_dict(explanation.to_dict(max_reasons=None)) == explanation
        True
        """
        try:
            if data["kind"] != "explanation" or data["status"] not in ("live", "dead", "finished"):
                raise ValueError(data["kind"])
            square = Square(data["square"])
            rules = Rules(
                order=int(data["rules"]["order"]), diagonals=bool(data["rules"]["diagonals"])
            )
            return cls(
                square=square,
                rules=rules,
                locked=tuple(int(cell) for cell in data["locked"]),
                status=data["status"],
                completions=int(data["completions"]),
                violations=tuple(Violation.from_dict(v, square, rules) for v in data["reasons"]),
                takebacks_needed=data["takebacks_needed"],
                repairs=revived(
                    data["status"],
                    int(data["completions"]),
                    tuple(Repair.from_dict(r) for r in data["repairs"]),
                ),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, NotationError):
                raise
            raise NotationError(
                f"cannot read an explanation from {str(dict(data))[:80]!r}"
            ) from error

    @classmethod
    def from_json(cls, text: str) -> Explanation:
        """Read the JSON text of :meth:`to_json`."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"cannot read JSON {text[:80]!r}: {error}") from error
        if not isinstance(data, dict):
            raise NotationError(f"cannot read an explanation from {text[:80]!r}")
        return cls.from_dict(data)


def explain(
    square: Square, rules: Rules | None = None, *, locked: Iterable[int] = ()
) -> Explanation:
    """The exact status of a square, what the checks say, and its repairs.

    When the square breaks the rule of the square, only those conflicts are listed (the other
    checks would only echo them); the matching check is listed only when the simpler cell and
    card checks find nothing (its witness would repeat theirs).

    >>> explanation = explain(Square("4/1KD1QH/2QC1/QS3"))
    >>> explanation.status, explanation.takebacks_needed, len(explanation.repairs)
    ('dead', 1, 3)
    >>> [v.check for v in explanation.violations]
    ['card', 'line', 'line']
    >>> explain(Square("AC3/1JS2/1AH1QD/4")).completions
    1
    """
    rules = order4_rules(square, rules)
    cells = locked_cells(square, locked)
    count = CompletionIndex.get(rules).count(square)
    violations = explaining_violations(Board(square, rules))
    found = smallest_repairs(square, rules, cells)
    status: Status = "dead" if not count else "finished" if square.is_full() else "live"
    return Explanation(
        square=square,
        rules=rules,
        locked=cells,
        status=status,
        completions=count,
        violations=violations,
        takebacks_needed=len(found[0].cells) if found else None,
        repairs=found,
    )
