"""Crescent, Crescent Four and Open Crescent (SPEC section 5, the Russian seed): 8
foundations, 16 piles of 6, single cards built by suit up or down with K-A wrap, 3 or 4
redeals. The three variants share this folder: rules (:mod:`.rules` and the modules it
uses), solver (:mod:`.solver`), board (:mod:`.board`), arrangement (:mod:`.arrangement`),
rules page (:mod:`.texts`) and test script (:mod:`.script`); this module is their
registry entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...look.i18n import N_
from ..kind import Arrangements, GameKind, Paragraphs, Picture, Script, Words

if TYPE_CHECKING:
    from ...rules.played import GameRules, PlayedGame
    from ...table.board import Board


def _rules_of(letter: str) -> Callable[[], GameRules[PlayedGame]]:
    def rules() -> GameRules[PlayedGame]:
        from .rules import RULES

        return RULES[letter]

    return rules


def _board(game: PlayedGame) -> Board:
    from .board import CrescentBoard
    from .game import Crescent

    if not isinstance(game, Crescent):
        raise TypeError(f"{game!r} is not a game of Crescent")
    return CrescentBoard(game)


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
    from .script import script_for

    return script_for(kind.letter)


def _crescent(key: str, letter: str, name: str, order: int, picture: Picture) -> GameKind:
    """A Crescent: the variants share their board, table and rules text."""
    return GameKind(
        key,
        letter,
        name,
        order=order,
        rules=_rules_of(letter),
        board=_board,
        arrangement=_arrangement,
        buttons=("undo", "redo", "redeal", "new", "menu"),
        inner=("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"),
        rules_text=_rules_text,
        picture=picture,
        best_score=480,
        script=_script,
        words=_words,
        finish="redeal",  # while a home-only playout wins, a redeal is never needed
        settings=("one_tap_moves", "auto_home", "auto_finish"),
        family=N_("Crescent games"),
    )


KINDS = [
    _crescent("crescent", "C", N_("Crescent"), 20, Picture(16, 8, fan=3, backs=3)),
    _crescent(
        "crescent-four", "F", N_("Crescent Four"), 30, Picture(16, 8, fan=3, backs=3, mark="4")
    ),
    _crescent("open-crescent", "O", N_("Open Crescent"), 40, Picture(16, 8, fan=3)),
]
"""The traditional game and its two variants."""
