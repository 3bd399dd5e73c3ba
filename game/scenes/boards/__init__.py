"""Each game's table as the play scene sees it: :func:`board_for` a game.

A board turns its game into the slots' looks of a frame, and a tap, a drag or a button
into a move of the rules and what the table should show of it (cards that fly away,
slide or turn up, a sound, a word of why not). The play scene is the same for every
game; what differs is here, one module per game, named by the registry
(``game.games.catalog``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...games.catalog import kind_of
from ...table.board import Board, Effect, Motion

if TYPE_CHECKING:
    from ...rules.played import PlayedGame

__all__ = ["Board", "Effect", "Motion", "board_for"]


def board_for(game: PlayedGame) -> Board:
    """The board of ``game``'s kind."""
    board = kind_of(game).board(game)
    if not isinstance(board, Board):
        raise TypeError(f"{kind_of(game)!r} names {board!r}, not a Board")
    return board
