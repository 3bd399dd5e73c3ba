"""The first *complete* frame: launch a program into a bare Xvfb and grab the screen
every :data:`INTERVAL_S` until its picture stays the final one.

    python tools/bench_first_frame.py [--sizes 1280x720,1920x1080] [--launches 5]
                                      [--quarter-core] [--python PY] [--root DIR]

Not the window's mapping (tools/bench_rivals.py's "window shown", when Half Moon's window
is still a plain felt-green rectangle): what the player sees. For each screen size, one
Xvfb of that size with no window manager and one X client connected all along (so the
server never resets between launches); in it, one untimed warm-up launch of each
program, then ``launches`` rounds in which each program is launched once, alternating:

* Half Moon's title screen: ``main.py --window WxH`` (no other argument, a fresh home);
* a table of each game kind of the registry: ``main.py --deal CODE --window WxH``, the
  code ``kind.code(1)``;
* GNOME Aisleriot's Klondike, where installed: ``sol klondike`` with a fresh home, its
  settings in a key file that gives its window the screen's size (so both programs paint
  the same pixels) and no session bus (tools/bench_rivals.py's launch otherwise).

A launch: the screen grabbed once (the empty root), the clock read just before the
process starts, then the whole root window grabbed (tools/bench_grab.py: XShmGetImage,
about 0.2 ms at 1280x720) every :data:`INTERVAL_S` for :data:`WATCH_S`; each grab that
differs from the one before is a new picture, noted with the time its grab ended. The
final picture is the last one; the **first complete frame** is the time of the first
grab equal to it. A launch whose last change came less than :data:`SETTLED_S` before the
end is marked ``settled: false`` (the picture may not be final). ``first_change_s`` is
when anything first showed (Half Moon: its felt-green window).

``--quarter-core``: Half Moon alone on a quarter of one core (tools/bench_cgroup.py),
the title and each table at each size; the budget is then :data:`QUARTER_CORE_BUDGET_S`.
The results are medians over the launches; ``make bench`` runs :func:`first_frames`
(tools/bench.py) and tools/bench_budgets.py checks the ratios to Aisleriot.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for _path in (str(ROOT), str(Path(__file__).resolve().parent)):
    if _path not in sys.path:
        sys.path.append(_path)

from bench_cgroup import CgroupUnavailable, CpuQuota  # noqa: E402
from bench_common import check_worst  # noqa: E402
from bench_grab import ScreenGrabber  # noqa: E402
from bench_rivals import aisleriot, aisleriot_launch, held_open  # noqa: E402
from bench_rivals_launch import end_process  # noqa: E402
from xsession import missing, virtual_display  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]
LAUNCHES = 5
INTERVAL_S = 0.005
"""How often the screen is grabbed."""
WATCH_S = 1.5
"""How long a launch is watched (the final picture is the one then)."""
SETTLED_S = 0.5
"""A launch's picture must have stayed the same this long at the end to count as final."""
QUARTER_CORE_WATCH_S = 3.0
QUARTER_CORE_BUDGET_S = 0.5
RATIO_BUDGET = 0.7
"""Half Moon's first complete frame, title and every table, at most this times Aisleriot's."""


def halfmoon_launch(
    python: str, size: tuple[int, int], home: str, pycache: str, deal: str | None, root: Path
) -> tuple[list[str], dict[str, str]]:
    """The command and environment of one Half Moon launch (``deal`` None: the title) of
    the checkout at ``root``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "HALFMOON_"))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(
        HALFMOON_HOME=home,
        PYTHONPYCACHEPREFIX=pycache,
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    command = [python, str(root / "main.py"), "--window", f"{size[0]}x{size[1]}"]
    return ([*command, "--deal", deal] if deal else command), env


def aisleriot_sized(sol: str, home: str, size: tuple[int, int]) -> tuple[list[str], dict]:
    """Aisleriot's launch (tools/bench_rivals.py), its window the screen's size: its
    saved window state in a GSettings key file of the fresh home."""
    command, env = aisleriot_launch(sol, home)
    keyfile = Path(env["XDG_CONFIG_HOME"]) / "glib-2.0" / "settings" / "keyfile"
    keyfile.parent.mkdir(parents=True)
    keyfile.write_text(
        f"[org/gnome/Patience/WindowState]\nwidth={size[0]}\nheight={size[1]}\n", "utf-8"
    )
    env["GSETTINGS_BACKEND"] = "keyfile"
    return command, env


def watch(
    grabber: ScreenGrabber,
    command: list[str],
    env: dict[str, str],
    cwd: str,
    seconds: float = WATCH_S,
    preexec: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """One launch, the screen grabbed until ``seconds`` after it started (the module)."""
    before = grabber.grab()
    pictures: list[tuple[float, int]] = []
    costs: list[float] = []
    last = before
    started = time.monotonic()
    process = subprocess.Popen(
        command,
        env=env,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=preexec,
    )
    try:
        while (now := time.monotonic()) - started < seconds:
            picture = grabber.grab()
            done = time.monotonic()
            costs.append(done - now)
            if picture != last:
                pictures.append((done - started, zlib.crc32(picture)))
                last = picture
            time.sleep(max(0.0, now + INTERVAL_S - time.monotonic()))
        alive = process.poll() is None
    finally:
        end_process(process)
    if not pictures:
        return {"error": "nothing showed"}
    final = pictures[-1][1]
    first = next(when for when, crc in pictures if crc == final)
    return {
        "first_complete_s": round(first, 4),
        "first_change_s": round(pictures[0][0], 4),
        "last_change_s": round(pictures[-1][0], 4),
        "pictures": len(pictures),
        "settled": alive and seconds - pictures[-1][0] >= SETTLED_S,
        "grabs": len(costs),
        "grab_ms": round(1000 * statistics.median(costs), 3),
    }


Program = tuple[str, "str | None", Path]
"""A launch's name, its deal code (None: the title, or Aisleriot) and its checkout."""


def programs(sol: str | None, before: Path | None = None) -> list[Program]:
    """Each Half Moon launch (the title, a table of each kind of the registry), those of
    the checkout ``before`` too (named "before ..."), then Aisleriot where installed."""
    from game.games.catalog import KINDS

    ours: list[tuple[str, str | None]] = [("title", None)]
    ours += [(kind.key, kind.code(1)) for kind in KINDS]
    found: list[Program] = []
    for name, deal in ours:
        found.append((name, deal, ROOT))
        if before is not None:
            found.append((f"before {name}", deal, before))
    return found + ([("aisleriot", None, ROOT)] if sol else [])


class Launches:
    """Launches of each program on one display, each in a fresh home."""

    def __init__(self, display: str, size: tuple[int, int], python: str, sol: str | None):
        self.display, self.size, self.python, self.sol = display, size, python, sol
        self.grabber = ScreenGrabber(display)
        self.pycache = tempfile.mkdtemp(prefix="bench-first-frame-pycache-")

    def launch(
        self, program: Program, seconds: float, quota: CpuQuota | None = None
    ) -> dict[str, Any]:
        name, deal, root = program
        with tempfile.TemporaryDirectory(prefix=f"bench-first-frame-{name}-") as home:
            if name == "aisleriot":
                assert self.sol is not None
                command, env = aisleriot_sized(self.sol, home, self.size)
            else:
                command, env = halfmoon_launch(
                    self.python, self.size, home, self.pycache, deal, root
                )
            preexec = quota.enter if quota is not None else None
            env["DISPLAY"] = self.display
            return watch(self.grabber, command, env, home, seconds, preexec)


def _summary(launches: list[dict[str, Any]]) -> dict[str, Any]:
    good = [launch for launch in launches if "error" not in launch]
    times = [launch["first_complete_s"] for launch in good]
    changes = [launch["first_change_s"] for launch in good]
    return {
        "first_complete_s": round(statistics.median(times), 4) if times else None,
        "first_change_s": round(statistics.median(changes), 4) if changes else None,
        "runs_s": times,
        "unsettled": sum(not launch["settled"] for launch in good),
        "failures": [launch["error"] for launch in launches if "error" in launch],
        "grab_ms": round(statistics.median(g["grab_ms"] for g in good), 3) if good else None,
    }


@contextlib.contextmanager
def _screen(size: tuple[int, int], python: str, sol: str | None) -> Iterator[Launches]:
    with virtual_display(size) as display, held_open(display):
        launches = Launches(display, size, python, sol)
        try:
            yield launches
        finally:
            launches.grabber.close()


def one_size(
    size: tuple[int, int], launches: int, python: str, sol: str | None, before: Path | None
) -> dict:
    """Every program at ``size``, alternating; medians, and the ratios to Aisleriot."""
    names = programs(sol, before)
    done: dict[str, list[dict[str, Any]]] = {program[0]: [] for program in names}
    with _screen(size, python, sol) as screen:
        for program in names:  # warm-up: page cache, byte code, GTK's visuals
            screen.launch(program, WATCH_S)
        for number in range(launches):
            for program in names:
                where = f"{size[0]}x{size[1]} {number + 1}"
                print(f"first frame {where}: {program[0]}", file=sys.stderr)
                done[program[0]].append(screen.launch(program, WATCH_S))
    result = {name: _summary(runs) for name, runs in done.items()}
    theirs = (result.get("aisleriot") or {}).get("first_complete_s")
    if theirs:
        result["ratios"] = {
            name: round(entry["first_complete_s"] / theirs, 3)
            for name, entry in result.items()
            if name != "aisleriot" and entry.get("first_complete_s")
        }
    return result


def quarter_core(
    size: tuple[int, int], launches: int, python: str, before: Path | None
) -> dict[str, Any]:
    """Half Moon's title and tables on a quarter of one core (medians)."""
    names = programs(None, before)
    done: dict[str, list[dict[str, Any]]] = {program[0]: [] for program in names}
    with _screen(size, python, None) as screen:
        for program in names:
            screen.launch(program, WATCH_S)
        for number in range(launches):
            for program in names:
                print(f"first frame 1/4 core {number + 1}: {program[0]}", file=sys.stderr)
                with CpuQuota() as quota:
                    done[program[0]].append(screen.launch(program, QUARTER_CORE_WATCH_S, quota))
    return {name: _summary(runs) for name, runs in done.items()}


def first_frames(
    sizes: list[tuple[int, int]] = SIZES,
    launches: int = LAUNCHES,
    python: str = sys.executable,
    quarter: bool = True,
    before: Path | None = None,
) -> dict[str, Any]:
    """The whole measure: every size, then the quarter core at the first (``make bench``)."""
    lacking = missing(("Xvfb", "xdotool"))
    if lacking:
        return {"skipped": f"{' and '.join(lacking)} not installed"}
    sol = aisleriot()
    results: dict[str, Any] = {"interval_s": INTERVAL_S, "watch_s": WATCH_S, "sizes": {}}
    if not sol:
        results["aisleriot"] = "not installed (apt-get install aisleriot)"
    for size in sizes:
        results["sizes"][f"{size[0]}x{size[1]}"] = one_size(size, launches, python, sol, before)
    if quarter:
        try:
            results["quarter_core"] = {
                f"{sizes[0][0]}x{sizes[0][1]}": quarter_core(sizes[0], launches, python, before)
            }
        except CgroupUnavailable as error:
            results["quarter_core"] = {"skipped": str(error)}
    return results


def figures(results: dict[str, Any] | None) -> dict[str, tuple[float, str]]:
    """The budgets' figures, each the worst with where: the ratio to Aisleriot over the
    title and every table at every size, the quarter core's first complete frame."""
    if not results or "sizes" not in results:
        return {}
    out: dict[str, tuple[float, str]] = {}
    ratios = [
        (ratio, f"{name} {size}")
        for size, entry in results["sizes"].items()
        for name, ratio in (entry.get("ratios") or {}).items()
        if not name.startswith("before ")
    ]
    if ratios:
        out["first_complete_frame_ratio_to_aisleriot"] = max(ratios)
    quarter = [
        (entry["first_complete_s"], f"{name} {size}")
        for size, entries in (results.get("quarter_core") or {}).items()
        if isinstance(entries, dict)
        for name, entry in entries.items()
        if isinstance(entry, dict)
        and entry.get("first_complete_s")
        and not name.startswith("before ")
    ]
    if quarter:
        out["first_complete_frame_quarter_core_s"] = max(quarter)
    return out


BUDGETS = {
    "first_complete_frame_ratio_to_aisleriot": RATIO_BUDGET,
    "first_complete_frame_quarter_core_s": QUARTER_CORE_BUDGET_S,
}


def check(results: dict[str, Any] | None) -> int:
    """Print each budget with its worst figure; how many are missed."""
    if results and "skipped" in results:
        print(f"  first complete frame skipped: {results['skipped']}")
        return 0
    return check_worst(figures(results), BUDGETS)


def table(results: dict[str, Any] | None) -> None:
    """The figures: one row a program, a column a size (and the quarter core)."""
    if not results or "skipped" in results:
        print(f"\nFirst complete frame: {(results or {}).get('skipped', 'not measured')}")
        return
    columns = [(size, entry) for size, entry in results["sizes"].items()]
    columns += [(f"{s} 1/4 core", e) for s, e in (results.get("quarter_core") or {}).items()
                if isinstance(e, dict) and "skipped" not in e]  # fmt: skip
    print("\nFirst complete frame (screen grabbed until final; median s, ratio to Aisleriot)")
    print(f"  {'':22}" + "".join(f"{size:>24}" for size, _ in columns))
    names = [name for name in columns[0][1] if name != "ratios"]
    for name in names:
        cells = []
        for _, entry in columns:
            value = (entry.get(name) or {}).get("first_complete_s")
            ratio = (entry.get("ratios") or {}).get(name)
            text = "-" if value is None else f"{value:.3f}"
            cells.append(text + (f" ({ratio:.2f})" if ratio is not None else ""))
        print(f"  {name:22}" + "".join(f"{cell:>24}" for cell in cells))


def _sizes(text: str) -> list[tuple[int, int]]:
    return [tuple(int(v) for v in part.split("x")) for part in text.split(",")]  # type: ignore[misc]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=_sizes, default=SIZES, help="WxH[,WxH...]")
    parser.add_argument("--launches", type=int, default=LAUNCHES)
    parser.add_argument("--python", default=sys.executable, help="the Python of Half Moon")
    parser.add_argument("--quarter-core", action="store_true", help="also on a quarter core")
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    parser.add_argument(
        "--before", type=Path, metavar="CHECKOUT", help="another checkout, launched in turn"
    )
    args = parser.parse_args(argv)
    results = first_frames(args.sizes, args.launches, args.python, args.quarter_core, args.before)
    if args.out:
        args.out.write_text(json.dumps(results, indent=1))
    table(results)
    return check(results)


if __name__ == "__main__":
    sys.exit(main())
