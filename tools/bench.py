"""The project's benchmark: ``make bench`` (figures) and ``make bench-check`` (budgets).

It runs the real game: the real loop, scenes, layout and sprites, on a scripted whole
game (taps, selections, removals with their animation, an undo, resizes) at 1280x720,
1920x1080 and 3840x2160, with SDL's dummy video driver and, when ``Xvfb`` is installed,
in a real X window too; a whole Crescent deal (every card dragged, every redeal by its
button) at 1920x1080 and 3840x2160. Fresh processes give the start-up time, memory and idle CPU;
the rules and the solver are timed on their own. Everything lands in ``bench.json``.

This module runs the parts in turn and holds the command line; each part is a module of
its own: tools/bench_startup.py (start-up, memory, idle CPU), tools/bench_frame_runs.py
(frames and resizes), tools/bench_rivals.py (beside GNOME Aisleriot: window shown,
memory, idle CPU), tools/bench_first_frame.py (the first complete frame, the screen
grabbed, beside Aisleriot and on a quarter core), tools/bench_accessibility.py (the first
complete frame and a tap's latency, a screen reader's flag on and off),
tools/bench_saves.py (long saves), tools/bench_lowend.py (the low-end kiosk profile),
tools/bench_rules.py (the rules and the solver); tools/bench_report.py prints the
figures and tools/bench_budgets.py checks the budgets.

    python tools/bench.py [--quick] [--out bench.json]     # figures (make bench)
    python tools/bench.py --check                          # and budgets (make bench-check)
    python tools/bench.py --from bench.json                # budgets of an earlier run
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if str(ROOT / "tools") not in sys.path:  # imported rather than run: its sibling modules
    sys.path.insert(1, str(ROOT / "tools"))

from bench_accessibility import accessibility  # noqa: E402
from bench_budgets import check  # noqa: E402
from bench_common import DEAL, byte_compile, xvfb  # noqa: E402
from bench_first_frame import first_frames  # noqa: E402
from bench_frame_runs import frames, resizes  # noqa: E402
from bench_lowend import profile as lowend_profile  # noqa: E402
from bench_report import table  # noqa: E402
from bench_rivals import side_by_side  # noqa: E402
from bench_rules import rules_throughput, solver  # noqa: E402
from bench_saves import long_saves  # noqa: E402
from bench_startup import idle_cpu, startup  # noqa: E402

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
# A Crescent deal with face-down cards that the solver wins in well under a second.
CRESCENT_DEAL = "HM1-C-AAAAAAB"
CRESCENT_SIZES = [(1920, 1080), (3840, 2160)]
# The framebuffer choices compared side by side (see docs/performance.md).
FRAMEBUFFERS = {"software": "0", "accelerated": "1"}
RESIZE_SIZES = [(1920, 1080), (3840, 2160)]
FRAME_LAUNCHES = 3
"""Launches of the scripted games with the dummy driver, whose frames the budgets check:
each kind of frame's figures are over the frames of all the launches (see frames)."""


def rivals(quick: bool) -> dict[str, Any]:
    """Half Moon and GNOME Aisleriot launched in turn in one Xvfb (tools/bench_rivals.py)."""
    try:
        return side_by_side((1920, 1080), rounds=2 if quick else 3, launches=3)
    except (OSError, RuntimeError, subprocess.SubprocessError) as error:
        return {"aisleriot": None, "halfmoon": None, "reason": f"could not run: {error}"}


def run_all(quick: bool) -> dict[str, Any]:
    """Every part of the benchmark in turn (``quick``: fewer runs): the results, as
    ``bench.json`` holds them."""
    results: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
        },
        "quick": quick,
    }
    runs = 3 if quick else 7
    byte_compile()
    results["dummy"] = {}
    for size in SIZES:
        key = f"{size[0]}x{size[1]}"
        print(f"dummy {key} ...", flush=True)
        results["dummy"][key] = {
            "startup": startup(None, size, "0", runs),
            "frames": frames(None, size, "0", launches=FRAME_LAUNCHES),
        }
    results["crescent"] = {}
    for size in CRESCENT_SIZES:
        key = f"{size[0]}x{size[1]}"
        print(f"crescent dummy {key} ...", flush=True)
        results["crescent"][key] = {
            "startup": startup(None, size, "0", runs, CRESCENT_DEAL),
            "frames": frames(None, size, "0", CRESCENT_DEAL, FRAME_LAUNCHES),
        }
    results["resize"] = resizes((DEAL, CRESCENT_DEAL), RESIZE_SIZES)
    results["x11"] = {}
    for size in SIZES:
        key = f"{size[0]}x{size[1]}"
        with xvfb(size) as display:
            if display is None:
                results["x11"] = None
                break
            results["x11"][key] = {}
            for name, value in FRAMEBUFFERS.items():
                print(f"x11 {key} {name} ...", flush=True)
                results["x11"][key][name] = {
                    "startup": startup(display, size, value, runs),
                    "frames": frames(display, size, value),
                }
            if size == (1920, 1080):
                for name, value in FRAMEBUFFERS.items():
                    print(f"x11 idle {name} ...", flush=True)
                    results["x11"][key][name]["idle"] = idle_cpu(
                        display, size, value, 5.0 if quick else 10.0
                    )
    print("dummy idle ...", flush=True)
    results["dummy"]["1920x1080"]["idle"] = idle_cpu(
        None, (1920, 1080), "0", 5.0 if quick else 10.0
    )
    print("beside Aisleriot ...", flush=True)
    results["rivals"] = rivals(quick)
    print("first complete frame, beside Aisleriot ...", flush=True)
    results["first_frame"] = first_frames(launches=3 if quick else 5)
    print("screen reader on and off ...", flush=True)
    results["accessibility"] = accessibility(launches=3 if quick else 5, taps=8 if quick else 12)
    results["long_saves"] = long_saves(3 if quick else 5)
    results["lowend"] = lowend_profile(quick)
    print("rules ...", flush=True)
    results["rules"] = rules_throughput(2.0 if quick else 5.0)
    print("solver ...", flush=True)
    results["solver"] = solver(100 if quick else 1000, seed=2026)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Half Moon benchmark")
    parser.add_argument("--quick", action="store_true", help="fewer runs, for a quick look")
    parser.add_argument("--out", type=Path, default=ROOT / "bench.json")
    parser.add_argument(
        "--check", action="store_true", help="exit with status 1 when a budget is missed"
    )
    parser.add_argument(
        "--from",
        dest="earlier",
        type=Path,
        metavar="BENCH_JSON",
        help="do not measure: show and check an earlier bench.json",
    )
    args = parser.parse_args(argv)
    if args.earlier:
        results = json.loads(args.earlier.read_text())
        table(results)
        return check(results)
    results = run_all(args.quick)
    args.out.write_text(json.dumps(results, indent=1))
    table(results)
    status = check(results)
    print(f"\nwritten {args.out}")
    return status if args.check else 0


if __name__ == "__main__":
    sys.exit(main())
