"""The table's keyboard focus: the slot the arrow keys move to."""

from __future__ import annotations

import math

import pygame

from ..table.layout import Layout
from .boards import Board


def next_focus(
    board: Board, layout: Layout, focus: str | None, direction: tuple[int, int]
) -> str | None:
    """The slot the focus moves to from ``focus`` in ``direction``: the nearest playable
    one that way (across counts twice as much as along); ``focus`` where there is none;
    the first playable slot when there is no focus yet, or ``direction`` is (0, 0) (None
    when no slot is playable)."""
    playable = board.focus_slots()
    if not playable:
        return None
    if focus is None or focus not in playable or direction == (0, 0):
        return focus if focus in playable else playable[0]
    here = pygame.Vector2(board.top_rect(layout, focus).center)
    best, best_cost = None, math.inf
    for slot in playable:
        if slot == focus:
            continue
        delta = pygame.Vector2(board.top_rect(layout, slot).center) - here
        along = delta.x * direction[0] + delta.y * direction[1]
        if along <= 0:
            continue
        across = abs(delta.x * direction[1]) + abs(delta.y * direction[0])
        cost = along + 2 * across
        if cost < best_cost:
            best, best_cost = slot, cost
    return best if best is not None else focus
