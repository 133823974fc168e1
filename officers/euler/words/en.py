"""English: every fact of officers told in English (see :mod:`officers.euler.words`).

>>> from officers import Square
>>> from officers.euler.analysis import check_rule
>>> violation(check_rule(Square("AS1AH1/4/4/4"))[0])
'Row 1 holds two Aces: A♠ at row 1, column 1 and A♥ at row 1, column 3.'
>>> where([2, 3, 8])
'row 1, columns 3 and 4; row 3, column 1'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final

from officers.core.errors import excerpt
from officers.euler.cards import Card, Rank, Suit
from officers.euler.rules import Attribute, Conflict, Illegal, Line, show
from officers.euler.square import describe_cell

if TYPE_CHECKING:
    from officers.euler.analysis import Blocked, Explanation, Violation
    from officers.euler.hints import CardHint, ForcedMove, Hint, Recommendation
    from officers.euler.moves import Move, Outcome, Refusal
    from officers.euler.puzzles import Grade, StartReport
    from officers.euler.puzzles.report import StepReason
    from officers.euler.repairs import Repair

NUMBER: Final = ("no", "one", "two", "three", "four")
RANK_A: Final = ("an Ace", "a King", "a Queen", "a Jack")
SUIT_A: Final = ("a Spade", "a Heart", "a Diamond", "a Club")
RANK_PLURAL: Final = ("Aces", "Kings", "Queens", "Jacks")
SUIT_PLURAL: Final = ("Spades", "Hearts", "Diamonds", "Clubs")
QUARTER: Final = tuple(
    f"the {key} quarter" for key in ("top-left", "top-right", "bottom-left", "bottom-right")
)
QUARTER_LAW: Final = (
    "with the diagonals, each 2 × 2 corner quarter of a finished square holds every rank and "
    "every suit"
)


# --- words ----------------------------------------------------------------------------------------


def cap(text: str) -> str:
    """The text with its first letter upper case."""
    return text[:1].upper() + text[1:]


def join(items: Sequence[str], separator: str = ", ") -> str:
    """``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return separator.join(items[:-1]) + " and " + items[-1]


def cell(index: int, order: int = 4) -> str:
    """``row 3, column 2``."""
    return describe_cell(index, order)


def cells(indices: Iterable[int]) -> str:
    """Cells joined with semicolons."""
    return join([cell(index) for index in indices], "; ")


def a(attribute: Attribute, symbol: int) -> str:
    """``an Ace``, ``a Spade``."""
    return (RANK_A if attribute == "rank" else SUIT_A)[symbol]


def plural(attribute: Attribute, symbol: int) -> str:
    """``Aces``, ``Spades``."""
    return (RANK_PLURAL if attribute == "rank" else SUIT_PLURAL)[symbol]


def swap(attribute: Attribute, mask: int) -> str:
    """The pairing ``x <-> x ^ mask`` of ranks or suits: ``Ace↔King, Queen↔Jack``."""
    names: Sequence[str] = (
        [Rank(r).name_en() for r in range(4)]
        if attribute == "rank"
        else [Suit(s).symbol() for s in range(4)]
    )
    return ", ".join(f"{names[x]}↔{names[x ^ mask]}" for x in range(4) if x < x ^ mask)


def completions(count: int) -> str:
    """``1 completion``, ``5 completions``."""
    return f"{count} completion" + ("" if count == 1 else "s")


def where(indices: Iterable[int]) -> str:
    """Cells grouped by row: ``row 2, columns 3 and 4; row 3, column 1``."""
    rows: dict[int, list[int]] = {}
    for index in indices:
        rows.setdefault(index // 4, []).append(index % 4 + 1)
    parts = []
    for row, columns in rows.items():
        many = "s" if len(columns) > 1 else ""
        parts.append(f"row {row + 1}, column{many} {join([str(c) for c in columns])}")
    return "; ".join(parts)


def _or(lines: Sequence[Line]) -> str:
    names = [line.name for line in lines]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def _placed(indices: Sequence[int], cards: Sequence[Card]) -> str:
    return join([f"{card} at {cell(c)}" for c, card in zip(indices, cards, strict=True)])


# --- the rule of the square (any order) ----------------------------------------------------------

_SUIT_SINGULAR: Final = ("♠", "♥", "♦", "♣")


def _symbol(attribute: str, symbol: int, order: int) -> str:
    if order > 26:
        return str(symbol)
    return chr(ord("A" if attribute == "rank" else "a") + symbol)


def conflict(fact: Conflict) -> str:
    """``row 1 holds two Aces: A♠ at row 1, column 1 and A♥ at row 1, column 3``."""
    n, order = len(fact.cells), fact.order
    count = NUMBER[n] if 2 <= n <= 4 else str(n)
    where = " and ".join(
        f"{show(value, order)} at {cell(c, order)}"
        for c, value in zip(fact.cells, fact.values, strict=True)
    )
    if order == 4:
        what = (
            RANK_PLURAL[fact.symbol]
            if fact.attribute == "rank"
            else f"{_SUIT_SINGULAR[fact.symbol]} cards"
        )
    elif order <= 26:
        what = f"cells with {_symbol(fact.attribute, fact.symbol, order)}"
    else:
        what = f"cells with symbol {fact.symbol}"
    return f"{fact.line.name} holds {count} {what}: {where}"


def illegal(fact: Illegal) -> str:
    """``a ♦ already stands in column 4 (Q♦ at row 3, column 4)``."""
    order = fact.order
    held = show(fact.held, order)
    if fact.reason == "taken":
        return f"the cell is taken by {held}"
    if fact.reason == "placed":
        return f"it is already in the square ({cell(fact.where, order)})"
    assert fact.line is not None
    symbol = divmod(fact.value, order)[0 if fact.reason == "rank" else 1]
    if order == 4:
        what = a(fact.reason, symbol) if fact.reason == "rank" else f"a {_SUIT_SINGULAR[symbol]}"
    else:
        what = f"a cell with {_symbol(fact.reason, symbol, order)}"
    return f"{what} already stands in {fact.line.name} ({held} at {cell(fact.where, order)})"


# --- violations -----------------------------------------------------------------------------------


def _rule_twice(fact: Violation) -> str:
    assert fact.attribute is not None
    line, symbol = fact.lines[0], fact.symbols[0]
    return (
        f"{cap(line.name)} holds {NUMBER[len(fact.cards)]} {plural(fact.attribute, symbol)}: "
        f"{_placed(fact.cells, fact.cards)}."
    )


def _cell_no_card(fact: Violation) -> str:
    return (
        f"No remaining card fits on {cell(fact.cells[0])}: each shares a rank or a suit "
        f"with a card in {_or(fact.lines)}."
    )


def _card_no_cell(fact: Violation) -> str:
    return (
        f"{fact.cards[0]} fits on no empty cell any more: everywhere it shares a rank or a suit "
        "with a card in the same line."
    )


def _line_missing(fact: Violation) -> str:
    assert fact.attribute is not None
    attribute, symbol = fact.attribute, fact.symbols[0]
    if fact.cards:
        why = f"no remaining {plural(attribute, symbol)[:-1]} fits on any of its empty cells"
    else:
        why = f"all {plural(attribute, symbol)} are placed elsewhere"
    return f"{cap(fact.lines[0].name)} can no longer get {a(attribute, symbol)}: {why}."


def _matching_cards(fact: Violation) -> str:
    if not fact.cells:
        return f"{fact.cards[0]} fits on no empty cell any more."
    count = len(fact.cells)
    return (
        f"{join([str(card) for card in fact.cards])} fit on only {count} "
        f"cell{'' if count == 1 else 's'} between them ({cells(fact.cells)}), so they "
        "cannot all be placed."
    )


def _matching_cells(fact: Violation) -> str:
    if not fact.cards:
        return f"No remaining card fits on {cell(fact.cells[0])}."
    count = len(fact.cards)
    return (
        f"The cells {cells(fact.cells)} can take only {count} "
        f"card{'' if count == 1 else 's'} between them "
        f"({join([str(card) for card in fact.cards])}), so they cannot all be filled."
    )


def _pair_of_lines(fact: Violation) -> str:
    first, second = fact.lines
    return f"{cap(first.kind)}s {first.index + 1} and {second.index + 1}"


def _euler_broken(fact: Violation) -> str:
    assert fact.attribute is not None
    kind, attribute = fact.lines[0].kind, fact.attribute
    a1, _, a2, _ = fact.cells
    v1, w1, v2, w2 = fact.cards
    p1, p2 = fact.pairs
    shared = (set(p1) & set(p2)).pop()
    o1 = p1[1] if p1[0] == shared else p1[0]
    o2 = p2[1] if p2[0] == shared else p2[0]
    across = "column" if kind == "row" else "row"
    k1, k2 = (a1 % 4, a2 % 4) if kind == "row" else (a1 // 4, a2 // 4)
    above = "above" if kind == "row" else "left of"
    if attribute == "rank":
        what, s, o1_a, o2_a = "ranks", f"the {Rank(shared).name_en()}", RANK_A[o1], RANK_A[o2]
    else:
        what, s = "suits", f"the {Suit(shared).name_en()[:-1]}"
        o1_a, o2_a = SUIT_A[o1], SUIT_A[o2]
    return (
        f"{_pair_of_lines(fact)} fall into Euler's trap: in every finished square two {kind}s "
        f"swap their {what} in pairs, but here {s} is paired with {o1_a} in {across} {k1 + 1} and "
        f"with {o2_a} in {across} {k2 + 1} ({v1} {above} {w1}, {v2} {above} {w2})."
    )


def _euler_blocked(fact: Violation) -> str:
    kind = fact.lines[0].kind
    first = fact.blocked[0]
    swaps = f"{swap('rank', first.rank_swap)} and {swap('suit', first.suit_swap)}"
    rule = (
        f"{_pair_of_lines(fact)} fall into Euler's trap: two {kind}s of a finished square swap "
        "their ranks in pairs and their suits in pairs"
    )
    need = f"{cell(first.cell)}, opposite {first.facing}, needs {first.card}"
    but = _why_not(first)
    if len(fact.blocked) == 1:
        return f"{rule}, here {swaps}, so {need}, but {but}."
    return (
        f"{rule}, and none of the {len(fact.blocked)} ways left to pair them works: with "
        f"{swaps}, for example, {need}, but {but}."
    )


def _why_not(blocked: Blocked) -> str:
    card, held, line = blocked.card, blocked.held, blocked.line
    if held is None or blocked.blocker is None:  # pragma: no cover - there is always a reason
        return f"{card} may not go there"
    if held == card:
        return f"{card} already lies on {cell(blocked.blocker)}"
    attribute: Attribute = "rank" if held.rank == card.rank else "suit"
    symbol = card.rank if attribute == "rank" else card.suit
    assert line is not None
    return f"{line.name} already holds {a(attribute, symbol)} ({held} at {cell(blocked.blocker)})"


def _quarter_twice(fact: Violation) -> str:
    assert fact.attribute is not None and fact.quarter is not None
    return (
        f"{cap(QUARTER[fact.quarter])} holds {NUMBER[len(fact.cells)]} "
        f"{plural(fact.attribute, fact.symbols[0])}: {_placed(fact.cells, fact.cards)}; "
        f"but {QUARTER_LAW} once."
    )


def _quarter_missing(fact: Violation) -> str:
    assert fact.attribute is not None and fact.quarter is not None
    attribute, symbol = fact.attribute, fact.symbols[0]
    return (
        f"{cap(QUARTER[fact.quarter])} can no longer get {a(attribute, symbol)}: no remaining "
        f"{plural(attribute, symbol)[:-1]} fits on any of its empty cells; but {QUARTER_LAW}."
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


# --- repairs and explanations ---------------------------------------------------------------------


def repair(fact: Repair) -> str:
    """``Take back J♣ (row 1, column 2): 5 completions.``"""
    if not fact.cells:
        return f"Nothing to take back: {completions(fact.completions)}."
    what = join([f"{card} ({cell(c)})" for c, card in zip(fact.cells, fact.cards, strict=True)])
    return f"Take back {what}: {completions(fact.completions)}."


def explanation(fact: Explanation) -> str:
    """The status of a square, why it is dead, and its repairs, as a few lines."""
    if fact.status == "finished":
        return "The square is finished."
    if fact.status == "live":
        return (
            f"The square can still be finished: {completions(fact.completions)} "
            f"({fact.rules.describe()})."
        )
    lines = [
        f"The square is dead: no finished square extends it ({fact.rules.describe()}).",
        "Why:",
    ]
    lines += [f"  - {violation(v)}" for v in fact.violations]
    if not fact.violations:
        lines.append("  - No quick check shows it; only the full search does.")
    needed = fact.takebacks_needed
    if needed is None:
        lines.append("No take-back can save it: the locked start cards alone cannot be finished.")
    else:
        lines.append(f"Take back {needed} card{'' if needed == 1 else 's'} to revive it:")
        lines += [f"  - {repair(r)}" for r in fact.repairs]
    return "\n".join(lines)


# --- hints ----------------------------------------------------------------------------------------


def card_hint(fact: CardHint) -> str:
    """Where a card in hand is safe and where it kills the square."""
    card = fact.card
    if not fact.safe and not fact.deadly:
        return f"{card} fits on no empty cell."
    if fact.dead:
        return f"{card} may go on {where(fact.deadly)} (the square is already dead)."
    parts = []
    if fact.safe:
        groups = [f"{where(c)} ({completions(left)} left)" for left, c in fact.by_completions()]
        parts.append(f"{card} is safe on {' and on '.join(groups)}")
    else:
        parts.append(f"{card} has no safe cell")
    if fact.deadly:
        parts.append(f"it kills the square on {where(fact.deadly)}")
    return ". ".join(cap(part) for part in parts) + "."


def forced_move(fact: ForcedMove) -> str:
    """A card that every completion puts on the same cell."""
    who = "you hold it" if fact.yours else "another player holds it"
    return (
        f"{fact.card} belongs on {cell(fact.cell)}: every completion has it there"
        + (" (the rules leave no other choice)" if fact.obvious else "")
        + f"; {who}."
    )


def _tokens(tokens: int) -> str:
    if tokens == 0:
        return "no token is"
    return f"only {tokens} token{' is' if tokens == 1 else 's are'}"


def recommendation(fact: Recommendation) -> str:
    """The one move to make, and why."""
    card, at, left = fact.card, fact.cell, fact.completions or 0
    needed = fact.takebacks or 0
    if fact.action == "place" and card is not None and at is not None:
        if fact.reason == "forced":
            return f"Place {card} on {cell(at)}: every completion has it there."
        return (
            f"Place {card} on {cell(at)}: of your safe moves it leaves the most "
            f"completions ({left})."
        )
    if fact.action == "take-back" and card is not None and at is not None:
        if needed == 1:
            return (
                f"Take back {card} from {cell(at)}: the square is dead, and without it "
                f"it has {completions(left)}."
            )
        return (
            f"Take back {card} from {cell(at)}: the square is dead, and this is the "
            f"first of {needed} take-backs that revive it ({completions(left)} then)."
        )
    if fact.reason == "cannot-repair":
        if fact.takebacks is None:
            return (
                "The square is dead and no take-back can save it (the locked start cards "
                "alone cannot be finished): the team may agree to stop, which is a loss."
            )
        return (
            f"The square is dead and needs {needed} take-back{'' if needed == 1 else 's'}, but "
            f"{_tokens(fact.tokens)} left: the team may agree to stop, which is a loss."
        )
    if fact.reason == "lost":
        return "You are stuck and no token is left: the team has lost."
    if fact.reason == "empty-hand":
        return "Your hand is empty: you are skipped."
    return "The square is finished: you have won together."


def hint(fact: Hint) -> str:
    """Everything a player may be told, as a few lines."""
    lines = []
    if fact.status == "finished":
        lines.append("The square is finished.")
    elif fact.status == "live":
        lines.append(f"The square can still be finished: {completions(fact.completions)}.")
    else:
        lines.append("The square is dead: no finished square extends it.")
        if fact.violations:
            lines.append("Why:")
        lines += [f"  - {violation(v)}" for v in fact.violations]
    if fact.stuck:
        lines.append(
            "You are stuck: none of your cards may go on any empty cell, so you must take back."
        )
    if fact.cards:
        lines.append("Your cards:")
        lines += [f"  - {card_hint(c)}" for c in fact.cards]
    if fact.forced:
        lines.append("Forced:")
        lines += [f"  - {forced_move(f)}" for f in fact.forced]
    if fact.status == "dead" and fact.takebacks_needed:
        needed = fact.takebacks_needed
        lines.append(f"Smallest repairs ({needed} take-back{'' if needed == 1 else 's'}):")
        lines += [f"  - {repair(r)}" for r in fact.repairs]
    lines.append("Recommended: " + recommendation(fact.recommendation))
    return "\n".join(lines)


# --- refused moves ------------------------------------------------------------------------------

READ_MOVE: Final = (
    "expected a placement such as 'AS@r1c1', a take-back such as 'xr1c1', 'concede' or 'timeout'"
)


def player(index: int) -> str:
    """``player 2`` (player 1, 0-based), as :func:`officers.euler.moves.player_name` says it."""
    return f"player {index + 1}"


def refusal(fact: Refusal) -> str:
    """Why a move is refused: ``cannot take back from row 1, column 1: the cell is empty``
    (the message of the :class:`~officers.IllegalPlacementError` that refuses it)."""
    kind, move, card, at = fact.kind, fact.move, fact.card, fact.cell
    if kind == "unreadable":
        return f"cannot read move {excerpt(fact.written)}: {READ_MOVE}"
    if kind == "not-a-move":
        return f"expected a Move, got {fact.written} (read text with Move.parse)"
    assert move is not None
    if kind == "over":
        return f"cannot play {move.notation()}: the game is over ({fact.outcome})"
    if kind == "no-coins":
        return (
            f"cannot move a coin: this game is played without keep-free coins ({move.notation()})"
        )
    assert at is not None
    if kind == "coin-cell-taken":
        return f"cannot put the coin on {cell(at)}: the cell is not empty"
    if kind == "coin-of-other":
        assert fact.owner is not None
        return f"cannot put the coin on {cell(at)}: {player(fact.owner)}'s coin lies there"
    if kind == "no-token":
        return f"cannot take back from {cell(at)}: no take-back token is left"
    if kind == "empty-cell":
        return f"cannot take back from {cell(at)}: the cell is empty"
    if kind == "locked":
        return f"cannot take back {card} from {cell(at)}: it is a locked start card"
    if kind == "wrong-card":
        return f"cannot take back {card} from {cell(at)}: the cell holds {fact.held}"
    assert fact.player is not None
    who = player(fact.player)
    if kind == "not-in-hand":
        return f"cannot place {card} on {cell(at)}: it is not in {who}'s hand"
    assert fact.illegal is not None  # a slip, or a placement on a cell that is taken
    return (
        f"slip: cannot place {card} on {cell(at)}: {illegal(fact.illegal)}; "
        f"it goes back into {who}'s hand at no cost"
    )


# --- puzzle starts: the verdict, the grade and the solving path -----------------------------------

TECHNIQUE: Final = {
    "only card for the cell": "only card for the cell",
    "only cell for the card": "only cell for the card",
    "only place in a line": "only place in a line",
    "Euler's trap": "Euler's trap",
    "guess": "guess",
}
"""The grader's techniques (:data:`officers.euler.puzzles.grade.TECHNIQUES`) by name."""

LEVEL: Final = {1: "Easy", 2: "Normal", 3: "Hard", 4: "Expert"}

LABELS: Final = {
    "completion": "completion",
    "rating": "rating",
    "path": "solving path",
    "class": "class",
    "lines": "same picture up to the square's moves",
    "puzzle": "same puzzle",
}
"""The headings of a start's report."""


def start_verdict(fact: StartReport) -> str:
    """What a start is: no completion, several, or a riddle (minimal or with cards to spare)."""
    return fact.reason()


def grade(fact: Grade) -> str:
    """``grade 1 (Easy): only cells with one card``."""
    return str(fact)


def path_step(fact: StepReason) -> str:
    """Why one step of the solving path is forced."""
    card = str(fact.card)
    if fact.technique == "only card for the cell":
        held = [
            f"{line.name} holds {', '.join(str(c) for c in cards)}" for line, cards in fact.held
        ]
        where = "; ".join(held) if held else "no line through it holds a card yet"
        if len(fact.fits) == 1:
            if fact.free == 1:
                return f"{where}; {card} is the last card"
            return f"{where}; of the {fact.free} cards still free only {card} fits"
        others = ", ".join(str(c) for c in fact.fits if c != fact.card)
        return (
            f"{where}; of the cards that fit ({card}, {others}) the others are ruled out "
            "here because a rank or suit has its only place elsewhere in a line"
        )
    if fact.technique == "only cell for the card":
        rank, suit = fact.card.rank.name_en(), fact.card.suit.name_en().lower()
        reason = f"{card} fits no other empty cell: "
        if fact.blocked == fact.empty:
            return reason + f"each shares a line with a {rank} or a card of {suit}"
        return reason + (
            f"{fact.blocked} of the other {fact.empty} share a line with a {rank} or a card of "
            f"{suit}, the rest must take a rank or suit that has its only place there"
        )
    if fact.technique == "guess":
        return "every other card tried here leads to a contradiction"
    return f"the only place left in its line for {card}"


def path_step_line(number: int, fact: StepReason) -> str:
    """``1. K♦ on row 1, column 2 (only card for the cell): ...``."""
    technique = TECHNIQUE.get(fact.technique, fact.technique)
    return f"{number}. {fact.card} on {cell(fact.cell)} ({technique}): {path_step(fact)}"


BOT_ABOUT: Final = {
    "designers": "The bot of the rules' simulation: it runs the four checks before every card, "
    "places a random card on a random cell that passes them, and takes back at a dead end.",
    "neighbour": "Like the designers' bot, but it prefers cells next to a card already in the "
    "square, and it takes back only when it cannot place at all.",
    "exact": "A perfect player: it places only cards that keep the square completable, at "
    "random among them, and repairs a dead square with a smallest take-back.",
    "hinted": "Plays the page's own hint every turn: the safe card that leaves the most "
    "completions, a take-back of a smallest repair, or it concedes a lost square.",
    "random": "A random legal card on a random cell; when it cannot place, it takes back a "
    "random card.",
}
"""What each bot of :data:`officers.euler.bots.BOTS` does, told to a player."""


def bot_about(name: str) -> str | None:
    """What the bot called ``name`` does (``None`` for a bot without words here).

    >>> bot_about("random")
    'A random legal card on a random cell; when it cannot place, it takes back a random card.'
    """
    return BOT_ABOUT.get(name)


# --- the terminal game (officers play) -----------------------------------------------------------

NO_CARDS: Final = "(no cards)"
OPEN_HANDS: Final = " (open hands)"
LOCKED: Final = "locked"


def level_name(name: str) -> str:
    """A level as the terminal shows it: ``normal``."""
    return name


def tokens_left(count: int) -> str:
    """``1 token left``, ``2 tokens left``."""
    return f"{count} token{'s' if count != 1 else ''} left"


def turn_number(number: int) -> str:
    """``turn 3``."""
    return f"turn {number}"


def to_move(index: int) -> str:
    """``player 1 to move``."""
    return f"{player(index)} to move"


def outcome(fact: Outcome) -> str:
    """``lost: player 2 is stuck and cannot take back``."""
    return str(fact)


def you(index: int) -> str:
    """``you (player 1)``."""
    return f"you ({player(index)})"


def partner_holds(index: int) -> str:
    """The partner's hand, of two players: ``player 2 holds (all the cards not in yours)``."""
    return f"{player(index)} holds (all the cards not in yours)"


def others_hold(counts: Sequence[tuple[int, int]]) -> tuple[str, str]:
    """The words around the others' cards together, of 3-4 players: the lead and the counts."""
    each = ", ".join(f"{player(index)}: {count} cards" for index, count in counts)
    return "the others hold together", f"({each})"


def coin_on(cell_text: str) -> str:
    """``  [coin on r1c1]``."""
    return f"  [coin on {cell_text}]"


def prompt(index: int) -> str:
    """The terminal's prompt of ``officers play``."""
    return f"your move ({player(index)}; 'moves', 'hint', 'concede', 'quit'): "


def move_text(move: Move) -> str:
    """The move as a sentence: ``place A♠ on row 1, column 1``."""
    return move.describe()
