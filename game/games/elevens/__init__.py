"""Elevens (SPEC section 6), the one-deck game of the family the seeds name: a 3x3 grid
refilled from a stock; pairs adding to 11 and Jack-Queen-King triples leave it.

Its folder: the pure rules (:mod:`.rules`, :mod:`.table`) and its solver (:mod:`.solver`),
the board (:mod:`.board`), the table's arrangement (:mod:`.arrangement`), the rules page
(:mod:`.texts`), the test script (:mod:`.script`) and the Examples page's won game
(``example.txt``); this module is its registry entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...look.i18n import N_
from ..kind import Arrangements, Example, GameKind, Paragraphs, Picture, Script, Words, read_example

if TYPE_CHECKING:
    from ...rules.played import GameRules, PlayedGame
    from ...table.board import Board


def _rules() -> GameRules[PlayedGame]:
    from .rules import Elevens

    return Elevens


def _board(game: PlayedGame) -> Board:
    from .board import ElevensBoard
    from .rules import Elevens

    if not isinstance(game, Elevens):
        raise TypeError(f"{game!r} is not a game of Elevens")
    return ElevensBoard(game)


def _arrangement() -> Arrangements:
    from .arrangement import ARRANGEMENTS

    return ARRANGEMENTS


def _words() -> Words:
    from .words import WORDS

    return WORDS


def _rules_text() -> Paragraphs:
    from .texts import RULES_TEXT

    return RULES_TEXT


def _example() -> Example:
    return read_example(__name__)


def _script(kind: GameKind) -> Script:
    from .script import SCRIPT

    return SCRIPT


KINDS = [
    GameKind(
        "elevens",
        "E",
        N_("Elevens"),
        order=50,
        rules=_rules,
        board=_board,
        arrangement=_arrangement,
        buttons=("undo", "redo", "new", "menu"),
        inner=(),
        rules_text=_rules_text,
        picture=Picture(grid=(3, 3), stock=True),
        best_score=260,
        script=_script,
        words=_words,
        most_moves=26,  # a removal takes 2 or 3 of the 52 cards
        example=_example,  # example.txt: a won game of HM1-E-AAAAABT
        settings=("move_errors", "placement_aid"),  # a removal game's aids
    )
]
"""Elevens, the fifth game."""
