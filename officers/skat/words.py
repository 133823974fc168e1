"""The words of Offiziersskat: every sentence this game says, in English and German, from facts.

The rules engine returns facts (:class:`~officers.skat.moves.Refusal`,
:class:`~officers.skat.moves.Outcome`); this module alone turns them into sentences. English
names a card by its face (``9♥``), German by its name (``Herz-Neun``).

>>> pile_name(2, "en"), pile_name(2, "de"), lane_name(4, "de"), lane_name(2, "en")
('pile 3', 'Stapel 3', 'Trumpf', 'hearts')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeAlias

from officers.core.errors import UnsupportedError, excerpt
from officers.skat.cards import card_face, card_name

if TYPE_CHECKING:
    from officers.skat.moves import Outcome, Refusal

__all__ = [
    "TERMINAL",
    "Language",
    "game_name",
    "lane_name",
    "languages",
    "outcome_text",
    "pile_name",
    "refusal_text",
    "terminal",
]

Language: TypeAlias = str
"""``"en"`` or ``"de"``."""

_LANGUAGES: Final = ("de", "en")
_LANES: Final = {
    "en": ("clubs", "spades", "hearts", "diamonds", "trumps"),
    "de": ("Kreuz", "Pik", "Herz", "Karo", "Trumpf"),
}
_GAMES: Final = {
    "en": {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds", "G": "Grand"},
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "G": "Grand"},
}
# German possessive and adjective by the gender of the rank: der Bube, König; das Ass; die others.
_DE_YOUR: Final = ("dein offenes", "deine offene", "dein offener", "deine offene", "dein offener")
_DE_YOUR_LOW: Final = "deine offene"  # Neun, Acht, Sieben


def languages() -> tuple[str, ...]:
    """The languages this game speaks."""
    return _LANGUAGES


def _check(lang: object) -> str:
    if lang not in _LANGUAGES:
        raise UnsupportedError(
            f"no words for language {excerpt(lang)}: expected one of {', '.join(_LANGUAGES)}"
        )
    return str(lang)


def pile_name(pile: int, lang: Language = "en") -> str:
    """A pile (0-based) in words: ``pile 3`` / ``Stapel 3``."""
    return f"{'Stapel' if _check(lang) == 'de' else 'pile'} {pile + 1}"


def lane_name(lane: int, lang: Language = "en") -> str:
    """What a trick asks for: a suit (0 .. 3) or trumps (4), in words."""
    return _LANES[_check(lang)][lane]


def _card(card: int | None, lang: str) -> str:
    if card is None:
        return "?"
    return card_name(card, "de") if lang == "de" else card_face(card)


def _at(pile: int | None, lang: str) -> str:
    return "?" if pile is None else pile_name(pile, lang)


def _en(fact: Refusal) -> str:
    kind, card, at = fact.kind, _card(fact.card, "en"), _at(fact.pile, "en")
    if kind == "game-over":
        why = "the game is over: 16 tricks are played"
    elif kind == "choose-first":
        why = "Vorhand chooses the game first (C, S, H, D or G)"
    elif kind == "chosen":
        why = f"the game is chosen already: {_GAMES['en'][fact.game or 'G']}"
    elif kind == "gone":
        why = f"{card} has been played"
    elif kind == "not-yours":
        why = f"{card} is the other player's ({at})"
    elif kind == "face-down":
        why = f"{card} lies face down in {at}: it is played once the card on it is gone"
    elif kind == "wrong-pile":
        why = f"{card} lies in {at}"
    else:  # must-follow
        why = (
            f"you must follow {lane_name(fact.lane or 0, 'en')}: your face-up "
            f"{_card(fact.held, 'en')} ({_at(fact.held_pile, 'en')})"
        )
    return f"cannot play {fact.move.notation()}: {why}"


def _de(fact: Refusal) -> str:
    kind, card, at = fact.kind, _card(fact.card, "de"), _at(fact.pile, "de")
    if kind == "game-over":
        why = "das Spiel ist aus: alle 16 Stiche sind gespielt"
    elif kind == "choose-first":
        why = "zuerst wählt Vorhand das Spiel (C, S, H, D oder G)"
    elif kind == "chosen":
        why = f"das Spiel ist schon gewählt: {_GAMES['de'][fact.game or 'G']}"
    elif kind == "gone":
        why = f"{card} ist schon gespielt"
    elif kind == "not-yours":
        why = f"{card} gehört der Gegenperson ({at})"
    elif kind == "face-down":
        why = f"{card} liegt verdeckt in {at}: spielbar erst, wenn die Karte darauf weg ist"
    elif kind == "wrong-pile":
        why = f"{card} liegt in {at}"
    else:  # must-follow
        held = fact.held
        your = _DE_YOUR_LOW if held is None or held % 8 > 4 else _DE_YOUR[held % 8]
        why = (
            f"Du musst {lane_name(fact.lane or 0, 'de')} bedienen: {your} "
            f"{_card(held, 'de')} ({_at(fact.held_pile, 'de')})"
        )
    return f"Nicht erlaubt ({fact.move.notation()}): {why}"


def refusal_text(fact: Refusal, lang: Language = "en") -> str:
    """Why a move is refused, as a sentence in ``lang`` (the English one is the message of the
    :class:`~officers.IllegalMoveError` that refuses it)."""
    return _de(fact) if _check(lang) == "de" else _en(fact)


def outcome_text(fact: Outcome, lang: Language = "en") -> str:
    """How a game ended, as a sentence in ``lang``.

    >>> from officers.skat.moves import Outcome
    >>> outcome_text(Outcome((45, 75)), "de")
    'Hinterhand gewinnt: Vorhand hat 45 Augen, 61 sind nötig (45 zu 75)'
    """
    first, second = fact.points
    if _check(lang) == "de":
        if first >= 61:
            return f"Vorhand gewinnt mit {first} zu {second} Augen"
        return f"Hinterhand gewinnt: Vorhand hat {first} Augen, 61 sind nötig ({first} zu {second})"
    if first >= 61:
        return f"Vorhand wins with {first}:{second} points"
    return f"Hinterhand wins: Vorhand has {first} points, 61 are needed ({first}:{second})"


def game_name(game: str | None, lang: Language = "en") -> str:
    """A game in words (``-`` before the choice): ``hearts`` / ``Herz``, ``Grand``."""
    return "-" if game is None else _GAMES[_check(lang)].get(game, game)


TERMINAL: Final[dict[str, dict[str, str]]] = {
    "en": {
        "status": "game {game} · trick {trick} · points {points}",
        "prompt": "your move (a game, a card, tip, moves, quit): ",
        "unreadable": "cannot read {word!r}: type a game (C S H D G), a card (QH, or QH@3 with "
        "its pile), tip, moves or quit",
        "stopped": "stopped after {moves} moves, points {points}: the face-down cards stay "
        "hidden; what both players see:",
        "bot": "bot ({bot}): {move}",
        "moves_1": "{n} move",
        "moves_n": "{n} moves",
    },
    "de": {
        "status": "Spiel {game} · Stich {trick} · Augen {points}",
        "prompt": "dein Zug (ein Spiel, eine Karte, tip, moves, quit): ",
        "unreadable": "{word!r} ist kein Zug: gib ein Spiel (C S H D G), eine Karte (QH, oder "
        "QH@3 mit dem Stapel), tip, moves oder quit ein",
        "stopped": "abgebrochen nach {moves} Zügen, Augen {points}: die verdeckten Karten bleiben "
        "verdeckt; was beide sehen:",
        "bot": "Bot ({bot}): {move}",
        "moves_1": "{n} Zug",
        "moves_n": "{n} Zügen",
    },
}
"""The lines of the terminal game (``officers skat play``), as templates, by language."""


def terminal(key: str, lang: Language = "en", **values: object) -> str:
    """A line of the terminal game in ``lang`` (:data:`TERMINAL`), its blanks filled.

    >>> terminal("status", "de", game="Herz", trick="-", points="0:0")
    'Spiel Herz · Stich - · Augen 0:0'
    """
    return TERMINAL[_check(lang)][key].format(**values)
