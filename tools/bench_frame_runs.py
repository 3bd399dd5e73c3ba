"""Frame times of the game in play and of its resizes, from launches of scripted runs.

:func:`frames` launches tools/bench_frames.py (a whole scripted game through the real
loop and scenes) and sums up its frame times by kind of frame, pooled over the
launches; :func:`resizes` launches tools/bench_resize.py (a table resized as a window
manager would) :data:`RESIZE_LAUNCHES` times for each deal and size, each figure the
median over the launches. Each launch is a process of its own with the environment of
:func:`bench_common.game_env`. tools/bench.py runs both (``make bench``).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

from bench_common import DEAL, ROOT, game_env, summary_ms

RESIZE_LAUNCHES = 3
"""Launches of each resize run: a figure is the median over them, as a launch time is
(a neighbour on a shared machine can slow one launch's frames, not its code)."""


def _in_process(tool: str, size: tuple[int, int], deal: str, env: dict[str, str]) -> Any:
    """Run ``tools/<tool>`` on a table of ``deal`` at ``size``; the JSON it prints last."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / tool), f"{size[0]}x{size[1]}", deal],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


def frames(
    display: str | None,
    size: tuple[int, int],
    framebuffer: str,
    deal: str = DEAL,
    launches: int = 1,
) -> dict[str, Any]:
    """Frame times of the scripted whole game, by kind of frame. With several
    ``launches``, each kind's median and p99 are over the frames of all of them pooled
    (each launch's own under "launches"): a p99 needs hundreds of frames, and the
    median of a few launches' p99s of 154 selection frames each is nearly a maximum."""
    runs: list[dict[str, Any]] = []
    pooled: dict[str, list[float]] = {}
    for _ in range(launches):
        data = _in_process("bench_frames.py", size, deal, game_env(display, framebuffer))
        result: dict[str, Any] = {
            kind: summary_ms(values) for kind, values in data["times"].items()
        }
        result["tap_visible_next_frame"] = data["tap_visible"]
        result["won"] = data["won"]
        runs.append(result)
        for kind, values in data["times"].items():
            pooled.setdefault(kind, []).extend(values)
    if launches == 1:
        return runs[0]
    return {
        **{kind: summary_ms(values) for kind, values in pooled.items()},
        "tap_visible_next_frame": all(run["tap_visible_next_frame"] for run in runs),
        "won": all(run["won"] for run in runs),
        "launches": runs,
    }


def _stolen() -> float | None:
    """CPU seconds this machine's hypervisor has given to others so far (all CPUs), from
    /proc/stat's steal column; None where there is none to read."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = stat.readline().split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def _resize_launch(size: tuple[int, int], deal: str) -> dict[str, Any]:
    """One launch of tools/bench_resize.py: its figures, and the share of the machine's
    CPU time stolen by its hypervisor meanwhile (a cause of slow frames no code has)."""
    stolen, started = _stolen(), time.perf_counter()
    data = _in_process("bench_resize.py", size, deal, game_env(None))
    elapsed, stolen_after = time.perf_counter() - started, _stolen()
    drag = data["drag"]
    return {
        "first_frame": summary_ms(data["first"]["first_frame_s"]),
        "crisp_after_max_s": round(max(data["first"]["crisp_after_s"]), 3),
        "edge_drag": {**summary_ms(drag["frame_s"]), "lowest_fps": round(drag["lowest_fps"], 1)},
        "memory": {key: round(value, 1) for key, value in data["memory"].items()},
        "stolen_share": (
            None
            if stolen is None or stolen_after is None
            else round((stolen_after - stolen) / (elapsed * (os.cpu_count() or 1)), 4)
        ),
    }


def _medians(launches: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of several launches of one run, each the median over the launches (as
    the launch times are): the same keys, nested alike; a yes-or-no figure holds if it
    held in every launch, and a figure one launch lacks is None."""
    merged: dict[str, Any] = {}
    for key, first in launches[0].items():
        values = [launch.get(key) for launch in launches]
        numbers = [value for value in values if isinstance(value, (int, float))]
        if isinstance(first, dict):
            merged[key] = _medians([value if isinstance(value, dict) else {} for value in values])
        elif isinstance(first, bool):
            merged[key] = all(values)
        elif isinstance(first, (int, float)) and len(numbers) == len(values):
            whole = all(isinstance(value, int) for value in numbers)  # counts stay counts
            merged[key] = (
                statistics.median_low(numbers) if whole else round(statistics.median(numbers), 3)
            )
        elif first is None or isinstance(first, (int, float)):
            merged[key] = None
    return merged


def resizes(deals: tuple[str, ...], sizes: list[tuple[int, int]]) -> dict[str, Any]:
    """Resizes of a table of each deal at each size (tools/bench_resize.py), launched
    :data:`RESIZE_LAUNCHES` times in turn, alternating tables and sizes."""
    runs: dict[str, list[dict[str, Any]]] = {}
    for launch in range(RESIZE_LAUNCHES):
        for deal in deals:
            for size in sizes:
                key = f"{deal[4]} {size[0]}x{size[1]}"
                print(f"resize {key} ({launch + 1} of {RESIZE_LAUNCHES}) ...", flush=True)
                runs.setdefault(key, []).append(_resize_launch(size, deal))
    return {key: {**_medians(launches), "launches": launches} for key, launches in runs.items()}
