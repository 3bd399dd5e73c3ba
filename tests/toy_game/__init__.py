"""A toy game, made to prove the seam between the games and the app: its rules module
(:mod:`.rules`), its board module (:mod:`.board`) and this one registry entry are all it
takes; no module of ``game`` knows it.
"""

from __future__ import annotations

from game.games.catalog import GameKind, Picture

TOY = GameKind(
    "toy",
    "T",
    "Toy",
    rules="toy_game.rules:ToyGame",
    board="toy_game.board:ToyBoard",
    arrangement="toy_game.board:ARRANGEMENTS",
    buttons=("undo", "redo", "new", "menu"),
    inner=("H",),
    rules_text="toy_game.board:RULES_TEXT",
    picture=Picture(1, inner=1),
    best_score=60,
)
"""The toy's one registry entry (registered by the tests that play it)."""


def _script() -> None:
    """How the app tests that run for every kind win and stall the toy (they play it
    when it is in the registry: ``pytest --with-kind toy_game:TOY``)."""
    from kind_scripts import KindScript, register_script

    register_script(
        "toy",
        KindScript(
            win="P: 2D AC\nH:",  # the Ace goes home, then the 2
            win_moves=(("P",), ("P",)),
            stalemate="P: 5H 5C\nH:",  # the 5 of clubs goes home: the other 5 cannot
            stalemate_moves=(("P",),),
        ),
    )


_script()
