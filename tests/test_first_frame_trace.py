"""The benchmark's ``first_frame`` (``HALFMOON_TRACE``) is when the first frame is shown.

The loop paced itself after each frame, so a run of N frames waited out one more frame's
time after its last (up to 16 ms at 60 frames a second) before it returned, and the
trace's first frame came that much after the screen had it (issue 38). The pace here is
slowed to 2 frames a second so that the wait, if there is one, cannot hide in the noise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_RUN = (
    "import json, sys, time\n"
    "from game.platform import lazy_pygame\n"
    "import game.shell.loop as loop\n"
    "loop.ACTIVE_FPS = loop.IDLE_FPS = 2  # a frame's wait of half a second\n"
    "d = lazy_pygame.window_half().display\n"
    "real_flip, shown = d.flip, []\n"
    "def flip(*args):\n"
    "    real_flip(*args)\n"
    "    shown.append(time.time())\n"
    "d.flip = flip\n"
    "real_update = d.update\n"
    "def update(*args):\n"
    "    real_update(*args)\n"
    "    shown.append(time.time())\n"
    "d.update = update\n"
    "from game.shell.app import main\n"
    "status = main(sys.argv[1:])\n"
    "print(json.dumps([status, shown]))\n"
)


def _first_screens() -> list[str | None]:
    """The title (None) and a deal of every game of the registry."""
    from game.games.catalog import KINDS

    return [None, *(kind.code(1) for kind in KINDS)]


@pytest.mark.parametrize("deal", _first_screens(), ids=lambda deal: deal or "title")
def test_the_first_frame_is_traced_when_it_is_shown(tmp_path, deal):
    trace = tmp_path / "trace.jsonl"
    environment = {k: v for k, v in os.environ.items() if k != "HALFMOON_PLAIN"}
    environment.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        HALFMOON_HOME=str(tmp_path),
        HALFMOON_TRACE=str(trace),
    )
    words = ["--max-frames", "1", *(["--deal", deal] if deal else [])]
    run = subprocess.run(
        [sys.executable, "-c", _RUN, *words],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    status, shown = json.loads(run.stdout.strip().splitlines()[-1])
    events = {line["event"]: line["time"] for line in map(json.loads, trace.open())}
    # shown[0]: the felt-green window; shown[1]: the first frame
    assert status == 0 and len(shown) >= 2
    assert 0 <= events["first_frame"] - shown[1] < 0.25, (events["first_frame"], shown)
