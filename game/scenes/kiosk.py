"""Kiosk mode in the loop: nobody but the operator leaves, and an idle table resets itself.

:class:`KioskGuard` gives the loop two hooks: ``on_event`` sees every event first (it
swallows window close, Alt+F4 and F11, and knows the operator's chord) and ``on_step``
counts the time without input on the loop's own clock; an attract screen left untouched
for ``dim_after_minutes`` dims (game.scenes.dimmed) until the next touch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from ..games.catalog import kind_by_key
from ..look import theme, ui
from ..look.i18n import N_, _
from ..records.kiosk import PIN_DIGITS, KioskConfig, KioskConfigError
from .base import Context, Quit, Scene, pointer_position
from .dialogs import Dialog
from .dimmed import DimmedScene
from .examples_page import ExamplesScene

PIN_TRIES = 5
"""Wrong PINs in a row before the keypad makes the operator wait."""
PIN_WAIT_SECONDS = 30.0
"""How long the keypad takes no PIN after :data:`PIN_TRIES` wrong ones."""

INPUT_EVENTS = frozenset(
    {
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.FINGERDOWN,
        pygame.FINGERUP,
        pygame.FINGERMOTION,
        pygame.KEYDOWN,
        pygame.TEXTINPUT,
    }
)
"""Events that show somebody is at the screen."""

_MODIFIER_MASKS = {"ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT, "shift": pygame.KMOD_SHIFT}


@dataclass
class PinTries:
    """Wrong PINs typed in a row, and the wait they earned (kept while the pad is shut)."""

    wrong: int = 0
    wait: float = 0.0
    """Seconds before the keypad takes a PIN again."""

    def missed(self) -> None:
        """A wrong PIN: the fifth in a row makes the keypad wait."""
        self.wrong += 1
        if self.wrong >= PIN_TRIES:
            self.wrong, self.wait = 0, PIN_WAIT_SECONDS

    def tick(self, dt: float) -> None:
        """Time passes (every fixed step of the loop)."""
        self.wait = max(0.0, self.wait - dt)


class KioskFlow(Protocol):
    """What kiosk mode asks of the scene graph (game.scenes.flow.Flow)."""

    def title(self) -> Scene: ...
    def attract(self) -> Scene: ...
    def still_playing(self, under: Scene, seconds: float) -> Scene: ...
    def operator_pin(self, under: Scene, pin: str, tries: PinTries) -> Scene: ...
    def operator_menu(self, under: Scene) -> Scene: ...


class KioskGuard:
    """The loop's hooks in kiosk mode."""

    def __init__(self, ctx: Context, config: KioskConfig, flow: KioskFlow) -> None:
        self.ctx = ctx
        self.config = config
        self.flow = flow
        modifiers, key = config.chord()
        try:
            self.chord_key = pygame.key.key_code(key)
        except ValueError:
            raise KioskConfigError(
                f"{config.source}: exit_chord: {key!r} is not a key name"
            ) from None
        self.chord_mods = [_MODIFIER_MASKS[m] for m in modifiers]
        self.idle = 0.0
        """Seconds since the last input, counted in fixed steps of the loop."""
        self.unwatched = 0.0
        """Seconds an attract screen has shown since the last input (it dims after
        ``dim_after_minutes``)."""
        self.pin_tries = PinTries()

    def on_event(self, event: pygame.event.Event, scene: Scene) -> Scene | None:
        """Swallow the ways out; return the current scene for a swallowed event."""
        if event.type in INPUT_EVENTS:
            self.idle = self.unwatched = 0.0
        if event.type == pygame.QUIT:
            return scene  # window close (and Alt+F4 through the window manager)
        if event.type == pygame.KEYDOWN:
            mods = event.mod
            if event.key == pygame.K_F4 and mods & pygame.KMOD_ALT:
                return scene
            if event.key == pygame.K_F11:
                return scene  # stays fullscreen
            if event.key == self.chord_key and all(mods & mask for mask in self.chord_mods):
                if scene.operator:
                    return scene  # the operator's screen is open already
                if self.config.exit_pin:  # over a table, once a card carried flew back
                    pin, tries = self.config.exit_pin, self.pin_tries
                    return scene.cover(lambda: self.flow.operator_pin(scene, pin, tries)) or scene
                return scene.cover(lambda: self.flow.operator_menu(scene)) or scene
        if event.type in INPUT_EVENTS and isinstance(scene, DimmedScene):
            return scene.wake()  # the touch that wakes the screen does nothing else
        return None

    def on_step(self, dt: float, scene: Scene) -> Scene | None:
        """Count idle time; when it runs out, ask "Still playing?" (a card held flies
        back first, and the question comes as it lands)."""
        self.pin_tries.tick(dt)
        self.idle += dt
        self.unwatched = self.unwatched + dt if scene.attract else 0.0
        dim_after = self.config.dim_after_minutes * 60
        if dim_after and self.unwatched >= dim_after and not isinstance(scene, DimmedScene):
            return DimmedScene(self.ctx, scene)
        if self.idle < self.config.idle_seconds or isinstance(scene, StillPlayingScene):
            return None
        if scene.attract:
            self.idle = 0.0  # already waiting for the next player, with the kiosk's look
            if end_visit(self.ctx):
                scene.invalidate()
            if self.config.attract and not isinstance(scene, (ExamplesScene, DimmedScene)):
                return self.flow.attract()  # the title left idle: the example's loop again
            return None
        if scene.let_go():
            return None  # a card held flies back first: the question comes as it lands
        self.idle = 0.0
        return self.flow.still_playing(scene, self.config.countdown_seconds)


def end_visit(ctx: Context) -> bool:
    """The visitor has gone: the settings they changed (allow_settings), the language and
    the game they chose are the kiosk's own again, and in effect; whether any had changed."""
    if not ctx.settings.end_visit():
        return False
    ctx.choose(kind_by_key(ctx.settings.game))
    ctx.apply_settings()
    ctx.art.clear()
    return True


class StillPlayingScene(Dialog):
    """ "Still playing?" over the current screen, counting down to the title."""

    title = N_("Still playing?")
    actions = (("keep", N_("Keep playing")),)

    def __init__(self, ctx: Context, flow: KioskFlow, under: Scene, seconds: float) -> None:
        super().__init__(ctx, under)
        self.flow = flow
        self.remaining = seconds

    def big(self) -> str:
        return str(max(0, int(self.remaining + 0.999)))

    def lines(self) -> list[str]:
        return [_("Touch the screen to keep playing; at 0 the game goes back to the start.")]

    def choose(self, key: str) -> Scene | None:
        self.under.invalidate()
        return self.under

    def back(self) -> Scene | None:
        return self.choose("keep")

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        if event.type in INPUT_EVENTS and event.type not in (pygame.MOUSEBUTTONUP, pygame.FINGERUP):
            return self.choose("keep")  # any touch or key: somebody is there
        return None

    def rest_for(self) -> float:
        """Until just after the countdown's next second."""
        return min(super().rest_for(), self.remaining % 1.0 + 0.02)

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        shown = self.big()
        self.remaining -= dt
        if self.big() != shown:
            self.dirty = True
        if self.remaining > 0:
            return None
        self.ctx.idle_reset()  # the next player continues nobody's game, of any kind
        end_visit(self.ctx)  # nor sees this one's settings
        return self.flow.attract()


class PinScene(Scene):
    """The operator's keypad: the right PIN opens the operator's screen (``then``: the
    flow's), or without one ends the program."""

    operator = True

    KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "ok")

    def __init__(
        self,
        ctx: Context,
        under: Scene,
        pin: str,
        tries: PinTries | None = None,
        then: Callable[[], Scene] | None = None,
    ) -> None:
        super().__init__(ctx)
        self.then = then
        self.under = under
        self.pin = pin
        self.typed = ""
        self.wrong = False
        self.tries = tries if tries is not None else PinTries()
        self._shown_wait = -1

    def rest_for(self) -> float:
        """Until the wait's next second, while the keypad waits."""
        seconds = super().rest_for()
        return min(seconds, self.tries.wait % 1.0 + 0.02) if self.tries.wait else seconds

    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        if int(self.tries.wait + 0.999) != self._shown_wait:
            self._shown_wait = int(self.tries.wait + 0.999)
            self.dirty = True
        return None

    def geometry(self) -> tuple[int, pygame.Rect, pygame.Rect]:
        """The key size, the title's band and the field that shows the digits typed:
        the title along the top as on every screen, the field and the pad under it."""
        width, height = self.size
        unit = max(18, min(height // 9, width // 5))
        margin = max(6, unit // 3)
        title = pygame.Rect(0, margin, width, round(unit * 1.2))
        gap = unit // 5
        field = pygame.Rect(0, 0, 3 * unit + 2 * gap, round(unit * 0.8))
        block = field.height + gap * 2 + 5 * unit + 4 * gap
        room = height - title.bottom - margin
        field.midtop = (width // 2, title.bottom + max(0, (room - block) // 2))
        return unit, title, field

    def notice_area(self) -> pygame.Rect | None:
        """While a notice shows, the title's band, as on every screen (the keypad fills
        the rest)."""
        if self.ctx.notice is None:
            return None
        unit, title, _field = self.geometry()
        return title.inflate(-unit // 2, 0)

    def buttons(self) -> dict[str, pygame.Rect]:
        """The keypad's keys and Cancel."""
        unit, _title, field = self.geometry()
        gap = unit // 5
        pad_w = 3 * unit + 2 * gap
        left = field.left
        top = field.bottom + gap * 2
        rects = {}
        for index, key in enumerate(self.KEYS):
            row, col = divmod(index, 3)
            rects[key] = pygame.Rect(
                left + col * (unit + gap), top + row * (unit + gap), unit, unit
            )
        rects["cancel"] = pygame.Rect(left, top + 4 * (unit + gap), pad_w, unit)
        return rects

    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        pos = pointer_position(event, self.size)
        if pos is not None:
            for key, rect in self.buttons().items():
                if rect.collidepoint(pos):
                    return self.press(key)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.press("cancel")
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.press("ok")
            if event.key == pygame.K_BACKSPACE:
                return self.press("clear")  # the last digit goes
            if event.unicode and event.unicode in PIN_DIGITS:
                return self.press(event.unicode)
        return None

    def press(self, key: str) -> Scene | None:
        """One key of the keypad."""
        self.dirty = True
        if key == "cancel":
            self.under.dirty = True
            return self.under
        if self.tries.wait > 0:
            return None  # too many wrong PINs: the keypad waits
        if key == "clear":
            self.typed = self.typed[:-1]
        elif key == "ok":
            if self.typed == self.pin:
                return self.then() if self.then is not None else Quit(self.ctx)
            self.wrong, self.typed = True, ""
            self.tries.missed()
        elif len(self.typed) < 12:
            self.typed += key
            self.wrong = False
        return None

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        surface.fill(self.palette.dark)
        unit, title, field = self.geometry()
        buttons = self.buttons()
        label = _("Wrong PIN") if self.wrong else _("Operator PIN")
        if self.tries.wait > 0:
            label = _("Too many wrong PINs: wait {seconds} s").format(seconds=self._shown_wait)
        px = ui.fit_px(label, int(unit * 0.6), self.size[0] - unit // 2, bold=True)
        colour = theme.ACCENT if self.wrong or self.tries.wait > 0 else theme.TEXT
        if self.notice_area() is None:  # (a notice takes the title's place while it shows)
            ui.draw_text(surface, label, px, colour, bold=True, center=title.center)
        ui.rounded_rect(surface, theme.PANEL, field, unit // 5)
        if self.typed:
            dots = "\u25cf " * len(self.typed)
            size = ui.fit_px(dots, field.height // 2, field.width - unit // 3, bold=True)
            ui.draw_text(
                surface, dots.strip(), size, theme.PANEL_TEXT, bold=True, center=field.center
            )
        names = {"clear": "\u232b", "ok": "OK", "cancel": _("Cancel")}
        pad = [(names.get(key, key), rect) for key, rect in buttons.items() if key != "cancel"]
        key_px = ui.row_px(pad)  # one size for the whole pad
        for key, rect in buttons.items():
            label = names.get(key, key)
            button_px = key_px if key != "cancel" else None
            ui.draw_button(
                surface, rect, label, primary=key == "ok", px=button_px, palette=self.palette
            )
        return None
