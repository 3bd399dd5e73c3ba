"""The layout: a pure function of the window size; nothing overlaps, everything is on screen."""

import pytest

from game.layout import compute_layout
from game.rules import PILES, RESERVE_SLOTS

SIZES = [
    (800, 600),
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (1080, 1920),
    (720, 1280),
    (600, 800),
    (1280, 1024),
]


@pytest.mark.parametrize("size", SIZES)
def test_all_20_cards_the_bar_and_the_buttons_are_on_screen_and_never_overlap(size):
    layout = compute_layout(*size)
    screen = layout.bar.unionall(list(layout.slots.values()))
    assert set(layout.slots) == set(PILES) | set(RESERVE_SLOTS)
    assert screen.width <= size[0] and screen.height <= size[1]
    boxes = [r.union(layout.labels[n]) for n, r in layout.slots.items()]
    boxes += list(layout.buttons.values())
    for rect in boxes:
        assert rect.left >= 0 and rect.right <= size[0] and rect.top >= 0 and rect.bottom <= size[1]
    for i, rect in enumerate(boxes):
        assert rect.collidelist(boxes[i + 1 :]) == -1, (size, rect)
    for name, rect in layout.slots.items():
        assert not rect.union(layout.labels[name]).colliderect(layout.bar), name
    for rect in layout.buttons.values():
        assert layout.bar.contains(rect)


def test_cards_grow_with_the_window():
    widths = [
        compute_layout(w, h).card[0]
        for w, h in [(800, 600), (1280, 720), (1920, 1080), (3840, 2160)]
    ]
    assert widths == sorted(widths) and widths[-1] >= 3 * widths[0]
    assert compute_layout(1920, 1080).card[0] >= 120


def test_the_arc_runs_up_the_left_across_the_top_and_down_the_right():
    slots = compute_layout(1920, 1080).slots
    y = {n: slots[n].centery for n in PILES}
    x = {n: slots[n].centerx for n in PILES}
    assert y["1"] > y["2"] > y["3"] > y["4"]  # up the left side
    assert x["4"] < x["5"] < x["6"] < x["7"] < x["8"] < x["9"] < x["10"]  # across the top
    assert y["10"] < y["11"] < y["12"]  # down the right side
    assert min(y.values()) == y["7"]  # the apex in the middle
    reserve = {n: slots[n] for n in RESERVE_SLOTS}
    assert all(reserve[f"R{i}"].bottom < reserve[f"R{i + 4}"].top for i in range(1, 5))
    assert all(x["1"] < r.left and r.right < x["12"] for r in reserve.values())


def test_a_hit_test_finds_the_slot_under_a_point():
    layout = compute_layout(1280, 720)
    for name, rect in layout.slots.items():
        assert layout.hit_slot(rect.center) == name
    assert layout.hit_slot((2, 2)) is None
    assert layout.hit_button(layout.buttons["undo"].center) == "undo"
