"""The table, for every game: taps, the keyboard, cards in motion, undo and redo, the
clock and the end of a game.

What differs between games lives in the game's board (game.scenes.boards): the scene
hands it every tap, drag and button, shows the effect it returns, and draws the frame it
builds with the same view. The scene's parts have modules of their own: the pointer's
presses, drags and double taps (game.scenes.play_gestures), the frame it shows
(game.scenes.play_frame) and its idle work (game.scenes.play_idle).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from ..games.catalog import GameKind, kind_of
from ..look.i18n import _
from ..platform.event_times import moment_of
from ..rules import Outcome, PlayedGame
from ..table.frame import Frame, faces_of
from ..table.layout import Layout, compute_layout
from . import motion
from .base import Context, Scene, pointer, table_title
from .boards import Board, Effect, Motion, board_for
from .play_finish import FINISH, Finisher
from .play_focus import next_focus
from .play_frame import MESSAGE_SECONDS, frame_of
from .play_gestures import Gestures
from .play_idle import IdleWork
from .table_view import TableView

CELEBRATION_SECONDS = 1.6
"""The short celebration between the last card and the win screen."""
REDUCED_CELEBRATION = 0.4
"""With reduced animations: a short pause on the finished table instead."""

_DIRECTIONS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


class PlayFlow(Protocol):
    """What the table asks of the scene graph (game.scenes.flow.Flow)."""

    def play(self, game: PlayedGame) -> Scene: ...
    def new_game(self, under: Scene, kind: GameKind) -> Scene: ...
    def replay(self, game: PlayedGame) -> Scene: ...
    def title(self, resume: Scene) -> Scene: ...
    def won(self, play: PlayScene) -> Scene: ...
    def stalemate(self, play: PlayScene) -> Scene: ...


class PlayScene(Scene):
    """Playing one deal of any game."""

    def __init__(
        self, ctx: Context, flow: PlayFlow, game: PlayedGame, elapsed: float = 0.0
    ) -> None:
        super().__init__(ctx)
        self.flow = flow
        self.game = game
        self.kind = kind_of(game)
        self.board: Board = board_for(game)
        if ctx.of(self.kind).game is not game:
            ctx.begin(game, elapsed)
        else:
            ctx.choose(self.kind)
        self.elapsed = elapsed
        self.clock_started = elapsed > 0
        self.focused = True
        self.focus: str | None = None
        self.motions: list[Motion] = []
        self.message: tuple[str, float] | None = None
        """A message and how long it has shown (see play_frame.MESSAGE_SECONDS)."""
        self.refusals: tuple[int, str] = (0, "")
        """How many taps were refused, and why the last one was (shown or not)."""
        self.celebration: float | None = None
        self.sparks: list[motion.Spark] = []
        stalled = game.outcome is Outcome.STALEMATE
        self.pending_end: Outcome | None = Outcome.STALEMATE if stalled else None
        screen = pygame.display.get_surface()
        size = screen.get_size() if screen else (800, 600)
        self.layout: Layout = compute_layout(*size, self.kind.table)
        ctx.art.ahead(faces_of(self.board.looks(self.layout, ctx.settings, {})), self.layout.card)
        self.view = TableView()
        self.clock = 0.0  # seconds this scene has run (for double taps and the idle work)
        self._shown_second = -1
        self.gestures = Gestures(self)  # the pointer's presses, drags and taps
        self.idle = IdleWork(ctx, game, self.board, self.view)  # done ahead, in idle steps
        self.finisher = Finisher(self)  # Finish: the cards played home one by one
        self._coming: Callable[[], Scene | None] | None = None
        """What comes over the table once a card carried has flown back (see cover)."""

    @property
    def flying(self) -> list[Motion]:
        """The cards in motion."""
        return self.motions

    @property
    def animating(self) -> bool:
        return bool(
            self.motions
            or self.message
            or self.celebration is not None
            or self.finisher.active
            or self.gestures.carry
            or self.ctx.art.refining
        )

    @property
    def clock_running(self) -> bool:
        """The clock runs from the first tap while the window has focus, until the end."""
        return self.clock_started and self.focused and self.game.outcome is None

    def rest_for(self) -> float:
        """Until just after the clock's next second, while it runs."""
        seconds = super().rest_for()
        if self.clock_running:
            seconds = min(seconds, 1.0 - self.elapsed % 1.0 + 0.02)
        return seconds

    def window_title(self) -> str:
        return table_title(self.kind.name)

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self._lay_out(self.size, size)
        if self.ctx.kind is not self.kind and self.ctx.of(self.kind).game is self.game:
            # Back at the table (Esc on the menu after another game's tile was touched):
            # its game is the chosen one again, so its moves are saved and counted.
            self.ctx.choose(self.kind)
        self.view.invalidate()
        super().enter(size)

    def _lay_out(self, was: tuple[int, int], size: tuple[int, int]) -> None:
        """Laid out for ``size`` (from ``was``): while a card is held, as it was (relayout)."""
        self.gestures.relayout = self.gestures.holding  # laid out afresh when let go
        keep = self.layout.arrangement if self.gestures.holding else ""
        self.layout = compute_layout(*size, self.kind.table, keep)
        self.motions.clear()  # laid out for the old size: every card lands at once
        self.finisher.resized()  # a finish goes on, its next card a step later
        self.view.reset()
        self.ctx.art.resize(self.layout.card)  # cards scaled now, crisp in a moment
        self.idle.resized(self.clock)  # the tiles and faces are gone: prepared again
        self.gestures.resized(was, size)  # a drag ends: the card flies back
        self.invalidate()

    def invalidate(self) -> None:
        super().invalidate()
        self.view.invalidate()

    def let_go(self) -> bool:
        """A carried card flies back, a press held is forgotten; True until the cards land."""
        self.gestures.let_go()
        return bool(self.motions)

    def cover(self, make: Callable[[], Scene | None]) -> Scene | None:
        """Whatever comes over the table comes over cards on their piles: a card carried
        flies back first (as from a drag cut short), and ``make``'s scene comes once the
        cards have landed (from :meth:`update`); with none carried, at once."""
        carried = self.gestures.carry is not None
        self.finisher.stop()
        self.gestures.let_go()  # a press or a button held comes to nothing when lifted
        if not carried:
            return make()
        self._coming = make
        return None

    def overlay(self, surface: pygame.Surface) -> bool:
        """Nothing over the table: a notice is one of its messages (play_frame)."""
        return False

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        self.gestures.now = moment_of(event, self.clock)  # a double tap goes by it
        try:
            return self._handle(event)
        finally:
            self.gestures.now = None

    def _handle(self, event: pygame.event.Event) -> Scene | None:
        touch = pointer(event, self.size)
        if event.type == pygame.KEYDOWN or (touch is not None and touch.kind == "down"):
            self.finisher.stop()  # a press or a key stops a finish (Finish starts it again)
        if touch is not None:
            if touch.kind == "down":
                return self.gestures.press(touch.pos)
            if touch.kind == "up":
                return self.gestures.release(touch.pos)
            self.gestures.moved(touch.pos, touch.finger)
            return None
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.focused = False
            self.gestures.put_back()
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.focused = True
        return None

    def button(self, name: str) -> Scene | None:
        """Undo, Redo, New game, Menu, Finish, or a button of the game's own (Redeal)."""
        name = self.finisher.shown(name)  # the place, or Finish in it
        if name == FINISH:
            self.finish()
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "new":
            return self.ask_new_game()
        elif name == "menu":
            return self.menu()
        else:
            return self.act(name)
        return None

    def _shows(self, name: str) -> bool:
        """Whether the bar shows the button ``name`` now (not Finish in its place)."""
        return name in self.layout.buttons and self.finisher.shown(name) == name

    def key(self, event: pygame.event.Event) -> Scene | None:
        """Keyboard play and shortcuts."""
        self.dirty = True
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and shift)):
            self.redo()
        elif (event.key == pygame.K_z and ctrl) or event.key == pygame.K_BACKSPACE:
            self.undo()
        elif event.key == pygame.K_c and ctrl:
            self.copy_code()
        elif event.key == pygame.K_n and not ctrl:
            return self.ask_new_game()
        elif event.key == pygame.K_r and not ctrl and self._shows("redeal"):
            return self.act("redeal")
        elif event.key == pygame.K_f and not ctrl and self.kind.finish is not None:
            self.finish()
        elif event.key == pygame.K_ESCAPE:
            return self.menu()
        elif event.key in _DIRECTIONS:
            self.move_focus(_DIRECTIONS[event.key])
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus is None:
                self.move_focus((0, 0))
            else:
                return self.tap(self.focus)
        return None

    # ------------------------------------------------------------------ play
    def tap(self, slot: str) -> Scene | None:
        """Tap a slot, as the game's rules say, and show what happened."""
        if self.game.outcome is not None or self.celebration is not None:
            return None
        self._settle()
        if self.game.top(slot) is not None:
            self.clock_started = True  # the clock runs from the first tap on a card
        effect = self.gestures.tap_effect(slot)  # a second tap may send the card home
        return self.apply(effect) if effect is not None else None

    def act(self, name: str) -> Scene | None:
        """A button of the game's own (Redeal)."""
        if self.game.outcome is not None or self.celebration is not None:
            return None
        self._settle()
        effect = self.board.action(name, self.layout, self.ctx.settings)
        if effect is None:
            self.ctx.sounds.play("error")
            return None
        return self.apply(effect)

    def _settle(self) -> None:
        """A key or button changes the table mid-drag: the card carried is back on its pile
        at once (as for undo), so nothing shows twice and the drag's lift does nothing."""
        flying = len(self.motions)
        self.gestures.put_back()
        del self.motions[flying:]  # no fly-back: the key's own cards move from the piles
        self.motions = [m for m in self.motions if not m.shake]  # shaken cards lie still

    def apply(self, effect: Effect) -> Scene | None:
        """Show what an action did (its sound, cards in motion, a refusal); record a move."""
        self.dirty = True
        if effect.sound is not None:
            self.ctx.sounds.play(effect.sound)
        started = -self.gestures.input_ahead()  # not aged by the time before the input
        if effect.refusal:
            self.refusals = (self.refusals[0] + 1, effect.refusal)
        if effect.refusal and self.ctx.settings.move_errors:
            self.message = (effect.refusal, started)
        for moving in effect.motions:
            moving.age += started
        self.motions.extend(effect.motions)
        if not effect.moved:
            return None
        self.clock_started = True
        self.ctx.first_move()  # counted once per game
        after = self._after_move()
        self.finisher.after_move()  # the Automatic finish setting
        return after

    def finish(self) -> None:
        """Finish: the cards go home one by one (game.scenes.play_finish)."""
        if self.celebration is not None or not self.finisher.start():
            self.ctx.sounds.play("error")
            return
        self._settle()  # a card carried (the F key mid-drag) is back on its pile first

    def _after_move(self) -> Scene | None:
        """Record the game after a move: the save, a win, a stalemate."""
        if self.ctx.game is not self.game:
            return None
        self.ctx.elapsed = self.elapsed
        outcome = self.game.outcome
        if outcome is Outcome.WON and self.celebration is None:
            self.ctx.sounds.play("win")
            self.ctx.won()
            self.celebration = -self.gestures.input_ahead()
            if self.ctx.settings.animated:
                self.sparks = motion.sparks_for(self.game.moves, self.size)
        elif outcome is not Outcome.WON:
            self.ctx.save_game()
            if outcome is Outcome.STALEMATE:
                self.ctx.stalemated()
                self.pending_end = Outcome.STALEMATE
        return None

    def undo(self) -> None:
        """Take back the last move."""
        if self.celebration is not None:
            return
        self.gestures.put_back()
        if self.game.undo():
            self.motions.clear()
            self.board.after_undo()
            self.pending_end = None
            self.ctx.sounds.play("undo")
            self.ctx.elapsed = self.elapsed
            self.ctx.save_game()
        self.dirty = True

    def redo(self) -> None:
        """Make again the last move taken back."""
        if self.celebration is not None:
            return
        self.gestures.put_back()
        if self.game.redo():
            self.motions.clear()
            self.board.after_undo()
            self.ctx.sounds.play("undo")
            self._after_move()
        self.dirty = True

    def copy_code(self) -> None:
        """Put the deal code on the clipboard, with a short note (SPEC 4, decided here)."""
        code = self.game.code
        if code is None:
            return
        import pygame.scrap

        try:
            pygame.scrap.put_text(code)
        except pygame.error:
            self.message = (_("The clipboard cannot be used here"), 0.0)
            return
        self.message = (_("Copied {code}").format(code=code), 0.0)
        self.dirty = True

    def ask_new_game(self) -> Scene | None:
        """New game, after the question when a game is under way."""
        return self.cover(lambda: self.flow.new_game(self, self.kind))

    def new_game(self) -> Scene:
        """A fresh random deal of the same game (nothing to ask: see ask_new_game)."""
        return self.flow.play(self.kind.random(self.ctx.deals))

    def replay(self) -> Scene:
        """The same deal from the start."""
        return self.flow.replay(self.game)

    def menu(self) -> Scene | None:
        """The title screen, with Continue."""
        self.ctx.elapsed = self.elapsed
        return self.cover(lambda: self.flow.title(resume=self))

    def move_focus(self, direction: tuple[int, int]) -> None:
        """Move the keyboard focus to the nearest slot in ``direction``."""
        self.focus = next_focus(self.board, self.layout, self.focus, direction)

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        self.clock += dt
        if self.clock_running:
            self.elapsed += dt
            self.ctx.elapsed = self.elapsed
            if int(self.elapsed) != self._shown_second:
                self.dirty = True
        for moving in self.motions:
            moving.age += dt
        if self.motions:
            self.motions = [m for m in self.motions if not m.done]
            self.dirty = True  # the last step of a motion is drawn too (its card lands)
        if self.gestures.relayout and not (self.motions or self.gestures.holding):
            self._lay_out(self.size, self.size)  # let go: the widest cards again
        if self._coming is not None and not self.let_go():
            coming, self._coming = self._coming, None
            return coming()
        finished = self.finisher.update(dt)
        if finished is not None:
            return finished
        if self.message is not None:
            text, age = self.message
            self.message = (text, age + dt) if age + dt < MESSAGE_SECONDS else None
            self.dirty = True
        if self.celebration is not None:
            self.celebration += dt
            pace = self.ctx.settings.pace  # fast: the sparks fall twice as fast, for half as long
            for spark in self.sparks:
                spark.x += spark.vx * dt / pace
                spark.y += spark.vy * dt / pace
            reduced = not self.ctx.settings.animated
            if self.celebration >= (REDUCED_CELEBRATION if reduced else CELEBRATION_SECONDS * pace):
                self.celebration = None
                return self.cover(lambda: self.flow.won(self))
        quiet = not self.motions and self.message is None and self.celebration is None
        # Idle work waits for a step that shows nothing; the crisp cards it may finish
        # are shown in this step.
        if quiet and not self.dirty and self.idle.step(self.layout, self.clock):
            self.invalidate()
        if self.pending_end is Outcome.STALEMATE and not self.motions:
            self.pending_end = None
            self.ctx.sounds.play("stalemate")
            return self.cover(lambda: self.flow.stalemate(self))
        return None

    # ------------------------------------------------------------------ draw
    def frame(self) -> Frame:
        """What the table shows now."""
        return frame_of(self)

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        if not self.animating and not self.dirty:
            return []
        self._shown_second = int(self.elapsed)
        return self.view.draw(surface, self.frame(), self.layout, self.ctx.art)
