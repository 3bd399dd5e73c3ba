"""Drawing the table: felt, piles, selection, Placement aid, bar, animations, dialogs.

The play scene owns the state; :class:`TableView` only reads it, and keeps what is
worth keeping between frames: what it drew last, and (in game.scenes.tiles) the felt
and the slot tiles per window size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import fonts, theme, ui
from ..i18n import _
from ..rules.slots import PILES, RESERVE_SLOTS
from .damage import tidy
from .tiles import SlotTiles

if TYPE_CHECKING:
    from .play import PlayScene, _Flying

REMOVE_SECONDS = 0.25
"""How long a removed card takes to fly away."""
FULL_SIZE_SCALE = 0.97
"""A flying card is drawn unscaled until it is this much of its size (see _flight)."""
_EIGHTS = str.maketrans("0123456789", "8888888888")
INFO_GAP = "    "
"""Between the parts of the info bar (time, score, moves, code)."""
MESSAGE_SECONDS = 2.2
"""How long a Move errors message stays (it fades during the last third)."""


_SlotState = tuple[object, ...]


class TableView:
    """Draws a :class:`PlayScene`, repainting only what changed since the last frame.

    It remembers what each slot, the info text and the buttons looked like when last
    drawn, and where the flying cards and the message were; a frame repaints just the
    rectangles whose content changed (felt first, then whatever overlaps them, in the
    usual order). Dialogs, the celebration and the first frame after a resize repaint
    everything.
    """

    code_rect = pygame.Rect(0, 0, 0, 0)
    """Where the deal code was last drawn in the info bar (a tap there copies it)."""

    def __init__(self) -> None:
        self.tiles = SlotTiles()
        self._drawn: dict[str, object] = {}
        self._moving: list[pygame.Rect] = []
        self._full = True
        self._flying_cache: dict[tuple[int, float], tuple[pygame.Surface, pygame.Rect]] = {}
        self._time_slot = pygame.Rect(0, 0, 0, 0)

    def reset(self) -> None:
        """Forget the cached felt and tiles and repaint everything next time (a resize)."""
        self.tiles.reset()
        self._full = True

    def warm(self, scene: PlayScene) -> bool:
        """Make one thing the next tap may need (see :meth:`SlotTiles.warm`)."""
        return self.tiles.warm(scene)

    def invalidate(self) -> None:
        """Repaint everything next time (another scene drew over the table)."""
        self._full = True

    def draw(self, surface: pygame.Surface, scene: PlayScene) -> list[pygame.Rect] | None:
        """Draw what changed; the rectangles repainted, or None when all was repainted."""
        state = self._state(scene)
        moving = self._moving_rects(scene)
        if not scene.flying:
            self._flying_cache.clear()
        full = self._full or self._drawn.get("overlay") != state["overlay"]
        if full:
            self._draw_all(surface, scene, state)
            self._drawn, self._moving, self._full = state, moving, False
            return None
        layout = scene.layout
        damage = [r for r in self._moving + moving]
        busy = damage + ([layout.message] if state["message"] or self._drawn.get("message") else [])
        direct: list[pygame.Rect] = []
        for name in layout.slots:
            now, before = state[name], self._drawn.get(name)
            if now == before:
                continue
            area = self.tiles.area(layout, name)
            if (
                isinstance(before, tuple)
                and now[0] is not None  # type: ignore[index]
                and now[:3] == before[:3]  # type: ignore[index]
                and not now[2]  # type: ignore[index]
                and not now[4]  # type: ignore[index]  # a focus ring is repainted with its cell
                and now[4:] == before[4:]  # type: ignore[index]
                and name in self.tiles.veil_parts(layout)
                and self.tiles.veil_parts(layout)[name].collidelist(busy) < 0
            ):
                # Only the Placement aid's veil came or went: it covers just the card,
                # and the card's part of the screen touches no other slot's cell.
                tile, area = self.tiles.tile(scene, name, now[:4] + now[5:6])  # type: ignore[index]
                part = self.tiles.veil_parts(layout)[name].clip(area)
                surface.blit(tile, part, part.move(-area.left, -area.top))
                direct.append(part)
            elif (
                isinstance(before, tuple)
                and now[0] is not None  # type: ignore[index]
                and not now[4]  # type: ignore[index]
                and now[4:] == before[4:]  # type: ignore[index]
                and (now[1] == before[1] or not now[6])  # type: ignore[index]  # label count
                and name in self.tiles.isolated(layout)
                and area.collidelist(busy) < 0
            ):
                # Only the card itself changed: its opaque tile covers all of it.
                tile, area = self.tiles.tile(scene, name, now[:4] + now[5:6])  # type: ignore[index]
                surface.blit(tile, area)
                direct.append(area)
            else:
                damage.append(self.tiles.cell(layout, name))
        if state["info"] != self._drawn.get("info"):
            damage.append(layout.info)
        elif state["time"] != self._drawn.get("time"):
            damage.append(self._time_slot)  # the clock ticked: its slot only
        for name, rect in layout.buttons.items():
            if state[f"button-{name}"] != self._drawn.get(f"button-{name}"):
                damage.append(rect)
        if state["message"] is not None or self._drawn.get("message") is not None:
            damage.append(layout.message)
        damage = tidy(damage, surface.get_rect())
        for rect in damage:
            self._repair(surface, scene, rect, state)
        if scene.celebration is not None:
            # Sparks fly over everything: those in a repainted place are drawn again.
            self._draw_sparks(surface, scene, damage)
        self._drawn, self._moving = state, moving
        return damage + direct

    def _state(self, scene: PlayScene) -> dict[str, object]:
        """What the player sees, item by item, to compare with the last frame."""
        game = scene.game
        settings = scene.ctx.settings
        selection = set(game.selection)
        dimmed = game.dimmed() if settings.placement_aid and selection else frozenset()
        table = game.table
        state: dict[str, object] = {}
        piles = zip(PILES, table.piles, strict=True)
        reserve = zip(RESERVE_SLOTS, table.reserve, strict=True)
        looks = [(n, p[-1] if p else None, len(p)) for n, p in piles]
        looks += [(n, c, 0 if c is None else 1) for n, c in reserve]
        for name, card, count in looks:
            state[name] = (
                card,
                count,
                name in selection,
                name in dimmed,
                scene.focus == name,
                settings.four_colour,
                settings.pile_labels,
            )
        time_text, rest = self._info_parts(scene)
        state["time"] = time_text
        px, shape, self._time_slot = self._info_shape(scene, time_text, rest)
        state["info"] = ((px, shape), rest)
        code = game.code
        self.code_rect = pygame.Rect(0, 0, 0, 0)
        for part, x, width in self._info_places(scene, px, rest):
            if part == code:
                info = scene.layout.info
                self.code_rect = pygame.Rect(x, info.top, width, info.height)
        for name in scene.layout.buttons:
            state[f"button-{name}"] = (
                _button_label(name),
                _button_enabled(name, scene),
                _button_state(name, scene),
            )
        state["message"] = (
            (scene.message[0], round(self._fade(scene.message[1]), 2)) if scene.message else None
        )
        state["overlay"] = scene.celebration is not None
        return state

    def _repair(
        self,
        surface: pygame.Surface,
        scene: PlayScene,
        rect: pygame.Rect,
        state: dict[str, object],
    ) -> None:
        """Repaint one rectangle from the felt up, clipped to it."""
        clip = surface.get_clip()
        surface.set_clip(rect)
        surface.blit(self.tiles.background(scene), rect, rect)
        layout = scene.layout
        touched = [n for n in layout.slots if self.tiles.cell(layout, n).colliderect(rect)]
        self._draw_slots(surface, scene, touched, state)
        if layout.bar.colliderect(rect):
            self._draw_bar(surface, scene)
        if any(r.colliderect(rect) for r in self._flying_rects(scene)):
            self._draw_flying(surface, scene)
        if layout.message.colliderect(rect):
            self._draw_message(surface, scene)
        surface.set_clip(clip)

    def _draw_all(
        self, surface: pygame.Surface, scene: PlayScene, state: dict[str, object]
    ) -> None:
        surface.blit(self.tiles.background(scene), (0, 0))
        self._draw_slots(surface, scene, list(scene.layout.slots), state)
        self._draw_bar(surface, scene)
        self._draw_flying(surface, scene)
        self._draw_message(surface, scene)
        if scene.celebration is not None:
            self._draw_sparks(surface, scene)

    def _draw_slots(
        self,
        surface: pygame.Surface,
        scene: PlayScene,
        names: list[str],
        state: dict[str, object] | None = None,
    ) -> None:
        """The cards of ``names`` with their edges and highlights, then focus and labels."""
        layout = scene.layout
        size = layout.card
        looks = state if state is not None else self._state(scene)
        for name in names:
            look = looks[name]
            if look[0] is None:  # type: ignore[index]
                continue
            tile, area = self.tiles.tile(scene, name, look[:4] + look[5:6])  # type: ignore[index]
            surface.blit(tile, area)
        if scene.focus is not None and scene.focus in names:
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
            for name in names:
                rect = layout.labels[name]
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
        time_text, rest = self._info_parts(scene)
        px, _shape, slot = self._info_shape(scene, time_text, rest)
        # The time has a slot of its own, as wide as any time with as many digits: the
        # other parts never move, and the clock's tick repaints only the slot. The time
        # is rendered anew each second (uncached, so the text cache keeps the rest).
        y = layout.info.centery
        if scene.clock_running:
            image = fonts.font(px).render(time_text, True, theme.TEXT)
        else:
            image = ui.text_surface(time_text, px, theme.TEXT)
        surface.blit(image, image.get_rect(midleft=(slot.left, y)))
        for part, x, _width in self._info_places(scene, px, rest):
            image = ui.text_surface(part, px, theme.TEXT)
            surface.blit(image, image.get_rect(midleft=(x, y)))
        label_px = min(
            ui.fit_px(
                _button_label(n), max(10, int(r.height * 0.42)), r.width - r.height // 2, True
            )
            for n, r in layout.buttons.items()
        )
        for name, rect in layout.buttons.items():
            ui.draw_button(
                surface,
                rect,
                _button_label(name),
                enabled=_button_enabled(name, scene),
                state=_button_state(name, scene),
                px=label_px,
            )

    def _info_places(
        self, scene: PlayScene, px: int, rest: list[str]
    ) -> list[tuple[str, int, int]]:
        """Each info part after the time with its left edge and width."""
        face = fonts.font(px)
        gap = face.size(INFO_GAP)[0]
        x = self._time_slot.right + gap
        places = []
        for part in rest:
            width = face.size(part)[0]
            places.append((part, x, width))
            x += width + gap
        return places

    def _info_parts(self, scene: PlayScene) -> tuple[str, list[str]]:
        """The info bar's time, and its other parts (score, moves, code)."""
        rest = [
            _("Score {score}").format(score=scene.game.score),
            _("Moves {moves}").format(moves=scene.game.moves),
            scene.game.code or "",
        ]
        time_text = _("Time {time}").format(time=ui.format_time(scene.elapsed))
        return time_text, [p for p in rest if p]

    def _info_shape(
        self, scene: PlayScene, time_text: str, rest: list[str]
    ) -> tuple[int, str, pygame.Rect]:
        """The info bar's text size, the time's shape (its digits as 8s) and its slot."""
        layout = scene.layout
        shape = time_text.translate(_EIGHTS)
        px = ui.fit_px(INFO_GAP.join([shape, *rest]), layout.font_px, layout.info.width)
        width = fonts.font(px).size(shape)[0]
        return px, shape, pygame.Rect(layout.info.left, layout.info.top, width, layout.info.height)

    def _fade(self, age: float) -> float:
        return 1.0 - max(0.0, (age - MESSAGE_SECONDS * 2 / 3) / (MESSAGE_SECONDS / 3))

    def _flight(self, flying: _Flying) -> tuple[float, float]:
        """A flying card's (ease, scale): it rises, shrinks to half and fades out.

        It keeps its own size until it is 3 % smaller: scaling by less looks the same and
        costs a millisecond at 4K on the very frame the removal shows.
        """
        t = min(1.0, flying.age / REMOVE_SECONDS)
        ease = t * t
        scale = 1.0 - 0.5 * ease
        return ease, 1.0 if scale > FULL_SIZE_SCALE else scale

    def _flying_image(
        self, scene: PlayScene, flying: _Flying
    ) -> tuple[pygame.Surface, pygame.Rect]:
        ease, scale = self._flight(flying)
        width, height = flying.start.size
        image = scene.ctx.art.face(flying.card, (width, height), scene.ctx.settings.four_colour)
        image = pygame.transform.smoothscale_by(image, scale) if scale < 1.0 else image.copy()
        rect = image.get_rect(center=flying.start.center)
        rect.move_ip(0, -int(ease * height * 0.8))
        image.set_alpha(int(255 * (1 - ease)))
        return image, rect

    def _moving_rects(self, scene: PlayScene) -> list[pygame.Rect]:
        """Where the flying cards and the celebration's sparks are drawn this frame."""
        rects = self._flying_rects(scene)
        if scene.celebration is not None:
            rects += [rect for _, rect in self._spark_images(scene)]
        return rects

    def _flying_rects(self, scene: PlayScene) -> list[pygame.Rect]:
        """Where the flying cards are drawn this frame."""
        rects = []
        for flying in scene.flying:
            ease, scale = self._flight(flying)
            rect = flying.start.copy()
            size = (max(1, round(rect.width * scale)), max(1, round(rect.height * scale)))
            moved = pygame.Rect((0, 0), size)
            moved.center = rect.center
            moved.move_ip(0, -int(ease * rect.height * 0.8))
            rects.append(moved.inflate(2, 2))
        return rects

    def _draw_flying(self, surface: pygame.Surface, scene: PlayScene) -> None:
        for flying in scene.flying:
            key = (id(flying), flying.age)
            made = self._flying_cache.get(key)
            if made is None:  # each flying card is scaled once a frame, not once a repair
                made = self._flying_image(scene, flying)
                self._flying_cache = {
                    k: v for k, v in self._flying_cache.items() if k[0] != id(flying)
                }
                self._flying_cache[key] = made
            surface.blit(*made)

    def _draw_message(self, surface: pygame.Surface, scene: PlayScene) -> None:
        if scene.message is None:
            return
        text, age = scene.message
        rect = scene.layout.message
        px = ui.fit_px(text, int(rect.height * 0.5), rect.width - rect.height, bold=True)
        ui.draw_toast(surface, rect, text, px, self._fade(age), bold=True)

    def _spark_images(self, scene: PlayScene) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each celebration spark's picture and where it is drawn this frame."""
        px = max(16, scene.layout.card[1] // 5)
        images = []
        for spark in scene.sparks:
            image = ui.text_surface(spark.symbol, px, spark.colour)
            images.append((image, image.get_rect(center=(int(spark.x), int(spark.y)))))
        return images

    def _draw_sparks(
        self,
        surface: pygame.Surface,
        scene: PlayScene,
        only: list[pygame.Rect] | None = None,
    ) -> None:
        """The sparks, or those touching the rectangles ``only``."""
        for image, rect in self._spark_images(scene):
            if only is None or rect.collidelist(only) >= 0:
                surface.blit(image, rect)


def _button_label(name: str) -> str:
    return {"undo": _("Undo"), "redo": _("Redo"), "new": _("New game"), "menu": _("Menu")}[name]


def _button_enabled(name: str, scene: PlayScene) -> bool:
    if name == "undo":
        return scene.game.can_undo()
    if name == "redo":
        return scene.game.can_redo()
    return True


def _button_state(name: str, scene: PlayScene) -> str | None:
    if name == scene.pressed:
        return "pressed"
    return "hover" if name == scene.hover and scene.pressed is None else None
