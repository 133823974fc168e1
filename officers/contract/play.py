"""The operations a table needs beyond single moves: the bots there are, and game records
(written from a start and its moves, or read and replayed), with the game at their end.

>>> from officers.contract import handle
>>> [bot["name"] for bot in handle({"op": "bots"})["bots"]][:2]
['designers', 'neighbour']
>>> setup = "4/4/4/4 normal 1 1 ASADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 1"
>>> answer = handle({"op": "record", "setup": setup, "moves": ["AS@r1c1", "KH@r2c2"]})
>>> answer["record"].splitlines()[-1], answer["game"]["cells"][:6]
('1. AS@r1c1 2. KH@r2c2 *', ['AS', None, None, None, None, 'KH'])
>>> handle({"op": "record", "record": answer["record"]})["moves"]
['AS@r1c1', 'KH@r2c2']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Protocol, cast

from officers.contract.documents import game_document, head
from officers.contract.requests import BadRequestError, Request
from officers.core.errors import IllegalPlacementError, InvalidArgumentError, OfficersError, excerpt
from officers.euler.game import GameState, Move
from officers.euler.square import EMPTY
from officers.euler.words import read_lang, speaker, texts

if TYPE_CHECKING:
    from officers.contract import Limits

__all__ = ["MAX_MOVES", "bots", "record", "refusal_text", "slip"]

MAX_MOVES: Final = 512
"""The most moves a ``record`` request may carry (a game has 16 placements, two turns a
take-back, and one event that ends it)."""

DEFAULT_BOT: Final = "designers"


class _BotWords(Protocol):
    def bot_about(self, name: str) -> str | None: ...


def bots(request: Request, limits: Limits) -> dict[str, Any]:
    """The bots a ``bot`` request may name, each with the first paragraph of its description
    (``about``); with ``lang``, also what it does told to a player in those languages (``text``;
    in English where a language has no words for a bot).

    >>> from officers.contract import handle
    >>> handle({"op": "bots", "lang": "de"})["bots"][4]["text"]
    {'de': 'Eine zufällige erlaubte Karte auf einem zufälligen Feld; wenn er nicht legen kann, nimmt er eine zufällige Karte zurück.'}
    """
    from officers.euler.bots import BOTS  # on first use: a hint need not load the bots

    langs = read_lang(request.word("lang", "en")) if "lang" in request else ()
    listed = []
    for name, make in BOTS.items():
        first = (make.__doc__ or "").strip().split("\n\n")[0]
        about = " ".join(first.split())
        entry: dict[str, Any] = {"name": name, "about": about}
        if langs:
            told = {code: cast("_BotWords", speaker(code)).bot_about(name) for code in langs}
            entry["text"] = {code: text or about for code, text in told.items()}
        listed.append(entry)
    return {**head("bots"), "bots": listed, "default": DEFAULT_BOT}


def _moves(request: Request) -> list[str]:
    value = request.get("moves", [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadRequestError(
            "bad-request", f"'moves' must be a list of strings, got {excerpt(value)}"
        )
    if len(value) > MAX_MOVES:
        raise BadRequestError(
            "limit", f"{len(value)} moves are over this service's limit ({MAX_MOVES})"
        )
    return value


def _played(request: Request) -> GameState:
    """The game of a ``setup`` and its ``moves`` (the ``seed`` of the deal kept)."""
    state = GameState.parse(request.text("setup"))
    seed = request.count("seed", None, nullable=True)
    if seed is not None:
        state.seed = seed
    for index, text in enumerate(_moves(request)):
        try:
            state.push(state.parse_move(text))
        except IllegalPlacementError as error:
            raise BadRequestError(
                "bad-input", f"move {index + 1} ({excerpt(text)}) cannot be played: {error}"
            ) from None
    return state


def record(request: Request, limits: Limits) -> dict[str, Any]:
    """The record of a game, from ``record`` (its text, read and replayed) or from ``setup``
    (a game notation), ``moves`` and ``seed``; with the game at its end."""
    from officers.euler.record import GameRecord  # on first use

    if ("record" in request) == ("setup" in request):
        raise BadRequestError("bad-request", "a record request needs either 'record' or 'setup'")
    if "record" in request:
        state = GameRecord.parse(request.text("record")).replay()
    else:
        state = _played(request)
    written = GameRecord.from_game(state)
    outcome = state.outcome()
    return {
        **head("record"),
        "record": written.text(),
        "setup": written.setup,
        "moves": [move.notation() for move in written.moves],
        "result": "*" if outcome is None else "won" if outcome.won else "lost",
        "game": game_document(state),
    }


def slip(state: GameState, text: str, lang: str) -> dict[str, Any] | None:
    """A refused placement that breaks the rule of the square: its ``card``, ``cell`` and the
    rule's clause in ``lang`` (``None`` for any other refusal).

    >>> state = GameState.parse("AS3/4/4/4 normal 1 2 ADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 2")
    >>> slip(state, "AH@r2c1", "de")
    {'card': 'AH', 'cell': 4, 'text': {'de': 'ein Ass steht schon in Spalte 1 (Pik-Ass auf Zeile 1, Spalte 1)'}}
    """
    read_lang(lang)
    try:
        move = Move.parse(text)
    except (OfficersError, ValueError):
        return None
    if move.kind != "place" or move.card is None or move.cell is None:
        return None
    if state.square.values[move.cell] != EMPTY or move.card not in state.hand(state.turn):
        return None
    illegal = state.rules.illegal(state.square, move.cell, move.card)
    if illegal is None:
        return None
    return {"card": move.card.notation(), "cell": move.cell, "text": texts(illegal, lang)}


def refusal_text(state: GameState, text: str, lang: str) -> dict[str, str]:
    """Why the move ``text`` is refused in ``state``, in the languages ``lang`` asks for
    (``"en"``, ``"de"`` or ``"both"``): the ``text`` of a refused move's document. Every
    refusal has its sentence, a move text that cannot be read too; the English one is the
    ``refusal`` (the message of the refusing error). A move that may be played raises
    :class:`~officers.InvalidArgumentError`: there is no refusal to tell.

    >>> state = GameState.parse("AS3/4/4/4 normal 1 2 ADACKSQDQCJDJC/AHKHKDKCQSQHJSJH - - 2")
    >>> refusal_text(state, "AS@r2c2", "both")
    {'en': "cannot place A♠ on row 2, column 2: it is not in player 2's hand", 'de': 'Pik-Ass kann nicht auf Zeile 2, Spalte 2 gelegt werden: Spieler 2 hat die Karte nicht auf der Hand.'}
    >>> riddle = GameState.parse("AS3/4/4/4 normal 1 2 ADACKSQDQCJDJC/AHKHKDKCQSQHJSJH r1c1 - 2")
    >>> refusal_text(riddle, "xr1c1", "de")
    {'de': 'Pik-Ass kann nicht von Zeile 1, Spalte 1 zurückgenommen werden: die Karte ist eine feste Startkarte.'}
    """
    read_lang(lang)
    refusal = state.refusal(text)
    if refusal is None:
        raise InvalidArgumentError(
            f"the move {excerpt(text)} may be played here: there is no refusal to tell"
        )
    return texts(refusal, lang)
