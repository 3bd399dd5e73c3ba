"""Where everything goes, as a pure function of the window size: :func:`compute_layout`.

The 12 piles stand on a half-ellipse open downwards (SPEC section 4): piles 1-3 up the
left side, 4-10 across the top, 11-12 down the right side below the top-right corner.
The reserve, R1-R4 over R5-R8, sits inside the arc; the info bar and the buttons run
along the bottom. The card size is the largest for which no two of these overlap.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from functools import lru_cache

from pygame import Rect

from .rules.slots import PILES, RESERVE_SLOTS

CARD_ASPECT = 1.4
"""Card height / width (a poker card is 88 x 63 mm)."""
MIN_SIZE = (320, 240)
"""The smallest window the layout is made for; smaller ones are laid out at this size."""

# The arc is a superellipse |x|^p + |y|^p = 1 (p = "squareness": 2 is an ellipse, more
# is flatter on top and straighter down the sides). Piles 2 ... 12 stand at equal
# distances along it between the angles 180 + drop and -drop (degrees), mirror images
# of each other around pile 7; pile 1 continues the left side one step further down.
# Each shape is tried and the one that allows the largest cards wins.
_SHAPES = ((2.0, 10.0), (2.5, 10.0), (2.5, 20.0), (3.0, 15.0), (3.0, 25.0), (4.0, 20.0))
BUTTONS = ("undo", "redo", "new", "menu")
"""The play scene's buttons, left to right."""


@dataclass(frozen=True)
class Layout:
    """Rectangles for one window size. All values are pixels."""

    size: tuple[int, int]
    """The window size this layout is for."""
    card: tuple[int, int]
    """Card width and height."""
    slots: dict[str, Rect]
    """Each slot's card rectangle, by slot name (``"1"`` ... ``"12"``, ``"R1"`` ... ``"R8"``)."""
    labels: dict[str, Rect]
    """Under each card, room for its optional label (``3 · 7``)."""
    stack_step: int
    """Pixels each card below the top adds to a pile's visible edge."""
    bar: Rect
    """The info bar along the bottom."""
    info: Rect
    """Inside the bar: where time, score, moves and code are written."""
    buttons: dict[str, Rect]
    """The Undo, New game and Menu buttons."""
    message: Rect
    """Where a short message (Move errors, "Copied") appears: on the felt where it covers
    no card (above the reserve, or below it), else over the info text in the bar."""
    font_px: int
    """Text size for the bar and labels."""

    def hit_slot(self, pos: tuple[int, int]) -> str | None:
        """The slot whose card (with a small margin for fingers) covers ``pos``, if any."""
        margin = max(2, self.card[0] // 20)
        for name, rect in self.slots.items():
            if rect.inflate(margin, margin).collidepoint(pos):
                return name
        return None

    def hit_button(self, pos: tuple[int, int]) -> str | None:
        """The button under ``pos``, if any."""
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                return name
        return None


def _bar(width: int, height: int) -> tuple[Rect, Rect, dict[str, Rect], int]:
    unit = max(36, round(min(width, height) * 0.06))
    font_px = max(14, round(unit * 0.42))
    pad = max(6, unit // 6)
    count = len(BUTTONS)
    # As wide as the labels like, narrower when the window is (the labels then shrink).
    button_w = min(round(unit * 3.4), (width - (count + 1) * pad) // count)
    buttons_w = len(BUTTONS) * button_w + (len(BUTTONS) - 1) * pad
    info_w = round(font_px * 25)
    two_rows = info_w + buttons_w + 3 * pad > width
    bar_h = unit * 2 + pad if two_rows else unit + pad
    bar = Rect(0, height - bar_h, width, bar_h)
    button_y = bar.bottom - unit
    x = width - pad - buttons_w
    buttons = {}
    for name in BUTTONS:
        buttons[name] = Rect(x, button_y + pad // 4, button_w, unit - pad // 2)
        x += button_w + pad
    if two_rows:
        info = Rect(pad, bar.top, width - 2 * pad, unit)
    else:
        info = Rect(pad, bar.top, width - buttons_w - 3 * pad, bar_h)
    return bar, info, buttons, font_px


def _superellipse(value: float, squareness: float) -> float:
    return math.copysign(abs(value) ** (2 / squareness), value)


_SAMPLES = 160


@lru_cache(maxsize=len(_SHAPES))
def _unit_curve(squareness: float, drop: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The arc sampled at equal angles, for radii 1 (computed once per shape)."""
    start, end = math.radians(180 + drop), math.radians(-drop)
    angles = [start + (end - start) * k / _SAMPLES for k in range(_SAMPLES + 1)]
    return (
        tuple(_superellipse(math.cos(t), squareness) for t in angles),
        tuple(_superellipse(math.sin(t), squareness) for t in angles),
    )


@lru_cache(maxsize=4 * len(_SHAPES))
def _arc_points(
    rx: float, ry: float, squareness: float, drop: float
) -> tuple[tuple[float, float], ...]:
    """Offsets (x right, y up) of piles 1 ... 12 on the arc with radii ``rx``, ``ry``.

    Piles 2 ... 12 are spread at equal distances along the arc; pile 1 continues the
    left side one step further down, in a straight line.
    """
    unit_x, unit_y = _unit_curve(squareness, drop)
    xs = [rx * x for x in unit_x]
    ys = [ry * y for y in unit_y]
    lengths = [0.0]
    for k in range(1, len(xs)):
        lengths.append(lengths[-1] + math.hypot(xs[k] - xs[k - 1], ys[k] - ys[k - 1]))
    total = lengths[-1]

    def at(distance: float) -> tuple[float, float]:
        k = min(max(bisect.bisect_left(lengths, distance), 1), len(lengths) - 1)
        span = lengths[k] - lengths[k - 1] or 1.0
        f = (distance - lengths[k - 1]) / span
        return xs[k - 1] + (xs[k] - xs[k - 1]) * f, ys[k - 1] + (ys[k] - ys[k - 1]) * f

    step = total / 10
    ends = [at(step * i) for i in range(11)]
    (x0, y0), (x1, y1) = ends[0], ends[1]
    return ((2 * x0 - x1, 2 * y0 - y1), *ends)


def _arrange(
    card_w: int, play: Rect, shape: tuple[float, float]
) -> tuple[dict[str, Rect], int, int] | None:
    """Card rectangles for a given card width and arc shape; (rects, stack step, label h).

    None when the play area has no room for the arc's width or height at this card size
    (its radii would be zero or negative).
    """
    card_h = round(card_w * CARD_ASPECT)
    step = max(1, round(card_h * 0.012))
    label_h = max(12, round(card_h * 0.16))
    cell_w = card_w
    cell_h = card_h + 7 * step + label_h
    margin = max(6, card_w // 7, play.width // 120)  # room for the selection glow and focus ring
    offsets = _arc_points(1.0, 1.0, *shape)
    xs = [x for x, _ in offsets]
    ys = [y for _, y in offsets]
    # Fit the centres so the outermost cells touch the play area's margins.
    left = play.left + margin + cell_w / 2
    right = play.right - margin - cell_w / 2
    # Room above the top card for a selected card's lift and glow.
    top = play.top + margin + card_h / 2 + card_h // 18 + card_w // 16
    bottom = play.bottom - margin - cell_h + card_h / 2
    if right - left < 1 or bottom - top < 1:
        return None
    rx = (right - left) / (max(xs) - min(xs))
    ry = (bottom - top) / (max(ys) - min(ys))
    offsets = _arc_points(rx, ry, *shape)
    xs = [x for x, _ in offsets]
    ys = [y for _, y in offsets]
    # Spacing by distance changes the extents a little: map them onto the area again.
    sx = (right - left) / (max(xs) - min(xs))
    sy = (bottom - top) / (max(ys) - min(ys))
    rects = {}
    for name, (x, y) in zip(PILES, offsets, strict=True):
        rect = Rect(0, 0, card_w, card_h)
        rect.center = (round(left + (x - min(xs)) * sx), round(top + (max(ys) - y) * sy))
        rects[name] = rect
    cx = (left + right) / 2
    # The reserve: two rows of four, centred inside the arc, below the top row.
    gap = max(margin, card_w // 6)
    block_w = 4 * cell_w + 3 * gap
    block_h = 2 * cell_h + gap
    apex_bottom = rects[PILES[6]].top + cell_h
    block_top = apex_bottom + max(gap, (play.bottom - margin - apex_bottom - block_h) // 2)
    block_left = round(cx - block_w / 2)
    for index, name in enumerate(RESERVE_SLOTS):
        row, col = divmod(index, 4)
        rects[name] = Rect(
            block_left + col * (cell_w + gap), block_top + row * (cell_h + gap), card_w, card_h
        )
    return rects, step, label_h


def _fits(rects: dict[str, Rect], step: int, label_h: int, play: Rect, gap: int) -> bool:
    cells = [
        Rect(r.left, r.top, r.width, r.height + 7 * step + label_h).inflate(gap, gap)
        for r in rects.values()
    ]
    inner = play.inflate(gap, gap)
    if not all(inner.contains(cell) for cell in cells):
        return False
    return all(cells[i].collidelist(cells[i + 1 :]) == -1 for i in range(len(cells)))


def _message_place(
    rects: dict[str, Rect], cells: list[Rect], play: Rect, info: Rect, font_px: int
) -> Rect:
    """The first place for a message that covers no card's cell: just above the reserve,
    just below it, else the bar's info text (always free of cards)."""
    height = round(font_px * 2.2)
    gap = max(4, font_px // 3)
    reserve = rects[RESERVE_SLOTS[0]].unionall([rects[name] for name in RESERVE_SLOTS])
    width = min(play.width - 2 * font_px, max(reserve.width, font_px * 30))
    below = max(c.bottom for c in cells if c.colliderect(reserve.inflate(0, gap)))
    for anchor, y in (("midbottom", reserve.top - gap), ("midtop", below + gap)):
        for wide in (width, reserve.width, reserve.width * 3 // 4):
            place = Rect(0, 0, max(1, wide), height)
            setattr(place, anchor, (reserve.centerx, y))
            if play.contains(place) and place.collidelist(cells) < 0:
                return place
    return Rect(info)


@lru_cache(maxsize=16)
def compute_layout(width: int, height: int) -> Layout:
    """The layout for a window of ``width`` x ``height`` pixels (cached per size)."""
    width, height = max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    bar, info, buttons, font_px = _bar(width, height)
    play = Rect(0, 0, width, bar.top)
    low, high = 8, max(9, width // 4)
    best = None
    while low <= high:
        card_w = (low + high) // 2
        fitting = None
        for shape in _SHAPES:
            arranged = _arrange(card_w, play, shape)
            if arranged is None:
                continue
            rects, step, label_h = arranged
            if _fits(rects, step, label_h, play, max(2, card_w // 25)):
                fitting = (card_w, rects, step, label_h)
                break
        if fitting is not None:
            best = fitting
            low = card_w + 1
        else:
            high = card_w - 1
    if best is None:  # never for a window of at least MIN_SIZE (tests/test_layout.py)
        raise ValueError(f"no layout fits a window of {width}x{height}")
    card_w, rects, step, label_h = best
    labels = {
        name: Rect(r.left, r.bottom + 7 * step, r.width, label_h) for name, r in rects.items()
    }
    card_h = round(card_w * CARD_ASPECT)
    cells = [
        r.move(0, -max(2, card_h // 18)).inflate(card_w // 5, card_w // 5).union(labels[n])
        for n, r in rects.items()
    ]
    message = _message_place(rects, cells, play, info, font_px)
    return Layout(
        size=(width, height),
        card=(card_w, round(card_w * CARD_ASPECT)),
        slots=rects,
        labels=labels,
        stack_step=step,
        bar=bar,
        info=info,
        buttons=buttons,
        message=message,
        font_px=font_px,
    )
