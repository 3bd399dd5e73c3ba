"""The service manager told how the game is doing: systemd's notification protocol
(``sd_notify``: one datagram a message on the AF_UNIX socket ``$NOTIFY_SOCKET``), written
here in a few lines rather than a dependency (docs/kiosk.md, "Watchdog").

Under a unit with ``Type=notify`` the game says ``READY=1`` once its first frame is on
the screen, and ``STOPPING=1`` as it ends; with ``WatchdogSec=`` (``$WATCHDOG_USEC``) the
main loop says ``WATCHDOG=1`` at least every half of that time, so a loop that hangs
stops saying it and systemd restarts the game. :func:`take` reads the variables and takes
them out of the environment at once, before pygame starts: a process started later (a
``dbus-daemon`` that libdbus starts for the session, a browser the help opens) must not
speak for the game (one said ``READY=1`` before the window was up).

Without ``$NOTIFY_SOCKET`` (a desktop, a test) :func:`take` is None and nothing is sent.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import socket

VARIABLES = ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID")
"""What systemd tells its service, all taken out of the environment by :func:`take`."""
PING_SHARE = 4
"""A ping goes once a quarter of the watchdog's time has passed since the last: the loop
looks at least every half second (game.scenes.base.MAX_REST), so with ``WatchdogSec=2``
or more a ping is never more than half the time late."""


class Notifier:
    """Datagrams to the service manager's socket ``address`` (a path, or ``@name`` for
    Linux's abstract namespace); the watchdog's time in seconds, or None: no pings."""

    def __init__(
        self,
        address: str,
        watchdog: float | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.address = "\0" + address[1:] if address.startswith("@") else address
        self.watchdog = watchdog
        self._clock = clock
        self._socket: socket.socket | None = None
        self._ready = False
        self._last_ping: float | None = None

    def send(self, message: str) -> bool:
        """Send ``message`` (``READY=1``...); False where the socket is gone (the game
        goes on: a manager that cannot be told is no reason to stop)."""
        try:
            if self._socket is None:
                import socket  # a kiosk's only: not imported for a player's run

                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._socket.sendto(message.encode(), self.address)
        except OSError:
            return False
        return True

    def ready(self) -> None:
        """The first frame is shown: ``READY=1``, once."""
        if not self._ready:
            self._ready = True
            self.send("READY=1")
            self._last_ping = self._clock()

    def alive(self) -> None:
        """The main loop runs: ``WATCHDOG=1`` when a quarter of the watchdog's time has
        passed since the last (nothing without a watchdog, or before :meth:`ready`)."""
        if self.watchdog is None or not self._ready:
            return
        now = self._clock()
        if self._last_ping is None or now - self._last_ping >= self.watchdog / PING_SHARE:
            self._last_ping = now
            self.send("WATCHDOG=1")

    def stopping(self) -> None:
        """The game ends: ``STOPPING=1``."""
        self.send("STOPPING=1")
        if self._socket is not None:
            self._socket.close()
            self._socket = None


def take(environ: MutableMapping[str, str] | None = None) -> Notifier | None:
    """The service manager's notifier, from ``environ`` (the process's), whose
    variables are taken out of it; None when no manager listens. The watchdog counts
    when ``$WATCHDOG_PID`` is unset, the game's or its parent's (a compositor such as
    cage that the unit starts, which starts the game: docs/halfmoon-kiosk.service)."""
    environ = os.environ if environ is None else environ
    address, usec, pid = (environ.pop(name, "") for name in VARIABLES)
    if not address or not (address.startswith(("/", "@"))):
        return None
    watchdog: float | None = None
    if usec.isdigit() and int(usec) > 0 and pid in ("", str(os.getpid()), str(os.getppid())):
        watchdog = int(usec) / 1_000_000
    return Notifier(address, watchdog)
