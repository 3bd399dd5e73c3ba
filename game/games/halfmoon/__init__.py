"""Half Moon (SPEC sections 1-4): 104 cards, 12 piles of 8 in an arc and a reserve of 8;
pairs adding to 11 and Jack-Queen-King triples leave the table.

Its folder: the pure rules (:mod:`.rules`, :mod:`.table`, :mod:`.slots`) and its solver
(:mod:`.solver`), the board (:mod:`.board`), the table's arrangement
(:mod:`.arrangement`), the rules page (:mod:`.texts`), the test script
(:mod:`.script`) and the Examples page's won game (``example.txt``); this module is its
registry entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...look.i18n import N_
from ..kind import Arrangements, Example, GameKind, Paragraphs, Picture, Script, Words, read_example

if TYPE_CHECKING:
    from ...rules.played import GameRules, PlayedGame
    from ...table.board import Board


def _rules() -> GameRules[PlayedGame]:
    from .rules import Game

    return Game


def _board(game: PlayedGame) -> Board:
    from .board import HalfMoonBoard
    from .rules import Game

    if not isinstance(game, Game):
        raise TypeError(f"{game!r} is not a game of Half Moon")
    return HalfMoonBoard(game)


def _arrangement() -> Arrangements:
    from .arrangement import ARRANGEMENTS

    return ARRANGEMENTS


def _words() -> Words:
    from .words import WORDS

    return WORDS


def _rules_text() -> Paragraphs:
    from .texts import RULES_TEXT

    return RULES_TEXT


def _script(kind: GameKind) -> Script:
    from .script import SCRIPT

    return SCRIPT


def _example() -> Example:
    return read_example(__name__)


KINDS = [
    GameKind(
        "halfmoon",
        "N",
        N_("Half Moon"),
        order=10,
        rules=_rules,
        board=_board,
        arrangement=_arrangement,
        buttons=("undo", "redo", "new", "menu"),
        inner=("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"),
        rules_text=_rules_text,
        picture=Picture(piles=12, inner=8),
        best_score=520,
        script=_script,
        words=_words,
        most_moves=52,  # a removal takes 2 or 3 of the 104 cards
        save_file="game.json",  # the names it always had
        statistics_file="statistics.json",
        example=_example,  # example.txt: a won game of HM1-N-AAAAAAB
        settings=("move_errors", "placement_aid"),  # a removal game's aids
    )
]
"""Half Moon, the app's first game."""
