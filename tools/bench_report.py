"""The benchmark's figures as readable tables, printed after each run of ``make bench``.

:func:`table` prints a run's results (``bench.json``): start-up and frames of each game
and size, resizes, Half Moon beside GNOME Aisleriot, the real X window's framebuffers,
the long saves, the low-end kiosk profile, a screen reader's cost, the rules and the
solver; the budgets come after it (tools/bench_budgets.py).
"""

from __future__ import annotations

from typing import Any

from bench_accessibility import table as accessibility_table
from bench_first_frame import table as first_frame_table
from bench_frame_runs import RESIZE_LAUNCHES
from bench_lowend import table as lowend_table
from bench_rivals import table as rivals_table
from bench_saves import table as saves_table


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
        print("\n" + saves_table(results["long_saves"]))
    first_frame_table(results.get("first_frame"))
    lowend_table(results.get("lowend"))
    accessibility_table(results.get("accessibility"))
    print(f"\nRules: {results['rules']['taps_per_s']} taps/s in random play")
    s = results["solver"]
    print(
        f"Solver: {s['deals']} deals, decided {100 * s['decided_share']:.1f} %, winnable "
        f"{100 * s['winnable_share']:.1f} % (95 % CI {100 * s['winnable_95ci'][0]:.1f} ... "
        f"{100 * s['winnable_95ci'][1]:.1f} %), median {s['median_ms']} ms, max {s['max_s']} s"
        f" (decided deals: {s.get('max_decided_s', s['max_s'])} s)"
    )
    print("\nBudgets")
