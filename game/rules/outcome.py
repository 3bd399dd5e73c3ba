"""How a game has ended: one enum for every game of the app (python-chess's ``Termination``)."""

from __future__ import annotations

import enum


class Outcome(enum.Enum):
    """How a game has ended."""

    WON = "won"
    """The game is won: Half Moon's 104 cards all removed, or Crescent's all on the
    foundations."""
    STALEMATE = "stalemate"
    """No move is left: in Half Moon no pair adds to 11 and no Jack-Queen-King triple is
    playable; in Crescent no pile's top card can go anywhere and no redeal is left."""
