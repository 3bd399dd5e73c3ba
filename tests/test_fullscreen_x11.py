"""F11 on a real X display, with and without a window manager (issue 27).

With no window manager (a kiosk on plain X), SDL's fullscreen gave a window of the
screen's size left where the window was (1280x720 at +1280+720 became 3840x2160 at
+1280+720, three quarters off the screen), and F11 again left it there, black; leaving
the fullscreen of ``--fullscreen`` showed black until the mouse moved. Here each game of
the registry runs in Xvfb, bare and under matchbox: F11 must cover the whole screen at
0,0, F11 again give back the earlier geometry, and each time the table is drawn at once,
with no pointer motion (the pointer stays in a corner of the screen). matchbox keeps
every window over the whole screen, so there the window manager's fullscreen state
(``_NET_WM_STATE``) tells whether each F11 was answered.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.games.catalog import KINDS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from xsession import missing, virtual_display, window_of, xdotool  # noqa: E402

SCREEN = (1024, 768)
WINDOW = (640, 480)
Geometry = tuple[int, int, int, int]
"""A window's x, y, width and height on the screen."""
FULL: Geometry = (0, 0, *SCREEN)
DRAWN_WITHIN = 4.0
"""Seconds the game may take to show its table: "at once", with room for a busy CI."""


@pytest.fixture(scope="module", params=[False, True], ids=["no-wm", "matchbox"])
def screen(request) -> Iterator[tuple[str, bool]]:
    """An Xvfb screen, bare or with matchbox (one for all the games): (display, has_wm)."""
    needed = ["Xvfb", "xdotool", "import", "xprop"]
    absent = missing(needed + (["matchbox-window-manager"] if request.param else []))
    if absent:
        pytest.skip(
            f"needs {', '.join(absent)} for a real X window (apt-get install xvfb xdotool "
            "imagemagick x11-utils matchbox-window-manager)"
        )
    with virtual_display(SCREEN, window_manager=request.param) as display:
        # The pointer in the far corner, out of the window, and never moved again.
        xdotool(display, "mousemove", str(SCREEN[0] - 1), str(SCREEN[1] - 1))
        yield display, request.param


class Game:
    """The game in a real window: its geometry, its pixels, F11."""

    def __init__(self, screen: tuple[str, bool], home: Path, *args: str) -> None:
        self.display, self.has_wm = screen
        self.trace = home / "trace.jsonl"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "HALFMOON_"))}
        env.update(
            DISPLAY=self.display,
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            HALFMOON_HOME=str(home),
            HALFMOON_TRACE=str(self.trace),
        )
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.window = window_of(self.display, self.process)
        self._wait_for_first_frame()

    def _wait_for_first_frame(self) -> None:
        """Until the game runs its loop (the felt alone shows before it)."""
        deadline = time.monotonic() + 30
        while not self.trace.exists() or "first_frame" not in self.trace.read_text():
            assert self.process.poll() is None, f"the game ended ({self.process.returncode})"
            assert time.monotonic() < deadline, "no first frame in 30 s"
            time.sleep(0.05)

    def geometry(self) -> Geometry:
        shell = xdotool(self.display, "getwindowgeometry", "--shell", self.window)
        where = dict(line.split("=", 1) for line in shell.split())
        return tuple(int(where.get(key, -1)) for key in ("X", "Y", "WIDTH", "HEIGHT"))  # type: ignore[return-value]

    def black(self, geometry: Geometry) -> float:
        """The share of the window's area (in 16x16 blocks) that is black on the screen."""
        x, y, width, height = geometry
        x, y = max(0, x), max(0, y)
        width, height = min(width, SCREEN[0] - x), min(height, SCREEN[1] - y)
        if width <= 0 or height <= 0:
            return 1.0
        cols, rows = max(1, width // 16), max(1, height // 16)
        crop, scale = f"{width}x{height}+{x}+{y}", f"{cols}x{rows}!"
        command = ["import", "-window", "root", "-crop", crop, "+repage", "-resize", scale]
        done = subprocess.run(
            [*command, "-depth", "8", "rgb:-"],
            env={**os.environ, "DISPLAY": self.display},
            capture_output=True,
            timeout=30,
            check=False,
        )
        pixels = done.stdout
        if done.returncode or len(pixels) != cols * rows * 3:
            return 1.0
        dark = sum(1 for i in range(0, len(pixels), 3) if sum(pixels[i : i + 3]) < 24)
        return dark / (cols * rows)

    def fullscreen_state(self) -> bool:
        """Whether the window manager's state of the window says fullscreen."""
        done = subprocess.run(
            ["xprop", "-id", self.window, "_NET_WM_STATE"],
            env={**os.environ, "DISPLAY": self.display},
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
        return "_NET_WM_STATE_FULLSCREEN" in done.stdout

    def f11(self) -> None:
        xdotool(self.display, "key", "--window", self.window, "F11")

    def until(self, wanted: Callable[[Geometry], bool], fullscreen: bool, what: str) -> Geometry:
        """Wait for a geometry ``wanted`` accepts, in ``fullscreen`` or not as the window
        manager sees it (if any), and the window drawn over all of it."""
        deadline = time.monotonic() + DRAWN_WITHIN
        while True:
            geometry = self.geometry()
            state = not self.has_wm or self.fullscreen_state() == fullscreen
            black = self.black(geometry) if wanted(geometry) and state else 1.0
            if black < 0.01:
                return geometry
            if self.process.poll() is not None:
                raise AssertionError(f"the game ended ({self.process.returncode}) {what}")
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{what}: the window is {geometry}, {black:.0%} black"
                    + ("" if state else f", fullscreen for the window manager: {not fullscreen}")
                )
            time.sleep(0.2)

    def close(self) -> None:
        self.process.terminate()
        try:
            _, err = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        assert self.process.returncode == 0, err[-3000:]


def _on_screen(geometry: Geometry) -> bool:
    x, y, width, height = geometry
    return x >= 0 and y >= 0 and x + width <= SCREEN[0] and y + height <= SCREEN[1]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_f11_covers_the_screen_and_f11_again_gives_the_window_back(screen, kind, tmp_path):
    has_wm = screen[1]
    size = "x".join(map(str, WINDOW))
    game = Game(screen, tmp_path, "--window", size, "--deal", kind.code(1))
    try:
        # matchbox stretches every window over the screen; bare X leaves it as asked.
        first = game.until(lambda g: g[2:] == (SCREEN if has_wm else WINDOW), False, "at start")
        game.f11()
        game.until(lambda g: g == FULL, True, "after F11")
        game.f11()
        game.until(lambda g: g == first, False, f"after F11 again (before: {first})")
    finally:
        game.close()


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_f11_out_of_a_fullscreen_start_draws_the_window_at_once(screen, kind, tmp_path):
    has_wm = screen[1]
    size = "x".join(map(str, WINDOW))
    game = Game(screen, tmp_path, "--fullscreen", "--window", size, "--deal", kind.code(2))
    try:
        game.until(lambda g: g == FULL, True, "at a --fullscreen start")
        game.f11()
        expected = SCREEN if has_wm else WINDOW
        windowed = game.until(lambda g: g[2:] == expected and _on_screen(g), False, "after F11")
        game.f11()
        game.until(lambda g: g == FULL, True, "after F11 again")
        game.f11()
        game.until(lambda g: g == windowed, False, f"after a third F11 (before: {windowed})")
    finally:
        game.close()


def test_a_screen_without_a_window_manager_is_told_apart_unless_plain(screen):
    """:func:`game.platform.x11.bare_x` on a real window: True on bare X alone; False
    under matchbox, before the window opens, and with ``HALFMOON_PLAIN=1`` (SDL's own
    fullscreen then)."""
    display, has_wm = screen
    code = (
        "import os, pygame\n"
        "from game.platform.x11 import bare_x\n"
        "pygame.display.init()\n"
        "before = bare_x()\n"
        "pygame.display.set_mode((320, 240))\n"
        "now = bare_x()\n"
        "os.environ['HALFMOON_PLAIN'] = '1'\n"
        "print(before, now, bare_x())\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "HALFMOON_"))}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**env, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", str(not has_wm), "False"]
