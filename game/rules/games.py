"""One door to every game of the app: :func:`game_from_code` reads any deal code.

>>> type(game_from_code("HM1-N-AAAAAAB")).__name__, type(game_from_code("hm1-o-aaaaaab")).__name__
('Game', 'Crescent')
"""

from __future__ import annotations

from .codes import GAME_LETTERS, NORMAL_VARIANT, read_code
from .crescent import Crescent
from .game import Game


def game_from_code(code: str) -> Game | Crescent:
    """A Half Moon :class:`Game` for ``HM1-N-...``, a :class:`Crescent` for C, F and O.

    Raises :class:`DealCodeError` showing every form when ``code`` is not a deal code.
    """
    letter, _ = read_code(code, "".join(GAME_LETTERS))
    if letter == NORMAL_VARIANT:
        return Game.from_code(code)
    return Crescent.from_code(code)
