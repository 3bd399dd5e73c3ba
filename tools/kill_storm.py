"""kill -9 in the middle of a drag and of a redeal, in a real X window: the save holds.

    python tools/kill_storm.py [--kills 50] [--seed N] [--window-manager]

Starts Xvfb (and matchbox-window-manager with ``--window-manager``), then, kill after
kill, over every game of the registry that has a Redeal button (``"redeal"`` in
``kind.buttons``) in turn: a fresh data folder; the real game (``tools/move_trace.py``:
``halfmoon`` reporting each save as a trace line) on a random deal of that game in a
window of a random size; one to four legal moves made by dragging cards with the mouse
(``xdotool`` mousedown, mousemove in steps, mouseup), each waited for until it is on
disk; then, by turns,

- *drag*: a movable card pressed and carried part of the way to where it may go, and
  ``kill -9`` 0-300 ms later while the button is still held;
- *redeal*: the Redeal button clicked (or R pressed), and ``kill -9`` 0-300 ms later,
  while the redeal's cards fly.

Then the same game is started again on that folder, shows its first frame and is ended
with SIGTERM (exit status 0 wanted). A kill *loses* when the file left on disk does not
load as the game's save (read as the game reads it), when it is not the last position
the game reported before the kill (for a redeal, the position before it is allowed too:
that move was in flight), when the game started again set a file aside as damaged
(``*.bad-*``), did not report that same position on its way out, or did not exit 0.

One line per kill, then a total; exit status 1 when any kill lost something (its line
says what, and ``--seed`` replays the run), 2 when Xvfb or xdotool is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from xsession import find_window, missing, virtual_display, xdotool  # noqa: E402

from game.games.catalog import KINDS, GameKind  # noqa: E402

MOMENTS = ("drag", "redeal")


def redeal_kinds() -> list[GameKind]:
    """The games of the registry whose table has a Redeal button."""
    return [kind for kind in KINDS if "redeal" in kind.buttons]


@dataclass
class Kill:
    """What one kill did and what it found."""

    number: int
    kind: str
    code: str
    moment: str
    moves: int
    """Moves made by dragging before the final act."""
    missed: int
    """Drags before the final act that the game took as no move (a drop out of reach)."""
    delay_ms: int
    """From the final act (the press held, the redeal asked for) to the kill."""
    reported: int
    """The moves of the last position the game reported before the kill."""
    saved: int
    """The moves of the save left on disk (0: none)."""
    problem: str | None = None
    stage: str = ""
    """Where the final act was when the kill came: ``button held`` for a drag; for a
    redeal ``not made`` (not reported yet), ``in flight`` (reported, the save on disk
    still the one before) or ``on disk``."""

    def line(self, total: int) -> str:
        verdict = "ok" if self.problem is None else f"LOST: {self.problem}"
        if not self.stage:  # it went wrong before the kill
            return f"kill {self.number}/{total} {self.kind} {self.code}: {verdict}"
        return (
            f"kill {self.number}/{total} {self.kind} {self.code}: {self.moves} moves dragged "
            f"({self.missed} missed), then {self.moment}, kill -9 after {self.delay_ms} ms "
            f"({self.stage}); reported {self.reported} moves, saved {self.saved}; {verdict}"
        )


class Trace:
    """The game's trace lines (game/shell/trace.py), read as they come."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def events(self, name: str | None = None) -> list[dict]:
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return []
        found = []
        for line in text.splitlines():
            try:
                event = json.loads(line)
            except ValueError:
                continue  # a line cut by the kill
            if name is None or event.get("event") == name:
                found.append(event)
        return found

    def wait(self, name: str, until, timeout: float, process: subprocess.Popen) -> dict | None:
        """The first ``name`` event for which ``until(event)`` holds, waiting up to ``timeout``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.events(name):
                if until(event):
                    return event
            if process.poll() is not None:
                return None
            time.sleep(0.02)
        return None


def _environment(display: str, home: Path, trace: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "HALFMOON_"))}
    env.update(
        DISPLAY=display,
        HALFMOON_HOME=str(home),
        HALFMOON_TRACE=str(trace),
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        PYTHONFAULTHANDLER="1",
    )
    return env


def _start(env: dict[str, str], args: list[str], errors: Path) -> subprocess.Popen:
    with errors.open("ab") as err:
        return subprocess.Popen(
            [sys.executable, str(ROOT / "tools" / "move_trace.py"), *args],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )


def _geometry(display: str, window: str, asked: tuple[int, int]) -> tuple[int, int]:
    """The window's size (a window manager may have changed the one ``asked``)."""
    shell = xdotool(display, "getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in shell.split() if "=" in line)
    try:
        return int(values["WIDTH"]), int(values["HEIGHT"])
    except (KeyError, ValueError):
        return asked


def _path(start, end, steps: int, part: float = 1.0) -> list[tuple[int, int]]:
    """Points from ``start`` towards ``end``, ``part`` of the way, in ``steps`` steps."""
    return [
        (
            round(start[0] + (end[0] - start[0]) * part * k / steps),
            round(start[1] + (end[1] - start[1]) * part * k / steps),
        )
        for k in range(1, steps + 1)
    ]


def _drag_args(window: str, start, points, release: bool) -> list[str]:
    """One xdotool command: press at ``start``, move through ``points``, maybe release."""
    args = ["mousemove", "--window", window, str(start[0]), str(start[1]), "mousedown", "1"]
    for x, y in points:
        args += ["sleep", "0.02", "mousemove", "--window", window, str(x), str(y)]
    if release:
        args += ["sleep", "0.03", "mouseup", "1"]
    return args


def _drags(kind: GameKind, game, size: tuple[int, int]) -> list[tuple[tuple, tuple]]:
    """Every legal move as a drag: (where the card is, where it may go) in the window."""
    from game.rules import Crescent
    from game.scenes.boards import board_for
    from game.table.layout import compute_layout

    board = board_for(game)
    if not board.drags or not isinstance(game, Crescent):
        return []
    layout = compute_layout(size[0], size[1], kind.table)
    found = []
    for slot in layout.slots:
        if not board.taps_on_release(slot):
            continue
        for target in game.destinations(slot):
            found.append(
                (board.top_rect(layout, slot).center, board.top_rect(layout, target).center)
            )
    return found


def _saved_game(kind: GameKind, home: Path):
    """The save on disk read as the game reads it: (game or None, why it is not one)."""
    from game.records.savegame import SavedGame

    path = home / "data" / kind.save_file
    try:
        data = json.loads(path.read_bytes())
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError) as error:
        return None, f"the save is not JSON ({error})"
    try:
        return SavedGame.from_dict(data, kind).game, None
    except Exception as error:  # anything the game would set aside
        return None, f"the save does not load ({type(error).__name__}: {error})"


def _set_aside(home: Path) -> list[str]:
    return sorted(p.name for p in home.rglob("*") if ".bad-" in p.name)


def _sync(kind: GameKind, home: Path, game_process, moves: int):
    """Wait until the save on disk holds ``moves`` moves; that game (None: it did not)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and game_process.poll() is None:
        saved, _ = _saved_game(kind, home)
        if saved is not None and saved.moves == moves:
            return saved
        time.sleep(0.03)
    return None


def one_kill(display: str, number: int, kind: GameKind, moment: str, rng, work: Path) -> Kill:
    """One run: deal, drag a few moves, then ``moment`` and kill -9; start again; check."""
    from game.rules import Crescent
    from game.scenes.boards import board_for

    home = work / f"kill-{number}"
    home.mkdir()
    trace = Trace(home / "trace.jsonl")
    env = _environment(display, home, trace.path)
    code = kind.random(rng).code
    assert code is not None  # a dealt game has its code (only a position has none)
    size = (rng.randint(800, 1800), rng.randint(600, 1000))
    errors = home / "stderr.txt"
    game = _start(env, ["--window", f"{size[0]}x{size[1]}", "--deal", code], errors)
    kill = Kill(number, kind.key, code, moment, 0, 0, 0, 0, 0)
    try:
        window = find_window(display, game.pid, process=game)
        ready = trace.wait("first_frame", lambda e: True, 30, game)
        if window is None or ready is None:
            kill.problem = f"the game did not start: {errors.read_text(errors='replace')[-800:]}"
            return kill
        size = _geometry(display, window, size)
        state = kind.from_code(code)
        time.sleep(0.4)  # the deal's cards fly in
        for _ in range(rng.randint(1, 4)):
            drags = _drags(kind, state, size)
            if not drags:
                break
            start, end = rng.choice(drags)
            points = _path(start, end, rng.randint(3, 8))
            xdotool(display, *_drag_args(window, start, points, release=True))
            wanted = state.moves + 1
            if trace.wait("saved", lambda e, n=wanted: e["moves"] == n, 3, game) is None:
                kill.missed += 1  # the drop missed: not the game's loss, the next move
                continue
            synced = _sync(kind, home, game, wanted)
            if synced is None:
                kill.problem = f"move {wanted} was reported but not on disk 5 s later"
                break
            state = synced
            kill.moves += 1
            time.sleep(0.3)  # the card's flight home
        if kill.problem is not None:
            return kill
        before = (state.moves, state.position())
        allowed = {before}
        drags = _drags(kind, state, size)
        board = board_for(state)
        if moment == "redeal" and not board.enabled("redeal"):
            moment = kill.moment = "drag"
        elif moment == "drag" and not drags and board.enabled("redeal"):
            moment = kill.moment = "redeal"  # no card can move: the one thing to do
        if moment == "drag" and drags:
            start, end = rng.choice(drags)
            points = _path(start, end, rng.randint(2, 6), part=rng.uniform(0.2, 0.8))
            xdotool(display, *_drag_args(window, start, points, release=False))
        elif moment == "redeal":
            redealt = kind.from_dict(state.to_dict())
            assert isinstance(redealt, Crescent), redealt  # its board offers a Redeal
            redealt.redeal()
            allowed.add((redealt.moves, redealt.position()))
            if rng.random() < 0.5:
                from game.table.layout import compute_layout

                button = compute_layout(size[0], size[1], kind.table).buttons["redeal"].center
                xdotool(display, "mousemove", "--window", window, *map(str, button), "click", "1")
            else:
                xdotool(display, "key", "r")  # to the window under the pointer
        kill.delay_ms = rng.randint(0, 300)
        time.sleep(kill.delay_ms / 1000)
        game.send_signal(signal.SIGKILL)
        game.wait()
        xdotool(display, "mouseup", "1")  # the button held by the drag
        reports = [
            (e["moves"], e["position"]) for e in trace.events("saved") if e["kind"] == kind.key
        ]
        kill.reported = reports[-1][0] if reports else 0
        kill.problem = _check(kind, home, reports, allowed, kill)
        if kill.moment == "drag":
            kill.stage = "button held" if drags else "no card could move"
        elif not reports or reports[-1] == before:
            kill.stage = "not made"
        else:
            kill.stage = "in flight" if kill.saved == before[0] else "on disk"
        if kill.problem is None:
            kill.problem = _restart(display, kind, home, env, errors, kill)
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    return kill


def _check(kind: GameKind, home: Path, reports, allowed, kill: Kill) -> str | None:
    """What the killed game left: None when it is all there."""
    saved, damage = _saved_game(kind, home)
    if damage is not None:
        return damage
    kill.saved = 0 if saved is None else saved.moves
    left = (0, None) if saved is None else (saved.moves, saved.position())
    if reports and reports[-1] not in allowed:
        return f"the game reported {reports[-1][0]} moves, not a position the tool made"
    wanted = {(moves, position if moves else None) for moves, position in allowed}
    if left not in wanted:
        return f"the save holds {left[0]} moves, not the last position reported ({kill.reported})"
    return None


def _restart(display: str, kind: GameKind, home: Path, env, errors: Path, kill: Kill):
    """Start the game again on the folder, end it with SIGTERM; None when all is well."""
    trace = Trace(home / "restart.jsonl")
    env = {**env, "HALFMOON_TRACE": str(trace.path)}
    again = _start(env, ["--game", kind.key], errors)
    try:
        ready = trace.wait("first_frame", lambda e: True, 30, again)
        if ready is None:
            return f"the game did not start again: {errors.read_text(errors='replace')[-800:]}"
        time.sleep(0.3)
        again.send_signal(signal.SIGTERM)
        status = again.wait(timeout=20)
    except subprocess.TimeoutExpired:
        again.kill()
        status = again.wait()
    aside = _set_aside(home)
    if aside:
        return f"the game started again set aside {', '.join(aside)}"
    if status != 0:
        return f"the game started again ended with status {status}"
    saved, _ = _saved_game(kind, home)
    if saved is not None:  # what the game read is what it writes on its way out
        quit_saves = [e for e in trace.events("saved") if e["kind"] == kind.key]
        if not quit_saves or quit_saves[-1]["position"] != saved.position():
            return "the game started again did not report the saved position on its way out"
        if saved.moves != kill.saved:
            return f"the game started again left {saved.moves} moves, not {kill.saved}"
    return None


def kill_storm(kills: int, seed: int, *, window_manager: bool = False) -> list[Kill]:
    """Run ``kills`` kills (see the module docstring), printing a line for each."""
    rng = random.Random(seed)
    kinds = redeal_kinds()
    done = []
    with (
        virtual_display((1920, 1080), window_manager=window_manager) as display,
        tempfile.TemporaryDirectory(prefix="hm-kills-") as work,
    ):
        for number in range(1, kills + 1):
            kind = kinds[(number - 1) % len(kinds)]
            moment = MOMENTS[(number - 1) // len(kinds) % len(MOMENTS)]
            kill = one_kill(display, number, kind, moment, rng, Path(work))
            print(kill.line(kills), flush=True)
            done.append(kill)
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--window-manager", action="store_true", help="run matchbox too")
    args = parser.parse_args()
    needed = ["Xvfb", "xdotool"] + (["matchbox-window-manager"] if args.window_manager else [])
    absent = missing(needed)
    if absent:
        print(f"kill storm: {', '.join(absent)} not installed", file=sys.stderr)
        return 2
    if not redeal_kinds():
        print("kill storm: no game of the registry has a Redeal button", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    started = time.monotonic()
    kills = kill_storm(args.kills, seed, window_manager=args.window_manager)
    lost = [kill for kill in kills if kill.problem is not None]
    by_moment = {m: sum(kill.moment == m for kill in kills) for m in MOMENTS}
    stages = Counter(kill.stage for kill in kills if kill.moment == "redeal")
    print(
        f"kill storm, seed {seed}: {len(kills)} kills ({by_moment['drag']} mid-drag, "
        f"{by_moment['redeal']} mid-redeal: "
        + ", ".join(f"{stages[stage]} {stage}" for stage in ("not made", "in flight", "on disk"))
        + f") over {', '.join(k.key for k in redeal_kinds())}; "
        f"{sum(kill.moves for kill in kills)} moves dragged; {len(lost)} lost something; "
        f"{time.monotonic() - started:.0f} s"
    )
    if lost:
        print(f"FAILED (replay: --seed {seed} --kills {len(kills)})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
