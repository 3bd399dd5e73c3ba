"""One launch of a program measured beside another (tools/bench_rivals.py): started,
its window waited for, its figures taken, ended.

:func:`measure_launch` starts a command in a session of its own, waits for its window
(tools/bench_rivals_screen.py), takes the window shown, the size and title and (when
timed) :func:`settled_figures`: the memory :data:`SETTLE_S` after the window showed and
the CPU over the next :data:`IDLE_S` (tools/bench_rivals_proc.py). :func:`end_process`
ends it: SIGTERM, a wait, SIGKILL if needed. A launch that fails says why, with the
tail of its stderr.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from bench_rivals_proc import tree_cpu_s, tree_mb
from bench_rivals_screen import (
    SHOW_TIMEOUT_S,
    MapWatcher,
    resize_window,
    wait_for_window,
    window_geometry,
)
from xsession import xdotool

SETTLE_S = 2.0
"""Seconds from the window shown to the memory read."""
IDLE_S = 5.0
"""Seconds of idle CPU measured after that."""
STDERR_TAIL = 2000
"""Characters of a failed launch's stderr kept."""


def end_process(process: subprocess.Popen, group: bool = True) -> int | None:
    """SIGTERM (to the launch's process group when ``group``), a wait, SIGKILL if needed;
    the exit status."""

    def send(sig: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if group:
                os.killpg(process.pid, sig)
            elif process.poll() is None:
                process.send_signal(sig)

    for sig in (signal.SIGTERM, signal.SIGKILL):
        send(sig)
        try:
            process.wait(timeout=10)
            break
        except subprocess.TimeoutExpired:
            continue
    if group:
        send(signal.SIGKILL)  # any descendant left behind
    return process.poll()


def _tail(path: Path) -> str:
    with contextlib.suppress(OSError):
        return path.read_text(errors="replace").strip()[-STDERR_TAIL:]
    return ""


def _first_frame_s(home: str, started_wall: float) -> float | None:
    """Half Moon's first complete frame (its trace's first_frame), from before Popen."""
    with contextlib.suppress(OSError, ValueError, IndexError, KeyError, StopIteration):
        lines = (Path(home) / "trace.jsonl").read_text().splitlines()
        first = next(e for e in map(json.loads, lines) if e["event"] == "first_frame")
        return round(first["time"] - started_wall, 4)
    return None


def measure_launch(
    display: str,
    watcher: MapWatcher,
    command: list[str],
    env: dict[str, str],
    home: str,
    resize_to: tuple[int, int] | None = None,
    timed: bool = True,
) -> dict[str, Any]:
    """Start ``command``, wait for its window, take the figures (only when ``timed``), end it."""
    env = {**env, "DISPLAY": display}
    stderr_path = Path(home) / "stderr.txt"
    with open(stderr_path, "wb") as stderr:
        started_wall, started = time.time(), time.monotonic()
        process = subprocess.Popen(
            command,
            env=env,
            cwd=home,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )
    try:
        shown = wait_for_window(display, process, watcher, started)
        if shown is None:
            alive = process.poll() is None
            status = end_process(process)
            return {
                "error": f"no window within {SHOW_TIMEOUT_S:.0f} s"
                if alive
                else f"ended before showing a window (exit status {status})",
                "stderr_tail": _tail(stderr_path),
            }
        window, shown_at = shown
        figures: dict[str, Any] = {"window_shown_s": round(shown_at - started, 4)}
        if resize_to is not None:
            figures["window_size"] = resize_window(display, window, resize_to)
        else:
            figures["window_size"] = window_geometry(display, window)
        if timed:
            figures.update(settled_figures(process.pid, shown_at))
        figures["title"] = xdotool(display, "getwindowname", window).strip()
        figures["first_frame_s"] = _first_frame_s(home, started_wall)
        if process.poll() is not None:
            return {
                "error": f"ended during the measurement (exit status {process.returncode})",
                "stderr_tail": _tail(stderr_path),
            }
        return figures
    finally:
        end_process(process)


def settled_figures(pid: int, shown_at: float) -> dict[str, float]:
    """RSS :data:`SETTLE_S` after the window showed, then CPU over :data:`IDLE_S`."""
    time.sleep(max(0.0, shown_at + SETTLE_S - time.monotonic()))
    rss, shared = tree_mb(pid), tree_mb(pid, "RssShmem")
    cpu_before, clock_before = tree_cpu_s(pid), time.monotonic()
    time.sleep(IDLE_S)
    cpu_after, clock_after = tree_cpu_s(pid), time.monotonic()
    return {
        "rss_mb": round(rss, 1),
        "rss_shmem_mb": round(shared, 1),
        "idle_cpu_percent": round(100 * (cpu_after - cpu_before) / (clock_after - clock_before), 3),
    }
