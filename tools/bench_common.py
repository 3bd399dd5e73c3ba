"""What the benchmark's modules share: the deal, percentiles, a game process's setting,
the check of budgets against their worst figures (:func:`check_worst`).

tools/bench.py (``make bench``) and the modules it runs, tools/bench_lowend.py and
tools/bench_platform.py among them, start the game in fresh processes: with the
environment of :func:`game_env`, in the virtual X display of :func:`xvfb` where Xvfb is
installed, once :func:`byte_compile` has compiled the game's modules. Frame times are
summed up by :func:`summary_ms` and :func:`percentile`. This module imports no other of
tools/, so that each of them may import it.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DEAL = "HM1-N-AAAAAAB"
"""The Half Moon deal the benchmark plays."""


def percentile(values: list[float], share: float) -> float:
    """The value of ``values`` at ``share`` (0 to 1) of the way up, the nearest one; 0.0
    for no values."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def summary_ms(values: list[float]) -> dict[str, float]:
    """Times in seconds as their count, median, p99 and maximum in milliseconds."""
    return {
        "n": len(values),
        "median_ms": round(1000 * statistics.median(values), 3) if values else 0.0,
        "p99_ms": round(1000 * percentile(values, 0.99), 3),
        "max_ms": round(1000 * max(values), 3) if values else 0.0,
    }


@contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str | None]:
    """A virtual X display of ``size`` (None when Xvfb is not installed)."""
    if shutil.which("Xvfb") is None:
        yield None
        return
    display = f":{random.randint(200, 900)}"
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.8)
    try:
        yield display
    finally:
        server.terminate()
        server.wait()


def game_env(display: str | None, framebuffer: str = "0", home: str = "") -> dict[str, str]:
    """The environment of a game process: the X ``display`` (None: SDL's dummy video
    driver), the dummy audio driver, SDL's framebuffer acceleration ``"0"`` or ``"1"``,
    and ``home`` for its files (a new temporary folder when empty)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "DISPLAY"))}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["SDL_FRAMEBUFFER_ACCELERATION"] = framebuffer
    if display is None:
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env["DISPLAY"] = display
    env["HALFMOON_HOME"] = home or tempfile.mkdtemp(prefix="hm-bench-")
    return env


def byte_compile() -> None:
    """Compile the game's modules first, as an installed or packaged game has them.

    Otherwise a machine with ``PYTHONDONTWRITEBYTECODE`` set (or a read-only checkout)
    compiles every module from source on every start, which is not the game's cost.
    """
    import compileall

    compileall.compile_dir(ROOT / "game", quiet=1)


def check_worst(
    measured: dict[str, tuple[float, str]],
    budgets: dict[str, float],
    at_least: frozenset[str] = frozenset(),
    prefix: str = "",
) -> int:
    """Print each budget of ``budgets`` with its worst figure of ``measured`` ((value,
    where)); how many are missed. Those of ``at_least`` are floors, the others ceilings."""
    failed = 0
    for name, budget in budgets.items():
        label = f"{prefix}{name}"
        if name not in measured:
            print(f"  {label:34} {'-':>10}  (not measured here)")
            continue
        value, where = measured[name]
        ok = value >= budget if name in at_least else value <= budget
        failed += not ok
        print(
            f"  {label:34} {value:>10.4g}  budget {budget:<8} {'ok' if ok else 'MISSED'}"
            f"  (worst: {where})"
        )
    return failed
