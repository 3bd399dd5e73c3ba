"""The first complete frame of make bench (tools/bench_first_frame.py): a program's
picture grabbed from a bare Xvfb until it stays its final one, and the budgets read from
the figures (the ratio to Aisleriot over the title and every table, never the earlier
checkout's launches beside them)."""

from __future__ import annotations

import os
import sys
import tempfile

import pytest
from conftest import load_tool

first_frame = load_tool("bench_first_frame")
grab = load_tool("bench_grab")
xsession = load_tool("xsession")

PAINTER = (
    "import os, time\n"
    "os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'\n"
    "import pygame\n"
    "pygame.display.init()\n"
    "screen = pygame.display.set_mode((320, 240))\n"
    "for colour in ((200, 0, 0), (0, 0, 200)):\n"
    "    screen.fill(colour)\n"
    "    pygame.display.flip()\n"
    "    time.sleep(0.4)\n"
    "time.sleep(5)\n"
)
"""A program whose window shows red, then blue 0.4 s later, then nothing new."""


@pytest.mark.skipif(bool(xsession.missing(("Xvfb",))), reason="Xvfb is not installed")
def test_the_first_complete_frame_is_the_first_grab_of_the_final_picture():
    with xsession.virtual_display((320, 240)) as display, grab.ScreenGrabber(display) as screen:
        assert screen.method in ("XShmGetImage", "XGetImage")
        assert len(screen.grab()) == 320 * 240 * 4
        env = {**os.environ, "DISPLAY": display, "SDL_FRAMEBUFFER_ACCELERATION": "0"}
        env.pop("SDL_VIDEODRIVER", None)
        with tempfile.TemporaryDirectory() as home:
            found = first_frame.watch(
                screen, [sys.executable, "-c", PAINTER], env, home, seconds=1.5
            )
    assert found["pictures"] >= 2 and found["settled"] is True
    assert found["first_change_s"] < found["first_complete_s"]
    assert found["first_complete_s"] - found["first_change_s"] >= 0.35  # red, then blue
    assert found["first_complete_s"] == found["last_change_s"]
    assert 0 < found["grab_ms"] < 50


def test_the_budgets_speak_of_the_worst_of_the_title_and_tables_and_not_the_old_code():
    entry = {"first_complete_s": 0.1}
    results = {
        "sizes": {
            "1280x720": {"title": entry, "ratios": {"title": 0.6, "crescent": 0.65}},
            "1920x1080": {"title": entry, "ratios": {"title": 0.5, "before title": 1.4}},
        },
        "quarter_core": {
            "1280x720": {
                "title": {"first_complete_s": 0.45},
                "before title": {"first_complete_s": 0.9},
            }
        },
    }
    measured = first_frame.figures(results)
    assert measured["first_complete_frame_ratio_to_aisleriot"] == (0.65, "crescent 1280x720")
    assert measured["first_complete_frame_quarter_core_s"] == (0.45, "title 1280x720")
    assert first_frame.check(results) == 0
    results["sizes"]["1920x1080"]["ratios"]["elevens"] = 0.71
    assert first_frame.check(results) == 1
