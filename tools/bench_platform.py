"""What each trick of game/platform/ earns: the game with it and without, alternating.

``python tools/bench_platform.py [--rounds N]`` prints JSON (and writes it with
``--out``). Each figure is measured in rounds, the trick on and off in turn within a
round, so that a slow minute of the machine weighs on both; the ratio is on / off.

- **pygame in two halves** (lazy_pygame): fresh processes in one Xvfb at 1920x1080,
  process start to the window shown and to the first complete table frame, and the
  memory then (tools/bench_startup.py's ``startup``); off is ``HALFMOON_PLAIN=1``, which also
  leaves malloc alone (after the window shows) and the waiter (after the first frame).
- **the idle loop asleep on the X socket** (x11.InputWaiter): the idle CPU of a table
  whose clock runs, in an X window, over ``--idle-seconds`` (tools/bench_startup.py's
  ``idle_cpu``); off is ``HALFMOON_PLAIN=1``, the 10 Hz polling rate.
- **the heap trimmed** (memory.give_back): the resident memory of a table at WxH before
  and after a round trip to a larger window (1920x1080 to 3840x2160 and back; 3840x2160
  to 10000x10000 and back; tools/bench_resize.py's table, dummy driver); off is
  ``give_back`` doing nothing, as with ``HALFMOON_PLAIN=1``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_common import byte_compile, xvfb  # noqa: E402
from bench_startup import idle_cpu, startup  # noqa: E402

SIZE = (1920, 1080)
ROUND_TRIPS = {
    "1920x1080 to 3840x2160": (SIZE, (3840, 2160)),
    "3840x2160 to 10000x10000": ((3840, 2160), (10000, 10000)),
}
MEMORY_WAYS = ("on", "off")

_ROUND_TRIP = """
import json, sys
sys.path.insert(0, 'tools')
import bench_resize as b
from game.platform import memory
way, size, huge = sys.argv[1], tuple(json.loads(sys.argv[2])), tuple(json.loads(sys.argv[3]))
if way == 'off':
    memory.give_back = lambda: False
b.pygame.display.init()
b.pygame.font.init()
table = b.Table(size, 'HM1-N-AAAAAAB')
b.HUGE = huge
print(json.dumps(b.huge_and_back(table, size)))
table.ctx.storage.close()
"""


def _plain(on: bool) -> None:
    """The tricks on (``HALFMOON_PLAIN`` unset) or off, for the processes started next."""
    if on:
        os.environ.pop("HALFMOON_PLAIN", None)
    else:
        os.environ["HALFMOON_PLAIN"] = "1"


def _ratio(on: float, off: float) -> float | None:
    return round(on / off, 3) if off else None


def start_up(display: str, rounds: int) -> dict[str, Any]:
    runs: dict[str, list[dict[str, Any]]] = {"on": [], "off": []}
    for _ in range(rounds):
        for way in ("on", "off"):
            _plain(way == "on")
            runs[way].append(startup(display, SIZE, "0", 1))
    _plain(True)
    medians = {
        way: {
            key: round(statistics.median(run[key] for run in runs[way]), 4)
            for key in ("window_shown_s", "first_frame_s", "rss_mb")
        }
        for way in runs
    }
    return {
        **medians,
        "ratio": {key: _ratio(medians["on"][key], medians["off"][key]) for key in medians["on"]},
        "runs": runs,
    }


def idle(display: str, rounds: int, seconds: float) -> dict[str, Any]:
    runs: dict[str, list[dict[str, Any]]] = {"on": [], "off": []}
    for _ in range(rounds):
        for way in ("on", "off"):
            _plain(way == "on")
            runs[way].append(idle_cpu(display, SIZE, "0", seconds))
    _plain(True)
    medians = {
        way: {
            key: round(statistics.median(run[key] for run in runs[way]), 3)
            for key in ("cpu_percent", "frames", "draws")
        }
        for way in runs
    }
    return {
        **medians,
        "ratio": {key: _ratio(medians["on"][key], medians["off"][key]) for key in medians["on"]},
        "runs": runs,
    }


def memory(rounds: int) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.pop("HALFMOON_PLAIN", None)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result: dict[str, Any] = {}
    for name, (size, huge) in ROUND_TRIPS.items():
        runs: dict[str, list[dict[str, float]]] = {way: [] for way in MEMORY_WAYS}
        for _ in range(rounds):
            for way in MEMORY_WAYS:
                done = subprocess.run(
                    [sys.executable, "-c", _ROUND_TRIP, way, json.dumps(size), json.dumps(huge)],
                    cwd=ROOT,
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                    timeout=600,
                )
                runs[way].append(json.loads(done.stdout.strip().splitlines()[-1]))
        kept = {
            way: round(statistics.median(r["after_mb"] - r["before_mb"] for r in runs[way]), 1)
            for way in MEMORY_WAYS
        }
        result[name] = {"kept_mb": kept, "ratio": _ratio(kept["on"], kept["off"]), "runs": runs}
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="start-up rounds")
    parser.add_argument("--idle-rounds", type=int, default=3)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--memory-rounds", type=int, default=3)
    parser.add_argument("--parts", default="start,idle,memory")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    parts = args.parts.split(",")
    byte_compile()
    results: dict[str, Any] = {}
    with ExitStack() as stack:
        display = stack.enter_context(xvfb(SIZE))
        if display is None and ("start" in parts or "idle" in parts):
            print("bench_platform: no Xvfb; start-up and idle left out", file=sys.stderr)
        if display is not None and "start" in parts:
            results["start_up"] = start_up(display, args.rounds)
        if display is not None and "idle" in parts:
            results["idle"] = idle(display, args.idle_rounds, args.idle_seconds)
    if "memory" in parts:
        results["memory"] = memory(args.memory_rounds)
    text = json.dumps(results, indent=1)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    summary = {k: {kk: vv for kk, vv in v.items() if kk != "runs"} for k, v in results.items()}
    for trip in summary.get("memory", {}).values():
        trip.pop("runs", None)
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
