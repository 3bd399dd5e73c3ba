"""The home-only playout of a Crescent table: whether it wins, and its moves (Finish).

When every card still in the piles lies face up, the app offers to finish the game when
playing home whatever can go home, again and again, wins it. The playout, decided here:

1. Take the first pile, in order 1 ... 16, whose top card a foundation takes, and play it
   to the first foundation that takes it, in order F1 ... F8 (where a double tap sends it).
2. Again, from pile 1, until no pile's top card goes home.

No card goes onto a pile, none between foundations, and no redeal is taken. The playout
wins when the piles are empty. It is a fixed procedure, not a search: where the order of
the cards played home would matter (two cards alike, both on top, where a foundation
takes one), it plays the first; a table that only another order would win is not offered
a finish, and the player plays on as before. It reads nothing a player could not see:
with a card face down it answers None at once.

The playout is cheap enough to ask after every move: at most 96 cards, each found by a
look at the 16 top cards (docs/performance.md gives the time).

>>> from .crescent import Crescent
>>> Crescent.from_code("HM1-O-AAAAAAA").finish_moves() is None  # a deal: stuck at once
True
"""

from __future__ import annotations

from .moves import CardMove, foundation_takes
from .table import FOUNDATIONS, PILES, SUITS, CrescentTable

_KING = 0
"""A suit's King foundation is ``FOUNDATIONS[suit]``; its Ace foundation four further."""
_ACE = 4


def finish_moves(table: CrescentTable) -> tuple[CardMove, ...] | None:
    """The moves of the home-only playout from ``table`` (see the module), when every
    card in the piles lies face up and the playout wins; else None. A won table: ``()``.

    Each move is legal in turn: played one after another they win the game.
    """
    if any(table.face_down):
        return None
    wants = [0] * len(FOUNDATIONS)
    """The rank each foundation takes next (0: complete), F1 ... F8."""
    for index, name in enumerate(FOUNDATIONS):
        takes = foundation_takes(table, name)
        wants[index] = 0 if takes is None else int(takes)
    suit_index = {suit: index for index, suit in enumerate(SUITS)}
    piles = [[(suit_index[card.suit], int(card.rank)) for card in pile] for pile in table.piles]
    left = sum(map(len, piles))
    moves: list[CardMove] = []
    pile = 0
    while pile < len(piles):
        cards = piles[pile]
        if cards:
            suit, rank = cards[-1]
            for target in (suit + _KING, suit + _ACE):
                if wants[target] == rank:
                    cards.pop()
                    left -= 1
                    moves.append(CardMove(PILES[pile], FOUNDATIONS[target]))
                    if target < _ACE:  # a King foundation builds down to the Ace
                        wants[target] = rank - 1
                    else:  # an Ace foundation up to the King
                        wants[target] = 0 if rank == 13 else rank + 1
                    pile = -1  # again from pile 1
                    break
        pile += 1
    return tuple(moves) if left == 0 else None
