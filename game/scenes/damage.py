"""Rectangles for repainting, and the new-game question's geometry (used by TableView)."""

from __future__ import annotations

import pygame

BLIT_ALIGN = 16
"""Rectangles are widened to a multiple of this many pixels: SDL's blitter has a path
that is about ten times slower for some other widths at some positions (measured:
270 us instead of 30 us for a 284 x 393 blit; see docs/performance.md)."""


def _aligned(rect: pygame.Rect, limit: int) -> pygame.Rect:
    """``rect`` widened on the right (or the left, at the edge) to a multiple of 16 pixels."""
    width = -(-rect.width // BLIT_ALIGN) * BLIT_ALIGN
    left = rect.left
    if left + width > limit:
        left = max(0, limit - width)
    return pygame.Rect(left, rect.top, min(width, limit), rect.height)


def tidy(rects: list[pygame.Rect], screen: pygame.Rect) -> list[pygame.Rect]:
    """Clipped to the screen, widened to the blitter's good widths, without duplicates
    (overlapping rectangles are repainted one after the other: a bounding box of two
    distant cells would cost far more)."""
    tidy: list[pygame.Rect] = []
    for rect in rects:
        rect = _aligned(rect.clip(screen), screen.width)
        if rect.width and rect.height and rect not in tidy:
            tidy.append(rect)
    return tidy


def confirm_buttons(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The Yes and No buttons of the new-game question."""
    box = confirm_box(size)
    unit = box.height // 4
    yes = pygame.Rect(0, 0, box.width * 2 // 5, unit)
    no = yes.copy()
    yes.bottomleft = (box.left + box.width // 15, box.bottom - unit // 2)
    no.bottomright = (box.right - box.width // 15, box.bottom - unit // 2)
    return yes, no


def confirm_box(size: tuple[int, int]) -> pygame.Rect:
    """The panel of the new-game question."""
    width, height = size
    box = pygame.Rect(0, 0, min(width - 40, max(520, width // 3)), max(200, height // 4))
    box.center = (width // 2, height // 2)
    return box
