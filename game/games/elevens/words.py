"""What a screen reader says of Elevens' table: "Row 1, column 3, 7 of hearts", "Stock,
31 cards" (:class:`~game.table.removal_words.RemovalWords`)."""

from __future__ import annotations

from ...look.i18n import _
from ...table.removal_words import RemovalWords
from .table import DECK_SIZE, GRID, SLOTS, STOCK


def title(slot: str) -> str:
    """``Row 1, column 3`` for a grid slot (G1 ... G9 in reading order), ``Stock``."""
    if slot == STOCK:
        return _("Stock")
    index = GRID.index(slot)
    return _("Row {row}, column {column}").format(row=index // 3 + 1, column=index % 3 + 1)


WORDS = RemovalWords(SLOTS, title, {STOCK}, DECK_SIZE)
"""Elevens' words."""
