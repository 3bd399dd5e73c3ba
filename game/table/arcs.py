"""The arcs the piles stand on, and where each table's slots go for a given card size.

The arc is a superellipse |x|^p + |y|^p = 1 open downwards (p = "squareness": 2 is an
ellipse, more is flatter on top and straighter down the sides), between the angles
180 + drop and -drop (degrees). :mod:`game.table.layout` tries several shapes and card sizes
and keeps the largest cards for which nothing overlaps.

:func:`arc_centres` puts piles at equal distances along the arc (and one more a step
further down the left side), :func:`inner_block` cards in rows of four inside it; the
sizes of a table of stacked piles (:func:`stack_sizes`) or of fanned ones
(:func:`fan_sizes`) are here too. Each game's arrangement is in its folder.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from pygame import Rect

CARD_ASPECT = 1.4
"""Card height / width (a poker card is 88 x 63 mm)."""
SHAPES = ((2.0, 10.0), (2.5, 10.0), (2.5, 20.0), (3.0, 15.0), (3.0, 25.0), (4.0, 20.0))
"""The arc shapes tried, as (squareness, drop in degrees)."""
FAN_CARDS = 5
"""A Crescent pile's fan has room for this many whole slivers before it compresses."""
SLIVER = 0.22
"""A face-up sliver of the fan, as a share of the card's width: the corner index (rank
over suit) shows whole."""
BACK_SLIVER = 0.11
"""A face-down card's sliver, as a share of the card's width: its dark back shows."""


@dataclass(frozen=True)
class Arrangement:
    """Where a table's slots go for one card size."""

    rects: dict[str, Rect]
    """Each slot's card rectangle (a pile's bottom card: its fan runs to the right)."""
    areas: dict[str, Rect]
    """Everything each slot shows at rest: card, stack edges or fan."""
    label_h: int
    """Room under each slot for its optional label."""
    stack_step: int
    """Stacked piles: pixels each card under the top adds to a pile's edge (0: none)."""
    fan: tuple[int, int, int]
    """Fanned piles: (face-up sliver, face-down sliver, widest fan) in pixels (zeros:
    none)."""


def _superellipse(value: float, squareness: float) -> float:
    return math.copysign(abs(value) ** (2 / squareness), value)


_SAMPLES = 160


@lru_cache(maxsize=len(SHAPES))
def _unit_curve(squareness: float, drop: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The arc sampled at equal angles, for radii 1 (computed once per shape)."""
    start, end = math.radians(180 + drop), math.radians(-drop)
    angles = [start + (end - start) * k / _SAMPLES for k in range(_SAMPLES + 1)]
    return (
        tuple(_superellipse(math.cos(t), squareness) for t in angles),
        tuple(_superellipse(math.sin(t), squareness) for t in angles),
    )


@lru_cache(maxsize=8 * len(SHAPES))
def arc_points(
    rx: float, ry: float, squareness: float, drop: float, count: int, extra: bool
) -> tuple[tuple[float, float], ...]:
    """Offsets (x right, y up) of ``count`` points at equal distances along the arc with
    radii ``rx``, ``ry``; with ``extra`` one more point first, continuing the left side
    one step further down in a straight line (Half Moon's pile 1)."""
    unit_x, unit_y = _unit_curve(squareness, drop)
    xs = [rx * x for x in unit_x]
    ys = [ry * y for y in unit_y]
    points = list(zip(xs, ys, strict=True))
    # math.dist is hypot of the differences, summed in order: the same lengths, in C.
    lengths = [0.0, *accumulate(map(math.dist, points, points[1:]))]
    total = lengths[-1]

    def at(distance: float) -> tuple[float, float]:
        k = min(max(bisect.bisect_left(lengths, distance), 1), len(lengths) - 1)
        span = lengths[k] - lengths[k - 1] or 1.0
        f = (distance - lengths[k - 1]) / span
        return xs[k - 1] + (xs[k] - xs[k - 1]) * f, ys[k - 1] + (ys[k] - ys[k - 1]) * f

    step = total / (count - 1)
    ends = [at(step * i) for i in range(count)]
    if not extra:
        return tuple(ends)
    (x0, y0), (x1, y1) = ends[0], ends[1]
    return ((2 * x0 - x1, 2 * y0 - y1), *ends)


def arc_centres(
    play: Rect,
    shape: tuple[float, float],
    count: int,
    extra: bool,
    area: tuple[int, int],
    below: int,
    margin: int,
    lift: int,
) -> list[tuple[int, int]] | None:
    """Centres of ``count`` (+1) areas of size ``area`` on the arc, fitted so that the
    outermost touch the play area's margins (``below``: room under each area for its
    label; ``lift``: room above the top row for a lifted card)."""
    area_w, area_h = area
    left = play.left + margin + area_w / 2
    right = play.right - margin - area_w / 2
    top = play.top + margin + area_h / 2 + lift
    bottom = play.bottom - margin - below - area_h / 2
    if right - left < 1 or bottom - top < 1:
        return None
    unit_w, unit_h = _unit_extent(shape, count, extra)
    rx = (right - left) / unit_w
    ry = (bottom - top) / unit_h
    offsets = arc_points(rx, ry, *shape, count, extra)
    xs = [x for x, _ in offsets]
    ys = [y for _, y in offsets]
    # Spacing by distance changes the extents a little: map them onto the area again.
    min_x, max_y = min(xs), max(ys)
    sx = (right - left) / (max(xs) - min_x)
    sy = (bottom - top) / (max_y - min(ys))
    return [(round(left + (x - min_x) * sx), round(top + (max_y - y) * sy)) for x, y in offsets]


@lru_cache(maxsize=4 * len(SHAPES))
def _unit_extent(shape: tuple[float, float], count: int, extra: bool) -> tuple[float, float]:
    """The width and height of the points of the arc with radii 1."""
    unit = arc_points(1.0, 1.0, *shape, count, extra)
    xs = [x for x, _ in unit]
    ys = [y for _, y in unit]
    return max(xs) - min(xs), max(ys) - min(ys)


def inner_block(
    names: tuple[str, ...],
    card: tuple[int, int],
    label_h: int,
    gap: int,
    play: Rect,
    margin: int,
    apex_bottom: int,
) -> dict[str, Rect]:
    """Two rows of four cards centred inside the arc, below its top row."""
    card_w, card_h = card
    cell_h = card_h + label_h
    block_w = 4 * card_w + 3 * gap
    block_h = 2 * cell_h + gap
    block_top = apex_bottom + max(gap, (play.bottom - margin - apex_bottom - block_h) // 2)
    block_left = round(play.centerx - block_w / 2)
    rects = {}
    for index, name in enumerate(names):
        row, col = divmod(index, 4)
        rects[name] = Rect(
            block_left + col * (card_w + gap), block_top + row * (cell_h + gap), card_w, card_h
        )
    return rects


class Sizes(NamedTuple):
    """A table's sizes for one card width, in pixels (the arcs and the compact
    arrangements of game.table.compact use the same)."""

    card: tuple[int, int]
    label_h: int
    """Room under each slot for its label."""
    margin: int
    """Around the table (room for the selection glow and ring)."""
    lift: int
    """Above the top row, for a lifted card."""
    step: int
    """Stacked piles: each card under a pile's top card adds this to its edge."""
    fan: tuple[int, int, int]
    """Fanned piles: (face-up sliver, face-down sliver, widest fan)."""


def stack_sizes(card_w: int, play: Rect) -> Sizes:
    """The sizes of a table of stacked piles (their depth shown by edges under the top
    card) for cards ``card_w`` wide in ``play``."""
    card_h = round(card_w * CARD_ASPECT)
    return Sizes(
        card=(card_w, card_h),
        label_h=max(12, round(card_h * 0.16)),
        margin=max(6, card_w // 7),
        lift=card_h // 18 + card_w // 16,
        step=max(1, round(card_h * 0.012)),
        fan=(0, 0, 0),
    )


def fan_sizes(card_w: int, play: Rect) -> Sizes:
    """The sizes of a table of fanned piles (the cards under the top one as slivers to
    its left) for cards ``card_w`` wide in ``play``."""
    card_h = round(card_w * CARD_ASPECT)
    sliver = max(2, round(card_w * SLIVER))
    return Sizes(
        card=(card_w, card_h),
        label_h=max(8, round(card_h * 0.16)),
        margin=max(3, card_w // 7),
        lift=card_h // 18 + card_w // 16,
        step=0,
        fan=(sliver, max(1, round(card_w * BACK_SLIVER)), FAN_CARDS * sliver),
    )


Arranger = Callable[[int, Rect], Arrangement | None]
"""Where a table's slots go for a card width and a play area (None: no room)."""


def on_arcs(
    arrange: Callable[[int, Rect, tuple[float, float]], Arrangement | None],
) -> tuple[Arranger, ...]:
    """``arrange`` on each arc of :data:`SHAPES`, in that order."""

    def on(shape: tuple[float, float]) -> Arranger:
        def arranged(card_w: int, play: Rect) -> Arrangement | None:
            return arrange(card_w, play, shape)

        arranged.__qualname__ = f"{arrange.__name__}{shape}"
        return arranged

    return tuple(on(shape) for shape in SHAPES)


@dataclass(frozen=True)
class TablePlan:
    """What :func:`game.table.layout.compute_layout` needs of a game's table (a kind of the
    registry makes it: ``GameKind.table``)."""

    name: str
    """The kind's key (the caches of the table's pictures are kept per table)."""
    arcs: tuple[Arranger, ...]
    """The table on its arc, one arranger per shape of the arc (as :func:`on_arcs`
    makes them), in the order of preference."""
    compact: tuple[Arranger, ...]
    """Its compact arrangements (grids, a low arc: game.table.compact), for windows where
    the arc would make the cards small. A table has arcs, compact arrangements or both."""
    buttons: tuple[str, ...]
    """The buttons, left to right."""
    inner: tuple[str, ...]
    """The slots a message goes around (inside the arc; none: the middle of the table)."""

    def __post_init__(self) -> None:
        if not self.arcs and not self.compact:
            raise ValueError(f"{self.name}: a table needs at least one arrangement")
