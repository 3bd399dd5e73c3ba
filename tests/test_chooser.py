"""The title's game chooser with any number of games: its rows as the title counts them,
and each tile's picture (an arc, or a grid with a stock) drawn inside its tile."""

from __future__ import annotations

import pytest
from ui_helpers import pygame

from game.games.kind import GameKind, Picture
from game.look import theme
from game.look.sprites import CardArt
from game.scenes import chooser


def _never(*_args):
    raise AssertionError("a part of the probe is never asked for")


def _kind(number: int, picture: Picture) -> GameKind:
    return GameKind(
        f"probe-{number}",
        chr(ord("P") + number),
        f"Probe {number}",
        order=number,
        buttons=("menu",),
        inner=(),
        picture=picture,
        best_score=1,
        script=_never,
        rules=_never,
        board=_never,
        arrangement=_never,
        rules_text=_never,
        words=_never,
    )


@pytest.mark.parametrize("count", range(2, 9))
@pytest.mark.parametrize("width", [320, 480, 640, 800, 1080, 1280, 1920, 3840])
def test_the_tiles_take_the_rows_the_title_makes_room_for(count, width):
    unit = max(24, width // 24)
    height = chooser.height_for(unit, width, count)
    area = pygame.Rect(unit, 0, width - 2 * unit, height)
    kinds = [_kind(n, Picture(piles=12, inner=8)) for n in range(count)]
    rects = list(chooser.tiles(area, kinds, unit).values())
    rows = sorted({rect.top for rect in rects})
    assert len(rows) == -(-count // chooser.per_row(area.width, count, unit))
    assert all(area.contains(rect) for rect in rects), (count, width)
    assert all(rect.height >= unit * 2 for rect in rects)  # as tall as the title counted
    for index, rect in enumerate(rects):
        assert rect.collidelist(rects[index + 1 :]) == -1


@pytest.mark.parametrize(
    "picture",
    [
        Picture(piles=12, inner=8),
        Picture(16, 8, fan=3, backs=3, mark="4"),
        Picture(grid=(3, 3), stock=True),
    ],
    ids=["arc", "fanned arc", "grid and stock"],
)
@pytest.mark.parametrize("size", [(100, 60), (60, 100), (240, 90), (70, 56)])
def test_a_tiles_picture_never_leaves_its_tile(display, picture, size):
    surface = pygame.Surface((400, 400))
    surface.fill((1, 2, 3))
    tile = pygame.Rect((150, 150), size)
    kinds = [_kind(0, picture), _kind(1, Picture(piles=4))]
    other = pygame.Rect(10, 10, 120, 100)
    rects = {"game-probe-0": tile, "game-probe-1": other}
    cards = chooser.Cards(CardArt(), four_colour=False)
    chooser.draw(surface, rects, kinds, kinds[0], set(), {}, set(), theme.PALETTES["green"], cards)
    changed = [
        (x, y)
        for x in range(0, 400, 2)
        for y in range(0, 400, 2)
        if surface.get_at((x, y))[:3] != (1, 2, 3)
        and not tile.collidepoint(x, y)
        and not other.collidepoint(x, y)
    ]
    assert not changed, changed[:5]
    inside = surface.subsurface(tile.inflate(-4, -4))
    assert (
        len(
            {
                inside.get_at((x, y))[:3]
                for x in range(0, inside.get_width(), 3)
                for y in range(0, inside.get_height(), 3)
            }
        )
        > 2
    )
