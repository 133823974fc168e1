"""Microsoft's FreeCell numbering: a second implementation from the documented procedure, and
fc-solve's own generator (``make-microsoft-freecell-board``, Debian's freecell-solver-bin)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from officers.core.errors import InvalidGameError
from officers.eightoff.deck import PlayingCard
from officers.eightoff.microsoft import microsoft_deal
from officers.eightoff.variant import BAKERS_GAME, EIGHT_OFF

GENERATOR = shutil.which("make-microsoft-freecell-board") or shutil.which(
    "pi-make-microsoft-freecell-board"
)
NUMBERS = [1, 2, 3, 617, 11982, 24000, 32000, 1_000_000, 2**31 - 1]


def rosetta_deal(seed: int) -> list[list[str]]:
    """The procedure as people write it down: deck A♣ A♦ A♥ A♠ 2♣ …, pick rand % left, replace
    the picked card by the last one, deal row by row into 8 columns (seed < 2**31)."""
    deck = [rank + suit for rank in "A23456789TJQK" for suit in "CDHS"]
    state, dealt = seed, []
    while deck:
        state = (state * 214013 + 2531011) % 2**31
        j = (state >> 16) % len(deck)
        dealt.append(deck[j])
        deck[j] = deck[-1]
        deck.pop()
    return [dealt[c::8] for c in range(8)]


def ours(number: int) -> list[list[str]]:
    position = microsoft_deal(number)
    return [[PlayingCard(card).notation() for card in column] for column in position.columns]


@pytest.mark.parametrize("number", NUMBERS)
def test_deals_are_the_documented_procedure(number: int) -> None:
    assert ours(number) == rosetta_deal(number)


def test_deal_one_is_the_well_known_first_deal() -> None:
    rows = list(zip(*rosetta_deal(1), strict=False))
    assert " ".join(rows[0]) == "JD 2D 9H JC 5D 7H 7C 5H"
    assert ours(1)[0] == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]


@pytest.mark.skipif(
    GENERATOR is None,
    reason="fc-solve's make-microsoft-freecell-board is not installed "
    "(Debian/Ubuntu: apt-get install freecell-solver-bin)",
)
@pytest.mark.parametrize("number", [*NUMBERS, 2**31, 2**32 - 1, 2**32, 2**33 - 1])
def test_deals_are_fc_solves(number: int) -> None:
    assert GENERATOR is not None
    text = subprocess.run(
        [GENERATOR, "-t", str(number)], capture_output=True, text=True, check=True, timeout=10
    ).stdout
    assert ours(number) == [line.split() for line in text.splitlines() if line.strip()]


def test_other_variants_and_numbers() -> None:
    assert microsoft_deal(5, BAKERS_GAME).columns == microsoft_deal(5).columns
    with pytest.raises(InvalidGameError, match="7 7 7 7 6 6 6 6"):
        microsoft_deal(5, EIGHT_OFF)
    for bad in (0, 2**33):
        with pytest.raises(InvalidGameError, match="numbered 1 to"):
            microsoft_deal(bad)
