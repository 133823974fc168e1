"""Offiziersskat through the contract: its operations (``skat/...`` in the registry,
:mod:`officers.games`) and its documents (``skat-...``), written here once for the engine, the
service and the command line.

The stateless operations carry the whole game, face-down cards included, in the record
notation (``game``): they are for frontends that hold the game themselves, for analysis, and
for the double-dummy solver, which needs every card. A game in which the face-down cards must
stay hidden from the players is played in a room (docs/rooms.md), where the server holds it.

>>> from officers.contract import handle
>>> dealt = handle({"op": "skat/deal", "number": 1})
>>> dealt["kind"], dealt["phase"], dealt["legal"]
('skat-game', 'choose', ['C', 'S', 'H', 'D', 'G'])
>>> chosen = handle({"op": "skat/move", "game": dealt["game"], "move": "H"})
>>> chosen["legal"][:3], chosen["view"]["face_up"][0][:3]
(['TS@1', '8S@2', 'QD@3'], ['TS', '8S', 'QD'])
>>> led = handle({"op": "skat/move", "game": chosen["game"], "move": "8H@4"})
>>> refused = handle({"op": "skat/move", "game": led["game"], "move": "AS@1", "lang": "de"})
>>> refused["refused"]["text"]
'Nicht erlaubt (AS@1): Du musst Trumpf bedienen: deine offene Herz-Zehn (Stapel 2)'
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any, Final, TypeVar

from officers.contract.bounded import POLL, CancelledError, bounded
from officers.contract.documents import head
from officers.contract.limits import Budget, Limits
from officers.contract.requests import BadRequestError, Request
from officers.contract.turns import play_or_refuse, take_back
from officers.core.errors import SolverTimeoutError, excerpt
from officers.skat.cards import parse_card, parse_game
from officers.skat.chance import ChanceValue, Objective, estimate, exact_value
from officers.skat.game import SkatGame
from officers.skat.position import PLAYERS, Position, player_letter
from officers.skat.public import Public
from officers.skat.solve import Solution, solve, solve_games
from officers.skat.tips import BestSoFar, Tip, tip

__all__ = [
    "LANGS",
    "deal_op",
    "game_document",
    "move_document",
    "move_op",
    "solution_document",
    "solve_op",
    "solved",
    "GUARD_MARGIN",
    "TIP_MARGIN",
    "tip_document",
    "tip_op",
    "tip_time",
    "tip_within",
    "public_view",
    "undo_op",
    "value_document",
    "value_op",
    "valued",
]

LANGS: Final = ("en", "de")
"""The languages Offiziersskat's sentences are written in."""


# --- documents -------------------------------------------------------------------------------


def game_document(game: SkatGame, lang: str = "en") -> dict[str, Any]:
    """A game (``skat-game``): ``game`` (its record notation, to send back; it holds every
    card), ``number`` (the deal's, or null), ``start`` and ``position`` (position notations),
    ``phase`` (``choose``, ``play``, ``over``), ``to_move`` (``V`` or ``H``, null when over),
    ``choice`` (the game chosen: ``C``, ``S``, ``H``, ``D``, ``G``, or null), ``piles`` (each
    player's eight piles, each its cards from the face-down one up: what the players cannot
    see is here too), ``view`` (what both players see), ``moves``, ``legal``, ``outcome`` (or
    null; its ``text`` in ``lang``)."""
    position = game.position
    outcome = game.outcome()
    deal = game.deal_of
    return {
        **head("skat-game"),
        "game": game.notation(),
        "number": None if deal is None else deal.number,
        "start": game.start.notation(),
        "position": position.notation(),
        "phase": position.phase,
        "to_move": None if position.to_move is None else player_letter(position.to_move),
        "choice": position.game,
        "piles": [[_cards(pile) for pile in side] for side in position.piles],
        "view": game.view().to_dict(),
        "moves": [move.notation() for move in game.moves],
        "legal": [move.notation() for move in game.legal_moves()],
        "outcome": None if outcome is None else {**outcome.to_dict(), "text": outcome.text(lang)},
    }


def _cards(pile: tuple[int, ...]) -> list[str]:
    from officers.skat.cards import card_notation

    return [card_notation(card) for card in pile]


def move_document(
    game: SkatGame, move: str, refused: dict[str, Any] | None = None, lang: str = "en"
) -> dict[str, Any]:
    """A move played (``skat-move``): the game after it and ``move`` (with its pile), or, when
    ``refused`` (``rule`` and ``text``), the game unchanged."""
    document = game_document(game, lang)
    return {**document, "kind": "skat-move", "move": move, "refused": refused}


def solution_document(
    game: SkatGame, solution: Solution, games: dict[str, int] | None = None
) -> dict[str, Any]:
    """The double-dummy answer (``skat-solution``): ``value`` (the points Vorhand ends with
    under best play, every card known), ``won`` (61 or more), ``line`` (moves of best play to
    the end), ``nodes`` (tricks searched) and, when asked before the game choice, ``games``
    (each game's value)."""
    return {
        **head("skat-solution"),
        "position": game.position.notation(),
        **solution.to_dict(),
        "games": games,
    }


# --- reading requests ------------------------------------------------------------------------


def _lang(request: Request) -> str:
    return request.language(LANGS)


def _game(request: Request) -> SkatGame:
    return SkatGame.parse(request.text("game"))


def public_view(request: Request) -> Public:
    """The public view a request is about: ``public`` (its notation) or ``view`` (the public
    view as a game document or a room shows it: ``face_up``, ``hidden``, ``trick``, ...). It
    holds no face-down card, so nothing answered from it can depend on one."""
    if ("public" in request) == ("view" in request):
        raise BadRequestError("bad-request", "the request needs either 'public' or 'view'")
    if "public" in request:
        return Public.parse(request.text("public"))
    data = request.object("view")
    try:
        faces = [[None if c is None else parse_card(c) for c in side] for side in data["face_up"]]
        return Public(
            None if data.get("game") is None else parse_game(data["game"]),
            (tuple(faces[0]), tuple(faces[1])),
            (tuple(data["hidden"][0]), tuple(data["hidden"][1])),
            PLAYERS.index(data.get("leader", "V")),
            tuple(parse_card(c) for c in data.get("trick", [])),
            (data["points"][0], data["points"][1]),
            (data["tricks"][0], data["tricks"][1]),
            tuple(parse_card(c) for c in data.get("gone", [])),
        )
    except (KeyError, IndexError, TypeError) as error:
        raise BadRequestError(
            "bad-input", f"cannot read public view {excerpt(data)}: missing or wrong {error}"
        ) from None


def value_document(public: Public, value: ChanceValue) -> dict[str, Any]:
    """The value of the chance game (``skat-value``): ``public`` (the view's notation), and
    :meth:`ChanceValue.to_dict`'s fields: ``objective``, ``exact``, ``method`` (``exact`` or
    ``estimate``), ``value``, ``fraction``, ``interval``, ``samples``, ``hidden``,
    ``seconds``, ``text``."""
    return {**head("skat-value"), "public": public.notation(), **value.to_dict()}


def valued(public: Public, objective: str, time_limit: float) -> ChanceValue:
    """The chance game's value of ``public`` for ``objective`` (the work of ``skat/value``'s
    thread): exact when the search ends within half of ``time_limit``, else an estimate over as many
    positions as the rest of it allows (a margin kept for the answer's way back)."""
    start = time.monotonic()
    kind: Objective = "win" if objective == "win" else "points"
    try:
        value = exact_value(public, kind, time_limit=max(0.001, 0.45 * time_limit))
    except SolverTimeoutError:
        left = 0.85 * time_limit - (time.monotonic() - start)
        return estimate(public, kind, samples=None, time_limit=max(0.001, left))
    seconds = time.monotonic() - start
    exact = float(value)
    return ChanceValue(kind, value, True, exact, exact, 0, seconds, public.hidden_count())


def tip_document(public: Public, advice: Tip, lang: str = "en") -> dict[str, Any]:
    """A tip (``skat-tip``), as the page's "learning with tips" shows it: ``phase``
    (``choose`` or ``play``), ``player`` (``V`` or ``H``), ``move``, and for a card ``card``
    and ``pile`` (1 .. 8: a face-up card, never a face-down one), ``games`` before the choice
    (each game with Vorhand's ``chance`` and its 95 % ``interval``, her expected ``points``
    with their ``points_interval`` where weighed, its ``rank`` and the ``best`` marked),
    ``value`` (Vorhand's chance after the move) and its ``interval``, ``exact`` and ``method``
    (``exact`` or ``estimate``), ``samples`` (the positions of an estimate: 0 when there was no
    time for one) and ``points_samples``, ``options`` (every move weighed), ``reasons`` (facts)
    and ``text`` in ``lang``."""
    data = advice.to_dict()
    games = None
    if advice.kind == "game":
        games = [
            {
                "game": option["move"],
                "chance": option["value"],
                "best": option["best"],
                "interval": option["interval"],
                "points": option["points"],
                "points_interval": option["points_interval"],
                "rank": option["rank"],
            }
            for option in data["options"]
        ]
    return {
        **head("skat-tip"),
        "public": public.notation(),
        "phase": "choose" if advice.kind == "game" else "play",
        "player": data["player"],
        "move": data["move"],
        "card": data["card"],
        "pile": data["pile"],
        "games": games,
        "value": data["value"],
        "interval": data["interval"],
        "exact": data["exact"],
        "method": data["method"],
        "samples": data["samples"],
        "points_samples": data["points_samples"],
        "options": data["options"],
        "reasons": data["reasons"],
        "text": advice.text(lang),
    }


# --- operations ------------------------------------------------------------------------------


def deal_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``skat/deal``: numbered deal ``number`` (the same on every machine), before the game
    choice."""
    return game_document(SkatGame.deal(request.count("number", None, least=1)), _lang(request))


def move_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``skat/move``: the game after ``move`` (a game choice, or a card with or without its
    pile), or the move refused with its rule in ``lang``; the game unchanged then."""
    game = _game(request)
    lang = _lang(request)
    move, rule = play_or_refuse(game, request.text("move"), lang)
    return move_document(game, move, rule, lang)


def undo_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``skat/undo``: the game with its last ``count`` moves (1 by default) taken back."""
    game = _game(request)
    lang = _lang(request)
    take_back(game, request.count("count", 1, least=1))
    return game_document(game, lang)


def solved(position: Position, each: bool) -> tuple[Solution, dict[str, int] | None]:
    """The double-dummy solution of ``position`` and, with ``each``, each game's value (the
    work of one search child)."""
    solution = solve(position, time_limit=None)
    if not each:
        return solution, None
    return solution, {game: found.value for game, found in solve_games(position).items()}


def value_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``skat/value``: Vorhand's exact win probability (``objective`` ``win``, both playing to
    win) or expected points (``points``, both playing for points) in the game as the players
    see it (the face-down cards unknown to both), from ``public`` or ``view``; exact as a
    fraction when the search ends in the door's time, else an estimate, labelled so. It answers
    within the door's time, every time: the search runs in a thread of its own holding one of
    the door's search slots (as :func:`tip_op`'s) until its own limit; when it has no answer by
    the door's limit less :data:`GUARD_MARGIN` (a busy machine), an estimate over 0 samples
    (the whole range as its interval)."""
    public = public_view(request)
    objective = request.word("objective", "win")
    if objective not in ("win", "points"):
        raise BadRequestError(
            "bad-input", f"no objective {excerpt(objective)}: expected win or points"
        )
    kind: Objective = "win" if objective == "win" else "points"
    budget = request.budget
    start = time.monotonic()
    try:
        left = budget.time_left(limits.time_limit)
    except SolverTimeoutError:  # the request waited out its time: the value without a search
        left = 0.0

    def unknown() -> ChanceValue:  # an estimate over 0 samples: the whole range
        top = 1.0 if kind == "win" else 120.0
        seconds = time.monotonic() - start
        return ChanceValue(kind, top / 2, False, 0.0, top, 0, seconds, public.hidden_count())

    def search(stop: threading.Event) -> ChanceValue:
        try:
            return valued(public, objective, tip_time(left)) if left > 0 else unknown()
        except SolverTimeoutError:
            return unknown()

    answer_by = start + left - min(GUARD_MARGIN, 0.1 * left)
    value = _guarded(search, lambda: None, unknown, budget, answer_by, "officers-skat-value")
    return value_document(public, value)


GUARD_MARGIN: Final = 0.15
"""The seconds before the door's deadline at which a tip (or a chance value) answers with what
it has, whatever its search does (at most a tenth of the time left): the answer's way out of
the service."""

TIP_MARGIN: Final = 0.4
"""The seconds of a door's time limit a tip leaves for its answer's way back (at most a fifth
of the time left): on a busy machine the answer's way out of the service took up to some 0.15
s (benchmarks/bench_tips_http.py)."""


def tip_time(left: float) -> float:
    """The seconds a tip may search when ``left`` remain of the door's limit: the rest kept
    for the answer's way back (:data:`TIP_MARGIN`), never below 0 (then no search at all).

    >>> tip_time(2.0), tip_time(0.1), tip_time(-1.0)
    (1.6, 0.08, 0.0)
    """
    return left - min(TIP_MARGIN, 0.2 * left) if left > 0 else 0.0


def tip_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``skat/tip``: the tip for the player to move, from a public view alone (``public`` or
    ``view``: it is never sent a face-down card), in ``lang``, by :func:`tip_within`."""
    public = public_view(request)
    return tip_document(public, tip_within(public, limits, request.budget), _lang(request))


def tip_within(public: Public, limits: Limits, budget: Budget) -> Tip:
    """The tip for the player to move in ``public``, as every door gives it (``skat/tip``, a
    room's tip): within the door's time limit (``limits``, what is left of ``budget``), every
    time, with what it has by then (:func:`~officers.skat.tips.tip`: exact, an estimate over
    the samples done, or over none), never a timeout.

    The tip runs in a thread of its own (the compiled search leaves the interpreter's lock
    while it searches) holding one of the door's search slots, and searches until the door's
    limit less :data:`TIP_MARGIN`; the request waits for it until the limit less
    :data:`GUARD_MARGIN` at most. A search may pass its own deadline on a busy machine: then
    the request answers the tip's best so far (:class:`~officers.skat.tips.BestSoFar`: the
    whole samples done, or none), and tells the tip to stop. The tip ends at its next check
    (before each search; a search itself ends by its own time limit, which is never later than
    the tip's deadline); until then it keeps its search slot, so no more abandoned tips run at
    once than the door has slots (no slot free: :class:`BadRequestError` ``busy``; the game
    over: ``bad-input``; the engine's ``cancel``: :class:`CancelledError`)."""
    if public.to_move is None:
        raise BadRequestError("bad-input", "the game is over: no tip")
    start = time.monotonic()
    try:
        left = budget.time_left(limits.time_limit)
    except SolverTimeoutError:  # the request waited out its time: the tip without a search
        left = 0.0
    best = BestSoFar()

    def search(stop: threading.Event) -> Tip:
        return tip(public, budget=Budget.after(tip_time(left), stop), best=best)

    def hurried() -> Tip:
        return tip(public, time_limit=0)

    answer_by = start + left - min(GUARD_MARGIN, 0.1 * left)
    return _guarded(search, best.get, hurried, budget, answer_by, "officers-skat-tip")


_T = TypeVar("_T")


def _guarded(
    search: Callable[[threading.Event], _T],
    kept: Callable[[], _T | None],
    hurried: Callable[[], _T],
    budget: Budget,
    answer_by: float,
    name: str,
) -> _T:
    """``search(stop)`` computed in a thread of its own (``name``) that holds one of
    ``budget``'s search slots until it ends, waited for until ``answer_by``
    (:func:`time.monotonic`) at most; then ``stop`` is set and the answer is ``kept()`` (the
    search's best so far), or ``hurried()`` when it has none. The engine's ``cancel`` ends
    the wait at once (:class:`CancelledError`); a slot none is free of is refused ``busy``
    before any thread starts."""
    slot = contextlib.ExitStack()
    slot.enter_context(budget.slot())
    stop = threading.Event()
    done = threading.Event()
    outcome: list[_T | BaseException] = []

    def work() -> None:
        with slot:
            try:
                outcome.append(search(stop))
            except BaseException as error:  # raised again in the request's thread
                outcome.append(error)
            finally:
                done.set()

    threading.Thread(target=work, name=name, daemon=True).start()
    cancel = budget.cancel
    while not done.wait(max(0.0, min(POLL, answer_by - time.monotonic()))):
        if (cancel is not None and cancel.is_set()) or time.monotonic() >= answer_by:
            break
    if cancel is not None and cancel.is_set():
        stop.set()
        raise CancelledError("the search was cancelled")
    if done.is_set():
        found = outcome[0]
        if isinstance(found, BaseException):
            raise found
        return found
    stop.set()  # past its time: the search ends at its next check, or by its own limit
    answer = kept()
    return hurried() if answer is None else answer


def solve_op(request: Request, limits: Limits) -> dict[str, Any]:
    """``skat/solve``: the double-dummy value of the game now, with a line of best play (and,
    with ``games`` before the choice, each game's value); in a child process under the door's
    time limit, holding one of its search slots, ended at once by the engine's ``cancel``."""
    game = _game(request)
    each = request.flag("games")
    if each and game.position.phase != "choose":
        raise BadRequestError("bad-input", "'games' asks each game's value before the choice")
    budget = request.budget
    time_limit = budget.time_left(limits.time_limit)
    with budget.slot():
        solution, games = bounded(solved, (game.position, each), time_limit, budget.cancel)
    return solution_document(game, solution, games)
