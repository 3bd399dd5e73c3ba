"""The fixed-timestep loop (Fiedler, "Fix Your Timestep!") and the scene switch.

The simulation advances in fixed steps of :data:`STEP`; the frame time is clamped so a
stall never makes it spiral; drawing happens only when the scene changed, and while
nothing moves the loop slows down so an idle table costs almost no CPU.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

import pygame

from ..look import ui
from ..platform.event_times import EventTimes
from ..platform.x11 import InputWaiter
from ..scenes.base import REPAINT_EVENTS, Quit, Scene

STEP = 1 / 60
"""Seconds per simulation step (60 updates a second)."""
MAX_FRAME = 0.25
"""The longest frame time the simulation catches up on."""
ACTIVE_FPS = 60
"""Loop rate while something moves or input arrived recently."""
IDLE_FPS = 10
"""Loop rate while the table is still and the display cannot wake the loop on input (see
game.platform.x11): a tap shows within 1/10 s (a mouse that moves first wakes the loop to
full rate before its click). On X11 the idle loop sleeps until input or the scene's next
change."""
GC_QUIET = 700
"""Young objects after which a frame that draws nothing collects the young generations."""
GC_BACKSTOP = 20_000
"""Young objects after which any frame collects them (a long animation never idles)."""
ACTIVE_AFTER_INPUT = 1.0
"""Seconds of full rate after the last input."""


def _display_surface() -> pygame.Surface:
    """The display's surface: ``pygame.display.get_surface()``, which has one once a
    display mode is set."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise pygame.error("no display surface: pygame.display.set_mode first")
    return surface


_POINTER_EVENTS = frozenset(
    {
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEMOTION,
        pygame.FINGERDOWN,
        pygame.FINGERUP,
        pygame.FINGERMOTION,
    }
)
"""Events that say where on the window they happened."""


def _to_part(event: pygame.event.Event, surface: pygame.Surface) -> None:
    """Make ``event`` say where it happened in ``surface``, the part of the window the
    scene is drawn in (game.shell.drift), when it is not the whole window."""
    if surface.get_parent() is None:
        return
    window, (left, top) = surface.get_abs_parent(), surface.get_abs_offset()
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        (width, height), (part_w, part_h) = window.get_size(), surface.get_size()
        event.x = (event.x * width - left) / part_w  # as a share of the part's size
        event.y = (event.y * height - top) / part_h
    else:
        event.pos = (event.pos[0] - left, event.pos[1] - top)


def _touching_edges(rects: list[pygame.Rect], inner: pygame.Rect) -> bool:
    """Whether a changed rectangle reaches an edge of ``inner`` (the border beside it
    takes its colours)."""
    return any(
        rect.left <= 0 or rect.top <= 0 or rect.right >= inner.right or rect.bottom >= inner.bottom
        for rect in rects
    )


class Loop:
    """Runs scenes until one returns :class:`Quit` (or ``max_frames`` frames ran)."""

    def __init__(
        self,
        scene: Scene,
        *,
        surface: Callable[[], pygame.Surface] = _display_surface,
        on_event: Callable[[pygame.event.Event, Scene], Scene | None] | None = None,
        on_step: Callable[[float, Scene], Scene | None] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """``surface`` gives the surface to draw on, asked afresh each frame: the window's,
        or a subsurface of it (a kiosk's drifting attract screen, game.shell.drift), in
        which case the loop moves the pointer events and the changed rectangles by its
        offset. ``on_event`` sees each event before the scene: it returns a scene to
        switch to, the current scene to swallow the event, or None to pass it on.
        ``on_step`` runs after each fixed update and may return a scene to switch to."""
        self.scene = scene
        self._surface = surface
        self._on_event = on_event
        self._on_step = on_step
        self._now = clock
        self.frames = 0
        self.draws = 0
        self.quit = False
        self._texts: list[tuple[str, pygame.Rect]] = []
        """True once a scene returned :class:`Quit` (or :meth:`stop` was called)."""
        self._stopping = False
        self.sim_time = 0.0
        self._accumulator = 0.0
        self._last_input = -ACTIVE_AFTER_INPUT
        self._tick = pygame.time.Clock()
        self.on_idle: Callable[[], None] | None = None
        """Called once a frame while :meth:`idle` (the session lets the audio device rest)."""
        self.after_frame: Callable[[], None] | None = None
        """Called after each frame is shown (the session plays sounds that had to wait)."""
        self.waiter: InputWaiter | None = None
        """Sleeps until input while idle, where the display allows (see game.platform.x11)."""
        self.times = EventTimes()
        """Stamps each event with when it was taken (and, on X11, when it was made: see
        game.platform.event_times)."""
        self._rested = 0.0
        self._collected = False
        self._window_size: tuple[int, int] | None = self._surface().get_size()
        self._title = ""
        """The window's title as last set (see :meth:`_follow_title`)."""
        self._part: pygame.Rect | None = None
        """Where the last scene drawn was in the window, when it was drawn in a part of
        it (game.shell.drift); None: in the whole window."""
        self.scene.enter(self._window_size)

    def set_hooks(
        self,
        on_event: Callable[[pygame.event.Event, Scene], Scene | None] | None,
        on_step: Callable[[float, Scene], Scene | None] | None,
    ) -> None:
        """Replace the event and step hooks (see :meth:`__init__`)."""
        self._on_event, self._on_step = on_event, on_step

    def switch(self, scene: Scene) -> None:
        """Make ``scene`` current (the scene it replaces is told first)."""
        if scene is not self.scene:
            self.scene.leave()
        self.scene = scene
        scene.enter(self._surface().get_size())

    def frame(self, frame_time: float) -> bool:
        """One frame: events, fixed updates, draw if needed. False once the game quits.

        Python's garbage collector does not run in the middle of a frame, where a
        collection (up to 4 ms measured) would delay a tap: it runs in frames that draw
        nothing, and in full once the table goes idle (see :meth:`_collect`).
        """
        collecting = gc.isenabled()
        gc.disable()
        try:
            drew = self._frame(frame_time)
        finally:
            if collecting:
                gc.enable()
        if drew is not None and self.after_frame is not None:
            self.after_frame()
        if collecting and drew is not None:
            self._collect(drew)
        return drew is not None

    def _collect(self, drew: bool) -> None:
        young = gc.get_count()[0]
        if self.idle():
            if not self._collected:
                gc.collect()  # once, as the table goes idle
                self._collected = True
            return
        self._collected = False
        if (not drew and young > GC_QUIET) or young > GC_BACKSTOP:
            gc.collect(1)

    def _frame(self, frame_time: float) -> bool | None:
        """:meth:`frame`'s work: whether it drew, or None once the game quits.

        The events come first and the fixed updates after them, over the frame's time:
        time that passed before the events were taken. Each event is stamped with how
        far ahead of the scene's clock it was taken (that time, not yet simulated), so a
        scene dates it where it happened, not a frame early (game.platform.event_times).
        """
        # A stall is clamped so it never makes the simulation spiral; a planned idle
        # sleep is not a stall: all of it is simulated (the game clock keeps time).
        ahead = min(frame_time, MAX_FRAME + self._rested)
        self._rested = 0.0
        taken = self._accumulator + ahead  # the present, ahead of the scene's clock
        for event in self.times.stamp(pygame.event.get(), taken):
            self._last_input = self.sim_time
            if event.type in _POINTER_EVENTS:
                _to_part(event, self._surface())
            nxt = self._on_event(event, self.scene) if self._on_event else None
            if nxt is self.scene:
                continue  # swallowed
            if nxt is None:
                if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                    continue  # followed below, from the window's own size
                if event.type in REPAINT_EVENTS:
                    self.scene.invalidate()  # the whole window, whatever the scene
                nxt = self.scene.handle_event(event)
            if isinstance(nxt, Quit):
                return None
            if nxt is not None:
                self.switch(nxt)
                nxt.came(taken)
        self._follow_window()
        self._accumulator += ahead
        while self._accumulator >= STEP:
            nxt = self.scene.update(STEP)
            if nxt is None and self._on_step is not None:
                nxt = self._on_step(STEP, self.scene)
            self._accumulator -= STEP
            self.sim_time += STEP
            if isinstance(nxt, Quit):
                return None
            if nxt is not None:
                self.switch(nxt)
        surface = self._surface()  # (where a drifting attract screen moves: game.shell.drift)
        drew = self.scene.needs_draw()
        if drew:
            self._follow_title()
            ui.forget_drawn()
            rects = self.scene.draw(surface, self._accumulator / STEP)
            if self.scene.overlay(surface):
                rects = None
            if surface.get_parent() is not None or self._part is not None:
                rects = self._in_window(surface, rects)
            if rects is None:  # drawn whole: its texts are all the window shows
                self._texts = ui.drawn_texts()
                if self._part is not None:
                    where = self._part.topleft
                    self._texts = [(text, box.move(where)) for text, box in self._texts]
            self.scene.dirty = False
            if rects is None:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
            self.draws += 1
        self.frames += 1
        return drew

    def _in_window(
        self, surface: pygame.Surface, rects: list[pygame.Rect] | None
    ) -> list[pygame.Rect] | None:
        """A scene drawn in a part of the window (a kiosk's drifting attract screen,
        game.shell.drift): its rectangles where the window has them, the border around
        it filled. None (show the whole window) when the part moved, or came or went,
        or a change reached one of its edges."""
        if surface.get_parent() is None:
            self._part = None
            return None  # back to the whole window
        part = pygame.Rect(surface.get_abs_offset(), surface.get_size())
        moved, self._part = part != self._part, part
        if not moved and rects is not None and not _touching_edges(rects, surface.get_rect()):
            return [rect.move(part.topleft) for rect in rects]
        from .drift import fill_around  # a kiosk's only

        fill_around(surface.get_abs_parent(), part)
        return None

    def scene_surface(self) -> pygame.Surface:
        """The surface the current scene is drawn on: the window's, or a part of it (a
        kiosk's drifting attract screen, game.shell.drift)."""
        return self._surface()

    def text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The texts the window showed at the last frame drawn whole, each with the box
        it was drawn in, in the order drawn; those under a dialog's veil left out."""
        return list(self._texts)

    def _follow_window(self) -> None:
        """Lay the scene out again when the window's size is not the one it was laid out
        for: after a resize event, and also when the system changed the size without one
        (a fullscreen window resized by the X server or a window manager)."""
        size = self._surface().get_size()
        if size != self._window_size:
            old = self._window_size
            if old is not None and size[0] * size[1] * 2 < old[0] * old[1]:
                ui.forget_sized()  # much smaller now: the big text would be kept for nothing
            self._window_size = size
        if size != self.scene.size:
            self.scene.enter(size)

    def _follow_title(self) -> None:
        """Give the window the scene's title (a table names its game) when it changed: a
        scene came, or the language did (each redraws the scene)."""
        title = self.scene.window_title()
        if title != self._title:
            pygame.display.set_caption(title)
            self._title = title

    def idle(self) -> bool:
        """True when nothing moves and no input came for a while."""
        return not self.scene.animating and self.sim_time - self._last_input > ACTIVE_AFTER_INPUT

    def stop(self) -> None:
        """End the run after the frame in progress (safe to call from a signal handler)."""
        self._stopping = True

    def run(self, max_frames: int | None = None) -> int:
        """Run until quit (exit status 0) or until ``max_frames`` frames have run."""
        previous = self._now()
        while not self.quit and (max_frames is None or self.frames < max_frames):
            if self._stopping:
                self.quit = True
                break
            now = self._now()
            if not self.frame(now - previous):
                self.quit = True
                break
            previous = now
            if max_frames is not None and self.frames >= max_frames:
                break  # shown: the run ends with its last frame, not a frame's wait later
            if self.idle():
                if self.on_idle is not None:
                    self.on_idle()
                if self.waiter is not None and self.waiter.available:
                    # Xlib may already hold events read while the frame drew (an XSync):
                    # the socket would not wake the wait for those, so look first.
                    if not pygame.event.peek():
                        self._rested = self.scene.rest_for()
                        self.waiter.wait(self._rested)
                    self._tick.tick()
                else:
                    self._tick.tick(IDLE_FPS)
            else:
                self._tick.tick(ACTIVE_FPS)
        return 0
