"""The game as a Wayland client of a real compositor (weston), with SDL's wayland driver.

SDL's Wayland driver has no window framebuffer of its own: asked for one on the CPU
(``SDL_FRAMEBUFFER_ACCELERATION=0``, which the game set for every driver) it refused the
window, and the game died at start with a traceback (``pygame.error: Window framebuffer
support not available``), in a window and in a kiosk alike (issue 36). Here weston runs
headless on Mesa's software OpenGL, as on CI (tools/wayland_session.py), and each start
is judged from weston's own screenshot: where the window is on its output (weston draws
its desktop in one colour, with no panel) and that it is not black. Input (F11, clicks, a
resize) needs a compositor with a seat: weston's headless backend has
none, so those tests run weston in an Xvfb window and type and click through X into it
(the game stays a pure Wayland client).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.games.catalog import KINDS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import wayland_session  # noqa: E402
from wayland_session import Compositor, compositor, window_box  # noqa: E402

OUTPUT = (1024, 640)
WINDOW = (640, 480)
RESIZED = (WINDOW[0] - 60, WINDOW[1] - 40)
"""The window after weston's resize of the tests with a seat."""
STARTED_WITHIN = 40.0
"""Seconds a start may take on a busy two-core CI machine (about 2 s when idle)."""


@pytest.fixture(scope="module")
def weston() -> Iterator[Compositor]:
    """A headless weston (one for the module's tests), or a skip that says what is missing."""
    absent = wayland_session.missing()
    if absent:
        pytest.skip(
            f"needs {', '.join(absent)} for a real Wayland compositor ({wayland_session.PACKAGES})"
        )
    with contextlib.ExitStack() as stack:
        try:
            running = stack.enter_context(compositor(OUTPUT))
        except RuntimeError as error:  # no OpenGL at all, say: weston's own words
            pytest.skip(str(error))
        yield running


class Game:
    """The game started as a Wayland client of ``weston``, with its home in ``home``."""

    def __init__(self, weston: Compositor, home: Path, *args: str, env: dict | None = None):
        self.weston = weston
        self.home = home
        self.trace = home / "trace.jsonl"
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), *args],
            cwd=ROOT,
            env={
                **weston.client_env(),
                "SDL_AUDIODRIVER": "dummy",
                "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                "HALFMOON_HOME": str(home),
                "HALFMOON_TRACE": str(self.trace),
                **(env or {}),
            },
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )

    def events(self, name: str) -> list[dict]:
        if not self.trace.exists():
            return []
        lines = self.trace.read_text(encoding="utf-8").splitlines()
        return [event for event in map(json.loads, lines) if event["event"] == name]

    def wait_for_first_frame(self) -> dict:
        """The trace's first frame, once the game draws its loop; an AssertionError with
        what the game printed when it ends first."""
        deadline = time.monotonic() + STARTED_WITHIN
        while not self.events("first_frame"):
            if self.process.poll() is not None:
                raise AssertionError(
                    f"the game ended with status {self.process.returncode} before its first "
                    f"frame; it printed: {self.stop()[1].strip()[-2000:]}"
                )
            assert time.monotonic() < deadline, f"no first frame in {STARTED_WITHIN:.0f} s"
            time.sleep(0.05)
        return self.events("first_frame")[0]

    def stop(self) -> tuple[int, str]:
        """SIGTERM, as a kiosk's supervisor stops it: (exit status, what it printed)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            _, err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return self.process.returncode, err


def felt_box(shot: Path) -> tuple[int, int, int, int]:
    """The bounding box (x, y, width, height) of the felt's colours in a screenshot
    ((0, 0, 0, 0) for none)."""
    from ui_helpers import pygame

    from game.look.theme import FELT, FELT_DARK

    image = pygame.image.load(str(shot))
    mask = pygame.mask.Mask(image.get_size())
    for colour in (FELT, FELT_DARK):
        mask.draw(pygame.mask.from_threshold(image, colour, (7, 7, 7, 255)), (0, 0))
    rects = mask.get_bounding_rects()
    if not rects:
        return (0, 0, 0, 0)
    box = rects[0].unionall(rects[1:])
    return (box.x, box.y, box.w, box.h)


def black_share(shot: Path, box: tuple[int, int, int, int]) -> float:
    """The share of ``box`` in a screenshot that is black (a window drawn at last: 0)."""
    from ui_helpers import pygame

    image = pygame.image.load(str(shot))
    area = image.subsurface(pygame.Rect(box)) if box[2] and box[3] else image
    black = pygame.mask.from_threshold(area, (0, 0, 0), (12, 12, 12, 255)).count()
    return black / (area.get_width() * area.get_height())


def covers_output(box: tuple[int, int, int, int]) -> bool:
    """Whether the window covers the whole output (fullscreen)."""
    return box == (0, 0, *OUTPUT)


def window_of(size: tuple[int, int]):
    """Whether the window is ``size`` wide and high."""
    return lambda box: box[2:] == size


def until_drawn(weston: Compositor, game: Game, folder: Path, name: str, wanted) -> tuple:
    """Screenshots until the felt's box is one ``wanted`` accepts, for a few seconds: the
    box, or an AssertionError naming the last shot."""
    deadline = time.monotonic() + 10
    while True:
        shot = weston.screenshot(folder, name)
        box = window_box(shot)
        if wanted(box) and black_share(shot, box) < 0.05:
            return box
        assert game.process.poll() is None, f"the game ended: {game.stop()}"
        assert time.monotonic() < deadline, f"{name}: the window is at {box}, or black ({shot})"
        time.sleep(0.3)


def test_a_window_opens_on_wayland_and_draws_the_title(weston, tmp_path):
    size = "x".join(map(str, WINDOW))
    game = Game(weston, tmp_path, "--window", size)
    try:
        assert game.wait_for_first_frame()["size"] == list(WINDOW)
        box = until_drawn(weston, game, tmp_path, "title", window_of(WINDOW))
        assert felt_box(tmp_path / "title.png") == box  # the felt, edge to edge
    finally:
        status, said = game.stop()
    assert status == 0, said[-3000:]
    assert said == ""


def _saved(home: Path, kind):
    """The game of ``kind`` saved in ``home`` (None when there is none)."""
    from game.records.savegame import SavedGame

    path = home / "data" / kind.save_file
    if not path.exists():
        return None
    return SavedGame.from_dict(json.loads(path.read_bytes()), kind).game


def _under_way(home: Path, kind) -> str:
    """A game of ``kind`` left under way in ``home`` by the app (its script's first move
    made by clicks, in this process): its position."""
    from kind_scripts import save_under_way

    from game.records.storage import Storage

    storage = Storage(home / "config", home / "data")
    try:
        return save_under_way(storage, kind)[1]
    finally:
        storage.close()


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_a_kiosk_covers_the_output_and_sigterm_keeps_its_game(weston, display, kind, tmp_path):
    position = _under_way(tmp_path, kind)
    game = Game(weston, tmp_path, "--kiosk", "--game", kind.key)
    try:
        assert game.wait_for_first_frame()["size"] == list(OUTPUT)
        until_drawn(weston, game, tmp_path, "kiosk", covers_output)
    finally:
        status, said = game.stop()
    assert (status, said) == (0, "")
    saved = _saved(tmp_path, kind)
    assert saved is not None and saved.position() == position


def test_a_window_covered_and_uncovered_shows_the_game_again(weston, tmp_path):
    """Wayland's expose: the compositor keeps the game's last frame; another window over
    it and gone must leave the game's window as it was, with no input to wake it."""
    game = Game(weston, tmp_path, "--window", "x".join(map(str, WINDOW)))
    cover = None
    try:
        game.wait_for_first_frame()
        before = until_drawn(weston, game, tmp_path, "before", window_of(WINDOW))
        cover = subprocess.Popen(
            ["weston-fullscreen", "-w", str(OUTPUT[0]), "-h", str(OUTPUT[1])],
            env={**os.environ, **weston.env},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while window_box(weston.screenshot(tmp_path, "covered")) == before:
            assert time.monotonic() < deadline, "the covering window never showed"
            time.sleep(0.2)
        cover.terminate()
        cover.wait(timeout=10)
        assert until_drawn(weston, game, tmp_path, "uncovered", window_of(WINDOW)) == before
    finally:
        if cover is not None and cover.poll() is None:
            cover.kill()
            cover.wait()
        status, said = game.stop()
    assert (status, said) == (0, "")


def test_a_cpu_framebuffer_the_player_asks_for_is_refused_in_one_line(weston, tmp_path):
    """``SDL_FRAMEBUFFER_ACCELERATION=0`` set by the player is theirs: on Wayland, which
    cannot have it, one line with SDL's reason and status 2, never a traceback."""
    game = Game(weston, tmp_path, "--kiosk", env={"SDL_FRAMEBUFFER_ACCELERATION": "0"})
    try:
        game.process.wait(timeout=STARTED_WITHIN)  # it must end by itself
    finally:
        status, said = game.stop()
    assert status == 2, said
    assert said.count("\n") == 1 and "Traceback" not in said, said
    # SDL's reason as SDL words it ("Window framebuffer support not available" in SDL 2.32;
    # pygame-ce 2.5.0's SDL 2.30 gives none, and the line says so)
    assert "SDL's wayland video driver cannot open the window: " in said, said
    assert not said.rstrip().endswith(":"), said  # a reason, never an empty one


PRESENTS = (
    "import argparse, sys\n"
    "from game.shell.display import show_window\n"
    "from game.platform import framebuffer\n"
    "import pygame\n"
    "show_window(argparse.Namespace(window=(320, 240), fullscreen=False), None)\n"
    "print(pygame.display.get_driver(), framebuffer.presents_from_cpu())\n"
)
"""A window opened as the game opens it: SDL's driver, and whether it presents from the CPU."""


def _presents(env: dict[str, str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PRESENTS],
        cwd=ROOT,
        env={**env, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


def test_the_cpu_presents_where_the_driver_can_and_sdl_where_it_cannot(weston):
    assert _presents(weston.client_env()) == ["wayland", "False"]
    import xsession

    if xsession.missing(("Xvfb",)):
        pytest.skip("needs Xvfb for the other half (apt-get install xvfb)")
    with xsession.virtual_display((640, 480)) as display:
        env = {k: v for k, v in weston.client_env().items() if not k.startswith("SDL_")}
        env.pop("WAYLAND_DISPLAY")
        assert _presents({**env, "DISPLAY": display}) == ["x11", "True"]


# ------------------------------------------------------------ with a seat: weston on X
@pytest.fixture(scope="module")
def seated() -> Iterator[tuple[Compositor, str]]:
    """A weston with a keyboard and a pointer: its x11 backend in a window of an Xvfb, which
    passes xdotool's keys and clicks on to the game (weston, the X display)."""
    import xsession

    absent = wayland_session.missing(("weston", "weston-screenshooter", "Xvfb", "xdotool"))
    if absent:
        pytest.skip(
            f"needs {', '.join(absent)} for a Wayland compositor with input "
            f"({wayland_session.PACKAGES} xvfb xdotool)"
        )
    below = (OUTPUT[0], OUTPUT[1] + 40)  # room under weston's window for the pointer
    with contextlib.ExitStack() as stack:
        x_display = stack.enter_context(xsession.virtual_display(below))
        try:
            running = stack.enter_context(compositor(OUTPUT, x_display=x_display))
        except RuntimeError as error:
            pytest.skip(str(error))
        # weston follows the pointer from the moment it enters its window (X's pointer
        # starts inside it, where the first clicks were lost): out, then in.
        outside, inside = str(OUTPUT[1] + 20), str(OUTPUT[1] - 20)
        _xdotool(x_display)("mousemove", "5", outside, "sleep", "0.3", "mousemove", "5", inside)
        yield running, x_display


def _played_in_process(tmp_path: Path, kind) -> tuple[str, str | None]:
    """The script's first two moves of ``kind`` made by clicks in this process, as the app
    saves them: the position after the first, and the saved position after the second
    (None when nothing is left saved)."""
    from kind_scripts import make, table, win_game

    from game.records.storage import Storage
    from game.scenes.flow import open_context

    home = tmp_path / "in-process"
    storage = Storage(home / "config", home / "data")
    try:
        ctx = open_context(storage)
        game, moves = win_game(kind)
        driver = table(ctx, game)
        make(driver, moves[0])
        first = game.position()
        make(driver, moves[1])
        ctx.save_all()
    finally:
        storage.close()
    second = _saved(home, kind)
    return first, None if second is None else second.position()


@pytest.mark.once  # (SDL's and the game's behaviour: the same on any Python)
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.key)
def test_clicks_play_a_move_and_f11_goes_both_ways_on_wayland(seated, display, kind, tmp_path):
    """A game under way resumed with Enter, its script's next move clicked on its
    fullscreen table, F11 to a window, a resize by weston, F11 back to fullscreen,
    SIGTERM: each drawn at its size, status 0 and the move saved."""
    from kind_scripts import win_game

    from game.scenes.boards import board_for
    from game.table.layout import compute_layout

    weston, x_display = seated
    first, expected = _played_in_process(tmp_path, kind)
    home = tmp_path / "home"
    assert _under_way(home, kind) == first
    under_way = _saved(home, kind)
    assert under_way is not None
    size = "x".join(map(str, WINDOW))
    game = Game(weston, home, "--fullscreen", "--window", size, "--game", kind.key)
    xsession_do = _xdotool(x_display)
    try:
        game.wait_for_first_frame()
        until_drawn(weston, game, tmp_path, "title", covers_output)
        # The pointer into weston's X window first: X gives its keyboard to the window
        # under the pointer, and weston its own to the game once it has seen it enter.
        xsession_do("mousemove", str(OUTPUT[0] - 1), str(OUTPUT[1] - 1), "sleep", "0.5")
        xsession_do("key", "Return")
        layout = compute_layout(*OUTPUT, kind.table)
        board = board_for(under_way)
        for slot in win_game(kind)[1][1]:
            x, y = board.top_rect(layout, slot).center
            time.sleep(0.6)  # no double click; the table is up after Enter
            xsession_do("mousemove", str(x), str(y), "sleep", "0.3", "mousedown", "1")
            xsession_do("sleep", "0.1", "mouseup", "1")
        xsession_do("mousemove", str(OUTPUT[0] - 1), str(OUTPUT[1] - 1))  # the arrow aside
        deadline = time.monotonic() + 10
        while (now := _saved(home, kind)) is not None and now.position() == first:
            shot = weston.screenshot(tmp_path, "no-move")
            assert time.monotonic() < deadline, (
                f"the clicks played no move ({shot}) {weston.said()}"
            )
            time.sleep(0.1)
        weston.screenshot(tmp_path, "moved")
        xsession_do("key", "F11")
        x, y, width, height = until_drawn(weston, game, tmp_path, "window", window_of(WINDOW))
        # weston's own resize: Super and a drag of the right button from the window's
        # lower right ninth moves its lower right corner.
        grip = (str(x + width * 5 // 6), str(y + height * 5 // 6))
        xsession_do("mousemove", *grip, "sleep", "0.3", "keydown", "super", "sleep", "0.2")
        xsession_do("mousedown", "3", "sleep", "0.2", "mousemove_relative", "--", "-30", "-20")
        xsession_do("sleep", "0.2", "mousemove_relative", "--", "-30", "-20", "sleep", "0.3")
        xsession_do("mouseup", "3", "sleep", "0.1", "keyup", "super")
        xsession_do("mousemove", str(OUTPUT[0] - 1), str(OUTPUT[1] - 1))  # the arrow aside
        until_drawn(weston, game, tmp_path, "resized", window_of(RESIZED))
        xsession_do("key", "F11")
        until_drawn(weston, game, tmp_path, "fullscreen-again", covers_output)
    finally:
        status, said = game.stop()
    assert (status, said) == (0, "")
    saved = _saved(home, kind)
    assert (None if saved is None else saved.position()) == expected


def _xdotool(x_display: str):
    """``xdotool ARGS`` on ``x_display``, which must succeed."""

    def run(*args: str) -> None:
        done = subprocess.run(
            ["xdotool", *args],
            env={**os.environ, "DISPLAY": x_display},
            capture_output=True,
            text=True,
            timeout=20,
            check=False,
        )
        assert done.returncode == 0, done.stderr

    return run
