"""X11 through Xlib: the idle loop asleep until input, and the display's loss answered.

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

Both reach Xlib through ``ctypes``: SDL's X11 driver has loaded ``libX11.so.6`` already,
and ``pygame.display.get_wm_info()["display"]`` is its ``Display *`` in a capsule.
"""

from __future__ import annotations

import select
from collections.abc import Callable

from . import plain


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
    try:
        import ctypes  # here: only X11 needs it, and it costs start-up time

        import pygame

        if pygame.display.get_driver() != "x11":
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
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        xlib.XConnectionNumber.restype = ctypes.c_int
        fd = int(xlib.XConnectionNumber(display))
    except Exception:  # no X11, no libX11, an unexpected pygame: poll instead
        return None
    return fd if fd >= 0 else None


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
