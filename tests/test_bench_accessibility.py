"""The screen reader's cost in make bench (tools/bench_accessibility.py and
tools/bench_accessibility_session.py): a tap timed from the pointer's press to the grab
that shows it, the budget read from the ways with the flag on only, a tap never shown
counted against it, and without the programs it needs one line that says which."""

from __future__ import annotations

import ctypes.util
import os
import subprocess
import sys

import pytest
from conftest import load_tool

accessibility = load_tool("bench_accessibility")
session = load_tool("bench_accessibility_session")
xsession = load_tool("xsession")

BOX = (100, 80, 120, 80)
TOGGLER = (
    "import os\n"
    "os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'\n"
    "import pygame\n"
    "pygame.display.init()\n"
    "screen = pygame.display.set_mode((320, 240))\n"
    "colours = [(0, 90, 0), (200, 200, 0)]\n"
    "screen.fill(colours[0])\n"
    "pygame.display.flip()\n"
    "while True:\n"
    "    event = pygame.event.wait()\n"
    "    if event.type == pygame.QUIT:\n"  # SIGTERM, through SDL
    "        break\n"
    "    if event.type == pygame.MOUSEBUTTONDOWN:\n"
    "        colours.reverse()\n"
    f"        screen.fill(colours[0], {BOX})\n"
    "        pygame.display.flip()\n"
)
"""A window whose box at :data:`BOX` changes colour at each press of the mouse."""


@pytest.mark.skipif(
    bool(xsession.missing(("Xvfb", "xdotool"))) or ctypes.util.find_library("Xtst") is None,
    reason="needs Xvfb, xdotool and libXtst",
)
def test_a_tap_is_timed_from_the_press_to_the_grab_that_shows_it(monkeypatch):
    monkeypatch.setattr(session, "PAUSE_S", 0.05)
    monkeypatch.setattr(session, "TAP_WAIT_S", 0.3)
    with xsession.virtual_display((320, 240)) as display:
        env = {**os.environ, "DISPLAY": display, "SDL_FRAMEBUFFER_ACCELERATION": "0"}
        env.pop("SDL_VIDEODRIVER", None)
        toy = subprocess.Popen([sys.executable, "-c", TOGGLER], env=env, stderr=subprocess.PIPE)
        measure = session.Session(display, sys.executable, ("off",), "")
        try:
            xsession.window_of(display, toy)
            measure._settle(BOX, still_s=0.2)
            measure.pointer.move((160, 120))
            taps = [measure._tap(BOX) for _ in range(3)]
            elsewhere = measure._tap((0, 0, 40, 40))  # a box the press does not change
        finally:
            measure.close()
            xsession.end_process(toy)
    assert all(tap is not None and 0 < tap < 0.3 for tap in taps), taps
    assert elsewhere is None


def test_a_tap_never_shown_counts_against_the_p90_as_a_whole_wait():
    launches = [{"taps_s": [0.001] * 7, "missed": 2, "cpu_s": 0.09, "registered_apps": 1},
                {"taps_s": [0.002], "missed": 0, "cpu_s": 0.01, "registered_apps": 1}]  # fmt: skip
    summary = session._tap_summary(launches)
    assert summary["n"] == 8 and summary["missed"] == 2  # 2 of 10: the p90 is a whole wait
    assert summary["p90_ms"] == 1000 * session.TAP_WAIT_S
    assert summary["cpu_ms_per_tap"] == 10.0  # over the taps made, the missed one too
    assert summary["registered_apps"] == [1, 1]


def test_the_budget_speaks_of_the_ways_with_the_flag_on_and_not_off():
    def tap(p90: float) -> dict:
        return {"n": 24, "median_ms": p90 / 2, "p90_ms": p90, "missed": 0}

    frame = {"first_complete_s": 0.1}
    results = {
        "ways": ["off", "on", "reader"],
        "first_frame": {"title": {"off": frame, "on": {"first_complete_s": 0.12}}},
        "taps": {"off": tap(40.0), "on": tap(3.0), "reader": tap(5.0)},
    }
    assert accessibility.figures(results) == {"screen_reader_tap_p90_ms": (5.0, "reader")}
    assert accessibility.check(results) == 0
    ratios = accessibility.ratios(results)
    assert ratios["first_frame_title"] == {"on": 1.2}
    assert ratios["tap_median"] == {"on": 0.075, "reader": 0.125}
    results["taps"]["on"] = tap(17.0)
    assert accessibility.check(results) == 1


def test_without_its_programs_the_measure_says_which_in_one_line(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    results = accessibility.accessibility(python=sys.executable)
    assert "dbus-run-session" in results["skipped"] and "gdbus" in results["skipped"]
    assert accessibility.check(results) == 0
    accessibility.table(results)
    printed = capsys.readouterr().out.strip().splitlines()
    assert printed[-1] == f"Screen reader: {results['skipped']}"
