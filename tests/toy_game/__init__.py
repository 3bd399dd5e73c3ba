"""A toy game, made to prove the seam between the games and the app: its rules module
(:mod:`.rules`), its board module (:mod:`.board`) and this registry entry, with the
script the app tests play it by, are all it takes; no module of ``game`` knows it.
"""

from __future__ import annotations

from game.games.kind import GameKind, Picture, Script


def _rules():
    from .rules import ToyGame

    return ToyGame


def _board(game):
    from .board import ToyBoard

    return ToyBoard(game)


def _arrangement():
    from .board import ARRANGEMENTS

    return ARRANGEMENTS


def _rules_text():
    from .board import RULES_TEXT

    return RULES_TEXT


def _script(kind):
    """How the app tests that run for every kind win and stall the toy (they play it
    when it is in the registry: ``pytest --with-kind toy_game:TOY``)."""
    return Script(
        win="P: 2D AC\nH:",  # the Ace goes home, then the 2
        win_moves=(("P",), ("P",)),
        stalemate="P: 5H 5C\nH:",  # the 5 of clubs goes home: the other 5 cannot
        stalemate_moves=(("P",),),
    )


class _Words:
    """What a screen reader hears of the toy's table: its pile and its home."""

    def slots(self):
        return ("P", "H")

    def slot(self, table, slot):
        top = table.top(slot)
        return f"{'Pile' if slot == 'P' else 'Home'}, {top if top is not None else 'empty'}"

    def change(self, before, after, points):
        return "" if before == after else f"{before.top('P')} home"

    def home(self, table):
        return self.slot(table, "H")


def _words():
    return _Words()


TOY = GameKind(
    "toy",
    "T",
    "Toy",
    order=1000,
    rules=_rules,
    board=_board,
    arrangement=_arrangement,
    buttons=("undo", "redo", "new", "menu"),
    inner=("H",),
    rules_text=_rules_text,
    picture=Picture(1, inner=1),
    best_score=60,
    script=_script,
    words=_words,
)
"""The toy's one registry entry (registered by the tests that play it)."""
