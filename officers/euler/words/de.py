"""Deutsch: every fact of officers told in German (see :mod:`officers.euler.words`).

>>> from officers import Square
>>> from officers.euler.analysis import check_rule
>>> violation(check_rule(Square("AS1AH1/4/4/4"))[0])
'Zeile 1 enthält zwei Asse: Pik-Ass (Zeile 1, Spalte 1) und Herz-Ass (Zeile 1, Spalte 3).'
>>> where([2, 3, 8])
'Zeile 1, Spalten 3 und 4; Zeile 3, Spalte 1'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

from officers.core.errors import excerpt
from officers.euler.cards import Card, Rank, Suit
from officers.euler.rules import Attribute, Conflict, Illegal, Line, Rules, show

if TYPE_CHECKING:
    from officers.euler.analysis import Blocked, Explanation, Violation
    from officers.euler.hints import CardHint, ForcedMove, Hint, Recommendation
    from officers.euler.moves import Move, Outcome, Refusal
    from officers.euler.puzzles import Grade, StartReport
    from officers.euler.puzzles.report import StepReason
    from officers.euler.repairs import Repair

NUMBER: Final = ("kein", "ein", "zwei", "drei", "vier")
RANK_ACC: Final = ("ein Ass", "einen König", "eine Dame", "einen Buben")  # ein / kein + Akk.
SUIT_ACC: Final = ("ein Pik", "ein Herz", "ein Karo", "ein Kreuz")
RANK_NOM: Final = ("das Ass", "der König", "die Dame", "der Bube")
RANK_DAT: Final = ("einem Ass", "einem König", "einer Dame", "einem Buben")
RANK_PLURAL: Final = ("Asse", "Könige", "Damen", "Buben")
SUIT_PLURAL: Final = ("Pik-Karten", "Herz-Karten", "Karo-Karten", "Kreuz-Karten")
QUARTER: Final = (
    "das linke obere Viertel",
    "das rechte obere Viertel",
    "das linke untere Viertel",
    "das rechte untere Viertel",
)
QUARTER_LAW: Final = (
    "mit Diagonalen enthält aber jedes 2 × 2-Eckviertel eines fertigen Quadrats jeden Rang und "
    "jede Farbe"
)


# --- Wörter ---------------------------------------------------------------------------------------


def cap(text: str) -> str:
    """The text with its first letter upper case."""
    return text[:1].upper() + text[1:]


def join(items: Sequence[str], separator: str = ", ") -> str:
    """``A, B und C``."""
    if len(items) <= 1:
        return "".join(items)
    return separator.join(items[:-1]) + " und " + items[-1]


def cell(index: int, order: int = 4) -> str:
    """``Zeile 3, Spalte 2``."""
    row, column = divmod(index, order)
    return f"Zeile {row + 1}, Spalte {column + 1}"


def cells(indices: Iterable[int]) -> str:
    """Cells joined with semicolons."""
    return join([cell(index) for index in indices], "; ")


def card_name(card: Card) -> str:
    """``Pik-Ass``."""
    return card.name_de()


def line_name(line: Line) -> str:
    """``Zeile 2``, ``die Hauptdiagonale``."""
    if line.kind == "diagonal":
        return "die Hauptdiagonale"
    if line.kind == "anti-diagonal":
        return "die Nebendiagonale"
    return f"{'Zeile' if line.kind == 'row' else 'Spalte'} {line.index + 1}"


def acc(attribute: Attribute, symbol: int) -> str:
    """``einen König``, ``ein Pik`` (accusative)."""
    return (RANK_ACC if attribute == "rank" else SUIT_ACC)[symbol]


def plural(attribute: Attribute, symbol: int) -> str:
    """``Könige``, ``Pik-Karten``."""
    return (RANK_PLURAL if attribute == "rank" else SUIT_PLURAL)[symbol]


def swap(attribute: Attribute, mask: int) -> str:
    """The pairing ``x <-> x ^ mask`` of ranks or suits: ``Ass↔König, Dame↔Bube``."""
    names: Sequence[str] = (
        [Rank(r).name_de() for r in range(4)]
        if attribute == "rank"
        else [Suit(s).name_de() for s in range(4)]
    )
    return ", ".join(f"{names[x]}↔{names[x ^ mask]}" for x in range(4) if x < x ^ mask)


def completions(count: int) -> str:
    """``1 Vervollständigung``, ``5 Vervollständigungen``."""
    return f"{count} Vervollständigung" + ("" if count == 1 else "en")


def rules_name(rules: Rules) -> str:
    """``Zeilen und Spalten`` or ``Zeilen, Spalten und Diagonalen``."""
    return "Zeilen, Spalten und Diagonalen" if rules.diagonals else "Zeilen und Spalten"


def where(indices: Iterable[int]) -> str:
    """Cells grouped by row: ``Zeile 2, Spalten 3 und 4; Zeile 3, Spalte 1``."""
    rows: dict[int, list[int]] = {}
    for index in indices:
        rows.setdefault(index // 4, []).append(index % 4 + 1)
    parts = []
    for row, columns in rows.items():
        many = "n" if len(columns) > 1 else ""
        parts.append(f"Zeile {row + 1}, Spalte{many} {join([str(c) for c in columns])}")
    return "; ".join(parts)


def _or(lines: Sequence[Line]) -> str:
    names = [line_name(line).replace("die ", "der ") for line in lines]
    return ", ".join(names[:-1]) + " oder " + names[-1] if len(names) > 1 else names[0]


def _placed(indices: Sequence[int], cards: Sequence[Card]) -> str:
    return join([f"{card_name(card)} ({cell(c)})" for c, card in zip(indices, cards, strict=True)])


def _of_this(attribute: Attribute) -> str:
    return "dieses Rangs" if attribute == "rank" else "dieser Farbe"


# --- die Regel des Quadrats (jede Ordnung) -------------------------------------------------------

RANK_NOM_A: Final = ("ein Ass", "ein König", "eine Dame", "ein Bube")
SUIT_NOM_A: Final = ("ein Pik", "ein Herz", "ein Karo", "ein Kreuz")


def _show(value: int, order: int) -> str:
    return card_name(Card(value)) if order == 4 else show(value, order)


def _symbol(attribute: str, symbol: int, order: int) -> str:
    if order > 26:
        return str(symbol)
    return chr(ord("A" if attribute == "rank" else "a") + symbol)


def conflict(fact: Conflict) -> str:
    """``Zeile 1 enthält zwei Asse: Pik-Ass (Zeile 1, Spalte 1) und Herz-Ass (...)``."""
    n, order = len(fact.cells), fact.order
    count = NUMBER[n] if 2 <= n <= 4 else str(n)
    where = join(
        [
            f"{_show(value, order)} ({cell(c, order)})"
            for c, value in zip(fact.cells, fact.values, strict=True)
        ]
    )
    if order == 4:
        what = plural(fact.attribute, fact.symbol)
    else:
        what = f"Zellen mit {_symbol(fact.attribute, fact.symbol, order)}"
    return f"{cap(line_name(fact.line))} enthält {count} {what}: {where}"


def illegal(fact: Illegal) -> str:
    """``ein Karo steht schon in Spalte 4 (Karo-Dame auf Zeile 3, Spalte 4)``."""
    order = fact.order
    held = _show(fact.held, order)
    if fact.reason == "taken":
        return f"auf dem Feld liegt schon {held}"
    if fact.reason == "placed":
        return f"die Karte liegt schon im Quadrat ({cell(fact.where, order)})"
    assert fact.line is not None
    symbol = divmod(fact.value, order)[0 if fact.reason == "rank" else 1]
    if order == 4:
        what = (RANK_NOM_A if fact.reason == "rank" else SUIT_NOM_A)[symbol]
    else:
        what = f"eine Zelle mit {_symbol(fact.reason, symbol, order)}"
    return (
        f"{what} steht schon in {line_name(fact.line).replace('die ', 'der ')} "
        f"({held} auf {cell(fact.where, order)})"
    )


# --- Verstöße -------------------------------------------------------------------------------------


def _rule_twice(fact: Violation) -> str:
    assert fact.attribute is not None
    line, symbol = fact.lines[0], fact.symbols[0]
    return (
        f"{cap(line_name(line))} enthält {NUMBER[len(fact.cards)]} "
        f"{plural(fact.attribute, symbol)}: {_placed(fact.cells, fact.cards)}."
    )


def _cell_no_card(fact: Violation) -> str:
    return (
        f"Auf das Feld {cell(fact.cells[0])} passt keine der übrigen Karten mehr: jede "
        f"teilt Rang oder Farbe mit einer Karte in {_or(fact.lines)}."
    )


def _card_no_cell(fact: Violation) -> str:
    return (
        f"{card_name(fact.cards[0])} passt auf kein freies Feld mehr: überall teilt die Karte "
        "Rang oder Farbe mit einer Karte derselben Linie."
    )


def _line_missing(fact: Violation) -> str:
    assert fact.attribute is not None
    attribute, symbol = fact.attribute, fact.symbols[0]
    if fact.cards:
        why = "auf ihre freien Felder passt keine der übrigen Karten " + _of_this(attribute)
    else:
        why = f"alle {plural(attribute, symbol)} liegen schon anderswo"
    return f"{cap(line_name(fact.lines[0]))} kann k{acc(attribute, symbol)} mehr bekommen: {why}."


def _matching_cards(fact: Violation) -> str:
    if not fact.cells:
        return f"{card_name(fact.cards[0])} passt auf kein freies Feld mehr."
    count = len(fact.cells)
    return (
        f"{join([card_name(card) for card in fact.cards])} passen zusammen nur auf "
        f"{count} Feld{'' if count == 1 else 'er'} ({cells(fact.cells)}), also können "
        "sie nicht alle gelegt werden."
    )


def _matching_cells(fact: Violation) -> str:
    if not fact.cards:
        return f"Auf das Feld {cell(fact.cells[0])} passt keine der übrigen Karten mehr."
    count = len(fact.cards)
    return (
        f"Auf die Felder {cells(fact.cells)} "
        f"{'passt' if count == 1 else 'passen'} zusammen nur {count} "
        f"Karte{'' if count == 1 else 'n'} ({join([card_name(card) for card in fact.cards])}), "
        "also können sie nicht alle gefüllt werden."
    )


def _pair_of_lines(fact: Violation) -> str:
    first, second = fact.lines
    kind = "Zeilen" if first.kind == "row" else "Spalten"
    return f"{kind} {first.index + 1} und {second.index + 1}"


def _euler_broken(fact: Violation) -> str:
    assert fact.attribute is not None
    kind, attribute = fact.lines[0].kind, fact.attribute
    a1, _, a2, _ = fact.cells
    v1, w1, v2, w2 = (card_name(card) for card in fact.cards)
    p1, p2 = fact.pairs
    shared = (set(p1) & set(p2)).pop()
    o1 = p1[1] if p1[0] == shared else p1[0]
    o2 = p2[1] if p2[0] == shared else p2[0]
    across = "Spalte" if kind == "row" else "Zeile"
    k1, k2 = (a1 % 4, a2 % 4) if kind == "row" else (a1 // 4, a2 // 4)
    above = "über" if kind == "row" else "links von"
    if attribute == "rank":
        what, s, o1_d, o2_d = "Ränge", RANK_NOM[shared], RANK_DAT[o1], RANK_DAT[o2]
    else:
        what, s = "Farben", Suit(shared).name_de()
        o1_d, o2_d = Suit(o1).name_de(), Suit(o2).name_de()
    two = "zwei Zeilen" if kind == "row" else "zwei Spalten"
    return (
        f"{_pair_of_lines(fact)} tappen in Eulers Falle: in jedem fertigen Quadrat tauschen {two} "
        f"ihre {what} paarweise, hier aber ist {s} in {across} {k1 + 1} mit {o1_d} und in "
        f"{across} {k2 + 1} mit {o2_d} gepaart ({v1} {above} {w1}, {v2} {above} {w2})."
    )


def _euler_blocked(fact: Violation) -> str:
    kind = fact.lines[0].kind
    first = fact.blocked[0]
    swaps = f"{swap('rank', first.rank_swap)} und {swap('suit', first.suit_swap)}"
    two = "zwei Zeilen" if kind == "row" else "zwei Spalten"
    rule = (
        f"{_pair_of_lines(fact)} tappen in Eulers Falle: {two} eines fertigen Quadrats tauschen "
        "ihre Ränge paarweise und ihre Farben paarweise"
    )
    facing = "?" if first.facing is None else card_name(first.facing)
    need = f"{cell(first.cell)} (gegenüber {facing}) die Karte {card_name(first.card)}"
    but = _why_not(first)
    if len(fact.blocked) == 1:
        return f"{rule}, hier {swaps}; also braucht {need}, aber {but}."
    return (
        f"{rule}, und keine der {len(fact.blocked)} noch offenen Paarungen geht auf: mit "
        f"{swaps} zum Beispiel braucht {need}, aber {but}."
    )


def _why_not(blocked: Blocked) -> str:
    card, held, line = blocked.card, blocked.held, blocked.line
    if held is None or blocked.blocker is None:  # pragma: no cover - there is always a reason
        return f"{card_name(card)} darf dort nicht hin"
    if held == card:
        return f"{card_name(card)} liegt schon auf {cell(blocked.blocker)}"
    attribute: Attribute = "rank" if held.rank == card.rank else "suit"
    symbol = card.rank if attribute == "rank" else card.suit
    assert line is not None
    return (
        f"{line_name(line)} hat schon {acc(attribute, symbol)} "
        f"({card_name(held)}, {cell(blocked.blocker)})"
    )


def _quarter_twice(fact: Violation) -> str:
    assert fact.attribute is not None and fact.quarter is not None
    return (
        f"{cap(QUARTER[fact.quarter])} enthält {NUMBER[len(fact.cells)]} "
        f"{plural(fact.attribute, fact.symbols[0])}: {_placed(fact.cells, fact.cards)}; "
        f"{QUARTER_LAW} genau einmal."
    )


def _quarter_missing(fact: Violation) -> str:
    assert fact.attribute is not None and fact.quarter is not None
    attribute, symbol = fact.attribute, fact.symbols[0]
    return (
        f"{cap(QUARTER[fact.quarter])} kann k{acc(attribute, symbol)} mehr bekommen: auf seine "
        f"freien Felder passt keine der übrigen Karten {_of_this(attribute)}; {QUARTER_LAW}."
    )


SENTENCES: Final[dict[tuple[str, str], Callable[[Violation], str]]] = {
    ("rule", "twice"): _rule_twice,
    ("cell", "no-card"): _cell_no_card,
    ("card", "no-cell"): _card_no_cell,
    ("line", "missing"): _line_missing,
    ("matching", "cards"): _matching_cards,
    ("matching", "cells"): _matching_cells,
    ("euler", "broken"): _euler_broken,
    ("euler", "blocked"): _euler_blocked,
    ("quarter", "twice"): _quarter_twice,
    ("quarter", "missing"): _quarter_missing,
}
"""The sentence of each ``(check, kind)`` of violation."""


def violation(fact: Violation) -> str:
    """What a check found, as one sentence."""
    return SENTENCES[fact.check, fact.kind](fact)


# --- Reparaturen und Erklärungen ------------------------------------------------------------------


def repair(fact: Repair) -> str:
    """``Nimm die Karte Kreuz-Bube (Zeile 1, Spalte 2) zurück: 5 Vervollständigungen.``"""
    if not fact.cells:
        return f"Nichts zurückzunehmen: {completions(fact.completions)}."
    what = join(
        [f"{card_name(card)} ({cell(c)})" for c, card in zip(fact.cells, fact.cards, strict=True)]
    )
    noun = "die Karte" if len(fact.cells) == 1 else "die Karten"
    return f"Nimm {noun} {what} zurück: {completions(fact.completions)}."


def explanation(fact: Explanation) -> str:
    """The status of a square, why it is dead, and its repairs, as a few lines."""
    if fact.status == "finished":
        return "Das Quadrat ist fertig."
    if fact.status == "live":
        return (
            f"Das Quadrat lässt sich noch fertigstellen: {completions(fact.completions)} "
            f"({rules_name(fact.rules)})."
        )
    lines = [
        f"Das Quadrat ist tot: kein fertiges Quadrat setzt es fort ({rules_name(fact.rules)}).",
        "Warum:",
    ]
    lines += [f"  - {violation(v)}" for v in fact.violations]
    if not fact.violations:
        lines.append("  - Keine der schnellen Prüfungen zeigt es, nur die vollständige Suche.")
    needed = fact.takebacks_needed
    if needed is None:
        lines.append(
            "Keine Rücknahme rettet es: schon die festen Startkarten lassen sich nicht "
            "fertigstellen."
        )
    else:
        lines.append(f"Nimm {needed} Karte{'' if needed == 1 else 'n'} zurück, um es zu retten:")
        lines += [f"  - {repair(r)}" for r in fact.repairs]
    return "\n".join(lines)


# --- Tipps ----------------------------------------------------------------------------------------


def card_hint(fact: CardHint) -> str:
    """Where a card in hand is safe and where it kills the square."""
    name = card_name(fact.card)
    if not fact.safe and not fact.deadly:
        return f"{name} passt auf kein freies Feld."
    if fact.dead:
        return f"{name} darf auf {where(fact.deadly)} (das Quadrat ist schon tot)."
    parts = []
    if fact.safe:
        groups = [f"{where(c)} (noch {completions(left)})" for left, c in fact.by_completions()]
        parts.append(f"{name} ist sicher auf {' und auf '.join(groups)}")
    else:
        parts.append(f"{name} hat kein sicheres Feld")
    if fact.deadly:
        parts.append(f"auf {where(fact.deadly)} macht die Karte das Quadrat tot")
    return ". ".join(cap(part) for part in parts) + "."


def forced_move(fact: ForcedMove) -> str:
    """A card that every completion puts on the same cell."""
    who = "du hast sie" if fact.yours else "ein Mitspieler hat sie"
    return (
        f"{card_name(fact.card)} gehört auf {cell(fact.cell)}: jede Vervollständigung hat "
        "die Karte dort"
        + (" (die Regeln lassen keine andere Wahl)" if fact.obvious else "")
        + f"; {who}."
    )


def _tokens(tokens: int) -> str:
    if tokens == 0:
        return "es ist keine Münze mehr übrig"
    verb, plural_n = ("ist", "") if tokens == 1 else ("sind", "n")
    return f"es {verb} nur noch {tokens} Münze{plural_n} übrig"


def recommendation(fact: Recommendation) -> str:
    """The one move to make, and why."""
    card, at, left = fact.card, fact.cell, fact.completions or 0
    needed = fact.takebacks or 0
    if fact.action == "place" and card is not None and at is not None:
        if fact.reason == "forced":
            return (
                f"Lege {card_name(card)} auf {cell(at)}: jede Vervollständigung hat die Karte dort."
            )
        return (
            f"Lege {card_name(card)} auf {cell(at)}: von deinen sicheren Zügen lässt "
            f"dieser die meisten Vervollständigungen übrig ({left})."
        )
    if fact.action == "take-back" and card is not None and at is not None:
        if needed == 1:
            return (
                f"Nimm die Karte {card_name(card)} von {cell(at)} zurück: das Quadrat ist "
                f"tot, ohne sie hat es wieder {completions(left)}."
            )
        return (
            f"Nimm die Karte {card_name(card)} von {cell(at)} zurück: das Quadrat ist "
            f"tot, und das ist die erste von {needed} Rücknahmen, die es retten (danach "
            f"{completions(left)})."
        )
    if fact.reason == "cannot-repair":
        if fact.takebacks is None:
            return (
                "Das Quadrat ist tot, und keine Rücknahme rettet es (schon die festen "
                "Startkarten lassen sich nicht fertigstellen): ihr könnt gemeinsam aufhören, "
                "das zählt als verloren."
            )
        return (
            f"Das Quadrat ist tot und braucht {needed} Rücknahme{'' if needed == 1 else 'n'}, "
            f"aber {_tokens(fact.tokens)}: ihr könnt gemeinsam aufhören, das zählt als "
            "verloren."
        )
    if fact.reason == "lost":
        return "Du steckst fest, und es ist keine Münze mehr übrig: das Team hat verloren."
    if fact.reason == "empty-hand":
        return "Deine Hand ist leer: du wirst übersprungen."
    return "Das Quadrat ist fertig: ihr habt gemeinsam gewonnen."


def hint(fact: Hint) -> str:
    """Everything a player may be told, as a few lines."""
    lines = []
    if fact.status == "finished":
        lines.append("Das Quadrat ist fertig.")
    elif fact.status == "live":
        lines.append(f"Das Quadrat lässt sich noch fertigstellen: {completions(fact.completions)}.")
    else:
        lines.append("Das Quadrat ist tot: kein fertiges Quadrat setzt es fort.")
        if fact.violations:
            lines.append("Warum:")
        lines += [f"  - {violation(v)}" for v in fact.violations]
    if fact.stuck:
        lines.append(
            "Du steckst fest: keine deiner Karten darf auf ein freies Feld, also musst du "
            "eine Karte zurücknehmen."
        )
    if fact.cards:
        lines.append("Deine Karten:")
        lines += [f"  - {card_hint(c)}" for c in fact.cards]
    if fact.forced:
        lines.append("Erzwungen:")
        lines += [f"  - {forced_move(f)}" for f in fact.forced]
    if fact.status == "dead" and fact.takebacks_needed:
        needed = fact.takebacks_needed
        lines.append(f"Kleinste Reparaturen ({needed} Rücknahme{'' if needed == 1 else 'n'}):")
        lines += [f"  - {repair(r)}" for r in fact.repairs]
    lines.append("Empfehlung: " + recommendation(fact.recommendation))
    return "\n".join(lines)


# --- abgelehnte Züge -----------------------------------------------------------------------------

READ_MOVE: Final = (
    "erwartet wird eine Karte mit Feld wie 'AS@r1c1', eine Rücknahme wie 'xr1c1', 'concede' "
    "oder 'timeout'"
)


def player(index: int | None) -> str:
    """``Spieler 2`` (player 1, 0-based); ``ein Spieler`` for ``None``."""
    return "ein Spieler" if index is None else f"Spieler {index + 1}"


def outcome(fact: Outcome) -> str:
    """``verloren: Spieler 2 steckt fest und kann nicht zurücknehmen``."""
    if fact.won:
        return "gewonnen: alle 16 Karten liegen im Quadrat"
    if fact.reason == "stuck":
        return f"verloren: {player(fact.player)} steckt fest und kann nicht zurücknehmen"
    if fact.reason == "conceded":
        return "verloren: das Team hat aufgegeben"
    return f"verloren: {player(fact.player)} hat die Zeit überschritten"


def refusal(fact: Refusal) -> str:
    """Why a move is refused: ``Von Zeile 1, Spalte 1 kann nichts zurückgenommen werden: das
    Feld ist leer.``"""
    kind, move, at = fact.kind, fact.move, fact.cell
    name = "" if fact.card is None else card_name(fact.card)
    if kind == "unreadable":
        return f"Der Zug {excerpt(fact.written)} lässt sich nicht lesen: {READ_MOVE}."
    if kind == "not-a-move":
        return f"Erwartet wird ein Move, nicht {fact.written} (einen Text liest Move.parse)."
    assert move is not None
    if kind == "over":
        assert fact.outcome is not None
        return (
            f"Der Zug {move.notation()} ist nicht mehr möglich: das Spiel ist vorbei "
            f"({outcome(fact.outcome)})."
        )
    if kind == "no-coins":
        return (
            "Es gibt keine Münze zu bewegen: dieses Spiel wird ohne Freihalte-Münzen gespielt "
            f"({move.notation()})."
        )
    assert at is not None
    if kind == "coin-cell-taken":
        return f"Die Münze darf nicht auf {cell(at)}: das Feld ist nicht leer."
    if kind == "coin-of-other":
        return (
            f"Die Münze darf nicht auf {cell(at)}: dort liegt schon die Münze von "
            f"{player(fact.owner)}."
        )
    if kind == "no-token":
        return f"Von {cell(at)} kann nichts zurückgenommen werden: keine Rücknahme-Münze ist übrig."
    if kind == "empty-cell":
        return f"Von {cell(at)} kann nichts zurückgenommen werden: das Feld ist leer."
    if kind == "locked":
        return (
            f"{name} kann nicht von {cell(at)} zurückgenommen werden: die Karte ist eine feste "
            "Startkarte."
        )
    if kind == "wrong-card":
        assert fact.held is not None
        return (
            f"{name} kann nicht von {cell(at)} zurückgenommen werden: auf dem Feld liegt "
            f"{card_name(fact.held)}."
        )
    if kind == "not-in-hand":
        return (
            f"{name} kann nicht auf {cell(at)} gelegt werden: {player(fact.player)} hat die "
            "Karte nicht auf der Hand."
        )
    assert fact.illegal is not None  # a slip, or a placement on a cell that is taken
    return (
        f"Nicht erlaubt: {name} darf nicht auf {cell(at)}: {illegal(fact.illegal)}. "
        f"Die Karte geht kostenlos auf die Hand von {player(fact.player)} zurück."
    )


# --- Startstellungen: das Urteil, die Stufe und der Lösungsweg ------------------------------------

TECHNIQUE: Final = {
    "only card for the cell": "einzige Karte für das Feld",
    "only cell for the card": "einziges Feld für die Karte",
    "only place in a line": "einziger Platz in einer Linie",
    "Euler's trap": "Eulers Falle",
    "guess": "Versuch",
}
"""The grader's techniques (:data:`officers.euler.puzzles.grade.TECHNIQUES`) by name."""

LEVEL: Final = {1: "Leicht", 2: "Normal", 3: "Schwer", 4: "Experte"}

LABELS: Final = {
    "completion": "Vervollständigung",
    "rating": "Bewertung",
    "path": "Lösungsweg",
    "class": "Klasse",
    "lines": "dasselbe Bild bis auf die Züge des Quadrats",
    "puzzle": "dasselbe Rätsel",
}
"""The headings of a start's report."""


def start_verdict(fact: StartReport) -> str:
    """What a start is: no completion, several, or a riddle (minimal or with cards to spare)."""
    if fact.completions == 0:
        broken = fact.rules.conflicts(fact.start)
        if broken:
            return f"keine Vervollständigung: der Start bricht die Regel des Quadrats: {conflict(broken[0])}"
        return "keine Vervollständigung: der Start lässt sich nicht fertig legen"
    if fact.completions > 1:
        return f"{completions(fact.completions)}: kein Rätsel, es braucht mehr Karten"
    if fact.minimal:
        return "genau eine Vervollständigung, und jede Karte wird gebraucht"
    cards = [f"{card_name(Card(fact.start.values[c]))} ({cell(c)})" for c in fact.redundant]
    which = cards[0] if len(cards) == 1 else "jede einzelne von " + "; ".join(cards)
    return (
        f"genau eine Vervollständigung, aber nicht minimal: {which} kann wegfallen, und die "
        "Vervollständigung bleibt eindeutig"
    )


def grade(fact: Grade) -> str:
    """``Stufe 1 (Leicht): nur Felder mit einer einzigen Karte``."""
    name = LEVEL.get(fact.level, fact.name)
    if fact.level == 4:
        nested = (
            "ein Versuch auf einmal" if fact.depth == 1 else f"{fact.depth} verschachtelte Versuche"
        )
        return f"Stufe 4 ({name}): braucht Versuche, {nested}"
    what = {
        1: "nur Felder mit einer einzigen Karte",
        2: "auch Karten mit einem einzigen Feld, Ränge und Farben mit einem Platz in einer Linie",
        3: "auch Eulers Falle",
    }
    return f"Stufe {fact.level} ({name}): {what[fact.level]}"


def path_step(fact: StepReason) -> str:
    """Why one step of the solving path is forced."""
    card = card_name(fact.card)
    if fact.technique == "only card for the cell":
        held = [
            f"{cap(line_name(line))} enthält {join([card_name(c) for c in cards])}"
            for line, cards in fact.held
        ]
        where = "; ".join(held) if held else "noch keine Linie durch das Feld enthält eine Karte"
        if len(fact.fits) == 1:
            if fact.free == 1:
                return f"{where}; {card} ist die letzte Karte"
            return f"{where}; von den {fact.free} noch freien Karten passt nur {card}"
        others = ", ".join(card_name(c) for c in fact.fits if c != fact.card)
        return (
            f"{where}; von den passenden Karten ({card}, {others}) scheiden die anderen hier aus, "
            "weil ein Rang oder eine Farbe ihren einzigen Platz anderswo in einer Linie hat"
        )
    if fact.technique == "only cell for the card":
        rank, suit = RANK_DAT[fact.card.rank], fact.card.suit.name_de()
        reason = f"{card} passt auf kein anderes freies Feld: "
        if fact.blocked == fact.empty:
            return reason + f"jedes teilt eine Linie mit {rank} oder einer {suit}-Karte"
        return reason + (
            f"{fact.blocked} der anderen {fact.empty} teilen eine Linie mit {rank} oder einer "
            f"{suit}-Karte, die übrigen müssen einen Rang oder eine Farbe aufnehmen, die nur dort "
            "Platz hat"
        )
    if fact.technique == "guess":
        return "jede andere hier versuchte Karte führt zu einem Widerspruch"
    return f"der einzige freie Platz in seiner Linie für {card}"


def path_step_line(number: int, fact: StepReason) -> str:
    """``1. Karo-König auf Zeile 1, Spalte 2 (einzige Karte für das Feld): ...``."""
    technique = TECHNIQUE.get(fact.technique, fact.technique)
    return (
        f"{number}. {card_name(fact.card)} auf {cell(fact.cell)} ({technique}): {path_step(fact)}"
    )


BOT_ABOUT: Final = {
    "designers": "Der Bot der Simulation aus den Regeln: Vor jeder Karte macht er die vier "
    "Prüfungen, legt eine zufällige Karte auf ein zufälliges Feld, das sie besteht, und nimmt "
    "in einer Sackgasse zurück.",
    "neighbour": "Wie der Bot der Simulation, aber er legt lieber neben eine Karte, die schon "
    "im Quadrat liegt, und nimmt nur zurück, wenn er gar nicht legen kann.",
    "exact": "Ein perfekter Spieler: Er legt nur Karten, mit denen das Quadrat lösbar bleibt, "
    "zufällig unter ihnen, und rettet ein totes Quadrat mit einer kleinsten Rücknahme.",
    "hinted": "Spielt in jedem Zug den Tipp der Seite: die sichere Karte mit den meisten "
    "Vervollständigungen, eine Rücknahme einer kleinsten Reparatur, oder er gibt ein verlorenes "
    "Quadrat auf.",
    "random": "Eine zufällige erlaubte Karte auf einem zufälligen Feld; wenn er nicht legen "
    "kann, nimmt er eine zufällige Karte zurück.",
}
"""Was jeder Bot aus :data:`officers.euler.bots.BOTS` tut, für Spieler erklärt."""


def bot_about(name: str) -> str | None:
    """Was der Bot namens ``name`` tut (``None`` für einen Bot, für den es hier keine Worte gibt).

    >>> bot_about("exact")[:22]
    'Ein perfekter Spieler:'
    """
    return BOT_ABOUT.get(name)


# --- das Spiel im Terminal (officers play) -------------------------------------------------------

NO_CARDS: Final = "(keine Karten)"
OPEN_HANDS: Final = " (offene Hände)"
LOCKED: Final = "fest"
_LEVEL_NAME: Final = {
    "easy": "leicht",
    "normal": "normal",
    "hard": "schwer",
    "expert": "Experte",
    "rows": "Zeilen",
    "diagonals": "Diagonalen",
}


def level_name(name: str) -> str:
    """Eine Stufe, wie das Terminal sie zeigt: ``schwer``."""
    return _LEVEL_NAME.get(name, name)


def tokens_left(count: int) -> str:
    """``1 Rücknahme-Münze übrig``, ``2 Rücknahme-Münzen übrig``."""
    return f"{count} Rücknahme-Münze{'n' if count != 1 else ''} übrig"


def turn_number(number: int) -> str:
    """``Zug 3``."""
    return f"Zug {number}"


def to_move(index: int) -> str:
    """``Spieler 1 ist am Zug``."""
    return f"{player(index)} ist am Zug"


def you(index: int) -> str:
    """``du (Spieler 1)``."""
    return f"du ({player(index)})"


def partner_holds(index: int) -> str:
    """Die Hand des Partners bei zwei Spielern."""
    return f"{player(index)} hält (alle Karten, die nicht in deiner Hand sind)"


def others_hold(counts: Sequence[tuple[int, int]]) -> tuple[str, str]:
    """Die Worte um die Karten der anderen zusammen, bei 3-4 Spielern."""
    each = ", ".join(f"{player(index)}: {count} Karten" for index, count in counts)
    return "die anderen halten zusammen", f"({each})"


def coin_on(cell_text: str) -> str:
    """``  [Münze auf r1c1]``."""
    return f"  [Münze auf {cell_text}]"


def prompt(index: int) -> str:
    """Die Eingabeaufforderung von ``officers play``."""
    return f"dein Zug ({player(index)}; 'moves', 'hint', 'concede', 'quit'): "


def move_text(move: Move) -> str:
    """Der Zug als Satz: ``lege Pik-Ass auf Zeile 1, Spalte 1``."""
    from officers.euler.moves import COIN_OFF

    if move.kind == "concede":
        return "aufgeben (das Team hält das Quadrat für tot)"
    if move.kind == "timeout":
        return "Zeit überschritten"
    assert move.cell is not None
    where = cell(move.cell)
    if move.kind == "place":
        assert move.card is not None
        text = f"lege {card_name(move.card)} auf {where}"
    else:
        card = "die Karte" if move.card is None else card_name(move.card)
        text = f"nimm {card} von {where} zurück"
    if move.coin == COIN_OFF:
        text += ", dann nimm die Münze weg"
    elif move.coin is not None:
        text += f", dann lege die Münze auf {cell(move.coin)}"
    return text
