"""The table's felt and each slot's opaque tiles, kept per window size (see TableView).

A slot is painted as one opaque tile: felt, stack edges or fan, selection glow, cards,
the Placement aid's veil and a target's outline, composed once per look and kept, so a
changed slot is one blit. :class:`SlotTiles` also knows the geometry of the repaint
paths: what each slot can paint (its cell), which slots can be repainted by one blit of
their tile or of their top card's part, where each tile lies on the screen (on the
blitter's good columns), and where two slots' tiles overlap (the seams a tile blitted
whole would cover with its felt).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

import pygame

from ..look import theme, ui
from ..table.frame import SlotLook
from .damage import aligned
from .felt import Felt

if TYPE_CHECKING:
    from ..look.sprites import CardArt
    from ..table.layout import Layout

TILE_LIMIT = 320
"""Slot tiles kept before those of looks no longer in use are forgotten."""


class SlotTiles:
    """The felt and the slot tiles for one window size, and the repaint geometry."""

    def __init__(self) -> None:
        self._felt: Felt | None = None
        self.colours = theme.TABLES["green"]
        """The table's colours (game.look.theme.TABLES): set before the felt is painted."""
        self._dim: pygame.Surface | None = None
        self._edges: dict[tuple[int, tuple[int, int], int], pygame.Surface] = {}
        self._tiles: dict[tuple[str, SlotLook], pygame.Surface] = {}
        self._geometry_for: object = None
        self._cells: dict[str, pygame.Rect] = {}
        self._areas: dict[str, pygame.Rect] = {}
        self._isolated: frozenset[str] = frozenset()
        self._veil_parts: dict[tuple[str, int], pygame.Rect | None] = {}
        self._others: dict[str, list[pygame.Rect]] = {}
        self._reach: dict[str, pygame.Rect] = {}
        self._seams: dict[str, list[tuple[pygame.Rect, tuple[str, ...]]]] = {}

    def reset(self) -> None:
        """Forget the felt and the tiles (the window changed size)."""
        self._felt = None
        self._tiles.clear()
        self._edges.clear()

    # ------------------------------------------------------------- geometry
    def _geometry(self, layout: Layout) -> None:
        key = (layout.size, layout.table, layout.arrangement)
        if self._geometry_for == key:
            return
        width, height = layout.card
        lift = max(2, height // 18)
        self._areas, self._cells, self._reach = {}, {}, {}
        for name, area in layout.areas.items():
            lifted = area.move(0, -lift)
            self._areas[name] = aligned(lifted.inflate(width // 8, width // 8).union(area))
            self._reach[name] = area.union(lifted).inflate(width // 8, width // 8)
            ring = area.union(lifted).inflate(width // 5 + 2, width // 5 + 2)
            self._cells[name] = ring.union(layout.labels[name])
        cells = self._cells
        self._isolated = frozenset(
            name
            for name in layout.areas
            if not any(
                self._areas[name].colliderect(cell)
                for other, cell in cells.items()
                if other != name
            )
            and not self._areas[name].colliderect(layout.bar)
        )
        self._veil_parts = {}
        self._seams = {}
        order = list(layout.slots)
        areas = [self._areas[name] for name in order]
        for index, name in enumerate(order):
            area = areas[index]
            seams = []
            for before in area.collidelistall(areas[:index]):
                seam = area.clip(areas[before])
                under = tuple(o for o in order[:index] if self._reach[o].colliderect(seam))
                if under:  # another slot may have drawn there; the tile lies over them
                    seams.append((seam, (*under, name)))
            self._seams[name] = seams
        self._others = {
            name: [*(cell for other, cell in cells.items() if other != name), layout.bar]
            for name in layout.slots
        }
        self._geometry_for = key

    def draw_target(
        self, surface: pygame.Surface, layout: Layout, name: str, look: SlotLook
    ) -> None:
        """The outline around a place the selected or carried card may go: drawn over the
        tiles (it reaches past the slot's tile, below the card), within the slot's cell."""
        if not look.target:
            return
        width = layout.card[0]
        ring = layout.slots[name].inflate(width // 10, width // 10)
        if look.cards:
            ring.width += look.cards[-1][1]
        ui.rounded_rect(surface, theme.TARGET, ring, max(4, width // 8), max(2, width // 20))

    def cell(self, layout: Layout, name: str) -> pygame.Rect:
        """Everything a slot can paint: lifted card and glow, focus ring, fan, label."""
        self._geometry(layout)
        return self._cells[name]

    def area(self, layout: Layout, name: str) -> pygame.Rect:
        """Where a slot's tile lies: its area, lifted with its glow (on good columns)."""
        self._geometry(layout)
        return self._areas[name]

    def isolated(self, layout: Layout) -> frozenset[str]:
        """Slots whose tile touches no other slot's cell: a changed slot there is one blit."""
        self._geometry(layout)
        return self._isolated

    def seams(self, layout: Layout, name: str) -> list[tuple[pygame.Rect, tuple[str, ...]]]:
        """Where ``name``'s tile overlaps the tile of a slot drawn before it (slots are
        drawn in the layout's order), each with the slots before it that may draw there
        and ``name`` last (its tile is on top, whether or not its own cards reach the
        seam): the tile blitted whole covers their cards there with its felt."""
        self._geometry(layout)
        return self._seams[name]

    def veil_part(self, layout: Layout, name: str, look: SlotLook) -> pygame.Rect | None:
        """Where a veil that comes or goes on ``look``'s top card can be one blit: the top
        card widened to the blitter's good columns, or the card itself where the wider one
        would touch another slot's cell or the bar; None where the card itself would (or
        the slot is empty). A pile's top card lies along its fan or its stack's edges."""
        self._geometry(layout)
        if look.top is None:
            return None
        key = (name, look.top[1])
        if key not in self._veil_parts:
            card = layout.slots[name].move(look.top[1], 0)
            others = self._others[name]
            self._veil_parts[key] = next(
                (part for part in (aligned(card), card) if part.collidelist(others) < 0), None
            )
        return self._veil_parts[key]

    # ---------------------------------------------------------------- tiles
    def tile(
        self, layout: Layout, name: str, look: SlotLook, art: CardArt
    ) -> tuple[pygame.Surface, pygame.Rect]:
        """The slot painted on its felt as one opaque picture, made once per look."""
        area = self.area(layout, name)
        key = (name, look)
        tile = self._tiles.get(key)
        if tile is not None:
            return tile, area
        tile = pygame.Surface(area.size)
        self.felt(layout).paint(tile, (0, 0), area)
        self._paint(tile, layout, name, look, art, (-area.left, -area.top))
        self._tiles[key] = tile
        return tile, area

    def paint_on(
        self, surface: pygame.Surface, layout: Layout, name: str, look: SlotLook, art: CardArt
    ) -> None:
        """Paint the slot straight onto ``surface``, whose felt (with the slots' empty
        places) and the slots before it are there already, clipped to its area: what its
        tile would show there, without making the tile (a full repaint, as after a resize,
        where most tiles are new; they are made when first needed or in the idle steps
        after)."""
        area = self.area(layout, name)
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        self._paint(surface, layout, name, look, art, (0, 0))
        surface.set_clip(clip)

    def mend_seam(
        self,
        surface: pygame.Surface,
        layout: Layout,
        seam: pygame.Rect,
        looks: list[tuple[str, SlotLook]],
        art: CardArt,
    ) -> None:
        """Give ``seam`` (within the surface's clip) the first paint's pixels again, after
        the last of ``looks``' tiles was blitted over it: the felt, the empty places, and
        the slots' cards in turn: the tile of the first slot with anything there, the
        others' cards over it. Where only the slot on top has, nothing is painted."""
        clip = surface.get_clip()
        part = seam.clip(clip)
        if not (part.width and part.height):
            return
        there = [(name, look) for name, look in looks if self._drawn(layout, name, look, part)]
        if not there or there == looks[-1:]:
            return  # felt, or the cards of the tile on top, only
        tile = self._tiles.get(there[0])
        if tile is not None:  # the felt and the first slot's cards there, in one blit
            area = self._areas[there[0][0]]
            surface.blit(tile, part, part.move(-area.left, -area.top))
            there = there[1:]
        else:
            surface.set_clip(part)
            self.felt(layout).paint(surface, part.topleft, part)
        for name, look in there:
            surface.set_clip(part.clip(self._areas[name]))
            self._paint(surface, layout, name, look, art, (0, 0))
        surface.set_clip(clip)

    def _drawn(self, layout: Layout, name: str, look: SlotLook, part: pygame.Rect) -> bool:
        """Whether :meth:`_paint` may draw anything of ``look`` in ``part``: its cards,
        stack edges and fan lie in the slot's area of the layout; a lifted card's glow or
        a target's outline reaches a little further."""
        drawn = self._reach[name] if look.selected or look.target else layout.areas[name]
        return drawn.colliderect(part)

    def _paint(
        self,
        surface: pygame.Surface,
        layout: Layout,
        name: str,
        look: SlotLook,
        art: CardArt,
        offset: tuple[int, int],
    ) -> None:
        size = layout.card
        rect = layout.slots[name].move(offset)
        if look.edges:
            surface.blit(self._stack_edges(look.edges, size, layout.stack_step), rect)
        cards = look.cards
        images = [
            art.back(size) if card is None else art.face(card, size, look.four_colour)
            for card, _dx in cards
        ]
        last = len(cards) - 1
        for index, ((_card, dx), image) in enumerate(zip(cards, images, strict=True)):
            place = rect.move(dx, 0)
            if index == last and look.selected:
                place = place.move(0, -max(2, size[1] // 18))
                glow = place.inflate(size[0] // 8, size[0] // 8)
                ui.rounded_rect(surface, theme.ACCENT, glow, max(4, size[0] // 8))
            if index == last or (look.selected and index == last - 1):
                surface.blit(image, place)  # seen whole (under a lifted card, its foot)
            else:
                _blit_covered(surface, image, place, cards[index + 1][1] - dx, images[index + 1])
            if index == last and look.dimmed:
                surface.blit(self._veil(size), place)
        if look.marker:
            self._marker(surface, rect.move(look.cards[-1][1] if look.cards else 0, 0), look)

    def _marker(self, surface: pygame.Surface, rect: pygame.Rect, look: SlotLook) -> None:
        """A foundation's suit and direction: on its empty place, or along its base card.
        It lies within the card, as everything of a slot but a lifted card's glow and a
        target's outline does (the repaint geometry relies on it): on small cards, where
        the smallest readable text is wider, the text is scaled down to fit."""
        px = max(9, min(ui.SMALLEST_PX, rect.width // 4), rect.width // 5)
        # Over a face a dark badge, light text: never read as one of the card's indices.
        face = bool(look.cards) and look.cards[-1][0] is not None
        pill_colour, text = (theme.BAR, theme.TEXT) if face else (theme.PANEL, theme.PANEL_TEXT)
        image = ui.text_surface(look.marker, px, theme.TEXT if not look.cards else text, True)
        pad = (px // 2, px // 6) if look.cards else (0, 0)
        room = max(1, rect.width - pad[0] - 2)  # a pixel of the card each side
        if image.get_width() > room:
            scale = room / image.get_width()
            size = (room, max(1, round(image.get_height() * scale)))
            image = pygame.transform.smoothscale(image, size)
            pad = (round(pad[0] * scale), round(pad[1] * scale))
        place = (
            image.get_rect(center=rect.center)
            if not look.cards
            else image.get_rect(midbottom=(rect.centerx, rect.bottom - rect.height // 12))
        )
        if look.cards:
            pill = place.inflate(*pad)
            ui.rounded_rect(surface, pill_colour, pill, pill.height // 2)
        surface.blit(image, place)

    def forget_except(self, keep: Iterable[tuple[str, SlotLook]]) -> None:
        """Past :data:`TILE_LIMIT` tiles, forget those whose looks are not in ``keep``
        (the looks on the table and those the next taps may need)."""
        if len(self._tiles) <= TILE_LIMIT:
            return
        wanted = set(keep)
        self._tiles = {key: tile for key, tile in self._tiles.items() if key in wanted}

    def has(self, name: str, look: SlotLook) -> bool:
        """Whether the tile of ``look`` is made already."""
        return (name, look) in self._tiles

    def _stack_edges(self, count: int, size: tuple[int, int], step: int) -> pygame.Surface:
        """The edges of the ``count`` cards under a pile's top card, made once each."""
        key = (count, size, step)
        edges = self._edges.get(key)
        if edges is None:
            edges = pygame.Surface((size[0], size[1] + 7 * step), pygame.SRCALPHA)
            radius = max(3, size[0] // 12)
            for k in range(count, 0, -1):
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

    def felt(self, layout: Layout) -> Felt:
        """The felt with every slot's empty place, for the layout's size and table."""
        felt = self._felt
        if (
            felt is None
            or felt.size != layout.size
            or felt.table != layout.table
            or felt.colours != self.colours
        ):
            felt = self._felt = Felt(layout, self.colours)
        return felt


def _blit_covered(
    surface: pygame.Surface,
    image: pygame.Surface,
    place: pygame.Rect,
    step: int,
    cover: pygame.Surface,
) -> None:
    """Blit a fan's card whose next card, ``cover``, lies ``step`` pixels to its right:
    only what can be seen of it. That is the sliver up to where the next card is opaque
    (past its round corner and soft edge), and the rows along the top and the bottom
    where the next card's edge is not opaque (small or scaled cards). The pixels are
    those of the whole card blitted. A fan is mostly covered cards: Crescent's 104 card
    blits at 3840x2160 took 3.8 ms."""
    width, height = image.get_size()
    top, bottom, corner = _opaque(cover)
    seen = step + corner
    if step < corner or seen >= width or top >= bottom:  # the next card's right corners
        surface.blit(image, place)  # reach over it, or it is seen nearly whole
        return
    surface.blit(image, place, (0, 0, seen, height))
    rest = width - seen
    if top > 0:
        surface.blit(image, (place.x + seen, place.y), (seen, 0, rest, top))
    if bottom < height:
        surface.blit(
            image, (place.x + seen, place.y + bottom), (seen, bottom, rest, height - bottom)
        )


_OPAQUE: WeakKeyDictionary[pygame.Surface, tuple[int, int, int]] = WeakKeyDictionary()
""":func:`_opaque` of each card picture, while the picture is in use."""


def _opaque(card: pygame.Surface) -> tuple[int, int, int]:
    """Where a card picture is opaque: its first and past-the-last opaque rows down the
    middle, and how far in from the left its opaque part starts on those rows (the
    round corner at its widest), plus one."""
    known = _OPAQUE.get(card)
    if known is None:
        width, height = card.get_size()
        middle = card.subsurface((width // 2, 0, 1, height)).get_bounding_rect(min_alpha=255)
        corner = width
        if middle.height > 0:
            rows = (middle.top, middle.bottom - 1)
            corner = 1 + max(
                card.subsurface((0, row, width, 1)).get_bounding_rect(min_alpha=255).left
                for row in rows
            )
        known = _OPAQUE[card] = (middle.top, middle.bottom, corner)
    return known
