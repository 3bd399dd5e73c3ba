"""The game's window: opened once, resizable, fullscreen on F11, never held on to.

SDL replaces the window's surface whenever the window changes size, and frees the old
one the next time anybody asks for the surface. A surface kept from an earlier frame can
therefore point at freed memory: drawing on it crashes the process (``pygame_parachute:
Segmentation Fault``), which a resize storm on a real X window showed within seconds.
So :attr:`Display.surface` asks SDL afresh every time, and nothing in the game keeps the
window's surface from one frame to the next.

The window also gets its identity before it opens: the class ``halfmoon`` (which the
desktop file names) and the game's own icon.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from typing import TYPE_CHECKING

from ..look.theme import FELT
from ..platform import framebuffer, lazy_pygame, x11

if TYPE_CHECKING:
    import pygame
else:
    pygame = lazy_pygame.window_half()  # the rest of pygame is imported once the window shows

HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})
"""SDL video drivers that show nothing on a screen."""
NO_DISPLAY = "no display: set DISPLAY, or SDL_VIDEODRIVER=dummy for a headless run"
DEFAULT_WINDOW = (1280, 720)
"""The window's size when the command line asks for none (at most 90 % of the screen)."""
MIN_WINDOW = (320, 240)
"""The smallest window the player can make: every screen is laid out down to it."""
WINDOW_CLASS = "halfmoon"
"""The window's class (X11 WM_CLASS) and app id (Wayland): the desktop file's name and its
StartupWMClass, so a desktop shows the game under its own icon and name."""
ICON_PIXELS = 256 if sys.platform == "darwin" else 64
"""The size of the window icon (``assets/icons/hicolor/64/halfmoon.png``): what a title bar
or a taskbar scales down well; on macOS the icon is the Dock's, drawn up to 256 pixels."""


class DisplayError(RuntimeError):
    """No screen to show the game on; the message says what to set."""


def open_video() -> None:
    """Start SDL's video, refusing a run that nobody could see.

    Raises :class:`DisplayError` when SDL cannot start the driver asked for
    (``SDL_VIDEODRIVER=nonsense``), or when no display is configured and SDL fell back to
    a driver that shows nothing (no ``DISPLAY``, no ``WAYLAND_DISPLAY``): the game would
    otherwise run for ever in an invisible window. ``SDL_VIDEODRIVER=dummy`` (or
    ``offscreen``) asks for a headless run explicitly and is allowed.
    """
    set_window_class()
    asked = os.environ.get("SDL_VIDEODRIVER", "").strip()
    if not asked and _no_desktop_session():
        # No X and no Wayland: only a console's KMS/DRM screen is left (a kiosk without
        # a desktop). Asking for it directly keeps SDL's probing of Wayland quiet.
        os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
        try:
            pygame.display.init()
        except pygame.error as error:
            del os.environ["SDL_VIDEODRIVER"]
            raise DisplayError(f"{NO_DISPLAY} (SDL's kmsdrm: {error})") from None
        return
    try:
        pygame.display.init()
    except pygame.error as error:
        if asked:
            raise DisplayError(
                f"cannot use SDL_VIDEODRIVER={asked!r} ({error}); "
                "unset it, or use x11, wayland, kmsdrm or dummy"
            ) from None
        raise DisplayError(f"{NO_DISPLAY} ({error})") from None
    if not asked and pygame.display.get_driver() in HEADLESS_DRIVERS:
        pygame.display.quit()
        reasons = _open_named_display()
        if reasons is None:
            return
        raise DisplayError(f"cannot open the display: {reasons}" if reasons else NO_DISPLAY)


DESKTOP_DRIVERS = {"DISPLAY": "x11", "WAYLAND_DISPLAY": "wayland"}
"""The variable that names each desktop display, and SDL's driver for it."""


def _open_named_display() -> str | None:
    """Ask SDL for each display the environment names, by its driver's name, after SDL
    fell back to a driver that shows nothing (``DISPLAY=:1`` with no X server on it, or
    an X server too busy to take one more client for a moment). None when one opens now;
    else what SDL said for each, which its fallback had replaced ("Unknown pixel
    format"); an empty string when the environment names none."""
    reasons = []
    for variable, driver in DESKTOP_DRIVERS.items():
        value = os.environ.get(variable)
        if not value:
            continue
        os.environ["SDL_VIDEODRIVER"] = driver
        try:
            pygame.display.init()
        except pygame.error as error:
            reasons.append(f"{variable}={value!r}: SDL says {str(error) or 'nothing'!r}")
        else:
            return None
        finally:
            del os.environ["SDL_VIDEODRIVER"]
    return "; ".join(reasons)


def set_window_class() -> None:
    """Name the window ``halfmoon`` for the desktop, unless the environment names it.

    SDL reads these when its video starts: ``SDL_VIDEO_X11_WMCLASS`` (X11 WM_CLASS),
    ``SDL_VIDEO_WAYLAND_WMCLASS`` (the Wayland app id of SDL 2) and ``SDL_APP_ID`` (SDL 3).
    Importing pygame sets the first to the script's name (``main.py``) on X; that value
    is taken for unset.
    """
    script = os.path.basename(sys.argv[0]) if sys.argv else ""
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        if os.environ.get(name, script) == script:
            os.environ[name] = WINDOW_CLASS


def set_window_icon() -> bool:
    """Give the window the game's icon; call it before the window opens.

    The icon is the bundled PNG; when that is missing or unreadable it is rendered from
    :mod:`game.look.icon`. An icon that cannot be had at all is no reason to stop the game:
    False then (SDL keeps its own), True when the icon was set.
    """
    from ..look.assets import asset_path, png_path

    try:
        icon = pygame.image.load(asset_path("icons", *png_path(ICON_PIXELS).split("/")))
    except (pygame.error, OSError, ValueError):
        from ..look.icon import icon_surface

        try:
            icon = icon_surface(ICON_PIXELS)
        except (pygame.error, OSError, ValueError):
            return False
    try:
        pygame.display.set_icon(icon)
    except pygame.error:
        return False
    return True


def _no_desktop_session() -> bool:
    """True on a Unix other than macOS with neither ``DISPLAY`` nor ``WAYLAND_DISPLAY``."""
    if sys.platform in ("win32", "darwin", "emscripten"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def show_window(args: argparse.Namespace, kiosk: object | None) -> Display:
    """Open the game's window at once, in the felt's colour, before the rest of the game is
    imported and its table drawn (the window shows about half as soon; the first
    complete frame follows). ``args`` are the command line's (window, fullscreen).

    Raises :class:`DisplayError` when there is no screen to show it on.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Presented from the CPU where SDL's driver can (game/platform/framebuffer.py).
    framebuffer.prefer_cpu()
    # SDL would turn SIGTERM and SIGINT into a window close, which a kiosk ignores
    # (systemctl stop then waited 90 s): the session handles them itself.
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    x11.skip_compose_table()
    # A window manager may size the window itself; the layout follows any size.
    warnings.filterwarnings("ignore", "Requested window was forcibly resized")
    open_video()
    try:
        display = _open_window(args, kiosk)
    except pygame.error as error:
        if not framebuffer.falls_back(error):
            raise DisplayError(_refused(error)) from None
        # The driver has no framebuffer of its own (Wayland's): SDL's, which it
        # chooses once per video start.
        framebuffer.present_through_sdl()
        _restart_video()
        try:
            display = _open_window(args, kiosk)
        except pygame.error as error:
            raise DisplayError(_refused(error)) from None
    lazy_pygame.first_frame()  # the rest of pygame once the first frame is shown
    return display


def _open_window(args: argparse.Namespace, kiosk: object | None) -> Display:
    """The window of :func:`show_window` on SDL's video as it is, in the felt's colour.
    Raises ``pygame.error`` when SDL refuses it."""
    pygame.display.set_caption("Half Moon")
    size = args.window or DEFAULT_WINDOW
    if args.window is None:
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            width, height = desktops[0]
            size = (min(size[0], width * 9 // 10), min(size[1], height * 9 // 10))
    display = Display(size, args.fullscreen or kiosk is not None)
    display.surface.fill(FELT)  # the felt until the first complete frame: never black
    pygame.display.flip()
    return display


def _refused(error: pygame.error) -> str:
    """The one line for a window SDL refused, with SDL's reason."""
    driver = pygame.display.get_driver() if pygame.display.get_init() else "?"
    reason = str(error) or "SDL gave no reason"
    return f"SDL's {driver} video driver cannot open the window: {reason}"


def _restart_video() -> None:
    """Stop SDL's video and start the same driver again (a refused window gone with it)."""
    driver = pygame.display.get_driver()
    pygame.display.quit()
    before = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = driver
    try:
        pygame.display.init()
    except pygame.error as error:
        raise DisplayError(f"SDL's {driver} video driver did not start again: {error}") from None
    finally:
        if before is None:
            del os.environ["SDL_VIDEODRIVER"]
        else:
            os.environ["SDL_VIDEODRIVER"] = before


class Display:
    """The window: resizable, or fullscreen at the desktop's own resolution (F11).

    SDL's fullscreen asks the window manager for it. On an X server with none (a kiosk on
    plain X, :func:`~.platform.x11.bare_x`) nobody answers: the window took the screen's
    size where it stood (1280x720 at +1280+720 became 3840x2160 at +1280+720, three
    quarters off the screen), and kept it when fullscreen ended, black. There the game
    makes the window cover the screen itself (a plain window of the desktop's size at 0,0,
    which nothing else moves there), and gives it its own size and place back afterwards.
    """

    def __init__(self, size: tuple[int, int], fullscreen: bool) -> None:
        self.window_size = size
        """The size to go back to when fullscreen ends."""
        self.window_position: tuple[int, int] | None = None
        """Where the window stood before fullscreen (None: it has not been a window yet)."""
        self.fullscreen = not fullscreen
        if pygame.display.get_surface() is None:
            set_window_icon()  # before the window opens: some systems ignore a later one
        self._switch()

    @property
    def surface(self) -> pygame.Surface:
        """The window's surface now (see the module docstring: never keep it)."""
        surface = pygame.display.get_surface()
        if surface is None:  # pragma: no cover - only after pygame.quit()
            raise pygame.error("the window is closed")
        return surface

    def toggle(self) -> None:
        """Switch between the window and fullscreen (F11).

        Raises :class:`DisplayError` with SDL's reason when SDL refuses the new mode.
        """
        try:
            self._switch()
        except pygame.error as error:
            raise DisplayError(_refused(error)) from None

    def _switch(self) -> None:
        """Switch between the window and fullscreen; ``pygame.error`` when SDL refuses.

        Both modes are RESIZABLE, so pygame follows a size change made by the system (a
        window manager, ``xdotool windowsize``, a rotated kiosk screen) in fullscreen too.
        """
        bare = pygame.display.get_surface() is not None and _bare_x()
        if self.fullscreen:
            if bare and pygame.display.is_fullscreen():
                _window().set_windowed()  # SDL's own (a --fullscreen start): it stays put
            pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
            window = _window()
            window.minimum_size = MIN_WINDOW
            if bare:
                window.position = self.window_position or _centred(self.window_size)
        else:
            desktop = _desktop()
            if pygame.display.get_surface() is not None:
                self.window_size = pygame.display.get_window_size()
                self.window_position = _window().position
            if bare:
                _window().position = (0, 0)
                pygame.display.set_mode(desktop, pygame.RESIZABLE)
            else:
                pygame.display.set_mode(desktop, pygame.FULLSCREEN | pygame.RESIZABLE)
        self.fullscreen = not self.fullscreen


def _bare_x() -> bool:
    """Whether the window is on X with no window manager (imported when first needed)."""
    from ..platform.x11 import bare_x

    return bare_x()


def _centred(size: tuple[int, int]) -> tuple[int, int]:
    """The place of a window of ``size`` in the middle of the desktop."""
    width, height = _desktop()
    return (max(0, (width - size[0]) // 2), max(0, (height - size[1]) // 2))


def _desktop() -> tuple[int, int]:
    """The size of the first screen; ``pygame.error`` when SDL knows of none."""
    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        raise pygame.error("SDL knows of no screen")
    return desktops[0]


def _window() -> pygame.Window:
    """The window of pygame's display module (pygame-ce's Window, for its minimum size)."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # we draw on the display surface
        return pygame.Window.from_display_module()
