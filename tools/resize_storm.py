"""The resize storm: the real game in a real X window, resized and clicked for N seconds.

    python tools/resize_storm.py [--seconds 120] [--seed N] [--window-manager]

Starts Xvfb (and matchbox-window-manager with ``--window-manager``), runs ``halfmoon
--window 1280x720 --deal HM1-N-AAAAAAB`` in it, then round after round: ``xdotool
windowsize`` to a random size from 320x240 to 1920x1080, a click at a random place in
the window, and F11 about one round in five. A click that happens to choose Quit ends
the game with status 0: it is started again (it resumes its saved game) and the storm
goes on. Any other end is a failure, and the last game must end with exit status 0 on
SIGTERM. A failure prints the round, the seed, the exit status and the game's last
words on stderr; the exit status is then 1 (2 when Xvfb or xdotool is missing).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from xsession import find_window, missing, virtual_display, xdotool  # noqa: E402

DEAL = "HM1-N-AAAAAAB"


@dataclass
class StormResult:
    """What a storm did and how the game ended."""

    rounds: int
    seconds: float
    fullscreen_toggles: int
    restarts: int
    """Times a click chose Quit and the game was started again."""
    exit_status: int | None
    """The game's exit status after SIGTERM, or how it died (negative: a signal)."""
    died_in_round: int | None
    stderr: str

    @property
    def ok(self) -> bool:
        """The game lived through every round and ended cleanly."""
        return self.died_in_round is None and self.exit_status == 0


def storm(
    seconds: float, seed: int, *, window_manager: bool = False, screen=(1920, 1080)
) -> StormResult:
    """Run one storm (see the module docstring)."""
    rng = random.Random(seed)
    with (
        virtual_display(screen, window_manager=window_manager) as display,
        tempfile.TemporaryDirectory(prefix="hm-storm-") as home,
    ):
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            HALFMOON_HOME=home,
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            PYTHONFAULTHANDLER="1",
        )
        errors = Path(home) / "stderr.txt"

        def start() -> subprocess.Popen:
            with errors.open("ab") as err:
                return subprocess.Popen(
                    [sys.executable, str(ROOT / "main.py"), "--window", "1280x720", "--deal", DEAL],
                    env=env,
                    cwd=ROOT,
                    stdout=subprocess.DEVNULL,
                    stderr=err,
                )

        game = start()
        rounds = toggles = restarts = 0
        died = None
        started = time.monotonic()
        try:
            window = find_window(display, game.pid)
            if window is None:
                died = 0
            while died is None and time.monotonic() - started < seconds:
                rounds += 1
                width, height = rng.randint(320, 1920), rng.randint(240, 1080)
                xdotool(display, "windowsize", window, str(width), str(height))
                x, y = rng.randrange(width), rng.randrange(height)
                xdotool(display, "mousemove", "--window", window, str(x), str(y), "click", "1")
                if rng.random() < 0.2:
                    toggles += 1
                    xdotool(display, "key", "F11")
                time.sleep(rng.choice((0.0, 0.01, 0.03, 0.1)))
                if game.poll() == 0:  # a click chose Quit: start it again
                    restarts += 1
                    game = start()
                    window = find_window(display, game.pid)
                    if window is None:
                        died = rounds
                elif game.poll() is not None:
                    died = rounds
            if died is None:
                time.sleep(0.3)
                if game.poll() is not None:
                    died = rounds
                else:
                    game.send_signal(signal.SIGTERM)
            status = game.wait(timeout=20)
        except subprocess.TimeoutExpired:
            game.kill()
            status = game.wait()
        finally:
            if game.poll() is None:
                game.kill()
                game.wait()
        return StormResult(
            rounds,
            round(time.monotonic() - started, 1),
            toggles,
            restarts,
            status,
            died,
            errors.read_text(errors="replace"),
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--window-manager", action="store_true", help="run matchbox too")
    args = parser.parse_args()
    needed = ["Xvfb", "xdotool"] + (["matchbox-window-manager"] if args.window_manager else [])
    absent = missing(needed)
    if absent:
        print(f"resize storm: {', '.join(absent)} not installed", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    result = storm(args.seconds, seed, window_manager=args.window_manager)
    wm = "matchbox" if args.window_manager else "no window manager"
    print(
        f"resize storm ({wm}), seed {seed}: {result.rounds} rounds in {result.seconds} s, "
        f"{result.fullscreen_toggles} fullscreen toggles, {result.restarts} restarts after Quit; "
        f"exit status {result.exit_status}"
    )
    if not result.ok:
        died = result.died_in_round
        where = f"in round {died}" if died is not None else "at the end"
        print(f"FAILED {where} (replay: --seed {seed}); the game's stderr:", file=sys.stderr)
        print(result.stderr[-4000:], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
