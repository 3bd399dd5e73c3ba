"""The table's felt with the slots' empty places, painted where it is needed.

The felt is a soft vignette, darker towards the corners. It is kept at a quarter of the
window's resolution (a 4K window's felt is 2 MB, not 33) and painted into the window, a
tile or a repaired rectangle by nearest-neighbour scaling: every pixel is the colour of
its 4x4 block, so any part painted alone is exactly what a whole-window paint gives
there (the partial-repaint test relies on it), and a resize costs no full-size surface.
Its plain middle (about two thirds of the window) is a fill; the shaded edges around it
are kept at full size once the table is idle. The vignette has a handful of shades, so
the kept edges, and the blocks from then on, are 8-bit pictures with those shades as
their palette: a byte a pixel (a 1920x1080 window's edges take 0.7 MB, not 3.3; a 4K
window's 2.8 MB), and painted into the window they give exactly the shades' colours.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ..look import theme

if TYPE_CHECKING:
    from ..table.layout import Layout

Colour = tuple[int, int, int]
Colours = tuple[Colour, Colour, Colour]
"""A table's colours (game.look.theme.TABLES): the felt, an empty place and its edge."""

BLOCK = 4
"""Window pixels per felt pixel, in each direction."""
PLAIN = 0.45
"""The radius of the vignette's plain middle, as a share of the window's larger side."""
EDGE_LIMIT = 4_000_000
"""Pixels (bytes) of shaded edges kept at full size (:meth:`Felt.prepare`): up to a 4K
window's (3.3 million); a 5K window's and larger are painted from the blocks."""
DIRECT = 256 * 256
"""Areas larger than this are scaled straight into the target, not through a copy."""
SCRATCH_LIMIT = 2 * DIRECT
"""The largest surface kept to scale the blocks into (:meth:`Felt._copy`), in pixels."""


class Felt:
    """The felt of one layout: :meth:`paint` is ``target.blit(background, dest, area)``
    of a full-size felt that is never made."""

    def __init__(self, layout: Layout, colours: Colours = theme.TABLES["green"]) -> None:
        self.size, self.table = layout.size, layout.table
        self.colours = colours
        self.colour = colours[0]
        self._bounds = pygame.Rect((0, 0), layout.size)
        self._scratch: pygame.Surface | None = None
        width, height = layout.size
        # In the window's format, to scale straight into it (a byte a pixel once the
        # edges are kept: then nothing is scaled)
        self._blocks = _vignette(
            (math.ceil(width / BLOCK), math.ceil(height / BLOCK)),
            pygame.display.get_surface(),
            self.colour,
        )
        self._plain = _plain_middle(self._blocks, layout.size, self.colour)
        self._places = list(layout.slots.values())
        self._place = _place(layout.card, colours)
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
        # the same pixels, a byte each
        self._blocks = _vignette(self._blocks.get_size(), None, self.colour)
        edges = []
        for strip in strips:
            picture = _like(self._blocks, strip.size)
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
            target.fill(self.colour, area.move(offset))
            if places:
                self._draw_places(target, area, offset)
            return
        plain = area.clip(self._plain)
        if plain.width > 0 and plain.height > 0:
            target.fill(self.colour, plain.move(offset))  # the middle is one colour
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
        if target.get_bitsize() != self._blocks.get_bitsize():
            return False
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
        source = self._blocks
        blocks = source.subsurface(left, top, right - left, bottom - top)
        size = ((right - left) * BLOCK, (bottom - top) * BLOCK)
        scratch = self._scratch
        if scratch is not None and scratch.get_bitsize() != source.get_bitsize():
            scratch = self._scratch = None
        if scratch is None or scratch.get_width() < size[0] or scratch.get_height() < size[1]:
            # one surface to scale into, kept and grown: a repair allocates nothing; but
            # a window-long strip gets one of its own (not kept: a strip across the window
            # and one down it would grow it to the whole window's size: 33 MB at 4K)
            width = max(size[0], scratch.get_width() if scratch is not None else 0)
            height = max(size[1], scratch.get_height() if scratch is not None else 0)
            if width * height > SCRATCH_LIMIT:
                scratch = _like(source, size)
            else:
                scratch = self._scratch = _like(source, (width, height))
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


def _place(size: tuple[int, int], colours: Colours) -> pygame.Surface:
    """A slot's empty place: a dark rounded card with an edge, its corners see-through
    (a colour key, run-length encoded: copied, not blended), drawn once per card size."""
    place = pygame.Surface(size)
    display = pygame.display.get_surface()
    if display is not None:
        place = place.convert(display)
    place.fill(_SEE_THROUGH)
    rect = place.get_rect()
    radius, edge = max(3, rect.width // 12), max(1, rect.width // 50)
    pygame.draw.rect(place, colours[1], rect, border_radius=radius)
    pygame.draw.rect(place, colours[2], rect, width=edge, border_radius=radius)
    place.set_colorkey(_SEE_THROUGH, pygame.RLEACCEL)
    return place


_SEE_THROUGH = (255, 0, 255)
"""The colour key of :func:`_place` (never a colour of the felt or a place)."""


def _plain_middle(blocks: pygame.Surface, size: tuple[int, int], colour: Colour) -> pygame.Rect:
    """A large block-aligned rectangle in the vignette's middle whose blocks are all
    exactly the felt's colour (window coordinates; empty if none): it is filled, which is
    several times quicker than scaling and gives the same pixels. Worked out from the
    vignette's plain disc (see :func:`_vignette`), then checked pixel by pixel."""
    width, height = blocks.get_size()
    centre_x, centre_y = width / 2, height * 0.45
    radius = max(width, height) * PLAIN - 2  # the disc's rim, drawn in whole blocks
    # The rectangle's half height ("reach") where its area is largest: where it is not
    # cut off by the picture's edges, where it is cut off above or below, or at the side.
    edges = (centre_y, height - centre_y)
    reaches = [
        radius / math.sqrt(2),
        math.sqrt(max(0.0, radius**2 - centre_x**2)),
        *edges,
        *((-edge + math.sqrt(edge**2 + 8 * radius**2)) / 4 for edge in edges),
    ]

    def extent(reach: float) -> tuple[float, float, float]:
        reach = min(max(reach, 0.0), radius)
        across = min(math.sqrt(max(0.0, radius**2 - reach**2)), centre_x)
        return across, min(reach, centre_y), min(reach, height - centre_y)

    across, up, down = max(map(extent, reaches), key=lambda e: e[0] * (e[1] + e[2]))
    rect = pygame.Rect(math.ceil(centre_x - across) + 1, math.ceil(centre_y - up) + 1, 0, 0)
    rect.width = max(0, math.floor(centre_x + across) - 1 - rect.x)
    rect.height = max(0, math.floor(centre_y + down) - 1 - rect.y)
    rect = rect.clip(blocks.get_rect())
    felt = blocks.map_rgb(colour)  # the pixel's value (an index when 8-bit)
    unit = blocks.get_bytesize()
    view = blocks.get_buffer()  # the pixels in place, rows padded (the surface locked)
    pixels = memoryview(view).cast("B" if unit == 1 else "I")  # type: ignore[arg-type]
    pitch = blocks.get_pitch() // unit

    def plain(start: int, stop: int, step: int) -> bool:
        """Whether the pixels at offsets start, start + step, ... before stop are felt."""
        return pixels[start:stop:step].tolist().count(felt) == len(range(start, stop, step))

    found = pygame.Rect(0, 0, 0, 0)
    for _ in range(4):
        if rect.width <= 0 or rect.height <= 0:
            break
        # The plain part is convex (a disc): a rectangle whose four edges lie in it lies
        # in it whole.
        top, bottom = rect.top * pitch, (rect.bottom - 1) * pitch
        if (
            plain(top + rect.left, top + rect.right, 1)
            and plain(bottom + rect.left, bottom + rect.right, 1)
            and plain(top + rect.left, bottom + rect.left + 1, pitch)
            and plain(top + rect.right - 1, bottom + rect.right, pitch)
        ):
            found = pygame.Rect(
                rect.x * BLOCK, rect.y * BLOCK, rect.width * BLOCK, rect.height * BLOCK
            ).clip(pygame.Rect((0, 0), size))
            break
        rect.inflate_ip(-max(2, rect.width // 10), -max(2, rect.height // 10))
    pixels.release()
    del view  # unlocks the surface
    return found


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


def _vignette(
    size: tuple[int, int], display: pygame.Surface | None, colour: Colour
) -> pygame.Surface:
    """The felt's colours at ``size``: rings darkening outwards; a disc of :data:`PLAIN`
    times the larger side, in the middle, is the felt's own colour. In the format of a
    32-bit ``display``; else 8-bit, the shades its palette. The pixels are the same."""
    steps = 12
    shades = [tuple(max(0, int(c - 18 * k / steps)) for c in colour) for k in range(steps + 1)]
    if display is not None and display.get_bitsize() == 32:
        blocks = pygame.Surface(size, 0, display)
    else:
        blocks = pygame.Surface(size, 0, 8)
        blocks.set_palette([*shades, *[shades[-1]] * (256 - len(shades))])
    centre = pygame.Vector2(size[0] / 2, size[1] * 0.45)
    farthest = math.hypot(max(centre.x, size[0] - centre.x), max(centre.y, size[1] - centre.y))
    rings = [(shades[k], max(size) * (0.45 + 0.6 * k / steps)) for k in range(steps, 0, -1)]
    covering = [shade for shade, radius in rings if radius > farthest + 1]
    blocks.fill(covering[-1] if covering else colour)  # rings past the corners: a fill
    for shade, radius in rings[len(covering) :]:
        pygame.draw.circle(blocks, shade, centre, radius)
    pygame.draw.circle(blocks, colour, centre, max(size) * PLAIN)
    return blocks


def _like(picture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A new surface of ``size`` in ``picture``'s format (and palette)."""
    surface = pygame.Surface(size, 0, picture)
    if picture.get_bitsize() == 8:
        surface.set_palette(picture.get_palette())
    return surface
