"""Rectangles for repainting (used by TableView and its tiles)."""

from __future__ import annotations

import pygame

BLIT_ALIGN = 16
"""Repainted rectangles and slot tiles are whole multiples of this many pixels wide and
start on a multiple of 4 pixels.

SDL copies rows of 16-byte-aligned pixels with SSE streaming stores, which skip the
cache: on this project's machine 0.5 ns a pixel from a tile not in the cache, against
1.3 ns for other positions (plain memcpy) and 2.3 ns for aligned rows that end with a
partial 64-byte chunk (docs/performance.md)."""


def aligned(rect: pygame.Rect, limit: int | None = None) -> pygame.Rect:
    """``rect`` widened to start on a multiple of 4 pixels and to a multiple of
    :data:`BLIT_ALIGN` pixels wide (ending at most at ``limit``, the screen's width)."""
    left = max(0, rect.left - rect.left % 4)
    width = rect.right - left
    right = left + width + (-width) % BLIT_ALIGN
    if limit is not None:
        right = min(limit, right)
    return pygame.Rect(left, rect.top, max(0, right - left), rect.height)


def tidy(rects: list[pygame.Rect], screen: pygame.Rect) -> list[pygame.Rect]:
    """Clipped to the screen, widened to the blitter's good columns, without duplicates.

    Two rectangles become their union when it is no larger than the two together (a card
    that moved a little: its old and new places); distant ones stay apart, as the
    bounding box of two distant cells would cost far more than both.
    """
    tidy: list[pygame.Rect] = []
    for rect in rects:
        rect = aligned(rect.clip(screen), screen.width)
        if not (rect.width and rect.height):
            continue
        merged = True
        while merged:
            merged = False
            for index in rect.collidelistall(tidy):  # only overlapping ones can be cheaper
                other = tidy[index]
                union = aligned(rect.union(other), screen.width)
                if _area(union) <= _area(rect) + _area(other):
                    rect = union
                    del tidy[index]
                    merged = True
                    break
        tidy.append(rect)
    return tidy


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height
