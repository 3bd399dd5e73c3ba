"""Inside tools/bench_accessibility.py's session bus: the game launched each way, its
first complete frames and its taps measured.

    dbus-run-session -- python tools/bench_accessibility_session.py [--launches N]
                        [--taps N] [--tap-launches N] [--python PY]

Run by tools/bench_accessibility.py (``make bench``) in a session bus of its own, with a
private ``XDG_RUNTIME_DIR`` and ``GSETTINGS_BACKEND=memory``; prints one JSON line, the
figures by way. It sets AT-SPI's ``ScreenReaderEnabled`` (which starts AT-SPI's bus),
opens one bare Xvfb of :data:`SIZE` and launches the game in fresh homes, the ways in
turn (:data:`WAYS`): ``off`` with ``HALFMOON_ACCESSIBILITY=0``; ``on``, the flag alone;
``reader``, the flag and tools/bench_atspi_listener.py listening (where the system's
Python has pyatspi). :class:`Session` has the two measures: the first complete frame
(tools/bench_first_frame.py's ``watch``) and taps (:meth:`Session.taps`): the pointer
pressed through XTest (:class:`Pointer`) on the grabber's own X connection and the
card's rectangle grabbed until it changes.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import ctypes.util
import itertools
import json
import os
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"
for _path in (str(ROOT), str(TOOLS)):
    if _path not in sys.path:
        sys.path.append(_path)

from bench_common import DEAL, percentile  # noqa: E402
from bench_first_frame import WATCH_S, halfmoon_launch, watch  # noqa: E402
from bench_grab import ScreenGrabber  # noqa: E402
from bench_rivals import held_open  # noqa: E402
from bench_rivals_launch import end_process  # noqa: E402
from xsession import virtual_display, window_of, xdotool  # noqa: E402

SIZE = (1280, 720)
LAUNCHES = 5
TAPS = 12
TAP_LAUNCHES = 2
PAUSE_S = 1.25
"""Between taps: the loop goes idle one second (of its clock) after the last input."""
POLL_S = 0.0005
"""How often the tapped card is grabbed (each grab about 0.1 ms)."""
TAP_WAIT_S = 1.0
"""A tap not shown within this is counted as missed."""
SYSTEM_PYTHON = "/usr/bin/python3"
WAYS = ("off", "on", "reader")
PROGRAMS = (("title", None), ("table", DEAL))
FLAG = ["org.a11y.Status", "ScreenReaderEnabled", "<true>"]
A11Y_BUS = ["--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus"]


def reader_lacking() -> str | None:
    """Why the reader way cannot run here (None: it can)."""
    if not os.path.exists(SYSTEM_PYTHON):
        return f"no {SYSTEM_PYTHON}"
    probe = [SYSTEM_PYTHON, "-c", "import pyatspi"]
    if subprocess.run(probe, capture_output=True, check=False).returncode:
        return f"{SYSTEM_PYTHON} has no pyatspi (apt-get install python3-pyatspi)"
    return None


class Pointer:
    """The X pointer moved and pressed through XTest on the grabber's own connection."""

    def __init__(self, grabber: ScreenGrabber) -> None:
        found = ctypes.util.find_library("Xtst")
        if found is None:
            raise OSError("libXtst not found")
        self.xtst, self.x11, self.dpy = ctypes.CDLL(found), grabber.x11, grabber.dpy
        integer, display, time_ms = ctypes.c_int, ctypes.c_void_p, ctypes.c_ulong
        self.xtst.XTestFakeMotionEvent.argtypes = [display, integer, integer, integer, time_ms]
        self.xtst.XTestFakeButtonEvent.argtypes = [display, ctypes.c_uint, integer, time_ms]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]

    def move(self, point: tuple[int, int]) -> None:
        self.xtst.XTestFakeMotionEvent(self.dpy, -1, point[0], point[1], 0)
        self.x11.XFlush(self.dpy)

    def button(self, pressed: bool) -> None:
        self.xtst.XTestFakeButtonEvent(self.dpy, 1, int(pressed), 0)
        self.x11.XFlush(self.dpy)


class Listener:
    """The reader way's AT-SPI client (tools/bench_atspi_listener.py), started and
    ready before a launch, stopped after it; what it heard, a launch an entry."""

    def __init__(self) -> None:
        self.heard: list[int] = []

    @contextlib.contextmanager
    def around(self, way: str) -> Iterator[None]:
        if way != "reader":
            yield
            return
        process = subprocess.Popen(
            [SYSTEM_PYTHON, str(TOOLS / "bench_atspi_listener.py")],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert process.stdout is not None
        try:
            ready = select.select([process.stdout], [], [], 20)[0]
            if not ready or process.stdout.readline().strip() != "ready":
                raise RuntimeError("the AT-SPI listener did not start")
            yield
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                out, _ = process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                out, _ = process.communicate()
            lines = [line for line in out.splitlines() if line.startswith("{")]
            self.heard.append(json.loads(lines[-1])["events"] if lines else -1)


def _gdbus(*args: str) -> str:
    done = subprocess.run(["gdbus", "call", *args], capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"gdbus call {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def _cpu_s(pid: int) -> float:
    """The CPU time (user and system) of process ``pid`` so far, from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def target(size: tuple[int, int]) -> tuple[tuple[int, int, int, int], tuple[int, int]]:
    """The card tapped in :data:`DEAL`'s table at ``size``: its box (x, y, width,
    height) and the point pressed, the first card of the deal's first legal move."""
    from touch_play import point_on

    from game.games.catalog import kind_for_code
    from game.scenes.boards import board_for
    from game.table.layout import compute_layout

    kind = kind_for_code(DEAL)
    layout = compute_layout(size[0], size[1], kind.table)
    game = kind.from_code(DEAL)
    slot = next(move.slots[0] for move in game.legal_moves() if move.slots)
    rect = board_for(game).top_rect(layout, slot)
    point = point_on(layout, rect, slot)
    if point is None:
        raise RuntimeError(f"no point of {slot} to tap")
    return (rect.x, rect.y, rect.width, rect.height), point


class Session:
    """The launches of every way in one Xvfb, inside the session bus (see the module)."""

    def __init__(self, display: str, python: str, ways: tuple[str, ...], a11y_bus: str):
        self.display, self.python, self.ways, self.a11y_bus = display, python, ways, a11y_bus
        self.grabber = ScreenGrabber(display)
        self.pointer = Pointer(self.grabber)
        self.listener = Listener()
        self.pycache = tempfile.mkdtemp(prefix="bench-a11y-pycache-")

    def command(self, way: str, home: str, deal: str | None) -> tuple[list[str], dict[str, str]]:
        command, env = halfmoon_launch(self.python, SIZE, home, self.pycache, deal, ROOT)
        env["DISPLAY"] = self.display
        if way == "off":
            env["HALFMOON_ACCESSIBILITY"] = "0"
        return command, env

    def first_frame(self, way: str, deal: str | None) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="bench-a11y-") as home, self.listener.around(way):
            command, env = self.command(way, home, deal)
            return watch(self.grabber, command, env, home, WATCH_S)

    def registered(self) -> int:
        """How many applications AT-SPI's registry has now (the game's adapter active: 1)."""
        root = ["--object-path", "/org/a11y/atspi/accessible/root"]
        call = ["--dest", "org.a11y.atspi.Registry", *root, "--method"]
        found = _gdbus("--address", self.a11y_bus, *call, "org.a11y.atspi.Accessible.GetChildren")
        return found.count("objectpath")

    def taps(self, way: str, count: int) -> dict[str, Any]:
        """One launch of the table, ``count`` taps on its card once it is idle."""
        box, point = target(SIZE)
        with tempfile.TemporaryDirectory(prefix="bench-a11y-") as home, self.listener.around(way):
            command, env = self.command(way, home, DEAL)
            process = subprocess.Popen(command, env=env, cwd=home, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       start_new_session=True)  # fmt: skip
            try:
                window_of(self.display, process)
                self._settle(box)
                self.pointer.move(point)
                time.sleep(PAUSE_S)
                registered, cpu = self.registered(), _cpu_s(process.pid)
                latencies = [self._tap(box) for _ in range(count)]
                cpu = _cpu_s(process.pid) - cpu
            finally:
                end_process(process)
        shown = [value for value in latencies if value is not None]
        return {"taps_s": shown, "missed": count - len(shown), "cpu_s": cpu,
                "registered_apps": registered}  # fmt: skip

    def _settle(self, box: tuple[int, int, int, int], still_s: float = 0.5) -> None:
        """Wait until the card's picture has stayed the same ``still_s`` (at most 10 s)."""
        last, since, deadline = b"", time.monotonic(), time.monotonic() + 10
        while time.monotonic() < deadline:
            picture = self.grabber.grab_box(box)
            if picture != last:
                last, since = picture, time.monotonic()
            elif time.monotonic() - since >= still_s:
                return
            time.sleep(0.02)

    def _tap(self, box: tuple[int, int, int, int]) -> float | None:
        """Press, watch the card until it changes, release; seconds from the press to the
        grab that showed the change (None: no change within :data:`TAP_WAIT_S`)."""
        before = self.grabber.grab_box(box)
        started = time.monotonic()
        self.pointer.button(True)
        shown = None
        while time.monotonic() - started < TAP_WAIT_S:
            picture = self.grabber.grab_box(box)
            if picture != before:
                shown = time.monotonic() - started
                break
            time.sleep(POLL_S)
        self.pointer.button(False)
        time.sleep(PAUSE_S)
        return shown

    def close(self) -> None:
        self.grabber.close()


def _turn(ways: tuple[str, ...], number: int) -> tuple[str, ...]:
    """The ways in round ``number``'s order, each round the next of their orders, so that
    no way always comes first or after the same one (a launch's end may weigh on the next)."""
    orders = list(itertools.permutations(ways))
    return orders[number % len(orders)]


def _median(values: list[float]) -> float | None:
    return round(statistics.median(values), 4) if values else None


def in_session(launches: int, taps: int, tap_launches: int, python: str) -> dict[str, Any]:
    """Every way's launches, inside the session bus: the figures, by way (``skipped``
    and why, where AT-SPI's bus does not start: no at-spi2-core)."""
    try:
        _gdbus("--session", *A11Y_BUS, "--method", "org.freedesktop.DBus.Properties.Set", *FLAG)
        a11y_bus = _gdbus("--session", *A11Y_BUS, "--method", "org.a11y.Bus.GetAddress")
    except RuntimeError as error:
        return {"skipped": f"AT-SPI's bus did not start (at-spi2-core?): {error}"}
    a11y_bus = a11y_bus.strip("(),'")
    why_not = reader_lacking()
    ways = tuple(way for way in WAYS if way != "reader" or why_not is None)
    results: dict[str, Any] = {"size": f"{SIZE[0]}x{SIZE[1]}", "ways": list(ways)}
    if why_not:
        results["reader"] = f"left out: {why_not}"
    frames: dict[str, dict[str, list[dict[str, Any]]]] = {
        name: {way: [] for way in ways} for name, _ in PROGRAMS
    }
    tapped: dict[str, list[dict[str, Any]]] = {way: [] for way in ways}
    with virtual_display(SIZE) as display, held_open(display):
        xdotool(display, "mousemove", "0", "0")
        session = Session(display, python, ways, a11y_bus)
        try:
            for _, deal in PROGRAMS:  # warm-up: page cache, byte code, the registry
                for way in ways:
                    session.first_frame(way, deal)
            for number in range(launches):
                for name, deal in PROGRAMS:
                    for way in _turn(ways, number):
                        print(f"screen reader {way} {number + 1}: {name}", file=sys.stderr)
                        frames[name][way].append(session.first_frame(way, deal))
            for number in range(tap_launches):
                for way in _turn(ways, number):
                    print(f"screen reader {way}: taps {number + 1}", file=sys.stderr)
                    tapped[way].append(session.taps(way, taps))
        finally:
            session.close()
    results["first_frame"] = {
        name: {way: _frame_summary(runs) for way, runs in entry.items()}
        for name, entry in frames.items()
    }
    results["taps"] = {way: _tap_summary(runs) for way, runs in tapped.items()}
    if "reader" in ways:
        results["reader_events"] = session.listener.heard
    return results


def _frame_summary(launches: list[dict[str, Any]]) -> dict[str, Any]:
    good = [launch for launch in launches if "error" not in launch]
    times = [launch["first_complete_s"] for launch in good]
    return {
        "first_complete_s": _median(times),
        "first_change_s": _median([launch["first_change_s"] for launch in good]),
        "pictures": _median([launch["pictures"] for launch in good]),
        "runs_s": times,
        "unsettled": sum(not launch["settled"] for launch in good),
        "failures": len(launches) - len(good),
    }


def _tap_summary(launches: list[dict[str, Any]]) -> dict[str, Any]:
    taps = [value for launch in launches for value in launch["taps_s"]]
    missed = sum(launch["missed"] for launch in launches)
    made = len(taps) + missed or 1
    return {
        "n": len(taps),
        "median_ms": round(1000 * statistics.median(taps), 2) if taps else None,
        "p90_ms": round(1000 * percentile(taps + [TAP_WAIT_S] * missed, 0.9), 2),
        "max_ms": round(1000 * max(taps), 2) if taps else None,
        "missed": missed,
        "cpu_ms_per_tap": round(1000 * sum(launch["cpu_s"] for launch in launches) / made, 2),
        "registered_apps": [launch["registered_apps"] for launch in launches],
    }


def parser_for(description: str) -> argparse.ArgumentParser:
    """The measure's options (this module's and tools/bench_accessibility.py's)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--launches", type=int, default=LAUNCHES, help="first frames a way")
    parser.add_argument("--taps", type=int, default=TAPS, help="taps a launch")
    parser.add_argument("--tap-launches", type=int, default=TAP_LAUNCHES)
    parser.add_argument("--python", default=sys.executable, help="the Python of Half Moon")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser_for(__doc__.splitlines()[0]).parse_args(argv)
    found = in_session(args.launches, args.taps, args.tap_launches, args.python)
    print(json.dumps(found), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
