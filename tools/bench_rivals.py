"""Half Moon beside GNOME Aisleriot: window shown, memory and idle CPU, in one Xvfb.

    python tools/bench_rivals.py [--rounds 3] [--launches 3] [--size 1920x1080]

One Xvfb screen of the window's size, with one X client (``xdotool sleep``) connected all
along so that the server never resets between launches; no window manager (Aisleriot's
GTK window maps without one; matchbox-window-manager is started only when the warm-up
launch of Aisleriot shows no window without it, and the result says so). First one
untimed warm-up launch of each program, then ``rounds`` rounds of ``launches`` launches
of each program, alternating (HM, AR, HM, AR, ...), each a fresh process with a fresh
home. The warm-up pays the first-launch costs that no later launch on a desktop pays
again: the page cache, Half Moon's byte-code cache, and GTK's probe of the OpenGL visuals
(the first GTK program on an X server loads Mesa and libLLVM, about 55 MB more RSS and
some 30 ms, and leaves its answer in the root window's GDK_VISUALS for the others).

* Half Moon: ``python main.py --deal HM1-N-AAAAAAB --window WxH`` with ``HALFMOON_HOME``
  a new temporary directory, SDL's dummy audio driver, and its byte code cached under a
  temporary ``PYTHONPYCACHEPREFIX`` (as an installed game has its ``.pyc`` files);
* Aisleriot: ``sol klondike`` (the first free argument is the game, like ``-v klondike``)
  with ``HOME``, ``XDG_CONFIG_HOME``, ``XDG_DATA_HOME`` and ``XDG_CACHE_HOME`` in a new
  temporary directory, ``GSETTINGS_BACKEND=memory`` (so it starts in Klondike with its
  default settings), ``NO_AT_BRIDGE=1`` and no session bus (so that it never hands the
  launch to a running instance); its 800x600 window is resized to WxH with ``xdotool
  windowsize`` as soon as it shows.

The figures of each launch:

* **window shown**: seconds from just before ``Popen`` to the moment the program's window
  is mapped and viewable. ``xev -root -event substructure`` watches the screen's root
  window; each MapNotify wakes a ``xdotool search --onlyvisible --pid PID``, and the time
  is that of the MapNotify (its line read from xev) that made the program's window
  viewable. Without xev, ``xdotool search`` is polled every 5 ms and the time is that of
  the first search that finds the window. Mapped is not drawn: either program may still
  be painting its first frame then (Half Moon's first complete table frame, from its
  ``HALFMOON_TRACE``, is reported beside it as ``first_frame_s``).
* **RSS after start**: VmRSS of the process and all its descendants (from
  ``/proc/PID/status``), in MB, 2 s after the window shows; ``rss_shmem_mb`` is the part
  of it that is shared memory (Half Moon's XShm framebuffer, which the X server maps too).
  Aisleriot draws into pixmaps held by the X server, which are not in its RSS.
* **idle CPU**: (utime + stime) of the process and its descendants from ``/proc/PID/stat``
  over the next 5 s without input, in percent of one core. Clock ticks are 10 ms, so the
  figure moves in steps of 0.2 % (one tick in 5 s).

Then SIGTERM to the launch's process group, a wait, SIGKILL if needed. A launch that shows
no window within 30 s is a failure, recorded with the tail of its stderr. The result
gives per-program medians over all launches, the raw lists, and the ratios Half Moon /
Aisleriot of the medians of window shown and RSS.

This module holds the programs, the session and its report; one launch is measured by
tools/bench_rivals_launch.py, the window watched by tools/bench_rivals_screen.py and the
memory and CPU read by tools/bench_rivals_proc.py.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_rivals_launch import end_process, measure_launch  # noqa: E402
from bench_rivals_screen import MapWatcher  # noqa: E402
from xsession import WINDOW_MANAGER, missing, virtual_display  # noqa: E402

DEAL = "HM1-N-AAAAAAB"
AISLERIOT_GAME = "klondike"
NO_SESSION_BUS = "unix:path=/nonexistent/bench-rivals-bus"
PROGRAMS = ("halfmoon", "aisleriot")


# ------------------------------------------------------------------ the programs
def aisleriot() -> str | None:
    """The path of Aisleriot's ``sol``, or None when it is not installed."""
    found = shutil.which("sol")
    if found:
        return found
    return "/usr/games/sol" if os.access("/usr/games/sol", os.X_OK) else None


def aisleriot_version(sol: str) -> str | None:
    """Aisleriot's package version (dpkg), else what ``sol --version`` says."""
    for command in (["dpkg-query", "-W", "-f", "${Version}", "aisleriot"], [sol, "--version"]):
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            done = subprocess.run(command, capture_output=True, text=True, timeout=10, check=False)
            if done.returncode == 0 and done.stdout.strip():
                return done.stdout.strip()
    return None


def halfmoon_version() -> str:
    """``game.__version__`` of this checkout."""
    sys.path.insert(0, str(ROOT))
    import game

    return game.__version__


def halfmoon_launch(
    python: str, size: tuple[int, int], home: str, pycache: str
) -> tuple[list[str], dict[str, str]]:
    """The command and environment of one Half Moon launch."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(
        HALFMOON_HOME=home,
        HALFMOON_TRACE=str(Path(home) / "trace.jsonl"),
        PYTHONPYCACHEPREFIX=pycache,
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    command = [python, str(ROOT / "main.py"), "--deal", DEAL, "--window", f"{size[0]}x{size[1]}"]
    return command, env


def aisleriot_launch(sol: str, home: str) -> tuple[list[str], dict[str, str]]:
    """The command and environment of one Aisleriot launch (fresh settings, Klondike)."""
    env = dict(os.environ)
    env.update(
        HOME=home,
        XDG_CONFIG_HOME=str(Path(home) / "config"),
        XDG_DATA_HOME=str(Path(home) / "data"),
        XDG_CACHE_HOME=str(Path(home) / "cache"),
        GSETTINGS_BACKEND="memory",
        NO_AT_BRIDGE="1",
        DBUS_SESSION_BUS_ADDRESS=NO_SESSION_BUS,
    )
    return [sol, AISLERIOT_GAME], env


# --------------------------------------------------------------- the session
FIGURES = ("window_shown_s", "rss_mb", "rss_shmem_mb", "idle_cpu_percent")


@contextlib.contextmanager
def held_open(display: str) -> Iterator[None]:
    """One X client connected all along (``xdotool sleep``), so that Xvfb does not reset
    when a launch ends: the reset would drop the root window's GDK_VISUALS, and every GTK
    program would then load OpenGL (Mesa, libLLVM: about 55 MB more RSS) to probe visuals
    again, which on a desktop only the session's first GTK program does."""
    client = subprocess.Popen(
        ["xdotool", "sleep", "86400"],
        env={**os.environ, "DISPLAY": display},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.2)
        yield
    finally:
        end_process(client, group=False)


class Launcher:
    """Fresh launches of both programs on one display, each in a new temporary home."""

    def __init__(
        self, display: str, size: tuple[int, int], python: str, sol: str | None, pycache: str
    ) -> None:
        self.display, self.size, self.python, self.sol = display, size, python, sol
        self.pycache = pycache
        self.watcher = MapWatcher(display)

    def launch(self, program: str, timed: bool = True) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix=f"bench-rivals-{program}-") as home:
            if program == "halfmoon":
                command, env = halfmoon_launch(self.python, self.size, home, self.pycache)
                return measure_launch(self.display, self.watcher, command, env, home, None, timed)
            assert self.sol is not None
            command, env = aisleriot_launch(self.sol, home)
            return measure_launch(self.display, self.watcher, command, env, home, self.size, timed)

    def close(self) -> None:
        self.watcher.stop()


def summarize(launches: list[dict[str, Any]], command: list[str]) -> dict[str, Any]:
    """Medians and raw lists of one program's launches, and its failures."""
    good = [launch for launch in launches if "error" not in launch]
    raw = {name: [launch[name] for launch in good] for name in FIGURES}
    frames = [launch["first_frame_s"] for launch in good if launch.get("first_frame_s")]
    summary: dict[str, Any] = {
        name: round(statistics.median(values), 4) if values else None
        for name, values in raw.items()
    }
    if frames:
        summary["first_frame_s"] = round(statistics.median(frames), 4)
        raw["first_frame_s"] = frames
    summary.update(
        launches=len(launches),
        failures=[launch for launch in launches if "error" in launch],
        raw=raw,
        window_size=good[0]["window_size"] if good else None,
        title=good[0]["title"] if good else None,
        command=command,
    )
    return summary


def _ratio(ours: float | None, theirs: float | None) -> float | None:
    return round(ours / theirs, 3) if ours and theirs else None


def progress(what: str) -> None:
    """A line on stderr, so that stdout has only the figures."""
    print(f"{what} ...", file=sys.stderr, flush=True)


def rounds_of_launches(
    launcher: Launcher, programs: tuple[str, ...], rounds: int, launches: int
) -> dict[str, list[dict[str, Any]]]:
    """``rounds`` x ``launches`` launches of each program, alternating."""
    done: dict[str, list[dict[str, Any]]] = {program: [] for program in programs}
    for round_number in range(1, rounds + 1):
        for launch_number in range(1, launches + 1):
            for program in programs:
                progress(f"round {round_number} launch {launch_number}: {program}")
                figures = launcher.launch(program)
                done[program].append({"round": round_number, **figures})
    return done


def _session(
    size: tuple[int, int],
    rounds: int,
    launches: int,
    python: str,
    sol: str | None,
    window_manager: bool,
) -> dict[str, Any] | None:
    """One Xvfb: warm-ups, then the rounds. None when Aisleriot's warm-up showed no window
    without a window manager and one is installed (the caller tries again with it)."""
    programs = ("halfmoon", "aisleriot") if sol else ("halfmoon",)
    with (
        tempfile.TemporaryDirectory(prefix="bench-rivals-pycache-") as pycache,
        virtual_display(size, window_manager=window_manager) as display,
        held_open(display),
    ):
        launcher = Launcher(display, size, python, sol, pycache)
        try:
            warm_up = {}
            for program in programs:
                progress(f"warm-up: {program}")
                warm_up[program] = launcher.launch(program, timed=False)
            needs_manager = sol is not None and "error" in warm_up["aisleriot"]
            if needs_manager and not window_manager and shutil.which(WINDOW_MANAGER):
                return None
            done = rounds_of_launches(launcher, programs, rounds, launches)
            shown_by = "MapNotify (xev)" if launcher.watcher.watching else "xdotool poll (5 ms)"
        finally:
            launcher.close()
    commands = {
        "halfmoon": halfmoon_launch(python, size, "$HOME", "$PYCACHE")[0],
        "aisleriot": [sol or "sol", AISLERIOT_GAME],
    }
    result: dict[str, Any] = {
        program: summarize(done[program], commands[program]) for program in programs
    }
    result["warm_up"] = {
        program: {k: v for k, v in figures.items() if k in ("window_shown_s", "error")}
        for program, figures in warm_up.items()
    }
    result["shown_by"] = shown_by
    return result


def side_by_side(
    size: tuple[int, int] = (1920, 1080),
    rounds: int = 3,
    launches: int = 3,
    python: str = sys.executable,
) -> dict[str, Any]:
    """Half Moon and Aisleriot in one Xvfb of ``size`` (see the module docstring)."""
    base: dict[str, Any] = {
        "size": f"{size[0]}x{size[1]}",
        "rounds": rounds,
        "launches": launches,
        "versions": {"halfmoon": halfmoon_version(), "aisleriot": None},
        "window_manager": None,
    }
    lacking = missing(("Xvfb", "xdotool"))
    if lacking:
        return {
            **base,
            "halfmoon": None,
            "aisleriot": None,
            "reason": f"{' and '.join(lacking)} not installed (apt-get install xvfb xdotool)",
        }
    sol = aisleriot()
    if sol:
        base["versions"]["aisleriot"] = aisleriot_version(sol)
    try:
        result = _session(size, rounds, launches, python, sol, window_manager=False)
        base["window_manager"] = False
        if result is None:
            result = _session(size, rounds, launches, python, sol, window_manager=True)
            base["window_manager"] = WINDOW_MANAGER
    except RuntimeError as error:  # Xvfb did not start
        return {**base, "halfmoon": None, "aisleriot": None, "reason": str(error)}
    if result is None:
        return {**base, "halfmoon": None, "aisleriot": None, "reason": "no session ran"}
    result.update(base)
    if not sol:
        result["aisleriot"] = None
        result["reason"] = "GNOME Aisleriot is not installed (apt-get install aisleriot)"
        return result
    ours, theirs = result["halfmoon"], result["aisleriot"]
    result["ratios"] = {
        "window_shown": _ratio(ours["window_shown_s"], theirs["window_shown_s"]),
        "rss": _ratio(ours["rss_mb"], theirs["rss_mb"]),
    }
    return result


# --------------------------------------------------------------------- report
def _number(value: float | None, unit: str, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f} {unit}"


def table(result: dict[str, Any]) -> str:
    """The figures as a few lines: both medians and their ratio."""
    if result.get("halfmoon") is None:
        return f"no figures: {result.get('reason')}"
    ours, theirs = result["halfmoon"], result.get("aisleriot")
    versions = result["versions"]
    manager = result["window_manager"] or "no window manager"
    lines = [
        f"Half Moon {versions['halfmoon']} vs GNOME Aisleriot {versions['aisleriot'] or '-'}"
        f" in Xvfb {result['size']}, {result['rounds']} rounds x {result['launches']} launches,"
        f" {manager}, window shown by {result['shown_by']}"
    ]
    rows = [
        ("window shown", "window_shown_s", "s", 3, "window_shown"),
        ("RSS after start", "rss_mb", "MB", 1, "rss"),
        ("  of it shared", "rss_shmem_mb", "MB", 1, None),
        ("idle CPU", "idle_cpu_percent", "%", 2, None),
    ]
    for label, key, unit, digits, ratio in rows:
        line = f"{label:<16} {_number(ours[key], unit, digits):>10}"
        if theirs is not None:
            line += f"  vs  {_number(theirs[key], unit, digits):>10}"
            if ratio:
                value = result["ratios"][ratio]
                line += f"  ratio {'-' if value is None else f'{value:.3f}'}"
        lines.append(line)
    if ours.get("first_frame_s") is not None:
        lines.append(f"{'HM first frame':<16} {_number(ours['first_frame_s'], 's', 3):>10}")
    for program in PROGRAMS:
        for failure in (result.get(program) or {}).get("failures", []):
            lines.append(f"FAILED {program} round {failure['round']}: {failure['error']}")
    if theirs is None:
        lines.append(result.get("reason", ""))
    return "\n".join(lines)


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--launches", type=int, default=3)
    parser.add_argument("--size", type=_size, default=(1920, 1080), help="WxH")
    parser.add_argument("--python", default=sys.executable, help="the Python of Half Moon")
    args = parser.parse_args(argv)
    result = side_by_side(args.size, args.rounds, args.launches, args.python)
    print(table(result))
    print(json.dumps(result, indent=2))
    if result.get("halfmoon") is None:
        return 2
    failed = any((result.get(p) or {}).get("failures") for p in PROGRAMS)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
