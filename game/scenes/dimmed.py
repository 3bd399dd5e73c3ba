"""A kiosk's attract screen, dimmed after long without a touch (``dim_after_minutes``).

:class:`DimmedScene` covers the attract screen: it draws it once, still, and darkens the
whole of it, so that a screen nobody watches neither glows nor keeps the loop busy (it
redraws only when the picture drifts, game.shell.drift). The kiosk's guard brings it
(game.scenes.kiosk), and takes it away at the first touch or key, which does nothing
else: the touch that wakes the screen deals no game.
"""

from __future__ import annotations

import pygame

from .base import Context, Scene

DIM_SHADE = 72
"""What every colour is multiplied by, out of 256, while dimmed: a little over a quarter
of the brightness, dark but still readable."""


class DimmedScene(Scene):
    """An attract screen, still and darkened, until it is woken (see the module docstring)."""

    def __init__(self, ctx: Context, under: Scene) -> None:
        super().__init__(ctx)
        self.under = under
        """The attract screen dimmed, shown again on waking."""

    @property
    def attract(self) -> bool:
        """Still an attract screen: the kiosk is waiting for a player."""
        return True

    def enter(self, size: tuple[int, int]) -> None:
        super().enter(size)
        self.under.enter(size)

    def invalidate(self) -> None:
        super().invalidate()
        self.under.invalidate()

    def window_title(self) -> str:
        return self.under.window_title()

    def wake(self) -> Scene:
        """Somebody touched the screen: the attract screen as it was, bright again."""
        self.under.invalidate()
        return self.under

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """The attract screen drawn whole as it stood when dimmed, then darkened."""
        self.under.invalidate()
        self.under.draw(surface, 0.0)
        self.under.dirty = False
        surface.fill((DIM_SHADE, DIM_SHADE, DIM_SHADE), special_flags=pygame.BLEND_MULT)
        return None
