"""A kiosk's attract screen drifts: no bright element stays in one place for hours.

While the current scene is an attract screen (``scene.attract``) in kiosk mode, the loop
is handed a part of the window instead of the whole (:class:`Drift` is its surface): the
window less a margin of :func:`margin` pixels on each side, placed at an offset that
moves a pixel at a time along a slow path (:func:`drift_offset`), a few pixels a minute.
The scene does not know: it is laid out for the smaller size, the loop moves the pointer
events and the changed rectangles by the offset (game.shell.loop), and fills the border
left around it from the scene's own edges (:func:`fill_around`). Each move redraws the
whole window.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .loop import Loop

MARGIN_SHARE = 0.006
"""The margin, as a share of the window's shorter side: 3 px at 800x480, 6 px at
1920x1080 (see :func:`margin`)."""
MIN_MARGIN = 3
"""The least margin in pixels: the picture moves by at least this much either way."""
DRIFT_PX_PER_MINUTE = 2.0
"""How fast the picture drifts across: a pixel every 30 s."""
DRIFT_UP_SHARE = (math.sqrt(5) - 1) / 2
"""How fast it drifts up and down, as a share of :data:`DRIFT_PX_PER_MINUTE` (the golden
ratio's 0.618: never in step with the drift across, so that the path covers the whole
square of offsets over the hours). Together about 3 moves a minute, one every 20 s."""


def margin(size: tuple[int, int]) -> int:
    """The margin around a drifting attract screen in a window of ``size``: the most the
    picture moves from its centre either way."""
    return max(MIN_MARGIN, round(min(size) * MARGIN_SHARE))


def drift_offset(seconds: float, reach: int) -> tuple[int, int]:
    """Where the picture is ``seconds`` into the drift: whole pixels (dx, dy), each
    within ``-reach ... reach``, going to and fro at its own slow pace."""
    across = seconds * DRIFT_PX_PER_MINUTE / 60
    return _to_and_fro(across, reach), _to_and_fro(across * DRIFT_UP_SHARE, reach)


def _to_and_fro(travelled: float, reach: int) -> int:
    """A point that started at 0 going up and turns at ``reach`` and ``-reach``, after
    ``travelled`` pixels: where it is, in whole pixels."""
    if reach <= 0:
        return 0
    step = math.floor(travelled) % (4 * reach)
    if step <= reach:
        return step
    if step <= 3 * reach:
        return 2 * reach - step
    return step - 4 * reach


class Drift:
    """The loop's surface in kiosk mode: the whole window, but for an attract screen the
    part of it where the picture is now (see the module docstring)."""

    def __init__(self, window: Callable[[], pygame.Surface]) -> None:
        """``window``: the window's surface now (game.shell.display: never kept)."""
        self._window = window
        self._loop: Loop | None = None
        self._placed: tuple[int, int] | None = None
        """The offset last handed out (None: the whole window was)."""

    def follow(self, loop: Loop) -> None:
        """Drift by ``loop``'s clock (its simulated time), for its current scene."""
        self._loop = loop

    def __call__(self) -> pygame.Surface:
        """The surface to draw the current scene on: the window, or a part of it."""
        window = self._window()
        loop = self._loop
        if loop is None or not loop.scene.attract:
            self._placed = None
            return window
        width, height = window.get_size()
        reach = margin((width, height))
        if width <= 4 * reach or height <= 4 * reach:
            return window  # a window too small to lose a margin
        offset = drift_offset(loop.sim_time, reach)
        if offset != self._placed:
            self._placed = offset
            loop.scene.invalidate()  # moved: drawn whole at its new place
        left, top = reach + offset[0], reach + offset[1]
        return window.subsurface((left, top, width - 2 * reach, height - 2 * reach))


def fill_around(window: pygame.Surface, inner: pygame.Rect) -> None:
    """Fill the window around ``inner`` (the part a scene was drawn in) with the scene's
    own edges drawn out to the window's: the border takes the colours beside it."""
    width, height = window.get_size()
    if inner.top > 0:
        row = window.subsurface((inner.left, inner.top, inner.width, 1))
        window.blit(pygame.transform.scale(row, (inner.width, inner.top)), (inner.left, 0))
    if inner.bottom < height:
        row = window.subsurface((inner.left, inner.bottom - 1, inner.width, 1))
        below = (inner.width, height - inner.bottom)
        window.blit(pygame.transform.scale(row, below), (inner.left, inner.bottom))
    if inner.left > 0:
        column = window.subsurface((inner.left, 0, 1, height))
        window.blit(pygame.transform.scale(column, (inner.left, height)), (0, 0))
    if inner.right < width:
        column = window.subsurface((inner.right - 1, 0, 1, height))
        right = (width - inner.right, height)
        window.blit(pygame.transform.scale(column, right), (inner.right, 0))
