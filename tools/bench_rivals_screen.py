"""When a program's window shows on an X screen, and its size there (tools/bench_rivals.py).

:class:`MapWatcher` reads the MapNotify events of the screen's root window from ``xev``
as they come; :func:`wait_for_window` searches for a process's visible window at each
(with ``xdotool``; without xev, every :data:`POLL_S`) and tells when it was shown;
:func:`window_geometry` and :func:`resize_window` read and set its size.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import subprocess
import threading
import time

from xsession import xdotool

SHOW_TIMEOUT_S = 30.0
"""A launch whose window has not shown by then is a failure."""
POLL_S = 0.005
"""The interval of the searches for the window when there is no xev."""


class MapWatcher:
    """The MapNotify events of the root window's children, each with the time it was read.

    Without ``xev`` it records nothing, and :meth:`wait` only sleeps the poll interval.
    """

    def __init__(self, display: str) -> None:
        self.maps: list[tuple[float, str]] = []
        self._news: queue.Queue[None] = queue.Queue()
        self._xev: subprocess.Popen | None = None
        if shutil.which("xev") is not None:
            self._xev = subprocess.Popen(
                ["xev", "-root", "-event", "substructure"],
                env={**os.environ, "DISPLAY": display},
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
            threading.Thread(target=self._read, daemon=True).start()
            time.sleep(0.3)  # xev has selected the events

    @property
    def watching(self) -> bool:
        return self._xev is not None and self._xev.poll() is None

    def _read(self) -> None:
        assert self._xev is not None and self._xev.stdout is not None
        map_time = None
        for line in self._xev.stdout:
            now = time.monotonic()
            if line.startswith("MapNotify event"):
                map_time = now
            elif map_time is not None:
                match = re.search(r"window (0x[0-9a-f]+)", line)
                self.maps.append((map_time, str(int(match.group(1), 16)) if match else ""))
                self._news.put(None)
                map_time = None

    def wait(self, timeout: float) -> None:
        """Until a new MapNotify comes, at most ``timeout`` s (the poll interval without xev)."""
        if not self.watching:
            time.sleep(POLL_S)
            return
        with contextlib.suppress(queue.Empty):
            self._news.get(timeout=timeout)
            while True:  # several at once: one search is enough
                self._news.get_nowait()

    def shown_at(self, window: str, since: float, searched: float) -> float:
        """When ``window`` became viewable: its MapNotify, else (a window manager's frame)
        the last MapNotify before the search that found it, else that search's time."""
        maps = [(t, w) for t, w in self.maps if since <= t <= searched]
        for when, mapped in maps:
            if mapped == window:
                return when
        return maps[-1][0] if maps else searched

    def stop(self) -> None:
        if self._xev is not None and self._xev.poll() is None:
            self._xev.terminate()
            try:
                self._xev.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._xev.kill()
                self._xev.wait()


def wait_for_window(
    display: str, process: subprocess.Popen, watcher: MapWatcher, started: float
) -> tuple[str, float] | None:
    """(the window, when it was shown) of ``process``; None when none came within
    :data:`SHOW_TIMEOUT_S` or the process ended first."""
    deadline = started + SHOW_TIMEOUT_S
    while time.monotonic() < deadline:
        searched = time.monotonic()
        found = xdotool(display, "search", "--onlyvisible", "--pid", str(process.pid)).split()
        if found:
            return found[-1], watcher.shown_at(found[-1], started, searched)
        if process.poll() is not None:
            return None
        watcher.wait(0.05)
    return None


def window_geometry(display: str, window: str) -> str:
    """``WxH`` of ``window`` ('' when xdotool cannot tell)."""
    match = re.search(r"Geometry: (\d+x\d+)", xdotool(display, "getwindowgeometry", window))
    return match.group(1) if match else ""


def resize_window(display: str, window: str, size: tuple[int, int]) -> str:
    """Resize ``window`` to ``size``; its size afterwards (``WxH``)."""
    xdotool(display, "windowsize", window, str(size[0]), str(size[1]))
    target = f"{size[0]}x{size[1]}"
    deadline = time.monotonic() + 2
    while (geometry := window_geometry(display, window)) != target:
        if time.monotonic() > deadline:
            break
        time.sleep(0.02)
    return geometry
