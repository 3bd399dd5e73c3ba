"""The pointer on the table: a press, a drag, a tap and a double tap.

A press on a card acts at once or, where the board lets the card be carried, when it is
released: a press that travels :data:`DRAG_START` pixels first carries the card, and the
board says where it lands or that it flies back. Where the board taps at once, the press
taps the card at once, and a press that travels then carries it all the same. A press on
a bar button acts when it is released over the same button. A second tap on the same
card soon after the first sends it home (Crescent): soon after by when the taps were
made, as their events are stamped (game.platform.event_times), not by when a frame
happened to handle them. :class:`Gestures` keeps the
pointer's state for one table; the play scene (game.scenes.play) hands it the mouse and
the fingers, and it hands back to the scene what they come to: a tap, a button, or the
board's effect of a drop.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ..platform.event_times import Moment
from ..records.context import Context
from ..rules import PlayedGame
from ..table.layout import Layout
from .base import Scene
from .boards import Board, Effect
from .table_view import TableView

DOUBLE_TAP_SECONDS = 0.4
"""A second tap on the same card within this long sends it home (Crescent)."""
DRAG_START = 6
"""Pixels a press must travel before it carries the card."""


def scaled(point: tuple[int, int], was: tuple[int, int], now: tuple[int, int]) -> tuple[int, int]:
    """The same place of a window resized from ``was`` to ``now``."""
    return (point[0] * now[0] // max(1, was[0]), point[1] * now[1] // max(1, was[1]))


class Table(Protocol):
    """What the gestures need of the play scene."""

    ctx: Context
    game: PlayedGame
    board: Board
    layout: Layout
    view: TableView
    focus: str | None
    dirty: bool
    clock: float
    """Seconds the scene has run."""

    def tap(self, slot: str) -> Scene | None: ...
    def button(self, name: str) -> Scene | None: ...
    def apply(self, effect: Effect) -> Scene | None: ...
    def copy_code(self) -> None: ...


class Gestures:
    """The pointer's state on one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.carry: tuple[str, pygame.Rect, tuple[int, int]] | None = None
        """A card carried: its slot, where it is drawn, and where it was taken."""
        self.pressed: str | None = None
        """The bar button held down (it acts when released over it)."""
        self.hover: str | None = None
        """The bar button under the mouse."""
        self._press: tuple[str, tuple[int, int], bool] | None = None
        """A press on a card not yet a drag (nor a tap, unless it tapped at once): its slot,
        where it was, and whether it tapped already."""
        self.relayout = False
        self._unlifted = False
        """A card was carried when the window changed size, the pointer not yet lifted."""
        """The table was laid out, a card held, in the arrangement it was in (no arc turns
        to a grid under the pointer): to be laid out afresh once the card is let go."""
        self._last_tap: tuple[str, Moment | None, bool] = ("", None, False)
        """The last tap's slot, when, and whether it moved a card (for double taps)."""
        self.now: Moment | None = None
        """When the input being handled happened (the scene sets it for each event);
        None: a tap made otherwise, dated now on the scene's clock."""

    def press(self, pos: tuple[int, int]) -> Scene | None:
        """A click or a touch at ``pos``: a card acts at once (or, where it may be
        carried, on release), a button when released."""
        table = self.table
        table.dirty = True
        button = table.layout.hit_button(pos)
        if button is not None:
            self.pressed = button
            return None
        if table.view.code_rect.collidepoint(pos):
            table.copy_code()
            return None
        slot = table.layout.hit_slot(pos)
        if slot is None:
            table.board.clear()
            return None
        table.focus = None
        board = table.board
        if board.drags and board.taps_on_release(slot):
            at_once = board.taps_at_once
            self._press = (slot, pos, at_once)  # a tap (now or on release), or a drag
            return table.tap(slot) if at_once else None
        return table.tap(slot)

    def moved(self, pos: tuple[int, int], finger: bool) -> None:
        """The mouse or a finger moved: a carried card follows it."""
        if self.carry is not None:
            slot, rect, grab = self.carry
            self.carry = (slot, pygame.Rect((pos[0] - grab[0], pos[1] - grab[1]), rect.size), grab)
            return
        if self._press is not None:
            slot, start, _tapped = self._press
            if max(abs(pos[0] - start[0]), abs(pos[1] - start[1])) >= DRAG_START:
                self._start_carry(slot, start, pos)
            return
        if not finger:
            button = self.table.layout.hit_button(pos)
            if button != self.hover:
                self.hover = button
                self.table.dirty = True

    def _start_carry(self, slot: str, start: tuple[int, int], pos: tuple[int, int]) -> None:
        self._press = None
        table = self.table
        if table.game.outcome is not None or not table.board.pick(slot):
            return
        rect = table.board.top_rect(table.layout, slot)
        grab = (start[0] - rect.x, start[1] - rect.y)
        self.carry = (slot, pygame.Rect((pos[0] - grab[0], pos[1] - grab[1]), rect.size), grab)

    def release(self, pos: tuple[int, int]) -> Scene | None:
        """The mouse button or the finger lifted at ``pos``."""
        table = self.table
        self._unlifted = False
        if self.carry is not None:
            slot, rect, _grab = self.carry
            self.carry = None
            return table.apply(table.board.drop(slot, rect, table.layout, table.ctx.settings))
        if self._press is not None:
            slot, _start, tapped = self._press
            self._press = None
            return None if tapped else table.tap(slot)
        pressed, self.pressed = self.pressed, None
        if pressed is None:
            return None
        table.dirty = True
        return table.button(pressed) if table.layout.hit_button(pos) == pressed else None

    def put_back(self, was: tuple[int, int] | None = None) -> None:
        """A carried card flies back where it was taken (the window lost the focus or
        changed size from ``was``, the game moved on): the board ends the drag."""
        if self.carry is None:
            return
        slot, rect, _grab = self.carry
        self.carry = None
        table = self.table
        if was is not None:  # from the same place of the window, at the new size
            rect = pygame.Rect(scaled(rect.topleft, was, table.layout.size), table.layout.card)
        table.apply(table.board.put_back(slot, rect, table.layout, table.ctx.settings))

    def let_go(self) -> None:
        """The table is about to be covered (a kiosk's question): a carried card flies
        back, and a press or a button held comes to nothing when it is lifted."""
        self._press = None
        self.pressed = None
        self._unlifted = False
        self.put_back()

    @property
    def holding(self) -> bool:
        """Whether a card is carried, or pressed and may be, or was carried when the
        window changed size and the pointer is not lifted yet."""
        return self.carry is not None or self._press is not None or self._unlifted

    def resized(self, was: tuple[int, int], now: tuple[int, int]) -> None:
        """The window changed size (the table is laid out for ``now`` already): a press
        not yet a drag stays at the same place, scaled; a drag ends, its card flies back."""
        if self._press is not None:
            slot, start, tapped = self._press
            self._press = (slot, scaled(start, was, now), tapped)
        self._unlifted = self._unlifted or self.carry is not None
        self.put_back(was)

    def input_ahead(self) -> float:
        """How far ahead of the scene's clock the input being handled came (0 outside
        input): the frame's time not yet simulated, which passed before it. What the
        input starts starts then, not aged by that time."""
        return 0.0 if self.now is None else max(0.0, self.now.clock - self.table.clock)

    def tap_effect(self, slot: str) -> Effect | None:
        """What a tap on ``slot`` does, by the board: a tap, or with a second tap on the
        same card within :data:`DOUBLE_TAP_SECONDS`, the card sent home (None when the
        first tap made the double tap's one move already)."""
        table = self.table
        board, layout, settings = table.board, table.layout, table.ctx.settings
        now = self.now or Moment(table.clock)
        last_slot, when, moved = self._last_tap
        if (
            board.double_taps
            and last_slot == slot
            and when is not None
            and now.since(when) < DOUBLE_TAP_SECONDS
        ):
            if moved:  # the first tap made the double tap's one move (a one-tap move)
                self._last_tap = ("", None, False)
                return None
            home = board.home(slot, layout, settings)
            if home is not None:
                self._last_tap = ("", None, False)
                return home
        begun = bool(board.selected())  # a card picked up by an earlier tap
        effect = board.tap(slot, layout, settings)
        # A tap that put a picked-up card down on ``slot`` starts no double tap there.
        self._last_tap = ("", None, False) if begun and effect.moved else (slot, now, effect.moved)
        return effect
