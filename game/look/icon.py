"""The app icon as SVG text, drawn from code: a half moon of cards on the table's felt.

``icon_svg()`` is the full drawing: seven cards fanned over half a turn (a half moon) on
a rounded square of dark-green felt, the middle card a simple version of the
crescent-moon back of :mod:`game.look.art`, the others a suit at their outer corner.
``icon_svg(small=True)`` is the bolder drawing for 16 to 32 pixels: five cards, thick
edges, no suits. :func:`icon_svg_for` picks one for a pixel size.

The SVG part is pure (no pygame, no files), like :mod:`game.look.art`; ``tools/make_icons.py``
writes ``assets/icons/halfmoon.svg`` and the PNGs under ``assets/icons/hicolor/``, and
:func:`icon_surface` renders the drawing with pygame's SVG loader (nanosvg).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.cards import Suit
from .art import TWO_COLOURS, _crescent, _gradient, _n, _star, _suit
from .assets import ICON_NAME

if TYPE_CHECKING:
    import pygame

#: The drawing's size in SVG units (square).
SIZE = 256
#: The PNG sizes of the hicolor icon theme that ``tools/make_icons.py`` writes.
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: Up to this many pixels the small drawing is used.
SMALL_MAX = 32
#: The file name of the icon (the ``Icon=`` of the desktop file, without extension).

_FELT_TOP, _FELT_BOTTOM, _FELT_EDGE = "#1d7550", "#0e422c", "#3c8c64"
_PAPER, _NIGHT, _DEEP, _GOLD = "#fbfaf6", "#1a3a80", "#0f2257", "#e2bd5c"
_INK = "#0b2419"


@dataclass(frozen=True)
class _Style:
    """What differs between the full and the small drawing (lengths in canvas units,
    except ``hub``)."""

    cards: int
    spread: float  # degrees from the middle card to an outer one
    hub: float  # from the pivot up to a card's bottom edge, in card units (< 0: below it)
    fan_width: float
    margin: float  # from the canvas edge to the felt
    radius: float  # the felt's corners
    outline: float  # the dark line around the whole fan
    edge: float  # the line around each card
    edge_colour: str
    detail: bool  # suits on the side cards, a shadow, the felt's lit edge, the back's frame


_FULL = _Style(7, 90, -12, 220, 8, 48, 3, 2.5, "#4f5d56", True)
_SMALL = _Style(5, 70, -15, 236, 4, 44, 8, 6, "#4a5852", False)

# A card in the fan, in its own units (y down): _CARD_W x _CARD_H, upright above the pivot
# (0, 0) that every card turns about, its bottom edge ``style.hub`` above the pivot.
_CARD_W, _CARD_H, _CARD_R = 70, 100, 9
#: A side card's suit: its size, and its centre's distance from the card's outer edge.
_PIP, _PIP_INSET = 21, 15
#: The suits of the side cards, outer to inner, on the left and on the right.
_LEFT_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS)
_RIGHT_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


def _angles(style: _Style) -> list[float]:
    """Each card's turn in degrees, left to right."""
    step = 2 * style.spread / (style.cards - 1)
    return [-style.spread + i * step for i in range(style.cards)]


def _top(style: _Style) -> float:
    """The y of an upright card's top edge (the pivot is at 0)."""
    return -style.hub - _CARD_H


def _corners(angle: float, style: _Style) -> list[tuple[float, float]]:
    """The four corners of a card turned ``angle`` degrees about the pivot (0, 0)."""
    turn = math.radians(angle)
    cos, sin = math.cos(turn), math.sin(turn)
    points = []
    for x in (-_CARD_W / 2, _CARD_W / 2):
        for y in (_top(style), -style.hub):
            points.append((x * cos - y * sin, x * sin + y * cos))
    return points


def _fit(style: _Style) -> tuple[float, float, float]:
    """The fan's scale and the pivot's place on the canvas: (scale, x, y).

    The fan is scaled to ``style.fan_width`` and centred on the canvas.
    """
    points = [p for angle in _angles(style) for p in _corners(angle, style)]
    left, right = min(x for x, _ in points), max(x for x, _ in points)
    top, bottom = min(y for _, y in points), max(y for _, y in points)
    scale = style.fan_width / (right - left)
    return scale, SIZE / 2 - scale * (left + right) / 2, SIZE / 2 - scale * (top + bottom) / 2


def _card_rect(fill: str, style: _Style, scale: float) -> str:
    """A card's rounded rectangle in card units, outlined ``style.edge`` canvas units."""
    return (
        f'<rect x="{_n(-_CARD_W / 2)}" y="{_n(_top(style))}" width="{_CARD_W}" '
        f'height="{_CARD_H}" rx="{_CARD_R}" fill="{fill}" stroke="{style.edge_colour}" '
        f'stroke-width="{_n(style.edge / scale)}"/>'
    )


def _moon_back(style: _Style, scale: float) -> str:
    """The middle card: white paper, deep blue inside, a gold crescent and a star."""
    inset = 7 if style.detail else 8
    x, y = -_CARD_W / 2 + inset, _top(style) + inset
    w, h = _CARD_W - 2 * inset, _CARD_H - 2 * inset
    cy = y + h / 2
    parts = [
        _card_rect(_PAPER, style, scale),
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="5" '
        'fill="url(#night)"/>',
        _crescent(-4, cy, 19 if style.detail else 21, _GOLD),
    ]
    if style.detail:
        parts.append(
            f'<rect x="{_n(x + 4)}" y="{_n(y + 4)}" width="{_n(w - 8)}" height="{_n(h - 8)}" '
            f'rx="3" fill="none" stroke="{_GOLD}" stroke-width="1.6"/>'
        )
        parts.append(_star(13, cy - 12, 11, _GOLD))
        parts.append(_star(16, cy + 9, 7, _GOLD))
    return "".join(parts)


def _side_card(suit: Suit | None, right: bool, style: _Style, scale: float) -> str:
    """A side card: paper, and a suit at its outer top corner (the part left in view)."""
    body = _card_rect(_PAPER, style, scale)
    if suit is None:
        return body
    cx = (_CARD_W / 2 - _PIP_INSET) * (1 if right else -1)
    return body + _suit(suit, cx, _top(style) + _PIP_INSET + 3, _PIP, TWO_COLOURS[suit])


def _card_shape(style: _Style, angle: float, attributes: str) -> str:
    """A bare card outline turned ``angle`` degrees, drawn with ``attributes``."""
    return (
        f'<rect transform="rotate({_n(angle)})" x="{_n(-_CARD_W / 2)}" y="{_n(_top(style))}" '
        f'width="{_CARD_W}" height="{_CARD_H}" rx="{_CARD_R}" {attributes}/>'
    )


def _silhouette(style: _Style, scale: float) -> list[str]:
    """Under the cards: a soft shadow (full drawing) and a dark line around the fan."""
    parts = []
    if style.detail:
        shadow = 'fill="#000000" fill-opacity="0.2"'
        parts += [
            f'<g transform="translate(0 5)">{_card_shape(style, a, shadow)}</g>'
            for a in _angles(style)
        ]
    line = f'fill="{_INK}" stroke="{_INK}" stroke-width="{_n(2 * style.outline / scale)}"'
    parts += [_card_shape(style, angle, line) for angle in _angles(style)]
    return parts


def _fan(style: _Style) -> str:
    """The cards, outer ones first so that each inner card lies on its neighbours."""
    scale, px, py = _fit(style)
    angles = _angles(style)
    middle = len(angles) // 2
    order = []
    for step in range(middle):
        order += [step, len(angles) - 1 - step]
    parts = _silhouette(style, scale)
    for index in order:
        right = index > middle
        side = len(angles) - 1 - index if right else index
        suit = (_RIGHT_SUITS if right else _LEFT_SUITS)[side] if style.detail else None
        parts.append(
            f'<g transform="rotate({_n(angles[index])})">'
            f"{_side_card(suit, right, style, scale)}</g>"
        )
    parts.append(_moon_back(style, scale))
    body = "\n".join(parts)
    return f'<g transform="translate({_n(px)} {_n(py)}) scale({_n(scale)})">\n{body}\n</g>'


def icon_svg(small: bool = False) -> str:
    """The SVG text of the icon; ``small`` gives the bold drawing for 16-32 pixels."""
    style = _SMALL if small else _FULL
    side = SIZE - 2 * style.margin
    lit_edge = f' stroke="{_FELT_EDGE}" stroke-width="3"' if style.detail else ""
    felt = (
        f'<rect x="{_n(style.margin)}" y="{_n(style.margin)}" width="{_n(side)}" '
        f'height="{_n(side)}" rx="{_n(style.radius)}" fill="url(#felt)"{lit_edge}/>'
    )
    defs = _gradient("felt", _FELT_TOP, _FELT_BOTTOM) + _gradient("night", _NIGHT, _DEEP)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}">\n'
        f"<title>Half Moon</title>\n<defs>{defs}</defs>\n{felt}\n{_fan(style)}\n</svg>\n"
    )


def icon_svg_for(pixels: int) -> str:
    """The drawing to render at ``pixels`` x ``pixels``: the small one up to SMALL_MAX."""
    return icon_svg(small=pixels <= SMALL_MAX)


def icon_files() -> dict[str, str]:
    """The SVG file of the icon as {path relative to assets/icons: SVG text}."""
    return {f"{ICON_NAME}.svg": icon_svg()}


def icon_surface(pixels: int) -> pygame.Surface:
    """The icon rendered at ``pixels`` x ``pixels`` with transparent corners.

    Raises ``pygame.error`` when pygame cannot render SVG.
    """
    import io

    import pygame

    size = (pixels, pixels)
    source = io.BytesIO(icon_svg_for(pixels).encode("utf-8"))
    surface = pygame.image.load_sized_svg(source, size)
    if surface.get_size() != size:  # the loader rounded: centre it on the exact size
        exact = pygame.Surface(size, pygame.SRCALPHA)
        exact.blit(surface, surface.get_rect(center=exact.get_rect().center))
        surface = exact
    return surface
