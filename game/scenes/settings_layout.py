"""Where the Settings screen's parts go: its sections (a heading over a stack of
buttons, each with its explanation line) in one or more columns, the preview of the
cards on the table beside them, and Back at the bottom.

:func:`section_column` tries the largest button height first and, at each, one column,
then two, three, four: the first arrangement that shows every entry without scrolling
wins, its buttons at most a quarter smaller than the other menus' (or down to
:data:`LARGE_UNIT` in a big window). A window too small for
any keeps the menus' button height in one column (columns scrolling together would be
hard to follow), which scrolls, with the menus' scroll bar, between the title and Back.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, pairwise

import pygame

from ..look import ui
from ..look.fonts import font
from .menu import MIN_UNIT, Column, caption_size, common_px

Entry = tuple[str, str, str]
"""A button of a section: its key, its label and its explanation line ('' for none)
(translated)."""
Section = tuple[str, list[Entry]]
"""A heading (translated) and its buttons, top to bottom."""
MOST_COLUMNS = 4
LARGE_UNIT = 44
"""Buttons this tall are large: a big window's (a tall portrait one's) may shrink to it to
show every entry."""
CAPTION_PX = 11
"""The smallest an explanation line may be written at in a column."""


@dataclass(frozen=True)
class SectionColumn(Column):
    """A menu's geometry with its sections' headings and a preview."""

    headings: tuple[tuple[str, pygame.Rect], ...]
    """Each heading and its band, at scroll 0 (like :attr:`Column.rects`)."""
    firsts: dict[str, pygame.Rect]
    """The heading's band over each section's first button, at scroll 0."""
    preview: pygame.Rect
    """The preview's place (it does not scroll); empty: no room for one."""
    heading_px: int
    """One size for every heading."""


@dataclass(frozen=True)
class _Stacked:
    """Sections stacked in columns at scroll 0."""

    rects: dict[str, pygame.Rect]
    captions: dict[str, pygame.Rect]
    headings: tuple[tuple[str, pygame.Rect], ...]
    firsts: dict[str, pygame.Rect]
    height: int


def section_column(
    size: tuple[int, int], title: bool, sections: list[Section], back: tuple[str, str]
) -> SectionColumn:
    """The Settings screen's geometry for a window of ``size`` (``title``: it has one)."""
    width, height = size
    usual = max(MIN_UNIT, min(round(height * 0.075), round(width * 0.1)))
    for unit in range(usual, max(MIN_UNIT, min(usual * 3 // 4, LARGE_UNIT)) - 1, -1):
        for count in range(1, MOST_COLUMNS + 1):
            column = _arrange(size, title, sections, back, unit, count)
            if column is not None and column.max_scroll == 0:
                return column
    column = _arrange(size, title, sections, back, usual, 1, True)  # it scrolls: one column
    assert column is not None
    return column


def _arrange(
    size: tuple[int, int],
    title: bool,
    sections: list[Section],
    back: tuple[str, str],
    unit: int,
    count: int,
    forced: bool = False,
) -> SectionColumn | None:
    """The sections in ``count`` columns with buttons ``unit`` tall; None where their
    labels or explanations would not fit the columns' width (unless ``forced``)."""
    width, height = size
    margin, gap = max(6, unit // 3), max(4, unit // 4)
    title_rect = pygame.Rect(0, margin, width, round(unit * 1.5)) if title else None
    top = title_rect.bottom if title_rect is not None else margin
    side_w = max(unit * 3, min(unit * 6, width // 5))
    side = width > height and width >= 560
    room_w = width - 2 * margin - (side_w + unit if side else 0)
    labels = [label for _h, entries in sections for _k, label, _c in entries] + [back[1]]
    captions = [c for _h, entries in sections for _k, _l, c in entries if c]
    heading_h = max(14, round(unit * 0.6))
    caption_h = max(12, round(unit * 0.45))
    column_w = min(
        (room_w - (count - 1) * unit // 2) // count,
        max(  # as wide as the labels and the explanations like, like the other menus
            unit * 7,
            _widest(labels, max(10, int(unit * 0.42)), True) + unit,
            _widest(captions, caption_size(caption_h), False),
        ),
    )
    narrowest = _widest(labels, max(11, round(unit * 0.36)), True) + unit // 2
    if not forced and (narrowest > column_w or _widest(captions, CAPTION_PX, False) > column_w):
        return None
    column_w = max(column_w, unit * 3)
    band_h = 0 if side or height < 400 else min(round(unit * 2.2), height // 5)
    block_w = count * column_w + (count - 1) * (unit // 2) + (side_w + unit if side else 0)
    lefts = [(width - block_w) // 2 + index * (column_w + unit // 2) for index in range(count)]
    stacked = _stack(
        sections,
        _split(sections, count, unit, gap, heading_h, caption_h),
        lefts,
        column_w,
        (unit, gap, heading_h, caption_h),
    )
    room = height - margin - top
    block_h = band_h + gap + stacked.height + gap + unit
    header = pygame.Rect(0, top, width, band_h)
    if band_h > 0 and block_h < room:  # room to spare: a larger preview above the list
        grow = min(room - block_h, band_h)
        header.height, block_h = band_h + grow, block_h + grow
    if block_h <= room:  # it all fits: one block under the title, centred
        header.top += (room - block_h) // 2
        view = pygame.Rect(0, header.bottom + gap, width, stacked.height)
    else:  # Back along the bottom; the list scrolls between
        view = pygame.Rect(0, header.bottom + gap, width, 0)
        view.height = max(unit, height - margin - unit - gap - view.top)
    back_w = min(width - 2 * margin, max(column_w, unit * 5))
    pinned = {
        back[0]: pygame.Rect(
            (width - back_w) // 2,
            view.bottom + gap,
            back_w,
            unit,  # centred, as the title
        )
    }
    if side:
        preview = pygame.Rect(lefts[-1] + column_w + unit, view.top, side_w, side_w // 2)
        preview.height = min(preview.height, view.height)
    else:
        preview = pygame.Rect(0, 0, min(width - 2 * margin, header.height * 2), header.height)
        preview.center = header.center
    return SectionColumn(
        unit=unit,
        title=title_rect if title_rect is not None else pygame.Rect(0, 0, 0, 0),
        header=header,
        view=view,
        rects=stacked.rects,
        captions=stacked.captions,
        pinned=pinned,
        content_h=stacked.height,
        label_px=common_px(labels, unit, column_w),
        headings=stacked.headings,
        firsts=stacked.firsts,
        preview=preview,
        heading_px=min(
            [ui.fit_px(h, heading_h * 4 // 5, column_w, True) for h, _e in sections],
            default=heading_h,
        ),
    )


def _widest(texts: list[str], px: int, bold: bool) -> int:
    """The width of the widest of ``texts`` at ``px``."""
    return max((font(px, bold).size(ui.drawable(text))[0] for text in texts), default=0)


def _section_h(entries: list[Entry], unit: int, gap: int, heading_h: int, caption_h: int) -> int:
    """A section's height: its heading, its buttons and their lines."""
    lines = sum(caption_h + gap // 3 for _k, _l, caption in entries if caption)
    return heading_h + gap // 2 + len(entries) * (unit + gap) - gap + lines


def _split(
    sections: list[Section], count: int, unit: int, gap: int, heading_h: int, caption_h: int
) -> list[int]:
    """Where each column after the first starts (section indices): the split, in order,
    whose tallest column is the shortest."""
    heights = [_section_h(entries, unit, gap, heading_h, caption_h) for _h, entries in sections]
    count = min(count, len(sections))
    best: tuple[int, list[int]] | None = None
    for cuts in combinations(range(1, len(sections)), count - 1):
        bounds = [0, *cuts, len(sections)]
        tallest = max(sum(heights[a:b]) + (b - a - 1) * gap * 2 for a, b in pairwise(bounds))
        if best is None or tallest < best[0]:
            best = (tallest, list(cuts))
    return best[1] if best is not None else []


def _stack(
    sections: list[Section],
    cuts: list[int],
    lefts: list[int],
    column_w: int,
    sizes: tuple[int, int, int, int],
) -> _Stacked:
    """The sections stacked from the top of their columns (a new column at each cut)."""
    unit, gap, heading_h, caption_h = sizes
    rects: dict[str, pygame.Rect] = {}
    captions: dict[str, pygame.Rect] = {}
    headings: list[tuple[str, pygame.Rect]] = []
    firsts: dict[str, pygame.Rect] = {}
    column, y, height = 0, 0, 0
    for index, (heading, entries) in enumerate(sections):
        if index in cuts:
            column, y = column + 1, 0
        left = lefts[min(column, len(lefts) - 1)]
        band = pygame.Rect(left, y, column_w, heading_h)
        headings.append((heading, band))
        if entries:
            firsts[entries[0][0]] = band
        y += heading_h + gap // 2
        for key, _label, caption in entries:
            rects[key] = pygame.Rect(left, y, column_w, unit)
            y += unit
            if caption:
                captions[key] = pygame.Rect(left, y + gap // 3, column_w, caption_h)
                y += caption_h + gap // 3
            y += gap
        height = max(height, y - gap)
        y += gap
    return _Stacked(rects, captions, tuple(headings), firsts, height)
