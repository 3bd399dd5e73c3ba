"""The table, for every game: taps, drags, the keyboard, cards in motion, undo and redo,
the clock, the info bar and the end of a game.

What differs between games lives in the game's board (game.scenes.boards): the scene
hands it every tap, drag and button, shows the effect it returns, and draws the frame it
builds with the same view.
"""

from __future__ import annotations

import math
import time

import pygame

from .. import memory, ui
from ..catalog import kind_of
from ..i18n import _
from ..layout import Layout, compute_layout
from ..rules import Outcome, PlayedGame
from . import motion
from .base import Context, Scene, pointer
from .boards import Board, Effect, Motion, board_for
from .frame import Button, Frame, SlotLook, Sprite
from .table_view import TableView

CELEBRATION_SECONDS = 1.6
"""The short celebration between the last card and the win screen."""
REDUCED_CELEBRATION = 0.4
"""With reduced animations: a short pause on the finished table instead."""
MESSAGE_SECONDS = 2.2
"""How long a message stays (it fades during the last third)."""
REFINE_AFTER = 0.15
"""Seconds a window size holds before the cards scaled at a resize are rendered crisp (a
window edge being dragged is not slowed by renders it would throw away)."""
REFINE_SECONDS = 0.008
"""Time an idle step may spend rendering scaled cards crisp (all of a 4K table's in less
than half a second)."""
WARM_SECONDS = 0.002
"""Time an idle step may spend preparing tiles and faces for the next tap (a few tiles at
4K, so a table is ready about half a second after a move or a resize)."""
DOUBLE_TAP_SECONDS = 0.4
"""A second tap on the same card within this long sends it home (Crescent)."""
DRAG_START = 6
"""Pixels a press must travel before it carries the card."""

_DIRECTIONS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


def _scaled(point: tuple[int, int], was: tuple[int, int], now: tuple[int, int]) -> tuple[int, int]:
    """The same place of a window resized from ``was`` to ``now``."""
    return (point[0] * now[0] // max(1, was[0]), point[1] * now[1] // max(1, was[1]))


class PlayScene(Scene):
    """Playing one deal of any game."""

    def __init__(self, ctx: Context, game: PlayedGame, elapsed: float = 0.0) -> None:
        super().__init__(ctx)
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
        self.pressed: str | None = None
        """The bar button held down (it acts when released over it)."""
        self.hover: str | None = None
        """The bar button under the mouse."""
        self.celebration: float | None = None
        self.sparks: list[motion.Spark] = []
        self.pending_end: Outcome | None = (
            Outcome.STALEMATE if game.outcome is Outcome.STALEMATE else None
        )
        self.carry: tuple[str, pygame.Rect, tuple[int, int]] | None = None
        """A card carried: its slot, where it is drawn, and where it was taken."""
        self._press: tuple[str, tuple[int, int]] | None = None
        self._last_tap: tuple[str, float, bool] = ("", -1.0, False)
        """The last tap's slot, when, and whether it moved a card (for double taps)."""
        screen = pygame.display.get_surface()
        self.layout: Layout = compute_layout(
            *(screen.get_size() if screen else (800, 600)), self.kind.table
        )
        self.view = TableView()
        self.clock = 0.0
        """Seconds this scene has run (for double taps)."""
        self._resized_at = 0.0
        self._shown_second = -1
        self._warmed: tuple[object, ...] | None = None

    # -------------------------------------------------------------- plumbing
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
            or self.carry
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

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            was = self.size
            self.layout = compute_layout(*size, self.kind.table)
            self.view.reset()
            self.ctx.art.resize(self.layout.card)  # cards scaled now, crisp in a moment
            self._resized_at = self.clock
            self._warmed = None  # the tiles and faces are gone: prepare them again
            if self._press is not None:  # a press not yet a drag: the same place, scaled
                self._press = (self._press[0], _scaled(self._press[1], was, size))
            self._put_back(was)  # a drag ends: the card flies back
        if self.ctx.kind is not self.kind and self.ctx.of(self.kind).game is self.game:
            # Back at the table (Esc on the menu after another game's tile was touched):
            # its game is the chosen one again, so its moves are saved and counted.
            self.ctx.choose(self.kind)
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
            self.pointer_moved(touch.pos, touch.finger)
            return None
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.focused = False
            self._put_back()
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.focused = True
        return None

    def press(self, pos: tuple[int, int]) -> Scene | None:
        """A click or a touch at ``pos``: a card acts at once (or, where it may be
        carried, on release), a button when released."""
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
            self.board.clear()
            return None
        self.focus = None
        if self.board.drags and self.board.taps_on_release(slot):
            self._press = (slot, pos)  # a tap on release, or the start of a drag
            return None
        return self.tap(slot)

    def pointer_moved(self, pos: tuple[int, int], finger: bool) -> None:
        """The mouse or a finger moved: a carried card follows it."""
        if self.carry is not None:
            slot, rect, grab = self.carry
            self.carry = (slot, pygame.Rect((pos[0] - grab[0], pos[1] - grab[1]), rect.size), grab)
            return
        if self._press is not None:
            slot, start = self._press
            if max(abs(pos[0] - start[0]), abs(pos[1] - start[1])) >= DRAG_START:
                self._start_carry(slot, start, pos)
            return
        if not finger:
            button = self.layout.hit_button(pos)
            if button != self.hover:
                self.hover = button
                self.dirty = True

    def _start_carry(self, slot: str, start: tuple[int, int], pos: tuple[int, int]) -> None:
        self._press = None
        if self.game.outcome is not None or not self.board.pick(slot):
            return
        rect = self.board.top_rect(self.layout, slot)
        grab = (start[0] - rect.x, start[1] - rect.y)
        self.carry = (slot, pygame.Rect((pos[0] - grab[0], pos[1] - grab[1]), rect.size), grab)

    def release(self, pos: tuple[int, int]) -> Scene | None:
        """The mouse button or the finger lifted at ``pos``."""
        if self.carry is not None:
            slot, rect, _grab = self.carry
            self.carry = None
            return self.apply(self.board.drop(slot, rect, self.layout, self.ctx.settings))
        if self._press is not None:
            slot, _start = self._press
            self._press = None
            return self.tap(slot)
        pressed, self.pressed = self.pressed, None
        if pressed is None:
            return None
        self.dirty = True
        return self.button(pressed) if self.layout.hit_button(pos) == pressed else None

    def _put_back(self, was: tuple[int, int] | None = None) -> None:
        """A carried card flies back where it was taken (the window lost the focus or
        changed size from ``was``, the game moved on): the board ends the drag."""
        if self.carry is None:
            return
        slot, rect, _grab = self.carry
        self.carry = None
        if was is not None:  # from the same place of the window, at the new size
            rect = pygame.Rect(_scaled(rect.topleft, was, self.layout.size), self.layout.card)
        self.apply(self.board.put_back(slot, rect, self.layout, self.ctx.settings))

    def button(self, name: str) -> Scene | None:
        """Undo, Redo, New game, Menu, or a button of the game's own (Redeal)."""
        if name == "undo":
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
        elif event.key == pygame.K_r and not ctrl and "redeal" in self.layout.buttons:
            return self.act("redeal")
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
        if self.game.top(slot) is not None:
            self.clock_started = True  # the clock runs from the first tap on a card
        last_slot, when, moved = self._last_tap
        if self.board.double_taps and last_slot == slot and self.clock - when < DOUBLE_TAP_SECONDS:
            if moved:  # the first tap made the double tap's one move (a one-tap move)
                self._last_tap = ("", -1.0, False)
                return None
            home = self.board.home(slot, self.layout, self.ctx.settings)
            if home is not None:
                self._last_tap = ("", -1.0, False)
                return self.apply(home)
        effect = self.board.tap(slot, self.layout, self.ctx.settings)
        self._last_tap = (slot, self.clock, effect.moved)
        return self.apply(effect)

    def act(self, name: str) -> Scene | None:
        """A button of the game's own (Redeal)."""
        if self.game.outcome is not None or self.celebration is not None:
            return None
        effect = self.board.action(name, self.layout, self.ctx.settings)
        if effect is None:
            self.ctx.sounds.play("error")
            return None
        return self.apply(effect)

    def apply(self, effect: Effect) -> Scene | None:
        """Show what an action did: its sound, its cards in motion, or why it was
        refused; a move is recorded (see :meth:`_after_move`)."""
        self.dirty = True
        if effect.sound is not None:
            self.ctx.sounds.play(effect.sound)
        if effect.refusal and self.ctx.settings.move_errors:
            self.message = (effect.refusal, 0.0)
        self.motions.extend(effect.motions)
        if not effect.moved:
            return None
        self.clock_started = True
        self.ctx.first_move()  # counted once per game
        return self._after_move()

    def _after_move(self) -> Scene | None:
        """Record the game after a move: the save, a win, a stalemate."""
        if self.ctx.game is not self.game:
            return None
        self.ctx.elapsed = self.elapsed
        outcome = self.game.outcome
        if outcome is Outcome.WON and self.celebration is None:
            self.ctx.sounds.play("win")
            self.ctx.won()
            self.celebration = 0.0
            if self.ctx.settings.animations == "on":
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
        self._put_back()
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
        self._put_back()
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
        return self.flow.new_game(self, self.kind)

    def new_game(self) -> Scene:
        """A fresh random deal of the same game (nothing to ask: see ask_new_game)."""
        return self.flow.play(self.kind.random(self.ctx.deals))

    def replay(self) -> Scene:
        """The same deal from the start."""
        return self.flow.replay(self.game)

    def menu(self) -> Scene:
        """The title screen, with Continue."""
        self.ctx.elapsed = self.elapsed
        self._put_back()
        return self.flow.title(resume=self)

    def move_focus(self, direction: tuple[int, int]) -> None:
        """Move the keyboard focus to the nearest slot in ``direction``."""
        playable = self.board.focus_slots()
        if not playable:
            self.focus = None
            return
        if self.focus is None or self.focus not in playable or direction == (0, 0):
            self.focus = self.focus if self.focus in playable else playable[0]
            return
        here = pygame.Vector2(self.board.top_rect(self.layout, self.focus).center)
        best, best_cost = None, math.inf
        for slot in playable:
            if slot == self.focus:
                continue
            delta = pygame.Vector2(self.board.top_rect(self.layout, slot).center) - here
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
        if self.message is not None:
            text, age = self.message
            self.message = (text, age + dt) if age + dt < MESSAGE_SECONDS else None
            self.dirty = True
        if self.celebration is not None:
            self.celebration += dt
            for spark in self.sparks:
                spark.x += spark.vx * dt
                spark.y += spark.vy * dt
            reduced = self.ctx.settings.animations != "on"
            if self.celebration >= (REDUCED_CELEBRATION if reduced else CELEBRATION_SECONDS):
                self.celebration = None
                return self.flow.won(self)
        quiet = not self.motions and self.message is None and self.celebration is None
        if quiet and not self.dirty:  # idle work waits for a step that shows nothing
            self._warm()
            self._refine()
        if self.pending_end is Outcome.STALEMATE and not self.motions:
            self.pending_end = None
            self.ctx.sounds.play("stalemate")
            return self.flow.stalemate(self)
        return None

    def _refine(self) -> None:
        """Once the size has held for :data:`REFINE_AFTER` s, render the cards scaled at
        the resize crisp, :data:`REFINE_SECONDS` a step; then draw the table again."""
        art = self.ctx.art
        if not art.refining or self.clock - self._resized_at < REFINE_AFTER:
            return
        if art.refine(REFINE_SECONDS):
            self.view.reset()
            self.invalidate()  # the crisp cards are shown in this step
            self._warmed = None
            memory.give_back()  # the earlier size's pictures are freed

    def _warm(self) -> None:
        """Prepare what the next tap may need, for up to :data:`WARM_SECONDS` per idle
        step: tiles of the looks on the table and of those the board expects next. Once
        all is ready for this position, nothing more is looked at until the position, the
        size or the settings change."""
        settings = self.ctx.settings
        key = (
            self.layout.size,
            settings.four_colour,
            settings.placement_aid,
            self.game.table,
        )
        if key == self._warmed:
            return
        self.view.tiles.felt(self.layout).prepare()
        deadline = time.perf_counter() + WARM_SECONDS
        # The looks on the table first: a full repaint paints its slots without tiles.
        now = list(self.board.looks(self.layout, settings, {}).items())
        looks = [*now, *self.board.future_looks(self.layout, settings)]
        tiles = self.view.tiles
        for name, look in looks:
            if not tiles.has(name, look):
                tiles.tile(self.layout, name, look, self.ctx.art)
                if time.perf_counter() > deadline:
                    return
        tiles.forget_except(looks)
        if self._warmed is None:  # the first time since the start or a resize: what the
            memory.give_back()  # rendering of the table left over goes back (1-2 MB)
        self._warmed = key

    # ------------------------------------------------------------------ draw
    def frame(self) -> Frame:
        """What the table shows now."""
        settings = self.ctx.settings
        four = settings.four_colour
        hidden: dict[str, int] = {}
        sprites: list[Sprite] = []
        waiting: dict[str, SlotLook] = {}
        for moving in self.motions:
            if moving.waiting is not None and moving.waits:
                slot, look = moving.waiting
                waiting[slot] = look
                continue
            if moving.hide is not None:
                slot, count = moving.hide
                hidden[slot] = hidden.get(slot, 0) + count
            sprite = motion.sprite_of(moving, four)
            if sprite is not None:
                sprites.append(sprite)
        if self.carry is not None:
            slot, rect, _grab = self.carry
            hidden[slot] = hidden.get(slot, 0) + 1
            sprites.append(Sprite(self.game.top(slot), motion.box(rect), 255, four, shadow=True))
        looks = {**self.board.looks(self.layout, settings, hidden), **waiting}
        suggested = self.board.suggested()
        buttons = tuple(
            Button(
                name,
                self.board.label(name),
                self.board.enabled(name),
                "pressed" if name == self.pressed else "hover" if name == self.hover else None,
                name == suggested,
            )
            for name in self.layout.buttons
        )
        message = None
        if self.message is not None:
            text, age = self.message
            fade = 1.0 - max(0.0, (age - MESSAGE_SECONDS * 2 / 3) / (MESSAGE_SECONDS / 3))
            message = (text, round(fade, 2))
        elif self.board.note() is not None:
            message = (self.board.note() or "", 1.0)
        time_text = _("Time {time}").format(time=ui.format_time(self.elapsed))
        return Frame(
            looks=looks,
            info=(time_text, *self.board.info()),
            buttons=buttons,
            focus=self.focus,
            labels=self.board.labels() if settings.pile_labels else {},
            clock_running=self.clock_running,
            sprites=tuple(sprites),
            message=message,
            sparks=(
                tuple((s.symbol, s.colour, int(s.x), int(s.y)) for s in self.sparks)
                if self.celebration is not None
                else None
            ),
            code=self.game.code or "",
        )

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect] | None:
        if not self.animating and not self.dirty:
            return []
        self._shown_second = int(self.elapsed)
        return self.view.draw(surface, self.frame(), self.layout, self.ctx.art)
