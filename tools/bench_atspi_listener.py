"""A screen reader's part in tools/bench_accessibility.py: an AT-SPI client that listens.

    /usr/bin/python3 tools/bench_atspi_listener.py      # inside the benchmark's session bus

Run by the system's Python, which has pyatspi (Debian's python3-pyatspi); the game's
Python need not have it. It registers for the events a screen reader such as Orca
follows (every ``object:``, ``window:`` and ``focus:`` event), asks each event's source
its name and role as a screen reader does (calls the game's adapter answers), prints
``ready`` once registered and, on SIGTERM or SIGINT, one JSON line: the events it heard.
It reads nothing else and writes nothing to the game.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
from typing import Any

import pyatspi  # type: ignore[import-not-found]  # the system's python3-pyatspi
from gi.repository import GLib  # type: ignore[import-not-found]

EVENTS = ("object:", "window:", "focus:")


def main() -> int:
    heard: dict[str, int] = {}

    def on_event(event: Any) -> None:
        name = str(event.type)
        heard[name] = heard.get(name, 0) + 1
        # what a screen reader asks of an event's source (two calls to the game), unless
        # the source is gone meanwhile (its window closed)
        with contextlib.suppress(Exception):
            _ = event.source.name, event.source.getRoleName()

    def stop() -> bool:
        pyatspi.Registry.stop()
        return False

    pyatspi.Registry.registerEventListener(on_event, *EVENTS)
    for number in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, number, stop)
    print("ready", flush=True)
    pyatspi.Registry.start()
    print(json.dumps({"events": sum(heard.values()), "by_type": heard}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
