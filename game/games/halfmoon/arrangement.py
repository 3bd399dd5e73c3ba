"""Half Moon's table (SPEC 4): piles 2 ... 12 at equal distances along the arc, pile 1
one step further down the left side, the reserve R1-R4 over R5-R8 inside; on a window
where the arc would make the cards small, a low arc (its cards at most
:data:`LOW_ARC_WIDEST` wide): piles 1 and 2 up the left side, 3 to
10 across the top, 11 and 12 down the right, the reserve inside in two rows of four."""

from __future__ import annotations

from pygame import Rect

from ...table.arcs import Arrangement, arc_centres, inner_block, on_arcs, stack_sizes
from ...table.compact import Cell, grid_arrangement
from .slots import PILES, RESERVE_SLOTS


def half_moon(card_w: int, play: Rect, shape: tuple[float, float]) -> Arrangement | None:
    """Half Moon's 12 piles and 8 reserve slots (None when the arc has no room)."""
    sizes = stack_sizes(card_w, play)
    card_h, step, label_h = sizes.card[1], sizes.step, sizes.label_h
    margin, lift = sizes.margin, sizes.lift
    area_h = card_h + 7 * step
    centres = arc_centres(play, shape, 11, True, (card_w, area_h), label_h, margin, lift)
    if centres is None:
        return None
    rects = {}
    for name, (x, y) in zip(PILES, centres, strict=True):
        rect = Rect(0, 0, card_w, card_h)
        rect.center = (x, y - 7 * step // 2)
        rects[name] = rect
    gap = max(margin, card_w // 6)
    apex_bottom = rects[PILES[6]].top + area_h + label_h
    rects.update(
        inner_block(
            RESERVE_SLOTS, (card_w, card_h), label_h + 7 * step, gap, play, margin, apex_bottom
        )
    )
    # Every slot keeps room for stack edges (the reserve's stays empty): labels line up.
    areas = {name: Rect(r.left, r.top, r.width, r.height + 7 * step) for name, r in rects.items()}
    return Arrangement(rects, areas, label_h, step, (0, 0, 0))


LOW_ARC_WIDEST = 104
"""The widest cards the low arc takes: wider ones are the arc's (SPEC 4: the low arc is
for short windows). Where the arc's cards are narrower than this and the low arc's
wider, the cards are this wide, so they never shrink as the window grows."""


def half_moon_low(card_w: int, play: Rect) -> Arrangement | None:
    """Half Moon on a low arc: two piles up each side, eight across the top (None: no
    room, or cards wider than :data:`LOW_ARC_WIDEST`)."""
    if card_w > LOW_ARC_WIDEST:
        return None
    cells: dict[str, Cell] = {PILES[0]: (0, 2), PILES[1]: (0, 1)}
    cells.update((name, (column, 0)) for column, name in enumerate(PILES[2:10]))
    cells.update({PILES[10]: (7, 1), PILES[11]: (7, 2)})
    for index, name in enumerate(RESERVE_SLOTS):
        row, column = divmod(index, 4)
        cells[name] = (2 + column, 1 + row)
    return grid_arrangement(cells, stack_sizes(card_w, play), play)


ARRANGEMENTS = (on_arcs(half_moon), (half_moon_low,))
"""Half Moon's arrangements: its arc in every shape, then the low arc."""
