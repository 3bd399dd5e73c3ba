"""More card art drawn from code: the large-index deck and two more card backs.

Pure SVG text like :mod:`game.look.art`, whose stroke font, suit symbols and card base it
uses. The classic deck and the moons back are prebuilt files in ``assets/sprites``
(``tools/make_cards.py``); these are drawn when first needed, by :func:`themed_svg`
(:mod:`game.look.sprites` asks for them only once the player chooses them).

The large-index deck is for small screens, low vision and a kiosk seen from a step back:
a big bold rank over a big suit in the top-left corner, the same turned round in the
bottom-right, and one big suit in a plain centre. The corner index stays within a
Crescent fan's sliver (:data:`game.table.arcs.SLIVER`: 55 of the card's 250 units), so a
covered card still shows it whole, and the centre starts right of the sliver. A Jack,
Queen or King has its index on a pale panel at the top of a band in its rank's colour
down the card's side (the classic deck's court colours): a J-Q-K triple shows from a
step back, in a fan's sliver too.
"""

from __future__ import annotations

import math

from ..rules.cards import Card, Rank
from .art import (
    _COURT_STYLE,
    _CX,
    _CY,
    _GLYPHS,
    _TURNED,
    FOUR_COLOURS,
    HEIGHT,
    TWO_COLOURS,
    WIDTH,
    _card_base,
    _gradient,
    _n,
    _star,
    _suit,
)

# --- the large-index deck ------------------------------------------------------------------

_BIG_STROKE = 19
"""The rank's stroke in glyph units (the classic index: 17, on a rank 40 % smaller)."""
_BIG_LEFT, _BIG_RIGHT = 6, 50
"""The corner index's ink lies between these (the sliver ends at 55)."""
_BIG_TOP = 14
_BIG_RANK = 96
_BIG_SUIT = 42
_BIG_GAP = 10
_CENTRE_SUIT = 116


def _big_glyph(label: str, colour: str) -> str:
    """A rank ``_BIG_RANK`` units tall in the corner, narrowed where it would be wider
    than the corner (the stroke keeps its weight: nanosvg strokes with the mean scale)."""
    width, path = _GLYPHS[_TURNED.get(label, label)]
    # the 10's two figures need air between them, narrowed as they are
    stroke, room = _BIG_STROKE - 4 * (label == "10"), _BIG_RIGHT - _BIG_LEFT
    sy = sx = _BIG_RANK / (100 + stroke)
    if sx * (width + stroke) > room:
        # ink height: sy * 100 + stroke * (sx + sy) / 2; ink width: sx * width + the same
        a, b, c, d = 100 + stroke / 2, stroke / 2, stroke / 2, width + stroke / 2
        det = a * d - b * c
        sy = (_BIG_RANK * d - b * room) / det
        sx = (a * room - c * _BIG_RANK) / det
    mean = (sx + sy) / 2
    cx = (_BIG_LEFT + _BIG_RIGHT) / 2
    x, y = cx - sx * width / 2, _BIG_TOP + mean * stroke / 2
    turn = f" rotate(180 {_n(width / 2)} 50)" if label in _TURNED else ""
    return (
        f'<path transform="translate({_n(x)} {_n(y)}) scale({_n(sx)} {_n(sy)}){turn}" '
        f'd="{path}" fill="none" stroke="{colour}" stroke-width="{_n(stroke)}" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )


def _big_index(card: Card, colour: str) -> str:
    """The top-left corner index: the big rank over the big suit."""
    cx = (_BIG_LEFT + _BIG_RIGHT) / 2
    suit_cy = _BIG_TOP + _BIG_RANK + _BIG_GAP + _BIG_SUIT * 0.48
    return _big_glyph(card.rank.label, colour) + _suit(card.suit, cx, suit_cy, _BIG_SUIT, colour)


_BAND = (4, 4, _BIG_RIGHT + 2 - 4, HEIGHT - 8)
"""A court card's band (x, y, width, height): down its side, inside the sliver."""
_BAND_PANEL_TOP, _BAND_PANEL_BOTTOM = 10, 170
"""The pale panel at the band's top that the index lies on."""
_BAND_PANELS = {Rank.JACK: "#f2f9fb", Rank.QUEEN: "#fdf4fb", Rank.KING: "#fef9e8"}
"""The panel's tint per court rank: pale enough that every suit's ink keeps 4.5:1 on it
(the four-colour deck's green clubs need the most)."""


def _court_band(rank: Rank) -> str:
    """A court card's band in its rank's colour, with the pale panel for the index."""
    x, y, w, h = _BAND
    top, bottom = _BAND_PANEL_TOP, _BAND_PANEL_BOTTOM
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="{_COURT_STYLE[rank][0]}"/>'
        f'<rect x="{x}" y="{top}" width="{w}" height="{bottom - top}" rx="6" '
        f'fill="{_BAND_PANELS[rank]}"/>'
    )


def large_card_svg(card: Card, four_colour: bool = False) -> str:
    """The SVG text of one face of the large-index deck."""
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
    index = _big_index(card, colour)
    if card.is_face:
        index = _court_band(card.rank) + index
    centre = _suit(card.suit, _CX + 3, _CY, _CENTRE_SUIT, colour)
    body = f'{centre}\n{index}\n<g transform="rotate(180 {_n(_CX)} {_n(_CY)})">{index}</g>'
    return _card_base(body)


# --- the backs -----------------------------------------------------------------------------

_INNER = (16, 16, WIDTH - 16, HEIGHT - 16)
"""The back's picture (left, top, right, bottom) inside the paper's border."""


def _panel(fill: str) -> str:
    """The back's picture area."""
    left, top, right, bottom = _INNER
    return (
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" rx="9" '
        f'fill="{fill}"/>'
    )


def _frame(colour: str) -> str:
    """The thin frame inside the back's picture."""
    left, top, right, bottom = _INNER
    return (
        f'<rect x="{left + 6}" y="{top + 6}" width="{right - left - 12}" '
        f'height="{bottom - top - 12}" rx="6" fill="none" stroke="{colour}" stroke-width="2"/>'
    )


def _medallion(fill: str, ring: str) -> str:
    """The round middle every back has, as the moons back does."""
    centre = f'cx="{_n(_CX)}" cy="{_n(_CY)}"'
    return (
        f'<circle {centre} r="50" fill="{fill}" stroke="{ring}" stroke-width="3"/>'
        f'<circle {centre} r="43" fill="none" stroke="{ring}" stroke-width="1.2"/>'
    )


def lattice_back_svg() -> str:
    """A garnet back: a harlequin lattice of diamonds, an eight-pointed gold star."""
    gold, light, deep = "#d9b45a", "#a3303f", "#4c0b17"
    left, top, right, bottom = _INNER
    parts = [_panel("url(#garnet)")]
    cols, rows = 6, 8
    dx, dy = (right - left) / cols, (bottom - top) / rows
    for row in range(rows):
        for col in range(cols):
            cx, cy = left + (col + 0.5) * dx, top + (row + 0.5) * dy
            fill = light if (row + col) % 2 == 0 else "none"
            parts.append(
                f'<path d="M{_n(cx)} {_n(cy - dy / 2 + 1)}L{_n(cx + dx / 2 - 1)} {_n(cy)}'
                f"L{_n(cx)} {_n(cy + dy / 2 - 1)}L{_n(cx - dx / 2 + 1)} {_n(cy)}Z"
                f'" fill="{fill}" stroke="{gold}" stroke-width="1.2" stroke-opacity="0.55"/>'
            )
    parts.append(_frame(gold))
    parts.append(_medallion(deep, gold))
    parts.append(_star(_CX, _CY, 70, gold))
    parts.append(f'<g transform="rotate(45 {_n(_CX)} {_n(_CY)})">{_star(_CX, _CY, 52, gold)}</g>')
    parts.append(f'<circle cx="{_n(_CX)}" cy="{_n(_CY)}" r="7" fill="{deep}"/>')
    return _card_base("\n".join(parts), _gradient("garnet", "#8e1d2e", deep))


def _wave(y: float, amplitude: float, period: float, phase: bool) -> str:
    """Path data of a wavy line across the back's picture at height ``y``."""
    left, _top, right, _bottom = _INNER
    count = max(1, round((right - left) / period))
    half = (right - left) / count / 2
    up = -amplitude if phase else amplitude
    data = [f"M{left} {_n(y)}"]
    for step in range(count * 2):
        x0 = left + step * half
        bend = up if step % 2 == 0 else -up
        data.append(
            f"C{_n(x0 + half * 0.36)} {_n(y + bend)} {_n(x0 + half * 0.64)} {_n(y + bend)} "
            f"{_n(x0 + half)} {_n(y)}"
        )
    return "".join(data)


def _sun(colour: str, deep: str) -> str:
    """A sun of twelve rays around a disc, in the middle of the back."""
    rays = []
    for k in range(12):
        angle = math.tau * k / 12
        tip = (_CX + 38 * math.sin(angle), _CY - 38 * math.cos(angle))
        side = math.tau / 48
        base = [
            (_CX + 20 * math.sin(angle + s), _CY - 20 * math.cos(angle + s)) for s in (-side, side)
        ]
        rays.append(
            f"M{_n(tip[0])} {_n(tip[1])}L{_n(base[0][0])} {_n(base[0][1])}"
            f"L{_n(base[1][0])} {_n(base[1][1])}Z"
        )
    centre = f'cx="{_n(_CX)}" cy="{_n(_CY)}"'
    return (
        f'<path d="{"".join(rays)}" fill="{colour}"/>'
        f'<circle {centre} r="20" fill="{colour}"/>'
        f'<circle {centre} r="13" fill="none" stroke="{deep}" stroke-width="2"/>'
    )


def waves_back_svg() -> str:
    """A sea-green back: rows of waves, a sun in the middle."""
    pale, light, deep = "#efe3bf", "#3f9e8e", "#0a3b36"
    _left, top, _right, bottom = _INNER
    parts = [_panel("url(#sea)")]
    rows = 19
    dy = (bottom - top) / rows
    for row in range(rows):
        y = top + (row + 0.5) * dy
        parts.append(
            f'<path d="{_wave(y, dy * 0.3, 36, row % 2 == 1)}" fill="none" stroke="{light}" '
            'stroke-width="2.6"/>'
        )
    parts.append(_frame(pale))
    parts.append(_medallion(deep, pale))
    parts.append(_sun(pale, deep))
    return _card_base("\n".join(parts), _gradient("sea", "#176b60", deep))


_BACKS = {"lattice": lattice_back_svg, "waves": waves_back_svg}
DECK_FOLDERS = ("large",)
"""The decks drawn here, as the folders of their names in :func:`themed_svg`."""


def themed_svg(name: str) -> str:
    """The SVG text of a picture by name: ``backs/waves.svg``, ``large/10H.svg``,
    ``large/four/10H.svg``. ValueError for a name it does not draw."""
    folder, _, rest = name.partition("/")
    if folder == "backs" and rest.removesuffix(".svg") in _BACKS:
        return _BACKS[rest.removesuffix(".svg")]()
    if folder in DECK_FOLDERS and rest.endswith(".svg"):
        four = rest.startswith("four/")
        card = Card.parse(rest.removeprefix("four/").removesuffix(".svg"))
        return large_card_svg(card, four)
    raise ValueError(f"no themed card picture {name!r}")
