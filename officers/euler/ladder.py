"""The bots' levels measured: how often a team wins with each level's bot, deal by deal, and the
paired margin between two levels on the same deals.

Euler's Officers is cooperative: a bot is a partner, not an opponent, and the rules' levels
(:data:`officers.euler.levels.LEVELS`: tokens, diagonals, the clock) set how hard the square is
for the whole team, not how well a partner plays. So a bot's level is measured as a team's wins:
the bot with itself, and the bot with a partner who plays like a person that knows the rules'
checks (the designers' bot, :data:`PARTNER`), every deal played from both seats. Two levels are
compared on the same deals (:func:`officers.games.simulate.simulate` deals deal ``k`` from the
seed and ``k`` alone), so each deal gives a paired difference, and the margin has a 95 %
interval from those differences. Two numbered deals may deal the same cards (two players hold
8 of 16 cards: 12,870 ways), and the runner's figures know a deal by its cards alone, so the
games are grouped by the deal's start: a start dealt twice is one group of two deals, and the
interval is the cluster one over the groups (:func:`paired`).

>>> beginner = team("designers", deals=40, seed=1, partner=None, jobs=1)
>>> strongest = team("hinted", deals=40, seed=1, partner=None, jobs=1)
>>> beginner.wins, beginner.games, strongest.wins
(19, 40, 40)
>>> margin = paired(strongest, beginner)  # 40/40 - 19/40
>>> margin.deals, margin.margin, round(margin.low, 3), round(margin.high, 3)
(40, 0.525, 0.368, 0.682)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from officers.core.errors import InvalidGameError, excerpt
from officers.euler.bots import Bot, get_bot
from officers.games.simulate import simulate

__all__ = ["PARTNER", "Margin", "Team", "paired", "team"]

PARTNER: Final = "designers"
"""The partner a bot is measured with, standing in for a person who knows the rules' checks:
the designers' bot, the rules' own simple bot (:class:`~officers.euler.bots.DesignersBot`)."""

_Z95: Final = 1.959963984540054


class _Outcome:
    """A :class:`~officers.core.simulation.Watch` that counts a game and its win under the
    deal's start (its notation: ``games START`` and ``wins START``), so that two simulations of
    the same deals can be paired deal by deal."""

    def __init__(self, state: Any) -> None:
        self.start = str(state.notation())

    def before(self, state: Any, move: Any) -> None:
        """Nothing: only the end counts."""

    def after(self, state: Any, move: Any) -> None:
        """Nothing: only the end counts."""

    def end(self, state: Any) -> Mapping[str, int]:
        return {f"games {self.start}": 1, f"wins {self.start}": int(state.returns()[0] >= 1.0)}


@dataclass(frozen=True)
class Team:
    """The wins of one team on numbered deals: ``bots`` (the bot, and its partner when it had
    one), ``level`` and ``players`` (the rules' level and the player count), ``by_start`` (each
    deal's start → the games played from it and the games won), ``per_deal`` (games a deal: 2
    with a partner, each deal played from both seats; 1 alone)."""

    bots: tuple[str, ...]
    level: str
    players: int
    by_start: Mapping[str, tuple[int, int]]
    per_deal: int

    @property
    def games(self) -> int:
        return sum(games for games, _ in self.by_start.values())

    @property
    def deals(self) -> int:
        return self.games // self.per_deal

    @property
    def wins(self) -> int:
        return sum(wins for _, wins in self.by_start.values())

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def team(
    bot: str | Bot,
    *,
    deals: int = 2500,
    seed: int = 1,
    level: str = "normal",
    players: int = 2,
    partner: str | Bot | None = PARTNER,
    jobs: int | None = None,
) -> Team:
    """The wins of ``bot`` (a bot's name, a level's of :data:`~officers.euler.bots.LEVELS`, or
    a :class:`~officers.euler.bots.Bot`) on deals ``0 .. deals-1`` of ``seed`` at the rules'
    ``level`` with ``players`` players: every seat ``bot`` when ``partner`` is ``None``, else
    ``bot`` and ``partner`` taking turns round the table, each deal played once from each
    rotation (:func:`~officers.games.simulate.simulate`).

    >>> team("club", deals=20, seed=1, jobs=1).bots
    ('careful', 'designers')
    """
    if partner is not None and players < 2:
        raise InvalidGameError(f"a partner needs 2 players or more, got {excerpt(players)}")
    first = get_bot(bot)
    lineup = [first] if partner is None else [first, get_bot(partner)]
    result = simulate(
        "officers",
        lineup,
        deals=deals,
        seed=seed,
        options={"level": level, "players": players},
        figures=_Outcome,
        jobs=jobs,
        progress=False,
    )
    figures = result.figures
    by_start = {
        key[6:]: (games, figures.get(f"wins {key[6:]}", 0))
        for key, games in figures.items()
        if key.startswith("games ")
    }
    return Team(result.bots[: len(lineup)], level, players, by_start, len(result.seatings))


@dataclass(frozen=True)
class Margin:
    """How much more often team ``a`` won than team ``b`` on the same deals: ``margin`` (the
    mean over the deals of the difference of their win rates on the deal, which is the
    difference of their win rates) with its 95 % interval ``low`` .. ``high``, over ``deals``
    deals."""

    a: tuple[str, ...]
    b: tuple[str, ...]
    deals: int
    margin: float
    low: float
    high: float


def paired(a: Team, b: Team) -> Margin:
    """The paired margin of team ``a`` over team ``b`` (see :class:`Margin`): both must have
    played the same deals. Each start's group of deals gives the sum of its deals' differences
    ``g`` over its ``m`` deals; the margin is ``sum(g) / sum(m)``, and its interval the normal
    one with the cluster variance ``G / (G - 1) * sum((g - m * margin) ** 2) / sum(m) ** 2``
    over the ``G`` groups (each deal a group of its own when no start repeats: the paired
    differences' variance of the mean).

    >>> alone = team("neighbour", deals=30, seed=2, partner=None, jobs=1)
    >>> paired(alone, alone).margin
    0.0
    """
    if a.deals != b.deals or any(
        b.by_start.get(start, (0, 0))[0] * a.per_deal != games * b.per_deal
        for start, (games, _) in a.by_start.items()
    ):
        raise InvalidGameError("the two teams did not play the same deals")
    groups = [
        (
            games / a.per_deal,
            wins / a.per_deal - b.by_start[start][1] / b.per_deal,
        )
        for start, (games, wins) in a.by_start.items()
    ]
    deals = sum(size for size, _ in groups)
    mean = sum(total for _, total in groups) / deals
    count = len(groups)
    variance = (
        count / (count - 1) * sum((total - size * mean) ** 2 for size, total in groups) / deals**2
        if count > 1
        else 0.0
    )
    half = _Z95 * math.sqrt(variance)
    return Margin(a.bots, b.bots, round(deals), mean, mean - half, mean + half)
