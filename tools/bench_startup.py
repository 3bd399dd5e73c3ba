"""The game started in fresh processes: its start-up time, memory and idle CPU.

Each figure is of a new process of ``main.py`` with the environment of
:func:`bench_common.game_env` (SDL's dummy driver, or an X display), which notes what
it does in its ``HALFMOON_TRACE``: :func:`startup` times process start to the first
complete table frame and to the window shown, and reads the memory then;
:func:`idle_cpu` leaves a table idle and reads the CPU time and redraws the game notes
when it gets SIGUSR1. tools/bench.py runs both (``make bench``), tools/bench_platform.py
each trick of game/platform/ with them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_common import DEAL, ROOT, game_env


def startup(
    display: str | None, size: tuple[int, int], framebuffer: str, runs: int, deal: str = DEAL
) -> dict[str, Any]:
    """Process start to the first complete table frame, and the memory then (medians)."""
    times, shown, rss = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            trace = Path(home) / "trace.jsonl"
            env = game_env(display, framebuffer, home)
            env["HALFMOON_TRACE"] = str(trace)
            started = time.time()
            subprocess.run(
                [
                    sys.executable,
                    str(ROOT / "main.py"),
                    "--deal",
                    deal,
                    "--max-frames",
                    "2",
                    "--window",
                    f"{size[0]}x{size[1]}",
                ],
                env=env,
                cwd=ROOT,
                check=True,
                capture_output=True,
                timeout=60,
            )
            events = [json.loads(line) for line in trace.read_text().splitlines()]
            first = next(e for e in events if e["event"] == "first_frame")
            window = next((e for e in events if e["event"] == "window_shown"), first)
            times.append(first["time"] - started)
            shown.append(window["time"] - started)
            rss.append(first["rss_kb"] / 1024)
    return {
        "first_frame_s": round(statistics.median(times), 4),
        "first_frame_runs_s": [round(t, 4) for t in times],
        "window_shown_s": round(statistics.median(shown), 4),
        "rss_mb": round(statistics.median(rss), 1),
    }


def _make_a_move(display: str, size: tuple[int, int]) -> bool:
    """Click a legal removal into the game's X window, so its clock runs while idle.

    The bench's Xvfb screen has no window manager and is the window's size, so the window
    lies at the screen's origin and window coordinates are screen coordinates.
    """
    if shutil.which("xdotool") is None:
        return False
    from game.games.catalog import kind_by_key
    from game.rules import Game
    from game.table.layout import compute_layout

    env = {**os.environ, "DISPLAY": display}
    slots = compute_layout(*size, kind_by_key("halfmoon").table).slots
    for slot in Game.from_code(DEAL).legal_removals()[0].slots:
        x, y = slots[slot].center
        done = subprocess.run(
            ["xdotool", "mousemove", str(x), str(y), "click", "1"],
            env=env,
            timeout=20,
            check=False,
        )
        if done.returncode != 0:
            return False
        time.sleep(0.2)
    return True


def idle_cpu(
    display: str | None, size: tuple[int, int], framebuffer: str, seconds: float
) -> dict[str, Any]:
    """CPU use and redraws of an idle table, wall-clock paced.

    In an X window a move is clicked first (with xdotool), so the game's clock runs and
    redraws once a second, as in a real game; with the dummy driver the deal is untouched.
    The game notes its CPU time (all threads, ended ones too) and its frame and draw
    counts when it gets SIGUSR1, at the start and the end of the window.
    """
    with tempfile.TemporaryDirectory() as home:
        trace = Path(home) / "trace.jsonl"
        env = game_env(display, framebuffer, home)
        env["HALFMOON_TRACE"] = str(trace)
        child = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "--deal",
                DEAL,
                "--window",
                f"{size[0]}x{size[1]}",
            ],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.time() + 30
            while not (trace.exists() and '"first_frame"' in trace.read_text()):
                if time.time() > deadline or child.poll() is not None:
                    raise RuntimeError("idle bench: the game showed no first frame")
                time.sleep(0.1)
            time.sleep(1.0)
            moved = display is not None and _make_a_move(display, size)
            time.sleep(3.0)  # the full rate after input and the sounds are over
            child.send_signal(signal.SIGUSR1)
            time.sleep(seconds)
            child.send_signal(signal.SIGUSR1)
            time.sleep(0.2)
            child.send_signal(signal.SIGTERM)  # SDL turns it into a window close
            child.wait(timeout=20)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        lines = [json.loads(line) for line in trace.read_text().splitlines()]
    marks = [line for line in lines if line["event"] == "mark"]
    if len(marks) != 2:
        raise RuntimeError(f"idle bench: expected 2 marks from the game, found {len(marks)}")
    first, last = marks
    elapsed = last["time"] - first["time"]
    return {
        "cpu_percent": round(100 * (last["cpu"] - first["cpu"]) / elapsed, 3),
        "clock_running": moved,
        "seconds": round(elapsed, 2),
        "frames": last["frames"] - first["frames"],
        "draws": last["draws"] - first["draws"],
    }
