"""A card's SVG rendered in two layers: its paper once for every card of a size, its
drawing on its own, then laid over a copy of the paper (:func:`render_card`).

Every card of the game's art (faces, backs, the themed decks: game.look.art's
``_card_base``) starts with the same paper, a rounded rectangle filled with a gradient
and edged in grey, under its drawing. SDL_image's rasteriser pays for the paper's every
pixel on every card: half of a face's time (52 faces at 139x194: 44 ms whole, 24 ms in
layers; docs/performance.md). Laid over the paper, a drawing's edges come out within 6
levels of 255 of the whole render (tests/test_art.py); ``HALFMOON_PLAIN=1`` renders each
card whole.
"""

from __future__ import annotations

import io
import re

import pygame

from ..platform import plain

Size = tuple[int, int]
Papers = dict[bytes, pygame.Surface]
"""Papers rendered, by the SVG text up to the paper's end (its size in the root tag)."""

PAPER = re.compile(rb'<rect\b[^>]*\bfill="url\(#paper\)"[^>]*/>')
"""The paper of a card's SVG (game.look.art.card_edge)."""


def render_card(svg: bytes, size: Size, papers: Papers) -> pygame.Surface:
    """The SVG text ``svg`` (already sized) rendered at ``size``: its paper taken from
    ``papers`` (rendered and kept there the first time), its drawing laid over it; a
    picture without the paper, or with ``HALFMOON_PLAIN`` set, rendered whole. Raises
    ``pygame.error`` as SDL_image does."""
    found = None if plain() else PAPER.search(svg)
    if found is None:
        return pygame.image.load_sized_svg(io.BytesIO(svg), size)
    key = svg[: found.end()]
    paper = papers.get(key)
    if paper is None:
        paper = papers[key] = pygame.image.load_sized_svg(io.BytesIO(key + b"</svg>"), size)
    drawing = svg[: found.start()] + svg[found.end() :]
    layer = pygame.image.load_sized_svg(io.BytesIO(drawing), size)
    card = paper.copy()
    card.blit(layer, (0, 0))
    return card
