"""Offiziersskat (Zweimann-Skat): two players, 8 piles each, a face-up card on a face-down one.

The package has the shape of :mod:`officers.eightoff`: the cards, trumps and the order of a
trick (:mod:`~officers.skat.cards`), the deal and the position with their one-line notations
(:mod:`~officers.skat.position`), moves, refusals as facts and the outcome
(:mod:`~officers.skat.moves`), the rules engine (:mod:`~officers.skat.rules`), the game with
undo and the public view (:mod:`~officers.skat.game`), this game's words
(:mod:`~officers.skat.words`) and the double-dummy solver (:mod:`~officers.skat.solve`); the
public view (:mod:`~officers.skat.public`), the exact chance game (:mod:`~officers.skat.chance`),
tips (:mod:`~officers.skat.tips`), bots (:mod:`~officers.skat.bots`) and their simulation
(:mod:`~officers.skat.simulate`).
The rules are those of docs/skat.md.

>>> from officers.skat import SkatGame
>>> game = SkatGame.deal(1)
>>> game.push("H"), game.push("8H@4")
(Move.parse('H'), Move.parse('8H@4'))
>>> print(game.refusal("AS@1").text("de"))
Nicht erlaubt (AS@1): Du musst Trumpf bedienen: deine offene Herz-Zehn (Stapel 2)
"""

from officers.skat.cards import (
    CARDS,
    GAMES,
    JACKS,
    POINTS,
    RANKS,
    SUITS,
    TOTAL_POINTS,
    TRUMP,
    GameType,
    beats,
    card_face,
    card_name,
    card_notation,
    game_name,
    lane,
    parse_card,
    parse_game,
    power,
    trumps,
)
from officers.skat.chance import (
    ChanceValue,
    estimate,
    exact_value,
    expected_points,
    win_probability,
)
from officers.skat.game import SkatGame, Trick, View
from officers.skat.moves import REFUSALS, Move, Outcome, Refusal, RefusalKind
from officers.skat.position import Deal, Position
from officers.skat.public import Public
from officers.skat.rules import is_legal, legal_moves, outcome, play, refusal, resolve
from officers.skat.tips import Tip, tip

__all__ = [
    "CARDS",
    "ChanceValue",
    "GAMES",
    "JACKS",
    "POINTS",
    "RANKS",
    "REFUSALS",
    "SUITS",
    "TOTAL_POINTS",
    "TRUMP",
    "Deal",
    "GameType",
    "Move",
    "Outcome",
    "Position",
    "Public",
    "Refusal",
    "RefusalKind",
    "SkatGame",
    "Tip",
    "Trick",
    "View",
    "beats",
    "card_face",
    "card_name",
    "card_notation",
    "estimate",
    "exact_value",
    "expected_points",
    "game_name",
    "is_legal",
    "lane",
    "legal_moves",
    "outcome",
    "parse_card",
    "parse_game",
    "play",
    "power",
    "refusal",
    "resolve",
    "tip",
    "trumps",
    "win_probability",
]
