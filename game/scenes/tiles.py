"""The table's felt and each slot's opaque tiles, kept per window size (see TableView).

A slot is painted as one opaque tile: felt, stack edges, selection glow, card and the
Placement aid's veil, composed once per look and kept, so a changed card is one blit.
:class:`SlotTiles` also knows the geometry of the repaint paths: what each slot can
paint (its cell), which slots can be repainted by one blit of their tile or of their
card's part, and where each tile lies on the screen (on the blitter's good columns).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..rules.slots import PILES, RESERVE_SLOTS
from .damage import aligned

if TYPE_CHECKING:
    from ..layout import Layout
    from .play import PlayScene

TILE_LIMIT = 240
"""Slot tiles kept before those of cards no longer on the table are forgotten (about 8
looks for each slot's top card and the card under it, 20 slots)."""


class SlotTiles:
    """The felt and the slot tiles for one window size, and the repaint geometry."""

    def __init__(self) -> None:
        self._background: pygame.Surface | None = None
        self._dim: pygame.Surface | None = None
        self._cells: dict[str, pygame.Rect] = {}
        self._cells_size: tuple[int, int] = (0, 0)
        self._edges: dict[tuple[int, tuple[int, int], int], pygame.Surface] = {}
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}
        self._isolated_slots: frozenset[str] = frozenset()
        self._isolated_size: tuple[int, int] = (0, 0)
        self._veil_safe_slots: dict[str, pygame.Rect] = {}
        self._veil_safe_size: tuple[int, int] = (0, 0)

    def reset(self) -> None:
        """Forget the felt and the tiles (the window changed size)."""
        self._background = None
        self._tiles.clear()

    def cell(self, layout: Layout, name: str) -> pygame.Rect:
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

    def isolated(self, layout: Layout) -> frozenset[str]:
        """Slots whose tile touches no other slot's cell: a changed card there is one blit."""
        if self._isolated_size != layout.size:
            cells = {n: self.cell(layout, n) for n in layout.slots}
            self._isolated_slots = frozenset(
                name
                for name in layout.slots
                if not any(
                    self.area(layout, name).colliderect(cell)
                    for other, cell in cells.items()
                    if other != name
                )
                and not self.area(layout, name).colliderect(layout.bar)
            )
            self._isolated_size = layout.size
        return self._isolated_slots

    def veil_parts(self, layout: Layout) -> dict[str, pygame.Rect]:
        """For each slot where a veil that comes or goes can be one blit, the part of the
        screen to blit: the card's rectangle widened to the blitter's good columns, or
        the card's rectangle itself where the wider one would touch another slot's cell
        (or the bar). Slots whose card itself touches one are left out."""
        if self._veil_safe_size != layout.size:
            cells = {name: self.cell(layout, name) for name in layout.slots}
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

    def area(self, layout: Layout, name: str) -> pygame.Rect:
        """Where a slot's card can be: lifted with its glow, or resting with its edges."""
        rect = layout.slots[name]
        width, height = layout.card
        lifted = rect.move(0, -max(2, height // 18)).inflate(width // 8, width // 8)
        return aligned(lifted.union(rect.move(0, 7 * layout.stack_step)))

    def tile(
        self, scene: PlayScene, name: str, look: tuple[object, ...]
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """The slot painted on its felt: edges, glow, card, veil, as one opaque picture.

        Made once per look (card, count, selected, dimmed, four colours) and kept, so a
        changed slot costs one plain blit.
        """
        layout = scene.layout
        key = (name, *look)
        area = self.area(layout, name)
        tile = self._tiles.get(key)
        if tile is not None:
            return tile, area
        card, count, selected, dimmed, four = look
        size = layout.card
        tile = pygame.Surface(area.size)
        tile.blit(self.background(scene), (0, 0), area)
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
            self.prune(scene)
        return tile, area

    def prune(self, scene: PlayScene) -> None:
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
            self.isolated(layout)
            self.veil_parts(layout)
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
                self.tile(scene, name, look)
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

    def background(self, scene: PlayScene) -> pygame.Surface:
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
