"""Elevens' table: the 3x3 grid and the face-down stock with its count on it, on the
board every removal game shares (:class:`~game.table.removal_board.RemovalBoard`)."""

from __future__ import annotations

from ...rules.cards import Card
from ...table.removal_board import RemovalBoard
from .rules import Elevens
from .table import GRID, SLOTS, STOCK


class ElevensBoard(RemovalBoard):
    """Elevens' table."""

    def __init__(self, game: Elevens) -> None:
        super().__init__(game)
        self.elevens = game

    def slots(self) -> tuple[str, ...]:
        return SLOTS

    def marker(self, slot: str, depth: int) -> str:
        """The stock's count, always shown (SPEC 6)."""
        return str(depth) if slot == STOCK else super().marker(slot, depth)

    def stack(self, slot: str) -> tuple[Card | None, ...]:
        if slot == STOCK:
            return (None,) * self.elevens.count(STOCK)  # face down
        card = self.elevens.grid[GRID.index(slot)]
        return (card,) if card is not None else ()
