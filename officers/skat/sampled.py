"""The chance game searched where it is too large to be exact: expectiminimax with the turn-ups
sampled, deepened while the time lasts.

:mod:`officers.skat.chance` values the game as it is played exactly: a max node for Vorhand, a
min node for Hinterhand, a chance node at each turn-up with every unseen card. With many cards
face down that tree is far too large, and Monte Carlo over open deals
(:class:`~officers.skat.bots.MonteCarloBot`) answers instead: it solves sampled deals double
dummy, as if each player would know every face-down card from the next move on (*strategy
fusion*). The search here keeps the chance nodes for the next turn-ups and samples only what
lies beyond them (sparse sampling after Kearns, Mansour and Ng):

- the first turn-ups, those of the piles hiding a card now, are valued over every card that
  may turn up;
- once a card has turned up, a turn-up of more than ``width`` cards is valued by ``width`` of them, drawn;
- a state with ``floor`` cards face down or fewer (and two at least) is a leaf, valued by
  ``samples`` completions, drawn (the unseen cards dealt to the hidden piles), each solved double
  dummy: strategy fusion only from there on;
- a state with one card face down is a leaf solved double dummy, exactly.

The floor is deepened one turn-up at a time, ``depth`` turn-ups below the cards face down now,
while the time lasts; the answer is the deepest search that finished. Every draw is a function of
the state and a salt (:meth:`~officers.skat.accel.CompiledChance.sampling`), so the search is
deterministic for a seed, a state drawn twice draws the same, and alpha-beta with the memo stays
sound *for the sampled game*: the values are estimates of the true ones, not bounds. Where no
turn-up is sampled and no leaf stands above one card face down (``width`` at least the cards face
down less one, and the floor reached), the value is the exact one (``exact``).

Compiled only: without :mod:`officers.skat._dd` :func:`sampled_values` raises
:class:`~officers.InvalidArgumentError`.

>>> from officers.skat import SkatGame
>>> from officers.skat.chance import move_values
>>> game = SkatGame.deal(2)
>>> game.push("G") and None
>>> for _ in range(18):
...     game.push(game.legal_moves()[-1]) and None
>>> public = Public.of(game)
>>> public.hidden_count()
5
>>> found = sampled_values(public, time_limit=None, samples=2, seed=1)
>>> found.exact, found.depth
(True, 4)
>>> found.values == {move: float(value) for move, value in move_values(public).items()}
True
>>> shallow = sampled_values(public, time_limit=None, samples=2, seed=1, depth=1)
>>> shallow.exact, shallow.values.keys() == found.values.keys()
(False, True)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Final

from officers.core.errors import check_time_limit, invalid_argument
from officers.skat.chance import Objective, sampled_round
from officers.skat.game import SkatGame
from officers.skat.moves import Move
from officers.skat.position import Position
from officers.skat.public import Public

__all__ = ["WIDTH", "SAMPLES", "Sampled", "sampled_values"]

WIDTH: Final = 15
"""The cards a later turn-up is valued by, by default: all (15 is the most a turn-up below the
first can have)."""

SAMPLES: Final = 8
"""The completions a leaf at the floor is valued by, by default."""


@dataclass(frozen=True, slots=True)
class Sampled:
    """The answer of :func:`sampled_values`: the value of each legal move (Vorhand's win
    probability or her expected final points), the turn-ups searched before the leaves
    (``depth``; 0: none finished, ``values`` empty), and whether the values are exact."""

    values: dict[Move, float]
    depth: int
    exact: bool


def sampled_values(
    where: Public | Position | SkatGame,
    objective: Objective = "win",
    *,
    time_limit: float | None,
    width: int = WIDTH,
    samples: int = SAMPLES,
    seed: int | None = None,
    depth: int | None = None,
) -> Sampled:
    """Each legal move's value by the sampled search (see the module), as deep as
    ``time_limit`` allows (or to ``depth`` turn-ups, at most); ``seed`` starts the draws
    (``None``: the view's own :meth:`~officers.skat.public.Public.seed`). Before the game
    choice, each game's value after choosing it. The values of the deepest search that
    finished; none when not even the first did (``depth`` 0)."""
    public = where if isinstance(where, Public) else Public.of(where)
    seconds = check_time_limit(time_limit)
    if not 1 <= width <= 15 or not 1 <= samples <= 64:
        raise invalid_argument(f"a width of 1 .. 15 and 1 .. 64 samples, got {width}, {samples}")
    if depth is not None and depth < 1:
        raise invalid_argument(f"a depth of 1 or more, got {depth}")
    deadline = None if seconds is None else time.perf_counter() + seconds
    salt = random.Random(public.seed() if seed is None else seed).getrandbits(64)
    hidden = public.hidden_count()
    best: Sampled = Sampled({}, 0, False)
    # the floor one turn-up lower each round; at the bottom, every turn-up: exact
    rounds = [(d, width) for d in range(1, hidden + 1)]
    if width < hidden - 1:
        rounds.append((hidden, 15))
    for d, wide in rounds:
        floor = max(hidden - d, 0)
        found = sampled_round(
            public,
            objective,
            floor=floor,
            width=wide,
            samples=samples,
            salt=salt,
            deadline=deadline,
        )
        if found is None:
            return best
        exact = floor <= 1 and wide >= hidden - 1
        best = Sampled({move: float(value) for move, value in found.items()}, d, exact)
        if exact or (depth is not None and d >= depth):
            return best
    return best
