"""Small screens and kiosk panels (issue 27): every game's cards as large as fit, at
least 56 px wide at 800x480 and 1024x600 and 44 px at 640x480, on a grid of windows
from 640x480 to 4K and portrait; no two slots overlap or leave the window."""

from __future__ import annotations

import pytest
from pygame import Rect

from game.table.layout import ROOMY, compute_layout

NARROWEST = {
    (640, 480): 44,
    (800, 480): 56,
    (1024, 600): 56,
    (1280, 800): 56,
    (1280, 720): 56,
    (1920, 1080): ROOMY,
    (3840, 2160): 2 * ROOMY,
    (1080, 1920): ROOMY,
    (480, 800): 44,
}
"""The narrowest card each window may show, in every game."""


@pytest.mark.parametrize("size", list(NARROWEST), ids=lambda s: f"{s[0]}x{s[1]}")
def test_cards_are_wide_enough_and_slots_stay_apart_inside_the_window(kind, size):
    layout = compute_layout(*size, kind.table)
    assert layout.size == size
    assert layout.card[0] >= NARROWEST[size], (kind.key, size, layout.card)
    window = Rect((0, 0), size)
    play = Rect(0, 0, size[0], layout.bar.top)
    cells = {name: area.union(layout.labels[name]) for name, area in layout.areas.items()}
    for name, cell in cells.items():
        assert play.contains(cell), (name, cell, play)
        assert cell.contains(layout.slots[name]), name
    names = list(cells)
    for index, name in enumerate(names):
        for other in names[index + 1 :]:
            assert not cells[name].colliderect(cells[other]), (name, other)
    for name, button in layout.buttons.items():
        assert window.contains(button) and layout.bar.contains(button), name
        assert button.collidelist(list(cells.values())) == -1, name
