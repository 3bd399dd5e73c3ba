"""A game of Elevens (SPEC section 6): its deal and its codes, ``HM1-E-...``.

Taps and selection, removals, score, undo and saved games are every removal game's
(:class:`game.rules.removal_game.RemovalGame`); what Elevens adds is its table
(:mod:`.table`): a 3x3 grid refilled from a stock.
"""

from __future__ import annotations

from ...rules.cards import Card, standard_deck
from ...rules.codes import format_code, read_code, shuffled_deck
from ...rules.removal_game import RemovalGame
from .table import ElevensTable

LETTER = "E"
"""The letter of Elevens' deal codes."""


class Elevens(RemovalGame[ElevensTable]):
    """One game of Elevens, from a deal code or a position."""

    LETTER = LETTER
    NAME = "Elevens"
    SAVE_FORMAT = "elevens-game"

    @classmethod
    def from_code(cls, code: str) -> Elevens:
        """The deal of a code such as ``HM1-E-AAAAAAB`` (raises DealCodeError)."""
        _letter, number = read_code(code, LETTER)
        cards = shuffled_deck(number, standard_deck())
        return cls(ElevensTable.deal(cards), format_code(number, LETTER))

    @classmethod
    def from_position(cls, text: str) -> Elevens:
        """A game starting from position text (raises PositionError)."""
        return cls(ElevensTable.parse(text))

    @property
    def grid(self) -> tuple[Card | None, ...]:
        """G1 ... G9, None where empty."""
        return self._table.grid

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its next card (the next refill) first."""
        return self._table.stock

    def restarted(self) -> Elevens:
        """The same deal again, from its start."""
        return Elevens(self._start, self._code)


RULES = {LETTER: Elevens}
"""The rules of each code letter of this folder's kinds."""

__all__ = ["Elevens", "ElevensTable"]
"""What ``game.rules`` re-exports of Elevens (the shared names are its own)."""
