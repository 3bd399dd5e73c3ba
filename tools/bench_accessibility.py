"""The screen reader's cost (issue 39): the first complete frame and a tap's latency with
the game's accessibility layer off and with a screen reader's flag on, in one run.

    python tools/bench_accessibility.py [--launches 5] [--taps 12] [--out FILE]

After its first frame the game makes an AccessKit adapter (game/shell/spoken.py) and
describes each drawn frame to it; on Linux the adapter stays inactive until AT-SPI says
a screen reader runs. :func:`accessibility` starts a session bus of its own
(``dbus-run-session``, a private ``XDG_RUNTIME_DIR``, ``GSETTINGS_BACKEND=memory``, as
tests/test_spoken.py has it) and in it tools/bench_accessibility_session.py, which sets
AT-SPI's ``ScreenReaderEnabled`` and launches the game in one bare Xvfb at 1280x720, in
fresh homes, the ways in turn:

* **off**: ``HALFMOON_ACCESSIBILITY=0``, no adapter at all;
* **on**: the flag alone. The adapter is then active: the game registers with AT-SPI's
  registry (which the bus starts for it) and sends its tree's events, nobody listening;
* **reader**: the flag and a client that listens, as a screen reader does
  (tools/bench_atspi_listener.py, by the system's Python with pyatspi; left out where
  that is missing).

Measured each way: the **first complete frame** of the title and of a Half Moon table
(tools/bench_first_frame.py's screen grabs, spawn to the first grab of the final
picture), medians of ``--launches``; **tap to frame**: in a table gone idle, the pointer
pressed on a card (XTest) and the card's rectangle grabbed until it changes, ``--taps``
a launch, taps 1.25 s apart so that each comes to an idle loop, as a player's after a
moment's thought; the game's **CPU time per tap** and the pause after it (the adapter's
work after each frame, which a latency does not see). :func:`ratios` divides each way's
medians by off's. ``make bench`` runs :func:`accessibility` (tools/bench.py) and checks
:data:`BUDGETS` (:func:`check`); without dbus-run-session, gdbus, Xvfb, xdotool, libXtst or
the ``accesskit`` package it says what is missing and measures nothing.
"""

from __future__ import annotations

import ctypes.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parent
if str(TOOLS) not in sys.path:
    sys.path.append(str(TOOLS))

from bench_accessibility_session import LAUNCHES, TAP_LAUNCHES, TAPS, parser_for  # noqa: E402
from bench_common import check_worst  # noqa: E402
from xsession import missing  # noqa: E402

BUDGETS = {"screen_reader_tap_p90_ms": 16.7}
"""A tap shown within one frame at 60 Hz with a screen reader on, as without (the
project's rule; tools/bench_budgets.py's ``tap_visible_next_frame``): the p90 of the taps
of the ways on and reader, a tap not shown at all counted as a second."""


def lacking(python: str = sys.executable) -> list[str]:
    """What the measure needs and this machine has not."""
    found = missing(("Xvfb", "xdotool", "dbus-run-session", "gdbus"))
    if ctypes.util.find_library("Xtst") is None:
        found.append("libXtst")
    probe = subprocess.run([python, "-c", "import accesskit"], capture_output=True, check=False)
    if probe.returncode:
        found.append("the accesskit package")
    return found


# --------------------------------------------------------------------- the measure
def ratios(results: dict[str, Any]) -> dict[str, Any]:
    """Each way's medians over off's: the first complete frames and the taps."""
    out: dict[str, Any] = {}
    for name, entry in results["first_frame"].items():
        off = entry["off"]["first_complete_s"]
        out[f"first_frame_{name}"] = {
            way: round(value["first_complete_s"] / off, 3)
            for way, value in entry.items()
            if way != "off" and off and value["first_complete_s"]
        }
    off_tap = results["taps"]["off"]["median_ms"]
    out["tap_median"] = {
        way: round(value["median_ms"] / off_tap, 3)
        for way, value in results["taps"].items()
        if way != "off" and off_tap and value["median_ms"]
    }
    return out


def accessibility(
    launches: int = LAUNCHES,
    taps: int = TAPS,
    tap_launches: int = TAP_LAUNCHES,
    python: str = sys.executable,
) -> dict[str, Any]:
    """The whole measure in a session bus of its own (``make bench``; see the module)."""
    missing_here = lacking(python)
    if missing_here:
        return {"skipped": f"{', '.join(missing_here)} not installed"}
    with tempfile.TemporaryDirectory(prefix="bench-a11y-runtime-") as runtime:
        os.chmod(runtime, 0o700)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "AT_SPI"))}
        env.update(XDG_RUNTIME_DIR=runtime, GSETTINGS_BACKEND="memory")
        counts = ["--launches", str(launches), "--taps", str(taps)]
        counts += ["--tap-launches", str(tap_launches), "--python", python]
        script = str(TOOLS / "bench_accessibility_session.py")
        command = ["dbus-run-session", "--", sys.executable, script, *counts]
        run = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)  # fmt: skip
        assert run.stderr is not None
        told = []
        for line in run.stderr:  # its progress; the bus daemons' chatter kept for a failure
            if line.startswith("screen reader "):
                print(line, end="", file=sys.stderr, flush=True)
            else:
                told.append(line)
        out = run.communicate()[0]
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if run.returncode or not lines:
        said = "".join(told[-5:]).strip()
        return {"skipped": f"the run in its session bus failed (exit status {run.returncode}): "
                           + said}  # fmt: skip
    results: dict[str, Any] = json.loads(lines[-1])
    if "skipped" not in results:
        results["ratios"] = ratios(results)
    return results


def figures(results: dict[str, Any] | None) -> dict[str, tuple[float, str]]:
    """The budget's figure, the worse of the ways with the flag on, and that way."""
    taps = (results or {}).get("taps") or {}
    found = [(entry["p90_ms"], way) for way, entry in taps.items() if way != "off"]
    return {"screen_reader_tap_p90_ms": max(found)} if found else {}


def check(results: dict[str, Any] | None) -> int:
    """Print the budget with its figure; how many are missed (none when not measured)."""
    if not results or "skipped" in results:
        print(f"  screen reader skipped: {(results or {}).get('skipped', 'not measured')}")
        return 0
    return check_worst(figures(results), BUDGETS)


def table(results: dict[str, Any] | None) -> None:
    """The figures: a row a figure, a column a way (and its ratio to off)."""
    if not results or "skipped" in results:
        print(f"\nScreen reader: {(results or {}).get('skipped', 'not measured')}")
        return
    ways, found = results["ways"], results["ratios"]
    print(
        f"\nScreen reader on and off (issue 39; {results['size']}, Xvfb, AT-SPI's screen"
        " reader flag on; medians, ratio to off)"
    )
    print(f"  {'':24}" + "".join(f"{way:>18}" for way in ways))
    for name, entry in results["first_frame"].items():
        cells = []
        for way in ways:
            value, ratio = entry[way]["first_complete_s"], found[f"first_frame_{name}"].get(way)
            text = "-" if value is None else f"{value:.3f} s"
            cells.append(text + (f" ({ratio:.2f})" if ratio is not None else ""))
        print(f"  {'first frame, ' + name:24}" + "".join(f"{cell:>18}" for cell in cells))
    taps = results["taps"]
    rows: list[tuple[str, str, str]] = [
        ("tap to frame, median", "median_ms", "ms"),
        ("tap to frame, p90", "p90_ms", "ms"),
        ("CPU per tap", "cpu_ms_per_tap", "ms"),
    ]
    for label, key, unit in rows:
        cells = []
        for way in ways:
            value = taps[way][key]
            ratio = found["tap_median"].get(way) if key == "median_ms" else None
            text = "-" if value is None else f"{value:.2f} {unit}"
            cells.append(text + (f" ({ratio:.2f})" if ratio is not None else ""))
        print(f"  {label:24}" + "".join(f"{cell:>18}" for cell in cells))
    counts = " / ".join(f"{taps[way]['n']}" for way in ways)
    apps = " / ".join(str(taps[way]["registered_apps"]) for way in ways)
    heard = results.get("reader_events")
    print(f"  taps {counts}, missed {sum(taps[way]['missed'] for way in ways)}; apps"
          f" registered with AT-SPI, a tap launch each: {apps}")  # fmt: skip
    if heard:
        print(f"  the reader heard {min(heard)}-{max(heard)} events a launch")
    if "reader" in results:
        print(f"  reader way {results['reader']}")


def main(argv: list[str] | None = None) -> int:
    parser = parser_for(__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    results = accessibility(args.launches, args.taps, args.tap_launches, args.python)
    if args.out:
        args.out.write_text(json.dumps(results, indent=1))
    table(results)
    print()
    return check(results)


if __name__ == "__main__":
    sys.exit(main())
