"""One run of the game: the display, the shared context, the kiosk hooks and the loop."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..audio.sound import Sounds
from ..games.catalog import kind_by_key, letters
from ..look import fonts
from ..look.sprites import CardArt
from ..platform import instance, lazy_pygame, signals
from ..platform.event_times import EventTimes
from ..platform.lazy_pygame import quit_pygame
from ..platform.x11 import InputWaiter, when_lost
from ..records.context import Context
from ..records.storage import Storage
from ..rules import DealCodeError
from ..rules.codes import normalize_code
from ..scenes.base import Quit, Scene
from ..scenes.flow import Flow
from ..scenes.flow import preload as preload_scenes
from .display import Display, show_window
from .error_line import say
from .loop import Loop
from .trace import trace

if TYPE_CHECKING:
    from ..platform.service_manager import Notifier
    from ..records.kiosk import KioskConfig  # a kiosk's only: not imported for a player's run
    from ..scenes.kiosk import KioskGuard
    from .spoken import Spoken

LOG_FILE = "halfmoon.log"


@dataclass
class Session:
    """Everything a run holds; :meth:`open` builds it, :meth:`run` plays, :meth:`close` ends."""

    ctx: Context
    display: Display
    loop: Loop
    sounds: Sounds
    guard: KioskGuard | None
    flow: Flow
    _restore_signals: Callable[[], None] | None = None
    _spoken: Spoken | None = None
    notifier: Notifier | None = None
    """The service manager, told READY after the first frame, WATCHDOG as the loop runs
    and STOPPING at the end (game.platform.service_manager), where one listens."""

    @classmethod
    def open(
        cls,
        args: argparse.Namespace,
        kiosk: KioskConfig | None,
        storage: Storage,
        display: Display | None = None,
    ) -> Session:
        """Open the window (unless ``display`` is the one :func:`show_window` opened),
        check the assets, read the files, build the loop.

        Raises AssetError for a missing or damaged font or sprite, KioskConfigError for an
        exit chord that names no key, DisplayError when there is no screen to show it on.
        """
        if display is None:
            display = show_window(args, kiosk)
        pygame.font.init()
        fonts.check()
        art = CardArt()
        art.check()
        sounds = Sounds()
        ctx = Context.open(storage, toggle_fullscreen=display.toggle, sounds=sounds, art=art)
        ctx.kiosk = kiosk
        if args.lang:  # the player's choice, stored
            ctx.settings.language = args.lang
            ctx.apply_settings()
        if getattr(args, "game", None):
            ctx.choose(kind_by_key(args.game))
        if kiosk is not None:  # the kiosk's language, cards, table and game: its run's only
            looks = {"language": kiosk.language} if kiosk.language and not args.lang else {}
            looks.update(kiosk.looks())
            if ctx.kind.key not in kiosk.games:  # the kiosk does not offer the last one
                looks["game"] = kiosk.games[0]
            ctx.settings.for_this_run(looks)
            ctx.choose(kind_by_key(ctx.settings.game))
            ctx.apply_settings()  # and the effects' volume, at most max_volume
            ctx.settings.for_visitors()  # a visitor's changes: until the idle reset
        flow = Flow(ctx)
        guard = None
        if kiosk is not None:
            pygame.mouse.set_visible(False)
            pygame.display.set_allow_screensaver(False)
            from ..scenes.kiosk import KioskGuard  # a kiosk's only (5 ms)

            guard = KioskGuard(ctx, kiosk, flow)
        # None: the first screen, the title (a kiosk's may show an example first), made
        # only when it shows: under a deal's question, or when no deal is asked for
        scene: Scene | None = None
        if args.deal:  # the code's game, after the question when a game of it is under way
            with contextlib.suppress(DealCodeError):  # one the kiosk does not offer: main
                scene = flow.deal(scene, args.deal)  # refuses it before the window opens
        if getattr(args, "daily", None) is not None:  # the chosen game's deal of the day
            scene = flow.daily(scene, None if args.daily is True else args.daily)  # True: today
        scene = scene if scene is not None else flow.attract()
        drift = None
        if kiosk is not None:  # an attract screen drifts
            from .drift import Drift

            drift = Drift(lambda: display.surface)
        loop = Loop(scene, surface=drift or (lambda: display.surface))
        if drift is not None:
            drift.follow(loop)
        session = cls(ctx, display, loop, sounds, guard, flow)
        loop.set_hooks(session.on_event, session.on_step)
        loop.on_idle = sounds.rest
        loop.after_frame = sounds.flush
        session.handle_stop_signals()
        return session

    def display_lost(self) -> None:
        """The X server went away: save the game, say so in one line, exit with status 1
        (called from inside Xlib, which must not get control back)."""
        try:
            self.ctx.save_all()
            self.ctx.storage.close()
        finally:
            say("halfmoon: the display went away; the game is saved")
            os._exit(1)

    def handle_stop_signals(self) -> None:
        """SIGTERM, SIGINT and SIGHUP end the loop after the frame in progress; the game
        is then saved as on a normal quit (see :meth:`close`)."""
        self._restore_signals = signals.on_stop(self.loop.stop)

    def _after_frame(self) -> None:
        self.sounds.flush()
        if self._spoken is not None:
            self._spoken.after_frame()
        if self.notifier is not None:
            self.notifier.alive()

    def on_event(self, event: pygame.event.Event, current: Scene) -> Scene | None:
        """The app's own keys and the window close, after the kiosk's guard; a screen
        reader's requests."""
        if self.guard is not None:
            nxt = self.guard.on_event(event, current)
            if nxt is not None:
                return nxt
        if self._spoken is not None:
            nxt = self._spoken.on_event(event, current)
            if nxt is not None:
                return nxt
        if event.type == pygame.QUIT:
            return Quit(self.ctx)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.display.toggle()
            return current  # the loop follows the new size before it draws
        return None

    def on_step(self, dt: float, current: Scene) -> Scene | None:
        """Every fixed step: a deal a second start passed on (game.platform.instance)
        comes as a new deal does, with its question; then the kiosk's idle count."""
        code = instance.take_deal_request()
        if code is not None:
            trace("deal_request", code=code)
            return current.cover(lambda: self.passed_deal(current, code))
        return self.guard.on_step(dt, current) if self.guard is not None else None

    def passed_deal(self, under: Scene, code: str) -> Scene | None:
        """The deal ``code`` that a second start passed on, over ``under``; None for text
        that is no deal code, or a code of a game the kiosk does not offer."""
        try:
            return self.flow.deal(under, normalize_code(code, letters()))
        except DealCodeError:
            return None

    def run(self, max_frames: int | None = None) -> None:
        """Play until the player quits (or ``max_frames`` frames have run)."""
        # The table first; the sounds (about 0.2 s to make) right after it is shown, and
        # the mixer with the first of them.
        self.loop.run(max_frames=1)
        trace("first_frame", size=list(self.display.surface.get_size()))
        if self.notifier is not None:
            self.notifier.ready()  # the first frame is on the screen
        lazy_pygame.whole()  # what the first frame did not need of pygame
        preload_scenes()  # and of the game's screens: no tap waits for an import
        # What the first frame does not need comes after it: the idle loop's waiter, the
        # last save when the X server goes away (ctypes, Xlib), the JSON module for the
        # first save, the sounds (about 0.2 s to make).
        when_lost(self.display_lost)
        self.loop.waiter = InputWaiter.for_display()
        self.loop.times = EventTimes.for_display()  # the X server's times of the clicks
        import json  # noqa: F401

        from .spoken import Spoken

        self._spoken = Spoken.start(self.loop)  # a screen reader's, where there is one
        if self._spoken is not None or self.notifier is not None:
            self.loop.after_frame = self._after_frame

        if os.environ.get("HALFMOON_TRACE"):
            # The benchmark's mark: the loop's counts now, to measure a window of a run.
            loop = self.loop
            signals.on_mark(
                lambda: trace("mark", frames=loop.frames, draws=loop.draws, cpu=time.process_time())
            )
        if not self.loop.quit:
            self.sounds.prepare()
            self.loop.run(max_frames)

    def close(self) -> None:
        """Save the game, finish the writes, stop sound and pygame."""
        if self.notifier is not None:
            self.notifier.stopping()
        if self._restore_signals is not None:
            self._restore_signals()
            self._restore_signals = None
        try:
            self.ctx.save_all()
            self.ctx.storage.close()
        finally:
            self.sounds.stop()
            loop = self.loop
            trace("exit", frames=loop.frames, draws=loop.draws, sim_time=round(loop.sim_time, 3))
            quit_pygame()


def log_path(storage: Storage) -> Path:
    """Where the crash log goes: the user's log folder, or beside the data with HALFMOON_HOME."""
    if os.environ.get("HALFMOON_HOME"):
        return storage.data_dir.parent / "log" / LOG_FILE
    import platformdirs

    return platformdirs.user_log_path("halfmoon", appauthor=False) / LOG_FILE


def log_crash(storage: Storage) -> Path | str:
    """Write the exception being handled, with its traceback, to the rotated log file."""
    import logging  # only on the way out: keeps start-up imports small
    import logging.handlers

    path = log_path(storage)
    logger = logging.getLogger("halfmoon")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=256 * 1024, backupCount=3, encoding="utf-8"
        )
    except OSError:
        handler = logging.StreamHandler(sys.stderr)
        path_text: Path | str = "standard error (the log folder cannot be written)"
    else:
        path_text = path
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    try:
        logger.error("unexpected error (pid %d, %s)", os.getpid(), time.ctime(), exc_info=True)
    finally:
        logger.removeHandler(handler)
        handler.close()
    return path_text
