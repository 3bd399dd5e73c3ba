"""The benchmark's budgets: each figure of ``bench.json`` that a budget speaks of, and
the check of ``make bench-check``.

:data:`BUDGETS` are ceilings, but those in :data:`AT_LEAST`, which are floors.
:func:`figures` picks each budget's figure out of a run's results (the low-end kiosk
profile's and the long saves' own from tools/bench_lowend.py and tools/bench_saves.py);
:func:`check` prints each budget beside its figure and fails when one is missed; the
first complete frame's ratio to Aisleriot and on a quarter core are checked by
tools/bench_first_frame.py's own ``check``, a tap with a screen reader on by
tools/bench_accessibility.py's.
"""

from __future__ import annotations

from typing import Any

from bench_accessibility import check as accessibility_check
from bench_first_frame import check as first_frame_check
from bench_lowend import check as lowend_check
from bench_saves import figures as save_figures

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
    failed += first_frame_check(results.get("first_frame"))
    failed += lowend_check(results.get("lowend"))
    failed += accessibility_check(results.get("accessibility"))
    return 1 if failed else 0
