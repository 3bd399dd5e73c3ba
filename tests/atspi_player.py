"""A blind player: plays the game by keyboard alone, knowing only what the
accessibility tree says. Run by the system's Python, which has pyatspi:

    python3 tests/atspi_player.py PLAN.json

The plan (JSON): ``start``, keys typed first (to reach the table); ``moves``, each a
list of the names of the slots to tap in turn, as the tree names them ("Pile 3, 7 of
hearts, 8 cards"); ``keys``, keys typed after the moves; ``listen``, seconds to listen
after; ``until``, or less, once an announcement says this. For each tap the player finds
the slot of that name in the table's list, moves the focus there with the arrow keys
(towards where the tree says the slot is, until the tree says the focus is on it) and
presses Space; after a move's taps it waits for the announcement the move (or its
refusal) makes. Prints one JSON line: the table's slots at the start and at the end, the
panels (dialogs) at the end, the announcements and focus changes heard, keys typed,
seconds to each stage, and the first thing that went wrong (None if nothing did). Used
by tests/test_spoken.py.
"""

from __future__ import annotations

import ctypes
import json
import subprocess
import sys
import threading
import time

import pyatspi  # type: ignore[import-not-found]  # Debian's python3-pyatspi
from gi.repository import GLib  # type: ignore[import-not-found]

ARROWS = {"Right": (1, 0), "Left": (-1, 0), "Down": (0, 1), "Up": (0, -1)}


def frame():
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        for i in range(app.childCount if app is not None else 0):
            child = app.getChildAtIndex(i)
            if child is not None and child.getRoleName() == "frame":
                return child
    return None


def table(window):
    for i in range(window.childCount):
        child = window.getChildAtIndex(i)
        if child.getRoleName() == "list box":
            return child
    return None


def slots(window):
    """The table's slots: name, centre, focused, selected (none while the tree changes
    under the reading)."""
    try:
        return _slots(window)
    except Exception:  # a node gone as it was read: the next look finds the new tree
        return []


def _slots(window):
    found = table(window) if window is not None else None
    if found is None:
        return []
    items = []
    for i in range(found.childCount):
        child = found.getChildAtIndex(i)
        states = child.getState().getStates()
        box = child.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        items.append(
            {
                "name": child.name,
                "centre": (box.x + box.width / 2, box.y + box.height / 2),
                "focused": pyatspi.STATE_FOCUSED in states,
                "selected": pyatspi.STATE_SELECTED in states,
            }
        )
    return items


def dialogs(window):
    """The panels shown: each one's words and the names of the buttons inside it."""
    try:
        found = []
        for i in range(window.childCount):
            child = window.getChildAtIndex(i)
            if child.getRoleName() == "dialog":
                buttons = [child.getChildAtIndex(j).name for j in range(child.childCount)]
                found.append({"name": child.name, "buttons": buttons})
        return found
    except Exception:  # the tree changing as it is read
        return []


class Keyboard:
    """Key presses sent to the X server as a keyboard's (XTest, as xdotool does, without
    a process a key); xdotool where libXtst cannot be loaded."""

    def __init__(self):
        try:
            self.x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
            self.xtst = ctypes.cdll.LoadLibrary("libXtst.so.6")
        except OSError:
            self.display = None
            return
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeKeyEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        self.display = self.x11.XOpenDisplay(None)

    def press(self, key):
        if not self.display:
            subprocess.run(["xdotool", "key", key], check=False)
            return
        code = self.x11.XKeysymToKeycode(self.display, self.x11.XStringToKeysym(key.encode()))
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x11.XFlush(self.display)


class Player:
    def __init__(self):
        self.keys = 0
        self.events = []
        self.keyboard = Keyboard()

    def press(self, key):
        self.keys += 1
        self.keyboard.press(key)

    def focused(self, window):
        return next((s for s in slots(window) if s["focused"]), None)

    def settle(self, window, was, seconds=1.0):
        """The slot the focus went to from the one called ``was`` (the focus event the
        tree sends; its name), or ``was`` if none came in ``seconds``."""
        seen = len(self.events)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for event in self.events[seen:]:
                if event["type"].endswith("focused") and event["detail"] and event["name"] != was:
                    return event["name"]
            time.sleep(0.005)
        return was

    def go_to(self, window, name):
        """Focus the slot called ``name`` with the arrow keys; an error, or None. The
        slots are read once (their names and places do not change while the focus moves),
        then each key's focus event says where the focus went."""
        items = []
        deadline = time.monotonic() + 3
        while not items and time.monotonic() < deadline:
            items = slots(window)
        places = {s["name"]: s["centre"] for s in items}
        if name not in places:
            return f"no slot is called {name!r}: {list(places)}"
        here = next((s["name"] for s in items if s["focused"]), None)
        if here is None:
            self.press("Down")  # the first key puts the focus on the table
            here = self.settle(window, None) or (self.focused(window) or {}).get("name")
        tried = set()
        for _ in range(60):
            if here == name:
                return None
            if here not in places:
                return f"the focus is on {here!r}, not on a slot"
            dx = places[name][0] - places[here][0]
            dy = places[name][1] - places[here][1]
            ways = sorted(ARROWS, key=lambda k: -(ARROWS[k][0] * dx + ARROWS[k][1] * dy))
            way = next((k for k in ways if (here, k) not in tried), None)
            if way is None:
                return f"the arrows never reach {name!r} from {here!r}"
            tried.add((here, way))
            self.press(way)
            here = self.settle(window, here)
        return f"{name!r} not reached in 60 keys"

    def play(self, plan):
        window = None
        started = time.monotonic()
        while time.monotonic() - started < 20 and window is None:
            window = frame()
            time.sleep(0.2)
        if window is None:
            return {"error": "no window on the AT-SPI bus"}
        times = {"window": time.monotonic() - started}
        for key in plan.get("start", []):
            time.sleep(0.3)
            self.press(key)
        deadline = time.monotonic() + 10
        while not slots(window) and time.monotonic() < deadline:
            time.sleep(0.1)
        before = slots(window)
        times["table"] = time.monotonic() - started
        error = None
        for number, move in enumerate(plan["moves"]):
            seen = len(self.events)
            for name in move:
                if name.startswith("KEY:"):  # a move made by a key of its own (R: redeal)
                    self.press(name[4:])
                    continue
                error = self.go_to(window, name)
                if error is not None:
                    error = f"move {number + 1}: {error}"
                    break
                self.press("space")
                time.sleep(0.05)
            if error is not None:
                break
            self.wait_for_word(seen)
        times["moves"] = time.monotonic() - started
        for key in plan.get("keys", []):
            self.press(key)
            time.sleep(0.3)
        deadline = time.monotonic() + plan.get("listen", 1.0)
        while time.monotonic() < deadline and not self.heard(plan.get("until")):
            time.sleep(0.05)
        time.sleep(0.1 if plan.get("until") else 0)
        times["heard"] = time.monotonic() - started
        return {
            "times": times,
            "before": before,
            "after": slots(window),
            "dialogs": dialogs(window),
            "error": error,
        }

    def heard(self, text):
        """Whether an announcement with ``text`` in it came (None: never)."""
        return text is not None and any(text in (e["text"] or "") for e in self.events)

    def wait_for_word(self, seen):
        """Until an announcement comes after the first ``seen`` events (each move and each
        refusal has one), or a while."""
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            if any(e["type"] == "object:announcement" for e in self.events[seen:]):
                return
            time.sleep(0.01)


def main():
    with open(sys.argv[1], encoding="utf-8") as file:
        plan = json.load(file)
    player = Player()

    def heard(event):
        player.events.append(
            {
                "type": event.type,
                "name": event.source.name,
                "detail": event.detail1,
                "text": event.any_data if isinstance(event.any_data, str) else None,
            }
        )

    result = {}

    def run():
        try:
            result.update(player.play(plan))
        except Exception as error:  # reported, not raised: the listener must stop
            result["error"] = f"{type(error).__name__}: {error}"
        GLib.idle_add(pyatspi.Registry.stop)

    pyatspi.Registry.registerEventListener(
        heard, "object:state-changed:focused", "object:announcement"
    )
    threading.Thread(target=run, daemon=True).start()
    pyatspi.Registry.start()
    result.update(events=player.events, keys=player.keys)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
