"""The low-end kiosk profile of ``make bench``: the game on a quarter of one core.

Each measured game process runs alone in a cgroup made for it with a CPU quota of 25 ms
in every 100 ms (tools/bench_cgroup.py), removed after it, also on Ctrl-C or SIGTERM.
Where no group can be made, the profile says why in one line and is skipped.

For every game kind of the registry (Elevens too) at 800x480 and 1920x1080, SDL dummy
driver, each kind's example deal where it has one (a deal won; else its first):

- **tap to frame**: the scripted game of tools/bench_frames.py (the first moves of the
  deal's winning line: Half Moon by taps, the Crescents by dragging every card), but
  paced as the real loop paces it (``Clock.tick(60)``, the real time between frames
  handed to the loop). A tap lands at a random moment between the previous frame's
  start, where the loop last read its input, and the frame that reads it: its latency
  runs from there to the end of the frame that shows it (presses and releases of the
  mouse, the keyboard's undo);
- **animation and drag**: the frame rate over each pair of successive frames of a
  card's flight and of a carried card (Half Moon does not drag);
- **start to first frame**: process start to the first complete table frame (fresh
  processes, as ``startup`` in tools/bench_startup.py);
- **resize first frame**: tools/bench_resize.py's table resized around the size, no size
  twice, paced the same way: from the window's new size to the end of the frame that
  shows it.

    python tools/bench_lowend.py [--quick] [--check]     # this profile alone
    python tools/bench_lowend.py --wayland              # the same on Wayland

``--wayland``: every process a client of a headless weston (tools/wayland_session.py,
its output 2560x1440, software GL as on a kiosk board without a GPU) instead of SDL's
dummy driver, presenting through SDL's texture framebuffer as the game does there
(game/platform/framebuffer.py).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"
for _path in (str(ROOT), str(TOOLS)):
    if _path not in sys.path:
        sys.path.append(_path)

from bench_cgroup import (  # noqa: E402
    CGROUP_ROOT,
    PERIOD_US,
    QUOTA_US,
    CgroupUnavailable,
    CpuQuota,
    interruptible,
    run_quota,
)
from bench_common import byte_compile, check_worst, game_env, percentile  # noqa: E402

SIZES = [(800, 480), (1920, 1080)]
MOVES: dict[str | None, int] = {"halfmoon": 30, None: 50}
"""Moves of the winning line played at each size: a Half Moon move is about 4 taps, a
Crescent move 2 (a press and a release), so each run has about 100 taps or more."""
RESIZES = 80
"""Resizes timed at each size: their p95 is the fifth slowest."""
STARTS = 5
"""Fresh processes timed from start to first frame at each size."""
BUDGETS = {
    "tap_to_frame_p95_ms": 33.0,
    "animation_median_fps": 30.0,
    "drag_median_fps": 30.0,
    "first_frame_s": 2.0,
    "resize_first_frame_p95_ms": 100.0,
}
AT_LEAST = frozenset({"animation_median_fps", "drag_median_fps"})
"""Budgets that are floors; the others are ceilings. Each budget holds for every game
kind at every size: the figure checked is the worst of them."""


# ------------------------------------------------------------ in the game process
def _pacer(loop_frame: Callable[[float], Any], rng: random.Random) -> Callable[[bool], tuple]:
    """One frame as the real loop runs it at full rate: ``Clock.tick(60)``, then the loop's
    frame with the real time since the previous one. Returns (start, end, latency of an
    input read by this frame, from a random moment since the previous frame's start)."""
    import pygame

    from game.shell.loop import ACTIVE_FPS, STEP

    clock = pygame.time.Clock()
    last: list[float] = []

    def frame(has_input: bool) -> tuple:
        clock.tick(ACTIVE_FPS)
        start = time.perf_counter()
        previous = last[0] if last else start - STEP
        result = loop_frame(start - previous)
        end = time.perf_counter()
        last[:] = [start]
        latency = end - rng.uniform(previous, start) if has_input else None
        return start, end, latency, result

    return frame


def child_frames(size: tuple[int, int], deal: str, moves: int) -> dict:
    """tools/bench_frames.py's scripted game, its first ``moves`` moves, paced."""
    import bench_frames
    import pygame

    taps: list[float] = []
    rates: dict[str, list[float]] = {"animation": [], "drag": []}

    def paced(loop: Any, kinds: tuple[str, ...]) -> tuple[dict, Callable[[str], bool]]:
        times: dict[str, list[float]] = {kind: [] for kind in kinds}
        pace = _pacer(loop.frame, random.Random(27))
        previous: list[tuple[str, float]] = []

        def frame(kind: str) -> bool:
            tap = pygame.event.peek((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN))
            draws = loop.draws
            start, end, latency, _ = pace(tap)
            times[kind].append(end - start)
            if latency is not None:
                taps.append(latency)
            if previous and previous[0][0] == kind and kind in rates:
                rates[kind].append(1 / (start - previous[0][1]))
            previous[:] = [(kind, start)]
            return loop.draws > draws

        return times, frame

    bench_frames._timed = paced
    ctx, play = bench_frames.scripted(size, deal)
    result = play(ctx, size, deal, moves=moves)
    ctx.storage.close()
    return {"taps_s": taps, "fps": rates, "tap_visible": result["tap_visible"]}


def child_resize(size: tuple[int, int], deal: str, count: int) -> dict:
    """``count`` resizes of tools/bench_resize.py's table around ``size``, paced."""
    import bench_resize
    import pygame

    class Paced(bench_resize.Table):
        def __init__(self) -> None:
            self.pace = _pacer(lambda dt: self.loop.frame(dt), random.Random(27))
            super().__init__(size, deal)

        def frame(self, has_input: bool = False) -> float:
            start, end, latency, _ = self.pace(has_input)
            return end - start if latency is None else latency

        def resize(self, new: tuple[int, int]) -> float:
            pygame.display.set_mode(new, pygame.RESIZABLE)
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1]))
            return self.frame(True)

    pygame.display.init()
    pygame.font.init()
    table = Paced()
    firsts = []
    for number in range(count):  # as bench_resize.first_frames: no size twice
        width = size[0] - 60 + number * 37 % 136
        height = size[1] - 40 + number * 23 % 95
        firsts.append(table.resize((width, height)))
        table.settle()
        for _ in range(5):
            table.frame()
    table.ctx.storage.close()
    return {"first_frame_s": firsts}


# --------------------------------------------------------------------- the profile
def _summary(values: list[float], scale: float = 1000.0) -> dict[str, float]:
    return {
        "n": len(values),
        "median": round(scale * statistics.median(values), 2) if values else 0.0,
        "p95": round(scale * percentile(values, 0.95), 2),
        "max": round(scale * max(values), 2) if values else 0.0,
    }


def _rate(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    return {
        "n": len(values),
        "median_fps": round(statistics.median(values), 1),
        "p5_fps": round(percentile(values, 0.05), 1),
    }


Env = Callable[[str], dict[str, str]]
"""The environment of a measured process, given its home (empty: a new one)."""


def dummy_env(home: str = "") -> dict[str, str]:
    """SDL's dummy video driver (the profile's own)."""
    return game_env(None, "0", home)


def _child(
    mode: str, size: tuple[int, int], deal: str, count: int, root: Path, env: Env = dummy_env
) -> tuple:
    command = [sys.executable, __file__, "--child", mode, f"{size[0]}x{size[1]}", deal, str(count)]
    done = run_quota(command, env(""), root)
    return json.loads(done["stdout"].strip().splitlines()[-1]), done["throttled_share"]


def startup(
    size: tuple[int, int], deal: str, runs: int, root: Path, env_of: Env = dummy_env
) -> dict:
    """Process start to the first complete table frame, in the quota group (fresh
    processes); the median and the slowest."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            trace = Path(home) / "trace.jsonl"
            env = env_of(home)
            env["HALFMOON_TRACE"] = str(trace)
            command = [sys.executable, str(ROOT / "main.py"), "--deal", deal]
            command += ["--max-frames", "2", "--window", f"{size[0]}x{size[1]}"]
            started = time.time()
            run_quota(command, env, root)
            events = [json.loads(line) for line in trace.read_text().splitlines()]
            first = next(e for e in events if e["event"] == "first_frame")
            times.append(first["time"] - started)
    return {
        "n": runs,
        "median_s": round(statistics.median(times), 3),
        "max_s": round(max(times), 3),
    }


def scripted_deal(kind: Any) -> str:
    """The deal a kind's scripted game plays: its example's, a deal its solver wins (an
    Elevens deal seldom is), else its first."""
    return str(kind.example.code) if kind.has_example else str(kind.code(1))


def profile(quick: bool = False, root: Path = CGROUP_ROOT, env: Env = dummy_env) -> dict[str, Any]:
    """The whole profile (``{"skipped": reason}`` where no quota group can be made), its
    processes in the environment ``env`` makes (SDL's dummy driver; :func:`on_wayland`)."""
    from game.games.catalog import KINDS

    try:
        with CpuQuota(root) as probe:
            version = probe.version
    except CgroupUnavailable as error:
        reason = f"{error}; the quarter-core profile needs one (as root)"
        print(f"low-end kiosk profile skipped: {reason}", flush=True)
        return {"skipped": reason}
    resizes, runs = (30, 3) if quick else (RESIZES, STARTS)
    results: dict[str, Any] = {
        "quota": f"{QUOTA_US} {PERIOD_US}",
        "cgroup": f"v{version}",
        "kinds": {},
    }
    with interruptible():
        for kind in KINDS:
            deal = scripted_deal(kind)
            moves = MOVES.get(kind.key, MOVES[None]) // (3 if quick else 1)
            entries = results["kinds"][kind.key] = {}
            for size in SIZES:
                key = f"{size[0]}x{size[1]}"
                print(f"low-end {kind.key} {key} ...", flush=True)
                frames, throttled = _child("frames", size, deal, moves, root, env)
                resize, _ = _child("resize", size, deal, resizes, root, env)
                entries[key] = {
                    "tap_ms": _summary(frames["taps_s"]),
                    "tap_visible": frames["tap_visible"],
                    "animation": _rate(frames["fps"]["animation"]),
                    "drag": _rate(frames["fps"]["drag"]),
                    "startup": startup(size, deal, runs, root, env),
                    "resize_ms": _summary(resize["first_frame_s"]),
                    "throttled_share": throttled,
                }
    return results


WAYLAND_OUTPUT = (2560, 1440)
"""The headless weston's output: room for the largest window measured."""


def on_wayland(quick: bool = False, root: Path = CGROUP_ROOT) -> dict[str, Any]:
    """The profile with every process a client of a headless weston (``--wayland``),
    presenting through SDL's texture framebuffer; ``{"skipped": reason}`` without weston."""
    import wayland_session

    lacking = wayland_session.missing()
    if lacking:
        reason = f"{', '.join(lacking)} not installed (apt-get install weston)"
        print(f"low-end kiosk profile on Wayland skipped: {reason}", flush=True)
        return {"skipped": reason}
    with wayland_session.compositor(WAYLAND_OUTPUT) as weston:

        def env(home: str = "") -> dict[str, str]:
            ours = game_env(None, "1", home)  # its home, no sound device, SDL's texture framebuffer
            kept = ("SDL_AUDIODRIVER", "SDL_FRAMEBUFFER_ACCELERATION", "HALFMOON_HOME")
            return {**weston.client_env(ours), **{name: ours[name] for name in kept}}

        results = profile(quick, root, env)
    results["video"] = "Wayland (headless weston, software GL)"
    return results


def figures(lowend: dict[str, Any] | None) -> dict[str, tuple[float, str]]:
    """Each budget's figure, the worst over the kinds and sizes, with where it is."""
    if not lowend or "kinds" not in lowend:
        return {}
    found: dict[str, list[tuple[float, str]]] = {name: [] for name in BUDGETS}
    for kind, entries in lowend["kinds"].items():
        for size, entry in entries.items():
            where = f"{kind} {size}"
            found["tap_to_frame_p95_ms"].append((entry["tap_ms"]["p95"], where))
            found["first_frame_s"].append((entry["startup"]["median_s"], where))
            found["resize_first_frame_p95_ms"].append((entry["resize_ms"]["p95"], where))
            for name in ("animation", "drag"):
                if entry[name]:
                    found[f"{name}_median_fps"].append((entry[name]["median_fps"], where))
    return {
        name: (min(values) if name in AT_LEAST else max(values))
        for name, values in found.items()
        if values
    }


def check(lowend: dict[str, Any] | None) -> int:
    """Print each budget with its worst figure; how many are missed."""
    if lowend and "skipped" in lowend:
        print(f"  low-end kiosk profile skipped: {lowend['skipped']}")
        return 0
    return check_worst(figures(lowend), BUDGETS, AT_LEAST, "lowend_")


def table(lowend: dict[str, Any] | None) -> None:
    """The profile as a table: one row a game kind and size."""
    if not lowend:
        return
    if "skipped" in lowend:
        print(f"\nLow-end kiosk profile skipped: {lowend['skipped']}")
        return
    print(
        f"\nLow-end kiosk profile: a quarter of one core (cgroup {lowend['cgroup']}, quota"
        f" {lowend['quota']} us), {lowend.get('video', 'SDL dummy driver')}; n = samples"
    )
    print(
        f"  {'kind':14} {'size':9} {'tap to frame med / p95 ms (n)':>30}"
        f" {'anim fps med (n)':>17} {'drag fps med (n)':>17} {'start med / max s':>18}"
        f" {'resize med / p95 ms (n)':>24} {'throttled':>9}"
    )

    def rate(entry: dict | None) -> str:
        return "-" if entry is None else f"{entry['median_fps']:.1f} ({entry['n']})"

    for kind, entries in lowend["kinds"].items():
        for size, e in entries.items():
            tap, resize, start = e["tap_ms"], e["resize_ms"], e["startup"]
            taps = f"{tap['median']:.1f} / {tap['p95']:.1f} ({tap['n']})"
            starts = f"{start['median_s']:.2f} / {start['max_s']:.2f} ({start['n']})"
            resizes = f"{resize['median']:.1f} / {resize['p95']:.1f} ({resize['n']})"
            print(
                f"  {kind:14} {size:9} {taps:>30} {rate(e['animation']):>17}"
                f" {rate(e['drag']):>17} {starts:>18} {resizes:>24}"
                f" {100 * e['throttled_share']:>7.0f} %"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Half Moon's low-end kiosk profile")
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--check", action="store_true", help="exit 1 when a budget is missed")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    parser.add_argument("--wayland", action="store_true", help="on a headless weston")
    parser.add_argument("--child", nargs=4, metavar=("MODE", "WxH", "DEAL", "COUNT"))
    args = parser.parse_args(argv)
    if args.child:
        mode, size_text, deal, count = args.child
        width, height = (int(v) for v in size_text.split("x"))
        run = child_frames if mode == "frames" else child_resize
        print(json.dumps(run((width, height), deal, int(count))))
        return 0
    byte_compile()
    results = on_wayland(args.quick) if args.wayland else profile(args.quick)
    if args.out:
        args.out.write_text(json.dumps(results, indent=1))
    table(results)
    print("\nBudgets")
    failed = check(results)
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
