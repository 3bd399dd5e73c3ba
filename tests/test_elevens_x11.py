"""Elevens played from the title to a win and to a stalemate in a real window (Xvfb).

A trimmed run of tools/elevens_x11.py: one size, 800x480 (the Raspberry Pi's touch
display) under matchbox. The game starts on its title screen; the Elevens tile, the
deal code entry, every card and the panels' buttons are clicked through X (xdotool) at
the places the scenes' own geometry gives for the window's size; each removal must show
in the game's save, the win in the statistics, the stalemate in the save, and each
panel must be on the screen.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from xsession import WINDOW_MANAGER, missing  # noqa: E402

SIZE = (800, 480)
_SHOTS: tuple[str, ...] = ("1-title", "2-table-start", "3-table-mid", "4-win", "5-menu")
_SHOTS += ("6-stall-start", "7-stalemate")


@pytest.mark.once
def test_elevens_is_won_and_stalled_from_the_title_in_a_real_window_at_800x480(tmp_path):
    absent = missing(("Xvfb", "xdotool", "import", WINDOW_MANAGER))
    if absent:
        pytest.skip(
            f"needs {', '.join(absent)} for a real X window "
            "(apt-get install xvfb xdotool imagemagick matchbox-window-manager)"
        )
    from elevens_x11 import MANAGED, deals, run_size

    from game.games.catalog import kind_by_key

    run = run_size(SIZE, MANAGED[SIZE], tmp_path)
    assert run.ok, (run.line(), run.stderr[-3000:])
    assert run.won and run.stalemate, run.line()
    assert run.window == (0, 0, *SIZE), run.line()
    win_code, line, stall_code = deals()
    assert (run.win_code, run.stall_code) == (win_code, stall_code)
    stalled = kind_by_key("elevens").from_code(stall_code)
    while stalled.legal_moves():
        stalled.play(stalled.legal_moves()[0])
    assert run.verified == len(line) + stalled.moves, run.line()  # every removal seen
    names = [shot.name for shot in run.shots]
    assert names == [f"{run.name}-{n}.png" for n in _SHOTS], names
    assert all(shot.stat().st_size > 0 for shot in run.shots)
