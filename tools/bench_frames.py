"""One run of the benchmark's scripted game, in its own process (see tools/bench_frame_runs.py).

    python tools/bench_frames.py WIDTHxHEIGHT DEAL

Plays the deal's winning line through the real loop and scenes with posted mouse events
and prints one JSON line: the time of every frame by kind and whether each input showed
on the very next frame. A removal game's deal (Half Moon, Elevens) is played by taps
(Placement aid on), its kind's solver's winning line, with a change of mind in every move
(its first card let go and taken again), an undo and two resizes (frames: idle,
selection, animation, resize); a Crescent deal by
dragging every card from its pile to its target, pressing Redeal when the line redeals
(frames: idle, drag, animation, redeal). The video driver comes from the environment
(dummy or X11).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.games.catalog import kind_for_code  # noqa: E402
from game.records.context import Context  # noqa: E402
from game.records.storage import Storage  # noqa: E402
from game.rules import CardMove, Crescent, RemovalGame  # noqa: E402
from game.rules.solver import solve_crescent, solver_for  # noqa: E402
from game.scenes.flow import Flow, open_context  # noqa: E402
from game.scenes.play import PlayScene  # noqa: E402
from game.shell.loop import STEP, Loop  # noqa: E402

LINE_NODES = 2_000_000
"""The solver's budget for a removal game's winning line."""


def scripted(size: tuple[int, int], deal: str) -> tuple[Context, Callable[..., dict]]:
    """A window of ``size``, a fresh context (English, Placement aid on) and the scripted
    game for ``deal``'s kind (:func:`removals` for a game of taps, else :func:`crescent`)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size, pygame.RESIZABLE)
    home = Path(tempfile.mkdtemp(prefix="hm-frames-"))
    ctx = open_context(Storage(home / "config", home / "data", background=True))
    ctx.settings.language = "en"
    ctx.settings.placement_aid = True
    ctx.apply_settings()
    game = kind_for_code(deal).from_code(deal)
    return ctx, removals if isinstance(game, RemovalGame) else crescent


def main(argv: list[str]) -> int:
    width, height = (int(v) for v in argv[0].split("x"))
    size = (width, height)
    deal = argv[1]
    ctx, play = scripted(size, deal)
    result = play(ctx, size, deal)
    ctx.storage.close()
    print(json.dumps(result))
    return 0


def _timed(
    loop: Loop, kinds: tuple[str, ...]
) -> tuple[dict[str, list[float]], Callable[[str], bool]]:
    """Frame times by kind, and ``frame(kind)``: one timed frame; whether it drew."""
    times: dict[str, list[float]] = {kind: [] for kind in kinds}

    def frame(kind: str) -> bool:
        started, draws = time.perf_counter(), loop.draws
        loop.frame(STEP)
        times[kind].append(time.perf_counter() - started)
        return loop.draws > draws

    return times, frame


def crescent(ctx: Context, size: tuple[int, int], deal: str, moves: int | None = None) -> dict:
    """A Crescent deal's winning line, every card dragged, every redeal by its button
    (``moves``: the line's first moves only; None: all of it)."""
    game = Crescent.from_code(deal)
    line = solve_crescent(Crescent.from_code(deal), max_seconds=20).line[:moves]
    play = PlayScene(ctx, Flow(ctx), game)
    loop = Loop(play)
    times, frame = _timed(loop, ("idle", "drag", "animation", "redeal"))
    visible: list[bool] = []

    def post(kind: int, pos: tuple[int, int]) -> None:
        attrs: dict[str, Any] = {"pos": pos, "touch": False}
        if kind == pygame.MOUSEMOTION:
            attrs.update(rel=(1, 1), buttons=(1, 0, 0))
        else:
            attrs.update(button=1)
        pygame.event.post(pygame.event.Event(kind, attrs))

    for _ in range(30):
        loop.frame(STEP)
    for _ in range(120):
        frame("idle")
    for move in line:
        if not isinstance(move, CardMove):  # a redeal
            post(pygame.MOUSEBUTTONDOWN, play.layout.buttons["redeal"].center)
            frame("idle")
            post(pygame.MOUSEBUTTONUP, play.layout.buttons["redeal"].center)
            visible.append(frame("redeal"))
            while play.motions:
                frame("redeal")
        else:
            start = play.board.top_rect(play.layout, move.source).center
            end = play.board.top_rect(play.layout, move.target).center
            post(pygame.MOUSEBUTTONDOWN, start)
            frame("drag")
            for step in range(1, 13):  # a fifth of a second of pointer motion
                x = start[0] + (end[0] - start[0]) * step // 12
                y = start[1] + (end[1] - start[1]) * step // 12
                post(pygame.MOUSEMOTION, (x, y))
                visible.append(frame("drag"))
            post(pygame.MOUSEBUTTONUP, end)
            visible.append(frame("animation"))
            while play.motions:
                frame("animation")
        for _ in range(30):  # half a second between moves: a quick player
            frame("idle")
    return {"times": times, "tap_visible": all(visible), "won": game.outcome is not None}


def removals(ctx: Context, size: tuple[int, int], deal: str, moves: int | None = None) -> dict:
    """A removal game's winning line (Half Moon's, Elevens'...: its kind's solver's) by
    taps, with an undo and two resizes (``moves``: the line's first moves only; None: all
    of it)."""
    game = kind_for_code(deal).from_code(deal)
    solver = solver_for(game.letter)
    found = solver.line(kind_for_code(deal).from_code(deal), LINE_NODES) if solver else None
    if found is None:
        raise RuntimeError(f"no winning line of {deal} found: a scripted game needs one")
    line = [slots for slots in found if slots][:moves]  # (a move by a button: none here)
    loop = Loop(PlayScene(ctx, Flow(ctx), game))
    times, frame = _timed(loop, ("idle", "selection", "animation", "resize"))
    visible: list[bool] = []

    def post(kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, attrs))

    def tap(slot: str) -> None:
        scene = loop.scene
        assert isinstance(scene, PlayScene), scene  # no other scene comes while it plays
        centre = scene.layout.slots[slot].center
        post(pygame.MOUSEBUTTONDOWN, pos=centre, button=1, touch=False)

    for _ in range(30):
        loop.frame(STEP)
    for _ in range(120):
        frame("idle")
    for number, removal in enumerate(line):
        for slot in removal[:-1]:
            tap(slot)
            visible.append(frame("selection"))
        for _ in range(2):  # a change of mind: the first card let go, then taken again
            tap(removal[0])
            visible.append(frame("selection"))
        tap(removal[-1])
        visible.append(frame("animation"))
        for _ in range(15):
            frame("animation")
        for _ in range(30):  # half a second between moves: a quick player
            frame("idle")
        if number == 20:
            post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)
            frame("selection")
            for slot in removal[:-1]:
                tap(slot)
                frame("selection")
            tap(removal[-1])  # the removal again: a move's frame, as in the loop above
            frame("animation")
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
    return {"times": times, "tap_visible": all(visible), "won": game.outcome is not None}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
