"""The Crescent solver's winning line as real moves, replayed through the rules.

The search plays a card of a suit in sequence (its two foundations holding one A-K run)
as one move, wherever the split is; here that move gets the transfers it needs first:
the fewest that make the card fit one of the two foundations. Every line is replayed
through :class:`Crescent` as it is built, so a line that is returned is legal.
"""

from __future__ import annotations

from ....rules.cards import Rank
from ..game import Crescent
from ..moves import REDEAL, CardMove, Move, foundation_takes, in_sequence
from ..table import ACE_FOUNDATIONS, KING_FOUNDATIONS, PILES, SUITS, CrescentTable
from ..variants import CrescentVariant

Step = tuple[int, int, int]
"""A move of the search: (kind, i, j): 0 pile i home, 1 pile i onto pile j, 2 redeal."""


def concrete(table: CrescentTable, variant: CrescentVariant, steps: list[Step]) -> tuple[Move, ...]:
    """The real moves of ``steps`` from ``table``: each replayed through the rules."""
    game = Crescent(table, variant)
    line: list[Move] = []
    for kind, i, j in steps:
        if kind == 2:
            game.redeal()
            line.append(REDEAL)
        elif kind == 1:
            line.append(game.move(PILES[i], PILES[j]).move)
        else:
            for move in _home(game, PILES[i]):
                line.append(game.move(move.source, move.target).move)
    assert game.table.is_won(), "the solver's line does not win"
    return tuple(line)


def _home(game: Crescent, pile: str) -> list[CardMove]:
    """The moves that take ``pile``'s top card home: transfers first if they are needed."""
    card = game.top(pile)
    assert card is not None
    s = SUITS.index(card.suit)
    king, ace = KING_FOUNDATIONS[s], ACE_FOUNDATIONS[s]
    for target in (ace, king):
        if foundation_takes(game.table, target) is card.rank:
            return [CardMove(pile, target)]
    assert in_sequence(game.table, ace), (pile, card)
    # In sequence: the Ace foundation goes A ... a, the King foundation K ... a + 1. The
    # card fits the Ace foundation when a = rank - 1, the King foundation when a = rank.
    split = int(game.foundation(ace)[-1].rank)
    rank = int(card.rank)
    options = []
    if rank > int(Rank.ACE):
        options.append((abs(split - (rank - 1)), rank - 1, ace))
    if rank < int(Rank.KING):
        options.append((abs(split - rank), rank, king))
    _, wanted, target = min(options)
    step = (ace, king) if wanted < split else (king, ace)
    moves = [CardMove(*step) for _ in range(abs(split - wanted))]
    return [*moves, CardMove(pile, target)]
