"""English: every fact of Offiziersskat told in English (see :mod:`officers.skat.words`).

A card is named by its face (``10♥``), a pile by its number (``pile 2``).

>>> from officers.skat.moves import Move, Refusal
>>> refusal(Refusal("face-down", Move.parse("9H@2"), card=21, pile=1))
'cannot play 9H@2: 9♥ lies face down in pile 2: it is played once the card on it is gone'
>>> from officers.skat.reasons import Reason
>>> join([reason(Reason("wins", 17, 14)), reason(Reason("turns-up"))])
'wins the trick (14 points) and turns up a card'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from officers.core.errors import excerpt
from officers.skat.cards import card_face
from officers.skat.words import percent, span

if TYPE_CHECKING:
    from officers.skat.moves import Outcome, Refusal
    from officers.skat.reasons import GameLine, Reason

LANES: Final = ("clubs", "spades", "hearts", "diamonds", "trumps")
GAMES: Final = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds", "G": "Grand"}


# --- words -----------------------------------------------------------------------------------


def card_word(card: int | None) -> str:
    """``10♥`` (``?`` for no card)."""
    return "?" if card is None else card_face(card)


def pile_name(pile: int) -> str:
    """``pile 3`` (for pile 2, counted from 0)."""
    return f"pile {pile + 1}"


def at(pile: int | None) -> str:
    """The pile's name (``?`` for none)."""
    return "?" if pile is None else pile_name(pile)


def join(phrases: Sequence[str]) -> str:
    """``a, b and c``."""
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " and " + phrases[-1]


# --- the game --------------------------------------------------------------------------------


READ_MOVE: Final = "expected a game (C S H D G) or a card and its pile 1-8, such as 'QH@3'"


def refusal(fact: Refusal) -> str:
    """Why a move is refused: ``cannot play 9H@2: ...``."""
    if fact.kind == "unreadable" or fact.move is None:
        return f"cannot read move {excerpt(fact.written)}: {READ_MOVE}"
    kind, name, where = fact.kind, card_word(fact.card), at(fact.pile)
    if kind == "game-over":
        why = "the game is over: 16 tricks are played"
    elif kind == "choose-first":
        why = "Vorhand chooses the game first (C, S, H, D or G)"
    elif kind == "chosen":
        why = f"the game is chosen already: {GAMES[fact.game or 'G']}"
    elif kind == "gone":
        why = f"{name} has been played"
    elif kind == "not-yours":
        why = f"{name} is the other player's ({where})"
    elif kind == "face-down":
        why = f"{name} lies face down in {where}: it is played once the card on it is gone"
    elif kind == "wrong-pile":
        why = f"{name} lies in {where}"
    else:  # must-follow
        why = (
            f"you must follow {LANES[fact.lane or 0]}: your face-up "
            f"{card_word(fact.held)} ({at(fact.held_pile)})"
        )
    return f"cannot play {fact.move.notation()}: {why}"


def outcome(fact: Outcome) -> str:
    """How a game ended."""
    first, second = fact.points
    if first >= 61:
        return f"Vorhand wins with {first}:{second} points"
    return f"Hinterhand wins: Vorhand has {first} points, 61 are needed ({first}:{second})"


TERMINAL: Final = {
    "status": "game {game} · trick {trick} · points {points}",
    "prompt": "your move (a game, a card, tip, moves, quit): ",
    "unreadable": "cannot read {word!r}: type a game (C S H D G), a card (QH, or QH@3 with "
    "its pile), tip, moves or quit",
    "stopped": "stopped after {moves}, points {points}: the face-down cards stay "
    "hidden; what both players see:",
    "bot": "bot ({bot}): {move}",
    "moves_1": "{n} move",
    "moves_n": "{n} moves",
}
"""The lines of the terminal game (``officers skat play``), as templates."""


# --- the tips --------------------------------------------------------------------------------


def reason(fact: Reason) -> str:
    """Why a move is recommended, as a phrase: ``wins the trick (14 points)``."""
    name, n = card_word(fact.card), fact.points
    phrases = {
        "wins": f"wins the trick ({n} points)",
        "loses": f"loses the trick ({n} points)",
        "cannot-be-beaten": "no face-up card of the other player beats it",
        "can-be-beaten": f"the other player's face-up {name} can beat it",
        "keeps-trump": f"keeps your {name} (trumps)",
        "turns-up": "turns up a card",
        "most-trumps": f"{n} of your face-up cards {'is a trump' if n == 1 else 'are trumps'}",
    }
    return phrases[fact.kind]


def estimate(samples: int, interval: tuple[float, float] | None) -> str:
    """``estimate over 12 samples, 95 % interval 25–75 %``."""
    head = f"estimate over {samples} {'sample' if samples == 1 else 'samples'}"
    return head if interval is None else f"{head}, 95 % interval {span(interval)}"


def chance(
    value: float, exact: bool, samples: int | None, interval: tuple[float, float] | None
) -> str:
    """Vorhand's chance to win; an estimate says so."""
    what = f"Vorhand's chance to win {percent(value)}"
    if exact:
        return what
    if samples is None:
        return f"{what} (estimate)"
    if samples == 0:
        return f"no time to weigh the chances: the simple rule's card ({estimate(0, None)})"
    return f"{what} ({estimate(samples, interval)})"


def play_tip(
    card: int, pile: int, reasons: Sequence[Reason], value: float, exact: bool,
    samples: int | None, interval: tuple[float, float] | None,
) -> str:  # fmt: skip
    """``Play 10♥ from pile 2: wins the trick (14 points); Vorhand's chance to win 50 %``."""
    why = join([reason(r) for r in reasons])
    head = f"Play {card_word(card)} from pile {pile + 1}"
    told = chance(value, exact, samples, interval)
    return f"{head}: {why}; {told}" if why else f"{head}; {told}"


def game_tip(
    best: str, lines: Sequence[GameLine], exact: bool, reasons: Sequence[Reason],
    samples: int | None, points_samples: int,
) -> str:  # fmt: skip
    """``Choose hearts; Vorhand's chance to win: hearts 50 % (best), clubs 25 %``."""
    pointed = any(g.points is not None for g in lines)
    listed = []
    for g in lines:
        entry = f"{GAMES[g.game]} {percent(g.chance)}"
        if not exact and samples:
            entry += f" ({span(g.interval)})"
        if g.points is not None:
            entry += f", {g.points:.0f} points"
        listed.append(entry + (" (best)" if g.game == best else ""))
    why = join([reason(r) for r in reasons])
    head = f"Choose {GAMES[best]}" + (f": {why}" if why else "")
    what = "Vorhand's chance to win" + (" and expected points" if pointed else "")
    tail = f"{what}: {', '.join(listed)}"
    if not exact:
        if samples is None:
            tail += " (estimate)"
        else:
            how = estimate(samples, None)
            if samples == 0:
                how += ": no time to weigh the chances, the simple rule's game"
            if pointed:
                how += f", the points over {points_samples}"
            tail += f" ({how})"
    return f"{head}; {tail}"
