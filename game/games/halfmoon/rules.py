"""A game of Half Moon: its table (12 piles and a reserve of 8), its deal and its codes.

Taps and selection, removals, score, undo and saved games are every removal game's
(:class:`game.rules.removal_game.RemovalGame`).
"""

from __future__ import annotations

import random

from ...rules.cards import Card
from ...rules.codes import NORMAL_VARIANT, format_code, parse_code, random_code, shuffled_cards
from ...rules.removal_game import RemovalGame
from .slots import PILES, RESERVE_SLOTS, SLOTS, is_reserve, slot_name
from .table import Table

SAVE_FORMAT = "halfmoon-game"
"""The ``format`` field of a saved game."""


class Game(RemovalGame[Table]):
    """One game of Half Moon, from a deal code or a position."""

    LETTER = NORMAL_VARIANT
    """The letter of Half Moon's deal codes."""
    NAME = "Half Moon"
    SAVE_FORMAT = SAVE_FORMAT

    @classmethod
    def from_code(cls, code: str) -> Game:
        """The deal of a code such as ``HM1-N-AAAAAAB`` (raises :class:`DealCodeError`)."""
        number = parse_code(code)
        return cls(Table.deal(shuffled_cards(number)), format_code(number))

    @classmethod
    def random(cls, rng: random.Random | None = None) -> Game:
        """A deal chosen at random."""
        return cls.from_code(random_code(rng))

    @classmethod
    def from_position(cls, text: str) -> Game:
        """A game starting from position text (raises :class:`PositionError`)."""
        return cls(Table.parse(text))

    def pile(self, number: int | str) -> tuple[Card, ...]:
        """Pile 1 ... 12, bottom card first."""
        return self._table.pile(number)

    @property
    def reserve(self) -> tuple[Card | None, ...]:
        """The 8 reserve slots R1 ... R8, None where empty."""
        return self._table.reserve

    def restarted(self) -> Game:
        """The same deal again, from its start."""
        return Game(self._start, self._code)


RULES = {NORMAL_VARIANT: Game}
"""The rules of each code letter of this folder's kinds."""

__all__ = ["PILES", "RESERVE_SLOTS", "SLOTS", "Game", "Table", "is_reserve", "slot_name"]
"""What ``game.rules`` re-exports of Half Moon (the shared names are its own)."""
