"""What a screen reader reads of the game: run by the system's Python, which has pyatspi.

    python3 tests/atspi_reader.py [--keys "Tab Tab space"] [--listen SECONDS] [--heard N]

Waits (up to 20 s) for an application with a frame to show on the session's AT-SPI bus,
then prints one JSON line: the frame's tree (role, name, focus, children) before and
after typing ``--keys`` into the X window that has the focus (xdotool, one at a time), the
events a screen reader gets: focus changes and announcements, in order. It listens for
``--listen`` seconds after the keys, or less once ``--heard`` announcements came. Used by
tests/test_spoken.py inside ``dbus-run-session``; it reads only the accessibility tree.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import threading
import time

import pyatspi  # type: ignore[import-not-found]  # Debian's python3-pyatspi
from gi.repository import GLib  # type: ignore[import-not-found]


def node(accessible, depth=0):
    states = accessible.getState().getStates()
    return {
        "role": accessible.getRoleName(),
        "name": accessible.name,
        "focused": pyatspi.STATE_FOCUSED in states,
        "enabled": pyatspi.STATE_ENABLED in states,
        "selected": pyatspi.STATE_SELECTED in states,
        "children": [
            node(accessible.getChildAtIndex(i), depth + 1) for i in range(accessible.childCount)
        ]
        if depth < 6
        else [],
    }


def frames():
    desktop = pyatspi.Registry.getDesktop(0)
    found = []
    for app in desktop:
        if app is None:
            continue
        for i in range(app.childCount):
            child = app.getChildAtIndex(i)
            if child is not None and child.getRoleName() in ("frame", "window"):
                found.append(child)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", default="")
    parser.add_argument("--listen", type=float, default=1.0)
    parser.add_argument("--heard", type=int, default=0)
    args = parser.parse_args()
    started = time.monotonic()
    shown = []
    while time.monotonic() - started < 20:
        shown = frames()
        if shown and shown[0].childCount:
            time.sleep(0.5)  # the whole screen, not its first nodes
            break
        time.sleep(0.2)
    before = node(shown[0]) if shown else None
    events = []

    def heard(event):
        events.append(
            {
                "type": event.type,
                "role": event.source.getRoleName(),
                "name": event.source.name,
                "detail": event.detail1,
                "text": event.any_data if isinstance(event.any_data, str) else None,
            }
        )

    pyatspi.Registry.registerEventListener(
        heard, "object:state-changed:focused", "object:announcement"
    )

    def type_keys():
        time.sleep(0.5)
        for key in args.keys.split():
            subprocess.run(["xdotool", "key", key], check=False)
            time.sleep(0.25)
        if args.heard:
            deadline = time.monotonic() + args.listen
            while time.monotonic() < deadline and heard_count() < args.heard:
                time.sleep(0.05)
            time.sleep(0.2)  # (what comes with the last one)
        else:
            time.sleep(args.listen)
        GLib.idle_add(pyatspi.Registry.stop)

    def heard_count():
        return sum(event["type"] == "object:announcement" for event in events)

    threading.Thread(target=type_keys, daemon=True).start()
    pyatspi.Registry.start()
    after = node(shown[0]) if shown else None
    print(json.dumps({"before": before, "after": after, "events": events}))


if __name__ == "__main__":
    main()
