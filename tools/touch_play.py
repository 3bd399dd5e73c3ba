"""Each game played by taps and drags in a real window of a small screen (Xvfb), shot.

    python tools/touch_play.py [--sizes 800x480,1024x600,640x480] [--games KEY,...]
                               [--wm both|none|matchbox] [--mode kiosk|window]
                               [--moves 4] [--shots /tmp/smallx-shots]

For each game of the registry (``game.games.catalog.KINDS``), each size and each of no window
manager and ``matchbox-window-manager -use_titlebar no``, it starts an Xvfb screen of
exactly that size, runs the real game there (``--kiosk``, the touch-screen mode, or
``--window WxH`` with ``--mode window``) on a known deal, and plays it with the pointer
as a finger would: a move is two taps (``xdotool mousemove X Y click 1``: Half Moon's
pair, a Crescent card and its target; a Half Moon triple is three) or a drag (button
down on the card, eight steps of motion, up over the target: a Half Moon card onto its
partner, a Crescent card onto its pile or foundation). Where to
tap comes from the rules (the deal's legal moves, played in a model alongside) and from
:func:`game.table.layout.compute_layout` at the window's size, the play scene's own pure
layout. Each move is verified in the game's save (written after every move): its
position must be the model's. Then the screen is taken with ``import -window root``.

Xvfb offers no touch device (``xinput list``: a core pointer and keyboard and their
XTEST slaves; XTEST makes no touch events), so the pointer is the mouse; the finger
events' own code path is tested with posted FINGERDOWN/UP/MOTION events in tests/.

Prints one line per case (moves made / verified) and exits 1 when a case fell short.
Needs Xvfb, xdotool and ImageMagick (``import``); matchbox for the window manager cases.
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

from xsession import (  # noqa: E402
    WINDOW_MANAGER,
    missing,
    stop_and_read,
    virtual_display,
    window_of,
    xdotool,
)

from game.games.catalog import KINDS, GameKind, kind_by_key  # noqa: E402
from game.rules.played import PlayedGame  # noqa: E402

SIZES = "800x480,1024x600,640x480"
DRAG_STEPS = 8
PAUSE = 0.5
"""Seconds between moves: more than a double tap's 0.4 s, and the slide is over."""


@dataclass
class Step:
    """One planned move: the slots it touches and where, by taps or by a drag."""

    how: str
    """``"tap"`` or ``"drag"``."""
    slots: tuple[str, ...]
    points: tuple[tuple[int, int], ...]
    """A tap's points, one per slot; a drag's start and end."""

    def __str__(self) -> str:
        joined = "+".join(self.slots) if self.how == "tap" else ">".join(self.slots)
        return f"{self.how} {joined}"


@dataclass
class CaseResult:
    """What one case did."""

    kind: str
    size: tuple[int, int]
    window_manager: bool
    mode: str
    deal: str
    planned: list[str] = field(default_factory=list)
    made: int = 0
    """Moves the game's save shows."""
    verified: int = 0
    """Of those, moves after which the save's position was the model's."""
    window: tuple[int, int, int, int] | None = None
    """The game window's x, y, width and height."""
    shot: Path | None = None
    colours: int = 0
    """Distinct colours in the shot (a black screen has one)."""
    problems: list[str] = field(default_factory=list)
    stderr: str = ""

    @property
    def name(self) -> str:
        wm = "matchbox" if self.window_manager else "bare"
        return f"{self.kind}-{self.size[0]}x{self.size[1]}-{wm}-{self.mode}"

    @property
    def taps(self) -> int:
        return sum(step.startswith("tap") for step in self.planned[: self.verified])

    @property
    def drags(self) -> int:
        return sum(step.startswith("drag") for step in self.planned[: self.verified])

    @property
    def ok(self) -> bool:
        return not self.problems and self.verified == len(self.planned) > 0

    def line(self) -> str:
        verdict = "ok" if self.ok else "FAIL"
        text = (
            f"{self.name:42} {self.deal}  moves made {self.made}/{len(self.planned)}, "
            f"verified {self.verified} ({self.taps} by taps, {self.drags} by drags), "
            f"window {self.window}, {self.colours} colours  {verdict}"
        )
        return "\n".join([text, *(f"    {problem}" for problem in self.problems)])


def point_on(layout, rect, slot: str) -> tuple[int, int] | None:
    """A point of ``rect`` that the layout's hit test gives to ``slot``: its centre if
    that will do, else the nearest of a grid over it."""
    centre = rect.center
    if layout.hit_slot(centre) == slot:
        return centre
    grid = [
        (rect.left + rect.width * i // 8, rect.top + rect.height * j // 8)
        for i in range(1, 8)
        for j in range(1, 8)
    ]
    found = [p for p in grid if layout.hit_slot(p) == slot]
    if not found:
        return None
    return min(found, key=lambda p: abs(p[0] - centre[0]) + abs(p[1] - centre[1]))


def plan(kind: GameKind, code: str, size: tuple[int, int], moves: int) -> list[Step] | None:
    """``moves`` moves of the deal ``code`` at window ``size``, or None when the deal has
    not that many that can be touched: drags and taps in turn, a drag first. A drag
    carries the first slot's card onto the last slot's (a pair onto its partner, a card
    onto where it goes); a tap touches each slot in turn (a triple is always tapped)."""
    from game.scenes.boards import board_for
    from game.table.layout import compute_layout

    layout = compute_layout(size[0], size[1], kind.table)
    game = kind.from_code(code)
    board = board_for(game)
    steps: list[Step] = []
    last_target = ""
    for number in range(moves):
        how = "drag" if number % 2 == 0 else "tap"
        candidates = [
            move.slots for move in game.legal_moves() if move.slots and move.slots[0] != last_target
        ]
        # a drag of two slots first, and the fewest slots: both kinds of step seen
        candidates.sort(key=lambda slots: (len(slots) != 2 if how == "drag" else 0, slots))
        step = None
        for slots in candidates:
            rects = [board.top_rect(layout, slot) for slot in slots]
            found = [point_on(layout, r, slot) for r, slot in zip(rects, slots, strict=True)]
            points = [point for point in found if point is not None]
            if len(points) != len(found):
                continue
            if how == "drag" and len(slots) == 2:  # the card's centre onto the target's
                start = points[0]
                end = (
                    rects[1].centerx + start[0] - rects[0].centerx,
                    rects[1].centery + start[1] - rects[0].centery,
                )
                step = Step("drag", tuple(slots), (start, end))
            else:
                step = Step("tap", tuple(slots), tuple(points))
            break
        if step is None:
            return None
        make(game, step.slots)
        last_target = step.slots[-1]
        steps.append(step)
    return steps


def make(game: PlayedGame, slots: tuple[str, ...]) -> None:
    """Make the legal move of ``game`` that touches ``slots``."""
    game.play(next(move for move in game.legal_moves() if tuple(move.slots) == slots))


def choose_deal(kind: GameKind, size: tuple[int, int], moves: int) -> tuple[str, list[Step]]:
    """The first deal (from number 1) with ``moves`` touchable moves, and its plan."""
    for number in range(1, 500):
        code = kind.code(number)
        steps = plan(kind, code, size, moves)
        if steps is not None:
            return code, steps
    raise RuntimeError(f"no deal of {kind.key} with {moves} touchable moves")


def saved(kind: GameKind, home: Path):
    """The game in progress of ``kind`` saved in ``home``, or None."""
    from game.records.savegame import SavedGame

    try:
        data = json.loads((home / "data" / kind.save_file).read_bytes())
        return SavedGame.from_dict(data, kind).game
    except (OSError, ValueError):
        return None


def geometry(display: str, window: str) -> tuple[int, int, int, int] | None:
    shell = xdotool(display, "getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in shell.split() if "=" in line)
    try:
        x, y, width, height = (int(values[key]) for key in ("X", "Y", "WIDTH", "HEIGHT"))
        return x, y, width, height
    except (KeyError, ValueError):
        return None


def touch(display: str, step: Step, origin: tuple[int, int]) -> None:
    """Make ``step`` with the pointer: taps, or a press carried in steps and released."""
    ox, oy = origin
    if step.how == "tap":
        for x, y in step.points:
            xdotool(display, "mousemove", str(ox + x), str(oy + y), "click", "1")
            time.sleep(0.15)
        return
    (x0, y0), (x1, y1) = step.points
    args = ["mousemove", str(ox + x0), str(oy + y0), "mousedown", "1"]
    for k in range(1, DRAG_STEPS + 1):
        x = x0 + (x1 - x0) * k // DRAG_STEPS
        y = y0 + (y1 - y0) * k // DRAG_STEPS
        args += ["sleep", "0.03", "mousemove", str(ox + x), str(oy + y)]
    args += ["sleep", "0.05", "mouseup", "1"]
    xdotool(display, *args)


def wait_for(kind: GameKind, home: Path, model, timeout: float = 5.0):
    """The saved game once it has the model's moves (or the last one read at the end)."""
    deadline = time.monotonic() + timeout
    game = saved(kind, home)
    while time.monotonic() < deadline:
        game = saved(kind, home)
        if game is not None and game.moves >= model.moves:
            return game
        time.sleep(0.05)
    return game


def colours(shot: Path) -> int:
    done = subprocess.run(
        ["convert", str(shot), "-format", "%k", "info:"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return int(done.stdout.strip() or 0)


def play_case(
    kind: GameKind,
    size: tuple[int, int],
    *,
    window_manager: bool,
    mode: str = "kiosk",
    moves: int = 4,
    shots: Path | None = None,
) -> CaseResult:
    """One case (see the module docstring): the real game on an Xvfb of ``size``."""
    code, steps = choose_deal(kind, size, moves)
    result = CaseResult(kind.key, size, window_manager, mode, code, [str(s) for s in steps])
    with (
        virtual_display(size, window_manager=window_manager) as display,
        tempfile.TemporaryDirectory(prefix="hm-touch-") as folder,
    ):
        home = Path(folder)
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(
            DISPLAY=display,
            HALFMOON_HOME=folder,
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        how = ["--kiosk"] if mode == "kiosk" else ["--window", f"{size[0]}x{size[1]}"]
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), *how, "--deal", code],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            _play(display, kind, code, steps, home, process, result, shots)
        finally:
            result.stderr = stop_and_read(process)
    return result


def _play(display, kind, code, steps, home, process, result, shots) -> None:
    window = window_of(display, process)
    time.sleep(1.0)  # the first frame, and the window manager's say on the size
    result.window = geometry(display, window)
    if result.window is None or result.window != (0, 0, *result.size):
        result.problems.append(f"the window is {result.window}, not the screen {result.size}")
    model = kind.from_code(code)
    for number, step in enumerate(steps, 1):
        touch(display, step, result.window[:2] if result.window else (0, 0))
        make(model, step.slots)
        game = wait_for(kind, home, model)
        result.made = 0 if game is None else game.moves
        if game is None or game.moves != model.moves or game.position() != model.position():
            result.problems.append(f"move {number} ({step}) not seen in the save")
            break
        result.verified = number
        time.sleep(PAUSE)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        result.shot = shots / f"{result.name}.png"
        subprocess.run(
            ["import", "-window", "root", str(result.shot)],
            env={**os.environ, "DISPLAY": display},
            check=True,
            timeout=60,
        )
        result.colours = colours(result.shot)
        if result.colours < 16:
            result.problems.append(f"the screen has {result.colours} colours: blank?")
    if process.poll() is not None:
        result.problems.append(f"the game ended with status {process.returncode}")


def _size(text: str) -> tuple[int, int]:
    width, height = (int(part) for part in text.split("x"))
    return width, height


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--games", default=",".join(kind.key for kind in KINDS))
    parser.add_argument("--wm", choices=("both", "none", "matchbox"), default="both")
    parser.add_argument("--mode", choices=("kiosk", "window"), default="kiosk")
    parser.add_argument("--moves", type=int, default=4)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "touch-shots")
    args = parser.parse_args()
    managers = {"both": (False, True), "none": (False,), "matchbox": (True,)}[args.wm]
    absent = missing(("Xvfb", "xdotool", "import", *([WINDOW_MANAGER] if True in managers else [])))
    if absent:
        print(f"touch_play: {', '.join(absent)} not installed", file=sys.stderr)
        return 2
    failed = 0
    for key in args.games.split(","):
        for text in args.sizes.split(","):
            for manager in managers:
                result = play_case(
                    kind_by_key(key),
                    _size(text),
                    window_manager=manager,
                    mode=args.mode,
                    moves=args.moves,
                    shots=args.shots,
                )
                print(result.line(), flush=True)
                if not result.ok:
                    failed += 1
                    print(result.stderr.strip()[-1500:], file=sys.stderr)
    print(f"{failed} case(s) failed; shots in {args.shots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
