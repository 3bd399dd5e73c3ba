"""Drawing the table: felt, piles, selection, Placement aid, bar, animations, dialogs.

The play scene owns the state; :class:`TableView` only reads it, and keeps what is
worth keeping between frames (the felt with its empty slots, per window size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import fonts, theme, ui
from ..i18n import _
from ..rules.slots import PILES, RESERVE_SLOTS
from .damage import aligned, confirm_box, confirm_buttons, tidy

if TYPE_CHECKING:
    from ..layout import Layout
    from .play import PlayScene, _Flying

REMOVE_SECONDS = 0.25
"""How long a removed card takes to fly away."""
FULL_SIZE_SCALE = 0.97
"""A flying card is drawn unscaled until it is this much of its size (see _flight)."""
TILE_LIMIT = 240
"""Slot tiles kept before those of cards no longer on the table are forgotten (about 8
looks for each slot's top card and the card under it, 20 slots)."""
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

    def __init__(self) -> None:
        self._background: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None
        self._drawn: dict[str, object] = {}
        self._moving: list[pygame.Rect] = []
        self._full = True
        self._cells: dict[str, pygame.Rect] = {}
        self._cells_size: tuple[int, int] = (0, 0)
        self._edges: dict[tuple[int, tuple[int, int], int], pygame.Surface] = {}
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}
        self._flying_cache: dict[tuple[int, float], tuple[pygame.Surface, pygame.Rect]] = {}
        self._isolated_slots: frozenset[str] = frozenset()
        self._isolated_size: tuple[int, int] = (0, 0)
        self._veil_safe_slots: dict[str, pygame.Rect] = {}
        self._veil_safe_size: tuple[int, int] = (0, 0)

    def reset(self) -> None:
        """Forget the cached felt and tiles and repaint everything next time (a resize)."""
        self._background = None
        self._tiles.clear()
        self._full = True

    def invalidate(self) -> None:
        """Repaint everything next time (another scene drew over the table)."""
        self._full = True

    def draw(self, surface: pygame.Surface, scene: PlayScene) -> list[pygame.Rect] | None:
        """Draw what changed; the rectangles repainted, or None when all was repainted."""
        state = self._state(scene)
        moving = self._moving_rects(scene)
        if not scene.flying:
            self._flying_cache.clear()
        full = self._full or scene.confirm_new or self._drawn.get("overlay") != state["overlay"]
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
            area = self._tile_area(layout, name)
            if (
                isinstance(before, tuple)
                and now[0] is not None  # type: ignore[index]
                and now[:3] == before[:3]  # type: ignore[index]
                and not now[2]  # type: ignore[index]
                and not now[4]  # type: ignore[index]  # a focus ring is repainted with its cell
                and now[4:] == before[4:]  # type: ignore[index]
                and name in self._veil_parts(layout)
                and self._veil_parts(layout)[name].collidelist(busy) < 0
            ):
                # Only the Placement aid's veil came or went: it covers just the card,
                # and the card's part of the screen touches no other slot's cell.
                tile, area = self._tile(scene, name, now[:4] + now[5:6])  # type: ignore[index]
                part = self._veil_parts(layout)[name].clip(area)
                surface.blit(tile, part, part.move(-area.left, -area.top))
                direct.append(part)
            elif (
                isinstance(before, tuple)
                and now[0] is not None  # type: ignore[index]
                and not now[4]  # type: ignore[index]
                and now[4:] == before[4:]  # type: ignore[index]
                and (now[1] == before[1] or not now[6])  # type: ignore[index]  # label count
                and name in self._isolated(layout)
                and area.collidelist(busy) < 0
            ):
                # Only the card itself changed: its opaque tile covers all of it.
                tile, area = self._tile(scene, name, now[:4] + now[5:6])  # type: ignore[index]
                surface.blit(tile, area)
                direct.append(area)
            else:
                damage.append(self._cell(layout, name))
        if state["info"] != self._drawn.get("info"):
            damage.append(layout.info)
        elif state["time"] != self._drawn.get("time"):
            damage.append(self._info_shape(scene)[2])  # the clock ticked: its slot only
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
        state["info"] = (self._info_shape(scene)[:2], rest)
        for name in scene.layout.buttons:
            state[f"button-{name}"] = (_button_label(name), name != "undo" or game.can_undo())
        state["message"] = (
            (scene.message[0], round(self._fade(scene.message[1]), 2)) if scene.message else None
        )
        state["overlay"] = (scene.confirm_new, scene.celebration is not None)
        return state

    def _cell(self, layout: Layout, name: str) -> pygame.Rect:
        """Everything a slot can paint: lifted card and glow, focus ring, edges, label."""
        if self._cells_size != layout.size:
            self._cells = {n: self._make_cell(layout, n) for n in layout.slots}
            self._cells_size = layout.size
        return self._cells[name]

    def _make_cell(self, layout: Layout, name: str) -> pygame.Rect:
        rect = layout.slots[name]
        width, height = layout.card
        lift = max(2, height // 18)
        glow = rect.move(0, -lift).inflate(width // 8 + 2, width // 8 + 2)
        ring = rect.inflate(width // 5 + 2, width // 5 + 2)
        edges = rect.move(0, 7 * layout.stack_step)
        return glow.union(ring).union(edges).union(layout.labels[name])

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
        surface.blit(self._background_surface(scene), rect, rect)
        layout = scene.layout
        touched = [n for n in layout.slots if self._cell(layout, n).colliderect(rect)]
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
        surface.blit(self._background_surface(scene), (0, 0))
        self._draw_slots(surface, scene, list(scene.layout.slots), state)
        self._draw_bar(surface, scene)
        self._draw_flying(surface, scene)
        self._draw_message(surface, scene)
        if scene.celebration is not None:
            self._draw_sparks(surface, scene)
        if scene.confirm_new:
            self._draw_confirm(surface, scene)

    def _isolated(self, layout: Layout) -> frozenset[str]:
        """Slots whose tile touches no other slot's cell: a changed card there is one blit."""
        if self._isolated_size != layout.size:
            cells = {n: self._cell(layout, n) for n in layout.slots}
            self._isolated_slots = frozenset(
                name
                for name in layout.slots
                if not any(
                    self._tile_area(layout, name).colliderect(cell)
                    for other, cell in cells.items()
                    if other != name
                )
                and not self._tile_area(layout, name).colliderect(layout.bar)
            )
            self._isolated_size = layout.size
        return self._isolated_slots

    def _veil_parts(self, layout: Layout) -> dict[str, pygame.Rect]:
        """For each slot where a veil that comes or goes can be one blit, the part of the
        screen to blit: the card's rectangle widened to the blitter's good columns, or
        the card's rectangle itself where the wider one would touch another slot's cell
        (or the bar). Slots whose card itself touches one are left out."""
        if self._veil_safe_size != layout.size:
            cells = {name: self._cell(layout, name) for name in layout.slots}
            parts = {}
            for name, card in layout.slots.items():
                others = [cell for other, cell in cells.items() if other != name]
                others.append(layout.bar)
                for part in (aligned(card), card):
                    if part.collidelist(others) < 0:
                        parts[name] = part
                        break
            self._veil_safe_slots = parts
            self._veil_safe_size = layout.size
        return self._veil_safe_slots

    def _tile_area(self, layout: Layout, name: str) -> pygame.Rect:
        """Where a slot's card can be: lifted with its glow, or resting with its edges."""
        rect = layout.slots[name]
        width, height = layout.card
        lifted = rect.move(0, -max(2, height // 18)).inflate(width // 8, width // 8)
        return aligned(lifted.union(rect.move(0, 7 * layout.stack_step)))

    def _tile(
        self, scene: PlayScene, name: str, look: tuple[object, ...]
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """The slot painted on its felt: edges, glow, card, veil, as one opaque picture.

        Made once per look (card, count, selected, dimmed, four colours) and kept, so a
        changed slot costs one plain blit.
        """
        layout = scene.layout
        key = (name, *look)
        area = self._tile_area(layout, name)
        tile = self._tiles.get(key)
        if tile is not None:
            return tile, area
        card, count, selected, dimmed, four = look
        size = layout.card
        tile = pygame.Surface(area.size)
        tile.blit(self._background_surface(scene), (0, 0), area)
        rect = layout.slots[name].move(-area.left, -area.top)
        if count > 1:  # type: ignore[operator]
            tile.blit(self._stack_edges(count, size, layout.stack_step), rect)  # type: ignore[arg-type]
        target = rect.move(0, -max(2, size[1] // 18)) if selected else rect
        if selected:
            glow = target.inflate(size[0] // 8, size[0] // 8)
            pygame.draw.rect(tile, theme.ACCENT, glow, border_radius=max(4, size[0] // 8))
        tile.blit(scene.ctx.art.face(card, size, bool(four)), target)  # type: ignore[arg-type]
        if dimmed:
            tile.blit(self._veil(size), target)
        self._tiles[key] = tile
        if len(self._tiles) > TILE_LIMIT:
            self._prune(scene)
        return tile, area

    def _prune(self, scene: PlayScene) -> None:
        """Forget the tiles of cards that are gone: keep each slot's top card and the card
        under it (all their looks), so the cache holds what the next taps can use."""
        keep: set[tuple[str, object, int]] = set()
        for name, pile in zip(PILES, scene.game.table.piles, strict=True):
            if pile:
                keep.add((name, pile[-1], len(pile)))
            if len(pile) >= 2:
                keep.add((name, pile[-2], len(pile) - 1))
        for name, card in zip(RESERVE_SLOTS, scene.game.table.reserve, strict=True):
            keep.add((name, card, 1))
        self._tiles = {key: tile for key, tile in self._tiles.items() if key[:3] in keep}

    def warm(self, scene: PlayScene) -> bool:
        """Make one thing the next tap may need: the repaint geometry for this size, or a
        tile of the card selected, veiled by the Placement aid, or revealed by a removal.
        True if there was one to make."""
        layout = scene.layout
        if self._veil_safe_size != layout.size or self._isolated_size != layout.size:
            self._isolated(layout)
            self._veil_parts(layout)
            return True
        settings = scene.ctx.settings
        four = settings.four_colour
        looks: list[tuple[str, tuple[object, ...]]] = []
        for name, pile in zip(PILES, scene.game.table.piles, strict=True):
            if pile:
                looks.append((name, (pile[-1], len(pile), True, False, four)))
            if len(pile) >= 2:
                looks.append((name, (pile[-2], len(pile) - 1, False, False, four)))
        if settings.placement_aid:
            for name, card in scene.game.playable().items():
                looks.append((name, (card, scene.game.count(name), False, True, four)))
        for name, look in looks:
            if (name, *look) not in self._tiles:
                self._tile(scene, name, look)
                return True
        return False

    def _stack_edges(self, count: int, size: tuple[int, int], step: int) -> pygame.Surface:
        """The edges of the ``count - 1`` cards under a pile's top card, made once each."""
        key = (count, size, step)
        edges = self._edges.get(key)
        if edges is None:
            edges = pygame.Surface((size[0], size[1] + 7 * step), pygame.SRCALPHA)
            radius = max(3, size[0] // 12)
            for k in range(count - 1, 0, -1):
                edge = pygame.Rect(0, k * step, *size)
                pygame.draw.rect(edges, theme.STACK_EDGE, edge, border_radius=radius)
                pygame.draw.rect(edges, theme.STACK_LINE, edge, width=1, border_radius=radius)
            self._edges[key] = edges
        return edges

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
            width, height = scene.size
            # A soft vignette, darker towards the corners: drawn small, then scaled up
            # smoothly (a few milliseconds instead of filling 4K circles).
            small_size = (max(8, width // 24), max(8, height // 24))
            small = pygame.Surface(small_size)
            small.fill(theme.FELT)
            centre = pygame.Vector2(small_size[0] / 2, small_size[1] * 0.45)
            steps = 12
            for k in range(steps, 0, -1):
                radius = max(small_size) * (0.45 + 0.6 * k / steps)
                shade = [max(0, int(c - 18 * k / steps)) for c in theme.FELT]
                pygame.draw.circle(small, shade, centre, radius)
            pygame.draw.circle(small, theme.FELT, centre, max(small_size) * 0.45)
            display = pygame.display.get_surface()
            if display is not None and display.get_bitsize() in (24, 32):
                small = small.convert()  # scaled in the display's format: no second copy
            background = pygame.transform.smoothscale(small, scene.size)
            if display is not None and background.get_masks() != display.get_masks():
                background = background.convert()
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
            tile, area = self._tile(scene, name, look[:4] + look[5:6])  # type: ignore[index]
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
        px, _shape, slot = self._info_shape(scene)
        # The time has a slot of its own, as wide as any time with as many digits: the
        # other parts never move, and the clock's tick repaints only the slot. The time
        # is rendered anew each second (uncached, so the text cache keeps the rest).
        y = layout.info.centery
        if scene.clock_running:
            image = fonts.font(px).render(time_text, True, theme.TEXT)
        else:
            image = ui.text_surface(time_text, px, theme.TEXT)
        surface.blit(image, image.get_rect(midleft=(slot.left, y)))
        x = slot.right + fonts.font(px).size(INFO_GAP)[0]
        for part in rest:
            image = ui.text_surface(part, px, theme.TEXT)
            surface.blit(image, image.get_rect(midleft=(x, y)))
            x += image.get_width() + fonts.font(px).size(INFO_GAP)[0]
        for name, rect in layout.buttons.items():
            enabled = name != "undo" or scene.game.can_undo()
            ui.draw_button(surface, rect, _button_label(name), enabled=enabled)

    def _info_parts(self, scene: PlayScene) -> tuple[str, list[str]]:
        """The info bar's time, and its other parts (score, moves, code)."""
        rest = [
            _("Score {score}").format(score=scene.game.score),
            _("Moves {moves}").format(moves=scene.game.moves),
            scene.game.code or "",
        ]
        time_text = _("Time {time}").format(time=ui.format_time(scene.elapsed))
        return time_text, [p for p in rest if p]

    def _info_shape(self, scene: PlayScene) -> tuple[int, str, pygame.Rect]:
        """The info bar's text size, the time's shape (its digits as 8s) and its slot."""
        layout = scene.layout
        time_text, rest = self._info_parts(scene)
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


def _button_label(name: str) -> str:
    return {"undo": _("Undo"), "new": _("New game"), "menu": _("Menu")}[name]
