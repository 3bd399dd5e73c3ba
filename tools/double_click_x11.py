"""Double clicks on a one-tap move in a real X window, the game held to a quarter of a core.

    python tools/double_click_x11.py [--games KEY,...] [--clicks 30] [--delays 60,120,200]
                                     [--no-load] [--probe]

Issue 36: on Crescent Four ``HM1-F-LLCDVVR`` at 1920x1080, one-tap moves on, a double click
on pile 6's 2♣ moved it home and then the Q♥ under it, in 1 of 4 runs while two other
processes kept both cores busy. For each game of the registry whose board sends a card
home on a double tap (the others are left out, by the board's own ``double_taps``): an
Xvfb screen of 1920x1080, the real game in a window as large on the first deal from
``LLCDVVR`` with a card that one tap moves and one tap moves the card under it too,
one-tap moves on and automatic home moves off (the settings file), the game process in a
cgroup of its own with the quota of ``make bench``'s low-end profile (tools/bench_cgroup.py:
25 ms of CPU in every 100 ms; needs root), and, unless ``--no-load``, a busy loop on each
core. Then ``--clicks`` times: ``xdotool click --repeat 2 --delay D`` on the card (D from
``--delays`` in turn), the save read back until it shows the move (exactly one: a second
is a failure), Backspace (undo), the save read back at the start again.

``--probe`` checks the stamps themselves, in a window of its own on ``$DISPLAY``: the gap
between the presses of a double click as the loop dates them, the second taken after a
slow frame, and both taken in one frame (printed as JSON).

Prints one line per game and exits 1 when a double click made other than one move. Needs
Xvfb and xdotool; exits 2 when no cgroup can be made (the message says why).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from bench_cgroup import CgroupUnavailable, CpuQuota  # noqa: E402
from touch_play import geometry, point_on, saved  # noqa: E402
from xsession import (  # noqa: E402
    missing,
    stop_and_read,
    virtual_display,
    window_of,
    xdotool,
)

from game.games.catalog import KINDS, GameKind  # noqa: E402
from game.rules import DEAL_COUNT, read_code  # noqa: E402

SIZE = (1920, 1080)
NUMBER = "LLCDVVR"
"""Issue 36's deal: pile 6's 2♣ goes to F5 alone, and the Q♥ under it to F3 alone."""
DELAYS = (60, 120, 200)
"""Milliseconds between the two clicks of a double click (xdotool's --delay), in turn."""
SAVE_PATIENCE = 15.0
"""Seconds the save may take to show a move, the game at a quarter of a core."""
IDLE = 1.2
"""Seconds before each double click: the table has gone idle (the loop asleep until input)."""
SETTLE = 0.6
"""Seconds after a double click's move is seen before anything else: a second move a
wrongly judged second click makes shows in the save by then."""


@dataclass
class Result:
    """What the double clicks on one game did."""

    kind: str
    code: str = ""
    slot: str = ""
    double_clicks: int = 0
    """Double clicks made and read back."""
    moves: list[int] = field(default_factory=list)
    """The moves each double click made, as the save shows them."""
    problems: list[str] = field(default_factory=list)
    stderr: str = ""
    throttled: float = 0.0
    """The share of the cgroup's periods in which the game was held back."""

    @property
    def ok(self) -> bool:
        return not self.problems and self.double_clicks > 0 and set(self.moves) == {1}

    def line(self) -> str:
        counts = {n: self.moves.count(n) for n in sorted(set(self.moves))}
        text = (
            f"{self.kind:14} {self.code} pile {self.slot}: {self.double_clicks} double clicks, "
            f"moves each {counts}, throttled in {self.throttled:.0%} of periods  "
            f"{'ok' if self.ok else 'FAIL'}"
        )
        return "\n    ".join([text, *self.problems])


def double_tapped(kind: GameKind) -> bool:
    """Whether ``kind``'s board sends a card home on a double tap."""
    from game.scenes.boards import board_for

    return board_for(kind.from_code(kind.code(1))).double_taps


def target(kind: GameKind) -> tuple[str, str, tuple[int, int]]:
    """The first deal from NUMBER with a card that one tap moves and one tap then moves
    the card under it: its code, its slot and the point to click at SIZE."""
    from game.scenes.boards import board_for
    from game.table.layout import compute_layout

    layout = compute_layout(*SIZE, kind.table)
    for number in range(read_code(f"HM1-N-{NUMBER}")[1], DEAL_COUNT):
        code = kind.code(number)
        game = kind.from_code(code)
        for slot in layout.slots:
            point = point_on(layout, board_for(game).top_rect(layout, slot), slot)
            if point is not None and _one_tap_twice(kind, code, slot):
                return code, slot, point
    raise RuntimeError(f"no deal of {kind.key} with two one-tap moves on one pile")


def _one_tap_twice(kind: GameKind, code: str, slot: str) -> bool:
    game = kind.from_code(code)
    for _ in range(2):
        moves = [move for move in game.legal_moves() if move.slots and move.slots[0] == slot]
        if len(moves) != 1:
            return False
        game.play(moves[0])
    return True


def _settings(home: Path) -> None:
    """One-tap moves on, automatic home moves off, in ``home``'s settings file."""
    from game.records.settings import SETTINGS_FILE, Settings

    settings = Settings()
    settings.one_tap_moves = True
    settings.auto_home = False
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / SETTINGS_FILE).write_text(json.dumps(settings.to_dict()), "utf-8")


def _moves(kind: GameKind, home: Path, least: int | None, most: int | None) -> int | None:
    """The saved game's moves once at least ``least`` (or at most ``most``); None if the
    save never shows it within SAVE_PATIENCE."""
    deadline = time.monotonic() + SAVE_PATIENCE
    while time.monotonic() < deadline:
        game = saved(kind, home)
        moves = 0 if game is None else game.moves
        if (least is None or moves >= least) and (most is None or moves <= most):
            return moves
        time.sleep(0.05)
    return None


def run_game(kind: GameKind, clicks: int, delays: tuple[int, ...], load: bool) -> Result:
    """The double clicks on ``kind`` (see the module docstring). CgroupUnavailable when
    no quota group can be made."""
    code, slot, point = target(kind)
    result = Result(kind.key, code, slot)
    busy: list[subprocess.Popen] = []
    with (
        CpuQuota() as group,
        virtual_display(SIZE) as display,
        tempfile.TemporaryDirectory(prefix="hm-double-") as folder,
    ):
        home = Path(folder)
        _settings(home)
        deal = ("--deal", code)
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            HALFMOON_HOME=folder,
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--window", "x".join(map(str, SIZE)), *deal],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=group.enter,
        )
        try:
            window = window_of(display, process, timeout=60)
            if load:
                busy = [
                    subprocess.Popen([sys.executable, "-c", "while True: pass"])
                    for _ in range(os.cpu_count() or 2)
                ]
            time.sleep(2.0)  # the first frames, slow at a quarter of a core
            where = geometry(display, window) or (0, 0, *SIZE)
            x, y = where[0] + point[0], where[1] + point[1]
            for number in range(clicks):
                delay = delays[number % len(delays)]
                xdotool(display, "mousemove", str(x), str(y))  # moves the first time only
                time.sleep(IDLE)
                xdotool(display, "click", "--repeat", "2", "--delay", str(delay), "1")
                moved = _moves(kind, home, least=1, most=None)
                if moved is None:
                    result.problems.append(f"double click {number + 1}: no move in the save")
                    break
                time.sleep(SETTLE)
                moved = _moves(kind, home, least=moved, most=None) or moved
                result.double_clicks += 1
                result.moves.append(moved)
                if moved != 1:
                    result.problems.append(
                        f"double click {number + 1} (--delay {delay}): {moved} moves"
                    )
                xdotool(display, "key", *["BackSpace"] * moved)
                if _moves(kind, home, least=None, most=0) is None:
                    result.problems.append(f"double click {number + 1}: undo not in the save")
                    break
            stat = group.stat()
            result.throttled = stat.get("nr_throttled", 0) / max(1, stat.get("nr_periods", 0))
        finally:
            for spinner in busy:
                spinner.kill()
                spinner.wait()
            result.stderr = stop_and_read(process, timeout=30)
    return result


def probe(delay_ms: int = 250, slow: float = 0.7) -> dict[str, float | None]:
    """In this process, a window on ``$DISPLAY`` and the loop's event stamps: a double
    click (``delay_ms`` apart) whose second click is taken ``slow`` seconds after the
    first (a slow frame between), and one taken whole in one pump. The gaps between the
    presses as a double tap judges them (by the X server's times) and as the pumps saw
    them."""
    import pygame

    from game.platform.event_times import EventTimes, Moment, moment_of

    pygame.display.init()
    pygame.display.set_mode((200, 200))
    times = EventTimes.for_display()
    window = str(pygame.display.get_wm_info()["window"])
    display = os.environ["DISPLAY"]
    xdotool(display, "mousemove", "--window", window, "100", "100")
    time.sleep(0.3)
    times.stamp(pygame.event.get(), 0.0)
    presses: list[Moment] = []
    env = {**os.environ, "DISPLAY": display}
    clicks = ["xdotool", "click", "--repeat", "2", "--delay", str(delay_ms), "1"]
    start = time.monotonic()
    with subprocess.Popen(clicks, env=env) as clicking:
        while not presses and time.monotonic() - start < 10:  # frames till the first
            time.sleep(0.005)
            for event in times.stamp(pygame.event.get(), time.monotonic() - start):
                if event.type == pygame.MOUSEBUTTONDOWN:
                    presses.append(moment_of(event, 0.0))
        time.sleep(slow)  # a slow frame: the second click comes during it
        clicking.wait(timeout=10)
        for event in times.stamp(pygame.event.get(), time.monotonic() - start):
            if event.type == pygame.MOUSEBUTTONDOWN:
                presses.append(moment_of(event, 0.0))
    time.sleep(0.6)
    xdotool(display, "click", "--repeat", "2", "--delay", str(delay_ms), "1")
    time.sleep(0.2)
    together = [
        moment_of(event, 0.0)
        for event in times.stamp(pygame.event.get(), 0.0)
        if event.type == pygame.MOUSEBUTTONDOWN
    ]
    pygame.display.quit()
    apart = presses[1].since(presses[0]) if len(presses) == 2 else None
    both = together[1].since(together[0]) if len(together) == 2 else None
    return {
        "server_times": float(times.server_times),
        "apart_judged": apart,
        "apart_taken": presses[1].clock - presses[0].clock if len(presses) == 2 else None,
        "together_judged": both,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="game keys, comma-separated (all)")
    parser.add_argument("--clicks", type=int, default=30, help="double clicks per game")
    parser.add_argument("--delays", default=",".join(map(str, DELAYS)), help="ms, in turn")
    parser.add_argument("--no-load", action="store_true", help="no busy loops beside it")
    parser.add_argument("--probe", action="store_true", help="the event stamps on $DISPLAY")
    args = parser.parse_args(argv)
    if args.probe:
        print(json.dumps(probe()))
        return 0
    absent = missing()
    if absent:
        print(f"needs {', '.join(absent)}", file=sys.stderr)
        return 2
    keys = [key for key in args.games.split(",") if key]
    kinds = [kind for kind in KINDS if (not keys or kind.key in keys) and double_tapped(kind)]
    delays = tuple(int(d) for d in args.delays.split(","))
    failed = False
    for kind in kinds:
        try:
            result = run_game(kind, args.clicks, delays, not args.no_load)
        except CgroupUnavailable as why:
            print(f"no CPU quota group: {why}", file=sys.stderr)
            return 2
        print(result.line(), flush=True)
        failed = failed or not result.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
