"""The monkey (tools/monkey.py) in short: 5,000 random events into the real game.

``make monkey`` runs the long version (50,000 events). A failure message names the
seed and the event, and the command that replays it.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import monkey


@pytest.mark.parametrize("kiosk", [False, True], ids=["desktop", "kiosk"])
def test_2500_random_events_break_nothing(display, kiosk):
    report = monkey.run(seed=2026, events=2500, kiosk=kiosk)
    print(report)
    assert report.events == 2500
    reached = set(report.scenes)
    assert {"PlayScene", "TitleScene"} <= reached
    assert reached & {"WinScene", "StalemateScene"}
    if kiosk:
        assert report.restarts == 0 and "StillPlayingScene" in reached
    else:
        assert report.restarts > 0  # window close quit the game, and it started again


def test_a_seed_replays_its_run_deals_too(display):
    """What ``--seed N`` promises: the same events, the same new deals, the same run."""
    first = monkey.run(seed=7, events=500, kiosk=False)
    again = monkey.run(seed=7, events=500, kiosk=False)
    assert first.moves > 0 and first.restarts > 0
    assert (again.frames, again.moves, again.restarts, again.scenes) == (
        first.frames,
        first.moves,
        first.restarts,
        first.scenes,
    )
