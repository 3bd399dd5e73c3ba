"""A stack shows its depth legibly without Pile labels (issue 37, item 9): 8 cards and 2
under the same top card look different by more than a pixel-high band of stack edges.

Every kind whose board shows stacks (slots drawn with stack edges, found from the board's
looks of a deal, never by name) is drawn by the table's own tile painter, at the depths
its board gives for a stack of 2 and of 8 cards, the top card the same in both."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from kind_scripts import table
from ui_helpers import pygame

from game.look import ui

SIZES = [(800, 480), (1920, 1080)]
SHOTS = Path(__file__).resolve().parents[1] / "build" / "shots" / "pile-depth"


def _stacks(play):
    """The slots of the table drawn as stacks (with edges under the top card), with
    their depth now."""
    looks = play.board.looks(play.layout, play.ctx.settings, {})
    return {name: len(play.board.stack(name)) for name, look in looks.items() if look.edges}


def _drawn(play, name, depth, top):
    """The tile of slot ``name`` showing ``depth`` of its cards, ``top`` on them, and
    where in the tile the top card lies."""
    depths = len(play.board.stack(name))
    look = play.board.looks(play.layout, play.ctx.settings, {name: depths - depth})[name]
    look = dataclasses.replace(look, cards=top)
    tile, area = play.view.tiles.tile(play.layout, name, look, play.ctx.art)
    return tile, play.layout.slots[name].move(-area.left, -area.top)


def _difference(one: pygame.Surface, other: pygame.Surface) -> pygame.Rect:
    """The bounding box of the pixels that differ clearly (by more than 48 in a channel)."""
    a = pygame.image.tobytes(one, "RGB")
    b = pygame.image.tobytes(other, "RGB")
    width = one.get_width()
    xs, ys = [], []
    for i in range(0, len(a), 3):
        if max(abs(a[i + c] - b[i + c]) for c in range(3)) > 48:
            xs.append(i // 3 % width)
            ys.append(i // 3 // width)
    if not xs:
        return pygame.Rect(0, 0, 0, 0)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_stack_of_8_and_one_of_2_differ_legibly(display, ctx, kind, size):
    game = kind.from_code(kind.code(1))
    play = table(ctx, game, size).scene
    stacks = {name: depth for name, depth in _stacks(play).items() if depth >= 8}
    if not stacks:
        pytest.skip(f"{kind.key}: its board shows no stack of 8 cards")
    card_h = play.layout.card[1]
    legible = max(ui.SMALLEST_PX * 2 // 3, card_h // 12)
    for name in stacks:
        deep_look = play.board.looks(play.layout, ctx.settings, {name: stacks[name] - 8})[name]
        deep, card = _drawn(play, name, 8, deep_look.cards)
        shallow, _card = _drawn(play, name, 2, deep_look.cards)
        box = _difference(deep.subsurface(card), shallow.subsurface(card))
        # On the card, where the eye is, as tall as a small text's digits (or a twelfth
        # of the card): not a band of edges under it.
        assert box.height >= legible, (name, size, box, legible)
        if name == next(iter(stacks)):
            SHOTS.mkdir(parents=True, exist_ok=True)
            for depth, tile in ((8, deep), (2, shallow)):
                pygame.image.save(tile, SHOTS / f"{kind.key}-{size[0]}x{size[1]}-{depth}.png")
