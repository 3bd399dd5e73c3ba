"""The project's benchmark: ``make bench`` (figures) and ``make bench-check`` (budgets).

It runs the real game: the real loop, scenes, layout and sprites, on a scripted whole
game (taps, selections, removals with their animation, an undo, resizes) at 1280x720,
1920x1080 and 3840x2160, with SDL's dummy video driver and, when ``Xvfb`` is installed,
in a real X window too; a whole Crescent deal (every card dragged, every redeal by its
button) at 1920x1080 and 3840x2160. Fresh processes give the start-up time, memory and idle CPU;
the rules and the solver are timed on their own. Everything lands in ``bench.json``.

    python tools/bench.py [--quick] [--out bench.json]     # figures (make bench)
    python tools/bench.py --check                          # and budgets (make bench-check)
    python tools/bench.py --from bench.json                # budgets of an earlier run
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZES = [(1280, 720), (1920, 1080), (3840, 2160)]
DEAL = "HM1-N-AAAAAAB"
# A Crescent deal with face-down cards that the solver wins in well under a second.
CRESCENT_DEAL = "HM1-C-AAAAAAB"
CRESCENT_SIZES = [(1920, 1080), (3840, 2160)]
# The framebuffer choices compared side by side (see docs/performance.md).
FRAMEBUFFERS = {"software": "0", "accelerated": "1"}

BUDGETS = {
    "first_frame_dummy_s": 0.30,
    "first_frame_x11_s": 0.40,
    "rss_1920x1080_mb": 60.0,
    "idle_cpu_percent": 0.3,
    "idle_redraws_per_s": 1.05,
    "interaction_p99_ms_1920x1080": 2.0,
    "interaction_p99_ms_3840x2160": 4.0,
    "animation_p99_ms_3840x2160": 8.0,
    "crescent_first_frame_dummy_s": 0.30,
    "crescent_drag_p99_ms_1920x1080": 4.0,
    "crescent_drag_p99_ms_3840x2160": 8.0,
    "crescent_redeal_p99_ms_3840x2160": 8.0,
    "rss_3840x2160_mb": 90.0,
    "resize_first_frame_p99_ms_1920x1080": 16.0,
    "resize_first_frame_p99_ms_3840x2160": 33.0,
    "resize_crisp_max_s": 0.5,
    "edge_drag_lowest_fps": 30.0,
    "huge_resize_rss_growth_mb": 10.0,
    # Beside GNOME Aisleriot in one Xvfb (tools/bench_rivals.py); without it, the
    # absolute figures the issue measured for Half Moon before (0.23 s, 58 MB).
    "window_shown_ratio_to_aisleriot": 0.8,
    "rss_ratio_to_aisleriot": 0.9,
    "aisleriot_idle_cpu_percent": 0.3,
    "window_shown_x11_s": 0.23,
    "rss_x11_1920x1080_mb": 58.0,
    "solver_decided_share": 0.999,
    "solver_median_ms": 5.0,
    "solver_max_s": 2.0,
    "long_save_load_s": 1.0,  # a 40,000-move save of any kind (tools/bench_saves.py)
    "long_save_rss_over_empty_mb": 50.0,
}


AT_LEAST = frozenset({"solver_decided_share", "edge_drag_lowest_fps"})
"""Budgets that are floors; the others are ceilings."""
RESIZE_SIZES = [(1920, 1080), (3840, 2160)]
FRAME_LAUNCHES = 3
"""Launches of the scripted games with the dummy driver, whose frames the budgets check:
each kind of frame's figures are over the frames of all the launches (see frames)."""
RESIZE_LAUNCHES = 3
"""Launches of each resize run: a figure is the median over them, as a launch time is
(a neighbour on a shared machine can slow one launch's frames, not its code)."""


# ------------------------------------------------------------------ helpers
def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def _summary_ms(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median_ms": round(1000 * statistics.median(values), 3) if values else 0.0,
        "p99_ms": round(1000 * _percentile(values, 0.99), 3),
        "max_ms": round(1000 * max(values), 3) if values else 0.0,
    }


@contextmanager
def xvfb(size: tuple[int, int]):
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


def _env(display: str | None, framebuffer: str = "0", home: str = "") -> dict[str, str]:
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


# ------------------------------------------------------------ fresh processes
def startup(
    display: str | None, size: tuple[int, int], framebuffer: str, runs: int, deal: str = DEAL
) -> dict:
    """Process start to the first complete table frame, and the memory then (medians)."""
    times, shown, rss = [], [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            trace = Path(home) / "trace.jsonl"
            env = _env(display, framebuffer, home)
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


def idle_cpu(display: str | None, size: tuple[int, int], framebuffer: str, seconds: float) -> dict:
    """CPU use and redraws of an idle table, wall-clock paced.

    In an X window a move is clicked first (with xdotool), so the game's clock runs and
    redraws once a second, as in a real game; with the dummy driver the deal is untouched.
    The game notes its CPU time (all threads, ended ones too) and its frame and draw
    counts when it gets SIGUSR1, at the start and the end of the window.
    """
    with tempfile.TemporaryDirectory() as home:
        trace = Path(home) / "trace.jsonl"
        env = _env(display, framebuffer, home)
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


# --------------------------------------------------------- in-process frames
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
) -> dict:
    """Frame times of the scripted whole game, by kind of frame. With several
    ``launches``, each kind's median and p99 are over the frames of all of them pooled
    (each launch's own under "launches"): a p99 needs hundreds of frames, and the
    median of a few launches' p99s of 154 selection frames each is nearly a maximum."""
    runs: list[dict] = []
    pooled: dict[str, list[float]] = {}
    for _ in range(launches):
        data = _in_process("bench_frames.py", size, deal, _env(display, framebuffer))
        result: dict[str, Any] = {
            kind: _summary_ms(values) for kind, values in data["times"].items()
        }
        result["tap_visible_next_frame"] = data["tap_visible"]
        result["won"] = data["won"]
        runs.append(result)
        for kind, values in data["times"].items():
            pooled.setdefault(kind, []).extend(values)
    if launches == 1:
        return runs[0]
    return {
        **{kind: _summary_ms(values) for kind, values in pooled.items()},
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


def _resize_launch(size: tuple[int, int], deal: str) -> dict:
    """One launch of tools/bench_resize.py: its figures, and the share of the machine's
    CPU time stolen by its hypervisor meanwhile (a cause of slow frames no code has)."""
    stolen, started = _stolen(), time.perf_counter()
    data = _in_process("bench_resize.py", size, deal, _env(None))
    elapsed, stolen_after = time.perf_counter() - started, _stolen()
    drag = data["drag"]
    return {
        "first_frame": _summary_ms(data["first"]["first_frame_s"]),
        "crisp_after_max_s": round(max(data["first"]["crisp_after_s"]), 3),
        "edge_drag": {**_summary_ms(drag["frame_s"]), "lowest_fps": round(drag["lowest_fps"], 1)},
        "memory": {key: round(value, 1) for key, value in data["memory"].items()},
        "stolen_share": (
            None
            if stolen is None or stolen_after is None
            else round((stolen_after - stolen) / (elapsed * (os.cpu_count() or 1)), 4)
        ),
    }


def _medians(launches: list[dict]) -> dict:
    """The figures of several launches of one run, each the median over the launches (as
    the launch times are): the same keys, nested alike; a yes-or-no figure holds if it
    held in every launch, and a figure one launch lacks is None."""
    merged: dict[str, Any] = {}
    for key, first in launches[0].items():
        values = [launch.get(key) for launch in launches]
        if isinstance(first, dict):
            merged[key] = _medians(values)
        elif isinstance(first, bool):
            merged[key] = all(values)
        elif isinstance(first, (int, float)) and all(
            isinstance(value, (int, float)) for value in values
        ):
            whole = all(isinstance(value, int) for value in values)  # counts stay counts
            merged[key] = (
                statistics.median_low(values) if whole else round(statistics.median(values), 3)
            )
        elif first is None or isinstance(first, (int, float)):
            merged[key] = None
    return merged


def resizes(deals: tuple[str, ...], sizes: list[tuple[int, int]]) -> dict:
    """Resizes of a table of each deal at each size (tools/bench_resize.py), launched
    :data:`RESIZE_LAUNCHES` times in turn, alternating tables and sizes."""
    runs: dict[str, list[dict]] = {}
    for launch in range(RESIZE_LAUNCHES):
        for deal in deals:
            for size in sizes:
                key = f"{deal[4]} {size[0]}x{size[1]}"
                print(f"resize {key} ({launch + 1} of {RESIZE_LAUNCHES}) ...", flush=True)
                runs.setdefault(key, []).append(_resize_launch(size, deal))
    return {key: {**_medians(launches), "launches": launches} for key, launches in runs.items()}


def rivals(quick: bool) -> dict | None:
    """Half Moon and GNOME Aisleriot launched in turn in one Xvfb (tools/bench_rivals.py)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_rivals import side_by_side

    try:
        return side_by_side((1920, 1080), rounds=2 if quick else 3, launches=3)
    except (OSError, RuntimeError, subprocess.SubprocessError) as error:
        return {"aisleriot": None, "halfmoon": None, "reason": f"could not run: {error}"}


# --------------------------------------------------------------- rules, solver
def rules_throughput(seconds: float) -> dict:
    """Taps per second in random play (taps anywhere and taps of legal removals)."""
    from game.rules import SLOTS, Game, random_code

    rng = random.Random(7)
    taps, games = 0, 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        game = Game.from_code(random_code(rng))
        games += 1
        while game.outcome is None:
            removals = game.legal_removals()
            if rng.random() < 0.5:
                game.tap(rng.choice(SLOTS))
                taps += 1
            else:
                for slot in rng.choice(removals).slots:
                    game.tap(slot)
                    taps += 1
                game.clear_selection()
    elapsed = time.perf_counter() - started
    return {"taps_per_s": round(taps / elapsed), "games": games}


def solver(count: int, seed: int) -> dict:
    """The solver on ``count`` random deals, at most 2 s each."""
    from game.rules import Game, random_code
    from game.rules.solver import Verdict, solve
    from game.rules.solver.__main__ import _wilson

    rng = random.Random(seed)
    times, decided_times, verdicts = [], [], {v: 0 for v in Verdict}
    for _ in range(count):
        solution = solve(Game.from_code(random_code(rng)), max_seconds=2.0)
        verdicts[solution.verdict] += 1
        times.append(solution.seconds)
        if solution.verdict is not Verdict.UNKNOWN:
            decided_times.append(solution.seconds)
    decided = verdicts[Verdict.WIN] + verdicts[Verdict.NO_WIN]
    low, high = _wilson(verdicts[Verdict.WIN], decided)
    return {
        "deals": count,
        "decided_share": round(decided / count, 4),
        "won": verdicts[Verdict.WIN],
        "not_winnable": verdicts[Verdict.NO_WIN],
        "undecided": verdicts[Verdict.UNKNOWN],
        "winnable_share": round(verdicts[Verdict.WIN] / decided, 4) if decided else 0.0,
        "winnable_95ci": [round(low, 4), round(high, 4)],
        "median_ms": round(1000 * statistics.median(times), 2),
        "max_s": round(max(times), 3),
        "max_decided_s": round(max(decided_times, default=0.0), 3),
    }


def byte_compile() -> None:
    """Compile the game's modules first, as an installed or packaged game has them.

    Otherwise a machine with ``PYTHONDONTWRITEBYTECODE`` set (or a read-only checkout)
    compiles every module from source on every start, which is not the game's cost.
    """
    import compileall

    compileall.compile_dir(ROOT / "game", quiet=1)


# --------------------------------------------------------------------- report
def run_all(quick: bool) -> dict[str, Any]:
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
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_saves import long_saves

    results["long_saves"] = long_saves(3 if quick else 5)
    from bench_lowend import profile

    results["lowend"] = profile(quick)
    print("rules ...", flush=True)
    results["rules"] = rules_throughput(2.0 if quick else 5.0)
    print("solver ...", flush=True)
    results["solver"] = solver(100 if quick else 1000, seed=2026)
    return results


def figures(results: dict[str, Any]) -> dict[str, float]:
    """The figures the budgets speak of."""
    dummy = results["dummy"]
    x11 = results.get("x11") or {}
    idle = (x11.get("1920x1080") or {}).get("software", {}).get("idle") or dummy["1920x1080"][
        "idle"
    ]
    out = {
        "first_frame_dummy_s": dummy["1920x1080"]["startup"]["first_frame_s"],
        "rss_1920x1080_mb": dummy["1920x1080"]["startup"]["rss_mb"],
        "idle_cpu_percent": idle["cpu_percent"],
        "idle_redraws_per_s": idle["draws"] / idle["seconds"],
        "interaction_p99_ms_1920x1080": dummy["1920x1080"]["frames"]["selection"]["p99_ms"],
        "interaction_p99_ms_3840x2160": dummy["3840x2160"]["frames"]["selection"]["p99_ms"],
        "animation_p99_ms_3840x2160": dummy["3840x2160"]["frames"]["animation"]["p99_ms"],
        "solver_decided_share": results["solver"]["decided_share"],
        "solver_median_ms": results["solver"]["median_ms"],
        # A deal still undecided at its 2 s limit counts against the decided share.
        "solver_max_s": results["solver"].get("max_decided_s", results["solver"]["max_s"]),
    }
    if "3840x2160" in dummy:
        out["rss_3840x2160_mb"] = dummy["3840x2160"]["startup"]["rss_mb"]
    resize = results.get("resize")
    if resize:
        for key in ("1920x1080", "3840x2160"):
            entries = [entry for name, entry in resize.items() if name.endswith(key)]
            out[f"resize_first_frame_p99_ms_{key}"] = max(
                entry["first_frame"]["p99_ms"] for entry in entries
            )
        out["resize_crisp_max_s"] = max(e["crisp_after_max_s"] for e in resize.values())
        out["edge_drag_lowest_fps"] = min(e["edge_drag"]["lowest_fps"] for e in resize.values())
        out["huge_resize_rss_growth_mb"] = max(
            e["memory"]["after_mb"] - e["memory"]["before_mb"] for e in resize.values()
        )
    rival = results.get("rivals") or {}
    ours = rival.get("halfmoon")
    if ours:
        out["window_shown_x11_s"] = ours["window_shown_s"]
        out["rss_x11_1920x1080_mb"] = ours["rss_mb"]
    if rival.get("aisleriot") and rival.get("ratios"):
        out["window_shown_ratio_to_aisleriot"] = rival["ratios"]["window_shown"]
        out["rss_ratio_to_aisleriot"] = rival["ratios"]["rss"]
        out["aisleriot_idle_cpu_percent"] = rival["aisleriot"]["idle_cpu_percent"]
        out["idle_cpu_percent"] = max(out["idle_cpu_percent"], ours["idle_cpu_percent"])
        # Beside Aisleriot the ratios are the budgets; the absolute ones are for without.
        out.pop("window_shown_x11_s")
        out.pop("rss_x11_1920x1080_mb")
    crescent = results.get("crescent")
    if crescent:
        out["crescent_first_frame_dummy_s"] = crescent["1920x1080"]["startup"]["first_frame_s"]
        for key in crescent:
            out[f"crescent_drag_p99_ms_{key}"] = crescent[key]["frames"]["drag"]["p99_ms"]
            out[f"crescent_redeal_p99_ms_{key}"] = crescent[key]["frames"]["redeal"]["p99_ms"]
    if x11:
        out["first_frame_x11_s"] = x11["1920x1080"]["software"]["startup"]["first_frame_s"]
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_saves import figures as save_figures

    return {**out, **save_figures(results.get("long_saves"))}


def check(results: dict[str, Any]) -> int:
    """Print each budget with its figure; 1 if any is missed."""
    failed = 0
    measured = figures(results)
    for name, budget in BUDGETS.items():
        value = measured.get(name)
        if value is None:
            print(f"  {name:34} {'-':>10}  (not measured here)")
            continue
        ok = value >= budget if name in AT_LEAST else value <= budget
        failed += not ok
        print(f"  {name:34} {value:>10.4g}  budget {budget:<8} {'ok' if ok else 'MISSED'}")
    runs = [*results["dummy"].values(), *(results.get("crescent") or {}).values()]
    taps = all(entry["frames"]["tap_visible_next_frame"] for entry in runs)
    print(f"  {'tap_visible_next_frame':34} {taps!s:>10}")
    failed += not taps
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_lowend import check as lowend_check

    failed += lowend_check(results.get("lowend"))
    return 1 if failed else 0


def _frames_table(title: str, entries: dict[str, Any], kinds: tuple[str, ...]) -> None:
    """One size a row: first frame, memory, then median / p99 of each kind of frame."""
    print(f"\n{title}")
    heads = " ".join(f"{kind:>18}" for kind in kinds)
    print(f"  {'size':10} {'first frame':>12} {'RSS':>8}   {heads}   (median / p99 ms)")
    for key, entry in entries.items():
        frames = entry["frames"]
        cells = [f"{frames[k]['median_ms']:7.2f} / {frames[k]['p99_ms']:7.2f}" for k in kinds]
        print(
            f"  {key:10} {entry['startup']['first_frame_s']:>10.3f} s"
            f" {entry['startup']['rss_mb']:>6.1f} MB   " + " ".join(f"{c:>18}" for c in cells)
        )


def table(results: dict[str, Any]) -> None:
    """The figures as a readable table."""
    _frames_table(
        "Start-up and frames (SDL dummy driver)",
        results["dummy"],
        ("idle", "selection", "animation", "resize"),
    )
    if results.get("crescent"):
        _frames_table(
            "Crescent (SDL dummy driver): a whole deal, every card dragged",
            results["crescent"],
            ("idle", "drag", "animation", "redeal"),
        )
    if results.get("resize"):
        print(
            f"\nResizes (SDL dummy driver): N Half Moon, C Crescent; medians of"
            f" {RESIZE_LAUNCHES} launches, then each launch's first frame p99 and the"
            " machine's CPU time stolen meanwhile by its hypervisor"
        )
        print(
            f"  {'table':14} {'first frame med / p99 / max ms':>32} {'crisp within':>13}"
            f" {'edge drag: max ms, lowest fps':>31} {'RSS before / 10000² / after':>30}"
        )
        for key, entry in results["resize"].items():
            first, drag, mem = entry["first_frame"], entry["edge_drag"], entry["memory"]
            print(
                f"  {key:14} {first['median_ms']:>10.2f} / {first['p99_ms']:>7.2f}"
                f" / {first['max_ms']:>7.2f}"
                f" {entry['crisp_after_max_s']:>11.3f} s {drag['max_ms']:>18.2f}"
                f" {drag['lowest_fps']:>10.1f}"
                f" {mem['before_mb']:>12.1f} / {mem['huge_mb']:>6.1f} / {mem['after_mb']:>6.1f}"
            )
            for number, launch in enumerate(entry.get("launches", []), 1):
                stolen = launch.get("stolen_share")
                print(
                    f"  {'':14}   launch {number}: p99 {launch['first_frame']['p99_ms']:>7.2f} ms,"
                    f" stolen {'-' if stolen is None else f'{100 * stolen:.1f} %'}"
                )
    rival = results.get("rivals") or {}
    if rival.get("halfmoon"):
        sys.path.insert(0, str(ROOT / "tools"))
        from bench_rivals import table as rivals_table

        print("\n" + rivals_table(rival))
    elif rival:
        print(f"\nBeside Aisleriot: {rival.get('reason')}")
    if results.get("x11"):
        print("\nReal X window (Xvfb): software framebuffer vs accelerated (ratio accel/soft)")
        for key, entry in results["x11"].items():
            soft, accel = entry["software"], entry["accelerated"]
            for label, get in [
                ("first frame s", lambda e: e["startup"]["first_frame_s"]),
                ("RSS MB", lambda e: e["startup"]["rss_mb"]),
                ("animation p99 ms", lambda e: e["frames"]["animation"]["p99_ms"]),
                ("resize median ms", lambda e: e["frames"]["resize"]["median_ms"]),
            ]:
                a, b = get(soft), get(accel)
                ratio = b / a if a else 0.0
                print(f"  {key:10} {label:18} soft {a:9.3f}  accel {b:9.3f}  x{ratio:.2f}")
            if "idle" in soft:
                print(
                    f"  {key:10} {'idle CPU %':18} soft {soft['idle']['cpu_percent']:9.3f}"
                    f"  accel {accel['idle']['cpu_percent']:9.3f}"
                )
    if results.get("long_saves"):
        sys.path.insert(0, str(ROOT / "tools"))
        from bench_saves import table as saves_table

        print("\n" + saves_table(results["long_saves"]))
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_lowend import table as lowend_table

    lowend_table(results.get("lowend"))
    print(f"\nRules: {results['rules']['taps_per_s']} taps/s in random play")
    s = results["solver"]
    print(
        f"Solver: {s['deals']} deals, decided {100 * s['decided_share']:.1f} %, winnable "
        f"{100 * s['winnable_share']:.1f} % (95 % CI {100 * s['winnable_95ci'][0]:.1f} ... "
        f"{100 * s['winnable_95ci'][1]:.1f} %), median {s['median_ms']} ms, max {s['max_s']} s"
        f" (decided deals: {s.get('max_decided_s', s['max_s'])} s)"
    )
    print("\nBudgets")


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
