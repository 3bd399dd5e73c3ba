"""What every scene is, and the context the scenes share."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..look import theme, ui
from ..look.i18n import N_, _
from ..platform.event_times import moment_of
from ..records.context import Context

__all__ = [
    "APP_NAME",
    "REPAINT_EVENTS",
    "ButtonScene",
    "Context",
    "Pointer",
    "Quit",
    "Scene",
    "pointer",
    "pointer_position",
    "table_title",
]

REPAINT_EVENTS = frozenset(
    {
        pygame.WINDOWEXPOSED,
        pygame.WINDOWRESTORED,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWSHOWN,
        pygame.VIDEOEXPOSE,
    }
)
"""Events after which the window's content may be gone (another window covered it, the
window was hidden or minimised): the loop repaints all of it, in every scene. On X11
without a compositor nobody else keeps what was under another window."""
APP_NAME = N_("Half Moon")
"""The app's name (untranslated): the window's title away from a table."""
MAX_REST = 0.5
"""The longest idle sleep: timers and countdowns stay within half a second."""
NOTICE_REST = 0.1
"""The idle sleep while a notice shows (it fades out during its last second)."""


def table_title(game: str) -> str:
    """The window's title over a table of the game named ``game`` (untranslated): the
    game and the app ("Crescent — Half Moon"), the app alone where they are one name."""
    name, app = _(game), _(APP_NAME)
    return app if name == app else _("{game} — {app}").format(game=name, app=app)


class Scene:
    """A screen of the game. Handlers return the next scene, or None to stay."""

    operator = False
    """True for a kiosk operator's screens (the keypad, the usage summary): the
    operator's chord over one of them opens no second."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.size = (0, 0)
        self.dirty = True

    @property
    def animating(self) -> bool:
        """True while something moves: the loop then runs at full rate."""
        return False

    @property
    def attract(self) -> bool:
        """True for a kiosk's attract screen: it is waiting for a player already."""
        return False

    def enter(self, size: tuple[int, int]) -> None:
        """Called when the scene becomes current (and again after a resize)."""
        self.size = size
        self.dirty = True

    def leave(self) -> None:
        """Called when another scene becomes current instead of this one."""

    def window_title(self) -> str:
        """The window's title while this scene shows (translated): the app's name; a
        table names its game (the loop sets it: game.shell.loop)."""
        return _(APP_NAME)

    def let_go(self) -> bool:
        """A question is about to come over this scene by itself (a kiosk's "Still
        playing?"): what the pointer holds is let go. True while it is still settling (a
        card carried flies back): the question waits for it."""
        return False

    def cover(self, make: Callable[[], Scene | None]) -> Scene | None:
        """The scene ``make`` makes is to come over this one (a question, the menu, the
        operator's keypad): here it comes at once. A table carrying a card lets go first,
        and the scene comes from its :meth:`update` once the card has flown back (None
        until then)."""
        return make()

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        """React to one input event; return the next scene or None."""
        return None

    def came(self, ahead: float) -> None:
        """The scene came from an input (a handler returned it), taken ``ahead`` seconds
        of the frame before the clock's present: time that the frame's updates still
        count, though it passed before the scene came (see game.platform.event_times)."""

    def rest_for(self) -> float:
        """Seconds the idle loop may sleep before this scene shows a change by itself
        (input wakes the loop at once wherever it can; see game.platform.x11)."""
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
        ui.draw_notice(surface, *self.ctx.notice, box=self.notice_area())
        return True

    def notice_area(self) -> pygame.Rect | None:
        """Where a notice goes in this scene (None: a banner along the top)."""
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        """Draw; return the rectangles that changed, or None for the whole surface."""
        return None

    @property
    def palette(self) -> theme.Palette:
        """The colours of the table colour chosen (Settings: Table colour), which every
        screen is drawn in."""
        return theme.palette(self.ctx.settings.table_colour)

    def invalidate(self) -> None:
        """Draw everything next time (something was drawn over this scene)."""
        self.dirty = True

    def needs_draw(self) -> bool:
        """Whether anything visible changed since the last draw."""
        return self.dirty or self.animating


class ButtonScene(Scene):
    """A scene driven by named buttons, as buttons work everywhere: a press marks the
    button pressed, the release on the same button chooses it, the mouse over a button
    lights it; Enter or Space choose the default button, Esc goes back, and other keys go
    to :meth:`key`.

    A scene that appears by itself under a moving finger (a panel, a dialog) sets
    :attr:`GUARD`: it takes no press made within that long after it appeared, so the second
    tap of a fast double tap does not land on its buttons (judged by when the press and the
    input that brought the scene came, not by when a frame handled them).
    """

    GUARD = 0.0
    """Seconds after the scene appears during which presses are ignored."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.age = 0.0
        """Seconds since the scene was made (counted in fixed steps; from the input that
        made it, see :meth:`came`)."""
        self._pressed: str | None = None
        self._hover: str | None = None
        self.focus: str | None = None
        """The button the keyboard is on (None until a key moves it there)."""

    def came(self, ahead: float) -> None:
        if self.age <= 0.0:  # made by the input: its age counts from the input
            self.age = -ahead

    def update(self, dt: float) -> Scene | None:
        self.age += dt
        return super().update(dt)

    def button_rects(self) -> dict[str, pygame.Rect]:
        """Each button's rectangle, by key."""
        return {}

    def enabled(self, key: str) -> bool:
        """Whether button ``key`` can be chosen: a disabled one keeps its place, drawn
        dim, and takes no press and no keyboard focus."""
        return True

    def keyboard_focus(self) -> str | None:
        """The button the keyboard is on, if it is on one shown (a screen reader's focus
        follows it)."""
        return self.focus if self.focus in self.button_rects() else None

    def focus_on(self, key: str) -> None:
        """Put the keyboard's focus on button ``key`` (a screen reader moved there)."""
        if key in self.button_rects():
            self.focus = key
            self.dirty = True

    def button_state(self, key: str) -> str | None:
        """``"pressed"`` while a press on the button is held, ``"hover"`` under the mouse."""
        if key == self._pressed:
            return "pressed"
        return "hover" if key == self._hover and self._pressed is None else None

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

    def button_at(self, pos: tuple[int, int]) -> str | None:
        """The button under ``pos``, if any."""
        for key, rect in self.button_rects().items():
            if rect.collidepoint(pos):
                return key
        return None

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        touch = pointer(event, self.size)
        if touch is not None:
            if touch.kind == "down" and moment_of(event, self.age).clock < self.GUARD:
                return None  # too soon after the scene came, by when the press came
            return self.pointer(touch)
        if event.type == pygame.KEYDOWN:
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
        return None

    def pointer(self, touch: Pointer) -> Scene | None:
        """A press, a release or a move of the mouse or a finger."""
        key = self.button_at(touch.pos)
        if touch.kind == "move":
            if not touch.finger and key != self._hover:
                self._hover = key
                self.dirty = True
            return None
        if touch.kind == "down":
            self._pressed = key
            self.dirty = True
            return None
        pressed, self._pressed = self._pressed, None
        if pressed is None:
            return None
        self.dirty = True
        return self.choose(pressed) if key == pressed else None


class Pointer:
    """A mouse or finger event reduced to what buttons need."""

    __slots__ = ("finger", "kind", "pos")

    def __init__(self, kind: str, pos: tuple[int, int], finger: bool) -> None:
        self.kind = kind
        """``"down"``, ``"up"`` or ``"move"``."""
        self.pos = pos
        """Where, in window pixels."""
        self.finger = finger
        """True for a touch, False for the mouse."""


def pointer(event: pygame.event.Event, size: tuple[int, int]) -> Pointer | None:
    """The press, release or move of ``event`` (left mouse button or a finger), else None.

    SDL also turns each touch into mouse events marked ``touch``: those are ignored, so
    a finger counts once.
    """
    kind = _POINTER_KINDS.get(event.type)
    if kind is None:
        return None
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        return Pointer(kind, (int(event.x * size[0]), int(event.y * size[1])), True)
    if getattr(event, "touch", False):
        return None
    if kind != "move" and getattr(event, "button", 1) != 1:
        return None
    return Pointer(kind, (int(event.pos[0]), int(event.pos[1])), False)


_POINTER_KINDS = {
    pygame.MOUSEBUTTONDOWN: "down",
    pygame.MOUSEBUTTONUP: "up",
    pygame.MOUSEMOTION: "move",
    pygame.FINGERDOWN: "down",
    pygame.FINGERUP: "up",
    pygame.FINGERMOTION: "move",
}


class Quit(Scene):
    """Returned by a scene to end the program."""


def pointer_position(event: pygame.event.Event, size: tuple[int, int]) -> tuple[int, int] | None:
    """Where a press happened, for a mouse click or a finger; None for anything else."""
    touch = pointer(event, size)
    return touch.pos if touch is not None and touch.kind == "down" else None
