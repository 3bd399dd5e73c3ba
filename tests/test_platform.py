"""The platform layer (game/platform/): each trick, its plain way, and what it relies on.

Three kinds of test:

- *the switch*: ``HALFMOON_PLAIN=1`` turns every trick off (``make test-plain`` runs the
  whole suite so; the tests of a trick pin the variable in their subprocesses);
- *the plain way of each trick*, tested here or beside the trick's own tests
  (tests/test_window_first.py, tests/test_refusals.py's pulled display);
- *what a trick relies on in pygame-ce, SDL or glibc*, checked against the installed
  release, so that a new pygame-ce that changes it fails here, loudly and by name,
  rather than somewhere in the game.

The subprocess tests run a fresh interpreter: what matters is what is imported, and how.
"""

from __future__ import annotations

import os
import platform
import signal
import sys
import threading
from pathlib import Path

import pytest
from test_window_first import _run

from game.platform import lazy_pygame, memory, plain, signals, x11

ROOT = Path(__file__).resolve().parents[1]


# ------------------------------------------------------------------ the switch
@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, False), ("", False), ("0", False), (" 0 ", False), ("1", True), ("yes", True)],
)
def test_halfmoon_plain_switches_the_tricks_off_unless_empty_or_0(monkeypatch, value, expected):
    if value is None:
        monkeypatch.delenv("HALFMOON_PLAIN", raising=False)
    else:
        monkeypatch.setenv("HALFMOON_PLAIN", value)
    assert plain() is expected


def test_plain_everything_imports_pygame_whole_sleeps_by_polling_and_leaves_malloc():
    """Every trick off at once: the usual ``import pygame`` (mixer and all), no waiter,
    no Xlib handler, no glibc call (``_libc`` is never asked for)."""
    found = _run(
        "import json, sys\n"
        "from game.platform import lazy_pygame, memory, x11\n"
        "def no_libc():\n"
        "    raise AssertionError('glibc asked for')\n"
        "memory._libc = no_libc\n"
        "pygame = lazy_pygame.window_half()\n"
        "pygame.display.init()\n"
        "pygame.display.set_mode((320, 240))\n"
        "print(json.dumps({'whole': 'pygame.font' in sys.modules and lazy_pygame.is_whole(),\n"
        "    'mixer': 'pygame.mixer' in sys.modules,\n"
        "    'back': memory.give_back(),\n"
        "    'waiter': x11.InputWaiter.for_display().available,\n"
        "    'lost': x11.when_lost(lambda: None)}))\n",
        HALFMOON_PLAIN="1",
    )
    assert found == {
        "whole": True,
        "mixer": True,
        "back": False,
        "waiter": False,
        "lost": False,
    }


@pytest.mark.parametrize("plain_value", ["", "1"], ids=["tricks", "plain"])
def test_the_game_plays_a_game_either_way(tmp_path, plain_value):
    """The whole game, start to exit, with the tricks on and off (a frame count)."""
    found = _run(
        "import json\n"
        "from game.shell.app import main\n"
        "status = main(['--deal', 'HM1-N-AAAAAAB', '--max-frames', '30'])\n"
        "print(json.dumps({'status': status}))\n",
        HALFMOON_HOME=str(tmp_path),
        HALFMOON_PLAIN=plain_value,
    )
    assert found == {"status": 0}


# ------------------------------------------------- pygame in two halves (pygame-ce)
def test_pygames_own_init_imports_the_window_modules_and_takes_these_names_from_them():
    """What :func:`lazy_pygame.window_half` does by hand is what pygame's ``__init__``
    does: it imports each of WINDOW_MODULES and takes FIRST_NAMES and the names of base
    and constants from them. A pygame-ce that moves a name (``Window`` from another
    module, say) fails here."""
    found = _run(
        "import json, sys, pygame\n"
        "from game.platform.lazy_pygame import FIRST_NAMES, WINDOW_MODULES\n"
        "missing = [m for m in WINDOW_MODULES if f'pygame.{m}' not in sys.modules]\n"
        "moved = [n for n, m in FIRST_NAMES.items()\n"
        "    if getattr(pygame, n) is not getattr(getattr(pygame, m), n)]\n"
        "star = []\n"
        "for name in ('base', 'constants'):\n"
        "    module = getattr(pygame, name)\n"
        "    names = getattr(module, '__all__', None) or [\n"
        "        k for k in vars(module) if not k.startswith('_')]\n"
        "    star += [f'{name}.{k}' for k in names\n"
        "        if getattr(pygame, k, None) is not getattr(module, k)]\n"
        "print(json.dumps({'missing': missing, 'moved': moved, 'star': star}))\n"
    )
    assert found == {"missing": [], "moved": [], "star": []}


_NAMES = (
    "import json\n"
    "def names(pygame, more=()):\n"
    "    out = {}\n"
    "    for n in {*dir(pygame), *more}:\n"
    "        v = getattr(pygame, n)\n"
    "        plain = isinstance(v, (int, float, str, bool)) and not n.startswith('__')\n"
    "        out[n] = [type(v).__name__, v if plain else None]\n"
    "    return out\n"
)


def test_the_half_made_whole_has_the_names_of_a_plain_import_pygame():
    """The package completed by :func:`lazy_pygame.whole` against ``import pygame`` in
    another interpreter: the same names, each of the same type (and value, for the
    constants); the mixer's names come on first use, through the module's __getattr__.
    A pygame-ce whose ``__init__`` defines a name the completed half lacks fails here."""
    lazy = _run(
        _NAMES + "from game.platform import lazy_pygame\n"
        "lazy_pygame.window_half()\n"
        "pygame = lazy_pygame.whole()\n"
        "before = sorted(dir(pygame))\n"
        "print(json.dumps({'before': before,\n"
        "    'names': names(pygame, lazy_pygame.MIXER_NAMES)}))\n"
    )
    usual = _run(_NAMES + "import pygame\nprint(json.dumps({'names': names(pygame)}))\n")
    deferred = set(lazy_pygame.MIXER_NAMES)
    assert set(lazy["before"]) == set(usual["names"]) - deferred | {"__getattr__"}
    assert {n: lazy["names"].get(n) for n in usual["names"]} == usual["names"]
    # the deferred names are served whether or not pygame's own __init__ takes them all
    # (pygame-ce 2.5.0's has no pygame.Sound)
    assert set(lazy["names"]) - set(usual["names"]) <= deferred | {"__getattr__"}


def test_pygames_quit_without_the_mixer_never_imports_it_and_shuts_the_rest():
    found = _run(
        "import json, sys\n"
        "from game.platform import lazy_pygame\n"
        "lazy_pygame.window_half()\n"
        "pygame = lazy_pygame.whole()\n"
        "pygame.display.init()\n"  # as the game starts them: pygame.init() would import
        "pygame.font.init()\n"  # the mixer to start it
        "pygame.display.set_mode((320, 240))\n"
        "lazy_pygame.quit_pygame()\n"
        "print(json.dumps({'mixer': 'pygame.mixer' in sys.modules,\n"
        "    'up': [pygame.display.get_init(), pygame.font.get_init(), pygame.get_init()]}))\n"
    )
    assert found == {"mixer": False, "up": [False, False, False]}


# ---------------------------------------------------------------- X11 (Xlib)
_X11 = (
    "import json, os, stat, subprocess, sys, time\n"
    "from game.platform import lazy_pygame, x11\n"
    "pygame = lazy_pygame.window_half()\n"
    "pygame.display.init()\n"
    "pygame.display.set_mode((320, 240))\n"
    "lazy_pygame.whole()\n"
    "capsule = pygame.display.get_wm_info().get('display')\n"
    "fd = x11.x11_socket()\n"
    "waiter = x11.InputWaiter.for_display()\n"
    "found = {'driver': pygame.display.get_driver(), 'capsule': type(capsule).__name__,\n"
    "    'socket': fd is not None and stat.S_ISSOCK(os.fstat(fd).st_mode),\n"
    "    'waiter': waiter.available}\n"
    "if waiter.available:\n"
    "    for _ in range(50):  # what the window's opening sent, read and handled\n"
    "        pygame.event.pump()\n"
    "        pygame.event.clear()\n"
    "        if not waiter.wait(0.1):\n"
    "            break\n"
    "    subprocess.Popen(['sh', '-c', 'sleep 0.5; xdotool mousemove 50 60'])\n"
    "    started = time.perf_counter()\n"
    "    woke = waiter.wait(10)\n"
    "    found['woke'] = [woke, round(time.perf_counter() - started, 2)]\n"
    "    time.sleep(0.1)\n"
    "    found['motion'] = any(e.type == pygame.MOUSEMOTION for e in pygame.event.get())\n"
    "found['lost'] = x11.when_lost(lambda: os._exit(3))\n"
    "print(json.dumps(found))\n"
)


@pytest.fixture(scope="module")
def x_display():
    sys.path.insert(0, str(ROOT / "tools"))
    from xsession import missing, virtual_display

    if missing():
        pytest.skip(f"needs {', '.join(missing())} for a real X display")
    with virtual_display((640, 480)) as display:
        yield display


def test_on_x11_the_window_gives_xlib_a_socket_that_wakes_the_waiter_on_input(x_display):
    """What :mod:`game.platform.x11` relies on: SDL's X11 driver, ``get_wm_info()``'s
    ``display`` a capsule whose pointer XConnectionNumber takes, that number a socket,
    input on the window making it readable, XSetIOErrorHandler there to set."""
    found = _run(_X11, DISPLAY=x_display, SDL_VIDEODRIVER="x11")
    assert found["driver"] == "x11" and found["capsule"] == "PyCapsule"
    assert found["socket"] is True and found["waiter"] is True
    woke, after = found["woke"]
    assert woke is True and 0.3 <= after < 3, found  # by the pointer's move, not before
    assert found["motion"] is True and found["lost"] is True


def test_plain_on_x11_the_loop_polls_and_xlib_keeps_its_own_answer(x_display):
    found = _run(_X11, DISPLAY=x_display, SDL_VIDEODRIVER="x11", HALFMOON_PLAIN="1")
    assert found["driver"] == "x11" and found["socket"] is True  # there, and not used
    assert found["waiter"] is False and found["lost"] is False


_TYPED = (
    "import json, os, subprocess, time\n"
    "from game.shell.display import show_window\n"
    "import argparse\n"
    "show_window(argparse.Namespace(window=(320, 240), fullscreen=False), None)\n"
    "import pygame\n"
    "pygame.key.start_text_input()\n"
    "window = pygame.display.get_wm_info()['window']\n"
    "subprocess.run(['xdotool', 'windowfocus', '--sync', str(window)], check=False)\n"
    "typed = ''\n"
    "started = time.monotonic()\n"
    "while time.monotonic() - started < 1.5:\n"
    "    pygame.event.pump()\n"
    "    time.sleep(0.05)\n"
    "subprocess.run(['xdotool', 'windowfocus', '--sync', str(window)], check=False)\n"
    "subprocess.Popen(['xdotool', 'type', '--delay', '30', 'HM1-n-AB12'])\n"
    "while len(typed) < 10 and time.monotonic() - started < 15:\n"
    "    for event in pygame.event.get():\n"
    "        if event.type == pygame.TEXTINPUT:\n"
    "            typed += event.text\n"
    "    time.sleep(0.01)\n"
    "print(json.dumps({'compose': os.environ.get('XCOMPOSEFILE'), 'typed': typed}))\n"
)


@pytest.mark.parametrize("plain_value", ["", "1"], ids=["no-table", "plain"])
def test_a_code_typed_into_a_real_x_window_arrives_whole_without_the_compose_table(
    x_display, plain_value, monkeypatch
):
    """The display starts without the locale's Compose table (5 ms of its start) unless
    HALFMOON_PLAIN=1; the text a player types still arrives, letter for letter."""
    monkeypatch.delenv("XCOMPOSEFILE", raising=False)  # (set by a window opened here before)
    found = _run(_TYPED, DISPLAY=x_display, SDL_VIDEODRIVER="x11", HALFMOON_PLAIN=plain_value)
    assert found["compose"] == (None if plain_value else os.devnull)
    assert found["typed"] == "HM1-n-AB12", found


def test_a_compose_table_the_environment_names_is_kept_and_wayland_reads_its_own(monkeypatch):
    """xkbcommon (SDL's Wayland video) cannot map an empty file: it said so twice."""
    monkeypatch.delenv("HALFMOON_PLAIN", raising=False)
    monkeypatch.delenv("XCOMPOSEFILE", raising=False)
    monkeypatch.setenv("DISPLAY", ":1")
    for driver in ("wayland", "dummy"):
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
        x11.skip_compose_table()
        assert "XCOMPOSEFILE" not in os.environ
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")  # X11 beside Wayland: XWayland
    x11.skip_compose_table()
    assert "XCOMPOSEFILE" not in os.environ
    monkeypatch.delenv("WAYLAND_DISPLAY")
    monkeypatch.setenv("XCOMPOSEFILE", "/home/player/.XCompose")
    x11.skip_compose_table()
    assert os.environ["XCOMPOSEFILE"] == "/home/player/.XCompose"
    monkeypatch.delenv("XCOMPOSEFILE")
    x11.skip_compose_table()
    assert os.environ["XCOMPOSEFILE"] == os.devnull
    monkeypatch.delenv("XCOMPOSEFILE")
    monkeypatch.setenv("HALFMOON_PLAIN", "1")
    x11.skip_compose_table()
    assert "XCOMPOSEFILE" not in os.environ


def test_without_x11_there_is_no_socket_and_no_handler():
    found = _run(
        "import json\n"
        "from game.platform import lazy_pygame, x11\n"
        "pygame = lazy_pygame.window_half()\n"
        "pygame.display.init()\n"
        "pygame.display.set_mode((320, 240))\n"
        "print(json.dumps([x11.x11_socket(), x11.when_lost(lambda: None)]))\n"
    )
    assert found == [None, False]


# -------------------------------------------------------------- memory (glibc)
GLIBC = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"


_ROUND_TRIP = (
    "import json, os, sys\n"
    "sys.path.insert(0, 'tools')\n"
    "import bench_resize as bench\n"  # the table of make bench's resize figures
    "from game.platform import memory\n"
    "bench.pygame.display.init()\n"
    "bench.pygame.font.init()\n"
    "table = bench.Table((1280, 720), 'HM1-N-AAAAAAB')\n"
    "bench.HUGE = (2560, 1440)\n"
    "found = bench.huge_and_back(table, (1280, 720))\n"
    "os.environ['HALFMOON_PLAIN'] = ''\n"  # now the trick, once, by hand
    "found['gave_back'] = memory.give_back()\n"
    "found['trimmed_mb'] = bench.rss_mb()\n"
    "print(json.dumps(found))\n"
    "table.ctx.storage.close()\n"
)


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_the_table_gives_a_larger_windows_memory_back_by_itself():
    """The trick on: after 1280x720, 2560x1440 and back, the table's idle work called
    :func:`memory.give_back`, so it holds under 3 MB more than before (0.3-0.4 MB)."""
    found = _run(_ROUND_TRIP, HALFMOON_PLAIN="")
    assert found["after_mb"] - found["before_mb"] < 3, found


@pytest.mark.skipif(not GLIBC, reason="glibc's malloc only")
def test_without_the_trim_glibc_keeps_what_the_trim_gives_back():
    """What :func:`memory.give_back` earns: with the trick off, the same round trip leaves
    the larger window's freed pictures in glibc's heap (6 to 13.5 MB over 75 runs: how
    much depends on where they fell), and one malloc_trim afterwards returns them (to
    1.7 MB under the start). A glibc or SDL that gives them back by itself fails here:
    the trick would then go. (It once asserted "over 8 MB kept": glibc kept 6.0.)"""
    found = _run(_ROUND_TRIP, HALFMOON_PLAIN="1")
    kept = found["after_mb"] - found["before_mb"]
    after_trim = found["trimmed_mb"] - found["before_mb"]
    assert found["gave_back"] is True, found
    assert after_trim < 3, found
    assert kept - after_trim > 4, found


def test_plain_memory_never_calls_glibc(monkeypatch):
    monkeypatch.setenv("HALFMOON_PLAIN", "1")

    def no_libc():
        raise AssertionError("glibc asked for")

    monkeypatch.setattr(memory, "_libc", no_libc)
    assert memory.give_back() is False


def test_the_resident_memory_is_read():
    kb = memory.resident_kb()
    assert 10_000 < kb < 10_000_000  # this test process: tens to hundreds of MB


# ------------------------------------------------------------------ signals
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_stop_signal_calls_stop_and_the_handlers_before_come_back():
    before = {number: signal.getsignal(number) for number in signals.STOP_SIGNALS}
    assert set(signals.STOP_SIGNALS) == {signal.SIGTERM, signal.SIGINT, signal.SIGHUP}
    stopped = []
    restore = signals.on_stop(lambda: stopped.append(True))
    try:
        for number in signals.STOP_SIGNALS:
            signal.raise_signal(number)
    finally:
        restore()
    assert stopped == [True, True, True]
    assert {number: signal.getsignal(number) for number in signals.STOP_SIGNALS} == before


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_the_benchmarks_mark_comes_on_sigusr1():
    before = signal.getsignal(signal.SIGUSR1)
    marks = []
    try:
        assert signals.on_mark(lambda: marks.append(1)) is True
        signal.raise_signal(signal.SIGUSR1)
    finally:
        signal.signal(signal.SIGUSR1, before)
    assert marks == [1]


def test_off_the_main_thread_no_handler_is_set():
    before = {number: signal.getsignal(number) for number in signals.STOP_SIGNALS}
    results = []

    def elsewhere():
        restore = signals.on_stop(lambda: None)
        results.append(signals.on_mark(lambda: None))
        restore()

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert results == [False]
    assert {number: signal.getsignal(number) for number in signals.STOP_SIGNALS} == before
