"""Locked piles: a sound test that a Crescent position is lost (see :func:`locked`).

Cards are numbered as in :mod:`game.games.crescent.solver.search`: suit * 13 + rank - 1.
"""

from __future__ import annotations

NEIGHBOURS: tuple[tuple[int, int], ...] = tuple(
    (c - c % 13 + (c % 13 + 1) % 13, c - c % 13 + (c % 13 - 1) % 13) for c in range(52)
)
"""The two cards a card goes on, pile to pile: its suit, one rank up and down, wrapping."""


def locked(pile: bytes, up: list[int], down: list[int], redeals: int) -> bool:
    """Whether ``pile`` holds a lock no line can open (a sound test: True means lost).

    A card of a rank the Ace foundation has passed (or the King foundation) is the last
    copy and can go to one foundation only: ranks at or above the King foundation's top
    go up the Ace foundation, in order; ranks at or below the Ace foundation's top go
    down the King foundation, in order (a suit in sequence is left out: it takes any card
    first). Take two such cards of one foundation in a pile, the one needed later (``y``)
    above the other (``x``), ``x`` too deep for the redeals left to bring it up. ``y``
    cannot go home before ``x``, and ``x`` cannot leave before ``y``, so ``y`` must move
    onto another pile, onto one of its two neighbours (same suit, one rank up or down).
    If every copy of each neighbour not yet home lies below ``y`` in the same pile, too
    deep to come up, ``y`` can never move and the position is lost.

    The test looks at the pile from the bottom up, so a pile that is not locked has no
    locked part either: taking its top card away leaves it unlocked.
    """
    lowest_up = [14, 14, 14, 14]  # the lowest last-copy Ace-foundation rank below
    highest_down = [0, 0, 0, 0]  # the highest last-copy King-foundation rank below
    deep = bytearray(52)  # the cards below, too deep to come up
    for card in pile[redeals:]:
        s, rank = divmod(card, 13)
        rank += 1
        top_up, top_down = up[s], down[s]
        if top_down != top_up + 1:
            if top_up < rank >= top_down:
                if lowest_up[s] < rank:
                    if _frozen(card, top_up, top_down, deep):
                        return True
                else:
                    lowest_up[s] = rank
            elif top_down > rank <= top_up:
                if highest_down[s] > rank:
                    if _frozen(card, top_up, top_down, deep):
                        return True
                else:
                    highest_down[s] = rank
        deep[card] += 1
    return False


def _frozen(card: int, top_up: int, top_down: int, deep: bytearray) -> bool:
    """Whether neither neighbour of ``card`` can ever be a top it goes on: every copy of
    each that is not home (a rank is home once for each foundation that has passed it)
    lies in ``deep``."""
    for neighbour in NEIGHBOURS[card]:
        rank = neighbour % 13 + 1
        left = 2 - (rank <= top_up) - (rank >= top_down)
        if deep[neighbour] < left:
            return False
    return True
