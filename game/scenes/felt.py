"""The table's felt with the slots' empty places, painted where it is needed.

The felt is a soft vignette, darker towards the corners. It is kept at a quarter of the
window's resolution (a 4K window's felt is 2 MB, not 33) and painted into the window, a
tile or a repaired rectangle by nearest-neighbour scaling: every pixel is the colour of
its 4x4 block, so any part painted alone is exactly what a whole-window paint gives
there (the partial-repaint test relies on it), and a resize costs no full-size surface.
Its plain middle (about two thirds of the window) is a fill; the shaded edges around it
are kept at full size once the table is idle, where they are small (up to 2560x1440).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import theme

if TYPE_CHECKING:
    from ..layout import Layout

BLOCK = 4
"""Window pixels per felt pixel, in each direction."""
PLAIN = 0.45
"""The radius of the vignette's plain middle, as a share of the window's larger side."""
EDGE_LIMIT = 1_600_000
"""Pixels of shaded edges kept at full size (:meth:`Felt.prepare`): 1920x1080's and
2560x1440's are (3 to 6 MB), a 4K window's are not (12 MB: its memory budget)."""
DIRECT = 256 * 256
"""Areas larger than this are scaled straight into the target, not through a copy."""
SCRATCH_LIMIT = 2 * DIRECT
"""The largest surface kept to scale the blocks into (:meth:`Felt._copy`), in pixels."""


class Felt:
    """The felt of one layout: :meth:`paint` is ``target.blit(background, dest, area)``
    of a full-size felt that is never made."""

    def __init__(self, layout: Layout) -> None:
        self.size, self.table = layout.size, layout.table
        self._bounds = pygame.Rect((0, 0), layout.size)
        self._scratch: pygame.Surface | None = None
        width, height = layout.size
        self._blocks = _vignette((math.ceil(width / BLOCK), math.ceil(height / BLOCK)))
        self._plain = _plain_middle(self._blocks, layout.size)
        self._places = list(layout.slots.values())
        self._place = _place(layout.card)
        self._edges: list[tuple[pygame.Rect, pygame.Surface]] | None = None

    def prepare(self) -> None:
        """Keep the shaded edges around the plain middle at full size, when they are
        small enough (:data:`EDGE_LIMIT`): a repaint there is then a copy instead of a
        scale. Called when the table is idle; the pixels are the same either way."""
        if self._edges is not None:
            return
        width, height = self.size
        plain = self._plain
        if plain.width <= 0 or plain.height <= 0:
            plain = pygame.Rect(width // 2, height // 2, 0, 0)
        strips = [
            pygame.Rect(0, 0, width, plain.top),
            pygame.Rect(0, plain.bottom, width, height - plain.bottom),
            pygame.Rect(0, plain.top, plain.left, plain.height),
            pygame.Rect(plain.right, plain.top, width - plain.right, plain.height),
        ]
        strips = [strip for strip in strips if strip.width > 0 and strip.height > 0]
        if sum(strip.width * strip.height for strip in strips) > EDGE_LIMIT:
            self._edges = []
            return
        edges = []
        for strip in strips:
            picture = pygame.Surface(strip.size, 0, self._blocks)
            self._shaded(picture, strip, (-strip.left, -strip.top))
            edges.append((strip, picture))
        self._edges = edges

    def paint(
        self,
        target: pygame.Surface,
        dest: tuple[int, int],
        area: pygame.Rect,
        places: bool = True,
    ) -> None:
        """Paint the felt's ``area`` (window coordinates) with its top left at ``dest``;
        without the slots' empty places when ``places`` is false (the table draws every
        slot's opaque tile over its place anyway)."""
        area = self._bounds.clip(area)
        if area.width <= 0 or area.height <= 0:
            return
        offset = (dest[0] - area.left, dest[1] - area.top)
        if self._plain.contains(area):  # most repairs: one colour, and the places
            target.fill(theme.FELT, area.move(offset))
            if places:
                self._draw_places(target, area, offset)
            return
        plain = area.clip(self._plain)
        if plain.width > 0 and plain.height > 0:
            target.fill(theme.FELT, plain.move(offset))  # the middle is one colour
            parts = _strips(area, plain)
        else:
            parts = [area]
        edges = self._edges
        for part in parts:
            if edges:
                for strip, picture in edges:
                    piece = part.clip(strip)
                    if piece.width and piece.height:
                        target.blit(
                            picture, piece.move(offset), piece.move(-strip.left, -strip.top)
                        )
            else:
                self._shaded(target, part, offset)
        if places:
            self._draw_places(target, area, offset)

    def _shaded(self, target: pygame.Surface, area: pygame.Rect, offset: tuple[int, int]) -> None:
        """Paint ``area`` from the blocks (the vignette's shades)."""
        inner = _whole_blocks(area)
        if inner.width * inner.height <= DIRECT or not self._scale_into(target, inner, offset):
            self._copy(target, area, offset)
        else:
            for strip in _strips(area, inner):
                self._copy(target, strip, offset)

    def _scale_into(
        self, target: pygame.Surface, inner: pygame.Rect, offset: tuple[int, int]
    ) -> bool:
        """Scale whole blocks straight into the target; False when formats differ."""
        blocks = self._blocks.subsurface(
            inner.left // BLOCK, inner.top // BLOCK, inner.width // BLOCK, inner.height // BLOCK
        )
        place = inner.move(offset).clip(target.get_rect())
        if place.size != inner.size:
            return False
        try:
            pygame.transform.scale(blocks, inner.size, target.subsurface(place))
        except ValueError:  # another pixel format: go through a copy
            return False
        return True

    def _copy(self, target: pygame.Surface, area: pygame.Rect, offset: tuple[int, int]) -> None:
        """Scale the blocks covering ``area`` into a copy, and blit the part wanted."""
        left, top = area.left // BLOCK, area.top // BLOCK
        right, bottom = math.ceil(area.right / BLOCK), math.ceil(area.bottom / BLOCK)
        blocks = self._blocks.subsurface(left, top, right - left, bottom - top)
        size = ((right - left) * BLOCK, (bottom - top) * BLOCK)
        scratch = self._scratch
        if scratch is None or scratch.get_width() < size[0] or scratch.get_height() < size[1]:
            # one surface to scale into, kept and grown: a repair allocates nothing; but
            # a window-long strip gets one of its own (not kept: a strip across the window
            # and one down it would grow it to the whole window's size: 33 MB at 4K)
            width = max(size[0], scratch.get_width() if scratch is not None else 0)
            height = max(size[1], scratch.get_height() if scratch is not None else 0)
            if width * height > SCRATCH_LIMIT:
                scratch = pygame.Surface(size, 0, self._blocks)
            else:
                scratch = self._scratch = pygame.Surface((width, height), 0, self._blocks)
        pygame.transform.scale(blocks, size, scratch.subsurface(((0, 0), size)))
        target.blit(scratch, area.move(offset), area.move(-left * BLOCK, -top * BLOCK))

    def _draw_places(
        self, target: pygame.Surface, area: pygame.Rect, offset: tuple[int, int]
    ) -> None:
        """The parts of the slots' empty places that lie in ``area``."""
        dx, dy = offset
        for index in area.collidelistall(self._places):
            rect = self._places[index]
            part = rect.clip(area)
            target.blit(self._place, part.move(dx, dy), part.move(-rect.x, -rect.y))


def _place(size: tuple[int, int]) -> pygame.Surface:
    """A slot's empty place: a dark rounded card with an edge, its corners see-through
    (a colour key, run-length encoded: copied, not blended), drawn once per card size."""
    place = pygame.Surface(size)
    display = pygame.display.get_surface()
    if display is not None:
        place = place.convert(display)
    place.fill(_SEE_THROUGH)
    rect = place.get_rect()
    radius, edge = max(3, rect.width // 12), max(1, rect.width // 50)
    pygame.draw.rect(place, theme.FELT_DARK, rect, border_radius=radius)
    pygame.draw.rect(place, theme.SLOT_EDGE, rect, width=edge, border_radius=radius)
    place.set_colorkey(_SEE_THROUGH, pygame.RLEACCEL)
    return place


_SEE_THROUGH = (255, 0, 255)
"""The colour key of :func:`_place` (never a colour of the felt or a place)."""


def _plain_middle(blocks: pygame.Surface, size: tuple[int, int]) -> pygame.Rect:
    """A large block-aligned rectangle in the vignette's middle whose blocks are all
    exactly the felt's colour (window coordinates; empty if none): it is filled, which is
    several times quicker than scaling and gives the same pixels. Worked out from the
    vignette's plain disc (see :func:`_vignette`), then checked pixel by pixel."""
    width, height = blocks.get_size()
    small_w, small_h = _small_size((width, height))
    centre_x, centre_y = small_w / 2, small_h * 0.45
    radius = max(small_w, small_h) * PLAIN - 2  # the smooth scaling blurs its edge
    best = (0.0, 0.0, 0.0, 0.0)
    for step in range(1, 201):
        reach = radius * step / 200
        up, down = min(reach, centre_y), min(reach, small_h - centre_y)
        across = min(math.sqrt(max(0.0, radius**2 - reach**2)), centre_x)
        if 2 * across * (up + down) > 2 * best[0] * (best[1] + best[2]):
            best = (across, up, down, 0.0)
    across, up, down, _ = best
    scale_x, scale_y = width / small_w, height / small_h
    rect = pygame.Rect(
        math.ceil((centre_x - across) * scale_x) + 1,
        math.ceil((centre_y - up) * scale_y) + 1,
        0,
        0,
    )
    rect.width = max(0, math.floor((centre_x + across) * scale_x) - 1 - rect.x)
    rect.height = max(0, math.floor((centre_y + down) * scale_y) - 1 - rect.y)
    rect = rect.clip(blocks.get_rect())
    colour = blocks.map_rgb(theme.FELT)

    def plain(part: pygame.Rect) -> bool:
        mask = pygame.mask.from_threshold(blocks.subsurface(part), colour, (1, 1, 1, 255))
        return mask.count() == part.width * part.height

    for _ in range(4):
        if rect.width <= 0 or rect.height <= 0:
            return pygame.Rect(0, 0, 0, 0)
        # The plain part is convex (a disc, blurred at its edge): a rectangle whose four
        # edges lie in it lies in it whole.
        edges = [
            pygame.Rect(rect.left, rect.top, rect.width, 1),
            pygame.Rect(rect.left, rect.bottom - 1, rect.width, 1),
            pygame.Rect(rect.left, rect.top, 1, rect.height),
            pygame.Rect(rect.right - 1, rect.top, 1, rect.height),
        ]
        if all(plain(edge) for edge in edges):
            return pygame.Rect(
                rect.x * BLOCK, rect.y * BLOCK, rect.width * BLOCK, rect.height * BLOCK
            ).clip(pygame.Rect((0, 0), size))
        rect.inflate_ip(-max(2, rect.width // 10), -max(2, rect.height // 10))
    return pygame.Rect(0, 0, 0, 0)


def _whole_blocks(area: pygame.Rect) -> pygame.Rect:
    """The largest part of ``area`` made of whole blocks (may be empty)."""
    left, top = math.ceil(area.left / BLOCK) * BLOCK, math.ceil(area.top / BLOCK) * BLOCK
    right, bottom = area.right // BLOCK * BLOCK, area.bottom // BLOCK * BLOCK
    return pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))


def _strips(area: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``area`` around ``inner``: above, below, left and right of it."""
    strips = [
        pygame.Rect(area.left, area.top, area.width, inner.top - area.top),
        pygame.Rect(area.left, inner.bottom, area.width, area.bottom - inner.bottom),
        pygame.Rect(area.left, inner.top, inner.left - area.left, inner.height),
        pygame.Rect(inner.right, inner.top, area.right - inner.right, inner.height),
    ]
    return [strip for strip in strips if strip.width > 0 and strip.height > 0]


def _small_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size the vignette is drawn at: a sixth of the blocks'."""
    return max(8, size[0] // 6), max(8, size[1] // 6)


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """The felt's colours at ``size``: drawn at a sixth of it, then scaled up smoothly; a
    disc of :data:`PLAIN` times the larger side, in the middle, is the felt's own colour."""
    small_size = _small_size(size)
    small = pygame.Surface(small_size)
    small.fill(theme.FELT)
    centre = pygame.Vector2(small_size[0] / 2, small_size[1] * 0.45)
    steps = 12
    for k in range(steps, 0, -1):
        radius = max(small_size) * (0.45 + 0.6 * k / steps)
        shade = [max(0, int(c - 18 * k / steps)) for c in theme.FELT]
        pygame.draw.circle(small, shade, centre, radius)
    pygame.draw.circle(small, theme.FELT, centre, max(small_size) * PLAIN)
    display = pygame.display.get_surface()
    if display is not None and display.get_bitsize() in (24, 32):
        small = small.convert()  # in the display's format, so it scales straight into it
    return pygame.transform.smoothscale(small, size)
