"""Finish: a game that playing home alone wins, played home a card at a time.

A kind that offers it names the bar button whose place Finish takes
(``GameKind.finish``: the Crescents' Redeal, never needed then). The place shows Finish
while the board says the game can be finished so (``Board.can_finish``: for the
Crescents, every card is face up and the rules' home-only playout wins,
game.games.crescent.finish), and nothing earlier, so it says nothing a player could not
see. Finish (the button, or the F key) plays the cards home one by one, one every
:data:`FINISH_STEP` seconds (at the animation speed; with animations off, every
:data:`REDUCED_FINISH_STEP` seconds with no slide), each with the usual slide and sound
and each an ordinary move: saved, undoable, its last one the win, counted as any win
is. With the Automatic finish setting it starts by itself after the move that made the
game one to finish.

A press on the table or a key stops it where it is (a press on Finish, or F, starts it
again), and so does whatever comes over the table: Undo then takes back the last card
played home, one card a time.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ..games.catalog import GameKind
from ..records.context import Context
from ..rules import PlayedGame
from ..table.layout import Layout
from .base import Scene
from .boards import Board, Effect, Motion

FINISH_STEP = 0.06
"""Seconds between two cards of a finish (each slides as a card played home does), at
the normal animation speed; fast animations take the settings' share of it."""
REDUCED_FINISH_STEP = 0.03
"""With animations off: seconds between two cards, which go home with no slide."""
FINISH = "finish"
"""The name of the Finish button."""


class Table(Protocol):
    """What the finish needs of the play scene."""

    ctx: Context
    kind: GameKind
    game: PlayedGame
    board: Board
    layout: Layout
    motions: list[Motion]

    def apply(self, effect: Effect) -> Scene | None: ...


class Finisher:
    """The finish of one table: whether it is offered, and playing it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.active = False
        """A finish is being played."""
        self._going = False
        """Its first card has gone (before it, the cards of the move before land)."""
        self._wait = 0.0
        """Seconds until its next card."""

    def offered(self) -> bool:
        """Whether the bar shows Finish now."""
        table = self.table
        return table.kind.finish is not None and table.board.can_finish()

    def shown(self, place: str) -> str:
        """The button shown in the bar's place ``place``: Finish in its place while it is
        offered, else the place's own."""
        return FINISH if place == self.table.kind.finish and self.offered() else place

    def start(self) -> bool:
        """Finish: the cards start going home (False when it is not offered)."""
        if not self.offered():
            return False
        if not self.active:
            self.active, self._going, self._wait = True, False, 0.0
        return True

    def step(self) -> float:
        """Seconds between two cards at the animation speed of the settings."""
        settings = self.table.ctx.settings
        return FINISH_STEP * settings.pace if settings.animated else REDUCED_FINISH_STEP

    def resized(self) -> None:
        """The window changed size and the cards in motion landed at once: the next card
        goes a step later (so none is drawn on its way from the old layout)."""
        if self.active and self._going:
            self._wait = self.step()

    def stop(self) -> None:
        """The finish stops where it is (the cards played home stay home)."""
        self.active = False

    def after_move(self) -> None:
        """A move was made: with the Automatic finish setting, a game that can now be
        finished is."""
        if self.table.ctx.settings.auto_finish and self.table.game.outcome is None:
            self.start()

    def update(self, dt: float) -> Scene | None:
        """The next card goes home when its time comes; the scene a move leads to."""
        table = self.table
        if not self.active:
            return None
        if table.game.outcome is not None:
            self.stop()
            return None
        if not self._going:
            if table.motions:  # the cards of the move before land first
                return None
            self._going = True
        self._wait -= dt
        if self._wait > 0:
            return None
        effect = table.board.finish_step(table.layout, table.ctx.settings)
        if effect is None:
            self.stop()
            return None
        if not table.ctx.settings.animated:
            effect = replace(effect, motions=[])  # home at once: no card flies
        self._wait = self.step()
        return table.apply(effect)
