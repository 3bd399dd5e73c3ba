"""The monkey: random input into the real game, checking it after every event.

    python tools/monkey.py [--events 50000] [--seed N] [--kiosk]

Clicks and touches anywhere (cards, empty slots, buttons, the bar, the felt), every key
and shortcut, typed text, resizes from tiny to 4K and portrait, focus lost and gained,
minimise and restore, the wheel, waiting (animations end, clocks tick, the kiosk goes
idle), window close (a kiosk ignores it; a desktop game quits and is started again,
which must resume the saved game), and now and then a few moves of a winning line so
that wins are reached too. After every event: no exception, the game in progress holds
exactly the cards the rules say (two decks minus those removed), its score is 10 per
pair and 15 per triple, and the frame was drawn. A failure names the seed and the event,
so it can be replayed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
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

from game.app import parse_args  # noqa: E402
from game.kiosk import KioskConfig  # noqa: E402
from game.rules import Crescent, Game, two_decks  # noqa: E402
from game.rules.solver import Verdict, solve, solve_crescent  # noqa: E402
from game.session import Session  # noqa: E402
from game.storage import Storage  # noqa: E402

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
FULL_DECKS = Counter(two_decks())


@dataclass
class Report:
    """What a monkey run did."""

    seed: int
    events: int = 0
    frames: int = 0
    restarts: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    moves: int = 0

    def __str__(self) -> str:
        seen = ", ".join(f"{name} {count}" for name, count in self.scenes.most_common())
        return (
            f"seed {self.seed}: {self.events} events, {self.frames} frames, "
            f"{self.restarts} restarts, {self.moves} scripted moves; scenes: {seen}"
        )


class MonkeyFailure(AssertionError):
    """The game broke; the message has the seed and the event to replay it."""


def _game_of(scene: Any) -> Game | Crescent | None:
    for attribute in ("game", "play", "under", "resume"):
        value = getattr(scene, attribute, None)
        if isinstance(value, (Game, Crescent)):
            return value
        if value is not None and value is not scene:
            found = _game_of(value)
            if found is not None:
                return found
    return None


def check(session: Session) -> None:
    """The invariants: cards conserved and the score right, for every game in sight."""
    games = {id(g): g for g in (session.ctx.game, _game_of(session.loop.scene)) if g}
    for game in games.values():
        if isinstance(game, Crescent):
            assert Counter(game.table.cards()) == FULL_DECKS, "cards not conserved"
            assert game.score == 5 * (game.table.home_count() - 8), "score does not add up"
            assert game.moves == len(game.line)
            continue
        on_table = Counter(game.table.cards())
        assert on_table + Counter(game.removed_cards()) == FULL_DECKS, "cards not conserved"
        pairs = sum(len(r.slots) == 2 for r in game.removals)
        triples = sum(len(r.slots) == 3 for r in game.removals)
        assert game.score == 10 * pairs + 15 * triples, "score does not add up"
        assert game.moves == pairs + triples
        assert sum(on_table.values()) == 104 - 2 * pairs - 3 * triples


class Monkey:
    """Random events for one session; :meth:`step` sends one and checks the game."""

    def __init__(self, seed: int, kiosk: bool, home: Path) -> None:
        self.rng = random.Random(seed)
        self.deals = random.Random(f"deals {seed}")
        """The new games' deals, the same for a seed in every run (and across restarts)."""
        self.kiosk = kiosk
        self.home = home
        self.report = Report(seed)
        self.session = self._open()

    def _open(self) -> Session:
        args = parse_args(["--window", "1280x720"] + (["--kiosk"] if self.kiosk else []))
        config = (
            KioskConfig(exit_pin="9173", idle_seconds=20, countdown_seconds=5)
            if self.kiosk
            else None
        )
        storage = Storage(self.home / "config", self.home / "data", background=True)
        session = Session.open(args, config, storage)
        session.ctx.deals = self.deals
        session.loop.run(max_frames=1)
        return session

    def restart(self) -> None:
        """The desktop game quit: start it again, as a player would."""
        self.session.close()
        self.report.restarts += 1
        self.session = self._open()

    def _size(self) -> tuple[int, int]:
        return self.session.display.surface.get_size()

    def _point(self) -> tuple[int, int]:
        width, height = self._size()
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

    def _post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def _event(self) -> tuple[str, int]:
        """Post one random input; return its description and how many frames to run."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.40:
            pos = self._point()
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            self._post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
            return f"click {pos}", 1
        if roll < 0.50:
            pos = self._point()
            width, height = self._size()
            self._post(
                pygame.FINGERDOWN,
                x=pos[0] / width,
                y=pos[1] / height,
                dx=0.0,
                dy=0.0,
                finger_id=0,
                touch_id=0,
            )
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
            self._post(
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
            self._post(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0)
            if char:
                self._post(pygame.TEXTINPUT, text=char)
            return f"key {pygame.key.name(key)} mod {mod}", 1
        if roll < 0.74:
            size = rng.choice(SIZES)
            pygame.display.set_mode(size, pygame.RESIZABLE)
            self._post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
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
            self._post(kind)
            return f"window {pygame.event.event_name(kind)}", 1
        if roll < 0.81:
            self._post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)
            return "wheel", 1
        if roll < 0.93:
            return "wait", rng.choice([1, 5, 15, 30])
        if roll < 0.94:
            return "long wait", 120  # 120 frames of 0.25 s: the kiosk goes idle
        if roll < 0.95:
            self._post(pygame.QUIT)
            return "window close", 1
        if roll < 0.975:
            return "legal moves", 0
        return "winning moves", 0

    def _moves(self, winning: bool) -> None:
        """Tap removals: a winning line to its end, or a few legal removals at random."""
        scene = self.session.loop.scene
        game = getattr(scene, "game", None)
        if isinstance(game, Crescent) and game.outcome is None:
            self._crescent_moves(scene, game, winning)
            return
        if not isinstance(game, Game) or game.outcome is not None:
            return
        if winning:
            solution = solve(game, max_nodes=20000)
            if solution.verdict is not Verdict.WIN:
                return
            line = list(solution.line)
        else:
            line = [self.rng.choice(game.legal_removals())]
        for removal in line:
            for slot in removal.slots:
                if self.session.loop.scene is not scene:
                    return
                rect = scene.layout.slots[slot]
                for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    self._post(kind, pos=rect.center, button=1, touch=False)
                self._frame(1 / 60)
            self.report.moves += 1

    def _crescent_moves(self, scene: Any, game: Crescent, winning: bool) -> None:
        """Crescent moves, tap and tap or carried by drag (a redeal by its key): a
        winning line to its end, or a few legal moves at random. A winning line is
        solved again whenever its next move is no longer legal (a setting the monkey
        turned on plays cards home by itself, or a drag missed)."""
        if not winning:
            for _ in range(self.rng.randint(1, 6)):
                if self.session.loop.scene is not scene or game.outcome is not None:
                    return
                moves = game.legal_moves()
                if not moves:
                    if game.redeals_left:
                        self._crescent_step(scene, None)
                    return
                self._crescent_step(scene, self.rng.choice(moves))
            return
        line: list[Any] = []
        for _ in range(600):
            if self.session.loop.scene is not scene or game.outcome is not None:
                return
            if not line or not self._crescent_playable(game, line[0]):
                solution = solve_crescent(game, max_nodes=20000)
                if solution.verdict is not Verdict.WIN or not solution.line:
                    return
                line = list(solution.line)
            step = line.pop(0)
            self._crescent_step(scene, step if hasattr(step, "source") else None)

    @staticmethod
    def _crescent_playable(game: Crescent, step: Any) -> bool:
        if hasattr(step, "source"):
            return game.can_move(step.source, step.target)
        return game.redeals_left > 0

    def _crescent_step(self, scene: Any, move: Any) -> None:
        """One move through real events: a redeal (``None``) by its key, a card move by
        tap and tap or by a drag."""
        self.report.moves += 1
        if move is None:
            self._post(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)
            self._frame(1 / 60)
            return
        source = scene.board.top_rect(scene.layout, move.source).center
        target = scene.board.top_rect(scene.layout, move.target).center
        if self.rng.random() < 0.5:
            for where in (source, target):
                for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    self._post(kind, pos=where, button=1, touch=False)
                self._frame(1 / 60)
            return
        self._post(pygame.MOUSEBUTTONDOWN, pos=source, button=1, touch=False)
        for step in range(1, 5):
            x = source[0] + (target[0] - source[0]) * step // 4
            y = source[1] + (target[1] - source[1]) * step // 4
            self._post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            self._frame(1 / 60)
        self._post(pygame.MOUSEBUTTONUP, pos=target, button=1, touch=False)
        self._frame(1 / 60)

    def _frame(self, frame_time: float) -> bool:
        alive = self.session.loop.frame(frame_time)
        self.report.frames += 1
        self.report.scenes[type(self.session.loop.scene).__name__] += 1
        return alive

    def step(self, number: int) -> None:
        """One random event, its frames, and the checks."""
        description, frames = self._event()
        try:
            if frames == 0:
                self._moves(winning=description == "winning moves")
            for index in range(max(1, frames)):
                frame_time = 0.25 if description == "long wait" else 1 / 60
                if not self._frame(frame_time):
                    if self.kiosk:
                        raise AssertionError("a kiosk ended without the operator")
                    self.restart()
                    break
                if index == 0:
                    check(self.session)
            if number % 97 == 0:
                self.session.loop.scene.invalidate()  # a full repaint must work as well
                self._frame(1 / 60)
            check(self.session)
        except Exception as error:
            raise MonkeyFailure(
                f"monkey seed {self.report.seed}, kiosk={self.kiosk}: event {number} "
                f"({description}) failed: {type(error).__name__}: {error}\n"
                f"replay: python tools/monkey.py --seed {self.report.seed} "
                f"--events {number + 1}{' --kiosk' if self.kiosk else ''}"
            ) from error
        self.report.events += 1

    def close(self) -> None:
        self.session.close()


def run(seed: int, events: int, kiosk: bool = False) -> Report:
    """Send ``events`` random events into a fresh game; raises MonkeyFailure on a fault.

    The game's own random deals come from the global ``random``, seeded here too, so a
    seed replays the same run whatever ran before it in the process."""
    random.seed(seed)
    with tempfile.TemporaryDirectory(prefix="hm-monkey-") as home:
        monkey = Monkey(seed, kiosk, Path(home))
        try:
            for number in range(events):
                monkey.step(number)
        finally:
            monkey.close()
        return monkey.report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random input into the real game.")
    parser.add_argument("--events", type=int, default=50000)
    parser.add_argument("--seed", type=int, default=None, help="default: a random seed")
    parser.add_argument("--kiosk", action="store_true", help="only the kiosk (default: both)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    modes = [True] if args.kiosk else [False, True]
    for kiosk in modes:
        count = args.events if args.kiosk else args.events // 2
        try:
            report = run(seed, count, kiosk)
        except MonkeyFailure as failure:
            print(failure, file=sys.stderr)
            return 1
        print(("kiosk " if kiosk else "desktop ") + str(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
