"""The table: taps, selection, removals with animation, undo, the clock and the info bar."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from .. import theme, ui
from ..layout import Layout, compute_layout
from ..rules import Card, Game, MoveError, Outcome
from .base import Context, Scene, pointer_position

REMOVE_SECONDS = 0.25
"""How long a removed card takes to fly away."""
MESSAGE_SECONDS = 2.2
"""How long a Move errors message stays (it fades during the last third)."""
CELEBRATION_SECONDS = 1.6
"""The short celebration between the last removal and the win screen."""

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
        ctx.game = game
        self.elapsed = elapsed
        self.clock_started = elapsed > 0
        self.focused = True
        self.focus: str | None = None
        self.flying: list[_Flying] = []
        self.message: tuple[str, float] | None = None
        self.confirm_new = False
        self.celebration: float | None = None
        self.sparks: list[_Spark] = []
        self.pending_end: Outcome | None = None
        self.layout: Layout = compute_layout(800, 600)
        self._background: pygame.Surface | None = None
        self._shown_second = -1

    # -------------------------------------------------------------- plumbing
    @property  # type: ignore[override]
    def animating(self) -> bool:
        return bool(self.flying or self.message or self.celebration is not None)

    @property
    def clock_running(self) -> bool:
        """The clock runs from the first tap while the window has focus, until the end."""
        return self.clock_started and self.focused and self.game.outcome is None

    def enter(self, size: tuple[int, int]) -> None:
        if size != self.size:
            self.layout = compute_layout(*size)
            self._background = None
            self.ctx.art.clear()
        super().enter(size)

    # ----------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> Scene | None:
        pos = pointer_position(event, self.size)
        if pos is not None:
            return self.press(pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.focused = False
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED):
            self.focused = True
            self.dirty = True
        elif event.type == pygame.WINDOWEXPOSED:
            self.dirty = True
        return None

    def press(self, pos: tuple[int, int]) -> Scene | None:
        """A click or a touch at ``pos``."""
        self.dirty = True
        if self.confirm_new:
            yes, _no = self._confirm_buttons()
            if yes.collidepoint(pos):
                return self.new_game()
            self.confirm_new = False
            return None
        button = self.layout.hit_button(pos)
        if button is not None:
            return self.button(button)
        slot = self.layout.hit_slot(pos)
        if slot is None:
            self.game.clear_selection()
            return None
        self.focus = None
        return self.tap(slot)

    def button(self, name: str) -> Scene | None:
        """Undo, New game or Menu."""
        if name == "undo":
            self.undo()
        elif name == "new":
            return self.ask_new_game()
        elif name == "menu":
            return self.menu()
        return None

    def key(self, event: pygame.event.Event) -> Scene | None:
        """Keyboard play and shortcuts."""
        self.dirty = True
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if self.confirm_new:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                return self.new_game()
            if event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.confirm_new = False
            return None
        if (event.key == pygame.K_z and ctrl) or event.key == pygame.K_BACKSPACE:
            self.undo()
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
        if slot in tops:
            self.clock_started = True
        if result.removed:
            if self.game.moves == 1:
                self.ctx.stats["played"] += 1
            for name in result.removed:
                self.flying.append(_Flying(tops[name], self.layout.slots[name].copy()))
            outcome = self.game.outcome
            if outcome is Outcome.WON:
                self.celebration = 0.0
                self._start_sparks()
            elif outcome is Outcome.STALEMATE:
                self.pending_end = Outcome.STALEMATE
        elif result.error is not None and self.ctx.settings.move_errors:
            self.message = (_message(result.error), 0.0)
        return None

    def undo(self) -> None:
        """Take back the last move."""
        if self.celebration is not None:
            return
        if self.game.undo():
            self.pending_end = None
        self.dirty = True

    def ask_new_game(self) -> Scene | None:
        """New game, after a confirmation when a game is under way."""
        if self.game.moves > 0 and self.game.outcome is None:
            self.confirm_new = True
            self.dirty = True
            return None
        return self.new_game()

    def new_game(self) -> Scene:
        """A fresh random deal."""
        return PlayScene(self.ctx, Game.random())

    def replay(self) -> Scene:
        """The same deal from the start."""
        code = self.game.code
        game = Game.from_code(code) if code is not None else Game(self.game.start)
        return PlayScene(self.ctx, game)

    def menu(self) -> Scene:
        """The title screen, with Continue."""
        from .title import TitleScene

        self.ctx.elapsed = self.elapsed
        return TitleScene(self.ctx, resume=self)

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
        if self.clock_running:
            self.elapsed += dt
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
            if self.celebration >= CELEBRATION_SECONDS:
                from .end import WinScene

                self.celebration = None
                self.ctx.stats["won"] += 1
                self.ctx.game = None
                return WinScene(self.ctx, self)
        if self.pending_end is Outcome.STALEMATE and not self.flying:
            from .end import StalemateScene

            self.pending_end = None
            self.ctx.stats["stalemates"] += 1
            return StalemateScene(self.ctx, self)
        return None

    def _start_sparks(self) -> None:
        rng = random.Random(self.game.moves)
        width, height = self.size
        for _ in range(90):
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
        self._draw_table(surface)
        self._draw_bar(surface)
        self._draw_flying(surface)
        self._draw_message(surface)
        if self.celebration is not None:
            self._draw_sparks(surface)
        if self.confirm_new:
            self._draw_confirm(surface)
        return None

    def _background_surface(self) -> pygame.Surface:
        if self._background is None or self._background.get_size() != self.size:
            background = pygame.Surface(self.size).convert()
            background.fill(theme.FELT)
            width, height = self.size
            centre = pygame.Vector2(width / 2, height * 0.45)
            # A soft vignette: darker rings towards the corners.
            steps = 12
            for k in range(steps, 0, -1):
                radius = max(width, height) * (0.45 + 0.6 * k / steps)
                shade = [max(0, int(c - 18 * k / steps)) for c in theme.FELT]
                pygame.draw.circle(background, shade, centre, radius)
            pygame.draw.circle(background, theme.FELT, centre, max(width, height) * 0.45)
            for rect in self.layout.slots.values():
                radius = max(3, rect.width // 12)
                pygame.draw.rect(background, theme.FELT_DARK, rect, border_radius=radius)
                pygame.draw.rect(
                    background,
                    theme.SLOT_EDGE,
                    rect,
                    width=max(1, rect.width // 50),
                    border_radius=radius,
                )
            self._background = background
        return self._background

    def _draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self._background_surface(), (0, 0))
        layout = self.layout
        size = layout.card
        selection = set(self.game.selection)
        dimmed = self.game.dimmed() if self.ctx.settings.placement_aid else frozenset()
        four = self.ctx.settings.four_colour
        for name, rect in layout.slots.items():
            count = self.game.count(name)
            card = self.game.top(name)
            if card is None:
                continue
            lift = 0
            if name in selection:
                lift = max(2, size[1] // 18)
            for k in range(count - 1, 0, -1):
                edge = rect.move(0, k * layout.stack_step)
                pygame.draw.rect(
                    surface, theme.STACK_EDGE, edge, border_radius=max(3, size[0] // 12)
                )
                pygame.draw.rect(
                    surface, theme.STACK_LINE, edge, width=1, border_radius=max(3, size[0] // 12)
                )
            target = rect.move(0, -lift)
            if name in selection:
                glow = target.inflate(size[0] // 8, size[0] // 8)
                pygame.draw.rect(surface, theme.ACCENT, glow, border_radius=max(4, size[0] // 8))
            surface.blit(self.ctx.art.face(card, size, four), target)
            if name in dimmed:
                veil = pygame.Surface(size, pygame.SRCALPHA)
                pygame.draw.rect(
                    veil, (0, 0, 0, 140), veil.get_rect(), border_radius=max(3, size[0] // 12)
                )
                surface.blit(veil, target)
        if self.focus is not None and self.focus in layout.slots:
            ring = layout.slots[self.focus].inflate(size[0] // 5, size[0] // 5)
            pygame.draw.rect(
                surface,
                theme.FOCUS,
                ring,
                width=max(3, size[0] // 25),
                border_radius=max(4, size[0] // 7),
            )
        if self.ctx.settings.pile_labels:
            px = max(10, layout.labels["1"].height * 3 // 4)
            for name, rect in layout.labels.items():
                ui.draw_text(
                    surface,
                    f"{name} \u00b7 {self.game.count(name)}",
                    px,
                    theme.TEXT_DIM,
                    center=rect.center,
                )

    def _draw_bar(self, surface: pygame.Surface) -> None:
        layout = self.layout
        pygame.draw.rect(surface, theme.BAR, layout.bar)
        self._shown_second = int(self.elapsed)
        parts = [
            f"\u23f1 {ui.format_time(self.elapsed)}",
            f"Score {self.game.score}",
            f"Moves {self.game.moves}",
            self.game.code or "",
        ]
        text = "    ".join(p for p in parts if p)
        text = text.replace("\u23f1 ", "Time ")
        px = ui.fit_px(text, layout.font_px, layout.info.width)
        ui.draw_text(surface, text, px, theme.TEXT, midleft=(layout.info.left, layout.info.centery))
        labels = {"undo": "Undo", "new": "New game", "menu": "Menu"}
        for name, rect in layout.buttons.items():
            enabled = name != "undo" or self.game.can_undo()
            ui.draw_button(surface, rect, labels[name], enabled=enabled)

    def _draw_flying(self, surface: pygame.Surface) -> None:
        for flying in self.flying:
            t = min(1.0, flying.age / REMOVE_SECONDS)
            ease = t * t
            width, height = flying.start.size
            scale = 1.0 - 0.5 * ease
            image = self.ctx.art.face(flying.card, (width, height), self.ctx.settings.four_colour)
            image = pygame.transform.smoothscale_by(image, scale)
            image.set_alpha(int(255 * (1 - ease)))
            rect = image.get_rect(center=flying.start.center)
            rect.move_ip(0, -int(ease * height * 0.8))
            surface.blit(image, rect)

    def _draw_message(self, surface: pygame.Surface) -> None:
        if self.message is None:
            return
        text, age = self.message
        fade = 1.0 - max(0.0, (age - MESSAGE_SECONDS * 2 / 3) / (MESSAGE_SECONDS / 3))
        rect = self.layout.message
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            box,
            (*theme.MESSAGE_BG[:3], int(theme.MESSAGE_BG[3] * fade)),
            box.get_rect(),
            border_radius=rect.height // 3,
        )
        px = ui.fit_px(text, int(rect.height * 0.5), rect.width - rect.height, bold=True)
        label = ui.text_surface(text, px, theme.TEXT, True).copy()
        label.set_alpha(int(255 * fade))
        box.blit(label, label.get_rect(center=box.get_rect().center))
        surface.blit(box, rect)

    def _draw_sparks(self, surface: pygame.Surface) -> None:
        px = max(16, self.layout.card[1] // 5)
        for spark in self.sparks:
            ui.draw_text(
                surface, spark.symbol, px, spark.colour, center=(int(spark.x), int(spark.y))
            )

    def _confirm_buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self._confirm_box()
        unit = box.height // 4
        yes = pygame.Rect(0, 0, box.width * 2 // 5, unit)
        no = yes.copy()
        yes.bottomleft = (box.left + box.width // 15, box.bottom - unit // 2)
        no.bottomright = (box.right - box.width // 15, box.bottom - unit // 2)
        return yes, no

    def _confirm_box(self) -> pygame.Rect:
        width, height = self.size
        box = pygame.Rect(0, 0, min(width - 40, max(320, width // 3)), max(180, height // 4))
        box.center = (width // 2, height // 2)
        return box

    def _draw_confirm(self, surface: pygame.Surface) -> None:
        ui.shade(surface)
        box = self._confirm_box()
        ui.panel(surface, box)
        px = ui.fit_px(
            "Abandon this game and deal a new one?", box.height // 7, box.width - 40, bold=True
        )
        ui.draw_text(
            surface,
            "Abandon this game and deal a new one?",
            px,
            theme.PANEL_TEXT,
            bold=True,
            center=(box.centerx, box.top + box.height // 4),
        )
        yes, no = self._confirm_buttons()
        ui.draw_button(surface, yes, "New game", primary=True)
        ui.draw_button(surface, no, "Keep playing")


def _message(error: MoveError) -> str:
    return error.value
