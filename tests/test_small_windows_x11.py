"""Each game played by taps and drags in a real window of a small screen (Xvfb).

A trimmed run of tools/touch_play.py: every game of the registry as a kiosk on a bare
800x480 X screen, and a Crescent in a plain window under matchbox on 640x480. The taps
and the drag go through X (xdotool) to the real game, at the places the play scene's
own layout gives for the window's size; each move must show in the game's save, the
position equal to the rules' after the same moves, and the screen must not be blank.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from xsession import WINDOW_MANAGER, missing  # noqa: E402

MOVES = 2
"""Moves per case: the first a drag (a Crescent card onto its target, a Half Moon card
onto its partner), the second taps (two, or three for a Half Moon triple)."""


def _needs(*programs: str) -> None:
    absent = missing(("Xvfb", "xdotool", "import", *programs))
    if absent:
        pytest.skip(
            f"needs {', '.join(absent)} for a real X window "
            "(apt-get install xvfb xdotool imagemagick matchbox-window-manager)"
        )


def _played(result, kind) -> None:
    """Every planned move made and seen in the save, by the taps and drags planned."""
    assert result.ok, (result.line(), result.stderr[-3000:])
    assert result.verified == result.made == MOVES, result.line()
    assert result.window == (0, 0, *result.size), result.line()
    assert result.drags >= 1 and result.taps >= 1, result.line()


def test_every_game_is_played_by_taps_and_drags_as_a_kiosk_on_800x480(kind, tmp_path):
    """The kiosk on a bare X screen of the Raspberry Pi's touch display."""
    from game.games.catalog import found

    if kind not in found():
        pytest.skip(f"{kind.key} is a kind of the tests: the game started in X has not it")
    _needs()
    from touch_play import play_case

    result = play_case(kind, (800, 480), window_manager=False, moves=MOVES, shots=tmp_path)
    _played(result, kind)


def test_a_crescent_is_played_in_a_window_under_a_window_manager_on_640x480(tmp_path):
    """matchbox fills the screen with the plain window; the compact grid takes the taps."""
    _needs(WINDOW_MANAGER)
    from touch_play import play_case

    from game.games.catalog import kind_by_key

    kind = kind_by_key("crescent")
    result = play_case(
        kind, (640, 480), window_manager=True, mode="window", moves=MOVES, shots=tmp_path
    )
    _played(result, kind)
