"""Issue 27: a pile's cards stay distinct at every size.

A card's face has a grey edge darker than any white face beside it, however small the
card is drawn: on the real table (a Crescent pile's top card over the fan of the card
under it, a Half Moon pile's over its stack edges), and on the card sprite itself at every
width from 29 to 250 px (what a carried or flying card and the reserve show), also once
made crisp after a resize. And a face-up sliver of a Crescent fan shows the card's whole
corner index at every width.
"""

from __future__ import annotations

import math
import random

import pygame
import pytest
from kind_scripts import script_for, table

from game.look.sprites import CardArt
from game.rules.cards import Card, Rank, Suit
from game.table import arcs

WINDOWS = [(640, 480), (800, 480), (1024, 600), (1920, 1080)]
FACE_CONTRAST = 2.5
"""The least luminance contrast of a card's edge against a white face beside it."""
STACK_CONTRAST = 1.5
"""The least contrast of a Half Moon top card's bottom edge against a light stack edge."""
INK = 1.15
"""A pixel of a corner index: at least this luminance contrast against the paper."""
WIDTHS = range(29, 251)
"""The card widths the sprites are checked at (29: Crescent's at 640x480 today)."""


def _linear(value: int) -> float:
    v = value / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


_LINEAR = [_linear(v) for v in range(256)]


def luminance(colour) -> float:
    """The relative luminance of an RGB colour (WCAG)."""
    return 0.2126 * _LINEAR[colour[0]] + 0.7152 * _LINEAR[colour[1]] + 0.0722 * _LINEAR[colour[2]]


def contrast(light: float, dark: float) -> float:
    """The luminance contrast of ``light`` over ``dark`` (below 1 when it is darker)."""
    return (light + 0.05) / (dark + 0.05)


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


# ------------------------------------------------------------------ the real table
def _piled(kind) -> list:
    """Games of ``kind`` whose piles hold cards under their top cards: a deal, and its
    script's showcase."""
    showcase = script_for(kind).showcase
    return [kind.random(random.Random(27))] + ([kind.from_position(showcase)] if showcase else [])


def _fan_edge(screen: pygame.Surface, top: pygame.Rect, step: int) -> float:
    """The contrast, over the middle rows of a fan's top card, of its left edge (its first
    two columns) against the faces on either side: the card under it, ``step`` pixels of
    which show, and its own face."""
    ratios = []
    x0 = top.left
    for y in range(top.top + top.height // 3, top.bottom - top.height // 3):
        edge = min(luminance(screen.get_at((x, y))) for x in (x0, x0 + 1))
        under = max(luminance(screen.get_at((x, y))) for x in range(x0 - min(3, step - 1), x0))
        face = max(
            luminance(screen.get_at((x, y))) for x in range(x0 + 2, x0 + max(4, top.width // 8))
        )
        ratios.append(min(contrast(under, edge), contrast(face, edge)))
    return _median(ratios)


def _stack_edge(screen: pygame.Surface, top: pygame.Rect, step: int) -> tuple[float, float]:
    """The contrast, over a card's middle columns, of its bottom edge (its last two rows)
    against its face above and against the stack's edge below it."""
    faces, stacks = [], []
    y0 = top.bottom - 2
    for x in range(top.left + top.width // 3, top.right - top.width // 3):
        edge = min(luminance(screen.get_at((x, y))) for y in (y0, y0 + 1))
        face = max(
            luminance(screen.get_at((x, y))) for y in range(y0 - max(3, top.height // 8), y0)
        )
        below = max(luminance(screen.get_at((x, y))) for y in range(top.bottom, top.bottom + step))
        faces.append(contrast(face, edge))
        stacks.append(contrast(below, edge))
    return _median(faces), _median(stacks)


@pytest.mark.parametrize("window", WINDOWS, ids=lambda size: f"{size[0]}x{size[1]}")
def test_a_piles_top_card_has_an_edge_darker_than_the_faces_beside_it(display, ctx, kind, window):
    checked = []
    for game in _piled(kind):
        driver = table(ctx, game, window)
        driver.frames(2)
        screen, layout = driver.screen, driver.scene.layout
        for name, look in driver.scene.frame().looks.items():
            top = layout.slots[name].move(look.top[1], 0) if look.top else None
            if len(look.cards) >= 2 and look.cards[-2][0] is not None:
                step = look.cards[-1][1] - look.cards[-2][1]
                if step < 4:
                    continue  # a squeezed fan: the card under shows only its edge
                ratio = _fan_edge(screen, top, step)
                assert ratio >= FACE_CONTRAST, (name, layout.card, round(ratio, 2))
                checked.append(name)
            elif look.edges and top is not None:
                face, stack = _stack_edge(screen, top, layout.stack_step)
                assert face >= FACE_CONTRAST, (name, layout.card, round(face, 2))
                if layout.stack_step >= 2:  # the stack's light edge under it, over its line
                    assert stack >= STACK_CONTRAST, (name, layout.card, round(stack, 2))
                checked.append(name)
    assert checked, f"no pile of {kind.key} has a card under its top card"


# --------------------------------------------------------------------- the sprites
@pytest.fixture(scope="module")
def art():
    return CardArt()


def _on_white(image: pygame.Surface) -> pygame.Surface:
    """The card drawn on white paper (another card's face under it)."""
    white = pygame.Surface(image.get_size())
    white.fill((255, 255, 255))
    white.blit(image, (0, 0))
    return white


def test_every_card_sprite_has_a_dark_edge_on_white_at_every_width(display, art):
    """A card carried, flying, alone in the reserve or over a pile shows its edge."""
    card = Card(Rank.FIVE, Suit.HEARTS)
    weak = []
    for width in WIDTHS:
        size = (width, round(width * arcs.CARD_ASPECT))
        for name, image in (("face", art.face(card, size)), ("back", art.back(size))):
            picture = _on_white(image)
            w, h = size
            sides = {
                "left": [(0, y) for y in range(h // 3, 2 * h // 3)],
                "right": [(w - 1, y) for y in range(h // 3, 2 * h // 3)],
                "top": [(x, 0) for x in range(w // 3, 2 * w // 3)],
                "bottom": [(x, h - 1) for x in range(w // 3, 2 * w // 3)],
            }
            for side, points in sides.items():
                edge = _median([luminance(picture.get_at(point)) for point in points])
                if contrast(1.0, edge) < FACE_CONTRAST:
                    weak.append((width, name, side, round(contrast(1.0, edge), 2)))
    assert not weak, weak


def _left_edge(picture: pygame.Surface) -> float:
    """The contrast of a card's left column (middle rows, on white) against white."""
    h = picture.get_height()
    white = _on_white(picture)
    return contrast(
        1.0, _median([luminance(white.get_at((0, y))) for y in range(h // 3, 2 * h // 3)])
    )


def test_a_card_made_crisp_after_a_resize_has_its_edge(display):
    """The stand-in scaled on a resize is replaced by a render with the widened edge."""
    art, card, small = CardArt(), Card(Rank.TEN, Suit.CLUBS), (33, 46)
    art.face(card, (120, 168))
    art.resize(small)
    art.face(card, small)
    assert art.refining  # a stand-in, scaled from the 120 px render
    while not art.refine(1.0):
        pass
    crisp = art.face(card, small)
    assert _left_edge(crisp) >= FACE_CONTRAST
    fresh = CardArt().face(card, small)
    assert pygame.image.tobytes(crisp, "RGBA") == pygame.image.tobytes(fresh, "RGBA")


def _index_right(picture: pygame.Surface, columns: int) -> int:
    """The rightmost of the first ``columns`` columns holding a pixel of the corner index
    (rank over suit, from 13 to 108 units of 350 down), -1 if none: a pixel darker than
    the paper of its row (the brightest across the card) by :data:`INK`."""
    w, h = picture.get_size()
    top, bottom = max(2, h * 10 // 350), math.ceil(h * 108 / 350)  # below the edge
    rgb = pygame.image.tobytes(picture.subsurface((0, top, w, bottom - top)), "RGB")
    right = -1
    for row in range(bottom - top):
        line = rgb[row * w * 3 : (row + 1) * w * 3]
        paper = luminance([max(line[0::3]), max(line[1::3]), max(line[2::3])])
        for x in range(max(2, right + 1), columns):
            if contrast(paper, luminance(line[3 * x : 3 * x + 3])) > INK:
                right = x
    return right


def test_a_face_up_sliver_shows_the_whole_corner_index_at_every_width(display, art):
    """The next card of a fan covers from the sliver's step on: no pixel of the index of
    any number card or Ace lies there (their ranks are the widest; a court card's panel
    starts where the sliver ends)."""
    play = pygame.Rect(0, 0, 20000, 20000)
    cut = []
    for width in WIDTHS:
        sizes = arcs.fan_sizes(width, play)  # a fanned pile's, as the tables use
        step = sizes.fan[0]
        size = sizes.card
        for rank in Rank:
            card = Card(rank, Suit.HEARTS if int(rank) % 2 else Suit.SPADES)
            if card.is_face:
                continue
            right = _index_right(_on_white(art.face(card, size)), step + 1)
            assert right > 0, (width, str(card))  # the index was found
            if right >= step:
                cut.append((width, str(card), step, right))
    assert not cut, cut
