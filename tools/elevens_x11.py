"""Elevens played from the title screen to a win and to a stalemate in a real X window.

    python tools/elevens_x11.py [--sizes 800x480,1280x720,1920x1080] [--shots DIR]

Per size: an Xvfb screen of exactly that size (matchbox at 800x480 and 1920x1080, bare
X otherwise), the real game in a window as large, a fresh ``HALFMOON_HOME``, its title
(no ``--deal``). Clicked and typed with xdotool: the Elevens tile, "Enter a deal code",
the letters of a deal the solver wins, "Play this deal", the solver's 24 removals; on
the win panel "Play this deal again" (a new deal may be stuck at once), the table's
Menu, a code the solver cannot win, and its first legal removal each time until none is
left: the stalemate panel. Where to click comes
from the scenes made headless at the window's size and from ``compute_layout``; each
removal is verified in the save (tools/touch_play.py's helpers), the win in the
statistics, each panel by its colour. Shots go to ``--shots``; exits 1 on a failure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from touch_play import PAUSE, ROOT, Step, colours, geometry, make, point_on, saved, touch
from touch_play import wait_for as wait_for_save
from xsession import (
    WINDOW_MANAGER,
    missing,
    stop_and_read,
    virtual_display,
    window_of,
    xdotool,
)

from game.games.catalog import kind_by_key
from game.rules import Outcome, PlayedGame

SIZES = "800x480,1280x720,1920x1080"
MANAGED = {(800, 480): True, (1280, 720): False, (1920, 1080): True}  # under matchbox?
KIND = kind_by_key("elevens")
SETTLE = 1.5  # seconds for a new screen to come (a panel after a win takes longer)
PATIENCE = 10.0  # seconds a check waits for what a busy machine is slow to show


def deals(least: int = 6) -> tuple[str, tuple, str]:
    """The first deal the solver wins and its line of removals; the first it cannot win
    whose first legal removals, made in turn, are at least ``least`` before none is left."""
    from game.games.elevens.rules import Elevens
    from game.games.elevens.solver import solve_elevens
    from game.rules.solver.budget import Verdict

    won, stuck = None, None
    for code in map(KIND.code, range(1, 2000)):
        game = KIND.from_code(code)
        assert isinstance(game, Elevens), game
        solution = solve_elevens(game)
        if solution.verdict is Verdict.WIN and won is None:
            won = (code, solution.line)
        elif solution.verdict is Verdict.NO_WIN and stuck is None:
            while game.legal_moves():
                game.play(game.legal_moves()[0])
            stuck = code if game.moves >= least else None
        if won and stuck:
            return (*won, stuck)
    raise RuntimeError("no winnable Elevens deal, or none that stalls")


def scene_rects(size, which: str, game: PlayedGame | None = None):
    """The buttons of scene ``which`` (title, code, won, stuck) made headless at ``size``,
    Elevens chosen, ``game`` its game (under way, or the panel's), and a panel's box."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from game.records.context import Context
    from game.records.storage import Storage
    from game.scenes.code_entry import CodeEntryScene
    from game.scenes.end import StalemateScene, WinScene
    from game.scenes.flow import Flow
    from game.scenes.title import TitleScene

    pygame.font.init()
    pygame.display.set_mode(size)
    with tempfile.TemporaryDirectory(prefix="hm-model-") as folder:
        ctx = Context.open(Storage(Path(folder) / "config", Path(folder) / "data"))
        ctx.choose(KIND)  # as the Elevens tile chose it (the title's geometry is alike)
        ctx.game = game
        flow = Flow(ctx)
        if which in ("won", "stuck"):
            assert game is not None, which
            panel = (WinScene if which == "won" else StalemateScene)(ctx, flow.play(game))
            panel.enter(size)
            return dict(panel.button_rects()), panel.panel().box
        menu = TitleScene(ctx, flow)
        scene = menu if which == "title" else CodeEntryScene(ctx, flow, back=menu)
        scene.enter(size)
        return dict(scene.button_rects()), None


@dataclass
class Run:
    """What one size did: deals, window, removals seen in the save, shots, problems."""

    size: tuple[int, int]
    window_manager: bool
    win_code: str = ""
    stall_code: str = ""
    window: tuple[int, int, int, int] | None = None
    verified: int = 0
    won: bool = False
    stalemate: bool = False
    shots: list[Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    stderr: str = ""

    @property
    def name(self) -> str:
        return f"{self.size[0]}x{self.size[1]}-{'matchbox' if self.window_manager else 'bare'}"

    @property
    def ok(self) -> bool:
        return self.won and self.stalemate and not self.problems

    def line(self) -> str:
        text = (
            f"{self.name:20} {self.win_code} won {self.won}, {self.stall_code} stalemate "
            f"{self.stalemate}, {self.verified} removals verified, window {self.window}, "
            f"{len(self.shots)} shots  {'ok' if self.ok else 'FAIL'}"
        )
        return "\n    ".join([text, *self.problems])


class Session:
    """The game on one X display: clicks, typing, shots and what the save says."""

    def __init__(self, display: str, home: Path, run: Run, shots: Path) -> None:
        self.display, self.home, self.run, self.shots = display, home, run, shots
        self.origin = (0, 0)

    def click(self, rect, what: str) -> None:
        if rect is None:
            raise AssertionError(f"no {what} to click at {self.run.size}")
        x, y = (a + b for a, b in zip(self.origin, rect.center, strict=True))
        xdotool(self.display, "mousemove", str(x), str(y), "click", "1")
        time.sleep(0.6)

    def shoot(self, name: str, panel=None) -> None:
        """The screen as ``<size>-<name>.png``; with a ``panel`` box, taken again (for up
        to :data:`PATIENCE` seconds: a busy machine) until the panel's colour shows."""
        import pygame

        from game.look import theme

        path = self.shots / f"{self.run.name}-{name}.png"
        env = {**os.environ, "DISPLAY": self.display}
        deadline = time.monotonic() + PATIENCE
        while True:
            subprocess.run(
                ["import", "-window", "root", str(path)], env=env, check=True, timeout=60
            )
            if panel is None:
                break
            x, y = self.origin[0] + panel.left + max(6, panel.width // 48), panel.centery
            seen = tuple(pygame.image.load(str(path)).get_at((x, self.origin[1] + y)))[:3]
            if seen == theme.PANEL:
                break
            if time.monotonic() > deadline:
                self.run.problems.append(f"{path.name}: no panel at {panel} ({seen})")
                break
            time.sleep(0.5)
        self.run.shots.append(path)
        if colours(path) < 16:
            self.run.problems.append(f"{path.name} has under 16 colours: blank?")

    def deal(self, code: str, game: PlayedGame | None) -> None:
        """From the title: Enter a deal code, the code's letters, Play this deal."""
        self.click(scene_rects(self.run.size, "title", game)[0].get("code"), "code entry")
        time.sleep(SETTLE)  # the code screen comes before the first letter is typed
        xdotool(self.display, "type", "--delay", "80", code.rsplit("-", 1)[-1])
        self.click(scene_rects(self.run.size, "code", game)[0].get("play"), "Play this deal")
        time.sleep(SETTLE)

    def remove(self, model: PlayedGame, slots: tuple[str, ...], layout, board) -> bool:
        """Tap the cards of ``slots``; whether the save (or a win's statistics) shows it."""
        found = [point_on(layout, board.top_rect(layout, slot), slot) for slot in slots]
        points = tuple(point for point in found if point is not None)
        if len(points) != len(slots):
            raise AssertionError(f"no point of {slots} to tap at {self.run.size}")
        touch(self.display, Step("tap", slots, points), self.origin)
        make(model, slots)
        if model.outcome is Outcome.WON:
            return self.win_counted()
        game = wait_for_save(KIND, self.home, model)
        if game is None or game.position() != model.position():
            self.run.problems.append(f"removal {model.moves} ({'+'.join(slots)}) not in the save")
            return False
        self.run.verified += 1
        time.sleep(PAUSE)
        return True

    def win_counted(self, timeout: float = 6.0) -> bool:
        """Whether the statistics count one win, and the save is cleared, in time."""
        stats = self.home / "data" / KIND.statistics_file
        for _tenth in range(round(timeout * 10)):
            time.sleep(0.1)
            with contextlib.suppress(OSError, ValueError):
                if json.loads(stats.read_text()).get("won") == 1 and not saved(KIND, self.home):
                    self.run.verified += 1
                    return True
        self.run.problems.append("the win is not in the statistics, or the save is left")
        return False


def _chosen(home: Path) -> bool:
    """Whether the settings say Elevens is chosen, within :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, ValueError):
            if json.loads((home / "config" / "settings.json").read_text()).get("game") == KIND.key:
                return True
        time.sleep(0.1)
    return False


def play(display: str, home: Path, process, run: Run, shots: Path) -> None:
    """Title, a deal to its win panel, menu, a deal to its stalemate panel: shot."""
    from game.scenes.boards import board_for
    from game.table.layout import compute_layout

    size, session = run.size, Session(display, home, run, shots)
    window = window_of(display, process)
    time.sleep(SETTLE)
    run.window = geometry(display, window)
    if run.window != (0, 0, *size):
        run.problems.append(f"the window is {run.window}, not the screen {size}")
    session.origin = run.window[:2] if run.window else (0, 0)
    session.shoot("1-title")
    session.click(scene_rects(size, "title")[0].get(f"game-{KIND.key}"), "Elevens tile")
    if not _chosen(home):
        run.problems.append("the Elevens tile was not chosen (the settings say another)")
    run.win_code, line, run.stall_code = deals()
    session.deal(run.win_code, None)
    session.shoot("2-table-start")
    layout = compute_layout(*size, KIND.table)
    model = KIND.from_code(run.win_code)
    board = board_for(model)
    for number, removal in enumerate(line, 1):
        if not session.remove(model, tuple(removal.slots), layout, board):
            return
        if number == len(line) // 2:
            session.shoot("3-table-mid")
    run.won = model.outcome is Outcome.WON
    time.sleep(SETTLE + 2.0)  # the celebration, then the panel
    buttons, box = scene_rects(size, "won", model)
    session.shoot("4-win", box)
    # "Play this deal again", not "New game": a new random deal may be stuck from its first
    # card (its stalemate panel would come instead of the table).
    session.click(buttons.get("replay"), 'the win panel\'s "Play this deal again"')
    time.sleep(SETTLE)
    session.click(layout.buttons.get("menu"), "the table's Menu")
    session.shoot("5-menu")
    model = KIND.from_code(run.stall_code)
    session.deal(run.stall_code, model)
    board = board_for(model)
    session.shoot("6-stall-start")
    while model.legal_moves():
        if not session.remove(model, tuple(model.legal_moves()[0].slots), layout, board):
            return
    outcome = getattr(saved(KIND, home), "outcome", None)
    run.stalemate = model.outcome is outcome is Outcome.STALEMATE  # the model's, saved
    time.sleep(SETTLE + 1.0)
    session.shoot("7-stalemate", scene_rects(size, "stuck", model)[1])
    if process.poll() is not None:
        run.problems.append(f"the game ended with status {process.returncode}")


def run_size(size: tuple[int, int], window_manager: bool, shots: Path) -> Run:
    """Both deals at one size, on a new X screen, in a new home."""
    run = Run(size, window_manager)
    shots.mkdir(parents=True, exist_ok=True)
    with (
        virtual_display(size, window_manager=window_manager) as display,
        tempfile.TemporaryDirectory(prefix="hm-elevens-") as home,
    ):
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env.update(DISPLAY=display, HALFMOON_HOME=home, SDL_AUDIODRIVER="dummy")
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--window", f"{size[0]}x{size[1]}"],
            env={**env, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            play(display, Path(home), process, run, shots)
        except AssertionError as error:
            run.problems.append(str(error))
        finally:
            run.stderr = stop_and_read(process)
    return run


def _size(text: str) -> tuple[int, int]:
    """``WxH`` as (W, H)."""
    width, _x, height = text.partition("x")
    return int(width), int(height)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=SIZES)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "elevens-x11")
    args = parser.parse_args()
    sizes = [_size(text) for text in args.sizes.split(",")]
    cases = [(size, MANAGED.get(size, False)) for size in sizes]
    needed = ["Xvfb", "xdotool", "import", *([WINDOW_MANAGER] if any(m for _s, m in cases) else [])]
    if absent := missing(needed):
        print(f"elevens_x11: {', '.join(absent)} not installed", file=sys.stderr)
        return 2
    failed = 0
    for size, managed in cases:
        run = run_size(size, managed, args.shots)
        print(run.line(), flush=True)
        if not run.ok:
            failed += 1
            print(run.stderr.strip()[-1500:], file=sys.stderr)
    print(f"{failed} size(s) failed; shots in {args.shots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
