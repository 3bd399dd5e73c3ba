"""When each input event happened: stamped as the loop takes it from SDL, with the X
server's own time where the display gives it.

A scene's clock is what the loop has simulated, and the loop (game.shell.loop) hands a
frame's events to the scene first and only then catches the simulation up on the frame's
time: time that passed *before* those events were taken. Judged by the scene's clock at
the moment it handles them, an event looks older than it is by the frame's time (up to a
quarter of a second after a stall, half a second after the idle loop's sleep that the
event itself ended), and two clicks handled a slow frame apart look further apart than
they were. So the loop stamps every event it takes with
:class:`Stamp`: how far ahead of the scene's clock the present was when it took it (the
frame's time not yet simulated), and the scene dates the event at its clock plus that
(:func:`moment_of`).

That is still when the loop *took* the event: a process held to a quarter of a core may
take a click a few hundred milliseconds after it happened. The X server dates each
button and key event itself, in milliseconds, as the hardware (or xdotool) makes it; SDL
2 keeps that time to itself, but passes on each raw X event as an ``SYSWMEVENT`` when
the application enables them. :class:`EventTimes` enables them on X11 (not with
``HALFMOON_PLAIN=1``), reads the time of each core button and key event, gives it to the
SDL event that follows it, and drops the raw events, so nothing else sees them. Two
:class:`Moment` with a server time each are compared by those; else by the scene's
clock. Fingers (SDL's XInput2 touches) carry no server time: their events are dated when
taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import plain

if TYPE_CHECKING:
    import ctypes

    import pygame

STAMP = "halfmoon_stamp"
"""The attribute of a pygame event that holds its :class:`Stamp`."""
SYSWMEVENT = 0x201
"""SDL 2's SDL_SYSWMEVENT (pygame.SYSWMEVENT)."""
_WRAP = 1 << 32
"""X server times are 32-bit milliseconds: they wrap after 49.7 days."""


@dataclass(frozen=True)
class Stamp:
    """What the loop knew of an event when it took it."""

    ahead: float
    """Seconds of the frame not yet simulated when the loop took it: the scene's clock
    plus this is when it was taken."""
    server: int | None = None
    """The X server's time of it, in milliseconds (None: not known)."""


@dataclass(frozen=True)
class Moment:
    """When an input event happened, as a scene dates it."""

    clock: float
    """On the scene's clock (seconds): when the loop took it."""
    server: int | None = None
    """On the X server's clock (milliseconds), where known."""

    def since(self, earlier: Moment) -> float:
        """Seconds from ``earlier`` to this moment: by the server's times when both have
        one, else by the scene's clock."""
        if self.server is not None and earlier.server is not None:
            gap = (self.server - earlier.server) % _WRAP
            return (gap - _WRAP if gap >= _WRAP // 2 else gap) / 1000
        return self.clock - earlier.clock


def moment_of(event: pygame.event.Event, clock: float) -> Moment:
    """When ``event`` happened, for a scene whose clock reads ``clock`` now (an event that
    did not come through the loop, unstamped, happened now)."""
    stamp = getattr(event, STAMP, None)
    if not isinstance(stamp, Stamp):
        return Moment(clock)
    return Moment(clock + stamp.ahead, stamp.server)


class EventTimes:
    """Stamps the events of each pump (see the module's docstring)."""

    def __init__(self, server_times: bool = False) -> None:
        """``server_times``: SDL's raw X events are enabled (see :meth:`for_display`)."""
        self.server_times = server_times

    @classmethod
    def for_display(cls) -> EventTimes:
        """Stamps for pygame's current display: with the X server's times on X11 where SDL
        lets its raw events be enabled (not with ``HALFMOON_PLAIN=1``)."""
        return cls(not plain() and _enable_raw_x_events())

    def stamp(self, events: list[pygame.event.Event], ahead: float) -> list[pygame.event.Event]:
        """``events``, as taken from SDL now with ``ahead`` seconds of the frame not yet
        simulated, each stamped; SDL's raw X events read and left out."""
        if not self.server_times:
            for event in events:
                setattr(event, STAMP, Stamp(ahead))
            return events
        kept = []
        server: tuple[int, int] | None = None
        """The SDL event type the last raw X event makes, and its server time."""
        for event in events:
            if event.type == SYSWMEVENT:
                server = _server_time(getattr(event, "event", b""))
                continue
            made = server[1] if server is not None and server[0] == event.type else None
            setattr(event, STAMP, Stamp(ahead, made))
            server = None
            kept.append(event)
        return kept


_CORE_INPUT = {2: 0x300, 3: 0x301, 4: 0x401, 5: 0x402, 6: 0x400}
"""X's KeyPress, KeyRelease, ButtonPress, ButtonRelease and MotionNotify, and the SDL
event each becomes (KEYDOWN, KEYUP, MOUSEBUTTONDOWN, MOUSEBUTTONUP, MOUSEMOTION)."""


def _server_time(raw: object) -> tuple[int, int] | None:
    """(the SDL event type it makes, its time) of a raw core X input event, else None."""
    if not isinstance(raw, bytes):
        return None
    head = _input_head()
    if len(raw) < _sizeof(head):
        return None
    fields: Any = head.from_buffer_copy(raw[: _sizeof(head)])
    made = _CORE_INPUT.get(int(fields.type))
    return None if made is None else (made, int(fields.time) % _WRAP)


def _sizeof(structure: type[ctypes.Structure]) -> int:
    import ctypes

    return ctypes.sizeof(structure)


_HEAD: list[type[ctypes.Structure]] = []


def _input_head() -> type[ctypes.Structure]:
    """The fields that XKeyEvent, XButtonEvent and XMotionEvent begin with, as ctypes
    lays them out for this machine (``time`` is at byte 56 on 64-bit, 28 on 32-bit)."""
    if not _HEAD:
        import ctypes

        class InputHead(ctypes.Structure):
            _fields_ = [
                ("type", ctypes.c_int),
                ("serial", ctypes.c_ulong),
                ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p),
                ("window", ctypes.c_ulong),
                ("root", ctypes.c_ulong),
                ("subwindow", ctypes.c_ulong),
                ("time", ctypes.c_ulong),
            ]

        _HEAD.append(InputHead)
    return _HEAD[0]


def _enable_raw_x_events() -> bool:
    """Make SDL pass on each X event as an SYSWMEVENT (``SDL_EventState``: pygame-ce's
    ``set_allowed`` does not): True if pygame's window is on X11 and SDL did so."""
    try:
        import ctypes

        import pygame

        if not pygame.display.get_init() or pygame.display.get_driver() != "x11":
            return False
        sdl = _loaded_sdl()
        if sdl is None:
            return False
        sdl.SDL_EventState.argtypes = [ctypes.c_uint32, ctypes.c_int]
        sdl.SDL_EventState.restype = ctypes.c_uint8
        sdl.SDL_EventState(SYSWMEVENT, 1)  # SDL_ENABLE
        return int(sdl.SDL_EventState(SYSWMEVENT, -1)) == 1  # SDL_QUERY
    except Exception:  # an unexpected SDL or pygame: events dated when taken
        return False


def _loaded_sdl() -> ctypes.CDLL | None:
    """The SDL 2 library pygame loaded (a wheel's bundled copy has a name of its own), as
    the process's memory map names it; None where there is no such map."""
    import ctypes

    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = {line.split()[-1] for line in maps if "/libSDL2-2" in line}
    except OSError:
        return None
    for path in sorted(paths):
        if "/libSDL2-2" in path and ".so" in path:
            return ctypes.CDLL(path)
    return None
