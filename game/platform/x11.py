"""X11 through Xlib: the idle loop asleep until input, the display's loss answered, and
a screen without a window manager told apart.

**Sleeping while the table is idle, woken at once by input.** pygame cannot sleep until
the next event: ``pygame.event.wait()`` polls every millisecond, and a loop that only
slows down (``clock.tick(10)``) answers a tap up to a tenth of a second late and still
wakes ten times a second. On X11 every input event arrives on the X server's socket, so
the idle loop can sleep in ``select()`` on that socket: it wakes the moment the player
touches anything, and otherwise only when the scene has something to show (the clock's
next second). Elsewhere (Windows, macOS, Wayland, SDL's dummy driver), and with
``HALFMOON_PLAIN=1``, :meth:`InputWaiter.available` is False and the loop keeps its
slower rate instead.

**The X server gone** (:func:`when_lost`): Xlib's default answer is ``exit(1)`` from
inside whatever call noticed it; the game saves first.

**No window manager** (:func:`bare_x`): SDL's fullscreen asks the window manager for it,
and on plain X (a kiosk) nobody answers; game/shell/display.py then makes the window cover the
screen itself.

**No Compose table** (:func:`skip_compose_table`): the game reads no text that needs
composing, and reading the locale's table took half of the X11 display's start.

The first three reach Xlib through ``ctypes``: SDL's X11 driver has loaded ``libX11.so.6`` already,
and ``pygame.display.get_wm_info()["display"]`` is its ``Display *`` in a capsule.
"""

from __future__ import annotations

import os
import select
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import plain

if TYPE_CHECKING:
    import ctypes


COMPOSE_FILE = "XCOMPOSEFILE"
"""The variable naming the Compose table that libX11 reads."""


def skip_compose_table() -> None:
    """Start SDL's X11 video without the locale's Compose table, unless the environment
    names one (or ``HALFMOON_PLAIN=1``, or the video is not X11's); before it starts.

    SDL's X11 driver opens an input method as it starts, and libX11's reads and parses
    the locale's whole Compose table then (``en_US.UTF-8``: 6,000 sequences, 5 ms of the
    10 ms the display takes to start; docs/performance.md). The game composes nothing:
    what it reads as text is a deal code (letters, digits and hyphens) and the kiosk's
    PIN (digits), which every keyboard types without composing. Typed text still
    arrives as before (tests/test_platform.py types a code into a real X window). Not in
    a Wayland session: xkbcommon there reads the same variable, and says it cannot map
    an empty file, and an SDL may choose Wayland's video there (SDL 3's does).
    """
    driver = os.environ.get("SDL_VIDEODRIVER", "x11").strip() or "x11"
    if plain() or COMPOSE_FILE in os.environ or driver != "x11":
        return
    if not os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return
    os.environ[COMPOSE_FILE] = os.devnull


class InputWaiter:
    """Waits for input on a file descriptor (the X server's socket), or a timeout."""

    def __init__(self, fd: int | None = None) -> None:
        """``fd``: a descriptor that becomes readable when input arrives (None: none)."""
        self._fd = fd

    @classmethod
    def for_display(cls) -> InputWaiter:
        """The waiter for pygame's current display: its X11 socket, if it has one (none
        with ``HALFMOON_PLAIN=1``)."""
        return cls(None if plain() else x11_socket())

    @property
    def available(self) -> bool:
        """Whether :meth:`wait` can sleep until input (False: the loop must poll)."""
        return self._fd is not None

    def wait(self, seconds: float) -> bool:
        """Sleep up to ``seconds`` or until input is waiting; True if input woke it.

        A descriptor that stopped working (the display went away) is dropped, and
        :attr:`available` turns False, so the loop goes back to polling.
        """
        if self._fd is None:
            return False
        try:
            ready, _, _ = select.select([self._fd], [], [], max(0.0, seconds))
        except (OSError, ValueError):
            self._fd = None
            return False
        return bool(ready)


def x11_socket() -> int | None:
    """The X server connection's descriptor of pygame's window, or None if not on X11."""
    found = _sdl_display()
    if found is None:
        return None
    xlib, display = found
    try:
        import ctypes

        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        xlib.XConnectionNumber.restype = ctypes.c_int
        fd = int(xlib.XConnectionNumber(display))
    except Exception:  # an unexpected libX11: poll instead
        return None
    return fd if fd >= 0 else None


SUBSTRUCTURE_REDIRECT = 1 << 20
"""X's SubstructureRedirectMask: the root window's, selected by the window manager alone."""


def bare_x() -> bool:
    """Whether pygame's window is on an X server that no window manager runs on (a kiosk
    on plain X), where SDL's fullscreen goes wrong (see game/shell/display.py). False elsewhere:
    on Wayland, Windows, macOS, with SDL's dummy driver, before the window opens, and with
    ``HALFMOON_PLAIN=1``.

    A window manager is the one client that selects SubstructureRedirect on the root
    window (X allows one at a time); the root's ``all_event_masks`` shows it, whatever the
    manager is and whether or not it left EWMH properties behind.
    """
    if plain():
        return False
    found = _sdl_display()
    if found is None:
        return False
    xlib, display = found
    try:
        import ctypes

        structure = _window_attributes()
        xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        xlib.XGetWindowAttributes.argtypes = [
            ctypes.c_void_p,
            ctypes.c_ulong,
            ctypes.POINTER(structure),
        ]
        xlib.XGetWindowAttributes.restype = ctypes.c_int
        attributes: Any = structure()
        root = xlib.XDefaultRootWindow(display)
        if not xlib.XGetWindowAttributes(display, root, ctypes.byref(attributes)):
            return False
    except Exception:  # an unexpected libX11: SDL's own way
        return False
    return not attributes.all_event_masks & SUBSTRUCTURE_REDIRECT


def _sdl_display() -> tuple[ctypes.CDLL, int] | None:
    """libX11 and SDL's ``Display *`` of pygame's window, or None if it has none (not on
    X11, no window yet)."""
    try:
        import ctypes  # here: only X11 needs it, and it costs start-up time

        import pygame

        if not pygame.display.get_init() or pygame.display.get_driver() != "x11":
            return None
        capsule = pygame.display.get_wm_info().get("display")
        if capsule is None:
            return None
        get_name = ctypes.pythonapi.PyCapsule_GetName
        get_name.restype = ctypes.c_char_p
        get_name.argtypes = [ctypes.py_object]
        get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        get_pointer.restype = ctypes.c_void_p
        get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = get_pointer(capsule, get_name(capsule))
        xlib = ctypes.CDLL("libX11.so.6")  # already loaded by SDL: the same library
    except Exception:  # no X11, no libX11, an unexpected pygame
        return None
    return (xlib, display) if display else None


def _window_attributes() -> type[ctypes.Structure]:
    """Xlib's XWindowAttributes, as ctypes lays it out (made when first needed)."""
    import ctypes

    c_int, c_long, c_ulong, c_void_p = ctypes.c_int, ctypes.c_long, ctypes.c_ulong, ctypes.c_void_p

    class WindowAttributes(ctypes.Structure):
        _fields_ = [
            *((name, c_int) for name in ("x", "y", "width", "height", "border_width", "depth")),
            ("visual", c_void_p),
            ("root", c_ulong),
            *((name, c_int) for name in ("class_", "bit_gravity", "win_gravity", "backing_store")),
            ("backing_planes", c_ulong),
            ("backing_pixel", c_ulong),
            ("save_under", c_int),
            ("colormap", c_ulong),
            ("map_installed", c_int),
            ("map_state", c_int),
            ("all_event_masks", c_long),
            ("your_event_mask", c_long),
            ("do_not_propagate_mask", c_long),
            ("override_redirect", c_int),
            ("screen", c_void_p),
        ]

    return WindowAttributes


_io_error_handler: object = None
"""The installed X I/O error handler (kept alive: Xlib holds only its address)."""


def when_lost(callback: Callable[[], None]) -> bool:
    """Call ``callback`` if the X server goes away (killed, its connection cut).

    Xlib's default answer is ``exit(1)`` from inside whatever call noticed it, which
    would skip the game's own last save; ``callback`` runs instead and must not return
    (it ends the process). True where it could be installed (SDL's X11 driver, not with
    ``HALFMOON_PLAIN=1``).
    """
    global _io_error_handler
    if plain():
        return False
    import ctypes

    import pygame

    try:
        if pygame.display.get_driver() != "x11":
            return False
        xlib = ctypes.CDLL("libX11.so.6")  # already loaded by SDL: the same library
    except (OSError, pygame.error):
        return False
    handler_type = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)

    def lost(_display: object) -> int:
        callback()
        return 0  # not reached: callback ends the process

    _io_error_handler = handler_type(lost)
    xlib.XSetIOErrorHandler.argtypes = [handler_type]
    xlib.XSetIOErrorHandler.restype = ctypes.c_void_p
    xlib.XSetIOErrorHandler(_io_error_handler)
    return True
