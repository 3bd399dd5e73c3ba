"""The kiosk's attract screen as a passer-by meets it (issue 37, item 8): its "Touch
anywhere to play" reads at every phase of its pulse, and a touch that misses a tile
between two tiles deals no game. (That its tiles and buttons are where the menu has them
during a game: tests/test_title_steady.py.)"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from contrast_helpers import LEAST_CONTRAST, contrast
from ui_helpers import Driver, pygame

from game.records.kiosk import KioskConfig
from game.scenes.flow import Flow
from game.scenes.title import TitleScene

SIZES = [(800, 480), (1280, 720), (1920, 1080), (1080, 1920)]


def _attract(ctx, size):
    """A kiosk of every game, nobody playing: its attract screen in a window ``size``."""
    ctx.kiosk = KioskConfig()
    title = TitleScene(ctx, Flow(ctx))
    driver = Driver(title, size=size)
    driver.frames(1)
    assert title.attract and ctx.game is None
    return driver, title


def _invitation_colours(driver, title):
    """The background behind the invitation (its commonest pixel) and the text's colour
    as drawn (the pixel that stands out most from that background)."""
    place, _px = title.invite_place(title.column())
    place = place.clip(driver.screen.get_rect())
    raw = pygame.image.tobytes(driver.screen.subsurface(place), "RGB")
    seen = Counter(tuple(raw[i : i + 3]) for i in range(0, len(raw), 3))
    background = seen.most_common(1)[0][0]
    text = max(seen, key=lambda colour: contrast(colour, background))
    return background, text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_invitation_reads_at_every_phase_of_its_pulse(display, ctx, size):
    """Frames drawn at clock values across four seconds (the pulse's period is about
    two): the text's drawn colour keeps at least 4.5:1 against what is behind it."""
    driver, title = _attract(ctx, size)
    ratios = {}
    for step in range(80):
        title.time = step * 0.05
        driver.frames(1)
        background, text = _invitation_colours(driver, title)
        ratios[text] = contrast(text, background)
    assert len(ratios) >= 5, "the invitation does not pulse"
    worst = min(ratios, key=ratios.__getitem__)
    assert ratios[worst] >= LEAST_CONTRAST, f"{worst} at {ratios[worst]:.2f}:1 at {size}"


def _gaps(tiles: dict[str, pygame.Rect]) -> list[tuple[str, str, tuple[int, int]]]:
    """Each pair of neighbouring tiles (side by side, or one over the other) with the
    middle of the gap between them, where no tile is."""
    gaps = []
    rects = list(tiles.values())
    for (a, ra), (b, rb) in combinations(tiles.items(), 2):
        left, right = sorted((ra, rb), key=lambda r: r.left)
        top, under = sorted((ra, rb), key=lambda r: r.top)
        across = max(left.top, right.top), min(left.bottom, right.bottom)
        along = max(top.left, under.left), min(top.right, under.right)
        if right.left > left.right and across[1] > across[0]:
            gap = pygame.Rect(left.right, across[0], right.left - left.right, across[1] - across[0])
        elif under.top > top.bottom and along[1] > along[0]:
            gap = pygame.Rect(along[0], top.bottom, along[1] - along[0], under.top - top.bottom)
        else:
            continue
        if gap.collidelist(rects) < 0:  # no tile between them
            gaps.append((a, b, gap.center))
    return gaps


@pytest.mark.parametrize("how", ["finger", "mouse"])
@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_touch_between_two_tiles_does_nothing(display, ctx, size, how):
    driver, title = _attract(ctx, size)
    tiles = {key: rect for key, rect in title.button_rects().items() if key.startswith("game-")}
    gaps = _gaps(tiles)
    assert len(gaps) >= len(tiles) - 1
    chosen = ctx.kind
    for a, b, point in gaps:
        driver.hold(point, how, down=True)
        driver.hold(point, how, down=False)
        driver.frames(2)
        assert driver.scene is title, f"a touch between {a} and {b} at {point} left the title"
        assert ctx.kind is chosen and ctx.game is None and title.attract
    driver.touch((4, size[1] - 4))  # a corner, away from every tile and button: a game
    assert driver.scene is not title and ctx.game is not None
