"""Card art as SVG text, drawn entirely from code: ``card_svg(Card.parse("10H"))``.

This module is pure (no pygame, no files). ``tools/make_cards.py`` writes its output to
``assets/sprites/``, and :mod:`game.look.sprites` renders those files with pygame's SVG loader.

That loader (nanosvg) draws paths, basic shapes, transforms and gradients but no
``<text>``, so every rank is a stroked path from the small stroke font below and every
suit is a filled path. The card is 250 x 350 units (the 5:7 of a poker card).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..rules.cards import Card, Rank, Suit, standard_deck

#: The drawing's size in SVG units; sprites keep this 5:7 shape.
WIDTH = 250
HEIGHT = 350
_RADIUS = 16
_CX = WIDTH / 2
_CY = HEIGHT / 2

_BLACK = "#1b1d22"
_RED = "#c8102e"
#: Suit colours of the usual two-colour deck and of the four-colour deck.
TWO_COLOURS = {Suit.CLUBS: _BLACK, Suit.DIAMONDS: _RED, Suit.HEARTS: _RED, Suit.SPADES: _BLACK}
FOUR_COLOURS = {
    Suit.CLUBS: "#16803c",
    Suit.DIAMONDS: "#1463c4",
    Suit.HEARTS: _RED,
    Suit.SPADES: _BLACK,
}

# --- numbers -------------------------------------------------------------------------------


def _n(value: float) -> str:
    """A number as short, stable SVG text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- the stroke font -----------------------------------------------------------------------
# Each glyph is a path skeleton in a box 100 units tall (y down), drawn with a round-capped,
# round-joined stroke of _STROKE units. The tuple is (skeleton width, path data).

_STROKE = 17


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    """Path data for a closed ellipse (two half arcs)."""
    return (
        f"M{_n(cx)} {_n(cy - ry)}A{_n(rx)} {_n(ry)} 0 1 1 {_n(cx)} {_n(cy + ry)}"
        f"A{_n(rx)} {_n(ry)} 0 1 1 {_n(cx)} {_n(cy - ry)}Z"
    )


_SIX = (
    "M51 9C46 3 39 0 31 0C13 0 3 20 3 58C3 86 14 100 30 100"
    "C46 100 57 88 57 70C57 52 46 41 30 41C17 41 7 48 3 60"
)
_GLYPHS: dict[str, tuple[float, str]] = {
    "A": (68, "M0 100L34 0L68 100M13 66H55"),
    "2": (58, "M3 24C3 9 15 0 30 0C45 0 56 10 56 25C56 44 40 58 3 100H58"),
    "3": (
        58,
        "M3 14C9 5 18 0 29 0C44 0 54 9 54 24C54 38 44 46 27 46"
        "C46 46 57 56 57 72C57 89 45 100 28 100C16 100 7 95 2 86",
    ),
    "4": (62, "M45 100V0L0 68H62"),
    "5": (
        58,
        "M53 0H12L7 45C14 40 21 38 30 38C47 38 57 50 57 68C57 88 45 100 28 100C16 100 7 95 2 86",
    ),
    "6": (60, _SIX),
    "7": (58, "M1 0H57C41 30 30 60 25 100"),
    "8": (60, _ellipse(30, 24, 22, 24) + _ellipse(30, 73, 27, 27)),
    "J": (50, "M18 0H48V68C48 89 38 100 23 100C11 100 3 93 0 82"),
    "Q": (66, _ellipse(33, 50, 32, 50) + "M40 70L64 102"),
    "K": (60, "M4 0V100M58 0L4 64M25 40L60 100"),
    # Narrow enough that a fan's sliver (game.table.arcs.SLIVER) shows it whole at every size.
    "10": (68, "M0 15L11 0V100" + _ellipse(51, 50, 17, 50)),
}
#: The 9 is the 6 turned half a turn inside its box.
_TURNED = {"9": "6"}


def _glyph(
    label: str, cx: float, top: float, height: float, colour: str, stroke: float = _STROKE
) -> str:
    """A rank label centred on ``cx`` whose ink spans ``top`` to ``top + height``."""
    width, path = _GLYPHS[_TURNED.get(label, label)]
    scale = height / (100 + stroke)
    x = cx - scale * width / 2
    y = top + scale * stroke / 2
    turn = f" rotate(180 {_n(width / 2)} 50)" if label in _TURNED else ""
    return (
        f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(scale)}){turn}" d="{path}" '
        f'fill="none" stroke="{colour}" stroke-width="{_n(stroke)}" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )


# --- suit symbols --------------------------------------------------------------------------
# Each suit is drawn in a box 100 wide centred on (0, 0), y down, about 100 tall.

_HEART = (
    "M0 46C-6 34-22 22-36 8C-46-2-50-12-50-22C-50-38-38-48-25-48C-13-48-5-41 0-31"
    "C5-41 13-48 25-48C38-48 50-38 50-22C50-12 46-2 36 8C22 22 6 34 0 46Z"
)
_DIAMOND = "M0-50C10-32 24-15 38 0C24 15 10 32 0 50C-10 32-24 15-38 0C-24-15-10-32 0-50Z"
_SPADE = (
    "M0-50C6-38 22-26 36-14C46-5 50 4 50 14C50 30 38 40 25 40C15 40 8 35 4 29"
    "C5 38 10 45 18 50H-18C-10 45-5 38-4 29C-8 35-15 40-25 40C-38 40-50 30-50 14"
    "C-50 4-46-5-36-14C-22-26-6-38 0-50Z"
)
_CLUB_STEM = "M-4 10C-4 30-9 42-18 50H18C9 42 4 30 4 10Z"


def _suit_shape(suit: Suit, colour: str) -> str:
    """The elements drawing one suit symbol in its 100-unit box."""
    if suit is Suit.CLUBS:
        circles = "".join(
            f'<circle cx="{x}" cy="{y}" r="23" fill="{colour}"/>'
            for x, y in ((0, -25), (-25, 12), (25, 12))
        )
        return circles + f'<path d="M0-12L-14 16H14Z{_CLUB_STEM}" fill="{colour}"/>'
    path = {Suit.DIAMONDS: _DIAMOND, Suit.HEARTS: _HEART, Suit.SPADES: _SPADE}[suit]
    return f'<path d="{path}" fill="{colour}"/>'


def _suit(suit: Suit, cx: float, cy: float, size: float, colour: str, flip: bool = False) -> str:
    """A suit symbol ``size`` units wide centred on (cx, cy), upside down when ``flip``."""
    turn = " rotate(180)" if flip else ""
    return (
        f'<g transform="translate({_n(cx)} {_n(cy)}){turn} scale({_n(size / 100)})">'
        f"{_suit_shape(suit, colour)}</g>"
    )


# --- the card face -------------------------------------------------------------------------

_INDEX_CX = 30
_INDEX_TOP = 13
_INDEX_RANK = 57
_INDEX_SUIT = 32
_INDEX_GAP = 6


def _index(card: Card, colour: str) -> str:
    """The top-left corner index (rank over suit); the caller mirrors it."""
    suit_cy = _INDEX_TOP + _INDEX_RANK + _INDEX_GAP + _INDEX_SUIT * 0.48
    return _glyph(card.rank.label, _INDEX_CX, _INDEX_TOP, _INDEX_RANK, colour) + _suit(
        card.suit, _INDEX_CX, suit_cy, _INDEX_SUIT, colour
    )


_FOUR_ROWS = tuple((c, r) for c in (-1, 1) for r in (0, 1 / 3, 2 / 3, 1))
#: Pip spots as (column, row): column -1, 0, 1 (left, centre, right); row 0 (top) to 1.
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: (*_FOUR_ROWS, (0, 0.5)),
    10: (*_FOUR_ROWS, (0, 1 / 6), (0, 5 / 6)),
}
_PIP_SIZE = 35
_PIP_DX = 39
_PIP_TOP = 68
_PIP_BOTTOM = HEIGHT - 68


def _pips(card: Card, colour: str) -> str:
    """The suit symbols in the middle of a number card."""
    if card.rank is Rank.ACE:
        ring = (
            f'<circle cx="{_n(_CX)}" cy="{_n(_CY)}" r="84" fill="none" stroke="{colour}" '
            'stroke-width="2.5" stroke-opacity="0.3"/>'
            f'<circle cx="{_n(_CX)}" cy="{_n(_CY)}" r="77" fill="none" stroke="{colour}" '
            'stroke-width="1" stroke-opacity="0.3"/>'
        )
        return ring + _suit(card.suit, _CX, _CY + 2, 108, colour)
    parts = []
    for column, row in _PIPS[int(card.rank)]:
        cy = _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP)
        parts.append(_suit(card.suit, _CX + column * _PIP_DX, cy, _PIP_SIZE, colour, row > 0.5))
    return "".join(parts)


#: Per court rank: frame colour, dark ink, and the panel's top and bottom tints.
_COURT_STYLE = {
    Rank.JACK: ("#1f7a8c", "#134e5a", "#f0f8fa", "#cfe8ed"),
    Rank.QUEEN: ("#a23b8f", "#6b2260", "#fbf1f9", "#f0d5eb"),
    Rank.KING: ("#d4a21c", "#7d5d0c", "#fdf8e6", "#f5e3ae"),
}
_PANEL = (62, 16, WIDTH - 124, HEIGHT - 32)


def _crown(fill: str, ink: str) -> str:
    """The King's crown: three points with orbs on a jewelled band (centred on 0, 0)."""
    body = "M-42 22L-48-18L-24 4L0-28L24 4L48-18L42 22Z"
    orbs = "".join(
        f'<circle cx="{x}" cy="{y}" r="7" fill="{fill}" stroke="{ink}" stroke-width="3"/>'
        for x, y in ((-48, -22), (0, -33), (48, -22))
    )
    jewels = "".join(f'<circle cx="{x}" cy="14" r="4" fill="{ink}"/>' for x in (-24, 0, 24))
    return (
        f'<path d="{body}" fill="{fill}" stroke="{ink}" stroke-width="3.5" '
        f'stroke-linejoin="round"/>{orbs}'
        f'<rect x="-43" y="8" width="86" height="13" rx="3" fill="{fill}" stroke="{ink}" '
        f'stroke-width="3.5"/>{jewels}'
    )


def _tiara(fill: str, ink: str) -> str:
    """The Queen's coronet: five rounded arches tipped with pearls (centred on 0, 0)."""
    body = "M-44 20L-46-6C-38 2-30 4-24-12C-18 2-10 2 0-22C10 2 18 2 24-12C30 4 38 2 46-6L44 20Z"
    pearls = "".join(
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="#ffffff" stroke="{ink}" stroke-width="2.5"/>'
        for x, y, r in ((-46, -11, 5), (-24, -18, 5.5), (0, -29, 6.5), (24, -18, 5.5), (46, -11, 5))
    )
    return (
        f'<path d="{body}" fill="{fill}" stroke="{ink}" stroke-width="3.5" '
        f'stroke-linejoin="round"/>{pearls}'
        f'<rect x="-46" y="12" width="92" height="11" rx="5.5" fill="{fill}" stroke="{ink}" '
        'stroke-width="3.5"/>'
        f'<path d="M0-4L6 5L0 14L-6 5Z" fill="#ffffff" stroke="{ink}" stroke-width="2"/>'
    )


def _swords(fill: str, ink: str) -> str:
    """The Jack's crossed swords (centred on 0, 0)."""
    parts = []
    for turn in (-35, 35):
        parts.append(
            f'<g transform="translate(0 -8) scale(0.95) rotate({turn})">'
            f'<path d="M0-40L5-32V18H-5V-32Z" fill="#ffffff" stroke="{ink}" stroke-width="3" '
            'stroke-linejoin="round"/>'
            f'<path d="M-15 20H15" stroke="{ink}" stroke-width="6" stroke-linecap="round"/>'
            f'<path d="M0 22V34" stroke="{fill}" stroke-width="7" stroke-linecap="round"/>'
            f'<circle cx="0" cy="38" r="5" fill="{fill}" stroke="{ink}" stroke-width="2.5"/>'
            "</g>"
        )
    return "".join(parts)


_EMBLEMS = {Rank.JACK: _swords, Rank.QUEEN: _tiara, Rank.KING: _crown}


def _court(card: Card, colour: str) -> str:
    """The centre of a Jack, Queen or King: a framed panel with emblem, letter and suit."""
    frame, ink, _, _ = _COURT_STYLE[card.rank]
    x, y, w, h = _PANEL
    emblem = _EMBLEMS[card.rank](frame, ink)
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="url(#panel)" '
        f'stroke="{frame}" stroke-width="5"/>'
        f'<rect x="{x + 7}" y="{y + 7}" width="{w - 14}" height="{h - 14}" rx="6" fill="none" '
        f'stroke="{frame}" stroke-width="1.5"/>'
        f'<g transform="translate({_n(_CX)} 78) scale(0.95)">{emblem}</g>'
        + _glyph(card.rank.label, _CX, 120, 122, colour, 15)
        + _suit(card.suit, _CX, 287, 42, colour)
    )


def _gradient(name: str, top: str, bottom: str) -> str:
    """A top-to-bottom linear gradient ``url(#name)`` over the filled shape.

    nanosvg reads unitless bounding-box coordinates as pixels, so they are percentages.
    """
    return (
        f'<linearGradient id="{name}" x1="0%" y1="0%" x2="0%" y2="100%">'
        f'<stop offset="0" stop-color="{top}"/><stop offset="1" stop-color="{bottom}"/>'
        "</linearGradient>"
    )


_PAPER = _gradient("paper", "#ffffff", "#f4f2ec")

EDGE_WIDTH = 3.0
"""The width of a card's grey edge in units, as the sprite files draw it (1 px on a card
83 px wide): :mod:`game.look.sprites` widens it on smaller cards (:func:`card_edge`)."""


def card_edge(width: float = EDGE_WIDTH) -> str:
    """The card: a rounded rectangle of paper with a grey edge ``width`` units wide, inside
    the drawing's edge. Its outer shape is the same at every width."""
    inset = width / 2
    radius = max(0.0, _RADIUS + EDGE_WIDTH / 2 - inset)
    return (
        f'<rect x="{_n(inset)}" y="{_n(inset)}" width="{_n(WIDTH - width)}" '
        f'height="{_n(HEIGHT - width)}" rx="{_n(radius)}" '
        f'fill="url(#paper)" stroke="#8d8a84" stroke-width="{_n(width)}"/>'
    )


def _card_base(body: str, defs: str = "") -> str:
    """An SVG document: a rounded white card with a soft border, then ``body``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">\n'
        f"<defs>{_PAPER}{defs}</defs>\n"
        f"{card_edge()}\n"
        f"{body}\n</svg>\n"
    )


def card_svg(card: Card, four_colour: bool = False) -> str:
    """The SVG text of one card face; ``four_colour`` gives clubs green and diamonds blue."""
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
    centre = _court(card, colour) if card.is_face else _pips(card, colour)
    index = _index(card, colour)
    body = f'{centre}\n{index}\n<g transform="rotate(180 {_n(_CX)} {_n(_CY)})">{index}</g>'
    defs = _gradient("panel", *_COURT_STYLE[card.rank][2:]) if card.is_face else ""
    return _card_base(body, defs)


# --- the back ------------------------------------------------------------------------------


def _crescent(cx: float, cy: float, radius: float, colour: str) -> str:
    """A crescent moon opening to the right, ``radius`` units, centred on its circle."""
    inner, shift = radius * 0.86, radius * 0.5
    x0 = (radius**2 - inner**2 + shift**2) / (2 * shift)
    y0 = math.sqrt(radius**2 - x0**2)
    large_inner = 1 if x0 > shift else 0
    return (
        f'<path d="M{_n(cx + x0)} {_n(cy - y0)}A{_n(radius)} {_n(radius)} 0 1 0 '
        f"{_n(cx + x0)} {_n(cy + y0)}A{_n(inner)} {_n(inner)} 0 {large_inner} 1 "
        f'{_n(cx + x0)} {_n(cy - y0)}Z" fill="{colour}"/>'
    )


def _star(cx: float, cy: float, size: float, colour: str) -> str:
    """A slim four-pointed star ``size`` units from tip to tip."""
    r, k = size / 2, size * 0.12
    return (
        f'<path d="M{_n(cx)} {_n(cy - r)}L{_n(cx + k)} {_n(cy - k)}L{_n(cx + r)} {_n(cy)}'
        f"L{_n(cx + k)} {_n(cy + k)}L{_n(cx)} {_n(cy + r)}L{_n(cx - k)} {_n(cy + k)}"
        f'L{_n(cx - r)} {_n(cy)}L{_n(cx - k)} {_n(cy - k)}Z" fill="{colour}"/>'
    )


def back_svg() -> str:
    """The SVG text of the card back: deep blue with a lattice of crescent moons."""
    gold, light, deep = "#d9b45a", "#3f63b5", "#0f2257"
    left, top, right, bottom = 16, 16, WIDTH - 16, HEIGHT - 16
    parts = [
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="9" '
        f'fill="url(#night)"/>'
    ]
    step = 26
    cols = round((right - left) / step)
    rows = round((bottom - top) / step)
    dx, dy = (right - left) / cols, (bottom - top) / rows
    for row in range(rows):
        for col in range(cols):
            cx, cy = left + (col + 0.5) * dx, top + (row + 0.5) * dy
            if (row + col) % 2 == 0:
                parts.append(_crescent(cx, cy, 7.5, light))
            else:
                parts.append(_star(cx, cy, 9, light))
    parts.append(
        f'<rect x="{left + 6}" y="{top + 6}" width="{right - left - 12}" '
        f'height="{bottom - top - 12}" rx="6" fill="none" stroke="{gold}" stroke-width="2"/>'
    )
    centre = f'cx="{_n(_CX)}" cy="{_n(_CY)}"'
    parts.append(
        f'<circle {centre} r="50" fill="{deep}" stroke="{gold}" stroke-width="3"/>'
        f'<circle {centre} r="43" fill="none" stroke="{gold}" stroke-width="1.2"/>'
    )
    parts.append(_crescent(_CX - 6, _CY, 30, gold))
    parts.append(_star(_CX + 18, _CY - 14, 14, gold))
    parts.append(_star(_CX + 24, _CY + 10, 9, gold))
    return _card_base("\n".join(parts), _gradient("night", "#1a3a80", deep))


# --- the file set --------------------------------------------------------------------------


def sprite_name(card: Card) -> str:
    """The file name of a card's sprite: ``10H.svg``."""
    return f"{card}.svg"


def sprite_files(cards: Iterable[Card] | None = None) -> dict[str, str]:
    """Every sprite file as {path relative to assets/sprites: SVG text}.

    The faces are ``10H.svg`` ..., the four-colour faces ``four/10H.svg`` ..., and the
    back ``back.svg``.
    """
    deck = list(standard_deck() if cards is None else cards)
    files = {sprite_name(card): card_svg(card) for card in deck}
    files |= {f"four/{sprite_name(card)}": card_svg(card, four_colour=True) for card in deck}
    files["back.svg"] = back_svg()
    return files
