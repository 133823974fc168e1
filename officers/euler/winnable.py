"""Whether a game of Euler's Officers can still be won with every hand known, and a line of
moves that wins it.

The players win together when the square is finished, so with every hand known a game can be
won exactly when a smallest repair of its square (:func:`~officers.euler.repairs.repairs`: none
when it can be finished) takes no more cards back than the tokens left. The line takes those
cards back, then each player in turn places a card of one completion. Else no line wins: each
take-back spends a token, and every finished square that keeps the locked cards differs from the
square on more cells than there are tokens; the line given then is the exact bot's to the end.
This is what ``officers euler solve`` answers.

>>> from officers.euler.game import GameState
>>> won, line, why = winning_line(GameState.parse("4/4/4/4 normal 1 1 ASAHKDKCQSQHQCJD/ADACKSKHQDJSJHJC - - 1"))
>>> won, len(line), why
(True, 16, '')
"""

from __future__ import annotations

import random

from officers.euler.game import GameState
from officers.euler.moves import Move
from officers.euler.repairs import repairs
from officers.euler.solve import completions

__all__ = ["winning_line"]


def winning_line(game: GameState) -> tuple[bool, list[Move], str]:
    """Whether ``game`` can be won with every hand known, a line of moves, and why it cannot
    (see the module): ``(True, a winning line, "")``, or ``(False, the exact bot's line to the
    end, the reason)``; a game that has ended answers its outcome with no line.

    >>> dead = "1QH2/KS3/3JD/AD3 hard 0 1 AHACKCQSJSJC/ASKHKDQDQCJH - - 5"
    >>> won, line, why = winning_line(GameState.parse(dead))
    >>> won, why, GameState.parse(dead).tokens
    (False, 'the square is dead, and reviving it takes 1 take-back, with 0 tokens left', 0)
    >>> won, line, _ = winning_line(GameState.parse(dead.replace("hard 0", "normal 1")))
    >>> won, [move.notation() for move in line[:2]]
    (True, ['xQH@r1c2', 'AS@r3c3'])
    """
    outcome = game.outcome()
    if outcome is not None:
        return outcome.won, [], str(outcome) if outcome.won else str(outcome).removeprefix("lost: ")
    state = game.clone()
    found = repairs(state.square, state.rules, locked=sorted(state.locked))
    if not found:
        return False, _played_out(state), "no finished square keeps the locked cards"
    cells = found[0].cells
    if len(cells) > state.tokens:
        needed = f"{len(cells)} take-back{'' if len(cells) == 1 else 's'}"
        tokens = f"{state.tokens} token{'' if state.tokens == 1 else 's'}"
        why = f"the square is dead, and reviving it takes {needed}, with {tokens} left"
        return False, _played_out(state), why
    line = [state.push(Move.take_back(cell)) for cell in cells]
    target = next(completions(state.square, state.rules)).values
    while not state.is_over():
        card = state.hand(state.turn)[0]
        line.append(state.push(Move.place(target.index(int(card)), card)))
    outcome = state.outcome()
    assert outcome is not None and outcome.won, outcome  # every card has its cell: a win
    return True, line, ""


def _played_out(state: GameState) -> list[Move]:
    """The moves of the exact bot from ``state`` to the end of a game that cannot be won."""
    from officers.euler.bots import get_bot  # the bots import the hints: loaded when needed

    bot, rng, line = get_bot("exact"), random.Random(0), []
    while not state.is_over():
        line.append(state.push(bot.choose(state.view(), rng)))
    return line
