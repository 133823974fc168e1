"""Microsoft's FreeCell numbering: deal 1 to 2**33 - 1 as Microsoft FreeCell and FreeCell Pro
deal them (and fc-solve's ``pi-make-microsoft-freecell-board``, ``make-microsoft-freecell-board``
in Debian).

The procedure, from Jim Horne's FreeCell and the C run-time library's ``rand``:

1. The deck is the 52 cards ordered by rank, then suit in the order Clubs, Diamonds, Hearts,
   Spades: ``A♣ A♦ A♥ A♠ 2♣ … K♠`` (card m is rank ``m // 4 + 1``, suit ``m % 4``).
2. A 32-bit linear congruential generator, seeded with the deal number N:
   ``state = (state * 214013 + 2531011) mod 2**32``, and ``rand = (state >> 16) & 0x7FFF``.
3. For each of the 52 cards dealt, with ``left`` cards still in the deck (52, 51, …):
   ``j = rand mod left``; deal ``deck[j]``, then move the last card of the deck to ``j``
   (``deck[j] = deck[left - 1]``).
4. Card k dealt (0-based) goes to column ``k mod 8``, row ``k div 8``: columns 1-4 get 7
   cards, columns 5-8 get 6.

FreeCell Pro's extension past 2**31 (as fc-solve deals it): for ``2**31 <= N < 2**32`` each
``rand`` is ``rand | 0x8000``; for ``2**32 <= N < 2**33`` the state starts at ``N - 2**32`` and
each draw is ``((state >> 16) & 0xFFFF) + 1``.

Deal 1 is the well-known first deal (its first row: J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥), and deal 11982 the
famous one that cannot be won.

>>> from officers.eightoff.deck import card_of
>>> position = microsoft_deal(1)
>>> " ".join(str(card_of(c)) for c in position.columns[0])
'J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠'
>>> [str(card_of(column[0])) for column in position.columns]
['J♦', '2♦', '9♥', 'J♣', '5♦', '7♥', '7♣', '5♥']
"""

from __future__ import annotations

from typing import Final

from officers.core.errors import InvalidGameError, excerpt
from officers.eightoff.position import Position, lay_out
from officers.eightoff.variant import FREECELL, Variant

__all__ = ["MAX_MICROSOFT_DEAL", "microsoft_deal", "microsoft_order"]

MAX_MICROSOFT_DEAL: Final = (1 << 33) - 1
"""The largest deal number of FreeCell Pro's numbering (fc-solve's limit)."""

_MICROSOFT_DEAL: Final = (7, 7, 7, 7, 6, 6, 6, 6)


def microsoft_order(number: int) -> tuple[int, ...]:
    """The 52 cards (ints of :mod:`officers.eightoff.deck`) in the order Microsoft deals deal ``number``.

    >>> from officers.eightoff.deck import card_of
    >>> [str(card_of(c)) for c in microsoft_order(1)[:8]]
    ['J♦', '2♦', '9♥', 'J♣', '5♦', '7♥', '7♣', '5♥']
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"a Microsoft deal number is an int, got {excerpt(number)}")
    if not 1 <= number <= MAX_MICROSOFT_DEAL:
        raise InvalidGameError(
            f"Microsoft's deals are numbered 1 to {MAX_MICROSOFT_DEAL}, got {excerpt(number)}"
        )
    state = number - (1 << 32) if number >= 1 << 32 else number
    deck = list(range(52))
    order: list[int] = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        if number >= 1 << 32:
            draw = ((state >> 16) & 0xFFFF) + 1
        else:
            draw = (state >> 16) & 0x7FFF
            if number >= 1 << 31:
                draw |= 0x8000
        j = draw % left
        order.append(13 * (deck[j] % 4) + deck[j] // 4)
        deck[j] = deck[left - 1]
    return tuple(order)


def microsoft_deal(number: int, variant: Variant = FREECELL) -> Position:
    """The position of Microsoft's deal ``number`` (FreeCell by default; any variant that deals
    all 52 cards to 8 columns of 7 7 7 7 6 6 6 6, such as Baker's Game, may be given)."""
    if variant.deal.columns != _MICROSOFT_DEAL:
        raise InvalidGameError(
            f"Microsoft's deals lay out 8 columns of 7 7 7 7 6 6 6 6; {variant.name} deals "
            f"{variant.deal.notation()}"
        )
    return lay_out(microsoft_order(number), variant)
