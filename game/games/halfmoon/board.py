"""Half Moon's table: the 12 piles with their stack edges and the reserve, on the board
every removal game shares (:class:`~game.table.removal_board.RemovalBoard`)."""

from __future__ import annotations

from ...rules.cards import Card
from ...table.removal_board import RemovalBoard
from .rules import Game
from .slots import PILES, RESERVE_SLOTS, SLOTS


class HalfMoonBoard(RemovalBoard):
    """Half Moon's table."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.half_moon = game

    def slots(self) -> tuple[str, ...]:
        return SLOTS

    def stack(self, slot: str) -> tuple[Card | None, ...]:
        if slot in PILES:
            return self.half_moon.pile(slot)
        card = self.half_moon.reserve[RESERVE_SLOTS.index(slot)]
        return (card,) if card is not None else ()
