"""What every scene is, and the context the scenes share."""

from __future__ import annotations

import pygame

from .. import ui
from ..context import Context

__all__ = ["ButtonScene", "Context", "Quit", "Scene", "pointer_position"]

MAX_REST = 0.5
"""The longest idle sleep: timers and countdowns stay within half a second."""
NOTICE_REST = 0.1
"""The idle sleep while a notice shows (it fades out during its last second)."""


class Scene:
    """A screen of the game. Handlers return the next scene, or None to stay."""

    #: True while something moves: the loop then runs at full rate.
    animating: bool = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.size = (0, 0)
        self.dirty = True

    def enter(self, size: tuple[int, int]) -> None:
        """Called when the scene becomes current (and again after a resize)."""
        self.size = size
        self.dirty = True

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        """React to one input event; return the next scene or None."""
        return None

    def rest_for(self) -> float:
        """Seconds the idle loop may sleep before this scene shows a change by itself
        (input wakes the loop at once wherever it can; see game.waiter)."""
        return NOTICE_REST if self.ctx.notice is not None else MAX_REST

    def update(self, dt: float) -> Scene | None:
        """Advance by one fixed step of ``dt`` seconds; return the next scene or None.

        Scenes that override it call it too: it shows the shared notices.
        """
        showing = self.ctx.notice is not None
        if self.ctx.update_notice(dt):
            self.dirty = True
        elif showing:
            self.invalidate()  # the notice is gone: repaint what it covered
        return None

    def overlay(self, surface: pygame.Surface) -> bool:
        """Draw what shows over every scene (a notice); True if anything was drawn."""
        if self.ctx.notice is None:
            return False
        ui.draw_notice(surface, *self.ctx.notice)
        return True

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw; return the rectangles that changed, or None for the whole surface."""
        return None

    def invalidate(self) -> None:
        """Draw everything next time (something was drawn over this scene)."""
        self.dirty = True

    def needs_draw(self) -> bool:
        """Whether anything visible changed since the last draw."""
        return self.dirty or self.animating


class ButtonScene(Scene):
    """A scene driven by named buttons: a press on one chooses it, Enter or Space chooses
    the default button, Esc goes back, and other keys go to :meth:`key`."""

    def button_rects(self) -> dict[str, pygame.Rect]:
        """Each button's rectangle, by key."""
        return {}

    def default(self) -> str | None:
        """The button Enter and Space choose, if any."""
        return None

    def choose(self, key: str) -> Scene | None:
        """What a button does."""
        return None

    def back(self) -> Scene | None:
        """Esc."""
        return None

    def key(self, event: pygame.event.Event) -> Scene | None:
        """Any other key."""
        return None

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        pos = pointer_position(event, self.size)
        if pos is not None:
            for key, rect in self.button_rects().items():
                if rect.collidepoint(pos):
                    self.dirty = True
                    return self.choose(key)
        elif event.type == pygame.KEYDOWN:
            self.dirty = True
            if event.key == pygame.K_ESCAPE:
                return self.back()
            default = self.default()
            if default is not None and event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_SPACE,
            ):
                return self.choose(default)
            return self.key(event)
        elif event.type == pygame.WINDOWEXPOSED:
            self.dirty = True
        return None


class Quit(Scene):
    """Returned by a scene to end the program."""


def pointer_position(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int] | None:
    """Where a press happened, for a mouse click or a finger; None for anything else.

    SDL also turns each touch into a mouse click marked ``touch``: those are ignored, so
    a finger counts once.
    """
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        if getattr(event, "touch", False):
            return None
        return (int(event.pos[0]), int(event.pos[1]))
    if event.type == pygame.FINGERDOWN:
        return (int(event.x * size[0]), int(event.y * size[1]))
    return None
