"""The table's idle work, done in steps that show nothing.

After a resize, once the size holds, the cards scaled at the resize are rendered crisp a
little at a time; after a move or a resize, the tiles and faces the next tap may need are
prepared ahead, a little at a time; and what the rendering left over goes back to the
system (game.platform.memory). The play scene (game.scenes.play) runs one
:class:`IdleWork` step in each of its steps in which nothing moves and nothing is to be
drawn.
"""

from __future__ import annotations

import time

from ..platform import memory
from ..records.context import Context
from ..rules import PlayedGame
from ..table.layout import Layout
from .boards import Board
from .table_view import TableView

REFINE_AFTER = 0.15
"""Seconds a window size holds before the cards scaled at a resize are rendered crisp (a
window edge being dragged is not slowed by renders it would throw away)."""
REFINE_SECONDS = 0.008
"""Time an idle step may spend rendering scaled cards crisp (all of a 4K table's in less
than half a second)."""
WARM_SECONDS = 0.002
"""Time an idle step may spend preparing tiles and faces for the next tap (a few tiles at
4K, so a table is ready about half a second after a move or a resize)."""


class IdleWork:
    """The idle work of one table: its game, board and view."""

    def __init__(self, ctx: Context, game: PlayedGame, board: Board, view: TableView) -> None:
        self.ctx = ctx
        self.game = game
        self.board = board
        self.view = view
        self._resized_at = 0.0
        """The scene's clock at the last resize."""
        self._warmed: tuple[object, ...] | None = None
        """What the tiles were last made ready for (None: since the start or a resize)."""

    def resized(self, clock: float) -> None:
        """The window changed size at the scene's ``clock``: the tiles and faces are gone,
        and the cards are scaled until they are rendered crisp."""
        self._resized_at = clock
        self._warmed = None

    def step(self, layout: Layout, clock: float) -> bool:
        """One idle step at the scene's ``clock``; True when the crisp cards are ready and
        the table is to be drawn anew."""
        self._warm(layout)
        return self._refine(clock)

    def _refine(self, clock: float) -> bool:
        """Once the size has held for :data:`REFINE_AFTER` s, render the cards scaled at
        the resize crisp, :data:`REFINE_SECONDS` a step; True when they all are."""
        art = self.ctx.art
        if not art.refining or clock - self._resized_at < REFINE_AFTER:
            return False
        if not art.refine(REFINE_SECONDS):
            return False
        self.view.reset()
        self._warmed = None
        memory.give_back()  # the earlier size's pictures are freed
        return True  # the crisp cards are shown in this step

    def _warm(self, layout: Layout) -> None:
        """Prepare what the next tap may need, for up to :data:`WARM_SECONDS` per idle
        step: tiles of the looks on the table and of those the board expects next. Once
        all is ready for this position, nothing more is looked at until the position, the
        size or the settings change."""
        settings = self.ctx.settings
        key = (
            layout.size,
            settings.four_colour,
            settings.placement_aid,
            (settings.deck, settings.card_back, settings.table_colour),
            self.game.table,
        )
        if key == self._warmed:
            return
        self.view.tiles.felt(layout).prepare()
        deadline = time.perf_counter() + WARM_SECONDS
        # The looks on the table first: a full repaint paints its slots without tiles.
        now = list(self.board.looks(layout, settings, {}).items())
        looks = [*now, *self.board.future_looks(layout, settings)]
        tiles = self.view.tiles
        for name, look in looks:
            if not tiles.has(name, look):
                tiles.tile(layout, name, look, self.ctx.art)
                if time.perf_counter() > deadline:
                    return
        tiles.forget_except(looks)
        if self._warmed is None:  # the first time since the start or a resize: what the
            memory.give_back()  # rendering of the table left over goes back (1-2 MB)
        self._warmed = key
