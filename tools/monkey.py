"""The monkey: random input into the real game, checking it after every event.

    python tools/monkey.py [--events 50000] [--seed N] [--kiosk [--games KEY,...] | --desktop]

Clicks and touches anywhere (cards, empty slots, buttons, the games' tiles, the bar, the
felt), every key and shortcut, typed text, resizes from tiny to 4K and portrait, focus
lost and gained, minimise and restore, the wheel, waiting (animations end, clocks tick,
the kiosk goes idle), window close (a kiosk ignores it; a desktop game quits and is
started again, which must resume each game's saved game), the deal code screen (letters
on the keyboard or the kiosk's pad, whole codes of every game of the registry typed or
pasted, Play), and now and then a few legal moves or a winning line (where the game's
rules have a solver), so that wins are reached too. The games are those of the registry
(``game.games.catalog``); a kiosk offers those of ``--games`` (its config's ``games``; all by
default).

After every event: no exception, and the checks of tools/monkey_checks.py: every game in
sight reads back as itself and holds its deal's cards, every save file reads back as its
kind's game in progress, and a kiosk shows, deals and stores nothing of a game it does
not offer (whole codes of those are refused). A failure names the seed and the event,
and the command that replays it.

Without ``--kiosk`` or ``--desktop`` the events are shared between a desktop run and a
kiosk run.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from monkey_checks import Checks, tables  # noqa: E402
from monkey_scripts import code_entry, moves  # noqa: E402

from game.games.catalog import KINDS, GameKind, kind_by_key  # noqa: E402
from game.records.kiosk import KioskConfig  # noqa: E402
from game.records.storage import Storage  # noqa: E402
from game.rules import Outcome  # noqa: E402
from game.shell.app import parse_args  # noqa: E402
from game.shell.session import Session  # noqa: E402

SIZES = [
    (320, 240),
    (640, 480),
    (800, 600),
    (1280, 720),
    (1920, 1080),
    (3840, 2160),
    (1080, 1920),
    (600, 1000),
    (2560, 1080),
]
KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_BACKSPACE,
    pygame.K_z,
    pygame.K_n,
    pygame.K_y,
    pygame.K_ESCAPE,
    pygame.K_F11,
    pygame.K_F4,
    pygame.K_q,
    pygame.K_PAGEDOWN,
    pygame.K_PAGEUP,
    pygame.K_TAB,
    pygame.K_1,
    pygame.K_2,
    pygame.K_0,
    pygame.K_a,
]
MODS = [
    0,
    0,
    0,
    pygame.KMOD_LCTRL,
    pygame.KMOD_LALT,
    pygame.KMOD_LSHIFT,
    pygame.KMOD_LCTRL | pygame.KMOD_LALT | pygame.KMOD_LSHIFT,
]


@dataclass
class Report:
    """What a monkey run did."""

    seed: int
    events: int = 0
    frames: int = 0
    restarts: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    """Frames with a table of each game (by key) on screen."""
    events_at: Counter[str] = field(default_factory=Counter)
    """Events sent while a table of each game (by key) was on screen or under a dialog."""
    moves: int = 0
    """Moves made on purpose (legal moves, winning lines)."""
    unscripted: Counter[str] = field(default_factory=Counter)
    """Moves on purpose skipped, by game: no solver for a winning line."""
    codes: Counter[str] = field(default_factory=Counter)
    """The code screen reached (screen); whole codes typed or pasted there: taken,
    refused (a kiosk's), played."""

    def __str__(self) -> str:
        def listed(counter: Counter[str]) -> str:
            return ", ".join(f"{name} {count}" for name, count in counter.most_common())

        return (
            f"seed {self.seed}: {self.events} events, {self.frames} frames, "
            f"{self.restarts} restarts, {self.moves} scripted moves; "
            f"codes: {listed(self.codes) or '-'}; tables: {listed(self.kinds)}; "
            f"events at tables: {listed(self.events_at)}; "
            f"no scripted moves: {listed(self.unscripted) or '-'}; scenes: {listed(self.scenes)}"
        )


class MonkeyFailure(AssertionError):
    """The game broke; the message has the seed and the event to replay it."""


class Monkey:
    """Random events for one session; :meth:`step` sends one and checks the game.

    ``games``: the keys of the games a kiosk offers (every game by default); a desktop
    offers every game of the registry."""

    def __init__(
        self, seed: int, kiosk: bool, home: Path, games: tuple[str, ...] | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.deals = random.Random(f"deals {seed}")
        """The new games' deals, the same for a seed in every run (and across restarts)."""
        self.kiosk = kiosk
        self.games = tuple(games) if games else tuple(kind.key for kind in KINDS)
        self.offered: list[GameKind] = (
            [kind_by_key(key) for key in self.games] if kiosk else list(KINDS)
        )
        self.checks = Checks(self.offered if kiosk else None)
        self.mode = f"kiosk ({','.join(self.games)})" if kiosk else "desktop"
        self.home = home
        self.report = Report(seed)
        self.session = self._open()

    def _open(self) -> Session:
        args = parse_args(["--window", "1280x720"] + (["--kiosk"] if self.kiosk else []))
        config = (
            KioskConfig(exit_pin="9173", idle_seconds=20, countdown_seconds=5, games=self.games)
            if self.kiosk
            else None
        )
        storage = Storage(self.home / "config", self.home / "data", background=True)
        session = Session.open(args, config, storage)
        session.ctx.deals = self.deals
        session.loop.run(max_frames=1)
        return session

    def check(self) -> None:
        """The checks of tools/monkey_checks.py on the session now."""
        self.checks(self.session.ctx, self.session.loop.scene)

    def restart(self) -> None:
        """The desktop game quit: start it again, as a player would; each game in
        progress must be back where it was."""
        ctx = self.session.ctx
        kept = {
            key: (progress.game.position(), progress.game.moves)
            for key, progress in ctx.progress.items()
            if progress.game is not None
            and progress.game.moves > 0
            and progress.game.outcome is not Outcome.WON
        }
        self.session.close()
        self.report.restarts += 1
        self.session = self._open()
        for key, where in kept.items():
            game = self.session.ctx.of(kind_by_key(key)).game
            back = (game.position(), game.moves) if game is not None else None
            assert back == where, f"{key}: the game in progress did not come back"

    def size(self) -> tuple[int, int]:
        return self.session.display.surface.get_size()

    def _point(self) -> tuple[int, int]:
        width, height = self.size()
        scene = self.session.loop.scene
        layout = getattr(scene, "layout", None)
        roll = self.rng.random()
        if layout is not None and not callable(layout) and roll < 0.6:
            rect = self.rng.choice(list(layout.slots.values()) + list(layout.buttons.values()))
            return rect.center
        rects = getattr(scene, "button_rects", None)
        if callable(rects) and roll < 0.7:
            choices = list(rects().values())
            if choices:
                return self.rng.choice(choices).center
        return self.rng.randrange(width), self.rng.randrange(height)

    def post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def click(self, pos: tuple[int, int]) -> None:
        """A mouse click at ``pos``, and its frame."""
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.post(kind, pos=pos, button=1, touch=False)
        self.frame(1 / 60)

    def _event(self) -> tuple[str, int]:
        """Post one random input; return its description and how many frames to run."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.40:
            pos = self._point()
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
            return f"click {pos}", 1
        if roll < 0.50:
            pos = self._point()
            width, height = self.size()
            self.post(
                pygame.FINGERDOWN,
                x=pos[0] / width,
                y=pos[1] / height,
                dx=0.0,
                dy=0.0,
                finger_id=0,
                touch_id=0,
            )
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
            self.post(
                pygame.FINGERUP,
                x=pos[0] / width,
                y=pos[1] / height,
                dx=0.0,
                dy=0.0,
                finger_id=0,
                touch_id=0,
            )
            return f"touch {pos}", 1
        if roll < 0.70:
            key, mod = rng.choice(KEYS), rng.choice(MODS)
            char = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
            self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
            if char:
                self.post(pygame.TEXTINPUT, text=char)
            return f"key {pygame.key.name(key)} mod {mod}", 1
        if roll < 0.74:
            size = rng.choice(SIZES)
            pygame.display.set_mode(size, pygame.RESIZABLE)
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            return f"resize {size}", 1
        if roll < 0.78:
            kind = rng.choice(
                [
                    pygame.WINDOWFOCUSLOST,
                    pygame.WINDOWFOCUSGAINED,
                    pygame.WINDOWMINIMIZED,
                    pygame.WINDOWRESTORED,
                    pygame.WINDOWEXPOSED,
                ]
            )
            self.post(kind)
            return f"window {pygame.event.event_name(kind)}", 1
        if roll < 0.81:
            self.post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)
            return "wheel", 1
        if roll < 0.905:
            return "wait", rng.choice([1, 5, 15, 30])
        if roll < 0.915:
            return "long wait", 120  # 120 frames of 0.25 s: the kiosk goes idle
        if roll < 0.925:
            self.post(pygame.QUIT)
            return "window close", 1
        if roll < 0.95:
            return "legal moves", 0
        if roll < 0.975:
            return "code entry", 0
        return "winning moves", 0

    def frame(self, frame_time: float) -> bool:
        alive = self.session.loop.frame(frame_time)
        self.report.frames += 1
        scene = self.session.loop.scene
        self.report.scenes[type(scene).__name__] += 1
        for table in tables(scene)[:1]:
            self.report.kinds[table.kind.key] += 1
        return alive

    def step(self, number: int) -> None:
        """One random event, its frames, and the checks."""
        for table in tables(self.session.loop.scene)[:1]:
            self.report.events_at[table.kind.key] += 1
        description, frames = self._event()
        try:
            if description == "code entry":
                code_entry(self)
            elif frames == 0:
                moves(self, winning=description == "winning moves")
            for index in range(max(1, frames)):
                frame_time = 0.25 if description == "long wait" else 1 / 60
                if not self.frame(frame_time):
                    if self.kiosk:
                        raise AssertionError("a kiosk ended without the operator")
                    self.restart()
                    break
                if index == 0:
                    self.check()
            if number % 97 == 0:
                self.session.loop.scene.invalidate()  # a full repaint must work as well
                self.frame(1 / 60)
            self.check()
        except Exception as error:
            games = f" --games {','.join(self.games)}" if self.kiosk else ""
            raise MonkeyFailure(
                f"monkey seed {self.report.seed}, {self.mode}: event {number} "
                f"({description}) failed: {type(error).__name__}: {error}\n"
                f"replay: python tools/monkey.py --seed {self.report.seed} "
                f"--events {number + 1} --{'kiosk' if self.kiosk else 'desktop'}{games}"
            ) from error
        self.report.events += 1

    def close(self) -> None:
        self.session.close()


def run(
    seed: int, events: int, kiosk: bool = False, games: tuple[str, ...] | None = None
) -> Report:
    """Send ``events`` random events into a fresh game; raises MonkeyFailure on a fault.
    ``games``: the keys of the games the kiosk offers (all by default).

    The game's own random deals come from the global ``random``, seeded here too, so a
    seed replays the same run whatever ran before it in the process."""
    random.seed(seed)
    with tempfile.TemporaryDirectory(prefix="hm-monkey-") as home:
        monkey = Monkey(seed, kiosk, Path(home), games)
        try:
            for number in range(events):
                monkey.step(number)
        finally:
            monkey.close()
        return monkey.report


def _games(text: str) -> tuple[str, ...]:
    """``--games``: keys of the registry, comma-separated."""
    keys = tuple(key.strip() for key in text.split(",") if key.strip())
    for key in keys:
        try:
            kind_by_key(key)
        except KeyError as error:
            raise argparse.ArgumentTypeError(str(error.args[0])) from None
    if not keys or len(set(keys)) != len(keys):
        raise argparse.ArgumentTypeError("one or more games, each once")
    return keys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random input into the real game.")
    parser.add_argument("--events", type=int, default=50000)
    parser.add_argument("--seed", type=int, default=None, help="default: a random seed")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--kiosk", action="store_true", help="only the kiosk (default: both)")
    only.add_argument("--desktop", action="store_true", help="only the desktop")
    parser.add_argument(
        "--games",
        type=_games,
        default=None,
        metavar="KEY[,KEY...]",
        help="the games the kiosk offers (its config's games; default: every game): "
        + ", ".join(kind.key for kind in KINDS),
    )
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    modes = [True] if args.kiosk else [False] if args.desktop else [False, True]
    for kiosk in modes:
        count = args.events // len(modes)
        started = time.perf_counter()
        try:
            report = run(seed, count, kiosk, args.games)
        except MonkeyFailure as failure:
            print(failure, file=sys.stderr)
            return 1
        seconds = time.perf_counter() - started
        mode = f"kiosk ({','.join(args.games or [k.key for k in KINDS])})" if kiosk else "desktop"
        print(f"{mode} {report}; {seconds:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
