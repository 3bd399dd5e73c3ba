"""The table: taps, selection, removals with animation, undo, the clock and the info bar."""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

import pygame

from .. import theme
from ..catalog import kind_of
from ..i18n import N_, _
from ..layout import Layout, compute_layout
from ..rules import Card, Game, MoveError, Outcome
from .base import Context, Scene, pointer
from .table_view import MESSAGE_SECONDS, REMOVE_SECONDS, TableView

CELEBRATION_SECONDS = 1.6
"""The short celebration between the last removal and the win screen."""
REDUCED_CELEBRATION = 0.4
"""With reduced animations: a short pause on the empty table instead."""
WARM_SECONDS = 0.002
"""Time an idle step may spend preparing tiles and faces for the next tap (a few tiles at
4K, so a table is ready about half a second after a move or a resize)."""
MOVE_ERROR_TEXT = {
    MoveError.SUM_MUST_BE_11: N_("The sum must be 11"),
    MoveError.NEEDS_JACK_QUEEN_KING: N_("Needs a Jack, a Queen and a King"),
}
"""What Move errors says, by reason (SPEC section 2)."""

_DIRECTIONS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


@dataclass
class _Flying:
    """A removed card on its way out."""

    card: Card
    start: pygame.Rect
    age: float = 0.0


@dataclass
class _Spark:
    """One falling suit symbol of the win celebration."""

    x: float
    y: float
    vx: float
    vy: float
    symbol: str
    colour: tuple[int, int, int]


class PlayScene(Scene):
    """Playing one deal."""

    def __init__(self, ctx: Context, game: Game, elapsed: float = 0.0) -> None:
        super().__init__(ctx)
        self.game = game
        if ctx.game is not game:
            ctx.begin(game, elapsed)
        self.elapsed = elapsed
        self.clock_started = elapsed > 0
        self.focused = True
        self.focus: str | None = None
        self.flying: list[_Flying] = []
        self.message: tuple[str, float] | None = None
        self.pressed: str | None = None
        """The bar button held down (it acts when released over it)."""
        self.hover: str | None = None
        """The bar button under the mouse."""
        self.celebration: float | None = None
        self.sparks: list[_Spark] = []
        self.pending_end: Outcome | None = (
            Outcome.STALEMATE if game.outcome is Outcome.STALEMATE else None
        )
        screen = pygame.display.get_surface()
        self.layout: Layout = compute_layout(*(screen.get_size() if screen else (800, 600)))
        self.view = TableView()
        self._shown_second = -1
        self._warmed: tuple[object, ...] | None = None
        self._warmed_table: object = None

    # -------------------------------------------------------------- plumbing
    @property  # type: ignore[override]
    def animating(self) -> bool:
        return bool(self.flying or self.message or self.celebration is not None)

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

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.layout = compute_layout(*size)
            self.view.reset()
            self.ctx.art.clear()
            self._warmed = None  # the tiles and faces are gone: prepare them again
        self.view.invalidate()
        super().enter(size)

    def invalidate(self) -> None:
        super().invalidate()
        self.view.invalidate()

    def notice_area(self) -> pygame.Rect | None:
        """A notice covers the info text in the bar, never a card."""
        return self.layout.info

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        touch = pointer(event, self.size)
        if touch is not None:
            if touch.kind == "down":
                return self.press(touch.pos)
            if touch.kind == "up":
                return self.release(touch.pos)
            if not touch.finger:
                self._hover_over(touch.pos)
            return None
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.focused = False
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.focused = True
        return None

    def press(self, pos: tuple[int, int]) -> Scene | None:
        """A click or a touch at ``pos``: a card acts at once, a button when released."""
        self.dirty = True
        button = self.layout.hit_button(pos)
        if button is not None:
            self.pressed = button
            return None
        if self.view.code_rect.collidepoint(pos):
            self.copy_code()
            return None
        slot = self.layout.hit_slot(pos)
        if slot is None:
            self.game.clear_selection()
            return None
        self.focus = None
        return self.tap(slot)

    def release(self, pos: tuple[int, int]) -> Scene | None:
        """The mouse button or the finger lifted at ``pos``: the button pressed acts if
        the release is over it."""
        pressed, self.pressed = self.pressed, None
        if pressed is None:
            return None
        self.dirty = True
        return self.button(pressed) if self.layout.hit_button(pos) == pressed else None

    def _hover_over(self, pos: tuple[int, int]) -> None:
        button = self.layout.hit_button(pos)
        if button != self.hover:
            self.hover = button
            self.dirty = True

    def button(self, name: str) -> Scene | None:
        """Undo, Redo, New game or Menu."""
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "new":
            return self.ask_new_game()
        elif name == "menu":
            return self.menu()
        return None

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
        elif event.key == pygame.K_ESCAPE:
            return self.menu()
        elif event.key in _DIRECTIONS:
            self.move_focus(_DIRECTIONS[event.key])
        elif event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus is None:
                self.move_focus((0, 0))
            elif self.game.top(self.focus) is not None:
                return self.tap(self.focus)
        return None

    # ------------------------------------------------------------------ play
    def tap(self, slot: str) -> Scene | None:
        """Tap a slot, as the rules say, and show what happened."""
        if self.game.outcome is not None or self.celebration is not None:
            return None
        tops = self.game.playable()
        result = self.game.tap(slot)
        sounds = self.ctx.sounds
        if slot in tops:
            self.clock_started = True
        if not result.removed:
            if result.error is not None:
                sounds.play("error")
                if self.ctx.settings.move_errors:
                    self.message = (_(MOVE_ERROR_TEXT[result.error]), 0.0)
            elif slot in self.game.selection:
                sounds.play("select")
            return None
        self.ctx.first_move()  # counted once per game
        if self.ctx.settings.animations == "on":
            for name in result.removed:
                self.flying.append(_Flying(tops[name], self.layout.slots[name].copy()))
        self.ctx.elapsed = self.elapsed
        outcome = self.game.outcome
        if outcome is Outcome.WON:
            sounds.play("win")
            self.ctx.won()
            self.celebration = 0.0
            if self.ctx.settings.animations == "on":
                self._start_sparks()
        else:
            sounds.play("pair" if len(result.removed) == 2 else "triple")
            self.ctx.save_game()
            if outcome is Outcome.STALEMATE:
                self.ctx.stalemated()
                self.pending_end = Outcome.STALEMATE
        return None

    def undo(self) -> None:
        """Take back the last move."""
        if self.celebration is not None:
            return
        if self.game.undo():
            self.pending_end = None
            self.ctx.sounds.play("undo")
            self.ctx.elapsed = self.elapsed
            self.ctx.save_game()
        self.dirty = True

    def redo(self) -> None:
        """Make again the last move taken back."""
        if self.celebration is not None:
            return
        if self.game.redo():
            self.ctx.sounds.play("undo")
            self.ctx.elapsed = self.elapsed
            outcome = self.game.outcome
            if outcome is Outcome.WON:  # the last move made again: the game is won
                self.ctx.won()
                self.celebration = 0.0
            else:
                self.ctx.save_game()
                if outcome is Outcome.STALEMATE:
                    self.ctx.stalemated()
                    self.pending_end = Outcome.STALEMATE
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
        return self.flow.new_game(self, kind_of(self.game))

    def new_game(self) -> Scene:
        """A fresh random deal of the same game (nothing to ask: see ask_new_game)."""
        return self.flow.play(kind_of(self.game).random())

    def replay(self) -> Scene:
        """The same deal from the start."""
        return self.flow.replay(self.game)

    def menu(self) -> Scene:
        """The title screen, with Continue."""
        self.ctx.elapsed = self.elapsed
        return self.flow.title(resume=self)

    def move_focus(self, direction: tuple[int, int]) -> None:
        """Move the keyboard focus to the nearest playable card in ``direction``."""
        playable = [s for s in self.layout.slots if self.game.top(s) is not None]
        if not playable:
            self.focus = None
            return
        if self.focus is None or self.focus not in playable or direction == (0, 0):
            self.focus = self.focus if self.focus in playable else playable[0]
            return
        here = pygame.Vector2(self.layout.slots[self.focus].center)
        best, best_cost = None, math.inf
        for slot in playable:
            if slot == self.focus:
                continue
            delta = pygame.Vector2(self.layout.slots[slot].center) - here
            along = delta.x * direction[0] + delta.y * direction[1]
            if along <= 0:
                continue
            across = abs(delta.x * direction[1]) + abs(delta.y * direction[0])
            cost = along + 2 * across
            if cost < best_cost:
                best, best_cost = slot, cost
        if best is not None:
            self.focus = best

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> Scene | None:
        super().update(dt)
        if self.clock_running:
            self.elapsed += dt
            self.ctx.elapsed = self.elapsed
            if int(self.elapsed) != self._shown_second:
                self.dirty = True
        for flying in self.flying:
            flying.age += dt
        self.flying = [f for f in self.flying if f.age < REMOVE_SECONDS]
        if self.message is not None:
            text, age = self.message
            self.message = (text, age + dt) if age + dt < MESSAGE_SECONDS else None
            self.dirty = True
        if self.celebration is not None:
            self.celebration += dt
            self._move_sparks(dt)
            reduced = self.ctx.settings.animations != "on"
            if self.celebration >= (REDUCED_CELEBRATION if reduced else CELEBRATION_SECONDS):
                self.celebration = None
                return self.flow.won(self)
        idle = not self.flying and self.message is None and self.celebration is None
        if idle:
            self._warm()
        if self.pending_end is Outcome.STALEMATE and not self.flying:
            self.pending_end = None
            self.ctx.sounds.play("stalemate")
            return self.flow.stalemate(self)
        return None

    def _warm(self) -> None:
        """Prepare what the next tap may need, for up to :data:`WARM_SECONDS` per idle
        step: card faces that a removal may reveal, and tiles of the table view. Once all
        is ready for this position, nothing more is looked at until the position, the
        size or the settings change."""
        settings = self.ctx.settings
        key = (self.layout.size, settings.four_colour, settings.placement_aid)
        table = self.game.table
        if key == self._warmed and table is self._warmed_table:
            return
        deadline = time.perf_counter() + WARM_SECONDS
        while self._warm_next_card() or self.view.warm(self):
            if time.perf_counter() > deadline:
                return
        self._warmed, self._warmed_table = key, table

    def _warm_next_card(self) -> bool:
        """Render the face of one card that a removal may reveal next; True if it did."""
        size = self.layout.card
        four = self.ctx.settings.four_colour
        art = self.ctx.art
        for pile in self.game.table.piles:
            if len(pile) >= 2 and not art.has_face(pile[-2], size, four):
                art.face(pile[-2], size, four)
                return True
        return False

    def _start_sparks(self) -> None:
        rng = random.Random(self.game.moves)
        width, height = self.size
        for _spark in range(90):
            symbol = rng.choice("\u2660\u2665\u2666\u2663")
            colour = (200, 30, 40) if symbol in "\u2665\u2666" else (20, 20, 20)
            colour = rng.choice([colour, theme.ACCENT, (250, 250, 250)])
            self.sparks.append(
                _Spark(
                    rng.uniform(0, width),
                    rng.uniform(-height * 0.6, 0),
                    rng.uniform(-40, 40),
                    rng.uniform(height * 0.3, height * 0.7),
                    symbol,
                    colour,
                )
            )

    def _move_sparks(self, dt: float) -> None:
        for spark in self.sparks:
            spark.x += spark.vx * dt
            spark.y += spark.vy * dt

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        if not self.animating and not self.dirty:
            return []
        self._shown_second = int(self.elapsed)
        return self.view.draw(surface, self)
