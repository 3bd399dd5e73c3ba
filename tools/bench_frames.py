"""One run of the benchmark's scripted game, in its own process (see tools/bench.py).

    python tools/bench_frames.py WIDTHxHEIGHT DEAL

Plays the deal's winning line through the real loop and scenes with posted mouse events
(Placement aid on), with an undo and two resizes, and prints one JSON line: the time of
every frame by kind (idle, selection, animation, resize) and whether each tap showed on
the very next frame. The video driver comes from the environment (dummy or X11).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.context import Context  # noqa: E402
from game.loop import STEP, Loop  # noqa: E402
from game.rules import Game  # noqa: E402
from game.rules.solver import solve  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from game.storage import Storage  # noqa: E402


def main(argv: list[str]) -> int:
    size = tuple(int(v) for v in argv[0].split("x"))
    deal = argv[1]
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size, pygame.RESIZABLE)
    home = Path(tempfile.mkdtemp(prefix="hm-frames-"))
    ctx = Context.open(Storage(home / "config", home / "data", background=True))
    ctx.settings.language = "en"
    ctx.settings.placement_aid = True
    ctx.apply_settings()
    game = Game.from_code(deal)
    line = solve(Game.from_code(deal)).line
    loop = Loop(PlayScene(ctx, game))
    times: dict[str, list[float]] = {"idle": [], "selection": [], "animation": [], "resize": []}
    visible: list[bool] = []

    def frame(kind: str) -> bool:
        started, draws = time.perf_counter(), loop.draws
        loop.frame(STEP)
        times[kind].append(time.perf_counter() - started)
        return loop.draws > draws

    def post(kind: int, **attrs: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def tap(slot: str) -> None:
        centre = loop.scene.layout.slots[slot].center
        post(pygame.MOUSEBUTTONDOWN, pos=centre, button=1, touch=False)

    for _ in range(30):
        loop.frame(STEP)
    for _ in range(120):
        frame("idle")
    for number, removal in enumerate(line):
        for slot in removal.slots[:-1]:
            tap(slot)
            visible.append(frame("selection"))
        tap(removal.slots[-1])
        visible.append(frame("animation"))
        for _ in range(15):
            frame("animation")
        for _ in range(30):  # half a second between moves: a quick player
            frame("idle")
        if number == 20:
            post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
            frame("selection")
            for slot in removal.slots:
                tap(slot)
                frame("selection")
            for _ in range(15):
                frame("animation")
        if number in (10, 30):
            other = (1280, 720) if size != (1280, 720) else (1920, 1080)
            for new in (other, size):
                pygame.display.set_mode(new, pygame.RESIZABLE)
                post(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])
                frame("resize")
            for _ in range(30):  # half a second, as between moves
                frame("idle")
    ctx.storage.close()
    print(
        json.dumps({"times": times, "tap_visible": all(visible), "won": game.outcome is not None})
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
