"""Sleeping while the table is idle, woken at once by input: no polling on X11.

pygame cannot sleep until the next event: ``pygame.event.wait()`` polls every
millisecond, and a loop that only slows down (``clock.tick(10)``) answers a tap up to
a tenth of a second late and still wakes ten times a second. On X11 every input event
arrives on the X server's socket, so the idle loop can sleep in ``select()`` on that
socket: it wakes the moment the player touches anything, and otherwise only when the
scene has something to show (the clock's next second). Elsewhere (Windows, macOS,
Wayland, SDL's dummy driver) :meth:`InputWaiter.available` is False and the loop keeps
its slower rate instead.
"""

from __future__ import annotations

import select


class InputWaiter:
    """Waits for input on a file descriptor (the X server's socket), or a timeout."""

    def __init__(self, fd: int | None = None) -> None:
        """``fd``: a descriptor that becomes readable when input arrives (None: none)."""
        self._fd = fd

    @classmethod
    def for_display(cls) -> InputWaiter:
        """The waiter for pygame's current display: its X11 socket, if it has one."""
        return cls(_x11_socket())

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


def _x11_socket() -> int | None:
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
