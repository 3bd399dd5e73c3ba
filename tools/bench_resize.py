"""Resizes, timed in one process: ``python tools/bench_resize.py WxH DEAL`` prints JSON.

Run by tools/bench_frame_runs.py (SDL dummy driver) for each game. A table of DEAL is laid
out at WxH, then:

- **first frames**: :data:`RESIZES` resizes to sizes around WxH, no size twice (each a
  new card size, as a window edge gives), each followed by idle frames until the cards
  scaled at the resize are all rendered crisp: the time of each resize's first frame,
  and the game time (frames at 60 Hz) until the crisp renders are all in. There are
  enough of them for a p99 that is not simply the slowest (of 40 it would be);
- **edge drag**: 20 resizes a second for 3 s (a window edge dragged 2 px a step), the
  frames between at 60 Hz: every frame's time, and the frame rate the loop keeps over
  each run of 10 frames (a frame takes at least its 1/60 s step);
- **memory**: the resident memory at WxH once all is crisp, after a resize to
  10000x10000, and back at WxH once all is crisp again.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.games.catalog import game_for_code  # noqa: E402
from game.records.storage import Storage  # noqa: E402
from game.scenes.flow import Flow, open_context  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from game.shell.loop import STEP, Loop  # noqa: E402

HUGE = (10000, 10000)
RESIZES = 120
"""Resizes timed for the first frames: their p99 is the second slowest."""


def rss_mb() -> float:
    """This process's resident memory, in MB."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Table:
    """A play scene in a loop, resized as a window manager would."""

    def __init__(self, size: tuple[int, int], deal: str) -> None:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        home = Path(tempfile.mkdtemp(prefix="hm-resize-"))
        self.ctx = open_context(Storage(home / "config", home / "data", background=True))
        self.ctx.settings.language = "en"
        self.ctx.apply_settings()
        self.loop = Loop(PlayScene(self.ctx, Flow(self.ctx), game_for_code(deal)))
        self.settle()

    def frame(self) -> float:
        """One frame; its time in seconds."""
        started = time.perf_counter()
        self.loop.frame(STEP)
        return time.perf_counter() - started

    def resize(self, size: tuple[int, int]) -> float:
        """The window becomes ``size``; the time of the frame that shows it."""
        pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        return self.frame()

    def settle(self, limit: int = 600) -> int:
        """Idle frames until no card waits for its crisp render; how many it took."""
        for count in range(1, limit + 1):
            self.frame()
            if not self.ctx.art.refining:
                return count
        return limit


def first_frames(table: Table, size: tuple[int, int]) -> dict:
    firsts, crisp = [], []
    for number in range(RESIZES):
        # widths -60 ... +75 and heights -40 ... +54 around the size, none twice
        width = size[0] - 60 + number * 37 % 136
        height = size[1] - 40 + number * 23 % 95
        firsts.append(table.resize((width, height)))
        crisp.append(table.settle() * STEP)
        for _ in range(10):
            table.frame()
    return {"first_frame_s": firsts, "crisp_after_s": crisp}


def edge_drag(table: Table, size: tuple[int, int]) -> dict:
    times = []
    for step in range(60):  # 20 resizes a second for 3 s: three frames of 1/60 s each
        times.append(table.resize((size[0] - 2 * step, size[1] - step)))
        times.extend(table.frame() for _ in range(2))
    paced = [max(t, STEP) for t in times]
    rates = [10 / sum(paced[i : i + 10]) for i in range(len(paced) - 9)]
    table.settle()
    return {"frame_s": times, "lowest_fps": min(rates)}


def huge_and_back(table: Table, size: tuple[int, int]) -> dict:
    table.resize(size)
    table.settle()
    for _ in range(60):
        table.frame()
    before = rss_mb()
    table.resize(HUGE)
    table.settle()
    huge = rss_mb()
    table.resize(size)
    table.settle()
    for _ in range(60):
        table.frame()
    return {"before_mb": before, "huge_mb": huge, "after_mb": rss_mb()}


def main(argv: list[str]) -> int:
    width, height = (int(v) for v in argv[0].split("x"))
    size = (width, height)
    pygame.display.init()
    pygame.font.init()
    table = Table(size, argv[1])
    result = {
        "first": first_frames(table, size),
        "drag": edge_drag(table, size),
        "memory": huge_and_back(table, size),
    }
    table.ctx.storage.close()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
