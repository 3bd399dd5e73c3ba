"""The resize storm on Wayland: the real game as a client of weston, resized by weston,
clicked, dragged and switched with F11 for N seconds per game.

    python tools/wayland_storm.py [--seconds 60] [--seed N] [--game KEY]

Starts an Xvfb with weston's x11 backend in it (tools/wayland_session.py: the game is a
Wayland client of weston, ``SDL_VIDEODRIVER=wayland``; X only carries xdotool's input to
weston), runs ``halfmoon --window 800x500 --deal CODE`` (a random deal of each game of the
registry in turn, or of ``--game KEY``), then round after round, each chosen at random:
weston's own resize (Super and a right-button drag from the window's lower right ninth,
to a random size that stays on the output), a click at a random place of the window, a
drag across it, or F11. Where the window is comes from weston's screenshot (the desktop
is one colour). A click that happens to choose Quit ends the game with status 0: it is
started again (it resumes its saved game). Any other end is a failure, and each game
must end with exit status 0 and nothing on stderr on SIGTERM.

Prints a line per game; exit status 1 on a failure, 2 when weston, Xvfb or xdotool is
missing.
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from wayland_session import Compositor, compositor, missing, window_box  # noqa: E402
from xsession import virtual_display, xdotool  # noqa: E402

OUTPUT = (1280, 720)
START = (800, 500)
SMALLEST = (320, 240)


def storm(weston: Compositor, display: str, kind_key: str, seconds: float, seed: int) -> str:
    """One game's storm; its line ("ok ..." or "FAILED ...")."""
    from game.games.catalog import kind_by_key

    rng = random.Random(f"{seed}-{kind_key}")
    code = kind_by_key(kind_key).random(rng).code
    assert code is not None
    with tempfile.TemporaryDirectory(prefix="hm-wl-storm-") as scratch:
        home = Path(scratch)
        errors = home / "stderr.txt"
        env = {**weston.client_env(), "HALFMOON_HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
        env.update(PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONFAULTHANDLER="1")
        size = "x".join(map(str, START))

        def start() -> subprocess.Popen:
            with errors.open("ab") as err:
                return subprocess.Popen(
                    [sys.executable, str(ROOT / "main.py"), "--window", size, "--deal", code],
                    cwd=ROOT,
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=err,
                )

        process = start()
        counts = {"resize": 0, "click": 0, "drag": 0, "f11": 0, "restart": 0}
        started = time.monotonic()
        time.sleep(2)
        try:
            while time.monotonic() - started < seconds and process.poll() is None:
                box = window_box(weston.screenshot(home, "now"))
                action = rng.choice(("resize", "resize", "click", "drag", "f11"))
                if box[2] < 8 or box[3] < 8:
                    action = "f11" if rng.random() < 0.2 else "none"  # not drawn yet
                elif action == "resize" and box == (0, 0, *OUTPUT):
                    action = "f11"  # fullscreen: weston does not resize it
                _act(display, action, box, rng)
                counts[action] = counts.get(action, 0) + 1
                time.sleep(rng.choice((0.0, 0.05, 0.2)))
                if process.poll() == 0:  # a click chose Quit: start it again
                    counts["restart"] += 1
                    process = start()
                    time.sleep(2)
            alive = process.poll() is None
            if alive:
                process.send_signal(signal.SIGTERM)
            status = process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            status, alive = process.wait(), False
        finally:
            xdotool(display, "mouseup", "1", "mouseup", "3", "keyup", "super")
        said = errors.read_text(errors="replace").strip()
        figures = ", ".join(f"{n} {name}" for name, n in counts.items() if name != "none")
        line = f"{kind_key} {code}: {figures} in {time.monotonic() - started:.0f} s"
        if not alive or status != 0 or said:
            return f"FAILED {line}: exit status {status}; stderr: {said[-1500:] or 'nothing'}"
        return f"ok {line}; exit 0 on SIGTERM"


def _act(display: str, action: str, box: tuple[int, int, int, int], rng: random.Random) -> None:
    """Do ``action`` to the window at ``box`` through X."""
    x, y, width, height = box
    if action == "f11":
        xdotool(display, "key", "F11")
    elif action == "click":
        point = (rng.randrange(x, x + width), rng.randrange(y, y + height))
        xdotool(display, "mousemove", *map(str, point), "click", "1")
    elif action == "drag":
        start = (rng.randrange(x, x + width), rng.randrange(y, y + height))
        end = (rng.randrange(x, x + width), rng.randrange(y, y + height))
        args = ["mousemove", *map(str, start), "mousedown", "1"]
        for step in (1, 2, 3):
            aim = (
                start[0] + (end[0] - start[0]) * step // 3,
                start[1] + (end[1] - start[1]) * step // 3,
            )
            args += ["sleep", "0.02", "mousemove", *map(str, aim)]
        xdotool(display, *args, "mouseup", "1")
    elif action == "resize":
        grip = (x + width * 5 // 6, y + height * 5 // 6)
        wide = rng.randint(SMALLEST[0], max(SMALLEST[0], OUTPUT[0] - x))
        high = rng.randint(SMALLEST[1], max(SMALLEST[1], OUTPUT[1] - y))
        dx, dy = wide - width, high - height
        args = ["mousemove", *map(str, grip), "sleep", "0.1", "keydown", "super"]
        args += ["sleep", "0.1", "mousedown", "3"]
        for step in (1, 2, 3):
            middle = (grip[0] + dx * step // 3, grip[1] + dy * step // 3)
            args += ["sleep", "0.05", "mousemove", *map(str, middle)]
        xdotool(display, *args, "sleep", "0.1", "mouseup", "3", "keyup", "super")
    xdotool(display, "mousemove", str(OUTPUT[0] - 1), str(OUTPUT[1] - 1))  # the arrow aside


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="per game (default 60)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", help="one game of the registry (default: every game)")
    args = parser.parse_args()
    absent = missing(("weston", "weston-screenshooter", "Xvfb", "xdotool"))
    if absent:
        print(f"wayland_storm: needs {', '.join(absent)}", file=sys.stderr)
        return 2
    from game.games.catalog import KINDS

    keys = [args.game] if args.game else [kind.key for kind in KINDS]
    failed = False
    with (
        virtual_display((OUTPUT[0], OUTPUT[1] + 40)) as display,
        compositor(OUTPUT, x_display=display) as weston,
    ):
        # weston follows X's pointer once it has entered its window: out, then in.
        xdotool(display, "mousemove", "5", str(OUTPUT[1] + 20), "sleep", "0.3")
        xdotool(display, "mousemove", str(OUTPUT[0] - 1), str(OUTPUT[1] - 1))
        for key in keys:
            line = storm(weston, display, key, args.seconds, args.seed)
            print(line, flush=True)
            failed = failed or line.startswith("FAILED")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
