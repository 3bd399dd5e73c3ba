"""Drawing the table: felt, piles, selection, Placement aid, bar, animations, dialogs.

The play scene owns the state; :class:`TableView` only reads it, and keeps what is
worth keeping between frames (the felt with its empty slots, per window size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme, ui
from ..i18n import _

if TYPE_CHECKING:
    from .play import PlayScene

REMOVE_SECONDS = 0.25
"""How long a removed card takes to fly away."""
MESSAGE_SECONDS = 2.2
"""How long a Move errors message stays (it fades during the last third)."""


class TableView:
    """Draws a :class:`PlayScene`."""

    def __init__(self) -> None:
        self._background: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None

    def reset(self) -> None:
        """Forget the cached felt (after a resize)."""
        self._background = None

    def draw(self, surface: pygame.Surface, scene: PlayScene) -> None:
        """Draw the whole table, the bar, and whatever moves or asks over it."""
        self._draw_table(surface, scene)
        self._draw_bar(surface, scene)
        self._draw_flying(surface, scene)
        self._draw_message(surface, scene)
        if scene.celebration is not None:
            self._draw_sparks(surface, scene)
        if scene.confirm_new:
            self._draw_confirm(surface, scene)

    def _veil(self, size: tuple[int, int]) -> pygame.Surface:
        """The dark card-shaped veil of the Placement aid, made once per card size."""
        if self._dim is None or self._dim.get_size() != size:
            self._dim = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(
                self._dim, (0, 0, 0, 140), self._dim.get_rect(), border_radius=max(3, size[0] // 12)
            )
        return self._dim

    def _background_surface(self, scene: PlayScene) -> pygame.Surface:
        if self._background is None or self._background.get_size() != scene.size:
            background = pygame.Surface(scene.size).convert()
            background.fill(theme.FELT)
            width, height = scene.size
            centre = pygame.Vector2(width / 2, height * 0.45)
            # A soft vignette: darker rings towards the corners.
            steps = 12
            for k in range(steps, 0, -1):
                radius = max(width, height) * (0.45 + 0.6 * k / steps)
                shade = [max(0, int(c - 18 * k / steps)) for c in theme.FELT]
                pygame.draw.circle(background, shade, centre, radius)
            pygame.draw.circle(background, theme.FELT, centre, max(width, height) * 0.45)
            for rect in scene.layout.slots.values():
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

    def _draw_table(self, surface: pygame.Surface, scene: PlayScene) -> None:
        surface.blit(self._background_surface(scene), (0, 0))
        layout = scene.layout
        size = layout.card
        selection = set(scene.game.selection)
        dimmed = scene.game.dimmed() if scene.ctx.settings.placement_aid else frozenset()
        four = scene.ctx.settings.four_colour
        for name, rect in layout.slots.items():
            count = scene.game.count(name)
            card = scene.game.top(name)
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
            surface.blit(scene.ctx.art.face(card, size, four), target)
            if name in dimmed:
                surface.blit(self._veil(size), target)
        if scene.focus is not None and scene.focus in layout.slots:
            ring = layout.slots[scene.focus].inflate(size[0] // 5, size[0] // 5)
            pygame.draw.rect(
                surface,
                theme.FOCUS,
                ring,
                width=max(3, size[0] // 25),
                border_radius=max(4, size[0] // 7),
            )
        if scene.ctx.settings.pile_labels:
            px = max(10, layout.labels["1"].height * 3 // 4)
            for name, rect in layout.labels.items():
                ui.draw_text(
                    surface,
                    f"{name} \u00b7 {scene.game.count(name)}",
                    px,
                    theme.TEXT_DIM,
                    center=rect.center,
                )

    def _draw_bar(self, surface: pygame.Surface, scene: PlayScene) -> None:
        layout = scene.layout
        pygame.draw.rect(surface, theme.BAR, layout.bar)
        parts = [
            _("Time {time}").format(time=ui.format_time(scene.elapsed)),
            _("Score {score}").format(score=scene.game.score),
            _("Moves {moves}").format(moves=scene.game.moves),
            scene.game.code or "",
        ]
        text = "    ".join(p for p in parts if p)
        px = ui.fit_px(text, layout.font_px, layout.info.width)
        ui.draw_text(surface, text, px, theme.TEXT, midleft=(layout.info.left, layout.info.centery))
        labels = {"undo": _("Undo"), "new": _("New game"), "menu": _("Menu")}
        for name, rect in layout.buttons.items():
            enabled = name != "undo" or scene.game.can_undo()
            ui.draw_button(surface, rect, labels[name], enabled=enabled)

    def _draw_flying(self, surface: pygame.Surface, scene: PlayScene) -> None:
        for flying in scene.flying:
            t = min(1.0, flying.age / REMOVE_SECONDS)
            ease = t * t
            width, height = flying.start.size
            scale = 1.0 - 0.5 * ease
            image = scene.ctx.art.face(flying.card, (width, height), scene.ctx.settings.four_colour)
            image = pygame.transform.smoothscale_by(image, scale)
            image.set_alpha(int(255 * (1 - ease)))
            rect = image.get_rect(center=flying.start.center)
            rect.move_ip(0, -int(ease * height * 0.8))
            surface.blit(image, rect)

    def _draw_message(self, surface: pygame.Surface, scene: PlayScene) -> None:
        if scene.message is None:
            return
        text, age = scene.message
        fade = 1.0 - max(0.0, (age - MESSAGE_SECONDS * 2 / 3) / (MESSAGE_SECONDS / 3))
        rect = scene.layout.message
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

    def _draw_sparks(self, surface: pygame.Surface, scene: PlayScene) -> None:
        px = max(16, scene.layout.card[1] // 5)
        for spark in scene.sparks:
            ui.draw_text(
                surface, spark.symbol, px, spark.colour, center=(int(spark.x), int(spark.y))
            )

    def _draw_confirm(self, surface: pygame.Surface, scene: PlayScene) -> None:
        ui.shade(surface)
        box = confirm_box(scene.size)
        ui.panel(surface, box)
        ui.draw_paragraph(
            surface,
            _("Abandon this game and deal a new one?"),
            box.height // 8,
            theme.PANEL_TEXT,
            box.centerx,
            box.top + box.height // 8,
            box.width - 40,
            bold=True,
        )
        yes, no = confirm_buttons(scene.size)
        ui.draw_button(surface, yes, _("New game"), primary=True)
        ui.draw_button(surface, no, _("Keep playing"))


def confirm_buttons(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The Yes and No buttons of the new-game question."""
    box = confirm_box(size)
    unit = box.height // 4
    yes = pygame.Rect(0, 0, box.width * 2 // 5, unit)
    no = yes.copy()
    yes.bottomleft = (box.left + box.width // 15, box.bottom - unit // 2)
    no.bottomright = (box.right - box.width // 15, box.bottom - unit // 2)
    return yes, no


def confirm_box(size: tuple[int, int]) -> pygame.Rect:
    """The panel of the new-game question."""
    width, height = size
    box = pygame.Rect(0, 0, min(width - 40, max(520, width // 3)), max(200, height // 4))
    box.center = (width // 2, height // 2)
    return box
