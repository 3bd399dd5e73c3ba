"""Each game's table as the play scene sees it: :func:`board_for` a game.

A board turns its game into the slots' looks of a frame, and a tap, a drag or a button
into a move of the rules and what the table should show of it (cards that fly away,
slide or turn up, a sound, a word of why not). The play scene is the same for every
game; what differs is here.
"""

from __future__ import annotations

from ...catalog import TableGame
from ...rules import Crescent
from .base import Board, Effect, Motion
from .crescent import CrescentBoard
from .halfmoon import HalfMoonBoard

__all__ = ["Board", "CrescentBoard", "Effect", "HalfMoonBoard", "Motion", "board_for"]


def board_for(game: TableGame) -> Board:
    """The board of ``game``'s kind."""
    if isinstance(game, Crescent):
        return CrescentBoard(game)
    return HalfMoonBoard(game)
