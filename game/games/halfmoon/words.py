"""What a screen reader says of Half Moon's table: "Pile 3, 7 of hearts, 8 cards",
"Reserve 2, empty" (:class:`~game.table.removal_words.RemovalWords`)."""

from __future__ import annotations

from ...look.i18n import _
from ...table.removal_words import RemovalWords
from .slots import PILE_COUNT, PILE_SIZE, PILES, RESERVE_SIZE, SLOTS, is_reserve


def title(slot: str) -> str:
    """``Pile 3``, ``Reserve 2``."""
    if is_reserve(slot):
        return _("Reserve {number}").format(number=slot[1:])
    return _("Pile {number}").format(number=slot)


WORDS = RemovalWords(SLOTS, title, set(PILES), PILE_COUNT * PILE_SIZE + RESERVE_SIZE)
"""Half Moon's words."""
